//! Previews between a unit of one list and a unit of another (the web builder's duels, the
//! matchup table): each ruleset declares which of its procedures two units can play and which
//! parts of the situation a page may choose; a duel is then a [`Request`] filled in from those
//! declarations and worked out as `muster preview` works it out, with the command that gives
//! it.

use serde::Serialize;

pub use super::duel_decl::*;
use super::procedure::{Kind, ListedUnit, Request, UnitRef, Value};
use super::{ListCheck, UnitRow};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::table::Series;
use crate::core::words::{Layered, Named, Phrase};
use crate::rulesets::Rules;

/// A headline number of a worked duel, in words.
#[derive(Debug, Clone, Serialize)]
pub struct HeadlineValue {
    pub label: String,
    pub value: f64,
    pub chance: bool,
}

/// The situation of a duel: each choice's value (defaults filled in).
pub type DuelSituation = std::collections::BTreeMap<String, String>;

/// Checks what a request says of the situation against the ruleset's choices: unknown keys
/// and values are refused with what is known; missing ones take their default.
pub fn duel_situation(
    choices: &[DuelChoice],
    given: &std::collections::BTreeMap<String, String>,
) -> Result<DuelSituation, Error> {
    for key in given.keys() {
        if !choices.iter().any(|c| c.key == key) {
            let known: Vec<&str> = choices.iter().map(|c| c.key).collect();
            return Err(Error::Usage(format!(
                "`{}` is not a choice of these previews; known: {}",
                key.escape_debug(),
                if known.is_empty() {
                    "none".to_owned()
                } else {
                    known.join(", ")
                }
            )));
        }
    }
    let mut out = DuelSituation::new();
    for c in choices {
        let v = match given.get(c.key) {
            Some(v) if c.values.contains(&v.as_str()) => v.clone(),
            Some(v) => {
                return Err(Error::Usage(format!(
                    "{}={}: one of {}",
                    c.key,
                    v.escape_debug(),
                    c.values.join(", ")
                )))
            }
            None => c.default.to_owned(),
        };
        out.insert(c.key.to_owned(), v);
    }
    Ok(out)
}

/// One unit of a list in a duel: the checked list, the unit's 1-based number, and the list's
/// path as the user names it (for the equivalent `muster preview` command).
#[derive(Clone, Copy)]
pub struct DuelSide<'a> {
    pub list: &'a ListCheck,
    pub unit: usize,
    pub path: &'a str,
}

impl<'a> DuelSide<'a> {
    /// The unit's row, or a usage error naming the list and its count.
    pub fn row(&self) -> Result<&'a UnitRow, Error> {
        let n = self.list.units.len();
        self.unit
            .checked_sub(1)
            .and_then(|i| self.list.units.get(i))
            .ok_or_else(|| {
                Error::Usage(format!(
                    "{} has {n} unit{}: there is no unit {}",
                    self.path,
                    if n == 1 { "" } else { "s" },
                    self.unit
                ))
            })
    }

    /// The unit as a preview parameter takes it.
    pub fn unit_ref(&self) -> Result<UnitRef, Error> {
        Ok(UnitRef::Listed(Box::new(ListedUnit {
            path: self.path.to_owned(),
            number: self.unit,
            row: self.row()?.clone(),
            game: None,
        })))
    }

    /// The unit as players name it: its label.
    pub fn label(&self) -> Result<String, Error> {
        Ok(crate::core::text::one_line(&self.row()?.label).into_owned())
    }

    /// "95th Rifles (unit 3)".
    pub fn name(&self) -> Result<String, Error> {
        Ok(format!(
            "{} (unit {})",
            crate::core::text::one_line(&self.row()?.label),
            self.unit
        ))
    }
}

/// A preview between two units: what `muster preview` prints for them, and what its `--plot`
/// draws.
#[derive(Debug, Clone, Serialize)]
pub struct Duel {
    /// The `muster preview` procedure: "fire", "melee", "shoot", "combat".
    pub procedure: &'static str,
    /// "Fire: 95th Rifles (unit 2) at Voltigeurs (unit 5)".
    pub title: String,
    /// The command that gives this preview, to change its situation.
    pub command: String,
    /// The command's words after `muster`, for tools.
    #[serde(skip)]
    pub words: Vec<String>,
    /// The chart's title in the page's words, its units named (filled in by [`duels_of`]).
    pub what: String,
    /// The distributions drawn, named in words the page says ([`duels_of`] names them in the
    /// page's language).
    #[serde(skip)]
    pub series: Vec<Series>,
    /// The distributions as the page draws them: each named in its language.
    #[serde(rename = "series")]
    pub said: Vec<(String, Vec<f64>)>,
    /// The text `muster preview` prints; when refused, why the units cannot play it.
    pub text: String,
    /// The engine's reason when these two units cannot play this procedure (in the page's
    /// words where the rules say it: [`duels_of`]).
    pub refused: Option<String>,
    /// What the rules do not allow, in words for players.
    #[serde(skip)]
    pub cannot: Option<Phrase>,
    /// The number that sums it up (the procedure's mean), when it has one.
    #[serde(skip)]
    pub mean: Option<f64>,
    /// What `--format json` prints (null when refused).
    #[serde(skip)]
    pub json: serde_json::Value,
    /// The numbers it leads with, in words (filled in by [`duels`]).
    pub headline: Vec<HeadlineValue>,
}

/// The request of a declared duel between `x` (first) and `y` (second) in `situation`.
pub fn duel_request(
    engine: &Rules,
    decl: &DuelDecl,
    x: &UnitRef,
    y: &UnitRef,
    situation: &DuelSituation,
) -> Result<Request, Error> {
    let ruleset = engine.ruleset();
    let procedure = ruleset
        .procedure(decl.procedure)
        .ok_or_else(|| Error::Usage(format!("no procedure `{}`", decl.procedure)))?;
    let mut request = Request::new(ruleset, procedure);
    request.set(decl.first, Value::Unit(x.clone()))?;
    request.set(decl.second, Value::Unit(y.clone()))?;
    for choice in ruleset.meta().duel_choices {
        let Some(value) = situation.get(choice.key) else {
            continue;
        };
        if decl.maps.iter().any(|(key, ..)| *key == choice.key) {
            for (_, v, name, to) in decl.maps {
                if v == value {
                    request.set_text(name, to)?;
                }
            }
            continue;
        }
        match choice.sets {
            Sets::Param(name) => {
                if procedure.param(name).is_some() {
                    request.set_text(name, value)?;
                }
            }
            Sets::ParamUnless(name, unset) => {
                if value != unset && procedure.param(name).is_some() {
                    request.set_text(name, value)?;
                }
            }
            Sets::Flags(flags) => {
                for (v, flag) in flags {
                    if v == value && procedure.param(flag).is_some() {
                        request.set(flag, Value::Flag)?;
                    }
                }
            }
        }
    }
    for (name, value) in decl.sets {
        request.set_text(name, value)?;
    }
    Ok(request)
}

/// Works a request out as a duel: its preview, or the engine's reason why these units cannot
/// play it.
pub fn run_duel(engine: &Rules, title: String, request: &Request) -> Result<Duel, Error> {
    let procedure = request.procedure;
    // A game's units: what their states bar or set (a refusal is the duel's answer).
    let mut request = request.clone();
    let stated = match engine.games().map(|g| g.game_rules()) {
        Some(rules) => super::game::apply_states(rules, &mut request),
        None => Ok(()),
    };
    let request = &request;
    let outcome = match stated {
        Ok(()) => engine.preview(request),
        Err(e) => Err(e),
    };
    let mut cannot = None;
    let (series, text, refused, mean, json) = match outcome {
        Ok(p) => {
            let mean = p.mean(procedure);
            (p.series, p.text, None, mean, p.json)
        }
        Err(Error::Usage(why)) => (
            Vec::new(),
            why.clone(),
            Some(why),
            None,
            serde_json::Value::Null,
        ),
        Err(Error::Cannot { cli, said }) => {
            cannot = Some(*said);
            (
                Vec::new(),
                cli.clone(),
                Some(cli),
                None,
                serde_json::Value::Null,
            )
        }
        Err(e) => return Err(e),
    };
    let mut words = vec!["preview".to_owned()];
    words.extend(request.words());
    Ok(Duel {
        procedure: procedure.name,
        title,
        command: request.command(),
        words,
        what: String::new(),
        series,
        said: Vec::new(),
        text,
        refused,
        cannot,
        mean,
        json,
        headline: Vec::new(),
    })
}

/// Every duel the ruleset declares between unit `a` of one list and unit `b` of another, in
/// `situation` (checked by [`duel_situation`]), titled, headlined and charted in the words of
/// `labels` (the ruleset's labels in `lang`). Errors: a unit number outside its list.
pub fn duels(
    engine: &Rules,
    a: DuelSide,
    b: DuelSide,
    situation: &DuelSituation,
    (lang, labels): (Lang, &toml::Table),
) -> Result<Vec<Duel>, Error> {
    duels_of(
        engine,
        (a.unit_ref()?, a.label()?),
        (b.unit_ref()?, b.label()?),
        situation,
        (lang, labels),
    )
}

/// Every duel the ruleset declares between two units given as a preview takes them (a list's
/// unit, a game's unit as it stands), each with the name the titles give it.
pub fn duels_of(
    engine: &Rules,
    (ua, na): (UnitRef, String),
    (ub, nb): (UnitRef, String),
    situation: &DuelSituation,
    (lang, labels): (Lang, &toml::Table),
) -> Result<Vec<Duel>, Error> {
    let said = Layered { own: labels, lang };
    let situation_words = situation_words(
        engine.ruleset().meta().duel_choices,
        situation,
        labels,
        &na,
        &nb,
    );
    let mut out = Vec::new();
    for decl in engine.ruleset().meta().duels {
        let mut ways = vec![(&ua, &na, &ub, &nb)];
        if decl.both_ways {
            ways.push((&ub, &nb, &ua, &na));
        }
        for (x, nx, y, ny) in ways {
            let mut request = duel_request(engine, decl, x, y, situation)?;
            // Its text in the page's language too (the "in full" of a duel said English).
            let in_lang = engine.ruleset().languages().contains(&lang);
            if in_lang {
                request.in_lang(lang);
            }
            let template = words(labels, &format!("duel_{}", decl.procedure)).unwrap_or(decl.title);
            let mut duel = run_duel(engine, title(template, nx, ny, &situation_words), &request)?;
            // The command prints what a French or Spanish page shows: in its language (an
            // English page's command says none, as a player types it; a list's own `lang`
            // would then be the command line's).
            if in_lang && lang != Lang::En && request.procedure.param("lang").is_none() {
                duel.command.push_str(&format!(" --lang {}", lang.id()));
                duel.words
                    .extend(["--lang".to_owned(), lang.id().to_owned()]);
            }
            if decl.only_where_played && duel.refused.is_some() {
                continue;
            }
            // The chart in the page's words: "A" and "B" of the command line's named.
            let units = |p: &Phrase| {
                p.clone()
                    .named("a", Named::same(nx.as_str()))
                    .named("b", Named::same(ny.as_str()))
                    .say(lang, &said)
            };
            if let Some(t) = request.procedure.chart.title() {
                duel.what = units(&t);
            }
            if let Some(why) = &duel.cannot {
                duel.refused = Some(units(why));
            }
            duel.said = duel
                .series
                .iter()
                .map(|(name, p)| (units(name), p.clone()))
                .collect();
            // What has already happened to a game's unit is given no chance.
            let done = |state: &str| match y {
                UnitRef::Listed(l) => l
                    .game
                    .as_ref()
                    .is_some_and(|g| g.states.iter().any(|s| s == state)),
                _ => false,
            };
            duel.headline = decl
                .headline
                .iter()
                .filter(|h| !h.done_when.is_some_and(done))
                .filter_map(|h| {
                    let value = duel.json.pointer(h.at)?.as_f64()?;
                    let label = words(labels, h.label).unwrap_or(h.label);
                    Some(HeadlineValue {
                        label: label.replace("{first}", nx).replace("{second}", ny),
                        value,
                        chance: h.chance,
                    })
                })
                .collect();
            out.push(duel);
        }
    }
    Ok(out)
}

/// The words of `key` in a ruleset's labels, if it has them.
fn words<'a>(labels: &'a toml::Table, key: &str) -> Option<&'a str> {
    labels.get(key).and_then(|v| v.as_str())
}

/// The situation's values in words (`range=short` → "courte"; `charge=a` → the first unit).
pub fn situation_words(
    choices: &[DuelChoice],
    situation: &DuelSituation,
    labels: &toml::Table,
    first: &str,
    second: &str,
) -> DuelSituation {
    situation
        .iter()
        .map(|(k, v)| {
            let said = choices
                .iter()
                .find(|c| c.key == k)
                .and_then(|c| words(labels, &format!("choice_{}_{v}", c.key)))
                .map_or(v.clone(), |w| {
                    w.replace("{first}", first).replace("{second}", second)
                });
            (k.clone(), said)
        })
        .collect()
}

/// The choices a page offers, in the words of `labels`, their values named (a side's value
/// by its unit): `[{key, label, default, values: [{id, label}]}]`.
pub fn choices_in_words(
    choices: &[DuelChoice],
    labels: &toml::Table,
    first: &str,
    second: &str,
) -> serde_json::Value {
    let named: Vec<serde_json::Value> = choices
        .iter()
        .map(|c| {
            let values: Vec<serde_json::Value> = c
                .values
                .iter()
                .map(|v| {
                    let label = words(labels, &format!("choice_{}_{v}", c.key))
                        .map_or((*v).to_owned(), |w| {
                            w.replace("{first}", first).replace("{second}", second)
                        });
                    serde_json::json!({ "id": v, "label": label })
                })
                .collect();
            serde_json::json!({
                "key": c.key,
                "label": words(labels, &format!("choice_{}", c.key)).unwrap_or(c.label),
                "default": c.default,
                "values": values,
            })
        })
        .collect();
    serde_json::Value::Array(named)
}

/// A duel's heading with its placeholders filled in.
pub fn title(template: &str, first: &str, second: &str, situation: &DuelSituation) -> String {
    let mut t = template
        .replace("{first}", first)
        .replace("{second}", second);
    for (k, v) in situation {
        t = t.replace(&format!("{{{k}}}"), v);
    }
    t
}

/// Checks a ruleset's duel declarations against its procedures (a unit test of each ruleset,
/// and of the registry, calls it): every name they use is declared with the right kind.
pub fn check_declarations(ruleset: super::Ruleset) -> Result<(), String> {
    let meta = ruleset.meta();
    for d in meta.duels {
        let p = ruleset
            .procedure(d.procedure)
            .ok_or_else(|| format!("{}: duel of unknown procedure {}", meta.id, d.procedure))?;
        if p.mean.is_none() {
            return Err(format!(
                "{}: {} plays duels but its JSON has no number that sums it up",
                meta.id, p.name
            ));
        }
        for v in d.variants {
            let same = ruleset
                .procedure(v.decl.procedure)
                .is_some_and(|q| q.mean == p.mean);
            if !same {
                return Err(format!(
                    "{}: variant {} of {} sums up with another number than its table's",
                    meta.id, v.key, d.procedure
                ));
            }
        }
        let mut decls = vec![d];
        decls.extend(d.variants.iter().map(|v| v.decl));
        for d in decls {
            check_decl(ruleset, d)?;
        }
        for v in d.variants {
            for (key, value) in v.when {
                let known = meta
                    .duel_choices
                    .iter()
                    .any(|c| c.key == *key && c.values.contains(value));
                if !known {
                    return Err(format!(
                        "{}: variant {} of {} needs {key}={value}, not a choice's value",
                        meta.id, v.key, d.procedure
                    ));
                }
            }
        }
    }
    for c in meta.duel_choices {
        let names: Vec<&str> = match c.sets {
            Sets::Param(n) | Sets::ParamUnless(n, _) => vec![n],
            Sets::Flags(f) => f.iter().map(|(_, n)| *n).collect(),
        };
        for n in names {
            let used = meta.duels.iter().any(|d| {
                ruleset
                    .procedure(d.procedure)
                    .and_then(|p| p.param(n))
                    .is_some()
            });
            if !used {
                return Err(format!(
                    "{}: choice {} sets {n}, which no duel's procedure has",
                    meta.id, c.key
                ));
            }
        }
        if !c.values.contains(&c.default) {
            return Err(format!(
                "{}: choice {} defaults outside its values",
                meta.id, c.key
            ));
        }
    }
    Ok(())
}

/// One declaration's names against its procedure: the units, what it sets and maps.
fn check_decl(ruleset: super::Ruleset, d: &DuelDecl) -> Result<(), String> {
    let meta = ruleset.meta();
    let p = ruleset
        .procedure(d.procedure)
        .ok_or_else(|| format!("{}: duel of unknown procedure {}", meta.id, d.procedure))?;
    for (name, _) in d.matchup.iter().chain(d.sets) {
        if p.param(name).is_none() {
            return Err(format!(
                "{}: {}'s duel sets {name}, which it does not have",
                meta.id, p.name
            ));
        }
    }
    for (key, value, name, _) in d.maps {
        let choice = meta.duel_choices.iter().find(|c| c.key == *key);
        if !choice.is_some_and(|c| c.values.contains(value)) || p.param(name).is_none() {
            return Err(format!(
                "{}: {} maps {key}={value} to {name}: not a choice's value or not its parameter",
                meta.id, p.name
            ));
        }
    }
    for unit in [d.first, d.second] {
        match p.param(unit).map(|p| p.kind) {
            Some(Kind::Unit { .. }) => {}
            _ => {
                return Err(format!(
                    "{}: {} has no unit parameter {unit}",
                    meta.id, p.name
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A declaration (a duel or a variant of one) is checked against its procedure: what it
    /// sets and maps must be the procedure's parameters, what it maps a choice's values, its
    /// units the procedure's unit parameters. Each ruleset's first duel, made wrong.
    #[test]
    fn a_declaration_naming_what_its_procedure_lacks_is_refused() {
        for r in super::super::Ruleset::ALL {
            let Some(d) = r.meta().duels.first() else {
                continue;
            };
            let (id, name) = (r.meta().id, d.procedure);
            assert_eq!(check_decl(*r, d), Ok(()), "{id}");
            let sets = DuelDecl {
                procedure: d.procedure,
                first: d.first,
                second: d.second,
                sets: &[("no-such-parameter", "1")],
                ..DuelDecl::PLAIN
            };
            assert_eq!(
                check_decl(*r, &sets),
                Err(format!(
                    "{id}: {name}'s duel sets no-such-parameter, which it does not have"
                ))
            );
            let maps = DuelDecl {
                maps: &[("no-such-choice", "x", "no-such-parameter", "y")],
                ..sets
            };
            let maps = DuelDecl { sets: &[], ..maps };
            assert_eq!(
                check_decl(*r, &maps),
                Err(format!("{id}: {name} maps no-such-choice=x to no-such-parameter: not a choice's value or not its parameter"))
            );
            let unit = DuelDecl {
                procedure: d.procedure,
                first: d.first,
                second: "no-such-unit",
                ..DuelDecl::PLAIN
            };
            assert_eq!(
                check_decl(*r, &unit),
                Err(format!("{id}: {name} has no unit parameter no-such-unit"))
            );
        }
    }
}
