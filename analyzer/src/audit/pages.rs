//! `--html DIR`: an index page of the audit and one teaching page per game with a ruling
//! in force (and per repeated game with `--all-repetitions`), named after its file.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

use super::game::GameReport;
use super::summary::Summary;

use crate::agreement::{finding_text, ruling_kind_text, RecordOutcome};
use crate::html::{self, IndexPage, IndexRow, Page, PageWord, RowStatus, Text};
use crate::rules::Settings;
use crate::terms::Phrase;

/// The style sheet the pages share, written beside them.
const STYLESHEET: &str = "qili.css";

/// Writes the pages of an audit as its games come in.
pub struct HtmlWriter {
    dir: PathBuf,
    settings: Settings,
    all_repetitions: bool,
    rows: Vec<IndexRow>,
    names: HashSet<String>,
    pages: usize,
    bytes: u64,
}

impl HtmlWriter {
    /// Creates `dir` (and its parents) for the pages.
    pub fn create(dir: &Path, settings: &Settings) -> io::Result<HtmlWriter> {
        std::fs::create_dir_all(dir)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        let css = dir.join(STYLESHEET);
        std::fs::write(&css, html::stylesheet())
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", css.display())))?;
        Ok(HtmlWriter {
            dir: dir.to_owned(),
            settings: settings.clone(),
            all_repetitions: false,
            rows: Vec::new(),
            names: HashSet::new(),
            pages: 0,
            bytes: 0,
        })
    }

    /// Also writes a page for every judged game with a repeated position, not only for
    /// those with a ruling in force (`--all-repetitions`).
    pub fn all_repetitions(mut self, yes: bool) -> HtmlWriter {
        self.all_repetitions = yes;
        self
    }

    /// Pages written so far (the index not counted).
    pub fn pages(&self) -> usize {
        self.pages
    }

    /// Bytes written so far (the index not counted).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Adds a game: a page and a row in the index when a ruling is in force (or, with
    /// `all_repetitions`, when a position repeats), a row when it could not be read or
    /// disagrees with its record.
    pub fn add(&mut self, g: &GameReport) -> io::Result<()> {
        let in_force = g.ruled.as_ref().is_some_and(|r| r.decision.is_some());
        let wanted =
            in_force || !g.findings.is_empty() || (self.all_repetitions && g.max_occurrences >= 2);
        if g.error.is_none() && !wanted {
            return Ok(());
        }
        let mut link = None;
        if wanted {
            if let Some(page) = game_page(g) {
                let name = self.page_name(g);
                let path = self.dir.join(&name);
                let text = html::ruling_page_linked(&page, STYLESHEET);
                std::fs::write(&path, &text)
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
                self.pages += 1;
                self.bytes += text.len() as u64;
                link = Some(name);
            }
        }
        self.rows.push(index_row(g, link));
        Ok(())
    }

    /// A page name after the game's file: `00000411.html`, `games-2.html` for the
    /// second game of `games.pgn`; the folder's name goes in front when two files share a
    /// name, a number after when that is not enough.
    fn page_name(&mut self, g: &GameReport) -> String {
        let path = Path::new(&g.file);
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into());
        let parent = path
            .parent()
            .and_then(|p| p.file_name())
            .map(|s| s.to_string_lossy().into_owned());
        let game = if g.index > 1 {
            format!("-{}", g.index)
        } else {
            String::new()
        };
        let mut candidates = vec![format!("{stem}{game}")];
        if let Some(p) = parent {
            candidates.push(format!("{p}-{stem}{game}"));
        }
        let mut name = None;
        for c in candidates {
            let c = format!("{}.html", fit(sanitize(&c)));
            if !self.names.contains(&c) && c != "index.html" {
                name = Some(c);
                break;
            }
        }
        let name = name.unwrap_or_else(|| {
            let base = fit(sanitize(&format!("{stem}{game}")));
            (2..)
                .map(|n| format!("{base}~{n}.html"))
                .find(|c| !self.names.contains(c))
                .unwrap_or_default()
        });
        self.names.insert(name.clone());
        name
    }

    /// Writes `index.html`: the summary, then the games, disagreements first.
    pub fn finish(mut self, summary: &Summary) -> io::Result<()> {
        let rank = |s: RowStatus| match s {
            RowStatus::Disagrees => 0,
            RowStatus::Noted => 1,
            RowStatus::Agrees => 2,
            RowStatus::Error => 3,
        };
        self.rows
            .sort_by(|a, b| (rank(a.status), &a.folder).cmp(&(rank(b.status), &b.folder)));
        let page = IndexPage {
            title: PageWord::AuditTitle.text(),
            summary: summary_rows(summary, &self.settings, self.pages),
            by_ruling: summary
                .rulings
                .iter()
                .map(|(k, n)| (ruling_kind_text(k), *n))
                .collect(),
            by_finding: summary
                .findings
                .iter()
                .map(|(k, n)| (finding_kind_text(k), *n))
                .collect(),
            rows: self.rows,
        };
        let path = self.dir.join("index.html");
        std::fs::write(&path, html::index_page(&page))
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
    }
}

/// A file name made of the letters, digits and `-_.` of `s` (any script), others `_`.
fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The longest page name kept whole, in bytes, before `~n.html`: file systems allow 255
/// bytes in a name, and a record's name may use them all.
const MAX_NAME: usize = 200;

/// `name`, when it is at most [`MAX_NAME`] bytes; else its head (cut at a character) and a
/// hash of the whole, so that two long names with the same head stay apart.
fn fit(name: String) -> String {
    if name.len() <= MAX_NAME {
        return name;
    }
    // FNV-1a, 64 bits: stable from one run and one build to the next.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let mut head = MAX_NAME - 17;
    while !name.is_char_boundary(head) {
        head -= 1;
    }
    format!("{}-{hash:016x}", &name[..head])
}

/// The words of a finding kind of the summary.
pub(crate) fn finding_kind_text(kind: &str) -> Text {
    crate::terms::finding_kind(kind).map_or_else(|| Text::same(kind), Text::from)
}

fn summary_rows(s: &Summary, settings: &Settings, pages: usize) -> Vec<(Text, String)> {
    [
        (PageWord::Rules, settings.rules.names().short.to_owned()),
        (PageWord::Files, s.files.to_string()),
        (PageWord::GamesRead, s.games_read.to_string()),
        (PageWord::WithoutResult, s.games_without_result.to_string()),
        (PageWord::GamesFailed, s.games_failed_total().to_string()),
        (
            PageWord::WithRepetition,
            s.games_with_repetition.to_string(),
        ),
        (
            PageWord::WithThreshold(s.repetitions),
            s.games_with_ruling_threshold.to_string(),
        ),
        (
            PageWord::WithRuling,
            s.rulings.values().sum::<usize>().to_string(),
        ),
        (PageWord::Disagreeing, s.games_disagreeing.to_string()),
        (PageWord::GamePages, pages.to_string()),
    ]
    .into_iter()
    .map(|(word, n)| (word.text(), n))
    .collect()
}

/// Event and players, as far as the tags tell.
pub(crate) fn game_name(g: &GameReport) -> String {
    let mut parts = Vec::new();
    for k in ["Event", "title_en", "id"] {
        if let Some(v) = g.tag(k).filter(|v| !v.is_empty()) {
            parts.push(v.to_owned());
            break;
        }
    }
    if let (Some(r), Some(b)) = (g.tag("Red"), g.tag("Black")) {
        if !r.is_empty() || !b.is_empty() {
            parts.push(format!("{r} – {b}"));
        }
    }
    parts.join(" · ")
}

/// The page title: a case's own bilingual title, else event and players.
fn game_title(g: &GameReport) -> Text {
    if let (Some(zh), Some(en)) = (g.tag("title_zh"), g.tag("title_en")) {
        return Text::new(zh, en);
    }
    match game_name(g) {
        n if n.is_empty() => PageWord::UntitledGame {
            file: &g.file,
            index: g.index,
        }
        .text(),
        n => Text::once(n),
    }
}

fn index_row(g: &GameReport, link: Option<String>) -> IndexRow {
    let status = if g.error.is_some() {
        RowStatus::Error
    } else if g.disagrees() {
        RowStatus::Disagrees
    } else if !g.findings.is_empty() {
        RowStatus::Noted
    } else {
        RowStatus::Agrees
    };
    let ruling = match (&g.error, g.ruled.as_ref().and_then(|r| r.decision)) {
        (Some(f), _) => Text::once(f.message.clone()),
        (None, Some(d)) => outcome_text(d.outcome),
        (None, None) if g.max_occurrences >= 2 => {
            PageWord::MostOccurrences(g.max_occurrences).text()
        }
        (None, None) => Text::default(),
    };
    let finding = PageWord::Findings {
        findings: &g.findings,
        start: g.start.as_ref(),
    }
    .text();
    let path = Path::new(&g.file);
    let folder = path
        .parent()
        .map(|p| p.display().to_string())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| ".".into());
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| g.file.clone());
    let players = match (g.tag("Red"), g.tag("Black")) {
        (Some(r), Some(b)) if !r.is_empty() || !b.is_empty() => format!("{r} – {b}"),
        _ => String::new(),
    };
    let name = ["Event", "title_en", "id"]
        .iter()
        .find_map(|k| g.tag(k).filter(|v| !v.is_empty()))
        .unwrap_or_default()
        .to_owned();
    IndexRow {
        folder,
        file,
        index: g.index,
        name,
        players,
        recorded: g.recorded_text.clone().unwrap_or_default(),
        ruling,
        finding,
        status,
        link,
    }
}

/// The bilingual text of an outcome.
pub(crate) fn outcome_text(o: RecordOutcome) -> Text {
    PageWord::Counted(o).text()
}

/// The teaching page of an audited game: its cycles in force, move by move, with the
/// audit's findings as notes.
pub fn game_page(g: &GameReport) -> Option<Page> {
    let j = g.ruled.as_ref()?.judgement.as_deref()?;
    let mut meta = vec![(PageWord::File.text(), format!("{} #{}", g.file, g.index))];
    for (k, v) in &g.tags {
        // The FEN is drawn, the result shown once below, `Game` is always Xiangqi.
        let skip = ["FEN", "title_zh", "title_en", "Result", "Game"]
            .iter()
            .any(|t| k.eq_ignore_ascii_case(t));
        if !v.is_empty() && !skip {
            meta.push((Text::once(k.clone()), v.clone()));
        }
    }
    meta.push((
        PageWord::RecordedResult.text(),
        g.recorded_text.clone().unwrap_or_else(|| "—".into()),
    ));
    let title = game_title(g);
    let mut page = html::judgement_page(j, title, meta);
    let mut notes: Vec<Text> = g
        .findings
        .iter()
        .map(|f| finding_text(f, j.positions.first()))
        .collect();
    // The cycle that decides is drawn move by move; the other cycles in force get a line.
    if let crate::judge::RulingSource::Cycle { index } = j.ruling.source {
        for c in page.cycles.iter().filter(|c| c.index != index) {
            let word = PageWord::OtherCycle {
                heading: &c.heading,
                verdict: &c.verdict,
            };
            notes.push(word.text());
        }
        if page.cycles.iter().any(|c| c.index == index) {
            page.cycles.retain(|c| c.index == index);
        }
    }
    page.notes.splice(0..0, notes);
    // The page shows what the text explanation says; `qili judge` prints it.
    page.explanation = None;
    page.back = Some("index.html".into());
    Some(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_page_names_are_cut_with_a_hash() {
        let long = "象".repeat(85);
        let a = fit(format!("{long}-2"));
        let b = fit(format!("{long}-3"));
        assert!(a.len() <= MAX_NAME && b.len() <= MAX_NAME, "{}", a.len());
        assert_ne!(a, b);
        assert_eq!(fit("short".into()), "short");
    }
}
