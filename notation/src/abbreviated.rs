//! Chinese abbreviated notation (简写记录, rulebook 7.5): `炮25`, `马87`, `车12`, `炮84` —
//! the piece, its file and the final number of the full notation, without the direction
//! word, in digits for both sides.
//!
//! The reader resolves the text against the legal moves (`车12` may be 车一平二, 车一进二 or
//! 车一退二) and reports [`ResolveError::Ambiguous`] when several fit. Tandems keep the
//! place word of the full notation (`前炮5`, `前兵45`). When the bare form fits several
//! legal moves, the writer keeps the direction word (`车1进2`), which the reader accepts.
//!
//! ```
//! use qili_notation::{abbreviated::Abbreviated, Position};
//!
//! let pos = Position::startpos();
//! let m = "炮25".parse::<Abbreviated>()?.to_move(&pos)?;
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(Abbreviated::from_move(&pos, &m).to_string(), "炮25");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::chinese::{self, parse, ChineseStyle};
use crate::descriptive::{self, Direction, Origin, ResolveError, Styled, SyntaxError};
use crate::{Color, Move, Notation, Position, Role};

/// A move in abbreviated notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Abbreviated {
    /// The side of the glyph (兵 Red, 卒 Black); for shared glyphs (车 马 炮) the side
    /// guessed from the digits. Only chooses glyphs when writing.
    pub color: Color,
    /// The kind of piece moving.
    pub role: Role,
    /// The file, or the place in a tandem.
    pub origin: Origin,
    /// The direction word, when written.
    pub direction: Option<Direction>,
    /// Destination file or distance, 1–9.
    pub number: u8,
}

impl Abbreviated {
    /// The legal move this text names in `pos`; `Ambiguous` when several fit.
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        descriptive::resolve(
            pos,
            self.role,
            self.origin,
            self.direction,
            self.number,
            || self.to_string(),
        )
    }

    /// The shortest canonical text of `m`, a legal move in `pos`: the full notation's
    /// piece (or tandem) and numbers, plus the direction word only when needed.
    pub fn from_move(pos: &Position, m: &Move) -> Abbreviated {
        let d = descriptive::describe(pos, m);
        let mut a = Abbreviated {
            color: d.color,
            role: m.role,
            origin: d.origin,
            direction: None,
            number: d.number,
        };
        if a.to_move(pos).ok() != Some(*m) {
            a.direction = Some(d.direction);
        }
        a
    }

    /// Writes the move in `style` (traditional characters, full-width digits).
    pub fn display(&self, style: ChineseStyle) -> impl fmt::Display + '_ {
        Styled { mv: self, style }
    }
}

impl fmt::Display for Styled<'_, Abbreviated, ChineseStyle> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        chinese::write_glyphs(f, self.mv, self.style, false)
    }
}

impl fmt::Display for Abbreviated {
    /// Simplified characters, ASCII digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display(ChineseStyle::default()).fmt(f)
    }
}

impl FromStr for Abbreviated {
    type Err = SyntaxError;

    fn from_str(s: &str) -> Result<Abbreviated, SyntaxError> {
        descriptive::run(Notation::ChineseShort, s, parse::abbreviated)
    }
}
