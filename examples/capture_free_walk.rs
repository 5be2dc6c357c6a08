//! Writes a long capture-free game as one UCCI line (`position fen … moves …`) on standard
//! output: the walk of `tests/support/walk.rs`, for the hostile-input table
//! (`benches/hostile_table.sh`).
//!
//! ```text
//! cargo run --release --example capture_free_walk -- 30000 > long.ucci
//! ```

#[path = "../tests/support/walk.rs"]
mod walk;

fn main() {
    let plies = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(30_000);
    let Some((start, moves)) = walk::long_game(plies) else {
        eprintln!("the walk stopped short of {plies} plies or found no closing loop");
        std::process::exit(2);
    };
    eprintln!("{} plies", moves.len());
    println!(
        "position fen {} moves {}",
        start.fen(),
        walk::iccs(&moves).join(" ")
    );
}
