//! The rules of one army entry ([`ENTRY_RULES`](super::ENTRY_RULES)): its id, bounds and
//! references, the fields its kind takes, its formations, figures, elites, armour, engineers'
//! cost and battery crew.

use validator::Validate;

use super::context::{bad_id, segs, EntryContext};
use crate::core::bounds::out_of_bounds;
use crate::core::diagnostic::Diagnostic;
use crate::core::source::Seg;
use crate::core::suggest::nearest;
use crate::rulesets::wab_aca::model::*;

pub(super) fn entry_id(cx: &EntryContext) -> Vec<Diagnostic> {
    bad_id(&cx.entry.id)
        .map(|m| {
            cx.error("bad-id", &[Seg::Key("id")], m)
                .with_label("not a plain id")
        })
        .into_iter()
        .collect()
}

pub(super) fn entry_bounds(cx: &EntryContext) -> Vec<Diagnostic> {
    let Err(errors) = cx.entry.validate() else {
        return Vec::new();
    };
    out_of_bounds(&errors)
        .into_iter()
        .map(|o| cx.error("out-of-range", &segs(&o.path), o.message))
        .collect()
}

fn unknown_ref(
    cx: &EntryContext,
    path: &[Seg],
    what: &str,
    id: &str,
    known: Vec<&str>,
) -> Diagnostic {
    cx.error(
        "unknown-reference",
        path,
        format!("unknown {what} `{id}` in entry `{}`", cx.entry.id),
    )
    .with_label(format!("no {what} with this id"))
    .with_suggestion(nearest(id, known))
}

/// Quality, weapon, formations, special rules, battery type and base refer to the tables.
pub(super) fn entry_references(cx: &EntryContext) -> Vec<Diagnostic> {
    let (db, e) = (cx.db, cx.entry);
    let mut out = Vec::new();
    if !db.qualities.contains(&e.quality) {
        out.push(unknown_ref(
            cx,
            &[Seg::Key("quality")],
            "quality",
            &e.quality,
            db.qualities.ids().collect(),
        ));
    }
    if !db.weapons.contains(&e.weapon) {
        out.push(unknown_ref(
            cx,
            &[Seg::Key("weapon")],
            "weapon",
            &e.weapon,
            db.weapons.ids().collect(),
        ));
    }
    if let Some(f) = &e.firearm {
        match db.weapons.get(f) {
            None => out.push(unknown_ref(
                cx,
                &[Seg::Key("firearm")],
                "weapon",
                f,
                db.weapons.ids().collect(),
            )),
            Some(w) if w.range == 0 => out.push(
                cx.error(
                    "kind-fields",
                    &[Seg::Key("firearm")],
                    format!(
                        "entry `{}`: its firearm `{f}` does not shoot (range 0)",
                        e.id
                    ),
                )
                .with_label("a firearm has a range"),
            ),
            Some(_) if e.class == Some(Class::HeavyCavalry) => out.push(
                cx.error(
                    "kind-fields",
                    &[Seg::Key("firearm")],
                    format!("entry `{}` is heavy cavalry, which does not shoot", e.id),
                )
                .with_label("ACA p.6: \"Pas de tir possible pour la cavalerie lourde\""),
            ),
            Some(_) => {}
        }
    }
    for (i, f) in e.formations.iter().enumerate() {
        if !db.formations.contains(f) {
            out.push(unknown_ref(
                cx,
                &[Seg::Key("formations"), Seg::Index(i)],
                "formation",
                f,
                db.formations.ids().collect(),
            ));
        }
    }
    for (i, s) in e.special.iter().enumerate() {
        if !db.specials.contains(s) {
            out.push(unknown_ref(
                cx,
                &[Seg::Key("special"), Seg::Index(i)],
                "special rule",
                s,
                db.specials.ids().collect(),
            ));
        }
    }
    if let Some(b) = &e.battery {
        if !db.batteries.contains(b) {
            out.push(unknown_ref(
                cx,
                &[Seg::Key("battery")],
                "battery type",
                b,
                db.batteries.ids().collect(),
            ));
        }
    }
    if let Some(b) = &e.base {
        let same_army: Vec<&str> = db
            .army(&e.army)
            .map(|a| a.entries.iter().map(String::as_str).collect())
            .unwrap_or_default();
        if !same_army.contains(&b.as_str()) {
            out.push(unknown_ref(
                cx,
                &[Seg::Key("base")],
                "entry of this army",
                b,
                same_army,
            ));
        }
    }
    out
}

/// Each kind has its fields: a general his role (and rank when commander-in-chief), troops a
/// class of their arm and formations, a battery its piece, guns and gun cost.
pub(super) fn kind_fields(cx: &EntryContext) -> Vec<Diagnostic> {
    let e = cx.entry;
    let mut out = Vec::new();
    let mut need = |present: bool, field: &'static str, why: &str| {
        if !present {
            out.push(
                cx.error(
                    "kind-fields",
                    &[Seg::Key("kind")],
                    format!("{} entry `{}` has no `{field}`", e.kind, e.id),
                )
                .with_label(format!("{} entries need {field}", e.kind))
                .with_note(why.to_owned()),
            );
        }
    };
    match e.kind {
        Kind::General => {
            need(
                e.role.is_some(),
                "role",
                "role = \"commander\", \"brigadier\" or \"adc\"",
            );
            if e.role == Some(Role::Commander) {
                need(
                    e.rank.is_some(),
                    "rank",
                    "rank = \"brigade\", \"division\" or \"corps\" (ACA p.2)",
                );
            }
        }
        Kind::Infantry | Kind::Cavalry => {
            need(
                e.class.is_some(),
                "class",
                "the class of the troops (ACA p.3, p.6)",
            );
            need(
                !e.formations.is_empty(),
                "formations",
                "the formations it may take (ACA p.3, p.6)",
            );
        }
        Kind::Battery => {
            need(
                e.battery.is_some(),
                "battery",
                "battery = \"light\", \"medium\", \"heavy\" or \"howitzer\" (ACA p.9)",
            );
            need(e.guns.is_some(), "guns", "guns = { min = 1, max = 2 }");
            need(e.gun_cost.is_some(), "gun_cost", "the points of one gun");
        }
    }
    let mut refuse = |present: bool, field: &'static str, path: Seg<'static>| {
        if present {
            out.push(
                cx.error(
                    "kind-fields",
                    &[path],
                    format!(
                        "{} entry `{}` has `{field}`, which is not for {} entries",
                        e.kind, e.id, e.kind
                    ),
                )
                .with_label("remove this"),
            );
        }
    };
    refuse(
        e.kind != Kind::General && e.role.is_some(),
        "role",
        Seg::Key("role"),
    );
    refuse(
        e.role != Some(Role::Commander) && e.rank.is_some(),
        "rank",
        Seg::Key("rank"),
    );
    refuse(
        !matches!(e.kind, Kind::Infantry | Kind::Cavalry) && e.class.is_some(),
        "class",
        Seg::Key("class"),
    );
    refuse(
        e.kind != Kind::Battery
            && (e.battery.is_some() || e.guns.is_some() || e.gun_cost.is_some()),
        "battery, guns or gun_cost",
        Seg::Key("battery"),
    );
    refuse(
        e.kind != Kind::Battery && e.horse,
        "horse",
        Seg::Key("horse"),
    );
    refuse(
        matches!(e.kind, Kind::General | Kind::Battery) && !e.options.is_empty(),
        "options",
        Seg::Key("options"),
    );
    refuse(
        matches!(e.kind, Kind::General | Kind::Battery) && !e.formations.is_empty(),
        "formations",
        Seg::Key("formations"),
    );
    refuse(
        e.class != Some(Class::Engineers) && e.base.is_some(),
        "base",
        Seg::Key("base"),
    );
    if let Some(class) = e.class {
        let arm = match e.kind {
            Kind::Infantry => Some(Arm::Infantry),
            Kind::Cavalry => Some(Arm::Cavalry),
            _ => None,
        };
        if arm.is_some_and(|a| a != class.arm()) {
            out.push(
                cx.error(
                    "kind-fields",
                    &[Seg::Key("class")],
                    format!(
                        "{} entry `{}` has the class {class}, of the {}",
                        e.kind,
                        e.id,
                        class.arm()
                    ),
                )
                .with_label(format!("not a class of {} troops", e.kind)),
            );
        }
    }
    out
}

/// A formation of the entry's arm, and only those its class may take: skirmishers are light
/// infantry (ACA p.3), foragers light cavalry, echelon not light cavalry (ACA p.6).
pub(super) fn formations_allowed(cx: &EntryContext) -> Vec<Diagnostic> {
    let e = cx.entry;
    let Some(class) = e.class else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, id) in e.formations.iter().enumerate() {
        let Some(f) = cx.db.formations.get(id) else {
            continue;
        };
        let why = if f.arm != class.arm() {
            Some(format!("a formation of the {}", f.arm))
        } else {
            match (id.as_str(), class) {
                ("skirmish", c) if c != Class::LightInfantry => {
                    Some("only light infantry forms as skirmishers (ACA p.3)".to_owned())
                }
                ("foragers", c) if c != Class::LightCavalry => {
                    Some("only light cavalry forms as foragers (ACA p.6)".to_owned())
                }
                ("echelon", Class::LightCavalry) => {
                    Some("light cavalry cannot form in echelon (ACA p.6)".to_owned())
                }
                _ => None,
            }
        };
        if let Some(why) = why {
            out.push(
                cx.error(
                    "formation-not-allowed",
                    &[Seg::Key("formations"), Seg::Index(i)],
                    format!(
                        "entry `{}` ({class}) lists the formation `{id}`: {why}",
                        e.id
                    ),
                )
                .with_label("not allowed for this class"),
            );
        }
    }
    out
}

pub(super) fn figures_range(cx: &EntryContext) -> Vec<Diagnostic> {
    let e = cx.entry;
    let mut out = Vec::new();
    if e.figures.min > e.figures.max {
        out.push(
            cx.error(
                "figures-range",
                &[Seg::Key("figures")],
                format!(
                    "entry `{}` takes {} to {} figures: the minimum is above the maximum",
                    e.id, e.figures.min, e.figures.max
                ),
            )
            .with_label("min > max"),
        );
    }
    if e.kind == Kind::General && (e.figures.min, e.figures.max) != (1, 1) {
        out.push(
            cx.error(
                "figures-range",
                &[Seg::Key("figures")],
                format!("general `{}` must be one figure (min = 1, max = 1)", e.id),
            )
            .with_label("a general is one figure"),
        );
    }
    if let Some(g) = e.guns {
        if g.min > g.max {
            out.push(
                cx.error(
                    "figures-range",
                    &[Seg::Key("guns")],
                    format!(
                        "battery `{}` takes {} to {} guns: the minimum is above the maximum",
                        e.id, g.min, g.max
                    ),
                )
                .with_label("min > max"),
            );
        }
    }
    out
}

/// `elite` among the options and `max_elite` go together, within the entry's figures.
pub(super) fn elite_range(cx: &EntryContext) -> Vec<Diagnostic> {
    let e = cx.entry;
    let offers = e.offers(UnitOption::Elite);
    match (offers, e.max_elite) {
        (true, None) => vec![cx
            .error(
                "elite-range",
                &[Seg::Key("options")],
                format!(
                    "entry `{}` offers elite figures but has no `max_elite`",
                    e.id
                ),
            )
            .with_label("how many elite figures at most?")],
        (false, Some(_)) => vec![cx
            .error(
                "elite-range",
                &[Seg::Key("max_elite")],
                format!(
                    "entry `{}` has `max_elite` but does not offer the `elite` option",
                    e.id
                ),
            )
            .with_label("add \"elite\" to options, or remove this")],
        (true, Some(m)) if m == 0 || m > e.figures.max => vec![cx
            .error(
                "elite-range",
                &[Seg::Key("max_elite")],
                format!(
                    "max_elite must be between 1 and the entry's {} figures, found {m}",
                    e.figures.max
                ),
            )
            .with_label("out of the entry's figures")],
        _ => Vec::new(),
    }
}

/// Heavy armour is the pioneers' (ACA p.13).
pub(super) fn heavy_armour(cx: &EntryContext) -> Vec<Diagnostic> {
    let e = cx.entry;
    if !e.offers(UnitOption::HeavyArmour) || e.class == Some(Class::Engineers) {
        return Vec::new();
    }
    let i = e
        .options
        .iter()
        .position(|o| *o == UnitOption::HeavyArmour)
        .unwrap_or(0);
    vec![cx
        .error(
            "heavy-armour",
            &[Seg::Key("options"), Seg::Index(i)],
            format!(
                "entry `{}` offers heavy armour, which only engineers wear",
                e.id
            ),
        )
        .with_label("engineers only")]
}

/// Engineers have their nation's fusilier profile at 4 points more (ACA p.13).
pub(super) fn engineers_cost(cx: &EntryContext) -> Vec<Diagnostic> {
    let e = cx.entry;
    if e.class != Some(Class::Engineers) {
        return Vec::new();
    }
    let Some(base_id) = &e.base else {
        return vec![cx
            .error(
                "engineers-cost",
                &[Seg::Key("class")],
                format!(
                    "engineers `{}` have no `base`: the fusilier entry they are costed from",
                    e.id
                ),
            )
            .with_label("engineers need base = \"<fusilier entry>\"")];
    };
    let Some(base) = cx.db.entry(base_id).filter(|b| b.army == e.army) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let surcharge = cx.db.rules.engineers.surcharge;
    let expected = u64::from(base.cost) + u64::from(surcharge);
    if u64::from(e.cost) != expected {
        out.push(
            cx.error(
                "engineers-cost",
                &[Seg::Key("cost")],
                format!(
                    "engineers `{}` cost {} a figure; their fusiliers `{}` cost {} and engineers {surcharge} more: {expected}",
                    e.id, e.cost, base.id, base.cost
                ),
            )
            .with_label(format!("expected {expected}")),
        );
    }
    if e.profile != base.profile {
        out.push(
            cx.error(
                "engineers-cost",
                &[Seg::Key("profile")],
                format!(
                    "engineers `{}` must have the profile of their fusiliers `{}`",
                    e.id, base.id
                ),
            )
            .with_label("differs from the base entry's profile"),
        );
    }
    out
}

/// A battery's crew covers its piece's minimum (ACA p.9).
pub(super) fn battery_crew(cx: &EntryContext) -> Vec<Diagnostic> {
    let e = cx.entry;
    let Some(t) = cx.db.battery_type(e) else {
        return Vec::new();
    };
    if e.figures.min >= t.crew {
        return Vec::new();
    }
    vec![cx
        .error(
            "battery-crew",
            &[Seg::Key("figures")],
            format!(
                "battery `{}` may have {} gunners, below the {} a {} piece needs",
                e.id, e.figures.min, t.crew, t.id
            ),
        )
        .with_label(format!("min must be at least {}", t.crew))]
}
