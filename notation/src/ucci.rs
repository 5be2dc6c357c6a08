//! UCCI `position` commands: `position startpos moves h2e2 h9g7`,
//! `position fen <FEN> moves ...`.

use crate::iccs::ParseIccsError;
use crate::{Error, FenErrorKind, Iccs, Move, Position, Setup};

/// A parsed `position` line: where it starts and the moves that follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UcciPosition {
    /// The start position.
    pub setup: Setup,
    /// The moves, as coordinates.
    pub moves: Vec<Iccs>,
}

/// Why a `position` line could not be read: what and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid UCCI position line at column {column}: {kind}")]
pub struct UcciError {
    /// What is wrong, with the text refused.
    pub kind: UcciErrorKind,
    /// Byte offset into the line.
    pub column: usize,
}

/// What is wrong with a `position` line, handing back the text refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UcciErrorKind {
    /// Neither `startpos` nor `fen` (the word found, if any).
    #[error("expected `startpos` or `fen`{}", .0.as_ref().map(|t| format!(", found {t:?}")).unwrap_or_default())]
    Start(Option<String>),
    /// `fen` with nothing after it.
    #[error("missing FEN after `fen`")]
    MissingFen,
    /// The FEN could not be read (its column counted in the line).
    #[error("{0}")]
    Fen(FenErrorKind),
    /// Another word where `moves` belongs.
    #[error("expected `moves`, found {0:?}")]
    Moves(String),
    /// A move is not ICCS (its column counted in the move).
    #[error("{0}")]
    Move(ParseIccsError),
}

impl std::str::FromStr for UcciPosition {
    type Err = UcciError;

    fn from_str(line: &str) -> Result<UcciPosition, UcciError> {
        let tokens: Vec<(usize, &str)> = line
            .split_whitespace()
            .map(|t| (t.as_ptr() as usize - line.as_ptr() as usize, t))
            .collect();
        let err = |kind, column| Err(UcciError { kind, column });
        let mut i = 0;
        if tokens.first().map(|t| t.1) == Some("position") {
            i = 1;
        }
        let setup = match tokens.get(i) {
            Some((_, "startpos")) => {
                i += 1;
                Setup::startpos()
            }
            Some((col, "fen")) => {
                let end = tokens[i + 1..]
                    .iter()
                    .position(|t| t.1 == "moves")
                    .map_or(tokens.len(), |p| p + i + 1);
                if end == i + 1 {
                    return err(UcciErrorKind::MissingFen, *col);
                }
                let start = tokens[i + 1].0;
                let stop = tokens[end - 1].0 + tokens[end - 1].1.len();
                let setup = line[start..stop].parse::<Setup>().map_err(|e| UcciError {
                    kind: UcciErrorKind::Fen(e.kind),
                    column: start + e.column,
                })?;
                i = end;
                setup
            }
            Some((col, t)) => return err(UcciErrorKind::Start(Some((*t).to_owned())), *col),
            None => return err(UcciErrorKind::Start(None), line.len()),
        };
        let mut moves = Vec::new();
        if let Some((col, t)) = tokens.get(i) {
            if *t != "moves" {
                return err(UcciErrorKind::Moves((*t).to_owned()), *col);
            }
            for (col, t) in &tokens[i + 1..] {
                let m: Iccs = t.parse().map_err(|e: ParseIccsError| UcciError {
                    column: col + e.column,
                    kind: UcciErrorKind::Move(e),
                })?;
                moves.push(m);
            }
        }
        Ok(UcciPosition { setup, moves })
    }
}

impl UcciPosition {
    /// Validates the start position and plays the moves; returns the start position and
    /// the legal moves, or the first error with its ply (1-based).
    pub fn replay(&self) -> Result<(Position, Vec<Move>), Error> {
        let start = Position::try_from(self.setup.clone())?;
        self.replay_from(start)
    }

    /// Plays the moves from `start` (this line's position, validated by the caller, e.g.
    /// loosely with [`Position::from_setup`]).
    pub fn replay_from(&self, start: Position) -> Result<(Position, Vec<Move>), Error> {
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for (i, m) in self.moves.iter().enumerate() {
            let mv = m.to_move(&pos).map_err(|_| Error::IllegalMove {
                ply: i + 1,
                mv: *m,
                position: Box::new(pos.clone()),
            })?;
            pos.play_unchecked(&mv);
            out.push(mv);
        }
        Ok((start, out))
    }
}
