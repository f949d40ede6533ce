//! A seeded Monte Carlo simulator of the ACA procedures, rolling every die with the WAB rules
//! written out here apart from the engine (and its data tables): on every scenario each
//! probability must agree with the exact preview within 4 standard errors.

use muster::rulesets::wab_aca::preview::combat::{self, Rerolls, Side};
use muster::rulesets::wab_aca::preview::shoot::{self, Shot};
use muster::rulesets::wab_aca::preview::{p_test_with_reroll, House};

/// SplitMix64: small, seeded, good enough for dice.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn d6(&mut self) -> i64 {
        (self.next() % 6) as i64 + 1
    }
}

fn within(name: &str, exact: f64, hits: u64, n: u64) {
    let observed = hits as f64 / n as f64;
    let se = (exact * (1.0 - exact) / n as f64).sqrt();
    assert!(
        (observed - exact).abs() <= 4.0 * se + 1e-4,
        "{name}: exact {exact:.6}, simulated {observed:.6} (4 SE = {:.6})",
        4.0 * se
    );
}

fn agree(name: &str, exact: &[f64], counts: &[u64], n: u64) {
    let total: f64 = exact.iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "{name}: exact sums to {total}");
    for (k, &c) in counts.iter().enumerate() {
        within(
            &format!("{name} P({k})"),
            exact.get(k).copied().unwrap_or(0.0),
            c,
            n,
        );
    }
}

// ── the WAB rules, from the books ───────────────────────────────────────────────────────────

/// To hit by shooting: BS 1 → 6+ … BS 5+ → 2+, minus the modifier; 7, 8, 9 need a 6 then
/// 4+, 5+, 6+; 10+ cannot hit; a natural 1 misses. Returns None on a 1 (re-rollable).
fn shot_hits(rng: &mut Rng, bs: i64, modifier: i64) -> Option<bool> {
    let base = if bs >= 5 { 2 } else { 7 - bs };
    let need = base - modifier;
    let roll = rng.d6();
    if roll == 1 {
        return None;
    }
    Some(match need {
        n if n <= 6 => roll >= n,
        7..=9 => roll == 6 && rng.d6() >= need - 3,
        _ => false,
    })
}

/// To wound: S − T ≥ 2: 2+, 1: 3+, 0: 4+, −1: 5+, −2 and −3: 6+, less: never.
fn wounds(rng: &mut Rng, s: i64, t: i64) -> bool {
    let need = match s - t {
        d if d >= 2 => 2,
        1 => 3,
        0 => 4,
        -1 => 5,
        -2 | -3 => 6,
        _ => return false,
    };
    rng.d6() >= need
}

/// The armour save, worsened by 1 a point of strength above 3; 7+ is none; a 1 fails.
fn saved(rng: &mut Rng, save: Option<i64>, s: i64) -> bool {
    let Some(sv) = save else { return false };
    let need = sv + (s - 3).max(0);
    if need >= 7 {
        return false;
    }
    let roll = rng.d6();
    roll != 1 && roll >= need
}

/// WS against WS: higher 3+, up to twice 4+, the defender more than twice 5+.
fn melee_need(ws: i64, other: i64) -> i64 {
    if ws > other {
        3
    } else if other > 2 * ws {
        5
    } else {
        4
    }
}

/// 2d6 at or under the target; a double 1 passes; a double 6 fails with the house rule
/// double-six-fails.
fn test_passes_house(rng: &mut Rng, target: i64, double_six_fails: bool) -> bool {
    let (a, b) = (rng.d6(), rng.d6());
    (a == 1 && b == 1) || (!(a == 6 && b == 6 && double_six_fails) && a + b <= target)
}

/// By the book: no house rule.
fn test_passes(rng: &mut Rng, target: i64) -> bool {
    test_passes_house(rng, target, false)
}

// ── shooting ────────────────────────────────────────────────────────────────────────────────

fn simulate_shot(s: &Shot, rng: &mut Rng) -> usize {
    let mut hits = 0;
    let mut rerolls = s.elite;
    for _ in 0..s.shots {
        let hit = match shot_hits(rng, i64::from(s.bs), i64::from(s.to_hit_modifier)) {
            Some(h) => h,
            None if rerolls > 0 => {
                rerolls -= 1;
                shot_hits(rng, i64::from(s.bs), i64::from(s.to_hit_modifier)).unwrap_or(false)
            }
            None => false,
        };
        hits += usize::from(hit);
    }
    (0..hits)
        .filter(|_| {
            wounds(rng, i64::from(s.strength), i64::from(s.toughness))
                && !saved(rng, s.save.map(i64::from), i64::from(s.strength))
        })
        .count()
}

#[test]
fn shooting_agrees_with_simulation() {
    let db = super::database();
    let scenarios = [
        Shot {
            shots: 12,
            bs: 3,
            strength: 3,
            toughness: 3,
            save: None,
            to_hit_modifier: 0,
            elite: 0,
        },
        Shot {
            shots: 10,
            bs: 3,
            strength: 3,
            toughness: 3,
            save: Some(4),
            to_hit_modifier: -1,
            elite: 4,
        },
        Shot {
            shots: 8,
            bs: 4,
            strength: 4,
            toughness: 3,
            save: Some(5),
            to_hit_modifier: 1,
            elite: 8,
        },
        Shot {
            shots: 6,
            bs: 1,
            strength: 3,
            toughness: 4,
            save: None,
            to_hit_modifier: -2,
            elite: 2,
        },
        Shot {
            shots: 9,
            bs: 2,
            strength: 3,
            toughness: 3,
            save: Some(6),
            to_hit_modifier: -1,
            elite: 3,
        },
    ];
    let n = 200_000u64;
    let mut rng = Rng(0x5EED_0001);
    for (i, s) in scenarios.iter().enumerate() {
        let exact = shoot::shoot(&db, s);
        let mut counts = vec![0u64; s.shots as usize + 1];
        for _ in 0..n {
            counts[simulate_shot(s, &mut rng)] += 1;
        }
        agree(
            &format!("shooting scenario {i}"),
            &exact.casualties,
            &counts,
            n,
        );
    }
}

// ── tests ───────────────────────────────────────────────────────────────────────────────────

#[test]
fn tests_agree_with_simulation() {
    let n = 200_000u64;
    let mut rng = Rng(0x5EED_0002);
    for target in [1, 2, 5, 7, 8, 10, 12, 13] {
        for (reroll, six) in [(false, false), (true, false), (false, true), (true, true)] {
            let mut pass = 0;
            for _ in 0..n {
                let ok = test_passes_house(&mut rng, target, six)
                    || (reroll && test_passes_house(&mut rng, target, six));
                pass += u64::from(ok);
            }
            let house = House {
                double_six_fails: six,
                ..House::default()
            };
            within(
                &format!("test at {target}, re-roll {reroll}, double-six-fails {six}"),
                p_test_with_reroll(target, reroll, house),
                pass,
                n,
            );
        }
    }
}

// ── close combat ────────────────────────────────────────────────────────────────────────────

/// The wounds `from` causes when `fighting` of its figures strike.
fn strike(from: &Side, to: &Side, fighting: u32, rng: &mut Rng) -> u32 {
    let attacks = if fighting == 0 {
        0
    } else {
        fighting * from.attacks + from.extra_attacks
    };
    let mut rerolls = match from.rerolls {
        Rerolls::None => 0,
        Rerolls::Elite(n) => n,
        Rerolls::All => u32::MAX,
    };
    let s = i64::from(from.strength + from.strength_bonus);
    let need = melee_need(i64::from(from.ws), i64::from(to.ws)) - i64::from(from.to_hit_modifier);
    let roll_hit = |rng: &mut Rng| -> Option<bool> {
        let r = rng.d6();
        if r == 1 {
            None
        } else {
            Some(r == 6 || r >= need)
        }
    };
    let mut wounds_caused = 0;
    for _ in 0..attacks {
        let hit = match roll_hit(rng) {
            Some(h) => h,
            None if rerolls > 0 => {
                rerolls -= 1;
                roll_hit(rng).unwrap_or(false)
            }
            None => false,
        };
        if hit && wounds(rng, s, i64::from(to.toughness)) && !saved(rng, to.save.map(i64::from), s)
        {
            wounds_caused += 1;
        }
    }
    // Impact: one attack a figure at WS and S `impact_ws`.
    let iws = i64::from(from.impact_ws);
    for _ in 0..from.impact_attacks.min(fighting) {
        let r = rng.d6();
        let hit = r != 1
            && (r == 6 || r >= melee_need(iws, i64::from(to.ws)) - i64::from(from.to_hit_modifier));
        if hit
            && wounds(rng, iws, i64::from(to.toughness))
            && !saved(rng, to.save.map(i64::from), iws)
        {
            wounds_caused += 1;
        }
    }
    wounds_caused
}

/// One round: (wounds by a, wounds by d, a wins / d wins / draw, a breaks, d breaks).
fn simulate_round(a: &Side, d: &Side, rng: &mut Rng) -> (u32, u32, i8, bool, bool) {
    // A unit that reformed strikes last (ACA p.12); otherwise a lance alone strikes first.
    let (a_first, d_first) = match (a.strikes_last, d.strikes_last) {
        (true, false) => (false, true),
        (false, true) => (true, false),
        _ => (a.first_strike, d.first_strike),
    };
    let (wa, wd) = if a_first && !d_first {
        let wa = strike(a, d, a.fighting, rng);
        let left = d.fighting.saturating_sub(wa / d.wounds.max(1));
        (wa, strike(d, a, left, rng))
    } else if d_first && !a_first {
        let wd = strike(d, a, d.fighting, rng);
        let left = a.fighting.saturating_sub(wd / a.wounds.max(1));
        (strike(a, d, left, rng), wd)
    } else {
        (strike(a, d, a.fighting, rng), strike(d, a, d.fighting, rng))
    };
    let score = |s: &Side, o: &Side, w: u32| {
        let out = if s.figures > o.figures {
            s.outnumber_bonus
        } else {
            0
        };
        i64::from(
            w + s.ranks
                + s.position_bonus
                + s.charge_bonus
                + s.flag_bonus
                + s.support_bonus
                + s.push_bonus
                + out,
        )
    };
    let mut diff = score(a, d, wa) - score(d, a, wd);
    if diff == 0 && a.musician != d.musician {
        diff = if a.musician { 1 } else { -1 };
    }
    let breaks = |s: &Side, by: i64, rng: &mut Rng| {
        let target = if s.stubborn {
            i64::from(s.leadership)
        } else {
            i64::from(s.leadership) - by
        };
        !(test_passes(rng, target) || (s.reroll_break && test_passes(rng, target)))
    };
    let (mut ab, mut db) = (false, false);
    if diff > 0 {
        db = breaks(d, diff, rng);
    } else if diff < 0 {
        ab = breaks(a, -diff, rng);
    }
    (wa, wd, diff.signum() as i8, ab, db)
}

fn side(name: &str) -> Side {
    Side {
        name: muster::core::words::Phrase::as_is(name),
        figures: 13,
        fighting: 6,
        attacks: 1,
        extra_attacks: 0,
        ws: 3,
        strength: 3,
        strength_bonus: 0,
        toughness: 3,
        wounds: 1,
        save: None,
        leadership: 7,
        to_hit_modifier: 0,
        rerolls: Rerolls::None,
        impact_attacks: 0,
        impact_ws: 3,
        first_strike: false,
        strikes_last: false,
        position_bonus: 0,
        ranks: 0,
        charge_bonus: 0,
        flag_bonus: 0,
        musician: false,
        support_bonus: 0,
        push_bonus: 0,
        outnumber_bonus: 1,
        stubborn: false,
        reroll_break: false,
        house: House::default(),
    }
}

fn combat_scenarios() -> Vec<(&'static str, Side, Side)> {
    let mut out = Vec::new();
    out.push(("equal lines", side("a"), side("d")));
    // Column charging a line: ranks, charge, flag, bayonets, an officer's attack.
    let mut a = side("column");
    a.ranks = 3;
    a.charge_bonus = 1;
    a.flag_bonus = 1;
    a.strength_bonus = 1;
    a.extra_attacks = 1;
    a.figures = 25;
    let mut d = side("line");
    d.fighting = 10;
    d.musician = true;
    d.figures = 21;
    out.push(("column against line", a, d));
    // Cuirassiers charging foot: impact attacks, saves; stubborn defenders with a re-roll.
    let mut a = side("cuirassiers");
    a.ws = 4;
    a.strength = 4;
    a.strength_bonus = 1;
    a.save = Some(4);
    a.leadership = 8;
    a.impact_attacks = 8;
    a.fighting = 8;
    a.charge_bonus = 1;
    a.figures = 9;
    let mut d = side("grenadiers");
    d.ranks = 2;
    d.stubborn = true;
    d.reroll_break = true;
    d.fighting = 8;
    d.figures = 25;
    out.push(("cuirassiers against grenadiers", a, d));
    // Lancers strike first against hussars with elite re-rolls and pistols-like re-rolls.
    let mut a = side("lancers");
    a.ws = 4;
    a.first_strike = true;
    a.strength_bonus = 1;
    a.save = Some(5);
    a.fighting = 5;
    a.charge_bonus = 1;
    let mut d = side("hussars");
    d.save = Some(6);
    d.fighting = 6;
    d.rerolls = Rerolls::Elite(2);
    d.wounds = 1;
    out.push(("lancers against hussars", a, d));
    // An obstacle: -1 to hit, a defender with every 1 re-rolled and two wounds a figure.
    let mut a = side("stormers");
    a.to_hit_modifier = -1;
    a.fighting = 8;
    a.support_bonus = 1;
    let mut d = side("defenders");
    d.rerolls = Rerolls::All;
    d.wounds = 2;
    d.push_bonus = 1;
    out.push(("obstacle", a, d));
    // A flank attack (+1), the lancers who reformed striking last (ACA p.12, reading
    // flank-rear).
    let mut a = side("flankers");
    a.position_bonus = 1;
    a.fighting = 3;
    let mut d = side("reformed lancers");
    d.first_strike = true;
    d.strikes_last = true;
    d.fighting = 4;
    out.push(("flank, reformed lancers", a, d));
    out
}

#[test]
fn one_combat_round_agrees_with_simulation() {
    let db = super::database();
    let n = 100_000u64;
    let mut rng = Rng(0x5EED_0003);
    for (name, a, d) in combat_scenarios() {
        let exact = combat::round(&db, &a, &d);
        let mut wa = vec![0u64; exact.attacker.wounds.len().max(1)];
        let mut wd = vec![0u64; exact.defender.wounds.len().max(1)];
        let (mut a_wins, mut d_wins, mut draws, mut a_breaks, mut d_breaks) = (0, 0, 0, 0, 0);
        for _ in 0..n {
            let (x, y, result, ab, db_) = simulate_round(&a, &d, &mut rng);
            wa[x as usize] += 1;
            wd[y as usize] += 1;
            match result {
                1 => a_wins += 1,
                -1 => d_wins += 1,
                _ => draws += 1,
            }
            a_breaks += u64::from(ab);
            d_breaks += u64::from(db_);
        }
        agree(
            &format!("{name}: attacker's wounds"),
            &exact.attacker.wounds,
            &wa,
            n,
        );
        agree(
            &format!("{name}: defender's wounds"),
            &exact.defender.wounds,
            &wd,
            n,
        );
        within(
            &format!("{name}: attacker wins"),
            exact.attacker.p_win,
            a_wins,
            n,
        );
        within(
            &format!("{name}: defender wins"),
            exact.defender.p_win,
            d_wins,
            n,
        );
        within(&format!("{name}: draw"), exact.p_draw, draws, n);
        within(
            &format!("{name}: attacker breaks"),
            exact.attacker.p_break,
            a_breaks,
            n,
        );
        within(
            &format!("{name}: defender breaks"),
            exact.defender.p_break,
            d_breaks,
            n,
        );
        let total = exact.attacker.p_win + exact.defender.p_win + exact.p_draw;
        assert!(
            (total - 1.0).abs() < 1e-9,
            "{name}: outcomes sum to {total}"
        );
    }
}
