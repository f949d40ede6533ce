//! Share codes: a list and what it needs, as one line of text a chat, a forum or a QR code
//! carries (`muster list share`, `muster list import`).
//!
//! A code is `MU3:` (the format's version) followed by base41 ([`super::base41`]) of one byte
//! naming the preset dictionary its deflate used ([`Dictionary`], 0 for none), four bytes of
//! CRC-32 (big-endian) of the payload, then the payload compressed with raw deflate over that
//! dictionary. The payload is a TOML document ([`Shared`]): the ruleset's id, the list's name
//! for its file, the list file's text, and the player's own sheets it uses, each the TOML of
//! its file. Every character of a code is in a QR code's alphanumeric mode, and none is one a
//! shell or a chat changes (no space, `$`, `%`, `*`): pasted unquoted, in double quotes, or
//! wrapped by a chat with spaces and line breaks added, a code reads the same ([`clean`] also
//! leaves out a label before it, "Code: …", and quotes around it).
//!
//! Codes of the earlier formats are read forever: `MU2:`, base41 of the CRC-32 and the payload
//! deflated without a dictionary, and `MU1:`, the same in base45 (RFC 9285,
//! [`super::base45`], whose spaces and `$%*` a shell breaks).
//!
//! Every number is bounded before anything is allocated for it: a code longer than
//! [`MAX_CODE_CHARS`] is refused before decoding, a payload is inflated at most to
//! [`MAX_PAYLOAD_BYTES`] (a zip bomb is refused, not inflated), and a code carries at most
//! [`MAX_SHEETS`] sheets. Decoding checks everything (the version, base41 or base45, the
//! dictionary, deflate, the checksum, the TOML and its fields) before the caller writes
//! anything.

use serde::{Deserialize, Serialize};

use super::{base41, base45};

/// What every code this muster writes begins with.
pub const PREFIX: &str = "MU3:";
/// The version this muster writes; it reads this one and every earlier one.
pub const VERSION: u32 = 3;
/// The second format's prefix (base41, deflate without a dictionary), still read.
pub const PREFIX_V2: &str = "MU2:";
/// The first format's prefix (base45), still read.
pub const PREFIX_V1: &str = "MU1:";
/// The longest code read, in characters (a QR code holds at most 4,296; a code carrying a
/// dozen of the player's own sheets, pasted in a chat, a few thousand).
pub const MAX_CODE_CHARS: usize = 65_536;
/// The largest payload a code inflates to, in bytes (a list of 1,000 units is about 40 KB).
pub const MAX_PAYLOAD_BYTES: u64 = 1024 * 1024;
/// The most sheets or entries a code carries.
pub const MAX_SHEETS: usize = 200;

/// A preset dictionary of the deflate of `MU3:` codes: text a list and its sheets are likely
/// to repeat, so that a code costs only what differs from it. Each is a ruleset's shipped data
/// as a code carries them (every shipped sheet as a player's copy of it, then every sample
/// list), at most [`MAX_DICTIONARY_BYTES`], its first line naming the ruleset it serves
/// (`ruleset = "ID"`, as a payload begins). Its bytes are the file `unit-sheets/share-dictionaries/ID.txt`,
/// compiled in.
///
/// A dictionary is frozen: a code names it by its id, and every code made with it must read
/// with every later muster, whatever its data became. Its bytes never change (a test checks
/// each against the CRC-32 recorded here) and it is never removed. When the shipped data have
/// changed enough that a new dictionary pays, `cargo test --test cli write_share_dictionaries
/// -- --ignored` writes one for each ruleset whose dictionary would differ, under the next free
/// id (it never writes over one); its line is then added to [`DICTIONARIES`] with the CRC-32
/// the generator prints. The encoder takes the newest dictionary of a list's ruleset (the last
/// line naming it); the decoder takes the one a code names.
#[derive(Debug)]
pub struct Dictionary {
    /// The byte after the prefix of the codes made with it (0 is no dictionary).
    pub id: u8,
    pub bytes: &'static [u8],
    /// The CRC-32 of `bytes`, as the dictionary was made.
    pub crc32: u32,
}

/// The most bytes of a dictionary: the farthest a deflate match reaches back (the 32 KiB
/// window less zlib's look-ahead), so that all of it serves a code's first bytes.
pub const MAX_DICTIONARY_BYTES: usize = 32 * 1024 - 262;

/// One line of [`DICTIONARIES`]: the dictionary `id`, its bytes the file
/// `unit-sheets/share-dictionaries/ID.txt` compiled in, and their CRC-32.
macro_rules! dictionary {
    ($id:literal, $crc32:literal) => {
        Dictionary {
            id: $id,
            bytes: include_bytes!(concat!(
                "../../unit-sheets/share-dictionaries/",
                stringify!($id),
                ".txt"
            )),
            crc32: $crc32,
        }
    };
}

/// Every dictionary, oldest first ([`Dictionary`] says how one is added).
pub const DICTIONARIES: &[Dictionary] = &[
    dictionary!(1, 0x73a09856),
    dictionary!(2, 0x97e525a4),
    dictionary!(3, 0x7eae1c1f),
    dictionary!(4, 0x396ef828),
];

impl Dictionary {
    /// The dictionary of id `id`.
    pub fn of(id: u8) -> Option<&'static Dictionary> {
        DICTIONARIES.iter().find(|d| d.id == id)
    }

    /// The newest dictionary of the ruleset `ruleset`.
    pub fn newest_for(ruleset: &str) -> Option<&'static Dictionary> {
        DICTIONARIES
            .iter()
            .rev()
            .find(|d| d.ruleset() == Some(ruleset))
    }

    /// The ruleset it serves: the id its first line names (`ruleset = "ID"`).
    pub fn ruleset(&self) -> Option<&str> {
        std::str::from_utf8(self.bytes)
            .ok()?
            .lines()
            .next()?
            .strip_prefix("ruleset = \"")?
            .strip_suffix('"')
    }
}

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

/// The payload of a code carrying `shared`: its TOML, as deflated.
pub fn payload(shared: &Shared) -> Result<String, String> {
    toml::to_string(shared).map_err(|e| format!("cannot write the code: {e}"))
}

/// `shared` as a code, deflated over the newest dictionary of its ruleset (none when its
/// ruleset has none).
pub fn encode(shared: &Shared) -> Result<String, String> {
    let payload = payload(shared)?;
    let dictionary = Dictionary::newest_for(&shared.ruleset);
    let mut bytes = vec![dictionary.map_or(0, |d| d.id)];
    bytes.extend(crc32(payload.as_bytes()).to_be_bytes());
    bytes.extend(deflate(
        payload.as_bytes(),
        dictionary.map_or(&[][..], |d| d.bytes),
    )?);
    Ok(format!("{PREFIX}{}", base41::encode(&bytes)))
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = flate2::Crc::new();
    crc.update(bytes);
    crc.sum()
}

/// `bytes` in raw deflate (no zlib header), the best compression, over `dictionary`.
fn deflate(bytes: &[u8], dictionary: &[u8]) -> Result<Vec<u8>, String> {
    let failed = |e: flate2::CompressError| format!("cannot compress the code: {e}");
    let mut z = flate2::Compress::new(flate2::Compression::best(), false);
    if !dictionary.is_empty() {
        z.set_dictionary(dictionary).map_err(failed)?;
    }
    let mut out = Vec::with_capacity(bytes.len() / 2 + 64);
    loop {
        if out.len() == out.capacity() {
            out.reserve(out.capacity().max(64));
        }
        let read = usize::try_from(z.total_in()).unwrap_or(usize::MAX);
        let rest = bytes.get(read..).unwrap_or_default();
        match z
            .compress_vec(rest, &mut out, flate2::FlushCompress::Finish)
            .map_err(failed)?
        {
            flate2::Status::StreamEnd => return Ok(out),
            flate2::Status::Ok | flate2::Status::BufError => {}
        }
    }
}

/// The bytes `deflated` inflates to over `dictionary`, at most [`MAX_PAYLOAD_BYTES`] of them
/// (inflating stops past them: a zip bomb costs a megabyte, not the machine's memory).
fn inflate(deflated: &[u8], dictionary: &[u8], check: &str) -> Result<Vec<u8>, String> {
    let mut z = flate2::Decompress::new(false);
    if !dictionary.is_empty() {
        z.set_dictionary(dictionary).map_err(|e| {
            format!("the code is damaged: its dictionary does not apply ({e}); {check}")
        })?;
    }
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 32 * 1024];
    loop {
        let (read, wrote) = (z.total_in(), z.total_out());
        let rest = deflated
            .get(usize::try_from(read).unwrap_or(usize::MAX)..)
            .unwrap_or_default();
        let status = z
            .decompress(rest, &mut chunk, flate2::FlushDecompress::None)
            .map_err(|e| {
                format!(
                    "the code is damaged: its compressed list does not inflate ({e}): a character changed or is missing; {check}"
                )
            })?;
        let made = usize::try_from(z.total_out() - wrote).unwrap_or(chunk.len());
        out.extend_from_slice(&chunk[..made]);
        if out.len() as u64 > MAX_PAYLOAD_BYTES {
            return Err(format!(
                "the code inflates to more than {MAX_PAYLOAD_BYTES} bytes: muster reads no list that large"
            ));
        }
        match status {
            flate2::Status::StreamEnd => break,
            _ if made == 0 && z.total_in() == read => {
                return Err(format!(
                    "the code is damaged: it ends early, its last part is missing; {check}"
                ))
            }
            _ => {}
        }
    }
    if (z.total_in() as usize) < deflated.len() {
        return Err(format!(
            "the code is damaged: it goes on after its end (was other text pasted after it?); {check}"
        ));
    }
    Ok(out)
}

/// Where a code's prefix (`MU`, a version, `:`, in either case) begins in `text`.
fn prefix_at(text: &str) -> Option<usize> {
    text.char_indices().map(|(i, _)| i).find(|&i| {
        let rest = text.as_bytes().get(i..).unwrap_or_default();
        let digits = rest
            .get(2..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        rest.len() > 2
            && rest[..2].eq_ignore_ascii_case(b"MU")
            && (1..=3).contains(&digits)
            && rest.get(2 + digits) == Some(&b':')
    })
}

/// The code in a text as pasted. Whatever comes before its prefix (a label, "Code: ", a
/// quote) is no part of it, nor a quote anywhere (no code has one). A code of the second and
/// third formats has no blank: every blank, line break and invisible character a chat adds
/// anywhere (a non-breaking or zero-width space) is no part of it, and its letters are read
/// in either case. A code of the first format (`MU1:`, base45) may hold spaces: only line
/// breaks and tabs are left out of it.
pub fn clean(text: &str) -> String {
    let text = match prefix_at(text) {
        Some(at) => &text[at..],
        None => text.trim_start_matches(|c: char| c.is_whitespace() || invisible(c) || quote(c)),
    };
    let upper = |t: &str| t.get(..PREFIX_V1.len()).map(str::to_ascii_uppercase);
    if upper(text).as_deref() == Some(PREFIX_V1) {
        return text
            .chars()
            .filter(|c| !matches!(c, '\n' | '\r' | '\t') && !invisible(*c) && !quote(*c))
            .collect();
    }
    text.chars()
        .filter(|c| !c.is_whitespace() && !invisible(*c) && !quote(*c))
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

/// The quotes a code is pasted in: straight, curly, angled, backticks.
fn quote(c: char) -> bool {
    matches!(
        c,
        '"' | '\'' | '`' | '\u{201c}' | '\u{201d}' | '\u{2018}' | '\u{2019}' | '«' | '»'
    )
}

/// What to check of a damaged code of the first format: whole, and quoted for a shell.
const CHECK_V1: &str = "check that it was copied whole, from MU1: to its last character; an MU1 code holds spaces and `$`: on a command line put it in single quotes ('MU1:…'), as a shell changes `$` in double quotes";

/// What to check of a damaged code: whole, nothing added.
fn check_of(prefix: &str) -> String {
    format!(
        "check that it was copied whole, from {prefix} to its last character, with nothing added (a chat may cut a long message in two; a code needs no quotes on a command line)"
    )
}

/// What a code carries, every part of it checked; a message saying what was expected and
/// found otherwise, and what to check.
pub fn decode(text: &str) -> Result<Shared, String> {
    let code = clean(text);
    if code.len() > MAX_CODE_CHARS {
        return Err(format!(
            "the code is {} characters long: a share code has at most {MAX_CODE_CHARS}",
            code.len()
        ));
    }
    let (bytes, check, dictionary_byte) = if let Some(rest) = code.strip_prefix(PREFIX) {
        (base41::decode(rest), check_of(PREFIX), true)
    } else if let Some(rest) = code.strip_prefix(PREFIX_V2) {
        (base41::decode(rest), check_of(PREFIX_V2), false)
    } else if let Some(rest) = code.strip_prefix(PREFIX_V1) {
        (base45::decode(rest), CHECK_V1.to_owned(), false)
    } else {
        return Err(not_a_code(&code));
    };
    let bytes = bytes.map_err(|e| format!("the code is damaged: {e}; {check}"))?;
    let too_short = || {
        format!(
            "the code is damaged: {} characters are too few for a code: only its start? {check}",
            code.len()
        )
    };
    // A dictionary's byte, four of checksum, one of deflate at the least.
    if bytes.len() < usize::from(dictionary_byte) + 5 {
        return Err(too_short());
    }
    let (dictionary, bytes) = match (dictionary_byte, bytes.split_first()) {
        (false, _) => (None, &bytes[..]),
        (true, Some((&0, rest))) => (None, rest),
        (true, Some((&id, rest))) => match Dictionary::of(id) {
            Some(d) => (Some(d), rest),
            None => {
                return Err(format!(
                    "the code was made by a newer muster (its dictionary {id} is not one this muster has): update muster to import it"
                ))
            }
        },
        (true, None) => return Err(too_short()),
    };
    let Some((sum, deflated)) = bytes.split_first_chunk::<4>() else {
        return Err(too_short());
    };
    let payload = inflate(deflated, dictionary.map_or(&[][..], |d| d.bytes), &check)?;
    if crc32(&payload).to_be_bytes() != *sum {
        return Err(format!(
            "the code is damaged: its checksum does not match what it carries (a character changed or is missing); {check}"
        ));
    }
    let payload = String::from_utf8(payload)
        .map_err(|e| format!("the code is damaged: it carries no UTF-8 text ({e}); {check}"))?;
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
                "expected a share code beginning with {PREFIX} (as `muster list share` prints it), found `{}`: copy the code whole, from its {PREFIX}",
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

    /// The bytes of a code of the first two formats: CRC-32 and deflate without dictionary.
    fn old_bytes(shared: &Shared) -> Vec<u8> {
        let payload = payload(shared).unwrap();
        let mut bytes = crc32(payload.as_bytes()).to_be_bytes().to_vec();
        bytes.extend(deflate(payload.as_bytes(), &[]).unwrap());
        bytes
    }

    #[test]
    fn a_code_is_alphanumeric_text_that_comes_back() {
        let code = encode(&sample()).unwrap();
        assert!(code.starts_with("MU3:"));
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

    /// A label before the code and quotes around it, as a chat or a mail shows it, are no
    /// part of it (it said "expected a share code beginning with MU2:, found `CODE:MU2:…`").
    #[test]
    fn a_label_and_quotes_are_left_out() {
        let code = encode(&sample()).unwrap();
        for pasted in [
            format!("Code: {code}"),
            format!("Share code:\n\"{}\n{}\"\n", &code[..30], &code[30..]),
            format!("list code → “{code}”"),
            format!("'{}' ", code.to_ascii_lowercase()),
            format!("«\u{a0}{code}\u{a0}»"),
        ] {
            assert_eq!(decode(&pasted).unwrap(), sample(), "{pasted}");
        }
        // A code of the first format keeps its spaces, not its label and quotes.
        let v1 = format!("{PREFIX_V1}{}", base45::encode(&old_bytes(&sample())));
        assert!(v1.contains(' '), "{v1}");
        assert_eq!(decode(&format!("Code: '{v1}'\n")).unwrap(), sample());
    }

    /// Codes of the first formats (base45, which has spaces; base41 without a dictionary)
    /// still read.
    #[test]
    fn codes_of_the_earlier_formats_still_read() {
        let bytes = old_bytes(&sample());
        let v1 = format!("{PREFIX_V1}{}", base45::encode(&bytes));
        assert_eq!(decode(&v1).unwrap(), sample());
        assert_eq!(decode(&format!(" {v1}\n")).unwrap(), sample());
        let v2 = format!("{PREFIX_V2}{}", base41::encode(&bytes));
        assert_eq!(decode(&v2).unwrap(), sample());
        assert_eq!(decode(&format!(" {v2}\n")).unwrap(), sample());
    }

    #[test]
    fn damaged_codes_are_refused_in_words() {
        let code = encode(&sample()).unwrap();
        let said = |c: &str| decode(c).unwrap_err();
        assert!(said("MU4:ABC").contains("made by a newer muster (format MU4"));
        assert!(said("hello").contains("expected a share code beginning with MU3:"));
        assert!(said("MU3:A$C").contains("is not base41"));
        assert!(said("MU2:A$C").contains("is not base41"));
        assert!(said("MU1:abc").contains("is not base45"));
        for short in ["MU3:J.9", "MU2:J.9", "MU1:BB8"] {
            assert!(
                said(short).contains("too few for a code: only its start?"),
                "{short}"
            );
        }
        // Every damaged code says what to check: that it was copied whole; an MU1 code, how
        // to quote it in a shell.
        for c in ["MU3:A$C", "MU3:J.9", "MU2:J.9"] {
            assert!(
                said(c).contains("copied whole, from MU"),
                "{c}: {}",
                said(c)
            );
        }
        assert!(said("MU1:abc").contains("put it in single quotes"));
        // Truncated: deflate ends early, or base41's grouping breaks.
        for cut in [code.len() - 1, code.len() - 3, code.len() / 2] {
            let e = said(&code[..cut]);
            assert!(e.starts_with("the code is damaged"), "{cut}: {e}");
            assert!(
                e.contains("copied whole, from MU3: to its last character"),
                "{e}"
            );
        }
        let bytes = base41::decode(&code[PREFIX.len()..]).unwrap();
        let cut = format!("{PREFIX}{}", base41::encode(&bytes[..bytes.len() - 2]));
        let e = said(&cut);
        assert!(e.contains("it ends early, its last part is missing"), "{e}");
        // One character changed: the checksum or deflate says so.
        let mut chars: Vec<char> = code.chars().collect();
        let at = chars.len() - 5;
        chars[at] = if chars[at] == 'A' { 'B' } else { 'A' };
        let changed: String = chars.into_iter().collect();
        assert!(said(&changed).starts_with("the code is damaged"));
        // Bytes after the end of its deflate (more text pasted after it).
        let mut longer = base41::decode(&code[PREFIX.len()..]).unwrap();
        longer.extend([7, 7]);
        let longer = format!("{PREFIX}{}", base41::encode(&longer));
        assert!(
            said(&longer).contains("goes on after its end"),
            "{}",
            said(&longer)
        );
        // A dictionary this muster does not have.
        let mut bytes = base41::decode(&code[PREFIX.len()..]).unwrap();
        bytes[0] = 255;
        let newer = format!("{PREFIX}{}", base41::encode(&bytes));
        assert!(said(&newer).contains("its dictionary 255 is not one this muster has"));
        assert!(said(&"A".repeat(MAX_CODE_CHARS + 1)).contains("at most 65536"));
    }

    /// A payload that inflates past the limit is refused while inflating, in every format.
    #[test]
    fn a_zip_bomb_is_refused() {
        let big = "#".repeat(MAX_PAYLOAD_BYTES as usize + 10);
        let deflated = deflate(big.as_bytes(), &[]).unwrap();
        let bytes = [&[0u8; 4][..], &deflated].concat();
        for code in [
            format!("{PREFIX}{}", base41::encode(&[&[0u8][..], &bytes].concat())),
            format!("{PREFIX_V2}{}", base41::encode(&bytes)),
        ] {
            assert!(code.len() < 10_000, "{}", code.len());
            assert!(decode(&code).unwrap_err().contains("inflates to more than"));
        }
    }

    #[test]
    fn a_payload_that_is_not_a_list_is_refused() {
        let payload = "ruleset = \"pike-and-shot\"\nname = \"x\"\nlist = \"\"\nweapons = 3\n";
        let mut bytes = vec![0u8];
        bytes.extend(crc32(payload.as_bytes()).to_be_bytes());
        bytes.extend(deflate(payload.as_bytes(), &[]).unwrap());
        let code = format!("{PREFIX}{}", base41::encode(&bytes));
        let e = decode(&code).unwrap_err();
        assert!(
            e.contains("carries no muster list") && e.contains("weapons"),
            "{e}"
        );
    }

    /// The dictionaries are frozen: each as it was made (its CRC-32 recorded when it was
    /// added), at most the window, its ruleset named, its id its own.
    #[test]
    fn the_dictionaries_never_change() {
        assert!(!DICTIONARIES.is_empty());
        for (i, d) in DICTIONARIES.iter().enumerate() {
            assert_eq!(
                crc32(d.bytes),
                d.crc32,
                "dictionary {} changed: a dictionary is never changed (codes made with it would no longer read); make a new one (see Dictionary)",
                d.id
            );
            assert!(d.id != 0, "0 is no dictionary");
            assert!(DICTIONARIES[..i].iter().all(|o| o.id < d.id), "{}", d.id);
            assert!(d.bytes.len() <= MAX_DICTIONARY_BYTES, "{}", d.id);
            assert!(d.ruleset().is_some(), "{}", d.id);
        }
    }

    /// A list of a ruleset with a dictionary is deflated over it and reads back; the same
    /// bytes read without it do not.
    #[test]
    fn a_dictionary_serves_its_rulesets_codes() {
        let d = DICTIONARIES.last().unwrap();
        let ruleset = d.ruleset().unwrap().to_owned();
        let shared = Shared {
            list: format!("[list]\nname = \"x\"\nruleset = \"{ruleset}\"\n"),
            ruleset,
            ..sample()
        };
        let code = encode(&shared).unwrap();
        let mut bytes = base41::decode(&code[PREFIX.len()..]).unwrap();
        assert_eq!(bytes[0], d.id);
        assert_eq!(decode(&code).unwrap(), shared);
        bytes[0] = 0;
        let without = format!("{PREFIX}{}", base41::encode(&bytes));
        assert!(decode(&without)
            .unwrap_err()
            .starts_with("the code is damaged"));
        // A ruleset without one: no dictionary.
        let plain = encode(&sample()).unwrap();
        assert_eq!(base41::decode(&plain[PREFIX.len()..]).unwrap()[0], 0);
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
