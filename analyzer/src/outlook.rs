//! Before the move: in a position reached by a line, which moves would complete a
//! repetition and what each would bring — nothing yet, a draw, "you must change" (变着), or
//! a loss — under the chosen rule book and threshold (docs/rules.md §1 and §5).
//!
//! One code path: the answer for a move is the ruling [`crate::judge()`] gives of the line
//! with that move played, read from the [`Incremental`] judge. Every legal move is hashed
//! (Zobrist); a move that reaches no position of the line since the last capture leaves
//! every cycle as it is (a capture can never recur), so its ruling is the ruling now, at the
//! cost of a hash lookup. Only a move that reaches a known position (or one that could reach
//! the natural limit) is played, in a fork of the judge that shares its label cache. A
//! move that repeats but decides nothing yet is also played *once more round its loop*: the
//! ruling that would then take effect is the warning one occurrence before the threshold.
//!
//! ```
//! use qili_analyzer::{outlook, Consequence, OutlookOptions};
//! use qili_analyzer::Settings;
//! use qili_notation::{Iccs, Position};
//!
//! // Red's chariot checks from b9 and b8; Black's general shuffles d9 / d8. After seven
//! // plies the position after b9b8 has occurred twice.
//! let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/1R2K4 w - - 0 1")?;
//! let mut pos = start.clone();
//! let mut moves = Vec::new();
//! for text in ["b0b9", "d9d8", "b9b8", "d8d9", "b8b9", "d9d8", "b9b8", "d8d9"] {
//!     let mv = text.parse::<Iccs>()?.to_move(&pos)?;
//!     pos.play(&mv)?;
//!     moves.push(mv);
//! }
//! let o = outlook(&start, &moves, &Settings::default(), &OutlookOptions::default());
//! // b8b9 would make the position after b0b9 occur a third time: Red's perpetual check
//! // must change (CXA 2011/2020, 图6; under CXA 1999 it loses at once).
//! let b8b9 = o.moves.iter().find(|m| m.mv.to_string() == "b8b9").unwrap();
//! assert_eq!(b8b9.consequence, Consequence::MoverMustChange);
//! assert_eq!(b8b9.repetition.as_ref().unwrap().occurrence, 3);
//! assert_eq!(o.ucci_banmoves(), "banmoves b8b9");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use qili_notation::{Move, Position};

pub use crate::consequence::{
    Consequence, Effect, MoveOutlook, Outlook, OutlookOptions, Repetition, Warning,
};
use crate::rules::Settings;
use crate::Incremental;

/// [`Incremental::outlook`] for the position that `moves` played from `start` reach (the
/// line is judged once, move by move; an illegal move ends it there, as in
/// [`crate::judge()`]).
pub fn outlook(
    start: &Position,
    moves: &[Move],
    settings: &Settings,
    options: &OutlookOptions,
) -> Outlook {
    let mut inc = Incremental::new(start.clone(), settings.clone());
    for m in moves {
        if inc.push(*m).is_err() {
            break;
        }
    }
    inc.outlook(options)
}
