//! The boundary between the generic commands and the rulesets, one file per thing it holds:
//!
//! - [`registry`]: a ruleset's declarations ([`Meta`]), the [`Ruleset`] handle, loading its
//!   data, naming it, its files' JSON Schemas; [`loader`]: a ruleset's `Meta::load`;
//! - [`engine`]: the [`Engine`] trait, what every loaded ruleset answers, and its optional
//!   capabilities, each a trait: [`sheets`], [`editor`], [`lists`], [`cards`], `game`'s
//!   [`Games`], and in [`engine`] careers and scoring;
//! - [`list_check`]: a list as checked ([`ListCheck`], [`UnitRow`]) and the shared list checks;
//!   [`list_rules`]: a rule of a list declared, and the span its diagnostic points at;
//! - [`new_list`], [`offers`], [`unit_edit`]: making a list, what it may take, adding and
//!   changing a unit; [`choice`]: a value a field may take, with its name;
//! - [`printed`]: labels, counts in words, diagnostics as documents print them, JSON values;
//! - [`procedure`]: previews declared as data, and [`naming`]: units named from lists and
//!   games; [`duel`] and [`matchup`]: one unit against another, and every pair of two lists;
//! - [`game`]: game files; [`list_doc`]: editing a list's TOML in place; [`record`] and
//!   [`priced`]: the record of what each unit of a list was priced with, and what changed in
//!   the data since;
//! - [`sheet_form`]: the sheet editor's form from a sheet type's JSON Schema, and a draft
//!   sheet read as the player's; [`typed_form`]: the form of a ruleset's sheet type;
//!   [`sheet_book`]: the sheets a ruleset reads in layers
//!   (`units.toml`, `units/*.toml`), shown, copied, found and drafted the same way;
//! - [`views_common`]: the shapes the rulesets' views share (a row of a name and a value).
//!
//! The files here speak through two: [`engine`] (the trait) and [`registry`] (a ruleset's
//! declarations), which in turn name the types of the others. That is one circle of imports,
//! and it takes in each file the two name that leads back to them: `cards`, `duel`, `editor`,
//! `game`'s `games`, `state`, `preview` and `score`, `list_check`, `lists`, `new_list`,
//! `printed`, `procedure` and `sheet_form` (not `choice`, `list_doc`, `offers`, `priced`,
//! `pricing`, `record`, `sheets`, `unit_edit` nor `game`'s `file` and `rules`, whose check
//! against the procedures is the registry's, which lead back to neither, nor `matchup`,
//! `naming` nor `game`'s other files, which neither names);
//! `tests/cli/architecture.rs` holds it to these files. Apart from those two, the files
//! depend one way (no circle of imports: `naming` reads games and lists, `game` uses
//! `procedure`, never back), and none of them uses a ruleset's module.

pub mod cards;
pub mod choice;
pub mod duel;
pub mod editor;
pub mod engine;
pub mod game;
pub mod list_check;
pub mod list_doc;
pub mod list_rules;
pub mod lists;
pub mod loader;
pub mod matchup;
pub mod naming;
pub mod new_list;
pub mod offers;
pub mod priced;
pub mod pricing;
pub mod printed;
pub mod procedure;
pub mod record;
pub mod registry;
pub mod sheet_book;
pub mod sheet_form;
pub mod sheets;
pub mod typed_form;
pub mod unit_edit;
pub mod views_common;

pub use cards::Cards;
pub use choice::Choice;
pub use duel::{Duel, DuelChoice, DuelDecl, DuelSide, DuelSituation};
pub use editor::Editor;
pub use engine::*;
pub use game::Games;
pub use list_check::*;
pub use lists::*;
pub use new_list::*;
pub use offers::*;
pub use printed::*;
pub use registry::*;
pub use sheet_form::{Draft, SheetForm};
pub use sheets::{Listing, SheetFilter, Sheets};
pub use unit_edit::*;
