//! `qili judge --cases` through the real binary: the co-process protocol (one case written,
//! its answer read, then the next), the verdict-first and `--explain` answers, `--jobs`,
//! ids echoed as given, error lines.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
struct CorpusCase {
    id: String,
    fen: String,
    moves: Vec<String>,
}

/// The corpus cases as JSON Lines cases (`rules` left to the command line).
fn corpus_cases() -> Vec<Value> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/cases");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/cases")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let c: CorpusCase = toml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            serde_json::json!({"id": c.id, "fen": c.fen, "moves": c.moves})
        })
        .collect()
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qili runs")
}

fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("qili ends");
    writer.join().unwrap().expect("input written");
    out
}

fn lines(o: &Output) -> Vec<String> {
    String::from_utf8(o.stdout.clone())
        .expect("UTF-8 output")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Keeps one `qili judge --cases -` running and asks it 1,000 cases, one at a time: each
/// answer must come back (flushed) before the next case is written.
fn co_process(extra: &[&str]) {
    let corpus = corpus_cases();
    // The corpus cases, and every tenth case one that cannot be judged.
    let case = |k: usize| -> (String, Value) {
        let id = serde_json::json!(format!("case-{k}"));
        if k % 10 == 9 {
            let line = serde_json::json!({"id": id, "fen": "startpos", "moves": ["e0e5"]});
            return (line.to_string(), id);
        }
        let mut c = corpus[k % corpus.len()].clone();
        c["id"] = id.clone();
        (c.to_string(), id)
    };
    let mut args = vec!["judge", "--cases", "-"];
    args.extend_from_slice(extra);
    let mut child = spawn(&args);
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    // Answers are read on another thread so that a missing flush fails the test (timeout)
    // instead of hanging it.
    let (tx, rx) = mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    for k in 0..1000 {
        let (line, id) = case(k);
        writeln!(stdin, "{line}").expect("case written");
        stdin.flush().expect("case sent");
        let answer = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("no answer to case {k} (not flushed?): {e}"));
        let v: Value = serde_json::from_str(&answer).expect("answer is JSON");
        assert_eq!(v["id"], id, "answer {k}: {answer}");
        if k % 10 == 9 {
            assert!(v["error"].as_str().is_some(), "answer {k}: {answer}");
        } else {
            assert_eq!(v["schema_version"], 2, "answer {k}");
            assert!(v["ruling"]["result"].is_string(), "answer {k}: {answer}");
            assert!(v.get("moves").is_none(), "answer {k}: verdict first");
        }
        assert!(
            rx.try_recv().is_err(),
            "one answer per case (after case {k})"
        );
    }
    drop(stdin);
    let status = child.wait().expect("qili ends");
    reader.join().unwrap();
    assert_eq!(
        status.code(),
        Some(1),
        "error lines beside judged cases give exit code 1 (docs/exit-codes.md)"
    );
}

#[test]
fn co_process_one_case_at_a_time() {
    co_process(&[]);
}

#[test]
fn co_process_one_case_at_a_time_with_jobs() {
    co_process(&["--jobs", "2"]);
}

/// `--explain` answers are the `--format json` object (compact) with the `id` first; the
/// default answers are the same without the labelled moves and the explanations, as
/// schema version 2.
#[test]
fn explain_is_the_judge_object_and_the_default_is_its_verdict() {
    let corpus = corpus_cases();
    for rules in ["cxa", "axf"] {
        let input: String = corpus.iter().map(|c| format!("{c}\n")).collect();
        let explained = run_with_input(
            &["judge", "--cases", "-", "--explain", "--rules", rules],
            &input,
        );
        let verdicts = run_with_input(&["judge", "--cases", "-", "--rules", rules], &input);
        assert_eq!(explained.status.code(), Some(0));
        assert_eq!(verdicts.status.code(), Some(0));
        let (explained, verdicts) = (lines(&explained), lines(&verdicts));
        assert_eq!(explained.len(), corpus.len());
        assert_eq!(verdicts.len(), corpus.len());
        for ((case, e), v) in corpus.iter().zip(&explained).zip(&verdicts) {
            // The same case through `qili judge --format json`.
            let moves: Vec<&str> = case["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            let one = Command::new(env!("CARGO_BIN_EXE_qili"))
                .args(["judge", "--format", "json", "--rules", rules, "--fen"])
                .arg(case["fen"].as_str().unwrap())
                .arg("--moves")
                .arg(moves.join(" "))
                .output()
                .expect("qili runs");
            let one: Value = serde_json::from_slice(&one.stdout).expect("judge JSON");
            let id = case["id"].to_string();
            assert!(
                e.starts_with(&format!("{{\"id\":{id},\"schema_version\":1,")),
                "{id} {rules}: {e}"
            );
            let mut explained: Value = serde_json::from_str(e).unwrap();
            explained.as_object_mut().unwrap().remove("id");
            assert_eq!(
                explained, one,
                "{id} {rules}: --explain is the judge object"
            );
            let mut full: Value = serde_json::from_str(e).unwrap();
            let object = full.as_object_mut().unwrap();
            object.remove("moves");
            object["schema_version"] = 2.into();
            object["ruling"]
                .as_object_mut()
                .unwrap()
                .remove("explanation");
            let verdict: Value = serde_json::from_str(v).unwrap();
            assert_eq!(verdict, full, "{id} {rules}: the verdict line");
        }
    }
}

/// `--jobs 3` gives the same lines in the same order as one job.
#[test]
fn jobs_keep_input_order() {
    let corpus = corpus_cases();
    let mut input = String::new();
    for round in 0..4 {
        for (k, c) in corpus.iter().enumerate() {
            let mut c = c.clone();
            c["id"] = serde_json::json!(round * 1000 + k);
            input.push_str(&format!("{c}\n"));
            if k % 17 == 0 {
                input.push_str("\n{\"id\": \"broken\", \"fen\": \"9/9 w\"}\n");
            }
        }
    }
    let one = run_with_input(&["judge", "--cases", "-", "--rules", "axf"], &input);
    let three = run_with_input(
        &["judge", "--cases", "-", "--rules", "axf", "--jobs", "3"],
        &input,
    );
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(three.status.code(), Some(1));
    let (one, three) = (lines(&one), lines(&three));
    assert_eq!(one.len(), 4 * corpus.len() + 4 * corpus.len().div_ceil(17));
    assert_eq!(one, three);
}

/// Ids come back exactly as given: integers beyond 2^53 and 2^64, decimals as written,
/// objects; in answers and in error lines.
#[test]
fn ids_are_echoed_as_given() {
    let ids = [
        "9007199254740993",
        "123456789012345678901234567890",
        "-18446744073709551617",
        "2.50",
        "1e400",
        r#""caf\u00e9""#,
        r#"{"game": 7, "ply": [1, 2]}"#,
    ];
    let mut input = String::new();
    for id in ids {
        input.push_str(&format!(
            "{{\"id\": {id}, \"fen\": \"startpos\", \"moves\": [\"h0g2\"]}}\n"
        ));
        input.push_str(&format!(
            "{{\"id\": {id}, \"fen\": \"startpos\", \"moves\": [\"e0e5\"]}}\n"
        ));
    }
    for extra in [&[][..], &["--explain"][..], &["--jobs", "2"][..]] {
        let mut args = vec!["judge", "--cases", "-"];
        args.extend_from_slice(extra);
        let o = run_with_input(&args, &input);
        let out = lines(&o);
        assert_eq!(out.len(), 2 * ids.len());
        for (k, id) in ids.iter().enumerate() {
            let judged = &out[2 * k];
            assert!(
                judged.starts_with(&format!("{{\"id\":{id},\"schema_version\":")),
                "{extra:?}: {judged}"
            );
            let error = &out[2 * k + 1];
            assert!(
                error.contains(&format!(",\"id\":{id},\"line\":{},", 2 * k + 2)),
                "{extra:?}: {error}"
            );
        }
    }
}
