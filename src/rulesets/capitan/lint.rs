//! Consistency rules for the Capitán data: every sheet against the rulebook's constraints and
//! the reference tables. One function per rule, all listed in [`SHEET_RULES`].

use validator::Validate;

use super::database::Database;
use super::model::*;
use crate::core::bounds::{out_of_bounds, PathPart};
use crate::core::catalog::{Catalog, Origin, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::source::Seg;
use crate::core::suggest::nearest;

/// What a sheet rule sees.
pub struct SheetContext<'a> {
    pub db: &'a Database,
    pub sheet: &'a UnitSheet,
    origin: &'a Origin,
    spans: &'a SpanIndexes,
}

impl SheetContext<'_> {
    /// An error located at `path` inside this sheet.
    fn error(&self, code: &'static str, path: &[Seg], message: String) -> Diagnostic {
        Diagnostic::error(code, message).at(self.origin.file, self.spans.span(self.origin, path))
    }
}

type SheetRule = fn(&SheetContext) -> Vec<Diagnostic>;

/// Every rule applied to each sheet: (code, rule, rulebook section).
pub const SHEET_RULES: &[(&str, SheetRule, &str)] = &[
    ("bad-id", id_format, "§1.1"),
    ("out-of-range", values_in_range, "§1.1, §4.2"),
    ("militia-gunners", no_militia_gunners, "§12.10"),
    ("unknown-reference", references_exist, "§1.1"),
    ("command-fields", command_fields, "§1, §1.3, §4"),
    ("artillery-fields", artillery_fields, "§12, §12.17"),
    ("movement-order", movement_order, "§6.1"),
    ("range-mismatch", ranges_match_weapon, "§7.6"),
    ("unknown-skill", skills_exist, "§11"),
    ("skill-restricted", skills_allowed, "§11"),
    ("skill-cost", skill_costs, "§11"),
    ("duplicate-skill", skills_unique, "§11"),
];

pub fn lint_sheets(db: &Database, origins: &[Origin], spans: &SpanIndexes) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (sheet, origin) in db.sheets.iter().zip(origins) {
        found.extend(lint_sheet(db, sheet, origin, spans));
    }
    found
}

/// Every rule of one sheet, located at `origin`.
pub fn lint_sheet(
    db: &Database,
    sheet: &UnitSheet,
    origin: &Origin,
    spans: &SpanIndexes,
) -> Vec<Diagnostic> {
    let cx = SheetContext {
        db,
        sheet,
        origin,
        spans,
    };
    let mut found = Vec::new();
    for (_, rule, section) in SHEET_RULES {
        found.extend(
            rule(&cx)
                .into_iter()
                .map(|d| d.with_note(format!("rule: Capitán {section}"))),
        );
    }
    found
}

pub use crate::core::catalog::valid_id;

/// Sheet ids are plain: lowercase letters, digits and hyphens.
fn id_format(cx: &SheetContext) -> Vec<Diagnostic> {
    if valid_id(&cx.sheet.id) {
        return Vec::new();
    }
    vec![cx
        .error(
            "bad-id",
            &[Seg::Key("id")],
            format!(
                "id must be 1 to 64 lowercase letters, digits and hyphens, found {:?}",
                cx.sheet.id
            ),
        )
        .with_label("not a plain id")]
}

/// §12.10: "Il n'existe pas d'artilleurs inexpérimentés".
fn no_militia_gunners(cx: &SheetContext) -> Vec<Diagnostic> {
    let s = cx.sheet;
    if s.kind != Kind::Artillery || s.quality != Quality::Militia {
        return Vec::new();
    }
    vec![cx
        .error(
            "militia-gunners",
            &[Seg::Key("quality")],
            format!(
                "artillery sheet `{}` has militia gunners; there are none (elite, veteran or regular)",
                s.id
            ),
        )
        .with_label("not a gunners' quality")]
}

/// Numbers within the bounds the rules allow (validator attributes on `UnitSheet`).
fn values_in_range(cx: &SheetContext) -> Vec<Diagnostic> {
    let Err(errors) = cx.sheet.validate() else {
        return Vec::new();
    };
    out_of_bounds(&errors)
        .into_iter()
        .map(|o| {
            let path: Vec<Seg> = o
                .path
                .iter()
                .map(|p| match p {
                    PathPart::Key(k) => Seg::Key(k),
                    PathPart::Index(i) => Seg::Index(*i),
                })
                .collect();
            cx.error("out-of-range", &path, o.message)
        })
        .collect()
}

/// `id`, the sheet's `field` (its `index`th value where it holds several), when `catalog` has
/// none such: an unknown `what`, with the nearest id it has.
fn unknown<T>(
    cx: &SheetContext,
    field: &'static str,
    index: Option<usize>,
    what: &str,
    id: &str,
    catalog: &Catalog<T>,
) -> Option<Diagnostic> {
    if catalog.contains(id) {
        return None;
    }
    let path = match index {
        Some(i) => vec![Seg::Key(field), Seg::Index(i)],
        None => vec![Seg::Key(field)],
    };
    let message = format!("{field}: unknown {what} `{id}`");
    Some(
        cx.error("unknown-reference", &path, message)
            .with_label(format!("no {what} with this id"))
            .with_suggestion(nearest(id, catalog.ids())),
    )
}

/// Nation, unit type, weapon and campaigns refer to entries of the reference tables.
fn references_exist(cx: &SheetContext) -> Vec<Diagnostic> {
    let (db, s) = (cx.db, cx.sheet);
    let mut out = Vec::new();
    out.extend(unknown(
        cx,
        "nation",
        None,
        "nation",
        &s.nation,
        &db.nations,
    ));
    out.extend(unknown(
        cx,
        "unit_type",
        None,
        "unit type",
        &s.unit_type,
        &db.unit_types,
    ));
    out.extend(
        unknown(cx, "weapon", None, "weapon", &s.weapon, &db.weapons).map(|d| {
            d.with_note(format!(
                "the weapons are: {}",
                db.weapons
                    .iter()
                    .map(|w| format!("{} ({})", w.id, w.name.en))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }),
    );
    for (i, c) in s.campaigns.iter().enumerate() {
        out.extend(unknown(
            cx,
            "campaigns",
            Some(i),
            "campaign",
            c,
            &db.campaigns,
        ));
    }
    out
}

/// Command units have R, L, subordinate/independent and a fixed N°F; others have none (§1, §4).
fn command_fields(cx: &SheetContext) -> Vec<Diagnostic> {
    let s = cx.sheet;
    let mut out = Vec::new();
    let present = [
        ("command_radius", s.command_radius.is_some()),
        ("command_capacity", s.command_capacity.is_some()),
        ("command", s.command.is_some()),
        ("figures", s.figures.is_some()),
    ];
    if s.kind == Kind::Command {
        for (field, has) in present {
            if !has {
                out.push(
                    cx.error(
                        "command-fields",
                        &[],
                        format!("command sheet `{}` has no {field}", s.id),
                    )
                    .with_label(format!("add {field} to this sheet")),
                );
            }
        }
    } else {
        for (field, has) in present {
            if has {
                let why = if field == "figures" {
                    "the player chooses the figures of troop and artillery units (§1)"
                } else {
                    "only command units activate others (§4)"
                };
                out.push(
                    cx.error(
                        "command-fields",
                        &[Seg::Key(field)],
                        format!("{} sheet `{}` must not have {field}", s.kind, s.id),
                    )
                    .with_note(why),
                );
            }
        }
        if !s.specialists.is_empty() {
            out.push(
                cx.error(
                    "command-fields",
                    &[Seg::Key("specialists")],
                    format!("{} sheet `{}` must not have specialists", s.kind, s.id),
                )
                .with_note("specialists accompany command units (§1.3)"),
            );
        }
    }
    out
}

/// Artillery has a gun type and PC; other sheets have neither (§1.1, §12).
fn artillery_fields(cx: &SheetContext) -> Vec<Diagnostic> {
    let s = cx.sheet;
    let mut out = Vec::new();
    let present = [
        ("gun_type", s.gun_type.is_some()),
        ("gun_points", s.gun_points.is_some()),
    ];
    if s.kind == Kind::Artillery {
        for (field, has) in present {
            if !has {
                out.push(
                    cx.error(
                        "artillery-fields",
                        &[],
                        format!("artillery sheet `{}` has no {field}", s.id),
                    )
                    .with_label(format!("add {field} to this sheet")),
                );
            }
        }
    } else {
        let extra = [
            ("gun_type", s.gun_type.is_some()),
            ("gun_points", s.gun_points.is_some()),
            ("gun_model", s.gun_model.is_some()),
            ("limber", s.limber),
        ];
        for (field, has) in extra {
            if has {
                out.push(
                    cx.error(
                        "artillery-fields",
                        &[Seg::Key(field)],
                        format!("{} sheet `{}` must not have {field}", s.kind, s.id),
                    )
                    .with_note("only artillery sheets have a gun (§12)"),
                );
            }
        }
    }
    out
}

/// normal ≤ march ≤ charge (§6.1).
fn movement_order(cx: &SheetContext) -> Vec<Diagnostic> {
    let m = cx.sheet.movement;
    if m.normal <= m.march && m.march <= m.charge {
        return Vec::new();
    }
    vec![cx.error(
        "movement-order",
        &[Seg::Key("move")],
        format!(
            "move must have normal ≤ march ≤ charge, found normal {}, march {}, charge {}",
            m.normal, m.march, m.charge
        ),
    )]
}

/// Ranges printed on a sheet equal its weapon's unless marked as an override (§7.6).
fn ranges_match_weapon(cx: &SheetContext) -> Vec<Diagnostic> {
    let s = cx.sheet;
    let Some(weapon) = cx.db.weapon_of(s) else {
        return Vec::new();
    };
    match s.range {
        Some(r) if !s.range_override && r != weapon.range => vec![cx
            .error(
                "range-mismatch",
                &[Seg::Key("range")],
                format!(
                    "range {}/{}/{} differs from the {} table ({}/{}/{})",
                    r.short,
                    r.medium,
                    r.long,
                    weapon.id,
                    weapon.range.short,
                    weapon.range.medium,
                    weapon.range.long
                ),
            )
            .with_note("set `range_override = true` if this sheet really fires at other ranges")],
        None if s.range_override => vec![cx.error(
            "range-mismatch",
            &[Seg::Key("range_override")],
            format!("sheet `{}` sets range_override but gives no range", s.id),
        )],
        _ => Vec::new(),
    }
}

fn skill_path(i: usize, field: &'static str) -> [Seg<'static>; 3] {
    [Seg::Key("skills"), Seg::Index(i), Seg::Key(field)]
}

/// Offered skills exist in §11.
fn skills_exist(cx: &SheetContext) -> Vec<Diagnostic> {
    cx.sheet
        .skills
        .iter()
        .enumerate()
        .filter(|(_, o)| !cx.db.skills.contains(&o.id))
        .map(|(i, o)| {
            cx.error(
                "unknown-skill",
                &skill_path(i, "id"),
                format!("unknown skill `{}`", o.id),
            )
            .with_label("not in skills.toml")
            .with_suggestion(nearest(&o.id, cx.db.skills.ids()))
            .with_note(format!(
                "the skills are: {}",
                cx.db
                    .skills
                    .iter()
                    .map(|k| format!("{} ({})", k.id, k.name.en))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
        .collect()
}

/// Offered skills respect their restriction (§11).
fn skills_allowed(cx: &SheetContext) -> Vec<Diagnostic> {
    let s = cx.sheet;
    s.skills
        .iter()
        .enumerate()
        .filter_map(|(i, o)| {
            let skill = cx.db.skill(&o.id)?;
            let restriction = skill.restriction?;
            (!Database::skill_allowed(skill, s)).then(|| {
                cx.error(
                    "skill-restricted",
                    &skill_path(i, "id"),
                    format!(
                        "skill `{}` is for {restriction} only, but `{}` is {} {}",
                        o.id, s.id, s.arm, s.kind
                    ),
                )
            })
        })
        .collect()
}

/// Offered skills carry the table's cost (§11).
fn skill_costs(cx: &SheetContext) -> Vec<Diagnostic> {
    cx.sheet
        .skills
        .iter()
        .enumerate()
        .filter_map(|(i, o)| {
            let skill = cx.db.skill(&o.id)?;
            (skill.cost != o.cost).then(|| {
                cx.error(
                    "skill-cost",
                    &skill_path(i, "cost"),
                    format!(
                        "skill `{}` costs {} in the skill table, found {}",
                        o.id, skill.cost, o.cost
                    ),
                )
            })
        })
        .collect()
}

/// A skill is offered once per sheet.
fn skills_unique(cx: &SheetContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, o) in cx.sheet.skills.iter().enumerate() {
        if cx.sheet.skills[..i].iter().any(|p| p.id == o.id) {
            out.push(cx.error(
                "duplicate-skill",
                &skill_path(i, "id"),
                format!("skill `{}` is offered twice", o.id),
            ));
        }
    }
    out
}

/// The tables the engine relies on are complete: every quality, cover level and gun type
/// has its row, and rows refer to known entries.
pub fn lint_tables(db: &Database) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let rules = &db.rules;
    for q in Quality::ALL {
        if rules.quality(*q).is_none() {
            out.push(Diagnostic::error(
                "incomplete-table",
                format!("rules.toml: no [[quality]] row for `{q}` (§3.1)"),
            ));
        }
    }
    for c in CoverLevel::ALL {
        if rules.cover(*c).is_none() {
            out.push(Diagnostic::error(
                "incomplete-table",
                format!("rules.toml: no [[cover]] row for `{c}` (§7.6)"),
            ));
        }
    }
    for s in Specialist::ALL {
        if rules.specialist(*s).is_none() {
            out.push(Diagnostic::error(
                "incomplete-table",
                format!("rules.toml: no [[specialist]] row for `{s}` (§1.3)"),
            ));
        }
    }
    for row in &rules.quality {
        for a in &row.actions {
            if !rules.action.iter().any(|x| &x.id == a) {
                out.push(Diagnostic::error(
                    "unknown-reference",
                    format!(
                        "rules.toml: quality `{}` lists unknown action `{a}`",
                        row.id
                    ),
                ));
            }
        }
    }
    for t in GunType::ALL {
        if db.artillery.gun(*t).is_none() {
            out.push(Diagnostic::error(
                "incomplete-table",
                format!("artillery.toml: no [[gun]] row for type {t} (§12)"),
            ));
        }
    }
    for id in [
        "precision",
        "target-cavalry",
        "unprepared",
        "mounted-moved",
        "hidden",
    ] {
        if rules.fire_modifier(id).is_none() {
            out.push(Diagnostic::error(
                "incomplete-table",
                format!("rules.toml: no [[fire.modifier]] `{id}` (§7.6)"),
            ));
        }
    }
    for id in [
        "charge",
        "lance-vs-infantry",
        "lance-vs-cavalry",
        "cuirassiers",
        "standard-bearer",
    ] {
        if rules.melee_factor(id).is_none() {
            out.push(Diagnostic::error(
                "incomplete-table",
                format!("rules.toml: no [[melee.factor]] `{id}` (§8.12)"),
            ));
        }
    }
    out
}
