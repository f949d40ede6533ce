//! Command: someone must be able to activate each unit (§4.1, §4.2).

use super::{ListContext, Rule};
use crate::core::diagnostic::{Diagnostic, Severity};
use crate::core::source::Seg;
use crate::core::words::{Named, Phrase};
use crate::rulesets::capitan::model::{Command, Kind, UnitSheet};

/// A list without a command unit cannot activate several units at once.
pub const NO_COMMAND: Rule = Rule {
    code: "no-command",
    severity: Severity::Warning,
    section: "§3.2-5, §4",
    summary: "command units activate the troops under their orders",
};

pub fn no_command(cx: &ListContext) -> Vec<Diagnostic> {
    let any_unit = cx.army.units.iter().any(|u| u.sheet.is_some());
    let has_command = cx
        .army
        .units
        .iter()
        .any(|u| u.sheet.is_some_and(|s| s.kind == Kind::Command));
    if !any_unit || has_command {
        return Vec::new();
    }
    vec![cx
        .say(
            &NO_COMMAND,
            &[Seg::Key("list")],
            Phrase::new("no-command", "the list has no command unit"),
        )
        .with_note_said(Phrase::new(
            "no-command-help",
            "help: add an officer (a command unit): without one, each unit is activated on its own",
        ))]
}

/// Whether command sheet `c` may activate unit sheet `u` (§4.2, reading subordinate-command):
/// independent commands any unit; subordinate ones their own regiment, and when they belong
/// to a battalion, that battalion only.
pub fn may_activate(c: &UnitSheet, u: &UnitSheet) -> bool {
    c.kind == Kind::Command
        && match c.command {
            Some(Command::Independent) => true,
            Some(Command::Subordinate) => {
                c.regiment == u.regiment && (c.battalion.is_none() || c.battalion == u.battalion)
            }
            None => false,
        }
}

/// Every troop or artillery unit has a command unit of the list that may activate it.
pub const UNIT_WITHOUT_COMMAND: Rule = Rule {
    code: "unit-without-command",
    severity: Severity::Warning,
    section: "§4.2",
    summary: "subordinate commands activate only their own regiment or battalion, independent ones any unit",
};

pub fn unit_without_command(cx: &ListContext) -> Vec<Diagnostic> {
    let commands: Vec<&UnitSheet> = cx
        .army
        .units
        .iter()
        .filter_map(|u| u.sheet.filter(|s| s.kind == Kind::Command))
        .collect();
    if commands.is_empty() {
        return Vec::new(); // reported once as no-command
    }
    cx.army
        .units
        .iter()
        .filter_map(|u| {
            let s = u.sheet.filter(|s| s.kind != Kind::Command)?;
            (!commands.iter().any(|c| may_activate(c, s))).then(|| {
                let help = match &s.battalion {
                    Some(b) => Phrase::new(
                        "unit-without-command-help-battalion",
                        "help: add an independent command unit, or a subordinate one of the {regiment}, battalion {battalion}",
                    )
                    .name("battalion", Named::same(b)),
                    None => Phrase::new(
                        "unit-without-command-help",
                        "help: add an independent command unit, or a subordinate one of the {regiment}",
                    ),
                };
                cx.say(
                    &UNIT_WITHOUT_COMMAND,
                    &ListContext::unit_path(u.index, "sheet"),
                    Phrase::new(
                        "unit-without-command",
                        "{unit} has no command unit that may activate it",
                    )
                    .phrase("unit", cx.unit(u.index)),
                )
                .with_note_said(help.name("regiment", Named::same(&s.regiment)))
            })
        })
        .collect()
}
