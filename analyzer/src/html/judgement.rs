//! From a [`Judgement`] to a ruling page: each cycle in force (or, when none is, the last
//! cycle with its would-be ruling), move by move, with conduct, verdict and articles.

use qili_notation::{write_move, Color, Notation};

use super::annotate::annotate_move;
use super::page::{CitedArticle, CycleSection, Page, SideConduct, Step};
use super::svg::Diagram;
use super::words::PageWord;
use super::Text;
use crate::explain;
use crate::explain::message::Place;
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::terms::{Lang, Phrase};
use crate::verdict::{Outcome, Status, Verdict};

/// Cycles drawn at most on one page (each draws one board per move).
const MAX_CYCLES: usize = 8;

/// Where `ply` stands on the score sheet of `j` (`第25回合（第49步）`, `move 25 (ply 49)`).
fn place(j: &Judgement, ply: usize) -> Place<'_> {
    Place {
        start: j.positions.first(),
        ply,
    }
}

/// The short text of a cycle's verdict (composed by `explain::message::short_verdict`,
/// worded in both languages).
pub fn verdict_text(v: &Verdict) -> Text {
    PageWord::ShortVerdict(v).text()
}

/// The CSS kind of a result and status: `draw`, `loss`, `must-change` or `none`.
pub fn verdict_kind(result: Outcome, status: Status) -> &'static str {
    match (status, result) {
        (Status::None, _) | (_, Outcome::None) => "none",
        (Status::MustChange, _) => "must-change",
        (Status::Final, Outcome::Draw) => "draw",
        (Status::Final, _) => "loss",
    }
}

/// The text of the record's ruling.
pub fn ruling_text(j: &Judgement) -> Text {
    let r = &j.ruling;
    let t = match (r.status, r.result) {
        (Status::MustChange, Outcome::RedWins) => PageWord::MustChangeOrLose(Color::Black),
        (Status::MustChange, Outcome::BlackWins) => PageWord::MustChangeOrLose(Color::Red),
        (_, result) => PageWord::Ruled(result),
    };
    match r.source {
        RulingSource::Cycle { index } => {
            let ply = j
                .cycles
                .get(index)
                .and_then(CycleJudgement::decided_ply)
                .unwrap_or(0);
            PageWord::RulingByCycle {
                ruling: &t,
                cycle: index,
                at: place(j, ply),
                reason: j.cycles.get(index).map(|c| &c.verdict),
            }
            .text()
        }
        RulingSource::NaturalLimit { ply, .. } => PageWord::RulingByNaturalLimit {
            ruling: &t,
            at: place(j, ply),
        }
        .text(),
        RulingSource::None if j.cycles.is_empty() => PageWord::NoRulingNoRepeat.text(),
        RulingSource::None => PageWord::NoRulingBelow(j.settings.repetitions).text(),
    }
}

fn cycle_section(j: &Judgement, i: usize, c: &CycleJudgement) -> CycleSection {
    let start = c.repeated_index();
    let repeated_pos = j.positions.get(start).cloned().unwrap_or_default();
    let mut repeated =
        Diagram::new(&repeated_pos).with_title(format!("repeated position of cycle {}", i + 1));
    if let Some(mv) = start.checked_sub(1).and_then(|k| j.moves.get(k)) {
        repeated = repeated.with_last_move(mv);
    }
    let steps = c
        .moves
        .iter()
        .filter_map(|m| {
            let before = j.positions.get(m.ply.checked_sub(1)?)?;
            let (diagram, evidence) = annotate_move(before, &m.labels);
            let mv = &m.labels.mv;
            Some(Step {
                ply: m.ply,
                number: crate::explain::move_number(j, m.ply),
                side: m.labels.side,
                mv: format!("{} {}", write_move(before, mv, Notation::Chinese), mv),
                labels: m.labels.labels.clone(),
                evidence,
                diagram: diagram.with_title(format!("after {}", place(j, m.ply).get(Lang::En))),
            })
        })
        .collect();
    let conduct = Color::ALL
        .iter()
        .map(|&s| {
            let k = c.conduct(s).kind;
            SideConduct {
                side: s,
                summary: crate::terms::conduct(k).into(),
                forbidden: c.verdict.forbidden[s],
            }
        })
        .collect();
    let (first, last) = (c.run.start + 1, c.run.start + c.run.span);
    let force = match c.in_force_ply {
        Some(p) => PageWord::InForceFrom(place(j, p)),
        None => PageWord::NotInForce(j.settings.repetitions),
    };
    let verdict = if c.in_force {
        PageWord::ShortVerdict(&c.verdict)
    } else {
        PageWord::IfRepeated(&c.verdict)
    };
    CycleSection {
        index: i,
        heading: PageWord::CycleHeading {
            start: j.positions.first(),
            cycle: i,
            first,
            last,
        }
        .text(),
        caption: PageWord::RepeatedCaption {
            start: j.positions.first(),
            occurrences: c.occurrences,
            after: &c.occurrence_indices,
            force: &force,
        }
        .text(),
        fen: repeated_pos.fen(),
        repeated,
        conduct,
        steps,
        verdict: verdict.text(),
        verdict_kind: if c.in_force {
            verdict_kind(c.verdict.result, c.verdict.status)
        } else {
            "none"
        },
        cites: c
            .verdict
            .articles
            .iter()
            .map(|a| a.code().to_owned())
            .collect(),
    }
}

/// The ruling page of a judgement, under `title` with `meta` facts (file, players …).
pub fn judgement_page(j: &Judgement, title: Text, mut meta: Vec<(Text, String)>) -> Page {
    meta.push((
        PageWord::Rules.text(),
        j.settings.rules.names().short.to_owned(),
    ));
    meta.push((
        PageWord::Repetitions.text(),
        j.settings.repetitions.to_string(),
    ));
    meta.push((PageWord::Plies.text(), j.moves.len().to_string()));
    let mut shown: Vec<usize> = (0..j.cycles.len())
        .filter(|&i| j.cycles[i].in_force)
        .collect();
    if let RulingSource::Cycle { index } = j.ruling.source {
        if !shown.contains(&index) {
            shown.push(index);
        }
    }
    if shown.is_empty() && !j.cycles.is_empty() {
        shown.push(j.cycles.len() - 1);
    }
    shown.sort_unstable();
    let mut notes = Vec::new();
    if shown.len() > MAX_CYCLES {
        notes.push(
            PageWord::CyclesNotDrawn {
                shown: shown.len(),
                drawn: MAX_CYCLES,
            }
            .text(),
        );
        shown.drain(..shown.len() - MAX_CYCLES);
    }
    if let Some(s) = &j.stopped {
        notes.push(
            PageWord::StoppedAt {
                at: place(j, s.ply),
                mv: s.illegal.mv(),
            }
            .text(),
        );
    }
    let cycles: Vec<CycleSection> = shown
        .iter()
        .map(|&i| cycle_section(j, i, &j.cycles[i]))
        .collect();
    let mut cited = j.ruling.articles.clone();
    for &i in &shown {
        cited.extend(j.cycles[i].verdict.articles.iter().copied());
    }
    let mut seen = std::collections::HashSet::new();
    cited.retain(|a| seen.insert(*a));
    let articles = cited
        .into_iter()
        .map(|a| CitedArticle {
            cite: a.code().to_owned(),
            text: Text {
                zh: a.zh().to_owned(),
                en: a.en().to_owned(),
            },
        })
        .collect();
    Page {
        title,
        meta,
        verdict: ruling_text(j),
        verdict_kind: verdict_kind(j.ruling.result, j.ruling.status),
        cycles,
        notes,
        articles,
        explanation: Some(Text {
            zh: explain::explain(j, Lang::Zh),
            en: explain::explain(j, Lang::En),
        }),
        back: None,
    }
}
