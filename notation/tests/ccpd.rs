//! A sample of the CCPD collection (every 20th file; Big5, traditional Chinese notation)
//! read through `read_file` and checked against `ccpd/index_unique_games.jsonl.gz`. The
//! whole collection is checked through the CLI in the workspace's tests/convert.rs.

mod common;

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use qili_notation::record::{collect_files, read_file};
use qili_notation::Iccs;
use serde_json::Value;

fn index(ccpd: &Path) -> HashMap<String, Value> {
    let gz = std::fs::File::open(ccpd.join("index_unique_games.jsonl.gz")).unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(gz)
        .read_to_string(&mut text)
        .unwrap();
    text.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["file"].as_str().unwrap().to_owned(), v)
        })
        .collect()
}

/// Every 20th file of the collection, with its index entry.
fn sample() -> Option<Vec<(String, Value)>> {
    let ccpd = common::games("ccpd")?;
    let index = index(&ccpd);
    let files: Vec<_> = collect_files(&[ccpd.join("Dataset/對局")])
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(files.len(), 27_950);
    let prefix = format!("{}/", ccpd.display());
    Some(
        files
            .iter()
            .step_by(20)
            .map(|p| {
                let rel = p
                    .display()
                    .to_string()
                    .strip_prefix(&prefix)
                    .unwrap()
                    .to_owned();
                let entry = index[&rel].clone();
                (p.display().to_string(), entry)
            })
            .collect(),
    )
}

#[test]
fn ccpd_sample_big5_tags() {
    let Some(sample) = sample() else { return };
    assert!(sample.len() >= 1_397);
    for (path, entry) in &sample {
        let games = read_file(path).unwrap();
        assert_eq!(games.len(), 1, "{path}");
        let g = &games[0].game;
        // Names, events and results decoded from Big5 equal the index's.
        assert_eq!(
            g.tag("Red").unwrap_or(""),
            entry["red"].as_str().unwrap(),
            "{path}"
        );
        assert_eq!(
            g.tag("Black").unwrap_or(""),
            entry["black"].as_str().unwrap(),
            "{path}"
        );
        assert_eq!(
            g.tag("Event").unwrap_or(""),
            entry["event"].as_str().unwrap(),
            "{path}"
        );
        assert_eq!(
            g.result.map(|r| r.pgn()),
            entry["result"].as_str(),
            "{path}"
        );
        assert_eq!(
            g.setup.to_string(),
            entry["fen"].as_str().unwrap(),
            "{path}"
        );
    }
}

#[test]
fn ccpd_sample_moves_match_index() {
    let Some(sample) = sample() else { return };
    for (path, entry) in &sample {
        let games = read_file(path).unwrap();
        let expected: Vec<&str> = entry["iccs"].as_str().unwrap().split_whitespace().collect();
        let got: Vec<String> = games[0]
            .game
            .mainline()
            .map(|m| Iccs::from_move(m).to_string())
            .collect();
        assert_eq!(got, expected, "{path}");
        assert_eq!(
            games[0].is_ok(),
            entry["replay_ok"].as_bool().unwrap(),
            "{path}: {:?}",
            games[0].error
        );
    }
}
