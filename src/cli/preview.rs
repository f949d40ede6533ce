//! `muster preview`: built from the procedures a ruleset declares (`Meta::procedures`, see
//! `rulesets::procedure`). Two rulesets may use the same procedure name (`artillery`,
//! `combat`), so the command is built for one ruleset, the one `--ruleset` names (scanned
//! before parsing, see [`super::scan_ruleset`]); its parsed procedure is read back for the same
//! ruleset, taken from the global `--ruleset` value in the matches.

/// How a preview prints: text for a player, JSON for a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PreviewFormat {
    #[default]
    Text,
    Json,
}

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser, ValueParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches, Subcommand};

use crate::core::i18n::Lang;
use crate::rulesets::procedure::{Kind, Param, Procedure, Request, Selector, Side, UnitRef, Value};
use crate::rulesets::Ruleset;

/// A preview procedure of one ruleset, with its parameters checked.
#[derive(Debug)]
pub struct PreviewCommand {
    pub request: Request,
    pub format: PreviewFormat,
    pub plot: Option<PathBuf>,
    /// `--lang`: the language of the text (default: the list's `lang`, else English).
    pub lang: Option<Lang>,
}

const ABOUT: &str = "Exact outcome distributions (the procedures depend on --ruleset)";

/// The `preview` command with the procedures of `ruleset`.
pub fn command(ruleset: Ruleset) -> Command {
    let mut cmd = Command::new("preview")
        .about(ABOUT)
        .subcommand_required(true)
        .arg_required_else_help(true)
        .after_help(format!(
            "These are the procedures of {}; `muster preview --ruleset ID --help` lists another ruleset's.",
            ruleset.title()
        ));
    for p in ruleset.procedures() {
        cmd = cmd.subcommand(procedure_command(ruleset, p));
    }
    cmd
}

fn procedure_command(ruleset: Ruleset, p: &'static Procedure) -> Command {
    let mut cmd = Command::new(p.name).about(p.about());
    let heading = |side: Side| match side {
        Side::First => p.sides[0],
        Side::Second => p.sides[1],
        Side::Neither => "Situation",
    };
    for side in [Side::First, Side::Second, Side::Neither] {
        for param in p.params.iter().filter(|x| x.side == side) {
            cmd = cmd.arg(arg(param).help_heading(heading(side)));
            if let Some((list, unit)) = param.legacy {
                cmd = cmd
                    .arg(
                        Arg::new(list)
                            .long(list)
                            .value_name("FILE")
                            .value_parser(clap::value_parser!(PathBuf))
                            .requires(unit)
                            .conflicts_with(param.name)
                            .hide(true),
                    )
                    .arg(
                        Arg::new(unit)
                            .long(unit)
                            .value_name("N")
                            .value_parser(clap::value_parser!(u64).range(1..))
                            .requires(list)
                            .hide(true),
                    );
            }
        }
    }
    cmd = cmd
        .arg(
            Arg::new("format")
                .long("format")
                .help("Output format")
                .value_parser(clap::value_parser!(PreviewFormat))
                .default_value("text")
                .help_heading("Output"),
        )
        .arg(
            Arg::new("plot")
                .long("plot")
                .value_name("FILE.svg|FILE.png")
                .help("Also draw the distribution to an SVG or PNG file")
                .value_parser(clap::value_parser!(PathBuf))
                .help_heading("Output"),
        );
    // A procedure whose own `--lang` chooses its table's words says its text in it too.
    if p.param("lang").is_none() {
        cmd = cmd.arg(
            Arg::new("lang")
                .long("lang")
                .help("Language of what it prints (default: the list's `lang`, else English)")
                .value_parser(PossibleValuesParser::new(["fr", "es", "en"]).map(|l| lang_of(&l)))
                .help_heading("Output"),
        );
    }
    if p.params.iter().any(|x| matches!(x.kind, Kind::Unit { .. })) {
        let sheet = ruleset.list_words().id;
        cmd = cmd.after_help(format!(
            "A UNIT is a {sheet}'s id or name in any language of the ruleset (ID:FIGURES where its \
             flag says so), or a unit of a list file: \
             FILE:N (its number, as `muster check` numbers them) or FILE:LABEL (its label), \
             e.g. lists/army.toml:3."
        ));
    }
    cmd
}

fn arg(p: &'static Param) -> Arg {
    let mut a = Arg::new(p.name).long(p.name).help(p.help);
    a = match p.value_name {
        // An id that may be given by its name too.
        Some(v) if p.names.is_some() => a.value_name(format!("{v}|NAME")),
        Some(v) => a.value_name(v),
        // As clap's derive names them: the flag in capitals.
        None => a.value_name(p.name.to_uppercase().replace('-', "_")),
    };
    a = match p.kind {
        Kind::Flag => a.action(ArgAction::SetTrue),
        Kind::Int { min, max } => a
            .value_parser(clap::value_parser!(i64).range(min..=max).map(Value::Int))
            .allow_hyphen_values(min < 0),
        Kind::Choice(values) => a
            .value_parser(
                PossibleValuesParser::new(values.iter().map(|(v, help)| {
                    let pv = PossibleValue::new(*v);
                    if help.is_empty() {
                        pv
                    } else {
                        pv.help(*help)
                    }
                }))
                .map(Value::Text),
            )
            .allow_hyphen_values(values.iter().any(|(v, _)| v.starts_with('-'))),
        Kind::Id => a.value_parser(ValueParser::new(|s: &str| -> Result<Value, String> {
            Ok(Value::Text(s.to_owned()))
        })),
        Kind::Unit { figures } => {
            a.value_parser(ValueParser::new(move |s: &str| -> Result<Value, String> {
                UnitRef::parse(s, figures).map(Value::Unit)
            }))
        }
    };
    if !matches!(p.kind, Kind::Flag) {
        a = a.action(if p.repeat {
            ArgAction::Append
        } else {
            ArgAction::Set
        });
    }
    if let Some(d) = p.default {
        a = a.default_value(d);
    }
    if p.required {
        a = a.required(true);
    }
    if !p.conflicts.is_empty() {
        a = a.conflicts_with_all(p.conflicts);
    }
    a
}

fn ruleset_of(matches: &ArgMatches) -> Ruleset {
    matches
        .try_get_one::<Ruleset>("ruleset")
        .ok()
        .flatten()
        .copied()
        .unwrap_or_default()
}

/// The request of the parsed procedure: each parameter given (defaults are left to the
/// declarations), the earlier `--LIST FILE --UNIT N` spellings read as `FILE:N`.
fn request(
    ruleset: Ruleset,
    p: &'static Procedure,
    m: &ArgMatches,
) -> Result<Request, clap::Error> {
    let mut request = Request::new(ruleset, p);
    let internal = |e: crate::core::error::Error| {
        // A raw message is printed as it is: it ends its line.
        clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{e}\n"))
    };
    for param in p.params {
        if let Some((list, unit)) = param.legacy {
            if let (Some(path), Some(n)) = (m.get_one::<PathBuf>(list), m.get_one::<u64>(unit)) {
                let value = Value::Unit(UnitRef::File {
                    path: path.clone(),
                    unit: Selector::Number(usize::try_from(*n).unwrap_or(usize::MAX)),
                });
                request.set(param.name, value).map_err(internal)?;
            }
        }
        if m.value_source(param.name) != Some(ValueSource::CommandLine) {
            continue;
        }
        match param.kind {
            Kind::Flag => {
                if m.get_flag(param.name) {
                    request.set(param.name, Value::Flag).map_err(internal)?;
                }
            }
            _ => {
                for v in m.get_many::<Value>(param.name).into_iter().flatten() {
                    request.set(param.name, v.clone()).map_err(internal)?;
                }
            }
        }
    }
    Ok(request)
}

/// The `--lang` given: the command's own, or the procedure's (a table's words) when it
/// declares one and it was given.
fn lang(p: &'static Procedure, m: &ArgMatches) -> Option<Lang> {
    if p.param("lang").is_none() {
        return m.get_one::<Lang>("lang").copied();
    }
    if m.value_source("lang") != Some(ValueSource::CommandLine) {
        return None;
    }
    match m.get_one::<Value>("lang")? {
        Value::Text(t) => Some(lang_of(t)),
        _ => None,
    }
}

/// A language by its id (one of the values the flag offers).
fn lang_of(id: &str) -> Lang {
    Lang::ALL
        .into_iter()
        .find(|l| l.id() == id)
        .unwrap_or(Lang::En)
}

impl FromArgMatches for PreviewCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let ruleset = ruleset_of(matches);
        let Some((name, m)) = matches.subcommand() else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "a preview procedure is required",
            ));
        };
        let Some(p) = ruleset.procedure(name) else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("`{name}` is not a procedure of {}", ruleset.title()),
            ));
        };
        Ok(PreviewCommand {
            request: request(ruleset, p, m)?,
            format: m
                .get_one::<PreviewFormat>("format")
                .copied()
                .unwrap_or_default(),
            plot: m.get_one::<PathBuf>("plot").cloned(),
            lang: lang(p, m),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for PreviewCommand {
    fn augment_subcommands(cmd: Command) -> Command {
        let mut cmd = cmd;
        for p in Ruleset::default().procedures() {
            cmd = cmd.subcommand(procedure_command(Ruleset::default(), p));
        }
        cmd
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        Ruleset::ALL.iter().any(|r| r.procedure(name).is_some())
    }
}
