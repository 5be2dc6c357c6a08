//! Each malformed input fails with a kind and a place (game, ply, byte offset), keeps what
//! was read before the problem, and never panics; hostile nesting and sizes hit limits.

use qili_notation::record::{pgn, read_bytes, ReadError, ReadGame};

fn one(bytes: &[u8], name: &str) -> ReadGame {
    let mut games = read_bytes(bytes, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(games.len(), 1, "{name}");
    games.remove(0)
}

/// (input, kind, ply, text at the byte offset, moves kept).
const PGN_CASES: &[(&str, &str, Option<usize>, &str, usize)] = &[
    ("1. h2e2 zz99 *", "unknown_move", Some(2), "zz99", 1),
    ("1. h2e2 h9g7 2. h2h9 *", "illegal_move", Some(3), "h2h9", 2),
    ("1. h2e2 {never closed", "syntax", None, "{never", 1),
    ("1. h2e2 } h9g7 *", "syntax", None, "}", 1),
    ("1. h2e2 ) h9g7 *", "syntax", None, ")", 1),
    ("[FEN \"x]\n1. h2e2 *", "syntax", None, "[FEN", 0),
    (
        "[FEN \"rnbakabnr/9/1c5c1 w\"]\n1. h2e2 *",
        "fen",
        None,
        "[FEN",
        0,
    ),
    (
        "[FEN \"4k4/9/9/9/9/9/9/9/9/9 w\"]\n1. e9e8 *",
        "position",
        None,
        "e9e8",
        0,
    ),
    ("1. h2e2 $x *", "syntax", None, "$x", 1),
];

#[test]
fn pgn_error_table() {
    for &(text, kind, ply, at, kept) in PGN_CASES {
        let g = one(text.as_bytes(), "case.pgn");
        let e = g
            .error
            .as_ref()
            .unwrap_or_else(|| panic!("{text}: no error"));
        assert_eq!(e.kind.name(), kind, "{text}: {e}");
        assert_eq!(e.ply, ply, "{text}");
        let off = e.byte_offset.unwrap_or_else(|| panic!("{text}: no offset")) as usize;
        assert!(
            text[off..].starts_with(at),
            "{text}: offset {off} is at {:?}",
            &text[off..]
        );
        assert_eq!(g.game.moves.len(), kept, "{text}: moves kept");
        assert_eq!(e.file.as_deref(), Some("case.pgn"));
        assert!(e.to_string().starts_with("case.pgn: game 1"), "{e}");
    }
}

#[test]
fn ambiguous_tandem_is_reported() {
    // Two red chariots on the same file: 车一进一 does not say which.
    let text = "[FEN \"4k4/9/9/9/4p4/9/9/8R/9/4K3R w\"]\n1. 车一进一 *";
    let g = one(text.as_bytes(), "amb.pgn");
    let e = g.error.expect("ambiguous");
    assert_eq!((e.kind.name(), e.ply), ("ambiguous_move", Some(1)));
    assert!(text[e.byte_offset.unwrap() as usize..].starts_with("车一进一"));
}

#[test]
fn bad_tag_loses_only_itself() {
    let text = "[Event \"x]\n[Red \"r\"]\n1. h2e2 *";
    let g = one(text.as_bytes(), "t.pgn");
    assert!(g.is_ok(), "{:?}", g.error);
    assert_eq!(g.game.moves.len(), 1);
    assert_eq!(g.game.tag("Red"), Some("r"));
    assert_eq!(
        (g.warnings[0].kind.name(), g.warnings[0].byte_offset),
        ("syntax", Some(0))
    );
}

#[test]
fn later_games_are_read_after_a_broken_one() {
    let text = "[Event \"a\"]\n1. h2e2 {open\n\n[Event \"b\"]\n1. h2e2 h9g7 *\n";
    let games = read_bytes(text.as_bytes(), "x.pgn").unwrap();
    // The unclosed comment swallows the rest: one game, with the error at the brace.
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].error.as_ref().unwrap().kind.name(), "syntax");
    let text = "[Event \"a\"]\n1. h2e2 zz *\n\n[Event \"b\"]\n1. h2e2 h9g7 *\n";
    let games = read_bytes(text.as_bytes(), "x.pgn").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].error.as_ref().unwrap().game, 0);
    assert!(games[1].is_ok());
    assert_eq!(games[1].game.moves.len(), 2);
}

#[test]
fn bad_variation_keeps_the_main_line() {
    let g = one(b"1. h2e2 h9g7 (1... zz) 2. h0g2 *", "v.pgn");
    assert!(g.is_ok());
    assert_eq!(g.game.moves.len(), 3);
    assert_eq!(g.warnings.len(), 1);
    assert_eq!(
        (g.warnings[0].kind.name(), g.warnings[0].ply),
        ("unknown_move", Some(2))
    );
}

#[test]
fn deep_nesting_and_huge_comments_hit_limits() {
    let mut text = String::from("1. h2e2 ");
    text.push_str(&"( h2e2 ".repeat(200_000));
    text.push_str(&")".repeat(200_000));
    text.push_str(" h9g7 *");
    let g = one(text.as_bytes(), "deep.pgn");
    // The excess is skipped; the main line goes on.
    assert!(g.is_ok(), "{:?}", g.error);
    assert_eq!(g.game.moves.len(), 2);
    assert_eq!(g.warnings[0].kind.name(), "limit");
    assert_eq!(g.warnings[0].byte_offset, Some(8 + 7 * 64));
    let mut text = String::from("1. h2e2 {");
    text.push_str(&"x".repeat(3 << 20));
    text.push_str("} h9g7 *");
    let g = one(text.as_bytes(), "big.pgn");
    assert_eq!(g.game.moves.len(), 2);
    assert_eq!(g.warnings[0].kind.name(), "limit");
    assert_eq!(g.warnings[0].byte_offset, Some(8));
    // Limits are configurable.
    let limits = pgn::PgnLimits {
        max_depth: 1,
        ..pgn::PgnLimits::default()
    };
    let g = pgn::Games::with_limits(&b"1. h2e2 h9g7 (1... b9c7 (1... b7e7)) *"[..], limits)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(g.warnings[0].kind.name(), "limit");
    assert_eq!(g.game.moves[1].variations.len(), 1);
}

/// A version 1.0 XQF: start position, then `moves` (from, to as x*10+y) in one line.
fn xqf_v10(moves: &[(u8, u8)]) -> Vec<u8> {
    let mut d = vec![0u8; 0x400];
    d[0] = b'X';
    d[1] = b'Q';
    d[2] = 10;
    let pieces: [u8; 32] = [
        0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83, 9, 19, 29, 39, 49, 59, 69,
        79, 89, 17, 77, 6, 26, 46, 66, 86,
    ];
    d[0x10..0x30].copy_from_slice(&pieces);
    let next = |last: bool| if last { 0 } else { 0xF0 };
    d.extend([0x18, 0x20, next(moves.is_empty()), 0xFF, 0, 0, 0, 0]);
    for (i, &(f, t)) in moves.iter().enumerate() {
        d.extend([f + 24, t + 32, next(i + 1 == moves.len()), 0, 0, 0, 0, 0]);
    }
    d
}

#[test]
fn xqf_errors() {
    // 炮二平五 (h2e2: x=7,y=2 → x=4,y=2), 马8进7 (h9g7).
    let good = xqf_v10(&[(72, 42), (79, 67)]);
    let g = one(&good, "g.xqf");
    assert!(g.is_ok(), "{:?}", g.error);
    assert_eq!(g.game.moves.len(), 2);
    // Truncated in the second move record.
    let cut = &good[..good.len() - 3];
    let g = one(cut, "cut.xqf");
    let e = g.error.expect("truncated");
    assert_eq!(
        (e.kind.name(), e.ply, e.byte_offset),
        ("truncated", Some(2), Some(0x410))
    );
    assert_eq!(g.game.moves.len(), 1);
    // An illegal move.
    let g = one(&xqf_v10(&[(72, 49)]), "bad.xqf");
    let e = g.error.expect("illegal");
    assert_eq!(
        (e.kind.name(), e.ply, e.byte_offset),
        ("illegal_move", Some(1), Some(0x408))
    );
    // A point off the board.
    let g = one(&xqf_v10(&[(72, 95)]), "off.xqf");
    assert_eq!(g.error.expect("off board").kind.name(), "format");
    // A header cut short: nothing to read.
    match read_bytes(&good[..100], "short.xqf") {
        Err(ReadError::Malformed { offset, .. }) => assert_eq!(offset, 100),
        other => panic!("{other:?}"),
    }
}

#[test]
fn cbr_cbf_dhtmlxq_errors() {
    // A CCBridge record whose comment length runs past the end.
    let mut d = b"CCBridge Record\0".to_vec();
    d.resize(0x8A6, 0);
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    let codes = |c: char| match c.to_ascii_lowercase() {
        'r' => 1,
        'n' => 2,
        'b' => 3,
        'a' => 4,
        'k' => 5,
        'c' => 6,
        _ => 7,
    };
    let mut i = 0x848;
    for ch in start.chars() {
        match ch {
            '/' => {}
            '1'..='9' => i += ch as usize - '0' as usize,
            c => {
                d[i] = codes(c) + if c.is_ascii_uppercase() { 0x10 } else { 0x20 };
                i += 1;
            }
        }
    }
    d.extend([0, 0, 0, 0]); // root
    d.extend([4, 0, 70, 67, 200, 0, 0, 0, b'x', 0]); // h2e2 with a 200-byte comment
    let g = one(&d, "t.cbr");
    let e = g.error.expect("truncated");
    assert_eq!(e.kind.name(), "truncated");
    assert_eq!(e.byte_offset, Some(0x8AA + 8));
    // CBF with an unclosed element.
    let g = one(
        b"<ChineseChessRecord><MoveList><Move value=\"77-47\"/>",
        "t.cbf",
    );
    assert_eq!(g.game.moves.len(), 1);
    let e = g.error.expect("unclosed");
    assert_eq!(e.kind.name(), "syntax");
    // DhtmlXQ with a short binit.
    let g = one(
        b"[DhtmlXQ][DhtmlXQ_binit]8979[/DhtmlXQ_binit][/DhtmlXQ]",
        "t.txt",
    );
    assert_eq!(g.error.expect("binit").kind.name(), "format");
}

#[test]
fn dhtmlxq_variations_and_comments() {
    // Coordinates are column x, row y from Black's side. Main line 炮二平五 马8进7
    // (7747 7062); line 1 replaces ply 2 by 马2进3 (1022) and goes on with 马二进三 (7967);
    // line 2 branches off line 1 at ply 3 with 马八进七 (1927).
    let text = "<p>[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
        [DhtmlXQ_move_0_2_1]10227967[/DhtmlXQ_move_0_2_1]\
        [DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]\
        [DhtmlXQ_comment0]start[/DhtmlXQ_comment0][DhtmlXQ_comment1]centre[/DhtmlXQ_comment1]\
        [DhtmlXQ_comment1_2]alt[/DhtmlXQ_comment1_2][/DhtmlXQ]</p>";
    let g = one(text.as_bytes(), "v.html");
    assert!(g.is_ok(), "{:?}", g.error);
    let moves: Vec<String> = g.game.mainline().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["h2e2", "h9g7"]);
    assert_eq!(g.game.comments, ["start"]);
    assert_eq!(g.game.moves[0].comments_after, ["centre"]);
    let v1 = &g.game.moves[1].variations[0];
    let v1_moves: Vec<String> = v1.iter().map(|n| n.mv.to_string()).collect();
    assert_eq!(v1_moves, ["b9c7", "h0g2"]);
    assert_eq!(v1[0].comments_after, ["alt"]);
    let v2: Vec<String> = v1[1].variations[0]
        .iter()
        .map(|n| n.mv.to_string())
        .collect();
    assert_eq!(v2, ["b0c2"]);
}
