//! Gain over the whole sequence (CXA 29.1 "完整交换得子", 细则3; docs/rules.md §3): whether
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

use qili_notation::{Color, Move, Position, Square, SquareSet};

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

/// Most captures on the target's point that [`follow_up`] looks through.
const MAX_PLIES: u32 = 6;

/// What [`follow_up`] searches in: the position the threat is asked in and the target.
struct Seq<'a> {
    root: &'a Position,
    t: Square,
    us: Color,
}

/// One way the sequence gains: its moves from the root, and the second piece it wins.
struct Witness {
    line: Vec<Move>,
    second: Option<(Square, Exchange)>,
    net: Material,
}

impl Seq<'_> {
    /// The legal captures on the target's point for the side to move in `node`, least
    /// valuable capturer first (the static exchange's order).
    fn captures(&self, node: &Position) -> Vec<Move> {
        let mut out: Vec<Move> = protection::legal_capturers(node, self.t)
            .into_iter()
            .filter_map(|from| node.move_from_squares(from, self.t))
            .collect();
        out.sort_by_key(|m| {
            node.piece_at(m.from)
                .map_or(u8::MAX, |p| Material::order_key(p, m.from))
        });
        out
    }

    /// The mover to move in `node` (after the opponent's recapture; `acc` won so far,
    /// `line` the moves from the root): whether the mover gains — ahead already, or by a
    /// second piece the exchange left without its guard, or by capturing again on the
    /// target.
    fn mover(
        &self,
        node: &Position,
        acc: Material,
        k: u32,
        line: &mut Vec<Move>,
    ) -> Option<Witness> {
        if acc.judge() == Balance::Gain {
            return Some(Witness {
                line: line.clone(),
                second: None,
                net: acc,
            });
        }
        if let Some(s) = self.second(node, acc, line) {
            return Some(s);
        }
        if k == 0 {
            return None;
        }
        for m in self.captures(node) {
            let v = value_at(node, self.t);
            line.push(m);
            let w = self.defender(&node.after(&m), acc + v, k - 1, line);
            line.pop();
            if w.is_some() {
                return w;
            }
        }
        None
    }

    /// The opponent to move in `node` after the mover's capture on the target: the mover
    /// gains only if it is ahead should the opponent stop here, and after every recapture
    /// the opponent may make. The witness follows the first recapture (the cheapest) that
    /// leaves a second piece to win, if any does.
    fn defender(
        &self,
        node: &Position,
        acc: Material,
        k: u32,
        line: &mut Vec<Move>,
    ) -> Option<Witness> {
        if acc.judge() != Balance::Gain {
            return None;
        }
        let replies = if k == 0 {
            Vec::new()
        } else {
            self.captures(node)
        };
        if replies.is_empty() {
            return Some(Witness {
                line: line.clone(),
                second: None,
                net: acc,
            });
        }
        let mut first = None;
        for r in replies {
            let v = value_at(node, self.t);
            line.push(r);
            let w = self.mover(&node.after(&r), acc - v, k - 1, line);
            line.pop();
            let w = w?;
            // The witness shows a second piece where one is won.
            if first
                .as_ref()
                .is_none_or(|f: &Witness| f.second.is_none() && w.second.is_some())
            {
                first = Some(w);
            }
        }
        first
    }

    /// A second capture for the mover in `node` that makes the sequence (`acc` so far)
    /// gain: a piece of the opponent that one of the pieces the sequence took or moved away
    /// guarded at the root, and that the mover could not win there. A piece that only
    /// comes under a new attack (a line the capturer opened) is not one: its guard is not
    /// removed, the attack is moved (CXA 细则5 corpus case `label-cxa-xize5-…`: the horse
    /// that takes a protected horse and opens its chariot's file on an elephant the chariot
    /// already attacked before the move does not chase the horse).
    fn second(&self, node: &Position, acc: Material, line: &[Move]) -> Option<Witness> {
        let them = !self.us;
        // The opponent's points the sequence emptied or took: their guards are gone.
        let mut left = SquareSet::EMPTY;
        left.insert(self.t);
        for m in line.iter().skip(1).step_by(2) {
            left.insert(m.from);
        }
        let candidates: SquareSet = attacked_material(node, them, self.us, self.t)
            .into_iter()
            .filter(|&q| {
                self.root
                    .attackers(q, them)
                    .into_iter()
                    .any(|g| left.contains(g))
            })
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let s = best_new(self.root, node, candidates, acc, |total| {
            total.judge() == Balance::Gain
        })?;
        let mut full = line.to_vec();
        full.extend_from_slice(&s.exchange.line);
        Some(Witness {
            line: full,
            net: s.net,
            second: Some((s.target, s.exchange)),
        })
    }
}

/// The exchange on `t` (in `pos`, the mover to move) wins nothing on its own (`ex`, the
/// static exchange, does not gain), but the mover has a capture on `t` after which,
/// whatever the opponent recaptures with (or if it stops), the mover ends ahead or wins a
/// second piece that the exchange left without its guard and that it could not win before
/// (CXA 29.1, 细则3; CXA2020 图4). Looks at most [`MAX_PLIES`] captures deep on `t`; only
/// the opponent's pieces guarded at the root by a piece the exchange took or moved away
/// are candidates.
/// Returns the line (the exchange, then the second piece's exchange) and the second piece.
pub(crate) fn follow_up(pos: &Position, t: Square, ex: &Exchange) -> Option<(Vec<Move>, Second)> {
    if ex.gains() {
        return None;
    }
    let seq = Seq {
        root: pos,
        t,
        us: pos.turn(),
    };
    let mut line = Vec::with_capacity(MAX_PLIES as usize + 4);
    let won = value_at(pos, t);
    for m in seq.captures(pos) {
        line.push(m);
        let w = seq.defender(&pos.after(&m), won, MAX_PLIES - 1, &mut line);
        line.pop();
        // A gain without a second piece is the static exchange's (not this rule's).
        if let Some(Witness {
            line,
            second: Some((target, exchange)),
            net,
        }) = w
        {
            return Some((
                line,
                Second {
                    target,
                    exchange,
                    net,
                },
            ));
        }
    }
    None
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
