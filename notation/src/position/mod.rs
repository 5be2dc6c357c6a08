//! `Position`: a validated placement with legal move generation, attack queries and
//! an incrementally updated Zobrist key. This file holds the type, its construction and
//! validation, accessors, attack queries and playing moves; move generation and the
//! legality tests are in `moves`, the checking moves in `checks`.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::setup::{ascii_string, push_fen_fields, FEN_CAPACITY};
use crate::{zobrist, ByColor, Color, Move, Piece, Role, Setup, Square, SquareSet};

mod attacks;
mod checks;
mod error;
mod geometry;
mod moves;

use attacks::{scan_attackers, Bits, Board};

pub use error::{IllegalMove, PositionError, PositionErrorKind};
pub use moves::MoveProbe;

/// How a [`Setup`]'s placement is checked by [`Position::from_setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Placement {
    /// Every piece on a point it can reach (what [`TryFrom<Setup>`] checks).
    #[default]
    Strict,
    /// As diagrams and books draw positions: an advisor, elephant or soldier on a point it
    /// can never reach is allowed (reported as [`Misplaced`]) and moves by its own rules.
    Loose,
}

/// A piece standing where it can never stand, allowed by [`Placement::Loose`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Misplaced {
    /// The piece.
    pub piece: Piece,
    /// Where it stands.
    pub square: Square,
}

impl Misplaced {
    /// The warning in Chinese: `红相在e1，这个点它走不到`.
    pub fn chinese(&self) -> String {
        format!(
            "{}{}在{}，这个点它走不到",
            self.piece.color.chinese(),
            self.piece.role.chinese(self.piece.color),
            self.square
        )
    }
}

impl fmt::Display for Misplaced {
    /// The warning in English: `Red elephant on e1 stands on a point it can never reach`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} on {} stands on a point it can never reach",
            self.piece.color.english(),
            self.piece.role.english(),
            self.square
        )
    }
}

/// Whether `piece` may ever stand on `sq` (palace points, elephant points, soldier ranks).
pub const fn can_stand_on(piece: Piece, sq: Square) -> bool {
    let f = sq.file().index();
    // Rank from the piece owner's side: 0 = own back rank.
    let r = match piece.color {
        Color::Red => sq.rank().index(),
        Color::Black => 9 - sq.rank().index(),
    };
    match piece.role {
        Role::General => 3 <= f && f <= 5 && r <= 2,
        Role::Advisor => matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2)),
        Role::Elephant => matches!(
            (f, r),
            (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
        ),
        Role::Soldier => r >= 5 || (matches!(r, 3 | 4) && f.is_multiple_of(2)),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

/// The points each point byte's piece may ever stand on ([`can_stand_on`]), by the byte
/// ([`attacks::code`]; nothing for an empty point): each piece of a placement is checked
/// with one mask test.
static STANDS_ON: [u128; 16] = {
    let mut t = [0u128; 16];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 7 {
            let p = Piece::new(Color::ALL[c], Role::ALL[r]);
            let mut i = 0;
            while i < 90 {
                if can_stand_on(p, Square::new_unchecked(i)) {
                    t[attacks::code(Some(p)) as usize] |= 1 << i;
                }
                i += 1;
            }
            r += 1;
        }
        c += 1;
    }
    t
};

/// A legal Xiangqi position: placement and side to move, plus move counters.
///
/// Equality and hashing use the placement and the side to move only: two positions are
/// equal exactly when they are the same position for the repetition rules.
#[derive(Clone)]
pub struct Position {
    /// The placement, with the side to move and the generals' points (kept with it so that
    /// a position fits in 128 bytes, which the compiler copies inline).
    board: Board,
    halfmoves: u32,
    fullmoves: u32,
    key: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.key == other.key && self.board == other.board
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    /// Validates `setup` strictly ([`Placement::Strict`]), listing every reason it fails.
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup, Placement::Strict).map(|(pos, _)| pos)
    }
}

impl Position {
    /// Validates `setup`, listing every reason it fails. With [`Placement::Loose`], the
    /// pieces other than generals standing on points they can never reach are allowed and
    /// returned (board order); with [`Placement::Strict`] they are reasons and the list is
    /// empty. A position that cannot be played (a general missing, doubled or outside its
    /// palace, more pieces of a kind than a side owns, the generals facing, the side not
    /// to move in check) is an error either way.
    ///
    /// ```
    /// use qili_notation::{Placement, Position, Setup};
    ///
    /// // A soldier behind its start rank and no counters, as diagrams draw it.
    /// let setup: Setup = "3k5/9/9/9/9/9/9/9/2P6/4K4 w".parse()?;
    /// assert!(Position::try_from(setup.clone()).is_err());
    /// let (pos, misplaced) = Position::from_setup(setup, Placement::Loose)?;
    /// assert_eq!(misplaced[0].to_string(), "Red soldier on c1 stands on a point it can never reach");
    /// assert_eq!(pos.legal_moves_from("c1".parse()?).len(), 1); // forward only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(
        setup: Setup,
        placement: Placement,
    ) -> Result<(Position, Vec<Misplaced>), PositionError> {
        let mut reasons = Vec::new();
        let mut misplaced = Vec::new();
        let mut generals: ByColor<Option<Square>> = ByColor::default();
        // The board is built first (its generals set below) and only its occupied points
        // are visited, in board order, with the key summed on the way (the same as
        // [`zobrist::compute`], read off the codes): most of a setup's 90 points are empty.
        let placeholder = Square::new_unchecked(0);
        let mut board = Board::new(
            setup.board,
            setup.turn,
            ByColor {
                red: placeholder,
                black: placeholder,
            },
        );
        let mut key = if setup.turn == Color::Black {
            zobrist::side_key()
        } else {
            0
        };
        let mut occupied = board.occupied();
        // The pieces counted by point byte (1 + [`Piece::index`]).
        let mut counts = [0usize; 16];
        let general = attacks::code(Some(Piece::new(Color::Red, Role::General)));
        let black_general = attacks::code(Some(Piece::new(Color::Black, Role::General)));
        while occupied != 0 {
            let i = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let code = board.code_at(i) & 15;
            key ^= zobrist::BY_CODE[usize::from(code)][i];
            counts[usize::from(code)] += 1;
            if code == general || code == black_general {
                let color = if code == general {
                    Color::Red
                } else {
                    Color::Black
                };
                generals[color] = Some(Square::new_unchecked(i as u8));
            }
            if STANDS_ON[usize::from(code)] & (1 << i) != 0 {
                continue;
            }
            // A piece where it can never stand (rare).
            let sq = Square::new_unchecked(i as u8);
            if let Some(p) = board[i] {
                let kind = PositionErrorKind::ImpossibleSquare {
                    piece: p,
                    square: sq,
                };
                if placement == Placement::Loose && kind.is_loose() {
                    misplaced.push(Misplaced {
                        piece: p,
                        square: sq,
                    });
                } else {
                    reasons.push(kind);
                }
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let n = counts[usize::from(attacks::code(Some(Piece::new(color, role))))];
                let max = match role {
                    Role::General => 1,
                    Role::Soldier => 5,
                    _ => 2,
                };
                if role == Role::General {
                    if n == 0 {
                        reasons.push(PositionErrorKind::MissingGeneral(color));
                    } else if n > 1 {
                        reasons.push(PositionErrorKind::TooManyGenerals(color, n));
                    }
                } else if n > max {
                    reasons.push(PositionErrorKind::TooManyPieces {
                        color,
                        role,
                        count: n,
                        max,
                    });
                }
            }
        }
        let (Some(red), Some(black)) = (generals.red, generals.black) else {
            return Err(PositionError::new(reasons, setup));
        };
        board.generals = ByColor { red, black };
        let pos = Position {
            board,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            key,
        };
        if pos.generals_facing() {
            reasons.push(PositionErrorKind::GeneralsFacing(red.file().char()));
        } else if pos.is_attacked(pos.general(!pos.board.turn), pos.board.turn) {
            reasons.push(PositionErrorKind::OppositeCheck(!pos.board.turn));
        }
        if reasons.is_empty() {
            Ok((pos, misplaced))
        } else {
            Err(PositionError::new(reasons, setup))
        }
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup {
            board: pos.board.squares(),
            turn: pos.board.turn,
            halfmoves: pos.halfmoves,
            fullmoves: pos.fullmoves,
        }
    }
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::try_from(Setup::startpos()).expect("start position is legal")
    }

    /// Parses and validates a FEN loosely ([`Placement::Loose`]): the position and the
    /// pieces standing on points they can never reach.
    pub fn from_fen_loose(fen: &str) -> Result<(Position, Vec<Misplaced>), crate::Error> {
        let setup: Setup = fen.parse()?;
        Ok(Position::from_setup(setup, Placement::Loose)?)
    }

    /// Parses and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, crate::Error> {
        let setup: Setup = fen.parse()?;
        Ok(Position::try_from(setup)?)
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        // Written straight from the board's bytes (see [`Board::push_placement`]): the same
        // text as [`Setup::fen`] of this position, without decoding the board into a
        // `Setup` first, which cost as much again as the writing.
        let mut s = Vec::with_capacity(FEN_CAPACITY);
        self.board.push_placement(&mut s);
        push_fen_fields(&mut s, self.board.turn, self.halfmoves, self.fullmoves);
        ascii_string(s)
    }

    /// The placement field of the FEN.
    pub fn board_fen(&self) -> String {
        let mut s = Vec::with_capacity(FEN_CAPACITY);
        self.board.push_placement(&mut s);
        ascii_string(s)
    }

    /// The board, by point.
    #[inline]
    pub fn board(&self) -> [Option<Piece>; 90] {
        self.board.squares()
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.board.turn
    }

    /// Where `color`'s general stands.
    #[inline]
    pub fn general(&self, color: Color) -> Square {
        self.board.generals[color]
    }

    /// Plies since the last capture.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist key (placement and side to move).
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// The points of `color`'s pieces.
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        SquareSet(self.board.occupied_by(color))
    }

    /// Iterates over `(square, piece)` of every piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces_on(self.board.occupied())
    }

    /// The side to move's pieces, in board order.
    #[inline]
    fn own_pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces_on(self.board.occupied_by(self.board.turn))
    }

    /// The pieces on the points of the mask `m`, in board order.
    #[inline]
    fn pieces_on(&self, m: u128) -> impl Iterator<Item = (Square, Piece)> + '_ {
        // Walked as the mask's two 64-point halves (see [`Bits`]).
        let mut bits = Bits::new(m);
        std::iter::from_fn(move || {
            let i = bits.next()?;
            let sq = Square::new_unchecked(i as u8);
            self.board[i].map(|p| (sq, p))
        })
    }

    fn generals_facing(&self) -> bool {
        let (r, b) = (self.board.generals.red, self.board.generals.black);
        if r.file() != b.file() {
            return false;
        }
        let f = r.file().index();
        let (lo, hi) = (
            r.rank().index().min(b.rank().index()),
            r.rank().index().max(b.rank().index()),
        );
        ((lo + 1)..hi).all(|rank| self.board[(rank * 9 + f) as usize].is_none())
    }

    /// Builds the move from `from` to `to` with its role and capture read off the board,
    /// without checking that it is legal. `None` when `from` is empty.
    pub fn move_from_squares(&self, from: Square, to: Square) -> Option<Move> {
        let p = self.piece_at(from)?;
        Some(Move {
            role: p.role,
            from,
            to,
            capture: self.piece_at(to).map(|c| c.role),
        })
    }

    // ---------------------------------------------------------------- attacks

    /// The points of `by`'s pieces that could capture on `sq` right now (pseudo-legally:
    /// own-general safety is not considered). An enemy general attacks the other general
    /// across an open file (flying general).
    pub fn attackers(&self, sq: Square, by: Color) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        scan_attackers(&self.board, sq, by, |s| {
            set.insert(s);
            false
        });
        set
    }

    /// `by`'s pieces attacking `sq`, given `known`, their set in a position that differs
    /// from this one only at the point `through` (a piece standing there in one and not in
    /// the other, as a capture from `through` onto `sq` makes, seen from either side) and
    /// at `sq` itself: the same set as [`Position::attackers`], looking again only at the
    /// ray from `sq` through `through` (the whole board when `through` is a horse leg or
    /// an elephant eye of `sq`). Neither position may hold a general on `sq`, and a piece
    /// on `through` here must not be `by`'s.
    ///
    /// ```
    /// use qili_notation::{Color, Iccs, Position};
    ///
    /// // Red's chariot on e3 takes the black horse on e5: Black's attackers of e5 after
    /// // the capture, from those before it.
    /// let before = Position::from_fen("3k5/4r4/9/9/4n4/9/4R4/9/9/5K3 w - - 0 1").unwrap();
    /// let mv = "e3e5".parse::<Iccs>().unwrap().to_move(&before).unwrap();
    /// let after = before.after(&mv);
    /// let known = before.attackers(mv.to, Color::Black);
    /// assert_eq!(
    ///     after.attackers_through(known, Color::Black, mv.to, mv.from),
    ///     after.attackers(mv.to, Color::Black)
    /// );
    /// ```
    pub fn attackers_through(
        &self,
        known: SquareSet,
        by: Color,
        sq: Square,
        through: Square,
    ) -> SquareSet {
        attacks::attackers_through(&self.board, known, by, sq, through)
    }

    /// Whether any of `by`'s pieces could capture on `sq` (see [`Position::attackers`]).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        attacks::is_attacked(&self.board, sq, by)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        let us = self.board.turn;
        attacks::is_general_attacked(&self.board, self.general(us), !us)
    }

    /// The points of `targets` holding a piece that one of `by`'s pieces could capture on
    /// (see [`Position::attackers`]): the same as testing each with
    /// [`Position::is_attacked`], in one pass over `by`'s pieces. Empty points of
    /// `targets` are never in it.
    ///
    /// ```
    /// use qili_notation::{Color, Position, Square, SquareSet};
    ///
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K3R w - - 0 1").unwrap();
    /// let all = SquareSet(u128::MAX);
    /// let hit = pos.attacked_among(all, Color::Red);
    /// // The general on e0 defends its advisor on e1; nothing reaches Black's general.
    /// assert!(hit.contains("e1".parse::<Square>().unwrap()));
    /// assert!(!hit.contains("d9".parse::<Square>().unwrap()));
    /// assert!(hit.into_iter().all(|s| pos.is_attacked(s, Color::Red)));
    /// ```
    #[inline]
    pub fn attacked_among(&self, targets: SquareSet, by: Color) -> SquareSet {
        SquareSet(attacks::attacked_among(&self.board, targets.0, by))
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> SquareSet {
        let us = self.board.turn;
        attacks::general_attackers(&self.board, self.general(us), !us)
    }

    /// Whether `color`'s general is attacked (whoever is to move).
    pub fn is_general_attacked(&self, color: Color) -> bool {
        attacks::is_general_attacked(&self.board, self.general(color), !color)
    }

    /// `color`'s pieces (other than the general) that may not leave their point along
    /// every line: removing the piece would expose `color`'s general to attack (a pin,
    /// including the facing-generals pin).
    pub fn pinned(&self, color: Color) -> SquareSet {
        let g = self.general(color);
        let mut set = SquareSet::EMPTY;
        for (sq, p) in self.pieces() {
            if p.color == color && p.role != Role::General {
                let mut board = self.board;
                board.set(sq.index(), None);
                if attacks::is_general_attacked(&board, g, !color) {
                    set.insert(sq);
                }
            }
        }
        set
    }

    /// Plays `m`, assumed legal (see [`Position::is_legal`]); updates the key and counters.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.board.turn;
        let (from, to) = (m.from.index(), m.to.index());
        // The key change read off the point codes (an empty destination adds nothing).
        let (moved, captured) = (self.board.code_at(from), self.board.code_at(to));
        let keys = &zobrist::BY_CODE;
        self.key ^= keys[usize::from(captured & 15)][to]
            ^ keys[usize::from(moved & 15)][from]
            ^ keys[usize::from(moved & 15)][to]
            ^ zobrist::side_key();
        self.board.make(from, to);
        if moved == attacks::code(Some(Piece::new(us, Role::General))) {
            self.board.generals[us] = m.to;
        }
        if m.capture.is_some() {
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.board.turn = !us;
    }

    /// Plays `m` after checking it is legal.
    pub fn play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove::new(*m, self.clone()))
        }
    }

    /// Copy-make: the position after the legal move `m`.
    pub fn after(&self, m: &Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(m);
        p
    }

    /// Passes the turn (a null move): the same placement with the other side to move.
    /// Used by the analyzer to ask what the side that just moved threatens.
    pub fn pass(&mut self) {
        self.board.turn = !self.board.turn;
        self.key ^= zobrist::side_key();
    }

    /// A copy with the other side to move (see [`Position::pass`]).
    pub fn passed(&self) -> Position {
        let mut p = self.clone();
        p.pass();
        p
    }

    /// Removes the piece on `sq` (for analysis: "what if this piece were gone").
    /// Removing a general is refused and returns `None`.
    pub fn without(&self, sq: Square) -> Option<Position> {
        let p = self.piece_at(sq)?;
        if p.role == Role::General {
            return None;
        }
        let mut copy = self.clone();
        copy.board.set(sq.index(), None);
        copy.key ^= zobrist::piece_key(p, sq);
        Some(copy)
    }
}

#[cfg(test)]
mod size_tests {
    /// A position fits in 128 bytes: the searches copy one per move tried, and the compiler
    /// copies up to 128 bytes inline rather than calling `memcpy`.
    #[test]
    fn a_position_fits_in_128_bytes() {
        assert!(std::mem::size_of::<super::Position>() <= 128);
    }
}
