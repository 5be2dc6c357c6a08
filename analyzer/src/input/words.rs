//! The words of reading: an input error as an arbiter reads it, a reader's warning and (with
//! the `report` feature) a kind of failure of the audit, as typed keys ([`InputWord`])
//! worded by one table per language ([`zh`], [`en`]: one `match` each). The English of an
//! error other than a move's is also its [`Display`](std::fmt::Display) (one line, for
//! logs), so the English is written once.

use qili_notation::chinese::NumeralVerdict;
use qili_notation::{Color, MoveTextError};

#[cfg(feature = "report")]
use super::files::FailureKind;
use super::line::{InputError, InputWarning};
use crate::terms::{self, Lang, Phrase};

/// A word of reading, with its arguments.
#[derive(Debug, Clone, Copy)]
pub(crate) enum InputWord<'a> {
    /// An input error, as an arbiter reads it (a move's with its position on a detail line).
    Error(&'a InputError),
    /// A reader's warning.
    Warning(&'a InputWarning),
    /// A kind of failure of the audit (`illegal_move`: 着法不合规则, illegal move).
    #[cfg(feature = "report")]
    Failure(FailureKind),
}

impl Phrase for InputWord<'_> {
    fn zh(&self) -> String {
        zh(self)
    }
    fn en(&self) -> String {
        en(self)
    }
}

/// The Chinese words of reading.
pub(crate) fn zh(w: &InputWord<'_>) -> String {
    match *w {
        InputWord::Error(e) => match e {
            InputError::Move {
                place,
                move_number,
                ply,
                column,
                error,
                fen,
            } => {
                let at = match *column {
                    0 => String::new(),
                    c => format!("，第{c}个字"),
                };
                let (mover, problem, detail) = move_words(error, fen, Lang::Zh);
                format!(
                    "{place}：第{move_number}回合（第{ply}步{at}），{mover}走：{problem}\n  {detail}：{fen}"
                )
            }
            InputError::WrongSide { place, error } => {
                format!("{place}：{}", terms::wrong_side(error, Lang::Zh))
            }
            InputError::Empty { place } => {
                format!("{place}：没有输入：应为 FEN 或 UCCI 的 position 行")
            }
            InputError::Fen { place, error } => format!(
                "{place}：FEN 第{}个字有误：{}",
                error.column + 1,
                terms::fen_problem(&error.kind).zh
            ),
            InputError::Position { place, error } => format!("{place}：局面不合规则：{error}"),
            InputError::Strict { place, error } => format!("{place}：{error}（--strict 不接受）"),
            InputError::Ucci {
                place,
                line,
                message,
            } => format!("{place}：第{line}行（UCCI）：{message}"),
            InputError::Io { file, message } => format!("{file}：无法读取：{message}"),
            InputError::Record(message) => message.clone(),
            InputError::NoSuchGame { file, game, count } => {
                format!("{file}：要第{game}局，文件只有{count}局")
            }
        },
        InputWord::Warning(w) => match w {
            InputWarning::Misplaced { place, misplaced } => {
                format!(
                    "{place}：{}（按图读入；--strict 则拒绝）",
                    misplaced.chinese()
                )
            }
            InputWarning::OneStyle { place, style } => {
                format!("{place}：{}", NumeralVerdict::OneStyle(*style).chinese())
            }
            InputWarning::Record { place, message } => format!("{place}: {message}"),
        },
        #[cfg(feature = "report")]
        InputWord::Failure(kind) => failure_zh(kind).to_owned(),
    }
}

/// The English words of reading.
pub(crate) fn en(w: &InputWord<'_>) -> String {
    match *w {
        InputWord::Error(e) => match e {
            InputError::Move {
                place,
                move_number,
                ply,
                column,
                error,
                fen,
            } => {
                let at = match *column {
                    0 => String::new(),
                    c => format!(", character {c}"),
                };
                let (mover, problem, detail) = move_words(error, fen, Lang::En);
                format!(
                    "{place}: move {move_number} (ply {ply}{at}), {mover} to move: {problem}\n  {detail}: {fen}"
                )
            }
            InputError::WrongSide { place, error } => {
                format!("{place}: {}", terms::wrong_side(error, Lang::En))
            }
            InputError::Empty { place } => {
                format!("{place}: empty input: expected a FEN or a UCCI `position` line")
            }
            InputError::Fen { place, error } => format!("{place}: {error}"),
            InputError::Position { place, error } => format!("{place}: {error}"),
            InputError::Strict { place, error } => {
                format!("{place}: {error} (refused by --strict)")
            }
            InputError::Ucci {
                place,
                line,
                message,
            } => format!("{place}: line {line}: {message}"),
            InputError::Io { file, message } => format!("{file}: {message}"),
            InputError::Record(message) => message.clone(),
            InputError::NoSuchGame { file, game, count } => {
                format!("{file}: game {game} asked for, the file holds {count}")
            }
        },
        InputWord::Warning(w) => match w {
            InputWarning::Misplaced { place, misplaced } => {
                format!("{place}: {misplaced} (read as drawn; --strict refuses it)")
            }
            InputWarning::OneStyle { place, style } => {
                format!("{place}: {}", NumeralVerdict::OneStyle(*style))
            }
            InputWarning::Record { place, message } => format!("{place}: {message}"),
        },
        #[cfg(feature = "report")]
        InputWord::Failure(kind) => failure_en(kind).to_owned(),
    }
}

/// A move error's words in `lang`: the side to move, what is wrong, the detail's heading.
fn move_words(
    error: &MoveTextError,
    fen: &str,
    lang: Lang,
) -> (&'static str, String, &'static str) {
    (
        terms::side(fen_turn(fen)).get(lang),
        terms::move_problem(error, lang),
        terms::position_detail().get(lang),
    )
}

/// The side to move of a FEN written by qili.
fn fen_turn(fen: &str) -> Color {
    match fen.split_ascii_whitespace().nth(1) {
        Some("b") => Color::Black,
        _ => Color::Red,
    }
}

/// A kind of failure in Chinese.
#[cfg(feature = "report")]
fn failure_zh(kind: FailureKind) -> &'static str {
    match kind {
        FailureKind::Io => "读取出错",
        FailureKind::UnknownFormat => "格式不明",
        FailureKind::Malformed => "文件损坏",
        FailureKind::Encoding => "编码无法识别",
        FailureKind::Syntax => "记录语法有误",
        FailureKind::Limit => "超出读取限制",
        FailureKind::Fen => "FEN 无法读取",
        FailureKind::Position => "局面不合规则",
        FailureKind::Truncated => "文件不完整",
        FailureKind::Format => "记录数值有误",
        FailureKind::UnknownMove => "着法无法识别",
        FailureKind::IllegalMove => "着法不合规则",
        FailureKind::AmbiguousMove => "着法有歧义",
        FailureKind::WrongSide => "着法属另一方（漏着或多着）",
        FailureKind::Internal => "qili 内部错误",
        FailureKind::NoGame => "文件中无对局",
        FailureKind::TooLarge => "文件过大",
        FailureKind::Path => "路径无法读取",
        FailureKind::NotAFile => "非普通文件",
        FailureKind::SymlinkLoop => "符号链接成环",
        FailureKind::Duplicate => "重复路径",
        FailureKind::NotARecord => "非棋谱文件",
        // Not yet worded in Chinese: its name stands for itself (as in the JSON).
        FailureKind::Changed => "changed",
    }
}

/// A kind of failure in English.
#[cfg(feature = "report")]
fn failure_en(kind: FailureKind) -> &'static str {
    match kind {
        FailureKind::Io => "read error",
        FailureKind::UnknownFormat => "unknown format",
        FailureKind::Malformed => "broken file",
        FailureKind::Encoding => "undecodable text",
        FailureKind::Syntax => "broken record syntax",
        FailureKind::Limit => "beyond a reading limit",
        FailureKind::Fen => "unreadable FEN",
        FailureKind::Position => "illegal position",
        FailureKind::Truncated => "truncated file",
        FailureKind::Format => "impossible value",
        FailureKind::UnknownMove => "unreadable move",
        FailureKind::IllegalMove => "illegal move",
        FailureKind::AmbiguousMove => "ambiguous move",
        FailureKind::WrongSide => "the other side's move",
        FailureKind::Internal => "internal error of qili",
        FailureKind::NoGame => "no game in the file",
        FailureKind::TooLarge => "file too large",
        FailureKind::Path => "unreadable path",
        FailureKind::NotAFile => "not a regular file",
        FailureKind::SymlinkLoop => "symbolic link loop",
        FailureKind::Duplicate => "duplicate path",
        FailureKind::NotARecord => "not a game record",
        FailureKind::Changed => "changed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_errors_english_is_its_display_but_a_moves() {
        let errors = [
            InputError::Empty {
                place: "--fen".into(),
            },
            InputError::Io {
                file: "a.pgn".into(),
                message: "gone".into(),
            },
            InputError::NoSuchGame {
                file: "a.pgn".into(),
                game: 3,
                count: 2,
            },
            InputError::Record("a.pgn: byte 4: cut".into()),
        ];
        for e in &errors {
            assert_eq!(e.text(Lang::En), e.to_string());
        }
        // A record's message is the reader's, in English.
        for e in &errors[..3] {
            assert_ne!(e.text(Lang::Zh), e.text(Lang::En), "{e}");
        }
        assert_eq!(
            errors[2].text(Lang::Zh),
            "a.pgn：要第3局，文件只有2局",
            "the Chinese table words it"
        );
    }

    #[cfg(feature = "report")]
    #[test]
    fn every_kind_of_failure_is_worded_in_both_languages() {
        for k in FailureKind::ALL {
            let (zh, en) = (InputWord::Failure(k).zh(), InputWord::Failure(k).en());
            assert!(!zh.is_empty() && !en.is_empty(), "{k:?}");
            assert_eq!(FailureKind::text_of(k.as_str()).en, en);
        }
        assert_eq!(FailureKind::text_of("illegal_move").zh, "着法不合规则");
        assert_eq!(FailureKind::text_of("no_such_kind").zh, "no_such_kind");
    }
}
