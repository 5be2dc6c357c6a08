//! Small plain types: colours, roles, pieces, files, ranks, squares and moves.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

use serde::{Deserialize, Serialize};

/// A side: Red (红, moves first) or Black (黑).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Red, the side that moves first; upper-case letters in FEN.
    Red,
    /// Black; lower-case letters in FEN.
    Black,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// `Red` → 0, `Black` → 1.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Chooses `red` or `black`.
    #[inline]
    pub fn fold<T>(self, red: T, black: T) -> T {
        match self {
            Color::Red => red,
            Color::Black => black,
        }
    }

    /// The Chinese name: 红 or 黑.
    pub const fn chinese(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }

    /// The English name: `Red` or `Black`.
    pub const fn english(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// A value for each colour, instead of index arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ByColor<T> {
    /// Red's value.
    pub red: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds both values from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            red: f(Color::Red),
            black: f(Color::Black),
        }
    }
    /// The value of `color`.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
    /// The value of `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        self.get(c)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        self.get_mut(c)
    }
}

/// The kind of a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// 帅/将, `K`.
    General,
    /// 仕/士, `A`.
    Advisor,
    /// 相/象, `B` (also `E`).
    Elephant,
    /// 马, `N` (also `H`).
    Horse,
    /// 车, `R`.
    Chariot,
    /// 炮, `C`.
    Cannon,
    /// 兵/卒, `P`.
    Soldier,
}

impl Role {
    /// All roles in declaration order.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// Index 0..7 in declaration order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter, upper case (`K A B N R C P`).
    pub const fn char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Parses a FEN letter in either case, with the common variants `H` (horse) and `E` (elephant).
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::General,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' => Role::Soldier,
            _ => return None,
        })
    }

    /// The letter used by WXF notation (`K A E H R C P`).
    pub const fn wxf_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// The Chinese glyph for a piece of this role and colour (帅 仕 相 马 车 炮 兵 / 将 士 象 马 车 炮 卒).
    pub const fn chinese(self, color: Color) -> &'static str {
        match (self, color) {
            (Role::General, Color::Red) => "帅",
            (Role::General, Color::Black) => "将",
            (Role::Advisor, Color::Red) => "仕",
            (Role::Advisor, Color::Black) => "士",
            (Role::Elephant, Color::Red) => "相",
            (Role::Elephant, Color::Black) => "象",
            (Role::Horse, _) => "马",
            (Role::Chariot, _) => "车",
            (Role::Cannon, _) => "炮",
            (Role::Soldier, Color::Red) => "兵",
            (Role::Soldier, Color::Black) => "卒",
        }
    }

    /// The English name (`general`, `advisor`, …).
    pub const fn english(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// A value for each role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByRole<T>(pub [T; 7]);

impl<T> Index<Role> for ByRole<T> {
    type Output = T;
    fn index(&self, r: Role) -> &T {
        &self.0[r.index()]
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    fn index_mut(&mut self, r: Role) -> &mut T {
        &mut self.0[r.index()]
    }
}

/// A coloured piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// A new piece.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter (with the `H`/`E` variants).
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The Chinese glyph (帅, 卒, …).
    pub const fn chinese(self) -> &'static str {
        self.role.chinese(self.color)
    }

    /// Index 0..14: colour × 7 + role.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A file (column), `a`..`i` from Red's left: 0..9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// Number of files.
    pub const COUNT: u8 = 9;
    /// File from 0..9; `None` outside.
    pub const fn new(i: u8) -> Option<File> {
        if i < 9 {
            Some(File(i))
        } else {
            None
        }
    }
    /// The index 0..9.
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The ICCS letter `a`..`i`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    /// Parses an ICCS letter (either case).
    pub const fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if c >= 'a' && c <= 'i' {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }
}

/// A rank (row), 0..10 from Red's back rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// Number of ranks.
    pub const COUNT: u8 = 10;
    /// Rank from 0..10; `None` outside.
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 10 {
            Some(Rank(i))
        } else {
            None
        }
    }
    /// The index 0..10.
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The ICCS digit.
    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }
    /// Whether this rank is on `color`'s own side of the river.
    pub const fn is_home(self, color: Color) -> bool {
        match color {
            Color::Red => self.0 <= 4,
            Color::Black => self.0 >= 5,
        }
    }
}

/// A point of the board, 0..90, `rank * 9 + file`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of points.
    pub const COUNT: usize = 90;

    /// From an index 0..90.
    pub const fn new(i: u8) -> Option<Square> {
        if i < 90 {
            Some(Square(i))
        } else {
            None
        }
    }
    /// From an index known to be < 90.
    ///
    /// # Panics
    /// In debug builds when `i >= 90`.
    #[inline]
    pub const fn new_unchecked(i: u8) -> Square {
        debug_assert!(i < 90);
        Square(i)
    }
    /// From file and rank.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }
    /// From raw file 0..9 and rank 0..10 (signed, so callers may step off the board).
    #[inline]
    pub const fn from_xy(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square(rank as u8 * 9 + file as u8))
        } else {
            None
        }
    }
    /// The index 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }
    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }
    /// Steps by `(df, dr)`; `None` off the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::from_xy((self.0 % 9) as i8 + df, (self.0 / 9) as i8 + dr)
    }
    /// Whether the point lies in `color`'s palace (九宫).
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }
    /// Mirror across the river (rank r → 9 − r), same file.
    pub const fn flip_rank(self) -> Square {
        Square((9 - self.0 / 9) * 9 + self.0 % 9)
    }
    /// Iterates over all 90 points.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

/// The ICCS name of each point (`a0`..`i9`), by index: a name is then a `&'static str`,
/// written without building its two bytes and checking them for UTF-8 each time (a label
/// report or a judgement writes thousands of squares).
static SQUARE_NAMES: [&str; 90] = {
    static BYTES: [[u8; 2]; 90] = {
        let mut t = [[0u8; 2]; 90];
        let mut i = 0;
        while i < 90 {
            let sq = Square::new_unchecked(i as u8);
            t[i] = [sq.file().char() as u8, sq.rank().char() as u8];
            i += 1;
        }
        t
    };
    let mut t = [""; 90];
    let mut i = 0;
    while i < 90 {
        t[i] = match std::str::from_utf8(&BYTES[i]) {
            Ok(name) => name,
            Err(_) => panic!("square names are ASCII"),
        };
        i += 1;
    }
    t
};

impl Square {
    /// The ICCS name (`e4`): file letter and rank digit.
    #[inline]
    pub fn name(self) -> &'static str {
        SQUARE_NAMES[self.index()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A square name that is not `a0`..`i9`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?}: expected a file a-i and a rank 0-9")]
pub struct ParseSquareError(pub String);

impl std::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut it = s.chars();
        match (it.next(), it.next(), it.next()) {
            (Some(f), Some(r), None) => {
                let file = File::from_char(f);
                let rank = r.to_digit(10).and_then(|d| Rank::new(d as u8));
                match (file, rank) {
                    (Some(file), Some(rank)) => Ok(Square::from_coords(file, rank)),
                    _ => Err(ParseSquareError(s.to_owned())),
                }
            }
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

/// A move, carrying everything a reader needs without the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The role of the moving piece.
    pub role: Role,
    /// Where it starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
    /// The role of the captured piece, if any.
    pub capture: Option<Role>,
}

impl Move {
    /// Whether the move captures.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture.is_some()
    }
}

impl fmt::Display for Move {
    /// ICCS form, `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// `SQUARE_BITS[i]`: `1 << i`, read from a table, which takes fewer instructions than
/// shifting a `u128` by a variable amount (also behind the point masks of `position`).
pub(crate) static SQUARE_BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// A set of points, one bit per point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.0 as usize & 127] != 0
    }
    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= SQUARE_BITS[sq.0 as usize & 127];
    }
    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !SQUARE_BITS[sq.0 as usize & 127];
    }
    /// Number of points.
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The lowest point, if any.
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }
}

impl Iterator for SquareSet {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}
