//! Finding the files to audit and reading every game in them: record files of any
//! format, ruling cases (`corpus/cases/*.toml`) and ICCS/UCCI line files.

use std::path::{Path, PathBuf};

use qili_notation::record::{self, ErrorKind, PathError, ReadError, ReadGame, RecordError};
use qili_notation::{Move, MoveTextError, Position, UcciPosition};
use serde::Serialize;

use crate::agreement::Expected;
use crate::rules::RuleSet;

/// Why a game (or a whole file) could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// The file could not be opened or read.
    Io,
    /// The file is not in a format qili reads.
    UnknownFormat,
    /// A binary container is broken before any game could be read.
    Malformed,
    /// The text could not be decoded.
    Encoding,
    /// The record's syntax is broken.
    Syntax,
    /// A limit protecting memory and stack was exceeded.
    Limit,
    /// The start position could not be read.
    Fen,
    /// The start position is not a legal position.
    Position,
    /// A binary record ends in the middle of a structure.
    Truncated,
    /// A binary or XML record holds a value it cannot hold.
    Format,
    /// A move could not be read in any notation.
    UnknownMove,
    /// A move is illegal in its position.
    IllegalMove,
    /// A move fits several legal moves.
    AmbiguousMove,
    /// A move is written in the other side's numerals (a skipped move, most likely).
    WrongSide,
    /// The analysis of the game failed (a defect of qili, reported instead of stopping the
    /// audit).
    Internal,
    /// A file that holds no game (empty, or only whitespace and comments).
    NoGame,
    /// A file too large for its format (read whole, up to [`record::MAX_WHOLE`] bytes).
    TooLarge,
    /// A path given or found that could not be read (missing, no permission, dangling link).
    Path,
    /// A FIFO, device or socket: never read (it could block or never end).
    NotAFile,
    /// A symbolic link leading back to a folder being walked: not followed.
    SymlinkLoop,
    /// A file or folder already audited under another path: audited once.
    Duplicate,
    /// A text file that is not a game record (a read-me beside the games: no tag, and its
    /// first word is no move in any notation): skipped, not counted as a failed game.
    NotARecord,
    /// The file changed while it was audited (rewritten, cut, grown, replaced or removed
    /// before the rest of its games could be read): the games from here on are not read.
    Changed,
}

impl FailureKind {
    /// Every kind, in the order of the enum.
    pub const ALL: [FailureKind; 23] = [
        FailureKind::Io,
        FailureKind::UnknownFormat,
        FailureKind::Malformed,
        FailureKind::Encoding,
        FailureKind::Syntax,
        FailureKind::Limit,
        FailureKind::Fen,
        FailureKind::Position,
        FailureKind::Truncated,
        FailureKind::Format,
        FailureKind::UnknownMove,
        FailureKind::IllegalMove,
        FailureKind::AmbiguousMove,
        FailureKind::WrongSide,
        FailureKind::Internal,
        FailureKind::NoGame,
        FailureKind::TooLarge,
        FailureKind::Path,
        FailureKind::NotAFile,
        FailureKind::SymlinkLoop,
        FailureKind::Duplicate,
        FailureKind::NotARecord,
        FailureKind::Changed,
    ];

    /// The snake-case name used in JSON and in the summary.
    pub fn as_str(self) -> &'static str {
        match self {
            FailureKind::Io => "io",
            FailureKind::UnknownFormat => "unknown_format",
            FailureKind::Malformed => "malformed",
            FailureKind::Encoding => "encoding",
            FailureKind::Syntax => "syntax",
            FailureKind::Limit => "limit",
            FailureKind::Fen => "fen",
            FailureKind::Position => "position",
            FailureKind::Truncated => "truncated",
            FailureKind::Format => "format",
            FailureKind::UnknownMove => "unknown_move",
            FailureKind::IllegalMove => "illegal_move",
            FailureKind::AmbiguousMove => "ambiguous_move",
            FailureKind::WrongSide => "wrong_side",
            FailureKind::Internal => "internal",
            FailureKind::NoGame => "no_game",
            FailureKind::TooLarge => "too_large",
            FailureKind::Path => "path",
            FailureKind::NotAFile => "not_a_file",
            FailureKind::SymlinkLoop => "symlink_loop",
            FailureKind::Duplicate => "duplicate",
            FailureKind::NotARecord => "not_a_record",
            FailureKind::Changed => "changed",
        }
    }

    /// Whether the failure is about a path (given or found while walking a folder) rather
    /// than about the games of a file: such items are counted apart, as paths skipped.
    pub fn is_path(self) -> bool {
        matches!(
            self,
            FailureKind::Path
                | FailureKind::NotAFile
                | FailureKind::SymlinkLoop
                | FailureKind::Duplicate
                | FailureKind::NotARecord
        )
    }

    /// The words of a kind of failure (`illegal_move`: 着法不合规则, illegal move), from its
    /// snake-case name; an unknown name stands for itself.
    pub fn text_of(kind: &str) -> crate::html::Text {
        use crate::terms::Phrase;
        match FailureKind::ALL.into_iter().find(|k| k.as_str() == kind) {
            Some(k) => k.text(),
            None => crate::html::Text::new(kind, kind),
        }
    }

    fn of_path(e: &PathError) -> FailureKind {
        match e {
            PathError::Io { .. } => FailureKind::Path,
            PathError::NotAFile { .. } => FailureKind::NotAFile,
            PathError::Loop { .. } => FailureKind::SymlinkLoop,
            PathError::Duplicate { .. } => FailureKind::Duplicate,
        }
    }

    fn of_record(kind: &ErrorKind) -> FailureKind {
        match kind {
            ErrorKind::Move(MoveTextError::Syntax { .. }) => FailureKind::UnknownMove,
            ErrorKind::Move(MoveTextError::Illegal { .. }) => FailureKind::IllegalMove,
            ErrorKind::Move(MoveTextError::Ambiguous { .. }) => FailureKind::AmbiguousMove,
            ErrorKind::Move(MoveTextError::WrongSide(_)) => FailureKind::WrongSide,
            ErrorKind::Syntax(_) => FailureKind::Syntax,
            ErrorKind::Limit(_) | ErrorKind::TooLong { .. } => FailureKind::Limit,
            ErrorKind::Fen(_) => FailureKind::Fen,
            ErrorKind::Position(_) => FailureKind::Position,
            ErrorKind::Truncated(_) => FailureKind::Truncated,
            ErrorKind::Format(_) | ErrorKind::OneStyle(_) => FailureKind::Format,
        }
    }
}

/// The words of a kind of failure: one table per language.
impl crate::terms::Phrase for FailureKind {
    fn zh(&self) -> String {
        failure_words::zh(*self).to_owned()
    }
    fn en(&self) -> String {
        failure_words::en(*self).to_owned()
    }
}

/// The Chinese and the English tables of the kinds of failure.
mod failure_words {
    use super::FailureKind;

    /// A kind of failure in Chinese.
    pub(super) fn zh(kind: FailureKind) -> &'static str {
        match kind {
            FailureKind::Io => "读取出错",
            FailureKind::UnknownFormat => "格式不明",
            FailureKind::Malformed => "文件损坏",
            FailureKind::Encoding => "编码无法识别",
            FailureKind::Syntax => "记录语法有误",
            FailureKind::Limit => "超出读取限制",
            FailureKind::Fen => "FEN 无法读取",
            FailureKind::Position => "局面不合规则",
            FailureKind::Truncated => "文件不完整",
            FailureKind::Format => "记录数值有误",
            FailureKind::UnknownMove => "着法无法识别",
            FailureKind::IllegalMove => "着法不合规则",
            FailureKind::AmbiguousMove => "着法有歧义",
            FailureKind::WrongSide => "着法属另一方（漏着或多着）",
            FailureKind::Internal => "qili 内部错误",
            FailureKind::NoGame => "文件中无对局",
            FailureKind::TooLarge => "文件过大",
            FailureKind::Path => "路径无法读取",
            FailureKind::NotAFile => "非普通文件",
            FailureKind::SymlinkLoop => "符号链接成环",
            FailureKind::Duplicate => "重复路径",
            FailureKind::NotARecord => "非棋谱文件",
            // Not yet worded in Chinese: its name stands for itself (as in the JSON).
            FailureKind::Changed => "changed",
        }
    }

    /// A kind of failure in English.
    pub(super) fn en(kind: FailureKind) -> &'static str {
        match kind {
            FailureKind::Io => "read error",
            FailureKind::UnknownFormat => "unknown format",
            FailureKind::Malformed => "broken file",
            FailureKind::Encoding => "undecodable text",
            FailureKind::Syntax => "broken record syntax",
            FailureKind::Limit => "beyond a reading limit",
            FailureKind::Fen => "unreadable FEN",
            FailureKind::Position => "illegal position",
            FailureKind::Truncated => "truncated file",
            FailureKind::Format => "impossible value",
            FailureKind::UnknownMove => "unreadable move",
            FailureKind::IllegalMove => "illegal move",
            FailureKind::AmbiguousMove => "ambiguous move",
            FailureKind::WrongSide => "the other side's move",
            FailureKind::Internal => "internal error of qili",
            FailureKind::NoGame => "no game in the file",
            FailureKind::TooLarge => "file too large",
            FailureKind::Path => "unreadable path",
            FailureKind::NotAFile => "not a regular file",
            FailureKind::SymlinkLoop => "symbolic link loop",
            FailureKind::Duplicate => "duplicate path",
            FailureKind::NotARecord => "not a game record",
            FailureKind::Changed => "changed",
        }
    }
}

/// A game that could not be read: what went wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReadFailure {
    /// The kind of failure.
    pub kind: FailureKind,
    /// The reader's message, naming the place.
    pub message: String,
    /// The 1-based ply of an illegal move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// The byte offset in the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    /// The place and the problem in Chinese, for the text audit in Chinese, where qili has
    /// the reader's error in words of both languages (a move, a FEN, a game too long);
    /// `None` otherwise (the message is then shown as the reader wrote it).
    #[serde(skip)]
    pub zh: Option<String>,
}

impl ReadFailure {
    /// A failure without place beyond its message.
    pub fn new(kind: FailureKind, message: impl Into<String>) -> ReadFailure {
        ReadFailure {
            kind,
            message: message.into(),
            ply: None,
            offset: None,
            zh: None,
        }
    }
}

/// One game as read from a file, before analysis.
#[derive(Debug, Clone)]
pub struct AuditInput {
    /// The file, as given or found.
    pub file: String,
    /// 1-based number of the game in its file (0: the file as a whole failed).
    pub index: usize,
    /// The record's tags in file order (PGN tags, case id and article …).
    pub tags: Vec<(String, String)>,
    /// The result as the record writes it.
    pub recorded: Option<String>,
    /// The adjudication an engine-match arbiter recorded with the result (WinBoard/XBoard's
    /// `{Xboard adjudication: perpetual chasing} 1-0`): the text after the colon.
    pub adjudication: Option<String>,
    /// For a ruling case: the expected ruling (`result`, `status`) under the chosen rules.
    pub expected: Option<Expected>,
    /// The start position and the legal moves, or why they could not be read.
    pub game: Result<(Position, Vec<Move>), ReadFailure>,
    /// Problems that lost only part of the record (a bad variation, a bad tag, a comment
    /// beyond the reader's limits); the main line was read whole.
    pub warnings: Vec<ReadFailure>,
}

impl AuditInput {
    /// The item of a path problem (index 0, `file` the path).
    pub fn path_problem(e: &PathError) -> AuditInput {
        AuditInput::failed(
            e.path(),
            0,
            ReadFailure::new(FailureKind::of_path(e), e.to_string()),
        )
    }

    fn failed(file: &str, index: usize, failure: ReadFailure) -> AuditInput {
        AuditInput {
            file: file.to_owned(),
            index,
            tags: Vec::new(),
            recorded: None,
            adjudication: None,
            expected: None,
            game: Err(failure),
            warnings: Vec::new(),
        }
    }
}

/// A file kind, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A ruling case of the corpus.
    Case,
    /// One game per line: UCCI `position` lines or bare ICCS move lists.
    Lines,
    /// A record file for the record readers.
    Record,
}

fn kind_of(path: &Path) -> Option<Kind> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "toml" => Some(Kind::Case),
        "iccs" | "ucci" => Some(Kind::Lines),
        "pgn" | "xqf" | "cbl" | "cbr" | "cbf" | "txt" | "dhtmlxq" | "wxf" | "html" | "htm" => {
            Some(Kind::Record)
        }
        _ => None,
    }
}

/// The files to audit under `paths` and every path problem met, in order: files as given,
/// folders walked for the extensions qili reads, siblings sorted by name; only regular
/// files, each once, symbolic link loops not followed (see [`record::walk`]).
pub fn find(paths: &[PathBuf]) -> Vec<Result<PathBuf, PathError>> {
    record::walk(paths, |p| kind_of(p).is_some())
}

/// [`find`], all or nothing: the files, or the first path problem as an error.
pub fn discover(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    find(paths)
        .into_iter()
        .map(|r| r.map_err(|e| std::io::Error::other(e.to_string())))
        .collect()
}

/// Reads every game of `path`. Never fails: a file that cannot be read yields one
/// [`AuditInput`] (index 0) carrying the failure, and so does a file holding no game.
pub fn read_path(path: &Path, rules: RuleSet) -> Vec<AuditInput> {
    open_path(path, rules).collect()
}

/// The games of `path`, one at a time (see [`open_path`]).
pub struct FileGames {
    inner: Inner,
    file: String,
    /// The file as it was opened (none for standard input, or a file that could not be
    /// opened).
    stamp: Option<record::FileStamp>,
    /// The number of the next game (from 1).
    next: usize,
    done: bool,
}

enum Inner {
    Ready(std::vec::IntoIter<AuditInput>),
    Stream(Box<record::GameStream>),
}

/// Opens `path` for reading its games one at a time: a record file is read as a stream
/// (memory holds one game, see [`record::stream_file`]); ruling cases, line files and HTML
/// pages are read whole. As [`read_path`], it never fails: a problem is an item.
pub fn open_path(path: &Path, rules: RuleSet) -> FileGames {
    open_checked(path, rules, None)
}

/// [`open_path`] for reading a file again, `skip` games in: the file must still be the one
/// `stamp` describes (as it was when its first games were read), else the one item is a
/// failure of kind [`FailureKind::Changed`], numbered `skip + 1`. The first `skip` games are
/// read and dropped.
pub fn reopen_path(
    path: &Path,
    rules: RuleSet,
    stamp: &record::FileStamp,
    skip: usize,
) -> FileGames {
    let mut games = open_checked(path, rules, Some(stamp));
    let as_changed = |file: &str, mut f: ReadFailure| {
        if f.kind != FailureKind::Changed {
            f.message = format!("{file}: changed while it was audited: {}", f.message);
            f.kind = FailureKind::Changed;
        }
        FileGames::failed_at(file, skip + 1, f)
    };
    if games.stamp.is_none() {
        // Gone, or no longer a file that can be read: the rest is lost, and said so.
        let f = match games.next().map(|g| g.game) {
            Some(Err(f)) => f,
            _ => ReadFailure::new(FailureKind::Changed, "cannot be opened again"),
        };
        return as_changed(&games.file, f);
    }
    games.next = skip + 1;
    {
        // The games already reported, read again to reach the rest.
        let mut left = skip;
        while left > 0 {
            let step = match &mut games.inner {
                Inner::Ready(g) => g.next().map(|_| Ok(())),
                Inner::Stream(s) => s.next().map(|r| r.map(drop)),
            };
            match step {
                Some(Ok(())) => left -= 1,
                Some(Err(e)) => return as_changed(&games.file, failure_of_read(&e)),
                None => {
                    let f = ReadFailure::new(
                        FailureKind::Changed,
                        format!(
                            "{}: changed while it was audited: {skip} games were read, now fewer",
                            games.file
                        ),
                    );
                    return as_changed(&games.file, f);
                }
            }
        }
    }
    games
}

fn open_checked(path: &Path, rules: RuleSet, expect: Option<&record::FileStamp>) -> FileGames {
    let file = path.to_string_lossy().into_owned();
    let ready = |games: Vec<AuditInput>| Inner::Ready(games.into_iter());
    let mut stamp = None;
    let inner = match kind_of(path) {
        _ if file == "-" => ready(read_stdin(rules)),
        Some(Kind::Case) | Some(Kind::Lines) => match read_small(path, &file, expect) {
            Err(f) => ready(vec![AuditInput::failed(&file, 0, f)]),
            Ok((bytes, s)) => {
                stamp = Some(s);
                match kind_of(path) {
                    Some(Kind::Case) => {
                        ready(read_case(&file, &bytes, rules).into_iter().collect())
                    }
                    _ => ready(read_lines(&file, &bytes)),
                }
            }
        },
        Some(Kind::Record) | None => {
            let stream = match expect {
                Some(expect) => record::stream_file_unchanged(path, expect),
                None => record::stream_file(path),
            };
            match stream {
                Ok(stream) if is_html(path) => {
                    stamp = Some(stream.stamp().clone());
                    ready(read_html(&file, stream))
                }
                Ok(stream) => {
                    stamp = Some(stream.stamp().clone());
                    Inner::Stream(Box::new(stream))
                }
                Err(e) => ready(vec![AuditInput::failed(&file, 0, failure_of_read(&e))]),
            }
        }
    };
    FileGames {
        inner,
        file,
        stamp,
        next: 1,
        done: false,
    }
}

impl FileGames {
    /// The one item of a file that failed at game `index`.
    fn failed_at(file: &str, index: usize, f: ReadFailure) -> FileGames {
        FileGames {
            inner: Inner::Ready(vec![AuditInput::failed(file, index, f)].into_iter()),
            file: file.to_owned(),
            stamp: None,
            next: index,
            done: false,
        }
    }

    /// The file as it was when it was opened (none for standard input, or a file that
    /// could not be opened): to open it again with [`reopen_path`].
    pub fn stamp(&self) -> Option<&record::FileStamp> {
        self.stamp.as_ref()
    }

    /// Whether the games still hold the file open (a record streamed); otherwise they are
    /// in memory, the file closed.
    pub fn holds_file(&self) -> bool {
        match &self.inner {
            Inner::Stream(s) => s.holds_file(),
            Inner::Ready(_) => false,
        }
    }
}

impl Iterator for FileGames {
    type Item = AuditInput;

    fn next(&mut self) -> Option<AuditInput> {
        if self.done {
            return None;
        }
        let item = match &mut self.inner {
            Inner::Ready(games) => games.next(),
            Inner::Stream(stream) => match stream.next() {
                Some(Ok(g)) if self.next == 1 && is_not_a_record(&g) && stream.next().is_none() => {
                    self.done = true;
                    let f = ReadFailure::new(
                        FailureKind::NotARecord,
                        format!(
                            "{}: not a game record (no tag, and its first word is no move)",
                            self.file
                        ),
                    );
                    Some(AuditInput::failed(&self.file, 0, f))
                }
                Some(Ok(g)) => Some(from_record(&self.file, self.next, g)),
                Some(Err(e)) => {
                    // The stream ends here; the games before are kept.
                    self.done = true;
                    Some(AuditInput::failed(
                        &self.file,
                        self.next,
                        failure_of_read(&e),
                    ))
                }
                None if self.next == 1 => {
                    self.done = true;
                    let f = ReadFailure::new(
                        FailureKind::NoGame,
                        format!("{}: no game in this file", self.file),
                    );
                    Some(AuditInput::failed(&self.file, 0, f))
                }
                None => None,
            },
        };
        if item.is_some() {
            self.next += 1;
        } else {
            self.done = true;
        }
        item
    }
}

/// A ruling case or a line file: read whole, up to [`record::MAX_WHOLE`] bytes, if it is a
/// regular file.
fn read_small(
    path: &Path,
    file: &str,
    expect: Option<&record::FileStamp>,
) -> Result<(Vec<u8>, record::FileStamp), ReadFailure> {
    use std::io::Read;
    let io = |e: std::io::Error| ReadFailure::new(FailureKind::Io, format!("{file}: {e}"));
    let (handle, stamp) = record::open_regular(path).map_err(|e| failure_of_read(&e))?;
    if let Some(what) = expect.and_then(|s| s.change(&stamp)) {
        let e = ReadError::Changed {
            file: file.to_owned(),
            what,
        };
        return Err(failure_of_read(&e));
    }
    let mut bytes = Vec::new();
    handle
        .take(record::MAX_WHOLE + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > record::MAX_WHOLE {
        return Err(ReadFailure::new(
            FailureKind::TooLarge,
            format!(
                "{file}: larger than the {} bytes a case or line file is read up to",
                record::MAX_WHOLE
            ),
        ));
    }
    Ok((bytes, stamp))
}

/// Standard input (`-`): a ruling case, a UCCI/ICCS line file or any record, told apart
/// by content.
fn read_stdin(rules: RuleSet) -> Vec<AuditInput> {
    let file = "-";
    let mut bytes = Vec::new();
    if let Err(e) = std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes) {
        let f = ReadFailure::new(FailureKind::Io, format!("standard input: {e}"));
        return vec![AuditInput::failed(file, 0, f)];
    }
    if let Ok(text) = std::str::from_utf8(&bytes) {
        let text = text.trim_start_matches('\u{feff}');
        if text
            .parse::<toml::Table>()
            .is_ok_and(|t| t.contains_key("fen"))
        {
            return read_case(file, text.as_bytes(), rules)
                .into_iter()
                .collect();
        }
        let first = text.split_whitespace().next().unwrap_or("");
        if matches!(first, "position" | "startpos" | "fen") {
            return read_lines(file, text.as_bytes());
        }
    }
    // Any other input is a record, read as an uploaded file named `-` is.
    read_bytes(file, &bytes, rules)
}

fn is_html(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// Record files at least this large are audited game by game, in batches, so that memory
/// does not grow with the file (see [`stream_path`]). Smaller files with more than a few
/// games are streamed the same way (see [`audit_files`](crate::audit::audit_files)).
pub const STREAM_THRESHOLD: u64 = 16 << 20;

/// Whether `path` is a record file of at least [`STREAM_THRESHOLD`] bytes.
pub fn is_large_record(path: &Path) -> bool {
    matches!(kind_of(path), Some(Kind::Record) | None)
        && std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() >= STREAM_THRESHOLD)
}

/// Reads the games of a record file in batches of at most `batch`, handing each batch to
/// `f` in file order; memory holds one batch (plus the largest game), however large the
/// file. A file that cannot be read gives one failed [`AuditInput`], as [`read_path`] does.
pub fn stream_path(path: &Path, batch: usize, f: impl FnMut(Vec<AuditInput>)) {
    stream_games(open_path(path, RuleSet::default()), batch, f)
}

/// Hands the games of `games` to `f` in batches of at most `batch`.
pub(crate) fn stream_games(
    games: impl Iterator<Item = AuditInput>,
    batch: usize,
    mut f: impl FnMut(Vec<AuditInput>),
) {
    let mut buf = Vec::with_capacity(batch);
    for g in games {
        buf.push(g);
        if buf.len() >= batch {
            f(std::mem::replace(&mut buf, Vec::with_capacity(batch)));
        }
    }
    if !buf.is_empty() {
        f(buf);
    }
}

/// Reads every game of an in-memory file called `file`, as [`read_path`] reads a file of
/// that name on disk: the extension chooses the reader (ruling cases `.toml`, line files
/// `.iccs` and `.ucci`, HTML pages, any other name a record of any format, detected from
/// its bytes). Never fails: a file that cannot be read yields one [`AuditInput`] (index 0)
/// carrying the failure, and so does a file holding no game. For servers, which receive
/// files as request bodies.
pub fn read_bytes(file: &str, bytes: &[u8], rules: RuleSet) -> Vec<AuditInput> {
    let path = Path::new(file);
    let games = match kind_of(path) {
        Some(Kind::Case) => return read_case(file, bytes, rules).into_iter().collect(),
        Some(Kind::Lines) => return read_lines(file, bytes),
        Some(Kind::Record) | None => match record::read_bytes(bytes, file) {
            Ok(games) => games,
            Err(e) => return vec![AuditInput::failed(file, 0, failure_of_read(&e))],
        },
    };
    if games.is_empty() && !is_html(path) {
        let f = ReadFailure::new(FailureKind::NoGame, format!("{file}: no game in this file"));
        return vec![AuditInput::failed(file, 0, f)];
    }
    if is_html(path) && games.iter().all(|g| g.game.moves.is_empty()) {
        return Vec::new();
    }
    games
        .into_iter()
        .enumerate()
        .map(|(i, g)| from_record(file, i + 1, g))
        .collect()
}

/// The failure of a file that could not be read at all.
pub fn failure_of_read(e: &ReadError) -> ReadFailure {
    let kind = match e {
        ReadError::Io { .. } => FailureKind::Io,
        ReadError::NotAFile { .. } => FailureKind::NotAFile,
        ReadError::TooLarge { .. } => FailureKind::TooLarge,
        ReadError::Binary { .. } | ReadError::UnknownFormat { .. } => FailureKind::UnknownFormat,
        ReadError::Malformed { .. } => FailureKind::Malformed,
        ReadError::Changed { .. } => FailureKind::Changed,
    };
    let mut f = ReadFailure::new(kind, e.to_string());
    if let ReadError::Malformed { offset, .. } | ReadError::Binary { offset, .. } = e {
        f.offset = usize::try_from(*offset).ok();
    }
    f
}

/// An HTML page: its DhtmlXQ records; a page without one is not a record (nothing to audit).
fn read_html(file: &str, stream: record::GameStream) -> Vec<AuditInput> {
    let games = match stream.collect::<Result<Vec<_>, _>>() {
        Ok(games) => games,
        Err(e) => return vec![AuditInput::failed(file, 0, failure_of_read(&e))],
    };
    if games.iter().all(|g| g.game.moves.is_empty()) {
        return Vec::new();
    }
    games
        .into_iter()
        .enumerate()
        .map(|(i, g)| from_record(file, i + 1, g))
        .collect()
}

fn failure_of(e: &RecordError) -> ReadFailure {
    ReadFailure {
        kind: FailureKind::of_record(&e.kind),
        message: e.to_string(),
        ply: e.ply,
        offset: e.byte_offset.and_then(|o| usize::try_from(o).ok()),
        zh: zh_problem(e),
    }
}

/// `e` in Chinese — the game, the ply, the byte, the encoding, and what is wrong — where
/// the vocabulary has its problem in words (`crate::terms`); `None` otherwise.
fn zh_problem(e: &RecordError) -> Option<String> {
    use crate::terms::{self, Lang};
    let problem = match &e.kind {
        ErrorKind::Move(m) => terms::move_problem(m, Lang::Zh),
        ErrorKind::Fen(f) => format!(
            "起始局面 FEN 第{}个字有误：{}",
            f.column + 1,
            terms::fen_problem(&f.kind).zh
        ),
        ErrorKind::TooLong { plies, max } => {
            format!("对局共{plies}步，超过读取上限{max}步（超出的着法未读）")
        }
        _ => return None,
    };
    let mut place = vec![format!("第{}局", e.game + 1)];
    if let Some(ply) = e.ply {
        place.push(format!("第{}回合（第{ply}步）", ply.div_ceil(2)));
    }
    if let Some(offset) = e.byte_offset {
        place.push(format!("第{offset}字节"));
    }
    if let Some(encoding) = e.encoding {
        place.push(format!("按{encoding}解码"));
    }
    Some(format!("{}：{problem}", place.join("，")))
}

/// The adjudication recorded in a game's last comments (`Xboard adjudication: …`, as
/// WinBoard/XBoard writes it before the result), the text after the colon.
pub fn adjudication_of(game: &record::Game) -> Option<String> {
    let last = game.moves.last().map(|n| n.comments_after.as_slice());
    last.into_iter()
        .flatten()
        .chain(game.comments.iter())
        .rev()
        .find_map(|c| {
            let (head, rest) = c.split_once(':')?;
            let head = head.trim().to_ascii_lowercase();
            let engine = head.ends_with("adjudication")
                && ["xboard", "winboard", "arbiter", "gui"]
                    .iter()
                    .any(|w| head.starts_with(w));
            (engine && !rest.trim().is_empty()).then(|| rest.trim().to_owned())
        })
}

/// Whether a file's only game is no game at all: no tag, no move read, and its first word
/// is no move in any notation (prose, a read-me), rather than a record with a typo.
fn is_not_a_record(g: &ReadGame) -> bool {
    g.game.tags.is_empty()
        && g.game.mainline().next().is_none()
        && g.error.as_ref().is_some_and(|e| {
            e.ply.is_none_or(|p| p <= 1)
                && matches!(e.kind, ErrorKind::Move(MoveTextError::Syntax { .. }))
        })
}

fn from_record(file: &str, index: usize, rg: ReadGame) -> AuditInput {
    let ReadGame {
        game,
        error,
        warnings,
    } = rg;
    let warnings = warnings.iter().map(failure_of).collect();
    let recorded = game
        .tag("Result")
        .map(str::trim)
        .filter(|r| !r.is_empty() && *r != "*")
        .map(str::to_owned)
        .or_else(|| {
            game.result
                .filter(|r| *r != record::GameResult::Unknown)
                .map(|r| r.pgn().to_owned())
        });
    let body = match error {
        Some(e) => Err(failure_of(&e)),
        None => match Position::try_from(game.setup.clone()) {
            Err(e) => Err(ReadFailure::new(
                FailureKind::Position,
                format!("{file}: game {index}: {e}"),
            )),
            Ok(start) => Ok((start, game.mainline().copied().collect())),
        },
    };
    let adjudication = adjudication_of(&game);
    AuditInput {
        file: file.to_owned(),
        index,
        tags: game.tags,
        recorded,
        adjudication,
        expected: None,
        game: body,
        warnings,
    }
}

struct GameResultToken;

impl GameResultToken {
    fn is(t: &str) -> bool {
        matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
    }
}

/// One game per line: `position startpos moves h2e2 …`, `fen <FEN> moves …`, or bare ICCS
/// moves from the start position; a trailing `1-0`, `0-1`, `1/2-1/2` or `*` is the result.
/// Blank lines and `#` comments are skipped.
fn read_lines(file: &str, bytes: &[u8]) -> Vec<AuditInput> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let mut f = ReadFailure::new(FailureKind::Encoding, format!("{file}: not UTF-8: {e}"));
            f.offset = Some(e.valid_up_to());
            return vec![AuditInput::failed(file, 0, f)];
        }
    };
    let mut out = Vec::new();
    let mut offset = 0;
    for (n, raw) in text.split_inclusive('\n').enumerate() {
        let line_start = offset;
        offset += raw.len();
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let index = out.len() + 1;
        let mut body = line;
        let mut recorded = None;
        if let Some(last) = line.split_whitespace().last() {
            if GameResultToken::is(last) {
                recorded = (last != "*").then(|| last.to_owned());
                body = line[..line.len() - last.len()].trim_end();
            }
        }
        let parsed = if ["position ", "startpos", "fen "]
            .iter()
            .any(|p| trimmed.starts_with(p))
        {
            body.parse::<UcciPosition>()
        } else {
            format!("startpos moves {body}")
                .parse::<UcciPosition>()
                .map_err(|mut e| {
                    e.column = e.column.saturating_sub("startpos moves ".len());
                    e
                })
        };
        let game = match parsed {
            Err(e) => {
                let mut f = ReadFailure::new(
                    FailureKind::Syntax,
                    format!("{file}:{}: column {}: {}", n + 1, e.column + 1, e.kind),
                );
                f.offset = Some(line_start + e.column);
                Err(f)
            }
            Ok(ucci) => replay(file, n + 1, &ucci),
        };
        let tags = vec![("Line".to_owned(), (n + 1).to_string())];
        out.push(AuditInput {
            file: file.to_owned(),
            index,
            tags,
            recorded,
            adjudication: None,
            expected: None,
            game,
            warnings: Vec::new(),
        });
    }
    out
}

fn replay(
    file: &str,
    line: usize,
    ucci: &UcciPosition,
) -> Result<(Position, Vec<Move>), ReadFailure> {
    ucci.replay().map_err(|e| match e {
        qili_notation::Error::IllegalMove {
            ply,
            ref mv,
            ref position,
        } => {
            let mut f = ReadFailure::new(
                FailureKind::IllegalMove,
                format!(
                    "{file}:{line}: ply {ply}: illegal move {mv} in {}",
                    position.fen()
                ),
            );
            f.ply = Some(ply);
            f
        }
        other => ReadFailure::new(FailureKind::Position, format!("{file}:{line}: {other}")),
    })
}

/// A ruling case: `fen`, ICCS `moves`, and `expected.<rules>` with an optional `result`,
/// taken as the recorded result. A TOML file without `fen` and `moves` is not a case and
/// is skipped.
fn read_case(file: &str, bytes: &[u8], rules: RuleSet) -> Option<AuditInput> {
    let fail = |kind, msg: String| {
        Some(AuditInput::failed(
            file,
            1,
            ReadFailure::new(kind, format!("{file}: {msg}")),
        ))
    };
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => return fail(FailureKind::Encoding, format!("not UTF-8: {e}")),
    };
    let value: toml::Table = match text.parse() {
        Ok(v) => v,
        Err(e) => return fail(FailureKind::Syntax, format!("TOML: {e}")),
    };
    let (Some(fen), Some(moves)) = (value.get("fen"), value.get("moves")) else {
        return None;
    };
    let Some(fen) = fen.as_str() else {
        return fail(FailureKind::Syntax, "`fen` is not a string".into());
    };
    let Some(moves) = moves.as_array() else {
        return fail(FailureKind::Syntax, "`moves` is not an array".into());
    };
    let mut tags = Vec::new();
    for (k, v) in &value {
        if let Some(s) = v.as_str().filter(|_| k != "fen") {
            tags.push((k.clone(), s.to_owned()));
        }
    }
    let expected_table = value.get("expected").and_then(|e| e.get(rules.as_str()));
    let field = |name: &str| {
        expected_table
            .and_then(|e| e.get(name))
            .and_then(|r| r.as_str())
    };
    let recorded = field("result").map(str::to_owned);
    let result = field("result").and_then(parse_name);
    let status = field("status").and_then(parse_name);
    let expected = match (result, status) {
        (Some(result), Some(status)) => Some(Expected { result, status }),
        _ => None,
    };
    // Moves as people write them (as `judge` reads the case); the position strictly.
    let texts: Vec<&str> = moves
        .iter()
        .map(|m| m.as_str().unwrap_or_default())
        .collect();
    let options = crate::input::ReadOptions { strict: true };
    let game = crate::input::read_move_list(fen, &texts, &format!("{file}: moves"), &options)
        .map(|g| (g.start, g.moves))
        .map_err(|e| {
            use crate::input::InputError as E;
            let (kind, ply) = match &e {
                E::Fen { .. } | E::Position { .. } | E::Strict { .. } => {
                    (FailureKind::Position, None)
                }
                E::WrongSide { error, .. } => (FailureKind::WrongSide, Some(error.ply)),
                E::Move { ply, error, .. } => (
                    match error {
                        MoveTextError::Syntax { .. } => FailureKind::UnknownMove,
                        MoveTextError::Ambiguous { .. } => FailureKind::AmbiguousMove,
                        _ => FailureKind::IllegalMove,
                    },
                    Some(*ply),
                ),
                _ => (FailureKind::Syntax, None),
            };
            let mut f = ReadFailure::new(kind, e.to_string());
            f.ply = ply;
            f
        });
    Some(AuditInput {
        file: file.to_owned(),
        index: 1,
        tags,
        recorded,
        adjudication: None,
        expected,
        game,
        warnings: Vec::new(),
    })
}

/// A snake-case enum name (`black_wins`, `must_change`) as its type.
fn parse_name<T: serde::de::DeserializeOwned>(name: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(name.to_owned())).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::terms::Phrase;

    #[test]
    fn every_kind_of_failure_is_worded_in_both_languages() {
        for k in FailureKind::ALL {
            let (zh, en) = (k.zh(), k.en());
            assert!(!zh.is_empty() && !en.is_empty(), "{k:?}");
            assert_eq!(FailureKind::text_of(k.as_str()).en, en);
        }
        assert_eq!(FailureKind::text_of("illegal_move").zh, "着法不合规则");
        assert_eq!(FailureKind::text_of("no_such_kind").zh, "no_such_kind");
    }

    #[test]
    fn lines_read_ucci_and_bare_moves_with_results() {
        let text = "# comment\nh2e2 h9g7 1-0\n\nposition startpos moves h2e2 h7e7 *\nfen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0d0\n";
        let games = read_lines("t.iccs", text.as_bytes());
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].recorded.as_deref(), Some("1-0"));
        assert_eq!(games[0].game.as_ref().unwrap().1.len(), 2);
        assert_eq!(games[1].recorded, None);
        assert_eq!(games[1].index, 2);
        assert!(
            games[2].game.is_err(),
            "facing generals: not a legal position"
        );
        assert_eq!(
            games[2].game.as_ref().unwrap_err().kind,
            FailureKind::Position
        );
    }

    #[test]
    fn an_illegal_move_names_file_line_and_ply() {
        let games = read_lines("t.iccs", b"h2e2 h9g7 a0a5\n");
        let f = games[0].game.as_ref().unwrap_err();
        assert_eq!(f.kind, FailureKind::IllegalMove);
        assert_eq!(f.ply, Some(3));
        assert!(f.message.starts_with("t.iccs:1: ply 3"), "{}", f.message);
    }

    #[test]
    fn a_syntax_error_carries_a_byte_offset() {
        let games = read_lines("t.iccs", b"h2e2\nh2e2 zz99\n");
        let f = games[1].game.as_ref().unwrap_err();
        assert_eq!(f.kind, FailureKind::Syntax);
        assert_eq!(f.offset, Some(10));
    }

    #[test]
    fn a_case_gives_its_expected_result_for_the_chosen_rules() {
        let text = r#"
id = "x"
article = "CXA 26.1"
fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
moves = ["h2e2", "h9g7"]
[expected.cxa]
result = "black_wins"
status = "final"
[expected.axf]
result = "1/2-1/2"
"#;
        let g = read_case("x.toml", text.as_bytes(), RuleSet::Cxa).unwrap();
        assert_eq!(g.recorded.as_deref(), Some("black_wins"));
        let want = Expected {
            result: crate::verdict::Outcome::BlackWins,
            status: crate::verdict::Status::Final,
        };
        assert_eq!(g.expected, Some(want));
        assert!(g.tags.contains(&("article".into(), "CXA 26.1".into())));
        let g = read_case("x.toml", text.as_bytes(), RuleSet::Axf).unwrap();
        assert_eq!(g.recorded.as_deref(), Some("1/2-1/2"));
        assert!(read_case("c.toml", b"[package]\nname = \"x\"\n", RuleSet::Cxa).is_none());
        let bad = read_case("b.toml", b"fen = 1\nmoves = []\n", RuleSet::Cxa).unwrap();
        assert_eq!(bad.game.unwrap_err().kind, FailureKind::Syntax);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let dir = std::env::temp_dir().join(format!("qili-audit-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cases: [(&str, &[u8]); 6] = [
            ("a.pgn", b"\xff\xfe\x00garbage"),
            ("b.pgn", b"[Event \"x\"]\n1. Xq9-9 *"),
            ("c.xqf", b"XQ\x0a"),
            ("d.iccs", b"fen"),
            ("e.ucci", b"position fen moves"),
            ("f.toml", b"fen = \"x\"\nmoves = [\"h2e2\"]"),
        ];
        for (name, bytes) in cases {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            let games = read_path(&path, RuleSet::Cxa);
            assert!(
                games.iter().any(|g| g.game.is_err()),
                "{name}: an error is reported"
            );
            for g in games {
                if let Err(f) = g.game {
                    assert!(
                        f.message.contains(name),
                        "{name}: the message names the file: {}",
                        f.message
                    );
                }
            }
        }
        let missing = read_path(&dir.join("missing.pgn"), RuleSet::Cxa);
        assert_eq!(missing[0].game.as_ref().unwrap_err().kind, FailureKind::Io);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
