//! Reading the line to judge: a FEN and a move list, a UCCI `position` line, or a file —
//! a UCCI line, or any game record [`qili_notation::record`] reads (PGN, XQF, CBR/CBL, CBF,
//! DhtmlXQ, a FEN line followed by moves, in any encoding). Moves go through
//! [`qili_notation::parse_move`], so every notation it knows is accepted.

use std::path::Path;

use qili_notation::{parse_move, record, Move, MoveTextError, Position, UcciPosition};

/// A start position and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameInput {
    /// The start position.
    pub start: Position,
    /// The moves, legal in turn.
    pub moves: Vec<Move>,
}

/// Why the input could not be read; every variant names the place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// Nothing to read.
    #[error("empty input: expected a FEN or a UCCI `position` line")]
    Empty,
    /// The FEN is wrong.
    #[error("line {line}: bad FEN: {message}")]
    Fen {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The UCCI line is wrong.
    #[error("line {line}: {message}")]
    Ucci {
        /// 1-based line.
        line: usize,
        /// What is wrong (with the column).
        message: String,
    },
    /// A move cannot be played.
    #[error("line {line}, column {column}: ply {ply}: {error} in {fen}")]
    Move {
        /// 1-based line.
        line: usize,
        /// 1-based column (characters) of the move text.
        column: usize,
        /// 1-based ply.
        ply: usize,
        /// Why.
        error: MoveTextError,
        /// The position it was tried in.
        fen: String,
    },
    /// The file cannot be read.
    #[error("{file}: {message}")]
    Io {
        /// The file.
        file: String,
        /// What went wrong.
        message: String,
    },
    /// The record cannot be read (the message names file, game, ply and byte offset).
    #[error("{0}")]
    Record(String),
    /// The file holds fewer games than asked for.
    #[error("{file}: game {game} asked for, the file holds {count}")]
    NoSuchGame {
        /// The file.
        file: String,
        /// The game asked for (1-based).
        game: usize,
        /// How many games the file holds.
        count: usize,
    },
}

/// Reads a FEN (or `startpos`) and a whitespace-separated move list.
pub fn from_fen_and_moves(fen: &str, moves: &str) -> Result<GameInput, InputError> {
    let start = read_fen(fen.trim(), 1)?;
    let mut out = GameInput {
        start,
        moves: Vec::new(),
    };
    read_moves(&mut out, moves, 1)?;
    Ok(out)
}

/// Reads a UCCI `position …` line, or a FEN line followed by moves on the following lines.
pub fn from_text(text: &str) -> Result<GameInput, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((first_no, first)) = lines.next() else {
        return Err(InputError::Empty);
    };
    let first = first.trim();
    let first_word = first.split_whitespace().next().unwrap_or("");
    if matches!(first_word, "position" | "startpos" | "fen") {
        let ucci: UcciPosition =
            first
                .parse()
                .map_err(|e: qili_notation::ucci::UcciError| InputError::Ucci {
                    line: first_no + 1,
                    message: e.to_string(),
                })?;
        let (start, moves) = ucci.replay().map_err(|e| InputError::Ucci {
            line: first_no + 1,
            message: e.to_string(),
        })?;
        let mut out = GameInput { start, moves };
        for (no, l) in lines {
            read_moves(&mut out, l, no + 1)?;
        }
        return Ok(out);
    }
    let start = read_fen(first, first_no + 1)?;
    let mut out = GameInput {
        start,
        moves: Vec::new(),
    };
    for (no, l) in lines {
        read_moves(&mut out, l, no + 1)?;
    }
    Ok(out)
}

/// Reads game `game` (1-based) of a file: a UCCI `position` line, or any record.
pub fn from_file(path: &Path, game: usize) -> Result<GameInput, InputError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| InputError::Io {
        file: file.clone(),
        message: e.to_string(),
    })?;
    if let Ok(text) = std::str::from_utf8(&bytes) {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let first = text.split_whitespace().next().unwrap_or("");
        if matches!(first, "position" | "startpos" | "fen") {
            return from_text(text).map_err(|e| InputError::Io {
                file,
                message: e.to_string(),
            });
        }
    }
    let games = record::read_bytes(&bytes, &file).map_err(|e| InputError::Record(e.to_string()))?;
    let count = games.len();
    let g = game
        .checked_sub(1)
        .and_then(|i| games.into_iter().nth(i))
        .ok_or(InputError::NoSuchGame {
            file: file.clone(),
            game,
            count,
        })?;
    if let Some(e) = g.error {
        return Err(InputError::Record(e.to_string()));
    }
    let start = Position::try_from(g.game.setup.clone()).map_err(|e| InputError::Io {
        file,
        message: format!("game {game}: {e}"),
    })?;
    Ok(GameInput {
        start,
        moves: g.game.mainline().copied().collect(),
    })
}

fn read_fen(fen: &str, line: usize) -> Result<Position, InputError> {
    if fen == "startpos" {
        return Ok(Position::startpos());
    }
    Position::from_fen(fen).map_err(|e| InputError::Fen {
        line,
        message: e.to_string(),
    })
}

/// Whether a token is a move number (`1.`, `12...`) rather than a move.
fn is_move_number(tok: &str) -> bool {
    let digits = tok.trim_end_matches('.');
    digits.len() < tok.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn read_moves(out: &mut GameInput, text: &str, line: usize) -> Result<(), InputError> {
    let mut pos = out.moves.iter().fold(out.start.clone(), |mut p, m| {
        p.play_unchecked(m);
        p
    });
    for tok in text.split_whitespace() {
        if is_move_number(tok) {
            continue;
        }
        let offset = tok.as_ptr() as usize - text.as_ptr() as usize;
        let column = text[..offset].chars().count() + 1;
        let ply = out.moves.len() + 1;
        let mv = parse_move(&pos, tok, None).map_err(|error| InputError::Move {
            line,
            column,
            ply,
            error,
            fen: pos.fen(),
        })?;
        pos.play_unchecked(&mv);
        out.moves.push(mv);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_and_moves() {
        let g = from_fen_and_moves("startpos", "h2e2 h9g7  1. b0c2").unwrap();
        assert_eq!(g.moves.len(), 3);
        let e = from_fen_and_moves("startpos", "h2e2 h2e2").unwrap_err();
        assert!(
            matches!(
                e,
                InputError::Move {
                    ply: 2,
                    column: 6,
                    ..
                }
            ),
            "{e}"
        );
        assert!(matches!(
            from_fen_and_moves("xyz", ""),
            Err(InputError::Fen { .. })
        ));
    }

    #[test]
    fn text_forms() {
        let g = from_text("position startpos moves h2e2 h9g7\n").unwrap();
        assert_eq!(g.moves.len(), 2);
        let g = from_text("\u{feff}\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nh2e2\nh9g7 b0c2\n").unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(from_text("  \n"), Err(InputError::Empty));
        let e = from_text("startpos\nh2e2\nzz").unwrap_err();
        assert!(
            matches!(
                e,
                InputError::Move {
                    line: 3,
                    ply: 2,
                    ..
                }
            ),
            "{e}"
        );
        assert!(matches!(
            from_text("position fen"),
            Err(InputError::Ucci { line: 1, .. })
        ));
    }
}
