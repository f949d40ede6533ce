//! Chosen skills (§11) and the rank's free skill (§10.1).

use super::{names, ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::core::suggest::nearest;
use crate::core::words::Phrase;
use crate::rulesets::capitan::database::Database;

fn skill_path(unit: usize, k: usize) -> [Seg<'static>; 4] {
    [
        Seg::Key("units"),
        Seg::Index(unit),
        Seg::Key("skills"),
        Seg::Index(k),
    ]
}

const FREE_SKILL: [Seg<'static>; 3] = [Seg::Key("list"), Seg::Key("free_skill"), Seg::Key("skill")];

/// Chosen skills exist in the skill table of §11.
pub const UNKNOWN_SKILL: Rule = Rule {
    code: "unknown-skill",
    severity: Severity::Error,
    section: "§11",
    summary: "skills are those of §11",
};

pub fn unknown_skill(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, u) in cx.list.units.iter().enumerate() {
        for (k, id) in u.skills.iter().enumerate() {
            if !cx.db.skills.contains(id) {
                out.push(
                    cx.say(
                        &UNKNOWN_SKILL,
                        &skill_path(i, k),
                        Phrase::new("unknown-skill", "{unit}: unknown skill `{id}`")
                            .phrase("unit", cx.unit(i))
                            .text("id", id),
                    )
                    .with_suggestion(nearest(id, cx.db.skills.ids())),
                );
            }
        }
    }
    if let Some(f) = &cx.list.list.free_skill {
        if !cx.db.skills.contains(&f.skill) {
            out.push(
                cx.say(
                    &UNKNOWN_SKILL,
                    &FREE_SKILL,
                    Phrase::new("unknown-skill-free", "free skill: unknown skill `{id}`")
                        .text("id", &f.skill),
                )
                .with_suggestion(nearest(&f.skill, cx.db.skills.ids())),
            );
        }
    }
    out
}

/// A unit takes only skills its sheet offers (§1.1, §11).
pub const SKILL_NOT_ON_SHEET: Rule = Rule {
    code: "skill-not-on-sheet",
    severity: Severity::Error,
    section: "§1.1, §11",
    summary: "a unit may take the skills printed on its sheet",
};

pub fn skill_not_on_sheet(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, u) in cx.list.units.iter().enumerate() {
        let Some(sheet) = cx.db.sheet(&u.sheet) else {
            continue;
        };
        for (k, id) in u.skills.iter().enumerate() {
            if cx.db.skills.contains(id) && sheet.offers(id).is_none() {
                let mut offered: Option<Phrase> = None;
                for o in &sheet.skills {
                    let name = cx.skill(&o.id);
                    offered = Some(match offered {
                        None => Phrase::new("list-of", "{a}").name("a", name),
                        Some(a) => Phrase::new("list-and", "{a}, {b}")
                            .phrase("a", a)
                            .name("b", name),
                    });
                }
                let note = match offered {
                    Some(all) => {
                        Phrase::new("skill-not-on-sheet-offers", "help: its sheet offers {all}")
                            .phrase("all", all)
                    }
                    None => {
                        Phrase::new("skill-not-on-sheet-none", "help: its sheet offers no skill")
                    }
                };
                out.push(
                    cx.say(
                        &SKILL_NOT_ON_SHEET,
                        &skill_path(i, k),
                        Phrase::new(
                            "skill-not-on-sheet",
                            "{unit}: its sheet does not offer {skill}",
                        )
                        .phrase("unit", cx.unit(i))
                        .name("skill", cx.skill(id)),
                    )
                    .with_note_said(note),
                );
            }
        }
    }
    out
}

/// Restricted skills only for the kind or arm they are made for (§11).
pub const SKILL_RESTRICTED: Rule = Rule {
    code: "skill-restricted",
    severity: Severity::Error,
    section: "§11",
    summary: "artillery, cavalry and infantry skills only for those units",
};

pub fn skill_restricted(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut check = |unit: usize, id: &str, path: &[Seg]| {
        let (Some(sheet), Some(skill)) = (cx.db.sheet(&cx.list.units[unit].sheet), cx.db.skill(id))
        else {
            return;
        };
        if let Some(r) = skill.restriction {
            if !Database::skill_allowed(skill, sheet) {
                let only = Phrase::new("skill-for", "{what}").label(
                    "what",
                    format!("skill_for_{r}"),
                    r.to_string(),
                );
                out.push(
                    cx.say(
                        &SKILL_RESTRICTED,
                        path,
                        Phrase::new("skill-restricted", "{unit}: {skill} is for {only} only")
                            .phrase("unit", cx.unit(unit))
                            .name("skill", names(&skill.name))
                            .phrase("only", only),
                    ),
                );
            }
        }
    };
    for (i, u) in cx.list.units.iter().enumerate() {
        for (k, id) in u.skills.iter().enumerate() {
            check(i, id, &skill_path(i, k));
        }
    }
    if let Some(f) = &cx.list.list.free_skill {
        if (1..=cx.list.units.len()).contains(&f.unit) {
            check(f.unit - 1, &f.skill, &FREE_SKILL);
        }
    }
    out
}

/// A skill is taken once per unit (§11).
pub const DUPLICATE_SKILL: Rule = Rule {
    code: "duplicate-skill",
    severity: Severity::Error,
    section: "§11",
    summary: "a unit takes each skill once",
};

pub fn duplicate_skill(cx: &ListContext) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, u) in cx.list.units.iter().enumerate() {
        // Seen so far: linear in the skills, however many a unit lists.
        let mut seen = std::collections::HashSet::with_capacity(u.skills.len());
        for (k, id) in u.skills.iter().enumerate() {
            if !seen.insert(id.as_str()) {
                out.push(
                    cx.say(
                        &DUPLICATE_SKILL,
                        &skill_path(i, k),
                        Phrase::new("duplicate-skill", "{unit}: {skill} is chosen twice")
                            .phrase("unit", cx.unit(i))
                            .name("skill", cx.skill(id)),
                    ),
                );
            }
        }
    }
    out
}

/// The free skill goes to a unit of the list, and needs a rank (§10.1).
pub const FREE_SKILL_UNIT: Rule = Rule {
    code: "free-skill-unit",
    severity: Severity::Error,
    section: "§10.1",
    summary: "the rank's free skill goes to one unit of the list",
};

pub fn free_skill_unit(cx: &ListContext) -> Vec<Diagnostic> {
    let Some(f) = &cx.list.list.free_skill else {
        return Vec::new();
    };
    let n = cx.list.units.len();
    let mut out = Vec::new();
    if !(1..=n).contains(&f.unit) {
        out.push(
            cx.say(
                &FREE_SKILL_UNIT,
                &[Seg::Key("list"), Seg::Key("free_skill"), Seg::Key("unit")],
                Phrase::new(
                    "free-skill-unit",
                    "free skill: there is no unit {unit}, the list has {n|# unit|# units}",
                )
                .count("unit", f.unit)
                .count("n", n),
            ),
        );
    }
    if cx.rank().is_none() {
        out.push(
            cx.say(
                &FREE_SKILL_UNIT,
                &[Seg::Key("list"), Seg::Key("free_skill")],
                Phrase::new("free-skill-rank", "a free skill needs the player's rank"),
            )
            .with_note_said(Phrase::new(
                "free-skill-rank-help",
                "help: add `rank = \"lieutenant\"` (or another rank of §10.1) to [list], or name the player's career: `career = \"careers/NAME.toml\"`",
            )),
        );
    }
    out
}

/// The free skill costs at most what the rank allows: 15/20/25/30 (§10.1).
pub const FREE_SKILL_TOO_COSTLY: Rule = Rule {
    code: "free-skill-too-costly",
    severity: Severity::Error,
    section: "§10.1",
    summary: "a rank gives one skill up to 15 / 20 / 25 / 30 points free",
};

pub fn free_skill_too_costly(cx: &ListContext) -> Vec<Diagnostic> {
    let (Some(f), Some(rank)) = (&cx.list.list.free_skill, cx.rank()) else {
        return Vec::new();
    };
    let (Some(skill), Some(rank)) = (cx.db.skill(&f.skill), cx.db.ranks.get(rank)) else {
        return Vec::new();
    };
    if skill.cost <= rank.free_skill_max {
        return Vec::new();
    }
    vec![cx.say(
        &FREE_SKILL_TOO_COSTLY,
        &FREE_SKILL,
        Phrase::new(
            "free-skill-too-costly",
            "the free skill {skill} costs {cost|# point|# points}; the rank {rank} gives one of at most {max|# point|# points}",
        )
        .name("skill", names(&skill.name))
        .count("cost", skill.cost)
        .name("rank", names(&rank.name))
        .count("max", rank.free_skill_max),
    )]
}
