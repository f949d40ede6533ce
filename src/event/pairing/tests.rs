//! The pairing's rules one by one, then random events played over several rounds: the rules
//! kept wherever they can be, and the matching's cost equal to the least over all perfect
//! matchings (brute force, up to 10 players).

use super::*;
use proptest::prelude::*;

fn seats(n: usize) -> Vec<Seat> {
    vec![Seat::default(); n]
}

fn pairs(p: &Pairing) -> Vec<(usize, usize)> {
    p.tables.iter().map(|t| (t.a, t.b)).collect()
}

/// Players 0..n played as `games` (a, b): each other's opponents.
fn played(n: usize, games: &[(usize, usize)]) -> Vec<Seat> {
    let mut s = seats(n);
    for &(a, b) in games {
        s[a].opponents.push(b);
        s[b].opponents.push(a);
    }
    s
}

fn with_clubs(clubs: &[&str]) -> Vec<Seat> {
    clubs
        .iter()
        .map(|c| Seat {
            club: Some(c.to_string()),
            ..Seat::default()
        })
        .collect()
}

#[test]
fn more_than_512_players_are_refused() {
    assert_eq!(pair(&seats(512), 2, 0).unwrap().tables.len(), 256);
    let err = pair(&seats(513), 2, 0).unwrap_err();
    assert_eq!(err, PairingError::TooManySeats { seats: 513 });
    assert_eq!(
        err.to_string(),
        "an event pairs at most 512 players; this one has 513"
    );
}

#[test]
fn round_zero_and_unknown_opponents_are_refused() {
    assert_eq!(pair(&seats(4), 0, 0), Err(PairingError::RoundZero));
    let mut s = seats(3);
    s[1].opponents.push(3);
    let err = pair(&s, 2, 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "player 1's opponent 3 is no other player of the event (3 players, numbered from 0)"
    );
    s[1].opponents = vec![1];
    assert!(matches!(
        pair(&s, 2, 0),
        Err(PairingError::BadOpponent { player: 1, .. })
    ));
}

#[test]
fn no_player_and_one_player() {
    for round in [1, 3] {
        let none = pair(&[], round, 5).unwrap();
        assert_eq!(
            none,
            Pairing {
                tables: vec![],
                bye: None
            }
        );
        let one = pair(&seats(1), round, 5).unwrap();
        assert_eq!(one.bye, Some(0));
        assert!(one.tables.is_empty());
    }
    let mut again = seats(1);
    again[0].had_bye = true;
    let p = pair(&again, 2, 0).unwrap();
    assert_eq!(broken(&again, 2, &p), vec![Broken::SecondBye { player: 0 }]);
}

#[test]
fn later_rounds_pair_neighbours_in_the_standing_at_tables_in_order() {
    let mut s = seats(8);
    for (seat, points) in s.iter_mut().zip([9, 9, 6, 6, 6, 6, 3, 0]) {
        seat.points = points;
    }
    let p = pair(&s, 2, 0).unwrap();
    assert_eq!(pairs(&p), vec![(0, 1), (2, 3), (4, 5), (6, 7)]);
    assert_eq!(
        p.tables.iter().map(|t| t.number).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    assert_eq!(p.bye, None);
}

#[test]
fn no_rematch() {
    let s = played(4, &[(0, 1), (2, 3)]);
    let p = pair(&s, 2, 0).unwrap();
    assert_eq!(pairs(&p), vec![(0, 2), (1, 3)]);
    assert!(broken(&s, 2, &p).is_empty());
}

/// Top-down, 0–1 and 2–3 would leave 4 and 5, who have played: the pairing is chosen whole.
#[test]
fn the_pairing_is_chosen_whole_not_top_down() {
    let s = played(6, &[(4, 5)]);
    let p = pair(&s, 2, 0).unwrap();
    assert_eq!(pairs(&p), vec![(0, 1), (2, 4), (3, 5)]);
}

/// Score groups before places: 2 and 3 have played; places alone rate 0–2, 1–3, 4–5 and
/// 0–1, 2–4, 3–5 alike (4 + 4 + 1 = 1 + 4 + 4), but the second drops a 4-point player to a
/// 1-point one and splits the 1-point players.
#[test]
fn score_groups_come_before_places() {
    let mut s = played(6, &[(2, 3)]);
    for (seat, points) in s.iter_mut().zip([6, 4, 4, 3, 1, 1]) {
        seat.points = points;
    }
    let p = pair(&s, 3, 0).unwrap();
    assert_eq!(pairs(&p), vec![(0, 2), (1, 3), (4, 5)]);
    assert!(broken(&s, 3, &p).is_empty());
}

#[test]
fn the_bye_goes_to_the_lowest_placed_player_without_one() {
    let mut s = seats(5);
    s[4].had_bye = true;
    let p = pair(&s, 2, 0).unwrap();
    assert_eq!(p.bye, Some(3));
    assert_eq!(pairs(&p), vec![(0, 1), (2, 4)]);
    assert!(broken(&s, 2, &p).is_empty());
    s[3].had_bye = true;
    assert_eq!(pair(&s, 3, 0).unwrap().bye, Some(2));
}

/// Four players who have all met: two rematches cannot be avoided; the pairing is made and
/// says so.
#[test]
fn unavoidable_rematches_give_the_least_bad_pairing_and_say_so() {
    let s = played(4, &[(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]);
    let p = pair(&s, 4, 0).unwrap();
    assert_eq!(pairs(&p), vec![(0, 1), (2, 3)]);
    assert_eq!(
        broken(&s, 4, &p),
        vec![
            Broken::Rematch { a: 0, b: 1 },
            Broken::Rematch { a: 2, b: 3 }
        ]
    );
    // One rematch avoidable of two: 0 played 1 and 2; 3 played 1 and 2.
    let s = played(4, &[(0, 1), (0, 2), (3, 1), (3, 2), (1, 2)]);
    let p = pair(&s, 3, 0).unwrap();
    assert_eq!(pairs(&p), vec![(0, 3), (1, 2)]);
    assert_eq!(broken(&s, 3, &p), vec![Broken::Rematch { a: 1, b: 2 }]);
}

#[test]
fn round_one_keeps_clubs_apart() {
    let s = with_clubs(&["A", "A", "A", "A", "B", "B", "B", "B"]);
    for seed in 0..20 {
        let p = pair(&s, 1, seed).unwrap();
        assert!(broken(&s, 1, &p).is_empty(), "seed {seed}: {p:?}");
    }
    // Four of one club among six: one same-club table cannot be avoided, and only one.
    let s = with_clubs(&["A", "A", "A", "A", "B", "C"]);
    for seed in 0..20 {
        let p = pair(&s, 1, seed).unwrap();
        let same = broken(&s, 1, &p);
        assert_eq!(same.len(), 1, "seed {seed}: {same:?}");
        assert!(matches!(same[0], Broken::SameClub { .. }));
    }
}

#[test]
fn club_names_are_compared_trimmed_and_without_case() {
    let s = with_clubs(&["Grognards", " grognards", "HUSSARDS", "Hussards "]);
    for seed in 0..10 {
        let p = pair(&s, 1, seed).unwrap();
        for t in &p.tables {
            assert!((t.a < 2) != (t.b < 2), "seed {seed}: {p:?}");
        }
    }
    // Empty club names are no club.
    let s = with_clubs(&["", " ", "", ""]);
    assert!(broken(&s, 1, &pair(&s, 1, 0).unwrap()).is_empty());
}

#[test]
fn clubs_may_meet_after_round_one() {
    let s = with_clubs(&["A", "A", "B", "B"]);
    let p = pair(&s, 2, 0).unwrap();
    assert_eq!(pairs(&p), vec![(0, 1), (2, 3)]);
    assert!(broken(&s, 2, &p).is_empty());
    assert_eq!(broken(&s, 1, &p).len(), 2);
}

#[test]
fn no_table_twice_where_possible() {
    let mut s = seats(4);
    s[0].tables = vec![1];
    s[1].tables = vec![1];
    let p = pair(&s, 2, 0).unwrap();
    assert_eq!(
        p.tables,
        vec![
            Table {
                number: 1,
                a: 2,
                b: 3
            },
            Table {
                number: 2,
                a: 0,
                b: 1
            }
        ]
    );
    assert!(broken(&s, 2, &p).is_empty());
    // Both tables played by the leaders: one of them sits again at one.
    s[0].tables = vec![1, 2];
    s[1].tables = vec![2, 1];
    let p = pair(&s, 3, 0).unwrap();
    assert_eq!(broken(&s, 3, &p).len(), 2);
}

/// What an organiser's swap breaks, each named.
#[test]
fn broken_names_what_a_swap_breaks() {
    let mut s = played(5, &[(0, 2)]);
    s[3].had_bye = true;
    s[3].tables = vec![1];
    let swapped = Pairing {
        tables: vec![
            Table {
                number: 1,
                a: 0,
                b: 2,
            },
            Table {
                number: 2,
                a: 1,
                b: 4,
            },
        ],
        bye: Some(3),
    };
    assert_eq!(
        broken(&s, 2, &swapped),
        vec![
            Broken::Rematch { a: 0, b: 2 },
            Broken::SecondBye { player: 3 }
        ]
    );
    let moved = Pairing {
        tables: vec![Table {
            number: 1,
            a: 3,
            b: 9,
        }],
        bye: None,
    };
    assert!(
        broken(&s, 2, &moved).is_empty(),
        "unknown players passed over"
    );
    let at_one = Pairing {
        tables: vec![Table {
            number: 1,
            a: 3,
            b: 4,
        }],
        bye: None,
    };
    assert_eq!(
        broken(&s, 2, &at_one),
        vec![Broken::TableAgain {
            player: 3,
            table: 1
        }]
    );
}

#[test]
fn a_seed_draws_the_same_round_one_and_seeds_differ() {
    let s = seats(16);
    let first = pair(&s, 1, 42).unwrap();
    assert_eq!(pair(&s, 1, 42).unwrap(), first);
    let mut drawn: Vec<Vec<(usize, usize)>> = (0..10)
        .map(|seed| pairs(&pair(&s, 1, seed).unwrap()))
        .collect();
    drawn.sort();
    drawn.dedup();
    assert!(drawn.len() >= 9, "{drawn:?}");
    // Not the standing: round 1 is no 0–1, 2–3, … pairing.
    assert_ne!(
        pairs(&first),
        (0..8).map(|k| (2 * k, 2 * k + 1)).collect::<Vec<_>>()
    );
}

#[test]
fn the_draw_is_a_permutation_and_depends_on_the_seed_only() {
    for n in [0, 1, 2, 7, 64] {
        let mut place = draw(n, 9);
        assert_eq!(place, draw(n, 9));
        place.sort_unstable();
        assert_eq!(place, (0..n).collect::<Vec<_>>());
    }
    assert_ne!(draw(64, 1), draw(64, 2));
}

/// A simulated event: players with clubs, rounds paired with `pair`, random results (win 3,
/// draw 1), the standing by points then identity. Each round is checked by `check`.
struct Event {
    club: Vec<Option<String>>,
    points: Vec<u32>,
    opponents: Vec<Vec<usize>>,
    had_bye: Vec<bool>,
    tables: Vec<Vec<u32>>,
    rng: u64,
}

impl Event {
    fn new(clubs: &[Option<u8>], rng: u64) -> Event {
        let n = clubs.len();
        Event {
            club: clubs
                .iter()
                .map(|c| c.map(|c| format!("club {c}")))
                .collect(),
            points: vec![0; n],
            opponents: vec![Vec::new(); n],
            had_bye: vec![false; n],
            tables: vec![Vec::new(); n],
            rng,
        }
    }

    fn random(&mut self) -> u64 {
        self.rng = self
            .rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.rng >> 33
    }

    /// The players in standing order, and their seats.
    fn standing(&self) -> (Vec<usize>, Vec<Seat>) {
        let n = self.points.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(self.points[p]), p));
        let mut at = vec![0; n];
        for (k, &p) in order.iter().enumerate() {
            at[p] = k;
        }
        let seats = order
            .iter()
            .map(|&p| Seat {
                club: self.club[p].clone(),
                points: self.points[p],
                opponents: self.opponents[p].iter().map(|&o| at[o]).collect(),
                had_bye: self.had_bye[p],
                tables: self.tables[p].clone(),
            })
            .collect();
        (order, seats)
    }

    /// Plays round `round`, `check`ing its pairing first.
    fn play(&mut self, round: u32, seed: u64, check: impl Fn(&[Seat], &Pairing)) {
        let (order, seats) = self.standing();
        let p = pair(&seats, round, seed).unwrap();
        check(&seats, &p);
        for t in &p.tables {
            let (a, b) = (order[t.a], order[t.b]);
            self.opponents[a].push(b);
            self.opponents[b].push(a);
            self.tables[a].push(t.number);
            self.tables[b].push(t.number);
            match self.random() % 3 {
                0 => self.points[a] += 3,
                1 => self.points[b] += 3,
                _ => {
                    self.points[a] += 1;
                    self.points[b] += 1;
                }
            }
        }
        if let Some(b) = p.bye {
            self.had_bye[order[b]] = true;
            self.points[order[b]] += 3;
        }
    }
}

/// Every player once: at one table or with the bye; tables numbered 1..=k.
fn check_whole(seats: &[Seat], p: &Pairing) {
    let mut seen = vec![0; seats.len()];
    for (k, t) in p.tables.iter().enumerate() {
        assert_eq!(t.number, k as u32 + 1);
        seen[t.a] += 1;
        seen[t.b] += 1;
    }
    if let Some(b) = p.bye {
        seen[b] += 1;
    }
    assert!(seen.iter().all(|&s| s == 1), "{p:?}");
    assert_eq!(p.bye.is_some(), seats.len() % 2 == 1);
}

/// The least cost of a perfect matching of the round's graph, by enumeration.
fn least_cost(graph: &Graph) -> i128 {
    fn go(left: &mut Vec<usize>, g: &Graph) -> i128 {
        let Some(a) = left.pop() else { return 0 };
        let mut best = i128::MAX;
        for k in 0..left.len() {
            let b = left.remove(k);
            best = best.min(g.cost[a * g.vertices + b] + go(left, g));
            left.insert(k, b);
        }
        left.push(a);
        best
    }
    go(&mut (0..graph.vertices).collect(), graph)
}

fn cost_of(graph: &Graph, p: &Pairing) -> i128 {
    let v = graph.vertices;
    let tables: i128 = p.tables.iter().map(|t| graph.cost[t.a * v + t.b]).sum();
    tables + p.bye.map_or(0, |b| graph.cost[b * v + v - 1])
}

fn clubs(max_players: usize) -> impl Strategy<Value = Vec<Option<u8>>> {
    proptest::collection::vec(proptest::option::weighted(0.8, 0u8..4), 0..=max_players)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Events of up to 10 players over up to 6 rounds: each round's pairing is whole and its
    /// cost the least of all perfect matchings (so no rematch, second bye or round-1 club
    /// meeting that another pairing avoids, the bye to the lowest-placed player without one,
    /// score groups and places as near as they can be).
    #[test]
    fn small_events_pair_optimally(clubs in clubs(10), rounds in 1u32..=6, seed: u64) {
        let mut event = Event::new(&clubs, seed);
        for round in 1..=rounds {
            event.play(round, seed, |seats, p| {
                check_whole(seats, p);
                let graph = Graph::new(seats, round, seed).unwrap();
                assert_eq!(cost_of(&graph, p), least_cost(&graph), "round {round}: {p:?}");
            });
        }
    }

    /// Events of 11 to 60 players over up to 6 rounds, beyond brute force: the rules that a
    /// count argument says can be kept are kept. No rematch nor second bye while the players
    /// are at least 2·(rounds played) + 3 (then every player has at least half the others
    /// left to meet, Dirac's theorem gives a cycle through all, so a perfect matching); no
    /// table again while the tables are at least 4·(rounds played) (Hall's condition, each
    /// pair and each table being excluded by at most half the other side); no club meeting
    /// in round 1 while no club has more than half the seats.
    #[test]
    fn larger_events_keep_the_rules(clubs in clubs(60), rounds in 1u32..=6, seed: u64) {
        prop_assume!(clubs.len() > 10);
        let mut event = Event::new(&clubs, seed);
        for round in 1..=rounds {
            event.play(round, seed, |seats, p| {
                check_whole(seats, p);
                let n = seats.len();
                let before = round as usize - 1;
                let found = broken(seats, round, p);
                if n >= 2 * before + 3 {
                    assert!(
                        !found.iter().any(|b| matches!(b, Broken::Rematch { .. } | Broken::SecondBye { .. })),
                        "round {round}: {found:?}"
                    );
                }
                if p.tables.len() >= 4 * before {
                    assert!(!found.iter().any(|b| matches!(b, Broken::TableAgain { .. })), "{found:?}");
                }
                let vertices = n + n % 2;
                let largest = (0..4u8)
                    .map(|c| clubs.iter().filter(|&&x| x == Some(c)).count())
                    .max()
                    .unwrap_or(0);
                if round == 1 && largest <= vertices / 2 {
                    assert!(!found.iter().any(|b| matches!(b, Broken::SameClub { .. })), "{found:?}");
                }
            });
        }
    }
}
