//! `LineJudge` (lines given as text, judged one after the other in one room) gives the
//! judgement of `judge` and `judge_verdict`, and `LineJudge::ruling` their ruling, on every
//! corpus case and sample game, each judged twice in a row (the second time from the start
//! position it remembers).

use std::path::Path;

use qili_analyzer::audit::{discover, read_path};
use qili_analyzer::json_line;
use qili_analyzer::Detail;
use qili_analyzer::Scope;
use qili_analyzer::{judge, judge_verdict, RuleSet, Settings};
use qili_analyzer::{LineError, LineJudge};
use qili_notation::Iccs;

#[test]
fn line_judge_equals_judge_on_the_corpus() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let files = discover(&[corpus]).unwrap();
    let mut room = LineJudge::new();
    let mut lines = 0;
    for rules in [RuleSet::Cxa, RuleSet::Axf] {
        let settings = Settings {
            rules,
            ..Settings::default()
        };
        for file in &files {
            for game in read_path(file, rules) {
                let Ok((start, moves)) = game.game else {
                    continue;
                };
                let fen = start.fen();
                let texts: Vec<String> = moves
                    .iter()
                    .map(|m| Iccs::from_move(m).to_string())
                    .collect();
                let full = json_line(&judge(&start, &moves, &settings), Detail::Explain);
                let verdict = json_line(&judge_verdict(&start, &moves, &settings), Detail::Verdict);
                for _ in 0..2 {
                    let j = room
                        .judge(&fen, &texts, "moves", &settings, Scope::Full)
                        .unwrap();
                    assert_eq!(json_line(&j, Detail::Explain), full, "{}", game.file);
                    let j = room
                        .judge(&fen, &texts, "moves", &settings, Scope::Verdict)
                        .unwrap();
                    assert_eq!(json_line(&j, Detail::Verdict), verdict, "{}", game.file);
                    let r = room.ruling(&fen, &texts, "moves", &settings).unwrap();
                    assert_eq!(r.ruling, j.ruling, "{}", game.file);
                }
                lines += 1;
            }
        }
    }
    assert!(lines >= 200, "only {lines} lines judged");
}

#[test]
fn line_judge_errors_name_the_place() {
    let mut room = LineJudge::new();
    let settings = Settings::default();
    let e = room
        .judge(
            "startpos",
            &["h2e2", "h9g7", "e2e9"],
            "moves",
            &settings,
            Scope::Verdict,
        )
        .unwrap_err();
    assert!(matches!(e, LineError::Input(_)));
    assert!(
        e.to_string()
            .starts_with("moves: move 2 (ply 3), column 11: illegal move \"e2e9\""),
        "{e}"
    );
    let e = room
        .judge("9/9 w", &["h2e2"], "moves", &settings, Scope::Verdict)
        .unwrap_err();
    assert!(e.to_string().starts_with("moves: fen: "), "{e}");
    let long = ["e1d0 e8f9 d0e1 f9e8"; 25_001];
    let e = room
        .judge(
            "3k5/4a4/9/9/9/9/9/9/4A4/5K3 w - - 0 1",
            &long,
            "moves",
            &settings,
            Scope::Verdict,
        )
        .unwrap_err();
    assert!(
        matches!(e, LineError::TooLong { plies: 100_004, .. }),
        "{e}"
    );
}
