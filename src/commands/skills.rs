//! `muster skills`: the skill table of §11.

use serde::Serialize;

use super::{print_out, text_table, to_json};
use crate::capitan::model::{Names, Restriction};
use crate::capitan::Database;
use crate::cli::Format;
use crate::error::Error;

/// One skill as printed by `--format json` (contract: id, name, cost, restriction).
#[derive(Serialize)]
struct SkillRow<'a> {
    id: &'a str,
    name: &'a str,
    cost: u32,
    restriction: Option<Restriction>,
    names: &'a Names,
    summary: &'a str,
}

pub fn run(db: &Database, format: Format) -> Result<u8, Error> {
    match format {
        Format::Json => {
            let rows: Vec<SkillRow> = db
                .skills
                .iter()
                .map(|s| SkillRow {
                    id: &s.id,
                    name: &s.name.fr,
                    cost: s.cost,
                    restriction: s.restriction,
                    names: &s.name,
                    summary: &s.summary.en,
                })
                .collect();
            print_out(&to_json(&rows))?;
        }
        Format::Table => {
            let rows: Vec<Vec<String>> = db
                .skills
                .iter()
                .map(|s| {
                    vec![
                        s.id.clone(),
                        s.name.fr.clone(),
                        s.cost.to_string(),
                        s.restriction
                            .map(|r| r.to_string())
                            .unwrap_or_else(|| "-".into()),
                        s.summary.en.clone(),
                    ]
                })
                .collect();
            print_out(&text_table(
                &["id", "name", "cost", "only", "rule (§11)"],
                &rows,
            ))?;
        }
    }
    Ok(0)
}
