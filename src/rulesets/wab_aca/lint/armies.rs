//! The rules of one army's header ([`ARMY_RULES`](super::ARMY_RULES)): its id, bounds,
//! colours, artillery bands and generals.

use validator::Validate;

use super::context::{bad_id, segs, ArmyContext};
use crate::core::bounds::out_of_bounds;
use crate::core::diagnostic::Diagnostic;
use crate::core::source::Seg;
use crate::rulesets::wab_aca::model::*;

pub(super) fn army_id(cx: &ArmyContext) -> Vec<Diagnostic> {
    bad_id(&cx.army.header.id)
        .map(|m| {
            cx.error("bad-id", &[Seg::Key("id")], m)
                .with_label("not a plain id")
        })
        .into_iter()
        .collect()
}

pub(super) fn army_bounds(cx: &ArmyContext) -> Vec<Diagnostic> {
    let Err(errors) = cx.army.header.validate() else {
        return Vec::new();
    };
    out_of_bounds(&errors)
        .into_iter()
        .map(|o| cx.error("out-of-range", &segs(&o.path), o.message))
        .collect()
}

pub(super) fn army_colours(cx: &ArmyContext) -> Vec<Diagnostic> {
    let ok = |c: &str| {
        c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|ch| ch.is_ascii_hexdigit())
    };
    cx.army
        .header
        .colours
        .iter()
        .enumerate()
        .filter(|(_, c)| !ok(c))
        .map(|(i, c)| {
            cx.error(
                "bad-colour",
                &[Seg::Key("colours"), Seg::Index(i)],
                format!("colours must be #RRGGBB, found {c:?}"),
            )
            .with_label("not a #RRGGBB colour")
        })
        .collect()
}

/// Bands by increasing points, only the last open, allowances never decreasing.
pub(super) fn artillery_bands(cx: &ArmyContext) -> Vec<Diagnostic> {
    let bands = &cx.army.header.artillery.bands;
    let path = |i: usize| [Seg::Key("artillery"), Seg::Key("bands"), Seg::Index(i)];
    if bands.is_empty() {
        return vec![cx
            .error(
                "artillery-bands",
                &[Seg::Key("artillery"), Seg::Key("bands")],
                format!("army `{}` has no artillery band", cx.army.header.id),
            )
            .with_label("at least one { up_to = POINTS, batteries = N }")];
    }
    let mut out = Vec::new();
    for (i, pair) in bands.windows(2).enumerate() {
        let (a, b) = (&pair[0], &pair[1]);
        let problem = match (a.up_to, b.up_to) {
            (None, _) => Some("only the last band may leave out up_to".to_owned()),
            (Some(x), Some(y)) if y <= x => {
                Some(format!("bands go by increasing points: {y} follows {x}"))
            }
            _ if b.batteries < a.batteries => Some(format!(
                "a larger army has no fewer batteries: {} after {}",
                b.batteries, a.batteries
            )),
            _ => None,
        };
        if let Some(p) = problem {
            let at = if a.up_to.is_none() { i } else { i + 1 };
            out.push(
                cx.error("artillery-bands", &path(at), p)
                    .with_label("out of order"),
            );
        }
    }
    out
}

/// One entry per general word (`division`, `brigadier`, `adc`), and a commander-in-chief.
pub(super) fn general_entries(cx: &ArmyContext) -> Vec<Diagnostic> {
    let words = cx.db.general_words(cx.army);
    let mut out = Vec::new();
    if !cx
        .db
        .entries_of(cx.army)
        .any(|e| e.role == Some(Role::Commander))
    {
        out.push(
            cx.error(
                "general-entries",
                &[Seg::Key("id")],
                format!(
                    "army `{}` has no commander-in-chief entry (role = \"commander\")",
                    cx.army.header.id
                ),
            )
            .with_label("every army has a commander-in-chief (ACA p.2)"),
        );
    }
    let mut seen: Vec<&str> = Vec::new();
    for w in words {
        if seen.contains(&w) {
            out.push(
                cx.error(
                    "general-entries",
                    &[Seg::Key("id")],
                    format!(
                        "army `{}` has two general entries for `general = \"{w}\"`",
                        cx.army.header.id
                    ),
                )
                .with_label("lists could not say which one"),
            );
        } else {
            seen.push(w);
        }
    }
    out
}
