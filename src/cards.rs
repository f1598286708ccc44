//! `fortunes cards`: what each card is worth. For every kind of card,
//! chit or event the base's decks and cups hold (`System::card_kinds`),
//! one fewer and one more of it, each played on the base's games, so its
//! effect on a metric is a paired difference; ranked as `sensitivity`
//! ranks rules ("restricted play" from the balancing literature). With
//! `--keep-size FILLER`, each step is balanced by the opposite step of
//! the filler kind, so the deck keeps its size and the question becomes
//! "this card instead of a FILLER".

use crate::error::{Error, ErrorKind, Result};
use crate::experiment::Experiment;
use crate::sensitivity::{of_steps, Change, Refused};
use crate::system::{CardKind, Variant};

/// The kinds of `base`'s reference variant, or an error naming the
/// systems that have some.
pub fn kinds_of(base: &Experiment) -> Result<Vec<CardKind>> {
    let system = base.system;
    let kinds = system.card_kinds(&base.variants[base.reference]);
    if kinds.is_empty() {
        let with: Vec<&str> = crate::systems::SYSTEMS
            .iter()
            .filter(|s| {
                !s.card_kinds(&s.default_variant(s.default_players()))
                    .is_empty()
            })
            .map(|s| s.name())
            .collect();
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "{} has no card kind to count: its rules fix its deck; allowed: {}",
            system.name(),
            with.join(", ")
        ))));
    }
    Ok(kinds)
}

/// The named kind, or an error listing the kinds.
fn find<'k>(kinds: &'k [CardKind], name: &str, flag: &str) -> Result<&'k CardKind> {
    kinds.iter().find(|k| k.name == name).ok_or_else(|| {
        let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
        Error::new(ErrorKind::BadArgument(format!(
            "{flag} {name}: no such card kind here; allowed: {}",
            names.join(", ")
        )))
    })
}

/// The base's reference variant and, for each kind (`only` limits them,
/// when not empty), one variant with one fewer and one with one more;
/// with a `filler`, each step takes the opposite step of the filler. An
/// experiment whose reference is the base, its changes, and the steps the
/// rules refuse (with why).
pub fn one_more_or_fewer(
    base: &Experiment,
    only: &[String],
    filler: Option<&str>,
) -> Result<(Experiment, Vec<Change>, Vec<Refused>)> {
    let system = base.system;
    let kinds = kinds_of(base)?;
    for name in only {
        find(&kinds, name, "--kind")?;
    }
    let filler = filler
        .map(|name| find(&kinds, name, "--keep-size"))
        .transpose()?;
    if let Some(filler) = filler.filter(|f| only.contains(&f.name)) {
        return Err(Error::new(ErrorKind::BadArgument(format!(
            "--kind {0} --keep-size {0}: the filler cannot also be the kind moved; allowed: another --keep-size",
            filler.name
        ))));
    }
    let reference = &base.variants[base.reference];
    let mut variants = vec![Variant {
        label: "base".into(),
        axes: vec!["base".into()],
        ..reference.clone()
    }];
    let (mut changes, mut refused) = (Vec::new(), Vec::new());
    for kind in &kinds {
        if Some(kind) == filler || !(only.is_empty() || only.contains(&kind.name)) {
            continue;
        }
        for by in [-1, 1] {
            let mut value = (kind.count + by).to_string();
            if let Some(filler) = filler {
                value.push_str(&format!(", {} = {}", filler.name, filler.count - by));
            }
            let change = Change {
                param: kind.name.clone(),
                value,
            };
            let moved = kind
                .moved(reference, by)
                .and_then(|v| match filler {
                    Some(filler) => filler.moved(&v, -by),
                    None => Ok(v),
                })
                .and_then(|v| system.check(&v).map(|()| v));
            match moved {
                Ok(mut variant) => {
                    variant.label = format!("{}={}", kind.name, kind.count + by);
                    if let Some(filler) = filler {
                        variant.label += &format!(",{}={}", filler.name, filler.count - by);
                    }
                    variant.axes = vec![variant.label.clone()];
                    variants.push(variant);
                    changes.push(change);
                }
                Err(error) => refused.push(Refused {
                    change,
                    reason: error.to_string(),
                }),
            }
        }
    }
    let description = match filler {
        None => format!(
            "{}: one card fewer and one more of each kind, on the same games",
            system.name()
        ),
        Some(filler) => format!(
            "{}: one card fewer and one more of each kind, for or instead of a {}, on the same games",
            system.name(),
            filler.name
        ),
    };
    Ok((
        of_steps(base, variants, "cards", description),
        changes,
        refused,
    ))
}
