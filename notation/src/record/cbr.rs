//! CCBridge (象棋桥) binary records (`.cbr`) and libraries of records (`.cbl`).
//!
//! A record starts with the magic `CCBridge Record\0`, holds fixed-size UTF-16LE string
//! fields (NUL-terminated; the rest of a field is garbage), the result at 0x81C, the board
//! (90 bytes from 0x848, row by row from Black's side; `0x11..=0x17` Red chariot, horse,
//! elephant, advisor, general, cannon, soldier; `0x21..=0x27` the same for Black), then from
//! 0x8A6 the move records: `flags, 0, from, to` (points as board indices), flags `4` = a
//! comment follows (u32 byte length, UTF-16LE), `2` = this move has an alternative, given
//! after the current line ends, `1` = the line ends. The first move record is the root
//! (the start position; its comment is the game comment).
//!
//! A library (`CCBridgeLibrary\0`) has a header, an index of `capacity` (u32 at 0x3C)
//! entries of 276 bytes from 0x10440, then the records, each in one or more 4096-byte
//! blocks.

use super::builder::GameBuilder;
use super::read::Malformed;
use super::tree::{PreOrder, RawMove, Tree};
use super::{ErrorKind, GameResult, ReadGame, RecordError};
use crate::{Color, Piece, Role, Setup, Square};

/// Magic of a record.
pub const RECORD_MAGIC: &[u8] = b"CCBridge Record\0";
/// Magic of a library.
pub const LIBRARY_MAGIC: &[u8] = b"CCBridgeLibrary\0";

const BLOCK: usize = 4096;
const INDEX_START: usize = 0x10440;
const INDEX_ENTRY: usize = 276;
const BOARD: usize = 0x848;
const MOVES: usize = 0x8A6;

/// String fields: tag name, offset, size in bytes.
const FIELDS: [(&str, usize, usize); 13] = [
    ("Title", 0xB4, 0x80),
    ("Opening", 0x134, 0x40),
    ("ContestType", 0x274, 0x40),
    ("Event", 0x2B4, 0x40),
    ("Round", 0x2F4, 0x40),
    ("Group", 0x334, 0x40),
    ("Date", 0x374, 0x40),
    ("Site", 0x3B4, 0x40),
    ("Red", 0x434, 0x40),
    ("RedTeam", 0x474, 0x40),
    ("Black", 0x514, 0x40),
    ("BlackTeam", 0x554, 0x40),
    ("Annotator", 0x6F4, 0x40),
];

fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units)
}

fn piece(code: u8) -> Option<Piece> {
    let color = match code >> 4 {
        1 => Color::Red,
        2 => Color::Black,
        _ => return None,
    };
    let role = match code & 0x0F {
        1 => Role::Chariot,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::General,
        6 => Role::Cannon,
        7 => Role::Soldier,
        _ => return None,
    };
    Some(Piece::new(color, role))
}

/// Board index (row 0 = Black's back rank) → point.
fn point(i: u8) -> Option<Square> {
    if i < 90 {
        Square::from_xy((i % 9) as i8, 9 - (i / 9) as i8)
    } else {
        None
    }
}

/// Reads one record (`data` starts with the record magic); `index` is its place in a
/// library.
pub fn read_record(data: &[u8], index: usize) -> Result<ReadGame, Malformed> {
    read_record_end(data, index, 0).map(|(g, _)| g)
}

/// [`read_record`], with the byte at which its move records end (where they stopped when
/// the record is cut short); `base` is the record's offset in its file, for the byte
/// offsets its messages name.
fn read_record_end(data: &[u8], index: usize, base: usize) -> Result<(ReadGame, usize), Malformed> {
    if !data.starts_with(RECORD_MAGIC) {
        return Err(Malformed::new(0, "not a CCBridge record (no magic)"));
    }
    if data.len() < MOVES + 4 {
        return Err(Malformed::new(
            data.len() as u64,
            format!(
                "truncated CCBridge record: {} of at least {} bytes",
                data.len(),
                MOVES + 4
            ),
        ));
    }
    let mut b = GameBuilder::new(index);
    for (name, at, size) in FIELDS {
        let v = utf16(&data[at..at + size]);
        if !v.trim().is_empty() {
            b.tag(name, &v, at as u64);
        }
    }
    b.tagged_result(GameResult::from_code(data[0x81C]), 0x81C);
    let mut setup = Setup::empty();
    for i in 0..90u8 {
        let code = data[BOARD + usize::from(i)];
        if code == 0 {
            continue;
        }
        match (piece(code), point(i)) {
            (Some(p), Some(sq)) => setup.board[sq.index()] = Some(p),
            _ => {
                let at = (BOARD + usize::from(i)) as u64;
                b.fail(
                    RecordError::new(
                        index,
                        ErrorKind::Format(format!("unknown piece code {code:#04x}")),
                    )
                    .at_offset(at),
                );
            }
        }
    }
    if data[0x844] == 2 {
        setup.turn = Color::Black;
    }

    let mut tree = Tree::new();
    let mut pos = MOVES;
    let mut order = PreOrder::new();
    // Where the record is cut short, and what it was reading there.
    let mut truncated = None;
    let end = base + data.len();
    loop {
        // Offsets in messages are the file's.
        let abs_at = base + pos;
        let at = pos;
        let Some(rec) = data.get(pos..pos + 4) else {
            let what = if abs_at >= end {
                format!("the record ends at byte {end}, where the move tree goes on (a 4-byte move record is due)")
            } else {
                format!(
                    "the record ends at byte {end} inside the 4-byte move record at byte {abs_at}"
                )
            };
            truncated = Some((at, what));
            break;
        };
        pos += 4;
        let comment = if rec[0] & 4 != 0 {
            let Some(len) = data.get(pos..pos + 4) else {
                truncated = Some((
                    pos,
                    format!(
                        "the record ends at byte {end} inside the length of the comment of the move record at byte {abs_at}"
                    ),
                ));
                break;
            };
            let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
            pos += 4;
            let Some(text) = data.get(pos..pos.saturating_add(len)) else {
                truncated = Some((
                    pos,
                    format!(
                        "the comment of the move record at byte {abs_at} declares {len} bytes from byte {}; {} present",
                        base + pos,
                        end - (base + pos)
                    ),
                ));
                break;
            };
            pos += len;
            Some(utf16(text))
        } else {
            None
        };
        let node = order.add(&mut tree, at as u64, || {
            RawMove::from_points(rec[2], rec[3], point)
        });
        tree.nodes[node].comment = comment;
        if !order.advance(node, rec[0] & 1 == 0, rec[0] & 2 != 0) {
            break;
        }
    }
    tree.replay_from(setup, BOARD as u64, &mut b);
    if let Some((at, what)) = truncated {
        let ply = order.parent().map_or(1, |p| tree.nodes[p].ply + 1);
        b.fail(
            RecordError::new(index, ErrorKind::Truncated(what))
                .at_ply(ply)
                .at_offset(at as u64),
        );
    }
    Ok((b.finish(), pos))
}

/// Reads every record of a library.
pub fn read_library(data: &[u8]) -> Result<Vec<ReadGame>, Malformed> {
    if !data.starts_with(LIBRARY_MAGIC) {
        return Err(Malformed::new(0, "not a CCBridge library (no magic)"));
    }
    let Some(cap) = data.get(0x3C..0x40) else {
        return Err(Malformed::new(
            data.len() as u64,
            "truncated CCBridge library header",
        ));
    };
    let capacity = u32::from_le_bytes([cap[0], cap[1], cap[2], cap[3]]) as usize;
    let mut start = capacity
        .checked_mul(INDEX_ENTRY)
        .and_then(|n| n.checked_add(INDEX_START));
    // The index lists the library's records: an entry whose first word (its flags) is not
    // zero is in use, and its fourth word is the record's size in bytes (its third, the
    // 4096-byte blocks it takes), in the order of the records in the file. Read only when
    // the records start right after the index (the known layout), so that the count and
    // the sizes can be checked against the records found.
    let mut declared: Option<Vec<usize>> = None;
    if start.is_some_and(|s| data.get(s..).is_some_and(|d| d.starts_with(RECORD_MAGIC))) {
        let word = |e: &[u8], i: usize| {
            u32::from_le_bytes([e[4 * i], e[4 * i + 1], e[4 * i + 2], e[4 * i + 3]]) as usize
        };
        declared = Some(
            data[INDEX_START..]
                .chunks_exact(INDEX_ENTRY)
                .take(capacity)
                .filter(|e| word(e, 0) != 0)
                .map(|e| word(e, 3))
                .collect(),
        );
    } else {
        // Unknown layout: the first record magic on a 16-byte boundary.
        start = (0..data.len().saturating_sub(16))
            .step_by(16)
            .find(|&o| data[o..].starts_with(RECORD_MAGIC));
    }
    let Some(start) = start else {
        return Ok(Vec::new());
    };
    let is_record = |o: usize| data.get(o..).is_some_and(|d| d.starts_with(RECORD_MAGIC));
    let mut games = Vec::new();
    let mut o = start;
    while o < data.len() {
        if !is_record(o) {
            o += BLOCK;
            continue;
        }
        let mut end = o + BLOCK;
        while end < data.len() && !is_record(end) {
            end += BLOCK;
        }
        let end = end.min(data.len());
        let index = games.len();
        // The size the index gives this record, when it has more bytes than the file holds
        // for it (the file or the record cut short): said in the error.
        let size = declared.as_ref().and_then(|d| d.get(index).copied());
        let short = size
            .filter(|&n| n > end - o)
            .map(|n| {
                format!(
                    "the library's index gives this record {n} bytes from byte {o}, the file holds {}: {} missing; ",
                    end - o,
                    n - (end - o)
                )
            })
            .unwrap_or_default();
        match read_record_end(&data[o..end], index, o) {
            Ok((mut g, read)) => {
                g.map_offsets(|off| off + o as u64);
                for e in g.errors_mut() {
                    if let ErrorKind::Truncated(m) = &mut e.kind {
                        m.insert_str(0, &short);
                    }
                }
                if let Some(n) = size.filter(|&n| g.error.is_none() && n != read) {
                    // Read to its end, yet not the size the index gives it.
                    g.warnings.push(
                        RecordError::new(
                            index,
                            ErrorKind::Format(format!(
                                "the library's index gives this record {n} bytes, its moves end after {read}"
                            )),
                        )
                        .at_offset((o + read) as u64),
                    );
                }
                games.push(g);
            }
            Err(m) => games.push(GameBuilder::failed(
                RecordError::new(index, ErrorKind::Truncated(format!("{short}{}", m.message)))
                    .at_offset(o as u64 + m.offset),
            )),
        }
        o = end;
    }
    let listed = declared.map(|d| d.len());
    if let Some(listed) = listed.filter(|&n| n > games.len()) {
        // The file ends before the records its index lists: the rest are lost.
        let index = games.len();
        games.push(GameBuilder::failed(
            RecordError::new(
                index,
                ErrorKind::Truncated(format!(
                    "the library's index lists {listed} games, the file holds {index}: {} lost",
                    listed - index
                )),
            )
            .at_offset(data.len() as u64),
        ));
    }
    Ok(games)
}
