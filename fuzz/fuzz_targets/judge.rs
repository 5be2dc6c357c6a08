//! Fuzz target: judging games decoded from the bytes, and the incremental API (see `checks/`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::judge_game(data));
