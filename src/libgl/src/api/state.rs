//! Clears, viewport, scissor, masks, enables, buffers, flush.

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::with_ctx;

/// A state command (GL 4.6 compatibility §10.7.5, §21.4): INVALID_OPERATION
/// between Begin and End; compiled into the display list being built (as a
/// call of the same core method, so errors happen when the list runs); pending
/// immediate-mode vertices are drawn before the state changes.
macro_rules! handler {
    ($name:ident $gl:literal ( $($arg:ident : $ty:ty),* ) => |$ctx:ident| $body:expr) => {
        unsafe extern "C" fn $name($($arg: $ty),*) {
            with_ctx($gl, (), |ctx| {
                if ctx.compiling_list() {
                    ctx.save(Box::new(move |$ctx: &mut oxgl_core::Context| {
                        $ctx.outside_begin_end()?;
                        $ctx.flush_vertices();
                        $body
                    }));
                    if !ctx.executing() {
                        return;
                    }
                }
                let $ctx = ctx;
                let r = $ctx.outside_begin_end().and_then(|()| {
                    $ctx.flush_vertices();
                    $body
                });
                $ctx.record(r);
            })
        }
    };
}

/// A command executed at once even while a list is compiled (GL 4.6
/// compatibility §21.4: pixel store, flush, finish, queries, ...).
macro_rules! immediate {
    ($name:ident $gl:literal ( $($arg:ident : $ty:ty),* ) => |$ctx:ident| $body:expr) => {
        unsafe extern "C" fn $name($($arg: $ty),*) {
            with_ctx($gl, (), |$ctx| {
                let r = $ctx.outside_begin_end().and_then(|()| {
                    $ctx.flush_vertices();
                    $body
                });
                $ctx.record(r);
            })
        }
    };
}

handler!(clear "glClear"(mask: GLbitfield) => |c| c.clear(mask));
handler!(clear_color "glClearColor"(r: GLfloat, g: GLfloat, b: GLfloat, a: GLfloat) => |c| c.clear_color(r, g, b, a));
handler!(clear_depth "glClearDepth"(d: GLdouble) => |c| c.clear_depth(d));
handler!(clear_depthf "glClearDepthf"(d: GLfloat) => |c| c.clear_depth(f64::from(d)));
handler!(clear_stencil "glClearStencil"(s: GLint) => |c| c.clear_stencil(s));
handler!(viewport "glViewport"(x: GLint, y: GLint, w: GLsizei, h: GLsizei) => |c| c.viewport(x, y, w, h));
handler!(scissor "glScissor"(x: GLint, y: GLint, w: GLsizei, h: GLsizei) => |c| c.scissor(x, y, w, h));
handler!(depth_range "glDepthRange"(n: GLdouble, f: GLdouble) => |c| c.depth_range(n, f));
handler!(depth_rangef "glDepthRangef"(n: GLfloat, f: GLfloat) => |c| c.depth_range(f64::from(n), f64::from(f)));
handler!(color_mask "glColorMask"(r: GLboolean, g: GLboolean, b: GLboolean, a: GLboolean) => |c| c.color_mask(r != 0, g != 0, b != 0, a != 0));
handler!(depth_mask "glDepthMask"(flag: GLboolean) => |c| c.depth_mask(flag != 0));
handler!(stencil_mask "glStencilMask"(mask: GLuint) => |c| c.stencil_mask(mask));
handler!(enable "glEnable"(cap: GLenum) => |c| c.set_enabled(cap, true));
handler!(disable "glDisable"(cap: GLenum) => |c| c.set_enabled(cap, false));
handler!(draw_buffer "glDrawBuffer"(buf: GLenum) => |c| c.draw_buffer(buf));
handler!(read_buffer "glReadBuffer"(buf: GLenum) => |c| c.read_buffer(buf));
immediate!(pixel_storei "glPixelStorei"(pname: GLenum, param: GLint) => |c| c.pixel_store(pname, param));
// GL 4.6 §8.4.1: float values of integer parameters are rounded.
immediate!(pixel_storef "glPixelStoref"(pname: GLenum, param: GLfloat) => |c| c.pixel_store(pname, param.round() as i32));
immediate!(flush "glFlush"() => |c| c.flush());
immediate!(finish "glFinish"() => |c| c.finish());

unsafe extern "C" fn is_enabled(cap: GLenum) -> GLboolean {
    with_ctx("glIsEnabled", 0, |c| {
        let r = c.outside_begin_end().and_then(|()| c.is_enabled(cap));
        c.record(r).map_or(0, GLboolean::from)
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.Clear = clear;
    d.ClearColor = clear_color;
    d.ClearDepthf = clear_depthf;
    d.ClearStencil = clear_stencil;
    d.Viewport = viewport;
    d.Scissor = scissor;
    d.DepthRangef = depth_rangef;
    d.ColorMask = color_mask;
    d.DepthMask = depth_mask;
    d.StencilMask = stencil_mask;
    d.Enable = enable;
    d.Disable = disable;
    d.IsEnabled = is_enabled;
    d.ReadBuffer = read_buffer;
    d.PixelStorei = pixel_storei;
    d.Flush = flush;
    d.Finish = finish;
    if profile != Profile::Es {
        d.ClearDepth = clear_depth;
        d.DepthRange = depth_range;
        d.DrawBuffer = draw_buffer;
        d.PixelStoref = pixel_storef;
    }
}
