//! Hostile input, one test per case that once broke muster: markup injection, values written
//! into comments, lost concurrent edits, huge numbers, inputs and outputs that are not
//! regular files, runaway templates, terminal control characters, and the messages.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use super::{json, muster, muster_in, root};

const LIST_HEAD: &str = "[list]\nname = \"Test\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 600\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Runs muster with a time limit: a hang is a failure, not a stuck test run.
fn muster_within(args: &[&str], limit: Duration) -> super::Run {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let _ = tx.send(muster(&refs));
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("muster did not finish within {limit:?}"))
}

#[test]
fn user_text_cannot_inject_layout_directives() {
    let tmp = tempfile::tempdir().unwrap();
    let list = write(
        tmp.path(),
        "evil.toml",
        &format!(
            "{}\n[[units]]\nsheet = \"gb-95th-sharpe\"\nlabel = \"x\\nboxes 4294967295 x\"\n\n[[units]]\nsheet = \"gb-95th-riflemen\"\nfigures = 8\nlabel = \"a\\n# heading | b :: c = d\"\n",
            LIST_HEAD.replace("name = \"Test\"", "name = \"X\\nfontsize NaN\"")
        ),
    );
    let pdf = tmp.path().join("cards.pdf");
    let run = muster_within(
        &["cards", &list, "-o", pdf.to_str().unwrap()],
        Duration::from_secs(30),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let roster = tmp.path().join("roster.pdf");
    let run = muster_within(
        &["roster", &list, "-o", roster.to_str().unwrap()],
        Duration::from_secs(30),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"));
    // The label is printed as text, on one line.
    let bytes = std::fs::read(&pdf).unwrap();
    let doc =
        printpdf::PdfDocument::parse(&bytes, &printpdf::PdfParseOptions::default(), &mut vec![])
            .unwrap();
    let text: String = doc
        .extract_text()
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let squash = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    assert!(
        squash(&text).contains(&squash("x boxes 4294967295 x")),
        "{text}"
    );
    // The markup parser itself refuses absurd numbers.
    for bad in ["fontsize NaN", "boxes 4294967295 x", "columns 1e9"] {
        assert!(muster::render::markup::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_new_lists_name_cannot_add_units() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("new.toml");
    let run = muster(&[
        "list",
        "new",
        file.to_str().unwrap(),
        "--name",
        "Evil\n[[units]]\nsheet = \"gb-95th-sharpe\"\n#",
        "--coalition",
        "allies",
        "--campaign",
        "peninsula",
        "--points",
        "500",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report = json(&muster(&[
        "check",
        file.to_str().unwrap(),
        "--format",
        "json",
    ]));
    assert_eq!(report["units"].as_array().unwrap().len(), 0, "{report}");
    // The name is a TOML string holding exactly what was given; the comment, one line.
    let text = std::fs::read_to_string(&file).unwrap();
    let parsed: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(
        parsed["list"]["name"].as_str(),
        Some("Evil\n[[units]]\nsheet = \"gb-95th-sharpe\"\n#")
    );
    assert!(parsed.get("units").is_none());
    assert!(text.starts_with("# Evil\\n[[units]]"), "{text}");
}

#[test]
fn twenty_concurrent_adds_give_twenty_units() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("l.toml");
    std::fs::write(&file, LIST_HEAD).unwrap();
    let f = file.to_str().unwrap().to_owned();
    let handles: Vec<_> = (0..20)
        .map(|_| {
            let f = f.clone();
            std::thread::spawn(move || {
                muster(&["list", "add", &f, "gb-45th-line", "--figures", "6"]).code
            })
        })
        .collect();
    for h in handles {
        // Valid or not (the list grows over its points), every add must have been written.
        assert!([0, 1].contains(&h.join().unwrap()));
    }
    let report = json(&muster(&["check", &f, "--format", "json"]));
    assert_eq!(report["units"].as_array().unwrap().len(), 20);
    // No temporary file left behind.
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 1);
}

#[test]
fn huge_numbers_are_refused_with_their_bound() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "preview",
                "fire",
                "--shots",
                "4294967295",
                "--die",
                "d6",
                "--range",
                "short",
                "--target-figures",
                "4",
                "--target-die",
                "d6",
            ],
            "1..=100",
        ),
        (
            &[
                "preview",
                "fire",
                "--shots",
                "3",
                "--die",
                "d6",
                "--range",
                "short",
                "--target-figures",
                "4",
                "--target-die",
                "d6",
                "--modifier=-2147483648",
            ],
            "-20..=20",
        ),
        (
            &[
                "preview",
                "melee",
                "--a-figures",
                "4",
                "--a-die",
                "d6",
                "--b-figures",
                "4",
                "--b-die",
                "d6",
                "--a-modifier",
                "2147483647",
            ],
            "-20..=20",
        ),
        (
            &[
                "preview",
                "charge",
                "--morale",
                "3",
                "--courage",
                "1073741824",
            ],
            "1..=18",
        ),
        (
            &[
                "preview",
                "melee",
                "--a-figures",
                "200000",
                "--a-die",
                "d6",
                "--b-figures",
                "4",
                "--b-die",
                "d6",
            ],
            "1..=12",
        ),
        (
            &[
                "preview",
                "melee",
                "--a",
                "fr-47e-fusiliers:150",
                "--b",
                "gb-45th-line:150",
            ],
            "at most 12",
        ),
        (
            &[
                "preview",
                "melee",
                "--a-figures",
                "4",
                "--a-die",
                "d6",
                "--b-figures",
                "4",
                "--b-die",
                "d6",
                "--rounds",
                "1000000",
            ],
            "1..=1000",
        ),
        (
            &[
                "cards",
                "--sheet",
                "fr-47e-fusiliers:4294967295",
                "-o",
                "/tmp/never.pdf",
            ],
            "4 to 12",
        ),
        (
            &[
                "cards",
                "--sheet",
                "fr-47e-fusiliers:0",
                "-o",
                "/tmp/never.pdf",
            ],
            "4 to 12",
        ),
    ];
    for (args, bound) in cases {
        let run = muster_within(args, Duration::from_secs(20));
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(bound), "{args:?}: {}", run.stderr);
    }
    // A list value beyond the rules: named with its limit, and costed exactly.
    let tmp = tempfile::tempdir().unwrap();
    let list = write(
        tmp.path(),
        "big.toml",
        &format!("{LIST_HEAD}\n[[units]]\nsheet = \"gb-45th-line\"\nfigures = 4294967295\n"),
    );
    let report = json(&muster(&["check", &list, "--format", "json"]));
    let pt = json(&muster(&[
        "sheets",
        "show",
        "gb-45th-line",
        "--format",
        "json",
    ]))["points"]
        .as_u64()
        .unwrap();
    assert_eq!(report["units"][0]["cost"].as_u64(), Some(4294967295 * pt));
    let figures = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "figures-out-of-range")
        .unwrap();
    assert!(
        figures["message"]
            .as_str()
            .unwrap()
            .contains("troop units have 4 to 12 figures"),
        "{figures}"
    );
}

#[test]
fn settled_melees_stop_early() {
    // 1000 rounds of a melee that ends in a handful: the play-forward stops when nothing is
    // left engaged (the answer equals the exact one to the end).
    let args = |rounds: Option<&str>| {
        let mut a = vec![
            "preview",
            "melee",
            "--a",
            "fr-1er-hussards:6",
            "--a-charges",
            "--b",
            "gb-45th-line:10",
            "--format",
            "json",
        ];
        if let Some(r) = rounds {
            a.extend(["--rounds", r]);
        }
        json(&muster_within(&a, Duration::from_secs(20)))
    };
    let forward = args(Some("1000"));
    let end = args(None);
    let diff = (forward["p_a_wins"].as_f64().unwrap() - end["p_a_wins"].as_f64().unwrap()).abs();
    assert!(diff < 1e-9, "{forward} vs {end}");
}

#[test]
fn inputs_must_be_regular_files_of_bounded_size() {
    let run = muster(&["check", "/dev/zero"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("is a device"), "{}", run.stderr);
    let run = muster(&["check", "/tmp"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("is a directory"), "{}", run.stderr);
    let tmp = tempfile::tempdir().unwrap();
    let big = tmp.path().join("big.toml");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(muster::core::source::MAX_INPUT_BYTES + 1)
        .unwrap();
    let run = muster(&["check", big.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("at most 4194304 bytes"),
        "{}",
        run.stderr
    );
}

#[test]
fn outputs_are_regular_files_and_keep_what_the_user_set() {
    let tmp = tempfile::tempdir().unwrap();
    // A device or a FIFO is never replaced.
    let fifo = tmp.path().join("fifo.pdf");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for target in ["/dev/null", fifo.to_str().unwrap()] {
        let run = muster(&["qrs", "-o", target]);
        assert_eq!(run.code, 2, "{target}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("muster reads and writes only regular files"),
            "{}",
            run.stderr
        );
    }
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device_like());
    // A read-only file is not overwritten.
    let ro = tmp.path().join("ro.pdf");
    std::fs::write(&ro, b"mine").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    let run = muster(&["qrs", "-o", ro.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("read-only"), "{}", run.stderr);
    assert_eq!(std::fs::read(&ro).unwrap(), b"mine");
    // `-o -` is standard output.
    let run = muster(&["cards", "--sheet", "gb-95th-sharpe", "-o", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("%PDF"));
    // A new file gets the mode the umask gives; an existing one keeps its own.
    let out = tmp.path().join("q.pdf");
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg(format!(
            "umask 027 && exec {} qrs -o {}",
            env!("CARGO_BIN_EXE_muster"),
            out.display()
        ))
        .current_dir(root());
    let done = cmd.output().unwrap();
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&out), 0o640);
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o604)).unwrap();
    assert_eq!(muster(&["qrs", "-o", out.to_str().unwrap()]).code, 0);
    assert_eq!(mode(&out), 0o604);
}

trait CharDevice {
    fn is_char_device_like(&self) -> bool;
}

impl CharDevice for std::fs::FileType {
    fn is_char_device_like(&self) -> bool {
        use std::os::unix::fs::FileTypeExt;
        self.is_char_device()
    }
}

#[test]
fn list_edits_follow_symlinks_and_keep_mode_crlf_and_bom() {
    let tmp = tempfile::tempdir().unwrap();
    let original = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml")).unwrap();
    let crlf = format!("\u{feff}{}", original.replace('\n', "\r\n"));
    let target = tmp.path().join("real.toml");
    std::fs::write(&target, &crlf).unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = tmp.path().join("link.toml");
    std::os::unix::fs::symlink("real.toml", &link).unwrap();
    let run = muster(&[
        "list",
        "add",
        link.to_str().unwrap(),
        "gb-45th-line",
        "--figures",
        "6",
    ]);
    assert!(run.code == 0 || run.code == 1, "{}", run.stderr);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let after = std::fs::read_to_string(&target).unwrap();
    assert!(after.starts_with('\u{feff}'), "BOM lost");
    assert!(
        !after.replace("\r\n", "").contains('\n'),
        "LF line endings crept in"
    );
    assert!(after.contains("gb-45th-line"));
    assert_eq!(
        std::fs::metadata(&target).unwrap().permissions().mode() & 0o777,
        0o640
    );
    // Messages never name a temporary file.
    assert!(!run.stderr.contains(".muster-"), "{}", run.stderr);
}

#[test]
fn an_edit_that_leaves_the_list_invalid_exits_1_and_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("l.toml");
    std::fs::copy(root().join("lists/sharpe-patrol.toml"), &file).unwrap();
    let f = file.to_str().unwrap();
    // Troops need their figures.
    let run = muster(&["list", "add", f, "gb-45th-line"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("give its figures with --figures"),
        "{}",
        run.stderr
    );
    // Over the points: written, exit 1, and said.
    let run = muster(&["list", "add", f, "gb-45th-line", "--figures", "12"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.contains("INVALID"), "{}", run.stdout);
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("figures = 12"));
    // The §10.1 free skill, given while adding.
    let run = muster(&["list", "remove", f, "4"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&[
        "list",
        "add",
        f,
        "gb-95th-riflemen",
        "--figures",
        "6",
        "--free-skill",
        "bon-oeil",
    ]);
    assert_eq!(run.code, 1, "over the points again: {}", run.stderr);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("free_skill = { unit = 4, skill = \"bon-oeil\" }"),
        "{text}"
    );
}

#[test]
fn override_templates_cannot_run_away() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("tpl");
    std::fs::create_dir(&dir).unwrap();
    let out = tmp.path().join("qrs.pdf");
    let qrs = |text: &str| {
        std::fs::write(dir.join("qrs.tera"), text).unwrap();
        muster_within(
            &[
                "qrs",
                "--templates",
                dir.to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
            ],
            Duration::from_secs(30),
        )
    };
    let run = qrs("title x\n{% include \"qrs\" %}\n");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("`include` is not allowed"),
        "{}",
        run.stderr
    );
    let run = qrs("{% macro f() %}{{ self::f() }}{% endmacro %}\ntitle x\n");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("`macro` is not allowed"),
        "{}",
        run.stderr
    );
    let run = qrs("{% for i in range(end=100000000) %}text x\n{% endfor %}");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("at most 10000"), "{}", run.stderr);
    let run = qrs("{% for i in range(end=10000) %}{% for j in range(end=10000) %}text xxxxxxxxxx\n{% endfor %}{% endfor %}");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("larger than 8 MiB"), "{}", run.stderr);
    assert!(!out.exists());
    // A template that is a directory is an error, not a silent fallback.
    std::fs::remove_file(dir.join("qrs.tera")).unwrap();
    std::fs::create_dir(dir.join("qrs.tera")).unwrap();
    let run = qrs_dir(&dir, &out);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("is a directory"), "{}", run.stderr);
}

fn qrs_dir(dir: &Path, out: &Path) -> super::Run {
    muster(&[
        "qrs",
        "--templates",
        dir.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ])
}

#[test]
fn control_characters_never_reach_the_terminal_or_markdown() {
    let tmp = tempfile::tempdir().unwrap();
    let list = write(
        tmp.path(),
        "esc.toml",
        &format!(
            "{LIST_HEAD}\n[[units]]\nsheet = \"gb-95th-sharpe\"\nlabel = \"\\u001b[31mred\\r\\u202egnp | x\"\n"
        ),
    );
    let run = muster(&["check", &list]);
    for c in ['\u{1b}', '\r', '\u{202e}'] {
        assert!(!run.stdout.contains(c), "{:?} in {}", c, run.stdout);
        assert!(!run.stderr.contains(c), "{:?} in {}", c, run.stderr);
    }
    let md = tmp.path().join("r.md");
    assert_eq!(
        muster(&["roster", &list, "-o", md.to_str().unwrap()]).code,
        0
    );
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(text.contains("gnp \\| x"), "{text}");
    assert!(!text.contains('\u{1b}') && !text.contains('\u{202e}'));
}

#[test]
fn messages_name_the_field() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        (
            LIST_HEAD.replace("[list]", "[[list]]"),
            "list must be one table, `[list]`, found an array of tables, `[[list]]`",
        ),
        (
            LIST_HEAD.replace("coalition = \"allies\"", "coalition = 7"),
            "coalition must be a string (one of its names), found 7",
        ),
        (
            LIST_HEAD.replace("points = 600", "points = 4294967296"),
            "points must be a whole number from 0 to 4,294,967,295, found 4294967296",
        ),
    ];
    for (i, (text, message)) in cases.iter().enumerate() {
        let list = write(tmp.path(), &format!("m{i}.toml"), text);
        let run = muster(&["check", &list]);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains(message), "{}", run.stderr);
    }
    // A sheet's `move = []`.
    let data = tmp.path().join("data");
    std::fs::create_dir_all(data.join("capitan/sheets")).unwrap();
    let sheet =
        std::fs::read_to_string(root().join("tests/fixtures/data/bad-die/capitan/sheets/bad.toml"))
            .unwrap()
            .replace("fire_die = \"d7\"", "fire_die = \"d8\"")
            .replace(
                "move = { normal = 15, march = 20, charge = 25 }",
                "move = []",
            );
    std::fs::write(data.join("capitan/sheets/m.toml"), sheet).unwrap();
    let run = muster_in(
        &root(),
        &[
            "--data",
            "unit-sheets",
            "--data",
            data.to_str().unwrap(),
            "data",
            "check",
        ],
        &[],
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("move must be a table, found an array of 0 items"),
        "{}",
        run.stderr
    );
    // A list unit with a shooter, and a repeated factor.
    let run = muster(&[
        "preview",
        "fire",
        "--list",
        "lists/sharpe-patrol.toml",
        "--unit",
        "3",
        "--shooter",
        "gb-45th-line:8",
        "--target",
        "fr-47e-fusiliers:8",
        "--range",
        "short",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
    let run = muster(&[
        "preview",
        "artillery",
        "--gun",
        "es-regimental-gun",
        "--ammo",
        "roundshot",
        "--range",
        "effective",
        "--under",
        "3",
        "--factor",
        "moved-march",
        "--factor",
        "moved-march",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("given twice"), "{}", run.stderr);
}
