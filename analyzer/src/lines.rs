//! Judging lines given as text — a FEN and move texts — one after the other, the way
//! `qili judge --cases` judges its cases: each move is read and tested once (the judge then
//! takes the line as played, without testing each move again), the position graph's room is
//! kept from line to line, and a start position given by the same text as the line before
//! is not read again when the moves are plain ICCS. For bindings and servers that judge
//! line after line (the Python package's `is_optional_game_end`).
//!
//! ```
//! use qili_analyzer::Scope;
//! use qili_analyzer::LineJudge;
//! use qili_analyzer::{Outcome, Settings};
//!
//! let mut judge = LineJudge::new();
//! let line = ["h0h9", "d9d8", "h9h8", "d8d9", "h8h9", "d9d8", "h9h8", "d8d9", "h8h9"];
//! let fen = "3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1";
//! let j = judge.judge(fen, &line, "moves", &Settings::default(), Scope::Verdict)?;
//! assert_eq!(j.ruling.result, Outcome::BlackWins);
//! let r = judge.ruling(fen, &line, "moves", &Settings::default())?;
//! assert_eq!(r.ruling, j.ruling);
//! let e = judge.judge(fen, &["h0h9", "h9h0"], "moves", &Settings::default(), Scope::Verdict);
//! assert!(e.unwrap_err().to_string().starts_with("moves: move 1"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use qili_notation::Position;

use crate::graph::PlayedLine;
use crate::graph::PositionGraph;
use crate::input::{plain_move_list, read_played_line, InputError, MAX_PLIES};
use crate::judge::{judge_legal_in, Judgement};
use crate::label::Scope;
use crate::rules::Settings;
use crate::ruling::{LineRuling, RulingRoom};

/// Why a line could not be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The FEN or a move cannot be read or played (the error names the place).
    #[error(transparent)]
    Input(Box<InputError>),
    /// More plies than a line is judged up to ([`MAX_PLIES`], the audit's bound: judging
    /// takes memory in proportion to the plies).
    #[error(
        "{place}: {plies} plies: longer than the {max} plies a line is judged up to \
         (limit; `qili label` labels a line of any length)"
    )]
    TooLong {
        /// What the moves are named by.
        place: String,
        /// Plies read.
        plies: usize,
        /// [`MAX_PLIES`].
        max: usize,
    },
}

impl From<InputError> for LineError {
    fn from(e: InputError) -> LineError {
        LineError::Input(Box::new(e))
    }
}

/// Judges lines one after the other in one room (see the module's documentation).
#[derive(Debug, Default)]
pub struct LineJudge {
    /// The position graph the lines are judged in (emptied for each).
    graph: PositionGraph,
    /// The last start position read, with its text.
    start: Option<(String, Position)>,
    /// The room rulings alone are found in ([`LineJudge::ruling`]).
    ruling: RulingRoom,
}

impl LineJudge {
    /// An empty room.
    pub fn new() -> LineJudge {
        LineJudge::default()
    }

    /// Judges `moves` (move texts in any notation, one or several per item, as a score
    /// sheet writes them) played from `fen` (a FEN or `startpos`): the judgement of
    /// [`crate::judge()`] (`scope` [`Scope::Full`]) or [`crate::judge_verdict`]
    /// ([`Scope::Verdict`]). Errors name `place` (and `place: fen`), as
    /// [`crate::input::read_move_list`]'s do.
    pub fn judge(
        &mut self,
        fen: &str,
        moves: &[impl AsRef<str>],
        place: &str,
        settings: &Settings,
        scope: Scope,
    ) -> Result<Judgement, LineError> {
        let line = self.read(fen, moves, place)?;
        Ok(judge_legal_in(&mut self.graph, line, settings, scope))
    }

    /// The ruling of `moves` played from `fen` (read as [`LineJudge::judge`] reads them):
    /// [`crate::judge_ruling`], the ruling of [`LineJudge::judge`] with less work (no
    /// position graph, only the cycles that could give the ruling labelled).
    pub fn ruling(
        &mut self,
        fen: &str,
        moves: &[impl AsRef<str>],
        place: &str,
        settings: &Settings,
    ) -> Result<LineRuling, LineError> {
        let line = self.read(fen, moves, place)?;
        Ok(self.ruling.rule(&line, settings))
    }

    /// The line of `moves` played from `fen`, each move tested once.
    fn read(
        &mut self,
        fen: &str,
        moves: &[impl AsRef<str>],
        place: &str,
    ) -> Result<PlayedLine, LineError> {
        let known = self.start.as_ref().filter(|(text, _)| text == fen);
        let plain = known.and_then(|(_, start)| plain_move_list(start, moves, MAX_PLIES));
        let line = match plain {
            Some(line) => line,
            None => {
                let (start, read) = read_played_line(fen, moves, place, MAX_PLIES)?;
                self.start = Some((fen.to_owned(), start));
                read.map_err(|plies| LineError::TooLong {
                    place: place.to_owned(),
                    plies,
                    max: MAX_PLIES,
                })?
            }
        };
        Ok(line)
    }
}
