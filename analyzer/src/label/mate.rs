//! Bounded search for a mate by an unbroken series of checks (连将杀, CXA 28.2), used for
//! the mate-threat label and for the safety condition of a chase (29.4, 细则7).
//!
//! The side to move may only play checking moves, at most `depth` of them; the defender
//! may play any legal move. Iterative deepening returns a shortest mate, and the defence
//! shown is the one that lasts longest. A node budget keeps the search bounded on any
//! position: when it runs out the search reports "no mate found".

use qili_notation::{Move, Position};

/// Most positions visited by one search before it gives up.
pub const NODE_BUDGET: u32 = 40_000;

/// A mate-by-checks search with reusable move buffers.
pub struct MateSearch {
    bufs: Vec<Vec<Move>>,
    nodes: u32,
}

impl Default for MateSearch {
    fn default() -> MateSearch {
        MateSearch::new()
    }
}

impl MateSearch {
    /// A new search.
    pub fn new() -> MateSearch {
        MateSearch {
            bufs: Vec::new(),
            nodes: 0,
        }
    }

    /// A mating line for the side to move made only of its checks (at most `depth` of
    /// them) and the defender's replies; `None` when there is none within the bounds.
    pub fn find(&mut self, pos: &Position, depth: u32) -> Option<Vec<Move>> {
        self.nodes = 0;
        for d in 1..=depth {
            let mut line = Vec::new();
            if self.attack(pos, d, 0, &mut line) {
                line.reverse();
                return Some(line);
            }
            if self.nodes >= NODE_BUDGET {
                break;
            }
        }
        None
    }

    fn buf(&mut self, ply: usize) -> Vec<Move> {
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        let mut b = std::mem::take(&mut self.bufs[ply]);
        b.clear();
        b
    }

    /// Checking moves of the side to move, as (move, position after).
    fn checks(&mut self, pos: &Position, ply: usize) -> Vec<(Move, Position)> {
        let mut moves = self.buf(ply);
        let out = checking_moves(pos, &mut moves);
        self.bufs[ply] = moves;
        out
    }

    /// Attacker to move: can it mate with at most `d` checks? On success `line` holds the
    /// line in reverse order.
    fn attack(&mut self, pos: &Position, d: u32, ply: usize, line: &mut Vec<Move>) -> bool {
        self.nodes += 1;
        if d == 0 || self.nodes >= NODE_BUDGET {
            return false;
        }
        let checks = self.checks(pos, ply);
        for (m, next) in &checks {
            if !next.has_legal_move() {
                line.push(*m);
                return true;
            }
        }
        if d == 1 {
            return false;
        }
        for (m, next) in &checks {
            if self.defend(next, d - 1, ply + 1, line) {
                line.push(*m);
                return true;
            }
        }
        false
    }

    /// Defender to move (in check, with legal moves): does every reply lose to a mate
    /// within `d` more checks? On success `line` holds the longest defence, reversed.
    fn defend(&mut self, pos: &Position, d: u32, ply: usize, line: &mut Vec<Move>) -> bool {
        self.nodes += 1;
        let mut replies = self.buf(ply);
        pos.legal_moves_into(&mut replies);
        let mut best: Option<Vec<Move>> = None;
        let mut ok = true;
        for r in &replies {
            let next = pos.after(r);
            let mut sub = Vec::new();
            if !self.attack(&next, d, ply + 1, &mut sub) {
                ok = false;
                break;
            }
            sub.push(*r);
            if best.as_ref().is_none_or(|b| sub.len() > b.len()) {
                best = Some(sub);
            }
        }
        self.bufs[ply] = replies;
        match (ok, best) {
            (true, Some(b)) => {
                line.extend(b);
                true
            }
            _ => false,
        }
    }
}

/// The checking moves of the side to move with the positions they lead to; `buf` is
/// scratch space for move generation.
pub fn checking_moves(pos: &Position, buf: &mut Vec<Move>) -> Vec<(Move, Position)> {
    buf.clear();
    pos.legal_moves_into(buf);
    buf.iter()
        .filter_map(|m| {
            let next = pos.after(m);
            next.is_check().then_some((*m, next))
        })
        .collect()
}

/// Convenience: [`MateSearch::find`] with a fresh search.
pub fn mate_by_checks(pos: &Position, depth: u32) -> Option<Vec<Move>> {
    MateSearch::new().find(pos, depth)
}
