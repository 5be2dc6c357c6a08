//! Batch judging for servers and test suites: JSON Lines in, JSON Lines out.
//!
//! Each input line is a case `{"id": …, "fen": "…", "moves": ["h2e2", …], "rules": "axf",
//! "repetitions": 3}` (`rules` and `repetitions` optional; `fen` may be `startpos`; moves in
//! ICCS or any notation [`qili_notation::parse_move`] reads). Each output line answers one
//! case, with its `id` first, exactly as given:
//! - [`Detail::Verdict`] (the default): the verdict line of the case — the ruling,
//!   every cycle with both conducts and the articles, the natural limit;
//! - [`Detail::Explain`]: the whole judge object — also the labelled moves with their
//!   evidence and the explanations in Chinese and English.
//!
//! A line that cannot be judged gives `{"schema_version": …, "id": …, "line": N, "error": "…"}`
//! (the `id` when it could be read) and the batch goes on. Output is in input order; blank
//! lines are skipped.
//!
//! Answers are written as soon as they are ruled and flushed whenever the input has no
//! further line ready, so a server can keep one process and ask case after case.
//! [`BatchOptions::jobs`] judges several cases at once and still answers in input order.
//!
//! ```
//! use qili_analyzer::{judge_cases, BatchOptions};
//! use qili_analyzer::Settings;
//!
//! let input = r#"{"id": 1, "fen": "startpos", "moves": ["h0g2", "h9g7", "g2h0", "g7h9"]}
//! {"id": "bad", "fen": "startpos", "moves": ["e0e5"]}
//! "#;
//! let mut out = Vec::new();
//! let summary = judge_cases(input.as_bytes(), &mut out, &Settings::default(), &BatchOptions::default())?;
//! assert_eq!((summary.judged, summary.errors), (1, 1));
//! let lines: Vec<serde_json::Value> = String::from_utf8(out)?
//!     .lines()
//!     .map(|l| serde_json::from_str(l).unwrap())
//!     .collect();
//! assert_eq!(lines[0]["id"], 1);
//! assert_eq!(lines[0]["plies"], 4);
//! assert_eq!(lines[0]["ruling"]["result"], "none");
//! assert_eq!(lines[1]["id"], "bad");
//! assert_eq!(lines[1]["line"], 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use qili_notation::Position;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::graph::{PlayedLine, PositionGraph};
use crate::judge::judge_legal_in;
use crate::label::Scope;
use crate::report::batch_lines::{blank, Lines};
use crate::report::render::{write_case_answer, SCHEMA_VERSION, VERDICT_SCHEMA_VERSION};
use crate::rules::{RuleSet, Settings};

/// One input line.
#[derive(Debug, Clone, Deserialize)]
pub struct Case {
    /// Any JSON value identifying the case, kept as its text: it is echoed exactly as given
    /// (an integer beyond 2^53 stays that integer).
    #[serde(default)]
    pub id: Option<Box<RawValue>>,
    /// The start position (FEN or `startpos`).
    pub fen: String,
    /// The moves.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `cxa` or `axf` (default: the batch's settings).
    #[serde(default)]
    pub rules: Option<String>,
    /// The occurrence count at which a ruling is in force (default: the batch's settings).
    #[serde(default)]
    pub repetitions: Option<u32>,
}

/// A [`Case`] as the batch reads it: its texts borrowed from the line unless they hold
/// escapes (the same fields, defaults and errors).
#[derive(Deserialize)]
struct CaseLine<'a> {
    #[serde(default, borrow)]
    id: Option<&'a RawValue>,
    #[serde(borrow)]
    fen: Cow<'a, str>,
    #[serde(default, borrow, deserialize_with = "move_texts")]
    moves: Vec<Text<'a>>,
    #[serde(default, borrow)]
    rules: Option<Cow<'a, str>>,
    #[serde(default)]
    repetitions: Option<u32>,
}

/// A string of a case line, borrowed unless it holds escapes.
#[derive(Deserialize)]
#[serde(transparent)]
struct Text<'a>(#[serde(borrow)] Cow<'a, str>);

impl AsRef<str> for Text<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// Room reserved for a case's moves at once: most cases play fewer, and the list is then
/// not grown (and copied) two or three times from serde's small start, which the JSON
/// reader cannot size for it.
const MOVES_RESERVED: usize = 16;

/// Reads a case's moves as serde reads a `Vec` (the same errors: "expected a sequence"),
/// into a list with room for [`MOVES_RESERVED`] moves from the start.
fn move_texts<'de: 'a, 'a, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Text<'a>>, D::Error> {
    struct Moves<'a>(std::marker::PhantomData<Text<'a>>);
    impl<'de: 'a, 'a> serde::de::Visitor<'de> for Moves<'a> {
        type Value = Vec<Text<'a>>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a sequence")
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut moves = Vec::with_capacity(MOVES_RESERVED);
            while let Some(m) = seq.next_element()? {
                moves.push(m);
            }
            Ok(moves)
        }
    }
    deserializer.deserialize_seq(Moves(std::marker::PhantomData))
}

/// What each answer carries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Detail {
    /// The ruling, the cycles with both conducts and the articles (schema
    /// [`VERDICT_SCHEMA_VERSION`]).
    #[default]
    Verdict,
    /// Also the labels with their evidence and both explanations (schema
    /// [`SCHEMA_VERSION`]).
    Explain,
}

/// How a batch is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchOptions {
    /// What each answer carries.
    pub detail: Detail,
    /// Cases judged at once (1: one after the other on the calling thread).
    pub jobs: usize,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            detail: Detail::Verdict,
            jobs: 1,
        }
    }
}

impl Detail {
    /// The schema version of the answers with this detail ([`SCHEMA_VERSION`] with
    /// [`Detail::Explain`], else [`VERDICT_SCHEMA_VERSION`]).
    pub const fn schema_version(self) -> u32 {
        match self {
            Detail::Explain => SCHEMA_VERSION,
            Detail::Verdict => VERDICT_SCHEMA_VERSION,
        }
    }
}

/// One output line for a case that could not be judged.
#[derive(Debug, Clone, Serialize)]
pub struct CaseErrorJson<'a> {
    /// The schema version of the batch's answers ([`SCHEMA_VERSION`] with
    /// [`Detail::Explain`], else [`VERDICT_SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// The case's `id`, when the line could be read that far.
    pub id: &'a RawValue,
    /// The 1-based line number in the input.
    pub line: usize,
    /// What is wrong.
    pub error: String,
}

/// What a batch did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BatchSummary {
    /// Cases judged.
    pub judged: usize,
    /// Lines that gave an error object.
    pub errors: usize,
}

/// What a batch keeps from one case to the next on a thread: room, and the last start
/// position read.
#[derive(Default)]
struct Room {
    /// The position graph the cases are judged in, one after the other (emptied for each).
    graph: PositionGraph,
    /// The last start position read, with its text as the case gave it: the cases of a
    /// game asked one after the other share it, and it is then not read again.
    start: Option<(String, Position)>,
}

/// Why a case cannot be judged; its message is the `error` of the answer.
#[derive(Debug, thiserror::Error)]
enum CaseError {
    /// `rules` names no rule set.
    #[error("rules: {0}")]
    Rules(crate::ParseRuleSetError),
    /// `repetitions` below 2.
    #[error("repetitions: {0} (at least 2)")]
    Repetitions(u32),
    /// The position or a move cannot be read.
    #[error(transparent)]
    Input(#[from] crate::input::InputError),
    /// More plies than a line is judged up to.
    #[error("moves: {plies} plies: longer than the {max} plies a line is judged up to (limit)")]
    TooLong {
        /// The plies given.
        plies: usize,
        /// The bound.
        max: usize,
    },
}

/// Reads the case on one line and prepares it: settings, and the line of its legal moves
/// played from its start position. The start position `room` remembers (given by the same
/// text) is not read again when the moves are plain ICCS; anything else is read in full,
/// with its errors.
fn prepare(
    case: &CaseLine<'_>,
    defaults: &Settings,
    room: &mut Room,
) -> Result<(Settings, PlayedLine), CaseError> {
    let mut settings = defaults.clone();
    if let Some(r) = &case.rules {
        settings.rules = r.parse::<RuleSet>().map_err(CaseError::Rules)?;
    }
    if let Some(n) = case.repetitions {
        if n < 2 {
            return Err(CaseError::Repetitions(n));
        }
        settings.repetitions = n;
    }
    // The audit's bound per game: judging takes memory in proportion to the plies.
    let max_plies = crate::input::MAX_PLIES;
    let known = room.start.as_ref().filter(|(fen, _)| *fen == *case.fen);
    let plain =
        known.and_then(|(_, start)| crate::input::plain_move_list(start, &case.moves, max_plies));
    let line = match plain {
        Some(line) => line,
        None => {
            // Moves as people write them, `startpos` or a FEN, a loose position read (as
            // `judge`).
            let (start, read) =
                crate::input::read_played_line(&case.fen, &case.moves, "moves", max_plies)?;
            let line = read.map_err(|plies| CaseError::TooLong {
                plies,
                max: max_plies,
            })?;
            room.start = Some((case.fen.to_string(), start));
            line
        }
    };
    Ok((settings, line))
}

/// [`answer_line`], and a panic while judging (a defect: the judge is fuzzed against it)
/// answered by an error line, so that the batch goes on. `room`: what the batch keeps
/// from case to case on this thread.
fn answer_guarded(
    line: &[u8],
    line_no: usize,
    defaults: &Settings,
    detail: Detail,
    out: &mut Vec<u8>,
    room: &mut Room,
) -> io::Result<bool> {
    guarded(line_no, detail, out, room, |out, room| {
        answer_line_in(line, line_no, defaults, detail, out, room)
    })
}

/// Runs `answer`, a panic in it answered by an error line.
fn guarded(
    line_no: usize,
    detail: Detail,
    out: &mut Vec<u8>,
    room: &mut Room,
    answer: impl FnOnce(&mut Vec<u8>, &mut Room) -> io::Result<bool>,
) -> io::Result<bool> {
    let start = out.len();
    let answered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        answer(&mut *out, &mut *room)
    }));
    match answered {
        Ok(r) => r,
        Err(_) => {
            // Nothing is kept of a case that stopped half way.
            *room = Room::default();
            out.truncate(start);
            let error = "internal error: the judge stopped on this case (please report it)";
            answer_error(None, line_no, error.into(), detail, out)?;
            Ok(false)
        }
    }
}

/// Answers the case on input line `line_no` (1-based), appending one output line (with its
/// newline) to `out`. Returns whether the case was judged (`false`: an error object).
pub fn answer_line(
    line: &[u8],
    line_no: usize,
    defaults: &Settings,
    detail: Detail,
    out: &mut Vec<u8>,
) -> io::Result<bool> {
    answer_line_in(line, line_no, defaults, detail, out, &mut Room::default())
}

/// Answers a case given as values (a server's request, read and checked already), exactly
/// as [`judge_cases`] answers the same case on input line `line_no`: one output line (with
/// its newline) appended to `out`, the case's `id` first; a panic while judging answered by
/// an error line. Returns whether the case was judged (`false`: an error object).
pub fn answer_case(
    case: &Case,
    line_no: usize,
    defaults: &Settings,
    detail: Detail,
    out: &mut Vec<u8>,
) -> io::Result<bool> {
    let read = CaseLine {
        id: case.id.as_deref(),
        fen: Cow::Borrowed(&case.fen),
        moves: case
            .moves
            .iter()
            .map(|m| Text(Cow::Borrowed(m.as_str())))
            .collect(),
        rules: case.rules.as_deref().map(Cow::Borrowed),
        repetitions: case.repetitions,
    };
    guarded(line_no, detail, out, &mut Room::default(), |out, room| {
        answer_read(&read, line_no, defaults, detail, out, room)
    })
}

/// Appends the error line of a case that could not be read (its `id` when known) to `out`,
/// with its newline, as [`judge_cases`] answers such a case on input line `line_no`.
pub fn answer_error(
    id: Option<&RawValue>,
    line_no: usize,
    error: String,
    detail: Detail,
    out: &mut Vec<u8>,
) -> io::Result<()> {
    let json = CaseErrorJson {
        schema_version: detail.schema_version(),
        id: id.unwrap_or(RawValue::NULL),
        line: line_no,
        error,
    };
    serde_json::to_writer(&mut *out, &json)?;
    out.push(b'\n');
    Ok(())
}

/// [`answer_line`], with what the batch keeps from case to case in `room`.
fn answer_line_in(
    line: &[u8],
    line_no: usize,
    defaults: &Settings,
    detail: Detail,
    out: &mut Vec<u8>,
    room: &mut Room,
) -> io::Result<bool> {
    // A line of UTF-8 (every line but a broken one) is read as text: its strings are then
    // not checked for UTF-8 one by one. Any other line is read as bytes, for its error.
    let case: Result<CaseLine, serde_json::Error> = match std::str::from_utf8(line) {
        Ok(text) => serde_json::from_str(text),
        Err(_) => serde_json::from_slice(line),
    };
    match case {
        Ok(case) => answer_read(&case, line_no, defaults, detail, out, room),
        Err(error) => {
            // Recover the id from a line that is a JSON object but fails later.
            let fields = serde_json::from_slice::<HashMap<String, Box<RawValue>>>(line).ok();
            let id = fields.as_ref().and_then(|f| f.get("id"));
            answer_error(id.map(|v| &**v), line_no, error.to_string(), detail, out)?;
            Ok(false)
        }
    }
}

/// Answers a case read: its line (with its newline) appended to `out`. Returns whether the
/// case was judged (`false`: an error object).
fn answer_read(
    case: &CaseLine<'_>,
    line_no: usize,
    defaults: &Settings,
    detail: Detail,
    out: &mut Vec<u8>,
    room: &mut Room,
) -> io::Result<bool> {
    match prepare(case, defaults, room) {
        Ok((settings, line)) => {
            // The moves were read legal in turn: judged as `judge` and `judge_verdict` judge
            // them, without testing each move's legality again.
            let scope = match detail {
                Detail::Explain => Scope::Full,
                Detail::Verdict => Scope::Verdict,
            };
            let j = judge_legal_in(&mut room.graph, line, &settings, scope);
            write_case_answer(&j, case.id.unwrap_or(RawValue::NULL), detail, out)?;
            out.push(b'\n');
            Ok(true)
        }
        Err(error) => {
            answer_error(case.id, line_no, error.to_string(), detail, out)?;
            Ok(false)
        }
    }
}

/// Judges every case of `input` (JSON Lines), writing one line per case to `out`, in input
/// order. Only I/O errors stop the batch.
pub fn judge_cases<R: BufRead + Send, W: Write>(
    input: R,
    out: W,
    defaults: &Settings,
    options: &BatchOptions,
) -> io::Result<BatchSummary> {
    judge_cases_timed(input, out, None, defaults, options)
}

/// The time one answer took: reading the case, judging it and writing its line.
fn timing_line(timings: &mut dyn Write, line_no: usize, took: Duration) -> io::Result<()> {
    writeln!(timings, "{line_no}\t{:.1}", took.as_secs_f64() * 1e6)
}

/// Like [`judge_cases`], and when `timings` is given, writes there one line per case, in
/// input order: the input line number and the microseconds the answer took (reading,
/// judging and writing the case; wall-clock time on the thread that judged it), separated
/// by a tab.
pub fn judge_cases_timed<R: BufRead + Send, W: Write>(
    input: R,
    mut out: W,
    mut timings: Option<&mut dyn Write>,
    defaults: &Settings,
    options: &BatchOptions,
) -> io::Result<BatchSummary> {
    if options.jobs > 1 {
        return judge_cases_parallel(input, out, timings, defaults, options);
    }
    let mut summary = BatchSummary::default();
    let mut lines = Lines::new(input);
    let mut line = Vec::new();
    let mut answer = Vec::new();
    let mut room = Room::default();
    while lines.next(&mut line, || out.flush())? {
        if blank(&line) {
            continue;
        }
        answer.clear();
        let t0 = Instant::now();
        if answer_guarded(
            &line,
            lines.number,
            defaults,
            options.detail,
            &mut answer,
            &mut room,
        )? {
            summary.judged += 1;
        } else {
            summary.errors += 1;
        }
        if let Some(t) = timings.as_deref_mut() {
            timing_line(t, lines.number, t0.elapsed())?;
        }
        out.write_all(&answer)?;
    }
    out.flush()?;
    Ok(summary)
}

/// What the reader and the workers tell the writer.
enum Message {
    /// The answer to the `seq`-th case (0-based, blank lines not counted).
    Answer {
        seq: usize,
        bytes: Vec<u8>,
        judged: bool,
        line_no: usize,
        took: Duration,
    },
    /// Flush once the answers to the first `seq` cases are written (the reader waits for input).
    FlushAfter(usize),
}

fn judge_cases_parallel<R: BufRead + Send, W: Write>(
    input: R,
    mut out: W,
    timings: Option<&mut dyn Write>,
    defaults: &Settings,
    options: &BatchOptions,
) -> io::Result<BatchSummary> {
    let jobs = options.jobs;
    let detail = options.detail;
    // Cases read but not yet written, at most: bounds memory when one case is slow.
    let window = jobs * 64;
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, usize, Vec<u8>)>(jobs * 4);
    let job_rx = Mutex::new(job_rx);
    let (msg_tx, msg_rx) = mpsc::channel::<Message>();
    let (slot_tx, slot_rx) = mpsc::sync_channel::<()>(window);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let msg_tx = msg_tx.clone();
            let job_rx = &job_rx;
            s.spawn(move || {
                let mut room = Room::default();
                loop {
                    let job = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((seq, line_no, line)) = job else {
                        return;
                    };
                    let mut bytes = Vec::new();
                    let t0 = Instant::now();
                    let judged = match answer_guarded(
                        &line, line_no, defaults, detail, &mut bytes, &mut room,
                    ) {
                        Ok(j) => j,
                        Err(_) => return,
                    };
                    let took = t0.elapsed();
                    let answer = Message::Answer {
                        seq,
                        bytes,
                        judged,
                        line_no,
                        took,
                    };
                    if msg_tx.send(answer).is_err() {
                        return;
                    }
                }
            });
        }
        let reader = s.spawn(move || -> io::Result<()> {
            let mut lines = Lines::new(input);
            let mut seq = 0;
            loop {
                let mut line = Vec::new();
                let more = lines.next(&mut line, || {
                    // The writer may be gone (an output error): then stop quietly.
                    let _ = msg_tx.send(Message::FlushAfter(seq));
                    Ok(())
                })?;
                if !more {
                    return Ok(());
                }
                if blank(&line) {
                    continue;
                }
                if slot_tx.send(()).is_err() || job_tx.send((seq, lines.number, line)).is_err() {
                    return Ok(());
                }
                seq += 1;
            }
        });
        let written = write_in_order(&mut out, timings, msg_rx, slot_rx);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the case reader stopped unexpectedly")));
        let summary = written?;
        read?;
        out.flush()?;
        Ok(summary)
    })
}

/// Writes the answers in case order as they come, flushing when the reader waits for input.
fn write_in_order<W: Write>(
    out: &mut W,
    mut timings: Option<&mut dyn Write>,
    messages: mpsc::Receiver<Message>,
    slots: mpsc::Receiver<()>,
) -> io::Result<BatchSummary> {
    let mut summary = BatchSummary::default();
    let mut pending: BTreeMap<usize, (Vec<u8>, bool, usize, Duration)> = BTreeMap::new();
    let mut next = 0;
    // Flush points in the order the reader reached them.
    let mut flush_after: VecDeque<usize> = VecDeque::new();
    for message in messages {
        match message {
            Message::Answer {
                seq,
                bytes,
                judged,
                line_no,
                took,
            } => {
                pending.insert(seq, (bytes, judged, line_no, took));
            }
            Message::FlushAfter(seq) => flush_after.push_back(seq),
        }
        while let Some((bytes, judged, line_no, took)) = pending.remove(&next) {
            if let Some(t) = timings.as_deref_mut() {
                timing_line(t, line_no, took)?;
            }
            out.write_all(&bytes)?;
            if judged {
                summary.judged += 1;
            } else {
                summary.errors += 1;
            }
            next += 1;
            let _ = slots.recv();
            if flush_after.front() == Some(&next) {
                flush_after.pop_front();
                out.flush()?;
            }
        }
        let mut flush = false;
        while flush_after.front().is_some_and(|&f| next >= f) {
            flush_after.pop_front();
            flush = true;
        }
        if flush {
            out.flush()?;
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Input that arrives in chunks, as from a pipe: one chunk per read.
    struct Chunks(Vec<&'static [u8]>, usize);

    impl io::Read for Chunks {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some(c) = self.0.first_mut() else {
                return Ok(0);
            };
            let n = c.len().min(buf.len());
            buf[..n].copy_from_slice(&c[..n]);
            *c = &c[n..];
            if c.is_empty() {
                self.0.remove(0);
            }
            self.1 += 1;
            Ok(n)
        }
    }

    /// Output that records how many lines were written at each flush.
    #[derive(Default)]
    struct Flushes {
        written: Vec<u8>,
        at_flush: Vec<usize>,
    }

    impl Write for &mut Flushes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.written.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            let lines = self.written.iter().filter(|&&b| b == b'\n').count();
            if self.at_flush.last() != Some(&lines) {
                self.at_flush.push(lines);
            }
            Ok(())
        }
    }

    const A: &[u8] = b"{\"id\": 1, \"fen\": \"startpos\", \"moves\": [\"h0g2\"]}\n";
    const B: &[u8] = b"{\"id\": 2, \"fen\": \"startpos\", \"moves\": []}\n";

    /// A case that cannot be judged hands back why, typed: the input error of its move
    /// (with the notation's reason), the rule set refused, the repetitions below 2.
    #[test]
    fn prepare_hands_back_the_typed_error() {
        let prepare_line = |line: &str| {
            let case: CaseLine = serde_json::from_str(line).unwrap();
            prepare(&case, &Settings::default(), &mut Room::default()).map(|_| ())
        };
        let e = prepare_line(r#"{"fen": "startpos", "moves": ["马二进四"]}"#).unwrap_err();
        assert!(
            matches!(
                &e,
                CaseError::Input(crate::input::InputError::Move {
                    ply: 1,
                    error: qili_notation::MoveTextError::Illegal {
                        reason: Some(_),
                        ..
                    },
                    ..
                })
            ),
            "{e:?}"
        );
        let e = prepare_line(r#"{"fen": "startpos", "rules": "xyz"}"#).unwrap_err();
        assert!(matches!(e, CaseError::Rules(_)), "{e:?}");
        assert!(e.to_string().starts_with("rules: "), "{e}");
        let e = prepare_line(r#"{"fen": "startpos", "repetitions": 1}"#).unwrap_err();
        assert!(matches!(e, CaseError::Repetitions(1)), "{e:?}");
        assert_eq!(e.to_string(), "repetitions: 1 (at least 2)");
    }

    /// Every answer to the input read so far is flushed before the next read, which may
    /// wait (a co-process client waits for the answer before writing the next case).
    #[test]
    fn answers_are_flushed_before_waiting_for_input() {
        for jobs in [1, 3] {
            let input = io::BufReader::new(Chunks(vec![A, B, A, b"\n", A, B, B], 0));
            let mut out = Flushes::default();
            let options = BatchOptions {
                detail: Detail::Verdict,
                jobs,
            };
            let s = judge_cases(input, &mut out, &Settings::default(), &options).unwrap();
            assert_eq!((s.judged, s.errors), (6, 0));
            // After chunk k, the answers to the cases in it (the blank line has none). The
            // reader of several jobs may read on before the answers are written (this input
            // never makes it wait): then the flushes can come later, never earlier.
            if jobs == 1 {
                assert_eq!(out.at_flush, [0, 1, 2, 3, 4, 5, 6]);
            } else {
                assert_eq!(out.at_flush.last(), Some(&6), "{:?}", out.at_flush);
            }
        }
    }

    /// A line split over several reads is one case.
    #[test]
    fn a_case_split_over_reads() {
        let input = io::BufReader::new(Chunks(vec![&A[..10], &A[10..30], &A[30..]], 0));
        let mut out = Flushes::default();
        let s = judge_cases(
            input,
            &mut out,
            &Settings::default(),
            &BatchOptions::default(),
        );
        assert_eq!(
            s.unwrap(),
            BatchSummary {
                judged: 1,
                errors: 0
            }
        );
        let text = String::from_utf8(out.written).unwrap();
        assert!(
            text.starts_with("{\"id\":1,\"schema_version\":2,"),
            "{text}"
        );
    }

    /// Strings with escapes (read into owned text, the others are borrowed from the line)
    /// are the strings they spell: the answer is that to the plain line, the id as given.
    #[test]
    fn escaped_strings_are_read_as_they_spell() {
        let answer = |line: &[u8]| {
            let mut out = Vec::new();
            let judged =
                answer_line(line, 1, &Settings::default(), Detail::Verdict, &mut out).unwrap();
            (judged, String::from_utf8(out).unwrap())
        };
        let plain = br#"{"id": "a", "fen": "startpos", "moves": ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2"], "rules": "axf"}"#;
        let escaped = br#"{"id": "a", "fen": "startpos", "moves": ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2"], "rules": "axf"}"#;
        let (judged, text) = answer(plain);
        assert!(judged, "{text}");
        assert!(text.contains(r#""rules":"axf""#), "{text}");
        assert!(text.contains(r#""plies":5"#), "{text}");
        let (judged, escaped_text) = answer(escaped);
        assert!(judged, "{escaped_text}");
        assert_eq!(
            escaped_text.replacen(r#""\u0061""#, r#""a""#, 1),
            text,
            "{escaped_text}"
        );
    }

    /// A line read as text is the line read as bytes: the same case, or the same error.
    #[test]
    fn a_line_read_as_text_is_read_as_bytes() {
        let lines: [&[u8]; 7] = [
            br#"{"id": 1, "fen": "startpos", "moves": ["h0g2", "h9g7"], "rules": "axf"}"#,
            br#"{"id": "\u0061", "fen": "startpos", "moves": ["h\u0030g2"]}"#,
            br#"{"id": [1, {"a": null}], "fen": "startpos", "repetitions": 4}"#,
            br#"{"id": 1, "fen": "startpos", "moves": ["h0g2", 7]}"#,
            br#"{"id": 1, "moves": []}"#,
            br#"{"id": 1, "fen": "startpos", "moves": ["\ud800"]}"#,
            br#"{"id": 1, "fen": "startpos""#,
        ];
        let show = |c: Result<CaseLine, serde_json::Error>| {
            c.map(|c| {
                let moves: Vec<&str> = c.moves.iter().map(AsRef::as_ref).collect();
                format!(
                    "{:?} {:?} {moves:?} {:?} {:?}",
                    c.id.map(RawValue::get),
                    c.fen,
                    c.rules,
                    c.repetitions
                )
            })
            .map_err(|e| e.to_string())
        };
        let mut errors = 0;
        for line in lines {
            let text = std::str::from_utf8(line).unwrap();
            let (as_text, as_bytes) = (
                show(serde_json::from_str(text)),
                show(serde_json::from_slice(line)),
            );
            errors += usize::from(as_bytes.is_err());
            assert_eq!(as_text, as_bytes, "{text}");
        }
        assert_eq!(errors, 4);
    }

    /// Cases answered one after the other in one room (a start position read once for the
    /// cases that share it, one graph) are answered as each alone: plain moves, moves in
    /// other notations, illegal moves, another start, a broken line in between.
    #[test]
    fn cases_answered_in_one_room_are_answered_alone() {
        let fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
        let lines = [
            format!(
                r#"{{"id": 1, "fen": "{fen}", "moves": ["c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2"]}}"#
            ),
            format!(
                r#"{{"id": 2, "fen": "{fen}", "moves": ["c2a2", "a7b7", "a2b2", "b7a7", "b2a2"], "rules": "axf"}}"#
            ),
            format!(r#"{{"id": 3, "fen": "{fen}", "moves": ["c2a2 a7b7", "a2b2"]}}"#),
            format!(r#"{{"id": 4, "fen": "{fen}", "moves": ["C2-A2", "a7b7"]}}"#),
            format!(r#"{{"id": 5, "fen": "{fen}", "moves": ["c2a2", "a7a1"]}}"#),
            format!(r#"{{"id": 6, "fen": "{fen}", "moves": []}}"#),
            r#"{"id": 7, "fen": "startpos", "moves": ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2"]}"#
                .to_owned(),
            r#"{"id": 8, "fen": "startpos", "moves": ["e0e5"]}"#.to_owned(),
            r#"{"id": 9, "fen": "#.to_owned(),
            format!(r#"{{"id": 10, "fen": "{fen}", "moves": ["c2a2", "a7b7", "a2b2", "b7a7"]}}"#),
            r#"{"id": 11, "fen": "startpos", "moves": ["h0g2"]}"#.to_owned(),
        ];
        for detail in [Detail::Verdict, Detail::Explain] {
            let mut room = Room::default();
            let mut judged = 0;
            for (n, line) in lines.iter().enumerate() {
                let (mut alone, mut shared) = (Vec::new(), Vec::new());
                let settings = Settings::default();
                let a = answer_line(line.as_bytes(), n + 1, &settings, detail, &mut alone);
                let b = answer_guarded(
                    line.as_bytes(),
                    n + 1,
                    &settings,
                    detail,
                    &mut shared,
                    &mut room,
                );
                let (a, b) = (a.unwrap(), b.unwrap());
                assert_eq!(a, b, "{line}");
                assert_eq!(
                    String::from_utf8(alone),
                    String::from_utf8(shared),
                    "{line}"
                );
                judged += usize::from(b);
            }
            assert_eq!(judged, 8);
        }
    }
}
