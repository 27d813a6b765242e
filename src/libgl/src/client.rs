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
//! Every function is `unsafe` with one contract: the pointer is null or
//! points to at least `len` elements the application owns for the duration
//! of the call, as the command's specification obliges it to.
#![allow(
    unsafe_code,
    reason = "the ABI edge: reading and writing client memory"
)]

use std::ffi::{CStr, c_char};
use std::mem::size_of;

use oxgl_core::error::try_vec;
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
    fn writes_unaligned() {
        let mut raw = [0u8; 9];
        // SAFETY: 8 writable bytes after the first one.
        unsafe { write(raw.as_mut_ptr().add(1).cast::<u32>(), &[1, 2]) };
        assert_eq!(raw, [0, 1, 0, 0, 0, 2, 0, 0, 0]);
    }
}
