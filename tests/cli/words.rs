//! Every word in the chosen language: for each ruleset and each language it prints in, its
//! quick-reference sheet, the cards and rosters of its sample lists, and every sheet shown as
//! text carry none of the other languages' words that the ruleset's labels file lists for that
//! language (`foreign`). A word the translation forgot fails here.

use muster::render::templates::Templates;
use muster::rulesets::Ruleset;

use crate::print::read_pdf;
use crate::{json, muster, root};

/// Whether `word` stands in `text` as a whole word (or phrase).
fn contains_word(text: &str, word: &str) -> bool {
    let boundary = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        if boundary(text[..at].chars().next_back())
            && boundary(text[at + word.len()..].chars().next())
        {
            return true;
        }
        from = at + word.len();
    }
    false
}

/// The documents of a ruleset in a language, as text: (what it is, its text).
fn documents(r: Ruleset, lang: &str, dir: &std::path::Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let id = r.id();
    let caps = r.capabilities();
    if caps.qrs {
        let pdf = dir.join("q.pdf");
        let run = muster(&[
            "qrs",
            "--ruleset",
            id,
            "--lang",
            lang,
            "-o",
            pdf.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{id} qrs {lang}: {}", run.stderr);
        out.push((format!("{id} qrs"), read_pdf(&pdf).text.join(" ")));
    }
    let lists: Vec<std::path::PathBuf> = std::fs::read_dir(root().join("lists"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "toml")
                && std::fs::read_to_string(p)
                    .unwrap()
                    .contains(&format!("ruleset = \"{id}\""))
        })
        .collect();
    for list in &lists {
        let l = list.to_str().unwrap();
        if caps.cards {
            let pdf = dir.join("c.pdf");
            let run = muster(&["cards", l, "--lang", lang, "-o", pdf.to_str().unwrap()]);
            assert_eq!(run.code, 0, "{l} cards {lang}: {}", run.stderr);
            out.push((format!("{l} cards"), read_pdf(&pdf).text.join(" ")));
        }
        if caps.roster {
            let md = dir.join("r.md");
            let run = muster(&["roster", l, "--lang", lang, "-o", md.to_str().unwrap()]);
            assert_eq!(run.code, 0, "{l} roster {lang}: {}", run.stderr);
            out.push((format!("{l} roster"), std::fs::read_to_string(&md).unwrap()));
        }
    }
    let listing = json(&muster(&["--ruleset", id, "sheets", "--format", "json"]));
    let ids: Vec<String> = match &listing {
        serde_json::Value::Array(items) => items
            .iter()
            .filter_map(|x| x["id"].as_str().map(str::to_owned))
            .collect(),
        serde_json::Value::Object(o) => o
            .values()
            .flat_map(|v| v.as_array().cloned().unwrap_or_default())
            .filter_map(|x| x["id"].as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    };
    assert!(!ids.is_empty(), "{id}: no sheets");
    for sheet in ids {
        let run = muster(&["--ruleset", id, "sheets", "show", &sheet, "--lang", lang]);
        assert_eq!(run.code, 0, "{id} {sheet}: {}", run.stderr);
        out.push((format!("{id} sheets show {sheet}"), run.stdout));
    }
    out
}

#[test]
fn every_document_is_in_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut wrong = Vec::new();
    for r in Ruleset::ALL {
        let templates = Templates::load(r.templates(), None, &[]).unwrap();
        for lang in r.languages() {
            let labels = templates.labels(lang.id());
            let foreign: Vec<&str> = labels
                .get("foreign")
                .and_then(|v| v.as_array())
                .map(|a| a.iter().filter_map(|w| w.as_str()).collect())
                .unwrap_or_default();
            assert!(
                !foreign.is_empty(),
                "{} {}: no `foreign` words in its labels",
                r.id(),
                lang.id()
            );
            for (what, text) in documents(*r, lang.id(), dir.path()) {
                for w in &foreign {
                    if contains_word(&text, w) {
                        wrong.push(format!("{} {}: {what}: `{w}`", r.id(), lang.id()));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "words of another language:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn whole_words_only() {
    assert!(contains_word("Pertes □□", "Pertes"));
    assert!(!contains_word("Commandement", "Command"));
    assert!(contains_word("a Round shot.", "Round shot"));
}
