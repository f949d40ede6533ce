//! Sentences in the player's language: a [`Phrase`] is a message's key, its English template
//! and its values; said in another language, its template comes from the labels
//! (`msg_<key>`). One formatter serves every message of every ruleset: numbers are written as
//! the language writes them and a noun agrees with its count (`{n|# battery|# batteries}`).
//!
//! A template is text with holes:
//! - `{name}`: the value `name` (a number as the language writes it, a name in the language);
//! - `{n|one|other}`: the form that agrees with the count `n` in the language (French says
//!   "0 figurine", English "0 figures"); `#` in a form is the count.
//!
//! English templates are written where the message is made (the code's words, like gettext's
//! message ids); the others are data, in each ruleset's `labels.toml`, and shared ones in
//! `templates/messages.toml`.

use crate::core::i18n::Lang;

/// The words of every ruleset: how a diagnostic cites a rule, "did you mean", the summary.
const SHARED: &str = include_str!("../../templates/messages.toml");

/// A value said in a sentence.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A count: written as the language writes numbers; forms agree with it.
    Count(i64),
    /// Said as is in every language: what the player wrote, a file name.
    Text(String),
    /// A name with one text per language (the data's names); English when a language has none.
    Name(Named),
    /// A word of the labels (`key`), English given.
    Label { key: String, en: String },
    /// A phrase said inside this one (a list of reasons, a rule's summary).
    Phrase(Box<Phrase>),
}

/// A name in each language the data gives it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Named {
    pub en: String,
    pub fr: Option<String>,
    pub es: Option<String>,
}

impl Named {
    pub fn new(en: impl Into<String>, fr: Option<String>, es: Option<String>) -> Self {
        Self {
            en: en.into(),
            fr,
            es,
        }
    }

    /// The same text in every language (a proper name, what the player wrote).
    pub fn same(text: impl Into<String>) -> Self {
        let text = text.into();
        Self::new(text.clone(), Some(text.clone()), Some(text))
    }

    pub fn get(&self, lang: Lang) -> &str {
        let other = match lang {
            Lang::En => None,
            Lang::Fr => self.fr.as_deref(),
            Lang::Es => self.es.as_deref(),
        };
        other.unwrap_or(&self.en)
    }
}

impl From<&crate::core::i18n::FrEn> for Named {
    /// A label of a ruleset printed in French and English (Spanish falls back to French).
    fn from(n: &crate::core::i18n::FrEn) -> Self {
        Named::new(&n.en, Some(n.fr.clone()), None)
    }
}

/// A message: its key (`msg_<key>` in the labels), its English template and its values.
#[derive(Debug, Clone, PartialEq)]
pub struct Phrase {
    pub key: &'static str,
    pub en: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A phrase in a report a program reads (`--format json`) is its English: the same in every
/// language the text is said in.
impl serde::Serialize for Phrase {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.english())
    }
}

impl std::fmt::Display for Phrase {
    /// In English (errors, the command line's own words).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english())
    }
}

/// Where a language's templates and words are looked up.
pub trait Words {
    fn word(&self, key: &str) -> Option<&str>;
}

impl Words for toml::Table {
    fn word(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(|v| v.as_str())
    }
}

/// No words: every phrase said in English.
pub struct English;

impl Words for English {
    fn word(&self, _: &str) -> Option<&str> {
        None
    }
}

/// The shared words of a language (`templates/messages.toml`), parsed once.
pub fn shared(lang: Lang) -> &'static toml::Table {
    static TABLES: std::sync::OnceLock<[toml::Table; 3]> = std::sync::OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        // Compiled in and read by a test: a mistake in it fails every build's tests.
        let all: toml::Table = toml::from_str(SHARED).unwrap_or_default();
        Lang::ALL.map(|l| {
            all.get(l.id())
                .and_then(|t| t.as_table())
                .cloned()
                .unwrap_or_default()
        })
    });
    &tables[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)]
}

/// A ruleset's words for a language, then the shared ones.
pub struct Layered<'a> {
    pub own: &'a dyn Words,
    pub lang: Lang,
}

impl Words for Layered<'_> {
    fn word(&self, key: &str) -> Option<&str> {
        self.own.word(key).or_else(|| shared(self.lang).word(key))
    }
}

impl Phrase {
    /// A phrase of `key` (letters, digits and `-`: a bare key of the TOML that holds its
    /// templates, `msg_<key>`) and its English template.
    pub fn new(key: &'static str, en: &'static str) -> Self {
        debug_assert!(
            key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
            "phrase key {key:?}: letters, digits and - only"
        );
        Self {
            key,
            en,
            args: Vec::new(),
        }
    }

    /// A text said as it is in every language (a name the data gives in one language).
    pub fn as_is(text: impl Into<String>) -> Self {
        Self::new("as-is", "{text}").text("text", text)
    }

    /// A count (forms agree with it).
    pub fn count(mut self, name: &'static str, n: impl TryInto<i64>) -> Self {
        let n = n.try_into().unwrap_or(i64::MAX);
        self.args.push((name, Arg::Count(n)));
        self
    }

    /// Text said as is in every language.
    pub fn text(mut self, name: &'static str, text: impl Into<String>) -> Self {
        self.args.push((name, Arg::Text(text.into())));
        self
    }

    /// A name in each language.
    pub fn name(mut self, name: &'static str, named: Named) -> Self {
        self.args.push((name, Arg::Name(named)));
        self
    }

    /// The value `name` a name in each language, in place of the one it had: a page names
    /// the units a phrase made for the command line calls "A" and "B".
    pub fn named(mut self, name: &'static str, named: Named) -> Self {
        self.args.retain(|(n, _)| *n != name);
        self.name(name, named)
    }

    /// A word of the labels, `en` in English.
    pub fn label(
        mut self,
        name: &'static str,
        key: impl Into<String>,
        en: impl Into<String>,
    ) -> Self {
        self.args.push((
            name,
            Arg::Label {
                key: key.into(),
                en: en.into(),
            },
        ));
        self
    }

    /// A phrase said inside this one.
    pub fn phrase(mut self, name: &'static str, phrase: Phrase) -> Self {
        self.args.push((name, Arg::Phrase(Box::new(phrase))));
        self
    }

    /// The phrase in English.
    pub fn english(&self) -> String {
        self.say(Lang::En, &English)
    }

    /// The phrase in `lang`: its template from `words` (English's is the phrase's own), else
    /// the English one.
    pub fn say(&self, lang: Lang, words: &dyn Words) -> String {
        let template = self.template(lang, words).unwrap_or(self.en);
        fill(template, lang, words, &self.args)
    }

    fn template<'a>(&'a self, lang: Lang, words: &'a dyn Words) -> Option<&'a str> {
        if lang == Lang::En {
            return Some(self.en);
        }
        let key = format!("msg_{}", self.key);
        words.word(&key)
    }

    /// The keys this phrase (and those inside it) has no template for in `lang`, and the
    /// labels its values name that `words` lacks.
    pub fn missing(&self, lang: Lang, words: &dyn Words) -> Vec<String> {
        let mut out = Vec::new();
        if self.template(lang, words).is_none() {
            out.push(format!("msg_{}", self.key));
        }
        for (_, a) in &self.args {
            match a {
                Arg::Phrase(p) => out.extend(p.missing(lang, words)),
                Arg::Label { key, .. } if lang != Lang::En && words.word(key).is_none() => {
                    out.push(key.clone())
                }
                Arg::Name(n) if lang != Lang::En => {
                    let has = match lang {
                        Lang::Fr => n.fr.is_some(),
                        Lang::Es => n.es.is_some(),
                        Lang::En => true,
                    };
                    if !has {
                        out.push(format!("a name without {}: {}", lang.id(), n.en));
                    }
                }
                _ => {}
            }
        }
        out
    }
}

/// Whether `n` takes the singular form in `lang`: French counts 0 and 1 in the singular
/// ("0 figurine"), English and Spanish only 1.
pub fn is_singular(lang: Lang, n: i64) -> bool {
    match lang {
        Lang::Fr => n == 0 || n == 1 || n == -1,
        Lang::En | Lang::Es => n == 1 || n == -1,
    }
}

/// A whole number as `lang` writes it: 12,500 in English; 12 500 in French (a narrow
/// no-break space); 12 500 in Spanish from five digits on, 1500 below (the RAE's rule).
pub fn number(lang: Lang, n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let (sep, from) = match lang {
        Lang::En => (",", 4),
        Lang::Fr => ("\u{202f}", 4),
        Lang::Es => ("\u{202f}", 5),
    };
    let mut out = String::with_capacity(digits.len() + 8);
    if n < 0 {
        out.push('-');
    }
    if digits.len() < from {
        out.push_str(&digits);
        return out;
    }
    let head = digits.len() % 3;
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (i + 3 - head).is_multiple_of(3) {
            out.push_str(sep);
        }
        out.push(c);
    }
    out
}

/// `n` and its noun, the form agreeing with `n` in `lang` (`one`, else `other`): "1 figure",
/// "2 figures", "0 figurine". The one rule of [`is_singular`] and [`number`], for the words
/// the code writes without a phrase.
pub fn counted(lang: Lang, n: i64, one: &str, other: &str) -> String {
    let noun = if is_singular(lang, n) { one } else { other };
    format!("{} {noun}", number(lang, n))
}

/// A chance as the pages write it (their `percent`, `Intl.NumberFormat` with at most one
/// decimal): "41.7%", "41,7 %", "41,7 %"; never "100%" for what may still fail nor "0%" for
/// what may happen ("> 99.9%", "< 0.1%").
pub fn percent(lang: Lang, p: f64) -> String {
    if p > 0.999 && p < 1.0 {
        return format!("> {}", percent_of(lang, 0.999, 1));
    }
    if p > 0.0 && p < 0.001 {
        return format!("< {}", percent_of(lang, 0.001, 1));
    }
    percent_of(lang, p, 1)
}

/// `p` as a percentage with at most `decimals` decimals (trailing zeros dropped, as
/// `maximumFractionDigits` does), the sign as `lang` writes it.
pub fn percent_of(lang: Lang, p: f64, decimals: usize) -> String {
    let mut n = format!("{:.decimals$}", p * 100.0);
    if n.contains('.') {
        n.truncate(n.trim_end_matches('0').trim_end_matches('.').len());
    }
    if n == "-0" {
        n = "0".into();
    }
    match lang {
        Lang::En => format!("{n}%"),
        Lang::Fr => format!("{}\u{202f}%", n.replace('.', ",")),
        Lang::Es => format!("{}\u{a0}%", n.replace('.', ",")),
    }
}

/// A number with `places` decimals as `lang` writes it: 0.543 in English, 0,543 in French
/// and Spanish.
pub fn decimal(lang: Lang, v: f64, places: usize) -> String {
    let n = format!("{v:.places$}");
    match lang {
        Lang::En => n,
        Lang::Fr | Lang::Es => n.replace('.', ","),
    }
}

/// How a text is said: its language and its words (a ruleset's, then the shared ones). The
/// previews write their texts through it.
#[derive(Clone, Copy)]
pub struct Say<'a> {
    pub lang: Lang,
    pub words: &'a dyn Words,
}

impl Say<'_> {
    /// English, the code's own words.
    pub fn english() -> Say<'static> {
        Say {
            lang: Lang::En,
            words: &English,
        }
    }

    /// A phrase in the language.
    pub fn it(&self, phrase: &Phrase) -> String {
        phrase.say(self.lang, self.words)
    }

    /// A phrase of no values (a heading, a word), in the language.
    pub fn word(&self, key: &'static str, en: &'static str) -> String {
        self.it(&Phrase::new(key, en))
    }

    /// A chance as the pages write it ([`percent`]).
    pub fn pc(&self, p: f64) -> String {
        percent(self.lang, p)
    }

    /// A number with `places` decimals ([`decimal`]).
    pub fn decimal(&self, v: f64, places: usize) -> String {
        decimal(self.lang, v, places)
    }

    /// A count and its noun ([`counted`]).
    pub fn counted(&self, n: i64, one: &str, other: &str) -> String {
        counted(self.lang, n, one, other)
    }
}

fn value(arg: &Arg, lang: Lang, words: &dyn Words) -> String {
    match arg {
        Arg::Count(n) => number(lang, *n),
        Arg::Text(t) => t.clone(),
        Arg::Name(n) => n.get(lang).to_owned(),
        // English is the code's: a page's labels may fall back to another language.
        Arg::Label { en, .. } if lang == Lang::En => en.clone(),
        Arg::Label { key, en } => words.word(key).unwrap_or(en).to_owned(),
        Arg::Phrase(p) => p.say(lang, words),
    }
}

/// The template with its holes filled. An unknown hole is left as written (a test reads
/// every template against the values its phrase gives).
fn fill(template: &str, lang: Lang, words: &dyn Words, args: &[(&str, Arg)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let hole = &after[..close];
        let mut parts = hole.split('|');
        let name = parts.next().unwrap_or_default().trim();
        let forms: Vec<&str> = parts.collect();
        let arg = args.iter().find(|(n, _)| *n == name).map(|(_, a)| a);
        match (arg, forms.as_slice()) {
            (Some(a), []) => out.push_str(&value(a, lang, words)),
            (Some(Arg::Count(n)), [one, other]) => {
                let form = if is_singular(lang, *n) { one } else { other };
                out.push_str(&form.replace('#', &number(lang, *n)));
            }
            _ => {
                out.push('{');
                out.push_str(hole);
                out.push('}');
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The holes of a template: each value's name, and whether it chooses forms.
pub fn holes(template: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let hole = &after[..close];
        let name = hole.split('|').next().unwrap_or_default().trim().to_owned();
        out.push((name, hole.contains('|')));
        rest = &after[close + 1..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batteries(n: i64) -> Phrase {
        Phrase::new(
            "t",
            "{n|# heavy battery|# heavy batteries} among {all}; at most {max}",
        )
        .count("n", n)
        .count("all", 3)
        .count("max", 1)
    }

    #[test]
    fn nouns_agree_with_their_count() {
        assert_eq!(batteries(1).english(), "1 heavy battery among 3; at most 1");
        assert_eq!(
            batteries(2).english(),
            "2 heavy batteries among 3; at most 1"
        );
        let mut fr = toml::Table::new();
        fr.insert(
            "msg_t".into(),
            "{n|# batterie lourde|# batteries lourdes} sur {all}".into(),
        );
        assert_eq!(batteries(0).say(Lang::Fr, &fr), "0 batterie lourde sur 3");
        assert_eq!(batteries(2).say(Lang::Fr, &fr), "2 batteries lourdes sur 3");
        assert!(batteries(2)
            .missing(Lang::Es, &toml::Table::new())
            .contains(&"msg_t".to_owned()));
    }

    #[test]
    fn numbers_as_each_language_writes_them() {
        assert_eq!(number(Lang::En, 1234567), "1,234,567");
        assert_eq!(number(Lang::En, 999), "999");
        assert_eq!(number(Lang::Fr, 12500), "12\u{202f}500");
        assert_eq!(number(Lang::Es, 1500), "1500");
        assert_eq!(number(Lang::Es, 12500), "12\u{202f}500");
        assert_eq!(number(Lang::En, -1000), "-1,000");
        assert_eq!(number(Lang::En, i64::MIN), "-9,223,372,036,854,775,808");
    }

    #[test]
    fn counts_and_chances_as_each_language_writes_them() {
        assert_eq!(counted(Lang::En, 1, "figure", "figures"), "1 figure");
        assert_eq!(counted(Lang::En, 0, "figure", "figures"), "0 figures");
        assert_eq!(counted(Lang::Fr, 0, "figurine", "figurines"), "0 figurine");
        assert_eq!(percent(Lang::En, 0.41666), "41.7%");
        assert_eq!(percent(Lang::En, 0.5), "50%");
        assert_eq!(percent(Lang::Fr, 0.125), "12,5\u{202f}%");
        assert_eq!(percent(Lang::Es, 1.0), "100\u{a0}%");
        assert_eq!(percent(Lang::En, 0.0), "0%");
        assert_eq!(percent(Lang::En, 0.0004), "< 0.1%");
        assert_eq!(percent(Lang::En, 0.9996), "> 99.9%");
    }

    #[test]
    fn an_unknown_hole_stays_as_written() {
        let p = Phrase::new("t", "a {b} {c|x|y} {").text("b", "B");
        assert_eq!(p.english(), "a B {c|x|y} {");
    }

    #[test]
    fn the_shared_words_parse() {
        let all: toml::Table = toml::from_str(SHARED).expect("templates/messages.toml");
        for lang in [Lang::Fr, Lang::Es] {
            assert!(all.get(lang.id()).is_some_and(|t| t.is_table()));
        }
    }
}
