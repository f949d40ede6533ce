//! Capitán behind the ruleset boundary: what the generic commands ask of a ruleset (listings,
//! list checks and edits, the views of cards, quick-reference sheet and roster), answered
//! from the Capitán database.

use serde_json::json;
use serde_json::Value;
use toml_edit::{value, Array, DocumentMut, Item, Table};

use super::army::base_cost;
use super::check;
use super::database::Database;
use super::list::ListFile;
use super::model::{Arm, Coalition, Kind, Lang, Restriction, UnitSheet};
use super::validate;
use super::views;
use crate::core::diagnostic::Diagnostic;
use crate::core::error::{unknown, Error};
use crate::core::source::{FileId, Sources};
use crate::core::words::Phrase;
use crate::render::markup::MAX_BOXES;
use crate::rulesets::cards::CardsOf;
use crate::rulesets::checking;
use crate::rulesets::list_doc::{self, push_unit, remove_unit_at};
use crate::rulesets::priced::Pricing;
use crate::rulesets::procedure::{Preview, Request};
use crate::rulesets::roster_of::RosterOf;
use crate::rulesets::{
    columns, label, set_in_place, to_value, Choice, Engine, FreeSkill, ListCheck, ListField,
    Listing, NewList, NewUnit, Ruleset, SheetFilter, UnitChange,
};
use crate::rulesets::{Candidate, NameKind, Naming};
use crate::rulesets::{Cards, Careers, Editor, Games, Lists, Rules, Sheets};
use crate::rulesets::{Draft, Replaced, SheetFile, SheetForm, UnitRow};

pub struct CapitanEngine {
    /// The ruleset the registry loaded it as.
    pub ruleset: Ruleset,
    pub db: Database,
    /// The picker's offers worked out over `db`, by the lists' context.
    offers: super::offers::Kept,
}

impl CapitanEngine {
    pub fn new(ruleset: Ruleset, db: Database) -> Self {
        Self {
            ruleset,
            db,
            offers: super::offers::Kept::default(),
        }
    }
}

/// Parses an enum id given on the command line, with the known ids in the message.
fn parse_id<T: Copy + 'static>(
    what: &str,
    s: &str,
    all: &[T],
    id: impl Fn(T) -> &'static str,
) -> Result<T, Error> {
    all.iter()
        .copied()
        .find(|v| id(*v) == s)
        .ok_or_else(|| unknown(what, s, all.iter().map(|v| id(*v))))
}

struct Filter {
    nation: Option<String>,
    coalition: Option<Coalition>,
    kind: Option<Kind>,
    arm: Option<Arm>,
    campaign: Option<String>,
}

impl Filter {
    fn new(db: &Database, f: &SheetFilter) -> Result<Self, Error> {
        if let Some(a) = &f.army {
            return Err(Error::Usage(format!(
                "--army {a}: Capitán sheets have no army; filter by --nation, --coalition, --kind, --arm or --campaign"
            )));
        }
        if let Some(n) = &f.nation {
            if !db.nations.contains(n) {
                return Err(unknown("nation", n, db.nations.ids()));
            }
        }
        if let Some(c) = &f.campaign {
            if !db.campaigns.contains(c) {
                return Err(unknown("campaign", c, db.campaigns.ids()));
            }
        }
        Ok(Self {
            nation: f.nation.clone(),
            coalition: f
                .coalition
                .as_deref()
                .map(|c| parse_id("coalition", c, Coalition::ALL, Coalition::as_str))
                .transpose()?,
            kind: f
                .kind
                .as_deref()
                .map(|k| parse_id("kind", k, Kind::ALL, Kind::as_str))
                .transpose()?,
            arm: f
                .arm
                .as_deref()
                .map(|a| parse_id("arm", a, Arm::ALL, Arm::as_str))
                .transpose()?,
            campaign: f.campaign.clone(),
        })
    }

    fn matches(&self, s: &UnitSheet) -> bool {
        self.nation.as_ref().is_none_or(|n| &s.nation == n)
            && self.coalition.is_none_or(|c| s.coalition == c)
            && self.kind.is_none_or(|k| s.kind == k)
            && self.arm.is_none_or(|a| s.arm == a)
            && self
                .campaign
                .as_ref()
                .is_none_or(|c| s.campaigns.contains(c))
    }
}

/// The unit (1-based) the list's free skill is on, if it has one.
fn free_skill_unit(doc: &DocumentMut) -> Option<usize> {
    doc.get("list")?
        .get("free_skill")?
        .get("unit")?
        .as_integer()
        .and_then(|u| usize::try_from(u).ok())
}

impl Engine for CapitanEngine {
    fn summary(&self) -> String {
        use crate::core::text::count;
        let db = &self.db;
        [
            count(db.sheets.len(), "sheet", "sheets"),
            count(db.skills.len(), "skill", "skills"),
            count(db.weapons.len(), "weapon", "weapons"),
            count(db.nations.len(), "nation", "nations"),
            count(db.campaigns.len(), "campaign", "campaigns"),
        ]
        .join(", ")
    }

    fn names(&self, kind: NameKind, _: &Naming) -> Vec<Candidate> {
        use crate::core::names::Names;
        match kind {
            NameKind::Unit => self
                .db
                .sheets
                .iter()
                .map(|s| Candidate::new(&s.id, Names::same(&s.name, self.ruleset.languages())))
                .collect(),
            NameKind::Skill => self
                .db
                .skills
                .iter()
                .map(|s| Candidate::new(&s.id, s.name.by_lang()))
                .collect(),
            NameKind::Option => Vec::new(),
        }
    }

    fn qrs(&self, lang: Lang, labels: &toml::Table) -> Result<serde_json::Value, Error> {
        to_value(&views::qrs(&self.db, lang, labels))
    }

    fn preview(&self, request: &Request) -> Result<Preview, Error> {
        super::procedures::preview(&self.db, request)
    }

    crate::rulesets::engine::capabilities!(
        sheets: Sheets, editor: Editor, lists: Lists, cards: Cards, games: Games, careers: Careers
    );
}

impl Sheets for CapitanEngine {
    fn listing(&self, filter: &SheetFilter, _lang: Lang) -> Result<Listing, Error> {
        let filter = Filter::new(&self.db, filter)?;
        let sheets: Vec<&UnitSheet> = self
            .db
            .sheets
            .iter()
            .filter(|s| filter.matches(s))
            .collect();
        let opt = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_else(|| "-".into());
        Ok(Listing {
            json: to_value(&sheets)?,
            header: columns(&[
                ("col-id", "id"),
                ("col-name", "name"),
                ("col-nation", "nation"),
                ("col-kind", "kind"),
                ("col-arm", "arm"),
                ("col-quality", "quality"),
                ("col-figures-nf", "N°F"),
                ("col-units-nu", "N°U"),
                ("col-points-pt", "PT"),
                ("col-points-pc", "PC"),
            ]),
            rows: sheets
                .iter()
                .map(|s| {
                    vec![
                        s.id.clone(),
                        s.name.clone(),
                        s.nation.clone(),
                        s.kind.to_string(),
                        s.arm.to_string(),
                        s.quality.to_string(),
                        opt(s.figures),
                        s.max_units.to_string(),
                        s.points.to_string(),
                        opt(s.gun_points),
                    ]
                })
                .collect(),
            noun: Phrase::new("listed-sheets", "{n|# sheet|# sheets}").count("n", sheets.len()),
        })
    }

    fn sheet(&self, id: &str) -> Result<serde_json::Value, Error> {
        let s = self
            .db
            .sheet(id)
            .ok_or_else(|| unknown("sheet", id, self.db.sheets.ids()))?;
        let mut v = to_value(&s)?;
        if let Some(o) = v.as_object_mut() {
            o.insert("provenance".into(), to_value(&self.db.provenance(id))?);
        }
        Ok(v)
    }

    fn skills(&self, lang: Lang) -> Result<Option<Listing>, Error> {
        let db = &self.db;
        Ok(Some(Listing {
            json: serde_json::Value::Array(
                db.skills
                    .iter()
                    .map(|s| {
                        json!({
                            "id": s.id,
                            "name": s.name.fr,
                            "cost": s.cost,
                            "restriction": s.restriction,
                            "names": s.name,
                            "summary": s.summary.en,
                        })
                    })
                    .collect(),
            ),
            header: columns(&[
                ("col-id", "id"),
                ("col-name", "name"),
                ("col-cost", "cost"),
                ("col-only", "only"),
                ("col-rule-11", "rule (§11)"),
            ]),
            rows: db
                .skills
                .iter()
                .map(|s| {
                    vec![
                        s.id.clone(),
                        s.name.get(lang).to_owned(),
                        s.cost.to_string(),
                        s.restriction
                            .map(|r: Restriction| r.to_string())
                            .unwrap_or_else(|| "-".into()),
                        s.summary.get(lang).to_owned(),
                    ]
                })
                .collect(),
            noun: Phrase::new("listed-skills", "{n|# skill|# skills}").count("n", db.skills.len()),
        }))
    }
}

impl Editor for CapitanEngine {
    fn copy_sheet(&self, from: &str, new_id: &str) -> Result<SheetFile, Error> {
        let mut s = self
            .db
            .sheet(from)
            .ok_or_else(|| unknown("sheet", from, self.db.sheets.ids()))?
            .clone();
        s.id = new_id.to_owned();
        s.source = None;
        crate::rulesets::copy_of(
            "Capitán sheet",
            "sheet",
            "",
            ("sheet", "sheets"),
            (from, new_id),
            &s,
        )
    }

    fn sheet_form(&self, lang: Lang, labels: &toml::Table) -> Result<SheetForm, Error> {
        super::sheet_form::form(&self.db, lang, labels)
    }

    fn draft(&self, sources: &Sources, file: FileId) -> Result<Draft, Error> {
        let typed = super::sheet_form::draft(&self.db, sources, file)?;
        Ok(Draft {
            engine: Rules {
                ruleset: self.ruleset,
                engine: Box::new(CapitanEngine::new(self.ruleset, typed.db)),
            },
            id: typed.id,
            diagnostics: typed.diagnostics,
        })
    }

    fn sheet_file(&self, id: &str) -> Option<std::path::PathBuf> {
        self.db.provenance.get(id).map(|(_, f)| f.into())
    }

    fn replaced(&self) -> Vec<Replaced> {
        self.db.replaced.clone()
    }
}

impl Lists for CapitanEngine {
    fn kept_name(&self, key: &str, value: &str, lang: Lang) -> Option<String> {
        match key {
            "quality" => {
                let q = super::model::Quality::ALL
                    .iter()
                    .find(|q| q.as_str() == value)?;
                // Inside a sentence: "qualité vétérans → élite".
                let name = self.db.rules.quality(*q)?.name.get(lang);
                let mut chars = name.chars();
                let first = chars.next()?;
                Some(first.to_lowercase().chain(chars).collect())
            }
            _ => None,
        }
    }

    fn check_list(&self, sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic> {
        checking::parse_and_check(sources, file, |parsed| {
            check::check_list(self.ruleset, &self.db, sources, parsed)
        })
    }

    fn pricing(&self, row: &UnitRow) -> Option<Pricing> {
        super::priced::pricing(&self.db, row)
    }

    fn check_pair(&self, a: &ListCheck, b: &ListCheck, b_name: &str) -> Vec<Diagnostic> {
        validate::validate_pair(&self.db, a, b, b_name)
    }

    fn list_fields(&self, lang: Lang, labels: &toml::Table) -> Vec<ListField> {
        let db = &self.db;
        let field = |key, required, choices| ListField {
            key,
            label: label(labels, &format!("field_{key}")),
            required,
            choices,
            hint: String::new(),
        };
        vec![
            field(
                "coalition",
                true,
                Some(
                    Coalition::ALL
                        .iter()
                        .map(|c| {
                            let name = label(labels, &format!("coalition_{}", c.as_str()));
                            Choice::new(c.as_str(), &name)
                        })
                        .collect(),
                ),
            ),
            field(
                "campaign",
                true,
                Some(
                    db.campaigns
                        .iter()
                        .map(|c| Choice::new(&c.id, c.name.get(lang)))
                        .collect(),
                ),
            ),
            ListField {
                hint: label(labels, "field_points_hint"),
                ..field("points", true, None)
            },
            field(
                "rank",
                false,
                Some(
                    db.ranks
                        .iter()
                        .map(|r| Choice::new(&r.id, r.name.get(lang)))
                        .collect(),
                ),
            ),
        ]
    }

    fn offers(
        &self,
        sources: &Sources,
        file: FileId,
        lang: Lang,
        labels: &std::sync::Arc<toml::Table>,
    ) -> Result<crate::rulesets::Offers, Error> {
        let list = super::offers::parsed(sources, file)?;
        Ok(super::offers::offers_for(
            &self.offers,
            &self.db,
            &list,
            sources,
            file,
            lang,
            labels,
        ))
    }

    fn offers_checked(
        &self,
        check: &ListCheck,
        sources: &Sources,
        lang: Lang,
        labels: &std::sync::Arc<toml::Table>,
    ) -> Result<crate::rulesets::Offers, Error> {
        match check.parsed.get::<super::list::ListFile>() {
            Some(list) => Ok(super::offers::offers_for(
                &self.offers,
                &self.db,
                list,
                sources,
                check.file,
                lang,
                labels,
            )),
            None => self.offers(sources, check.file, lang, labels),
        }
    }

    fn new_list(&self, spec: &NewList) -> Result<DocumentMut, Error> {
        let db = &self.db;
        let coalition = spec
            .coalition
            .as_deref()
            .ok_or_else(|| Error::Usage("a Capitán list needs --coalition allies|empire".into()))?;
        let coalition = parse_id("coalition", coalition, Coalition::ALL, Coalition::as_str)?;
        let campaign = spec.campaign.as_deref().ok_or_else(|| {
            Error::Usage("a Capitán list needs --campaign (e.g. peninsula)".into())
        })?;
        if !db.campaigns.contains(campaign) {
            return Err(unknown("campaign", campaign, db.campaigns.ids()));
        }
        if let Some(r) = &spec.rank {
            if !db.ranks.contains(r) {
                return Err(unknown("rank", r, db.ranks.ids()));
            }
        }
        let mut doc = DocumentMut::new();
        let mut header = Table::new();
        header["name"] = value(&spec.name);
        header["ruleset"] = value(self.ruleset.id());
        header["coalition"] = value(coalition.as_str());
        header["campaign"] = value(campaign);
        let points = spec
            .points
            .ok_or_else(|| Error::Usage("a Capitán list needs --points (its limit)".into()))?;
        header["points"] = value(i64::from(points));
        if let Some(r) = &spec.rank {
            header["rank"] = value(r.as_str());
        }
        doc["list"] = Item::Table(header);
        Ok(doc)
    }

    fn add_unit(&self, doc: &mut DocumentMut, unit: &NewUnit) -> Result<(), Error> {
        let db = &self.db;
        if !unit.options.is_empty() || unit.guns.is_some() {
            return Err(Error::Usage(
                "Capitán units buy skills (--skill), not --option or --guns".into(),
            ));
        }
        let sheet = db
            .sheet(&unit.id)
            .ok_or_else(|| unknown("sheet", &unit.id, db.sheets.ids()))?;
        if unit.figures.is_none() && sheet.kind != Kind::Command {
            let troops = &db.rules.troops;
            return Err(Error::Usage(match sheet.kind {
                Kind::Artillery => format!(
                    "`{}` is a gun: give its crew with --figures (at least {} for a type {} gun, §12.15)",
                    sheet.id,
                    sheet
                        .gun_type
                        .and_then(|g| db.artillery.gun(g))
                        .map(|g| g.min_crew)
                        .unwrap_or(1),
                    sheet.gun_type.map(|g| g.to_string()).unwrap_or_default()
                ),
                _ => format!(
                    "`{}` is a troop unit: give its figures with --figures ({} to {}, §1)",
                    sheet.id, troops.min_figures, troops.max_figures
                ),
            }));
        }
        for s in unit
            .extras
            .iter()
            .chain(unit.free_skill.as_ref().map(|f| &f.skill))
        {
            if !db.skills.contains(s) {
                return Err(unknown("skill", s, db.skills.ids()));
            }
        }
        let mut table = Table::new();
        table["sheet"] = value(&unit.id);
        if let Some(l) = &unit.label {
            table["label"] = value(l.as_str());
        }
        if let Some(f) = unit.figures {
            table["figures"] = value(i64::from(f));
        }
        if !unit.extras.is_empty() {
            table["skills"] = value(unit.extras.iter().map(String::as_str).collect::<Array>());
        }
        let number = push_unit(doc, table)?;
        if let Some(free) = &unit.free_skill {
            let header = doc.get("list");
            if header.and_then(|l| l.get("rank")).is_none()
                && header.and_then(|l| l.get("career")).is_none()
            {
                return Err(Error::Usage(
                    "a free skill needs the player's rank (§10.1): add `rank = \"lieutenant\"` (or another rank) or the player's `career = \"careers/NAME.toml\"` to [list]".into(),
                ));
            }
            let mut entry = toml_edit::InlineTable::new();
            entry.insert("unit", (free.unit.unwrap_or(number) as i64).into());
            entry.insert("skill", free.skill.as_str().into());
            if let Some(list) = doc.get_mut("list").and_then(Item::as_table_like_mut) {
                list_doc::set_item(list, "free_skill", Item::Value(entry.into()));
            }
        }
        Ok(())
    }

    fn remove_unit(&self, doc: &mut DocumentMut, index: usize) -> Result<Vec<String>, Error> {
        remove_unit_at(doc, index)?;
        let mut notes = Vec::new();
        // Keep §10.1's free skill pointing at the same unit.
        if let Some(free) = doc.get_mut("list").and_then(|l| l.get_mut("free_skill")) {
            let unit = free.get("unit").and_then(|u| u.as_integer()).unwrap_or(0);
            let index = index as i64;
            if unit == index {
                list_doc::remove_list_key(doc, "free_skill");
                notes.push(format!(
                    "the free skill (§10.1) was on unit {index}; it was removed with it"
                ));
            } else if unit > index {
                free["unit"] = value(unit - 1);
            }
        }
        Ok(notes)
    }

    fn unit_keys(&self) -> &'static [&'static str] {
        self.ruleset.list_words().unit_keys
    }

    fn unit_of(&self, doc: &DocumentMut, index: usize) -> Result<NewUnit, Error> {
        let unit = list_doc::unit_table(doc, index)?;
        let free = doc
            .get("list")
            .and_then(|l| l.get("free_skill"))
            .filter(|f| f.get("unit").and_then(Item::as_integer) == Some(index as i64))
            .and_then(|f| f.get("skill"))
            .and_then(Item::as_str)
            .map(|skill| FreeSkill {
                unit: Some(index),
                skill: skill.to_owned(),
            });
        Ok(NewUnit {
            id: list_doc::text_of(unit, "sheet").unwrap_or_default(),
            figures: list_doc::count_of(unit, "figures"),
            label: list_doc::text_of(unit, "label"),
            extras: list_doc::texts_of(unit, "skills"),
            free_skill: free,
            ..NewUnit::default()
        })
    }

    fn set_unit(
        &self,
        doc: &mut DocumentMut,
        index: usize,
        change: &UnitChange,
    ) -> Result<Vec<String>, Error> {
        let before = free_skill_unit(doc);
        let (unit, _) = set_in_place(self, self.unit_keys(), doc, index, change)?;
        let mut notes = Vec::new();
        // §10.1: one free skill in a list; `set` gives it to this unit or takes it away.
        let Some(list) = doc.get_mut("list").and_then(Item::as_table_like_mut) else {
            return Ok(notes);
        };
        match (&unit.free_skill, change.free_skill.is_some()) {
            (Some(free), _) => {
                let mut entry = toml_edit::InlineTable::new();
                entry.insert("unit", (index as i64).into());
                entry.insert("skill", free.skill.as_str().into());
                list_doc::set_item(list, "free_skill", Item::Value(entry.into()));
                if let Some(other) = before.filter(|u| *u != index) {
                    notes.push(format!(
                        "the free skill (§10.1) was on unit {other}; a list has one, now on unit {index}"
                    ));
                }
            }
            (None, true) if before == Some(index) => {
                list_doc::remove_list_key(doc, "free_skill");
            }
            _ => {}
        }
        Ok(notes)
    }

    fn move_unit(
        &self,
        doc: &mut DocumentMut,
        from: usize,
        to: usize,
    ) -> Result<Vec<String>, Error> {
        list_doc::move_unit_at(doc, from, to)?;
        // §10.1's free skill names its unit by number: it follows the unit.
        if let Some(free) = doc.get_mut("list").and_then(|l| l.get_mut("free_skill")) {
            if let Some(unit) = free.get("unit").and_then(Item::as_integer) {
                let moved = list_doc::renumbered(unit as usize, from, to);
                if moved != unit as usize {
                    free["unit"] = value(moved as i64);
                }
            }
        }
        Ok(Vec::new())
    }

    fn roster(
        &self,
        list: &ListCheck,
        sources: &Sources,
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<serde_json::Value, Error> {
        let parsed = list_doc::reparse::<ListFile>(sources, list.file)?;
        let of = RosterOf::new(list, sources, lang, labels);
        to_value(&super::roster::roster(&self.db, &parsed, of))
    }
}

impl Cards for CapitanEngine {
    fn contexts(&self, of: CardsOf, lang: Lang, labels: &toml::Table) -> Result<Vec<Value>, Error> {
        let db = &self.db;
        crate::rulesets::cards::contexts_of(
            of,
            |number, row| {
                let sheet = db
                    .sheet(&row.id)
                    .ok_or_else(|| unknown("sheet", &row.id, db.sheets.ids()))?;
                let boxes = row
                    .figures
                    .map(|f| f.clamp(0, i64::from(MAX_BOXES)) as u32)
                    .unwrap_or_else(|| views::default_boxes(db, sheet));
                let skills: Vec<(String, u32)> =
                    row.extras.iter().map(|e| (e.id.clone(), e.cost)).collect();
                Ok(views::card(
                    db,
                    &views::CardUnit {
                        sheet,
                        label: Some(&row.label),
                        number: Some(number),
                        boxes,
                        skills: &skills,
                        cost: Some(row.cost),
                    },
                    lang,
                    labels,
                ))
            },
            |arg| {
                let sheet = db
                    .sheet(&arg.id)
                    .ok_or_else(|| unknown("sheet", &arg.id, db.sheets.ids()))?;
                if let Some(n) = arg.figures {
                    let troops = &db.rules.troops;
                    let (min, max, what) = match sheet.kind {
                        Kind::Command => {
                            let f = sheet.figures.unwrap_or(1);
                            (f, f, "a command unit has its N°F".to_owned())
                        }
                        Kind::Troop => (
                            troops.min_figures,
                            troops.max_figures,
                            "troop units have".to_owned(),
                        ),
                        Kind::Artillery => (
                            views::default_boxes(db, sheet),
                            troops.max_figures,
                            "a gun has a crew of".to_owned(),
                        ),
                    };
                    if n < min || n > max {
                        return Err(Error::Usage(format!(
                            "--sheet {}:{n}: {what} {} figures (Capitán §1, §12.15)",
                            sheet.id,
                            if min == max {
                                min.to_string()
                            } else {
                                format!("{min} to {max}")
                            }
                        )));
                    }
                }
                let boxes = arg
                    .figures
                    .unwrap_or_else(|| views::default_boxes(db, sheet));
                let offered: Vec<(String, u32)> = sheet
                    .skills
                    .iter()
                    .map(|s| (s.id.clone(), s.cost))
                    .collect();
                let cost = (arg.figures.is_some() || sheet.kind == Kind::Command)
                    .then(|| base_cost(sheet, boxes));
                Ok(views::card(
                    db,
                    &views::CardUnit {
                        sheet,
                        label: None,
                        number: None,
                        boxes,
                        skills: &offered,
                        cost,
                    },
                    lang,
                    labels,
                ))
            },
        )
    }
}

impl Games for CapitanEngine {
    fn game_rules(&self) -> &crate::rulesets::game::GameRules {
        &self.db.game
    }
}

impl Careers for CapitanEngine {
    fn new_career(&self, nation: &str, arm: &str, player: Option<&str>) -> Result<String, Error> {
        super::career::new_career(&self.db, nation, arm, player)
    }

    fn add_to_career(
        &self,
        loaded: &Rules,
        doc: &mut DocumentMut,
        path: &std::path::Path,
        game: Option<&std::path::Path>,
        points: u32,
    ) -> Result<String, Error> {
        super::career::add_game(&self.db, loaded, doc, path, game, points)
    }

    fn show_career(
        &self,
        path: &std::path::Path,
        lang: Lang,
        labels: &toml::Table,
    ) -> Result<crate::rulesets::Scored, Error> {
        super::career::show(&self.db, path, labels, lang)
    }
}
