//! qili for Python: the native module `qili._qili` behind the `qili` package
//! (python/qili/__init__.py wraps it, python/qili/__init__.pyi types it).
//!
//! Everything here is a thin layer over the library: the same readers, the same judge, the
//! same JSON objects as the command line (docs/judge-json.md, docs/label-json.md,
//! docs/audit-json.md, docs/convert-json.md), handed to Python through `json.loads` so that
//! every object keeps the key order of the documented JSON. The work in Rust runs with the
//! GIL released.
#![deny(missing_docs)]

mod audit;
mod errors;
mod game;
mod judging;
mod records;
mod texts;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use qili_analyzer::{RuleSet, Settings};

/// The Rust side of the module allocates with mimalloc, as the `qili` binary does (the
/// analysis makes and drops many small vectors; glibc's allocator took about a sixth of the
/// judging time). Python's objects keep Python's allocator: no memory crosses between them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Python's `json.loads`, looked up once.
static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A JSON text as Python objects (dicts keep the text's key order).
pub(crate) fn from_json<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let loads = JSON_LOADS.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("json")?.getattr("loads")?.unbind())
    })?;
    loads.bind(py).call1((text,))
}

/// The settings of a call: a rule set by any name [`RuleSet`] reads (as `--rules`), the
/// occurrences at which a ruling is in force (as `--repetitions`, at least 2) and the natural
/// move limit (as `--natural-limit`, 0: not applied).
pub(crate) fn settings(rules: &str, repetitions: u32, natural_limit: u32) -> PyResult<Settings> {
    let rules: RuleSet = rules
        .parse()
        .map_err(|e: qili_analyzer::ParseRuleSetError| {
            pyo3::exceptions::PyValueError::new_err(e.to_string())
        })?;
    if repetitions < 2 {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "repetitions {repetitions}: a ruling needs a position to occur at least 2 times"
        )));
    }
    Ok(Settings {
        rules,
        repetitions,
        natural_limit,
        ..Settings::default()
    })
}

/// The native module.
#[pymodule]
fn _qili(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("QiliError", py.get_type::<errors::QiliError>())?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add_function(wrap_pyfunction!(judging::judge, m)?)?;
    m.add_function(wrap_pyfunction!(judging::label, m)?)?;
    m.add_function(wrap_pyfunction!(judging::is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(records::find_files, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit, m)?)?;
    m.add_class::<judging::Judgement>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<records::GameReader>()?;
    m.add_class::<audit::Audit>()?;
    Ok(())
}
