//! Perft: counting leaf nodes of the legal move tree, the standard check of a move generator.

use crate::{Move, Position};

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(64);
    pos.legal_moves_into(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&pos.after(m), depth - 1)).sum()
}

/// Perft split by first move: `(move, nodes)` for each legal move, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            (
                m,
                if depth <= 1 {
                    1
                } else {
                    perft(&pos.after(&m), depth - 1)
                },
            )
        })
        .collect()
}
