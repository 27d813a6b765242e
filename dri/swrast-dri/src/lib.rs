//! `swrast_dri.so`: exports the software backend's hook table through the
//! backend entry point, so the loader can find it on disk like any other
//! backend. The same code is linked into `libGL.so.1` as the last fallback.

use oxgl_dri_interface::OxglDriBackend;

/// The backend entry point (`OXGL_DRI_ENTRY_POINT`).
///
/// The table is returned whatever version is asked for: it carries its own
/// `abi_version`, and the loader reports a mismatch with both numbers.
///
/// # Safety
/// Callable from any thread; takes no pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oxgl_dri_get_backend(_abi_version: u32) -> *const OxglDriBackend {
    &oxgl_dri_swrast::BACKEND
}
