//! From move labels to annotated diagrams and evidence lines.

use qili_notation::{Color, Move, Position, Role, Square};

use super::svg::{Arrow, ArrowKind, Diagram, Mark, MarkKind};
use super::Text;
use crate::label::{Chase, Label, MoveLabels, Root};

/// `车 b2` / `chariot b2`: a piece and its point.
pub fn piece_text(color: Color, role: Role, sq: Square) -> Text {
    Text::new(
        format!("{}{}", role.chinese(color), sq),
        format!("{} {} {sq}", color.english(), role.english()),
    )
}

fn root_text(r: Root) -> Text {
    match r {
        Root::Unprotected => Text::new("无根", "unprotected"),
        Root::FalseRoot => Text::new("假根", "false root: the protector cannot legally recapture"),
        Root::InsufficientRoot => {
            Text::new("少根", "insufficient root: more attackers than protectors")
        }
        Root::GainsDespiteRoot => Text::new(
            "有根但兑换仍得子",
            "protected, but the exchange still wins material",
        ),
        Root::Protected => Text::new("有根", "protected"),
    }
}

fn line_text(line: &[Move]) -> String {
    line.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The diagram of the position after `labels.mv` (played in `before`), with the last move,
/// the checks, the mating line's first move, every chase with its target and the target's
/// protectors; and one evidence line per label.
pub fn annotate_move(before: &Position, labels: &MoveLabels) -> (Diagram, Vec<Text>) {
    let after = before.after(&labels.mv);
    let mut d = Diagram::new(&after).with_last_move(&labels.mv);
    let mut evidence = Vec::new();
    let mover = labels.side;
    if labels.labels.contains(&Label::Check) {
        let general = after.general(!mover);
        for sq in after.attackers(general, mover) {
            d.arrows.push(Arrow {
                from: sq,
                to: general,
                kind: ArrowKind::Check,
            });
            if let Some(p) = after.piece_at(sq) {
                let a = piece_text(p.color, p.role, sq);
                evidence.push(Text::new(
                    format!("将：{} 将军", a.zh),
                    format!("check: the {} attacks the general", a.en),
                ));
            }
        }
        d.marks.push(Mark {
            square: general,
            kind: MarkKind::Checked,
        });
    }
    if let Some(line) = labels.mate_line.as_ref().filter(|l| !l.is_empty()) {
        d.arrows.push(Arrow {
            from: line[0].from,
            to: line[0].to,
            kind: ArrowKind::MateThreat,
        });
        let text = line_text(line);
        evidence.push(Text::new(
            format!("杀：再走可成杀 {text}"),
            format!("mate threat: moving again, mates by {text}"),
        ));
    }
    for c in &labels.chases {
        chase(&after, mover, c, &mut d, &mut evidence);
    }
    if evidence.is_empty() {
        let l = labels.primary();
        let t = super::label_text(l);
        evidence.push(Text::new(format!("{}着", t.zh), format!("{} move", t.en)));
    }
    (d, evidence)
}

fn chase(after: &Position, mover: Color, c: &Chase, d: &mut Diagram, evidence: &mut Vec<Text>) {
    for &a in &c.attackers {
        d.arrows.push(Arrow {
            from: a,
            to: c.target,
            kind: ArrowKind::Chase,
        });
    }
    d.marks.push(Mark {
        square: c.target,
        kind: MarkKind::Target,
    });
    // The target's protectors in the position after the move: real ones in green, and
    // when the classifier found the root false, crossed out.
    let false_root = c.root == Root::FalseRoot;
    for p in after.attackers(c.target, !mover) {
        let kind = if false_root {
            ArrowKind::FalseRoot
        } else {
            ArrowKind::Protector
        };
        d.arrows.push(Arrow {
            from: p,
            to: c.target,
            kind,
        });
        let mark = if false_root {
            MarkKind::FalseRoot
        } else {
            MarkKind::Protector
        };
        d.marks.push(Mark {
            square: p,
            kind: mark,
        });
    }
    let attackers: Vec<Text> = c
        .attackers
        .iter()
        .filter_map(|&a| after.piece_at(a).map(|p| piece_text(p.color, p.role, a)))
        .collect();
    let who_zh = attackers
        .iter()
        .map(|t| t.zh.as_str())
        .collect::<Vec<_>>()
        .join("、");
    let who_en = attackers
        .iter()
        .map(|t| t.en.as_str())
        .collect::<Vec<_>>()
        .join(" and ");
    let target = piece_text(!mover, c.target_role, c.target);
    let root = root_text(c.root);
    let mut t = Text::new(
        format!("捉：{who_zh} 捉 {}（{}）", target.zh, root.zh),
        format!(
            "chase: the {who_en} threatens the {} ({})",
            target.en, root.en
        ),
    );
    if !c.line.is_empty() {
        let line = line_text(&c.line);
        t.zh.push_str(&format!("，得子线路 {line}"));
        t.en.push_str(&format!("; winning line {line}"));
    }
    evidence.push(t);
}
