//! What the data price a unit of a list with today ([`Pricing`]), as each ruleset says it
//! ([`Lists::pricing`](super::Lists::pricing)): the values a player reads on its card, and a
//! fingerprint of the others.

use super::record::{Kept, Priced};

/// One value a ruleset keeps in a record: its key in the list, the player's word for it in
/// English (other languages: the ruleset's label `priced_<key>`), its value today.
#[derive(Debug, Clone)]
pub struct KeptValue {
    pub key: &'static str,
    pub word: &'static str,
    pub value: Kept,
}

impl KeptValue {
    /// The value `value`, kept under `key` and read `word`.
    pub fn new(key: &'static str, word: &'static str, value: impl Into<Kept>) -> Self {
        KeptValue {
            key,
            word,
            value: value.into(),
        }
    }
}

/// What the data price a unit of a list with today ([`Lists::pricing`](super::Lists::pricing)).
#[derive(Debug, Clone)]
pub struct Pricing {
    /// What the unit comes from, in the data's word: "sheet", "entry", "unit type".
    pub noun: &'static str,
    /// The values a player reads on the card, in the card's order. No key is `cost` or
    /// `fingerprint`.
    pub kept: Vec<KeptValue>,
    /// The fingerprint of every other value that matters.
    pub fingerprint: String,
}

impl Pricing {
    /// What the data price a unit with: `kept`, the values a player reads on its card, and
    /// `rest`, every other value that matters to it, as JSON (kept as its [`fingerprint`]).
    pub fn new(noun: &'static str, kept: Vec<KeptValue>, rest: &serde_json::Value) -> Self {
        Pricing {
            noun,
            kept,
            fingerprint: fingerprint(rest),
        }
    }

    /// The record of a unit of `cost` points (`None`: lists without points).
    pub fn record(&self, cost: Option<u64>) -> Priced {
        Priced {
            cost,
            values: self
                .kept
                .iter()
                .map(|k| (k.key.to_owned(), k.value.clone()))
                .collect(),
            fingerprint: self.fingerprint.clone(),
        }
    }
}

/// A short fingerprint of a JSON value: FNV-1a over its canonical text (object keys sorted;
/// nulls, `false` and empty arrays left out, so that a value muster adds to its data types
/// later, absent from older data, does not change it), eight hexadecimal digits.
pub fn fingerprint(value: &serde_json::Value) -> String {
    let mut text = String::new();
    canonical(value, &mut text);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", (hash ^ (hash >> 32)) as u32)
}

fn canonical(value: &serde_json::Value, out: &mut String) {
    use serde_json::Value as J;
    let absent = |v: &J| match v {
        J::Null | J::Bool(false) => true,
        J::Array(a) => a.is_empty(),
        _ => false,
    };
    match value {
        J::Object(map) => {
            let mut keys: Vec<&String> = map.keys().filter(|k| !absent(&map[*k])).collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&J::String((*k).clone()).to_string());
                out.push(':');
                canonical(&map[*k], out);
            }
            out.push('}');
        }
        J::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(v, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}
