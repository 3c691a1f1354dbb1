//! Connection admission: connections capped per client and in all, the oldest idle
//! one closed to make room, each request counted on its connection, and a stop that
//! lets answers finish.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::sync::Notify;

use super::work::lock;

/// The address of the client of a request, put in its extensions when the
/// connection is accepted.
#[derive(Clone, Copy, Debug)]
pub(super) struct Peer(pub(super) IpAddr);

/// A client gets this long to send a request's head; then its connection is
/// closed (a client sending half a request would otherwise hold its connection, and
/// a stop, for ever). hyper starts the same clock when a kept-alive connection waits
/// for its next request, so this is also how long a connection may stay idle.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// After a stop, connections get this long to finish what they are answering.
const GRACE: Duration = Duration::from_secs(3);

/// One open connection, as the caps see it.
struct Open {
    peer: IpAddr,
    /// Requests being answered on it: none, and it is idle.
    busy: Arc<AtomicUsize>,
    /// Closes it.
    close: Arc<Notify>,
}

/// The open connections, oldest first, and their caps.
pub(super) struct Connections {
    total: usize,
    per_client: usize,
    next: u64,
    open: BTreeMap<u64, Open>,
}

impl Connections {
    pub(super) fn new(total: usize, per_client: usize) -> Connections {
        Connections {
            total,
            per_client,
            next: 0,
            open: BTreeMap::new(),
        }
    }

    /// Make room for a connection from `peer`, closing the oldest idle one of that
    /// client, then of anyone, where a cap is reached: its number and what it shares
    /// with its task, or `None` when every connection in the way is answering.
    fn admit(&mut self, peer: IpAddr) -> Option<(u64, Open)> {
        let theirs = self.open.values().filter(|c| c.peer == peer).count();
        if theirs >= self.per_client && !self.close_oldest_idle(Some(peer)) {
            return None;
        }
        if self.open.len() >= self.total && !self.close_oldest_idle(None) {
            return None;
        }
        let id = self.next;
        self.next += 1;
        let open = Open {
            peer,
            busy: Arc::new(AtomicUsize::new(0)),
            close: Arc::new(Notify::new()),
        };
        let shared = Open {
            peer,
            busy: Arc::clone(&open.busy),
            close: Arc::clone(&open.close),
        };
        self.open.insert(id, open);
        Some((id, shared))
    }

    fn close_oldest_idle(&mut self, peer: Option<IpAddr>) -> bool {
        let idle = self
            .open
            .iter()
            .find(|(_, c)| peer.is_none_or(|p| c.peer == p) && c.busy.load(Ordering::SeqCst) == 0);
        let Some(&id) = idle.map(|(id, _)| id) else {
            return false;
        };
        if let Some(c) = self.open.remove(&id) {
            c.close.notify_one();
        }
        true
    }
}

/// Counts a request as being answered on its connection while it lives.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn new(count: &Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Ordering::SeqCst);
        Busy(Arc::clone(count))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Accept connections and answer them with `app` until `stop` resolves; then let
/// them finish, for at most [`GRACE`].
pub(super) async fn serve_until(
    listener: tokio::net::TcpListener,
    app: Router,
    connections: Connections,
    stop: impl std::future::Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Mutex::new(connections));
    let mut stop = std::pin::pin!(stop);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    // Out of file descriptors, say: wait for connections to close.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                // Every connection in the way is answering: this one is refused.
                let Some((id, open)) = lock(&connections).admit(peer.ip()) else {
                    continue;
                };
                let mut http = hyper::server::conn::http1::Builder::new();
                http.timer(TokioTimer::new())
                    .header_read_timeout(HEADER_TIMEOUT);
                let service = TowerToHyperService::new(app.clone());
                let busy = open.busy;
                let counted = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
                    request.extensions_mut().insert(Peer(peer.ip()));
                    let answering = Busy::new(&busy);
                    let answer = hyper::service::Service::call(&service, request);
                    async move {
                        let answer = answer.await;
                        drop(answering);
                        answer
                    }
                });
                let connection = http.serve_connection(TokioIo::new(stream), counted);
                let connection = graceful.watch(connection);
                let registry = Arc::clone(&connections);
                tokio::spawn(async move {
                    tokio::select! {
                        _ = connection => {}
                        // Closed to make room: dropping it closes the socket.
                        _ = open.close.notified() => {}
                    }
                    lock(&registry).open.remove(&id);
                });
            }
            _ = &mut stop => break,
        }
    }
    drop(listener);
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(GRACE) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_cap_closes_the_oldest_idle_connection() {
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let mut c = Connections::new(3, 2);
        let (first, one) = c.admit(a).expect("room");
        let (_, two) = c.admit(a).expect("room");
        // a's cap: its oldest idle one goes; the one answering stays.
        one.busy.fetch_add(1, Ordering::SeqCst);
        let (third, _) = c.admit(a).expect("the idle one closed");
        assert!(c.open.contains_key(&first));
        assert_eq!(c.open.len(), 2);
        // Both of a's busy: a third of a's is refused, but b gets in.
        two.busy.fetch_add(1, Ordering::SeqCst);
        if let Some(o) = c.open.get(&third) {
            o.busy.fetch_add(1, Ordering::SeqCst);
        }
        assert!(c.admit(a).is_none());
        assert!(c.admit(b).is_some());
        // The total cap: everyone busy but b's idle one, which goes.
        assert!(c.admit(b).is_some());
        assert_eq!(c.open.len(), 3);
        assert_eq!(c.open.values().filter(|o| o.peer == b).count(), 1);
    }
}
