//! `muster preview`: each ruleset has its own procedures with their own flags, and two
//! rulesets may use the same procedure name (`artillery`, `combat`). The `preview` command is
//! therefore built for one ruleset, the one `--ruleset` names (scanned before parsing, see
//! [`super::scan_ruleset`]); its parsed procedure is read back for the same ruleset, taken
//! from the global `--ruleset` value in the matches.

use clap::{ArgMatches, Command, FromArgMatches, Subcommand};

use super::capitan::CapitanPreview;
use super::fire_classes::FirePreview;
use super::hm_qrs::HmPreview;
use super::thucydide::ThucydidePreview;
use super::wab_aca::WabPreview;
use crate::rulesets::Ruleset;

/// A preview procedure of one ruleset.
#[derive(Debug)]
pub enum PreviewCommand {
    Capitan(CapitanPreview),
    WabAca(WabPreview),
    FireClasses(FirePreview),
    Thucydide(ThucydidePreview),
    HmQrs(HmPreview),
}

const ABOUT: &str = "Exact outcome distributions (the procedures depend on --ruleset)";

/// The `preview` command with the procedures of `ruleset`.
pub fn command(ruleset: Ruleset) -> Command {
    let cmd = Command::new("preview")
        .about(ABOUT)
        .subcommand_required(true)
        .arg_required_else_help(true)
        .after_help(format!(
            "These are the procedures of {}; `muster preview --ruleset ID --help` lists another ruleset's.",
            ruleset.title()
        ));
    augment(ruleset, cmd)
}

fn augment(ruleset: Ruleset, cmd: Command) -> Command {
    match ruleset {
        Ruleset::Capitan => CapitanPreview::augment_subcommands(cmd),
        Ruleset::WabAca => WabPreview::augment_subcommands(cmd),
        Ruleset::FireClasses => FirePreview::augment_subcommands(cmd),
        Ruleset::Thucydide => ThucydidePreview::augment_subcommands(cmd),
        Ruleset::HmQrs => HmPreview::augment_subcommands(cmd),
    }
}

fn ruleset_of(matches: &ArgMatches) -> Ruleset {
    matches
        .try_get_one::<Ruleset>("ruleset")
        .ok()
        .flatten()
        .copied()
        .unwrap_or_default()
}

impl FromArgMatches for PreviewCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        match ruleset_of(matches) {
            Ruleset::Capitan => CapitanPreview::from_arg_matches(matches).map(Self::Capitan),
            Ruleset::WabAca => WabPreview::from_arg_matches(matches).map(Self::WabAca),
            Ruleset::FireClasses => FirePreview::from_arg_matches(matches).map(Self::FireClasses),
            Ruleset::Thucydide => ThucydidePreview::from_arg_matches(matches).map(Self::Thucydide),
            Ruleset::HmQrs => HmPreview::from_arg_matches(matches).map(Self::HmQrs),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for PreviewCommand {
    fn augment_subcommands(cmd: Command) -> Command {
        augment(Ruleset::default(), cmd)
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        augment(Ruleset::default(), cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        Ruleset::ALL.iter().any(|r| match r {
            Ruleset::Capitan => CapitanPreview::has_subcommand(name),
            Ruleset::WabAca => WabPreview::has_subcommand(name),
            Ruleset::FireClasses => FirePreview::has_subcommand(name),
            Ruleset::Thucydide => ThucydidePreview::has_subcommand(name),
            Ruleset::HmQrs => HmPreview::has_subcommand(name),
        })
    }
}
