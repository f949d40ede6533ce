//! The live card of the sheet editor: the server-side work of one keystroke, minus the parse
//! of the typed sheet. From a loaded engine and its loaded card template, the card of the
//! largest sheet of each ruleset that prints cards (the sheet whose card draws the most), as
//! SVG (`print::sheet_card_svg`: the card's context, the template, the layout with its
//! fitting, the SVG); beside it the same card as a one-page PDF (`print::cards_document`), as
//! `muster cards` makes it. Target (issue 25): the whole round trip under 50 ms.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use muster::core::source::Sources;
use muster::ops::print::{cards_document, sheet_card_svg};
use muster::render::sheet::Paper;
use muster::render::templates::Templates;
use muster::rulesets::{Rules, Ruleset, SheetFilter, SheetRef};

/// The ids of an engine's sheets (or entries, or units): none when its listing is not a list
/// of them (fire-classes lists its fire classes, and prints no cards).
fn sheet_ids(engine: &Rules) -> Vec<String> {
    let listing = engine
        .sheets()
        .expect("the ruleset has sheets")
        .listing(&SheetFilter::default(), muster::core::i18n::Lang::En)
        .expect("the ruleset lists its sheets");
    listing
        .json
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s.get("id")?.as_str().map(str::to_owned))
        .collect()
}

fn live_card(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("unit-sheets");
    let mut group = c.benchmark_group("live card");
    group.sample_size(30);
    for &ruleset in Ruleset::ALL {
        let mut sources = Sources::new();
        let engine =
            muster::commands::load_engine(ruleset, std::slice::from_ref(&dir), &mut sources)
                .expect("the shipped data loads");
        let templates = Templates::load(ruleset.templates(), None, &["card"])
            .expect("the built-in card template");
        let lang = ruleset.languages()[0];
        // The sheet whose card draws the most (the longest SVG); none for a ruleset without
        // cards.
        let Some((id, svg)) = sheet_ids(engine.as_ref())
            .into_iter()
            .filter_map(|id| {
                let svg = sheet_card_svg(engine.as_ref(), &templates, lang, &id, None).ok()?;
                Some((id, svg))
            })
            .max_by_key(|(_, svg)| svg.len())
        else {
            continue;
        };
        let runs = svg.matches("<text").count();
        let name = format!("{} {id} ({runs} text runs)", ruleset.id());
        group.bench_function(format!("{name}: SVG"), |b| {
            b.iter(|| {
                black_box(
                    sheet_card_svg(engine.as_ref(), &templates, lang, &id, None)
                        .expect("the card draws"),
                )
            })
        });
        let labels = templates.labels(lang.id());
        let sheets = [SheetRef {
            id: id.clone(),
            figures: None,
        }];
        group.bench_function(format!("{name}: PDF, one card on A4"), |b| {
            b.iter(|| {
                let cards = engine
                    .cards()
                    .expect("the ruleset prints cards")
                    .contexts(
                        muster::rulesets::cards::CardsOf {
                            list: None,
                            sheets: &sheets,
                        },
                        lang,
                        &labels,
                    )
                    .expect("the card's context");
                black_box(
                    cards_document(
                        lang,
                        Paper::A4,
                        false,
                        ruleset.card_size(),
                        &cards,
                        &templates,
                    )
                    .expect("the PDF"),
                )
            })
        });
    }
    group.bench_function(
        "the bundled fonts' metrics (Fonts::load; Fonts::shared reads them once a process)",
        |b| b.iter(|| black_box(muster::render::fonts::Fonts::load().expect("the bundled fonts"))),
    );
    group.finish();
}

criterion_group!(benches, live_card);
criterion_main!(benches);
