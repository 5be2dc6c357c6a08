//! The cycle section of an audited game's page.
//!
//! Interim: until the verdict engine lands, this shows the record's last cycle with the
//! classifier's labels and no conduct or verdict.

use std::collections::HashMap;

use qili_notation::{Move, Position};

use super::pages::position_at;
use crate::html::{annotate_move, CycleSection, Diagram, Step, Text};
use crate::label::{label_move, CycleContext};
use crate::rules::Settings;

/// The last stretch of the record between two occurrences of the same position.
pub fn last_cycle(start: &Position, moves: &[Move], settings: &Settings) -> Option<CycleSection> {
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut pos = start.clone();
    seen.insert(pos.zobrist(), 0);
    let mut last = None;
    let mut count: HashMap<u64, u32> = HashMap::new();
    *count.entry(pos.zobrist()).or_default() += 1;
    for (i, m) in moves.iter().enumerate() {
        pos.play_unchecked(m);
        let k = pos.zobrist();
        *count.entry(k).or_default() += 1;
        if let Some(&prev) = seen.get(&k) {
            last = Some((prev, i + 1, count[&k]));
        }
        seen.insert(k, i + 1);
    }
    let (from, to, occurrences) = last?;
    let mut before = position_at(start, moves, from);
    let mut steps = Vec::new();
    for (k, mv) in moves.iter().enumerate().take(to).skip(from) {
        let labels = label_move(&before, mv, settings, CycleContext::default());
        let (diagram, evidence) = annotate_move(&before, &labels);
        steps.push(Step {
            ply: k + 1,
            side: before.turn(),
            mv: mv.to_string(),
            labels: labels.labels.clone(),
            evidence,
            diagram,
        });
        before.play_unchecked(mv);
    }
    let repeated = Diagram::new(&before).with_title("repeated position");
    Some(CycleSection {
        heading: Text::new(
            format!("循环 第{}–{}步", from + 1, to),
            format!("Cycle, plies {}–{}", from + 1, to),
        ),
        caption: Text::new(
            format!("重复局面（第{to}步后，已出现{occurrences}次）"),
            format!("Repeated position (after ply {to}, occurrence {occurrences})"),
        ),
        fen: before.fen(),
        repeated,
        conduct: Vec::new(),
        steps,
        verdict: Text::new("未裁决", "not ruled"),
        verdict_kind: "none",
        cites: Vec::new(),
    })
}
