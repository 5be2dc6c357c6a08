//! Fuzz target: WinBoard/XBoard SAN (see `checks/`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::winboard(data));
