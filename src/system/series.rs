//! What a game contributes to: the series a summary row and a game-level
//! interval share.

use crate::stats::{Kind, SummaryRow};

/// A statistic a game contributes to: the summary row it matches
/// (metric, seat, by, level) and whether it is a rate or a mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Series {
    pub metric: &'static str,
    pub kind: Kind,
    pub seat: &'static str,
    pub by: &'static str,
    pub level: &'static str,
}

impl Series {
    pub const fn rate(metric: &'static str, seat: &'static str) -> Series {
        Series {
            metric,
            kind: Kind::Rate,
            seat,
            by: "none",
            level: "",
        }
    }

    pub const fn mean(metric: &'static str, seat: &'static str) -> Series {
        Series {
            metric,
            kind: Kind::Mean,
            seat,
            by: "none",
            level: "",
        }
    }

    pub const fn by(mut self, by: &'static str, level: &'static str) -> Series {
        self.by = by;
        self.level = level;
        self
    }

    /// `initiative a`, `bet_succeeded a (bet big)`.
    pub fn label(&self) -> String {
        if self.by == "none" {
            format!("{} {}", self.metric, self.seat)
        } else {
            format!("{} {} ({} {})", self.metric, self.seat, self.by, self.level)
        }
    }

    pub fn matches(&self, row: &SummaryRow) -> bool {
        row.metric == self.metric
            && row.seat == self.seat
            && row.by == self.by
            && row.level == self.level
    }
}
