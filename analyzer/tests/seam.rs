//! The typed entry points a server calls answer what the text ones answer (issue 36,
//! point 4): a case given as values ([`answer_case`]) gets, byte for byte, the answer of
//! its line in a batch ([`answer_line`]); the games of a file audited in memory
//! ([`audit_games`]) get the reports and the summary of the audit of that file
//! ([`audit_files`]).

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use qili_analyzer::audit::{self, audit_files, audit_games, discover, read_path, AuditConfig};
use qili_analyzer::{answer_case, answer_line, Case, Detail};
use qili_analyzer::{RuleSet, Settings};
use qili_notation::Iccs;

fn corpus_files() -> Vec<PathBuf> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let files = discover(&[corpus]).unwrap();
    assert!(files.len() > 10, "the corpus is there");
    files
}

/// Every corpus game as a case line (ICCS moves), and lines a batch refuses.
fn case_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for file in corpus_files() {
        for (n, game) in read_path(&file, RuleSet::Cxa).into_iter().enumerate() {
            let Ok((start, moves)) = game.game else {
                continue;
            };
            let moves: Vec<String> = moves
                .iter()
                .map(|m| Iccs::from_move(m).to_string())
                .collect();
            let id = format!("{}#{n}", file.display());
            lines.push(
                serde_json::json!({"id": id, "fen": start.fen(), "moves": moves}).to_string(),
            );
            lines.push(
                serde_json::json!({"id": n, "fen": start.fen(), "moves": moves, "rules": "axf", "repetitions": 2})
                    .to_string(),
            );
        }
    }
    lines.extend(
        [
            r#"{"id": [1, {"b": 2}], "fen": "startpos", "moves": ["h0g2", "e9e8"]}"#,
            r#"{"fen": "startpos", "rules": "nope"}"#,
            r#"{"id": null, "fen": "startpos", "repetitions": 1}"#,
            r#"{"id": 18446744073709551615, "fen": "not a fen"}"#,
        ]
        .map(str::to_owned),
    );
    lines
}

#[test]
fn a_case_given_as_values_is_answered_as_its_line() {
    let settings = Settings::default();
    let mut judged = 0;
    for line in case_lines() {
        let case: Case = serde_json::from_str(&line).unwrap();
        for detail in [Detail::Verdict, Detail::Explain] {
            let (mut by_line, mut by_case) = (Vec::new(), Vec::new());
            let a = answer_line(line.as_bytes(), 3, &settings, detail, &mut by_line).unwrap();
            let b = answer_case(&case, 3, &settings, detail, &mut by_case).unwrap();
            assert_eq!(
                String::from_utf8(by_case).unwrap(),
                String::from_utf8(by_line).unwrap(),
                "{line}"
            );
            assert_eq!(a, b, "{line}");
            judged += usize::from(a);
        }
    }
    assert!(judged > 100, "{judged} answers judged");
}

/// The seconds an audit took are the only part of its summary that differs from run to run.
fn timeless(line: String) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(&line).unwrap();
    v["data"]["seconds"] = 0.into();
    v["data"]["games_per_second"] = 0.into();
    v
}

#[test]
fn games_in_memory_are_audited_as_their_file() {
    let mut games_seen = 0;
    for rules in [RuleSet::Cxa, RuleSet::Cxa1999, RuleSet::Axf] {
        for scope in [
            audit::AuditScope::Threshold,
            audit::AuditScope::AllRepetitions,
        ] {
            let config = AuditConfig {
                settings: Settings {
                    rules,
                    ..Settings::default()
                },
                jobs: Some(2),
                scope,
            };
            for file in corpus_files() {
                let mut by_file = Vec::new();
                let summary = audit_files(std::slice::from_ref(&file), &config, |games| {
                    by_file.extend(games.iter().map(audit::json::game_line))
                })
                .unwrap();
                let bytes = std::fs::read(&file).unwrap();
                let name = file.display().to_string();
                let mut in_memory = Vec::new();
                let summary_in_memory =
                    audit_games(audit::read_bytes(&name, &bytes, rules), &config, |g| {
                        in_memory.push(audit::json::game_line(g));
                        ControlFlow::Continue(())
                    });
                assert_eq!(in_memory, by_file, "{name}");
                assert_eq!(
                    timeless(audit::json::summary_line(&summary_in_memory)),
                    timeless(audit::json::summary_line(&summary)),
                    "{name}"
                );
                games_seen += in_memory.len();
            }
        }
    }
    assert!(games_seen > 100, "{games_seen} games");
}

#[test]
fn an_audit_in_memory_stops_when_asked() {
    let games: Vec<_> = corpus_files()
        .iter()
        .flat_map(|f| read_path(f, RuleSet::Cxa))
        .collect();
    assert!(games.len() > 2);
    let mut seen = 0;
    let summary = audit_games(games, &AuditConfig::default(), |_| {
        seen += 1;
        if seen == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, 2);
    assert_eq!(summary.games_read, 2);
    assert_eq!(summary.files, 1);
}
