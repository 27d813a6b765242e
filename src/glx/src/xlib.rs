//! The few Xlib functions GLX needs from the application's `Display*`, and the
//! structures they exchange. This module and `current.rs` hold the crate's
//! `unsafe` code.
//!
//! libX11 is linked (the application has it loaded anyway); libX11-xcb gives the
//! XCB connection under the Display, which x11rb wraps without owning it.
#![allow(unsafe_code, reason = "FFI to the application's Xlib")]

use core::ffi::{c_char, c_int, c_long, c_ulong, c_void};
use std::ffi::{CStr, CString};
use std::sync::OnceLock;

use x11rb::xcb_ffi::XCBConnection;

/// Xlib's `Display` (opaque here).
#[repr(C)]
pub struct Display {
    _private: [u8; 0],
}

/// Xlib's `Visual` (opaque here).
#[repr(C)]
pub struct Visual {
    _private: [u8; 0],
}

/// Xlib's `XVisualInfo`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct XVisualInfo {
    pub visual: *mut Visual,
    pub visualid: c_ulong,
    pub screen: c_int,
    pub depth: c_int,
    pub class: c_int,
    pub red_mask: c_ulong,
    pub green_mask: c_ulong,
    pub blue_mask: c_ulong,
    pub colormap_size: c_int,
    pub bits_per_rgb: c_int,
}

/// Xlib's `XErrorEvent`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct XErrorEvent {
    pub type_: c_int,
    pub display: *mut Display,
    pub resourceid: c_ulong,
    pub serial: c_ulong,
    pub error_code: u8,
    pub request_code: u8,
    pub minor_code: u8,
}

/// Xlib's error handler type.
pub type XErrorHandler = Option<unsafe extern "C" fn(*mut Display, *mut XErrorEvent) -> c_int>;

/// `XExtCodes`.
#[repr(C)]
pub struct XExtCodes {
    pub extension: c_int,
    pub major_opcode: c_int,
    pub first_event: c_int,
    pub first_error: c_int,
}

/// An extension's `XESetErrorString` hook: names `code` into `buffer`.
pub type ErrorStringProc = Option<
    unsafe extern "C" fn(*mut Display, c_int, *mut XExtCodes, *mut c_char, c_int) -> *mut c_char,
>;

/// `VisualIDMask | VisualScreenMask` for `XGetVisualInfo`.
pub const VISUAL_ID_MASK: c_long = 0x1;
/// `VisualScreenMask`.
pub const VISUAL_SCREEN_MASK: c_long = 0x2;

#[link(name = "X11")]
unsafe extern "C" {
    pub fn XGetVisualInfo(
        dpy: *mut Display,
        mask: c_long,
        template: *mut XVisualInfo,
        n: *mut c_int,
    ) -> *mut XVisualInfo;
    pub fn XFree(data: *mut c_void) -> c_int;
    pub fn XSetErrorHandler(handler: XErrorHandler) -> XErrorHandler;
    pub fn XNextRequest(dpy: *mut Display) -> c_ulong;
    pub fn XDefaultScreen(dpy: *mut Display) -> c_int;
    pub fn XScreenCount(dpy: *mut Display) -> c_int;
    pub fn XFlush(dpy: *mut Display) -> c_int;
    pub fn XAddExtension(dpy: *mut Display) -> *mut XExtCodes;
    pub fn XESetCloseDisplay(
        dpy: *mut Display,
        extension: c_int,
        proc_: Option<unsafe extern "C" fn(*mut Display, *mut XExtCodes) -> c_int>,
    ) -> *mut c_void;
    pub fn XESetErrorString(
        dpy: *mut Display,
        extension: c_int,
        proc_: ErrorStringProc,
    ) -> *mut c_void;
    pub fn XGetErrorDatabaseText(
        dpy: *mut Display,
        name: *const c_char,
        message: *const c_char,
        default_string: *const c_char,
        buffer: *mut c_char,
        length: c_int,
    ) -> c_int;
    pub fn XDisplayString(dpy: *mut Display) -> *mut c_char;
    pub fn XOpenDisplay(name: *const c_char) -> *mut Display;
    /// Xlib's handler when the application set none (prints, exits).
    pub fn _XDefaultError(dpy: *mut Display, event: *mut XErrorEvent) -> c_int;
    /// The handler `XSetErrorHandler` installed (Xlib's global, exported
    /// from libX11 and declared in `Xlibint.h`); null until one is set.
    pub static _XErrorFunction: XErrorHandler;
}

#[link(name = "X11-xcb")]
unsafe extern "C" {
    pub fn XGetXCBConnection(dpy: *mut Display) -> *mut c_void;
}

/// Calls the application's current X error handler with an error generated
/// locally, as Mesa's `__glXSendError` does: GLX requests never reach the
/// server here, so their errors must be delivered by hand.
///
/// # Safety
/// `dpy` is an open Display.
pub unsafe fn send_error(
    dpy: *mut Display,
    error_code: u8,
    resource: c_ulong,
    major: u8,
    minor: u8,
) {
    // The current handler, read from Xlib's global as `_XError` reads it.
    // (Swapping handlers with XSetErrorHandler to learn it would leave
    // Xlib's default handler, which exits, installed for a moment: an X
    // error another thread processes then ends the process; found by the
    // GL API fuzzer.)
    // SAFETY: a pointer-sized global that Xlib writes only in
    // XSetErrorHandler; read once, as Xlib itself reads it.
    let handler: unsafe extern "C" fn(*mut Display, *mut XErrorEvent) -> c_int =
        unsafe { std::ptr::addr_of!(_XErrorFunction).read_volatile() }.unwrap_or(_XDefaultError);
    // SAFETY: `dpy` is open.
    let serial = unsafe { XNextRequest(dpy) }.wrapping_sub(1);
    let mut event = XErrorEvent {
        type_: 0,
        display: dpy,
        resourceid: resource,
        serial,
        error_code,
        request_code: major,
        minor_code: minor,
    };
    // SAFETY: the application's handler (or Xlib's default), called as
    // Xlib calls it.
    unsafe { handler(dpy, &mut event) };
}

/// An `XVisualInfo` array allocated by Xlib (freed by the application with `XFree`).
///
/// # Safety
/// `dpy` is an open Display.
pub unsafe fn visual_info(
    dpy: *mut Display,
    screen: c_int,
    visualid: Option<c_ulong>,
) -> *mut XVisualInfo {
    let mut template = XVisualInfo {
        visual: core::ptr::null_mut(),
        visualid: visualid.unwrap_or(0),
        screen,
        depth: 0,
        class: 0,
        red_mask: 0,
        green_mask: 0,
        blue_mask: 0,
        colormap_size: 0,
        bits_per_rgb: 0,
    };
    let mask = VISUAL_SCREEN_MASK
        | if visualid.is_some() {
            VISUAL_ID_MASK
        } else {
            0
        };
    let mut n: c_int = 0;
    // SAFETY: valid template and out pointer.
    unsafe { XGetVisualInfo(dpy, mask, &mut template, &mut n) }
}

/// The XCB connection under `dpy`, wrapped without taking ownership.
///
/// # Safety
/// `dpy` is an open Display.
pub unsafe fn xcb_connection(dpy: *mut Display) -> Option<XCBConnection> {
    // SAFETY: `dpy` is an open Display (the caller's contract).
    let raw = unsafe { XGetXCBConnection(dpy) };
    if raw.is_null() {
        return None;
    }
    // SAFETY: `raw` is the live xcb_connection_t of the Display; `false`:
    // x11rb never disconnects it, Xlib stays its owner.
    unsafe { XCBConnection::from_raw_xcb_connection(raw, false) }.ok()
}

static CLOSE_HOOK: OnceLock<fn(usize)> = OnceLock::new();

/// Names an error code of a Display: `(n, name)` for the error `n` of the
/// GLX extension, `None` for a code that is not GLX's.
pub type ErrorNameHook = fn(usize, c_int) -> Option<(u8, &'static CStr)>;

static ERROR_NAME_HOOK: OnceLock<ErrorNameHook> = OnceLock::new();

unsafe extern "C" fn on_close_display(dpy: *mut Display, _codes: *mut XExtCodes) -> c_int {
    if let Some(hook) = CLOSE_HOOK.get() {
        let _ = std::panic::catch_unwind(|| hook(dpy as usize));
    }
    0
}

/// `XGetErrorText` asks every extension of the Display to name a code; this
/// names GLX's as Mesa's `__glXErrorString` does (`XextGenerateErrorString`):
/// the error database's `XProtoError` `GLX.<n>` entry, else the built-in name.
unsafe extern "C" fn on_error_string(
    dpy: *mut Display,
    code: c_int,
    _codes: *mut XExtCodes,
    buffer: *mut c_char,
    length: c_int,
) -> *mut c_char {
    let Some(hook) = ERROR_NAME_HOOK.get() else {
        return core::ptr::null_mut();
    };
    let Ok(Some((n, name))) = std::panic::catch_unwind(|| hook(dpy as usize, code)) else {
        return core::ptr::null_mut();
    };
    if buffer.is_null() || length <= 0 {
        return core::ptr::null_mut();
    }
    let Ok(message) = CString::new(format!("GLX.{n}")) else {
        return core::ptr::null_mut();
    };
    // SAFETY: Xlib hands a writable buffer of `length` bytes; the strings are
    // NUL-terminated.
    unsafe {
        XGetErrorDatabaseText(
            dpy,
            c"XProtoError".as_ptr(),
            message.as_ptr(),
            name.as_ptr(),
            buffer,
            length,
        );
    }
    buffer
}

/// Arranges for `close(dpy)` to run when the application closes `dpy`
/// (`XAddExtension` + `XESetCloseDisplay`, as Mesa's fake GLX does), and for
/// `XGetErrorText` to name GLX's error codes through `error_name`
/// (`XESetErrorString` on the same codes).
///
/// # Safety
/// `dpy` is an open Display.
pub unsafe fn register_hooks(dpy: *mut Display, close: fn(usize), error_name: ErrorNameHook) {
    let _ = CLOSE_HOOK.set(close);
    let _ = ERROR_NAME_HOOK.set(error_name);
    // SAFETY: `dpy` is open; the codes live as long as the Display.
    unsafe {
        let codes = XAddExtension(dpy);
        if let Some(codes) = codes.as_ref() {
            XESetCloseDisplay(dpy, codes.extension, Some(on_close_display));
            XESetErrorString(dpy, codes.extension, Some(on_error_string));
        }
    }
}
