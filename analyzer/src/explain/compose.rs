//! The layout of an explanation, the same in both languages: the headings, lists, the
//! evidence of each move ([`evidence`]), the natural limit ([`natural`]), in Chinese or
//! English with the punctuation of each, from the terms table. The sentences that are more
//! than layout (the ruling and its reason, the agreement with the record, the cycle's
//! facts, the open-choice notes) are composed once as [`Message`]s ([`super::message`]) and
//! worded by the table of each language ([`super::zh::message`], [`super::en::message`]).
//!
//! Default size: the game, the ruling and whether the record agrees, the deciding cycle
//! (its repeated position as a board and FEN, its moves in score-sheet form, each side's
//! conduct), the articles once, one line for every other cycle, the natural limit only
//! when a claim holds or the limit was reached, and where the rules are written.
//! Detail adds each move's evidence and the open-choice notes (each once), and expands the
//! other cycles in force.

use qili_notation::{Color, Position};

use super::message::{self, one, render, Message, Place};
use super::{article_title, GameInfo, Lang, Options, Size};
use crate::agreement::Agreement;
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::terms::{move_number_from, ply_place, ply_span};
use crate::verdict::{Article, OpenNote};

/// The score-sheet move number of `ply` (1-based) in `j`: move n is plies 2n−1 and 2n when
/// Red moves first (docs/rules.md §1); when Black moves first, ply 1 is Black's half of move 1.
/// A start position with a move counter (FEN) counts on from it.
pub fn move_number(j: &Judgement, ply: usize) -> usize {
    move_number_from(j.positions.first(), ply)
}

mod evidence;
mod natural;

use evidence::{conduct, evidence};
use natural::natural;

/// The punctuation of a language.
struct Punct {
    /// Between the parts of one item (`, ` / `，`).
    comma: &'static str,
    /// Between the items of a list (`, ` / `、`).
    series: &'static str,
    /// Between clauses (`; ` / `；`).
    semicolon: &'static str,
    /// Before what something is (`: ` / `：`).
    colon: &'static str,
    /// Before an explanation (` — ` / `——`).
    dash: &'static str,
    /// Around a list of codes (` [`, `]` / `〔`, `〕`).
    brackets: (&'static str, &'static str),
    /// The end of a sentence (`.` / `。`).
    stop: &'static str,
    /// A name not given (`?` / `？`).
    unknown: &'static str,
}

const fn punct(lang: Lang) -> Punct {
    match lang {
        Lang::En => Punct {
            comma: ", ",
            series: ", ",
            semicolon: "; ",
            colon: ": ",
            dash: " — ",
            brackets: (" [", "]"),
            stop: ".",
            unknown: "?",
        },
        Lang::Zh => Punct {
            comma: "，",
            series: "、",
            semicolon: "；",
            colon: "：",
            dash: "——",
            brackets: ("〔", "〕"),
            stop: "。",
            unknown: "？",
        },
    }
}

/// The game line (source, event, date, players, recorded result).
fn game_line(lang: Lang, g: &GameInfo) -> String {
    let p = punct(lang);
    let mut parts = Vec::new();
    if let Some(src) = &g.source {
        parts.push(src.clone());
    }
    let mut what: Vec<String> = [&g.event, &g.date].into_iter().flatten().cloned().collect();
    if g.red.is_some() || g.black.is_some() {
        let r = g.red.as_deref().unwrap_or(p.unknown);
        let b = g.black.as_deref().unwrap_or(p.unknown);
        what.push(render(lang, &[Message::Players { red: r, black: b }]));
    }
    if !what.is_empty() {
        parts.push(what.join(p.comma));
    }
    let result = g.result.as_deref();
    parts.push(render(lang, &[Message::RecordedResult { result }]));
    format!(
        "{}{}{}{}",
        one(lang, &Message::GameHeading),
        p.colon,
        parts.join(p.semicolon),
        p.stop
    )
}

/// The position after ply `p` of `j` (0: the start), as the headings name it: `the start`,
/// `after move 2 (ply 4)`; `开始局面`, `第2回合（第4步）后`.
pub(crate) fn after_ply(start: Option<&Position>, p: usize, lang: Lang) -> String {
    if p == 0 {
        return one(lang, &Message::Start);
    }
    render(lang, &[Message::AfterPly(Place { start, ply: p })])
}

/// The heading of a cycle and its repeated position.
fn position_heading(lang: Lang, j: &Judgement, i: usize, c: &CycleJudgement) -> String {
    let places = c
        .occurrence_indices
        .iter()
        .map(|&p| after_ply(j.positions.first(), p, lang))
        .collect::<Vec<_>>()
        .join(punct(lang).series);
    let heading = Message::CycleHeading {
        cycle: i,
        times: c.occurrence_indices.len(),
        places: &places,
    };
    render(lang, &[heading])
}

/// The cycle's plies on the score sheet.
fn cycle_span(lang: Lang, j: &Judgement, c: &CycleJudgement) -> String {
    ply_span(
        j.positions.first(),
        c.run.start + 1,
        c.run.start + c.run.span,
        lang,
    )
}

/// The verdict of an expanded cycle that is not the deciding one.
fn verdict_line(lang: Lang, j: &Judgement, c: &CycleJudgement) -> String {
    let p = punct(lang);
    let codes: Vec<&str> = c.verdict.articles.iter().map(|a| a.code()).collect();
    format!(
        "{}{}{}{}{}{}{}{}",
        one(lang, &Message::VerdictHeading),
        p.colon,
        render(lang, &[Message::Headline(message::headline(&c.verdict))]),
        p.dash,
        render(lang, &message::reason(j, c)),
        p.brackets.0,
        codes.join(p.comma),
        p.brackets.1
    )
}

/// `Articles:` and each article with its gist.
fn articles(lang: Lang, a: &[Article]) -> String {
    let mut s = one(lang, &Message::ArticlesHeading);
    for a in a {
        match article_title(a.code(), lang) {
            Some(t) => s.push_str(&format!("\n  {a}{}{t}", punct(lang).dash)),
            None => s.push_str(&format!("\n  {a}")),
        }
    }
    s
}

/// An open default decided: named in the default size.
fn open_decided(lang: Lang, names: &[&str]) -> String {
    let list = names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(punct(lang).series);
    render(lang, &[Message::OpenDecided { list: &list }])
}

/// One cycle in one line.
fn cycle_line(lang: Lang, j: &Judgement, i: usize, c: &CycleJudgement) -> String {
    let force = match c.in_force_ply {
        Some(p) => Message::InForceAt(Place {
            start: j.positions.first(),
            ply: p,
        }),
        None => Message::NotInForceAfter {
            occurrences: c.occurrences,
        },
    };
    let headline = message::headline(&c.verdict);
    let verdict = if c.in_force {
        Message::Headline(headline)
    } else {
        Message::WouldBe(headline)
    };
    let line = Message::CycleLine {
        cycle: i,
        span: &cycle_span(lang, j, c),
        force: &render(lang, &[force]),
        red: c.red.kind,
        black: c.black.kind,
        verdict: &render(lang, &[verdict]),
    };
    render(lang, &[line])
}

/// Where the rules are written.
fn rules_pointer(lang: Lang, j: &Judgement) -> String {
    let section = j.settings.book().names().short;
    render(lang, &[Message::RulesPointer { section }])
}

/// Writes the explanation.
pub(crate) fn compose(lang: Lang, j: &Judgement, game: Option<&GameInfo>, o: &Options) -> String {
    let detail = o.size == Size::Detail;
    let mut s = String::new();
    if let Some(g) = game {
        s.push_str(&game_line(lang, g));
        s.push('\n');
    }
    s.push_str(&render(lang, &message::ruling(j)));
    s.push('\n');
    if let Some(g) = game {
        let agreement = Agreement::of(j, g.result.as_deref());
        s.push_str(&render(lang, &[message::agreement(j, &agreement)]));
        s.push('\n');
    }
    if let Some(m) = message::stopped(j) {
        s.push_str(&render(lang, &[m]));
        s.push('\n');
    }
    let deciding = match j.ruling.source {
        RulingSource::Cycle { index } => Some(index),
        _ => None,
    };
    let expanded = |i: usize, c: &CycleJudgement| {
        Some(i) == deciding || o.all_cycles || (detail && c.in_force)
    };
    if j.cycles.is_empty() {
        s.push('\n');
        s.push_str(&one(lang, &Message::NoRepetition));
        s.push('\n');
    }
    // The deciding cycle first, then the other expanded ones.
    let mut order: Vec<usize> = deciding.into_iter().collect();
    order.extend((0..j.cycles.len()).filter(|&i| Some(i) != deciding));
    let mut notes: Vec<String> = Vec::new();
    for &i in &order {
        let c = &j.cycles[i];
        if !expanded(i, c) {
            continue;
        }
        s.push('\n');
        cycle(
            lang,
            j,
            i,
            c,
            Some(i) == deciding,
            detail,
            &mut notes,
            &mut s,
        );
    }
    if !j.ruling.articles.is_empty() {
        s.push_str(&articles(lang, &j.ruling.articles));
        s.push('\n');
    }
    let open: Vec<&str> = j
        .cycles
        .iter()
        .filter(|c| c.in_force)
        .flat_map(|c| c.verdict.open.iter().map(OpenNote::name))
        .collect();
    if !open.is_empty() && !detail {
        let mut names = open.clone();
        names.dedup();
        s.push_str(&open_decided(lang, &names));
        s.push('\n');
    }
    let short: Vec<usize> = (0..j.cycles.len())
        .filter(|&i| !expanded(i, &j.cycles[i]))
        .collect();
    if !short.is_empty() {
        s.push('\n');
        s.push_str(&one(lang, &Message::OtherCycles));
        s.push('\n');
        for i in short {
            s.push_str("  ");
            s.push_str(&cycle_line(lang, j, i, &j.cycles[i]));
            s.push('\n');
        }
    }
    let nl = &j.natural_limit;
    let claim_possible = nl.limit > 0
        && (nl.reached().is_some()
            || Color::ALL
                .iter()
                .any(|&c| nl.claims[c].holds || nl.claims[c].reached_at_ply.is_some()));
    if claim_possible {
        s.push('\n');
        natural(lang, j, &mut s);
    }
    if detail && !notes.is_empty() {
        s.push('\n');
        s.push_str(&one(lang, &Message::OpenChoices));
        s.push('\n');
        for n in &notes {
            s.push_str("  ");
            s.push_str(n);
            s.push('\n');
        }
    }
    s.push('\n');
    s.push_str(&rules_pointer(lang, j));
    s.push('\n');
    s
}

#[allow(clippy::too_many_arguments)]
fn cycle(
    lang: Lang,
    j: &Judgement,
    i: usize,
    c: &CycleJudgement,
    deciding: bool,
    detail: bool,
    notes: &mut Vec<String>,
    s: &mut String,
) {
    s.push_str(&position_heading(lang, j, i, c));
    s.push('\n');
    let first = c.repeated_index();
    if let Some(pos) = j.positions.get(first) {
        for line in super::board_text(pos, lang).lines() {
            s.push_str("  ");
            s.push_str(line);
            s.push('\n');
        }
        s.push_str(&format!("  FEN {}", pos.fen()));
        s.push('\n');
    }
    let span = cycle_span(lang, j, c);
    s.push_str(&render(lang, &[Message::CycleMoves { span: &span }]));
    s.push('\n');
    sheet(lang, j, c, s);
    for color in Color::ALL {
        s.push_str("  ");
        s.push_str(&conduct(lang, c.conduct(color), c.verdict.forbidden[color]));
        s.push('\n');
    }
    if !deciding {
        s.push_str("  ");
        s.push_str(&verdict_line(lang, j, c));
        s.push('\n');
    }
    if detail {
        for f in message::cycle_facts(j, c) {
            s.push_str("  ");
            s.push_str(&render(lang, &[f]));
            s.push('\n');
        }
        s.push_str(&one(lang, &Message::EvidenceHeading));
        s.push('\n');
        for m in &c.moves {
            s.push_str(&evidence(lang, j, m));
            s.push('\n');
            for ch in &m.labels.chases {
                for n in &ch.notes {
                    let t = crate::terms::chase_note(n, lang);
                    if !notes.contains(&t) {
                        notes.push(t);
                    }
                }
            }
        }
        for n in &c.verdict.open {
            let t = render(lang, &[message::open_note(j, n)]);
            if !notes.contains(&t) {
                notes.push(t);
            }
        }
    }
}

/// The cycle's moves as on a score sheet: one line per move number, Red's move then
/// Black's.
fn sheet(lang: Lang, j: &Judgement, c: &CycleJudgement, s: &mut String) {
    let mut rows: Vec<(usize, Option<String>, Option<String>)> = Vec::new();
    for m in &c.moves {
        let n = move_number(j, m.ply);
        let text = render(lang, &[message::sheet_move(j.positions.get(m.ply - 1), m)]);
        match rows.last_mut() {
            Some(row) if row.0 == n => {
                if m.labels.side == Color::Red {
                    row.1 = Some(text);
                } else {
                    row.2 = Some(text);
                }
            }
            _ => rows.push(if m.labels.side == Color::Red {
                (n, Some(text), None)
            } else {
                (n, None, Some(text))
            }),
        }
    }
    let width = rows
        .iter()
        .filter_map(|r| r.1.as_ref())
        .map(|t| display_width(t))
        .max()
        .unwrap_or(0);
    for (n, red, black) in rows {
        let red = red.unwrap_or_else(|| "…".to_owned());
        let pad = width.saturating_sub(display_width(&red));
        let line = match black {
            Some(b) => format!("  {n:>4}. {red}{}   {b}", " ".repeat(pad)),
            None => format!("  {n:>4}. {red}"),
        };
        s.push_str(line.trim_end());
        s.push('\n');
    }
}

/// Terminal columns: CJK and full-width characters take two.
fn display_width(t: &str) -> usize {
    t.chars()
        .map(|c| {
            let u = c as u32;
            if (0x1100..=0x115F).contains(&u)
                || (0x2E80..=0xA4CF).contains(&u)
                || (0xAC00..=0xD7A3).contains(&u)
                || (0xF900..=0xFAFF).contains(&u)
                || (0xFE30..=0xFE4F).contains(&u)
                || (0xFF00..=0xFF60).contains(&u)
                || (0xFFE0..=0xFFE6).contains(&u)
            {
                2
            } else {
                1
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_are_placed_on_the_score_sheet() {
        assert_eq!(ply_place(None, 49, Lang::En), "move 25 (ply 49)");
        assert_eq!(ply_place(None, 50, Lang::Zh), "第25回合（第50步）");
        // Black first: ply 1 is Black's half of move 1, ply 2 Red's move 2.
        let black = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").unwrap();
        assert_eq!(ply_place(Some(&black), 1, Lang::En), "move 1 (ply 1)");
        assert_eq!(ply_place(Some(&black), 2, Lang::En), "move 2 (ply 2)");
        // A FEN's move counter: the score sheet goes on from it.
        let later = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 10").unwrap();
        assert_eq!(ply_place(Some(&later), 1, Lang::En), "move 10 (ply 1)");
        assert_eq!(ply_place(Some(&later), 8, Lang::Zh), "第13回合（第8步）");
        let late_black = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 69 68").unwrap();
        assert_eq!(move_number_from(Some(&late_black), 1), 68);
        assert_eq!(move_number_from(Some(&late_black), 2), 69);
        assert_eq!(
            ply_span(Some(&late_black), 2, 9, Lang::En),
            "moves 69–72 (plies 2–9)"
        );
        assert_eq!(
            ply_span(None, 136, 143, Lang::Zh),
            "第68–72回合（第136–143步）"
        );
    }
}
