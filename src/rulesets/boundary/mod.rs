//! The boundary between the generic commands and the rulesets, one file per thing it holds:
//!
//! - [`registry`]: a ruleset's declarations ([`Meta`]), the [`Ruleset`] handle, naming it,
//!   its files' JSON Schemas; [`procedure_decl`] and [`duel_decl`]: the procedures and duels
//!   a [`Meta`] declares, as plain data; [`loaded`]: loading its data behind its engine;
//!   [`loader`]: each ruleset's `load`, the same for every ruleset;
//! - [`engine`]: the [`Engine`] trait, what every loaded ruleset answers, [`Rules`] (an
//!   engine with its ruleset), and its optional capabilities, each a trait: [`sheets`],
//!   [`lists`], [`cards`], [`scoring`], `game`'s [`Games`], and in [`engine`] the editor and
//!   careers, whose types hold or take a loaded engine;
//! - [`list_check`]: a list as checked ([`ListCheck`], [`UnitRow`]) and the shared list checks;
//!   [`list_rules`]: a rule of a list declared, and the span its diagnostic points at;
//!   [`list_file`]: a list file read for a preview or a game; [`list_fields`]: a new list made
//!   from a ruleset's list fields, the army they describe in words;
//! - [`new_list`], [`offers`], [`unit_edit`]: making a list, what it may take, adding and
//!   changing a unit; [`choice`]: a value a field may take, with its name;
//! - [`printed`]: labels, counts in words, diagnostics as documents print them, JSON values;
//!   [`roster_of`]: what every roster is made from, and its head;
//! - [`procedure`]: previews requested and worked out, and [`naming`]: units named from lists
//!   and games; [`duel`] and [`matchup`]: one unit against another, and every pair of two
//!   lists;
//! - [`game`]: game files; [`list_doc`]: editing a list's TOML in place; [`record`] and
//!   [`priced`]: the record of what each unit of a list was priced with, and what changed in
//!   the data since;
//! - [`sheet_form`]: the sheet editor's form from a sheet type's JSON Schema, and a draft
//!   sheet read as the player's; [`typed_form`]: the form of a ruleset's sheet type;
//!   [`sheet_book`]: the sheets a ruleset reads in layers
//!   (`units.toml`, `units/*.toml`), shown, copied, found and drafted the same way;
//! - [`views_common`]: the shapes the rulesets' views share (a row of a name and a value),
//!   [`named_rows`]: such rows made from a table's items;
//!   [`card_view`]: the head every card begins with, a rule a card prints; [`trilingual`]: a
//!   label given in French, Spanish and English.
//!
//! The files depend one way, in three floors: the declarations a [`Meta`] holds under the
//! registry ([`Ruleset`], [`Meta`]); over it, what the engine's capabilities name (a checked
//! list holds its [`Ruleset`], a request its procedure's), under [`engine`]; over the engine,
//! what works with a loaded one ([`Rules`]: `loaded`, `list_fields`, `list_file`, `duel`,
//! `matchup`, `naming`, `sheet_book`, `game`'s `open`, `marks`, `preview` and `thresholds`).
//! `tests/cli/architecture.rs` holds every file of `src/` to no circle of imports. None of them
//! uses a ruleset's module.

pub mod card_view;
pub mod cards;
pub mod checking;
pub mod choice;
pub mod data_lint;
pub mod duel;
pub mod duel_decl;
pub mod engine;
pub mod game;
pub mod gun_duels;
pub mod list_check;
pub mod list_doc;
pub mod list_fields;
pub mod list_file;
pub mod list_rules;
pub mod list_shape;
pub mod lists;
pub mod loaded;
pub mod loader;
pub mod matchup;
pub mod named_rows;
pub mod naming;
pub mod new_list;
pub mod offers;
pub mod priced;
pub mod pricing;
pub mod printed;
pub mod procedure;
pub mod procedure_decl;
pub mod record;
pub mod registry;
pub mod roster_of;
pub mod scoring;
pub mod sheet_book;
pub mod sheet_form;
pub mod sheets;
pub mod trilingual;
pub mod typed_form;
pub mod unit_edit;
pub mod views_common;

pub use cards::Cards;
pub use checking::{check_list, check_list_priced, NO_LISTS};
pub use choice::Choice;
pub use duel::{Duel, DuelChoice, DuelDecl, DuelSide, DuelSituation};
pub use engine::*;
pub use game::Games;
pub use list_check::*;
pub use list_fields::*;
pub use lists::*;
pub use loaded::*;
pub use new_list::*;
pub use offers::*;
pub use printed::*;
pub use registry::*;
pub use scoring::*;
pub use sheet_form::SheetForm;
pub use sheets::{columns, Listing, SheetFilter, Sheets};
pub use unit_edit::*;
