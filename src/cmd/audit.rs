//! `qili audit PATH... [--rules cxa|cxa1999|axf] [--repetitions N] [--jobs N] [--json] [--html DIR]`.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use qili_analyzer::audit::{self, json, AuditConfig};

use super::shared::RulingArgs;
use crate::Failure;

/// Arguments of `qili audit`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files or folders (searched recursively): PGN, XQF, CBL, CBR, CBF, DhtmlXQ,
    /// text move lists, UCCI/ICCS line files (.iccs, .ucci) and ruling cases (.toml);
    /// `-`: standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// `--rules`, `--repetitions`, `--natural-limit`.
    #[command(flatten)]
    ruling: RulingArgs,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
    /// Print JSON Lines (one object per game, the summary last) instead of a table.
    #[arg(long)]
    json: bool,
    /// Language of the text output: zh (the default, as for judge) or en.
    #[arg(long, default_value = "zh")]
    lang: qili_analyzer::Lang,
    /// In the text output, also list every game a ruling settles (with its articles).
    #[arg(long)]
    list: bool,
    /// Also write HTML pages to DIR: index.html (the summary, then the games,
    /// disagreements first) and one page per game with a ruling in force (with
    /// --all-repetitions: per game with a repeated position), named after its file.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// Judge every game with a repeated position, not only those where a position reaches
    /// the repetition threshold (cycles below it then get labels and would-be rulings).
    #[arg(long)]
    all_repetitions: bool,
}

/// Runs the audit. Exit code (docs/exit-codes.md) 0 clean; 1 when a ruling contradicts a
/// record, or a game, file or path could not be read (the audit goes on with the rest); 2
/// when nothing could be read, on usage errors and when the output cannot be written.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let files = audit::find(&args.paths);
    let max_jobs = audit::max_jobs();
    if let Some(jobs) = args.jobs.filter(|&j| j as usize > max_jobs) {
        eprintln!("qili: --jobs {jobs}: at most {max_jobs} worker threads (four per core); using {max_jobs}");
    }
    let settings = args.ruling.settings();
    let config = AuditConfig {
        settings,
        jobs: args.jobs.map(|j| j as usize),
        scope: if args.all_repetitions {
            audit::AuditScope::AllRepetitions
        } else {
            audit::AuditScope::Threshold
        },
    };
    let mut pages = match &args.html {
        Some(dir) => Some(
            audit::HtmlWriter::create(dir, &config.settings)
                .map_err(Failure::from)?
                .all_repetitions(args.all_repetitions),
        ),
        None => None,
    };
    let bar = progress(files.len() as u64);
    let mut io_error = None;
    let summary = audit::audit_sources(&files, &config, |games| {
        bar.inc(1);
        for g in games {
            let line = if args.json {
                Some(json::game_line(g))
            } else if args.list {
                audit::game_text_in(g, args.lang).or_else(|| audit::ruling_text_in(g, args.lang))
            } else {
                audit::game_text_in(g, args.lang)
            };
            // The text output also says what each game lost (the JSON has `warnings`).
            let warnings = if args.json {
                Vec::new()
            } else {
                audit::warning_lines_in(g, args.lang)
            };
            for line in line.into_iter().chain(warnings) {
                if io_error.is_none() {
                    if let Err(e) = bar.suspend(|| writeln!(out, "{line}")) {
                        io_error = Some(e);
                    }
                }
            }
            if let Some(p) = pages.as_mut() {
                if let Err(e) = p.add(g) {
                    io_error.get_or_insert(e);
                }
            }
        }
    })
    .map_err(Failure::input)?;
    bar.finish_and_clear();
    if let Some(e) = io_error {
        return Err(e.into());
    }
    if let Some(p) = pages {
        p.finish(&summary)?;
        if let Some(dir) = &args.html {
            let index = dir.join("index.html");
            eprintln!("qili: {}", audit::html_report_line(&index, args.lang));
        }
    }
    if args.json {
        writeln!(out, "{}", json::summary_line(&summary))?;
    } else {
        write!(out, "{}", audit::summary_table_in(&summary, args.lang))?;
    }
    // A file that is no record (a read-me beside the games) holds no game to miss.
    let skipped_loss: usize = summary
        .paths_skipped
        .iter()
        .filter(|(k, _)| *k != &audit::FailureKind::NotARecord.as_str())
        .map(|(_, n)| n)
        .sum();
    let unread = summary.games_failed_total() + skipped_loss;
    Ok(if unread > 0 && summary.games_read == 0 {
        2
    } else if unread > 0 || summary.games_disagreeing > 0 {
        1
    } else {
        0
    })
}

/// A progress bar on stderr when it is a terminal; hidden otherwise.
fn progress(files: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(files), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {per_sec} {eta}") {
        bar.set_style(style);
    }
    bar
}
