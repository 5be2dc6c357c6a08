//! Reading a move written in any supported notation, for record readers.
//!
//! ```
//! use qili_notation::{movetext::{detect_notation, parse_move, write_move}, Notation, Position};
//!
//! let pos = Position::startpos();
//! for text in ["h2e2", "H2-E2", "炮二平五", "C2.5", "Ｃ２＝５", "炮25"] {
//!     assert_eq!(parse_move(&pos, text, None)?.to_string(), "h2e2");
//! }
//! let m = parse_move(&pos, "炮二平五", Some(Notation::Chinese))?;
//! assert_eq!(write_move(&pos, &m, Notation::Wxf), "C2.5");
//! assert_eq!(detect_notation(&["炮二平五", "马8进7"]), Some(Notation::Chinese));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::abbreviated::Abbreviated;
use crate::chinese::Chinese;
use crate::descriptive::{IllegalReason, ResolveError, SyntaxError};
use crate::winboard::WinBoard;
use crate::wxf::Wxf;
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
    /// WinBoard/XBoard SAN (`Cbg2`, `Hc7`, `c5`), as engine matches write Xiangqi.
    WinBoard,
}

impl std::fmt::Display for Notation {
    /// The name people use: `ICCS`, `WXF`, `Chinese`, `Chinese abbreviated`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
            Notation::ChineseShort => "Chinese abbreviated",
            Notation::WinBoard => "WinBoard",
        })
    }
}

impl Notation {
    /// The order in which [`parse_move`] tries notations without a hint.
    pub const TRY_ORDER: [Notation; 5] = [
        Notation::Iccs,
        Notation::Chinese,
        Notation::Wxf,
        Notation::ChineseShort,
        Notation::WinBoard,
    ];

    /// Which failure to report when several readers stop at the same byte: the full
    /// notations before ICCS and the abbreviated one.
    fn error_priority(self) -> u8 {
        match self {
            Notation::Chinese => 3,
            Notation::Wxf => 2,
            Notation::Iccs => 1,
            Notation::ChineseShort => 0,
            Notation::WinBoard => 0,
        }
    }
}

/// Why a move text could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The text is not a move in the expected notation(s); `column` is a byte offset into it.
    #[error("cannot read move {text:?} (column {column}): {}", syntax_message(*notation, *kind))]
    Syntax {
        /// The move text.
        text: String,
        /// Byte offset of the problem.
        column: usize,
        /// The notation of the reader that got furthest (`None`: the text is empty).
        notation: Option<Notation>,
        /// What that reader expected there (`None` for ICCS, whose reader expects the whole
        /// form `h2e2`, and for an empty text).
        kind: Option<crate::SyntaxErrorKind>,
    },
    /// The text names a move that is not legal here.
    #[error("illegal move {text:?}")]
    Illegal {
        /// The move text.
        text: String,
        /// Why, where the notation tells (a descriptive notation names a piece and a way;
        /// coordinates name only two points, so `None`).
        reason: Option<IllegalReason>,
    },
    /// The text fits several legal moves.
    #[error("ambiguous move {text:?}")]
    Ambiguous {
        /// The move text.
        text: String,
        /// The legal moves it fits (two or more).
        candidates: Vec<Move>,
    },
    /// The move is written in the other side's numerals in a record that uses the usual
    /// convention (see [`crate::chinese::NumeralCheck`]).
    #[error("{0}")]
    WrongSide(crate::chinese::WrongSide),
}

/// A text read in one notation, not yet resolved.
enum Syntax {
    Iccs(Iccs),
    Chinese(Chinese),
    Wxf(Wxf),
    Short(Abbreviated),
    WinBoard(WinBoard),
}

/// What a syntax error says: the notation and what its reader expected.
fn syntax_message(notation: Option<Notation>, kind: Option<crate::SyntaxErrorKind>) -> String {
    match (notation, kind) {
        (None, _) => "empty move".into(),
        (Some(Notation::Iccs), None) => "ICCS notation: expected e.g. h2e2 or H2-E2".into(),
        (Some(n), Some(k)) => format!("{n} notation: {k}"),
        (Some(n), None) => format!("{n} notation"),
    }
}

/// A syntax failure: byte offset and what was expected.
struct Failed {
    column: usize,
    kind: Option<crate::SyntaxErrorKind>,
}

impl Failed {
    fn rank(&self, n: Notation) -> (usize, u8) {
        (self.column, n.error_priority())
    }
}

impl From<SyntaxError> for Failed {
    fn from(e: SyntaxError) -> Failed {
        Failed {
            column: e.span.start,
            kind: Some(e.kind),
        }
    }
}

fn read(text: &str, notation: Notation) -> Result<Syntax, Failed> {
    Ok(match notation {
        Notation::Iccs => Syntax::Iccs(text.parse().map_err(
            |e: crate::iccs::ParseIccsError| Failed {
                column: e.column,
                kind: None,
            },
        )?),
        Notation::Chinese => Syntax::Chinese(text.parse::<Chinese>()?),
        Notation::Wxf => Syntax::Wxf(text.parse::<Wxf>()?),
        Notation::ChineseShort => Syntax::Short(text.parse::<Abbreviated>()?),
        Notation::WinBoard => Syntax::WinBoard(text.parse::<WinBoard>()?),
    })
}

fn resolve(pos: &Position, syntax: &Syntax, text: &str) -> Result<Move, MoveTextError> {
    let r = match syntax {
        Syntax::Iccs(i) => {
            return i.to_move(pos).map_err(|_| MoveTextError::Illegal {
                text: text.to_owned(),
                reason: None,
            });
        }
        Syntax::Chinese(c) => c.to_move(pos),
        Syntax::Wxf(w) => w.to_move(pos),
        Syntax::Short(a) => a.to_move(pos),
        Syntax::WinBoard(w) => w.to_move(pos),
    };
    r.map_err(|e| match e {
        ResolveError::Illegal { reason, .. } => MoveTextError::Illegal {
            text: text.to_owned(),
            reason: Some(reason),
        },
        ResolveError::Ambiguous { candidates, .. } => MoveTextError::Ambiguous {
            text: text.to_owned(),
            candidates,
        },
    })
}

/// Resolves `text` (surrounding whitespace ignored) in `pos`. With `hint`, only that
/// notation is tried; without, ICCS, Chinese full, WXF, abbreviated and WinBoard are tried
/// in turn and the first that reads the text as a legal move decides (when some read it
/// but none as a legal move, the first one's error). When none reads it, the error is the one
/// that got furthest into the text (on a tie: Chinese, WXF, ICCS, abbreviated).
pub fn parse_move(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
) -> Result<Move, MoveTextError> {
    let lead = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    let order: &[Notation] = match &hint {
        Some(n) => std::slice::from_ref(n),
        None => &Notation::TRY_ORDER,
    };
    let mut best: Option<(Failed, Notation)> = None;
    let mut unplayable = None;
    for &n in order {
        match read(trimmed, n) {
            Ok(syntax) => match resolve(pos, &syntax, trimmed) {
                Ok(m) => return Ok(m),
                // Another notation may read the text as a legal move (`A0e1`: ICCS a0-e1,
                // or WinBoard's advisor from rank 0 to e1).
                Err(e) => {
                    unplayable.get_or_insert(e);
                }
            },
            Err(f) => {
                if !matches!(&best, Some((b, bn)) if b.rank(*bn) >= f.rank(n)) {
                    best = Some((f, n));
                }
            }
        }
    }
    if let Some(e) = unplayable {
        return Err(e);
    }
    let (best, notation) = match best {
        Some((f, n)) => (f, Some(n)),
        None => (
            Failed {
                column: 0,
                kind: Some(crate::SyntaxErrorKind::Empty),
            },
            None,
        ),
    };
    Err(MoveTextError::Syntax {
        text: text.to_owned(),
        column: lead + best.column,
        notation,
        kind: best.kind,
    })
}

/// Writes `mv` (legal in `pos`) in `notation`, in its canonical form (simplified
/// characters, Red in Chinese numerals and Black in ASCII digits; WXF in ASCII upper case).
pub fn write_move(pos: &Position, mv: &Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => Iccs::from_move(mv).to_string(),
        Notation::Chinese => Chinese::from_move(pos, mv).to_string(),
        Notation::Wxf => Wxf::from_move(pos, mv).to_string(),
        Notation::ChineseShort => Abbreviated::from_move(pos, mv).to_string(),
        Notation::WinBoard => WinBoard::from_move(pos, mv).to_string(),
    }
}

/// The notation most of `sample` (move texts, e.g. the first moves of a record) is written
/// in, judged by syntax alone; ties go to the earlier of [`Notation::TRY_ORDER`]. `None`
/// when no text reads in any notation.
pub fn detect_notation(sample: &[&str]) -> Option<Notation> {
    let mut best: Option<(Notation, usize)> = None;
    for n in Notation::TRY_ORDER {
        let count = sample.iter().filter(|t| read(t.trim(), n).is_ok()).count();
        if count > 0 && !matches!(best, Some((_, c)) if c >= count) {
            best = Some((n, count));
        }
    }
    best.map(|(n, _)| n)
}
