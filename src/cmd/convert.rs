//! `qili convert FILE... --to pgn|iccs|wxf|chinese|winboard|json`: read game records in any format
//! and write them as PGN (moves in the chosen notation) or as JSON Lines.

use std::io::Write;
use std::path::PathBuf;

use qili_notation::record::json::{file_bytes, JsonGame};
use qili_notation::record::{self, write, ReadError, ReadGame};
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
    /// PGN as WinBoard/XBoard writes Xiangqi games (`[Variant "xiangqi"]`, SAN moves: Cbg2).
    Winboard,
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

/// Files at least this large are converted as a stream, game by game, so that memory does
/// not grow with the file; smaller ones are read whole, in parallel.
const STREAM_FROM: u64 = 16 << 20;

/// Converts. Exit code (docs/exit-codes.md): 0 every game read cleanly; 1 some game could
/// not be read to its end, or some file or path could not be read (each named on standard
/// error; conversion goes on); 2 nothing could be read.
pub fn run(args: Args, out: &mut impl Write) -> Result<u8, Failure> {
    let files = record::collect_files(&args.files);
    let notation = match args.to {
        Target::Iccs => Some(Notation::Iccs),
        Target::Wxf => Some(Notation::Wxf),
        Target::Winboard => Some(Notation::WinBoard),
        Target::Pgn | Target::Chinese => Some(Notation::Chinese),
        Target::Json => None,
    };
    let mut problems = false;
    let mut games_read = 0usize;
    for chunk in files.chunks(256) {
        let done: Vec<Read> = chunk
            .par_iter()
            .map(|p| match p {
                Err(e) => Read::Failed(e.to_string()),
                // Standard input, read whole.
                Ok(p) if p.as_os_str() == "-" => {
                    let mut bytes = Vec::new();
                    match std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes) {
                        Err(e) => Read::Failed(format!("standard input: {e}")),
                        Ok(_) => match record::read_bytes(&bytes, "-") {
                            Ok(games) => Read::Games("-".to_owned(), None, games),
                            Err(e) => Read::Failed(e.to_string()),
                        },
                    }
                }
                Ok(p) if std::fs::metadata(p).is_ok_and(|m| m.len() >= STREAM_FROM) => {
                    Read::Large(p.clone())
                }
                Ok(p) => match record::read_file(p) {
                    Ok(games) => Read::Games(p.display().to_string(), file_bytes(p), games),
                    Err(e) => Read::Failed(e.to_string()),
                },
            })
            .collect();
        for read in done {
            #[allow(clippy::type_complexity)]
            let (name, bytes, games): (
                String,
                Option<String>,
                Box<dyn Iterator<Item = Result<ReadGame, ReadError>>>,
            ) = match read {
                Read::Failed(e) => {
                    eprintln!("qili: {e}");
                    problems = true;
                    continue;
                }
                Read::Games(name, bytes, games) => {
                    (name, bytes, Box::new(games.into_iter().map(Ok)))
                }
                Read::Large(path) => match record::stream_file(&path) {
                    Ok(s) => (path.display().to_string(), file_bytes(&path), Box::new(s)),
                    Err(e) => {
                        eprintln!("qili: {e}");
                        problems = true;
                        continue;
                    }
                },
            };
            let mut count = 0usize;
            for g in games {
                let g = match g {
                    Ok(g) => g,
                    Err(e) => {
                        eprintln!("qili: {e}");
                        problems = true;
                        break;
                    }
                };
                count += 1;
                problems |= g.error.is_some();
                match notation {
                    None => {
                        // Games as a person counts them, from 1.
                        let mut json = JsonGame::new(&name, count, &g);
                        json.file_bytes.clone_from(&bytes);
                        serde_json::to_writer(&mut *out, &json)
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
            if count == 0 {
                eprintln!("qili: {name}: no game in this file");
                problems = true;
            }
            games_read += count;
        }
    }
    Ok(if problems && games_read == 0 {
        2
    } else if problems {
        1
    } else {
        0
    })
}

/// A file as the workers leave it.
enum Read {
    /// Its name, the name's bytes in hex when it is not UTF-8, and its games.
    Games(String, Option<String>, Vec<ReadGame>),
    /// A large file, streamed when its turn comes.
    Large(PathBuf),
    /// The file or path could not be read: the message (it names the path).
    Failed(String),
}
