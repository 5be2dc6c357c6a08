//! Reading the line to judge, as people write it: a FEN (or `startpos`) and a move list, a
//! UCCI `position` line, a ruling case (`*.toml`), or any game record
//! [`qili_notation::record`] reads (PGN, XQF, CBR/CBL, CBF, DhtmlXQ, a FEN line followed
//! by moves, in any encoding), from a file or from standard input (`-`).
//!
//! A move list is read as the same text in a file is: move numbers (`1.`, `1...`),
//! comments and a result (`1-0`, `红胜` …) are allowed, moves in any notation
//! [`qili_notation::parse_move`] knows. In Chinese notation a move written in the other
//! side's numerals is an error naming the move number and the side (a skipped move, most
//! likely); a record writing both sides in one style is read, with a warning. A position
//! drawn loosely (an advisor, elephant or soldier on a point it can never reach) is read
//! with a warning naming the piece and the point, unless [`ReadOptions::strict`]. Every error
//! names where the bad text came from: the option (`--fen`, `--moves`), or the file, game,
//! move number and ply.
//!
//! ```
//! use qili_analyzer::{read_fen_and_moves, ReadOptions};
//!
//! let g = read_fen_and_moves("startpos", "1. 炮二平五 马８进７ 2. 马二进三 1-0", &ReadOptions::default())?;
//! assert_eq!(g.moves.len(), 3);
//! let e = read_fen_and_moves("startpos", "马８进７", &ReadOptions::default()).unwrap_err();
//! assert_eq!(e.to_string(), "--moves: move 1, Red to move: 马８进７ is written as Black's move");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::Read;
use std::path::Path;

use qili_notation::record::{self, ErrorKind, ReadGame, RecordError};
use qili_notation::{
    Color, Iccs, Misplaced, Move, MoveTextError, Placement, Position, PositionError, Setup, Square,
    UcciPosition,
};

use super::words::InputWord;
use crate::graph::PlayedLine;
use crate::terms::{Lang, Phrase};

/// The longest game an audit, a batch of cases or a file of lines judges, in plies: judging
/// takes memory in proportion to the plies (about 1 KB a ply), so a longer game is reported
/// as a failure of kind `limit` rather than judged. Real games are far shorter (CCPD's longest has a few hundred plies).
pub const MAX_PLIES: usize = 100_000;

/// How to read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Refuse a position drawn loosely (a piece on a point it can never reach) instead of
    /// reading it with a warning.
    pub strict: bool,
}

/// A start position and the moves played from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameInput {
    /// The start position.
    pub start: Position,
    /// The moves, legal in turn.
    pub moves: Vec<Move>,
    /// What was read but is worth saying (loose placement, one numeral style).
    pub warnings: Vec<InputWarning>,
}

/// Something read that is worth a warning; each names where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputWarning {
    /// A piece on a point it can never reach (read loosely).
    Misplaced {
        /// Where the position came from (`--fen`, a file).
        place: String,
        /// The piece and point.
        misplaced: Misplaced,
    },
    /// Both sides' Chinese moves are written in one side's numerals: read by the side to move.
    OneStyle {
        /// Where the moves came from (`--moves`, a file).
        place: String,
        /// The side whose numerals are used.
        style: Color,
    },
    /// Another problem of a record that loses nothing of the main line (a variation that
    /// stops at a bad move, a skipped tag …), as the record reader words it.
    Record {
        /// Where (file and game).
        place: String,
        /// What.
        message: String,
    },
}

impl InputWarning {
    /// The warning in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        InputWord::Warning(self).get(lang)
    }
}

/// What is wrong with a UCCI `position` line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UcciLineError {
    /// The line is not a `position` command (what and at which column).
    #[error(transparent)]
    Read(#[from] qili_notation::ucci::UcciError),
    /// One of its moves is illegal: the ply, the move and the position, handed back.
    #[error(transparent)]
    Replay(#[from] qili_notation::Error),
}

/// Why the input could not be read; every variant names the place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// Nothing to read.
    #[error("{}", InputWord::Error(self).en())]
    Empty {
        /// Where.
        place: String,
    },
    /// The FEN cannot be read.
    #[error("{}", InputWord::Error(self).en())]
    Fen {
        /// Where: `--fen`, or the file and line.
        place: String,
        /// What is wrong (with the column).
        error: qili_notation::FenError,
    },
    /// The FEN was read but cannot be played (or, with `--strict`, is drawn loosely).
    #[error("{}", InputWord::Error(self).en())]
    Position {
        /// Where: `--fen`, or the file and game.
        place: String,
        /// Every reason.
        error: PositionError,
    },
    /// The UCCI line is wrong.
    #[error("{}", InputWord::Error(self).en())]
    Ucci {
        /// The file.
        place: String,
        /// 1-based line.
        line: usize,
        /// What is wrong (with the column, or the ply, move and position).
        error: UcciLineError,
    },
    /// With `--strict`: the position is drawn loosely (and would otherwise be read).
    #[error("{}", InputWord::Error(self).en())]
    Strict {
        /// Where: `--fen`, or the file and game.
        place: String,
        /// Every misplaced piece.
        error: PositionError,
    },
    /// A move cannot be played.
    #[error("{place}: move {move_number} (ply {ply}){}: {error} in {fen}", column_text(*column))]
    Move {
        /// Where: `--moves`, a case's `moves`, or the file (and game, line).
        place: String,
        /// The move number of the score sheet.
        move_number: u32,
        /// 1-based ply.
        ply: usize,
        /// 1-based column (characters) of the move text in its line; 0 in a record file
        /// (whose place names the byte instead).
        column: usize,
        /// Why.
        error: MoveTextError,
        /// The position it was tried in.
        fen: String,
    },
    /// A move is written in the other side's numerals (a skipped move, most likely).
    #[error("{place}: {error}")]
    WrongSide {
        /// Where: `--moves`, a case's `moves`, or the file and game.
        place: String,
        /// The move, its number and the side to move.
        error: qili_notation::chinese::WrongSide,
    },
    /// The file cannot be read.
    #[error("{}", InputWord::Error(self).en())]
    Io {
        /// The file.
        file: String,
        /// What went wrong.
        message: String,
    },
    /// The record cannot be read here (file, game, move number, ply and byte offset in
    /// the message).
    #[error("{}", InputWord::Error(self).en())]
    Record(String),
    /// The file holds fewer games than asked for.
    #[error("{}", InputWord::Error(self).en())]
    NoSuchGame {
        /// The file.
        file: String,
        /// The game asked for (1-based).
        game: usize,
        /// How many games the file holds.
        count: usize,
    },
}

impl InputError {
    /// For a move that cannot be played: the move as written, and the message of
    /// [`text`](Self::text) without its place (for a page, where the place is the box the
    /// moves were typed in). `None` for other errors.
    pub fn bad_move(&self, lang: Lang) -> Option<(String, String)> {
        let (place, written) = match self {
            InputError::Move { place, error, .. } => (place, move_text_of(error)),
            InputError::WrongSide { place, error } => (place, error.text.as_str()),
            _ => return None,
        };
        let text = self.text(lang);
        let rest = text
            .strip_prefix(place.as_str())
            .map(|r| r.trim_start_matches(['：', ':', ' ']))
            .unwrap_or(&text);
        Some((written.to_owned(), rest.to_owned()))
    }

    /// The error as an arbiter reads it, in `lang`: where (the option or file, the move
    /// number, whose move it is), the move as written and what is wrong with it; the
    /// position it was tried in follows as a detail line. ([`Display`](std::fmt::Display)
    /// is the English form for logs, on one line.)
    pub fn text(&self, lang: Lang) -> String {
        InputWord::Error(self).get(lang)
    }
}

/// The move text of a move error, as written.
fn move_text_of(e: &MoveTextError) -> &str {
    match e {
        MoveTextError::Syntax { text, .. } => text.trim(),
        MoveTextError::Illegal { text, .. } | MoveTextError::Ambiguous { text, .. } => text,
        MoveTextError::WrongSide(w) => &w.text,
    }
}

/// `, column N` for a column, nothing for 0 (none).
fn column_text(column: usize) -> String {
    if column == 0 {
        String::new()
    } else {
        format!(", column {column}")
    }
}

/// Reads a FEN (or `startpos`) and a move list, with the default [`ReadOptions`].
pub fn from_fen_and_moves(fen: &str, moves: &str) -> Result<GameInput, InputError> {
    read_fen_and_moves(fen, moves, &ReadOptions::default())
}

/// Reads `--fen` (a FEN or `startpos`) and `--moves` (moves as a score sheet writes them).
pub fn read_fen_and_moves(
    fen: &str,
    moves: &str,
    options: &ReadOptions,
) -> Result<GameInput, InputError> {
    read_position_and_moves(fen, FenPlace::Named("--fen"), &[moves], "--moves", options)
}

/// Reads a FEN (or `startpos`) and a move list (one move, or several, per item), naming
/// `place` in errors (e.g. a case's `moves`).
pub fn read_move_list(
    fen: &str,
    moves: &[impl AsRef<str>],
    place: &str,
    options: &ReadOptions,
) -> Result<GameInput, InputError> {
    read_position_and_moves(fen, FenPlace::Of(place), moves, place, options)
}

/// What was read of a move list before a move that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadBefore {
    /// The start position.
    pub start: Position,
    /// The moves read before the bad one, legal in turn from `start`.
    pub moves: Vec<Move>,
    /// 1-based column (characters) of the bad move in the move list (the items joined by
    /// spaces).
    pub column: usize,
}

/// [`read_move_list`], keeping on an error what was read before the move that cannot be
/// played (`None` when the error is not a move's): a page that took a batch of moves
/// keeps those before a typo.
pub fn read_move_list_keeping(
    fen: &str,
    moves: &[impl AsRef<str>],
    place: &str,
    options: &ReadOptions,
) -> Result<GameInput, Box<(InputError, Option<ReadBefore>)>> {
    let mut stops = Stops::default();
    match read_position_and_line(
        fen,
        FenPlace::Of(place),
        moves,
        place,
        options,
        usize::MAX,
        &mut stops,
    ) {
        Ok((mut input, played)) => {
            if let Some(line) = played {
                input.moves = line.into_moves();
            }
            Ok(input)
        }
        Err(e) => Err(Box::new((e, stops.before))),
    }
}

/// Where a FEN was given, as errors and warnings name it: written out only for one.
#[derive(Debug, Clone, Copy)]
enum FenPlace<'a> {
    /// Named so (`--fen`).
    Named(&'a str),
    /// The `fen` beside a move list (`moves: fen`).
    Of(&'a str),
}

impl std::fmt::Display for FenPlace<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FenPlace::Named(place) => f.write_str(place),
            FenPlace::Of(place) => write!(f, "{place}: fen"),
        }
    }
}

/// Reads a FEN (or `startpos`) and the moves of `items` (the text of the items joined by
/// spaces), naming `fen_place` and `place` in errors.
fn read_position_and_moves(
    fen: &str,
    fen_place: FenPlace<'_>,
    items: &[impl AsRef<str>],
    place: &str,
    options: &ReadOptions,
) -> Result<GameInput, InputError> {
    let (mut input, played) = read_position_and_line(
        fen,
        fen_place,
        items,
        place,
        options,
        usize::MAX,
        &mut Stops::default(),
    )?;
    if let Some(line) = played {
        input.moves = line.into_moves();
    }
    Ok(input)
}

/// [`read_move_list`] (loose), the moves given as the line they play (for a batch's case,
/// whose position graph takes the positions as they are), or as read (`Err`) when they
/// are more than `max_plies`: such a line is refused, and is not played.
pub(crate) fn read_played_line(
    fen: &str,
    moves: &[impl AsRef<str>],
    place: &str,
    max_plies: usize,
) -> Result<(Position, Result<PlayedLine, usize>), InputError> {
    let mut stops = Stops::default();
    let (input, played) = read_position_and_line(
        fen,
        FenPlace::Of(place),
        moves,
        place,
        &ReadOptions::default(),
        max_plies,
        &mut stops,
    )?;
    let too_long = stops.too_long;
    let line = match played {
        Some(line) => Ok(line),
        // Beyond the record reader's own limit: its moves past it were not kept.
        None if too_long.is_some() => Err(too_long.unwrap_or_default()),
        // Any other form was read by the record reader: played here unless too long.
        None if input.moves.len() > max_plies => Err(input.moves.len()),
        None => Ok(PlayedLine::replay(&input.start, &input.moves)),
    };
    Ok((input.start, line))
}

/// Where [`read_position_and_line`] stopped short of a line.
#[derive(Default)]
struct Stops {
    /// On a move that cannot be played: what was read before it.
    before: Option<ReadBefore>,
    /// With a limit of plies: the plies of a line longer than the record reader keeps.
    too_long: Option<usize>,
}

/// [`read_position_and_moves`], with the line of the moves when they are plain ICCS (see
/// [`plain_iccs_moves`]; the input then holds no moves, the line has them) and no more
/// than `max_plies`. On a move that cannot be played, `stops.before` gets what was read
/// before it; a line longer than the record reader keeps is told in `stops.too_long` (when
/// `max_plies` is a limit).
fn read_position_and_line(
    fen: &str,
    fen_place: FenPlace<'_>,
    items: &[impl AsRef<str>],
    place: &str,
    options: &ReadOptions,
    max_plies: usize,
    stops: &mut Stops,
) -> Result<(GameInput, Option<PlayedLine>), InputError> {
    let before = &mut stops.before;
    let setup = read_setup(fen.trim(), fen_place)?;
    let mut warnings = Vec::new();
    let start = validate(setup.clone(), fen_place, options, &mut warnings)?;
    // The tokens of the joined text are those of the items one after the other (a space
    // separates tokens): the plain form is read without joining them.
    let tokens = items
        .iter()
        .flat_map(|m| m.as_ref().split_ascii_whitespace());
    if let Some(line) = plain_iccs_moves(&start, tokens, items.len(), max_plies) {
        let input = GameInput {
            start,
            moves: Vec::new(),
            warnings,
        };
        return Ok((input, Some(line)));
    }
    let moves: std::borrow::Cow<str> = match items {
        [one] => one.as_ref().into(),
        _ => {
            let text: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
            text.join(" ").into()
        }
    };
    let moves = &*moves;
    // The moves are read as a move list in a file is: after the FEN line.
    let prefix = format!("{setup}\n");
    let text = format!("{prefix}{moves}");
    let read = record::text::read(&text);
    let column = |offset: Option<u64>| {
        let off = (offset.unwrap_or(0) as usize)
            .saturating_sub(prefix.len())
            .min(moves.len());
        moves.get(..off).map_or(off, |s| s.chars().count()) + 1
    };
    let game_moves: Vec<Move> = read.game.mainline().copied().collect();
    if let Some(e) = read.error.as_ref().filter(|_| max_plies < usize::MAX) {
        if let ErrorKind::TooLong { plies, .. } = e.kind {
            // Told as the caller tells a line too long (its moves are not all kept).
            stops.too_long = Some(plies);
            let input = GameInput {
                start,
                moves: Vec::new(),
                warnings,
            };
            return Ok((input, None));
        }
    }
    if let Some(e) = &read.error {
        let column = column(e.byte_offset);
        let err = move_error(e, place, &start, &game_moves, column);
        if matches!(err, InputError::Move { .. } | InputError::WrongSide { .. }) {
            *before = Some(ReadBefore {
                start,
                moves: game_moves,
                column,
            });
        }
        return Err(err);
    }
    keep_warnings(&read, place, &mut warnings);
    let input = GameInput {
        start,
        moves: game_moves,
        warnings,
    };
    Ok((input, None))
}

/// The line of `items` played from `start` (a position read and validated before) when
/// they are nothing but legal ICCS moves in the plain form, no more than `max_plies` (see
/// [`plain_iccs_moves`]): the moves [`read_move_list`] reads there. `None` for any other
/// items, or none.
pub(crate) fn plain_move_list(
    start: &Position,
    items: &[impl AsRef<str>],
    max_plies: usize,
) -> Option<PlayedLine> {
    let tokens = items
        .iter()
        .flat_map(|m| m.as_ref().split_ascii_whitespace());
    plain_iccs_moves(start, tokens, items.len(), max_plies)
}

/// The line of a text split at ASCII white space into `tokens` when it is nothing but
/// legal ICCS moves in the plain form `h2e2` (the form of engine and server cases), read
/// without the record reader: the same moves the reader finds there, which then has nothing
/// to warn about, each with the position after it (the moves are played to be read).
/// `None` for any other text (the reader then reads it, with its errors), or for more than
/// `max_plies` moves (not played: the positions take memory, and the line is refused).
/// `expected`: how many moves to make room for.
fn plain_iccs_moves<'t>(
    start: &Position,
    tokens: impl IntoIterator<Item = &'t str>,
    expected: usize,
    max_plies: usize,
) -> Option<PlayedLine> {
    let mut line = PlayedLine::new(start.clone(), expected.min(max_plies));
    for token in tokens {
        if line.moves().len() == max_plies {
            return None;
        }
        let b = token.as_bytes();
        let file = |c: u8| (b'a'..=b'i').contains(&c);
        if !(b.len() == 4
            && file(b[0])
            && b[1].is_ascii_digit()
            && file(b[2])
            && b[3].is_ascii_digit())
        {
            return None;
        }
        // The shape is checked: the points are on the board.
        let point = |f: u8, r: u8| Square::from_xy((f - b'a') as i8, (r - b'0') as i8);
        let iccs = Iccs {
            from: point(b[0], b[1])?,
            to: point(b[2], b[3])?,
        };
        let mv = iccs.to_move(line.last()).ok()?;
        line.play(mv);
    }
    (!line.moves().is_empty()).then_some(line)
}

/// The error of a record at `e`, read from `start` with `moves` before it.
fn move_error(
    e: &RecordError,
    place: &str,
    start: &Position,
    moves: &[Move],
    column: usize,
) -> InputError {
    let ply = e.ply.unwrap_or(moves.len() + 1);
    let pos = moves.iter().fold(start.clone(), |mut p, m| {
        p.play_unchecked(m);
        p
    });
    match &e.kind {
        ErrorKind::Move(MoveTextError::WrongSide(w)) => InputError::WrongSide {
            place: place.to_owned(),
            error: w.clone(),
        },
        ErrorKind::Move(m) => InputError::Move {
            place: place.to_owned(),
            move_number: pos.fullmoves(),
            ply,
            column,
            error: m.clone(),
            fen: pos.fen(),
        },
        other => InputError::Record(format!("{place}: column {column}: {other}")),
    }
}

/// The record's warnings worth passing on (the loose placement is found again by
/// [`validate`]).
fn keep_warnings(read: &ReadGame, place: &str, out: &mut Vec<InputWarning>) {
    for w in &read.warnings {
        match &w.kind {
            ErrorKind::OneStyle(style) => out.push(InputWarning::OneStyle {
                place: place.to_owned(),
                style: *style,
            }),
            ErrorKind::Position(_) => {}
            _ => out.push(InputWarning::Record {
                place: place.to_owned(),
                message: w.to_string(),
            }),
        }
    }
}

/// Reads a UCCI `position …` line, or a FEN line followed by moves on the following lines.
pub fn from_text(text: &str) -> Result<GameInput, InputError> {
    read_text(text, "input", &ReadOptions::default())
}

fn read_text(text: &str, place: &str, options: &ReadOptions) -> Result<GameInput, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((first_no, first)) = lines.next() else {
        return Err(InputError::Empty {
            place: place.to_owned(),
        });
    };
    let first = first.trim();
    let first_word = first.split_whitespace().next().unwrap_or("");
    let mut warnings = Vec::new();
    let (start, mut moves) =
        if matches!(first_word, "position" | "startpos" | "fen") && first != "startpos" {
            let ucci_error = |error: UcciLineError| InputError::Ucci {
                place: place.to_owned(),
                line: first_no + 1,
                error,
            };
            let ucci: UcciPosition = first
                .parse()
                .map_err(|e: qili_notation::ucci::UcciError| ucci_error(e.into()))?;
            let line_place = format!("{place}, line {}", first_no + 1);
            let start = validate(ucci.setup.clone(), &line_place, options, &mut warnings)?;
            ucci.replay_from(start).map_err(|e| ucci_error(e.into()))?
        } else {
            let place = format!("{place}, line {}", first_no + 1);
            let setup = read_setup(first, &place)?;
            (validate(setup, &place, options, &mut warnings)?, Vec::new())
        };
    let mut pos = moves.iter().fold(start.clone(), |mut p, m| {
        p.play_unchecked(m);
        p
    });
    for (no, line) in lines {
        for tok in line.split_whitespace() {
            if is_move_number(tok) || record::GameResult::parse(tok).is_some() {
                continue;
            }
            let offset = tok.as_ptr() as usize - line.as_ptr() as usize;
            let mv =
                qili_notation::parse_move(&pos, tok, None).map_err(|error| InputError::Move {
                    place: format!("{place}, line {}", no + 1),
                    move_number: pos.fullmoves(),
                    ply: moves.len() + 1,
                    column: line[..offset].chars().count() + 1,
                    error,
                    fen: pos.fen(),
                })?;
            pos.play_unchecked(&mv);
            moves.push(mv);
        }
    }
    Ok(GameInput {
        start,
        moves,
        warnings,
    })
}

/// Reads game `game` (1-based) of a file with the default [`ReadOptions`].
pub fn from_file(path: &Path, game: usize) -> Result<GameInput, InputError> {
    read_file(path, game, &ReadOptions::default())
}

/// Reads game `game` (1-based) of a file (`-`: standard input): a UCCI `position` line,
/// a ruling case (`*.toml`: its `fen` and `moves`), or any record.
pub fn read_file(path: &Path, game: usize, options: &ReadOptions) -> Result<GameInput, InputError> {
    let stdin = path == Path::new("-");
    let file = if stdin {
        "standard input".to_owned()
    } else {
        path.display().to_string()
    };
    let io_error = |e: std::io::Error| InputError::Io {
        file: file.clone(),
        message: e.to_string(),
    };
    let bytes = if stdin {
        let mut b = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut b)
            .map_err(io_error)?;
        b
    } else {
        // Opened without blocking (a FIFO is refused, not waited on), read from that handle.
        let (mut handle, stamp) = record::open_regular(path).map_err(|e| InputError::Io {
            file: file.clone(),
            message: without_file(&e.to_string(), &file),
        })?;
        let is_toml = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
        if stamp.len > STREAM_FROM && !is_toml && !starts_as_position(&mut handle, &file)? {
            // A large record: read game by game, memory holding one game.
            drop(handle);
            return read_streamed(path, &file, game, options);
        }
        let mut b = Vec::new();
        handle.read_to_end(&mut b).map_err(io_error)?;
        b
    };
    if let Ok(text) = std::str::from_utf8(&bytes) {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let is_toml = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("toml"));
        if let Some(case) = read_case(text, is_toml || stdin) {
            let (fen, moves) = case.map_err(|message| InputError::Io {
                file: file.clone(),
                message,
            })?;
            let moves_place = format!("{file}: moves");
            return read_move_list(&fen, &moves, &moves_place, options);
        }
        let first = text.split_whitespace().next().unwrap_or("");
        if matches!(first, "position" | "startpos" | "fen") {
            return read_text(text, &file, options);
        }
    }
    let name = if stdin { "-" } else { file.as_str() };
    let games = record::read_bytes(&bytes, name).map_err(|e| InputError::Record(e.to_string()))?;
    let count = games.len();
    let read = game
        .checked_sub(1)
        .and_then(|i| games.into_iter().nth(i))
        .ok_or(InputError::NoSuchGame {
            file: file.clone(),
            game,
            count,
        })?;
    from_record(read, &file, game, count, options)
}

/// Record files larger than this are read game by game by [`read_file`] (the game asked
/// for held alone), smaller ones whole.
const STREAM_FROM: u64 = 1 << 20;

/// Whether the file starts as a UCCI/ICCS line (`position`, `startpos`, `fen`): read whole,
/// as a line. Reads the first bytes of `handle`, which is then read from its start again.
fn starts_as_position(handle: &mut std::fs::File, file: &str) -> Result<bool, InputError> {
    use std::io::Seek;
    let mut head = Vec::with_capacity(64);
    let io = |e: std::io::Error| InputError::Io {
        file: file.to_owned(),
        message: e.to_string(),
    };
    handle.take(64).read_to_end(&mut head).map_err(io)?;
    handle.rewind().map_err(io)?;
    let text = String::from_utf8_lossy(&head);
    let first = text
        .trim_start_matches('\u{feff}')
        .split_whitespace()
        .next()
        .unwrap_or("");
    Ok(matches!(first, "position" | "startpos" | "fen"))
}

/// `message` without a leading `file: ` (the error names the file again).
fn without_file(message: &str, file: &str) -> String {
    message
        .strip_prefix(file)
        .and_then(|m| m.strip_prefix(": "))
        .unwrap_or(message)
        .to_owned()
}

/// Game `game` of a large record file, read as a stream (see [`record::stream_file`]).
fn read_streamed(
    path: &Path,
    file: &str,
    game: usize,
    options: &ReadOptions,
) -> Result<GameInput, InputError> {
    let mut games = record::stream_file(path).map_err(|e| InputError::Record(e.to_string()))?;
    let Some(i) = game.checked_sub(1) else {
        let count = games.count();
        return Err(InputError::NoSuchGame {
            file: file.to_owned(),
            game,
            count,
        });
    };
    let mut count = 0;
    for g in games.by_ref() {
        let g = g.map_err(|e| InputError::Record(e.to_string()))?;
        if count == i {
            // Whether there is another game (places name the game when the file has
            // several).
            let more = usize::from(games.next().is_some());
            return from_record(g, file, game, count + 1 + more, options);
        }
        count += 1;
    }
    Err(InputError::NoSuchGame {
        file: file.to_owned(),
        game,
        count,
    })
}

/// The start position and moves of `read`, game `game` of `count` in `file`.
fn from_record(
    read: ReadGame,
    file: &str,
    game: usize,
    count: usize,
    options: &ReadOptions,
) -> Result<GameInput, InputError> {
    let file = file.to_owned();
    let place = if count > 1 {
        format!("{file}: game {game}")
    } else {
        file.clone()
    };
    let mut warnings = Vec::new();
    let start = validate(read.game.setup.clone(), &place, options, &mut warnings)?;
    let moves: Vec<Move> = read.game.mainline().copied().collect();
    if let Some(e) = &read.error {
        let mut place = place.clone();
        if let Some(off) = e.byte_offset {
            place = format!("{place}, byte {off}");
        }
        let err = move_error(e, &place, &start, &moves, 0);
        return Err(match err {
            InputError::Record(_) => InputError::Record(format!("{place}: {}", e.kind)),
            other => other,
        });
    }
    keep_warnings(&read, &place, &mut warnings);
    Ok(GameInput {
        start,
        moves,
        warnings,
    })
}

/// A ruling case's `fen` and `moves` (strings), when `text` is one: `None` when it is not
/// TOML with both keys (and `must` is false, or it is not TOML at all).
#[allow(clippy::type_complexity)]
fn read_case(text: &str, must: bool) -> Option<Result<(String, Vec<String>), String>> {
    if !must {
        return None;
    }
    let value: toml::Table = match text.parse() {
        Ok(v) => v,
        Err(e) => {
            // Standard input may be any record: only a `.toml` file must be TOML.
            return text
                .lines()
                .any(|l| l.trim_start().starts_with("fen ="))
                .then(|| Err(format!("TOML: {e}")));
        }
    };
    let (fen, moves) = (value.get("fen")?, value.get("moves")?);
    let Some(fen) = fen.as_str() else {
        return Some(Err("`fen` is not a string".into()));
    };
    let Some(moves) = moves.as_array() else {
        return Some(Err("`moves` is not an array".into()));
    };
    let mut out = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        match m.as_str() {
            Some(s) => out.push(s.to_owned()),
            None => return Some(Err(format!("`moves`, item {}: not a string", i + 1))),
        }
    }
    Some(Ok((fen.to_owned(), out)))
}

/// A FEN or `startpos`, unchecked.
fn read_setup(fen: &str, place: impl std::fmt::Display) -> Result<Setup, InputError> {
    if fen == "startpos" {
        return Ok(Setup::startpos());
    }
    fen.parse::<Setup>().map_err(|error| InputError::Fen {
        place: place.to_string(),
        error,
    })
}

/// Validates a start position: loosely (each misplaced piece a warning) unless strict.
fn validate(
    setup: Setup,
    place: impl std::fmt::Display,
    options: &ReadOptions,
    warnings: &mut Vec<InputWarning>,
) -> Result<Position, InputError> {
    let placement = if options.strict {
        Placement::Strict
    } else {
        Placement::Loose
    };
    let (pos, misplaced) = Position::from_setup(setup, placement).map_err(|error| {
        let place = place.to_string();
        if error.reasons.iter().all(|r| r.is_loose()) {
            InputError::Strict { place, error }
        } else {
            InputError::Position { place, error }
        }
    })?;
    warnings.extend(
        misplaced
            .into_iter()
            .map(|misplaced| InputWarning::Misplaced {
                place: place.to_string(),
                misplaced,
            }),
    );
    Ok(pos)
}

/// Whether a token is a move number (`1.`, `12...`) rather than a move.
fn is_move_number(tok: &str) -> bool {
    let digits = tok.trim_end_matches('.');
    digits.len() < tok.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(fen: &str, moves: &str) -> Result<GameInput, InputError> {
        read_fen_and_moves(fen, moves, &ReadOptions::default())
    }

    /// The plain ICCS lists read without the record reader give the moves the reader gives;
    /// any other text (numbers, other notations, upper case, dashes, an illegal move) is
    /// left to the reader.
    #[test]
    fn plain_iccs_lists_read_as_the_reader_reads_them() {
        let start = Position::startpos();
        let plain = [
            "h2e2 h9g7 h0g2 i9h9",
            "h2e2\th9g7\n b0c2  b9c7",
            "h2e2 h7e7 e2e6 e7e3",
        ];
        for text in plain {
            let fast =
                plain_iccs_moves(&start, text.split_ascii_whitespace(), 0, usize::MAX).expect(text);
            let setup = Setup::from(&start);
            let read = record::text::read(&format!("{setup}\n{text}"));
            assert!(read.error.is_none() && read.warnings.is_empty(), "{text}");
            let slow: Vec<Move> = read.game.mainline().copied().collect();
            assert_eq!(fast.moves(), slow, "{text}");
            // Each position is the one after its move.
            assert_eq!(fast, PlayedLine::replay(&start, &slow), "{text}");
        }
        for text in [
            "",
            "1. h2e2 h9g7",
            "H2E2",
            "h2-e2",
            "炮二平五",
            "h2e2 h2e2",
            "h2e2 j9g7",
        ] {
            assert_eq!(
                plain_iccs_moves(&start, text.split_ascii_whitespace(), 0, usize::MAX),
                None,
                "{text:?}"
            );
        }
        // The same errors as before through the reader, column included.
        let e = read("startpos", "h2e2 h2e2").unwrap_err();
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
    }

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
                    move_number: 1,
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            e.to_string()
                .starts_with("--moves: move 1 (ply 2), column 6: "),
            "{e}"
        );
        let e = from_fen_and_moves("xyz", "").unwrap_err();
        assert!(matches!(e, InputError::Fen { .. }));
        assert!(e.to_string().starts_with("--fen: "), "{e}");
    }

    #[test]
    fn moves_as_a_score_sheet_writes_them() {
        // Move numbers (spaced or not), a result, comments; as in a file.
        for text in [
            "1. 炮二平五 马８进７ 2. 马二进三",
            "1.炮二平五 马８进７ 2.马二进三 *",
            "炮二平五 马8进7 马二进三 1-0",
            "1. h2e2 h9g7 2. h0g2 {a comment} 红胜",
            "1. 炮二平五 1... 马８进７ 2. 马二进三",
        ] {
            let g = read("startpos", text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(g.moves.len(), 3, "{text}");
            assert!(g.warnings.is_empty(), "{text}");
        }
    }

    #[test]
    fn a_move_in_the_other_sides_numerals_is_an_error() {
        let e = read("startpos", "马８进７").unwrap_err();
        assert!(matches!(
            &e,
            InputError::WrongSide { error, .. }
                if error.move_number == 1 && error.mover == Color::Red
        ));
        assert_eq!(
            e.to_string(),
            "--moves: move 1, Red to move: 马８进７ is written as Black's move"
        );
        let e = read("startpos", "1. 炮二平五 马８进７ 2. 马２进３").unwrap_err();
        assert_eq!(
            e.to_string(),
            "--moves: move 2, Red to move: 马２进３ is written as Black's move"
        );
        let e = read_move_list(
            "startpos",
            &["马8进7"],
            "case.json: moves",
            &ReadOptions::default(),
        )
        .unwrap_err();
        assert!(
            e.to_string().starts_with("case.json: moves: move 1, Red"),
            "{e}"
        );
    }

    #[test]
    fn one_style_for_both_sides_is_read_with_a_warning() {
        let g = read("startpos", "1. 炮2平5 马8进7 2. 马2进3").unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(
            g.warnings,
            [InputWarning::OneStyle {
                place: "--moves".into(),
                style: Color::Black
            }]
        );
        assert!(g.warnings[0].text(Lang::En).contains("Black's numerals"));
        assert!(g.warnings[0].text(Lang::Zh).contains("黑方的数字"));
    }

    #[test]
    fn loose_positions_are_read_with_a_warning_unless_strict() {
        // A red soldier behind its start rank (c1), an elephant off its points (d2), an
        // advisor off its palace (d8), no counters.
        let fen = "3k5/3A5/9/9/9/9/9/3B5/2P6/4K4 w";
        let g = read(fen, "c1c2").unwrap();
        let named: Vec<String> = g.warnings.iter().map(|w| w.text(Lang::En)).collect();
        assert_eq!(named.len(), 3, "{named:?}");
        assert!(
            named[0].starts_with("--fen: Red soldier on c1 stands"),
            "{named:?}"
        );
        assert!(named[1].contains("Red elephant on d2"), "{named:?}");
        assert!(named[2].contains("Red advisor on d8"), "{named:?}");
        assert!(g.warnings[0].text(Lang::Zh).contains("红兵在c1"));
        let strict = ReadOptions { strict: true };
        let e = read_fen_and_moves(fen, "", &strict).unwrap_err();
        let InputError::Strict { error, .. } = &e else {
            panic!("{e}")
        };
        assert_eq!(error.reasons.len(), 3, "{e}");
        assert!(
            e.to_string()
                .starts_with("--fen: loose position: Red soldier on c1"),
            "{e}"
        );
        assert!(e.to_string().ends_with("(refused by --strict)"), "{e}");
        // Beside a move list the FEN is the list's `fen`.
        let g = read_move_list(fen, &["c1c2"], "moves", &ReadOptions::default()).unwrap();
        let named = g.warnings[0].text(Lang::En);
        assert!(
            named.starts_with("moves: fen: Red soldier on c1"),
            "{named}"
        );
        let e = read_move_list(fen, &["c1c2"], "moves", &strict).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("moves: fen: loose position: Red soldier on c1"),
            "{e}"
        );
        let e = read_move_list("xyz", &["c1c2"], "moves", &strict).unwrap_err();
        assert!(e.to_string().starts_with("moves: fen: invalid FEN"), "{e}");
    }

    #[test]
    fn unplayable_positions_list_every_reason() {
        // No black general; two red generals, one outside the palace; a soldier misplaced
        // (loose: not a reason).
        let e = read("9/9/9/9/9/9/9/K8/2P6/4K4 w", "").unwrap_err();
        let InputError::Position { error, .. } = &e else {
            panic!("{e}")
        };
        let text = e.to_string();
        assert!(text.contains("Black has no general"), "{text}");
        assert!(text.contains("Red has 2 generals"), "{text}");
        assert!(text.contains("Red general on a2"), "{text}");
        assert!(!text.contains("soldier"), "{text}");
        assert_eq!(error.reasons.len(), 3, "{text}");
        // Generals facing; the side not to move in check.
        let e = read("4k4/9/9/9/9/9/9/9/9/4K4 w", "").unwrap_err();
        assert!(e.to_string().contains("face each other"), "{e}");
        let e = read("4k4/9/9/9/9/9/9/9/9/3K1r3 b", "").unwrap_err();
        assert!(
            e.to_string().contains("Red is not to move but is in check"),
            "{e}"
        );
        // A general outside its palace stays an error.
        let e = read("3k5/9/9/9/9/9/9/K8/9/9 w", "").unwrap_err();
        assert!(e.to_string().contains("Red general on a2"), "{e}");
    }

    #[test]
    fn text_forms() {
        let g = from_text("position startpos moves h2e2 h9g7\n").unwrap();
        assert_eq!(g.moves.len(), 2);
        let g = from_text("\u{feff}\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nh2e2\nh9g7 b0c2\n").unwrap();
        assert_eq!(g.moves.len(), 3);
        assert!(matches!(from_text("  \n"), Err(InputError::Empty { .. })));
        let e = from_text("startpos\nh2e2\nzz").unwrap_err();
        assert!(
            matches!(
                e,
                InputError::Move {
                    ply: 2,
                    move_number: 1,
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            e.to_string().starts_with("input, line 3: move 1 (ply 2)"),
            "{e}"
        );
        assert!(matches!(
            from_text("position fen"),
            Err(InputError::Ucci {
                line: 1,
                error: UcciLineError::Read(qili_notation::ucci::UcciError {
                    kind: qili_notation::ucci::UcciErrorKind::MissingFen,
                    ..
                }),
                ..
            })
        ));
        // An illegal move of a UCCI line: the ply, the move and the position handed back.
        match from_text("position startpos moves h2e2 a9a5") {
            Err(InputError::Ucci {
                line: 1,
                error:
                    UcciLineError::Replay(qili_notation::Error::IllegalMove { ply, mv, position }),
                ..
            }) => {
                assert_eq!((ply, mv.to_string()), (2, "a9a5".to_owned()));
                let mut after = Position::startpos();
                after.play_unchecked(&"h2e2".parse::<Iccs>().unwrap().to_move(&after).unwrap());
                assert_eq!(*position, after);
            }
            other => panic!("{other:?}"),
        }
        // A UCCI line from a loose position: read, with the warning.
        let g = from_text("position fen 3k5/9/9/9/9/9/9/9/2P6/4K4 w moves c1c2\n").unwrap();
        assert_eq!(g.moves.len(), 1);
        assert!(g.warnings[0]
            .text(Lang::En)
            .starts_with("input, line 1: Red soldier on c1"));
    }
}
