//! From a [`Judgement`] to a ruling page: each cycle in force (or, when none is, the last
//! cycle with its would-be ruling), move by move, with conduct, verdict and articles.

use qili_notation::{write_move, Color, Notation};

use super::annotate::annotate_move;
use super::page::{CitedArticle, CycleSection, Page, SideConduct, Step};
use super::svg::Diagram;
use super::Text;
use crate::explain;
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::terms::Lang;
use crate::verdict::{Outcome, Status, Verdict};

/// Cycles drawn at most on one page (each draws one board per move).
const MAX_CYCLES: usize = 8;

/// Where `ply` stands on the score sheet of `j`, in both languages (`第25回合（第49步）`,
/// `move 25 (ply 49)`).
fn place(j: &Judgement, ply: usize) -> Text {
    Text::new(
        explain::ply_place(j.positions.first(), ply, Lang::Zh),
        explain::ply_place(j.positions.first(), ply, Lang::En),
    )
}

/// The short text of a cycle's verdict (composed by `explain::message::short_verdict`,
/// worded in both languages).
pub fn verdict_text(v: &Verdict) -> Text {
    let m = [explain::message::short_verdict(v)];
    Text::new(
        explain::message::render(Lang::Zh, &m),
        explain::message::render(Lang::En, &m),
    )
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

fn outcome_text(result: Outcome) -> Text {
    crate::terms::outcome(result).into()
}

/// The text of the record's ruling.
pub fn ruling_text(j: &Judgement) -> Text {
    let r = &j.ruling;
    let mut t = outcome_text(r.result);
    if r.status == Status::MustChange {
        t = match r.result {
            Outcome::RedWins => {
                Text::new("黑方必须变着（不变判负）", "Black must change (or lose)")
            }
            Outcome::BlackWins => {
                Text::new("红方必须变着（不变判负）", "Red must change (or lose)")
            }
            _ => t,
        };
    }
    match r.source {
        RulingSource::Cycle { index } => {
            let ply = j
                .cycles
                .get(index)
                .and_then(CycleJudgement::decided_ply)
                .unwrap_or(0);
            let reason = j
                .cycles
                .get(index)
                .map(|c| verdict_text(&c.verdict))
                .unwrap_or_default();
            let at = place(j, ply);
            Text::new(
                format!(
                    "{}——循环{}，{}起生效：{}",
                    t.zh,
                    index + 1,
                    at.zh,
                    reason.zh
                ),
                format!(
                    "{} — cycle {}, in force from {}: {}",
                    t.en,
                    index + 1,
                    at.en,
                    reason.en
                ),
            )
        }
        RulingSource::NaturalLimit { ply, .. } => {
            let at = place(j, ply);
            Text::new(
                format!("{}——{}达到自然限着", t.zh, at.zh),
                format!("{} — natural move limit reached at {}", t.en, at.en),
            )
        }
        RulingSource::None if j.cycles.is_empty() => {
            Text::new("无裁决：没有重复局面", "no ruling: no position repeats")
        }
        RulingSource::None => Text::new(
            format!("无裁决：重复局面未达{}次", j.settings.repetitions),
            format!(
                "no ruling: no position occurs {} times",
                j.settings.repetitions
            ),
        ),
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
                diagram: diagram.with_title(format!("after {}", place(j, m.ply).en)),
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
    let after = |p: usize| {
        Text::new(
            explain::after_ply(j.positions.first(), p, Lang::Zh),
            explain::after_ply(j.positions.first(), p, Lang::En),
        )
    };
    let occurrences: Vec<Text> = c.occurrence_indices.iter().map(|&p| after(p)).collect();
    let join = |sep: &str, f: fn(&Text) -> &String| {
        occurrences
            .iter()
            .map(f)
            .cloned()
            .collect::<Vec<_>>()
            .join(sep)
    };
    let force = match c.in_force_ply {
        Some(p) => {
            let at = place(j, p);
            Text::new(
                format!("{}起生效", at.zh),
                format!("in force from {}", at.en),
            )
        }
        None => Text::new(
            format!("未生效（需出现{}次）", j.settings.repetitions),
            format!(
                "not in force (needs {} occurrences)",
                j.settings.repetitions
            ),
        ),
    };
    let mut verdict = verdict_text(&c.verdict);
    if !c.in_force {
        verdict = Text::new(
            format!("若再重复：{}", verdict.zh),
            format!("if repeated: {}", verdict.en),
        );
    }
    CycleSection {
        index: i,
        heading: Text::new(
            format!(
                "循环{}：{}",
                i + 1,
                explain::ply_span(j.positions.first(), first, last, Lang::Zh)
            ),
            format!(
                "Cycle {}: {}",
                i + 1,
                explain::ply_span(j.positions.first(), first, last, Lang::En)
            ),
        ),
        caption: Text::new(
            format!(
                "重复局面，共出现{}次：{}；{}",
                c.occurrences,
                join("、", |t| &t.zh),
                force.zh
            ),
            format!(
                "Repeated position, {} times: {}; {}",
                c.occurrences,
                join(", ", |t| &t.en),
                force.en
            ),
        ),
        fen: repeated_pos.fen(),
        repeated,
        conduct,
        steps,
        verdict,
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
        Text::new("规则", "rules"),
        j.settings.rules.names().short.to_owned(),
    ));
    meta.push((
        Text::new("生效次数", "repetitions"),
        j.settings.repetitions.to_string(),
    ));
    meta.push((Text::new("步数", "plies"), j.moves.len().to_string()));
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
        notes.push(Text::new(
            format!("共{}个生效循环，仅绘出最后{MAX_CYCLES}个", shown.len()),
            format!(
                "{} cycles in force; the last {MAX_CYCLES} are drawn",
                shown.len()
            ),
        ));
        shown.drain(..shown.len() - MAX_CYCLES);
    }
    if let Some(s) = &j.stopped {
        notes.push(Text::new(
            format!("棋谱在{}因不合法着法 {} 中止", place(j, s.ply).zh, s.mv),
            format!(
                "the record stops at {} on the illegal move {}",
                place(j, s.ply).en,
                s.mv
            ),
        ));
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
            text: Text::new(a.zh(), a.en()),
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
        explanation: Some(Text::new(
            explain::explain(j, Lang::Zh),
            explain::explain(j, Lang::En),
        )),
        back: None,
    }
}
