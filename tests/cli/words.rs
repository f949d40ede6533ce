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

/// The forms templates give a noun after its count, from the code (English) and every
/// messages file: (singular forms, plural forms), each the word after the count.
fn noun_forms() -> (
    std::collections::HashSet<String>,
    std::collections::HashSet<String>,
) {
    let mut texts = Vec::new();
    let mut stack = vec![root().join("src")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                texts.push(std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    for e in std::fs::read_dir(root().join("templates")).unwrap() {
        let p = e.unwrap().path();
        for f in [p.join("messages.toml"), p.clone()] {
            if f.is_file() && f.extension().is_some_and(|x| x == "toml") {
                texts.push(std::fs::read_to_string(&f).unwrap());
            }
        }
    }
    let (mut one, mut other) = (
        std::collections::HashSet::new(),
        std::collections::HashSet::new(),
    );
    // The first word in which the two forms differ: "battery" / "batteries" of
    // "# heavy battery|# heavy batteries".
    let words = |form: &str| -> Vec<String> {
        form.split('#')
            .nth(1)
            .unwrap_or_default()
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty())
            .collect()
    };
    for t in &texts {
        let mut rest = t.as_str();
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else { break };
            let parts: Vec<&str> = after[..close].split('|').collect();
            if let [_, a, b] = parts.as_slice() {
                let (a, b) = (words(a), words(b));
                if let Some((x, y)) = a.iter().zip(&b).find(|(x, y)| x != y) {
                    one.insert(x.clone());
                    other.insert(y.clone());
                }
            }
            rest = &after[close + 1..];
        }
    }
    // A form both ways ("# corps", "# más") agrees with any count.
    let both: Vec<String> = one.intersection(&other).cloned().collect();
    for w in both {
        one.remove(&w);
        other.remove(&w);
    }
    (one, other)
}

/// Counts in `text` that disagree with the noun after them, in `lang`.
fn disagreements(
    text: &str,
    lang: muster::core::i18n::Lang,
    forms: &(
        std::collections::HashSet<String>,
        std::collections::HashSet<String>,
    ),
) -> Vec<String> {
    use muster::core::words::is_singular;
    let mut out = Vec::new();
    let tokens: Vec<&str> = text.split([' ', '\u{a0}']).collect();
    for (i, t) in tokens.iter().enumerate() {
        let digits: String = t.chars().filter(|c| c.is_ascii_digit()).collect();
        // A count stands alone: not a section (§4.2), a page (p.10), a die (2D6) or a range;
        // one that ends its clause ("unit 1, Hoplites") counts nothing after it.
        if digits.is_empty()
            || t.ends_with(',')
            || !t
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == '\u{202f}')
        {
            continue;
        }
        let Ok(n) = digits.parse::<i64>() else {
            continue;
        };
        let Some(next) = tokens.get(i + 1) else {
            continue;
        };
        // "unit 9 (Foot battery)": a number, then what it names in brackets.
        if next.starts_with('(') {
            continue;
        }
        let clean = |w: &str| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        };
        let mut word = clean(next);
        // A rate counts what follows its article: "100 a flag" (100 points a flag).
        if word.is_empty() || word == "a" || word == "an" {
            continue;
        }
        // An adjective before its noun ("1 heavy batteries"): the noun is the next word.
        if !forms.0.contains(&word) && !forms.1.contains(&word) {
            if let Some(noun) = tokens.get(i + 2).map(|w| clean(w)) {
                if forms.0.contains(&noun) || forms.1.contains(&noun) {
                    word = noun;
                }
            }
        }
        let singular = is_singular(lang, n);
        // A plural the templates do not know yet: after one, a word ending in s.
        // Words ending in s that are no plural noun.
        const NOT_PLURAL: &[&str] = &[
            "dans", "sous", "plus", "vers", "après", "fois", "mois", "corps", "alors", "jamais",
            "más", "entonces", "towards", "across",
        ];
        let plural_s = word.len() > 3
            && word.ends_with('s')
            && !word.ends_with("ss")
            && !NOT_PLURAL.contains(&word.as_str());
        if singular && (forms.1.contains(&word) || (plural_s && !forms.0.contains(&word))) {
            out.push(format!("`{t} {next}`: {n} takes the singular"));
        }
        if !singular && forms.0.contains(&word) {
            out.push(format!("`{t} {next}`: {n} takes the plural"));
        }
    }
    out
}

/// Every diagnostic of every ruleset's per-code list fixtures, said in each language the
/// ruleset offers: each text of it is a phrase with a template in that language, none carries
/// a `foreign` word of the labels, and every count agrees with its noun. Prints how many
/// messages it read.
#[test]
fn every_diagnostic_in_every_language() {
    use muster::commands::check::{read_list, OpenError};
    use muster::core::source::Sources;
    use muster::core::words::Layered;
    let forms = noun_forms();
    assert!(forms.0.contains("unit") && forms.1.contains("units"));
    let mut wrong = Vec::new();
    let mut said = 0usize;
    for (dir, data) in [
        (
            "tests/fixtures/lists",
            vec!["unit-sheets", "tests/fixtures/list-data"],
        ),
        ("tests/fixtures/wab-aca/lists", vec!["unit-sheets"]),
        ("tests/fixtures/hm-qrs/lists", vec!["unit-sheets"]),
        ("tests/fixtures/thucydide/lists", vec!["unit-sheets"]),
    ] {
        let dirs: Vec<std::path::PathBuf> = data.iter().map(|d| root().join(d)).collect();
        let files = fixture_files(dir);
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut sources = Sources::new();
            let (ruleset, diagnostics) = match read_list(&mut sources, &path, None) {
                Err(OpenError::UnknownRuleset(d)) => (Ruleset::ALL[0], vec![d]),
                Err(OpenError::Stop(e)) => panic!("{}: {e}", path.display()),
                Ok((ruleset, file)) => {
                    let engine = muster::commands::load_engine(ruleset, &dirs, &mut sources)
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    match muster::rulesets::check_list(
                        engine.ruleset(),
                        engine.lists(),
                        &sources,
                        file,
                    ) {
                        Err(d) => (ruleset, vec![d]),
                        Ok(mut checked) => {
                            if let Some(a) =
                                text.lines().find_map(|l| l.strip_prefix("# against: "))
                            {
                                let other = muster::commands::check::open_other(
                                    engine.as_ref(),
                                    &mut sources,
                                    &root().join(a),
                                )
                                .unwrap();
                                let pair = engine
                                    .lists()
                                    .map(|l| l.check_pair(&checked, &other, a))
                                    .unwrap_or_default();
                                checked.diagnostics.extend(pair);
                            }
                            (ruleset, checked.diagnostics)
                        }
                    }
                }
            };
            // An opponent of another fixture (`# against:`) may be legal.
            let templates = Templates::load(ruleset.templates(), None, &[]).unwrap();
            for lang in ruleset.languages() {
                let words = Layered {
                    own: ruleset.words(*lang),
                    lang: *lang,
                };
                let labels = templates.labels(lang.id());
                let foreign: Vec<&str> = labels
                    .get("foreign")
                    .and_then(|v| v.as_array())
                    .map(|a| a.iter().filter_map(|w| w.as_str()).collect())
                    .unwrap_or_default();
                for d in &diagnostics {
                    let what = format!("{} [{}] {}", path.display(), d.code, lang.id());
                    for u in d.unsaid(*lang, &words) {
                        wrong.push(format!("{what}: {u}"));
                    }
                    let shown = d.in_lang(*lang, &words);
                    let mut texts = vec![shown.message.clone()];
                    texts.extend(shown.label.clone());
                    texts.extend(shown.notes.iter().cloned());
                    texts.extend(shown.related.iter().map(|(_, l)| l.clone()));
                    for t in &texts {
                        said += 1;
                        for w in &foreign {
                            if contains_word(t, w) {
                                wrong.push(format!("{what}: `{w}` in “{t}”"));
                            }
                        }
                        for x in disagreements(t, *lang, &forms) {
                            wrong.push(format!("{what}: {x} in “{t}”"));
                        }
                    }
                }
            }
        }
    }
    eprintln!("every_diagnostic_in_every_language: {said} texts read");
    assert!(
        wrong.is_empty(),
        "{} problems:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn counts_and_nouns() {
    use muster::core::i18n::Lang;
    let set = |w: &[&str]| w.iter().map(|s| s.to_string()).collect();
    let forms = (set(&["unit", "battery"]), set(&["units", "batteries"]));
    assert_eq!(
        disagreements("1 heavy batteries among 1", Lang::En, &forms).len(),
        1
    );
    assert!(disagreements("2 units of §4.2", Lang::En, &forms).is_empty());
    assert_eq!(disagreements("2 unit", Lang::En, &forms).len(), 1);
    assert_eq!(disagreements("1 perdidas", Lang::Es, &forms).len(), 1);
    assert!(disagreements("0 unit", Lang::Fr, &forms).is_empty());
    // The templates give the forms of every noun they count.
    let all = noun_forms();
    assert!(all.0.contains("unit") && all.1.contains("units"));
    assert!(disagreements("unit 1, Hoplites: 6 elements", Lang::En, &forms).is_empty());
}

/// The diagnostics of one ruleset's per-code list fixtures (without a `# against:` opponent):
/// The per-code list fixtures of `dir` (those that say their exit code), in name order.
fn fixture_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "toml")
                && std::fs::read_to_string(p)
                    .unwrap()
                    .contains("# expect: exit")
        })
        .collect();
    files.sort();
    files
}

/// (the fixture, its diagnostics).
fn fixture_diagnostics(
    dir: &str,
) -> Vec<(
    std::path::PathBuf,
    Ruleset,
    Vec<muster::core::diagnostic::Diagnostic>,
)> {
    use muster::commands::check::read_list;
    use muster::core::source::Sources;
    let files = fixture_files(dir);
    let data = [root().join("unit-sheets")];
    let mut out = Vec::new();
    for path in files {
        let mut sources = Sources::new();
        let Ok((ruleset, file)) = read_list(&mut sources, &path, None) else {
            continue;
        };
        let engine = muster::commands::load_engine(ruleset, &data, &mut sources).unwrap();
        let diagnostics =
            match muster::rulesets::check_list(engine.ruleset(), engine.lists(), &sources, file) {
                Ok(checked) => checked.diagnostics,
                Err(d) => vec![d],
            };
        out.push((path, ruleset, diagnostics));
    }
    out
}

/// The codes of diagnostics made by the boundary for every ruleset (their words are the
/// boundary's).
const SHARED_CODES: &[&str] = &[
    "toml-syntax",
    "unknown-field",
    "missing-field",
    "wrong-type",
    "data-changed",
    "too-many-units",
    "unknown-ruleset",
    "lang-not-offered",
    "unbalanced",
];

/// Every template of WAB, Horse and musket and Thucydide fills each of its holes with a value
/// its phrase gives (a misspelt `{name}` would be printed as written), in every language the
/// ruleset offers and in Spanish for WAB, which is being translated to it; and every message
/// of WAB's lists has its Spanish template (the rules' summaries and the data's names come
/// with its Spanish labels and data).
#[test]
fn every_hole_filled_and_wab_in_spanish() {
    use muster::core::i18n::Lang;
    use muster::core::words::Layered;
    let mut wrong = Vec::new();
    for dir in [
        "tests/fixtures/wab-aca/lists",
        "tests/fixtures/hm-qrs/lists",
        "tests/fixtures/thucydide/lists",
    ] {
        for (path, ruleset, diagnostics) in fixture_diagnostics(dir) {
            let mut langs = ruleset.languages().to_vec();
            if ruleset.id() == "wab-aca" && !langs.contains(&Lang::Es) {
                langs.push(Lang::Es);
            }
            for lang in langs {
                let words = Layered {
                    own: ruleset.words(lang),
                    lang,
                };
                for d in diagnostics
                    .iter()
                    .filter(|d| !SHARED_CODES.contains(&d.code))
                {
                    let what = format!("{} [{}] {}", path.display(), d.code, lang.id());
                    if lang == Lang::Es {
                        for u in d.unsaid(lang, &words) {
                            if u.starts_with("msg_") || u.ends_with("is no phrase") {
                                wrong.push(format!("{what}: {u}"));
                            }
                        }
                    }
                    let shown = d.in_lang(lang, &words);
                    let mut texts = vec![shown.message.clone()];
                    texts.extend(shown.label.clone());
                    texts.extend(shown.notes.iter().cloned());
                    texts.extend(shown.related.iter().map(|(_, l)| l.clone()));
                    for t in texts {
                        if t.contains('{') || t.contains('}') {
                            wrong.push(format!("{what}: a hole unfilled in “{t}”"));
                        }
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} problems:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The `<text>`s of an SVG, unescaped.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .filter_map(|t| t.split_once('>').map(|(_, rest)| rest))
        .map(|t| t.split('<').next().unwrap_or_default())
        .map(|t| {
            t.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .collect()
}

/// Every chart of the builder's previews and every refusal, in every language its ruleset
/// prints pages in: every unit of each sample list against a unit of its opponent, each way.
/// A chart's title, its series' names and its axis, and why two units cannot play a preview,
/// are said in the page's language: no hole left, no word of the English page's (the units'
/// names aside) nor of the labels' `foreign` ones, no option of the command line, percentages
/// as the language writes them. A chart drawn in the command line's English, or a refusal
/// saying `--firer: … give --strength`, failed here.
#[test]
fn every_chart_in_every_language() {
    let server = crate::serve::Server::start();
    let mut wrong = Vec::new();
    let (mut charts, mut refusals) = (0, 0);
    for (a, b) in [
        ("sharpe-patrol.toml", "voltigeurs-hussars.toml"),
        ("wab-france-1809.toml", "wab-great-britain-1812.toml"),
        ("hm-qrs-picton-1815.toml", "hm-qrs-donzelot-1815.toml"),
        ("thucydide-macedoniens.toml", "thucydide-perses.toml"),
    ] {
        let units = |list: &str| {
            server.get(&format!("/api/lists/{list}")).json()["check"]["units"]
                .as_array()
                .unwrap()
                .len()
        };
        let ruleset: Ruleset = server.get(&format!("/api/lists/{a}")).json()["ruleset"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let (n, m) = (units(a), units(b));
        let mut asks = Vec::new();
        for i in 1..=n {
            asks.push((a, b, i, (i - 1) % m + 1));
        }
        for j in 1..=m {
            asks.push((b, a, j, (j - 1) % n + 1));
        }
        for (list, other, unit, enemy) in asks {
            let duels = |lang: &str| {
                let r = server.get(&format!(
                    "/api/lists/{list}/duel?against={other}&unit={unit}&enemy={enemy}&lang={lang}"
                ));
                assert_eq!(r.status, 200, "{list} {unit} {lang}: {}", r.text());
                r.json()
            };
            let english = duels("en");
            let names: Vec<String> = ["a", "b"]
                .iter()
                .map(|s| english[s]["label"].as_str().unwrap_or_default().to_owned())
                .collect();
            for lang in ruleset.languages() {
                let said = duels(lang.id());
                let foreign = PageWords::of(ruleset, *lang);
                for (d, en) in said["duels"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .zip(english["duels"].as_array().unwrap())
                {
                    // A chart's texts, or why the units cannot play it.
                    let (texts, refused) = match (d["svg"].as_str(), d["refused"].as_str()) {
                        (Some(svg), _) => (svg_texts(svg), false),
                        (None, Some(why)) => (vec![why.to_owned()], true),
                        (None, None) => continue,
                    };
                    if refused {
                        refusals += 1;
                        if texts[0].contains("--") || texts[0].contains("muster ") {
                            wrong.push(format!(
                                "{list} unit {unit} vs {other} unit {enemy} [{}]: the command line's words in {:?}",
                                lang.id(),
                                texts[0]
                            ));
                        }
                    } else {
                        charts += 1;
                    }
                    let place = format!(
                        "{list} unit {unit} vs {other} unit {enemy}, {} [{}]",
                        d["procedure"],
                        lang.id()
                    );
                    // Its words without the units' names (the list's, as it gives them).
                    let mut whole = texts.join(" ");
                    for name in &names {
                        whole = whole.replace(name.as_str(), " ");
                    }
                    let percent = match lang.id() {
                        "en" => "%",
                        "fr" => "\u{202f}%",
                        _ => "\u{a0}%",
                    };
                    for t in &texts {
                        if t.contains('{') || t.contains('}') {
                            wrong.push(format!("{place}: a hole in {t:?}"));
                        }
                        if t.ends_with('%') && !t.ends_with(percent)
                            || t.ends_with('%') && lang.id() == "en" && t.contains(' ')
                            || lang.id() != "en" && t.ends_with('%') && t.contains('.')
                        {
                            wrong.push(format!(
                                "{place}: {t:?} is not a percentage in {}",
                                lang.id()
                            ));
                        }
                    }
                    for w in &foreign.words {
                        if contains_word(&whole, w) {
                            wrong.push(format!("{place}: the foreign word `{w}` in {whole:?}"));
                        }
                    }
                    if lang.id() == "en" {
                        continue;
                    }
                    // The English chart's own words (its units' names taken out).
                    let mut english_words: Vec<String> = Vec::new();
                    let mut said_en = vec![en["what"].as_str().unwrap_or_default().to_owned()];
                    said_en.extend(
                        en["series"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .map(|s| s[0].as_str().unwrap_or_default().to_owned()),
                    );
                    said_en.extend(en["refused"].as_str().map(str::to_owned));
                    for mut s in said_en {
                        for name in &names {
                            s = s.replace(name.as_str(), " ");
                        }
                        english_words.extend(
                            s.split(|c: char| !c.is_alphabetic())
                                .filter(|w| w.chars().count() >= 4)
                                .map(str::to_owned),
                        );
                    }
                    // The page's heading of the duel names its units in the page's words; a
                    // word the ruleset's words or data use in the language is the language's
                    // too ("Sabre", "general").
                    let heading = d["title"].as_str().unwrap_or_default();
                    for w in english_words {
                        if contains_word(&whole, &w)
                            && !contains_word(heading, &w)
                            && !foreign.own.contains(&w)
                        {
                            wrong.push(format!("{place}: the English `{w}` in {whole:?}"));
                        }
                    }
                }
            }
        }
    }
    assert!(
        charts > 300 && refusals > 30,
        "{charts} charts, {refusals} refusals"
    );
    eprintln!("{charts} charts and {refusals} refusals read");
    assert!(
        wrong.is_empty(),
        "{} problems:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The words of other languages a ruleset's labels (in a language) list as foreign to it.
pub(crate) fn foreign_words(labels: &toml::Table) -> Vec<String> {
    labels
        .get("foreign")
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|w| w.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The words of other languages a command line's output in `lang` must not carry: the
/// ruleset's labels' `foreign` and the shared `foreign_cli` of templates/messages.toml.
fn cli_foreign_words(labels: &toml::Table, lang: &str) -> Vec<String> {
    let shared: toml::Table =
        toml::from_str(&std::fs::read_to_string(root().join("templates/messages.toml")).unwrap())
            .unwrap();
    let mut foreign = foreign_words(labels);
    foreign.extend(
        shared
            .get(lang)
            .and_then(|t| t.get("foreign_cli"))
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
            .filter_map(|w| w.as_str().map(str::to_owned)),
    );
    foreign
}

/// The words of other languages a ruleset's labels list for `lang`, and the words it uses in
/// `lang` (its labels' and messages' values, its data's names and texts in the language).
struct PageWords {
    words: Vec<String>,
    own: std::collections::BTreeSet<String>,
}

impl PageWords {
    fn of(ruleset: Ruleset, lang: muster::core::i18n::Lang) -> Self {
        let labels = Templates::load(ruleset.templates(), None, &[])
            .unwrap()
            .labels(lang.id());
        let words = foreign_words(&labels);
        let mut texts: Vec<String> = labels
            .values()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect();
        let data = root().join("unit-sheets").join(ruleset.id());
        let key = format!("{} = \"", lang.id());
        for e in std::fs::read_dir(&data).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for part in text.split(key.as_str()).skip(1) {
                texts.extend(part.split('"').next().map(str::to_owned));
            }
        }
        let own = texts
            .iter()
            .flat_map(|t| t.split(|c: char| !c.is_alphabetic()))
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect();
        PageWords { words, own }
    }
}

/// A game's unit whose state bars it from a preview: the game page's odds say why in the
/// page's language, with the state's name, rule and reason from the game's rules (game.toml),
/// and no option of the command line (it said "is routed (…): it cannot be the --shooter of
/// `muster preview fire`" on every page). WAB's fled, destroyed and captured states are said
/// by the same phrase.
#[test]
fn a_state_that_bars_a_preview_is_said_in_the_pages_language() {
    let s = crate::serve::Server::start();
    let r = s.send(
        "POST",
        "/api/games",
        &[("Content-Type", "application/json")],
        br#"{"name":"g.toml","a":"sharpe-patrol.toml","b":"voltigeurs-hussars.toml"}"#,
    );
    assert_eq!(r.status, 201, "{}", r.text());
    let version = r.json()["version"].as_str().unwrap().to_owned();
    let r = s.send(
        "POST",
        "/api/games/g.toml/mark",
        &[("Content-Type", "application/json"), ("If-Match", &version)],
        br#"{"unit":"a1","state":"routed","on":true}"#,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let refusals = |lang: &str| -> Vec<String> {
        let r = s.get(&format!("/api/games/g.toml/odds?a=a1&b=b1&lang={lang}"));
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()["duels"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|d| d["refused"].as_str().map(str::to_owned))
            .collect()
    };
    // Fire and melee, each refused.
    let sharpe = "a1 Sharpe";
    assert_eq!(
        refusals("en"),
        vec![
            format!(
                "{sharpe} (routed, §5.2, §6.6, §11): a routed unit takes no action until it is rallied"
            );
            2
        ]
    );
    assert_eq!(
        refusals("fr"),
        vec![
            format!(
                "{sharpe} (en déroute, §5.2, §6.6, §11) : une unité en déroute n'agit plus tant qu'elle n'est pas ralliée"
            );
            2
        ]
    );
    assert_eq!(
        refusals("es"),
        vec![
            format!(
                "{sharpe} (en desbandada, §5.2, §6.6, §11): una unidad en desbandada no actúa hasta que se la reagrupa"
            );
            2
        ]
    );
    // A unit with no figure left takes no part: said so, in the page's language.
    let version = s.get("/api/games/g.toml").json()["version"]
        .as_str()
        .unwrap()
        .to_owned();
    let r = s.send(
        "POST",
        "/api/games/g.toml/mark",
        &[("Content-Type", "application/json"), ("If-Match", &version)],
        br#"{"unit":"b1","lost":4}"#,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    for (lang, said) in [
        (
            "en",
            "b1 Capitaine Dubreton has no figure left: it takes no part in a preview",
        ),
        (
            "fr",
            "b1 Capitaine Dubreton n'a plus aucune figurine : aucun aperçu possible",
        ),
        (
            "es",
            "b1 Capitaine Dubreton ya no tiene figuras: no hay vista previa posible",
        ),
    ] {
        let r = s.get(&format!("/api/games/g.toml/odds?a=a2&b=b1&lang={lang}"));
        assert_eq!((r.status, r.json()["error"].as_str().unwrap()), (400, said));
    }
}

/// The matchup table's cells a pair cannot play say why in the page's language, without the
/// command line's options (their hover text said "--firer: … give --strength to shoot
/// anyway" on French and Spanish pages).
#[test]
fn a_matchup_cell_refused_says_why_in_the_pages_language() {
    let s = crate::serve::Server::start();
    for (lang, general, weapon) in [
        ("fr", "est un général", "arme de corps à corps"),
        ("es", "es un general", "arma de cuerpo a cuerpo"),
        ("en", "is a general", "close-combat weapon"),
    ] {
        let r = s.get(&format!(
            "/api/lists/wab-france-1809.toml/matchups?against=wab-great-britain-1812.toml&lang={lang}"
        ));
        assert_eq!(r.status, 200, "{}", r.text());
        let whys: Vec<String> = r.json()["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|c| c["why"].as_str().map(str::to_owned))
            .collect();
        assert!(whys.len() > 20, "{lang}: {whys:?}");
        for w in &whys {
            assert!(!w.contains("--"), "{lang}: {w}");
        }
        assert!(whys.iter().any(|w| w.contains(general)), "{lang}: {whys:?}");
        assert!(whys.iter().any(|w| w.contains(weapon)), "{lang}: {whys:?}");
    }
}

/// `muster check --lang fr|es` prints its roster in the language too: the columns' heads, the
/// army by its header's names, the units, skills and options by theirs, the total (the table
/// was English above French diagnostics, and Capitán's heading said "allies, peninsula").
#[test]
fn check_in_french_or_spanish_prints_its_roster_in_the_language() {
    let lines = |list: &str, lang: &str| -> Vec<String> {
        let run = muster(&["check", list, "--lang", lang]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
            .lines()
            .map(|l| l.trim_end().to_owned())
            .collect()
    };
    let fr = lines("lists/sharpe-patrol.toml", "fr");
    assert_eq!(
        fr[0],
        "Sharpe's patrol (Alliés, Guerre d'Indépendance espagnole 1808 - 1814, Lieutenant)"
    );
    assert_eq!(
        fr[1].split_whitespace().collect::<Vec<_>>(),
        ["#", "unité", "fiche", "figurines", "coût", "habiletés"]
    );
    assert!(
        fr[3].ends_with("Tireur expert (15), Feu d'attaque (gratuite)"),
        "{}",
        fr[3]
    );
    assert_eq!(fr.last().unwrap(), "total 578 / 600 points");
    let es = lines("lists/wab-russia-1812.toml", "es");
    assert_eq!(es[0], "Arrière-garde de Bagration, 1812 (Rusia, 1812)");
    assert_eq!(
        es[1].split_whitespace().collect::<Vec<_>>(),
        ["#", "unidad", "entrada", "figuras", "coste", "opciones"]
    );
    assert!(
        es.iter()
            .any(|l| l.ends_with("bandera (5), músico (5), élite ×8 (40)")),
        "{es:?}"
    );
    assert!(es.last().unwrap().ends_with(" puntos"), "{es:?}");
    let th = lines("lists/thucydide-perses.toml", "fr");
    assert_eq!(th[0], "Satrapes perses, Granique (7 unités)");
    assert_eq!(th.last().unwrap(), "7 unités");
    // English, the command line's, as it was.
    let en = lines("lists/sharpe-patrol.toml", "en");
    assert_eq!(
        en[1].split_whitespace().collect::<Vec<_>>(),
        ["#", "unit", "sheet", "figures", "cost", "skills"]
    );
    assert!(
        en[3].ends_with("Expert marksman (15), Attack fire (free)"),
        "{}",
        en[3]
    );
}

/// `muster check` without `--lang` speaks the list's `lang` (it spoke English whatever the
/// list said); `--lang` says otherwise, and a `lang` the ruleset is not printed in leaves
/// English.
#[test]
fn check_speaks_the_lists_lang_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.toml");
    let text = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml")).unwrap();
    let text = text.replacen("[list]\n", "[list]\nlang = \"fr\"\n", 1);
    assert!(text.contains("lang = \"fr\""));
    std::fs::write(&list, text).unwrap();
    let list = list.to_str().unwrap();
    let head = |args: &[&str]| -> Vec<String> {
        let run = muster(args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        run.stdout
            .lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(
        head(&["check", list]),
        ["#", "unité", "fiche", "figurines", "coût", "habiletés"]
    );
    assert_eq!(
        head(&["check", list, "--lang", "en"]),
        ["#", "unit", "sheet", "figures", "cost", "skills"]
    );
    let th = muster(&[
        "check",
        "tests/fixtures/thucydide/lists/lang-not-offered.toml",
    ]);
    assert!(!th.stdout.contains("unités"), "{}", th.stdout);
}

/// `--lang fr|es` on the commands that print sentences around a list's or a game's names:
/// `game show`, `game mark`, `game undo`, `game score`, `matchups`, the list edits and `sheets
/// show`'s source say their words in the language (they were English around French names:
/// "8 of 25 lost", "source: yours"), and without `--lang` a list's `lang` is the default.
#[test]
fn every_command_takes_lang() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for f in ["sharpe-patrol.toml", "voltigeurs-hussars.toml"] {
        std::fs::copy(root().join("lists").join(f), d.join(f)).unwrap();
    }
    let g = d.join("g.toml");
    let g = g.to_str().unwrap();
    let (a, b) = (
        d.join("sharpe-patrol.toml"),
        d.join("voltigeurs-hussars.toml"),
    );
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let run = muster(&["game", "new", g, "--list", a, "--against", b]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let said = |args: &[&str]| {
        let run = muster(args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        run.stdout + &run.stderr
    };
    let has = |text: &str, words: &[&str]| {
        for w in words {
            assert!(text.contains(w), "`{w}` not in:\n{text}");
        }
    };
    let lacks = |text: &str, words: &[&str]| {
        for w in words {
            assert!(!contains_word(text, w), "the English `{w}` in:\n{text}");
        }
    };
    let english = [
        "against", "side", "turn", "lost", "left", "logged", "unit", "states", "undid",
    ];
    let fr = said(&["game", "mark", g, "b1", "--lost", "2", "--lang", "fr"]);
    has(&fr, &["b1 (Capitaine Dubreton) : pertes 2, reste 2"]);
    let es = said(&["game", "mark", g, "a1", "--state", "routed", "--lang", "es"]);
    has(&es, &["a1 (Sharpe): estado «En desbandada» marcado"]);
    let fr = said(&["game", "show", g, "--lang", "fr"]);
    has(
        &fr,
        &[
            "contre",
            "camp a :",
            "reste",
            "En déroute",
            "2 marques enregistrées",
        ],
    );
    lacks(&fr, &english);
    let es = said(&["game", "score", g, "--lang", "es"]);
    has(&es, &["contra", "bando b:", "bajas 2", "que valen"]);
    lacks(&es, &english);
    let fr = said(&["game", "undo", g, "--lang", "fr"]);
    has(&fr, &["annulé : état « En déroute » posé sur a1"]);
    let fr = said(&["matchups", a, "--against", b, "--lang", "fr"]);
    has(
        &fr,
        &["contre", "Tir : pertes (espérance)", "unité", "1,17"],
    );
    lacks(&fr, &["against", "expected", "inflicted", "unit"]);
    let es = said(&["list", "remove", a, "3", "--lang", "es"]);
    has(&es, &["unidad 3 quitada", "puntos", "válida"]);
    lacks(&es, &["wrote", "valid", "unit", "cost"]);
    // With --roster, the roster and its verdict in the language.
    let es = said(&[
        "list", "move", a, "1", "--to", "2", "--lang", "es", "--roster",
    ]);
    has(&es, &["total", "puntos", "escrita: válida"]);
    lacks(&es, &["wrote", "valid", "unit", "cost"]);
    let es = said(&[
        "--ruleset",
        "capitan",
        "sheets",
        "show",
        "gb-95th-sharpe",
        "--lang",
        "es",
    ]);
    has(&es, &["fuente: el reglamento (oficial)"]);
    // muster preview: its headings, notes, tables and chances in the language, the skills
    // by their names in it (they were English around French names: "Fire: … at …", "mean").
    let fr = said(&[
        "preview",
        "fire",
        "--shooter",
        "lists/sharpe-patrol.toml:3",
        "--target",
        "lists/voltigeurs-hussars.toml:2",
        "--range",
        "long",
        "--cover",
        "light",
        "--lang",
        "fr",
    ]);
    has(
        &fr,
        &[
            "Tir : Chosen Men (8 figurines, unité 3 de lists/sharpe-patrol.toml) sur ",
            "ses habiletés (Tireur expert) ne changent pas ce jet",
            "difficulté 9 à portée longue (Capitán §7.6)",
            "cible sous couvert léger : +1 à l'esquive",
            "P(touche) 20\u{202f}%",
            "  pertes\n",
            "0,6096",
            "moyenne 0,480, médiane 0, mode 0 ; 0,222 pertes pour 100 points (216 points)",
        ],
    );
    lacks(
        &fr,
        &[
            "Fire",
            "at",
            "shots",
            "mean",
            "median",
            "casualties",
            "figures",
            "unit",
            "range",
        ],
    );
    let es = said(&[
        "preview",
        "melee",
        "--a",
        "lists/sharpe-patrol.toml:1",
        "--b",
        "lists/voltigeurs-hussars.toml:1",
        "--rounds",
        "1",
        "--lang",
        "es",
    ]);
    has(
        &es,
        &[
            "Cuerpo a cuerpo tras 1 ronda: Sharpe (3 figuras, unidad 1 de ",
            "sus habilidades (Tirador experto, Fuego de ataque) no cambian esta tirada",
            "A: +2 élite (Capitán §8.12)",
            "bajas de la primera ronda",
            "supervivientes",
            "rondas esperadas 1,000",
        ],
    );
    lacks(
        &es,
        &[
            "Melee",
            "after",
            "round",
            "survivors",
            "wins",
            "destroyed",
            "routed",
            "expected",
        ],
    );
    let es = said(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "test",
        "--leadership",
        "7",
        "--lang",
        "es",
    ]);
    has(&es, &["Chequeo (ACA p.11)", "P(éxito) 58,3\u{a0}%"]);
    let fr = said(&[
        "preview",
        "--ruleset",
        "hm-qrs",
        "command",
        "--rating",
        "8",
        "--with",
        "enemy-near",
        "--lang",
        "fr",
    ]);
    has(&fr, &["Test de commandement", "P(réussite) 58,3\u{202f}%"]);
    // A language the ruleset is not printed in is refused, as matchups refuses it.
    let run = muster(&[
        "preview",
        "--ruleset",
        "hm-qrs",
        "command",
        "--rating",
        "8",
        "--lang",
        "es",
    ]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert_eq!(
        run.stderr,
        "error: --lang es: Horse and musket (quick reference) is printed in fr, en\n"
    );
    // A list's `lang` is the default.
    let text = std::fs::read_to_string(a).unwrap();
    std::fs::write(a, text.replacen("[list]\n", "[list]\nlang = \"fr\"\n", 1)).unwrap();
    assert!(std::fs::read_to_string(a)
        .unwrap()
        .contains("lang = \"fr\""));
    let run = muster(&["game", "new", g, "--list", a, "--against", b, "--force"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let fr = said(&["game", "show", g]);
    has(&fr, &["camp a :"]);
    let fr = said(&["matchups", a, "--against", b]);
    has(&fr, &["Tir :"]);
    let a1 = format!("{a}:1");
    let b1 = format!("{b}:1");
    let melee = ["preview", "melee", "--a", &a1, "--b", &b1, "--rounds", "1"];
    let fr = said(&melee);
    has(&fr, &["Mêlée après 1 tour : ", "survivants"]);
    // --lang says otherwise.
    let en = said(&["matchups", a, "--against", b, "--lang", "en"]);
    has(&en, &["fire: expected casualties"]);
    let en = said(&[&melee[..], &["--lang", "en"]].concat());
    has(&en, &["Melee after 1 round: ", "survivors"]);
}

/// One count and chance formatter (core::words::counted and percent): a game's unit with one
/// figure left is "1 figure" in a preview (it said "1 figures"), and the previews write their
/// chances as the pages do, percentages with at most one decimal (they printed P(…) as
/// 0.5833).
#[test]
fn a_preview_counts_agree_and_its_chances_are_percentages() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.toml");
    let g = g.to_str().unwrap();
    let run = muster(&[
        "game",
        "new",
        g,
        "--list",
        "lists/sharpe-patrol.toml",
        "--against",
        "lists/voltigeurs-hussars.toml",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&["game", "mark", g, "b2", "--lost", "7"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (a3, b2) = (format!("{g}:a3"), format!("{g}:b2"));
    let run = muster(&[
        "preview",
        "fire",
        "--shooter",
        &a3,
        "--target",
        &b2,
        "--range",
        "short",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("(1 figure, b2 of "), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("P(hit) 60%, P(dodge) 60%, P(casualty per shot) 24%"),
        "{}",
        run.stdout
    );
    let forms = noun_forms();
    assert!(
        disagreements(&run.stdout, muster::core::i18n::Lang::En, &forms).is_empty(),
        "{}",
        run.stdout
    );
    let run = muster(&[
        "preview",
        "--ruleset",
        "wab-aca",
        "test",
        "--leadership",
        "7",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.ends_with("P(success) 58.3%\n"), "{}", run.stdout);
}

/// The rulesets' titles in each language, from their labels (`ruleset_title`): the pages
/// named them "Horse and musket (quick reference)" and "Thucydide (combat)" in English on
/// French and Spanish pages.
#[test]
fn the_rulesets_titles_in_each_language() {
    let rows = json(&muster(&["rulesets", "--format", "json"]));
    let titles = |id: &str| {
        rows.as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap()["titles"]
            .clone()
    };
    assert_eq!(titles("hm-qrs")["fr"], "Horse and musket (aide-mémoire)");
    assert_eq!(
        titles("hm-qrs")["es"],
        "Horse and musket (referencia rápida)"
    );
    assert_eq!(titles("hm-qrs")["en"], "Horse and musket (quick reference)");
    assert_eq!(titles("thucydide")["es"], "Thucydide (combate)");
    assert_eq!(
        titles("fire-classes")["fr"],
        "Capacité de feu de l'infanterie"
    );
    // The lists page and the builder's page name it in the page's language.
    let s = crate::serve::Server::start();
    let lists = s.get("/api/lists").json();
    let hm = lists["lists"]
        .as_array()
        .or(lists.as_array())
        .unwrap()
        .iter()
        .find(|l| l["ruleset"] == "hm-qrs")
        .cloned()
        .unwrap();
    assert_eq!(
        hm["ruleset_titles"]["es"],
        "Horse and musket (referencia rápida)"
    );
    let view = s.get("/api/lists/hm-qrs-picton-1815.toml?lang=fr").json();
    assert_eq!(view["title"], "Horse and musket (aide-mémoire)");
}

/// What the command line prints that a ruleset's engine still says in English whatever the
/// language (issue 38, not yet translated): (ruleset, command). Each is walked all the same
/// in English; in French and Spanish it is left out until its words are in the data.
const CLI_STILL_ENGLISH: &[(&str, &str)] = &[];

/// The previews a ruleset's walk reads besides the matchups' cells: each procedure the cells
/// do not play, on units of the sample lists where it takes them.
fn other_previews(id: &str) -> Vec<Vec<String>> {
    let words = |w: &[&str]| w.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let list = |name: &str, n: u32| format!("{}:{n}", root().join("lists").join(name).display());
    match id {
        "capitan" => vec![words(&[
            "preview",
            "artillery",
            "--gun",
            &list("french-column.toml", 4),
            "--target",
            &list("voltigeurs-hussars.toml", 2),
            "--ammo",
            "canister",
            "--range",
            "effective",
        ])],
        "wab-aca" => vec![
            words(&[
                "preview",
                "--ruleset",
                "wab-aca",
                "test",
                "--leadership",
                "7",
            ]),
            words(&[
                "preview",
                "--ruleset",
                "wab-aca",
                "artillery",
                "--battery",
                "heavy",
                "--ammo",
                "roundshot",
                "--at",
                "caisson",
            ]),
        ],
        "hm-qrs" => vec![
            words(&[
                "preview",
                "--ruleset",
                "hm-qrs",
                "command",
                "--rating",
                "8",
                "--with",
                "enemy-near",
                "--distance",
                "13",
            ]),
            words(&[
                "preview",
                "--ruleset",
                "hm-qrs",
                "break-test",
                "--arm",
                "infantry",
                "--combat",
                "fire",
                "--modifier",
                "0",
            ]),
        ],
        "thucydide" => vec![words(&[
            "preview",
            "--ruleset",
            "thucydide",
            "panic",
            "--to-edge",
            "2",
        ])],
        "fire-classes" => vec![
            words(&[
                "preview",
                "--ruleset",
                "fire-classes",
                "volley",
                "--shooters",
                "6",
                "--class",
                "line",
                "--situation",
                "volley",
            ]),
            words(&[
                "preview",
                "--ruleset",
                "fire-classes",
                "volley",
                "--shooters",
                "1",
                "--elite",
                "--disorder",
                "--weapon",
                "carbine",
            ]),
        ],
        _ => Vec::new(),
    }
}

/// Words of another language the English previews still print, their English output being
/// kept byte for byte (tests/cases): Capitán's gun templates are named as the data names them,
/// in French ("template Mitraille 2"; French and Spanish texts name them by the labels).
/// (ruleset, word).
const PREVIEW_ENGLISH_KEPT: &[(&str, &str)] = &[("capitan", "Mitraille")];

/// The singular and plural forms of the nouns the code counts ([`noun_forms`]).
type NounForms = (
    std::collections::HashSet<String>,
    std::collections::HashSet<String>,
);

/// What one output of the walk must not hold: a word of another language (`foreign`) that
/// the lists' authors did not write (`theirs`), a count that disagrees with its noun, or an
/// id of the data's sheets (`ids`) in a sentence.
#[allow(clippy::too_many_arguments)]
fn wrong_words(
    place: &str,
    text: &str,
    lang: muster::core::i18n::Lang,
    forms: &NounForms,
    foreign: &[String],
    theirs: &str,
    ids: &[String],
    wrong: &mut Vec<String>,
) {
    for w in foreign {
        if contains_word(text, w) && !contains_word(theirs, w) {
            wrong.push(format!("{place}: the foreign word `{w}`"));
        }
    }
    for line in text.lines() {
        for x in disagreements(line, lang, forms) {
            wrong.push(format!("{place}: {x}"));
        }
    }
    // A table's row (its columns apart by two spaces or more) may show ids: the command line
    // takes them. A sentence names.
    for line in text.lines().map(str::trim) {
        if line.contains("  ") || line.starts_with('│') || line.starts_with('┌') {
            continue;
        }
        for sheet in ids {
            if contains_word(line, sheet) && !contains_word(theirs, sheet) {
                wrong.push(format!("{place}: the id `{sheet}` in “{line}”"));
            }
        }
    }
}

/// Every printing command of the command line, for every ruleset and in every language it
/// offers (`--lang fr|en|es`): for the rulesets with sample lists `check`, `roster --format
/// text`, `list remove` (on a copy), `matchups`, `game mark` (a loss, then the ruleset's first
/// state), `game show`, `game score` (which names that state in the language), `game undo` and
/// `sheets show` of three sheets; and for every ruleset `muster preview` of each procedure (the
/// matchups' cells, two of each procedure, and the procedures they do not play; a preview the
/// rules refuse is left out). None carries a word of another language (the ruleset's labels'
/// `foreign` and the shared `foreign_cli` of templates/messages.toml), an id of the data's
/// sheets in a sentence (a table's column of ids aside), or a count that disagrees with its
/// noun. Prints how many outputs it read.
#[test]
fn every_command_line_output_in_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let forms = noun_forms();
    let mut wrong = Vec::new();
    let mut read = 0usize;
    let mut previews_read = 0usize;
    for r in Ruleset::ALL {
        let id = r.id();
        let mut lists: Vec<std::path::PathBuf> = std::fs::read_dir(root().join("lists"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.extension().is_some_and(|e| e == "toml")
                    && std::fs::read_to_string(p)
                        .unwrap()
                        .contains(&format!("ruleset = \"{id}\""))
            })
            .collect();
        lists.sort();
        let listing = json(&muster(&["--ruleset", id, "sheets", "--format", "json"]));
        let mut ids: Vec<String> = match &listing {
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
        ids.sort();
        ids.dedup();
        // The previews walked: two of each procedure the matchups' cells play, then the others.
        let mut previews: Vec<Vec<String>> = Vec::new();
        if let [a, b, ..] = lists.as_slice() {
            if !r.meta().duels.is_empty() {
                let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
                let m = json(&muster(&[
                    "matchups",
                    a,
                    "--against",
                    b,
                    "--format",
                    "json",
                ]));
                let mut of: std::collections::BTreeMap<String, usize> = Default::default();
                for cell in m["cells"].as_array().unwrap() {
                    let words: Vec<String> = cell["command"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|w| w.as_str().unwrap().to_owned())
                        .collect();
                    let n = of.entry(words[1].clone()).or_default();
                    if *n < 2
                        && muster(&words.iter().map(String::as_str).collect::<Vec<_>>()).code == 0
                    {
                        *n += 1;
                        previews.push(words);
                    }
                }
            }
        }
        previews.extend(other_previews(id));
        let templates = Templates::load(r.templates(), None, &[]).unwrap();
        for lang in r.languages() {
            let l = lang.id();
            let labels = templates.labels(l);
            let foreign = cli_foreign_words(&labels, l);
            let mut outputs: Vec<(String, String)> = Vec::new();
            for words in &previews {
                let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
                args.extend(["--lang", l]);
                let run = muster(&args);
                assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
                outputs.push((format!("preview {}", words[1..].join(" ")), run.stdout));
                previews_read += 1;
            }
            // The tables of sheets and skills: their heads, names, rules and counts (they
            // were English in every language).
            let mut tables = vec![("sheets", vec!["--ruleset", id, "sheets", "--lang", l])];
            if muster(&["--ruleset", id, "skills"]).code == 0 {
                tables.push(("skills", vec!["--ruleset", id, "skills", "--lang", l]));
            }
            for (what, args) in tables {
                let run = muster(&args);
                assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
                outputs.push((what.to_owned(), run.stdout + &run.stderr));
            }
            // What the lists' authors wrote (names, labels) is theirs.
            let theirs: String = lists
                .iter()
                .take(2)
                .map(|p| std::fs::read_to_string(p).unwrap())
                .collect::<Vec<_>>()
                .join("\n");
            if let [a, b, ..] = lists.as_slice() {
                // Copies, so that the edits and the game change nothing shipped.
                let (ca, cb) = (
                    d.join(format!("{id}-{l}-a.toml")),
                    d.join(format!("{id}-{l}-b.toml")),
                );
                std::fs::copy(a, &ca).unwrap();
                std::fs::copy(b, &cb).unwrap();
                let (ca, cb) = (ca.to_str().unwrap(), cb.to_str().unwrap());
                let g = d.join(format!("{id}-{l}-game.toml"));
                let g = g.to_str().unwrap();
                let run = muster(&["game", "new", g, "--list", ca, "--against", cb]);
                assert_eq!(run.code, 0, "{id} game new: {}", run.stderr);
                let mut said = |what: &str, args: &[&str]| {
                    let run = muster(args);
                    assert!(run.code <= 1, "{id} {what} [{l}]: {}", run.stderr);
                    outputs.push((what.to_owned(), run.stdout + &run.stderr));
                };
                said("check", &["check", ca, "--lang", l]);
                said("roster", &["roster", ca, "--format", "text", "--lang", l]);
                if !r.meta().duels.is_empty() {
                    said("matchups", &["matchups", ca, "--against", cb, "--lang", l]);
                }
                said(
                    "game mark",
                    &["game", "mark", g, "a1", "--lost", "1", "--lang", l],
                );
                // The ruleset's first state, marked: the score names it in the language.
                let game_rules: toml::Table =
                    std::fs::read_to_string(root().join("unit-sheets").join(id).join("game.toml"))
                        .ok()
                        .and_then(|t| toml::from_str(&t).ok())
                        .unwrap_or_default();
                let state = game_rules
                    .get("state")
                    .and_then(|s| s.as_array())
                    .and_then(|s| s.first())
                    .map(|s| {
                        let said = |k: &str| s["name"].get(k).and_then(|v| v.as_str());
                        let sid = s["id"].as_str().unwrap().to_owned();
                        // English says the id (what --state takes).
                        let name = match *lang {
                            muster::core::i18n::Lang::En => sid.clone(),
                            _ => said(l).unwrap_or(&sid).to_owned(),
                        };
                        (sid, name)
                    });
                if let Some((sid, _)) = &state {
                    said(
                        "game mark",
                        &["game", "mark", g, "a1", "--state", sid, "--lang", l],
                    );
                }
                said("game show", &["game", "show", g, "--lang", l]);
                said("game score", &["game", "score", g, "--lang", l]);
                said("game undo", &["game", "undo", g, "--lang", l]);
                // An event in the language: what its commands print (entries added and
                // checked, a round paired, swapped and played, the standings, a player
                // dropped) and its table headings.
                let e = d.join(format!("{id}-{l}-event.toml"));
                let e = e.to_str().unwrap();
                let made = muster(&[
                    "event",
                    "new",
                    e,
                    "--name",
                    "Club",
                    "--ruleset",
                    id,
                    "--points",
                    "600",
                    "--lang",
                    l,
                ]);
                if made.code == 0 {
                    said(
                        "event add",
                        &[
                            "event", "add", e, "--player", "Ann", "--club", "Bath", "--list", ca,
                        ],
                    );
                    said(
                        "event add",
                        &["event", "add", e, "--player", "Bob", "--list", cb],
                    );
                    said(
                        "event add",
                        &["event", "add", e, "--player", "Cid", "--list", ca],
                    );
                    said(
                        "event add",
                        &["event", "add", e, "--player", "Ann", "--list", ca],
                    );
                    said("event check", &["event", "check", e]);
                    said("event pair", &["event", "pair", e, "--seed", "1"]);
                    said(
                        "event swap",
                        &["event", "swap", e, "--round", "1", "Ann", "Bob"],
                    );
                    said(
                        "event swap",
                        &["event", "swap", e, "--round", "1", "Ann", "Cid"],
                    );
                    said(
                        "event result",
                        &[
                            "event", "result", e, "--round", "1", "--table", "1", "--result", "a",
                        ],
                    );
                    said(
                        "event result",
                        &[
                            "event", "result", e, "--round", "1", "--table", "1", "--result",
                            "draw", "--score", "5-5",
                        ],
                    );
                    said("event drop", &["event", "drop", e, "--player", "Cid"]);
                    said("event standings", &["event", "standings", e]);
                    said("event pair", &["event", "pair", e, "--seed", "2"]);
                    said("event undo", &["event", "undo", e]);
                    let pdf = d.join(format!("{id}-{l}-standings.pdf"));
                    said(
                        "event standings",
                        &["event", "standings", e, "-o", pdf.to_str().unwrap()],
                    );
                }
                said("list remove", &["list", "remove", ca, "1", "--lang", l]);
                for sheet in ids.iter().take(3) {
                    said(
                        "sheets show",
                        &["--ruleset", id, "sheets", "show", sheet, "--lang", l],
                    );
                }
                if let Some((sid, name)) = &state {
                    let score = &outputs.iter().find(|(w, _)| w == "game score").unwrap().1;
                    if !score.contains(name.as_str()) {
                        wrong.push(format!(
                            "{id} game score [{l}]: the state `{sid}` is not named “{name}”"
                        ));
                    }
                }
            }
            for (what, text) in outputs {
                if *lang != muster::core::i18n::Lang::En
                    && CLI_STILL_ENGLISH.contains(&(id, what.as_str()))
                {
                    continue;
                }
                read += 1;
                let place = format!("{id} {what} [{l}]");
                let kept = |w: &String| {
                    *lang == muster::core::i18n::Lang::En
                        && what.starts_with("preview")
                        && PREVIEW_ENGLISH_KEPT.contains(&(id, w.as_str()))
                };
                let foreign: Vec<String> = foreign.iter().filter(|w| !kept(w)).cloned().collect();
                wrong_words(
                    &place, &text, *lang, &forms, &foreign, &theirs, &ids, &mut wrong,
                );
            }
        }
    }
    eprintln!(
        "every_command_line_output_in_its_language: {read} outputs read ({previews_read} previews)"
    );
    assert!(read > 180 && previews_read > 60, "{read} outputs read");
    assert!(
        wrong.is_empty(),
        "{} problems:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// What the rules refuse of a preview (exit 2) is said in the asked language, the units and
/// the rule's words named in it: it printed its English error whatever `--lang` said, and a
/// WAB unit given by its entry was named in English in the French text ("tireur : Line
/// battalion"). The command line's own mistakes (an unknown id, an option twice) stay in
/// English, as clap's are.
#[test]
fn a_preview_the_rules_refuse_is_said_in_the_asked_language() {
    let refused: &[(&str, &[&str])] = &[
        (
            "capitan",
            &[
                "fire",
                "--shooter",
                "gb-95th-sharpe:5",
                "--target",
                "fr-47e-fusiliers:10",
                "--range",
                "short",
            ],
        ),
        (
            "capitan",
            &[
                "fire",
                "--shooter",
                "fr-1er-hussards:5",
                "--target",
                "fr-47e-fusiliers:10",
                "--range",
                "long",
            ],
        ),
        (
            "capitan",
            &[
                "fire",
                "--shooter",
                "fr-47e-fusiliers:8",
                "--target",
                "fr-47e-fusiliers:10",
                "--range",
                "short",
                "--fire-twice",
            ],
        ),
        (
            "capitan",
            &[
                "fire",
                "--shooter",
                "fr-47e-fusiliers:2",
                "--shooter-skill",
                "tirailleurs",
                "--target",
                "fr-47e-fusiliers:10",
                "--range",
                "short",
            ],
        ),
        (
            "wab-aca",
            &["shoot", "--firer", "fr-cuirassiers:8", "--toughness", "3"],
        ),
        ("wab-aca", &["test", "--unit", "fr-conscripts", "--reroll"]),
        (
            "wab-aca",
            &[
                "fire-duel",
                "--firer",
                "fr-line-fusiliers:20",
                "--target",
                "fr-hussars",
            ],
        ),
        (
            "wab-aca",
            &[
                "combat",
                "--attacker",
                "fr-hussars:8",
                "--defender",
                "fr-line-fusiliers:12",
                "--defender-formation",
                "hollow-square",
                "--attack-from",
                "flank",
            ],
        ),
        (
            "thucydide",
            &[
                "combat",
                "--dice",
                "4",
                "--armour",
                "blue",
                "--attacker-state",
                "road-march",
            ],
        ),
        (
            "fire-classes",
            &["volley", "--class", "guerrillas", "--situation", "volley"],
        ),
    ];
    let forms = noun_forms();
    let mut wrong = Vec::new();
    for (id, args) in refused {
        let r = Ruleset::ALL.iter().find(|r| r.id() == *id).unwrap();
        let run = |lang: &str| {
            let mut all = vec!["--ruleset", id, "preview"];
            all.extend(args.iter());
            all.extend(["--lang", lang]);
            let run = muster(&all);
            assert_eq!(run.code, 2, "{all:?}: {}{}", run.stdout, run.stderr);
            assert!(run.stdout.is_empty(), "{all:?}: {}", run.stdout);
            run.stderr
        };
        let english = run("en");
        let templates = Templates::load(r.templates(), None, &[]).unwrap();
        for lang in r.languages() {
            let l = lang.id();
            if *lang == muster::core::i18n::Lang::En {
                continue;
            }
            let said = run(l);
            let place = format!("{id} preview {} [{l}]", args.join(" "));
            if said == english {
                wrong.push(format!("{place}: said in English: {said}"));
            }
            let foreign = cli_foreign_words(&templates.labels(l), l);
            let ids: Vec<String> = args
                .iter()
                .filter_map(|a| a.split(':').next())
                .filter(|a| a.contains('-') && !a.starts_with("--"))
                .map(str::to_owned)
                .collect();
            wrong_words(&place, &said, *lang, &forms, &foreign, "", &ids, &mut wrong);
        }
    }
    // A unit given by its entry, named as the data name it in the asked language.
    for (l, firer, target, english) in [
        (
            "fr",
            "Bataillon de ligne",
            "Régiment de hussards",
            "Line battalion",
        ),
        (
            "es",
            "Batallón de línea",
            "Regimiento de húsares",
            "Line battalion",
        ),
    ] {
        let run = muster(&[
            "--ruleset",
            "wab-aca",
            "preview",
            "shoot",
            "--firer",
            "fr-line-fusiliers:20",
            "--target",
            "fr-hussars",
            "--lang",
            l,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        if !run.stdout.contains(firer)
            || !run.stdout.contains(target)
            || run.stdout.contains(english)
        {
            wrong.push(format!(
                "wab-aca preview shoot [{l}]: the units named in English:\n{}",
                run.stdout
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} problems:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// A card's kind and arm as each language says them: "Mounted command", "Foot troops",
/// "Horse artillery" in English (they printed "Command mounted", "Troop on foot"), the kind
/// first in French ("Commandement à cheval"); and a count of one hex in the singular in
/// Thucydide's French and English ("1 case(s)", "1 hex" beside "2 hex").
#[test]
fn kinds_arms_and_hexes_as_players_say_them() {
    let card = |sheet: &str, ruleset: &str, lang: &str| {
        let run = muster(&[
            "--ruleset",
            ruleset,
            "sheets",
            "show",
            sheet,
            "--lang",
            lang,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    for (sheet, en, fr) in [
        (
            "fr-1er-hussards-lieutenant",
            "Mounted command",
            "Commandement à cheval",
        ),
        ("gb-95th-riflemen", "Foot troops", "Troupe à pied"),
        ("gb-rha-troop", "Horse artillery", "Artillerie à cheval"),
    ] {
        assert!(card(sheet, "capitan", "en").contains(en), "{sheet}");
        assert!(card(sheet, "capitan", "fr").contains(fr), "{sheet}");
    }
    let listing = json(&muster(&[
        "--ruleset",
        "thucydide",
        "sheets",
        "--format",
        "json",
    ]));
    let ids: Vec<String> = listing
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|x| x["id"].as_str().map(str::to_owned))
        .collect();
    let (mut one, mut more) = (0, 0);
    for id in &ids {
        for (lang, singular, plural) in [("fr", "1 case", "cases"), ("en", "1 hex", "hexes")] {
            let text = card(id, "thucydide", lang);
            assert!(!text.contains("case(s)"), "{id} {lang}: {text}");
            for line in text.lines() {
                if line.contains(&format!("{singular}s")) || line.contains("1 hexes") {
                    panic!("{id} {lang}: {line}");
                }
                if line.ends_with(singular) {
                    one += 1;
                } else if line.ends_with(plural) {
                    more += 1;
                }
            }
        }
    }
    assert!(one > 0 && more > 0, "{one} singular, {more} plural");
}
