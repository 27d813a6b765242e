//! The immutable state objects a draw is rasterized with: [`RasterState`]
//! (primitive assembly, clipping, viewport, rasterization rules),
//! [`DepthStencilState`] and [`BlendState`] (the per-fragment operations).
//!
//! They are plain data with GL's defaults as `Default`; the front end builds
//! one per state change (Gallium's CSO model) and shares it through
//! [`super::DrawState`]. Coordinates follow GL: window origin bottom left.

/// Most varyings (scalar components) a vertex may carry: GL 3.2's 128
/// fragment input components (32 locations).
pub const MAX_VARYINGS: usize = 128;

/// A set of varyings, bit `i` varying `i` ([`MAX_VARYINGS`] bits).
pub type VaryingMask = u128;

/// Most user clip distances.
pub const MAX_CLIP_DISTANCES: usize = 8;

/// A comparison for the depth and stencil tests (GL `NEVER` .. `ALWAYS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CompareFunc {
    /// Never passes.
    Never,
    /// Passes if incoming < stored.
    Less,
    /// Passes if incoming == stored.
    Equal,
    /// Passes if incoming <= stored.
    LessEqual,
    /// Passes if incoming > stored.
    Greater,
    /// Passes if incoming != stored.
    NotEqual,
    /// Passes if incoming >= stored.
    GreaterEqual,
    /// Always passes.
    #[default]
    Always,
}

impl CompareFunc {
    /// Evaluates `incoming FUNC stored`.
    #[inline(always)]
    pub fn test<T: PartialOrd>(self, incoming: T, stored: T) -> bool {
        match self {
            CompareFunc::Never => false,
            CompareFunc::Less => incoming < stored,
            CompareFunc::Equal => incoming == stored,
            CompareFunc::LessEqual => incoming <= stored,
            CompareFunc::Greater => incoming > stored,
            CompareFunc::NotEqual => incoming != stored,
            CompareFunc::GreaterEqual => incoming >= stored,
            CompareFunc::Always => true,
        }
    }
}

/// Which faces are culled (`glCullFace`, with `CULL_FACE` disabled = `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CullMode {
    /// Culling disabled.
    #[default]
    None,
    /// Cull front faces.
    Front,
    /// Cull back faces.
    Back,
    /// Cull every polygon (points and lines are still drawn).
    FrontAndBack,
}

/// `glFrontFace`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FrontFace {
    /// Counter-clockwise polygons are front facing.
    #[default]
    Ccw,
    /// Clockwise polygons are front facing.
    Cw,
}

/// `glPolygonMode` for one face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PolygonMode {
    /// Filled.
    #[default]
    Fill,
    /// Boundary edges as lines.
    Line,
    /// Boundary vertices as points.
    Point,
}

/// `glProvokingVertex`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ProvokingVertex {
    /// `FIRST_VERTEX_CONVENTION`.
    First,
    /// `LAST_VERTEX_CONVENTION` (GL's default).
    #[default]
    Last,
}

/// How one varying is interpolated across a primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Interp {
    /// Perspective-correct (`smooth`).
    #[default]
    Smooth,
    /// The provoking vertex's value (`flat`, or `glShadeModel(GL_FLAT)` colours).
    Flat,
    /// Linear in window space (`noperspective`).
    NoPerspective,
}

/// `glViewport` + `glDepthRange`, in GL window coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Lower left corner, x.
    pub x: f32,
    /// Lower left corner, y.
    pub y: f32,
    /// Width in pixels.
    pub width: f32,
    /// Height in pixels.
    pub height: f32,
    /// Depth range near value.
    pub near: f32,
    /// Depth range far value.
    pub far: f32,
}

impl Viewport {
    /// A viewport covering `width` x `height`, depth range [0, 1].
    pub fn new(width: u32, height: u32) -> Self {
        Viewport {
            x: 0.0,
            y: 0.0,
            width: width as f32,
            height: height as f32,
            near: 0.0,
            far: 1.0,
        }
    }
}

/// A rectangle in GL window coordinates (origin bottom left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left column.
    pub x: i32,
    /// Bottom row.
    pub y: i32,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
}

/// `glPolygonOffset` / `glPolygonOffsetClamp` and the three enables.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct PolygonOffset {
    /// Slope factor.
    pub factor: f32,
    /// Constant term, in units of the depth format's minimum resolvable difference.
    pub units: f32,
    /// Clamp of the total offset; 0 = none.
    pub clamp: f32,
    /// `POLYGON_OFFSET_FILL`.
    pub fill: bool,
    /// `POLYGON_OFFSET_LINE`.
    pub line: bool,
    /// `POLYGON_OFFSET_POINT`.
    pub point: bool,
}

/// `glLineStipple` (only present while `LINE_STIPPLE` is enabled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineStipple {
    /// Repeat factor, 1..=256.
    pub factor: u32,
    /// Bit `i` is pattern position `i` (GL: the low bit is used first).
    pub pattern: u16,
}

/// Rasterization state.
#[derive(Clone, Debug, PartialEq)]
pub struct RasterState {
    /// Viewport and depth range.
    pub viewport: Viewport,
    /// Scissor rectangle while `SCISSOR_TEST` is enabled.
    pub scissor: Option<Rect>,
    /// Face culling.
    pub cull: CullMode,
    /// Winding of front faces.
    pub front_face: FrontFace,
    /// Polygon mode of front faces.
    pub polygon_mode_front: PolygonMode,
    /// Polygon mode of back faces.
    pub polygon_mode_back: PolygonMode,
    /// Polygon offset.
    pub offset: PolygonOffset,
    /// `glPointSize` (used unless the vertex batch has per-vertex sizes).
    pub point_size: f32,
    /// `POINT_SMOOTH`: round points (coverage is binary: inside the disc or not).
    pub point_smooth: bool,
    /// `POINT_SPRITE`: fill [`super::QuadBatch::point_coord`].
    pub point_sprite: bool,
    /// `POINT_SPRITE_COORD_ORIGIN == UPPER_LEFT` (GL's default).
    pub point_sprite_upper_left: bool,
    /// Bit `L`: on point sprites the fragment input at location `L` is
    /// (s, t, 0, 1) of the sprite (`GL_COORD_REPLACE`).
    pub sprite_coord_enable: u32,
    /// `glLineWidth`.
    pub line_width: f32,
    /// `LINE_SMOOTH` (not antialiased yet: drawn as an aliased line).
    pub line_smooth: bool,
    /// `LINE_STIPPLE`.
    pub line_stipple: Option<LineStipple>,
    /// `POLYGON_STIPPLE`: `pattern[y % 32]` bit `x % 32`, rows bottom to top.
    pub polygon_stipple: Option<[u32; 32]>,
    /// `glProvokingVertex`.
    pub provoking_vertex: ProvokingVertex,
    /// Interpolation of each varying (entries past the batch's count are ignored).
    pub interp: [Interp; MAX_VARYINGS],
    /// Varyings that hold the enabled user clip distances (clipped where < 0).
    pub clip_distances: Vec<u8>,
    /// `DEPTH_CLAMP`: no near/far clipping, depth clamped to the depth range.
    pub depth_clamp: bool,
    /// Subtracted from a pixel's x to give `gl_FragCoord.x`: the left
    /// edge of the sample image a multisample pass draws into.
    pub frag_x_bias: f32,
    /// Subtracted from a pixel's y to give `gl_FragCoord.y`: the bottom
    /// edge of the layer a layered pass draws into.
    pub frag_y_bias: f32,
    /// The height of one layer of a layered target (0: not layered; the
    /// target's height).
    pub layer_height: f32,
    /// A multisample pass with alpha to coverage or alpha to one on.
    pub coverage: Option<Coverage>,
    /// The sample a multisample pass draws (`gl_SampleID`; `None` outside
    /// multisample rasterization).
    pub sample: Option<u8>,
    /// Added to a pixel's coordinates where inputs are interpolated: in a
    /// multisample pass without sample shading, back from the sample's
    /// position to the pixel centre (`OxglRasterDesc::min_sample_shading`).
    pub interp_shift: [f32; 2],
    /// Added to a pixel's coordinates to reach its centre: in a
    /// multisample pass, from the sample's position (`interpolateAt*`).
    pub centre_shift: [f32; 2],
    /// Samples per pixel of a multisample pass (0 outside one).
    pub samples: u8,
}

/// The multisample fragment operations that depend on a fragment's alpha,
/// in the pass that draws sample `sample` (`OxglRasterDesc::sample_coverage`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// The sample this pass draws.
    pub sample: u8,
    /// `GL_SAMPLE_ALPHA_TO_COVERAGE`: kept when `sample < round(4 alpha)`.
    pub alpha_to_coverage: bool,
    /// `GL_SAMPLE_ALPHA_TO_ONE`: alpha becomes 1 afterwards.
    pub alpha_to_one: bool,
}

impl Default for RasterState {
    fn default() -> Self {
        RasterState {
            viewport: Viewport::new(1, 1),
            scissor: None,
            cull: CullMode::None,
            front_face: FrontFace::Ccw,
            polygon_mode_front: PolygonMode::Fill,
            polygon_mode_back: PolygonMode::Fill,
            offset: PolygonOffset::default(),
            point_size: 1.0,
            point_smooth: false,
            point_sprite: false,
            point_sprite_upper_left: true,
            sprite_coord_enable: 0,
            line_width: 1.0,
            line_smooth: false,
            line_stipple: None,
            polygon_stipple: None,
            provoking_vertex: ProvokingVertex::Last,
            interp: [Interp::Smooth; MAX_VARYINGS],
            clip_distances: Vec::new(),
            depth_clamp: false,
            frag_x_bias: 0.0,
            frag_y_bias: 0.0,
            layer_height: 0.0,
            coverage: None,
            sample: None,
            interp_shift: [0.0; 2],
            centre_shift: [0.0; 2],
            samples: 0,
        }
    }
}

/// A stencil operation (`glStencilOp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StencilOp {
    /// Keep the stored value.
    #[default]
    Keep,
    /// Write 0.
    Zero,
    /// Write the reference value.
    Replace,
    /// Increment, clamped to the maximum.
    Incr,
    /// Increment, wrapping.
    IncrWrap,
    /// Decrement, clamped to 0.
    Decr,
    /// Decrement, wrapping.
    DecrWrap,
    /// Bitwise invert.
    Invert,
}

impl StencilOp {
    /// The new stored value (before the write mask).
    #[inline(always)]
    pub fn apply(self, stored: u8, reference: u8) -> u8 {
        match self {
            StencilOp::Keep => stored,
            StencilOp::Zero => 0,
            StencilOp::Replace => reference,
            StencilOp::Incr => stored.saturating_add(1),
            StencilOp::IncrWrap => stored.wrapping_add(1),
            StencilOp::Decr => stored.saturating_sub(1),
            StencilOp::DecrWrap => stored.wrapping_sub(1),
            StencilOp::Invert => !stored,
        }
    }
}

/// Stencil state of one face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StencilFace {
    /// Test function: `(ref & value_mask) FUNC (stored & value_mask)`.
    pub func: CompareFunc,
    /// Reference value (clamped to the buffer's range by the front end).
    pub reference: u8,
    /// Comparison mask.
    pub value_mask: u8,
    /// Write mask.
    pub write_mask: u8,
    /// Operation when the stencil test fails.
    pub fail: StencilOp,
    /// Operation when the stencil test passes and the depth test fails.
    pub zfail: StencilOp,
    /// Operation when both pass.
    pub zpass: StencilOp,
}

impl Default for StencilFace {
    fn default() -> Self {
        StencilFace {
            func: CompareFunc::Always,
            reference: 0,
            value_mask: 0xff,
            write_mask: 0xff,
            fail: StencilOp::Keep,
            zfail: StencilOp::Keep,
            zpass: StencilOp::Keep,
        }
    }
}

/// Depth and stencil state.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct DepthStencilState {
    /// `DEPTH_TEST`.
    pub depth_test: bool,
    /// `glDepthFunc`.
    pub depth_func: CompareFunc,
    /// `glDepthMask`.
    pub depth_write: bool,
    /// `STENCIL_TEST`.
    pub stencil_test: bool,
    /// Front-face stencil state.
    pub front: StencilFace,
    /// Back-face stencil state.
    pub back: StencilFace,
}

/// A blend equation (`glBlendEquationSeparate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BlendEquation {
    /// `s*S + d*D`.
    #[default]
    Add,
    /// `s*S - d*D`.
    Subtract,
    /// `d*D - s*S`.
    ReverseSubtract,
    /// `min(S, D)` (factors ignored).
    Min,
    /// `max(S, D)` (factors ignored).
    Max,
}

/// A blend factor (`glBlendFuncSeparate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BlendFactor {
    /// 0.
    Zero,
    /// 1.
    #[default]
    One,
    /// Source colour.
    SrcColor,
    /// 1 - source colour.
    OneMinusSrcColor,
    /// Destination colour.
    DstColor,
    /// 1 - destination colour.
    OneMinusDstColor,
    /// Source alpha.
    SrcAlpha,
    /// 1 - source alpha.
    OneMinusSrcAlpha,
    /// Destination alpha.
    DstAlpha,
    /// 1 - destination alpha.
    OneMinusDstAlpha,
    /// Constant colour.
    ConstantColor,
    /// 1 - constant colour.
    OneMinusConstantColor,
    /// Constant alpha.
    ConstantAlpha,
    /// 1 - constant alpha.
    OneMinusConstantAlpha,
    /// `min(As, 1 - Ad)` for RGB, 1 for alpha.
    SrcAlphaSaturate,
    /// The second source colour (dual-source blending, GL 3.3).
    Src1Color,
    /// 1 - the second source colour.
    OneMinusSrc1Color,
    /// The second source's alpha.
    Src1Alpha,
    /// 1 - the second source's alpha.
    OneMinusSrc1Alpha,
}

impl BlendFactor {
    /// Whether the factor reads the second source colour.
    pub fn is_dual_source(self) -> bool {
        matches!(
            self,
            BlendFactor::Src1Color
                | BlendFactor::OneMinusSrc1Color
                | BlendFactor::Src1Alpha
                | BlendFactor::OneMinusSrc1Alpha
        )
    }
}

/// A logic operation (`glLogicOp`), applied bitwise to `s` (source) and `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LogicOp {
    /// 0.
    Clear,
    /// `s & d`.
    And,
    /// `s & !d`.
    AndReverse,
    /// `s`.
    #[default]
    Copy,
    /// `!s & d`.
    AndInverted,
    /// `d`.
    Noop,
    /// `s ^ d`.
    Xor,
    /// `s | d`.
    Or,
    /// `!(s | d)`.
    Nor,
    /// `!(s ^ d)`.
    Equiv,
    /// `!d`.
    Invert,
    /// `s | !d`.
    OrReverse,
    /// `!s`.
    CopyInverted,
    /// `!s | d`.
    OrInverted,
    /// `!(s & d)`.
    Nand,
    /// all ones.
    Set,
}

impl LogicOp {
    /// Applies the operation to whole words.
    #[inline(always)]
    pub fn apply(self, s: u32, d: u32) -> u32 {
        match self {
            LogicOp::Clear => 0,
            LogicOp::And => s & d,
            LogicOp::AndReverse => s & !d,
            LogicOp::Copy => s,
            LogicOp::AndInverted => !s & d,
            LogicOp::Noop => d,
            LogicOp::Xor => s ^ d,
            LogicOp::Or => s | d,
            LogicOp::Nor => !(s | d),
            LogicOp::Equiv => !(s ^ d),
            LogicOp::Invert => !d,
            LogicOp::OrReverse => s | !d,
            LogicOp::CopyInverted => !s,
            LogicOp::OrInverted => !s | d,
            LogicOp::Nand => !(s & d),
            LogicOp::Set => !0,
        }
    }
}

/// One colour buffer's blend equations and factors (per buffer since
/// ARB_draw_buffers_blend).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlendFunc {
    /// RGB equation.
    pub eq_rgb: BlendEquation,
    /// Alpha equation.
    pub eq_alpha: BlendEquation,
    /// RGB source factor.
    pub src_rgb: BlendFactor,
    /// RGB destination factor.
    pub dst_rgb: BlendFactor,
    /// Alpha source factor.
    pub src_alpha: BlendFactor,
    /// Alpha destination factor.
    pub dst_alpha: BlendFactor,
}

impl Default for BlendFunc {
    /// `GL_FUNC_ADD` of `GL_ONE` and `GL_ZERO`: the source as it is.
    fn default() -> Self {
        BlendFunc {
            eq_rgb: BlendEquation::Add,
            eq_alpha: BlendEquation::Add,
            src_rgb: BlendFactor::One,
            dst_rgb: BlendFactor::Zero,
            src_alpha: BlendFactor::One,
            dst_alpha: BlendFactor::Zero,
        }
    }
}

/// An extra colour buffer's part of a draw: the fragment output it
/// receives, its write mask, and its blend function while blending is on.
pub type ExtraBuffer = (u8, [bool; 4], Option<BlendFunc>);

/// Blending, logic op and colour write mask.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlendState {
    /// `BLEND` (of the first colour buffer).
    pub enabled: bool,
    /// The first colour buffer's equations and factors.
    pub func: BlendFunc,
    /// `glBlendColor` (clamped to [0, 1] for the unorm colour buffer).
    pub constant: [f32; 4],
    /// `COLOR_LOGIC_OP` with its operation; overrides blending when set.
    pub logic_op: Option<LogicOp>,
    /// `glColorMask`: R, G, B, A.
    pub color_mask: [bool; 4],
    /// Fragment colours clamp to [0, 1] in float buffers too
    /// (`OxglBlendDesc::clamp_color`).
    pub clamp_color: bool,
    /// sRGB-encoded buffers (`OxglBlendDesc::srgb_buffers`): bit 0 the
    /// first, bit `i` extra buffer `i`.
    pub srgb: u8,
    /// The fragment output the first colour buffer receives (0 unless
    /// `glDrawBuffers` put another first).
    pub output: u8,
    /// Each extra colour buffer's output, write mask and blend function
    /// when blending is on (`OxglBlendDesc::extra_enabled`,
    /// `extra_equation`, `extra_factors`); `None`: not drawn (see
    /// `OxglDrawDesc::color_outputs`).
    pub extra: [Option<ExtraBuffer>; EXTRA_BUFFERS],
    /// Entries of `extra` up to the last drawn one (0: only the first
    /// buffer is drawn, the common case, checked per block).
    pub extra_len: u8,
}

/// Extra colour buffers a target may have (`OXGL_MAX_EXTRA_COLOR_BUFFERS`).
pub const EXTRA_BUFFERS: usize = oxgl_dri_interface::OXGL_MAX_EXTRA_COLOR_BUFFERS;

impl Default for BlendState {
    fn default() -> Self {
        BlendState {
            enabled: false,
            func: BlendFunc::default(),
            constant: [0.0; 4],
            logic_op: None,
            color_mask: [true; 4],
            clamp_color: false,
            srgb: 0,
            output: 0,
            extra: [None; EXTRA_BUFFERS],
            extra_len: 0,
        }
    }
}
