//! Client memory: the one place where application pointers become Rust
//! values.
//!
//! A GL command's pointer arguments are only as trustworthy as the
//! application. Each handler first validates its arguments, then computes
//! from the specification's rule for that command how many elements it may
//! touch — clamped to what the call can use (a uniform's remaining array
//! elements, an image's size under the pixel store state, a buffer's
//! range) — and only then reads or writes through the functions below, which
//! never touch more than that many elements. They also make the memory safe
//! to use from Rust whatever the application's alignment: reads of typed
//! arrays are byte copies into owned, aligned storage, and writes are
//! unaligned stores.
//!
//! Allocations sized by the application are fallible: a count the process
//! cannot hold is `GL_OUT_OF_MEMORY`, never an abort (GL 4.6 §2.3.1: "the
//! GL may generate OUT_OF_MEMORY ... if memory is exhausted").
//!
//! Every function that takes a pointer is `unsafe` with one contract: the
//! pointer is null or points to at least `len` elements the application
//! owns for the duration of the call, as the command's specification
//! obliges it to. Element types are C scalars (integers, floats, pointers):
//! every bit pattern is a value. [`Arrays`] and [`Words`] are the two
//! places where memory named by an earlier command is used: the arrays a
//! draw fetches from, and the selection and feedback buffers.
#![allow(
    unsafe_code,
    reason = "the ABI edge: reading and writing client memory"
)]

use std::borrow::Cow;
use std::ffi::{CStr, c_char};
use std::mem::size_of;

use oxgl_core::compat::select::ClientWords;
use oxgl_core::debug::AppString;
use oxgl_core::error::{name_count, try_vec};
use oxgl_core::vbo::draw::ClientMemory;
use oxgl_core::{ApiError, ApiResult};

/// `count * per` as a length, for a count the handler has checked is not
/// negative; `GL_OUT_OF_MEMORY` where the product does not fit.
pub(crate) fn len(count: i32, per: usize) -> ApiResult<usize> {
    usize::try_from(count)
        .map_err(|_| ApiError::InvalidValue)?
        .checked_mul(per)
        .ok_or(ApiError::OutOfMemory)
}

/// Copies `len` elements from `p` into an owned vector; empty for a null
/// pointer or a zero length.
///
/// # Safety
/// `p` is null or points to `len` readable elements (any alignment).
pub(crate) unsafe fn read<T: Copy>(p: *const T, len: usize) -> ApiResult<Vec<T>> {
    if p.is_null() || len == 0 {
        return Ok(Vec::new());
    }
    let mut v = try_vec::<T>(len)?;
    // SAFETY: the caller's contract for `p`; `v` has room for `len`
    // elements, and a byte copy needs no alignment of the source.
    unsafe {
        std::ptr::copy_nonoverlapping(
            p.cast::<u8>(),
            v.as_mut_ptr().cast::<u8>(),
            len * size_of::<T>(),
        );
        v.set_len(len);
    }
    Ok(v)
}

/// Copies the `len` elements at `p + offset` into an owned vector (see
/// [`read`]).
///
/// # Safety
/// `p` is null or points to `offset + len` readable elements.
pub(crate) unsafe fn read_at<T: Copy>(p: *const T, offset: usize, len: usize) -> ApiResult<Vec<T>> {
    if p.is_null() || len == 0 {
        return Ok(Vec::new());
    }
    // SAFETY: the caller's contract covers `offset + len` elements.
    unsafe { read(p.add(offset), len) }
}

/// Copies runs of `run` elements, one starting at each of `starts` (in
/// elements from `p`), one after another into an owned vector: the values
/// a strided command uses, without the gaps between them. Empty for a
/// null pointer.
///
/// # Safety
/// `p` is null or points to `start + run` readable elements for each start.
pub(crate) unsafe fn gather<T: Copy>(
    p: *const T,
    starts: &[usize],
    run: usize,
) -> ApiResult<Vec<T>> {
    if p.is_null() {
        return Ok(Vec::new());
    }
    let mut v = try_vec::<T>(starts.len().checked_mul(run).ok_or(ApiError::OutOfMemory)?)?;
    for &start in starts {
        // SAFETY: the caller's contract for this start; `v` has room for
        // every run, so the extension does not reallocate.
        v.extend_from_slice(&unsafe { read_at(p, start, run) }?);
    }
    Ok(v)
}

/// The `n` object names at `p` of a call that takes an array of names
/// (`glDelete*`, `glPrioritizeTextures`, ...): INVALID_VALUE for a negative
/// `n` and OUT_OF_MEMORY above [`oxgl_core::error::MAX_NAMES_PER_CALL`]
/// ([`name_count`]), both before anything is read; empty for a null
/// pointer.
///
/// # Safety
/// `p` is null or points to `n` readable names.
pub(crate) unsafe fn names(n: i32, p: *const u32) -> ApiResult<Vec<u32>> {
    let n = name_count(n)?;
    // SAFETY: per the caller, `n` names.
    unsafe { read(p, n) }
}

/// `N` elements at `p` as an array; `None` for a null pointer.
///
/// # Safety
/// `p` is null or points to `N` readable elements (any alignment).
pub(crate) unsafe fn array<T: Copy, const N: usize>(p: *const T) -> Option<[T; N]> {
    if p.is_null() {
        return None;
    }
    // SAFETY: the caller's contract; `[T; N]` has the layout of `N` Ts.
    Some(unsafe { p.cast::<[T; N]>().read_unaligned() })
}

/// The first `n` of at most `N` elements at `p` (the values of a
/// parameter command, as many as its `pname` has), in an array whose other
/// elements are `T::default()`; `None` for a null pointer. Reads no more
/// than `min(n, N)` elements.
///
/// # Safety
/// `p` is null or points to `n` readable elements (any alignment).
pub(crate) unsafe fn prefix<T: Copy + Default, const N: usize>(
    p: *const T,
    n: usize,
) -> Option<[T; N]> {
    if p.is_null() {
        return None;
    }
    let mut out = [T::default(); N];
    for (i, o) in out.iter_mut().enumerate().take(n) {
        // SAFETY: the caller's contract; `i < n`.
        *o = unsafe { p.add(i).read_unaligned() };
    }
    Some(out)
}

/// One element at `p`; `None` for a null pointer.
///
/// # Safety
/// `p` is null or points to a readable element (any alignment).
pub(crate) unsafe fn get<T: Copy>(p: *const T) -> Option<T> {
    // SAFETY: per the caller.
    unsafe { array::<T, 1>(p) }.map(|[x]| x)
}

/// `len` bytes at `p`, borrowed for the call; `None` for a null pointer.
///
/// # Safety
/// `p` is null or points to `len` bytes that stay readable and unchanged
/// for `'a` (the command's duration).
pub(crate) unsafe fn bytes<'a>(p: *const u8, len: usize) -> Option<&'a [u8]> {
    if p.is_null() {
        return None;
    }
    if len == 0 {
        return Some(&[]);
    }
    // SAFETY: the caller's contract; bytes need no alignment.
    Some(unsafe { std::slice::from_raw_parts(p, len) })
}

/// `len` writable bytes at `p`, borrowed for the call; `None` for null.
///
/// # Safety
/// `p` is null or points to `len` bytes the application lets the command
/// write, not aliased by anything else during `'a`.
pub(crate) unsafe fn bytes_mut<'a>(p: *mut u8, len: usize) -> Option<&'a mut [u8]> {
    if p.is_null() {
        return None;
    }
    if len == 0 {
        return Some(&mut []);
    }
    // SAFETY: the caller's contract.
    Some(unsafe { std::slice::from_raw_parts_mut(p, len) })
}

/// Writes `values` to `p[0..values.len()]`; nothing for a null pointer.
///
/// # Safety
/// `p` is null or points to room for `values.len()` elements (any
/// alignment).
pub(crate) unsafe fn write<T: Copy>(p: *mut T, values: &[T]) {
    if p.is_null() {
        return;
    }
    for (i, &v) in values.iter().enumerate() {
        // SAFETY: the caller's contract; `i < values.len()`.
        unsafe { p.add(i).write_unaligned(v) };
    }
}

/// Writes each of `values` in turn from `p` on (a `glGet*` result of as
/// many values as its parameter has); nothing for a null pointer.
///
/// # Safety
/// `p` is null or points to room for as many elements as `values` yields
/// (any alignment).
pub(crate) unsafe fn write_iter<T: Copy>(p: *mut T, values: impl IntoIterator<Item = T>) {
    if p.is_null() {
        return;
    }
    for (i, v) in values.into_iter().enumerate() {
        // SAFETY: the caller's contract; `i` is below the values' count.
        unsafe { p.add(i).write_unaligned(v) };
    }
}

/// Writes `value` to `*p`; nothing for a null pointer.
///
/// # Safety
/// `p` is null or points to room for one element (any alignment).
pub(crate) unsafe fn put<T: Copy>(p: *mut T, value: T) {
    // SAFETY: per the caller.
    unsafe { write(p, &[value]) }
}

/// A NUL-terminated client string; `None` for a null pointer.
///
/// # Safety
/// `p` is null or points to a NUL-terminated string.
pub(crate) unsafe fn c_str<'a>(p: *const c_char) -> Option<&'a CStr> {
    if p.is_null() {
        return None;
    }
    // SAFETY: per the caller.
    Some(unsafe { CStr::from_ptr(p) })
}

/// Writes `s` as a GL string query does into a `buf_size`-byte buffer
/// (GL 4.6 §7.13, §20.9: at most `bufSize - 1` characters and a NUL):
/// returns how many characters were written, 0 for a null buffer or a
/// `buf_size` of 0 (then nothing is written).
///
/// # Safety
/// `buf` is null or points to room for `buf_size` bytes.
pub(crate) unsafe fn write_c_str(buf: *mut c_char, buf_size: usize, s: &[u8]) -> usize {
    if buf.is_null() || buf_size == 0 {
        return 0;
    }
    let n = s.len().min(buf_size - 1);
    let buf = buf.cast::<u8>();
    // SAFETY: the caller's contract; `n + 1 <= buf_size` bytes are written.
    unsafe {
        write(buf, &s[..n]);
        put(buf.add(n), 0);
    }
    n
}

/// A string given GL's usual way, as `(length, p)`: `length` bytes, or up
/// to a NUL when `length` is negative; `None` for a null pointer. Reads
/// nothing past `limit` bytes: a string that long is
/// [`AppString::TooLong`], which the command rejects (an explicit length
/// may overstate the buffer, as in the conformance tests).
///
/// # Safety
/// `p` is null, or points to `length` readable bytes (`length >= 0`) or to
/// a NUL-terminated string (`length < 0`), valid for `'a`.
pub(crate) unsafe fn sized_str<'a>(
    length: i32,
    p: *const c_char,
    limit: usize,
) -> Option<AppString<'a>> {
    if p.is_null() {
        return None;
    }
    let p = p.cast::<u8>();
    if let Ok(n) = usize::try_from(length) {
        if n >= limit {
            return Some(AppString::TooLong);
        }
        // SAFETY: the caller's contract: `length` bytes at `p`.
        return unsafe { bytes(p, n) }.map(AppString::Read);
    }
    for n in 0..limit {
        // SAFETY: a NUL-terminated string is readable up to its
        // terminator, and the loop stops there.
        if unsafe { p.add(n).read() } == 0 {
            // SAFETY: the `n` bytes before the terminator were just read.
            return unsafe { bytes(p, n) }.map(AppString::Read);
        }
    }
    Some(AppString::TooLong)
}

/// `b` as text, invalid UTF-8 replaced by U+FFFD (as
/// `String::from_utf8_lossy`), with fallible allocation: the string of a
/// length the application chose is OUT_OF_MEMORY, not an abort, where it
/// cannot be held.
pub(crate) fn lossy(b: &[u8]) -> ApiResult<String> {
    let mut s = String::new();
    s.try_reserve_exact(b.len())
        .map_err(|_| ApiError::OutOfMemory)?;
    for chunk in b.utf8_chunks() {
        let extra = if chunk.invalid().is_empty() { 0 } else { 3 };
        s.try_reserve(chunk.valid().len() + extra)
            .map_err(|_| ApiError::OutOfMemory)?;
        s.push_str(chunk.valid());
        if extra != 0 {
            s.push(char::REPLACEMENT_CHARACTER);
        }
    }
    Ok(s)
}

/// An image source (see `api::unpack_source`) as an owned vector: a
/// borrowed client image is copied with fallible allocation.
pub(crate) fn owned(src: Cow<'_, [u8]>) -> ApiResult<Vec<u8>> {
    match src {
        Cow::Owned(v) => Ok(v),
        Cow::Borrowed(b) => {
            let mut v = try_vec(b.len())?;
            v.extend_from_slice(b);
            Ok(v)
        }
    }
}

/// The application's vertex arrays, read during one draw command.
pub(crate) struct Arrays;

impl ClientMemory for Arrays {
    fn read(&self, addr: usize, len: usize) -> Option<&[u8]> {
        // SAFETY: GL 4.6 §10.3: the arrays a draw reads are the
        // application's memory at the addresses it set, valid for the
        // draw's duration; the core asks only for the elements the draw
        // uses (bounded by `oxgl_core::vbo::draw::MAX_DRAW_BYTES`).
        unsafe { bytes(std::ptr::with_exposed_provenance(addr), len) }
    }
}

/// An application buffer of `len` 32-bit words (`GLuint` or `GLfloat`)
/// that selection or feedback fills during later commands: the pointer
/// given to glSelectBuffer or glFeedbackBuffer.
#[derive(Debug)]
pub(crate) struct Words {
    addr: usize,
    len: usize,
}

impl Words {
    /// The buffer of `size` words at `buffer` (none for a negative size:
    /// the command fails).
    pub(crate) fn new<T>(buffer: *mut T, size: i32) -> Box<Words> {
        Box::new(Words {
            addr: buffer.expose_provenance(),
            len: usize::try_from(size).unwrap_or(0),
        })
    }
}

impl ClientWords for Words {
    fn addr(&self) -> usize {
        self.addr
    }

    fn write(&mut self, index: usize, word: u32) {
        if self.addr == 0 || index >= self.len {
            return;
        }
        let p: *mut u32 = std::ptr::with_exposed_provenance_mut(self.addr);
        // SAFETY: GL 4.6 compatibility §20.2/§20.3: the buffer given to
        // glSelectBuffer/glFeedbackBuffer holds `size` values and stays
        // valid while selection or feedback may write it; `index < size`.
        // `put` stores unaligned, so a misaligned pointer is defined.
        unsafe { put(p.wrapping_add(index), word) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_unaligned_arrays() {
        let raw: [u8; 9] = [0xff, 1, 0, 0, 0, 2, 0, 0, 0];
        // SAFETY: 8 readable bytes after the first one.
        let v = unsafe { read(raw.as_ptr().add(1).cast::<u32>(), 2) }.unwrap();
        assert_eq!(v, [1, 2]);
        // SAFETY: as above.
        let a: Option<[u32; 2]> = unsafe { array(raw.as_ptr().add(1).cast::<u32>()) };
        assert_eq!(a, Some([1, 2]));
    }

    #[test]
    fn null_and_empty() {
        // SAFETY: null pointers are allowed.
        unsafe {
            assert!(read::<f32>(std::ptr::null(), 4).unwrap().is_empty());
            assert_eq!(array::<f32, 4>(std::ptr::null()), None);
            assert_eq!(bytes(std::ptr::null(), 4), None);
            write::<f32>(std::ptr::null_mut(), &[1.0]);
        }
    }

    #[test]
    fn huge_counts_are_out_of_memory() {
        assert_eq!(
            try_vec::<u64>(usize::MAX / 4).err(),
            Some(ApiError::OutOfMemory)
        );
        assert_eq!(len(-1, 4), Err(ApiError::InvalidValue));
        assert_eq!(len(i32::MAX, 16), Ok(i32::MAX as usize * 16));
    }

    #[test]
    fn reads_at_offsets_and_gathers_runs() {
        let v: [u16; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
        // SAFETY: every read stays within the 8 elements.
        unsafe {
            assert_eq!(read_at(v.as_ptr(), 5, 3).unwrap(), [5, 6, 7]);
            assert_eq!(read_at(v.as_ptr(), 8, 0).unwrap(), [0u16; 0]);
            assert_eq!(
                gather(v.as_ptr(), &[0, 3, 6], 2).unwrap(),
                [0, 1, 3, 4, 6, 7]
            );
            assert!(gather::<u16>(std::ptr::null(), &[0], 2).unwrap().is_empty());
        }
    }

    #[test]
    fn prefixes_read_only_their_count() {
        let v = [1i32, 2];
        // SAFETY: at most the two elements are read.
        unsafe {
            assert_eq!(prefix::<i32, 4>(v.as_ptr(), 2), Some([1, 2, 0, 0]));
            assert_eq!(prefix::<i32, 4>(v.as_ptr(), 0), Some([0; 4]));
            assert_eq!(prefix::<i32, 1>(v.as_ptr(), 2), Some([1]));
            assert_eq!(prefix::<i32, 4>(std::ptr::null(), 2), None);
        }
    }

    #[test]
    fn name_arrays_are_limited() {
        let v = [7u32, 8];
        // SAFETY: no more than the two names are read, and the failing
        // counts read nothing (the pointer would not hold them).
        unsafe {
            assert_eq!(names(2, v.as_ptr()), Ok(vec![7, 8]));
            assert_eq!(names(-1, v.as_ptr()), Err(ApiError::InvalidValue));
            assert_eq!(names(i32::MAX, v.as_ptr()), Err(ApiError::OutOfMemory));
            assert_eq!(names(3, std::ptr::null()), Ok(vec![]));
        }
    }

    #[test]
    fn writes_query_results() {
        let mut raw = [0u8; 9];
        // SAFETY: room for two u32 after the first byte.
        unsafe { write_iter(raw.as_mut_ptr().add(1).cast::<u32>(), [1, 2]) };
        assert_eq!(raw, [0, 1, 0, 0, 0, 2, 0, 0, 0]);
        // SAFETY: null is allowed.
        unsafe { write_iter::<u32>(std::ptr::null_mut(), [1]) };
    }

    #[test]
    fn writes_c_strings_cut_to_the_buffer() {
        let mut buf = [b'x' as c_char; 6];
        // SAFETY: each call is given at most the buffer's size.
        unsafe {
            assert_eq!(write_c_str(buf.as_mut_ptr(), 6, b"hi"), 2);
            assert_eq!(&buf[..4], [b'h', b'i', 0, b'x'].map(|b| b as c_char));
            assert_eq!(write_c_str(buf.as_mut_ptr(), 4, b"hello"), 3);
            assert_eq!(&buf[..5], [b'h', b'e', b'l', 0, b'x'].map(|b| b as c_char));
            assert_eq!(write_c_str(buf.as_mut_ptr(), 0, b"hello"), 0);
            assert_eq!(write_c_str(std::ptr::null_mut(), 6, b"hello"), 0);
        }
        assert_eq!(buf[0], b'h' as c_char);
    }

    #[test]
    fn sized_strings() {
        let s = b"abc\0def";
        let p = s.as_ptr().cast::<c_char>();
        // SAFETY: the lengths stay within the 7 bytes, and a negative one
        // finds the NUL at 3.
        unsafe {
            assert_eq!(sized_str(2, p, 8), Some(AppString::Read(b"ab")));
            assert_eq!(sized_str(-1, p, 8), Some(AppString::Read(b"abc")));
            assert_eq!(sized_str(-1, p, 3), Some(AppString::TooLong));
            assert_eq!(sized_str(8, p, 8), Some(AppString::TooLong));
            assert_eq!(sized_str(-1, std::ptr::null(), 8), None);
        }
    }

    #[test]
    fn lossy_text_and_owned_images() {
        assert_eq!(lossy(b"ok").unwrap(), "ok");
        assert_eq!(lossy(b"a\xffb").unwrap(), "a\u{fffd}b");
        assert_eq!(lossy(b"a\xff").unwrap(), String::from_utf8_lossy(b"a\xff"));
        assert_eq!(owned(Cow::Borrowed(&[1, 2][..])).unwrap(), [1, 2]);
        assert_eq!(owned(Cow::Owned(vec![3])).unwrap(), [3]);
    }

    #[test]
    fn words_write_within_their_size() {
        let mut buf = [0u32; 2];
        let mut w = Words::new(buf.as_mut_ptr(), 2);
        w.write(1, 5);
        w.write(2, 6);
        assert_eq!(w.addr(), buf.as_ptr().addr());
        assert_eq!(buf, [0, 5]);
        let mut none = Words::new(std::ptr::null_mut::<u32>(), 4);
        none.write(0, 1);
    }

    #[test]
    fn arrays_read_client_memory() {
        let v = [1u8, 2, 3];
        assert_eq!(
            Arrays.read(v.as_ptr().expose_provenance(), 2),
            Some(&[1u8, 2][..])
        );
        assert_eq!(Arrays.read(0, 2), None);
    }

    #[test]
    fn writes_unaligned() {
        let mut raw = [0u8; 9];
        // SAFETY: 8 writable bytes after the first one.
        unsafe { write(raw.as_mut_ptr().add(1).cast::<u32>(), &[1, 2]) };
        assert_eq!(raw, [0, 1, 0, 0, 0, 2, 0, 0, 0]);
    }
}
