//! What the server's requests share: the limits on work and connections, and the
//! state that holds them to it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Semaphore;

/// The memory the searches running at once may use, in MiB, as estimated by
/// [`Weight`]: two weighted searches at a time, whatever the number of cores.
pub(super) const MEMORY_BUDGET_MB: u32 = 256;

/// How long a request may take, waiting for a core included (`--time-limit`): past
/// it the client gets a 503. The slowest request the caps allow takes about 5 s with
/// `--release` (`all=1` with `cost=R=301,U=1`).
pub(super) const TIME_LIMIT_S: f64 = 15.0;

/// The longest `--time-limit`: an hour.
pub(super) const MAX_TIME_LIMIT_S: f64 = 3600.0;

/// Connections open at once (`--max-connections`), lowered to the open-file limit
/// less [`FILE_RESERVE`]: each idle connection holds a descriptor and about 12 KB
/// (500 idle ones added 6 MB to the RSS).
pub(super) const MAX_CONNECTIONS: usize = 1024;

/// Connections open at once from one IP address (`--max-per-client`): a browser opens
/// 6 per server, but every local program is the one client 127.0.0.1, so this leaves
/// room for a script's bursts (the tests send 300 requests at once) while one client
/// can hold at most half of [`MAX_CONNECTIONS`].
pub(super) const MAX_PER_CLIENT: usize = 512;

/// Searches one client may have waiting for a core beyond those running
/// (`--max-queued-per-client`): enough for a page's or a script's few at once, while
/// 400 connections of one address sending searches get 429s instead of a queue that
/// holds their connections for the time limit.
pub(super) const MAX_QUEUED_PER_CLIENT: usize = 8;

/// Connections being refused at once (each is answered a 429 and closed): past
/// this, a connection is closed at once, as under a flood nothing else can be done.
pub(super) const MAX_REFUSING: usize = 256;

/// Descriptors kept for everything but connections (standard streams, the listener,
/// the runtime's own).
pub(super) const FILE_RESERVE: usize = 64;

/// What every request shares: the bounds on work (the solvers, censuses and
/// scrambler are the process's own, in `cube::shared`).
pub(super) struct Shared {
    /// One permit per core for searches: searches beyond that wait.
    pub(super) work: Arc<Semaphore>,
    /// One permit per core for table look-ups, censuses and plain scrambles, apart
    /// from the searches': a plain answer never waits behind a search.
    pub(super) light: Arc<Semaphore>,
    /// Searches one client (an IP address) may have running or waiting for a core at
    /// once, each client's own permits; an entry goes when its client has none out.
    pub(super) clients: Mutex<HashMap<IpAddr, Arc<Semaphore>>>,
    /// Permits of each client's entry in [`Shared::clients`]: half the cores, at
    /// least one, so that one client cannot take every search slot.
    pub(super) per_client: usize,
    /// Searches one client may have waiting beyond its running ones
    /// (`--max-queued-per-client`): more are refused with a 429.
    pub(super) max_queued: usize,
    /// One permit per MiB of [`MEMORY_BUDGET_MB`].
    pub(super) memory: Arc<Semaphore>,
    /// How long a request may take.
    pub(super) time_limit: Duration,
    /// Work still running past its time limit, having given its core back.
    pub(super) late: AtomicUsize,
    /// The most such work before searches are refused: one per core.
    pub(super) max_late: usize,
    /// The `--host` address, a name a `Host` header may give.
    pub(super) host: IpAddr,
}

impl Shared {
    pub(super) fn new(
        cores: usize,
        time_limit: Duration,
        host: IpAddr,
        max_queued: usize,
    ) -> Shared {
        Shared {
            work: Arc::new(Semaphore::new(cores)),
            light: Arc::new(Semaphore::new(cores)),
            clients: Mutex::new(HashMap::new()),
            per_client: (cores / 2).max(1),
            max_queued,
            memory: Arc::new(Semaphore::new(MEMORY_BUDGET_MB as usize)),
            time_limit,
            late: AtomicUsize::new(0),
            max_late: cores,
            host,
        }
    }
}
