//! Every corpus case replays: its FEN is a legal position, every move is legal, and the
//! expected rulings are consistent with how often the final position occurred.

use std::collections::HashMap;
use std::path::PathBuf;

use qili_notation::{Iccs, Position};
use serde::Deserialize;

#[derive(Deserialize)]
#[allow(dead_code)]
struct Case {
    id: String,
    article: String,
    fen: String,
    moves: Vec<String>,
    expected: HashMap<String, toml::Value>,
}

fn case_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/cases");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    v.sort();
    v
}

#[test]
fn corpus_cases_replay() {
    let mut failures = Vec::new();
    let files = case_files();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let case: Case = match toml::from_str(&text) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{name}: TOML: {e}"));
                continue;
            }
        };
        if case.id != name.trim_end_matches(".toml") {
            failures.push(format!("{name}: id {:?} is not the file stem", case.id));
        }
        let mut pos = match Position::from_fen(&case.fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: FEN: {e}"));
                continue;
            }
        };
        let mut seen: HashMap<Position, u32> = HashMap::new();
        *seen.entry(pos.clone()).or_default() += 1;
        let mut max_occ = 1;
        let mut ok = true;
        for (i, m) in case.moves.iter().enumerate() {
            let mv = m.parse::<Iccs>().ok().and_then(|c| c.to_move(&pos).ok());
            match mv {
                Some(mv) => pos.play_unchecked(&mv),
                None => {
                    failures.push(format!(
                        "{name}: ply {}: illegal move {m} in {}",
                        i + 1,
                        pos.fen()
                    ));
                    ok = false;
                    break;
                }
            }
            let n = seen.entry(pos.clone()).or_default();
            *n += 1;
            max_occ = max_occ.max(*n);
        }
        if !ok {
            continue;
        }
        for (rules, exp) in &case.expected {
            let status = exp.get("status").and_then(|v| v.as_str()).unwrap_or("none");
            let reps = exp
                .get("repetitions")
                .and_then(|v| v.as_integer())
                .unwrap_or(3) as u32;
            if status != "none" && max_occ < reps && exp.get("natural_limit").is_none() {
                failures.push(format!(
                    "{name} [{rules}]: expects a ruling ({status}) but no position occurs {reps} times (max {max_occ})"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} corpus cases fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
