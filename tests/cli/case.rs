//! Whole outputs: each file of `tests/cases/` is a command (its arguments, run from the
//! repository's root) with its exit code, stdout and stderr as muster printed them, compared
//! whole, as just's and cargo's tests compare theirs. A change that moves code changes none of
//! them; a change of behaviour changes them where it means to: run with `MUSTER_BLESS=1` to
//! write what muster prints now, and read the diff.
//!
//! A case is TOML: `args = [...]`, then `code`, `stdout` and `stderr`, which a blessing run
//! writes. To add one, write a file with its `args` alone and bless it. A case that needs
//! files made first (a game, an edited list) says so in `before`, commands run in order;
//! `{tmp}` in any argument is a folder made for the case, and is written `{tmp}` again in
//! what was printed.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{muster, root};

/// One command and what it printed.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Why it is here, in a line (kept as written).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub about: String,
    /// Commands run first, each of which must succeed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<Vec<String>>,
    pub args: Vec<String>,
    #[serde(default)]
    pub code: Option<i32>,
    #[serde(default)]
    pub stdout: Option<String>,
    #[serde(default)]
    pub stderr: Option<String>,
}

impl Case {
    /// Reads a case file.
    pub fn read(path: &Path) -> Case {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Runs its command; `Err` says how the outputs differ from those recorded (or that none
    /// are: bless it). With MUSTER_BLESS set, writes what was printed instead.
    pub fn check(&self, path: &Path) -> Result<(), String> {
        let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
        let at = tmp
            .path()
            .to_str()
            .ok_or("a temporary folder named in UTF-8")?;
        let with_tmp = |args: &[String]| -> Vec<String> {
            args.iter().map(|a| a.replace("{tmp}", at)).collect()
        };
        for before in &self.before {
            let args = with_tmp(before);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let run = muster(&args);
            if run.code != 0 {
                return Err(format!(
                    "{}: `muster {}` exited {}: {}",
                    path.display(),
                    before.join(" "),
                    run.code,
                    run.stderr
                ));
            }
        }
        let args = with_tmp(&self.args);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = muster(&args);
        let now = Case {
            about: self.about.clone(),
            before: self.before.clone(),
            args: self.args.clone(),
            code: Some(run.code),
            stdout: Some(run.stdout.replace(at, "{tmp}")),
            stderr: Some(run.stderr.replace(at, "{tmp}")),
        };
        if std::env::var_os("MUSTER_BLESS").is_some() {
            let text = toml::to_string_pretty(&now).map_err(|e| e.to_string())?;
            std::fs::write(path, text).map_err(|e| e.to_string())?;
            return Ok(());
        }
        if self.code.is_none() {
            return Err(format!(
                "{}: nothing recorded yet (run with MUSTER_BLESS=1)",
                path.display()
            ));
        }
        let mut diffs = Vec::new();
        if self.code != now.code {
            diffs.push(format!(
                "exit code {:?}, recorded {:?}",
                now.code, self.code
            ));
        }
        for (what, want, got) in [
            ("stdout", &self.stdout, &now.stdout),
            ("stderr", &self.stderr, &now.stderr),
        ] {
            let (want, got) = (want.as_deref().unwrap_or(""), got.as_deref().unwrap_or(""));
            if want != got {
                diffs.push(first_difference(what, want, got));
            }
        }
        if diffs.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "{} (muster {}):\n{}",
                path.display(),
                self.args.join(" "),
                diffs.join("\n")
            ))
        }
    }
}

/// Where two texts first differ, by line, with the whole of what was printed.
fn first_difference(what: &str, want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let at = (0..w.len().max(g.len()))
        .find(|&i| w.get(i) != g.get(i))
        .unwrap_or(0);
    format!(
        "{what} differs at line {}:\n  recorded: {}\n  printed:  {}\n--- {what} printed\n{got}",
        at + 1,
        w.get(at).copied().unwrap_or("(nothing)"),
        g.get(at).copied().unwrap_or("(nothing)"),
    )
}

/// The case files, in name order.
pub fn files() -> Vec<PathBuf> {
    let dir = root().join("tests/cases");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    out.sort();
    out
}

#[test]
fn every_case_prints_what_it_recorded() {
    let files = files();
    assert!(files.len() >= 20, "{} cases", files.len());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|p| Case::read(p).check(p).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

/// The helper itself: a recorded case that muster no longer prints is caught, naming the
/// line; a case with nothing recorded asks to be blessed.
#[test]
fn a_case_that_differs_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.toml");
    let mut case = Case {
        about: String::new(),
        before: Vec::new(),
        args: vec!["rulesets".into()],
        code: None,
        stdout: None,
        stderr: None,
    };
    if std::env::var_os("MUSTER_BLESS").is_none() {
        assert!(case
            .check(&path)
            .unwrap_err()
            .contains("nothing recorded yet"));
    }
    let run = muster(&["rulesets"]);
    case.code = Some(run.code);
    case.stderr = Some(run.stderr.clone());
    case.stdout = Some(run.stdout.replacen('\n', "\nsomething else\n", 1));
    if std::env::var_os("MUSTER_BLESS").is_none() {
        let err = case.check(&path).unwrap_err();
        assert!(err.contains("stdout differs at line 2:"), "{err}");
        assert!(err.contains("  recorded: something else"), "{err}");
        case.stdout = Some(run.stdout);
        assert_eq!(case.check(&path), Ok(()));
    }
}
