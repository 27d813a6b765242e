//! Plain GL state that the current milestone implements, with the initial
//! values of GL 4.6 compatibility profile §23 (state tables).

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::viewport::MAX_VIEWPORTS;

/// `glPixelStore` parameters for one direction (pack or unpack).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelStore {
    /// `GL_*_SWAP_BYTES`.
    pub swap_bytes: bool,
    /// `GL_*_LSB_FIRST`.
    pub lsb_first: bool,
    /// `GL_*_ROW_LENGTH`.
    pub row_length: i32,
    /// `GL_*_IMAGE_HEIGHT`.
    pub image_height: i32,
    /// `GL_*_SKIP_ROWS`.
    pub skip_rows: i32,
    /// `GL_*_SKIP_PIXELS`.
    pub skip_pixels: i32,
    /// `GL_*_SKIP_IMAGES`.
    pub skip_images: i32,
    /// `GL_*_ALIGNMENT`: 1, 2, 4 or 8.
    pub alignment: i32,
    /// `GL_*_COMPRESSED_BLOCK_WIDTH`, `_HEIGHT`, `_DEPTH` and `_SIZE`
    /// (ARB_compressed_texture_pixel_storage, GL 4.2): with a width and a
    /// size, the other parameters apply to compressed images too.
    pub compressed_block: [i32; 4],
}

impl PixelStore {
    /// Default storage without row padding (alignment 1): an image is
    /// exactly its pixels' bytes (copies and conversions inside the GL).
    pub fn unpadded() -> PixelStore {
        PixelStore {
            alignment: 1,
            ..PixelStore::default()
        }
    }

    /// The parameters an image of `dims` dimensions uses: `SKIP_IMAGES` and
    /// `IMAGE_HEIGHT` only apply to 3D images (GL 4.6 §8.4.4.1: "TexImage2D
    /// ... UNPACK_SKIP_IMAGES is ignored").
    pub fn for_dims(&self, dims: usize) -> PixelStore {
        if dims >= 3 {
            *self
        } else {
            PixelStore {
                skip_images: 0,
                image_height: 0,
                ..*self
            }
        }
    }
}

impl Default for PixelStore {
    fn default() -> Self {
        PixelStore {
            swap_bytes: false,
            lsb_first: false,
            row_length: 0,
            image_height: 0,
            skip_rows: 0,
            skip_pixels: 0,
            skip_images: 0,
            alignment: 4,
            compressed_block: [0; 4],
        }
    }
}

/// Capabilities `glEnable` accepts in a compatibility context, with their
/// initial values (GL 4.6 compatibility §23). The ones the rasterizer does not
/// use yet are still state: `glIsEnabled` answers truthfully.
pub const COMPAT_CAPS: &[(GLenum, bool)] = &[
    (GL_ALPHA_TEST, false),
    (GL_AUTO_NORMAL, false),
    (GL_BLEND, false),
    (GL_CLIP_PLANE0, false),
    (GL_CLIP_PLANE1, false),
    (GL_CLIP_PLANE2, false),
    (GL_CLIP_PLANE3, false),
    (GL_CLIP_PLANE4, false),
    (GL_CLIP_PLANE5, false),
    (GL_CLIP_PLANE0 + 6, false),
    (GL_CLIP_PLANE0 + 7, false),
    (GL_COLOR_LOGIC_OP, false),
    (GL_COLOR_MATERIAL, false),
    (GL_CULL_FACE, false),
    (GL_DEPTH_TEST, false),
    (GL_DEPTH_CLAMP, false),
    (GL_DITHER, true),
    (GL_FOG, false),
    (GL_INDEX_LOGIC_OP, false),
    (GL_LIGHT0, false),
    (GL_LIGHT1, false),
    (GL_LIGHT2, false),
    (GL_LIGHT3, false),
    (GL_LIGHT4, false),
    (GL_LIGHT5, false),
    (GL_LIGHT6, false),
    (GL_LIGHT7, false),
    (GL_LIGHTING, false),
    (GL_LINE_SMOOTH, false),
    (GL_LINE_STIPPLE, false),
    (GL_MAP1_COLOR_4, false),
    (GL_MAP1_INDEX, false),
    (GL_MAP1_NORMAL, false),
    (GL_MAP1_TEXTURE_COORD_1, false),
    (GL_MAP1_TEXTURE_COORD_2, false),
    (GL_MAP1_TEXTURE_COORD_3, false),
    (GL_MAP1_TEXTURE_COORD_4, false),
    (GL_MAP1_VERTEX_3, false),
    (GL_MAP1_VERTEX_4, false),
    (GL_MAP2_COLOR_4, false),
    (GL_MAP2_INDEX, false),
    (GL_MAP2_NORMAL, false),
    (GL_MAP2_TEXTURE_COORD_1, false),
    (GL_MAP2_TEXTURE_COORD_2, false),
    (GL_MAP2_TEXTURE_COORD_3, false),
    (GL_MAP2_TEXTURE_COORD_4, false),
    (GL_MAP2_VERTEX_3, false),
    (GL_MAP2_VERTEX_4, false),
    (GL_NORMALIZE, false),
    (GL_POINT_SMOOTH, false),
    (GL_POLYGON_OFFSET_FILL, false),
    (GL_POLYGON_OFFSET_LINE, false),
    (GL_POLYGON_OFFSET_POINT, false),
    (GL_RESCALE_NORMAL, false),
    (GL_COLOR_SUM, false),
    (GL_TEXTURE_3D, false),
    (GL_TEXTURE_CUBE_MAP, false),
    (GL_TEXTURE_RECTANGLE, false),
    (GL_VERTEX_PROGRAM_POINT_SIZE, false),
    (GL_VERTEX_PROGRAM_TWO_SIDE, false),
    // EXT_transform_feedback: primitives are discarded before
    // rasterization (also clears, GL 4.6 §14.1 as Mesa).
    (GL_RASTERIZER_DISCARD, false),
    // EXT/ARB_framebuffer_sRGB (GL 3.0).
    (GL_FRAMEBUFFER_SRGB, false),
    (GL_VERTEX_PROGRAM_ARB, false),
    (GL_FRAGMENT_PROGRAM_ARB, false),
    (GL_MULTISAMPLE, true),
    (GL_SAMPLE_ALPHA_TO_COVERAGE, false),
    (GL_SAMPLE_ALPHA_TO_ONE, false),
    (GL_SAMPLE_COVERAGE, false),
    // ARB_texture_multisample (GL 3.2).
    (GL_SAMPLE_MASK, false),
    // ARB_sample_shading (GL 4.0).
    (GL_SAMPLE_SHADING, false),
    // ARB_seamless_cube_map (GL 3.2).
    (GL_TEXTURE_CUBE_MAP_SEAMLESS, false),
    (GL_POINT_SPRITE, false),
    (GL_POLYGON_SMOOTH, false),
    (GL_POLYGON_STIPPLE, false),
    (GL_SCISSOR_TEST, false),
    (GL_STENCIL_TEST, false),
    (GL_TEXTURE_1D, false),
    (GL_TEXTURE_2D, false),
    (GL_TEXTURE_GEN_Q, false),
    (GL_TEXTURE_GEN_R, false),
    (GL_TEXTURE_GEN_S, false),
    (GL_TEXTURE_GEN_T, false),
];

/// The state this milestone keeps.
#[derive(Clone, Debug)]
pub struct State {
    /// `glClearColor`, unclamped as specified (clamped when used).
    pub clear_color: [f32; 4],
    /// `glClearColorIiEXT` / `glClearColorIuiEXT` (EXT_texture_integer):
    /// the clear value of integer colour buffers, as bits.
    pub clear_color_int: [u32; 4],
    /// `glClampColor` (ARB_color_buffer_float, GL 3.0): the vertex,
    /// fragment and read colour clamps, each `GL_TRUE`, `GL_FALSE` or
    /// `GL_FIXED_ONLY`.
    pub clamp_color: [GLenum; 3],
    /// `glClearDepth`, clamped to [0, 1].
    pub clear_depth: f64,
    /// `glClearStencil`.
    pub clear_stencil: i32,
    /// Each viewport's x, y, width and height (`glViewportIndexedf`,
    /// ARB_viewport_array; `glViewport` sets all of them).
    pub viewports: [[f32; 4]; MAX_VIEWPORTS],
    /// Each viewport's depth range (`glDepthRangeIndexed`; `glDepthRange`
    /// sets all of them), in [0, 1]. Kept as `f32`, as Mesa keeps it: the
    /// double queries read back what a float holds.
    pub depth_ranges: [[f32; 2]; MAX_VIEWPORTS],
    /// Each viewport's scissor rectangle: x, y, width, height
    /// (`glScissorIndexed`; `glScissor` sets all of them).
    pub scissors: [[i32; 4]; MAX_VIEWPORTS],
    /// `glEnablei(GL_SCISSOR_TEST, i)` of viewports 1 to 15, bit `i - 1`
    /// (viewport 0's is the `GL_SCISSOR_TEST` enable).
    pub scissor_extra: u16,
    /// `glColorMask`: draw buffer 0's (`glColorMaski(0)`).
    pub color_mask: [bool; 4],
    /// `glColorMaski` of draw buffers 1 to 7 (EXT_draw_buffers2).
    pub color_masks_extra: [[bool; 4]; 7],
    /// `glEnablei(GL_BLEND, i)` of draw buffers 1 to 7, bit `i - 1`
    /// (draw buffer 0's is the `GL_BLEND` enable).
    pub blend_extra: u8,
    /// `glDepthMask`.
    pub depth_mask: bool,
    /// `glStencilMask` front and back.
    pub stencil_writemask: [u32; 2],
    /// `glDrawBuffer` (`GL_DRAW_BUFFER0`).
    pub draw_buffer: GLenum,
    /// `GL_DRAW_BUFFER1` to `GL_DRAW_BUFFER7` (`glDrawBuffers`).
    pub draw_buffers_extra: [GLenum; 7],
    /// `glReadBuffer`.
    pub read_buffer: GLenum,
    /// Pack parameters (`glReadPixels`).
    pub pack: PixelStore,
    /// Unpack parameters.
    pub unpack: PixelStore,
    /// `glEnable` capabilities, indexed like [`COMPAT_CAPS`].
    pub enables: Vec<bool>,
    /// `glClearAccum`, clamped to [-1, 1].
    pub clear_accum: [f32; 4],
    /// `glClearIndex` (kept as state; there are no colour-index visuals).
    pub clear_index: f32,
    /// `glIndexMask`.
    pub index_mask: u32,
    /// `glPixelTransfer` and `glPixelMap` state.
    pub transfer: crate::pixel::map::PixelTransfer,
    /// `glSampleCoverage`: value, invert.
    pub sample_coverage: (f32, bool),
    /// `glSampleMaski`: `GL_SAMPLE_MASK_VALUE` (one word).
    pub sample_mask: u32,
    /// `glMinSampleShading`: `GL_MIN_SAMPLE_SHADING_VALUE`, in [0, 1].
    pub min_sample_shading: f32,
}

impl State {
    /// Initial state for a context whose default framebuffer is
    /// `double_buffered` (selects GL_BACK or GL_FRONT as draw/read buffer).
    pub fn new(double_buffered: bool) -> Self {
        let buffer = if double_buffered { GL_BACK } else { GL_FRONT };
        State {
            clear_color: [0.0; 4],
            clear_color_int: [0; 4],
            clamp_color: [GL_TRUE, GL_FIXED_ONLY, GL_FIXED_ONLY],
            clear_depth: 1.0,
            clear_stencil: 0,
            viewports: [[0.0; 4]; MAX_VIEWPORTS],
            depth_ranges: [[0.0, 1.0]; MAX_VIEWPORTS],
            scissors: [[0; 4]; MAX_VIEWPORTS],
            scissor_extra: 0,
            color_mask: [true; 4],
            color_masks_extra: [[true; 4]; 7],
            blend_extra: 0,
            depth_mask: true,
            stencil_writemask: [u32::MAX; 2],
            draw_buffer: buffer,
            draw_buffers_extra: [GL_NONE; 7],
            read_buffer: buffer,
            pack: PixelStore::default(),
            unpack: PixelStore::default(),
            enables: COMPAT_CAPS.iter().map(|&(_, on)| on).collect(),
            clear_accum: [0.0; 4],
            clear_index: 0.0,
            index_mask: u32::MAX,
            transfer: Default::default(),
            sample_coverage: (1.0, false),
            sample_mask: u32::MAX,
            min_sample_shading: 0.0,
        }
    }

    /// Index of a capability in [`COMPAT_CAPS`].
    pub fn cap_index(cap: GLenum) -> Option<usize> {
        COMPAT_CAPS.iter().position(|&(c, _)| c == cap)
    }

    /// Whether a capability is enabled (false for unknown ones).
    pub fn enabled(&self, cap: GLenum) -> bool {
        State::cap_index(cap).is_some_and(|i| self.enables[i])
    }
}

/// `glXCopyContext`: copies the attribute groups of `mask` (GL attribute bits)
/// that this milestone keeps from `src` to `dst`.
pub fn copy_groups(src: &State, dst: &mut State, mask: u32) {
    let has = |bit: u32| mask & bit != 0;
    if has(GL_COLOR_BUFFER_BIT) {
        dst.clear_color = src.clear_color;
        dst.color_mask = src.color_mask;
        dst.color_masks_extra = src.color_masks_extra;
        dst.draw_buffer = src.draw_buffer;
        dst.draw_buffers_extra = src.draw_buffers_extra;
    }
    if has(GL_DEPTH_BUFFER_BIT) {
        dst.clear_depth = src.clear_depth;
        dst.depth_mask = src.depth_mask;
    }
    if has(GL_STENCIL_BUFFER_BIT) {
        dst.clear_stencil = src.clear_stencil;
        dst.stencil_writemask = src.stencil_writemask;
    }
    if has(GL_VIEWPORT_BIT) {
        dst.viewports = src.viewports;
        dst.depth_ranges = src.depth_ranges;
    }
    if has(GL_SCISSOR_BIT) {
        dst.scissors = src.scissors;
        dst.scissor_extra = src.scissor_extra;
    }
    if has(GL_PIXEL_MODE_BIT) {
        dst.read_buffer = src.read_buffer;
    }
    if has(GL_ENABLE_BIT) {
        dst.enables.clone_from(&src.enables);
        dst.blend_extra = src.blend_extra;
        dst.scissor_extra = src.scissor_extra;
    }
}
