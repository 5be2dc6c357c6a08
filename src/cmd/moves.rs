//! `qili moves (--fen FEN [--moves "…"] | FILE [--game N]) [--rules cxa|axf]
//! [--repetitions N] [--natural-limit N] [--lang zh|en] [--format text|json|ucci]`: before
//! the move — which moves of the position the line reaches would complete a repetition, and
//! what each would bring (`qili_analyzer::outlook`).

use std::io::Write;
use std::path::PathBuf;

use qili_analyzer::audit::MAX_PLIES;
use qili_analyzer::{moves_json, moves_text};
use qili_analyzer::{outlook, OutlookOptions};

use super::shared::{LangArg, RulingArgs};
use crate::Failure;

/// Output formats.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The moves that matter, as a table in `--lang`, with the `banmoves` line.
    Text,
    /// The outlook as JSON (docs/moves-json.md).
    Json,
    /// The UCCI `banmoves` command a GUI sends an engine: the moves that would lose or
    /// that the rules order the mover to change (must change).
    Ucci,
}

/// Arguments of `qili moves`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["fen", "file"])))]
pub struct Args {
    /// `--rules`, `--repetitions`, `--natural-limit`.
    #[command(flatten)]
    ruling: RulingArgs,
    /// `--lang`.
    #[command(flatten)]
    lang: LangArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Start position (FEN or `startpos`).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from the start position, in any notation; the position they reach is
    /// the one asked about.
    #[arg(long, requires = "fen")]
    moves: Option<String>,
    /// A file (`-`: standard input): a UCCI `position` line, a ruling case (`*.toml`), or
    /// a game record; the position at its end is the one asked about.
    #[arg(conflicts_with = "fen")]
    file: Option<PathBuf>,
    /// Which game of the file (1-based).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,
}

/// Runs `qili moves`.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let settings = args.ruling.settings();
    let options = qili_analyzer::ReadOptions::default();
    let game = if let Some(fen) = &args.fen {
        qili_analyzer::read_fen_and_moves(fen, args.moves.as_deref().unwrap_or(""), &options)
    } else if let Some(path) = &args.file {
        qili_analyzer::read_file(path, args.game as usize, &options)
    } else {
        return Err(Failure::input("no input: give --fen or a FILE"));
    };
    let game = game.map_err(Failure::input)?;
    for w in &game.warnings {
        eprintln!("qili: warning: {}", w.text(args.lang.lang));
    }
    if game.moves.len() > MAX_PLIES {
        return Err(Failure::input(format!(
            "{} plies: longer than the {MAX_PLIES} plies a line is judged up to (limit)",
            game.moves.len()
        )));
    }
    let o = outlook(
        &game.start,
        &game.moves,
        &settings,
        &OutlookOptions::default(),
    );
    match args.format {
        Format::Text => write!(out, "{}", moves_text(&o, args.lang.lang))?,
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &moves_json(&o))
                .map_err(|e| Failure::input(e.to_string()))?;
            writeln!(out)?;
        }
        Format::Ucci => writeln!(out, "{}", o.ucci_banmoves())?,
    }
    Ok(0)
}
