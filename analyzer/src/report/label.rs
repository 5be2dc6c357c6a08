//! The `qili label` report: one entry per ply with its labels and evidence, as JSON
//! (documented in `docs/label-json.md`) or as a text table for referees.

use std::fmt::Write as _;

use qili_notation::{write_move, Color, Move, Notation, Position, Square};
use serde::Serialize;

use crate::label::{
    label_move_after, label_move_with, Chase, ChaseNote, CycleContext, Dismissed, Evidence, Label,
    MateSearch, MoveLabels, Root,
};
use crate::material::Material;
use crate::protection::{Protector, ProtectorStatus};
use crate::report::words::ReportWord;
use crate::rules::{RuleSet, Settings};
use crate::terms;
use crate::terms::{Lang, Phrase};

/// Version of the JSON layout below; bumped on any incompatible change.
pub const LABEL_SCHEMA_VERSION: u32 = 1;

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct LabelReport {
    /// [`LABEL_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// `cxa` or `axf`.
    pub rules: RuleSet,
    /// The start position.
    pub start_fen: String,
    /// One entry per ply.
    pub moves: Vec<MoveReport>,
}

/// One ply.
#[derive(Debug, Clone, Serialize)]
pub struct MoveReport {
    /// 1-based ply number.
    pub ply: usize,
    /// `red` or `black`.
    pub side: &'static str,
    /// The move in ICCS (`h2e2`).
    pub iccs: String,
    /// The move in Chinese notation (`炮二平五`).
    pub chinese: String,
    /// The position after the move.
    pub fen_after: String,
    /// Labels, heaviest first (`check`, `mate_threat`, `chase`, `exchange`, `offer`,
    /// `block`, `follow`, `idle`).
    pub labels: Vec<Label>,
    /// The chases.
    pub chases: Vec<ChaseReport>,
    /// The mating line (ICCS) when `labels` contains `mate_threat`.
    pub mate_line: Option<Vec<String>>,
    /// Evidence per label.
    pub evidence: Vec<EvidenceReport>,
    /// Threats that are not chases, and why.
    pub dismissed: Vec<DismissedReport>,
}

/// A chase.
#[derive(Debug, Clone, Serialize)]
pub struct ChaseReport {
    /// Points of the attacking pieces.
    pub attackers: Vec<String>,
    /// Point of the chased piece.
    pub target: String,
    /// Its role (`horse`, ...).
    pub target_role: &'static str,
    /// `unprotected`, `false_root`, `insufficient_root`, `gains_despite_root` (or
    /// `protected` where AXF still counts the attack).
    pub root: &'static str,
    /// `capture`, `exchange` or `check_series`.
    pub form: &'static str,
    /// The winning line in ICCS.
    pub line: Vec<String>,
    /// The target's protectors with their status.
    pub protectors: Vec<ProtectorReport>,
    /// The net material won.
    pub net: Material,
    /// Articles applied.
    pub articles: Vec<String>,
    /// Remarks (exceptions that may apply).
    pub notes: Vec<String>,
    /// The root itself (for the text table, in either language).
    #[serde(skip)]
    pub root_value: Root,
    /// The notes themselves (for the text table, in either language).
    #[serde(skip)]
    pub note_values: Vec<ChaseNote>,
}

/// A protector.
#[derive(Debug, Clone, Serialize)]
pub struct ProtectorReport {
    /// Its point.
    pub square: String,
    /// Its role.
    pub role: &'static str,
    /// `real`, `hidden`, `pinned`, `faces_generals`, `exposes_general`, `screen_lost`.
    pub status: &'static str,
    /// Whether it really protects.
    pub real: bool,
    /// For `pinned` / `exposes_general`: the pieces concerned.
    pub by: Vec<String>,
    /// An English explanation.
    pub why: String,
    /// The status itself (for the text table, in either language).
    #[serde(skip)]
    pub status_value: ProtectorStatus,
}

/// Evidence for one label.
#[derive(Debug, Clone, Serialize)]
pub struct EvidenceReport {
    /// The label.
    pub label: Label,
    /// Articles applied.
    pub articles: Vec<String>,
    /// The mover's pieces concerned.
    pub pieces: Vec<String>,
    /// The opponent's pieces concerned.
    pub targets: Vec<String>,
    /// A line (ICCS).
    pub line: Vec<String>,
    /// One English sentence.
    pub detail: String,
}

/// A threat that is not a chase.
#[derive(Debug, Clone, Serialize)]
pub struct DismissedReport {
    /// Why (`not_new`, `general_chase`, `soldier_chase`, `mated_after_capture`,
    /// `same_kind_mutual`, `several_attackers`).
    pub reason: crate::label::DismissReason,
    /// The article applied.
    pub article: String,
    /// The threat as it would have been reported.
    pub chase: ChaseReport,
    /// For `mated_after_capture`: the opponent's mating line.
    pub line: Vec<String>,
}

fn iccs(line: &[Move]) -> Vec<String> {
    line.iter().map(|m| m.to_string()).collect()
}

fn squares(v: &[Square]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn protector(p: &Protector) -> ProtectorReport {
    let (status, by) = match &p.status {
        ProtectorStatus::Real => ("real", Vec::new()),
        ProtectorStatus::Hidden => ("hidden", Vec::new()),
        ProtectorStatus::Pinned { by } => ("pinned", squares(by)),
        ProtectorStatus::FacesGenerals => ("faces_generals", Vec::new()),
        ProtectorStatus::ExposesGeneral { by } => ("exposes_general", squares(by)),
        ProtectorStatus::ScreenLost => ("screen_lost", Vec::new()),
        ProtectorStatus::MustAnswerCheck { by } => ("must_answer_check", squares(by)),
        ProtectorStatus::AllowsMate { line } => (
            "allows_mate",
            line.first()
                .map(|m| m.from.to_string())
                .into_iter()
                .collect(),
        ),
    };
    ProtectorReport {
        square: p.square.to_string(),
        role: p.role.english(),
        status,
        real: p.status.is_real(),
        by,
        why: p.status.describe(),
        status_value: p.status.clone(),
    }
}

fn chase(c: &Chase) -> ChaseReport {
    ChaseReport {
        attackers: squares(&c.attackers),
        target: c.target.to_string(),
        target_role: c.target_role.english(),
        root: c.root.name(),
        form: match c.form {
            crate::label::ChaseForm::Capture => "capture",
            crate::label::ChaseForm::Exchange => "exchange",
            crate::label::ChaseForm::CheckSeries => "check_series",
        },
        line: iccs(&c.line),
        protectors: c.protectors.iter().map(protector).collect(),
        net: c.net,
        articles: c.articles.iter().map(|a| a.code().to_owned()).collect(),
        notes: c
            .notes
            .iter()
            .map(|n| terms::chase_note(n, Lang::En))
            .collect(),
        root_value: c.root,
        note_values: c.notes.clone(),
    }
}

fn evidence(e: &Evidence) -> EvidenceReport {
    EvidenceReport {
        label: e.label,
        articles: e.articles.iter().map(|a| a.code().to_owned()).collect(),
        pieces: squares(&e.pieces),
        targets: squares(&e.targets),
        line: iccs(&e.line),
        detail: e.detail.to_string(),
    }
}

fn dismissed(d: &Dismissed) -> DismissedReport {
    DismissedReport {
        reason: d.reason,
        article: d.article.code().to_owned(),
        chase: chase(&d.chase),
        line: iccs(&d.line),
    }
}

/// The entry of ply `i + 1`: `m` played in `pos`, which stands after it on return.
fn move_report(i: usize, pos: &mut Position, m: &Move, l: &MoveLabels) -> MoveReport {
    let chinese = write_move(pos, m, Notation::Chinese);
    pos.play_unchecked(m);
    MoveReport {
        ply: i + 1,
        side: match l.side {
            Color::Red => "red",
            Color::Black => "black",
        },
        iccs: m.to_string(),
        chinese,
        fen_after: pos.fen(),
        labels: l.labels.clone(),
        chases: l.chases.iter().map(chase).collect(),
        mate_line: l.mate_line.as_deref().map(iccs),
        evidence: l.evidence.iter().map(evidence).collect(),
        dismissed: l.dismissed.iter().map(dismissed).collect(),
    }
}

/// Labels `moves` played from `start` (as [`crate::label_line`] does: up to the first move
/// that is not legal) and writes the report as pretty JSON — the bytes of
/// [`LabelReport::to_json`] — while labelling: each ply's entry is written as soon as its
/// move is labelled, so that memory holds one ply's entry whatever the length of the line
/// (a whole report of a million-ply game took gigabytes).
pub fn write_json<W: std::io::Write>(
    out: W,
    start: &Position,
    moves: &[Move],
    settings: &Settings,
    cycle: CycleContext,
) -> serde_json::Result<()> {
    let report = Streamed {
        schema_version: LABEL_SCHEMA_VERSION,
        rules: settings.rules,
        start_fen: start.fen(),
        moves: Plies {
            start,
            moves,
            settings,
            cycle,
        },
    };
    serde_json::to_writer_pretty(out, &report)
}

/// Labels `moves` played from `start` as [`write_json`] does and writes the text table of
/// [`LabelReport::to_text_in`] (the same bytes) while labelling: each ply's rows as soon
/// as its move is labelled.
pub fn write_text<W: std::io::Write>(
    mut out: W,
    start: &Position,
    moves: &[Move],
    settings: &Settings,
    cycle: CycleContext,
    lang: Lang,
) -> std::io::Result<()> {
    let head = LabelReport {
        schema_version: LABEL_SCHEMA_VERSION,
        rules: settings.rules,
        start_fen: start.fen(),
        moves: Vec::new(),
    };
    out.write_all(head.to_text_in(lang).as_bytes())?;
    let mut pos = start.clone();
    let mut mate = MateSearch::new();
    let mut rows = String::new();
    let mut prior: Option<Position> = None;
    for (i, m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            break;
        }
        let l = match &prior {
            Some(p) => label_move_after(p, &pos, m, settings, cycle, &mut mate),
            None => label_move_with(&pos, m, settings, cycle, &mut mate),
        };
        prior = Some(pos.clone());
        let entry = move_report(i, &mut pos, m, &l);
        rows.clear();
        text_entry(&mut rows, &entry, &pos, lang);
        out.write_all(rows.as_bytes())?;
    }
    Ok(())
}

/// [`LabelReport`] with its plies labelled while they are written.
#[derive(Serialize)]
struct Streamed<'a> {
    schema_version: u32,
    rules: RuleSet,
    start_fen: String,
    moves: Plies<'a>,
}

/// The plies of [`Streamed`]: serializing labels them one by one.
struct Plies<'a> {
    start: &'a Position,
    moves: &'a [Move],
    settings: &'a Settings,
    cycle: CycleContext,
}

impl Serialize for Plies<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(None)?;
        let mut pos = self.start.clone();
        let mut mate = MateSearch::new();
        let mut prior: Option<Position> = None;
        for (i, m) in self.moves.iter().enumerate() {
            if !pos.is_legal(m) {
                break;
            }
            let l = match &prior {
                Some(p) => label_move_after(p, &pos, m, self.settings, self.cycle, &mut mate),
                None => label_move_with(&pos, m, self.settings, self.cycle, &mut mate),
            };
            prior = Some(pos.clone());
            seq.serialize_element(&move_report(i, &mut pos, m, &l))?;
        }
        seq.end()
    }
}

impl LabelReport {
    /// Builds the report for `moves` played from `start`, labelled as `labels`.
    pub fn new(
        start: &Position,
        moves: &[Move],
        labels: &[MoveLabels],
        rules: RuleSet,
    ) -> LabelReport {
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(moves.len());
        for (i, (m, l)) in moves.iter().zip(labels).enumerate() {
            out.push(move_report(i, &mut pos, m, l));
        }
        LabelReport {
            schema_version: LABEL_SCHEMA_VERSION,
            rules,
            start_fen: start.fen(),
            moves: out,
        }
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// A text table a referee can read, in Chinese: see [`LabelReport::to_text_in`].
    pub fn to_text(&self) -> String {
        self.to_text_in(Lang::Zh)
    }

    /// A text table a referee can read, in `lang`: one row per ply, then one indented
    /// line per chase (with its protectors) or dismissed threat, in the words of the terms
    /// table ([`crate::terms`]).
    pub fn to_text_in(&self, lang: Lang) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{}", ReportWord::RulesLine(self.rules.names()).get(lang));
        let _ = writeln!(s, "{}{}", ReportWord::Start.get(lang), self.start_fen);
        let header = [
            ReportWord::ColumnPly,
            ReportWord::ColumnSide,
            ReportWord::ColumnMove,
            ReportWord::ColumnIccs,
            ReportWord::ColumnLabels,
        ]
        .map(|w| w.get(lang));
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let widths = [4, 5, 10, 5, 0];
        row(&mut s, &header, &widths);
        // Loosely: a position drawn loosely was labelled as drawn.
        let start = match qili_notation::Position::from_fen_loose(&self.start_fen) {
            Ok((p, _)) => p,
            Err(_) => return s,
        };
        let mut before = start;
        for m in &self.moves {
            let after = qili_notation::Position::from_fen_loose(&m.fen_after)
                .map_or_else(|_| before.clone(), |(p, _)| p);
            text_entry(&mut s, m, &after, lang);
            before = after;
        }
        s
    }
}

/// The rows of one ply in the text table: its row, then an indented line per mate line,
/// chase (with its protectors), exchange, offer, block, follow or dismissed threat; `after`
/// is the position after the move (naming the pieces).
fn text_entry(s: &mut String, m: &MoveReport, after: &Position, lang: Lang) {
    let widths = [4, 5, 10, 5, 0];
    let list_separator = ReportWord::ListSeparator.get(lang);
    let list = |v: &[String]| v.join(&list_separator);
    let line_word = ReportWord::Line.get(lang);
    let color = if m.side == "red" {
        Color::Red
    } else {
        Color::Black
    };
    let side = ReportWord::Side(color).get(lang);
    let labels: Vec<&str> = m
        .labels
        .iter()
        .map(|&l| terms::label(l).get(lang))
        .collect();
    row(
        s,
        &[
            &m.ply.to_string(),
            &side,
            &m.chinese,
            &m.iccs,
            &labels.join(&ReportWord::LabelSeparator.get(lang)),
        ],
        &widths,
    );
    let name = |sq: &str| piece_name(after, sq, lang);
    let chase_word = terms::label(Label::Chase).get(lang);
    if let Some(line) = &m.mate_line {
        let _ = writeln!(
            s,
            "      {}: {}",
            terms::label(Label::MateThreat).get(lang),
            line.join(" ")
        );
    }
    for c in &m.chases {
        let attackers: Vec<String> = c.attackers.iter().map(|a| name(a)).collect();
        let _ = writeln!(
            s,
            "      {chase_word} {} → {} {} [{}] {} {}",
            attackers.join("+"),
            name(&c.target),
            terms::root(c.root_value).get(lang),
            list(&c.articles),
            line_word,
            c.line.join(" ")
        );
        for n in &c.note_values {
            let _ = writeln!(
                s,
                "         {} {}",
                ReportWord::Note.get(lang),
                terms::chase_note(n, lang)
            );
        }
        for p in &c.protectors {
            let _ = writeln!(
                s,
                "         {} {}: {}",
                ReportWord::Protector.get(lang),
                name(&p.square),
                terms::protector(&p.status_value, lang)
            );
        }
    }
    for e in &m.evidence {
        if matches!(
            e.label,
            Label::Exchange | Label::Offer | Label::Block | Label::Follow
        ) {
            let _ = writeln!(
                s,
                "      {} {} [{}]",
                terms::label(e.label).get(lang),
                e.detail,
                list(&e.articles)
            );
        } else if e.label == Label::Idle && !e.line.is_empty() {
            // A mate threat the rule book does not count (CXA2020 26.1, 图13), with its line.
            let _ = writeln!(
                s,
                "      {} {} [{}] {} {}",
                terms::label(e.label).get(lang),
                e.detail,
                list(&e.articles),
                line_word,
                e.line.join(" ")
            );
        }
    }
    for d in &m.dismissed {
        let attackers: Vec<String> = d.chase.attackers.iter().map(|a| name(a)).collect();
        let _ = writeln!(
            s,
            "      ({}: {} → {}: {} [{}])",
            ReportWord::NotAChase.get(lang),
            attackers.join("+"),
            name(&d.chase.target),
            terms::dismiss(d.reason).get(lang),
            d.article
        );
    }
}

fn row(s: &mut String, cells: &[&str], widths: &[usize]) {
    let mut line = String::new();
    for (c, &w) in cells.iter().zip(widths) {
        line.push_str(c);
        let pad = w.saturating_sub(display_width(c)) + 2;
        line.extend(std::iter::repeat_n(' ', pad));
    }
    let _ = writeln!(s, "{}", line.trim_end());
}

/// Terminal width: CJK characters take two columns.
fn display_width(s: &str) -> usize {
    s.chars()
        .map(|c| if (c as u32) >= 0x2E80 { 2 } else { 1 })
        .sum()
}

fn piece_name(pos: &Position, sq: &str, lang: Lang) -> String {
    match sq.parse::<Square>().ok().and_then(|q| pos.piece_at(q)) {
        Some(piece) => ReportWord::PieceOn { piece, square: sq }.get(lang),
        None => sq.to_owned(),
    }
}
