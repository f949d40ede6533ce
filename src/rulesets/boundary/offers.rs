//! What a list may take (the builder's picker): each unit with its counts, skills and
//! options.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Serialize, Serializer};

use super::Choice;
use crate::core::catalog::Provenance;

/// What a list may take (the builder's picker): every unit of the ruleset's data, those of
/// the list's army marked, in the groups a page shows them in, each with what `list add`
/// asks for it. Words in the list's language.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Offers {
    /// The groups, in the order a page shows them: their keys and names.
    pub groups: Vec<Choice>,
    /// Each offer shared: a ruleset that keeps the offers of a list's context
    /// gives each list the same ones, copying only those whose count the list changes.
    #[serde(serialize_with = "each")]
    pub offers: Vec<Arc<Offer>>,
    /// The skills the list's rank may give free (`--free-skill`), by id, said once for every
    /// offer that names them ([`Offer::free`]); empty when the rank gives none. Shared as
    /// the offers are.
    #[serde(serialize_with = "inner")]
    pub free_skills: Arc<BTreeMap<String, OfferExtra>>,
}

impl Offers {
    /// The offers `offers` in the groups `groups`, none given free by a rank.
    pub fn new(groups: Vec<Choice>, offers: Vec<Offer>) -> Self {
        Offers {
            groups,
            offers: offers.into_iter().map(Arc::new).collect(),
            free_skills: Arc::default(),
        }
    }

    /// Whether `self` offers what `other` does, how many of each the lists take aside: a
    /// page that holds `other` needs only the counts ([`Offers::taken`]). Offers shared by
    /// both (a ruleset that keeps a context's offers) are not compared again.
    pub fn same_but_taken(&self, other: &Offers) -> bool {
        self.groups == other.groups
            && (Arc::ptr_eq(&self.free_skills, &other.free_skills)
                || self.free_skills == other.free_skills)
            && self.offers.len() == other.offers.len()
            && self
                .offers
                .iter()
                .zip(&other.offers)
                .all(|(a, b)| Arc::ptr_eq(a, b) || a.same_but_taken(b))
    }

    /// How many of each offer the list takes, in the offers' order.
    pub fn taken(&self) -> Vec<u32> {
        self.offers.iter().map(|o| o.taken).collect()
    }
}

impl Offer {
    /// Whether `self` is `other` but for how many the list takes.
    fn same_but_taken(&self, other: &Offer) -> bool {
        // Every field named: one added must be said here.
        let Offer {
            id,
            data_id,
            name,
            detail,
            group,
            cost,
            max,
            taken: _,
            mine,
            figures,
            guns,
            extras,
            free,
            choices,
            provenance,
            command,
        } = self;
        *id == other.id
            && *data_id == other.data_id
            && *name == other.name
            && *detail == other.detail
            && *group == other.group
            && *cost == other.cost
            && *max == other.max
            && *mine == other.mine
            && *figures == other.figures
            && *guns == other.guns
            && *extras == other.extras
            && *free == other.free
            && *choices == other.choices
            && *provenance == other.provenance
            && *command == other.command
    }
}

/// How many contexts [`KeptOffers`] keeps the offers of: the lists a few players edit at once.
const KEPT: usize = 8;

/// A ruleset's offers worked out once for each context `C` of a list (what they read of it
/// besides its units: its army, side, campaign, the language and its labels), kept with the
/// engine, which the data it was loaded from never outlive (data changed on disk are loaded
/// into a new engine, with none kept). Only how many units of each offer a list takes is
/// its own: the ruleset counts them on a copy ([`Offers::count_taken`]).
pub struct KeptOffers<C>(std::sync::Mutex<Vec<(C, Offers)>>);

impl<C> Default for KeptOffers<C> {
    fn default() -> Self {
        Self(std::sync::Mutex::default())
    }
}

impl<C> KeptOffers<C> {
    /// The offers of the context `same` recognises, kept, else made by `make` (the context
    /// and its offers, none taken) and kept, the oldest forgotten past [`KEPT`]. A clone of
    /// offers is cheap: each offer is shared.
    pub fn of(&self, same: impl Fn(&C) -> bool, make: impl FnOnce() -> (C, Offers)) -> Offers {
        let mut kept = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, offers)) = kept.iter().find(|(c, _)| same(c)) {
            return offers.clone();
        }
        let (context, made) = make();
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((context, made.clone()));
        made
    }
}

impl Offers {
    /// Sets how many of each offer a list takes (`taken`), copying only the offers whose
    /// count changes (the others stay shared with those kept).
    pub fn count_taken(&mut self, taken: impl Fn(&Offer) -> usize) {
        for offer in &mut self.offers {
            let n = u32::try_from(taken(offer)).unwrap_or(u32::MAX);
            if offer.taken != n {
                Arc::make_mut(offer).taken = n;
            }
        }
    }
}

/// The offers written as the offers they share.
fn each<S: Serializer>(offers: &[Arc<Offer>], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(offers.iter().map(|o| &**o))
}

/// A value shared, written as itself.
fn inner<T: Serialize, S: Serializer>(value: &Arc<T>, s: S) -> Result<S::Ok, S::Error> {
    (**value).serialize(s)
}

/// A unit a list may take.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Offer {
    /// What `list add` takes: a sheet, entry or unit-type id (a general: his rank or role).
    pub id: String,
    /// The data's id of it, as `muster check` names a unit's (a general: his entry).
    pub data_id: String,
    pub name: String,
    /// What it is: "Infanterie de ligne · Réguliers · France".
    pub detail: String,
    /// The key of its group (in `Offers::groups`).
    pub group: String,
    /// What it costs: "23 pts / fig.", "188 pts" (empty: units have no points).
    pub cost: String,
    /// How many of it a list may have (`None`: no limit) and how many the list has.
    pub max: Option<u32>,
    pub taken: u32,
    /// Whether this list may take it: its army, side, campaign.
    pub mine: bool,
    /// Its count (figures, elements), when `list add` asks for one.
    pub figures: Option<Count>,
    /// A battery's guns, when `list add` asks for them.
    pub guns: Option<Count>,
    /// What it may buy: skills or options (`list add --skill`, `--option`).
    pub extras: Vec<OfferExtra>,
    /// The skills the list's rank may give it free (`--free-skill`): their ids, in
    /// [`Offers::free_skills`], in the data's order.
    pub free: Vec<String>,
    /// Options taking one value of a few (`--option KEY=VALUE`): a brigade, a size.
    pub choices: Vec<OfferChoice>,
    /// Where its values come from: the book, muster (illustrative) or the player's own data.
    pub provenance: Provenance,
    /// A command unit (an officer, a general): what kind it is and whom it may activate, in
    /// words; `None` for the units it commands.
    pub command: Option<OfferCommand>,
}

/// What a command unit is and whom it may activate or lead, as its ruleset decides it, in the
/// list's language, the units by their names: "Subordinate command", "may activate the units
/// of 95th Rifles, 1st Battalion: 95th Rifles / Chosen Men; 2 at a time, within 15 cm".
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferCommand {
    pub kind: String,
    pub activates: String,
}

/// An option that takes one value of a few (`--option KEY=VALUE`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferChoice {
    /// The option's key: `brigade`, `size`.
    pub key: String,
    pub label: String,
    pub values: Vec<Choice>,
    /// The value to start with (`None`: the first, or a new one when there is none).
    pub default: Option<String>,
    /// What a new value needs besides its id, as `--option` keys with their names (a new
    /// brigade: its name, commander and rating); empty: only the values listed.
    pub new: Vec<Choice>,
}

/// A count a unit is added with: its bounds, the usual range within them, a value to start.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Count {
    pub min: u32,
    pub max: u32,
    /// The range the rules describe as usual, within the bounds (no warning).
    pub usual: (u32, u32),
    pub default: u32,
}

/// A skill or option a unit may buy.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferExtra {
    /// What `--skill` or `--option` takes: a skill id, `flag`, `elite`.
    pub id: String,
    pub name: String,
    /// "15 pts", "+5 pts / fig."
    pub cost: String,
    /// For an option bought by the figure (`elite=N`): how many at most.
    pub max: Option<u32>,
    /// The rule in a sentence, when the data has one.
    pub summary: String,
    /// Why the unit has it without its being chosen ("free for guerrillas" and the rule):
    /// the builder shows it ticked and fixed. `None`: the player chooses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given: Option<String>,
}
