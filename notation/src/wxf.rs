//! WXF notation: `C2.5`, `H2+3`, `R1=2`, `+C.5`, `-P+1`.
//!
//! A piece letter (`K A E H R C P`; `B` and `N` are read too; lower case, which some sites
//! use for Black, is read as well), the file (1–9 from the mover's right), the direction
//! (`+` advance, `-` retreat, `.` or `=` traverse) and the destination file or distance.
//! Full-width forms (`Ｃ２＝５`, `＋Ｐ＋１`) are read too.
//!
//! Tandems: `+C.5` / `-C.5` (front / rear) are written; the reader also takes the mark
//! after the letter (`C+.5`, `H++7`, `C-+1`, `C..5` with `.` for rear), the letters
//! `f`/`m`/`b` before it (`fC5-2`), an index for three or more soldiers (`2P.5`, counted
//! from the front), the soldier letters `a`–`e` (`Pa.5`, the n-th soldier) and the file
//! after the letter when two files each hold several soldiers (`+P7.6`). Note: some
//! documents use `-` after the letter for the middle of three; here `-` is always the rear,
//! the middle one is `2P`.
//!
//! ```
//! use qili_notation::{wxf::{Wxf, WxfStyle}, Position};
//!
//! let pos = Position::startpos();
//! let m = "Ｃ２＝５".parse::<Wxf>()?.to_move(&pos)?;
//! assert_eq!(m.to_string(), "h2e2");
//! let w = Wxf::from_move(&pos, &m);
//! assert_eq!(w.to_string(), "C2.5");
//! let style = WxfStyle { fullwidth: true, equals_for_traverse: true, ..WxfStyle::default() };
//! assert_eq!(w.display(style).to_string(), "Ｃ２＝５");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use nom::combinator::opt;

use crate::chinese::glyphs::ascii_digit;
use crate::descriptive::{
    self, digit, fold_width, one, write_char, Direction, Origin, PResult, ResolveError, Styled,
    SyntaxError, SyntaxErrorKind as K, Tandem,
};
use crate::{Move, Notation, Position, Role};

/// How WXF moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WxfStyle {
    /// Full-width characters (`Ｃ２．５`).
    pub fullwidth: bool,
    /// Lower-case piece letters (as some sites write Black's moves).
    pub lowercase: bool,
    /// `=` instead of `.` for traverse.
    pub equals_for_traverse: bool,
}

/// A move in WXF notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wxf {
    /// The kind of piece moving.
    pub role: Role,
    /// The file, or the place in a tandem.
    pub origin: Origin,
    /// `+ - .`
    pub direction: Direction,
    /// Destination file or distance, 1–9.
    pub number: u8,
}

impl Wxf {
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
    pub fn from_move(pos: &Position, m: &Move) -> Wxf {
        let d = descriptive::describe(pos, m);
        // WXF writes the middle of three as the second (`2P`): the same piece when one file
        // holds the three, and what the reader takes `2P` for.
        let origin = match d.origin {
            Origin::Tandem {
                place: Tandem::Middle,
                file,
            } => Origin::Tandem {
                place: Tandem::Nth(2),
                file,
            },
            o => o,
        };
        Wxf {
            role: m.role,
            origin,
            direction: d.direction,
            number: d.number,
        }
    }

    /// Writes the move in `style`.
    pub fn display(&self, style: WxfStyle) -> impl fmt::Display + '_ {
        Styled { mv: self, style }
    }
}

impl fmt::Display for Styled<'_, Wxf, WxfStyle> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Wxf {
            role,
            origin,
            direction,
            number,
        } = *self.mv;
        let s = self.style;
        let c = |f: &mut fmt::Formatter<'_>, c: char| write_char(f, c, s.fullwidth);
        let letter = if s.lowercase {
            role.wxf_char().to_ascii_lowercase()
        } else {
            role.wxf_char()
        };
        let file = match origin {
            Origin::File(file) => {
                c(f, letter)?;
                Some(file)
            }
            Origin::Tandem { place, file } => {
                c(
                    f,
                    match place {
                        Tandem::Front => '+',
                        Tandem::Rear => '-',
                        // `M` reads back as the middle (of exactly three); `2` would
                        // read back as the second, another piece when there are two.
                        Tandem::Middle => 'M',
                        Tandem::Nth(n) => ascii_digit(n),
                    },
                )?;
                c(f, letter)?;
                file
            }
        };
        if let Some(file) = file {
            c(f, ascii_digit(file))?;
        }
        c(
            f,
            match direction {
                Direction::Advance => '+',
                Direction::Retreat => '-',
                Direction::Traverse if s.equals_for_traverse => '=',
                Direction::Traverse => '.',
            },
        )?;
        c(f, ascii_digit(number))
    }
}

impl fmt::Display for Wxf {
    /// ASCII, upper case, `.` for traverse.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display(WxfStyle::default()).fmt(f)
    }
}

// ------------------------------------------------------------------ grammar (private)

/// A piece letter, in either case and width (`K A E H R C P`, also `B` and `N`).
fn letter(c: char) -> Option<Role> {
    Role::from_char(fold_width(c))
}

fn direction(c: char) -> Option<Direction> {
    match fold_width(c) {
        '+' => Some(Direction::Advance),
        '-' => Some(Direction::Retreat),
        '.' | '=' => Some(Direction::Traverse),
        _ => None,
    }
}

fn second_char(i: &str) -> Option<char> {
    i.chars().nth(1)
}

/// A tandem mark before the letter: `+`, `-`, `f`/`m`/`b`, or an index `1`–`5`.
fn prefix(i: &str) -> PResult<'_, Tandem> {
    let followed_by_letter = second_char(i).and_then(letter).is_some();
    let mark = move |c: char| match fold_width(c) {
        '+' => Some(Tandem::Front),
        '-' => Some(Tandem::Rear),
        'f' | 'F' if followed_by_letter => Some(Tandem::Front),
        'm' | 'M' if followed_by_letter => Some(Tandem::Middle),
        'b' if followed_by_letter => Some(Tandem::Rear),
        d @ '1'..='5' if followed_by_letter => Some(Tandem::Nth(d as u8 - b'0')),
        _ => None,
    };
    one(K::ExpectedPiece, mark)(i)
}

/// What follows the letter when no prefix was written: a file, a mark (`+ - .` followed
/// by a direction) or a soldier index letter `a`–`e`.
fn suffix(i: &str) -> PResult<'_, Origin> {
    let before_direction = second_char(i).and_then(direction).is_some();
    let mark = move |c: char| match fold_width(c) {
        '+' if before_direction => Some(Origin::Tandem {
            place: Tandem::Front,
            file: None,
        }),
        '-' | '.' if before_direction => Some(Origin::Tandem {
            place: Tandem::Rear,
            file: None,
        }),
        l @ 'a'..='e' => Some(Origin::Tandem {
            place: Tandem::Nth(l as u8 - b'a' + 1),
            file: None,
        }),
        _ => None,
    };
    match digit(K::ExpectedOrigin)(i) {
        Ok((rest, file)) => Ok((rest, Origin::File(file))),
        Err(nom::Err::Error(_)) => one(K::ExpectedOrigin, mark)(i),
        Err(e) => Err(e),
    }
}

fn wxf(i: &str) -> PResult<'_, Wxf> {
    let (rest, place) = opt(prefix)(i)?;
    let (rest, role) = one(K::ExpectedPiece, letter)(rest)?;
    let (rest, origin) = match place {
        Some(place) => {
            // A file after the letter only when a direction follows it (`+P7.6`).
            let file_follows = second_char(rest).and_then(direction).is_some();
            let (rest, file) = if file_follows {
                opt(digit(K::ExpectedFile))(rest)?
            } else {
                (rest, None)
            };
            (rest, Origin::Tandem { place, file })
        }
        None => suffix(rest)?,
    };
    let (rest, direction) = one(K::ExpectedDirection, direction)(rest)?;
    let (rest, number) = digit(K::ExpectedNumber)(rest)?;
    Ok((
        rest,
        Wxf {
            role,
            origin,
            direction,
            number,
        },
    ))
}

impl FromStr for Wxf {
    type Err = SyntaxError;

    fn from_str(s: &str) -> Result<Wxf, SyntaxError> {
        descriptive::run(Notation::Wxf, s, wxf)
    }
}
