//! `audit`: the audit of record files and folders (`qili audit --json`), run by the library
//! on its own threads while Python goes on; the games come out one dict at a time, in the
//! audit's order, and the summary last.

use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;

use pyo3::prelude::*;

use qili_analyzer::audit::{self as qaudit, json, AuditConfig};

use crate::{errors::QiliError, from_json, records::paths_of, settings};

/// Game lines waiting between the audit's threads and Python.
const QUEUE: usize = 1024;

/// What the audit thread hands over.
enum Message {
    /// A game line of `qili audit --json`.
    Game(String),
    /// The summary line, last.
    Summary(String),
    /// The audit could not run (its threads could not be started).
    Failed(String),
}

/// Where the iteration is.
struct State {
    receiver: Option<Receiver<Message>>,
    summary: Option<Py<PyAny>>,
}

/// An audit in progress: iterate it for the games (the `data` of each game line of
/// `qili audit --json`, docs/audit-json.md); `summary` is the summary object once every game
/// has been taken.
#[pyclass(frozen, module = "qili")]
pub struct Audit {
    state: Mutex<State>,
}

#[pymethods]
impl Audit {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let Some(receiver) = state.receiver.take() else {
            return Ok(None);
        };
        // The GIL is released while waiting for the audit's threads.
        let (receiver, message) = py.detach(move || {
            let message = receiver.recv().ok();
            (receiver, message)
        });
        state.receiver = Some(receiver);
        match message {
            Some(Message::Game(line)) => Ok(Some(from_json(py, &line)?.get_item("data")?)),
            Some(Message::Summary(line)) => {
                state.summary = Some(from_json(py, &line)?.get_item("data")?.unbind());
                state.receiver = None;
                Ok(None)
            }
            Some(Message::Failed(message)) => {
                state.receiver = None;
                Err(QiliError::new_err(message))
            }
            None => {
                state.receiver = None;
                Err(QiliError::new_err(
                    "the audit stopped before its summary (please report it)",
                ))
            }
        }
    }

    /// The summary (docs/audit-json.md, the summary line's `data`), once every game has
    /// been taken from the iterator; `None` before.
    #[getter]
    fn summary(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.summary.as_ref().map(|s| s.clone_ref(py))
    }
}

/// Audits record files and folders: `qili audit PATH... --json`.
#[pyfunction]
#[pyo3(signature = (paths, rules = "cxa", repetitions = 3, natural_limit = 60, jobs = None, all_repetitions = false))]
pub fn audit(
    paths: &Bound<'_, PyAny>,
    rules: &str,
    repetitions: u32,
    natural_limit: u32,
    jobs: Option<usize>,
    all_repetitions: bool,
) -> PyResult<Audit> {
    let settings = settings(rules, repetitions, natural_limit)?;
    if jobs == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "jobs 0: at least one worker thread",
        ));
    }
    let paths = paths_of(paths)?;
    let config = AuditConfig {
        settings,
        jobs,
        scope: if all_repetitions {
            qaudit::AuditScope::AllRepetitions
        } else {
            qaudit::AuditScope::Threshold
        },
    };
    let (sender, receiver) = sync_channel(QUEUE);
    std::thread::Builder::new()
        .name("qili-audit".into())
        .spawn(move || {
            let sources = qaudit::find(&paths);
            // A send fails only when the Audit was dropped: the rest goes unread.
            let done = qaudit::audit_sources(&sources, &config, |games| {
                for g in games {
                    let _ = sender.send(Message::Game(json::game_line(g)));
                }
            });
            let _ = sender.send(match done {
                Ok(summary) => Message::Summary(json::summary_line(&summary)),
                Err(e) => Message::Failed(e.to_string()),
            });
        })
        .map_err(|e| QiliError::new_err(format!("the audit thread could not start: {e}")))?;
    Ok(Audit {
        state: Mutex::new(State {
            receiver: Some(receiver),
            summary: None,
        }),
    })
}
