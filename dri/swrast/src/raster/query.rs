//! Sample counters for occlusion queries.
//!
//! A [`SampleCounter`] is what a query counts into while it is active. The
//! rasterizer tags every draw state of a scene with the counter that was
//! active when the draw was binned ([`super::Rasterizer::set_query`]); each
//! tile worker sums the samples that pass every per-fragment test of one
//! primitive in a local integer and adds it to the counter once, with one
//! atomic add per primitive and tile — draws without a query pay nothing
//! but a test of `SceneState::query` per 4×4 block.
//!
//! Availability: a scene holds a [`Pending`] for each counter its states
//! use, from the first draw that uses it until the scene has been
//! rasterized (or thrown away unrasterized, when its target goes away).
//! The result is final once no scene holds the counter any more. A query
//! that is begun again gets a new counter, so scenes still in flight for its
//! previous use never touch the new count.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// Samples that passed, and the scenes that may still add to them.
#[derive(Debug, Default)]
pub struct SampleCounter {
    samples: AtomicU64,
    pending: Mutex<usize>,
    idle: Condvar,
}

impl SampleCounter {
    /// A counter at zero that no scene holds.
    pub fn new() -> Arc<Self> {
        Arc::new(SampleCounter::default())
    }

    /// Adds `n` passing samples (tile workers).
    #[inline]
    pub(crate) fn add(&self, n: u64) {
        self.samples.fetch_add(n, Ordering::Relaxed);
    }

    fn pending(&self) -> std::sync::MutexGuard<'_, usize> {
        self.pending.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The count when no scene holds the counter any more, else `None`.
    pub fn try_result(&self) -> Option<u64> {
        // The lock orders the workers' adds (joined before the scene's
        // `Pending` was dropped under this lock) before this load.
        let pending = self.pending();
        (*pending == 0).then(|| self.samples.load(Ordering::Relaxed))
    }

    /// Waits until no scene holds the counter and returns the count. The
    /// caller has flushed every scene that holds it.
    pub fn wait(&self) -> u64 {
        let mut pending = self.pending();
        while *pending > 0 {
            pending = self.idle.wait(pending).unwrap_or_else(|p| p.into_inner());
        }
        self.samples.load(Ordering::Relaxed)
    }
}

/// A scene's hold on a counter: the counter's result is not available while
/// this exists.
#[derive(Debug)]
pub struct Pending(Arc<SampleCounter>);

impl Pending {
    /// Holds `counter` until dropped.
    pub fn new(counter: &Arc<SampleCounter>) -> Self {
        *counter.pending() += 1;
        Pending(counter.clone())
    }

    /// Whether this holds `counter`.
    pub fn holds(&self, counter: &Arc<SampleCounter>) -> bool {
        Arc::ptr_eq(&self.0, counter)
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        let mut pending = self.0.pending();
        *pending -= 1;
        if *pending == 0 {
            self.0.idle.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_waits_for_every_holder() {
        let c = SampleCounter::new();
        assert_eq!(c.try_result(), Some(0));
        let a = Pending::new(&c);
        let b = Pending::new(&c);
        c.add(5);
        assert_eq!(c.try_result(), None);
        drop(a);
        assert_eq!(c.try_result(), None);
        let t = std::thread::spawn(move || {
            c.add(2);
            drop(b);
            c
        });
        let c = t.join().unwrap();
        assert_eq!(c.wait(), 7);
    }
}
