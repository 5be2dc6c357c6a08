//! Cross-checks on real records (skipped when `../shared` is absent): the 15 wukong games
//! in Chinese, full-width WXF and ICCS must give the same moves, and CCPD's Big5
//! traditional-Chinese games must replay to the ICCS lists of its index.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};

use qili_notation::{
    movetext, Chinese, ChineseStyle, Iccs, Move, Notation, Position, Wxf, WxfStyle,
};

/// A minimal PGN tokenizer for these tests: per game, its tags and its move tokens (move
/// numbers, results and comments dropped).
fn games(text: &str) -> Vec<(HashMap<String, String>, Vec<String>)> {
    let mut out: Vec<(HashMap<String, String>, Vec<String>)> = Vec::new();
    let mut in_moves = false;
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves || out.is_empty() {
                out.push((HashMap::new(), Vec::new()));
                in_moves = false;
            }
            let tag = tag.trim_end_matches(']');
            if let Some((k, v)) = tag.split_once(' ') {
                out.last_mut()
                    .unwrap()
                    .0
                    .insert(k.to_owned(), v.trim_matches('"').to_owned());
            }
            continue;
        }
        if line.is_empty() || out.is_empty() {
            continue;
        }
        in_moves = true;
        let mut depth = 0;
        let mut clean = String::new();
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => clean.push(c),
                _ => {}
            }
        }
        for tok in clean.split_whitespace() {
            let is_number = tok
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit());
            if is_number || ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
                continue;
            }
            // "12.炮二平五": a move number glued to the move.
            let tok = match tok.split_once('.') {
                Some((n, m)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => m,
                _ => tok,
            };
            if !tok.is_empty() {
                out.last_mut().unwrap().1.push(tok.to_owned());
            }
        }
    }
    out
}

fn key(tags: &HashMap<String, String>) -> (String, String, String) {
    let get = |k: &str| tags.get(k).cloned().unwrap_or_default();
    (get("Event"), get("Red"), get("Black"))
}

/// The moves of a DhtmlXQ page: `[DhtmlXQ_movelist]` holds four digits a move, file 0–8
/// from Red's left and row 0–9 from Black's side.
fn dhtmlxq_moves(html: &str) -> Vec<String> {
    let Some(start) = html.find("[DhtmlXQ_movelist]") else {
        return Vec::new();
    };
    let digits: Vec<u8> = html[start + 18..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    let sq = |x: u8, y: u8| format!("{}{}", (b'a' + x) as char, 9 - y);
    digits
        .chunks_exact(4)
        .map(|c| format!("{}{}", sq(c[0], c[1]), sq(c[2], c[3])))
        .collect()
}

/// Reads a game with `notation` from the start position, checking that the writer in
/// `write` gives each token back; the moves in ICCS.
fn replay(
    tokens: &[String],
    notation: Notation,
    write: impl Fn(&Position, &Move) -> String,
) -> Vec<String> {
    let mut pos = Position::startpos();
    let mut out = Vec::new();
    for (ply, tok) in tokens.iter().enumerate() {
        let m = movetext::parse_move(&pos, tok, Some(notation))
            .unwrap_or_else(|e| panic!("ply {}: {e} in {}", ply + 1, pos.fen()));
        assert_eq!(
            movetext::parse_move(&pos, tok, None),
            Ok(m),
            "ply {}: {tok} unhinted",
            ply + 1
        );
        assert_eq!(&write(&pos, &m), tok, "ply {}: the writer", ply + 1);
        pos.play_unchecked(&m);
        out.push(m.to_string());
    }
    out
}

/// The 15 wukong games in simplified Chinese (Black in full-width digits), full-width WXF,
/// ICCS and DhtmlXQ pages. Chinese, WXF and DhtmlXQ agree on every ply; the ICCS file has
/// one record error (ply 71 of the 1997 Jiafun Cup game Liu Dianzhong–Liu Dahua: `e5e6`
/// where the other three have 后兵进一 / `－Ｐ＋１` = `e3e4`), which the check must find.
#[test]
fn wukong_games_agree_in_four_notations() {
    let Some(dir) = common::shared("games/wukong") else {
        return;
    };
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let pages: Vec<Vec<String>> = std::fs::read_dir(dir.join("games_html"))
        .unwrap()
        .map(|e| dhtmlxq_moves(&std::fs::read_to_string(e.unwrap().path()).unwrap()))
        .collect();
    assert_eq!(pages.len(), 15);
    let iccs: HashMap<_, _> = games(&read("bulk_games_uci.pgn"))
        .into_iter()
        .map(|(t, m)| (key(&t), m))
        .collect();
    let wxf: HashMap<_, _> = games(&read("xqdb_international.pgn"))
        .into_iter()
        .map(|(t, m)| (key(&t), m))
        .collect();
    let chinese = games(&read("xqdb_traditional.pgn"));
    assert_eq!((iccs.len(), wxf.len(), chinese.len()), (15, 15, 15));
    let chinese_style = ChineseStyle {
        traditional: false,
        fullwidth_digits: true,
    };
    let wxf_style = WxfStyle {
        fullwidth: true,
        lowercase: false,
        equals_for_traverse: true,
    };
    let mut plies = 0;
    let mut iccs_disagrees = Vec::new();
    for (tags, tokens) in &chinese {
        let k = key(tags);
        let from_chinese = replay(tokens, Notation::Chinese, |p, m| {
            Chinese::from_move(p, m).display(chinese_style).to_string()
        });
        let from_wxf = replay(&wxf[&k], Notation::Wxf, |p, m| {
            Wxf::from_move(p, m).display(wxf_style).to_string()
        });
        let from_iccs = replay(&iccs[&k], Notation::Iccs, |_, m| {
            Iccs::from_move(m).to_string()
        });
        assert_eq!(from_chinese, from_wxf, "{k:?}");
        assert!(
            pages.contains(&from_chinese),
            "{k:?}: no DhtmlXQ page has these moves"
        );
        assert_eq!(from_iccs.len(), from_chinese.len(), "{k:?}");
        for (ply, (a, b)) in from_iccs.iter().zip(&from_chinese).enumerate() {
            if a != b {
                iccs_disagrees.push((k.1.clone(), k.2.clone(), ply + 1, a.clone(), b.clone()));
            }
        }
        plies += from_chinese.len();
    }
    let liu = (
        "LIU DianZhong".to_owned(),
        "LIU DaHua".to_owned(),
        71,
        "e5e6".to_owned(),
        "e3e4".to_owned(),
    );
    assert_eq!(iccs_disagrees, vec![liu]);
    assert_eq!(plies, 1378);
}

/// Every CCPD game (27,950, Big5, traditional characters, Black in full-width digits)
/// replays to the ICCS list of the index. The four games the index marks unreplayable
/// must fail, with a typed error, exactly at the ply after the replayable prefix. Our
/// writer, in the records' style, must give the record's text back except where a record
/// names a tandem piece by its file.
#[test]
fn ccpd_games_replay() {
    let Some(index) = common::shared("games/ccpd/index_unique_games.jsonl.gz") else {
        return;
    };
    let root = index.parent().unwrap().to_owned();
    let gz = flate2::read::GzDecoder::new(std::fs::File::open(&index).unwrap());
    let style = ChineseStyle {
        traditional: true,
        fullwidth_digits: true,
    };
    let (mut games_checked, mut plies, mut written_same, mut broken) = (0, 0, 0, Vec::new());
    let mut differences: HashMap<(String, String), usize> = HashMap::new();
    for line in BufReader::new(gz).lines() {
        let entry: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
        let file = entry["file"].as_str().unwrap();
        let bytes = std::fs::read(root.join(file)).unwrap();
        let (text, _, had_errors) = encoding_rs::BIG5.decode(&bytes);
        assert!(!had_errors, "{file}: not Big5");
        let mut pos = Position::from_fen(entry["fen"].as_str().unwrap()).unwrap();
        let want: Vec<&str> = entry["iccs"].as_str().unwrap().split_whitespace().collect();
        let replay_ok = entry["replay_ok"] == serde_json::Value::Bool(true);
        let recs = games(&text);
        assert_eq!(recs.len(), 1, "{file}");
        let tokens = &recs[0].1;
        if replay_ok {
            assert_eq!(tokens.len(), want.len(), "{file}");
        }
        for (ply, tok) in tokens.iter().enumerate() {
            let read = tok
                .parse::<Chinese>()
                .unwrap_or_else(|e| panic!("{file} ply {}: {e}", ply + 1))
                .to_move(&pos);
            let m = match (read, want.get(ply)) {
                (Ok(m), Some(iccs)) => {
                    assert_eq!(&m.to_string(), iccs, "{file} ply {}: {tok}", ply + 1);
                    m
                }
                (Err(e), None) if !replay_ok => {
                    broken.push((file.to_owned(), ply + 1, e.to_string()));
                    break;
                }
                (r, _) => panic!(
                    "{file} ply {}: {tok} read as {r:?} in {}",
                    ply + 1,
                    pos.fen()
                ),
            };
            let written = Chinese::from_move(&pos, &m).display(style).to_string();
            if &written == tok {
                written_same += 1;
            } else {
                *differences.entry((tok.to_string(), written)).or_default() += 1;
            }
            pos.play_unchecked(&m);
            plies += 1;
        }
        games_checked += 1;
    }
    eprintln!("CCPD unreplayable games: {broken:?}");
    assert_eq!(broken.len(), 4, "{broken:?}");
    assert!(broken
        .iter()
        .any(|(f, ply, _)| f.ends_with("其他/00000753.pgn") && *ply == 70));
    assert_eq!(games_checked, 27_950);
    // The records name a piece of a tandem by its file when only one of the two can make
    // the move; every other difference would be a writer bug.
    let tandem_word = |s: &str| s.starts_with(['前', '中', '後']);
    let other: Vec<_> = differences
        .iter()
        .filter(|((rec, ours), _)| tandem_word(rec) || !tandem_word(ours))
        .collect();
    assert!(other.is_empty(), "unexpected writer differences: {other:?}");
    let mut diffs: Vec<_> = differences.into_iter().collect();
    diffs.sort_by_key(|d| std::cmp::Reverse(d.1));
    eprintln!(
        "CCPD: {games_checked} games, {plies} plies read; our writer gives the record's text for \
         {written_same}; differences (record → ours): {:?}",
        &diffs[..diffs.len().min(10)]
    );
}
