//! `muster score FILE`: a finished battle scored by its ruleset. The command reads the file,
//! finds its ruleset (`[battle] ruleset`, `--ruleset`, or the only ruleset that scores), and
//! prints what the ruleset's engine makes of it as text or JSON.

use std::path::PathBuf;

use super::{load_engine, print_out, to_json};
use crate::cli::{CheckFormat, ScoreArgs};
use crate::core::diagnostic::{self, Diagnostic};
use crate::core::error::Error;
use crate::core::source::{Seg, Sources, SpanIndex};
use crate::rulesets::{self, Battle, Ruleset};

pub fn run(dirs: &[PathBuf], flag: Option<Ruleset>, args: &ScoreArgs) -> Result<u8, Error> {
    let scoring: Vec<Ruleset> = Ruleset::ALL
        .iter()
        .copied()
        .filter(|r| r.capabilities().scoring)
        .collect();
    let mut sources = Sources::new();
    let file = sources.read(&args.file)?;
    // The ruleset the file names, read before its ruleset's typed parse (which reports
    // whatever else is wrong with the file).
    let named_id = toml::from_str::<toml::Table>(sources.text(file))
        .ok()
        .and_then(|t| t.get("battle")?.get("ruleset")?.as_str().map(str::to_owned));
    let named = match named_id {
        Some(id) => Some(id.parse::<Ruleset>().map_err(|e| {
            let spans = SpanIndex::parse(sources.text(file));
            let d = Diagnostic::error(rulesets::UNKNOWN_RULESET.code, e)
                .at(file, spans.span(&[Seg::Key("battle"), Seg::Key("ruleset")]));
            diagnostic::print_all(&[d], &sources);
            Error::Usage(format!("{} names an unknown ruleset", args.file.display()))
        })?),
        None => None,
    };
    let ruleset = match (flag, named) {
        (Some(f), Some(n)) if f != n => {
            return Err(Error::Usage(format!(
                "{} is a {} battle, but --ruleset says {}",
                args.file.display(),
                n.id(),
                f.id()
            )))
        }
        (Some(r), _) | (None, Some(r)) => r,
        (None, None) => match scoring.as_slice() {
            [only] => *only,
            _ => {
                return Err(Error::Usage(
                    "say the ruleset: --ruleset ID or [battle] ruleset = \"ID\"".into(),
                ))
            }
        },
    };
    if !ruleset.capabilities().scoring {
        let ids: Vec<&str> = scoring.iter().map(|r| r.id()).collect();
        return Err(Error::Usage(format!(
            "{} has no scoring; rulesets that score a battle: {}",
            ruleset.title(),
            ids.join(", ")
        )));
    }
    let engine = load_engine(ruleset, dirs, &mut sources)?;
    let scored = engine
        .ruleset()
        .need(engine.scoring(), "scoring")
        .and_then(|x| {
            x.score(Battle {
                sources: &mut sources,
                file,
                path: &args.file,
                // The result's words are the command line's (English) unless --lang says another.
                lang: match args.lang {
                    Some(_) => super::language(ruleset, args.lang, None)?,
                    None => super::named::cli_lang(ruleset),
                },
            })
        })?;
    match args.format {
        CheckFormat::Json => print_out(&to_json(&scored.json))?,
        CheckFormat::Text => print_out(&scored.text)?,
    }
    Ok(0)
}
