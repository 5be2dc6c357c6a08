//! `qili label [--rules cxa|axf] (--fen FEN [--moves "m1 m2 ..."] | FILE) [--format text|json]`:
//! labels every move of a line (将 杀 捉 兑 献 拦 跟 闲) with its evidence.

use std::io::Write;
use std::path::PathBuf;

use qili_analyzer::report::label::LabelReport;
use qili_analyzer::{label_line, CycleContext, RuleSet, Settings};
use qili_notation::{movetext, Move, Position, UcciPosition};

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
    /// Rule set: cxa (default) or axf.
    #[arg(long, default_value = "cxa")]
    rules: RuleSet,
    /// Start position as FEN (quote it).
    #[arg(long, conflicts_with = "file")]
    fen: Option<String>,
    /// Moves after the FEN, separated by spaces (ICCS such as `h2e2`).
    #[arg(long, requires = "fen")]
    moves: Option<String>,
    /// A file holding a UCCI `position ...` line, or a FEN line followed by moves.
    #[arg(required_unless_present = "fen")]
    file: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Treat the line as mutual perpetual attack (长打对长打): a soldier alone chases (CXA 27.2).
    #[arg(long)]
    mutual_attack: bool,
    /// Most checking moves searched for a mate threat or a chase through checks.
    #[arg(long, default_value_t = 4)]
    mate_depth: u32,
}

/// Labels the line and prints the report.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let (start, moves) = match (&args.fen, &args.file) {
        (Some(fen), _) => read_line(fen, args.moves.as_deref().unwrap_or(""), "--moves")?,
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
            read_file(&text)
                .map_err(|f| Failure::input(format!("{}: {}", path.display(), f.message)))?
        }
        (None, None) => return Err(Failure::input("give --fen FEN or a FILE")),
    };
    let settings = Settings {
        rules: args.rules,
        mate_depth: args.mate_depth,
        ..Settings::default()
    };
    let cycle = CycleContext {
        mutual_perpetual_attack: args.mutual_attack,
    };
    let labels = label_line(&start, &moves, &settings, cycle);
    let report = LabelReport::new(&start, &moves, &labels, args.rules);
    match args.format {
        Format::Json => writeln!(out, "{}", report.to_json())?,
        Format::Text => write!(out, "{}", report.to_text())?,
    }
    Ok(0)
}

/// A FEN and a space-separated move list; `place` names where the moves came from.
fn read_line(fen: &str, moves: &str, place: &str) -> Result<(Position, Vec<Move>), Failure> {
    let start = Position::from_fen(fen.trim()).map_err(|e| Failure::input(format!("FEN: {e}")))?;
    let moves = play(&start, moves.split_whitespace(), place)?;
    Ok((start, moves))
}

fn play<'a>(
    start: &Position,
    texts: impl Iterator<Item = &'a str>,
    place: &str,
) -> Result<Vec<Move>, Failure> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, t) in texts.enumerate() {
        let m = movetext::parse_move(&pos, t, None)
            .map_err(|e| Failure::input(format!("{place}, ply {}: {e} in {}", i + 1, pos.fen())))?;
        pos.play_unchecked(&m);
        out.push(m);
    }
    Ok(out)
}

/// A UCCI `position` line, or a FEN line followed by moves on the same or later lines.
fn read_file(text: &str) -> Result<(Position, Vec<Move>), Failure> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let Some((n, first)) = lines.next() else {
        return Err(Failure::input("empty file"));
    };
    let first = first.trim();
    if first.starts_with("position") || first.starts_with("startpos") || first.starts_with("fen ") {
        let ucci: UcciPosition = first
            .parse()
            .map_err(|e| Failure::input(format!("line {}: {e}", n + 1)))?;
        return ucci
            .replay()
            .map_err(|e| Failure::input(format!("line {}: {e}", n + 1)));
    }
    // FEN: the board and side fields, optionally the four others, then moves.
    let tokens: Vec<&str> = first.split_whitespace().collect();
    let fen_len = tokens.len().min(6).min(
        tokens
            .iter()
            .skip(2)
            .position(|t| !matches!(*t, "-") && t.parse::<u32>().is_err())
            .map_or(6, |p| p + 2),
    );
    let fen = tokens[..fen_len].join(" ");
    let rest: Vec<&str> = tokens[fen_len..]
        .iter()
        .copied()
        .chain(lines.flat_map(|(_, l)| l.split_whitespace()))
        .collect();
    let start = Position::from_fen(&fen)
        .map_err(|e| Failure::input(format!("line {}: FEN: {e}", n + 1)))?;
    let moves = play(&start, rest.into_iter(), "moves")?;
    Ok((start, moves))
}
