//! The standings: tournament points (a win, a draw, a loss as `[scoring]` says; the bye a
//! win), then strength of schedule (the sum of the points of the opponents met), then the
//! score difference (victory points for less those against, over the games given a score);
//! players equal on all three share a rank and are listed by name.

use serde::Serialize;

use super::file::{EventFile, Outcome};

/// A player's standing.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Standing {
    pub rank: u32,
    pub player: String,
    pub club: Option<String>,
    pub points: u32,
    pub sos: u32,
    pub score_diff: i64,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
    /// The round after which the player left the event (`muster event drop`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped_after: Option<u32>,
}

/// What one player did over the rounds counted.
#[derive(Default, Clone)]
struct Tally {
    points: u32,
    score_diff: i64,
    played: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    byes: u32,
    /// The entries met in games with a result.
    opponents: Vec<usize>,
}

/// The standings after the first `rounds` rounds (the tables without a result count
/// nothing yet).
pub fn standings(file: &EventFile, rounds: usize) -> Vec<Standing> {
    let index = |name: &str| file.entries.iter().position(|e| e.player == name);
    let mut tally = vec![Tally::default(); file.entries.len()];
    let s = file.scoring;
    for round in file.rounds.iter().take(rounds) {
        if let Some(i) = round.bye.as_deref().and_then(index) {
            tally[i].points += s.win;
            tally[i].byes += 1;
        }
        for t in &round.tables {
            let (Some(a), Some(b), Some(result)) = (index(&t.a), index(&t.b), t.result) else {
                continue;
            };
            let (pa, pb) = match result {
                Outcome::A => (s.win, s.loss),
                Outcome::B => (s.loss, s.win),
                Outcome::Draw => (s.draw, s.draw),
            };
            for (me, them, p, won) in [
                (a, b, pa, result == Outcome::A),
                (b, a, pb, result == Outcome::B),
            ] {
                let t2 = &mut tally[me];
                t2.points += p;
                t2.played += 1;
                t2.opponents.push(them);
                match (result, won) {
                    (Outcome::Draw, _) => t2.draws += 1,
                    (_, true) => t2.wins += 1,
                    (_, false) => t2.losses += 1,
                }
            }
            if let Some([sa, sb]) = t.score {
                let d = i64::from(sa) - i64::from(sb);
                tally[a].score_diff += d;
                tally[b].score_diff -= d;
            }
        }
    }
    let mut rows: Vec<Standing> = file
        .entries
        .iter()
        .zip(&tally)
        .map(|(e, t)| Standing {
            rank: 0,
            player: e.player.clone(),
            club: e.club.clone(),
            points: t.points,
            sos: t.opponents.iter().map(|o| tally[*o].points).sum(),
            score_diff: t.score_diff,
            played: t.played,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            byes: t.byes,
            dropped_after: e.dropped_after,
        })
        .collect();
    rows.sort_by(|x, y| {
        (y.points, y.sos, y.score_diff)
            .cmp(&(x.points, x.sos, x.score_diff))
            .then_with(|| x.player.cmp(&y.player))
    });
    for i in 0..rows.len() {
        rows[i].rank = if i > 0
            && (rows[i].points, rows[i].sos, rows[i].score_diff)
                == (rows[i - 1].points, rows[i - 1].sos, rows[i - 1].score_diff)
        {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
    }
    rows
}
