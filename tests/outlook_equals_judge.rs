//! Issue 33, "before the move": the answer of `outlook` for a move is what `judge` says of
//! the line with that move played — one code path. Checked on every case of the vectors
//! (`../shared/vectors/*.jsonl`) and the corpus (CXA and AXF, thresholds 2 and 3): every
//! legal move of the position before the case's last move; and on 500 CCPD games in which
//! a position occurs three times, at every ply from the first repeated position's first
//! occurrence on, for the move actually played.

use std::path::PathBuf;

use qili_analyzer::{from_fen_and_moves, read_file, ReadOptions};
use qili_analyzer::{judge, Incremental, RuleSet, Settings, Status};
use qili_analyzer::{outlook, Consequence, MoveOutlook, OutlookOptions};
use qili_analyzer::{Judgement, RulingSource};
use qili_notation::{Move, Position};

fn shared(rel: &str) -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut roots: Vec<PathBuf> = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    roots.push(manifest.join("../shared"));
    roots.push(manifest.join("../../shared"));
    let found = roots.into_iter().map(|r| r.join(rel)).find(|p| p.exists());
    if found.is_none() {
        eprintln!("note: shared/{rel} not found; skipping that part");
    }
    found
}

/// Every case of the vectors and the corpus: (name, start, moves).
fn cases() -> Vec<(String, Position, Vec<Move>)> {
    let mut out = Vec::new();
    for file in [
        "vectors/fairy-stockfish-xiangqi-chasing.jsonl",
        "vectors/axf-diagrams.jsonl",
        "vectors/cxa-diagrams.jsonl",
    ] {
        let Some(path) = shared(file) else { continue };
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let moves: Vec<&str> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            let g = from_fen_and_moves(v["fen"].as_str().unwrap(), &moves.join(" "))
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
            out.push((format!("{file}:{}", i + 1), g.start, g.moves));
        }
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/cases");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus case");
    for f in files {
        let v: toml::Table = std::fs::read_to_string(&f).unwrap().parse().unwrap();
        let moves: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let g = from_fen_and_moves(v["fen"].as_str().unwrap(), &moves.join(" ")).unwrap();
        out.push((f.display().to_string(), g.start, g.moves));
    }
    out
}

/// The ply at which `j`'s ruling took its present form.
fn decided_ply(j: &Judgement) -> Option<usize> {
    match j.ruling.source {
        RulingSource::Cycle { index } => j.cycles[index].decided_ply(),
        RulingSource::NaturalLimit { ply, .. } => Some(ply),
        RulingSource::None => None,
    }
}

/// `entry` (the outlook of the last move of `line`) against `judge` of `line`.
fn check(name: &str, start: &Position, line: &[Move], entry: &MoveOutlook, s: &Settings) {
    let j = judge(start, line, s);
    let at = format!(
        "{name} ({} {}, {} plies, move {})",
        s.rules.as_str(),
        s.repetitions,
        line.len(),
        entry.mv
    );
    assert_eq!(entry.ruling, j.ruling, "{at}: the ruling after the move");
    let took_effect = j.ruling.status != Status::None && decided_ply(&j) == Some(line.len());
    assert_eq!(entry.effect.is_some(), took_effect, "{at}: took effect");
    if let Some(e) = &entry.effect {
        assert_eq!(e.ruling, j.ruling, "{at}");
        if let RulingSource::Cycle { index } = j.ruling.source {
            let c = &j.cycles[index];
            assert_eq!(e.occurrence, Some(c.occurrences), "{at}: occurrence");
            assert_eq!(e.played_again, c.repeated_ply.is_some(), "{at}");
            assert_eq!(e.verdict.as_ref(), Some(&c.verdict), "{at}: verdict");
            let conducts = e.conducts.as_ref().unwrap();
            assert_eq!((&conducts.red, &conducts.black), (&c.red, &c.black), "{at}");
        }
    }
    // The repetition: the position reached occurred `occurrence - 1` times since the last
    // capture.
    let last = j.positions.last().unwrap();
    let since = line
        .iter()
        .rposition(|m| m.is_capture())
        .map_or(0, |i| i + 1);
    let seen = j.positions[since..j.positions.len() - 1]
        .iter()
        .filter(|p| *p == last)
        .count();
    match &entry.repetition {
        Some(r) => {
            assert_eq!(r.occurrence, seen + 1, "{at}: occurrence");
            assert_eq!(r.loop_moves.last(), Some(&entry.mv), "{at}");
            assert_eq!(j.positions[r.previous_ply], *last, "{at}");
        }
        None => assert_eq!(seen, 0, "{at}: a repetition not reported"),
    }
    if entry.repetition.is_none() && entry.effect.is_none() {
        assert_eq!(entry.consequence, Consequence::None, "{at}");
    }
}

/// The warning of `entry` (the last move of `line`): playing its loop once more gives
/// exactly the ruling it announces, taking effect at the last of those plies.
fn check_warning(name: &str, start: &Position, line: &[Move], entry: &MoveOutlook, s: &Settings) {
    let (Some(w), Some(r)) = (&entry.warning, &entry.repetition) else {
        return;
    };
    let mut longer = line.to_vec();
    longer.extend_from_slice(&r.loop_moves[..w.plies_more]);
    let j = judge(start, &longer, s);
    assert_eq!(
        w.effect.ruling, j.ruling,
        "{name}: the warning of {}",
        entry.mv
    );
    assert_eq!(decided_ply(&j), Some(longer.len()), "{name}");
    assert_eq!(w.last_move, *longer.last().unwrap());
}

fn settings(rules: RuleSet, repetitions: u32) -> Settings {
    Settings {
        rules,
        repetitions,
        ..Settings::default()
    }
}

#[test]
fn every_move_before_each_cases_last_move_rules_as_judge() {
    let cases = cases();
    let (mut moves, mut repeating, mut effects, mut warnings) = (0, 0, 0, 0);
    for (name, start, line) in &cases {
        let Some((_, before)) = line.split_last() else {
            continue;
        };
        for rules in [RuleSet::Cxa, RuleSet::Axf] {
            for repetitions in [2, 3] {
                let s = settings(rules, repetitions);
                let o = outlook(start, before, &s, &OutlookOptions::default());
                assert!(
                    o.get(line.last().unwrap()).is_some(),
                    "{name}: the case's last move is listed"
                );
                for entry in &o.moves {
                    let mut with = before.to_vec();
                    with.push(entry.mv);
                    check(name, start, &with, entry, &s);
                    check_warning(name, start, &with, entry, &s);
                    moves += 1;
                    repeating += usize::from(entry.repetition.is_some());
                    effects += usize::from(entry.effect.is_some());
                    warnings += usize::from(entry.warning.is_some());
                }
            }
        }
    }
    println!(
        "{} cases x 4 settings: {moves} moves, {repeating} repeating, {effects} rulings taking effect, {warnings} warnings",
        cases.len()
    );
    assert!(effects > 0 && warnings > 0 && repeating > effects);
}

/// The first ply of a game at which a position occurs that occurs again later.
fn first_repeated(positions: &[Position]) -> Option<usize> {
    let mut seen = std::collections::HashMap::new();
    let mut first = None;
    for (i, p) in positions.iter().enumerate() {
        if let Some(&at) = seen.get(p) {
            first = Some(first.map_or(at, |f: usize| f.min(at)));
        } else {
            seen.insert(p.clone(), i);
        }
    }
    first
}

#[test]
fn ccpd_threefold_games_rule_as_judge_at_every_ply() {
    let Some(list) = shared("vectors/ccpd-fairy-stockfish.jsonl") else {
        return;
    };
    let text = std::fs::read_to_string(&list).unwrap();
    let root = list.parent().unwrap().parent().unwrap().to_owned();
    let (mut games, mut plies, mut effects) = (0, 0, 0);
    for line in text.lines().take(500) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = root.join(v["file"].as_str().unwrap());
        let cut = v["ply"].as_u64().unwrap() as usize;
        let g = read_file(&file, 1, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let line = &g.moves[..cut.min(g.moves.len())];
        let mut pos = g.start.clone();
        let mut positions = vec![pos.clone()];
        for m in line {
            pos.play_unchecked(m);
            positions.push(pos.clone());
        }
        let from = first_repeated(&positions).expect("a threefold game repeats");
        for rules in [RuleSet::Cxa, RuleSet::Axf] {
            let s = settings(rules, 3);
            let mut inc = Incremental::new(g.start.clone(), s.clone());
            for (k, m) in line.iter().enumerate() {
                if k >= from {
                    let o = inc.outlook(&OutlookOptions { warnings: false });
                    let entry = o.get(m).expect("the move played is legal");
                    check(
                        &file.display().to_string(),
                        &g.start,
                        &line[..=k],
                        entry,
                        &s,
                    );
                    plies += 1;
                    effects += usize::from(entry.effect.is_some());
                }
                inc.push(*m).unwrap();
            }
        }
        games += 1;
    }
    println!("{games} CCPD games, {plies} plies checked, {effects} rulings taking effect");
    assert_eq!(games, 500);
    assert!(effects > 0);
}
