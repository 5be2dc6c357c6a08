//! The one output seam over a [`Judgement`]: every rendering of a judgement — the text
//! explanation (zh, en), the JSON (docs/judge-json.md) and the HTML teaching page — is
//! asked for here, by `qili judge`, by the batch answers of [`crate::report::batch`] and by
//! the server alike, so that a new format is one more [`RenderFormat`] and one more arm of
//! [`render`].
//!
//! ```
//! use qili_analyzer::{render, RenderFormat, RenderOptions};
//! use qili_analyzer::{judge, Settings};
//!
//! let game = qili_analyzer::read_fen_and_moves("startpos", "h0g2 h9g7", &Default::default())?;
//! let j = judge(&game.start, &game.moves, &Settings::default());
//! let json = render(&j, &RenderOptions::new(RenderFormat::Json));
//! assert!(json.contains("\"schema_version\": 1"));
//! let page = render(&j, &RenderOptions::new(RenderFormat::Html));
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io;

use serde::Serialize;
use serde_json::value::RawValue;

use crate::explain::{self, GameInfo, Lang};
use crate::html;
use crate::judge::Judgement;
use crate::report::batch::Detail;
use crate::report::judge_json::{judge_json, verdict_json, JudgeJson, VerdictLineJson};
pub use crate::report::judge_json::{SCHEMA_VERSION, VERDICT_SCHEMA_VERSION};
use crate::terms::Phrase;

/// The formats a judgement is rendered in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum RenderFormat {
    /// The explanation, in [`RenderOptions::explain`]'s language and size.
    #[default]
    Text,
    /// The whole judgement as JSON (docs/judge-json.md), indented, with a final newline.
    Json,
    /// A self-contained HTML teaching page (boards, arrows, verdict, articles).
    Html,
}

impl RenderFormat {
    /// Every format, in the order a command lists them.
    pub const ALL: [RenderFormat; 3] = [RenderFormat::Text, RenderFormat::Json, RenderFormat::Html];

    /// Its name (`qili judge --format NAME`).
    pub fn name(self) -> &'static str {
        match self {
            RenderFormat::Text => "text",
            RenderFormat::Json => "json",
            RenderFormat::Html => "html",
        }
    }

    /// What it gives, for a command's help.
    pub fn about(self) -> &'static str {
        match self {
            RenderFormat::Text => "The explanation, in `--lang`",
            RenderFormat::Json => "The judgement as JSON (docs/judge-json.md)",
            RenderFormat::Html => {
                "A self-contained HTML teaching page (boards, arrows, verdict, articles)"
            }
        }
    }
}

/// A text that names no [`RenderFormat`]: the text, handed back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format {0:?}: expected {names}", names = RenderFormat::ALL.map(RenderFormat::name).join(", "))]
pub struct ParseRenderFormatError(pub String);

impl std::str::FromStr for RenderFormat {
    type Err = ParseRenderFormatError;

    fn from_str(s: &str) -> Result<RenderFormat, ParseRenderFormatError> {
        RenderFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| ParseRenderFormatError(s.to_owned()))
    }
}

/// How a judgement is rendered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// The format.
    pub format: RenderFormat,
    /// Text: the language, the size and the cycles expanded.
    pub explain: explain::Options,
    /// Text: the game judged, as its record names it.
    pub game: Option<GameInfo>,
    /// HTML: what the judgement was read from (a file, a FEN, a case's id), named on the page.
    pub input: String,
}

impl RenderOptions {
    /// `format`, with the text in Chinese in the default size and no game or input named.
    pub fn new(format: RenderFormat) -> RenderOptions {
        RenderOptions {
            format,
            ..RenderOptions::default()
        }
    }

    /// These options with the text in `lang`.
    pub fn lang(mut self, lang: Lang) -> RenderOptions {
        self.explain.lang = lang;
        self
    }
}

/// Renders `j` as `options` say.
pub fn render(j: &Judgement, options: &RenderOptions) -> String {
    match options.format {
        RenderFormat::Text => explain::explain_with(j, options.game.as_ref(), &options.explain),
        RenderFormat::Json => {
            let mut text = serde_json::to_string_pretty(&judge_json(j))
                .unwrap_or_else(|e| unwritable(&e, SCHEMA_VERSION));
            text.push('\n');
            text
        }
        RenderFormat::Html => {
            let meta = vec![(html::PageWord::Input.text(), options.input.clone())];
            let title = html::PageWord::RulingTitle.text();
            html::ruling_page(&html::judgement_page(j, title, meta))
        }
    }
}

/// Appends the batch answer to a case (one JSON line, without its newline) to `out`: with
/// [`Detail::Verdict`] the verdict line, with [`Detail::Explain`] the whole judgement, each
/// with the case's `id` first.
pub fn write_case_answer(
    j: &Judgement,
    id: &RawValue,
    detail: Detail,
    out: &mut Vec<u8>,
) -> io::Result<()> {
    match detail {
        Detail::Explain => write_line(
            out,
            &JudgeJson {
                id: Some(id),
                ..judge_json(j)
            },
        ),
        Detail::Verdict => write_line(
            out,
            &VerdictLineJson {
                id: Some(id),
                ..verdict_json(j)
            },
        ),
    }
}

/// The judge JSON of `j` as one compact line (no newline, no `id`): with
/// [`Detail::Explain`] the whole judgement ([`SCHEMA_VERSION`]: the document of
/// [`RenderFormat::Json`]), with [`Detail::Verdict`] the verdict line ([`VERDICT_SCHEMA_VERSION`]:
/// no labelled moves, no explanations, which it does not build).
pub fn json_line(j: &Judgement, detail: Detail) -> String {
    let written = match detail {
        Detail::Explain => serde_json::to_string(&judge_json(j)),
        Detail::Verdict => serde_json::to_string(&verdict_json(j)),
    };
    written.unwrap_or_else(|e| unwritable(&e, detail.schema_version()))
}

/// One compact JSON object appended to `out`.
fn write_line(out: &mut Vec<u8>, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)
}

/// The JSON error object written in place of a document that could not be written (a
/// defect: the documents hold only strings, numbers and lists).
fn unwritable(e: &serde_json::Error, schema_version: u32) -> String {
    serde_json::json!({
        "schema_version": schema_version,
        "error": format!("internal error: the judgement could not be written as JSON: {e}"),
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Settings;

    fn judgement() -> Judgement {
        let game = crate::input::read_fen_and_moves(
            "startpos",
            "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
            &Default::default(),
        )
        .unwrap();
        crate::judge::judge(&game.start, &game.moves, &Settings::default())
    }

    /// Each format is the writer it names: the explanation, the judge JSON, the page.
    #[test]
    fn each_format_renders_its_writer() {
        let j = judgement();
        let en = RenderOptions::new(RenderFormat::Text).lang(Lang::En);
        assert_eq!(render(&j, &en), explain::explain(&j, Lang::En));
        assert_ne!(
            render(&j, &en),
            render(&j, &RenderOptions::new(RenderFormat::Text))
        );
        let json: serde_json::Value =
            serde_json::from_str(&render(&j, &RenderOptions::new(RenderFormat::Json))).unwrap();
        assert_eq!(json, serde_json::to_value(judge_json(&j)).unwrap());
        let page = render(
            &j,
            &RenderOptions {
                input: "startpos <x>".into(),
                ..RenderOptions::new(RenderFormat::Html)
            },
        );
        assert!(page.contains("startpos &lt;x&gt;"), "the input is named");
    }

    /// Each format is read back from its name; another name is refused, naming them all.
    #[test]
    fn formats_are_read_by_name() {
        for f in RenderFormat::ALL {
            assert_eq!(f.name().parse::<RenderFormat>(), Ok(f));
            assert!(!f.about().is_empty());
        }
        let e = "xml".parse::<RenderFormat>().unwrap_err();
        assert_eq!(
            e,
            ParseRenderFormatError("xml".into()),
            "the text handed back"
        );
        assert_eq!(
            e.to_string(),
            "unknown format \"xml\": expected text, json, html"
        );
    }

    /// The compact lines are the documents of both schemas, the verdict line without the
    /// labelled moves and the explanations.
    #[test]
    fn json_lines_are_compact_documents() {
        let j = judgement();
        let full = json_line(&j, Detail::Explain);
        let verdict = json_line(&j, Detail::Verdict);
        assert!(!full.contains('\n') && !verdict.contains('\n'));
        let full: serde_json::Value = serde_json::from_str(&full).unwrap();
        let verdict: serde_json::Value = serde_json::from_str(&verdict).unwrap();
        assert_eq!(full["schema_version"], SCHEMA_VERSION);
        assert_eq!(verdict["schema_version"], VERDICT_SCHEMA_VERSION);
        assert!(full["moves"].is_array() && verdict.get("moves").is_none());
        assert_eq!(full["ruling"]["result"], verdict["ruling"]["result"]);
    }

    /// A case's answer carries its id first, in the detail asked for.
    #[test]
    fn case_answers_carry_the_id_first() {
        let j = judgement();
        let id = RawValue::from_string("\"a\"".into()).unwrap();
        for (detail, version) in [(Detail::Verdict, 2), (Detail::Explain, 1)] {
            let mut out = Vec::new();
            write_case_answer(&j, &id, detail, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.starts_with("{\"id\":\"a\","), "{text}");
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["schema_version"], version);
            assert_eq!(v.get("moves").is_some(), detail == Detail::Explain);
        }
    }
}
