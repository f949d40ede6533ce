//! Property tests: whatever bytes or list-shaped TOML a user feeds `check`, it answers with a
//! result and never panics; its totals and verdict agree with its own rows and diagnostics.

use std::path::Path;
use std::sync::OnceLock;

use muster::core::source::Sources;
use muster::rulesets::capitan::check;
use muster::rulesets::capitan::Database;
use proptest::prelude::*;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| {
        let mut sources = Sources::new();
        let loaded = muster::rulesets::capitan::data::load(
            &[super::root().join("unit-sheets")],
            &mut sources,
        )
        .unwrap();
        loaded.database.unwrap()
    })
}

fn check(text: String) {
    let db = db();
    let mut sources = Sources::new();
    let file = sources.add(Path::new("prop.toml"), text);
    match muster::rulesets::checking::parse_and_check(&sources, file, |p| {
        check::check_list(
            muster::rulesets::Ruleset::of(&muster::rulesets::capitan::META),
            db,
            &sources,
            p,
        )
    }) {
        Ok(checked) => {
            let sum = checked
                .units
                .iter()
                .map(|r| r.cost)
                .fold(0u64, u64::saturating_add);
            assert_eq!(checked.total, sum);
            assert_eq!(
                checked.is_valid(),
                !checked.diagnostics.iter().any(|d| d.is_error())
            );
            for d in &checked.diagnostics {
                let _ = d.render(&sources);
            }
        }
        Err(d) => {
            assert!(d.is_error());
            let _ = d.render(&sources);
        }
    }
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("gb-95th-sharpe".to_owned()),
        Just("fr-47e-fusiliers".to_owned()),
        Just("fr-foot-battery-12".to_owned()),
        Just("es-guerrilleros".to_owned()),
        Just("tireur-expert".to_owned()),
        Just("mouvement-furtif".to_owned()),
        Just("lanciers".to_owned()),
        Just("peninsula".to_owned()),
        Just("captain".to_owned()),
        "[a-z\\-]{0,12}",
        "\\PC{0,8}",
    ]
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        (0i64..20).prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        Just("4294967296".to_owned()),
        Just("1.5".to_owned()),
        word().prop_map(|w| format!("{w:?}")),
    ]
}

fn unit() -> impl Strategy<Value = String> {
    (
        word(),
        proptest::option::of(number()),
        proptest::collection::vec(word(), 0..4),
    )
        .prop_map(|(sheet, figures, skills)| {
            let mut s = format!("\n[[units]]\nsheet = {sheet:?}\n");
            if let Some(f) = figures {
                s.push_str(&format!("figures = {f}\n"));
            }
            s.push_str(&format!("skills = {skills:?}\n"));
            s
        })
}

fn list() -> impl Strategy<Value = String> {
    (
        word(),
        prop_oneof![Just("allies"), Just("empire"), Just("neutral")],
        word(),
        number(),
        proptest::option::of(word()),
        proptest::option::of((number(), word())),
        proptest::collection::vec(unit(), 0..25),
    )
        .prop_map(|(ruleset, coalition, campaign, points, rank, free, units)| {
            let mut s = format!("[list]\nname = \"p\"\nruleset = {ruleset:?}\ncoalition = \"{coalition}\"\ncampaign = {campaign:?}\npoints = {points}\n");
            if let Some(r) = rank {
                s.push_str(&format!("rank = {r:?}\n"));
            }
            if let Some((u, k)) = free {
                s.push_str(&format!("free_skill = {{ unit = {u}, skill = {k:?} }}\n"));
            }
            s + &units.concat()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(400), ..ProptestConfig::default() })]

    #[test]
    fn garbage_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check(String::from_utf8_lossy(&bytes).into_owned());
    }

    #[test]
    fn valid_looking_lists_never_panic(text in list()) {
        check(text);
    }

    #[test]
    fn mutilated_sample_lists_never_panic(cut in 0usize..2000, insert in "\\PC{0,5}") {
        let text = std::fs::read_to_string(super::root().join("lists/sharpe-patrol.toml")).unwrap();
        let at = text.char_indices().map(|(i, _)| i).nth(cut % text.chars().count()).unwrap_or(0);
        check(format!("{}{}{}", &text[..at], insert, &text[at..]));
    }
}

// ── previews, cards and list edits ──────────────────────────────────────────────────────────

/// A value a hostile user could type: extreme numbers, hostile strings, ids, nothing.
fn flag_value() -> impl Strategy<Value = String> {
    prop_oneof![
        (0i64..30).prop_map(|n| n.to_string()),
        Just("4294967295".to_owned()),
        Just("4294967296".to_owned()),
        Just("-2147483648".to_owned()),
        Just("2147483647".to_owned()),
        Just("1e9".to_owned()),
        Just("NaN".to_owned()),
        Just("d6".to_owned()),
        Just("d12".to_owned()),
        Just("short".to_owned()),
        Just("long".to_owned()),
        Just("light".to_owned()),
        Just("effective".to_owned()),
        Just("canister".to_owned()),
        Just("shell".to_owned()),
        Just("gb-95th-sharpe".to_owned()),
        Just("fr-47e-fusiliers:12".to_owned()),
        Just("gb-45th-line:4294967295".to_owned()),
        Just("tireur-expert".to_owned()),
        Just("\u{1b}[31m\n#".to_owned()),
        "\\PC{0,6}",
    ]
}

fn preview_args() -> impl Strategy<Value = Vec<String>> {
    let flags = prop_oneof![
        Just("--shots"),
        Just("--die"),
        Just("--range"),
        Just("--modifier"),
        Just("--target-figures"),
        Just("--target-die"),
        Just("--cover"),
        Just("--shooter"),
        Just("--target"),
        Just("--shooter-skill"),
        Just("--compare-skill"),
        Just("--a-figures"),
        Just("--a-die"),
        Just("--a-modifier"),
        Just("--a-attacks"),
        Just("--b-figures"),
        Just("--b-die"),
        Just("--b-modifier"),
        Just("--rounds"),
        Just("--a"),
        Just("--b"),
        Just("--morale"),
        Just("--courage"),
        Just("--charger"),
        Just("--gun"),
        Just("--gun-type"),
        Just("--crew"),
        Just("--ammo"),
        Just("--under"),
        Just("--factor"),
    ];
    (
        prop_oneof![
            Just("fire"),
            Just("melee"),
            Just("charge"),
            Just("artillery")
        ],
        proptest::collection::vec((flags, flag_value()), 0..8),
        any::<bool>(),
    )
        .prop_map(|(proc_, pairs, charges)| {
            let mut args = vec!["muster".to_owned(), "preview".into(), proc_.into()];
            for (f, v) in pairs {
                args.push(format!("{f}={v}"));
            }
            if charges {
                args.push("--a-charges".into());
            }
            args.push("--format=json".into());
            args
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(300), ..ProptestConfig::default() })]

    /// Whatever flags: an answer or a usage error, never a panic or an abort (the test
    /// process would die), and every distribution printed sums to 1.
    #[test]
    fn random_preview_flags_never_panic(args in preview_args()) {
        let code = muster::run(args);
        prop_assert!(code <= 2);
    }
}

/// A list with hostile labels and extreme figures, printed and edited.
fn hostile_list() -> impl Strategy<Value = (String, String)> {
    (
        flag_value(),
        proptest::collection::vec(
            (
                prop_oneof![
                    Just("gb-95th-sharpe"),
                    Just("gb-95th-riflemen"),
                    Just("gb-rha-troop"),
                    Just("gb-18th-hussars"),
                ],
                flag_value(),
                prop_oneof![
                    Just("0"), Just("4"), Just("12"), Just("13"), Just("-1"),
                    Just("4294967295"), Just("9223372036854775807"),
                ],
            ),
            0..6,
        ),
        flag_value(),
    )
        .prop_map(|(name, units, label)| {
            let mut s = format!(
                "[list]\nname = {name:?}\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 600\n"
            );
            for (sheet, l, figures) in units {
                s.push_str(&format!(
                    "\n[[units]]\nsheet = \"{sheet}\"\nlabel = {l:?}\nfigures = {figures}\n"
                ));
            }
            (s.replace("\\u{", "\\u00").replace('}', ""), label)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(40), ..ProptestConfig::default() })]

    /// Cards, rosters and edits of a hostile list never panic nor write partial files.
    #[test]
    fn hostile_lists_print_and_edit(list in hostile_list()) {
        let (text, label) = list;
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("l.toml");
        std::fs::write(&file, &text).unwrap();
        let f = file.to_str().unwrap().to_owned();
        let data = super::root().join("unit-sheets");
        let d = data.to_str().unwrap().to_owned();
        let out = |name: &str| tmp.path().join(name).to_str().unwrap().to_owned();
        let runs: Vec<Vec<String>> = vec![
            vec!["check".into(), f.clone()],
            vec!["cards".into(), f.clone(), "--allow-invalid".into(), "-o".into(), out("c.pdf")],
            vec!["roster".into(), f.clone(), "-o".into(), out("r.md")],
            vec!["roster".into(), f.clone(), "-o".into(), out("r.pdf")],
            vec!["list".into(), "add".into(), f.clone(), "gb-45th-line".into(), "--figures".into(), "6".into(), "--label".into(), label.clone()],
        ];
        for run in runs {
            let mut args = vec!["muster".to_owned(), "--data".into(), d.clone()];
            args.extend(run);
            let code = muster::run(args);
            prop_assert!(code <= 2);
        }
        for entry in std::fs::read_dir(tmp.path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            prop_assert!(!name.starts_with(".muster-"), "temporary file left: {}", name);
        }
    }
}

// ── list edits keep the user's comments ─────────────────────────────────────────────────────

/// The shipped lists of every ruleset.
fn shipped_lists() -> Vec<std::path::PathBuf> {
    let mut lists: Vec<_> = std::fs::read_dir(super::root().join("lists"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    lists.sort();
    lists
}

/// Whether a line is a `key = value` whose value ends on that line (a comment may follow).
fn simple_key_line(line: &str) -> bool {
    let Some((key, value)) = line.split_once(" = ") else {
        return false;
    };
    let value = value.trim_end();
    !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !value.contains('#')
        && (value.ends_with('"')
            || value.ends_with(']') && value.starts_with('[')
            || value.ends_with('}') && value.starts_with('{')
            || value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-'))
}

/// `text` with a marked comment above (`#kNk`) or after (`#kNk`, on the same line) the key
/// lines and unit headers that `marks` picks; returns the text and its markers' lines.
fn sprinkle(text: &str, marks: &[u8]) -> (String, Vec<(String, usize)>) {
    let mut out = String::new();
    let mut markers = Vec::new();
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let pick = marks.get(i % marks.len().max(1)).copied().unwrap_or(0) % 4;
        let header = line == "[[units]]" || line == "[list]";
        let key = simple_key_line(line);
        if (header || key) && pick == 1 {
            n += 1;
            markers.push((format!("#k{n}k"), out.lines().count()));
            out.push_str(&format!("#k{n}k above\n"));
        }
        if key && pick == 2 {
            n += 1;
            markers.push((format!("#k{n}k"), out.lines().count()));
            out.push_str(&format!("{line}  #k{n}k after\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    (out, markers)
}

/// The line range (0-based, inclusive) of unit `n` (1-based) of a list text, the comments
/// above its header included: what `list remove n` takes away.
fn unit_lines(text: &str, n: usize) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let headers: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i] == "[[units]]")
        .collect();
    let header = *headers.get(n - 1)?;
    let content = |i: usize| {
        let l = lines[i].trim();
        !l.is_empty() && !l.starts_with('#')
    };
    let end_limit = headers.get(n).copied().unwrap_or(lines.len());
    let end = (header..end_limit).rev().find(|&i| content(i))?;
    let start = (0..header).rev().find(|&i| content(i)).map_or(0, |i| i + 1);
    Some((start, end))
}

#[derive(Debug, Clone)]
enum Edit {
    Figures(usize, u32),
    Label(usize, String),
    NoSkills(usize),
    Move(usize, usize),
    Remove(usize),
    AddSame(u32),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (1usize..8, 0u32..14).prop_map(|(u, f)| Edit::Figures(u, f)),
        (1usize..8, "[A-Za-z ]{0,10}").prop_map(|(u, l)| Edit::Label(u, l)),
        (1usize..8).prop_map(Edit::NoSkills),
        (1usize..8, 1usize..8).prop_map(|(u, t)| Edit::Move(u, t)),
        (1usize..8).prop_map(Edit::Remove),
        (0u32..14).prop_map(Edit::AddSame),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(60), ..ProptestConfig::default() })]


    /// Random edits of the shipped lists of every ruleset, comments sprinkled above and after
    /// their keys: every comment stays, but those of a removed unit.
    #[test]
    fn list_edits_keep_every_comment(
        which in 0usize..64,
        marks in proptest::collection::vec(any::<u8>(), 1..16),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let lists = shipped_lists();
        let path = &lists[which % lists.len()];
        let shipped = std::fs::read_to_string(path).unwrap();
        let (text, markers) = sprinkle(&shipped, &marks);
        prop_assert!(text.parse::<toml::Table>().is_ok(), "sprinkled text parses:\n{}", text);
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("l.toml");
        std::fs::write(&file, &text).unwrap();
        let f = file.to_str().unwrap().to_owned();
        let d = super::root().join("unit-sheets").to_str().unwrap().to_owned();
        // The markers still expected: those of a removed unit go with it.
        let mut expected: Vec<String> = markers.iter().map(|(m, _)| m.clone()).collect();
        for e in edits {
            let before = std::fs::read_to_string(&file).unwrap();
            let unit_id = before
                .lines()
                .skip_while(|l| *l != "[[units]]")
                .find_map(|l| {
                    let (k, v) = l.split_once(" = ")?;
                    ["sheet", "unit", "entry"].contains(&k).then(|| v.split('"').nth(1).unwrap_or(v).to_owned())
                });
            let args: Vec<String> = match &e {
                Edit::Figures(u, n) => vec!["set".into(), f.clone(), u.to_string(), "--figures".into(), n.to_string()],
                Edit::Label(u, l) => vec!["set".into(), f.clone(), u.to_string(), "--label".into(), l.clone()],
                Edit::NoSkills(u) => vec!["set".into(), f.clone(), u.to_string(), "--no-skills".into()],
                Edit::Move(u, t) => vec!["move".into(), f.clone(), u.to_string(), "--to".into(), t.to_string()],
                Edit::Remove(u) => vec!["remove".into(), f.clone(), u.to_string()],
                Edit::AddSame(n) => match &unit_id {
                    Some(id) => vec!["add".into(), f.clone(), id.clone(), "--figures".into(), n.to_string()],
                    None => continue,
                },
            };
            let mut argv = vec!["muster".to_owned(), "--data".into(), d.clone(), "list".into()];
            argv.extend(args);
            let code = muster::run(argv.clone());
            prop_assert!(code <= 2, "{:?}", argv);
            let after = std::fs::read_to_string(&file).unwrap();
            if code == 2 {
                prop_assert_eq!(&after, &before, "a refused edit writes nothing: {:?}", argv);
            }
            if let (Edit::Remove(u), true) = (&e, code < 2) {
                if let Some((start, end)) = unit_lines(&before, *u) {
                    let gone: String = before.lines().skip(start).take(end + 1 - start).collect::<Vec<_>>().join("\n");
                    expected.retain(|m| !gone.contains(&format!("{m} ")));
                }
            }
            for m in &expected {
                prop_assert!(
                    after.contains(&format!("{m} ")),
                    "{:?} lost the comment {}:\n--- before\n{}\n--- after\n{}",
                    argv, m, before, after
                );
            }
        }
    }
}

// ── the sheet editor's save reads back to what was typed ───────────────────────────────────

struct Editor {
    engine: muster::rulesets::Rules,
    form: muster::rulesets::SheetForm,
    ids: Vec<String>,
    /// The player's file a saved sheet is read back from (`my-sheets/capitan/sheets/x.toml`).
    path: std::path::PathBuf,
}

/// The editor of a ruleset with one (capitan, wab-aca, hm-qrs, thucydide), each loaded once.
fn editor(ruleset: &'static str) -> &'static Editor {
    const IDS: [&str; 4] = ["capitan", "wab-aca", "hm-qrs", "thucydide"];
    static EDS: [OnceLock<Editor>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let i = IDS.iter().position(|id| *id == ruleset).unwrap();
    EDS[i].get_or_init(|| load_editor(ruleset))
}

fn load_editor(id: &str) -> Editor {
    use muster::rulesets::{Ruleset, SheetFilter};
    let mut sources = Sources::new();
    let ruleset = *Ruleset::ALL.iter().find(|r| r.id() == id).unwrap();
    let engine =
        muster::commands::load_engine(ruleset, &[super::root().join("unit-sheets")], &mut sources)
            .unwrap();
    let templates =
        muster::render::templates::Templates::load(ruleset.templates(), None, &[]).unwrap();
    let lang = muster::core::i18n::Lang::En;
    let form = engine
        .ruleset()
        .need(engine.editor(), "sheet editor")
        .and_then(|x| x.sheet_form(lang, &templates.labels(lang.id())))
        .unwrap();
    let ids = engine
        .ruleset()
        .need(engine.sheets(), "unit sheets to list")
        .and_then(|x| x.listing(&SheetFilter::default(), muster::core::i18n::Lang::En))
        .unwrap()
        .json
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect();
    let path = Path::new("my-sheets")
        .join(id)
        .join(form.folder)
        .join("x.toml");
    Editor {
        engine,
        form,
        ids,
        path,
    }
}

/// A sheet's values as the editor opens them (no provenance, no source, no nulls).
fn opened(
    engine: &muster::rulesets::Rules,
    id: &str,
) -> serde_json::Map<String, serde_json::Value> {
    let mut v = engine
        .ruleset()
        .need(engine.sheets(), "unit sheets to show")
        .and_then(|x| x.sheet(id))
        .unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("provenance");
    o.remove("source");
    o.retain(|_, x| !x.is_null() && x != &serde_json::json!([]) && x != &serde_json::json!(false));
    o.clone()
}

/// The saved file read back over the data, as every command will read it.
fn read_back(ed: &Editor, text: &str, id: &str) -> serde_json::Map<String, serde_json::Value> {
    let mut sources = Sources::new();
    let file = sources.add(&ed.path, text.to_owned());
    let draft = ed
        .engine
        .ruleset()
        .need(ed.engine.editor(), "sheet editor")
        .and_then(|x| x.draft(&sources, file))
        .unwrap();
    assert_eq!(draft.id, id, "{text}\n{:?}", draft.diagnostics);
    opened(draft.engine.as_ref(), id)
}

/// A sheet typed in the editor and saved (a new file, then the player's file saved again with
/// other values, its comment kept) reads back to the values typed.
fn saved_reads_back(
    ed: &Editor,
    (a, b, changes): (usize, usize, serde_json::Map<String, serde_json::Value>),
) -> Result<(), TestCaseError> {
    use muster::ops::sheets::saved_text;
    use muster::rulesets::sheet_form::draft_text;
    let id = "prop-sheet";
    let table = format!("[[{}]]", ed.form.table);
    // A new sheet, copied from a shipped one.
    let mut first = opened(ed.engine.as_ref(), &ed.ids[a % ed.ids.len()]);
    first.insert("id".into(), id.into());
    let new_file = saved_text(&ed.form, None, &draft_text(&ed.form, &first), id, None).unwrap();
    prop_assert_eq!(read_back(ed, &new_file, id), first.clone());
    // Saved again over the player's file: another sheet's values with the typed changes.
    let mut second = opened(ed.engine.as_ref(), &ed.ids[b % ed.ids.len()]);
    second.insert("id".into(), id.into());
    second.extend(changes);
    let with_comment = new_file.replacen(&table, &format!("# my note\n{table}"), 1);
    let again = saved_text(
        &ed.form,
        Some(&with_comment),
        &draft_text(&ed.form, &second),
        id,
        None,
    )
    .unwrap();
    prop_assert!(again.contains(&format!("# my note\n{table}")), "{}", again);
    prop_assert_eq!(read_back(ed, &again, id), second);
    Ok(())
}

fn typed_sheet() -> impl Strategy<Value = (usize, usize, serde_json::Map<String, serde_json::Value>)>
{
    (
        0usize..1000,
        0usize..1000,
        "[ -~àéèçñüÅЖἈ\"'\\\\]{1,40}",
        "[ -~àéñ]{1,30}",
        (1i64..=18, 0i64..=12, 0i64..=12, 1i64..=2000, 1i64..=20),
        (1i64..60, 0i64..40, 0i64..40),
    )
        .prop_map(
            |(
                a,
                b,
                name,
                regiment,
                (courage, initiative, morale, points, max_units),
                (n, m, c),
            )| {
                let mut v = serde_json::Map::new();
                v.insert("name".into(), name.into());
                v.insert("regiment".into(), regiment.into());
                v.insert("courage".into(), courage.into());
                v.insert("initiative".into(), initiative.into());
                v.insert("morale".into(), morale.into());
                v.insert("points".into(), points.into());
                v.insert("max_units".into(), max_units.into());
                v.insert(
                    "move".into(),
                    serde_json::json!({ "normal": n, "march": n + m, "charge": n + m + c }),
                );
                (a, b, v)
            },
        )
}

/// A unit's typed values: its names, then its numbers within the bounds the form gives
/// (hm-qrs: hand-to-hand, shooting, save, stamina, points; Thucydide: assault, melee,
/// elements and traits of the data).
fn typed_unit(
    ruleset: &'static str,
) -> impl Strategy<Value = (usize, usize, serde_json::Map<String, serde_json::Value>)> {
    (
        0usize..1000,
        0usize..1000,
        "[ -~àéèçñüÅЖἈ\"'\\\\]{1,40}",
        "[ -~àéñ]{1,30}",
        (0i64..=12, 0i64..=12, 2i64..=6, 1i64..=12, 0i64..=2000),
        (
            0i64..=10,
            0i64..=10,
            1i64..=12,
            proptest::sample::subsequence(vec!["elite", "fanatic", "elusive", "fickle"], 0..=4),
        ),
    )
        .prop_map(
            move |(
                a,
                b,
                fr,
                en,
                (hth, shooting, morale, stamina, points),
                (assault, melee, elements, traits),
            )| {
                let mut v = serde_json::Map::new();
                v.insert("name".into(), serde_json::json!({ "fr": fr, "en": en }));
                if ruleset == "hm-qrs" {
                    v.insert("hand_to_hand".into(), hth.into());
                    v.insert("shooting".into(), shooting.into());
                    v.insert("morale".into(), morale.into());
                    v.insert("stamina".into(), stamina.into());
                    v.insert("points".into(), points.into());
                } else {
                    v.insert("assault".into(), assault.into());
                    v.insert("melee".into(), melee.into());
                    v.insert("elements".into(), elements.into());
                    if !traits.is_empty() {
                        v.insert("traits".into(), serde_json::json!(traits));
                    }
                }
                (a, b, v)
            },
        )
}

/// A WAB entry's typed values: its names, its whole profile, its cost and most units, within
/// the bounds the form gives.
fn typed_entry() -> impl Strategy<Value = (usize, usize, serde_json::Map<String, serde_json::Value>)>
{
    (
        0usize..1000,
        0usize..1000,
        (
            "[ -~àéèçñüÅЖἈ\"'\\\\]{1,40}",
            "[ -~áéíóúñ¿¡]{1,30}",
            "[ -~àéñ]{1,30}",
        ),
        (0i64..=10, 0i64..=10, 0i64..=10, 1i64..=10, 1i64..=10),
        (
            1i64..=10,
            0i64..=10,
            1i64..=10,
            2i64..=10,
            proptest::option::of(2i64..=6),
        ),
        (0i64..=1000, 1i64..=100),
    )
        .prop_map(
            |(a, b, (fr, es, en), (m, ws, bs, s, t), (w, i, at, ld, sv), (cost, max_units))| {
                let mut v = serde_json::Map::new();
                v.insert(
                    "name".into(),
                    serde_json::json!({ "fr": fr, "es": es, "en": en }),
                );
                let mut profile = serde_json::json!({
                    "m": m, "ws": ws, "bs": bs, "s": s, "t": t, "w": w, "i": i, "a": at, "ld": ld,
                });
                if let Some(sv) = sv {
                    profile["sv"] = sv.into();
                }
                v.insert("profile".into(), profile);
                v.insert("cost".into(), cost.into());
                v.insert("max_units".into(), max_units.into());
                (a, b, v)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(60), ..ProptestConfig::default() })]

    /// The same for the entries of WAB's armies (a file of entries naming their army).
    #[test]
    fn the_entry_editors_save_reads_back_to_what_was_typed(typed in typed_entry()) {
        saved_reads_back(editor("wab-aca"), typed)?;
    }

    /// A sheet typed in the editor and saved (a new file, then the player's file saved again
    /// with other values, its comment kept) reads back to the values typed.
    #[test]
    fn the_editors_save_reads_back_to_what_was_typed(typed in typed_sheet()) {
        saved_reads_back(editor("capitan"), typed)?;
    }

    /// The same for the unit types of hm-qrs and the troop types of Thucydide.
    #[test]
    fn the_unit_editors_save_reads_back_to_what_was_typed(
        hm in typed_unit("hm-qrs"),
        th in typed_unit("thucydide"),
    ) {
        saved_reads_back(editor("hm-qrs"), hm)?;
        saved_reads_back(editor("thucydide"), th)?;
    }
}
