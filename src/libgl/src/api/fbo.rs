//! Framebuffer and renderbuffer objects (EXT_framebuffer_object, and the
//! same commands under their GL 3.0 names): glGen/Delete/Is/Bind of both,
//! glRenderbufferStorage, glGetRenderbufferParameteriv,
//! glFramebufferTexture{1D,2D,3D}, glFramebufferRenderbuffer,
//! glCheckFramebufferStatus, glGetFramebufferAttachmentParameteriv, and
//! glBlitFramebuffer (EXT_framebuffer_blit); ARB_framebuffer_object's
//! glRenderbufferStorageMultisample and glFramebufferTextureLayer; GL 3.2's
//! layered glFramebufferTexture. The
//! ARB / GL 3.0 bind commands take only generated names.
//! glGenerateMipmap(EXT) lives with the textures.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;
use crate::client;

macro_rules! record {
    ($name:expr, |$c:ident| $body:expr) => {
        with_ctx($name, (), |$c| {
            let r = $body;
            $c.record(r);
        })
    };
}

/// `glGen{Renderbuffers,Framebuffers}`.
///
/// # Safety
/// `out` is null or has room for `n` names.
unsafe fn gen_names(name: &'static str, n: GLsizei, out: *mut GLuint, framebuffers: bool) {
    with_ctx(name, (), |c| {
        let r = c.gen_fbo_names(n, framebuffers);
        if let Some(names) = c.record(r) {
            // SAFETY: per the caller.
            unsafe { client::write(out, &names) };
        }
    })
}

unsafe extern "C" fn GenRenderbuffers(n: GLsizei, out: *mut GLuint) {
    // SAFETY: the client provides room for `n` names.
    unsafe { gen_names("glGenRenderbuffers", n, out, false) }
}

unsafe extern "C" fn GenFramebuffers(n: GLsizei, out: *mut GLuint) {
    // SAFETY: the client provides room for `n` names.
    unsafe { gen_names("glGenFramebuffers", n, out, true) }
}

unsafe extern "C" fn DeleteRenderbuffers(n: GLsizei, p: *const GLuint) {
    with_ctx("glDeleteRenderbuffers", (), |c| {
        // SAFETY: the client passes `n` names.
        let r = unsafe { client::names(n, p) }.and_then(|v| c.delete_renderbuffers(&v));
        c.record(r);
    })
}

unsafe extern "C" fn DeleteFramebuffers(n: GLsizei, p: *const GLuint) {
    with_ctx("glDeleteFramebuffers", (), |c| {
        // SAFETY: the client passes `n` names.
        let r = unsafe { client::names(n, p) }.and_then(|v| c.delete_framebuffers(&v));
        c.record(r);
    })
}

unsafe extern "C" fn IsRenderbuffer(name: GLuint) -> GLboolean {
    with_ctx("glIsRenderbuffer", 0, |c| {
        GLboolean::from(c.is_renderbuffer(name))
    })
}

unsafe extern "C" fn IsFramebuffer(name: GLuint) -> GLboolean {
    with_ctx("glIsFramebuffer", 0, |c| {
        GLboolean::from(c.is_framebuffer(name))
    })
}

unsafe extern "C" fn BindRenderbuffer(target: GLenum, name: GLuint) {
    record!("glBindRenderbuffer", |c| c
        .bind_renderbuffer(target, name, true))
}

unsafe extern "C" fn BindRenderbufferEXT(target: GLenum, name: GLuint) {
    record!("glBindRenderbufferEXT", |c| c
        .bind_renderbuffer(target, name, false))
}

unsafe extern "C" fn BindFramebuffer(target: GLenum, name: GLuint) {
    record!("glBindFramebuffer", |c| c
        .bind_framebuffer(target, name, true))
}

unsafe extern "C" fn BindFramebufferEXT(target: GLenum, name: GLuint) {
    record!("glBindFramebufferEXT", |c| c
        .bind_framebuffer(target, name, false))
}

unsafe extern "C" fn RenderbufferStorageMultisample(
    target: GLenum,
    samples: GLsizei,
    internal: GLenum,
    width: GLsizei,
    height: GLsizei,
) {
    record!("glRenderbufferStorageMultisample", |c| c
        .renderbuffer_storage_multisample(
            target, samples, internal, width, height
        ))
}

unsafe extern "C" fn FramebufferTextureLayer(
    target: GLenum,
    attachment: GLenum,
    texture: GLuint,
    level: GLint,
    layer: GLint,
) {
    record!("glFramebufferTextureLayer", |c| c
        .framebuffer_texture_layer(
            target, attachment, texture, level, layer
        ))
}

unsafe extern "C" fn FramebufferTexture(
    target: GLenum,
    attachment: GLenum,
    texture: GLuint,
    level: GLint,
) {
    record!("glFramebufferTexture", |c| c
        .framebuffer_texture_layered(target, attachment, texture, level))
}

unsafe extern "C" fn RenderbufferStorage(
    target: GLenum,
    internal: GLenum,
    width: GLsizei,
    height: GLsizei,
) {
    record!("glRenderbufferStorage", |c| c
        .renderbuffer_storage(target, internal, width, height))
}

unsafe extern "C" fn GetRenderbufferParameteriv(target: GLenum, pname: GLenum, out: *mut GLint) {
    with_ctx("glGetRenderbufferParameteriv", (), |c| {
        let r = c.get_renderbuffer_parameter(target, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value to `params`.
            unsafe { client::put(out, v) };
        }
    })
}

unsafe extern "C" fn CheckFramebufferStatus(target: GLenum) -> GLenum {
    with_ctx("glCheckFramebufferStatus", 0, |c| {
        let r = c.check_framebuffer_status(target);
        c.record(r).unwrap_or(0)
    })
}

unsafe extern "C" fn FramebufferTexture1D(
    target: GLenum,
    attachment: GLenum,
    textarget: GLenum,
    texture: GLuint,
    level: GLint,
) {
    record!("glFramebufferTexture1D", |c| c.framebuffer_texture(
        1, target, attachment, textarget, texture, level, 0
    ))
}

unsafe extern "C" fn FramebufferTexture2D(
    target: GLenum,
    attachment: GLenum,
    textarget: GLenum,
    texture: GLuint,
    level: GLint,
) {
    record!("glFramebufferTexture2D", |c| c.framebuffer_texture(
        2, target, attachment, textarget, texture, level, 0
    ))
}

unsafe extern "C" fn FramebufferTexture3D(
    target: GLenum,
    attachment: GLenum,
    textarget: GLenum,
    texture: GLuint,
    level: GLint,
    zoffset: GLint,
) {
    record!("glFramebufferTexture3D", |c| c.framebuffer_texture(
        3, target, attachment, textarget, texture, level, zoffset
    ))
}

unsafe extern "C" fn FramebufferRenderbuffer(
    target: GLenum,
    attachment: GLenum,
    rb_target: GLenum,
    rb: GLuint,
) {
    record!("glFramebufferRenderbuffer", |c| c
        .framebuffer_renderbuffer(target, attachment, rb_target, rb))
}

unsafe extern "C" fn GetFramebufferAttachmentParameteriv(
    target: GLenum,
    attachment: GLenum,
    pname: GLenum,
    out: *mut GLint,
) {
    with_ctx("glGetFramebufferAttachmentParameteriv", (), |c| {
        let r = c.get_framebuffer_attachment_parameter(target, attachment, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value to `params`.
            unsafe { client::put(out, v) };
        }
    })
}

#[allow(clippy::too_many_arguments, reason = "the GL command's arguments")]
unsafe extern "C" fn BlitFramebuffer(
    src_x0: GLint,
    src_y0: GLint,
    src_x1: GLint,
    src_y1: GLint,
    dst_x0: GLint,
    dst_y0: GLint,
    dst_x1: GLint,
    dst_y1: GLint,
    mask: GLbitfield,
    filter: GLenum,
) {
    record!("glBlitFramebuffer", |c| c.blit_framebuffer(
        [src_x0, src_y0, src_x1, src_y1],
        [dst_x0, dst_y0, dst_x1, dst_y1],
        mask,
        filter
    ))
}

unsafe extern "C" fn GetInternalformativ(
    target: GLenum,
    internalformat: GLenum,
    pname: GLenum,
    buf_size: GLsizei,
    params: *mut GLint,
) {
    with_ctx("glGetInternalformativ", (), |c| {
        let r = c.get_internalformat(target, internalformat, pname, buf_size);
        if let Some(v) = c.record(r) {
            // SAFETY: the client provides room for `buf_size` values, and
            // at most that many are written.
            unsafe { client::write(params, &v) };
        }
    })
}

/// `glInvalidateFramebuffer` and `glInvalidateSubFramebuffer`: the
/// attachments' names are read only when the count is not negative.
unsafe fn invalidate(
    name: &'static str,
    target: GLenum,
    count: GLsizei,
    attachments: *const GLenum,
    size: [GLsizei; 2],
) {
    with_ctx(name, (), |c| {
        let r = client::len(count, 1).and_then(|n| {
            // SAFETY: the client passes `count` attachment names.
            unsafe { client::read(attachments, n) }
        });
        let Some(list) = c.record(r) else {
            return;
        };
        let r = c.invalidate_framebuffer(target, &list, size);
        c.record(r);
    })
}

unsafe extern "C" fn InvalidateFramebuffer(
    target: GLenum,
    count: GLsizei,
    attachments: *const GLenum,
) {
    // SAFETY: as the command's.
    unsafe {
        invalidate(
            "glInvalidateFramebuffer",
            target,
            count,
            attachments,
            [0, 0],
        )
    }
}

unsafe extern "C" fn InvalidateSubFramebuffer(
    target: GLenum,
    count: GLsizei,
    attachments: *const GLenum,
    _x: GLint,
    _y: GLint,
    width: GLsizei,
    height: GLsizei,
) {
    // SAFETY: as the command's.
    unsafe {
        invalidate(
            "glInvalidateSubFramebuffer",
            target,
            count,
            attachments,
            [width, height],
        )
    }
}

unsafe extern "C" fn FramebufferParameteri(target: GLenum, pname: GLenum, value: GLint) {
    with_ctx("glFramebufferParameteri", (), |c| {
        let r = c.framebuffer_parameter(target, pname, value);
        c.record(r);
    })
}

/// `glGetFramebufferParameteriv`: the ARB_framebuffer_no_attachments
/// defaults and GL 4.5's framebuffer-dependent values (other pnames
/// INVALID_ENUM).
unsafe extern "C" fn GetFramebufferParameteriv(target: GLenum, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetFramebufferParameteriv", (), |c| {
        let r = c
            .get_framebuffer_default(target, pname)
            .and_then(|v| v.ok_or(oxgl_core::ApiError::InvalidEnum));
        if let Some(v) = c.record(r) {
            // SAFETY: room for one value.
            unsafe { client::put(params, v) };
        }
    })
}

/// `glDiscardFramebufferEXT` (GL_EXT_discard_framebuffer, ES): the
/// invalidation of ES 3.0 under its older name, for `GL_FRAMEBUFFER` only.
unsafe extern "C" fn DiscardFramebufferEXT(
    target: GLenum,
    count: GLsizei,
    attachments: *const GLenum,
) {
    if target != oxgl_glapi::generated::enums::GL_FRAMEBUFFER {
        with_ctx("glDiscardFramebufferEXT", (), |c| {
            c.record::<()>(Err(oxgl_core::ApiError::InvalidEnum));
        });
        return;
    }
    // SAFETY: as the command's.
    unsafe {
        invalidate(
            "glDiscardFramebufferEXT",
            target,
            count,
            attachments,
            [0, 0],
        )
    }
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    if profile == Profile::Es {
        return;
    }
    d.DiscardFramebufferEXT = DiscardFramebufferEXT;
    d.FramebufferParameteri = FramebufferParameteri;
    d.GetFramebufferParameteriv = GetFramebufferParameteriv;
    d.GetInternalformativ = GetInternalformativ;
    d.InvalidateFramebuffer = InvalidateFramebuffer;
    d.InvalidateSubFramebuffer = InvalidateSubFramebuffer;
    d.GenRenderbuffers = GenRenderbuffers;
    d.GenRenderbuffersEXT = GenRenderbuffers;
    d.GenFramebuffers = GenFramebuffers;
    d.GenFramebuffersEXT = GenFramebuffers;
    d.DeleteRenderbuffers = DeleteRenderbuffers;
    d.DeleteRenderbuffersEXT = DeleteRenderbuffers;
    d.DeleteFramebuffers = DeleteFramebuffers;
    d.DeleteFramebuffersEXT = DeleteFramebuffers;
    d.IsRenderbuffer = IsRenderbuffer;
    d.IsRenderbufferEXT = IsRenderbuffer;
    d.IsFramebuffer = IsFramebuffer;
    d.IsFramebufferEXT = IsFramebuffer;
    d.BindRenderbuffer = BindRenderbuffer;
    d.BindRenderbufferEXT = BindRenderbufferEXT;
    d.BindFramebuffer = BindFramebuffer;
    d.BindFramebufferEXT = BindFramebufferEXT;
    d.RenderbufferStorageMultisample = RenderbufferStorageMultisample;
    d.RenderbufferStorageMultisampleEXT = RenderbufferStorageMultisample;
    d.FramebufferTextureLayer = FramebufferTextureLayer;
    d.FramebufferTexture = FramebufferTexture;
    d.FramebufferTextureARB = FramebufferTexture;
    d.FramebufferTextureEXT = FramebufferTexture;
    d.RenderbufferStorage = RenderbufferStorage;
    d.RenderbufferStorageEXT = RenderbufferStorage;
    d.GetRenderbufferParameteriv = GetRenderbufferParameteriv;
    d.GetRenderbufferParameterivEXT = GetRenderbufferParameteriv;
    d.CheckFramebufferStatus = CheckFramebufferStatus;
    d.CheckFramebufferStatusEXT = CheckFramebufferStatus;
    d.FramebufferTexture1D = FramebufferTexture1D;
    d.FramebufferTexture1DEXT = FramebufferTexture1D;
    d.FramebufferTexture2D = FramebufferTexture2D;
    d.FramebufferTexture2DEXT = FramebufferTexture2D;
    d.FramebufferTexture3D = FramebufferTexture3D;
    d.FramebufferTexture3DEXT = FramebufferTexture3D;
    d.FramebufferRenderbuffer = FramebufferRenderbuffer;
    d.FramebufferRenderbufferEXT = FramebufferRenderbuffer;
    d.GetFramebufferAttachmentParameteriv = GetFramebufferAttachmentParameteriv;
    d.GetFramebufferAttachmentParameterivEXT = GetFramebufferAttachmentParameteriv;
    d.BlitFramebuffer = BlitFramebuffer;
    d.BlitFramebufferEXT = BlitFramebuffer;
}
