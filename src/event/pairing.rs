//! Swiss pairings (issue 39): who plays whom in a round, at which table, and who has the bye,
//! chosen as a whole, as a minimum-cost perfect matching on the general graph of the players,
//! never greedily from the top.
//!
//! **The graph.** One vertex per player and, for an odd count, one more: the bye (its partner
//! has the bye). Every two vertices are joined; an edge's cost says what pairing them breaks
//! or gives up, in levels, each weighted above everything the levels below can add up to
//! (so the order is strict, lexicographic):
//!
//! 1. a rematch (the two have played each other): prohibitive;
//! 2. a second bye (the bye's edge to a player who had one): prohibitive;
//! 3. in round 1 only, two players of the same club (names compared trimmed and without case);
//! 4. the bye's place: the bye's edge to the player `k` places above the lowest costs `k`, so
//!    it goes to the lowest-placed player without one;
//! 5. the score groups between the two players, squared (a group: the players on the same
//!    points; 0 in round 1);
//! 6. the places between the two players, squared: within a group the matching pairs
//!    neighbours (1st–2nd, 3rd–4th), the sum of squares being least for them.
//!
//! In round 1 the places are those of a shuffle of the players (Fisher–Yates driven by
//! SplitMix64 from the event's seed: same seed, same pairing), so the round is drawn at random,
//! clubs kept apart where the clubs allow; from round 2 on, the places are the standing's
//! (`seats` come in standing order) and the seed is not used.
//!
//! **When no pairing avoids a rematch or a second bye** (a small event played for many
//! rounds) [`pair`] does not fail: it returns the least-bad pairing (the fewest rematches, then
//! no second bye where one can be avoided, then the rest as above), and [`broken`] names what
//! it breaks, as it does for a pairing the organiser changed; the caller shows that as a
//! warning. [`pair`] fails only on what it was given: more than [`MAX_SEATS`] players, round 0,
//! an opponent who is no player of the event.
//!
//! **Tables** are assigned after the matching, as an assignment problem (pairs × tables
//! 1..=k): least the players sitting again at a table they played at, then least the distance
//! between a pair's table and its rank (the leading pair at table 1).
//!
//! The algorithms are in `pairing/matching.rs` (Edmonds' blossom algorithm in Galil's O(n³)
//! form, the Hungarian method). 256 players of a sixth round pair in about 11 ms, 512 in
//! about 60 ms (`benches/pairing.rs`, on a 2-core machine under load).

mod matching;

use serde::Serialize;

/// The most players an event pairs: the matching takes O(n²) memory and O(n³) time.
pub const MAX_SEATS: usize = 512;

/// One player as the pairing sees them. For rounds after the first, `seats` come in standing
/// order (index 0 leads); indices are the players' identities throughout.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Seat {
    pub club: Option<String>,
    /// Tournament points (only their order matters: equal points make a score group).
    pub points: u32,
    /// The players met in earlier rounds (indices into the same `seats`).
    pub opponents: Vec<usize>,
    pub had_bye: bool,
    /// The tables played at in earlier rounds.
    pub tables: Vec<u32>,
}

/// A table of a round: `a` is the better placed of the two (in round 1, earlier in the draw).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Table {
    pub number: u32,
    pub a: usize,
    pub b: usize,
}

/// A round's pairing: tables numbered from 1, in order; the player with the bye, if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pairing {
    pub tables: Vec<Table>,
    pub bye: Option<usize>,
}

/// Something a pairing breaks, naming the players by index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "broken", rename_all = "kebab-case")]
pub enum Broken {
    /// `a` and `b` have played each other before.
    Rematch { a: usize, b: usize },
    /// `player` has the bye a second time.
    SecondBye { player: usize },
    /// `a` and `b`, of the same club, meet in round 1.
    SameClub { a: usize, b: usize },
    /// `player` plays at `table` again.
    TableAgain { player: usize, table: u32 },
}

/// Why a round cannot be paired: what was given is not an event's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("an event pairs at most {MAX_SEATS} players; this one has {seats}")]
    TooManySeats { seats: usize },
    #[error("rounds are numbered from 1; round 0 cannot be paired")]
    RoundZero,
    #[error(
        "player {player}'s opponent {opponent} is no other player of the event ({seats} players, numbered from 0)"
    )]
    BadOpponent {
        player: usize,
        opponent: usize,
        seats: usize,
    },
}

/// Pairs round `round` (from 1) of the players `seats`; `seed` draws round 1. See the
/// module's documentation for the rules and the costs.
pub fn pair(seats: &[Seat], round: u32, seed: u64) -> Result<Pairing, PairingError> {
    let graph = Graph::new(seats, round, seed)?;
    let n = graph.vertices;
    let mate = matching::min_cost_perfect(n, &graph.cost);
    let players = seats.len();
    let mut bye = None;
    let mut pairs = Vec::new();
    for (v, &m) in mate.iter().enumerate().take(players) {
        if m >= players {
            bye = Some(v);
        } else if v < m {
            let (a, b) = if graph.place[v] < graph.place[m] {
                (v, m)
            } else {
                (m, v)
            };
            pairs.push((a, b));
        }
    }
    pairs.sort_by_key(|&(a, _)| graph.place[a]);
    Ok(Pairing {
        tables: assign_tables(seats, &pairs),
        bye,
    })
}

/// What `pairing` breaks in round `round` (after an organiser's swap, or because no better
/// pairing existed): rematches, a second bye, clubs met in round 1, a table played twice.
/// Indices beyond `seats` are passed over.
pub fn broken(seats: &[Seat], round: u32, pairing: &Pairing) -> Vec<Broken> {
    let clubs: Vec<Option<String>> = seats.iter().map(club_key).collect();
    let mut out = Vec::new();
    for table in &pairing.tables {
        let (Some(sa), Some(sb)) = (seats.get(table.a), seats.get(table.b)) else {
            continue;
        };
        if sa.opponents.contains(&table.b) || sb.opponents.contains(&table.a) {
            out.push(Broken::Rematch {
                a: table.a,
                b: table.b,
            });
        }
        if round == 1 && clubs[table.a].is_some() && clubs[table.a] == clubs[table.b] {
            out.push(Broken::SameClub {
                a: table.a,
                b: table.b,
            });
        }
        for (player, seat) in [(table.a, sa), (table.b, sb)] {
            if seat.tables.contains(&table.number) {
                out.push(Broken::TableAgain {
                    player,
                    table: table.number,
                });
            }
        }
    }
    if let Some(player) = pairing.bye {
        if seats.get(player).is_some_and(|s| s.had_bye) {
            out.push(Broken::SecondBye { player });
        }
    }
    out
}

/// A club's name as compared: trimmed, lower case; none when empty.
fn club_key(seat: &Seat) -> Option<String> {
    let name = seat.club.as_deref()?.trim();
    (!name.is_empty()).then(|| name.to_lowercase())
}

/// Bit offsets of the cost levels (module documentation): each level's total over a whole
/// pairing stays below the next offset. Places and groups differ by at most 511, so a pair's
/// squared distance is below 2¹⁸ and 256 pairs' below 2²⁶; the bye's place is below 2⁹; at
/// most 256 same-club pairs and rematches, one bye.
const PLACES: u32 = 0;
const GROUPS: u32 = 26;
const BYE_PLACE: u32 = 52;
const SAME_CLUB: u32 = 61;
const SECOND_BYE: u32 = 70;
const REMATCH: u32 = 79;

/// The complete graph of a round: the players, then the bye's vertex for an odd count.
struct Graph {
    vertices: usize,
    /// `cost[i * vertices + j]`.
    cost: Vec<i128>,
    /// Each player's place: in the draw for round 1, in the standing after.
    place: Vec<usize>,
}

impl Graph {
    fn new(seats: &[Seat], round: u32, seed: u64) -> Result<Graph, PairingError> {
        let players = seats.len();
        if players > MAX_SEATS {
            return Err(PairingError::TooManySeats { seats: players });
        }
        if round == 0 {
            return Err(PairingError::RoundZero);
        }
        for (player, seat) in seats.iter().enumerate() {
            if let Some(&opponent) = seat
                .opponents
                .iter()
                .find(|&&o| o >= players || o == player)
            {
                return Err(PairingError::BadOpponent {
                    player,
                    opponent,
                    seats: players,
                });
            }
        }
        let place: Vec<usize> = if round == 1 {
            draw(players, seed)
        } else {
            (0..players).collect()
        };
        // Score groups: 0 for the most points, counting each distinct total once.
        let group: Vec<i128> = if round == 1 {
            vec![0; players]
        } else {
            let mut totals: Vec<u32> = seats.iter().map(|s| s.points).collect();
            totals.sort_unstable_by(|a, b| b.cmp(a));
            totals.dedup();
            seats
                .iter()
                .map(|s| totals.partition_point(|&t| t > s.points) as i128)
                .collect()
        };
        let clubs: Vec<Option<String>> = seats.iter().map(club_key).collect();
        let vertices = players + players % 2;
        let mut cost = vec![0i128; vertices * vertices];
        for i in 0..players {
            for j in i + 1..players {
                let places = (place[i] as i128 - place[j] as i128).pow(2);
                let groups = (group[i] - group[j]).pow(2);
                let rematch = seats[i].opponents.contains(&j) || seats[j].opponents.contains(&i);
                let same_club = round == 1 && clubs[i].is_some() && clubs[i] == clubs[j];
                let c = (places << PLACES)
                    + (groups << GROUPS)
                    + (i128::from(same_club) << SAME_CLUB)
                    + (i128::from(rematch) << REMATCH);
                cost[i * vertices + j] = c;
                cost[j * vertices + i] = c;
            }
        }
        if vertices > players {
            let bye = players;
            for (i, seat) in seats.iter().enumerate() {
                let above_lowest = (players - 1 - place[i]) as i128;
                let c = (above_lowest << BYE_PLACE) + (i128::from(seat.had_bye) << SECOND_BYE);
                cost[i * vertices + bye] = c;
                cost[bye * vertices + i] = c;
            }
        }
        Ok(Graph {
            vertices,
            cost,
            place,
        })
    }
}

/// The places of `players` in a draw: a Fisher–Yates shuffle whose numbers come from
/// SplitMix64 (G. L. Steele, D. Lea, C. H. Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014; the constants of S. Vigna's public-domain version), each index
/// taken by Lemire's multiply-shift (`x · bound >> 64`: a bias below bound / 2⁶⁴).
fn draw(players: usize, seed: u64) -> Vec<usize> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    // order[k]: the player drawn k-th.
    let mut order: Vec<usize> = (0..players).collect();
    for k in (1..players).rev() {
        let pick = ((u128::from(next()) * (k as u128 + 1)) >> 64) as usize;
        order.swap(k, pick);
    }
    let mut place = vec![0; players];
    for (k, &player) in order.iter().enumerate() {
        place[player] = k;
    }
    place
}

/// Tables 1..=k for the pairs (in rank order): the fewest players back at a table they played
/// at, then each pair as near its rank's table as that allows.
fn assign_tables(seats: &[Seat], pairs: &[(usize, usize)]) -> Vec<Table> {
    let k = pairs.len();
    let mut cost = vec![0i64; k * k];
    for (p, &(a, b)) in pairs.iter().enumerate() {
        for t in 0..k {
            let number = t as u32 + 1;
            let again = i64::from(seats[a].tables.contains(&number))
                + i64::from(seats[b].tables.contains(&number));
            // At most 512 returns, and a distance sum below 256² < 2²⁰.
            cost[p * k + t] = (again << 20) + (p as i64 - t as i64).abs();
        }
    }
    let column = matching::min_cost_assignment(k, &cost);
    let mut tables: Vec<Table> = pairs
        .iter()
        .zip(column)
        .map(|(&(a, b), t)| Table {
            number: t as u32 + 1,
            a,
            b,
        })
        .collect();
    tables.sort_by_key(|t| t.number);
    tables
}

#[cfg(test)]
mod tests;
