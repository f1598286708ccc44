//! An experiment of a suite judged on its own (`check DIR --each`), as
//! the check of its file alone judges it: Holm over its own tests, its own
//! alarm confirmed on the fresh seed.

use super::CheckRow;
use crate::error::Result;
use crate::outcome::Outcome;

/// A verdict as `--json` names it.
pub(super) fn status(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Success => "unchanged",
        Outcome::BalanceMoved => "moved",
        Outcome::BadInput => "error",
    }
}

/// An experiment judged on its own (`check --each`), exactly as `check
/// FILE` judges it: Holm over its own tests, so a change too small to
/// stand out among the suite's many tests can still move it.
pub(super) struct Alone {
    pub(super) tests: usize,
    pub(super) moved: usize,
    pub(super) smallest: f64,
    /// The fresh seed its own alarm was confirmed on.
    confirmed_on: Option<u64>,
}

impl Alone {
    /// Judges an experiment's first-run tests `raw` on their own at
    /// `alpha`; when they alarm, `confirm` (none under --no-confirm) gives
    /// the fresh seed and the tests of both runs pooled, judged again.
    pub(super) fn judge(
        raw: Vec<CheckRow>,
        alpha: f64,
        confirm: Option<impl FnOnce() -> Result<(u64, Vec<CheckRow>)>>,
    ) -> Result<Alone> {
        let mut rows = raw;
        super::adjust(&mut rows, alpha);
        // The family is the first run's, as the check of its file states it.
        let tests = super::family(&rows);
        let mut confirmed_on = None;
        if let Some(confirm) = confirm.filter(|_| rows.iter().any(|r| r.moved)) {
            let (seed, pooled) = confirm()?;
            rows = pooled;
            super::adjust(&mut rows, alpha);
            confirmed_on = Some(seed);
        }
        Ok(Alone {
            tests,
            moved: rows.iter().filter(|r| r.moved).count(),
            smallest: rows.iter().map(|r| r.adjusted).fold(f64::NAN, f64::min),
            confirmed_on,
        })
    }

    pub(super) fn outcome(&self) -> Outcome {
        match self.moved {
            0 => Outcome::Success,
            _ => Outcome::BalanceMoved,
        }
    }

    pub(super) fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "status": status(self.outcome()),
            "family": self.tests,
            "moved": self.moved,
            "smallest_holm_p": self.smallest,
            "confirmed_on_seed": self.confirmed_on,
        })
    }

    pub(super) fn text(&self) -> String {
        let confirmed = self
            .confirmed_on
            .map(|seed| format!(", confirmed on fresh seed {seed}"))
            .unwrap_or_default();
        let verdict = match self.moved {
            0 => "unchanged".to_string(),
            moved => format!("MOVED, {moved} series"),
        };
        format!(
            "on its own (Holm over its {} tests): {verdict}, smallest Holm p {}{confirmed}\n",
            self.tests,
            holm_text(self.smallest)
        )
    }
}

/// A smallest Holm p as the tables print it: `-` when nothing was tested.
pub(super) fn holm_text(p: f64) -> String {
    match p.is_nan() {
        true => "-".into(),
        false => format!("{p:.4}"),
    }
}
