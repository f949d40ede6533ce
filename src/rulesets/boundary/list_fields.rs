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
    described_from(engine, text, lang, labels).0
}

/// [`described`], and the text before the units ([`header_part`]) when the header was read
/// from it: then every list that begins with that text is described so.
pub fn described_from<'t>(
    engine: &crate::rulesets::Rules,
    text: &'t str,
    lang: Lang,
    labels: &toml::Table,
) -> (Vec<String>, Option<&'t str>) {
    let (header, from) = header_of(text);
    let words = described_by(
        engine,
        &|key| header.get(key).and_then(|v| v.as_str()).map(str::to_owned),
        lang,
        labels,
    );
    (words, from)
}

/// A list's `[list]` table (empty when it has none), read with the fast parser (no
/// document) from the text before its first array of tables (`[[units]]`), where a list's
/// header is written: the units are not parsed at all; that text is returned with it. A
/// header written after them (or a text cut inside a string there) is read from the whole
/// text.
fn header_of(text: &str) -> (toml::Table, Option<&str>) {
    #[derive(serde::Deserialize)]
    struct Header {
        list: Option<toml::Value>,
    }
    let of = |text: &str| {
        toml::from_str::<Header>(text)
            .ok()
            .and_then(|h| match h.list {
                Some(toml::Value::Table(t)) => Some(t),
                _ => None,
            })
    };
    let part = header_part(text);
    match part.and_then(of) {
        Some(header) => (header, part),
        None => (of(text).unwrap_or_default(), None),
    }
}

/// The text before the first line that opens an array of tables (`[[units]]`), if one does.
pub fn header_part(text: &str) -> Option<&str> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("[[") {
            return Some(&text[..at]);
        }
        at += line.len();
    }
    None
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

#[cfg(test)]
mod tests {
    use super::header_of;

    /// The header read before the units is the header the whole text gives, wherever the
    /// header is written and whatever a string holds.
    #[test]
    fn the_header_is_read_before_the_units_as_from_the_whole_text() {
        let whole = |text: &str| -> toml::Table {
            let doc: toml::Table = text.parse().expect("TOML");
            doc.get("list")
                .and_then(|l| l.as_table())
                .cloned()
                .unwrap_or_default()
        };
        for text in [
            "[list]\nname = \"A\"\narmy = \"france\"\n\n[[units]]\nentry = \"x\"\n",
            // Written after the units.
            "[[units]]\nentry = \"x\"\n\n[list]\nname = \"A\"\narmy = \"france\"\n",
            // A string that holds a line like an array of tables.
            "[list]\nname = \"A\"\nnotes = \"\"\"\n[[units]]\n\"\"\"\narmy = \"spain\"\n[[units]]\nentry = \"x\"\n",
            // Dotted keys at the top, then the units.
            "list.name = \"A\"\nlist.army = \"russia\"\n  [[ units ]]\nentry = \"x\"\n",
            // No units, no header.
            "[list]\narmy = \"prussia\"\n",
            "[[units]]\nentry = \"x\"\n",
        ] {
            assert_eq!(header_of(text).0, whole(text), "{text}");
        }
        assert_eq!(
            header_of("[list]\narmy = \"france\"\n").0["army"].as_str(),
            Some("france")
        );
        // Read before the units only where the header is there: the text it was read from
        // is said then only.
        let before = "[list]\narmy = \"x\"\n";
        assert_eq!(header_of(&format!("{before}[[units]]\n")).1, Some(before));
        assert_eq!(
            header_of("[[units]]\nentry = \"x\"\n[list]\narmy = \"x\"\n").1,
            None
        );
    }
}
