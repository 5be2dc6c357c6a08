//! The JSON Lines form of games (`qili convert --to json`): one object per game, kept apart
//! from the domain types and versioned by `schema_version` (see docs/convert-json.md).

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::{ReadGame, RecordError};
use crate::Iccs;

/// The version of the JSON shape below; bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 2;

/// One game as a JSON object.
#[derive(Debug, Serialize)]
pub struct JsonGame<'a> {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The file the game was read from.
    pub file: &'a str,
    /// The file name's bytes in hexadecimal, when the name is not UTF-8 (a GBK name of an
    /// old collection): `file` then shows U+FFFD in place of the bytes it cannot show, and
    /// this field names the file losslessly (see [`file_bytes`]). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<String>,
    /// Number of the game in the file, from 1.
    pub index: usize,
    /// Tags, in file order (the first of repeated names wins).
    pub tags: Tags<'a>,
    /// The start position as FEN.
    pub fen: String,
    /// Main-line moves in ICCS (`h2e2`), up to the first error.
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, or null when the record states none.
    pub result: Option<&'static str>,
    /// Why the main line stops early, or null.
    pub error: Option<JsonError>,
    /// Problems in variations (each variation stops at its bad move).
    pub warnings: Vec<JsonError>,
}

/// Tags serialised as an object in file order.
#[derive(Debug)]
pub struct Tags<'a>(pub &'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seen: Vec<&str> = Vec::with_capacity(self.0.len());
        let mut map = s.serialize_map(None)?;
        for (k, v) in self.0 {
            if seen.contains(&k.as_str()) {
                continue;
            }
            seen.push(k);
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// An error as a JSON object.
#[derive(Debug, Serialize)]
pub struct JsonError {
    /// Machine-readable kind (see [`super::ErrorKind::name`]).
    pub kind: &'static str,
    /// Human-readable message.
    pub message: String,
    /// 1-based ply of the bad move, or null.
    pub ply: Option<usize>,
    /// Byte offset in the file, or null.
    pub byte_offset: Option<u64>,
}

impl From<&RecordError> for JsonError {
    fn from(e: &RecordError) -> JsonError {
        JsonError {
            kind: e.kind.name(),
            message: e.kind.to_string(),
            ply: e.ply,
            byte_offset: e.byte_offset,
        }
    }
}

impl<'a> JsonGame<'a> {
    /// The JSON form of game number `index` (from 1) of `file`.
    pub fn new(file: &'a str, index: usize, g: &'a ReadGame) -> JsonGame<'a> {
        JsonGame {
            schema_version: SCHEMA_VERSION,
            file,
            file_bytes: None,
            index,
            tags: Tags(&g.game.tags),
            fen: g.game.setup.to_string(),
            moves: g
                .game
                .mainline()
                .map(|m| Iccs::from_move(m).to_string())
                .collect(),
            result: g.game.result.map(|r| r.pgn()),
            error: g.error.as_ref().map(JsonError::from),
            warnings: g.warnings.iter().map(JsonError::from).collect(),
        }
    }
}

/// The bytes of `path` in lower-case hexadecimal when it is not valid UTF-8 (its lossy form,
/// `Path::display`, replaces what it cannot show by U+FFFD and no longer names the file);
/// `None` for a UTF-8 path. On Unix the bytes are the name's own; elsewhere, a name that is
/// not Unicode is written as the UTF-16 code units of the system, two bytes each, big-endian.
///
/// ```
/// use qili_notation::record::json::file_bytes;
/// assert_eq!(file_bytes(std::path::Path::new("games/a.pgn")), None);
/// # #[cfg(unix)] {
/// use std::os::unix::ffi::OsStrExt;
/// let gbk = std::ffi::OsStr::from_bytes(b"\xc6\xe5.pgn"); // 棋.pgn in GBK
/// assert_eq!(file_bytes(std::path::Path::new(gbk)).as_deref(), Some("c6e52e70676e"));
/// # }
/// ```
pub fn file_bytes(path: &std::path::Path) -> Option<String> {
    if path.to_str().is_some() {
        return None;
    }
    let bytes: Vec<u8> = {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            path.as_os_str().as_bytes().to_vec()
        }
        #[cfg(windows)]
        {
            use std::os::windows::ffi::OsStrExt;
            path.as_os_str()
                .encode_wide()
                .flat_map(u16::to_be_bytes)
                .collect()
        }
        #[cfg(not(any(unix, windows)))]
        {
            path.to_string_lossy().into_owned().into_bytes()
        }
    };
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
