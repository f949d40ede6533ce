//! Share codes: a list and what it needs, as one line of text a chat, a forum or a QR code
//! carries (`muster list share`, `muster list import`).
//!
//! A code is `MU1:` (the format's version) followed by base45 (RFC 9285, [`super::base45`])
//! of four bytes of CRC-32 (big-endian) of the payload, then the payload compressed with raw
//! deflate. The payload is a TOML document ([`Shared`]): the ruleset's id, the list's name for
//! its file, the list file's text as the sharer had it, and the player's own sheets it uses,
//! each the TOML of its file. Every character of a code is in a QR code's alphanumeric mode.
//!
//! Every number is bounded before anything is allocated for it: a code longer than
//! [`MAX_CODE_CHARS`] is refused before decoding, a payload is inflated at most to
//! [`MAX_PAYLOAD_BYTES`] (a zip bomb is refused, not inflated), and a code carries at most
//! [`MAX_SHEETS`] sheets. Decoding checks everything (the version, base45, deflate, the
//! checksum, the TOML and its fields) before the caller writes anything.

use std::io::Read;

use serde::{Deserialize, Serialize};

use super::base45;

/// What every code of this format begins with.
pub const PREFIX: &str = "MU1:";
/// The version this muster writes and reads.
pub const VERSION: u32 = 1;
/// The longest code read, in characters (a QR code holds at most 4,296; a code carrying a
/// dozen of the player's own sheets, pasted in a chat, a few thousand).
pub const MAX_CODE_CHARS: usize = 65_536;
/// The largest payload a code inflates to, in bytes (a list of 1,000 units is about 40 KB).
pub const MAX_PAYLOAD_BYTES: u64 = 1024 * 1024;
/// The most sheets or entries a code carries.
pub const MAX_SHEETS: usize = 200;

/// What a code carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shared {
    /// The ruleset's id, as `muster rulesets` names it.
    pub ruleset: String,
    /// The list's file name without its extension (`sharpe-patrol`).
    pub name: String,
    /// The list file's text.
    pub list: String,
    /// The player's own sheets or entries the list uses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sheets: Vec<SharedSheet>,
}

/// One of the player's own sheets or entries, whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedSheet {
    /// Its id.
    pub id: String,
    /// Its file's path inside the ruleset's folder of the player's data (`sheets/ID.toml`).
    pub path: String,
    /// Its file's TOML.
    pub text: String,
}

/// `shared` as a code.
pub fn encode(shared: &Shared) -> Result<String, String> {
    let payload = toml::to_string(shared).map_err(|e| format!("cannot write the code: {e}"))?;
    let mut crc = flate2::Crc::new();
    crc.update(payload.as_bytes());
    let mut bytes = crc.sum().to_be_bytes().to_vec();
    let mut z = flate2::write::DeflateEncoder::new(bytes, flate2::Compression::best());
    std::io::Write::write_all(&mut z, payload.as_bytes())
        .map_err(|e| format!("cannot compress the code: {e}"))?;
    bytes = z
        .finish()
        .map_err(|e| format!("cannot compress the code: {e}"))?;
    Ok(format!("{PREFIX}{}", base45::encode(&bytes)))
}

/// The code in a text as pasted: leading blanks, and line breaks and tabs anywhere (a chat
/// wraps long lines), are not part of it; a space is (it is a base45 character).
pub fn clean(text: &str) -> String {
    text.trim_start()
        .chars()
        .filter(|c| !matches!(c, '\n' | '\r' | '\t' | '\u{feff}'))
        .collect()
}

/// What a code carries, every part of it checked; a message saying what was expected and
/// found otherwise.
pub fn decode(text: &str) -> Result<Shared, String> {
    let code = clean(text);
    if code.len() > MAX_CODE_CHARS {
        return Err(format!(
            "the code is {} characters long: a share code has at most {MAX_CODE_CHARS}",
            code.len()
        ));
    }
    let rest = match code.strip_prefix(PREFIX) {
        Some(rest) => rest,
        None => return Err(not_a_code(&code)),
    };
    let bytes = base45::decode(rest).map_err(|e| format!("the code is damaged: {e}"))?;
    let Some((sum, deflated)) = bytes.split_first_chunk::<4>() else {
        return Err(format!(
            "the code is damaged: {} characters where a code has at least 7",
            code.len()
        ));
    };
    let mut payload = Vec::new();
    flate2::read::DeflateDecoder::new(deflated)
        .take(MAX_PAYLOAD_BYTES + 1)
        .read_to_end(&mut payload)
        .map_err(|e| format!("the code is damaged: its compressed list does not inflate ({e})"))?;
    if payload.len() as u64 > MAX_PAYLOAD_BYTES {
        return Err(format!(
            "the code inflates to more than {MAX_PAYLOAD_BYTES} bytes: muster reads no list that large"
        ));
    }
    let mut crc = flate2::Crc::new();
    crc.update(&payload);
    if crc.sum().to_be_bytes() != *sum {
        return Err(
            "the code is damaged: its checksum does not match what it carries (a character changed or is missing)"
                .into(),
        );
    }
    let payload = String::from_utf8(payload)
        .map_err(|e| format!("the code is damaged: it carries no UTF-8 text ({e})"))?;
    let shared: Shared = toml::from_str(&payload).map_err(|e| {
        format!(
            "the code carries no muster list: {}",
            e.message().trim_end()
        )
    })?;
    if shared.sheets.len() > MAX_SHEETS {
        return Err(format!(
            "the code carries {} sheets: a share code carries at most {MAX_SHEETS}",
            shared.sheets.len()
        ));
    }
    Ok(shared)
}

/// Why a text without the prefix is no code of this muster: a newer format, or no code.
fn not_a_code(code: &str) -> String {
    let version = code
        .strip_prefix("MU")
        .and_then(|r| r.split_once(':'))
        .and_then(|(v, _)| v.parse::<u32>().ok());
    match version {
        Some(v) if v > VERSION => format!(
            "the code was made by a newer muster (format MU{v}; this muster reads MU{VERSION}): update muster to import it"
        ),
        Some(v) => format!("the code's format MU{v} is not one muster reads (it reads MU{VERSION})"),
        None => {
            let start: String = code.chars().take(12).collect();
            format!(
                "expected a share code beginning with {PREFIX} (as `muster list share` prints it), found `{}`",
                start.escape_debug()
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Shared {
        Shared {
            ruleset: "pike-and-shot".into(),
            name: "sharpe-patrol".into(),
            list: "[list]\nname = \"Sharpe's patrol\"\nruleset = \"pike-and-shot\"\n# a comment\n"
                .into(),
            sheets: vec![SharedSheet {
                id: "gb-43rd-light".into(),
                path: "sheets/gb-43rd-light.toml".into(),
                text: "[[sheet]]\nid = \"gb-43rd-light\"\n".into(),
            }],
        }
    }

    #[test]
    fn a_code_is_alphanumeric_text_that_comes_back() {
        let code = encode(&sample()).unwrap();
        assert!(code.starts_with("MU1:"));
        assert!(code
            .bytes()
            .all(|b| b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".contains(&b)));
        assert_eq!(decode(&code).unwrap(), sample());
        // Wrapped by a chat, with a newline at its end: the same code.
        let wrapped = format!("  {}\n{}\r\n", &code[..20], &code[20..]);
        assert_eq!(decode(&wrapped).unwrap(), sample());
    }

    #[test]
    fn damaged_codes_are_refused_in_words() {
        let code = encode(&sample()).unwrap();
        let said = |c: &str| decode(c).unwrap_err();
        assert!(said("MU2:ABC").contains("made by a newer muster (format MU2"));
        assert!(said("hello").contains("expected a share code beginning with MU1:"));
        assert!(said("MU1:abc").contains("is not base45"));
        assert!(said("MU1:BB8").contains("at least 7"));
        // Truncated: deflate ends early, or base45's grouping breaks.
        for cut in [code.len() - 1, code.len() - 3, code.len() / 2] {
            let e = said(&code[..cut]);
            assert!(e.starts_with("the code is damaged"), "{cut}: {e}");
        }
        // One character changed: the checksum or deflate says so.
        let mut chars: Vec<char> = code.chars().collect();
        let at = chars.len() - 5;
        chars[at] = if chars[at] == 'A' { 'B' } else { 'A' };
        let changed: String = chars.into_iter().collect();
        assert!(said(&changed).starts_with("the code is damaged"));
        assert!(said(&"A".repeat(MAX_CODE_CHARS + 1)).contains("at most 65536"));
    }

    /// A payload that inflates past the limit is refused while inflating.
    #[test]
    fn a_zip_bomb_is_refused() {
        let big = "#".repeat(MAX_PAYLOAD_BYTES as usize + 10);
        let mut z = flate2::write::DeflateEncoder::new(vec![0; 4], flate2::Compression::best());
        std::io::Write::write_all(&mut z, big.as_bytes()).unwrap();
        let code = format!("{PREFIX}{}", base45::encode(&z.finish().unwrap()));
        assert!(code.len() < 10_000, "{}", code.len());
        assert!(decode(&code).unwrap_err().contains("inflates to more than"));
    }

    #[test]
    fn a_payload_that_is_not_a_list_is_refused() {
        let payload = "ruleset = \"pike-and-shot\"\nname = \"x\"\nlist = \"\"\nweapons = 3\n";
        let mut crc = flate2::Crc::new();
        crc.update(payload.as_bytes());
        let mut z = flate2::write::DeflateEncoder::new(
            crc.sum().to_be_bytes().to_vec(),
            flate2::Compression::best(),
        );
        std::io::Write::write_all(&mut z, payload.as_bytes()).unwrap();
        let code = format!("{PREFIX}{}", base45::encode(&z.finish().unwrap()));
        let e = decode(&code).unwrap_err();
        assert!(
            e.contains("carries no muster list") && e.contains("weapons"),
            "{e}"
        );
    }

    proptest::proptest! {
        #[test]
        fn any_shared_list_comes_back(
            ruleset in "[a-z-]{1,12}",
            name in "[a-z0-9-]{1,20}",
            list in "\\PC{0,300}",
            sheets in proptest::collection::vec(("[a-z0-9-]{1,20}", "\\PC{0,40}", "\\PC{0,200}"), 0..4),
        ) {
            let shared = Shared {
                ruleset,
                name,
                list,
                sheets: sheets
                    .into_iter()
                    .map(|(id, path, text)| SharedSheet { id, path, text })
                    .collect(),
            };
            let code = encode(&shared).unwrap();
            proptest::prop_assert!(code.starts_with(PREFIX));
            proptest::prop_assert_eq!(decode(&code).unwrap(), shared);
        }
    }
}
