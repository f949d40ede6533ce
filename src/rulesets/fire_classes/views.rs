//! The quick-reference sheet of the fire table, from the data.

use serde::Serialize;

use crate::rulesets::named_rows::rows;
use crate::rulesets::views_common::reading_rows;
pub use crate::rulesets::views_common::Row2;

use super::database::Database;
use super::model::*;

#[derive(Debug, Clone, Serialize)]
pub struct ClassRow {
    pub name: String,
    pub class: String,
    pub cells: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct WeaponView {
    pub name: String,
    pub fires: String,
    pub reload: String,
    pub bands: Vec<BandView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct BandView {
    pub range: String,
    pub needs: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct QrsView {
    pub situations: Vec<String>,
    pub classes: Vec<ClassRow>,
    pub weapons: Vec<WeaponView>,
    pub effects: Vec<Row2>,
    pub morale_test: String,
    pub readings: Vec<Row2>,
    /// P(reaching 5, 6, 7, 8) with 1 to 6 dice, normal fire: the table's odds at a glance.
    pub odds: Vec<Vec<String>>,
}

/// "5 - 6", "6", "7", "(8)" as the book prints them.
fn needs_text(b: &Band) -> String {
    let n = b.needs;
    let text = if n <= 5 {
        format!("{n} - 6")
    } else {
        n.to_string()
    };
    if b.bracketed {
        format!("({text})")
    } else {
        text
    }
}

pub fn qrs(db: &Database, lang: Lang, labels: &toml::Table) -> QrsView {
    let cuirass = labels
        .get("cuirass")
        .and_then(|v| v.as_str())
        .unwrap_or("cuirass");
    let r = &db.rules;
    QrsView {
        situations: r
            .situation
            .iter()
            .map(|s| match &s.group {
                Some(g) => format!(
                    "{}{}{}",
                    g.get(lang),
                    crate::rulesets::label(labels, "sep"),
                    s.name.get(lang)
                ),
                None => s.name.get(lang).to_owned(),
            })
            .collect(),
        classes: db
            .classes
            .iter()
            .map(|c| ClassRow {
                name: c.name.get(lang).to_owned(),
                class: c
                    .class
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join("/"),
                cells: [&c.volley, &c.loose, &c.skirmish, &c.vs_skirmishers]
                    .iter()
                    .map(|cell| cell.text.get(lang).to_owned())
                    .chain(std::iter::once(c.no_officer.text.get(lang).to_owned()))
                    .collect(),
            })
            .collect(),
        weapons: db
            .weapons
            .iter()
            .map(|w| WeaponView {
                name: w.name.get(lang).to_owned(),
                fires: w.fires.get(lang).to_owned(),
                reload: w.reload.get(lang).to_owned(),
                bands: w
                    .bands
                    .iter()
                    .map(|b| BandView {
                        range: format!("{} - {} cm", b.from, b.to),
                        needs: if b.cuirass != 0 {
                            format!("{} ({} {cuirass})", needs_text(b), b.cuirass)
                        } else {
                            needs_text(b)
                        },
                    })
                    .collect(),
            })
            .collect(),
        effects: rows(&r.effect, |e| (e.name.get(lang), e.rule.get(lang))),
        morale_test: r.morale_test.rule.get(lang).to_owned(),
        readings: reading_rows(&r.reading, lang),
        odds: (1..=6u32)
            .map(|n| {
                let res = super::preview::results(n, super::preview::Effects::default());
                std::iter::once(n.to_string())
                    .chain((5..=8).map(|needs| {
                        format!("{:.0} %", super::preview::p_reach(&res, needs, 0) * 100.0)
                    }))
                    .collect()
            })
            .collect(),
    }
}
