//! Work cut across threads, or done on the calling thread where there is nothing to
//! cut or no thread to be had: the browser's wasm32 cannot spawn one (its
//! `thread::spawn` fails), so there every piece runs in turn.

/// `work` on each item, each on a thread of its own (scoped), the results in the
/// items' order; on the calling thread when there is one item, or on wasm32.
pub(crate) fn each<T: Send, R: Send>(items: Vec<T>, work: impl Fn(T) -> R + Sync) -> Vec<R> {
    if cfg!(target_arch = "wasm32") || items.len() <= 1 {
        return items.into_iter().map(work).collect();
    }
    let work = &work;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .into_iter()
            .map(|item| s.spawn(move || work(item)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}
