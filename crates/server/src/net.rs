//! The accept loop: how many connections the server holds, and for how long.
//!
//! A connection costs a file descriptor whatever it does, so one that never sends a byte, or
//! trickles its request, must not be held forever, and one client must not take them all
//! (at the open-file limit the server could not even answer `/api/health`). Here:
//!
//! * a cap on connections in total (never above the process's open-file limit less a reserve
//!   for the database) and per client address (IPv6: per /64), so one address leaves room for
//!   everyone else; a connection beyond a cap is answered `503` and closed at once;
//! * the header timeout (hyper's): from the moment the server waits for a request — on a new
//!   connection, or for the next request on a kept-alive one — until its whole head is in;
//! * the idle timeout: an HTTP connection on which no byte moves either way for this long is
//!   closed (a client that does not read its response, or stalls mid-body);
//! * the body timeout is a middleware (`middleware.rs`), the WebSocket hello and idle deadlines
//!   are in `ws.rs`. An upgraded WebSocket keeps its connection's place under the caps until
//!   it closes.

use crate::Limits;
use crate::limits::client_key;
use axum::extract::ConnectInfo;
use hyper::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tower_service::Service;

/// File descriptors kept back from the connection cap for the database, the listener and the
/// runtime.
const FD_RESERVE: u64 = 128;

/// The connection cap actually applied: `wanted`, but at most the open-file limit less
/// [`FD_RESERVE`] (Linux; elsewhere `wanted`).
pub(crate) fn effective_max_connections(wanted: usize) -> usize {
    let wanted = wanted.max(1);
    match open_file_limit() {
        Some(n) => {
            let room = if n > 2 * FD_RESERVE {
                n - FD_RESERVE
            } else {
                n / 2
            };
            wanted.min(usize::try_from(room).unwrap_or(usize::MAX).max(1))
        }
        None => wanted,
    }
}

/// The soft open-file limit of this process, from `/proc/self/limits`.
fn open_file_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Who may connect: the total and per-address counts.
#[derive(Debug)]
struct Gate {
    total: Arc<Semaphore>,
    per_ip: Mutex<HashMap<IpAddr, usize>>,
    max_per_ip: usize,
}

/// A connection's place under the caps; given back when dropped.
#[derive(Debug)]
struct Admission {
    gate: Arc<Gate>,
    key: IpAddr,
    _total: OwnedSemaphorePermit,
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut map = self
            .gate
            .per_ip
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = map.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// Why a connection was refused.
enum Refused {
    Total,
    PerAddress,
}

impl Gate {
    fn admit(self: &Arc<Gate>, ip: IpAddr) -> Result<Admission, Refused> {
        let key = client_key(ip);
        let mut map = self.per_ip.lock().unwrap_or_else(PoisonError::into_inner);
        let n = map.entry(key).or_insert(0);
        if *n >= self.max_per_ip {
            if *n == 0 {
                map.remove(&key);
            }
            return Err(Refused::PerAddress);
        }
        let Ok(permit) = Arc::clone(&self.total).try_acquire_owned() else {
            if *n == 0 {
                map.remove(&key);
            }
            return Err(Refused::Total);
        };
        *n += 1;
        Ok(Admission {
            gate: Arc::clone(self),
            key,
            _total: permit,
        })
    }
}

/// Milliseconds since the first call: the clock of the activity stamps.
fn now_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// A TCP stream that holds its connection's [`Admission`] and stamps the time of every read
/// or write that moved bytes.
#[derive(Debug)]
struct Tracked {
    tcp: TcpStream,
    last: Arc<AtomicU64>,
    _admission: Admission,
}

impl Tracked {
    fn touch(&self) {
        self.last.store(now_ms(), Ordering::Relaxed);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.tcp).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.touch();
        }
        r
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.tcp).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}

/// Resolves once nothing has moved on the connection for `idle`.
async fn idle_for(last: &AtomicU64, idle: Duration) {
    let idle_ms = u64::try_from(idle.as_millis()).unwrap_or(u64::MAX);
    loop {
        let due = last.load(Ordering::Relaxed).saturating_add(idle_ms);
        let now = now_ms();
        if now >= due {
            return;
        }
        tokio::time::sleep(Duration::from_millis(due - now)).await;
    }
}

/// Resolves once the server is shutting down.
async fn stopped(rx: &mut watch::Receiver<bool>) {
    let _ = rx.wait_for(|stop| *stop).await;
}

/// Answers a refused connection with a 503 if its send buffer takes it at once, and closes it.
fn refuse(tcp: &TcpStream, why: &Refused) {
    let message = match why {
        Refused::Total => "the server holds as many connections as it may; try again shortly",
        Refused::PerAddress => "too many connections from your address; close some and try again",
    };
    let body =
        serde_json::json!({ "type": "error", "code": "too_many_connections", "message": message })
            .to_string();
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tcp.try_write(reply.as_bytes());
}

/// Serves `router` on `listener` until `stop` turns true; then stops accepting, lets requests
/// in flight finish, and returns once every connection has closed.
pub(crate) async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: Limits,
    mut stop: watch::Receiver<bool>,
) -> io::Result<()> {
    let total = effective_max_connections(limits.max_connections);
    let gate = Arc::new(Gate {
        total: Arc::new(Semaphore::new(total)),
        per_ip: Mutex::new(HashMap::new()),
        max_per_ip: limits.max_connections_per_ip.max(1),
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    loop {
        let (tcp, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors or similar: the pending connection stays queued;
                    // try again shortly rather than spin.
                    if !matches!(
                        e.kind(),
                        io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
                    ) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    continue;
                }
            },
            () = stopped(&mut stop) => break,
        };
        let admission = match gate.admit(peer.ip()) {
            Ok(a) => a,
            Err(why) => {
                refuse(&tcp, &why);
                continue;
            }
        };
        // Small messages must leave at once: without TCP_NODELAY, Nagle's algorithm and
        // delayed ACKs add ~40 ms to every move.
        let _ = tcp.set_nodelay(true);
        let last = Arc::new(AtomicU64::new(now_ms()));
        let io = Tracked {
            tcp,
            last: Arc::clone(&last),
            _admission: admission,
        };
        // Handlers see the TCP peer as `ConnectInfo` (match creation is rate-limited by it).
        let routed = router.clone();
        let service = hyper::service::service_fn(move |mut req: Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            let mut routed = routed.clone();
            async move { routed.call(req).await }
        });
        let conn = builder
            .serve_connection(TokioIo::new(io), service)
            .with_upgrades();
        let mut stop = stop.clone();
        let idle = limits.idle_timeout;
        tokio::spawn(async move {
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                () = idle_for(&last, idle) => return, // dropped: closed
                () = stopped(&mut stop) => conn.as_mut().graceful_shutdown(),
            }
            tokio::select! {
                _ = conn.as_mut() => {}
                () = idle_for(&last, idle) => {}
            }
        });
    }
    drop(listener);
    // Every connection (WebSockets included) holds a permit until it is closed.
    let all = u32::try_from(total).unwrap_or(u32::MAX);
    let _ = gate.total.acquire_many(all).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_by_their_64_and_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1"
            .parse()
            .unwrap_or(IpAddr::V4([0; 4].into()));
        let b: IpAddr = "2001:db8:1:2:bbbb::9"
            .parse()
            .unwrap_or(IpAddr::V4([0; 4].into()));
        let c: IpAddr = "2001:db8:1:3::1"
            .parse()
            .unwrap_or(IpAddr::V4([0; 4].into()));
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let mapped: IpAddr = "::ffff:10.0.0.7"
            .parse()
            .unwrap_or(IpAddr::V4([0; 4].into()));
        assert_eq!(client_key(mapped), IpAddr::V4([10, 0, 0, 7].into()));
    }

    #[test]
    fn the_cap_stays_below_the_open_file_limit() {
        let n = effective_max_connections(usize::MAX);
        if let Some(limit) = open_file_limit() {
            assert!(
                (n as u64) < limit,
                "{n} connections at an open-file limit of {limit}"
            );
        }
        assert_eq!(effective_max_connections(3), 3);
    }
}
