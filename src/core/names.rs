//! What a player types for something the data name (a unit's
//! sheet or entry, a skill, an option): its id, or its name in any language its ruleset
//! offers, case, accents, hyphens and apostrophes aside. One matcher for every argument that
//! names one ([`resolve`], [`resolve_option`]).

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

use crate::core::i18n::Lang;
pub use crate::core::i18n::Names;

/// What kind of thing an argument names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    /// A unit's sheet (or army entry, unit type, troop type).
    Unit,
    /// A skill (or special rule) a unit buys.
    Skill,
    /// An option a unit buys or takes (`flag`, `elite=N`, `size=large`).
    Option,
}

/// Something an argument may name.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Its id; an option with its value (`size=large`) when the value is what is named.
    pub id: String,
    pub names: Names,
    /// Where it belongs, said when two candidates share a name ("France, 1809").
    pub context: Option<String>,
    /// 0 for what the context offers first (the list's own army); a name that several
    /// candidates share is the one of the lowest rank, when only one has it.
    pub rank: u8,
}

impl Candidate {
    pub fn new(id: impl Into<String>, names: Names) -> Self {
        Candidate {
            id: id.into(),
            names,
            context: None,
            rank: 0,
        }
    }

    /// Its name in `lang` (else its first, else its id) with its id: "Expert marksman
    /// (`tireur-expert`)".
    fn shown(&self, lang: Lang) -> String {
        let name = self
            .names
            .get(lang)
            .or_else(|| self.names.iter().next().map(|(_, n)| n));
        let place = self
            .context
            .as_deref()
            .map(|c| format!(", {c}"))
            .unwrap_or_default();
        match name {
            Some(n) if n != self.id => format!("{n} (`{}`{place})", self.id),
            _ if place.is_empty() => format!("`{}`", self.id),
            _ => format!("`{}` ({})", self.id, &place[2..]),
        }
    }
}

/// A name as it is compared: lowercase, without accents, each run of what is not a letter or
/// a digit (spaces, hyphens, apostrophes, dots) one space.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut gap = false;
    for c in text.nfd().filter(|c| !is_combining_mark(*c)) {
        let spelled: &str = match c {
            'œ' | 'Œ' => "oe",
            'æ' | 'Æ' => "ae",
            'ß' => "ss",
            _ => "",
        };
        if !spelled.is_empty() || c.is_alphanumeric() {
            if gap && !out.is_empty() {
                out.push(' ');
            }
            gap = false;
            if spelled.is_empty() {
                out.extend(c.to_lowercase());
            } else {
                out.push_str(spelled);
            }
        } else {
            gap = true;
        }
    }
    out
}

/// A name without a gloss in brackets at its end: "Tirailleurs (skirmishers)" → "Tirailleurs".
fn without_gloss(name: &str) -> Option<&str> {
    let t = name.trim_end();
    if !t.ends_with(')') {
        return None;
    }
    let open = t.rfind(" (")?;
    Some(&t[..open]).filter(|s| !s.trim().is_empty())
}

/// The candidates `wanted` names: by id as written, else by id or name folded, else by a name
/// without its gloss; of those, the ones of the lowest rank (an id as written wins at its rank).
fn matching<'a>(wanted: &str, candidates: &'a [Candidate]) -> Vec<&'a Candidate> {
    let exact = candidates.iter().find(|c| c.id == wanted);
    let named = named(wanted, candidates);
    match exact {
        Some(c) if named.iter().all(|n| n.rank >= c.rank) => vec![c],
        _ => named,
    }
}

/// The candidates `wanted` names by id or name folded (else by a name without its gloss), of
/// the lowest rank.
fn named<'a>(wanted: &str, candidates: &'a [Candidate]) -> Vec<&'a Candidate> {
    let folded = fold(wanted);
    if folded.is_empty() {
        return Vec::new();
    }
    let full: Vec<&Candidate> = candidates
        .iter()
        .filter(|c| fold(&c.id) == folded || c.names.iter().any(|(_, n)| fold(n) == folded))
        .collect();
    let found = if full.is_empty() {
        candidates
            .iter()
            .filter(|c| {
                c.names
                    .iter()
                    .filter_map(|(_, n)| without_gloss(n))
                    .any(|n| fold(n) == folded)
            })
            .collect()
    } else {
        full
    };
    let Some(lowest) = found.iter().map(|c| c.rank).min() else {
        return Vec::new();
    };
    let mut best: Vec<&Candidate> = found.into_iter().filter(|c| c.rank == lowest).collect();
    best.dedup_by(|a, b| a.id == b.id);
    best
}

/// The id `wanted` names among `candidates` (`what`: "skill", "sheet"…); a refusal otherwise
/// that lists the names it could be, in `lang` (the command's language), with their ids.
pub fn resolve(
    wanted: &str,
    what: &str,
    candidates: &[Candidate],
    lang: Lang,
) -> Result<String, String> {
    let found = matching(wanted, candidates);
    match found.as_slice() {
        [one] => Ok(one.id.clone()),
        [] => Err(unknown(wanted, what, candidates, lang)),
        several => Err(format!(
            "`{}` could be the {what} {}: give its id",
            crate::core::text::one_line(wanted),
            several
                .iter()
                .map(|c| c.shown(lang))
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

/// An option as given (`flag`, `Drapeau`, `elite=4`, `Elite figures=4`, `size=Grande unité`,
/// `Large unit`), with its name (and a named value's) put as its id: `flag`, `elite=4`,
/// `size=large`. A key the candidates do not know is refused as [`resolve`] refuses.
pub fn resolve_option(text: &str, candidates: &[Candidate], lang: Lang) -> Result<String, String> {
    if candidates.is_empty() {
        return Ok(text.to_owned());
    }
    // The whole text: an option's id or name (`flag`, `Drapeau`, `size=large`, `Large unit`).
    let whole = matching(text, candidates);
    if let [one] = whole.as_slice() {
        return Ok(one.id.clone());
    }
    let Some((key, value)) = text.split_once('=') else {
        return resolve(text, "option", keys(candidates).as_slice(), lang);
    };
    let key = resolve(key.trim(), "option", keys(candidates).as_slice(), lang)?;
    let prefix = format!("{key}=");
    let values: Vec<Candidate> = candidates
        .iter()
        .filter(|c| c.id.starts_with(&prefix))
        .cloned()
        .collect();
    if values.is_empty() {
        return Ok(format!("{key}={value}"));
    }
    let by_value: Vec<Candidate> = values
        .iter()
        .map(|c| Candidate {
            id: c.id[prefix.len()..].to_owned(),
            ..c.clone()
        })
        .collect();
    resolve(value.trim(), &format!("`{key}` value"), &by_value, lang)
        .map(|v| format!("{prefix}{v}"))
}

/// The options' keys: each id up to its `=`, once, named when the option itself is.
fn keys(candidates: &[Candidate]) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    for c in candidates {
        match c.id.split_once('=') {
            None => out.push(c.clone()),
            Some((key, _)) => {
                if !out.iter().any(|k| k.id == key) {
                    out.push(Candidate::new(key, Names::default()));
                }
            }
        }
    }
    out
}

/// "unknown skill `x`: did you mean …?", or every name when none is close.
fn unknown(wanted: &str, what: &str, candidates: &[Candidate], lang: Lang) -> String {
    let shown = crate::core::text::one_line(wanted);
    let folded = fold(wanted);
    // Every spelling of every candidate, folded, pointing back at it.
    let mut spellings: Vec<(String, usize)> = Vec::new();
    for (i, c) in candidates.iter().enumerate() {
        spellings.push((fold(&c.id), i));
        for (_, n) in c.names.iter() {
            spellings.push((fold(n), i));
        }
    }
    let close = crate::core::suggest::closest(&folded, spellings.iter().map(|(s, _)| s.as_str()));
    let mut picked: Vec<usize> = Vec::new();
    for k in close {
        let i = spellings[k].1;
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    if !picked.is_empty() {
        let names: Vec<String> = picked
            .iter()
            .take(3)
            .map(|i| candidates[*i].shown(lang))
            .collect();
        return format!(
            "unknown {what} `{shown}`; did you mean {}?",
            or_list(&names)
        );
    }
    let mut all: Vec<&Candidate> = candidates.iter().collect();
    all.sort_by_key(|c| fold(&c.shown(lang)));
    format!(
        "unknown {what} `{shown}`; known: {}",
        all.iter()
            .map(|c| c.shown(lang))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skills() -> Vec<Candidate> {
        let names = |fr: &str, es: &str, en: &str| {
            Names::new([
                (Lang::Fr, fr.to_owned()),
                (Lang::Es, es.to_owned()),
                (Lang::En, en.to_owned()),
            ])
        };
        vec![
            Candidate::new(
                "tireur-expert",
                names("Tireur expert", "Tirador experto", "Expert marksman"),
            ),
            Candidate::new(
                "tir-de-reaction",
                names("Tir de réaction", "Disparo de reacción", "Reaction fire"),
            ),
            Candidate::new(
                "vieille-garde",
                names("Vieille garde", "Vieja guardia", "Old Guard"),
            ),
        ]
    }

    #[test]
    fn folds_case_accents_and_gaps() {
        assert_eq!(fold("Tir de RÉACTION"), "tir de reaction");
        assert_eq!(fold("tir-de-reaction"), "tir de reaction");
        assert_eq!(fold("  l’Œil  d'aigle "), "l oeil d aigle");
        assert_eq!(fold("Disparo de reacción"), "disparo de reaccion");
    }

    #[test]
    fn by_id_or_any_name() {
        let c = skills();
        for typed in [
            "tireur-expert",
            "Expert marksman",
            "expert MARKSMAN",
            "tireur expert",
            "Tirador experto",
        ] {
            assert_eq!(
                resolve(typed, "skill", &c, Lang::En).unwrap(),
                "tireur-expert"
            );
        }
        assert_eq!(
            resolve("disparo de reaccion", "skill", &c, Lang::En).unwrap(),
            "tir-de-reaction"
        );
    }

    #[test]
    fn refusals_name_what_it_could_be() {
        let c = skills();
        assert_eq!(
            resolve("expert marksmen", "skill", &c, Lang::En).unwrap_err(),
            "unknown skill `expert marksmen`; did you mean Expert marksman (`tireur-expert`)?"
        );
        assert_eq!(
            resolve("zzz", "skill", &c, Lang::Fr).unwrap_err(),
            "unknown skill `zzz`; known: Tir de réaction (`tir-de-reaction`), Tireur expert (`tireur-expert`), Vieille garde (`vieille-garde`)"
        );
    }

    #[test]
    fn a_shared_name_is_the_contexts_own_or_refused() {
        let hussars = |id: &str, army: &str, rank: u8| Candidate {
            id: id.to_owned(),
            names: Names::new([
                (Lang::Fr, "Régiment de hussards".to_owned()),
                (Lang::En, "Hussar regiment".to_owned()),
            ]),
            context: Some(army.to_owned()),
            rank,
        };
        // Russia's ranked after France (the context's own), then both ranked alike.
        let resolved = |russia: u8| {
            let both = [
                hussars("fr-hussars", "France", 0),
                hussars("ru-hussars", "Russia", russia),
            ];
            resolve("hussar regiment", "entry", &both, Lang::En)
        };
        assert_eq!(resolved(1).unwrap(), "fr-hussars");
        assert_eq!(
            resolved(0).unwrap_err(),
            "`hussar regiment` could be the entry Hussar regiment (`fr-hussars`, France) or Hussar regiment (`ru-hussars`, Russia): give its id"
        );
    }

    #[test]
    fn options_and_their_values() {
        let named = |id: &str, fr: &str, en: &str| {
            Candidate::new(
                id,
                Names::new([(Lang::Fr, fr.to_owned()), (Lang::En, en.to_owned())]),
            )
        };
        let c = vec![
            named("flag", "Drapeau", "Flag"),
            named("elite", "Figurines d'élite", "Elite figures"),
            named("size=large", "Grande unité", "Large unit"),
            named("size=small", "Petite unité", "Small unit"),
            Candidate::new("brigade", Names::default()),
        ];
        let r = |t: &str| resolve_option(t, &c, Lang::En);
        assert_eq!(r("drapeau").unwrap(), "flag");
        assert_eq!(r("Elite figures=4").unwrap(), "elite=4");
        assert_eq!(r("elite=4").unwrap(), "elite=4");
        assert_eq!(r("size=grande unite").unwrap(), "size=large");
        assert_eq!(r("size=small").unwrap(), "size=small");
        assert_eq!(r("Large unit").unwrap(), "size=large");
        assert_eq!(r("brigade=b1").unwrap(), "brigade=b1");
        assert!(r("size=huge")
            .unwrap_err()
            .starts_with("unknown `size` value `huge`"));
        assert!(r("banner")
            .unwrap_err()
            .starts_with("unknown option `banner`"));
    }
}
