//! `muster skills`: what units may buy (the skills or special rules of the ruleset).

use super::sheets::print_listing;
use crate::cli::Format;
use crate::core::error::Error;
use crate::rulesets::Rules;

pub fn run(engine: &Rules, format: Format) -> Result<u8, Error> {
    let listing = engine
        .sheets()
        .map_or(Ok(None), |s| s.skills())?
        .ok_or_else(|| {
            Error::Usage(format!(
                "{} has no skills to list",
                engine.ruleset().title()
            ))
        })?;
    print_listing(&listing, format)?;
    Ok(0)
}
