//! Fuzz target: large files and long games expanded from small inputs (see `checks/`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::large(data));
