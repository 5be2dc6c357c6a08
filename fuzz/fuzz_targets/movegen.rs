//! Move generation: the bytes choose a start (the standard one, or a FEN up to the first
//! newline when the input starts with `F`) and then, one byte per ply, a legal move by
//! index. On the way: `legal_moves`, `legal_moves_from`, `is_legal` and `has_legal_move`
//! agree, every pseudo-move is either legal or refused, the checking moves are the legal
//! moves that give check (with the turn passed too), and the incremental Zobrist key equals
//! a recomputation.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::movegen(data));
