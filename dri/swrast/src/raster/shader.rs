//! The fragment stage seen from the rasterizer: [`QuadBatch`] (fragments in
//! SoA form) and the [`FragmentShader`] trait every shader implementation
//! (built-in, interpreter, JIT) provides.
//!
//! A batch is one 4×4 pixel block holding [`QUADS`] complete 2×2 quads,
//! lanes in row-major order: lane `4 * y + x` is block pixel `(x, y)`, in
//! *storage* rows (row 0 is the upper one on screen for y-flipped window
//! targets). So four lanes are one row of the block — one 128-bit vector,
//! one contiguous load or store — and the quad with its upper-left pixel at
//! lane `l` (`x`, `y` even) is lanes `l, l + 1, l + 4, l + 5`. Derivatives:
//! `dFdx = lane[l + 1] - lane[l]` (a shuffle inside a row vector),
//! `dFdy = (lane[l + 4] - lane[l]) * y_sign` (a difference of two row
//! vectors) with [`QuadBatch::y_sign`] turning storage rows into GL's y.

use super::state::MAX_VARYINGS;

/// 2×2 quads per batch.
pub const QUADS: usize = 4;
/// Lanes per batch: the SIMD width the shader sees.
pub const LANES: usize = QUADS * 4;

/// Block offset of each lane, x.
pub const LANE_X: [u32; LANES] = {
    let mut t = [0; LANES];
    let mut l = 0;
    while l < LANES {
        t[l] = (l & 3) as u32;
        l += 1;
    }
    t
};

/// Block offset of each lane, y (storage rows).
pub const LANE_Y: [u32; LANES] = {
    let mut t = [0; LANES];
    let mut l = 0;
    while l < LANES {
        t[l] = (l >> 2) as u32;
        l += 1;
    }
    t
};

/// Fragments of one 4×4 block, in SoA form.
///
/// Every lane array starts on a cache line (`repr(C)`, the arrays first,
/// each 64 bytes a row): the vector code loads and stores them in 32-byte
/// halves, and a half that straddles two lines costs a split access —
/// measured on the rasterizer's fill benchmark before this layout.
#[derive(Clone, Debug)]
#[repr(C, align(64))]
pub struct QuadBatch {
    /// Interpolated varyings, `inputs[varying][lane]`.
    pub inputs: [[f32; LANES]; MAX_VARYINGS],
    /// `gl_FragCoord`: x, y (GL window coordinates of the pixel centre), z
    /// (window depth), w (1 / clip w).
    pub frag_coord: [[f32; LANES]; 4],
    /// `gl_PointCoord` s, t (points with `point_sprite` only).
    pub point_coord: [[f32; LANES]; 2],
    /// Output colour, RGBA, `color[channel][lane]`.
    pub color: [[f32; LANES]; 4],
    /// Colour outputs 1, 2, ... (`gl_FragData[i]`, user outputs at
    /// location `i`), for the extra colour buffers, then output 8: the
    /// second source colour of dual-source blending (an index-1 output,
    /// `oxgl_glsl::link::DUAL_SOURCE_LOCATION`). The shader writes them
    /// when it has them.
    pub extra_color: [[[f32; LANES]; 4]; super::state::EXTRA_BUFFERS + 1],
    /// Output depth, read only when [`ShaderInfo::writes_depth`].
    pub depth: [f32; LANES],
    /// Live lanes: covered and not yet killed. A shader discards a lane by
    /// clearing its bit. Lanes outside the mask are helpers: their inputs
    /// are valid (for derivatives) but their results are ignored.
    pub mask: u16,
    /// How many entries of `inputs` hold varyings.
    pub num_inputs: usize,
    /// `gl_FrontFacing`.
    pub front_facing: bool,
    /// `gl_PrimitiveID`.
    pub primitive_id: u32,
    /// +1.0 when storage rows grow with GL y, -1.0 when flipped (windows).
    pub y_sign: f32,
    /// The sample of a multisample pass (`gl_SampleID`), as
    /// `RasterState::sample`.
    pub sample: Option<u8>,
    /// The primitive's planes, for shaders that interpolate inputs
    /// elsewhere in the pixel ([`ShaderInfo::interpolates_at`]).
    pub at: AtPlanes,
}

/// What `interpolateAt*` (ARB_gpu_shader5) needs of the primitive a quad
/// batch belongs to: its interpolation planes and varyings, and where the
/// lanes' pixel centres are on them.
#[derive(Clone, Debug, Default)]
pub struct AtPlanes {
    /// Lane 0's pixel centre, relative to the planes' origin (storage
    /// orientation); lane `l`'s is [`LANE_X`]`[l]`, [`LANE_Y`]`[l]` from
    /// it.
    pub x: f32,
    /// See `x`.
    pub y: f32,
    /// Storage y per GL y: +1.0, or -1.0 when rows are flipped.
    pub y_dir: f32,
    /// 1 / clip w.
    pub w: super::scene::Plane,
    /// Perspective barycentrics, pre-divided by w.
    pub p1: super::scene::Plane,
    /// See `p1`.
    pub p2: super::scene::Plane,
    /// Linear barycentrics.
    pub l1: super::scene::Plane,
    /// See `l1`.
    pub l2: super::scene::Plane,
    /// `v0[n], d1[n], d2[n]` of the varyings ([`super::scene::Prim::attrs`]).
    pub attrs: Vec<f32>,
    /// Each varying's interpolation.
    pub interp: Vec<super::Interp>,
    /// Multisample rasterization: samples of a pixel (0 without).
    pub samples: u8,
}

impl Default for QuadBatch {
    fn default() -> Self {
        QuadBatch {
            mask: 0,
            num_inputs: 0,
            inputs: [[0.0; LANES]; MAX_VARYINGS],
            frag_coord: [[0.0; LANES]; 4],
            front_facing: true,
            primitive_id: 0,
            point_coord: [[0.0; LANES]; 2],
            y_sign: -1.0,
            sample: None,
            at: AtPlanes::default(),
            color: [[0.0; LANES]; 4],
            extra_color: [[[0.0; LANES]; 4]; super::state::EXTRA_BUFFERS + 1],
            depth: [0.0; LANES],
        }
    }
}

/// What the rasterizer must know about a shader to schedule it. The
/// default is the conservative answer for everything but discard and depth
/// writes, which most shaders do not do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShaderInfo {
    /// The shader writes `gl_FragDepth` (disables early depth).
    pub writes_depth: bool,
    /// The shader may clear mask bits (`discard`, alpha test; disables early depth).
    pub may_discard: bool,
    /// The shader reads [`QuadBatch::frag_coord`] (else it is left stale).
    pub reads_frag_coord: bool,
    /// `gl_FragCoord.y` counts from the top of the framebuffer
    /// (`layout(origin_upper_left)`).
    pub origin_upper_left: bool,
    /// `gl_FragCoord`'s pixel centres are at integers
    /// (`layout(pixel_center_integer)`).
    pub pixel_center_integer: bool,
    /// The shader interpolates inputs elsewhere in the pixel: it reads
    /// [`QuadBatch::at`].
    pub interpolates_at: bool,
    /// The shader changes memory others see (atomic counters, images): it
    /// runs on every fragment rasterized, before the depth and stencil
    /// tests, unless `early_fragment_tests`.
    pub has_side_effects: bool,
    /// `layout(early_fragment_tests) in;`: the depth and stencil tests
    /// (and writes) run before the shader, whatever it does; depth it
    /// writes is ignored.
    pub early_fragment_tests: bool,
}

impl Default for ShaderInfo {
    fn default() -> Self {
        ShaderInfo {
            writes_depth: false,
            may_discard: false,
            reads_frag_coord: true,
            origin_upper_left: false,
            pixel_center_integer: false,
            interpolates_at: false,
            has_side_effects: false,
            early_fragment_tests: false,
        }
    }
}

/// [`ShaderInfo`] of the built-in shaders: inputs only.
const INPUTS_ONLY: ShaderInfo = ShaderInfo {
    writes_depth: false,
    may_discard: false,
    reads_frag_coord: false,
    origin_upper_left: false,
    pixel_center_integer: false,
    interpolates_at: false,
    has_side_effects: false,
    early_fragment_tests: false,
};

/// A compiled fragment shader.
pub trait FragmentShader: Send + Sync {
    /// Scheduling facts; constant for the shader's lifetime.
    fn info(&self) -> ShaderInfo {
        ShaderInfo::default()
    }
    /// The varyings the shader may read, as bits (varying `i` is bit
    /// `i`): the others are not interpolated and read stale values.
    fn input_varyings(&self) -> super::state::VaryingMask {
        super::state::VaryingMask::MAX
    }
    /// `Some(v)` when the shader only copies varyings `v..v + 4` to
    /// `color` (and reads nothing else): the rasterizer then interpolates
    /// those four straight into [`QuadBatch::color`] and does not call
    /// [`FragmentShader::shade`] when the draw has them.
    fn copied_varyings(&self) -> Option<usize> {
        None
    }
    /// Shades one batch: reads the inputs, writes `color` (and `depth`,
    /// `mask` where [`FragmentShader::info`] says so).
    fn shade(&self, quads: &mut QuadBatch);
}

/// The built-in shader `color = inputs[0..4]` (missing inputs read as 0, 0, 0, 1).
#[derive(Clone, Copy, Debug, Default)]
pub struct InterpolatedColor;

impl FragmentShader for InterpolatedColor {
    fn info(&self) -> ShaderInfo {
        INPUTS_ONLY
    }
    fn copied_varyings(&self) -> Option<usize> {
        Some(0)
    }
    fn shade(&self, q: &mut QuadBatch) {
        for c in 0..4 {
            if c < q.num_inputs {
                q.color[c] = q.inputs[c];
            } else {
                q.color[c] = [if c == 3 { 1.0 } else { 0.0 }; LANES];
            }
        }
    }
}

/// A constant colour (tests and the flat fill benchmark).
#[derive(Clone, Copy, Debug, Default)]
pub struct ConstantColor(pub [f32; 4]);

impl FragmentShader for ConstantColor {
    fn info(&self) -> ShaderInfo {
        INPUTS_ONLY
    }
    fn shade(&self, q: &mut QuadBatch) {
        for c in 0..4 {
            q.color[c] = [self.0[c]; LANES];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_layout_is_row_major() {
        assert_eq!(&LANE_X[..8], &[0, 1, 2, 3, 0, 1, 2, 3]);
        assert_eq!(&LANE_Y[..8], &[0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(LANE_Y[15], 3);
    }
}
