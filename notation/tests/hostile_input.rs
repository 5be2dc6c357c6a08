//! Hostile input: every reader gives games or a typed error on malicious or broken files —
//! never a panic, a hang, or memory that grows with the nesting or the comment size.
//! Inputs are generated here; nothing is committed.

mod common;

use std::io::Write;
use std::path::PathBuf;

use qili_notation::record::{self, ReadGame};
use qili_notation::{Position, Setup};

/// Every move a reader returned is legal from the game's start position.
fn assert_legal(games: &[ReadGame]) {
    for g in games {
        if g.game.moves.is_empty() {
            continue;
        }
        let mut pos = Position::try_from(g.game.setup.clone()).expect("legal start");
        for m in g.game.mainline() {
            assert!(pos.is_legal(m), "{m} in {pos:?}");
            pos.play_unchecked(m);
        }
    }
}

/// Reads `bytes` in memory (as `name`) and from a temporary file: both must return.
fn read_both(bytes: &[u8], name: &str) -> Vec<ReadGame> {
    let mem = record::read_bytes(bytes, name);
    let dir = std::env::temp_dir().join(format!("qili-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(bytes))
        .unwrap();
    let file = record::read_file(&path);
    let _ = std::fs::remove_file(&path);
    if let Ok(g) = &mem {
        assert_legal(g);
    }
    if let Ok(g) = &file {
        assert_legal(g);
    }
    file.or(mem).unwrap_or_default()
}

fn pgn(body: &str) -> String {
    format!("[Event \"hostile\"]\n[Result \"*\"]\n\n{body}\n")
}

#[test]
fn deeply_nested_variations() {
    let depth = 200_000;
    let body = format!(
        "1. h2e2 h9g7 {}2. h0g2{} *",
        "(1... b9c7 ".repeat(depth),
        ")".repeat(depth)
    );
    let games = read_both(pgn(&body).as_bytes(), "nested.pgn");
    assert_eq!(games.len(), 1);
    // The main line survives; the variations beyond the depth limit are reported.
    assert!(games[0].game.moves.len() >= 2, "{:?}", games[0].error);
    let problems = games[0].error.iter().chain(&games[0].warnings).count();
    assert!(
        problems > 0,
        "200,000 nested variations read without a word"
    );
}

#[test]
fn unbalanced_parentheses_and_braces() {
    for body in [
        "1. h2e2 ((((((((((((( h9g7",
        "1. h2e2 ))))))))) h9g7 *",
        "1. h2e2 {never closed h9g7 2. h0g2",
        "1. h2e2 } h9g7 { *",
        "1. h2e2 ; line comment\n h9g7 *",
    ] {
        let games = read_both(pgn(body).as_bytes(), "unbalanced.pgn");
        assert!(games.len() <= 1);
    }
}

#[test]
fn enormous_comments() {
    let big = "象".repeat(8 << 20); // 24 MB of comment
    let body = format!("1. h2e2 {{{big}}} h9g7 2. h0g2 *");
    let games = read_both(pgn(&body).as_bytes(), "comment.pgn");
    assert_eq!(games.len(), 1);
    // Either the comment is cut and the game read on, or the game stops there with a limit
    // error naming the place.
    match &games[0].error {
        None => assert_eq!(games[0].game.moves.len(), 3),
        Some(e) => assert_eq!(e.kind.name(), "limit", "{e:?}"),
    }
    let kept: usize = games[0]
        .game
        .moves
        .iter()
        .flat_map(|n| &n.comments_after)
        .map(|c| c.len())
        .sum();
    assert!(kept <= 2 << 20, "kept {kept} bytes of one comment");
    // Also an enormous tag and an enormous token.
    let tag = format!("[Event \"{}\"]\n\n1. h2e2 *\n", "x".repeat(4 << 20));
    read_both(tag.as_bytes(), "tag.pgn");
    let token = pgn(&format!("1. {} h2e2 *", "h".repeat(4 << 20)));
    read_both(token.as_bytes(), "token.pgn");
}

#[test]
fn invalid_utf8_and_gbk() {
    let mut bytes = pgn("1. h2e2 h9g7 *").into_bytes();
    bytes.extend_from_slice(&[0xff, 0xfe, 0x80, 0x81, b'[', 0xa4, b']', 0xc0, 0x80]);
    bytes.extend_from_slice("\n1. 炮二平五 ".as_bytes());
    bytes.extend_from_slice(&[0xb3, 0xb5, 0xb6, 0xfe, 0xce, 0xe5, b' ', 0x81, 0x30]);
    for name in ["bad.pgn", "bad.txt", "bad"] {
        read_both(&bytes, name);
    }
    // Pseudo-random bytes in every high range, as text and as a PGN body.
    let mut x = 0x9E37_79B9u32;
    let noise: Vec<u8> = (0..200_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 8) as u8
        })
        .collect();
    for name in [
        "noise.pgn",
        "noise.txt",
        "noise.xqf",
        "noise.cbl",
        "noise.cbr",
        "noise.cbf",
    ] {
        read_both(&noise, name);
    }
}

#[test]
fn truncated_binaries() {
    let Some(dir) = common::shared("games/cchess-formats/data") else {
        return;
    };
    let entries = std::fs::read_dir(&dir).unwrap();
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    let mut tried = 0;
    for path in files {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        if !["xqf", "cbr", "cbl", "cbf"].contains(&ext.as_str()) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let name = format!("cut.{ext}");
        // Every prefix of the first 2 KB, then prefixes at growing steps, then bit flips.
        let mut cuts: Vec<usize> = (0..bytes.len().min(2048)).collect();
        let mut c = 2048;
        while c < bytes.len() {
            cuts.push(c);
            c += c / 8 + 1;
        }
        for cut in cuts {
            let _ = record::read_bytes(&bytes[..cut], &name).map(|g| assert_legal(&g));
            tried += 1;
        }
        let mut flipped = bytes.clone();
        for i in (0..flipped.len()).step_by(97) {
            flipped[i] ^= 0x5a;
        }
        let _ = record::read_bytes(&flipped, &name).map(|g| assert_legal(&g));
    }
    assert!(tried > 0);
}

#[test]
fn moves_past_mate() {
    // Red mates with a chariot on Black's back rank (the other holds rank 8, the general the
    // e-file), then the record plays on.
    let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1";
    let body = format!("[FEN \"{fen}\"]\n\n1. b0b9 d9d8 2. b9b8 *\n");
    let games = read_both(body.as_bytes(), "mate.pgn");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    let mut pos = Position::from_fen(fen).unwrap();
    pos.play_unchecked(&g.game.moves[0].mv);
    assert!(pos.is_checkmate(), "test premise: b0b9 mates");
    assert_eq!(g.game.moves.len(), 1);
    let err = g.error.as_ref().expect("a move after mate is an error");
    assert_eq!(err.ply, Some(2), "{err:?}");
}

/// A record of `plies` plies: horses shuffling out and back (no capture, legal forever).
pub fn long_game(plies: usize) -> String {
    const DANCE: [&str; 4] = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let mut s = String::with_capacity(plies * 8 + 64);
    s.push_str("[Event \"long\"]\n[Format \"ICCS\"]\n\n");
    for i in 0..plies {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(DANCE[i % 4]);
        s.push(' ');
    }
    s.push_str("*\n");
    s
}

#[test]
fn million_ply_record() {
    let text = long_game(1_000_000);
    let games = read_both(text.as_bytes(), "long.pgn");
    assert_eq!(games.len(), 1);
    // Read up to the move limit (issue 37): memory is bounded as the game is read, and the
    // game fails, of kind `limit`, at the first move past it.
    let e = games[0].error.as_ref().expect("beyond the move limit");
    assert_eq!(e.kind.name(), "limit", "{e}");
    assert_eq!(e.ply, Some(record::MAX_MOVES + 1), "{e}");
    assert!(
        e.to_string().contains("1000000 plies"),
        "the game's length is told: {e}"
    );
    assert_eq!(games[0].game.moves.len(), record::MAX_MOVES);
    let _ = Setup::startpos();
}

#[test]
fn thousands_of_errors_in_a_gbk_file() {
    // 20,000 games, each stopping on an unreadable move: every error offset is mapped back
    // to the GBK bytes (this was quadratic in memory reading: minutes for this file).
    let text = "[Event \"象棋\"]\n\n1. 炮二平九九 *\n\n".repeat(20_000);
    let (gbk, _, _) = encoding_rs::GBK.encode(&text);
    let games = record::read_bytes(&gbk, "errors.pgn").unwrap();
    assert_eq!(games.len(), 20_000);
    let offsets: Vec<u64> = games
        .iter()
        .map(|g| {
            g.error
                .as_ref()
                .and_then(|e| e.byte_offset)
                .expect("an error with an offset")
        })
        .collect();
    // Strictly increasing, one game's length apart, inside the file.
    let step = offsets[1] - offsets[0];
    assert!(
        offsets.windows(2).all(|w| w[1] - w[0] == step),
        "{:?}",
        &offsets[..4]
    );
    assert!(*offsets.last().unwrap() < gbk.len() as u64);
    assert_eq!(
        &gbk[offsets[0] as usize..offsets[0] as usize + 2],
        &encoding_rs::GBK.encode("炮").0[..]
    );
}

/// A DhtmlXQ record chaining 200,000 variations, each off the one before: read and dropped
/// without recursion (it overflowed the stack).
#[test]
fn variations_nested_200_000_deep_in_a_dhtmlxq_record() {
    let mv = ["6270", "7967", "7062", "6779"];
    let depth = 200_000;
    let mut text = format!(
        "[DhtmlXQ]\n[DhtmlXQ_movelist]{}{}[/DhtmlXQ_movelist]\n",
        mv[1], mv[2]
    );
    for v in 1..=depth {
        let s = v + 1;
        text.push_str(&format!(
            "[DhtmlXQ_move_{p}_{s}_{v}]{}{}[/DhtmlXQ_move_{p}_{s}_{v}]\n",
            mv[s % 4],
            mv[(s + 1) % 4],
            p = v - 1
        ));
    }
    text.push_str("[/DhtmlXQ]\n");
    // On a thread with a small stack, as the audit's workers have.
    let games = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let games = record::read_bytes(text.as_bytes(), "deep.dhtmlxq").unwrap();
            let nodes = games[0].game.node_count();
            drop(games);
            nodes
        })
        .unwrap()
        .join()
        .expect("no stack overflow");
    // The variations are kept up to the move limit, then cut (with one warning).
    assert_eq!(games, 2 + record::MAX_MOVES);
}

/// A file of a format read whole, beyond `MAX_WHOLE`: refused before it is read.
#[test]
fn a_binary_record_beyond_the_size_cap_is_refused() {
    let dir = std::env::temp_dir().join(format!("qili-hostile-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.xqf");
    let f = std::fs::File::create(&path).unwrap();
    use std::io::Write as _;
    (&f).write_all(b"XQ\x0a").unwrap();
    // Sparse: no disk used.
    f.set_len(record::MAX_WHOLE + 1).unwrap();
    let e = record::read_file(&path).unwrap_err();
    assert!(matches!(e, record::ReadError::TooLarge { .. }), "{e}");
    assert!(e.to_string().contains("huge.xqf"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
