//! The builder's view of a list (`GET /api/lists/{name}` of `muster serve`): the check as
//! `muster check --format json` gives it, where each diagnostic belongs, and the same in the
//! players' words in a language (the diagnostics as sentences, the units with what they
//! bought by name, what the army is, what changed in the data since the units were priced).

use serde_json::json;

use super::check::report_json;
use super::ready::Checked;
use crate::core::i18n::Lang;
use crate::rulesets::Rules;
use crate::rulesets::{self, ListCheck};

/// The view of the list `name` (its `text`, at `version`) checked in `c`, against `other`
/// when it faces one, in `lang` with the ruleset's `labels` in it.
#[allow(clippy::too_many_arguments)]
pub fn list_view(
    engine: &Rules,
    c: &mut Checked,
    other: Option<&ListCheck>,
    name: &str,
    version: &str,
    text: &str,
    lang: Lang,
    labels: &toml::Table,
) -> serde_json::Value {
    let ruleset = c.check.ruleset;
    // Units named in the page's language, from the data (a label of the player's aside).
    c.check.in_lang(lang);
    // Of the units' sheets or entries only (the picker's offers are its own request).
    let ids: Vec<&str> = c.check.units.iter().map(|u| u.id.as_str()).collect();
    let offers = engine
        .ruleset()
        .need(engine.lists(), "army lists")
        .and_then(|x| x.offers_of(&c.sources, c.file, lang, labels, &ids))
        .ok();
    let units: Vec<serde_json::Value> =
        c.check
            .units
            .iter()
            .map(|u| {
                let offer = offers
                    .as_ref()
                    .and_then(|o| o.offers.iter().find(|x| x.data_id == u.id && x.mine));
                let extras: Vec<serde_json::Value> =
                    u.extras
                        .iter()
                        .map(|e| {
                            // By the name the picker gives it, else the ruleset's word for it.
                            let named = offer
                                .and_then(|o| {
                                    o.extras
                                        .iter()
                                        .chain(&o.free)
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
                            json!({ "id": e.id, "name": said, "cost": e.cost, "free": e.free })
                        })
                        .collect();
                json!({
                    "id": u.id,
                    "label": u.label,
                    // Whether the label is the player's own (the data's name otherwise).
                    "own_label": u.own_label,
                    "detail": offer.map(|o| o.detail.clone()).unwrap_or_default(),
                    "figures": u.figures,
                    // Whether the unit is added with a count (generals and command units are not).
                    "counted": offer.map_or(u.figures.is_some(), |o| o.figures.is_some()),
                    "cost": u.cost,
                    "extras": extras,
                })
            })
            .collect();
    let said: Vec<serde_json::Value> = c
        .check
        .diagnostics
        .iter()
        .map(|d| {
            let (line, column) = d.line_column(&c.sources).unzip();
            let (help, rule) = rulesets::printed_help_and_rule(d, lang, labels);
            json!({
                "severity": if d.is_error() { "error" } else { "warning" },
                "sentence": rulesets::printed_message(d, lang, labels),
                "help": help,
                "rule": rule,
                "code": d.code,
                "message": d.message,
                "line": line,
                "column": column,
                "notes": d.notes,
            })
        })
        .collect();
    // What the army is, in words: its header's choices by their names (Empire, Peninsular
    // War 1808 - 1814; France, 1809).
    // The header read from the check's own document (the list is not parsed again).
    let spans = &c.check.spans;
    let description = rulesets::list_check::described_by(
        engine,
        &|key| spans.text_at(&["list", key]),
        lang,
        labels,
    );
    let data_changes = data_changes(engine, &c.check, lang, labels);
    json!({
        "name": name,
        "version": version,
        "toml": text,
        "data_changes": data_changes,
        "ruleset": ruleset.id(),
        "description_words": description.join(" · "),
        "title": ruleset.title(),
        "list_name": c.check.name,
        "words": ruleset.list_words(),
        "lang": lang.id(),
        "languages": ruleset.languages().iter().map(|l| l.id()).collect::<Vec<_>>(),
        "description": c.check.description,
        "check": serde_json::to_value(report_json(&c.check, other, &c.sources)).unwrap_or_default(),
        "placement": placement(c),
        "units": units,
        "said": said,
        "duel_choices": ruleset.meta().duel_choices,
    })
}

/// For each diagnostic, the unit (0-based) whose `[[units]]` table it points into, if any:
/// where the builder shows it.
fn placement(c: &Checked) -> Vec<Option<usize>> {
    let text = c.sources.text(c.file);
    // The check's index of the list's spans (the list is not parsed again).
    let starts = c.check.spans.array_table_starts("units");
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let unit_lines: Vec<usize> = starts.iter().map(|o| line_of(*o)).collect();
    c.check
        .diagnostics
        .iter()
        .map(|d| {
            let (line, _) = d.line_column(&c.sources)?;
            if d.file != Some(c.file) {
                return None;
            }
            unit_lines.iter().rposition(|l| *l <= line)
        })
        .collect()
}

/// The units whose data changed since the list recorded what they were priced with (the
/// `data-changed` warnings of the check), each with what changed in the page's words.
fn data_changes(
    engine: &Rules,
    check: &ListCheck,
    lang: Lang,
    labels: &toml::Table,
) -> Vec<serde_json::Value> {
    let name = |key: &str, value: &str| engine.lists().and_then(|l| l.kept_name(key, value, lang));
    engine
        .lists()
        .map(|lists| rulesets::priced::changes(lists, check))
        .unwrap_or_default()
        .iter()
        .map(|ch| {
            json!({
                "unit": ch.unit,
                "label": ch.label,
                "words": ch.words_named(labels, &name),
                "cost": ch.cost,
                "values": ch.values,
                "more": ch.more,
            })
        })
        .collect()
}
