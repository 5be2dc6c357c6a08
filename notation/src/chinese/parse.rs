//! nom grammars of the Chinese full and abbreviated notations (private).

use nom::combinator::opt;

use super::glyphs::{self, Digits};
use super::Chinese;
use crate::abbreviated::Abbreviated;
use crate::descriptive::{one, Direction, Origin, PErr, PResult, SyntaxErrorKind as K, Tandem};
use crate::{Color, Role};

/// A failure that stops every alternative.
fn fail<T>(rest: &str, kind: K) -> PResult<'_, T> {
    Err(nom::Err::Failure(PErr { rest, kind }))
}

/// An error that lets an alternative be tried.
fn error<T>(rest: &str, kind: K) -> PResult<'_, T> {
    Err(nom::Err::Error(PErr { rest, kind }))
}

fn piece(i: &str) -> PResult<'_, (Role, Option<Color>)> {
    one(K::ExpectedPiece, glyphs::piece)(i)
}

/// A numeral 1–9; `kind` when there is none.
fn number(kind: K) -> impl Fn(&str) -> PResult<'_, (u8, Digits)> {
    move |i| {
        let (rest, (n, d)) = one(kind, glyphs::numeral)(i)?;
        if n == 0 {
            return fail(i, K::NumberOutOfRange);
        }
        Ok((rest, (n, d)))
    }
}

fn direction(i: &str) -> PResult<'_, Direction> {
    one(K::ExpectedDirection, glyphs::direction)(i)
}

/// 前 中 后, or an index 一…五 / 1…5.
fn place(i: &str) -> PResult<'_, Tandem> {
    if let Ok(r) = one(K::ExpectedOrigin, glyphs::place)(i) {
        return Ok(r);
    }
    let (rest, (n, _)) = one(K::ExpectedOrigin, glyphs::numeral)(i)?;
    if !(1..=5).contains(&n) {
        return fail(i, K::NumberOutOfRange);
    }
    Ok((rest, Tandem::Nth(n)))
}

/// The colour named by the piece glyph, else by the kind of digits.
fn color_of(glyph: Option<Color>, digits: Digits) -> Color {
    glyph.unwrap_or(match digits {
        Digits::Chinese => Color::Red,
        Digits::Arabic => Color::Black,
    })
}

/// Full notation: `炮二平五`, `马8进7`, `前炮平五`, `前兵四平五`, `一兵平五`, `前九平八`, `二7平6`.
pub(crate) fn full(i: &str) -> PResult<'_, Chinese> {
    full_numerals(i).map(|(rest, (c, _))| (rest, c))
}

/// [`full`], with how the move's file and final number are written (the place index of
/// a tandem, 一…五, is not a file and is left out): `None` when they are not of one kind.
pub(crate) fn full_numerals(i: &str) -> PResult<'_, (Chinese, Option<Digits>)> {
    let (role, glyph, origin, file_digits, rest) = match piece(i) {
        Ok((rest, (role, glyph))) => {
            let (rest, (file, d)) = number(K::ExpectedFile)(rest)?;
            (role, glyph, Origin::File(file), Some(d), rest)
        }
        Err(nom::Err::Error(e1)) => {
            let (rest, place) = match place(i) {
                Err(nom::Err::Error(_)) => return error(e1.rest, K::ExpectedPiece),
                r => r?,
            };
            let (rest, p) = opt(piece)(rest)?;
            let (rest, file) = opt(number(K::ExpectedFile))(rest)?;
            let (role, glyph) = match p {
                Some(p) => p,
                // 前九平八: the piece is left out for soldiers, the file must be there.
                None if file.is_some() => (Role::Soldier, None),
                None => return fail(rest, K::ExpectedPiece),
            };
            (
                role,
                glyph,
                Origin::Tandem {
                    place,
                    file: file.map(|f| f.0),
                },
                file.map(|f| f.1),
                rest,
            )
        }
        Err(e) => return Err(e),
    };
    let (rest, direction) = direction(rest)?;
    let (rest, (number, digits)) = number(K::ExpectedNumber)(rest)?;
    let style = match file_digits {
        Some(d) if d != digits => None,
        _ => Some(digits),
    };
    Ok((
        rest,
        (
            Chinese {
                color: color_of(glyph, digits),
                role,
                origin,
                direction,
                number,
            },
            style,
        ),
    ))
}

/// The plain form of the full notation, piece, file, direction, number (`炮二平五`,
/// `马8进7`), read without the grammar: what [`full`] reads for exactly these four
/// characters, or `None` for anything else.
pub(crate) fn plain(i: &str) -> Option<Chinese> {
    let mut chars = i.chars();
    let (role, glyph) = glyphs::glyph(chars.next()?).piece?;
    let (file, _) = glyphs::glyph(chars.next()?).numeral?;
    let direction = glyphs::glyph(chars.next()?).direction?;
    let (number, digits) = glyphs::glyph(chars.next()?).numeral?;
    if file == 0 || number == 0 || chars.next().is_some() {
        return None;
    }
    Some(Chinese {
        color: color_of(glyph, digits),
        role,
        origin: Origin::File(file),
        direction,
        number,
    })
}

/// Abbreviated notation: `炮25`, `马87`, `前炮5`, `前兵45`, and with a direction word when
/// the bare form is ambiguous: `车1进2`.
pub(crate) fn abbreviated(i: &str) -> PResult<'_, Abbreviated> {
    let (rest, place) = opt(place)(i)?;
    let (rest, (role, glyph)) = match (piece(rest), place) {
        (Err(nom::Err::Error(_)), None) => return error(i, K::ExpectedPiece),
        (r, _) => r?,
    };
    let (rest, first) = opt(number(K::ExpectedFile))(rest)?;
    let (rest, d) = opt(direction)(rest)?;
    let (rest, second) = if d.is_some() {
        number(K::ExpectedNumber)(rest).map(|(r, n)| (r, Some(n)))?
    } else {
        opt(number(K::ExpectedNumber))(rest)?
    };
    let (file, (number, digits)) = match (first, second) {
        (Some(f), Some(n)) => (Some(f.0), n),
        (Some(n), None) if place.is_some() => (None, n),
        (None, Some(n)) if place.is_some() => (None, n),
        (None, _) => return error(rest, K::ExpectedFile),
        (Some(_), None) => return error(rest, K::ExpectedNumber),
    };
    let origin = match (place, file) {
        (Some(place), file) => Origin::Tandem { place, file },
        (None, Some(f)) => Origin::File(f),
        (None, None) => return error(rest, K::ExpectedFile),
    };
    Ok((
        rest,
        Abbreviated {
            color: color_of(glyph, digits),
            role,
            origin,
            direction: d,
            number,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::descriptive::run;
    use crate::Notation;

    /// `plain` reads what the grammar reads, and nothing the grammar refuses.
    #[test]
    fn plain_agrees_with_the_grammar() {
        let alphabet: Vec<char> = "炮馬兵將卒前后一九〇5８0进退平上x ".chars().collect();
        let n = alphabet.len();
        for len in 3..=5u32 {
            for code in 0..n.pow(len) {
                let mut c = code;
                let s: String = (0..len)
                    .map(|_| {
                        let ch = alphabet[c % n];
                        c /= n;
                        ch
                    })
                    .collect();
                if let Some(p) = plain(&s) {
                    assert_eq!(run(Notation::Chinese, &s, full), Ok(p), "{s}");
                }
            }
        }
        assert!(plain("炮二平五").is_some());
        assert!(plain("馬８進７").is_some());
        assert!(plain("前炮平五").is_none());
    }
}
