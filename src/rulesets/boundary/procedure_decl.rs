//! Preview procedures as a ruleset declares them ([`Procedure`]: its name, summary, rule
//! reference and every parameter with its kind, bounds, default, help and the unit it belongs
//! to): plain data, which a ruleset's [`Meta`](super::Meta) holds.

use serde::Serialize;

use crate::core::words::Phrase;

/// The unit of a procedure a parameter belongs to (the shooter and the target, side A and side
/// B), or neither (the situation, the output).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    First,
    Second,
    Neither,
}

/// What a parameter takes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// Present or not.
    Flag,
    /// A whole number within bounds (the rules' or a documented engine limit).
    Int { min: i64, max: i64 },
    /// One of these values, each with its help ("" for none).
    Choice(&'static [(&'static str, &'static str)]),
    /// An id of the ruleset's data (a skill, a modifier), checked by the ruleset, whose
    /// message names the known ids.
    Id,
    /// A unit: a sheet or entry id (with `:FIGURES` when `figures`), or `FILE:N` / `FILE:LABEL`.
    Unit { figures: bool },
}

/// One parameter of a procedure: the flag `--NAME`.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    pub name: &'static str,
    pub kind: Kind,
    pub help: &'static str,
    pub side: Side,
    /// The placeholder in help (`ID`, `N`); the kind's own when `None`.
    pub value_name: Option<&'static str>,
    /// The value taken when the flag is not given (shown in help).
    pub default: Option<&'static str>,
    /// May be given several times.
    pub repeat: bool,
    pub required: bool,
    /// Parameters that cannot be given with this one.
    pub conflicts: &'static [&'static str],
    /// An earlier spelling of a unit, `--LIST FILE --UNIT N`, accepted and not shown in help.
    pub legacy: Option<(&'static str, &'static str)>,
    /// What an id of it names (a skill, a unit's sheet), when a player may give it by its name
    /// in any of the ruleset's languages instead ([`crate::core::names`]).
    pub names: Option<crate::core::names::NameKind>,
}

impl Param {
    const fn new(name: &'static str, kind: Kind, help: &'static str) -> Param {
        Param {
            name,
            kind,
            help,
            side: Side::Neither,
            value_name: None,
            default: None,
            repeat: false,
            required: false,
            conflicts: &[],
            legacy: None,
            names: None,
        }
    }

    /// An id that may be given by its name too ([`Param::names`]).
    pub const fn names(mut self, kind: crate::core::names::NameKind) -> Param {
        self.names = Some(kind);
        self
    }

    pub const fn flag(name: &'static str, help: &'static str) -> Param {
        Param::new(name, Kind::Flag, help)
    }

    pub const fn int(name: &'static str, min: i64, max: i64, help: &'static str) -> Param {
        Param::new(name, Kind::Int { min, max }, help)
    }

    /// A number within a `u32` limit of the engine or the rules.
    pub const fn int_u(
        name: &'static str,
        range: std::ops::RangeInclusive<u32>,
        help: &'static str,
    ) -> Param {
        Param::int(name, *range.start() as i64, *range.end() as i64, help)
    }

    /// A number within an `i32` limit of the engine or the rules.
    pub const fn int_i(
        name: &'static str,
        range: std::ops::RangeInclusive<i32>,
        help: &'static str,
    ) -> Param {
        Param::int(name, *range.start() as i64, *range.end() as i64, help)
    }

    pub const fn choice(
        name: &'static str,
        values: &'static [(&'static str, &'static str)],
        help: &'static str,
    ) -> Param {
        Param::new(name, Kind::Choice(values), help)
    }

    pub const fn id(name: &'static str, value_name: &'static str, help: &'static str) -> Param {
        Param::new(name, Kind::Id, help).value_name(value_name)
    }

    /// A unit without figures: a sheet id, `FILE:N` or `FILE:LABEL`.
    pub const fn unit(name: &'static str, help: &'static str) -> Param {
        Param::new(name, Kind::Unit { figures: false }, help).value_name("UNIT")
    }

    /// A unit whose figures may be given with its id: `ID:FIGURES`.
    pub const fn unit_with_figures(name: &'static str, help: &'static str) -> Param {
        Param::new(name, Kind::Unit { figures: true }, help).value_name("UNIT")
    }

    pub const fn first(mut self) -> Param {
        self.side = Side::First;
        self
    }

    pub const fn second(mut self) -> Param {
        self.side = Side::Second;
        self
    }

    pub const fn value_name(mut self, name: &'static str) -> Param {
        self.value_name = Some(name);
        self
    }

    pub const fn default(mut self, value: &'static str) -> Param {
        self.default = Some(value);
        self
    }

    pub const fn repeat(mut self) -> Param {
        self.repeat = true;
        self
    }

    pub const fn required(mut self) -> Param {
        self.required = true;
        self
    }

    pub const fn conflicts(mut self, names: &'static [&'static str]) -> Param {
        self.conflicts = names;
        self
    }

    pub const fn legacy(mut self, list: &'static str, unit: &'static str) -> Param {
        self.legacy = Some((list, unit));
        self
    }
}

/// What a procedure's chart counts, or why it has none (`--plot` is refused with it).
#[derive(Debug, Clone, Copy)]
pub enum Chart {
    /// Its title: the key of its words in each language (`msg_<key>`) and its English
    /// template, whose `{a}` and `{b}` are the units (the command line's "A" and "B", a
    /// page's their names).
    Of(&'static str, &'static str),
    None(&'static str),
}

impl Chart {
    /// The chart's title, its units "A" and "B" (a page names them: [`Phrase::named`]).
    pub fn title(&self) -> Option<Phrase> {
        match self {
            Chart::Of(key, en) => Some(Phrase::new(key, en).text("a", "A").text("b", "B")),
            Chart::None(_) => None,
        }
    }
}

/// A preview procedure of a ruleset, as `muster preview NAME` takes it.
#[derive(Debug, Clone, Copy)]
pub struct Procedure {
    pub name: &'static str,
    /// What it works out: "A volley: casualties, reduced units and routs".
    pub summary: &'static str,
    /// Where the rule is: "§7.5–7.6, §5.3", "p.11".
    pub rule: &'static str,
    /// How help heads the parameters of the first and the second unit: "Shooter", "Target".
    pub sides: [&'static str; 2],
    pub params: &'static [Param],
    pub chart: Chart,
    /// The number of its JSON output that sums it up (a JSON pointer: "/mean"), for the
    /// matchup table; `None` when it has none.
    pub mean: Option<&'static str>,
}

impl Procedure {
    pub fn param(&self, name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// One line for help and listings: "A volley: … (§7.5–7.6, §5.3)".
    pub fn about(&self) -> String {
        if self.rule.is_empty() {
            self.summary.to_owned()
        } else {
            format!("{} ({})", self.summary, self.rule)
        }
    }
}
