//! `muster serve` against clients that connect and send nothing (issue 34, defect 5): a
//! connection without a complete request head is closed after the documented time, idle
//! keep-alive ones too; 2,000 half-open connections leave a paired browser answered at once
//! (the server closes the oldest of them rather than run out of files).

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::os::unix::process::CommandExt;
use std::time::{Duration, Instant};

use crate::serve::Server;

/// How long a connection may wait for a complete request head: HEAD_TIMEOUT of
/// src/serve/connections.rs, docs/development.md's limits.
const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// The half-open connections of the load test.
const FLOOD: usize = 2000;

/// Raises this process's soft open-file limit to its hard one and returns it.
fn raise_own_open_files() -> u64 {
    let mut l = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut l), 0);
        let raised = libc::rlimit {
            rlim_cur: l.rlim_max,
            rlim_max: l.rlim_max,
        };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
            l.rlim_cur = l.rlim_max;
        }
    }
    #[allow(clippy::unnecessary_cast)]
    let soft = l.rlim_cur as u64;
    soft
}

/// One GET on a new connection, everything bounded by `limit`: the status and the time from
/// connecting to the whole answer read, or what went wrong.
fn timed_get(
    port: u16,
    path: &str,
    cookie: Option<&str>,
    limit: Duration,
) -> Result<(u16, Duration), String> {
    let start = Instant::now();
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut s =
        TcpStream::connect_timeout(&addr, limit).map_err(|e| format!("cannot connect: {e}"))?;
    s.set_read_timeout(Some(limit)).unwrap();
    let mut head =
        format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    if let Some(c) = cookie {
        head.push_str(&format!("Cookie: {c}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())
        .map_err(|e| format!("cannot send: {e}"))?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)
        .map_err(|e| format!("no answer after {:?}: {e}", start.elapsed()))?;
    let status = String::from_utf8_lossy(&raw)
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| format!("no status in {:?}", String::from_utf8_lossy(&raw)))?;
    Ok((status, start.elapsed()))
}

/// Whether the server has closed this connection (it reads as ended or reset).
fn closed_by_server(c: &TcpStream) -> bool {
    c.set_nonblocking(true).unwrap();
    let mut byte = [0u8; 64];
    let mut c = c;
    loop {
        match c.read(&mut byte) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == ErrorKind::WouldBlock => return false,
            Err(_) => return true,
        }
    }
}

/// How long until the server closes `c` (it reads as ended or reset), at most `limit`.
fn time_to_close(mut c: TcpStream, since: Instant, limit: Duration) -> Option<Duration> {
    c.set_read_timeout(Some(limit)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match c.read(&mut buf) {
            Ok(0) => return Some(since.elapsed()),
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return None
            }
            Err(_) => return Some(since.elapsed()),
        }
    }
}

/// A connection that sends nothing, one that sends half a request head, and one idle after
/// an answer (HTTP/1.1 keeps it open) are each closed by the server HEAD_TIMEOUT after they
/// opened or were last answered (the server looks every second: within a second and a
/// little more). Measured (debug build, 2 cores, load average 6 from other builds): each
/// closed after 5.00 to 5.01 s, in four runs.
#[test]
fn a_connection_that_sends_no_request_is_closed_after_five_seconds() {
    let s = Server::start();
    let addr = SocketAddr::from(([127, 0, 0, 1], s.port));
    let limit = HEAD_TIMEOUT * 3;
    let silent = TcpStream::connect(addr).unwrap();
    let silent_since = Instant::now();
    let mut half = TcpStream::connect(addr).unwrap();
    let half_since = Instant::now();
    half.write_all(format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n", s.port).as_bytes())
        .unwrap();
    // A whole request, its whole answer read: the connection then idles.
    let mut idle = TcpStream::connect(addr).unwrap();
    idle.write_all(
        format!(
            "GET /manifest.webmanifest HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            s.port
        )
        .as_bytes(),
    )
    .unwrap();
    idle.set_read_timeout(Some(limit)).unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    let idle_since = loop {
        let n = idle.read(&mut buf).expect("an answer");
        assert!(n > 0, "closed before answering");
        answer.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&answer).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let length: usize = text
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(str::to_owned)
                })
                .and_then(|n| n.trim().parse().ok())
                .expect("a content-length");
            if answer.len() >= end + 4 + length {
                assert!(text.starts_with("HTTP/1.1 200"), "{text}");
                break Instant::now();
            }
        }
    };
    let waits: Vec<_> = [
        ("sending nothing", silent, silent_since),
        ("with half a request head", half, half_since),
        ("idle after an answer", idle, idle_since),
    ]
    .into_iter()
    .map(|(what, c, since)| std::thread::spawn(move || (what, time_to_close(c, since, limit))))
    .collect();
    for w in waits {
        let (what, closed) = w.join().unwrap();
        let closed =
            closed.unwrap_or_else(|| panic!("a connection {what} still open after {limit:?}"));
        println!("a connection {what}: closed by the server after {closed:.2?}");
        assert!(
            closed >= HEAD_TIMEOUT - Duration::from_millis(100)
                && closed <= HEAD_TIMEOUT + Duration::from_millis(2500),
            "a connection {what} closed after {closed:?}, not about {HEAD_TIMEOUT:?}"
        );
    }
    // The server answers on.
    assert_eq!(s.get("/").status, 200);
    let (code, err) = s.stop();
    assert_eq!(code, Some(0), "{err}");
}

/// `muster serve --lan` started with an open-file limit of 256 (soft) and 1,024 (hard),
/// macOS's and many Linux systems' start: it raises its own to 1,024 and keeps at most 896
/// connections. 2,000 connections that send nothing or half a request head, then a paired
/// browser asks for the first page: answered 200 within a second; a browser not paired gets
/// its 401 as quickly; the server has closed at least the 2,000 − 1,024 connections it had
/// no file for, and stops as usual. (Before: it accepted about 250, then accept() failed for
/// want of files and nobody was answered.)
///
/// Measured (debug build, 2 cores, load average 6 from other builds; four runs): 2,000
/// connections opened in 0.13 to 1.1 s (the longest when the kernel's queue overflowed once
/// and a SYN was sent again), 1,105 of them closed by the server (it keeps 896 at most); the
/// paired page 200 in 5 to 85 ms, the unpaired 401 in 4 to 11 ms; the server's resident
/// memory 45 to 47 MB. Today's main (axum::serve, its limit left at 256): about 250
/// connections accepted, then accept() failing for want of files; the paired browser could
/// not even connect within 2 s.
#[test]
fn two_thousand_half_open_connections_leave_a_paired_browser_answered() {
    let own = raise_own_open_files();
    // Room for the flood and this test binary's own files.
    let flood = FLOOD.min(own.saturating_sub(200) as usize);
    if flood < FLOOD {
        println!("this process may open {own} files: {flood} connections instead of {FLOOD}");
    }
    let mut s = Server::launch_with(&["--lan"], &[], |cmd| {
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                let l = libc::rlimit {
                    rlim_cur: 256,
                    rlim_max: 1024,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &l) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    });
    s.pair();
    let cookie = s.cookie.clone().unwrap();

    let addr = SocketAddr::from(([127, 0, 0, 1], s.port));
    let half = format!(
        "GET /api/lists HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAccept: application/json\r\n",
        s.port
    );
    let start = Instant::now();
    let deadline = start + Duration::from_secs(20);
    let mut open = Vec::with_capacity(flood);
    let mut failed = Vec::new();
    for i in 0..flood {
        if Instant::now() > deadline {
            failed.push(format!("{} connections left untried at 20 s", flood - i));
            break;
        }
        // The kernel drops a SYN while the listener's queue is full (1,024: this loop connects
        // faster than a debug build accepts); the client's TCP sends it again after a second.
        match TcpStream::connect_timeout(&addr, Duration::from_secs(3)) {
            Ok(mut c) => {
                if i % 2 == 1 {
                    // The server may have closed it for a newer one already.
                    let _ = c.write_all(half.as_bytes());
                }
                open.push(c);
            }
            Err(e) => failed.push(e.to_string()),
        }
    }
    let opened = start.elapsed();
    let paired = timed_get(s.port, "/", Some(&cookie), Duration::from_secs(2));
    let unpaired = timed_get(s.port, "/api/lists", None, Duration::from_secs(2));
    let closed = open.iter().filter(|c| closed_by_server(c)).count();
    let memory = std::fs::read_to_string(format!("/proc/{}/status", s.pid()))
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .map(|l| l.split_whitespace().nth(1).unwrap_or("?").to_owned())
        })
        .unwrap_or_default();
    println!(
        "{} connections opened in {opened:.2?} ({} failed), {closed} closed by the server; \
         paired page: {paired:?}; unpaired: {unpaired:?}; server's resident memory {memory} kB",
        open.len(),
        failed.len()
    );
    let (status, took) = paired.unwrap_or_else(|e| panic!("the paired browser: {e}"));
    assert_eq!(status, 200);
    assert!(
        took < Duration::from_secs(1),
        "the paired page took {took:?}"
    );
    let (status, took) = unpaired.unwrap_or_else(|e| panic!("the browser not paired: {e}"));
    assert_eq!(status, 401);
    assert!(took < Duration::from_secs(1), "the 401 took {took:?}");
    assert!(
        failed.is_empty(),
        "{} of {flood} connections failed: {:?}",
        failed.len(),
        &failed[..failed.len().min(3)]
    );
    assert!(
        closed >= flood.saturating_sub(1024),
        "only {closed} of {flood} connections closed: more open than the server has files for"
    );
    // Linux says the server's limits: its soft one raised to the hard.
    if let Ok(limits) = std::fs::read_to_string(format!("/proc/{}/limits", s.pid())) {
        let line = limits
            .lines()
            .find(|l| l.starts_with("Max open files"))
            .unwrap()
            .to_owned();
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            words[3..5],
            ["1024", "1024"],
            "raised to the hard limit: {line}"
        );
    }
    drop(open);
    let (code, err) = s.stop();
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("muster serve: stopped"), "{err}");
}
