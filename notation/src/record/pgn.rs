//! PGN as used for Xiangqi: tags (`FEN`, `Format` …), move text in any notation, move
//! numbers, comments `{…}` and `; …`, NAGs `$n` and `!`/`?`, nested variations `( … )`,
//! results `1-0 0-1 1/2-1/2 *`, many games per file.
//!
//! The reader streams: it reads UTF-8 (decode first, see [`crate::encoding`]) through a
//! fixed buffer and calls a [`Visitor`] for each syntactic element, in time linear in the
//! input. Nothing recurses, and [`PgnLimits`] bound the nesting depth, the length of one
//! comment, tag or token; crossing a limit is reported as an error of kind `limit` and the
//! excess is skipped without being stored.
//!
//! ```
//! use qili_notation::record::pgn;
//! let text = "[Event \"x\"]\n[Format \"ICCS\"]\n1. h2e2 h9g7 (1... b9c7) 2. h0g2 1-0\n";
//! let games: Vec<_> = pgn::Games::new(text.as_bytes()).collect::<Result<_, _>>()?;
//! assert_eq!(games[0].game.moves.len(), 3);
//! assert_eq!(games[0].game.moves[1].variations.len(), 1);
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{self, Read};

use super::builder::GameBuilder;
use super::{ErrorKind, GameResult, ReadGame};
use crate::{encoding, Setup};

/// Bounds that keep hostile input from exhausting memory.
#[derive(Debug, Clone, Copy)]
pub struct PgnLimits {
    /// Deepest nesting of variations kept (deeper ones are skipped with an error).
    pub max_depth: usize,
    /// Longest comment kept, in bytes.
    pub max_comment: usize,
    /// Longest tag line, in bytes.
    pub max_tag: usize,
    /// Longest move token, in bytes.
    pub max_token: usize,
    /// Most moves kept of one game, in its main line (a longer game fails, of kind
    /// `limit`, at the first move past it) and in its variations together (past it, they
    /// are cut with a warning): memory is bounded as the game is read, before it is held
    /// whole.
    pub max_moves: usize,
}

impl Default for PgnLimits {
    fn default() -> PgnLimits {
        PgnLimits {
            max_depth: 64,
            max_comment: 1 << 20,
            max_tag: 64 << 10,
            max_token: 256,
            max_moves: super::builder::MAX_MOVES,
        }
    }
}

/// Receives the elements of a game, in order.
pub trait Visitor {
    /// What a game becomes.
    type Output;
    /// A game starts; `index` counts games in the stream from 0.
    fn begin_game(&mut self, index: usize);
    /// A tag pair; `offset` is the byte offset of its `[`.
    fn tag(&mut self, _name: &str, _value: &str, _offset: u64) {}
    /// The tag section ended (the move text follows).
    fn end_tags(&mut self) {}
    /// A move, as written (move numbers and `!`/`?` suffixes removed).
    fn move_text(&mut self, _text: &str, _offset: u64) {}
    /// A numeric annotation glyph for the previous move.
    fn nag(&mut self, _nag: u16) {}
    /// A comment (`{…}` or `; …`), without its delimiters.
    fn comment(&mut self, _text: &str, _offset: u64) {}
    /// `(`: an alternative to the previous move starts.
    fn begin_variation(&mut self, _offset: u64) {}
    /// `)`: the alternative ends.
    fn end_variation(&mut self) {}
    /// The result token.
    fn result(&mut self, _result: GameResult) {}
    /// A syntax problem or a crossed limit, at `offset`.
    fn error(&mut self, _kind: ErrorKind, _offset: u64) {}
    /// The start position cannot be known (a `[FEN]` tag beyond the tag limit); by default
    /// reported as [`Visitor::error`].
    fn start_unknown(&mut self, kind: ErrorKind, offset: u64) {
        self.error(kind, offset);
    }
    /// A tag line that is not `[Name "value"]`; by default reported as a syntax error.
    fn bad_tag(&mut self, line: &str, offset: u64) {
        self.error(ErrorKind::Syntax(bad_tag_message(line)), offset);
    }
    /// The game ends.
    fn end_game(&mut self) -> Self::Output;
}

const BUF: usize = 64 * 1024;

/// A streaming PGN reader over UTF-8 input.
pub struct Reader<R> {
    inner: R,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    /// Offset of `buf[0]` in the stream.
    base: u64,
    eof: bool,
    /// The byte before `buf[0]` in the stream (a newline at the start).
    before_buf: u8,
    /// The whole input, when it is held in memory (then `buf` is unused).
    text: Option<String>,
    next_index: usize,
    limits: PgnLimits,
    /// Scratch buffer for tokens, comments and tags.
    scratch: Vec<u8>,
}

impl Reader<io::Empty> {
    /// A reader over the whole of `text`, held in memory as it is (not copied).
    pub(crate) fn whole(text: String) -> Reader<io::Empty> {
        Reader {
            end: text.len(),
            text: Some(text),
            eof: true,
            ..Reader::with_buffer(io::empty(), Vec::new(), PgnLimits::default())
        }
    }
}

impl<R: Read> Reader<R> {
    /// A reader with default [`PgnLimits`].
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_limits(inner, PgnLimits::default())
    }

    /// A reader with the given limits.
    pub fn with_limits(inner: R, limits: PgnLimits) -> Reader<R> {
        Reader::with_buffer(inner, vec![0; BUF], limits)
    }

    fn with_buffer(inner: R, buf: Vec<u8>, limits: PgnLimits) -> Reader<R> {
        Reader {
            inner,
            buf,
            pos: 0,
            end: 0,
            base: 0,
            eof: false,
            before_buf: b'\n',
            text: None,
            next_index: 0,
            limits,
            scratch: Vec::new(),
        }
    }

    fn fill(&mut self) -> io::Result<bool> {
        if self.pos < self.end {
            return Ok(true);
        }
        if self.eof {
            return Ok(false);
        }
        self.base += self.end as u64;
        if let Some(&last) = self.buf[..self.end].last() {
            self.before_buf = last;
        }
        self.pos = 0;
        self.end = 0;
        let n = encoding::read_retrying(&mut self.inner, &mut self.buf)?;
        self.end = n;
        self.eof = n == 0;
        Ok(n > 0)
    }

    /// The buffered input.
    #[inline]
    fn data(&self) -> &[u8] {
        match &self.text {
            Some(text) => text.as_bytes(),
            None => &self.buf,
        }
    }

    /// The buffered input at `span` as text: taken from the text held in memory (the
    /// span's ends are at ASCII delimiters, so on character boundaries), else decoded.
    fn text_at(&self, span: std::ops::Range<usize>) -> std::borrow::Cow<'_, str> {
        match self.text.as_ref().and_then(|t| t.get(span.clone())) {
            Some(s) => s.into(),
            None => lossy(&self.data()[span]),
        }
    }

    #[inline]
    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos < self.end {
            return Ok(Some(self.data()[self.pos]));
        }
        Ok(if self.fill()? {
            Some(self.data()[self.pos])
        } else {
            None
        })
    }

    #[inline]
    fn bump(&mut self) {
        self.pos += 1;
    }

    #[inline]
    fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    fn skip_ws(&mut self) -> io::Result<()> {
        while let Some(b) = self.peek()? {
            if b.is_ascii_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
        Ok(())
    }

    /// Consumes up to and including the next line end (`\n`, or `\r` alone as old Mac
    /// files end lines; the `\n` of a `\r\n` is then a blank line).
    fn skip_line(&mut self) -> io::Result<()> {
        while let Some(b) = self.peek()? {
            self.bump();
            if is_line_end(b) {
                break;
            }
        }
        Ok(())
    }

    /// As [`Reader::read_line`], without copying when the line is whole in the buffer: its
    /// span there (`None`: it is in `scratch`), and whether it was cut.
    fn line_span(&mut self, max: usize) -> io::Result<(Option<std::ops::Range<usize>>, bool)> {
        let Some(end) = self.span_to(max, is_line_end) else {
            return Ok((None, self.read_line(max)?));
        };
        let start = self.pos;
        // Past the newline, when there is one.
        self.pos = (end + 1).min(self.end);
        let line = &self.data()[start..end];
        let len = line.len() - usize::from(line.last() == Some(&b'\r'));
        Ok((Some(start..start + len), false))
    }

    /// Reads the rest of the line into `scratch` (without the newline), keeping at most
    /// `max` bytes; returns whether it was cut.
    fn read_line(&mut self, max: usize) -> io::Result<bool> {
        self.scratch.clear();
        let mut cut = false;
        while let Some(b) = self.peek()? {
            self.bump();
            if is_line_end(b) {
                break;
            }
            if self.scratch.len() < max {
                self.scratch.push(b);
            } else {
                cut = true;
            }
        }
        if self.scratch.last() == Some(&b'\r') {
            self.scratch.pop();
        }
        Ok(cut)
    }

    /// Reads the next game; `None` at the end of the stream.
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
        self.skip_ws()?;
        if self.peek()?.is_none() {
            return Ok(None);
        }
        let index = self.next_index;
        self.next_index += 1;
        v.begin_game(index);
        let mut in_tags = true;
        let mut depth = 0usize; // open variations passed to the visitor
        let mut skipped = 0usize; // open variations beyond the depth limit
        let mut last_open = 0u64;
        loop {
            self.skip_ws()?;
            let Some(b) = self.peek()? else { break };
            let at = self.offset();
            match b {
                b'[' => {
                    if !in_tags {
                        break; // the next game's tags
                    }
                    self.bump();
                    self.tag(v, at)?;
                    continue;
                }
                b'%' if self.at_line_start() => {
                    self.skip_line()?;
                    continue;
                }
                _ => {}
            }
            if in_tags {
                in_tags = false;
                v.end_tags();
            }
            match b {
                b'{' => {
                    self.bump();
                    self.brace_comment(v, at, skipped > 0)?;
                }
                b';' => {
                    self.bump();
                    let (span, cut) = self.line_span(self.limits.max_comment)?;
                    if cut {
                        v.error(limit("comment", self.limits.max_comment), at);
                    } else if skipped == 0 {
                        let text = match span {
                            Some(span) => self.text_at(span),
                            None => lossy(&self.scratch),
                        };
                        v.comment(&text, at);
                    }
                }
                b'(' => {
                    self.bump();
                    if skipped > 0 || depth >= self.limits.max_depth {
                        if skipped == 0 {
                            v.error(
                                ErrorKind::Limit(format!(
                                    "variations nested deeper than {}",
                                    self.limits.max_depth
                                )),
                                at,
                            );
                        }
                        skipped += 1;
                    } else {
                        depth += 1;
                        last_open = at;
                        v.begin_variation(at);
                    }
                }
                b')' => {
                    self.bump();
                    if skipped > 0 {
                        skipped -= 1;
                    } else if depth > 0 {
                        depth -= 1;
                        v.end_variation();
                    } else {
                        v.error(
                            ErrorKind::Syntax("unbalanced ')': no variation is open".into()),
                            at,
                        );
                    }
                }
                b'}' => {
                    self.bump();
                    v.error(
                        ErrorKind::Syntax("unbalanced '}': no comment is open".into()),
                        at,
                    );
                }
                b'$' => {
                    self.bump();
                    self.token()?;
                    match std::str::from_utf8(&self.scratch)
                        .ok()
                        .and_then(|s| s.parse().ok())
                    {
                        Some(n) if skipped == 0 => v.nag(n),
                        Some(_) => {}
                        None => {
                            v.error(ErrorKind::Syntax("'$' not followed by a number".into()), at)
                        }
                    }
                }
                _ => {
                    let (span, cut) = self.token_span()?;
                    if cut {
                        v.error(limit("token", self.limits.max_token), at);
                        continue;
                    }
                    if skipped > 0 {
                        continue;
                    }
                    let token = match span {
                        Some(span) => self.text_at(span),
                        None => lossy(&self.scratch),
                    };
                    if word(v, &token, at, depth == 0) {
                        // A result ends the game; what follows up to the next tag is not part
                        // of any game (e.g. a footer line).
                        self.skip_to_tags()?;
                        break;
                    }
                }
            }
        }
        if in_tags {
            v.end_tags();
        }
        if depth > 0 || skipped > 0 {
            v.error(
                ErrorKind::Syntax("unclosed variation '('".into()),
                last_open,
            );
        }
        Ok(Some(v.end_game()))
    }

    fn at_line_start(&self) -> bool {
        let before = match self.pos {
            0 => self.before_buf,
            p => self.data()[p - 1],
        };
        is_line_end(before)
    }

    /// Skips the rest of the result's line up to a `[` on it (the next game's tags, when a
    /// whole file is written on one line), then lines until one starting with `[` (or the
    /// end).
    fn skip_to_tags(&mut self) -> io::Result<()> {
        while let Some(b) = self.peek()? {
            if b == b'[' {
                return Ok(());
            }
            self.bump();
            if is_line_end(b) {
                break;
            }
        }
        loop {
            while let Some(b) = self.peek()? {
                if b == b' ' || b == b'\t' || b == b'\r' {
                    self.bump();
                } else {
                    break;
                }
            }
            match self.peek()? {
                None | Some(b'[') => return Ok(()),
                Some(_) => self.skip_line()?,
            }
        }
    }

    /// The position of the first byte from here matching `stop` (or of the end of the
    /// input, when that comes first), when it is in the buffer at most `max` bytes away;
    /// `None` otherwise (the caller then reads byte by byte, through [`Reader::peek`]).
    #[inline]
    fn span_to(&self, max: usize, stop: impl Fn(u8) -> bool) -> Option<usize> {
        let avail = &self.data()[self.pos..self.end];
        let n = match avail.iter().position(|&b| stop(b)) {
            Some(n) => n,
            None if self.eof => avail.len(),
            None => return None,
        };
        (n <= max).then_some(self.pos + n)
    }

    /// As [`Reader::token`], without copying when the token is whole in the buffer:
    /// its span there (`None`: it is in `scratch`), and whether it was cut at the limit.
    fn token_span(&mut self) -> io::Result<(Option<std::ops::Range<usize>>, bool)> {
        // (A closure: passed as a function item, `ends_token` was called, not inlined.)
        #[allow(clippy::redundant_closure)]
        if let Some(end) = self.span_to(self.limits.max_token, |b| ends_token(b)) {
            let start = self.pos;
            self.pos = end;
            return Ok((Some(start..end), false));
        }
        Ok((None, self.token()?))
    }

    /// Reads a token up to whitespace or a delimiter into `scratch`; returns whether it
    /// was cut at the limit.
    fn token(&mut self) -> io::Result<bool> {
        self.scratch.clear();
        let mut cut = false;
        while let Some(b) = self.peek()? {
            if ends_token(b) {
                break;
            }
            self.bump();
            if self.scratch.len() < self.limits.max_token {
                self.scratch.push(b);
            } else {
                cut = true;
            }
        }
        Ok(cut)
    }

    /// A `{…}` comment (the `{` is consumed).
    fn brace_comment<V: Visitor>(&mut self, v: &mut V, at: u64, skip: bool) -> io::Result<()> {
        if let Some(end) = self.span_to(self.limits.max_comment, |b| b == b'}') {
            if end < self.end {
                // The whole comment and its '}' are in the buffer.
                let start = self.pos;
                self.pos = end + 1;
                if !skip {
                    v.comment(&self.text_at(start..end), at);
                }
                return Ok(());
            }
        }
        self.scratch.clear();
        let mut cut = false;
        loop {
            let Some(b) = self.peek()? else {
                v.error(
                    ErrorKind::Syntax("unclosed comment: '{' without '}'".into()),
                    at,
                );
                return Ok(());
            };
            self.bump();
            if b == b'}' {
                break;
            }
            if self.scratch.len() < self.limits.max_comment {
                self.scratch.push(b);
            } else {
                cut = true;
            }
        }
        if cut {
            v.error(limit("comment", self.limits.max_comment), at);
        } else if !skip {
            v.comment(&String::from_utf8_lossy(&self.scratch), at);
        }
        Ok(())
    }

    /// The text of a tag after its `[`, up to and including the `]` that closes its
    /// quoted value (what follows on the line — another tag, moves — is read next), or up
    /// to the end of the line when it does not close: its span in the buffer (`None`: it
    /// is in `scratch`), and whether it was cut at `max` bytes.
    fn tag_span(&mut self, max: usize) -> io::Result<(Option<std::ops::Range<usize>>, bool)> {
        let mut scan = TagScan::default();
        let avail = &self.data()[self.pos..self.end];
        let mut stop = None;
        for (i, &b) in avail.iter().enumerate().take(max.saturating_add(1)) {
            match scan.step(b) {
                TagStep::More => {}
                TagStep::Closed if i < max => {
                    stop = Some((i + 1, i + 1));
                    break;
                }
                TagStep::LineEnd => {
                    stop = Some((i, i));
                    break;
                }
                TagStep::Closed => break,
            }
        }
        if stop.is_none() && self.eof && avail.len() <= max {
            stop = Some((avail.len(), avail.len()));
        }
        if let Some((len, consumed)) = stop {
            let start = self.pos;
            self.pos += consumed;
            return Ok((Some(start..start + len), false));
        }
        // Byte by byte, through the buffer's refills.
        let mut scan = TagScan::default();
        self.scratch.clear();
        let mut cut = false;
        while let Some(b) = self.peek()? {
            let step = scan.step(b);
            if step == TagStep::LineEnd {
                break;
            }
            self.bump();
            if self.scratch.len() < max {
                self.scratch.push(b);
            } else {
                cut = true;
            }
            if step == TagStep::Closed {
                break;
            }
        }
        Ok((None, cut))
    }

    /// A tag (the `[` is consumed).
    fn tag<V: Visitor>(&mut self, v: &mut V, at: u64) -> io::Result<()> {
        let (span, cut) = self.tag_span(self.limits.max_tag)?;
        if cut {
            // The kept head of the line (in `scratch`) names the tag. Without its [FEN] tag
            // the game's start position is unknown: its moves cannot be read.
            let name_end = self
                .scratch
                .iter()
                .position(|b| b.is_ascii_whitespace() || *b == b'"')
                .unwrap_or(self.scratch.len());
            if self.scratch[..name_end].eq_ignore_ascii_case(b"FEN") {
                let kind = ErrorKind::Limit(format!(
                    "[FEN] tag longer than {} bytes: the start position is unknown",
                    self.limits.max_tag
                ));
                v.start_unknown(kind, at);
            } else {
                v.error(limit("tag", self.limits.max_tag), at);
            }
            return Ok(());
        }
        let line = match span {
            Some(span) => self.text_at(span),
            None => lossy(&self.scratch),
        };
        match parse_tag(&line) {
            Some((name, value)) => v.tag(name, &value, at),
            None => v.bad_tag(&line, at),
        }
        Ok(())
    }
}

/// A word of move text: a move number, a result or a move. Returns true for a result
/// in the main line.
fn word<V: Visitor>(v: &mut V, token: &str, at: u64, main: bool) -> bool {
    // Full-width spaces and the like split words too (they are the only whitespace a token
    // can hold: U+000B, or in UTF-8 led by 0xC2, 0xE1, 0xE2 or 0xE3).
    if !token
        .bytes()
        .any(|b| matches!(b, 0x0B | 0xC2 | 0xE1 | 0xE2 | 0xE3))
    {
        return part(v, token, at, main);
    }
    let mut off = 0usize;
    for p in token.split(char::is_whitespace) {
        let part_at = at + off as u64;
        off += p.len() + 1;
        if part(v, p, part_at, main) {
            return true;
        }
    }
    false
}

/// One whitespace-free part of a word (see [`word`]).
fn part<V: Visitor>(v: &mut V, part: &str, at: u64, main: bool) -> bool {
    if part.is_empty() {
        return false;
    }
    if let Some(r) = movetext_result(part) {
        if main {
            v.result(r);
            return true;
        }
        return false;
    }
    let (skip, rest) = strip_move_number(part);
    if rest.is_empty() {
        return false;
    }
    let (mv, nag) = strip_glyphs(rest);
    if mv.is_empty() {
        if let Some(n) = nag {
            v.nag(n);
        }
        return false;
    }
    v.move_text(mv, at + skip as u64);
    if let Some(n) = nag {
        v.nag(n);
    }
    false
}

fn bad_tag_message(line: &str) -> String {
    format!("bad tag [{}: expected [Name \"value\"]", line.trim_end())
}

fn limit(what: &str, max: usize) -> ErrorKind {
    ErrorKind::Limit(format!("{what} longer than {max} bytes"))
}

/// `Name "value"]` → (name, value); lenient about quotes inside the value.
fn parse_tag(line: &str) -> Option<(&str, std::borrow::Cow<'_, str>)> {
    let line = line.trim();
    let close = line.rfind(']')?;
    let inner = line[..close].trim();
    let name_end = inner.find(|c: char| c.is_whitespace() || c == '"')?;
    let name = &inner[..name_end];
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    {
        return None;
    }
    let rest = inner[name_end..].trim();
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    if !value.contains('\\') {
        return Some((name, value.into()));
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.clone().next() {
                Some(n @ ('"' | '\\')) => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    Some((name, out.into()))
}

/// Whether `b` ends a line: `\n`, or `\r` (a `\r\n` then leaves a blank line).
#[inline]
fn is_line_end(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// Where a tag ends: at the `]` after the closing quote of its value (spaces between
/// allowed), so that another tag or the moves may follow on the same line; a quote inside
/// the value that is not followed by `]` is part of it (lenient, as [`parse_tag`]), and a
/// backslash escapes the next byte. A tag without a quoted value ends at its first `]`;
/// a tag never runs past the end of its line.
#[derive(Debug, Default)]
struct TagScan {
    state: TagState,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum TagState {
    /// Before the value's opening quote.
    #[default]
    Name,
    /// In the value.
    Value,
    /// After a backslash in the value.
    Escape,
    /// After a quote in the value (and spaces after it): a `]` closes the tag.
    Quote,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TagStep {
    /// The byte belongs to the tag; more follows.
    More,
    /// The byte is the tag's closing `]`.
    Closed,
    /// The byte ends the line (not part of the tag).
    LineEnd,
}

impl TagScan {
    fn step(&mut self, b: u8) -> TagStep {
        if is_line_end(b) {
            return TagStep::LineEnd;
        }
        use TagState::*;
        self.state = match (self.state, b) {
            (Name, b']') => return TagStep::Closed,
            (Name, b'"') => Value,
            (Name, _) => Name,
            (Value | Quote, b'\\') => Escape,
            (Value | Quote, b'"') => Quote,
            (Quote, b']') => return TagStep::Closed,
            (Quote, b' ' | b'\t') => Quote,
            (Value | Escape | Quote, _) => Value,
        };
        TagStep::More
    }
}

/// Whether `b` ends a token of move text.
#[inline]
fn ends_token(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b'$')
}

/// `bytes` as text: borrowed when valid UTF-8 (always, for decoded input), else with
/// replacement characters.
fn lossy(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.into(),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// A result token in move text.
fn movetext_result(word: &str) -> Option<GameResult> {
    match word {
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "红胜" | "紅勝" | "黑胜" | "黑勝" | "和棋" => {
            GameResult::parse(word)
        }
        _ => None,
    }
}

/// Removes a leading move number (`12.`, `12...`, `１２．`); returns bytes removed and rest.
fn strip_move_number(word: &str) -> (usize, &str) {
    // Neither a digit nor a dot first (full-width digits and '．' start with 0xEF, '…'
    // with 0xE2, '、' with 0xE3): nothing to strip.
    if !matches!(
        word.as_bytes().first(),
        Some(b'0'..=b'9' | b'.' | 0xE2 | 0xE3 | 0xEF)
    ) {
        return (0, word);
    }
    if word.is_ascii() {
        // As below, with ASCII digits and dots only.
        let b = word.as_bytes();
        let d = b.iter().take_while(|c| c.is_ascii_digit()).count();
        if d == b.len() {
            return (d, "");
        }
        let dots = b[d..].iter().take_while(|&&c| c == b'.').count();
        let skip = if dots == 0 && d > 0 { 0 } else { d + dots };
        return (skip, &word[skip..]);
    }
    let digits = word.find(|c: char| !(c.is_ascii_digit() || ('０'..='９').contains(&c)));
    let Some(d) = digits else {
        return (word.len(), ""); // a bare number
    };
    let rest = &word[d..];
    let dots = rest.len() - rest.trim_start_matches(['.', '．', '…', '、']).len();
    if dots == 0 && d > 0 {
        return (0, word); // digits that are part of a move (ICCS never starts with one)
    }
    let skip = d + dots;
    (skip, &word[skip..])
}

/// Removes trailing `!`/`?` glyphs; returns the move and the NAG they stand for.
fn strip_glyphs(word: &str) -> (&str, Option<u16>) {
    let mv = word.trim_end_matches(['!', '?']);
    let nag = match &word[mv.len()..] {
        "" => None,
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    };
    (mv, nag)
}

/// Builds [`ReadGame`]s.
pub struct GameVisitor {
    builder: Option<GameBuilder>,
    setup: Option<Setup>,
    max_moves: usize,
}

impl GameVisitor {
    /// A new visitor.
    pub fn new() -> GameVisitor {
        GameVisitor {
            builder: None,
            setup: None,
            max_moves: super::builder::MAX_MOVES,
        }
    }

    /// A visitor whose games start from `setup` unless they have a `FEN` tag.
    pub fn with_setup(setup: Setup) -> GameVisitor {
        GameVisitor {
            builder: None,
            setup: Some(setup),
            max_moves: super::builder::MAX_MOVES,
        }
    }

    fn b(&mut self) -> &mut GameBuilder {
        self.builder.get_or_insert_with(|| GameBuilder::new(0))
    }
}

impl Default for GameVisitor {
    fn default() -> GameVisitor {
        GameVisitor::new()
    }
}

impl Visitor for GameVisitor {
    type Output = ReadGame;
    fn begin_game(&mut self, index: usize) {
        let mut b = GameBuilder::new(index);
        b.set_max_moves(self.max_moves);
        if let Some(s) = &self.setup {
            b.set_setup(s.clone());
        }
        self.builder = Some(b);
    }
    fn tag(&mut self, name: &str, value: &str, offset: u64) {
        self.b().tag(name, value, offset);
    }
    fn move_text(&mut self, text: &str, offset: u64) {
        self.b().move_text(text, offset);
    }
    fn nag(&mut self, nag: u16) {
        self.b().nag(nag);
    }
    fn comment(&mut self, text: &str, _offset: u64) {
        self.b().comment(text);
    }
    fn begin_variation(&mut self, offset: u64) {
        self.b().begin_variation(offset);
    }
    fn end_variation(&mut self) {
        self.b().end_variation();
    }
    fn result(&mut self, result: GameResult) {
        self.b().result(result);
    }
    fn error(&mut self, kind: ErrorKind, offset: u64) {
        match kind {
            // What crossed a limit is skipped; the moves around it are still read.
            ErrorKind::Limit(_) => self.b().warn(kind, offset),
            _ => self.b().syntax_error(kind, offset),
        }
    }
    fn start_unknown(&mut self, kind: ErrorKind, offset: u64) {
        // No move can be read from an unknown start.
        self.b().syntax_error(kind, offset);
    }
    fn bad_tag(&mut self, line: &str, offset: u64) {
        let kind = ErrorKind::Syntax(bad_tag_message(line));
        // A broken FEN tag leaves the start position unknown; other tags lose only
        // themselves.
        if line
            .trim_start()
            .get(..3)
            .is_some_and(|t| t.eq_ignore_ascii_case("FEN"))
        {
            self.b().syntax_error(kind, offset);
        } else {
            self.b().warn(kind, offset);
        }
    }
    fn end_game(&mut self) -> ReadGame {
        self.builder
            .take()
            .unwrap_or_else(|| GameBuilder::new(0))
            .finish()
    }
}

/// The first game of a UTF-8 text, from `setup` unless it has a `FEN` tag; an empty game
/// when the text holds none.
pub(crate) fn read_one(text: &str, setup: Option<Setup>) -> ReadGame {
    let mut visitor = GameVisitor {
        builder: None,
        setup,
        max_moves: super::builder::MAX_MOVES,
    };
    match Reader::new(text.as_bytes()).read_game(&mut visitor) {
        Ok(Some(g)) => g,
        _ => GameBuilder::new(0).finish(),
    }
}

/// The games of a UTF-8 PGN stream, one by one.
pub struct Games<R> {
    reader: Reader<R>,
    visitor: GameVisitor,
}

impl Games<io::Empty> {
    /// Reads the whole of `text`, held in memory.
    pub(crate) fn whole(text: String) -> Games<io::Empty> {
        Games {
            reader: Reader::whole(text),
            visitor: GameVisitor::new(),
        }
    }
}

impl<R: Read> Games<R> {
    /// Reads `inner` (UTF-8).
    pub fn new(inner: R) -> Games<R> {
        Games {
            reader: Reader::new(inner),
            visitor: GameVisitor::new(),
        }
    }

    /// Reads `inner` with the given limits.
    pub fn with_limits(inner: R, limits: PgnLimits) -> Games<R> {
        Games {
            reader: Reader::with_limits(inner, limits),
            visitor: GameVisitor {
                max_moves: limits.max_moves,
                ..GameVisitor::new()
            },
        }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = io::Result<ReadGame>;
    fn next(&mut self) -> Option<io::Result<ReadGame>> {
        self.reader.read_game(&mut self.visitor).transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_lenient() {
        assert_eq!(
            parse_tag("Event \"a \\\"b\\\"\"]"),
            Some(("Event", "a \"b\"".into()))
        );
        assert_eq!(parse_tag("Red \"x\"y\"]"), Some(("Red", "x\"y".into())));
        assert_eq!(parse_tag("Red x]"), None);
        assert_eq!(parse_tag("Red \"x\""), None);
    }

    /// The bytes `word` looks for cover every whitespace character but ASCII's.
    #[test]
    fn whitespace_leads() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if c.is_whitespace() && !c.is_ascii_whitespace() {
                let mut buf = [0; 4];
                let lead = c.encode_utf8(&mut buf).as_bytes()[0];
                assert!(matches!(lead, 0x0B | 0xC2 | 0xE1 | 0xE2 | 0xE3), "{c:?}");
            }
        }
    }

    #[test]
    fn move_numbers_and_glyphs() {
        assert_eq!(strip_move_number("12."), (3, ""));
        assert_eq!(strip_move_number("12...h2e2"), (5, "h2e2"));
        assert_eq!(strip_move_number("h2e2"), (0, "h2e2"));
        assert_eq!(strip_move_number("１．炮二平五"), (6, "炮二平五"));
        assert_eq!(strip_move_number("…h2e2"), (3, "h2e2"));
        assert_eq!(strip_move_number("、炮二平五"), (3, "炮二平五"));
        assert_eq!(strip_move_number("．炮二平五"), (3, "炮二平五"));
        assert_eq!(strip_move_number("炮二平五"), (0, "炮二平五"));
        for w in [
            "1", "12.", "3...", "12..h2e2", ".h2e2", "..", "1h2", "12a.", "7.１",
        ] {
            let slow = {
                let d = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
                let dots = w[d..].len() - w[d..].trim_start_matches('.').len();
                match (d == w.len(), dots == 0 && d > 0) {
                    (true, _) => (w.len(), ""),
                    (_, true) => (0, w),
                    _ => (d + dots, &w[d + dots..]),
                }
            };
            assert_eq!(strip_move_number(w), slow, "{w}");
        }
        assert_eq!(strip_move_number(""), (0, ""));
        assert_eq!(strip_glyphs("h2e2!?"), ("h2e2", Some(5)));
        assert_eq!(strip_glyphs("C2.5"), ("C2.5", None));
    }
}
