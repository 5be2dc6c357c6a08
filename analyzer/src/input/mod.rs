//! Reading games. `line` — the core — reads the line to judge: a FEN and a move
//! list, a UCCI `position` line, a ruling case or one game of a record (see
//! [`read_fen_and_moves`], [`read_file`]). `files` — the reporting, under the `report`
//! feature — finds the files and folders to audit and reads every game in them.

#[cfg(feature = "report")]
pub(crate) mod files;
mod line;
mod words;

pub use line::{
    from_fen_and_moves, from_file, from_text, read_fen_and_moves, read_file, read_move_list,
    read_move_list_keeping, GameInput, InputError, InputWarning, ReadBefore, ReadOptions,
    UcciLineError, MAX_PLIES,
};
pub(crate) use line::{plain_move_list, read_played_line};
