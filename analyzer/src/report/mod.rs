//! Output structures (JSON) and text renderings, kept apart from the domain types. Every
//! JSON document carries a `schema_version`; the formats are documented in `docs/`. A
//! judgement is rendered through [`render`] alone (its JSON structures are private to it).

pub mod batch;
mod batch_lines;
pub(crate) mod judge_json;
pub mod label;
pub mod moves;
pub mod render;
mod words;
