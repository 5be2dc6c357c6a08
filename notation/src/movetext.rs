//! Reading a move written in any supported notation, for record readers.
//!
//! STUB: only ICCS for now; the notation modules (Chinese full and abbreviated, WXF) plug in here.

use crate::{Iccs, Move, Position};

/// The notations a move text can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates (`h2e2`, `H2-E2`).
    Iccs,
    /// WXF (`C2.5`, `H2+3`).
    Wxf,
    /// Chinese full notation (`炮二平五`).
    Chinese,
    /// Chinese abbreviated notation (`炮25`).
    ChineseShort,
}

/// Why a move text could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The text is not a move in the expected notation(s); `column` is a byte offset into it.
    #[error("cannot read move {text:?} (column {column}): {message}")]
    Syntax {
        /// The move text.
        text: String,
        /// Byte offset of the problem.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The text names a move that is not legal here.
    #[error("illegal move {0:?}")]
    Illegal(String),
    /// The text fits several legal moves.
    #[error("ambiguous move {0:?}")]
    Ambiguous(String),
}

/// Resolves `text` in `pos`. With `hint`, only that notation is tried; without, every
/// supported notation is tried in turn.
pub fn parse_move(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
) -> Result<Move, MoveTextError> {
    match hint {
        None | Some(Notation::Iccs) => {
            let iccs: Iccs =
                text.parse()
                    .map_err(|e: crate::iccs::ParseIccsError| MoveTextError::Syntax {
                        text: text.to_owned(),
                        column: e.column,
                        message: e.to_string(),
                    })?;
            iccs.to_move(pos)
                .map_err(|_| MoveTextError::Illegal(text.to_owned()))
        }
        Some(n) => Err(MoveTextError::Syntax {
            text: text.to_owned(),
            column: 0,
            message: format!("{n:?} notation is not supported yet"),
        }),
    }
}

/// Writes `mv` (legal in `pos`) in `notation`.
pub fn write_move(pos: &Position, mv: &Move, notation: Notation) -> String {
    let _ = pos;
    match notation {
        _ => Iccs::from_move(mv).to_string(),
    }
}
