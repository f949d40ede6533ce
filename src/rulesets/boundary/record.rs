//! The record a list keeps of what each unit was priced with (`priced = {…}`): its cost, the
//! values a player reads on the card, and a fingerprint of the rest ([`super::priced`]
//! compares it with the data of today).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A value kept in a record: a number or a word, as the card prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Kept {
    Number(i64),
    Text(String),
}

impl<'de> Deserialize<'de> for Kept {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Kept;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number or a text")
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Kept, E> {
                Ok(Kept::Number(n))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Kept, E> {
                i64::try_from(n)
                    .map(Kept::Number)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Kept, E> {
                Ok(Kept::Text(s.to_owned()))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl std::fmt::Display for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kept::Number(n) => write!(f, "{n}"),
            Kept::Text(t) => f.write_str(t),
        }
    }
}

impl From<u32> for Kept {
    fn from(n: u32) -> Self {
        Kept::Number(i64::from(n))
    }
}

impl From<i32> for Kept {
    fn from(n: i32) -> Self {
        Kept::Number(i64::from(n))
    }
}

impl From<&str> for Kept {
    fn from(s: &str) -> Self {
        Kept::Text(s.to_owned())
    }
}

impl From<String> for Kept {
    fn from(s: String) -> Self {
        Kept::Text(s)
    }
}

/// The most points a unit may cost, in a list's record and in a game (a list's points go to
/// 100,000; a billion leaves room for any list muster reads, and for its losses'
/// arithmetic). One bound: `check`, every edit of a list and a game read it the same way.
pub const MAX_COST: u64 = 1_000_000_000;

/// `priced = {…}`: what a unit was priced with when the list recorded it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, JsonSchema)]
pub struct Priced {
    /// The unit's points when recorded (lists that cost points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<u64>,
    /// The values of its sheet or entry a player reads on the card, by the ruleset's keys
    /// (`courage`, `ld`, …).
    #[serde(flatten)]
    pub values: BTreeMap<String, Kept>,
    /// Eight hexadecimal digits: a fingerprint of every other value of its sheet or entry
    /// that matters (weapons, skills bought, costs, rules).
    pub fingerprint: String,
}

/// Read key by key (not with serde's `flatten`), so that a wrong value is reported at its own
/// key: `courage must be a whole number or a text`.
impl<'de> Deserialize<'de> for Priced {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Priced;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Priced, A::Error> {
                let mut p = Priced::default();
                let mut fingerprint = None;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "cost" => p.cost = Some(map.next_value::<Cost>()?.0),
                        "fingerprint" => fingerprint = Some(map.next_value::<String>()?),
                        _ => {
                            let v = map.next_value::<Kept>()?;
                            p.values.insert(key, v);
                        }
                    }
                }
                p.fingerprint =
                    fingerprint.ok_or_else(|| serde::de::Error::missing_field("fingerprint"))?;
                Ok(p)
            }
        }
        d.deserialize_map(Visitor)
    }
}

/// A record's cost: a whole number of points from 0 to [`MAX_COST`].
struct Cost(u64);

impl<'de> Deserialize<'de> for Cost {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Cost;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "a whole number of points from 0 to {MAX_COST}")
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Cost, E> {
                match u64::try_from(n) {
                    Ok(n) => self.visit_u64(n),
                    Err(_) => Err(E::invalid_value(serde::de::Unexpected::Signed(n), &self)),
                }
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Cost, E> {
                if n <= MAX_COST {
                    Ok(Cost(n))
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Unsigned(n), &self))
                }
            }
        }
        d.deserialize_any(Visitor)
    }
}
