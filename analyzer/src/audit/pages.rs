//! `--html DIR`: an index page of the audit and one teaching page per game with a
//! repetition.

use std::io;
use std::path::{Path, PathBuf};

use super::game::{Finding, GameReport};
use super::summary::Summary;
use crate::html::{self, IndexPage, IndexRow, Page, RowStatus, Text};
use crate::rules::Settings;

/// Writes the pages of an audit as its games come in.
pub struct HtmlWriter {
    dir: PathBuf,
    settings: Settings,
    rows: Vec<IndexRow>,
    pages: usize,
}

impl HtmlWriter {
    /// Creates `dir` (and its parents) for the pages.
    pub fn create(dir: &Path, settings: &Settings) -> io::Result<HtmlWriter> {
        std::fs::create_dir_all(dir)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        Ok(HtmlWriter {
            dir: dir.to_owned(),
            settings: settings.clone(),
            rows: Vec::new(),
            pages: 0,
        })
    }

    /// Adds a game: a row in the index when it failed, has a repetition or a finding, and a
    /// page of its own when it has a repetition.
    pub fn add(&mut self, g: &GameReport) -> io::Result<()> {
        let interesting = g.error.is_some() || g.max_occurrences >= 2 || !g.findings.is_empty();
        if !interesting {
            return Ok(());
        }
        let mut link = None;
        if g.max_occurrences >= 2 {
            if let Some(page) = game_page(g) {
                self.pages += 1;
                let name = format!("game-{:05}.html", self.pages);
                let path = self.dir.join(&name);
                std::fs::write(&path, html::ruling_page(&page))
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
                link = Some(name);
            }
        }
        self.rows.push(index_row(g, link));
        Ok(())
    }

    /// Writes `index.html`.
    pub fn finish(self, summary: &Summary) -> io::Result<()> {
        let page = IndexPage {
            title: Text::new("棋例审计", "Repetition audit"),
            summary: summary_rows(summary, &self.settings),
            rows: self.rows,
        };
        let path = self.dir.join("index.html");
        std::fs::write(&path, html::index_page(&page))
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
    }
}

fn summary_rows(s: &Summary, settings: &Settings) -> Vec<(Text, String)> {
    vec![
        (
            Text::new("规则", "rules"),
            settings.rules.as_str().to_uppercase(),
        ),
        (Text::new("文件", "files"), s.files.to_string()),
        (
            Text::new("读入对局", "games read"),
            s.games_read.to_string(),
        ),
        (
            Text::new("读取失败", "games failed"),
            s.games_failed_total().to_string(),
        ),
        (
            Text::new("有重复局面", "games with a repeated position"),
            s.games_with_repetition.to_string(),
        ),
        (
            Text::new(
                format!("局面出现{}次", s.repetitions),
                format!("games with a position {} times", s.repetitions),
            ),
            s.games_with_ruling_threshold.to_string(),
        ),
        (
            Text::new("与记录不符", "disagreeing with the record"),
            s.games_disagreeing.to_string(),
        ),
    ]
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
        n if n.is_empty() => Text::new("对局", format!("{} #{}", g.file, g.index)),
        n => Text::new("", n),
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
        (Some(f), _) => Text::new("", f.message.clone()),
        (None, Some(d)) => outcome_text(d.outcome),
        (None, None) if g.max_occurrences >= 2 => Text::new(
            format!("局面最多出现{}次", g.max_occurrences),
            format!("a position occurs {} times", g.max_occurrences),
        ),
        (None, None) => Text::default(),
    };
    let mut ruling = ruling;
    for f in &g.findings {
        let t = finding_text(f);
        ruling.zh = join(&ruling.zh, &t.zh);
        ruling.en = join(&ruling.en, &t.en);
    }
    IndexRow {
        file: g.file.clone(),
        index: g.index,
        name: game_name(g),
        recorded: g.recorded_text.clone().unwrap_or_default(),
        ruling,
        status,
        link,
    }
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_owned()
    } else {
        format!("{a}; {b}")
    }
}

/// The bilingual text of an outcome.
pub(crate) fn outcome_text(o: super::rule::Outcome) -> Text {
    use super::rule::Outcome::*;
    match o {
        Draw => Text::new("和棋", "draw"),
        Loses(c) => Text::new(
            format!("{}方判负", c.chinese()),
            format!("{} loses", c.english()),
        ),
        MustChange(c) => Text::new(
            format!("{}方必须变着", c.chinese()),
            format!("{} must change", c.english()),
        ),
    }
}

/// The bilingual text of a finding.
pub(crate) fn finding_text(f: &Finding) -> Text {
    match *f {
        Finding::DrawShouldBeLoss { loser } => Text::new(
            format!("记录为和棋，但{}方应判负", loser.chinese()),
            format!("recorded a draw, but {} should have lost", loser.english()),
        ),
        Finding::WrongSide {
            recorded_loser,
            ruled_loser,
        } => Text::new(
            format!(
                "记录{}方负，但应判{}方负",
                recorded_loser.chinese(),
                ruled_loser.chinese()
            ),
            format!(
                "recorded a loss for {}, but {} loses",
                recorded_loser.english(),
                ruled_loser.english()
            ),
        ),
        Finding::WinOverDrawRuling { winner } => Text::new(
            format!("循环判和，记录却为{}胜", winner.chinese()),
            format!(
                "the cycle is ruled a draw, the record a win for {}",
                winner.english()
            ),
        ),
        Finding::PlayedPast {
            ply,
            continued: false,
            ..
        } => Text::new(
            format!("第{ply}步裁决生效后变着续弈"),
            format!("ruling in force at ply {ply}; the players changed moves"),
        ),
        Finding::PlayedPast {
            ply,
            continued: true,
            ..
        } => Text::new(
            format!("第{ply}步裁决生效后仍循环"),
            format!("ruling in force at ply {ply}; the players went round the cycle again"),
        ),
        Finding::NaturalLimit { ply } => Text::new(
            format!("第{ply}步达到自然限着"),
            format!("natural move limit reached at ply {ply}"),
        ),
        Finding::CaseMismatch { expected, ruled } => Text::new(
            format!(
                "案例预期 {} {}，裁决为 {} {}",
                expected.result.as_str(),
                expected.status.as_str(),
                ruled.result.as_str(),
                ruled.status.as_str()
            ),
            format!(
                "the case expects {} ({}), the ruling is {} ({})",
                expected.result.as_str(),
                expected.status.as_str(),
                ruled.result.as_str(),
                ruled.status.as_str()
            ),
        ),
    }
}

/// The teaching page of an audited game: its cycles in force, move by move, with the
/// audit's findings as notes.
pub fn game_page(g: &GameReport) -> Option<Page> {
    let j = g.ruled.as_ref()?.judgement.as_deref()?;
    let mut meta = vec![(
        Text::new("文件", "file"),
        format!("{} #{}", g.file, g.index),
    )];
    for (k, v) in &g.tags {
        let skip = ["FEN", "title_zh", "title_en"]
            .iter()
            .any(|t| k.eq_ignore_ascii_case(t));
        if !v.is_empty() && !skip {
            meta.push((Text::new("", k.clone()), v.clone()));
        }
    }
    meta.push((
        Text::new("记录结果", "recorded result"),
        g.recorded_text.clone().unwrap_or_else(|| "—".into()),
    ));
    let title = game_title(g);
    let mut page = html::judgement_page(j, title, meta);
    let findings: Vec<Text> = g.findings.iter().map(finding_text).collect();
    page.notes.splice(0..0, findings);
    page.back = Some("index.html".into());
    Some(page)
}
