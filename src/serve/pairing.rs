//! Pairing the phones at the club with `muster serve` on a network (`--lan`, or any `--host`
//! that is not loopback), as Jupyter does: a random token in the URL printed at start (and its
//! QR code); opening it gives the browser a session cookie and drops the token from the
//! address bar; every other request without a session is refused.
//!
//! Every browser pairs, the desktop's too: on a shared machine other users reach loopback,
//! so no peer is trusted for its address. Only the machine's own user sees the token: it is
//! printed once, in the terminal that started the server, and the desktop page's QR code
//! comes from an API that answers a paired browser on this machine only.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::Mutex;

use axum::http::{header, HeaderMap};

use crate::core::error::Error;

/// Sessions kept at most: the oldest is forgotten beyond (a phone paired again takes one more).
const MAX_SESSIONS: usize = 256;

/// The pairing token and the sessions it opened.
pub(crate) struct Pairing {
    token: [u8; 16],
    /// The session cookie's name: with the port, as browsers keep cookies by host, whatever
    /// the port (two servers on one machine do not overwrite each other's).
    cookie: String,
    sessions: Mutex<VecDeque<[u8; 16]>>,
}

impl Pairing {
    /// A new token, 128 bits from the operating system's random source.
    pub fn new(port: u16) -> Result<Self, Error> {
        Ok(Pairing {
            token: random()?,
            cookie: format!("muster-{port}"),
            sessions: Mutex::new(VecDeque::new()),
        })
    }

    /// The pairing URL on `authority` (`192.168.1.20:8808`, `[fd00::2]:8808`).
    pub fn url(&self, authority: &str) -> String {
        format!("http://{authority}/pair?token={}", base64url(&self.token))
    }

    /// Whether `given` is the token, compared in constant time.
    pub fn accepts(&self, given: &str) -> bool {
        unbase64url(given).is_some_and(|t| same(&t, &self.token))
    }

    /// Opens a session: the `Set-Cookie` header that gives it to the browser. The session id
    /// is a random value of its own, not the token.
    pub fn open_session(&self) -> Result<String, Error> {
        let id = random()?;
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        if sessions.len() >= MAX_SESSIONS {
            sessions.pop_front();
        }
        sessions.push_back(id);
        Ok(format!(
            "{}={}; Path=/; HttpOnly; SameSite=Strict",
            self.cookie,
            base64url(&id)
        ))
    }

    /// Whether the request carries one of the sessions opened (every session compared in
    /// constant time, whichever matches).
    pub fn has_session(&self, headers: &HeaderMap) -> bool {
        let ids: Vec<[u8; 16]> = cookie_values(headers, &self.cookie)
            .filter_map(unbase64url)
            .collect();
        if ids.is_empty() {
            return false;
        }
        let sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        sessions
            .iter()
            .fold(false, |found, s| found | ids.iter().any(|id| same(id, s)))
    }
}

/// 16 bytes from the operating system (getrandom: `getrandom(2)` on Linux, the platform's
/// equivalent elsewhere); an error, never a weaker fallback, if it cannot give them.
pub(super) fn random() -> Result<[u8; 16], Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        Error::Usage(format!(
            "cannot draw a pairing token: the system's random source failed ({e})"
        ))
    })?;
    Ok(bytes)
}

/// Equal, in a time that does not depend on where two values first differ.
pub(super) fn same(a: &[u8; 16], b: &[u8; 16]) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y));
    std::hint::black_box(diff) == 0
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// 16 bytes as 22 characters of URL-safe base64, without padding.
pub(super) fn base64url(bytes: &[u8; 16]) -> String {
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = String::with_capacity(22);
    for &b in bytes {
        bits = (bits << 8) | u32::from(b);
        count += 8;
        while count >= 6 {
            count -= 6;
            out.push(ALPHABET[((bits >> count) & 63) as usize] as char);
        }
    }
    if count > 0 {
        out.push(ALPHABET[((bits << (6 - count)) & 63) as usize] as char);
    }
    out
}

/// [`base64url`] read back: exactly 22 characters of its alphabet, the last one's spare bits
/// zero; anything else is no token.
pub(super) fn unbase64url(text: &str) -> Option<[u8; 16]> {
    if text.len() != 22 {
        return None;
    }
    let mut out = [0u8; 16];
    let mut bits = 0u32;
    let mut count = 0;
    let mut i = 0;
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        bits = (bits << 6) | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            out[i] = (bits >> count) as u8;
            i += 1;
        }
    }
    (bits & ((1 << count) - 1) == 0).then_some(out)
}

/// One address of one of the machine's network interfaces.
pub(crate) struct Address {
    pub interface: String,
    pub ip: IpAddr,
}

/// Every address of the machine's interfaces (none if they cannot be listed).
pub(crate) fn machine_addresses() -> Vec<Address> {
    if_addrs::get_if_addrs()
        .map(|all| {
            all.into_iter()
                .map(|i| Address {
                    ip: i.ip(),
                    interface: i.name,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Interfaces no phone reaches: bridges to containers and virtual machines.
fn virtual_bridge(interface: &str) -> bool {
    [
        "docker", "br-", "veth", "virbr", "lxcbr", "vboxnet", "vmnet", "cni", "podman",
    ]
    .iter()
    .any(|p| interface.starts_with(p))
}

/// The addresses a phone on the same network may reach the server at, bound to `bound`: the
/// bound address itself; or, bound to every address, the machine's IPv4 addresses (and IPv6
/// ones, bound to `::`), but not loopback, link-local addresses (169.254/16, fe80::/10: no
/// network gave them) nor container and virtual-machine bridges.
pub(crate) fn lan_addresses(addresses: &[Address], bound: IpAddr) -> Vec<IpAddr> {
    if !bound.is_unspecified() {
        return vec![bound];
    }
    let mut out: Vec<IpAddr> = addresses
        .iter()
        .filter(|a| !virtual_bridge(&a.interface))
        .map(|a| a.ip)
        .filter(|ip| match ip {
            IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_link_local() && !v4.is_unspecified(),
            IpAddr::V6(v6) => {
                bound.is_ipv6()
                    && !v6.is_loopback()
                    && !v6.is_unicast_link_local()
                    && !v6.is_unspecified()
            }
        })
        .collect();
    // IPv4 first: what a phone on a club's Wi-Fi reaches surely.
    out.sort_by_key(|ip| ip.is_ipv6());
    out.dedup();
    out
}

/// An address as a URL's host (`192.168.1.20`, `[fd00::2]`).
pub(crate) fn host_of(ip: IpAddr) -> String {
    match ip.to_canonical() {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

/// `ip:port` as a URL's authority and a Host header write it (`[fd00::2]:8808`).
pub(crate) fn authority(ip: IpAddr, port: u16) -> String {
    format!("{}:{port}", host_of(ip))
}

/// The language of a refusal: the first of en, fr, es the browser's `Accept-Language`
/// prefers (by weight, then order), English otherwise.
pub(crate) fn preferred_lang(headers: &HeaderMap) -> &'static str {
    let Some(accept) = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
    else {
        return "en";
    };
    let mut best: Option<(&'static str, f32)> = None;
    for part in accept.split(',') {
        let mut fields = part.split(';');
        let tag = fields.next().unwrap_or("").trim().to_ascii_lowercase();
        let weight = fields
            .filter_map(|f| f.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let primary = tag.split('-').next().unwrap_or("");
        let Some(lang) = ["en", "fr", "es"].into_iter().find(|l| *l == primary) else {
            continue;
        };
        if weight > 0.0 && best.is_none_or(|(_, w)| weight > w) {
            best = Some((lang, weight));
        }
    }
    best.map_or("en", |(l, _)| l)
}

/// Text for HTML: `&`, `<`, `>` and `"` escaped.
pub(crate) fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The values of the request's cookies named `name` (a browser may send several).
pub(crate) fn cookie_values<'a>(
    headers: &'a HeaderMap,
    name: &'a str,
) -> impl Iterator<Item = &'a str> + 'a {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(move |(n, _)| *n == name)
        .map(|(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn tokens_read_back_and_nothing_else_does() {
        let p = Pairing::new(8808).unwrap();
        let url = p.url("192.168.1.20:8808");
        let token = url.split("token=").nth(1).unwrap();
        assert_eq!(token.len(), 22);
        assert!(p.accepts(token));
        for bad in [
            "",
            &token[..21],
            &format!("{token}A"),
            "AAAAAAAAAAAAAAAAAAAAAA",
            // The same bits but a spare bit set in the last character.
            "AAAAAAAAAAAAAAAAAAAAAB",
            "AAAAAAAAAAAAAAAAAAAA+/",
        ] {
            assert!(!p.accepts(bad), "{bad:?}");
        }
        for bytes in [[0u8; 16], [255; 16], *b"0123456789abcdef"] {
            assert_eq!(unbase64url(&base64url(&bytes)), Some(bytes));
        }
        // Two servers draw two tokens.
        assert_ne!(Pairing::new(8808).unwrap().token, p.token);
    }

    #[test]
    fn a_session_is_its_cookie_not_the_token() {
        let p = Pairing::new(8808).unwrap();
        let set = p.open_session().unwrap();
        assert!(
            set.ends_with("; Path=/; HttpOnly; SameSite=Strict"),
            "{set}"
        );
        let pair = set.split(';').next().unwrap();
        assert!(!pair.contains(&base64url(&p.token)));
        let mut h = HeaderMap::new();
        assert!(!p.has_session(&h));
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("other=1; {pair}")).unwrap(),
        );
        assert!(p.has_session(&h));
        // Another port's cookie, or the token as a cookie, is no session.
        let other = pair.replace("muster-8808", "muster-8809");
        h.insert(header::COOKIE, HeaderValue::from_str(&other).unwrap());
        assert!(!p.has_session(&h));
        let token = format!("muster-8808={}", base64url(&p.token));
        h.insert(header::COOKIE, HeaderValue::from_str(&token).unwrap());
        assert!(!p.has_session(&h));
    }

    #[test]
    fn sessions_are_bounded() {
        let p = Pairing::new(1).unwrap();
        let first = p.open_session().unwrap();
        for _ in 0..MAX_SESSIONS {
            p.open_session().unwrap();
        }
        let mut h = HeaderMap::new();
        let pair = first.split(';').next().unwrap();
        h.insert(header::COOKIE, HeaderValue::from_str(pair).unwrap());
        assert!(!p.has_session(&h), "the oldest was forgotten");
        assert_eq!(p.sessions.lock().unwrap().len(), MAX_SESSIONS);
    }

    #[test]
    fn the_lan_is_not_loopback_link_local_nor_a_bridge() {
        let a = |interface: &str, ip: &str| Address {
            interface: interface.into(),
            ip: ip.parse().unwrap(),
        };
        let all = [
            a("lo", "127.0.0.1"),
            a("lo", "::1"),
            a("eth0", "fe80::fc:ff:fe00:1"),
            a("eth0", "fd00::2"),
            a("eth0", "192.0.2.2"),
            a("wlan0", "169.254.3.4"),
            a("docker0", "172.17.0.1"),
            a("wlan0", "192.168.1.20"),
        ];
        let ips = |bound: &str| -> Vec<String> {
            lan_addresses(&all, bound.parse().unwrap())
                .iter()
                .map(|ip| authority(*ip, 8808))
                .collect()
        };
        assert_eq!(ips("0.0.0.0"), ["192.0.2.2:8808", "192.168.1.20:8808"]);
        assert_eq!(
            ips("::"),
            ["192.0.2.2:8808", "192.168.1.20:8808", "[fd00::2]:8808"]
        );
        assert_eq!(ips("192.168.1.20"), ["192.168.1.20:8808"]);
    }

    #[test]
    fn the_refusal_speaks_the_browsers_language() {
        let lang = |accept: &str| {
            let mut h = HeaderMap::new();
            h.insert(
                header::ACCEPT_LANGUAGE,
                HeaderValue::from_str(accept).unwrap(),
            );
            preferred_lang(&h)
        };
        assert_eq!(preferred_lang(&HeaderMap::new()), "en");
        assert_eq!(lang("fr-FR,fr;q=0.9,en;q=0.8"), "fr");
        assert_eq!(lang("de-DE,de;q=0.9,es;q=0.5,en;q=0.4"), "es");
        assert_eq!(lang("en;q=0.2, es-MX"), "es");
        assert_eq!(lang("de, ja"), "en");
        assert_eq!(lang("fr;q=0, es;q=0.1"), "es");
    }
}
