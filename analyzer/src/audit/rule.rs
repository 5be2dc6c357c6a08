//! The ruling of one game, as the audit needs it: the decision that settles the record,
//! and the `ruling`, `cycles` and `natural_limit` objects of `qili judge` for the JSON.
//!
//! Interim: until the verdict engine lands this lists the repeated positions and the
//! natural-limit ply without ruling them.

use std::collections::HashMap;

use qili_notation::{Color, Move, Position};
use serde_json::{json, Value};

use crate::rules::Settings;

/// What a ruling in force decides for the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Draw (both sides allowed, or both forbidden).
    Draw,
    /// The side loses (it repeated a forbidden cycle once more, or checked perpetually).
    Loses(Color),
    /// The side must change its moves (forbidden against allowed, threshold just reached).
    MustChange(Color),
}

/// The ruling in force that settles the record (the last one, RULES.md §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// What it decides.
    pub outcome: Outcome,
    /// The ply at which it came in force.
    pub in_force_ply: usize,
    /// The last ply of the record that is still part of the cycle.
    pub last_ply: usize,
    /// Whether the record leaves the cycle after it (the players changed moves).
    pub left_cycle: bool,
}

/// A game's ruling.
#[derive(Debug, Clone, PartialEq)]
pub struct Ruled {
    /// The ruling in force that settles the record, if any.
    pub decision: Option<Decision>,
    /// The ply at which the natural move limit was reached, if it was.
    pub natural_limit_ply: Option<usize>,
    /// The number of repetition cycles found.
    pub cycles: usize,
    /// `qili judge`'s `ruling` object (`null` when nothing is ruled).
    pub ruling_json: Value,
    /// `qili judge`'s `cycles` array.
    pub cycles_json: Value,
    /// `qili judge`'s `natural_limit` object.
    pub natural_limit_json: Value,
}

/// Rules a legal game. With `analyze` false (no position occurs twice) only the natural
/// limit is checked: nothing needs labelling.
pub fn rule(start: &Position, moves: &[Move], settings: &Settings, analyze: bool) -> Ruled {
    let natural_limit_ply = natural_limit(start, moves, settings);
    let natural_limit_json = match natural_limit_ply {
        Some(ply) => json!({"reached": true, "ply": ply, "limit": settings.natural_limit}),
        None => json!({"reached": false, "limit": settings.natural_limit}),
    };
    let cycles_json = if analyze {
        repeated_positions(start, moves)
    } else {
        json!([])
    };
    let cycles = cycles_json.as_array().map_or(0, Vec::len);
    Ruled {
        decision: None,
        natural_limit_ply,
        cycles,
        ruling_json: Value::Null,
        cycles_json,
        natural_limit_json,
    }
}

/// The ply at which `settings.natural_limit` moves (two plies each) passed without a capture.
fn natural_limit(start: &Position, moves: &[Move], settings: &Settings) -> Option<usize> {
    let limit = settings.natural_limit as usize * 2;
    if limit == 0 {
        return None;
    }
    let mut quiet = start.halfmoves() as usize;
    for (i, m) in moves.iter().enumerate() {
        quiet = if m.is_capture() { 0 } else { quiet + 1 };
        if quiet >= limit {
            return Some(i + 1);
        }
    }
    None
}

/// Every position that occurs at least twice, with the plies at which it occurs.
fn repeated_positions(start: &Position, moves: &[Move]) -> Value {
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut fens: HashMap<u64, String> = HashMap::new();
    let mut pos = start.clone();
    let mut order = Vec::new();
    let mut note = |pos: &Position, ply: usize, order: &mut Vec<u64>| {
        let k = pos.zobrist();
        let plies = seen.entry(k).or_default();
        plies.push(ply);
        if plies.len() == 2 {
            order.push(k);
            fens.insert(k, pos.fen());
        }
    };
    note(&pos, 0, &mut order);
    for (i, m) in moves.iter().enumerate() {
        pos.play_unchecked(m);
        note(&pos, i + 1, &mut order);
    }
    Value::Array(
        order
            .iter()
            .map(|k| {
                let plies = &seen[k];
                json!({"fen": fens[k], "occurrences": plies.len(), "plies": plies})
            })
            .collect(),
    )
}
