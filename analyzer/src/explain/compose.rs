//! The layout of an explanation, the same in both languages; the words come from a
//! [`Words`] implementation ([`super::zh::Zh`], [`super::en::En`]) and the terms table.
//!
//! Default size: the game, the ruling and whether the record agrees, the deciding cycle
//! (its repeated position as a board and FEN, its moves in score-sheet form, each side's
//! conduct), the articles once, one line for every other cycle, the natural limit only
//! when a claim holds or the limit was reached, and where the rules are written.
//! Detail adds each move's evidence and the open-choice notes (each once), and expands the
//! other cycles in force.

use qili_notation::{Color, Position};

use super::{GameInfo, Lang, Options, Size};
use crate::audit::{compare_judgement, Finding, GameResult};
use crate::conduct::{Conduct, CycleMove};
use crate::judge::{CycleJudgement, Judgement, RulingSource};
use crate::verdict::{Article, OpenNote, Status};

/// The score-sheet move number of `ply` (1-based) in `j`: move n is plies 2n−1 and 2n when
/// Red moves first (docs/rules.md §1); when Black moves first, ply 1 is Black's half of move 1.
/// A start position with a move counter (FEN) counts on from it.
pub fn move_number(j: &Judgement, ply: usize) -> usize {
    move_number_from(j.positions.first(), ply)
}

/// The score-sheet move number of `ply` (1-based) of a game that starts at `start` (`None`:
/// the usual start, Red to move at move 1).
pub fn move_number_from(start: Option<&Position>, ply: usize) -> usize {
    let black_first = start.is_some_and(|p| p.turn() == Color::Black);
    let first = start.map_or(1, |p| p.fullmoves().max(1) as usize);
    first + (ply.saturating_sub(1) + usize::from(black_first)) / 2
}

/// Where `ply` stands on the score sheet, the one phrasing of every output: `move 25 (ply 49)`,
/// `第25回合（第49步）`, in a game that starts at `start`.
pub fn ply_place(start: Option<&Position>, ply: usize, lang: Lang) -> String {
    numbered_place(move_number_from(start, ply), ply, lang)
}

/// [`ply_place`] with the move number `n` known.
pub(crate) fn numbered_place(n: usize, ply: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("move {n} (ply {ply})"),
        Lang::Zh => format!("第{n}回合（第{ply}步）"),
    }
}

/// The plies `first`–`last` on the score sheet: `moves 68–72 (plies 136–143)`,
/// `第68–72回合（第136–143步）`.
pub fn ply_span(start: Option<&Position>, first: usize, last: usize, lang: Lang) -> String {
    let (a, b) = (
        move_number_from(start, first),
        move_number_from(start, last),
    );
    match lang {
        Lang::En => format!("moves {a}–{b} (plies {first}–{last})"),
        Lang::Zh => format!("第{a}–{b}回合（第{first}–{last}步）"),
    }
}

/// Whether the recorded result agrees with the ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Agreement {
    /// The record states no result.
    NotRecorded,
    /// No ruling is in force: the repetition rules do not decide the game.
    NoRuling(String),
    /// The ruling is final and the record has the same result.
    Agrees(String),
    /// The ruling does not contradict the record (a side must change, a draw ruling over
    /// a record that ends elsewhere, …).
    Consistent(String),
    /// The audit would report a disagreement.
    Disagrees(String, Finding),
    /// The ruling came in force and the players played on (noted, not a disagreement), or
    /// the record ends in a cycle ruled a draw but records a win.
    Noted(String, Finding),
}

impl Agreement {
    /// Compares `j` with the recorded result text (`None`: nothing recorded).
    pub fn of(j: &Judgement, recorded: Option<&str>) -> Agreement {
        let Some(text) = recorded else {
            return Agreement::NotRecorded;
        };
        let Some(result) = GameResult::parse(text) else {
            return Agreement::NotRecorded;
        };
        let text = result.pgn().to_owned();
        let findings = compare_judgement(j, Some(result));
        if let Some(f) = findings.iter().find(|f| f.is_disagreement()) {
            return Agreement::Disagrees(text, *f);
        }
        if let Some(f) = findings
            .iter()
            .find(|f| !matches!(f, Finding::NaturalLimit { .. }))
        {
            return Agreement::Noted(text, *f);
        }
        if j.ruling.status == Status::None {
            return Agreement::NoRuling(text);
        }
        let same = match j.ruling.result {
            crate::verdict::Outcome::RedWins => result == GameResult::RedWins,
            crate::verdict::Outcome::BlackWins => result == GameResult::BlackWins,
            crate::verdict::Outcome::Draw => result == GameResult::Draw,
            crate::verdict::Outcome::None => false,
        };
        if j.ruling.status == Status::Final && same {
            Agreement::Agrees(text)
        } else {
            Agreement::Consistent(text)
        }
    }
}

/// The phrases of one language.
pub(crate) trait Words {
    /// The language.
    fn lang(&self) -> Lang;
    /// The game line (event, date, players, recorded result), or `None` when it names nothing.
    fn game(&self, g: &GameInfo) -> Option<String>;
    /// The ruling: headline and reason.
    fn ruling(&self, j: &Judgement) -> String;
    /// Whether the record agrees.
    fn agreement(&self, j: &Judgement, a: &Agreement) -> Option<String>;
    /// The record stopped on an illegal move.
    fn stopped(&self, j: &Judgement) -> Option<String>;
    /// Nothing repeats.
    fn no_repetition(&self) -> &'static str;
    /// The heading of a cycle and its repeated position.
    fn position_heading(&self, j: &Judgement, i: usize, c: &CycleJudgement) -> String;
    /// The FEN line under the board.
    fn fen(&self, fen: &str) -> String;
    /// The heading of the score sheet of the cycle's moves.
    fn sheet_heading(&self, j: &Judgement, c: &CycleJudgement) -> String;
    /// One move on the score sheet: the move and its heaviest label.
    fn sheet_move(&self, before: Option<&Position>, m: &CycleMove) -> String;
    /// One side's conduct.
    fn conduct(&self, c: &Conduct, forbidden: bool) -> String;
    /// The cycle's verdict (for an expanded cycle that is not the deciding one).
    fn verdict(&self, j: &Judgement, c: &CycleJudgement) -> String;
    /// `Articles: …`.
    fn articles(&self, a: &[Article]) -> String;
    /// An open default decided: named in the default size.
    fn open_decided(&self, names: &[&str]) -> String;
    /// The heading of the one-line cycles.
    fn other_cycles(&self) -> &'static str;
    /// One cycle in one line.
    fn cycle_line(&self, j: &Judgement, i: usize, c: &CycleJudgement) -> String;
    /// Detail: the heading of the evidence.
    fn evidence_heading(&self) -> &'static str;
    /// Detail: the cycle's facts (occurrences, threshold, intertwined loops, context).
    fn cycle_facts(&self, j: &Judgement, c: &CycleJudgement) -> Vec<String>;
    /// Detail: one move with its evidence.
    fn evidence(&self, j: &Judgement, m: &CycleMove) -> String;
    /// Detail: the heading of the notes.
    fn notes_heading(&self) -> &'static str;
    /// Detail: an open-choice note of a verdict.
    fn open_note(&self, j: &Judgement, n: &OpenNote) -> String;
    /// The natural-limit paragraph.
    fn natural(&self, j: &Judgement, s: &mut String);
    /// Where the rules are written.
    fn rules_pointer(&self, j: &Judgement) -> String;
}

/// Writes the explanation.
pub(crate) fn compose<W: Words>(
    w: &W,
    j: &Judgement,
    game: Option<&GameInfo>,
    o: &Options,
) -> String {
    let detail = o.size == Size::Detail;
    let mut s = String::new();
    if let Some(line) = game.and_then(|g| w.game(g)) {
        s.push_str(&line);
        s.push('\n');
    }
    s.push_str(&w.ruling(j));
    s.push('\n');
    if let Some(g) = game {
        if let Some(line) = w.agreement(j, &Agreement::of(j, g.result.as_deref())) {
            s.push_str(&line);
            s.push('\n');
        }
    }
    if let Some(line) = w.stopped(j) {
        s.push_str(&line);
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
        s.push_str(w.no_repetition());
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
        cycle(w, j, i, c, Some(i) == deciding, detail, &mut notes, &mut s);
    }
    if !j.ruling.articles.is_empty() {
        s.push_str(&w.articles(&j.ruling.articles));
        s.push('\n');
    }
    let open: Vec<&str> = j
        .cycles
        .iter()
        .filter(|c| c.in_force)
        .flat_map(|c| c.verdict.open.iter().map(open_name))
        .collect();
    if !open.is_empty() && !detail {
        let mut names = open.clone();
        names.dedup();
        s.push_str(&w.open_decided(&names));
        s.push('\n');
    }
    let short: Vec<usize> = (0..j.cycles.len())
        .filter(|&i| !expanded(i, &j.cycles[i]))
        .collect();
    if !short.is_empty() {
        s.push('\n');
        s.push_str(w.other_cycles());
        s.push('\n');
        for i in short {
            s.push_str("  ");
            s.push_str(&w.cycle_line(j, i, &j.cycles[i]));
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
        w.natural(j, &mut s);
    }
    if detail && !notes.is_empty() {
        s.push('\n');
        s.push_str(w.notes_heading());
        s.push('\n');
        for n in &notes {
            s.push_str("  ");
            s.push_str(n);
            s.push('\n');
        }
    }
    s.push('\n');
    s.push_str(&w.rules_pointer(j));
    s.push('\n');
    s
}

fn open_name(n: &OpenNote) -> &'static str {
    match n {
        OpenNote::KeyPointPlainCaseOnly { .. } => "key_point_plain_case_only",
        OpenNote::PinnedChariotRankedAboveChase { .. } => "axf_pinned_chariot_ranked_above_chase",
        OpenNote::CheckThatChasesIsChase { .. } => "axf_check_that_chases_is_chase",
        OpenNote::AttackIsTheBaseline { .. } => "attack_is_the_baseline",
    }
}

#[allow(clippy::too_many_arguments)]
fn cycle<W: Words>(
    w: &W,
    j: &Judgement,
    i: usize,
    c: &CycleJudgement,
    deciding: bool,
    detail: bool,
    notes: &mut Vec<String>,
    s: &mut String,
) {
    s.push_str(&w.position_heading(j, i, c));
    s.push('\n');
    let first = c.repeated_index();
    if let Some(pos) = j.positions.get(first) {
        for line in super::board_text(pos, w.lang()).lines() {
            s.push_str("  ");
            s.push_str(line);
            s.push('\n');
        }
        s.push_str(&w.fen(&pos.fen()));
        s.push('\n');
    }
    s.push_str(&w.sheet_heading(j, c));
    s.push('\n');
    sheet(w, j, c, s);
    for color in Color::ALL {
        s.push_str("  ");
        s.push_str(&w.conduct(c.conduct(color), c.verdict.forbidden[color]));
        s.push('\n');
    }
    if !deciding {
        s.push_str("  ");
        s.push_str(&w.verdict(j, c));
        s.push('\n');
    }
    if detail {
        for f in w.cycle_facts(j, c) {
            s.push_str("  ");
            s.push_str(&f);
            s.push('\n');
        }
        s.push_str(w.evidence_heading());
        s.push('\n');
        for m in &c.moves {
            s.push_str(&w.evidence(j, m));
            s.push('\n');
            for ch in &m.labels.chases {
                for n in &ch.notes {
                    let t = crate::terms::chase_note(n, w.lang());
                    if !notes.contains(&t) {
                        notes.push(t);
                    }
                }
            }
        }
        for n in &c.verdict.open {
            let t = w.open_note(j, n);
            if !notes.contains(&t) {
                notes.push(t);
            }
        }
    }
}

/// The cycle's moves as on a score sheet: one line per move number, Red's move then
/// Black's.
fn sheet<W: Words>(w: &W, j: &Judgement, c: &CycleJudgement, s: &mut String) {
    let mut rows: Vec<(usize, Option<String>, Option<String>)> = Vec::new();
    for m in &c.moves {
        let n = move_number(j, m.ply);
        let text = w.sheet_move(j.positions.get(m.ply - 1), m);
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
