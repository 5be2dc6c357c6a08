//! A small PGN file whose games are not all in one encoding (UTF-8 games and one GBK game
//! pasted in, or one stray byte in a UTF-8 file): decoded game by game.
//!
//! A file is otherwise decoded in the one encoding detected for it (see
//! [`crate::encoding`]): a single byte that is not UTF-8 makes the detection fall back to
//! GB18030 or Big5 for the whole file, and every UTF-8 game is then read as nonsense. A PGN
//! file of at most [`encoding::SAMPLE_LEN`] bytes whose detected encoding is a legacy one is
//! cut into games (at each line starting with `[` after move text), each game valid as
//! UTF-8 is decoded as UTF-8, and the others in the legacy encoding detected over them
//! alone. Each error names the encoding its game was decoded in.

use super::ReadGame;
use super::{pgn, RecordError};
use crate::encoding::{self, Encoding};

/// The games of `raw` (a PGN file, of at most [`encoding::SAMPLE_LEN`] bytes, detected as
/// `enc`) read game by game in their own encodings, when some game is UTF-8 with characters
/// beyond ASCII and `enc` is not; `None` when one encoding serves the whole file.
pub(crate) fn read_pgn_mixed(raw: &[u8], enc: Encoding) -> Option<Vec<ReadGame>> {
    if !matches!(enc, Encoding::Gb18030 | Encoding::Big5) {
        return None;
    }
    let parts = game_starts(raw);
    let chunks: Vec<&[u8]> = parts.windows(2).map(|w| &raw[w[0]..w[1]]).collect();
    let utf8 = |c: &[u8]| std::str::from_utf8(c).is_ok();
    if !chunks.iter().any(|c| utf8(c) && !c.is_ascii()) {
        return None;
    }
    // The legacy encoding, detected over the games that are not UTF-8 alone.
    let legacy: Vec<u8> = chunks
        .iter()
        .filter(|c| !utf8(c))
        .flat_map(|c| c.iter().copied())
        .collect();
    let legacy = match encoding::detect(&legacy) {
        e @ (Encoding::Gb18030 | Encoding::Big5) => e,
        _ => enc,
    };
    let mut games = Vec::new();
    for (chunk, &start) in chunks.iter().zip(&parts) {
        let chunk_enc = if utf8(chunk) { Encoding::Utf8 } else { legacy };
        let text = encoding::decode_as(chunk, chunk_enc);
        let first = games.len();
        games.extend(pgn::Games::whole(text).filter_map(Result::ok));
        let read = &mut games[first..];
        super::read::map_offsets(read, chunk, chunk_enc);
        for (i, g) in read.iter_mut().enumerate() {
            for e in g.error.iter_mut().chain(g.warnings.iter_mut()) {
                renumber(e, first + i, start as u64, chunk_enc);
            }
        }
    }
    Some(games)
}

/// `e`, of game `index` of the file, its offset shifted from its chunk (at `start`) to the
/// file, the encoding its game was decoded in named.
fn renumber(e: &mut RecordError, index: usize, start: u64, enc: Encoding) {
    e.game = index;
    if let Some(off) = e.byte_offset.as_mut() {
        *off += start;
    }
    e.encoding = Some(enc);
}

/// Where each game starts in `raw` (the first at 0), and the end: a line starting with `[`
/// (after spaces) whose previous non-blank line does not.
fn game_starts(raw: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    let mut after_moves = false;
    let mut i = 0;
    while i < raw.len() {
        let end = raw[i..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(raw.len(), |n| i + n + 1);
        let line = &raw[i..end];
        let text = line.trim_ascii_start();
        if !text.is_empty() {
            let tag = text[0] == b'[';
            if tag && after_moves && i > 0 {
                starts.push(i);
            }
            after_moves = !tag;
        }
        i = end;
    }
    starts.push(raw.len());
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_start_at_tags_after_moves() {
        let raw = b"[A \"1\"]\n[B \"2\"]\n1. h2e2 *\n\n[A \"3\"]\r\n1. h2e2 *\n";
        assert_eq!(game_starts(raw), [0, 27, raw.len()]);
        assert_eq!(game_starts(b""), [0, 0]);
    }
}
