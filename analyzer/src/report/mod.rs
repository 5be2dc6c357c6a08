//! JSON output structs, apart from the domain types, each carrying `schema_version`.

pub mod cases;
pub mod judge_json;
