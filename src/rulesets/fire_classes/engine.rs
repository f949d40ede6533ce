//! The fire table behind the ruleset boundary: its classes and weapons as the "sheets" to
//! list and show, and the quick-reference sheet. It has no units, lists or cards.

use serde_json::json;

use super::data::Database;
use super::views;
use crate::core::error::{unknown, Error};
use crate::core::i18n::Lang;
use crate::rulesets::procedure::{Preview, Request};
use crate::rulesets::{to_value, Engine, Listing, Ruleset, SheetFilter};

pub struct FireEngine {
    pub db: Database,
}

impl Engine for FireEngine {
    fn ruleset(&self) -> Ruleset {
        Ruleset::of(&super::META)
    }

    fn summary(&self) -> String {
        format!(
            "{} classes, {} weapons, {} readings",
            self.db.classes.len(),
            self.db.weapons.len(),
            self.db.rules.reading.len()
        )
    }

    fn sheets(&self, filter: &SheetFilter) -> Result<Listing, Error> {
        if filter.nation.is_some()
            || filter.coalition.is_some()
            || filter.kind.is_some()
            || filter.arm.is_some()
            || filter.campaign.is_some()
            || filter.army.is_some()
        {
            return Err(Error::Usage(
                "the fire table's classes take no filter".into(),
            ));
        }
        let db = &self.db;
        Ok(Listing {
            json: json!({
                "classes": db.classes.iter().collect::<Vec<_>>(),
                "weapons": db.weapons.iter().collect::<Vec<_>>(),
            }),
            header: vec![
                "id",
                "class",
                "volley",
                "loose",
                "skirmish",
                "vs skirmishers",
                "no officer",
            ],
            rows: db
                .classes
                .iter()
                .map(|c| {
                    vec![
                        c.id.clone(),
                        c.class
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join("/"),
                        c.volley.text.en.clone(),
                        c.loose.text.en.clone(),
                        c.skirmish.text.en.clone(),
                        c.vs_skirmishers.text.en.clone(),
                        c.no_officer.text.en.clone(),
                    ]
                })
                .collect(),
            noun: "classes",
        })
    }

    fn sheet(&self, id: &str) -> Result<(serde_json::Value, String), Error> {
        let db = &self.db;
        if let Some(c) = db.classes.get(id) {
            let text = format!(
                "id           {}\nname         {} / {}\nclass        {:?}\nvolley       {}\nloose        {}\nskirmish     {}\nvs skirm.    {}\nno officer   {}\n",
                c.id, c.name.fr, c.name.en, c.class, c.volley.text.en, c.loose.text.en,
                c.skirmish.text.en, c.vs_skirmishers.text.en, c.no_officer.text.en
            );
            return Ok((to_value(c)?, text));
        }
        if let Some(w) = db.weapons.get(id) {
            let bands: Vec<String> = w
                .bands
                .iter()
                .map(|b| {
                    format!(
                        "{}-{} cm: {}+{}",
                        b.from,
                        b.to,
                        b.needs,
                        if b.cuirass != 0 {
                            format!(" ({} cuirass)", b.cuirass)
                        } else {
                            String::new()
                        }
                    )
                })
                .collect();
            let text = format!(
                "id           {}\nname         {} / {}\nfires        {}\nreload       {}\nbands        {}\n",
                w.id, w.name.fr, w.name.en, w.fires.en, w.reload.en, bands.join("; ")
            );
            return Ok((to_value(w)?, text));
        }
        Err(unknown(
            "class or weapon",
            id,
            db.classes.ids().chain(db.weapons.ids()),
        ))
    }

    fn qrs(&self, lang: Lang, labels: &toml::Table) -> Result<serde_json::Value, Error> {
        to_value(&views::qrs(&self.db, lang, labels))
    }

    fn preview(&self, request: &Request) -> Result<Preview, Error> {
        super::procedures::preview(&self.db, request)
    }
}
