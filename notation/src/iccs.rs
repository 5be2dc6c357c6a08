//! ICCS coordinate moves: `h2e2`, also written `H2-E2`. Files `a`–`i` from Red's left,
//! ranks `0`–`9` from Red's back rank.

use std::fmt;
use std::str::FromStr;

use crate::{Move, Position, Square};

/// An ICCS move: two points, no piece information.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Iccs {
    /// Origin.
    pub from: Square,
    /// Destination.
    pub to: Square,
}

/// Why an ICCS text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid ICCS move {text:?} at column {column}: expected e.g. h2e2 or H2-E2")]
pub struct ParseIccsError {
    /// The text.
    pub text: String,
    /// Byte offset of the first character that does not fit.
    pub column: usize,
}

/// Why an ICCS move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IccsMoveError {
    /// No piece of the side to move on the origin, or the move breaks a rule.
    #[error("illegal move {0}")]
    Illegal(Iccs),
}

impl fmt::Display for Iccs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl FromStr for Iccs {
    type Err = ParseIccsError;

    fn from_str(s: &str) -> Result<Iccs, ParseIccsError> {
        let b = s.as_bytes();
        let bad = |column| ParseIccsError {
            text: s.to_owned(),
            column,
        };
        let square = |i: usize| -> Result<Square, ParseIccsError> {
            let f = *b.get(i).ok_or_else(|| bad(i))?;
            let r = *b.get(i + 1).ok_or_else(|| bad(i + 1))?;
            let file = crate::File::from_char(f as char).ok_or_else(|| bad(i))?;
            if !r.is_ascii_digit() {
                return Err(bad(i + 1));
            }
            let rank = crate::Rank::new(r - b'0').ok_or_else(|| bad(i + 1))?;
            Ok(Square::from_coords(file, rank))
        };
        let from = square(0)?;
        let second = if b.get(2) == Some(&b'-') { 3 } else { 2 };
        let to = square(second)?;
        if b.len() != second + 2 {
            return Err(bad(second + 2));
        }
        Ok(Iccs { from, to })
    }
}

impl Iccs {
    /// The legal move these coordinates denote in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IccsMoveError> {
        match pos.move_from_squares(self.from, self.to) {
            Some(m) if pos.is_legal(&m) => Ok(m),
            _ => Err(IccsMoveError::Illegal(*self)),
        }
    }

    /// The coordinates of a move.
    pub fn from_move(m: &Move) -> Iccs {
        Iccs {
            from: m.from,
            to: m.to,
        }
    }
}

impl From<Move> for Iccs {
    fn from(m: Move) -> Iccs {
        Iccs::from_move(&m)
    }
}
