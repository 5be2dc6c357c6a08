//! The AXF rule book's values (docs/rules.md §3, §5): its names, what counts as a chase, the
//! reading, the *(open)* choices and the AXF names of the labeller's articles. The conduct →
//! verdict table is in [`crate::rules::axf`], which re-exports all of this.

use super::{Article, ChasePolicy, Names, OpenChoice, OpenChoices, Reading};

use Article::*;

/// The names of the rule set.
pub const NAMES: Names = Names {
    short: "AXF",
    zh: "亚洲象棋联合会规则",
    en: "Asian Xiangqi Federation",
};

/// What counts as a chase under AXF: a capture threatened for the very next move (no series
/// of checks, no exchange gain: r13 D14–16, r38 D97–98, docs/rules.md §3), no 少根 (r35), the
/// general and soldiers may chase (r28, r29), and the pair rules r15, r19, r24, r27. A
/// chariot that a horse or cannon attacks is chased whatever its protection (r15, docs/rules.md
/// §4.6), so taking its protector away does not renew that chase.
pub const CHASE: ChasePolicy = ChasePolicy {
    general_chase_permitted: true,
    soldier_chase_permitted: true,
    soldier_chases_in_mutual_attack: false,
    minor_on_chariot_always_chases: true,
    horse_pinned_chariot_always_chased: true,
    cannon_confined_chariot_no_offer: true,
    same_kind_mutual_is_offer: true,
    same_kind_pair_is_exchange: false,
    insufficient_root_chases: false,
    series_and_exchange_forms: false,
    protection_renews_minor_on_chariot: false,
    novelty_of_the_win: false,
    false_root_by_mate: false,
    defensive_key_point: None,
    key_point_void_when_chasing_elsewhere: false,
    // docs/rules.md §8 have no AXF counterpart: the general may chase (r28), a
    // perpetual mate threat is allowed (r9), and a chase is judged on the target (docs/rules.md
    // §1.7). Today's behaviour is kept.
    general_step_out_of_check_is_idle: false,
    reply_threat_made_by_check_is_idle: false,
    root_chase_needs_complete_gain: false,
    mutual_attack: None,
    general_alone: AxfR28,
    soldier_alone: AxfR29,
    loses_elsewhere: None,
    capture_safety_checks: 5,
    mate_forced_checks: 0,
    losing_pair_capture_starts_no_mate: false,
};

/// AXF D53, D56 (docs/rules.md §3): a move counts by the label that makes the conduct forbidden.
pub const fn reading(open: &OpenChoices) -> Reading {
    Reading::Forbidden {
        check_that_chases_is_chase: open.axf_check_that_chases_is_chase,
    }
}

/// *(open)* AXF r19 (D39–41; the "D105" of other printings, docs/rules.md §7): attacking a
/// chariot pinned by a horse ranks above an ordinary chase
/// ([`OpenChoices::axf_pinned_chariot_ranked_above_chase`]).
pub const PINNED_CHARIOT_RANKED_ABOVE_CHASE: bool = true;

/// *(open)* docs/rules.md §5 (forbidden reading): a checking move that also renews
/// the chase of the piece every other move of the side chases counts as a chase
/// ([`OpenChoices::axf_check_that_chases_is_chase`]).
pub const CHECK_THAT_CHASES_IS_CHASE: bool = true;

/// The *(open)* choices of AXF.
pub const OPEN_CHOICES: &[OpenChoice] = &[
    OpenChoice {
        name: "axf_pinned_chariot_ranked_above_chase",
        default: PINNED_CHARIOT_RANKED_ABOVE_CHASE,
        articles: &[AxfR19],
        open_in: "docs/rules.md §7 (AXF r19; D105 is not in the English edition)",
    },
    OpenChoice {
        name: "axf_check_that_chases_is_chase",
        default: CHECK_THAT_CHASES_IS_CHASE,
        articles: &[],
        open_in: "docs/rules.md §5, §7 (the forbidden reading, AXF D53, D56)",
    },
];

/// The AXF article for what a label's CXA article says ([`super::RuleBook::label_article`]):
/// the terms of S1 (docs/rules.md §3) and the Appendix. Articles of rules that only CXA has, or
/// that are already AXF articles, stay as they are.
pub(super) fn label_article(a: Article) -> Article {
    match a {
        Cxa28_1 => AxfS1Check,
        Cxa28_2 => AxfS1MateThreat,
        Cxa28_3 | Cxa29_1 | Cxa29_3 | CxaXize3 | Cxa29_4 | CxaXize7 | Cxa29_4Xize7 => AxfS1Chase,
        Cxa28_5 | Cxa28_6 => AxfS1Offer,
        Cxa28_7 => AxfS1Block,
        // AXF has no "follow": such a move is idle (S1).
        Cxa28_8 | Cxa28_9 => AxfS1Idle,
        Cxa28_16 => AxfS1Protected,
        Cxa29_2Xize2 => AxfS1NewAttack,
        Cxa29_2Xize6 => AxfAppendixNonChase,
        other => other,
    }
}
