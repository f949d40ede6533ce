//! `muster skills`: what units may buy (the skills or special rules of the ruleset), in the
//! asked language.

use super::sheets::print_listing;
use crate::cli::{Format, LangArg};
use crate::core::error::Error;
use crate::rulesets::Rules;

pub fn run(engine: &Rules, format: Format, lang: Option<LangArg>) -> Result<u8, Error> {
    let ruleset = engine.ruleset();
    let lang = super::said_lang(ruleset, lang, None)?;
    let listing = engine
        .sheets()
        .map_or(Ok(None), |s| s.skills(lang))?
        .ok_or_else(|| Error::Usage(format!("{} has no skills to list", ruleset.title())))?;
    print_listing(&listing, format, ruleset, lang)?;
    Ok(0)
}
