//! The words of reading: an input error as an arbiter reads it and a reader's warning, as
//! typed keys ([`InputWord`]) worded by one table per language ([`zh`], [`en`]: one `match` each). The English of an
//! error other than a move's is also its [`Display`](std::fmt::Display) (one line, for
//! logs), so the English is written once.

use qili_notation::chinese::NumeralVerdict;
use qili_notation::{Color, MoveTextError};

use super::line::{InputError, InputWarning};
use crate::terms::{self, Lang, Phrase};

/// A word of reading, with its arguments.
#[derive(Debug, Clone, Copy)]
pub(crate) enum InputWord<'a> {
    /// An input error, as an arbiter reads it (a move's with its position on a detail line).
    Error(&'a InputError),
    /// A reader's warning.
    Warning(&'a InputWarning),
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
            InputError::Ucci { place, line, error } => {
                format!("{place}：第{line}行（UCCI）：{error}")
            }
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
            InputError::Ucci { place, line, error } => format!("{place}: line {line}: {error}"),
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
}
