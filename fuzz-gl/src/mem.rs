//! Guard-paged client memory: every buffer the fuzzer hands the GL ends
//! exactly where a `PROT_NONE` page begins, so reading or writing one byte
//! past what the arguments allow faults at once.

use core::ptr;

const PAGE: usize = 4096;

/// `len` bytes ending at a no-access page.
pub struct GuardBuf {
    map: *mut u8,
    map_len: usize,
    data: *mut u8,
    len: usize,
}

// SAFETY: the mapping is owned by the buffer alone; nothing aliases it
// across threads except through the GL, which the fuzzer drives from the
// thread that owns the buffer.
unsafe impl Send for GuardBuf {}

impl GuardBuf {
    /// A buffer of `len` bytes whose start is aligned to `align` (a power of
    /// two): the data ends `< align` bytes before the guard page.
    pub fn new(len: usize, align: usize) -> Option<GuardBuf> {
        let align = align.clamp(1, 64);
        let rounded = len.checked_add(align - 1)? & !(align - 1);
        let data_pages = rounded.div_ceil(PAGE).max(1);
        let map_len = (data_pages + 1) * PAGE;
        // SAFETY: a fresh private anonymous mapping; no existing memory is
        // touched.
        let map = unsafe {
            libc::mmap(
                ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if map == libc::MAP_FAILED {
            return None;
        }
        let map = map.cast::<u8>();
        // SAFETY: the last page lies inside the mapping just made.
        let guard = unsafe { map.add(data_pages * PAGE) };
        // SAFETY: as above; the page becomes inaccessible.
        if unsafe { libc::mprotect(guard.cast(), PAGE, libc::PROT_NONE) } != 0 {
            // SAFETY: unmapping what was mapped above.
            unsafe { libc::munmap(map.cast(), map_len) };
            return None;
        }
        // SAFETY: `rounded <= data_pages * PAGE`, so `data` is inside.
        let data = unsafe { guard.sub(rounded) };
        Some(GuardBuf {
            map,
            map_len,
            data,
            len,
        })
    }

    pub fn ptr(&self) -> *mut u8 {
        self.data
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes, for filling and reading back.
    pub fn bytes(&mut self) -> &mut [u8] {
        // SAFETY: `data..data + len` is mapped read-write and owned here.
        unsafe { core::slice::from_raw_parts_mut(self.data, self.len) }
    }

    /// Makes the data read-only (input the GL must not write).
    pub fn protect_read_only(&self) {
        let start = (self.data as usize) & !(PAGE - 1);
        let end = self.data as usize + self.len;
        if end > start {
            // SAFETY: whole pages of this mapping.
            unsafe {
                libc::mprotect(start as *mut _, end - start, libc::PROT_READ);
            }
        }
    }
}

impl Drop for GuardBuf {
    fn drop(&mut self) {
        // SAFETY: unmapping exactly the mapping made in `new`.
        unsafe { libc::munmap(self.map.cast(), self.map_len) };
    }
}
