//! The rules know no left and right, and no red and black: mirroring a corpus case
//! left-to-right, or swapping the colours (turning the board round), must give the same
//! labels on every ply and the same ruling, with the sides swapped where the colours are.
//! This checks the classifier and the verdicts on twice as many positions as the corpus
//! holds, in particular with Black as the offending side.

use std::path::PathBuf;

use qili_analyzer::Outcome;
use qili_analyzer::{judge, label_line, CycleContext, RuleSet, Settings};
use qili_notation::{Color, Iccs, Move, Piece, Position, Setup, Square};

#[derive(serde::Deserialize)]
struct Case {
    fen: String,
    moves: Vec<String>,
}

#[derive(Clone, Copy)]
enum Mirror {
    /// File a ↔ file i, colours kept.
    LeftRight,
    /// Rank 0 ↔ rank 9 and Red ↔ Black (the board turned round, colours swapped).
    Colours,
}

fn map_square(sq: Square, m: Mirror) -> Square {
    let (f, r) = (sq.file().index() as i8, sq.rank().index() as i8);
    match m {
        Mirror::LeftRight => Square::from_xy(8 - f, r).unwrap(),
        Mirror::Colours => Square::from_xy(f, 9 - r).unwrap(),
    }
}

fn map_position(pos: &Position, m: Mirror) -> Position {
    let mut setup = Setup::from(pos);
    let mut board = [None; 90];
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            let p = match m {
                Mirror::LeftRight => p,
                Mirror::Colours => Piece::new(!p.color, p.role),
            };
            board[map_square(sq, m).index()] = Some(p);
        }
    }
    setup.board = board;
    if let Mirror::Colours = m {
        setup.turn = !setup.turn;
    }
    Position::try_from(setup).expect("a mirrored legal position is legal")
}

fn map_outcome(o: Outcome, m: Mirror) -> Outcome {
    match (o, m) {
        (Outcome::RedWins, Mirror::Colours) => Outcome::BlackWins,
        (Outcome::BlackWins, Mirror::Colours) => Outcome::RedWins,
        (o, _) => o,
    }
}

fn cases() -> Vec<(String, Case)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/cases");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let case: Case = toml::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            (p.file_stem().unwrap().to_string_lossy().into_owned(), case)
        })
        .collect()
}

fn replay(start: &Position, moves: &[String]) -> Vec<Move> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|m| {
            let mv = m.parse::<Iccs>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(&mv);
            mv
        })
        .collect()
}

#[test]
fn rulings_and_labels_are_symmetric() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, case) in cases() {
        let start = Position::from_fen(&case.fen).unwrap();
        let moves = replay(&start, &case.moves);
        for rules in RuleSet::ALL {
            let settings = Settings {
                rules,
                ..Settings::default()
            };
            let base = judge(&start, &moves, &settings);
            let base_labels = label_line(&start, &moves, &settings, CycleContext::default());
            for m in [Mirror::LeftRight, Mirror::Colours] {
                let mstart = map_position(&start, m);
                let mmoves: Vec<Move> = moves
                    .iter()
                    .map(|mv| Move {
                        from: map_square(mv.from, m),
                        to: map_square(mv.to, m),
                        ..*mv
                    })
                    .collect();
                let mirrored = judge(&mstart, &mmoves, &settings);
                let tag = format!(
                    "{name} [{rules}] {}",
                    match m {
                        Mirror::LeftRight => "left-right",
                        Mirror::Colours => "colours",
                    }
                );
                let want = map_outcome(base.ruling.result, m);
                if mirrored.ruling.result != want || mirrored.ruling.status != base.ruling.status {
                    failures.push(format!(
                        "{tag}: ruling {:?}/{:?}, expected {:?}/{:?}",
                        mirrored.ruling.result, mirrored.ruling.status, want, base.ruling.status
                    ));
                }
                for (a, b) in base.cycles.iter().zip(&mirrored.cycles) {
                    for color in Color::ALL {
                        let other = match m {
                            Mirror::LeftRight => color,
                            Mirror::Colours => !color,
                        };
                        if a.conduct(color).kind != b.conduct(other).kind {
                            failures.push(format!(
                                "{tag}: {color} conduct {:?} became {:?}",
                                a.conduct(color).kind,
                                b.conduct(other).kind
                            ));
                        }
                    }
                }
                let mlabels = label_line(&mstart, &mmoves, &settings, CycleContext::default());
                for (i, (a, b)) in base_labels.iter().zip(&mlabels).enumerate() {
                    if a.labels != b.labels {
                        failures.push(format!(
                            "{tag}: ply {} labels {:?} became {:?}",
                            i + 1,
                            a.labels,
                            b.labels
                        ));
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} mirrored judgements");
    assert!(
        failures.is_empty(),
        "{} asymmetries:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
