//! `qili serve`'s JSON API over real HTTP on loopback: the real binary on a free port, a
//! plain HTTP/1.1 client. Every endpoint; the answers equal the CLI's on the same input
//! (`judge --cases`, `judge --format html`, `label --format json`, `audit --json`);
//! malformed JSON, an oversized body, illegal moves, unknown paths and methods give 4xx
//! errors naming the problem; 100 concurrent `/judge` requests are each answered right.

#[path = "support/server.rs"]
mod server;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};
use server::{Server, QILI};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every corpus case as a `--cases` line (once with the default rules, once under AXF),
/// and the public vectors when `shared/` is present.
fn cases() -> Vec<String> {
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("corpus/cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    for f in files {
        let t: toml::Table = std::fs::read_to_string(&f).unwrap().parse().unwrap();
        let id = t["id"].as_str().unwrap();
        let moves: Vec<&str> = t["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let fen = t["fen"].as_str().unwrap();
        out.push(json!({"id": id, "fen": fen, "moves": moves}).to_string());
        out.push(
            json!({"id": format!("{id}/axf"), "fen": fen, "moves": moves, "rules": "axf"})
                .to_string(),
        );
    }
    match server::shared() {
        Some(shared) => {
            for name in [
                "fairy-stockfish-xiangqi-chasing.jsonl",
                "axf-diagrams.jsonl",
            ] {
                let text = std::fs::read_to_string(shared.join("vectors").join(name)).unwrap();
                // The case's fields only: `/judge` refuses the vectors' notes
                // (`expected`, `comment` …) as unknown fields, which `--cases` skips.
                out.extend(text.lines().filter(|l| !l.trim().is_empty()).map(|l| {
                    let mut v: Value = serde_json::from_str(l).unwrap();
                    let case = v.as_object_mut().unwrap();
                    case.retain(|k, _| {
                        ["id", "fen", "moves", "rules", "repetitions"].contains(&k.as_str())
                    });
                    v.to_string()
                }));
            }
        }
        None => eprintln!("note: shared/vectors not found; judging the corpus cases only"),
    }
    out
}

/// `qili judge --cases` on `lines`: the answer of each line, by position.
fn cli_cases(lines: &[String]) -> Vec<Value> {
    let dir = std::env::temp_dir().join(format!("qili-serve-api-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cases.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let o = Command::new(QILI)
        .args(["judge", "--cases"])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8(o.stdout).unwrap();
    let answers: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), lines.len());
    answers
}

#[test]
fn sigterm_stops_the_server_cleanly() {
    let s = Server::start(&[]);
    assert_eq!(s.get("/health").status, 200);
    let addr = s.addr;
    let status = s.terminate();
    assert!(status.success(), "{status}");
    assert!(std::net::TcpStream::connect(addr).is_err());
}

#[test]
fn health_names_version_defaults_and_limits() {
    let s = Server::start(&["--rules", "axf"]);
    let r = s.get("/health");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let j = r.json();
    assert_eq!(j["status"], "ok");
    assert_eq!(j["rules"], "axf");
    assert_eq!(j["repetitions"], 3);
    assert_eq!(j["limits"]["json_body"], 1 << 20);
    assert_eq!(j["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn judge_answers_equal_the_cli_cases_answers() {
    let lines = cases();
    let want = cli_cases(&lines);
    let s = Server::start(&[]);
    let mut rulings = HashMap::<String, usize>::new();
    for (line, want) in lines.iter().zip(&want) {
        let r = s.post("/judge", line.as_bytes());
        assert_eq!(r.status, 200, "{line}: {}", r.text());
        assert_eq!(r.header("content-type"), Some("application/json"));
        let got = r.json();
        assert_eq!(&got, want, "{line}");
        let full = s.post("/judge?explain=true", line.as_bytes()).json();
        assert!(full["moves"].is_array() && full["ruling"]["explanation"]["zh"].is_string());
        *rulings
            .entry(got["ruling"]["result"].as_str().unwrap().to_owned())
            .or_default() += 1;
    }
    // The cases rule every way: a comparison of empty answers would prove nothing.
    for result in ["red_wins", "black_wins", "draw"] {
        assert!(rulings.get(result).copied().unwrap_or(0) > 0, "{rulings:?}");
    }
}

#[test]
fn a_hundred_concurrent_judge_requests_are_each_answered_right() {
    let lines = cases();
    let want = cli_cases(&lines);
    let s = Server::start(&[]);
    let addr = s.addr;
    let threads: Vec<_> = (0..100)
        .map(|i| {
            // Spread over the cases: distinct whenever there are 100 or more (a fixed step
            // such as 7 collapses when it divides the number of cases).
            let k = i * lines.len() / 100;
            let body = lines[k].clone();
            std::thread::spawn(move || {
                (k, server::request(addr, "POST", "/judge", body.as_bytes()))
            })
        })
        .collect();
    let mut distinct = std::collections::HashSet::new();
    for t in threads {
        let (k, r) = t.join().unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json(), want[k], "{}", lines[k]);
        distinct.insert(k);
    }
    assert!(distinct.len() > 50, "the requests judge different cases");
}

#[test]
fn judge_errors_are_4xx_naming_the_problem() {
    let s = Server::start(&[]);
    let r = s.post("/judge", br#"{"fen": "startpos", "moves": ["h2e2",]}"#);
    assert_eq!(r.status, 400);
    let e = r.error();
    assert!(
        e.contains("malformed JSON") && e.contains("line 1 column"),
        "{e}"
    );

    let r = s.post("/judge", b"[1, 2]");
    assert_eq!(r.status, 400);
    assert!(r.error().contains("expected a JSON object, got an array"));

    let r = s.post("/judge", b"  ");
    assert_eq!(r.status, 400);
    assert!(r.error().contains("empty body"));

    // An illegal move: the answer of a --cases line that cannot be judged, with its id.
    let r = s.post(
        "/judge",
        br#"{"id": "x", "fen": "startpos", "moves": ["h2e2", "h9g7", "e2e9"]}"#,
    );
    assert_eq!(r.status, 422);
    let j = r.json();
    assert_eq!(j["id"], "x");
    let e = j["error"].as_str().unwrap();
    assert!(e.contains("ply 3") && e.contains("e2e9"), "{e}");

    let r = s.post("/judge", br#"{"fen": "9/9/9 w", "moves": []}"#);
    assert_eq!(r.status, 422);
    assert!(r.error().contains("fen: "), "{}", r.error());

    let r = s.post("/judge", br#"{"fen": "startpos", "rules": "fide"}"#);
    assert_eq!(r.status, 422);
    assert!(r.error().contains("unknown rule set"), "{}", r.error());

    let r = s.post("/judge?explain=yes", br#"{"fen": "startpos"}"#);
    assert_eq!(r.status, 400);
    assert!(r.error().contains("explain"), "{}", r.error());

    let r = s.post("/judge?format=pdf", br#"{"fen": "startpos"}"#);
    assert_eq!(r.status, 400);
    assert!(r.error().contains("unknown format \"pdf\""));
}

#[test]
fn an_oversized_body_is_refused_with_413() {
    let s = Server::start(&[]);
    let mut big = br#"{"fen": "startpos", "moves": ["#.to_vec();
    while big.len() <= 1 << 20 {
        big.extend_from_slice(br#""h2e2", "#);
    }
    big.extend_from_slice(br#""h2e2"]}"#);
    let r = s.post("/judge", &big);
    assert_eq!(r.status, 413, "{}", r.text());
    assert!(r.error().contains("larger than the limit of 1048576 bytes"));
    // The server goes on.
    assert_eq!(s.get("/health").status, 200);
}

#[test]
fn judge_as_html_is_the_cli_teaching_page() {
    let fen = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";
    let moves = "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7 g3i3 i7g8";
    let s = Server::start(&[]);
    let body = json!({"fen": fen, "moves": moves.split(' ').collect::<Vec<_>>()});
    let r = s.post("/judge?format=html", body.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    let o = Command::new(QILI)
        .args(["judge", "--format", "html", "--fen", fen, "--moves", moves])
        .output()
        .unwrap();
    assert_eq!(r.text(), String::from_utf8(o.stdout).unwrap());
    assert!(r.text().contains(r#"id="verdict""#));

    let r = s.post(
        "/judge?format=html",
        br#"{"fen": "startpos", "moves": ["e0e5"]}"#,
    );
    assert_eq!(r.status, 422);
    assert!(r.error().contains("ply 1"), "{}", r.error());
}

#[test]
fn label_equals_the_cli_label_json() {
    let fen = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";
    let moves = "i3g3 g8i7 g3i3 i7g8";
    let s = Server::start(&[]);
    let o = Command::new(QILI)
        .args(["label", "--format", "json", "--fen", fen, "--moves", moves])
        .output()
        .unwrap();
    let want: Value = serde_json::from_slice(&o.stdout).unwrap();
    // Moves as a list, or as one string in any notation (Chinese here).
    let list = json!({"fen": fen, "moves": moves.split(' ').collect::<Vec<_>>()});
    let r = s.post("/label", list.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json(), want);
    assert_eq!(want["moves"][0]["labels"][0], "chase");
    let chinese: Vec<String> = want["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["chinese"].as_str().unwrap().to_owned())
        .collect();
    let text = json!({"fen": fen, "moves": chinese.join(" ")});
    let r = s.post("/label", text.to_string().as_bytes());
    assert_eq!(r.json(), want);

    let r = s.post(
        "/label",
        br#"{"fen": "startpos", "moves": ["h2e2", "h2e2"]}"#,
    );
    assert_eq!(r.status, 422);
    assert!(r.error().contains("ply 2"), "{}", r.error());
    let r = s.post("/label", br#"{"fen": "startpos", "move": ["h2e2"]}"#);
    assert_eq!(r.status, 400);
    assert!(r.error().contains("unknown field `move`"), "{}", r.error());
    let r = s.post("/label", br#"{"fen": "startpos", "mate_depth": 99}"#);
    assert_eq!(r.status, 400);
    assert!(r.error().contains("mate_depth: 99"), "{}", r.error());
    let long: Vec<&str> = ["h0g2", "h9g7", "g2h0", "g7h9"]
        .into_iter()
        .cycle()
        .take(1004)
        .collect();
    let r = s.post(
        "/label",
        json!({"fen": "startpos", "moves": long})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(r.status, 422);
    assert!(r.error().contains("at most 1000"), "{}", r.error());
}

/// Audit JSON lines without what depends on the path or the clock.
fn comparable(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            let data = v["data"].as_object_mut().unwrap();
            for k in ["file", "seconds", "games_per_second"] {
                data.remove(k);
            }
            v
        })
        .collect()
}

fn audit_both(s: &Server, path: &Path, query: &str, cli_args: &[&str]) -> (Vec<Value>, Vec<Value>) {
    let bytes = std::fs::read(path).unwrap();
    let name = path.file_name().unwrap().to_str().unwrap();
    let r = s.post(&format!("/audit?name={name}{query}"), &bytes);
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("application/x-ndjson"));
    let first: Value = serde_json::from_str(r.text().lines().next().unwrap()).unwrap();
    assert_eq!(first["data"]["file"], name);
    let o = Command::new(QILI)
        .arg("audit")
        .arg(path)
        .args(["--json"])
        .args(cli_args)
        .output()
        .unwrap();
    (
        comparable(&r.text()),
        comparable(&String::from_utf8(o.stdout).unwrap()),
    )
}

#[test]
fn audit_answers_equal_the_cli_audit_json() {
    let s = Server::start(&[]);
    let games = repo().join("corpus/games");
    for name in [
        "perpetual-check-recorded-draw.pgn",
        "perpetual-check-loses.pgn",
        "endgames.iccs",
    ] {
        let (got, want) = audit_both(&s, &games.join(name), "", &[]);
        assert_eq!(got, want, "{name}");
        assert!(got.len() >= 2, "{name}: a game line and the summary");
    }
    let (got, want) = audit_both(
        &s,
        &repo().join("corpus/cases/cxa-26.4-chase-vs-idle.toml"),
        "&rules=axf&all_repetitions=true",
        &["--rules", "axf", "--all-repetitions"],
    );
    assert_eq!(got, want);
    let disagrees = &comparable(
        &s.post(
            "/audit?name=x.pgn",
            &std::fs::read(games.join("perpetual-check-recorded-draw.pgn")).unwrap(),
        )
        .text(),
    )[0];
    assert_eq!(disagrees["data"]["disagrees"], true);

    if let Some(shared) = server::shared() {
        let ccpd = shared.join("games/ccpd/Dataset/對局/大師對局/以棋手分類/呂欽/00000029.pgn");
        if ccpd.exists() {
            let (got, want) = audit_both(&s, &ccpd, "", &[]);
            assert_eq!(got, want);
            assert!(got[0]["data"]["ruling"].is_object(), "{:?}", got[0]);
        }
    }
}

#[test]
fn audit_errors() {
    let s = Server::start(&[]);
    let r = s.post("/audit", b"");
    assert_eq!(r.status, 400);
    assert!(r.error().contains("empty body"));
    let r = s.post("/audit?rules=xyz", b"h2e2");
    assert_eq!(r.status, 400);
    assert!(r.error().contains("unknown rule set"), "{}", r.error());
    let r = s.post("/audit?colour=red", b"h2e2");
    assert_eq!(r.status, 400);
    assert!(r.error().contains("colour"), "{}", r.error());
    // A file that is no record: reported in the game line, as the CLI reports it.
    let r = s.post("/audit?name=junk.pgn", b"\x00\x01\x02 not a record");
    assert_eq!(r.status, 200);
    let first: Value = serde_json::from_str(r.text().lines().next().unwrap()).unwrap();
    assert!(first["data"]["error"]["kind"].is_string(), "{first}");
    assert!(
        first["data"]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("junk.pgn"),
        "{first}"
    );
}

#[test]
fn position_checks_placement_and_replays_moves() {
    let s = Server::start(&[]);
    let r = s.post(
        "/position",
        "{\"fen\": \"startpos\", \"moves\": \"1. 炮二平五 马8进7 2. h0g2\"}".as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let j = r.json();
    assert_eq!(j["moves"][1]["iccs"], "h9g7");
    assert_eq!(j["moves"][2]["chinese"], "马二进三");
    assert_eq!(j["turn"], "black");
    let legal = j["legal"].as_array().unwrap();
    assert!(
        legal.contains(&json!("b9c7")) && !legal.contains(&json!("h0g2")),
        "{legal:?}"
    );
    // Every reason of an illegal placement.
    let r = s.post(
        "/position",
        br#"{"fen": "3k5/9/9/9/9/9/9/9/9/3K1B3 w - - 0 1"}"#,
    );
    assert_eq!(r.status, 422);
    let reasons = r.json()["reasons"].clone();
    assert_eq!(reasons.as_array().unwrap().len(), 2, "{reasons}");
    let r = s.post("/position", br#"{"fen": "startpos", "moves": "h2e2 zz"}"#);
    assert_eq!(r.status, 422);
    assert!(r.error().contains("第2步"), "{}", r.error());
}

/// Issue 35, points 1-3 on the API: errors in the page's language (Chinese by default),
/// the move as written and no option or endpoint names; the other side's move named as
/// such; the moves read before a bad one kept in the answer.
#[test]
fn position_errors_speak_to_the_arbiter_and_keep_the_moves_before() {
    let s = Server::start(&[]);
    let fen = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";
    let body = |moves: &str, lang: &str| {
        let mut j = json!({"fen": fen, "moves": moves});
        if !lang.is_empty() {
            j["lang"] = json!(lang);
        }
        j.to_string().into_bytes()
    };
    // A move skipped: Red's move with Black to move.
    let r = s.post("/position", &body("车一平三 马7进9 车三平一 车一平三", ""));
    assert_eq!(r.status, 422);
    assert_eq!(
        r.error(),
        "第2回合，黑方走：车一平三是红方的写法（之前是否漏记或重记了一着？）"
    );
    let bad = &r.json()["bad_move"];
    assert_eq!(bad["move"], "车一平三");
    assert_eq!(bad["read"], json!(["i3g3", "g8i7", "g3i3"]));
    assert_eq!(bad["column"], 16);
    let r = s.post(
        "/position",
        &body("车一平三 马7进9 车三平一 车一平三", "en"),
    );
    assert_eq!(
        r.error(),
        "move 2, Black to move: 车一平三 is written as Red's move \
         (a move missing or written twice before it?)"
    );
    // A typo in the sixth move: five kept.
    let r = s.post(
        "/position",
        &body(
            "1. 车一平三 马7进9 2. 车三平一 马9退7 3. 车一平三 马7近9",
            "",
        ),
    );
    assert_eq!(r.status, 422);
    let e = r.error();
    assert!(
        e.starts_with("第3回合（第6步，第35个字），黑方走：看不懂着法“马7近9”"),
        "{e}"
    );
    assert!(!e.contains("--moves") && !e.contains("/position"), "{e}");
    assert!(e.contains("\n  局面：3aka3/"), "{e}");
    let bad = &r.json()["bad_move"];
    assert_eq!(bad["read"].as_array().unwrap().len(), 5, "{bad}");
    assert_eq!(bad["move"], "马7近9");
    let r = s.post("/position", &body("h2e2", "fr"));
    assert_eq!(r.status, 400, "{}", r.text());
}

#[test]
fn records_lists_the_games_of_a_file() {
    let s = Server::start(&[]);
    let bytes = std::fs::read(repo().join("corpus/games/endgames.iccs")).unwrap();
    let r = s.post("/records?name=endgames.iccs", &bytes);
    assert_eq!(r.status, 200, "{}", r.text());
    let j = r.json();
    let games = j["games"].as_array().unwrap();
    assert!(games.len() >= 2, "{j}");
    assert_eq!(games[0]["index"], 1);
    assert!(games[0]["moves"].as_array().unwrap().len() > 4);
    // A CCPD game: Big5 PGN, its tags decoded.
    if let Some(shared) = server::shared() {
        let ccpd = shared.join("games/ccpd/Dataset/對局/大師對局/以棋手分類/呂欽/00000029.pgn");
        if ccpd.exists() {
            let r = s.post("/records?name=00000029.pgn", &std::fs::read(ccpd).unwrap());
            assert_eq!(r.status, 200, "{}", r.text());
            let g = &r.json()["games"][0];
            assert_eq!(g["tags"]["Black"], "廣東呂欽");
            assert_eq!(g["recorded"], "0-1");
            assert!(g["moves"].as_array().unwrap().len() > 40, "{g}");
        }
    }
    let r = s.post("/records?name=junk.xqf", b"XQ\x0a");
    assert_eq!(r.status, 422);
    assert!(r.error().contains("junk.xqf"), "{}", r.error());
}

#[test]
fn unknown_paths_and_methods() {
    let s = Server::start(&[]);
    let r = s.get("/rule");
    assert_eq!(r.status, 404);
    assert!(r.error().contains("GET /rule"));
    let r = s.get("/judge");
    assert_eq!(r.status, 405);
    assert!(r.error().contains("/judge does not take GET"));
    let r = s.get("/");
    assert_eq!(r.status, 200);
    assert!(r
        .header("content-security-policy")
        .unwrap()
        .contains("default-src 'none'"));
    let r = s.get("/openapi.yaml");
    assert_eq!(r.status, 200);
    assert!(r.text().contains("/judge:"));
}

#[test]
fn every_endpoint_is_documented() {
    let openapi = std::fs::read_to_string(repo().join("docs/openapi.yaml")).unwrap();
    let guide = std::fs::read_to_string(repo().join("docs/http-api.md")).unwrap();
    for (method, path) in [
        ("GET", "/health"),
        ("POST", "/judge"),
        ("POST", "/label"),
        ("POST", "/moves"),
        ("POST", "/audit"),
        ("POST", "/position"),
        ("POST", "/records"),
    ] {
        assert!(
            openapi.contains(&format!("\n  {path}:\n    {}:", method.to_lowercase())),
            "openapi.yaml: {method} {path}"
        );
        assert!(
            guide.contains(&format!("`{method} {path}")),
            "http-api.md: {method} {path}"
        );
    }
    // The server serves the same description.
    let s = Server::start(&[]);
    assert_eq!(s.get("/openapi.yaml").text(), openapi);
}

/// `POST /moves` answers what `qili moves` prints for the same line, in every format; its
/// errors name the field.
#[test]
fn moves_answers_as_the_cli() {
    let s = Server::start(&[]);
    let fen = "3aka3/6n2/9/9/9/9/8R/9/9/3K5 w - - 0 1";
    let line = "i3g3 g8i7 g3i3 i7g8 i3g3 g8i7";
    let cli = |format: &str| {
        let out = Command::new(QILI)
            .args([
                "moves", "--lang", "en", "--format", format, "--fen", fen, "--moves", line,
            ])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let r = s.post(
        "/moves",
        json!({"fen": fen, "moves": line}).to_string().as_bytes(),
    );
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v, serde_json::from_str::<Value>(&cli("json")).unwrap());
    assert_eq!(v["banmoves"], json!(["g3i3"]));
    assert_eq!(v["moves"][0]["warning"]["consequence"], "mover_must_change");
    for format in ["ucci", "text"] {
        let body = json!({"fen": fen, "moves": line.split(' ').collect::<Vec<_>>(), "format": format, "lang": "en"});
        let r = s.post("/moves", body.to_string().as_bytes());
        assert_eq!(r.status, 200);
        assert_eq!(r.text(), cli(format), "{format}");
    }
    let r = s.post("/moves", br#"{"fen": "startpos", "moves": "h2e2 h2e2"}"#);
    assert_eq!(r.status, 422);
    assert!(r.error().starts_with("/moves: "), "{}", r.error());
    let r = s.post("/moves", br#"{"fen": "startpos", "format": "uci"}"#);
    assert_eq!(r.status, 400);
    assert!(r.error().contains("format"), "{}", r.error());
    let r = s.post("/moves", br#"{"fen": "startpos", "depth": 3}"#);
    assert_eq!(r.status, 400);
}
