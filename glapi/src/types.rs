//! The C types of the GL, GLX and EGL APIs as Rust aliases, for Linux on LP64
//! targets (x86-64, aarch64): `long` and pointers are 64 bits, `int` is 32.
//!
//! Names are the C typedef names from `gl.xml` / `egl.xml`, so generated
//! signatures read like the registry. Opaque handles (`GLsync`, `EGLDisplay`,
//! ...) are `*mut c_void`; callbacks are `Option<unsafe extern "C" fn>` so that
//! the C null pointer is `None`.

use core::ffi::{c_char, c_ulong, c_void};

// --- GL (gl.xml `<types>`) ---

pub type GLenum = u32;
pub type GLboolean = u8;
pub type GLbitfield = u32;
/// Not used in signatures any more; kept because old `gl.h` defines it.
pub type GLvoid = c_void;
pub type GLbyte = i8;
pub type GLubyte = u8;
pub type GLshort = i16;
pub type GLushort = u16;
pub type GLint = i32;
pub type GLuint = u32;
pub type GLclampx = i32;
pub type GLsizei = i32;
pub type GLfloat = f32;
pub type GLclampf = f32;
pub type GLdouble = f64;
pub type GLclampd = f64;
pub type GLeglClientBufferEXT = *mut c_void;
pub type GLeglImageOES = *mut c_void;
pub type GLchar = c_char;
pub type GLcharARB = c_char;
/// `unsigned int` everywhere but macOS (where it is a pointer).
pub type GLhandleARB = u32;
pub type GLhalf = u16;
pub type GLhalfARB = u16;
pub type GLhalfNV = u16;
pub type GLfixed = i32;
pub type GLintptr = isize;
pub type GLintptrARB = isize;
pub type GLsizeiptr = isize;
pub type GLsizeiptrARB = isize;
pub type GLint64 = i64;
pub type GLint64EXT = i64;
pub type GLuint64 = u64;
pub type GLuint64EXT = u64;
/// `struct __GLsync *`, an opaque sync object handle.
pub type GLsync = *mut c_void;
pub type GLvdpauSurfaceNV = GLintptr;
// `struct _cl_context *` and `struct _cl_event *` (GL_ARB_cl_event) appear in
// generated signatures as `*mut c_void`.

/// `GLDEBUGPROC` (GL 4.3 / KHR_debug).
pub type GLDEBUGPROC = Option<
    unsafe extern "C" fn(
        source: GLenum,
        type_: GLenum,
        id: GLuint,
        severity: GLenum,
        length: GLsizei,
        message: *const GLchar,
        user_param: *const c_void,
    ),
>;
/// `GLDEBUGPROCARB` (ARB_debug_output): same parameters as [`GLDEBUGPROC`].
pub type GLDEBUGPROCARB = GLDEBUGPROC;
/// `GLDEBUGPROCKHR` (KHR_debug on GLES): same parameters as [`GLDEBUGPROC`].
pub type GLDEBUGPROCKHR = GLDEBUGPROC;
/// `GLDEBUGPROCAMD` (AMD_debug_output).
pub type GLDEBUGPROCAMD = Option<
    unsafe extern "C" fn(
        id: GLuint,
        category: GLenum,
        severity: GLenum,
        length: GLsizei,
        message: *const GLchar,
        user_param: *mut c_void,
    ),
>;
/// `GLVULKANPROCNV` (NV_draw_vulkan_image): `void (*)(void)`.
pub type GLVULKANPROCNV = Option<unsafe extern "C" fn()>;

// --- EGL (egl.xml `<types>`, eglplatform.h for X11) ---

pub type EGLBoolean = u32;
pub type EGLenum = u32;
pub type EGLint = i32;
pub type EGLAttrib = isize;
pub type EGLAttribKHR = isize;
pub type EGLTime = u64;
pub type EGLTimeKHR = u64;
pub type EGLuint64KHR = u64;
pub type EGLClientBuffer = *mut c_void;
pub type EGLConfig = *mut c_void;
pub type EGLContext = *mut c_void;
pub type EGLDisplay = *mut c_void;
pub type EGLImage = *mut c_void;
pub type EGLImageKHR = *mut c_void;
pub type EGLSurface = *mut c_void;
pub type EGLSync = *mut c_void;
pub type EGLSyncKHR = *mut c_void;
/// X11 `Display *`.
pub type EGLNativeDisplayType = *mut c_void;
/// X11 `Window` (an XID).
pub type EGLNativeWindowType = c_ulong;
/// X11 `Pixmap` (an XID).
pub type EGLNativePixmapType = c_ulong;
/// The return type of `eglGetProcAddress`: `void (*)(void)`.
#[expect(non_camel_case_types, reason = "C typedef name from egl.xml")]
pub type __eglMustCastToProperFunctionPointerType = Option<unsafe extern "C" fn()>;
