//! User text on its way out: to a terminal, into a one-line message, into Markdown. Text from
//! lists and data files may hold characters that steer a terminal (ESC, CR, C1 controls) or
//! reorder what is shown (bidirectional overrides); they never reach the output as such.

use std::borrow::Cow;

/// Characters that must not reach a terminal raw: C0 controls other than tab and newline,
/// DEL, C1 controls, bidirectional marks, embeddings, overrides and isolates, and the
/// Unicode line and paragraph separators.
pub fn is_unsafe(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{2028}' | '\u{2029}'
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A value on one line of plain text (a roster for a chat): line breaks and tabs become
/// spaces, characters that steer a terminal the replacement character.
pub fn plain_line(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' => ' ',
            c if is_unsafe(c) => '\u{fffd}',
            c => c,
        })
        .collect()
}

/// A sentence for a player to read: each `code span` of the CLI's words is quoted instead
/// (“code span”), no backtick left.
pub fn quoted(text: &str) -> String {
    let mut open = true;
    text.chars()
        .map(|c| match c {
            '`' => {
                open = !open;
                if open {
                    '”'
                } else {
                    '“'
                }
            }
            c => c,
        })
        .collect()
}

/// The text with each unsafe character replaced by a placeholder of the same length in bytes
/// (`?`, `¿` or `�`), so that byte offsets into the original still point at the same places.
/// A carriage return that ends a line (CRLF) is kept.
pub fn same_length_printable(text: &str) -> String {
    if !text.chars().any(is_unsafe) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            out.push(c);
        } else if is_unsafe(c) {
            out.push(match c.len_utf8() {
                1 => '?',
                2 => '¿',
                _ => '\u{fffd}',
            });
        } else {
            out.push(c);
        }
    }
    out
}

/// The text on one line for a terminal or a message: unsafe characters, newlines and tabs
/// are shown as escapes (`\u{1b}`, `\n`).
pub fn one_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) || c == '\n' || c == '\t') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if is_unsafe(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Multi-line text for a terminal: lines are kept, unsafe characters are shown as escapes.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if is_unsafe(c) {
                    format!("\\u{{{:x}}}", c as u32)
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// Text inside a Markdown table cell or list item: on one line (line breaks become spaces),
/// with the characters that would open markup escaped.
pub fn markdown(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| {
            if c == '\n' || c == '\r' || c == '\t' {
                ' '
            } else {
                c
            }
        })
        .collect();
    let mut out = String::with_capacity(text.len() + 8);
    for c in one_line(&flat).chars() {
        if matches!(
            c,
            '\\' | '|' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '!' | '~'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `n` things in English: "1 campaign", "2 campaigns" (`noun` singular, `plural` its plural),
/// by the one count formatter ([`crate::core::words::counted`]).
pub fn count(n: usize, noun: &str, plural: &str) -> String {
    crate::core::words::counted(
        crate::core::i18n::Lang::En,
        i64::try_from(n).unwrap_or(i64::MAX),
        noun,
        plural,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_keep_byte_offsets() {
        let text = "a\u{1b}[31mb\r\nc\u{202e}d\u{9b}e\rf";
        let shown = same_length_printable(text);
        assert_eq!(shown.len(), text.len());
        assert_eq!(shown, "a?[31mb\r\nc\u{fffd}d¿e?f");
        assert!(!shown.replace("\r\n", "\n").chars().any(is_unsafe));
    }

    #[test]
    fn escapes() {
        assert_eq!(one_line("x\ny\u{1b}"), "x\\ny\\u{1b}");
        assert_eq!(printable("a\nb\u{202e}"), "a\nb\\u{202e}");
        assert_eq!(markdown("a | b\n# c\u{1b}"), "a \\| b \\# c\\\\u{1b}");
        assert!(matches!(one_line("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn code_spans_are_quoted() {
        assert_eq!(
            quoted("set `figures = 6` in `[[units]]`"),
            "set “figures = 6” in “[[units]]”"
        );
        assert_eq!(quoted("no spans"), "no spans");
    }
}

/// A subtitle that says each thing once: the parts (each split at " / " and " · "), without
/// repeats (case aside) and without what the title already says, joined with " · ".
pub fn subtitle(title: &str, parts: &[&str]) -> String {
    let split = |s: &str| -> Vec<String> {
        s.split(" / ")
            .flat_map(|p| p.split(" · "))
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect()
    };
    let mut seen: Vec<String> = split(title).iter().map(|p| p.to_lowercase()).collect();
    seen.push(title.trim().to_lowercase());
    let mut out: Vec<String> = Vec::new();
    for part in parts.iter().flat_map(|p| split(p)) {
        let key = part.to_lowercase();
        if !seen.contains(&key) {
            seen.push(key);
            out.push(part);
        }
    }
    out.join(" · ")
}

#[cfg(test)]
mod subtitle_tests {
    use super::subtitle;

    #[test]
    fn each_thing_once() {
        assert_eq!(
            subtitle(
                "Capitaine Dubreton",
                &[
                    "6e Léger / Capitaine Dubreton",
                    "6e Léger · 2e Bataillon · Capitaine Dubreton"
                ]
            ),
            "6e Léger · 2e Bataillon"
        );
        assert_eq!(
            subtitle(
                "1. Sharpe",
                &[
                    "95th Rifles / Lieutenant Sharpe",
                    "95th Rifles · Lieutenant Sharpe"
                ]
            ),
            "95th Rifles · Lieutenant Sharpe"
        );
        assert_eq!(subtitle("Hussars", &["hussars", ""]), "");
    }
}
