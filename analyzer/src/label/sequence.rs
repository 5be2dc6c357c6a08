//! Gain over the whole sequence (CXA 29.1 "完整交换得子", 细则3; CXA2020.md §3.3): whether
//! capturing a piece wins material is judged on what the whole line wins, not on the
//! target's point alone. Two cases are read from the position, both bounded to one capture
//! beyond the exchange on the target:
//!
//! - **The exchange leaves a second piece without its guard** ([`follow_up`], CXA2020 图4;
//!   an overloaded protector is the same case: it recaptures on the target and leaves its
//!   other point): the exchange on the target ends even or worse with the mover to move,
//!   and the mover then wins a second piece that it could not win before the exchange.
//! - **The capturer held its own piece** ([`counter_capture`], 被牵子捉子, CXA2020 图23):
//!   the capture lets the opponent win, elsewhere, more than the capture wins — a piece it
//!   could not win before the capturer left its point and unmasked a line onto it (a
//!   chariot behind it on a file). A piece the capturer only guarded does not count (图21,
//!   图22: a chariot leaving a guarded horse to take a piece still chases).
//!
//! "Could not win before" is the static exchange ([`protection::best_exchange`]) on that
//! piece in the position the threat is asked in (the same side to move): a second piece
//! already won before is a threat of its own, not a gain of this capture. Each choice
//! inside the line is the static exchange's (least valuable capturer first, each side may
//! stop), so the search is a few exchanges per threat, no deeper.

use qili_notation::{Color, Position, Square, SquareSet};

use crate::material::{Balance, Material};
use crate::protection::{self, Exchange};

/// A second capture that the exchange on the target makes possible.
#[derive(Debug, Clone)]
pub(crate) struct Second {
    /// The second piece's point (in the position the threat is asked in).
    pub target: Square,
    /// The exchange on it, played after the exchange on the target.
    pub exchange: Exchange,
    /// What the whole sequence wins, net, for the side that starts it.
    pub net: Material,
}

/// The material of the piece on `sq` in `pos` (zero when empty).
fn value_at(pos: &Position, sq: Square) -> Material {
    pos.piece_at(sq)
        .map(|p| Material::of(p, sq))
        .unwrap_or_default()
}

/// The pieces of `victims` (a colour) that `by` attacks in `pos`, other than `skip`,
/// that are material.
fn attacked_material(pos: &Position, victims: Color, by: Color, skip: Square) -> SquareSet {
    let mut set: SquareSet = pos
        .pieces()
        .filter(|&(sq, p)| p.color == victims && sq != skip && Material::of(p, sq).is_material())
        .map(|(sq, _)| sq)
        .collect();
    set = pos.attacked_among(set, by);
    set
}

/// The best exchange for the side to move in `now` on a piece among `candidates` that it
/// could not win in `before` (the same side to move there), with what the sequence then
/// wins in all (`so_far` + the exchange): `None` when no such exchange makes the whole
/// sequence judge `want`.
fn best_new(
    before: &Position,
    now: &Position,
    candidates: SquareSet,
    so_far: Material,
    want: impl Fn(Material) -> bool,
) -> Option<Second> {
    let mut best: Option<Second> = None;
    for q in candidates {
        let Some(ex) = protection::best_exchange(now, q) else {
            continue;
        };
        let total = so_far + ex.net;
        if !ex.gains() || !want(total) {
            continue;
        }
        if best
            .as_ref()
            .is_some_and(|b| !ex.net.preferable_to(b.exchange.net))
        {
            continue;
        }
        // New: the piece could not be won before the sequence.
        if protection::best_exchange(before, q).is_some_and(|e| e.gains()) {
            continue;
        }
        best = Some(Second {
            target: q,
            exchange: ex,
            net: total,
        });
    }
    best
}

/// The exchange `ex` on `t` (in `pos`, the mover to move) wins nothing on its own, but it
/// ends with the mover to move and leaves a second piece without its guard: the mover's
/// capture of it makes the whole sequence gain (CXA 29.1, 细则3; CXA2020 图4). The
/// opponent may stop the exchange after each capture of the mover: each of those points
/// must already gain, or it would stop there. Only the opponent's pieces whose guards or
/// attackers the exchange changed are looked at.
pub(crate) fn follow_up(pos: &Position, t: Square, ex: &Exchange) -> Option<Second> {
    let n = ex.line.len();
    if n < 2 || n % 2 == 1 || ex.gains() {
        return None;
    }
    let us = pos.turn();
    let mut now = pos.clone();
    let mut acc = Material::ZERO;
    // The opponent's points the exchange emptied or took: their guards are gone.
    let mut left = SquareSet::EMPTY;
    for (i, m) in ex.line.iter().enumerate() {
        let v = value_at(&now, m.to);
        if i % 2 == 0 {
            acc = acc + v;
            if acc.judge() != Balance::Gain {
                return None;
            }
        } else {
            acc = acc - v;
            left.insert(m.from);
        }
        now.play_unchecked(m);
    }
    left.insert(t);
    let them = !us;
    let candidates: SquareSet = attacked_material(&now, them, us, t)
        .into_iter()
        .filter(|&q| {
            let guards = pos.attackers(q, them);
            guards.into_iter().any(|g| left.contains(g))
                || now.attackers(q, us) != pos.attackers(q, us)
        })
        .collect();
    if candidates.is_empty() {
        return None;
    }
    best_new(pos, &now, candidates, acc, |total| {
        total.judge() == Balance::Gain
    })
}

/// The capture that starts the gaining exchange `ex` on `t` (in `pos`, the mover to move)
/// lets the opponent win elsewhere, instead of recapturing, more than the capture wins: a
/// piece of the mover that the opponent could not win before and now attacks through the
/// capturer's point (被牵子捉子, CXA2020 图23). Returns the opponent's best such exchange, with the mover's
/// net after it (the target won, that piece lost) when that is no gain.
pub(crate) fn counter_capture(pos: &Position, t: Square, ex: &Exchange) -> Option<Second> {
    let us = pos.turn();
    let them = !us;
    let after = pos.after(&ex.first);
    if after.is_check() {
        // The opponent must answer the check first: no free capture elsewhere.
        return None;
    }
    let won = value_at(pos, t);
    // The mover's pieces that the capturer's leaving unmasks: an opponent's piece attacks
    // them through the capturer's point (it held them, 被牵). A piece that only loses the
    // capturer as its guard is not held: its loss is not counted against the capture
    // (CXA2020 图21, 图22: a chariot that leaves a guarded horse to take a piece chases).
    let candidates: SquareSet = attacked_material(&after, us, them, t)
        .into_iter()
        .filter(|&q| after.attackers(q, them).0 & !pos.attackers(q, them).0 != 0)
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let before = pos.passed();
    best_new(&before, &after, candidates, -won, |total| {
        // `total` is the opponent's: the mover gains only if the opponent loses.
        total.judge() != Balance::Loss
    })
    .map(|mut s| {
        s.net = -s.net;
        s
    })
}
