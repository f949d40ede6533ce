//! The quick-reference sheet's rules behind the ruleset boundary: unit types as the sheets,
//! orders of battle (brigades and units, points optional), cards, the QRS and rosters.

use serde_json::Value;
use toml_edit::{value, ArrayOfTables, DocumentMut, Item, Table};

use super::check;
use super::database::Database;
use super::list::ListFile;
use super::model::*;
use super::views::{self, CardUnit};
use crate::core::diagnostic::Diagnostic;
use crate::core::error::{unknown, Error};
use crate::core::source::{FileId, Sources};
use crate::core::words::Phrase;
use crate::rulesets::cards::CardsOf;
use crate::rulesets::checking;
use crate::rulesets::columns;
use crate::rulesets::list_doc::{self, push_unit};
use crate::rulesets::priced::Pricing;
use crate::rulesets::procedure::{Preview, Request};
use crate::rulesets::roster_of::RosterOf;
use crate::rulesets::sheet_book;
use crate::rulesets::{
    label, set_in_place, to_value, Choice, Engine, ListCheck, ListField, Listing, NewList, NewUnit,
    Offer, OfferChoice, Offers, Ruleset, SheetFilter, UnitChange,
};
use crate::rulesets::{Candidate, NameKind, Naming};
use crate::rulesets::{Cards, Editor, Games, Lists, Rules, Sheets};
use crate::rulesets::{Draft, Replaced, SheetFile, SheetForm, UnitRow};

pub struct HmEngine {
    /// The ruleset the registry loaded it as.
    pub ruleset: Ruleset,
    pub db: Database,
}

/// `--option key=value` pairs of `list add`.
fn options(unit: &NewUnit) -> Result<Vec<(String, String)>, Error> {
    unit.options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .ok_or_else(|| Error::Usage(format!("--option {o}: expected KEY=VALUE (brigade=ID, size=large, commander=NAME, rating=N, brigade-name=NAME)")))
        })
        .collect()
}

impl Engine for HmEngine {
    fn summary(&self) -> String {
        let r = &self.db.rules;
        format!(
            "{} unit types, {} break-test rows, {} ranges, {} modifiers",
            self.db.units.len(),
            r.break_test.row.len(),
            r.range.len(),
            r.command.modifier.len()
                + r.save.modifier.len()
                + r.break_test.modifier.len()
                + r.hit.modifier.len()
                + r.result_modifier.len()
                + r.shoot_modifier.len()
        )
    }

    fn names(&self, kind: NameKind, _: &Naming) -> Vec<Candidate> {
        use crate::core::names::Names;
        match kind {
            NameKind::Unit => self
                .db
                .units
                .iter()
                .map(|u| Candidate::new(&u.id, u.name.by_lang()))
                .collect(),
            NameKind::Skill => Vec::new(),
            // The options a unit takes (`list add --option`): its brigade's, and its size by
            // name.
            NameKind::Option => ["brigade", "commander", "rating", "brigade-name"]
                .iter()
                .map(|k| Candidate::new(*k, Names::default()))
                .chain(
                    self.db
                        .rules
                        .size
                        .iter()
                        .map(|s| Candidate::new(format!("size={}", s.id), s.name.by_lang())),
                )
                .collect(),
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

impl Sheets for HmEngine {
    fn listing(&self, filter: &SheetFilter, lang: Lang) -> Result<Listing, Error> {
        if filter.nation.is_some()
            || filter.coalition.is_some()
            || filter.kind.is_some()
            || filter.campaign.is_some()
            || filter.army.is_some()
        {
            return Err(Error::Usage(
                "hm-qrs unit types are filtered by --arm (infantry, cavalry, artillery)".into(),
            ));
        }
        let arm = match filter.arm.as_deref() {
            None => None,
            Some(a) => Some(
                Arm::ALL
                    .iter()
                    .copied()
                    .find(|x| x.as_str() == a)
                    .ok_or_else(|| unknown("arm", a, Arm::ALL.iter().map(|x| x.as_str())))?,
            ),
        };
        let units: Vec<&Unit> = self
            .db
            .units
            .iter()
            .filter(|u| arm.is_none_or(|a| u.arm == a))
            .collect();
        Ok(Listing {
            json: to_value(&units)?,
            header: columns(&[
                ("col-id", "id"),
                ("col-name", "name"),
                ("col-arm", "arm"),
                ("col-formation", "formation"),
                ("col-hm-hth", "HtH"),
                ("col-hm-shoot", "shoot"),
                ("col-hm-save", "save"),
                ("col-hm-stamina", "stamina"),
                ("col-size", "size"),
                ("col-weapon", "weapon"),
                ("col-pts", "pts"),
            ]),
            rows: units
                .iter()
                .map(|u| {
                    vec![
                        u.id.clone(),
                        u.name.get(lang).to_owned(),
                        u.arm.as_str().to_owned(),
                        u.formation.clone(),
                        u.hand_to_hand.to_string(),
                        u.shooting.to_string(),
                        format!("{}+", u.morale),
                        u.stamina.to_string(),
                        u.size.clone(),
                        u.weapon.clone().unwrap_or_else(|| "-".into()),
                        u.points
                            .map(|p| p.to_string())
                            .unwrap_or_else(|| "-".into()),
                    ]
                })
                .collect(),
            noun: Phrase::new("listed-unit-types", "{n|# type of unit|# types of unit}")
                .count("n", units.len()),
        })
    }

    fn sheet(&self, id: &str) -> Result<serde_json::Value, Error> {
        self.db.units.sheet(id)
    }
}

impl Editor for HmEngine {
    fn copy_sheet(&self, from: &str, new_id: &str) -> Result<SheetFile, Error> {
        self.db.units.copy_sheet(from, new_id, |u, id| u.id = id)
    }

    fn sheet_form(&self, lang: Lang, labels: &toml::Table) -> Result<SheetForm, Error> {
        super::sheet_form::form(&self.db, lang, labels)
    }

    fn draft(&self, sources: &Sources, file: FileId) -> Result<Draft, Error> {
        let typed = sheet_book::draft(&self.db, "unit", sources, file)?;
        Ok(typed.into_draft(|db| Rules {
            ruleset: self.ruleset,
            engine: Box::new(HmEngine {
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

impl Lists for HmEngine {
    fn check_list(&self, sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic> {
        checking::parse_and_check(sources, file, |p| {
            check::check_list(self.ruleset, &self.db, p)
        })
    }

    fn pricing(&self, row: &UnitRow) -> Option<Pricing> {
        super::priced::pricing(&self.db, row)
    }

    fn list_fields(&self, _lang: Lang, labels: &toml::Table) -> Vec<ListField> {
        vec![ListField {
            key: "points",
            label: label(labels, "field_points"),
            required: false,
            choices: None,
            hint: label(labels, "field_points_optional_hint"),
        }]
    }

    fn offers(
        &self,
        sources: &Sources,
        file: FileId,
        lang: Lang,
        labels: &std::sync::Arc<toml::Table>,
    ) -> Result<Offers, Error> {
        let (list, _) =
            list_doc::parse::<ListFile>(sources, file).map_err(|d| Error::Usage(d.message))?;
        Ok(self.offers_for(&list, lang, labels))
    }

    fn offers_checked(
        &self,
        check: &ListCheck,
        sources: &Sources,
        lang: Lang,
        labels: &std::sync::Arc<toml::Table>,
    ) -> Result<Offers, Error> {
        match check.parsed.get::<ListFile>() {
            Some(list) => Ok(self.offers_for(list, lang, labels)),
            None => self.offers(sources, check.file, lang, labels),
        }
    }

    fn new_list(&self, spec: &NewList) -> Result<DocumentMut, Error> {
        let mut doc = DocumentMut::new();
        let mut header = Table::new();
        header["name"] = value(&spec.name);
        header["ruleset"] = value(self.ruleset.id());
        if let Some(p) = spec.points {
            header["points"] = value(i64::from(p));
        }
        doc["list"] = Item::Table(header);
        Ok(doc)
    }

    fn add_unit(&self, doc: &mut DocumentMut, unit: &NewUnit) -> Result<(), Error> {
        let db = &self.db;
        let t = db
            .units
            .get(&unit.id)
            .ok_or_else(|| unknown("unit type", &unit.id, db.units.ids()))?;
        if !unit.extras.is_empty()
            || unit.guns.is_some()
            || unit.free_skill.is_some()
            || unit.figures.is_some()
        {
            return Err(Error::Usage(
                "hm-qrs units have no figures, skills or guns: they take --label and --option brigade=ID (with commander=NAME and rating=N for a new brigade; size=ID, brigade-name=NAME)".into(),
            ));
        }
        let opts = options(unit)?;
        for (i, (k, _)) in opts.iter().enumerate() {
            if opts[..i].iter().any(|(x, _)| x == k) {
                return Err(Error::Usage(format!(
                    "--option {k}=…: given twice; give each option once"
                )));
            }
        }
        let get = |k: &str| {
            opts.iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
        };
        for (k, v) in &opts {
            if !["brigade", "size", "commander", "rating", "brigade-name"].contains(&k.as_str()) {
                return Err(Error::Usage(format!(
                    "--option {k}={v}: expected brigade, size, commander, rating or brigade-name"
                )));
            }
        }
        let brigade = get("brigade")
            .ok_or_else(|| Error::Usage("give the unit's brigade: --option brigade=ID".into()))?;
        if !crate::core::catalog::valid_id(&brigade) {
            return Err(Error::Usage(format!(
                "--option brigade={brigade}: a brigade id is 1 to 64 lowercase letters, digits and dashes"
            )));
        }
        if let Some(s) = get("size") {
            if db.size(&s).is_none() {
                return Err(unknown(
                    "size",
                    &s,
                    db.rules.size.iter().map(|x| x.id.as_str()),
                ));
            }
        }
        let exists = doc
            .get("brigade")
            .and_then(Item::as_array_of_tables)
            .is_some_and(|a| {
                a.iter()
                    .any(|b| b.get("id").and_then(|i| i.as_str()) == Some(brigade.as_str()))
            });
        if exists {
            if let Some((k, v)) = ["commander", "rating", "brigade-name"]
                .into_iter()
                .find_map(|k| get(k).map(|v| (k, v)))
            {
                return Err(Error::Usage(format!(
                    "--option {k}={v}: brigade `{brigade}` is already in the list; edit its [[brigade]] table to change it"
                )));
            }
        } else {
            let commander = get("commander").ok_or_else(|| {
                Error::Usage(format!("brigade `{brigade}` is new: give its --option commander=NAME and --option rating=N"))
            })?;
            let given = get("rating").ok_or_else(|| {
                Error::Usage(format!(
                    "brigade `{brigade}` is new: give its --option rating=N ({} to {})",
                    check::RATING.start(),
                    check::RATING.end()
                ))
            })?;
            let rating: i64 = given
                .parse()
                .ok()
                .filter(|r| check::RATING.contains(r))
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "--option rating={given}: a commander's rating is a number from {} to {} (2D6 at or under it)",
                        check::RATING.start(),
                        check::RATING.end()
                    ))
                })?;
            let mut b = Table::new();
            b["id"] = value(&brigade);
            b["name"] = value(get("brigade-name").unwrap_or_else(|| brigade.clone()));
            b["commander"] = value(commander);
            b["rating"] = value(rating);
            match doc.get_mut("brigade") {
                Some(Item::ArrayOfTables(a)) => a.push(b),
                None => {
                    let mut a = ArrayOfTables::new();
                    a.push(b);
                    doc["brigade"] = Item::ArrayOfTables(a);
                }
                Some(_) => return Err(Error::Usage("`brigade` is not an array of tables".into())),
            }
        }
        let mut table = Table::new();
        table["unit"] = value(&t.id);
        table["brigade"] = value(&brigade);
        if let Some(l) = &unit.label {
            table["label"] = value(l.as_str());
        }
        if let Some(s) = get("size") {
            table["size"] = value(s);
        }
        push_unit(doc, table)?;
        Ok(())
    }

    fn unit_keys(&self) -> &'static [&'static str] {
        self.ruleset.list_words().unit_keys
    }

    fn unit_of(&self, doc: &DocumentMut, index: usize) -> Result<NewUnit, Error> {
        let unit = list_doc::unit_table(doc, index)?;
        let options = ["brigade", "size"]
            .into_iter()
            .filter_map(|k| list_doc::text_of(unit, k).map(|v| format!("{k}={v}")))
            .collect();
        Ok(NewUnit {
            id: list_doc::text_of(unit, "unit").unwrap_or_default(),
            label: list_doc::text_of(unit, "label"),
            options,
            ..NewUnit::default()
        })
    }

    fn set_unit(
        &self,
        doc: &mut DocumentMut,
        index: usize,
        change: &UnitChange,
    ) -> Result<Vec<String>, Error> {
        let (_, scratch) = set_in_place(self, self.unit_keys(), doc, index, change)?;
        // A unit moved to a new brigade: the brigade the check wrote comes with it.
        let brigades = |d: &DocumentMut| {
            d.get("brigade")
                .and_then(Item::as_array_of_tables)
                .map_or(0, |a| a.len())
        };
        if brigades(&scratch) > brigades(doc) {
            if let Some(new) = scratch
                .get("brigade")
                .and_then(Item::as_array_of_tables)
                .and_then(|a| a.iter().last())
            {
                match doc.get_mut("brigade") {
                    Some(Item::ArrayOfTables(a)) => a.push(new.clone()),
                    _ => {
                        let mut a = ArrayOfTables::new();
                        a.push(new.clone());
                        doc["brigade"] = Item::ArrayOfTables(a);
                    }
                }
                return Ok(vec![format!(
                    "brigade `{}` is new: its [[brigade]] table was added",
                    new.get("id").and_then(Item::as_str).unwrap_or_default()
                )]);
            }
        }
        Ok(Vec::new())
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

impl Cards for HmEngine {
    fn contexts(&self, of: CardsOf, lang: Lang, labels: &toml::Table) -> Result<Vec<Value>, Error> {
        let db = &self.db;
        crate::rulesets::cards::contexts_of(
            of,
            |number, row| {
                let t = db
                    .units
                    .get(&row.id)
                    .ok_or_else(|| unknown("unit type", &row.id, db.units.ids()))?;
                let size = row.json.get("size").and_then(|s| s.as_str());
                // "8e brigade (Kempt) — Sir James Kempt, 8": the brigade's name, its
                // commander and rating, what a player looks for when giving an order.
                let field = |k: &str| row.json.get(k).and_then(|s| s.as_str());
                let brigade = field("brigade_name").or(field("brigade")).map(|b| {
                    match (
                        field("commander"),
                        row.json.get("rating").and_then(|r| r.as_i64()),
                    ) {
                        (Some(c), Some(r)) => format!("{b} — {c}, {r}"),
                        _ => b.to_owned(),
                    }
                });
                Ok(views::card(
                    db,
                    &CardUnit {
                        unit: t,
                        number: Some(number),
                        label: Some(&row.label),
                        size,
                        brigade,
                    },
                    lang,
                    labels,
                ))
            },
            |s| {
                let t = db
                    .units
                    .get(&s.id)
                    .ok_or_else(|| unknown("unit type", &s.id, db.units.ids()))?;
                if s.figures.is_some() {
                    return Err(Error::Usage(format!(
                        "--sheet {}: hm-qrs units have no figures count",
                        s.id
                    )));
                }
                Ok(views::card(
                    db,
                    &CardUnit {
                        unit: t,
                        number: None,
                        label: None,
                        size: None,
                        brigade: None,
                    },
                    lang,
                    labels,
                ))
            },
        )
    }
}

impl Games for HmEngine {
    fn unit_value(&self, unit: &str, value: &str) -> Option<u32> {
        match value {
            "stamina" => self.db.units.get(unit).map(|u| u.stamina),
            _ => None,
        }
    }

    fn game_rules(&self) -> &crate::rulesets::game::GameRules {
        &self.db.game
    }
}

impl HmEngine {
    /// [`Lists::offers`] of a list parsed already.
    fn offers_for(&self, list: &ListFile, lang: Lang, labels: &toml::Table) -> Offers {
        let db = &self.db;
        let pts = label(labels, "points");
        let brigades: Vec<Choice> = list
            .brigade
            .iter()
            .map(|b| Choice::new(&b.id, &format!("{} — {}", b.name, b.commander)))
            .collect();
        let sizes: Vec<Choice> = db
            .rules
            .size
            .iter()
            .map(|s| Choice::new(&s.id, s.name.get(lang)))
            .collect();
        let offers = db
            .units
            .iter()
            .map(|u| Offer {
                id: u.id.clone(),
                data_id: u.id.clone(),
                name: u.name.get(lang).to_owned(),
                detail: label(labels, &format!("arm_{}", u.arm.as_str())),
                group: u.arm.as_str().to_owned(),
                cost: u.points.map(|p| format!("{p} {pts}")).unwrap_or_default(),
                max: None,
                taken: u32::try_from(list.units.iter().filter(|l| l.unit == u.id).count())
                    .unwrap_or(u32::MAX),
                mine: true,
                figures: None,
                guns: None,
                extras: Vec::new(),
                free: Vec::new(),
                choices: vec![
                    OfferChoice {
                        key: "brigade".into(),
                        label: label(labels, "brigade"),
                        values: brigades.clone(),
                        default: list.units.last().map(|l| l.brigade.clone()),
                        new: vec![
                            Choice::new("brigade-name", &label(labels, "field_brigade_name")),
                            Choice::new("commander", &label(labels, "field_commander")),
                            Choice::new("rating", &label(labels, "rating")),
                        ],
                    },
                    OfferChoice {
                        key: "size".into(),
                        label: label(labels, "field_size"),
                        values: sizes.clone(),
                        default: Some(u.size.clone()),
                        new: Vec::new(),
                    },
                ],
                // The shipped unit types are illustrative (the book gives none).
                provenance: db.units.provenance(&u.id),
                // Its commanders are the list's, not units of the picker.
                command: None,
            })
            .collect();
        let groups = Arm::ALL
            .iter()
            .map(|a| Choice::new(a.as_str(), &label(labels, &format!("arm_{}", a.as_str()))))
            .collect();
        Offers::new(groups, offers)
    }
}
