//! Melee (§8.9–8.12, §5.3): every figure attacks (cavalry against infantry twice); attacks pair
//! up and both roll their combat die + factors, the higher inflicts an impact, a tie one on
//! each; unmatched attacks are direct impacts; impacts are dodged as for fire. After
//! casualties a 3:1 ratio destroys the weaker unit (§8.11) and reduced units test courage
//! (§5.3), always: also the unit that destroyed its enemy in that round (reading
//! `reduced-unit-always` of rules.toml). The melee goes on until one side is destroyed or routs (§8.9): an absorbing Markov
//! chain over the two figure counts, solved exactly.

pub mod declared;
pub mod request;
pub mod text;

use std::collections::BTreeMap;

use super::fire::dodge_chance;
use super::request::skill_named;
use super::{CourageTest, Distribution, Unit};
use crate::core::dice;
use crate::core::words::Phrase;
use crate::rulesets::capitan::database::Database;
use crate::rulesets::capitan::model::{Arm, CoverLevel, DodgeReroll, Kind, UnitTrait};

/// One side of a melee, as numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct Side {
    pub figures: u32,
    pub attacks_per_figure: u32,
    pub die: u32,
    /// Combat factors of every round.
    pub modifier: i32,
    /// Factors of the first round only (charge, lances, …; §8.12 *).
    pub first_round_modifier: i32,
    pub dodge_die: u32,
    pub dodge_modifier: i32,
    pub dodge_reroll: Option<DodgeReroll>,
    /// Tercio viejo: on a tie only the enemy takes the impact.
    pub wins_ties: bool,
    /// Maître d'escrime: the impacts it inflicts cannot be dodged.
    pub ignore_dodge: bool,
    pub courage_test: Option<CourageTest>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MeleeSetup {
    pub a: Side,
    pub b: Side,
    pub dodge_target: i32,
    pub destruction_ratio: u32,
}

/// The joint casualties of one round from `a` vs `b` figures: `joint[ca][cb]`.
pub fn round(setup: &MeleeSetup, a: u32, b: u32, first: bool) -> Vec<Vec<f64>> {
    let (sa, sb) = (&setup.a, &setup.b);
    let na = (a * sa.attacks_per_figure) as usize;
    let nb = (b * sb.attacks_per_figure) as usize;
    let pairs = na.min(nb);
    let (direct_to_b, direct_to_a) = (na - pairs, nb - pairs);
    let bonus = |s: &Side| s.modifier + if first { s.first_round_modifier } else { 0 };
    let mut o = dice::opposed(sa.die, bonus(sa), sb.die, bonus(sb));
    match (sa.wins_ties, sb.wins_ties) {
        (true, false) => (o.first, o.tie) = (o.first + o.tie, 0.0),
        (false, true) => (o.second, o.tie) = (o.second + o.tie, 0.0),
        _ => {}
    }
    // P(impacts on A, impacts on B): A takes at most B's attacks, and B at most A's.
    let mut impacts = vec![vec![0.0; na + 1]; nb + 1];
    for (wa, row) in dice::multinomial(pairs, o).iter().enumerate() {
        for (wb, p) in row.iter().enumerate().take(pairs - wa + 1) {
            if *p == 0.0 {
                continue;
            }
            let ties = pairs - wa - wb;
            impacts[wb + ties + direct_to_a][wa + ties + direct_to_b] += p;
        }
    }
    let fail = |defender: &Side, attacker: &Side| {
        if attacker.ignore_dodge {
            1.0
        } else {
            1.0 - dodge_chance(
                defender.dodge_die,
                defender.dodge_modifier,
                setup.dodge_target,
                defender.dodge_reroll,
            )
        }
    };
    let (fa, fb) = (fail(sa, sb), fail(sb, sa));
    // Casualty tables: cas_x[i][c] = P(c casualties | i impacts), capped at the figures.
    let cas_a: Vec<Vec<f64>> = (0..=nb)
        .map(|i| dice::cap(&dice::binomial(i, fa), a as usize))
        .collect();
    let cas_b: Vec<Vec<f64>> = (0..=na)
        .map(|i| dice::cap(&dice::binomial(i, fb), b as usize))
        .collect();
    // joint[ca][cb] = Σ_ia Σ_ib P(ia, ib) cas_a[ia][ca] cas_b[ib][cb], as two matrix products.
    let mut inner = vec![vec![0.0; b as usize + 1]; nb + 1]; // [ia][cb]
    for (ia, row) in impacts.iter().enumerate() {
        for (ib, &p) in row.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            for (cb, q) in cas_b[ib].iter().enumerate() {
                inner[ia][cb] += p * q;
            }
        }
    }
    let mut joint = vec![vec![0.0; b as usize + 1]; a as usize + 1];
    for (ia, row) in inner.iter().enumerate() {
        for (ca, pa) in cas_a[ia].iter().enumerate() {
            if *pa == 0.0 {
                continue;
            }
            for (cb, p) in row.iter().enumerate() {
                joint[ca][cb] += pa * p;
            }
        }
    }
    joint
}

/// How a melee ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum End {
    ADestroyed,
    ARouted,
    BDestroyed,
    BRouted,
    BothDestroyed,
    BothRouted,
    /// A destroyed B, then failed its own test as a reduced unit (§5.3) and routed.
    BDestroyedARouted,
    /// B destroyed A, then routed.
    ADestroyedBRouted,
}

/// Where one round from (a, b) leads, with probabilities: absorbed, or still engaged at (a', b').
#[derive(Debug, Clone, Default)]
struct Step {
    ends: Vec<(End, f64, u32, u32)>,
    next: Vec<((u32, u32), f64)>,
}

fn step(setup: &MeleeSetup, a: u32, b: u32, first: bool) -> Step {
    let joint = round(setup, a, b, first);
    let ratio = setup.destruction_ratio.max(1);
    let mut out = Step::default();
    let mut next: BTreeMap<(u32, u32), f64> = BTreeMap::new();
    for (ca, row) in joint.iter().enumerate() {
        for (cb, &p) in row.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let (a2, b2) = (a - ca as u32, b - cb as u32);
            // §8.11: after the round, a 3:1 ratio destroys the weaker unit.
            let a_gone = a2 == 0 || b2 >= ratio * a2;
            let b_gone = b2 == 0 || a2 >= ratio * b2;
            if a_gone && b_gone {
                out.ends.push((End::BothDestroyed, p, 0, 0));
                continue;
            }
            // §5.3: units brought down to 2 figures test their courage: « L'unité réduite doit
            // réaliser automatiquement un test de courage », even the one that has just
            // destroyed its enemy (reading reduced-unit-always).
            let pass = |t: &Option<CourageTest>, before: u32, after: u32| match t {
                Some(t) if t.triggered(before, after) => t.p_pass(),
                _ => 1.0,
            };
            let (pa, pb) = (
                pass(&setup.a.courage_test, a, a2),
                pass(&setup.b.courage_test, b, b2),
            );
            if b_gone {
                out.ends.push((End::BDestroyed, p * pa, a2, 0));
                if pa < 1.0 {
                    out.ends
                        .push((End::BDestroyedARouted, p * (1.0 - pa), a2, 0));
                }
                continue;
            }
            if a_gone {
                out.ends.push((End::ADestroyed, p * pb, 0, b2));
                if pb < 1.0 {
                    out.ends
                        .push((End::ADestroyedBRouted, p * (1.0 - pb), 0, b2));
                }
                continue;
            }
            let both = p * (1.0 - pa) * (1.0 - pb);
            if both > 0.0 {
                out.ends.push((End::BothRouted, both, a2, b2));
            }
            if (1.0 - pa) * pb > 0.0 {
                out.ends.push((End::ARouted, p * (1.0 - pa) * pb, a2, b2));
            }
            if pa * (1.0 - pb) > 0.0 {
                out.ends.push((End::BRouted, p * pa * (1.0 - pb), a2, b2));
            }
            *next.entry((a2, b2)).or_default() += p * pa * pb;
        }
    }
    out.next = next.into_iter().collect();
    out
}

/// The result of a melee over some rounds, or to its end.
#[derive(Debug, Clone, serde::Serialize)]
pub struct MeleeOutcome {
    pub p_a_wins: f64,
    pub p_b_wins: f64,
    /// Both out of the melee: both destroyed, both routed, or one destroyed and the other
    /// routed by its own test as a reduced unit (§5.3, reading reduced-unit-always).
    pub p_both_out: f64,
    pub p_still_engaged: f64,
    pub p_a_destroyed: f64,
    pub p_b_destroyed: f64,
    pub p_a_routed: f64,
    pub p_b_routed: f64,
    pub expected_rounds: f64,
    /// Figures of A left at the end (destroyed: 0), and of B.
    pub a_survivors: Distribution,
    pub b_survivors: Distribution,
}

#[derive(Default)]
struct Tally {
    ends: BTreeMap<End, f64>,
    engaged: f64,
    rounds: f64,
    a_left: Vec<f64>,
    b_left: Vec<f64>,
}

impl Tally {
    fn new(a: u32, b: u32) -> Self {
        Self {
            a_left: vec![0.0; a as usize + 1],
            b_left: vec![0.0; b as usize + 1],
            ..Self::default()
        }
    }

    fn end(&mut self, end: End, p: f64, a: u32, b: u32) {
        *self.ends.entry(end).or_default() += p;
        let (a, b) = match end {
            End::ADestroyed | End::ADestroyedBRouted => (0, b),
            End::BDestroyed | End::BDestroyedARouted => (a, 0),
            End::BothDestroyed => (0, 0),
            _ => (a, b),
        };
        self.a_left[a as usize] += p;
        self.b_left[b as usize] += p;
    }

    fn outcome(self) -> MeleeOutcome {
        let e = |k: End| self.ends.get(&k).copied().unwrap_or(0.0);
        MeleeOutcome {
            p_a_wins: e(End::BDestroyed) + e(End::BRouted),
            p_b_wins: e(End::ADestroyed) + e(End::ARouted),
            p_both_out: e(End::BothDestroyed)
                + e(End::BothRouted)
                + e(End::BDestroyedARouted)
                + e(End::ADestroyedBRouted),
            p_still_engaged: self.engaged,
            p_a_destroyed: e(End::ADestroyed) + e(End::BothDestroyed) + e(End::ADestroyedBRouted),
            p_b_destroyed: e(End::BDestroyed) + e(End::BothDestroyed) + e(End::BDestroyedARouted),
            p_a_routed: e(End::ARouted) + e(End::BothRouted) + e(End::BDestroyedARouted),
            p_b_routed: e(End::BRouted) + e(End::BothRouted) + e(End::ADestroyedBRouted),
            expected_rounds: self.rounds,
            a_survivors: Distribution::new(self.a_left),
            b_survivors: Distribution::new(self.b_left),
        }
    }
}

/// Plays `rounds` rounds forward (the first with its first-round factors).
pub fn rounds(setup: &MeleeSetup, rounds: u32) -> MeleeOutcome {
    let (a0, b0) = (setup.a.figures, setup.b.figures);
    let mut tally = Tally::new(a0, b0);
    let mut states: BTreeMap<(u32, u32), f64> = BTreeMap::from([((a0, b0), 1.0)]);
    let mut cache: BTreeMap<(u32, u32), Step> = BTreeMap::new();
    for r in 0..rounds {
        // Settled: every melee has ended, or what is left engaged can no longer show in any
        // printed digit (below 1e-15), so further rounds change nothing.
        if states.values().sum::<f64>() < 1e-15 {
            break;
        }
        let mut next: BTreeMap<(u32, u32), f64> = BTreeMap::new();
        for ((a, b), m) in states {
            tally.rounds += m;
            let first;
            let s = if r == 0 {
                first = step(setup, a, b, true);
                &first
            } else {
                cache
                    .entry((a, b))
                    .or_insert_with(|| step(setup, a, b, false))
            };
            for &(end, p, a2, b2) in &s.ends {
                tally.end(end, m * p, a2, b2);
            }
            for &(state, p) in &s.next {
                *next.entry(state).or_default() += m * p;
            }
        }
        states = next;
    }
    for ((a, b), m) in states {
        tally.engaged += m;
        tally.a_left[a as usize] += m;
        tally.b_left[b as usize] += m;
    }
    tally.outcome()
}

/// Plays the melee to its end, exactly: after the first round, figures only go down, so the
/// states are visited in decreasing order of a + b; rounds without casualties repeat, which
/// is a geometric self-loop (time spent 1 / (1 − p_self)).
pub fn to_the_end(setup: &MeleeSetup) -> MeleeOutcome {
    let (a0, b0) = (setup.a.figures, setup.b.figures);
    let mut tally = Tally::new(a0, b0);
    let mut mass = vec![vec![0.0; b0 as usize + 1]; a0 as usize + 1];
    tally.rounds = 1.0;
    let first = step(setup, a0, b0, true);
    for (end, p, a2, b2) in first.ends {
        tally.end(end, p, a2, b2);
    }
    for ((a, b), p) in first.next {
        mass[a as usize][b as usize] += p;
    }
    for total in (2..=a0 + b0).rev() {
        for a in 1..=a0.min(total - 1) {
            let b = total - a;
            if b > b0 {
                continue;
            }
            let m = mass[a as usize][b as usize];
            if m == 0.0 {
                continue;
            }
            let s = step(setup, a, b, false);
            let stay: f64 = s
                .next
                .iter()
                .filter(|(st, _)| *st == (a, b))
                .map(|(_, p)| p)
                .sum();
            if 1.0 - stay < 1e-15 {
                // Nobody can ever be hurt: the melee never ends.
                tally.engaged += m;
                tally.a_left[a as usize] += m;
                tally.b_left[b as usize] += m;
                continue;
            }
            let scale = m / (1.0 - stay);
            tally.rounds += scale;
            for (end, p, a2, b2) in s.ends {
                tally.end(end, scale * p, a2, b2);
            }
            for ((a2, b2), p) in s.next {
                if (a2, b2) != (a, b) {
                    mass[a2 as usize][b2 as usize] += scale * p;
                }
            }
        }
    }
    tally.outcome()
}

/// What the player tells about the situation of each side.
#[derive(Debug, Clone, Default)]
pub struct Stance {
    pub charging: bool,
    pub led_by_command: bool,
    pub cover: Option<CoverLevel>,
    pub standard_bearer: bool,
    pub higher: bool,
    pub in_woods: bool,
    /// The side holds a captured flag (§8.7): +2 combat.
    pub captured_flag: bool,
}

/// A side from its unit and stance, against `enemy`; `notes` name every factor, each line
/// led by `name` (the side's letter, as the preview's heading names the units).
pub fn side_from_unit(
    db: &Database,
    unit: &Unit,
    stance: &Stance,
    enemy: &Unit,
    name: &str,
    notes: &mut Vec<Phrase>,
) -> Side {
    let rules = &db.rules;
    let s = unit.sheet;
    let factor = |id: &str| rules.melee_factor(id).map(|f| f.value).unwrap_or(0);
    let mut modifier = 0;
    let mut first = 0;
    let mut add = |value: i32, first_only: bool, why: Phrase| {
        if value == 0 {
            return;
        }
        if first_only {
            first += value;
        } else {
            modifier += value;
        }
        let note = if first_only {
            Phrase::new(
                "note-side-first-round",
                "{name}: {value} {why} (first round)",
            )
        } else {
            Phrase::new("note-side", "{name}: {value} {why}")
        };
        notes.push(
            note.text("name", name)
                .text("value", format!("{value:+}"))
                .phrase("why", why),
        );
    };
    let rule = |key: &'static str, en: &'static str| Phrase::new(key, en);
    let mounted = s.arm == Arm::Cavalry && s.kind != Kind::Artillery;
    let enemy_mounted = enemy.sheet.arm == Arm::Cavalry && enemy.sheet.kind != Kind::Artillery;
    if let Some(q) = rules.quality(s.quality) {
        add(
            q.combat,
            false,
            Phrase::new("note-quality", "{quality} (Capitán §8.12)").label(
                "quality",
                format!("quality_{}", q.id),
                q.id.to_string(),
            ),
        );
    }
    if stance.charging {
        add(
            factor("charge"),
            true,
            rule("note-charging", "charging (Capitán §8.12)"),
        );
        if !mounted && enemy_mounted {
            add(
                factor("infantry-charging-cavalry"),
                true,
                rule(
                    "note-infantry-charging-cavalry",
                    "infantry charging cavalry (Capitán §8.12)",
                ),
            );
        }
    }
    if stance.led_by_command {
        add(
            factor("led-by-command"),
            true,
            rule(
                "note-led-by-command",
                "charge led by a command unit (Capitán §8.12)",
            ),
        );
    }
    let lance = db.has_trait(s, UnitTrait::Lance)
        || unit
            .skills
            .iter()
            .any(|k| db.skill(k).is_some_and(|k| k.effects.lance));
    if lance && mounted {
        let id = if enemy_mounted {
            "lance-vs-cavalry"
        } else {
            "lance-vs-infantry"
        };
        add(
            factor(id),
            true,
            rule("note-lances", "lances (Capitán §8.12)"),
        );
    }
    if db.has_trait(s, UnitTrait::Cuirassier) {
        add(
            factor("cuirassiers"),
            false,
            rule("note-cuirassiers", "cuirassiers (Capitán §8.12)"),
        );
    }
    if stance.higher {
        add(
            factor("higher-ground"),
            false,
            rule("note-higher", "higher than the enemy (Capitán §8.12)"),
        );
    }
    if stance.in_woods && mounted {
        add(
            factor("cavalry-in-woods"),
            false,
            rule("note-cavalry-in-woods", "cavalry in woods (Capitán §8.12)"),
        );
    }
    if let Some(c) = stance.cover.and_then(|c| rules.cover(c)) {
        add(
            c.combat,
            false,
            Phrase::new("note-melee-cover", "{cover} cover (Capitán §8.12)").label(
                "cover",
                format!("choice_cover_{}", c.id),
                c.id.to_string(),
            ),
        );
    }
    if stance.standard_bearer {
        add(
            factor("standard-bearer"),
            false,
            rule(
                "note-standard-bearer",
                "standard bearer within 25 cm (Capitán §1.3)",
            ),
        );
    }
    if stance.captured_flag {
        add(
            rules.captured_flag.combat,
            false,
            rule("note-captured-flag", "captured a flag (Capitán §8.7)"),
        );
    }
    let mut extra_attacks = 0;
    let (mut wins_ties, mut ignore_dodge, mut dodge_modifier) = (false, false, 0);
    let mut dodge_reroll = None;
    for id in &unit.skills {
        let Some(k) = db.skill(id) else { continue };
        let e = &k.effects;
        add(
            e.combat_modifier,
            false,
            Phrase::new("note-skill", "{skill} (Capitán §11)").name("skill", skill_named(k)),
        );
        if stance.charging {
            add(
                e.charge_combat_modifier,
                true,
                Phrase::new("note-skill-charging", "{skill} when charging (Capitán §11)")
                    .name("skill", skill_named(k)),
            );
        }
        if id == "tirailleurs" {
            add(
                factor("skirmishers"),
                false,
                rule(
                    "note-skirmishers-in-melee",
                    "skirmishers in melee (Capitán §3.2-4)",
                ),
            );
        }
        extra_attacks += e.extra_attacks;
        wins_ties |= e.wins_ties;
        ignore_dodge |= e.ignore_dodge;
        dodge_modifier += e.melee_dodge_modifier;
        if e.dodge_reroll.is_some() {
            dodge_reroll = e.dodge_reroll;
        }
    }
    let base_attacks = if mounted && !enemy_mounted {
        rules.melee.cavalry_vs_infantry_attacks
    } else {
        rules.melee.attacks_per_figure
    };
    let attacks = base_attacks + extra_attacks;
    if attacks != 1 {
        notes.push(
            Phrase::new(
                "note-attacks-per-figure",
                "{name}: {attacks|# attack|# attacks} per figure (Capitán §8.12, Capitán §11)",
            )
            .text("name", name)
            .count("attacks", attacks),
        );
    }
    Side {
        figures: unit.figures,
        attacks_per_figure: attacks,
        die: s.combat_die.faces(),
        modifier,
        first_round_modifier: first,
        dodge_die: s.dodge_die().faces(),
        dodge_modifier,
        dodge_reroll,
        wins_ties,
        ignore_dodge,
        courage_test: CourageTest::of(db, s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(figures: u32) -> Side {
        Side {
            figures,
            attacks_per_figure: 1,
            die: 6,
            modifier: 0,
            first_round_modifier: 0,
            dodge_die: 6,
            dodge_modifier: 0,
            dodge_reroll: None,
            wins_ties: false,
            ignore_dodge: false,
            courage_test: None,
        }
    }

    fn setup(a: u32, b: u32) -> MeleeSetup {
        MeleeSetup {
            a: side(a),
            b: side(b),
            dodge_target: 5,
            destruction_ratio: 3,
        }
    }

    #[test]
    fn one_against_one_by_hand() {
        // d6 vs d6: A wins 15/36, B 15/36, tie 6/36; a dodge on a d6 fails 4/6.
        let j = round(&setup(1, 1), 1, 1, true);
        let f = 4.0 / 6.0;
        let p_b_hit = 15.0 / 36.0 + 6.0 / 36.0;
        let p_b_only = 15.0 / 36.0 * f + 6.0 / 36.0 * f * (1.0 - f);
        assert!((j[0][1] + j[1][1] - p_b_hit * f).abs() < 1e-12);
        assert!((j[0][1] - p_b_only).abs() < 1e-12);
        assert!((j[1][1] - 6.0 / 36.0 * f * f).abs() < 1e-12);
        let total: f64 = j.iter().flatten().sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn unmatched_attacks_are_direct_impacts() {
        // 2 attacks against 0 pairs' worth: B has 1 figure, A 3: two direct impacts on B.
        let mut s = setup(3, 1);
        s.b.dodge_modifier = -10; // B never dodges
        s.a.dodge_modifier = 10; // A always dodges
        let j = round(&s, 3, 1, true);
        assert!((j[0][1] - 1.0).abs() < 1e-12);
    }

    #[test]
    fn to_the_end_sums_to_one_and_is_symmetric() {
        let out = to_the_end(&setup(6, 6));
        let total = out.p_a_wins + out.p_b_wins + out.p_both_out + out.p_still_engaged;
        assert!((total - 1.0).abs() < 1e-9);
        assert!((out.p_a_wins - out.p_b_wins).abs() < 1e-9);
        assert!(out.expected_rounds >= 1.0);
        // Many rounds forward converge to the exact end.
        let fwd = rounds(&setup(6, 6), 400);
        assert!((fwd.p_a_wins - out.p_a_wins).abs() < 1e-9);
        assert!((fwd.expected_rounds - out.expected_rounds).abs() < 1e-6);
    }

    #[test]
    fn three_to_one_destroys_at_once() {
        let out = rounds(&setup(12, 4), 1);
        // Any round leaving B with 4 or fewer against 12 − casualties ≥ 12 destroys B... only
        // when A keeps at least 3 × B's figures.
        assert!(out.p_b_destroyed > 0.5);
    }
}
