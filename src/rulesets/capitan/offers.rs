//! What a Capitán list may take (the builder's picker): the sheets of its coalition valid for
//! its campaign (§1.1), by kind, each with its cost (§9.1), its N°U, the figures it is added
//! with (§1, §1.2, §12.15), the skills its sheet offers (§11) and those the player's rank may
//! give it free (§10.1); a command unit what kind it is and whom it may activate (§4.1,
//! §4.2, as the list's check reads it).

use super::army::skill_cost;
use super::database::Database;
use super::list::ListFile;
use super::model::{Arm, Command, Kind, Lang, UnitSheet};
use super::validate::command::may_activate;
use crate::core::error::Error;
use crate::core::source::{FileId, Sources};
use crate::rulesets::{label, list_doc, Choice, Count, Offer, OfferCommand, OfferExtra, Offers};

/// The offers for the list in `file`: of every sheet, or of the sheets `only`.
pub fn offers(
    db: &Database,
    sources: &Sources,
    file: FileId,
    lang: Lang,
    labels: &toml::Table,
    only: Option<&[&str]>,
) -> Result<Offers, Error> {
    let (list, _) = list_doc::parse_list::<ListFile>(sources, file, |l| l.units.len())
        .map_err(|d| Error::Usage(d.message))?;
    Ok(offers_for(db, &list, sources, file, lang, labels, only))
}

/// [`offers`] of a list parsed already.
pub fn offers_for(
    db: &Database,
    list: &ListFile,
    sources: &Sources,
    file: FileId,
    lang: Lang,
    labels: &toml::Table,
    only: Option<&[&str]>,
) -> Offers {
    let header = &list.list;
    let rank = super::career::rank_of_list(db, sources, file, header);
    let pts = label(labels, "points");
    let groups = [Kind::Command, Kind::Troop, Kind::Artillery]
        .iter()
        .map(|k| Choice::new(k.as_str(), &label(labels, &format!("kind_{k}"))))
        .collect();
    let offers = db
        .sheets
        .iter()
        .filter(|sheet| only.is_none_or(|ids| ids.contains(&sheet.id.as_str())))
        .map(|sheet| {
            let taken = list.units.iter().filter(|u| u.sheet == sheet.id).count();
            let extras = sheet
                .skills
                .iter()
                .filter_map(|o| db.skill(&o.id))
                .map(|skill| OfferExtra {
                    id: skill.id.clone(),
                    name: skill.name.get(lang).to_owned(),
                    cost: format!("{} {pts}", skill_cost(db, sheet, &skill.id, false)),
                    max: None,
                    summary: skill.summary.get(lang).to_owned(),
                    given: super::army::given(db, sheet, &skill.id)
                        .then(|| label(labels, "given_guerrillas")),
                })
                .collect();
            // §10.1: any skill of §11 up to the rank's value, that the unit may have.
            let free = rank
                .filter(|r| r.free_skill_max > 0)
                .map(|r| {
                    db.skills
                        .iter()
                        .filter(|s| s.cost <= r.free_skill_max && Database::skill_allowed(s, sheet))
                        .map(|s| OfferExtra {
                            id: s.id.clone(),
                            name: s.name.get(lang).to_owned(),
                            cost: format!("{} {pts}", s.cost),
                            max: None,
                            summary: s.summary.get(lang).to_owned(),
                            given: None,
                        })
                        .collect()
                })
                .unwrap_or_default();
            let mine =
                sheet.coalition == header.coalition && sheet.campaigns.contains(&header.campaign);
            Offer {
                id: sheet.id.clone(),
                data_id: sheet.id.clone(),
                name: sheet.name.clone(),
                detail: detail(db, sheet, lang),
                group: sheet.kind.to_string(),
                cost: cost(sheet, &pts, labels),
                max: Some(sheet.max_units),
                taken: u32::try_from(taken).unwrap_or(u32::MAX),
                mine,
                figures: figures(db, sheet),
                guns: None,
                extras,
                free,
                choices: Vec::new(),
                provenance: db.provenance(&sheet.id),
                command: command(db, sheet, mine.then_some(header.campaign.as_str()), labels),
            }
        })
        .collect();
    Offers { groups, offers }
}

/// A command sheet's kind (§4.2: subordinate or independent) and whom it may activate, as the
/// list's check decides it ([`may_activate`]): any unit, or its regiment's (and battalion's),
/// named by the troop and artillery sheets of its coalition in `campaign` (the list's, when
/// the list may take it; else any of its own); with its capacity L and radius R (§4.1, §4.2).
fn command(
    db: &Database,
    sheet: &UnitSheet,
    campaign: Option<&str>,
    labels: &toml::Table,
) -> Option<OfferCommand> {
    let mode = sheet.command.filter(|_| sheet.kind == Kind::Command)?;
    let words = |key: &str, of: &str, units: &str| {
        label(labels, key)
            .replace("{of}", of)
            .replace("{units}", units)
            .replace("{n}", &sheet.command_capacity.unwrap_or(1).to_string())
            .replace("{r}", &sheet.command_radius.unwrap_or(0).to_string())
    };
    let activates = match mode {
        Command::Independent => words("offer_activates_any", "", ""),
        Command::Subordinate => {
            let of = match &sheet.battalion {
                Some(b) => format!("{}, {b}", sheet.regiment),
                None => sheet.regiment.clone(),
            };
            let units: Vec<&str> = db
                .sheets
                .iter()
                .filter(|u| {
                    u.kind != Kind::Command
                        && u.coalition == sheet.coalition
                        && match campaign {
                            Some(c) => u.campaigns.iter().any(|x| x == c),
                            None => u.campaigns.iter().any(|x| sheet.campaigns.contains(x)),
                        }
                        && may_activate(sheet, u)
                })
                .map(|u| u.name.as_str())
                .collect();
            if units.is_empty() {
                words("offer_activates_of_none", &of, "")
            } else {
                words("offer_activates_of", &of, &units.join(", "))
            }
        }
    };
    Some(OfferCommand {
        kind: label(labels, &format!("offer_command_{mode}")),
        activates,
    })
}

/// "Infanterie de ligne · Réguliers · France".
fn detail(db: &Database, sheet: &UnitSheet, lang: Lang) -> String {
    let unit_type = db
        .unit_types
        .get(&sheet.unit_type)
        .map_or(sheet.unit_type.as_str(), |u| u.name.get(lang));
    let quality = db
        .rules
        .quality(sheet.quality)
        .map_or(sheet.quality.as_str(), |q| q.name.get(lang));
    let nation = db
        .nations
        .get(&sheet.nation)
        .map_or(sheet.nation.as_str(), |n| n.name.get(lang));
    format!("{unit_type} · {quality} · {nation}")
}

/// What the sheet costs (§9.1): command units their PT, troops PT a figure, guns PT a crew
/// figure and PC for the gun.
fn cost(sheet: &UnitSheet, pts: &str, labels: &toml::Table) -> String {
    let per = label(labels, "per_figure");
    match sheet.kind {
        Kind::Command => format!("{} {pts}", sheet.points),
        Kind::Troop => format!("{} {pts} {per}", sheet.points),
        Kind::Artillery => format!(
            "{} {pts} {per} + {}",
            sheet.points,
            sheet.gun_points.unwrap_or(0)
        ),
    }
}

/// The figures a unit of the sheet is added with: none to give for command units (their
/// N°F); troops 4–12 (§1), usually a section (§1.2: 6–12 on foot, 4–6 mounted); guns their
/// crew, from the gun's minimum (§12.15).
fn figures(db: &Database, sheet: &UnitSheet) -> Option<Count> {
    let troops = &db.rules.troops;
    match sheet.kind {
        Kind::Command => None,
        Kind::Troop => {
            let size = match sheet.arm {
                Arm::Infantry => &db.rules.unit_size.infantry,
                Arm::Cavalry => &db.rules.unit_size.cavalry,
            };
            let usual = (
                size.min.max(troops.min_figures),
                size.max.min(troops.max_figures),
            );
            Some(Count {
                min: troops.min_figures,
                max: troops.max_figures,
                usual,
                default: usual.0,
            })
        }
        Kind::Artillery => {
            let min = sheet
                .gun_type
                .and_then(|g| db.artillery.gun(g))
                .map_or(1, |g| g.min_crew);
            Some(Count {
                min,
                max: troops.max_figures,
                usual: (min, troops.max_figures),
                default: min,
            })
        }
    }
}
