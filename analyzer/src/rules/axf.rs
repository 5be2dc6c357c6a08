//! The AXF rule book: the Asian Xiangqi Federation rules (also used by the WXF; docs/rules.md §5,
//! docs/rules.md). Everything in which AXF differs from CXA is here.
//!
//! The values (editions, chase policies, readings, *(open)* choices) are defined in
//! `crate::settings::axf`, below the labeller and the verdict that read them, and
//! re-exported here; this module holds the functions over conducts and verdicts.

use qili_notation::{ByColor, Color, Role};

use super::{Article, OpenChoices};
use crate::conduct::{Conduct, ConductKind, PieceRef};
use crate::label::{Chase, Root};
use crate::verdict::{
    must_change, OpenNote, Outcome, Reason, SideEvidence, Status, Verdict, VerdictInput,
};

use Article::*;

pub use crate::settings::axf::*;

/// Whether a conduct is forbidden under AXF, with the rules that decide it, and the open
/// choice that decided, if one did: with `axf_pinned_chariot_ranked_above_chase`, chasing a
/// chariot that a horse pins (r19) is forbidden even when the chases rotate over several
/// pieces (which r32 otherwise allows).
pub fn forbidden(
    c: &Conduct,
    ev: &SideEvidence,
    open: &OpenChoices,
) -> (bool, Vec<Article>, Option<OpenNote>) {
    let (f, a) = forbidden_plain(c);
    if c.kind == ConductKind::PerpetualChase && !f && open.axf_pinned_chariot_ranked_above_chase {
        if let Some(&target) = ev.horse_pinned_chariots.first() {
            let note = OpenNote::PinnedChariotRankedAboveChase {
                side: c.side,
                target,
            };
            return (true, vec![AxfR19], Some(note));
        }
    }
    (f, a, None)
}

/// [`forbidden`] without the open choice.
fn forbidden_plain(c: &Conduct) -> (bool, Vec<Article>) {
    match c.kind {
        ConductKind::PerpetualCheck => (true, vec![AxfR6]),
        ConductKind::PerpetualChase => {
            if c.constant_targets.is_empty() {
                // The chases rotate over two or more pieces.
                (false, vec![AxfR32])
            } else if c.constant_target_attackers.len() >= 2 {
                (true, vec![AxfR33])
            } else {
                (true, vec![AxfS2])
            }
        }
        ConductKind::PerpetualMateThreat => (false, vec![AxfR9]),
        ConductKind::CheckAndMateThreat => (false, vec![AxfR11]),
        ConductKind::CheckAndChase => (false, vec![AxfR12]),
        ConductKind::MateThreatAndChase => (false, vec![AxfR11, AxfR12]),
        ConductKind::ChecksAndIdle => (false, vec![AxfR13]),
        ConductKind::PerpetualBlock => (false, vec![AxfR39]),
        ConductKind::PerpetualExchange | ConductKind::PerpetualOffer => (false, vec![AxfR40]),
        _ => (false, Vec::new()),
    }
}

/// The conduct → verdict table of AXF (docs/rules.md §5, "AXF (differences from CXA)").
pub fn verdict(open: &OpenChoices, input: &VerdictInput<'_>, threshold: usize) -> Verdict {
    let (fr, ar, nr) = forbidden(input.red, &input.evidence.red, open);
    let (fb, ab, nb) = forbidden(input.black, &input.evidence.black, open);
    let mut forbidden = ByColor { red: fr, black: fb };
    let kind = |c: Color| input.conduct(c).kind;
    let pc = ByColor {
        red: kind(Color::Red) == ConductKind::PerpetualCheck,
        black: kind(Color::Black) == ConductKind::PerpetualCheck,
    };
    let mut articles = Vec::new();
    let mut notes: Vec<OpenNote> = nr.into_iter().chain(nb).collect();
    for c in Color::ALL {
        let conduct = input.conduct(c);
        if forbidden[c] && conduct.kind == ConductKind::PerpetualChase {
            if let Some(&ply) = conduct.checks_read_as_chases.first() {
                notes.push(OpenNote::CheckThatChasesIsChase { side: c, ply });
            }
        }
    }
    let (result, status, reason) = if pc.red && pc.black {
        articles.push(AxfR7);
        (Outcome::Draw, Status::Final, Reason::MutualPerpetualCheck)
    } else if pc.red || pc.black {
        // Perpetual check loses in all circumstances (r6, r8, docs/rules.md §5), and like any
        // lone violation it is first a must-change (D1–3 "R must change", r3): it loses when
        // the record shows the cycle played once more.
        let checker = if pc.red { Color::Red } else { Color::Black };
        articles.push(AxfR6);
        if matches!(
            kind(!checker),
            ConductKind::ChecksAndIdle
                | ConductKind::CheckAndChase
                | ConductKind::CheckAndMateThreat
        ) {
            articles.push(AxfR8);
        }
        articles.push(AxfR3);
        let (result, status, _) = must_change(checker, input, threshold);
        let repeated = status == Status::Final;
        (
            result,
            status,
            Reason::OneSidedPerpetualCheck { checker, repeated },
        )
    } else if forbidden.red && forbidden.black {
        match pinned_chariot_offender(open, input) {
            Some((offender, target)) => {
                let note = OpenNote::PinnedChariotRankedAboveChase {
                    side: offender,
                    target,
                };
                if !notes.contains(&note) {
                    notes.push(note);
                }
                forbidden[!offender] = false;
                articles.push(AxfR19);
                articles.push(AxfR3);
                must_change(offender, input, threshold)
            }
            None => {
                articles.push(AxfS2);
                if kind(Color::Red) == ConductKind::PerpetualChase
                    && kind(Color::Black) == ConductKind::PerpetualChase
                {
                    articles.push(AxfR22);
                }
                (Outcome::Draw, Status::Final, Reason::BothForbidden)
            }
        }
    } else if forbidden.red || forbidden.black {
        let offender = if forbidden.red {
            Color::Red
        } else {
            Color::Black
        };
        if kind(!offender) == ConductKind::CheckAndChase
            && kind(offender) == ConductKind::PerpetualChase
        {
            articles.extend([AxfD37, AxfD38, AxfD50]);
        }
        if !input.evidence[offender].horse_pinned_chariots.is_empty() {
            articles.push(AxfR19);
        }
        articles.push(AxfR3);
        must_change(offender, input, threshold)
    } else {
        articles.push(AxfR5);
        (Outcome::Draw, Status::Final, Reason::BothAllowed)
    };
    articles.extend(ar);
    articles.extend(ab);
    for c in Color::ALL {
        articles.extend(input.evidence[c].articles.iter().copied());
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

/// Both sides chase perpetually: with the *(open)* ranking of AXF r19, the side whose chase
/// pursues a chariot pinned by a horse is the offender, if only one side does.
fn pinned_chariot_offender(
    open: &OpenChoices,
    input: &VerdictInput<'_>,
) -> Option<(Color, PieceRef)> {
    if !open.axf_pinned_chariot_ranked_above_chase {
        return None;
    }
    let pinned = |c: Color| input.evidence[c].horse_pinned_chariots.first().copied();
    match (pinned(Color::Red), pinned(Color::Black)) {
        (Some(t), None) => Some((Color::Red, t)),
        (None, Some(t)) => Some((Color::Black, t)),
        _ => None,
    }
}

/// The articles a chase of the conduct brings to an AXF verdict: a horse or cannon on a
/// protected chariot (r15), a cannon chasing by its screen (r25, r26 on a chariot), the
/// general or a soldier among the attackers (r28, r29), a chase that also offers (r36).
pub(super) fn chase_articles(
    c: &Chase,
    roles: &[Role],
    screen: bool,
    offer: bool,
    push: &mut dyn FnMut(Article),
) {
    let light = roles
        .iter()
        .any(|r| matches!(r, Role::Horse | Role::Cannon));
    if c.target_role == Role::Chariot && light && c.root == Root::Protected {
        push(AxfR15);
    }
    if roles.contains(&Role::Cannon) && screen {
        push(if c.target_role == Role::Chariot {
            AxfR26
        } else {
            AxfR25
        });
    }
    if roles.contains(&Role::General) {
        push(AxfR28);
    }
    if roles.contains(&Role::Soldier) {
        push(AxfR29);
    }
    if offer {
        push(AxfR36);
    }
    if c.root == Root::FalseRoot {
        push(AxfR34);
    }
}
