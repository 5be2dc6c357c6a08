//! `judge`, `label` and `is_optional_game_end`: a line of play (a FEN and its moves) read as
//! the command line reads `judge --cases` lines, judged by the library's judge.

use std::cell::RefCell;
use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};

use qili_analyzer::audit::MAX_PLIES;
use qili_analyzer::explain::{self, Lang};
use qili_analyzer::json_line;
use qili_analyzer::Detail;
use qili_analyzer::InputError;
use qili_analyzer::RulingSource;
use qili_analyzer::Scope;
use qili_analyzer::{CycleContext, Outcome, Settings, Status};
use qili_analyzer::{LineError, LineJudge};
use qili_notation::Color;

use crate::errors::{self, input_error, Kind, Place};
use crate::texts::{self, MoveText};
use crate::{from_json, settings};

/// What errors name a call's move list by: the field of a `judge --cases` line.
const PLACE: &str = "moves";

/// Fairy-Stockfish's value of a won game (`VALUE_MATE`), from the side to move's view.
pub(crate) const VALUE_MATE: i32 = 32000;

thread_local! {
    /// The room lines are judged in, kept from call to call on each thread.
    static ROOM: RefCell<LineJudge> = RefCell::new(LineJudge::new());
}

/// Judges `fen` and `texts` (see [`move_texts`]) in the thread's room, with the GIL
/// released: each move read and tested once.
pub(crate) fn judge_texts(
    py: Python<'_>,
    fen: &str,
    texts: Vec<MoveText>,
    settings: &Settings,
    scope: Scope,
) -> PyResult<qili_analyzer::Judgement> {
    py.detach(|| ROOM.with(|room| room.borrow_mut().judge(fen, &texts, PLACE, settings, scope)))
        .map_err(|e| line_error(py, e))
}

/// The ruling alone of `fen` and `texts` ([`LineJudge::ruling`]: only the cycles that could
/// give it are labelled), as [`judge_texts`] reads them.
fn rule_texts(
    py: Python<'_>,
    fen: &str,
    texts: Vec<MoveText>,
    settings: &Settings,
) -> PyResult<qili_analyzer::LineRuling> {
    py.detach(|| ROOM.with(|room| room.borrow_mut().ruling(fen, &texts, PLACE, settings)))
        .map_err(|e| line_error(py, e))
}

/// A line's error as the exception it raises.
fn line_error(py: Python<'_>, e: LineError) -> PyErr {
    match e {
        LineError::Input(e) => input_error(py, *e),
        too_long @ LineError::TooLong { .. } => errors::raise(
            py,
            Kind::Move,
            too_long.to_string(),
            Place {
                place: Some(PLACE.to_owned()),
                ply: Some(MAX_PLIES + 1),
                ..Place::default()
            },
        ),
    }
}

/// The move texts of a call (see [`texts::move_texts`]); with `uci`, a text that is no
/// Fairy-Stockfish UCI move is a `MoveError` naming its ply.
pub(crate) fn move_texts(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    uci: bool,
) -> PyResult<Vec<MoveText>> {
    texts::move_texts(moves, uci)?.map_err(|(ply, t)| {
        errors::raise(
            py,
            Kind::Move,
            format!(
                "{PLACE}: ply {ply}: {t:?} is not a UCI move of Fairy-Stockfish \
                 (files a-i, ranks 1-10 from Red's side, e.g. h3e3)"
            ),
            Place {
                place: Some(PLACE.to_owned()),
                ply: Some(ply),
                ..Place::default()
            },
        )
    })
}

/// The judgement of a line of play: the ruling, every cycle with both sides' conduct and
/// the labels of its moves with their evidence, the articles, the explanation.
///
/// Made by `qili.judge(...)` (and `Game.judge()`).
#[pyclass(frozen, module = "qili")]
pub struct Judgement {
    j: qili_analyzer::Judgement,
    /// `to_dict()` as JSON, once built.
    full: OnceLock<String>,
}

impl Judgement {
    pub(crate) fn new(j: qili_analyzer::Judgement) -> Judgement {
        Judgement {
            j,
            full: OnceLock::new(),
        }
    }

    fn full_json(&self) -> &str {
        self.full
            .get_or_init(|| json_line(&self.j, Detail::Explain))
    }
}

#[pymethods]
impl Judgement {
    /// `red_wins`, `black_wins`, `draw` or `none`.
    #[getter]
    fn result(&self) -> &'static str {
        self.j.ruling.result.as_str()
    }

    /// `final` (stands now), `must_change` (the offender must change; `result` is what it
    /// incurs if it plays the cycle once more) or `none`.
    #[getter]
    fn status(&self) -> &'static str {
        self.j.ruling.status.as_str()
    }

    /// The articles of the ruling, as cited (`"CXA1999 24.1"`, `"CXA2020 图6"`, `"AXF r9 (D6–9)"`, …).
    #[getter]
    fn articles(&self) -> Vec<&'static str> {
        self.j.ruling.articles.iter().map(|a| a.code()).collect()
    }

    /// The articles with their text in Chinese and English: dicts `code`, `zh`, `en`.
    #[getter]
    fn article_texts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for a in &self.j.ruling.articles {
            let d = PyDict::new(py);
            d.set_item("code", a.code())?;
            d.set_item("zh", a.zh())?;
            d.set_item("en", a.en())?;
            list.append(d)?;
        }
        Ok(list)
    }

    /// The ruling: `result`, `status`, `source` (`cycle`, `natural_limit`, `none`), `cycle`
    /// (index into `cycles`), `ply`, `articles` — the `ruling` of docs/judge-json.md
    /// without its explanation (see `explain()`).
    #[getter]
    fn ruling<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let verdict = from_json(py, &verdict_text(&self.j))?;
        verdict.get_item("ruling")
    }

    /// Every cycle, in force or not (docs/judge-json.md, `cycles`): the repeated position,
    /// its occurrences, each side's conduct (`red`, `black`), the verdict and its articles;
    /// and `moves`: the labelled plies of the cycle, each with its labels and their
    /// evidence (attackers, targets, protectors, lines; docs/label-json.md).
    #[getter]
    fn cycles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let full = from_json(py, self.full_json())?;
        let moves = full.get_item("moves")?;
        let cycles = full.get_item("cycles")?.cast_into::<PyList>()?;
        for cycle in cycles.iter() {
            let span: Vec<usize> = cycle.get_item("cycle_plies")?.extract()?;
            let (first, last) = (span.first().copied(), span.last().copied());
            let own = PyList::empty(py);
            for m in moves.try_iter()? {
                let m = m?;
                let ply: usize = m.get_item("ply")?.extract()?;
                if first.is_some_and(|f| f <= ply) && last.is_some_and(|l| ply <= l) {
                    own.append(m)?;
                }
            }
            cycle.set_item("moves", own)?;
        }
        Ok(cycles)
    }

    /// Plies judged (the moves of the line).
    #[getter]
    fn plies(&self) -> usize {
        self.j.moves.len()
    }

    /// The start position (FEN).
    #[getter]
    fn start_fen(&self) -> String {
        self.j
            .positions
            .first()
            .map(|p| p.fen())
            .unwrap_or_default()
    }

    /// The explanation an arbiter announces, as `qili judge` prints it: in `lang` (`zh` or
    /// `en`); `detail=True` adds each move's evidence and the open-choice notes
    /// (`--detail`); `all_cycles=True` expands every cycle (`--all-cycles`).
    #[pyo3(signature = (lang = "zh", detail = false, all_cycles = false))]
    fn explain(
        &self,
        py: Python<'_>,
        lang: &str,
        detail: bool,
        all_cycles: bool,
    ) -> PyResult<String> {
        let lang: Lang = lang
            .parse()
            .map_err(|e: qili_analyzer::terms::ParseLangError| {
                pyo3::exceptions::PyValueError::new_err(e.to_string())
            })?;
        let options = explain::Options {
            lang,
            size: if detail {
                explain::Size::Detail
            } else {
                explain::Size::Default
            },
            all_cycles,
        };
        Ok(py.detach(|| explain::explain_with(&self.j, None, &options)))
    }

    /// The judgement as the documented JSON object of `qili judge --format json`
    /// (docs/judge-json.md): a new dict on every call.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = py.detach(|| self.full_json().to_owned());
        from_json(py, &text)
    }

    /// `to_dict()` as a JSON text.
    fn to_json(&self, py: Python<'_>) -> String {
        py.detach(|| self.full_json().to_owned())
    }

    /// `(ended, value)` as `is_optional_game_end` gives it for this line.
    #[pyo3(signature = (final_only = false))]
    fn game_end(&self, final_only: bool) -> (bool, i32) {
        game_end(&self.j.ruling, side_to_move(&self.j), final_only)
    }

    fn __repr__(&self) -> String {
        let r = &self.j.ruling;
        let articles: Vec<&str> = r.articles.iter().map(|a| a.code()).collect();
        format!(
            "<Judgement {} {} ({} plies; {})>",
            r.result.as_str(),
            r.status.as_str(),
            self.j.moves.len(),
            if articles.is_empty() {
                "no ruling".to_owned()
            } else {
                articles.join(", ")
            }
        )
    }
}

fn verdict_text(j: &qili_analyzer::Judgement) -> String {
    json_line(j, Detail::Verdict)
}

/// The side to move after the judged line.
fn side_to_move(j: &qili_analyzer::Judgement) -> Color {
    let start = j.positions.first().map_or(Color::Red, |p| p.turn());
    if j.moves.len().is_multiple_of(2) {
        start
    } else {
        !start
    }
}

/// pyffish's `(ended, value)` of a ruling: `value` from the view of the side to move,
/// `VALUE_MATE` a win, `-VALUE_MATE` a loss, 0 a draw. A ruling that the offender must
/// change is an end with the loss it incurs (as Fairy-Stockfish ends a perpetual chase),
/// unless `final_only`.
pub(crate) fn game_end(
    ruling: &qili_analyzer::Ruling,
    to_move: Color,
    final_only: bool,
) -> (bool, i32) {
    let ended = match ruling.status {
        Status::Final => true,
        Status::MustChange => !final_only,
        Status::None => false,
    };
    if !ended {
        return (false, 0);
    }
    let value = match ruling.result {
        Outcome::RedWins => to_move.fold(VALUE_MATE, -VALUE_MATE),
        Outcome::BlackWins => to_move.fold(-VALUE_MATE, VALUE_MATE),
        Outcome::Draw | Outcome::None => 0,
    };
    (ruling.result != Outcome::None, value)
}

/// The source of a ruling, by its JSON name.
pub(crate) fn source_name(source: &RulingSource) -> &'static str {
    match source {
        RulingSource::Cycle { .. } => "cycle",
        RulingSource::NaturalLimit { .. } => "natural_limit",
        RulingSource::None => "none",
    }
}

/// Judges a line of play: `qili judge --fen FEN --moves ...`.
#[pyfunction]
#[pyo3(signature = (fen, moves, rules = "cxa", repetitions = 3, natural_limit = 60))]
pub fn judge(
    py: Python<'_>,
    fen: &str,
    moves: &Bound<'_, PyAny>,
    rules: &str,
    repetitions: u32,
    natural_limit: u32,
) -> PyResult<Judgement> {
    let settings = settings(rules, repetitions, natural_limit)?;
    let j = judge_texts(
        py,
        fen,
        move_texts(py, moves, false)?,
        &settings,
        Scope::Full,
    )?;
    Ok(Judgement::new(j))
}

/// Labels every move of a line: `qili label --format json` (docs/label-json.md).
#[pyfunction]
#[pyo3(signature = (fen, moves, rules = "cxa", mutual_attack = false))]
pub fn label<'py>(
    py: Python<'py>,
    fen: &str,
    moves: &Bound<'_, PyAny>,
    rules: &str,
    mutual_attack: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let settings = settings(rules, 3, 60)?;
    let move_texts_ref = move_texts(py, moves, false)?;
    let game = py
        .detach(|| {
            qili_analyzer::read_move_list(
                fen,
                &move_texts_ref,
                PLACE,
                &qili_analyzer::ReadOptions::default(),
            )
            .map_err(Box::new)
        })
        .map_err(|e| input_error(py, *e))?;
    let cycle = CycleContext {
        mutual_perpetual_attack: mutual_attack,
    };
    let text = py.detach(|| {
        let mut out = Vec::new();
        qili_analyzer::write_labels_json(&mut out, &game.start, &game.moves, &settings, cycle)
            .map(|_| String::from_utf8_lossy(&out).into_owned())
    });
    let text = text.map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    from_json(py, &text)
}

/// `(ended, value)` of a line, pyffish's shape (see `qili.is_optional_game_end`), in either
/// call form: qili's `(fen, moves, rules, repetitions)`, or pyffish's `("xiangqi", fen,
/// uci_moves[, chess960])` — told apart as the Python wrapper documents: no FEN lacks a
/// `/`, and the second argument of pyffish's form is a FEN. The form is read here so that a
/// play server's call costs one crossing and no Python work.
#[pyfunction]
#[pyo3(signature = (fen, moves, rules = None, repetitions = None, natural_limit = 60, final_only = false))]
pub fn is_optional_game_end(
    py: Python<'_>,
    fen: &Bound<'_, PyAny>,
    moves: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    repetitions: Option<&Bound<'_, PyAny>>,
    natural_limit: u32,
    final_only: bool,
) -> PyResult<(bool, i32)> {
    let first = fen
        .cast::<PyString>()
        .ok()
        .map(|s| s.to_cow())
        .transpose()?;
    let second = moves
        .cast::<PyString>()
        .ok()
        .map(|s| s.to_cow())
        .transpose()?;
    let is_fen = |t: &str| t.contains('/') || t.trim().eq_ignore_ascii_case("startpos");
    let (fen, texts, settings) = match (first, second) {
        (Some(variant), Some(fen)) if !is_fen(&variant) && is_fen(&fen) => {
            if !variant.trim().eq_ignore_ascii_case("xiangqi") {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "variant {}: qili rules on xiangqi only",
                    py_repr(py, &variant)?
                )));
            }
            if let Some(chess960) = repetitions.and_then(|r| r.cast::<PyBool>().ok()) {
                if chess960.is_true() {
                    return Err(pyo3::exceptions::PyValueError::new_err(
                        "chess960: not a xiangqi option",
                    ));
                }
            }
            let uci = rules.ok_or_else(|| {
                pyo3::exceptions::PyTypeError::new_err(
                    "is_optional_game_end(\"xiangqi\", fen, moves): the moves are missing",
                )
            })?;
            let texts = move_texts(py, uci, true)?;
            (fen, texts, settings("axf", 3, natural_limit)?)
        }
        (Some(fen), _) => {
            let rules: String = match rules {
                Some(r) => r.extract()?,
                None => "axf".to_owned(),
            };
            let repetitions: u32 = match repetitions {
                Some(r) => r.extract()?,
                None => 3,
            };
            let texts = move_texts(py, moves, false)?;
            (fen, texts, settings(&rules, repetitions, natural_limit)?)
        }
        (None, _) => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "fen: expected a string (a FEN or \"startpos\")",
            ))
        }
    };
    let r = rule_texts(py, &fen, texts, &settings)?;
    Ok(game_end(&r.ruling, r.to_move, final_only))
}

/// `text` as Python writes it (`repr`).
fn py_repr(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(PyString::new(py, text).repr()?.to_cow()?.into_owned())
}

/// An input error's exception (for the other modules).
pub(crate) fn input_err(py: Python<'_>, e: InputError) -> PyErr {
    input_error(py, e)
}
