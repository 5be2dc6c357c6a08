//! Verdicts (docs/rules.md §5): from both sides' conduct over a cycle to a result, a status and
//! the articles applied. The conduct → verdict table of each rule set is in its rule book
//! ([`crate::settings::cxa`], [`crate::settings::axf`]); this module holds the types and what both
//! share.

use qili_notation::{ByColor, Color};
use serde::{Deserialize, Serialize};

use crate::conduct::{Conduct, PieceRef};
use crate::settings::Settings;

pub use crate::settings::Article;

/// The result a ruling imposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Red wins.
    RedWins,
    /// Black wins.
    BlackWins,
    /// Draw.
    Draw,
    /// No ruling.
    None,
}

impl Outcome {
    /// Every outcome (worded by [`crate::terms::outcome`]).
    pub const ALL: [Outcome; 4] = [
        Outcome::RedWins,
        Outcome::BlackWins,
        Outcome::Draw,
        Outcome::None,
    ];

    /// The win of `color`.
    pub fn win(color: Color) -> Outcome {
        color.fold(Outcome::RedWins, Outcome::BlackWins)
    }

    /// The serialized name.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::RedWins => "red_wins",
            Outcome::BlackWins => "black_wins",
            Outcome::Draw => "draw",
            Outcome::None => "none",
        }
    }
}

/// Whether a ruling ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The result stands now.
    Final,
    /// The offender must change (变着); the result is what it incurs if it repeats the cycle.
    MustChange,
    /// No ruling.
    None,
}

impl Status {
    /// The serialized name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Final => "final",
            Status::MustChange => "must_change",
            Status::None => "none",
        }
    }
}

/// Why the verdict is what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Reason {
    /// One side checks perpetually, the other does not: the checker loses — at once where
    /// the rule set says so (CXA 24.1, 26.1), or, where a perpetual check is first a
    /// must-change (AXF r6 D1–3, r3), when the record shows the cycle played once more.
    OneSidedPerpetualCheck {
        /// The checking side.
        checker: Color,
        /// Whether the ruling became final because the record shows the cycle played once
        /// more after the checker had to change (AXF); always `false` where the checker
        /// loses at once (CXA).
        repeated: bool,
    },
    /// Both sides check perpetually: draw.
    MutualPerpetualCheck,
    /// Both sides' conduct is allowed: draw.
    BothAllowed,
    /// Both sides' conduct is forbidden (neither a one-sided perpetual check): draw.
    BothForbidden,
    /// Both sides chase perpetually, and the rule book ranks one side's chase lower
    /// (CXA2020 26.9): that side must change, and loses if it repeats the cycle once more.
    BothForbiddenRanked {
        /// The side whose chase ranks lower.
        offender: Color,
        /// The rank of its chase.
        rank: crate::settings::cxa::ChaseRank,
        /// The rank of the other side's chase.
        above: crate::settings::cxa::ChaseRank,
        /// Whether the record shows the cycle played once more after the threshold.
        repeated: bool,
    },
    /// One side's conduct is forbidden, the other's allowed: the offender must change, and
    /// loses if it repeats the cycle once more.
    ForbiddenVsAllowed {
        /// The side whose conduct is forbidden.
        offender: Color,
        /// Whether the record shows the cycle played once more after the threshold.
        repeated: bool,
    },
}

/// Where an *(open)* default of [`crate::OpenChoices`] decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "choice")]
pub enum OpenNote {
    /// CXA 27.3: an advisor/elephant chase stands because only the plain key-point case is
    /// detected (`key_point_plain_case_only`).
    KeyPointPlainCaseOnly {
        /// The chasing side.
        side: Color,
        /// The chased advisor or elephant.
        target: PieceRef,
    },
    /// CXA 27.3, 细则13: a move of a side that is not forbidden was idle only because it
    /// occupies a defensive key point in the plain case as the rule book reads "a plain
    /// draw" (it parries the opponent's mate threat, its threat on an advisor or elephant
    /// incidental: `key_point_plain_case_only`); counted as a chase, the side's conduct
    /// would have been forbidden.
    KeyPointPlainDraw {
        /// The side whose move it was.
        side: Color,
        /// The first of those moves.
        ply: usize,
    },
    /// AXF r19: attacking a chariot pinned by a horse ranks above an ordinary chase
    /// (`axf_pinned_chariot_ranked_above_chase`).
    PinnedChariotRankedAboveChase {
        /// The side attacking the pinned chariot.
        side: Color,
        /// The pinned chariot.
        target: PieceRef,
    },
    /// AXF forbidden reading: checking moves that also renew the chase of a piece every other
    /// move chases are counted as chases, which makes the side's conduct a perpetual chase
    /// (`axf_check_that_chases_is_chase`, docs/rules.md §5).
    CheckThatChasesIsChase {
        /// The chasing side.
        side: Color,
        /// The first of those checking moves.
        ply: usize,
    },
    /// docs/rules.md §3: an attack that stood before a move, when the mover could not carry it
    /// out (in check), was not counted as a new chase (`attack_is_the_baseline`).
    AttackIsTheBaseline {
        /// The side whose move it was.
        side: Color,
        /// The first of those moves.
        ply: usize,
    },
}

impl OpenNote {
    /// The name of the *(open)* default it reports (as in `open_choices` and the
    /// explanations).
    pub fn name(&self) -> &'static str {
        match self {
            OpenNote::KeyPointPlainCaseOnly { .. } | OpenNote::KeyPointPlainDraw { .. } => {
                "key_point_plain_case_only"
            }
            OpenNote::PinnedChariotRankedAboveChase { .. } => {
                "axf_pinned_chariot_ranked_above_chase"
            }
            OpenNote::CheckThatChasesIsChase { .. } => "axf_check_that_chases_is_chase",
            OpenNote::AttackIsTheBaseline { .. } => "attack_is_the_baseline",
        }
    }
}

/// The ruling on one cycle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The result it imposes (for `MustChange`: the result if the offender repeats).
    pub result: Outcome,
    /// Final or must-change.
    pub status: Status,
    /// Why.
    pub reason: Reason,
    /// Whether each side's conduct is forbidden under the rule set.
    pub forbidden: ByColor<bool>,
    /// The articles applied, verdict first, then the conduct and evidence articles.
    pub articles: Vec<Article>,
    /// Where an open default decided.
    pub open: Vec<OpenNote>,
}

/// Everything a verdict looks at.
#[derive(Debug, Clone)]
pub struct VerdictInput<'a> {
    /// Red's conduct.
    pub red: &'a Conduct,
    /// Black's conduct.
    pub black: &'a Conduct,
    /// How often the repeated position occurs in the cycle.
    pub occurrences: usize,
    /// Both sides attack in every move (长打对长打; the cycle context given to the labeller).
    pub mutual_perpetual_attack: bool,
    /// A soldier's threat was counted as a chase because of it (CXA 27.2, 细则11).
    pub soldier_chases: bool,
    /// Per side: chase evidence articles (AXF) and open-choice facts gathered from the moves.
    pub evidence: ByColor<SideEvidence>,
}

/// Facts about one side's chases that some rules look at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SideEvidence {
    /// Chased chariots that an enemy horse pins (AXF r19).
    pub horse_pinned_chariots: Vec<PieceRef>,
    /// Chase evidence articles of the rule set (e.g. `AXF r15 (D18–25)`).
    pub articles: Vec<Article>,
    /// The first ply at which a move of the side had an attack not counted as new only
    /// because the baseline is the attack itself (it answered a check; docs/rules.md §3).
    pub parried: Option<usize>,
    /// The first ply at which a move of the side was idle only because it occupies a
    /// defensive key point (CXA 27.3, 细则13: its chases dismissed), when every other move of
    /// the side attacks: counted as a chase, the move would have made the conduct forbidden.
    pub key_point: Option<usize>,
    /// The rank of the side's perpetual chase (CXA2020 26.9), where the rule book ranks
    /// forbidden chases and the side chases perpetually.
    pub chase_rank: Option<crate::settings::cxa::ChaseRank>,
}

impl VerdictInput<'_> {
    /// The conduct of `color`.
    pub fn conduct(&self, color: Color) -> &Conduct {
        color.fold(self.red, self.black)
    }
}

/// Rules on a cycle under `settings`.
pub fn rule(settings: &Settings, input: &VerdictInput<'_>) -> Verdict {
    let mut v = settings.book().verdict(input, threshold(settings));
    // The open baseline of novelty decided where a side that is not forbidden answered a
    // check with a move whose attack would otherwise have been a new chase.
    for c in Color::ALL {
        if let Some(ply) = input.evidence[c].parried {
            if !v.forbidden[c] {
                v.open.push(OpenNote::AttackIsTheBaseline { side: c, ply });
            }
        }
        // The reading of 27.3's plain draw decided where a side that is not forbidden
        // would have been with the move counted as a chase.
        if let Some(ply) = input.evidence[c].key_point {
            if !v.forbidden[c] {
                v.open.push(OpenNote::KeyPointPlainDraw { side: c, ply });
                let articles = settings.book().chase().defensive_key_point.unwrap_or(&[]);
                v.articles.extend(articles.iter().copied());
            }
        }
    }
    first_occurrences(&mut v.articles);
    v
}

/// Keeps each item once, where it first comes, in order (for a handful, as the articles of
/// a verdict: searching the kept ones is faster than building a set).
pub(crate) fn first_occurrences<T: PartialEq>(items: &mut Vec<T>) {
    let kept = first_occurrences_in(items);
    items.truncate(kept);
}

/// [`first_occurrences`] within a slice, of any list: the first occurrences moved to the
/// front in order, their count returned (the list is then cut to it).
pub(crate) fn first_occurrences_in<T: PartialEq>(items: &mut [T]) -> usize {
    let mut kept = 0;
    for i in 0..items.len() {
        if !items[..kept].contains(&items[i]) {
            items.swap(kept, i);
            kept += 1;
        }
    }
    kept
}

/// The forbidden-vs-allowed outcome shared by both rule sets: must change at the threshold,
/// loses when the record shows the cycle played once more.
pub(crate) fn must_change(
    offender: Color,
    input: &VerdictInput<'_>,
    threshold: usize,
) -> (Outcome, Status, Reason) {
    let repeated = input.occurrences > threshold;
    let status = if repeated {
        Status::Final
    } else {
        Status::MustChange
    };
    (
        Outcome::win(!offender),
        status,
        Reason::ForbiddenVsAllowed { offender, repeated },
    )
}

/// The effective threshold (at least 2: a cycle needs two occurrences).
pub fn threshold(settings: &Settings) -> usize {
    (settings.repetitions as usize).max(2)
}

#[cfg(test)]
mod tests;
