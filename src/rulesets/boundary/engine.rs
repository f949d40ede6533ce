//! The [`Engine`]: what a loaded ruleset offers the generic commands; a battle to score;
//! what a ruleset does not do.

use toml_edit::DocumentMut;

use super::{
    game, list_doc, priced, procedure, set_in_place, Draft, ListCheck, ListField, Listing, NewList,
    NewUnit, Offers, Ruleset, SheetFilter, SheetForm, SheetRef, UnitChange, UnitRow,
};
pub use crate::core::catalog::Replaced;
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::error::Error;
use crate::core::i18n::Lang;
pub use crate::core::names::{Candidate, NameKind};
use crate::core::rule::Rule;
use crate::core::source::{FileId, Sources};

/// What a loaded ruleset offers the generic commands. A ruleset without unit sheets, lists or
/// cards keeps the default methods, which say so.
pub trait Engine: Send + Sync {
    fn ruleset(&self) -> Ruleset;

    /// What was loaded, for `muster data check`: "32 sheets, 35 skills, …".
    fn summary(&self) -> String;

    /// `muster sheets`.
    fn sheets(&self, _filter: &SheetFilter) -> Result<Listing, Error> {
        Err(unsupported(self.ruleset(), "unit sheets to list"))
    }

    /// `muster sheets show ID --format json`: every field of a sheet.
    /// A copy of the sheet or entry `from` under the id `new_id`, for the player's own data
    /// folder (`muster sheets new NEW-ID --from ID`): where it goes in the ruleset's folder, and
    /// its TOML, in the data's key order, without a `source` (a player's sheet is theirs).
    fn copy_sheet(&self, _from: &str, _new_id: &str) -> Result<SheetFile, Error> {
        Err(unsupported(self.ruleset(), "sheets to copy"))
    }

    /// The sheet editor's form, its words in `lang` ([`super::sheet_form`]).
    fn sheet_form(&self, _lang: Lang, _labels: &toml::Table) -> Result<SheetForm, Error> {
        Err(unsupported(self.ruleset(), "sheet editor"))
    }

    /// A sheet typed in the editor (`file`: one entry of the form's table), read over this
    /// data as the player's own.
    fn draft(&self, _sources: &Sources, _file: FileId) -> Result<Draft, Error> {
        Err(unsupported(self.ruleset(), "sheet editor"))
    }

    /// The file that defines the sheet or entry `id`, as the data were read (`None`: no such
    /// id): where the sheet editor saves a player's own sheet, in the file that holds it.
    fn sheet_file(&self, _id: &str) -> Option<std::path::PathBuf> {
        None
    }

    /// The sheets or entries a later data layer replaced (`data check` says them).
    fn replaced(&self) -> Vec<Replaced> {
        Vec::new()
    }

    fn sheet(&self, _id: &str) -> Result<serde_json::Value, Error> {
        Err(unsupported(self.ruleset(), "unit sheets to show"))
    }

    /// `muster sheets show ID` as text, for rulesets without cards (with cards, the text is
    /// the card's, from its template: [`Engine::cards`]).
    fn sheet_text(&self, _id: &str, _lang: Lang, _labels: &toml::Table) -> Result<String, Error> {
        Err(unsupported(self.ruleset(), "unit sheets to show"))
    }

    /// What an argument of the command line may name ([`NameKind`]: a unit's sheet or entry,
    /// a skill, an option): each one's id and its names in every language of the ruleset
    /// (`labels`: its labels in each, for what only its words name). Those `list` (a list's
    /// document) takes first, such as its army's entries, are of rank 0, the others of rank 1.
    /// Empty: the ruleset names no such thing, and arguments are taken as they are.
    fn names(
        &self,
        kind: NameKind,
        labels: &[(Lang, toml::Table)],
        list: Option<&DocumentMut>,
    ) -> Vec<Candidate> {
        let _ = (kind, labels, list);
        Vec::new()
    }

    /// `muster skills`: the skills or special rules units may buy, if the ruleset has them.
    fn skills(&self) -> Result<Option<Listing>, Error> {
        Ok(None)
    }

    /// Parses and checks a list file of this ruleset. `Err` when the file is not a list at
    /// all (TOML syntax, unknown or missing fields, wrong types): no rule can run.
    fn check_list(&self, _sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic> {
        let r = self.ruleset();
        Err(
            Diagnostic::error(NO_LISTS.code, format!("{} has no army lists", r.title()))
                .in_file(file)
                .with_note(format!("rule: {}", NO_LISTS.summary)),
        )
    }

    /// Rules over two lists that will face each other, located in `a`.
    fn check_pair(&self, _a: &ListCheck, _b: &ListCheck, _b_name: &str) -> Vec<Diagnostic> {
        Vec::new()
    }

    /// What the data price a unit of a checked list with today ([`priced`]): the values of
    /// its sheet or entry a player reads on its card, and the others that matter to it (its
    /// costs, weapons, skills or options bought). `None` when the data have no sheet or entry
    /// of its id (the check's own error says so), or lists have no units priced.
    fn pricing(&self, _row: &UnitRow) -> Option<priced::Pricing> {
        None
    }

    /// A value of text a unit's record keeps ([`Engine::pricing`]), named in `lang` where the
    /// data name it (a quality, a size), for the data-changed words.
    fn kept_name(&self, key: &str, value: &str, lang: Lang) -> Option<String> {
        let _ = (key, value, lang);
        None
    }

    /// The header fields a new list of this ruleset takes besides its name (`muster list
    /// new`, the web's form), named in `lang` (`labels`: the ruleset's labels in it).
    fn list_fields(&self, _lang: Lang, _labels: &toml::Table) -> Vec<ListField> {
        Vec::new()
    }

    /// What the list in `file` may take (the builder's picker), in `lang`.
    fn offers(
        &self,
        _sources: &Sources,
        _file: FileId,
        _lang: Lang,
        _labels: &toml::Table,
    ) -> Result<Offers, Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// [`Engine::offers`] of the sheets or entries `ids` only (their `data_id`): what the
    /// builder's view of a list names its units by, without the whole picker's work.
    fn offers_of(
        &self,
        sources: &Sources,
        file: FileId,
        lang: Lang,
        labels: &toml::Table,
        ids: &[&str],
    ) -> Result<Offers, Error> {
        let mut offers = self.offers(sources, file, lang, labels)?;
        offers.offers.retain(|o| ids.contains(&o.data_id.as_str()));
        Ok(offers)
    }

    /// The ids of the ruleset's house rules (muster's own rules, off unless a list or
    /// `--house-rule` turns one on), in the data's order; none for a ruleset without them.
    fn house_rules(&self) -> Vec<String> {
        Vec::new()
    }

    /// The house rules a checked list turns on (ids, in the data's order); none by the book
    /// and for a ruleset without them.
    fn list_house_rules(&self, _list: &ListCheck) -> Vec<String> {
        Vec::new()
    }

    /// What the game companion tracks for this ruleset (its data's game.toml), if it has
    /// army lists to play.
    fn game_rules(&self) -> Option<&game::GameRules> {
        None
    }

    /// A new, empty list.
    fn new_list(&self, _spec: &NewList) -> Result<DocumentMut, Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// Appends a unit to a list document (refusing unknown ids before anything is written).
    fn add_unit(&self, _doc: &mut DocumentMut, _unit: &NewUnit) -> Result<(), Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// Sets the count (figures, elements: the list's word for it is its key) of unit
    /// `index` (1-based); the check says whether the count is legal.
    fn set_count(&self, doc: &mut DocumentMut, index: usize, count: u32) -> Result<(), Error> {
        let key = self
            .ruleset()
            .list_words()
            .figures
            .ok_or_else(|| unsupported(self.ruleset(), "unit counts"))?;
        list_doc::set_unit_key(doc, index, key, i64::from(count))
    }

    /// Removes unit `index` (1-based); returns notes about what else changed.
    fn remove_unit(&self, _doc: &mut DocumentMut, _index: usize) -> Result<Vec<String>, Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// Unit `index` (1-based) of a list document, as `muster list add` would be asked for it.
    fn unit_of(&self, _doc: &DocumentMut, _index: usize) -> Result<NewUnit, Error> {
        Err(unsupported(self.ruleset(), "army lists"))
    }

    /// `muster list set`: changes unit `index` (1-based) where it stands ([`set_in_place`]);
    /// returns notes about what else changed.
    fn set_unit(
        &self,
        doc: &mut DocumentMut,
        index: usize,
        change: &UnitChange,
    ) -> Result<Vec<String>, Error> {
        set_in_place(self, doc, index, change).map(|_| Vec::new())
    }

    /// `muster list move`: unit `from` (1-based) goes to place `to`, the units between shift
    /// by one; returns notes about what else changed (what named units by number).
    fn move_unit(
        &self,
        doc: &mut DocumentMut,
        from: usize,
        to: usize,
    ) -> Result<Vec<String>, Error> {
        list_doc::move_unit_at(doc, from, to).map(|()| Vec::new())
    }

    /// The template contexts of the cards to print (one per card, as `card`).
    fn cards(
        &self,
        _list: Option<&ListCheck>,
        _sheets: &[SheetRef],
        _lang: Lang,
        _labels: &toml::Table,
    ) -> Result<Vec<serde_json::Value>, Error> {
        Err(unsupported(self.ruleset(), "unit cards"))
    }

    /// The quick-reference sheet's context (as `q`).
    fn qrs(&self, lang: Lang, labels: &toml::Table) -> Result<serde_json::Value, Error>;

    /// Works out a preview procedure (one of its `Meta::procedures`), its list units read
    /// (`naming::resolve_files`). A refusal (units that cannot play it, a value the rules
    /// forbid) is `Error::Usage` with the reason.
    fn preview(&self, request: &procedure::Request) -> Result<procedure::Preview, Error> {
        let _ = request;
        Err(unsupported(self.ruleset(), "previews"))
    }

    /// A value of a unit (its sheet or entry `unit`) a game's threshold names (`stamina`), when
    /// the ruleset has it.
    fn unit_value(&self, unit: &str, value: &str) -> Option<u32> {
        let _ = (unit, value);
        None
    }

    /// The figures a game counts for a unit of a list: its casualty boxes on the card, the
    /// one count `game show`, the marks, the previews and the score share. The list's figures
    /// unless the card counts more (a free officer on top of the rank and file); `None` for a unit without a
    /// count of its own.
    fn game_count(&self, row: &UnitRow) -> Option<i64> {
        row.figures
    }

    /// What the ruleset's scoring would refuse in a game as it stands (two sides holding more
    /// eighths than the table has), in words: a mark that would bring one in is refused.
    fn game_problems(&self, game: &game::Game) -> Vec<String> {
        let _ = game;
        Vec::new()
    }

    /// Scores a game (`muster game score`): by the ruleset's own victory rules, else each
    /// side's losses.
    fn score_game(&self, game: &game::Game, lang: Lang) -> Result<Scored, Error> {
        game::losses(game, lang)
    }

    /// `muster career new`: a new career file's text (rulesets with careers).
    fn new_career(&self, nation: &str, arm: &str, player: Option<&str>) -> Result<String, Error> {
        let _ = (nation, arm, player);
        Err(unsupported(self.ruleset(), "careers"))
    }

    /// `muster career add`: a game's victory points added to the career `doc` (read from
    /// `path`); what changed, in words.
    fn add_to_career(
        &self,
        doc: &mut toml_edit::DocumentMut,
        path: &std::path::Path,
        game: Option<&std::path::Path>,
        points: u32,
    ) -> Result<String, Error> {
        let _ = (doc, path, game, points);
        Err(unsupported(self.ruleset(), "careers"))
    }

    /// `muster career show`: where a career stands.
    fn show_career(
        &self,
        path: &std::path::Path,
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<Scored, Error> {
        let _ = (path, lang, labels);
        Err(unsupported(self.ruleset(), "careers"))
    }

    /// Scores a finished battle (`muster score FILE`).
    fn score(&self, _battle: Battle) -> Result<Scored, Error> {
        Err(unsupported(self.ruleset(), "scoring"))
    }

    /// A roster's context (as `r`).
    fn roster(
        &self,
        _list: &ListCheck,
        _sources: &Sources,
        _lang: Lang,
        _labels: &toml::Table,
    ) -> Result<serde_json::Value, Error> {
        Err(unsupported(self.ruleset(), "rosters"))
    }
}

/// A finished battle to score: its file (read into `sources`), the folder its side lists are
/// named from, the language of the result's words.
pub struct Battle<'a> {
    pub sources: &'a mut Sources,
    pub file: FileId,
    pub path: &'a std::path::Path,
    pub lang: Lang,
}

/// A scored battle: what `--format json` prints, and the text.
pub struct Scored {
    pub json: serde_json::Value,
    pub text: String,
}

/// A list of a ruleset that has none.
pub const NO_LISTS: Rule = Rule {
    code: "no-lists",
    severity: Severity::Error,
    section: "",
    summary: "only rulesets with army lists take list files (`muster rulesets`)",
};

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

/// What a ruleset does not do, with the rulesets that do.
pub fn unsupported(ruleset: Ruleset, what: &str) -> Error {
    Error::Usage(format!(
        "{} has no {what}; see `muster rulesets` for what each rule system supports",
        ruleset.title()
    ))
}
