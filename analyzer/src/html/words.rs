//! The words of the pages — ruling pages, the audit's index and game pages — as typed keys
//! ([`PageWord`]) with their arguments, worded by one table per language ([`zh`], [`en`]:
//! one `match` each, no control flow of their own). A page shows both languages, so a key
//! is filled from both tables ([`Phrase::text`]). A new word on a page is one variant here
//! and one entry in each table (the compiler asks for both).

use qili_notation::{Color, Move, Position, Role, Square};

use super::page::RowStatus;
use crate::agreement::{Finding, FindingWord, RecordOutcome};
use crate::explain::message::{self, Place};
use crate::label::{DismissReason, Label, Root};
use crate::protection::ProtectorStatus;
use crate::rules::Article;
use crate::terms::{self, Lang, Phrase, Text};
use crate::verdict::{Outcome, Verdict};

/// A piece on its point (`车b2`, `Red chariot b2`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct PieceAt {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
    /// Its point.
    pub square: Square,
}

/// One word (or sentence) of a page, with its arguments.
#[derive(Debug, Clone, Copy)]
pub(crate) enum PageWord<'a> {
    // The sections of a ruling page.
    /// The heading of the articles applied.
    ArticlesApplied,
    /// The heading of the text explanation.
    Explanation,
    /// The heading of a cycle's moves.
    MovesOfCycle,
    /// The colour key of a check arrow.
    KeyCheck,
    /// The colour key of a mate threat's arrow.
    KeyMate,
    /// The colour key of a chase arrow.
    KeyChase,
    /// The colour key of a protector.
    KeyProtector,
    /// The colour key of a false root.
    KeyFalseRoot,
    /// The colour key of the last move.
    KeyLastMove,
    /// A side (`红`, `Red`).
    Side(Color),
    // The facts of a page's header.
    /// The rule set.
    Rules,
    /// The occurrence at which a ruling is in force.
    Repetitions,
    /// The number of plies.
    Plies,
    /// Where the record was read from.
    Input,
    /// The file of an audited game.
    File,
    /// The result the record gives.
    RecordedResult,
    /// The title of a judgement's page.
    RulingTitle,
    /// The title of an audit's index page.
    AuditTitle,
    /// The title of an audited game without a name: its file and index.
    UntitledGame {
        /// The file.
        file: &'a str,
        /// The game's index in the file.
        index: usize,
    },
    // The ruling.
    /// An outcome.
    Ruled(Outcome),
    /// The offender must change, or loses.
    MustChangeOrLose(Color),
    /// A cycle's verdict in short ([`message::short_verdict`]).
    ShortVerdict(&'a Verdict),
    /// The ruling comes from a cycle.
    RulingByCycle {
        /// The ruling.
        ruling: &'a PageWord<'a>,
        /// The cycle's index.
        cycle: usize,
        /// Where the ruling took effect.
        at: Place<'a>,
        /// The cycle's verdict, if the cycle is there.
        reason: Option<&'a Verdict>,
    },
    /// The ruling comes from the natural move limit.
    RulingByNaturalLimit {
        /// The ruling.
        ruling: &'a PageWord<'a>,
        /// Where the limit was reached.
        at: Place<'a>,
    },
    /// No ruling: no position repeats.
    NoRulingNoRepeat,
    /// No ruling: no position occurs the given number of times.
    NoRulingBelow(u32),
    // A cycle.
    /// A cycle's heading: its index and its plies.
    CycleHeading {
        /// The game's start position (`None`: the usual start).
        start: Option<&'a Position>,
        /// The cycle's index.
        cycle: usize,
        /// Its first ply.
        first: usize,
        /// Its last ply.
        last: usize,
    },
    /// A ruling in force from a place.
    InForceFrom(Place<'a>),
    /// A ruling not in force: it needs the given number of occurrences.
    NotInForce(u32),
    /// The caption of a cycle's repeated position.
    RepeatedCaption {
        /// The game's start position (`None`: the usual start).
        start: Option<&'a Position>,
        /// How often the position occurs.
        occurrences: usize,
        /// The plies after which it occurs.
        after: &'a [usize],
        /// Whether (and where) its ruling is in force.
        force: &'a PageWord<'a>,
    },
    /// The verdict of a cycle not in force: if the cycle is repeated.
    IfRepeated(&'a Verdict),
    /// More cycles are in force than drawn.
    CyclesNotDrawn {
        /// The cycles in force.
        shown: usize,
        /// The cycles drawn.
        drawn: usize,
    },
    /// The record stops on an illegal move.
    StoppedAt {
        /// Where.
        at: Place<'a>,
        /// The move (written in ICCS).
        mv: Move,
    },
    /// Another cycle of an audited game: its heading and verdict.
    OtherCycle {
        /// The cycle's heading.
        heading: &'a Text,
        /// Its verdict.
        verdict: &'a Text,
    },
    // The evidence of a move.
    /// A piece on its point.
    Piece(PieceAt),
    /// A piece gives check.
    Checks(PieceAt),
    /// A mate threat and its line.
    MateBy(&'a str),
    /// The evidence of a quieter label (worded in English only).
    LabelEvidence {
        /// The label.
        label: Label,
        /// Its evidence.
        detail: &'a str,
    },
    /// A threat that is not a chase.
    NotAChase {
        /// The threatened piece.
        target: PieceAt,
        /// Why it is not a chase.
        why: DismissReason,
        /// The article that says so.
        article: Article,
    },
    /// A move with no other evidence: its label.
    LabelMove(Label),
    /// A chase.
    Chases {
        /// The chasing pieces.
        attackers: &'a [PieceAt],
        /// The chased piece.
        target: PieceAt,
        /// Its root.
        root: Root,
        /// The winning line, if any.
        line: Option<&'a str>,
    },
    /// A protector of a chased piece, and why it is real or false.
    Protects {
        /// The protector.
        who: PieceAt,
        /// Its status.
        status: &'a ProtectorStatus,
    },
    // The audit's index page.
    /// The heading of the summary.
    Summary,
    /// The heading of the games.
    Games,
    /// The counts by ruling.
    ByRuling,
    /// The counts by finding.
    ByFinding,
    /// A group of the games' list.
    Group(RowStatus),
    /// The files read.
    Files,
    /// The games read.
    GamesRead,
    /// The games without a recorded result.
    WithoutResult,
    /// The games that failed.
    GamesFailed,
    /// The games with a repeated position.
    WithRepetition,
    /// The games with a position the given number of times.
    WithThreshold(u32),
    /// The games with a ruling in force.
    WithRuling,
    /// The games disagreeing with the record.
    Disagreeing,
    /// The game pages written.
    GamePages,
    /// The most occurrences of a position in a game without a ruling.
    MostOccurrences(u32),
    /// A ruling as the audit counts it.
    Counted(RecordOutcome),
    /// The findings of a game.
    Findings {
        /// The findings.
        findings: &'a [Finding],
        /// The game's start position (`None`: the usual start).
        start: Option<&'a Position>,
    },
    // The fixed labels of the pages, shown in both languages at once ([`side_by_side`]).
    /// The column of the side in a conduct table.
    ColumnSide,
    /// The column of the conduct.
    ColumnConduct,
    /// A conduct forbidden (`true`) or allowed.
    Forbidden(bool),
    /// The articles a cycle's verdict cites.
    Cites,
    /// The link back to the index page.
    BackToIndex,
    /// The column of a count of games.
    ColumnCount,
    /// The choice of the games shown.
    Show,
    /// Every game.
    ShowAll,
    /// The games that disagree with the record.
    ShowDisagrees,
    /// The games with a note.
    ShowNoted,
    /// The other rulings.
    ShowAgrees,
    /// The unreadable games.
    ShowErrors,
    /// The search box.
    Search,
    /// The count of the games shown.
    GamesShown,
    /// How to sort the list.
    ClickToSort,
    /// The column of a game's index in its file.
    ColumnNumber,
    /// The column of the event.
    ColumnEvent,
    /// The column of the players.
    ColumnPlayers,
    /// The column of the recorded result.
    ColumnRecorded,
}

/// A fixed label of a page in both languages at once, `显示 · show` (escaped for HTML).
pub(crate) fn side_by_side(w: PageWord<'_>) -> String {
    super::escape(&format!("{} · {}", w.zh(), w.en()))
}

impl Phrase for PageWord<'_> {
    fn zh(&self) -> String {
        zh(self)
    }

    fn en(&self) -> String {
        en(self)
    }
}

fn piece_zh(p: PieceAt) -> String {
    format!("{}{}", p.role.chinese(p.color), p.square)
}

fn piece_en(p: PieceAt) -> String {
    format!("{} {} {}", p.color.english(), p.role.english(), p.square)
}

fn after_plies(start: Option<&Position>, after: &[usize], lang: Lang, sep: &str) -> String {
    after
        .iter()
        .map(|&p| crate::explain::after_ply(start, p, lang))
        .collect::<Vec<_>>()
        .join(sep)
}

/// The Chinese words of a page.
pub(crate) fn zh(w: &PageWord<'_>) -> String {
    use PageWord::*;
    let zh = Lang::Zh;
    match *w {
        ArticlesApplied => "条款".into(),
        Explanation => "裁决说明".into(),
        MovesOfCycle => "循环着法".into(),
        KeyCheck => "将".into(),
        KeyMate => "杀".into(),
        KeyChase => "捉".into(),
        KeyProtector => "根".into(),
        KeyFalseRoot => "假根".into(),
        KeyLastMove => "上一着".into(),
        Side(c) => c.chinese().into(),
        Rules => "规则".into(),
        Repetitions => "生效次数".into(),
        Plies => "步数".into(),
        Input => "输入".into(),
        File => "文件".into(),
        RecordedResult => "记录结果".into(),
        RulingTitle => "棋例裁决".into(),
        AuditTitle => "棋例审计".into(),
        UntitledGame { .. } => "对局".into(),
        Ruled(o) => terms::outcome(o).zh.into(),
        MustChangeOrLose(c) => format!("{}方必须变着（不变判负）", c.chinese()),
        ShortVerdict(v) => message::render(zh, &[message::short_verdict(v)]),
        RulingByCycle {
            ruling,
            cycle,
            at,
            reason,
        } => format!(
            "{}——循环{}，{}起生效：{}",
            ruling.zh(),
            cycle + 1,
            at.get(zh),
            reason.map(|v| ShortVerdict(v).zh()).unwrap_or_default()
        ),
        RulingByNaturalLimit { ruling, at } => {
            format!("{}——{}达到自然限着", ruling.zh(), at.get(zh))
        }
        NoRulingNoRepeat => "无裁决：没有重复局面".into(),
        NoRulingBelow(n) => format!("无裁决：重复局面未达{n}次"),
        CycleHeading {
            start,
            cycle,
            first,
            last,
        } => format!(
            "循环{}：{}",
            cycle + 1,
            terms::ply_span(start, first, last, zh)
        ),
        InForceFrom(at) => format!("{}起生效", at.get(zh)),
        NotInForce(n) => format!("未生效（需出现{n}次）"),
        RepeatedCaption {
            start,
            occurrences,
            after,
            force,
        } => format!(
            "重复局面，共出现{occurrences}次：{}；{}",
            after_plies(start, after, zh, "、"),
            force.zh()
        ),
        IfRepeated(v) => format!("若再重复：{}", ShortVerdict(v).zh()),
        CyclesNotDrawn { shown, drawn } => {
            format!("共{shown}个生效循环，仅绘出最后{drawn}个")
        }
        StoppedAt { at, mv } => format!("棋谱在{}因不合法着法 {mv} 中止", at.get(zh)),
        OtherCycle { heading, verdict } => format!("{}：{}", heading.zh, verdict.zh),
        Piece(p) => piece_zh(p),
        Checks(p) => format!("将：{} 将军", piece_zh(p)),
        MateBy(line) => format!("杀：再走可成杀 {line}"),
        LabelEvidence { label, .. } => terms::label(label).zh.into(),
        NotAChase {
            target,
            why,
            article,
        } => format!(
            "不算捉：{}——{}（{article}）",
            piece_zh(target),
            terms::dismiss(why).zh
        ),
        LabelMove(l) => format!("{}着", terms::label(l).zh),
        Chases {
            attackers,
            target,
            root,
            line,
        } => {
            let who: Vec<String> = attackers.iter().map(|&a| piece_zh(a)).collect();
            let line = line.map(|l| format!("，得子线路 {l}")).unwrap_or_default();
            format!(
                "捉：{} 捉 {}（{}）{line}",
                who.join("、"),
                piece_zh(target),
                terms::root_reason(root).zh
            )
        }
        Protects { who, status } => {
            format!("{}：{}", piece_zh(who), terms::protector(status, zh))
        }
        Summary => "概要".into(),
        Games => "对局".into(),
        ByRuling => "裁决".into(),
        ByFinding => "发现".into(),
        Group(RowStatus::Disagrees) => "与记录不符".into(),
        Group(RowStatus::Noted) => "裁决（注意）".into(),
        Group(RowStatus::Agrees) => "其他裁决".into(),
        Group(RowStatus::Error) => "读取失败".into(),
        Files => "文件".into(),
        GamesRead => "读入对局".into(),
        WithoutResult => "无记录结果".into(),
        GamesFailed => "读取失败".into(),
        WithRepetition => "有重复局面".into(),
        WithThreshold(n) => format!("局面出现{n}次"),
        WithRuling => "裁决生效".into(),
        Disagreeing => "与记录不符".into(),
        GamePages => "对局页面".into(),
        MostOccurrences(n) => format!("局面最多出现{n}次"),
        Counted(o) => match o {
            crate::agreement::RecordOutcome::Draw => "和棋".into(),
            crate::agreement::RecordOutcome::Loses(c) => format!("{}方判负", c.chinese()),
            crate::agreement::RecordOutcome::MustChange(c) => {
                format!("{}方必须变着", c.chinese())
            }
        },
        Findings { findings, start } => findings
            .iter()
            .map(|f| FindingWord { finding: f, start }.zh())
            .collect::<Vec<_>>()
            .join("；"),
        ColumnSide => "方".into(),
        ColumnConduct => "着法性质".into(),
        Forbidden(true) => "禁止".into(),
        Forbidden(false) => "允许".into(),
        Cites => "依据".into(),
        BackToIndex => "← 目录".into(),
        ColumnCount => "数".into(),
        Show => "显示".into(),
        ShowAll => "全部".into(),
        ShowDisagrees => "不符".into(),
        ShowNoted => "注意".into(),
        ShowAgrees => "其他裁决".into(),
        ShowErrors => "读取失败".into(),
        Search => "查找".into(),
        GamesShown => "局".into(),
        ClickToSort => "点击表头排序".into(),
        ColumnNumber => "局".into(),
        ColumnEvent => "赛事".into(),
        ColumnPlayers => "棋手".into(),
        ColumnRecorded => "记录".into(),
    }
}

/// The English words of a page.
pub(crate) fn en(w: &PageWord<'_>) -> String {
    use PageWord::*;
    let en = Lang::En;
    match *w {
        ArticlesApplied => "Articles applied".into(),
        Explanation => "Explanation".into(),
        MovesOfCycle => "Moves of the cycle".into(),
        KeyCheck => "check".into(),
        KeyMate => "mate threat".into(),
        KeyChase => "chase".into(),
        KeyProtector => "protector".into(),
        KeyFalseRoot => "false root".into(),
        KeyLastMove => "last move".into(),
        Side(c) => c.english().into(),
        Rules => "rules".into(),
        Repetitions => "repetitions".into(),
        Plies => "plies".into(),
        Input => "input".into(),
        File => "file".into(),
        RecordedResult => "recorded result".into(),
        RulingTitle => "Repetition ruling".into(),
        AuditTitle => "Repetition audit".into(),
        UntitledGame { file, index } => format!("{file} #{index}"),
        Ruled(o) => terms::outcome(o).en.into(),
        MustChangeOrLose(c) => format!("{} must change (or lose)", c.english()),
        ShortVerdict(v) => message::render(en, &[message::short_verdict(v)]),
        RulingByCycle {
            ruling,
            cycle,
            at,
            reason,
        } => format!(
            "{} — cycle {}, in force from {}: {}",
            ruling.en(),
            cycle + 1,
            at.get(en),
            reason.map(|v| ShortVerdict(v).en()).unwrap_or_default()
        ),
        RulingByNaturalLimit { ruling, at } => format!(
            "{} — natural move limit reached at {}",
            ruling.en(),
            at.get(en)
        ),
        NoRulingNoRepeat => "no ruling: no position repeats".into(),
        NoRulingBelow(n) => format!("no ruling: no position occurs {n} times"),
        CycleHeading {
            start,
            cycle,
            first,
            last,
        } => format!(
            "Cycle {}: {}",
            cycle + 1,
            terms::ply_span(start, first, last, en)
        ),
        InForceFrom(at) => format!("in force from {}", at.get(en)),
        NotInForce(n) => format!("not in force (needs {n} occurrences)"),
        RepeatedCaption {
            start,
            occurrences,
            after,
            force,
        } => format!(
            "Repeated position, {occurrences} times: {}; {}",
            after_plies(start, after, en, ", "),
            force.en()
        ),
        IfRepeated(v) => format!("if repeated: {}", ShortVerdict(v).en()),
        CyclesNotDrawn { shown, drawn } => {
            format!("{shown} cycles in force; the last {drawn} are drawn")
        }
        StoppedAt { at, mv } => {
            format!(
                "the record stops at {} on the illegal move {mv}",
                at.get(en)
            )
        }
        OtherCycle { heading, verdict } => format!("{}: {}", heading.en, verdict.en),
        Piece(p) => piece_en(p),
        Checks(p) => format!("check: the {} attacks the general", piece_en(p)),
        MateBy(line) => format!("mate threat: moving again, mates by {line}"),
        LabelEvidence { label, detail } => format!("{}: {detail}", terms::label(label).en),
        NotAChase {
            target,
            why,
            article,
        } => format!(
            "not a chase of the {}: {} ({article})",
            piece_en(target),
            terms::dismiss(why).en
        ),
        LabelMove(l) => format!("{} move", terms::label(l).en),
        Chases {
            attackers,
            target,
            root,
            line,
        } => {
            let who: Vec<String> = attackers.iter().map(|&a| piece_en(a)).collect();
            let line = line
                .map(|l| format!("; winning line {l}"))
                .unwrap_or_default();
            format!(
                "chase: the {} threatens the {} ({}){line}",
                who.join(" and "),
                piece_en(target),
                terms::root_reason(root).en
            )
        }
        Protects { who, status } => {
            format!("the {}: {}", piece_en(who), terms::protector(status, en))
        }
        Summary => "Summary".into(),
        Games => "Games".into(),
        ByRuling => "ruling".into(),
        ByFinding => "finding".into(),
        Group(RowStatus::Disagrees) => "Disagreements with the record".into(),
        Group(RowStatus::Noted) => "Rulings with a note".into(),
        Group(RowStatus::Agrees) => "Other rulings".into(),
        Group(RowStatus::Error) => "Unreadable games".into(),
        Files => "files".into(),
        GamesRead => "games read".into(),
        WithoutResult => "without a recorded result".into(),
        GamesFailed => "games failed".into(),
        WithRepetition => "games with a repeated position".into(),
        WithThreshold(n) => format!("games with a position {n} times"),
        WithRuling => "games with a ruling in force".into(),
        Disagreeing => "disagreeing with the record".into(),
        GamePages => "game pages".into(),
        MostOccurrences(n) => format!("a position occurs {n} times"),
        Counted(o) => match o {
            crate::agreement::RecordOutcome::Draw => "draw".into(),
            crate::agreement::RecordOutcome::Loses(c) => format!("{} loses", c.english()),
            crate::agreement::RecordOutcome::MustChange(c) => {
                format!("{} must change", c.english())
            }
        },
        Findings { findings, start } => findings
            .iter()
            .map(|f| FindingWord { finding: f, start }.en())
            .collect::<Vec<_>>()
            .join("; "),
        ColumnSide => "side".into(),
        ColumnConduct => "conduct".into(),
        Forbidden(true) => "forbidden".into(),
        Forbidden(false) => "allowed".into(),
        Cites => "articles".into(),
        BackToIndex => "index".into(),
        ColumnCount => "games".into(),
        Show => "show".into(),
        ShowAll => "all".into(),
        ShowDisagrees => "disagreements".into(),
        ShowNoted => "noted".into(),
        ShowAgrees => "other rulings".into(),
        ShowErrors => "unreadable".into(),
        Search => "search".into(),
        GamesShown => "games shown".into(),
        ClickToSort => "click a heading to sort".into(),
        ColumnNumber => "#".into(),
        ColumnEvent => "event".into(),
        ColumnPlayers => "players".into(),
        ColumnRecorded => "recorded".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(color: Color, role: Role, sq: &str) -> PieceAt {
        PieceAt {
            color,
            role,
            square: sq.parse().unwrap(),
        }
    }

    #[test]
    fn a_key_is_filled_from_both_tables() {
        let t = PageWord::MustChangeOrLose(Color::Black).text();
        assert_eq!(t.zh, "黑方必须变着（不变判负）");
        assert_eq!(t.en, "Black must change (or lose)");
        let t = PageWord::Group(RowStatus::Error).text();
        assert_eq!(
            (t.zh.as_str(), t.en.as_str()),
            ("读取失败", "Unreadable games")
        );
    }

    #[test]
    fn a_chase_names_its_attackers_target_root_and_line() {
        let attackers = [
            at(Color::Red, Role::Chariot, "b2"),
            at(Color::Red, Role::Horse, "c3"),
        ];
        let word = PageWord::Chases {
            attackers: &attackers,
            target: at(Color::Black, Role::Cannon, "b7"),
            root: Root::Unprotected,
            line: Some("b2b7 c3b5"),
        };
        let t = word.text();
        assert!(t.zh.starts_with("捉：车b2、马c3 捉 炮b7（"), "{}", t.zh);
        assert!(t.zh.ends_with("），得子线路 b2b7 c3b5"), "{}", t.zh);
        assert!(
            t.en.starts_with(
                "chase: the Red chariot b2 and Red horse c3 threatens the Black cannon b7 ("
            ),
            "{}",
            t.en
        );
        assert!(t.en.ends_with("); winning line b2b7 c3b5"), "{}", t.en);
        let no_line = PageWord::Chases {
            attackers: &attackers,
            target: at(Color::Black, Role::Cannon, "b7"),
            root: Root::Unprotected,
            line: None,
        };
        assert!(no_line.text().en.ends_with(')'));
    }

    #[test]
    fn a_caption_joins_the_occurrences_in_each_language() {
        let force = PageWord::NotInForce(3);
        let t = PageWord::RepeatedCaption {
            start: None,
            occurrences: 2,
            after: &[0, 4],
            force: &force,
        }
        .text();
        assert_eq!(
            t.en,
            "Repeated position, 2 times: the start, after move 2 (ply 4); not in force (needs 3 occurrences)"
        );
        assert!(
            t.zh.starts_with("重复局面，共出现2次：开始局面、"),
            "{}",
            t.zh
        );
        assert!(t.zh.ends_with("；未生效（需出现3次）"), "{}", t.zh);
    }
}
