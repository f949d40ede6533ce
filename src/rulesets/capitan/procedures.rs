//! Capitán's preview procedures as data (fire, melee, charge, artillery: each parameter with
//! its bounds from `preview::request::limits`), the duels two list units play, and the reading
//! of a checked request into the ruleset's own requests.

use super::database::Database;
use super::model::{CoverLevel, Die, DodgeReroll, GunType, Kind, Quality, Range};
use super::preview::artillery::{Ammunition, GunRange};
use super::preview::fire::Situation;
use super::preview::melee::Stance;
use super::preview::request::{
    self, limits, ArtilleryRequest, ChargeRequest, FireCompare, FireOverrides, FireRequest,
    MeleeRequest, SideOverrides, SideRequest, UnitChoice,
};
use super::preview::text;
use crate::core::error::Error;
use crate::core::names::NameKind;
use crate::rulesets::duel::{DuelChoice, DuelDecl, Headline, Sets, Variant};
use crate::rulesets::procedure::{Chart, Param, Preview, Procedure, Request, UnitRef};

const DICE: &[(&str, &str)] = &[("d6", ""), ("d8", ""), ("d10", ""), ("d12", "")];
const COVER: &[(&str, &str)] = &[("none", ""), ("light", ""), ("medium", ""), ("dense", "")];

pub const PROCEDURES: &[Procedure] = &[FIRE, MELEE, CHARGE, ARTILLERY];

/// `muster preview fire`.
const FIRE: Procedure = Procedure {
    name: "fire",
    summary: "A volley: casualties, reduced units and routs",
    rule: "§7.5–7.6, §5.3",
    sides: ["Shooter", "Target"],
    params: &[
        Param::unit_with_figures(
            "shooter",
            "The shooting unit (SHEET:FIGURES, or a list's unit: it uses the skills bought for it)",
        )
        .first()
        .legacy("list", "unit"),
        Param::id(
            "shooter-skill",
            "ID",
            "The skill the shooter uses (one per activation, §11); a list unit uses the first of its skills that acts on fire unless this names another",
        )
.names(NameKind::Skill)
        .first()
        .repeat(),
        Param::flag("precision", "Aimed fire: did not move nor change target (+1)").first(),
        Param::flag("unprepared", "Regrouped this activation (-1)").first(),
        Param::flag("moved", "Mounted shooter moved or will move (-1)").first(),
        Param::flag("hidden", "Fires from hidden movement (+2, §7.4)").first(),
        Param::flag("fire-twice", "Elite: two volleys without moving (§3.1)").first(),
        Param::int_u("shots", limits::SHOTS, "Ad hoc: number of shots (1–100)").first(),
        Param::choice("die", DICE, "Ad hoc: fire die").first(),
        Param::int_i(
            "modifier",
            limits::MODIFIER,
            "Ad hoc: total fire modifier, -20 to 20 (replaces the computed one)",
        )
        .first(),
        Param::flag(
            "reroll-misses",
            "Ad hoc: re-roll missed to-hit dice (escort, §1.3)",
        )
        .first(),
        Param::choice(
            "range",
            &[("short", ""), ("medium", ""), ("long", "")],
            "Range band",
        ),
        Param::unit_with_figures("target", "The target unit")
            .second()
            .legacy("target-list", "target-unit"),
        Param::id(
            "target-skill",
            "ID",
            "The skill the target uses, by id or name (durs-a-tuer, combat-a-mort)",
        )
.names(NameKind::Skill)
        .second()
        .repeat(),
        Param::choice("cover", COVER, "The target's cover (+1/+2/+4 to its dodge)").second(),
        Param::int_u("target-figures", limits::FIGURES, "Ad hoc: target figures (1–12)")
            .second(),
        Param::choice(
            "target-die",
            DICE,
            "Ad hoc: the target's highest die (its dodge die)",
        )
        .second(),
        Param::choice(
            "dodge-reroll",
            &[("none", ""), ("hard-to-kill", ""), ("to-the-death", "")],
            "Ad hoc: dodge re-roll of the target",
        )
        .second(),
        Param::id(
            "compare-skill",
            "ID",
            "Compare with the shooter using this skill in place of its current one (§11: one per activation)",
        )
.names(NameKind::Skill)
        .conflicts(&["compare-shooter"]),
        Param::unit_with_figures("compare-shooter", "Compare with another shooter"),
    ],
    chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
    mean: Some("/mean"),
};

/// `muster preview melee`.
const MELEE: Procedure = Procedure {
    name: "melee",
    summary: "A melee: one round, N rounds or to the end",
    rule: "§8.9–8.12",
    sides: ["Side A", "Side B"],
    params: &[
        Param::unit_with_figures(
            "a",
            "Side A (SHEET:FIGURES, or a list's unit: it uses the skills bought for it)",
        )
        .first()
        .legacy("a-list", "a-unit"),
        Param::id("a-skill", "ID", "The skill side A uses (one per activation, §11)")
.names(NameKind::Skill)
            .first()
            .repeat(),
        Param::flag("a-charges", "Side A charges (+2 first round, §8.12)").first(),
        Param::flag(
            "a-led",
            "Side A's charge is led by a command unit (+1 first round)",
        )
        .first(),
        Param::choice("a-cover", COVER, "Side A's cover (combat factor +1/+2/+3)").first(),
        Param::flag(
            "a-standard",
            "Side A has a standard bearer within 25 cm (+1, §1.3)",
        )
        .first(),
        Param::flag("a-higher", "Side A fights from higher ground (+2)").first(),
        Param::flag("a-captured-flag", "Side A captured a flag (+2, §8.7)").first(),
        Param::int_u("a-figures", limits::FIGURES, "Ad hoc: A's figures (1–12)").first(),
        Param::choice("a-die", DICE, "Ad hoc: A's combat die").first(),
        Param::int_i(
            "a-modifier",
            limits::MODIFIER,
            "Ad hoc: A's total combat modifier, -20 to 20 (replaces the computed one)",
        )
        .first(),
        Param::int_u(
            "a-attacks",
            limits::ATTACKS,
            "Ad hoc: A's attacks per figure (1–4)",
        )
        .first(),
        Param::choice("a-dodge-die", DICE, "Ad hoc: A's dodge die").first(),
        Param::unit_with_figures(
            "b",
            "Side B (SHEET:FIGURES, or a list's unit: it uses the skills bought for it)",
        )
        .second()
        .legacy("b-list", "b-unit"),
        Param::id("b-skill", "ID", "The skill side B uses")
.names(NameKind::Skill)
            .second()
            .repeat(),
        Param::flag("b-charges", "Side B charges (counter-charge, §8.12)").second(),
        Param::flag("b-led", "Side B's charge is led by a command unit").second(),
        Param::choice("b-cover", COVER, "Side B's cover").second(),
        Param::flag("b-standard", "Side B has a standard bearer within 25 cm").second(),
        Param::flag("b-higher", "Side B fights from higher ground").second(),
        Param::flag("b-captured-flag", "Side B captured a flag (+2, §8.7)").second(),
        Param::int_u("b-figures", limits::FIGURES, "Ad hoc: B's figures (1–12)").second(),
        Param::choice("b-die", DICE, "Ad hoc: B's combat die").second(),
        Param::int_i(
            "b-modifier",
            limits::MODIFIER,
            "Ad hoc: B's total combat modifier, -20 to 20",
        )
        .second(),
        Param::int_u(
            "b-attacks",
            limits::ATTACKS,
            "Ad hoc: B's attacks per figure (1–4)",
        )
        .second(),
        Param::choice("b-dodge-die", DICE, "Ad hoc: B's dodge die").second(),
        Param::int_u(
            "rounds",
            limits::ROUNDS,
            "Rounds to play, 1–1000 (default: until one side is destroyed or routs)",
        ),
        Param::id(
            "compare-skill",
            "ID",
            "Compare with side A using this skill in place of its current one (§11: one per activation)",
        )
.names(NameKind::Skill),
    ],
    chart: Chart::Of("chart-survivors", "Chance of each number of survivors of {b}"),
    mean: Some("/mean"),
};

/// `muster preview charge`.
const CHARGE: Procedure = Procedure {
    name: "charge",
    summary: "A charge: the morale test and a doubled courage",
    rule: "§5.1–5.2",
    sides: ["Charger", "Target"],
    params: &[
        Param::unit_with_figures(
            "charger",
            "The charging unit (a sheet, SHEET:FIGURES, or a list's unit: it uses the skills bought for it; reduced, none)",
        )
        .first()
        .legacy("list", "unit"),
        Param::id(
            "charger-skill",
            "ID",
            "The skill the charger uses, by id or name (vieille-garde)",
        )
.names(NameKind::Skill)
        .first()
        .repeat(),
        Param::int_i(
            "morale",
            limits::MORALE,
            "Ad hoc: the charger's morale, 0–12",
        )
        .first(),
        Param::flag(
            "charger-command",
            "A command unit within 5 cm of the charger (+1 morale)",
        )
        .first(),
        Param::flag(
            "captured-flag",
            "The charger captured a flag (+2 morale, §8.7)",
        )
        .first(),
        Param::unit("target", "The charged unit").second(),
        Param::int_i(
            "courage",
            limits::COURAGE,
            "Ad hoc: the target's courage, 1–18",
        )
        .second(),
        Param::flag(
            "target-command",
            "A command unit within 5 cm of the target (+1 courage)",
        )
        .second(),
    ],
    chart: Chart::None(
        "(fire, melee and artillery have one); a charge is two numbers",
    ),
    mean: Some("/p_success"),
};

/// `muster preview artillery`.
const ARTILLERY: Procedure = Procedure {
    name: "artillery",
    summary: "An artillery shot: blank shots and casualties under the template",
    rule: "§12.10–12.13, §12.18",
    sides: ["Gun", "Target"],
    params: &[
        Param::unit(
            "gun",
            "The gun (its type, crew quality and skills; a list's unit uses the skills bought for it)",
        )
        .first()
        .legacy("list", "unit"),
        Param::id("gun-type", "I|II|III|IV", "Ad hoc: gun type").first(),
        Param::choice(
            "crew",
            &[
                ("elite", ""),
                ("veteran", ""),
                ("regular", ""),
                ("militia", ""),
            ],
            "Ad hoc: crew quality",
        )
        .first(),
        Param::flag(
            "rockets",
            "Congreve rockets (§12.18): a medium howitzer's shells with their own deviation and save",
        )
        .first()
        .conflicts(&["gun", "gun-type"]),
        Param::id(
            "skill",
            "ID",
            "A skill the gun uses (tir-de-precision, grenades-explosives)",
        )
.names(NameKind::Skill)
        .first()
        .repeat(),
        Param::unit_with_figures(
            "target",
            "The unit fired at: all its figures are under the template unless --under says how many (reading whole-unit-under-template)",
        )
        .second(),
        Param::int_u(
            "under",
            limits::UNDER_TEMPLATE,
            "Figures under the impact template, 0–100 (default: the target's figures)",
        )
        .second(),
        Param::choice("cover", COVER, "The target's cover").second(),
        Param::choice(
            "ammo",
            &[("canister", ""), ("roundshot", ""), ("shell", "")],
            "Ammunition",
        )
        .required(),
        Param::choice("range", &[("effective", ""), ("long", "")], "Range").required(),
        Param::id(
            "factor",
            "ID",
            "An artillery factor of §12.13 that applies (repeatable, each once), e.g. moved-march",
        )
        .repeat(),
    ],
    chart: Chart::Of("chart-casualties", "Chance of each number of casualties"),
    mean: Some("/mean"),
};

/// Fire each way, a melee's first round, a charge each way and a gun's shot each way. In a
/// matchup's fire cells a gun fires its deadliest ammunition at the range (reading
/// gun-range-bands), and in its melee cells cavalry charges when no one is said to.
pub const DUELS: &[DuelDecl] = &[
    DuelDecl {
        procedure: "fire",
        first: "shooter",
        second: "target",
        both_ways: true,
        measures: "casualties",
        headline: &[
            Headline::count("/mean", "headline_casualties"),
            Headline::chance("/at_least/1", "headline_at_least_one"),
            Headline::chance("/p_rout", "headline_rout"),
        ],
        title: "Fire: {first} at {second}",
        variants: &[
            Variant {
                key: "canister",
                mark: ("c", "the gun's canister, all the target under the template: at most (muster preview artillery)"),
                decl: &GUN_CANISTER,
                arm: None,
                enemy_arm: None,
                when: &[],
            },
            Variant {
                key: "roundshot",
                mark: ("r", "the gun's round shot, all the target under the template: at most (muster preview artillery)"),
                decl: &GUN_ROUNDSHOT,
                arm: None,
                enemy_arm: None,
                when: &[],
            },
        ],
        ..DuelDecl::PLAIN
    },
    DuelDecl {
        procedure: "melee",
        first: "a",
        second: "b",
        measures: "casualties in the first round",
        matchup: &[("rounds", "1")],
        headline: MELEE_HEADLINE,
        title: "Melee: {first} against {second}",
        variants: &[
            Variant {
                key: "charging",
                mark: ("ch", "the unit, cavalry, charges (§8.12)"),
                decl: &CAVALRY_CHARGING,
                arm: Some("cavalry"),
                enemy_arm: None,
                when: &[("charge", "none")],
            },
            Variant {
                key: "charged",
                mark: ("x", "the enemy's cavalry charges (§8.12)"),
                decl: &CAVALRY_CHARGED,
                arm: None,
                enemy_arm: Some("cavalry"),
                when: &[("charge", "none")],
            },
        ],
        ..DuelDecl::PLAIN
    },
    DuelDecl {
        procedure: "charge",
        first: "charger",
        second: "target",
        both_ways: true,
        measures: "chance the charge goes in (§5.1)",
        headline: &[
            Headline::chance("/p_success", "headline_charge_goes_in"),
            Headline::chance("/p_double", "headline_courage_doubled"),
        ],
        title: "Charge: {first} charges {second}",
        only_where_played: true,
        ..DuelDecl::PLAIN
    },
    DuelDecl {
        procedure: "artillery",
        first: "gun",
        second: "target",
        both_ways: true,
        measures: "casualties",
        headline: &[
            Headline::count("/mean", "headline_casualties"),
            Headline::chance("/at_least/1", "headline_at_least_one"),
            Headline::chance("/p_blank", "headline_blank"),
        ],
        title: "Artillery: {first} at {second} ({ammo})",
        maps: GUN_RANGES,
        only_where_played: true,
        table: false,
        ..DuelDecl::PLAIN
    },
];

const MELEE_HEADLINE: &[Headline] = &[
    Headline::chance("/p_a_wins", "headline_a_wins"),
    Headline::chance("/p_b_destroyed", "headline_b_destroyed"),
    Headline::count("/mean", "headline_first_round"),
];

/// A fire's short and medium ranges are a gun's effective range, long its long (reading
/// gun-range-bands).
const GUN_RANGES: &[(&str, &str, &str, &str)] = &[
    ("range", "short", "range", "effective"),
    ("range", "medium", "range", "effective"),
    ("range", "long", "range", "long"),
];

/// A gun's canister at a fire's range, as a matchup's fire cell shows it.
const GUN_CANISTER: DuelDecl = DuelDecl {
    procedure: "artillery",
    first: "gun",
    second: "target",
    measures: "casualties",
    title: "Artillery: {first} at {second} (canister)",
    sets: &[("ammo", "canister")],
    maps: GUN_RANGES,
    table: false,
    ..DuelDecl::PLAIN
};

/// A gun's round shot at a fire's range.
const GUN_ROUNDSHOT: DuelDecl = DuelDecl {
    sets: &[("ammo", "roundshot")],
    title: "Artillery: {first} at {second} (round shot)",
    ..GUN_CANISTER
};

/// The enemy's cavalry charging into the melee's first round (§8.12).
const CAVALRY_CHARGED: DuelDecl = DuelDecl {
    sets: &[("b-charges", "")],
    title: "Melee: {second} charges {first}",
    ..CAVALRY_CHARGING
};

/// Cavalry charging into the melee's first round (§8.12).
const CAVALRY_CHARGING: DuelDecl = DuelDecl {
    procedure: "melee",
    first: "a",
    second: "b",
    measures: "casualties in the first round",
    matchup: &[("rounds", "1")],
    sets: &[("a-charges", "")],
    headline: MELEE_HEADLINE,
    title: "Melee: {first} charges {second}",
    table: false,
    ..DuelDecl::PLAIN
};

/// The situation the duels offer to set (the rest as `muster preview` takes it by default).
pub const DUEL_CHOICES: &[DuelChoice] = &[
    DuelChoice {
        key: "range",
        label: "Fire range (§7.6)",
        values: &["short", "medium", "long"],
        default: "short",
        sets: Sets::Param("range"),
    },
    DuelChoice {
        key: "cover",
        label: "The target's cover (fire, §7.6)",
        values: &["none", "light", "medium", "dense"],
        default: "none",
        sets: Sets::Param("cover"),
    },
    DuelChoice {
        key: "ammo",
        label: "The gun's ammunition (artillery, §12.12)",
        values: &["canister", "roundshot", "shell"],
        default: "canister",
        sets: Sets::Param("ammo"),
    },
    DuelChoice {
        key: "charge",
        label: "Who charges into the melee (§8.12)",
        values: &["none", "a", "b"],
        default: "none",
        sets: Sets::Flags(&[("a", "a-charges"), ("b", "b-charges")]),
    },
];

/// Works out a request of one of [`PROCEDURES`].
pub fn preview(db: &Database, r: &Request) -> Result<Preview, Error> {
    match r.procedure.name {
        "fire" => fire(db, r),
        "melee" => melee(db, r),
        "charge" => charge(db, r),
        "artillery" => artillery(db, r),
        other => Err(Error::Usage(format!("Capitán has no preview `{other}`"))),
    }
}

fn usage(msg: impl Into<String>) -> Error {
    Error::Usage(msg.into())
}

/// The value of an enum of the model named by a choice.
fn pick<T: Copy>(text: Option<String>, all: &[T], id: fn(T) -> &'static str) -> Option<T> {
    let text = text?;
    all.iter().copied().find(|v| id(*v) == text)
}

fn die(r: &Request, name: &str) -> Option<Die> {
    pick(r.text(name), Die::ALL, Die::as_str)
}

/// `none` or a cover level.
fn cover(r: &Request, name: &str) -> Option<CoverLevel> {
    pick(r.text(name), CoverLevel::ALL, CoverLevel::as_str)
}

/// At most one skill: a unit uses one skill per activation (§11).
fn one_skill(r: &Request, name: &str, role: &str) -> Result<Option<String>, Error> {
    match r.texts(name).as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        more => Err(usage(format!(
            "the {role} uses {} skills: a unit uses one skill per activation (Capitán §11)",
            more.len()
        ))),
    }
}

/// The unit a parameter names: a sheet (command units default to their N°F) or a list's unit.
fn unit<'a>(db: &'a Database, r: &Request, name: &str) -> Result<Option<UnitChoice<'a>>, Error> {
    match r.unit(name) {
        None => Ok(None),
        Some(UnitRef::Sheet { id, figures }) => {
            let sheet = db.sheet(id).ok_or_else(|| {
                crate::rulesets::procedure::unknown_unit("sheet", id, db.sheets.ids())
            })?;
            let figures = figures.or(if sheet.kind == Kind::Command {
                sheet.figures
            } else {
                None
            });
            Ok(Some(UnitChoice {
                sheet,
                figures,
                list: None,
            }))
        }
        Some(UnitRef::Listed(l)) => UnitChoice::listed(db, &l.row, l.origin())
            .map(Some)
            .map_err(usage),
        Some(UnitRef::File { path, .. }) => Err(usage(format!(
            "{} was not read (an engine error)",
            path.display()
        ))),
    }
}

fn fire(db: &Database, r: &Request) -> Result<Preview, Error> {
    let request = FireRequest {
        shooter: unit(db, r, "shooter")?,
        shooter_skill: one_skill(r, "shooter-skill", "shooter")?,
        target: unit(db, r, "target")?,
        target_skill: one_skill(r, "target-skill", "target")?,
        situation: Situation {
            range: pick(r.text("range"), Range::ALL, Range::as_str),
            cover: cover(r, "cover"),
            precision: r.flag("precision"),
            unprepared: r.flag("unprepared"),
            moved: r.flag("moved"),
            hidden: r.flag("hidden"),
            fire_twice: r.flag("fire-twice"),
        },
        overrides: FireOverrides {
            shots: r.u32("shots"),
            die: die(r, "die"),
            modifier: r.i32("modifier"),
            reroll_misses: r.flag("reroll-misses"),
            target_figures: r.u32("target-figures"),
            target_die: die(r, "target-die"),
            dodge_reroll: r.text("dodge-reroll").map(|_| {
                pick(
                    r.text("dodge-reroll"),
                    DodgeReroll::ALL,
                    DodgeReroll::as_str,
                )
            }),
        },
        compare: match (r.text("compare-skill"), unit(db, r, "compare-shooter")?) {
            (Some(k), _) => Some(FireCompare::Skill(k)),
            (None, Some(s)) => Some(FireCompare::Shooter(s)),
            (None, None) => None,
        },
    };
    let reports = request::fire(db, &request).map_err(usage)?;
    Preview::compared(
        r,
        &reports,
        || text::fire(&reports),
        text::fire_series(&reports),
    )
}

fn side<'a>(db: &'a Database, r: &Request, s: &str) -> Result<SideRequest<'a>, Error> {
    let name = |what: &str| format!("{s}-{what}");
    Ok(SideRequest {
        unit: unit(db, r, s)?,
        skill: one_skill(r, &name("skill"), &format!("side {}", s.to_uppercase()))?,
        stance: Stance {
            charging: r.flag(&name("charges")),
            led_by_command: r.flag(&name("led")),
            cover: cover(r, &name("cover")),
            standard_bearer: r.flag(&name("standard")),
            higher: r.flag(&name("higher")),
            in_woods: false,
            captured_flag: r.flag(&name("captured-flag")),
        },
        overrides: SideOverrides {
            figures: r.u32(&name("figures")),
            die: die(r, &name("die")),
            modifier: r.i32(&name("modifier")),
            attacks: r.u32(&name("attacks")),
            dodge_die: die(r, &name("dodge-die")),
        },
    })
}

fn melee(db: &Database, r: &Request) -> Result<Preview, Error> {
    let rounds = r.u32("rounds");
    let request = MeleeRequest {
        a: side(db, r, "a")?,
        b: side(db, r, "b")?,
        rounds,
        compare_skill: r.text("compare-skill"),
    };
    let reports = request::melee(db, &request).map_err(usage)?;
    Preview::compared(
        r,
        &reports,
        || text::melee(&reports, rounds),
        text::melee_series(&reports),
    )
}

fn charge(db: &Database, r: &Request) -> Result<Preview, Error> {
    let request = ChargeRequest {
        charger: unit(db, r, "charger")?,
        charger_skill: one_skill(r, "charger-skill", "charger")?,
        target: unit(db, r, "target")?,
        morale: r.i32("morale"),
        courage: r.i32("courage"),
        charger_command: r.flag("charger-command"),
        target_command: r.flag("target-command"),
        captured_flag: r.flag("captured-flag"),
    };
    let report = request::charge(db, &request).map_err(usage)?;
    Preview::of(r, &report, || text::charge(&report), Vec::new())
}

fn artillery(db: &Database, r: &Request) -> Result<Preview, Error> {
    let gun_type = r
        .text("gun-type")
        .map(|t| {
            pick(Some(t.clone()), GunType::ALL, GunType::as_str).ok_or_else(|| {
                usage(format!(
                    "--gun-type must be one of I, II, III, IV, found `{t}`"
                ))
            })
        })
        .transpose()?;
    let request = ArtilleryRequest {
        gun: unit(db, r, "gun")?,
        target: unit(db, r, "target")?,
        gun_type,
        crew: pick(r.text("crew"), Quality::ALL, Quality::as_str),
        rockets: r.flag("rockets"),
        ammunition: match r.text("ammo").as_deref() {
            Some("roundshot") => Ammunition::Roundshot,
            Some("shell") => Ammunition::Shell,
            _ => Ammunition::Canister,
        },
        range: match r.text("range").as_deref() {
            Some("long") => GunRange::Long,
            _ => GunRange::Effective,
        },
        under_template: r.u32("under"),
        cover: cover(r, "cover"),
        factors: r.texts("factor"),
        skills: r.texts("skill"),
    };
    let report = request::artillery(db, &request).map_err(usage)?;
    let series = text::artillery_series(&report);
    Preview::of(r, &report, || text::artillery(&report), series)
}
