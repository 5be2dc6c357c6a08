//! Errors of the record readers: per game ([`RecordError`]) and per file ([`ReadError`]).

use std::fmt;
use std::io;

use crate::{FenError, MoveTextError, PositionError};

/// What went wrong in a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A move could not be resolved (unreadable, illegal or ambiguous).
    #[error("{0}")]
    Move(MoveTextError),
    /// The text is malformed here (unbalanced braces or parentheses, bad tag, …).
    #[error("{0}")]
    Syntax(String),
    /// A limit protecting memory and stack was exceeded (nesting depth, comment length).
    #[error("{0}")]
    Limit(String),
    /// A game longer than the readers keep ([`MAX_MOVES`](super::MAX_MOVES) plies in its
    /// main line): read up to there, the moves past it skipped as they are read.
    #[error("{plies} plies: beyond the limit of {max} plies a game is read up to (the moves past it are skipped, not kept)")]
    TooLong {
        /// The plies of the main line, counted to its end.
        plies: usize,
        /// The most kept.
        max: usize,
    },
    /// The start position could not be read.
    #[error("{0}")]
    Fen(FenError),
    /// The start position is not a legal position.
    #[error("{0}")]
    Position(PositionError),
    /// A binary record ends in the middle of a structure.
    #[error("truncated: {0}")]
    Truncated(String),
    /// A binary or XML record holds a value it cannot hold.
    #[error("{0}")]
    Format(String),
    /// A warning, not an error: both sides' Chinese moves are written in this side's
    /// numerals (see [`crate::chinese::NumeralCheck`]).
    #[error("{}", crate::chinese::NumeralVerdict::OneStyle(*.0))]
    OneStyle(crate::Color),
}

impl ErrorKind {
    /// A stable machine-readable name: `unknown_move`, `illegal_move`, `ambiguous_move`,
    /// `wrong_side`, `syntax`, `limit`, `fen`, `position`, `truncated`, `format`,
    /// `one_style` (a warning).
    pub fn name(&self) -> &'static str {
        match self {
            ErrorKind::Move(MoveTextError::Syntax { .. }) => "unknown_move",
            ErrorKind::Move(MoveTextError::Illegal { .. }) => "illegal_move",
            ErrorKind::Move(MoveTextError::Ambiguous { .. }) => "ambiguous_move",
            ErrorKind::Move(MoveTextError::WrongSide(_)) => "wrong_side",
            ErrorKind::Syntax(_) => "syntax",
            ErrorKind::Limit(_) | ErrorKind::TooLong { .. } => "limit",
            ErrorKind::Fen(_) => "fen",
            ErrorKind::Position(_) => "position",
            ErrorKind::Truncated(_) => "truncated",
            ErrorKind::Format(_) => "format",
            ErrorKind::OneStyle(_) => "one_style",
        }
    }
}

/// A problem in one game of a file, with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The file, when reading from a file.
    pub file: Option<String>,
    /// Index of the game in the file (0-based; messages count from 1).
    pub game: usize,
    /// The ply (1-based, counted from the start position along the line) of the move that
    /// could not be read, if the problem is a move.
    pub ply: Option<usize>,
    /// Byte offset in the file (for text formats: in the file's original encoding).
    pub byte_offset: Option<u64>,
    /// What went wrong.
    pub kind: ErrorKind,
    /// The encoding the game's text was decoded in, when it is not UTF-8 (or when a file
    /// mixes encodings): a move that cannot be read may be text decoded in the wrong one.
    pub encoding: Option<crate::encoding::Encoding>,
}

impl RecordError {
    /// An error of game `game` without place yet.
    pub fn new(game: usize, kind: ErrorKind) -> RecordError {
        RecordError {
            file: None,
            game,
            ply: None,
            byte_offset: None,
            kind,
            encoding: None,
        }
    }

    /// With a ply.
    pub fn at_ply(mut self, ply: usize) -> RecordError {
        self.ply = Some(ply);
        self
    }

    /// With a byte offset.
    pub fn at_offset(mut self, offset: u64) -> RecordError {
        self.byte_offset = Some(offset);
        self
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        // Games as a person counts them, from 1.
        write!(f, "game {}", self.game + 1)?;
        if let Some(ply) = self.ply {
            write!(f, ", ply {ply}")?;
        }
        if let Some(off) = self.byte_offset {
            write!(f, ", byte {off}")?;
        }
        if let Some(enc) = self.encoding {
            write!(f, " ({enc})")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for RecordError {}

/// A file that could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// The I/O error.
        source: io::Error,
    },
    /// Not a regular file (a FIFO, a device, a socket): not read, since reading it could
    /// block or never end.
    #[error("{file}: not a regular file ({what}): skipped")]
    NotAFile {
        /// The file.
        file: String,
        /// What it is (`FIFO`, `character device`, …).
        what: &'static str,
    },
    /// The file changed while it was read (or between two reads of it): it was rewritten,
    /// cut, grown or replaced. The games read before are kept; the rest is not read, since
    /// it would come from another file than the one the first games came from.
    #[error("{file}: changed while it was read ({what}): the games from here on are not read")]
    Changed {
        /// The file.
        file: String,
        /// How it changed (`size 120 bytes, now 80`, `replaced by another file` …).
        what: String,
    },
    /// A record in a format that is read whole, larger than [`MAX_WHOLE`](super::MAX_WHOLE).
    #[error("{file}: {size} bytes: a {format} file is read whole, up to {max} bytes: not read")]
    TooLarge {
        /// The file.
        file: String,
        /// Its size in bytes.
        size: u64,
        /// The largest size read.
        max: u64,
        /// Its format.
        format: &'static str,
    },
    /// A text record holding a NUL byte: binary data, not text.
    #[error("{file}: byte {offset}: a NUL byte: binary data, not a game record")]
    Binary {
        /// The file.
        file: String,
        /// Byte offset of the first NUL.
        offset: u64,
    },
    /// The content is not a game record format this library reads.
    #[error("{file}: not a game record (unknown format)")]
    UnknownFormat {
        /// The file.
        file: String,
    },
    /// A binary container is broken before any game could be read.
    #[error("{file}: byte {offset}: {message}")]
    Malformed {
        /// The file.
        file: String,
        /// Byte offset of the problem.
        offset: u64,
        /// What is wrong.
        message: String,
    },
}

/// A container-level problem found by a binary reader before any game could be read
/// (no magic, header cut short); [`read_file`](super::read_file) turns it into a
/// [`ReadError::Malformed`] naming the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("byte {offset}: {message}")]
pub struct Malformed {
    /// Byte offset of the problem.
    pub offset: u64,
    /// What is wrong.
    pub message: String,
}

impl Malformed {
    pub(crate) fn new(offset: u64, message: impl Into<String>) -> Malformed {
        Malformed {
            offset,
            message: message.into(),
        }
    }

    /// The file-level error for file `name`.
    pub fn in_file(self, name: &str) -> ReadError {
        ReadError::Malformed {
            file: name.to_owned(),
            offset: self.offset,
            message: self.message,
        }
    }
}
