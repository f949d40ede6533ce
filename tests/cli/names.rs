//! Units, skills and options named on the command line by their id or by their name in any
//! language of their ruleset, case, accents and hyphens aside (`core::names`); an unknown one
//! refused with the names it could be.

use crate::{muster, without_records};

/// A new Capitán list of 600 points in a temporary folder.
fn capitan_list(dir: &std::path::Path) -> String {
    let file = dir.join("mine.toml");
    let f = file.to_str().unwrap().to_owned();
    let run = muster(&[
        "list",
        "new",
        &f,
        "--name",
        "Mine",
        "--coalition",
        "allies",
        "--campaign",
        "peninsula",
        "--points",
        "600",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    f
}

fn units_of(file: &str) -> String {
    let text = without_records(&std::fs::read_to_string(file).unwrap());
    text[text.find("[[units]]").unwrap_or(text.len())..].to_owned()
}

#[test]
fn a_skill_by_its_name_in_english_french_or_spanish() {
    let tmp = tempfile::tempdir().unwrap();
    let f = capitan_list(tmp.path());
    // English, French without its accents or hyphens, Spanish in capitals; the sheet by its
    // name in another case.
    let run = muster(&[
        "list",
        "add",
        &f,
        "95TH RIFLES / LIEUTENANT SHARPE",
        "--skill",
        "Expert marksman",
        "--skill",
        "FUEGO DE ATAQUE",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&[
        "list",
        "add",
        &f,
        "gb-95th-riflemen",
        "--figures",
        "8",
        "--skill",
        "tireur expert",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The set's skills: the French name with its accents and a curly apostrophe, the id.
    let run = muster(&[
        "list",
        "set",
        &f,
        "1",
        "--skill",
        "Feu d’attaque",
        "--skill",
        "mouvement-furtif",
        "--roster",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        units_of(&f),
        "[[units]]\nsheet = \"gb-95th-sharpe\"\nskills = [\"feu-d-attaque\", \"mouvement-furtif\"]\n\n\
         [[units]]\nsheet = \"gb-95th-riflemen\"\nfigures = 8\nskills = [\"tireur-expert\"]\n"
    );
    // The command line speaks English: the skills by their English names.
    assert!(
        run.stdout
            .contains("Attack fire (15), Stealthy movement (30)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Expert marksman (15)"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("Tireur expert"), "{}", run.stdout);
}

#[test]
fn an_unknown_skill_is_refused_with_the_names_it_could_be() {
    let tmp = tempfile::tempdir().unwrap();
    let f = capitan_list(tmp.path());
    let before = std::fs::read_to_string(&f).unwrap();
    let run = muster(&[
        "list",
        "add",
        &f,
        "gb-95th-sharpe",
        "--skill",
        "expert marksmen",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!("error: {f}: unknown skill `expert marksmen`; did you mean Expert marksman (`tireur-expert`)?\n")
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), before);
    // A sheet by a name close to three: each named, in the command's language.
    let run = muster(&[
        "sheets",
        "show",
        "95th Rifles / Captain Sharpe",
        "--lang",
        "fr",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: unknown sheet `95th Rifles / Captain Sharpe`; did you mean \
         95th Rifles / Sergeant Harper (`gb-95th-harper`), \
         95th Rifles / Lieutenant Sharpe (`gb-95th-sharpe`) or \
         95th Rifles / Chosen Men (`gb-95th-riflemen`)?\n"
    );
}

#[test]
fn a_wab_entry_and_its_options_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("fr.toml");
    let f = file.to_str().unwrap();
    let run = muster(&[
        "list",
        "new",
        f,
        "--ruleset",
        "wab-aca",
        "--name",
        "Mine",
        "--army",
        "france-1809",
        "--points",
        "2000",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The commander-in-chief by its French name.
    let run = muster(&["list", "add", f, "général de division (commandant en chef)"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&[
        "list",
        "add",
        f,
        "Hussar regiment",
        "--figures",
        "12",
        "--option",
        "Drapeau",
        "--option",
        "figurines d'elite=2",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = muster(&["list", "add", f, "RÉGIMENT DE HUSSARDS", "--figures", "8"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        units_of(f),
        "[[units]]\nentry = \"fr-general-division\"\n\n\
         [[units]]\nentry = \"fr-hussars\"\nfigures = 12\nflag = true\nelite = 2\n\n\
         [[units]]\nentry = \"fr-hussars\"\nfigures = 8\n"
    );
    // Unlabelled units are named in the command line's language.
    assert!(run.stdout.contains("Hussar regiment"), "{}", run.stdout);
    assert!(
        !run.stdout.contains("Régiment de hussards"),
        "{}",
        run.stdout
    );
    // An option it does not know.
    let run = muster(&[
        "list",
        "add",
        f,
        "fr-hussars",
        "--figures",
        "8",
        "--option",
        "banner",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!("error: {f}: unknown option `banner`; did you mean Flag (`flag`)?\n")
    );
}

#[test]
fn a_name_several_entries_share_is_refused_with_each() {
    let run = muster(&["--ruleset", "wab-aca", "sheets", "show", "brigadier"]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: `brigadier` could be the entry Brigadier (`fr-brigadier`, France, 1809) or \
         Brigadier (`gb-brigadier`, Great Britain, 1812): give its id\n"
    );
    // Shown by its French name, in English.
    let run = muster(&[
        "--ruleset",
        "wab-aca",
        "sheets",
        "show",
        "batterie a pied de 6",
        "--lang",
        "en",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("Foot battery, 6-pounders\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn previews_and_cards_take_names() {
    let run = muster(&[
        "preview",
        "fire",
        "--shooter",
        "95th Rifles / Lieutenant Sharpe:3",
        "--target",
        "6e léger / compagnie de voltigeurs:8",
        "--range",
        "short",
        "--shooter-skill",
        "Tirador experto",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Sheets and skills by their names, never their ids, in the preview's English.
    assert!(
        run.stdout.starts_with(
            "Fire: 95th Rifles / Lieutenant Sharpe (3 figures) at 6e Léger / Compagnie de voltigeurs (8 figures)\n"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("uses Expert marksman (--shooter-skill"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("fr-6e-leger-voltigeurs"),
        "{}",
        run.stdout
    );
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("c.pdf");
    let run = muster(&[
        "cards",
        "--sheet",
        "Thessalian cavalry",
        "--ruleset",
        "thucydide",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}
