//! The output of `qili moves` and `POST /moves` (documented in docs/moves-json.md): the
//! moves of a position that matter to the repetition rules ([`crate::outlook`]) as a text
//! table in Chinese or English, as JSON, or as the UCCI `banmoves` line.

use qili_notation::{write_move, Color, Move, Notation, Position};
use serde_json::{json, Value};

use crate::judge::{Ruling, RulingSource};
use crate::outlook::{Consequence, Effect, MoveOutlook, Outlook, Warning};
use crate::report::judge_json::conduct_json;
use crate::report::words::ReportWord;
use crate::terms;
use crate::terms::{Lang, Phrase};
use crate::verdict::{Article, Outcome, Status};

/// The schema version of [`moves_json`].
pub const SCHEMA_VERSION: u32 = 1;

/// The JSON of an outlook: the position, the ruling now, the banned moves, and every move
/// that matters (it repeats, or a ruling takes effect with it), in move-generation order.
pub fn moves_json(o: &Outlook) -> Value {
    let pos = Position::from_fen(&o.fen).ok();
    json!({
        "schema_version": SCHEMA_VERSION,
        "rules": o.settings.rules.as_str(),
        "repetitions": o.settings.repetitions,
        "ply": o.ply,
        "fen": o.fen,
        "mover": o.mover,
        "ruling": ruling_json(&o.ruling),
        "legal_moves": o.moves.len(),
        "banmoves": o.banned().map(|m| m.to_string()).collect::<Vec<_>>(),
        "moves": o
            .moves
            .iter()
            .filter(|m| m.matters())
            .map(|m| move_json(pos.as_ref(), o.mover, m))
            .collect::<Vec<_>>(),
    })
}

fn move_json(pos: Option<&Position>, mover: Color, m: &MoveOutlook) -> Value {
    let mut v = json!({
        "move": m.mv.to_string(),
        "chinese": chinese(pos, &m.mv),
        "consequence": m.consequence,
        "banned": m.banned(mover),
        "ruling": ruling_json(&m.ruling),
    });
    if let Some(r) = &m.repetition {
        v["repetition"] = json!({
            "occurrence": r.occurrence,
            "first_ply": r.first_ply,
            "previous_ply": r.previous_ply,
            "loop": r.loop_moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        });
    }
    if let Some(e) = &m.effect {
        v["effect"] = effect_json(e);
    }
    if let Some(w) = &m.warning {
        v["warning"] = json!({
            "plies_more": w.plies_more,
            "last_move": w.last_move.to_string(),
            "by": w.by,
            "consequence": w.consequence(mover),
            "effect": effect_json(&w.effect),
        });
    }
    v
}

fn ruling_json(r: &Ruling) -> Value {
    let source = match r.source {
        RulingSource::Cycle { .. } => "cycle",
        RulingSource::NaturalLimit { .. } => "natural_limit",
        RulingSource::None => "none",
    };
    json!({
        "result": r.result,
        "status": r.status,
        "source": source,
        "articles": r.articles.iter().map(|a| a.code()).collect::<Vec<_>>(),
    })
}

fn effect_json(e: &Effect) -> Value {
    let mut v = json!({
        "ply": e.ply,
        "result": e.ruling.result,
        "status": e.ruling.status,
        "occurrence": e.occurrence,
        "played_again": e.played_again,
        "articles": e.ruling.articles.iter().map(|a| json!({
            "code": a.code(),
            "zh": a.zh(),
            "en": a.en(),
        })).collect::<Vec<_>>(),
    });
    if let Some(verdict) = &e.verdict {
        let (reason, offender) = super::judge_json::reason_key(verdict.reason);
        v["reason"] = json!(reason);
        v["offender"] = json!(offender);
        if let Some(c) = &e.conducts {
            v["red"] = json!(conduct_json(&c.red, verdict.forbidden.red));
            v["black"] = json!(conduct_json(&c.black, verdict.forbidden.black));
        }
    }
    v
}

fn chinese(pos: Option<&Position>, m: &Move) -> String {
    pos.map(|p| write_move(p, m, Notation::Chinese))
        .unwrap_or_default()
}

/// The text table of the moves that matter, in `lang`: each with its ICCS and Chinese
/// notation, the occurrence it makes, and what it brings with the articles; for a move that
/// repeats and decides nothing, the warning; then the UCCI `banmoves` line.
pub fn moves_text(o: &Outlook, lang: Lang) -> String {
    let pos = Position::from_fen(&o.fen).ok();
    let mut out = ReportWord::MovesHeading {
        ply: o.ply,
        mover: o.mover,
        book: o.settings.rules.names().short,
        threshold: o.threshold,
        ruling: &ruling_text(&o.ruling, lang),
    }
    .get(lang);
    let mattering: Vec<&MoveOutlook> = o.moves.iter().filter(|m| m.matters()).collect();
    if mattering.is_empty() {
        out.push_str(&ReportWord::NoMoveMatters.get(lang));
    }
    for m in mattering {
        let mv = format!("{} {}", m.mv, chinese(pos.as_ref(), &m.mv));
        let occurrence = match &m.repetition {
            Some(r) => ReportWord::Occurrence(r.occurrence).get(lang),
            None => "-".to_owned(),
        };
        let ban = if m.banned(o.mover) {
            ReportWord::Banned.get(lang)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "  {mv}  {occurrence}  {}{ban}\n",
            consequence_text(m.consequence, o.mover, m.effect.as_ref(), lang)
        ));
        if let Some(e) = &m.effect {
            if let Some(t) = evidence_text(e, lang) {
                out.push_str(&format!("      {t}\n"));
            }
        }
        if let Some(w) = &m.warning {
            out.push_str(&format!(
                "      {}\n",
                warning_text(w, o.mover, pos.as_ref(), m, lang)
            ));
        }
    }
    out.push_str(&o.ucci_banmoves());
    out.push('\n');
    out
}

/// The ruling now, in a few words.
fn ruling_text(r: &Ruling, lang: Lang) -> String {
    let what = match (r.result, r.status) {
        (Outcome::None, _) | (_, Status::None) => {
            return terms::outcome(Outcome::None).get(lang).into()
        }
        (Outcome::RedWins | Outcome::BlackWins, Status::MustChange) => {
            let offender = if r.result == Outcome::RedWins {
                Color::Black
            } else {
                Color::Red
            };
            ReportWord::MustChange(offender).get(lang)
        }
        (result, _) => terms::outcome(result).get(lang).to_owned(),
    };
    format!("{what} ({})", codes(&r.articles))
}

fn codes(articles: &[Article]) -> String {
    articles
        .iter()
        .map(|a| a.code())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a consequence means, for `mover`, with the articles of the ruling that takes effect.
fn consequence_text(c: Consequence, mover: Color, effect: Option<&Effect>, lang: Lang) -> String {
    let text = ReportWord::Consequence {
        consequence: c,
        mover,
    }
    .get(lang);
    match effect {
        Some(e) if !e.ruling.articles.is_empty() => {
            format!("{text} ({})", codes(&e.ruling.articles))
        }
        _ => text,
    }
}

/// Which occurrence put the ruling in force, and both sides' conducts.
fn evidence_text(e: &Effect, lang: Lang) -> Option<String> {
    let occurrence = e.occurrence?;
    let verdict = e.verdict.as_ref()?;
    let conducts = e.conducts.as_ref()?;
    let conduct = |c: Color| {
        ReportWord::Conduct {
            side: c,
            kind: conducts[c].kind,
            forbidden: verdict.forbidden[c],
        }
        .get(lang)
    };
    let when = if e.played_again {
        ReportWord::LossAfterMustChange {
            ply: e.ply,
            occurrence,
        }
    } else {
        ReportWord::TakesEffect {
            ply: e.ply,
            occurrence,
        }
    };
    let word = ReportWord::Evidence {
        when: &when.get(lang),
        red: &conduct(Color::Red),
        black: &conduct(Color::Black),
    };
    Some(word.get(lang))
}

/// The warning before the threshold.
fn warning_text(
    w: &Warning,
    mover: Color,
    pos: Option<&Position>,
    m: &MoveOutlook,
    lang: Lang,
) -> String {
    let what = consequence_text(w.consequence(mover), mover, Some(&w.effect), lang);
    // The loop played once more ends with the same move, from the same position.
    let last = if w.last_move == m.mv {
        chinese(pos, &m.mv)
    } else {
        w.last_move.to_string()
    };
    let word = ReportWord::Warning {
        plies: w.plies_more,
        last: &last,
        by: w.by,
        occurrence: w.effect.occurrence,
        what: &what,
    };
    word.get(lang)
}
