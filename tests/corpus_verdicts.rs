//! Every corpus case judged under every rule set it names: result, status and both sides'
//! conduct against `[expected.<rules>]`; and one insta snapshot per case file (named after
//! the file) of the judge JSON and both explanations.

use std::collections::BTreeMap;
use std::path::PathBuf;

use qili_analyzer::explain::{en, zh};
use qili_analyzer::from_fen_and_moves;
use qili_analyzer::json_line;
use qili_analyzer::Detail;
use qili_analyzer::RulingSource;
use qili_analyzer::{judge, Label, RuleSet, Settings};
use serde::Deserialize;

/// `case-id/rules` pairs whose expectation the present labels or verdicts do not meet. The
/// test fails when one of them passes, so that the list stays exact; never special-case a
/// corpus position in library code.
const EXPECTED_FAILURES: &[&str] = &[];

#[derive(Deserialize)]
struct Case {
    id: String,
    fen: String,
    moves: Vec<String>,
    expected: BTreeMap<String, Expected>,
}

#[derive(Deserialize)]
struct Expected {
    result: String,
    status: String,
    repetitions: Option<u32>,
    red: Option<String>,
    black: Option<String>,
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

/// The judge JSON (explanations left out: they follow as text), both explanations, and the
/// detailed one in English.
fn snapshot_section(rules: &str, j: &qili_analyzer::Judgement) -> String {
    let mut json: serde_json::Value =
        serde_json::from_str(&json_line(j, Detail::Explain)).expect("judge JSON");
    json["ruling"]["explanation"] = serde_json::Value::String("(below)".into());
    format!(
        "===== {rules}: judge JSON =====\n{}\n===== {rules}: 中文 =====\n{}\n===== {rules}: English =====\n{}\n===== {rules}: English, --detail =====\n{}",
        serde_json::to_string_pretty(&json).expect("JSON"),
        zh::explain(j),
        en::explain(j),
        en::explain_detail(j)
    )
}

/// A corpus case judged under one rule set.
struct Judged {
    key: String,
    expected: Expected,
    judgement: qili_analyzer::Judgement,
}

/// Every case of the corpus judged under every rule set it names, per file.
fn judge_corpus() -> Vec<(String, Vec<Judged>)> {
    let mut out = Vec::new();
    for path in case_files() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let case: Case = toml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let game = from_fen_and_moves(&case.fen, &case.moves.join(" "))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut judged = Vec::new();
        for (rules, expected) in case.expected {
            let rule_set: RuleSet = rules.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            let settings = Settings {
                rules: rule_set,
                repetitions: expected.repetitions.unwrap_or(3),
                ..Settings::default()
            };
            let judgement = judge(&game.start, &game.moves, &settings);
            judged.push(Judged {
                key: format!("{}/{rules}", case.id),
                expected,
                judgement,
            });
        }
        out.push((name, judged));
    }
    out
}

/// What differs between a judgement and its expectation.
fn differences(j: &Judged) -> Vec<String> {
    let (exp, jd) = (&j.expected, &j.judgement);
    let cycle = match jd.ruling.source {
        RulingSource::Cycle { index } => jd.cycles.get(index),
        _ => None,
    };
    let got_red = cycle.map(|c| c.red.kind.as_str());
    let got_black = cycle.map(|c| c.black.kind.as_str());
    let mut diffs = Vec::new();
    if jd.ruling.result.as_str() != exp.result {
        diffs.push(format!(
            "result {} (expected {})",
            jd.ruling.result.as_str(),
            exp.result
        ));
    }
    if jd.ruling.status.as_str() != exp.status {
        diffs.push(format!(
            "status {} (expected {})",
            jd.ruling.status.as_str(),
            exp.status
        ));
    }
    if let Some(r) = &exp.red {
        if got_red != Some(r.as_str()) {
            diffs.push(format!("red {got_red:?} (expected {r})"));
        }
    }
    if let Some(b) = &exp.black {
        if got_black != Some(b.as_str()) {
            diffs.push(format!("black {got_black:?} (expected {b})"));
        }
    }
    diffs
}

#[test]
fn corpus_verdicts() {
    let mut report = Vec::new();
    let mut unexpected = Vec::new();
    for (_, judged) in judge_corpus() {
        for j in &judged {
            let diffs = differences(j);
            let listed = EXPECTED_FAILURES.contains(&j.key.as_str());
            report.push(format!(
                "{}: {}{}",
                j.key,
                if diffs.is_empty() {
                    "ok".to_string()
                } else {
                    diffs.join(", ")
                },
                if listed {
                    " (listed as expected failure)"
                } else {
                    ""
                }
            ));
            if diffs.is_empty() == listed {
                unexpected.push(if listed {
                    format!("{} now passes: remove it from EXPECTED_FAILURES", j.key)
                } else {
                    format!("{}: {}", j.key, diffs.join(", "))
                });
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(!report.is_empty(), "no corpus case judged");
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
}

#[test]
fn corpus_snapshots() {
    for (name, judged) in judge_corpus() {
        let sections: Vec<String> = judged
            .iter()
            .map(|j| snapshot_section(j.key.rsplit('/').next().unwrap_or(""), &j.judgement))
            .collect();
        insta::assert_snapshot!(name.as_str(), sections.join("\n"));
    }
}

/// The cases where CXA and AXF disagree are judged both ways, with both outcomes asserted.
#[test]
fn disagreeing_cases_name_both_rule_sets() {
    for path in case_files() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if !name.starts_with("cxa-axf-") {
            continue;
        }
        let case: Case = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let (cxa, axf) = (&case.expected["cxa"], &case.expected["axf"]);
        assert!(
            (cxa.result.as_str(), cxa.status.as_str())
                != (axf.result.as_str(), axf.status.as_str()),
            "{name}"
        );
    }
}

/// `judge_verdict` (the default of `judge --cases`) rules as `judge` on every corpus case
/// under both rule sets and with two and three repetitions: the same verdict-first JSON,
/// byte for byte, although it leaves checks and mate threats unsearched for chases under
/// CXA, and labels a cycle in full where those labels could decide something.
#[test]
fn verdict_first_rules_as_the_full_judgement() {
    use qili_analyzer::judge_verdict;
    let (mut compared, mut incomplete, mut relabelled) = (0, 0, 0);
    for path in case_files() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let case: Case = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let game = from_fen_and_moves(&case.fen, &case.moves.join(" "))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        for rules in RuleSet::ALL {
            for repetitions in [2, 3] {
                let settings = Settings {
                    rules,
                    repetitions,
                    ..Settings::default()
                };
                let full = judge(&game.start, &game.moves, &settings);
                let fast = judge_verdict(&game.start, &game.moves, &settings);
                let json = |j| json_line(j, Detail::Verdict);
                assert_eq!(json(&fast), json(&full), "{name} {rules:?} {repetitions}");
                // The ruling alone (labelling only the cycles that could give it) is the
                // judgement's, and so is the side to move after the line.
                let alone = qili_analyzer::judge_ruling(&game.start, &game.moves, &settings);
                assert_eq!(alone.ruling, full.ruling, "{name} {rules:?} {repetitions}");
                let after = full.positions.last().map(|p| p.turn());
                assert_eq!(Some(alone.to_move), after, "{name}");
                assert_eq!(alone.plies, full.moves.len(), "{name}");
                compared += 1;
                let partial =
                    |c: &qili_analyzer::CycleJudgement| c.moves.iter().any(|m| !m.labels.complete);
                incomplete += usize::from(fast.cycles.iter().any(partial));
                // A cycle with checks or mate threats labelled in full all the same.
                relabelled += usize::from(fast.cycles.iter().any(|c| {
                    !partial(c)
                        && c.moves.iter().any(|m| {
                            matches!(m.primary(), Label::Check | Label::MateThreat)
                                && m.labels.labels.len() > 1
                        })
                }));
                if rules == RuleSet::Axf {
                    assert!(fast.cycles.iter().all(|c| !partial(c)), "{name}: AXF");
                }
            }
        }
    }
    eprintln!(
        "{compared} judgements, {incomplete} with incomplete labels, {relabelled} relabelled"
    );
    assert!(
        compared > 300 && incomplete > 30 && relabelled > 5,
        "{compared} {incomplete} {relabelled}"
    );
}
