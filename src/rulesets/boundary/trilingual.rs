//! A label the data give in French, Spanish and English, each required (the names and
//! summaries of the rulesets printed in the three): the one in a language, and the three as
//! names.

use crate::core::i18n::Lang;
use crate::core::names::Names;

/// The label in `lang`, of the three given in the order French, Spanish, English.
pub fn in_lang(lang: Lang, [fr, es, en]: [&str; 3]) -> &str {
    match lang {
        Lang::Fr => fr,
        Lang::Es => es,
        Lang::En => en,
    }
}

/// The three as names in each language (French, Spanish, English).
pub fn by_lang([fr, es, en]: [&str; 3]) -> Names {
    Names::new([
        (Lang::Fr, fr.to_owned()),
        (Lang::Es, es.to_owned()),
        (Lang::En, en.to_owned()),
    ])
}
