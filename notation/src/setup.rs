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
fn board_fen(board: &[Option<Piece>; 90]) -> String {
    let mut s = Vec::with_capacity(FEN_CAPACITY);
    push_board_fen(&mut s, board);
    ascii_string(s)
}

/// Room for a whole FEN of an ordinary position (the placement of 90 points, its nine `/`,
/// the side, `- -` and two counters), so that writing one allocates once.
pub(crate) const FEN_CAPACITY: usize = 128;

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
pub(crate) fn ascii_string(s: Vec<u8>) -> String {
    String::from_utf8(s).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

impl Setup {
    /// The full FEN, as [`fmt::Display`] writes it (placement, `w`/`b`, `- -`, half-move
    /// clock, move number), written in one buffer.
    pub fn fen(&self) -> String {
        let mut s = Vec::with_capacity(FEN_CAPACITY);
        push_board_fen(&mut s, &self.board);
        push_fen_fields(&mut s, self.turn, self.halfmoves, self.fullmoves);
        ascii_string(s)
    }
}

/// Appends the fields of a FEN after the placement: ` w` or ` b`, ` - - `, the half-move
/// clock and the move number (shared by [`Setup::fen`] and [`crate::Position::fen`], which
/// writes its placement straight from its board).
pub(crate) fn push_fen_fields(s: &mut Vec<u8>, turn: Color, halfmoves: u32, fullmoves: u32) {
    s.push(b' ');
    s.push(turn.fold(b'w', b'b'));
    s.extend_from_slice(b" - - ");
    let mut digits = itoa::Buffer::new();
    s.extend_from_slice(digits.format(halfmoves).as_bytes());
    s.push(b' ');
    s.extend_from_slice(digits.format(fullmoves).as_bytes());
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

/// The piece of each ASCII FEN letter (`None` for any other byte).
static PIECE_OF_LETTER: [Option<Piece>; 128] = {
    let mut t = [None; 128];
    let mut b = 0;
    while b < 128 {
        if let Some(role) = crate::Role::from_char(b as u8 as char) {
            let color = if (b as u8).is_ascii_uppercase() {
                Color::Red
            } else {
                Color::Black
            };
            t[b] = Some(Piece::new(color, role));
        }
        b += 1;
    }
    t
};

/// The fields of a FEN text, split at white space (as [`char::is_whitespace`]), each with
/// its byte offset.
struct Fields<'t> {
    text: &'t str,
    /// Byte offset of the next character to look at.
    at: usize,
}

impl Fields<'_> {
    /// The byte length of the character at byte `i` (a character boundary): `Ok` when it is
    /// white space, `Err` when it is not.
    #[inline]
    fn space_at(&self, i: usize) -> Result<usize, usize> {
        match self.text.as_bytes().get(i) {
            Some(&b) if b < 0x80 => {
                if is_ascii_space(b) {
                    Ok(1)
                } else {
                    Err(1)
                }
            }
            _ => match self.text.get(i..).and_then(|t| t.chars().next()) {
                Some(c) if c.is_whitespace() => Ok(c.len_utf8()),
                Some(c) => Err(c.len_utf8()),
                None => Err(1),
            },
        }
    }

    /// Passes the white space before the next field: the field's byte offset, `None` at
    /// the end of the text.
    fn skip_space(&mut self) -> Option<usize> {
        let bytes = self.text.as_bytes();
        // An ASCII byte is white space or not by itself; only a byte beyond ASCII needs
        // its character decoded.
        loop {
            match bytes.get(self.at) {
                None => return None,
                Some(&b) if b < 0x80 && !is_ascii_space(b) => return Some(self.at),
                Some(_) => match self.space_at(self.at) {
                    Ok(n) => self.at += n,
                    Err(_) => return Some(self.at),
                },
            }
        }
    }
}

impl<'t> Iterator for Fields<'t> {
    type Item = (usize, &'t str);

    fn next(&mut self) -> Option<(usize, &'t str)> {
        let start = self.skip_space()?;
        let bytes = self.text.as_bytes();
        loop {
            match bytes.get(self.at) {
                None => break,
                Some(&b) if b < 0x80 && !is_ascii_space(b) => self.at += 1,
                Some(_) => match self.space_at(self.at) {
                    Ok(_) => break,
                    Err(n) => self.at += n,
                },
            }
        }
        Some((start, self.text.get(start..self.at).unwrap_or_default()))
    }
}

/// Whether an ASCII byte is white space as [`char::is_whitespace`] has it (which, unlike
/// [`u8::is_ascii_whitespace`], counts the vertical tab).
#[inline]
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

impl FromStr for Setup {
    type Err = FenError;

    fn from_str(fen: &str) -> Result<Setup, FenError> {
        let err = |kind, column| Err(FenError { kind, column });
        let text = fen.trim_end();
        let mut fields = Fields { text, at: 0 };
        let Some(pstart) = fields.skip_space() else {
            return err(FenErrorKind::Empty, 0);
        };

        let mut setup = Setup::empty();
        // The placement is read in one pass, its rows counted on the way. A wrong row count
        // is the error to report whatever else is wrong, so the first other problem met is
        // only reported once the placement's rows are counted in full.
        let bytes = text.as_bytes();
        // The row being read (0 = Black's back rank), its start and the points it has.
        let (mut row, mut row_start, mut file) = (0usize, pstart, 0usize);
        let row_length = |row: usize, len| FenErrorKind::RowLength { row: row + 1, len };
        let mut at = pstart;
        let problem = loop {
            let Some(&b) = bytes.get(at) else {
                break None;
            };
            match b {
                b'/' => {
                    if file != 9 {
                        break Some((row_length(row, file), row_start));
                    }
                    if row == 9 {
                        // An eleventh row: the count below says how many there are.
                        break Some((FenErrorKind::RowCount(row + 2), pstart));
                    }
                    row += 1;
                    row_start = at + 1;
                    file = 0;
                }
                b'1'..=b'9' => {
                    file += usize::from(b - b'0');
                    if file > 9 {
                        break Some((row_length(row, file), at));
                    }
                }
                _ => match PIECE_OF_LETTER.get(usize::from(b)).copied().flatten() {
                    Some(p) => {
                        if file == 9 {
                            break Some((row_length(row, file + 1), at));
                        }
                        setup.board[(9 - row) * 9 + file] = Some(p);
                        file += 1;
                    }
                    // White space ends the placement.
                    None if fields.space_at(at).is_ok() => break None,
                    None => {
                        // `b` starts a character: those before it were ASCII.
                        let c = text.get(at..).and_then(|t| t.chars().next());
                        let c = c.unwrap_or('\u{fffd}');
                        break Some((FenErrorKind::UnknownLetter(c), at));
                    }
                },
            }
            at += 1;
        };
        if let Some((kind, column)) = problem {
            let placement = fields.next().map_or("", |(_, p)| p);
            let rows = placement.bytes().filter(|&b| b == b'/').count() + 1;
            if rows != 10 {
                return err(FenErrorKind::RowCount(rows), pstart);
            }
            return err(kind, column);
        }
        // The whole placement was read: the next field starts after it.
        fields.at = at;
        if row != 9 {
            return err(FenErrorKind::RowCount(row + 1), pstart);
        }
        if file != 9 {
            return err(row_length(row, file), row_start);
        }
        if let Some((off, t)) = fields.next() {
            setup.turn = match t {
                "w" | "W" | "r" | "R" => Color::Red,
                "b" | "B" => Color::Black,
                _ => return err(FenErrorKind::Turn(t.to_owned()), off),
            };
        }
        // Fields 2 and 3 (castling, en passant) are `-` in Xiangqi and often omitted;
        // the numeric fields that follow are the half-move clock and the move number.
        let mut counters = 0;
        for (off, t) in fields {
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
