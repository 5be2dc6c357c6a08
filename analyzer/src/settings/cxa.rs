//! The CXA rule books' values (docs/rules.md §3–§5, §8): the two editions ([`Edition`]), what
//! counts as a chase in each, the ranking of forbidden chases, the reading and the *(open)*
//! choices. The conduct → verdict table and the articles of a conduct are in
//! [`crate::rules::cxa`], which re-exports all of this.

use super::{Article, ChasePolicy, Names, OpenChoice, OpenChoices, Reading};

use Article::*;

/// One edition of the CXA rules: each difference between the editions (docs/rules.md §8, and
/// the reading of a one-sided perpetual check that 图6 shows) is a field here.
#[derive(Debug, Clone, Copy)]
pub struct Edition {
    /// Its names (`CXA 2011/2020`, `CXA 1999`).
    pub names: Names,
    /// What counts as a chase (the labeller switches of docs/rules.md §8 are fields of
    /// [`ChasePolicy`]).
    pub chase: ChasePolicy,
    /// A one-sided perpetual check loses at once (1999 24.1 "一方长将立即判负"), or, as the
    /// current edition's 图6 rules it ("红方必须变着"), the checker must change and loses if
    /// it plays the cycle once more (like any lone forbidden conduct, 1999 24.3).
    pub perpetual_check_loses_at_once: bool,
    /// The ranking of forbidden conduct when both sides chase perpetually (CXA2020 26.9,
    /// docs/rules.md §8): `None` where both forbidden is always a draw (1999 26.3, 细则8).
    pub ranking: Option<&'static Ranking>,
}

/// How a side chases perpetually, for the ranking of CXA2020 26.9 (docs/rules.md §8), from
/// the lowest rank (must change against any higher) up.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum ChaseRank {
    /// 长捉车: every chased piece is a chariot.
    ChariotOnly,
    /// 长捉无根子 (单子捉): every chase is by one piece, on pieces without a real root
    /// (unprotected or falsely protected) or won by a gaining exchange, not only chariots.
    Alone,
    /// 联合捉 or 少根: some chase is by several pieces on one target — several attackers,
    /// or an attacker helped by another piece of the chaser that holds the target's
    /// protector (pins it, so that the root is false: `CXA2020 图11`) — or some target is
    /// insufficiently protected (28.16), and not only chariots are chased.
    JointOrInsufficient,
}

impl ChaseRank {
    /// The Chinese term.
    pub const fn zh(self) -> &'static str {
        match self {
            ChaseRank::ChariotOnly => "长捉车",
            ChaseRank::Alone => "单子长捉无根子",
            ChaseRank::JointOrInsufficient => "联合捉或捉少根子",
        }
    }

    /// The English term.
    pub const fn en(self) -> &'static str {
        match self {
            ChaseRank::ChariotOnly => "chases only the chariot",
            ChaseRank::Alone => "chases unprotected pieces with one piece",
            ChaseRank::JointOrInsufficient => "chases jointly or an insufficiently protected piece",
        }
    }
}

/// One row of the ranking: a side whose perpetual chase ranks `lower` must change against a
/// side whose chase ranks `higher`, by `articles`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankRow {
    /// The rank of the side that must change.
    pub lower: ChaseRank,
    /// The rank of the side that may go on.
    pub higher: ChaseRank,
    /// The articles and figures of the row.
    pub articles: &'static [Article],
}

/// The ranking of forbidden conduct of an edition: its rows, and what two sides of the same
/// rank get (a draw) with its articles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ranking {
    /// The rows (a pair of ranks not listed is a draw).
    pub rows: &'static [RankRow],
    /// The articles of a draw between two perpetual chases of the same rank.
    pub same_rank: &'static [Article],
}

impl Ranking {
    /// The row for a side of rank `a` against a side of rank `b`, if `a` must change.
    pub fn row(&self, a: ChaseRank, b: ChaseRank) -> Option<&'static RankRow> {
        self.rows.iter().find(|r| r.lower == a && r.higher == b)
    }
}

/// CXA2020 26.9 (docs/rules.md §8): when both sides chase perpetually, the chariot-only chase
/// changes against any other (26.9.2 against a joint chase; 图10 against a chase by one piece
/// of an unprotected piece), the chase by one piece of unprotected pieces changes against a
/// joint or 少根 chase (26.9.3, 图11: a chariot helped by a cannon that pins the target's
/// protector is joint; 图26 shows a chariot-only chase against one); the same rank draws (图3).
pub const RANKING_2020: Ranking = Ranking {
    rows: &[
        RankRow {
            lower: ChaseRank::ChariotOnly,
            higher: ChaseRank::Alone,
            articles: &[Cxa2020_26_9, Cxa2020Fig10],
        },
        RankRow {
            lower: ChaseRank::ChariotOnly,
            higher: ChaseRank::JointOrInsufficient,
            articles: &[Cxa2020_26_9_2, Cxa2020Fig26],
        },
        RankRow {
            lower: ChaseRank::Alone,
            higher: ChaseRank::JointOrInsufficient,
            articles: &[Cxa2020_26_9_3, Cxa2020Fig11],
        },
    ],
    same_rank: &[Cxa2020_26_9, Cxa2020Fig3],
};

/// The current edition (2011, re-issued 2020; docs/rules.md §8): the 1999 chase rules but for
/// the switches of docs/rules.md §8 ([`CHASE_2020`]), the ranking of 26.9, and a
/// one-sided perpetual check that must change (图6).
pub const CXA2020: Edition = Edition {
    names: Names {
        short: "CXA 2011/2020",
        zh: "中国象棋协会规则（2011/2020年版）",
        en: "Chinese Xiangqi Association, 2011/2020 edition",
    },
    chase: CHASE_2020,
    perpetual_check_loses_at_once: false,
    ranking: Some(&RANKING_2020),
};

/// The 1999 edition (the seeds' text), ruling as qili's CXA rule book did before the
/// editions were told apart.
pub const CXA1999: Edition = Edition {
    names: Names {
        short: "CXA 1999",
        zh: "中国象棋协会规则（1999年版）",
        en: "Chinese Xiangqi Association, 1999 edition",
    },
    chase: CHASE,
    perpetual_check_loses_at_once: true,
    ranking: None,
};

/// What counts as a chase under CXA 1999: the forms of 29.1 (a capture through a series of
/// checks, a gaining exchange), 少根 (28.16), the general alone idle (27.1, 细则9), a soldier
/// alone idle outside mutual perpetual attack (27.2, 细则11); none of the AXF pair rules.
/// The switches of the current edition (docs/rules.md §8) have the 1999 text's values:
/// a general's step out of check and a reply to a check are labelled as any move, and a
/// root's chase is a chase (细则4); [`CHASE_2020`] has the current edition's.
pub const CHASE: ChasePolicy = ChasePolicy {
    general_chase_permitted: false,
    soldier_chase_permitted: false,
    soldier_chases_in_mutual_attack: true,
    minor_on_chariot_always_chases: false,
    horse_pinned_chariot_always_chased: false,
    cannon_confined_chariot_no_offer: false,
    same_kind_mutual_is_offer: false,
    same_kind_pair_is_exchange: true,
    insufficient_root_chases: true,
    series_and_exchange_forms: true,
    protection_renews_minor_on_chariot: true,
    novelty_of_the_win: true,
    false_root_by_mate: true,
    defensive_key_point: Some(&[Cxa27_3Xize13]),
    key_point_void_when_chasing_elsewhere: true,
    general_step_out_of_check_is_idle: false,
    reply_threat_made_by_check_is_idle: false,
    root_chase_needs_complete_gain: false,
    mutual_attack: Some(Cxa28_14),
    general_alone: Cxa27_1Xize9,
    soldier_alone: Cxa27_2Xize11,
    loses_elsewhere: Some(Cxa2020Fig23),
    capture_safety_checks: 5,
    mate_forced_checks: 7,
    losing_pair_capture_starts_no_mate: true,
};

/// What counts as a chase under the current edition (2011, re-issued 2020; docs/rules.md §8):
/// [`CHASE`] with the edition's switches of §2.2–§2.4 — a soldier's lone threat is idle in
/// mutual perpetual attack too (`CXA2020 图14`; decides 图14), a step of the general that answers
/// a check is idle (`CXA2020 26.1`; decides 图13 and 图18 ply 2), a reply to a check whose
/// mate threat only the check made is idle (`CXA2020 图13`; decides 图13 ply 2), a root that
/// chases at a loss is idle (`CXA2020 26.5`; decides none of the 31 figures: the roots of
/// 图21, 图22 and 图28 chase at no loss). [`CHASE`] keeps the 1999 text's values.
pub const CHASE_2020: ChasePolicy = ChasePolicy {
    soldier_chases_in_mutual_attack: false,
    soldier_alone: Cxa2020Fig14,
    general_step_out_of_check_is_idle: true,
    reply_threat_made_by_check_is_idle: true,
    root_chase_needs_complete_gain: true,
    defensive_key_point: Some(&[Cxa27_3Xize13, Cxa2020Fig18]),
    ..CHASE
};

/// CXA 27.4, 细则12: a move counts by its heaviest label (将 > 杀 > 捉 > the idle kinds).
pub const fn reading(_open: &OpenChoices) -> Reading {
    Reading::Heaviest
}

/// *(open)* CXA 27.3, 细则13 (docs/rules.md §3, §7): the defensive key point is applied only
/// in its plain case, a move that parries the opponent's mate threat and chases only advisors
/// or elephants ([`OpenChoices::key_point_plain_case_only`], where the reading is stated).
pub const KEY_POINT_PLAIN_CASE_ONLY: bool = true;

/// *(open)* CXA 29.2, 细则6 with 29.1: a target won through fewer checks than before is
/// chased anew ([`OpenChoices::threat_needing_fewer_checks_is_new`]).
pub const THREAT_NEEDING_FEWER_CHECKS_IS_NEW: bool = true;

/// The *(open)* choices of CXA.
pub const OPEN_CHOICES: &[OpenChoice] = &[
    OpenChoice {
        name: "key_point_plain_case_only",
        default: KEY_POINT_PLAIN_CASE_ONLY,
        articles: &[Cxa27_3Xize13],
        open_in:
            "docs/rules.md §3, §7 (detect only the plain case: a plain draw read as a parried mate threat)",
    },
    OpenChoice {
        name: "threat_needing_fewer_checks_is_new",
        default: THREAT_NEEDING_FEWER_CHECKS_IS_NEW,
        articles: &[Cxa29_1, Cxa29_2Xize6],
        open_in: "docs/rules.md §3, §7 (novelty of a chase through a series of checks)",
    },
];
