//! The incremental API agrees with the full `judge` after every ply: on the corpus cases,
//! on the Fairy-Stockfish vectors (skipped when shared/ is absent), and on generated games
//! that mix repetitions with captures (several segments).

use std::path::PathBuf;

use qili_analyzer::{judge, Incremental, RuleSet, Ruling, Settings};
use qili_notation::{parse_move, Move, Position};

fn shared(rel: &str) -> Option<PathBuf> {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_owned();
    let mut candidates: Vec<PathBuf> = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.extend(repo.ancestors().skip(1).take(3).map(|d| d.join("shared")));
    let found = candidates.iter().map(|d| d.join(rel)).find(|p| p.exists());
    if found.is_none() {
        eprintln!("note: shared/{rel} is absent, skipping");
    }
    found
}

fn same(a: &Ruling, b: &Ruling) -> bool {
    a.result == b.result && a.status == b.status && a.source == b.source && a.articles == b.articles
}

/// Feeds `moves` one by one and compares with `judge` on every prefix.
fn check(name: &str, start: &Position, moves: &[Move], settings: &Settings) -> usize {
    let mut inc = Incremental::new(start.clone(), settings.clone());
    let full = judge(start, &[], settings);
    assert!(same(inc.ruling(), &full.ruling), "{name}: ply 0");
    let mut rulings = 0;
    for (k, m) in moves.iter().enumerate() {
        inc.push(*m)
            .unwrap_or_else(|e| panic!("{name}: ply {}: {e}", k + 1));
        let full = judge(start, &moves[..=k], settings);
        assert!(
            same(inc.ruling(), &full.ruling),
            "{name}: ply {}: incremental {:?} vs judge {:?}",
            k + 1,
            inc.ruling(),
            full.ruling
        );
        rulings += usize::from(full.ruling.status != qili_analyzer::Status::None);
    }
    rulings
}

fn resolve(start: &Position, texts: &[String]) -> Vec<Move> {
    let mut pos = start.clone();
    texts
        .iter()
        .map(|t| {
            let m = parse_move(&pos, t, None).unwrap();
            pos.play_unchecked(&m);
            m
        })
        .collect()
}

#[test]
fn corpus_cases() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/cases");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        panic!("no corpus at {}", dir.display());
    };
    let mut n = 0;
    for e in entries.filter_map(Result::ok) {
        let text = std::fs::read_to_string(e.path()).unwrap();
        let v: toml::Value = toml::from_str(&text).unwrap();
        let fen = v["fen"].as_str().unwrap();
        let start = Position::from_fen(fen).unwrap();
        let texts: Vec<String> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        let moves = resolve(&start, &texts);
        for rules in [RuleSet::Cxa, RuleSet::Axf] {
            let settings = Settings {
                rules,
                ..Settings::default()
            };
            check(&e.path().display().to_string(), &start, &moves, &settings);
        }
        n += 1;
    }
    eprintln!("{n} corpus cases agree after every ply");
}

#[test]
fn fairy_stockfish_vectors() {
    let Some(path) = shared("vectors/fairy-stockfish-xiangqi-chasing.jsonl") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let start = Position::from_fen(v["fen"].as_str().unwrap()).unwrap();
        let texts: Vec<String> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        let moves = resolve(&start, &texts);
        let settings = Settings {
            rules: RuleSet::Axf,
            ..Settings::default()
        };
        check(v["id"].as_str().unwrap(), &start, &moves, &settings);
    }
}

/// A pseudo-random legal game that often replays the move of four plies before (so it
/// loops) and sometimes captures (so it has several segments).
fn generated_game(seed: u64, plies: usize) -> (Position, Vec<Move>) {
    let start = Position::from_fen("2bak4/4a4/4b4/p3p3p/2r6/2P3R2/P3P3P/2N1B4/4A4/2BAK4 w - - 0 1")
        .expect("test position");
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let r = next();
        let back = moves.len().checked_sub(4).map(|i| moves[i]);
        let m = match back {
            Some(b) if r % 8 != 0 && legal.contains(&b) => b,
            _ => legal[(r >> 8) as usize % legal.len()],
        };
        pos.play_unchecked(&m);
        moves.push(m);
    }
    (start, moves)
}

#[test]
fn generated_games_with_captures() {
    let mut rulings = 0;
    for seed in 1..=12u64 {
        let (start, moves) = generated_game(seed * 0x9E37_79B9, 80);
        let captures = moves.iter().filter(|m| m.is_capture()).count();
        for rules in [RuleSet::Cxa, RuleSet::Axf] {
            let settings = Settings {
                rules,
                natural_limit: 10,
                ..Settings::default()
            };
            rulings += check(
                &format!("seed {seed} ({captures} captures)"),
                &start,
                &moves,
                &settings,
            );
        }
    }
    assert!(
        rulings > 0,
        "the generated games never reach a ruling: the test tests nothing"
    );
}

/// A capture-free random game from `fen`: random quiet moves, often the move of four plies
/// before (so the line loops, leaves the loop and comes back), never a capture.
fn quiet_walk(fen: &str, seed: u64, plies: usize) -> (Position, Vec<Move>) {
    let start = Position::from_fen(fen).expect("test position");
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    while moves.len() < plies {
        let quiet: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !m.is_capture())
            .collect();
        if quiet.is_empty() {
            break;
        }
        let r = next();
        let back = moves.len().checked_sub(4).map(|i| moves[i]);
        let m = match back {
            Some(b) if r % 3 != 0 && quiet.contains(&b) => b,
            _ => quiet[(r >> 8) as usize % quiet.len()],
        };
        pos.play_unchecked(&m);
        moves.push(m);
    }
    (start, moves)
}

/// Long capture-free random games (many stretches in force, loops left and taken up again,
/// runs swallowed by wider ones): the incremental ruling agrees with `judge` on every prefix
/// (judged through one shared label cache, so that the reference stays affordable), under
/// both rule sets, at the threshold of 3 and of 2, with a natural limit the games reach.
#[test]
fn long_random_games_agree_on_every_prefix() {
    const FENS: [&str; 2] = [
        "3k5/9/2n3n2/9/9/9/9/2N3N2/9/4K4 w - - 0 1",
        "2bak4/4a4/4b4/p3p3p/2r6/2P3R2/P3P3P/2N1B4/4A4/2BAK4 w - - 0 1",
    ];
    let mut rulings = 0;
    let mut cycles = 0;
    for (f, fen) in FENS.iter().enumerate() {
        for seed in 1..=3u64 {
            let (start, moves) = quiet_walk(fen, seed * 0x9E37_79B9 + f as u64, 700);
            for (rules, repetitions) in [(RuleSet::Cxa, 3), (RuleSet::Axf, 3), (RuleSet::Cxa, 2)] {
                let settings = Settings {
                    rules,
                    repetitions,
                    natural_limit: 40,
                    ..Settings::default()
                };
                let mut labeller = qili_analyzer::Labeller::new();
                let mut inc = Incremental::new(start.clone(), settings.clone());
                for (k, m) in moves.iter().enumerate() {
                    inc.push(*m).unwrap();
                    let full =
                        qili_analyzer::judge_with(&start, &moves[..=k], &settings, &mut labeller);
                    assert!(
                        same(inc.ruling(), &full.ruling),
                        "{fen} seed {seed} {rules:?}: ply {}: incremental {:?} vs judge {:?}",
                        k + 1,
                        inc.ruling(),
                        full.ruling
                    );
                    rulings += usize::from(full.ruling.status != qili_analyzer::Status::None);
                    if k + 1 == moves.len() {
                        cycles += full.cycles.len();
                    }
                }
            }
        }
    }
    assert!(
        rulings > 0 && cycles > 20,
        "{rulings} rulings, {cycles} cycles"
    );
}

/// An illegal move changes nothing and is handed back with the position it was tried in.
#[test]
fn illegal_move_is_handed_back_with_its_position() {
    let start = Position::startpos();
    let mut game = Incremental::new(start.clone(), Settings::default());
    let mv = parse_move(&start, "h2e2", None).unwrap();
    game.push(mv).unwrap();
    let fen = game.position().fen();
    let e = game.push(mv).unwrap_err();
    assert_eq!((e.mv(), e.position().fen()), (mv, fen.clone()));
    assert_eq!(e.to_string(), format!("illegal move h2e2 in {fen}"));
    assert_eq!((game.ply(), game.position().fen()), (1, fen));
}
