//! Base45 (RFC 9285): bytes as text of the 45 characters of a QR code's alphanumeric mode,
//! two bytes to three characters, so that a QR code holds the text at 5.5 bits a character
//! (a byte mode QR would take 8). What the EU health certificates use; muster's first share
//! codes (`MU1:`, [`super::share_code`]) were written with it. The same grouping over 41 of
//! those characters is [`super::base41`]'s: an [`Alphabet`] says which.

/// The characters of a text encoding, in the order of their values (41 to 45 of them: three
/// characters hold two bytes), with its name and how messages describe them.
#[derive(Debug, PartialEq, Eq)]
pub struct Alphabet {
    pub name: &'static str,
    pub chars: &'static [u8],
    /// "0-9, A-Z, space or one of $%*+-./:".
    pub described: &'static str,
}

/// The 45 characters of RFC 9285.
pub const BASE45: Alphabet = Alphabet {
    name: "base45",
    chars: b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:",
    described: "0-9, A-Z, space or one of $%*+-./:",
};

/// `bytes` in base45: three characters for each two bytes, two for a last odd byte.
pub fn encode(bytes: &[u8]) -> String {
    encode_in(&BASE45, bytes)
}

/// The bytes of a base45 text.
pub fn decode(text: &str) -> Result<Vec<u8>, Base45Error> {
    decode_in(&BASE45, text)
}

/// `bytes` in `alphabet`: three characters for each two bytes, two for a last odd byte.
pub fn encode_in(alphabet: &Alphabet, bytes: &[u8]) -> String {
    let radix = alphabet.chars.len();
    let mut out = String::with_capacity(bytes.len().div_ceil(2) * 3);
    for pair in bytes.chunks(2) {
        let (mut n, digits) = match pair {
            [a, b] => (usize::from(*a) * 256 + usize::from(*b), 3),
            [a] => (usize::from(*a), 2),
            _ => unreachable!("chunks of two"),
        };
        for _ in 0..digits {
            out.push(char::from(alphabet.chars[n % radix]));
            n /= radix;
        }
    }
    out
}

/// Why a text is not of its alphabet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Base45Error {
    /// A character outside the alphabet, at its byte offset.
    Character {
        offset: usize,
        found: char,
        alphabet: &'static Alphabet,
    },
    /// A last group of one character (a group is two or three).
    Length(usize, &'static Alphabet),
    /// A group of three characters worth more than two bytes (over 65535), at its offset.
    Overflow { offset: usize },
}

impl std::fmt::Display for Base45Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Base45Error::Character {
                offset,
                found,
                alphabet,
            } => write!(
                f,
                "`{}` at character {} is not {} (expected {})",
                found.escape_debug(),
                offset + 1,
                alphabet.name,
                alphabet.described
            ),
            Base45Error::Length(n, alphabet) => write!(
                f,
                "{n} characters is not a {} length (groups of 3, the last of 2 or 3)",
                alphabet.name
            ),
            Base45Error::Overflow { offset } => write!(
                f,
                "the group at character {} is worth more than two bytes",
                offset + 1
            ),
        }
    }
}

/// The bytes of a text in `alphabet`; refused when any character, the length or a group's
/// value is not the alphabet's.
pub fn decode_in(alphabet: &'static Alphabet, text: &str) -> Result<Vec<u8>, Base45Error> {
    let radix = alphabet.chars.len();
    let mut values = Vec::with_capacity(text.len());
    for (offset, c) in text.char_indices() {
        let v = u8::try_from(c)
            .ok()
            .and_then(|b| alphabet.chars.iter().position(|a| *a == b))
            .ok_or(Base45Error::Character {
                offset,
                found: c,
                alphabet,
            })?;
        values.push(v);
    }
    if values.len() % 3 == 1 {
        return Err(Base45Error::Length(values.len(), alphabet));
    }
    let mut out = Vec::with_capacity(values.len() / 3 * 2 + 1);
    for (g, group) in values.chunks(3).enumerate() {
        let offset = g * 3;
        match group {
            [c, d, e] => {
                let n = c + d * radix + e * radix * radix;
                let n = u16::try_from(n).map_err(|_| Base45Error::Overflow { offset })?;
                out.extend_from_slice(&n.to_be_bytes());
            }
            [c, d] => {
                let n = c + d * radix;
                out.push(u8::try_from(n).map_err(|_| Base45Error::Overflow { offset })?);
            }
            _ => return Err(Base45Error::Length(values.len(), alphabet)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples of RFC 9285, §4.3 and §4.4.
    #[test]
    fn the_rfcs_examples() {
        assert_eq!(encode(b"AB"), "BB8");
        assert_eq!(encode(b"Hello!!"), "%69 VD92EX0");
        assert_eq!(encode(b"base-45"), "UJCLQE7W581");
        assert_eq!(decode("QED8WEX0").unwrap(), b"ietf!");
        assert_eq!(decode("BB8").unwrap(), b"AB");
        assert_eq!(decode("%69 VD92EX0").unwrap(), b"Hello!!");
        assert_eq!(decode("UJCLQE7W581").unwrap(), b"base-45");
        assert_eq!(encode(b""), "");
        assert_eq!(decode("").unwrap(), b"");
    }

    /// §4.4: "GGW" is 65535 + 1 and "ZZZ" more: not two bytes; a lowercase letter is not base45.
    #[test]
    fn what_is_not_base45() {
        assert_eq!(decode("GGW"), Err(Base45Error::Overflow { offset: 0 }));
        assert_eq!(decode("FGW").unwrap(), vec![255, 255]);
        assert_eq!(decode("BB8ZZZ"), Err(Base45Error::Overflow { offset: 3 }));
        assert_eq!(decode("ZZ"), Err(Base45Error::Overflow { offset: 0 }));
        assert_eq!(
            decode("bb8"),
            Err(Base45Error::Character {
                offset: 0,
                found: 'b',
                alphabet: &BASE45,
            })
        );
        assert_eq!(decode("BB8A"), Err(Base45Error::Length(4, &BASE45)));
        assert!(decode("BB8é").is_err());
        assert!(decode("BB8é")
            .unwrap_err()
            .to_string()
            .contains("`é` at character 4 is not base45"));
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_come_back(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..600)) {
            let text = encode(&bytes);
            proptest::prop_assert_eq!(text.len(), bytes.len() / 2 * 3 + bytes.len() % 2 * 2);
            proptest::prop_assert!(text.bytes().all(|b| BASE45.chars.contains(&b)));
            proptest::prop_assert_eq!(decode(&text).unwrap(), bytes);
        }

        /// Any text is either refused or decodes to bytes that encode back to it.
        #[test]
        fn any_text_is_refused_or_canonical(text in "[0-9A-Z $%*+./:a-z-]{0,40}") {
            if let Ok(bytes) = decode(&text) {
                proptest::prop_assert_eq!(encode(&bytes), text);
            }
        }
    }
}
