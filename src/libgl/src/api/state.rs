//! Clears, viewport, scissor, masks, enables, buffers, flush; rasterization
//! state (depth, stencil, blend, polygon, line and point state, point
//! parameters).

use oxgl_core::Profile;
use oxgl_core::context::MAX_DRAW_BUFFERS;
use oxgl_core::framebuffer::clear_buffer::ClearValue;
use oxgl_glapi::Dispatch;
use oxgl_glapi::generated::enums::{GL_COLOR, GL_DEPTH, GL_STENCIL};
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

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
// ARB_color_buffer_float / GL 3.0.
handler!(clamp_color "glClampColor"(target: GLenum, clamp: GLenum) => |c| c.clamp_color(target, clamp));
handler!(clear_color_ii "glClearColorIiEXT"(r: GLint, g: GLint, b: GLint, a: GLint) => |c| c.clear_color_int([r, g, b, a].map(|x| x as u32)));
handler!(clear_color_iui "glClearColorIuiEXT"(r: GLuint, g: GLuint, b: GLuint, a: GLuint) => |c| c.clear_color_int([r, g, b, a]));
handler!(clear_depth "glClearDepth"(d: GLdouble) => |c| c.clear_depth(d));
handler!(clear_depthf "glClearDepthf"(d: GLfloat) => |c| c.clear_depth(f64::from(d)));
handler!(clear_stencil "glClearStencil"(s: GLint) => |c| c.clear_stencil(s));
handler!(clear_accum "glClearAccum"(r: GLfloat, g: GLfloat, b: GLfloat, a: GLfloat) => |c| c.clear_accum([r, g, b, a]));
handler!(clear_index "glClearIndex"(index: GLfloat) => |c| c.clear_index(index));
handler!(index_mask "glIndexMask"(mask: GLuint) => |c| c.index_mask(mask));
handler!(accum "glAccum"(op: GLenum, value: GLfloat) => |c| c.accum(op, value));
handler!(push_attrib "glPushAttrib"(mask: GLbitfield) => |c| c.push_attrib(mask));
handler!(pop_attrib "glPopAttrib"() => |c| c.pop_attrib());
immediate!(push_client_attrib "glPushClientAttrib"(mask: GLbitfield) => |c| c.push_client_attrib(mask));
immediate!(pop_client_attrib "glPopClientAttrib"() => |c| c.pop_client_attrib());
handler!(viewport "glViewport"(x: GLint, y: GLint, w: GLsizei, h: GLsizei) => |c| c.viewport(x, y, w, h));
handler!(scissor "glScissor"(x: GLint, y: GLint, w: GLsizei, h: GLsizei) => |c| c.scissor(x, y, w, h));
handler!(depth_range "glDepthRange"(n: GLdouble, f: GLdouble) => |c| c.depth_range(n, f));
handler!(depth_rangef "glDepthRangef"(n: GLfloat, f: GLfloat) => |c| c.depth_range(f64::from(n), f64::from(f)));
handler!(color_mask "glColorMask"(r: GLboolean, g: GLboolean, b: GLboolean, a: GLboolean) => |c| c.color_mask(r != 0, g != 0, b != 0, a != 0));
handler!(depth_mask "glDepthMask"(flag: GLboolean) => |c| c.depth_mask(flag != 0));
handler!(stencil_mask "glStencilMask"(mask: GLuint) => |c| c.stencil_mask(mask));
handler!(stencil_mask_separate "glStencilMaskSeparate"(face: GLenum, mask: GLuint) => |c| c.stencil_mask_separate(face, mask));
handler!(enable "glEnable"(cap: GLenum) => |c| c.set_enabled(cap, true));
// EXT_draw_buffers2 / GL 3.0: per draw buffer (src/core/src/framebuffer/draw_buffers2.rs).
handler!(color_maski "glColorMaski"(index: GLuint, r: GLboolean, g: GLboolean, b: GLboolean, a: GLboolean) => |c| c.color_mask_indexed(index, [r != 0, g != 0, b != 0, a != 0]));
handler!(enablei "glEnablei"(cap: GLenum, index: GLuint) => |c| c.set_enabled_indexed(cap, index, true));
handler!(disablei "glDisablei"(cap: GLenum, index: GLuint) => |c| c.set_enabled_indexed(cap, index, false));
handler!(disable "glDisable"(cap: GLenum) => |c| c.set_enabled(cap, false));
handler!(draw_buffer "glDrawBuffer"(buf: GLenum) => |c| c.draw_buffer(buf));

unsafe extern "C" fn draw_buffers(n: GLsizei, bufs: *const GLenum) {
    // The names are read only when n is in range (the core reports the
    // rest); a null array with n > 0 is ignored.
    let len = usize::try_from(n)
        .ok()
        .filter(|&l| l <= MAX_DRAW_BUFFERS)
        .unwrap_or(0);
    if len > 0 && bufs.is_null() {
        return;
    }
    // SAFETY: GL 2.1 §4.2.1: the command reads n names from `bufs` (here
    // `n <= MAX_DRAW_BUFFERS`, or none).
    let names = unsafe { client::prefix::<GLenum, MAX_DRAW_BUFFERS>(bufs, len) }
        .map_or_else(Vec::new, |v| v[..len].to_vec());
    with_ctx("glDrawBuffers", (), |c| {
        compiled(c, move |c| {
            c.outside_begin_end()?;
            c.flush_vertices();
            c.draw_buffers(n, &names)
        })
    })
}

handler!(read_buffer "glReadBuffer"(buf: GLenum) => |c| c.read_buffer(buf));
immediate!(pixel_storei "glPixelStorei"(pname: GLenum, param: GLint) => |c| c.pixel_store(pname, param));
// GL 4.6 §8.4.1: float values of integer parameters are rounded.
immediate!(pixel_storef "glPixelStoref"(pname: GLenum, param: GLfloat) => |c| c.pixel_store(pname, param.round() as i32));
immediate!(flush "glFlush"() => |c| c.flush());
immediate!(finish "glFinish"() => |c| c.finish());
immediate!(texture_barrier "glTextureBarrier"() => |c| c.texture_barrier());
// ARB_shader_image_load_store (src/core/src/texture/image_unit.rs).
immediate!(bind_image_texture "glBindImageTexture"(unit: GLuint, texture: GLuint, level: GLint, layered: GLboolean, layer: GLint, access: GLenum, format: GLenum) => |c| c.bind_image_texture(unit, texture, level, layered != 0, layer, access, format));
immediate!(memory_barrier "glMemoryBarrier"(barriers: GLbitfield) => |c| c.memory_barrier(barriers));

handler!(depth_func "glDepthFunc"(f: GLenum) => |c| c.depth_func(f));
handler!(alpha_func "glAlphaFunc"(f: GLenum, r: GLfloat) => |c| c.alpha_func(f, r));
handler!(blend_func "glBlendFunc"(s: GLenum, d: GLenum) => |c| c.blend_func(s, d, s, d));
handler!(blend_func_separate "glBlendFuncSeparate"(sr: GLenum, dr: GLenum, sa: GLenum, da: GLenum) => |c| c.blend_func(sr, dr, sa, da));
handler!(blend_equation "glBlendEquation"(m: GLenum) => |c| c.blend_equation(m, m));
handler!(blend_equation_separate "glBlendEquationSeparate"(rgb: GLenum, a: GLenum) => |c| c.blend_equation(rgb, a));
// ARB_sample_shading / GL 4.0 (src/core/src/raster_state.rs).
handler!(min_sample_shading "glMinSampleShading"(value: GLfloat) => |c| c.min_sample_shading(value));
// ARB_draw_buffers_blend / GL 4.0: per draw buffer (src/core/src/raster_state.rs).
handler!(blend_funci "glBlendFunci"(buf: GLuint, s: GLenum, d: GLenum) => |c| c.blend_func_indexed(buf, [s, d, s, d]));
handler!(blend_func_separatei "glBlendFuncSeparatei"(buf: GLuint, sr: GLenum, dr: GLenum, sa: GLenum, da: GLenum) => |c| c.blend_func_indexed(buf, [sr, dr, sa, da]));
handler!(blend_equationi "glBlendEquationi"(buf: GLuint, m: GLenum) => |c| c.blend_equation_indexed(buf, m, m));
handler!(blend_equation_separatei "glBlendEquationSeparatei"(buf: GLuint, rgb: GLenum, a: GLenum) => |c| c.blend_equation_indexed(buf, rgb, a));
handler!(blend_color "glBlendColor"(r: GLfloat, g: GLfloat, b: GLfloat, a: GLfloat) => |c| c.blend_color([r, g, b, a]));
handler!(logic_op "glLogicOp"(op: GLenum) => |c| c.logic_op(op));
handler!(stencil_func "glStencilFunc"(f: GLenum, r: GLint, m: GLuint) => |c| c.stencil_func(oxgl_glapi::generated::enums::GL_FRONT_AND_BACK, f, r, m));
handler!(stencil_func_separate "glStencilFuncSeparate"(face: GLenum, f: GLenum, r: GLint, m: GLuint) => |c| c.stencil_func(face, f, r, m));
handler!(stencil_func_separate_ati "glStencilFuncSeparateATI"(front: GLenum, back: GLenum, r: GLint, m: GLuint) => |c| c.stencil_func_separate_ati(front, back, r, m));
handler!(stencil_op "glStencilOp"(a: GLenum, b: GLenum, d: GLenum) => |c| c.stencil_op(oxgl_glapi::generated::enums::GL_FRONT_AND_BACK, a, b, d));
handler!(stencil_op_separate "glStencilOpSeparate"(face: GLenum, a: GLenum, b: GLenum, d: GLenum) => |c| c.stencil_op(face, a, b, d));
handler!(cull_face "glCullFace"(mode: GLenum) => |c| c.cull_face(mode));
handler!(front_face "glFrontFace"(mode: GLenum) => |c| c.front_face(mode));
handler!(polygon_mode "glPolygonMode"(face: GLenum, mode: GLenum) => |c| c.polygon_mode(face, mode));
handler!(polygon_offset "glPolygonOffset"(f: GLfloat, u: GLfloat) => |c| c.polygon_offset(f, u));
handler!(polygon_offset_clamp "glPolygonOffsetClamp"(f: GLfloat, u: GLfloat, clamp: GLfloat) => |c| c.polygon_offset_clamp(f, u, clamp));
// EXT_polygon_offset's bias is in [0, 1] depth units: Mesa scales it by the
// depth buffer's largest value (16 bits without a depth buffer).
handler!(polygon_offset_ext "glPolygonOffsetEXT"(f: GLfloat, bias: GLfloat) => |c| {
    let bits = match c.params().depth_bits {
        0 => 16,
        b => u32::from(b),
    };
    c.polygon_offset(f, bias * ((1u64 << bits) - 1) as f32)
});
handler!(line_width "glLineWidth"(w: GLfloat) => |c| c.line_width(w));
handler!(point_size "glPointSize"(s: GLfloat) => |c| c.point_size(s));

/// The values a `glPointParameter*v` call reads from `v`: three for the
/// attenuation coefficients, else one; `None` for a null pointer (the call
/// is then ignored).
///
/// # Safety
/// GL 4.6 compat §14.4: `v` is null or points to the values of `pname`.
unsafe fn point_parameter_values<T: Copy + Default>(
    pname: GLenum,
    v: *const T,
    f: impl Fn(T) -> f32,
) -> Option<([f32; 3], usize)> {
    let n = if pname == oxgl_glapi::generated::enums::GL_POINT_DISTANCE_ATTENUATION {
        3
    } else {
        1
    };
    // SAFETY: per the caller: `n` values of the parameter.
    let s = unsafe { client::prefix::<T, 3>(v, n) }?;
    Some((s.map(f), n))
}

handler!(point_parameterf "glPointParameterf"(pname: GLenum, p: GLfloat) => |c| c.point_parameter(pname, &[p]));
handler!(point_parameteri "glPointParameteri"(pname: GLenum, p: GLint) => |c| c.point_parameter(pname, &[p as f32]));

unsafe extern "C" fn point_parameterfv(pname: GLenum, v: *const GLfloat) {
    // SAFETY: the command reads the values of `pname` from `v`.
    if let Some((vals, n)) = unsafe { point_parameter_values(pname, v, |x| x) } {
        point_parameter_v("glPointParameterfv", pname, vals, n)
    }
}

unsafe extern "C" fn point_parameteriv(pname: GLenum, v: *const GLint) {
    // SAFETY: the command reads the values of `pname` from `v`.
    if let Some((vals, n)) = unsafe { point_parameter_values(pname, v, |x| x as f32) } {
        point_parameter_v("glPointParameteriv", pname, vals, n)
    }
}

fn point_parameter_v(name: &'static str, pname: GLenum, vals: [f32; 3], n: usize) {
    with_ctx(name, (), |c| {
        compiled(c, move |c| {
            c.outside_begin_end()?;
            c.flush_vertices();
            c.point_parameter(pname, &vals[..n])
        })
    })
}
// ARB_tessellation_shader / GL 4.0 (src/core/src/program/tess.rs).
handler!(patch_parameteri "glPatchParameteri"(pname: GLenum, value: GLint) => |c| c.patch_parameteri(pname, value));

unsafe extern "C" fn patch_parameterfv(pname: GLenum, values: *const GLfloat) {
    use oxgl_glapi::generated::enums::{
        GL_PATCH_DEFAULT_INNER_LEVEL, GL_PATCH_DEFAULT_OUTER_LEVEL,
    };
    let n = match pname {
        GL_PATCH_DEFAULT_OUTER_LEVEL => 4,
        GL_PATCH_DEFAULT_INNER_LEVEL => 2,
        _ => 0,
    };
    // SAFETY: GL 4.6 §10.1.15: the command reads the pname's levels (four
    // outer or two inner) from `values`; none for another pname.
    let Some(vals) = (unsafe { client::prefix::<GLfloat, 4>(values, n) }) else {
        return;
    };
    with_ctx("glPatchParameterfv", (), |c| {
        compiled(c, move |c| {
            c.outside_begin_end()?;
            c.flush_vertices();
            c.patch_parameterfv(pname, &vals[..n])
        })
    })
}

handler!(line_stipple "glLineStipple"(f: GLint, p: GLushort) => |c| c.line_stipple(f, p));

unsafe extern "C" fn polygon_stipple(mask: *const GLubyte) {
    with_ctx("glPolygonStipple", (), |c| {
        // Between glBegin and glEnd the command only fails: the mask is not
        // read (the unpack state it would be read under may not be the
        // application's idea of it; found by the API fuzzer).
        if !c.compiling_list() {
            let r = c.outside_begin_end();
            if c.record(r).is_none() {
                return;
            }
        }
        let (len, _) = oxgl_core::Context::stipple_layout(&c.state.unpack);
        // SAFETY: GL 4.6 compat §14.6.2: the command reads a 32×32 bitmap
        // from `mask` under the unpack state: `len` bytes.
        let src = unsafe { super::unpack_source(c, mask.cast(), len) };
        let Some(Some(data)) = c.record(src) else {
            return;
        };
        // The unpack state may spread the bitmap over many bytes: copied
        // fallibly.
        let Some(data) = c.record(client::owned(data)) else {
            return;
        };
        let data = std::sync::Arc::new(data);
        if c.compiling_list() {
            let d = data.clone();
            c.save(Box::new(move |c: &mut oxgl_core::Context| {
                c.outside_begin_end()?;
                c.flush_vertices();
                c.polygon_stipple(&d)
            }));
            if !c.executing() {
                return;
            }
        }
        let r = c.outside_begin_end().and_then(|()| {
            c.flush_vertices();
            c.polygon_stipple(&data)
        });
        c.record(r);
    })
}

unsafe extern "C" fn get_polygon_stipple(mask: *mut GLubyte) {
    with_ctx("glGetPolygonStipple", (), |c| {
        let (len, _) = oxgl_core::Context::stipple_layout(&c.state.pack);
        // SAFETY: the client provides room for the bitmap under the pack state.
        let r = c.outside_begin_end().and_then(|()| unsafe {
            super::pack_into(c, mask.cast(), len, |c, out| c.get_polygon_stipple(out))
        });
        c.record(r);
    })
}
handler!(hint "glHint"(target: GLenum, mode: GLenum) => |c| c.hint(target, mode));

unsafe extern "C" fn is_enabledi(cap: GLenum, index: GLuint) -> GLboolean {
    with_ctx("glIsEnabledi", 0, |c| {
        let r = c
            .outside_begin_end()
            .and_then(|()| c.is_enabled_indexed(cap, index));
        c.record(r).map_or(0, GLboolean::from)
    })
}

unsafe extern "C" fn is_enabled(cap: GLenum) -> GLboolean {
    with_ctx("glIsEnabled", 0, |c| {
        let r = c.outside_begin_end().and_then(|()| c.is_enabled(cap));
        c.record(r).map_or(0, GLboolean::from)
    })
}

/// How many values `glClearBuffer*v` reads for `buffer` (GL 4.6
/// §17.4.3.1: four for COLOR, one for DEPTH and STENCIL; none for a buffer
/// the command rejects).
fn clear_buffer_len(buffer: GLenum) -> usize {
    match buffer {
        GL_COLOR => 4,
        GL_DEPTH | GL_STENCIL => 1,
        _ => 0,
    }
}

/// `glClearBuffer*`: a drawing command that display lists compile (as
/// Mesa), with the values read at the call.
fn clear_buffer(name: &'static str, buffer: GLenum, drawbuffer: GLint, value: ClearValue) {
    with_ctx(name, (), |c| {
        compiled(c, move |c| {
            c.outside_begin_end()?;
            c.flush_vertices();
            c.clear_buffer(buffer, drawbuffer, value)
        })
    })
}

unsafe extern "C" fn clear_bufferfv(buffer: GLenum, drawbuffer: GLint, value: *const GLfloat) {
    // SAFETY: GL 4.6 §17.4.3.1: `value` holds four values for COLOR and
    // one for DEPTH.
    let v = unsafe { client::prefix::<GLfloat, 4>(value, clear_buffer_len(buffer)) };
    clear_buffer("glClearBufferfv", buffer, drawbuffer, ClearValue::Float(v));
}

unsafe extern "C" fn clear_bufferiv(buffer: GLenum, drawbuffer: GLint, value: *const GLint) {
    // SAFETY: GL 4.6 §17.4.3.1: `value` holds four values for COLOR and
    // one for STENCIL.
    let v = unsafe { client::prefix::<GLint, 4>(value, clear_buffer_len(buffer)) };
    clear_buffer("glClearBufferiv", buffer, drawbuffer, ClearValue::Int(v));
}

unsafe extern "C" fn clear_bufferuiv(buffer: GLenum, drawbuffer: GLint, value: *const GLuint) {
    // SAFETY: GL 4.6 §17.4.3.1: `value` holds four values for COLOR.
    let v = unsafe { client::prefix::<GLuint, 4>(value, clear_buffer_len(buffer)) };
    clear_buffer("glClearBufferuiv", buffer, drawbuffer, ClearValue::Uint(v));
}

unsafe extern "C" fn clear_bufferfi(
    buffer: GLenum,
    drawbuffer: GLint,
    depth: GLfloat,
    stencil: GLint,
) {
    clear_buffer(
        "glClearBufferfi",
        buffer,
        drawbuffer,
        ClearValue::DepthStencil(depth, stencil),
    );
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.Clear = clear;
    d.ClearBufferfv = clear_bufferfv;
    d.ClearBufferiv = clear_bufferiv;
    d.ClearBufferuiv = clear_bufferuiv;
    d.ClearBufferfi = clear_bufferfi;
    d.ClearColor = clear_color;
    d.ClearColorIiEXT = clear_color_ii;
    d.ClearColorIuiEXT = clear_color_iui;
    d.ClearDepthf = clear_depthf;
    d.ClearDepthfOES = clear_depthf;
    d.ClearStencil = clear_stencil;
    d.Viewport = viewport;
    d.Scissor = scissor;
    d.DepthRangef = depth_rangef;
    d.DepthRangefOES = depth_rangef;
    d.ColorMask = color_mask;
    if profile != Profile::Es {
        d.ClampColor = clamp_color;
        d.ClampColorARB = clamp_color;
        d.ColorMaski = color_maski;
        d.ColorMaskIndexedEXT = color_maski;
        d.Enablei = enablei;
        d.EnableIndexedEXT = enablei;
        d.Disablei = disablei;
        d.DisableIndexedEXT = disablei;
        d.IsEnabledi = is_enabledi;
        d.IsEnabledIndexedEXT = is_enabledi;
        d.PatchParameteri = patch_parameteri;
        d.PatchParameterfv = patch_parameterfv;
        d.MinSampleShading = min_sample_shading;
        d.MinSampleShadingARB = min_sample_shading;
        d.BlendFunci = blend_funci;
        d.BlendFunciARB = blend_funci;
        d.BlendFuncSeparatei = blend_func_separatei;
        d.BlendFuncSeparateiARB = blend_func_separatei;
        d.BlendEquationi = blend_equationi;
        d.BlendEquationiARB = blend_equationi;
        d.BlendEquationSeparatei = blend_equation_separatei;
        d.BlendEquationSeparateiARB = blend_equation_separatei;
    }
    d.DepthMask = depth_mask;
    d.StencilMask = stencil_mask;
    d.StencilMaskSeparate = stencil_mask_separate;
    d.Enable = enable;
    d.Disable = disable;
    d.IsEnabled = is_enabled;
    d.ReadBuffer = read_buffer;
    d.PixelStorei = pixel_storei;
    d.Flush = flush;
    d.TextureBarrier = texture_barrier;
    d.BindImageTexture = bind_image_texture;
    d.MemoryBarrier = memory_barrier;
    d.TextureBarrierNV = texture_barrier;
    d.DepthFunc = depth_func;
    d.BlendFunc = blend_func;
    d.BlendFuncSeparate = blend_func_separate;
    d.BlendEquation = blend_equation;
    d.BlendEquationSeparate = blend_equation_separate;
    d.BlendColor = blend_color;
    d.StencilFunc = stencil_func;
    d.StencilFuncSeparate = stencil_func_separate;
    d.StencilOp = stencil_op;
    d.StencilOpSeparate = stencil_op_separate;
    d.CullFace = cull_face;
    d.FrontFace = front_face;
    d.PolygonOffset = polygon_offset;
    d.PolygonOffsetClamp = polygon_offset_clamp;
    d.PolygonOffsetClampEXT = polygon_offset_clamp;
    d.LineWidth = line_width;
    d.Hint = hint;
    d.Finish = finish;
    if profile != Profile::Es {
        d.ClearDepth = clear_depth;
        d.DepthRange = depth_range;
        d.DrawBuffer = draw_buffer;
        d.DrawBuffers = draw_buffers;
        // GL_EXT_draw_buffers (ES 2.0).
        d.DrawBuffersEXT = draw_buffers;
        d.PixelStoref = pixel_storef;
        d.LogicOp = logic_op;
        d.PolygonMode = polygon_mode;
        d.PointSize = point_size;
        d.PointParameterf = point_parameterf;
        d.PointParameterfv = point_parameterfv;
        d.PointParameteri = point_parameteri;
        d.PointParameteriv = point_parameteriv;
        d.PointParameterfARB = point_parameterf;
        d.PointParameterfvARB = point_parameterfv;
        d.PointParameterfEXT = point_parameterf;
        d.PointParameterfvEXT = point_parameterfv;
    }
    if profile == Profile::Compat {
        d.StencilFuncSeparateATI = stencil_func_separate_ati;
        d.AlphaFunc = alpha_func;
        d.LineStipple = line_stipple;
        d.PolygonStipple = polygon_stipple;
        d.GetPolygonStipple = get_polygon_stipple;
        d.ClearAccum = clear_accum;
        d.PolygonOffsetEXT = polygon_offset_ext;
        d.ClearIndex = clear_index;
        d.IndexMask = index_mask;
        d.Accum = accum;
        d.PushAttrib = push_attrib;
        d.PopAttrib = pop_attrib;
        d.PushClientAttrib = push_client_attrib;
        d.PopClientAttrib = pop_client_attrib;
    }
}
