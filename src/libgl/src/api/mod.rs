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
mod select;
mod state;
mod sync;
mod texture;
mod ubo;
mod vertex;
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

/// Extension names of core commands (gl.xml `alias` pairs: same signature
/// and meaning) that advertised extensions need, as (alias, core name).
const ALIASES: &[(&str, &str)] = &[
    // OpenGL ES 2.0 extensions (OES_mapbuffer, EXT_map_buffer_range,
    // OES_vertex_array_object).
    // OpenGL ES 1.1 extensions (OES_framebuffer_object, OES_blend_*).
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
    // EXT_blend_func_extended (ES).
    (
        "glBindFragDataLocationIndexedEXT",
        "glBindFragDataLocationIndexed",
    ),
    ("glBindFragDataLocationEXT", "glBindFragDataLocation"),
    ("glGetFragDataIndexEXT", "glGetFragDataIndex"),
    ("glBlendEquationSeparateOES", "glBlendEquationSeparate"),
    ("glBlendFuncSeparateOES", "glBlendFuncSeparate"),
    ("glMapBufferOES", "glMapBuffer"),
    ("glUnmapBufferOES", "glUnmapBuffer"),
    ("glGetBufferPointervOES", "glGetBufferPointerv"),
    ("glMapBufferRangeEXT", "glMapBufferRange"),
    ("glFlushMappedBufferRangeEXT", "glFlushMappedBufferRange"),
    ("glBindVertexArrayOES", "glBindVertexArray"),
    ("glDeleteVertexArraysOES", "glDeleteVertexArrays"),
    ("glGenVertexArraysOES", "glGenVertexArrays"),
    ("glIsVertexArrayOES", "glIsVertexArray"),
    // EXT_texture_array.
    ("glFramebufferTextureLayerEXT", "glFramebufferTextureLayer"),
    // ARB_texture_buffer_object, EXT_texture_buffer_object.
    ("glTexBufferARB", "glTexBuffer"),
    ("glTexBufferEXT", "glTexBuffer"),
    // NV_conditional_render.
    ("glBeginConditionalRenderNV", "glBeginConditionalRender"),
    ("glEndConditionalRenderNV", "glEndConditionalRender"),
    // EXT_gpu_shader4 / EXT_texture_integer (GL 3.0 names).
    ("glVertexAttribIPointerEXT", "glVertexAttribIPointer"),
    ("glGetVertexAttribIivEXT", "glGetVertexAttribIiv"),
    ("glGetVertexAttribIuivEXT", "glGetVertexAttribIuiv"),
    ("glBindFragDataLocationEXT", "glBindFragDataLocation"),
    ("glGetFragDataLocationEXT", "glGetFragDataLocation"),
    ("glGetUniformuivEXT", "glGetUniformuiv"),
    ("glTexParameterIivEXT", "glTexParameterIiv"),
    ("glTexParameterIuivEXT", "glTexParameterIuiv"),
    ("glGetTexParameterIivEXT", "glGetTexParameterIiv"),
    ("glGetTexParameterIuivEXT", "glGetTexParameterIuiv"),
    ("glTexSubImage1DEXT", "glTexSubImage1D"),
    ("glTexSubImage2DEXT", "glTexSubImage2D"),
    ("glTexImage3DEXT", "glTexImage3D"),
    ("glTexSubImage3DEXT", "glTexSubImage3D"),
    ("glIsTextureEXT", "glIsTexture"),
    ("glDrawRangeElementsEXT", "glDrawRangeElements"),
    ("glBlendColorEXT", "glBlendColor"),
    ("glBlendFuncSeparateEXT", "glBlendFuncSeparate"),
    ("glBlendEquationEXT", "glBlendEquation"),
    ("glBlendEquationSeparateEXT", "glBlendEquationSeparate"),
    ("glMultiDrawArraysEXT", "glMultiDrawArrays"),
    ("glMultiDrawElementsEXT", "glMultiDrawElements"),
    ("glArrayElementEXT", "glArrayElement"),
    ("glDrawArraysEXT", "glDrawArrays"),
    ("glGetPointervEXT", "glGetPointerv"),
    ("glActiveTextureARB", "glActiveTexture"),
    ("glClientActiveTextureARB", "glClientActiveTexture"),
    ("glLoadTransposeMatrixfARB", "glLoadTransposeMatrixf"),
    ("glLoadTransposeMatrixdARB", "glLoadTransposeMatrixd"),
    ("glMultTransposeMatrixfARB", "glMultTransposeMatrixf"),
    ("glMultTransposeMatrixdARB", "glMultTransposeMatrixd"),
    ("glFogCoordfEXT", "glFogCoordf"),
    ("glFogCoordfvEXT", "glFogCoordfv"),
    ("glFogCoorddEXT", "glFogCoordd"),
    ("glFogCoorddvEXT", "glFogCoorddv"),
    ("glFogCoordPointerEXT", "glFogCoordPointer"),
    ("glSecondaryColorPointerEXT", "glSecondaryColorPointer"),
    ("glPointParameterfARB", "glPointParameterf"),
    ("glPointParameterfvARB", "glPointParameterfv"),
    ("glPointParameterfEXT", "glPointParameterf"),
    ("glPointParameterfvEXT", "glPointParameterfv"),
    ("glBindBufferARB", "glBindBuffer"),
    ("glBufferDataARB", "glBufferData"),
    ("glBufferSubDataARB", "glBufferSubData"),
    ("glDeleteBuffersARB", "glDeleteBuffers"),
    ("glGenBuffersARB", "glGenBuffers"),
    ("glGetBufferParameterivARB", "glGetBufferParameteriv"),
    ("glGetBufferPointervARB", "glGetBufferPointerv"),
    ("glGetBufferSubDataARB", "glGetBufferSubData"),
    ("glIsBufferARB", "glIsBuffer"),
    ("glMapBufferARB", "glMapBuffer"),
    ("glUnmapBufferARB", "glUnmapBuffer"),
    ("glDrawBuffersARB", "glDrawBuffers"),
    ("glDrawBuffersATI", "glDrawBuffers"),
    ("glStencilOpSeparateATI", "glStencilOpSeparate"),
    // ARB_shader_objects and ARB_vertex_shader: GLhandleARB is a GLuint,
    // and shaders and programs share the core namespace.
    ("glCreateShaderObjectARB", "glCreateShader"),
    ("glCreateProgramObjectARB", "glCreateProgram"),
    ("glAttachObjectARB", "glAttachShader"),
    ("glDetachObjectARB", "glDetachShader"),
    ("glGetAttachedObjectsARB", "glGetAttachedShaders"),
    ("glUseProgramObjectARB", "glUseProgram"),
];

/// Commands whose ARB_shader_objects / ARB_vertex_shader name is the core
/// name with `ARB` appended.
const ARB_SHADER_COMMANDS: &[&str] = &[
    "glCompileShader",
    "glShaderSource",
    "glGetShaderSource",
    "glLinkProgram",
    "glValidateProgram",
    "glGetActiveUniform",
    "glGetUniformLocation",
    "glGetUniformfv",
    "glGetUniformiv",
    "glUniformMatrix2fv",
    "glUniformMatrix3fv",
    "glUniformMatrix4fv",
    "glBindAttribLocation",
    "glGetActiveAttrib",
    "glGetAttribLocation",
    "glEnableVertexAttribArray",
    "glDisableVertexAttribArray",
    "glVertexAttribPointer",
    "glGetVertexAttribPointerv",
    "glGetVertexAttribdv",
    "glGetVertexAttribfv",
    "glGetVertexAttribiv",
];

/// Per-type command families whose extension names are aliases.
const ALIAS_FAMILIES: &[(&str, &[&str], &str)] = &[
    (
        "glSecondaryColor3",
        &[
            "b", "bv", "d", "dv", "f", "fv", "i", "iv", "s", "sv", "ub", "ubv", "ui", "uiv", "us",
            "usv",
        ],
        "EXT",
    ),
    ("glUniform1", &["f", "fv", "i", "iv"], "ARB"),
    ("glUniform2", &["f", "fv", "i", "iv"], "ARB"),
    ("glUniform3", &["f", "fv", "i", "iv"], "ARB"),
    ("glUniform4", &["f", "fv", "i", "iv"], "ARB"),
    ("glVertexAttrib1", &["d", "dv", "f", "fv", "s", "sv"], "ARB"),
    ("glVertexAttrib2", &["d", "dv", "f", "fv", "s", "sv"], "ARB"),
    ("glVertexAttrib3", &["d", "dv", "f", "fv", "s", "sv"], "ARB"),
    (
        "glVertexAttrib4",
        &[
            "Nbv", "Niv", "Nsv", "Nub", "Nubv", "Nuiv", "Nusv", "bv", "d", "dv", "f", "fv", "iv",
            "s", "sv", "ubv", "uiv", "usv",
        ],
        "ARB",
    ),
    (
        "glVertexAttribI",
        &[
            "1i", "2i", "3i", "4i", "1ui", "2ui", "3ui", "4ui", "1iv", "2iv", "3iv", "4iv", "1uiv",
            "2uiv", "3uiv", "4uiv", "4bv", "4sv", "4ubv", "4usv",
        ],
        "EXT",
    ),
    (
        "glUniform",
        &["1ui", "2ui", "3ui", "4ui", "1uiv", "2uiv", "3uiv", "4uiv"],
        "EXT",
    ),
    (
        "glMultiTexCoord1",
        &["d", "dv", "f", "fv", "i", "iv", "s", "sv"],
        "ARB",
    ),
    (
        "glMultiTexCoord2",
        &["d", "dv", "f", "fv", "i", "iv", "s", "sv"],
        "ARB",
    ),
    (
        "glMultiTexCoord3",
        &["d", "dv", "f", "fv", "i", "iv", "s", "sv"],
        "ARB",
    ),
    (
        "glMultiTexCoord4",
        &["d", "dv", "f", "fv", "i", "iv", "s", "sv"],
        "ARB",
    ),
];

/// Installs [`ALIASES`] and [`ALIAS_FAMILIES`] where the core command is
/// handled and the alias is not yet.
fn install_aliases(d: &mut Dispatch) {
    let mut pairs: Vec<(String, String)> = ALIASES
        .iter()
        .map(|&(a, b)| (a.to_string(), b.to_string()))
        .collect();
    for core in ARB_SHADER_COMMANDS {
        pairs.push((format!("{core}ARB"), core.to_string()));
    }
    for (stem, suffixes, ext) in ALIAS_FAMILIES {
        for s in *suffixes {
            pairs.push((format!("{stem}{s}{ext}"), format!("{stem}{s}")));
        }
    }
    for (alias, core) in pairs {
        if let (Some(to), Some(from)) = (oxgl_glapi::lookup(&alias), oxgl_glapi::lookup(&core))
            && oxgl_glapi::is_implemented(d, from)
            && !oxgl_glapi::is_implemented(d, to)
        {
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
    fbo::install(d, profile);
    fixed_point::install(d, profile);
    arbprog::install(d, profile);
    sync::install(d, profile);
    xfb::install(d, profile);
    ubo::install(d, profile);
    install_aliases(d);
}
