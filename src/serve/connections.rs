//! `muster serve`'s own accept loop (issue 34): hyper's HTTP/1 on tokio, as axum::serve does
//! it, with what axum::serve lacked against clients that connect and send nothing. A client
//! may hold a connection only while it is being answered: one that has not sent a complete
//! request head within [`HEAD_TIMEOUT`] of connecting, or of its previous answer (a browser's
//! idle keep-alive connection), is closed; a head is at most [`MAX_HEAD`] bytes. The
//! connections open at once are bounded ([`bound`]: from the process's open-file limit, which
//! [`raise_open_files`] first raises as far as the system allows), and at the bound a new
//! connection is still taken: the connection waiting longest for a head is closed for it
//! (an idle keep-alive one first, whose browser simply opens another), so that accept() never
//! runs out of files and a thousand silent sockets cannot lock every player out. Only when
//! every connection is being answered is the newcomer closed.
//!
//! Pairing is checked on the request's head, so none of this needs the token: a stranger on
//! the Wi-Fi may open sockets, but not keep them.

use std::collections::{BTreeSet, HashMap};
use std::net::SocketAddr;
use std::pin::{pin, Pin};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::{oneshot, watch};

/// How long a connection may wait for a complete request head, from its opening or from its
/// previous answer: a browser sends its head at once (a phone on a slow Wi-Fi in well under a
/// second) and keeps an idle connection for its next request, which may come later on a new
/// one. Apache's keep-alive timeout is the same 5 s.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// The largest request head (request line and headers): a browser's is under 2 KiB, its
/// cookies included. Larger is answered 431.
pub const MAX_HEAD: usize = 16 * 1024;

/// A connection's read buffer grows no larger (hyper's default is about 400 KiB): with
/// [`MAX_CONNECTIONS`], the memory silent or slow clients can hold is bounded.
const MAX_BUFFER: usize = 32 * 1024;

/// The most connections open at once, whatever the open-file limit: about 4,096 × 40 KiB of
/// buffers at worst. A household's phones need a few dozen.
pub const MAX_CONNECTIONS: usize = 4096;

/// How often connections past [`HEAD_TIMEOUT`] are looked for, besides hyper's own timer
/// (which does not run while hyper drains a refused request's body).
const SWEEP: Duration = Duration::from_secs(1);

/// Connections the system keeps for the server before it accepts them: a burst of them (a
/// page's assets on several phones at once, or a flood) waits there. std and tokio ask for
/// 128, which a flood fills between two turns of the accept loop on a busy machine; Linux
/// grants up to `net.core.somaxconn` (4,096 by default).
const BACKLOG: u32 = 1024;

/// Listens on `addr` as tokio's `TcpListener::bind` does (the address reusable at once
/// after a restart, but on Windows), with a queue of [`BACKLOG`] connections.
pub(super) fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    #[cfg(not(windows))]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// Raises this process's soft limit on open files to its hard limit where the system allows
/// (Linux often starts processes at 1,024 of a hard 4,096 or more; macOS at 256) and returns
/// the soft limit then in force, `None` where there is none to read (not Unix).
pub fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct given.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            // macOS refuses more than OPEN_MAX (10,240) even under an unlimited hard limit.
            for want in [limit.rlim_max, limit.rlim_max.min(10_240)] {
                let raised = libc::rlimit {
                    rlim_cur: want,
                    rlim_max: limit.rlim_max,
                };
                // SAFETY: as above.
                if want > limit.rlim_cur
                    && unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0
                {
                    limit.rlim_cur = want;
                    break;
                }
            }
        }
        #[allow(clippy::unnecessary_cast)] // rlim_t is u64 on Linux, not everywhere
        Some(limit.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The connections kept open at once under an open-file limit: the limit less an eighth (at
/// least 32 files) for what the server reads and writes besides (lists, data, fonts, a
/// temporary file for each write, the runtime's own), at most [`MAX_CONNECTIONS`].
/// Without a limit to read, [`MAX_CONNECTIONS`].
pub fn bound(open_files: Option<u64>) -> usize {
    let Some(limit) = open_files else {
        return MAX_CONNECTIONS;
    };
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let spare = (limit / 8).max(32).min(limit / 2);
    (limit - spare).clamp(1, MAX_CONNECTIONS)
}

/// Where a connection is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wait {
    /// Opened at this instant, no complete request head yet.
    Head(Instant),
    /// A request being answered (its head read, its answer not yet all written).
    Busy,
    /// Answered, kept open for the next request since this instant.
    Idle(Instant),
}

impl Wait {
    /// The connection's place among those that may be closed for a newcomer: idle ones
    /// first (their browsers open another when they need it), then those without a head;
    /// the oldest of each first. None while it is being answered.
    fn place(self, id: u64) -> Option<(u8, Instant, u64)> {
        match self {
            Wait::Idle(t) => Some((0, t, id)),
            Wait::Head(t) => Some((1, t, id)),
            Wait::Busy => None,
        }
    }
}

struct Entry {
    wait: Wait,
    /// Sent (or dropped) to close the connection.
    close: Option<oneshot::Sender<()>>,
}

/// The open connections, each with where it is, shared by the accept loop and the
/// connections' tasks.
pub(super) struct Connections {
    bound: usize,
    table: Mutex<Table>,
}

#[derive(Default)]
struct Table {
    next: u64,
    open: HashMap<u64, Entry>,
    /// The connections waiting for a head and not yet told to close, in the order they are
    /// closed for a newcomer ([`Wait::place`]): the choice at the bound takes no longer with
    /// thousands open.
    waiting: BTreeSet<(u8, Instant, u64)>,
}

impl Connections {
    pub(super) fn new(bound: usize) -> Self {
        Connections {
            bound: bound.max(1),
            table: Mutex::new(Table::default()),
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a new connection, closing the one waiting longest at the bound; `None` when
    /// every open connection is being answered (the newcomer is then closed).
    fn admit(&self, now: Instant) -> Option<(u64, oneshot::Receiver<()>)> {
        let mut table = self.table();
        if table.open.len() >= self.bound && !table.evict_one() {
            return None;
        }
        let (tx, rx) = oneshot::channel();
        let id = table.next;
        table.next += 1;
        let wait = Wait::Head(now);
        table.open.insert(
            id,
            Entry {
                wait,
                close: Some(tx),
            },
        );
        table.waiting.extend(wait.place(id));
        Some((id, rx))
    }

    /// Closes the connection waiting longest for a head (an idle one first), if any: the
    /// accept loop frees a file so when the system has none left for a new socket.
    fn evict_one(&self) -> bool {
        self.table().evict_one()
    }

    fn set(&self, id: u64, wait: Wait) {
        let mut table = self.table();
        let Table { open, waiting, .. } = &mut *table;
        if let Some(e) = open.get_mut(&id) {
            if e.close.is_some() {
                if let Some(place) = e.wait.place(id) {
                    waiting.remove(&place);
                }
                waiting.extend(wait.place(id));
            }
            e.wait = wait;
        }
    }

    fn forget(&self, id: u64) {
        let mut table = self.table();
        if let Some(e) = table.open.remove(&id) {
            if let Some(place) = e.wait.place(id) {
                table.waiting.remove(&place);
            }
        }
    }

    /// Closes every connection that has waited for a head longer than [`HEAD_TIMEOUT`].
    fn sweep(&self, now: Instant) {
        let mut table = self.table();
        let Table { open, waiting, .. } = &mut *table;
        waiting.retain(|&(_, since, id)| {
            if now.duration_since(since) <= HEAD_TIMEOUT {
                return true;
            }
            if let Some(close) = open.get_mut(&id).and_then(|e| e.close.take()) {
                let _ = close.send(());
            }
            false
        });
    }
}

impl Table {
    /// Closes the first connection of [`Table::waiting`] and forgets it at once (its task
    /// closes the socket in a moment), if there is one.
    fn evict_one(&mut self) -> bool {
        let Some((_, _, id)) = self.waiting.pop_first() else {
            return false;
        };
        if let Some(mut e) = self.open.remove(&id) {
            if let Some(close) = e.close.take() {
                let _ = close.send(());
            }
        }
        true
    }
}

/// A request being answered: its connection is busy until the answer's body has been
/// written (or dropped), then idle.
struct Busy {
    connections: Arc<Connections>,
    id: u64,
}

impl Busy {
    fn start(connections: Arc<Connections>, id: u64) -> Self {
        connections.set(id, Wait::Busy);
        Busy { connections, id }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.connections.set(self.id, Wait::Idle(Instant::now()));
    }
}

/// An answer's body holding its connection busy.
struct Answer {
    body: Body,
    _busy: Busy,
}

impl http_body::Body for Answer {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Serves `router` on `listener` until `stopping` turns true; then each connection finishes
/// the answer it is writing (an idle one closes at once) and this returns when all are
/// closed. Handlers see the peer's address as `ConnectInfo<SocketAddr>`.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    connections: Arc<Connections>,
    mut stopping: watch::Receiver<bool>,
) {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_header_size(MAX_HEAD)
        .max_buf_size(MAX_BUFFER)
        .keep_alive(true);
    let http = Arc::new(http);
    let router = TowerToHyperService::new(router);
    // Every connection's task holds a receiver: all are gone once `closed` returns.
    let (open_tx, open_rx) = watch::channel(());
    let sweeper = {
        let connections = connections.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(SWEEP);
            loop {
                tick.tick().await;
                connections.sweep(Instant::now());
            }
        })
    };
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stopping.wait_for(|s| *s) => break,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) if is_connection_error(&e) => continue,
            Err(_) => {
                // Out of files (EMFILE, ENFILE) or of memory: free a file if a connection
                // waits for nothing, and let the system breathe before trying again.
                connections.evict_one();
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let Some((id, closed)) = connections.admit(Instant::now()) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let connections = connections.clone();
        let router = router.clone();
        let http = http.clone();
        let stopping = stopping.clone();
        let open = open_rx.clone();
        tokio::spawn(async move {
            let service = {
                let connections = connections.clone();
                hyper::service::service_fn(move |mut request: Request<Incoming>| {
                    let busy = Busy::start(connections.clone(), id);
                    request.extensions_mut().insert(ConnectInfo(peer));
                    let answer = hyper::service::Service::call(&router, request);
                    async move {
                        let answer = answer.await?;
                        Ok::<_, std::convert::Infallible>(
                            answer.map(|body| Answer { body, _busy: busy }),
                        )
                    }
                })
            };
            run_connection(
                http.serve_connection(TokioIo::new(stream), service),
                closed,
                stopping,
            )
            .await;
            connections.forget(id);
            drop(open);
        });
    }
    sweeper.abort();
    drop(listener);
    drop(open_rx);
    open_tx.closed().await;
}

/// Drives one connection until it ends, is closed for another ([`Connections`]), or the
/// server stops (then it finishes the answer under way).
async fn run_connection<S>(
    connection: http1::Connection<TokioIo<tokio::net::TcpStream>, S>,
    mut closed: oneshot::Receiver<()>,
    mut stopping: watch::Receiver<bool>,
) where
    S: hyper::service::HttpService<Incoming>,
    S::ResBody: 'static,
    <S::ResBody as http_body::Body>::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let mut connection = pin!(connection);
    let mut shutting = false;
    loop {
        tokio::select! {
            _ = connection.as_mut() => return,
            _ = &mut closed => return,
            _ = stopping.wait_for(|s| *s), if !shutting => {
                shutting = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Errors of one connection, not of the listener: the next accept() may well succeed.
fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset | Interrupted | WouldBlock
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_leaves_files_for_the_server_and_caps_memory() {
        assert_eq!(bound(Some(256)), 224);
        assert_eq!(bound(Some(1024)), 896);
        assert_eq!(bound(Some(20_000)), MAX_CONNECTIONS);
        assert_eq!(bound(Some(40)), 20);
        assert_eq!(bound(None), MAX_CONNECTIONS);
    }

    #[test]
    fn at_the_bound_the_idle_go_first_then_the_oldest_without_a_head_never_the_busy() {
        let c = Connections::new(3);
        let t = Instant::now();
        let (a, mut ra) = c.admit(t).unwrap();
        let (_b, mut rb) = c.admit(t + Duration::from_millis(1)).unwrap();
        let (d, mut rd) = c.admit(t + Duration::from_millis(2)).unwrap();
        c.set(a, Wait::Busy);
        c.set(d, Wait::Idle(t + Duration::from_millis(3)));
        // d is idle: it goes first, though b waits longer for a head.
        let (_e, mut re) = c.admit(t + Duration::from_millis(4)).unwrap();
        assert!(rd.try_recv().is_ok());
        assert!(rb.try_recv().is_err() && ra.try_recv().is_err());
        // Then b, the oldest without a head; a is busy and stays.
        let _f = c.admit(t + Duration::from_millis(5)).unwrap();
        assert!(rb.try_recv().is_ok());
        assert!(ra.try_recv().is_err());
        // e then f: each newcomer closes the oldest, and when all are busy none is taken.
        let _g = c.admit(t + Duration::from_millis(6)).unwrap();
        assert!(re.try_recv().is_ok());
        let ids: Vec<u64> = c.table().open.keys().copied().collect();
        for id in ids {
            c.set(id, Wait::Busy);
        }
        assert!(c.admit(t + Duration::from_millis(7)).is_none());
        assert_eq!(c.table().open.len(), 3);
    }

    #[test]
    fn the_sweep_closes_who_waited_too_long_for_a_head() {
        let c = Connections::new(10);
        let t = Instant::now();
        let (_, mut old) = c.admit(t).unwrap();
        let (busy, mut rbusy) = c.admit(t).unwrap();
        c.set(busy, Wait::Busy);
        let (idle, mut ridle) = c.admit(t).unwrap();
        c.set(idle, Wait::Idle(t + Duration::from_secs(3)));
        c.sweep(t + HEAD_TIMEOUT + Duration::from_millis(1));
        assert!(old.try_recv().is_ok());
        assert!(rbusy.try_recv().is_err());
        assert!(ridle.try_recv().is_err());
        c.sweep(t + Duration::from_secs(3) + HEAD_TIMEOUT + Duration::from_millis(1));
        assert!(ridle.try_recv().is_ok());
    }
}
