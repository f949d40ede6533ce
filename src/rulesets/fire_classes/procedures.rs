//! The fire table's preview procedure as data (a volley), and its report as people read it:
//! the text `muster preview volley` prints and the distribution it draws.

use super::database::Database;
use super::preview::{self, Situation, VolleyReport, VolleyRequest, SHOOTERS};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::table::{distribution_table, Series};
use crate::core::words::{Phrase, Say};
use crate::rulesets::duel::{DuelChoice, DuelDecl};
use crate::rulesets::procedure::{Chart, Param, Preview, Procedure, Request};

pub const PROCEDURES: &[Procedure] = &[Procedure {
    name: "volley",
    summary: "A volley: the result of N dice and the chance of reaching each range band's score",
    rule: "FC",
    sides: ["Shooters", "Target"],
    params: &[
        Param::int_u("shooters", SHOOTERS, "Shooters, one die each, 1–200")
            .default("1")
            .first(),
        Param::id(
            "class",
            "ID",
            "The shooters' class of the table: grenadiers, line, elite-light, light, recruits, guerrillas",
        )
        .first(),
        Param::choice(
            "situation",
            &[
                (
                    "volley",
                    "Ordered volley in close order (or sheltered in a building or behind a barricade)",
                ),
                ("loose", "No ordered volley, not as skirmishers"),
                ("skirmish", "As skirmishers"),
            ],
            "How they fire (with --class)",
        )
        .first(),
        Param::flag("no-officer", "No officer within earshot (beyond 20 cm)").first(),
        Param::flag(
            "single-shooter",
            "One shooter alone, where the table allows it (elite shot or normal fire)",
        )
        .first(),
        Param::flag("elite", "Ad hoc: elite shot, +1 to one die after the roll").first(),
        Param::flag("disorder", "Ad hoc: disorder, several 6s make no 7").first(),
        Param::flag("minus", "Ad hoc: -1 to every die").first(),
        Param::id(
            "weapon",
            "WEAPON",
            "The firearm: musket, musket-class2, carbine, pistol",
        )
        .default("musket")
        .first(),
        Param::flag("moving", "Firing on the move (carbine, pistol: -1)").first(),
        Param::flag(
            "against-skirmishers",
            "The target is skirmishers or single figures",
        )
        .second(),
        Param::flag("cuirass", "The target wears a cuirass (-1 at long range)").second(),
        Param::choice(
            "lang",
            &[("fr", ""), ("en", "")],
            "Language of the table's words",
        )
        .default("fr"),
    ],
    chart: Chart::Of("chart-volley", "Chance of each result of the volley"),
    mean: None,
}];

/// A table has no units of lists to play against each other.
pub const DUELS: &[DuelDecl] = &[];
pub const DUEL_CHOICES: &[DuelChoice] = &[];

/// Works out a request of [`PROCEDURES`].
pub fn preview(db: &Database, r: &Request) -> Result<Preview, Error> {
    let report = preview::volley(
        db,
        &VolleyRequest {
            shooters: r.u32("shooters").unwrap_or(1),
            class: r.text("class"),
            situation: match r.text("situation").as_deref() {
                Some("volley") => Some(Situation::Volley),
                Some("loose") => Some(Situation::Loose),
                Some("skirmish") => Some(Situation::Skirmish),
                _ => None,
            },
            against_skirmishers: r.flag("against-skirmishers"),
            no_officer: r.flag("no-officer"),
            single_shooter: r.flag("single-shooter"),
            elite: r.flag("elite"),
            disorder: r.flag("disorder"),
            minus: r.flag("minus"),
            weapon: r.text("weapon").unwrap_or_default(),
            moving: r.flag("moving"),
            cuirass: r.flag("cuirass"),
            lang: match r.text("lang").as_deref() {
                Some("en") => Lang::En,
                _ => Lang::Fr,
            },
        },
    )
    .map_err(Error::from)?;
    let series = series(&report);
    Preview::said(
        r,
        &report,
        |say| text(say, db, &report, &series),
        series.clone(),
    )
}

/// The results from 0 up (a -1 can give 0), as drawn.
fn series(r: &VolleyReport) -> Vec<Series> {
    let lowest = r.results.first().map_or(0, |x| x.value.min(0));
    let top = r.results.last().map_or(0, |x| x.value);
    let mut dist = vec![0.0; (top - lowest + 1).max(1) as usize];
    for x in &r.results {
        dist[(x.value - lowest) as usize] += x.p;
    }
    vec![(
        crate::core::words::Phrase::new("series-result", "result"),
        dist,
    )]
}

/// `muster preview volley`'s text, said in `say`'s language (the table's cell in the one its
/// `--lang` chose).
fn text(say: Say, db: &Database, r: &VolleyReport, series: &[Series]) -> String {
    let mut effects = String::new();
    for (on, key, en) in [
        (
            r.effects.elite,
            "preview-fc-elite",
            ", elite shot (+1 to one die)",
        ),
        (
            r.effects.disorder,
            "preview-fc-disorder",
            ", disordered (several 6s make no 7)",
        ),
        (r.effects.minus, "preview-fc-minus", ", -1 to every die"),
    ] {
        if on {
            effects.push_str(&say.word(key, en));
        }
    }
    // The cell in the text's language (the table's `--lang` set the JSON's).
    let cell = r
        .cell_names
        .as_ref()
        .map(|c| c.get(say.lang).to_owned())
        .or_else(|| r.cell.clone())
        .map(|c| say.it(&Phrase::new("preview-fc-cell", " — the table: {cell}").text("cell", c)))
        .unwrap_or_default();
    let mut text = say.it(&Phrase::new(
        "preview-fc-volley",
        "Volley (FC): {dice} dice{effects}{cell}",
    )
    .count("dice", r.dice)
    .text("effects", effects)
    .text("cell", cell));
    text.push('\n');
    for n in &r.notes {
        text.push_str(&format!("  {}\n", say.it(n)));
    }
    text.push_str(&distribution_table(
        &say.word("table-result", "result"),
        &crate::core::table::said(series, say.lang, say.words),
        say.lang,
    ));
    // The weapon by its name in the language (it said its id).
    let weapon = db
        .weapons
        .get(&r.weapon)
        .map_or(r.weapon.clone(), |w| w.name.get(say.lang).to_owned());
    for b in &r.reach {
        text.push_str(
            &say.it(&Phrase::new(
                "preview-fc-band",
                "{weapon} {from}–{to} cm: needs {needs}{modifier}: P {p}",
            )
            .text("weapon", weapon.clone())
            .count("from", b.from_cm)
            .count("to", b.to_cm)
            .count("needs", b.needs)
            .text(
                "modifier",
                if b.modifier != 0 {
                    format!(" ({:+})", b.modifier)
                } else {
                    String::new()
                },
            )
            .text("p", say.pc(b.p))),
        );
        text.push('\n');
    }
    text
}
