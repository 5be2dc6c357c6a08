//! The words of the text audit's lines — a game that failed, one that disagrees with its
//! record, a reader's warning, a ruling — as typed keys ([`AuditWord`]) with their arguments,
//! worded by one table per language ([`zh`], [`en`]: one `match` each). The lines are
//! composed once (`super::text`) and said in the audit's language ([`Phrase::get`]).

use std::path::Path;

use qili_notation::{Color, Position};

use super::{FailureKind, ReadFailure};
use crate::agreement::{Finding, FindingWord};
use crate::explain::message::Place;
use crate::judge::Judgement;
use crate::terms::{self, Lang, Phrase};

/// One line (or part of one) of the text audit, with its arguments.
#[derive(Debug, Clone, Copy)]
pub(crate) enum AuditWord<'a> {
    /// A game (or path) that could not be read.
    Failed {
        /// Where (`file#N`, or the file).
        place: &'a str,
        /// The failure.
        failure: &'a ReadFailure,
    },
    /// A finding that disagrees with the record.
    Disagreement {
        /// The finding.
        finding: &'a Finding,
        /// The game's start position (`None`: the usual start).
        start: Option<&'a Position>,
    },
    /// A game's disagreements, worded.
    Disagreements {
        /// Where.
        place: &'a str,
        /// Each disagreement, in the line's language.
        parts: &'a [String],
    },
    /// A reader's warning.
    Warning {
        /// Where.
        place: &'a str,
        /// The warning.
        warning: &'a ReadFailure,
    },
    /// The side that had to change did so: the cycle no longer decides.
    ChangedAsRuled {
        /// The side that had to change.
        side: Color,
        /// Where the ruling was in force.
        at: Place<'a>,
    },
    /// A ruling in force, then both sides changed: the cycle no longer decides.
    ChangedAfterRuling(Place<'a>),
    /// The ruling of the record ([`crate::html::ruling_text`]).
    Ruling(&'a Judgement),
    /// A ruling's line: the game, the ruling, its articles and the recorded result.
    RulingLine {
        /// The file.
        file: &'a str,
        /// The game's index in the file.
        index: usize,
        /// The ruling, in the line's language.
        ruling: &'a str,
        /// The articles' codes.
        articles: &'a [&'a str],
        /// The recorded result, if any.
        recorded: Option<&'a str>,
    },
    /// Where the HTML report was written (its index page).
    HtmlReport(&'a Path),
    /// A row's label of the summary table.
    SummaryRow(SummaryRow<'a>),
}

/// A row of the audit's summary table (its label; the figure is the summary's).
#[derive(Debug, Clone, Copy)]
pub(crate) enum SummaryRow<'a> {
    /// The files read.
    Files,
    /// The games read.
    GamesRead,
    /// The games without a recorded result.
    GamesWithoutResult,
    /// The games that failed.
    GamesFailed,
    /// The games that failed of one kind (its snake-case name).
    Failed(&'a str),
    /// The paths skipped.
    PathsSkipped,
    /// The paths skipped of one kind.
    Skipped(&'a str),
    /// The plies replayed.
    Plies,
    /// The games with a repeated position.
    GamesWithRepetition,
    /// The games with a position repeated the ruling's number of times.
    GamesAtThreshold(u32),
    /// The repetition cycles.
    Cycles,
    /// The rulings of one kind.
    Ruling(&'a str),
    /// The games disagreeing with their record.
    GamesDisagreeing,
    /// The findings of one kind.
    Finding(&'a str),
    /// The seconds taken.
    Seconds,
    /// The games read per second.
    GamesPerSecond,
}

impl Phrase for AuditWord<'_> {
    fn zh(&self) -> String {
        zh(self)
    }

    fn en(&self) -> String {
        en(self)
    }
}

/// The Chinese words of the text audit.
pub(crate) fn zh(w: &AuditWord<'_>) -> String {
    use AuditWord::*;
    let skipped = |f: &ReadFailure| {
        if f.kind.is_path() {
            "跳过"
        } else {
            "无法读取"
        }
    };
    let kind = |k: FailureKind| k.zh();
    match *w {
        // A file that is no record: its kind says all (the message repeats it in English).
        Failed { place, failure: f } if f.kind == FailureKind::NotARecord => format!(
            "{place}：{}（{}）：无标签，首个词不是任何记法的着法",
            skipped(f),
            kind(f.kind)
        ),
        Failed { place, failure: f } => format!(
            "{place}：{}（{}）：{}",
            skipped(f),
            kind(f.kind),
            f.zh.as_deref().unwrap_or(&f.message)
        ),
        Disagreement { finding, start } => FindingWord { finding, start }.zh(),
        Disagreements { place, parts } => format!("{place}：{}", parts.join("；")),
        Warning { place, warning: w } => {
            format!("{place}：警告（{}）：{}", kind(w.kind), w.message)
        }
        ChangedAsRuled { side, at } => format!(
            "{}须在{}变着，并已变着：循环不再决定结果，结果取决于其后的对局",
            terms::side(side).zh,
            at.get(Lang::Zh)
        ),
        ChangedAfterRuling(at) => format!(
            "{}裁决生效，其后双方变着：循环不再决定结果，结果取决于其后的对局",
            at.get(Lang::Zh)
        ),
        Ruling(j) => crate::html::ruling_text(j).zh,
        RulingLine {
            file,
            index,
            ruling,
            articles,
            recorded,
        } => format!(
            "{file}#{index}：{ruling}〔{}〕（记录：{}）",
            articles.join("，"),
            recorded.unwrap_or("无")
        ),
        HtmlReport(index) => format!("HTML 报告：{}", index.display()),
        SummaryRow(row) => match row {
            self::SummaryRow::Files => "文件".to_owned(),
            self::SummaryRow::GamesRead => "读入对局".to_owned(),
            self::SummaryRow::GamesWithoutResult => "无记录结果的对局".to_owned(),
            self::SummaryRow::GamesFailed => "读取失败".to_owned(),
            self::SummaryRow::Failed(k) => format!("  失败：{}", FailureKind::text_of(k).zh),
            self::SummaryRow::PathsSkipped => "跳过的路径".to_owned(),
            self::SummaryRow::Skipped(k) => format!("  跳过：{}", FailureKind::text_of(k).zh),
            self::SummaryRow::Plies => "复演步数".to_owned(),
            self::SummaryRow::GamesWithRepetition => "有重复局面的对局".to_owned(),
            self::SummaryRow::GamesAtThreshold(n) => format!("局面出现{n}次的对局"),
            self::SummaryRow::Cycles => "循环".to_owned(),
            self::SummaryRow::Ruling(k) => {
                format!("  裁决：{}", crate::agreement::ruling_kind_text(k).zh)
            }
            self::SummaryRow::GamesDisagreeing => "与记录不符的对局".to_owned(),
            self::SummaryRow::Finding(k) => {
                format!("  发现：{}", super::pages::finding_kind_text(k).zh)
            }
            self::SummaryRow::Seconds => "秒".to_owned(),
            self::SummaryRow::GamesPerSecond => "局/秒".to_owned(),
        },
    }
}

/// The English words of the text audit.
pub(crate) fn en(w: &AuditWord<'_>) -> String {
    use AuditWord::*;
    let skipped = |f: &ReadFailure| {
        if f.kind.is_path() {
            "skipped"
        } else {
            "unreadable"
        }
    };
    match *w {
        Failed { place, failure: f } => format!(
            "{place}: {} ({}): {}",
            skipped(f),
            f.kind.as_str(),
            f.message
        ),
        Disagreement { finding, start } => match *finding {
            Finding::DrawShouldBeLoss { loser } => format!(
                "recorded a draw, but {} loses by the repetition rules",
                loser.english()
            ),
            Finding::WrongSide {
                recorded_loser,
                ruled_loser,
            } => format!(
                "recorded a loss for {}, but {} loses by the repetition rules",
                recorded_loser.english(),
                ruled_loser.english()
            ),
            Finding::AdjudicationDiffers { .. } => FindingWord { finding, start }.en(),
            Finding::CaseMismatch { expected, ruled } => format!(
                "the case expects {} ({}), but the ruling is {} ({})",
                expected.result.as_str(),
                expected.status.as_str(),
                ruled.result.as_str(),
                ruled.status.as_str()
            ),
            ref other => other.kind().to_owned(),
        },
        Disagreements { place, parts } => format!("{place}: {}", parts.join("; ")),
        Warning { place, warning: w } => {
            format!("{place}: warning ({}): {}", w.kind.as_str(), w.message)
        }
        ChangedAsRuled { side, at } => format!(
            "{} had to change at {} and changed: the cycle no longer decides, the result comes from the rest of the game",
            side.english(),
            at.get(Lang::En)
        ),
        ChangedAfterRuling(at) => format!(
            "ruling in force at {}, then the players changed moves: the cycle no longer decides, the result comes from the rest of the game",
            at.get(Lang::En)
        ),
        Ruling(j) => crate::html::ruling_text(j).en,
        RulingLine {
            file,
            index,
            ruling,
            articles,
            recorded,
        } => format!(
            "{file}#{index}: {ruling} [{}] (recorded: {})",
            articles.join(", "),
            recorded.unwrap_or("none")
        ),
        HtmlReport(index) => format!("HTML report: {}", index.display()),
        SummaryRow(row) => match row {
            self::SummaryRow::Files => "files".to_owned(),
            self::SummaryRow::GamesRead => "games read".to_owned(),
            self::SummaryRow::GamesWithoutResult => "games without a recorded result".to_owned(),
            self::SummaryRow::GamesFailed => "games failed".to_owned(),
            self::SummaryRow::Failed(k) => format!("  failed: {k}"),
            self::SummaryRow::PathsSkipped => "paths skipped".to_owned(),
            self::SummaryRow::Skipped(k) => format!("  skipped: {k}"),
            self::SummaryRow::Plies => "plies replayed".to_owned(),
            self::SummaryRow::GamesWithRepetition => "games with a repeated position".to_owned(),
            self::SummaryRow::GamesAtThreshold(n) => format!("games with a position {n} times"),
            self::SummaryRow::Cycles => "repetition cycles".to_owned(),
            self::SummaryRow::Ruling(k) => format!("  ruling: {k}"),
            self::SummaryRow::GamesDisagreeing => "games disagreeing with the record".to_owned(),
            self::SummaryRow::Finding(k) => format!("  finding: {k}"),
            self::SummaryRow::Seconds => "seconds".to_owned(),
            self::SummaryRow::GamesPerSecond => "games/s".to_owned(),
        },
    }
}
