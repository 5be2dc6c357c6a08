//! One entry point for all formats: detect the format and the encoding, read every game.

use std::path::Path;

pub use super::error::Malformed;
use super::walk::PathError;
use super::{cbf, cbr, dhtmlxq, pgn, text, wxf_file, xqf, ReadError, ReadGame, RecordError};
use crate::encoding::{self, Encoding};

/// The record formats [`read_file`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN (any notation).
    Pgn,
    /// XQStudio XQF (binary).
    Xqf,
    /// CCBridge record (binary).
    Cbr,
    /// CCBridge library of records (binary).
    Cbl,
    /// CCBridge XML record.
    Cbf,
    /// DhtmlXQ / UBB blocks in text or HTML.
    DhtmlXq,
    /// A WXF game file (PlayOK export).
    Wxf,
    /// A plain move list, optionally after a FEN line.
    Text,
}

impl Format {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Xqf => "xqf",
            Format::Cbr => "cbr",
            Format::Cbl => "cbl",
            Format::Cbf => "cbf",
            Format::DhtmlXq => "dhtmlxq",
            Format::Wxf => "wxf",
            Format::Text => "text",
        }
    }
}

/// Detects the format from the first bytes of a file and its extension (magic bytes and
/// content win over the extension).
pub fn detect_format(head: &[u8], extension: Option<&str>) -> Format {
    if let Some(f) = binary_format(head) {
        return f;
    }
    let enc = encoding::detect(head);
    text_format(&encoding::decode_as(head, enc), extension)
}

/// The binary formats recognised by their magic bytes.
fn binary_format(head: &[u8]) -> Option<Format> {
    if head.starts_with(cbr::LIBRARY_MAGIC) {
        return Some(Format::Cbl);
    }
    if head.starts_with(cbr::RECORD_MAGIC) {
        return Some(Format::Cbr);
    }
    if head.starts_with(b"XQ") && head.len() >= 3 && head[2] <= 0x20 {
        return Some(Format::Xqf);
    }
    None
}

/// The format of a file without magic bytes, from its decoded head `text` and extension.
fn text_format(text: &str, extension: Option<&str>) -> Format {
    let ext = extension.map(|e| e.to_ascii_lowercase());
    let first = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    // A PGN tag first (`[Event "…"]`) makes a PGN, even when a comment quotes CBF or DhtmlXQ.
    if starts_with_pgn_tag(first) {
        return Format::Pgn;
    }
    if text.contains("<ChineseChessRecord") {
        return Format::Cbf;
    }
    if text.contains("[DhtmlXQ") {
        return Format::DhtmlXq;
    }
    if wxf_file::detect(text) {
        return Format::Wxf;
    }
    if first.starts_with('[') || ext.as_deref() == Some("pgn") {
        return Format::Pgn;
    }
    match ext.as_deref() {
        Some("xqf") => Format::Xqf,
        Some("cbr") => Format::Cbr,
        Some("cbl") => Format::Cbl,
        Some("cbf") => Format::Cbf,
        _ => Format::Text,
    }
}

/// Whether `text` starts with a PGN tag: `[`, a name, spaces, a quote.
fn starts_with_pgn_tag(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('[') else {
        return false;
    };
    // The name as the PGN reader takes it: anything up to a space, quote or bracket.
    let name_len = rest
        .find(|c: char| c.is_whitespace() || matches!(c, '"' | '[' | ']'))
        .unwrap_or(rest.len());
    // (DhtmlXQ writes `[DhtmlXQ_name]value`, never a quoted value.)
    name_len > 0
        && rest[name_len..]
            .trim_start_matches([' ', '\t'])
            .starts_with('"')
}

/// Reads every game of a file, detecting format and encoding. Games that could not be read
/// to the end are returned with their error (which names the file); only a file that cannot
/// be read at all is an `Err`.
pub fn read_file(path: impl AsRef<Path>) -> Result<Vec<ReadGame>, ReadError> {
    super::stream::stream_file(path)?.collect()
}

/// Reads every game of an in-memory file called `name` (used in error messages).
pub fn read_bytes(bytes: &[u8], name: &str) -> Result<Vec<ReadGame>, ReadError> {
    let ext = Path::new(name).extension().and_then(|e| e.to_str());
    if bytes.len() <= encoding::SAMPLE_LEN {
        return read_whole(bytes, ext, name);
    }
    let format = detect_format(&bytes[..encoding::SAMPLE_LEN], ext);
    read_as(bytes, format, name)
}

/// [`read_bytes`] for a file of at most [`encoding::SAMPLE_LEN`] bytes, whose head is the
/// whole file: the text is decoded once, for both detecting the format and reading.
pub(crate) fn read_whole(
    bytes: &[u8],
    ext: Option<&str>,
    name: &str,
) -> Result<Vec<ReadGame>, ReadError> {
    debug_assert!(bytes.len() <= encoding::SAMPLE_LEN);
    if let Some(format) = binary_format(bytes) {
        return read_as(bytes, format, name);
    }
    let (enc, text) = encoding::decode(bytes);
    match text_format(&text, ext) {
        format @ (Format::Pgn | Format::Cbf | Format::DhtmlXq | Format::Wxf | Format::Text) => {
            check_text(bytes, name)?;
            let mixed = match format {
                Format::Pgn => super::mixed::read_pgn_mixed(bytes, enc),
                _ => None,
            };
            let mut games = match mixed {
                Some(games) => games,
                None => read_text(bytes, enc, text, format),
            };
            name_file(&mut games, name);
            Ok(games)
        }
        format => read_as(bytes, format, name),
    }
}

pub(crate) fn read_as(
    bytes: &[u8],
    format: Format,
    name: &str,
) -> Result<Vec<ReadGame>, ReadError> {
    let mut games = match format {
        Format::Xqf => vec![xqf::read(bytes).map_err(|e| e.in_file(name))?],
        Format::Cbr => vec![cbr::read_record(bytes, 0).map_err(|e| e.in_file(name))?],
        Format::Cbl => cbr::read_library(bytes).map_err(|e| e.in_file(name))?,
        Format::Pgn | Format::Cbf | Format::DhtmlXq | Format::Wxf | Format::Text => {
            check_text(bytes, name)?;
            let (enc, text) = encoding::decode(bytes);
            read_text(bytes, enc, text, format)
        }
    };
    name_file(&mut games, name);
    Ok(games)
}

/// A text record never holds a NUL character: a sample (the head, or the whole file) that
/// does, in its detected encoding, is binary data (e.g. a file of zero bytes).
pub(crate) fn check_text(sample: &[u8], name: &str) -> Result<(), ReadError> {
    if !sample.contains(&0) {
        return Ok(());
    }
    let enc = encoding::detect(sample);
    let nul = match enc {
        Encoding::Utf16Le | Encoding::Utf16Be => sample
            .chunks_exact(2)
            .position(|c| c[0] == 0 && c[1] == 0)
            .map(|i| i * 2),
        _ => sample.iter().position(|&b| b == 0),
    };
    match nul {
        Some(offset) => Err(ReadError::Binary {
            file: name.to_owned(),
            offset: offset as u64,
        }),
        None => Ok(()),
    }
}

/// The games of a text format, from the decoded `text` of `raw` (in `enc`); error offsets
/// are mapped back to `raw`.
fn read_text(raw: &[u8], enc: Encoding, text: String, format: Format) -> Vec<ReadGame> {
    let mut games = match format {
        // Reading from memory cannot fail.
        Format::Pgn => pgn::Games::whole(text).filter_map(Result::ok).collect(),
        Format::Cbf => vec![cbf::read(&text)],
        Format::DhtmlXq => dhtmlxq::read(&text),
        Format::Wxf => vec![wxf_file::read(&text)],
        _ => vec![text::read(&text)],
    };
    map_offsets(&mut games, raw, enc);
    games
}

fn errors_mut(g: &mut ReadGame) -> impl Iterator<Item = &mut RecordError> {
    g.error.iter_mut().chain(g.warnings.iter_mut())
}

/// Maps every error offset from the decoded text back to `raw`, in one pass over `raw`
/// (offset by offset it was quadratic: a file with thousands of errors took seconds).
pub(crate) fn map_offsets(games: &mut [ReadGame], raw: &[u8], enc: Encoding) {
    if enc != Encoding::Utf8 {
        // Named in each error: a move that cannot be read may be text decoded wrongly.
        for e in games.iter_mut().flat_map(errors_mut) {
            e.encoding = Some(enc);
        }
    }
    let mut offsets: Vec<&mut u64> = games
        .iter_mut()
        .flat_map(errors_mut)
        .filter_map(|e| e.byte_offset.as_mut())
        .collect();
    if offsets.is_empty() {
        return;
    }
    if enc == Encoding::Utf8 {
        for off in offsets {
            *off = encoding::raw_offset(raw, enc, *off);
        }
        return;
    }
    offsets.sort_by_key(|o| **o);
    // As `encoding::raw_offset`, for increasing queries: the raw start of the character
    // being produced when the decoded length first reaches the query.
    let mut decoder = enc.encoding_rs().new_decoder_with_bom_removal();
    let mut buf = [0u8; 16];
    let (mut produced, mut start, mut i) = (0u64, 0usize, 0usize);
    for off in offsets {
        while produced < *off && i < raw.len() {
            let (_, _, written, _) = decoder.decode_to_utf8(&raw[i..i + 1], &mut buf, false);
            i += 1;
            if written > 0 {
                produced += written as u64;
                start = i;
            }
        }
        *off = start as u64;
    }
}

fn name_file(games: &mut [ReadGame], name: &str) {
    for g in games {
        for e in errors_mut(g) {
            e.file = Some(name.to_owned());
        }
    }
}

/// The files named by `paths`: files as given, folders walked (entries sorted by name,
/// hidden entries skipped), with every path that could not be read, in order (see
/// [`super::walk`]).
pub fn collect_files(paths: &[impl AsRef<Path>]) -> Vec<Result<std::path::PathBuf, PathError>> {
    super::walk::walk(paths, |_| true)
}
