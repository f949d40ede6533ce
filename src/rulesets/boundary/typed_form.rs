//! The sheet editor's form of a ruleset's sheet type, the same for every ruleset: the fields of
//! the type's JSON Schema as the ruleset's spec (choices, units, fields hidden or of some
//! kinds alone) shapes them, written in the `[[table]]` rows of its folder.

use super::registry::schema;
use super::sheet_form::{form_from_schema, FormSpec, SheetForm};
use crate::core::error::Error;

/// The form of the sheet type `S`, its fields named from `labels`, a sheet of it written as a
/// `[[table]]` of `folder`; `what` names the form in an error ("the unit form").
pub fn form_of<S: schemars::JsonSchema>(
    spec: &FormSpec,
    labels: &toml::Table,
    table: &'static str,
    folder: &'static str,
    what: &str,
) -> Result<SheetForm, Error> {
    let fields = form_from_schema(&schema::<S>(), spec, labels)
        .map_err(|e| Error::Render(format!("{what}: {e}")))?;
    Ok(SheetForm {
        table,
        folder,
        fields,
    })
}
