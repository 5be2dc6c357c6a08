//! `qili label [--rules cxa|cxa1999|axf] (--fen FEN [--moves "m1 m2 ..."] | FILE|-) [--strict] [--format text|json]`:
//! labels every move of a line (将 杀 捉 兑 献 拦 跟 闲) with its evidence.

use std::io::Write;
use std::path::PathBuf;

use qili_analyzer::Lang;
use qili_analyzer::{CycleContext, Settings};

use super::shared::{LangArg, RulesArg};
use crate::Failure;

/// Output format.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    /// A table for referees.
    Text,
    /// JSON (docs/label-json.md).
    Json,
}

/// Arguments of `qili label`.
#[derive(clap::Args)]
pub struct Args {
    /// `--rules`.
    #[command(flatten)]
    rules: RulesArg,
    /// Start position as FEN (quote it) or `startpos`.
    #[arg(long, conflicts_with = "file")]
    fen: Option<String>,
    /// Moves after the FEN as a score sheet writes them (move numbers and a result
    /// allowed), in any notation (ICCS `h2e2`, Chinese `炮二平五`, WXF `C2.5` …).
    #[arg(long, requires = "fen")]
    moves: Option<String>,
    /// A game record (PGN, XQF, CBR/CBL, CBF, DhtmlXQ, a move list after a FEN line), a
    /// ruling case (`*.toml`) or a file holding a UCCI `position ...` line; `-`: standard
    /// input.
    #[arg(required_unless_present = "fen")]
    file: Option<PathBuf>,
    /// Refuse a position drawn loosely (a piece on a point it can never reach) instead of
    /// labelling it with a warning.
    #[arg(long)]
    strict: bool,
    /// Which game of a multi-game FILE (1-based).
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// `--lang`.
    #[command(flatten)]
    lang: LangArg,
    /// Treat the line as mutual perpetual attack (长打对长打): a soldier alone chases under
    /// `cxa1999` (CXA1999 27.2, 细则11); under `cxa` it stays idle (CXA2020 图14).
    #[arg(long)]
    mutual_attack: bool,
    /// Most checking moves searched for a mate threat or a chase through checks.
    #[arg(long, default_value_t = 4)]
    mate_depth: u32,
}

/// Labels the line and prints the report.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let options = qili_analyzer::ReadOptions {
        strict: args.strict,
    };
    let game = match (&args.fen, &args.file) {
        (Some(fen), _) => {
            qili_analyzer::read_fen_and_moves(fen, args.moves.as_deref().unwrap_or(""), &options)
        }
        (None, Some(path)) => qili_analyzer::read_file(path, args.game, &options),
        (None, None) => return Err(Failure::input("give --fen FEN or a FILE")),
    }
    .map_err(|e| Failure::input(e.text(args.lang.lang)))?;
    // The label table is bilingual: so are its warnings.
    for w in &game.warnings {
        eprintln!("qili: warning: {}", w.text(Lang::Zh));
        eprintln!("qili: warning: {}", w.text(Lang::En));
    }
    let (start, moves) = (game.start, game.moves);
    let settings = Settings {
        rules: args.rules.rules,
        mate_depth: args.mate_depth,
        ..Settings::default()
    };
    let cycle = CycleContext {
        mutual_perpetual_attack: args.mutual_attack,
    };
    // Written while labelling: memory holds one ply's entry, not the whole report.
    match args.format {
        Format::Json => {
            qili_analyzer::write_labels_json(&mut *out, &start, &moves, &settings, cycle)
                .map_err(std::io::Error::from)?;
            writeln!(out)?;
        }
        Format::Text => qili_analyzer::write_labels_text(
            &mut *out,
            &start,
            &moves,
            &settings,
            cycle,
            args.lang.lang,
        )?,
    }
    Ok(0)
}
