//! AXF verdicts (RULES.md §5, "AXF (differences from CXA)").

use qili_notation::{ByColor, Color};

use super::{
    must_change, threshold, Article, OpenNote, Outcome, Reason, SideEvidence, Status, Verdict,
    VerdictInput,
};
use crate::conduct::{Conduct, ConductKind};
use crate::rules::Settings;

/// The general AXF principle behind a forbidden perpetual attack with no more specific rule.
pub const GENERAL: Article = Article("AXF general rule (forbidden perpetual attack)");

/// The general AXF principle when nobody violates: draw if nobody changes.
pub const NO_VIOLATION: Article = Article("AXF general rule (no violation: draw)");

/// Whether a conduct is forbidden under AXF, with the rules that decide it, and the open
/// choice that decided, if one did: with `axf_pinned_chariot_ranked_above_chase`, chasing a
/// chariot that a horse pins (r19) is forbidden even when the chases rotate over several
/// pieces (which r32 otherwise allows).
pub fn forbidden(
    c: &Conduct,
    ev: &SideEvidence,
    settings: &Settings,
) -> (bool, Vec<Article>, Option<OpenNote>) {
    let (f, a) = forbidden_plain(c);
    if c.kind == ConductKind::PerpetualChase
        && !f
        && settings.open.axf_pinned_chariot_ranked_above_chase
    {
        if let Some(&target) = ev.horse_pinned_chariots.first() {
            let note = OpenNote::PinnedChariotRankedAboveChase {
                side: c.side,
                target,
            };
            return (true, vec![Article("AXF r19 (D39–41)")], Some(note));
        }
    }
    (f, a, None)
}

/// [`forbidden`] without the open choice.
fn forbidden_plain(c: &Conduct) -> (bool, Vec<Article>) {
    match c.kind {
        ConductKind::PerpetualCheck => (true, vec![Article("AXF D1–4")]),
        ConductKind::PerpetualChase => {
            if c.constant_targets.is_empty() {
                // The chases rotate over two or more pieces.
                (false, vec![Article("AXF r32 (D76–80)")])
            } else if c.constant_target_attackers.len() >= 2 {
                (true, vec![Article("AXF r33 (D81–82)")])
            } else {
                (true, vec![GENERAL])
            }
        }
        ConductKind::PerpetualMateThreat => (false, vec![Article("AXF r9 (D6–9)")]),
        ConductKind::CheckAndMateThreat => (false, vec![Article("AXF r11 (D11–12)")]),
        ConductKind::CheckAndChase => (false, vec![Article("AXF r12 (D13)")]),
        ConductKind::MateThreatAndChase => (
            false,
            vec![Article("AXF r11 (D11–12)"), Article("AXF r12 (D13)")],
        ),
        ConductKind::ChecksAndIdle => (false, vec![Article("AXF r13 (D14–16)")]),
        _ => (false, Vec::new()),
    }
}

/// Rules on a cycle under AXF.
pub fn rule(settings: &Settings, input: &VerdictInput<'_>) -> Verdict {
    let (fr, ar, nr) = forbidden(input.red, &input.evidence.red, settings);
    let (fb, ab, nb) = forbidden(input.black, &input.evidence.black, settings);
    let mut forbidden = ByColor { red: fr, black: fb };
    let kind = |c: Color| input.conduct(c).kind;
    let pc = ByColor {
        red: kind(Color::Red) == ConductKind::PerpetualCheck,
        black: kind(Color::Black) == ConductKind::PerpetualCheck,
    };
    let mut articles = Vec::new();
    let mut open: Vec<OpenNote> = nr.into_iter().chain(nb).collect();
    for c in Color::ALL {
        let conduct = input.conduct(c);
        if forbidden[c] && conduct.kind == ConductKind::PerpetualChase {
            if let Some(&ply) = conduct.checks_read_as_chases.first() {
                open.push(OpenNote::CheckThatChasesIsChase { side: c, ply });
            }
        }
    }
    let (result, status, reason) = if pc.red && pc.black {
        articles.push(Article("AXF D1–4"));
        (Outcome::Draw, Status::Final, Reason::MutualPerpetualCheck)
    } else if pc.red || pc.black {
        let checker = if pc.red { Color::Red } else { Color::Black };
        articles.push(Article("AXF D1–4"));
        if matches!(
            kind(!checker),
            ConductKind::ChecksAndIdle
                | ConductKind::CheckAndChase
                | ConductKind::CheckAndMateThreat
        ) {
            articles.push(Article("AXF D5"));
        }
        (
            Outcome::win(!checker),
            Status::Final,
            Reason::OneSidedPerpetualCheck { checker },
        )
    } else if forbidden.red && forbidden.black {
        match pinned_chariot_offender(settings, input) {
            Some((offender, target)) => {
                let note = OpenNote::PinnedChariotRankedAboveChase {
                    side: offender,
                    target,
                };
                if !open.contains(&note) {
                    open.push(note);
                }
                forbidden[!offender] = false;
                articles.push(Article("AXF r19 (D39–41)"));
                articles.push(Article("AXF D105"));
                must_change(offender, input, threshold(settings))
            }
            None => {
                articles.push(GENERAL);
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
            articles.extend(["AXF D37", "AXF D38", "AXF D50"].map(Article));
        }
        if !input.evidence[offender].horse_pinned_chariots.is_empty() {
            articles.push(Article("AXF r19 (D39–41)"));
        }
        must_change(offender, input, threshold(settings))
    } else {
        articles.push(NO_VIOLATION);
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
        open,
    }
}

/// Both sides chase perpetually: with the *(open)* ranking of AXF r19, the side whose chase
/// pursues a chariot pinned by a horse is the offender, if only one side does.
fn pinned_chariot_offender(
    settings: &Settings,
    input: &VerdictInput<'_>,
) -> Option<(Color, crate::conduct::PieceRef)> {
    if !settings.open.axf_pinned_chariot_ranked_above_chase {
        return None;
    }
    let pinned = |c: Color| input.evidence[c].horse_pinned_chariots.first().copied();
    match (pinned(Color::Red), pinned(Color::Black)) {
        (Some(t), None) => Some((Color::Red, t)),
        (None, Some(t)) => Some((Color::Black, t)),
        _ => None,
    }
}
