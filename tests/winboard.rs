//! Engine-match records (WinBoard/XBoard's Xiangqi PGN: `[Variant "xiangqi"]`, SAN moves,
//! `{Xboard adjudication: …}`), run as a real binary: games composed here and written with
//! qili's own writer (`convert --to winboard`) read back move for move; a file as an engine
//! match writes it converted, judged and audited, its recorded adjudications compared with
//! qili's rulings (issue 35, point 4).

use std::path::PathBuf;
use std::process::Command;

use qili_notation::Position;

fn qili(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args(args)
        .output()
        .expect("run qili");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qili-winboard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// The start FEN and ICCS moves of every game `convert --to json` reads in `path`.
fn games(path: &str) -> Vec<(String, Vec<String>)> {
    let (code, out, err) = qili(&["convert", "--to", "json", path]);
    assert_eq!(code, 0, "{path}: {err}");
    out.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let moves = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned())
                .collect();
            (v["fen"].as_str().unwrap().to_owned(), moves)
        })
        .collect()
}

/// Games composed from the corpus's positions: each played on by a fixed pseudo-random
/// choice of legal moves (captures, checks, two pieces able to reach one point), as ICCS.
fn composed() -> String {
    let mut starts = vec![qili_notation::STARTPOS_FEN.to_owned()];
    let mut dir: Vec<_> = std::fs::read_dir("corpus/cases")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dir.sort();
    for p in dir
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
    {
        let case: toml::Table = std::fs::read_to_string(p).unwrap().parse().unwrap();
        if let Some(fen) = case.get("fen").and_then(|f| f.as_str()) {
            starts.push(fen.to_owned());
        }
    }
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut pgn = String::new();
    let mut count = 0;
    for fen in &starts {
        let Ok(mut pos) = Position::from_fen(fen) else {
            continue;
        };
        let start = pos.fen();
        let mut moves = Vec::new();
        for _ in 0..60 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal[(seed >> 33) as usize % legal.len()];
            moves.push(m.to_string());
            pos.play_unchecked(&m);
        }
        count += 1;
        pgn += &format!(
            "[Event \"composed {count}\"]\n[FEN \"{start}\"]\n[Format \"ICCS\"]\n\n{} *\n\n",
            moves.join(" ")
        );
    }
    assert!(count > 50, "{count} games");
    pgn
}

#[test]
fn games_written_in_winboard_san_read_back_move_for_move() {
    let source = temp("composed.pgn", &composed());
    let source = source.to_str().unwrap();
    let (code, wb, err) = qili(&["convert", "--to", "winboard", source]);
    assert_eq!(code, 0, "{err}");
    assert!(wb.contains("[Variant \"xiangqi\"]"), "{wb}");
    // SAN: piece letters, no ICCS pairs.
    assert!(wb.contains("1. ") && !wb.contains(" h2e2 "), "{wb}");
    let written = temp("composed-winboard.pgn", &wb);
    let original = games(source);
    let back = games(written.to_str().unwrap());
    assert_eq!(original.len(), back.len());
    let plies: usize = original.iter().map(|g| g.1.len()).sum();
    assert!(plies > 2_000, "{plies} plies");
    for (i, (a, b)) in original.iter().zip(&back).enumerate() {
        assert_eq!(a, b, "game {}", i + 1);
    }
    // The corpus's sample games too.
    for f in [
        "corpus/games/perpetual-check-loses.pgn",
        "corpus/games/perpetual-check-recorded-draw.pgn",
    ] {
        let (_, wb, _) = qili(&["convert", "--to", "winboard", f]);
        let written = temp("sample-winboard.pgn", &wb);
        assert_eq!(games(f), games(written.to_str().unwrap()), "{f}");
    }
}

#[test]
fn an_engine_match_file_is_converted_judged_and_audited() {
    let file = "tests/data/engine-match.pgn";
    let (code, out, err) = qili(&["convert", "--to", "iccs", file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. i3g3 g8i7 2. g3i3 i7g8"), "{out}");
    // `1. Cbg2 Hc7 2. Hc2 c5`, as the issue quotes a WinBoard game.
    assert!(out.contains("1. b2g2 b9c7 2. b0c2 c6c5"), "{out}");
    let (code, out, err) = qili(&["judge", "--lang", "en", "--game", "2", file]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Red checks perpetually"), "{out}");
    assert!(out.contains("Black wins"), "{out}");

    // The audit keeps each recorded adjudication and compares it with the ruling.
    // Under CXA 1999 (24.1) a perpetual check loses at once, as an engine arbiter adjudicates
    // it; under CXA 2011/2020 (图6) the checker must change first.
    let (code, out, err) = qili(&["audit", "--json", "--rules", "cxa1999", file]);
    assert_eq!(code, 1, "two adjudications differ: {err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let game = |i: usize| &lines[i]["data"];
    for i in 0..4 {
        assert_eq!(
            game(i)["adjudication"].as_str().unwrap(),
            [
                "perpetual chasing",
                "perpetual checking",
                "perpetual chasing",
                "perpetual chasing"
            ][i]
        );
    }
    // Agreeing: a chase gone round once more, a perpetual check, both lost by Red.
    assert_eq!(game(0)["disagrees"], false, "{}", game(0));
    assert_eq!(game(1)["disagrees"], false, "{}", game(1));
    // Adjudicated lost at the third occurrence, where the rules ask Red to change.
    let f = &game(2)["findings"][0];
    assert_eq!(f["kind"], "adjudication_differs", "{f}");
    assert_eq!(f["recorded_result"], "0-1");
    assert_eq!(f["ruled"], "red_must_change");
    // Adjudicated on a repetition the record does not hold.
    let f = &game(3)["findings"][0];
    assert_eq!(f["kind"], "adjudication_differs", "{f}");
    assert_eq!(f["ruled"], "none");
    let summary = &lines[4]["data"];
    assert_eq!(summary["findings"]["adjudication_differs"], 2, "{summary}");

    let (code, out, _) = qili(&["audit", "--list", "--lang", "en", file]);
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "engine-match.pgn#3: the engine arbiter adjudicated 0-1 on a repetition rule, \
             but qili rules: Red must change"
        ),
        "{out}"
    );
    let (_, out, _) = qili(&["audit", "--lang", "zh", file]);
    assert!(
        out.contains(
            "engine-match.pgn#4：引擎裁判按重复规则判为 1-0，但qili 在棋谱结束时无生效裁决"
        ),
        "{out}"
    );
}
