//! UCCI `position` lines: parse and replay; a replayed game must end in a position whose
//! key matches a recomputation from scratch.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::ucci(data));
