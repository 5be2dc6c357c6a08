//! What counts as a chase under each rule set: every CXA/AXF difference of RULES.md §5
//! that concerns single moves lives here, one field per difference, each citing its rule.
//!
//! AXF r17/r18 (a chariot on a protected cannon is not a chase, on an unprotected one it
//! is) need no field: that is the general rule of 29.3. The part of AXF r27 saying that a
//! chariot confined to a cannon's line "does not chase by moving along that line" follows
//! from legality (such a chariot can only capture along its line).

use crate::rules::RuleSet;

/// The chase rules of one rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChasePolicy {
    /// The rule set these rules come from.
    pub rules: RuleSet,
    /// The general may chase, alone or together with another piece: such a threat is never
    /// a forbidden chase. CXA: no — the general alone is idle (27.1, 细则9) but the general
    /// with another piece, or a piece using the general's power, does chase; AXF: yes (r28,
    /// D67–68, "the general may chase, alone or with another piece", read as a permission as
    /// the other AXF "may" rules are).
    pub general_chase_permitted: bool,
    /// Soldiers may chase: a threat by soldiers alone is never a forbidden chase. CXA: a
    /// soldier alone is idle except in mutual perpetual attack, 长打对长打 (27.2, 细则11);
    /// AXF: always permitted (r29, D69–70).
    pub soldier_chase_permitted: bool,
    /// A horse or cannon attacking a chariot chases even when the chariot is protected
    /// and the capture would lose material. CXA: no; AXF: yes (r15, D18–25; screen moves
    /// included, r26, D61–62).
    pub minor_on_chariot_always_chases: bool,
    /// A chariot held in place by a horse (horse-leg pin) is chased by any attack on it,
    /// whatever its protection. CXA: no; AXF: yes (r19, D39–41).
    pub horse_pinned_chariot_always_chased: bool,
    /// A chariot confined to a cannon's line (it screens the cannon from its general) and
    /// attacked by an opposing chariot is not in an offer (r24 does not apply): the attack
    /// chases it when it is unprotected, and protection in one of its positions breaks the
    /// perpetual chase as for any piece. CXA: no such rule; AXF: yes (r27, D63–66; by a
    /// horse or cannon it is chased whatever its protection, r15).
    pub cannon_confined_chariot_no_offer: bool,
    /// Two pieces of the same kind attacking each other, both able to capture: an offer,
    /// not a chase. CXA: no (the unprotected one is chased, 细则5); AXF: yes (r24, D51–55).
    pub same_kind_mutual_is_offer: bool,
    /// Several attackers against a protected piece (少根, more attackers than protectors)
    /// chase. CXA: yes (28.16, 29.3); AXF: no (r35, D86–89).
    pub insufficient_root_chases: bool,
    /// The forms of CXA 29.1 beyond the plain capture: a capture reached through a series
    /// of checks, and a protected piece won by an exchange (少根, a cheaper attacker, 细则3).
    /// CXA: yes; AXF: no — a chase is a capture threatened for the very next move, a threat
    /// that needs a check first is idle (r13 D14–16, r38 D97–98), and a piece with a real
    /// protector is not chased (AXF.md §1.7), except where a rule names the pair (r15, r19,
    /// r27).
    pub series_and_exchange_forms: bool,
}

impl ChasePolicy {
    /// The chase rules of `rules`.
    pub fn of(rules: RuleSet) -> ChasePolicy {
        let axf = rules == RuleSet::Axf;
        ChasePolicy {
            rules,
            general_chase_permitted: axf,
            soldier_chase_permitted: axf,
            cannon_confined_chariot_no_offer: axf,
            minor_on_chariot_always_chases: axf,
            horse_pinned_chariot_always_chased: axf,
            same_kind_mutual_is_offer: axf,
            insufficient_root_chases: !axf,
            series_and_exchange_forms: !axf,
        }
    }

    /// The citation for a threat by the general alone.
    pub fn general_alone_article(&self) -> &'static str {
        match self.rules {
            RuleSet::Cxa => "CXA 27.1, 细则9",
            RuleSet::Axf => "AXF r28 (D67–68)",
        }
    }

    /// The citation for a threat by soldiers alone.
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
/// Citation: a chariot confined by a cannon (AXF).
pub const AXF_CANNON_CONFINED_CHARIOT: &str = "AXF r27 (D63–66)";
/// Citation: same-kind pairs (AXF).
pub const AXF_SAME_KIND: &str = "AXF r24 (D51–55)";
/// Citation: a threat that needs a check first is idle (AXF).
pub const AXF_NEEDS_CHECK_FIRST: &str = "AXF r13 (D14–16), r38 (D97–98)";
/// Citation: a piece with a real protector is not chased (AXF).
pub const AXF_PROTECTED: &str = "AXF r17 (D29–31), r35 (D86–89)";
/// Citation: several attackers on a protected piece (AXF).
pub const AXF_SEVERAL_ATTACKERS: &str = "AXF r35 (D86–89)";
