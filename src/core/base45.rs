//! Base45 (RFC 9285): bytes as text of the 45 characters of a QR code's alphanumeric mode,
//! two bytes to three characters, so that a QR code holds the text at 5.5 bits a character
//! (a byte mode QR would take 8). What the EU health certificates use; muster's share codes
//! ([`super::share_code`]) are written with it.

/// The 45 characters, in the order of their values.
const ALPHABET: &[u8; 45] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

/// `bytes` in base45: three characters for each two bytes, two for a last odd byte.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(2) * 3);
    for pair in bytes.chunks(2) {
        let (mut n, digits) = match pair {
            [a, b] => (usize::from(*a) * 256 + usize::from(*b), 3),
            [a] => (usize::from(*a), 2),
            _ => unreachable!("chunks of two"),
        };
        for _ in 0..digits {
            out.push(char::from(ALPHABET[n % 45]));
            n /= 45;
        }
    }
    out
}

/// Why a text is not base45.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Base45Error {
    /// A character outside the 45, at its byte offset.
    Character { offset: usize, found: char },
    /// A last group of one character (a group is two or three).
    Length(usize),
    /// A group of three characters worth more than two bytes (over 65535), at its offset.
    Overflow { offset: usize },
}

impl std::fmt::Display for Base45Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Base45Error::Character { offset, found } => write!(
                f,
                "`{}` at character {} is not base45 (expected 0-9, A-Z, space or one of $%*+-./:)",
                found.escape_debug(),
                offset + 1
            ),
            Base45Error::Length(n) => write!(
                f,
                "{n} characters is not a base45 length (groups of 3, the last of 2 or 3)"
            ),
            Base45Error::Overflow { offset } => write!(
                f,
                "the group at character {} is worth more than two bytes",
                offset + 1
            ),
        }
    }
}

/// The bytes of a base45 text; refused when any character, the length or a group's value is
/// not base45's.
pub fn decode(text: &str) -> Result<Vec<u8>, Base45Error> {
    let mut values = Vec::with_capacity(text.len());
    for (offset, c) in text.char_indices() {
        let v = u8::try_from(c)
            .ok()
            .and_then(|b| ALPHABET.iter().position(|a| *a == b))
            .ok_or(Base45Error::Character { offset, found: c })?;
        values.push(v);
    }
    if values.len() % 3 == 1 {
        return Err(Base45Error::Length(values.len()));
    }
    let mut out = Vec::with_capacity(values.len() / 3 * 2 + 1);
    for (g, group) in values.chunks(3).enumerate() {
        let offset = g * 3;
        match group {
            [c, d, e] => {
                let n = c + d * 45 + e * 45 * 45;
                let n = u16::try_from(n).map_err(|_| Base45Error::Overflow { offset })?;
                out.extend_from_slice(&n.to_be_bytes());
            }
            [c, d] => {
                let n = c + d * 45;
                out.push(u8::try_from(n).map_err(|_| Base45Error::Overflow { offset })?);
            }
            _ => return Err(Base45Error::Length(values.len())),
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
                found: 'b'
            })
        );
        assert_eq!(decode("BB8A"), Err(Base45Error::Length(4)));
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
            proptest::prop_assert!(text.bytes().all(|b| ALPHABET.contains(&b)));
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
