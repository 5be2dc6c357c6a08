//! Text encodings of game records: detection and decoding to UTF-8.
//!
//! Xiangqi records come in UTF-8, GBK/GB18030 (mainland software), Big5 (Taiwan and Hong
//! Kong collections such as CCPD) and UTF-16 (CCBridge). A file is decoded as a whole
//! encoding, detected once per file: a byte-order mark decides first; then UTF-16 without a
//! mark is recognised by its zero bytes; then valid UTF-8 wins; otherwise the sample is
//! decoded both as GB18030 and as Big5, and the decoding that yields more common Xiangqi
//! characters (车 馬 炮 進 退 平 …, in either script) and fewer malformed sequences wins.
//!
//! Records must be decoded **before** tokenising: a Big5 character's second byte may be an
//! ASCII `[`, `]`, `{`, `}` or `\`.

use std::fmt;
use std::io::{self, Read};

/// An encoding a record file can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8, with or without a byte-order mark.
    Utf8,
    /// GBK and its superset GB18030 (decoded as GB18030).
    Gb18030,
    /// Big5 (decoded as WHATWG Big5, which includes the HKSCS extensions).
    Big5,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
}

impl Encoding {
    /// The encoding_rs encoding used to decode.
    pub fn encoding_rs(self) -> &'static encoding_rs::Encoding {
        match self {
            Encoding::Utf8 => encoding_rs::UTF_8,
            Encoding::Gb18030 => encoding_rs::GB18030,
            Encoding::Big5 => encoding_rs::BIG5,
            Encoding::Utf16Le => encoding_rs::UTF_16LE,
            Encoding::Utf16Be => encoding_rs::UTF_16BE,
        }
    }

    /// A short lower-case name: `utf-8`, `gb18030`, `big5`, `utf-16le`, `utf-16be`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Gb18030 => "gb18030",
            Encoding::Big5 => "big5",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many leading bytes [`detect`] looks at (the rest of a file is assumed alike).
pub const SAMPLE_LEN: usize = 64 * 1024;

/// Characters that are frequent in Xiangqi records, in simplified and traditional forms.
const COMMON: &str =
    "车車马馬炮砲包进進退平将將帅帥士仕相象兵卒一二三四五六七八九前后後红紅黑先胜勝负負和局";

/// Detects the encoding of a file from its first bytes (see the module documentation).
pub fn detect(sample: &[u8]) -> Encoding {
    let sample = &sample[..sample.len().min(SAMPLE_LEN)];
    if let Some(e) = detect_unicode(sample) {
        return e;
    }
    let gb = score(sample, Encoding::Gb18030);
    let big5 = score(sample, Encoding::Big5);
    if big5 > gb {
        Encoding::Big5
    } else {
        Encoding::Gb18030
    }
}

/// The first steps of [`detect`]: a byte-order mark, UTF-16 without one, valid UTF-8;
/// `None` leaves the choice between GB18030 and Big5.
fn detect_unicode(sample: &[u8]) -> Option<Encoding> {
    if sample.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Some(Encoding::Utf8);
    }
    if sample.starts_with(&[0xFF, 0xFE]) {
        return Some(Encoding::Utf16Le);
    }
    if sample.starts_with(&[0xFE, 0xFF]) {
        return Some(Encoding::Utf16Be);
    }
    if let Some(e) = detect_utf16(sample) {
        return Some(e);
    }
    if is_utf8_prefix(sample) {
        return Some(Encoding::Utf8);
    }
    None
}

/// UTF-16 without a byte-order mark: ASCII characters put a zero byte at every odd (LE) or
/// even (BE) position; text in the other encodings has (almost) no zero bytes.
fn detect_utf16(sample: &[u8]) -> Option<Encoding> {
    // (Without zero bytes, neither count below can pass.)
    if sample.len() < 4 || !sample.contains(&0) {
        return None;
    }
    let pairs = sample.len() / 2;
    let even = sample.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd = sample
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|&&b| b == 0)
        .count();
    if odd * 4 > pairs && even * 20 < pairs {
        Some(Encoding::Utf16Le)
    } else if even * 4 > pairs && odd * 20 < pairs {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// Valid UTF-8, allowing a character cut off at the end of the sample.
fn is_utf8_prefix(sample: &[u8]) -> bool {
    match std::str::from_utf8(sample) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none() && sample.len() - e.valid_up_to() < 4,
    }
}

/// First code point of the block [`COMMON`] lies in (CJK Unified Ideographs).
const CJK_START: u32 = 0x4E00;
/// Code points in that block.
const CJK_LEN: u32 = 0x5200;

/// [`COMMON`] as a bit set over the CJK block.
fn common_set() -> &'static [u64; (CJK_LEN / 64) as usize] {
    use std::sync::OnceLock;
    static SET: OnceLock<[u64; (CJK_LEN / 64) as usize]> = OnceLock::new();
    SET.get_or_init(|| {
        let mut set = [0u64; (CJK_LEN / 64) as usize];
        for c in COMMON.chars() {
            let i = (c as u32).wrapping_sub(CJK_START);
            assert!(i < CJK_LEN, "COMMON holds CJK ideographs only");
            set[(i / 64) as usize] |= 1 << (i % 64);
        }
        set
    })
}

/// How many characters of `text` are one of [`COMMON`].
fn count_common(text: &str) -> i64 {
    common_chars(text).count() as i64
}

/// Whether at least `n` characters of `text` are one of [`COMMON`].
fn common_at_least(text: &str, n: i64) -> bool {
    usize::try_from(n).is_ok_and(|n| n == 0 || common_chars(text).nth(n - 1).is_some())
}

/// The characters of `text` that are one of [`COMMON`] (as the byte offsets they start at).
fn common_chars(text: &str) -> impl Iterator<Item = usize> + '_ {
    let set = common_set();
    // The block is encoded in three bytes, the first 0xE4–0xE9: only those are decoded.
    text.as_bytes()
        .windows(3)
        .enumerate()
        .filter(move |(_, w)| {
            if !(0xE4..=0xE9).contains(&w[0]) {
                return false;
            }
            let c =
                u32::from(w[0] & 0x0F) << 12 | u32::from(w[1] & 0x3F) << 6 | u32::from(w[2] & 0x3F);
            let i = c.wrapping_sub(CJK_START);
            i < CJK_LEN && set[(i / 64) as usize] & (1 << (i % 64)) != 0
        })
        .map(|(i, _)| i)
}

/// Common characters found minus a penalty for malformed sequences. Decodes through a
/// small buffer: nothing is allocated, and ASCII (most of a record) costs one test.
fn score(sample: &[u8], enc: Encoding) -> i64 {
    let mut decoder = enc.encoding_rs().new_decoder_without_bom_handling();
    let mut buf = String::with_capacity(4096);
    let mut errors = 0i64;
    let mut hits = 0i64;
    let mut input = sample;
    loop {
        buf.clear();
        let (result, read) = decoder.decode_to_string_without_replacement(input, &mut buf, false);
        input = &input[read..];
        hits += count_common(&buf);
        match result {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => continue,
            encoding_rs::DecoderResult::Malformed(_, _) => errors += 1,
        }
    }
    hits - 4 * errors
}

/// A decoding of the sample in a candidate encoding (GB18030 or Big5), to be scored.
struct Scored {
    /// Malformed sequences in the sample.
    errors: i64,
    decoder: encoding_rs::Decoder,
    text: String,
}

impl Scored {
    /// Decodes `sample` as [`score`] reads it (the decoder not told that the input ends),
    /// scoring it the same way, and keeps the text (malformed sequences replaced).
    fn new(sample: &[u8], enc: Encoding) -> Scored {
        let mut decoder = enc.encoding_rs().new_decoder_without_bom_handling();
        let capacity = decoder.max_utf8_buffer_length(sample.len()).unwrap_or(0);
        let mut text = String::with_capacity(capacity);
        let errors = decode_into(&mut decoder, sample, &mut text, false) as i64;
        Scored {
            errors,
            decoder,
            text,
        }
    }

    /// The score, as [`score`] gives it.
    fn score(&self) -> i64 {
        count_common(&self.text) - 4 * self.errors
    }

    /// Whether the score is at least `bound` (counting only as far as needed).
    fn reaches(&self, bound: i64) -> bool {
        let needed = bound.saturating_add(4 * self.errors);
        needed <= 0 || common_at_least(&self.text, needed)
    }

    /// The whole text: the sample's, then `rest` (the bytes after the sample) to the end.
    fn finish(mut self, rest: &[u8]) -> String {
        decode_into(&mut self.decoder, rest, &mut self.text, true);
        self.text
    }
}

/// Decodes `input` onto `out`, replacing malformed sequences with U+FFFD as
/// `decode_to_string` does; returns how many there were.
fn decode_into(
    decoder: &mut encoding_rs::Decoder,
    mut input: &[u8],
    out: &mut String,
    last: bool,
) -> usize {
    let mut errors = 0;
    loop {
        let (result, read) = decoder.decode_to_string_without_replacement(input, out, last);
        input = &input[read..];
        match result {
            encoding_rs::DecoderResult::InputEmpty => return errors,
            encoding_rs::DecoderResult::OutputFull => {
                let more = decoder.max_utf8_buffer_length(input.len()).unwrap_or(0);
                out.reserve(more.max(16));
            }
            encoding_rs::DecoderResult::Malformed(_, _) => {
                errors += 1;
                out.push('\u{FFFD}');
            }
        }
    }
}

/// Decodes a whole byte buffer: the detected encoding and the UTF-8 text (malformed
/// sequences become U+FFFD; a byte-order mark is removed).
pub fn decode(bytes: &[u8]) -> (Encoding, String) {
    let sample = &bytes[..bytes.len().min(SAMPLE_LEN)];
    if let Some(enc) = detect_unicode(sample) {
        return (enc, decode_as(bytes, enc));
    }
    // As `detect` then `decode_as`, in one pass per candidate: a candidate decodes the
    // sample while it is scored, and the winner goes on to the end. A score is at most the
    // candidate's count of common pairs (see `common_pairs`): the likelier candidate is
    // decoded first, and the other one only when its bound does not settle the choice.
    let rest = &bytes[sample.len()..];
    let (gb_bound, big5_bound) = common_pairs(sample);
    let (gb, big5) = if big5_bound > gb_bound {
        let big5 = Scored::new(sample, Encoding::Big5);
        if big5.reaches(gb_bound.saturating_add(1)) {
            return (Encoding::Big5, big5.finish(rest));
        }
        (Scored::new(sample, Encoding::Gb18030), big5)
    } else {
        let gb = Scored::new(sample, Encoding::Gb18030);
        if gb.reaches(big5_bound) {
            return (Encoding::Gb18030, gb.finish(rest));
        }
        (gb, Scored::new(sample, Encoding::Big5))
    };
    if big5.score() > gb.score() {
        (Encoding::Big5, big5.finish(rest))
    } else {
        (Encoding::Gb18030, gb.finish(rest))
    }
}

/// A set of byte pairs (lead, trail), one bit each.
type PairSet = [u64; 1024];

/// The byte pairs that GB18030 and Big5 decode to text holding one of [`COMMON`].
/// Every common character either encoding decodes comes from such a pair (both encode
/// these characters in two bytes; GB18030's four-byte sequences map to characters absent
/// from its two-byte table), so a sample's count of them bounds its score from above.
/// `None` if the table could not be built (every pair then counts).
fn pair_sets() -> Option<&'static (PairSet, PairSet)> {
    use std::sync::OnceLock;
    static SETS: OnceLock<Option<(PairSet, PairSet)>> = OnceLock::new();
    SETS.get_or_init(|| {
        Some((
            common_pair_set(Encoding::Gb18030)?,
            common_pair_set(Encoding::Big5)?,
        ))
    })
    .as_ref()
}

/// Big5 pairs outside the standard table (HKSCS) that decode to common characters: 车, 马
/// and a second 包.
const BIG5_EXTRA_PAIRS: [[u8; 2]; 3] = [[0x89, 0x7C], [0x89, 0xC6], [0xFA, 0xBD]];

/// The pairs of [`pair_sets`] for `enc`: the encodings of [`COMMON`], and for Big5
/// [`BIG5_EXTRA_PAIRS`] (a test checks, by decoding every pair, that there are no others).
fn common_pair_set(enc: Encoding) -> Option<PairSet> {
    let mut set = [0u64; 1024];
    let mut add = |l: u8, t: u8| {
        let i = usize::from(l) << 8 | usize::from(t);
        set[i / 64] |= 1 << (i % 64);
    };
    let mut buf = [0u8; 4];
    for c in COMMON.chars() {
        let (bytes, _, unmappable) = enc.encoding_rs().encode(c.encode_utf8(&mut buf));
        match (unmappable, &bytes[..]) {
            (true, _) => {}
            (false, &[l, t]) => add(l, t),
            (false, _) => return None,
        }
    }
    if enc == Encoding::Big5 {
        for [l, t] in BIG5_EXTRA_PAIRS {
            add(l, t);
        }
    }
    Some(set)
}

/// Upper bounds of the GB18030 and Big5 scores of `sample`: how many of its byte pairs
/// (at any offset) decode to a common character.
fn common_pairs(sample: &[u8]) -> (i64, i64) {
    let Some((gb, big5)) = pair_sets() else {
        return (i64::MAX, i64::MAX);
    };
    let (mut g, mut b) = (0, 0);
    for w in sample.windows(2) {
        if w[0] >= 0x81 {
            let i = usize::from(w[0]) << 8 | usize::from(w[1]);
            g += (gb[i / 64] >> (i % 64) & 1) as i64;
            b += (big5[i / 64] >> (i % 64) & 1) as i64;
        }
    }
    (g, b)
}

/// Decodes `bytes` in `enc` (malformed sequences become U+FFFD; a BOM is removed).
pub fn decode_as(bytes: &[u8], enc: Encoding) -> String {
    let (text, _had_errors) = enc.encoding_rs().decode_with_bom_removal(bytes);
    text.into_owned()
}

/// Maps a byte offset in the decoded UTF-8 text back to a byte offset in the raw bytes
/// (the start of the raw sequence that produced the character at `utf8_offset`).
pub fn raw_offset(raw: &[u8], enc: Encoding, utf8_offset: u64) -> u64 {
    if enc == Encoding::Utf8 {
        let bom = if raw.starts_with(&[0xEF, 0xBB, 0xBF]) {
            3
        } else {
            0
        };
        return utf8_offset + bom;
    }
    let mut decoder = enc.encoding_rs().new_decoder_with_bom_removal();
    let mut buf = [0u8; 16];
    let mut produced = 0u64;
    let mut start = 0usize;
    for i in 0..raw.len() {
        if produced >= utf8_offset {
            return start as u64;
        }
        let (_, _, written, _) = decoder.decode_to_utf8(&raw[i..i + 1], &mut buf, false);
        if written > 0 {
            produced += written as u64;
            start = i + 1;
        }
    }
    start as u64
}

/// One `read` of `r` into `buf`, retried when interrupted.
pub(crate) fn read_retrying(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match r.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            res => return res,
        }
    }
}

/// A reader that decodes an underlying byte stream to UTF-8 on the fly.
pub struct DecodingReader<R> {
    inner: R,
    decoder: encoding_rs::Decoder,
    raw: Vec<u8>,
    raw_start: usize,
    raw_end: usize,
    eof: bool,
    /// The decoder has been flushed (`last = true`): it must not be called again.
    flushed: bool,
    out: Vec<u8>,
    out_start: usize,
    out_end: usize,
}

impl<R: Read> DecodingReader<R> {
    /// Decodes `inner`, whose encoding is `enc`.
    pub fn new(inner: R, enc: Encoding) -> DecodingReader<R> {
        DecodingReader {
            inner,
            decoder: enc.encoding_rs().new_decoder_with_bom_removal(),
            raw: vec![0; 32 * 1024],
            raw_start: 0,
            raw_end: 0,
            eof: false,
            flushed: false,
            out: vec![0; 3 * 32 * 1024 + 16],
            out_start: 0,
            out_end: 0,
        }
    }

    fn fill(&mut self) -> io::Result<()> {
        while self.out_start == self.out_end {
            if self.raw_start == self.raw_end && !self.eof {
                self.raw_start = 0;
                self.raw_end = 0;
                let n = read_retrying(&mut self.inner, &mut self.raw)?;
                self.raw_end = n;
                self.eof = n == 0;
            }
            if self.eof && self.raw_start == self.raw_end {
                // Flush whatever the decoder still holds, once: reads after the end of the
                // stream return 0 without touching the finished decoder.
                if self.flushed {
                    return Ok(());
                }
                self.flushed = true;
                let (_, _, written, _) = self.decoder.decode_to_utf8(&[], &mut self.out, true);
                self.out_start = 0;
                self.out_end = written;
                return Ok(());
            }
            let (_, read, written, _) = self.decoder.decode_to_utf8(
                &self.raw[self.raw_start..self.raw_end],
                &mut self.out,
                false,
            );
            self.raw_start += read;
            self.out_start = 0;
            self.out_end = written;
        }
        Ok(())
    }
}

impl<R: Read> Read for DecodingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.fill()?;
        let n = (self.out_end - self.out_start).min(buf.len());
        buf[..n].copy_from_slice(&self.out[self.out_start..self.out_start + n]);
        self.out_start += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_boms_and_utf8() {
        assert_eq!(detect(b"\xEF\xBB\xBF[Event]"), Encoding::Utf8);
        assert_eq!(detect(b"\xFF\xFE[\0E\0"), Encoding::Utf16Le);
        assert_eq!(detect(b"\xFE\xFF\0[\0E"), Encoding::Utf16Be);
        assert_eq!(detect("[Event \"炮二平五\"]".as_bytes()), Encoding::Utf8);
        assert_eq!(detect(b"[\0E\0v\0e\0n\0t\0]\0"), Encoding::Utf16Le);
    }

    #[test]
    fn tells_gbk_from_big5() {
        let text = "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 紅勝";
        let (big5, _, _) = encoding_rs::BIG5.encode(text);
        assert_eq!(detect(&big5), Encoding::Big5);
        assert_eq!(decode(&big5).1, text);
        let simplified = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 红胜";
        let (gbk, _, _) = encoding_rs::GBK.encode(simplified);
        assert_eq!(detect(&gbk), Encoding::Gb18030);
        assert_eq!(decode(&gbk).1, simplified);
    }

    #[test]
    fn big5_second_bytes_survive() {
        // 功 is A5 5C in Big5: its second byte is a backslash.
        let text = "{功}[";
        let (big5, _, _) = encoding_rs::BIG5.encode(text);
        assert!(big5.contains(&b'\\'));
        assert_eq!(decode_as(&big5, Encoding::Big5), text);
    }

    #[test]
    fn reads_after_the_end_return_nothing() {
        // A truncated GBK sequence at the end: the flush emits U+FFFD, then every further
        // read must return 0 (it used to call the finished decoder again and panic).
        let mut r = DecodingReader::new(&b"ab\x81"[..], Encoding::Gb18030);
        let mut s = String::new();
        r.read_to_string(&mut s).unwrap();
        assert_eq!(s, "ab\u{fffd}");
        let mut buf = [0u8; 8];
        assert_eq!(r.read(&mut buf).unwrap(), 0);
        assert_eq!(r.read(&mut buf).unwrap(), 0);
    }

    #[test]
    fn streaming_equals_whole() {
        let text = "車馬炮進退平".repeat(20_000);
        let (big5, _, _) = encoding_rs::BIG5.encode(&text);
        let mut s = String::new();
        DecodingReader::new(&big5[..], Encoding::Big5)
            .read_to_string(&mut s)
            .unwrap();
        assert_eq!(s, text);
    }

    /// `decode` detects and decodes in one pass per candidate: it must agree with
    /// `detect` followed by `decode_as`, malformed input and long files included.
    #[test]
    fn decode_equals_detect_then_decode_as() {
        let text = "1. 炮二平五 馬８進７ {功夫} 2. 马二进三 车９平８ 紅勝\n";
        let (big5, _, _) = encoding_rs::BIG5.encode(text);
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut inputs: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"\x81".to_vec(),
            b"ab\xA4".to_vec(),
            big5.to_vec(),
            gbk.to_vec(),
        ];
        for len in [
            10,
            1000,
            SAMPLE_LEN - 1,
            SAMPLE_LEN,
            SAMPLE_LEN + 1,
            3 * SAMPLE_LEN,
        ] {
            for base in [&big5[..], &gbk[..]] {
                let mut v: Vec<u8> = base.iter().copied().cycle().take(len).collect();
                // Some noise: random high bytes and cut sequences.
                for _ in 0..len / 50 {
                    let i = (next() as usize) % v.len();
                    v[i] = 0x80 | (next() as u8);
                }
                inputs.push(v);
            }
        }
        for bytes in inputs {
            let enc = detect(&bytes);
            assert_eq!(
                decode(&bytes),
                (enc, decode_as(&bytes, enc)),
                "{} bytes",
                bytes.len()
            );
        }
    }

    /// The bound behind `common_pairs`: no common character comes out of GB18030's
    /// four-byte sequences, and a sample's score never exceeds its count of common pairs.
    #[test]
    fn common_pairs_bound_the_scores() {
        let mut four = Vec::new();
        for a in 0x81..=0xFEu8 {
            for b in 0x30..=0x39u8 {
                for c in 0x81..=0xFEu8 {
                    for d in 0x30..=0x39u8 {
                        four.extend([a, b, c, d]);
                    }
                }
            }
        }
        let (text, _) = encoding_rs::GB18030.decode_without_bom_handling(&four);
        assert_eq!(count_common(&text), 0);
        assert!(pair_sets().is_some(), "the pair tables are built");
        let text = "1. 炮二平五 馬８進７ 2. 马二进三 车９平８ 紅勝 黑负 和局 前後帥將";
        for sample in [
            encoding_rs::BIG5.encode(text).0.to_vec(),
            encoding_rs::GBK.encode(text).0.to_vec(),
        ] {
            let (gb, big5) = common_pairs(&sample);
            assert!(score(&sample, Encoding::Gb18030) <= gb);
            assert!(score(&sample, Encoding::Big5) <= big5);
            assert!(
                gb.max(big5) >= 18,
                "the right encoding finds its characters"
            );
        }
    }

    /// The pairs that decode to text holding a common character, found by decoding every
    /// two-byte sequence (each after a newline that keeps them apart).
    fn decoded_pair_set(enc: Encoding) -> PairSet {
        let pairs = || {
            (0x81..=0xFEu8).flat_map(|lead| {
                (0x40..=0xFFu8)
                    .filter(|&t| t != 0x7F)
                    .map(move |t| (lead, t))
            })
        };
        let bytes: Vec<u8> = pairs().flat_map(|(l, t)| [l, t, b'\n']).collect();
        let (text, _) = enc.encoding_rs().decode_without_bom_handling(&bytes);
        let pieces: Vec<&str> = text.split('\n').collect();
        assert_eq!(pieces.len(), pairs().count() + 1, "pairs kept apart");
        let mut set = [0u64; 1024];
        for (piece, (l, t)) in pieces.into_iter().zip(pairs()) {
            if count_common(piece) > 0 {
                let i = usize::from(l) << 8 | usize::from(t);
                set[i / 64] |= 1 << (i % 64);
            }
        }
        set
    }

    #[test]
    fn common_pairs_are_the_encodings_of_common_characters() {
        for enc in [Encoding::Gb18030, Encoding::Big5] {
            let decoded = decoded_pair_set(enc);
            assert!(decoded.iter().any(|&w| w != 0));
            assert_eq!(common_pair_set(enc), Some(decoded), "{enc}");
        }
    }

    #[test]
    fn counts_common_characters() {
        let text = "车車a马 ８一九後x\u{4E00}\u{9FFF}";
        assert_eq!(count_common(text), 7);
        assert_eq!(count_common(""), 0);
        assert!(common_at_least(text, 7) && common_at_least(text, 0));
        assert!(!common_at_least(text, 8) && !common_at_least("", 1));
    }

    #[test]
    fn maps_offsets_back() {
        let text = "ab車c";
        let (big5, _, _) = encoding_rs::BIG5.encode(text);
        // 'c' is at UTF-8 offset 5, raw offset 4.
        assert_eq!(raw_offset(&big5, Encoding::Big5, 5), 4);
        assert_eq!(raw_offset(&big5, Encoding::Big5, 2), 2);
    }
}
