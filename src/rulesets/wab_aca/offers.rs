//! What a WAB ACA list may take (the builder's picker): the entries of its army and its
//! generals (ACA p.2), by kind, each with its cost, its figures and guns, and the options it
//! may buy (flag, musician, elite figures, pioneers' armour); a general what he is and whom he
//! leads (his special rules: commander-in-chief, brigadier, aide-de-camp, ACA p.2, p.11).

use std::sync::Arc;

use super::database::Database;
use super::list::ListFile;
use super::model::{Entry, Kind, Lang, Role, UnitOption};
use crate::core::error::Error;
use crate::core::source::{FileId, Sources};
use crate::rulesets::{
    label, list_doc, Choice, Count, KeptOffers, Offer, OfferCommand, OfferExtra, Offers,
};

/// The offers of each army worked out over one engine's data, kept by what they read of a
/// list besides its units ([`Context`]).
pub type Kept = KeptOffers<Context>;

/// What a list's offers read of it besides its units (its army), and the language and labels
/// they are said in.
pub struct Context {
    army: String,
    lang: Lang,
    labels: Arc<toml::Table>,
}

/// The offers for the list in `file`.
pub fn offers(
    kept: &Kept,
    db: &Database,
    sources: &Sources,
    file: FileId,
    lang: Lang,
    labels: &Arc<toml::Table>,
) -> Result<Offers, Error> {
    let (list, _) = list_doc::parse_list::<ListFile>(sources, file, |l| l.units.len())
        .map_err(|d| Error::Usage(d.message))?;
    Ok(offers_for(kept, db, &list, lang, labels))
}

/// [`offers`] of a list parsed already, the offers of its army read from those kept
/// (`kept`) when worked out before; how many of each the list takes counted: the units of
/// its entry, a general by his rank or role.
pub fn offers_for(
    kept: &Kept,
    db: &Database,
    list: &ListFile,
    lang: Lang,
    labels: &Arc<toml::Table>,
) -> Offers {
    let army = &list.list.army;
    let mut offers = kept.of(
        |c| {
            c.army == *army
                && c.lang == lang
                && (Arc::ptr_eq(&c.labels, labels) || *c.labels == **labels)
        },
        || {
            let context = Context {
                army: army.clone(),
                lang,
                labels: Arc::clone(labels),
            };
            (context, of_army(db, army, lang, labels))
        },
    );
    offers.count_taken(|offer| {
        list.units
            .iter()
            .filter(|u| {
                u.entry.as_deref() == Some(&offer.data_id)
                    || u.general.as_deref() == Some(&offer.id)
            })
            .count()
    });
    offers
}

/// The offers of every entry to a list of the army `army_id`, none taken.
fn of_army(db: &Database, army_id: &str, lang: Lang, labels: &toml::Table) -> Offers {
    let army = db.army(army_id);
    let pts = label(labels, "points");
    let groups = Kind::ALL
        .iter()
        .map(|k| Choice::new(k.as_str(), &label(labels, &format!("kind_{}", k.as_str()))))
        .collect();
    let mut offers = Vec::new();
    for entry in db.entries.iter() {
        let mine = entry.army == army_id;
        // A general is added by his rank or role (`general = "division"`); the army's own.
        let word = match (entry.kind, army) {
            (Kind::General, Some(a)) if mine => db
                .general_words(a)
                .into_iter()
                .find(|w| db.general(a, w).is_some_and(|e| e.id == entry.id)),
            _ => None,
        };
        let id = word.map_or(entry.id.clone(), str::to_owned);
        let max = match (entry.role, army) {
            (Some(Role::Adc), Some(a)) => Some(a.header.adcs),
            _ => entry.max_units,
        };
        offers.push(Offer {
            id,
            data_id: entry.id.clone(),
            name: entry.name.get(lang).to_owned(),
            detail: detail(db, entry, lang, labels),
            group: entry.kind.as_str().to_owned(),
            cost: cost(entry, &pts, labels),
            max,
            taken: 0,
            mine,
            figures: (entry.kind != Kind::General).then_some(Count {
                min: entry.figures.min,
                max: entry.figures.max,
                usual: (entry.figures.min, entry.figures.max),
                default: entry.figures.min,
            }),
            guns: entry.guns.as_ref().map(|g| Count {
                min: g.min,
                max: g.max,
                usual: (g.min, g.max),
                default: g.min,
            }),
            extras: extras(db, entry, &pts, labels),
            free: Vec::new(),
            choices: Vec::new(),
            provenance: db.provenance(&entry.id),
            command: command(db, entry, lang),
        });
    }
    Offers::new(groups, offers)
}

/// A general's place in the chain of command and whom he leads: his special rules' names and
/// rules (the commander-in-chief's +2 to the manoeuvre tests of units in command range, a
/// brigadier's or aide-de-camp's +1 within 6", +2 with the unit), as his card prints them.
fn command(db: &Database, entry: &Entry, lang: Lang) -> Option<OfferCommand> {
    if entry.kind != Kind::General {
        return None;
    }
    let specials: Vec<_> = entry
        .special
        .iter()
        .filter_map(|id| db.specials.get(id))
        .collect();
    if specials.is_empty() {
        return None;
    }
    let words = |f: &dyn Fn(&super::model::Special) -> String| {
        specials
            .iter()
            .map(|s| f(s))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    Some(OfferCommand {
        kind: words(&|s| s.name.get(lang).to_owned()),
        activates: words(&|s| s.rule.get(lang).to_owned()),
    })
}

/// "Infanterie de ligne · Vétérans · France, 1809".
fn detail(db: &Database, entry: &Entry, lang: Lang, labels: &toml::Table) -> String {
    let mut parts = Vec::new();
    if let Some(c) = entry.class {
        parts.push(label(labels, &format!("class_{}", c.as_str())));
    }
    if let Some(q) = db.quality(entry) {
        parts.push(q.name.get(lang).to_owned());
    }
    if let Some(a) = db.army(&entry.army) {
        parts.push(a.header.name.get(lang).to_owned());
    }
    parts.join(" · ")
}

/// A general his cost; a unit its cost a figure; a battery its gunners and its guns.
fn cost(entry: &Entry, pts: &str, labels: &toml::Table) -> String {
    let per = label(labels, "per_figure");
    match entry.kind {
        Kind::General => format!("{} {pts}", entry.cost),
        Kind::Infantry | Kind::Cavalry => format!("{} {pts} {per}", entry.cost),
        Kind::Battery => format!(
            "{} {pts} {per} + {} {}",
            entry.cost,
            entry.gun_cost.unwrap_or(0),
            label(labels, "per_gun")
        ),
    }
}

/// The options the entry offers, with what each costs (rules.toml `[costs]`).
fn extras(db: &Database, entry: &Entry, pts: &str, labels: &toml::Table) -> Vec<OfferExtra> {
    let costs = &db.rules.costs;
    let per = label(labels, "per_figure");
    entry
        .options
        .iter()
        .map(|o| {
            let (name, cost, max, summary) = match o {
                UnitOption::Flag => (
                    label(labels, "flag"),
                    format!("{} {pts}", costs.flag),
                    None,
                    String::new(),
                ),
                UnitOption::Musician => (
                    label(labels, "musician"),
                    format!("{} {pts}", costs.musician),
                    None,
                    String::new(),
                ),
                UnitOption::Elite => (
                    label(labels, "elite_figures_rule_name"),
                    format!("+{} {pts} {per}", costs.elite),
                    Some(entry.max_elite.unwrap_or(entry.figures.max)),
                    label(labels, "elite_figures_rule"),
                ),
                UnitOption::HeavyArmour => (
                    label(labels, "heavy_armour"),
                    format!("+{} {pts} {per}", costs.heavy_armour),
                    None,
                    String::new(),
                ),
            };
            OfferExtra {
                id: o.as_str().to_owned(),
                name,
                cost,
                max,
                summary,
                given: None,
            }
        })
        .collect()
}
