//! Lists that travel: `muster list share` (a code, its QR code), `muster list import` (the
//! list and the player's own sheets it carried, never over the importer's files), the
//! roster's QR code and its text for a chat.

use std::path::{Path, PathBuf};

use crate::{json, muster_in, root, tree};

fn run(dir: &Path, args: &[&str]) -> crate::Run {
    muster_in(dir, args, &[])
}

/// `check --format json` of a list, without what names its file.
fn checked(dir: &Path, list: &Path) -> serde_json::Value {
    let mut v = json(&run(
        dir,
        &["check", list.to_str().unwrap(), "--format", "json"],
    ));
    strip_files(&mut v);
    v
}

/// Without what names a list's file, nor where in it a diagnostic is (a list travels
/// without its comments: its lines are others).
fn strip_files(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(o) => {
            o.remove("file");
            o.remove("path");
            o.remove("line");
            o.remove("column");
            for x in o.values_mut() {
                strip_files(x);
            }
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(strip_files),
        _ => {}
    }
}

fn share(dir: &Path, list: &str) -> String {
    let r = run(dir, &["list", "share", list]);
    assert_eq!(r.code, 0, "{list}: {}", r.stderr);
    let code = r.stdout.trim_end_matches('\n').to_owned();
    assert!(code.starts_with("MU3:"), "{code}");
    assert_eq!(r.stdout.lines().count(), 1);
    code
}

fn shipped_lists() -> Vec<PathBuf> {
    let mut lists: Vec<PathBuf> = std::fs::read_dir(root().join("lists"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    lists.sort();
    lists
}

/// Every shipped list of every ruleset, shared and imported into an empty folder, checks as
/// the original does.
#[test]
fn every_shipped_list_travels_whole() {
    let mut sizes = Vec::new();
    for list in shipped_lists() {
        let here = tempfile::tempdir().unwrap();
        let d = here.path();
        let code = share(&root(), list.to_str().unwrap());
        sizes.push(format!(
            "{}: {}",
            list.file_name().unwrap().to_string_lossy(),
            code.len()
        ));
        let r = run(d, &["list", "import", &code]);
        assert!(
            r.code == 0 || r.code == 1,
            "{}: {}",
            list.display(),
            r.stderr
        );
        let written = d.join("lists").join(list.file_name().unwrap());
        assert!(written.is_file(), "{}: {}", written.display(), r.stderr);
        assert_eq!(
            checked(d, &written),
            checked(&root(), &list),
            "{}",
            list.display()
        );
        // Only the list: a shipped list uses no sheet of the player's own.
        let files: Vec<PathBuf> = tree(d).into_keys().filter(|p| p.is_file()).collect();
        assert_eq!(files.len(), 1, "{files:?}");
        // Without the sharer's comments (the shipped lists have some): the same check.
        let text = std::fs::read_to_string(&written).unwrap();
        assert!(
            !text.lines().any(|l| l.contains('#')),
            "{}: {text}",
            list.display()
        );
        // As a chat or a mail shows it: after a label, in quotes, broken over lines with
        // spaces: the same list.
        let lines: Vec<&str> = code
            .as_bytes()
            .chunks(40)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect();
        let pasted = format!("Code: \"{}\"\n", lines.join(" \n  "));
        std::fs::write(d.join("pasted.txt"), &pasted).unwrap();
        let r = run(
            d,
            &["list", "import", "pasted.txt", "-o", "lists/pasted.toml"],
        );
        assert!(r.code <= 1, "{}: {}", list.display(), r.stderr);
        assert_eq!(
            std::fs::read_to_string(d.join("lists/pasted.toml")).unwrap(),
            text
        );
    }
    eprintln!("share code lengths: {}", sizes.join(", "));
}

/// Codes of every format muster ever wrote read, and give the list they carried: `MU1:`
/// (base45) and `MU2:` (base41) codes made by the musters that wrote them, and `MU3:` codes
/// made with the first dictionaries, which must read whatever the data become (each code in
/// tests/fixtures/share/ beside the list it carries; `light-bobs` carries a sheet of the
/// sharer's own, `my-light`, courage 8).
#[test]
fn codes_of_every_format_read_for_ever() {
    let fixtures = root().join("tests/fixtures/share");
    let mut read = 0;
    for format in ["mu1", "mu2", "mu3"] {
        for name in [
            "sharpe-patrol",
            "wab-france-1809",
            "thucydide-perses",
            "hm-qrs-picton-1815",
            "light-bobs",
        ] {
            let code = fixtures.join(format!("{name}.{format}"));
            // MU3 codes carry the list without its comments.
            let carried = if format == "mu3" {
                format!("{name}.mu3.list.toml")
            } else {
                format!("{name}.list.toml")
            };
            let here = tempfile::tempdir().unwrap();
            let d = here.path();
            let r = run(
                d,
                &[
                    "list",
                    "import",
                    code.to_str().unwrap(),
                    "-o",
                    "lists/l.toml",
                ],
            );
            assert_eq!(r.code, 0, "{name}.{format}: {}", r.stderr);
            assert_eq!(
                std::fs::read_to_string(d.join("lists/l.toml")).unwrap(),
                std::fs::read_to_string(fixtures.join(&carried)).unwrap(),
                "{name}.{format}"
            );
            if name == "light-bobs" {
                let sheet =
                    std::fs::read_to_string(d.join("my-sheets/capitan/sheets/my-light.toml"))
                        .unwrap();
                assert!(sheet.contains("courage = 8"), "{sheet}");
            }
            read += 1;
        }
    }
    assert_eq!(read, 15, "every fixture read");
}

/// A Capitán list as a player makes it with `list new` and `list add`: 598 / 600 points, five
/// units of the shipped sheets, and the same list of four units, three of them of the
/// player's own sheets, each copied from a different shipped sheet and changed (its points,
/// its name, a skill added). Their codes are at most 550 and 1,100 characters, the second in
/// one QR code that reads back (they were 679 and 1,680, the second too long for a QR code);
/// the shipped 600-point Capitán lists, within 550 too.
#[test]
fn codes_are_short_enough_for_one_qr_code() {
    let here = tempfile::tempdir().unwrap();
    let d = here.path();
    std::fs::create_dir(d.join("lists")).unwrap();
    let ok = |args: &[&str]| {
        let r = run(d, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    };
    let new_list = |file: &str| {
        ok(&[
            "list",
            "new",
            file,
            "--name",
            "Light Division",
            "--points",
            "600",
            "--coalition",
            "allies",
            "--campaign",
            "peninsula",
        ])
    };
    new_list("lists/five.toml");
    for (sheet, figures) in [
        ("gb-14th-ld-captain", None),
        ("gb-18th-hussars", Some("4")),
        ("gb-45th-line", Some("6")),
        ("pt-9th-line", Some("6")),
        ("gb-43rd-light", Some("6")),
    ] {
        let mut args = vec!["list", "add", "lists/five.toml", sheet];
        args.extend(figures.iter().flat_map(|f| ["--figures", f]));
        ok(&args);
    }
    let five = share(d, "lists/five.toml");
    let mut lengths = vec![format!("five units: {}", five.len())];
    assert!(five.len() <= 550, "{}: {five}", five.len());

    // Three sheets of the player's own, each changed as a player would.
    for (id, from, points, skill) in [
        (
            "my-rifles",
            "gb-95th-riflemen",
            29,
            "{ id = \"durs-a-tuer\", cost = 10 },",
        ),
        (
            "my-line",
            "gb-45th-line",
            16,
            "{ id = \"durs-a-tuer\", cost = 10 },",
        ),
        (
            "my-light",
            "gb-43rd-light",
            21,
            "{ id = \"bon-oeil\", cost = 15 },",
        ),
    ] {
        ok(&["sheets", "new", id, "--from", from]);
        let file = d.join(format!("my-sheets/capitan/sheets/{id}.toml"));
        let text = std::fs::read_to_string(&file).unwrap();
        let mut changed = Vec::new();
        for line in text.lines() {
            if line.starts_with("points = ") {
                changed.push(format!("points = {points}"));
            } else if let Some(name) = line.strip_prefix("name = \"") {
                changed.push(format!(
                    "name = \"{} (Hagman's)\"",
                    name.trim_end_matches('"')
                ));
            } else if line == "skills = [" {
                changed.push(format!("skills = [\n  {skill}"));
            } else {
                changed.push(line.to_owned());
            }
        }
        std::fs::write(&file, changed.join("\n") + "\n").unwrap();
    }
    ok(&["data", "check", "--ruleset", "capitan"]);
    new_list("lists/own.toml");
    for (sheet, figures) in [
        ("gb-95th-sharpe", None),
        ("my-rifles", Some("6")),
        ("my-line", Some("6")),
        ("my-light", Some("6")),
    ] {
        let mut args = vec!["list", "add", "lists/own.toml", sheet];
        args.extend(figures.iter().flat_map(|f| ["--figures", f]));
        let r = run(d, &args);
        assert!(r.code <= 1, "{args:?}: {}", r.stderr);
    }
    let own = share(d, "lists/own.toml");
    lengths.push(format!("with 3 of the player's sheets: {}", own.len()));
    assert!(own.len() <= 1100, "{}: {own}", own.len());
    let qr = muster::ops::share::code_qr(&own).unwrap();
    lengths.push(format!(
        "QR version {}",
        muster::commands::share::version(&qr)
    ));
    let png = d.join("own.png");
    let r = run(
        d,
        &[
            "list",
            "share",
            "lists/own.toml",
            "--qr",
            png.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(decode_png(&std::fs::read(&png).unwrap()), vec![own.clone()]);
    // Imported elsewhere: the same list, its three sheets as the player changed them.
    let importer = tempfile::tempdir().unwrap();
    let i = importer.path();
    let r = run(i, &["list", "import", &own]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        checked(i, Path::new("lists/own.toml")),
        checked(d, Path::new("lists/own.toml"))
    );
    for id in ["my-rifles", "my-line", "my-light"] {
        let theirs =
            std::fs::read_to_string(i.join(format!("my-sheets/capitan/sheets/{id}.toml"))).unwrap();
        assert!(theirs.contains("(Hagman's)"), "{theirs}");
    }

    for list in shipped_lists() {
        let text = std::fs::read_to_string(&list).unwrap();
        if text.contains("ruleset = \"capitan\"") && text.contains("points = 600") {
            let code = share(&root(), list.to_str().unwrap());
            let name = list.file_name().unwrap().to_string_lossy().into_owned();
            lengths.push(format!("{name}: {}", code.len()));
            assert!(code.len() <= 550, "{}: {}", list.display(), code.len());
        }
    }
    eprintln!("{}", lengths.join(", "));
}

/// `list share --qr FILE` of a code too long for a QR code prints the code all the same (it
/// printed nothing and exited 2), says on stderr why there is no QR code, writes no file, and
/// exits 0: the code, the command's main output, is whole and is what the opponent needs.
#[test]
fn a_code_too_long_for_a_qr_code_is_printed_all_the_same() {
    let here = tempfile::tempdir().unwrap();
    let d = here.path();
    // Labels no dictionary knows: 600 letters each, drawn at random (a fixed seed).
    let mut seed: u64 = 12345;
    let mut letters = |n: usize| -> String {
        (0..n)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                char::from(b'a' + ((seed >> 33) % 26) as u8)
            })
            .collect()
    };
    let mut list = String::from(
        "[list]\nname = \"Long labels\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 600\n",
    );
    for (sheet, figures) in [
        ("gb-95th-sharpe", ""),
        ("gb-95th-riflemen", "figures = 8\n"),
        ("gb-43rd-light", "figures = 6\n"),
    ] {
        list += &format!(
            "\n[[units]]\nsheet = \"{sheet}\"\nlabel = \"{}\"\n{figures}",
            letters(600)
        );
    }
    std::fs::create_dir(d.join("lists")).unwrap();
    std::fs::write(d.join("lists/long.toml"), list).unwrap();
    let r = run(d, &["list", "share", "lists/long.toml", "--qr", "long.png"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let code = r.stdout.trim_end();
    assert!(code.len() > 1451, "{}", code.len());
    assert!(
        r.stderr.starts_with(&format!(
            "warning: long.png not written: {} characters; no QR code: the code is {} characters: a QR code a phone reads from paper (version 25) holds 1451",
            code.len(),
            code.len()
        )),
        "{}",
        r.stderr
    );
    assert!(!d.join("long.png").exists());
    // The code it printed is whole.
    let r = run(d, &["list", "import", code, "-o", "lists/back.toml"]);
    assert!(r.code <= 1, "{}", r.stderr);
    assert_eq!(
        checked(d, Path::new("lists/back.toml")),
        checked(d, Path::new("lists/long.toml"))
    );
}

/// A damaged code says what to check: an MU1 code pasted in double quotes (the shell made
/// `$…` of it nothing), that it was copied whole (a code cut short).
#[test]
fn a_damaged_code_says_what_to_check() {
    let here = tempfile::tempdir().unwrap();
    let d = here.path();
    let v1 =
        std::fs::read_to_string(root().join("tests/fixtures/share/sharpe-patrol.mu1")).unwrap();
    let v1 = v1.trim_end_matches('\n');
    assert!(v1.contains('$'), "{v1}");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} list import \"{v1}\"",
            env!("CARGO_BIN_EXE_muster")
        ))
        .current_dir(d)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the code is damaged")
            && stderr.contains("on a command line put it in single quotes ('MU1:…')"),
        "{stderr}"
    );
    // In single quotes, it reads.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} list import '{v1}'",
            env!("CARGO_BIN_EXE_muster")
        ))
        .current_dir(d)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Cut short, as a chat cuts a long message.
    let code = share(&root(), "lists/sharpe-patrol.toml");
    let r = run(d, &["list", "import", &code[..code.len() * 2 / 3]]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("check that it was copied whole, from MU3: to its last character"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
}

/// A player's own sheet travels with the list: unknown to the importer, it is written into
/// their folder and the list is valid there; a same-id sheet with other values is kept apart.
#[test]
fn the_players_own_sheets_travel_and_never_replace_the_importers() {
    let sharer = tempfile::tempdir().unwrap();
    let s = sharer.path();
    std::fs::create_dir(s.join("lists")).unwrap();
    assert_eq!(
        run(
            s,
            &["sheets", "new", "my-light", "--from", "gb-95th-riflemen"]
        )
        .code,
        0
    );
    let sheet = s.join("my-sheets/capitan/sheets/my-light.toml");
    let text = std::fs::read_to_string(&sheet).unwrap();
    std::fs::write(&sheet, text.replacen("courage = 7", "courage = 8", 1)).unwrap();
    let made = run(
        s,
        &[
            "list",
            "new",
            "lists/light.toml",
            "--name",
            "Light bobs",
            "--points",
            "600",
            "--coalition",
            "allies",
            "--campaign",
            "peninsula",
            "--rank",
            "lieutenant",
        ],
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    for (id, figures) in [("gb-95th-sharpe", None), ("my-light", Some("8"))] {
        let mut args = vec!["list", "add", "lists/light.toml", id];
        if let Some(f) = figures {
            args.extend(["--figures", f]);
        }
        let r = run(s, &args);
        assert!(r.code <= 1, "{}", r.stderr);
    }
    let code = share(s, "lists/light.toml");
    let original = checked(s, Path::new("lists/light.toml"));

    // Unknown to the importer: written into their folder; the list is as the sharer's.
    let importer = tempfile::tempdir().unwrap();
    let i = importer.path();
    let r = run(i, &["list", "import", &code]);
    assert!(r.code <= 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("their own sheet `my-light`: new here, written to my-sheets/capitan/sheets/my-light.toml"),
        "{}",
        r.stderr
    );
    let written =
        std::fs::read_to_string(i.join("my-sheets/capitan/sheets/my-light.toml")).unwrap();
    assert!(
        written.starts_with("# `my-light`: a sheet of the sharer's own, come with the list")
            && written.contains("id = \"my-light\"")
            && written.contains("courage = 8"),
        "{written}"
    );
    assert_eq!(checked(i, Path::new("lists/light.toml")), original);
    // Imported again (another file): the sheet is the same, left alone.
    let again = run(i, &["list", "import", &code, "-o", "lists/light-2.toml"]);
    assert!(again.code <= 1, "{}", again.stderr);
    assert!(
        again
            .stderr
            .contains("yours has the same values, left alone"),
        "{}",
        again.stderr
    );

    // The importer has a `my-light` of their own with other values: kept apart.
    let other = tempfile::tempdir().unwrap();
    let o = other.path();
    assert_eq!(
        run(
            o,
            &["sheets", "new", "my-light", "--from", "gb-95th-riflemen"]
        )
        .code,
        0
    );
    let theirs = o.join("my-sheets/capitan/sheets/my-light.toml");
    let before = std::fs::read(&theirs).unwrap();
    let r = run(o, &["list", "import", &code]);
    assert!(r.code <= 1, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "their own sheet `my-light` differs from yours: kept apart as `my-light-from-light`"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::read(&theirs).unwrap(),
        before,
        "the importer's own sheet untouched"
    );
    let apart =
        std::fs::read_to_string(o.join("my-sheets/capitan/sheets/my-light-from-light.toml"))
            .unwrap();
    assert!(
        apart.contains("id = \"my-light-from-light\"") && apart.contains("courage = 8"),
        "{apart}"
    );
    let list = std::fs::read_to_string(o.join("lists/light.toml")).unwrap();
    assert!(list.contains("sheet = \"my-light-from-light\""), "{list}");
    let mut kept = checked(o, Path::new("lists/light.toml"));
    // The same list but for the sheet's id.
    kept["units"][1]["sheet"] = "my-light".into();
    assert_eq!(kept, original);
}

/// Where the importer's data price a unit otherwise, the import says so, unit by unit.
#[test]
fn a_unit_priced_otherwise_here_is_said() {
    let code = share(&root(), "lists/sharpe-patrol.toml");
    let importer = tempfile::tempdir().unwrap();
    let i = importer.path();
    assert_eq!(
        run(
            i,
            &[
                "sheets",
                "new",
                "gb-95th-riflemen",
                "--from",
                "gb-95th-riflemen"
            ]
        )
        .code,
        0
    );
    let mine = i.join("my-sheets/capitan/sheets/gb-95th-riflemen.toml");
    let text = std::fs::read_to_string(&mine).unwrap();
    std::fs::write(&mine, text.replacen("points = 27", "points = 30", 1)).unwrap();
    let r = run(i, &["list", "import", &code]);
    assert!(r.code <= 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("note: unit 3 (Chosen Men): 216 points for them, 240 here"),
        "{}",
        r.stderr
    );
}

/// The builder's import says its notes in the page's language: a unit priced otherwise and
/// a sheet of the sharer's own, by the data's and the player's names (they were English on
/// every page).
#[test]
fn the_builders_import_speaks_the_pages_language() {
    let s = crate::serve::Server::start();
    let d = s.dir.path();
    let r = run(
        d,
        &[
            "sheets",
            "new",
            "gb-95th-riflemen",
            "--from",
            "gb-95th-riflemen",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mine = d.join("my-sheets/capitan/sheets/gb-95th-riflemen.toml");
    let text = std::fs::read_to_string(&mine).unwrap();
    std::fs::write(&mine, text.replacen("points = 27", "points = 30", 1)).unwrap();
    let code = share(&root(), "lists/sharpe-patrol.toml");
    let import = |lang: &str| -> Vec<String> {
        let body = serde_json::json!({ "code": code, "name": format!("theirs-{lang}.toml"), "lang": lang });
        let r = s.send(
            "POST",
            "/api/import",
            &[("Content-Type", "application/json")],
            body.to_string().as_bytes(),
        );
        assert_eq!(r.status, 201, "{}", r.text());
        r.json()["notes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        import("en"),
        ["unit 3 (Chosen Men): 216 points for them, 240 here"]
    );
    assert_eq!(
        import("fr"),
        ["unité 3 (Chosen Men) : 216 points chez l'adversaire, 240 ici"]
    );
    assert_eq!(
        import("es"),
        ["unidad 3 (Chosen Men): 216 puntos para el rival, 240 aquí"]
    );
}

/// Damaged, truncated, future and unknown codes are refused in words, nothing written.
#[test]
fn damaged_codes_are_refused_and_nothing_is_written() {
    let code = share(&root(), "lists/sharpe-patrol.toml");
    let importer = tempfile::tempdir().unwrap();
    let i = importer.path();
    std::fs::create_dir_all(i.join("lists")).unwrap();
    std::fs::write(i.join("lists/mine.toml"), "# mine\n").unwrap();
    let before = tree(i);
    let mut changed: Vec<char> = code.chars().collect();
    let at = changed.len() / 2;
    changed[at] = if changed[at] == 'A' { 'B' } else { 'A' };
    let changed: String = changed.into_iter().collect();
    let future = code.replacen("MU3:", "MU4:", 1);
    let cases: Vec<(String, &str)> = vec![
        (code[..code.len() - 7].to_owned(), "the code is damaged"),
        (changed, "the code is damaged"),
        (
            future,
            "made by a newer muster (format MU4; this muster reads MU1 to MU3)",
        ),
        ("MU3:A$C".to_owned(), "is not base41"),
        ("MU2:A$C".to_owned(), "is not base41"),
        ("MU1:abc".to_owned(), "is not base45"),
        ("hello".to_owned(), "expected a share code"),
    ];
    for (c, said) in cases {
        let r = run(i, &["list", "import", &c]);
        assert_ne!(r.code, 0, "{c}");
        assert!(r.stderr.contains(said), "{c}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
        assert_eq!(tree(i), before, "{c}: nothing written");
    }
    // Over a file already there: refused.
    let r = run(i, &["list", "import", &code, "-o", "lists/mine.toml"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("is there already"), "{}", r.stderr);
    assert_eq!(tree(i), before);
    // From a file and from standard input, the code reads the same.
    std::fs::write(i.join("code.txt"), format!("{code}\n")).unwrap();
    let r = run(
        i,
        &["list", "import", "code.txt", "-o", "lists/from-file.toml"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
}

/// The code of a list of a ruleset this muster does not know is refused.
#[test]
fn a_code_of_an_unknown_ruleset_is_refused() {
    // Made with the library, as another muster would make it.
    let shared = muster::core::share_code::Shared {
        ruleset: "chess".into(),
        name: "x".into(),
        list: "[list]\nname = \"x\"\nruleset = \"chess\"\n".into(),
        sheets: vec![],
    };
    let code = muster::core::share_code::encode(&shared).unwrap();
    let importer = tempfile::tempdir().unwrap();
    let r = run(importer.path(), &["list", "import", &code]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("a ruleset this muster does not know (unknown ruleset `chess`"),
        "{}",
        r.stderr
    );
    assert!(tree(importer.path()).is_empty());
}

/// Grey pixels of a PNG, and what a real QR decoder reads in them.
fn decode_png(bytes: &[u8]) -> Vec<String> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let stride = info.line_size;
    let mut img =
        rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| buf[y * stride + x * channels]);
    img.detect_grids()
        .into_iter()
        .filter_map(|g| g.decode().ok().map(|(_, text)| text))
        .collect()
}

#[test]
fn the_qr_code_reads_back_as_the_code() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("code.png");
    let r = run(
        &root(),
        &[
            "list",
            "share",
            "lists/sharpe-patrol.toml",
            "--qr",
            png.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        decode_png(&std::fs::read(&png).unwrap()),
        vec![r.stdout.trim_end().to_owned()]
    );
    let svg = dir.path().join("code.svg");
    let r = run(
        &root(),
        &[
            "list",
            "share",
            "lists/sharpe-patrol.toml",
            "--qr",
            svg.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let bad = run(
        &root(),
        &[
            "list",
            "share",
            "lists/sharpe-patrol.toml",
            "--qr",
            "code.jpg",
        ],
    );
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("FILE.svg or FILE.png"),
        "{}",
        bad.stderr
    );
}

/// The roster PDF carries the code as a QR code that a decoder reads from the printed page.
#[test]
fn the_roster_pdf_carries_a_qr_code_that_reads() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("roster.pdf");
    let r = run(
        &root(),
        &[
            "roster",
            "lists/sharpe-patrol.toml",
            "--lang",
            "en",
            "-o",
            pdf.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let code = share(&root(), "lists/sharpe-patrol.toml");
    let out = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "200", "-f", "1", "-l", "1"])
        .arg(&pdf)
        .arg(dir.path().join("page"))
        .status()
        .expect("pdftoppm (poppler-utils) runs");
    assert!(out.success());
    let page = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "png"))
        .unwrap();
    assert_eq!(decode_png(&std::fs::read(page).unwrap()), vec![code]);
    let text = std::process::Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&text.stdout)
        .contains("a photo of this code imports the list: muster list import photo.jpg"));
}

/// The list as players post it: the title and points, one line a unit, in the list's
/// language.
#[test]
fn the_roster_as_text_for_a_chat() {
    let r = run(
        &root(),
        &["roster", "lists/sharpe-patrol.toml", "--format", "text"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = r.stdout.clone();
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[0].starts_with("Sharpe's patrol — "), "{}", r.stdout);
    assert!(lines[0].ends_with(" / 600 pts"), "{}", r.stdout);
    assert!(r.stdout.contains("3. Chosen Men ("), "{}", r.stdout);
    assert!(r.stdout.contains("8 fig."), "{}", r.stdout);
    for list in shipped_lists() {
        let r = run(
            &root(),
            &["roster", list.to_str().unwrap(), "--format", "text"],
        );
        assert_eq!(r.code, 0, "{}: {}", list.display(), r.stderr);
        assert!(
            r.stdout.lines().count() >= 3,
            "{}: {}",
            list.display(),
            r.stdout
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let txt = dir.path().join("list.txt");
    let w = run(
        &root(),
        &[
            "roster",
            "lists/sharpe-patrol.toml",
            "-o",
            txt.to_str().unwrap(),
        ],
    );
    assert_eq!(w.code, 0, "{}", w.stderr);
    assert_eq!(std::fs::read_to_string(&txt).unwrap(), text);
}

/// The web app's routes: the share code is the command line's; an import writes the list
/// (201), refuses a name taken (409) and a damaged code (422), nothing written then.
#[test]
fn the_web_app_shares_and_imports_as_the_command_line() {
    let server = crate::serve::Server::start();
    let cli = share(&root(), "lists/sharpe-patrol.toml");
    let r = server.get("/api/lists/sharpe-patrol.toml/share?lang=fr");
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["code"], cli.as_str());
    assert_eq!(v["length"], cli.len());
    assert!(v["qr_svg"].as_str().unwrap().starts_with("<svg"));
    assert!(v["text"].as_str().unwrap().contains("Chosen Men"));
    let origin = format!("http://127.0.0.1:{}", server.port);
    let post = |body: serde_json::Value| {
        server.send(
            "POST",
            "/api/import",
            &[("Origin", &origin), ("Content-Type", "application/json")],
            body.to_string().as_bytes(),
        )
    };
    let made = post(serde_json::json!({ "code": cli, "name": "opponent.toml" }));
    assert_eq!(made.status, 201, "{}", made.text());
    assert_eq!(made.json()["name"], "opponent.toml");
    assert!(server.list("opponent.toml").is_file());
    let before = tree(server.dir.path());
    let taken = post(serde_json::json!({ "code": cli, "name": "opponent.toml" }));
    assert_eq!(taken.status, 409, "{}", taken.text());
    let damaged = post(serde_json::json!({ "code": &cli[..cli.len() - 5], "name": "x.toml" }));
    assert_eq!(damaged.status, 422, "{}", damaged.text());
    assert!(damaged.json()["error"]
        .as_str()
        .unwrap()
        .contains("damaged"));
    // The sharer's own name taken here: said in the page's language, without the folder's
    // place on this machine (the answer named the server's whole path).
    let named = post(serde_json::json!({ "code": cli, "lang": "fr" }));
    assert_eq!(named.status, 409, "{}", named.text());
    assert_eq!(
        named.json()["error"],
        "une liste `sharpe-patrol.toml` existe déjà : donnez à celle-ci un autre nom de fichier ; rien n'est écrit"
    );
    let dir = server.dir.path().to_string_lossy().into_owned();
    for r in [&taken, &damaged, &named] {
        assert!(!r.text().contains(&dir), "{}", r.text());
    }
    assert_eq!(tree(server.dir.path()), before);
    // Named by the importer: the list takes that name, not the sharer's.
    let mine =
        post(serde_json::json!({ "code": cli, "name": "paul.toml", "title": " Paul's Sharpe " }));
    assert_eq!(mine.status, 201, "{}", mine.text());
    assert_eq!(mine.json()["title"], "Paul's Sharpe");
    let doc: toml::Table = std::fs::read_to_string(server.list("paul.toml"))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(doc["list"]["name"].as_str(), Some("Paul's Sharpe"));
}

/// A code is one word for a shell, quoted in double quotes or not at all, and a chat that
/// wraps it or adds spaces does not break it (a base45 code held spaces and `$%*`: in double
/// quotes the shell expanded `$K7N0…`, unquoted it was several arguments).
#[test]
fn a_code_survives_a_shell_and_a_chat() {
    let code = share(&root(), "lists/sharpe-patrol.toml");
    assert!(
        !code.contains([' ', '$', '%', '*', '\'', '"', '\\', '`']),
        "{code}"
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bin = env!("CARGO_BIN_EXE_muster");
    for (i, line) in [
        format!("{bin} list import \"{code}\" -o lists/quoted.toml"),
        format!("{bin} list import {code} -o lists/bare.toml"),
    ]
    .iter()
    .enumerate()
    {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(line)
            .current_dir(d)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{i}: {stderr}");
    }
    // Wrapped every 50 characters with a space and a line break, as a chat shows it, and
    // read from a file.
    let wrapped: Vec<String> = code
        .as_bytes()
        .chunks(50)
        .map(|c| String::from_utf8(c.to_vec()).unwrap())
        .collect();
    std::fs::write(d.join("chat.txt"), wrapped.join(" \n")).unwrap();
    let r = run(d, &["list", "import", "chat.txt", "-o", "lists/chat.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let read = |f: &str| std::fs::read_to_string(d.join("lists").join(f)).unwrap();
    assert_eq!(read("quoted.toml"), read("bare.toml"));
    assert_eq!(read("quoted.toml"), read("chat.toml"));
}

/// `muster list import PICTURE` reads the code from its QR code: the PNG `list share --qr`
/// draws, and a picture of the printed roster as a JPEG (it said "is not UTF-8 text").
#[test]
fn a_code_is_imported_from_a_picture_of_its_qr_code() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let png = d.join("code.png");
    let r = run(
        &root(),
        &[
            "list",
            "share",
            "lists/sharpe-patrol.toml",
            "--qr",
            png.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(
        d,
        &["list", "import", "code.png", "-o", "lists/from-png.toml"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    // The roster as printed, its first page as a JPEG at 200 dpi.
    let pdf = d.join("roster.pdf");
    let r = run(
        &root(),
        &[
            "roster",
            "lists/sharpe-patrol.toml",
            "-o",
            pdf.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = std::process::Command::new("pdftoppm")
        .args(["-jpeg", "-r", "200", "-f", "1", "-l", "1", "-singlefile"])
        .arg(&pdf)
        .arg(d.join("photo"))
        .status()
        .expect("pdftoppm (poppler-utils) runs");
    assert!(out.success());
    let r = run(
        d,
        &["list", "import", "photo.jpg", "-o", "lists/from-photo.toml"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let read = |f: &str| std::fs::read_to_string(d.join("lists").join(f)).unwrap();
    assert_eq!(read("from-png.toml"), read("from-photo.toml"));
    // A picture without a code says so, and what to do.
    let blank = d.join("blank.png");
    {
        let f = std::fs::File::create(&blank).unwrap();
        let mut e = png::Encoder::new(f, 64, 64);
        e.set_color(png::ColorType::Grayscale);
        e.write_header()
            .unwrap()
            .write_image_data(&[255; 64 * 64])
            .unwrap();
    }
    let r = run(d, &["list", "import", "blank.png"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: blank.png: no QR code of a share code found in the picture (0 other QR codes read); photograph the roster's QR code square and sharp, or paste the code\n"
    );
}

/// Writes the preset dictionaries of share codes from the shipped data (see
/// `muster::core::share_code::Dictionary`), one for each ruleset with sample lists, into
/// `unit-sheets/share-dictionaries/ID.txt` under the next free ids: every shipped sheet as a player's copy
/// of it travels in a code (`sheets new ID --from ID`, its leading comment left out; the
/// first in the frame a code gives it, the others alone), then every sample list as `list
/// share` carries it, nearest the end (what a list repeats most); the first sheets are left
/// out when all would not fit. It never writes over a dictionary,
/// nor one the same as its ruleset's newest. Run by hand: `cargo test --test cli
/// write_share_dictionaries -- --ignored`; then add the lines it prints to DICTIONARIES.
#[test]
#[ignore = "writes unit-sheets/share-dictionaries/: run by hand to make new dictionaries"]
fn write_share_dictionaries() {
    use muster::core::share_code::{self, Dictionary, Shared, SharedSheet, MAX_DICTIONARY_BYTES};
    let folder = root().join("unit-sheets/share-dictionaries");
    std::fs::create_dir_all(&folder).unwrap();
    let taken = |id: u8| folder.join(format!("{id}.txt")).exists() || Dictionary::of(id).is_some();
    let mut next = (1..=u8::MAX).find(|id| !taken(*id)).unwrap();
    // The shipped lists as codes carry them, by ruleset.
    let mut lists: Vec<Shared> = shipped_lists()
        .iter()
        .map(|l| share_code::decode(&share(&root(), l.to_str().unwrap())).unwrap())
        .collect();
    lists.sort_by(|a, b| a.ruleset.cmp(&b.ruleset).then(a.name.cmp(&b.name)));
    let rulesets = json(&run(&root(), &["rulesets", "--format", "json"]));
    for r in rulesets.as_array().unwrap() {
        let ruleset = r["id"].as_str().unwrap();
        let mine: Vec<&Shared> = lists.iter().filter(|s| s.ruleset == ruleset).collect();
        if mine.is_empty() {
            continue;
        }
        // Every shipped sheet, copied as a player would.
        let copies = tempfile::tempdir().unwrap();
        let c = copies.path();
        let ids = json(&run(
            &root(),
            &["sheets", "--ruleset", ruleset, "--format", "json"],
        ));
        let mut sheets = Vec::new();
        for id in ids
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_str().unwrap())
        {
            let made = run(
                c,
                &["sheets", "new", "--ruleset", ruleset, id, "--from", id],
            );
            assert_eq!(made.code, 0, "{ruleset} {id}: {}", made.stderr);
            let path = tree(c)
                .into_keys()
                .find(|p| p.file_name().is_some_and(|n| *n == *format!("{id}.toml")))
                .unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            let within = path
                .strip_prefix(c.join("my-sheets").join(ruleset))
                .unwrap()
                .to_string_lossy()
                .into_owned();
            sheets.push(SharedSheet {
                id: id.to_owned(),
                path: within,
                text: muster::rulesets::share::without_header(&text),
            });
        }
        let tail: String = mine
            .iter()
            .map(|s| share_code::payload(s).unwrap())
            .collect();
        let mut left_out = 0;
        let bytes = loop {
            // The first sheet as a code carries it, the others' texts alone (a code's frame
            // of a sheet once is enough).
            let head = share_code::payload(&Shared {
                ruleset: ruleset.to_owned(),
                name: String::new(),
                list: String::new(),
                sheets: sheets[left_out..=left_out].to_vec(),
            })
            .unwrap();
            let texts: String = sheets[left_out + 1..]
                .iter()
                .map(|s| s.text.as_str())
                .collect();
            let all = format!("{head}{texts}{tail}");
            if all.len() <= MAX_DICTIONARY_BYTES {
                break all;
            }
            left_out += 1;
        };
        if Dictionary::newest_for(ruleset).is_some_and(|d| d.bytes == bytes.as_bytes()) {
            eprintln!("{ruleset}: the same as its newest dictionary, none written");
            continue;
        }
        let path = folder.join(format!("{next}.txt"));
        std::fs::write(&path, &bytes).unwrap();
        let mut crc = flate2::Crc::new();
        crc.update(bytes.as_bytes());
        eprintln!(
            "{ruleset}: {} bytes, {} sheets ({left_out} left out), {} lists: dictionary!({next}, {:#010x}),",
            bytes.len(),
            sheets.len() - left_out,
            mine.len(),
            crc.sum()
        );
        next += 1;
    }
}

/// A phone's photo of the printed roster imports the list as the PNG of its QR code does: the
/// roster's page rendered at 150 dpi, turned 4°, blurred, lit unevenly, grainy, and saved as a
/// colour JPEG of middling quality (issue 35).
#[test]
fn a_degraded_photo_of_the_roster_imports_the_list() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let r = run(
        &root(),
        &[
            "list",
            "share",
            "lists/sharpe-patrol.toml",
            "--qr",
            d.join("code.png").to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(
        d,
        &["list", "import", "code.png", "-o", "lists/from-png.toml"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let pdf = d.join("roster.pdf");
    let r = run(
        &root(),
        &[
            "roster",
            "lists/sharpe-patrol.toml",
            "-o",
            pdf.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let page = rendered_page(&pdf, 150, &d.join("page"));
    std::fs::write(d.join("photo.jpg"), phone_photo(&page, 4.0)).unwrap();
    let r = run(
        d,
        &["list", "import", "photo.jpg", "-o", "lists/from-photo.toml"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let read = |f: &str| std::fs::read_to_string(d.join("lists").join(f)).unwrap();
    assert_eq!(read("from-png.toml"), read("from-photo.toml"));
}

/// A picture in grey, one byte a pixel, row after row.
pub struct Grey {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

/// The first page of `pdf` rendered in grey at `dpi` by pdftoppm (poppler-utils), read from
/// the PGM it writes at `stem`.pgm.
pub fn rendered_page(pdf: &Path, dpi: u32, stem: &Path) -> Grey {
    let ok = std::process::Command::new("pdftoppm")
        .args(["-gray", "-r", &dpi.to_string(), "-f", "1", "-l", "1"])
        .arg("-singlefile")
        .arg(pdf)
        .arg(stem)
        .status()
        .expect("pdftoppm (poppler-utils) runs")
        .success();
    assert!(ok);
    let bytes = std::fs::read(stem.with_extension("pgm")).unwrap();
    // P5, width, height, 255, one white space, then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8(bytes[start..at].to_vec()).unwrap());
    }
    assert_eq!((fields[0].as_str(), fields[3].as_str()), ("P5", "255"));
    let (width, height): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = bytes[at + 1..].to_vec();
    assert_eq!(pixels.len(), width * height);
    Grey {
        width,
        height,
        pixels,
    }
}

/// `page` as a phone photographs it, the same every run: turned `degrees` about its centre on
/// a darker table, blurred (a Gaussian of about a pixel, the focus and the shake), lit from one
/// corner (a quarter darker at the other), warm, with grain, and saved as a JPEG of quality 75.
pub fn phone_photo(page: &Grey, degrees: f64) -> Vec<u8> {
    let (w, h) = (page.width, page.height);
    let at = |x: i64, y: i64| -> f64 {
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
            // The table around the page.
            110.0
        } else {
            f64::from(page.pixels[y as usize * w + x as usize])
        }
    };
    // Turned, read back by bilinear interpolation.
    let (sin, cos) = degrees.to_radians().sin_cos();
    let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
    let mut turned = vec![0f64; w * h];
    for y in 0..h {
        for x in 0..w {
            let (dx, dy) = (x as f64 - cx, y as f64 - cy);
            let sx = cos * dx + sin * dy + cx;
            let sy = -sin * dx + cos * dy + cy;
            let (x0, y0) = (sx.floor(), sy.floor());
            let (fx, fy) = (sx - x0, sy - y0);
            let (x0, y0) = (x0 as i64, y0 as i64);
            turned[y * w + x] = at(x0, y0) * (1.0 - fx) * (1.0 - fy)
                + at(x0 + 1, y0) * fx * (1.0 - fy)
                + at(x0, y0 + 1) * (1.0 - fx) * fy
                + at(x0 + 1, y0 + 1) * fx * fy;
        }
    }
    // Blurred: a Gaussian of σ = 1 pixel, each way in turn.
    let kernel: Vec<f64> = {
        let k: Vec<f64> = (-3..=3i32)
            .map(|i| (-f64::from(i * i) / 2.0).exp())
            .collect();
        let sum: f64 = k.iter().sum();
        k.iter().map(|v| v / sum).collect()
    };
    let blur = |src: &[f64], step: (i64, i64)| -> Vec<f64> {
        let mut out = vec![0f64; w * h];
        for y in 0..h as i64 {
            for x in 0..w as i64 {
                let mut v = 0.0;
                for (i, k) in kernel.iter().enumerate() {
                    let o = i as i64 - 3;
                    let (sx, sy) = (
                        (x + o * step.0).clamp(0, w as i64 - 1),
                        (y + o * step.1).clamp(0, h as i64 - 1),
                    );
                    v += k * src[sy as usize * w + sx as usize];
                }
                out[y as usize * w + x as usize] = v;
            }
        }
        out
    };
    let blurred = blur(&blur(&turned, (1, 0)), (0, 1));
    // Lit from the top left, warm, grainy (a fixed linear congruential generator).
    let mut seed: u64 = 35;
    let mut grain = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) % 25) as f64 - 12.0
    };
    let diagonal = ((w * w + h * h) as f64).sqrt();
    let mut rgb = Vec::with_capacity(w * h * 3);
    for y in 0..h {
        for x in 0..w {
            let light = 1.0 - 0.25 * ((x * x + y * y) as f64).sqrt() / diagonal;
            let v = blurred[y * w + x] * light + grain();
            for tint in [1.0, 0.96, 0.86] {
                rgb.push((v * tint).round().clamp(0.0, 255.0) as u8);
            }
        }
    }
    let mut jpeg = Vec::new();
    jpeg_encoder::Encoder::new(&mut jpeg, 75)
        .encode(
            &rgb,
            u16::try_from(w).unwrap(),
            u16::try_from(h).unwrap(),
            jpeg_encoder::ColorType::Rgb,
        )
        .unwrap();
    jpeg
}

/// The lists page's Import box takes a photo of a QR code (issue 35): `POST
/// /api/import/picture` reads the code from the picture as `muster list import PICTURE` does
/// and imports it as a pasted code; a file that is no picture is refused in the page's
/// language, with what to do, nothing written; a phone's photo over the text's 1 MiB bound is
/// taken (it said 404 for the route, 413 for the size).
#[test]
fn the_server_imports_a_photo_of_a_qr_code() {
    let s = crate::serve::Server::start();
    let d = s.dir.path();
    let png = tempfile::tempdir().unwrap();
    let qr = png.path().join("code.png");
    let r = run(
        &root(),
        &[
            "list",
            "share",
            "lists/sharpe-patrol.toml",
            "--qr",
            qr.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let before = tree(d);
    // Not a picture: refused in French, nothing written.
    let r = s.send(
        "POST",
        "/api/import/picture?lang=fr",
        &[("Content-Type", "text/plain")],
        b"MU2 is not here",
    );
    assert_eq!(r.status, 422, "{}", r.text());
    assert_eq!(
        r.json()["error"],
        "ce n'est ni une image PNG ni une image JPEG : choisissez une photo du code QR de la feuille d'armée, ou collez le code"
    );
    // A PNG's first bytes and 2 MiB of nothing: over the text's bound, read and refused.
    let mut damaged = b"\x89PNG\r\n\x1a\n".to_vec();
    damaged.resize(2 * 1024 * 1024, 0);
    let r = s.send(
        "POST",
        "/api/import/picture?lang=es",
        &[("Content-Type", "image/png")],
        &damaged,
    );
    assert_eq!(r.status, 422, "{}", r.text());
    let said = r.json()["error"].as_str().unwrap().to_owned();
    assert!(
        said.starts_with("the PNG picture cannot be read")
            && said.ends_with(": vuelva a hacer la foto, o pegue el código"),
        "{said}"
    );
    assert_eq!(tree(d), before);
    // The PNG `list share --qr` draws: the list is imported and listed.
    let r = s.send(
        "POST",
        "/api/import/picture?lang=en&name=from-photo.toml",
        &[("Content-Type", "image/png")],
        &std::fs::read(&qr).unwrap(),
    );
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json()["name"], "from-photo.toml");
    assert_eq!(r.json()["title"], "Sharpe's patrol");
    let lists = s.get("/api/lists").json();
    assert!(
        lists
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["name"] == "from-photo.toml"),
        "{lists}"
    );
    // The same list as the command line imports from the same picture.
    let r = run(
        png.path(),
        &["list", "import", "code.png", "-o", "lists/cli.toml"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(d.join("from-photo.toml")).unwrap(),
        std::fs::read_to_string(png.path().join("lists/cli.toml")).unwrap()
    );
}
