//! "Au crépuscule de l'Aigle" behind the ruleset boundary: listings of the armies' entries and
//! special rules, list checks and edits, and the views of cards, aide de jeu and roster.

use serde_json::json;
use serde_json::Value;
use toml_edit::{value, DocumentMut, Item, Table};

use super::army::unit_cost;
use super::check;
use super::database::Database;
use super::list::ListFile;
use super::list::ListUnit;
use super::model::*;
use super::validate;
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
use crate::rulesets::{
    label, to_value, Battle, Choice, Engine, ListCheck, ListField, Listing, NewList, NewUnit,
    Ruleset, Scored, SheetFilter,
};
use crate::rulesets::{Candidate, NameKind, Naming};
use crate::rulesets::{Cards, Editor, Games, Lists, Rules, Scoring, Sheets};
use crate::rulesets::{Draft, Replaced, SheetFile, SheetForm, UnitRow};

pub struct WabEngine {
    /// The ruleset the registry loaded it as.
    pub ruleset: Ruleset,
    pub db: Database,
    /// The picker's offers of each army, language and labels asked, worked out once.
    offers: super::offers::Kept,
}

impl WabEngine {
    pub fn new(ruleset: Ruleset, db: Database) -> Self {
        Self {
            ruleset,
            db,
            offers: super::offers::Kept::default(),
        }
    }
}

fn parse_kind(s: &str) -> Result<Kind, Error> {
    Kind::ALL
        .iter()
        .copied()
        .find(|k| k.as_str() == s)
        .ok_or_else(|| unknown("kind", s, Kind::ALL.iter().map(|k| k.as_str())))
}

/// An option of `muster list add --option`: `flag`, `musician`, `heavy-armour`, `elite=N`.
fn parse_option(s: &str) -> Result<(UnitOption, i64), Error> {
    let (name, n) = match s.split_once(['=', ':']) {
        Some((name, n)) => (
            name,
            Some(n.parse::<i64>().map_err(|_| {
                Error::Usage(format!("--option {s}: expected {name}=N with N a number"))
            })?),
        ),
        None => (s, None),
    };
    let option = UnitOption::ALL
        .iter()
        .copied()
        .find(|o| o.as_str() == name)
        .ok_or_else(|| unknown("option", name, UnitOption::ALL.iter().map(|o| o.as_str())))?;
    match (option, n) {
        (UnitOption::Elite, Some(n)) if (1..=200).contains(&n) => Ok((option, n)),
        (UnitOption::Elite, _) => Err(Error::Usage(format!(
            "--option {s}: give the elite figures, elite=N (1 to 200)"
        ))),
        (_, Some(_)) => Err(Error::Usage(format!(
            "--option {s}: {name} takes no number"
        ))),
        (_, None) => Ok((option, 1)),
    }
}

impl Engine for WabEngine {
    fn summary(&self) -> String {
        use crate::core::text::count;
        let db = &self.db;
        [
            count(db.armies.len(), "army", "armies"),
            count(db.entries.len(), "entry", "entries"),
            count(db.specials.len(), "special rule", "special rules"),
            count(db.formations.len(), "formation", "formations"),
            count(db.batteries.len(), "battery type", "battery types"),
        ]
        .join(", ")
    }

    fn names(&self, kind: NameKind, naming: &Naming) -> Vec<Candidate> {
        use crate::core::names::Names;
        let Naming { labels, list } = *naming;
        match kind {
            NameKind::Unit => {
                // A list's own army's entries first: several armies have hussars.
                let army = list
                    .and_then(|d| d.get("list"))
                    .and_then(|l| l.get("army"))
                    .and_then(|a| a.as_str());
                let mut all: Vec<Candidate> = self
                    .db
                    .entries
                    .iter()
                    .map(|e| Candidate {
                        id: e.id.clone(),
                        names: e.name.by_lang(),
                        context: self.db.army(&e.army).map(|a| a.header.name.en.clone()),
                        rank: u8::from(army.is_some_and(|a| a != e.army)),
                    })
                    .collect();
                // The other words a unit is given by: a general by rank or role (`division`),
                // a battery by its type in a preview (`medium`).
                let mut words: Vec<&str> = self
                    .db
                    .armies
                    .iter()
                    .flat_map(|a| self.db.general_words(a))
                    .collect();
                words.sort_unstable();
                words.dedup();
                all.extend(words.into_iter().map(|w| Candidate {
                    rank: 2,
                    ..Candidate::new(w, Names::default())
                }));
                all.extend(self.db.batteries.iter().map(|b| Candidate {
                    rank: 2,
                    ..Candidate::new(&b.id, b.name.by_lang())
                }));
                all
            }
            NameKind::Skill => Vec::new(),
            NameKind::Option => UnitOption::ALL
                .iter()
                .map(|o| {
                    let key = match o {
                        UnitOption::Flag => "flag",
                        UnitOption::Musician => "musician",
                        UnitOption::Elite => "elite_figures_rule_name",
                        UnitOption::HeavyArmour => "heavy_armour",
                    };
                    Candidate::new(
                        o.as_str(),
                        Names::new(labels.iter().filter_map(|(lang, l)| {
                            l.get(key)
                                .and_then(|v| v.as_str())
                                .map(|n| (*lang, n.to_owned()))
                        })),
                    )
                })
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
        sheets: Sheets, editor: Editor, lists: Lists, cards: Cards, games: Games, scoring: Scoring
    );
}

impl Sheets for WabEngine {
    fn listing(&self, filter: &SheetFilter, lang: Lang) -> Result<Listing, Error> {
        let db = &self.db;
        for (flag, value) in [
            ("--coalition", &filter.coalition),
            ("--campaign", &filter.campaign),
            ("--arm", &filter.arm),
        ] {
            if let Some(v) = value {
                return Err(Error::Usage(format!(
                    "{flag} {v}: WAB ACA entries are filtered by --army, --nation or --kind"
                )));
            }
        }
        if let Some(a) = &filter.army {
            if !db.armies.contains(a) {
                return Err(unknown("army", a, db.armies.ids()));
            }
        }
        let kind = filter.kind.as_deref().map(parse_kind).transpose()?;
        let nation = filter.nation.as_deref();
        if let Some(n) = nation {
            let known: Vec<String> = db.armies.iter().map(|a| nation_id(&a.header)).collect();
            if !known.iter().any(|k| k == n) {
                return Err(unknown("nation", n, known.iter().map(String::as_str)));
            }
        }
        let entries: Vec<&Entry> = db
            .entries
            .iter()
            .filter(|e| filter.army.as_ref().is_none_or(|a| &e.army == a))
            .filter(|e| kind.is_none_or(|k| e.kind == k))
            .filter(|e| {
                nation.is_none_or(|n| db.army(&e.army).is_some_and(|a| nation_id(&a.header) == n))
            })
            .collect();
        Ok(Listing {
            json: to_value(&entries)?,
            header: columns(&[
                ("col-id", "id"),
                ("col-name", "name"),
                ("col-army", "army"),
                ("col-kind", "kind"),
                ("col-quality", "quality"),
                ("col-wab-m", "M"),
                ("col-wab-ws", "WS"),
                ("col-wab-bs", "BS"),
                ("col-wab-s", "S"),
                ("col-wab-t", "T"),
                ("col-wab-w", "W"),
                ("col-wab-i", "I"),
                ("col-wab-a", "A"),
                ("col-wab-ld", "Ld"),
                ("col-wab-sv", "Sv"),
                ("col-figures", "figures"),
                ("col-pts", "pts"),
            ]),
            rows: entries
                .iter()
                .map(|e| {
                    let p = &e.profile;
                    vec![
                        e.id.clone(),
                        e.name.get(lang).to_owned(),
                        e.army.clone(),
                        e.class
                            .map(|c| c.to_string())
                            .or_else(|| e.battery.clone())
                            .or_else(|| e.role.map(|r| r.to_string()))
                            .unwrap_or_else(|| e.kind.to_string()),
                        e.quality.clone(),
                        p.m.to_string(),
                        p.ws.to_string(),
                        p.bs.to_string(),
                        p.s.to_string(),
                        p.t.to_string(),
                        p.w.to_string(),
                        p.i.to_string(),
                        p.a.to_string(),
                        p.ld.to_string(),
                        p.sv.map(|s| format!("{s}+")).unwrap_or_else(|| "-".into()),
                        if e.figures.min == e.figures.max {
                            e.figures.min.to_string()
                        } else {
                            format!("{}-{}", e.figures.min, e.figures.max)
                        },
                        match e.gun_cost {
                            Some(g) => format!("{g}+{}", e.cost),
                            None => e.cost.to_string(),
                        },
                    ]
                })
                .collect(),
            noun: Phrase::new("listed-entries", "{n|# entry|# entries}").count("n", entries.len()),
        })
    }

    fn sheet(&self, id: &str) -> Result<serde_json::Value, Error> {
        let e = self
            .db
            .entry(id)
            .ok_or_else(|| unknown("entry", id, self.db.entries.ids()))?;
        let mut v = to_value(&e)?;
        if let Some(o) = v.as_object_mut() {
            o.insert("provenance".into(), to_value(&self.db.provenance(id))?);
        }
        Ok(v)
    }

    fn skills(&self, lang: Lang) -> Result<Option<Listing>, Error> {
        let db = &self.db;
        Ok(Some(Listing {
            json: serde_json::Value::Array(
                db.specials
                    .iter()
                    .map(|s| {
                        json!({
                            "id": s.id,
                            "name": s.name,
                            "section": s.section,
                            "rule": s.rule,
                        })
                    })
                    .collect(),
            ),
            header: columns(&[
                ("col-id", "id"),
                ("col-name", "name"),
                ("col-section", "section"),
                ("col-rule", "rule"),
            ]),
            rows: db
                .specials
                .iter()
                .map(|s| {
                    vec![
                        s.id.clone(),
                        s.name.get(lang).to_owned(),
                        s.section.clone(),
                        s.rule.get(lang).to_owned(),
                    ]
                })
                .collect(),
            noun: Phrase::new("listed-special-rules", "{n|# special rule|# special rules}")
                .count("n", db.specials.len()),
        }))
    }
}

impl Editor for WabEngine {
    fn sheet_file(&self, id: &str) -> Option<std::path::PathBuf> {
        self.db.provenance.get(id).map(|(_, f)| f.into())
    }

    fn replaced(&self) -> Vec<Replaced> {
        self.db.replaced.clone()
    }

    fn copy_sheet(&self, from: &str, new_id: &str) -> Result<SheetFile, Error> {
        let mut e = self
            .db
            .entry(from)
            .ok_or_else(|| unknown("entry", from, self.db.entries.ids()))?
            .clone();
        e.id = new_id.to_owned();
        crate::rulesets::copy_of(
            "WAB ACA entry",
            "entry",
            "`army` is the army the entry joins.",
            ("entry", "armies"),
            (from, new_id),
            &e,
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
                engine: Box::new(WabEngine::new(self.ruleset, typed.db)),
            },
            id: typed.id,
            diagnostics: typed.diagnostics,
        })
    }
}

impl Lists for WabEngine {
    fn check_list(&self, sources: &Sources, file: FileId) -> Result<ListCheck, Diagnostic> {
        checking::parse_and_check(sources, file, |p| {
            check::check_list(self.ruleset, &self.db, p)
        })
    }

    fn pricing(&self, row: &UnitRow) -> Option<Pricing> {
        super::priced::pricing(&self.db, row)
    }

    fn check_pair(&self, a: &ListCheck, b: &ListCheck, b_name: &str) -> Vec<Diagnostic> {
        validate::validate_pair(&self.db, a, b, b_name)
    }

    fn list_fields(&self, lang: Lang, labels: &toml::Table) -> Vec<ListField> {
        let mut armies: Vec<Choice> = self
            .db
            .armies
            .iter()
            .map(|a| Choice::new(&a.header.id, a.header.name.get(lang)))
            .collect();
        armies.sort_by(|a, b| a.label.cmp(&b.label));
        vec![
            ListField {
                key: "army",
                label: label(labels, "field_army"),
                required: true,
                choices: Some(armies),
                hint: String::new(),
            },
            ListField {
                key: "points",
                label: label(labels, "field_points"),
                required: true,
                choices: None,
                hint: label(labels, "field_points_hint"),
            },
        ]
    }

    fn offers(
        &self,
        sources: &Sources,
        file: FileId,
        lang: Lang,
        labels: &std::sync::Arc<toml::Table>,
    ) -> Result<crate::rulesets::Offers, Error> {
        super::offers::offers(&self.offers, &self.db, sources, file, lang, labels)
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
                lang,
                labels,
            )),
            None => self.offers(sources, check.file, lang, labels),
        }
    }

    fn house_rules(&self) -> Vec<String> {
        self.db
            .rules
            .house_rule
            .iter()
            .map(|h| h.id.clone())
            .collect()
    }

    fn list_house_rules(&self, list: &ListCheck) -> Vec<String> {
        // Each unit's row carries its list's (check.rs): a list without units plays none.
        let Some(row) = list.units.first() else {
            return Vec::new();
        };
        let on: Vec<&str> = row.json["house_rules"]
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
            .unwrap_or_default();
        self.db
            .rules
            .house_rule
            .iter()
            .filter(|h| on.contains(&h.id.as_str()))
            .map(|h| h.id.clone())
            .collect()
    }

    fn new_list(&self, spec: &NewList) -> Result<DocumentMut, Error> {
        let db = &self.db;
        let army = spec.army.as_deref().ok_or_else(|| {
            let mut known: Vec<&str> = db.armies.ids().collect();
            known.sort_unstable();
            Error::Usage(format!(
                "a WAB ACA list needs --army ({})",
                known.join(", ")
            ))
        })?;
        if !db.armies.contains(army) {
            return Err(unknown("army", army, db.armies.ids()));
        }
        let mut doc = DocumentMut::new();
        let mut header = Table::new();
        header["name"] = value(&spec.name);
        header["ruleset"] = value(self.ruleset.id());
        header["army"] = value(army);
        let points = spec
            .points
            .ok_or_else(|| Error::Usage("a WAB ACA list needs --points (its limit)".into()))?;
        header["points"] = value(i64::from(points));
        doc["list"] = Item::Table(header);
        Ok(doc)
    }

    fn add_unit(&self, doc: &mut DocumentMut, unit: &NewUnit) -> Result<(), Error> {
        let db = &self.db;
        if !unit.extras.is_empty() || unit.free_skill.is_some() {
            return Err(Error::Usage(
                "WAB ACA units have no skills: give options with --option flag|musician|elite=N|heavy-armour".into(),
            ));
        }
        let army_id = doc
            .get("list")
            .and_then(|l| l.get("army"))
            .and_then(|a| a.as_str())
            .ok_or_else(|| Error::Usage("the list has no [list] army".into()))?
            .to_owned();
        let army = db
            .army(&army_id)
            .ok_or_else(|| unknown("army", &army_id, db.armies.ids()))?;
        let (entry, general) = match db.entry(&unit.id) {
            Some(e) if e.army == army_id => (e, false),
            Some(e) => {
                return Err(Error::Usage(format!(
                    "`{}` is an entry of {}, and this list is of {army_id}",
                    e.id, e.army
                )))
            }
            None => match db.general(army, &unit.id) {
                Some(e) => (e, true),
                None => {
                    let mut known: Vec<&str> = army.entries.iter().map(String::as_str).collect();
                    known.extend(db.general_words(army));
                    return Err(unknown(
                        &format!("entry of {army_id}"),
                        &unit.id,
                        known.into_iter(),
                    ));
                }
            },
        };
        if entry.kind != Kind::General && unit.figures.is_none() {
            return Err(Error::Usage(format!(
                "`{}` needs its {} with --figures ({} to {})",
                entry.id,
                if entry.kind == Kind::Battery {
                    "gunners"
                } else {
                    "figures"
                },
                entry.figures.min,
                entry.figures.max
            )));
        }
        if let (Some(f), Kind::General) = (unit.figures, entry.kind) {
            return Err(Error::Usage(format!(
                "--figures {f}: `{}` is a general, who has no figures to count",
                unit.id
            )));
        }
        if unit.guns.is_some() && entry.kind != Kind::Battery {
            return Err(Error::Usage(format!(
                "--guns: `{}` is not a battery",
                entry.id
            )));
        }
        let mut table = Table::new();
        if general {
            table["general"] = value(&unit.id);
        } else {
            table["entry"] = value(&entry.id);
        }
        if let Some(l) = &unit.label {
            table["label"] = value(l.as_str());
        }
        if let Some(f) = unit.figures {
            table["figures"] = value(i64::from(f));
        }
        if let Some(g) = unit.guns {
            table["guns"] = value(i64::from(g));
        }
        for o in &unit.options {
            let (option, n) = parse_option(o)?;
            if !entry.offers(option) {
                let offered: Vec<&str> = entry.options.iter().map(|o| o.as_str()).collect();
                return Err(Error::Usage(format!(
                    "--option {o}: {} offers {}",
                    entry.name.en,
                    if offered.is_empty() {
                        "no option".to_owned()
                    } else {
                        offered.join(", ")
                    }
                )));
            }
            match option {
                UnitOption::Flag => table["flag"] = value(true),
                UnitOption::Musician => table["musician"] = value(true),
                UnitOption::HeavyArmour => table["heavy_armour"] = value(true),
                UnitOption::Elite => table["elite"] = value(n),
            }
        }
        push_unit(doc, table)?;
        Ok(())
    }

    fn unit_keys(&self) -> &'static [&'static str] {
        self.ruleset.list_words().unit_keys
    }

    fn unit_of(&self, doc: &DocumentMut, index: usize) -> Result<NewUnit, Error> {
        let unit = list_doc::unit_table(doc, index)?;
        let flag = |k: &str| unit.get(k).and_then(Item::as_bool).unwrap_or(false);
        let mut options = Vec::new();
        for (key, option) in [
            ("flag", UnitOption::Flag),
            ("musician", UnitOption::Musician),
            ("heavy_armour", UnitOption::HeavyArmour),
        ] {
            if flag(key) {
                options.push(option.as_str().to_owned());
            }
        }
        if let Some(n) = list_doc::count_of(unit, "elite").filter(|n| *n > 0) {
            options.push(format!("{}={n}", UnitOption::Elite.as_str()));
        }
        Ok(NewUnit {
            id: list_doc::text_of(unit, "entry")
                .or_else(|| list_doc::text_of(unit, "general"))
                .unwrap_or_default(),
            figures: list_doc::count_of(unit, "figures"),
            label: list_doc::text_of(unit, "label"),
            options,
            guns: list_doc::count_of(unit, "guns"),
            ..NewUnit::default()
        })
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
        to_value(&views::roster(&self.db, &parsed, of))
    }
}

impl Cards for WabEngine {
    fn contexts(&self, of: CardsOf, lang: Lang, labels: &toml::Table) -> Result<Vec<Value>, Error> {
        let db = &self.db;
        crate::rulesets::cards::contexts_of(
            of,
            |number, row| {
                let entry = db
                    .entry(&row.id)
                    .ok_or_else(|| unknown("entry", &row.id, db.entries.ids()))?;
                let bought = bought_from_row(row);
                Ok(views::card(
                    db,
                    &CardUnit {
                        entry,
                        number: Some(number),
                        label: Some(&row.label),
                        bought: Some(&bought),
                        figures: row.figures,
                        cost: Some(row.cost),
                        elite_infantry_rerolls: row.json["house_rules"]
                            .as_array()
                            .is_some_and(|a| a.iter().any(|h| h == HOUSE_ELITE_INFANTRY)),
                    },
                    lang,
                    labels,
                ))
            },
            |arg| {
                let entry = db
                    .entry(&arg.id)
                    .ok_or_else(|| unknown("entry", &arg.id, db.entries.ids()))?;
                if let Some(n) = arg.figures {
                    if n < entry.figures.min || n > entry.figures.max {
                        return Err(Error::Usage(format!(
                            "--sheet {}:{n}: `{}` takes {} to {} {}",
                            entry.id,
                            entry.id,
                            entry.figures.min,
                            entry.figures.max,
                            if entry.kind == Kind::Battery {
                                "gunners"
                            } else {
                                "figures"
                            }
                        )));
                    }
                }
                let figures = arg.figures.map(i64::from);
                let cost = figures.map(|f| {
                    let unit = ListUnit {
                        entry: Some(entry.id.clone()),
                        general: None,
                        label: None,
                        figures: Some(f),
                        flag: false,
                        musician: false,
                        elite: 0,
                        heavy_armour: false,
                        guns: None,
                        priced: None,
                    };
                    unit_cost(db, entry, &unit).0
                });
                Ok(views::card(
                    db,
                    &CardUnit {
                        entry,
                        number: None,
                        label: None,
                        bought: None,
                        figures: figures.or(Some(i64::from(entry.figures.max))),
                        cost,
                        elite_infantry_rerolls: false,
                    },
                    lang,
                    labels,
                ))
            },
        )
    }
}

impl Games for WabEngine {
    fn game_rules(&self) -> &crate::rulesets::game::GameRules {
        &self.db.game
    }

    fn game_problems(&self, game: &crate::rulesets::game::Game) -> Vec<String> {
        super::battle::game_problems(self.ruleset, &self.db, game)
    }

    fn game_count(&self, row: &UnitRow) -> Option<i64> {
        match self.db.entry(&row.id) {
            Some(e) => Some(i64::from(e.casualty_boxes(row.figures))),
            None => row.figures,
        }
    }

    fn score_game(&self, game: &crate::rulesets::game::Game, lang: Lang) -> Result<Scored, Error> {
        super::battle::score_game(self.ruleset, &self.db, game, lang)
    }
}

impl Scoring for WabEngine {
    fn score(&self, battle: Battle) -> Result<Scored, Error> {
        super::battle::score_battle(self.ruleset, &self.db, battle)
    }
}

/// The nation of an army as `--nation` takes it: its English name, lowercase and hyphenated.
fn nation_id(h: &ArmyHeader) -> String {
    h.nation
        .en
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
}

/// What a checked list bought for a unit, back from its row.
fn bought_from_row(row: &UnitRow) -> ListUnit {
    let has = |id: &str| row.extras.iter().any(|e| e.id == id);
    ListUnit {
        entry: Some(row.id.clone()),
        general: None,
        label: Some(row.label.clone()),
        figures: row.figures,
        flag: has("flag"),
        musician: has("musician"),
        elite: row.json.get("elite").and_then(|v| v.as_i64()).unwrap_or(0),
        heavy_armour: has("heavy-armour"),
        guns: row.json.get("guns").and_then(|v| v.as_i64()),
        priced: None,
    }
}
