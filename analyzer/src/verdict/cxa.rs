//! CXA verdicts (第24条, 第26条, 细则1, 细则8; RULES.md §5).

use qili_notation::{ByColor, Color};

use super::{
    must_change, threshold, Article, OpenNote, Outcome, Reason, Status, Verdict, VerdictInput,
};
use crate::conduct::{Conduct, ConductKind};
use crate::rules::Settings;
use qili_notation::Role;

/// Whether a conduct is forbidden under CXA 25.2 (every move an attack).
pub fn forbidden(kind: ConductKind) -> bool {
    kind.is_perpetual_attack()
}

/// The article defining a conduct.
pub fn conduct_article(kind: ConductKind) -> Article {
    Article(match kind {
        ConductKind::PerpetualCheck => "CXA 28.10",
        ConductKind::PerpetualMateThreat => "CXA 28.11",
        ConductKind::PerpetualChase => "CXA 28.12",
        ConductKind::PerpetualExchange
        | ConductKind::PerpetualOffer
        | ConductKind::PerpetualBlock
        | ConductKind::PerpetualFollow => "CXA 28.13",
        ConductKind::Idle => "CXA 28.9",
        _ => "CXA 25.2",
    })
}

/// Rules on a cycle under CXA.
pub fn rule(settings: &Settings, input: &VerdictInput<'_>) -> Verdict {
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
        articles.extend(["CXA 24.2", "CXA 26.3", "CXA 细则8"].map(Article));
        (Outcome::Draw, Status::Final, Reason::MutualPerpetualCheck)
    } else if pc.red || pc.black {
        let checker = if pc.red { Color::Red } else { Color::Black };
        articles.extend(["CXA 24.1", "CXA 26.1", "CXA 细则1"].map(Article));
        if forbidden[!checker] {
            articles.push(Article("CXA 26.3"));
        }
        (
            Outcome::win(!checker),
            Status::Final,
            Reason::OneSidedPerpetualCheck { checker },
        )
    } else if forbidden.red && forbidden.black {
        articles.extend(["CXA 24.2", "CXA 26.3", "CXA 细则8"].map(Article));
        (Outcome::Draw, Status::Final, Reason::BothForbidden)
    } else if !forbidden.red && !forbidden.black {
        articles.extend(["CXA 24.2", "CXA 26.2"].map(Article));
        (Outcome::Draw, Status::Final, Reason::BothAllowed)
    } else {
        let offender = if forbidden.red {
            Color::Red
        } else {
            Color::Black
        };
        let (result, status, reason) = must_change(offender, input, threshold(settings));
        articles.extend(["CXA 24.3", "CXA 26.4"].map(Article));
        if status == Status::Final {
            articles.push(Article("CXA 4.1.7"));
        }
        (result, status, reason)
    };
    articles.push(Article("CXA 25.2"));
    articles.push(conduct_article(red));
    articles.push(conduct_article(black));
    if forbidden.red && forbidden.black {
        articles.push(Article("CXA 28.14"));
    } else if forbidden.red || forbidden.black {
        articles.push(Article("CXA 28.15"));
    }
    if input.soldier_chases {
        articles.extend(["CXA 27.2", "CXA 细则11"].map(Article));
    }
    for c in Color::ALL {
        articles.extend(input.evidence[c].articles.iter().copied());
    }
    let mut open = Vec::new();
    if settings.open.key_point_plain_case_only {
        for c in Color::ALL {
            key_point_notes(input.conduct(c), &mut open);
        }
    }
    if !open.is_empty() {
        articles.extend(["CXA 27.3", "CXA 细则13"].map(Article));
    }
    Verdict {
        result,
        status,
        reason,
        forbidden,
        articles,
        open,
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
