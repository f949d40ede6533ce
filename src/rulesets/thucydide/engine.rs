//! Thucydide behind the ruleset boundary: troop types as the sheets, armies of units (no
//! points), cards, the quick-reference sheet and rosters.

use serde_json::Value;
use toml_edit::{value, DocumentMut, Item, Table};

use super::check;
use super::database::Database;
use super::list::ListFile;
use super::model::*;
use super::views::{self, CardUnit};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::{unknown, Error};
use crate::core::source::{FileId, Sources};
use crate::core::words::Phrase;
use crate::render::markup::MAX_BOXES;
use crate::rulesets::cards::CardsOf;
use crate::rulesets::checking;
use crate::rulesets::columns;
use crate::rulesets::list_doc::{self, push_unit};
use crate::rulesets::priced::Pricing;
use crate::rulesets::procedure::{Preview, Request};
use crate::rulesets::roster_of::RosterOf;
use crate::rulesets::sheet_book;
use crate::rulesets::{
    to_value, Engine, ListCheck, Listing, NewList, NewUnit, Ruleset, SheetFilter,
};
use crate::rulesets::{Candidate, NameKind, Naming};
use crate::rulesets::{Cards, Editor, Games, Lists, Rules, Sheets};
use crate::rulesets::{Draft, Replaced, SheetFile, SheetForm, UnitRow};

pub struct ThucydideEngine {
    /// The ruleset the registry loaded it as.
    pub ruleset: Ruleset,
    pub db: Database,
}

impl Engine for ThucydideEngine {
    fn summary(&self) -> String {
        let db = &self.db;
        format!(
            "{} die faces, {} armours, {} troop types, {} table cells",
            db.faces.len(),
            db.armours.len(),
            db.units.len(),
            db.cells.len()
        )
    }

    fn names(&self, kind: NameKind, _: &Naming) -> Vec<Candidate> {
        match kind {
            NameKind::Unit => self
                .db
                .units
                .iter()
                .map(|u| Candidate::new(&u.id, u.name.by_lang()))
                .collect(),
            NameKind::Skill | NameKind::Option => Vec::new(),
        }
    }

    fn qrs(&self, lang: Lang, labels: &toml::Table) -> Result<serde_json::Value, Error> {
        to_value(&views::qrs(&self.db, lang, labels))
    }

    fn preview(&self, request: &Request) -> Result<Preview, Error> {
        super::procedures::preview(&self.db, request)
    }

    crate::rulesets::engine::capabilities!(
        sheets: Sheets, editor: Editor, lists: Lists, cards: Cards, games: Games
    );
}

impl Sheets for ThucydideEngine {
    fn listing(&self, filter: &SheetFilter, lang: Lang) -> Result<Listing, Error> {
        let db = &self.db;
        if filter.nation.is_some()
            || filter.coalition.is_some()
            || filter.arm.is_some()
            || filter.campaign.is_some()
            || filter.army.is_some()
        {
            return Err(Error::Usage(
                "Thucydide troop types are filtered by --kind (infantry, mounted, elephant, artillery, powder-artillery)"
                    .into(),
            ));
        }
        if let Some(k) = &filter.kind {
            if !db.types.contains(k) {
                return Err(unknown("kind", k, db.types.ids()));
            }
        }
        let units: Vec<&Unit> = db
            .units
            .iter()
            .filter(|u| filter.kind.as_ref().is_none_or(|k| &u.kind == k))
            .collect();
        Ok(Listing {
            json: to_value(&units)?,
            header: columns(&[
                ("col-id", "id"),
                ("col-name", "name"),
                ("col-type", "type"),
                ("col-th-armour", "armour"),
                ("col-th-fire", "fire"),
                ("col-range", "range"),
                ("col-th-assault", "assault"),
                ("col-th-melee", "melee"),
                ("col-elements", "elements"),
                ("col-th-traits", "traits"),
            ]),
            rows: units
                .iter()
                .map(|u| {
                    vec![
                        u.id.clone(),
                        u.name.get(lang).to_owned(),
                        u.kind.clone(),
                        u.armour.clone(),
                        u.fire.to_string(),
                        u.range.map(|r| r.to_string()).unwrap_or_else(|| "-".into()),
                        u.assault.to_string(),
                        u.melee.to_string(),
                        u.elements.to_string(),
                        u.traits.join(", "),
                    ]
                })
                .collect(),
            noun: Phrase::new("listed-troop-types", "{n|# troop type|# troop types}")
                .count("n", units.len()),
        })
    }

    fn sheet(&self, id: &str) -> Result<serde_json::Value, Error> {
        self.db.units.sheet(id)
    }

    fn skills(&self, lang: Lang) -> Result<Option<Listing>, Error> {
        let db = &self.db;
        Ok(Some(Listing {
            json: to_value(&db.traits.iter().collect::<Vec<_>>())?,
            header: columns(&[("col-id", "id"), ("col-name", "name"), ("col-rule", "rule")]),
            rows: db
                .traits
                .iter()
                .map(|t| {
                    vec![
                        t.id.clone(),
                        t.name.get(lang).to_owned(),
                        t.rule.get(lang).to_owned(),
                    ]
                })
                .collect(),
            noun: Phrase::new("listed-traits", "{n|# trait|# traits}").count("n", db.traits.len()),
        }))
    }
}

impl Editor for ThucydideEngine {
    fn copy_sheet(&self, from: &str, new_id: &str) -> Result<SheetFile, Error> {
        self.db.units.copy_sheet(from, new_id, |u, id| u.id = id)
    }

    fn sheet_form(&self, lang: Lang, labels: &toml::Table) -> Result<SheetForm, Error> {
        super::sheet_form::form(&self.db, lang, labels)
    }

    fn draft(&self, sources: &Sources, file: FileId) -> Result<Draft, Error> {
        let typed = sheet_book::draft(&self.db, "troop type", sources, file)?;
        Ok(typed.into_draft(|db| Rules {
            ruleset: self.ruleset,
            engine: Box::new(ThucydideEngine {
                ruleset: self.ruleset,
                db,
            }),
        }))
    }

    fn sheet_file(&self, id: &str) -> Option<std::path::PathBuf> {
        self.db.units.sheet_file(id)
    }

    fn replaced(&self) -> Vec<Replaced> {
        self.db.units.replaced()
    }
}

impl Lists for ThucydideEngine {
    fn check_list(&self, sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic> {
        checking::parse_and_check(sources, file, |p| {
            check::check_list(self.ruleset, &self.db, p)
        })
    }

    fn pricing(&self, row: &UnitRow) -> Option<Pricing> {
        super::priced::pricing(&self.db, row)
    }

    fn offers(
        &self,
        sources: &Sources,
        file: FileId,
        lang: Lang,
        _labels: &std::sync::Arc<toml::Table>,
    ) -> Result<crate::rulesets::Offers, Error> {
        use crate::rulesets::{Choice, Count, Offer, Offers};
        let (list, _) =
            list_doc::parse::<ListFile>(sources, file).map_err(|d| Error::Usage(d.message))?;
        let db = &self.db;
        let offers = db
            .units
            .iter()
            .map(|u| Offer {
                id: u.id.clone(),
                data_id: u.id.clone(),
                name: u.name.get(lang).to_owned(),
                detail: [
                    db.types.get(&u.kind).map(|t| t.name.get(lang)),
                    db.armours.get(&u.armour).map(|a| a.name.get(lang)),
                ]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" · "),
                group: u.kind.clone(),
                cost: String::new(),
                max: None,
                taken: u32::try_from(list.units.iter().filter(|l| l.unit == u.id).count())
                    .unwrap_or(u32::MAX),
                mine: true,
                figures: Some(Count {
                    min: 1,
                    max: u.elements,
                    usual: (1, u.elements),
                    default: u.elements,
                }),
                guns: None,
                extras: Vec::new(),
                free: Vec::new(),
                choices: Vec::new(),
                // The shipped troop types are illustrative (the chapter gives none).
                provenance: db.units.provenance(&u.id),
                // Its characters go with a unit (TH), not in the picker.
                command: None,
            })
            .collect();
        let groups = db
            .types
            .iter()
            .map(|t| Choice::new(&t.id, t.name.get(lang)))
            .collect();
        Ok(Offers::new(groups, offers))
    }

    fn new_list(&self, spec: &NewList) -> Result<DocumentMut, Error> {
        let mut doc = DocumentMut::new();
        let mut header = Table::new();
        header["name"] = value(&spec.name);
        header["ruleset"] = value(self.ruleset.id());
        doc["list"] = Item::Table(header);
        Ok(doc)
    }

    fn add_unit(&self, doc: &mut DocumentMut, unit: &NewUnit) -> Result<(), Error> {
        let db = &self.db;
        let t = db
            .units
            .get(&unit.id)
            .ok_or_else(|| unknown("troop type", &unit.id, db.units.ids()))?;
        if !unit.extras.is_empty()
            || !unit.options.is_empty()
            || unit.guns.is_some()
            || unit.free_skill.is_some()
        {
            return Err(Error::Usage(
                "Thucydide units take --figures (their elements) and --label only".into(),
            ));
        }
        let mut table = Table::new();
        table["unit"] = value(&t.id);
        if let Some(l) = &unit.label {
            table["label"] = value(l.as_str());
        }
        if let Some(f) = unit.figures {
            if f < 1 || f > t.elements {
                return Err(Error::Usage(format!(
                    "--figures {f}: `{}` has 1 to {} elements",
                    t.id, t.elements
                )));
            }
            table["elements"] = value(i64::from(f));
        }
        push_unit(doc, table)?;
        Ok(())
    }

    fn unit_keys(&self) -> &'static [&'static str] {
        self.ruleset.list_words().unit_keys
    }

    fn unit_of(&self, doc: &DocumentMut, index: usize) -> Result<NewUnit, Error> {
        let unit = list_doc::unit_table(doc, index)?;
        Ok(NewUnit {
            id: list_doc::text_of(unit, "unit").unwrap_or_default(),
            figures: list_doc::count_of(unit, "elements"),
            label: list_doc::text_of(unit, "label"),
            ..NewUnit::default()
        })
    }

    fn roster(
        &self,
        checked: &ListCheck,
        sources: &Sources,
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<serde_json::Value, Error> {
        let parsed = list_doc::reparse::<ListFile>(sources, checked.file)?;
        let of = RosterOf::new(checked, sources, lang, labels);
        to_value(&views::roster(&self.db, &parsed, of))
    }
}

impl Cards for ThucydideEngine {
    fn contexts(&self, of: CardsOf, lang: Lang, labels: &toml::Table) -> Result<Vec<Value>, Error> {
        let db = &self.db;
        crate::rulesets::cards::contexts_of(
            of,
            |number, row| {
                let u = db
                    .units
                    .get(&row.id)
                    .ok_or_else(|| unknown("troop type", &row.id, db.units.ids()))?;
                let character = row
                    .json
                    .get("character")
                    .and_then(|c| c.as_str())
                    .and_then(|c| {
                        [
                            Character::General,
                            Character::SubGeneral,
                            Character::Officer,
                        ]
                        .into_iter()
                        .find(|x| x.as_str() == c)
                    });
                Ok(views::card(
                    db,
                    &CardUnit {
                        unit: u,
                        number: Some(number),
                        label: Some(&row.label),
                        elements: row.figures.map(|f| f.clamp(0, i64::from(MAX_BOXES)) as u32),
                        character,
                    },
                    lang,
                    labels,
                ))
            },
            |s| {
                let u = db
                    .units
                    .get(&s.id)
                    .ok_or_else(|| unknown("troop type", &s.id, db.units.ids()))?;
                if let Some(n) = s.figures {
                    if n < 1 || n > u.elements {
                        return Err(Error::Usage(format!(
                            "--sheet {}:{n}: `{}` has 1 to {} elements",
                            u.id, u.id, u.elements
                        )));
                    }
                }
                Ok(views::card(
                    db,
                    &CardUnit {
                        unit: u,
                        number: None,
                        label: None,
                        elements: s.figures,
                        character: None,
                    },
                    lang,
                    labels,
                ))
            },
        )
    }
}

impl Games for ThucydideEngine {
    fn game_rules(&self) -> &crate::rulesets::game::GameRules {
        &self.db.game
    }
}
