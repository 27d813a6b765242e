//! SysV shared memory for MIT-SHM presentation: the one owner of the mapping.
//!
//! A segment is created, attached here and by the server, and marked for
//! removal at once, so it disappears when both detach (even if we crash).
#![allow(unsafe_code, reason = "SysV shared memory: shmget/shmat/shmdt")]

/// A private shared-memory segment mapped into this process.
pub struct Segment {
    shmid: i32,
    addr: *mut u8,
    size: usize,
}

// SAFETY: the mapping is plain memory owned by this value; access goes through
// `&mut self`.
unsafe impl Send for Segment {}

impl Segment {
    /// Creates and maps a segment of `size` bytes.
    pub fn new(size: usize) -> Option<Segment> {
        // SAFETY: plain syscalls; the result is checked.
        unsafe {
            let shmid = libc::shmget(libc::IPC_PRIVATE, size, libc::IPC_CREAT | 0o600);
            if shmid < 0 {
                return None;
            }
            let addr = libc::shmat(shmid, std::ptr::null(), 0);
            if addr as isize == -1 {
                libc::shmctl(shmid, libc::IPC_RMID, std::ptr::null_mut());
                return None;
            }
            Some(Segment {
                shmid,
                addr: addr as *mut u8,
                size,
            })
        }
    }

    /// The id the server attaches.
    pub fn shmid(&self) -> u32 {
        self.shmid as u32
    }

    /// Size in bytes.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Marks the segment for removal once everyone has detached (call after
    /// the server attached it).
    pub fn mark_removed(&self) {
        // SAFETY: a segment id we created.
        unsafe { libc::shmctl(self.shmid, libc::IPC_RMID, std::ptr::null_mut()) };
    }

    /// The mapped bytes.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: `addr` maps `size` bytes for as long as `self` lives.
        unsafe { std::slice::from_raw_parts_mut(self.addr, self.size) }
    }
}

impl Drop for Segment {
    fn drop(&mut self) {
        // SAFETY: detaches our own mapping once; removal was requested already
        // or is requested now.
        unsafe {
            libc::shmdt(self.addr as *const libc::c_void);
            libc::shmctl(self.shmid, libc::IPC_RMID, std::ptr::null_mut());
        }
    }
}
