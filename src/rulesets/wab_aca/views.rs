//! View structs for the ACA templates: what a card, the aide de jeu and a roster show, as
//! plain serializable data in French or English, taken from the entries and the tables.

use serde::Serialize;

use crate::rulesets::named_rows::rows;
pub use crate::rulesets::views_common::Row2;

use crate::rulesets::card_view::{CardHead, RuleView};

use crate::rulesets::label;

use super::database::Database;
use super::list::ListUnit;
use super::model::*;
use crate::render::markup::MAX_BOXES;
use crate::rulesets::roster_of::RosterOf;

/// Looks a label up in labels.toml (the key itself when missing).
#[derive(Debug, Clone, Serialize)]
pub struct ProfileView {
    pub m: u32,
    pub ws: u32,
    pub bs: String,
    pub s: u32,
    pub t: u32,
    pub w: u32,
    pub i: u32,
    pub a: u32,
    pub ld: u32,
    pub sv: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct WeaponView {
    pub name: String,
    /// `18"`, `18" / 30"` (moving / stationary rifles), or `—` for a close-combat weapon.
    pub range: String,
    /// `3`, or `3/4` as the range.
    pub strength: String,
    pub notes: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct BatteryView {
    pub name: String,
    pub guns: u32,
    pub crew: u32,
    pub horse: bool,
    pub roundshot: Option<RoundShot>,
    pub canister: Option<Canister>,
    pub howitzer: Option<Howitzer>,
    pub prolonge: u32,
    pub reorient: String,
    pub toughness: u32,
    /// A piece's wounds: its minimum crew (ACA p.9, N.B.).
    pub wounds: u32,
    pub limbered: u32,
    pub road: u32,
}

/// One card.
#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    #[serde(flatten)]
    pub head: CardHead,
    pub army: String,
    pub colours: Vec<String>,
    pub vertical: bool,
    pub kind: String,
    pub class: Option<String>,
    pub quality: String,
    pub quality_rules: String,
    pub profile: ProfileView,
    pub weapon: Option<WeaponView>,
    /// The firearm of a unit armed for close combat (carbines, ACA p.6–7).
    pub firearm: Option<WeaponView>,
    pub formations: Vec<String>,
    /// What was bought: "Drapeau (+5)".
    pub options: Vec<String>,
    pub specials: Vec<RuleView>,
    pub battery: Option<BatteryView>,
    /// Casualty boxes: rank and file and the officer; a battery's gunners; a general's wounds.
    pub boxes: u32,
    pub boxes_label: String,
    pub figures: Option<i64>,
    pub cost: Option<u64>,
    /// "7 pts / fig." or "50 + 7 / gunner".
    pub rate: String,
    pub source: String,
}

/// A unit to print: an entry, and what a list bought for it (if any).
pub struct CardUnit<'a> {
    pub entry: &'a Entry,
    pub number: Option<usize>,
    pub label: Option<&'a str>,
    pub bought: Option<&'a ListUnit>,
    pub figures: Option<i64>,
    pub cost: Option<u64>,
    /// Its list plays the house rule elite-infantry-rerolls.
    pub elite_infantry_rerolls: bool,
}

fn profile_view(p: &Profile) -> ProfileView {
    ProfileView {
        m: p.m,
        ws: p.ws,
        bs: if p.bs == 0 {
            "—".into()
        } else {
            p.bs.to_string()
        },
        s: p.s,
        t: p.t,
        w: p.w,
        i: p.i,
        a: p.a,
        ld: p.ld,
        sv: p.sv.map(|s| format!("{s}+")).unwrap_or_else(|| "—".into()),
    }
}

fn weapon_view(db: &Database, id: &str, lang: Lang) -> Option<WeaponView> {
    let w = db.weapons.get(id)?;
    let range = match (w.range, w.stationary) {
        (0, _) => "—".to_owned(),
        (r, Some(s)) => format!("{r}\" / {}\"", s.range),
        (r, None) => format!("{r}\""),
    };
    Some(WeaponView {
        name: w.name.get(lang).to_owned(),
        range,
        strength: match w.stationary {
            Some(s) if w.range > 0 => format!("{}/{}", w.strength, s.strength),
            _ => w.strength.to_string(),
        },
        notes: w.notes.get(lang).to_owned(),
    })
}

pub fn card(db: &Database, u: &CardUnit, lang: Lang, labels: &toml::Table) -> CardView {
    let e = u.entry;
    let army = db.army(&e.army);
    let costs = &db.rules.costs;
    let mut options = Vec::new();
    if let Some(b) = u.bought {
        let figures = u.figures.unwrap_or(0).max(0) as u64;
        if b.flag {
            options.push(format!("{} (+{})", label(labels, "flag"), costs.flag));
        }
        if b.musician {
            options.push(format!(
                "{} (+{})",
                label(labels, "musician"),
                costs.musician
            ));
        }
        let elite = super::army::elite_count(e, b);
        if elite > 0 {
            options.push(format!(
                "{} {} (+{})",
                elite,
                label(labels, "elite_figures"),
                elite.saturating_mul(u64::from(costs.elite))
            ));
        }
        if b.heavy_armour {
            options.push(format!(
                "{} (+{})",
                label(labels, "heavy_armour"),
                figures.saturating_mul(u64::from(costs.heavy_armour))
            ));
        }
    }
    let mut specials: Vec<RuleView> = e
        .special
        .iter()
        .filter_map(|s| db.specials.get(s))
        .map(|s| RuleView {
            name: s.name.get(lang).to_owned(),
            rule: s.rule.get(lang).to_owned(),
        })
        .collect();
    if u.bought.is_some_and(|b| super::army::elite_count(e, b) > 0) {
        // The cavalry's elite figures re-roll by the book (ACA p.7); the infantry's only with
        // the house rule elite-infantry-rerolls, which the card names either way.
        specials.push(RuleView {
            name: label(labels, "elite_figures_rule_name"),
            rule: label(
                labels,
                if e.kind == Kind::Cavalry {
                    "elite_figures_rule"
                } else if u.elite_infantry_rerolls {
                    "elite_figures_rule_infantry_house"
                } else {
                    "elite_figures_rule_infantry"
                },
            ),
        });
    }
    let battery = db.battery_type(e).map(|t| {
        let limber = &db.artillery.limber;
        BatteryView {
            name: t.name.get(lang).to_owned(),
            guns: u
                .bought
                .and_then(|b| b.guns)
                .map(|g| g.clamp(0, 100) as u32)
                .unwrap_or_else(|| e.guns.map_or(1, |g| g.min)),
            crew: t.crew,
            horse: e.horse,
            roundshot: t.roundshot,
            canister: t.canister,
            howitzer: t.howitzer.clone(),
            prolonge: t.prolonge,
            reorient: t.reorient.get(lang).to_owned(),
            toughness: db.artillery.piece.toughness,
            wounds: t.crew,
            limbered: if e.horse {
                limber.move_horse
            } else {
                limber.move_foot
            },
            road: if e.horse {
                limber.road_horse
            } else {
                limber.road_foot
            },
        }
    });
    let boxes = e.casualty_boxes(u.figures);
    let boxes_label = match e.kind {
        Kind::General => label(labels, "wounds"),
        Kind::Battery => label(labels, "gunners"),
        _ => label(labels, "casualties_with_officer"),
    };
    let rate = match (e.kind, e.gun_cost) {
        (Kind::General, _) => format!("{} {}", e.cost, label(labels, "points")),
        (Kind::Battery, Some(g)) => format!(
            "{g} / {} + {} / {}",
            label(labels, "gun"),
            e.cost,
            label(labels, "gunner")
        ),
        _ => format!("{} / {}", e.cost, label(labels, "figure")),
    };
    CardView {
        head: CardHead::new(u.number, u.label, &e.id, e.name.get(lang)),
        army: army
            .map(|a| a.header.name.get(lang).to_owned())
            .unwrap_or_default(),
        colours: army.map(|a| a.header.colours.clone()).unwrap_or_default(),
        vertical: army.is_some_and(|a| a.header.vertical),
        kind: label(labels, &format!("kind_{}", e.kind)),
        class: e.class.map(|c| label(labels, &format!("class_{c}"))),
        quality: db
            .quality(e)
            .map(|q| q.name.get(lang).to_owned())
            .unwrap_or_else(|| e.quality.clone()),
        quality_rules: db
            .quality(e)
            .map(|q| q.rules.get(lang).to_owned())
            .unwrap_or_default(),
        profile: profile_view(&e.profile),
        weapon: weapon_view(db, &e.weapon, lang),
        firearm: e.firearm.as_deref().and_then(|f| weapon_view(db, f, lang)),
        formations: e
            .formations
            .iter()
            .filter_map(|f| db.formations.get(f))
            .map(|f| f.name.get(lang).to_owned())
            .collect(),
        options,
        specials,
        battery,
        boxes: boxes.min(MAX_BOXES),
        boxes_label,
        figures: u.figures,
        cost: u.cost,
        rate,
        // A player's own entry says nothing of where it comes from.
        source: army
            .filter(|_| db.provenance(&e.id) != crate::core::catalog::Provenance::Player)
            .map(|a| label(labels, &format!("source_{}", a.header.source)))
            .unwrap_or_default(),
    }
}

// ── the aide de jeu ─────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Serialize)]
pub struct FormationRow {
    pub name: String,
    pub arm: String,
    pub rank_bonus: String,
    pub fire: String,
    pub large_target: String,
    pub march: String,
    pub notes: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ModifierRow {
    pub value: String,
    pub name: String,
    pub group: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ReactionRow {
    pub name: String,
    pub test: bool,
    pub effect: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct WeaponRow {
    pub name: String,
    pub range: String,
    pub strength: String,
    pub notes: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct BatteryRow {
    pub name: String,
    pub crew: u32,
    pub roundshot: String,
    pub canister: String,
    pub prolonge: u32,
    pub reorient: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct ReadingRow {
    pub id: String,
    pub section: String,
    pub quote: String,
    /// muster's own rule where the book is silent.
    pub own: bool,
    pub decision: String,
}

/// A house rule as the aide de jeu prints it: off unless a list or a preview turns it on.
#[derive(Debug, Clone, Serialize)]
pub struct HouseRuleRow {
    pub id: String,
    pub section: String,
    pub quote: String,
    pub name: String,
    pub text: String,
    pub reason: String,
}

/// The aide de jeu: every table, from the data.
#[derive(Debug, Clone, Serialize)]
pub struct QrsView {
    pub turn_steps: Vec<String>,
    pub formations_infantry: Vec<FormationRow>,
    pub formations_cavalry: Vec<FormationRow>,
    pub modifiers: Vec<ModifierRow>,
    pub conditions: Vec<String>,
    pub reorder_penalty: i32,
    pub orders_per_unit: u32,
    pub fall_back: [String; 2],
    pub reactions_infantry: Vec<ReactionRow>,
    pub reactions_cavalry: Vec<ReactionRow>,
    pub weapons: Vec<WeaponRow>,
    /// By BS 1 to 5 and beyond: the score needed.
    pub to_hit_shooting: Vec<Row2>,
    pub beyond_six: [u32; 3],
    /// rows[ws-1][enemy ws-1] for WS 1 to 10.
    pub to_hit_melee: Vec<Vec<String>>,
    /// rows[s-1][t-1] for S and T 1 to 10; "—": no wound.
    pub to_wound: Vec<Vec<String>>,
    /// The save modifier of each strength, 1 to 10.
    pub save_modifiers: Vec<Row2>,
    pub save_impossible: u32,
    pub combat: Combat,
    pub cover: Cover,
    pub qualities: Vec<Row2>,
    pub batteries: Vec<BatteryRow>,
    pub piece_toughness: u32,
    pub limber: Limber,
    pub caisson: Caisson,
    pub misfire_faces: String,
    pub grand_battery: GrandBattery,
    pub ammunition: Ammunition,
    pub engineers: Engineers,
    pub obstacles: Vec<Row2>,
    pub buildings: Vec<Row2>,
    pub victory: Victory,
    pub bands: Vec<Row2>,
    pub readings: Vec<ReadingRow>,
    pub house_rules: Vec<HouseRuleRow>,
    pub core_source: String,
    pub test_kinds: Vec<Row2>,
    pub smoke: Row2,
    pub support: String,
    pub specials: Vec<Row2>,
    pub charge: ChargeMove,
    pub building_damage: Vec<Row2>,
    pub battery_hits: BatteryHits,
    pub artillery_duel: ArtilleryDuel,
    pub terrain: Terrain,
    /// A round shot into a low wall: the heavy and the light piece's modifiers, signed.
    pub wall_modifiers: [String; 2],
    pub captured: Captured,
    pub flank: Flank,
}

fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn formation_row(f: &Formation, lang: Lang, labels: &toml::Table) -> FormationRow {
    FormationRow {
        name: f.name.get(lang).to_owned(),
        arm: label(labels, &format!("arm_{}", f.arm)),
        rank_bonus: match (f.rank_bonus, f.rank_bonus_light) {
            (0, _) => "—".into(),
            (r, Some(l)) => format!("+{r} (+{l} {})", label(labels, "light_short")),
            (r, None) => format!("+{r}"),
        },
        fire: f.fire.get(lang).to_owned(),
        large_target: label(labels, &format!("large_{}", f.large_target)),
        march: match (f.march, f.road_march) {
            (1, _) => "—".into(),
            (m, Some(r)) => format!("×{m} (×{r})"),
            (m, None) => format!("×{m}"),
        },
        notes: f.notes.get(lang).to_owned(),
    }
}

pub fn qrs(db: &Database, lang: Lang, labels: &toml::Table) -> QrsView {
    let r = &db.rules;
    let mut modifiers: Vec<&ManoeuvreModifier> = r.manoeuvre.modifier.iter().collect();
    modifiers.sort_by_key(|m| std::cmp::Reverse(m.value));
    let reactions = |arm: Arm| {
        r.reaction
            .iter()
            .filter(|x| x.arm == arm)
            .map(|x| ReactionRow {
                name: x.name.get(lang).to_owned(),
                test: x.test,
                effect: x.effect.get(lang).to_owned(),
            })
            .collect()
    };
    let formations = |arm: Arm| {
        r.formation
            .iter()
            .filter(|f| f.arm == arm)
            .map(|f| formation_row(f, lang, labels))
            .collect()
    };
    let skill = 1..=10u32;
    let b = &db.core.beyond_six;
    QrsView {
        turn_steps: r
            .turn_step
            .iter()
            .map(|s| s.name.get(lang).to_owned())
            .collect(),
        formations_infantry: formations(Arm::Infantry),
        formations_cavalry: formations(Arm::Cavalry),
        modifiers: modifiers
            .iter()
            .map(|m| ModifierRow {
                value: signed(i64::from(m.value)),
                name: m.name.get(lang).to_owned(),
                group: m.group.clone().unwrap_or_default(),
            })
            .collect(),
        conditions: r
            .manoeuvre
            .condition
            .iter()
            .map(|c| format!("{} {}", c.group, c.name.get(lang)))
            .collect(),
        reorder_penalty: r.manoeuvre.reorder_penalty,
        orders_per_unit: r.manoeuvre.orders_per_unit,
        fall_back: [
            r.manoeuvre.fall_back_infantry.clone(),
            r.manoeuvre.fall_back_cavalry.clone(),
        ],
        reactions_infantry: reactions(Arm::Infantry),
        reactions_cavalry: reactions(Arm::Cavalry),
        weapons: r
            .weapon
            .iter()
            .map(|w| WeaponRow {
                name: w.name.get(lang).to_owned(),
                range: match (w.range, w.stationary) {
                    (0, _) => "—".into(),
                    (x, Some(s)) => format!("{x}\" ({}\")", s.range),
                    (x, None) => format!("{x}\""),
                },
                strength: match (w.stationary, w.charge_strength_bonus) {
                    (Some(s), _) => format!("{} ({})", w.strength, s.strength),
                    (None, 0) => w.strength.to_string(),
                    (None, c) => format!("{} (+{c} {})", w.strength, label(labels, "charging")),
                },
                notes: w.notes.get(lang).to_owned(),
            })
            .collect(),
        to_hit_shooting: rows(&db.core.to_hit_shooting, |row| {
            (row.bs.to_string(), format!("{}+", row.needs))
        }),
        beyond_six: [b.seven, b.eight, b.nine],
        to_hit_melee: skill
            .clone()
            .map(|ws| {
                skill
                    .clone()
                    .map(|other| format!("{}+", db.to_hit_melee(ws, other)))
                    .collect()
            })
            .collect(),
        to_wound: skill
            .clone()
            .map(|s| {
                skill
                    .clone()
                    .map(|t| {
                        db.to_wound(i64::from(s), i64::from(t))
                            .map(|n| format!("{n}+"))
                            .unwrap_or_else(|| "—".into())
                    })
                    .collect()
            })
            .collect(),
        save_modifiers: rows(skill.clone(), |s| {
            let worse = i64::from(s) - i64::from(db.core.save.free_strength);
            let value = if worse <= 0 {
                "0".into()
            } else {
                format!("-{}", worse * i64::from(db.core.save.per_point))
            };
            (s.to_string(), value)
        }),
        save_impossible: db.core.save.impossible_from,
        combat: r.combat.clone(),
        cover: r.cover.clone(),
        qualities: rows(&r.quality, |q| (q.name.get(lang), q.rules.get(lang))),
        batteries: db
            .artillery
            .battery
            .iter()
            .map(|t| BatteryRow {
                name: t.name.get(lang).to_owned(),
                crew: t.crew,
                roundshot: match (&t.roundshot, &t.howitzer) {
                    (Some(x), _) => format!(
                        "{}{} · 0–{}\" · +{} {}",
                        label(labels, "stat_s"),
                        x.strength,
                        x.estimate,
                        x.large_target_hits,
                        label(labels, "vs_large")
                    ),
                    (None, Some(h)) => format!(
                        "{} · {}{} · {}\" · {}",
                        label(labels, "template"),
                        label(labels, "stat_s"),
                        h.strength,
                        h.range,
                        label(labels, "centre_double")
                    ),
                    _ => "—".into(),
                },
                canister: t
                    .canister
                    .map(|c| {
                        format!(
                            "0–{}\" · {}{}",
                            c.estimate,
                            label(labels, "stat_s"),
                            c.strength
                        )
                    })
                    .unwrap_or_else(|| "—".into()),
                prolonge: t.prolonge,
                reorient: t.reorient.get(lang).to_owned(),
            })
            .collect(),
        piece_toughness: db.artillery.piece.toughness,
        limber: db.artillery.limber.clone(),
        caisson: db.artillery.caisson.clone(),
        misfire_faces: db
            .artillery
            .misfire
            .artillery_die
            .iter()
            .map(u32::to_string)
            .chain(std::iter::once(label(labels, "misfire")))
            .collect::<Vec<_>>()
            .join(", "),
        grand_battery: db.artillery.grand_battery.clone(),
        ammunition: db.artillery.ammunition.clone(),
        engineers: r.engineers.clone(),
        obstacles: rows(&r.engineers.obstacle, |o| {
            (o.name.get(lang), format!("{}+", o.target))
        }),
        buildings: rows(&r.building, |x| {
            // The profile's own letters: E and PV in French, T and W in English.
            let (t, w) = (label(labels, "stat_t"), label(labels, "stat_w"));
            let value = match x.toughness_open {
                Some(o) => format!(
                    "{t}{} ({} {o}) · {} {w}",
                    x.toughness,
                    label(labels, "with_openings"),
                    x.wounds
                ),
                None => format!("{t}{} · {} {w}", x.toughness, x.wounds),
            };
            (x.name.get(lang), value)
        }),
        victory: r.victory.clone(),
        bands: rows(&r.victory.band, |b| {
            (b.name.get(lang), format!("≥ {}", b.from))
        }),
        readings: r
            .reading
            .iter()
            .map(|x| ReadingRow {
                id: x.id.clone(),
                section: x.section.clone(),
                quote: x.quote.clone(),
                own: x.own,
                decision: x.decision.get(lang).to_owned(),
            })
            .collect(),
        house_rules: r
            .house_rule
            .iter()
            .map(|h| HouseRuleRow {
                id: h.id.clone(),
                section: h.section.clone(),
                quote: h.quote.clone(),
                name: h.name.get(lang).to_owned(),
                text: h.text.get(lang).to_owned(),
                reason: h.reason.get(lang).to_owned(),
            })
            .collect(),
        core_source: db.core.source.clone(),
        test_kinds: rows(&r.test_kind, |k| (k.name.get(lang), k.rule.get(lang))),
        smoke: Row2 {
            name: r.smoke.name.get(lang).to_owned(),
            value: r.smoke.rule.get(lang).to_owned(),
        },
        support: r.support.rule.get(lang).to_owned(),
        charge: r.charge.clone(),
        building_damage: rows(&r.building_damage, |d| (d.roll.clone(), d.effect.get(lang))),
        battery_hits: db.artillery.battery_hits.clone(),
        artillery_duel: db.artillery.duel.clone(),
        terrain: db.artillery.terrain.clone(),
        wall_modifiers: [
            signed(i64::from(db.artillery.terrain.wall_heavy)),
            signed(i64::from(db.artillery.terrain.wall_light)),
        ],
        captured: db.artillery.captured.clone(),
        flank: db.core.flank.clone(),
        specials: rows(db.specials.iter(), |s| {
            (
                format!("{} ({})", s.name.get(lang), s.section),
                s.rule.get(lang),
            )
        }),
    }
}

// ── the roster ──────────────────────────────────────────────────────────────────────────────

#[derive(Debug, Clone, Serialize)]
pub struct RosterUnit {
    pub number: usize,
    pub label: String,
    pub entry: String,
    pub kind: String,
    pub figures: Option<i64>,
    pub cost: u64,
    pub options: String,
    pub card: Option<CardView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RosterView {
    #[serde(flatten)]
    pub head: crate::rulesets::RosterHead,
    pub army: String,
    pub units: Vec<RosterUnit>,
    /// Batteries allowed for the points, and the army's grand-battery right.
    pub batteries: String,
    /// The house rules the list is played with, each "name (id): text"; none by the book.
    pub house_rules: Vec<String>,
    pub source: String,
}

pub fn roster(db: &Database, list: &super::list::ListFile, of: RosterOf) -> RosterView {
    let (checked, lang, labels) = (of.checked, of.lang, of.labels);
    let army = db.army(&list.list.army);
    let units = checked
        .units
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let entry = db
                .entry(&row.id)
                .filter(|e| Some(e.army.as_str()) == army.map(|a| a.header.id.as_str()));
            let card = entry.map(|e| {
                card(
                    db,
                    &CardUnit {
                        entry: e,
                        number: Some(i + 1),
                        label: Some(&row.label),
                        bought: list.units.get(i),
                        figures: row.figures,
                        cost: Some(row.cost),
                        elite_infantry_rerolls: list
                            .list
                            .house_rules
                            .iter()
                            .any(|h| h == HOUSE_ELITE_INFANTRY),
                    },
                    lang,
                    labels,
                )
            });
            RosterUnit {
                number: i + 1,
                label: row.label.clone(),
                entry: row.id.clone(),
                kind: entry
                    .map(|e| label(labels, &format!("kind_{}", e.kind)))
                    .unwrap_or_else(|| "?".into()),
                figures: row.figures,
                cost: row.cost,
                options: card
                    .as_ref()
                    .map(|c| c.options.join(", "))
                    .unwrap_or_default(),
                card,
            }
        })
        .collect();
    let batteries = army
        .map(|a| {
            let n = db
                .battery_allowance(a, checked.limit)
                .map_or(0, |b| b.batteries);
            let (sep, semi) = (label(labels, "sep"), label(labels, "semi"));
            format!(
                "{}{sep}{n}{semi}{}{sep}{}",
                label(labels, "batteries_allowed"),
                label(labels, "grand_battery"),
                if a.header.artillery.grand_battery {
                    format!(
                        "{} {} {}",
                        label(labels, "allowed_from"),
                        db.artillery.grand_battery.min_points,
                        label(labels, "points")
                    )
                } else {
                    label(labels, "not_allowed")
                }
            )
        })
        .unwrap_or_default();
    RosterView {
        head: of.head(),
        army: army
            .map(|a| a.header.name.get(lang).to_owned())
            .unwrap_or_else(|| list.list.army.clone()),
        units,
        batteries,
        house_rules: list
            .list
            .house_rules
            .iter()
            .filter_map(|id| db.house_rule(id))
            .map(|h| {
                format!(
                    "{} ({}){}{}",
                    h.name.get(lang),
                    h.id,
                    label(labels, "sep"),
                    h.text.get(lang)
                )
            })
            .collect(),
        source: army
            .map(|a| label(labels, &format!("source_{}", a.header.source)))
            .unwrap_or_default(),
    }
}

/// Every field of an entry, as `muster sheets show` prints it.
pub fn describe(db: &Database, e: &Entry) -> String {
    let p = &e.profile;
    let mut lines = vec![
        format!("id           {}", e.id),
        format!("name         {} / {} / {}", e.name.fr, e.name.es, e.name.en),
        format!(
            "army         {}",
            db.army(&e.army)
                .map(|a| format!("{} ({})", a.header.id, a.header.source))
                .unwrap_or_else(|| e.army.clone())
        ),
        format!(
            "kind         {}{}",
            e.kind,
            e.class.map(|c| format!(", {c}")).unwrap_or_default()
        ),
        format!("quality      {}", e.quality),
        format!(
            "profile      M {} WS {} BS {} S {} T {} W {} I {} A {} Ld {} Sv {}",
            p.m,
            p.ws,
            p.bs,
            p.s,
            p.t,
            p.w,
            p.i,
            p.a,
            p.ld,
            p.sv.map(|s| format!("{s}+")).unwrap_or_else(|| "-".into())
        ),
        format!(
            "weapon       {}{}",
            e.weapon,
            e.firearm
                .as_ref()
                .map(|f| format!(", fires with {f}"))
                .unwrap_or_default()
        ),
        format!("figures      {} to {}", e.figures.min, e.figures.max),
    ];
    match e.kind {
        Kind::Battery => {
            lines.push(format!(
                "battery      {}{}, {} to {} guns at {} pts, gunners at {} pts",
                e.battery.as_deref().unwrap_or("-"),
                if e.horse { " (horse)" } else { "" },
                e.guns.map_or(1, |g| g.min),
                e.guns.map_or(1, |g| g.max),
                e.gun_cost.unwrap_or(0),
                e.cost
            ));
        }
        Kind::General => lines.push(format!(
            "general      {}{}, {} pts",
            e.role.map(|r| r.as_str()).unwrap_or("-"),
            e.rank.map(|r| format!(" ({r})")).unwrap_or_default(),
            e.cost
        )),
        _ => lines.push(format!("cost         {} pts a figure", e.cost)),
    }
    if !e.options.is_empty() {
        let opts: Vec<&str> = e.options.iter().map(|o| o.as_str()).collect();
        lines.push(format!(
            "options      {}{}",
            opts.join(", "),
            e.max_elite
                .map(|m| format!(" (at most {m} elite)"))
                .unwrap_or_default()
        ));
    }
    if !e.formations.is_empty() {
        lines.push(format!("formations   {}", e.formations.join(", ")));
    }
    if !e.special.is_empty() {
        lines.push(format!("special      {}", e.special.join(", ")));
    }
    if let Some(m) = e.max_units {
        lines.push(format!("max units    {m}"));
    }
    lines.join("\n") + "\n"
}
