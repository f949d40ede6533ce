//! Fire (§7.5–7.6, §2.4, §5.3): shots hit on fire die + modifiers ≥ the range's difficulty;
//! each impact is dodged with the target's highest die + cover ≥ 5; a failed dodge removes a
//! figure; a troop unit left with 2 figures tests its courage or routs.

pub mod declared;
pub mod request;
pub mod text;

use super::request::skill_named;
use super::{CourageTest, Distribution, Unit};
use crate::core::dice;
use crate::core::error::Stop;
use crate::core::words::{Named, Phrase};
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{Arm, CoverLevel, DodgeReroll, Quality, Range, Specialist};

/// Everything the fire procedure needs, as numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct FireSetup {
    pub shots: u32,
    pub die: u32,
    pub difficulty: i32,
    pub modifier: i32,
    /// Shots fired at another modifier (Rifle Nock, §11: 4 shots at -1 for one figure):
    /// (count, modifier). They are part of the volley besides `shots`.
    pub extra: Option<(u32, i32)>,
    /// Escort (§1.3): re-roll missed to-hit dice.
    pub reroll_misses: bool,
    pub target_figures: u32,
    pub dodge_die: u32,
    /// Cover (§7.6) and other dodge modifiers.
    pub dodge_modifier: i32,
    pub dodge_target: i32,
    pub dodge_reroll: Option<DodgeReroll>,
    pub courage_test: Option<CourageTest>,
}

/// What a volley does.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FireOutcome {
    pub p_hit: f64,
    pub p_dodge: f64,
    pub p_casualty_per_shot: f64,
    pub casualties: Distribution,
    pub p_reduced: f64,
    pub p_rout: f64,
    pub p_destroyed: f64,
}

/// The dodge chance with its re-roll (§11: Durs à tuer re-roll at -1, Combat à mort re-roll).
pub fn dodge_chance(die: u32, modifier: i32, target: i32, reroll: Option<DodgeReroll>) -> f64 {
    let q = dice::p_at_least(die, modifier, target);
    match reroll {
        None => q,
        Some(DodgeReroll::HardToKill) => {
            dice::with_reroll(q, dice::p_at_least(die, modifier - 1, target))
        }
        Some(DodgeReroll::ToTheDeath) => dice::with_reroll(q, q),
    }
}

pub fn resolve(s: &FireSetup) -> FireOutcome {
    let to_hit = |modifier: i32| {
        let hit = dice::p_at_least(s.die, modifier, s.difficulty);
        if s.reroll_misses {
            dice::with_reroll(hit, hit)
        } else {
            hit
        }
    };
    let p_hit = to_hit(s.modifier);
    let p_dodge = dodge_chance(
        s.dodge_die,
        s.dodge_modifier,
        s.dodge_target,
        s.dodge_reroll,
    );
    let p_cas = p_hit * (1.0 - p_dodge);
    let n = s.target_figures as usize;
    let mut raw = dice::binomial(s.shots as usize, p_cas);
    if let Some((count, modifier)) = s.extra {
        let p_extra = to_hit(modifier) * (1.0 - p_dodge);
        raw = dice::convolve(&raw, &dice::binomial(count as usize, p_extra));
    }
    let casualties = dice::cap(&raw, n);
    let (mut p_reduced, mut p_rout) = (0.0, 0.0);
    if let Some(test) = &s.courage_test {
        let fail = 1.0 - test.p_pass();
        for (k, p) in casualties.iter().enumerate() {
            if test.triggered(s.target_figures, s.target_figures - k as u32) {
                p_reduced += p;
                p_rout += p * fail;
            }
        }
    }
    FireOutcome {
        p_hit,
        p_dodge,
        p_casualty_per_shot: p_cas,
        p_destroyed: casualties[n],
        casualties: Distribution::new(casualties),
        p_reduced,
        p_rout,
    }
}

/// The situation of a volley (§7.6 modifiers the player knows).
#[derive(Debug, Clone, Default)]
pub struct Situation {
    pub range: Option<Range>,
    pub cover: Option<CoverLevel>,
    /// Did not move nor change target since its last activation: +1.
    pub precision: bool,
    /// Regrouped this activation: -1.
    pub unprepared: bool,
    /// Mounted shooter moved or will move: -1.
    pub moved: bool,
    /// Fires from hidden movement (§7.4): +2.
    pub hidden: bool,
    /// Elite fire twice without moving (§3.1).
    pub fire_twice: bool,
}

/// "target in light cover: +1 to the dodge": the cover by its name in the language.
pub(crate) fn cover_note(cover: CoverLevel, dodge: i32) -> Phrase {
    Phrase::new(
        "note-cover",
        "target in {cover} cover: {dodge} to the dodge (Capitán §7.6)",
    )
    .label("cover", format!("choice_cover_{cover}"), cover.to_string())
    .text("dodge", format!("{dodge:+}"))
}

/// A fire setup from two units and the situation; `notes` say which rule gave what.
pub fn from_units(
    db: &Database,
    shooter: &Unit,
    target: &Unit,
    situation: &Situation,
) -> Result<(FireSetup, Vec<Phrase>), Stop> {
    let rules = &db.rules;
    let (s, t) = (shooter.sheet, target.sheet);
    let mut notes = Vec::new();
    let range = situation.range.ok_or("give --range short|medium|long")?;
    if s.arm == Arm::Cavalry
        && s.kind != crate::rulesets::capitan::model::Kind::Artillery
        && range == Range::Long
    {
        return Err(Stop::cannot(
            format!(
                "`{}` is mounted: mounted troops fire at most at medium range (Capitán §7.2)",
                s.id
            ),
            Phrase::new(
                "cannot-mounted-long-range",
                "{unit} is mounted: mounted troops fire at most at medium range (Capitán §7.2)",
            )
            .text("unit", s.name.clone()),
        ));
    }
    let skill = |id: &str| shooter.uses(id).then(|| db.skill(id)).flatten();
    let mut effective = range;
    if let Some(k) = skill("bon-oeil") {
        for _ in 0..k.effects.range_shift {
            effective = match effective {
                Range::Long => Range::Medium,
                _ => Range::Short,
            };
        }
        if effective != range {
            notes.push(
                Phrase::new(
                    "note-range-counts-as",
                    "{skill}: {range} range counts as {effective} (Capitán §11)",
                )
                .name("skill", skill_named(k))
                .label("range", format!("choice_range_{range}"), range.to_string())
                .label(
                    "effective",
                    format!("choice_range_{effective}"),
                    effective.to_string(),
                ),
            );
        }
    }
    let difficulty = rules.fire.difficulty.get(effective) as i32;
    notes.push(
        Phrase::new(
            "note-difficulty",
            "difficulty {difficulty} at {range} range (Capitán §7.6)",
        )
        .count("difficulty", difficulty)
        .label(
            "range",
            format!("choice_range_{effective}"),
            effective.to_string(),
        ),
    );
    let mut modifier = 0;
    let mut add = |value: i32, why: Phrase| {
        modifier += value;
        notes.push(
            Phrase::new("note-modifier", "{value} {why}")
                .text("value", format!("{value:+}"))
                .phrase("why", why),
        );
    };
    let table = |id: &str| rules.fire_modifier(id).map(|m| m.value).unwrap_or(0);
    if situation.precision {
        add(
            table("precision"),
            Phrase::new("note-aimed-fire", "aimed fire (Capitán §7.6)"),
        );
    }
    if t.arm == Arm::Cavalry && t.kind != crate::rulesets::capitan::model::Kind::Artillery {
        add(
            table("target-cavalry"),
            Phrase::new("note-target-cavalry", "target is cavalry (Capitán §7.6)"),
        );
    }
    if situation.unprepared {
        add(
            table("unprepared"),
            Phrase::new("note-unprepared", "unprepared fire (Capitán §7.6)"),
        );
    }
    if situation.moved && s.arm == Arm::Cavalry {
        add(
            table("mounted-moved"),
            Phrase::new("note-mounted-moved", "mounted shooter moved (Capitán §7.6)"),
        );
    }
    if situation.hidden {
        add(
            table("hidden"),
            Phrase::new("note-hidden", "hidden unit (Capitán §7.4)"),
        );
    }
    for id in &shooter.skills {
        let Some(k) = db.skill(id) else { continue };
        let e = &k.effects;
        let vs = if t.arm == Arm::Cavalry {
            e.fire_modifier_vs_cavalry
        } else {
            e.fire_modifier_vs_infantry
        };
        if vs != 0 {
            let why = if t.arm == Arm::Cavalry {
                Phrase::new(
                    "note-skill-vs-cavalry",
                    "{skill} against cavalry (Capitán §11)",
                )
            } else {
                Phrase::new(
                    "note-skill-vs-infantry",
                    "{skill} against infantry (Capitán §11)",
                )
            };
            add(vs, why.name("skill", skill_named(k)));
        }
        if e.fire_modifier != 0 {
            add(
                e.fire_modifier,
                Phrase::new("note-skill", "{skill} (Capitán §11)").name("skill", skill_named(k)),
            );
        }
        if e.fire_modifier_pistol != 0 && db.weapon_of(s).is_some_and(|w| w.pistol) {
            add(
                e.fire_modifier_pistol,
                Phrase::new("note-skill-pistols", "{skill} with pistols (Capitán §11)")
                    .name("skill", skill_named(k)),
            );
        }
    }
    let mut shots = shooter.figures;
    if situation.fire_twice {
        if s.quality != Quality::Elite {
            return Err(Stop::cannot(
                format!(
                    "only elite units fire twice without moving (Capitán §3.1); `{}` is {}",
                    s.id, s.quality
                ),
                Phrase::new(
                    "cannot-fire-twice",
                    "only elite units fire twice without moving (Capitán §3.1); {unit}: {quality}",
                )
                .text("unit", s.name.clone())
                .label(
                    "quality",
                    format!("quality_{}", s.quality),
                    s.quality.to_string(),
                ),
            ));
        }
        shots *= 2;
        notes.push(Phrase::new(
            "note-fire-twice",
            "elite: two volleys without moving (Capitán §3.1)",
        ));
    }
    let mut extra = None;
    if let Some(k) = skill("rifle-nock") {
        // One figure fires the volley gun: its shot becomes 4 rifle shots at -1 (§11).
        let volleys = if situation.fire_twice { 2 } else { 1 };
        shots = shots.saturating_sub(volleys);
        extra = Some((
            k.effects.volley_gun_shots * volleys,
            modifier + k.effects.volley_gun_modifier,
        ));
        notes.push(
            Phrase::new(
                "note-volley-gun",
                "{skill}: one figure fires {shots} shots at {modifier} (Capitán §11)",
            )
            .name("skill", skill_named(k))
            .count("shots", k.effects.volley_gun_shots)
            .text("modifier", format!("{:+}", k.effects.volley_gun_modifier)),
        );
    }
    let reroll_misses = s.specialists.contains(&Specialist::Escort);
    if reroll_misses {
        notes.push(Phrase::new(
            "note-escort",
            "escort: re-roll missed to-hit dice (Capitán §1.3)",
        ));
    }
    let cover = situation.cover.and_then(|c| rules.cover(c));
    let mut dodge_modifier = cover.map(|c| c.dodge).unwrap_or(0);
    if let Some(c) = cover {
        notes.push(cover_note(c.id, c.dodge));
    }
    if s.blunderbusses {
        dodge_modifier -= 1;
        notes.push(Phrase::new(
            "note-blunderbusses",
            "blunderbusses: -1 to the target's dodge (Capitán §1.4)",
        ));
    }
    let rerolled = target
        .skills
        .iter()
        .filter_map(|id| {
            db.skill(id)
                .and_then(|k| k.effects.dodge_reroll.map(|r| (r, k)))
        })
        .max_by_key(|(r, _)| matches!(r, DodgeReroll::ToTheDeath));
    let dodge_reroll = rerolled.map(|(r, _)| r);
    if let Some((r, k)) = rerolled {
        // English names the re-roll as the rules do; the other languages by its skill.
        let skill = skill_named(k);
        notes.push(
            Phrase::new(
                "note-dodge-reroll",
                "target re-rolls failed dodges ({why}, Capitán §11)",
            )
            .name("why", Named::new(r.to_string(), skill.fr, skill.es)),
        );
    }
    Ok((
        FireSetup {
            shots,
            die: s.fire_die.faces(),
            difficulty,
            modifier,
            extra,
            reroll_misses,
            target_figures: target.figures,
            dodge_die: t.dodge_die().faces(),
            dodge_modifier,
            dodge_target: rules.dodge.target as i32,
            dodge_reroll,
            courage_test: CourageTest::of(db, t),
        },
        notes,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> FireSetup {
        FireSetup {
            shots: 12,
            die: 12,
            difficulty: 7,
            modifier: 0,
            extra: None,
            reroll_misses: false,
            target_figures: 12,
            dodge_die: 10,
            dodge_modifier: 1,
            dodge_target: 5,
            dodge_reroll: None,
            courage_test: None,
        }
    }

    #[test]
    fn twelve_d12_at_medium_against_d10_in_light_cover_is_binomial() {
        let out = resolve(&setup());
        assert!((out.p_casualty_per_shot - 0.15).abs() < 1e-15);
        let p = &out.casualties.p;
        assert!((p[0] - 0.142241757136).abs() < 1e-12);
        assert!((p[1] - 0.301217838641).abs() < 1e-12);
        assert!((p[2] - 0.292358490446).abs() < 1e-12);
        assert!((out.casualties.mean - 1.8).abs() < 1e-12);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn casualties_are_capped_at_the_target_figures() {
        let out = resolve(&FireSetup {
            shots: 20,
            target_figures: 3,
            dodge_modifier: -10,
            modifier: 10,
            ..setup()
        });
        assert_eq!(out.casualties.p.len(), 4);
        assert!((out.p_destroyed - 1.0).abs() < 1e-12);
    }

    #[test]
    fn rerolls() {
        // Escort: 1 − (1/2)² = 3/4 to hit.
        let out = resolve(&FireSetup {
            reroll_misses: true,
            ..setup()
        });
        assert!((out.p_hit - 0.75).abs() < 1e-15);
        // Durs à tuer: 0.7 + 0.3 × 0.6; Combat à mort: 0.7 + 0.3 × 0.7.
        assert!((dodge_chance(10, 1, 5, Some(DodgeReroll::HardToKill)) - 0.88).abs() < 1e-12);
        assert!((dodge_chance(10, 1, 5, Some(DodgeReroll::ToTheDeath)) - 0.91).abs() < 1e-12);
    }

    #[test]
    fn reduced_units_test_courage() {
        let test = CourageTest {
            threshold: 2,
            die: 10,
            modifier: 0,
            courage: 7,
        };
        let out = resolve(&FireSetup {
            target_figures: 4,
            courage_test: Some(test),
            ..setup()
        });
        let p = &out.casualties.p;
        // Reduced when 2 or 3 figures fall (4 → 2 or 1); fails courage 7 on a d10 with 6/10.
        assert!((out.p_reduced - (p[2] + p[3])).abs() < 1e-15);
        assert!((out.p_rout - (p[2] + p[3]) * 0.6).abs() < 1e-15);
    }
}
