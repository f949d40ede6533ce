//! The builder's view of a list (`GET /api/lists/{name}` of `muster serve`, and the answer
//! to each edit): the check as `muster check --format json` gives it, where each diagnostic
//! belongs, the same in the players' words in a language (the diagnostics as sentences, the
//! units with what they bought by name, what the army is, what changed in the data since the
//! units were priced), and what the list may take (the picker's offers). A typed view
//! ([`ListView`]).

use serde::Serialize;

use super::check::{report_json, JsonReport};
use super::ready::{Checked, Ready};
use crate::core::i18n::Lang;
use crate::rulesets::{self, ListCheck, Offers};

/// The builder's view of a list: its text and version, its check (as `muster check --format
/// json`), where each diagnostic belongs, the same in the players' words, and what the list
/// may take (the picker's offers). Its keys are written in this order (alphabetical, as the
/// page has always read them).
#[derive(Serialize)]
pub struct ListView<'a> {
    /// The check as `muster check --format json` prints it.
    pub check: JsonReport<'a>,
    pub data_changes: Vec<DataChange>,
    pub description: String,
    /// What the army is, in words: its header's choices by their names.
    pub description_words: String,
    pub duel_choices: &'static [crate::rulesets::DuelChoice],
    pub lang: &'static str,
    pub languages: Vec<&'static str>,
    pub list_name: String,
    pub name: String,
    /// What the list may take (the picker), as `GET /api/lists/{name}/offers` answers it;
    /// `null` when the engine cannot say, or when the page holds them already and `taken`
    /// gives their counts.
    pub offers: Option<Offers>,
    /// The tag the page holds these offers under: an edit that names it is answered with
    /// their counts only while they stay the same ([`Ready::hold_offers`]).
    pub offers_tag: Option<String>,
    /// For each diagnostic, the unit (0-based) whose `[[units]]` table it points into.
    pub placement: Vec<Option<usize>>,
    pub ruleset: &'static str,
    pub said: Vec<Said>,
    /// When the page holds the offers (`offers_tag`, as it asked): how many of each the list
    /// takes now, in their order; `null` when `offers` are sent.
    pub taken: Option<Vec<u32>>,
    pub title: &'static str,
    pub toml: String,
    pub units: Vec<UnitView>,
    pub version: String,
    pub words: &'static crate::rulesets::ListWords,
}

/// A unit of the list in the page's words.
#[derive(Serialize)]
pub struct UnitView {
    /// Whether the unit is added with a count (generals and command units are not).
    pub counted: bool,
    pub cost: u64,
    pub detail: String,
    pub extras: Vec<ExtraView>,
    pub figures: Option<i64>,
    pub id: String,
    pub label: String,
    /// Whether the label is the player's own (the data's name otherwise).
    pub own_label: bool,
}

/// What a unit bought, by the name the picker gives it.
#[derive(Serialize)]
pub struct ExtraView {
    pub cost: u32,
    pub free: bool,
    pub id: String,
    pub name: String,
}

/// A diagnostic of the check, in the page's language.
#[derive(Serialize)]
pub struct Said {
    pub code: &'static str,
    pub column: Option<usize>,
    pub help: Vec<String>,
    pub line: Option<usize>,
    pub message: String,
    pub notes: Vec<String>,
    pub rule: Option<String>,
    pub sentence: String,
    pub severity: &'static str,
}

/// A unit whose data changed since the list recorded what it was priced with.
#[derive(Serialize)]
pub struct DataChange {
    pub cost: Option<(u64, u64)>,
    pub label: String,
    pub more: bool,
    pub unit: usize,
    pub values: serde_json::Value,
    pub words: String,
}

/// The list a view is of: its file's `name`, its `text` at `version`, the page's `lang`,
/// and the tag of the offers the page holds (`held`: an edit's page), if any.
pub struct Asked<'a> {
    pub name: &'a str,
    pub version: &'a str,
    pub text: &'a str,
    pub lang: Lang,
    pub held: Option<&'a str>,
}

/// The view of the list `asked` checked in `c` over `ready`'s data, against `other` when it
/// faces one, with the ruleset's `labels` in the page's language. The offers are sent whole
/// unless the page holds the same ones (`asked.held`): then only how many of each the list
/// takes.
pub fn list_view<'a>(
    ready: &Ready,
    c: &'a mut Checked,
    other: Option<&ListCheck>,
    asked: &Asked,
    labels: &std::sync::Arc<toml::Table>,
) -> ListView<'a> {
    let Asked {
        name,
        version,
        text,
        lang,
        held,
    } = *asked;
    let engine = ready.engine.as_ref();
    let ruleset = c.check.ruleset;
    // Units named in the page's language, from the data (a label of the player's aside).
    c.check.in_lang(lang);
    let c: &'a Checked = c;
    // What the list may take: the picker's, and the names of what the units bought.
    let offers = engine
        .ruleset()
        .need(engine.lists(), "army lists")
        .and_then(|x| x.offers_checked(&c.check, &c.sources, lang, labels))
        .ok();
    let units: Vec<UnitView> =
        c.check
            .units
            .iter()
            .map(|u| {
                let offer = offers
                    .as_ref()
                    .and_then(|o| o.offers.iter().find(|x| x.data_id == u.id && x.mine));
                let extras: Vec<ExtraView> =
                    u.extras
                        .iter()
                        .map(|e| {
                            // By the name the picker gives it, else the ruleset's word for it.
                            let named = offer
                                .and_then(|o| {
                                    let free_skills = offers.as_ref().map(|x| &x.free_skills);
                                    let free = o.free.iter().filter_map(|id| free_skills?.get(id));
                                    o.extras
                                        .iter()
                                        .chain(free)
                                        .map(|x| (&x.id, &x.name))
                                        .chain(o.choices.iter().flat_map(|c| {
                                            c.values.iter().map(|v| (&v.id, &v.label))
                                        }))
                                        .find(|(id, _)| **id == e.id)
                                        .map(|(_, name)| name.clone())
                                })
                                .or_else(|| {
                                    labels
                                        .get(&format!("extra_{}", e.id))
                                        .and_then(|v| v.as_str())
                                        .map(str::to_owned)
                                })
                                .unwrap_or_else(|| e.name.clone());
                            let said = match e.count {
                                Some(n) => format!("{named} ×{n}"),
                                None => named,
                            };
                            ExtraView {
                                cost: e.cost,
                                free: e.free,
                                id: e.id.clone(),
                                name: said,
                            }
                        })
                        .collect();
                UnitView {
                    counted: offer.map_or(u.figures.is_some(), |o| o.figures.is_some()),
                    cost: u.cost,
                    detail: offer.map(|o| o.detail.clone()).unwrap_or_default(),
                    extras,
                    figures: u.figures,
                    id: u.id.clone(),
                    label: u.label.clone(),
                    own_label: u.own_label,
                }
            })
            .collect();
    let said: Vec<Said> = c
        .check
        .diagnostics
        .iter()
        .map(|d| {
            let (line, column) = d.line_column(&c.sources).unzip();
            let (help, rule) = rulesets::printed_help_and_rule(d, lang, labels);
            Said {
                code: d.code,
                column,
                help,
                line,
                message: d.message.clone(),
                notes: d.notes.clone(),
                rule,
                sentence: rulesets::printed_message(d, lang, labels),
                severity: if d.is_error() { "error" } else { "warning" },
            }
        })
        .collect();
    // What the army is, in words: its header's choices by their names (Empire, Peninsular
    // War 1808 - 1814; France, 1809).
    // The header read with the fast parser: the check's document of spans is parsed only
    // when a diagnostic needs it (an edit's check carried over to the records never has it).
    let description = ready.described(c.sources.text(c.file), lang, labels);
    let data_changes = data_changes(ready, &c.check, lang, labels);
    let (offers, offers_tag, taken) = match offers {
        None => (None, None, None),
        Some(offers) => {
            // A tag is a number this load gave; any other text is none it holds.
            let same = held.and_then(|tag| tag.parse::<u64>().ok()).filter(|tag| {
                ready
                    .offers_held(*tag)
                    .is_some_and(|had| offers.same_but_taken(&had))
            });
            let tag = ready.hold_offers(same, &offers);
            match same {
                Some(_) => (None, Some(tag.to_string()), Some(offers.taken())),
                None => (Some(offers), Some(tag.to_string()), None),
            }
        }
    };
    ListView {
        check: report_json(&c.check, other, &c.sources),
        data_changes,
        description: c.check.description.clone(),
        description_words: description.join(" · "),
        // The ruleset's own types, written as they are declared.
        duel_choices: ruleset.meta().duel_choices,
        lang: lang.id(),
        languages: ruleset.languages().iter().map(|l| l.id()).collect(),
        list_name: c.check.name.clone(),
        name: name.to_owned(),
        offers,
        offers_tag,
        placement: placement(c),
        ruleset: ruleset.id(),
        said,
        taken,
        title: ruleset.title_in(lang),
        toml: text.to_owned(),
        units,
        version: version.to_owned(),
        words: ruleset.list_words(),
    }
}

/// For each diagnostic, the unit (0-based) whose `[[units]]` table it points into, if any:
/// where the builder shows it.
fn placement(c: &Checked) -> Vec<Option<usize>> {
    let text = c.sources.text(c.file);
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    // The check's index of the list's spans (the list is not parsed again), read when a
    // diagnostic is in the list.
    let mut unit_lines: Option<Vec<usize>> = None;
    c.check
        .diagnostics
        .iter()
        .map(|d| {
            let (line, _) = d.line_column(&c.sources)?;
            if d.file != Some(c.file) {
                return None;
            }
            let starts = unit_lines.get_or_insert_with(|| {
                let starts = c.check.spans.array_table_starts("units");
                starts.iter().map(|o| line_of(*o)).collect()
            });
            starts.iter().rposition(|l| *l <= line)
        })
        .collect()
}

/// The units whose data changed since the list recorded what they were priced with (the
/// `data-changed` warnings of the check), each with what changed in the page's words.
fn data_changes(
    ready: &Ready,
    check: &ListCheck,
    lang: Lang,
    labels: &toml::Table,
) -> Vec<DataChange> {
    let lists = ready.engine.lists();
    let name = |key: &str, value: &str| lists.and_then(|l| l.kept_name(key, value, lang));
    ready
        .data_changes(check)
        .iter()
        .map(|ch| DataChange {
            cost: ch.cost,
            label: ch.label.clone(),
            more: ch.more,
            unit: ch.unit,
            values: serde_json::to_value(&ch.values).unwrap_or_default(),
            words: ch.words_named(labels, &name),
        })
        .collect()
}
