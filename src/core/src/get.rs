//! The `glGet*` family: one table from `pname` to a typed value, and the
//! conversions of GL 4.6 §2.2.2 between the query's type and the state's.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, MAX_VIEWPORT_DIM, Profile};
use crate::debug;
use crate::error::{ApiError, ApiResult};
use crate::state::{COMPAT_CAPS, State};
use crate::vbo::Attrib;

/// `GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS` (the range `glActiveTexture` accepts).
/// 16 a stage for the five stages, GL 4.0's minimum (Table 23.57).
pub const MAX_COMBINED_TEXTURE_IMAGE_UNITS: usize = 80;

/// How a state value is stored, which decides the conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Integer or enum state.
    Int,
    /// Boolean state.
    Bool,
    /// Floating-point state.
    Float,
    /// Floating-point colour or depth state in [0, 1] or [-1, 1]; integer
    /// queries scale it (GL 4.6 §2.2.2, equation 2.2).
    Normalized,
}

/// A query result: up to 4 values of one kind. Kept small so that a query
/// moves no memory blocks around (it is on the `glGet*` hot path); matrix
/// queries use [`MatrixValues`].
#[derive(Clone, Copy, Debug)]
pub struct Values {
    /// Storage kind.
    pub kind: Kind,
    /// Number of values.
    pub len: usize,
    /// The values.
    pub data: [f64; 4],
}

/// A matrix query's 16 values (column-major, as stored).
#[derive(Clone, Copy, Debug)]
pub struct MatrixValues(pub [f32; 16]);

/// The specific compressed formats `GL_COMPRESSED_TEXTURE_FORMATS` lists:
/// the general-purpose ones (ARB_texture_compression_rgtc keeps its
/// formats out of the list, as Mesa and piglit expect).
const COMPRESSED_TEXTURE_FORMATS: [GLenum; 7] = [
    // S3TC as Mesa lists it (without the ambiguous RGBA DXT1).
    GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
    GL_COMPRESSED_RGBA_S3TC_DXT3_EXT,
    GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
    GL_COMPRESSED_RGBA_BPTC_UNORM,
    GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM,
    GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT,
    GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT,
];

/// The ETC2/EAC formats Mesa adds to the list where ARB_ES3_compatibility
/// is advertised or the context is OpenGL ES 3.0 (the sRGB ones,
/// [`ES3_SRGB_ETC2_FORMATS`], in ES 3.0 only).
const ETC2_FORMATS: [GLenum; 7] = [
    GL_COMPRESSED_RGB8_ETC2,
    GL_COMPRESSED_RGBA8_ETC2_EAC,
    GL_COMPRESSED_R11_EAC,
    GL_COMPRESSED_RG11_EAC,
    GL_COMPRESSED_SIGNED_R11_EAC,
    GL_COMPRESSED_SIGNED_RG11_EAC,
    GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
];

/// The sRGB ETC2 formats an OpenGL ES 3.0 context lists.
const ES3_SRGB_ETC2_FORMATS: [GLenum; 3] = [
    GL_COMPRESSED_SRGB8_ETC2,
    GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
    GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
];

/// A query of a list whose length is another query's value (integers).
#[derive(Clone, Debug)]
pub struct ListValues(pub Vec<i64>);

impl ListValues {
    /// As `glGetIntegerv` / `glGetInteger64v` return them.
    pub fn as_i64(&self) -> impl Iterator<Item = i64> + '_ {
        self.0.iter().copied()
    }

    /// As `glGetFloatv` / `glGetDoublev` return them.
    pub fn as_f64(&self) -> impl Iterator<Item = f64> + '_ {
        self.0.iter().map(|&v| v as f64)
    }

    /// As `glGetBooleanv` returns them.
    pub fn as_bool(&self) -> impl Iterator<Item = bool> + '_ {
        self.0.iter().map(|&v| v != 0)
    }
}

impl MatrixValues {
    /// As `glGetIntegerv` returns them (rounded).
    pub fn as_i64(&self) -> impl Iterator<Item = i64> + '_ {
        self.0.iter().map(|&v| f64::from(v).round() as i64)
    }

    /// As `glGetFloatv` / `glGetDoublev` return them.
    pub fn as_f64(&self) -> impl Iterator<Item = f64> + '_ {
        self.0.iter().map(|&v| f64::from(v))
    }

    /// As `glGetBooleanv` returns them.
    pub fn as_bool(&self) -> impl Iterator<Item = bool> + '_ {
        self.0.iter().map(|&v| v != 0.0)
    }
}

impl Values {
    #[inline]
    fn new(kind: Kind, values: &[f64]) -> Self {
        let mut data = [0.0; 4];
        let len = values.len().min(4);
        data[..len].copy_from_slice(&values[..len]);
        Values { kind, len, data }
    }

    #[inline]
    fn value(&self, i: usize) -> f64 {
        self.data[i]
    }

    /// As `glGetIntegerv` / `glGetInteger64v` returns them.
    pub fn as_i64(&self) -> impl Iterator<Item = i64> + '_ {
        (0..self.len)
            .map(|i| self.value(i))
            .map(move |v| match self.kind {
                Kind::Normalized => {
                    // ((2^32 - 1) c - 1) / 2, clamped to the int32 range.
                    (((4294967295.0 * v) - 1.0) / 2.0)
                        .round()
                        .clamp(i32::MIN as f64, i32::MAX as f64) as i64
                }
                Kind::Float => v.round() as i64,
                _ => v as i64,
            })
    }

    /// As `glGetFloatv` / `glGetDoublev` return them.
    pub fn as_f64(&self) -> impl Iterator<Item = f64> + '_ {
        (0..self.len).map(|i| self.value(i))
    }

    /// As `glGetBooleanv` returns them.
    pub fn as_bool(&self) -> impl Iterator<Item = bool> + '_ {
        (0..self.len).map(|i| self.value(i) != 0.0)
    }
}

#[inline]
fn ints(values: &[i64]) -> Values {
    let mut data = [0.0; 4];
    for (d, &v) in data.iter_mut().zip(values) {
        *d = v as f64;
    }
    Values {
        kind: Kind::Int,
        len: values.len().min(4),
        data,
    }
}

fn int(v: i64) -> Values {
    ints(&[v])
}

fn boolean(v: bool) -> Values {
    Values::new(Kind::Bool, &[if v { 1.0 } else { 0.0 }])
}

fn floats(values: &[f64]) -> Values {
    Values::new(Kind::Float, values)
}

impl Context {
    /// The list queries (`GL_COMPRESSED_TEXTURE_FORMATS`), `None` for
    /// every other `pname`.
    pub fn get_list(&self, pname: GLenum) -> Option<ListValues> {
        let p = self.params();
        let gl13 = p.is_es1() || p.version >= (1, 3);
        (pname == GL_COMPRESSED_TEXTURE_FORMATS && gl13).then(|| {
            ListValues(
                self.compressed_texture_formats()
                    .into_iter()
                    .map(i64::from)
                    .collect(),
            )
        })
    }

    /// What `GL_COMPRESSED_TEXTURE_FORMATS` lists, in the order of Mesa's
    /// `_mesa_get_compressed_formats`: [`COMPRESSED_TEXTURE_FORMATS`]; in
    /// OpenGL ES, `GL_ETC1_RGB8_OES` after S3TC where
    /// OES_compressed_ETC1_RGB8_texture is advertised (the OES spec's
    /// "New State"); [`ETC2_FORMATS`] in ES 3.0 or where
    /// ARB_ES3_compatibility is advertised; [`ES3_SRGB_ETC2_FORMATS`] in ES
    /// 3.0.
    fn compressed_texture_formats(&self) -> Vec<GLenum> {
        let p = self.params();
        let es = p.profile == Profile::Es;
        let es3 = es && p.version >= (3, 0);
        let names = crate::extensions::for_context(p);
        let mut list = COMPRESSED_TEXTURE_FORMATS.to_vec();
        if es && names.contains(&c"GL_OES_compressed_ETC1_RGB8_texture") {
            list.insert(3, GL_ETC1_RGB8_OES);
        }
        if p.is_es1() {
            // OES_compressed_paletted_texture's, after Mesa's others.
            list.extend(crate::texture::paletted::FORMATS);
        }
        if es3 || names.contains(&c"GL_ARB_ES3_compatibility") {
            list.extend(ETC2_FORMATS);
        }
        if es3 {
            list.extend(ES3_SRGB_ETC2_FORMATS);
        }
        list
    }

    /// Looks up a `glGet*` parameter. GL 4.6 §22.1: INVALID_ENUM when `pname`
    /// is not a state variable of this context's version and profile.
    #[inline]
    pub fn get(&self, pname: GLenum) -> ApiResult<Values> {
        let p = *self.params();
        // ES 1.1 has the state of GL 1.5's, less what it left out.
        if p.is_es1() && !crate::compat::es1_state::has(pname) {
            return Err(ApiError::InvalidEnum.bad_enum(pname));
        }
        let v = if p.is_es1() { (1, 5) } else { p.version };
        // The fixed-function state: compatibility contexts and ES 1.
        let compat = p.has_fixed_function();
        let s = &self.state;
        let store = |pack: bool| if pack { &s.pack } else { &s.unpack };
        let cur = |a: Attrib| self.ff.current.values[a.index()].map(f64::from);
        Ok(match pname {
            // Framebuffer-independent state.
            GL_VIEWPORT => floats(&s.viewports[0].map(f64::from)),
            GL_SCISSOR_BOX => ints(&s.scissors[0].map(i64::from)),
            GL_COLOR_CLEAR_VALUE => Values::new(Kind::Normalized, &s.clear_color.map(f64::from)),
            GL_DEPTH_CLEAR_VALUE => Values::new(Kind::Normalized, &[s.clear_depth]),
            GL_STENCIL_CLEAR_VALUE => int(i64::from(s.clear_stencil)),
            GL_ACCUM_CLEAR_VALUE if compat => {
                Values::new(Kind::Normalized, &s.clear_accum.map(f64::from))
            }
            GL_INDEX_CLEAR_VALUE if compat => floats(&[f64::from(s.clear_index)]),
            GL_INDEX_WRITEMASK if compat => int(i64::from(s.index_mask)),
            GL_ATTRIB_STACK_DEPTH if compat => int(self.attrib.depth() as i64),
            GL_CLIENT_ATTRIB_STACK_DEPTH if compat => int(self.attrib.client_depth() as i64),
            GL_DEPTH_RANGE => Values::new(Kind::Normalized, &s.depth_ranges[0].map(f64::from)),
            GL_COLOR_WRITEMASK => {
                Values::new(Kind::Bool, &s.color_mask.map(|b| f64::from(u8::from(b))))
            }
            GL_DEPTH_WRITEMASK => boolean(s.depth_mask),
            GL_STENCIL_WRITEMASK => int(i64::from(s.stencil_writemask[0] as i32)),
            GL_STENCIL_BACK_WRITEMASK => int(i64::from(s.stencil_writemask[1] as i32)),
            GL_DRAW_BUFFER | GL_DRAW_BUFFER0 => int(i64::from(s.draw_buffer)),
            // GL 2.1 table 6.21: DRAW_BUFFERi exists for i below
            // MAX_DRAW_BUFFERS; past it the name is no state variable
            // (INVALID_ENUM, as Mesa past its own maximum).
            GL_DRAW_BUFFER1..=GL_DRAW_BUFFER15
                if ((pname - GL_DRAW_BUFFER0) as usize) < crate::context::MAX_DRAW_BUFFERS =>
            {
                int(i64::from(
                    s.draw_buffers_extra[(pname - GL_DRAW_BUFFER1) as usize],
                ))
            }
            GL_MAX_DRAW_BUFFERS => int(crate::context::MAX_DRAW_BUFFERS as i64),
            GL_MAX_DUAL_SOURCE_DRAW_BUFFERS if self.has_dual_source_blending() => {
                int(i64::from(oxgl_glsl::link::MAX_DUAL_SOURCE_DRAW_BUFFERS))
            }
            GL_READ_BUFFER => int(i64::from(s.read_buffer)),
            // Pixel store.
            GL_PACK_SWAP_BYTES | GL_UNPACK_SWAP_BYTES => {
                boolean(store(pname == GL_PACK_SWAP_BYTES).swap_bytes)
            }
            GL_PACK_LSB_FIRST | GL_UNPACK_LSB_FIRST => {
                boolean(store(pname == GL_PACK_LSB_FIRST).lsb_first)
            }
            GL_PACK_ROW_LENGTH | GL_UNPACK_ROW_LENGTH => {
                int(store(pname == GL_PACK_ROW_LENGTH).row_length.into())
            }
            GL_PACK_SKIP_ROWS | GL_UNPACK_SKIP_ROWS => {
                int(store(pname == GL_PACK_SKIP_ROWS).skip_rows.into())
            }
            GL_PACK_SKIP_PIXELS | GL_UNPACK_SKIP_PIXELS => {
                int(store(pname == GL_PACK_SKIP_PIXELS).skip_pixels.into())
            }
            GL_PACK_ALIGNMENT | GL_UNPACK_ALIGNMENT => {
                int(store(pname == GL_PACK_ALIGNMENT).alignment.into())
            }
            GL_PACK_IMAGE_HEIGHT | GL_UNPACK_IMAGE_HEIGHT if v >= (1, 2) => {
                int(store(pname == GL_PACK_IMAGE_HEIGHT).image_height.into())
            }
            GL_PACK_SKIP_IMAGES | GL_UNPACK_SKIP_IMAGES if v >= (1, 2) => {
                int(store(pname == GL_PACK_SKIP_IMAGES).skip_images.into())
            }
            // ARB_compressed_texture_pixel_storage.
            GL_PACK_COMPRESSED_BLOCK_WIDTH..=GL_PACK_COMPRESSED_BLOCK_SIZE if !p.is_es() => {
                int(self.state.pack.compressed_block
                    [(pname - GL_PACK_COMPRESSED_BLOCK_WIDTH) as usize]
                    .into())
            }
            GL_UNPACK_COMPRESSED_BLOCK_WIDTH..=GL_UNPACK_COMPRESSED_BLOCK_SIZE if !p.is_es() => {
                int(self.state.unpack.compressed_block
                    [(pname - GL_UNPACK_COMPRESSED_BLOCK_WIDTH) as usize]
                    .into())
            }
            // Default framebuffer format.
            GL_DOUBLEBUFFER => boolean(self.fb_double_buffered()),
            GL_STEREO => boolean(false),
            GL_RED_BITS if compat => int(self.fb_bits()[0].into()),
            GL_GREEN_BITS if compat => int(self.fb_bits()[1].into()),
            GL_BLUE_BITS if compat => int(self.fb_bits()[2].into()),
            GL_ALPHA_BITS if compat => int(self.fb_bits()[3].into()),
            GL_DEPTH_BITS if compat => int(self.fb_bits()[4].into()),
            GL_STENCIL_BITS if compat => int(self.fb_bits()[5].into()),
            GL_ACCUM_RED_BITS if compat => int(p.accum_bits[0].into()),
            GL_ACCUM_GREEN_BITS if compat => int(p.accum_bits[1].into()),
            GL_ACCUM_BLUE_BITS if compat => int(p.accum_bits[2].into()),
            GL_ACCUM_ALPHA_BITS if compat => int(p.accum_bits[3].into()),
            GL_INDEX_BITS | GL_AUX_BUFFERS if compat => int(0),
            GL_RGBA_MODE if compat => boolean(true),
            GL_INDEX_MODE if compat => boolean(false),
            // The window's visuals are single-sampled; a framebuffer
            // object's multisample renderbuffers are not.
            GL_SAMPLE_BUFFERS if v >= (1, 3) => {
                int((self.fb_samples(self.fbo.draw_binding) > 0).into())
            }
            GL_SAMPLES if v >= (1, 3) => int(self.fb_samples(self.fbo.draw_binding).into()),
            GL_SAMPLE_COVERAGE_VALUE if v >= (1, 3) => floats(&[f64::from(s.sample_coverage.0)]),
            GL_SAMPLE_COVERAGE_INVERT if v >= (1, 3) => boolean(s.sample_coverage.1),
            // The general-purpose specific compressed formats (S3TC,
            // BPTC; ETC2 with ES 3.0 compatibility); the list is
            // `get_list`'s.
            GL_NUM_COMPRESSED_TEXTURE_FORMATS if v >= (1, 3) => {
                int(self.compressed_texture_formats().len() as i64)
            }
            // Implementation limits (the values llvmpipe reports).
            GL_MAX_VIEWPORT_DIMS => ints(&[MAX_VIEWPORT_DIM.into(), MAX_VIEWPORT_DIM.into()]),
            GL_MAX_TEXTURE_SIZE => int(16384),
            GL_SUBPIXEL_BITS => int(8),
            // ARB_viewport_array (GL 4.1; src/core/src/viewport.rs).
            GL_MAX_VIEWPORTS if self.has_viewport_array() => {
                int(crate::viewport::MAX_VIEWPORTS as i64)
            }
            GL_VIEWPORT_SUBPIXEL_BITS if self.has_viewport_array() => int(8),
            // ARB_shader_subroutine (GL 4.0; src/core/src/program/subroutine.rs).
            GL_MAX_SUBROUTINES if self.has_subroutines() => {
                int(crate::program::subroutine::MAX_SUBROUTINES.into())
            }
            GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS if self.has_subroutines() => {
                int(crate::program::subroutine::MAX_SUBROUTINE_UNIFORM_LOCATIONS.into())
            }
            GL_VIEWPORT_BOUNDS_RANGE if self.has_viewport_array() => {
                floats(&crate::viewport::VIEWPORT_BOUNDS.map(f64::from))
            }
            // A geometry shader's strip takes the layer and viewport of
            // its first vertex, which is no provoking-vertex convention.
            GL_LAYER_PROVOKING_VERTEX | GL_VIEWPORT_INDEX_PROVOKING_VERTEX
                if self.has_viewport_array() =>
            {
                int(GL_UNDEFINED_VERTEX.into())
            }
            GL_MAX_LIGHTS if compat => int(8),
            GL_MAX_TEXTURE_UNITS if compat && v >= (1, 3) => {
                int(crate::compat::texenv::MAX_FF_UNITS as i64)
            }
            GL_MAX_CLIP_PLANES => int(8),
            GL_MAX_MODELVIEW_STACK_DEPTH | GL_MAX_PROJECTION_STACK_DEPTH if compat => int(32),
            GL_MAX_TEXTURE_STACK_DEPTH if compat => int(10),
            GL_MAX_ATTRIB_STACK_DEPTH | GL_MAX_CLIENT_ATTRIB_STACK_DEPTH if compat => int(16),
            GL_MAX_NAME_STACK_DEPTH if compat => {
                int(crate::compat::select::MAX_NAME_STACK_DEPTH as i64)
            }
            GL_RENDER_MODE if compat => int(self.select.mode.into()),
            GL_NAME_STACK_DEPTH if compat => int(self.select.name_stack_depth() as i64),
            GL_SELECTION_BUFFER_SIZE if compat => int(self.select.selection_buffer_size() as i64),
            GL_FEEDBACK_BUFFER_SIZE if compat => int(self.select.feedback_buffer_size() as i64),
            GL_FEEDBACK_BUFFER_TYPE if compat => int(self.select.feedback_buffer_type().into()),
            GL_MAX_LIST_NESTING if compat => int(64),
            GL_MAX_EVAL_ORDER if compat => int(30),
            GL_MAX_PIXEL_MAP_TABLE if compat => int(256),
            GL_POINT_SIZE_RANGE => floats(&[1.0, 255.0]),
            GL_POINT_SIZE_GRANULARITY => floats(&[0.125]),
            GL_LINE_WIDTH_RANGE => floats(&[1.0, 255.0]),
            GL_LINE_WIDTH_GRANULARITY => floats(&[0.125]),
            GL_ALIASED_POINT_SIZE_RANGE | GL_ALIASED_LINE_WIDTH_RANGE if v >= (1, 2) => {
                floats(&[1.0, 255.0])
            }
            GL_MAX_ELEMENTS_VERTICES | GL_MAX_ELEMENTS_INDICES if v >= (1, 2) => int(3000),
            GL_MAX_3D_TEXTURE_SIZE if v >= (1, 2) => int(2048),
            GL_MAX_CUBE_MAP_TEXTURE_SIZE if v >= (1, 3) => int(16384),
            GL_MAX_RECTANGLE_TEXTURE_SIZE => int(16384),
            GL_MAX_TEXTURE_LOD_BIAS if v >= (1, 4) => floats(&[16.0]),
            // EXT_framebuffer_object.
            GL_FRAMEBUFFER_BINDING => int(self.fbo.draw_binding.into()),
            GL_READ_FRAMEBUFFER_BINDING => int(self.fbo.read_binding.into()),
            GL_RENDERBUFFER_BINDING => int(self.fbo.rb_binding.into()),
            GL_MAX_RENDERBUFFER_SIZE => int(crate::framebuffer::MAX_RENDERBUFFER_SIZE.into()),
            GL_MAX_COLOR_ATTACHMENTS => int(crate::framebuffer::MAX_COLOR_ATTACHMENTS.into()),
            GL_MAX_SAMPLES => int(crate::framebuffer::MAX_SAMPLES.into()),
            // EXT_texture_integer: whether draw buffer 0 is integer;
            // EXT_packed_float: no buffer has signed components.
            // Any integer colour buffer among the draw buffers (Mesa's
            // _IntegerBuffers).
            GL_RGBA_INTEGER_MODE_EXT => boolean(self.draw_has_integer_buffer()),
            // ARB_color_buffer_float.
            GL_CLAMP_VERTEX_COLOR | GL_CLAMP_FRAGMENT_COLOR if compat => {
                int(self.state.clamp_color[(pname - GL_CLAMP_VERTEX_COLOR) as usize].into())
            }
            GL_CLAMP_READ_COLOR => int(self.state.clamp_color[2].into()),
            GL_RGBA_FLOAT_MODE_ARB if compat => boolean(self.draw_has_float_buffer()),
            GL_RGBA_SIGNED_COMPONENTS_EXT => ints(&[0; 4]),
            // EXT_gpu_shader4: texel offsets (GL 3.0's minimums).
            GL_MIN_PROGRAM_TEXEL_OFFSET => int(-8),
            GL_MAX_PROGRAM_TEXEL_OFFSET => int(7),
            // ARB_texture_gather: any component (through the swizzle),
            // offsets as the texel offsets (GL 4.0's minimums).
            GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB => int(4),
            GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET => int(-8),
            GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET => int(7),
            // GLSL limits (GL 2.0).
            GL_CURRENT_PROGRAM => int(self.programs.current.into()),
            GL_PROGRAM_PIPELINE_BINDING if self.has_separate_shader_objects() => {
                int(self.programs.pipeline.into())
            }
            GL_MAX_VERTEX_ATTRIBS => int(crate::program::MAX_VERTEX_ATTRIBS.into()),
            // ARB_explicit_uniform_location (GL 4.3, ES 3.1).
            GL_MAX_UNIFORM_LOCATIONS
                if !self.params().is_es() || self.params().version >= (3, 1) =>
            {
                int(oxgl_glsl::link::MAX_UNIFORM_LOCATIONS.into())
            }
            GL_MAX_VERTEX_UNIFORM_COMPONENTS | GL_MAX_FRAGMENT_UNIFORM_COMPONENTS => {
                int(crate::program::MAX_UNIFORM_COMPONENTS.into())
            }
            GL_MAX_VARYING_FLOATS => {
                // Minus the compatibility varyings' thirteen locations
                // would be more honest for mixed programs; the linker
                // packs user varyings around the ones a program uses.
                int(i64::from(crate::program::MAX_VARYING_LOCATIONS) * 4)
            }
            // ARB_ES2_compatibility (GL 4.1).
            GL_MAX_VERTEX_UNIFORM_VECTORS | GL_MAX_FRAGMENT_UNIFORM_VECTORS => {
                int((crate::program::MAX_UNIFORM_COMPONENTS / 4).into())
            }
            GL_MAX_VARYING_VECTORS => int(crate::program::MAX_VARYING_LOCATIONS.into()),
            GL_SHADER_COMPILER => boolean(true),
            GL_NUM_SHADER_BINARY_FORMATS => int(0),
            GL_SHADER_BINARY_FORMATS => ints(&[]),
            // An unsigned value: 0xFFFFFFFF reads as -1 through
            // glGetIntegerv, as Mesa's.
            GL_MAX_SHADER_COMPILER_THREADS_KHR => int(i64::from(
                self.programs.compiler_threads.unwrap_or(u32::MAX) as i32,
            )),
            // ARB_framebuffer_no_attachments (desktop).
            GL_MAX_FRAMEBUFFER_WIDTH | GL_MAX_FRAMEBUFFER_HEIGHT if !p.is_es() => {
                int(crate::framebuffer::MAX_FRAMEBUFFER_SIZE.into())
            }
            GL_MAX_FRAMEBUFFER_LAYERS if !p.is_es() => {
                int(crate::framebuffer::MAX_FRAMEBUFFER_LAYERS.into())
            }
            GL_MAX_FRAMEBUFFER_SAMPLES if !p.is_es() => int(crate::framebuffer::MAX_SAMPLES.into()),
            // ARB_get_program_binary (GL 4.1; ES 3.0): no formats.
            GL_NUM_PROGRAM_BINARY_FORMATS if p.desktop_or_es3() => int(1),
            GL_PROGRAM_BINARY_FORMATS if p.desktop_or_es3() => {
                ints(&[crate::program::binary::FORMAT.into()])
            }
            // ARB_ES3_compatibility (GL 4.3; ES 3.0): 32-bit indices whole.
            GL_MAX_ELEMENT_INDEX if p.desktop_or_es3() => int(u32::MAX.into()),
            GL_IMPLEMENTATION_COLOR_READ_FORMAT => int(GL_RGBA.into()),
            GL_IMPLEMENTATION_COLOR_READ_TYPE => int(GL_UNSIGNED_BYTE.into()),
            GL_MAX_TEXTURE_IMAGE_UNITS | GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS => {
                int(crate::program::MAX_STAGE_SAMPLERS.into())
            }
            GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS => int(MAX_COMBINED_TEXTURE_IMAGE_UNITS as i64),
            // Geometry shaders (GL 3.2 table 6.44). Varyings between stages
            // are the backend's 32 locations each way.
            GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS if self.has_geometry_shaders() => {
                int(crate::program::MAX_STAGE_SAMPLERS.into())
            }
            GL_MAX_GEOMETRY_UNIFORM_COMPONENTS if self.has_geometry_shaders() => {
                int(crate::program::MAX_UNIFORM_COMPONENTS.into())
            }
            GL_MAX_GEOMETRY_OUTPUT_VERTICES if self.has_geometry_shaders() => {
                int(crate::program::MAX_GEOMETRY_OUTPUT_VERTICES.into())
            }
            GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS if self.has_geometry_shaders() => int(1024),
            // ARB_gpu_shader5 (GL 4.0's minimums; Mesa's values).
            GL_MAX_GEOMETRY_SHADER_INVOCATIONS if self.has_geometry_shaders() => {
                int(oxgl_glsl::MAX_GEOMETRY_SHADER_INVOCATIONS)
            }
            GL_MIN_FRAGMENT_INTERPOLATION_OFFSET if self.has_geometry_shaders() => floats(&[-0.5]),
            GL_MAX_FRAGMENT_INTERPOLATION_OFFSET if self.has_geometry_shaders() => floats(&[0.5]),
            GL_FRAGMENT_INTERPOLATION_OFFSET_BITS if self.has_geometry_shaders() => int(4),
            GL_MAX_GEOMETRY_INPUT_COMPONENTS
            | GL_MAX_GEOMETRY_OUTPUT_COMPONENTS
            | GL_MAX_VERTEX_OUTPUT_COMPONENTS
            | GL_MAX_FRAGMENT_INPUT_COMPONENTS
                if self.has_geometry_shaders()
                    || (p.is_es3()
                        && matches!(
                            pname,
                            GL_MAX_VERTEX_OUTPUT_COMPONENTS | GL_MAX_FRAGMENT_INPUT_COMPONENTS
                        )) =>
            {
                int(i64::from(crate::program::MAX_VARYING_LOCATIONS) * 4)
            }
            GL_MAX_TEXTURE_COORDS if compat => int(crate::vbo::attrib::MAX_TEXTURE_COORDS as i64),
            // Context identity (GL 3.0 and later).
            GL_MAJOR_VERSION if v >= (3, 0) => int(v.0.into()),
            GL_MINOR_VERSION if v >= (3, 0) => int(v.1.into()),
            GL_NUM_EXTENSIONS if v >= (3, 0) => {
                int(crate::context::extension_names(&p).len() as i64)
            }
            // ES has the flags from 3.2.
            GL_CONTEXT_FLAGS if v >= (3, 0) && (!p.is_es() || v >= (3, 2)) => int(p.flags.into()),
            GL_CONTEXT_PROFILE_MASK if v >= (3, 2) => int(match p.profile {
                Profile::Core => i64::from(GL_CONTEXT_CORE_PROFILE_BIT),
                _ => i64::from(GL_CONTEXT_COMPATIBILITY_PROFILE_BIT),
            }),
            // Current attributes and fixed-function vertex state.
            GL_CURRENT_COLOR => Values::new(Kind::Normalized, &cur(Attrib::COLOR0)),
            GL_CURRENT_SECONDARY_COLOR if v >= (1, 4) => {
                Values::new(Kind::Normalized, &cur(Attrib::COLOR1))
            }
            GL_CURRENT_NORMAL => Values::new(Kind::Normalized, &cur(Attrib::NORMAL)[..3]),
            GL_CURRENT_TEXTURE_COORDS => floats(&cur(Attrib::tex(
                self.ff
                    .client_active_texture
                    .max(self.ff.active_texture)
                    .min(7),
            ))),
            GL_CURRENT_FOG_COORD if v >= (1, 4) => floats(&cur(Attrib::FOG)[..1]),
            GL_CURRENT_INDEX if compat => floats(&cur(Attrib::COLOR_INDEX)[..1]),
            GL_CURRENT_RASTER_POSITION if compat => floats(&self.raster_pos.window.map(f64::from)),
            GL_CURRENT_RASTER_POSITION_VALID if compat => boolean(self.raster_pos.valid),
            GL_CURRENT_RASTER_COLOR if compat => {
                Values::new(Kind::Normalized, &self.raster_pos.color.map(f64::from))
            }
            GL_CURRENT_RASTER_SECONDARY_COLOR if compat && v >= (1, 4) => {
                Values::new(Kind::Normalized, &self.raster_pos.secondary.map(f64::from))
            }
            // GL 2.0 §6.1.2: per-coordinate-set state of an active unit
            // past GL_MAX_TEXTURE_COORDS is INVALID_OPERATION.
            GL_CURRENT_RASTER_TEXTURE_COORDS | GL_TEXTURE_MATRIX | GL_TEXTURE_STACK_DEPTH
                if compat && self.ff.active_texture >= crate::vbo::attrib::MAX_TEXTURE_COORDS =>
            {
                return Err(ApiError::InvalidOperation);
            }
            GL_TRANSPOSE_TEXTURE_MATRIX
                if compat
                    && v >= (1, 3)
                    && self.ff.active_texture >= crate::vbo::attrib::MAX_TEXTURE_COORDS =>
            {
                return Err(ApiError::InvalidOperation);
            }
            GL_CURRENT_RASTER_TEXTURE_COORDS if compat => {
                floats(&self.raster_pos.tex[self.ff.active_texture.min(7)].map(f64::from))
            }
            GL_CURRENT_RASTER_DISTANCE if compat => floats(&[f64::from(self.raster_pos.distance)]),
            GL_CURRENT_RASTER_INDEX if compat => floats(&[f64::from(self.raster_pos.index)]),
            GL_ZOOM_X if compat => floats(&[f64::from(self.raster_pos.zoom[0])]),
            GL_ZOOM_Y if compat => floats(&[f64::from(self.raster_pos.zoom[1])]),
            GL_EDGE_FLAG if compat => boolean(cur(Attrib::EDGEFLAG)[0] != 0.0),
            GL_MATRIX_MODE if compat => int(self.ff.matrices.mode.into()),
            // ARB_vertex_program / ARB_fragment_program.
            GL_PROGRAM_ERROR_POSITION_ARB if compat => int(self.arb.error_position.into()),
            GL_MAX_PROGRAM_MATRICES_ARB if compat => {
                int(crate::program::arbprog::limits::MAX_PROGRAM_MATRICES.into())
            }
            GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB if compat => {
                int(crate::program::arbprog::limits::MAX_PROGRAM_MATRIX_STACK_DEPTH.into())
            }
            GL_CURRENT_MATRIX_ARB | GL_TRANSPOSE_CURRENT_MATRIX_ARB if compat => {
                let (mode, unit) = (self.ff.matrices.mode, self.ff.active_texture);
                let m = self
                    .ff
                    .matrices
                    .stack(mode, unit)
                    .map_or(crate::compat::matrix::Mat4::IDENTITY, |s| *s.top());
                let m = if pname == GL_TRANSPOSE_CURRENT_MATRIX_ARB {
                    m.transpose()
                } else {
                    m
                };
                floats(&m.0.map(f64::from))
            }
            GL_CURRENT_MATRIX_STACK_DEPTH_ARB if compat => {
                let (mode, unit) = (self.ff.matrices.mode, self.ff.active_texture);
                int(self
                    .ff
                    .matrices
                    .stack(mode, unit)
                    .map_or(1, |s| s.depth() as i64))
            }
            GL_MODELVIEW_STACK_DEPTH if compat => int(self.ff.matrices.modelview.depth() as i64),
            GL_PROJECTION_STACK_DEPTH if compat => int(self.ff.matrices.projection.depth() as i64),
            GL_TEXTURE_STACK_DEPTH if compat => int(self
                .ff
                .matrices
                .texture
                .get(self.ff.active_texture)
                .map_or(1, |s| s.depth())
                as i64),
            GL_SHADE_MODEL if compat => int(self.ff.shade_model.into()),
            GL_PROVOKING_VERTEX => int(self.ff.provoking_vertex.into()),
            // Quads and quad strips take their last vertex whatever the
            // convention (as llvmpipe).
            GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION => int(0),
            GL_ACTIVE_TEXTURE if v >= (1, 3) => {
                int(i64::from(GL_TEXTURE0) + self.ff.active_texture as i64)
            }
            GL_CLIENT_ACTIVE_TEXTURE if compat && v >= (1, 3) => {
                int(i64::from(GL_TEXTURE0) + self.ff.client_active_texture as i64)
            }
            // Debug output (GL 4.6 tables 23.84, 23.85).
            GL_DEBUG_OUTPUT => boolean(self.debug.output()),
            GL_DEBUG_OUTPUT_SYNCHRONOUS => boolean(self.debug.synchronous()),
            GL_DEBUG_LOGGED_MESSAGES => int(self.debug.logged_messages() as i64),
            GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH => {
                int(self.debug.next_logged_message_length() as i64)
            }
            GL_DEBUG_GROUP_STACK_DEPTH => int(self.debug.group_stack_depth() as i64),
            GL_MAX_DEBUG_MESSAGE_LENGTH => int(debug::MAX_DEBUG_MESSAGE_LENGTH as i64),
            GL_MAX_DEBUG_LOGGED_MESSAGES => int(debug::MAX_DEBUG_LOGGED_MESSAGES as i64),
            GL_MAX_DEBUG_GROUP_STACK_DEPTH => int(debug::MAX_DEBUG_GROUP_STACK_DEPTH as i64),
            GL_MAX_LABEL_LENGTH => int(debug::MAX_LABEL_LENGTH as i64),
            // ARB_timer_query: the GL clock (crate::query::timestamp_now).
            GL_TIMESTAMP if self.params().profile != crate::context::Profile::Es => {
                int(crate::query::timestamp_now() as i64)
            }
            // GL_ARB_sync (not in ES 2.0).
            GL_MAX_SERVER_WAIT_TIMEOUT if self.params().desktop_or_es3() => {
                int(crate::sync::MAX_SERVER_WAIT_TIMEOUT)
            }
            // Buffer bindings (the ELEMENT_ARRAY one moves into VAO state with VAOs).
            GL_ARRAY_BUFFER_BINDING => int(self.buffers.bound(GL_ARRAY_BUFFER).unwrap_or(0).into()),
            GL_ELEMENT_ARRAY_BUFFER_BINDING => int(self
                .buffers
                .bound(GL_ELEMENT_ARRAY_BUFFER)
                .unwrap_or(0)
                .into()),
            GL_COPY_READ_BUFFER => int(self.buffers.bound(GL_COPY_READ_BUFFER).unwrap_or(0).into()),
            // ARB_map_buffer_alignment (GL 4.2).
            GL_MIN_MAP_BUFFER_ALIGNMENT if !self.params().is_es() => {
                int(crate::buffer::MAP_ALIGNMENT as i64)
            }
            // ARB_draw_indirect.
            GL_DRAW_INDIRECT_BUFFER_BINDING
                if !self.params().is_es() && self.params().version >= (3, 1) =>
            {
                int(self
                    .buffers
                    .bound(GL_DRAW_INDIRECT_BUFFER)
                    .unwrap_or(0)
                    .into())
            }
            GL_COPY_WRITE_BUFFER => {
                int(self.buffers.bound(GL_COPY_WRITE_BUFFER).unwrap_or(0).into())
            }
            GL_PIXEL_PACK_BUFFER_BINDING => {
                int(self.buffers.bound(GL_PIXEL_PACK_BUFFER).unwrap_or(0).into())
            }
            GL_PIXEL_UNPACK_BUFFER_BINDING => int(self
                .buffers
                .bound(GL_PIXEL_UNPACK_BUFFER)
                .unwrap_or(0)
                .into()),
            // EXT_transform_feedback.
            p if self.get_xfb(p).is_some() => int(self.get_xfb(p).unwrap_or(0)),
            // ARB_uniform_buffer_object.
            p if self.get_ubo(p).is_some() => int(self.get_ubo(p).unwrap_or(0)),
            p if self.get_counter(p).is_some() => int(self.get_counter(p).unwrap_or(0)),
            p if self.get_storage(p).is_some() => int(self.get_storage(p).unwrap_or(0)),
            p if self.get_compute(p).is_some() => int(self.get_compute(p).unwrap_or(0)),
            p if self.get_vertex_binding_limit(p).is_some() => {
                int(self.get_vertex_binding_limit(p).unwrap_or(0))
            }
            p if self.get_image_limit(p).is_some() => int(self.get_image_limit(p).unwrap_or(0)),
            // ARB_tessellation_shader.
            p if self.get_tess(p).is_some() => int(self.get_tess(p).unwrap_or(0)),
            GL_PATCH_DEFAULT_OUTER_LEVEL if self.has_tessellation() => {
                floats(&self.programs.patch.outer.map(f64::from))
            }
            GL_PATCH_DEFAULT_INNER_LEVEL if self.has_tessellation() => {
                floats(&self.programs.patch.inner.map(f64::from))
            }
            GL_RASTERIZER_DISCARD if compat => boolean(self.state.enabled(GL_RASTERIZER_DISCARD)),
            // ARB_texture_buffer_object, ARB_texture_buffer_range.
            GL_TEXTURE_BUFFER => int(self.buffers.bound(GL_TEXTURE_BUFFER).unwrap_or(0).into()),
            GL_TEXTURE_BINDING_BUFFER => int(self.texture_binding(GL_TEXTURE_BUFFER).into()),
            GL_TEXTURE_BUFFER_DATA_STORE_BINDING => int(self.texture_buffer_data_store().0.into()),
            // ARB_texture_buffer_object's GetIntegerv query (GL 3.1 moved
            // it to GetTexLevelParameter's TEXTURE_INTERNAL_FORMAT).
            GL_TEXTURE_BUFFER_FORMAT_ARB => int(self.texture_buffer_data_store().1.into()),
            GL_MAX_TEXTURE_BUFFER_SIZE => {
                int(crate::texture::buffer::MAX_TEXTURE_BUFFER_SIZE as i64)
            }
            GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT => {
                int(crate::texture::buffer::TEXTURE_BUFFER_OFFSET_ALIGNMENT as i64)
            }
            // Vertex array state.
            p if self.get_array_state(p).is_some() => int(self.get_array_state(p).unwrap_or(0)),
            p if compat && self.client_state_enabled(p).is_some() => {
                boolean(self.client_state_enabled(p).unwrap_or(false))
            }
            GL_PRIMITIVE_RESTART if self.restart_core() => boolean(self.vertex_arrays.restart),
            GL_PRIMITIVE_RESTART_FIXED_INDEX if self.restart_fixed_exists() => {
                boolean(self.vertex_arrays.restart_fixed)
            }
            // Rasterization and per-fragment state (ALPHA_TEST_REF and
            // BLEND_COLOR are colours: normalized integer conversion).
            GL_ALPHA_TEST_REF if compat => {
                Values::new(Kind::Normalized, &[f64::from(self.raster.alpha_func.1)])
            }
            GL_BLEND_COLOR => {
                Values::new(Kind::Normalized, &self.raster.blend_color.map(f64::from))
            }
            p if compat && self.get_pixel_transfer(p).is_some() => {
                let v = self.get_pixel_transfer(p).unwrap_or_default();
                match p {
                    GL_MAP_COLOR | GL_MAP_STENCIL => boolean(v != 0.0),
                    GL_INDEX_SHIFT | GL_INDEX_OFFSET => int(v as i64),
                    GL_PIXEL_MAP_I_TO_I_SIZE..=GL_PIXEL_MAP_A_TO_A_SIZE => int(v as i64),
                    _ => floats(&[v]),
                }
            }
            GL_POINT_SPRITE_COORD_ORIGIN => int(i64::from(self.raster.point.sprite_origin)),
            p if (compat || p == GL_POINT_FADE_THRESHOLD_SIZE)
                && self.get_point_parameter(p).is_some() =>
            {
                floats(&self.get_point_parameter(p).unwrap_or_default())
            }
            p if self.get_raster_state(p).is_some() => {
                let vals = self.get_raster_state(p).unwrap_or_default();
                let kind = if matches!(
                    p,
                    GL_POLYGON_OFFSET_FACTOR
                        | GL_POLYGON_OFFSET_UNITS
                        | GL_LINE_WIDTH
                        | GL_POINT_SIZE
                ) {
                    Kind::Float
                } else {
                    Kind::Int
                };
                Values::new(kind, &vals)
            }
            // Texture bindings of the active unit.
            GL_TEXTURE_BINDING_1D => int(self.texture_binding(GL_TEXTURE_1D).into()),
            GL_TEXTURE_BINDING_2D => int(self.texture_binding(GL_TEXTURE_2D).into()),
            GL_SAMPLER_BINDING => int(self.sampler_binding().into()),
            GL_TEXTURE_BINDING_3D if v >= (1, 2) => int(self.texture_binding(GL_TEXTURE_3D).into()),
            GL_TEXTURE_BINDING_CUBE_MAP if v >= (1, 3) => {
                int(self.texture_binding(GL_TEXTURE_CUBE_MAP).into())
            }
            GL_TEXTURE_BINDING_RECTANGLE if v >= (3, 1) => {
                int(self.texture_binding(GL_TEXTURE_RECTANGLE).into())
            }
            // EXT_texture_array.
            GL_TEXTURE_BINDING_1D_ARRAY => int(self.texture_binding(GL_TEXTURE_1D_ARRAY).into()),
            GL_TEXTURE_BINDING_2D_ARRAY => int(self.texture_binding(GL_TEXTURE_2D_ARRAY).into()),
            GL_TEXTURE_BINDING_CUBE_MAP_ARRAY => {
                int(self.texture_binding(GL_TEXTURE_CUBE_MAP_ARRAY).into())
            }
            // ARB_texture_multisample (GL 3.2).
            GL_TEXTURE_BINDING_2D_MULTISAMPLE if self.has_texture_multisample() => {
                int(self.texture_binding(GL_TEXTURE_2D_MULTISAMPLE).into())
            }
            GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY if self.has_texture_multisample() => {
                int(self.texture_binding(GL_TEXTURE_2D_MULTISAMPLE_ARRAY).into())
            }
            GL_MAX_COLOR_TEXTURE_SAMPLES
            | GL_MAX_DEPTH_TEXTURE_SAMPLES
            | GL_MAX_INTEGER_SAMPLES
                if self.has_texture_multisample() =>
            {
                int(crate::framebuffer::MAX_SAMPLES.into())
            }
            GL_MAX_SAMPLE_MASK_WORDS if self.has_texture_multisample() => {
                int(crate::texture::ms::MAX_SAMPLE_MASK_WORDS.into())
            }
            GL_MAX_ARRAY_TEXTURE_LAYERS => int(crate::texture::MAX_ARRAY_TEXTURE_LAYERS as i64),
            // Lighting.
            GL_LIGHT_MODEL_AMBIENT if compat => Values::new(
                Kind::Normalized,
                &self.lighting.model_ambient.map(f64::from),
            ),
            GL_LIGHT_MODEL_LOCAL_VIEWER if compat => boolean(self.lighting.local_viewer),
            GL_LIGHT_MODEL_TWO_SIDE if compat => boolean(self.lighting.two_side),
            GL_LIGHT_MODEL_COLOR_CONTROL if compat => int(self.lighting.color_control.into()),
            GL_COLOR_MATERIAL_FACE if compat => int(self.lighting.color_material_face.into()),
            GL_COLOR_MATERIAL_PARAMETER if compat => int(self.lighting.color_material_mode.into()),
            // Fog.
            GL_FOG_MODE if compat => int(self.fog.mode.into()),
            GL_FOG_DENSITY if compat => floats(&[self.fog.density.into()]),
            GL_FOG_START if compat => floats(&[self.fog.start.into()]),
            GL_FOG_END if compat => floats(&[self.fog.end.into()]),
            GL_FOG_INDEX if compat => floats(&[self.fog.index.into()]),
            GL_FOG_COLOR if compat => Values::new(Kind::Normalized, &self.fog.color.map(f64::from)),
            GL_FOG_COORD_SRC if compat => int(self.fog.coord_src.into()),
            // Display lists.
            GL_LIST_BASE if compat => int(self.lists.base.into()),
            GL_LIST_INDEX if compat => {
                int(self.lists.compiling.as_ref().map_or(0, |c| c.name).into())
            }
            GL_LIST_MODE if compat => int(self
                .lists
                .compiling
                .as_ref()
                .map_or(0, |c| {
                    if c.execute {
                        GL_COMPILE_AND_EXECUTE
                    } else {
                        GL_COMPILE
                    }
                })
                .into()),
            // Evaluator grids.
            GL_MAP1_GRID_DOMAIN
            | GL_MAP2_GRID_DOMAIN
            | GL_MAP1_GRID_SEGMENTS
            | GL_MAP2_GRID_SEGMENTS
                if compat =>
            {
                let (float, n, vals) = self.get_eval_state(pname).unwrap_or((false, 0, [0.0; 4]));
                Values::new(if float { Kind::Float } else { Kind::Int }, &vals[..n])
            }
            GL_SAMPLE_MASK if self.has_texture_multisample() => boolean(s.enabled(GL_SAMPLE_MASK)),
            // ARB_sample_shading (GL 4.0).
            GL_SAMPLE_SHADING if self.has_sample_shading() => boolean(s.enabled(GL_SAMPLE_SHADING)),
            GL_MIN_SAMPLE_SHADING_VALUE if self.has_sample_shading() => {
                floats(&[f64::from(s.min_sample_shading)])
            }
            // OES_texture_cube_map's S, T and R generation switch (ES 1).
            GL_TEXTURE_GEN_STR_OES if p.is_es1() => boolean(self.texgen_enabled(pname)?),
            // Every capability is also a boolean state variable.
            cap if compat && COMPAT_CAPS.iter().any(|&(c, _)| c == cap) => boolean(s.enabled(cap)),
            GL_SCISSOR_TEST => boolean(s.enabled(GL_SCISSOR_TEST)),
            _ => return Err(ApiError::InvalidEnum.bad_enum(pname)),
        })
    }

    /// `glGetPointerv`: a pointer-valued state variable, as an address.
    /// GL 4.6 §22.2: INVALID_ENUM for a `pname` that is none. Only the debug
    /// callback's exist yet (the vertex-array pointers come with vertex arrays).
    pub fn get_pointer(&self, pname: GLenum) -> ApiResult<usize> {
        self.outside_begin_end()?;
        if let Some(p) = self.get_array_pointer(pname) {
            return Ok(p);
        }
        match pname {
            GL_DEBUG_CALLBACK_FUNCTION => Ok(self.debug.callback().map_or(0, |f| f as usize)),
            GL_DEBUG_CALLBACK_USER_PARAM => Ok(self.debug.user_param()),
            GL_SELECTION_BUFFER_POINTER if self.params().profile == Profile::Compat => {
                Ok(self.select.selection_buffer_pointer())
            }
            GL_FEEDBACK_BUFFER_POINTER if self.params().profile == Profile::Compat => {
                Ok(self.select.feedback_buffer_pointer())
            }
            _ => Err(ApiError::InvalidEnum.bad_enum(pname)),
        }
    }
}

/// Whether `cap` is a capability this profile knows (for tests and glIsEnabled).
pub fn is_capability(cap: GLenum) -> bool {
    State::cap_index(cap).is_some()
}
