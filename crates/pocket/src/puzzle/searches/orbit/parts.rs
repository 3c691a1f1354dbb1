//! The sequences of one length listed in parts, their first moves, which threads
//! share and a search split across machines divides; found moves handed on in order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::{MagicMove, OrbitSearch};

impl OrbitSearch<'_> {
    /// Every magic move whose sequence has exactly `length` moves, in move order
    /// (faces in definition order), each sequence with its least power.
    pub fn of_length(&self, length: usize, threads: usize) -> Vec<MagicMove> {
        let mut all = Vec::new();
        self.each_of_length(
            length,
            threads,
            |m| {
                all.push(m);
                true
            },
            |_, _| {},
        );
        all
    }

    /// The parts a search of sequences of `length` moves is split into, in the order
    /// their magic moves are listed: the sequences' first `depth` moves (fewer for
    /// shorter sequences), each with how many sequences start with it.
    pub fn parts(&self, length: usize, depth: usize) -> Vec<(Vec<u8>, u64)> {
        if length == 0 {
            return Vec::new();
        }
        let depth = depth.clamp(1, length);
        // after[r][m]: sequences of r more moves that may follow move m.
        let top = self.moves.iter().map(|&m| m as usize).max().unwrap_or(0) + 1;
        let mut after = vec![vec![1u64; top]];
        for r in 1..length {
            let row: Vec<u64> = (0..top)
                .map(|last| {
                    self.moves
                        .iter()
                        .filter(|&&m| self.may_follow(last as u8, m))
                        .map(|&m| after[r - 1][m as usize])
                        .fold(0u64, u64::saturating_add)
                })
                .collect();
            after.push(row);
        }
        let mut prefixes: Vec<Vec<u8>> = self.moves.iter().map(|&m| vec![m]).collect();
        for _ in 1..depth {
            prefixes = prefixes
                .iter()
                .flat_map(|p| {
                    let last = p[p.len() - 1];
                    self.moves
                        .iter()
                        .filter(move |&&m| self.may_follow(last, m))
                        .map(move |&m| {
                            let mut q = p.clone();
                            q.push(m);
                            q
                        })
                })
                .collect();
        }
        prefixes
            .into_iter()
            .map(|p| {
                let last = p[p.len() - 1] as usize;
                let n = after[length - p.len()][last];
                (p, n)
            })
            .collect()
    }

    /// The magic moves of `of_length`, handed to `sink` in the same order as they are
    /// found, on `threads` threads sharing the sequences by their first two moves;
    /// `sink` returns false to stop the search; `progress` hears how many of how many
    /// parts are searched. Memory stays that of the parts found
    /// out of order (a length-8 search on the 3x3x3 lists 2.9 million).
    pub fn each_of_length(
        &self,
        length: usize,
        threads: usize,
        sink: impl FnMut(MagicMove) -> bool,
        progress: impl FnMut(usize, usize),
    ) {
        let all = self.parts(length, 2).len();
        self.each_in_parts(length, 2, 0..all, threads, sink, progress);
    }

    /// As [`OrbitSearch::each_of_length`], for the parts `range` of
    /// [`OrbitSearch::parts`] of that `depth` only: what one shard of a search split
    /// across machines lists.
    pub fn each_in_parts(
        &self,
        length: usize,
        depth: usize,
        range: std::ops::Range<usize>,
        threads: usize,
        mut sink: impl FnMut(MagicMove) -> bool,
        mut progress: impl FnMut(usize, usize),
    ) {
        let all: Vec<Vec<u8>> = self
            .parts(length, depth)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        let prefixes = all.get(range).unwrap_or(&[]);
        if prefixes.is_empty() {
            return;
        }
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        // Bounded, so that workers wait for a slow reader (a pipe into awk held
        // 114 MB at length 9 with an unbounded channel).
        let (tx, rx) = mpsc::sync_channel::<(usize, Vec<MagicMove>)>(threads.max(1));
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                let tx = tx.clone();
                let (next, stop, prefixes) = (&next, &stop, &prefixes);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let job = next.fetch_add(1, Ordering::Relaxed);
                        let Some(prefix) = prefixes.get(job) else {
                            return;
                        };
                        let mut found = Vec::new();
                        self.walk_from(prefix, length, &mut found);
                        if tx.send((job, found)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(tx);
            // Parts arrive in any order; hand them on in job order.
            let mut waiting = std::collections::BTreeMap::new();
            let mut due = 0;
            for (received, (job, found)) in rx.into_iter().enumerate() {
                progress(received + 1, prefixes.len());
                waiting.insert(job, found);
                while let Some(found) = waiting.remove(&due) {
                    due += 1;
                    for m in found {
                        if !sink(m) {
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            }
        });
    }
}
