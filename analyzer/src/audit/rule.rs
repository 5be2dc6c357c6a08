//! The ruling of one game, as the audit needs it ([`Ruled`]: the decision that settles the
//! record, and the judgement behind it, from which the JSON writes `qili judge`'s `ruling`,
//! `cycles` and `natural_limit` objects).

use qili_notation::{Move, Position};

use crate::agreement::{decision, earlier_loss, Ruled};
use crate::judge::judge;
use crate::rules::Settings;
use crate::verdict;

/// The plies a captureless stretch must last before the natural limit can be reached.
fn natural_limit_possible(start: &Position, moves: &[Move], settings: &Settings) -> bool {
    let limit = settings.natural_limit as usize * 2;
    if limit == 0 {
        return false;
    }
    let mut quiet = start.halfmoves() as usize;
    for m in moves {
        quiet = if m.is_capture() { 0 } else { quiet + 1 };
        if quiet >= limit {
            return true;
        }
    }
    false
}

/// Rules a legal game. With `repeats` false (no position occurs often enough for the
/// caller's purpose) the game is only judged when a captureless stretch is long enough for
/// the natural limit; otherwise its cycles are counted, not labelled or ruled.
pub fn rule(start: &Position, moves: &[Move], settings: &Settings, repeats: bool) -> Ruled {
    let keys = super::game::zobrist_keys(start, moves);
    rule_keyed(start, moves, &keys, settings, repeats)
}

/// [`rule`] with the game's Zobrist keys (start position, then after every ply) at hand.
pub(crate) fn rule_keyed(
    start: &Position,
    moves: &[Move],
    keys: &[u64],
    settings: &Settings,
    repeats: bool,
) -> Ruled {
    if !repeats && !natural_limit_possible(start, moves, settings) {
        // The cycles `judge` would find, without labels.
        return Ruled {
            decision: None,
            natural_limit_ply: None,
            earlier_loss: None,
            cycles: crate::graph::cycles(keys, verdict::threshold(settings)).len(),
            judgement: None,
        };
    }
    let j = judge(start, moves, settings);
    Ruled {
        decision: decision(&j),
        natural_limit_ply: j.natural_limit.reached().map(|(p, _)| p),
        earlier_loss: earlier_loss(&j),
        cycles: j.cycles.len(),
        judgement: Some(Box::new(j)),
    }
}
