//! Move texts read from Python: a string (a score sheet) or a sequence of strings, each
//! read without a heap allocation when it is a short ASCII text — the common case of a
//! play server's coordinate moves. Under the stable ABI of Python 3.9 a `str` has no
//! borrowable UTF-8 form: the general route encodes a `bytes` object and copies it into a
//! `String` for every move, the larger part of the binding's cost on a long line.

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

/// Characters a move text holds inline (ICCS `h2e2`, UCI `h10h9`, WXF `C2.5`, `H2-E2`).
const INLINE: usize = 12;

/// One move text (or, for a score sheet, several): inline when short and ASCII.
pub(crate) enum MoveText {
    /// `len` ASCII bytes.
    Inline { bytes: [u8; INLINE], len: u8 },
    /// Any other text.
    Owned(String),
}

impl MoveText {
    /// The text of `b`, ASCII (at most [`INLINE`] bytes).
    fn inline(b: &[u8]) -> MoveText {
        debug_assert!(b.is_ascii());
        let mut bytes = [0; INLINE];
        bytes[..b.len()].copy_from_slice(b);
        MoveText::Inline {
            bytes,
            len: b.len() as u8,
        }
    }

    /// The Fairy-Stockfish UCI move it is ([`uci_to_iccs`]), as ICCS bytes: an inline text
    /// read from its bytes at once, the white space around it trimmed only when that fails.
    fn uci(&self) -> Option<[u8; 4]> {
        match self {
            MoveText::Inline { bytes, len } => bytes
                .get(..*len as usize)
                .and_then(uci_bytes_to_iccs)
                .or_else(|| uci_to_iccs(self.as_ref())),
            MoveText::Owned(s) => uci_to_iccs(s),
        }
    }
}

impl AsRef<str> for MoveText {
    fn as_ref(&self) -> &str {
        match self {
            MoveText::Inline { bytes, len } => {
                let b = bytes.get(..*len as usize).unwrap_or_default();
                debug_assert!(b.is_ascii());
                // SAFETY: inline bytes are ASCII, checked where they are made (`read_text`,
                // and ICCS from `uci_bytes_to_iccs`), so valid UTF-8; this runs once for
                // every move of every call.
                unsafe { std::str::from_utf8_unchecked(b) }
            }
            MoveText::Owned(s) => s,
        }
    }
}

/// The text of a Python `str`: inline when it is ASCII of at most [`INLINE`] characters
/// (copied code point by code point into a buffer on the stack), else a `String`.
pub(crate) fn read_text(s: &Bound<'_, PyString>) -> PyResult<MoveText> {
    let mut ucs4 = [0 as ffi::Py_UCS4; INLINE];
    // SAFETY: `s` is a live `str` (the GIL is held through the `Bound`); `PyUnicode_AsUCS4`
    // writes at most `INLINE` code points into `ucs4` (copy_null 0), and is only asked for
    // a string of at most that length.
    let n = unsafe { ffi::PyUnicode_GetLength(s.as_ptr()) };
    if (0..=INLINE as ffi::Py_ssize_t).contains(&n) {
        let done = unsafe {
            ffi::PyUnicode_AsUCS4(s.as_ptr(), ucs4.as_mut_ptr(), INLINE as ffi::Py_ssize_t, 0)
        };
        if done.is_null() {
            return Err(PyErr::fetch(s.py()));
        }
        let chars = &ucs4[..n as usize];
        if chars.iter().all(|&c| c < 0x80) {
            let mut b = [0u8; INLINE];
            for (d, &c) in b.iter_mut().zip(chars) {
                *d = c as u8;
            }
            return Ok(MoveText::inline(&b[..n as usize]));
        }
    }
    Ok(MoveText::Owned(s.to_cow()?.into_owned()))
}

/// A Fairy-Stockfish (pyffish) UCI move — files a–i, ranks 1–10 from Red's side, `h3e3` —
/// as ICCS bytes (`h2e2`, ranks 0–9); `None` when `text` is no such move.
pub(crate) fn uci_to_iccs(text: &str) -> Option<[u8; 4]> {
    uci_bytes_to_iccs(text.trim().as_bytes())
}

/// [`uci_to_iccs`] of a text's bytes, white space not trimmed: a point is a file and a rank
/// (`a1`, `a10`), two of them a move.
fn uci_bytes_to_iccs(b: &[u8]) -> Option<[u8; 4]> {
    let file = |f: u8| (b'a'..=b'i').contains(&f).then_some(f);
    let rank = |r: u8| (b'1'..=b'9').contains(&r).then(|| r - 1);
    match *b {
        [f1, r1, f2, r2] => Some([file(f1)?, rank(r1)?, file(f2)?, rank(r2)?]),
        [f1, b'1', b'0', f2, r2] => Some([file(f1)?, b'9', file(f2)?, rank(r2)?]),
        [f1, r1, f2, b'1', b'0'] => Some([file(f1)?, rank(r1)?, file(f2)?, b'9']),
        [f1, b'1', b'0', f2, b'1', b'0'] => Some([file(f1)?, b'9', file(f2)?, b'9']),
        _ => None,
    }
}

/// The move texts of a call: one string (a score sheet: several moves, move numbers and a
/// result allowed) or a sequence of strings (one move, or several, each). With `uci`, each
/// item is a Fairy-Stockfish UCI move, read into ICCS: `Err((ply, text))` names the first
/// that is none (ply 1-based).
pub(crate) fn move_texts<'py>(
    moves: &Bound<'py, PyAny>,
    uci: bool,
) -> PyResult<Result<Vec<MoveText>, Bad>> {
    // Room for a list's or a tuple's moves at once (a text each, as a play server sends).
    let items = moves
        .cast::<PyList>()
        .map(|l| l.len())
        .or_else(|_| moves.cast::<PyTuple>().map(|t| t.len()))
        .unwrap_or(0);
    let mut texts = Vec::with_capacity(items);
    let mut read = |item: &Bound<'py, PyAny>| -> PyResult<Result<(), Bad>> {
        let text = read_text(item.cast::<PyString>().map_err(|_| not_moves())?)?;
        if !uci {
            texts.push(text);
        } else if let Some(iccs) = text.uci() {
            texts.push(MoveText::inline(&iccs));
        } else {
            return Ok(Err((texts.len() + 1, text.as_ref().to_owned())));
        }
        Ok(Ok(()))
    };
    let done = if moves.is_instance_of::<PyString>() {
        read(moves)?
    } else if let Ok(list) = moves.cast::<PyList>() {
        read_all(&mut list.iter().map(Ok), &mut read)?
    } else if let Ok(tuple) = moves.cast::<PyTuple>() {
        read_all(&mut tuple.iter().map(Ok), &mut read)?
    } else {
        read_all(&mut moves.try_iter().map_err(|_| not_moves())?, &mut read)?
    };
    Ok(done.map(|()| texts))
}

/// A text that is no UCI move: its ply (1-based) and the text.
pub(crate) type Bad = (usize, String);

fn read_all<'py>(
    items: impl Iterator<Item = PyResult<Bound<'py, PyAny>>>,
    read: &mut impl FnMut(&Bound<'py, PyAny>) -> PyResult<Result<(), Bad>>,
) -> PyResult<Result<(), Bad>> {
    for item in items {
        if let Err(bad) = read(&item?)? {
            return Ok(Err(bad));
        }
    }
    Ok(Ok(()))
}

fn not_moves() -> PyErr {
    PyTypeError::new_err("moves: expected a string (a score sheet) or a sequence of move strings")
}
