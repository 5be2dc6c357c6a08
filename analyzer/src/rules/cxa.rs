//! The CXA rule books: the Chinese Xiangqi Association competition rules (第24–29条, 棋例细则;
//! docs/rules.md §3–§5) in two editions, the current one (2011, re-issued 2020: docs/rules.md §8) and the
//! 1999 text of the seeds. Everything in which CXA differs from AXF is here, and everything in
//! which the editions differ is a field of [`Edition`] (the one place a third edition would
//! change).
//!
//! Citations: the labeller and the 1999 edition cite the 1999 articles (`CXA1999 24.3`). The
//! current edition cites its own number where docs/rules.md §8 quotes it (`CXA2020 26.9.2`) and its
//! figures for what they show (`CXA2020 图26`); for a rule it keeps from 1999 whose 2011/2020
//! number is not known here, it cites the 1999 article (`CXA1999 26.3`, continued in the 2011
//! edition): a 2020 number is never guessed (docs/rules.md, "Citations").

use qili_notation::{ByColor, Color, Role};

use super::{Article, ChasePolicy, Names, OpenChoice, OpenChoices, Reading};
use crate::conduct::{Conduct, ConductKind};
use crate::label::{Chase, Root};
use crate::protection::ProtectorStatus;
use crate::verdict::{
    must_change, OpenNote, Outcome, Reason, SideEvidence, Status, Verdict, VerdictInput,
};

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
    /// The rank of a side's perpetual chase from its counted chases: `targets` the roles of
    /// the chased pieces, `chases` the chases of its counted chasing moves on them (the
    /// judge gives the pieces chased on every move and their chases where there are any,
    /// else every chased piece: `CXA2020 图25`).
    pub fn of<'a>(
        targets: impl IntoIterator<Item = Role>,
        chases: impl IntoIterator<Item = &'a Chase>,
    ) -> ChaseRank {
        let mut targets = targets.into_iter().peekable();
        if targets.peek().is_some() && targets.all(|r| r == Role::Chariot) {
            return ChaseRank::ChariotOnly;
        }
        let joint = chases.into_iter().any(|c| {
            c.attackers.len() >= 2 || c.root == Root::InsufficientRoot || held_by_another(c)
        });
        if joint {
            ChaseRank::JointOrInsufficient
        } else {
            ChaseRank::Alone
        }
    }

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

/// Whether a chase of a falsely protected target needs a second piece of the chaser besides
/// its attackers: one that holds a protector (the protector cannot recapture because that
/// would expose its general to the piece, or leave a check by it unanswered). The two
/// pieces then win the target together (联合捉; `CXA2020 图11`: the cannon pins the elephant
/// that guards the piece the chariot attacks).
fn held_by_another(c: &Chase) -> bool {
    c.root == Root::FalseRoot
        && c.protectors.iter().any(|p| match &p.status {
            ProtectorStatus::Pinned { by }
            | ProtectorStatus::ExposesGeneral { by }
            | ProtectorStatus::MustAnswerCheck { by } => {
                by.iter().any(|s| !c.attackers.contains(s))
            }
            _ => false,
        })
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
    defensive_key_point: true,
    general_step_out_of_check_is_idle: false,
    reply_threat_made_by_check_is_idle: false,
    root_chase_needs_complete_gain: false,
    mutual_attack: Some(Cxa28_14),
    general_alone: Cxa27_1Xize9,
    soldier_alone: Cxa27_2Xize11,
    loses_elsewhere: Some(Cxa2020Fig23),
    capture_safety_checks: 5,
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
    ..CHASE
};

/// CXA 27.4, 细则12: a move counts by its heaviest label (将 > 杀 > 捉 > the idle kinds).
pub const fn reading(_open: &OpenChoices) -> Reading {
    Reading::Heaviest
}

/// *(open)* CXA 27.3 (docs/rules.md §3): detect only the plain case of a defensive key point
/// ([`OpenChoices::key_point_plain_case_only`]).
pub const KEY_POINT_PLAIN_CASE_ONLY: bool = true;

/// *(open)* CXA 29.2, 细则6 with 29.1: a target won through fewer checks than before is
/// chased anew ([`OpenChoices::threat_needing_fewer_checks_is_new`]).
pub const THREAT_NEEDING_FEWER_CHECKS_IS_NEW: bool = true;

/// The *(open)* choices of CXA.
pub const OPEN_CHOICES: &[OpenChoice] = &[
    OpenChoice {
        name: "key_point_plain_case_only",
        default: KEY_POINT_PLAIN_CASE_ONLY,
        articles: &[Cxa27_3, CxaXize13],
        open_in: "RULES.md §3 (detect only the plain case)",
    },
    OpenChoice {
        name: "threat_needing_fewer_checks_is_new",
        default: THREAT_NEEDING_FEWER_CHECKS_IS_NEW,
        articles: &[Cxa29_1, Cxa29_2Xize6],
        open_in: "RULES.md §3 (novelty of a chase through a series of checks)",
    },
];

/// Whether a conduct is forbidden under CXA 25.2 (every move an attack).
pub fn forbidden(kind: ConductKind) -> bool {
    kind.is_perpetual_attack()
}

/// The article defining a conduct.
pub fn conduct_article(kind: ConductKind) -> Article {
    match kind {
        ConductKind::PerpetualCheck => Cxa28_10,
        ConductKind::PerpetualMateThreat => Cxa28_11,
        ConductKind::PerpetualChase => Cxa28_12,
        ConductKind::PerpetualExchange
        | ConductKind::PerpetualOffer
        | ConductKind::PerpetualBlock
        | ConductKind::PerpetualFollow => Cxa28_13,
        ConductKind::Idle => Cxa28_9,
        _ => Cxa25_2,
    }
}

/// The conduct → verdict table of CXA (第24条, 第26条, 细则1, 细则8; docs/rules.md §5) in
/// `edition`.
pub fn verdict(
    edition: &Edition,
    open: &OpenChoices,
    input: &VerdictInput<'_>,
    threshold: usize,
) -> Verdict {
    let (red, black) = (input.red.kind, input.black.kind);
    let forbidden = ByColor {
        red: forbidden(red),
        black: forbidden(black),
    };
    let pc = ByColor {
        red: red == ConductKind::PerpetualCheck,
        black: black == ConductKind::PerpetualCheck,
    };
    let mut articles = Vec::new();
    let (result, status, reason) = if pc.red && pc.black {
        articles.extend([Cxa24_2, Cxa26_3, CxaXize8]);
        (Outcome::Draw, Status::Final, Reason::MutualPerpetualCheck)
    } else if pc.red || pc.black {
        let checker = if pc.red { Color::Red } else { Color::Black };
        if edition.perpetual_check_loses_at_once {
            articles.extend([Cxa24_1, Cxa26_1, CxaXize1]);
            if forbidden[!checker] {
                articles.push(Cxa26_3);
            }
            (
                Outcome::win(!checker),
                Status::Final,
                Reason::OneSidedPerpetualCheck {
                    checker,
                    repeated: false,
                },
            )
        } else {
            // 图6: the perpetual checker must change (26.1: never allowed), and loses when
            // the record shows the cycle played once more (24.3, 4.1.7).
            articles.extend([Cxa2020Fig6, Cxa26_1, CxaXize1, Cxa24_3]);
            if forbidden[!checker] {
                articles.push(Cxa26_3);
            }
            let (result, status, _) = must_change(checker, input, threshold);
            let repeated = status == Status::Final;
            if repeated {
                articles.push(Cxa4_1_7);
            }
            (
                result,
                status,
                Reason::OneSidedPerpetualCheck { checker, repeated },
            )
        }
    } else if forbidden.red && forbidden.black {
        match edition
            .ranking
            .and_then(|r| ranked(r, input).map(|row| (r, row)))
        {
            Some((_, (offender, row))) => {
                articles.extend(row.articles.iter().copied());
                // A rank read from the pieces chased on every move only (图25).
                if Color::ALL
                    .iter()
                    .any(|&c| input.evidence[c].articles.contains(&Cxa2020Fig25))
                {
                    articles.push(Cxa2020Fig25);
                }
                let (result, status, _) = must_change(offender, input, threshold);
                let repeated = status == Status::Final;
                articles.extend([Cxa24_3, Cxa26_4]);
                if repeated {
                    articles.push(Cxa4_1_7);
                }
                (
                    result,
                    status,
                    Reason::BothForbiddenRanked {
                        offender,
                        rank: row.lower,
                        above: row.higher,
                        repeated,
                    },
                )
            }
            None => {
                articles.extend([Cxa24_2, Cxa26_3, CxaXize8]);
                if let Some(r) = edition.ranking {
                    if both_chase(input) {
                        articles.extend(r.same_rank.iter().copied());
                    }
                }
                (Outcome::Draw, Status::Final, Reason::BothForbidden)
            }
        }
    } else if !forbidden.red && !forbidden.black {
        articles.extend([Cxa24_2, Cxa26_2]);
        (Outcome::Draw, Status::Final, Reason::BothAllowed)
    } else {
        let offender = if forbidden.red {
            Color::Red
        } else {
            Color::Black
        };
        let (result, status, reason) = must_change(offender, input, threshold);
        articles.extend([Cxa24_3, Cxa26_4]);
        if status == Status::Final {
            articles.push(Cxa4_1_7);
        }
        (result, status, reason)
    };
    articles.push(Cxa25_2);
    articles.push(conduct_article(red));
    articles.push(conduct_article(black));
    if forbidden.red && forbidden.black {
        articles.push(Cxa28_14);
    } else if forbidden.red || forbidden.black {
        articles.push(Cxa28_15);
    }
    if input.soldier_chases {
        articles.extend([Cxa27_2, CxaXize11]);
    }
    for c in Color::ALL {
        articles.extend(input.evidence[c].articles.iter().copied());
    }
    let mut notes = Vec::new();
    if open.key_point_plain_case_only {
        for c in Color::ALL {
            key_point_notes(input.conduct(c), &mut notes);
        }
    }
    if !notes.is_empty() {
        articles.extend([Cxa27_3, CxaXize13]);
    }
    Verdict {
        result,
        status,
        reason,
        forbidden,
        articles,
        open: notes,
    }
}

/// Both sides chase perpetually (长捉 against 长捉): what the ranking of 26.9 looks at.
fn both_chase(input: &VerdictInput<'_>) -> bool {
    input.red.kind == ConductKind::PerpetualChase && input.black.kind == ConductKind::PerpetualChase
}

/// Both sides chase perpetually and one side's chase ranks lower than the other's in
/// `ranking`: that side (it must change) and the row.
fn ranked(ranking: &Ranking, input: &VerdictInput<'_>) -> Option<(Color, &'static RankRow)> {
    if !both_chase(input) {
        return None;
    }
    let rank = |c: Color| -> Option<ChaseRank> {
        let ev: &SideEvidence = &input.evidence[c];
        ev.chase_rank
    };
    let (red, black) = (rank(Color::Red)?, rank(Color::Black)?);
    if let Some(row) = ranking.row(red, black) {
        return Some((Color::Red, row));
    }
    ranking.row(black, red).map(|row| (Color::Black, row))
}

/// A forbidden chase whose targets are only advisors and elephants stands because CXA 27.3 is
/// applied only in its plain case (docs/rules.md §3, *open*).
fn key_point_notes(c: &Conduct, open: &mut Vec<OpenNote>) {
    let chase_kinds = matches!(
        c.kind,
        ConductKind::PerpetualChase | ConductKind::CheckAndChase | ConductKind::MateThreatAndChase
    );
    if chase_kinds
        && !c.targets.is_empty()
        && c.targets
            .iter()
            .all(|t| matches!(t.role, Role::Advisor | Role::Elephant))
    {
        for &target in &c.targets {
            open.push(OpenNote::KeyPointPlainCaseOnly {
                side: c.side,
                target,
            });
        }
    }
}

/// The articles a chase of the conduct brings to a CXA verdict: a false or insufficient root
/// (28.16), a cheaper attacker (细则3), the general with another piece (27.1, 细则9), a
/// winning line longer than one capture (29.1), a chase that also offers (细则5).
pub(super) fn chase_articles(
    c: &Chase,
    roles: &[Role],
    _screen: bool,
    offer: bool,
    push: &mut dyn FnMut(Article),
) {
    match c.root {
        Root::FalseRoot | Root::InsufficientRoot => push(Cxa28_16),
        Root::GainsDespiteRoot => push(CxaXize3),
        _ => {}
    }
    if roles.contains(&Role::General) && roles.len() > 1 {
        push(Cxa27_1);
        push(CxaXize9);
    }
    if c.line.len() > 1 {
        push(Cxa29_1);
    }
    if offer {
        push(CxaXize5);
    }
}
