//! Rough phase timing over real games (development aid).
use qili_analyzer::label::{mate_by_checks, threats};
use qili_analyzer::{label_move, Settings};
use qili_notation::{Iccs, Position};
use std::time::Instant;
fn main() {
    let text = std::fs::read_to_string("/work/shared/games/wukong/Hu_Ronghua_1391_UCI_games.pgn").unwrap();
    let mut plies = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("1.")).take(40) {
        let mut pos = Position::startpos();
        for t in line.split_whitespace().filter(|t| t.len() == 4) {
            let Some(mv) = t.parse::<Iccs>().ok().and_then(|i| i.to_move(&pos).ok()) else { break };
            plies.push((pos.clone(), mv));
            pos.play_unchecked(&mv);
        }
    }
    let s = Settings::default();
    let t = Instant::now();
    let mut slow = Vec::new();
    for (p, m) in &plies {
        let t1 = Instant::now();
        let _ = label_move(p, m, &s, Default::default());
        slow.push((t1.elapsed().as_micros(), p.fen(), *m));
    }
    println!("{} plies label {:?} per ply", plies.len(), t.elapsed() / plies.len() as u32);
    let t = Instant::now();
    for (p, m) in &plies { let a = p.after(m); if !a.is_check() { let _ = mate_by_checks(&a.passed(), 4); } }
    println!("mate {:?}", t.elapsed() / plies.len() as u32);
    let t = Instant::now();
    for (p, m) in &plies { let a = p.after(m); if !a.is_check() { let _ = threats(&a.passed(), &s, Default::default()); } }
    println!("threats(after) {:?}", t.elapsed() / plies.len() as u32);
    for d in [0u32, 1, 2, 3] {
        let mut s2 = s.clone(); s2.mate_depth = d;
        let t = Instant::now();
        for (p, m) in &plies { let a = p.after(m); if !a.is_check() { let _ = threats(&a.passed(), &s2, Default::default()); } }
        println!("threats(after) series depth {d}: {:?}", t.elapsed() / plies.len() as u32);
    }
    let t = Instant::now();
    for (p, _) in &plies { let _ = threats(p, &s, Default::default()); }
    println!("threats(before) {:?}", t.elapsed() / plies.len() as u32);
    slow.sort_by_key(|x| x.0);
    for x in slow.iter().rev().take(5) { println!("{} us {} {}", x.0, x.1, x.2); }
}
#[allow(dead_code)]
fn unused() {}
