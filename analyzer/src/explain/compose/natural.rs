//! The natural move limit paragraph (CXA 4.2.4, 23.3), composed once as [`Message`]s.

use qili_notation::Color;

use super::punct;
use crate::explain::message::{render, Message, Place};
use crate::judge::Judgement;
use crate::terms::Lang;
use crate::terms::Term;

/// The natural-limit paragraph: the limit, the plies without a capture, each side's claim.
pub(super) fn natural(lang: Lang, j: &Judgement, s: &mut String) {
    let p = punct(lang);
    let nl = &j.natural_limit;
    let at = |ply: usize| Place {
        start: j.positions.first(),
        ply,
    };
    if nl.limit == 0 {
        s.push_str(Term::new("自然限着：不适用。", "Natural move limit: not applied.").get(lang));
        s.push('\n');
        return;
    }
    let since = match nl.last_capture_ply {
        Some(c) => Message::SinceCapture(at(c)),
        None => Message::SinceStart,
    };
    let (limit, cap) = (nl.limit, nl.check_cap);
    let head = Message::NaturalLimit {
        limit,
        cap,
        quiet: nl.plies_without_capture,
        since: &render(lang, &[since]),
    };
    s.push_str(&render(lang, &[head]));
    s.push('\n');
    for c in Color::ALL {
        let cl = &nl.claims[c];
        let (counted, opponent) = (cl.counted_moves, cl.opponent_moves);
        let mut m = vec![Message::ClaimBy(c)];
        if cl.holds {
            m.push(Message::ClaimHolds {
                counted,
                other: !c,
                opponent,
            });
            m.extend(cl.reached_at_ply.map(|r| Message::ClaimFirstReached(at(r))));
            m.push(Message::ClaimHoldsEnd);
        } else {
            m.extend(
                cl.reached_at_ply
                    .map(|r| Message::ClaimReachedThenCaptured(at(r))),
            );
            m.push(Message::ClaimFails { counted, limit });
            if cl.checks > cap as usize {
                m.push(Message::ClaimChecksCapped {
                    side: c,
                    moves: cl.moves,
                    checks: cl.checks,
                    cap,
                });
            }
            if opponent < limit as usize {
                m.push(Message::ClaimOpponentMoves {
                    other: !c,
                    opponent,
                });
            }
        }
        s.push_str(&render(lang, &m));
        s.push_str(p.stop);
        s.push('\n');
    }
}
