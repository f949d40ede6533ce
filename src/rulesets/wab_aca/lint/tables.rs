//! The rules applied once to the tables ([`TABLE_RULES`](super::TABLE_RULES)): their bounds
//! and their consistency with each other.

use validator::Validate;

use super::context::{segs, TableContext};
use crate::core::bounds::out_of_bounds;
use crate::core::diagnostic::Diagnostic;
use crate::core::source::{FileId, Seg};
use crate::rulesets::wab_aca::model::*;

pub(super) fn table_bounds(cx: &TableContext) -> Vec<Diagnostic> {
    let (db, at) = (cx.db, cx.at);
    // (the file, the table's key in it, its check)
    let checks: [(
        FileId,
        Option<&str>,
        Result<(), validator::ValidationErrors>,
    ); 7] = [
        (at.rules, None, db.rules.validate()),
        (at.core, Some("flank"), db.core.flank.validate()),
        (at.core, Some("contact"), db.core.contact.validate()),
        (
            at.artillery,
            Some("battery_hits"),
            db.artillery.battery_hits.validate(),
        ),
        (
            at.artillery,
            Some("terrain"),
            db.artillery.terrain.validate(),
        ),
        (
            at.artillery,
            Some("template"),
            db.artillery.template.validate(),
        ),
        (
            at.artillery,
            Some("captured"),
            db.artillery.captured.validate(),
        ),
    ];
    let mut out = Vec::new();
    for (file, table, check) in checks {
        let Err(errors) = check else { continue };
        for o in out_of_bounds(&errors) {
            let mut path: Vec<Seg> = table.map(Seg::Key).into_iter().collect();
            path.extend(segs(&o.path));
            out.push(cx.error("out-of-range", file, &path, o.message));
        }
    }
    out
}

/// The tables the previews and the aide de jeu read are complete and ordered.
pub(super) fn tables_consistent(cx: &TableContext) -> Vec<Diagnostic> {
    let (db, at) = (cx.db, cx.at);
    let mut out = Vec::new();
    // The house rules the previews play are declared, with their texts.
    for id in HOUSE_RULES {
        if db.house_rule(id).is_none() {
            out.push(cx.error(
                "table-consistency",
                at.rules,
                &[Seg::Key("house_rule")],
                format!("rules.toml declares no [[house_rule]] `{id}`, which the previews play when turned on"),
            ));
        }
    }
    let core = &db.core;
    for (i, row) in core.to_hit_shooting.iter().enumerate() {
        if row.bs != i as u32 + 1 || !(2..=6).contains(&row.needs) {
            out.push(
                cx.error(
                    "table-consistency",
                    at.core,
                    &[Seg::Key("to_hit_shooting"), Seg::Index(i)],
                    format!(
                        "to_hit_shooting rows go from BS 1 upwards with a score from 2 to 6; row {} has bs = {} and needs = {}",
                        i + 1,
                        row.bs,
                        row.needs
                    ),
                )
                .with_label("out of sequence"),
            );
        }
    }
    if core.to_hit_shooting.is_empty() {
        out.push(cx.error(
            "table-consistency",
            at.core,
            &[Seg::Key("source")],
            "core.toml has no to_hit_shooting rows".into(),
        ));
    }
    let mut diffs: Vec<i32> = core.to_wound.iter().map(|r| r.difference).collect();
    diffs.sort_unstable();
    let contiguous = diffs.windows(2).all(|w| w[1] == w[0] + 1);
    if diffs.is_empty() || !contiguous || core.to_wound.iter().any(|r| !(2..=6).contains(&r.needs))
    {
        out.push(
            cx.error(
                "table-consistency",
                at.core,
                &[Seg::Key("to_wound")],
                "to_wound needs one row per difference, with no gap, each a score from 2 to 6"
                    .into(),
            )
            .with_label("incomplete table"),
        );
    }
    let b = &core.beyond_six;
    if ![b.seven, b.eight, b.nine]
        .iter()
        .all(|n| (2..=6).contains(n))
        || b.impossible_from != 10
    {
        out.push(cx.error(
            "table-consistency",
            at.core,
            &[Seg::Key("beyond_six")],
            "beyond_six gives a second die from 2 to 6 for 7, 8 and 9, and impossible_from = 10"
                .into(),
        ));
    }
    let groups = ["*", "**", "***"];
    for (i, m) in db.rules.manoeuvre.modifier.iter().enumerate() {
        if let Some(g) = &m.group {
            if !groups.contains(&g.as_str()) {
                out.push(
                    cx.error(
                        "table-consistency",
                        at.rules,
                        &[
                            Seg::Key("manoeuvre"),
                            Seg::Key("modifier"),
                            Seg::Index(i),
                            Seg::Key("group"),
                        ],
                        format!("group must be one of *, ** or ***, found {g:?}"),
                    )
                    .with_label("not a group of the table"),
                );
            }
        }
    }
    for (i, c) in db.rules.manoeuvre.condition.iter().enumerate() {
        if !db
            .rules
            .manoeuvre
            .modifier
            .iter()
            .any(|m| m.group.as_deref() == Some(c.group.as_str()))
        {
            out.push(
                cx.error(
                    "table-consistency",
                    at.rules,
                    &[
                        Seg::Key("manoeuvre"),
                        Seg::Key("condition"),
                        Seg::Index(i),
                        Seg::Key("group"),
                    ],
                    format!(
                        "condition `{}` is about group {:?}, which no modifier has",
                        c.id, c.group
                    ),
                )
                .with_label("no such group"),
            );
        }
    }
    let bands = &db.rules.victory.band;
    if bands.first().is_none_or(|b| b.from == 0) || bands.windows(2).any(|w| w[1].from <= w[0].from)
    {
        out.push(
            cx.error(
                "table-consistency",
                at.rules,
                &[Seg::Key("victory"), Seg::Key("band")],
                "victory bands start from a difference of 1 or more and go by increasing differences".into(),
            )
            .with_label("out of order"),
        );
    }
    let die = &db.artillery.misfire.artillery_die;
    if die.is_empty() || die.len() > 20 || die.iter().any(|f| *f == 0 || *f > 100) {
        out.push(
            cx.error(
                "table-consistency",
                at.artillery,
                &[Seg::Key("misfire"), Seg::Key("artillery_die")],
                "the artillery die has 1 to 20 numbered faces (from 1 to 100) besides its misfire"
                    .into(),
            ),
        );
    }
    for (i, t) in db.artillery.battery.iter().enumerate() {
        if t.roundshot.is_none() && t.howitzer.is_none() {
            out.push(
                cx.error(
                    "table-consistency",
                    at.artillery,
                    &[Seg::Key("battery"), Seg::Index(i)],
                    format!("battery type `{}` fires neither roundshot nor shells", t.id),
                )
                .with_label("give roundshot = {…} or howitzer = {…}"),
            );
        }
        if !(1..=10).contains(&t.crew) {
            out.push(cx.error(
                "table-consistency",
                at.artillery,
                &[Seg::Key("battery"), Seg::Index(i), Seg::Key("crew")],
                format!("crew must be between 1 and 10, found {}", t.crew),
            ));
        }
    }
    out
}
