//! The game companion: a game between two lists, played at the table and kept in a plain TOML
//! file (`games/NAME.toml`): each unit's losses and states, the side values a ruleset scores
//! (eighths of the table held, flags taken), the turn, and a log of every mark so that any of them
//! can be undone. What a ruleset tracks is declared in its data (`unit-sheets/<id>/game.toml`,
//! [`GameRules`]): its states with their rules and what they do to the previews, its side
//! values, and how losses reach the previews where a count does not (a casualties parameter).
//!
//! The lists are only read, once: a game keeps both armies as they stood when it began
//! (`[army]`, each list's text whole, and each unit's cost in `[units]`), so that editing or
//! deleting a list, or a change of the data's prices, never changes a game under way; the
//! list files are named for reference only, and `game show` says when one has changed since.
//! A game file written before armies were kept follows its lists until its next mark, which
//! keeps them. A unit of a game is named `a3` (side a, its third unit) or by its label;
//! previews take it as `GAME:a3` with its figures left and its states.
//!
//! One file a concern, their items re-exported here: `rules` (what a ruleset declares),
//! `file` (the game file as written), `state` (a game as read, [`Game`]), `open` (reading and
//! validating a game file), `begin` (a new game), `marks` (marks, undo, an edit of a game's
//! text), `preview` (a game's units in previews), `score` (the losses, where a ruleset has no
//! victory rules), `thresholds` (the thresholds a unit's losses reach) and `played_in` (the
//! games a list is played in).

mod begin;
mod file;
mod games;
mod marks;
mod open;
mod played_in;
mod preview;
mod rules;
mod score;
mod state;
mod thresholds;

// The boundary's items the files here name through their parent (`super::Engine`,
// `super::procedure::…`).
use super::{list_doc, list_file, peek, procedure, record, ListCheck, Scored};

pub use begin::*;
pub use file::*;
pub use games::*;
pub use marks::*;
pub use open::*;
pub use played_in::*;
pub use preview::*;
pub use rules::*;
pub use score::*;
pub use state::*;
