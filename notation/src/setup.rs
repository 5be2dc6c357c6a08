//! `Setup`: an unchecked placement, what a FEN parses into, and FEN reading and writing.

use std::fmt;
use std::str::FromStr;

use crate::{Color, Piece, Square};

/// The standard start position.
pub const STARTPOS_FEN: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A placement and side to move, not yet validated (see [`crate::Position`]).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Pieces by point (`rank * 9 + file`, rank 0 = Red's back rank).
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN's half-move clock).
    pub halfmoves: u32,
    /// Move number, starting at 1, incremented after Black's move.
    pub fullmoves: u32,
}

impl Setup {
    /// An empty board, Red to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The standard start position.
    pub fn startpos() -> Setup {
        STARTPOS_FEN.parse().expect("start position FEN is valid")
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Writes the placement field of a FEN.
    pub fn board_fen(&self) -> String {
        board_fen(&self.board)
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({self})")
    }
}

/// Writes the placement field of a FEN for a board.
pub(crate) fn board_fen(board: &[Option<Piece>; 90]) -> String {
    let mut s = Vec::with_capacity(FEN_CAPACITY);
    push_board_fen(&mut s, board);
    ascii_string(s)
}

/// Room for a whole FEN of an ordinary position (the placement of 90 points, its nine `/`,
/// the side, `- -` and two counters), so that writing one allocates once.
const FEN_CAPACITY: usize = 128;

/// The FEN letter of each piece, by [`Piece::index`].
static LETTERS: [u8; 14] = {
    let mut t = [0u8; 14];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 7 {
            let p = Piece::new(Color::ALL[c], crate::Role::ALL[r]);
            t[p.index()] = p.char() as u8;
            r += 1;
        }
        c += 1;
    }
    t
};

/// Appends the placement field of a FEN (ASCII) for a board.
fn push_board_fen(s: &mut Vec<u8>, board: &[Option<Piece>; 90]) {
    // Nine points and a `/` per rank at most.
    let mut text = [0u8; 100];
    let mut n = 0;
    for rank in (0..10).rev() {
        let mut empty = 0;
        for point in &board[rank * 9..rank * 9 + 9] {
            match point {
                Some(p) => {
                    if empty > 0 {
                        text[n] = b'0' + empty;
                        n += 1;
                        empty = 0;
                    }
                    text[n] = LETTERS[p.index()];
                    n += 1;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text[n] = b'0' + empty;
            n += 1;
        }
        if rank > 0 {
            text[n] = b'/';
            n += 1;
        }
    }
    s.extend_from_slice(&text[..n]);
}

/// The text of FEN bytes, which are ASCII.
fn ascii_string(s: Vec<u8>) -> String {
    String::from_utf8(s).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

impl Setup {
    /// The full FEN, as [`fmt::Display`] writes it (placement, `w`/`b`, `- -`, half-move
    /// clock, move number), written in one buffer.
    pub fn fen(&self) -> String {
        let mut s = Vec::with_capacity(FEN_CAPACITY);
        push_board_fen(&mut s, &self.board);
        s.push(b' ');
        s.push(self.turn.fold(b'w', b'b'));
        s.extend_from_slice(b" - - ");
        let mut digits = itoa::Buffer::new();
        s.extend_from_slice(digits.format(self.halfmoves).as_bytes());
        s.push(b' ');
        s.extend_from_slice(digits.format(self.fullmoves).as_bytes());
        ascii_string(s)
    }
}

impl fmt::Display for Setup {
    /// The full FEN: placement, `w`/`b`, `- -`, half-move clock, move number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

/// Why a FEN could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenErrorKind {
    /// The text is empty.
    #[error("empty FEN")]
    Empty,
    /// The placement does not have ten rows.
    #[error("the placement has {0} rows, expected 10")]
    RowCount(usize),
    /// A row does not describe nine points.
    #[error("row {row} (counting from Black's side) describes {len} points, expected 9")]
    RowLength {
        /// Row number 1..=10 from the top (Black's back rank).
        row: usize,
        /// Points it describes.
        len: usize,
    },
    /// A letter that names no piece.
    #[error("unknown piece letter {0:?}")]
    UnknownLetter(char),
    /// The side to move is not `w`, `r` or `b`.
    #[error("side to move {0:?}: expected w, r or b")]
    Turn(String),
    /// A counter is not a number.
    #[error("counter {0:?} is not a number")]
    Counter(String),
}

/// A FEN that could not be read: what and where (byte offset into the text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN at column {column}: {kind}")]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// Byte offset (0-based) of the offending character or field.
    pub column: usize,
}

impl FromStr for Setup {
    type Err = FenError;

    fn from_str(fen: &str) -> Result<Setup, FenError> {
        let err = |kind, column| Err(FenError { kind, column });
        let lead = fen.len() - fen.trim_start().len();
        let text = fen.trim_end();
        if text.trim().is_empty() {
            return err(FenErrorKind::Empty, 0);
        }
        // Fields with their byte offsets.
        // Six fields in a full FEN: room for them all at once.
        let mut fields = Vec::with_capacity(6);
        let mut start = None;
        for (i, c) in text.char_indices() {
            if c.is_whitespace() {
                if let Some(s) = start.take() {
                    fields.push((s, &text[s..i]));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(s) = start {
            fields.push((s, &text[s..]));
        }
        let (pstart, placement) = fields[0];
        debug_assert!(pstart >= lead);

        let mut setup = Setup::empty();
        let rows: Vec<(usize, &str)> = {
            let mut v = Vec::with_capacity(10);
            let mut off = pstart;
            for r in placement.split('/') {
                v.push((off, r));
                off += r.len() + 1;
            }
            v
        };
        if rows.len() != 10 {
            return err(FenErrorKind::RowCount(rows.len()), pstart);
        }
        for (ri, (off, row)) in rows.iter().enumerate() {
            let rank = 9 - ri as u8;
            let mut file = 0usize;
            for (ci, c) in row.char_indices() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return err(FenErrorKind::UnknownLetter(c), off + ci);
                    }
                    file += d as usize;
                } else if let Some(p) = Piece::from_char(c) {
                    if file < 9 {
                        setup.board[rank as usize * 9 + file] = Some(p);
                    }
                    file += 1;
                } else {
                    return err(FenErrorKind::UnknownLetter(c), off + ci);
                }
                if file > 9 {
                    return err(
                        FenErrorKind::RowLength {
                            row: ri + 1,
                            len: file,
                        },
                        off + ci,
                    );
                }
            }
            if file != 9 {
                return err(
                    FenErrorKind::RowLength {
                        row: ri + 1,
                        len: file,
                    },
                    *off,
                );
            }
        }
        if let Some(&(off, t)) = fields.get(1) {
            setup.turn = match t {
                "w" | "W" | "r" | "R" => Color::Red,
                "b" | "B" => Color::Black,
                _ => return err(FenErrorKind::Turn(t.to_owned()), off),
            };
        }
        // Fields 2 and 3 (castling, en passant) are `-` in Xiangqi and often omitted;
        // the numeric fields that follow are the half-move clock and the move number.
        let mut counters = 0;
        for &(off, t) in fields.iter().skip(2) {
            if t == "-" && counters == 0 {
                continue;
            }
            let n: u32 = t.parse().map_err(|_| FenError {
                kind: FenErrorKind::Counter(t.to_owned()),
                column: off,
            })?;
            match counters {
                0 => setup.halfmoves = n,
                1 => setup.fullmoves = n.max(1),
                _ => return err(FenErrorKind::Counter(t.to_owned()), off),
            }
            counters += 1;
        }
        Ok(setup)
    }
}
