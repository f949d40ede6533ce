//! `muster rulesets`: the rule systems muster knows and what it does for each.

use super::{print_out, to_json};
use crate::cli::Format;
use crate::core::error::Error;
use crate::core::table::text_table;
use crate::ops::rulesets::rows;
use crate::rulesets::Ruleset;

pub fn run(format: Format) -> Result<u8, Error> {
    match format {
        Format::Json => print_out(&to_json(&rows()))?,
        Format::Table => {
            let yes = |b: bool| if b { "yes" } else { "—" }.to_owned();
            let rows: Vec<Vec<String>> = Ruleset::ALL
                .iter()
                .map(|r| {
                    let c = r.capabilities();
                    let previews: Vec<&str> = r.procedures().iter().map(|p| p.name).collect();
                    vec![
                        r.id().to_owned(),
                        r.title().to_owned(),
                        yes(c.data),
                        yes(c.lists),
                        yes(c.cards),
                        yes(c.qrs),
                        yes(c.roster),
                        if previews.is_empty() {
                            "—".into()
                        } else {
                            previews.join(", ")
                        },
                        yes(c.scoring),
                        yes(c.careers),
                    ]
                })
                .collect();
            print_out(&text_table(
                &[
                    "id", "ruleset", "data", "lists", "cards", "qrs", "roster", "previews",
                    "scoring", "careers",
                ],
                &rows,
            ))?;
        }
    }
    Ok(0)
}
