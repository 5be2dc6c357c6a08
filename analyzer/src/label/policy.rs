//! What counts as a chase under each rule set: every CXA/AXF difference of RULES.md §5
//! that concerns single moves lives here, one field per difference, each citing its rule.
//!
//! Two AXF rules need no field because the legal-move analysis already gives them:
//! r17/r18 (a chariot on a protected cannon is not a chase, on an unprotected one it is)
//! is the general rule of 29.3; r27 (a chariot confined to a cannon's line) follows from
//! legality — such a chariot can only capture along its line, so it "does not chase by
//! moving along that line", while attacks on it are judged by r15 (horse or cannon: always
//! a chase) and by r24 (a chariot: a chase when it is unprotected, since the confined
//! chariot cannot capture back).

use crate::rules::RuleSet;

/// The chase rules of one rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChasePolicy {
    /// The rule set these rules come from.
    pub rules: RuleSet,
    /// A threat made by the general alone is idle; together with another piece, or with
    /// a piece using the general's power, it chases (CXA 27.1, 细则9). Under AXF the general
    /// may chase, alone or with another piece (r28, D67–68): see `general_and_soldier_permitted`.
    pub general_alone_is_idle: bool,
    /// A threat made by soldiers alone is idle, except in mutual perpetual attack
    /// (长打对长打), where it chases (CXA 27.2, 细则11).
    pub soldier_chases_in_mutual_attack: bool,
    /// The general and soldiers may chase (AXF r28, D67–68; r29, D69–70): a threat counts
    /// only when a piece other than the general or a soldier starts a winning line.
    pub general_and_soldier_permitted: bool,
    /// A horse or cannon attacking a chariot chases even when the chariot is protected
    /// and the capture would lose material. CXA: no; AXF: yes (r15, D18–25; screen moves
    /// included, r26, D61–62).
    pub minor_on_chariot_always_chases: bool,
    /// A chariot held in place by a horse (horse-leg pin) is chased by any attack on it,
    /// whatever its protection. CXA: no; AXF: yes (r19, D39–41).
    pub horse_pinned_chariot_always_chased: bool,
    /// Two pieces of the same kind attacking each other, both able to capture: an offer,
    /// not a chase. CXA: no (the unprotected one is chased, 细则5); AXF: yes (r24, D51–55).
    pub same_kind_mutual_is_offer: bool,
    /// Several attackers against a protected piece (少根, more attackers than protectors)
    /// chase. CXA: yes (28.16, 29.3); AXF: no (r35, D86–89).
    pub insufficient_root_chases: bool,
}

impl ChasePolicy {
    /// The chase rules of `rules`.
    pub fn of(rules: RuleSet) -> ChasePolicy {
        let axf = rules == RuleSet::Axf;
        ChasePolicy {
            rules,
            general_alone_is_idle: true,
            soldier_chases_in_mutual_attack: !axf,
            general_and_soldier_permitted: axf,
            minor_on_chariot_always_chases: axf,
            horse_pinned_chariot_always_chased: axf,
            same_kind_mutual_is_offer: axf,
            insufficient_root_chases: !axf,
        }
    }

    /// The citation for the general's part in a threat.
    pub fn general_alone_article(&self) -> &'static str {
        match self.rules {
            RuleSet::Cxa => "CXA 27.1, 细则9",
            RuleSet::Axf => "AXF r28 (D67–68)",
        }
    }

    /// The citation for a soldier's part in a threat.
    pub fn soldier_alone_article(&self) -> &'static str {
        match self.rules {
            RuleSet::Cxa => "CXA 27.2, 细则11",
            RuleSet::Axf => "AXF r29 (D69–70)",
        }
    }
}

/// Citation: a horse or cannon on a protected chariot (AXF).
pub const AXF_MINOR_ON_CHARIOT: &str = "AXF r15 (D18–25), r26 (D61–62)";
/// Citation: a chariot pinned by a horse (AXF).
pub const AXF_HORSE_PINNED_CHARIOT: &str = "AXF r19 (D39–41)";
/// Citation: same-kind pairs (AXF).
pub const AXF_SAME_KIND: &str = "AXF r24 (D51–55)";
/// Citation: several attackers on a protected piece (AXF).
pub const AXF_SEVERAL_ATTACKERS: &str = "AXF r35 (D86–89)";
