//! `Game`: a line played one move at a time, with the ruling after each move from the
//! library's incremental judge (`qili_analyzer::Incremental`: the same ruling as `judge` on
//! the whole line, in time linear in the moves).

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use qili_analyzer::moves_json;
use qili_analyzer::InputError;
use qili_analyzer::OutlookOptions;
use qili_analyzer::{Incremental, Ruling, Settings};
use qili_notation::{parse_move, Iccs, Move, MoveTextError, Position};

use crate::judging::{self, game_end, source_name, Judgement};
use crate::{from_json, settings};

/// What errors name a move given to `push` by.
const PLACE: &str = "push";

/// The state behind the lock.
struct Line {
    start: Position,
    moves: Vec<Move>,
    incremental: Incremental,
}

/// A game played move by move, ruled after every move.
///
/// `Game(fen="startpos", rules="cxa", repetitions=3, natural_limit=60)`.
#[pyclass(frozen, module = "qili")]
pub struct Game {
    settings: Settings,
    line: Mutex<Line>,
}

impl Game {
    fn line(&self) -> std::sync::MutexGuard<'_, Line> {
        // A panic while the lock is held leaves a line that is still whole (every update
        // of it is a push after a check): take it back.
        self.line.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Plays `text` (any notation, or with `uci` a Fairy-Stockfish UCI move).
    fn play<'py>(&self, py: Python<'py>, text: &str, uci: bool) -> PyResult<Bound<'py, PyDict>> {
        let mut line = self.line();
        let pos = line.incremental.position().clone();
        let ply = line.moves.len() + 1;
        let place_error = |error: MoveTextError| InputError::Move {
            place: PLACE.to_owned(),
            move_number: pos.fullmoves(),
            ply,
            column: match &error {
                MoveTextError::Syntax { column, .. } => column + 1,
                _ => 1,
            },
            error,
            fen: pos.fen(),
        };
        let iccs;
        let text = if uci {
            iccs = crate::texts::uci_to_iccs(text).ok_or_else(|| {
                judging::input_err(
                    py,
                    place_error(MoveTextError::Syntax {
                        text: text.to_owned(),
                        column: 0,
                        // Not a UCI move of Fairy-Stockfish (files a-i, ranks 1-10 from
                        // Red's side, e.g. h3e3): reported as the coordinates it is not.
                        notation: Some(qili_notation::Notation::Iccs),
                        kind: None,
                    }),
                )
            })?;
            // ICCS is ASCII.
            std::str::from_utf8(&iccs).unwrap_or_default()
        } else {
            text
        };
        let mv =
            parse_move(&pos, text, None).map_err(|e| judging::input_err(py, place_error(e)))?;
        let line = &mut *line;
        let ruling = py
            .detach(|| line.incremental.push(mv).cloned())
            .map_err(|_| {
                judging::input_err(
                    py,
                    place_error(MoveTextError::Illegal {
                        text: text.to_owned(),
                        reason: None,
                    }),
                )
            })?;
        line.moves.push(mv);
        ruling_dict(py, &ruling)
    }
}

/// A ruling as a dict: `result`, `status`, `source`, `articles`.
fn ruling_dict<'py>(py: Python<'py>, r: &Ruling) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("result", r.result.as_str())?;
    d.set_item("status", r.status.as_str())?;
    d.set_item("source", source_name(&r.source))?;
    d.set_item(
        "articles",
        r.articles.iter().map(|a| a.code()).collect::<Vec<_>>(),
    )?;
    Ok(d)
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (fen = "startpos", rules = "cxa", repetitions = 3, natural_limit = 60))]
    fn new(
        py: Python<'_>,
        fen: &str,
        rules: &str,
        repetitions: u32,
        natural_limit: u32,
    ) -> PyResult<Game> {
        let settings = settings(rules, repetitions, natural_limit)?;
        let no_moves: [&str; 0] = [];
        let start = qili_analyzer::read_move_list(
            fen,
            &no_moves,
            "Game",
            &qili_analyzer::ReadOptions::default(),
        )
        .map_err(|e| judging::input_err(py, e))?
        .start;
        Ok(Game {
            settings: settings.clone(),
            line: Mutex::new(Line {
                incremental: Incremental::new(start.clone(), settings.clone()),
                start,
                moves: Vec::new(),
            }),
        })
    }

    /// Plays a move written in any notation qili reads — ICCS/UCCI coordinates (`h2e2`,
    /// `H2-E2`), Chinese (`炮二平五`, `炮25`), WXF (`C2.5`) — and returns the ruling after
    /// it (a dict: `result`, `status`, `source`, `articles`). An illegal or unreadable move
    /// raises `MoveError` and changes nothing.
    fn push<'py>(&self, py: Python<'py>, mv: &str) -> PyResult<Bound<'py, PyDict>> {
        self.play(py, mv, false)
    }

    /// Plays a Fairy-Stockfish (pyffish) UCI move: files a–i, ranks 1–10 from Red's side
    /// (`h3e3` is ICCS `h2e2`). Returns the ruling after it, as `push`.
    fn push_uci<'py>(&self, py: Python<'py>, mv: &str) -> PyResult<Bound<'py, PyDict>> {
        self.play(py, mv, true)
    }

    /// The ruling now (a dict: `result`, `status`, `source`, `articles`).
    fn ruling<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = self.line().incremental.ruling().clone();
        ruling_dict(py, &r)
    }

    /// `(ended, value)` now, as `qili.is_optional_game_end` gives it for the line so far.
    #[pyo3(signature = (final_only = false))]
    fn is_optional_game_end(&self, final_only: bool) -> (bool, i32) {
        let line = self.line();
        let to_move = line.incremental.position().turn();
        game_end(line.incremental.ruling(), to_move, final_only)
    }

    /// The position now (FEN).
    fn fen(&self) -> String {
        self.line().incremental.position().fen()
    }

    /// The start position (FEN).
    #[getter]
    fn start_fen(&self) -> String {
        self.line().start.fen()
    }

    /// Plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.line().moves.len()
    }

    /// The moves played, in ICCS.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.line()
            .moves
            .iter()
            .map(|m| Iccs::from_move(m).to_string())
            .collect()
    }

    /// The legal moves now, in ICCS.
    fn legal_moves(&self) -> Vec<String> {
        self.line()
            .incremental
            .position()
            .legal_moves()
            .iter()
            .map(|m| Iccs::from_move(m).to_string())
            .collect()
    }

    /// What each legal move would bring before it is played: the object `qili moves
    /// --format json` writes for the line so far (docs/moves-json.md), a dict — `ply`,
    /// `fen`, `mover`, `ruling` (the ruling now), `legal_moves` (how many), `banmoves` (the
    /// moves a GUI forbids the mover, UCCI `banmoves`), and `moves`: the moves that matter
    /// (they repeat a position, or a ruling takes effect with them), each with `move`
    /// (ICCS), `chinese`, `consequence` for the mover (`repeats`, `draw`,
    /// `mover_must_change`, `mover_loses`, `opponent_must_change`, `opponent_loses`),
    /// `banned`, `ruling` (exactly `judge`'s with the move played), and where they apply
    /// `repetition`, `effect` (the ruling taking effect: reason, both sides' conduct,
    /// articles in Chinese and English) and `warning` (what one more round of the loop
    /// would bring). A legal move not listed brings nothing: the ruling after it is the
    /// ruling now. The game is not changed.
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = {
            let mut line = self.line();
            let incremental = &mut line.incremental;
            py.detach(|| {
                let o = incremental.outlook(&OutlookOptions::default());
                serde_json::to_string(&moves_json(&o))
            })
        }
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        from_json(py, &text)
    }

    /// The whole line judged (`qili.judge` on the start position and the moves played):
    /// every cycle, the labels with their evidence, the explanation.
    fn judge(&self, py: Python<'_>) -> Judgement {
        let line = self.line();
        let (start, moves) = (line.start.clone(), line.moves.clone());
        drop(line);
        let settings = self.settings.clone();
        Judgement::new(py.detach(|| qili_analyzer::judge(&start, &moves, &settings)))
    }

    fn __repr__(&self) -> String {
        let line = self.line();
        let r = line.incremental.ruling();
        format!(
            "<Game {} plies, {} {}: {}>",
            line.moves.len(),
            r.result.as_str(),
            r.status.as_str(),
            line.incremental.position().fen()
        )
    }
}
