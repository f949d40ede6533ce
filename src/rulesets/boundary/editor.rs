//! The [`Editor`] capability: a player's own sheets or entries, copied, edited in the sheet
//! editor and found in the data's layers.

use super::engine::SheetFile;
use super::{Draft, SheetForm};
use crate::core::catalog::Replaced;
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::{FileId, Sources};

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
