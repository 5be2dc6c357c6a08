//! Why a setup is not a position, and why a move cannot be played in one: each error
//! hands back the value it refused (the [`Setup`], the [`Move`] and its [`Position`]).

use std::fmt;

use crate::{Color, Move, Piece, Position, Role, Setup, Square};

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

/// Every reason a [`Setup`] was rejected, with the setup handed back.
///
/// ```
/// use qili_notation::{Position, PositionErrorKind, Setup};
///
/// let setup: Setup = "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1".parse()?;
/// let e = Position::try_from(setup.clone()).unwrap_err();
/// assert_eq!(e.reasons, [PositionErrorKind::MissingGeneral(qili_notation::Color::Red)]);
/// assert_eq!(e.into_setup(), setup);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// The reasons, in board order.
    pub reasons: Vec<PositionErrorKind>,
    /// The setup refused (boxed, to keep the error small).
    setup: Box<Setup>,
}

impl PositionError {
    /// The reasons `setup` is refused.
    pub fn new(reasons: Vec<PositionErrorKind>, setup: Setup) -> PositionError {
        PositionError {
            reasons,
            setup: Box::new(setup),
        }
    }

    /// The setup refused.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup refused, handed back.
    pub fn into_setup(self) -> Setup {
        *self.setup
    }
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
    /// Whether a loose reading ([`Placement::Loose`](crate::Placement::Loose)) lets this
    /// pass with a warning: a piece other than a general on a point it can never reach.
    /// Everything else makes the position unplayable (move generation relies on one
    /// general per side, inside its palace).
    pub fn is_loose(&self) -> bool {
        matches!(self, PositionErrorKind::ImpossibleSquare { piece, .. } if piece.role != Role::General)
    }
}

/// A move that cannot be played in a position: the move and the position, handed back.
///
/// ```
/// use qili_notation::{Iccs, Position};
///
/// let mut pos = Position::startpos();
/// let m = "h2e2".parse::<Iccs>()?.to_move(&pos)?;
/// pos.play(&m)?;
/// let e = pos.play(&m).unwrap_err(); // Black to move: h2e2 is Red's
/// assert_eq!(e.mv(), m);
/// assert_eq!(e.position(), &pos);
/// assert_eq!(
///     e.to_string(),
///     "illegal move h2e2 in rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in {}", .position.fen())]
pub struct IllegalMove {
    /// The move refused.
    mv: Move,
    /// The position it was tried in (boxed, to keep the error small).
    position: Box<Position>,
}

impl IllegalMove {
    /// `mv` cannot be played in `position`.
    pub fn new(mv: Move, position: Position) -> IllegalMove {
        IllegalMove {
            mv,
            position: Box::new(position),
        }
    }

    /// The move refused.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The position it was tried in.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position it was tried in, handed back.
    pub fn into_position(self) -> Position {
        *self.position
    }
}
