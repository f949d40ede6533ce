//! Duels as a ruleset declares them: which of its procedures two units of facing lists can
//! play ([`DuelDecl`]) and which parts of the situation a page may choose ([`DuelChoice`]):
//! plain data, which a ruleset's [`Meta`](super::Meta) holds.

use serde::Serialize;

/// A procedure two units of facing lists can play: which of its parameters each unit fills.
#[derive(Debug)]
pub struct DuelDecl {
    pub procedure: &'static str,
    /// The unit parameter the first unit fills (the shooter, side A).
    pub first: &'static str,
    /// The unit parameter the second unit fills.
    pub second: &'static str,
    /// Played each way: the first unit's, then the second's.
    pub both_ways: bool,
    /// What the procedure's mean counts (the matchup table's heading): "casualties".
    pub measures: &'static str,
    /// Parameters the matchup table gives besides the situation, when its mean needs less
    /// than the whole preview (a melee's first-round casualties: `rounds=1`).
    pub matchup: &'static [(&'static str, &'static str)],
    /// The numbers a page leads with, in words: where each is in the JSON, the key of its
    /// words in the ruleset's labels (`{first}`, `{second}`: the units), a chance or a count.
    pub headline: &'static [Headline],
    /// The duel's heading: `{first}` and `{second}` are the units' names, `{KEY}` the value of
    /// a choice.
    pub title: &'static str,
    /// Parameters every duel of it sets besides the situation (a flag's value: "").
    pub sets: &'static [(&'static str, &'static str)],
    /// Choices whose values its procedure takes under other words: (choice, its value,
    /// parameter, value): a fire's `range=medium` is a gun's `range=effective`.
    pub maps: &'static [(&'static str, &'static str, &'static str, &'static str)],
    /// Left out of a pair's duels where the units cannot play it (a gun's shot between two
    /// units without a gun), instead of shown refused.
    pub only_where_played: bool,
    /// Whether the matchup table has a table of it; `false`: its numbers show in another
    /// duel's cells, as one of its [`Variant`]s.
    pub table: bool,
    /// Other ways the first unit may act, which a matchup cell shows in place of this one
    /// (a gun's canister beside its gunners' muskets; cavalry charging into the melee).
    pub variants: &'static [Variant],
}

impl DuelDecl {
    /// A duel with nothing besides its units and the situation (the rest of the fields are
    /// given in each declaration).
    pub const PLAIN: DuelDecl = DuelDecl {
        procedure: "",
        first: "",
        second: "",
        both_ways: false,
        measures: "",
        matchup: &[],
        headline: &[],
        title: "",
        sets: &[],
        maps: &[],
        only_where_played: false,
        table: true,
        variants: &[],
    };
}

/// Another way a duel may go, shown by a matchup cell in the duel's place: where a unit is of
/// its arm (cavalry charges into a melee; the first variant whose arm matches is taken), or,
/// with no arm, where it does more (a gun's round shot does more than its gunners' muskets).
#[derive(Debug)]
pub struct Variant {
    /// What the cell says it shows, a key of the ruleset's labels with `variant_`: "canister".
    pub key: &'static str,
    /// Its mark beside a number of the text table, and what the legend says of it.
    pub mark: (&'static str, &'static str),
    pub decl: &'static DuelDecl,
    /// The first unit's arm (its row's `arm` in `muster check --format json`) that takes it.
    pub arm: Option<&'static str>,
    /// The second unit's arm that takes it (the enemy's cavalry charges into the melee).
    pub enemy_arm: Option<&'static str>,
    /// The situation's values it needs (`charge=none`: no one charges unless it does).
    pub when: &'static [(&'static str, &'static str)],
}

/// A number a duel leads with.
#[derive(Debug, Clone, Copy)]
pub struct Headline {
    /// A JSON pointer into the procedure's `--format json`: "/mean", "/p_a_wins".
    pub at: &'static str,
    /// The key of its words in the ruleset's labels: "headline_casualties".
    pub label: &'static str,
    /// A chance (shown as a percentage), else a count.
    pub chance: bool,
    /// The state of a game's second unit in which what it gives a chance of has already
    /// happened (a target already routed routs no more): left out for such a unit.
    pub done_when: Option<&'static str>,
}

impl Headline {
    pub const fn count(at: &'static str, label: &'static str) -> Self {
        Self {
            at,
            label,
            chance: false,
            done_when: None,
        }
    }

    pub const fn chance(at: &'static str, label: &'static str) -> Self {
        Self {
            at,
            label,
            chance: true,
            done_when: None,
        }
    }

    /// This chance, left out where the second unit is already in `state`.
    pub const fn done_when(self, state: &'static str) -> Self {
        Self {
            done_when: Some(state),
            ..self
        }
    }
}

/// What a value of a choice sets in the procedures that declare the parameter.
#[derive(Debug, Clone, Copy)]
pub enum Sets {
    /// The parameter of this name takes the value.
    Param(&'static str),
    /// The value gives this flag (value, flag); other values give none.
    Flags(&'static [(&'static str, &'static str)]),
    /// The parameter of this name takes the value, but for this value, which leaves the
    /// parameter out (the preview's own default: a side's formation not given).
    ParamUnless(&'static str, &'static str),
}

/// A part of the duels' situation that a page offers to choose (range, cover, who charges),
/// with the values the ruleset knows and the one taken when none is given.
#[derive(Debug, Clone, Serialize)]
pub struct DuelChoice {
    pub key: &'static str,
    pub label: &'static str,
    pub values: &'static [&'static str],
    pub default: &'static str,
    #[serde(skip)]
    pub sets: Sets,
}
