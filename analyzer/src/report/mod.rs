//! JSON output structs, apart from the domain types, each carrying `schema_version`.

pub mod judge_json;
