//! The sheet editor's keystroke, server side: the form's values read as the player's sheet
//! over the data (TOML written, parsed, checked as `data check` would), then its card drawn as
//! SVG by the cards' renderer — what `POST /api/sheets/draft` does for each change. Target:
//! well under 50 ms for the largest sheet of each ruleset with an editor (Capitán's sheets,
//! hm-qrs unit types, Thucydide troop types): the one with the most values typed and, when
//! another, the one with the largest card (the most text drawn). The browser's round trip adds
//! the request and the drawing; the browser tests print those.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use muster::core::source::Sources;
use muster::ops::print::sheet_card_svg;
use muster::ops::sheets::typed;
use muster::render::templates::Templates;
use muster::rulesets::{Rules, Ruleset, SheetFilter};

/// The sheet whose values are the longest (the most skills and fields), as the editor opens it.
fn largest(engine: &Rules) -> (String, serde_json::Map<String, serde_json::Value>) {
    let listing = engine
        .ruleset()
        .need(engine.sheets(), "unit sheets to list")
        .and_then(|x| x.listing(&SheetFilter::default(), muster::core::i18n::Lang::En))
        .expect("sheets");
    let mut best: Option<(usize, String, serde_json::Map<String, serde_json::Value>)> = None;
    for s in listing.json.as_array().expect("an array") {
        let id = s["id"].as_str().expect("an id").to_owned();
        let mut v = engine
            .ruleset()
            .need(engine.sheets(), "unit sheets to show")
            .and_then(|x| x.sheet(&id))
            .expect("the sheet");
        let o = v.as_object_mut().expect("an object");
        o.remove("provenance");
        o.remove("source");
        o.retain(|_, x| !x.is_null());
        let size = serde_json::to_string(o).expect("JSON").len();
        if best.as_ref().is_none_or(|(n, _, _)| size > *n) {
            best = Some((size, id, o.clone()));
        }
    }
    let (_, id, values) = best.expect("a sheet");
    (id, values)
}

/// The sheet whose card, as it prints (SVG), is the longest: the most text to lay out.
fn largest_card(engine: &Rules, templates: &Templates, lang: muster::core::i18n::Lang) -> String {
    let listing = engine
        .ruleset()
        .need(engine.sheets(), "unit sheets to list")
        .and_then(|x| x.listing(&SheetFilter::default(), muster::core::i18n::Lang::En))
        .expect("sheets");
    let mut best: Option<(usize, String)> = None;
    for s in listing.json.as_array().expect("an array") {
        let id = s["id"].as_str().expect("an id").to_owned();
        let svg = sheet_card_svg(engine, templates, lang, &id, None).expect("the card");
        if best.as_ref().is_none_or(|(n, _)| svg.len() > *n) {
            best = Some((svg.len(), id));
        }
    }
    best.expect("a sheet").1
}

fn keystroke(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
    let mut group = c.benchmark_group("sheet editor keystroke");
    for ruleset in Ruleset::ALL {
        let mut data = Sources::new();
        let Ok(engine) =
            muster::commands::load_engine(*ruleset, std::slice::from_ref(&dir), &mut data)
        else {
            continue;
        };
        let lang = ruleset.languages()[0];
        let templates = Templates::load(ruleset.templates(), None, &["card"]).expect("templates");
        let labels = templates.labels(lang.id());
        let Ok(form) = engine
            .ruleset()
            .need(engine.editor(), "sheet editor")
            .and_then(|x| x.sheet_form(lang, &labels))
        else {
            continue; // no editor for this ruleset yet
        };
        let (id, values) = largest(engine.as_ref());
        let mut sheets = vec![(id, values)];
        let card = largest_card(engine.as_ref(), &templates, lang);
        if card != sheets[0].0 {
            let mut v = engine
                .ruleset()
                .need(engine.sheets(), "unit sheets to show")
                .and_then(|x| x.sheet(&card))
                .expect("the sheet");
            let o = v.as_object_mut().expect("an object");
            o.remove("provenance");
            o.remove("source");
            o.retain(|_, x| !x.is_null());
            sheets.push((card, o.clone()));
        }
        for (id, values) in &sheets {
            group.bench_function(format!("{} {id}", ruleset.id()), |b| {
                b.iter(|| {
                    let t = typed(engine.as_ref(), &form, black_box(values)).expect("typed");
                    assert!(t.draft.diagnostics.is_empty(), "{:?}", t.draft.diagnostics);
                    let svg = sheet_card_svg(t.draft.engine.as_ref(), &templates, lang, id, None)
                        .expect("the card");
                    black_box(svg.len())
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, keystroke);
criterion_main!(benches);
