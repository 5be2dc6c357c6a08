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

mod game;
mod input;
pub mod json;
mod pages;
mod result;
mod rule;
mod summary;
mod text;

use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

pub use game::{audit_game, audit_game_guarded, max_occurrences, Finding, GameReport};
pub use input::{
    discover, is_large_record, read_path, stream_path, FailureKind, GameInput, ReadFailure,
    STREAM_THRESHOLD,
};
pub(crate) use pages::finding_text;
pub use pages::{game_page, HtmlWriter};
pub use result::GameResult;
pub use rule::{compare_judgement, rule, Decision, Outcome, Ruled};
pub use summary::{outcome_kind, Summary};
pub use text::{game_text, game_text_in, ruling_text, ruling_text_in, summary_table_in};

use crate::rules::Settings;

/// How to audit.
#[derive(Debug, Clone, Default)]
pub struct AuditConfig {
    /// Rule set, repetition threshold, natural limit …
    pub settings: Settings,
    /// Worker threads (default: one per core).
    pub jobs: Option<usize>,
    /// Which games are judged in full.
    pub scope: Scope,
}

/// Which games an audit judges in full (labels every move of every cycle, rules, explains).
///
/// Whatever the scope, every game is replayed, its repetition cycles are counted, and a
/// game whose captureless stretch is long enough for the natural move limit is judged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Scope {
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

/// One file audited by the workers: its games, or, for a record large enough to be
/// streamed, the file itself (streamed in order when its turn to be reported comes).
enum Audited {
    Games(Vec<GameReport>),
    Large(PathBuf),
}

/// [`read_path`], turning a panic of a reader into a reported failure of the file.
fn read_guarded(path: &std::path::Path, settings: &Settings) -> Vec<GameInput> {
    let read = std::panic::AssertUnwindSafe(|| read_path(path, settings.rules));
    std::panic::catch_unwind(read).unwrap_or_else(|_| {
        let file = path.display().to_string();
        let message = format!("{file}: the reader failed on this file");
        vec![GameInput {
            file,
            index: 0,
            tags: Vec::new(),
            recorded: None,
            expected: None,
            game: Err(ReadFailure::new(FailureKind::Internal, message)),
        }]
    })
}

/// Audits every game of `files` (see [`discover`]). `on_file` receives each file's games in
/// file order, as soon as they are done (a file of [`STREAM_THRESHOLD`] bytes or more is
/// read as a stream and handed over in consecutive batches, so that memory does not grow
/// with it); the summary is returned at the end.
pub fn audit_files(
    files: &[PathBuf],
    config: &AuditConfig,
    mut on_file: impl FnMut(&[GameReport]),
) -> Result<Summary, AuditError> {
    let started = Instant::now();
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = config.jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    let pool = builder.build().map_err(|e| AuditError::Threads {
        jobs: config.jobs.unwrap_or(0),
        message: e.to_string(),
    })?;
    let settings = &config.settings;
    let scope = config.scope;
    let mut summary = Summary::new(settings.repetitions);
    let audit_batch = |inputs: Vec<GameInput>| -> Vec<GameReport> {
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
            summary.files += 1;
            match file {
                Audited::Games(games) => {
                    for g in &games {
                        summary.add(g);
                    }
                    on_file(&games);
                }
                Audited::Large(path) => {
                    let batch = (pool.current_num_threads() * 64).max(256);
                    stream_path(&path, batch, |inputs| {
                        let games = pool.install(|| audit_batch(inputs));
                        for g in &games {
                            summary.add(g);
                        }
                        on_file(&games);
                    });
                }
            }
        }
    };
    let mut pending: Option<Vec<Audited>> = None;
    for paths in files.chunks(chunk) {
        let mut done = None;
        pool.in_place_scope(|s| {
            s.spawn(|_| {
                done = Some(
                    paths
                        .par_iter()
                        .map(|path| {
                            if is_large_record(path) {
                                Audited::Large(path.clone())
                            } else {
                                Audited::Games(audit_batch(read_guarded(path, settings)))
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
