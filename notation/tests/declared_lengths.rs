//! Binary records checked against their own declared lengths (issue 14): an XQF or CCBridge
//! record cut anywhere in its move tree says where the file ends and what it was reading (a
//! move record, a comment whose declared length runs past the end: how many bytes are
//! present); a CCBridge library says what its index gives each record (its size in bytes)
//! when the file holds less, and a record whose moves end elsewhere than its index says.

mod common;

use qili_notation::record::{read_bytes, ReadError, ReadGame};

/// The games of `bytes` read as `name`, or the reason nothing could be read.
fn read(bytes: &[u8], name: &str) -> Result<Vec<ReadGame>, ReadError> {
    read_bytes(bytes, name)
}

/// A CCBridge record of the start position with `moves` (board indices, row 0 = Black's
/// back rank) in one line; `comment` on the first move.
fn cbr(moves: &[(u8, u8)], comment: Option<&str>) -> Vec<u8> {
    let mut d = b"CCBridge Record\0".to_vec();
    d.resize(0x8A6, 0);
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    let mut i = 0x848;
    for ch in start.chars() {
        match ch {
            '/' => {}
            '1'..='9' => i += ch as usize - '0' as usize,
            c => {
                let role = match c.to_ascii_lowercase() {
                    'r' => 1,
                    'n' => 2,
                    'b' => 3,
                    'a' => 4,
                    'k' => 5,
                    'c' => 6,
                    _ => 7,
                };
                d[i] = role + if c.is_ascii_uppercase() { 0x10 } else { 0x20 };
                i += 1;
            }
        }
    }
    d.extend([0, 0, 0, 0]); // the root
    for (k, &(from, to)) in moves.iter().enumerate() {
        let last = if k + 1 == moves.len() { 1 } else { 0 };
        match comment.filter(|_| k == 0) {
            Some(c) => {
                let text: Vec<u8> = c.encode_utf16().flat_map(u16::to_le_bytes).collect();
                d.extend([4 | last, 0, from, to]);
                d.extend((text.len() as u32).to_le_bytes());
                d.extend(text);
            }
            None => d.extend([last, 0, from, to]),
        }
    }
    d
}

/// 炮二平五 马8进7 炮八平六 (h2e2 h9g7 b2d2) as CCBridge board indices.
const MOVES: [(u8, u8); 3] = [(70, 67), (7, 24), (64, 66)];

/// A library of `records`, its index giving each the size `sizes[i]` (the records' own
/// sizes when `None`), listing `listed` records.
fn cbl(records: &[Vec<u8>], sizes: Option<&[usize]>, listed: usize) -> Vec<u8> {
    const INDEX: usize = 0x10440;
    const ENTRY: usize = 276;
    let capacity = 8;
    let mut d = b"CCBridgeLibrary\0".to_vec();
    d.resize(INDEX + capacity * ENTRY, 0);
    d[0x3C..0x40].copy_from_slice(&(capacity as u32).to_le_bytes());
    for k in 0..listed {
        let size = sizes.map_or_else(|| records.get(k).map_or(0, Vec::len), |s| s[k]);
        let e = INDEX + k * ENTRY;
        for (w, v) in [7, k, size.div_ceil(4096), size].into_iter().enumerate() {
            d[e + 4 * w..e + 4 * w + 4].copy_from_slice(&(v as u32).to_le_bytes());
        }
    }
    for r in records {
        let start = d.len();
        d.extend(r);
        d.resize(start + r.len().div_ceil(4096) * 4096, 0);
    }
    d
}

#[test]
fn a_library_cut_short_names_the_size_its_index_gives_the_record() {
    let records = [cbr(&MOVES, Some("开局")), cbr(&MOVES[..2], None)];
    let whole = cbl(&records, None, 2);
    let games = read(&whole, "t.cbl").unwrap();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(
            g.is_ok() && g.warnings.is_empty(),
            "{:?} {:?}",
            g.error,
            g.warnings
        );
    }
    assert_eq!(games[0].game.moves.len(), 3);
    // Cut inside the second record's moves: its size by the index, and what is missing.
    let second = whole.len() - 4096;
    let size = records[1].len();
    let cut = second + size - 2;
    let games = read(&whole[..cut], "t.cbl").unwrap();
    assert_eq!(games.len(), 2);
    let e = games[1].error.as_ref().expect("cut short");
    assert_eq!(e.kind.name(), "truncated");
    let message = e.to_string();
    assert!(
        message.contains(&format!(
            "index gives this record {size} bytes from byte {second}, the file holds {}: 2 missing",
            size - 2
        )),
        "{message}"
    );
    assert!(e.byte_offset.is_some_and(|o| o as usize <= cut), "{e:?}");
    assert_eq!(e.ply, Some(2));
    assert_eq!(
        games[1].game.moves.len(),
        1,
        "the move before the cut is kept"
    );
    // Cut inside the second record's header: nothing of it read, the size still named.
    let games = read(&whole[..second + 100], "t.cbl").unwrap();
    let message = games[1].error.as_ref().expect("header cut").to_string();
    assert!(
        message.contains(&format!("index gives this record {size} bytes")),
        "{message}"
    );
    // An index giving a record more bytes than its moves take: a warning of that game.
    let games = read(
        &cbl(&records, Some(&[records[0].len() + 8, size]), 2),
        "t.cbl",
    )
    .unwrap();
    assert!(games[0].is_ok());
    let w = games[0].warnings.first().expect("a warning");
    assert_eq!(w.kind.name(), "format");
    assert!(
        w.to_string().contains(&format!(
            "index gives this record {} bytes, its moves end after {}",
            records[0].len() + 8,
            records[0].len()
        )),
        "{w}"
    );
    assert!(games[1].warnings.is_empty());
    // An index listing more records than the file holds: the lost ones are counted.
    let games = read(
        &cbl(&records, Some(&[records[0].len(), size, 3000]), 3),
        "t.cbl",
    )
    .unwrap();
    assert_eq!(games.len(), 3);
    let message = games[2].error.as_ref().expect("lost").to_string();
    assert!(
        message.contains("lists 3 games, the file holds 2: 1 lost"),
        "{message}"
    );
}

#[test]
fn a_comment_longer_than_the_file_says_how_much_is_present() {
    let mut d = cbr(&MOVES, Some("开局"));
    // The comment's declared length (after the root and the move record) made larger.
    let at = 0x8A6 + 4 + 4;
    d[at..at + 4].copy_from_slice(&1000u32.to_le_bytes());
    let games = read(&d, "t.cbr").unwrap();
    let e = games[0].error.as_ref().expect("truncated");
    let message = e.to_string();
    let present = d.len() - (at + 4);
    assert!(
        message.contains(&format!(
            "comment of the move record at byte {} declares 1000 bytes from byte {}; {present} present",
            0x8A6 + 4,
            at + 4
        )),
        "{message}"
    );
    assert_eq!(e.ply, Some(1));
}

/// Every cut of every XQF and CCBridge sample inside its move tree is reported as
/// truncated, naming where the file ends; the whole file reads without one.
#[test]
fn every_cut_of_a_sample_names_where_the_file_ends() {
    let Some(dir) = common::games("cchess-formats/data") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
            ["xqf", "cbr"].contains(&ext.to_ascii_lowercase().as_str())
        })
        .collect();
    files.sort();
    let mut cuts_checked = 0;
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_lowercase();
        let whole = read(&bytes, &name).unwrap();
        let whole_cut = whole[0]
            .error
            .as_ref()
            .is_some_and(|e| e.kind.name() == "truncated");
        if whole_cut {
            continue; // (a sample cut short itself)
        }
        // From the end down: once a cut loses part of the tree, every shorter one does.
        let mut lost = false;
        let step = (bytes.len() / 400).max(1);
        for len in (1024..bytes.len()).rev().step_by(step) {
            let games = match read(&bytes[..len], &name) {
                Ok(g) => g,
                Err(ReadError::Malformed { offset, .. }) => {
                    // A header cut short: nothing read, the place named.
                    assert_eq!(offset, len as u64, "{name} cut at {len}");
                    continue;
                }
                Err(e) => panic!("{name} cut at {len}: {e}"),
            };
            let e = games[0]
                .error
                .as_ref()
                .filter(|e| e.kind.name() == "truncated");
            match e {
                None => assert!(
                    !lost,
                    "{name} cut at {len}: no error after a shorter cut lost moves"
                ),
                Some(e) => {
                    lost = true;
                    let message = e.to_string();
                    assert!(
                        message.contains(&format!("ends at byte {len}"))
                            || message.contains(&format!(
                                "; {} present",
                                len - e.byte_offset.unwrap() as usize
                            )),
                        "{name} cut at {len}: {message}"
                    );
                    assert!(e.ply.is_some(), "{name} cut at {len}: {message}");
                    assert!(e.byte_offset.is_some_and(|o| o as usize <= len));
                    cuts_checked += 1;
                }
            }
        }
    }
    if cuts_checked == 0 {
        eprintln!("note: no XQF or CCBridge sample with a move tree");
    }
}

/// The shared library cut as in the hostile-input table: the game at the cut names the
/// size the index gives it.
#[test]
fn the_shared_library_cut_at_300000_bytes() {
    let Some(path) = common::games("cchess-formats/data/1956年全国象棋锦标赛93局.CBL")
    else {
        return;
    };
    let bytes = std::fs::read(path).unwrap();
    let games = read(&bytes[..300_000], "cut.cbl").unwrap();
    assert_eq!(games.len(), 50);
    let message = games[48].error.as_ref().expect("cut").to_string();
    assert!(
        message.contains("index gives this record 2502 bytes from byte 298560, the file holds 1440: 1062 missing"),
        "{message}"
    );
    let whole = read(&bytes, "whole.cbl").unwrap();
    assert_eq!(whole.len(), 93);
    assert!(whole.iter().all(|g| g.warnings.is_empty() && g.is_ok()));
}
