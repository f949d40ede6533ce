//! A player's files are never lost to a command's output: no document written over a list,
//! game or career (whatever the output's name, whatever link leads there), no hang on a FIFO,
//! no edit touching what it does not change, templates bounded as a whole.

use std::path::Path;

use proptest::prelude::*;

use super::{muster_in, root};

fn run(dir: &Path, args: &[&str]) -> super::Run {
    let data = root().join("unit-sheets");
    let mut all = vec!["--data", data.to_str().unwrap()];
    all.extend_from_slice(args);
    muster_in(dir, &all, &[])
}

/// A folder with two shipped lists.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("lists")).unwrap();
    for l in ["sharpe-patrol.toml", "voltigeurs-hussars.toml"] {
        std::fs::copy(
            root().join("lists").join(l),
            dir.path().join("lists").join(l),
        )
        .unwrap();
    }
    dir
}

fn bytes(dir: &Path) -> Vec<Vec<u8>> {
    ["lists/sharpe-patrol.toml", "lists/voltigeurs-hussars.toml"]
        .iter()
        .map(|l| std::fs::read(dir.join(l)).unwrap())
        .collect()
}

#[cfg(unix)]
#[test]
fn no_output_lands_on_a_list_through_a_link() {
    let t = folder();
    let d = t.path();
    let before = bytes(d);
    std::os::unix::fs::symlink("lists/sharpe-patrol.toml", d.join("x.svg")).unwrap();
    let r = run(
        d,
        &[
            "preview",
            "fire",
            "--shooter",
            "lists/sharpe-patrol.toml:3",
            "--target",
            "fr-47e-fusiliers:10",
            "--range",
            "medium",
            "--plot",
            "x.svg",
        ],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: refusing to write x.svg (the link x.svg leads to lists/sharpe-patrol.toml): output files must not have a .toml extension\n"
    );
    std::os::unix::fs::symlink("lists/voltigeurs-hussars.toml", d.join("out.pdf")).unwrap();
    let r = run(d, &["cards", "lists/sharpe-patrol.toml", "-o", "out.pdf"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: refusing to write out.pdf (the link out.pdf leads to lists/voltigeurs-hussars.toml): output files must not have a .toml extension\n"
    );
    // A list whose name does not say so is known by its content.
    std::fs::copy(d.join("lists/voltigeurs-hussars.toml"), d.join("mine.txt")).unwrap();
    let mine = std::fs::read(d.join("mine.txt")).unwrap();
    std::os::unix::fs::symlink("mine.txt", d.join("roster.md")).unwrap();
    let r = run(
        d,
        &["roster", "lists/sharpe-patrol.toml", "-o", "roster.md"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: refusing to write roster.md (the link roster.md leads to mine.txt): it is an army list, and a document never replaces a player's file\n"
    );
    let r = run(d, &["qrs", "-o", "mine.txt"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: refusing to write mine.txt: it is an army list, and a document never replaces a player's file\n"
    );
    assert_eq!(std::fs::read(d.join("mine.txt")).unwrap(), mine);
    assert_eq!(bytes(d), before);
}

#[test]
fn force_replaces_only_a_file_of_its_own_kind() {
    let t = folder();
    let d = t.path();
    let before = bytes(d);
    let r = run(
        d,
        &[
            "career",
            "new",
            "lists/sharpe-patrol.toml",
            "--nation",
            "great-britain",
            "--arm",
            "infantry",
            "--force",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: lists/sharpe-patrol.toml is not a career file: --force replaces a career, never a list or another file\n"
    );
    let r = run(
        d,
        &[
            "game",
            "new",
            "lists/voltigeurs-hussars.toml",
            "--list",
            "lists/sharpe-patrol.toml",
            "--against",
            "lists/voltigeurs-hussars.toml",
            "--force",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: lists/voltigeurs-hussars.toml is not a game file: --force replaces a game, never a list or another file\n"
    );
    assert_eq!(bytes(d), before);
}

#[cfg(unix)]
#[test]
fn edits_on_a_fifo_are_refused_at_once() {
    let t = folder();
    let d = t.path();
    let fifo = d.join("f.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    for args in [
        vec![
            "list",
            "add",
            "f.toml",
            "gb-95th-riflemen",
            "--figures",
            "8",
        ],
        vec!["list", "set", "f.toml", "1", "--figures", "8"],
        vec!["game", "mark", "f.toml", "a1", "--lost", "1"],
        vec!["game", "undo", "f.toml"],
        vec![
            "career", "add", "f.toml", "--points", "10", "--game", "g.toml",
        ],
    ] {
        // A hang would stop the test here: the refusal comes before any open.
        let r = run(d, &args);
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(
            r.stderr, "error: f.toml is a FIFO: muster reads and writes only regular files\n",
            "{args:?}"
        );
    }
}

#[test]
fn nested_template_loops_are_bounded_as_a_whole() {
    let t = folder();
    let d = t.path();
    std::fs::create_dir(d.join("tpl")).unwrap();
    std::fs::write(
        d.join("tpl/roster.md.tera"),
        "{% for i in range(end=10000) %}{% for j in range(end=10000) %}{% for k in range(end=10000) %}{% endfor %}{% endfor %}{% endfor %}# x\n",
    )
    .unwrap();
    let r = run(
        d,
        &[
            "roster",
            "lists/sharpe-patrol.toml",
            "--templates",
            "tpl",
            "-o",
            "r.md",
        ],
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: template tpl/roster.md.tera: Failed to render 'roster.md': Function call 'range' failed: range: the template's loops take more than 1000000 items in all (loops nested in loops count together)\n"
    );
    assert!(!d.join("r.md").exists());
}

#[test]
fn an_edit_to_what_a_list_already_says_writes_nothing() {
    let t = folder();
    let d = t.path();
    let l = "lists/sharpe-patrol.toml";
    let before = std::fs::read(d.join(l)).unwrap();
    for args in [
        vec!["list", "set", l, "1", "--figures", "3"],
        vec!["list", "set", l, "2", "--no-skills"],
        vec!["list", "set", l, "1", "--free-skill", "feu-d-attaque"],
        vec![
            "list",
            "set",
            l,
            "3",
            "--figures",
            "8",
            "--label",
            "Chosen Men",
        ],
    ] {
        let r = run(d, &args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.ends_with(
                "nothing to change: lists/sharpe-patrol.toml already says so; nothing written\n"
            ),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(std::fs::read(d.join(l)).unwrap(), before, "{args:?}");
    }
    // The free skill moved to another unit: the comment above it stays.
    let r = run(d, &["list", "set", l, "2", "--free-skill", "feu-d-attaque"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(d.join(l)).unwrap();
    assert!(
        text.contains("# §10.1: a lieutenant gives one skill of 20 points or less to a unit, free.\nfree_skill = { unit = 2, skill = \"feu-d-attaque\" }\n"),
        "{text}"
    );
    // …and with list add.
    let r = run(
        d,
        &[
            "list",
            "add",
            l,
            "gb-95th-riflemen",
            "--figures",
            "6",
            "--free-skill",
            "3:feu-d-attaque",
        ],
    );
    // Over the points limit now: written all the same, with exit 1.
    assert_eq!(r.code, 1, "{}", r.stderr);
    let text = std::fs::read_to_string(d.join(l)).unwrap();
    assert!(
        text.contains("# §10.1: a lieutenant gives one skill of 20 points or less to a unit, free.\nfree_skill = { unit = 3, skill = \"feu-d-attaque\" }\n"),
        "{text}"
    );
}

/// Comment lines of a text (`# …` alone on a line, or after a value).
fn comments(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.find('#').map(|i| l[i..].to_owned()))
        .filter(|c| !c.contains('"'))
        .collect()
}

#[derive(Debug, Clone)]
enum Edit {
    Figures(usize, u32),
    Label(usize, u8),
    NoSkills(usize),
    Skill(usize, &'static str),
    FreeSkill(usize),
    Move(usize, usize),
    Add(u32),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (1usize..=3, 1u32..=12).prop_map(|(u, f)| Edit::Figures(u, f)),
        (1usize..=3, 0u8..3).prop_map(|(u, n)| Edit::Label(u, n)),
        (1usize..=3).prop_map(Edit::NoSkills),
        (
            1usize..=3,
            prop_oneof![
                Just("tireur-expert"),
                Just("bon-oeil"),
                Just("feu-d-attaque")
            ]
        )
            .prop_map(|(u, s)| Edit::Skill(u, s)),
        (1usize..=3).prop_map(Edit::FreeSkill),
        (1usize..=3, 1usize..=3).prop_map(|(a, b)| Edit::Move(a, b)),
        (4u32..=12).prop_map(Edit::Add),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: crate::cases(8),
        failure_persistence: None,
        .. ProptestConfig::default()
    })]
    /// Random edits (set, move, add) of a list sprinkled with comments keep every comment
    /// line, byte for byte.
    #[test]
    fn random_edits_keep_every_comment(edits in prop::collection::vec(edit(), 1..8)) {
        let t = folder();
        let d = t.path();
        let l = "lists/sharpe-patrol.toml";
        let text = std::fs::read_to_string(d.join(l)).unwrap()
            .replace("[[units]]\n", "# a unit follows\n[[units]]  # its table\n")
            .replace("label = ", "# its name\nlabel = ")
            .replace("points = 600\n", "points = 600  # the limit\n");
        std::fs::write(d.join(l), &text).unwrap();
        let start = comments(&text);
        for e in &edits {
            let args: Vec<String> = match e {
                Edit::Figures(u, f) => vec!["set".into(), l.into(), u.to_string(), "--figures".into(), f.to_string()],
                Edit::Label(u, n) => vec!["set".into(), l.into(), u.to_string(), "--label".into(), format!("Unit {n}")],
                Edit::NoSkills(u) => vec!["set".into(), l.into(), u.to_string(), "--no-skills".into()],
                Edit::Skill(u, s) => vec!["set".into(), l.into(), u.to_string(), "--skill".into(), (*s).into()],
                Edit::FreeSkill(u) => vec!["set".into(), l.into(), u.to_string(), "--free-skill".into(), "feu-d-attaque".into()],
                Edit::Move(a, b) => vec!["move".into(), l.into(), a.to_string(), "--to".into(), b.to_string()],
                Edit::Add(f) => vec!["add".into(), l.into(), "gb-95th-riflemen".into(), "--figures".into(), f.to_string()],
            };
            let mut all = vec!["list"];
            all.extend(args.iter().map(String::as_str));
            let r = run(d, &all);
            prop_assert!(r.code <= 2, "{:?}: {}", e, r.stderr);
            let now = std::fs::read_to_string(d.join(l)).unwrap();
            let mut left = comments(&now);
            for c in &start {
                let at = left.iter().position(|x| x == c);
                prop_assert!(at.is_some(), "{:?} lost the comment {:?}:\n{}", e, c, now);
                left.remove(at.unwrap());
            }
        }
    }
}

#[test]
fn a_diagnostic_on_a_long_line_quotes_an_excerpt() {
    let t = folder();
    let d = t.path();
    let skills = vec!["\"tireur-expert\""; 5000].join(", ");
    let text = std::fs::read_to_string(d.join("lists/sharpe-patrol.toml"))
        .unwrap()
        .replace(
            "skills = [\"tireur-expert\"]",
            &format!("skills = [{skills}]"),
        );
    std::fs::write(d.join("long.toml"), text).unwrap();
    let r = run(d, &["check", "long.toml"]);
    assert_eq!(r.code, 1);
    let dup = &r.stderr[r.stderr.find("error[duplicate-skill]").unwrap()..];
    assert_eq!(
        dup,
        "error[duplicate-skill]: unit 1 (95th Rifles / Lieutenant Sharpe): Expert marksman is chosen twice\n   ┌─ long.toml:16:28\n   │\n16 │ skills = [\"tireur-expert\", \"tireur-expert\", \"tireur-expert\", \"tireur-expert\", \"tireur-expert\", \"tireur-expert\", \"tireur-expert\"…\n   │                            ^^^^^^^^^^^^^^^\n   │\n   = rule: a unit takes each skill once (Capitán §11)\n   = and 4,998 more [duplicate-skill] on this line\n\nlong.toml: invalid (2 errors, 0 warnings)\n"
    );
}
