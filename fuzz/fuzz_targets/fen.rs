//! FEN: parse a `Setup`, print it, re-parse → equal; validate as a `Position`, print,
//! re-parse → equal; ask the move generator something.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::fen(data));
