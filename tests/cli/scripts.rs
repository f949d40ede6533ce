//! The pages' scripts (templates/web/*.js) type-check: TypeScript's compiler reads them as
//! the browser loads them (classic scripts sharing one global scope), with their JSDoc types
//! (`@typedef` of the views, `@param`, casts where the DOM cannot know an element's kind),
//! and finds no error: a property read from the wrong view, a form's value used as text when
//! it may be a file, a number given where a string is wanted. `tsc` is Debian's
//! node-typescript, which scripts/test installs when missing.

use std::process::Command;

use super::root;

#[test]
fn the_pages_scripts_type_check() {
    let Ok(version) = Command::new("tsc").arg("--version").output() else {
        if std::env::var_os("MUSTER_SKIP_BROWSER").is_some() {
            eprintln!("skipped: no tsc (MUSTER_SKIP_BROWSER is set)");
            return;
        }
        panic!(
            "no tsc on PATH: install Debian's node-typescript (scripts/test does), or set MUSTER_SKIP_BROWSER=1"
        );
    };
    assert!(version.status.success());
    let dir = root().join("templates/web");
    let mut scripts: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".js"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 7, "{scripts:?}");
    let out = Command::new("tsc")
        .args([
            "--noEmit",
            "--allowJs",
            "--checkJs",
            "--target",
            "es2020",
            "--lib",
            "es2020,dom,dom.iterable",
        ])
        .args(&scripts)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "tsc found errors in {scripts:?}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
