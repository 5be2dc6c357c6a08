//! Building a [`Game`] from reader events: tags, moves (as text or as squares), comments,
//! NAGs and variations. Every reader feeds one of these, so move resolution, variation
//! handling and error places work the same for all formats.

use super::{ErrorKind, Game, GameResult, Node, ReadGame, RecordError};
use crate::chinese::{numeral_side, NumeralCheck, NumeralVerdict, WrongSide};
use crate::movetext::{parse_move, MoveTextError, Notation};
use crate::{Iccs, Move, Placement, Position, PositionError, Setup, Square};

/// The main line's first allocation, in moves.
const MAIN_LINE_CAPACITY: usize = 128;

/// The most moves of one game a reader keeps, by default: in the main line (a longer game
/// fails with an error of kind `limit` at the first move past it, the rest of its moves
/// skipped as they are read, so that memory is bounded before the whole game is held), and
/// in all its variations together (past it, a variation is cut with a warning). As the
/// longest game the audit judges (100,000 plies).
pub const MAX_MOVES: usize = 100_000;

/// One line being read: the main line or a variation.
struct Frame {
    line: Vec<Node>,
    /// The position after the last move of `line` (`None` once the line is dead).
    pos: Option<Position>,
    /// The position before the last move of `line`.
    before_last: Option<Position>,
    /// Plies from the start position to the start of this line.
    base_ply: usize,
    /// Comments waiting for the next move of this line.
    pending: Vec<String>,
}

impl Frame {
    /// A line starting at `pos` (`None`: a dead line, whose moves are not read).
    fn new(pos: Option<Position>, base_ply: usize) -> Frame {
        Frame {
            line: Vec::new(),
            pos,
            before_last: None,
            base_ply,
            pending: Vec::new(),
        }
    }
}

/// Builds one game from reader events.
pub(crate) struct GameBuilder {
    index: usize,
    game: Game,
    /// The notation the record declares (`[Format "WXF"]`).
    hint: Option<Notation>,
    /// The notation found in the first move text.
    detected: Option<Notation>,
    /// The lines being read, the main line first; empty until the first move (or a
    /// failure) starts the game.
    frames: Vec<Frame>,
    error: Option<RecordError>,
    warnings: Vec<RecordError>,
    /// The numerals of the main line's Chinese moves, and where the first move in the
    /// other side's numerals is.
    numerals: NumeralCheck,
    wrong_side_offset: Option<u64>,
    /// The most moves kept in the main line, and in the variations together.
    max_moves: usize,
    /// The moves kept in variations.
    variation_moves: usize,
    /// Variations were cut at `max_moves` (and the warning given).
    variations_cut: bool,
    /// The main line was cut at `max_moves`: the moves of it seen since (counted, not kept).
    main_excess: Option<usize>,
}

impl GameBuilder {
    /// A builder for game `index` of a file, from the standard start position.
    pub(crate) fn new(index: usize) -> GameBuilder {
        GameBuilder {
            index,
            game: Game::default(),
            hint: None,
            detected: None,
            frames: Vec::new(),
            error: None,
            warnings: Vec::new(),
            numerals: NumeralCheck::default(),
            wrong_side_offset: None,
            max_moves: MAX_MOVES,
            variation_moves: 0,
            variations_cut: false,
            main_excess: None,
        }
    }

    /// Sets the most moves kept (see [`MAX_MOVES`]).
    pub(crate) fn set_max_moves(&mut self, max: usize) {
        self.max_moves = max;
    }

    /// Sets the start position.
    pub(crate) fn set_setup(&mut self, setup: Setup) {
        self.game.setup = setup;
    }

    /// Adds a tag; `FEN` sets the start position and `Format` the notation.
    pub(crate) fn tag(&mut self, name: &str, value: &str, offset: u64) {
        self.game.tags.push((name.to_owned(), value.to_owned()));
        if name.eq_ignore_ascii_case("FEN") && !self.frames.is_empty() {
            // The moves already read were played from the start position they had: a
            // start position given after them cannot apply to them.
            self.warn(
                ErrorKind::Format("a FEN after the first move is ignored".into()),
                offset,
            );
        } else if name.eq_ignore_ascii_case("FEN") && !value.trim().is_empty() {
            let setup = if value == crate::STARTPOS_FEN {
                Ok(super::startpos())
            } else {
                value.parse::<Setup>()
            };
            match setup {
                Ok(s) => self.game.setup = s,
                Err(e) => {
                    self.game.setup = Setup::empty();
                    self.fail(RecordError::new(self.index, ErrorKind::Fen(e)).at_offset(offset));
                }
            }
        } else if name.eq_ignore_ascii_case("Format") {
            self.hint = notation_from_tag(value);
        } else if name.eq_ignore_ascii_case("Variant")
            && value.trim().eq_ignore_ascii_case("xiangqi")
            && self.hint.is_none()
        {
            // WinBoard/XBoard writes its Xiangqi games so, in its SAN.
            self.hint = Some(Notation::WinBoard);
        }
    }

    /// Sets the result.
    pub(crate) fn result(&mut self, result: GameResult) {
        self.game.result = Some(result);
    }

    /// Sets the result stated by a record field at `offset`, and its `Result` tag.
    pub(crate) fn tagged_result(&mut self, result: GameResult, offset: u64) {
        self.tag("Result", result.pgn(), offset);
        self.result(result);
    }

    /// A game of which nothing can be read, for `error`.
    pub(crate) fn failed(error: RecordError) -> ReadGame {
        let mut b = GameBuilder::new(error.game);
        b.fail(error);
        b.finish()
    }

    /// Records a problem that ends the reading of the main line.
    pub(crate) fn fail(&mut self, error: RecordError) {
        if self.error.is_none() {
            self.error = Some(error);
        }
        for f in &mut self.frames {
            f.pos = None;
        }
        if self.frames.is_empty() {
            self.frames.push(Frame::new(None, 0));
        }
    }

    /// Records a problem that loses nothing of the moves (a bad tag, a skipped comment).
    pub(crate) fn warn(&mut self, kind: ErrorKind, offset: u64) {
        self.warnings
            .push(RecordError::new(self.index, kind).at_offset(offset));
    }

    /// Records a syntax problem at `offset`: in a variation it ends that variation, in the
    /// main line it ends the game's moves.
    pub(crate) fn syntax_error(&mut self, kind: ErrorKind, offset: u64) {
        let err = RecordError::new(self.index, kind).at_offset(offset);
        if self.frames.len() > 1 {
            self.warnings.push(err);
            if let Some(f) = self.frames.last_mut() {
                f.pos = None;
            }
        } else {
            self.fail(err);
        }
    }

    fn start(&mut self, offset: u64) {
        if !self.frames.is_empty() {
            return;
        }
        // Positions drawn loosely (a piece on a point it can never reach) are read, each
        // such piece a warning; callers that want them refused check the setup strictly.
        match Position::from_setup(self.game.setup.clone(), Placement::Loose) {
            Ok((pos, misplaced)) => {
                for m in misplaced {
                    let reasons = vec![crate::PositionErrorKind::ImpossibleSquare {
                        piece: m.piece,
                        square: m.square,
                    }];
                    let e = PositionError::new(reasons, self.game.setup.clone());
                    self.warn(ErrorKind::Position(e), offset);
                }
                self.frames.push(Frame::new(Some(pos), 0));
            }
            Err(e) => {
                self.frames.push(Frame::new(None, 0));
                self.fail(RecordError::new(self.index, ErrorKind::Position(e)).at_offset(offset));
            }
        }
    }

    /// Resolves and plays a move written as text at byte `offset`.
    pub(crate) fn move_text(&mut self, text: &str, offset: u64) {
        self.start(offset);
        self.count_excess();
        let Some(pos) = self.frames.last().and_then(|f| f.pos.as_ref()) else {
            return;
        };
        let mut resolved = resolve_text(self.hint, &mut self.detected, pos, text);
        if self.frames.len() == 1 {
            let ply = self.frames[0].line.len() + 1;
            match &resolved {
                Ok(_) if self.hint.or(self.detected) == Some(Notation::Chinese) => {
                    let wrong = self.numerals.note(pos, ply, text);
                    if wrong && self.wrong_side_offset.is_none() {
                        self.wrong_side_offset = Some(offset);
                    }
                }
                Err(MoveTextError::Illegal { .. }) => {
                    if let Some(w) = self.other_sides_move(pos, ply, text) {
                        resolved = Err(MoveTextError::WrongSide(w));
                    }
                }
                _ => {}
            }
        }
        self.play(resolved.map_err(ErrorKind::Move), offset);
    }

    /// A main-line move `text`, illegal for the side to move in `pos`, that looks like the
    /// other side's move (one skipped or written twice before it): it is written in the
    /// other side's numerals (in a record not written in those numerals for both sides),
    /// or it is legal for the other side.
    fn other_sides_move(&self, pos: &Position, ply: usize, text: &str) -> Option<WrongSide> {
        let mover = pos.turn();
        let by_numerals =
            numeral_side(text) == Some(!mover) && !self.numerals.one_style_so_far(!mover);
        let by_legality = || {
            let other = pos.passed();
            let hint = self.hint.or(self.detected);
            hint.is_some_and(|n| parse_move(&other, text, Some(n)).is_ok())
                || parse_move(&other, text, None).is_ok()
        };
        (by_numerals || by_legality()).then(|| WrongSide {
            move_number: pos.fullmoves(),
            ply,
            mover,
            text: text.trim().to_owned(),
        })
    }

    /// Plays a move given by its squares at byte `offset`.
    /// Counts a main-line move past the move limit (not kept: only the game's length is
    /// told).
    fn count_excess(&mut self) {
        if self.frames.len() == 1 {
            if let Some(n) = self.main_excess.as_mut() {
                *n += 1;
            }
        }
    }

    pub(crate) fn move_squares(&mut self, from: Square, to: Square, offset: u64) {
        self.start(offset);
        self.count_excess();
        let Some(pos) = self.frames.last().and_then(|f| f.pos.as_ref()) else {
            return;
        };
        let iccs = Iccs { from, to };
        let resolved = iccs.to_move(pos).map_err(|_| {
            ErrorKind::Move(MoveTextError::Illegal {
                text: iccs.to_string(),
                reason: None,
            })
        });
        self.play(resolved, offset);
    }

    /// A move that cannot even be decoded (e.g. a point off the board in a binary record).
    pub(crate) fn bad_move(&mut self, kind: ErrorKind, offset: u64) {
        self.start(offset);
        if self.frames.last().and_then(|f| f.pos.as_ref()).is_some() {
            self.play(Err(kind), offset);
        }
    }

    fn play(&mut self, resolved: Result<Move, ErrorKind>, offset: u64) {
        let depth = self.frames.len();
        let frame = self.frames.last_mut().expect("started");
        if depth == 1 && frame.line.capacity() == 0 {
            // Room for most games' main line at once (nodes are large to copy as it grows).
            frame.line.reserve(MAIN_LINE_CAPACITY);
        }
        let ply = frame.base_ply + frame.line.len() + 1;
        let full = if depth == 1 {
            frame.line.len() >= self.max_moves
        } else {
            self.variation_moves >= self.max_moves
        };
        if full && resolved.is_ok() {
            let kind = if depth == 1 {
                // Completed with the game's length when it ends (see `finish`).
                ErrorKind::TooLong {
                    plies: ply,
                    max: self.max_moves,
                }
            } else {
                ErrorKind::Limit(format!(
                    "more than {} moves in the variations of one game: the rest of them is not read",
                    self.max_moves
                ))
            };
            let err = RecordError::new(self.index, kind)
                .at_ply(ply)
                .at_offset(offset);
            frame.pos = None;
            if depth == 1 {
                self.main_excess = Some(1);
                self.fail(err);
            } else if !self.variations_cut {
                // Once: every later variation is cut as well, and said so here.
                self.variations_cut = true;
                self.warnings.push(err);
            }
            return;
        }
        match resolved {
            Ok(mv) => {
                if depth > 1 {
                    self.variation_moves += 1;
                }
                // In place: the position is kept as the one before the move, then played.
                let pos = frame.pos.as_mut().expect("live frame");
                match &mut frame.before_last {
                    Some(before) => before.clone_from(pos),
                    None => frame.before_last = Some(pos.clone()),
                }
                pos.play_unchecked(&mv);
                let mut node = Node::new(mv);
                node.comments_before = std::mem::take(&mut frame.pending);
                frame.line.push(node);
            }
            Err(e) => {
                let err = RecordError::new(self.index, e)
                    .at_ply(ply)
                    .at_offset(offset);
                frame.pos = None;
                if depth == 1 {
                    self.fail(err);
                } else {
                    self.warnings.push(err);
                }
            }
        }
    }

    /// A comment: after the last move of the current line, or before the first one.
    /// Comments in a line that stopped at a bad move are dropped with the moves.
    pub(crate) fn comment(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let depth = self.frames.len();
        let Some(f) = self.frames.last_mut() else {
            self.game.comments.push(text.to_owned());
            return;
        };
        if f.pos.is_none() {
            return;
        }
        if let Some(n) = f.line.last_mut() {
            n.comments_after.push(text.to_owned());
        } else if depth == 1 {
            self.game.comments.push(text.to_owned());
        } else {
            f.pending.push(text.to_owned());
        }
    }

    /// A numeric annotation glyph for the last move.
    pub(crate) fn nag(&mut self, nag: u16) {
        if let Some(f) = self.frames.last_mut() {
            if f.pos.is_some() {
                if let Some(n) = f.line.last_mut() {
                    n.nags.push(nag);
                }
            }
        }
    }

    /// Starts an alternative to the last move of the current line.
    pub(crate) fn begin_variation(&mut self, offset: u64) {
        self.start(offset);
        let parent = self.frames.last().expect("started");
        let base_ply = (parent.base_ply + parent.line.len()).saturating_sub(1);
        let start = match (&parent.pos, &parent.before_last) {
            (Some(_), Some(before)) => Some(before.clone()),
            _ => None,
        };
        self.frames.push(Frame::new(start, base_ply));
    }

    /// Ends the current variation. Returns false when no variation is open.
    pub(crate) fn end_variation(&mut self) -> bool {
        if self.frames.len() < 2 {
            return false;
        }
        let done = self.frames.pop().expect("two frames");
        if !done.line.is_empty() {
            let parent = self.frames.last_mut().expect("one frame");
            if let Some(n) = parent.line.last_mut() {
                n.variations.push(done.line);
            }
        }
        true
    }

    /// The finished game (open variations are closed). A main line that uses the usual
    /// numerals of the Chinese notation ends before its first move in the other side's
    /// numerals, with that error; one written in one style for both sides gets a warning.
    pub(crate) fn finish(mut self) -> ReadGame {
        while self.end_variation() {}
        if let (Some(excess), Some(e)) = (self.main_excess, self.error.as_mut()) {
            if let ErrorKind::TooLong { plies, max } = &mut e.kind {
                *plies = *max + excess;
            }
        }
        if let Some(mut root) = self.frames.pop() {
            let offset = self.wrong_side_offset.unwrap_or(0);
            match self.numerals.verdict() {
                NumeralVerdict::Usual => {}
                NumeralVerdict::OneStyle(style) => self.warn(ErrorKind::OneStyle(style), offset),
                NumeralVerdict::WrongSide(e) => {
                    root.line.truncate(e.ply - 1);
                    let ply = e.ply;
                    self.error = Some(
                        RecordError::new(self.index, ErrorKind::Move(MoveTextError::WrongSide(e)))
                            .at_ply(ply)
                            .at_offset(offset),
                    );
                }
            }
            self.game.moves = root.line;
            // A short game gives back what it did not use of the first reservation.
            if self.game.moves.capacity() > 2 * self.game.moves.len() {
                self.game.moves.shrink_to_fit();
            }
        }
        ReadGame {
            game: self.game,
            error: self.error,
            warnings: self.warnings,
        }
    }
}

/// The notation named by a `Format` tag.
pub(crate) fn notation_from_tag(value: &str) -> Option<Notation> {
    let v = value.trim().to_ascii_lowercase();
    match v.as_str() {
        "iccs" | "ucci" | "uci" => Some(Notation::Iccs),
        "wxf" => Some(Notation::Wxf),
        "chinese" | "chn" | "zh" => Some(Notation::Chinese),
        "winboard" | "xboard" | "san" => Some(Notation::WinBoard),
        _ => None,
    }
}

/// Resolves a move text: with the declared or detected notation first, then any notation;
/// the first move of a game without declared notation fixes the detected one.
fn resolve_text(
    hint: Option<Notation>,
    detected: &mut Option<Notation>,
    pos: &Position,
    text: &str,
) -> Result<Move, MoveTextError> {
    if let Some(hint) = hint.or(*detected) {
        return match parse_move(pos, text, Some(hint)) {
            Ok(m) => Ok(m),
            Err(first) => match parse_move(pos, text, None) {
                Ok(m) => Ok(m),
                Err(any) => Err(match first {
                    MoveTextError::Syntax { .. } => any,
                    _ => first,
                }),
            },
        };
    }
    for n in Notation::TRY_ORDER {
        if let Ok(m) = parse_move(pos, text, Some(n)) {
            *detected = Some(n);
            return Ok(m);
        }
    }
    parse_move(pos, text, None)
}
