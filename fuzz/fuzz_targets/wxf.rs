//! Fuzz target: WXF notation (see `checks/`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/mod.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::wxf(data));
