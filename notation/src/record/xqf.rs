//! XQF, the binary format of XQStudio (versions 1.0–1.8; 1.2 and later are encrypted).
//!
//! Layout: a 1024-byte header (`XQ`, version, key bytes, the 32 piece points, the result,
//! length-prefixed GB18030 strings for title, event, date, site, players …), then the move
//! tree from offset 0x400 in pre-order: each record is a move (origin, destination, flags)
//! optionally followed by a comment; the flags say whether the move has a continuation
//! (the next record) and an alternative (the record after its whole continuation). The
//! first record is the root (the start position) and carries the game comment.
//!
//! From version 1.1 on, points, moves and comments are scrambled with keys derived from
//! header bytes 0x03–0x0F; this reader undoes that.

use super::builder::GameBuilder;
use super::read::Malformed;
use super::tree::{listed_piece, PreOrder, RawMove, Tree};
use super::{ErrorKind, GameResult, ReadGame, RecordError};
use crate::encoding::{decode_as, Encoding};
use crate::{File, Rank, Setup, Square};

const HEADER: usize = 0x400;
/// The encryption stream mask (a copyright line, as XQStudio defines it).
const MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";
/// Keys of an XQF file (all zero before version 1.1).
struct Keys {
    version: u8,
    xy: u8,
    xyf: u8,
    xyt: u8,
    rmk: u32,
    stream: [u8; 32],
}

fn square54(x: u8) -> u8 {
    x.wrapping_mul(x).wrapping_mul(54).wrapping_add(221)
}

impl Keys {
    fn new(h: &[u8]) -> Keys {
        let version = h[2];
        if version <= 10 {
            return Keys {
                version,
                xy: 0,
                xyf: 0,
                xyt: 0,
                rmk: 0,
                stream: [0; 32],
            };
        }
        let (mask, or) = (h[3], [h[8], h[9], h[10], h[11]]);
        let (sum, kxy, kxyf, kxyt) = (h[12], h[13], h[14], h[15]);
        let xy = square54(kxy).wrapping_mul(kxy);
        let xyf = square54(kxyf).wrapping_mul(xy);
        let xyt = square54(kxyt).wrapping_mul(xyf);
        let rmk = (u32::from(sum) * 256 + u32::from(kxy)) % 32000 + 767;
        let k = [
            (sum & mask) | or[0],
            (kxy & mask) | or[1],
            (kxyf & mask) | or[2],
            (kxyt & mask) | or[3],
        ];
        let mut stream = [0u8; 32];
        for i in 0..32 {
            stream[i] = MASK[i] & k[i % 4];
        }
        Keys {
            version,
            xy,
            xyf,
            xyt,
            rmk,
            stream,
        }
    }
}

/// A cursor over the move section that undoes the encryption.
struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    stream: [u8; 32],
}

impl Cursor<'_> {
    fn bytes<const N: usize>(&mut self) -> Option<[u8; N]> {
        let raw = self.data.get(self.pos..self.pos + N)?;
        let mut out = [0u8; N];
        for (i, b) in raw.iter().enumerate() {
            out[i] = b.wrapping_sub(self.stream[(self.pos + i) % 32]);
        }
        self.pos += N;
        Some(out)
    }

    fn take(&mut self, n: usize) -> Option<Vec<u8>> {
        let raw = self.data.get(self.pos..self.pos.checked_add(n)?)?;
        let out = raw
            .iter()
            .enumerate()
            .map(|(i, b)| b.wrapping_sub(self.stream[(self.pos + i) % 32]))
            .collect();
        self.pos += n;
        Some(out)
    }
}

fn point(v: u8) -> Option<Square> {
    if v < 90 {
        Some(Square::from_coords(File::new(v / 10)?, Rank::new(v % 10)?))
    } else {
        None
    }
}

/// A length-prefixed string field of `size` bytes at `at`.
fn string(h: &[u8], at: usize, size: usize) -> String {
    let len = usize::from(h[at]).min(size - 1);
    let raw = &h[at + 1..at + 1 + len];
    let raw = raw.split(|&b| b == 0).next().unwrap_or(&[]);
    decode_as(raw, Encoding::Gb18030).trim().to_owned()
}

/// Reads an XQF file (one game).
pub fn read(data: &[u8]) -> Result<ReadGame, Malformed> {
    if !data.starts_with(b"XQ") {
        return Err(Malformed::new(0, "not an XQF file (no XQ magic)"));
    }
    if data.len() < HEADER {
        return Err(Malformed::new(
            data.len() as u64,
            format!("truncated XQF header: {} of {HEADER} bytes", data.len()),
        ));
    }
    let h = &data[..HEADER];
    let keys = Keys::new(h);
    let mut b = GameBuilder::new(0);
    for (name, at, size) in [
        ("Title", 0x50, 64),
        ("Event", 0xD0, 64),
        ("Date", 0x110, 16),
        ("Site", 0x120, 16),
        ("Red", 0x130, 16),
        ("Black", 0x140, 16),
        ("TimeControl", 0x150, 64),
        ("RedTime", 0x190, 16),
        ("BlackTime", 0x1A0, 16),
        ("Annotator", 0x1D0, 16),
        ("Author", 0x1E0, 16),
    ] {
        let v = string(h, at, size);
        if !v.is_empty() {
            b.tag(name, &v, at as u64);
        }
    }
    b.tagged_result(GameResult::from_code(h[0x33]), 0x33);

    // Pieces.
    let mut setup = Setup::empty();
    // From version 1.2 the 32 points are also rotated by the key.
    let mut raw = [0u8; 32];
    for i in 0..32 {
        let v = h[0x10 + i].wrapping_sub(keys.xy);
        if keys.version >= 12 {
            raw[(i + usize::from(keys.xy) + 1) % 32] = v;
        } else {
            raw[i] = v;
        }
    }
    for (i, &v) in raw.iter().enumerate() {
        if let Some(sq) = point(v) {
            setup.board[sq.index()] = Some(listed_piece(i));
        }
    }

    // Moves.
    let mut tree = Tree::new();
    let mut cur = Cursor {
        data,
        pos: HEADER,
        stream: keys.stream,
    };
    // Where the file is cut short, and what it was reading there.
    let mut truncated = None;
    let mut order = PreOrder::new();
    let file_len = data.len();
    let cut_record = |at: u64, size: usize| {
        let what = if at as usize >= file_len {
            format!("the file ends at byte {file_len}, where the move tree goes on (a {size}-byte move record is due)")
        } else {
            format!(
                "the file ends at byte {file_len} inside the {size}-byte move record at byte {at}"
            )
        };
        Some((at, what))
    };
    loop {
        let at = cur.pos as u64;
        let (rec, comment_len) = if keys.version <= 10 {
            let Some(r) = cur.bytes::<8>() else {
                truncated = cut_record(at, 8);
                break;
            };
            let len = u32::from_le_bytes([r[4], r[5], r[6], r[7]]);
            let flags = (if r[2] & 0xF0 != 0 { 0x80 } else { 0 })
                | (if r[2] & 0x0F != 0 { 0x40 } else { 0 });
            ([r[0], r[1], flags, r[3]], len as usize)
        } else {
            let Some(r) = cur.bytes::<4>() else {
                truncated = cut_record(at, 4);
                break;
            };
            let len = if r[2] & 0x20 != 0 {
                let Some(l) = cur.bytes::<4>() else {
                    truncated = Some((
                        cur.pos as u64,
                        format!(
                            "the file ends at byte {file_len} inside the length of the comment of the move record at byte {at}"
                        ),
                    ));
                    break;
                };
                (u32::from_le_bytes(l).wrapping_sub(keys.rmk)) as usize
            } else {
                0
            };
            (r, len)
        };
        let comment = if comment_len > 0 {
            let Some(c) = cur.take(comment_len) else {
                // (Also a length beyond any file: a broken or cut-short record.)
                truncated = Some((
                    cur.pos as u64,
                    format!(
                        "the comment of the move record at byte {at} declares {comment_len} bytes from byte {}; {} present",
                        cur.pos,
                        file_len - cur.pos.min(file_len)
                    ),
                ));
                break;
            };
            let c = c.split(|&b| b == 0).next().unwrap_or(&[]).to_vec();
            Some(decode_as(&c, Encoding::Gb18030))
        } else {
            None
        };
        let node = order.add(&mut tree, at, || {
            let from = rec[0].wrapping_sub(0x18).wrapping_sub(keys.xyf);
            let to = rec[1].wrapping_sub(0x20).wrapping_sub(keys.xyt);
            RawMove::from_points(from, to, point)
        });
        tree.nodes[node].comment = comment;
        if !order.advance(node, rec[2] & 0x80 != 0, rec[2] & 0x40 != 0) {
            break;
        }
    }
    tree.replay_from(setup, 0x10, &mut b);
    if let Some((at, what)) = truncated {
        let ply = order.parent().map_or(1, |p| tree.nodes[p].ply + 1);
        b.fail(
            RecordError::new(0, ErrorKind::Truncated(what))
                .at_ply(ply)
                .at_offset(at),
        );
    }
    Ok(b.finish())
}
