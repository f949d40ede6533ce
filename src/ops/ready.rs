//! A ruleset's data kept loaded by a process that lives on (`muster serve`): the engine, the
//! sources its data was read into, the fingerprint of the data's folders when it was read,
//! and the ruleset's words and templates, each read once and kept with the data.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use toml_edit::DocumentMut;

use crate::core::diagnostic::{self, Diagnostic};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::source::{FileId, Sources};
use crate::core::stamp::Stamp;
use crate::render::templates::Templates;
use crate::rulesets::priced::{self, PriceMemo};
use crate::rulesets::Rules;
use crate::rulesets::{ListCheck, Offers, Ruleset};

/// A ruleset's engine with the sources its data was read into (list diagnostics may point
/// into them), as the data were on disk when read.
pub struct Ready {
    pub engine: Rules,
    pub sources: Sources,
    stamp: Stamp,
    /// The labels of each language asked for, read from the ruleset's labels once.
    words: Mutex<HashMap<Lang, Arc<toml::Table>>>,
    /// The templates asked for (each set of names parsed once).
    templates: Mutex<HashMap<Vec<&'static str>, Arc<Templates>>>,
    /// What these data price each sheet or entry with, worked out once (an edit's records,
    /// a view's data changes): read only with this engine ([`Ready::record`],
    /// [`Ready::data_changes`]).
    prices: PriceMemo,
    /// The last lists' texts checked by edits, unfolded, kept with what they were checked as
    /// ([`Ready::check_kept`]) and, for a text an edit wrote, the document it wrote it from
    /// ([`Ready::take_document`]).
    kept: Mutex<Vec<Kept>>,
    /// The offers the last views gave pages, by the tag each view named them with
    /// ([`Ready::hold_offers`]): what an edit's answer need not send again.
    held: Mutex<Vec<(u64, Offers)>>,
    /// What the last lists' armies are in words, by their header's text and language
    /// ([`Ready::described`]).
    described: Mutex<Vec<(Header, Vec<String>)>>,
    /// How many lists these data checked ([`Ready::checks_made`]).
    checks: std::sync::atomic::AtomicUsize,
}

/// A list's text before its units and a language: what its army's words are kept by.
type Header = (String, Lang);

/// How many checks [`Ready::check_kept`] keeps, and how many offers [`Ready::hold_offers`]:
/// the lists a few players edit at once.
const KEPT: usize = 8;

/// The largest list text whose editor's document is kept for its next edit
/// ([`Ready::take_document`]): a document takes many times its text in memory, and a larger
/// list (a hand-written one: a page's lists are a few KiB) is parsed again at its next edit.
pub const KEPT_DOCUMENT_BYTES: usize = 256 * 1024;

/// The tag of the next offers a view gives ([`Ready::hold_offers`]), unique in the process.
static NEXT_TAG: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// Where a list's text is read: its file `path`, named `name` in messages, what it names read
/// only within `roots` (when given).
#[derive(Debug, Clone, PartialEq)]
pub struct ListAt {
    pub roots: Option<Vec<PathBuf>>,
    pub path: PathBuf,
    pub name: String,
}

/// What a check was asked for: a list's text and where it is read. Over the same data, a check
/// that reads no other file depends on nothing else.
struct Asked {
    at: ListAt,
    text: String,
}

/// A check kept ([`Ready::check_kept`]), with the document an edit wrote its text from
/// ([`Ready::keep`]): the next edit of that text starts from it instead of parsing the text.
struct Kept {
    asked: Asked,
    checked: Arc<Checked>,
    doc: Option<DocumentMut>,
}

impl Asked {
    fn is(&self, at: &ListAt, text: &str) -> bool {
        self.text == text && self.at == *at
    }
}

/// Why a text is no list file, and where in it (line, column) when the reason points there.
pub type NotAList = (Diagnostic, Option<(usize, usize)>);

/// A list's text checked over the data.
#[derive(Clone)]
pub struct Checked {
    /// The data's sources and the list's.
    pub sources: Sources,
    pub file: FileId,
    pub check: ListCheck,
}

/// The folders a ruleset's data is read from: the `<id>/` folder of each data layer, there
/// or not (a player's folder made after start is seen once it is).
pub fn data_folders(ruleset: Ruleset, dirs: &[PathBuf]) -> Vec<PathBuf> {
    dirs.iter().map(|d| d.join(ruleset.id())).collect()
}

/// The fingerprint of a ruleset's data folders as they are now.
pub fn data_stamp(ruleset: Ruleset, dirs: &[PathBuf]) -> Stamp {
    Stamp::of(&data_folders(ruleset, dirs))
}

impl Ready {
    /// Loads a ruleset's data (any error in it stops, as for a command), `stamp` being the
    /// fingerprint of its folders taken before reading them: a file changed while they are
    /// read is seen by the next comparison.
    pub fn load(ruleset: Ruleset, dirs: &[PathBuf], stamp: Stamp) -> Result<Ready, Error> {
        let mut sources = Sources::new();
        let engine = super::load_engine(ruleset, dirs, &mut sources)?;
        Ok(Ready {
            engine,
            sources,
            stamp,
            words: Mutex::default(),
            templates: Mutex::default(),
            prices: PriceMemo::default(),
            kept: Mutex::default(),
            held: Mutex::default(),
            described: Mutex::default(),
            checks: Default::default(),
        })
    }

    /// The offers a page holds under `tag` (the `offers_tag` of the view it read them in),
    /// as this load last gave them under it; `None` once forgotten (a tag of another load,
    /// of another run, or one of the oldest).
    pub fn offers_held(&self, tag: u64) -> Option<Offers> {
        let held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        held.iter().find(|(t, _)| *t == tag).map(|(_, o)| o.clone())
    }

    /// Keeps `offers` as a page holds them once a view gave them: under `tag` (the page
    /// patched its offers of that tag with their counts), else under a new tag. Returns the
    /// tag. A clone of offers is cheap: each offer is shared.
    pub fn hold_offers(&self, tag: Option<u64>, offers: &Offers) -> u64 {
        let tag =
            tag.unwrap_or_else(|| NEXT_TAG.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        held.retain(|(t, _)| *t != tag);
        if held.len() >= KEPT {
            held.remove(0);
        }
        held.push((tag, offers.clone()));
        tag
    }

    /// What the army of the list `text` is, in words (its header's choices by their names in
    /// `lang`: [`crate::rulesets::list_fields::described`]), read once for each header's text
    /// when `labels` are this load's words in `lang` (an edit of a unit leaves the header as
    /// it was).
    pub fn described(&self, text: &str, lang: Lang, labels: &toml::Table) -> Vec<String> {
        use crate::rulesets::list_fields;
        if !std::ptr::eq(labels, &*self.words(lang)) {
            return list_fields::described(&self.engine, text, lang, labels);
        }
        // Those of a list that begins with the same text, if kept: that text holds its header.
        if let Some(part) = list_fields::header_part(text) {
            let kept = self.described.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, words)) = kept.iter().find(|((h, l), _)| h == part && *l == lang) {
                return words.clone();
            }
        }
        let (words, from) = list_fields::described_from(&self.engine, text, lang, labels);
        if let Some(part) = from {
            let mut kept = self.described.lock().unwrap_or_else(|e| e.into_inner());
            if kept.len() >= KEPT {
                kept.remove(0);
            }
            kept.push(((part.to_owned(), lang), words.clone()));
        }
        words
    }

    /// How many lists these data checked since they were loaded (what an edit or a view
    /// costs, in checks).
    pub fn checks_made(&self) -> usize {
        self.checks.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Whether the data was read as `now` fingerprints it.
    pub fn is_current(&self, now: Stamp) -> bool {
        self.stamp == now
    }

    /// The ruleset's labels in `lang` (its labels.toml and messages, falling back to
    /// French), read once.
    pub fn words(&self, lang: Lang) -> Arc<toml::Table> {
        let mut words = self.words.lock().unwrap_or_else(|e| e.into_inner());
        words
            .entry(lang)
            .or_insert_with(|| {
                Arc::new(
                    Templates::load(self.engine.ruleset().templates(), None, &[])
                        .map(|t| t.labels(lang.id()))
                        .unwrap_or_default(),
                )
            })
            .clone()
    }

    /// The ruleset's built-in templates `names`, parsed once.
    pub fn templates(&self, names: &[&'static str]) -> Result<Arc<Templates>, Error> {
        let mut kept = self.templates.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = kept.get(names) {
            return Ok(t.clone());
        }
        let t = Arc::new(Templates::load(
            self.engine.ruleset().templates(),
            None,
            names,
        )?);
        kept.insert(names.to_vec(), t.clone());
        Ok(t)
    }

    /// [`priced::record_checked`]: what each unit of `doc` (checked as `check`) is priced
    /// with, recorded, the prices read from what these data priced before.
    pub fn record(
        &self,
        check: &ListCheck,
        doc: &mut DocumentMut,
    ) -> Result<priced::Written, Error> {
        priced::record_checked(self.engine.as_ref(), check, doc, Some(&self.prices))
    }

    /// [`priced::changes`]: the units of `check` whose data changed since they were priced,
    /// the prices read from what these data priced before.
    pub fn data_changes(&self, check: &ListCheck) -> Vec<priced::Change> {
        self.engine
            .lists()
            .map(|lists| priced::changes_kept(lists, check, Some(&self.prices)))
            .unwrap_or_default()
    }

    /// Checks a list's `text`, read `at` its place, over the data; one mistake repeated along
    /// a line is reported once, with a count. `Err` when the text is no list file: why, and
    /// where in it (line, column) when the reason points there.
    pub fn check(&self, at: &ListAt, text: String) -> Result<Checked, NotAList> {
        let mut checked = self.check_unfolded(at, text)?;
        checked.fold();
        Ok(checked)
    }

    /// [`Ready::check`], the list's unfolded check also kept for its next edit
    /// ([`Ready::check_kept`]): a page's view of the list, which its edits start from (the
    /// first edit after the page opened checks only its own text).
    pub fn check_for_edits(&self, at: &ListAt, text: String) -> Result<Checked, NotAList> {
        let kept = Arc::new(self.check_unfolded(at, text)?);
        let mut checked = Checked::clone(&kept);
        self.keep(at, kept.sources.text(kept.file), kept.clone(), None);
        checked.fold();
        Ok(checked)
    }

    /// [`Ready::check`] with each mistake said as often as it is made (as an edit compares
    /// two checks: [`crate::ops::edit::same_list`]); [`Checked::fold`] folds them.
    pub fn check_unfolded(&self, at: &ListAt, text: String) -> Result<Checked, NotAList> {
        self.checks
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut sources = self.sources.clone();
        if let Some(roots) = &at.roots {
            sources.confine(roots.clone());
        }
        let file = sources.add_named(&at.path, &at.name, text);
        let check = crate::rulesets::check_list_priced(
            self.engine.ruleset(),
            self.engine.lists(),
            &sources,
            file,
            Some(&self.prices),
        )
        .map_err(|d| {
            let at = d.line_column(&sources);
            (d, at)
        })?;
        Ok(Checked {
            sources,
            file,
            check,
        })
    }

    /// [`Ready::check_unfolded`], the check of a text this load's edits checked before read
    /// from those kept ([`Ready::keep`]) instead of made again. A check that read any file
    /// besides the list (a career it names, which may change on disk) is never kept.
    pub fn check_kept(&self, at: &ListAt, text: &str) -> Result<Arc<Checked>, NotAList> {
        if let Some(c) = self.kept_of(at, text) {
            return Ok(c);
        }
        let checked = Arc::new(self.check_unfolded(at, text.to_owned())?);
        self.keep(at, text, checked.clone(), None);
        Ok(checked)
    }

    /// Keeps `checked`, the unfolded check of `text` read `at` its place
    /// ([`Ready::check_unfolded`]), for [`Ready::check_kept`]; with `doc`, the document an
    /// edit wrote `text` from (its TOML, `text` aside from a byte-order mark and CRLF line
    /// endings), for [`Ready::take_document`], when `text` is at most
    /// [`KEPT_DOCUMENT_BYTES`].
    pub fn keep(&self, at: &ListAt, text: &str, checked: Arc<Checked>, doc: Option<DocumentMut>) {
        // Only the data's files and the list's: nothing read that may change apart.
        if checked.sources.len() != self.sources.len() + 1 || checked.sources.names_apart() {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.retain(|k| !k.asked.is(at, text));
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push(Kept {
            asked: Asked {
                at: at.clone(),
                text: text.to_owned(),
            },
            checked,
            doc: doc.filter(|_| text.len() <= KEPT_DOCUMENT_BYTES),
        });
    }

    /// The document an edit wrote `text` (read `at` its place) from, kept with its check
    /// ([`Ready::keep`]): taken, as the edit that asks for it changes it. The same document
    /// as `text` parsed: an edit made on either writes the same text (property tested).
    pub fn take_document(&self, at: &ListAt, text: &str) -> Option<DocumentMut> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter_mut()
            .find(|k| k.asked.is(at, text))
            .and_then(|k| k.doc.take())
    }

    fn kept_of(&self, at: &ListAt, text: &str) -> Option<Arc<Checked>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter()
            .find(|k| k.asked.is(at, text))
            .map(|k| k.checked.clone())
    }
}

impl Checked {
    /// One mistake repeated along a line reported once, with a count.
    pub fn fold(&mut self) {
        diagnostic::fold(&mut self.check.diagnostics, &self.sources);
    }
}
