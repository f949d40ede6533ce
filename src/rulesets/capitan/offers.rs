//! What a Capitán list may take (the builder's picker): the sheets of its coalition valid for
//! its campaign (§1.1), by kind, each with its cost (§9.1), its N°U, the figures it is added
//! with (§1, §1.2, §12.15), the skills its sheet offers (§11) and those the player's rank may
//! give it free (§10.1); a command unit what kind it is and whom it may activate (§4.1,
//! §4.2, as the list's check reads it).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::army::skill_cost;
use super::database::Database;
use super::list::ListFile;
use super::model::{Arm, Coalition, Command, Kind, Lang, UnitSheet};
use super::validate::command::may_activate;
use crate::core::error::Error;
use crate::core::source::{FileId, Sources};
use crate::rulesets::{
    label, list_doc, Choice, Count, KeptOffers, Offer, OfferCommand, OfferExtra, Offers,
};

/// The list in `file`, parsed for its offers.
pub fn parsed(sources: &Sources, file: FileId) -> Result<ListFile, Error> {
    let (list, _) = list_doc::parse_list::<ListFile>(sources, file, |l| l.units.len())
        .map_err(|d| Error::Usage(d.message))?;
    Ok(list)
}

/// The picker's offers of every sheet worked out over one engine's data, kept by what they
/// read of a list besides its units ([`Context`]): its coalition and campaign, the most a
/// skill given free by its rank may cost (§10.1), the language and its labels.
pub type Kept = KeptOffers<Context>;

/// What a list's offers read of it besides its units, and the language they are said in.
pub struct Context {
    coalition: Coalition,
    campaign: String,
    free_max: u32,
    lang: Lang,
    labels: Arc<toml::Table>,
}

/// [`offers`] of every sheet for a list parsed already, the offers of the list's context
/// read from those kept (`kept`) when worked out before.
pub fn offers_for(
    kept: &Kept,
    db: &Database,
    list: &ListFile,
    sources: &Sources,
    file: FileId,
    lang: Lang,
    labels: &Arc<toml::Table>,
) -> Offers {
    let header = &list.list;
    let free_max = free_skill_max(db, sources, file, header);
    let mut offers = kept.of(
        |c| {
            c.coalition == header.coalition
                && c.campaign == header.campaign
                && c.free_max == free_max
                && c.lang == lang
                && (Arc::ptr_eq(&c.labels, labels) || *c.labels == **labels)
        },
        || {
            let context = Context {
                coalition: header.coalition,
                campaign: header.campaign.clone(),
                free_max,
                lang,
                labels: Arc::clone(labels),
            };
            (context, of_context(db, header, free_max, lang, labels))
        },
    );
    // How many units of each offer's sheet the list takes.
    offers.count_taken(|offer| list.units.iter().filter(|u| u.sheet == offer.id).count());
    offers
}

/// The most a skill given free by the list's rank may cost (§10.1): 0 without a rank (or
/// with a rank that gives none).
fn free_skill_max(
    db: &Database,
    sources: &Sources,
    file: FileId,
    header: &super::list::ListHeader,
) -> u32 {
    super::career::rank_of_list(db, sources, file, header).map_or(0, |r| r.free_skill_max)
}

/// The offers of a list of `header`'s coalition and campaign whose rank gives a skill of at
/// most `free_max` points free, none taken yet.
fn of_context(
    db: &Database,
    header: &super::list::ListHeader,
    free_max: u32,
    lang: Lang,
    labels: &toml::Table,
) -> Offers {
    let pts = label(labels, "points");
    let groups = [Kind::Command, Kind::Troop, Kind::Artillery]
        .iter()
        .map(|k| Choice::new(k.as_str(), &label(labels, &format!("kind_{k}"))))
        .collect();
    // The skills the rank may give free (§10.1), said once: each sheet names those it allows.
    let free_skills: Vec<_> = db
        .skills
        .iter()
        .filter(|s| free_max > 0 && s.cost <= free_max)
        .collect();
    let offers: Vec<Offer> = db
        .sheets
        .iter()
        .map(|sheet| {
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
            let free = free_skills
                .iter()
                .filter(|s| Database::skill_allowed(s, sheet))
                .map(|s| s.id.clone())
                .collect();
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
                taken: 0,
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
    // Those a sheet offered names.
    let free_skills: BTreeMap<String, OfferExtra> = free_skills
        .iter()
        .filter(|s| offers.iter().any(|o| o.free.contains(&s.id)))
        .map(|s| {
            let extra = OfferExtra {
                id: s.id.clone(),
                name: s.name.get(lang).to_owned(),
                cost: format!("{} {pts}", s.cost),
                max: None,
                summary: s.summary.get(lang).to_owned(),
                given: None,
            };
            (s.id.clone(), extra)
        })
        .collect();
    Offers {
        groups,
        offers: offers.into_iter().map(Arc::new).collect(),
        free_skills: Arc::new(free_skills),
    }
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

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use crate::core::source::Sources;
    use crate::rulesets::{Rules, Ruleset};

    /// A Capitán engine loaded over the shipped data, with the sources they were read into.
    fn engine() -> (Rules, Sources) {
        let dirs = [Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets")];
        let mut sources = Sources::new();
        let ruleset: Ruleset = "capitan".parse().unwrap();
        let loaded = crate::rulesets::load(ruleset, &dirs, &mut sources).unwrap();
        (loaded.engine.unwrap(), sources)
    }

    /// The offers kept for a list's context are those worked out for it: the shipped Capitán
    /// lists and Sharpe's patrol under other ranks, in each language, asked one after another
    /// of one engine (the others' offers kept), each get what a new engine works out for it
    /// alone. Read from those kept without all of its context (the coalition, what the rank
    /// gives free, the language), a list would get another's.
    #[test]
    fn kept_offers_are_those_of_the_lists_context() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts: Vec<(PathBuf, String)> = [
            "sharpe-patrol",
            "guerrilla-band",
            "french-column",
            "voltigeurs-hussars",
        ]
        .iter()
        .map(|n| {
            let path = root.join(format!("lists/{n}.toml"));
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect();
        let (path, sharpe) = texts[0].clone();
        assert!(sharpe.contains("rank = \"lieutenant\""));
        for rank in ["captain", "ensign"] {
            let text = sharpe.replace("rank = \"lieutenant\"", &format!("rank = \"{rank}\""));
            texts.push((path.clone(), text));
        }
        let offers = |engine: &Rules, data: &Sources, path: &Path, text: &str, lang| {
            let mut sources = data.clone();
            let file = sources.add(path, text.to_owned());
            let labels = std::sync::Arc::new(engine.ruleset().words(lang).clone());
            let offers = engine
                .lists()
                .unwrap()
                .offers(&sources, file, lang, &labels);
            serde_json::to_string(&offers.unwrap()).unwrap()
        };
        let (kept, data) = engine();
        let langs = kept.ruleset().languages();
        let alone: Vec<String> = langs
            .iter()
            .flat_map(|lang| texts.iter().map(move |t| (*lang, t)))
            .map(|(lang, (path, text))| {
                let (engine, data) = engine();
                offers(&engine, &data, path, text, lang)
            })
            .collect();
        for round in 0..2 {
            let asked = langs
                .iter()
                .flat_map(|lang| texts.iter().map(move |t| (*lang, t)));
            for ((lang, (path, text)), alone) in asked.zip(&alone) {
                assert_eq!(
                    offers(&kept, &data, path, text, lang),
                    *alone,
                    "round {round}, {lang:?}: {text}"
                );
            }
        }
    }
}
