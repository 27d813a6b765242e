//! Per-fragment and rasterization state of GL 1.x (GL 4.6 compatibility
//! §14–17): depth, alpha, stencil, blend and logic-op functions, culling,
//! polygon mode and offset, line and point sizes, stipple, hints — with the
//! spec's validation and initial values. The rasterizer consumes it; the
//! commands are compiled into display lists like every state command.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::compat::lighting::faces;
use crate::context::{Context, MAX_DRAW_BUFFERS, Profile};
use crate::error::{ApiError, ApiResult};

/// Stencil state of one face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StencilFace {
    /// `GL_STENCIL_FUNC`.
    pub func: GLenum,
    /// `GL_STENCIL_REF`.
    pub reference: i32,
    /// `GL_STENCIL_VALUE_MASK`.
    pub value_mask: u32,
    /// fail, depth-fail, depth-pass operations.
    pub ops: [GLenum; 3],
}

/// Rasterization and per-fragment state.
#[derive(Clone, Debug, PartialEq)]
pub struct RasterState {
    /// `glDepthFunc`.
    pub depth_func: GLenum,
    /// `glAlphaFunc`: function and reference (clamped to [0, 1]).
    pub alpha_func: (GLenum, f32),
    /// `glBlendFunc{Separate}{i}`: src RGB, dst RGB, src alpha, dst alpha,
    /// of each draw buffer (ARB_draw_buffers_blend; the non-indexed
    /// commands set all, their queries read draw buffer 0's).
    pub blend_factors: [[GLenum; 4]; MAX_DRAW_BUFFERS],
    /// `glBlendEquation{Separate}{i}`: RGB, alpha, of each draw buffer.
    pub blend_equation: [[GLenum; 2]; MAX_DRAW_BUFFERS],
    /// `glBlendColor`.
    pub blend_color: [f32; 4],
    /// `glLogicOp`.
    pub logic_op: GLenum,
    /// `glStencilFunc`/`glStencilOp`, front and back.
    pub stencil: [StencilFace; 2],
    /// `glCullFace`.
    pub cull_face: GLenum,
    /// `glFrontFace`.
    pub front_face: GLenum,
    /// `glPolygonMode`, front and back.
    pub polygon_mode: [GLenum; 2],
    /// `glPolygonOffset(Clamp)`: factor, units, clamp.
    pub polygon_offset: [f32; 3],
    /// `glLineWidth`.
    pub line_width: f32,
    /// `glPointSize`.
    pub point_size: f32,
    /// `glPointParameter` state.
    pub point: crate::points::PointParams,
    /// `glLineStipple`: repeat factor, pattern.
    pub line_stipple: (i32, u16),
    /// `glHint` values, by target.
    pub hints: Vec<(GLenum, GLenum)>,
    /// `glPolygonStipple`: 32 rows, bottom first, bit 31 = leftmost pixel.
    pub polygon_stipple: [u32; 32],
}

/// Hint targets `glHint` accepts.
const HINT_TARGETS: &[GLenum] = &[
    GL_PERSPECTIVE_CORRECTION_HINT,
    GL_POINT_SMOOTH_HINT,
    GL_LINE_SMOOTH_HINT,
    GL_POLYGON_SMOOTH_HINT,
    GL_FOG_HINT,
    GL_GENERATE_MIPMAP_HINT,
    GL_TEXTURE_COMPRESSION_HINT,
    GL_FRAGMENT_SHADER_DERIVATIVE_HINT,
];

impl Default for RasterState {
    fn default() -> Self {
        let face = StencilFace {
            func: GL_ALWAYS,
            reference: 0,
            value_mask: u32::MAX,
            ops: [GL_KEEP; 3],
        };
        RasterState {
            depth_func: GL_LESS,
            alpha_func: (GL_ALWAYS, 0.0),
            blend_factors: [[GL_ONE, GL_ZERO, GL_ONE, GL_ZERO]; MAX_DRAW_BUFFERS],
            blend_equation: [[GL_FUNC_ADD; 2]; MAX_DRAW_BUFFERS],
            blend_color: [0.0; 4],
            logic_op: GL_COPY,
            stencil: [face; 2],
            cull_face: GL_BACK,
            front_face: GL_CCW,
            polygon_mode: [GL_FILL; 2],
            polygon_offset: [0.0; 3],
            line_width: 1.0,
            point_size: 1.0,
            point: crate::points::PointParams::default(),
            line_stipple: (1, 0xffff),
            hints: HINT_TARGETS.iter().map(|&t| (t, GL_DONT_CARE)).collect(),
            polygon_stipple: [u32::MAX; 32],
        }
    }
}

fn compare_func(f: GLenum) -> ApiResult<GLenum> {
    if (GL_NEVER..=GL_ALWAYS).contains(&f) {
        Ok(f)
    } else {
        Err(ApiError::InvalidEnum)
    }
}

/// A blend factor; `dual`: the `GL_SRC1_*` factors of dual-source
/// blending (GL 3.3, ARB_blend_func_extended) are known.
fn blend_factor(f: GLenum, dual: bool) -> ApiResult<GLenum> {
    match f {
        GL_SRC1_COLOR | GL_ONE_MINUS_SRC1_COLOR | GL_SRC1_ALPHA | GL_ONE_MINUS_SRC1_ALPHA
            if dual =>
        {
            Ok(f)
        }
        GL_ZERO
        | GL_ONE
        | GL_SRC_COLOR
        | GL_ONE_MINUS_SRC_COLOR
        | GL_DST_COLOR
        | GL_ONE_MINUS_DST_COLOR
        | GL_SRC_ALPHA
        | GL_ONE_MINUS_SRC_ALPHA
        | GL_DST_ALPHA
        | GL_ONE_MINUS_DST_ALPHA
        | GL_CONSTANT_COLOR
        | GL_ONE_MINUS_CONSTANT_COLOR
        | GL_CONSTANT_ALPHA
        | GL_ONE_MINUS_CONSTANT_ALPHA
        | GL_SRC_ALPHA_SATURATE => Ok(f),
        _ => Err(ApiError::InvalidEnum),
    }
}

fn blend_equation(e: GLenum) -> ApiResult<GLenum> {
    match e {
        GL_FUNC_ADD | GL_FUNC_SUBTRACT | GL_FUNC_REVERSE_SUBTRACT | GL_MIN | GL_MAX => Ok(e),
        _ => Err(ApiError::InvalidEnum),
    }
}

/// A draw buffer index of an indexed blend command: INVALID_VALUE unless
/// below `GL_MAX_DRAW_BUFFERS`.
fn draw_buffer_slot(index: u32) -> ApiResult<usize> {
    usize::try_from(index)
        .ok()
        .filter(|&i| i < MAX_DRAW_BUFFERS)
        .ok_or(ApiError::InvalidValue)
}

fn stencil_op(op: GLenum) -> ApiResult<GLenum> {
    match op {
        GL_KEEP | GL_ZERO | GL_REPLACE | GL_INCR | GL_DECR | GL_INVERT | GL_INCR_WRAP
        | GL_DECR_WRAP => Ok(op),
        _ => Err(ApiError::InvalidEnum),
    }
}

impl Context {
    /// Dual-source blending (GL 3.3 / ARB_blend_func_extended; in ES,
    /// EXT_blend_func_extended): the `GL_SRC1_*` factors and
    /// `GL_MAX_DUAL_SOURCE_DRAW_BUFFERS`.
    pub(crate) fn has_dual_source_blending(&self) -> bool {
        let p = self.params();
        p.profile != Profile::Es
            || crate::extensions::for_context(p).contains(&c"GL_EXT_blend_func_extended")
    }

    /// `glDepthFunc`: INVALID_ENUM for a non-comparison.
    pub fn depth_func(&mut self, f: GLenum) -> ApiResult {
        self.raster.depth_func = compare_func(f)?;
        Ok(())
    }

    /// `glAlphaFunc`: the reference is clamped to [0, 1].
    pub fn alpha_func(&mut self, f: GLenum, reference: f32) -> ApiResult {
        self.raster.alpha_func = (compare_func(f)?, reference.clamp(0.0, 1.0));
        Ok(())
    }

    /// `glBlendFuncSeparate` (and `glBlendFunc` with the same factors
    /// twice): every draw buffer's.
    pub fn blend_func(
        &mut self,
        src_rgb: GLenum,
        dst_rgb: GLenum,
        src_a: GLenum,
        dst_a: GLenum,
    ) -> ApiResult {
        let f = self.blend_factors([src_rgb, dst_rgb, src_a, dst_a])?;
        self.raster.blend_factors = [f; MAX_DRAW_BUFFERS];
        Ok(())
    }

    /// `glBlendFuncSeparatei` (and `glBlendFunci`), ARB_draw_buffers_blend
    /// / GL 4.0 §17.3.6.2: draw buffer `index`'s factors. INVALID_VALUE for
    /// an index past `GL_MAX_DRAW_BUFFERS` (checked first, as Mesa), then
    /// INVALID_ENUM for a factor that is not one.
    pub fn blend_func_indexed(&mut self, index: u32, factors: [GLenum; 4]) -> ApiResult {
        let i = draw_buffer_slot(index)?;
        self.raster.blend_factors[i] = self.blend_factors(factors)?;
        Ok(())
    }

    fn blend_factors(&self, factors: [GLenum; 4]) -> ApiResult<[GLenum; 4]> {
        let dual = self.has_dual_source_blending();
        let mut f = [0; 4];
        for (out, &v) in f.iter_mut().zip(&factors) {
            *out = blend_factor(v, dual)?;
        }
        Ok(f)
    }

    /// `glBlendEquationSeparate` (and `glBlendEquation`): every draw
    /// buffer's.
    pub fn blend_equation(&mut self, rgb: GLenum, alpha: GLenum) -> ApiResult {
        let e = [blend_equation(rgb)?, blend_equation(alpha)?];
        self.raster.blend_equation = [e; MAX_DRAW_BUFFERS];
        Ok(())
    }

    /// `glBlendEquationSeparatei` (and `glBlendEquationi`): draw buffer
    /// `index`'s; errors as [`Context::blend_func_indexed`].
    pub fn blend_equation_indexed(&mut self, index: u32, rgb: GLenum, alpha: GLenum) -> ApiResult {
        let i = draw_buffer_slot(index)?;
        self.raster.blend_equation[i] = [blend_equation(rgb)?, blend_equation(alpha)?];
        Ok(())
    }

    /// ARB_sample_shading (GL 4.0): desktop contexts. Every fragment
    /// shader runs once per sample of a multisample target already, so
    /// any minimum fraction holds.
    pub(crate) fn has_sample_shading(&self) -> bool {
        self.params().profile != Profile::Es
    }

    /// `glMinSampleShading`: the value clamped to [0, 1] (GL 4.6 §14.3.1.1).
    pub fn min_sample_shading(&mut self, value: f32) -> ApiResult {
        self.outside_begin_end()?;
        self.state.min_sample_shading = if value.is_nan() {
            0.0
        } else {
            value.clamp(0.0, 1.0)
        };
        Ok(())
    }

    /// `glBlendColor` (values kept unclamped, as GL 3.0+ specifies).
    pub fn blend_color(&mut self, c: [f32; 4]) -> ApiResult {
        self.raster.blend_color = c;
        Ok(())
    }

    /// `glLogicOp`: INVALID_ENUM outside CLEAR..SET.
    pub fn logic_op(&mut self, op: GLenum) -> ApiResult {
        if !(GL_CLEAR..=GL_SET).contains(&op) {
            return Err(ApiError::InvalidEnum);
        }
        self.raster.logic_op = op;
        Ok(())
    }

    /// `glStencilFuncSeparate` (`glStencilFunc` = both faces).
    pub fn stencil_func(
        &mut self,
        face: GLenum,
        f: GLenum,
        reference: i32,
        mask: u32,
    ) -> ApiResult {
        let fs = faces(face)?;
        let f = compare_func(f)?;
        for &i in fs {
            let s = &mut self.raster.stencil[i];
            s.func = f;
            s.reference = reference;
            s.value_mask = mask;
        }
        Ok(())
    }

    /// `glStencilFuncSeparateATI` (ATI_separate_stencil): a function per
    /// face, one reference and mask for both; INVALID_ENUM for a
    /// non-comparison (nothing changes then).
    pub fn stencil_func_separate_ati(
        &mut self,
        front: GLenum,
        back: GLenum,
        reference: i32,
        mask: u32,
    ) -> ApiResult {
        let funcs = [compare_func(front)?, compare_func(back)?];
        for (s, f) in self.raster.stencil.iter_mut().zip(funcs) {
            s.func = f;
            s.reference = reference;
            s.value_mask = mask;
        }
        Ok(())
    }

    /// `glStencilOpSeparate` (`glStencilOp` = both faces).
    pub fn stencil_op(
        &mut self,
        face: GLenum,
        sfail: GLenum,
        dpfail: GLenum,
        dppass: GLenum,
    ) -> ApiResult {
        let fs = faces(face)?;
        let ops = [stencil_op(sfail)?, stencil_op(dpfail)?, stencil_op(dppass)?];
        for &i in fs {
            self.raster.stencil[i].ops = ops;
        }
        Ok(())
    }

    /// `glCullFace`.
    pub fn cull_face(&mut self, mode: GLenum) -> ApiResult {
        faces(mode)?;
        self.raster.cull_face = mode;
        Ok(())
    }

    /// `glFrontFace`.
    pub fn front_face(&mut self, mode: GLenum) -> ApiResult {
        if !matches!(mode, GL_CW | GL_CCW) {
            return Err(ApiError::InvalidEnum);
        }
        self.raster.front_face = mode;
        Ok(())
    }

    /// `glPolygonMode`: core contexts accept only FRONT_AND_BACK.
    pub fn polygon_mode(&mut self, face: GLenum, mode: GLenum) -> ApiResult {
        if self.params().profile == Profile::Core && face != GL_FRONT_AND_BACK {
            return Err(ApiError::InvalidEnum);
        }
        let fs = faces(face)?;
        if !matches!(mode, GL_POINT | GL_LINE | GL_FILL) {
            return Err(ApiError::InvalidEnum);
        }
        for &i in fs {
            self.raster.polygon_mode[i] = mode;
        }
        Ok(())
    }

    /// `glPolygonOffset`: GL 4.6 §14.6.5, `glPolygonOffsetClamp` with a
    /// clamp of 0.
    pub fn polygon_offset(&mut self, factor: f32, units: f32) -> ApiResult {
        self.raster.polygon_offset = [factor, units, 0.0];
        Ok(())
    }

    /// `glPolygonOffsetClamp` (GL 4.6, ARB/EXT_polygon_offset_clamp): the
    /// offset is clamped to `clamp` (above 0: at most; below 0: at least;
    /// 0 or NaN: not clamped).
    pub fn polygon_offset_clamp(&mut self, factor: f32, units: f32, clamp: f32) -> ApiResult {
        self.raster.polygon_offset = [factor, units, clamp];
        Ok(())
    }

    /// `glLineWidth`: INVALID_VALUE unless positive.
    pub fn line_width(&mut self, w: f32) -> ApiResult {
        if w.is_nan() || w <= 0.0 {
            return Err(ApiError::InvalidValue);
        }
        // GL 3.2 core §E.2.1: wide lines are deprecated, and a
        // forward-compatible context refuses them.
        if w > 1.0 && self.params().flags & GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT != 0 {
            return Err(ApiError::InvalidValue);
        }
        self.raster.line_width = w;
        Ok(())
    }

    /// `glPointSize`: INVALID_VALUE unless positive.
    pub fn point_size(&mut self, s: f32) -> ApiResult {
        if s.is_nan() || s <= 0.0 {
            return Err(ApiError::InvalidValue);
        }
        self.raster.point_size = s;
        Ok(())
    }

    /// `glLineStipple`: the factor is clamped to [1, 256].
    pub fn line_stipple(&mut self, factor: i32, pattern: u16) -> ApiResult {
        self.raster.line_stipple = (factor.clamp(1, 256), pattern);
        Ok(())
    }

    /// Bytes `glPolygonStipple`/`glGetPolygonStipple` touch in client memory
    /// for a 32×32 bitmap under `store`, and the byte stride of its rows
    /// (GL 4.6 compat §8.4.4.1 for `GL_BITMAP`: rows of `row_length` or 32
    /// bits, padded to the alignment; `skip_pixels` counts bits).
    pub fn stipple_layout(store: &crate::state::PixelStore) -> (usize, usize) {
        let width = if store.row_length > 0 {
            store.row_length as usize
        } else {
            32
        };
        let align = store.alignment.max(1) as usize;
        let stride = width.div_ceil(8).div_ceil(align) * align;
        let skip_rows = store.skip_rows.max(0) as usize;
        let skip_bits = store.skip_pixels.max(0) as usize;
        let len = (skip_rows + 31) * stride + (skip_bits + 32).div_ceil(8);
        (len, stride)
    }

    /// `glPolygonStipple` from the client bitmap `data`
    /// ([`Context::stipple_layout`] bytes, unpacked with the unpack state).
    pub fn polygon_stipple(&mut self, data: &[u8]) -> ApiResult {
        let store = self.state.unpack;
        let (len, stride) = Self::stipple_layout(&store);
        if data.len() < len {
            return Err(ApiError::InvalidOperation);
        }
        let skip_rows = store.skip_rows.max(0) as usize;
        let skip_bits = store.skip_pixels.max(0) as usize;
        let mut rows = [0u32; 32];
        for (r, row) in rows.iter_mut().enumerate() {
            let base = (skip_rows + r) * stride;
            for x in 0..32 {
                let bit = skip_bits + x;
                let byte = data[base + bit / 8];
                let on = if store.lsb_first {
                    byte >> (bit % 8) & 1
                } else {
                    byte >> (7 - bit % 8) & 1
                };
                *row |= u32::from(on) << (31 - x);
            }
        }
        self.raster.polygon_stipple = rows;
        Ok(())
    }

    /// `glGetPolygonStipple` into `out` ([`Context::stipple_layout`] bytes
    /// for the pack state); bytes between rows are left alone.
    pub fn get_polygon_stipple(&self, out: &mut [u8]) -> ApiResult {
        let store = self.state.pack;
        let (len, stride) = Self::stipple_layout(&store);
        if out.len() < len {
            return Err(ApiError::InvalidOperation);
        }
        let skip_rows = store.skip_rows.max(0) as usize;
        let skip_bits = store.skip_pixels.max(0) as usize;
        for (r, row) in self.raster.polygon_stipple.iter().enumerate() {
            let base = (skip_rows + r) * stride;
            for x in 0..32 {
                let bit = skip_bits + x;
                let shift = if store.lsb_first {
                    bit % 8
                } else {
                    7 - bit % 8
                };
                let b = &mut out[base + bit / 8];
                if row >> (31 - x) & 1 != 0 {
                    *b |= 1 << shift;
                } else {
                    *b &= !(1 << shift);
                }
            }
        }
        Ok(())
    }

    /// `glHint`: INVALID_ENUM for an unknown target or mode.
    pub fn hint(&mut self, target: GLenum, mode: GLenum) -> ApiResult {
        if !matches!(mode, GL_FASTEST | GL_NICEST | GL_DONT_CARE) {
            return Err(ApiError::InvalidEnum);
        }
        let slot = self
            .raster
            .hints
            .iter_mut()
            .find(|(t, _)| *t == target)
            .ok_or(ApiError::InvalidEnum)?;
        slot.1 = mode;
        Ok(())
    }

    /// The `glGet` values of this state, if `pname` names one.
    pub fn get_raster_state(&self, pname: GLenum) -> Option<Vec<f64>> {
        let r = &self.raster;
        let e = |v: GLenum| vec![f64::from(v)];
        Some(match pname {
            GL_DEPTH_FUNC => e(r.depth_func),
            GL_ALPHA_TEST_FUNC => e(r.alpha_func.0),
            GL_BLEND_SRC_RGB | GL_BLEND_SRC => e(r.blend_factors[0][0]),
            GL_BLEND_DST_RGB | GL_BLEND_DST => e(r.blend_factors[0][1]),
            GL_BLEND_SRC_ALPHA => e(r.blend_factors[0][2]),
            GL_BLEND_DST_ALPHA => e(r.blend_factors[0][3]),
            GL_BLEND_EQUATION_RGB => e(r.blend_equation[0][0]),
            GL_BLEND_EQUATION_ALPHA => e(r.blend_equation[0][1]),
            GL_LOGIC_OP_MODE => e(r.logic_op),
            GL_STENCIL_FUNC => e(r.stencil[0].func),
            GL_STENCIL_REF => vec![f64::from(r.stencil[0].reference)],
            // Masks are bit patterns: all ones reads as -1 through glGetIntegerv.
            GL_STENCIL_VALUE_MASK => vec![f64::from(r.stencil[0].value_mask as i32)],
            GL_STENCIL_FAIL => e(r.stencil[0].ops[0]),
            GL_STENCIL_PASS_DEPTH_FAIL => e(r.stencil[0].ops[1]),
            GL_STENCIL_PASS_DEPTH_PASS => e(r.stencil[0].ops[2]),
            GL_STENCIL_BACK_FUNC => e(r.stencil[1].func),
            GL_STENCIL_BACK_REF => vec![f64::from(r.stencil[1].reference)],
            GL_STENCIL_BACK_VALUE_MASK => vec![f64::from(r.stencil[1].value_mask as i32)],
            GL_STENCIL_BACK_FAIL => e(r.stencil[1].ops[0]),
            GL_STENCIL_BACK_PASS_DEPTH_FAIL => e(r.stencil[1].ops[1]),
            GL_STENCIL_BACK_PASS_DEPTH_PASS => e(r.stencil[1].ops[2]),
            GL_CULL_FACE_MODE => e(r.cull_face),
            GL_FRONT_FACE => e(r.front_face),
            GL_POLYGON_MODE => vec![f64::from(r.polygon_mode[0]), f64::from(r.polygon_mode[1])],
            GL_POLYGON_OFFSET_FACTOR => vec![f64::from(r.polygon_offset[0])],
            GL_POLYGON_OFFSET_UNITS => vec![f64::from(r.polygon_offset[1])],
            GL_POLYGON_OFFSET_CLAMP => vec![f64::from(r.polygon_offset[2])],
            GL_LINE_WIDTH => vec![f64::from(r.line_width)],
            GL_POINT_SIZE => vec![f64::from(r.point_size)],
            GL_LINE_STIPPLE_REPEAT => vec![f64::from(r.line_stipple.0)],
            GL_LINE_STIPPLE_PATTERN => vec![f64::from(r.line_stipple.1)],
            t if HINT_TARGETS.contains(&t) => e(r
                .hints
                .iter()
                .find(|(h, _)| *h == t)
                .map_or(GL_DONT_CARE, |h| h.1)),
            _ => return None,
        })
    }
}
