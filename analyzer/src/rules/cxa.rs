//! The CXA rule book: the Chinese Xiangqi Association competition rules (第24–29条, 棋例细则;
//! RULES.md §3–§5). Everything in which CXA differs from AXF is here.

use qili_notation::{ByColor, Color, Role};

use super::{Article, ChasePolicy, Names, OpenChoice, OpenChoices, Reading};
use crate::conduct::{Conduct, ConductKind};
use crate::label::{Chase, Root};
use crate::verdict::{must_change, OpenNote, Outcome, Reason, Status, Verdict, VerdictInput};

use Article::*;

/// The names of the rule set.
pub const NAMES: Names = Names {
    short: "CXA",
    zh: "中国象棋协会规则",
    en: "Chinese Xiangqi Association",
};

/// What counts as a chase under CXA: the forms of 29.1 (a capture through a series of
/// checks, a gaining exchange), 少根 (28.16), the general alone idle (27.1, 细则9), a soldier
/// alone idle outside mutual perpetual attack (27.2, 细则11); none of the AXF pair rules.
pub const CHASE: ChasePolicy = ChasePolicy {
    general_chase_permitted: false,
    soldier_chase_permitted: false,
    minor_on_chariot_always_chases: false,
    horse_pinned_chariot_always_chased: false,
    cannon_confined_chariot_no_offer: false,
    same_kind_mutual_is_offer: false,
    insufficient_root_chases: true,
    series_and_exchange_forms: true,
    protection_renews_minor_on_chariot: true,
    defensive_key_point: true,
    mutual_attack: Some(Cxa28_14),
    general_alone: Cxa27_1Xize9,
    soldier_alone: Cxa27_2Xize11,
    loses_elsewhere: Some(Cxa2020Fig23),
    capture_safety_checks: 5,
};

/// CXA 27.4, 细则12: a move counts by its heaviest label (将 > 杀 > 捉 > the idle kinds).
pub const fn reading(_open: &OpenChoices) -> Reading {
    Reading::Heaviest
}

/// *(open)* CXA 27.3 (RULES.md §3): detect only the plain case of a defensive key point
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

/// The conduct → verdict table of CXA (第24条, 第26条, 细则1, 细则8; RULES.md §5).
pub fn verdict(open: &OpenChoices, input: &VerdictInput<'_>, threshold: usize) -> Verdict {
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
    } else if forbidden.red && forbidden.black {
        articles.extend([Cxa24_2, Cxa26_3, CxaXize8]);
        (Outcome::Draw, Status::Final, Reason::BothForbidden)
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

/// A forbidden chase whose targets are only advisors and elephants stands because CXA 27.3 is
/// applied only in its plain case (RULES.md §3, *open*).
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
