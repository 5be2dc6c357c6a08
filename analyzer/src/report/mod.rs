//! Output structures (JSON) and text renderings, kept apart from the domain types. Every
//! JSON document carries a `schema_version`; the formats are documented in `docs/`.

pub mod cases;
pub mod judge_json;
pub mod label;
pub mod moves;
pub mod render;
