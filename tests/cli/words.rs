//! Every word in the chosen language: for each ruleset and each language it prints in, its
//! quick-reference sheet, the cards and rosters of its sample lists (as shipped, and without
//! their labels: every unit named by the data), and every sheet shown as text carry none of the
//! other languages' words that the ruleset's labels file lists for that language (`foreign`);
//! in English, the language of the command line, neither does what the command line prints
//! (checks, listings, matchups and their previews, a game shown and scored). A word the
//! translation forgot, or a name of the data picked in a fixed language, fails here.

use muster::render::templates::Templates;
use muster::rulesets::Ruleset;

use crate::print::read_pdf;
use crate::{json, muster, root};

/// Whether `word` stands in `text` as a whole word (or phrase).
pub(crate) fn contains_word(text: &str, word: &str) -> bool {
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
    // Each list as shipped, and the same without its labels: every unit then named by the
    // data, in the document's language.
    let mut unlabelled = Vec::new();
    for (n, list) in lists.iter().enumerate() {
        let text: String = std::fs::read_to_string(list)
            .unwrap()
            .lines()
            .filter(|l| !l.trim_start().starts_with("label ="))
            .map(|l| format!("{l}\n"))
            .collect();
        let copy = dir.join(format!("{id}-{n}-unlabelled.toml"));
        std::fs::write(&copy, text).unwrap();
        unlabelled.push(copy);
    }
    for list in lists.iter().chain(&unlabelled) {
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
            let run = muster(&["roster", l, "--lang", lang, "--format", "text"]);
            assert_eq!(run.code, 0, "{l} roster text {lang}: {}", run.stderr);
            out.push((format!("{l} roster text"), run.stdout));
        }
        // The command line speaks English: what it prints is English's to check.
        if lang == "en" {
            let run = muster(&["check", l]);
            out.push((format!("{l} check"), run.stdout));
        }
    }
    if lang == "en" {
        out.extend(command_line(r, &unlabelled, dir));
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

/// What the command line prints about a ruleset's lists (in English, its language): the
/// listings of sheets and skills, the matchups of two lists and the previews behind the first
/// units' cells, a game between them as shown and scored.
fn command_line(
    r: Ruleset,
    lists: &[std::path::PathBuf],
    dir: &std::path::Path,
) -> Vec<(String, String)> {
    let id = r.id();
    let mut out = Vec::new();
    let said = |out: &mut Vec<(String, String)>, what: String, args: &[&str]| {
        let run = muster(args);
        assert_eq!(run.code, 0, "{what}: {}", run.stderr);
        out.push((what, run.stdout));
    };
    said(
        &mut out,
        format!("{id} sheets"),
        &["--ruleset", id, "sheets"],
    );
    // A ruleset without skills says so, in English too.
    let run = muster(&["--ruleset", id, "skills"]);
    out.push((format!("{id} skills"), run.stdout + &run.stderr));
    let [a, b, ..] = lists else {
        return out;
    };
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    if !r.meta().duels.is_empty() {
        said(
            &mut out,
            format!("{id} matchups"),
            &["matchups", a, "--against", b],
        );
        let m = json(&muster(&[
            "matchups",
            a,
            "--against",
            b,
            "--format",
            "json",
        ]));
        for cell in m["cells"].as_array().unwrap() {
            if cell["unit"].as_u64() > Some(3) || cell["enemy"].as_u64() > Some(3) {
                continue;
            }
            let words: Vec<&str> = cell["command"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_str().unwrap())
                .collect();
            let run = muster(&words);
            // A preview the rules refuse says why: its words count too.
            out.push((words.join(" "), run.stdout + &run.stderr));
        }
    }
    let game = dir.join(format!("{id}-game.toml"));
    let g = game.to_str().unwrap();
    let run = muster(&["game", "new", g, "--list", a, "--against", b, "--force"]);
    assert_eq!(run.code, 0, "{id} game new: {}", run.stderr);
    // A unit that has no count to lose is refused: the game goes on all the same.
    let run = muster(&["game", "mark", g, "a1", "--lost", "1"]);
    out.push((format!("{id} game mark"), run.stdout + &run.stderr));
    said(&mut out, format!("{id} game show"), &["game", "show", g]);
    said(&mut out, format!("{id} game score"), &["game", "score", g]);
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
                // What a list's author wrote in it (its name, its units' labels) is theirs:
                // a sample list's French labels print as they are in English.
                let theirs: String = what
                    .split_whitespace()
                    .next()
                    .filter(|p| p.ends_with(".toml"))
                    .and_then(|p| std::fs::read_to_string(p).ok())
                    .unwrap_or_default()
                    .lines()
                    .filter(|l| !l.trim_start().starts_with('#'))
                    .collect::<Vec<_>>()
                    .join("\n");
                for w in &foreign {
                    if contains_word(&text, w) && !contains_word(&theirs, w) {
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
