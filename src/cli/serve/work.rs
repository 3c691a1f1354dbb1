//! The work scheduler: blocking work on a core of its kind (plain answers apart from
//! searches), within the memory budget, one client's searches at most half the
//! cores, and an answer within the time limit.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};

use axum::http::StatusCode;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::reply::Reply;
#[cfg(doc)]
use super::shared::MEMORY_BUDGET_MB;
use super::shared::Shared;

/// How much a request's work weighs, counted in [`MEMORY_BUDGET_MB`] by [`mib`].
pub(super) use pocket_web::Weight;

/// The memory a request's work is counted for, from the most measured
/// (`/usr/bin/time -f %M`, `--release`): a plain answer (under 8 MB) is not counted,
/// so that searches past the time limit, which keep their memory, never hold up the
/// plain answers; a search with `gen=` or `goal=` or a scramble with `gen=` takes 3 to
/// 24 MB; a search with `cost=` 124 MB at most (`cost=R=301,U=1`).
fn mib(weight: Weight) -> u32 {
    match weight {
        Weight::Light => 0,
        Weight::Search => 32,
        Weight::Weighted => 128,
    }
}

/// The `Retry-After` of a refusal for now: a search takes about a second.
pub(super) const RETRY_AFTER_S: u32 = 1;

/// A running piece of work's core, and whether its request gave up on it.
struct Ticket {
    core: Option<OwnedSemaphorePermit>,
    late: bool,
}

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Run blocking work on the blocking pool once a core and its memory are free, and
/// answer within the time limit.
///
/// Work cannot be stopped from outside, so work past the limit runs on, but gives its
/// core back (later requests are not held up by it) and keeps its memory; while as
/// many pieces of work as there are cores run late, searches are refused.
pub(super) async fn on_a_core<T: Send + 'static>(
    shared: &Arc<Shared>,
    weight: Weight,
    client: Option<IpAddr>,
    work: impl FnOnce(&Shared) -> T + Send + 'static,
) -> Result<T, Reply> {
    let limit = shared.time_limit;
    let until = tokio::time::Instant::now() + limit;
    if weight != Weight::Light && shared.late.load(Ordering::SeqCst) >= shared.max_late {
        return Err(Reply::busy(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is still finishing searches that ran past its time limit; \
             try again later",
            RETRY_AFTER_S,
        ));
    }
    // The permits go with the work: a client that hangs up drops its request, but
    // work already started runs on, and must go on counting against the cores.
    let share = match weight {
        Weight::Light => None,
        _ => Some(ClientShare::new(
            shared,
            client.unwrap_or(IpAddr::from([0, 0, 0, 0])),
        )?),
    };
    let Permits { turn, core, memory } =
        tokio::time::timeout_at(until, permits(shared, weight, share.as_ref()))
            .await
            .map_err(|_| late_reply(limit))??;
    let ticket = Arc::new(Mutex::new(Ticket {
        core: Some(core),
        late: false,
    }));
    let (worker, mine) = (Arc::clone(shared), Arc::clone(&ticket));
    let task = tokio::task::spawn_blocking(move || {
        let done = work(&worker);
        // The client's turn ends with its work, late or not.
        drop((turn, share));
        drop(memory);
        if weight != Weight::Light {
            give_back_memory();
        }
        let mut t = lock(&mine);
        t.core = None;
        if t.late {
            worker.late.fetch_sub(1, Ordering::SeqCst);
        }
        done
    });
    // The limit is watched by a task of its own, so that it holds even when the
    // client has hung up.
    let watcher = Arc::clone(shared);
    let watched = tokio::spawn(async move {
        match tokio::time::timeout_at(until, task).await {
            Ok(joined) => joined
                .map_err(|_| Reply::error(StatusCode::INTERNAL_SERVER_ERROR, "the work failed")),
            Err(_) => {
                let mut t = lock(&ticket);
                // Still running (not finished in the meantime): give its core back.
                if t.core.take().is_some() {
                    t.late = true;
                    watcher.late.fetch_add(1, Ordering::SeqCst);
                }
                Err(late_reply(limit))
            }
        }
    });
    watched
        .await
        .map_err(|_| Reply::error(StatusCode::INTERNAL_SERVER_ERROR, "the work failed"))?
}

/// The refusal of work that ran past the server's time limit.
fn late_reply(limit: std::time::Duration) -> Reply {
    Reply::busy(
        StatusCode::SERVICE_UNAVAILABLE,
        &format!(
            "the request took more than the {} s it may take (the server's time limit); \
             try again later",
            limit.as_secs_f64()
        ),
        RETRY_AFTER_S,
    )
}

/// What a piece of work holds while it runs: its client's turn (searches), a core of
/// its kind, and its memory (searches).
struct Permits {
    turn: Option<OwnedSemaphorePermit>,
    core: OwnedSemaphorePermit,
    memory: Option<OwnedSemaphorePermit>,
}

/// Wait for the permits of a piece of work of `weight`. A search waits for its
/// client's own permit first, so that one client's queue never stands in front of
/// another client's search. An error when the server is stopping.
async fn permits(
    shared: &Arc<Shared>,
    weight: Weight,
    share: Option<&ClientShare>,
) -> Result<Permits, Reply> {
    let busy = || Reply::error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    let turn = match share {
        Some(share) => Some(
            Arc::clone(&share.permits)
                .acquire_owned()
                .await
                .map_err(|_| busy())?,
        ),
        None => None,
    };
    let cores = match weight {
        Weight::Light => &shared.light,
        _ => &shared.work,
    };
    let core = Arc::clone(cores)
        .acquire_owned()
        .await
        .map_err(|_| busy())?;
    let memory = match weight {
        Weight::Light => None,
        _ => Some(
            Arc::clone(&shared.memory)
                .acquire_many_owned(mib(weight))
                .await
                .map_err(|_| busy())?,
        ),
    };
    Ok(Permits { turn, core, memory })
}

/// A client's entry in [`Shared::clients`], held while one of its searches waits or
/// runs; the last one out removes the entry, so that the map holds only clients with
/// work (it does not grow with every address ever seen).
struct ClientShare {
    shared: Arc<Shared>,
    client: IpAddr,
    permits: Arc<Semaphore>,
}

impl ClientShare {
    /// The client's share for one more search, or a 429 when it already has its
    /// cores' worth running and `--max-queued-per-client` more waiting: a crowd's
    /// searches waited for minutes on connections they kept busy, and their owners
    /// sent more (issue 61).
    fn new(shared: &Arc<Shared>, client: IpAddr) -> Result<ClientShare, Reply> {
        let mut clients = lock(&shared.clients);
        let permits = clients
            .entry(client)
            .or_insert_with(|| Arc::new(Semaphore::new(shared.per_client)));
        // The map's count and one for each search of this client running or waiting.
        let out = Arc::strong_count(permits) - 1;
        if out >= shared.per_client + shared.max_queued {
            return Err(Reply::busy(
                StatusCode::TOO_MANY_REQUESTS,
                &format!(
                    "this address has {out} searches running or waiting, as many as one \
                     address may (--max-queued-per-client {}); try again later",
                    shared.max_queued
                ),
                RETRY_AFTER_S,
            ));
        }
        let permits = Arc::clone(permits);
        drop(clients);
        Ok(ClientShare {
            shared: Arc::clone(shared),
            client,
            permits,
        })
    }
}

impl Drop for ClientShare {
    fn drop(&mut self) {
        let mut clients = lock(&self.shared.clients);
        // Ours and the map's: no other request of this client is out.
        if Arc::strong_count(&self.permits) == 2 {
            clients.remove(&self.client);
        }
    }
}

/// Hand the memory freed by a search back to the system, rather than leave it in the
/// arena of the blocking thread that ran it: the server's RSS after two rounds of four
/// `cost=R=301,U=1` solves (peak 290 MB, two at a time on 2 cores) was 73-75 MB with
/// this, 85 then 100 MB without.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory of the allocator to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/commands.md gives each request's weight as this file counts it.
    #[test]
    fn the_documented_weights_are_the_counted_ones() {
        let doc = include_str!("../../../docs/commands.md");
        let row = doc
            .lines()
            .find(|l| l.starts_with("| memory of the searches running at once |"))
            .expect("the memory row of the serve table");
        assert!(row.contains(&format!(
            "counted {} per `cost=` solve",
            mib(Weight::Weighted)
        )));
        assert!(row.contains(&format!("{} per `gen=`/`goal=` solve", mib(Weight::Search))));
        assert_eq!(mib(Weight::Light), 0);
        assert!(row.contains("are not counted"), "{row}");
    }
}
