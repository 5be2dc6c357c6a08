//! Game records: one model ([`Game`]) and readers for every format a referee is handed.
//!
//! | format | module | detected by |
//! |---|---|---|
//! | PGN (any move notation, any encoding) | [`pgn`] | `[Tag "…"]` lines, `.pgn` |
//! | XQF (XQStudio, versions 1.0–1.8, encrypted from 1.2) | [`xqf`] | `XQ` magic |
//! | CCBridge CBR records and CBL libraries | [`cbr`] | `CCBridge Record` / `CCBridgeLibrary` magic |
//! | CCBridge CBF (XML) | [`cbf`] | `<ChineseChessRecord` |
//! | DhtmlXQ / UBB blocks in text or HTML | [`dhtmlxq`] | `[DhtmlXQ` |
//! | WXF game files (PlayOK exports) | [`wxf_file`] | a `FORMAT WXF` line |
//! | plain move lists (optional FEN line first) | [`text`] | anything else |
//!
//! [`read_file`] detects the format and the text encoding and returns every game of the
//! file. A game whose moves cannot all be resolved is still returned, with the moves read
//! up to the bad one and a [`RecordError`] naming file, game index, ply and byte offset.

mod builder;
pub mod cbf;
pub mod cbr;
pub mod dhtmlxq;
mod error;
pub mod json;
mod mixed;
pub mod pgn;
mod read;
mod stream;
pub mod text;
mod tree;
mod walk;
pub mod write;
pub mod wxf_file;
pub mod xqf;

pub use builder::MAX_MOVES;
pub use error::{ErrorKind, Malformed, ReadError, RecordError};
pub use read::{collect_files, detect_format, read_bytes, read_file, Format};
pub use stream::{
    open_regular, stream_file, stream_file_unchanged, FileStamp, GameStream, MAX_WHOLE,
};
pub use walk::{walk, PathError};

use std::fmt;

use crate::{Move, Setup};

/// The outcome of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Red won (`1-0`, 红胜).
    RedWins,
    /// Black won (`0-1`, 黑胜).
    BlackWins,
    /// Drawn (`1/2-1/2`, 和棋).
    Draw,
    /// Not known or unfinished (`*`).
    Unknown,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result as binary records code it: 1 Red wins, 2 Black wins, 3 draw, else
    /// unknown.
    pub(crate) fn from_code(code: u8) -> GameResult {
        match code {
            1 => GameResult::RedWins,
            2 => GameResult::BlackWins,
            3 => GameResult::Draw,
            _ => GameResult::Unknown,
        }
    }

    /// Reads a result as written in PGN tags and move text or in Chinese records
    /// (`1-0`, `红胜`, `紅勝`, `先胜`, `和`, `*` …).
    pub fn parse(text: &str) -> Option<GameResult> {
        let t = text.trim();
        Some(match t {
            "1-0" | "红胜" | "紅勝" | "红方胜" | "紅方勝" | "先胜" | "先勝" | "W" => {
                GameResult::RedWins
            }
            "0-1" | "黑胜" | "黑勝" | "黑方胜" | "黑方勝" | "先负" | "先負" | "L" => {
                GameResult::BlackWins
            }
            "1/2-1/2" | "½-½" | "和" | "和棋" | "和局" | "先和" | "D" => GameResult::Draw,
            "*" | "未知" => GameResult::Unknown,
            _ => return None,
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// A move of a record together with its annotations and the alternatives to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The resolved move.
    pub mv: Move,
    /// Numeric annotation glyphs (`$1`, or `!` `?` … as their NAG numbers).
    pub nags: Vec<u16>,
    /// Comments written before the move (rare; e.g. at the start of a variation).
    pub comments_before: Vec<String>,
    /// Comments written after the move.
    pub comments_after: Vec<String>,
    /// Alternatives to this move, each a line played from the position before it.
    pub variations: Vec<Vec<Node>>,
}

/// Dropped without recursion: variations nest as deep as a record makes them (a binary or
/// DhtmlXQ record can chain a variation off a variation hundreds of thousands of times),
/// and a recursive drop would overflow the stack.
impl Drop for Node {
    fn drop(&mut self) {
        if self.variations.is_empty() {
            return;
        }
        let mut lines = std::mem::take(&mut self.variations);
        while let Some(mut line) = lines.pop() {
            for n in &mut line {
                lines.append(&mut n.variations);
            }
            // `line`'s nodes now hold no variations: dropping them does not recurse.
        }
    }
}

impl Node {
    /// A bare move.
    pub fn new(mv: Move) -> Node {
        Node {
            mv,
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments_after: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// [`Setup::startpos`], parsed once (every game starts from it unless told otherwise).
pub(crate) fn startpos() -> Setup {
    static START: std::sync::OnceLock<Setup> = std::sync::OnceLock::new();
    START.get_or_init(Setup::startpos).clone()
}

/// One game: tags, start position, the move tree and the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Tags in the order read (`Event`, `Red`, `Black`, `FEN`, …); readers of binary
    /// formats map their header fields to the usual PGN tag names.
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, or the standard start position).
    pub setup: Setup,
    /// Comments before the first move (the game comment).
    pub comments: Vec<String>,
    /// The main line; alternatives hang off its nodes.
    pub moves: Vec<Node>,
    /// The result, if the record states one.
    pub result: Option<GameResult>,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            tags: Vec::new(),
            setup: startpos(),
            comments: Vec::new(),
            moves: Vec::new(),
            result: None,
        }
    }
}

impl Game {
    /// The value of the first tag named `name` (ASCII case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing the first one of that name or appending it.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(t) => t.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// The main-line moves.
    pub fn mainline(&self) -> impl Iterator<Item = &Move> + '_ {
        self.moves.iter().map(|n| &n.mv)
    }

    /// Number of moves in the whole tree (main line and variations).
    pub fn node_count(&self) -> usize {
        let mut count = 0;
        let mut stack: Vec<&[Node]> = vec![&self.moves];
        while let Some(line) = stack.pop() {
            count += line.len();
            for n in line {
                for v in &n.variations {
                    stack.push(v);
                }
            }
        }
        count
    }
}

/// A game as read from a file: the game (with every move read), and the error that stopped
/// the reading of its main line, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadGame {
    /// The game, with the moves read before any error.
    pub game: Game,
    /// Why the main line stops early, if it does.
    pub error: Option<RecordError>,
    /// Problems in variations (each variation stops at its bad move; the main line goes on).
    pub warnings: Vec<RecordError>,
}

impl ReadGame {
    /// Whether the game was read without error in its main line.
    pub fn is_ok(&self) -> bool {
        self.error.is_none()
    }

    /// The error and the warnings.
    pub(crate) fn errors_mut(&mut self) -> impl Iterator<Item = &mut RecordError> {
        self.error.iter_mut().chain(self.warnings.iter_mut())
    }

    /// Maps the byte offset of every error and warning that has one.
    pub(crate) fn map_offsets(&mut self, f: impl Fn(u64) -> u64) {
        for e in self.errors_mut() {
            if let Some(off) = e.byte_offset.as_mut() {
                *off = f(*off);
            }
        }
    }
}
