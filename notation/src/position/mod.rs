//! `Position`: a validated placement with legal move generation, attack queries and
//! an incrementally updated Zobrist key.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::setup::{ascii_string, push_fen_fields, FEN_CAPACITY};
use crate::{zobrist, ByColor, Color, Move, Piece, Role, Setup, Square, SquareSet};

mod attacks;
mod geometry;

use attacks::{scan_attackers, Bits, Board, CheckMask, Safety};
use geometry::{
    bit, ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_LEGS, HORSE_MOVES, RAYS, REACH,
    SOLDIER_MOVES, SOLDIER_ORIGINS,
};

/// One reason a [`Setup`] is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionErrorKind {
    /// A side has no general.
    #[error("{0} has no general")]
    MissingGeneral(Color),
    /// A side has more than one general.
    #[error("{0} has {1} generals")]
    TooManyGenerals(Color, usize),
    /// More pieces of a kind than a side owns (2 advisors, 2 elephants, 2 horses, 2 chariots, 2 cannons, 5 soldiers).
    #[error("{color} has {count} {role}s, at most {max} allowed")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// The kind.
        role: Role,
        /// How many are on the board.
        count: usize,
        /// How many a side owns.
        max: usize,
    },
    /// A piece stands on a point it can never reach (general or advisor off its palace
    /// points, elephant off its seven points, soldier behind its start rank).
    #[error("{} {} on {square} stands on a point it can never reach", piece.color.english(), piece.role.english())]
    ImpossibleSquare {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The generals face each other on an open file.
    #[error("the generals face each other on file {0}")]
    GeneralsFacing(char),
    /// The side that just moved is in check (it would be captured next move).
    #[error("{0} is not to move but is in check")]
    OppositeCheck(Color),
}

/// Every reason a [`Setup`] was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// The reasons, in board order.
    pub reasons: Vec<PositionErrorKind>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Only loose placements: what a loose reading warns about.
        let loose = self.reasons.iter().all(PositionErrorKind::is_loose);
        f.write_str(if loose {
            "loose position: "
        } else {
            "illegal position: "
        })?;
        for (i, r) in self.reasons.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

impl PositionErrorKind {
    /// Whether a loose reading ([`Placement::Loose`]) lets this pass with a warning: a
    /// piece other than a general on a point it can never reach. Everything else makes
    /// the position unplayable (move generation relies on one general per side, inside
    /// its palace).
    pub fn is_loose(&self) -> bool {
        matches!(self, PositionErrorKind::ImpossibleSquare { piece, .. } if piece.role != Role::General)
    }
}

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
pub fn can_stand_on(piece: Piece, sq: Square) -> bool {
    let f = sq.file().index();
    // Rank from the piece owner's side: 0 = own back rank.
    let r = match piece.color {
        Color::Red => sq.rank().index(),
        Color::Black => 9 - sq.rank().index(),
    };
    match piece.role {
        Role::General => (3..=5).contains(&f) && r <= 2,
        Role::Advisor => matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2)),
        Role::Elephant => matches!(
            (f, r),
            (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
        ),
        Role::Soldier => r >= 5 || (matches!(r, 3 | 4) && f.is_multiple_of(2)),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

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

/// Point masks of [`Position::check_landings`].
#[derive(Default)]
struct CheckLandings {
    chariot: u128,
    cannon: u128,
    screen: u128,
    /// Whether a chariot, cannon or the facing general of the side to move already
    /// attacks the general along one of the lines.
    attacked: bool,
    /// The pieces of the side to move whose leaving alone would make an attack on the
    /// general (when nothing attacks it yet): along a line, by
    /// [`Position::check_landings`]; over a horse leg, by
    /// [`Position::checking_moves_into`].
    uncovering: u128,
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
        let mut counts = [[0usize; 7]; 2];
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
        while occupied != 0 {
            let i = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let sq = Square::new_unchecked(i as u8);
            key ^= zobrist::BY_CODE[usize::from(board.code_at(i) & 15)][i];
            if let Some(p) = board[i] {
                counts[p.color.index()][p.role.index()] += 1;
                if p.role == Role::General {
                    generals[p.color] = Some(sq);
                }
                if !can_stand_on(p, sq) {
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
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let n = counts[color.index()][role.index()];
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
            return Err(PositionError { reasons });
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
            Err(PositionError { reasons })
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

/// Why a move cannot be played in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in {fen}")]
pub struct IllegalMove {
    /// The move in ICCS.
    pub mv: String,
    /// The position, as FEN.
    pub fen: String,
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

    // ------------------------------------------------------------ move generation

    /// Pseudo-legal moves of the piece on `from` (geometry only; own-general safety ignored).
    pub fn pseudo_moves_from(&self, from: Square, out: &mut Vec<Move>) {
        self.each_pseudo_move_from(from, |m| out.push(m));
    }

    /// Calls `out` with each pseudo-legal move of the piece on `from`, in the order of the
    /// geometry tables (orthogonal steps: file +1, file −1, rank +1, rank −1; diagonal and
    /// horse steps as listed there; soldiers forward, then sideways).
    #[inline]
    fn each_pseudo_move_from<F: FnMut(Move)>(&self, from: Square, out: F) {
        self.each_pseudo_move_masked::<false, F>(from, 0, out)
    }

    /// [`Position::each_pseudo_move_from`], and when `MASKED` only the moves whose
    /// destination lies in `mask` (tested before the point is looked at).
    #[inline(always)]
    fn each_pseudo_move_masked<const MASKED: bool, F: FnMut(Move)>(
        &self,
        from: Square,
        mask: u128,
        mut out: F,
    ) {
        let Some(piece) = self.board[from.index()] else {
            return;
        };
        let color = piece.color;
        let f = from.index();
        let c = color.index();
        let board = &self.board;
        let push = |to: u8, out: &mut F| match board[to as usize] {
            _ if MASKED && mask & bit(to as usize) == 0 => {}
            None => out(Move {
                role: piece.role,
                from,
                to: Square::new_unchecked(to),
                capture: None,
            }),
            Some(t) if t.color != color => out(Move {
                role: piece.role,
                from,
                to: Square::new_unchecked(to),
                capture: Some(t.role),
            }),
            _ => {}
        };
        match piece.role {
            Role::General => {
                for &to in GENERAL_MOVES[c][f].as_slice() {
                    push(to, &mut out);
                }
                // Flying general: capture the enemy general across an open file.
                // (The first piece on the file towards it, read off the occupied mask.)
                let eg = self.board.generals[!color].index();
                if let Some(d) = geometry::direction(f, eg) {
                    if d >= 2
                        && attacks::nearest(board.occupied() & geometry::RAY_MASKS[f][d], d) == eg
                    {
                        push(eg as u8, &mut out);
                    }
                }
            }
            Role::Advisor => {
                for &to in ADVISOR_MOVES[c][f].as_slice() {
                    push(to, &mut out);
                }
            }
            Role::Elephant => {
                for &(to, eye) in ELEPHANT_MOVES[c][f].as_slice() {
                    if board[eye as usize].is_none() {
                        push(to, &mut out);
                    }
                }
            }
            Role::Horse => {
                for &(to, leg) in HORSE_MOVES[f].as_slice() {
                    if board[leg as usize].is_none() {
                        push(to, &mut out);
                    }
                }
            }
            Role::Chariot => {
                for ray in &RAYS[f] {
                    for &to in ray.as_slice() {
                        push(to, &mut out);
                        if board[to as usize].is_some() {
                            break;
                        }
                    }
                }
            }
            Role::Cannon => {
                for ray in &RAYS[f] {
                    let mut rest = ray.as_slice().iter();
                    for &to in rest.by_ref() {
                        if board[to as usize].is_some() {
                            break;
                        }
                        if MASKED && mask & bit(to as usize) == 0 {
                            continue;
                        }
                        out(Move {
                            role: Role::Cannon,
                            from,
                            to: Square::new_unchecked(to),
                            capture: None,
                        });
                    }
                    for &to in rest {
                        if let Some(t) = board[to as usize] {
                            if t.color != color && (!MASKED || mask & bit(to as usize) != 0) {
                                out(Move {
                                    role: Role::Cannon,
                                    from,
                                    to: Square::new_unchecked(to),
                                    capture: Some(t.role),
                                });
                            }
                            break;
                        }
                    }
                }
            }
            Role::Soldier => {
                for &to in SOLDIER_MOVES[c][f].as_slice() {
                    push(to, &mut out);
                }
            }
        }
    }

    /// All pseudo-legal moves of the side to move.
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        for (sq, _) in self.own_pieces() {
            self.pseudo_moves_from(sq, out);
        }
    }

    /// Appends the legal moves of the side to move that give check (after which the
    /// opponent's general is attacked), in the order of [`Position::legal_moves`] before
    /// its legality filter, that is of [`Position::pseudo_moves`]; a capture of the general
    /// is not a move and is never listed. The same moves as testing every legal move with
    /// [`Position::gives_check`], with less work: when nothing attacks the opponent's
    /// general yet, a move can only check by uncovering a line or a horse leg (a piece whose
    /// leaving alone attacks the general) or by the moved piece standing where it attacks
    /// the general or screens a cannon, so only those moves are tested.
    pub fn checking_moves_into(&self, out: &mut Vec<Move>) {
        let us = self.board.turn;
        let c = us.index();
        let g = self.board.generals[!us];
        let gi = g.index();
        let lines = geometry::MASKS.lines[gi];
        let occupied = self.board.occupied();
        let horse = Piece::new(us, Role::Horse);
        // Whether one of `p` stands on a point of `m`.
        let any_on = |m: u128, p: Piece| Bits::new(m & occupied).any(|i| self.board.is(i, p));
        let mut landings = self.check_landings(gi);
        // Where a horse attacks the general from, its leg being empty: no move of a piece
        // that uncovers nothing clears a leg, and a horse elsewhere attacks nothing more.
        // A leg that holds one of the mover's pieces with a horse of the mover behind it:
        // that piece's leaving uncovers the horse.
        let mut horse_origins = 0u128;
        for &(leg, origins) in &HORSE_LEGS[gi] {
            let leg = usize::from(leg);
            if self.board.is_empty_at(leg) {
                horse_origins |= origins;
            } else if self.board.is_color(leg, us) && any_on(origins, horse) {
                landings.uncovering |= bit(leg);
            }
        }
        let soldier_origins = SOLDIER_ORIGINS[c][gi];
        // The pieces attacking the general before the move, looked for only when the lines,
        // the horses or the soldiers show one (the general and the advisors stay in their
        // own palace and the elephants on their own side, away from the other general).
        let before = if landings.attacked
            || any_on(horse_origins, horse)
            || any_on(soldier_origins, Piece::new(us, Role::Soldier))
        {
            attacks::general_attackers(&self.board, g, us)
        } else {
            SquareSet::EMPTY
        };
        let check_mask = CheckMask::new(g, before);
        // The board the moves that may check are tried on (copied on first use: often no
        // move needs it). Each checking move found is tested for legality alone (a scan
        // of the mover's general with the move laid on the occupied mask, see
        // [`Position::keeps_general_safe`]): there are few, and the quick test of
        // [`Safety`] would first need the pieces attacking that general.
        let mut board: Option<Board> = None;
        let mut test = |m: Move, sure: bool| {
            if m.capture != Some(Role::General)
                && (sure
                    || self.gives_check_on(board.get_or_insert(self.board), &check_mask, g, &m))
                && self.keeps_general_safe(&m)
            {
                out.push(m);
            }
        };
        if !before.is_empty() {
            // The general is attacked already: any move may check.
            for (sq, _) in self.own_pieces() {
                self.each_pseudo_move_from(sq, |m| test(m, false));
            }
            return;
        }
        // Where a piece off the general's file and rank that uncovers nothing may give
        // check from, by role index: where its landing surely makes an attack (every such
        // move gives check). The general moves only in its palace, away from the other
        // general's lines and from the points a piece attacks it from (the palaces lie
        // five ranks apart).
        let off_lines = [
            0,
            landings.screen,
            landings.screen,
            landings.screen | horse_origins,
            landings.screen | landings.chariot,
            landings.screen | landings.cannon,
            landings.screen | soldier_origins,
        ];
        // The points whose pieces need more than `off_lines`.
        let special = landings.uncovering | lines;
        // The pieces of the side to move, found from the occupied mask by their bytes
        // (fewer instructions than gathering the mask of their points first): a piece's
        // byte less the first byte of its side is its role index when below 7.
        let first = attacks::code(Some(Piece::new(us, Role::General)));
        for f in Bits::new(occupied) {
            let r = usize::from(self.board.code_at(f).wrapping_sub(first));
            if r >= 7 {
                continue;
            }
            let sq = Square::new_unchecked(f as u8);
            // Where a move of this piece can give check from: anywhere when its leaving
            // alone uncovers an attack (a line opens, a cannon keeps one screen of two, a
            // horse leg clears); for a piece on the general's file or rank (whose leaving
            // changes them), anywhere on them and where it attacks from; for any other
            // piece, the points of `off_lines`. Only the points the piece may reach count.
            let (to_mask, sure) = if special & bit(f) == 0 {
                let mask = off_lines[r];
                if mask == 0 {
                    continue;
                }
                if matches!(Role::ALL[r], Role::Chariot | Role::Cannon) {
                    self.line_checks(f, Role::ALL[r], gi, mask, &mut test);
                    continue;
                }
                (mask & REACH[c][r][f], true)
            } else if landings.uncovering & bit(f) != 0 {
                (u128::MAX, false)
            } else {
                let mask = match Role::ALL[r] {
                    // The general's own move checks only by uncovering: it attacks from its
                    // palace only the other general on an open file, which then attacks it
                    // back (an illegal move); and it cannot screen a cannon on the file
                    // without facing the other general.
                    Role::General => continue,
                    Role::Horse => lines | horse_origins,
                    // A soldier's step along its line through the general keeps the
                    // points there occupied but its own (a capture only changes the
                    // owner of one), and its other step leaves both lines: as its
                    // leaving uncovers nothing, it checks only from where it attacks.
                    Role::Soldier => soldier_origins,
                    // A chariot or cannon reaches the general's lines only along its
                    // own line through the general, and a quiet move there passes no
                    // piece: the pieces on that line keep their order and nothing
                    // attacks anew. Only a capture can check: a chariot's towards the
                    // general (away from it, the pieces between stay), a cannon's
                    // either way (away from the general, it jumps a piece that then
                    // screens it).
                    Role::Chariot => attacks::between_mask(gi, f) & occupied,
                    Role::Cannon => lines & occupied,
                    _ => lines,
                };
                (mask & REACH[c][r][f], false)
            };
            if to_mask == 0 {
                continue;
            }
            self.each_pseudo_move_into(sq, to_mask, |m| test(m, sure));
        }
    }

    /// Where a piece of the side to move, coming from off the opponent's general's file and
    /// rank (on point `gi`) and nothing attacking that general yet, can land to give check
    /// along them: on each of the four lines from the general, a chariot on the empty
    /// points before the first piece or on that piece when it is the opponent's; a cannon
    /// between the first and the second piece or on the second when it is the opponent's;
    /// any piece on the empty points before a first piece that is the mover's cannon (it
    /// screens it). Landing anywhere else on the lines adds a piece beyond a screen or
    /// between a cannon and its screen, and attacks nothing more. (When something attacks
    /// the general along a line already, which the landings also tell, they are unused.)
    /// Also the mover's pieces on the lines whose leaving alone makes an attack along them
    /// (see [`CheckLandings::uncovering`]).
    fn check_landings(&self, gi: usize) -> CheckLandings {
        let us = self.board.turn;
        let occupied = self.board.occupied();
        let theirs = |i: usize| self.board.is_color(i, !us);
        let ours = |i: usize| self.board.is_color(i, us);
        let cannon = Piece::new(us, Role::Cannon);
        let mut l = CheckLandings::default();
        for d in 0..4 {
            let ray = geometry::RAY_MASKS[gi][d];
            let blockers = ray & occupied;
            if blockers == 0 {
                l.chariot |= ray;
                continue;
            }
            let p1 = attacks::nearest(blockers, d);
            let beyond = |p: usize| geometry::RAY_MASKS[p][d];
            // Between the general and the first piece: the rays towards each other meet
            // there (direction `d ^ 1` is the opposite of `d`).
            let before_p1 = ray & geometry::RAY_MASKS[p1][d ^ 1];
            l.chariot |= before_p1 | if theirs(p1) { bit(p1) } else { 0 };
            // The first piece attacks when it is the mover's chariot, or its general facing.
            l.attacked |= self.board.is(p1, Piece::new(us, Role::Chariot))
                || (d >= 2 && self.board.is(p1, Piece::new(us, Role::General)));
            if self.board.is(p1, cannon) {
                l.screen |= before_p1;
            }
            let rest = blockers & beyond(p1);
            if rest == 0 {
                l.cannon |= beyond(p1);
            } else {
                let p2 = attacks::nearest(rest, d);
                l.cannon |= (beyond(p1) & geometry::RAY_MASKS[p2][d ^ 1])
                    | if theirs(p2) { bit(p2) } else { 0 };
                // The second piece attacks when it is the mover's cannon.
                l.attacked |= self.board.is(p2, cannon);
                // With nothing attacking along the line, the mover's first piece uncovers
                // a chariot (or its general, on the file) second or a cannon third, and
                // its second piece a cannon third (the first piece then screens it).
                if ours(p1) || ours(p2) {
                    let rest = rest & beyond(p2);
                    let cannon_third =
                        rest != 0 && self.board.is(attacks::nearest(rest, d), cannon);
                    if ours(p1)
                        && (cannon_third
                            || self.board.is(p2, Piece::new(us, Role::Chariot))
                            || (d >= 2 && self.board.is(p2, Piece::new(us, Role::General))))
                    {
                        l.uncovering |= bit(p1);
                    }
                    if cannon_third && ours(p2) {
                        l.uncovering |= bit(p2);
                    }
                }
            }
        }
        l
    }

    /// The moves of the mover's chariot or cannon (`role`) on `f`, off the file and rank
    /// of the opponent's general on `gi`, to the points of `mask` (on those lines), each
    /// passed to `out` as a sure check. Such a piece reaches the general's lines only where
    /// its own rank and file cross them: the point on its rank first, then the one on its
    /// file, the order of [`Position::line_moves`] (ranks' rays before files'). A chariot
    /// reaches a point with nothing between, a cannon an empty one so too and an
    /// opponent's piece over one screen.
    #[inline(always)]
    fn line_checks(
        &self,
        f: usize,
        role: Role,
        gi: usize,
        mask: u128,
        out: &mut impl FnMut(Move, bool),
    ) {
        let (file, rank, g_file, g_rank) = (f % 9, f / 9, gi % 9, gi / 9);
        for to in [rank * 9 + g_file, g_rank * 9 + file] {
            if mask & bit(to) == 0 {
                continue;
            }
            let between = (attacks::between_mask(f, to) & self.board.occupied()).count_ones();
            let capture = match self.board[to] {
                None if between == 0 => None,
                Some(t)
                    if t.color != self.board.turn && between == u32::from(role == Role::Cannon) =>
                {
                    Some(t.role)
                }
                _ => continue,
            };
            let m = Move {
                role,
                from: Square::new_unchecked(f as u8),
                to: Square::new_unchecked(to as u8),
                capture,
            };
            out(m, true);
        }
    }

    /// Calls `out` with each pseudo-legal move of the piece on `from` whose destination lies
    /// in `mask`, in the order of [`Position::each_pseudo_move_from`]; a chariot's or a
    /// cannon's lines are read off the occupied mask, so the points outside `mask` are
    /// never visited.
    #[inline]
    fn each_pseudo_move_into<F: FnMut(Move)>(&self, from: Square, mask: u128, out: F) {
        match self.board[from.index()] {
            // Every destination: the tables' walk is quicker than the masks.
            _ if mask == u128::MAX => self.each_pseudo_move_from(from, out),
            Some(p) if matches!(p.role, Role::Chariot | Role::Cannon) => {
                self.line_moves(from, p, mask, out)
            }
            _ => self.each_pseudo_move_masked::<true, F>(from, mask, out),
        }
    }

    /// The pseudo-legal moves of the chariot or cannon `piece` on `from` whose destination
    /// lies in `mask`, ray by ray in the order of the geometry tables (nearest point first),
    /// read off the occupied mask.
    #[inline(always)]
    fn line_moves<F: FnMut(Move)>(&self, from: Square, piece: Piece, mask: u128, mut out: F) {
        let f = from.index();
        let occupied = self.board.occupied();
        let mv = |to: usize, capture: Option<Role>| Move {
            role: piece.role,
            from,
            to: Square::new_unchecked(to as u8),
            capture,
        };
        for d in 0..4 {
            let ray = geometry::RAY_MASKS[f][d];
            if ray & mask == 0 {
                continue;
            }
            let nearest = |m: u128| attacks::nearest(m, d);
            let blockers = ray & occupied;
            // The empty points before the first piece, and the point a capture would take.
            let (quiet, target) = if blockers == 0 {
                (ray, None)
            } else {
                let b = nearest(blockers);
                // Between `from` and the first piece (the rays towards each other meet
                // there), and the pieces beyond it.
                let before = ray & geometry::RAY_MASKS[b][d ^ 1];
                let target = if piece.role == Role::Chariot {
                    Some(b)
                } else {
                    let rest = blockers & geometry::RAY_MASKS[b][d];
                    (rest != 0).then(|| nearest(rest))
                };
                (before, target)
            };
            let mut q = quiet & mask;
            while q != 0 {
                let to = nearest(q);
                // The points beyond `to`: `q` without its lowest bit walking up the
                // indices, the ray from `to` walking down (no `u128` bit to clear).
                q = if d & 1 == 0 {
                    q & (q - 1)
                } else {
                    q & geometry::RAY_MASKS[to][d]
                };
                out(mv(to, None));
            }
            if let Some(t) = target {
                if mask & bit(t) != 0 {
                    if let Some(victim) = self.board[t].filter(|v| v.color != piece.color) {
                        out(mv(t, Some(victim.role)));
                    }
                }
            }
        }
    }

    /// Whether the pseudo-legal move `m` keeps the mover's general safe. `safety`: the
    /// quick test prepared from the pieces attacking the mover's general now. A general
    /// move is tested with a scan; any other move is decided by the quick test or, failing
    /// that, by [`Position::keeps_general_safe_tested`].
    #[inline(always)]
    fn keeps_general_safe_on(&self, m: &Move, safety: &Safety) -> bool {
        if m.role != Role::General {
            let g = self.board.generals[self.board.turn];
            if let Some(known) = safety.quick(g, m.from.index(), m.to.index()) {
                return known;
            }
        }
        self.keeps_general_safe_tested(m)
    }

    /// The board test of [`Position::keeps_general_safe`]. A general move is tested on the
    /// destination with the general lifted (see [`attacks::general_step_attacked`]); any
    /// other by a scan of the mover's general with the move laid on the occupied mask
    /// (see [`attacks::general_attacked_after`]). Neither makes the move on a board: a
    /// whole scan without a board to change costs fewer instructions than making the move
    /// and re-testing only the checkers and the lines and legs it changes.
    #[inline(never)]
    fn keeps_general_safe_tested(&self, m: &Move) -> bool {
        let us = self.board.turn;
        let (from, to) = (m.from.index(), m.to.index());
        if m.role == Role::General {
            return !attacks::general_step_attacked(&self.board, from, m.to, !us);
        }
        !attacks::general_attacked_after(&self.board, self.board.generals[us], from, to, !us)
    }

    /// Whether the pseudo-legal move `m` keeps the mover's general safe: after it, no
    /// enemy piece attacks the mover's general (the generals do not face each other).
    /// For many moves of one position, [`Position::probe`] is faster.
    pub fn keeps_general_safe(&self, m: &Move) -> bool {
        self.keeps_general_safe_tested(m)
    }

    /// Whether playing the pseudo-legal move `m` attacks the opponent's general, i.e.
    /// whether `self.after(m).is_check()`, without building the position. For many
    /// moves of one position, [`Position::probe`] is faster.
    pub fn gives_check(&self, m: &Move) -> bool {
        let mut board = self.board;
        board.make(m.from.index(), m.to.index());
        attacks::is_general_attacked(
            &board,
            self.board.generals[!self.board.turn],
            self.board.turn,
        )
    }

    /// Whether the pseudo-legal move `m` attacks the opponent's general, on `g`: decided by
    /// `mask` (prepared for `g`) or tested on `board` (this position's placement, restored
    /// before returning).
    #[inline(always)]
    fn gives_check_on(&self, board: &mut Board, mask: &CheckMask, g: Square, m: &Move) -> bool {
        let us = self.board.turn;
        let (from, to) = (m.from.index(), m.to.index());
        if mask.surely_not(from, to) {
            return false;
        }
        let undo = board.make(from, to);
        let check = if from == g.index() || to == g.index() {
            attacks::is_general_attacked(board, g, us)
        } else {
            attacks::attacked_after(board, g, from, to, us, mask.before)
        };
        board.unmake(from, to, undo);
        check
    }

    /// The quick legality test for the side to move (from the pieces giving check).
    fn safety(&self) -> Safety {
        Safety::new(self.board.generals[self.board.turn], self.checkers())
    }

    /// A [`MoveProbe`]: legality and check tests for many pseudo-legal moves of this
    /// position, sharing the work that does not depend on the move.
    pub fn probe(&self) -> MoveProbe<'_> {
        MoveProbe {
            pos: self,
            board: self.board,
            safety: self.safety(),
            checking: None,
        }
    }

    /// Appends the legal moves of the side to move to `out`.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(out);
        let safety = self.safety();
        let mut i = start;
        while i < out.len() {
            if self.keeps_general_safe_on(&out[i], &safety) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Appends the legal moves of the side to move that capture a piece giving check or move
    /// the general: the answers to a check a search tries first when one refutation is
    /// enough. Each is a legal move (a subset of [`Position::legal_moves_into`]); nothing
    /// is appended when the side to move is not in check.
    ///
    /// ```
    /// use qili_notation::Position;
    ///
    /// // Black's chariot checks from e1; the advisor takes it or the general steps aside.
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4r4/3AK4 w - - 0 1").unwrap();
    /// let mut quick = Vec::new();
    /// pos.quick_evasions_into(&mut quick);
    /// let legal = pos.legal_moves();
    /// assert!(!quick.is_empty() && quick.iter().all(|m| legal.contains(m)));
    /// assert!(quick.iter().any(|m| m.capture.is_some()));
    /// ```
    pub fn quick_evasions_into(&self, out: &mut Vec<Move>) {
        let us = self.board.turn;
        let g = self.board.generals[us];
        let checkers = self.checkers();
        if checkers.is_empty() {
            return;
        }
        // The general's moves: each destination scanned with the general lifted.
        self.each_pseudo_move_from(g, |m| {
            if !attacks::general_step_attacked(&self.board, g.index(), m.to, !us) {
                out.push(m);
            }
        });
        // The captures of a checker. Of a lone checker, a capture answers the check and
        // only the board test is left (the quick test would send it there); with more,
        // the quick test may tell that another checker still attacks.
        let quick = (checkers.0 & (checkers.0 - 1) != 0).then(|| Safety::new(g, checkers));
        for c in checkers {
            // The general's captures are among its moves.
            for a in attacks::capturers(&self.board, c, us) {
                if let Some(m) = self.move_from_squares(a, c) {
                    let safe = match &quick {
                        None => self.keeps_general_safe_tested(&m),
                        Some(safety) => self.keeps_general_safe_on(&m, safety),
                    };
                    if safe {
                        out.push(m);
                    }
                }
            }
        }
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// The legal moves of the piece on `from` (empty when it is not the mover's).
    pub fn legal_moves_from(&self, from: Square) -> Vec<Move> {
        let mut v = Vec::new();
        if matches!(self.piece_at(from), Some(p) if p.color == self.board.turn) {
            self.pseudo_moves_from(from, &mut v);
            let mut probe = self.probe();
            v.retain(|m| probe.keeps_general_safe(m));
        }
        v
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let us = self.board.turn;
        let g = self.board.generals[us];
        let checkers = self.checkers();
        let mut found = false;
        // In check, the general's own steps are the likeliest answers: try them first, each
        // destination scanned with the general lifted (no quick test is needed for them).
        let in_check = !checkers.is_empty();
        if in_check {
            self.each_pseudo_move_from(g, |m| {
                found = found || !attacks::general_step_attacked(&self.board, g.index(), m.to, !us);
            });
            if found {
                return true;
            }
        }
        let safety = Safety::new(g, checkers);
        let rest = self
            .own_pieces()
            .map(|(sq, _)| sq)
            .filter(|&sq| !(in_check && sq == g));
        for sq in rest {
            self.each_pseudo_move_from(sq, |m| {
                found = found || self.keeps_general_safe_on(&m, &safety);
            });
            if found {
                return true;
            }
        }
        false
    }

    /// Whether `m` is a legal move here: the mover's piece of `m.role` is on `m.from`,
    /// `m.capture` matches what stands on `m.to`, the geometry is right and the mover's
    /// general is safe afterwards. The geometry of the one move is tested directly (see
    /// [`Position::reaches`]), without generating the piece's other moves.
    pub fn is_legal(&self, m: &Move) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let piece = match self.board[from] {
            Some(p) if p.color == self.board.turn && p.role == m.role => p,
            _ => return false,
        };
        match self.board[to] {
            Some(t) if t.color == piece.color => return false,
            t => {
                if t.map(|t| t.role) != m.capture {
                    return false;
                }
            }
        }
        self.reaches(piece, from, to) && self.keeps_general_safe(m)
    }

    /// Whether `piece`, standing on `from`, reaches `to` by its geometry (the target being
    /// empty or an enemy piece): the same moves as [`Position::pseudo_moves_from`] lists.
    #[inline]
    fn reaches(&self, piece: Piece, from: usize, to: usize) -> bool {
        let c = piece.color.index();
        let board = &self.board;
        let t = to as u8;
        match piece.role {
            Role::General => {
                GENERAL_MOVES[c][from].as_slice().contains(&t)
                    // Flying general: the enemy general across an open file.
                    || (to == self.board.generals[!piece.color].index()
                        && geometry::direction(from, to).is_some_and(|d| {
                            d >= 2 && self.pieces_between(from, to, d) == 0
                        }))
            }
            Role::Advisor => ADVISOR_MOVES[c][from].as_slice().contains(&t),
            Role::Elephant => ELEPHANT_MOVES[c][from]
                .as_slice()
                .iter()
                .any(|&(x, eye)| x == t && board[eye as usize].is_none()),
            Role::Horse => HORSE_MOVES[from]
                .as_slice()
                .iter()
                .any(|&(x, leg)| x == t && board[leg as usize].is_none()),
            Role::Chariot => {
                geometry::direction(from, to).is_some_and(|d| self.pieces_between(from, to, d) == 0)
            }
            Role::Cannon => geometry::direction(from, to).is_some_and(|d| {
                let screens = u32::from(board[to].is_some());
                self.pieces_between(from, to, d) == screens
            }),
            Role::Soldier => SOLDIER_MOVES[c][from].as_slice().contains(&t),
        }
    }

    /// The number of pieces strictly between `from` and `to`, which lies in direction `d`
    /// from it.
    #[inline]
    fn pieces_between(&self, from: usize, to: usize, d: usize) -> u32 {
        self.board.count_between(from, to, d)
    }

    /// Whether the side to move is checkmated (in check with no legal move).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move has no legal move (困毙 or mate: a loss in Xiangqi either way).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
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
            Err(IllegalMove {
                mv: m.to_string(),
                fen: self.fen(),
            })
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

/// Legality and check tests for many pseudo-legal moves of one position (see
/// [`Position::probe`]): the pieces attacking each general are found once, and each
/// move then costs only the lines and legs it changes.
pub struct MoveProbe<'a> {
    pos: &'a Position,
    board: Board,
    /// The quick legality test, from the pieces attacking the mover's general.
    safety: Safety,
    /// The mover's pieces attacking the opponent's general (found on first use).
    checking: Option<CheckMask>,
}

impl MoveProbe<'_> {
    /// Whether the pseudo-legal move `m` keeps the mover's general safe (see
    /// [`Position::keeps_general_safe`]).
    pub fn keeps_general_safe(&mut self, m: &Move) -> bool {
        self.pos.keeps_general_safe_on(m, &self.safety)
    }

    /// Whether the pseudo-legal move `m` attacks the opponent's general (see
    /// [`Position::gives_check`]).
    pub fn gives_check(&mut self, m: &Move) -> bool {
        let pos = self.pos;
        let us = pos.board.turn;
        let g = pos.board.generals[!us];
        let mask = self.checking.get_or_insert_with(|| {
            CheckMask::new(g, attacks::general_attackers(&pos.board, g, us))
        });
        pos.gives_check_on(&mut self.board, mask, g, m)
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
