//! Every corpus case's expected move labels: the first label must match, expected labels
//! must all be present, and the chase targets and root must match where the case gives
//! them. One insta snapshot per corpus file (its text table in Chinese and in English, and
//! its JSON report).

use std::collections::BTreeMap;
use std::path::PathBuf;

use qili_analyzer::LabelReport;
use qili_analyzer::{label_line, CycleContext, Label, MoveLabels, Root, RuleSet, Settings};
use qili_notation::{Iccs, Move, Position};
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    fen: String,
    moves: Vec<String>,
    #[serde(default)]
    expected: BTreeMap<String, Expected>,
}

#[derive(Deserialize)]
struct Expected {
    #[serde(default)]
    labels: Vec<ExpectedLabels>,
    #[serde(default)]
    mutual_perpetual_attack: bool,
}

#[derive(Deserialize)]
struct ExpectedLabels {
    ply: usize,
    labels: Vec<Label>,
    #[serde(default)]
    chase_targets: Option<Vec<String>>,
    #[serde(default)]
    root: Option<Root>,
}

/// Corpus expectations the classifier deliberately does not meet, with the reason (reported
/// to the corpus authors). The test fails if one of them starts to agree, so this list is
/// kept honest.
const DISAGREEMENTS: &[(&str, usize, &str)] = &[(
    "label-28.5-exchange",
    1,
    "the red horse on e4 stands alone between the generals (e0, e9) and cannot recapture on c5: \
         the red chariot is unprotected, so the move is 献 offer, not 兑 exchange",
)];

fn case_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/cases");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    v.sort();
    v
}

fn replay(case: &Case) -> Result<(Position, Vec<Move>), String> {
    let start = Position::from_fen(&case.fen).map_err(|e| format!("FEN: {e}"))?;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (i, m) in case.moves.iter().enumerate() {
        let mv = m
            .parse::<Iccs>()
            .ok()
            .and_then(|c| c.to_move(&pos).ok())
            .ok_or_else(|| format!("ply {}: illegal move {m}", i + 1))?;
        pos.play_unchecked(&mv);
        moves.push(mv);
    }
    Ok((start, moves))
}

/// The differences between what the case expects at one ply and what was labelled.
fn check(exp: &ExpectedLabels, got: &MoveLabels) -> Vec<String> {
    let mut errs = Vec::new();
    let names = |v: &[Label]| v.iter().map(|l| l.name()).collect::<Vec<_>>().join(",");
    if exp.labels.first() != got.labels.first() {
        errs.push(format!(
            "labels [{}], expected [{}]",
            names(&got.labels),
            names(&exp.labels)
        ));
    } else if let Some(missing) = exp.labels.iter().find(|l| !got.labels.contains(l)) {
        errs.push(format!(
            "labels [{}] lack {}",
            names(&got.labels),
            missing.name()
        ));
    }
    if let Some(targets) = &exp.chase_targets {
        let mut want: Vec<String> = targets.clone();
        let mut have: Vec<String> = got.chases.iter().map(|c| c.target.to_string()).collect();
        want.sort();
        have.sort();
        have.dedup();
        if want != have {
            errs.push(format!("chase targets {have:?}, expected {want:?}"));
        }
    }
    match exp.root {
        Some(Root::Protected) if got.primary() == Label::Chase => {
            errs.push("a chase, expected the targets to be protected".into())
        }
        Some(Root::Protected) | None => {}
        Some(root) => {
            if !got.chases.iter().any(|c| c.root == root) {
                let roots: Vec<&str> = got.chases.iter().map(|c| c.root.name()).collect();
                errs.push(format!("roots {roots:?}, expected {}", root.name()));
            }
        }
    }
    errs
}

#[test]
fn corpus_labels() {
    let files = case_files();
    if files.is_empty() {
        eprintln!("note: no corpus cases found; nothing to check");
        return;
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let case: Case = match toml::from_str(&text) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{stem}: TOML: {e}"));
                continue;
            }
        };
        let (start, moves) = match replay(&case) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{stem}: {e}"));
                continue;
            }
        };
        let mut snapshot = String::new();
        let mut rule_sets: Vec<(RuleSet, Option<&Expected>)> = case
            .expected
            .iter()
            .filter_map(|(k, v)| k.parse::<RuleSet>().ok().map(|r| (r, Some(v))))
            .collect();
        if rule_sets.is_empty() {
            rule_sets.push((RuleSet::Cxa, None));
        }
        for (rules, exp) in rule_sets {
            let settings = Settings {
                rules,
                ..Settings::default()
            };
            let cycle = CycleContext {
                mutual_perpetual_attack: exp.is_some_and(|e| e.mutual_perpetual_attack),
            };
            let labels = label_line(&start, &moves, &settings, cycle);
            for e in exp.map(|e| e.labels.as_slice()).unwrap_or_default() {
                checked += 1;
                match labels.get(e.ply.wrapping_sub(1)) {
                    Some(got) => {
                        let errs = check(e, got);
                        let known = DISAGREEMENTS.iter().find(|d| d.0 == stem && d.1 == e.ply);
                        match (known, errs.is_empty()) {
                            (Some(d), false) => {
                                eprintln!("known disagreement {stem} ply {}: {}", e.ply, d.2)
                            }
                            (Some(_), true) => failures.push(format!(
                                "{stem} [{rules}] ply {}: listed as a disagreement but now agrees",
                                e.ply
                            )),
                            (None, _) => {
                                for err in errs {
                                    failures.push(format!(
                                        "{stem} [{rules}] ply {} {}: {err}",
                                        e.ply, got.mv
                                    ));
                                }
                            }
                        }
                    }
                    None => failures.push(format!("{stem} [{rules}]: no ply {}", e.ply)),
                }
            }
            let report = LabelReport::new(&start, &moves, &labels, rules);
            snapshot.push_str(&report.to_text_in(qili_analyzer::Lang::Zh));
            snapshot.push('\n');
            snapshot.push_str(&report.to_text_in(qili_analyzer::Lang::En));
            snapshot.push('\n');
            snapshot.push_str(&report.to_json());
            snapshot.push('\n');
        }
        insta::assert_snapshot!(stem, snapshot);
    }
    eprintln!("{checked} expected plies in {} corpus files", files.len());
    assert!(
        failures.is_empty(),
        "{} label mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
