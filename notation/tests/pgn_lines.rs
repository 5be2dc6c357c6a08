//! PGN lines as real files write them: tags and moves on one line, a whole game (or file) on
//! one line, several tags on one line, CR-only line endings. Each is read as the same game
//! written one tag per line, whether the text is held whole or streamed (and whether a tag
//! is whole in the reader's buffer or crosses its end).

use qili_notation::record::{pgn, read_bytes, ReadGame};
use qili_notation::Iccs;

/// A start position other than the usual one (red's cannon moved to the centre), so that a
/// `FEN` tag that is lost shows in the moves read.
const FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1";

fn whole(text: &str) -> Vec<ReadGame> {
    read_bytes(text.as_bytes(), "t.pgn").unwrap()
}

fn streamed(text: &str) -> Vec<ReadGame> {
    pgn::Games::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap()
}

fn iccs(g: &ReadGame) -> Vec<String> {
    g.game
        .mainline()
        .map(|m| Iccs::from_move(m).to_string())
        .collect()
}

/// Both readers give `n` games, each without error, and returns the streamed ones.
fn read(text: &str, n: usize) -> Vec<ReadGame> {
    let a = whole(text);
    let b = streamed(text);
    assert_eq!(a.len(), n, "{text:?}");
    assert_eq!(b.len(), n, "{text:?}");
    for (x, y) in a.iter().zip(&b) {
        assert!(x.is_ok(), "{text:?}: {:?}", x.error);
        assert!(y.is_ok(), "{text:?}: {:?}", y.error);
        assert_eq!(x.game.tags, y.game.tags);
        assert_eq!(iccs(x), iccs(y));
    }
    b
}

#[test]
fn tags_and_moves_on_one_line() {
    let g = read("[Result \"1-0\"] 1. h2e2 h9g7 2. h0g2 1-0\n", 1);
    assert_eq!(g[0].game.tag("Result"), Some("1-0"));
    assert_eq!(iccs(&g[0]), ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn several_tags_on_one_line_keep_the_fen() {
    let text = format!("[Event \"g\"][FEN \"{FEN}\"]\n1... h9g7 2. h0g2 *\n");
    let g = read(&text, 1);
    assert_eq!(g[0].game.tag("Event"), Some("g"));
    assert_eq!(g[0].game.tag("FEN"), Some(FEN));
    // Black to move: the FEN was read (from the start position, red moves first).
    assert_eq!(iccs(&g[0]), ["h9g7", "h0g2"]);
    let spaced = format!("[Event \"g\"]  [FEN \"{FEN}\"] 1... h9g7 *");
    assert_eq!(iccs(&read(&spaced, 1)[0]), ["h9g7"]);
}

#[test]
fn a_whole_file_on_one_line() {
    let text = format!(
        "[Event \"a\"] [Result \"1-0\"] 1. h2e2 h9g7 1-0 [Event \"b\"][FEN \"{FEN}\"] 1... b9c7 0-1"
    );
    let g = read(&text, 2);
    assert_eq!(g[0].game.tag("Event"), Some("a"));
    assert_eq!(iccs(&g[0]), ["h2e2", "h9g7"]);
    assert_eq!(g[1].game.tag("Event"), Some("b"));
    assert_eq!(iccs(&g[1]), ["b9c7"]);
}

#[test]
fn cr_only_line_endings() {
    let text = "[Event \"a\"]\r[Result \"1-0\"]\r\r1. h2e2 h9g7 ; a comment\r2. h0g2 1-0\r\r[Event \"b\"]\r1. c3c4 *\r";
    let g = read(text, 2);
    assert_eq!(g[0].game.tag("Result"), Some("1-0"));
    assert_eq!(iccs(&g[0]), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(g[0].game.moves[1].comments_after, ["a comment"]);
    assert_eq!(g[1].game.tag("Event"), Some("b"));
    assert_eq!(iccs(&g[1]), ["c3c4"]);
    // CRLF as before.
    let crlf = text.replace('\r', "\r\n");
    assert_eq!(iccs(&read(&crlf, 2)[0]), ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn quotes_and_brackets_inside_values() {
    let g = read(
        "[Event \"a \\\"b\\\" [c]\"][Red \"x\"y\"] [Site \"s\" ] 1. h2e2 *",
        1,
    );
    assert_eq!(g[0].game.tag("Event"), Some("a \"b\" [c]"));
    assert_eq!(g[0].game.tag("Red"), Some("x\"y"));
    assert_eq!(g[0].game.tag("Site"), Some("s"));
    assert_eq!(iccs(&g[0]), ["h2e2"]);
}

#[test]
fn a_tag_that_does_not_close_is_a_bad_tag_of_its_line_only() {
    let text = "[Event \"never closed\n[Result \"1-0\"] 1. h2e2 1-0\n";
    for g in [whole(text), streamed(text)] {
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].warnings.len(), 1, "{:?}", g[0].warnings);
        assert_eq!(g[0].game.tag("Result"), Some("1-0"));
        assert_eq!(iccs(&g[0]), ["h2e2"]);
    }
}

#[test]
fn tags_on_one_line_across_the_buffer_end() {
    // A comment that fills the reader's 64 KiB buffer up to a few bytes before the tags of
    // the second game, so that they are read byte by byte across a refill.
    for shift in 0..40 {
        let pad = "x".repeat(64 * 1024 - 40 + shift);
        let text = format!(
            "[Event \"a\"] 1. h2e2 {{{pad}}} *\n[Event \"b\"][FEN \"{FEN}\"] 1... h9g7 *\n"
        );
        let g = streamed(&text);
        assert_eq!(g.len(), 2, "shift {shift}");
        assert_eq!(g[1].game.tag("FEN"), Some(FEN), "shift {shift}");
        assert_eq!(iccs(&g[1]), ["h9g7"], "shift {shift}");
    }
}

/// A game in Chinese notation, `event` its name.
fn chinese_game(event: &str) -> String {
    format!("[Event \"{event}\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n\n")
}

#[test]
fn a_small_file_mixing_encodings_is_decoded_game_by_game() {
    let mut raw = Vec::new();
    for i in 0..100 {
        raw.extend_from_slice(chinese_game(&format!("对局{i}")).as_bytes());
    }
    let simplified = chinese_game("简体");
    let (gbk, _, _) = encoding_rs::GBK.encode(&simplified);
    raw.extend_from_slice(&gbk);
    assert!(raw.len() <= 64 * 1024);
    let games = read_bytes(&raw, "mixed.pgn").unwrap();
    assert_eq!(games.len(), 101);
    for g in &games {
        assert!(g.is_ok(), "{:?}", g.error);
        assert_eq!(g.game.mainline().count(), 4);
    }
    assert_eq!(games[42].game.tag("Event"), Some("对局42"));
    assert_eq!(games[100].game.tag("Event"), Some("简体"));
}

#[test]
fn one_stray_byte_loses_one_game_and_the_error_names_the_encoding() {
    let mut raw = Vec::new();
    for i in 0..20 {
        raw.extend_from_slice(chinese_game(&format!("对局{i}")).as_bytes());
    }
    // A stray byte in the moves of game 21.
    let bad = chinese_game("坏").replace("马二进三", "马二\u{1}进三");
    raw.extend_from_slice(&bad.replace('\u{1}', "").into_bytes());
    let at = raw.len();
    raw.extend_from_slice(b"[Event \"x\"]\n1. \xff\xfe 1-0\n");
    let games = read_bytes(&raw, "stray.pgn").unwrap();
    assert_eq!(games.len(), 22);
    assert!(games[..21].iter().all(ReadGame::is_ok));
    let e = games[21]
        .error
        .as_ref()
        .expect("the stray bytes are not a move");
    assert_eq!(e.game, 21);
    assert!(e.byte_offset.unwrap() >= at as u64, "{e}");
    assert!(e.encoding.is_some(), "{e}");
    assert!(
        e.to_string().contains("(gb18030)") || e.to_string().contains("(big5)"),
        "{e}"
    );
}
