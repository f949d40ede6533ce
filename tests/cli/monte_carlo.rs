//! A seeded Monte Carlo simulator of the same procedures, rolling every die, written apart
//! from the exact engine: on every scenario each probability must agree within 4 standard
//! errors, and the exact distributions must sum to 1 within 1e-9.

use muster::rulesets::capitan::model::DodgeReroll;
use muster::rulesets::capitan::preview::artillery::{self, ArtillerySetup};
use muster::rulesets::capitan::preview::charge::{self, ChargeSetup};
use muster::rulesets::capitan::preview::fire::{self, FireSetup};
use muster::rulesets::capitan::preview::melee::{self, MeleeSetup, Side};
use muster::rulesets::capitan::preview::CourageTest;

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

    fn die(&mut self, faces: u32) -> i32 {
        (self.next() % faces as u64) as i32 + 1
    }
}

/// Every bin within 4 standard errors (plus a hair for bins with p ≈ 0).
fn agree(name: &str, exact: &[f64], counts: &[u64], n: u64) {
    let total: f64 = exact.iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "{name}: exact sums to {total}");
    assert_eq!(counts.iter().sum::<u64>(), n, "{name}: counts");
    for (k, (&p, &c)) in exact.iter().zip(counts).enumerate() {
        let observed = c as f64 / n as f64;
        let se = (p * (1.0 - p) / n as f64).sqrt();
        assert!(
            (observed - p).abs() <= 4.0 * se + 1e-4,
            "{name}: P({k}) exact {p:.6}, simulated {observed:.6} (4 SE = {:.6})",
            4.0 * se
        );
    }
}

fn dodge(rng: &mut Rng, die: u32, modifier: i32, target: i32, reroll: Option<DodgeReroll>) -> bool {
    if rng.die(die) + modifier >= target {
        return true;
    }
    match reroll {
        None => false,
        Some(DodgeReroll::HardToKill) => {
            let at_minus_one = modifier - 1;
            rng.die(die) + at_minus_one >= target
        }
        Some(DodgeReroll::ToTheDeath) => rng.die(die) + modifier >= target,
    }
}

fn courage_holds(rng: &mut Rng, t: &Option<CourageTest>, before: u32, after: u32) -> bool {
    match t {
        Some(t) if before > t.threshold && after > 0 && after <= t.threshold => {
            rng.die(t.die) + t.modifier >= t.courage
        }
        _ => true,
    }
}

fn simulate_fire(s: &FireSetup, rng: &mut Rng) -> (u32, bool) {
    let shoot = |rng: &mut Rng, modifier: i32| {
        rng.die(s.die) + modifier >= s.difficulty
            || (s.reroll_misses && rng.die(s.die) + modifier >= s.difficulty)
    };
    let mut casualties = 0;
    let mut shots: Vec<i32> = vec![s.modifier; s.shots as usize];
    if let Some((n, m)) = s.extra {
        shots.extend(std::iter::repeat_n(m, n as usize));
    }
    for m in shots {
        if shoot(rng, m)
            && !dodge(
                rng,
                s.dodge_die,
                s.dodge_modifier,
                s.dodge_target,
                s.dodge_reroll,
            )
        {
            casualties += 1;
        }
    }
    let casualties = casualties.min(s.target_figures);
    let holds = courage_holds(
        rng,
        &s.courage_test,
        s.target_figures,
        s.target_figures - casualties,
    );
    (casualties, !holds)
}

fn fire_setup() -> FireSetup {
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
fn fire_agrees_with_simulation() {
    let test = Some(CourageTest {
        threshold: 2,
        die: 8,
        modifier: 1,
        courage: 6,
    });
    let scenarios: Vec<(&str, FireSetup)> = vec![
        ("12 d12 medium vs d10 light cover", fire_setup()),
        (
            "8 d10 +2 short vs d8",
            FireSetup {
                shots: 8,
                die: 10,
                difficulty: 5,
                modifier: 2,
                dodge_die: 8,
                dodge_modifier: 0,
                ..fire_setup()
            },
        ),
        (
            "escort re-rolls",
            FireSetup {
                reroll_misses: true,
                die: 8,
                ..fire_setup()
            },
        ),
        (
            "hard to kill",
            FireSetup {
                dodge_reroll: Some(DodgeReroll::HardToKill),
                ..fire_setup()
            },
        ),
        (
            "fight to the death",
            FireSetup {
                dodge_reroll: Some(DodgeReroll::ToTheDeath),
                dodge_modifier: 4,
                ..fire_setup()
            },
        ),
        (
            "cap at 4 figures with reduced test",
            FireSetup {
                shots: 16,
                target_figures: 4,
                modifier: 3,
                courage_test: test,
                ..fire_setup()
            },
        ),
        (
            "long range d6",
            FireSetup {
                shots: 10,
                die: 6,
                difficulty: 9,
                modifier: 2,
                ..fire_setup()
            },
        ),
        (
            "Nock volley gun",
            FireSetup {
                shots: 5,
                extra: Some((4, -1)),
                die: 10,
                ..fire_setup()
            },
        ),
    ];
    let mut rng = Rng(0x5EED_F17E);
    for (name, s) in scenarios {
        let exact = fire::resolve(&s);
        let n = 40_000u64;
        let mut counts = vec![0u64; s.target_figures as usize + 1];
        let mut routs = 0u64;
        for _ in 0..n {
            let (c, rout) = simulate_fire(&s, &mut rng);
            counts[c as usize] += 1;
            routs += u64::from(rout);
        }
        agree(name, &exact.casualties.p, &counts, n);
        agree(
            &format!("{name} (rout)"),
            &[1.0 - exact.p_rout, exact.p_rout],
            &[n - routs, routs],
            n,
        );
    }
}

/// Plays one round; returns the casualties of A and B (before the 3:1 rule).
fn simulate_round(s: &MeleeSetup, a: u32, b: u32, first: bool, rng: &mut Rng) -> (u32, u32) {
    let (sa, sb) = (&s.a, &s.b);
    let na = a * sa.attacks_per_figure;
    let nb = b * sb.attacks_per_figure;
    let pairs = na.min(nb);
    let (mut on_a, mut on_b) = (nb - pairs, na - pairs);
    let bonus = |x: &Side| x.modifier + if first { x.first_round_modifier } else { 0 };
    for _ in 0..pairs {
        let ra = rng.die(sa.die) + bonus(sa);
        let rb = rng.die(sb.die) + bonus(sb);
        if ra > rb || (ra == rb && sa.wins_ties && !sb.wins_ties) {
            on_b += 1;
        } else if rb > ra || (ra == rb && sb.wins_ties && !sa.wins_ties) {
            on_a += 1;
        } else {
            on_a += 1;
            on_b += 1;
        }
    }
    let losses = |rng: &mut Rng, impacts: u32, def: &Side, att: &Side| {
        (0..impacts)
            .filter(|_| {
                att.ignore_dodge
                    || !dodge(
                        rng,
                        def.dodge_die,
                        def.dodge_modifier,
                        s.dodge_target,
                        def.dodge_reroll,
                    )
            })
            .count() as u32
    };
    let ca = losses(rng, on_a, sa, sb).min(a);
    let cb = losses(rng, on_b, sb, sa).min(b);
    (ca, cb)
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Result {
    AWins,
    BWins,
    Both,
    Engaged,
}

fn simulate_melee(s: &MeleeSetup, max_rounds: u32, rng: &mut Rng) -> (Result, u32, u32, u32) {
    let (mut a, mut b) = (s.a.figures, s.b.figures);
    let r = s.destruction_ratio;
    for round in 0..max_rounds {
        let (ca, cb) = simulate_round(s, a, b, round == 0, rng);
        let (a2, b2) = (a - ca, b - cb);
        let a_gone = a2 == 0 || b2 >= r * a2;
        let b_gone = b2 == 0 || a2 >= r * b2;
        // §5.3: a reduced unit tests its courage, also when it has just destroyed its enemy
        // (then, failing, both are out: one destroyed, one routed).
        let a_holds = courage_holds(rng, &s.a.courage_test, a, a2);
        let b_holds = courage_holds(rng, &s.b.courage_test, b, b2);
        match (a_gone, b_gone) {
            (true, true) => return (Result::Both, round + 1, 0, 0),
            (false, true) if a_holds => return (Result::AWins, round + 1, a2, 0),
            (false, true) => return (Result::Both, round + 1, a2, 0),
            (true, false) if b_holds => return (Result::BWins, round + 1, 0, b2),
            (true, false) => return (Result::Both, round + 1, 0, b2),
            _ => {}
        }
        match (a_holds, b_holds) {
            (false, false) => return (Result::Both, round + 1, a2, b2),
            (false, true) => return (Result::BWins, round + 1, a2, b2),
            (true, false) => return (Result::AWins, round + 1, a2, b2),
            _ => {}
        }
        (a, b) = (a2, b2);
    }
    (Result::Engaged, max_rounds, a, b)
}

fn side(figures: u32, die: u32) -> Side {
    Side {
        figures,
        attacks_per_figure: 1,
        die,
        modifier: 0,
        first_round_modifier: 0,
        dodge_die: die,
        dodge_modifier: 0,
        dodge_reroll: None,
        wins_ties: false,
        ignore_dodge: false,
        courage_test: None,
    }
}

fn melee_scenarios() -> Vec<(&'static str, MeleeSetup)> {
    let m = |a: Side, b: Side| MeleeSetup {
        a,
        b,
        dodge_target: 5,
        destruction_ratio: 3,
    };
    let test = |courage| {
        Some(CourageTest {
            threshold: 2,
            die: 8,
            modifier: 0,
            courage,
        })
    };
    vec![
        ("6 d6 vs 6 d6", m(side(6, 6), side(6, 6))),
        ("12 d8 vs 12 d8", m(side(12, 8), side(12, 8))),
        (
            "hussars charge line",
            m(
                Side {
                    attacks_per_figure: 2,
                    modifier: 1,
                    first_round_modifier: 2,
                    dodge_die: 10,
                    ..side(6, 10)
                },
                Side {
                    dodge_die: 8,
                    courage_test: test(6),
                    ..side(10, 8)
                },
            ),
        ),
        (
            "tercio wins ties",
            m(
                Side {
                    wins_ties: true,
                    modifier: 1,
                    dodge_modifier: 1,
                    ..side(8, 8)
                },
                side(8, 8),
            ),
        ),
        (
            "fencing master",
            m(
                Side {
                    ignore_dodge: true,
                    ..side(3, 12)
                },
                Side {
                    courage_test: test(7),
                    ..side(6, 8)
                },
            ),
        ),
        (
            "hard to kill defenders in cover",
            m(
                side(8, 10),
                Side {
                    modifier: 2,
                    dodge_reroll: Some(DodgeReroll::HardToKill),
                    ..side(6, 8)
                },
            ),
        ),
        (
            "both test courage",
            m(
                Side {
                    courage_test: test(5),
                    ..side(5, 6)
                },
                Side {
                    courage_test: test(6),
                    ..side(5, 6)
                },
            ),
        ),
        (
            "bloodthirsty cavalry",
            m(
                Side {
                    attacks_per_figure: 3,
                    ..side(4, 10)
                },
                Side {
                    courage_test: test(6),
                    ..side(8, 6)
                },
            ),
        ),
    ]
}

#[test]
fn one_melee_round_agrees_with_simulation() {
    let mut rng = Rng(0x00C0_FFEE);
    for (name, s) in melee_scenarios() {
        let joint = melee::round(&s, s.a.figures, s.b.figures, true);
        let flat: Vec<f64> = joint.iter().flatten().copied().collect();
        let cols = s.b.figures as usize + 1;
        let n = 30_000u64;
        let mut counts = vec![0u64; flat.len()];
        for _ in 0..n {
            let (ca, cb) = simulate_round(&s, s.a.figures, s.b.figures, true, &mut rng);
            counts[ca as usize * cols + cb as usize] += 1;
        }
        agree(&format!("{name}, joint round"), &flat, &counts, n);
        let one = melee::rounds(&s, 1);
        let destroyed = |f: &dyn Fn(u32, u32) -> bool| -> f64 {
            joint
                .iter()
                .enumerate()
                .flat_map(|(ca, r)| r.iter().enumerate().map(move |(cb, p)| (ca, cb, *p)))
                .filter(|(ca, cb, _)| f(s.a.figures - *ca as u32, s.b.figures - *cb as u32))
                .map(|x| x.2)
                .sum()
        };
        let b_gone = destroyed(&|a2, b2| b2 == 0 || a2 >= 3 * b2);
        assert!((one.p_b_destroyed - b_gone).abs() < 1e-12, "{name}");
    }
}

#[test]
fn melee_to_the_end_agrees_with_simulation() {
    let mut rng = Rng(0x00BA_771E);
    for (name, s) in melee_scenarios() {
        let exact = melee::to_the_end(&s);
        let n = 20_000u64;
        let mut counts = [0u64; 4];
        let mut rounds = 0u64;
        let mut survivors = vec![0u64; s.a.figures as usize + 1];
        for _ in 0..n {
            let (r, played, a_left, _) = simulate_melee(&s, 10_000, &mut rng);
            counts[r as usize] += 1;
            rounds += u64::from(played);
            survivors[a_left as usize] += 1;
        }
        let p = [
            exact.p_a_wins,
            exact.p_b_wins,
            exact.p_both_out,
            exact.p_still_engaged,
        ];
        agree(&format!("{name}, to the end"), &p, &counts, n);
        agree(
            &format!("{name}, A survivors"),
            &exact.a_survivors.p,
            &survivors,
            n,
        );
        let mean = rounds as f64 / n as f64;
        assert!(
            (mean - exact.expected_rounds).abs() < 0.05 * exact.expected_rounds,
            "{name}: rounds {mean} vs {}",
            exact.expected_rounds
        );
    }
}

#[test]
fn charges_and_artillery_agree_with_simulation() {
    let mut rng = Rng(0xC4A7);
    let charges = [
        ChargeSetup {
            die: 6,
            morale: 4,
            courage: 7,
            test_required: true,
            double_bonus: 0,
            double_factor: 2,
        },
        ChargeSetup {
            die: 6,
            morale: 5,
            courage: 4,
            test_required: true,
            double_bonus: 1,
            double_factor: 2,
        },
        ChargeSetup {
            die: 6,
            morale: 6,
            courage: 6,
            test_required: true,
            double_bonus: 0,
            double_factor: 2,
        },
    ];
    for (i, s) in charges.iter().enumerate() {
        let exact = charge::resolve(s);
        let n = 30_000u64;
        let (mut ok, mut double) = (0u64, 0u64);
        for _ in 0..n {
            let roll = rng.die(s.die) + s.morale;
            ok += u64::from(roll > s.courage);
            double += u64::from(roll + s.double_bonus >= 2 * s.courage);
        }
        agree(
            &format!("charge {i}"),
            &[1.0 - exact.p_success, exact.p_success],
            &[n - ok, ok],
            n,
        );
        agree(
            &format!("charge {i} doubled"),
            &[1.0 - exact.p_double, exact.p_double],
            &[n - double, double],
            n,
        );
    }
    let shots = [
        ArtillerySetup {
            deviation_die: Some(10),
            blank_max: 3,
            under_template: 5,
            dodge_needed: Some(7),
            dodge_factors: 2,
            no_effect: false,
        },
        ArtillerySetup {
            deviation_die: Some(6),
            blank_max: 3,
            under_template: 6,
            dodge_needed: Some(6),
            dodge_factors: 1,
            no_effect: false,
        },
        ArtillerySetup {
            deviation_die: None,
            blank_max: 3,
            under_template: 4,
            dodge_needed: None,
            dodge_factors: 0,
            no_effect: false,
        },
    ];
    for (i, s) in shots.iter().enumerate() {
        let exact = artillery::resolve(s);
        let n = 30_000u64;
        let mut counts = vec![0u64; s.under_template as usize + 1];
        for _ in 0..n {
            let blank = s
                .deviation_die
                .is_some_and(|f| rng.die(f) <= s.blank_max as i32);
            let c = if blank {
                0
            } else {
                (0..s.under_template)
                    .filter(|_| match s.dodge_needed {
                        Some(need) => rng.die(6) + s.dodge_factors < need,
                        None => true,
                    })
                    .count()
            };
            counts[c] += 1;
        }
        agree(&format!("artillery {i}"), &exact.casualties.p, &counts, n);
    }
}
