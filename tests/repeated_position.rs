//! One repeated position everywhere (issue 13): on a game whose loops intertwine, the text
//! explanation, the JSON and the HTML page name and draw the same repeated position, with the
//! same occurrence plies. Once the page drew the position where the periodic run began (the
//! start) while text and JSON named the position that reached the threshold (after ply 1).

use std::process::Command;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// A pattern of 8 plies, played one and a half times, that passes the position after ply 1
/// twice (the king-side horse out, then the queen-side horse out and back, then the king-side
/// horse back): that position occurs after plies 1, 5, 9 and 13; the start position only twice.
const MOVES: &str = "h0g2 h9g7 b0c2 g7h9 c2b0 h9g7 g2h0 g7h9 h0g2 h9g7 b0c2 g7h9 c2b0";

fn judge(format: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_qili"))
        .args([
            "judge", "--lang", "en", "--format", format, "--fen", START, "--moves", MOVES,
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn text_json_and_html_name_the_same_repeated_position() {
    let json: serde_json::Value = serde_json::from_str(&judge("json")).unwrap();
    let cycles = json["cycles"].as_array().unwrap();
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    let c = &cycles[0];
    assert_eq!(c["intertwined"], true);
    let fen = c["fen"].as_str().unwrap();
    let plies: Vec<u64> = c["occurrence_plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(plies, [1, 5, 9, 13]);
    assert_eq!(c["first_ply"], 1);
    assert_eq!(
        c["run_start"], 1,
        "the stretch starts at the repeated position"
    );
    assert_eq!(c["occurrences"], 4);

    let text = judge("text");
    assert!(text.contains(&format!("FEN {fen}")), "{text}");
    assert!(
        text.contains("Cycle 1: the repeated position, 4 times: after move 1 (ply 1), after move 3 (ply 5), after move 5 (ply 9), after move 7 (ply 13)."),
        "{text}"
    );

    let html = judge("html");
    assert!(
        html.contains("Repeated position, 4 times: after move 1 (ply 1), after move 3 (ply 5), after move 5 (ply 9), after move 7 (ply 13);"),
        "{html}"
    );
    assert!(html.contains(&format!("<code class=\"fen\">{fen}</code>")));
    // The start position is not drawn as a repeated position.
    assert!(!html.contains(&format!("<code class=\"fen\">{START}</code>")));
}
