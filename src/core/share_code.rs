//! Share codes: a list and what it needs, as one line of text a chat, a forum or a QR code
//! carries (`muster list share`, `muster list import`).
//!
//! A code is `MU2:` (the format's version) followed by base41 ([`super::base41`]) of four
//! bytes of CRC-32 (big-endian) of the payload, then the payload compressed with raw deflate.
//! The payload is a TOML document ([`Shared`]): the ruleset's id, the list's name for its
//! file, the list file's text as the sharer had it, and the player's own sheets it uses, each
//! the TOML of its file. Every character of a code is in a QR code's alphanumeric mode, and
//! none is one a shell or a chat changes (no space, `$`, `%`, `*`): pasted unquoted, in double
//! quotes, or wrapped by a chat with spaces and line breaks added, a code reads the same.
//! Codes of the first format, `MU1:` and base45 (RFC 9285, [`super::base45`], whose spaces
//! and `$%*` a shell breaks), are still read.
//!
//! Every number is bounded before anything is allocated for it: a code longer than
//! [`MAX_CODE_CHARS`] is refused before decoding, a payload is inflated at most to
//! [`MAX_PAYLOAD_BYTES`] (a zip bomb is refused, not inflated), and a code carries at most
//! [`MAX_SHEETS`] sheets. Decoding checks everything (the version, base41 or base45, deflate,
//! the checksum, the TOML and its fields) before the caller writes anything.

use std::io::Read;

use serde::{Deserialize, Serialize};

use super::{base41, base45};

/// What every code this muster writes begins with.
pub const PREFIX: &str = "MU2:";
/// The version this muster writes; it reads this one and the first.
pub const VERSION: u32 = 2;
/// The first format's prefix (base45), still read.
pub const PREFIX_V1: &str = "MU1:";
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
    Ok(format!("{PREFIX}{}", base41::encode(&bytes)))
}

/// The code in a text as pasted. A code of this format has no blank: every blank, line break
/// and invisible character a chat adds anywhere (a non-breaking or zero-width space) is no
/// part of it, and its letters are read in either case. A code of the first format (`MU1:`,
/// base45) may hold spaces: only leading blanks, line breaks and tabs are left out of it.
pub fn clean(text: &str) -> String {
    let text = text.trim_start_matches(|c: char| c.is_whitespace() || invisible(c));
    let upper = |t: &str| t.get(..PREFIX.len()).map(str::to_ascii_uppercase);
    if upper(text).as_deref() == Some(PREFIX_V1) {
        return text
            .chars()
            .filter(|c| !matches!(c, '\n' | '\r' | '\t' | '\u{feff}'))
            .collect();
    }
    text.chars()
        .filter(|c| !c.is_whitespace() && !invisible(*c))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The characters a chat or a word processor slips in unseen.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{feff}' | '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}'
    )
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
    let bytes = if let Some(rest) = code.strip_prefix(PREFIX) {
        base41::decode(rest)
    } else if let Some(rest) = code.strip_prefix(PREFIX_V1) {
        base45::decode(rest)
    } else {
        return Err(not_a_code(&code));
    }
    .map_err(|e| format!("the code is damaged: {e}"))?;
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
            "the code was made by a newer muster (format MU{v}; this muster reads MU1 to MU{VERSION}): update muster to import it"
        ),
        Some(v) => format!("the code's format MU{v} is not one muster reads (it reads MU1 to MU{VERSION})"),
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
        assert!(code.starts_with("MU2:"));
        assert!(code
            .bytes()
            .all(|b| b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+-./:".contains(&b)));
        assert_eq!(decode(&code).unwrap(), sample());
        // Wrapped by a chat, with a newline at its end: the same code.
        let wrapped = format!("  {}\n{}\r\n", &code[..20], &code[20..]);
        assert_eq!(decode(&wrapped).unwrap(), sample());
        // Spaces, a non-breaking and a zero-width space slipped in, letters in lower case.
        let slipped = format!(
            "{} {}\u{a0}{}\u{200b}{}",
            &code[..10],
            &code[10..30],
            code[30..50].to_ascii_lowercase(),
            &code[50..]
        );
        assert_eq!(decode(&slipped).unwrap(), sample());
    }

    /// A code of the first format (base45, which has spaces) still reads.
    #[test]
    fn a_code_of_the_first_format_still_reads() {
        let code = encode(&sample()).unwrap();
        let bytes = base41::decode(&code[PREFIX.len()..]).unwrap();
        let v1 = format!("{PREFIX_V1}{}", base45::encode(&bytes));
        assert_eq!(decode(&v1).unwrap(), sample());
        assert_eq!(decode(&format!(" {v1}\n")).unwrap(), sample());
    }

    #[test]
    fn damaged_codes_are_refused_in_words() {
        let code = encode(&sample()).unwrap();
        let said = |c: &str| decode(c).unwrap_err();
        assert!(said("MU3:ABC").contains("made by a newer muster (format MU3"));
        assert!(said("hello").contains("expected a share code beginning with MU2:"));
        assert!(said("MU2:A$C").contains("is not base41"));
        assert!(said("MU1:abc").contains("is not base45"));
        assert!(said("MU2:J.9").contains("at least 7"));
        assert!(said("MU1:BB8").contains("at least 7"));
        // Truncated: deflate ends early, or base41's grouping breaks.
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
        let code = format!("{PREFIX}{}", base41::encode(&z.finish().unwrap()));
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
        let code = format!("{PREFIX}{}", base41::encode(&z.finish().unwrap()));
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
