//! Memory shared between the supervisor and one child run (an anonymous
//! `MAP_SHARED` mapping made before `fork`): per thread the iteration, the
//! command in flight with its start time (the watchdog), a ring of the last
//! commands; the commands called; the findings a child reports without
//! dying (missing errors, internal problems).

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, Ordering};

pub const MAX_THREADS: usize = 8;
pub const RING: usize = 48;
pub const LINE: usize = 240;
pub const MAX_CMDS: usize = 1100;
pub const MAX_FINDINGS: usize = 64;

#[repr(C)]
pub struct ThreadSlot {
    pub iteration: AtomicU64,
    /// Monotonic milliseconds when the command in flight began; 0 if none.
    pub in_call_since: AtomicU64,
    /// Lines written so far (the newest is `(head - 1) % RING`).
    pub head: AtomicU64,
    pub ring: [UnsafeCell<[u8; LINE]>; RING],
}

#[repr(C)]
pub struct Finding {
    /// 0: empty; 1: written.
    pub state: AtomicU32,
    pub thread: AtomicU32,
    pub iteration: AtomicU64,
    pub text: UnsafeCell<[u8; 512]>,
}

#[repr(C)]
pub struct Shared {
    pub threads: [ThreadSlot; MAX_THREADS],
    /// Commands called with a context current, by index in `COMMANDS`.
    pub called: [AtomicU8; MAX_CMDS],
    /// Written by a probe run: 1 = not implemented, 2 = implemented.
    pub implemented: [AtomicU8; MAX_CMDS],
    pub findings: [Finding; MAX_FINDINGS],
    pub nfindings: AtomicU32,
    /// Iterations finished by all threads of this child.
    pub done: AtomicU64,
    /// Set by the child when every thread has finished its iterations.
    pub finished: AtomicU32,
    /// Commands skipped because a pointer could not be sized.
    pub skipped: AtomicU64,
    /// Thread index + 1 of the thread that got a fatal signal; 0: none.
    pub fault_thread: AtomicU32,
    /// The fault address of that signal (`si_addr`).
    pub fault_addr: AtomicU64,
}

// SAFETY: the cells are written by one thread each (a ring by its thread, a
// finding by whoever claimed it) and read only after a release/acquire
// hand-over or after the child stopped.
unsafe impl Sync for Shared {}

impl Shared {
    /// A zeroed shared mapping; lives until the process exits.
    pub fn new() -> &'static Shared {
        let size = core::mem::size_of::<Shared>();
        // SAFETY: a fresh shared anonymous mapping, zero-filled, which is a
        // valid `Shared` (atomics and byte arrays).
        unsafe {
            let p = libc::mmap(
                core::ptr::null_mut(),
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            assert!(p != libc::MAP_FAILED, "mmap of the shared region failed");
            &*(p as *const Shared)
        }
    }

    /// Zeroes everything a child writes (not `implemented`).
    pub fn reset(&self) {
        for t in &self.threads {
            t.iteration.store(0, Ordering::SeqCst);
            t.in_call_since.store(0, Ordering::SeqCst);
            t.head.store(0, Ordering::SeqCst);
        }
        for f in &self.findings {
            f.state.store(0, Ordering::SeqCst);
        }
        self.nfindings.store(0, Ordering::SeqCst);
        self.done.store(0, Ordering::SeqCst);
        self.finished.store(0, Ordering::SeqCst);
        self.skipped.store(0, Ordering::SeqCst);
        self.fault_thread.store(0, Ordering::SeqCst);
        self.fault_addr.store(0, Ordering::SeqCst);
    }

    /// Writes `line` into thread `t`'s ring. The ring of a thread is written
    /// only by that thread; the supervisor reads it after the child stopped.
    pub fn log(&self, t: usize, line: &str) {
        let slot = &self.threads[t];
        let head = slot.head.load(Ordering::Relaxed);
        let entry = &slot.ring[(head % RING as u64) as usize];
        let bytes = line.as_bytes();
        let n = bytes.len().min(LINE - 1);
        // SAFETY: only thread `t` writes this entry, while the supervisor
        // does not read it (it reads after the child stopped).
        unsafe {
            let dst = entry.get().cast::<u8>();
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, n);
            *dst.add(n) = 0;
        }
        slot.head.store(head + 1, Ordering::Release);
    }

    /// The last lines of thread `t`, oldest first.
    pub fn lines(&self, t: usize) -> Vec<String> {
        let slot = &self.threads[t];
        let head = slot.head.load(Ordering::Acquire);
        let first = head.saturating_sub(RING as u64);
        (first..head)
            .map(|i| {
                // SAFETY: read after the writer's release store of `head`
                // (or after the child stopped).
                let e = unsafe { &*slot.ring[(i % RING as u64) as usize].get() };
                let n = e.iter().position(|&b| b == 0).unwrap_or(LINE);
                String::from_utf8_lossy(&e[..n]).into_owned()
            })
            .collect()
    }

    /// Records a finding that did not stop the child.
    pub fn report(&self, thread: usize, iteration: u64, text: &str) {
        let i = self.nfindings.fetch_add(1, Ordering::SeqCst) as usize;
        let Some(f) = self.findings.get(i) else {
            return;
        };
        let bytes = text.as_bytes();
        let n = bytes.len().min(511);
        f.thread.store(thread as u32, Ordering::SeqCst);
        f.iteration.store(iteration, Ordering::SeqCst);
        // SAFETY: slot `i` was claimed by the `fetch_add` above; nobody else
        // writes it, and readers wait for `state == 1`.
        unsafe {
            let text = &mut *f.text.get();
            text[..n].copy_from_slice(&bytes[..n]);
            text[n] = 0;
        }
        f.state.store(1, Ordering::SeqCst);
    }

    /// The findings reported so far: (thread, iteration, text).
    pub fn reported(&self) -> Vec<(u32, u64, String)> {
        self.findings
            .iter()
            .filter(|f| f.state.load(Ordering::SeqCst) == 1)
            .map(|f| {
                // SAFETY: `state == 1`: the writer has finished.
                let text = unsafe { &*f.text.get() };
                let n = text.iter().position(|&b| b == 0).unwrap_or(512);
                (
                    f.thread.load(Ordering::SeqCst),
                    f.iteration.load(Ordering::SeqCst),
                    String::from_utf8_lossy(&text[..n]).into_owned(),
                )
            })
            .collect()
    }
}

/// Monotonic milliseconds (never 0).
pub fn now_ms() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    (ts.tv_sec as u64) * 1000 + (ts.tv_nsec as u64) / 1_000_000 + 1
}
