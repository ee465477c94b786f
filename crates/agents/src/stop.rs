//! Asking a search to stop before its budget is spent.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A request to stop, shared by clones: one side holds it while it thinks and looks at it
/// often ([`Stop::is_stopped`] is one relaxed atomic load); any other side — another thread,
/// a server whose match was aborted — calls [`Stop::stop`], and every clone sees it.
///
/// Agents that search ([`Mcts::with_stop`](crate::Mcts::with_stop)) look at it between
/// iterations, in every search thread, and return at once once it is set. Agents that answer
/// at once (random, greedy) have nothing to cut short and need none. A stop that is never set
/// changes nothing: the search does exactly what it would have done without one.
///
/// ```
/// use gridwright_agents::Stop;
/// let stop = Stop::new();
/// let seen_by_the_search = stop.clone();
/// assert!(!seen_by_the_search.is_stopped());
/// stop.stop();
/// assert!(seen_by_the_search.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A stop not (yet) set.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every holder of a clone to stop. Cannot be undone.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Stop::stop`] was called on this or any clone.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
