//! PGN reading: structure (tags, comments, NAGs, nested variations, results, many games),
//! notations (declared by `Format` or detected), encodings decoded before tokenising, and
//! writing back.

use qili_notation::record::{pgn, read_bytes, write, GameResult, ReadGame};
use qili_notation::{Iccs, Notation};

fn games(bytes: &[u8]) -> Vec<ReadGame> {
    read_bytes(bytes, "t.pgn").unwrap()
}

fn iccs(g: &ReadGame) -> Vec<String> {
    g.game
        .mainline()
        .map(|m| Iccs::from_move(m).to_string())
        .collect()
}

const RICH: &str = "\
% an escaped line {not a comment
[Event \"Rich \\\"one\\\"\"]
[Format \"ICCS\"]

{before} 1. h2e2! {after h2e2} h9g7 $14 ; rest of line
(1... b9c7 {alt} 2. h0g2 (2. b0c2 {deeper}) h7e7)
(1... c6c5)
2. h0g2 1/2-1/2

[Event \"second\"]
1. c3c4 *
";

#[test]
fn structure() {
    let g = games(RICH.as_bytes());
    assert_eq!(g.len(), 2);
    let a = &g[0].game;
    assert!(g[0].is_ok(), "{:?}", g[0].error);
    assert_eq!(a.tag("Event"), Some("Rich \"one\""));
    assert_eq!(a.comments, ["before"]);
    assert_eq!(iccs(&g[0]), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(a.moves[0].nags, [1]);
    assert_eq!(a.moves[0].comments_after, ["after h2e2"]);
    assert_eq!(a.moves[1].nags, [14]);
    assert_eq!(a.moves[1].comments_after, ["rest of line"]);
    let vars = &a.moves[1].variations;
    assert_eq!(vars.len(), 2);
    assert_eq!(vars[0].len(), 3);
    assert_eq!(vars[0][0].comments_after, ["alt"]);
    assert_eq!(vars[0][1].variations[0][0].comments_after, ["deeper"]);
    assert_eq!(vars[1].len(), 1);
    assert_eq!(a.result, Some(GameResult::Draw));
    assert_eq!(a.node_count(), 3 + 3 + 1 + 1);
    assert_eq!(g[1].game.tag("Event"), Some("second"));
    assert_eq!(g[1].game.result, Some(GameResult::Unknown));
}

#[test]
fn write_and_read_back() {
    let g = &games(RICH.as_bytes())[0];
    for n in [Notation::Iccs, Notation::Chinese, Notation::Wxf] {
        let text = write::pgn(&g.game, n);
        let back = &games(text.as_bytes())[0];
        assert!(back.is_ok(), "{n:?}: {:?}\n{text}", back.error);
        assert_eq!(back.game.moves, g.game.moves, "{n:?}\n{text}");
        assert_eq!(back.game.comments, g.game.comments);
        assert_eq!(back.game.result, g.game.result);
    }
}

#[test]
fn black_to_move_and_footer() {
    let text = "[FEN \"4k4/9/9/9/9/9/9/9/4r4/3K5 b - - 0 1\"]\n1... e1d1 2. d0d1 *\n==== footer ====\nnot moves\n";
    let g = games(text.as_bytes());
    assert_eq!(g.len(), 1);
    assert!(g[0].is_ok(), "{:?}", g[0].error);
    assert_eq!(iccs(&g[0]), ["e1d1", "d0d1"]);
    let out = write::pgn(&g[0].game, Notation::Iccs);
    assert!(out.contains("1... e1d1 2. d0d1 *"), "{out}");
}

#[test]
fn notations_declared_or_detected() {
    let wxf = "[Format \"WXF\"]\n1. C2.5 H8+7 2. H2+3 R9.8 *";
    let chinese = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ *";
    let fullwidth = "1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９＝８ *";
    let traditional = "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ *";
    let expected = ["h2e2", "h9g7", "h0g2", "i9h9"];
    for t in [wxf, chinese, fullwidth, traditional] {
        let g = &games(t.as_bytes())[0];
        assert!(g.is_ok(), "{t}: {:?}", g.error);
        assert_eq!(iccs(g), expected, "{t}");
    }
}

#[test]
fn encodings_are_decoded_before_tokenising() {
    // 功 is A5 5C in Big5 and 許 is B3 5C: their second bytes are backslashes, and the
    // Big5 text holds a `]`-like byte pattern only when read as ASCII.
    let text = "[Event \"功夫許\"]\n[Red \"車馬\"]\n\n1. 炮二平五 馬８進７ {功} 1-0\n";
    let (big5, _, _) = encoding_rs::BIG5.encode(text);
    assert!(big5.contains(&b'\\'));
    let g = &games(&big5)[0];
    assert!(g.is_ok(), "{:?}", g.error);
    assert_eq!(g.game.tag("Event"), Some("功夫許"));
    assert_eq!(g.game.moves[1].comments_after, ["功"]);
    // GBK, UTF-16LE with BOM, UTF-8 with BOM.
    let simplified = "[Event \"象棋\"]\n1. 炮二平五 马８进７ 0-1\n";
    let (gbk, _, _) = encoding_rs::GBK.encode(simplified);
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(simplified.encode_utf16().flat_map(u16::to_le_bytes));
    let mut utf8 = b"\xEF\xBB\xBF".to_vec();
    utf8.extend(simplified.as_bytes());
    for bytes in [gbk.into_owned(), utf16, utf8] {
        let g = &games(&bytes)[0];
        assert!(g.is_ok(), "{:?}", g.error);
        assert_eq!(g.game.tag("Event"), Some("象棋"));
        assert_eq!(iccs(g), ["h2e2", "h9g7"]);
        assert_eq!(g.game.result, Some(GameResult::BlackWins));
    }
}

#[test]
fn offsets_are_in_the_original_encoding() {
    let text = "[Event \"車馬炮\"]\n1. 炮二平五 馬９進９ *\n";
    let (big5, _, _) = encoding_rs::BIG5.encode(text);
    let e = games(&big5)[0].error.clone().expect("bad move");
    assert_eq!(e.ply, Some(2));
    let off = e.byte_offset.unwrap() as usize;
    let (rest, _, _) = encoding_rs::BIG5.decode(&big5[off..]);
    assert!(rest.starts_with("馬９進９"), "{rest}");
}

#[test]
fn streaming_visitor_sees_elements_in_order() {
    #[derive(Default)]
    struct Log(Vec<String>);
    impl pgn::Visitor for Log {
        type Output = Vec<String>;
        fn begin_game(&mut self, index: usize) {
            self.0.push(format!("begin {index}"));
        }
        fn tag(&mut self, name: &str, value: &str, _: u64) {
            self.0.push(format!("tag {name}={value}"));
        }
        fn move_text(&mut self, text: &str, _: u64) {
            self.0.push(text.to_owned());
        }
        fn nag(&mut self, nag: u16) {
            self.0.push(format!("${nag}"));
        }
        fn comment(&mut self, text: &str, _: u64) {
            self.0.push(format!("{{{text}}}"));
        }
        fn begin_variation(&mut self, _: u64) {
            self.0.push("(".into());
        }
        fn end_variation(&mut self) {
            self.0.push(")".into());
        }
        fn result(&mut self, r: GameResult) {
            self.0.push(r.to_string());
        }
        fn end_game(&mut self) -> Vec<String> {
            std::mem::take(&mut self.0)
        }
    }
    let mut r = pgn::Reader::new("[A \"b\"]\n1. x {c} y? (1... z) 1-0".as_bytes());
    let mut log = Log::default();
    let got = r.read_game(&mut log).unwrap().unwrap();
    assert_eq!(
        got,
        ["begin 0", "tag A=b", "x", "{c}", "y", "$2", "(", "z", ")", "1-0"]
    );
    assert!(r.read_game(&mut log).unwrap().is_none());
}

/// A reader handing out one byte per `read`, so that every byte starts a new buffer.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(out)) => {
                *out = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn reading_does_not_depend_on_buffering() {
    // `%` escapes a line only at the start of one: a `%` after a space, at the start of
    // a buffer, is part of the move text (it used to be taken for an escape there).
    let text = "[Format \"ICCS\"]\n% escaped line\n1. h2e2 %x h9g7\n%e\n2. h0g2 1-0\n";
    let whole: Vec<ReadGame> = pgn::Games::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        iccs(&whole[0]),
        ["h2e2"],
        "%x is not a move: the game stops"
    );
    let trickled: Vec<ReadGame> = pgn::Games::new(Trickle(text.as_bytes()))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(trickled, whole);
    // Tokens, comments and tags whole in the buffer or read byte by byte, within and
    // beyond the limits, give the same games.
    let texts = [
        RICH,
        "[Event \"crlf\"]\r\n[Format \"ICCS\"]\r\n1. h2e2 h9g7 ; c\r\n{a}\r\n2. h0g2 *\r\n",
        "[Format \"ICCS\"]\n1. h2e2 {unclosed",
        "[Format \"ICCS\"]\n1. h2e2 ;no newline",
        "[Format \"ICCS\"]\n1. h2e2 h9g7 (1... b9c7 (1... b7e7 (1... h7e7))) {comment} h0g2x",
        "[Event \"a long tag value\"]\n[Red \"r\\\\\"s\"]\n[Bad tag\n1. 炮二平五 馬８進７ 2. 馬二進三！ ;",
    ];
    let small = pgn::PgnLimits {
        max_depth: 2,
        max_comment: 5,
        max_tag: 12,
        max_token: 4,
        max_moves: 3,
    };
    for text in texts {
        for limits in [pgn::PgnLimits::default(), small] {
            let whole: Vec<ReadGame> = pgn::Games::with_limits(text.as_bytes(), limits)
                .collect::<Result<_, _>>()
                .unwrap();
            let trickled: Vec<ReadGame> = pgn::Games::with_limits(Trickle(text.as_bytes()), limits)
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(trickled, whole, "{text:?}");
        }
        // From memory (the reader holding the whole text), errors named after the file.
        let mut read = games(text.as_bytes());
        for g in &mut read {
            for e in g.error.iter_mut().chain(g.warnings.iter_mut()) {
                assert_eq!(e.file.take().as_deref(), Some("t.pgn"));
            }
        }
        let streamed: Vec<ReadGame> = pgn::Games::new(Trickle(text.as_bytes()))
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(read, streamed, "{text:?}");
    }
}
