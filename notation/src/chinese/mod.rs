//! Chinese full notation (完整记录, rulebook 7.5): `炮二平五`, `马8进7`, `馬８進７`, `前炮退二`.
//!
//! Red writes its numbers in Chinese numerals (一…九), Black in digits (1…9), each side
//! counting files from its own right. The reader takes either kind of number for either
//! side (ASCII and full-width digits too), simplified and traditional characters and the
//! usual variants (車/俥, 馬/傌, 砲/包, 帥/將, 進, 後, the old 上/下). The side is the
//! side to move of the position: a colour-marked glyph (兵/卒, 相/象…) is not checked.
//! Whether a record writes each move in its side's numerals is checked over the whole
//! record by [`NumeralCheck`] (a move in the other side's style is an error when the
//! record uses the usual convention).
//!
//! Tandems (two or more pieces of one kind on one file): 前/后 for two, 前/中/后 for three,
//! 一二三四五 for four or five soldiers; when two files each hold several soldiers, the
//! place word is followed by the file (`前兵四平五`), and `前九平八`, `二7平6` (soldier left
//! out) and the cross-file count (`一兵平五`: right file first, front to back) are read too.
//! See [`crate::descriptive`] for the numbers and the canonical choice of tandem words.
//!
//! ```
//! use qili_notation::{chinese::{Chinese, ChineseStyle}, Position};
//!
//! let pos = Position::startpos();
//! let m = "炮二平五".parse::<Chinese>()?.to_move(&pos)?;
//! assert_eq!(m.to_string(), "h2e2");
//! let black = pos.after(&m);
//! let reply = "馬８進７".parse::<Chinese>()?.to_move(&black)?;
//! let written = Chinese::from_move(&black, &reply);
//! assert_eq!(written.to_string(), "马8进7");
//! let style = ChineseStyle { traditional: true, fullwidth_digits: true };
//! assert_eq!(written.display(style).to_string(), "馬８進７");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod glyphs;
mod numerals;
pub(crate) mod parse;

pub use numerals::{numeral_side, NumeralCheck, NumeralVerdict, WrongSide};

use std::fmt;
use std::str::FromStr;

use crate::abbreviated::Abbreviated;
use crate::descriptive::{self, Direction, Origin, ResolveError, Styled, SyntaxError};
use crate::{Color, Move, Notation, Position, Role};

/// How Chinese moves are written: characters and Black's digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ChineseStyle {
    /// Traditional characters (車 馬 帥 將 進 後) instead of simplified ones.
    pub traditional: bool,
    /// Black's numbers as full-width digits (`８`) instead of ASCII (`8`).
    pub fullwidth_digits: bool,
}

/// A move in Chinese full notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chinese {
    /// The side whose numbers are written (Red: Chinese numerals, Black: digits): the
    /// colour of the glyph when it has one (兵 Red, 卒 Black), else of the digits read.
    pub color: Color,
    /// The kind of piece moving.
    pub role: Role,
    /// The file, or the place in a tandem.
    pub origin: Origin,
    /// 进 退 平.
    pub direction: Direction,
    /// Destination file or distance, 1–9.
    pub number: u8,
}

impl Chinese {
    /// The legal move this text names in `pos` (for the side to move).
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        descriptive::resolve(
            pos,
            self.role,
            self.origin,
            Some(self.direction),
            self.number,
            || self.to_string(),
        )
    }

    /// The canonical text of `m`, a legal move in `pos`.
    pub fn from_move(pos: &Position, m: &Move) -> Chinese {
        let d = descriptive::describe(pos, m);
        Chinese {
            color: d.color,
            role: m.role,
            origin: d.origin,
            direction: d.direction,
            number: d.number,
        }
    }

    /// Writes the move in `style`.
    pub fn display(&self, style: ChineseStyle) -> impl fmt::Display + '_ {
        Styled { mv: self, style }
    }
}

impl fmt::Display for Styled<'_, Chinese, ChineseStyle> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = *self.mv;
        let full = Abbreviated {
            color: c.color,
            role: c.role,
            origin: c.origin,
            direction: Some(c.direction),
            number: c.number,
        };
        write_glyphs(f, &full, self.style, true)
    }
}

/// Writes a move in glyphs: the place word of a tandem, the piece, its file, the direction
/// word when there is one and the final number. Numbers are Chinese numerals for Red when
/// `red_numerals` (the full notation), else digits.
pub(crate) fn write_glyphs(
    f: &mut fmt::Formatter<'_>,
    mv: &Abbreviated,
    style: ChineseStyle,
    red_numerals: bool,
) -> fmt::Result {
    let ChineseStyle {
        traditional,
        fullwidth_digits: wide,
    } = style;
    let number = |f: &mut fmt::Formatter<'_>, n| match mv.color {
        Color::Red if red_numerals => write!(f, "{}", glyphs::chinese_numeral(n)),
        _ => descriptive::write_char(f, glyphs::ascii_digit(n), wide),
    };
    let file = match mv.origin {
        Origin::File(file) => Some(file),
        Origin::Tandem { place, file } => {
            write!(f, "{}", glyphs::place_word(place, traditional))?;
            file
        }
    };
    write!(f, "{}", glyphs::piece_glyph(mv.role, mv.color, traditional))?;
    if let Some(file) = file {
        number(f, file)?;
    }
    if let Some(d) = mv.direction {
        write!(f, "{}", glyphs::direction_word(d, traditional))?;
    }
    number(f, mv.number)
}

impl fmt::Display for Chinese {
    /// The rulebook's form: simplified characters, Red in Chinese numerals, Black in ASCII digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display(ChineseStyle::default()).fmt(f)
    }
}

impl FromStr for Chinese {
    type Err = SyntaxError;

    fn from_str(s: &str) -> Result<Chinese, SyntaxError> {
        // Most moves are piece, file, direction, number (`炮二平五`): read at once; anything
        // else (tandems, errors) goes through the grammar, which reads these the same.
        if let Some(c) = parse::plain(s) {
            return Ok(c);
        }
        descriptive::run(Notation::Chinese, s, parse::full)
    }
}
