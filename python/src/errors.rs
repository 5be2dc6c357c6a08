//! The exceptions: one base class (`QiliError`, a `ValueError`) and one subclass per kind of
//! input problem. Every instance carries the message the command line prints and the place
//! as attributes: `place`, `move_number`, `ply`, `column`, `fen`, `file`, `game` (`None`
//! where not known).

use pyo3::create_exception;
use pyo3::prelude::*;

use qili_analyzer::InputError;

create_exception!(
    qili,
    QiliError,
    pyo3::exceptions::PyValueError,
    "An input qili cannot read: the message names the place, and so do the attributes \
     `place`, `move_number`, `ply`, `column`, `fen`, `file` and `game` (None where unknown)."
);
create_exception!(
    qili,
    FenError,
    QiliError,
    "A FEN that cannot be read or played (`column` is the 0-based byte of the problem)."
);
create_exception!(
    qili,
    MoveError,
    QiliError,
    "A move that cannot be read or played: `move_number`, `ply` (1-based), `column` \
     (1-based, in the move text as given) and `fen` (the position it was tried in)."
);

/// Where an error happened, as attributes of the exception.
#[derive(Default)]
pub(crate) struct Place {
    pub place: Option<String>,
    pub move_number: Option<u32>,
    pub ply: Option<usize>,
    pub column: Option<usize>,
    pub fen: Option<String>,
    pub file: Option<String>,
    pub game: Option<usize>,
}

/// The kinds of exception (`Read`: a file or record, `QiliError` itself; the readers of
/// this module hand their problems over as values).
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    Fen,
    Move,
    Read,
}

/// An exception of `kind` with `message` and the attributes of `place`.
pub(crate) fn raise(py: Python<'_>, kind: Kind, message: String, place: Place) -> PyErr {
    let err = match kind {
        Kind::Fen => FenError::new_err(message),
        Kind::Move => MoveError::new_err(message),
        Kind::Read => QiliError::new_err(message),
    };
    let value = err.value(py);
    // Setting an attribute on a fresh exception instance does not fail; were it to, the
    // exception is still raised with its message.
    let _ = value.setattr("place", place.place);
    let _ = value.setattr("move_number", place.move_number);
    let _ = value.setattr("ply", place.ply);
    let _ = value.setattr("column", place.column);
    let _ = value.setattr("fen", place.fen);
    let _ = value.setattr("file", place.file);
    let _ = value.setattr("game", place.game);
    err
}

/// The exception of an input error: the message of the command line, the place as
/// attributes.
pub(crate) fn input_error(py: Python<'_>, e: InputError) -> PyErr {
    let message = e.to_string();
    let (kind, place) = match e {
        InputError::Empty { place } => (
            Kind::Fen,
            Place {
                place: Some(place),
                ..Place::default()
            },
        ),
        InputError::Fen { place, error } => (
            Kind::Fen,
            Place {
                place: Some(place),
                column: Some(error.column),
                ..Place::default()
            },
        ),
        InputError::Position { place, .. } | InputError::Strict { place, .. } => (
            Kind::Fen,
            Place {
                place: Some(place),
                ..Place::default()
            },
        ),
        InputError::Ucci { place, .. } => (
            Kind::Read,
            Place {
                file: Some(place.clone()),
                place: Some(place),
                ..Place::default()
            },
        ),
        InputError::Move {
            place,
            move_number,
            ply,
            column,
            fen,
            ..
        } => (
            Kind::Move,
            Place {
                place: Some(place),
                move_number: Some(move_number),
                ply: Some(ply),
                column: Some(column),
                fen: Some(fen),
                ..Place::default()
            },
        ),
        InputError::WrongSide { place, error } => (
            Kind::Move,
            Place {
                place: Some(place),
                move_number: Some(error.move_number),
                ply: Some(error.ply),
                ..Place::default()
            },
        ),
        InputError::Io { file, .. } => (
            Kind::Read,
            Place {
                place: Some(file.clone()),
                file: Some(file),
                ..Place::default()
            },
        ),
        InputError::Record(_) => (Kind::Read, Place::default()),
        InputError::NoSuchGame { file, game, .. } => (
            Kind::Read,
            Place {
                place: Some(file.clone()),
                file: Some(file),
                game: Some(game),
                ..Place::default()
            },
        ),
    };
    raise(py, kind, message, place)
}
