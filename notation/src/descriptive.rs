//! The content shared by the file-based notations (Chinese full and abbreviated, WXF):
//! which piece moves (a file, or a place in a tandem), in which direction, and the number
//! that ends the move; resolving that against a position; the canonical description of a
//! move; and the errors all three notations report.
//!
//! Files are numbered 1–9 from the mover's right: for Red file `i` is 1 (一) and file `a`
//! is 9 (九); for Black file `a` is 1 and file `i` is 9. 进 (advance, `+`) goes towards
//! the opponent, 退 (retreat, `-`) back, 平 (traverse, `.`/`=`) along the rank. After 平 the
//! number is the destination file; after 进/退 it is the destination file for the horse,
//! advisor and elephant and the distance in ranks for the others.
//!
//! Canonical forms (what `from_move` writes):
//! - generals, advisors and elephants by file, even two on one file (进/退 tells them apart);
//! - a chariot, horse or cannon sharing its file with another of its kind: 前/后 (`+`/`-`);
//! - soldiers, when only one file holds several: 前/后 for two, 前/中/后 for three, 一…五
//!   for four or five (WXF: `+P`/`-P`, `1P`…`5P`); when two files each hold several, the
//!   same place word followed by the file: 前兵四平五, `+P4.5` (the rulebook prints no form
//!   for this case; the reader also takes the cross-file count 一兵…五兵 of the
//!   cchess-formats notes, right file first, front to back).
//!
//! Resolving is lenient where records are: a piece named by its file when a second one
//! stands there resolves when only one of them can make the move, 前兵 without a file
//! when only one front soldier can, and the side is always the side to move.

use std::fmt;
use std::ops::Range;

use crate::{Color, File, Move, Notation, Piece, Position, Rank, Role, Square};

/// The direction word of a move: 进 `+`, 退 `-`, 平 `.`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// 进 / `+`: towards the opponent.
    Advance,
    /// 退 / `-`: back towards the own side.
    Retreat,
    /// 平 / `.` or `=`: along the rank.
    Traverse,
}

impl Direction {
    /// All three, in the order 进 退 平.
    pub const ALL: [Direction; 3] = [Direction::Advance, Direction::Retreat, Direction::Traverse];
}

/// A place among two or more pieces of one kind standing on one file (a tandem), counted
/// from the mover's front.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tandem {
    /// 前 / `+`: the front one.
    Front,
    /// 中: the middle one of exactly three.
    Middle,
    /// 后 (後) / `-`: the rear one.
    Rear,
    /// 一 二 三 四 五 / `1`–`5` / `a`–`e`: the n-th (1-based) from the front. Without a
    /// file, when two files each hold two or more soldiers, the count runs over both
    /// files: the right file first (front to back), then the left one.
    Nth(u8),
}

/// Which piece moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// 炮二, `C2`: the piece of the named kind on this file (1–9 from the mover's right).
    File(u8),
    /// 前炮, `+C`, 前兵四, 二兵: a place in a tandem, on the given file or (without a file)
    /// on whichever file holds two or more pieces of that kind.
    Tandem {
        /// The place in the tandem.
        place: Tandem,
        /// The file, when written.
        file: Option<u8>,
    },
}

/// A file number (1–9 from `color`'s right) as a [`File`]; `None` outside 1–9.
pub fn file_from_number(color: Color, n: u8) -> Option<File> {
    if !(1..=9).contains(&n) {
        return None;
    }
    File::new(match color {
        Color::Red => 9 - n,
        Color::Black => n - 1,
    })
}

/// The number (1–9 from `color`'s right) of a file.
pub fn number_of_file(color: Color, file: File) -> u8 {
    match color {
        Color::Red => 9 - file.index(),
        Color::Black => file.index() + 1,
    }
}

// ------------------------------------------------------------------ errors

/// What is wrong with a move text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SyntaxErrorKind {
    /// Nothing to read.
    #[error("empty move")]
    Empty,
    /// A piece name or letter was expected here.
    #[error("expected a piece")]
    ExpectedPiece,
    /// A file number was expected here.
    #[error("expected a file number")]
    ExpectedFile,
    /// The file, a tandem word or the piece was expected here.
    #[error("expected a file number or a tandem mark (前/后, +/-)")]
    ExpectedOrigin,
    /// A direction (进 退 平, `+ - . =`) was expected here.
    #[error("expected a direction")]
    ExpectedDirection,
    /// The final number (destination file or distance) was expected here.
    #[error("expected a number")]
    ExpectedNumber,
    /// A number outside 1–9 (or a tandem index outside 1–5).
    #[error("number out of range")]
    NumberOutOfRange,
    /// The move is complete but text follows.
    #[error("unexpected text after the move")]
    TrailingText,
}

/// A move text that cannot be read: what, where (byte span into `text`) and in which notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {notation} move {text:?}: {kind} at byte {}", span.start)]
pub struct SyntaxError {
    /// The notation that was tried.
    pub notation: Notation,
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// Byte offsets of the offending text (empty at the end of the text).
    pub span: Range<usize>,
    /// The whole text.
    pub text: String,
}

impl SyntaxError {
    /// An error at `span` of `text`.
    pub(crate) fn new(
        notation: Notation,
        kind: SyntaxErrorKind,
        text: &str,
        span: Range<usize>,
    ) -> SyntaxError {
        SyntaxError {
            notation,
            kind,
            span,
            text: text.to_owned(),
        }
    }
}

/// Why a well-formed move does not name a legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalReason {
    /// The mover has no piece of that kind on the named file.
    #[error("no {role} of the side to move on file {file}")]
    NoPiece {
        /// The kind.
        role: Role,
        /// The file number (1–9 from the mover's right).
        file: u8,
    },
    /// The mover has no such tandem (fewer than two of the kind on one file, or no piece at
    /// that place).
    #[error("no such {role} tandem")]
    NoTandem {
        /// The kind.
        role: Role,
    },
    /// 平 for a horse, advisor or elephant.
    #[error("a {0} cannot move along a rank")]
    CannotTraverse(Role),
    /// The direction and number lead off the board or to a point the piece cannot reach.
    #[error("the {0} cannot reach that point")]
    Unreachable(Role),
    /// The move is blocked, captures an own piece, or leaves the mover's general attacked.
    #[error("the move breaks the movement rules or leaves the general attacked")]
    NotLegal,
}

/// Why a well-formed move cannot be played in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// No legal move fits the text.
    #[error("illegal move {text}: {reason}")]
    Illegal {
        /// The move as written (canonical spelling of what was read).
        text: String,
        /// Why.
        reason: IllegalReason,
    },
    /// Several legal moves fit the text.
    #[error("ambiguous move {text}: fits {}", list(candidates))]
    Ambiguous {
        /// The move as written.
        text: String,
        /// The legal moves it fits.
        candidates: Vec<Move>,
    },
}

fn list(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

// ------------------------------------------------------------------ resolving

/// The pieces of one kind and colour on one file, front first (from that colour's view).
#[derive(Clone, Copy)]
pub(crate) struct Column {
    squares: [Square; 10],
    len: usize,
}

impl Column {
    pub(crate) fn of(pos: &Position, color: Color, role: Role, file: File) -> Column {
        let want = Some(Piece::new(color, role));
        let mut c = Column {
            squares: [Square::new_unchecked(0); 10],
            len: 0,
        };
        for i in 0..10u8 {
            let r = match color {
                Color::Red => 9 - i,
                Color::Black => i,
            };
            let sq = Square::from_coords(file, Rank::new(r).expect("rank < 10"));
            // Without a branch on the board's contents: the point is written in any case,
            // and kept when the piece is there (`len` <= `i` < 10 here).
            c.squares[c.len] = sq;
            c.len += usize::from(pos.piece_at(sq) == want);
        }
        c
    }

    pub(crate) fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len]
    }

    /// The index of `place` in a tandem of `self.len` pieces.
    fn pick(&self, place: Tandem) -> Option<Square> {
        if self.len < 2 {
            return None;
        }
        let i = match place {
            Tandem::Front => 0,
            Tandem::Rear => self.len - 1,
            Tandem::Middle if self.len == 3 => 1,
            Tandem::Middle => return None,
            Tandem::Nth(n) if (1..=self.len).contains(&(n as usize)) => n as usize - 1,
            Tandem::Nth(_) => return None,
        };
        Some(self.squares[i])
    }
}

/// The files (numbered from `color`'s right, in that order) holding two or more of `role`.
fn tandem_columns(pos: &Position, color: Color, role: Role) -> ([Column; 9], usize) {
    let mut out = [Column {
        squares: [Square::new_unchecked(0); 10],
        len: 0,
    }; 9];
    let mut n = 0;
    for number in 1..=9 {
        let file = file_from_number(color, number).expect("1..=9");
        let c = Column::of(pos, color, role, file);
        if c.len >= 2 {
            out[n] = c;
            n += 1;
        }
    }
    (out, n)
}

/// Small fixed-capacity list, to keep resolving allocation-free.
struct Found<T: Copy, const N: usize> {
    items: [Option<T>; N],
    len: usize,
}

impl<T: Copy + PartialEq, const N: usize> Found<T, N> {
    fn new() -> Self {
        Found {
            items: [None; N],
            len: 0,
        }
    }
    fn push(&mut self, x: T) {
        if self.len < N && !self.iter().any(|y| y == x) {
            self.items[self.len] = Some(x);
            self.len += 1;
        }
    }
    fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.items[..self.len].iter().map(|x| x.expect("filled"))
    }
}

/// The point `role` of `color` reaches from `from` with `direction` and `number`.
fn destination(
    color: Color,
    role: Role,
    from: Square,
    direction: Direction,
    number: u8,
) -> Result<Square, IllegalReason> {
    let diagonal = matches!(role, Role::Horse | Role::Advisor | Role::Elephant);
    let forward: i8 = color.fold(1, -1);
    let unreachable = IllegalReason::Unreachable(role);
    match direction {
        Direction::Traverse => {
            if diagonal {
                return Err(IllegalReason::CannotTraverse(role));
            }
            let to = file_from_number(color, number).ok_or(unreachable)?;
            if to == from.file() {
                return Err(unreachable);
            }
            Ok(Square::from_coords(to, from.rank()))
        }
        Direction::Advance | Direction::Retreat => {
            let sign = if direction == Direction::Advance {
                forward
            } else {
                -forward
            };
            let (df, dr) = if diagonal {
                let to = file_from_number(color, number).ok_or(unreachable)?;
                let df = to.index() as i8 - from.file().index() as i8;
                let dr = match (role, df.abs()) {
                    (Role::Horse, 1) => 2,
                    (Role::Horse, 2) => 1,
                    (Role::Advisor, 1) => 1,
                    (Role::Elephant, 2) => 2,
                    _ => return Err(unreachable),
                };
                (df, dr)
            } else {
                if !(1..=9).contains(&number) {
                    return Err(unreachable);
                }
                (0, number as i8)
            };
            from.offset(df, sign * dr).ok_or(unreachable)
        }
    }
}

/// Resolves a file-based description in `pos` for the side to move. `direction: None`
/// (abbreviated notation) tries all three. `text` spells the move for errors.
pub(crate) fn resolve(
    pos: &Position,
    role: Role,
    origin: Origin,
    direction: Option<Direction>,
    number: u8,
    text: impl FnOnce() -> String,
) -> Result<Move, ResolveError> {
    let color = pos.turn();
    let mut origins: Found<Square, 10> = Found::new();
    let illegal = |reason, text: String| ResolveError::Illegal { text, reason };
    match origin {
        Origin::File(n) => {
            let Some(file) = file_from_number(color, n) else {
                return Err(illegal(IllegalReason::NoPiece { role, file: n }, text()));
            };
            for &sq in Column::of(pos, color, role, file).as_slice() {
                origins.push(sq);
            }
            if origins.len == 0 {
                return Err(illegal(IllegalReason::NoPiece { role, file: n }, text()));
            }
        }
        Origin::Tandem {
            place,
            file: Some(n),
        } => {
            let file = file_from_number(color, n);
            if let Some(sq) = file.and_then(|f| Column::of(pos, color, role, f).pick(place)) {
                origins.push(sq);
            }
        }
        Origin::Tandem { place, file: None } => {
            let (cols, n) = tandem_columns(pos, color, role);
            match place {
                Tandem::Nth(k) if n >= 2 => {
                    let all = cols[..n].iter().flat_map(|c| c.as_slice().iter().copied());
                    if let Some(sq) = all.clone().nth((k as usize).wrapping_sub(1)) {
                        origins.push(sq);
                    }
                }
                _ => {
                    for c in &cols[..n] {
                        if let Some(sq) = c.pick(place) {
                            origins.push(sq);
                        }
                    }
                }
            }
        }
    }
    if origins.len == 0 {
        return Err(illegal(IllegalReason::NoTandem { role }, text()));
    }
    let mut found: Found<Move, 16> = Found::new();
    // The most telling reason when nothing fits: a reachable but illegal point beats an
    // unreachable one, which beats a direction the piece cannot take.
    let mut reason: Option<IllegalReason> = None;
    let rank = |r: &IllegalReason| match r {
        IllegalReason::NotLegal => 3,
        IllegalReason::Unreachable(_) => 2,
        _ => 1,
    };
    let dirs: &[Direction] = match &direction {
        Some(d) => std::slice::from_ref(d),
        None => &Direction::ALL,
    };
    for from in origins.iter() {
        for &d in dirs {
            let r = match destination(color, role, from, d, number) {
                Ok(to) => match pos.move_from_squares(from, to) {
                    Some(m) if pos.is_legal(&m) => {
                        found.push(m);
                        continue;
                    }
                    _ => IllegalReason::NotLegal,
                },
                Err(r) => r,
            };
            if !matches!(reason, Some(old) if rank(&old) >= rank(&r)) {
                reason = Some(r);
            }
        }
    }
    match found.len {
        1 => Ok(found.iter().next().expect("one")),
        0 => Err(illegal(reason.unwrap_or(IllegalReason::NotLegal), text())),
        _ => Err(ResolveError::Ambiguous {
            text: text(),
            candidates: found.iter().collect(),
        }),
    }
}

/// The canonical description of a move, the content all three notations write.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Description {
    /// The side of the moving piece.
    pub color: Color,
    pub origin: Origin,
    pub direction: Direction,
    pub number: u8,
}

/// The canonical description of a move.
///
/// Generals, advisors and elephants are always named by file (进/退 tells two on one file
/// apart). A chariot, horse or cannon sharing its file with another of its kind is 前/后.
/// Soldiers: with one file holding several, 前/后 (two), 前/中/后 (three), 一…五 (four or
/// five), without the file; when two files each hold several, the same place word plus
/// the file (前兵四平五).
pub(crate) fn describe(pos: &Position, m: &Move) -> Description {
    let color = pos.piece_at(m.from).map_or(pos.turn(), |p| p.color);
    let file_number = number_of_file(color, m.from.file());
    let origin = match m.role {
        Role::General | Role::Advisor | Role::Elephant => Origin::File(file_number),
        role => {
            let col = Column::of(pos, color, role, m.from.file());
            let index = col.as_slice().iter().position(|&s| s == m.from);
            match index {
                Some(i) if col.len >= 2 => {
                    let place = match (col.len, i) {
                        (_, 0) if col.len <= 3 => Tandem::Front,
                        (3, 1) => Tandem::Middle,
                        (l, i) if l <= 3 && i == l - 1 => Tandem::Rear,
                        (_, i) => Tandem::Nth(i as u8 + 1),
                    };
                    let several_files =
                        role == Role::Soldier && tandem_columns(pos, color, role).1 >= 2;
                    Origin::Tandem {
                        place,
                        file: several_files.then_some(file_number),
                    }
                }
                _ => Origin::File(file_number),
            }
        }
    };
    let forward: i8 = color.fold(1, -1);
    let dr = (m.to.rank().index() as i8 - m.from.rank().index() as i8) * forward;
    let direction = match dr {
        0 => Direction::Traverse,
        d if d > 0 => Direction::Advance,
        _ => Direction::Retreat,
    };
    let number = match (direction, m.role) {
        (Direction::Traverse, _) | (_, Role::Horse | Role::Advisor | Role::Elephant) => {
            number_of_file(color, m.to.file())
        }
        _ => dr.unsigned_abs(),
    };
    let origin = match (m.role, origin) {
        // Two advisors or elephants on one file that 进/退 does not tell apart (only in a
        // position drawn loosely): 前/后, as for the other pieces.
        (Role::Advisor | Role::Elephant, Origin::File(n)) if pos.turn() == color => {
            let col = Column::of(pos, color, m.role, m.from.file());
            let ambiguous = col.len >= 2
                && matches!(
                    resolve(
                        pos,
                        m.role,
                        Origin::File(n),
                        Some(direction),
                        number,
                        String::new
                    ),
                    Err(ResolveError::Ambiguous { .. })
                );
            match col.as_slice().iter().position(|&s| s == m.from) {
                Some(i) if ambiguous => Origin::Tandem {
                    place: if i == 0 { Tandem::Front } else { Tandem::Rear },
                    file: None,
                },
                _ => origin,
            }
        }
        _ => origin,
    };
    Description {
        color,
        origin,
        direction,
        number,
    }
}

/// A move of a file-based notation and the style to write it in (what each notation's
/// `display` returns).
pub(crate) struct Styled<'a, M, S> {
    pub mv: &'a M,
    pub style: S,
}

// ------------------------------------------------------------------ parsing helpers

/// Folds a full-width ASCII variant (`Ｃ２＋５`) and the minus sign `−` to ASCII.
pub(crate) fn fold_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{2212}' | '\u{2013}' => '-',
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// Writes `c`, as its full-width form when `wide`.
pub(crate) fn write_char(f: &mut fmt::Formatter<'_>, c: char, wide: bool) -> fmt::Result {
    use fmt::Write;
    if wide && c.is_ascii_graphic() {
        f.write_char(char::from_u32(c as u32 + 0xFEE0).unwrap_or(c))
    } else {
        f.write_char(c)
    }
}

/// The nom error used by the notation parsers: the unparsed rest and what was expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PErr<'a> {
    pub rest: &'a str,
    pub kind: SyntaxErrorKind,
}

impl<'a> nom::error::ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(rest: &'a str, _: nom::error::ErrorKind) -> Self {
        PErr {
            rest,
            kind: SyntaxErrorKind::TrailingText,
        }
    }
    fn append(_: &'a str, _: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
    fn or(self, other: Self) -> Self {
        // Keep the error that got furthest.
        if other.rest.len() <= self.rest.len() {
            other
        } else {
            self
        }
    }
}

pub(crate) type PResult<'a, T> = nom::IResult<&'a str, T, PErr<'a>>;

/// Runs `parser` over the whole of `text`, mapping failures to a [`SyntaxError`].
pub(crate) fn run<'a, T>(
    notation: Notation,
    text: &'a str,
    mut parser: impl FnMut(&'a str) -> PResult<'a, T>,
) -> Result<T, SyntaxError> {
    let at = |rest: &str| text.len() - rest.len();
    let span = |rest: &str| {
        let start = at(rest);
        start..start + rest.chars().next().map_or(0, char::len_utf8)
    };
    if text.is_empty() {
        return Err(SyntaxError::new(
            notation,
            SyntaxErrorKind::Empty,
            text,
            0..0,
        ));
    }
    match parser(text) {
        Ok(("", v)) => Ok(v),
        Ok((rest, _)) => Err(SyntaxError::new(
            notation,
            SyntaxErrorKind::TrailingText,
            text,
            at(rest)..text.len(),
        )),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            Err(SyntaxError::new(notation, e.kind, text, span(e.rest)))
        }
        Err(nom::Err::Incomplete(_)) => Err(SyntaxError::new(
            notation,
            SyntaxErrorKind::Empty,
            text,
            text.len()..text.len(),
        )),
    }
}

/// One character classified by `f`, else an error of `kind` at it.
pub(crate) fn one<'a, T>(
    kind: SyntaxErrorKind,
    f: impl Fn(char) -> Option<T>,
) -> impl FnMut(&'a str) -> PResult<'a, T> {
    move |i: &'a str| {
        let mut it = i.chars();
        match it.next().and_then(&f) {
            Some(v) => Ok((it.as_str(), v)),
            None => Err(nom::Err::Error(PErr { rest: i, kind })),
        }
    }
}

/// A digit 1–9 (ASCII or full-width), else an error of `kind`; 0 is out of range.
pub(crate) fn digit<'a>(kind: SyntaxErrorKind) -> impl FnMut(&'a str) -> PResult<'a, u8> {
    move |i: &'a str| {
        let mut it = i.chars();
        match it.next().map(fold_width) {
            Some(c @ '1'..='9') => Ok((it.as_str(), c as u8 - b'0')),
            Some('0') => Err(nom::Err::Failure(PErr {
                rest: i,
                kind: SyntaxErrorKind::NumberOutOfRange,
            })),
            _ => Err(nom::Err::Error(PErr { rest: i, kind })),
        }
    }
}
