//! The crate-level error type.

use crate::{FenError, Iccs, Position, PositionError};

/// Anything that can go wrong reading a position or a move sequence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The FEN could not be read.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The FEN was read but is not a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move of a sequence is illegal: the move and the position it was tried in, handed
    /// back.
    #[error("ply {ply}: illegal move {mv} in {}", .position.fen())]
    IllegalMove {
        /// 1-based ply number.
        ply: usize,
        /// The move as written.
        mv: Iccs,
        /// The position it was tried in (boxed, to keep the error small).
        position: Box<Position>,
    },
}
