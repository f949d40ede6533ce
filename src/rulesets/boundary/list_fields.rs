//! What a ruleset's list fields give, through its loaded engine: a new list made from them,
//! and what the army is in words.

use toml_edit::DocumentMut;

use super::new_list::{new_list_problems, FieldProblem, NewList, ProblemKind};
use crate::core::i18n::Lang;
use crate::rulesets::Rules;

/// A new list of `engine`'s ruleset (`muster list new`, the web's form): every problem of its
/// fields at once ([`new_list_problems`], the fields named in `lang`), else the document.
pub fn make_new_list(
    engine: &Rules,
    spec: &NewList,
    lang: Lang,
    labels: &toml::Table,
) -> Result<DocumentMut, Vec<FieldProblem>> {
    let problems = new_list_problems(
        engine.ruleset(),
        &engine
            .lists()
            .map(|l| l.list_fields(lang, labels))
            .unwrap_or_default(),
        spec,
    );
    if !problems.is_empty() {
        return Err(problems);
    }
    engine
        .ruleset()
        .need(engine.lists(), "army lists")
        .and_then(|x| x.new_list(spec))
        .map_err(|e| {
            vec![FieldProblem {
                key: "",
                kind: ProblemKind::Unknown,
                message: e.to_string(),
            }]
        })
}

/// What the army is, in words (its header's choices by their names in `lang`: "Empire,
/// Peninsular War 1808 - 1814"; "France, 1809"), from the list's `text`; empty where its
/// ruleset's header has no choices.
pub fn described(
    engine: &crate::rulesets::Rules,
    text: &str,
    lang: Lang,
    labels: &toml::Table,
) -> Vec<String> {
    // The header alone is kept: the units are read past (the fast parser, no document).
    #[derive(serde::Deserialize)]
    struct Header {
        list: Option<toml::Value>,
    }
    let header = toml::from_str::<Header>(text)
        .ok()
        .and_then(|h| match h.list {
            Some(toml::Value::Table(t)) => Some(t),
            _ => None,
        })
        .unwrap_or_default();
    described_by(
        engine,
        &|key| header.get(key).and_then(|v| v.as_str()).map(str::to_owned),
        lang,
        labels,
    )
}

/// [`described`] of a list whose header's text values `given` answers.
pub fn described_by(
    engine: &crate::rulesets::Rules,
    given: &dyn Fn(&str) -> Option<String>,
    lang: Lang,
    labels: &toml::Table,
) -> Vec<String> {
    engine
        .lists()
        .map(|l| l.list_fields(lang, labels))
        .unwrap_or_default()
        .iter()
        .filter_map(|f| {
            // Only a field of choices is said by its name: the others are not read.
            let choices = f.choices.as_ref()?;
            let given = given(f.key)?;
            let given = given.as_str();
            Some(
                choices
                    .iter()
                    .find(|c| c.id == given)
                    .map_or(given.to_owned(), |c| c.label.clone()),
            )
        })
        .collect()
}
