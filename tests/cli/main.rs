//! Integration tests: the real `muster` binary on the shipped data and on fixture files.

mod architecture;
mod boundary;
mod browser;
mod career;
mod case;
#[cfg(unix)]
mod connections;
mod data;
mod edit;
mod event;
mod event_print;
mod event_web;
mod fire_classes;
mod game;
mod game_kept;
mod hardening;
mod hm_qrs;
mod install;
mod lists;
mod matchups;
mod monte_carlo;
mod my_sheets;
mod my_units;
mod names;
mod numbers;
mod outputs;
mod pairing;
mod player_data;
mod preview;
mod priced;
mod print;
mod properties;
mod scripts;
mod serve;
mod serve_fresh;
mod share;
mod states;
mod svg;
mod thucydide;
mod units;
mod wab_aca;
mod web_safety;
mod words;

use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of the CLI gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// The README and every guide of docs/, as one text.
pub fn documentation() -> String {
    let mut text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    for d in docs {
        text.push_str(&std::fs::read_to_string(d).unwrap());
    }
    text
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `muster ARGS` from the repository root, without colour or MUSTER_DATA.
pub fn muster(args: &[&str]) -> Run {
    muster_in(&root(), args, &[])
}

pub fn muster_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_muster"));
    cmd.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("MUSTER_DATA");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("muster runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The page scripts an HTML page loads (`<script src="/assets/NAME">`), in order.
pub fn scripts_loaded(html: &str) -> Vec<&str> {
    html.split("<script src=\"/assets/")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect()
}

pub fn json(run: &Run) -> serde_json::Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}):\n{}\nstderr:\n{}",
            run.stdout, run.stderr
        )
    })
}

/// Compares `actual` with the snapshot file `expected` (whole text, as just's and cargo's
/// tests do). With MUSTER_BLESS=1 the file is (re)written instead: review its diff.
pub fn snapshot(expected: &Path, actual: &str) -> Result<(), String> {
    if std::env::var_os("MUSTER_BLESS").is_some() {
        std::fs::write(expected, actual).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let want = std::fs::read_to_string(expected).map_err(|e| {
        format!(
            "{}: {e} (run with MUSTER_BLESS=1 to create it)",
            expected.display()
        )
    })?;
    if want == actual {
        return Ok(());
    }
    let mut diff = String::new();
    for (i, (w, a)) in want.lines().zip(actual.lines()).enumerate() {
        if w != a {
            diff.push_str(&format!(
                "line {}:\n  expected: {w}\n  actual:   {a}\n",
                i + 1
            ));
            break;
        }
    }
    Err(format!(
        "{} differs{}\n--- expected\n{want}\n--- actual\n{actual}",
        expected.display(),
        if diff.is_empty() {
            " (in length)".to_owned()
        } else {
            format!(" at {diff}")
        }
    ))
}

/// Every file and folder under `dir`, each file with its bytes: to see what was written (or
/// that nothing was, folders included).
pub fn tree(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    fn walk(dir: &Path, out: &mut std::collections::BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.insert(p.clone(), Vec::new());
                walk(&p, out);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = std::collections::BTreeMap::new();
    walk(dir, &mut out);
    out
}

/// Copies the shipped `unit-sheets/<ruleset>/` folder into `dir/data/<ruleset>/`.
pub fn copy_shipped(ruleset: &str, dir: &Path) {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let p = e.unwrap().path();
            let target = to.join(p.file_name().unwrap());
            if p.is_dir() {
                copy(&p, &target);
            } else {
                std::fs::copy(&p, &target).unwrap();
            }
        }
    }
    copy(
        &root().join("unit-sheets").join(ruleset),
        &dir.join("data").join(ruleset),
    );
}

/// Applies a data fixture to a copy of the shipped data: `# file:` names the file under the
/// ruleset's folder; each `# replace: OLD => NEW` (with `\n` for a line break) changes the
/// shipped file, OLD found exactly once; `# delete:` removes it; without either the fixture
/// itself is the file. Returns the expected code and the file.
fn apply_fixture(fixture: &Path, data: &Path) -> (String, String) {
    let text = std::fs::read_to_string(fixture).unwrap();
    let header = |key: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(&format!("# {key}: ")))
            .map(|v| v.replace("\\n", "\n"))
            .collect()
    };
    let file = header("file").pop().expect("# file:");
    let code = header("expect").pop().expect("# expect:");
    let target = data.join(&file);
    let replaces = header("replace");
    if !header("delete").is_empty() {
        std::fs::remove_file(&target).unwrap();
    } else if replaces.is_empty() {
        std::fs::write(&target, &text).unwrap();
    } else {
        let mut shipped = std::fs::read_to_string(&target).unwrap();
        for r in replaces {
            let (old, new) = r.split_once(" => ").expect("OLD => NEW");
            assert_eq!(
                shipped.matches(old).count(),
                1,
                "{}: `{old}` must occur once in {file}",
                fixture.display()
            );
            shipped = shipped.replacen(old, new, 1);
        }
        std::fs::write(&target, shipped).unwrap();
    }
    (code, file)
}

/// Runs every fixture of tests/fixtures/<ruleset>/data/ (each breaks one thing in a copy of
/// the shipped data): `data check` must fail with its code in that file and its whole stderr
/// equal the fixture's .stderr; every code of `codes` must have a fixture.
pub fn data_fixtures(ruleset: &str, lint_codes: &[&str]) {
    // The loader's codes, which every ruleset's data can raise, besides its lint's.
    let mut codes = lint_codes.to_vec();
    codes.extend([
        "toml-syntax",
        "unknown-field",
        "wrong-type",
        "invalid-value",
        "missing-field",
        "duplicate-id",
        "unknown-file",
        "missing-table",
    ]);
    let dir = root().join("tests/fixtures").join(ruleset).join("data");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    cases.sort();
    let mut failures = Vec::new();
    let mut covered = Vec::new();
    for case in &cases {
        let tmp = tempfile::tempdir().unwrap();
        copy_shipped(ruleset, tmp.path());
        let (code, file) = apply_fixture(case, &tmp.path().join("data").join(ruleset));
        covered.push(code.clone());
        let run = muster_in(
            tmp.path(),
            &["--data", "data", "--ruleset", ruleset, "data", "check"],
            &[],
        );
        let located = format!("data/{ruleset}/{file}");
        let ok = run.code == 1
            && run.stderr.contains(&format!("[{code}]"))
            && (code == "missing-table" || run.stderr.contains(&located));
        if !ok {
            failures.push(format!(
                "{}: expected exit 1 and [{code}] in {located}, got exit {}:\n{}",
                case.display(),
                run.code,
                run.stderr
            ));
            continue;
        }
        if let Err(e) = snapshot(&case.with_extension("stderr"), &run.stderr) {
            failures.push(e);
        }
    }
    for code in &codes {
        if !covered.iter().any(|c| c == code) {
            failures.push(format!(
                "no fixture under tests/fixtures/{ruleset}/data/ for `{code}`"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Each tests/fixtures/<ruleset>/lists/<code>.toml of a ruleset's list rules: exit code
/// (`# expect: exit N`) and whole stderr. A fixture may be checked against a copy of the
/// shipped data changed by `# data-replace: FILE | OLD => NEW`.
pub fn list_fixtures(ruleset: &str, rules: &[&muster::core::rule::Rule]) {
    let mut failures = Vec::new();
    for rule in rules {
        let rel = format!("tests/fixtures/{ruleset}/lists/{}.toml", rule.code);
        let text = std::fs::read_to_string(root().join(&rel)).unwrap_or_default();
        let exit: i32 = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect: exit "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or(-1);
        let tmp = tempfile::tempdir().unwrap();
        let mut args = vec![];
        let data;
        if let Some(r) = text
            .lines()
            .find_map(|l| l.strip_prefix("# data-replace: "))
        {
            let (file, change) = r.split_once(" | ").expect("FILE | OLD => NEW");
            let (old, new) = change.split_once(" => ").expect("OLD => NEW");
            let (old, new) = (old.replace("\\n", "\n"), new.replace("\\n", "\n"));
            copy_shipped(ruleset, tmp.path());
            let target = tmp.path().join("data").join(ruleset).join(file);
            let shipped = std::fs::read_to_string(&target).unwrap();
            assert_eq!(shipped.matches(&old).count(), 1, "{rel}: `{old}` once");
            std::fs::write(&target, shipped.replacen(&old, &new, 1)).unwrap();
            data = tmp.path().join("data");
            args.extend(["--data", data.to_str().unwrap()]);
        }
        args.extend(["check", &rel]);
        let run = muster(&args);
        if run.code != exit || !run.stderr.contains(&format!("[{}]", rule.code)) {
            failures.push(format!(
                "{rel}: exit {} (expected {exit}):\n{}",
                run.code, run.stderr
            ));
            continue;
        }
        if let Err(e) = snapshot(&root().join(rel.replace(".toml", ".stderr")), &run.stderr) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A list's text without the records of what its units were priced with (`priced = {…}`, on
/// a line of its own or inside a unit written inline): what the edit tests compare, the
/// records being tested on their own (tests/cli/priced.rs).
pub fn without_records(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if !line.starts_with("priced = {") {
            out.push_str(line);
        }
    }
    while let Some(at) = out.find(", priced = {") {
        let end = out[at..].find('}').map_or(out.len(), |e| at + e + 1);
        out.replace_range(at..end, "");
    }
    out
}

/// A property test's number of cases: `n`, times `MUSTER_PROPTEST_SCALE` when set (a long
/// local run hunts what CI's short runs meet only by chance).
pub fn cases(n: u32) -> u32 {
    let scale = std::env::var("MUSTER_PROPTEST_SCALE")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(1)
        .clamp(1, 1000);
    n.saturating_mul(scale)
}
