//! Base41: bytes as text of the 41 characters of a QR code's alphanumeric mode that a shell
//! and a chat leave alone (`0-9`, `A-Z`, `+-./:`: no space, `$`, `%` nor `*`), two bytes to
//! three characters as base45 ([`super::base45`]; 41³ = 68,921 holds two bytes' 65,536), so a
//! QR code holds it as densely. muster's share codes (`MU3:`, `MU2:`, [`super::share_code`]) are
//! written with it: pasted unquoted or in double quotes into a shell, or wrapped by a chat
//! with spaces added, a code stays whole.

use super::base45::{decode_in, encode_in, Alphabet, Base45Error};

/// The 41 characters, in the order of their values.
pub const BASE41: Alphabet = Alphabet {
    name: "base41",
    chars: b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+-./:",
    described: "0-9, A-Z or one of +-./:",
};

/// `bytes` in base41: three characters for each two bytes, two for a last odd byte.
pub fn encode(bytes: &[u8]) -> String {
    encode_in(&BASE41, bytes)
}

/// The bytes of a base41 text; refused when any character, the length or a group's value is
/// not base41's.
pub fn decode(text: &str) -> Result<Vec<u8>, Base45Error> {
    decode_in(&BASE41, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_of_two_bytes_in_three_characters() {
        // "AB" is 0x4142 = 16706 = 19 + 38·41 + 9·41²: J, ., 9.
        assert_eq!(encode(b"AB"), "J.9");
        assert_eq!(decode("J.9").unwrap(), b"AB");
        // 65535 = 17 + 40·41 + 38·41²: the largest group; one more is refused.
        assert_eq!(encode(&[255, 255]), "H:.");
        assert_eq!(decode("H:.").unwrap(), vec![255, 255]);
        assert_eq!(decode("I:."), Err(Base45Error::Overflow { offset: 0 }));
        assert_eq!(encode(b""), "");
        assert_eq!(decode("").unwrap(), b"");
        // A last odd byte is two characters; 255 = 9 + 6·41.
        assert_eq!(encode(&[255]), "96");
        assert_eq!(decode("::"), Err(Base45Error::Overflow { offset: 0 }));
    }

    #[test]
    fn what_is_not_base41() {
        for c in [' ', '$', '%', '*', 'a', 'é'] {
            let e = decode(&format!("J.9{c}B")).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("`{c}` at character 4 is not base41 (expected 0-9, A-Z or one of +-./:)")
            );
        }
        assert_eq!(
            decode("J.9A").unwrap_err().to_string(),
            "4 characters is not a base41 length (groups of 3, the last of 2 or 3)"
        );
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_come_back(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..600)) {
            let text = encode(&bytes);
            proptest::prop_assert_eq!(text.len(), bytes.len() / 2 * 3 + bytes.len() % 2 * 2);
            proptest::prop_assert!(text.bytes().all(|b| BASE41.chars.contains(&b)));
            proptest::prop_assert_eq!(decode(&text).unwrap(), bytes);
        }

        /// Any text is either refused or decodes to bytes that encode back to it.
        #[test]
        fn any_text_is_refused_or_canonical(text in "[0-9A-Z+./:a-z -]{0,40}") {
            if let Ok(bytes) = decode(&text) {
                proptest::prop_assert_eq!(encode(&bytes), text);
            }
        }
    }
}
