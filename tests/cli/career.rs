//! `muster career`: a player's victory points game after game and the rank they reach (§10),
//! every threshold taken from the data (ranks.toml's order and `points_per_rank`), the
//! additions locked and atomic with the user's comments kept, refusals as whole stderr, and a
//! list naming its career checked against the career's rank (its free skill's cap, its roster).

use std::path::Path;

use super::{json, muster_in, root};

fn run(dir: &Path, args: &[&str]) -> super::Run {
    let data = root().join("unit-sheets");
    let mut all = vec!["--data", data.to_str().unwrap()];
    all.extend_from_slice(args);
    muster_in(dir, &all, &[])
}

/// The ranks of the data in their order, and the points each rank up takes.
fn ranks() -> (Vec<String>, u64) {
    let text = std::fs::read_to_string(root().join("unit-sheets/capitan/ranks.toml")).unwrap();
    let doc: toml::Table = text.parse().unwrap();
    let ids = doc["rank"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    let step = doc["career"]["points_per_rank"].as_integer().unwrap() as u64;
    (ids, step)
}

fn new_career(dir: &Path, nation: &str, arm: &str) {
    std::fs::create_dir_all(dir.join("careers")).unwrap();
    let r = run(
        dir,
        &[
            "career",
            "new",
            "careers/me.toml",
            "--nation",
            nation,
            "--arm",
            arm,
            "--player",
            "Me",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
}

fn rank_now(dir: &Path) -> (String, u64) {
    let r = run(
        dir,
        &["career", "show", "careers/me.toml", "--format", "json"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = json(&r);
    (
        j["rank"]["id"].as_str().unwrap().to_owned(),
        j["points"].as_u64().unwrap(),
    )
}

fn add(dir: &Path, points: u64) -> super::Run {
    run(
        dir,
        &[
            "career",
            "add",
            "careers/me.toml",
            "--points",
            &points.to_string(),
        ],
    )
}

/// Every threshold of the data: one point short of it the rank below, at it the rank; past
/// the last rank, the last.
#[test]
fn every_rank_comes_at_its_threshold() {
    let (ids, step) = ranks();
    assert!(ids.len() >= 2 && step > 0);
    let t = tempfile::tempdir().unwrap();
    new_career(t.path(), "france", "infantry");
    assert_eq!(rank_now(t.path()), (ids[0].clone(), 0));
    let mut total = 0;
    for (i, id) in ids.iter().enumerate().skip(1) {
        let threshold = step * i as u64;
        let short = threshold - 1 - total;
        assert_eq!(add(t.path(), short).code, 0);
        total += short;
        assert_eq!(
            rank_now(t.path()),
            (ids[i - 1].clone(), total),
            "one point short of {id}"
        );
        let r = add(t.path(), 1);
        assert_eq!(r.code, 0);
        total += 1;
        assert_eq!(rank_now(t.path()), (id.clone(), threshold));
        assert!(r.stdout.contains("— promoted from"), "{}", r.stdout);
    }
    // Past the highest rank, no rank more.
    assert_eq!(add(t.path(), step * 3).code, 0);
    assert_eq!(rank_now(t.path()).0, *ids.last().unwrap());
    let j = json(&run(
        t.path(),
        &["career", "show", "careers/me.toml", "--format", "json"],
    ));
    assert!(j["next"].is_null());
}

/// What `career add` and `career show` say, whole: the nation's rank names in the career's
/// arm (a French cavalryman is chef d'escadron, not chef de bataillon), what the rank gives.
#[test]
fn a_career_speaks_its_armys_words() {
    let t = tempfile::tempdir().unwrap();
    new_career(t.path(), "france", "cavalry");
    let r = add(t.path(), 3999);
    assert_eq!(
        r.stdout,
        "added 3999 victory points: 3999 in all, Capitaine — promoted from Adjudant (§10); 1 more to Chef d'escadron\n"
    );
    let r = add(t.path(), 1);
    assert_eq!(
        r.stdout,
        "added 1 victory points: 4000 in all, Chef d'escadron — promoted from Capitaine (§10); 1000 more to Lieutenant-colonel\n"
    );
    let r = run(
        t.path(),
        &["career", "show", "careers/me.toml", "--lang", "en"],
    );
    assert_eq!(
        r.stdout,
        "Me: Chef d'escadron — France and allies, cavalry (Capitán §10)\n\
         4000 victory points in 2 games; Lieutenant-colonel from 5000 (1000 more)\n\
         what the rank gives (§10.1): +2 to one initiative roll a turn; re-rolls one fire die; re-rolls one combat die; one skill of at most 30 points free for a unit\n\
         \n\
         game  points  what\n\
         ────  ──────  ────\n\
         1     3999\n\
         2     1\n\
         \n\
         ranks: muster's reading of §10: Every 1000 victory points accumulated is one rank up, in the order of §10.1: ensign at 0, second lieutenant at 1000 … colonel at 6000, the highest. The points are never spent: a promotion does not start the count again.\n"
    );
    // A German infantry officer is a Hauptmann.
    let g = tempfile::tempdir().unwrap();
    new_career(g.path(), "german-states", "infantry");
    assert!(add(g.path(), 3000)
        .stdout
        .contains("3000 in all, Hauptmann"));
}

/// A game added names its game file (from the career's folder) and its two armies, and is not
/// added twice; the user's comments stay; the file is refused when it is not a career.
#[test]
fn games_comments_and_refusals() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    std::fs::create_dir_all(d.join("lists")).unwrap();
    std::fs::create_dir_all(d.join("games")).unwrap();
    for l in [
        "sharpe-patrol.toml",
        "voltigeurs-hussars.toml",
        "wab-france-1809.toml",
        "wab-russia-1812.toml",
    ] {
        std::fs::copy(root().join("lists").join(l), d.join("lists").join(l)).unwrap();
    }
    for (g, a, b) in [
        (
            "sabugal.toml",
            "sharpe-patrol.toml",
            "voltigeurs-hussars.toml",
        ),
        ("eylau.toml", "wab-france-1809.toml", "wab-russia-1812.toml"),
    ] {
        let r = run(
            d,
            &[
                "game",
                "new",
                &format!("games/{g}"),
                "--list",
                &format!("lists/{a}"),
                "--against",
                &format!("lists/{b}"),
            ],
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
    new_career(d, "great-britain", "infantry");
    let path = d.join("careers/me.toml");
    let with_comment = std::fs::read_to_string(&path).unwrap().replace(
        "nation = \"great-britain\"",
        "nation = \"great-britain\" # the 95th, since Talavera",
    );
    std::fs::write(&path, &with_comment).unwrap();
    let r = run(
        d,
        &[
            "career",
            "add",
            "careers/me.toml",
            "--points",
            "450",
            "--game",
            "games/sabugal.toml",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "added 450 victory points (Sharpe's patrol against Voltigeurs du 6e Léger et hussards): 450 in all, Ensign; 550 more to Second lieutenant\n"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(&with_comment), "{text}");
    assert!(text.ends_with(
        "\n[[game]]\npoints = 450\ngame = \"../games/sabugal.toml\"\ntitle = \"Sharpe's patrol against Voltigeurs du 6e Léger et hussards\"\n"
    ), "{text}");

    // Refusals: whole stderr, exit 2, the file untouched.
    for (args, stderr) in [
        (
            vec!["career", "add", "careers/me.toml", "--points", "100", "--game", "games/sabugal.toml"],
            "error: careers/me.toml: games/sabugal.toml is already game 1 of the career\n",
        ),
        (
            vec!["career", "add", "careers/me.toml", "--points", "100", "--game", "games/eylau.toml"],
            "error: careers/me.toml: games/eylau.toml is a game of `wab-aca`, not of Capitán\n",
        ),
        (
            vec!["career", "add", "careers/me.toml", "--points", "10001"],
            "error: careers/me.toml: --points 10001: muster takes at most 10000 victory points from one game\n",
        ),
        (
            vec!["career", "add", "careers/me.toml", "--points", "99999999999"],
            "error: invalid value '99999999999' for '--points <N>': 99999999999 is not in 0..=4294967295\n\nFor more information, try '--help'.\n",
        ),
        (
            vec!["career", "new", "careers/me.toml", "--nation", "france", "--arm", "infantry"],
            "error: careers/me.toml already exists (use --force to replace it)\n",
        ),
        (
            vec!["career", "new", "careers/new.toml", "--nation", "frnace", "--arm", "infantry"],
            "error: --nation: unknown nation `frnace` (§10 knows spain, great-britain, france, german-states); did you mean `france`?\n",
        ),
        (
            vec!["career", "new", "careers/new.toml", "--nation", "france", "--arm", "dragoons"],
            "error: --arm dragoons: expected infantry or cavalry (§10)\n",
        ),
        (
            vec!["--ruleset", "wab-aca", "career", "new", "careers/new.toml", "--nation", "france", "--arm", "infantry"],
            "error: WAB: Au crépuscule de l'Aigle has no careers; see `muster rulesets` for what each rule system supports\n",
        ),
        (
            vec!["career", "show", "games/sabugal.toml"],
            "error: games/sabugal.toml is not a career file: it has no [career] ruleset (`muster career new` writes one)\n",
        ),
    ] {
        let r = run(d, &args);
        assert_eq!((r.code, r.stderr.as_str()), (2, stderr), "{args:?}");
    }
    assert!(!d.join("careers/new.toml").exists());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "a refused addition leaves the file as it was"
    );
}

/// Additions at once from many processes all land.
#[test]
fn concurrent_additions_all_land() {
    let t = tempfile::tempdir().unwrap();
    new_career(t.path(), "spain", "cavalry");
    let data = root().join("unit-sheets");
    let children: Vec<_> = (1..=12)
        .map(|k| {
            std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
                .args([
                    "--data",
                    data.to_str().unwrap(),
                    "career",
                    "add",
                    "careers/me.toml",
                    "--points",
                ])
                .arg((k * 10).to_string())
                .current_dir(t.path())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let j = json(&run(
        t.path(),
        &["career", "show", "careers/me.toml", "--format", "json"],
    ));
    assert_eq!(j["points"], 780);
    assert_eq!(j["games"].as_array().unwrap().len(), 12);
}

/// A list that names a career takes its rank: the free skill's cap is the career's (a 25-point
/// skill is over a lieutenant's 20), the roster says the career and the rank's rerolls, and a
/// list claiming a rank above its career's is refused.
#[test]
fn a_list_takes_its_careers_rank() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    new_career(d, "france", "infantry");
    assert_eq!(add(d, 2500).code, 0);
    std::fs::create_dir_all(d.join("lists")).unwrap();
    let shipped = std::fs::read_to_string(root().join("lists/voltigeurs-hussars.toml")).unwrap();
    let list = d.join("lists/mine.toml");
    std::fs::write(
        &list,
        shipped.replace("[list]\n", "[list]\ncareer = \"../careers/me.toml\"\n"),
    )
    .unwrap();
    let r = run(d, &["check", "lists/mine.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // The roster: the career, its rank in the army's words, the rerolls.
    let r = run(
        d,
        &[
            "roster",
            "lists/mine.toml",
            "-o",
            "roster.md",
            "--lang",
            "en",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let md = std::fs::read_to_string(d.join("roster.md")).unwrap();
    assert!(
        md.contains("Career (§10) of Me: 2500 victory points."),
        "{md}"
    );
    assert!(
        md.contains("Rank Lieutenant (§10.1): +1 to one initiative roll a turn; re-rolls one fire die; one skill of at most 20 points free for a unit."),
        "{md}"
    );
    // A free skill over the career's cap: refused by the career's rank, not a rank of the list.
    let over = shipped.replace(
        "[list]\n",
        "[list]\ncareer = \"../careers/me.toml\"\nfree_skill = { unit = 2, skill = \"tirailleurs\" }\n",
    );
    std::fs::write(&list, &over).unwrap();
    let r = run(d, &["check", "lists/mine.toml", "--format", "json"]);
    let j = json(&r);
    let codes: Vec<&str> = j["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["free-skill-too-costly"], "{}", r.stdout);
    assert!(
        j["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("the rank Lieutenant gives one of at most 20 points"),
        "{}",
        r.stdout
    );
    // A rank above the career's.
    std::fs::write(
        &list,
        shipped.replace(
            "[list]\n",
            "[list]\ncareer = \"../careers/me.toml\"\nrank = \"colonel\"\n",
        ),
    )
    .unwrap();
    let r = run(d, &["check", "lists/mine.toml"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("error[rank-above-career]: the rank Colonel is above the career's: its career has reached Lieutenant (Lieutenant, 2,500 victory points)"), "{}", r.stderr);
    assert!(r.stderr.contains("= help: Colonel comes with 6,000 victory points, 3,500 more; remove `rank` to take the career's"), "{}", r.stderr);
}

/// `muster serve` keeps the checks its edits made (an edit's original is the last edit's
/// text), never one of a list that names its career: the career is read apart from the
/// list, and a game added to it changes the check.
#[test]
fn a_list_naming_its_career_has_no_check_kept() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    new_career(d, "france", "infantry");
    std::fs::create_dir_all(d.join("lists")).unwrap();
    let shipped = std::fs::read_to_string(root().join("lists/voltigeurs-hussars.toml")).unwrap();
    let path = d.join("lists/mine.toml");
    let named = shipped.replace("[list]\n", "[list]\ncareer = \"../careers/me.toml\"\n");
    let mut probe = muster::core::source::Sources::new();
    let id = probe.add(&path, shipped.clone());
    let ruleset = muster::rulesets::peek(&probe, id).expect("Capitán");
    let dirs = vec![root().join("unit-sheets")];
    let ready = muster::ops::ready::Ready::load(
        ruleset,
        &dirs,
        muster::ops::ready::data_stamp(ruleset, &dirs),
    )
    .expect("the data");
    let twice = |text: &str| {
        let check = || {
            ready
                .check_kept(
                    &muster::ops::ready::ListAt {
                        roots: None,
                        path: path.clone(),
                        name: "mine.toml".to_owned(),
                    },
                    text,
                )
                .unwrap_or_else(|(e, _)| panic!("{}", e.message))
        };
        std::sync::Arc::ptr_eq(&check(), &check())
    };
    assert!(
        twice(&shipped),
        "a list naming no other file: its check kept"
    );
    assert!(
        !twice(&named),
        "a list naming its career: checked each time"
    );
}
