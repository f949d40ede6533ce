//! Consistency rules for the ACA data: every army entry against the supplement and the
//! tables, every army header, and the tables themselves. One function per rule, listed in
//! [`ENTRY_RULES`], [`ARMY_RULES`] and [`TABLE_RULES`]; every diagnostic is located.

use validator::Validate;

use super::database::{Army, Database};
use super::model::*;
use crate::core::bounds::{out_of_bounds, PathPart};
use crate::core::catalog::{valid_id, Origin, SpanIndexes};
use crate::core::diagnostic::Diagnostic;
use crate::core::source::{FileId, Seg};
use crate::core::suggest::nearest;

/// Where the loaded data came from, for locating diagnostics.
pub struct Located<'a> {
    pub rules: FileId,
    pub core: FileId,
    pub artillery: FileId,
    /// Each army's id and file.
    pub armies: &'a [(String, FileId)],
    /// Each entry's place, in the order of `Database::entries`.
    pub entries: &'a [Origin],
    pub spans: &'a SpanIndexes,
}

/// What an entry rule sees.
pub struct EntryContext<'a> {
    pub db: &'a Database,
    pub entry: &'a Entry,
    origin: &'a Origin,
    spans: &'a SpanIndexes,
}

impl EntryContext<'_> {
    fn error(&self, code: &'static str, path: &[Seg], message: String) -> Diagnostic {
        Diagnostic::error(code, message).at(self.origin.file, self.spans.span(self.origin, path))
    }
}

/// What an army rule sees.
pub struct ArmyContext<'a> {
    pub db: &'a Database,
    pub army: &'a Army,
    file: FileId,
    spans: &'a SpanIndexes,
}

impl ArmyContext<'_> {
    fn error(&self, code: &'static str, path: &[Seg], message: String) -> Diagnostic {
        let mut full = vec![Seg::Key("army")];
        full.extend_from_slice(path);
        let span = self.spans.get(self.file).and_then(|s| s.span(&full));
        Diagnostic::error(code, message).at(self.file, span)
    }
}

/// What a table rule sees.
pub struct TableContext<'a> {
    pub db: &'a Database,
    at: &'a Located<'a>,
}

impl TableContext<'_> {
    fn error(&self, code: &'static str, file: FileId, path: &[Seg], message: String) -> Diagnostic {
        let span = self.at.spans.get(file).and_then(|s| s.span(path));
        Diagnostic::error(code, message).at(file, span)
    }
}

type EntryRule = fn(&EntryContext) -> Vec<Diagnostic>;
type ArmyRule = fn(&ArmyContext) -> Vec<Diagnostic>;
type TableRule = fn(&TableContext) -> Vec<Diagnostic>;

/// Every rule applied to each army entry: (code, rule, where in the supplement).
pub const ENTRY_RULES: &[(&str, EntryRule, &str)] = &[
    ("bad-id", entry_id, "ACA p.1"),
    ("out-of-range", entry_bounds, "ACA p.1, WAB core"),
    ("unknown-reference", entry_references, "ACA p.1"),
    ("kind-fields", kind_fields, "ACA p.2–10"),
    ("formation-not-allowed", formations_allowed, "ACA p.3, p.6"),
    ("figures-range", figures_range, "ACA p.1"),
    (
        "elite-range",
        elite_range,
        "ACA p.7; infantry: muster's reading elite-infantry",
    ),
    ("heavy-armour", heavy_armour, "ACA p.13"),
    ("engineers-cost", engineers_cost, "ACA p.13"),
    ("battery-crew", battery_crew, "ACA p.9"),
];

/// Every rule applied to each army's header.
pub const ARMY_RULES: &[(&str, ArmyRule, &str)] = &[
    ("bad-id", army_id, "ACA p.1"),
    ("out-of-range", army_bounds, "ACA p.2"),
    ("bad-colour", army_colours, "—"),
    ("artillery-bands", artillery_bands, "ACA p.10"),
    ("general-entries", general_entries, "ACA p.2"),
];

/// Every rule applied once to the tables.
pub const TABLE_RULES: &[(&str, TableRule, &str)] = &[
    ("out-of-range", table_bounds, "ACA"),
    (
        "table-consistency",
        tables_consistent,
        "ACA p.9–14, WAB core",
    ),
];

fn note(d: Diagnostic, section: &str) -> Diagnostic {
    d.with_note(format!("rule: ACA data ({section})"))
}

/// The rules of one entry ([`ENTRY_RULES`]), located at `origin`.
pub fn lint_entry(
    db: &Database,
    entry: &Entry,
    origin: &Origin,
    spans: &SpanIndexes,
) -> Vec<Diagnostic> {
    let cx = EntryContext {
        db,
        entry,
        origin,
        spans,
    };
    ENTRY_RULES
        .iter()
        .flat_map(|(_, rule, section)| rule(&cx).into_iter().map(|d| note(d, section)))
        .collect()
}

pub fn lint(db: &Database, at: &Located) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (entry, origin) in db.entries.iter().zip(at.entries) {
        found.extend(lint_entry(db, entry, origin, at.spans));
    }
    for army in db.armies.iter() {
        let Some(&(_, file)) = at.armies.iter().find(|(id, _)| *id == army.header.id) else {
            continue;
        };
        let cx = ArmyContext {
            db,
            army,
            file,
            spans: at.spans,
        };
        for (_, rule, section) in ARMY_RULES {
            found.extend(rule(&cx).into_iter().map(|d| note(d, section)));
        }
    }
    let cx = TableContext { db, at };
    for (_, rule, section) in TABLE_RULES {
        found.extend(rule(&cx).into_iter().map(|d| note(d, section)));
    }
    found
}

fn bad_id(id: &str) -> Option<String> {
    (!valid_id(id))
        .then(|| format!("id must be 1 to 64 lowercase letters, digits and hyphens, found {id:?}"))
}

fn segs(path: &[PathPart]) -> Vec<Seg<'_>> {
    path.iter()
        .map(|p| match p {
            PathPart::Key(k) => Seg::Key(k),
            PathPart::Index(i) => Seg::Index(*i),
        })
        .collect()
}

// ── entries ─────────────────────────────────────────────────────────────────────────────────

fn entry_id(cx: &EntryContext) -> Vec<Diagnostic> {
    bad_id(&cx.entry.id)
        .map(|m| {
            cx.error("bad-id", &[Seg::Key("id")], m)
                .with_label("not a plain id")
        })
        .into_iter()
        .collect()
}

fn entry_bounds(cx: &EntryContext) -> Vec<Diagnostic> {
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
fn entry_references(cx: &EntryContext) -> Vec<Diagnostic> {
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
fn kind_fields(cx: &EntryContext) -> Vec<Diagnostic> {
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
fn formations_allowed(cx: &EntryContext) -> Vec<Diagnostic> {
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

fn figures_range(cx: &EntryContext) -> Vec<Diagnostic> {
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
fn elite_range(cx: &EntryContext) -> Vec<Diagnostic> {
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
fn heavy_armour(cx: &EntryContext) -> Vec<Diagnostic> {
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
fn engineers_cost(cx: &EntryContext) -> Vec<Diagnostic> {
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
fn battery_crew(cx: &EntryContext) -> Vec<Diagnostic> {
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

// ── armies ──────────────────────────────────────────────────────────────────────────────────

fn army_id(cx: &ArmyContext) -> Vec<Diagnostic> {
    bad_id(&cx.army.header.id)
        .map(|m| {
            cx.error("bad-id", &[Seg::Key("id")], m)
                .with_label("not a plain id")
        })
        .into_iter()
        .collect()
}

fn army_bounds(cx: &ArmyContext) -> Vec<Diagnostic> {
    let Err(errors) = cx.army.header.validate() else {
        return Vec::new();
    };
    out_of_bounds(&errors)
        .into_iter()
        .map(|o| cx.error("out-of-range", &segs(&o.path), o.message))
        .collect()
}

fn army_colours(cx: &ArmyContext) -> Vec<Diagnostic> {
    let ok = |c: &str| {
        c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|ch| ch.is_ascii_hexdigit())
    };
    cx.army
        .header
        .colours
        .iter()
        .enumerate()
        .filter(|(_, c)| !ok(c))
        .map(|(i, c)| {
            cx.error(
                "bad-colour",
                &[Seg::Key("colours"), Seg::Index(i)],
                format!("colours must be #RRGGBB, found {c:?}"),
            )
            .with_label("not a #RRGGBB colour")
        })
        .collect()
}

/// Bands by increasing points, only the last open, allowances never decreasing.
fn artillery_bands(cx: &ArmyContext) -> Vec<Diagnostic> {
    let bands = &cx.army.header.artillery.bands;
    let path = |i: usize| [Seg::Key("artillery"), Seg::Key("bands"), Seg::Index(i)];
    if bands.is_empty() {
        return vec![cx
            .error(
                "artillery-bands",
                &[Seg::Key("artillery"), Seg::Key("bands")],
                format!("army `{}` has no artillery band", cx.army.header.id),
            )
            .with_label("at least one { up_to = POINTS, batteries = N }")];
    }
    let mut out = Vec::new();
    for (i, pair) in bands.windows(2).enumerate() {
        let (a, b) = (&pair[0], &pair[1]);
        let problem = match (a.up_to, b.up_to) {
            (None, _) => Some("only the last band may leave out up_to".to_owned()),
            (Some(x), Some(y)) if y <= x => {
                Some(format!("bands go by increasing points: {y} follows {x}"))
            }
            _ if b.batteries < a.batteries => Some(format!(
                "a larger army has no fewer batteries: {} after {}",
                b.batteries, a.batteries
            )),
            _ => None,
        };
        if let Some(p) = problem {
            let at = if a.up_to.is_none() { i } else { i + 1 };
            out.push(
                cx.error("artillery-bands", &path(at), p)
                    .with_label("out of order"),
            );
        }
    }
    out
}

/// One entry per general word (`division`, `brigadier`, `adc`), and a commander-in-chief.
fn general_entries(cx: &ArmyContext) -> Vec<Diagnostic> {
    let words = cx.db.general_words(cx.army);
    let mut out = Vec::new();
    if !cx
        .db
        .entries_of(cx.army)
        .any(|e| e.role == Some(Role::Commander))
    {
        out.push(
            cx.error(
                "general-entries",
                &[Seg::Key("id")],
                format!(
                    "army `{}` has no commander-in-chief entry (role = \"commander\")",
                    cx.army.header.id
                ),
            )
            .with_label("every army has a commander-in-chief (ACA p.2)"),
        );
    }
    let mut seen: Vec<&str> = Vec::new();
    for w in words {
        if seen.contains(&w) {
            out.push(
                cx.error(
                    "general-entries",
                    &[Seg::Key("id")],
                    format!(
                        "army `{}` has two general entries for `general = \"{w}\"`",
                        cx.army.header.id
                    ),
                )
                .with_label("lists could not say which one"),
            );
        } else {
            seen.push(w);
        }
    }
    out
}

// ── tables ──────────────────────────────────────────────────────────────────────────────────

fn table_bounds(cx: &TableContext) -> Vec<Diagnostic> {
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
fn tables_consistent(cx: &TableContext) -> Vec<Diagnostic> {
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
