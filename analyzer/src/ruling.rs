//! The ruling of a line alone ([`judge_ruling`], [`crate::LineJudge::ruling`]): the ruling of
//! [`crate::judge()`] with only the cycles that could give it labelled, and without the
//! position graph — what a play server asks after each move (the Python package's
//! `is_optional_game_end`).

use hashbrown::HashTable;
use qili_notation::{Color, Move, Position};

use crate::graph::{
    cycles_in, first_occurrence_keys_into, occurrence_indices, CycleRoom, PlayedLine,
};
use crate::judge::{decision_plies, keyed_natural_limit, rule_new_run, ruling_of, Ruling};
use crate::label::{Labeller, Scope};
use crate::natural::claim_within_reach;
use crate::rules::Settings;
use crate::verdict::{self, Verdict};

/// The ruling of a line alone ([`judge_ruling`]), with what a caller of the ruling needs
/// beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineRuling {
    /// The ruling: [`crate::Judgement::ruling`] of the same line (a cycle is named by its
    /// index in [`crate::Judgement::cycles`]).
    pub ruling: Ruling,
    /// The side to move after the line.
    pub to_move: Color,
    /// The plies judged.
    pub plies: usize,
}

/// The ruling of `moves` played from `start`: [`crate::Judgement::ruling`] of
/// [`crate::judge()`], and no more. Only the cycles that could give the ruling are labelled:
/// those in force, and of them only those whose verdict could take its form last — no
/// earlier than the ply at which it comes in force, no later than the one at which it is
/// played again (only a forbidden side's verdict takes that one) — and not before the
/// natural limit is reached. A line whose ruling comes from its last cycle labels that cycle
/// alone. Illegal moves end the line, as for [`crate::judge()`].
///
/// ```
/// use qili_analyzer::{judge, judge_ruling, Outcome, Settings};
/// use qili_notation::{Color, Iccs, Position};
///
/// // Red's chariot checks along the 9th and the 8th rank in turn; Black's general steps
/// // up and back.
/// let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1").unwrap();
/// let mut pos = start.clone();
/// let mut moves = Vec::new();
/// let cycle = ["d9d8", "h9h8", "d8d9", "h8h9"].iter().cycle().take(8);
/// for m in std::iter::once(&"h0h9").chain(cycle) {
///     let mv = m.parse::<Iccs>().unwrap().to_move(&pos).unwrap();
///     pos.play(&mv);
///     moves.push(mv);
/// }
/// let ruled = judge_ruling(&start, &moves, &Settings::default());
/// assert_eq!(ruled.ruling, judge(&start, &moves, &Settings::default()).ruling);
/// assert_eq!(ruled.ruling.result, Outcome::BlackWins);
/// assert_eq!((ruled.to_move, ruled.plies), (Color::Black, 9));
/// ```
pub fn judge_ruling(start: &Position, moves: &[Move], settings: &Settings) -> LineRuling {
    let (line, _) = PlayedLine::legal(start, moves);
    RulingRoom::default().rule(&line, settings)
}

/// The most positions whose room a [`RulingRoom`] keeps from one line to the next (a
/// longer line's is let go).
const KEPT_KEYS: usize = 1 << 12;

/// What a line's ruling is found with, kept (emptied) from one line to the next.
#[derive(Debug, Default)]
pub(crate) struct RulingRoom {
    /// Each distinct position of the line, by the index of its first occurrence.
    first: HashTable<usize>,
    /// Per position of the line, the index of its first occurrence: equal positions have
    /// equal keys (what the position graph's nodes are to [`crate::judge()`]).
    keys: Vec<usize>,
    /// The room the cycles are found in.
    cycles: CycleRoom,
}

impl RulingRoom {
    /// The ruling of `line` (see [`judge_ruling`]).
    pub(crate) fn rule(&mut self, line: &PlayedLine, settings: &Settings) -> LineRuling {
        let (positions, moves) = (line.positions(), line.moves());
        first_occurrence_keys_into(positions, &mut self.first, &mut self.keys);
        let keys = &self.keys;
        let threshold = verdict::threshold(settings);
        let runs = cycles_in(keys, threshold, &mut self.cycles);
        // The natural limit, where a claim could hold at all (its checks are asked then).
        let natural = claim_within_reach(line.start(), moves, settings.natural_limit)
            .then(|| {
                keyed_natural_limit(
                    positions,
                    moves,
                    |i| keys.get(i).copied(),
                    positions.len(),
                    settings,
                )
                .reached()
            })
            .flatten();
        // Each cycle in force, by the least and the greatest (ply, index) its verdict could
        // take its form at: the repeated position's threshold-th occurrence, and the one
        // after it (`CycleJudgement::decided_ply`).
        let mut bounds: Vec<((usize, usize), (usize, usize))> = runs
            .iter()
            .enumerate()
            .filter_map(|(i, run)| {
                let occurrences = occurrence_indices(keys, run);
                let (in_force, again) = decision_plies(&occurrences, threshold)?;
                Some(((in_force, i), (again, i)))
            })
            .collect();
        // A cycle can give the ruling when it could come last among those in force (no
        // other comes in force after the latest it could) and not before the natural limit
        // is reached (which wins over an earlier cycle).
        let floor = bounds.iter().map(|&(least, _)| least).max();
        let reached = natural.map(|(q, _)| q);
        bounds.retain(|&(_, most)| Some(most) >= floor && reached.is_none_or(|q| most.0 >= q));
        // The latest first: once a cycle's verdict takes its form after the latest another
        // could, that one is not ruled.
        bounds.sort_by_key(|&(_, most)| std::cmp::Reverse(most));
        let mut labeller = Labeller::with_scope(Scope::Verdict);
        let mut decided: Option<(usize, usize, Verdict)> = None;
        for (_, (most, i)) in bounds {
            if decided
                .as_ref()
                .is_some_and(|&(p, j, _)| (p, j) > (most, i))
            {
                break;
            }
            let ruled = rule_new_run(&runs[i], keys, positions, moves, &mut labeller, settings);
            if let Some(p) = ruled.decided_ply() {
                if decided.as_ref().is_none_or(|&(q, j, _)| (p, i) > (q, j)) {
                    decided = Some((p, i, ruled.verdict));
                }
            }
        }
        let ruled = LineRuling {
            ruling: ruling_of(decided.iter().map(|(p, i, v)| (*p, *i, v)), natural),
            to_move: line.last().turn(),
            plies: moves.len(),
        };
        // A long line's room is let go rather than held until the next line.
        if self.keys.capacity() > KEPT_KEYS {
            *self = RulingRoom::default();
        }
        ruled
    }
}
