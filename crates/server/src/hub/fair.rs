//! Fair shares of the AI threads: who thinks next when more AI moves (and hints) wait than there
//! are threads.
//!
//! # Why not a semaphore
//! A semaphore hands its permits out first come, first served. One client with a dozen heavy AI
//! matches then keeps a dozen requests queued at every moment, and every other client's AI reply
//! waits behind all of them (a probe took another user's reply from 24 ms to over 30 s). Here
//! the waiting requests are grouped by *client* (the address that created the match, or that
//! asks for a hint): a freed thread goes to the next client in turn (round robin), and within a
//! client to its requests in order. And while anyone else waits, one client may hold at most
//! `per_client` threads at once (by default all but one, so another client's request always finds a
//! thread soon): a client alone on the server may still use every thread.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

/// The AI threads, shared fairly between clients.
#[derive(Debug)]
pub(crate) struct FairSlots {
    per_client: usize,
    inner: Mutex<Inner>,
}

#[derive(Debug)]
struct Inner {
    free: usize,
    /// Threads held per client.
    held: HashMap<String, usize>,
    /// Waiting requests per client, in order.
    waiting: HashMap<String, VecDeque<oneshot::Sender<Slot>>>,
    /// Clients with waiting requests, in turn.
    ring: VecDeque<String>,
}

/// One thread held by one client; given back (to the next client in turn) when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    slots: Arc<FairSlots>,
    client: String,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.release(&self.client);
    }
}

impl FairSlots {
    /// `threads` threads; one client holds at most `per_client` of them while others wait
    /// (0: all but one, or 1 if there is only one).
    pub(crate) fn new(threads: usize, per_client: usize) -> Arc<FairSlots> {
        let threads = threads.max(1);
        let per_client = if per_client == 0 {
            threads.saturating_sub(1).max(1)
        } else {
            per_client.min(threads)
        };
        Arc::new(FairSlots {
            per_client,
            inner: Mutex::new(Inner {
                free: threads,
                held: HashMap::new(),
                waiting: HashMap::new(),
                ring: VecDeque::new(),
            }),
        })
    }

    /// Waits for a thread for `client`. Dropping the future gives up its place (and a thread
    /// granted meanwhile goes on to the next).
    pub(crate) async fn acquire(self: &Arc<Self>, client: &str) -> Slot {
        let rx = {
            let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            // Nobody waiting: any free thread may be taken, up to every thread for a client alone.
            if g.free > 0 && g.ring.is_empty() {
                g.free -= 1;
                *g.held.entry(client.to_owned()).or_insert(0) += 1;
                return self.slot(client);
            }
            let (tx, rx) = oneshot::channel();
            let queue = g.waiting.entry(client.to_owned()).or_default();
            queue.push_back(tx);
            if queue.len() == 1 {
                g.ring.push_back(client.to_owned());
            }
            rx
        };
        // A thread may have been free while others waited: hand it out now.
        self.dispatch();
        match rx.await {
            Ok(slot) => slot,
            // The sender is only dropped with the whole `FairSlots`, which this call holds.
            Err(_) => Box::pin(self.acquire(client)).await,
        }
    }

    fn slot(self: &Arc<Self>, client: &str) -> Slot {
        Slot {
            slots: Arc::clone(self),
            client: client.to_owned(),
        }
    }

    /// Gives `client`'s thread back and hands free threads to the clients in turn.
    fn release(self: &Arc<Self>, client: &str) {
        {
            let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            g.free += 1;
            if let Some(n) = g.held.get_mut(client) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    g.held.remove(client);
                }
            }
        }
        self.dispatch();
    }

    /// While a thread is free and someone waits: the next client in turn that holds fewer than
    /// its share gets it (or, if every waiting client holds its share, the next in turn anyway,
    /// so that no thread idles while requests wait).
    fn dispatch(self: &Arc<Self>) {
        loop {
            let grant = {
                let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
                if g.free == 0 || g.ring.is_empty() {
                    return;
                }
                let under_share = g
                    .ring
                    .iter()
                    .position(|c| g.held.get(c).copied().unwrap_or(0) < self.per_client)
                    .unwrap_or(0);
                let Some(client) = g.ring.remove(under_share) else {
                    return;
                };
                let Some(queue) = g.waiting.get_mut(&client) else {
                    continue;
                };
                let tx = queue.pop_front();
                if queue.is_empty() {
                    g.waiting.remove(&client);
                } else {
                    g.ring.push_back(client.clone());
                }
                let Some(tx) = tx else { continue };
                g.free -= 1;
                *g.held.entry(client.clone()).or_insert(0) += 1;
                (tx, client)
            };
            // Outside the lock: a refused slot (its waiter gave up) is dropped, which releases it
            // and dispatches again.
            let (tx, client) = grant;
            let _ = tx.send(self.slot(&client));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_freed_thread_goes_to_the_next_client_in_turn_not_the_busiest() {
        let slots = FairSlots::new(2, 0);
        // Client `a` takes both threads (nobody else waits), then queues five more requests.
        let a1 = slots.acquire("a").await;
        let a2 = slots.acquire("a").await;
        let mut queued = Vec::new();
        for _ in 0..5 {
            let s = Arc::clone(&slots);
            queued.push(tokio::spawn(async move { s.acquire("a").await }));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        // `b` asks after all of them, and is served by the first thread freed.
        let s = Arc::clone(&slots);
        let b = tokio::spawn(async move { s.acquire("b").await });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(a1);
        let b = tokio::time::timeout(Duration::from_secs(2), b)
            .await
            .ok()
            .and_then(Result::ok);
        assert!(b.is_some(), "b waited behind a's queue");
        drop(a2);
        // `a`'s requests are all served in the end.
        drop(b);
        for q in queued {
            let slot = tokio::time::timeout(Duration::from_secs(2), q).await;
            assert!(slot.is_ok(), "a request of a's was never served");
        }
    }

    #[tokio::test]
    async fn one_client_holds_at_most_its_share_while_another_waits() {
        let slots = FairSlots::new(3, 0); // share: 2 of 3
        let a1 = slots.acquire("a").await;
        let a2 = slots.acquire("a").await;
        let a3 = slots.acquire("a").await; // alone: every thread
        let s = Arc::clone(&slots);
        let more_a = tokio::spawn(async move { s.acquire("a").await });
        tokio::time::sleep(Duration::from_millis(10)).await;
        let s = Arc::clone(&slots);
        let b = tokio::spawn(async move { s.acquire("b").await });
        tokio::time::sleep(Duration::from_millis(10)).await;
        drop(a1); // `a` still holds 2 = its share: the thread goes to `b` though `a` asked first
        let b = tokio::time::timeout(Duration::from_secs(2), b).await;
        assert!(b.is_ok(), "b was not served first");
        assert!(!more_a.is_finished());
        drop((a2, a3));
        assert!(
            tokio::time::timeout(Duration::from_secs(2), more_a)
                .await
                .is_ok()
        );
    }

    #[tokio::test]
    async fn a_waiter_that_gives_up_loses_no_thread() {
        let slots = FairSlots::new(1, 0);
        let a = slots.acquire("a").await;
        let s = Arc::clone(&slots);
        let gives_up = tokio::spawn(async move { s.acquire("b").await });
        tokio::time::sleep(Duration::from_millis(10)).await;
        gives_up.abort();
        let _ = gives_up.await;
        drop(a);
        let c = tokio::time::timeout(Duration::from_secs(2), slots.acquire("c")).await;
        assert!(c.is_ok(), "the thread was lost with the waiter");
    }
}
