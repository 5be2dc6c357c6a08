//! Board model, legal move generation, Zobrist keys and notations for **qili**, the
//! Xiangqi repetition-rule analyzer.
//!
//! ```
//! use qili_notation::{Iccs, Position};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m = "h2e2".parse::<Iccs>()?.to_move(&pos)?; // 炮二平五
//! pos.play_unchecked(&m);
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! assert_eq!(qili_notation::perft(&Position::startpos(), 2), 1920);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod abbreviated;
pub mod chinese;
pub mod descriptive;
pub mod encoding;
mod error;
pub mod iccs;
pub mod movetext;
mod perft;
mod position;
pub mod record;
mod setup;
mod types;
pub mod ucci;
pub mod winboard;
pub mod wxf;
pub mod zobrist;

pub use abbreviated::Abbreviated;
pub use chinese::{Chinese, ChineseStyle};
pub use descriptive::{
    Direction, IllegalReason, Origin, ResolveError, SyntaxError, SyntaxErrorKind, Tandem,
};
pub use error::Error;
pub use iccs::Iccs;
pub use movetext::{detect_notation, parse_move, write_move, MoveTextError, Notation};
pub use perft::{divide, perft};
pub use position::{
    can_stand_on, IllegalMove, Misplaced, MoveProbe, Placement, Position, PositionError,
    PositionErrorKind,
};
pub use setup::{FenError, FenErrorKind, Setup, STARTPOS_FEN};
pub use types::{
    ByColor, ByRole, Color, File, Move, ParseSquareError, Piece, Rank, Role, Square, SquareSet,
};
pub use ucci::UcciPosition;
pub use winboard::WinBoard;
pub use wxf::{Wxf, WxfStyle};
