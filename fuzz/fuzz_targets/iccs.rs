//! ICCS: parse, print, re-parse → equal; resolve in the start position and check the
//! result agrees with the legal move list.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::iccs(data));
