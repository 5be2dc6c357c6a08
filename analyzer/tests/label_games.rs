//! Labels every move of real master games (wukong collection in `shared/`, skipped when
//! absent): no panic, and the labels are consistent with the position.

use std::path::PathBuf;

use qili_analyzer::{label_line, CycleContext, Label, RuleSet, Settings};
use qili_notation::{Iccs, Move, Position};

/// `shared/games/<rel>` beside the clone (or one level up for git worktrees), or `QILI_SHARED`.
fn games(rel: &str) -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut candidates: Vec<PathBuf> = std::env::var_os("QILI_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.push(manifest.join("../../shared"));
    candidates.push(manifest.join("../../../shared"));
    let found = candidates
        .into_iter()
        .map(|c| c.join("games").join(rel))
        .find(|p| p.exists());
    if found.is_none() {
        eprintln!("note: shared/games/{rel} not found; skipping");
    }
    found
}

/// The games of a PGN with lowercase ICCS move lists, from the start position.
fn lines(path: &PathBuf, limit: usize) -> Vec<Vec<Move>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("1.")).take(limit) {
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for t in line.split_whitespace().filter(|t| t.len() == 4) {
            let Some(m) = t.parse::<Iccs>().ok().and_then(|i| i.to_move(&pos).ok()) else {
                break;
            };
            pos.play_unchecked(&m);
            moves.push(m);
        }
        out.push(moves);
    }
    out
}

fn check_games(limit: usize) {
    let Some(path) = games("wukong/Hu_Ronghua_1391_UCI_games.pgn") else {
        return;
    };
    let mut plies = 0;
    let mut counts = [0usize; 8];
    for rules in [RuleSet::Cxa, RuleSet::Axf] {
        let settings = Settings {
            rules,
            ..Settings::default()
        };
        for moves in lines(&path, limit) {
            let start = Position::startpos();
            let labels = label_line(&start, &moves, &settings, CycleContext::default());
            let mut pos = start;
            for (m, l) in moves.iter().zip(&labels) {
                let after = pos.after(m);
                assert!(!l.labels.is_empty());
                assert!(
                    l.labels.windows(2).all(|w| w[0] < w[1]),
                    "{}: {:?}",
                    pos.fen(),
                    l.labels
                );
                assert_eq!(
                    l.labels.contains(&Label::Check),
                    after.is_check(),
                    "{} {m}",
                    pos.fen()
                );
                assert_eq!(l.labels.contains(&Label::MateThreat), l.mate_line.is_some());
                assert_eq!(l.labels.contains(&Label::Chase), !l.chases.is_empty());
                for c in &l.chases {
                    let target = after
                        .piece_at(c.target)
                        .expect("the target stands on its point");
                    assert_ne!(target.color, l.side, "{} {m}: {c:?}", pos.fen());
                    assert!(!c.line.is_empty());
                }
                counts[l.primary() as usize] += 1;
                plies += 1;
                pos = after;
            }
        }
    }
    eprintln!(
        "{plies} plies labelled; primary labels (check, mate, chase, exchange, offer, block, follow, idle): {counts:?}"
    );
    assert!(counts[Label::Chase as usize] > 0 && counts[Label::Check as usize] > 0);
}

#[test]
fn master_games_label_consistently() {
    check_games(30);
}

/// All 1,391 games: minutes in the test profile, so run on demand (`--ignored`).
#[test]
#[ignore]
fn all_master_games_label_consistently() {
    check_games(usize::MAX);
}
