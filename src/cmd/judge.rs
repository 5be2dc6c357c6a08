//! `qili judge [--rules cxa|cxa1999|axf] [--repetitions N] [--natural-limit N] [--lang zh|en]
//! [--format text|json|html] (--fen FEN [--moves "m1 m2 ..."] | FILE [--game N] |
//! --cases FILE|- [--explain] [--jobs N])`.

use std::io::Write;
use std::path::{Path, PathBuf};

use qili_analyzer::audit::MAX_PLIES;
use qili_analyzer::explain;
use qili_analyzer::GameInput;
use qili_analyzer::{judge, Settings};
use qili_analyzer::{judge_cases_timed, BatchOptions, Detail};
use qili_analyzer::{RenderFormat, RenderOptions};

use super::shared::{LangArg, RulingArgs};
use crate::Failure;

/// `--format`: the formats of the output seam ([`RenderFormat::ALL`]), with their names and help.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct FormatArg(RenderFormat);

/// [`RenderFormat::ALL`] as `--format` values.
const FORMATS: [FormatArg; RenderFormat::ALL.len()] = {
    let mut all = [FormatArg(RenderFormat::Text); RenderFormat::ALL.len()];
    let mut i = 0;
    while i < all.len() {
        all[i] = FormatArg(RenderFormat::ALL[i]);
        i += 1;
    }
    all
};

impl clap::ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        &FORMATS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()).help(self.0.about()))
    }
}

/// Arguments of `qili judge`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["fen", "file", "cases"])))]
pub struct Args {
    /// `--rules`, `--repetitions`, `--natural-limit`.
    #[command(flatten)]
    ruling: RulingArgs,
    /// `--lang`.
    #[command(flatten)]
    lang: LangArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg(RenderFormat::Text))]
    format: FormatArg,
    /// Text: add each move's evidence (attackers, targets, protectors, lines, dismissed
    /// threats) and the open-choice notes to the ruling.
    #[arg(long)]
    detail: bool,
    /// Text: expand every cycle, also those not in force (one line each otherwise).
    #[arg(long)]
    all_cycles: bool,
    /// Start position (FEN or `startpos`).
    #[arg(long)]
    fen: Option<String>,
    /// Moves from the start position as a score sheet writes them (move numbers and a
    /// result allowed), in any notation.
    #[arg(long, requires = "fen")]
    moves: Option<String>,
    /// A file (`-`: standard input): a UCCI `position` line, a ruling case (`*.toml`), or
    /// a game record (PGN, XQF, CBR/CBL, CBF, DhtmlXQ, a FEN line followed by moves).
    #[arg(conflicts_with = "fen")]
    file: Option<PathBuf>,
    /// Refuse a position drawn loosely (a piece on a point it can never reach) instead of
    /// judging it with a warning.
    #[arg(long)]
    strict: bool,
    /// Batch: a JSON Lines file of cases (`-`: standard input), one JSON line out per case,
    /// each with the case's `id`: the ruling, the cycles with both conducts and the
    /// articles (see docs/judge-json.md). Each answer is flushed as soon as it is ruled
    /// when no further case is waiting, so one process can serve case after case.
    #[arg(long, conflicts_with_all = ["fen", "file"])]
    cases: Option<PathBuf>,
    /// With --cases: each answer also carries the labelled moves with their evidence and
    /// the explanations in Chinese and English (the `--format json` object).
    #[arg(long, requires = "cases")]
    explain: bool,
    /// With --cases: cases judged at once, 1 to 256 (answers stay in input order).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256), requires = "cases")]
    jobs: u32,
    /// With --cases: write per-case timings to this file (input line and microseconds,
    /// tab-separated), for finding slow cases.
    #[arg(long, requires = "cases")]
    timings: Option<PathBuf>,
    /// Which game of the file (1-based).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,
}

fn read(args: &Args) -> Result<GameInput, Failure> {
    let options = qili_analyzer::ReadOptions {
        strict: args.strict,
    };
    let game = if let Some(fen) = &args.fen {
        qili_analyzer::read_fen_and_moves(fen, args.moves.as_deref().unwrap_or(""), &options)
    } else if let Some(path) = &args.file {
        qili_analyzer::read_file(path, args.game as usize, &options)
    } else {
        return Err(Failure::input("no input: give --fen or a FILE"));
    };
    let game = game.map_err(|e| Failure::input(e.text(args.lang.lang)))?;
    for w in &game.warnings {
        eprintln!("qili: warning: {}", w.text(args.lang.lang));
    }
    if game.moves.len() > MAX_PLIES {
        // The audit's bound per game (docs/exit-codes.md): judging takes memory in
        // proportion to the plies.
        let place = match &args.file {
            Some(path) => format!("{}: game {}", path.display(), args.game),
            None => "--moves".to_owned(),
        };
        return Err(Failure::input(format!(
            "{place}: {} plies: longer than the {MAX_PLIES} plies a line is judged up to \
             (limit; `qili label` labels a line of any length)",
            game.moves.len()
        )));
    }
    Ok(game)
}

/// Runs `qili judge`.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let settings = args.ruling.settings();
    if let Some(path) = &args.cases {
        let options = BatchOptions {
            detail: if args.explain {
                Detail::Explain
            } else {
                Detail::Verdict
            },
            jobs: args.jobs as usize,
        };
        return run_cases(path, &settings, &options, args.timings.as_deref(), out);
    }
    let game = read(&args)?;
    let j = judge(&game.start, &game.moves, &settings);
    let options = RenderOptions {
        format: args.format.0,
        explain: explain::Options {
            lang: args.lang.lang,
            size: if args.detail {
                explain::Size::Detail
            } else {
                explain::Size::Default
            },
            all_cycles: args.all_cycles,
        },
        game: match (args.format.0, &args.file) {
            (RenderFormat::Text, Some(path)) => Some(game_info(path, args.game as usize)),
            _ => None,
        },
        input: match &args.file {
            Some(path) => path.display().to_string(),
            None => args.fen.clone().unwrap_or_default(),
        },
    };
    write!(out, "{}", qili_analyzer::render(&j, &options))?;
    Ok(0)
}

/// The game's tags (event, date, players, result) for the explanation; a file whose tags
/// cannot be read names only itself.
fn game_info(path: &Path, game: usize) -> explain::GameInfo {
    let mut info = qili_notation::record::read_file(path)
        .ok()
        .and_then(|games| games.into_iter().nth(game.saturating_sub(1)))
        .map(|g| explain::GameInfo::from_tags(&g.game.tags))
        .unwrap_or_default();
    info.source = Some(format!("{} #{game}", path.display()));
    info
}

fn run_cases(
    path: &Path,
    settings: &Settings,
    options: &BatchOptions,
    timings: Option<&Path>,
    out: &mut impl Write,
) -> Result<u8, Failure> {
    let mut timings = match timings {
        Some(t) => Some(std::io::BufWriter::new(
            std::fs::File::create(t)
                .map_err(|e| Failure::input(format!("{}: {e}", t.display())))?,
        )),
        None => None,
    };
    let sink = timings.as_mut().map(|t| t as &mut dyn Write);
    let summary = if path == Path::new("-") {
        // `Stdin` (not its lock) so that another thread may read it with --jobs.
        judge_cases_timed(
            std::io::BufReader::new(std::io::stdin()),
            out,
            sink,
            settings,
            options,
        )?
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
        // A file's cases are read in large parts: after each read the answers so far are
        // flushed (see `judge_cases`), a system call each.
        let input = std::io::BufReader::with_capacity(64 * 1024, file);
        judge_cases_timed(input, out, sink, settings, options)?
    };
    if let Some(mut t) = timings {
        t.flush()?;
    }
    // docs/exit-codes.md: 1 when some case could not be judged, 2 when none could.
    Ok(match (summary.errors, summary.judged) {
        (0, _) => 0,
        (_, 0) => 2,
        _ => 1,
    })
}
