//! Plain-text lines for the games worth a line in a text audit: unreadable games and
//! rulings that contradict the record; in English or Chinese.

use super::escape::escape_controls;
use super::game::GameReport;
use super::words::AuditWord;
use crate::explain::message::Place;
use crate::terms::{Lang, Phrase};

/// A line for `g` when it failed or disagrees with its record, in `lang`; `None` otherwise.
fn game_text_in_raw(g: &GameReport, lang: Lang) -> Option<String> {
    let place = place(g);
    if let Some(f) = &g.error {
        let word = AuditWord::Failed {
            place: &place,
            failure: f,
        };
        return Some(word.get(lang));
    }
    let parts: Vec<String> = g
        .findings
        .iter()
        .filter(|f| f.is_disagreement())
        .map(|f| {
            let word = AuditWord::Disagreement {
                finding: f,
                start: g.start.as_ref(),
            };
            word.get(lang)
        })
        .collect();
    if parts.is_empty() {
        None
    } else {
        let word = AuditWord::Disagreements {
            place: &place,
            parts: &parts,
        };
        Some(word.get(lang))
    }
}

/// Where `g` is: `file#N` for a game, the file alone for an item about the whole file or
/// about a path (index 0).
fn place(g: &GameReport) -> String {
    if g.index == 0 {
        g.file.clone()
    } else {
        format!("{}#{}", g.file, g.index)
    }
}

/// One line per warning of `g` (problems that lost only part of the record: a variation
/// cut at a bad move, an unclosed parenthesis, a value beyond a limit …), in `lang`; empty
/// when it has none.
fn warning_lines_in_raw(g: &GameReport, lang: Lang) -> Vec<String> {
    let place = place(g);
    g.warnings
        .iter()
        .map(|w| {
            let word = AuditWord::Warning {
                place: &place,
                warning: w,
            };
            word.get(lang)
        })
        .collect()
}

/// A line for `g` when a ruling settles it, in `lang`: the ruling, its articles and the
/// recorded result. Played past a ruling with changed moves, the cycle's ruling no longer
/// decides the game (the offender changed, as the rules ask): the line says so, not who
/// would have won.
fn ruling_text_in_raw(g: &GameReport, lang: Lang) -> Option<String> {
    let j = g.ruled.as_ref()?.judgement.as_deref()?;
    if j.ruling.status == crate::verdict::Status::None {
        return None;
    }
    let articles: Vec<&str> = j.ruling.articles.iter().map(|a| a.code()).collect();
    let at = |ply| Place {
        start: j.positions.first(),
        ply,
    };
    let ruling = match changed(g) {
        Some((ply, Some(side))) => AuditWord::ChangedAsRuled { side, at: at(ply) },
        Some((ply, None)) => AuditWord::ChangedAfterRuling(at(ply)),
        None => AuditWord::Ruling(j),
    };
    let word = AuditWord::RulingLine {
        file: &g.file,
        index: g.index,
        ruling: &ruling.get(lang),
        articles: &articles,
        recorded: g.recorded_text.as_deref(),
    };
    Some(word.get(lang))
}

/// Played past a ruling with changed moves: the ply the ruling took its form and the side
/// that had to change (the cycle's ruling no longer decides the game).
fn changed(g: &GameReport) -> Option<(usize, Option<qili_notation::Color>)> {
    g.findings.iter().find_map(|f| match f {
        super::Finding::PlayedPast {
            ply,
            side,
            continued: false,
            ..
        } => Some((*ply, *side)),
        _ => None,
    })
}

/// The summary table in `lang`: each row's label (`AuditWord::SummaryRow`, in
/// `audit/words.rs`) and its figure, the figures right-aligned on the counts (the two timing
/// lines, last, may stand out to the right, so that the counts' layout does not change with
/// the machine's speed).
pub fn summary_table_in(s: &super::Summary, lang: Lang) -> String {
    let width = |x: &str| {
        x.chars()
            .map(|c| if (c as u32) >= 0x2E80 { 2 } else { 1 })
            .sum::<usize>()
    };
    let rows: Vec<(String, String)> = s
        .rows()
        .into_iter()
        .map(|(row, figure)| (AuditWord::SummaryRow(row).get(lang), figure))
        .collect();
    let left = rows.iter().map(|(l, _)| width(l)).max().unwrap_or(0);
    let counts = rows.len().saturating_sub(2);
    let right = rows[..counts]
        .iter()
        .map(|(_, f)| f.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (l, f) in rows {
        let pad = left - width(&l) + 2 + right.saturating_sub(f.len());
        out.push_str(&l);
        out.push_str(&" ".repeat(pad));
        out.push_str(&f);
        out.push('\n');
    }
    out
}

/// The line of `game_text_in_raw` in `lang` (failed, or disagreeing with its record), its
/// control characters escaped (see [`escape_controls`]): a file name or a message cannot
/// forge a line or drive the terminal.
pub fn game_text_in(g: &GameReport, lang: Lang) -> Option<String> {
    game_text_in_raw(g, lang).map(escaped)
}

/// [`game_text_in`] in English.
pub fn game_text(g: &GameReport) -> Option<String> {
    game_text_in(g, Lang::En)
}

/// The line of a ruling (see `ruling_text_in_raw`) in `lang`, its control characters
/// escaped.
pub fn ruling_text_in(g: &GameReport, lang: Lang) -> Option<String> {
    ruling_text_in_raw(g, lang).map(escaped)
}

/// [`ruling_text_in`] in English.
pub fn ruling_text(g: &GameReport) -> Option<String> {
    ruling_text_in(g, Lang::En)
}

/// The warning lines of `g` (see `warning_lines_in_raw`), their control characters
/// escaped.
pub fn warning_lines_in(g: &GameReport, lang: Lang) -> Vec<String> {
    warning_lines_in_raw(g, lang)
        .into_iter()
        .map(escaped)
        .collect()
}

/// The line that says where the HTML report of an audit is (`index`, its index page), in
/// `lang`.
pub fn html_report_line(index: &std::path::Path, lang: Lang) -> String {
    AuditWord::HtmlReport(index).get(lang)
}

fn escaped(line: String) -> String {
    match escape_controls(&line) {
        std::borrow::Cow::Borrowed(_) => line,
        std::borrow::Cow::Owned(e) => e,
    }
}
