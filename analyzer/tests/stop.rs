//! `qili_analyzer::stop`: an analysis stopped by its budget or its flag ends soon with
//! `Stopped`, and leaves nothing behind: the thread's next analysis answers exactly as one
//! on a fresh thread (the memos the labeller keeps per thread are emptied).

use std::time::{Duration, Instant};

use qili_analyzer::stop::{within, Budget, StopReason};
use qili_analyzer::{judge, label_line, CycleContext, Settings};

/// A chariot walking a file up and back (an elephant moving each time), three times: a
/// cycle of 32 plies whose moves have many checks to search at mate depth 6.
fn heavy() -> qili_analyzer::GameInput {
    let mut moves = Vec::new();
    let elephant = ["g9i7", "i7g9"];
    let mut j = 0;
    for _ in 0..3 {
        for r in (1..=8).chain((0..=7).rev()) {
            let from = if j % 16 < 8 { r - 1 } else { r + 1 };
            moves.push(format!("a{from}a{r}"));
            moves.push(elephant[j % 2].to_owned());
            j += 1;
        }
    }
    qili_analyzer::from_fen_and_moves(
        "2bakab2/9/9/9/9/9/9/9/3NCNC2/R3K3R w - - 0 1",
        &moves.join(" "),
    )
    .unwrap()
}

fn settings() -> Settings {
    Settings {
        mate_depth: 6,
        ..Settings::default()
    }
}

#[test]
fn a_stopped_judgement_leaves_nothing_behind() {
    let game = heavy();
    let s = settings();
    let (fresh, cycles) = {
        let (start, moves, s) = (game.start.clone(), game.moves.clone(), s.clone());
        std::thread::spawn(move || {
            let j = judge(&start, &moves, &s);
            (format!("{j:?}"), j.cycles.len())
        })
        .join()
        .unwrap()
    };
    assert!(cycles > 0, "the line has a cycle to label");
    let started = Instant::now();
    let stopped = within(&Budget::new().with_nodes(2_000), || {
        judge(&game.start, &game.moves, &s)
    })
    .unwrap_err();
    assert_eq!(stopped.reason, StopReason::Nodes);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(format!("{:?}", judge(&game.start, &game.moves, &s)), fresh);
    // Within a budget large enough, the same answer.
    let whole = within(&Budget::new(), || judge(&game.start, &game.moves, &s)).unwrap();
    assert_eq!(format!("{whole:?}"), fresh);
}

#[test]
fn a_stopped_labelling_leaves_nothing_behind() {
    let game = heavy();
    let s = settings();
    let cycle = CycleContext::default();
    let fresh = label_line(&game.start, &game.moves, &s, cycle);
    let budget = Budget::new().with_time(Duration::from_millis(50));
    let stopped = within(&budget, || label_line(&game.start, &game.moves, &s, cycle));
    assert_eq!(stopped.unwrap_err().reason, StopReason::Time);
    assert_eq!(label_line(&game.start, &game.moves, &s, cycle), fresh);
}

#[test]
fn a_flag_raised_during_a_labelling_stops_it_soon() {
    let game = heavy();
    let s = settings();
    let budget = Budget::new();
    let flag = budget.flag().clone();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        flag.raise();
        Instant::now()
    });
    let result = within(&budget, || {
        label_line(&game.start, &game.moves, &s, CycleContext::default())
    });
    let ended = Instant::now();
    let raised = raiser.join().unwrap();
    assert_eq!(result.unwrap_err().reason, StopReason::Cancelled);
    // A generous bound for a loaded machine: the searches look every 256 nodes.
    assert!(ended.saturating_duration_since(raised) < Duration::from_secs(5));
}
