//! Hostile lines for the judge and the incremental API: a million-ply loop and a
//! million-ply record must give a result in bounded time (no quadratic pass), never a panic.

use qili_analyzer::{judge, Incremental, Outcome, Settings, Status};
use qili_notation::{Iccs, Move, Position};

/// `plies` plies of both sides' horses going out and back: one cycle, repeated for ever.
fn shuffle(plies: usize) -> Vec<Move> {
    const DANCE: [&str; 4] = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let mut pos = Position::startpos();
    (0..plies)
        .map(|i| {
            let m = DANCE[i % 4].parse::<Iccs>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(&m);
            m
        })
        .collect()
}

#[test]
fn million_ply_loop_is_judged() {
    let moves = shuffle(1_000_000);
    let start = Position::startpos();
    let t = std::time::Instant::now();
    let j = judge(&start, &moves, &Settings::default());
    // Both sides idle: a draw (CXA), final from the third occurrence on.
    assert_eq!(j.ruling.result, Outcome::Draw);
    assert_eq!(j.ruling.status, Status::Final);
    assert_eq!(j.cycles.len(), 1);
    assert_eq!(j.cycles[0].occurrences, 250_001);
    eprintln!(
        "judge: 1,000,000 plies in {:.1} s",
        t.elapsed().as_secs_f64()
    );
}

#[test]
fn million_ply_loop_fed_move_by_move() {
    let moves = shuffle(1_000_000);
    let start = Position::startpos();
    let t = std::time::Instant::now();
    let mut inc = Incremental::new(start.clone(), Settings::default());
    for m in &moves {
        inc.push(*m).unwrap();
    }
    let full = judge(&start, &moves, &Settings::default());
    assert_eq!(inc.ruling(), &full.ruling);
    // One period labelled once, whatever the length.
    assert!(inc.classifier_calls() <= 8, "{}", inc.classifier_calls());
    eprintln!(
        "incremental: 1,000,000 plies in {:.1} s",
        t.elapsed().as_secs_f64()
    );
}
