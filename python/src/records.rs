//! `read_games`: the games of record files and folders, as `qili convert --to json` writes
//! them (docs/convert-json.md); `find_files`: the files an audit of some paths reads.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Mutex;

use pyo3::prelude::*;

use qili_analyzer::audit::{self, failure_of_read, AuditInput, FailureKind, ReadFailure};
use qili_notation::record::{self, json::JsonGame, GameStream, PathError};

use crate::from_json;

/// Files at least this large are read as a stream, game by game (as `qili convert` does);
/// smaller ones are read whole.
const STREAM_FROM: u64 = 16 << 20;

/// The paths of a call: one path (str or os.PathLike) or a sequence of them.
pub(crate) fn paths_of(paths: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if let Ok(one) = paths.extract::<PathBuf>() {
        return Ok(vec![one]);
    }
    paths.extract::<Vec<PathBuf>>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "paths: expected a path (str or os.PathLike) or a sequence of paths",
        )
    })
}

/// The item of a file or path that gave no game: the shape of a game line, `index` 0, the
/// problem in `error` (`kind` as the audit names it).
fn problem_line(file: &str, f: &ReadFailure) -> String {
    serde_json::json!({
        "schema_version": record::json::SCHEMA_VERSION,
        "file": file,
        "index": 0,
        "tags": {},
        "fen": null,
        "moves": [],
        "result": null,
        "error": {
            "kind": f.kind.as_str(),
            "message": f.message,
            "ply": f.ply,
            "byte_offset": f.offset,
        },
        "warnings": [],
    })
    .to_string()
}

/// Where the reader is.
struct State {
    /// The files (and path problems) not read yet.
    files: VecDeque<Result<PathBuf, PathError>>,
    /// The lines of the file being read, ready.
    ready: VecDeque<String>,
    /// A large file being streamed: its name, the stream, the games so far.
    stream: Option<(String, GameStream, usize)>,
}

impl State {
    /// Fills `ready` with the next file's lines (or the next game of a stream); false when
    /// everything is read.
    fn advance(&mut self) -> bool {
        loop {
            if !self.ready.is_empty() {
                return true;
            }
            if let Some((name, stream, count)) = self.stream.as_mut() {
                match stream.next() {
                    Some(Ok(g)) => {
                        *count += 1;
                        self.ready.push_back(game_line(name, *count, &g));
                    }
                    Some(Err(e)) => {
                        self.ready
                            .push_back(problem_line(name, &failure_of_read(&e)));
                        self.stream = None;
                    }
                    None => {
                        if *count == 0 {
                            self.ready.push_back(no_game(name));
                        }
                        self.stream = None;
                    }
                }
                continue;
            }
            let Some(next) = self.files.pop_front() else {
                return false;
            };
            match next {
                Err(e) => {
                    if let Err(f) = AuditInput::path_problem(&e).game {
                        self.ready.push_back(problem_line(e.path(), &f));
                    }
                }
                Ok(path) if std::fs::metadata(&path).is_ok_and(|m| m.len() >= STREAM_FROM) => {
                    let name = path.display().to_string();
                    match record::stream_file(&path) {
                        Ok(s) => self.stream = Some((name, s, 0)),
                        Err(e) => self
                            .ready
                            .push_back(problem_line(&name, &failure_of_read(&e))),
                    }
                }
                Ok(path) => {
                    let name = path.display().to_string();
                    match record::read_file(&path) {
                        Ok(games) if games.is_empty() => self.ready.push_back(no_game(&name)),
                        Ok(games) => self.ready.extend(
                            games
                                .iter()
                                .enumerate()
                                .map(|(i, g)| game_line(&name, i + 1, g)),
                        ),
                        Err(e) => self
                            .ready
                            .push_back(problem_line(&name, &failure_of_read(&e))),
                    }
                }
            }
        }
    }
}

fn game_line(name: &str, index: usize, g: &record::ReadGame) -> String {
    serde_json::to_string(&JsonGame::new(name, index, g)).unwrap_or_else(|e| {
        problem_line(
            name,
            &ReadFailure::new(FailureKind::Internal, e.to_string()),
        )
    })
}

fn no_game(name: &str) -> String {
    problem_line(
        name,
        &ReadFailure::new(FailureKind::NoGame, format!("{name}: no game in this file")),
    )
}

/// An iterator over the games of record files, one dict per game (the object of
/// `qili convert --to json`, docs/convert-json.md).
#[pyclass(frozen, module = "qili")]
pub struct GameReader {
    state: Mutex<State>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let line = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let state = &mut *state;
            py.detach(|| {
                if state.advance() {
                    state.ready.pop_front()
                } else {
                    None
                }
            })
        };
        line.map(|l| from_json(py, &l)).transpose()
    }
}

/// The games of record files and folders (read recursively, in name order), as
/// `qili convert --to json` writes them.
#[pyfunction]
pub fn read_games(paths: &Bound<'_, PyAny>) -> PyResult<GameReader> {
    let paths = paths_of(paths)?;
    let files = paths.iter().any(|p| p.as_os_str() == "-");
    if files {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "read_games: \"-\" (standard input) is not read here: open sys.stdin and pass its \
             text to a file",
        ));
    }
    Ok(GameReader {
        state: Mutex::new(State {
            files: record::collect_files(&paths).into(),
            ready: VecDeque::new(),
            stream: None,
        }),
    })
}

/// The files `qili.audit(paths)` reads, in its order: folders walked recursively, each file
/// once. Paths that cannot be read (missing, a FIFO, a link loop) are left out: the audit of
/// the same paths reports them.
#[pyfunction]
pub fn find_files(py: Python<'_>, paths: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let paths = paths_of(paths)?;
    Ok(py.detach(|| {
        audit::find(&paths)
            .into_iter()
            .filter_map(|p| p.ok())
            .map(|p| p.display().to_string())
            .collect()
    }))
}
