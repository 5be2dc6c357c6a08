//! The Fairy-Stockfish chasing vectors (shared/vectors/fairy-stockfish-xiangqi-chasing.jsonl),
//! judged under `--rules axf --repetitions 3`: `ruling.result` against the expected value.
//!
//! Every case with an expected value is judged and reported. The test fails when a case
//! outside [`EXPECTED_FAILURES`] disagrees, and when a case inside it agrees (so that the
//! list stays exact). Skips cleanly when shared/ is absent (set `QILI_SHARED` to its
//! path to run it from a worktree that has no `../shared`).

use std::path::PathBuf;

use qili_analyzer::input::from_fen_and_moves;
use qili_analyzer::{judge, RuleSet, Settings};

/// Cases whose expected value disagrees with RULES.md; never special-case a vector in
/// library code. All three are a side mixing one check with one chase of the same piece
/// (the checking move also attacks it), which RULES.md §5 allows under AXF ("one check + one
/// chase ... are draws", r12, D13), while Fairy-Stockfish counts the piece as chased in every
/// move and rules the mixer lost:
/// - fsf-05, fsf-11 (same case): Red's cannon move checks (d4f4) and its other move chases
///   the soldier on f1; Black blocks. RULES.md: draw; the vector: black_wins.
/// - fsf-10: Black's chariot move discovers a check (b1b3) and its other move chases the
///   cannon on d1; Red is idle. RULES.md: draw; the vector: red_wins.
///
/// And one reading of AXF r27:
/// - fsf-18: Red's chariot shuttles e4–e3 on the e-file, where it screens Black's cannon on e9
///   from Red's general (confined to the line by the cannon); Black's chariot attacks it on
///   every move, protected by a horse each time. RULES.md §5 (r27, D63–66): "the opponent's
///   chariot may not perpetually attack it", so Black's perpetual attack is forbidden and
///   Black must change: red_wins (must change). The vector: draw.
const EXPECTED_FAILURES: &[&str] = &["fsf-05", "fsf-10", "fsf-11", "fsf-18"];

fn shared() -> PathBuf {
    match std::env::var_os("QILI_SHARED") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared")),
    }
}

#[test]
fn fairy_stockfish_vectors_under_axf() {
    let path = shared().join("vectors/fairy-stockfish-xiangqi-chasing.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "note: {} not found; skipping the vector test",
            path.display()
        );
        return;
    };
    let mut report = Vec::new();
    let mut unexpected = Vec::new();
    let mut judged = 0;
    for (no, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let case: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", no + 1));
        let id = case["id"].as_str().unwrap_or("?").to_string();
        let Some(expected) = case["expected"].as_str() else {
            report.push(format!(
                "{id}: no expected value (hint: {})",
                case["expected_hint"]
            ));
            continue;
        };
        let moves: Vec<&str> = case["moves"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|m| m.as_str())
            .collect();
        let game = from_fen_and_moves(case["fen"].as_str().unwrap_or(""), &moves.join(" "))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let reps = case["repetitions"].as_u64().unwrap_or(3) as u32;
        let settings = Settings {
            rules: RuleSet::Axf,
            repetitions: reps,
            ..Settings::default()
        };
        let j = judge(&game.start, &game.moves, &settings);
        let got = j.ruling.result.as_str();
        judged += 1;
        let ok = got == expected;
        let listed = EXPECTED_FAILURES.contains(&id.as_str());
        let conducts: Vec<String> = j
            .cycles
            .iter()
            .map(|c| format!("{}/{}", c.red.kind.as_str(), c.black.kind.as_str()))
            .collect();
        report.push(format!(
            "{id}: expected {expected}, got {got} ({}) {} [{}]{}",
            j.ruling.status.as_str(),
            if ok { "ok" } else { "DIFFERS" },
            conducts.join(", "),
            if listed {
                " (listed as expected failure)"
            } else {
                ""
            }
        ));
        if ok == listed {
            unexpected.push(if ok {
                format!("{id} now passes: remove it from EXPECTED_FAILURES")
            } else {
                format!("{id}: expected {expected}, got {got}")
            });
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(judged > 0, "no vector judged");
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
}
