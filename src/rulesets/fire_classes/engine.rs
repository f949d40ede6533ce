//! The fire table behind the ruleset boundary: its classes and weapons as the "sheets" to
//! list and show, and the quick-reference sheet. It has no units, lists or cards.

use serde_json::json;

use super::database::Database;
use super::views;
use crate::core::error::{unknown, Error};
use crate::core::i18n::Lang;
use crate::core::words::Phrase;
use crate::rulesets::procedure::{Preview, Request};
use crate::rulesets::Sheets;
use crate::rulesets::{columns, label, to_value, Engine, Listing, SheetFilter};

pub struct FireEngine {
    pub db: Database,
}

impl FireEngine {
    fn unknown(&self, id: &str) -> Error {
        unknown(
            "class or weapon",
            id,
            self.db.classes.ids().chain(self.db.weapons.ids()),
        )
    }
}

impl Engine for FireEngine {
    fn summary(&self) -> String {
        format!(
            "{} classes, {} weapons, {} readings",
            self.db.classes.len(),
            self.db.weapons.len(),
            self.db.rules.reading.len()
        )
    }

    fn qrs(&self, lang: Lang, labels: &toml::Table) -> Result<serde_json::Value, Error> {
        to_value(&views::qrs(&self.db, lang, labels))
    }

    fn preview(&self, request: &Request) -> Result<Preview, Error> {
        super::procedures::preview(&self.db, request)
    }

    crate::rulesets::engine::capabilities!(sheets: Sheets);
}

impl Sheets for FireEngine {
    fn listing(&self, filter: &SheetFilter, lang: Lang) -> Result<Listing, Error> {
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
            header: columns(&[
                ("col-id", "id"),
                ("col-fc-class", "class"),
                ("col-fc-volley", "volley"),
                ("col-fc-loose", "loose"),
                ("col-fc-skirmish", "skirmish"),
                ("col-fc-vs-skirmishers", "vs skirmishers"),
                ("col-fc-no-officer", "no officer"),
            ]),
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
                        c.volley.text.get(lang).to_owned(),
                        c.loose.text.get(lang).to_owned(),
                        c.skirmish.text.get(lang).to_owned(),
                        c.vs_skirmishers.text.get(lang).to_owned(),
                        c.no_officer.text.get(lang).to_owned(),
                    ]
                })
                .collect(),
            noun: Phrase::new("listed-classes", "{n|# class|# classes}")
                .count("n", db.classes.len()),
        })
    }

    fn sheet(&self, id: &str) -> Result<serde_json::Value, Error> {
        let db = &self.db;
        if let Some(c) = db.classes.get(id) {
            return to_value(c);
        }
        if let Some(w) = db.weapons.get(id) {
            return to_value(w);
        }
        Err(self.unknown(id))
    }

    fn sheet_text(
        &self,
        id: &str,
        lang: Lang,
        labels: &toml::Table,
    ) -> Option<Result<String, Error>> {
        Some(self.text(id, lang, labels))
    }
}

impl FireEngine {
    fn text(&self, id: &str, lang: Lang, labels: &toml::Table) -> Result<String, Error> {
        let db = &self.db;
        let l = |k: &str| label(labels, k);
        let sep = l("sep");
        if let Some(c) = db.classes.get(id) {
            let classes: Vec<String> = c.class.iter().map(u32::to_string).collect();
            let mut text = format!(
                "{}\n{}{sep}{}\n",
                c.name.get(lang),
                l("class"),
                classes.join("/")
            );
            let cells = [&c.volley, &c.loose, &c.skirmish, &c.vs_skirmishers];
            for (situation, cell) in db.rules.situation.iter().zip(cells) {
                text.push_str(&format!(
                    "{}{sep}{}\n",
                    situation.name.get(lang),
                    cell.text.get(lang)
                ));
            }
            if let Some(s) = db.rules.situation.get(4) {
                text.push_str(&format!(
                    "{}{sep}{}\n",
                    s.name.get(lang),
                    c.no_officer.text.get(lang)
                ));
            }
            return Ok(text);
        }
        if let Some(w) = db.weapons.get(id) {
            let mut text = format!(
                "{}\n{}{sep}{}\n{}{sep}{}\n",
                w.name.get(lang),
                l("fires"),
                w.fires.get(lang),
                l("reload"),
                w.reload.get(lang)
            );
            for b in &w.bands {
                let cuirass = if b.cuirass != 0 {
                    format!(" ({} {})", b.cuirass, l("cuirass"))
                } else {
                    String::new()
                };
                text.push_str(&format!(
                    "{}–{} cm{sep}{}{cuirass}\n",
                    b.from, b.to, b.needs
                ));
            }
            return Ok(text);
        }
        Err(self.unknown(id))
    }
}
