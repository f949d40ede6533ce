//! Integration tests: the real `muster` binary on the shipped data and on fixture files.

mod data;
mod hardening;
mod lists;
mod monte_carlo;
mod preview;
mod print;
mod properties;
mod wab_aca;

use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of the CLI gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
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
