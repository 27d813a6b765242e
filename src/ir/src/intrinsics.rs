//! Operands of the intrinsic instructions: texture and image operations,
//! atomics, system values, derivatives, barriers, built-in varyings and
//! primitive kinds. Each enum has a text name and a stable index (its
//! position in `ALL`, which is its serialized form: append only).

use crate::{Scalar, Stage, ValType, Value};

/// Declares a fieldless enum with `ALL`, `name()`, `from_name()`, `index()`.
macro_rules! named_enum {
    ($(#[$m:meta])* pub enum $E:ident { $($(#[doc = $d:literal])* $V:ident = $n:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $E { $($(#[doc = $d])* $V,)* }
        impl $E {
            /// Every variant, in serialization order.
            pub const ALL: &'static [$E] = &[$($E::$V,)*];
            /// The text name.
            pub const fn name(self) -> &'static str {
                match self { $($E::$V => $n,)* }
            }
            /// Inverse of `name`.
            pub fn from_name(name: &str) -> Option<Self> {
                match name { $($n => Some($E::$V),)* _ => None }
            }
            /// Stable index (position in `ALL`).
            pub fn index(self) -> u32 {
                self as u32
            }
        }
    };
}
pub(crate) use named_enum;

named_enum! {
    /// Dimensionality of a texture or image.
    pub enum Dim {
        /// 1D.
        D1 = "1d",
        /// 2D.
        D2 = "2d",
        /// 3D.
        D3 = "3d",
        /// Cube map (coordinates are a 3D direction).
        Cube = "cube",
        /// Rectangle (unnormalized coordinates, no mipmaps).
        Rect = "rect",
        /// Buffer texture (integer coordinate, fetch only).
        Buffer = "buffer",
    }
}

impl Dim {
    /// Lanes of the coordinate, without the array layer.
    pub const fn coord_lanes(self) -> u8 {
        match self {
            Dim::D1 | Dim::Buffer => 1,
            Dim::D2 | Dim::Rect => 2,
            Dim::D3 | Dim::Cube => 3,
        }
    }

    /// Lanes of a size query result, without the array layer.
    pub const fn size_lanes(self) -> u8 {
        match self {
            Dim::D1 | Dim::Buffer => 1,
            Dim::D2 | Dim::Rect | Dim::Cube => 2,
            Dim::D3 => 3,
        }
    }
}

/// A texture the shader samples, declared in [`crate::Shader::textures`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TextureDecl {
    /// The sampler uniform's name (program resource queries).
    pub name: String,
    /// Dimensionality.
    pub dim: Dim,
    /// Array texture.
    pub arrayed: bool,
    /// Multisample texture (fetch only).
    pub multisample: bool,
    /// Depth comparison (shadow) sampler.
    pub shadow: bool,
    /// Scalar kind of the texels returned: `f32`, `i32` or `u32`.
    pub kind: Scalar,
    /// The texture unit (binding) the front end assigned; backends map it.
    pub binding: u32,
}

named_enum! {
    /// The kind of texture operation.
    pub enum TexKind {
        /// Filtered sample, implicit LOD from derivatives (optional `bias`).
        Sample = "sample",
        /// Filtered sample at explicit `lod`.
        SampleLod = "sample_lod",
        /// Filtered sample with explicit gradients `ddx`, `ddy`.
        SampleGrad = "sample_grad",
        /// Unfiltered texel fetch at integer `coord` and level `lod`
        /// (`sample` for multisample textures).
        Fetch = "fetch",
        /// Gather `component` of the 4 texels of a bilinear footprint
        /// (with `compare`: the 4 comparison results).
        Gather = "gather",
        /// Size of level `lod` (i32 vector, layers last).
        QuerySize = "query_size",
        /// Number of mip levels (i32).
        QueryLevels = "query_levels",
        /// Computed LOD at `coord` (f32x2: used level, computed LOD).
        QueryLod = "query_lod",
        /// Number of samples (i32).
        QuerySamples = "query_samples",
    }
}

/// A texture operation with every operand explicit. Operands not used by
/// the kind must be `None` (validated).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TexOp {
    /// What to do.
    pub kind: TexKind,
    /// Index into [`crate::Shader::textures`].
    pub texture: u32,
    /// Sampler state index (equal to `texture` for GL combined samplers).
    pub sampler: u32,
    /// Coordinate: f32 with `dim.coord_lanes()` lanes (i32 for `fetch`),
    /// without the array layer.
    pub coord: Option<Value>,
    /// Array layer: f32 (i32 for `fetch`); required iff the texture is arrayed
    /// (except queries).
    pub layer: Option<Value>,
    /// Shadow reference value, f32; required iff the texture is shadow
    /// (sampling and gather).
    pub compare: Option<Value>,
    /// Explicit LOD (f32) for `sample_lod`, level (i32) for `fetch` and
    /// `query_size`.
    pub lod: Option<Value>,
    /// LOD bias (f32) for `sample`.
    pub bias: Option<Value>,
    /// Gradient of the coordinate along x (`sample_grad`).
    pub ddx: Option<Value>,
    /// Gradient of the coordinate along y (`sample_grad`).
    pub ddy: Option<Value>,
    /// Texel offset, i32 with `dim.coord_lanes()` lanes.
    pub offset: Option<Value>,
    /// Sample index (i32) for multisample `fetch`.
    pub sample: Option<Value>,
    /// Gathered component (0–3) for `gather` without `compare`.
    pub component: u8,
    /// A comparison returned as four components: the texture's swizzle
    /// (`GL_DEPTH_TEXTURE_MODE`) applied to `(c, 0, 0, 1)`, as the
    /// deprecated `shadow*()` functions return it; otherwise the f32 `c`.
    /// Only on a shadow `sample`, `sample_lod` or `sample_grad`.
    pub shadow_vec4: bool,
}

/// Names of [`TexOp`]'s optional operands in text-form order.
pub const TEX_OPERANDS: [&str; 9] = [
    "coord", "layer", "compare", "lod", "bias", "ddx", "ddy", "offset", "sample",
];

impl TexOp {
    /// A texture operation with no operands.
    pub fn new(kind: TexKind, texture: u32) -> Self {
        TexOp {
            kind,
            texture,
            sampler: texture,
            coord: None,
            layer: None,
            compare: None,
            lod: None,
            bias: None,
            ddx: None,
            ddy: None,
            offset: None,
            sample: None,
            component: 0,
            shadow_vec4: false,
        }
    }

    /// The optional operands, in [`TEX_OPERANDS`] order.
    pub fn operands(&self) -> [Option<Value>; 9] {
        [
            self.coord,
            self.layer,
            self.compare,
            self.lod,
            self.bias,
            self.ddx,
            self.ddy,
            self.offset,
            self.sample,
        ]
    }

    /// The optional operands, mutable, in [`TEX_OPERANDS`] order.
    pub fn operands_mut(&mut self) -> [&mut Option<Value>; 9] {
        [
            &mut self.coord,
            &mut self.layer,
            &mut self.compare,
            &mut self.lod,
            &mut self.bias,
            &mut self.ddx,
            &mut self.ddy,
            &mut self.offset,
            &mut self.sample,
        ]
    }
}

/// An image the shader reads or writes, declared in [`crate::Shader::images`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ImageDecl {
    /// The image uniform's name.
    pub name: String,
    /// Dimensionality.
    pub dim: Dim,
    /// Array image.
    pub arrayed: bool,
    /// Multisample image.
    pub multisample: bool,
    /// Scalar kind of texels in the shader: `f32`, `i32` or `u32`.
    pub kind: Scalar,
    /// The front end's format code (GLSL `layout(rgba8)` etc.), opaque here.
    pub format: u32,
    /// The image unit (binding).
    pub binding: u32,
}

named_enum! {
    /// The kind of image operation.
    pub enum ImageKind {
        /// Load a texel (4 lanes of the image's kind).
        Load = "load",
        /// Store `value` (4 lanes of the image's kind).
        Store = "store",
        /// Atomic add of `value`, returns the old texel (scalar).
        AtomicAdd = "atomic_add",
        /// Atomic signed minimum.
        AtomicMin = "atomic_imin",
        /// Atomic signed maximum.
        AtomicMax = "atomic_imax",
        /// Atomic unsigned minimum.
        AtomicUMin = "atomic_umin",
        /// Atomic unsigned maximum.
        AtomicUMax = "atomic_umax",
        /// Atomic and.
        AtomicAnd = "atomic_and",
        /// Atomic or.
        AtomicOr = "atomic_or",
        /// Atomic xor.
        AtomicXor = "atomic_xor",
        /// Atomic exchange.
        AtomicXchg = "atomic_xchg",
        /// Atomic compare-exchange with `compare`.
        AtomicCmpXchg = "atomic_cmpxchg",
        /// Size (i32 vector, layers last).
        Size = "size",
        /// Sample count (i32).
        Samples = "samples",
    }
}

/// An image operation. Operands not used by the kind must be `None`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ImageOp {
    /// What to do.
    pub kind: ImageKind,
    /// Index into [`crate::Shader::images`].
    pub image: u32,
    /// Integer coordinate (i32, `dim.coord_lanes()` lanes + 1 if arrayed).
    pub coord: Option<Value>,
    /// Sample index (i32) for multisample images.
    pub sample: Option<Value>,
    /// Value to store or combine.
    pub value: Option<Value>,
    /// Comparand of `atomic_cmpxchg`.
    pub compare: Option<Value>,
}

/// Names of [`ImageOp`]'s optional operands in text-form order.
pub const IMAGE_OPERANDS: [&str; 4] = ["coord", "sample", "value", "compare"];

impl ImageOp {
    /// The optional operands, in [`IMAGE_OPERANDS`] order.
    pub fn operands(&self) -> [Option<Value>; 4] {
        [self.coord, self.sample, self.value, self.compare]
    }

    /// The optional operands, mutable, in [`IMAGE_OPERANDS`] order.
    pub fn operands_mut(&mut self) -> [&mut Option<Value>; 4] {
        [
            &mut self.coord,
            &mut self.sample,
            &mut self.value,
            &mut self.compare,
        ]
    }
}

impl ImageKind {
    /// Whether the operation may change the image (stores and atomics).
    pub fn changes_memory(self) -> bool {
        !matches!(self, ImageKind::Load | ImageKind::Size | ImageKind::Samples)
    }

    /// The memory atomic an image atomic performs on its texel's word
    /// (`None` for the others).
    pub fn atomic_op(self) -> Option<AtomicOp> {
        Some(match self {
            ImageKind::AtomicAdd => AtomicOp::Add,
            ImageKind::AtomicMin => AtomicOp::IMin,
            ImageKind::AtomicMax => AtomicOp::IMax,
            ImageKind::AtomicUMin => AtomicOp::UMin,
            ImageKind::AtomicUMax => AtomicOp::UMax,
            ImageKind::AtomicAnd => AtomicOp::And,
            ImageKind::AtomicOr => AtomicOp::Or,
            ImageKind::AtomicXor => AtomicOp::Xor,
            ImageKind::AtomicXchg => AtomicOp::Xchg,
            ImageKind::AtomicCmpXchg => AtomicOp::CmpXchg,
            ImageKind::Load | ImageKind::Store | ImageKind::Size | ImageKind::Samples => {
                return None;
            }
        })
    }
}

named_enum! {
    /// Atomic operation on memory (`atomic` instruction).
    pub enum AtomicOp {
        /// Wrapping add.
        Add = "add",
        /// Signed minimum.
        IMin = "imin",
        /// Signed maximum.
        IMax = "imax",
        /// Unsigned minimum.
        UMin = "umin",
        /// Unsigned maximum.
        UMax = "umax",
        /// Bitwise and.
        And = "and",
        /// Bitwise or.
        Or = "or",
        /// Bitwise xor.
        Xor = "xor",
        /// Exchange.
        Xchg = "xchg",
        /// Compare and exchange: operands `[compare, value]`.
        CmpXchg = "cmpxchg",
    }
}

named_enum! {
    /// Where [`crate::Op::Interpolate`] evaluates a fragment input
    /// (ARB_gpu_shader5's `interpolateAt*`).
    pub enum InterpAt {
        /// The centroid of the covered samples (`interpolateAtCentroid`).
        Centroid = "centroid",
        /// Sample `operand 0` (`int`) of the pixel (`interpolateAtSample`).
        Sample = "sample",
        /// The pixel centre plus `operand 0` (`vec2`, in pixels;
        /// `interpolateAtOffset`).
        Offset = "offset",
    }
}

named_enum! {
    /// A screen-space derivative.
    pub enum Deriv {
        /// d/dx, fine or coarse at the implementation's choice.
        Ddx = "ddx",
        /// d/dx within the 2×2 quad row.
        DdxFine = "ddx_fine",
        /// d/dx once per quad.
        DdxCoarse = "ddx_coarse",
        /// d/dy, fine or coarse at the implementation's choice.
        Ddy = "ddy",
        /// d/dy within the 2×2 quad column.
        DdyFine = "ddy_fine",
        /// d/dy once per quad.
        DdyCoarse = "ddy_coarse",
    }
}

/// A barrier: optional execution barrier plus memory ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Barrier {
    /// Wait for every invocation of the workgroup / patch (`barrier()`).
    pub control: bool,
    /// Memory classes ordered: [`Barrier::BUFFER`] | [`Barrier::SHARED`] |
    /// [`Barrier::IMAGE`]; [`Barrier::GROUP`] narrows the scope to the
    /// workgroup.
    pub memory: u8,
}

impl Barrier {
    /// Buffer (SSBO) memory.
    pub const BUFFER: u8 = 1;
    /// Shared memory.
    pub const SHARED: u8 = 2;
    /// Image memory.
    pub const IMAGE: u8 = 4;
    /// Workgroup scope only (`groupMemoryBarrier`).
    pub const GROUP: u8 = 8;
    /// Text names of the memory bits, bit 0 first.
    pub const NAMES: [&'static str; 4] = ["buffer", "shared", "image", "group"];
}

named_enum! {
    /// A system value: a read-only per-invocation input produced by the
    /// pipeline. Type and legal stages in [`SysVal::ty`] / [`SysVal::in_stage`].
    pub enum SysVal {
        /// Window position (x, y, z, 1/w) — `gl_FragCoord`.
        FragCoord = "frag_coord",
        /// `gl_FrontFacing`.
        FrontFacing = "front_facing",
        /// `gl_PointCoord`.
        PointCoord = "point_coord",
        /// `gl_SampleID`.
        SampleId = "sample_id",
        /// `gl_SamplePosition`.
        SamplePos = "sample_pos",
        /// `gl_SampleMaskIn[0]`.
        SampleMaskIn = "sample_mask_in",
        /// `gl_HelperInvocation`.
        HelperInvocation = "helper_invocation",
        /// `gl_Layer` as read by the fragment stage.
        LayerIn = "layer",
        /// `gl_ViewportIndex` as read by the fragment stage.
        ViewportIndexIn = "viewport_index",
        /// `gl_VertexID` (includes the base vertex).
        VertexId = "vertex_id",
        /// `gl_InstanceID` (excludes the base instance).
        InstanceId = "instance_id",
        /// `gl_BaseVertex`.
        BaseVertex = "base_vertex",
        /// `gl_BaseInstance`.
        BaseInstance = "base_instance",
        /// `gl_DrawID`.
        DrawId = "draw_id",
        /// `gl_InvocationID` (geometry instance / TCS output vertex).
        InvocationId = "invocation_id",
        /// `gl_PrimitiveID` (input).
        PrimitiveId = "primitive_id",
        /// `gl_PatchVerticesIn`.
        PatchVertices = "patch_vertices",
        /// `gl_TessCoord`.
        TessCoord = "tess_coord",
        /// `gl_TessLevelOuter` as read by the evaluation stage.
        TessLevelOuterIn = "tess_level_outer",
        /// `gl_TessLevelInner` as read by the evaluation stage.
        TessLevelInnerIn = "tess_level_inner",
        /// `gl_LocalInvocationID`.
        LocalInvocationId = "local_invocation_id",
        /// `gl_LocalInvocationIndex`.
        LocalInvocationIndex = "local_invocation_index",
        /// `gl_GlobalInvocationID`.
        GlobalInvocationId = "global_invocation_id",
        /// `gl_WorkGroupID`.
        WorkgroupId = "workgroup_id",
        /// `gl_NumWorkGroups`.
        NumWorkgroups = "num_workgroups",
    }
}

impl SysVal {
    /// The value's type.
    pub const fn ty(self) -> ValType {
        use SysVal::*;
        match self {
            FragCoord => ValType::F32X4,
            FrontFacing | HelperInvocation => ValType::BOOL,
            PointCoord | SamplePos | TessLevelInnerIn => ValType::F32X2,
            TessCoord => ValType::F32X3,
            TessLevelOuterIn => ValType::F32X4,
            LocalInvocationId | GlobalInvocationId | WorkgroupId | NumWorkgroups => ValType::U32X3,
            LocalInvocationIndex => ValType::U32,
            SampleId | SampleMaskIn | LayerIn | ViewportIndexIn | VertexId | InstanceId
            | BaseVertex | BaseInstance | DrawId | InvocationId | PrimitiveId | PatchVertices => {
                ValType::I32
            }
        }
    }

    /// Whether the value exists in `stage`.
    pub fn in_stage(self, stage: Stage) -> bool {
        use Stage::*;
        use SysVal::*;
        match self {
            FragCoord | FrontFacing | PointCoord | SampleId | SamplePos | SampleMaskIn
            | HelperInvocation | LayerIn | ViewportIndexIn => stage == Fragment,
            VertexId | InstanceId | BaseVertex | BaseInstance | DrawId => stage == Vertex,
            InvocationId => matches!(stage, Geometry | TessControl),
            PrimitiveId => matches!(stage, Geometry | TessControl | TessEval | Fragment),
            PatchVertices => matches!(stage, TessControl | TessEval),
            TessCoord | TessLevelOuterIn | TessLevelInnerIn => stage == TessEval,
            LocalInvocationId | LocalInvocationIndex | GlobalInvocationId | WorkgroupId
            | NumWorkgroups => stage == Compute,
        }
    }
}

named_enum! {
    /// Built-in varyings: the slots of inputs and outputs that are not user
    /// locations.
    pub enum Builtin {
        /// `gl_Position` (f32x4).
        Position = "position",
        /// `gl_PointSize` (f32).
        PointSize = "point_size",
        /// `gl_ClipDistance[]` (array of f32).
        ClipDistance = "clip_distance",
        /// `gl_CullDistance[]` (array of f32).
        CullDistance = "cull_distance",
        /// `gl_ClipVertex` (compatibility, f32x4).
        ClipVertex = "clip_vertex",
        /// `gl_FragDepth` (f32).
        FragDepth = "frag_depth",
        /// `gl_SampleMask[]` (array of i32).
        SampleMask = "sample_mask",
        /// `gl_FragStencilRefARB` (i32).
        StencilRef = "stencil_ref",
        /// `gl_Layer` written by geometry/vertex (i32).
        Layer = "layer",
        /// `gl_ViewportIndex` written by geometry/vertex (i32).
        ViewportIndex = "viewport_index",
        /// `gl_PrimitiveID` written by geometry (i32).
        PrimitiveId = "primitive_id",
        /// `gl_TessLevelOuter` written by tessellation control (f32 array of 4).
        TessLevelOuter = "tess_level_outer",
        /// `gl_TessLevelInner` written by tessellation control (f32 array of 2).
        TessLevelInner = "tess_level_inner",
    }
}

impl Builtin {
    /// Whether `stage` may declare this built-in as an input (`output ==
    /// false`) or an output. Per-vertex inputs of the tessellation and
    /// geometry stages (`gl_in[]`) are arrays of the built-in.
    pub fn allowed(self, stage: Stage, output: bool) -> bool {
        use Builtin::*;
        use Stage::*;
        let pre_raster = matches!(stage, Vertex | TessControl | TessEval | Geometry);
        match self {
            Position | PointSize | ClipDistance | CullDistance | ClipVertex => {
                if output {
                    pre_raster
                } else {
                    matches!(stage, TessControl | TessEval | Geometry)
                }
            }
            FragDepth | SampleMask | StencilRef => output && stage == Fragment,
            Layer | ViewportIndex => output && matches!(stage, Vertex | TessEval | Geometry),
            PrimitiveId => output && stage == Geometry,
            TessLevelOuter | TessLevelInner => output && stage == TessControl,
        }
    }
}

named_enum! {
    /// The domain a tessellation evaluation shader's primitive generator
    /// subdivides ([`crate::Mode::TessDomain`]).
    pub enum TessDomain {
        /// Triangles (barycentric coordinates).
        Triangles = "triangles",
        /// Quads (a unit square).
        Quads = "quads",
        /// Isolines (lines across a unit square).
        Isolines = "isolines",
    }
}

named_enum! {
    /// How tessellation levels become segments
    /// ([`crate::Mode::TessSpacing`]).
    pub enum TessSpacing {
        /// `equal_spacing`: the level rounded up to an integer.
        Equal = "equal_spacing",
        /// `fractional_even_spacing`.
        FractionalEven = "fractional_even_spacing",
        /// `fractional_odd_spacing`.
        FractionalOdd = "fractional_odd_spacing",
    }
}

named_enum! {
    /// Primitive kinds of geometry-stage modes.
    pub enum Primitive {
        /// Points.
        Points = "points",
        /// Lines.
        Lines = "lines",
        /// Lines with adjacency.
        LinesAdjacency = "lines_adjacency",
        /// Triangles.
        Triangles = "triangles",
        /// Triangles with adjacency.
        TrianglesAdjacency = "triangles_adjacency",
        /// Line strips (output).
        LineStrip = "line_strip",
        /// Triangle strips (output).
        TriangleStrip = "triangle_strip",
    }
}

impl TexOp {
    /// The result type of this operation on the declared texture `decl`:
    /// 4 lanes of its kind for sampling, fetch and gather (one `f32` for a
    /// shadow sample); `i32` sizes with the layer count last; `f32x2` for
    /// `query_lod`.
    pub fn result_type(&self, decl: &TextureDecl) -> ValType {
        match self.kind {
            TexKind::Sample | TexKind::SampleLod | TexKind::SampleGrad if decl.shadow => {
                if self.shadow_vec4 {
                    ValType::F32X4
                } else {
                    ValType::F32
                }
            }
            TexKind::Sample
            | TexKind::SampleLod
            | TexKind::SampleGrad
            | TexKind::Fetch
            | TexKind::Gather => ValType::vec(decl.kind, 4),
            TexKind::QuerySize => {
                ValType::vec(Scalar::I32, decl.dim.size_lanes() + decl.arrayed as u8)
            }
            TexKind::QueryLevels | TexKind::QuerySamples => ValType::I32,
            TexKind::QueryLod => ValType::F32X2,
        }
    }
}

impl ImageOp {
    /// The result type of this operation on the declared image `decl`
    /// (`None` for `store`).
    pub fn result_type(&self, decl: &ImageDecl) -> Option<ValType> {
        Some(match self.kind {
            ImageKind::Load => ValType::vec(decl.kind, 4),
            ImageKind::Store => return None,
            ImageKind::Size => {
                ValType::vec(Scalar::I32, decl.dim.size_lanes() + decl.arrayed as u8)
            }
            ImageKind::Samples => ValType::I32,
            _ => ValType::scalar(decl.kind),
        })
    }

    /// Whether the operation is an atomic.
    pub fn is_atomic(&self) -> bool {
        !matches!(
            self.kind,
            ImageKind::Load | ImageKind::Store | ImageKind::Size | ImageKind::Samples
        )
    }
}
