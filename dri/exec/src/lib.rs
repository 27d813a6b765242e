//! SoA execution of oxgl IR shaders: the software backend's shader engine.
//!
//! A [`Program`] is an [`oxgl_ir::Shader`] compiled once into a flat,
//! register-allocated list of operations on *W-wide registers*: every IR
//! vector lane becomes one register of `W` 32-bit lanes (floats as their
//! bits), one lane per shader invocation. [`Program::run`] executes all `W`
//! invocations in lockstep with an execution mask per structured construct:
//!
//! * `if` runs `then` with `mask & cond` and `else` with `mask & !cond`,
//!   skipping an arm whose mask is empty;
//! * loops run while any lane is active; `break` and `continue` remove
//!   lanes until the loop exits / the continue construct starts;
//! * `return` removes lanes until their function ends; `discard` removes
//!   them for good (their outputs are don't-care, [`Env::mask`] reports the
//!   survivors); `demote` keeps them running as helpers but reports them dead;
//! * stores to memory and outputs only affect active lanes, while pure
//!   operations compute all lanes (cheaper than masking, and harmless: see
//!   `regalloc.rs`).
//!
//! ```
//! use oxgl_exec::{Env, NoTextures, Program, W};
//! use oxgl_ir::{Builder, Shader, Stage, ValType};
//!
//! let mut shader = Shader::new(Stage::Fragment);
//! let mut b = Builder::new(&mut shader);
//! let c = b.load_input(0, ValType::F32X4);
//! b.store_output(0, c);
//!
//! let prog = Program::compile(&shader).unwrap(); // once per shader variant
//! let mut regs = prog.new_regs::<W>(); // once per thread
//! let inputs = [[0.5f32; W]; 4]; // inputs[4 * location + component][lane]
//! let mut outputs = [[0.0f32; W]; 4];
//! let mut env = Env::new(&inputs, &mut outputs, &[], &NoTextures);
//! env.mask = 0x0ff0;
//! prog.run(&mut regs, &mut env).unwrap(); // per 16-lane batch
//! assert_eq!(env.mask, 0x0ff0);
//! assert_eq!(outputs[2][5], 0.5);
//! ```
//!
//! Runaway loops cannot hang a draw: after [`LOOP_LIMIT`] loop back-edges in
//! one run, execution stops, every lane is reported dead (`env.mask = 0`)
//! and [`Program::run`] returns [`LoopLimit`].
//!
//! # Lanes and the quad layout
//!
//! The lane count is the const parameter `N` of [`Env`], [`Regs`] and
//! [`TextureHost`] (default [`W`] = 16; 4, 8, 16 and 32 are supported).
//! Fragment lanes form a block of pixels, row-major, rows of `R = 4` lanes
//! (`R = 2` when `N = 4`): lane `R·y + x`. With 16 lanes that is a 4×4 block
//! of four 2×2 quads, the rasterizer's `QuadBatch`. Derivatives, for lane `l`:
//!
//! * fine: `dFdx = v[l | 1] - v[l & !1]`, `dFdy = (v[l | R] - v[l & !R]) · y_sign`;
//! * coarse: the same at the quad's top-left lane `q = l & !(1 | R)` for every
//!   lane of the quad;
//! * `ddx`/`ddy` (implementation's choice) are fine; `fwidth` is
//!   `abs(ddx) + abs(ddy)` in the IR.
//!
//! # Semantics
//!
//! Results are bit-identical to the reference interpreter
//! (`oxgl_ir::interp`) for every operation, transcendental functions
//! included (both call the same Rust `f32` functions), except: NaN payloads
//! may differ; derivatives (the interpreter has no neighbours and returns
//! 0); locals of a function inlined twice are zeroed per call only where the
//! shader may read them before writing them; a uniform variable that extends
//! past the end of [`Env::uniforms`] reads 0 only in the missing bytes (the
//! interpreter zeroes the whole variable).
//!
//! Supported: vertex, tessellation control and evaluation, geometry and
//! fragment shaders over `f32`, `i32`, `u32`, `bool` and `f64`; every ALU
//! operation on them; locals and privates (arrays and structs, constant
//! and dynamic indices), inputs and outputs at locations,
//! the built-in outputs `position`, `point_size`, `clip_distance`,
//! `frag_depth`; the default uniform block; the system values listed in
//! [`ProgramInfo::system_values`]'s docs; derivatives; texture operations
//! through [`TextureHost`]; `if`, loops, `break`, `continue`, `return`,
//! `discard`, `demote` and calls (inlined). Everything else is a
//! [`CompileError`] naming the feature.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod alu;
#[allow(missing_docs)]
pub mod code;
mod compile;
mod exec;
mod pattern;
mod regalloc;

pub use exec::{Fiber, atomic_rmw};
pub use pattern::{Chan, TexModulate, fsat};

/// The engine's lane-wise unary operation `op` over `N` lanes (floats as
/// bits), for code generators that call it instead of emitting it.
pub fn un_lanes<const N: usize>(op: code::Un, x: &[u32; N]) -> [u32; N] {
    alu::un_lanes(op, x)
}

/// The engine's lane-wise binary operation `op` over `N` lanes.
pub fn bin_lanes<const N: usize>(op: code::Bin, x: &[u32; N], y: &[u32; N]) -> [u32; N] {
    alu::bin_lanes(op, x, y)
}

use oxgl_ir::{ImageDecl, ImageOp, Stage, SysVal, TexOp, TextureDecl};
use std::fmt;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// The default lane count: 16 fragments (four 2×2 quads) or 16 vertices.
pub const W: usize = 16;

/// Geometry stage inputs (`Env::inputs`): vertex `v` of the input
/// primitive is a record of [`GS_VERTEX_LOCATIONS`] locations starting at
/// flat component `v * 4 * GS_VERTEX_LOCATIONS`: user locations below
/// [`GS_USER_LOCATIONS`] (an input `T x[]` at location `L` reads
/// location `L` of each record), then `gl_in[v].gl_Position`,
/// `gl_PointSize` and `gl_ClipDistance[i]` (one location each).
pub const GS_USER_LOCATIONS: u32 = 32;
/// `gl_in[].gl_Position`'s location in a geometry input vertex record.
pub const GS_POSITION_LOCATION: u32 = GS_USER_LOCATIONS;
/// `gl_in[].gl_PointSize`'s location (component x).
pub const GS_POINT_SIZE_LOCATION: u32 = GS_USER_LOCATIONS + 1;
/// `gl_in[].gl_ClipDistance[i]` is at this location plus `i` (component x).
pub const GS_CLIP_DISTANCE_LOCATION: u32 = GS_USER_LOCATIONS + 2;
/// Locations of one geometry input vertex record.
pub const GS_VERTEX_LOCATIONS: u32 = GS_CLIP_DISTANCE_LOCATION + 8;

/// Tessellation stages: vertices of a patch (`Env::vertices` columns;
/// `GL_MAX_PATCH_VERTICES`).
pub const MAX_PATCH_VERTICES: usize = 32;

/// The first [`Env::buffers`] slot of the atomic counter buffers: binding
/// point `b` is slot `COUNTER_SLOT0 + b`.
pub const COUNTER_SLOT0: usize = 0;
/// Atomic counter buffer binding points a program may use
/// (`GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS`, llvmpipe's value).
pub const MAX_COUNTER_BUFFERS: usize = 16;
/// The first [`Env::buffers`] slot of the shader storage blocks: a
/// program's block `i` (`oxgl_ir::VarKind::StorageBlock::binding`, the
/// program's block index, not the GL binding point) is slot
/// `STORAGE_SLOT0 + i`.
pub const STORAGE_SLOT0: usize = COUNTER_SLOT0 + MAX_COUNTER_BUFFERS;
/// Shader storage blocks a program may use
/// (`GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS`).
pub const MAX_STORAGE_BLOCKS: usize = 32;
/// The [`Env::buffers`] slot of a compute shader's workgroup-shared
/// memory: its `shared` variables one after the other
/// ([`ProgramInfo::shared_bytes`]).
pub const SHARED_SLOT: usize = STORAGE_SLOT0 + MAX_STORAGE_BLOCKS;
/// `GL_MAX_COMPUTE_SHARED_MEMORY_SIZE` (llvmpipe's value).
pub const MAX_SHARED_BYTES: u32 = 32768;
/// Patch variables at `oxgl_ir::PATCH_LOCATION0 + k` for `k` below this.
pub const PATCH_USER_LOCATIONS: u32 = 32;
/// `gl_TessLevelOuter[i]` is component `PATCH_TESS_LEVEL_OUTER + 4 i` of
/// [`Env::patch`] (one location an element, as for any patch array).
pub const PATCH_TESS_LEVEL_OUTER: u32 = 4 * PATCH_USER_LOCATIONS;
/// `gl_TessLevelInner[i]` is component `PATCH_TESS_LEVEL_INNER + 4 i`.
pub const PATCH_TESS_LEVEL_INNER: u32 = PATCH_TESS_LEVEL_OUTER + 16;
/// Components of [`Env::patch`]: the user patch locations, then the
/// outer and inner tessellation levels.
pub const PATCH_COMPONENTS: usize = PATCH_TESS_LEVEL_INNER as usize + 8;

/// Where a geometry shader's `EmitVertex` and `EndPrimitive` go: one
/// invocation per lane, each lane an input primitive.
pub trait GeometrySink<const N: usize = W> {
    /// The lanes of `mask` emit a vertex to vertex stream `stream` (0 to
    /// 3, ARB_gpu_shader5): their current outputs
    /// (`outputs[4 * location + component][lane]`) and built-ins.
    fn emit_vertex(&mut self, mask: u32, stream: u8, out: &GeometryVertex<'_, N>);
    /// The lanes of `mask` end their current output strip of `stream`.
    fn end_primitive(&mut self, mask: u32, stream: u8);
}

/// Fragment inputs evaluated elsewhere in the pixel (ARB_gpu_shader5's
/// `interpolateAt*`), from the primitive's planes.
pub trait Interpolator<const N: usize = W> {
    /// Input component `c[lane]` (flat, `4 * location + component`) of
    /// each lane, interpolated `(dx, dy)` pixels from the pixel centre (GL
    /// window orientation: y up). Components past the inputs read 0.
    fn at(&self, c: &[u32; N], dx: &[f32; N], dy: &[f32; N]) -> [f32; N];
    /// Sample `i`'s position relative to the pixel centre; `[0, 0]` (the
    /// centre) without multisample rasterization or for no such sample.
    fn sample_offset(&self, i: i32) -> [f32; 2];
}

/// The outputs of all lanes when a geometry shader emits a vertex.
pub struct GeometryVertex<'a, const N: usize = W> {
    /// User outputs by flat component.
    pub outputs: &'a [[f32; N]],
    /// `gl_Position`.
    pub position: &'a [[f32; N]; 4],
    /// `gl_PointSize`.
    pub point_size: &'a [f32; N],
    /// `gl_ClipDistance[i]`.
    pub clip_distance: &'a [[f32; N]; 8],
    /// `gl_Layer` (`i32` bits).
    pub layer: &'a [f32; N],
    /// `gl_ViewportIndex` (`i32` bits).
    pub viewport_index: &'a [f32; N],
    /// `gl_PrimitiveID` out (`i32` bits).
    pub primitive_id: &'a [f32; N],
}

/// Loop back-edges one [`Program::run`] may take before it gives up.
pub const LOOP_LIMIT: u32 = 1 << 20;

/// Why a shader cannot be compiled: an invalid shader or a feature this
/// engine does not run. The message names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    /// What is wrong, for humans (and info logs).
    pub message: String,
}

impl CompileError {
    fn new(message: &str) -> Self {
        CompileError {
            message: message.to_owned(),
        }
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CompileError {}

/// A run stopped after [`LOOP_LIMIT`] loop iterations; every lane was
/// reported dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopLimit;

impl fmt::Display for LoopLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shader exceeded {LOOP_LIMIT} loop iterations")
    }
}

impl std::error::Error for LoopLimit {}

/// What the pipeline must know about a compiled program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramInfo {
    /// The shader's stage.
    pub stage: Stage,
    /// Input components read, per location: bit `c` of `inputs_read[l]` is
    /// component `c` of location `l`. The length is one past the highest
    /// location read.
    pub inputs_read: Vec<u8>,
    /// Output components written, per location (as `inputs_read`). Every
    /// declared output is written: with the shader's value, or 0 where the
    /// shader never stores it. The component count of location `l` is
    /// `8 - outputs_written[l].leading_zeros()`.
    pub outputs_written: Vec<u8>,
    /// Writes `gl_Position` ([`Env::position`]).
    pub writes_position: bool,
    /// Writes `gl_PointSize` ([`Env::point_size`]).
    pub writes_point_size: bool,
    /// Number of `gl_ClipDistance` elements written (at most 8).
    pub clip_distances: u8,
    /// Writes `gl_Layer` ([`Env::layer`]; geometry stage).
    pub writes_layer: bool,
    /// Writes `gl_ViewportIndex` ([`Env::viewport_index`]; geometry stage).
    pub writes_viewport_index: bool,
    /// Writes `gl_PrimitiveID` ([`Env::primitive_id_out`]; geometry stage).
    pub writes_primitive_id: bool,
    /// Writes `gl_FragDepth` ([`Env::frag_depth`]).
    pub writes_depth: bool,
    /// Writes `gl_SampleMask` ([`Env::sample_mask`]).
    pub writes_sample_mask: bool,
    /// May discard or demote lanes (disables early depth tests).
    pub uses_discard: bool,
    /// Changes memory other invocations see ([`Env::buffers`]: atomic
    /// counters; image stores and atomics): a fragment program then runs
    /// before the depth and stencil tests, on every fragment rasterized,
    /// unless it asks for early fragment tests.
    pub writes_memory: bool,
    /// Bit `s`: [`Env::buffers`] slot `s` is read or written.
    pub buffers_used: u64,
    /// Compute: bytes of workgroup-shared memory ([`SHARED_SLOT`]).
    pub shared_bytes: u32,
    /// Compute: waits at `barrier()`: its workgroup's
    /// invocations run as fibers ([`Program::run_fiber`], `Op::Barrier`).
    pub barriers: bool,
    /// Computes derivatives (helper lanes matter).
    pub uses_derivatives: bool,
    /// Interpolates inputs elsewhere in the pixel (`interpolateAt*`: the
    /// environment needs an [`Interpolator`]).
    pub interpolates_at: bool,
    /// Reads `gl_FragCoord`.
    pub reads_frag_coord: bool,
    /// Reads `gl_FrontFacing`.
    pub reads_front_facing: bool,
    /// Reads `gl_PointCoord`.
    pub reads_point_coord: bool,
    /// Every system value read. Supported: `frag_coord`, `front_facing`,
    /// `point_coord`, `helper_invocation` (fragment); `vertex_id`,
    /// `instance_id`, `base_vertex`, `base_instance`, `draw_id` (vertex).
    pub system_values: Vec<SysVal>,
    /// Declared textures (`Shader::textures.len()`).
    pub num_textures: u32,
    /// Bit `t`: texture `t` is used (for the first 32).
    pub textures_used: u32,
    /// Declared images (`Shader::images.len()`).
    pub num_images: u32,
    /// Bit `i`: image `i` is used (for the first 32).
    pub images_used: u32,
    /// Bytes of the default uniform block the program may read (one past
    /// the end of the highest uniform variable it loads).
    pub uniform_bytes: u32,
    /// Operations in the compiled program (statistics).
    pub num_ops: usize,
    /// W-wide registers per [`Regs`] (statistics).
    pub num_regs: usize,
}

impl ProgramInfo {
    fn new(stage: Stage, num_textures: u32, num_images: u32) -> Self {
        ProgramInfo {
            stage,
            inputs_read: Vec::new(),
            outputs_written: Vec::new(),
            writes_position: false,
            writes_point_size: false,
            clip_distances: 0,
            writes_layer: false,
            writes_viewport_index: false,
            writes_primitive_id: false,
            writes_depth: false,
            writes_sample_mask: false,
            uses_discard: false,
            writes_memory: false,
            buffers_used: 0,
            shared_bytes: 0,
            barriers: false,
            uses_derivatives: false,
            interpolates_at: false,
            reads_frag_coord: false,
            reads_front_facing: false,
            reads_point_coord: false,
            system_values: Vec::new(),
            num_textures,
            textures_used: 0,
            num_images,
            images_used: 0,
            uniform_bytes: 0,
            num_ops: 0,
            num_regs: 0,
        }
    }
}

/// Operands of one texture operation for all lanes, SoA: `coord[c][lane]`.
/// Integer operands (`fetch` coordinates, levels, offsets, sample indices)
/// are their bits in `f32` (`f32::to_bits(x) as i32`). Operands the
/// operation does not have are left over from an earlier call: check
/// `op.lod.is_some()` etc. on the [`TexOp`] passed with them.
#[derive(Clone, Debug)]
pub struct TexArgs<const N: usize = W> {
    /// Coordinate, `decl.dim.coord_lanes()` components (without the layer).
    pub coord: [[f32; N]; 4],
    /// Array layer.
    pub layer: [f32; N],
    /// Shadow comparison reference.
    pub compare: [f32; N],
    /// Explicit LOD (`sample_lod`) or level (`fetch`, `query_size`).
    pub lod: [f32; N],
    /// LOD bias (`sample`).
    pub bias: [f32; N],
    /// Gradient along x (`sample_grad`).
    pub ddx: [[f32; N]; 4],
    /// Gradient along y (`sample_grad`).
    pub ddy: [[f32; N]; 4],
    /// Texel offset.
    pub offset: [[f32; N]; 4],
    /// Sample index (multisample `fetch`).
    pub sample: [f32; N],
}

impl<const N: usize> Default for TexArgs<N> {
    fn default() -> Self {
        TexArgs {
            coord: [[0.0; N]; 4],
            layer: [0.0; N],
            compare: [0.0; N],
            lod: [0.0; N],
            bias: [0.0; N],
            ddx: [[0.0; N]; 4],
            ddy: [[0.0; N]; 4],
            offset: [[0.0; N]; 4],
            sample: [0.0; N],
        }
    }
}

/// Performs texture operations for all lanes at once.
///
/// A fixed-function texture environment only needs `TexKind::Sample` on a
/// 2D texture: `args.coord[0]`, `args.coord[1]` (projection is divided out
/// by the front end before the IR), plus `args.bias` when `op.bias` is
/// `Some` or `args.lod` for `TexKind::SampleLod`. Implicit-LOD sampling
/// computes derivatives from neighbouring lanes of `args.coord` with the
/// quad layout of the crate docs; lanes outside `mask` hold valid
/// coordinates for that purpose (helpers) or garbage (vertex stage).
pub trait TextureHost<const N: usize = W> {
    /// Writes the result of `op` on texture `decl` into `out[component][lane]`
    /// (`op.result_type(decl)` components; integer results as bits) for the
    /// lanes of `mask` at least.
    fn sample(
        &self,
        decl: &TextureDecl,
        op: &TexOp,
        args: &TexArgs<N>,
        mask: u32,
        out: &mut [[f32; N]; 4],
    );

    /// The sampler of `decl`'s texture for plain 2D sampling
    /// ([`code::TexCall::plain_2d`]: implicit LOD from two coordinates and
    /// nothing else), when the host has one that gives [`TextureHost::sample`]'s
    /// results with less work per call; `None` (the default) sends such
    /// calls through `sample`.
    fn plain_2d(&self, decl: &TextureDecl) -> Option<&dyn Plain2d<N>> {
        let _ = decl;
        None
    }

    /// Performs image operation `op` on image `decl` (ARB_shader_image_load_store)
    /// for the lanes of `mask`, in lane order, writing its result's
    /// components (`op.result_type(decl)`) as bits into
    /// `out[component][lane]`. Only the lanes of `mask` may store or
    /// change memory. The default has no images: loads, atomics and sizes
    /// give 0 and stores change nothing.
    fn image(
        &self,
        decl: &ImageDecl,
        op: &ImageOp,
        args: &ImageArgs<N>,
        mask: u32,
        out: &mut [[u32; N]; 4],
    ) {
        let _ = (decl, op, args, mask);
        *out = [[0; N]; 4];
    }
}

/// Plain 2D sampling of one texture ([`TextureHost::plain_2d`]): coordinates
/// `s`, `t` per lane, the result for the lanes of `mask` at least.
pub trait Plain2d<const N: usize = W> {
    /// Writes the filtered texels into `out[component][lane]`.
    fn sample(&self, s: &[f32; N], t: &[f32; N], mask: u32, out: &mut [[f32; N]; 4]);
}

/// Operands of one image operation for all lanes, SoA, as bits:
/// `coord[c][lane]`. Operands the operation does not have are left over
/// from an earlier call (see which the [`ImageOp`] has).
#[derive(Clone, Debug)]
pub struct ImageArgs<const N: usize = W> {
    /// Integer texel coordinate (`i32`): x, y, then z (3D), the layer
    /// (arrays) or the face (cube maps; `6 * layer + face` for cube map
    /// arrays).
    pub coord: [[i32; N]; 3],
    /// Sample index (multisample images).
    pub sample: [i32; N],
    /// The value to store (4 components) or combine (component 0).
    pub value: [[u32; N]; 4],
    /// The comparand of `atomic_cmpxchg`.
    pub compare: [u32; N],
}

impl<const N: usize> Default for ImageArgs<N> {
    fn default() -> Self {
        ImageArgs {
            coord: [[0; N]; 3],
            sample: [0; N],
            value: [[0; N]; 4],
            compare: [0; N],
        }
    }
}

/// A [`TextureHost`] without textures: every result is 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTextures;

impl<const N: usize> TextureHost<N> for NoTextures {
    fn sample(&self, _: &TextureDecl, _: &TexOp, _: &TexArgs<N>, _: u32, out: &mut [[f32; N]; 4]) {
        *out = [[0.0; N]; 4];
    }
}

/// Everything one run reads and writes, SoA (`[component][lane]`).
///
/// Integer inputs and outputs travel as their bits in `f32` (`i32` `-1` is
/// `f32::from_bits(0xffff_ffff)`); booleans as 0 or 1 bits.
pub struct Env<'a, const N: usize = W> {
    /// Inputs by flat component: `inputs[4 * location + component][lane]`.
    /// Missing entries read as 0.
    pub inputs: &'a [[f32; N]],
    /// Outputs by flat component, like `inputs`. Writes past the end are
    /// dropped. Lanes outside `mask | helpers` may be overwritten with
    /// garbage.
    pub outputs: &'a mut [[f32; N]],
    /// `gl_Position` out.
    pub position: [[f32; N]; 4],
    /// `gl_PointSize` out.
    pub point_size: [f32; N],
    /// `gl_ClipDistance[i]` out.
    pub clip_distance: [[f32; N]; 8],
    /// `gl_Layer` out (`i32` bits; geometry stage).
    pub layer: [f32; N],
    /// `gl_ViewportIndex` out (`i32` bits; geometry stage).
    pub viewport_index: [f32; N],
    /// `gl_PrimitiveID` out (`i32` bits; geometry stage).
    pub primitive_id_out: [f32; N],
    /// `gl_FragDepth` out.
    pub frag_depth: [f32; N],
    /// `gl_SampleMask[0]` out (`i32` bits; all ones until written).
    pub sample_mask: [f32; N],
    /// `gl_SampleID` in: the sample this run shades (0 outside
    /// multisample rasterization).
    pub sample_id: i32,
    /// `gl_SamplePosition` in: that sample's position in the pixel.
    pub sample_pos: [f32; 2],
    /// `gl_SampleMaskIn[0]` in: the samples this run covers.
    pub sample_mask_in: i32,
    /// `gl_FragCoord` in.
    pub frag_coord: [[f32; N]; 4],
    /// `gl_FrontFacing` in, one bit per lane.
    pub front_facing: u32,
    /// `gl_PointCoord` in.
    pub point_coord: [[f32; N]; 2],
    /// `gl_VertexID` in (includes the base vertex).
    pub vertex_id: [i32; N],
    /// `gl_InstanceID` in.
    pub instance_id: i32,
    /// `gl_BaseVertex` in.
    pub base_vertex: i32,
    /// `gl_BaseInstance` in.
    pub base_instance: i32,
    /// `gl_DrawID` in.
    pub draw_id: i32,
    /// `gl_PrimitiveIDIn` (geometry) or `gl_PrimitiveID` (fragment) in.
    pub primitive_id: [i32; N],
    /// `gl_InvocationID` in (geometry: the instance of an instanced
    /// geometry shader, ARB_gpu_shader5).
    pub invocation_id: [i32; N],
    /// Tessellation stages: the patch's vertices, one column each, by flat
    /// component of a vertex record (the geometry input record layout,
    /// [`GS_VERTEX_LOCATIONS`]): `vertices[4 * location + component][vertex]`.
    /// The control stage reads its input patch here, the evaluation stage
    /// the control stage's outputs (or the input patch without one).
    /// Missing entries read as 0.
    pub vertices: &'a [[f32; MAX_PATCH_VERTICES]],
    /// Tessellation stages: the patch variables (written by the control
    /// stage, read by the evaluation stage), [`PATCH_COMPONENTS`] long:
    /// `patch[4 * k + component]` for the patch variable at
    /// `oxgl_ir::PATCH_LOCATION0 + k`, then the tessellation levels
    /// ([`PATCH_TESS_LEVEL_OUTER`], [`PATCH_TESS_LEVEL_INNER`]). Accesses
    /// past the end are dropped (read 0). A store by several lanes keeps,
    /// word by word, the value of the highest lane that changes the word.
    pub patch: &'a mut [f32],
    /// `gl_TessCoord` in (evaluation stage; `None` reads 0).
    pub tess_coord: Option<&'a [[f32; N]; 3]>,
    /// `gl_PatchVerticesIn` in (tessellation stages).
    pub patch_vertices: i32,
    /// Geometry stage: where emitted vertices go (`None`: dropped).
    pub geometry: Option<&'a mut dyn GeometrySink<N>>,
    /// Fragment stage: inputs interpolated elsewhere in the pixel (`None`:
    /// `interpolateAt*` reads the inputs as they are).
    pub interpolator: Option<&'a dyn Interpolator<N>>,
    /// Compute: each lane's `gl_LocalInvocationID`.
    pub local_id: [[u32; N]; 3],
    /// Compute: `gl_WorkGroupID`.
    pub workgroup_id: [u32; 3],
    /// Compute: `gl_NumWorkGroups`.
    pub num_workgroups: [u32; 3],
    /// Compute: the workgroup's size (`gl_WorkGroupSize`).
    pub workgroup_size: [u32; 3],
    /// The default uniform block, little-endian; reads past the end give 0.
    pub uniforms: &'a [u8],
    /// In: live lanes. Out: live lanes not discarded or demoted (0 after a
    /// [`LoopLimit`]).
    pub mask: u32,
    /// Extra lanes to execute as helper invocations (fragment quads' lanes
    /// not covered, needed for derivatives); never reported live.
    pub helpers: u32,
    /// +1.0 when lane rows grow with GL y, -1.0 when they are flipped.
    pub y_sign: f32,
    /// Texture operations.
    pub textures: &'a dyn TextureHost<N>,
    /// Memory shared between invocations and with the application, as
    /// 32-bit words by slot ([`COUNTER_SLOT0`]: atomic counter buffers).
    /// A slot or word past the end reads 0 and drops writes.
    pub buffers: &'a [&'a [AtomicU32]],
}

impl<'a, const N: usize> Env<'a, N> {
    /// An environment with every lane live, no helpers, `y_sign` 1 and every
    /// system value and built-in output 0 (front facing).
    pub fn new(
        inputs: &'a [[f32; N]],
        outputs: &'a mut [[f32; N]],
        uniforms: &'a [u8],
        textures: &'a dyn TextureHost<N>,
    ) -> Self {
        Env {
            inputs,
            outputs,
            position: [[0.0; N]; 4],
            point_size: [0.0; N],
            clip_distance: [[0.0; N]; 8],
            layer: [0.0; N],
            viewport_index: [0.0; N],
            primitive_id_out: [0.0; N],
            frag_depth: [0.0; N],
            sample_mask: [f32::from_bits(u32::MAX); N],
            sample_id: 0,
            sample_pos: [0.5; 2],
            sample_mask_in: 1,
            frag_coord: [[0.0; N]; 4],
            front_facing: u32::MAX,
            point_coord: [[0.0; N]; 2],
            vertex_id: [0; N],
            instance_id: 0,
            base_vertex: 0,
            base_instance: 0,
            draw_id: 0,
            primitive_id: [0; N],
            invocation_id: [0; N],
            vertices: &[],
            patch: &mut [],
            tess_coord: None,
            patch_vertices: 0,
            geometry: None,
            interpolator: None,
            local_id: [[0; N]; 3],
            workgroup_id: [0; 3],
            num_workgroups: [0; 3],
            workgroup_size: [1; 3],
            uniforms,
            mask: lane_mask::<N>(),
            helpers: 0,
            y_sign: 1.0,
            textures,
            buffers: &[],
        }
    }
}

/// All `N` lanes as a mask.
pub const fn lane_mask<const N: usize>() -> u32 {
    if N >= 32 { u32::MAX } else { (1u32 << N) - 1 }
}

/// The register file of one thread running one [`Program`]: allocate once
/// with [`Program::new_regs`], reuse for every run. Passing it to another
/// program re-initializes it (allocating).
#[derive(Clone, Debug)]
pub struct Regs<const N: usize = W> {
    r: Vec<[u32; N]>,
    slots: Vec<u32>,
    program: u64,
    tex_args: Box<TexArgs<N>>,
    tex_out: Box<[[f32; N]; 4]>,
}

impl<const N: usize> Regs<N> {
    /// The registers (`[lane]` per register, floats as bits), for code
    /// generators: register `i` of the program is element `i`.
    pub fn file(&mut self) -> &mut [[u32; N]] {
        &mut self.r
    }
}

/// A compiled shader.
#[derive(Clone, Debug)]
pub struct Program {
    ops: Vec<code::Op>,
    consts: Vec<u32>,
    const_base: u32,
    nregs: u32,
    nslots: u32,
    tex: Vec<code::TexCall>,
    images: Vec<code::ImageCall>,
    info: ProgramInfo,
    id: u64,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Program {
    /// Validates and compiles `shader`.
    ///
    /// A compute shader runs one invocation per lane; a workgroup larger
    /// than `N` runs as several fibers ([`Program::run_fiber`]) that meet
    /// at its barriers, its `shared` variables in [`SHARED_SLOT`].
    ///
    /// The tessellation control stage runs one invocation per lane, the
    /// lanes of a run being the output vertices of one patch (so `N`
    /// must cover `layout(vertices)`): a per-vertex output is written by
    /// its own lane only (GLSL requires the index `gl_InvocationID`) and
    /// read from any lane; patch outputs and levels go to [`Env::patch`].
    /// The evaluation stage runs one invocation per lane for any domain
    /// points of one patch.
    pub fn compile(shader: &oxgl_ir::Shader) -> Result<Program, CompileError> {
        oxgl_ir::valid::validate(shader).map_err(|e| CompileError {
            message: format!("invalid shader: {e}"),
        })?;
        let mut out = compile::Compiler::new(shader).run()?;
        let const_base = out.mem_size;
        let temp_base = const_base + out.consts.len() as u32;
        let nregs = regalloc::allocate(
            &mut out.ops,
            (&mut out.tex, &mut out.images),
            &out.loops,
            &out.funcs,
            out.vregs,
            const_base,
            temp_base,
        );
        let mut info = out.info;
        info.num_ops = out.ops.len();
        info.num_regs = nregs as usize;
        Ok(Program {
            ops: out.ops,
            consts: out.consts,
            const_base,
            nregs,
            nslots: out.slots,
            tex: out.tex,
            images: out.images,
            info,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// What the pipeline must know about the program.
    pub fn info(&self) -> &ProgramInfo {
        &self.info
    }

    /// A number naming this program (unique in the process), which its
    /// [`Regs`] remember.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The flat program's operations, for code generators (`oxgl-jit`).
    pub fn ops(&self) -> &[code::Op] {
        &self.ops
    }

    /// The constant registers: the first one's index, and their values
    /// (the same in every lane).
    pub fn consts(&self) -> (u32, &[u32]) {
        (self.const_base, &self.consts)
    }

    /// The texture operations [`code::Op::Tex`] names, with their operand
    /// registers.
    pub fn tex_calls(&self) -> &[code::TexCall] {
        &self.tex
    }

    /// The image operations [`code::Op::Image`] names, with their operand
    /// registers.
    pub fn image_calls(&self) -> &[code::ImageCall] {
        &self.images
    }

    /// Registers in a [`Regs`] of this program.
    pub fn num_regs(&self) -> u32 {
        self.nregs
    }

    /// Control-flow mask slots the program uses.
    pub fn num_slots(&self) -> u32 {
        self.nslots
    }

    /// Makes `regs` ready for this program (allocating only when they
    /// belonged to another one).
    pub fn prepare_regs<const N: usize>(&self, regs: &mut Regs<N>) {
        if regs.program != self.id {
            self.reset_regs(regs);
        }
    }

    /// Runs the single data operation at `pc` (not a control-flow one,
    /// which is skipped) on `regs` and `env` for the lanes of `exec`:
    /// `exec0` are the lanes the run started with and `demoted` the lanes
    /// demoted so far. A code generator calls this for the operations it
    /// does not emit itself; `regs` must be prepared
    /// ([`Program::prepare_regs`]). Never panics on a program of this
    /// crate. Inlinable, as [`Program::run`].
    #[inline(always)]
    pub fn step<const N: usize>(
        &self,
        pc: usize,
        regs: &mut Regs<N>,
        env: &mut Env<'_, N>,
        exec: u32,
        exec0: u32,
        demoted: u32,
    ) {
        exec::step(self, pc, regs, env, exec, exec0, demoted)
    }

    /// A register file for runs of this program with `N` lanes.
    pub fn new_regs<const N: usize>(&self) -> Regs<N> {
        let mut regs = Regs {
            r: Vec::new(),
            slots: Vec::new(),
            program: 0,
            tex_args: Box::default(),
            tex_out: Box::new([[0.0; N]; 4]),
        };
        self.reset_regs(&mut regs);
        regs
    }

    fn reset_regs<const N: usize>(&self, regs: &mut Regs<N>) {
        regs.r.clear();
        regs.r.resize(self.nregs as usize, [0; N]);
        for (i, c) in self.consts.iter().enumerate() {
            if let Some(r) = regs.r.get_mut(self.const_base as usize + i) {
                *r = [*c; N];
            }
        }
        regs.slots.clear();
        regs.slots.resize(self.nslots as usize, 0);
        regs.program = self.id;
    }

    /// Runs the program for the lanes of `env.mask | env.helpers`.
    ///
    /// Does not allocate (unless `regs` belongs to another program) and
    /// never panics on any input. Returns [`LoopLimit`] when a runaway loop
    /// was stopped (then `env.mask == 0`). Inlinable, so a caller compiled
    /// for a wider instruction set (`#[target_feature]`) gets lane loops of
    /// that width.
    #[inline(always)]
    pub fn run<const N: usize>(
        &self,
        regs: &mut Regs<N>,
        env: &mut Env<'_, N>,
    ) -> Result<(), LoopLimit> {
        const {
            assert!(
                N == 4 || N == 8 || N == 16 || N == 32,
                "N must be 4, 8, 16 or 32"
            );
        }
        if regs.program != self.id {
            self.reset_regs(regs);
        }
        exec::run(self, regs, env)
    }

    /// Runs the program as one fiber of a compute workgroup: from the
    /// start with a new `fiber` (`Fiber::default()`), else from the
    /// barrier where it stopped, with the same `regs`. `Ok(true)` when
    /// the program ended, `Ok(false)` when it stopped at `barrier()`: the
    /// caller resumes it once every fiber of the workgroup has stopped
    /// there or ended.
    pub fn run_fiber<const N: usize>(
        &self,
        regs: &mut Regs<N>,
        env: &mut Env<'_, N>,
        fiber: &mut Fiber,
    ) -> Result<bool, LoopLimit> {
        const {
            assert!(
                N == 4 || N == 8 || N == 16 || N == 32,
                "N must be 4, 8, 16 or 32"
            );
        }
        if regs.program != self.id || !fiber.started() {
            self.reset_regs(regs);
        }
        exec::run_from(self, regs, env, fiber)
    }
}
