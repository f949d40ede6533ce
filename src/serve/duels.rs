//! Previews between two lists' units, as the builder shows them: the duels between two units
//! (each with its headline numbers, its text and its chart as SVG) and the matchup tables
//! (every unit against every unit), in the situation the ruleset's choices set; the duels'
//! JSON and charts' width the game page takes too.

use std::sync::Arc;

use axum::http::StatusCode;
use axum::response::Response;
use serde_json::json;

use super::app::App;
use super::check::{against, stored, Checked};
use super::query::page_lang;
use super::query::Named;
use super::reply::{blocking, json_error, json_response, ApiError};
use crate::core::i18n::Lang;
use crate::ops::to_json;
use crate::render::plot;
use crate::rulesets::{duel, DuelSide, ListCheck};

/// Duels as the pages draw them: each as JSON, with its chart as SVG unless refused, drawn
/// `chart` CSS pixels wide (`chart=` of the query: the width the page shows it at, so that
/// its text is at the size the chart sets; the command line's `--plot` width without it).
pub(crate) fn duels_json(duels: &[duel::Duel], chart: u32, lang: Lang) -> Vec<serde_json::Value> {
    duels
        .iter()
        .map(|d| {
            let mut v = serde_json::to_value(d).unwrap_or_default();
            // A charge is two chances, without a chart.
            if d.refused.is_none() && !d.said.is_empty() {
                // One series is the duel's heading's; several are told apart.
                let bars = plot::Bars {
                    title: &d.what,
                    series: &d.said,
                    legend: d.said.len() > 1,
                    lang,
                };
                v["svg"] = json!(plot::svg(&bars, chart));
            }
            v
        })
        .collect()
}

/// `chart=` of a query taken out of it: the width a page shows a duel's chart at, in CSS
/// pixels (within the widths a chart is drawn at); the command line's without it.
pub(crate) fn chart_width(
    q: &mut std::collections::BTreeMap<String, String>,
) -> Result<u32, Response> {
    match q.remove("chart") {
        None => Ok(plot::WIDTH),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|w| (plot::MIN_WIDTH..=plot::MAX_WIDTH).contains(w))
            .ok_or_else(|| {
                json_error(
                    StatusCode::BAD_REQUEST,
                    &format!(
                        "chart= is the width a chart is shown at, {} to {} CSS pixels, found `{}`",
                        plot::MIN_WIDTH,
                        plot::MAX_WIDTH,
                        v.escape_debug()
                    ),
                )
            }),
    }
}

/// A 1-based unit number from the query.
fn unit_number(field: &str, value: Option<&str>, list: &str) -> Result<usize, Response> {
    let bad = |found: &str| {
        json_error(
            StatusCode::BAD_REQUEST,
            &format!(
                "{field}= is a unit number of {list} (1, 2, …), found `{}`",
                found.escape_debug()
            ),
        )
    };
    match value {
        None => Err(bad("")),
        Some(v) => match v.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(bad(v)),
        },
    }
}

/// The two lists of a duel or a matchup: this one and `against=` (checked, of one ruleset),
/// and the situation the rest of the query sets (`lang=` aside).
struct Facing {
    c: Box<Checked>,
    other: ListCheck,
    other_name: String,
    situation: duel::DuelSituation,
    lang: Lang,
    labels: Arc<toml::Table>,
}

fn facing(
    app: &App,
    name: &str,
    q: &mut std::collections::BTreeMap<String, String>,
) -> Result<Facing, ApiError> {
    let Some(other_name) = q.remove("against") else {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "against= names the opponent's list, whose units face this one's",
        ));
    };
    let asked_lang = q.remove("lang");
    let mut c = stored(app, name)?;
    let mut other = against(app, &mut c, &other_name)?;
    let ruleset = c.ready.engine.ruleset();
    let situation = duel::duel_situation(ruleset.meta().duel_choices, q)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
    let lang = page_lang(
        ruleset,
        asked_lang.as_deref().or(c.check.lang.map(|l| l.id())),
    );
    let labels = c.ready.words(lang);
    // Units named in the page's language.
    c.check.in_lang(lang);
    other.in_lang(lang);
    Ok(Facing {
        c,
        other,
        other_name,
        situation,
        lang,
        labels,
    })
}

/// `GET /api/lists/{name}/duel?against=OTHER&unit=I&enemy=J[&lang=…][&chart=PX][&CHOICE=VALUE…]`: the
/// previews between unit I of the list and unit J of OTHER (the ruleset's procedures, as
/// `muster preview` gives them, in the situation the ruleset's choices set), each with its
/// headline numbers in words, its text, its chart as SVG (the `--plot` drawing) and the
/// command behind it; the choices in words, a side's value by its unit's name.
pub async fn duel(
    Named { app, name, mut q }: Named<std::collections::BTreeMap<String, String>>,
) -> Response {
    blocking(move || {
        let (unit_text, enemy_text) = (q.remove("unit"), q.remove("enemy"));
        let chart = chart_width(&mut q)?;
        let f = facing(&app, &name, &mut q)?;
        let unit = unit_number("unit", unit_text.as_deref(), &name)?;
        let enemy = unit_number("enemy", enemy_text.as_deref(), &f.other_name)?;
        let (pa, pb) = (app.store.shown(&name), app.store.shown(&f.other_name));
        let a = DuelSide {
            list: &f.c.check,
            unit,
            path: &pa,
        };
        let b = DuelSide {
            list: &f.other,
            unit: enemy,
            path: &pb,
        };
        let engine = f.c.ready.engine.as_ref();
        let duels = match duel::duels(engine, a, b, &f.situation, (f.lang, &f.labels)) {
            Ok(d) => d,
            Err(e) => return Err(ApiError::new(StatusCode::BAD_REQUEST, e.to_string())),
        };
        let side = |s: DuelSide, list: &str| match s.row() {
            Ok(row) => json!({ "list": list, "unit": s.unit, "label": row.label, "id": row.id }),
            Err(_) => serde_json::Value::Null,
        };
        let (la, lb) = (a.label().unwrap_or_default(), b.label().unwrap_or_default());
        let duels = duels_json(&duels, chart, f.lang);
        Ok::<_, ApiError>(json_response(
            StatusCode::OK,
            to_json(&json!({
                "a": side(a, &name),
                "b": side(b, &f.other_name),
                "lang": f.lang.id(),
                "commands_in_lists": app.store.commands_in_lists(),
                "situation": f.situation,
                "choices": duel::choices_in_words(engine.ruleset().meta().duel_choices, &f.labels, &la, &lb),
                "duels": duels,
            })),
        ))
    })
    .await
}

/// `GET /api/lists/{name}/matchups?against=OTHER[&lang=…][&CHOICE=VALUE…]`: the matchup
/// table (`muster matchups --format json`), each table titled in words with the two lists'
/// names, the choices in words.
pub async fn matchups(
    Named { app, name, mut q }: Named<std::collections::BTreeMap<String, String>>,
) -> Response {
    blocking(move || {
        let f = facing(&app, &name, &mut q)?;
        let (pa, pb) = (app.store.shown(&name), app.store.shown(&f.other_name));
        let engine = f.c.ready.engine.as_ref();
        let mut m = match crate::rulesets::matchup::matchups(
            engine,
            (&f.c.check, &pa),
            (&f.other, &pb),
            &f.situation,
            // The lists' own house rules only: a page turns none on.
            &[],
        ) {
            Ok(m) => m,
            Err(e) => {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    e.to_string(),
                ))
            }
        };
        // Why a pair cannot play a preview, in the page's words where the rules refuse.
        let words = crate::core::words::Layered {
            own: f.labels.as_ref(),
            lang: f.lang,
        };
        for cell in &mut m.cells {
            if let Some(why) = &cell.cannot {
                cell.why = Some(why.say(f.lang, &words));
            }
        }
        let (na, nb) = (f.c.check.name.clone(), f.other.name.clone());
        let said = duel::situation_words(
            engine.ruleset().meta().duel_choices,
            &f.situation,
            &f.labels,
            &na,
            &nb,
        );
        let titles: Vec<String> = m
            .tables
            .iter()
            .map(|t| {
                let template = f
                    .labels
                    .get(&format!("duel_{}", t.procedure))
                    .and_then(|v| v.as_str())
                    .unwrap_or(t.procedure);
                let (x, y) = match t.way {
                    crate::rulesets::matchup::Way::Out => (&na, &nb),
                    crate::rulesets::matchup::Way::In => (&nb, &na),
                };
                duel::title(template, x, y, &said)
            })
            .collect();
        // What a cell's mark means, in the page's words (a gun's canister, charging cavalry).
        let marks: Vec<serde_json::Value> = m
            .tables
            .iter()
            .map(|t| {
                t.marks
                    .iter()
                    .map(|(key, mark, said)| {
                        let words = f
                            .labels
                            .get(&format!("variant_{key}"))
                            .and_then(|v| v.as_str())
                            .unwrap_or(said);
                        json!({ "key": key, "mark": mark, "said": words })
                    })
                    .collect()
            })
            .collect();
        let mut body = serde_json::to_value(&m).unwrap_or_default();
        body["titles"] = json!(titles);
        body["marks"] = json!(marks);
        body["choices"] =
            duel::choices_in_words(engine.ruleset().meta().duel_choices, &f.labels, &na, &nb);
        body["lang"] = json!(f.lang.id());
        Ok::<_, ApiError>(json_response(StatusCode::OK, to_json(&body)))
    })
    .await
}
