//! `qili convert FILE... --to pgn|iccs|wxf|chinese|json`: read game records in any format
//! and write them as PGN (moves in the chosen notation) or as JSON Lines.

use std::io::Write;
use std::path::PathBuf;

use qili_notation::record::{self, json::JsonGame, write, ReadGame};
use qili_notation::Notation;
use rayon::prelude::*;

use crate::Failure;

/// Output forms.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// PGN with Chinese moves (炮二平五).
    Pgn,
    /// PGN with ICCS moves (h2e2).
    Iccs,
    /// PGN with WXF moves (C2.5).
    Wxf,
    /// PGN with Chinese moves (炮二平五).
    Chinese,
    /// JSON Lines, one object per game (see docs/convert-json.md).
    Json,
}

/// Arguments of `qili convert`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files (PGN, XQF, CBR, CBL, CBF, DhtmlXQ, text) or directories (read
    /// recursively); `-`: standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// What to write.
    #[arg(long, value_enum, default_value = "pgn")]
    to: Target,
}

/// Converts; exit code 1 when some game could not be read to its end, 2 when a file could
/// not be read at all (conversion goes on in both cases).
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let dash = |p: &PathBuf| p.as_os_str() == "-";
    let paths: Vec<PathBuf> = args.files.iter().filter(|p| !dash(p)).cloned().collect();
    let files = if paths.is_empty() {
        Vec::new()
    } else {
        record::collect_files(&paths).map_err(Failure::from)?
    };
    let mut stdin = None;
    if args.files.iter().any(dash) {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)?;
        stdin = Some((
            "-".to_owned(),
            record::read_bytes(&bytes, "-").map_err(|e| e.to_string()),
        ));
    }
    let notation = match args.to {
        Target::Iccs => Some(Notation::Iccs),
        Target::Wxf => Some(Notation::Wxf),
        Target::Pgn | Target::Chinese => Some(Notation::Chinese),
        Target::Json => None,
    };
    let mut code = 0u8;
    for chunk in std::iter::once(&[][..]).chain(files.chunks(256)) {
        let mut done: Vec<(String, Result<Vec<ReadGame>, String>)> = chunk
            .par_iter()
            .map(|p| {
                (
                    p.display().to_string(),
                    record::read_file(p).map_err(|e| e.to_string()),
                )
            })
            .collect();
        done.extend(stdin.take());
        for (name, games) in done {
            let games = match games {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("qili: {e}");
                    code = 2;
                    continue;
                }
            };
            for (i, g) in games.iter().enumerate() {
                if g.error.is_some() && code == 0 {
                    code = 1;
                }
                match notation {
                    None => {
                        serde_json::to_writer(&mut *out, &JsonGame::new(&name, i, g))
                            .map_err(|e| Failure::from(std::io::Error::from(e)))?;
                        out.write_all(b"\n")?;
                    }
                    Some(n) => {
                        if let Some(e) = &g.error {
                            eprintln!("qili: {e}");
                        }
                        out.write_all(write::pgn(&g.game, n).as_bytes())?;
                    }
                }
            }
        }
    }
    Ok(code)
}
