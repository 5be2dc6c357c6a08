//! The natural move limit (自然限着; CXA 4.2.4, 23.3; docs/rules.md §6): a draw when `N` moves
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

#[derive(Debug, Clone, Copy, Default)]
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
    natural_limit_with(positions, moves, limit, check_cap, |i| {
        positions.get(i).is_some_and(Position::is_check)
    })
}

/// [`natural_limit`], told by `is_check(i)` whether `positions[i]` is check (asked only of
/// the positions a move without a capture reaches, and only where a check can change the
/// report).
///
/// A capture starts both counts again, so a check between two captures changes nothing
/// unless a claim could hold before the second: a claim holds only when the claimant's
/// moves and the opponent's each reach the limit, so not in a stretch without a capture of
/// fewer than twice the limit's plies (the start's halfmove clock counted in the first).
/// Such a stretch is passed over (only its plies counted) without asking; the stretch
/// after the last capture is always asked (its checks are reported).
pub(crate) fn natural_limit_with(
    positions: &[Position],
    moves: &[Move],
    limit: u32,
    check_cap: u32,
    mut is_check: impl FnMut(usize) -> bool,
) -> NaturalLimit {
    let plies = positions.len().saturating_sub(1);
    let capture = |i: usize| moves.get(i).is_some_and(|m| m.is_capture());
    let mut counter = NaturalCounter::new(positions.first(), limit, check_cap);
    let needed = 2 * limit as usize;
    // The first ply of the stretch, and the captureless plies before it (the clock's).
    let mut stretch = 0;
    let mut before = positions.first().map_or(0, |p| p.halfmoves() as usize);
    for i in 0..=plies {
        let end = i == plies;
        if !end && !capture(i) {
            continue;
        }
        if end || (needed > 0 && before + (i - stretch) >= needed) {
            for (j, p) in positions.iter().enumerate().take(i).skip(stretch) {
                counter.push(p.turn(), false, is_check(j + 1));
            }
        } else {
            counter.pass_before_capture(i - stretch);
        }
        if !end {
            counter.push(positions[i].turn(), true, false);
        }
        stretch = i + 1;
        before = 0;
    }
    counter.report()
}

/// Whether either side's claim could hold anywhere on the line of `moves` from `start`
/// under a `limit` (moves; 0: none): a claim holds only when the claimant's moves and the
/// opponent's each reach the limit since the last capture, so only in a stretch without a
/// capture of at least twice the limit's plies (the start's halfmove clock counted in the
/// first). When none is that long, [`NaturalLimit::reached`] is `None` whatever the checks,
/// and a ruling need not count them.
pub(crate) fn claim_within_reach(start: &Position, moves: &[Move], limit: u32) -> bool {
    let needed = 2 * limit as usize;
    if needed == 0 {
        return false;
    }
    let mut plies = start.halfmoves() as usize;
    if plies >= needed {
        return true;
    }
    for m in moves {
        plies = if m.is_capture() { 0 } else { plies + 1 };
        if plies >= needed {
            return true;
        }
    }
    false
}

/// The natural-limit count, one ply at a time (what [`natural_limit`] does along a line).
#[derive(Debug, Clone)]
pub(crate) struct NaturalCounter {
    n: usize,
    cap: usize,
    limit: u32,
    check_cap: u32,
    /// Plies counted (the ply of the last one pushed).
    ply: usize,
    /// The start position's halfmove clock.
    clock: usize,
    claims: ByColor<(Count, Option<usize>)>,
    last_capture: Option<usize>,
}

impl NaturalCounter {
    /// A count from `start` (its halfmove clock counts as captureless plies with no known
    /// checks).
    pub(crate) fn new(start: Option<&Position>, limit: u32, check_cap: u32) -> NaturalCounter {
        let claims = ByColor::new_with(|claimant| {
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
        let mut counter = NaturalCounter {
            n: limit as usize,
            cap: check_cap as usize,
            limit,
            check_cap,
            ply: 0,
            clock: start.map_or(0, |p| p.halfmoves() as usize),
            claims,
            last_capture: None,
        };
        for claimant in Color::ALL {
            if counter.holds(&counter.claims[claimant].0) {
                counter.claims[claimant].1 = Some(0);
            }
        }
        counter
    }

    fn holds(&self, c: &Count) -> bool {
        self.n > 0 && c.counted(self.cap) >= self.n && c.opp >= self.n
    }

    /// Counts the next ply: played by `mover`, a capture or not, giving check or not.
    pub(crate) fn push(&mut self, mover: Color, capture: bool, check: bool) {
        self.ply += 1;
        let ply = self.ply;
        if capture {
            self.last_capture = Some(ply);
        }
        for claimant in Color::ALL {
            let (mut c, r) = self.claims[claimant];
            if capture {
                self.claims[claimant].0 = Count::default();
                continue;
            }
            if mover == claimant {
                c.own += 1;
                c.checks += usize::from(check);
            } else {
                c.opp += 1;
            }
            let reached = r.is_none() && self.holds(&c);
            self.claims[claimant] = (c, if reached { Some(ply) } else { r });
        }
    }

    /// Counts `plies` plies without a capture in which no claim can hold, a capture next:
    /// only the ply moves on (the capture starts the counts again, and no claim is reached).
    fn pass_before_capture(&mut self, plies: usize) {
        self.ply += plies;
    }

    /// The first ply at which either side's claim holds, with the claimant.
    pub(crate) fn reached(&self) -> Option<(usize, Color)> {
        Color::ALL
            .into_iter()
            .filter_map(|c| self.claims[c].1.map(|p| (p, c)))
            .min_by_key(|&(p, c)| (p, c))
    }

    /// The report as of the last ply counted.
    pub(crate) fn report(&self) -> NaturalLimit {
        let plies_without_capture = match self.last_capture {
            Some(p) => self.ply - p,
            None => self.ply + self.clock,
        };
        let claims = ByColor::new_with(|claimant| {
            let (c, r) = self.claims[claimant];
            Claim {
                claimant,
                reached_at_ply: r,
                counted_moves: c.counted(self.cap),
                moves: c.own,
                opponent_moves: c.opp,
                checks: c.checks,
                holds: self.holds(&c),
            }
        });
        NaturalLimit {
            limit: self.limit,
            check_cap: self.check_cap,
            plies_without_capture,
            last_capture_ply: self.last_capture,
            claims,
        }
    }
}

#[cfg(test)]
mod tests;
