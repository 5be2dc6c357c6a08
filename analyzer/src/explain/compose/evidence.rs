//! The evidence of a cycle: the pieces, each side's conduct, each move's labels, chases,
//! protectors and dismissed threats, composed once as [`Message`]s.

use qili_notation::{Color, Role, Square};

use super::{ply_place, punct};
use crate::conduct::{ChaseRef, Conduct, ConductKind, CycleMove, PieceRef};
use crate::explain::message::{render, Message};
use crate::explain::{line_text, move_text, Lang};
use crate::judge::Judgement;
use crate::label::{Chase, Label};
use crate::terms::Term;

/// A piece of `color` on `sq`: `horse g8`, `马g8`.
fn piece_name(lang: Lang, role: Role, color: Color, sq: Square) -> String {
    let name = Message::PieceName {
        role,
        color,
        at: sq,
    };
    render(lang, &[name])
}

/// A piece of the cycle, where it stands (`at`) and, when that differs, where it stands in
/// the repeated position.
fn piece(lang: Lang, p: &PieceRef, at: Option<Square>) -> String {
    match at {
        Some(sq) if sq != p.home => {
            let name = piece_name(lang, p.role, p.color, sq);
            render(
                lang,
                &[Message::PieceMoved {
                    name: &name,
                    home: p.home,
                }],
            )
        }
        _ => piece_name(lang, p.role, p.color, p.home),
    }
}

fn pieces(lang: Lang, ps: &[PieceRef]) -> String {
    ps.iter()
        .map(|p| piece(lang, p, None))
        .collect::<Vec<_>>()
        .join(punct(lang).series)
}

/// One side's conduct: its kind, the pieces it chases and by which pieces, forbidden or
/// allowed.
pub(super) fn conduct(lang: Lang, c: &Conduct, forbidden: bool) -> String {
    let p = punct(lang);
    let mut t = render(
        lang,
        &[Message::ConductHead {
            side: c.side,
            kind: c.kind,
        }],
    );
    let chase_kind = matches!(
        c.kind,
        ConductKind::PerpetualChase
            | ConductKind::CheckAndChase
            | ConductKind::MateThreatAndChase
            | ConductKind::ChasesAndIdle
    );
    if chase_kind && !c.targets.is_empty() {
        let targets = pieces(lang, &c.targets);
        t.push_str(&render(
            lang,
            &[Message::ChasedTargets { targets: &targets }],
        ));
        let constant = pieces(lang, &c.constant_targets);
        if !c.constant_targets.is_empty() {
            if c.constant_target_attackers.len() >= 2 {
                let by = pieces(lang, &c.constant_target_attackers);
                let turns = Message::TakeTurns {
                    by: &by,
                    constant: &constant,
                };
                t.push_str(&render(lang, &[turns]));
            } else if c.targets.len() > 1 {
                let every = Message::ChasedEveryMove {
                    constant: &constant,
                };
                t.push_str(&render(lang, &[every]));
            }
        } else if c.kind == ConductKind::PerpetualChase {
            t.push_str(
                Term::new(
                    "；轮流捉不同的子",
                    "; the chases go to different pieces in turn",
                )
                .get(lang),
            );
        }
        let by = pieces(lang, &c.attackers);
        t.push_str(&render(lang, &[Message::ChasedBy { by: &by }]));
    }
    t.push_str(p.dash);
    t.push_str(crate::terms::forbidden(forbidden).get(lang));
    t.push_str(p.stop);
    t
}

/// A chase with its evidence: attackers, target, root, protectors, winning line.
fn chase(lang: Lang, c: &Chase, r: Option<&ChaseRef>, j: &Judgement, ply: usize) -> String {
    let after = j.positions.get(ply);
    // The target and its protectors are the side's to move after the chasing move.
    let defender = after.map_or(Color::Black, |pos| pos.turn());
    let attackers = c
        .attackers
        .iter()
        .map(|&a| match after.and_then(|pos| pos.piece_at(a)) {
            Some(pc) => piece_name(lang, pc.role, pc.color, a),
            None => a.to_string(),
        })
        .collect::<Vec<_>>()
        .join(Term::new("、", " and ").get(lang));
    let target = match r {
        Some(r) => piece(lang, &r.target, Some(c.target)),
        None => piece_name(lang, c.target_role, defender, c.target),
    };
    let chase = Message::Chase {
        attackers: &attackers,
        target: &target,
        root: c.root,
    };
    let mut t = render(lang, &[chase]);
    if !c.protectors.is_empty() {
        let ps: Vec<String> = c
            .protectors
            .iter()
            .map(|pr| {
                let name = piece_name(lang, pr.role, defender, pr.square);
                let status = crate::terms::protector(&pr.status, lang);
                let protector = Message::Protector {
                    name: &name,
                    status: &status,
                };
                render(lang, &[protector])
            })
            .collect();
        let list = ps.join(Term::new("、", "; ").get(lang));
        t.push_str(&render(lang, &[Message::Protectors { list: &list }]));
    }
    if !c.line.is_empty() {
        let line = line_text(&c.line);
        t.push_str(&render(lang, &[Message::WinningLine { line: &line }]));
    }
    t
}

/// Detail: one move with its labels and evidence.
pub(super) fn evidence(lang: Lang, j: &Judgement, m: &CycleMove) -> String {
    let p = punct(lang);
    let before = j.positions.get(m.ply - 1);
    let l = &m.labels;
    let label = |x: Label| crate::terms::label(x).get(lang);
    let mut t = format!(
        "    {}  {}{}{}",
        ply_place(j.positions.first(), m.ply, lang),
        move_text(before, &l.mv),
        p.colon,
        label(m.primary())
    );
    let rest: Vec<&str> = l.labels.iter().skip(1).map(|&x| label(x)).collect();
    if !rest.is_empty() {
        let rest = rest.join(p.series);
        t.push_str(&render(lang, &[Message::AlsoLabels { rest: &rest }]));
    }
    if let Some(line) = &l.mate_line {
        t.push_str(p.dash);
        t.push_str(Term::new("杀着 ", "mating line ").get(lang));
        t.push_str(&line_text(line));
    }
    if !l.chases.is_empty() {
        let cs: Vec<String> = l
            .chases
            .iter()
            .enumerate()
            .map(|(i, c)| chase(lang, c, m.chases.get(i), j, m.ply))
            .collect();
        t.push_str(p.dash);
        t.push_str(&cs.join(p.semicolon));
    }
    let defender = j
        .positions
        .get(m.ply)
        .map_or(Color::Black, |pos| pos.turn());
    for d in &l.dismissed {
        let name = piece_name(lang, d.chase.target_role, defender, d.chase.target);
        t.push_str(p.dash);
        let not_a_chase = Message::NotAChase {
            name: &name,
            reason: d.reason,
            article: d.article,
        };
        t.push_str(&render(lang, &[not_a_chase]));
        if d.reason == crate::label::DismissReason::DefensiveKeyPoint && !d.line.is_empty() {
            // The opponent's mating line the key point parries (27.3's evidence).
            let line = line_text(&d.line);
            t.push_str(&render(lang, &[Message::ParriedLine { line: &line }]));
        }
    }
    t
}
