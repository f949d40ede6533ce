//! The [`Engine`]: what a loaded ruleset offers the generic commands, and [`Rules`], an
//! engine with its ruleset; with them the capabilities whose types hold a loaded engine
//! ([`Editor`]: its [`Draft`] is one) or take one ([`Careers`]), so that the recursion of
//! types stays in one file; a list checked by its ruleset's [`Lists`]; a player's copy of a
//! sheet.

use toml_edit::DocumentMut;

use super::scoring::{Scored, Scoring};
use super::{procedure, Capabilities, Cards, Games, Lists, Ruleset, SheetForm, Sheets};
pub use crate::core::catalog::Replaced;
use crate::core::diagnostic::Diagnostic;
use crate::core::error::Error;
use crate::core::i18n::Lang;
pub use crate::core::names::{Candidate, NameKind};
use crate::core::source::{FileId, Sources};

/// What a loaded ruleset offers the generic commands: what every ruleset answers, and each
/// optional capability behind an accessor (`None`: the ruleset has none;
/// [`Ruleset::need`] says so in words).
pub trait Engine: Send + Sync {
    /// What was loaded, for `muster data check`: "32 sheets, 35 skills, …".
    fn summary(&self) -> String;

    /// The quick-reference sheet's context (as `q`).
    fn qrs(&self, lang: Lang, labels: &toml::Table) -> Result<serde_json::Value, Error>;

    /// What an argument of the command line may name ([`NameKind`]: a unit's sheet or entry,
    /// a skill, an option): each one's id and its names in every language of the ruleset
    /// ([`Naming::labels`]: its labels in each, for what only its words name). Those the
    /// [`Naming::list`] takes first, such as its army's entries, are of rank 0, the others of
    /// rank 1. Empty: the ruleset names no such thing, and arguments are taken as they are.
    fn names(&self, kind: NameKind, naming: &Naming) -> Vec<Candidate> {
        let _ = (kind, naming);
        Vec::new()
    }

    /// Works out a preview procedure (one of its `Meta::procedures`), its list units read
    /// (`naming::resolve_files`). A refusal (units that cannot play it, a value the rules
    /// forbid) is `Error::Usage` with the reason.
    fn preview(&self, request: &procedure::Request) -> Result<procedure::Preview, Error>;

    /// Its unit sheets (or entries, classes) to list and show.
    fn sheets(&self) -> Option<&dyn Sheets> {
        None
    }

    /// A player's own sheets: copied, edited in the sheet editor, read in layers.
    fn editor(&self) -> Option<&dyn Editor> {
        None
    }

    /// Army lists: checked, priced, made and edited, their rosters.
    fn lists(&self) -> Option<&dyn Lists> {
        None
    }

    /// Unit cards to print.
    fn cards(&self) -> Option<&dyn Cards> {
        None
    }

    /// Games of its army lists, followed by the game companion.
    fn games(&self) -> Option<&dyn Games> {
        None
    }

    /// A player's career across games (`muster career`).
    fn careers(&self) -> Option<&dyn Careers> {
        None
    }

    /// Finished battles to score (`muster score FILE`).
    fn scoring(&self) -> Option<&dyn Scoring> {
        None
    }
}

/// What an argument of the command line is named in ([`Engine::names`]).
#[derive(Clone, Copy)]
pub struct Naming<'a> {
    /// The ruleset's labels in each of its languages.
    pub labels: &'a [(Lang, toml::Table)],
    /// The document of the list the argument names a unit of, if any.
    pub list: Option<&'a DocumentMut>,
}

/// An engine's accessors to the capabilities it has, each answering with the engine itself,
/// written in its `impl Engine` as `capabilities!(sheets: Sheets, lists: Lists);`: each
/// accessor of [`Engine`] with its trait (in scope where it is written).
macro_rules! capabilities {
    ($($accessor:ident: $capability:ident),+ $(,)?) => {
        $(
            fn $accessor(&self) -> Option<&dyn $capability> {
                Some(self)
            }
        )+
    };
}
pub(crate) use capabilities;

/// A player's own sheets or entries: copied from the data, edited in the sheet editor, found
/// where the data's layers define them.
pub trait Editor {
    /// A copy of the sheet or entry `from` under the id `new_id`, for the player's own data
    /// folder (`muster sheets new NEW-ID --from ID`): where it goes in the ruleset's folder, and
    /// its TOML, in the data's key order, without a `source` (a player's sheet is theirs).
    fn copy_sheet(&self, from: &str, new_id: &str) -> Result<SheetFile, Error>;

    /// The sheet editor's form, its words in `lang` ([`super::sheet_form`]).
    fn sheet_form(&self, lang: Lang, labels: &toml::Table) -> Result<SheetForm, Error>;

    /// A sheet typed in the editor (`file`: one entry of the form's table), read over this
    /// data as the player's own.
    fn draft(&self, sources: &Sources, file: FileId) -> Result<Draft, Error>;

    /// The file that defines the sheet or entry `id`, as the data were read (`None`: no such
    /// id): where the sheet editor saves a player's own sheet, in the file that holds it.
    fn sheet_file(&self, id: &str) -> Option<std::path::PathBuf>;

    /// The sheets or entries a later data layer replaced (`data check` says them).
    fn replaced(&self) -> Vec<Replaced>;
}

/// A sheet typed in the editor, read over the data as the player's own: the engine that has
/// it (its card drawn by the same renderer as `muster cards`), its id, and what `data check`
/// would say of it.
pub struct Draft {
    pub engine: Rules,
    pub id: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// A ruleset's engine as the registry loaded it, with the ruleset it is of: what the generic
/// commands hold (it derefs to the [`Engine`]).
pub struct Rules {
    pub ruleset: Ruleset,
    pub engine: Box<dyn Engine>,
}

impl Rules {
    /// The ruleset whose data this is.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }
}

impl std::ops::Deref for Rules {
    type Target = dyn Engine;

    fn deref(&self) -> &(dyn Engine + 'static) {
        self.engine.as_ref()
    }
}

impl AsRef<Rules> for Rules {
    fn as_ref(&self) -> &Rules {
        self
    }
}

/// What a loaded engine offers, derived from its accessors.
pub fn capabilities_of(engine: &dyn Engine) -> Capabilities {
    Capabilities {
        data: true,
        lists: engine.lists().is_some(),
        cards: engine.cards().is_some(),
        qrs: true,
        roster: engine.lists().is_some(),
        scoring: engine.scoring().is_some(),
        careers: engine.careers().is_some(),
    }
}

/// A ruleset's career files (`muster career`).
pub trait Careers {
    /// `muster career new`: a new career file's text.
    fn new_career(&self, nation: &str, arm: &str, player: Option<&str>) -> Result<String, Error>;

    /// `muster career add`: a game's victory points added to the career `doc` (read from
    /// `path`); what changed, in words. `loaded`: the ruleset as loaded, the game is read with.
    fn add_to_career(
        &self,
        loaded: &Rules,
        doc: &mut toml_edit::DocumentMut,
        path: &std::path::Path,
        game: Option<&std::path::Path>,
        points: u32,
    ) -> Result<String, Error>;

    /// `muster career show`: where a career stands.
    fn show_career(
        &self,
        path: &std::path::Path,
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<Scored, Error>;
}

/// A sheet's file in the player's data folder: its path inside the ruleset's folder
/// (`sheets/ID.toml`) and its text.
#[derive(Debug, Clone)]
pub struct SheetFile {
    pub path: String,
    pub text: String,
}

/// The player's copy of a sheet or entry (`muster sheets new NEW-ID --from ID`), the same for
/// every ruleset: `entry`, already given its new id and stripped of its `source`, written as
/// one `[[table]]` in the folder `dir` of the ruleset's player folder, under a comment that
/// says what it is (`what`: the ruleset's title and its word for a sheet; `noun`: that word
/// alone; `more`: a comment line the ruleset adds, or nothing).
pub fn copy_of<T: serde::Serialize>(
    what: &str,
    noun: &str,
    more: &str,
    (table, dir): (&str, &str),
    (from, new_id): (&str, &str),
    entry: &T,
) -> Result<SheetFile, Error> {
    if !crate::core::catalog::valid_id(new_id) {
        return Err(Error::Usage(format!(
            "`{new_id}` is not a {noun} id: 1 to 64 lowercase letters, digits and hyphens"
        )));
    }
    let body = crate::core::toml_file::array_entry(table, entry).map_err(Error::Render)?;
    let more = if more.is_empty() {
        String::new()
    } else {
        format!("# {more}\n")
    };
    Ok(SheetFile {
        path: format!("{dir}/{new_id}.toml"),
        text: format!(
            "# Your own {what} `{new_id}`, copied from `{from}` by `muster sheets new`.\n\
             # Change any value: muster reads this folder over the shipped data (any {noun}\n\
             # with the id of a shipped one takes its place). `muster data check` checks it.\n\
             {more}{body}"
        ),
    })
}
