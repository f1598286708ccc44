//! How a regiment is deployed and what its Deploy orders change it to.
//! "Executing this card will allow the regiment to change its deployment.
//! This is limited to expanding or contracting the frontage of the
//! regiment or going into and out of Prepared to Receive Cavalry"
//! (Deployment); with the optional Skirmish Engagement, "regiments that
//! can use this type of attack are allowed to also deploy into and from
//! skirmish order" (Infantry), at "a frontage that is 50% greater than its
//! maximum, formed frontage" (Skirmish Engagements).

use super::*;

impl Deployment {
    pub const NAMES: [&'static str; 3] = ["formed", "prepared", "skirmish"];

    pub const fn name(self) -> &'static str {
        Deployment::NAMES[self as usize]
    }
}

impl Regiment {
    /// What `DEPLOY_TO[k]` takes this regiment to, if it may go there:
    /// Prepared to Receive Cavalry for infantry only, skirmish order for
    /// a regiment with skirmishers only.
    pub fn deploy_choice(&self, k: usize) -> Option<Deploy> {
        let formed = |frontage| Deploy {
            into: Deployment::Formed,
            frontage,
        };
        // Answered in the game loop: no error is built to say no.
        match DeployTo::ALL.get(k)? {
            DeployTo::Max => Some(formed(self.frontage_limits.max)),
            DeployTo::Min => Some(formed(self.frontage_limits.min)),
            // Back in formed order at the frontage the scenario gives it.
            DeployTo::Formed => Some(formed(self.frontage)),
            // "preparing infantry to receive cavalry": its frontage kept.
            DeployTo::Prepared => (self.arm == Arm::Infantry).then_some(Deploy {
                into: Deployment::Prepared,
                frontage: 0,
            }),
            DeployTo::Skirmish => self.skirmishers.then(|| Deploy {
                into: Deployment::Skirmish,
                frontage: self.skirmish_frontage(),
            }),
        }
    }

    /// The deployments of `DEPLOY_TO` (one bit each) a Deploy order
    /// would change this regiment to from `from` at frontage `width`:
    /// each it may take that changes its deployment or its frontage.
    /// Cavalry, with "no defined minimum width", is offered no `min`.
    pub fn deploy_choices(&self, from: Deployment, width: i32) -> u8 {
        (0..DEPLOY_TO.len())
            .filter(|&k| !(k == DeployTo::Min as usize && self.arm == Arm::Cavalry))
            .filter(|&k| {
                self.deploy_choice(k).is_some_and(|to| {
                    to.into != from || frontage_after(to, from, width, self.frontage) != width
                })
            })
            .fold(0u8, |m, k| m | 1 << k)
    }

    /// Its frontage in skirmish order: half as wide again as its widest
    /// formed frontage (rounded up to the tenth).
    pub fn skirmish_frontage(&self) -> i32 {
        (self.frontage_limits.max * 3 + 1) / 2
    }

    /// The Deploy orders of its plan, in turn (repeated as the plan is).
    pub fn deploys(&self) -> &[Deploy] {
        &self.deploys[..self.deploys_len as usize]
    }

    /// `skirmishers`, `deployment` (how it stands as the game opens) and
    /// `deploy_to` (what its Deploy orders change it to, in turn), read
    /// after its frontage.
    pub(super) fn read_deployment(&mut self, entry: &toml::Table, field: &str) -> Result<()> {
        self.skirmishers = match entry.get("skirmishers") {
            None => false,
            Some(toml::Value::Boolean(b)) if !*b || self.arm != Arm::Artillery => *b,
            Some(other) => {
                return Err(bad(
                    &format!("{field}skirmishers"),
                    other,
                    "true (light infantry or cavalry that may skirmish), false",
                ))
            }
        };
        let names = Deployment::NAMES.join(", ");
        let start = match name(entry, field, "deployment", &names)? {
            None => "formed",
            Some(text) if Deployment::NAMES.contains(&text) => text,
            Some(other) => return Err(bad(&format!("{field}deployment"), other, &names)),
        };
        self.deployment = self.deploy(start, &format!("{field}deployment"))?;
        if self.deployment.frontage == 0 {
            self.deployment.frontage = self.frontage;
        }
        let allowed = format!(
            "a list of 1 to {MAX_PLAN} of: max, min, formed, prepared, skirmish, or a frontage in inches within the regiment's limits"
        );
        let Some(value) = entry.get("deploy_to") else {
            return Ok(());
        };
        let at = format!("{field}deploy_to");
        let list = match value.as_array() {
            Some(list) if (1..=MAX_PLAN).contains(&list.len()) => list,
            _ => return Err(bad(&at, value, &allowed)),
        };
        for (k, item) in list.iter().enumerate() {
            self.deploys[k] = match item {
                toml::Value::String(text) => self.deploy(text, &at)?,
                toml::Value::Integer(_) | toml::Value::Float(_) => {
                    let inches = item
                        .as_float()
                        .unwrap_or_else(|| item.as_integer().unwrap_or(0) as f64);
                    self.formed_at(inches, &at)?
                }
                other => return Err(bad(&at, other, &allowed)),
            };
        }
        self.deploys_len = list.len() as u8;
        Ok(())
    }

    /// The deployment `text` names for this regiment (`at` its field).
    fn deploy(&self, text: &str, at: &str) -> Result<Deploy> {
        let Some(to) = DeployTo::parse(text) else {
            return Err(bad(
                at,
                text,
                "max, min, formed, prepared, skirmish, or a frontage in inches",
            ));
        };
        match (self.deploy_choice(to as usize), to) {
            (Some(deploy), _) => Ok(deploy),
            (None, DeployTo::Prepared) => Err(bad(at, text, "prepared for infantry only (\"preparing infantry to receive cavalry\")")),
            (None, _) => Err(bad(
                at,
                text,
                "skirmish only for a regiment with skirmishers = true (\"limited to specific units, usually light infantry and light cavalry regiments\")",
            )),
        }
    }

    /// Formed at a frontage of `inches`, within the regiment's limits.
    fn formed_at(&self, inches: f64, at: &str) -> Result<Deploy> {
        let tenths = (inches * 10.0).round();
        let Limits { min, max } = self.frontage_limits;
        if (inches * 10.0 - tenths).abs() > 1e-6 || !(min as f64..=max as f64).contains(&tenths) {
            return Err(bad(
                at,
                inches,
                &format!(
                    "a frontage from {} to {} inches, to a tenth: the regiment's limits",
                    min as f64 / 10.0,
                    max as f64 / 10.0
                ),
            ));
        }
        Ok(Deploy {
            into: Deployment::Formed,
            frontage: tenths as i32,
        })
    }
}
