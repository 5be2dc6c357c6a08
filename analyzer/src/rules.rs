//! Rule sets and analysis settings. Every *(open)* choice of RULES.md lives here, in
//! [`OpenChoices`], so that it is made in one place and can be cited in explanations.

use serde::{Deserialize, Serialize};

/// Which repetition rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    /// Chinese Xiangqi Association competition rules (第24–29条, 棋例细则). The default.
    #[default]
    Cxa,
    /// Asian Xiangqi Federation rules (used by the WXF).
    Axf,
}

impl RuleSet {
    /// `cxa` or `axf`.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleSet::Cxa => "cxa",
            RuleSet::Axf => "axf",
        }
    }
}

impl std::str::FromStr for RuleSet {
    type Err = String;
    fn from_str(s: &str) -> Result<RuleSet, String> {
        match s.to_ascii_lowercase().as_str() {
            "cxa" => Ok(RuleSet::Cxa),
            "axf" | "wxf" => Ok(RuleSet::Axf),
            _ => Err(format!("unknown rule set {s:?}: expected cxa or axf")),
        }
    }
}

impl std::fmt::Display for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The defaults RULES.md fixes where the sources are open. One place, cited by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct OpenChoices {
    /// CXA 27.3: detect only the plain case of a defensive key point (advisor/elephant
    /// target and a known theoretical draw); otherwise report the chase and flag the
    /// exception as possibly applicable.
    pub key_point_plain_case_only: bool,
    /// AXF r19 (D39–41, D105): rank attacks on a chariot pinned by a horse above ordinary chases.
    pub axf_pinned_chariot_ranked_above_chase: bool,
    /// CXA 29.2 / 细则6 (novelty of a chase through a series of checks, CXA 29.1): a target
    /// that could already be won before the move, but only through a longer series of checks
    /// than now (e.g. a checking move that itself starts the series), is chased anew: the
    /// move made the threat more immediate. With `false`, any earlier series threat on the
    /// target makes the chase "not new" (从捉到捉). A direct threat is judged per (attacker,
    /// target) pair instead (RULES.md §3).
    pub threat_needing_fewer_checks_is_new: bool,
    /// RULES.md §3 (novelty, both rule sets): the baseline is the attack itself, not whether
    /// it could be carried out. An attack that stood before the move stood even if the mover
    /// was then in check and could not capture: a move that parries a check (a king step, a
    /// block) chases only through an attack it opens itself. With `false`, an attack that
    /// only becomes executable because the check is gone is a new chase.
    pub attack_is_the_baseline: bool,
    /// RULES.md §5, AXF.md §4.1 (AXF forbidden reading): a checking move that also renews
    /// the chase of a piece that every other move of the side chases counts as a chase, so
    /// the side perpetually chases that piece (unless every move checks: r6). With `false`
    /// it counts as a check, and the cycle is r12's "checks and one chase" (allowed).
    pub axf_check_that_chases_is_chase: bool,
}

impl Default for OpenChoices {
    fn default() -> OpenChoices {
        OpenChoices {
            key_point_plain_case_only: true,
            axf_pinned_chariot_ranked_above_chase: true,
            threat_needing_fewer_checks_is_new: true,
            attack_is_the_baseline: true,
            axf_check_that_chases_is_chase: true,
        }
    }
}

/// How the label that decides a move's part in the conduct is chosen when the move has
/// several (RULES.md §3, §5): the one place that knows it differs between the rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reading {
    /// CXA 27.4, 细则12: the heaviest label (将 > 杀 > 捉 > the idle kinds).
    #[default]
    Heaviest,
    /// AXF D53, D56 (AXF.md §1.11): the label that makes the conduct forbidden — a mate
    /// threat that also chases counts as a chase; a check that also renews the chase of a
    /// piece every other move chases counts as a chase when `check_that_chases_is_chase`.
    Forbidden {
        /// [`OpenChoices::axf_check_that_chases_is_chase`].
        check_that_chases_is_chase: bool,
    },
}

impl Reading {
    /// The reading of `settings`' rule set.
    pub fn of(settings: &Settings) -> Reading {
        match settings.rules {
            RuleSet::Cxa => Reading::Heaviest,
            RuleSet::Axf => Reading::Forbidden {
                check_that_chases_is_chase: settings.open.axf_check_that_chases_is_chase,
            },
        }
    }
}

/// Settings of an analysis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The rule set.
    pub rules: RuleSet,
    /// Occurrence count at which a ruling is in force (RULES.md §1; default 3).
    pub repetitions: u32,
    /// Natural move limit in moves (回合) without a capture (default 60).
    pub natural_limit: u32,
    /// Checks by the claimant count for at most this many moves (default 10).
    pub natural_limit_check_cap: u32,
    /// Mate-threat search: at most this many checking moves of the mover (default 4).
    pub mate_depth: u32,
    /// The *(open)* defaults.
    pub open: OpenChoices,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            rules: RuleSet::Cxa,
            repetitions: 3,
            natural_limit: 60,
            natural_limit_check_cap: 10,
            mate_depth: 4,
            open: OpenChoices::default(),
        }
    }
}
