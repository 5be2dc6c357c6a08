//! The one vocabulary of qili's outputs, in Chinese and English: labels, roots, the reasons
//! a threat is not a chase, protector statuses, conducts, outcomes and sides; with the small
//! values every output shares — the language ([`Lang`]), a bilingual text ([`Text`]) and the
//! place of a ply on the score sheet ([`ply_place`], [`ply_span`]).
//!
//! Explanations (`explain`), HTML pages (`html`), the label table (`report::label`) and the
//! audit texts all take their words from here, so that one concept has one phrasing in
//! each language everywhere.
//!
//! ```
//! use qili_analyzer::terms::{self, Term};
//! use qili_analyzer::{Label, Root};
//! assert_eq!(terms::label(Label::Chase), Term::new("捉", "chase"));
//! assert_eq!(terms::root(Root::FalseRoot).zh, "假根");
//! ```

use qili_notation::chinese::WrongSide;
use qili_notation::{
    Color, FenErrorKind, MoveTextError, Notation, Position, Square, SyntaxErrorKind,
};

use crate::conduct::ConductKind;
use crate::label::{ChaseNote, DismissReason, Label, NotWonBefore, Root};
use crate::protection::ProtectorStatus;
use crate::rules::Article;
use crate::verdict::Outcome;

/// The language of an output: explanations, texts, pages, error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Simplified Chinese.
    #[default]
    Zh,
    /// English.
    En,
}

/// A text that names no [`Lang`]: the text, handed back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: expected zh or en")]
pub struct ParseLangError(pub String);

impl std::str::FromStr for Lang {
    type Err = ParseLangError;
    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        match s.to_ascii_lowercase().as_str() {
            "zh" | "cn" | "zh-cn" => Ok(Lang::Zh),
            "en" => Ok(Lang::En),
            _ => Err(ParseLangError(s.to_owned())),
        }
    }
}

/// A text in Chinese and English, shown side by side.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text {
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
}

impl Text {
    /// A bilingual text.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Text {
        Text {
            zh: zh.into(),
            en: en.into(),
        }
    }

    /// A name that stands for itself in both languages (an unknown kind, as read).
    pub(crate) fn same(s: &str) -> Text {
        Text {
            zh: s.to_owned(),
            en: s.to_owned(),
        }
    }

    /// Words of the data, not of qili (a tag, a title, an error as read), shown once.
    #[cfg_attr(not(feature = "report"), allow(dead_code))]
    pub(crate) fn once(s: impl Into<String>) -> Text {
        Text {
            zh: String::new(),
            en: s.into(),
        }
    }
}

/// A key of words with its arguments, worded by one table per language: each family of
/// output words (the pages' [`crate::html`] words, the audit's, the text reports') is an enum
/// of such keys whose [`Phrase::zh`] and [`Phrase::en`] are one `match` each, so a new word
/// is one variant and one entry in each table, and no control flow is written twice.
pub(crate) trait Phrase {
    /// The words in Chinese (the family's Chinese table).
    fn zh(&self) -> String;
    /// The words in English (the family's English table).
    fn en(&self) -> String;
    /// The words in `lang`.
    #[cfg_attr(not(feature = "report"), allow(dead_code))]
    fn get(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => self.zh(),
            Lang::En => self.en(),
        }
    }
    /// The words in both languages (for a page that shows both).
    fn text(&self) -> Text {
        Text {
            zh: self.zh(),
            en: self.en(),
        }
    }
}

impl From<Term> for Text {
    fn from(t: Term) -> Text {
        Text {
            zh: t.zh.to_owned(),
            en: t.en.to_owned(),
        }
    }
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

/// A term in both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Term {
    /// Chinese (simplified).
    pub zh: &'static str,
    /// English.
    pub en: &'static str,
}

impl Term {
    /// A term.
    pub const fn new(zh: &'static str, en: &'static str) -> Term {
        Term { zh, en }
    }

    /// The term in `lang`.
    pub const fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }
}

/// A label: 将 check, 杀 mate threat, 捉 chase, 兑 exchange offer, 献 offer, 拦 block,
/// 跟 follow, 闲 idle (CXA 28.1–28.9).
pub const fn label(l: Label) -> Term {
    match l {
        Label::Check => Term::new("将", "check"),
        Label::MateThreat => Term::new("杀", "mate threat"),
        Label::Chase => Term::new("捉", "chase"),
        Label::Exchange => Term::new("兑", "exchange offer"),
        Label::Offer => Term::new("献", "offer"),
        Label::Block => Term::new("拦", "block"),
        Label::Follow => Term::new("跟", "follow"),
        Label::Idle => Term::new("闲", "idle"),
    }
}

/// The short name of a chased piece's root (无根, 假根, 少根, 有根).
pub const fn root(r: Root) -> Term {
    match r {
        Root::Unprotected => Term::new("无根", "unprotected"),
        Root::FalseRoot => Term::new("假根", "false root"),
        Root::InsufficientRoot => Term::new("少根", "insufficient root"),
        Root::GainsDespiteRoot => Term::new("有根得子", "protected, still winnable"),
        Root::Protected => Term::new("有根", "protected"),
    }
}

/// A root with its reason: what `root` means, for evidence lines.
pub const fn root_reason(r: Root) -> Term {
    match r {
        Root::Unprotected => Term::new("无根", "unprotected"),
        Root::FalseRoot => Term::new(
            "假根：保护子不能合法反吃",
            "false root: its protector cannot legally recapture",
        ),
        Root::InsufficientRoot => Term::new(
            "少根：攻击子多于有效保护子",
            "insufficient root: more attackers than protectors",
        ),
        Root::GainsDespiteRoot => Term::new(
            "有根得子：有根，但交换后仍得子",
            "protected, but the exchange still wins material",
        ),
        Root::Protected => Term::new("有根", "protected"),
    }
}

/// Why a threat is not a chase.
pub const fn dismiss(r: DismissReason) -> Term {
    match r {
        DismissReason::NotNew => Term::new(
            "从捉到捉：走子前已存在",
            "the threat existed before the move",
        ),
        DismissReason::GeneralChase => Term::new("帅（将）单独叫吃", "the general alone threatens"),
        DismissReason::SoldierChase => Term::new("兵（卒）单独叫吃", "a soldier alone threatens"),
        DismissReason::MatedAfterCapture => {
            Term::new("吃子后立即被将死", "capturing gets the mover mated at once")
        }
        DismissReason::SameKindMutual => {
            Term::new("同兵种互相可吃", "two pieces of a kind attack each other")
        }
        DismissReason::SeveralAttackers => {
            Term::new("多子攻击有根子", "several pieces attack a protected piece")
        }
        DismissReason::GeneralAnswersCheck => {
            Term::new("将（帅）应将的走动", "the general's step answers a check")
        }
        DismissReason::RootAtLoss => Term::new(
            "根子捉子，完整交换不得子",
            "a root captures, and the complete exchange does not gain",
        ),
        DismissReason::SameKindPair => Term::new(
            "同类子可以互吃且有根，为兑",
            "a same-kind pair that can trade, the mover's piece protected: an exchange offer",
        ),
        DismissReason::LosesElsewhere => Term::new(
            "被牵子捉子：吃子后对方在别处得更多子力",
            "the capture lets the opponent win more elsewhere",
        ),
        DismissReason::DefensiveKeyPoint => Term::new(
            "占据防守要点解除对方杀势，附带捉士相（象）",
            "the move occupies a defensive key point that parries the opponent's mate: an incidental threat on an advisor or elephant",
        ),
    }
}

/// The name of a protector's status, without the pieces it names (真根, 暗根, 假根 …).
pub const fn protector_kind(s: &ProtectorStatus) -> Term {
    match s {
        ProtectorStatus::Real => Term::new("真根", "real root"),
        ProtectorStatus::Hidden => Term::new("暗根", "hidden root"),
        _ => Term::new("假根", "false root"),
    }
}

/// A protector's status with its reason and the pieces it names, in `lang`.
pub fn protector(s: &ProtectorStatus, lang: Lang) -> String {
    let list = |v: &[Square]| {
        let sep = match lang {
            Lang::Zh => "、",
            Lang::En => ", ",
        };
        v.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    match (lang, s) {
        (_, ProtectorStatus::Real) => protector_kind(s).get(lang).to_owned(),
        (Lang::Zh, ProtectorStatus::Hidden) => "暗根：在攻击子身后".into(),
        (Lang::En, ProtectorStatus::Hidden) => "hidden root behind the attacker".into(),
        (Lang::Zh, ProtectorStatus::Pinned { by }) => format!("假根：被{}牵制", list(by)),
        (Lang::En, ProtectorStatus::Pinned { by }) => {
            format!("false root: pinned by {}", list(by))
        }
        (Lang::Zh, ProtectorStatus::FacesGenerals) => "假根：反吃则将帅对面".into(),
        (Lang::En, ProtectorStatus::FacesGenerals) => {
            "false root: recapturing would face the generals".into()
        }
        (Lang::Zh, ProtectorStatus::ExposesGeneral { by }) => {
            format!("假根：反吃后己方将帅受{}攻击", list(by))
        }
        (Lang::En, ProtectorStatus::ExposesGeneral { by }) => {
            format!(
                "false root: recapturing exposes its general to {}",
                list(by)
            )
        }
        (Lang::Zh, ProtectorStatus::ScreenLost) => "假根：吃子后炮架消失".into(),
        (Lang::En, ProtectorStatus::ScreenLost) => {
            "false root: the capture removes the cannon's screen".into()
        }
        (Lang::Zh, ProtectorStatus::MustAnswerCheck { by }) => {
            format!("假根：吃子即由{}将军，反吃不能应将", list(by))
        }
        (Lang::En, ProtectorStatus::MustAnswerCheck { by }) => format!(
            "false root: the capture checks from {} and the recapture does not answer it",
            list(by)
        ),
        (Lang::Zh, ProtectorStatus::AllowsMate { line }) => {
            let moves: Vec<Square> = line.iter().map(|m| m.from).take(1).collect();
            format!(
                "假根：反吃即被将死（{}先将：{}）",
                list(&moves),
                line.iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        }
        (Lang::En, ProtectorStatus::AllowsMate { line }) => format!(
            "false root: the recapture allows mate: {}",
            line.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// A remark on a chase or a dismissed threat, in `lang`.
pub fn chase_note(n: &ChaseNote, lang: Lang) -> String {
    match (lang, n) {
        (Lang::Zh, ChaseNote::FewerChecksIsNew) => "走子前只能经更长的连续将军得子；更直接的威胁按新捉计（待定规则 `threat_needing_fewer_checks_is_new`，docs/rules.md §7）".into(),
        (Lang::En, ChaseNote::FewerChecksIsNew) => "before the move the target could be won only through a longer series of checks; the more immediate threat is counted as new (open choice `threat_needing_fewer_checks_is_new`, docs/rules.md §7)".into(),
        (Lang::Zh, ChaseNote::StoodWhileInCheck) => "走子前攻击已存在，但当时走子方被将军、不能吃子：不算新捉（待定规则 `attack_is_the_baseline`，docs/rules.md §7：以攻击本身为准）".into(),
        (Lang::En, ChaseNote::StoodWhileInCheck) => "the attack stood before the move, when the mover was in check and could not carry it out: not new (open choice `attack_is_the_baseline`, docs/rules.md §7: the baseline is the attack itself)".into(),
        (Lang::Zh, ChaseNote::StoodWhileHeld) => "走子前攻击已存在，但当时吃子的子被牵制、不能合法吃子：不算新捉（待定规则 `attack_is_the_baseline`，docs/rules.md §7：以攻击本身为准）".into(),
        (Lang::En, ChaseNote::StoodWhileHeld) => "the attack stood before the move, when the capturer was held (pinned) and could not legally carry it out: not new (open choice `attack_is_the_baseline`, docs/rules.md §7: the baseline is the attack itself)".into(),
        (Lang::Zh, ChaseNote::KeyPointNotDetected) => format!("可能适用 {}（占据防守要点、形成简明和棋）：未检测（待定规则 `key_point_plain_case_only`：只认简明情形，docs/rules.md §7）", Article::Cxa27_3),
        (Lang::En, ChaseNote::KeyPointNotDetected) => format!("{} (defensive key point making a plain draw) may apply: not detected (open choice `key_point_plain_case_only`: plain case only, docs/rules.md §7)", Article::Cxa27_3),
        (Lang::Zh, ChaseNote::KeyPointSideChasesElsewhere) => format!("不适用 {}：本方在同一循环中另有捉子，离开防守要点求胜，不是简明和棋，故按捉处理", Article::Cxa27_3Xize13),
        (Lang::En, ChaseNote::KeyPointSideChasesElsewhere) => format!("{} not applied: the side chases elsewhere in the cycle, playing for more than a plain draw, so the threat counts as a chase", Article::Cxa27_3Xize13),
        (Lang::Zh, ChaseNote::SafeCapturer { mated, safe }) => format!("用{mated}的子吃会被立即将死；用{safe}的子吃则安全，故捉成立（{}，{}：有一个安全的吃子者即可）", Article::Cxa29_4, Article::CxaXize7.local()),
        (Lang::En, ChaseNote::SafeCapturer { mated, safe }) => format!("capturing with {mated} gets the mover mated; capturing with {safe} is safe, so the chase stands ({}: one safe capturer is enough)", Article::Cxa29_4Xize7),
        (Lang::Zh, ChaseNote::WinMadeReal { before: NotWonBefore::Mated { checker } }) => format!("走子前已有此攻击，但当时吃子即被对方将死（{checker}先将）；走子后吃子安全，能够得子，按新捉处理（{}，{}）", Article::Cxa29_2WinMadeReal.local(), Article::Cxa29_4Xize7.local()),
        (Lang::En, ChaseNote::WinMadeReal { before: NotWonBefore::Mated { checker } }) => format!("the attack stood before the move, but the capture was then answered by mate (first check from {checker}); after the move it is safe and wins: a new chase ({}; {})", Article::Cxa29_2WinMadeReal, Article::Cxa29_4Xize7),
        (Lang::Zh, ChaseNote::WinMadeReal { before: NotWonBefore::Rooted { protector } }) => format!("走子前已有此攻击，但当时目标有{protector}的真根，吃子不能得子；走子断根，能够得子，按新捉处理（{}，{}）", Article::Cxa29_2WinMadeReal.local(), Article::CxaXize3.local()),
        (Lang::En, ChaseNote::WinMadeReal { before: NotWonBefore::Rooted { protector } }) => format!("the attack stood before the move, but the target then had a real root on {protector} and the capture won nothing; the move cuts the root (断根) and the capture wins: a new chase ({}; {})", Article::Cxa29_2WinMadeReal, Article::CxaXize3),
        (Lang::Zh, ChaseNote::WinMadeReal { before: NotWonBefore::RootThroughChecks { protector } }) => format!("走子前已有此攻击，但当时目标有经连续照将反吃的根（{protector}的子将军后吃回吃子的子）；走子断此根，能够得子，按新捉处理（{}，{}）", Article::Cxa29_2WinMadeReal.local(), Article::Cxa28_16.local()),
        (Lang::En, ChaseNote::WinMadeReal { before: NotWonBefore::RootThroughChecks { protector } }) => format!("the attack stood before the move, but the target was then protected through checks (the piece on {protector} takes the capturer back after a series of checks); the move cuts that root and the capture wins: a new chase ({}; {})", Article::Cxa29_2WinMadeReal, Article::Cxa28_16),
        (Lang::Zh, ChaseNote::WinMadeReal { before: NotWonBefore::LostElsewhere { piece, by } }) => format!("走子前已有此攻击，但当时吃子后对方可用{by}的子吃掉{piece}的子，别处失子更多；走子后能够得子，按新捉处理（{}，{}）", Article::Cxa29_2WinMadeReal.local(), Article::CxaXize3.local()),
        (Lang::En, ChaseNote::WinMadeReal { before: NotWonBefore::LostElsewhere { piece, by } }) => format!("the attack stood before the move, but the capture then lost more elsewhere (the piece on {by} would win the mover's piece on {piece}); after the move the capture wins: a new chase ({}; {})", Article::Cxa29_2WinMadeReal, Article::CxaXize3),
        (Lang::Zh, ChaseNote::SecondPiece { second }) => format!("目标处的交换本身不得子，但去掉了{second}之子的保护，随即吃掉它：整个着法序列得子（{}，{}；{}）", Article::Cxa29_1, Article::CxaXize3.local(), Article::Cxa2020Fig4),
        (Lang::En, ChaseNote::SecondPiece { second }) => format!("the exchange on the target wins nothing by itself, but it takes away the guard of the piece on {second}, which is taken next: the whole sequence gains ({}, {}; {})", Article::Cxa29_1, Article::CxaXize3.local(), Article::Cxa2020Fig4),
    }
}

/// A side's conduct over a cycle (CXA 25.2, 28.10–28.15).
pub const fn conduct(k: ConductKind) -> Term {
    match k {
        ConductKind::PerpetualCheck => Term::new("长将", "perpetual check"),
        ConductKind::PerpetualMateThreat => Term::new("长杀", "perpetual mate threat"),
        ConductKind::PerpetualChase => Term::new("长捉", "perpetual chase"),
        ConductKind::CheckAndMateThreat => Term::new("一将一杀", "one check, one mate threat"),
        ConductKind::CheckAndChase => Term::new("一将一捉", "one check, one chase"),
        ConductKind::MateThreatAndChase => Term::new("一杀一捉", "one mate threat, one chase"),
        ConductKind::ChecksAndIdle => Term::new("数将一闲", "checks with an idle move"),
        ConductKind::MateThreatsAndIdle => Term::new("数杀一闲", "mate threats with an idle move"),
        ConductKind::ChasesAndIdle => Term::new("数捉一闲", "chases with an idle move"),
        ConductKind::PerpetualExchange => Term::new("长兑", "perpetual exchange offer"),
        ConductKind::PerpetualOffer => Term::new("长献", "perpetual offer"),
        ConductKind::PerpetualBlock => Term::new("长拦", "perpetual block"),
        ConductKind::PerpetualFollow => Term::new("长跟", "perpetual follow"),
        ConductKind::Idle => Term::new("闲着", "idle"),
    }
}

/// Whether a conduct is forbidden (禁止着法) or allowed (允许着法).
pub const fn forbidden(yes: bool) -> Term {
    if yes {
        Term::new("禁止着法", "forbidden")
    } else {
        Term::new("允许着法", "allowed")
    }
}

/// An outcome: 红胜, 黑胜, 和棋.
pub const fn outcome(o: Outcome) -> Term {
    match o {
        Outcome::RedWins => Term::new("红胜", "Red wins"),
        Outcome::BlackWins => Term::new("黑胜", "Black wins"),
        Outcome::Draw => Term::new("和棋", "draw"),
        Outcome::None => Term::new("无裁决", "no ruling"),
    }
}

/// A kind of audit finding, by its JSON name ([`crate::agreement::Finding::KINDS`]): the
/// short words of the audit's summary and pages. `None` for a name that is not a kind.
pub const fn finding_kind(kind: &str) -> Option<Term> {
    Some(match kind.as_bytes() {
        b"draw_should_be_loss" => {
            Term::new("记录和棋，应判负", "draw recorded, a side should lose")
        }
        b"wrong_side" => Term::new("判负方与记录相反", "the other side loses"),
        b"case_mismatch" => Term::new("案例预期不符", "ruling case mismatch"),
        b"win_over_draw_ruling" => {
            Term::new("循环判和，记录为胜", "cycle ruled a draw, record a win")
        }
        b"played_past_changed" => Term::new("生效后变着续弈", "played on, moves changed"),
        b"played_past_continued" => Term::new("生效后仍循环", "played on round the cycle"),
        b"played_past_loss" => Term::new("已判负仍续弈", "played on past a loss"),
        b"natural_limit" => Term::new("达到自然限着", "natural move limit reached"),
        b"adjudication_differs" => Term::new("引擎裁判判定不符", "engine adjudication differs"),
        _ => return None,
    })
}

/// A kind of ruling of the audit's summary, by its JSON name (`draw`, `red_loses`, …).
/// `None` for a name that is not a kind.
pub const fn ruling_kind(kind: &str) -> Option<Term> {
    Some(match kind.as_bytes() {
        b"draw" => Term::new("和棋", "draw"),
        b"red_loses" => Term::new("红方判负", "Red loses"),
        b"black_loses" => Term::new("黑方判负", "Black loses"),
        b"red_must_change" => Term::new("红方必须变着", "Red must change"),
        b"black_must_change" => Term::new("黑方必须变着", "Black must change"),
        _ => return None,
    })
}

/// A side: 红方, 黑方.
pub const fn side(c: Color) -> Term {
    match c {
        Color::Red => Term::new("红方", "Red"),
        Color::Black => Term::new("黑方", "Black"),
    }
}

/// A move notation, as the arbiter knows it.
pub const fn notation(n: Notation) -> Term {
    match n {
        Notation::Iccs => Term::new("ICCS坐标记法", "ICCS notation"),
        Notation::Wxf => Term::new("WXF记法", "WXF notation"),
        Notation::Chinese => Term::new("中文记法", "Chinese notation"),
        Notation::ChineseShort => Term::new("中文简记法", "Chinese abbreviated notation"),
        Notation::WinBoard => Term::new("WinBoard记法", "WinBoard notation"),
    }
}

/// What a move reader expected where it stopped reading a move as written (`None`: the
/// whole form of a coordinate move, `h2e2`).
pub const fn syntax_problem(kind: Option<SyntaxErrorKind>) -> Term {
    match kind {
        Some(SyntaxErrorKind::Empty) => Term::new("着法是空的", "the move is empty"),
        Some(SyntaxErrorKind::ExpectedPiece) => {
            Term::new("此处应为棋子名（车马炮…）", "expected a piece here")
        }
        Some(SyntaxErrorKind::ExpectedFile) => {
            Term::new("此处应为纵线数字", "expected a file number here")
        }
        Some(SyntaxErrorKind::ExpectedOrigin) => Term::new(
            "此处应为纵线数字或前、中、后",
            "expected a file number or a tandem mark (前/后, +/-) here",
        ),
        Some(SyntaxErrorKind::ExpectedDirection) => Term::new(
            "此处应为进、退或平",
            "expected a direction (进, 退, 平) here",
        ),
        Some(SyntaxErrorKind::ExpectedNumber) => {
            Term::new("此处应为数字", "expected a number here")
        }
        Some(SyntaxErrorKind::NumberOutOfRange) => {
            Term::new("数字超出范围", "a number out of range here")
        }
        Some(SyntaxErrorKind::TrailingText) => {
            Term::new("着法后有多余的字", "unexpected text after the move")
        }
        None => Term::new(
            "应为 h2e2 或 H2-E2 这样的坐标",
            "expected coordinates such as h2e2 or H2-E2",
        ),
    }
}

/// Why a move as written cannot be played, for an arbiter: the move, what is wrong with it
/// and where the record stopped (the position is only a detail, given apart).
pub fn move_problem(error: &MoveTextError, lang: Lang) -> String {
    match (error, lang) {
        (
            MoveTextError::Syntax {
                text,
                column,
                notation: n,
                kind,
                ..
            },
            _,
        ) => {
            let at = text.get(..*column).map_or(*column, |s| s.chars().count()) + 1;
            let how = n.map(|n| notation(n).get(lang));
            let problem = syntax_problem(*kind).get(lang);
            match (lang, how) {
                (Lang::Zh, Some(how)) => {
                    format!("看不懂着法“{text}”（按{how}读到第{at}个字：{problem}）")
                }
                (Lang::Zh, None) => format!("看不懂着法“{text}”（{problem}）"),
                (Lang::En, Some(how)) => {
                    format!("cannot read the move \"{text}\" ({how}, character {at}: {problem})")
                }
                (Lang::En, None) => format!("cannot read the move \"{text}\" ({problem})"),
            }
        }
        (MoveTextError::Illegal { text, .. }, Lang::Zh) => format!("着法“{text}”在此局面下不能走"),
        (MoveTextError::Illegal { text, .. }, Lang::En) => {
            format!("the move \"{text}\" cannot be played in this position")
        }
        (MoveTextError::Ambiguous { text, .. }, Lang::Zh) => {
            format!("着法“{text}”可指几步棋：请写明是哪个子（前、后或纵线）")
        }
        (MoveTextError::Ambiguous { text, .. }, Lang::En) => format!(
            "the move \"{text}\" fits more than one move: say which piece (front, rear or file)"
        ),
        (MoveTextError::WrongSide(w), lang) => wrong_side(w, lang),
    }
}

/// A move written as the other side's (a move skipped or written twice before it).
pub fn wrong_side(w: &WrongSide, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{}（之前是否漏记或重记了一着？）", w.chinese()),
        Lang::En => format!("{w} (a move missing or written twice before it?)"),
    }
}

/// What is wrong with a FEN.
pub fn fen_problem(kind: &FenErrorKind) -> Term {
    match kind {
        FenErrorKind::Empty => Term::new("FEN 是空的", "empty FEN"),
        FenErrorKind::RowCount(_) => Term::new("棋盘应有10行", "the placement needs 10 rows"),
        FenErrorKind::RowLength { .. } => {
            Term::new("这一行不是9个点", "a row does not describe 9 points")
        }
        FenErrorKind::UnknownLetter(_) => Term::new("不认识的棋子字母", "an unknown piece letter"),
        FenErrorKind::Turn(_) => Term::new(
            "走棋方应为 w（红）或 b（黑）",
            "the side to move must be w (Red) or b (Black)",
        ),
        FenErrorKind::Counter(_) => Term::new("计数不是数字", "a counter is not a number"),
    }
}

/// The box of the arbiter's page moves are typed in, as its errors name it.
pub const fn moves_box() -> Term {
    Term::new("着法", "moves")
}

/// The position a move was tried in, as the detail line after an input error.
pub const fn position_detail() -> Term {
    Term::new("局面", "position")
}

/// The character a board draws for a piece — one set for every board qili draws (the text
/// diagrams of the explanations, the SVG boards of the HTML pages, the arbiter's page):
/// the pieces' names, with Red's chariot and horse written 俥 傌 and Black's cannon 砲, so
/// that the two sides differ in shape as well as in colour (the usual sets of printed
/// boards).
///
/// ```
/// use qili_analyzer::terms::piece_glyph;
/// use qili_notation::{Color, Role};
/// assert_eq!(piece_glyph(Color::Red, Role::Chariot), "俥");
/// assert_eq!(piece_glyph(Color::Black, Role::Chariot), "车");
/// assert_eq!(piece_glyph(Color::Black, Role::Cannon), "砲");
/// assert_eq!(piece_glyph(Color::Red, Role::General), "帅");
/// ```
pub fn piece_glyph(color: Color, role: qili_notation::Role) -> &'static str {
    use qili_notation::Role;
    match (color, role) {
        (Color::Red, Role::Chariot) => "俥",
        (Color::Red, Role::Horse) => "傌",
        (Color::Black, Role::Cannon) => "砲",
        (c, r) => r.chinese(c),
    }
}

/// The river's words on a drawn board, as the pages write Chinese (simplified): 楚河, 汉界.
pub const RIVER: [&str; 2] = ["楚河", "汉界"];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Within one table, no two concepts share a phrasing in either language.
    fn distinct(terms: &[Term]) {
        let zh: HashSet<_> = terms.iter().map(|t| t.zh).collect();
        let en: HashSet<_> = terms.iter().map(|t| t.en).collect();
        assert_eq!(zh.len(), terms.len(), "{terms:?}");
        assert_eq!(en.len(), terms.len(), "{terms:?}");
        for t in terms {
            assert!(!t.zh.is_empty() && !t.en.is_empty(), "{t:?}");
            assert!(!t.zh.is_ascii(), "{t:?}: the Chinese term is in English");
        }
    }

    /// The variant names serde knows for `T` (a unit-variant enum): the list its error for
    /// an unknown name gives, so that a variant missing from an `ALL` fails a test.
    fn serde_names<T: serde::de::DeserializeOwned + std::fmt::Debug>() -> Vec<String> {
        let err = serde_json::from_str::<T>("\"-\"").unwrap_err().to_string();
        let expected = err
            .split("expected")
            .nth(1)
            .expect("serde lists the variants");
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect()
    }

    /// `all` lists every variant of `T`, once, in declaration order.
    fn complete<T: serde::Serialize + serde::de::DeserializeOwned + std::fmt::Debug>(all: &[T]) {
        let names: Vec<String> = all
            .iter()
            .map(|v| {
                serde_json::to_value(v)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(
            names,
            serde_names::<T>(),
            "ALL of {}",
            std::any::type_name::<T>()
        );
    }

    #[test]
    fn every_closed_set_is_complete() {
        complete(&Label::ALL);
        complete(&Root::ALL);
        complete(&DismissReason::ALL);
        complete(&ConductKind::ALL);
        complete(&Outcome::ALL);
    }

    /// The completeness check can fail: an `ALL` short of one variant does.
    #[test]
    #[should_panic(expected = "ALL of")]
    fn an_all_short_of_a_variant_fails() {
        complete(&Label::ALL[..Label::ALL.len() - 1]);
    }

    #[test]
    fn labels_are_the_rule_book_characters() {
        let terms: Vec<Term> = Label::ALL.iter().map(|&l| label(l)).collect();
        distinct(&terms);
        assert_eq!(label(Label::MateThreat).get(Lang::En), "mate threat");
    }

    #[test]
    fn conducts_are_distinct() {
        let terms: Vec<Term> = ConductKind::ALL.iter().map(|&k| conduct(k)).collect();
        distinct(&terms);
    }

    #[test]
    fn roots_and_reasons() {
        distinct(&Root::ALL.map(root));
        distinct(&Root::ALL.map(root_reason));
        for r in Root::ALL {
            // The reason starts with the short name: one phrasing, extended.
            assert!(root_reason(r).zh.starts_with(root(r).zh), "{r:?}");
        }
        distinct(&DismissReason::ALL.map(dismiss));
    }

    #[test]
    fn protector_statuses_name_their_pieces() {
        let sq: Square = "e7".parse().unwrap();
        let pinned = ProtectorStatus::Pinned { by: vec![sq] };
        assert_eq!(protector(&pinned, Lang::Zh), "假根：被e7牵制");
        assert_eq!(protector(&pinned, Lang::En), "false root: pinned by e7");
        assert_eq!(protector(&ProtectorStatus::Real, Lang::Zh), "真根");
        let all = [
            ProtectorStatus::Real,
            ProtectorStatus::Hidden,
            pinned.clone(),
            ProtectorStatus::FacesGenerals,
            ProtectorStatus::ExposesGeneral { by: vec![sq] },
            ProtectorStatus::ScreenLost,
            ProtectorStatus::MustAnswerCheck { by: vec![sq] },
            ProtectorStatus::AllowsMate { line: Vec::new() },
        ];
        for lang in [Lang::Zh, Lang::En] {
            let texts: HashSet<String> = all.iter().map(|s| protector(s, lang)).collect();
            assert_eq!(texts.len(), all.len(), "{lang:?}");
            for s in &all {
                // Every status text begins with its kind: 假根 / false root, 真根, 暗根.
                assert!(
                    protector(s, lang).starts_with(protector_kind(s).get(lang)),
                    "{s:?}"
                );
            }
        }
    }

    #[test]
    fn chase_notes_have_both_languages() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let all = [
            ChaseNote::FewerChecksIsNew,
            ChaseNote::StoodWhileInCheck,
            ChaseNote::StoodWhileHeld,
            ChaseNote::KeyPointNotDetected,
            ChaseNote::SafeCapturer {
                mated: sq("e7"),
                safe: sq("c5"),
            },
            ChaseNote::WinMadeReal {
                before: NotWonBefore::Mated { checker: sq("e7") },
            },
            ChaseNote::WinMadeReal {
                before: NotWonBefore::Rooted {
                    protector: sq("c5"),
                },
            },
            ChaseNote::WinMadeReal {
                before: NotWonBefore::RootThroughChecks {
                    protector: sq("c5"),
                },
            },
            ChaseNote::WinMadeReal {
                before: NotWonBefore::LostElsewhere {
                    piece: sq("e7"),
                    by: sq("c5"),
                },
            },
            ChaseNote::SecondPiece { second: sq("e7") },
            ChaseNote::KeyPointSideChasesElsewhere,
        ];
        for lang in [Lang::Zh, Lang::En] {
            let texts: HashSet<String> = all.iter().map(|n| chase_note(n, lang)).collect();
            assert_eq!(texts.len(), all.len(), "{lang:?}");
        }
        for n in &all {
            let zh = chase_note(n, Lang::Zh);
            // Chinese, apart from option names, article codes, the rules file and squares.
            let mut rest: String = zh.split('`').step_by(2).collect();
            for code in ["CXA", "docs/rules.md", "e7", "c5"] {
                rest = rest.replace(code, "");
            }
            let letters = rest.chars().filter(char::is_ascii_alphabetic).count();
            assert_eq!(letters, 0, "English words in the Chinese note: {zh}");
            assert!(!zh.is_ascii());
        }
        let safe = chase_note(&all[4], Lang::Zh);
        assert!(safe.contains("e7") && safe.contains("c5"), "{safe}");
    }

    #[test]
    fn outcomes_sides_and_forbidden() {
        distinct(&Outcome::ALL.map(outcome));
        assert_eq!(side(Color::Black).zh, "黑方");
        assert_eq!(forbidden(true).zh, "禁止着法");
        assert_eq!(forbidden(false).en, "allowed");
    }

    /// An unknown language is handed back, quoted in the message the CLI prints.
    #[test]
    fn unknown_language_is_handed_back() {
        assert_eq!("ZH-CN".parse::<Lang>(), Ok(Lang::Zh));
        let e = "xx".parse::<Lang>().unwrap_err();
        assert_eq!(e, ParseLangError("xx".into()));
        assert_eq!(e.to_string(), "unknown language \"xx\": expected zh or en");
    }
}
