//! The CXA rule books: the Chinese Xiangqi Association competition rules (第24–29条, 棋例细则;
//! docs/rules.md §3–§5) in two editions, the current one (2011, re-issued 2020: docs/rules.md §8) and the
//! 1999 text of the seeds. Everything in which CXA differs from AXF is here, and everything in
//! which the editions differ is a field of [`Edition`] (the one place a third edition would
//! change).
//!
//! The values (editions, chase policies, readings, *(open)* choices) are defined in
//! `crate::settings::cxa`, below the labeller and the verdict that read them, and
//! re-exported here; this module holds the functions over conducts and verdicts.
//!
//! Citations: the labeller and the 1999 edition cite the 1999 articles (`CXA1999 24.3`). The
//! current edition cites its own number where docs/rules.md §8 quotes it (`CXA2020 26.9.2`) and its
//! figures for what they show (`CXA2020 图26`); for a rule it keeps from 1999 whose 2011/2020
//! number is not known here, it cites the 1999 article (`CXA1999 26.3`, continued in the 2011
//! edition): a 2020 number is never guessed (docs/rules.md, "Citations").

use qili_notation::{ByColor, Color, Role};

use super::{Article, OpenChoices};
use crate::conduct::{Conduct, ConductKind};
use crate::label::{Chase, Root};
use crate::protection::ProtectorStatus;
use crate::verdict::{
    must_change, OpenNote, Outcome, Reason, SideEvidence, Status, Verdict, VerdictInput,
};

use Article::*;

pub use crate::settings::cxa::*;

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
