//! From move labels to annotated diagrams and evidence lines.

use qili_notation::{Color, Move, Position, Role, Square};

use super::svg::{Arrow, ArrowKind, Diagram, Mark, MarkKind};
use super::Text;
use crate::label::{Chase, DismissReason, Label, MoveLabels, Root};
use crate::protection::Protector;

/// `车 b2` / `chariot b2`: a piece and its point.
pub fn piece_text(color: Color, role: Role, sq: Square) -> Text {
    Text::new(
        format!("{}{}", role.chinese(color), sq),
        format!("{} {} {sq}", color.english(), role.english()),
    )
}

fn root_text(r: Root) -> Text {
    let t = crate::terms::root_reason(r);
    Text::new(t.zh, t.en)
}

fn line_text(line: &[Move]) -> String {
    line.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The diagram of the position after `labels.mv` (played in `before`), with the last move,
/// the checks, the mating line's first move, every chase with its target and the target's
/// protectors (real in green, false crossed out); and the evidence lines: each check, mate
/// threat and chase, each protector and why it is real or false, the evidence of the
/// quieter labels, and the threats that are not chases with the article that says so.
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
    for e in labels
        .evidence
        .iter()
        .filter(|e| !e.label.is_attack() && !e.detail.is_empty())
    {
        let name = super::label_text(e.label);
        evidence.push(Text::new(name.zh, format!("{}: {}", name.en, e.detail)));
    }
    for x in &labels.dismissed {
        let why = dismiss_text(x.reason);
        let target = piece_text(!mover, x.chase.target_role, x.chase.target);
        evidence.push(Text::new(
            format!("不算捉：{}——{}（{}）", target.zh, why.zh, x.article),
            format!(
                "not a chase of the {}: {} ({})",
                target.en, why.en, x.article
            ),
        ));
    }
    if evidence.is_empty() {
        let l = labels.primary();
        let t = super::label_text(l);
        evidence.push(Text::new(format!("{}着", t.zh), format!("{} move", t.en)));
    }
    (d, evidence)
}

/// Why a protector is real or false, in both languages.
fn protector_text(p: &Protector, color: Color) -> Text {
    use crate::terms::protector;
    use crate::terms::Lang;
    let who = piece_text(color, p.role, p.square);
    Text::new(
        format!("{}：{}", who.zh, protector(&p.status, Lang::Zh)),
        format!("the {}: {}", who.en, protector(&p.status, Lang::En)),
    )
}

/// The reason a threat is not a chase, in the words of the explanations (one source).
fn dismiss_text(r: DismissReason) -> Text {
    let t = crate::terms::dismiss(r);
    Text::new(t.zh, t.en)
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
    for p in &c.protectors {
        let real = p.status.is_real();
        let kind = if real {
            ArrowKind::Protector
        } else {
            ArrowKind::FalseRoot
        };
        d.arrows.push(Arrow {
            from: p.square,
            to: c.target,
            kind,
        });
        let mark = if real {
            MarkKind::Protector
        } else {
            MarkKind::FalseRoot
        };
        d.marks.push(Mark {
            square: p.square,
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
    for p in &c.protectors {
        evidence.push(protector_text(p, !mover));
    }
}
