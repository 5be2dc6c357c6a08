//! Novelty of the win (CXA 28.3, 29.2, 29.4, 细则2, 细则3, 细则7; docs/rules.md §3): an
//! attack that stood before the move is a new chase when the move makes its win real — the
//! capture was answered by mate then, met a real root the move cuts (断根), or lost more
//! elsewhere. Asked only of a direct threat whose every (attacker, target) pair stood and
//! could be carried out before the move, under a rule book with
//! [`ChasePolicy::novelty_of_the_win`](crate::rules::ChasePolicy).

use qili_notation::{Move, Position, Square, SquareSet};

use super::threat::Ctx;
use super::{DismissReason, Dismissed, NotWonBefore};
use crate::material::{Balance, Material};
use crate::protection;

/// Why the standing attack on `t` could not be carried out with gain in `before` (the mover
/// to move, not in check) although its capture `first` wins in `passed` (after the move,
/// the mover to move again): `None` when the win stood already (the threat is not new) or
/// when the capture after the move loses more elsewhere as well (the move did not make the
/// win real).
///
/// A capture answered by mate before the move was no threat at all (29.4, 细则7): once the
/// move lets it be made safely, the chase the search finds after the move is new, as a new
/// attack is, and what the capture may cost elsewhere is not asked (it was not asked of
/// the threat before the move either; docs/rules.md §3.2, CXA2020 图8). The other reasons
/// are losses of material, compared with what the capture loses after the move.
pub(super) fn not_won_before(
    ctx: &mut Ctx<'_>,
    before: &Position,
    passed: &Position,
    t: Square,
    first: &Move,
) -> Option<NotWonBefore> {
    // Asked first whether the capture after the move loses more elsewhere too: when it
    // does (most attacks that stood), only a capture answered by mate before the move is
    // looked for, not the other reasons; the answer is the same in either order (each
    // search answers its own question, whatever was asked before it).
    if loses_elsewhere(ctx, passed, first).is_some() {
        return mated_before(ctx, before, t);
    }
    let (found, dismissed) = ctx.threats(before, [t].into_iter().collect());
    if let Some(f) = found.into_iter().find(|f| f.id == t) {
        // Won before, unless the capture lost more elsewhere.
        let capture = f.chase.line.first()?;
        if f.chase.series_len > 0 {
            return None;
        }
        let (piece, by) = loses_elsewhere(ctx, before, capture)?;
        if piece == capture.to {
            // The capturer itself is won back through checks: a root through checks.
            Some(NotWonBefore::RootThroughChecks { protector: by })
        } else {
            Some(NotWonBefore::LostElsewhere { piece, by })
        }
    } else if let Some(d) = dismissed.iter().find(|d| d.chase.target == t) {
        mated(d)
    } else {
        // No gain on the point: a real root stood, which the move cut or made false.
        let ex = protection::best_exchange(before, t)?;
        if ex.gains() {
            return None;
        }
        let protectors = protection::protectors_of(before, t, &ex);
        let real = protectors.iter().filter(|p| p.status.is_real());
        let cut = real.clone().find(|p| {
            passed.piece_at(p.square).is_none_or(|q| {
                q.color == passed.turn() || !passed.attackers(t, !passed.turn()).contains(p.square)
            })
        });
        let protector = cut.or_else(|| real.clone().next())?.square;
        Some(NotWonBefore::Rooted { protector })
    }
}

/// Whether the threat on `t` in `before` was set aside because its capture was answered by
/// mate (29.4, 细则7): [`NotWonBefore::Mated`], else `None`.
fn mated_before(ctx: &mut Ctx<'_>, before: &Position, t: Square) -> Option<NotWonBefore> {
    let (_, dismissed) = ctx.threats(before, [t].into_iter().collect());
    dismissed
        .iter()
        .find(|d| d.chase.target == t)
        .and_then(mated)
}

/// A threat the rules set aside for another reason than 29.4 (the general or a soldier
/// alone, ...) is not a win the move made real; one answered by mate is.
fn mated(d: &Dismissed) -> Option<NotWonBefore> {
    if d.reason != DismissReason::MatedAfterCapture {
        return None;
    }
    Some(NotWonBefore::Mated {
        checker: d.line.first()?.from,
    })
}

/// Whether the capture `first` (by the side to move in `pos`) loses more elsewhere: the
/// opponent answers it by winning one of the mover's pieces — at once, by an exchange or
/// through a series of checks (its threats, CXA 29.1; the capturer too, when checks lead
/// back to it) — for as much as the capture took or more. Returns that piece and the opponent's piece that starts winning it.
pub(super) fn loses_elsewhere(
    ctx: &mut Ctx<'_>,
    pos: &Position,
    first: &Move,
) -> Option<(Square, Square)> {
    let us = pos.turn();
    let won = pos
        .piece_at(first.to)
        .filter(|p| p.color != us)
        .map(|p| Material::of(p, first.to))?;
    let p1 = pos.after(first);
    let mine: SquareSet = p1
        .pieces()
        .filter(|&(sq, p)| p.color == us && Material::of(p, sq).is_material())
        .map(|(sq, _)| sq)
        .collect();
    let (found, dismissed) = ctx.threats(&p1, mine);
    // What the opponent wins, whether or not the rules call it a chase: the general or a
    // soldier alone wins material all the same (not so a capture answered by mate).
    let lost = found.iter().map(|f| &f.chase).chain(
        dismissed
            .iter()
            .filter(|d| {
                matches!(
                    d.reason,
                    DismissReason::GeneralChase | DismissReason::SoldierChase
                )
            })
            .map(|d| &d.chase),
    );
    let worst = lost.max_by(|a, b| {
        if a.net.preferable_to(b.net) {
            std::cmp::Ordering::Greater
        } else if b.net.preferable_to(a.net) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Equal
        }
    })?;
    let by = worst.line.first().map_or(worst.target, |m| m.from);
    ((won - worst.net).judge() != Balance::Gain).then_some((worst.target, by))
}
