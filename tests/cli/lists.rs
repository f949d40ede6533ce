//! Army lists: fixtures per diagnostic code, the shipped samples, JSON contract, editing.

use super::{json, muster, root};

const PAIRS: &[(&str, &str)] = &[
    ("lists/sharpe-patrol.toml", "lists/voltigeurs-hussars.toml"),
    ("lists/guerrilla-band.toml", "lists/french-column.toml"),
];

/// Every code a list can get: its rules (from the rule tables, so that none is left out),
/// and the codes of a file that is not a list.
fn all_list_codes() -> Vec<&'static str> {
    use muster::rulesets::capitan::validate::{PAIR_RULES, RULES};
    let mut codes: Vec<&str> = RULES.iter().map(|(r, _)| r.code).collect();
    codes.extend(PAIR_RULES.iter().map(|r| r.code));
    codes.push(muster::rulesets::UNKNOWN_RULESET.code);
    codes.push(muster::rulesets::list_doc::TOO_MANY_UNITS);
    codes.push(muster::rulesets::list_doc::NAME_TOO_LONG);
    codes.push(muster::rulesets::priced::DATA_CHANGED.code);
    codes.extend([
        "toml-syntax",
        "unknown-field",
        "missing-field",
        "wrong-type",
    ]);
    codes
}

/// Each tests/fixtures/lists/<code>.toml says `# expect: exit N` (and may name an opponent
/// with `# against: FILE`); the whole stderr of `muster check` on it must equal
/// <code>.stderr, diagnostic by diagnostic, carets and notes included.
#[test]
fn one_fixture_per_diagnostic_code() {
    let dir = root().join("tests/fixtures/lists");
    let mut failures = Vec::new();
    for code in all_list_codes() {
        let path = dir.join(format!("{code}.toml"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            failures.push(format!("no fixture {}", path.display()));
            continue;
        };
        let exit: i32 = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect: exit "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("{}: no `# expect: exit N` line", path.display()));
        let rel = format!("tests/fixtures/lists/{code}.toml");
        let mut args = vec![
            "--data",
            "unit-sheets",
            "--data",
            "tests/fixtures/list-data",
            "check",
            &rel,
        ];
        let against = text
            .lines()
            .find_map(|l| l.strip_prefix("# against: "))
            .map(str::to_owned);
        if let Some(a) = &against {
            args.extend(["--against", a]);
        }
        let run = muster(&args);
        if run.code != exit {
            failures.push(format!(
                "{rel}: expected exit {exit}, got {}:\n{}",
                run.code, run.stderr
            ));
            continue;
        }
        if !run.stderr.contains(&format!("[{code}]")) {
            failures.push(format!("{rel}: no {code} diagnostic:\n{}", run.stderr));
            continue;
        }
        if let Err(e) = super::snapshot(&dir.join(format!("{code}.stderr")), &run.stderr) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn shipped_lists_are_legal_and_pairs_balance() {
    // Every list file of lists/ (battle files for `muster score` are in lists/battles/).
    let mut lists: Vec<_> = std::fs::read_dir(root().join("lists"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    lists.sort();
    assert!(lists.len() >= 4);
    for list in &lists {
        let run = muster(&["check", list.to_str().unwrap()]);
        assert_eq!(run.code, 0, "{}: {}", list.display(), run.stderr);
        assert!(
            run.stderr.contains("valid (0 errors, 0 warnings)"),
            "{}",
            run.stderr
        );
    }
    for (a, b) in PAIRS {
        for (x, y) in [(a, b), (b, a)] {
            let run = muster(&["check", x, "--against", y, "--format", "json"]);
            assert_eq!(run.code, 0, "{x} vs {y}: {}", run.stdout);
            let report = json(&run);
            assert_eq!(report["valid"], true);
            assert_eq!(report["against"]["valid"], true);
        }
    }
}

#[test]
fn json_report_follows_the_contract() {
    let report = json(&muster(&[
        "check",
        "lists/guerrilla-band.toml",
        "--format",
        "json",
    ]));
    assert_eq!(report["valid"], true);
    assert_eq!(report["limit"], 600);
    let units = report["units"].as_array().unwrap();
    for u in units {
        for key in ["sheet", "label", "figures", "cost"] {
            assert!(u.get(key).is_some());
        }
    }
    // §1.4: Mouvement furtif is free for guerrillas; 12 figures × 10 + Sanguinaires 10.
    assert_eq!(units[1]["cost"], 130);
    assert_eq!(units[2]["cost"], 120);
    let total: u64 = units.iter().map(|u| u["cost"].as_u64().unwrap()).sum();
    assert_eq!(report["total"], total);
    assert!(report.get("against").is_none());

    let bad = json(&muster(&[
        "--data",
        "unit-sheets",
        "--data",
        "tests/fixtures/list-data",
        "check",
        "tests/fixtures/lists/unit-limit.toml",
        "--format",
        "json",
    ]));
    assert_eq!(bad["valid"], false);
    let d = bad["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "unit-limit")
        .unwrap();
    assert_eq!(d["code"], "unit-limit");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["file"], "tests/fixtures/lists/unit-limit.toml");
    assert!(d["line"].is_u64() && d["column"].is_u64());
}

#[test]
fn costs_follow_section_9_1() {
    let report = json(&muster(&[
        "check",
        "lists/french-column.toml",
        "--format",
        "json",
    ]));
    let cost = |i: usize| report["units"][i]["cost"].as_u64().unwrap();
    assert_eq!(cost(0), 188); // command: PT for the whole unit
    assert_eq!(cost(1), 6 * 14); // troops: PT × figures
    assert_eq!(cost(3), 6 * 14 + 80); // artillery: PT × crew + PC
    let sharpe = json(&muster(&[
        "check",
        "lists/sharpe-patrol.toml",
        "--format",
        "json",
    ]));
    // Tireur expert 15 paid, Feu d'attaque free (§10.1).
    assert_eq!(sharpe["units"][0]["cost"], 229 + 15);
}

#[test]
fn unreadable_and_missing_list_files_exit_2() {
    let run = muster(&["check", "lists/nope.toml"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("cannot read lists/nope.toml"),
        "{}",
        run.stderr
    );
    let run = muster(&[
        "check",
        "lists/sharpe-patrol.toml",
        "--against",
        "lists/nope.toml",
    ]);
    assert_eq!(run.code, 2);
}

#[test]
fn editing_keeps_comments_and_reports_the_new_total() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("mine.toml");
    let f = file.to_str().unwrap();
    let run = muster(&[
        "list",
        "new",
        f,
        "--name",
        "Mine",
        "--coalition",
        "allies",
        "--campaign",
        "peninsula",
        "--points",
        "500",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("{f}: created “Mine”; 0 / 500 points; valid (0 errors, 1 warning)\n")
    );
    // The user adds a comment by hand.
    let text = std::fs::read_to_string(&file).unwrap() + "\n# my own note\n";
    std::fs::write(&file, text).unwrap();
    let run = muster(&[
        "list",
        "add",
        f,
        "gb-95th-sharpe",
        "--skill",
        "tireur-expert",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("; 244 / 500 points;"), "{}", run.stdout);
    let run = muster(&[
        "list",
        "add",
        f,
        "gb-95th-riflemen",
        "--figures",
        "8",
        "--label",
        "Riflemen",
    ]);
    assert!(run.stdout.contains("; 460 / 500 points;"), "{}", run.stdout);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("# my own note"));
    assert!(text.contains("label = \"Riflemen\""));
    // With --roster, the roster and every diagnostic, as `muster check` prints them.
    let run = muster(&["list", "remove", f, "1", "--roster"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains("total 216 / 500 points"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains("warning[no-command]"), "{}", run.stderr);
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("# my own note"));
    let report = json(&muster(&["check", f, "--format", "json"]));
    assert_eq!(report["units"].as_array().unwrap().len(), 1);
}

#[test]
fn refused_edits_leave_the_file_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("mine.toml");
    std::fs::copy(root().join("lists/sharpe-patrol.toml"), &file).unwrap();
    let before = std::fs::read(&file).unwrap();
    let f = file.to_str().unwrap();
    let run = muster(&["list", "add", f, "gb-95th-sharp"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("did you mean 95th Rifles / Lieutenant Sharpe (`gb-95th-sharpe`)"),
        "{}",
        run.stderr
    );
    assert_eq!(
        muster(&["list", "add", f, "gb-45th-line", "--skill", "bogus"]).code,
        2
    );
    assert_eq!(muster(&["list", "remove", f, "9"]).code, 2);
    assert_eq!(
        muster(&[
            "list",
            "new",
            f,
            "--name",
            "x",
            "--coalition",
            "allies",
            "--campaign",
            "peninsula",
            "--points",
            "1"
        ])
        .code,
        2
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // No temporary file left behind.
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 1);
}

#[test]
fn removing_a_unit_keeps_the_free_skill_on_its_unit() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("mine.toml");
    let text = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml")).unwrap();
    // Move the free skill to the riflemen (unit 3), then remove unit 2.
    std::fs::write(
        &file,
        text.replace(
            "unit = 1, skill = \"feu-d-attaque\"",
            "unit = 3, skill = \"bon-oeil\"",
        ),
    )
    .unwrap();
    let run = muster(&["list", "remove", file.to_str().unwrap(), "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let after = std::fs::read_to_string(&file).unwrap();
    assert!(after.contains("unit = 2, skill = \"bon-oeil\""), "{after}");
    assert!(after.contains("# §10.1: a lieutenant gives"));
}

/// The guides' tables of codes list every code a list can get (taken from the rule tables).
#[test]
fn readme_lists_every_code() {
    let readme = crate::documentation();
    for code in all_list_codes() {
        assert!(
            readme.contains(&format!("`{code}`")),
            "the README and docs/ do not list `{code}`"
        );
    }
}

/// `check --lang` in a language the list's ruleset is not printed in says so, and says the
/// diagnostics in English rather than half in the shared words of that language.
#[test]
fn check_in_a_language_the_ruleset_does_not_speak() {
    let run = muster(&[
        "check",
        "tests/fixtures/hm-qrs/lists/unknown-unit.toml",
        "--lang",
        "es",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("warning: hm-qrs is not printed in es; its diagnostics are said in en\n"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.ends_with(": invalid (1 error, 0 warnings)\n"),
        "{}",
        run.stderr
    );
}

/// A guerrilla uses the Mouvement furtif its sheet offers "sans surcoût" (Capitán §1.4): it
/// has it whether or not the list names it, free, on its roster and in the check's JSON; the
/// builder's form shows it ticked and fixed with the reason. Before, a player had to tick it
/// by hand and nothing said it was free.
#[test]
fn a_guerrillas_stealthy_movement_is_given_free() {
    let tmp = tempfile::tempdir().unwrap();
    let list = tmp.path().join("g.toml");
    std::fs::write(
        &list,
        "[list]\nname = \"Partida\"\nruleset = \"capitan\"\ncoalition = \"allies\"\ncampaign = \"peninsula\"\npoints = 200\n\n[[units]]\nsheet = \"es-guerrilleros\"\nfigures = 12\n\n[[units]]\nsheet = \"es-guerrilleros\"\nfigures = 12\nskills = [\"mouvement-furtif\"]\n",
    )
    .unwrap();
    let before = std::fs::read(&list).unwrap();
    let path = list.to_str().unwrap();
    let run = muster(&["check", path, "--format", "json"]);
    let v = json(&run);
    for u in v["units"].as_array().unwrap() {
        assert_eq!(
            u["skills"],
            serde_json::json!([{"id": "mouvement-furtif", "cost": 0}]),
            "{u}"
        );
    }
    let sheet = muster(&["sheets", "show", "es-guerrilleros", "--format", "json"]);
    let pt = json(&sheet)["points"].as_u64().unwrap();
    assert_eq!(v["total"], serde_json::json!(pt * 24), "{}", run.stdout);
    // The roster says it free; the check wrote nothing.
    let run = muster(&["check", path]);
    assert_eq!(
        run.stdout.matches("Stealthy movement (free)").count(),
        2,
        "{}",
        run.stdout
    );
    assert_eq!(std::fs::read(&list).unwrap(), before);
    // The builder's offer: given, with the reason, in the page's language; a skill bought
    // is not.
    let s = crate::serve::Server::start();
    let r = s.get("/api/lists/guerrilla-band.toml/offers?lang=fr");
    assert_eq!(r.status, 200, "{}", r.text());
    let offers = r.json();
    let offer = offers["offers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == "es-guerrilleros")
        .unwrap()
        .clone();
    let extra = |id: &str| {
        offer["extras"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["id"] == id)
            .unwrap()
            .clone()
    };
    assert_eq!(
        extra("mouvement-furtif")["given"],
        "offert aux guérillas (Capitán §1.4)"
    );
    assert!(extra("sanguinaires").get("given").is_none(), "{offer}");
}

/// The builder's view says the skills a list's rank may give free (Capitán §10.1) once, in
/// `offers.free_skills` by id, each sheet naming those it allows: Sharpe's patrol (a
/// lieutenant's) had them whole, summaries and all, under each of its 33 sheets, 98 KB of
/// its 125 KB of offers (the view was 202 KB, edits answered with it). The same skills by
/// sheet: a battery may be given Précis, the riflemen not; the hussars Lanciers.
#[test]
fn the_views_free_skills_are_said_once() {
    let s = crate::serve::Server::start();
    let r = s.get("/api/lists/sharpe-patrol.toml?lang=fr");
    assert_eq!(r.status, 200, "{}", r.text());
    let body = r.text();
    let view = r.json();
    let table = view["offers"]["free_skills"].as_object().expect("a table");
    assert!(table.len() >= 5, "{table:?}");
    for (id, skill) in table {
        assert_eq!(skill["id"], *id);
        let summary = skill["summary"].as_str().unwrap();
        assert!(!summary.is_empty(), "{skill}");
        assert_eq!(
            body.matches(summary).count(),
            1 + offered_as_extra(&view, id)
        );
    }
    let free = |sheet: &str| -> Vec<String> {
        let offer = view["offers"]["offers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["id"] == sheet)
            .unwrap_or_else(|| panic!("{sheet} offered"));
        let ids: Vec<String> = offer["free"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().expect("an id").to_owned())
            .collect();
        assert!(ids.iter().all(|id| table.contains_key(id)), "{ids:?}");
        ids
    };
    let has = |ids: &[String], id: &str| ids.iter().any(|x| x == id);
    let (rifles, hussars, guns) = (
        free("gb-95th-riflemen"),
        free("gb-18th-hussars"),
        free("gb-rha-troop"),
    );
    assert!(has(&guns, "precis") && !has(&rifles, "precis"), "{guns:?}");
    assert!(
        has(&hussars, "lanciers") && !has(&rifles, "lanciers"),
        "{hussars:?}"
    );
    assert!(has(&rifles, "tireur-expert"), "{rifles:?}");
    assert!(body.len() < 100_000, "{} bytes", body.len());
}

/// How many sheets offer the skill `id` to buy (where the view says its summary again).
fn offered_as_extra(view: &serde_json::Value, id: &str) -> usize {
    view["offers"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| {
            o["extras"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["id"] == id)
        })
        .count()
}

/// The offers a ruleset keeps for a list's context (Capitán's coalition, campaign and rank,
/// WAB's army, the language) are those worked out for it: every shipped list of a ruleset
/// with lists, in each of its languages, asked one after another of one engine (the
/// others' offers kept, twice round), gets what a new engine works out for it alone.
#[test]
fn kept_offers_are_those_a_new_engine_works_out() {
    use muster::core::source::Sources;
    use muster::rulesets::{self, Ruleset};
    let dirs = [root().join("unit-sheets")];
    let engine = |ruleset: Ruleset| {
        let mut sources = Sources::new();
        let loaded = rulesets::load(ruleset, &dirs, &mut sources).unwrap();
        (loaded.engine.unwrap(), sources)
    };
    let mut lists: Vec<(Ruleset, std::path::PathBuf, String)> = Vec::new();
    for entry in std::fs::read_dir(root().join("lists")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut probe = Sources::new();
        let id = probe.add(&path, text.clone());
        if let Ok(ruleset) = rulesets::peek(&probe, id) {
            lists.push((ruleset, path, text));
        }
    }
    lists.sort_by(|a, b| a.1.cmp(&b.1));
    let mut rulesets: Vec<Ruleset> = lists.iter().map(|l| l.0).collect();
    rulesets.dedup();
    let mut compared = 0;
    for ruleset in rulesets {
        let (kept, data) = engine(ruleset);
        let Some(kept_lists) = kept.lists() else {
            continue;
        };
        let offers = |lists: &dyn rulesets::Lists, path: &std::path::Path, text: &str, lang| {
            let mut sources = data.clone();
            let file = sources.add(path, text.to_owned());
            // Labels of their own at each ask: the kept offers are found by what they say.
            let labels = std::sync::Arc::new(ruleset.words(lang).clone());
            let offers = lists.offers(&sources, file, lang, &labels);
            serde_json::to_string(&offers.expect("offers")).unwrap()
        };
        let asked: Vec<_> = ruleset
            .languages()
            .iter()
            .flat_map(|lang| {
                lists
                    .iter()
                    .filter(|l| l.0 == ruleset)
                    .map(move |l| (*lang, l))
            })
            .collect();
        let alone: Vec<String> = asked
            .iter()
            .map(|(lang, (_, path, text))| {
                let (fresh, _) = engine(ruleset);
                offers(fresh.lists().unwrap(), path, text, *lang)
            })
            .collect();
        for round in 0..2 {
            for ((lang, (_, path, text)), alone) in asked.iter().zip(&alone) {
                let got = offers(kept_lists, path, text, *lang);
                assert_eq!(got, *alone, "round {round}, {lang:?}: {}", path.display());
                compared += 1;
            }
        }
    }
    assert!(compared >= 2 * 3 * 3, "the WAB lists at least: {compared}");
}

/// What a server says the army is (the view's `description_words`), read once for each
/// header, is what the list's own header says: a list that begins as another (its units
/// changed) is said as it, one whose header follows its units is read whole, whatever was
/// read before.
#[test]
fn a_servers_words_for_the_army_are_the_lists_own() {
    use muster::ops::ready::{data_stamp, Ready};
    use muster::rulesets::list_fields::described;
    let dirs = vec![root().join("unit-sheets")];
    let ruleset: muster::rulesets::Ruleset = "capitan".parse().unwrap();
    let ready = Ready::load(ruleset, &dirs, data_stamp(ruleset, &dirs)).unwrap();
    let sharpe = std::fs::read_to_string(root().join("lists/sharpe-patrol.toml")).unwrap();
    let (header, units) = sharpe.split_at(sharpe.find("[[units]]").unwrap());
    let fewer = format!(
        "{header}{}",
        &units[..units[9..].find("[[units]]").unwrap() + 9]
    );
    let after = format!("{units}\n{}", header.replace("peninsula", "russia"));
    for lang in [muster::core::i18n::Lang::En, muster::core::i18n::Lang::Fr] {
        let labels = ready.words(lang);
        for text in [&sharpe, &fewer, &after, &sharpe, &after] {
            let said = ready.described(text, lang, &labels);
            assert_eq!(
                said,
                described(&ready.engine, text, lang, &labels),
                "{text}"
            );
            assert!(!said.is_empty());
        }
        assert_ne!(
            ready.described(&after, lang, &labels),
            ready.described(&sharpe, lang, &labels),
            "another campaign"
        );
    }
}
