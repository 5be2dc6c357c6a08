//! `qili label [--rules cxa|axf] (--fen FEN [--moves "m1 m2 ..."] | FILE) [--format text|json]`:
//! labels every move of a line (将 杀 捉 兑 献 拦 跟 闲) with its evidence.

use std::io::Write;
use std::path::PathBuf;

use qili_analyzer::report::label::LabelReport;
use qili_analyzer::{label_line, CycleContext, RuleSet, Settings};
use qili_notation::{movetext, record, Move, Position, UcciPosition};

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
    /// A game record (PGN, XQF, CBR/CBL, CBF, DhtmlXQ, a move list after a FEN line) or a
    /// file holding a UCCI `position ...` line.
    #[arg(required_unless_present = "fen")]
    file: Option<PathBuf>,
    /// Which game of a multi-game FILE (1-based).
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Language of the text table: zh or en.
    #[arg(long, default_value = "zh")]
    lang: qili_analyzer::explain::Lang,
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
        (None, Some(path)) => read_file(path, args.game)?,
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
        Format::Text => write!(out, "{}", report.to_text_in(args.lang))?,
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

/// Game `n` (1-based) of a record file, or a UCCI `position` line.
fn read_file(path: &std::path::Path, n: usize) -> Result<(Position, Vec<Move>), Failure> {
    let place = path.display();
    let text = std::fs::read(path).map_err(|e| Failure::input(format!("{place}: {e}")))?;
    let first = String::from_utf8_lossy(&text[..text.len().min(256)])
        .trim_start()
        .to_owned();
    if first.starts_with("position ") {
        let line = String::from_utf8_lossy(&text);
        let line = line.lines().next().unwrap_or_default();
        let ucci: UcciPosition = line
            .parse()
            .map_err(|e| Failure::input(format!("{place}: line 1: {e}")))?;
        return ucci
            .replay()
            .map_err(|e| Failure::input(format!("{place}: line 1: {e}")));
    }
    let games = record::read_file(path).map_err(Failure::input)?;
    let count = games.len();
    let read = games
        .into_iter()
        .nth(n.saturating_sub(1))
        .ok_or_else(|| Failure::input(format!("{place}: no game {n} (the file holds {count})")))?;
    if let Some(e) = read.error {
        return Err(Failure::input(e));
    }
    let start = Position::try_from(read.game.setup.clone())
        .map_err(|e| Failure::input(format!("{place}: game {n}: start position: {e}")))?;
    Ok((start, read.game.mainline().copied().collect()))
}
