//! qili's AXF ruling on the 2,514 CCPD master games in which a position occurs three times,
//! compared with another engine's (Fairy-Stockfish, `../shared/vectors/ccpd-fairy-stockfish.jsonl`)
//! at the same ply: the agreement figure and every disagreement (docs/real-games.md).
//!
//! A command anyone can re-run (skips cleanly when shared/ is absent):
//!
//! ```text
//! cargo test --release -p qili-analyzer --test ccpd_compare -- --ignored --nocapture
//! ```
//!
//! Set `QILI_CCPD_OUT=FILE` to also write the disagreements as tab-separated lines.

use std::path::PathBuf;

use qili_analyzer::audit::read_path;
use qili_analyzer::RulingSource;
use qili_analyzer::{judge, Outcome, RuleSet, Settings};

fn shared() -> Option<PathBuf> {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_owned();
    let mut candidates: Vec<PathBuf> = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.extend(repo.ancestors().skip(1).take(3).map(|d| d.join("shared")));
    let found = candidates
        .into_iter()
        .find(|d| d.join("vectors/ccpd-fairy-stockfish.jsonl").exists());
    if found.is_none() {
        eprintln!("note: shared/vectors/ccpd-fairy-stockfish.jsonl is absent, skipping");
    }
    found
}

fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::RedWins => "red_wins",
        Outcome::BlackWins => "black_wins",
        Outcome::Draw => "draw",
        _ => "none",
    }
}

#[test]
#[ignore = "a comparison run on ../shared (a few seconds in release): -- --ignored --nocapture"]
fn ccpd_axf_rulings_against_fairy_stockfish() {
    let Some(shared) = shared() else { return };
    let text = std::fs::read_to_string(shared.join("vectors/ccpd-fairy-stockfish.jsonl")).unwrap();
    let settings = Settings {
        rules: RuleSet::Axf,
        ..Settings::default()
    };
    let (mut total, mut agree) = (0, 0);
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = v["file"].as_str().unwrap();
        let ply = v["ply"].as_u64().unwrap() as usize;
        let fsf = v["fsf"].as_str().unwrap();
        total += 1;
        let games = read_path(&shared.join(file), RuleSet::Axf);
        let Some(Ok((start, moves))) = games.into_iter().next().map(|g| g.game) else {
            rows.push(format!("{file}\t{ply}\t{fsf}\tunreadable\t\t"));
            continue;
        };
        let j = judge(&start, &moves[..ply.min(moves.len())], &settings);
        let qili = outcome(j.ruling.result);
        if qili == fsf {
            agree += 1;
            continue;
        }
        let what = match j.ruling.source {
            RulingSource::Cycle { index } => {
                let c = &j.cycles[index];
                format!(
                    "cycle plies {}-{} ({:?}); red {:?}, black {:?}",
                    c.run.start + 1,
                    c.run.start + c.run.span,
                    j.ruling.status,
                    c.red.kind,
                    c.black.kind
                )
            }
            RulingSource::NaturalLimit { ply, .. } => format!("natural limit at ply {ply}"),
            RulingSource::None => "no cycle in force".to_string(),
        };
        let articles: Vec<&str> = j.ruling.articles.iter().map(|a| a.code()).collect();
        rows.push(format!(
            "{file}\t{ply}\t{fsf}\t{qili}\t{what}\t{}",
            articles.join("; ")
        ));
    }
    println!(
        "agreement: {agree} of {total} ({:.1}%), {} disagreements",
        100.0 * agree as f64 / total.max(1) as f64,
        total - agree
    );
    println!("file\tply\tfsf\tqili\truling\tarticles");
    for r in &rows {
        println!("{r}");
    }
    if let Some(out) = std::env::var_os("QILI_CCPD_OUT") {
        std::fs::write(out, rows.join("\n") + "\n").unwrap();
    }
    assert_eq!(total, 2514, "the vector file holds 2,514 games");
}

/// The verdict-first judgement (`judge --cases` by default) against the full one on the same
/// 2,514 games, whole, under both rule sets: the same verdict JSON byte for byte.
///
/// ```text
/// cargo test --release -p qili-analyzer --test ccpd_compare -- --ignored --nocapture verdict_first
/// ```
#[test]
#[ignore = "a comparison run on ../shared (some seconds in release): -- --ignored --nocapture"]
fn ccpd_verdict_first_rules_as_the_full_judgement() {
    use qili_analyzer::json_line;
    use qili_analyzer::judge_verdict;
    use qili_analyzer::Detail;
    let Some(shared) = shared() else { return };
    let text = std::fs::read_to_string(shared.join("vectors/ccpd-fairy-stockfish.jsonl")).unwrap();
    let (mut compared, mut incomplete) = (0, 0);
    let mut differ = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = v["file"].as_str().unwrap();
        for rules in [RuleSet::Cxa, RuleSet::Axf] {
            let games = read_path(&shared.join(file), rules);
            let Some(Ok((start, moves))) = games.into_iter().next().map(|g| g.game) else {
                continue;
            };
            let settings = Settings {
                rules,
                ..Settings::default()
            };
            let full = judge(&start, &moves, &settings);
            let fast = judge_verdict(&start, &moves, &settings);
            let json = |j| json_line(j, Detail::Verdict);
            compared += 1;
            incomplete += usize::from(fast.labelled.iter().any(|p| !p.labels.complete));
            let alone = qili_analyzer::judge_ruling(&start, &moves, &settings);
            if json(&fast) != json(&full) || alone.ruling != full.ruling {
                differ.push(format!("{file} {rules:?}"));
            }
        }
    }
    eprintln!(
        "{compared} judgements compared, {incomplete} with incomplete labels, {} differ",
        differ.len()
    );
    assert!(
        compared > 5_000 && incomplete > 500,
        "{compared} {incomplete}"
    );
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
