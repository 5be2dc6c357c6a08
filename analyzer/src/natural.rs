//! The natural move limit (自然限着; CXA 4.2.4, 23.3; RULES.md §6): a draw when `N` moves
//! (回合, one by each side) pass without a capture; when a claim is checked, the claimant's
//! checks count for at most `cap` moves.
//!
//! Counting: per claimant, the moves since the last capture of each side; the claimant's
//! moves beyond its first `cap` checks do not count. The limit is reached when both the
//! claimant's counted moves and the opponent's moves reach `N`. The start position's
//! halfmove clock counts as captureless plies before the record (with no known checks).

use qili_notation::{ByColor, Color, Move, Position};
use serde::Serialize;

/// What a claim by one side would find.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Claim {
    /// The claimant.
    pub claimant: Color,
    /// The first ply at which a claim by this side holds (0: already at the start).
    pub reached_at_ply: Option<usize>,
    /// At the end of the record: the claimant's moves since the last capture that count.
    pub counted_moves: usize,
    /// At the end: the claimant's moves since the last capture.
    pub moves: usize,
    /// At the end: the opponent's moves since the last capture.
    pub opponent_moves: usize,
    /// At the end: the claimant's checks since the last capture.
    pub checks: usize,
    /// At the end: whether a claim holds now.
    pub holds: bool,
}

/// The natural-limit report of a line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NaturalLimit {
    /// The limit in moves (0: not applied).
    pub limit: u32,
    /// Claimant checks counted at most.
    pub check_cap: u32,
    /// Plies since the last capture at the end of the record.
    pub plies_without_capture: usize,
    /// The ply of the last capture (`None`: none in the record).
    pub last_capture_ply: Option<usize>,
    /// Each side's claim.
    pub claims: ByColor<Claim>,
}

impl NaturalLimit {
    /// The first ply at which either side's claim holds, with the claimant.
    pub fn reached(&self) -> Option<(usize, Color)> {
        Color::ALL
            .into_iter()
            .filter_map(|c| self.claims[c].reached_at_ply.map(|p| (p, c)))
            .min_by_key(|&(p, c)| (p, c))
    }
}

#[derive(Clone, Copy, Default)]
struct Count {
    own: usize,
    checks: usize,
    opp: usize,
}

impl Count {
    fn counted(&self, cap: usize) -> usize {
        self.own - self.checks.saturating_sub(cap)
    }
}

/// Checks the natural limit along `positions` (`positions[i]` after ply `i`; `moves[i]` is
/// ply `i + 1`).
pub fn natural_limit(
    positions: &[Position],
    moves: &[Move],
    limit: u32,
    check_cap: u32,
) -> NaturalLimit {
    let cap = check_cap as usize;
    let n = limit as usize;
    let start = positions.first();
    let mut claims = ByColor::new_with(|claimant| {
        // The halfmove clock: plies alternate back from the side to move.
        let mut c = Count::default();
        if let Some(p) = start {
            let h = p.halfmoves() as usize;
            let (last_mover, other) = (h.div_ceil(2), h / 2);
            if claimant == !p.turn() {
                (c.own, c.opp) = (last_mover, other);
            } else {
                (c.own, c.opp) = (other, last_mover);
            }
        }
        (c, None::<usize>)
    });
    let holds = |c: &Count| n > 0 && c.counted(cap) >= n && c.opp >= n;
    for claimant in Color::ALL {
        let (c, r) = &mut claims[claimant];
        if holds(c) {
            *r = Some(0);
        }
    }
    let mut last_capture = None;
    for (i, w) in positions.windows(2).enumerate() {
        let (before, after) = (&w[0], &w[1]);
        let ply = i + 1;
        let mover = before.turn();
        let capture = moves.get(i).is_some_and(|m| m.is_capture());
        if capture {
            last_capture = Some(ply);
        }
        let check = !capture && after.is_check();
        for claimant in Color::ALL {
            let (c, r) = &mut claims[claimant];
            if capture {
                *c = Count::default();
                continue;
            }
            if mover == claimant {
                c.own += 1;
                c.checks += usize::from(check);
            } else {
                c.opp += 1;
            }
            if r.is_none() && holds(c) {
                *r = Some(ply);
            }
        }
    }
    let plies_without_capture = match last_capture {
        Some(p) => positions.len() - 1 - p,
        None => positions.len().saturating_sub(1) + start.map_or(0, |p| p.halfmoves() as usize),
    };
    let claims = ByColor::new_with(|claimant| {
        let (c, r) = claims[claimant];
        Claim {
            claimant,
            reached_at_ply: r,
            counted_moves: c.counted(cap),
            moves: c.own,
            opponent_moves: c.opp,
            checks: c.checks,
            holds: holds(&c),
        }
    });
    NaturalLimit {
        limit,
        check_cap,
        plies_without_capture,
        last_capture_ply: last_capture,
        claims,
    }
}

#[cfg(test)]
mod tests;
