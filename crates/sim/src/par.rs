//! Jobs `0..n` on several threads, their results handed on in index order.
//!
//! # Why chunks
//! A thread claims a run of consecutive jobs (a chunk) at a time, plays them all, and only then
//! takes the lock once to hand the whole chunk over. Random games last tens of microseconds; a
//! lock, a wake-up and a map insert per game made two threads slower than one (issue 25), while
//! one hand-over per chunk costs nothing next to the games in it. Chunks are small enough
//! (at most [`MAX_CHUNK`] jobs, and at least 32 chunks per thread where the batch allows) that
//! the last one does not leave a thread idle for long.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// Most jobs in one chunk.
pub const MAX_CHUNK: usize = 64;

/// How many jobs each thread plays between two hand-overs for a batch of `n` jobs.
pub fn chunk_size(n: usize, threads: usize) -> usize {
    (n / threads.max(1) / 32).clamp(1, MAX_CHUNK)
}

/// Runs `job(i)` for `i` in `0..n` on `threads` threads and calls `fold(i, result)` in index
/// order (under a lock, from whichever thread completes the prefix). `fold` may stop the batch
/// with [`ControlFlow::Break`]: no job after that index is folded, and threads stop claiming new
/// chunks. `progress(done, n)` is called as jobs finish (in any order). At most `window` jobs
/// past the oldest unfolded one are started, which bounds the memory of waiting results.
///
/// # Errors
/// The error of the lowest-numbered failed job seen; later jobs are not folded.
pub fn ordered<R, E, J, F>(
    n: usize,
    threads: usize,
    window: usize,
    job: J,
    fold: F,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<(), E>
where
    R: Send,
    E: Send,
    J: Fn(usize) -> Result<R, E> + Sync,
    F: FnMut(usize, R) -> ControlFlow<()> + Send,
{
    let threads = threads.clamp(1, n.max(1));
    let chunk = chunk_size(n, threads);
    let chunks = n.div_ceil(chunk);
    let window_chunks = (window / chunk).max(threads + 1);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let state = Mutex::new(Merge {
        fold,
        next_chunk: 0,
        pending: BTreeMap::new(),
        first_error: None,
    });
    let advanced = Condvar::new();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut results: Vec<R> = Vec::with_capacity(chunk);
                loop {
                    let c = next.fetch_add(1, Ordering::Relaxed);
                    if c >= chunks || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if c >= window_chunks {
                        // Stay within the window; the thread holding the oldest unfinished
                        // chunk never waits here, so the batch always moves on.
                        let mut m = lock(&state);
                        while c >= m.next_chunk + window_chunks && !stop.load(Ordering::Relaxed) {
                            m = advanced
                                .wait(m)
                                .unwrap_or_else(std::sync::PoisonError::into_inner);
                        }
                    }
                    let start = c * chunk;
                    let end = (start + chunk).min(n);
                    let mut failed = None;
                    for i in start..end {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        match job(i) {
                            Ok(r) => results.push(r),
                            Err(e) => {
                                failed = Some((i, e));
                                break;
                            }
                        }
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1, n);
                    }
                    let mut m = lock(&state);
                    if let Some((i, e)) = failed {
                        if m.first_error.as_ref().is_none_or(|(j, _)| i < *j) {
                            m.first_error = Some((i, e));
                        }
                        stop.store(true, Ordering::Relaxed);
                    } else if !stop.load(Ordering::Relaxed) {
                        m.pending.insert(c, (start, std::mem::take(&mut results)));
                        if m.drain() {
                            stop.store(true, Ordering::Relaxed);
                        }
                        results = Vec::with_capacity(chunk);
                    }
                    drop(m);
                    advanced.notify_all();
                }
            });
        }
    });
    let m = state
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match m.first_error {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Finished chunks on their way into the fold, in order.
struct Merge<R, E, F> {
    fold: F,
    /// The next chunk to fold.
    next_chunk: usize,
    /// Finished chunks waiting for an earlier one: first job index and results.
    pending: BTreeMap<usize, (usize, Vec<R>)>,
    /// The error of the lowest-numbered failed job.
    first_error: Option<(usize, E)>,
}

impl<R, E, F: FnMut(usize, R) -> ControlFlow<()>> Merge<R, E, F> {
    /// Folds every waiting chunk whose predecessors are all folded; true if the fold stopped.
    fn drain(&mut self) -> bool {
        while let Some((start, results)) = self.pending.remove(&self.next_chunk) {
            self.next_chunk += 1;
            for (k, r) in results.into_iter().enumerate() {
                if (self.fold)(start + k, r).is_break() {
                    self.pending.clear();
                    return true;
                }
            }
        }
        false
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_arrive_in_index_order_for_any_thread_count() {
        for threads in [1, 2, 3, 7] {
            for n in [0, 1, 5, 100, 3000] {
                let mut seen = Vec::new();
                ordered::<usize, (), _, _>(
                    n,
                    threads,
                    64,
                    |i| Ok(i * 3),
                    |i, r| {
                        assert_eq!(r, i * 3);
                        seen.push(i);
                        ControlFlow::Continue(())
                    },
                    &|_, _| {},
                )
                .unwrap();
                assert_eq!(
                    seen,
                    (0..n).collect::<Vec<_>>(),
                    "{threads} threads, {n} jobs"
                );
            }
        }
    }

    #[test]
    fn a_break_stops_the_fold_at_the_same_index_whatever_the_threads() {
        for threads in [1, 2, 4] {
            let mut seen = 0;
            ordered::<usize, (), _, _>(
                10_000,
                threads,
                256,
                Ok,
                |i, _| {
                    seen = i + 1;
                    if i == 4321 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
                &|_, _| {},
            )
            .unwrap();
            assert_eq!(seen, 4322);
        }
    }

    #[test]
    fn the_lowest_failed_job_is_reported_and_nothing_after_it_is_folded() {
        for threads in [1, 2] {
            let mut last = None;
            let err = ordered::<usize, usize, _, _>(
                1000,
                threads,
                64,
                |i| if i == 500 { Err(i) } else { Ok(i) },
                |i, _| {
                    last = Some(i);
                    ControlFlow::Continue(())
                },
                &|_, _| {},
            )
            .unwrap_err();
            assert_eq!(err, 500);
            assert!(last.is_none_or(|l| l < 500), "{last:?}");
        }
    }

    #[test]
    fn chunks_are_bounded() {
        assert_eq!(chunk_size(10, 2), 1);
        assert_eq!(chunk_size(6400, 2), 64);
        assert_eq!(chunk_size(1_000_000, 2), MAX_CHUNK);
        assert_eq!(chunk_size(0, 0), 1);
    }
}
