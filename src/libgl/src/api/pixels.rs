//! glReadPixels, and the pixel rectangles drawn at the raster position:
//! glDrawPixels, glCopyPixels, glBitmap (all three compiled into display
//! lists; images are unpacked when the command is called).

use std::ffi::c_void;

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use oxgl_core::pixel::draw::{PixelData, PixelRect, scalar_image};
use oxgl_core::pixel::map::MapType;
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
        // SAFETY: GL 4.6 §18.2: the client provides `byte_len` bytes at
        // `pixels` for this size, format, type and pack state.
        let r = unsafe {
            super::pack_into(c, pixels, plan.byte_len, |c, dst| c.read_pixels(&plan, dst))
        };
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
        if let Some(r) = c.compile_error_in_primitive() {
            c.record(r);
            return;
        }
        let plan = c.plan_draw_pixels(width, height, format, type_);
        let Some(plan) = c.record(plan) else {
            return;
        };
        let len = plan.byte_len();
        // SAFETY: GL 4.6 §8.4.4: the client image occupies `len` bytes from
        // `pixels` under the current unpack parameters.
        let src = unsafe { super::unpack_source(c, pixels, len) };
        let Some(src) = c.record(src) else {
            return;
        };
        let rect = match src {
            Some(src) => oxgl_core::Context::unpack_pixel_rect(&plan, &src),
            // No image: nothing to draw (GL leaves the result undefined).
            None if len != 0 => return,
            None => oxgl_core::Context::unpack_pixel_rect(&plan, &[]),
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
        if let Some(r) = c.compile_error_in_primitive() {
            c.record(r);
            return;
        }
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
        // SAFETY: the bitmap occupies `byte_len` bytes from `bits` under
        // the current unpack parameters.
        let src = unsafe { super::unpack_source(c, bits.cast(), plan.byte_len) };
        let Some(src) = c.record(src) else {
            return;
        };
        let values = match src {
            Some(src) if plan.byte_len > 0 => plan.unpack(&src),
            _ => Vec::new(),
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

unsafe extern "C" fn pixel_transferf(pname: GLenum, param: GLfloat) {
    with_ctx("glPixelTransferf", (), |c| {
        compiled(c, move |c| c.pixel_transfer(pname, param))
    })
}

unsafe extern "C" fn pixel_transferi(pname: GLenum, param: GLint) {
    with_ctx("glPixelTransferi", (), |c| {
        compiled(c, move |c| c.pixel_transfer(pname, param as f32))
    })
}

/// `glPixelMap{fv,uiv,usv}`: validates, reads `size` values from the
/// client (no pixel unpack buffer exists yet) and records or runs.
fn pixel_map<T: Copy>(
    name: &'static str,
    map: GLenum,
    size: GLsizei,
    values: *const T,
    type_: MapType,
    widen: fn(T) -> f64,
) {
    with_ctx(name, (), |c| {
        if let Some(r) = c.compile_error_in_primitive() {
            c.record(r);
            return;
        }
        let checked = c.check_pixel_map(map, size);
        if c.record(checked).is_none() {
            return;
        }
        let len = size as usize * std::mem::size_of::<T>();
        // SAFETY: the client passes `size` values (1..=256, checked above),
        // or their offset in a pixel unpack buffer.
        let src = unsafe { super::unpack_source(c, values.cast(), len) };
        let Some(Some(bytes)) = c.record(src) else {
            return;
        };
        let v: Vec<f64> = bytes
            .chunks_exact(std::mem::size_of::<T>())
            // SAFETY: each chunk holds one `T` (a plain number type).
            .map(|b| widen(unsafe { std::ptr::read_unaligned(b.as_ptr().cast::<T>()) }))
            .collect();
        compiled(c, move |c| c.pixel_map(map, &v, type_));
    })
}

unsafe extern "C" fn pixel_mapfv(map: GLenum, size: GLsizei, values: *const GLfloat) {
    pixel_map("glPixelMapfv", map, size, values, MapType::Float, f64::from)
}

unsafe extern "C" fn pixel_mapuiv(map: GLenum, size: GLsizei, values: *const GLuint) {
    pixel_map("glPixelMapuiv", map, size, values, MapType::Uint, f64::from)
}

unsafe extern "C" fn pixel_mapusv(map: GLenum, size: GLsizei, values: *const GLushort) {
    pixel_map(
        "glPixelMapusv",
        map,
        size,
        values,
        MapType::Ushort,
        f64::from,
    )
}

/// `glGet{n}PixelMap{fv,uiv,usv}`: `buf_size` in bytes (`None` for the
/// unbounded forms); INVALID_OPERATION when the map does not fit.
fn get_pixel_map<T: Copy>(
    name: &'static str,
    map: GLenum,
    buf_size: Option<GLsizei>,
    values: *mut T,
    type_: MapType,
    narrow: fn(f64) -> T,
) {
    with_ctx(name, (), |c| {
        let r = c.get_pixel_map(map, type_);
        let Some(v) = c.record(r) else {
            return;
        };
        if let Some(b) = buf_size
            && (b < 0 || (b as usize) < v.len() * std::mem::size_of::<T>())
        {
            c.record::<()>(Err(oxgl_core::ApiError::InvalidOperation));
            return;
        }
        let n = std::mem::size_of::<T>();
        // SAFETY: the client provides room for the map's size (queried
        // with GL_PIXEL_MAP_*_SIZE), or said how much with `buf_size`; or
        // the offset in a pixel pack buffer.
        let r = unsafe {
            super::pack_into(c, values.cast(), v.len() * n, |_, out| {
                for (o, x) in out.chunks_exact_mut(n).zip(v) {
                    // SAFETY: each chunk has room for one `T`.
                    std::ptr::write_unaligned(o.as_mut_ptr().cast::<T>(), narrow(x));
                }
                Ok(())
            })
        };
        c.record(r);
    })
}

unsafe extern "C" fn get_pixel_mapfv(map: GLenum, values: *mut GLfloat) {
    get_pixel_map("glGetPixelMapfv", map, None, values, MapType::Float, |x| {
        x as f32
    })
}

unsafe extern "C" fn get_pixel_mapuiv(map: GLenum, values: *mut GLuint) {
    get_pixel_map("glGetPixelMapuiv", map, None, values, MapType::Uint, |x| {
        x as u32
    })
}

unsafe extern "C" fn get_pixel_mapusv(map: GLenum, values: *mut GLushort) {
    get_pixel_map(
        "glGetPixelMapusv",
        map,
        None,
        values,
        MapType::Ushort,
        |x| x as u16,
    )
}

unsafe extern "C" fn getn_pixel_mapfv(map: GLenum, buf_size: GLsizei, values: *mut GLfloat) {
    get_pixel_map(
        "glGetnPixelMapfv",
        map,
        Some(buf_size),
        values,
        MapType::Float,
        |x| x as f32,
    )
}

unsafe extern "C" fn getn_pixel_mapuiv(map: GLenum, buf_size: GLsizei, values: *mut GLuint) {
    get_pixel_map(
        "glGetnPixelMapuiv",
        map,
        Some(buf_size),
        values,
        MapType::Uint,
        |x| x as u32,
    )
}

unsafe extern "C" fn getn_pixel_mapusv(map: GLenum, buf_size: GLsizei, values: *mut GLushort) {
    get_pixel_map(
        "glGetnPixelMapusv",
        map,
        Some(buf_size),
        values,
        MapType::Ushort,
        |x| x as u16,
    )
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.ReadPixels = read_pixels;
    if profile == Profile::Compat {
        d.PixelTransferf = pixel_transferf;
        d.PixelTransferi = pixel_transferi;
        d.PixelMapfv = pixel_mapfv;
        d.PixelMapuiv = pixel_mapuiv;
        d.PixelMapusv = pixel_mapusv;
        d.GetPixelMapfv = get_pixel_mapfv;
        d.GetPixelMapuiv = get_pixel_mapuiv;
        d.GetPixelMapusv = get_pixel_mapusv;
        d.GetnPixelMapfv = getn_pixel_mapfv;
        d.GetnPixelMapuiv = getn_pixel_mapuiv;
        d.GetnPixelMapusv = getn_pixel_mapusv;
        d.GetnPixelMapfvARB = getn_pixel_mapfv;
        d.GetnPixelMapuivARB = getn_pixel_mapuiv;
        d.GetnPixelMapusvARB = getn_pixel_mapusv;
        d.DrawPixels = draw_pixels;
        d.CopyPixels = copy_pixels;
        d.Bitmap = bitmap;
    }
}
