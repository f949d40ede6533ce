//! `muster sheets` and `muster sheets show ID`.

use super::{print_out, to_json};
use crate::cli::Format;
use crate::core::error::Error;
use crate::core::table::text_table;
use crate::rulesets::{Engine, Listing, SheetFilter};

pub fn list(engine: &dyn Engine, filter: &SheetFilter, format: Format) -> Result<u8, Error> {
    print_listing(&engine.sheets(filter)?, format)?;
    Ok(0)
}

pub fn show(engine: &dyn Engine, id: &str, format: Format) -> Result<u8, Error> {
    let (json, text) = engine.sheet(id)?;
    match format {
        Format::Json => print_out(&to_json(&json))?,
        Format::Table => print_out(&text)?,
    }
    Ok(0)
}

/// A listing as JSON, or as a table with a count under it.
pub fn print_listing(listing: &Listing, format: Format) -> Result<(), Error> {
    match format {
        Format::Json => print_out(&to_json(&listing.json)),
        Format::Table => {
            let mut out = text_table(&listing.header, &listing.rows);
            out.push_str(&format!("{} {}\n", listing.rows.len(), listing.noun));
            print_out(&out)
        }
    }
}
