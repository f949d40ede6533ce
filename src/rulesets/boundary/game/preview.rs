//! A game's units in the previews: a unit as it stands (`GAME:a3`), and what its states and
//! losses do to a preview's parameters.

use super::rules::{GameRules, Words};
use super::state::{unit_key, Game};
use crate::core::error::Error;
use crate::core::words::{Named, Phrase};

/// The unit of a game a preview names (`GAME:a3`, `GAME:LABEL`), as it stands: its count
/// lowered by its losses, what it bought set aside in a state that drops it.
pub fn unit_of_game(
    engine: &crate::rulesets::Rules,
    game: &Game,
    which: &super::procedure::Selector,
) -> Result<super::procedure::ListedUnit, Error> {
    use super::procedure::Selector;
    let name = match which {
        Selector::Label(l) => l.clone(),
        Selector::Number(n) => {
            return Err(Error::Usage(format!(
                "{}:{n}: a unit of a game is named by its side and number (a{n}, b{n}) or its label; {}",
                game.path.display(),
                game.names()
            )))
        }
    };
    let (side, number) = game.find(&name)?;
    let state = game.unit(side, number);
    let mut row = game.list(side).units[number - 1].clone();
    let key = unit_key(side, number);
    let label = crate::core::text::one_line(&row.label).into_owned();
    if game.left(side, number) == Some(0) {
        return Err(Error::cannot(
            format!("{key} {label} has no figure left: it takes no part in a preview"),
            Phrase::new(
                "no-figure-left",
                "{unit} has no figure left: it takes no part in a preview",
            )
            .text("unit", format!("{key} {label}")),
        ));
    }
    let bought = row.figures;
    if let (Some(f), Some(count)) = (row.figures, game.count(side, number)) {
        // The list's own count (rank and file, without what the card counts on top).
        let above = count.saturating_sub(f).max(0);
        let left = count
            .saturating_sub(i64::from(state.lost))
            .saturating_sub(above)
            .max(0);
        row.figures = Some(left);
        // The count under the list's own key (figures, elements).
        if let Some(o) = std::sync::Arc::make_mut(&mut row.json).as_object_mut() {
            for key in ["figures", "elements"] {
                if o.contains_key(key) {
                    o.insert(key.into(), serde_json::json!(left));
                }
            }
        }
    }
    let rules = engine.games().map(|g| g.game_rules());
    let drops = state.states.iter().any(|s| {
        rules
            .and_then(|r| r.state(s))
            .is_some_and(|d| d.drops_extras)
    });
    if drops {
        row.extras.clear();
        if let Some(o) = std::sync::Arc::make_mut(&mut row.json).as_object_mut() {
            if o.contains_key("skills") {
                o.insert("skills".into(), serde_json::json!([]));
            }
        }
    }
    Ok(super::procedure::ListedUnit {
        path: game.path.display().to_string(),
        number,
        row,
        game: Some(super::procedure::GameUnitRef {
            key,
            lost: state.lost,
            states: state.states,
            bought,
        }),
    })
}

/// What the states of a request's game units do: a state that bars a unit from its part is
/// refused with its rule; a state's parameters and the losses' parameters are given (unless
/// the request gives them itself).
pub fn apply_states(
    rules: &GameRules,
    request: &mut super::procedure::Request,
) -> Result<(), Error> {
    use super::procedure::{Kind, UnitRef, Value};
    let procedure = request.procedure;
    let mut sets: Vec<(&'static str, Value)> = Vec::new();
    for p in procedure.params {
        if !matches!(p.kind, Kind::Unit { .. }) {
            continue;
        }
        let Some(UnitRef::Listed(l)) = request.unit(p.name) else {
            continue;
        };
        let Some(g) = &l.game else {
            continue;
        };
        for s in &g.states {
            let Some(decl) = rules.state(s) else { continue };
            if decl
                .forbids
                .iter()
                .any(|f| f.procedure == procedure.name && f.unit == p.name)
            {
                let cli = format!(
                    "{} ({}) is {} ({}){}: it cannot be the --{} of `muster preview {}`",
                    g.key,
                    l.row.label,
                    decl.name.en.to_lowercase(),
                    decl.rule,
                    decl.why
                        .as_ref()
                        .map(|w| format!(": {}", w.en))
                        .unwrap_or_default(),
                    p.name,
                    procedure.name
                );
                let named = |w: &Words, lower: bool| {
                    let f = |t: &str| {
                        if lower {
                            t.to_lowercase()
                        } else {
                            t.to_owned()
                        }
                    };
                    Named::new(f(&w.en), Some(f(&w.fr)), w.es.as_deref().map(f))
                };
                let said = match &decl.why {
                    Some(why) => Phrase::new("state-bars-why", "{unit} ({state}, {rule}): {why}")
                        .name("why", named(why, false)),
                    None => Phrase::new("state-bars", "{unit} ({state}, {rule}) cannot do this"),
                }
                .text("unit", format!("{} {}", g.key, l.row.label))
                .name("state", named(&decl.name, true))
                .text("rule", decl.rule.clone());
                return Err(Error::cannot(cli, said));
            }
            for x in decl
                .sets
                .iter()
                .filter(|x| x.procedure == procedure.name && x.unit == p.name)
            {
                if let Some(param) = procedure.param(&x.param) {
                    let v = match &x.value {
                        Some(v) => param.parse(v).map_err(|e| {
                            Error::Usage(format!("game.toml, state {}: {e}", decl.id))
                        })?,
                        None => Value::Flag,
                    };
                    sets.push((param.name, v));
                }
            }
        }
        if g.lost > 0 {
            for lp in rules
                .lost_param
                .iter()
                .filter(|x| x.procedure == procedure.name && x.unit == p.name)
            {
                if let Some(param) = procedure.param(&lp.param) {
                    sets.push((param.name, Value::Int(i64::from(g.lost))));
                }
            }
        }
    }
    for (name, v) in sets {
        if !request.given(name) {
            request.set(name, v)?;
        }
    }
    Ok(())
}
