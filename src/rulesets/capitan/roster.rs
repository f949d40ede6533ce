//! A Capitán roster's view for the templates (roster.tera and its HTML, text and Markdown
//! forms): the list's units with their cards, the rank and career, who activates whom.

use serde::Serialize;

use super::database::Database;
use super::list::ListFile;
use super::model::{Kind, UnitSheet};
use super::validate::command::may_activate;
use super::views::{card, default_boxes, CardUnit, CardView};
use crate::rulesets::label;
use crate::rulesets::roster_of::RosterOf;

#[derive(Debug, Serialize)]
pub struct RosterUnit {
    pub number: usize,
    pub label: String,
    pub sheet: String,
    pub kind: String,
    pub figures: Option<i64>,
    pub cost: u64,
    pub skills: String,
    /// What the unit's card shows (stats, moves, ranges, skills with reminders, boxes), so
    /// that the roster can be played from.
    pub card: Option<CardView>,
}

#[derive(Debug, Serialize)]
pub struct Activation {
    pub command: String,
    pub mode: String,
    pub units: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct Roster {
    #[serde(flatten)]
    pub head: crate::rulesets::RosterHead,
    pub coalition: String,
    pub campaign: String,
    pub rank: Option<String>,
    /// What the rank gives, §10.1.
    pub rank_advantages: Option<String>,
    /// The player's career when the list names one (§10): who, and the victory points.
    pub career: Option<String>,
    pub units: Vec<RosterUnit>,
    pub activation: Vec<Activation>,
    pub unactivated: Vec<String>,
}

pub fn roster(db: &Database, list: &ListFile, of: RosterOf) -> Roster {
    let (checked, sources, lang, labels) = (of.checked, of.sources, of.lang, of.labels);
    let list = &list.list;
    let career = list
        .career
        .as_deref()
        .and_then(|c| super::career::of_list(db, sources, checked.file, c).ok());
    let units: Vec<RosterUnit> = checked
        .units
        .iter()
        .enumerate()
        .map(|(i, r)| RosterUnit {
            number: i + 1,
            label: r.label.clone(),
            sheet: r.id.clone(),
            kind: db
                .sheet(&r.id)
                .map(|s| label(labels, &format!("kind_{}", s.kind)))
                .unwrap_or_default(),
            figures: r.figures,
            cost: r.cost,
            skills: r
                .extras
                .iter()
                .map(|e| (&e.id, e.cost))
                .map(|(id, c)| {
                    let name = db
                        .skill(id)
                        .map(|s| s.name.get(lang).to_owned())
                        .unwrap_or_else(|| id.clone());
                    if c == 0 {
                        format!("{name} ({})", label(labels, "free"))
                    } else {
                        format!("{name} ({c})")
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
            card: db.sheet(&r.id).map(|sheet| {
                let skills: Vec<(String, u32)> =
                    r.extras.iter().map(|e| (e.id.clone(), e.cost)).collect();
                card(
                    db,
                    &CardUnit {
                        sheet,
                        label: Some(&r.label),
                        number: Some(i + 1),
                        boxes: r
                            .figures
                            .map(|f| f.clamp(0, i64::from(crate::render::markup::MAX_BOXES)) as u32)
                            .unwrap_or_else(|| default_boxes(db, sheet)),
                        skills: &skills,
                        cost: Some(r.cost),
                    },
                    lang,
                    labels,
                )
            }),
        })
        .collect();
    let named = |i: usize| format!("{}. {}", i + 1, checked.units[i].label);
    let sheets: Vec<Option<&UnitSheet>> = checked.units.iter().map(|r| db.sheet(&r.id)).collect();
    let mut activation = Vec::new();
    for (ci, c) in sheets.iter().enumerate() {
        let Some(c) = c.filter(|c| c.kind == Kind::Command) else {
            continue;
        };
        let units = sheets
            .iter()
            .enumerate()
            .filter(|(ui, u)| {
                *ui != ci && u.is_some_and(|u| u.kind != Kind::Command && may_activate(c, u))
            })
            .map(|(ui, _)| named(ui))
            .collect();
        let mode = c
            .command
            .map(|m| label(labels, &format!("command_{m}")))
            .unwrap_or_default();
        activation.push(Activation {
            command: named(ci),
            mode,
            units,
        });
    }
    let unactivated = sheets
        .iter()
        .enumerate()
        .filter(|(_, u)| {
            u.is_some_and(|u| {
                u.kind != Kind::Command && !sheets.iter().flatten().any(|c| may_activate(c, u))
            })
        })
        .map(|(i, _)| named(i))
        .collect();
    Roster {
        head: of.head(),
        coalition: label(labels, &format!("coalition_{}", list.coalition)),
        campaign: db
            .campaigns
            .get(&list.campaign)
            .map(|c| c.name.get(lang).to_owned())
            .unwrap_or_else(|| list.campaign.clone()),
        rank: match (&list.rank, &career) {
            (Some(r), _) => Some(
                db.ranks
                    .get(r)
                    .map(|x| x.name.get(lang).to_owned())
                    .unwrap_or_else(|| r.clone()),
            ),
            (None, Some((s, _))) => Some(s.title()),
            (None, None) => None,
        },
        rank_advantages: super::career::rank_of_list(db, sources, checked.file, list)
            .map(|r| super::career::rank_advantages(r, labels)),
        career: career.as_ref().map(|(s, f)| {
            label(labels, "career_line")
                .replace(
                    "{player}",
                    f.career
                        .player
                        .as_deref()
                        .unwrap_or(s.nation.name.get(lang)),
                )
                .replace("{points}", &s.total.to_string())
        }),
        units,
        activation,
        unactivated,
    }
}
