//! Swiss pairing of a large event (issue 39): 256 players (and 255, with a bye) in round 6,
//! after five rounds of random results paired by muster itself, 8 clubs. The whole pairing
//! (the costs, the minimum-cost perfect matching, the tables' assignment): target under
//! 100 ms. Also the largest event muster pairs, 512 players, and round 1 (the draw, clubs
//! apart) of 256.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use muster::event::pairing::{broken, pair, Seat};

/// The seats of round `rounds + 1` of an event of `players`, each earlier round paired by
/// `pair` and its games won, lost or drawn at random (a fixed LCG), the standing by points.
fn after_rounds(players: usize, rounds: u32) -> Vec<Seat> {
    let mut rng = 0x5eed_u64;
    let mut random = move || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        rng >> 33
    };
    // By identity: points, opponents, bye, tables; seats are made in standing order.
    let mut points = vec![0u32; players];
    let mut opponents = vec![Vec::new(); players];
    let mut had_bye = vec![false; players];
    let mut tables = vec![Vec::new(); players];
    let standing =
        |points: &[u32], opponents: &[Vec<usize>], had_bye: &[bool], tables: &[Vec<u32>]| {
            let mut order: Vec<usize> = (0..players).collect();
            order.sort_by_key(|&p| (std::cmp::Reverse(points[p]), p));
            let mut at = vec![0; players];
            for (k, &p) in order.iter().enumerate() {
                at[p] = k;
            }
            let seats: Vec<Seat> = order
                .iter()
                .map(|&p| Seat {
                    club: Some(format!("club {}", p % 8)),
                    points: points[p],
                    opponents: opponents[p].iter().map(|&o: &usize| at[o]).collect(),
                    had_bye: had_bye[p],
                    tables: tables[p].clone(),
                })
                .collect();
            (order, seats)
        };
    for round in 1..=rounds {
        let (order, seats) = standing(&points, &opponents, &had_bye, &tables);
        let p = pair(&seats, round, 2026).expect("an event of at most 512 players");
        assert!(broken(&seats, round, &p).is_empty());
        for t in &p.tables {
            let (a, b) = (order[t.a], order[t.b]);
            opponents[a].push(b);
            opponents[b].push(a);
            tables[a].push(t.number);
            tables[b].push(t.number);
            match random() % 3 {
                0 => points[a] += 3,
                1 => points[b] += 3,
                _ => {
                    points[a] += 1;
                    points[b] += 1;
                }
            }
        }
        if let Some(b) = p.bye {
            had_bye[order[b]] = true;
            points[order[b]] += 3;
        }
    }
    standing(&points, &opponents, &had_bye, &tables).1
}

fn swiss(c: &mut Criterion) {
    let mut group = c.benchmark_group("pair round 6");
    group.sample_size(20);
    for players in [256, 255, 512] {
        let seats = after_rounds(players, 5);
        group.bench_function(format!("{players} players"), |b| {
            b.iter(|| black_box(pair(black_box(&seats), 6, 2026).expect("paired")))
        });
    }
    group.finish();
    let first = after_rounds(256, 0);
    c.bench_function("pair round 1/256 players of 8 clubs", |b| {
        b.iter(|| black_box(pair(black_box(&first), 1, 2026).expect("paired")))
    });
}

criterion_group!(benches, swiss);
criterion_main!(benches);
