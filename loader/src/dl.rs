//! The dynamic linker: `dlopen`, `dlsym`, `dlerror`, `dladdr`, and the one call
//! into a backend the loader makes (`oxgl_dri_get_backend`).
//!
//! This is the only module of the crate with `unsafe` code. Its safe surface:
//!
//! * [`Library::open`] returns the `dlerror()` text verbatim on failure;
//! * [`Library::handshake`] calls the entry point and reads `abi_version`,
//!   the first field of every version of [`OxglDriBackend`];
//! * [`Library::bind`] hands out `&'static OxglDriBackend` only when that
//!   version is ours, and then never closes the library (Mesa never `dlclose`s
//!   a driver it bound either: its code and statics must outlive every context);
//! * a [`Library`] dropped without being bound is closed.
#![expect(unsafe_code, reason = "the dynamic-linker edge of the loader")]

use std::ffi::{CStr, CString, OsStr, c_char, c_void};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::ptr::{self, NonNull};

use oxgl_dri_interface::{OXGL_DRI_ABI_VERSION, OxglDriBackend, OxglDriGetBackendFn};

/// What the backend's entry point answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handshake {
    /// The library has no `oxgl_dri_get_backend`; the `dlerror()` text.
    NoEntryPoint(String),
    /// The entry point returned null: it cannot serve our ABI version.
    Refused,
    /// The table's `abi_version`.
    Version(u32),
}

/// A `dlopen`ed shared object.
#[derive(Debug)]
pub struct Library {
    handle: NonNull<c_void>,
    /// The table returned by the last [`Library::handshake`], if any.
    table: Option<NonNull<OxglDriBackend>>,
    /// Its `abi_version`.
    table_version: u32,
}

/// Takes the pending `dlerror()` message, if any.
fn take_dlerror() -> Option<String> {
    // SAFETY: dlerror() takes no arguments and returns either null or a
    // NUL-terminated string owned by the dynamic linker, valid until the next
    // dl* call on this thread; we copy it out before making one.
    let msg: *const c_char = unsafe { libc::dlerror() };
    if msg.is_null() {
        return None;
    }
    // SAFETY: non-null, NUL-terminated, and alive until the next dl* call (see above).
    let text = unsafe { CStr::from_ptr(msg) };
    Some(text.to_string_lossy().into_owned())
}

impl Library {
    /// `dlopen(path, RTLD_NOW | RTLD_GLOBAL)`, as Mesa opens DRI drivers.
    /// On failure, the `dlerror()` text verbatim.
    pub fn open(path: &Path) -> Result<Library, String> {
        let Ok(c_path) = CString::new(path.as_os_str().as_bytes()) else {
            return Err(format!("{}: path contains a NUL byte", path.display()));
        };
        take_dlerror(); // clear a stale message
        // SAFETY: `c_path` is a valid NUL-terminated string for the duration of
        // the call. Loading runs the object's initializers, which is the point:
        // the file is a backend the user (LIBGL_DRIVERS_PATH) or the install
        // put on our search path, trusted as Mesa trusts its driver directory.
        let handle = unsafe { libc::dlopen(c_path.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
        match NonNull::new(handle) {
            Some(handle) => Ok(Library {
                handle,
                table: None,
                table_version: 0,
            }),
            None => Err(take_dlerror().unwrap_or_else(|| "unknown dlopen error".to_string())),
        }
    }

    /// Looks up `oxgl_dri_get_backend`, calls it with `abi_version`, and reads
    /// the returned table's version.
    pub fn handshake(&mut self, abi_version: u32) -> Handshake {
        self.table = None;
        take_dlerror();
        // SAFETY: `handle` is a live handle from dlopen (we only close it in
        // Drop), and the symbol name is a NUL-terminated literal.
        let sym = unsafe { libc::dlsym(self.handle.as_ptr(), c"oxgl_dri_get_backend".as_ptr()) };
        if sym.is_null() {
            let why = take_dlerror().unwrap_or_else(|| "oxgl_dri_get_backend is null".to_string());
            return Handshake::NoEntryPoint(why);
        }
        // SAFETY: the backend ABI (oxgl-dri-interface, OXGL_DRI_ENTRY_POINT)
        // defines the exported symbol `oxgl_dri_get_backend` to be a function
        // of type `OxglDriGetBackendFn`; `sym` is non-null.
        let get_backend: OxglDriGetBackendFn =
            unsafe { std::mem::transmute::<*mut c_void, OxglDriGetBackendFn>(sym) };
        // SAFETY: calling the entry point with any version number is allowed by
        // the ABI: the backend answers null for a version it cannot serve.
        let table = unsafe { get_backend(abi_version) };
        let Some(table) = NonNull::new(table.cast_mut()) else {
            return Handshake::Refused;
        };
        // SAFETY: a non-null return points to the backend's static table, alive
        // while the library is loaded; `abi_version: u32` is the first field of
        // the table in every ABI version, so it can be read before we know the
        // rest of the layout. Read through a raw place, not a reference to the
        // whole table, whose layout may be another version's.
        let version = unsafe { ptr::addr_of!((*table.as_ptr()).abi_version).read() };
        self.table = Some(table);
        self.table_version = version;
        Handshake::Version(version)
    }

    /// Binds the table of a successful handshake at our ABI version: returns it
    /// and its NUL-terminated `name`, and keeps the library loaded for the rest
    /// of the process. Otherwise gives the library back (to be dropped, i.e.
    /// closed).
    pub fn bind(self) -> Result<(&'static OxglDriBackend, String), Library> {
        let Some(table) = self.table else {
            return Err(self);
        };
        if self.table_version != OXGL_DRI_ABI_VERSION {
            return Err(self);
        }
        // SAFETY: the handshake got this pointer from the backend's entry point
        // and its version is ours, so it points to a `OxglDriBackend` of our
        // layout in the backend's static data. `forget` below keeps the library
        // mapped forever, which makes `'static` true. The table is never written.
        let table: &'static OxglDriBackend = unsafe { &*table.as_ptr() };
        let name = if table.name.is_null() {
            String::new()
        } else {
            // SAFETY: the ABI requires `name` to point to a NUL-terminated
            // string in the backend's static data (checked non-null above).
            unsafe { CStr::from_ptr(table.name) }
                .to_string_lossy()
                .into_owned()
        };
        std::mem::forget(self); // never dlclose a bound backend
        Ok((table, name))
    }
}

impl Drop for Library {
    fn drop(&mut self) {
        // SAFETY: `handle` came from dlopen and is closed exactly once, here.
        // No reference into the library escapes an unbound `Library`: `bind`
        // forgets `self` before handing out the table.
        unsafe { libc::dlclose(self.handle.as_ptr()) };
    }
}

/// The file of the shared object (or executable) this code is linked into,
/// from `dladdr` on one of our own functions. `libGL.so.1` finds its own
/// directory this way, which is where the backends are installed.
pub fn own_object_path() -> Option<PathBuf> {
    let mut info = libc::Dl_info {
        dli_fname: ptr::null(),
        dli_fbase: ptr::null_mut(),
        dli_sname: ptr::null(),
        dli_saddr: ptr::null_mut(),
    };
    let addr = own_object_path as fn() -> Option<PathBuf> as *const c_void;
    // SAFETY: `addr` is the address of a function in this object and `info` a
    // valid, writable Dl_info; dladdr only writes it.
    let found = unsafe { libc::dladdr(addr, &mut info) };
    if found == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dladdr succeeded and set `dli_fname` to the object's
    // NUL-terminated path, owned by the dynamic linker for as long as the object
    // (ours) is loaded.
    let name = unsafe { CStr::from_ptr(info.dli_fname) };
    let path = PathBuf::from(OsStr::from_bytes(name.to_bytes()));
    // For the main executable glibc reports argv[0], possibly relative or empty.
    if path.is_absolute() {
        Some(path)
    } else {
        std::env::current_exe().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::TempDir;

    #[test]
    fn own_path_is_this_test_binary() {
        let own = own_object_path().expect("dladdr");
        assert!(own.is_absolute());
        assert_eq!(
            own.canonicalize().ok(),
            std::env::current_exe().and_then(|p| p.canonicalize()).ok()
        );
    }

    #[test]
    fn missing_file_reports_dlerror() {
        let err = Library::open(Path::new("/nonexistent/oxgl_nothing_dri.so")).unwrap_err();
        assert!(err.contains("/nonexistent/oxgl_nothing_dri.so"), "{err}");
        assert!(err.contains("No such file"), "{err}");
    }

    #[test]
    fn garbage_file_reports_dlerror() {
        let tmp = TempDir::new("dl-garbage");
        let path = tmp.path().join("junk_dri.so");
        std::fs::write(&path, vec![b'x'; 4096]).unwrap();
        let err = Library::open(&path).unwrap_err();
        assert!(err.contains("invalid ELF header"), "{err}");
    }

    #[test]
    fn library_without_entry_point() {
        // libc itself is a shared object without our entry point.
        let mut lib = Library::open(Path::new("libc.so.6")).expect("libc.so.6");
        match lib.handshake(OXGL_DRI_ABI_VERSION) {
            Handshake::NoEntryPoint(why) => assert!(why.contains("oxgl_dri_get_backend"), "{why}"),
            other => panic!("unexpected {other:?}"),
        }
        assert!(lib.bind().is_err());
    }

    #[test]
    fn nul_in_path() {
        let err = Library::open(Path::new(OsStr::from_bytes(b"a\0b"))).unwrap_err();
        assert!(err.contains("NUL"), "{err}");
    }
}
