//! Tables for the move notations: the spellings real records use, malformed texts (error
//! kind and byte offset) and illegal or ambiguous moves.

use qili_notation::{
    movetext, Abbreviated, Chinese, IllegalReason, MoveTextError, Notation, Position, ResolveError,
    Role, SyntaxError, SyntaxErrorKind as K, Wxf,
};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const AFTER_C2_5: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
/// Tandem chariots (c6, c5), horses (e3, e2) and cannons (b1, b0).
const TANDEMS: &str = "3k5/4a4/2r6/2R6/2R6/4c4/4H4/4H4/1C7/1C2K4 w - - 0 1";
/// Tandem chariots (a5, a4) and horses (e4, e3).
const HORSES: &str = "3k5/9/9/9/R8/R3N4/4N4/9/9/4K4 w - - 0 1";
/// Five soldiers on file c.
const FIVE: &str = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";
/// Two soldiers on each of files b and d (Red's 八 and 六), one on f.
const TWO_FILES: &str = "3k5/9/1P1P5/1P1P5/5P3/9/9/9/9/4K4 w - - 0 1";
/// The example of the soldier table in cchess-formats/doc: soldiers on f8 f6 d8 d6.
const XQBASE: &str = "4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w - - 0 1";
/// Two red chariots on file a (a4, a1).
const TWO_ROOKS: &str = "4k4/9/9/9/9/R8/9/9/R8/3K5 w - - 0 1";

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// A read move, waiting for a position.
type Resolver = Box<dyn Fn(&Position) -> Result<String, ResolveError>>;

fn parse(n: Notation, text: &str) -> Result<Resolver, SyntaxError> {
    Ok(match n {
        Notation::Chinese => {
            let c: Chinese = text.parse()?;
            Box::new(move |p| c.to_move(p).map(|m| m.to_string()))
        }
        Notation::Wxf => {
            let w: Wxf = text.parse()?;
            Box::new(move |p| w.to_move(p).map(|m| m.to_string()))
        }
        Notation::ChineseShort => {
            let a: Abbreviated = text.parse()?;
            Box::new(move |p| a.to_move(p).map(|m| m.to_string()))
        }
        Notation::Iccs | Notation::WinBoard => unreachable!("not in these tables"),
    })
}

use Notation::{Chinese as C, ChineseShort as S, Wxf as W};

#[test]
fn spellings() {
    let table: &[(&str, Notation, &str, &str)] = &[
        // Rulebook 7.5 and its traditional edition.
        (START, C, "炮二平五", "h2e2"),
        (START, C, "砲二平五", "h2e2"),
        (START, C, "炮2平5", "h2e2"),
        (START, C, "炮２平５", "h2e2"),
        (START, C, "马二进三", "h0g2"),
        (START, C, "馬二進三", "h0g2"),
        (START, C, "傌二進三", "h0g2"),
        (START, C, "㐷二进三", "h0g2"),
        (START, C, "马二上三", "h0g2"),
        (START, C, "车一进一", "i0i1"),
        (START, C, "車一進一", "i0i1"),
        (START, C, "俥一进一", "i0i1"),
        (START, C, "伡一进二", "i0i2"),
        (START, C, "炮二进七", "h2h9"),
        (START, C, "相三进五", "g0e2"),
        (START, C, "仕四进五", "f0e1"),
        (START, C, "士4进5", "f0e1"),
        (START, C, "帅五进一", "e0e1"),
        (START, C, "帥五進一", "e0e1"),
        (START, C, "兵七进一", "c3c4"),
        (AFTER_C2_5, C, "马8进7", "h9g7"),
        (AFTER_C2_5, C, "馬８進７", "h9g7"),
        (AFTER_C2_5, C, "马八进七", "h9g7"),
        (AFTER_C2_5, C, "车9进1", "i9i8"),
        (AFTER_C2_5, C, "炮8进4", "h7h3"),
        (AFTER_C2_5, C, "包8平5", "h7e7"),
        (AFTER_C2_5, C, "砲８平５", "h7e7"),
        (AFTER_C2_5, C, "将5进1", "e9e8"),
        (AFTER_C2_5, C, "將５進１", "e9e8"),
        (AFTER_C2_5, C, "象3进5", "c9e7"),
        (AFTER_C2_5, C, "卒７進１", "g6g5"),
        (START, S, "炮25", "h2e2"),
        (START, S, "马23", "h0g2"),
        (START, S, "车12", "i0i2"),
        (START, S, "炮2进7", "h2h9"),
        (START, S, "车1进2", "i0i2"),
        (AFTER_C2_5, S, "马87", "h9g7"),
        (AFTER_C2_5, S, "车91", "i9i8"),
        (AFTER_C2_5, S, "炮8进4", "h7h3"),
        (AFTER_C2_5, S, "馬８７", "h9g7"),
        (START, W, "C2.5", "h2e2"),
        (START, W, "C2=5", "h2e2"),
        (START, W, "Ｃ２＝５", "h2e2"),
        (START, W, "Ｃ２．５", "h2e2"),
        (START, W, "H2+3", "h0g2"),
        (START, W, "N2+3", "h0g2"),
        (START, W, "R1+1", "i0i1"),
        (START, W, "E3+5", "g0e2"),
        (START, W, "B3+5", "g0e2"),
        (START, W, "A4+5", "f0e1"),
        (START, W, "K5+1", "e0e1"),
        (START, W, "P7+1", "c3c4"),
        (AFTER_C2_5, W, "h8+7", "h9g7"),
        (AFTER_C2_5, W, "c8.5", "h7e7"),
        (AFTER_C2_5, W, "Ｈ８＋７", "h9g7"),
        (AFTER_C2_5, W, "p7+1", "g6g5"),
        // Tandems: 前/后 and every WXF spelling of them.
        (TANDEMS, C, "前车平六", "c6d6"),
        (TANDEMS, C, "後車退一", "c5c4"),
        (TANDEMS, C, "后车平六", "c5d5"),
        (TANDEMS, C, "前车七平六", "c6d6"),
        (HORSES, C, "前马进七", "e4c5"),
        (HORSES, C, "前馬進三", "e4g5"),
        (HORSES, C, "后马进七", "e3c4"),
        (TANDEMS, C, "前炮平五", "b1e1"),
        (TANDEMS, C, "後炮平七", "b0c0"),
        (TANDEMS, W, "+R.6", "c6d6"),
        (TANDEMS, W, "-R.6", "c5d5"),
        (TANDEMS, W, "R+.6", "c6d6"),
        (TANDEMS, W, "R+=6", "c6d6"),
        (TANDEMS, W, "R-.6", "c5d5"),
        (TANDEMS, W, "R..6", "c5d5"),
        (TANDEMS, W, "fR7.6", "c6d6"),
        (TANDEMS, W, "bR7.6", "c5d5"),
        (TANDEMS, W, "bR.6", "c5d5"),
        (HORSES, W, "H++7", "e4c5"),
        (HORSES, W, "+H+7", "e4c5"),
        (HORSES, W, "-H+7", "e3c4"),
        (HORSES, W, "＋Ｈ＋３", "e4g5"),
        (TANDEMS, W, "C-.7", "b0c0"),
        (TANDEMS, S, "前车6", "c6d6"),
        (TANDEMS, S, "后车退1", "c5c4"),
        (HORSES, S, "前马进7", "e4c5"),
        // Five soldiers on one file: 前 … 后 and 一 … 五, 1P … 5P, Pa … Pe.
        (FIVE, C, "前兵平六", "c9d9"),
        (FIVE, C, "一兵平六", "c9d9"),
        (FIVE, C, "二兵平六", "c8d8"),
        (FIVE, C, "三兵平八", "c7b7"),
        (FIVE, C, "五兵平六", "c5d5"),
        (FIVE, C, "后兵平六", "c5d5"),
        (FIVE, C, "四兵平六", "c6d6"),
        (FIVE, W, "2P.6", "c8d8"),
        (FIVE, W, "Pb.6", "c8d8"),
        (FIVE, W, "Pe.8", "c5b5"),
        (FIVE, W, "+P.6", "c9d9"),
        (FIVE, W, "-P.6", "c5d5"),
        (FIVE, S, "二兵6", "c8d8"),
        // Two files with two soldiers each: the place word with the file, without the
        // piece, and the cross-file count (right file first: d7 d6 b7 b6).
        (TWO_FILES, C, "前兵六平五", "d7e7"),
        (TWO_FILES, C, "前六平五", "d7e7"),
        (TWO_FILES, C, "后兵八平七", "b6c6"),
        (TWO_FILES, C, "二8平7", "b6c6"),
        (TWO_FILES, C, "一兵平五", "d7e7"),
        (TWO_FILES, C, "三兵平七", "b7c7"),
        (TWO_FILES, C, "前兵平五", "d7e7"),
        (TWO_FILES, W, "+P6.5", "d7e7"),
        (TWO_FILES, W, "-P8.7", "b6c6"),
        (TWO_FILES, W, "Pa.5", "d7e7"),
        (TWO_FILES, S, "前兵65", "d7e7"),
        (XQBASE, C, "一兵平五", "f8e8"),
        (XQBASE, C, "二兵平五", "f6e6"),
        (XQBASE, C, "三兵平五", "d8e8"),
        (XQBASE, C, "四兵平五", "d6e6"),
        (XQBASE, W, "Pa.5", "f8e8"),
        (XQBASE, W, "Pb.5", "f6e6"),
        (XQBASE, W, "Pc.5", "d8e8"),
        (XQBASE, W, "Pd.5", "d6e6"),
        (TWO_ROOKS, C, "前车进一", "a4a5"),
        (TWO_ROOKS, C, "后车平五", "a1e1"),
    ];
    for &(fen, n, text, iccs) in table {
        let p = pos(fen);
        let resolve = parse(n, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            resolve(&p).map_err(|e| e.to_string()),
            Ok(iccs.to_owned()),
            "{n:?} {text} in {fen}"
        );
        // The dispatcher without a hint finds the same move.
        assert_eq!(
            movetext::parse_move(&p, text, None).map(|m| m.to_string()),
            Ok(iccs.to_owned()),
            "unhinted {text}"
        );
    }
}

#[test]
fn malformed_texts() {
    // (notation, text, kind, byte offset of the error)
    let table: &[(Notation, &str, K, usize)] = &[
        (C, "", K::Empty, 0),
        (C, "炮", K::ExpectedFile, 3),
        (C, "炮二", K::ExpectedDirection, 6),
        (C, "炮二平", K::ExpectedNumber, 9),
        (C, "炮二平五x", K::TrailingText, 12),
        (C, "炮二平五 ", K::TrailingText, 12),
        (C, "x二平五", K::ExpectedPiece, 0),
        (C, "C2.5", K::ExpectedPiece, 0),
        (C, "炮十平五", K::ExpectedFile, 3),
        (C, "炮二走五", K::ExpectedDirection, 6),
        (C, "炮0平五", K::NumberOutOfRange, 3),
        (C, "炮二平０", K::NumberOutOfRange, 9),
        (C, "前平五", K::ExpectedPiece, 3),
        (C, "六兵平五", K::NumberOutOfRange, 0),
        (C, "前炮二", K::ExpectedDirection, 9),
        (C, "炮25", K::ExpectedDirection, 4),
        (W, "", K::Empty, 0),
        (W, "X2.5", K::ExpectedPiece, 0),
        (W, "C", K::ExpectedOrigin, 1),
        (W, "C2", K::ExpectedDirection, 2),
        (W, "C2.", K::ExpectedNumber, 3),
        (W, "C2.0", K::NumberOutOfRange, 3),
        (W, "C0.5", K::NumberOutOfRange, 1),
        (W, "C2.5x", K::TrailingText, 4),
        (W, "C.5", K::ExpectedOrigin, 1),
        (W, "C2*5", K::ExpectedDirection, 2),
        (W, "Ｃ２＊５", K::ExpectedDirection, 6),
        (W, "Ｃ２＝", K::ExpectedNumber, 9),
        (W, "+5", K::ExpectedPiece, 1),
        (W, "6P.6", K::ExpectedPiece, 0),
        (W, "+C", K::ExpectedDirection, 2),
        (W, "炮二平五", K::ExpectedPiece, 0),
        (S, "", K::Empty, 0),
        (S, "炮", K::ExpectedFile, 3),
        (S, "炮2", K::ExpectedNumber, 4),
        (S, "炮2进", K::ExpectedNumber, 7),
        (S, "炮25x", K::TrailingText, 5),
        (S, "前炮", K::ExpectedFile, 6),
        (S, "x25", K::ExpectedPiece, 0),
        (S, "炮0５", K::NumberOutOfRange, 3),
    ];
    for &(n, text, kind, at) in table {
        match parse(n, text) {
            Ok(_) => panic!("{n:?} {text:?} should not read"),
            Err(e) => {
                assert_eq!(
                    (e.kind, e.span.start, e.notation),
                    (kind, at, n),
                    "{n:?} {text:?}: {e}"
                );
                assert!(
                    e.span.end >= e.span.start && e.span.end <= text.len(),
                    "{text:?}: {:?}",
                    e.span
                );
                assert!(text.is_char_boundary(e.span.start), "{text:?}");
            }
        }
    }
}

#[test]
fn illegal_and_ambiguous() {
    use IllegalReason as R;
    let illegal: &[(&str, Notation, &str, R)] = &[
        (START, C, "炮二进八", R::Unreachable(Role::Cannon)),
        (START, C, "车一平二", R::NotLegal),
        (START, C, "马二进四", R::NotLegal),
        (START, C, "马二平三", R::CannotTraverse(Role::Horse)),
        (START, C, "马二进五", R::Unreachable(Role::Horse)),
        (START, C, "仕四进六", R::Unreachable(Role::Advisor)),
        (
            START,
            C,
            "兵二进一",
            R::NoPiece {
                role: Role::Soldier,
                file: 2,
            },
        ),
        (
            START,
            C,
            "前车进一",
            R::NoTandem {
                role: Role::Chariot,
            },
        ),
        (START, C, "帅五平五", R::Unreachable(Role::General)),
        (START, C, "帅五退一", R::Unreachable(Role::General)),
        (START, W, "R1-1", R::Unreachable(Role::Chariot)),
        (
            START,
            W,
            "+P.5",
            R::NoTandem {
                role: Role::Soldier,
            },
        ),
        (START, S, "马22", R::Unreachable(Role::Horse)),
        (
            FIVE,
            C,
            "中兵平六",
            R::NoTandem {
                role: Role::Soldier,
            },
        ),
        (
            TWO_FILES,
            W,
            "Pe.5",
            R::NoTandem {
                role: Role::Soldier,
            },
        ),
        (TWO_FILES, C, "四兵进一", R::NotLegal),
    ];
    for &(fen, n, text, reason) in illegal {
        let resolve = parse(n, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        match resolve(&pos(fen)) {
            Err(ResolveError::Illegal { reason: r, .. }) => assert_eq!(r, reason, "{text}"),
            other => panic!("{n:?} {text}: expected Illegal({reason:?}), got {other:?}"),
        }
        // The dispatcher keeps the reason the notation gave; its message stays the text.
        let e = movetext::parse_move(&pos(fen), text, Some(n)).unwrap_err();
        assert_eq!(
            e,
            MoveTextError::Illegal {
                text: text.to_owned(),
                reason: Some(reason),
            }
        );
        assert_eq!(e.to_string(), format!("illegal move {text:?}"));
    }

    let ambiguous: &[(&str, Notation, &str, &[&str])] = &[
        (START, S, "炮27", &["h2h9", "h2c2"]),
        (AFTER_C2_5, S, "炮84", &["h7h3", "h7d7"]),
        (HORSES, S, "前马7", &["e4c5", "e4c3"]),
        (TWO_ROOKS, C, "车九进一", &["a4a5", "a1a2"]),
        (TWO_FILES, C, "前兵平七", &["d7c7", "b7c7"]),
        (TWO_FILES, W, "+P.7", &["d7c7", "b7c7"]),
        (
            "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
            S,
            "车91",
            &["a1a2", "a1a0", "a1i1"],
        ),
    ];
    for &(fen, n, text, fits) in ambiguous {
        let resolve = parse(n, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        match resolve(&pos(fen)) {
            Err(ResolveError::Ambiguous { candidates, .. }) => {
                let mut got: Vec<String> = candidates.iter().map(|m| m.to_string()).collect();
                let mut want: Vec<String> = fits.iter().map(|s| s.to_string()).collect();
                got.sort();
                want.sort();
                assert_eq!(got, want, "{text}");
            }
            other => panic!("{n:?} {text}: expected Ambiguous, got {other:?}"),
        }
        // The dispatcher keeps the candidates; its message stays the text.
        match movetext::parse_move(&pos(fen), text, None) {
            Err(e @ MoveTextError::Ambiguous { .. }) => {
                assert_eq!(e.to_string(), format!("ambiguous move {text:?}"));
                let MoveTextError::Ambiguous {
                    text: t,
                    candidates,
                } = e
                else {
                    unreachable!()
                };
                assert_eq!(t, text);
                let mut got: Vec<String> = candidates.iter().map(|m| m.to_string()).collect();
                let mut want: Vec<String> = fits.iter().map(|s| s.to_string()).collect();
                got.sort();
                want.sort();
                assert_eq!(got, want, "{text}");
            }
            other => panic!("{n:?} {text}: expected Ambiguous, got {other:?}"),
        }
    }
}

/// Rulebook 7.5's example, full and abbreviated. The abbreviated 车12 (车一平二) also fits
/// 车一进二 in its position: the abbreviated form cannot always be read without guessing,
/// so the writer keeps the direction there.
#[test]
fn rulebook_example() {
    let full = [
        "炮二平五",
        "马8进7",
        "马二进三",
        "车9平8",
        "车一平二",
        "炮8进4",
    ];
    let short = ["炮25", "马87", "马23", "车98", "车12", "炮84"];
    let written = ["炮25", "马87", "马23", "车98", "车1平2", "炮84"];
    let mut p = Position::startpos();
    for i in 0..6 {
        let m = full[i].parse::<Chinese>().unwrap().to_move(&p).unwrap();
        assert_eq!(Chinese::from_move(&p, &m).to_string(), full[i]);
        let read = short[i].parse::<Abbreviated>().unwrap().to_move(&p);
        if i == 4 {
            assert!(
                matches!(read, Err(ResolveError::Ambiguous { .. })),
                "{}: {read:?}",
                short[i]
            );
        } else {
            assert_eq!(read, Ok(m), "{}", short[i]);
        }
        assert_eq!(Abbreviated::from_move(&p, &m).to_string(), written[i]);
        p.play_unchecked(&m);
    }
}

#[test]
fn dispatcher_errors_and_detection() {
    let p = pos(START);
    // The error that got furthest: the Chinese reader reached the missing number.
    match movetext::parse_move(&p, "炮二平", None) {
        Err(MoveTextError::Syntax { column, .. }) => assert_eq!(column, 9),
        other => panic!("{other:?}"),
    }
    match movetext::parse_move(&p, "  C2*5", None) {
        Err(e @ MoveTextError::Syntax { column, .. }) => {
            assert_eq!(column, 4, "{e}");
            assert!(e.to_string().contains("WXF notation"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        movetext::parse_move(&p, "", None),
        Err(MoveTextError::Syntax { column: 0, .. })
    ));
    assert_eq!(
        movetext::parse_move(&p, "h2h7", None),
        Err(MoveTextError::Illegal {
            text: "h2h7".into(),
            reason: None,
        })
    );
    assert_eq!(
        movetext::parse_move(&p, "炮二平五", Some(Notation::Wxf)),
        Err(MoveTextError::Syntax {
            text: "炮二平五".into(),
            column: 0,
            notation: Some(Notation::Wxf),
            kind: Some(qili_notation::SyntaxErrorKind::ExpectedPiece),
        })
    );

    use movetext::detect_notation as d;
    assert_eq!(d(&["h2e2", "h9g7"]), Some(Notation::Iccs));
    assert_eq!(d(&["H2-E2", "H9-G7"]), Some(Notation::Iccs));
    assert_eq!(d(&["炮二平五", "馬８進７"]), Some(Notation::Chinese));
    assert_eq!(d(&["Ｃ２＝５", "Ｈ８＋７"]), Some(Notation::Wxf));
    assert_eq!(d(&["P3+1", "c8.7"]), Some(Notation::Wxf));
    assert_eq!(d(&["炮25", "马87", "马23"]), Some(Notation::ChineseShort));
    assert_eq!(d(&["hello", "1-0"]), None);
    assert_eq!(d(&[]), None);
}

/// Random texts over the notations' alphabets never panic a reader or a resolver, and
/// every syntax error points at a character boundary inside the text.
#[test]
fn random_texts_do_not_panic() {
    let alphabet: Vec<char> =
        "炮车马相仕帅兵卒將帥車馬傌俥砲包象士前中后後进進退平上下一二三四五六七八九\
        0123456789０１２３４５６７８９KAEBHNRCPkaebhnrcpfmb+-.=＋－．＝ 　x"
            .chars()
            .collect();
    let positions = [
        pos(START),
        pos(AFTER_C2_5),
        pos(FIVE),
        pos(TWO_FILES),
        pos(HORSES),
    ];
    let mut seed: u64 = 7;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let (mut read, mut resolved) = (0, 0);
    for _ in 0..40_000 {
        let len = next(7);
        let text: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
        for n in [C, W, S] {
            match parse(n, &text) {
                Ok(resolve) => {
                    read += 1;
                    for p in &positions {
                        resolved += resolve(p).is_ok() as usize;
                    }
                }
                Err(e) => {
                    assert!(
                        text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end),
                        "{text:?}"
                    );
                    assert!(
                        e.span.start <= e.span.end && e.span.end <= text.len(),
                        "{text:?}"
                    );
                }
            }
        }
        for p in &positions {
            let _ = movetext::parse_move(p, &text, None);
        }
    }
    // The generator does produce readable and even legal moves, so the resolvers ran.
    assert!(
        read > 100 && resolved > 0,
        "{read} read, {resolved} resolved"
    );
}
