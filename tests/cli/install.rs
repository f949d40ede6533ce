//! One self-contained binary (issue 35): muster copied out of its source tree, run from an
//! empty folder with an empty HOME and no MUSTER_DATA, reads its built-in data and prints no
//! path of the machine it was built on.

use std::path::Path;
use std::process::Command;

use super::{root, Run};

/// muster copied to `dir` (a hard link when the file system allows: no file open for writing
/// that a child another test forks at that moment could inherit).
fn copy_of_muster(dir: &Path) -> std::path::PathBuf {
    let exe = dir.join("muster");
    if std::fs::hard_link(env!("CARGO_BIN_EXE_muster"), &exe).is_err() {
        std::fs::copy(env!("CARGO_BIN_EXE_muster"), &exe).unwrap();
    }
    exe
}

fn run_alone(exe: &Path, dir: &Path, args: &[&str]) -> Run {
    let mut tries = 0;
    let out = loop {
        let out = Command::new(exe)
            .args(args)
            .current_dir(dir)
            .env_clear()
            .env("HOME", dir)
            .env("PATH", "/usr/bin:/bin")
            .env("NO_COLOR", "1")
            .output();
        // A copy written while another test forked a child is busy until that child execs.
        match out {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            out => break out.expect("the copied muster runs"),
        }
    };
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Before: "error: data directory …/unit-sheets has no capitan/ folder", naming the build
/// machine's source tree, as soon as that tree was not there.
#[test]
fn the_binary_runs_alone_from_an_empty_folder() {
    let bin = tempfile::tempdir().unwrap();
    let exe = copy_of_muster(bin.path());
    let work = tempfile::tempdir().unwrap();
    let d = work.path();
    let built = root().display().to_string();

    let version = run_alone(&exe, d, &["--version"]);
    assert_eq!(version.code, 0, "{}", version.stderr);
    let line = version.stdout.trim_end();
    let (name, data) = line.split_once(" (data ").expect("the data's version");
    assert_eq!(name, format!("muster {}", env!("CARGO_PKG_VERSION")));
    let fingerprint = data.strip_suffix(')').unwrap();
    assert!(
        fingerprint.len() == 12 && fingerprint.chars().all(|c| c.is_ascii_hexdigit()),
        "{line}"
    );

    let check = run_alone(&exe, d, &["data", "check"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(
        check.stderr.starts_with(&format!(
            "ok: capitan: 33 sheets, 35 skills, 5 weapons, 5 nations, 1 campaign in the built-in data (version {fingerprint})\n"
        )),
        "{}",
        check.stderr
    );

    // Every ruleset's sample list: checked, its cards printed.
    for list in [
        "sharpe-patrol.toml",
        "wab-france-1809.toml",
        "thucydide-perses.toml",
        "hm-qrs-picton-1815.toml",
    ] {
        std::fs::copy(root().join("lists").join(list), d.join(list)).unwrap();
        let r = run_alone(&exe, d, &["check", list]);
        assert_eq!(r.code, 0, "{list}: {}{}", r.stdout, r.stderr);
        let r = run_alone(&exe, d, &["cards", list, "-o", "cards.pdf"]);
        assert_eq!(r.code, 0, "{list}: {}", r.stderr);
        for text in [&r.stdout, &r.stderr] {
            assert!(!text.contains(&built), "{list}: {text}");
        }
    }
    let r = run_alone(
        &exe,
        d,
        &["sheets", "show", "gb-95th-sharpe", "--lang", "en"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("Sharpe"), "{}", r.stdout);

    // A data error names the built-in file as such, never a folder of this machine.
    let r = run_alone(&exe, d, &["data", "check", "--data", "nowhere"]);
    assert_eq!(r.code, 2);
    assert!(!r.stderr.contains(&built), "{}", r.stderr);
    // muster serve without a lists folder says what to do.
    let r = run_alone(&exe, d, &["serve", "--port", "0"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: --lists lists: no such folder; make it (`mkdir lists`) or give the folder of your lists\n"
    );
}

/// A `unit-sheets/` folder where muster runs replaces the built-in data, and `my-sheets/` is a
/// layer over the built-in data.
#[test]
fn a_data_folder_on_disk_replaces_the_built_in_data() {
    let bin = tempfile::tempdir().unwrap();
    let exe = copy_of_muster(bin.path());
    let work = tempfile::tempdir().unwrap();
    let d = work.path();
    let r = run_alone(
        &exe,
        d,
        &["sheets", "new", "my-sharpe", "--from", "gb-95th-sharpe"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run_alone(&exe, d, &["data", "check", "--ruleset", "capitan"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("34 sheets") && r.stderr.contains("in the built-in data (version "),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains(", my-sheets\n"), "{}", r.stderr);

    // A copy of the shipped data with one campaign removed: read instead of the built-in.
    let copy = d.join("unit-sheets/capitan");
    std::fs::create_dir_all(copy.join("sheets")).unwrap();
    let shipped = root().join("unit-sheets/capitan");
    for e in std::fs::read_dir(&shipped).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, copy.join(p.file_name().unwrap())).unwrap();
        }
    }
    let one = std::fs::read_dir(shipped.join("sheets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "toml"))
        .unwrap();
    std::fs::copy(&one, copy.join("sheets").join(one.file_name().unwrap())).unwrap();
    let r = run_alone(&exe, d, &["data", "check", "--ruleset", "capitan"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("in unit-sheets, my-sheets\n"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("33 sheets"), "{}", r.stderr);
}
