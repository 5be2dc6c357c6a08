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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenChoices {
    /// CXA 27.3: detect only the plain case of a defensive key point (advisor/elephant
    /// target and a known theoretical draw); otherwise report the chase and flag the
    /// exception as possibly applicable.
    pub key_point_plain_case_only: bool,
    /// AXF r19 (D39–41, D105): rank attacks on a chariot pinned by a horse above ordinary chases.
    pub axf_pinned_chariot_ranked_above_chase: bool,
    /// CXA 29.2 / 细则6 (novelty of a chase): a target that could already be won before the
    /// move, but only through a longer series of checks than now (e.g. before only by
    /// checks, now directly; or a checking move that itself starts the series), is chased
    /// anew: the move made the threat more immediate. With `false`, any earlier threat on
    /// the target, however reached, makes the chase "not new" (从捉到捉).
    pub threat_needing_fewer_checks_is_new: bool,
}

impl Default for OpenChoices {
    fn default() -> OpenChoices {
        OpenChoices {
            key_point_plain_case_only: true,
            axf_pinned_chariot_ranked_above_chase: true,
            threat_needing_fewer_checks_is_new: true,
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
