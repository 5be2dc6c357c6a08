//! One entry point for all formats: detect the format and the encoding, read every game.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

pub use super::error::Malformed;
use super::{cbf, cbr, dhtmlxq, pgn, text, wxf_file, xqf, ReadError, ReadGame};
use crate::encoding::{self, DecodingReader, Encoding};

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
    detect(head, extension).0
}

/// The format, and for text formats the encoding detected on the way (`None` for the
/// binary formats recognised by their magic bytes).
fn detect(head: &[u8], extension: Option<&str>) -> (Format, Option<Encoding>) {
    if head.starts_with(cbr::LIBRARY_MAGIC) {
        return (Format::Cbl, None);
    }
    if head.starts_with(cbr::RECORD_MAGIC) {
        return (Format::Cbr, None);
    }
    if head.starts_with(b"XQ") && head.len() >= 3 && head[2] <= 0x20 {
        return (Format::Xqf, None);
    }
    let ext = extension.map(|e| e.to_ascii_lowercase());
    let enc = encoding::detect(head);
    let text = encoding::decode_as(head, enc);
    let format = if text.contains("<ChineseChessRecord") {
        Format::Cbf
    } else if text.contains("[DhtmlXQ") {
        Format::DhtmlXq
    } else if wxf_file::detect(&text) {
        Format::Wxf
    } else if text
        .trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
        .starts_with('[')
        || ext.as_deref() == Some("pgn")
    {
        Format::Pgn
    } else {
        match ext.as_deref() {
            Some("xqf") => Format::Xqf,
            Some("cbr") => Format::Cbr,
            Some("cbl") => Format::Cbl,
            Some("cbf") => Format::Cbf,
            _ => Format::Text,
        }
    };
    (format, Some(enc))
}

/// Reads every game of a file, detecting format and encoding. Games that could not be read
/// to the end are returned with their error (which names the file); only a file that cannot
/// be read at all is an `Err`.
pub fn read_file(path: impl AsRef<Path>) -> Result<Vec<ReadGame>, ReadError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let io_err = |source| ReadError::Io {
        file: name.clone(),
        source,
    };
    let mut file = File::open(path).map_err(io_err)?;
    let mut head = Vec::with_capacity(encoding::SAMPLE_LEN);
    (&mut file)
        .take(encoding::SAMPLE_LEN as u64)
        .read_to_end(&mut head)
        .map_err(io_err)?;
    let ext = path.extension().and_then(|e| e.to_str());
    let (format, enc) = detect(&head, ext);
    if let (Format::Pgn, Some(enc)) = (format, enc) {
        let head_start: Vec<u8> = head.iter().take(3).copied().collect();
        let stream = DecodingReader::new(io::Cursor::new(head).chain(file), enc);
        let mut games = Vec::new();
        for g in pgn::Games::new(stream) {
            games.push(g.map_err(io_err)?);
        }
        if games.iter().any(has_offsets) {
            if enc == Encoding::Utf8 {
                map_offsets(&mut games, &head_start, enc); // only a BOM shifts offsets
            } else {
                let raw = std::fs::read(path).map_err(io_err)?;
                map_offsets(&mut games, &raw, enc);
            }
        }
        name_file(&mut games, &name);
        return Ok(games);
    }
    let mut bytes = head;
    file.read_to_end(&mut bytes).map_err(io_err)?;
    read_as(&bytes, format, enc, &name)
}

/// Reads every game of an in-memory file called `name` (used in error messages).
pub fn read_bytes(bytes: &[u8], name: &str) -> Result<Vec<ReadGame>, ReadError> {
    let ext = Path::new(name).extension().and_then(|e| e.to_str());
    let (format, enc) = detect(&bytes[..bytes.len().min(encoding::SAMPLE_LEN)], ext);
    read_as(bytes, format, enc, name)
}

/// Reads `bytes` as `format`; `enc` is the encoding already detected from the first
/// [`encoding::SAMPLE_LEN`] bytes, if any.
fn read_as(
    bytes: &[u8],
    format: Format,
    enc: Option<Encoding>,
    name: &str,
) -> Result<Vec<ReadGame>, ReadError> {
    let mut games = match format {
        Format::Xqf => vec![xqf::read(bytes).map_err(|e| e.in_file(name))?],
        Format::Cbr => vec![cbr::read_record(bytes, 0).map_err(|e| e.in_file(name))?],
        Format::Cbl => cbr::read_library(bytes).map_err(|e| e.in_file(name))?,
        Format::Pgn | Format::Cbf | Format::DhtmlXq | Format::Wxf | Format::Text => {
            let enc = enc.unwrap_or_else(|| encoding::detect(bytes));
            let text = encoding::decode_as(bytes, enc);
            let mut games = match format {
                Format::Pgn => pgn::Games::new(text.as_bytes())
                    .collect::<io::Result<Vec<_>>>()
                    .map_err(|source| ReadError::Io {
                        file: name.to_owned(),
                        source,
                    })?,
                Format::Cbf => vec![cbf::read(&text)],
                Format::DhtmlXq => dhtmlxq::read(&text),
                Format::Wxf => vec![wxf_file::read(&text)],
                _ => vec![text::read(&text)],
            };
            map_offsets(&mut games, bytes, enc);
            games
        }
    };
    name_file(&mut games, name);
    Ok(games)
}

fn has_offsets(g: &ReadGame) -> bool {
    g.error
        .iter()
        .chain(&g.warnings)
        .any(|e| e.byte_offset.is_some())
}

fn map_offsets(games: &mut [ReadGame], raw: &[u8], enc: Encoding) {
    for g in games {
        g.map_offsets(|off| encoding::raw_offset(raw, enc, off));
    }
}

fn name_file(games: &mut [ReadGame], name: &str) {
    for g in games {
        for e in g.errors_mut() {
            e.file = Some(name.to_owned());
        }
    }
}

/// The files named by `paths`: files as given, directories walked recursively (entries
/// sorted by name, hidden entries skipped).
pub fn collect_files(paths: &[impl AsRef<Path>]) -> io::Result<Vec<std::path::PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        let p = p.as_ref();
        if !p.is_dir() {
            out.push(p.to_path_buf());
            continue;
        }
        let mut stack = vec![p.to_path_buf()];
        while let Some(dir) = stack.pop() {
            let mut entries: Vec<_> = std::fs::read_dir(&dir)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|e| {
                    !e.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                })
                .collect();
            entries.sort();
            let mut subdirs = Vec::new();
            for e in entries {
                if e.is_dir() {
                    subdirs.push(e);
                } else {
                    out.push(e);
                }
            }
            stack.extend(subdirs.into_iter().rev());
        }
    }
    Ok(out)
}
