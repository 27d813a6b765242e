//! GL command handlers: the functions the dispatch tables point to.
//!
//! Each handler is an `extern "C"` function with the command's exact
//! signature. It finds the current context, converts its C arguments (reading
//! and writing client memory only through [`crate::client`], with the sizes
//! the specification gives once the arguments are validated), calls the core
//! inside the panic boundary, and records the core's error, first error wins.
//! One file per GL object domain.
#![allow(
    unsafe_code,
    reason = "C entry points: the current-context pointer and client memory"
)]

mod arbprog;
mod arrays;
mod buffer;
mod compute;
mod debug;
mod eval;
mod fbo;
mod fixed_point;
mod instanced;
mod lighting;
mod lists;
mod matrix;
mod packed;
mod pixels;
mod program;
mod queries;
mod query;
mod rasterpos;
mod resource;
mod select;
mod sso;
mod state;
mod subroutine;
mod sync;
mod texture;
mod ubo;
mod vertex;
mod viewport;
mod xfb;

use oxgl_core::{Context, Profile};
use oxgl_glapi::Dispatch;

use crate::boundary::boundary;
use crate::client;

/// Runs `f` on the calling thread's current context; `default` without one.
/// `name` is the GL command (`"glClear"`): it names the command in the debug
/// messages of its errors and in panic reports. Afterwards the debug messages
/// the command generated for the application's callback are delivered, once
/// the context is no longer borrowed (see [`debug::deliver`]).
#[inline]
pub(crate) fn with_ctx<R>(name: &'static str, default: R, f: impl FnOnce(&mut Context) -> R) -> R {
    let p = oxgl_glapi::current::context() as *mut Context;
    if p.is_null() {
        return default;
    }
    // SAFETY: GLX sets this pointer on make-current to a context that is
    // current in this thread only and stays alive until it is released here.
    // Handlers do not call one another, and this reference is not used after
    // the deliveries are taken below, before the application's debug
    // callback (which may call GL again) runs: it is the only reference.
    let ctx = unsafe { &mut *p };
    ctx.set_command(name);
    let r = boundary(name, default, || f(ctx));
    if ctx.debug.has_deliveries() {
        debug::deliver(ctx.debug.take_deliveries());
    }
    r
}

/// Runs a state command that display lists compile: while a list is being
/// compiled it is recorded (and also run in `GL_COMPILE_AND_EXECUTE`);
/// otherwise it runs now. Its error is recorded either way.
pub(crate) fn compiled(
    c: &mut Context,
    f: impl Fn(&mut Context) -> oxgl_core::error::ApiResult + Send + Sync + 'static,
) {
    if c.compiling_list() {
        let f = std::sync::Arc::new(f);
        let g = f.clone();
        c.save(Box::new(move |c| g(c)));
        if c.executing() {
            let r = f(c);
            c.record(r);
        }
        return;
    }
    let r = f(c);
    c.record(r);
}

/// The source image of an unpacking command: with a pixel unpack buffer
/// bound, `len` bytes of it at offset `pixels` (GL 4.6 §8.4.4.1; NULL is
/// offset 0); otherwise `len` bytes of client memory at `pixels`, `None`
/// for a NULL pointer. INVALID_OPERATION when the buffer is mapped or too
/// small.
///
/// # Safety
/// Without a buffer bound, `pixels` must be NULL or point to `len` bytes
/// the client owns, as the command's contract says.
pub(crate) unsafe fn unpack_source<'a>(
    c: &Context,
    pixels: *const std::ffi::c_void,
    len: usize,
) -> oxgl_core::error::ApiResult<Option<std::borrow::Cow<'a, [u8]>>> {
    if let Some(bytes) = c.pixel_unpack_bytes(pixels as usize, len)? {
        return Ok(Some(std::borrow::Cow::Owned(bytes)));
    }
    if len == 0 {
        return Ok(None);
    }
    // SAFETY: the caller's contract.
    Ok(unsafe { client::bytes(pixels.cast::<u8>(), len) }.map(std::borrow::Cow::Borrowed))
}

/// Runs a packing command's `fill` on its destination: with a pixel pack
/// buffer bound, `len` bytes of it at offset `pixels` (GL 4.6 §18.2.4);
/// otherwise the client's memory (nothing for NULL).
///
/// # Safety
/// Without a buffer bound, `pixels` must be NULL or point to `len`
/// writable bytes the client owns.
pub(crate) unsafe fn pack_into(
    c: &mut Context,
    pixels: *mut std::ffi::c_void,
    len: usize,
    fill: impl FnOnce(&mut Context, &mut [u8]) -> oxgl_core::error::ApiResult,
) -> oxgl_core::error::ApiResult {
    if c.pixel_pack_bound() {
        return c.pixel_pack_into(pixels as usize, len, fill).map(|_| ());
    }
    if len == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract.
    match unsafe { client::bytes_mut(pixels.cast::<u8>(), len) } {
        Some(dst) => fill(c, dst),
        None => Ok(()),
    }
}

/// Extension names of core commands that gl.xml does not pair with an
/// `<alias>` (OES_framebuffer_object and the OES_blend_* extensions of
/// OpenGL ES 1.1, EXT_texture_object's `glIsTextureEXT`,
/// ARB_shader_objects' `glGetAttachedObjectsARB`) but that mean the same:
/// (alias, core name).
const EXTRA_ALIASES: &[(&str, &str)] = &[
    ("glBindFramebufferOES", "glBindFramebuffer"),
    ("glBindRenderbufferOES", "glBindRenderbuffer"),
    ("glCheckFramebufferStatusOES", "glCheckFramebufferStatus"),
    ("glDeleteFramebuffersOES", "glDeleteFramebuffers"),
    ("glDeleteRenderbuffersOES", "glDeleteRenderbuffers"),
    ("glFramebufferRenderbufferOES", "glFramebufferRenderbuffer"),
    ("glFramebufferTexture2DOES", "glFramebufferTexture2D"),
    ("glGenFramebuffersOES", "glGenFramebuffers"),
    ("glGenRenderbuffersOES", "glGenRenderbuffers"),
    ("glGenerateMipmapOES", "glGenerateMipmap"),
    (
        "glGetFramebufferAttachmentParameterivOES",
        "glGetFramebufferAttachmentParameteriv",
    ),
    (
        "glGetRenderbufferParameterivOES",
        "glGetRenderbufferParameteriv",
    ),
    ("glIsFramebufferOES", "glIsFramebuffer"),
    ("glIsRenderbufferOES", "glIsRenderbuffer"),
    ("glRenderbufferStorageOES", "glRenderbufferStorage"),
    ("glBlendEquationOES", "glBlendEquation"),
    ("glBlendEquationSeparateOES", "glBlendEquationSeparate"),
    ("glBlendFuncSeparateOES", "glBlendFuncSeparate"),
    ("glIsTextureEXT", "glIsTexture"),
    ("glGetAttachedObjectsARB", "glGetAttachedShaders"),
];

/// Installs every gl.xml `<alias>` ([`oxgl_glapi::ALIASES`]) and
/// [`EXTRA_ALIASES`] where the core command is handled and the alias is
/// not: the alias runs the same handler.
fn install_aliases(d: &mut Dispatch) {
    let extra = EXTRA_ALIASES
        .iter()
        .filter_map(|&(alias, core)| Some((oxgl_glapi::lookup(alias)?, oxgl_glapi::lookup(core)?)));
    for (to, from) in oxgl_glapi::ALIASES.iter().copied().chain(extra) {
        if oxgl_glapi::is_implemented(d, from) && !oxgl_glapi::is_implemented(d, to) {
            d.alias(to, from);
        }
    }
}

/// Fills the handled entries of `d` for contexts of `profile`.
pub fn install(d: &mut Dispatch, profile: Profile) {
    state::install(d, profile);
    debug::install(d, profile);
    queries::install(d, profile);
    query::install(d, profile);
    pixels::install(d, profile);
    matrix::install(d, profile);
    buffer::install(d, profile);
    arrays::install(d, profile);
    instanced::install(d, profile);
    lists::install(d, profile);
    lighting::install(d, profile);
    texture::install(d, profile);
    vertex::install(d, profile);
    packed::install(d, profile);
    rasterpos::install(d, profile);
    eval::install(d, profile);
    select::install(d, profile);
    program::install(d, profile);
    if profile != Profile::Es {
        sso::install(d);
        subroutine::install(d);
        viewport::install(d);
    }
    fbo::install(d, profile);
    fixed_point::install(d, profile);
    arbprog::install(d, profile);
    sync::install(d, profile);
    xfb::install(d, profile);
    ubo::install(d, profile);
    resource::install(d, profile);
    compute::install(d, profile);
    install_aliases(d);
}
