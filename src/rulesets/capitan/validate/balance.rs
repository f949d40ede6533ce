//! Two armies that will face each other (§9.1).

use super::{Rule, BOOK};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::core::words::{Named, Phrase};
use crate::rulesets::capitan::Database;
use crate::rulesets::{balance_diagnostic, ListCheck};

/// Totals within 10 % of the larger (§9.1).
pub const UNBALANCED: Rule = Rule {
    code: "unbalanced",
    severity: Severity::Error,
    section: "§9.1",
    summary: "the two armies' values differ by at most 10 %",
};

/// The two lists fight each other.
pub const SAME_COALITION: Rule = Rule {
    code: "same-coalition",
    severity: Severity::Warning,
    section: "§1.1",
    summary: "opponents are usually of different coalitions",
};

/// N°U counts the units of a sheet in the whole game: both armies (reading units-per-game).
pub const UNIT_LIMIT_IN_GAME: Rule = Rule {
    code: "unit-limit-in-game",
    severity: Severity::Error,
    section: "§1.1",
    summary: "N°U is the most units of one sheet in a game, both armies together",
};

/// Diagnostics about the pair, located in the first list.
pub fn validate_pair(db: &Database, a: &ListCheck, b: &ListCheck, b_name: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    out.extend(balance_diagnostic(
        &UNBALANCED,
        BOOK,
        a,
        b,
        b_name,
        db.rules.balance.tolerance_percent,
    ));
    if let (Some(sa), Some(sb)) = (&a.side, &b.side) {
        if sa == sb {
            out.push(
                SAME_COALITION
                    .say(
                        BOOK,
                        Phrase::new("same-coalition", "both lists fight for {side}")
                            .phrase("side", super::side(sa)),
                    )
                    .at(
                        a.file,
                        a.spans.span(&[Seg::Key("list"), Seg::Key("coalition")]),
                    ),
            );
        }
    }
    for (i, unit) in a.units.iter().enumerate() {
        let Some(sheet) = db.sheet(&unit.id) else {
            continue;
        };
        if a.units[..i].iter().any(|u| u.id == unit.id) {
            continue; // one diagnostic per sheet, at its first unit
        }
        let here = a.units.iter().filter(|u| u.id == unit.id).count();
        let there = b.units.iter().filter(|u| u.id == unit.id).count();
        let max = sheet.max_units as usize;
        if there > 0 && here <= max && there <= max && here + there > max {
            out.push(
                UNIT_LIMIT_IN_GAME
                    .say(
                        BOOK,
                        Phrase::new(
                            "unit-limit-in-game",
                            "{name}: {here|# unit|# units} here and {there} in {other}; its N°U allows {max} in a game",
                        )
                        .name("name", Named::same(&sheet.name))
                        .count("here", here)
                        .count("there", there)
                        .text("other", b_name)
                        .count("max", max),
                    )
                    .at(
                        a.file,
                        a.spans
                            .span(&[Seg::Key("units"), Seg::Index(i), Seg::Key("sheet")]),
                    )
                    .with_label_said(Phrase::new("nou", "N°U {max}").count("max", max)),
            );
        }
    }
    out
}
