//! What each unit of a list was priced with, kept in the list like a lockfile: its cost, the
//! values of its sheet or entry a player reads on its card, and a short fingerprint of the
//! other values that matter (`priced = { cost = 114, courage = 7, …, fingerprint = "…" }` in
//! the unit's table). `muster check` says when today's data price a unit otherwise
//! ([`DATA_CHANGED`]), `muster list update` and the builder's button accept today's data
//! ([`update`]), and every edit records the units that have no record yet ([`record`]): an
//! edit never accepts a change of the data by itself.
//!
//! Each ruleset says what matters ([`Lists::pricing`](super::Lists::pricing)); the rest is here.

use serde::Serialize;
use toml_edit::{DocumentMut, InlineTable, Item, Value};

pub use super::pricing::{fingerprint, KeptValue, Pricing};
pub use super::record::{Kept, Priced};
use super::{list_doc, ListCheck, Lists, Rules, Ruleset, UnitRow};
use crate::core::diagnostic::{self, Severity};
use crate::core::error::Error;
use crate::core::i18n::Lang;
use crate::core::rule::Rule;
use crate::core::source::{Seg, Sources};

/// The key of a unit's record in its table.
pub const KEY: &str = "priced";

/// A unit whose data changed since the list recorded what it was priced with.
pub const DATA_CHANGED: Rule = Rule {
    code: "data-changed",
    severity: Severity::Warning,
    section: "",
    summary:
        "a list keeps what each unit was priced with, and says when the data price it otherwise",
};

/// A value of a unit's record that the data say otherwise today.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValueChange {
    pub key: String,
    /// The player's word for it, in English.
    pub word: String,
    pub was: Kept,
    pub now: Kept,
}

/// How the data changed for one unit of a list since it was priced.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// 1-based.
    pub unit: usize,
    pub label: String,
    /// "sheet", "entry", …
    pub noun: &'static str,
    /// Its points when priced and today, when they differ.
    pub cost: Option<(u64, u64)>,
    pub values: Vec<ValueChange>,
    /// Values the list does not keep changed too (or only they did): the fingerprint differs.
    pub more: bool,
}

impl Change {
    /// What changed, in the player's words: "114 → 138 points; courage 7 → 8", or "its
    /// sheet changed" when only values the list does not keep did.
    pub fn words(&self) -> String {
        self.words_in(&toml::Table::new())
    }

    /// [`Change::words`] in the language of a ruleset's `labels`: `priced_points`,
    /// `priced_<key>` for each value, `priced_changed`, `priced_more`, `priced_sep`; English
    /// where they have none.
    pub fn words_in(&self, labels: &toml::Table) -> String {
        self.words_named(labels, &|_, _| None)
    }

    /// [`Change::words_in`], a value of text named by `name` (its key, the value) where the
    /// data name it ([`Lists::kept_name`](super::Lists::kept_name): a quality "veteran" is "vétérans" in French).
    pub fn words_named(
        &self,
        labels: &toml::Table,
        name: &dyn Fn(&str, &str) -> Option<String>,
    ) -> String {
        let word = |key: &str, english: String| {
            labels
                .get(key)
                .and_then(|v| v.as_str())
                .map_or(english, str::to_owned)
        };
        let mut parts: Vec<String> = Vec::new();
        if let Some((was, now)) = self.cost {
            let points = word("priced_points", "points".to_owned());
            parts.push(format!("{was} → {now} {points}"));
        }
        let value = |key: &str, v: &Kept| match v {
            Kept::Text(t) => name(key, t).unwrap_or_else(|| t.clone()),
            Kept::Number(n) => n.to_string(),
        };
        for v in &self.values {
            let said = word(&format!("priced_{}", v.key), v.word.clone());
            parts.push(format!(
                "{said} {} → {}",
                value(&v.key, &v.was),
                value(&v.key, &v.now)
            ));
        }
        if parts.is_empty() {
            return word("priced_changed", format!("its {} changed", self.noun));
        }
        let mut said = parts.join(&word("priced_sep", "; ".to_owned()));
        // With the points changed, the fingerprint changes with the costs: nothing more to say.
        if self.more && self.cost.is_none() {
            said.push_str(&word("priced_sep", "; ".to_owned()));
            said.push_str(&word(
                "priced_more",
                format!("and more of its {}", self.noun),
            ));
        }
        said
    }
}

/// How a unit's record compares with what the data price it with today: `None` when the data
/// did not change (its points may differ: the list itself changed).
pub fn compare(unit: usize, row: &UnitRow, was: &Priced, now: &Pricing) -> Option<Change> {
    let mut values = Vec::new();
    for k in &now.kept {
        if let Some(old) = was.values.get(k.key) {
            if *old != k.value {
                values.push(ValueChange {
                    key: k.key.to_owned(),
                    word: k.word.to_owned(),
                    was: old.clone(),
                    now: k.value.clone(),
                });
            }
        }
    }
    let more = was.fingerprint != now.fingerprint;
    if values.is_empty() && !more {
        return None;
    }
    let cost = was.cost.filter(|a| *a != row.cost).map(|a| (a, row.cost));
    Some(Change {
        unit,
        label: row.label.clone(),
        noun: now.noun,
        cost,
        values,
        more,
    })
}

/// What the data price each unit of a list with, worked out once for each sheet or entry the
/// list names (a list of 40 units has a dozen): `pricing` depends on the unit's id alone.
struct Prices<'a> {
    lists: &'a dyn Lists,
    known: std::collections::HashMap<String, Option<Pricing>>,
    /// What the same data priced before, when kept ([`PriceMemo`]).
    memo: Option<&'a PriceMemo>,
}

impl<'a> Prices<'a> {
    fn new(lists: &'a dyn Lists, memo: Option<&'a PriceMemo>) -> Self {
        Prices {
            lists,
            known: std::collections::HashMap::new(),
            memo,
        }
    }

    fn of(&mut self, row: &UnitRow) -> Option<&Pricing> {
        if !self.known.contains_key(&row.id) {
            let p = match self.memo {
                Some(memo) => memo.of(self.lists, row),
                None => self.lists.pricing(row),
            };
            self.known.insert(row.id.clone(), p);
        }
        self.known.get(&row.id).and_then(Option::as_ref)
    }
}

/// What one load of a ruleset's data prices each sheet or entry with, by id, kept as long as
/// that load is ([`crate::ops::ready::Ready`], `muster serve`'s): `pricing` depends on the
/// data and the unit's id alone, and the data of a load never change (a change on disk is
/// read as a new load, with a new memo). Only the load that made it may read it: its owner
/// hands it out with its own engine, never apart.
#[derive(Default)]
pub struct PriceMemo(std::sync::Mutex<std::collections::HashMap<String, Option<Pricing>>>);

impl PriceMemo {
    fn of(&self, lists: &dyn Lists, row: &UnitRow) -> Option<Pricing> {
        if let Some(p) = self.kept().get(&row.id) {
            return p.clone();
        }
        let p = lists.pricing(row);
        self.kept().insert(row.id.clone(), p.clone());
        p
    }

    fn kept(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, Option<Pricing>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The units of a checked list whose data changed since they were priced, in list order.
pub fn changes(lists: &dyn Lists, check: &ListCheck) -> Vec<Change> {
    changes_kept(lists, check, None)
}

/// [`changes`], the prices read from `memo` (what the same data priced before) when given.
pub fn changes_kept(lists: &dyn Lists, check: &ListCheck, memo: Option<&PriceMemo>) -> Vec<Change> {
    let mut prices = Prices::new(lists, memo);
    check
        .units
        .iter()
        .enumerate()
        .filter_map(|(i, row)| {
            let was = row.priced.as_ref()?;
            compare(i + 1, row, was, prices.of(row)?)
        })
        .collect()
}

/// Adds to a list's check a [`DATA_CHANGED`] warning for each unit whose data changed since it
/// was priced, at its record. A unit whose sheet is gone has the ruleset's own error instead.
pub fn notice(
    lists: &dyn Lists,
    sources: &Sources,
    check: &mut ListCheck,
    memo: Option<&PriceMemo>,
) {
    let found = changes_kept(lists, check, memo);
    if found.is_empty() {
        return;
    }
    use crate::core::words::Phrase;
    let name = sources.name(check.file);
    let ruleset = check.ruleset;
    let said = |c: &Change| change_named(ruleset, Some(lists), c);
    for c in found {
        // At the first value the data now say otherwise: its points, a value, the fingerprint.
        let (key, recorded) = match (c.cost, c.values.first()) {
            (Some((was, _)), _) => (
                "cost".to_owned(),
                Phrase::new("data-changed-priced", "priced at {was|# point|# points}")
                    .count("was", was),
            ),
            (None, Some(v)) => (
                v.key.clone(),
                Phrase::new("data-changed-value", "{word} {was} when priced")
                    .label("word", format!("priced_{}", v.key), v.word.clone())
                    .text(
                        "was",
                        match &v.was {
                            Kept::Text(t) => t.clone(),
                            Kept::Number(n) => n.to_string(),
                        },
                    ),
            ),
            (None, None) => (
                "fingerprint".to_owned(),
                Phrase::new("data-changed-fingerprint", "its {noun} when priced").label(
                    "noun",
                    format!("priced_noun_{}", c.noun),
                    c.noun,
                ),
            ),
        };
        let record = [Seg::Key("units"), Seg::Index(c.unit - 1), Seg::Key(KEY)];
        let at = check
            .spans
            .span(&[record[0], record[1], record[2], Seg::Key(&key)])
            .or_else(|| check.spans.span(&record));
        check.diagnostics.push(
            DATA_CHANGED
                .say(
                    "",
                    Phrase::new(
                        "data-changed",
                        "the data changed for unit {unit} ({name}): {what}",
                    )
                    .count("unit", c.unit)
                    .name("name", unit_name(check, &c))
                    .name("what", said(&c)),
                )
                .at(check.file, at)
                .with_label_said(recorded)
                .with_note_said(
                    Phrase::new(
                        "data-changed-help",
                        "help: to accept today's data: muster list update {file}",
                    )
                    .text("file", crate::core::text::one_line(&name)),
                ),
        );
    }
    diagnostic::sort(&mut check.diagnostics);
}

/// What changed for a unit, in each language the ruleset prints in (its labels, the data's
/// names).
pub fn change_named(
    ruleset: Ruleset,
    lists: Option<&dyn Lists>,
    c: &Change,
) -> crate::core::words::Named {
    let mut named = crate::core::words::Named::same(c.words());
    for l in ruleset.languages() {
        let text = c.words_named(ruleset.words(*l), &|key, value| {
            lists.and_then(|lists| lists.kept_name(key, value, *l))
        });
        match l {
            Lang::En => named.en = text,
            Lang::Fr => named.fr = Some(text),
            Lang::Es => named.es = Some(text),
        }
    }
    named
}

/// A unit of a list as sentences name it: the player's label, else its sheet's or entry's
/// name in each language the data give it.
pub fn unit_name(check: &ListCheck, c: &Change) -> crate::core::words::Named {
    use crate::core::words::Named;
    match check.units.get(c.unit.wrapping_sub(1)) {
        Some(row) if !row.own_label => {
            let by = |l: Lang| row.names.get(l).map(str::to_owned);
            Named::new(
                by(Lang::En).unwrap_or_else(|| c.label.clone()),
                by(Lang::Fr),
                by(Lang::Es),
            )
        }
        _ => Named::same(&c.label),
    }
}

/// A unit as the command line names it: the player's label, else its sheet's or entry's
/// English name (a list in French names its units in French).
fn english_label(row: &UnitRow) -> String {
    match row.names.get(Lang::En) {
        Some(en) if !row.own_label => en.to_owned(),
        _ => row.label.clone(),
    }
}

/// The ruleset's check of a list document as it stands (`path` names it): what its units
/// are, cost and were priced with (what the records are written from; a check's notices of
/// changed data are not read).
fn check_doc(
    engine: &Rules,
    path: &std::path::Path,
    doc: &DocumentMut,
) -> Result<ListCheck, Error> {
    let lists = engine.ruleset().need(engine.lists(), "army lists")?;
    let mut sources = Sources::new();
    let id = sources.add(path, doc.to_string());
    lists.check_list(&sources, id).map_err(|d| {
        Error::Usage(format!(
            "{} would not be a valid list file: {}",
            path.display(),
            d.message
        ))
    })
}

/// A record as the list writes it: one inline table, its cost first and its fingerprint last.
fn record_value(p: &Priced, order: &[KeptValue]) -> Item {
    let mut t = InlineTable::new();
    if let Some(c) = p.cost {
        t.insert("cost", Value::from(i64::try_from(c).unwrap_or(i64::MAX)));
    }
    for k in order {
        if let Some(v) = p.values.get(k.key) {
            let v = match v {
                Kept::Number(n) => Value::from(*n),
                Kept::Text(s) => Value::from(s.as_str()),
            };
            t.insert(k.key, v);
        }
    }
    t.insert("fingerprint", Value::from(p.fingerprint.as_str()));
    Item::Value(Value::InlineTable(t))
}

/// Writes unit `index`'s (1-based) record, keeping the key's place and comments.
fn write_record(
    doc: &mut DocumentMut,
    index: usize,
    p: &Priced,
    order: &[KeptValue],
) -> Result<(), Error> {
    let record = record_value(p, order);
    // A unit written inline (`units = [{ … }]`) takes its record before its closing brace,
    // where the space before that brace was.
    if let Some(Item::Value(Value::Array(units))) = doc.get_mut("units") {
        if let Some(Value::InlineTable(unit)) = index.checked_sub(1).and_then(|i| units.get_mut(i))
        {
            if !unit.contains_key(KEY) {
                let last = unit.iter_mut().last().map(|(_, v)| v);
                let space = last
                    .and_then(|v| {
                        let s = v
                            .decor()
                            .suffix()
                            .and_then(|s| s.as_str())
                            .map(str::to_owned);
                        v.decor_mut().set_suffix("");
                        s
                    })
                    .unwrap_or_else(|| " ".to_owned());
                if let Item::Value(mut v) = record {
                    v.decor_mut().set_prefix(" ");
                    v.decor_mut().set_suffix(space);
                    unit.insert(KEY, v);
                }
                return Ok(());
            }
        }
    }
    let unit = list_doc::unit_table_mut(doc, index)?;
    list_doc::set_item(unit, KEY, record);
    Ok(())
}

/// After an edit: each unit without a record gets one (lists written before records gain
/// theirs at their next edit); a record whose data did not change is brought up to date (its
/// points follow the list's own changes). A record whose data changed stays as it is: only
/// [`update`] accepts new data. Returns how many units were recorded for the first time.
pub fn record(
    engine: &Rules,
    path: &std::path::Path,
    doc: &mut DocumentMut,
) -> Result<usize, Error> {
    // A text that is no longer a list is refused where the edit is written, with its reasons.
    let Ok(check) = check_doc(engine, path, doc) else {
        return Ok(0);
    };
    record_checked(engine, &check, doc, None).map(|w| w.first)
}

/// The records an edit wrote ([`record_checked`]).
#[derive(Debug, Default)]
pub struct Written {
    /// How many units were recorded for the first time.
    pub first: usize,
    /// Each record written: its unit (1-based) and the record.
    pub records: Vec<(usize, Priced)>,
    /// Whether a record was moved to stay its unit's last key.
    pub moved: bool,
}

impl Written {
    /// Whether the document changed: a record written or moved.
    pub fn changed(&self) -> bool {
        self.moved || !self.records.is_empty()
    }
}

/// [`record`] given the check of `doc` as it stands (its units: what each is and costs, its
/// record), so that an edit checks its list once, and what its data priced before (`memo`).
pub fn record_checked(
    engine: &Rules,
    check: &ListCheck,
    doc: &mut DocumentMut,
    memo: Option<&PriceMemo>,
) -> Result<Written, Error> {
    let mut written = Written::default();
    let Some(lists) = engine.lists() else {
        return Ok(written);
    };
    let words = check.ruleset.list_words();
    let mut prices = Prices::new(lists, memo);
    for (i, row) in check.units.iter().enumerate() {
        // The record stays the unit's last key when an edit wrote a key after it.
        let unit = list_doc::unit_table_mut(doc, i + 1)?;
        if unit.contains_key(KEY)
            && unit
                .iter()
                .last()
                .is_some_and(|(k, _)| words.unit_keys.contains(&k))
        {
            list_doc::move_last(unit, KEY);
            written.moved = true;
        }
        let Some(now) = prices.of(row) else {
            continue;
        };
        let today = now.record(words.points.then_some(row.cost));
        match &row.priced {
            None => written.first += 1,
            Some(was) if compare(i + 1, row, was, now).is_some() => continue,
            Some(was) if *was == today => continue,
            Some(_) => {}
        }
        write_record(doc, i + 1, &today, &now.kept)?;
        written.records.push((i + 1, today));
    }
    Ok(written)
}

/// What `muster list update` (and the builder's button) accepted for one unit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Accepted {
    /// 1-based.
    pub unit: usize,
    pub label: String,
    /// What the data changed, when they did.
    pub change: Option<Change>,
    /// Its record before: `None` for a unit recorded for the first time.
    pub was_cost: Option<u64>,
    pub cost: Option<u64>,
    pub first: bool,
}

impl Accepted {
    /// "updated unit 3 (43rd Light): 114 → 138 points; courage 7 → 8", "recorded unit 4
    /// (Riflemen): 96 points".
    pub fn words(&self) -> String {
        let (verb, what) = match (&self.change, self.first) {
            (Some(c), _) => ("updated", c.words()),
            (None, true) => (
                "recorded",
                self.cost
                    .map_or_else(|| "today's data".to_owned(), |c| format!("{c} points")),
            ),
            (None, false) => (
                "updated",
                match (self.was_cost, self.cost) {
                    (Some(a), Some(b)) if a != b => {
                        format!("{a} → {b} points (the list changed, not the data)")
                    }
                    _ => "its record, in today's form (the data did not change)".to_owned(),
                },
            ),
        };
        format!("{verb} unit {} ({}): {what}", self.unit, self.label)
    }
}

/// A unit of a list whose record cannot be written: its sheet or entry is not in the data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unpriced {
    pub unit: usize,
    pub label: String,
    pub id: String,
}

/// Accepts today's data: every unit's record says what the data price it with now. Only the
/// records change (each in its place, comments kept). Returns what changed, unit by unit, and
/// the units the data cannot price (an unknown sheet: the check says which).
pub fn update(
    engine: &Rules,
    path: &std::path::Path,
    doc: &mut DocumentMut,
) -> Result<(Vec<Accepted>, Vec<Unpriced>), Error> {
    let check = check_doc(engine, path, doc)?;
    let points = check.ruleset.list_words().points;
    let lists = check.ruleset.need(engine.lists(), "army lists")?;
    let mut prices = Prices::new(lists, None);
    let mut accepted = Vec::new();
    let mut unpriced = Vec::new();
    for (i, row) in check.units.iter().enumerate() {
        let Some(now) = prices.of(row) else {
            unpriced.push(Unpriced {
                unit: i + 1,
                label: english_label(row),
                id: row.id.clone(),
            });
            continue;
        };
        let today = now.record(points.then_some(row.cost));
        if row.priced.as_ref() == Some(&today) {
            continue;
        }
        accepted.push(Accepted {
            unit: i + 1,
            label: english_label(row),
            change: row
                .priced
                .as_ref()
                .and_then(|was| compare(i + 1, row, was, now)),
            was_cost: row.priced.as_ref().and_then(|p| p.cost),
            cost: today.cost,
            first: row.priced.is_none(),
        });
        write_record(doc, i + 1, &today, &now.kept)?;
    }
    Ok((accepted, unpriced))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn fingerprint_ignores_key_order_and_absent_values() {
        let a = serde_json::json!({"a": 1, "b": [1, 2], "c": null, "d": false, "e": []});
        let b = serde_json::json!({"b": [1, 2], "a": 1});
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_eq!(fingerprint(&a).len(), 8);
        let c = serde_json::json!({"b": [2, 1], "a": 1});
        assert_ne!(fingerprint(&a), fingerprint(&c));
        let d = serde_json::json!({"b": [1, 2], "a": 1, "d": true});
        assert_ne!(fingerprint(&a), fingerprint(&d));
    }

    #[test]
    fn a_fingerprint_is_stable_across_builds() {
        // Lists keep it: a change of the hash would say every list's data changed.
        // FNV-1a of `{"points":12,"weapon":"musket"}`, worked out apart.
        assert_eq!(
            fingerprint(&serde_json::json!({"weapon": "musket", "points": 12})),
            "5b80a392"
        );
        assert_eq!(fingerprint(&serde_json::json!({})), "bd645122");
    }

    fn change(cost: Option<(u64, u64)>, values: &[(&str, i64, i64)], more: bool) -> Change {
        Change {
            unit: 3,
            label: "43rd Light".into(),
            noun: "sheet",
            cost,
            values: values
                .iter()
                .map(|(w, a, b)| ValueChange {
                    key: (*w).to_owned(),
                    word: (*w).to_owned(),
                    was: Kept::Number(*a),
                    now: Kept::Number(*b),
                })
                .collect(),
            more,
        }
    }

    /// A unit's table as the list file holds it: only its record is read here.
    #[derive(Deserialize)]
    struct Unit {
        priced: Option<Priced>,
    }

    #[derive(Deserialize)]
    struct List {
        units: Vec<Unit>,
    }

    fn kept() -> impl proptest::strategy::Strategy<Value = Kept> {
        use proptest::prelude::*;
        prop_oneof![
            any::<i64>().prop_map(Kept::Number),
            any::<String>().prop_map(Kept::Text),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 300,
            failure_persistence: None,
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// A record written into a list, as a table's key or inside a unit written inline,
        /// reads back as the same record, whatever its texts hold (quotes, backslashes, line
        /// breaks, any character).
        #[test]
        fn a_record_reads_back_as_written(
            cost in proptest::option::of(0..=super::super::record::MAX_COST),
            values in proptest::collection::btree_map("[a-z][a-z_]{0,11}", kept(), 0..12),
            fingerprint in "[0-9a-f]{8}",
        ) {
            proptest::prop_assume!(!values.contains_key("cost") && !values.contains_key("fingerprint"));
            let record = Priced { cost, values, fingerprint };
            let order: Vec<KeptValue> = record
                .values
                .iter()
                .map(|(k, v)| KeptValue {
                    key: Box::leak(k.clone().into_boxed_str()),
                    word: "",
                    value: v.clone(),
                })
                .collect();
            for text in [
                "# a comment\n[[units]]\nsheet = \"x\"  # its sheet\n",
                "units = [{ sheet = \"x\" }, { sheet = \"y\", figures = 6 }]\n",
            ] {
                let mut doc: DocumentMut = text.parse().unwrap();
                write_record(&mut doc, 1, &record, &order).unwrap();
                let written = doc.to_string();
                let read: List = toml::from_str(&written)
                    .unwrap_or_else(|e| panic!("{e}\n{written}"));
                proptest::prop_assert_eq!(read.units[0].priced.as_ref(), Some(&record), "{}", written);
                proptest::prop_assert!(written.starts_with(text.split("sheet").next().unwrap()));
                // Written twice, the record is left as it was.
                write_record(&mut doc, 1, &record, &order).unwrap();
                proptest::prop_assert_eq!(doc.to_string(), written);
            }
        }
    }

    #[test]
    fn changes_in_words() {
        assert_eq!(
            change(Some((114, 138)), &[("courage", 7, 8)], true).words(),
            "114 → 138 points; courage 7 → 8"
        );
        assert_eq!(change(None, &[], true).words(), "its sheet changed");
        assert_eq!(
            change(None, &[("courage", 7, 8)], true).words(),
            "courage 7 → 8; and more of its sheet"
        );
        assert_eq!(
            change(None, &[("courage", 7, 8)], false).words(),
            "courage 7 → 8"
        );
    }

    /// A value of text in the page's language where the data name it (the French page said
    /// "qualité veteran → elite" before).
    #[test]
    fn values_of_text_named_in_the_pages_language() {
        let mut c = change(None, &[], false);
        c.values.push(ValueChange {
            key: "quality".into(),
            word: "quality".into(),
            was: Kept::Text("veteran".into()),
            now: Kept::Text("elite".into()),
        });
        let labels: toml::Table = toml::from_str("priced_quality = \"qualité\"").unwrap();
        let name = |key: &str, v: &str| match (key, v) {
            ("quality", "veteran") => Some("vétérans".to_owned()),
            ("quality", "elite") => Some("élite".to_owned()),
            _ => None,
        };
        assert_eq!(c.words_named(&labels, &name), "qualité vétérans → élite");
        assert_eq!(c.words_in(&labels), "qualité veteran → elite");
    }
}
