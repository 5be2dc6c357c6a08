//! From move labels to annotated diagrams and evidence lines.

use qili_notation::{Color, Move, Position, Role, Square};

use super::svg::{Arrow, ArrowKind, Diagram, Mark, MarkKind};
use super::words::{PageWord, PieceAt};
use super::Text;
use crate::label::{Chase, Label, MoveLabels};
use crate::terms::Phrase;

/// `车 b2` / `chariot b2`: a piece and its point.
pub fn piece_text(color: Color, role: Role, sq: Square) -> Text {
    PageWord::Piece(PieceAt {
        color,
        role,
        square: sq,
    })
    .text()
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
                let a = PieceAt {
                    color: p.color,
                    role: p.role,
                    square: sq,
                };
                evidence.push(PageWord::Checks(a).text());
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
        evidence.push(PageWord::MateBy(&text).text());
    }
    for c in &labels.chases {
        chase(&after, mover, c, &mut d, &mut evidence);
    }
    for e in labels
        .evidence
        .iter()
        .filter(|e| !e.label.is_attack() && !e.detail.is_empty())
    {
        let word = PageWord::LabelEvidence {
            label: e.label,
            detail: &e.detail,
        };
        evidence.push(word.text());
    }
    for x in &labels.dismissed {
        let target = PieceAt {
            color: !mover,
            role: x.chase.target_role,
            square: x.chase.target,
        };
        let word = PageWord::NotAChase {
            target,
            why: x.reason,
            article: x.article,
        };
        evidence.push(word.text());
    }
    if evidence.is_empty() {
        evidence.push(PageWord::LabelMove(labels.primary()).text());
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
    let attackers: Vec<PieceAt> = c
        .attackers
        .iter()
        .filter_map(|&a| {
            after.piece_at(a).map(|p| PieceAt {
                color: p.color,
                role: p.role,
                square: a,
            })
        })
        .collect();
    let line = (!c.line.is_empty()).then(|| line_text(&c.line));
    let word = PageWord::Chases {
        attackers: &attackers,
        target: PieceAt {
            color: !mover,
            role: c.target_role,
            square: c.target,
        },
        root: c.root,
        line: line.as_deref(),
    };
    evidence.push(word.text());
    for p in &c.protectors {
        let who = PieceAt {
            color: !mover,
            role: p.role,
            square: p.square,
        };
        let word = PageWord::Protects {
            who,
            status: &p.status,
        };
        evidence.push(word.text());
    }
}
