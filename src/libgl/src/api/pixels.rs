//! glReadPixels, and the pixel rectangles drawn at the raster position:
//! glDrawPixels, glCopyPixels, glBitmap (all three compiled into display
//! lists; images are unpacked when the command is called).

use std::ffi::c_void;

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use oxgl_core::drawpix::{PixelData, PixelRect, scalar_image};
use oxgl_glapi::generated::enums::*;

use super::{compiled, with_ctx};

unsafe extern "C" fn read_pixels(
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
    format: GLenum,
    type_: GLenum,
    pixels: *mut c_void,
) {
    with_ctx("glReadPixels", (), |c| {
        let plan = c.outside_begin_end().and_then(|()| {
            c.flush_vertices();
            c.plan_read_pixels(x, y, width, height, format, type_)
        });
        let Some(plan) = c.record(plan) else {
            return;
        };
        if plan.byte_len == 0 || pixels.is_null() {
            return;
        }
        // SAFETY: GL 4.6 §18.2: the client provides `byte_len` bytes at
        // `pixels` for this size, format, type and pack state (no pixel pack
        // buffer exists yet, so `pixels` is a client pointer).
        let dst = unsafe { std::slice::from_raw_parts_mut(pixels as *mut u8, plan.byte_len) };
        let r = c.read_pixels(&plan, dst);
        c.record(r);
    })
}

unsafe extern "C" fn draw_pixels(
    width: GLsizei,
    height: GLsizei,
    format: GLenum,
    type_: GLenum,
    pixels: *const c_void,
) {
    with_ctx("glDrawPixels", (), |c| {
        let plan = c.plan_draw_pixels(width, height, format, type_);
        let Some(plan) = c.record(plan) else {
            return;
        };
        let len = plan.byte_len();
        let rect = if pixels.is_null() || len == 0 {
            // No image: nothing to draw (GL leaves the result undefined).
            if len != 0 {
                return;
            }
            oxgl_core::Context::unpack_pixel_rect(&plan, &[])
        } else {
            // SAFETY: GL 4.6 §8.4.4: the client image occupies `len` bytes
            // from `pixels` under the current unpack parameters.
            let src = unsafe { std::slice::from_raw_parts(pixels as *const u8, len) };
            oxgl_core::Context::unpack_pixel_rect(&plan, src)
        };
        compiled(c, move |c| c.draw_pixels(&rect));
    })
}

unsafe extern "C" fn copy_pixels(
    x: GLint,
    y: GLint,
    width: GLsizei,
    height: GLsizei,
    type_: GLenum,
) {
    with_ctx("glCopyPixels", (), |c| {
        compiled(c, move |c| c.copy_pixels(x, y, width, height, type_))
    })
}

unsafe extern "C" fn bitmap(
    width: GLsizei,
    height: GLsizei,
    xorig: GLfloat,
    yorig: GLfloat,
    xmove: GLfloat,
    ymove: GLfloat,
    bits: *const GLubyte,
) {
    with_ctx("glBitmap", (), |c| {
        let checked = c.outside_begin_end().and_then(|()| {
            if width < 0 || height < 0 {
                return Err(oxgl_core::ApiError::InvalidValue);
            }
            scalar_image(
                GL_COLOR_INDEX,
                GL_BITMAP,
                width as usize,
                height as usize,
                &c.state.unpack,
            )
        });
        let Some(plan) = c.record(checked) else {
            return;
        };
        let size = plan.size;
        let values = if bits.is_null() || plan.byte_len == 0 {
            Vec::new()
        } else {
            // SAFETY: the bitmap occupies `byte_len` bytes from `bits` under
            // the current unpack parameters.
            let src = unsafe { std::slice::from_raw_parts(bits, plan.byte_len) };
            plan.unpack(src)
        };
        let rect = PixelRect {
            size,
            data: PixelData::Index(values),
        };
        compiled(c, move |c| {
            let PixelData::Index(v) = &rect.data else {
                return Ok(());
            };
            c.bitmap(rect.size, [xorig, yorig], [xmove, ymove], v)
        });
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.ReadPixels = read_pixels;
    if profile == Profile::Compat {
        d.DrawPixels = draw_pixels;
        d.CopyPixels = copy_pixels;
        d.Bitmap = bitmap;
    }
}
