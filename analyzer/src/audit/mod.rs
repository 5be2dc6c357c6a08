//! Auditing game collections: every game of every file is replayed, its repetition cycles
//! are found, labelled and ruled, and the ruling is compared with what the record says.
//!
//! ```no_run
//! use qili_analyzer::audit::{audit_files, discover, AuditConfig};
//!
//! let files = discover(&["corpus".into()])?;
//! let summary = audit_files(&files, &AuditConfig::default(), |games| {
//!     for g in games {
//!         if g.disagrees() {
//!             println!("{}#{} disagrees with its record", g.file, g.index);
//!         }
//!     }
//! })?;
//! print!("{}", summary.table());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Speed: a game with no position occurring twice is only replayed (one Zobrist key per
//! ply); labelling and verdicts run only on games with repetitions. Files, and the games
//! inside a file, are audited in parallel (rayon).

mod escape;
mod game;
pub mod json;
mod pages;
mod rule;
mod summary;
mod text;
mod words;

// The readers of files and folders live in `crate::input::files`; the audit's modules name
// them `super::input`.
use crate::input::files as input;

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

pub use crate::agreement::{
    compare_judgement, Decision, Expected, Finding, RecordOutcome, RecordedResult, Ruled,
};
pub use crate::input::MAX_PLIES;
pub use escape::escape_controls;
pub use game::{audit_game, audit_game_guarded, max_occurrences, GameReport};
pub use input::{
    discover, failure_of_read, find, is_large_record, open_path, read_bytes, read_path,
    reopen_path, stream_path, AuditInput, FailureKind, FileGames, ReadFailure, STREAM_THRESHOLD,
};
pub use qili_notation::record::PathError;

use input::stream_games;
pub use pages::{game_page, HtmlWriter};
pub use rule::rule;
pub use summary::{outcome_kind, Summary};
pub use text::{
    game_text, game_text_in, html_report_line, ruling_text, ruling_text_in, summary_table_in,
    warning_lines_in,
};

use crate::rules::Settings;

/// How to audit.
#[derive(Debug, Clone, Default)]
pub struct AuditConfig {
    /// Rule set, repetition threshold, natural limit …
    pub settings: Settings,
    /// Worker threads (default: one per core).
    pub jobs: Option<usize>,
    /// Which games are judged in full.
    pub scope: AuditScope,
}

/// Which games an audit judges in full (labels every move of every cycle, rules, explains).
///
/// Whatever the scope, every game is replayed, its repetition cycles are counted, and a
/// game whose captureless stretch is long enough for the natural move limit is judged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AuditScope {
    /// Games in which some position reaches the repetition threshold: the only games a
    /// ruling can settle. Cycles of other games are counted, not labelled. The default.
    #[default]
    Threshold,
    /// Every game in which some position occurs twice (cycles below the threshold get their
    /// labels and would-be rulings too).
    AllRepetitions,
}

/// Why an audit could not run at all.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// The worker pool could not be built.
    #[error("cannot start {jobs} worker threads: {message}")]
    Threads {
        /// Threads asked for.
        jobs: usize,
        /// The reason.
        message: String,
    },
}

/// One file audited by the workers: its games, or, for a record with more games than the
/// workers read at once, its first games and the rest of the file, streamed in order when
/// its turn to be reported comes.
enum Audited<'a> {
    /// A path that could not be read (no file: not counted as one).
    Path(Box<GameReport>),
    Games(Vec<GameReport>),
    Large {
        path: PathBuf,
        /// The first games, audited by the workers (none for a file of
        /// [`STREAM_THRESHOLD`] bytes or more).
        first: Vec<GameReport>,
        /// Where the rest comes from.
        rest: Rest<'a>,
    },
}

/// The rest of a file's games, after those the workers read.
enum Rest<'a> {
    /// The file was not opened yet (a record of [`STREAM_THRESHOLD`] bytes or more).
    Unopened,
    /// The games as read so far, the file still open or its games in memory (a file is
    /// taken once: the rest comes from the handle the first games came from), with the
    /// next game, read to know there was one.
    Held {
        games: Box<Guarded>,
        next: Box<AuditInput>,
        _slot: HeldSlot<'a>,
    },
    /// [`MAX_HELD`] files were held open already: the file was closed after its first
    /// `skip` games, and is opened again when its turn comes, if it is still the file
    /// `stamp` describes (else the rest is reported as [`FailureKind::Changed`]).
    Closed {
        skip: usize,
        stamp: qili_notation::record::FileStamp,
    },
}

/// The most files an audit holds between reading their first games and reporting the rest
/// (open, or read whole in memory; beyond it, a file is opened again in its turn, checked
/// to be unchanged): bounds the audit's file descriptors and memory whatever the number of
/// files with many games.
pub const MAX_HELD: usize = 256;

/// One of the [`MAX_HELD`] places for a file held, given back when dropped (or no place:
/// standard input, which cannot be opened again).
struct HeldSlot<'a>(Option<&'a AtomicUsize>);

impl<'a> HeldSlot<'a> {
    fn take(held: &'a AtomicUsize) -> Option<HeldSlot<'a>> {
        held.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < MAX_HELD).then_some(n + 1)
        })
        .ok()
        .map(|_| HeldSlot(Some(held)))
    }

    fn free() -> HeldSlot<'a> {
        HeldSlot(None)
    }
}

impl Drop for HeldSlot<'_> {
    fn drop(&mut self) {
        if let Some(held) = self.0 {
            held.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// The games a worker reads of one file: a file with more is streamed in its turn, so that
/// the memory of an audit does not depend on how its games are spread over files (nor on
/// where a file falls relative to [`STREAM_THRESHOLD`]).
const WORKER_GAMES: usize = 64;

/// The most worker threads an audit starts: four per core (more only wait on each
/// other); `AuditConfig::jobs` beyond it is lowered to it.
pub fn max_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()) * 4
}

/// The failure of a file whose reader panicked (a defect of qili, reported instead of
/// stopping the audit).
fn reader_failed(path: &std::path::Path, index: usize) -> AuditInput {
    let file = path.display().to_string();
    let message = format!("{file}: the reader failed on this file");
    AuditInput {
        file,
        index,
        tags: Vec::new(),
        recorded: None,
        adjudication: None,
        expected: None,
        game: Err(ReadFailure::new(FailureKind::Internal, message)),
        warnings: Vec::new(),
    }
}

/// The games of a file one at a time, a panic of the reader turned into a reported failure
/// that ends the file.
struct Guarded {
    path: PathBuf,
    games: Option<FileGames>,
    /// The file could not even be opened (its reader panicked).
    failed: bool,
    /// The number of the last game handed out.
    count: usize,
}

impl Guarded {
    /// Opens the file with `open` (guarded too); `count` games are already behind.
    fn new(path: &std::path::Path, count: usize, open: impl FnOnce() -> FileGames) -> Guarded {
        let games = std::panic::catch_unwind(std::panic::AssertUnwindSafe(open)).ok();
        Guarded {
            path: path.to_owned(),
            failed: games.is_none(),
            games,
            count,
        }
    }
}

impl Iterator for Guarded {
    type Item = AuditInput;

    fn next(&mut self) -> Option<AuditInput> {
        if self.failed {
            // The file could not even be opened: a failure of the whole file (index 0), or
            // of the rest of it.
            self.failed = false;
            let index = if self.count == 0 { 0 } else { self.count + 1 };
            return Some(reader_failed(&self.path, index));
        }
        let it = self.games.as_mut()?;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| it.next())) {
            Ok(Some(g)) => {
                self.count += 1;
                Some(g)
            }
            Ok(None) => {
                self.games = None;
                None
            }
            Err(_) => {
                self.games = None;
                Some(reader_failed(&self.path, self.count + 1))
            }
        }
    }
}

/// Audits every game of `files` (see [`discover`]); as [`audit_sources`] with no path
/// problem.
pub fn audit_files(
    files: &[PathBuf],
    config: &AuditConfig,
    on_file: impl FnMut(&[GameReport]),
) -> Result<Summary, AuditError> {
    let sources: Vec<_> = files.iter().cloned().map(Ok).collect();
    audit_sources(&sources, config, on_file)
}

/// Audits every game of the files of `sources` (see [`find`]), each path problem among
/// them reported as an item (index 0) in its place. `on_file` receives each file's games
/// in file order, as soon as they are done (a file with many games, or of
/// [`STREAM_THRESHOLD`] bytes or more, is read as a stream and handed over in consecutive
/// batches, so that memory does not grow with it); the summary is returned at the end.
pub fn audit_sources(
    sources: &[Result<PathBuf, PathError>],
    config: &AuditConfig,
    mut on_file: impl FnMut(&[GameReport]),
) -> Result<Summary, AuditError> {
    let started = Instant::now();
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = config.jobs {
        builder = builder.num_threads(jobs.clamp(1, max_jobs()));
    }
    let pool = builder.build().map_err(|e| AuditError::Threads {
        jobs: config.jobs.unwrap_or(0),
        message: e.to_string(),
    })?;
    let settings = &config.settings;
    let held = AtomicUsize::new(0);
    let scope = config.scope;
    let mut summary = Summary::new(settings.repetitions);
    summary.rules = settings.rules;
    let audit_batch = |inputs: Vec<AuditInput>| -> Vec<GameReport> {
        inputs
            .into_par_iter()
            .map(|g| audit_game_guarded(g, settings, scope))
            .collect()
    };
    // Files are audited in parallel chunks, in a pipeline: while the workers audit one
    // chunk, this thread reports the one before (in file order), so that neither waits for
    // the other. Large chunks, so that a slow game at the end of a chunk seldom leaves the
    // other threads idle; a large record found in a chunk is streamed when its turn to be
    // reported comes (in batches, each audited in parallel, so that memory stays bounded).
    let chunk = (pool.current_num_threads() * 256).max(512);
    let mut report = |done: Vec<Audited>, summary: &mut Summary| {
        for file in done {
            if !matches!(file, Audited::Path(_)) {
                summary.files += 1;
            }
            match file {
                Audited::Path(g) => {
                    summary.add(&g);
                    on_file(std::slice::from_ref(&g));
                }
                Audited::Games(games) => {
                    for g in &games {
                        summary.add(g);
                    }
                    on_file(&games);
                }
                Audited::Large { path, first, rest } => {
                    let bytes = qili_notation::record::json::file_bytes(&path);
                    for g in &first {
                        summary.add(g);
                    }
                    if !first.is_empty() {
                        on_file(&first);
                    }
                    let skip = first.len();
                    drop(first);
                    let batch = (pool.current_num_threads() * 64).max(256);
                    let mut audit_rest = |games: &mut dyn Iterator<Item = AuditInput>| {
                        stream_games(games, batch, |inputs| {
                            let mut games = pool.install(|| audit_batch(inputs));
                            for g in &mut games {
                                g.file_bytes.clone_from(&bytes);
                            }
                            for g in &games {
                                summary.add(g);
                            }
                            on_file(&games);
                        })
                    };
                    match rest {
                        Rest::Unopened => audit_rest(&mut Guarded::new(&path, 0, || {
                            open_path(&path, settings.rules)
                        })),
                        Rest::Held { games, next, _slot } => {
                            audit_rest(&mut std::iter::once(*next).chain(*games))
                        }
                        Rest::Closed { skip: n, stamp } => {
                            audit_rest(&mut Guarded::new(&path, skip, || {
                                reopen_path(&path, settings.rules, &stamp, n)
                            }))
                        }
                    }
                }
            }
        }
    };
    let mut pending: Option<Vec<Audited>> = None;
    for sources in sources.chunks(chunk) {
        let mut done = None;
        pool.in_place_scope(|s| {
            s.spawn(|_| {
                done = Some(
                    sources
                        .par_iter()
                        .map(|source| match source {
                            Err(e) => Audited::Path(Box::new(audit_game_guarded(
                                AuditInput::path_problem(e),
                                settings,
                                scope,
                            ))),
                            Ok(path) if is_large_record(path) => Audited::Large {
                                path: path.clone(),
                                first: Vec::new(),
                                rest: Rest::Unopened,
                            },
                            Ok(path) => {
                                let mut games =
                                    Guarded::new(path, 0, || open_path(path, settings.rules));
                                let first: Vec<AuditInput> =
                                    games.by_ref().take(WORKER_GAMES).collect();
                                let next = if first.len() == WORKER_GAMES {
                                    games.next()
                                } else {
                                    None
                                };
                                let mut first = audit_batch(first);
                                let bytes = qili_notation::record::json::file_bytes(path);
                                for g in &mut first {
                                    g.file_bytes.clone_from(&bytes);
                                }
                                let Some(next) = next else {
                                    return Audited::Games(first);
                                };
                                // Held open (or in memory) while places last; past
                                // them, closed and opened again in its turn (standard
                                // input, which cannot be, is always held).
                                let stamp = games.games.as_ref().and_then(|g| g.stamp().cloned());
                                let rest = match (HeldSlot::take(&held), stamp) {
                                    (None, Some(stamp)) => Rest::Closed {
                                        skip: WORKER_GAMES,
                                        stamp,
                                    },
                                    (slot, _) => Rest::Held {
                                        games: Box::new(games),
                                        next: Box::new(next),
                                        _slot: slot.unwrap_or_else(HeldSlot::free),
                                    },
                                };
                                Audited::Large {
                                    path: path.clone(),
                                    first,
                                    rest,
                                }
                            }
                        })
                        .collect(),
                )
            });
            if let Some(prev) = pending.take() {
                report(prev, &mut summary);
            }
        });
        pending = done;
    }
    if let Some(prev) = pending.take() {
        report(prev, &mut summary);
    }
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// Audits the games of one file held in memory (a server's upload, read by [`read_bytes`]),
/// one after the other on the calling thread: each game gets the report
/// [`audit_sources`] gives it ([`audit_game_guarded`]), handed to `on_game` as soon as it
/// is done, and the summary counts one file, as the audit of that file alone does.
/// `on_game` may stop the audit ([`ControlFlow::Break`]); so does the analysis budget
/// ([`crate::stop::tick`]), looked at before each game, since a file of many short games
/// does little search. Returns the summary of the games audited.
pub fn audit_games(
    games: impl IntoIterator<Item = AuditInput>,
    config: &AuditConfig,
    mut on_game: impl FnMut(&GameReport) -> ControlFlow<()>,
) -> Summary {
    let started = Instant::now();
    let settings = &config.settings;
    let mut summary = Summary::new(settings.repetitions);
    summary.rules = settings.rules;
    summary.files = 1;
    for g in games {
        if crate::stop::tick() {
            break;
        }
        let report = audit_game_guarded(g, settings, config.scope);
        summary.add(&report);
        if on_game(&report).is_break() {
            break;
        }
    }
    summary.seconds = started.elapsed().as_secs_f64();
    summary
}
