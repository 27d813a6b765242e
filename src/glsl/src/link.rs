//! Linking: a lowered vertex shader, geometry shader and fragment shader
//! (each may be absent — fixed function stands in for the vertex and
//! fragment stages; a geometry stage needs a vertex stage) become one
//! program the GL side can hand to a backend.
//!
//! What linking decides (`docs/glsl.md`, "Linking"):
//!
//! * **Geometry stage.** Its layout must be declared; its user inputs are
//!   matched with the vertex outputs of their names and placed together.
//!   Below it, the geometry stage is what the varyings, transform
//!   feedback and colour clamping see as the stage before rasterization.
//! * **Varyings.** User varyings are matched by name (types must agree; a
//!   fragment input the fragment shader reads must be written by the vertex
//!   shader) and packed into the lowest locations the compatibility varyings
//!   of either stage leave free (`gl_FrontColor` 0 ... `gl_FogFragCoord` 12
//!   keep theirs, so fixed function can stand in for either stage). Vertex
//!   outputs nobody reads and fragment inputs nobody reads become private
//!   variables, removed by the optimizer.
//! * **Attributes.** User vertex inputs get generic attribute indices:
//!   `glBindAttribLocation`'s first, then the lowest free ones, largest
//!   attributes first (as Mesa); index 0 stays free when `gl_Vertex` is read
//!   (it aliases the vertex position). The IR location of index `i` is what
//!   [`LinkOptions::attrib_slot`] says (the GL side's vertex slots).
//! * **Samplers and images.** Each stage's texture (image) bindings follow
//!   the previous stage's, so one table of textures (images) serves them
//!   all.
//! * **Uniforms.** The active uniforms of all stages, merged by name (types
//!   must agree), each with where it lives in each stage's uniform block.
//! * **Uniform blocks.** The blocks of all stages, merged by name: a block
//!   two stages declare must be declared alike (members, types, layout);
//!   each keeps where its region lies in each stage's uniform block.
//!
//! Only what the program reads is active: each stage is optimized first,
//! and a variable no instruction touches is not an attribute, varying or
//! uniform of the program.

use std::collections::{HashMap, HashSet};

use oxgl_ir::{InterpMode, Mode, Op, Primitive, Shader, Slot, VarId, VarKind};

use crate::Stage;
use crate::lower::{BlockMember, IoVar, Lowered, UniformEntry, UniformKind};

/// `GL_MAX_DUAL_SOURCE_DRAW_BUFFERS`: colour numbers an index-1 fragment
/// output may take.
pub const MAX_DUAL_SOURCE_DRAW_BUFFERS: u32 = 1;

/// The fragment shader location of the second colour of dual-source
/// blending for colour 0 (`layout(location = 0, index = 1)`): past the
/// eight draw buffers' locations, where backends look for it when a blend
/// factor reads `GL_SRC1_*`.
pub const DUAL_SOURCE_LOCATION: u32 = 8;

/// The stages a program may have: vertex, tessellation control,
/// tessellation evaluation, geometry and fragment, the order of
/// [`Stages`] and of every per-stage array here.
pub const STAGES: usize = 5;

/// The first texture binding of each stage (in [`Stages`] order) of a
/// separable program: stages of different programs drawn together (a
/// program pipeline) never share a binding. 16 bindings a stage
/// (`GL_MAX_TEXTURE_IMAGE_UNITS`); the fragment stage's start at 0, as
/// fixed function's units do, which stand in for a missing one.
pub const SEPARABLE_SAMPLER_BASES: [u32; STAGES] = [16, 48, 64, 32, 0];

/// The shaders of a program, each optional: what [`link_stages`] links.
#[derive(Clone, Copy, Default)]
pub struct Stages<'a> {
    /// The vertex stage (fixed function without).
    pub vs: Option<&'a Lowered>,
    /// The tessellation control stage.
    pub tcs: Option<&'a Lowered>,
    /// The tessellation evaluation stage.
    pub tes: Option<&'a Lowered>,
    /// The geometry stage.
    pub gs: Option<&'a Lowered>,
    /// The fragment stage (fixed function without).
    pub fs: Option<&'a Lowered>,
}

/// The GL side's linking parameters.
pub struct LinkOptions<'a> {
    /// `glBindAttribLocation` bindings: attribute name and generic index.
    pub bindings: &'a [(String, u32)],
    /// `GL_MAX_VERTEX_ATTRIBS`.
    pub max_vertex_attribs: u32,
    /// `glBindFragDataLocation{,Indexed}` bindings: output name, colour
    /// number and index (1: the second source of dual-source blending).
    pub frag_bindings: &'a [(String, u32, u32)],
    /// `GL_MAX_DRAW_BUFFERS`: the fragment output locations.
    pub max_draw_buffers: u32,
    /// Varying locations the backend carries (user and compatibility).
    pub max_varying_locations: u32,
    /// The IR input location of generic attribute `i`.
    pub attrib_slot: &'a dyn Fn(u32) -> u32,
    /// The first IR input location of the vertex shader's "dual-slot"
    /// inputs: `dvec3`, `dvec4` and matrices of them take one generic
    /// attribute a column (as in Mesa) but two IR locations, which are
    /// given from here on, past every attribute slot.
    pub dual_slot_base: u32,
    /// First texture binding of a vertex shader's samplers when fixed
    /// function provides the fragment stage (its texture units are the
    /// bindings below).
    pub vs_alone_sampler_base: u32,
    /// An OpenGL ES program: a fragment input needs a vertex output of its
    /// name declared, not written (GLSL ES 1.00 §4.3.5; Mesa's rule).
    pub es: bool,
    /// The transform feedback varyings to capture (`glTransformFeedbackVaryings`).
    pub feedback: Feedback<'a>,
    /// A separable program (`GL_PROGRAM_SEPARABLE`, ARB_separate_shader_objects):
    /// the user varyings of its first stage's inputs and last stage's
    /// outputs take canonical locations ([`canonical_locations`]), so that
    /// another program's stage finds them, and outputs no stage of this
    /// program reads stay.
    pub separable: bool,
    /// The location of user varying location 0 (`layout(location = 0)`):
    /// past the compatibility varyings in a compatibility profile (13),
    /// 0 where there are none.
    pub user_varying_base: u32,
}

/// What `glTransformFeedbackVaryings` asked the link to capture
/// (EXT_transform_feedback, GL 4.6 §11.1.2.1).
#[derive(Clone, Copy, Debug, Default)]
pub struct Feedback<'a> {
    /// Varying names: `v`, `v[i]` (one element), built-ins included.
    pub names: &'a [String],
    /// `GL_SEPARATE_ATTRIBS` (else interleaved).
    pub separate: bool,
    /// `GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS`.
    pub max_interleaved_components: u32,
    /// `GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS`.
    pub max_separate_components: u32,
}

/// Where one captured component comes from in the vertex stage's outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureSource {
    /// Component `component` of output location `location`.
    Location {
        /// The output location (after linking).
        location: u32,
        /// 0–3.
        component: u32,
    },
    /// Component of `gl_Position`.
    Position(u32),
    /// `gl_PointSize`.
    PointSize,
    /// `gl_ClipDistance[i]`.
    ClipDistance(u32),
    /// A component left as it is (`gl_SkipComponentsN`,
    /// ARB_transform_feedback3): the buffer's stride counts it.
    Skip,
}

/// ARB_transform_feedback3's `gl_SkipComponentsN`: `N` (1 to 4).
pub fn skip_components(name: &str) -> Option<u32> {
    match name {
        "gl_SkipComponents1" => Some(1),
        "gl_SkipComponents2" => Some(2),
        "gl_SkipComponents3" => Some(3),
        "gl_SkipComponents4" => Some(4),
        _ => None,
    }
}

/// ARB_transform_feedback3's buffer separator: the varyings after it go to
/// the next binding (interleaved mode).
pub const NEXT_BUFFER: &str = "gl_NextBuffer";

/// A varying the program captures, in `glTransformFeedbackVaryings` order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captured {
    /// The name as given.
    pub name: String,
    /// GLSL type of one element (`vec3`, `mat2x4`); empty for
    /// `gl_NextBuffer` and `gl_SkipComponentsN` (`GL_NONE`).
    pub ty: String,
    /// Elements captured: 1 for a subscripted element or a non-array; the
    /// components skipped for `gl_SkipComponentsN`, 0 for `gl_NextBuffer`.
    pub size: u32,
    /// Every component, in the order they are written.
    pub sources: Vec<CaptureSource>,
    /// The buffer binding written: the varying's index in separate mode;
    /// in interleaved mode the `gl_NextBuffer`s before it.
    pub buffer: u32,
    /// The vertex stream the varying belongs to (ARB_gpu_shader5's
    /// `layout(stream = N)`); 0 for `gl_NextBuffer` and skips.
    pub stream: u32,
}

/// An active vertex attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// GLSL name.
    pub name: String,
    /// GLSL type.
    pub ty: String,
    /// Generic attribute index; `None` for a built-in (`gl_Vertex`).
    pub index: Option<u32>,
    /// Indices taken (matrix columns, array elements).
    pub slots: u32,
    /// A dual-slot input ([`LinkOptions::dual_slot_base`]): its first IR
    /// location; generic attribute `index + j` feeds IR locations
    /// `dual + 2j` (low words) and `dual + 2j + 1` (high words).
    pub dual: Option<u32>,
}

/// Whether a vertex shader input of GLSL type `ty` is "dual-slot": its
/// columns (or elements) have three or four doubles, two IR locations
/// each for one generic attribute.
pub fn dual_slot(ty: &str) -> bool {
    let (elem, _) = split_array(ty);
    elem.starts_with('d') && num_shape(elem).is_some_and(|(_, rows)| rows > 2)
}

/// Generic attributes a vertex shader input takes: one a column or
/// element, also for dual-slot ones.
fn api_slots(io: &IoVar) -> u32 {
    if dual_slot(&io.ty) {
        io.slots.div_ceil(2)
    } else {
        io.slots
    }
}

/// An active uniform of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uniform {
    /// Name as `glGetActiveUniform` lists it (`a[0]` for arrays).
    pub name: String,
    /// GLSL type of one element.
    pub ty: String,
    /// Element count (1 if not an array).
    pub count: u32,
    /// Where it is in the vertex stage, if that stage uses it.
    pub vs: Option<UniformKind>,
    /// The same in the tessellation control stage.
    pub tcs: Option<UniformKind>,
    /// The same in the tessellation evaluation stage.
    pub tes: Option<UniformKind>,
    /// Where it is in the geometry stage, if that stage uses it.
    pub gs: Option<UniformKind>,
    /// Where it is in the fragment stage, if that stage uses it.
    pub fs: Option<UniformKind>,
}

impl Uniform {
    /// Where it is in each stage, in [`Stages`] order.
    pub fn stage_kinds(&self) -> [Option<UniformKind>; STAGES] {
        [&self.vs, &self.tcs, &self.tes, &self.gs, &self.fs].map(Clone::clone)
    }
}

/// A uniform block of the program (ARB_uniform_buffer_object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block name (`B`, `B[1]`).
    pub name: String,
    /// `GL_UNIFORM_BLOCK_DATA_SIZE`.
    pub size: u32,
    /// `layout(binding = N)`, if given: the initial binding point (else 0).
    pub binding: Option<u32>,
    /// Its active uniforms.
    pub members: Vec<BlockMember>,
    /// Where its region starts in the vertex stage's uniform block, if
    /// that stage declares it.
    pub vs: Option<u32>,
    /// The same in the tessellation control stage.
    pub tcs: Option<u32>,
    /// The same in the tessellation evaluation stage.
    pub tes: Option<u32>,
    /// The same in the geometry stage.
    pub gs: Option<u32>,
    /// The same in the fragment stage.
    pub fs: Option<u32>,
}

impl Block {
    /// Where its region starts in each stage, in [`Stages`] order.
    pub fn stage_regions(&self) -> [Option<u32>; STAGES] {
        [self.vs, self.tcs, self.tes, self.gs, self.fs]
    }
}

/// The layout a program's geometry stage declared (GLSL 1.50 §4.3.8.1):
/// what `glGetProgramiv` reports and draws are checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeometryInfo {
    /// `GL_GEOMETRY_INPUT_TYPE`.
    pub input: Primitive,
    /// `GL_GEOMETRY_OUTPUT_TYPE`.
    pub output: Primitive,
    /// `GL_GEOMETRY_VERTICES_OUT`.
    pub max_vertices: u32,
    /// `GL_GEOMETRY_SHADER_INVOCATIONS` (1 unless declared).
    pub invocations: u32,
}

/// The layout a program's tessellation stages declared (GLSL 4.00
/// §4.3.8.1 and §4.3.8.2): what `glGetProgramiv` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TessInfo {
    /// `GL_TESS_CONTROL_OUTPUT_VERTICES`, with a control stage.
    pub vertices: Option<u32>,
    /// `GL_TESS_GEN_MODE`, with an evaluation stage.
    pub domain: Option<oxgl_ir::TessDomain>,
    /// `GL_TESS_GEN_SPACING` (equal unless declared).
    pub spacing: oxgl_ir::TessSpacing,
    /// `GL_TESS_GEN_VERTEX_ORDER`: counter-clockwise unless `cw`.
    pub ccw: bool,
    /// `GL_TESS_GEN_POINT_MODE`.
    pub point_mode: bool,
}

/// A linked program.
#[derive(Clone, Debug)]
pub struct Linked {
    /// The vertex stage (validated), `None` for fixed function. Without a
    /// geometry stage its colour outputs are clamped to [0, 1]
    /// (`GL_CLAMP_VERTEX_COLOR`'s default).
    pub vs: Option<Shader>,
    /// The tessellation control stage (validated), if any.
    pub tcs: Option<Shader>,
    /// The tessellation evaluation stage (validated), if any; without a
    /// geometry stage its colour outputs are the clamped ones.
    pub tes: Option<Shader>,
    /// The tessellation stages' layout, with either stage.
    pub tess: Option<TessInfo>,
    /// The geometry stage (validated), if the program has one; its colour
    /// outputs are the clamped ones then.
    pub gs: Option<Shader>,
    /// Its layout.
    pub geometry: Option<GeometryInfo>,
    /// The last stage before rasterization (geometry, else vertex)
    /// without that clamp, when it writes colours (`GL_CLAMP_VERTEX_COLOR`
    /// off, ARB_color_buffer_float).
    pub unclamped: Option<Shader>,
    /// The fragment stage (validated), `None` for fixed function.
    pub fs: Option<Shader>,
    /// The fragment stage for two-sided colour (`GL_VERTEX_PROGRAM_TWO_SIDE`,
    /// or two-sided fixed-function lighting): `gl_Color` and
    /// `gl_SecondaryColor` follow the facing ([`crate::two_side`]). `None`
    /// when the fragment stage reads no colour the vertex stage writes a
    /// back version of.
    pub fs_two_side: Option<Shader>,
    /// The fragment stage's colour inputs redeclared with an interpolation
    /// qualifier (`noperspective in vec4 gl_Color;`): `glShadeModel`
    /// leaves them as declared ([`crate::two_side::flat_colors`]).
    pub fs_qualified_colors: Vec<String>,
    /// Bytes of the vertex stage's default uniform block.
    pub vs_uniform_size: u32,
    /// Bytes of the tessellation control stage's default uniform block.
    pub tcs_uniform_size: u32,
    /// Bytes of the tessellation evaluation stage's default uniform block.
    pub tes_uniform_size: u32,
    /// Bytes of the geometry stage's default uniform block.
    pub gs_uniform_size: u32,
    /// Bytes of the fragment stage's default uniform block.
    pub fs_uniform_size: u32,
    /// Active attributes, in declaration order.
    pub attributes: Vec<Attribute>,
    /// User fragment outputs, the colour numbers they write and their
    /// indices (`glGetFragDataLocation`, `glGetFragDataIndex`). In the
    /// fragment shader an index-1 output at colour `c` writes location
    /// [`DUAL_SOURCE_LOCATION`] + `c`.
    pub frag_outputs: Vec<(String, u32, u32)>,
    /// Active uniforms: the vertex stage's in its order, then the geometry
    /// stage's others, then the fragment stage's.
    pub uniforms: Vec<Uniform>,
    /// The uniforms declared with `layout(location = N)` in any stage,
    /// used or not (ARB_explicit_uniform_location): name as listed, first
    /// location and locations taken (the element count). Checked: one
    /// location per name, no two overlapping, all below
    /// [`MAX_UNIFORM_LOCATIONS`].
    pub explicit_locations: Vec<(String, u32, u32)>,
    /// Each stage's subroutine uniforms declared with `layout(location =
    /// N)` (in [`Stages`] order): name as listed, first location and
    /// locations taken. Checked as [`Self::explicit_locations`], below
    /// [`MAX_SUBROUTINE_UNIFORM_LOCATIONS`], in each stage's own space.
    pub subroutine_locations: [Vec<(String, u32, u32)>; STAGES],
    /// The transform feedback varyings ([`LinkOptions::feedback`]).
    pub captured: Vec<Captured>,
    /// Uniform blocks: the vertex stage's in its order, then the geometry
    /// stage's others, then the fragment stage's.
    pub blocks: Vec<Block>,
    /// Shader storage blocks, merged by name as [`Self::blocks`]: a
    /// block's per-stage value is its index in that stage's interface.
    /// Block `i` here is `VarKind::StorageBlock`'s binding `i` in every
    /// stage's shader.
    pub storage_blocks: Vec<Block>,
    /// Each stage's subroutine functions (in [`Stages`] order;
    /// ARB_shader_subroutine), by index. Its subroutine uniforms are the
    /// [`Self::uniforms`] of kind `UniformKind::Subroutine` in that stage.
    pub subroutines: [Vec<crate::lower::SubroutineFn>; STAGES],
}

impl Linked {
    /// Each stage, in [`Stages`] order.
    pub fn stage_shaders(&self) -> [Option<&Shader>; STAGES] {
        [&self.vs, &self.tcs, &self.tes, &self.gs, &self.fs].map(Option::as_ref)
    }

    /// Bytes of each stage's default uniform block, in [`Stages`] order.
    pub fn uniform_sizes(&self) -> [u32; STAGES] {
        [
            self.vs_uniform_size,
            self.tcs_uniform_size,
            self.tes_uniform_size,
            self.gs_uniform_size,
            self.fs_uniform_size,
        ]
    }
}

/// Columns and rows of a numeric GLSL type name (`vec3` 1×3, `mat2x4`
/// 2×4, `float` 1×1); `None` for others (structs, samplers).
fn num_shape(ty: &str) -> Option<(u32, u32)> {
    if matches!(ty, "float" | "int" | "uint" | "bool" | "double") {
        return Some((1, 1));
    }
    let t = ty.strip_prefix(['i', 'u', 'b', 'd']).unwrap_or(ty);
    if let Some(n) = t.strip_prefix("vec") {
        let n: u32 = n.parse().ok()?;
        return (2..=4).contains(&n).then_some((1, n));
    }
    let m = t.strip_prefix("mat")?;
    let (c, r) = match m.split_once('x') {
        Some((c, r)) => (c.parse().ok()?, r.parse().ok()?),
        None => {
            let n: u32 = m.parse().ok()?;
            (n, n)
        }
    };
    ((2..=4).contains(&c) && (2..=4).contains(&r)).then_some((c, r))
}

/// `a[3]` -> (`a`, Some(3)); a name without a subscript -> (name, None).
/// `None` for a malformed subscript.
fn split_subscript(name: &str) -> Option<(&str, Option<u32>)> {
    match name.strip_suffix(']').and_then(|n| n.split_once('[')) {
        Some((base, idx)) => Some((base, Some(idx.parse().ok()?))),
        None => (!name.contains(['[', ']'])).then_some((name, None)),
    }
}

/// An element type and array length from a type name (`vec4[8]` ->
/// (`vec4`, Some(8))).
fn split_array(ty: &str) -> (&str, Option<u32>) {
    match ty.strip_suffix(']').and_then(|t| t.rsplit_once('[')) {
        Some((elem, n)) => (elem, n.parse().ok()),
        None => (ty, None),
    }
}

/// Variables, textures and images some reachable instruction uses.
fn referenced(shader: &Shader) -> (HashSet<VarId>, HashSet<u32>, HashSet<u32>) {
    let mut vars = HashSet::new();
    let mut textures = HashSet::new();
    let mut images = HashSet::new();
    for (_, f) in shader.funcs.iter() {
        for v in f.live_insts() {
            let op = &f.insts[v].op;
            if let Some(d) = op.deref() {
                vars.insert(d.var);
            }
            match op {
                Op::Tex(t) => {
                    textures.insert(t.texture);
                }
                Op::Image(i) => {
                    images.insert(i.image);
                }
                _ => {}
            }
        }
    }
    (vars, textures, images)
}

/// Whether the interface variable `io` (an input if `input`) is read or
/// written by an instruction.
fn io_used(shader: &Shader, used: &HashSet<VarId>, io: &IoVar, input: bool) -> bool {
    io_vars(shader, io, input).any(|v| used.contains(&v))
}

/// The IR variables behind `io`.
fn io_vars<'s>(shader: &'s Shader, io: &'s IoVar, input: bool) -> impl Iterator<Item = VarId> + 's {
    shader.vars.iter().filter_map(move |(h, v)| {
        let loc = match (&v.kind, input) {
            (
                VarKind::Input {
                    slot: Slot::Location { location, .. },
                    ..
                },
                true,
            )
            | (
                VarKind::Output {
                    slot: Slot::Location { location, .. },
                    ..
                },
                false,
            ) => *location,
            _ => return None,
        };
        let start = io.location?;
        (v.name == io.name && (start..start + io.slots).contains(&loc)).then_some(h)
    })
}

/// Moves `io` to location `to` (an input if `input`).
fn relocate(shader: &mut Shader, io: &IoVar, input: bool, to: u32) {
    let Some(from) = io.location else { return };
    let vars: Vec<VarId> = io_vars(shader, io, input).collect();
    for h in vars {
        if let VarKind::Input {
            slot: Slot::Location { location, .. },
            ..
        }
        | VarKind::Output {
            slot: Slot::Location { location, .. },
            ..
        } = &mut shader.vars[h].kind
        {
            *location = to + (*location - from);
        }
    }
}

/// Moves `io` (one location) to component `component` of location `to`.
fn relocate_packed(shader: &mut Shader, io: &IoVar, input: bool, to: u32, component: u8) {
    let vars: Vec<VarId> = io_vars(shader, io, input).collect();
    for h in vars {
        if let VarKind::Input { slot, .. } | VarKind::Output { slot, .. } = &mut shader.vars[h].kind
        {
            *slot = Slot::Location {
                location: to,
                component,
            };
        }
    }
}

/// Components of a varying that may share a location with others: a
/// scalar or vector of fewer than four components (not an array or a
/// matrix).
fn packable_width(io: &IoVar) -> Option<u8> {
    if io.slots != 1 {
        return None;
    }
    let t = io.ty.as_str();
    match t {
        "float" | "int" | "uint" | "bool" => Some(1),
        _ => {
            let n = t.strip_prefix(['i', 'u', 'b']).unwrap_or(t);
            match n {
                "vec2" => Some(2),
                "vec3" => Some(3),
                _ => None,
            }
        }
    }
}

/// The interpolation of fragment input `io`, which the varyings sharing
/// its location must have too.
fn input_interp(shader: &Shader, io: &IoVar) -> Option<String> {
    io_vars(shader, io, true)
        .next()
        .and_then(|h| match &shader.vars[h].kind {
            VarKind::Input {
                interp, sampling, ..
            } => Some(format!("{interp:?}{sampling:?}")),
            _ => None,
        })
}

/// Turns `io` into private memory: nobody on the other side of the
/// interface reads it (or it reads nothing).
fn privatize(shader: &mut Shader, io: &IoVar, input: bool) {
    let vars: Vec<VarId> = io_vars(shader, io, input).collect();
    for h in vars {
        shader.vars[h].kind = VarKind::Private;
    }
}

/// Mesa's name of an interpolation qualifier (`None`: declared without).
fn interp_name(i: Option<InterpMode>) -> &'static str {
    match i {
        None => "no",
        Some(InterpMode::Smooth) => "smooth",
        Some(InterpMode::Flat) => "flat",
        Some(InterpMode::NoPerspective) => "noperspective",
    }
}

/// A stage's shader, the variables its instructions touch, and its
/// interface variables (outputs of the stage before rasterization, inputs
/// of the fragment stage).
type StageIo<'a> = (&'a Shader, &'a HashSet<VarId>, &'a [IoVar]);

/// GLSL 1.30 §4.3.7: an output of the last stage before rasterization
/// (`pre`, named by its first element) and the fragment input of its name
/// must be declared with the same interpolation qualifier (none differs
/// from `smooth`, except in GLSL ES). `gl_Color` is fed by `gl_FrontColor`
/// and `gl_BackColor`, `gl_SecondaryColor` by the secondary ones: when the
/// fragment stage reads it, each of them the other stage writes must
/// match it. The errors are Mesa's (`cross_validate_outputs_to_inputs`);
/// GLSL 4.40 drops the rule, a version this front end does not reach.
fn interpolation_mismatches(
    pre: (&str, &Shader, &HashSet<VarId>, &[IoVar]),
    fs: StageIo<'_>,
    es: bool,
) -> String {
    let (pre_name, psh, pre_used, pre_outs) = pre;
    let (fsh, fs_used, fs_ins) = fs;
    let norm = |i: Option<InterpMode>| {
        if es {
            i.or(Some(InterpMode::Smooth))
        } else {
            i
        }
    };
    let mut errors = String::new();
    for input in fs_ins {
        let feeders: &[&str] = match input.name.as_str() {
            "gl_Color" => &["gl_FrontColor", "gl_BackColor"],
            "gl_SecondaryColor" => &["gl_FrontSecondaryColor", "gl_BackSecondaryColor"],
            name => &[name][..],
        };
        let colour = feeders.len() == 2;
        if colour && !io_used(fsh, fs_used, input, true) {
            continue;
        }
        for &name in feeders {
            let Some(out) = pre_outs.iter().find(|o| o.name == name) else {
                continue;
            };
            if colour && !io_used(psh, pre_used, out, false) {
                continue;
            }
            if norm(out.interp) != norm(input.interp) {
                errors += &format!(
                    "error: {pre_name} shader output `{}' specifies {} interpolation \
                     qualifier, but fragment shader input specifies {} interpolation \
                     qualifier\n",
                    out.name,
                    interp_name(out.interp),
                    interp_name(input.interp)
                );
            } else if out.sample != input.sample {
                // `sample` must match too (Mesa checks it in every version;
                // `centroid` it leaves alone).
                let has = |b: bool| if b { "has" } else { "lacks" };
                errors += &format!(
                    "error: {pre_name} shader output `{}' {} sample qualifier, but fragment \
                     shader input {} sample qualifier\n",
                    out.name,
                    has(out.sample),
                    has(input.sample)
                );
            }
        }
    }
    errors
}

/// A set of locations (at most 64).
#[derive(Clone, Copy, Default)]
struct Taken(u64);

impl Taken {
    fn mark(&mut self, start: u32, n: u32) {
        for l in start..(start + n).min(64) {
            self.0 |= 1 << l;
        }
    }

    fn is_free(&self, start: u32, n: u32) -> bool {
        (start..start + n).all(|l| l < 64 && self.0 & (1 << l) == 0)
    }

    /// The lowest `start >= from` with `n` free locations below `limit`.
    fn find(&self, from: u32, n: u32, limit: u32) -> Option<u32> {
        (from..limit).find(|&s| s + n <= limit && self.is_free(s, n))
    }
}

/// The name of the variable behind a uniform entry (`lights` for
/// `lights[0].dir`).
fn root_name(name: &str) -> &str {
    let end = name.find(['[', '.']).unwrap_or(name.len());
    &name[..end]
}

/// `GL_MAX_UNIFORM_LOCATIONS`: the locations a uniform may be given
/// with `layout(location = N)`.
pub const MAX_UNIFORM_LOCATIONS: u32 = 16384;
/// `GL_MAX_SUBROUTINES` (Mesa's value, the minimum).
pub const MAX_SUBROUTINES: u32 = 256;
/// `GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS` (Mesa's value, the minimum).
pub const MAX_SUBROUTINE_UNIFORM_LOCATIONS: u32 = 1024;

/// The uniforms of `lowered`'s stages declared with explicit locations
/// (see [`Linked::explicit_locations`]), with Mesa's link errors for a
/// name given two locations, locations past [`MAX_UNIFORM_LOCATIONS`] and
/// overlapping uniforms. Subroutine uniforms have locations of their own.
fn explicit_locations(
    lowered: [Option<&Lowered>; STAGES],
    errors: &mut String,
) -> Vec<(String, u32, u32)> {
    let mut out: Vec<(String, u32, u32)> = Vec::new();
    let mut differing = Vec::new();
    for l in lowered.iter().flatten() {
        let iface = &l.interface;
        for (name, at) in &iface.uniform_locations {
            let Some(e) = iface.uniforms.iter().find(|e| &e.name == name) else {
                continue;
            };
            if matches!(e.kind, UniformKind::Subroutine { .. }) {
                continue;
            }
            match out.iter().find(|(n, ..)| n == name) {
                Some((_, first, _)) if first != at => {
                    let root = root_name(name);
                    if !differing.contains(&root) {
                        differing.push(root);
                        *errors += &format!(
                            "error: location qualifiers for uniform {root} have differing \
                             values between shader stages\n"
                        );
                    }
                }
                Some(_) => {}
                None => out.push((name.clone(), *at, e.count)),
            }
        }
    }
    for (name, at, n) in &out {
        let last = u64::from(*at) + u64::from(*n);
        if last > u64::from(MAX_UNIFORM_LOCATIONS) {
            *errors += &format!(
                "error: location(s) consumed by uniform {} ({last}) exceeds \
                 MAX_UNIFORM_LOCATIONS ({MAX_UNIFORM_LOCATIONS})\n",
                root_name(name)
            );
        }
    }
    let mut sorted: Vec<&(String, u32, u32)> = out.iter().collect();
    sorted.sort_by_key(|(_, at, _)| *at);
    for w in sorted.windows(2) {
        if u64::from(w[0].1) + u64::from(w[0].2) > u64::from(w[1].1) {
            *errors += &format!(
                "error: location qualifier for uniform {} overlaps previously used location\n",
                root_name(&w[1].0)
            );
        }
    }
    out
}

/// The subroutine uniforms of one stage declared with explicit locations
/// (see [`Linked::subroutine_locations`]), with the link errors for
/// locations past [`MAX_SUBROUTINE_UNIFORM_LOCATIONS`] and overlapping
/// uniforms.
fn stage_subroutine_locations(l: &Lowered, errors: &mut String) -> Vec<(String, u32, u32)> {
    let iface = &l.interface;
    let mut out: Vec<(String, u32, u32)> = Vec::new();
    for (name, at) in &iface.uniform_locations {
        let Some(e) = iface.uniforms.iter().find(|e| &e.name == name) else {
            continue;
        };
        if !matches!(e.kind, UniformKind::Subroutine { .. }) {
            continue;
        }
        let last = u64::from(*at) + u64::from(e.count);
        if last > u64::from(MAX_SUBROUTINE_UNIFORM_LOCATIONS) {
            *errors += &format!(
                "error: location(s) consumed by subroutine uniform {} ({last}) exceeds \
                 MAX_SUBROUTINE_UNIFORM_LOCATIONS ({MAX_SUBROUTINE_UNIFORM_LOCATIONS})\n",
                root_name(name)
            );
        }
        let overlap = out
            .iter()
            .any(|&(_, a, n)| u64::from(a) < last && u64::from(*at) < u64::from(a) + u64::from(n));
        if overlap {
            *errors += &format!(
                "error: location qualifier for uniform {} overlaps previously used location\n",
                root_name(name)
            );
        }
        out.push((name.clone(), *at, e.count));
    }
    out
}

/// The names of the variables an entry may belong to: `s`, `s.inner` and
/// `s.inner.f` for `s.inner.f` (a struct holding samplers is split into a
/// variable per data member, named by its path).
fn var_prefixes(name: &str) -> impl Iterator<Item = &str> {
    name.match_indices(['[', '.'])
        .map(|(i, _)| &name[..i])
        .chain(std::iter::once(name))
}

/// The uniforms of a stage the program uses, and those declared with an
/// initializer, which stay active whether used or not (as in Mesa, whose
/// dead-code pass keeps them: the API may set them).
fn active_uniforms(shader: &Shader, lowered: &Lowered) -> Vec<UniformEntry> {
    let entries = &lowered.interface.uniforms;
    let (vars, textures, images) = referenced(shader);
    let mut used_names: HashSet<&str> =
        vars.iter().map(|&v| shader.vars[v].name.as_str()).collect();
    if let Some((init, _)) = &lowered.uniform_init {
        used_names.extend(
            init.vars
                .iter()
                .filter_map(|(_, v)| v.name.strip_suffix(".init")),
        );
    }
    let used_bindings: HashSet<u32> = textures
        .iter()
        .filter_map(|&t| shader.textures.get(t as usize).map(|d| d.binding))
        .collect();
    let used_images: HashSet<u32> = images
        .iter()
        .filter_map(|&i| shader.images.get(i as usize).map(|d| d.binding))
        .collect();
    entries
        .iter()
        .filter(|e| match e.kind {
            UniformKind::Data { .. }
            | UniformKind::Subroutine { .. }
            | UniformKind::AtomicCounter { .. } => {
                var_prefixes(&e.name).any(|n| used_names.contains(n))
            }
            UniformKind::Sampler { binding } => {
                (binding..binding + e.count).any(|b| used_bindings.contains(&b))
            }
            UniformKind::Image { binding } => {
                (binding..binding + e.count).any(|b| used_images.contains(&b))
            }
        })
        .cloned()
        .collect()
}

/// The link error for uniform `name` declared with two types.
fn mismatch(name: &str, ty_a: &str, n_a: u32, ty_b: &str, n_b: u32) -> String {
    let ty = |t: &str, n: u32| {
        if n > 1 {
            format!("{t}[{n}]")
        } else {
            t.to_owned()
        }
    };
    format!(
        "error: uniform `{}' declared as type `{}' and type `{}'\n",
        root_name(name),
        ty(ty_a, n_a),
        ty(ty_b, n_b)
    )
}

/// Whether both stages use uniform `name` (the active-uniform merge then
/// reports a mismatch itself).
fn active_mismatch(vs: &[UniformEntry], fs: &[UniformEntry], name: &str) -> bool {
    vs.iter().any(|u| u.name == name) && fs.iter().any(|u| u.name == name)
}

/// Shifts the texture bindings of `shader` and of its sampler uniforms by
/// `base`, its image bindings and image uniforms by `image_base`.
fn rebase_samplers(shader: &mut Shader, uniforms: &mut [UniformEntry], base: u32, image_base: u32) {
    for t in &mut shader.textures {
        t.binding += base;
    }
    for i in &mut shader.images {
        i.binding += image_base;
    }
    for u in uniforms {
        match &mut u.kind {
            UniformKind::Sampler { binding } => *binding += base,
            UniformKind::Image { binding } => *binding += image_base,
            _ => {}
        }
    }
}

/// GLSL ES 1.00's invariance rules across the stages (§4.6.4, "Invariance
/// and linkage"): gl_FragCoord may be invariant only if gl_Position is,
/// gl_PointCoord only if gl_PointSize is, and gl_FrontFacing never.
fn es100_invariance(vs: Option<&Lowered>, fs: Option<&Lowered>) -> String {
    let Some(fs) = fs else {
        return String::new();
    };
    let vs_inv = |name: &str| vs.is_some_and(|v| v.interface.invariant.iter().any(|n| n == name));
    let mut errors = String::new();
    for n in &fs.interface.invariant {
        let needs = match n.as_str() {
            "gl_FragCoord" => "gl_Position",
            "gl_PointCoord" => "gl_PointSize",
            "gl_FrontFacing" => {
                errors += "error: gl_FrontFacing cannot be declared invariant\n";
                continue;
            }
            _ => continue,
        };
        if !vs_inv(needs) {
            errors += &format!(
                "error: {n} can be invariant only if {needs} is (GLSL ES 1.00 \
                 §4.6.4)\n"
            );
        }
    }
    errors
}

/// The last stage before rasterization: the geometry stage when the
/// program has one, else the vertex stage.
fn last_stage<'s>(
    vsh: &'s mut Option<Shader>,
    tesh: &'s mut Option<Shader>,
    gsh: &'s mut Option<Shader>,
) -> &'s mut Option<Shader> {
    if gsh.is_some() {
        gsh
    } else if tesh.is_some() {
        tesh
    } else {
        vsh
    }
}

/// The tessellation stages' layout, or Mesa's link error for a missing
/// vertex stage, `layout(vertices)` or domain.
fn tess_info(
    tcs: Option<&Lowered>,
    tes: Option<&Lowered>,
    has_vertex: bool,
) -> Result<Option<TessInfo>, String> {
    use oxgl_ir::Mode;
    if tcs.is_none() && tes.is_none() {
        return Ok(None);
    }
    if !has_vertex {
        return Err("error: Tessellation shader must be linked with vertex shader\n".into());
    }
    let mut info = TessInfo {
        vertices: None,
        domain: None,
        spacing: oxgl_ir::TessSpacing::Equal,
        ccw: true,
        point_mode: false,
    };
    if let Some(c) = tcs {
        info.vertices = c.shader.modes.iter().find_map(|m| match m {
            Mode::OutputVertices(n) => Some(*n),
            _ => None,
        });
        if info.vertices.is_none() {
            return Err(
                "error: tessellation control shader didn't declare vertices out layout \
                 qualifier\n"
                    .into(),
            );
        }
    }
    if let Some(e) = tes {
        for m in &e.shader.modes {
            match m {
                Mode::TessDomain(d) => info.domain = Some(*d),
                Mode::TessSpacing(sp) => info.spacing = *sp,
                Mode::TessClockwise => info.ccw = false,
                Mode::TessPointMode => info.point_mode = true,
                _ => {}
            }
        }
        if info.domain.is_none() {
            return Err(
                "error: tessellation evaluation shader didn't declare input primitive modes.\n"
                    .into(),
            );
        }
    }
    Ok(Some(info))
}

/// The layout of geometry stage `g`, or Mesa's link error for a missing
/// vertex stage (GL 3.2 §2.12: a program with a geometry shader needs a
/// vertex shader) or a missing input type, output type or `max_vertices`
/// (GLSL 1.50 §4.3.8.1).
fn geometry_info(g: &Shader, has_vertex: bool) -> Result<GeometryInfo, String> {
    if !has_vertex {
        return Err("error: Geometry shader must be linked with vertex shader\n".into());
    }
    let (mut input, mut output, mut max_vertices, mut invocations) = (None, None, None, 1);
    for m in &g.modes {
        match *m {
            Mode::InputPrimitive(p) => input = Some(p),
            Mode::OutputPrimitive(p) => output = Some(p),
            Mode::MaxVertices(n) => max_vertices = Some(n),
            Mode::Invocations(n) => invocations = n,
            _ => {}
        }
    }
    let Some(input) = input else {
        return Err("error: geometry shader didn't declare primitive input type\n".into());
    };
    let Some(output) = output else {
        return Err("error: geometry shader didn't declare primitive output type\n".into());
    };
    let Some(max_vertices) = max_vertices else {
        return Err("error: geometry shader didn't declare max_vertices\n".into());
    };
    // ARB_gpu_shader5: streams other than 0 carry points only.
    let streams = g.funcs.iter().any(|(_, f)| {
        f.insts.iter().any(|(_, i)| {
            matches!(i.op, oxgl_ir::Op::EmitVertex(s) | oxgl_ir::Op::EndPrimitive(s) if s > 0)
        })
    });
    if streams && output != Primitive::Points {
        return Err(
            "error: EmitStreamVertex(n) and EndStreamPrimitive(n) with n>0 requires \
                    point output\n"
                .into(),
        );
    }
    Ok(GeometryInfo {
        input,
        output,
        max_vertices,
        invocations,
    })
}

/// ARB_separate_shader_objects: "To use any built-in input or output in
/// the gl_PerVertex [blocks] in separable program objects, shader code
/// must redeclare those blocks prior to use." As Mesa, this holds where two
/// stages of one separable program meet: a link error when either side
/// uses its `gl_PerVertex` block without redeclaring it.
fn separable_per_vertex(stages: Stages<'_>) -> Option<String> {
    let pre = [
        (Stage::Vertex, stages.vs),
        (Stage::TessControl, stages.tcs),
        (Stage::TessEval, stages.tes),
        (Stage::Geometry, stages.gs),
    ];
    let present: Vec<(Stage, &Lowered)> = pre
        .into_iter()
        .filter_map(|(stage, l)| Some((stage, l?)))
        .collect();
    present.windows(2).find_map(|w| {
        let ((out_stage, out), (in_stage, inp)) = (w[0], w[1]);
        let (name, io) = if out.interface.per_vertex_unredeclared.1 {
            (out_stage, "output")
        } else if inp.interface.per_vertex_unredeclared.0 {
            (in_stage, "input")
        } else {
            return None;
        };
        Some(format!(
            "error: the {} uses the built-in gl_PerVertex {io} block without redeclaring it, \
             which a separable program must\n",
            name.name()
        ))
    })
}

/// Whether output `o` of one stage feeds input `i` of the next: by
/// location where both declare one, else by name (GLSL 4.10 §4.4.1, as
/// Mesa matches them within a program too).
fn meets(o: &IoVar, i: &IoVar) -> bool {
    if i.explicit {
        o.explicit && o.location == i.location
    } else {
        !o.explicit && o.name == i.name
    }
}

/// Matches the user inputs of a stage reading arrays of vertices (one
/// element per input vertex: tessellation and geometry stages) with the
/// previous stage's outputs ([`meets`]) and gives each pair the lowest
/// locations both stages leave free (GLSL 1.50 §4.3.4: the types must
/// agree). Inputs the stage does not read and outputs it does not take
/// become private. The errors are Mesa's
/// (`cross_validate_outputs_to_inputs`): an input that reads a name the
/// vertex stage does not declare fails; one declared but never written
/// reads undefined values.
fn link_to_per_vertex(
    (v, v_outs): (&mut Shader, &[IoVar]),
    (g, g_ins): (&mut Shader, &[IoVar]),
    max_locations: u32,
    (v_name, g_name): (&str, &str),
) -> String {
    let v_used = referenced(v).0;
    let g_used = referenced(g).0;
    let is_user = |io: &IoVar| io.location.is_some() && !io.name.starts_with("gl_");
    // Compatibility varyings (gl_in[].gl_FrontColor) keep their locations.
    let mut taken = Taken::default();
    for io in v_outs.iter().filter(|io| !is_user(io)) {
        if let Some(l) = io.location
            && io_used(v, &v_used, io, false)
        {
            taken.mark(l, io.slots);
        }
    }
    for io in g_ins.iter().filter(|io| !is_user(io)) {
        if let Some(l) = io.location
            && io_used(g, &g_used, io, true)
        {
            taken.mark(l, io.slots);
        }
    }
    let mut errors = String::new();
    let mut matched: Vec<&str> = Vec::new();
    for io in g_ins.iter().filter(|io| is_user(io)) {
        if !io_used(g, &g_used, io, true) {
            privatize(g, io, true);
            continue;
        }
        let Some(out) = v_outs.iter().find(|o| is_user(o) && meets(o, io)) else {
            errors += &format!(
                "error: {g_name} shader input `{}' has no matching output in the previous \
                 stage\n",
                io.name
            );
            continue;
        };
        if out.ty != io.ty {
            errors += &format!(
                "error: {v_name} shader output `{}' declared as type `{}', but {g_name} shader \
                 input declared as type `{}'\n",
                io.name, out.ty, io.ty
            );
            continue;
        }
        let Some(to) = taken.find(0, io.slots, max_locations) else {
            errors += &format!(
                "error: too many varyings: no room for `{}' ({max_locations} locations \
                 available)\n",
                io.name
            );
            continue;
        };
        taken.mark(to, io.slots);
        relocate(g, io, true, to);
        relocate(v, out, false, to);
        matched.push(out.name.as_str());
    }
    for io in v_outs.iter().filter(|io| is_user(io)) {
        if !matched.contains(&io.name.as_str()) {
            privatize(v, io, false);
        }
    }
    errors
}

/// Matches the tessellation evaluation stage's user inputs with the
/// control stage's outputs by name, per-vertex with per-vertex and patch
/// with patch, and gives each pair the lowest locations of its kind both
/// leave free (patch variables from [`oxgl_ir::PATCH_LOCATION0`] on).
/// Inputs the evaluation stage does not read become private; outputs it
/// does not take get locations of their own, since other invocations of
/// the control stage may read them.
fn link_control_to_evaluation(
    (c, c_outs): (&mut Shader, &[IoVar]),
    (e, e_ins): (&mut Shader, &[IoVar]),
    max_locations: u32,
) -> String {
    /// `GL_MAX_TESS_PATCH_COMPONENTS` (120) in locations.
    const PATCH_LOCATIONS: u32 = 30;
    let c_used = referenced(c).0;
    let e_used = referenced(e).0;
    let is_user = |io: &IoVar| io.location.is_some() && !io.name.starts_with("gl_");
    let is_patch = |io: &IoVar| io.location.is_some_and(|l| l >= oxgl_ir::PATCH_LOCATION0);
    let mut taken = Taken::default();
    for io in c_outs.iter().chain(e_ins).filter(|io| !is_user(io)) {
        if let Some(l) = io.location.filter(|&l| l < oxgl_ir::PATCH_LOCATION0) {
            taken.mark(l, io.slots);
        }
    }
    let mut patch_taken = Taken::default();
    let mut errors = String::new();
    let mut place = |io: &IoVar, errors: &mut String| -> Option<u32> {
        let (t, base, limit) = if is_patch(io) {
            (&mut patch_taken, oxgl_ir::PATCH_LOCATION0, PATCH_LOCATIONS)
        } else {
            (&mut taken, 0, max_locations)
        };
        match t.find(0, io.slots, limit) {
            Some(to) => {
                t.mark(to, io.slots);
                Some(base + to)
            }
            None => {
                *errors += &format!(
                    "error: too many varyings: no room for `{}' ({limit} locations available)\n",
                    io.name
                );
                None
            }
        }
    };
    let mut matched: Vec<&str> = Vec::new();
    for io in e_ins.iter().filter(|io| is_user(io)) {
        if !io_used(e, &e_used, io, true) {
            privatize(e, io, true);
            continue;
        }
        let Some(out) = c_outs
            .iter()
            .find(|o| is_user(o) && meets(o, io) && is_patch(o) == is_patch(io))
        else {
            errors += &format!(
                "error: tessellation evaluation shader input `{}' has no matching output in \
                 the previous stage\n",
                io.name
            );
            continue;
        };
        if out.ty != io.ty {
            errors += &format!(
                "error: tessellation control shader output `{}' declared as type `{}', but \
                 tessellation evaluation shader input declared as type `{}'\n",
                io.name, out.ty, io.ty
            );
            continue;
        }
        let Some(to) = place(io, &mut errors) else {
            continue;
        };
        relocate(e, io, true, to);
        relocate(c, out, false, to);
        matched.push(out.name.as_str());
    }
    for io in c_outs.iter().filter(|io| is_user(io)) {
        if matched.contains(&io.name.as_str()) {
            continue;
        }
        if !io_used(c, &c_used, io, false) {
            privatize(c, io, false);
            continue;
        }
        let mut ignored = String::new();
        match place(io, &mut ignored) {
            Some(to) => relocate(c, io, false, to),
            None => privatize(c, io, false),
        }
    }
    errors
}

/// The locations of the user varyings in `ios` at a boundary between
/// separable programs (ARB_separate_shader_objects), which another
/// program's stage must find without this one: an explicit
/// `layout(location = N)` one at `base + N`, the others in Mesa's
/// canonical order (by name, so that matching by name does not depend on
/// declaration order) at the lowest locations left from `base` on.
fn canonical_locations<'a>(
    ios: &'a [IoVar],
    base: u32,
    max_locations: u32,
    errors: &mut String,
) -> Vec<(&'a IoVar, u32)> {
    let is_user = |io: &&IoVar| io.location.is_some() && !io.name.starts_with("gl_");
    let mut taken = Taken::default();
    taken.mark(0, base);
    let mut placed = Vec::new();
    let no_room = |io: &IoVar| {
        format!(
            "error: too many varyings: no room for `{}' ({max_locations} locations available)\n",
            io.name
        )
    };
    for io in ios.iter().filter(is_user).filter(|io| io.explicit) {
        let to = base + io.location.unwrap_or(0);
        if to + io.slots > max_locations {
            *errors += &no_room(io);
            continue;
        }
        taken.mark(to, io.slots);
        placed.push((io, to));
    }
    let mut named: Vec<&IoVar> = ios
        .iter()
        .filter(is_user)
        .filter(|io| !io.explicit)
        .collect();
    named.sort_by(|a, b| a.name.cmp(&b.name));
    for io in named {
        match taken.find(base, io.slots, max_locations) {
            Some(to) => {
                taken.mark(to, io.slots);
                placed.push((io, to));
            }
            None => *errors += &no_room(io),
        }
    }
    placed
}

/// Whether varyings of types `a` and `b` meet: the same type, or, matched
/// by explicit location, two structures of the same size (GLSL 4.10
/// §4.4.1 matches located variables by location; piglit's
/// `layout-location-struct` pairs `S` with an alike `S1`).
fn types_meet(a: &IoVar, b: &IoVar) -> bool {
    let is_struct = |t: &str| num_shape(split_array(t).0).is_none();
    a.ty == b.ty
        || (a.explicit && b.explicit && is_struct(&a.ty) && is_struct(&b.ty) && a.slots == b.slots)
}

/// Link errors for explicit `layout(location = N)` varyings of one stage's
/// inputs or outputs that share a location (GLSL 4.10 §4.4.1).
fn explicit_overlaps(ios: &[IoVar], stage: &str, what: &str) -> String {
    let mut errors = String::new();
    let located: Vec<&IoVar> = ios
        .iter()
        .filter(|io| io.explicit && io.location.is_some() && !io.name.starts_with("gl_"))
        .collect();
    for (i, a) in located.iter().enumerate() {
        let la = a.location.unwrap_or(0);
        for b in &located[..i] {
            let lb = b.location.unwrap_or(0);
            if la < lb + b.slots && lb < la + a.slots {
                errors += &format!(
                    "error: {stage} shader {what} `{}' and `{}' overlap at location {}\n",
                    b.name,
                    a.name,
                    la.max(lb)
                );
            }
        }
    }
    errors
}

/// Runs the optimization pipeline on a linked stage: exact algebraic
/// rules only for a stage that uses `precise` or `invariant`.
fn optimize(s: &mut Shader, exact: bool) {
    if exact {
        oxgl_ir::passes::optimize(s);
    } else {
        oxgl_ir::passes::optimize_inexact(s);
    }
}

/// Links the stages of a program: a vertex, a geometry and a fragment
/// stage, each optional (fixed function stands in for the vertex and
/// fragment stages; a geometry stage needs a vertex stage).
///
/// # Errors
/// The info-log text (`error: ...` lines) when the stages do not fit
/// together or exceed a limit.
pub fn link(
    vs: Option<&Lowered>,
    gs: Option<&Lowered>,
    fs: Option<&Lowered>,
    opts: &LinkOptions<'_>,
) -> Result<Linked, String> {
    link_stages(
        Stages {
            vs,
            gs,
            fs,
            ..Stages::default()
        },
        opts,
    )
}

/// Links the stages of a program ([`link`] with the tessellation stages):
/// the tessellation stages need a vertex stage (unless separable); each
/// stage's outputs meet the next present stage's inputs.
///
/// # Errors
/// The info-log text when the stages do not fit together.
pub fn link_stages(stages: Stages<'_>, opts: &LinkOptions<'_>) -> Result<Linked, String> {
    let Stages {
        vs,
        tcs,
        tes,
        gs,
        fs,
    } = stages;
    let errors: String = [vs, tcs, tes, gs, fs]
        .into_iter()
        .flatten()
        .flat_map(|l| &l.interface.link_errors)
        .map(|e| format!("error: {e}\n"))
        .chain(
            opts.separable
                .then(|| separable_per_vertex(stages))
                .flatten(),
        )
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let geometry = match gs {
        // A separable program's geometry stage may meet another
        // program's vertex stage.
        Some(g) => Some(geometry_info(&g.shader, vs.is_some() || opts.separable)?),
        None => None,
    };
    let tess = tess_info(tcs, tes, vs.is_some() || opts.separable)?;
    let mut vsh = vs.map(|l| l.shader.clone());
    let mut tcsh = tcs.map(|l| l.shader.clone());
    let mut tesh = tes.map(|l| l.shader.clone());
    let mut gsh = gs.map(|l| l.shader.clone());
    let mut fsh = fs.map(|l| l.shader.clone());
    // The last stage before rasterization feeds the fragment stage and
    // transform feedback.
    let (pre, pre_name) = match (gs, tes) {
        (Some(_), _) => (gs, "geometry"),
        (None, Some(_)) => (tes, "tessellation evaluation"),
        (None, None) => (vs, "vertex"),
    };
    let mut pre_outs: Vec<IoVar> = pre.map(|l| l.interface.outputs.clone()).unwrap_or_default();
    {
        let psh = last_stage(&mut vsh, &mut tesh, &mut gsh);
        if opts.feedback.names.iter().any(|n| n == "gl_ClipVertex")
            && let Some(p) = psh
        {
            capture_clip_vertex(p, &mut pre_outs, opts.max_varying_locations);
        }
    }
    let exact = |l: Option<&Lowered>| l.is_some_and(|l| l.interface.exact);
    let (vs_exact, gs_exact, fs_exact) = (exact(vs), exact(gs), exact(fs));
    let (tcs_exact, tes_exact) = (exact(tcs), exact(tes));
    for (s, exact) in [
        (&mut vsh, vs_exact),
        (&mut tcsh, tcs_exact),
        (&mut tesh, tes_exact),
        (&mut gsh, gs_exact),
        (&mut fsh, fs_exact),
    ] {
        if let Some(s) = s {
            optimize(s, exact);
        }
    }
    let mut errors = String::new();
    for (l, stage) in [
        (vs, "vertex"),
        (tcs, "tessellation control"),
        (tes, "tessellation evaluation"),
        (gs, "geometry"),
        (fs, "fragment"),
    ] {
        let Some(l) = l else { continue };
        if stage != "vertex" {
            errors += &explicit_overlaps(&l.interface.inputs, stage, "inputs");
        }
        if stage != "fragment" {
            errors += &explicit_overlaps(&l.interface.outputs, stage, "outputs");
        }
    }
    // ES contexts run GLSL ES 1.00 only (ES 3.00 has rules of its own).
    if opts.es {
        errors += &es100_invariance(vs, fs);
    }
    // The stages before rasterization, each meeting the next: the
    // vertex stage's outputs an array a vertex in the next stage, the
    // control stage's per-vertex and patch outputs the evaluation
    // stage's, the evaluation stage's an array in the geometry stage.
    if tcs.is_some() || tes.is_some() {
        let max = opts.max_varying_locations;
        let mut chain: Vec<(&mut Shader, &Lowered, &str)> = Vec::new();
        for (sh, l, name) in [
            (&mut vsh, vs, "vertex"),
            (&mut tcsh, tcs, "tessellation control"),
            (&mut tesh, tes, "tessellation evaluation"),
            (&mut gsh, gs, "geometry"),
        ] {
            if let (Some(sh), Some(l)) = (sh.as_mut(), l) {
                chain.push((sh, l, name));
            }
        }
        for i in 1..chain.len() {
            let (a, b) = chain.split_at_mut(i);
            let (prev, pl, pname) = a.last_mut().expect("i >= 1");
            let (next, nl, nname) = &mut b[0];
            let names = (*pname, *nname);
            errors += &if names == ("tessellation control", "tessellation evaluation") {
                link_control_to_evaluation(
                    (prev, &pl.interface.outputs),
                    (next, &nl.interface.inputs),
                    max,
                )
            } else {
                link_to_per_vertex(
                    (prev, &pl.interface.outputs),
                    (next, &nl.interface.inputs),
                    max,
                    names,
                )
            };
        }
    } else if let (Some(v), Some(g), Some(vl), Some(gl)) = (&mut vsh, &mut gsh, vs, gs) {
        errors += &link_to_per_vertex(
            (v, &vl.interface.outputs),
            (g, &gl.interface.inputs),
            opts.max_varying_locations,
            ("vertex", "geometry"),
        );
    } else if let (None, Some(g), Some(gl), true) = (&vsh, &mut gsh, gs, opts.separable) {
        // The first stage of a separable program: canonical inputs.
        let used = referenced(g).0;
        let (base, max) = (opts.user_varying_base, opts.max_varying_locations);
        for (io, to) in canonical_locations(&gl.interface.inputs, base, max, &mut errors) {
            if io_used(g, &used, io, true) {
                relocate(g, io, true, to);
            } else {
                privatize(g, io, true);
            }
        }
    }

    // Varyings between the last stage before rasterization and the
    // fragment stage.
    let psh = last_stage(&mut vsh, &mut tesh, &mut gsh);
    let pre_used = psh.as_ref().map(|s| referenced(s).0).unwrap_or_default();
    let fs_used = fsh.as_ref().map(|s| referenced(s).0).unwrap_or_default();
    let fs_ins: Vec<IoVar> = fs.map(|l| l.interface.inputs.clone()).unwrap_or_default();
    if let (Some(p), Some(f)) = (&*psh, &fsh) {
        errors += &interpolation_mismatches(
            (pre_name, p, &pre_used, &pre_outs),
            (f, &fs_used, &fs_ins),
            opts.es,
        );
    }
    let is_user = |io: &IoVar| io.location.is_some() && !io.name.starts_with("gl_");
    let mut taken = Taken::default();
    match &*psh {
        Some(s) => {
            for io in pre_outs.iter().filter(|io| !is_user(io)) {
                if let Some(l) = io.location
                    && io_used(s, &pre_used, io, false)
                {
                    taken.mark(l, io.slots);
                }
            }
        }
        // Fixed function writes every compatibility varying.
        None => taken.mark(0, 13),
    }
    if let Some(s) = &fsh {
        for io in fs_ins.iter().filter(|io| !is_user(io)) {
            if let Some(l) = io.location
                && io_used(s, &fs_used, io, true)
            {
                taken.mark(l, io.slots);
            }
        }
    }
    let mut matched: HashSet<&str> = HashSet::new();
    // User vertex outputs placed so far, and their locations.
    let mut placed_outs: Vec<(&str, u32)> = Vec::new();
    if opts.separable {
        // Both sides canonical: each may meet another program's stage.
        let base = opts.user_varying_base;
        let max = opts.max_varying_locations;
        if let Some(v) = &mut *psh {
            for (io, to) in canonical_locations(&pre_outs, base, max, &mut errors) {
                relocate(v, io, false, to);
                taken.mark(to, io.slots);
                matched.insert(io.name.as_str());
                placed_outs.push((io.name.as_str(), to));
            }
        }
        if let Some(f) = &mut fsh {
            for (io, to) in canonical_locations(&fs_ins, base, max, &mut errors) {
                if !io_used(f, &fs_used, io, true) {
                    privatize(f, io, true);
                    continue;
                }
                // Within the program the stages still meet (by location
                // where both give one, else by name).
                let out = pre_outs
                    .iter()
                    .find(|o| o.location.is_some() && !o.name.starts_with("gl_") && meets(o, io));
                if let (Some(_), Some(o)) = (&*psh, out)
                    && !types_meet(o, io)
                {
                    errors += &format!(
                        "error: {pre_name} shader output `{}' declared as type `{}', but \
                         fragment shader input declared as type `{}'\n",
                        o.name, o.ty, io.ty
                    );
                    continue;
                }
                relocate(f, io, true, to);
                taken.mark(to, io.slots);
            }
        }
    }
    // Explicit locations (`layout(location = N)`, GLSL 4.10 /
    // ARB_separate_shader_objects) meet by location, whatever the names.
    let explicit_at = |io: &IoVar| io.location.map(|l| opts.user_varying_base + l);
    if !opts.separable {
        for io in fs_ins.iter().filter(|io| is_user(io) && io.explicit) {
            if let Some(to) = explicit_at(io) {
                taken.mark(to, io.slots);
            }
        }
    }
    // Each varying takes whole locations; when the fragment stage's user
    // inputs cannot all have their own, scalars and short vectors of one
    // interpolation share locations instead (GLSL 4.60 §4.3.4's packing;
    // not with transform feedback, which captures by location).
    let packing = opts.feedback.names.is_empty()
        && fsh.as_ref().is_some_and(|f| {
            let needed: u32 = fs_ins
                .iter()
                .filter(|io| is_user(io) && io_used(f, &fs_used, io, true))
                .map(|io| io.slots)
                .sum();
            let free = (0..opts.max_varying_locations)
                .filter(|&l| taken.is_free(l, 1))
                .count();
            needed as usize > free
        });
    let mut shared: Vec<(u32, u8, String)> = Vec::new();
    if let Some(f) = fsh.as_mut().filter(|_| !opts.separable) {
        for io in fs_ins.iter().filter(|io| is_user(io)) {
            if !io_used(f, &fs_used, io, true) {
                privatize(f, io, true);
                continue;
            }
            let out = pre_outs.iter().find(|o| is_user(o) && meets(o, io));
            // Declared but never written counts as not written (as Mesa),
            // except in ES, where the value is undefined.
            // A member of an interface block declared in both stages is
            // matched by its block (undefined when not written, as Mesa).
            let written = match (&*psh, out) {
                (Some(_), Some(_)) if opts.es => true,
                (Some(_), Some(o)) if o.name.contains('.') => true,
                (Some(v), Some(o)) => io_used(v, &pre_used, o, false),
                _ => false,
            };
            if psh.is_some() {
                match out {
                    None if opts.es => {
                        errors += &format!(
                            "error: fragment shader varying {} not declared in {pre_name} shader\n",
                            io.name
                        );
                        continue;
                    }
                    _ if !written => {
                        errors += &format!(
                            "error: fragment shader varying {} not written by {pre_name} shader\n",
                            io.name
                        );
                        continue;
                    }
                    Some(o) if !types_meet(o, io) => {
                        errors += &format!(
                            "error: {pre_name} shader output `{}' declared as type `{}', but \
                             fragment shader input declared as type `{}'\n",
                            io.name, o.ty, io.ty
                        );
                        continue;
                    }
                    Some(_) | None => {}
                }
            }
            if io.explicit {
                let Some(to) =
                    explicit_at(io).filter(|&to| to + io.slots <= opts.max_varying_locations)
                else {
                    errors += &format!(
                        "error: too many varyings: no room for `{}' ({} locations available)\n",
                        io.name, opts.max_varying_locations
                    );
                    continue;
                };
                relocate(f, io, true, to);
                if let (Some(v), Some(o)) = (&mut *psh, out) {
                    relocate(v, o, false, to);
                    matched.insert(o.name.as_str());
                    placed_outs.push((o.name.as_str(), to));
                }
                continue;
            }
            if packing && let Some(width) = packable_width(io) {
                let interp = input_interp(f, io).unwrap_or_default();
                let free =
                    |used: u8| (0..=4 - width).find(|&c| used >> c & ((1 << width) - 1) == 0);
                let at = match shared
                    .iter_mut()
                    .find(|s| s.2 == interp && free(s.1).is_some())
                {
                    Some(s) => Some(s),
                    None => match taken.find(0, 1, opts.max_varying_locations) {
                        Some(l) => {
                            taken.mark(l, 1);
                            shared.push((l, 0, interp));
                            shared.last_mut()
                        }
                        None => None,
                    },
                };
                let Some((to, used, _)) = at else {
                    errors += &format!(
                        "error: too many varyings: no room for `{}' ({} locations available)\n",
                        io.name, opts.max_varying_locations
                    );
                    continue;
                };
                let c = free(*used).unwrap_or(0);
                *used |= ((1u8 << width) - 1) << c;
                relocate_packed(f, io, true, *to, c);
                if let (Some(v), Some(o)) = (&mut *psh, out) {
                    relocate_packed(v, o, false, *to, c);
                    matched.insert(o.name.as_str());
                    placed_outs.push((o.name.as_str(), *to));
                }
                continue;
            }
            let Some(to) = taken.find(0, io.slots, opts.max_varying_locations) else {
                errors += &format!(
                    "error: too many varyings: no room for `{}' ({} locations available)\n",
                    io.name, opts.max_varying_locations
                );
                continue;
            };
            taken.mark(to, io.slots);
            relocate(f, io, true, to);
            if let (Some(v), Some(o)) = (&mut *psh, out) {
                relocate(v, o, false, to);
                matched.insert(o.name.as_str());
                placed_outs.push((o.name.as_str(), to));
            }
        }
    }
    let captured = capture(
        psh,
        &pre_outs,
        opts,
        &mut taken,
        &mut placed_outs,
        &mut errors,
    );
    if let Some(v) = psh {
        for io in pre_outs.iter().filter(|io| is_user(io)) {
            if !matched.contains(io.name.as_str())
                && !placed_outs.iter().any(|(n, _)| *n == io.name)
            {
                privatize(v, io, false);
            }
        }
    }

    // Attributes.
    let vs_used = vsh.as_ref().map(|s| referenced(s).0).unwrap_or_default();
    let mut attributes = Vec::new();
    if let (Some(v), Some(l)) = (&mut vsh, vs) {
        let mut taken = Taken::default();
        let mut to_assign: Vec<&IoVar> = Vec::new();
        let mut placed: Vec<(&IoVar, u32)> = Vec::new();
        let active: Vec<&IoVar> = l
            .interface
            .inputs
            .iter()
            .filter(|io| io.location.is_some() && io_used(v, &vs_used, io, true))
            .collect();
        for &io in &active {
            if io.name.starts_with("gl_") {
                if io.name == "gl_Vertex" {
                    taken.mark(0, 1);
                }
                continue;
            }
            // layout(location = N) wins over glBindAttribLocation.
            let explicit = io.location.filter(|_| io.explicit);
            let bound = opts.bindings.iter().rev().find(|(n, _)| *n == io.name);
            match explicit.or(bound.map(|&(_, index)| index)) {
                Some(index) => {
                    if index + api_slots(io) > opts.max_vertex_attribs {
                        errors += &format!(
                            "error: insufficient contiguous locations available for vertex \
                             shader input `{}'\n",
                            io.name
                        );
                        continue;
                    }
                    taken.mark(index, api_slots(io));
                    placed.push((io, index));
                }
                None => to_assign.push(io),
            }
        }
        // Largest first, as Mesa; declaration order among equals.
        to_assign.sort_by_key(|io| std::cmp::Reverse(api_slots(io)));
        for io in to_assign {
            // Generic 0 is the position slot: only single-slot attributes
            // go there.
            let from = u32::from(api_slots(io) > 1);
            match taken.find(from, api_slots(io), opts.max_vertex_attribs) {
                Some(index) => {
                    taken.mark(index, api_slots(io));
                    placed.push((io, index));
                }
                None => {
                    errors += &format!(
                        "error: insufficient contiguous locations available for vertex shader \
                         input `{}'\n",
                        io.name
                    );
                }
            }
        }
        // GLSL ES 3.00 (ES 3.0 §2.12.5): no two declared attributes may
        // be bound to the same location, used or not (ES 2.0 allowed it).
        if l.interface.es_version >= 300 {
            let mut seen: Vec<(u32, u32, &str)> = Vec::new();
            for io in l
                .interface
                .inputs
                .iter()
                .filter(|io| io.location.is_some() && !io.name.starts_with("gl_"))
            {
                let explicit = io.location.filter(|_| io.explicit);
                let bound = opts.bindings.iter().rev().find(|(n, _)| *n == io.name);
                let Some(index) = explicit.or(bound.map(|&(_, index)| index)) else {
                    continue;
                };
                if let Some(&(_, _, other)) = seen
                    .iter()
                    .find(|&&(at, n, _)| index < at + n && at < index + api_slots(io))
                {
                    errors += &format!(
                        "error: vertex shader inputs `{other}' and `{}' alias (both at \
                         location {index})\n",
                        io.name
                    );
                }
                seen.push((index, api_slots(io), &io.name));
            }
        }
        let mut duals: Vec<(&str, u32)> = Vec::new();
        // Generic attribute -> IR location of a dual-slot input's words:
        // inputs aliased to one attribute read the same locations.
        let mut dual_at: HashMap<u32, u32> = HashMap::new();
        let mut next_dual = opts.dual_slot_base;
        for (io, index) in &placed {
            if dual_slot(&io.ty) {
                let at = match dual_at.get(index) {
                    Some(&at) => at,
                    None => {
                        let at = next_dual;
                        next_dual += io.slots;
                        for j in 0..api_slots(io) {
                            dual_at.entry(index + j).or_insert(at + 2 * j);
                        }
                        at
                    }
                };
                relocate(v, io, true, at);
                duals.push((io.name.as_str(), at));
            } else {
                relocate(v, io, true, (opts.attrib_slot)(*index));
            }
        }
        for io in active {
            let index = placed
                .iter()
                .find(|(p, _)| p.name == io.name)
                .map(|&(_, i)| i);
            if index.is_none() && !io.name.starts_with("gl_") {
                continue;
            }
            attributes.push(Attribute {
                name: io.name.clone(),
                ty: io.ty.clone(),
                index,
                slots: api_slots(io),
                dual: duals.iter().find(|(n, _)| *n == io.name).map(|&(_, l)| l),
            });
        }
    }

    // Fragment outputs: explicit locations stay, bound ones go to their
    // binding (glBindFragDataLocation), the others take the lowest free
    // locations in declaration order. Index-1 outputs (the second colour
    // of dual-source blending) have locations of their own, below
    // GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, and move to DUAL_SOURCE_LOCATION.
    let mut frag_outputs = Vec::new();
    if let (Some(f), Some(l)) = (&mut fsh, fs) {
        let mut taken = [Taken::default(), Taken::default()];
        let user: Vec<&IoVar> = l
            .interface
            .outputs
            .iter()
            .filter(|io| io.location.is_some() && !io.name.starts_with("gl_"))
            .collect();
        let no_room = |io: &IoVar| {
            format!(
                "error: insufficient contiguous locations available for fragment shader output \
                 `{}'\n",
                io.name
            )
        };
        let limit = |index: u32| {
            if index == 0 {
                opts.max_draw_buffers
            } else {
                MAX_DUAL_SOURCE_DRAW_BUFFERS
            }
        };
        let mut placed: Vec<(&IoVar, u32, u32)> = Vec::new();
        let mut to_assign = Vec::new();
        for &io in &user {
            let bound = opts
                .frag_bindings
                .iter()
                .rev()
                .find(|(n, _, _)| *n == io.name);
            let explicit = io.location.filter(|_| io.explicit);
            let site = match (explicit, bound) {
                (Some(at), _) => Some((at, io.index)),
                (None, Some(&(_, at, index))) => Some((at, index.min(1))),
                (None, None) => None,
            };
            match site {
                Some((at, index)) => {
                    let t = &mut taken[index as usize];
                    if at + io.slots > limit(index) || !t.is_free(at, io.slots) {
                        errors += &no_room(io);
                        continue;
                    }
                    t.mark(at, io.slots);
                    placed.push((io, at, index));
                }
                None => to_assign.push(io),
            }
        }
        for io in to_assign {
            match taken[0].find(0, io.slots, opts.max_draw_buffers) {
                Some(at) => {
                    taken[0].mark(at, io.slots);
                    placed.push((io, at, 0));
                }
                None => errors += &no_room(io),
            }
        }
        for (io, at, index) in &placed {
            let to = if *index == 1 {
                DUAL_SOURCE_LOCATION + at
            } else {
                *at
            };
            if io.location != Some(to) {
                relocate(f, io, false, to);
            }
            if *index == 1 {
                // The location now says which source it is.
                let named: Vec<VarId> = f
                    .vars
                    .iter()
                    .filter(|(_, v)| v.name == io.name)
                    .map(|(h, _)| h)
                    .collect();
                for h in named {
                    if let VarKind::Output { index, .. } = &mut f.vars[h].kind {
                        *index = 0;
                    }
                }
            }
        }
        frag_outputs = user
            .iter()
            .filter_map(|io| {
                let &(_, at, index) = placed.iter().find(|(p, _, _)| p.name == io.name)?;
                Some((io.name.clone(), at, index))
            })
            .collect();
    }

    // Uniforms and samplers.
    let lowered = [vs, tcs, tes, gs, fs];
    let mut active: [Vec<UniformEntry>; STAGES] = Default::default();
    // One table of textures serves every stage, in stage order; without a
    // fragment shader it starts above fixed function's units.
    let mut base = if fsh.is_some() {
        0
    } else {
        opts.vs_alone_sampler_base
    };
    // Images likewise, from 0.
    let mut image_base = 0;
    for (i, sh) in [&mut vsh, &mut tcsh, &mut tesh, &mut gsh, &mut fsh]
        .into_iter()
        .enumerate()
    {
        if let (Some(s), Some(l)) = (sh, lowered[i]) {
            active[i] = active_uniforms(s, l);
            // A separable program's stage may be drawn beside other
            // programs' stages: each stage has its own range.
            if opts.separable {
                base = SEPARABLE_SAMPLER_BASES[i];
                image_base = SEPARABLE_SAMPLER_BASES[i];
            }
            rebase_samplers(s, &mut active[i], base, image_base);
            base += s.textures.len() as u32;
            image_base += s.images.len() as u32;
        }
    }
    // Every uniform two stages declare must agree, used or not (as Mesa).
    let pairs = (0..STAGES).flat_map(|a| (a + 1..STAGES).map(move |b| (a, b)));
    for (a, b) in pairs {
        let (Some(la), Some(lb)) = (lowered[a], lowered[b]) else {
            continue;
        };
        for e in &lb.interface.uniforms {
            if let Some(u) = la.interface.uniforms.iter().find(|u| u.name == e.name)
                && (u.ty != e.ty || u.count != e.count)
                && !active_mismatch(&active[a], &active[b], &e.name)
            {
                errors += &mismatch(&e.name, &u.ty, u.count, &e.ty, e.count);
            }
        }
        // GLSL ES: one precision per uniform across stages — for GLSL ES
        // 3.00 whenever both declare it, for 1.00 when both use it (apps
        // rely on the latter; Mesa's rule).
        let uses = |entries: &[UniformEntry], name: &str| {
            entries.iter().any(|e| {
                e.name == name
                    || e.name
                        .strip_prefix(name)
                        .is_some_and(|r| r.starts_with('[') || r.starts_with('.'))
            })
        };
        for (name, pb) in &lb.interface.uniform_precisions {
            let Some((_, pa)) = la
                .interface
                .uniform_precisions
                .iter()
                .find(|(n, _)| n == name)
            else {
                continue;
            };
            let es3 = la.interface.es_version >= 300 || lb.interface.es_version >= 300;
            if pa != pb && (es3 || (uses(&active[a], name) && uses(&active[b], name))) {
                errors += &format!(
                    "error: declarations for uniform `{name}` have mismatching precision \
                     qualifiers\n"
                );
            }
        }
    }
    let mut uniforms: Vec<Uniform> = Vec::new();
    for (stage, entries) in active.iter().enumerate() {
        for e in entries {
            let u = match uniforms.iter_mut().find(|u| u.name == e.name) {
                Some(u) if u.ty != e.ty || u.count != e.count => {
                    errors += &mismatch(&e.name, &u.ty, u.count, &e.ty, e.count);
                    continue;
                }
                Some(u) => u,
                None => {
                    uniforms.push(Uniform {
                        name: e.name.clone(),
                        ty: e.ty.clone(),
                        count: e.count,
                        vs: None,
                        tcs: None,
                        tes: None,
                        gs: None,
                        fs: None,
                    });
                    uniforms.last_mut().expect("just pushed")
                }
            };
            *[&mut u.vs, &mut u.tcs, &mut u.tes, &mut u.gs, &mut u.fs][stage] =
                Some(e.kind.clone());
        }
    }

    let explicit_locations = explicit_locations(lowered, &mut errors);
    let subroutine_locations =
        lowered.map(|l| l.map_or_else(Vec::new, |l| stage_subroutine_locations(l, &mut errors)));
    let blocks = link_blocks(lowered, &mut errors);
    let storage_blocks = link_storage_blocks(lowered, &mut errors);
    for (stage, s) in [&mut vsh, &mut tcsh, &mut tesh, &mut gsh, &mut fsh]
        .into_iter()
        .enumerate()
    {
        let Some(s) = s else { continue };
        for h in s.vars.handles() {
            if let VarKind::StorageBlock { binding, .. } = &mut s.vars[h].kind {
                let local = *binding;
                let at = storage_blocks
                    .iter()
                    .position(|b| [b.vs, b.tcs, b.tes, b.gs, b.fs][stage] == Some(local));
                if let Some(i) = at {
                    *binding = i as u32;
                }
            }
        }
    }

    if !errors.is_empty() {
        return Err(errors);
    }
    // The stage as written serves GL_CLAMP_VERTEX_COLOR off; the colours
    // the rasterizer receives are the ones clamped.
    let mut unclamped = None;
    let psh = last_stage(&mut vsh, &mut tesh, &mut gsh);
    if let Some(p) = &mut *psh {
        let written = p.clone();
        if crate::two_side::clamp_vertex_colors(p) {
            unclamped = Some(written);
        }
    }
    let psh = &*psh;
    let back_written = |l: u32| match psh {
        // Fixed function writes both colours of both faces.
        None => true,
        Some(p) => {
            let used = referenced(p).0;
            p.vars.iter().any(|(h, var)| {
                used.contains(&h)
                    && matches!(
                        var.kind,
                        VarKind::Output {
                            slot: Slot::Location { location, .. },
                            ..
                        } if location == l
                    )
            })
        }
    };
    let mut fs_two_side = fsh
        .as_ref()
        .and_then(|f| crate::two_side::back_color_variant(f, &back_written));
    let pre_exact = match (gs, tes) {
        (Some(_), _) => gs_exact,
        (None, Some(_)) => tes_exact,
        (None, None) => vs_exact,
    };
    for (s, exact) in [
        (&mut vsh, vs_exact),
        (&mut tcsh, tcs_exact),
        (&mut tesh, tes_exact),
        (&mut gsh, gs_exact),
        (&mut unclamped, pre_exact),
        (&mut fsh, fs_exact),
        (&mut fs_two_side, fs_exact),
    ] {
        let Some(s) = s else { continue };
        optimize(s, exact);
        if let Err(e) = oxgl_ir::valid::validate(s) {
            return Err(format!(
                "error: internal error in linking: invalid IR: {e}\n"
            ));
        }
    }
    Ok(Linked {
        vs: vsh,
        tcs: tcsh,
        tes: tesh,
        tess,
        gs: gsh,
        geometry,
        unclamped,
        fs: fsh,
        fs_two_side,
        fs_qualified_colors: fs
            .map(|l| {
                l.interface
                    .inputs
                    .iter()
                    .filter(|io| io.interp.is_some() && io.name.starts_with("gl_"))
                    .map(|io| io.name.clone())
                    .collect()
            })
            .unwrap_or_default(),
        vs_uniform_size: vs.map_or(0, |l| l.interface.uniform_size),
        tcs_uniform_size: tcs.map_or(0, |l| l.interface.uniform_size),
        tes_uniform_size: tes.map_or(0, |l| l.interface.uniform_size),
        gs_uniform_size: gs.map_or(0, |l| l.interface.uniform_size),
        fs_uniform_size: fs.map_or(0, |l| l.interface.uniform_size),
        attributes,
        frag_outputs,
        uniforms,
        explicit_locations,
        subroutine_locations,
        captured,
        blocks,
        storage_blocks,
        subroutines: lowered.map(|l| l.map_or_else(Vec::new, |l| l.interface.subroutines.clone())),
    })
}

/// A block of one stage's interface as [`merge_blocks`] sees it: name,
/// size, `layout(binding)`, members and its per-stage value.
type StageBlock<'a> = (&'a str, u32, Option<u32>, &'a [BlockMember], u32);

/// The uniform blocks of the stages merged by name; a block two declare
/// must be declared alike (GLSL 1.40 §4.3.7: "matching block names ...
/// must have the same member names, types, qualification and order"),
/// else a link error in Mesa's words. A block's per-stage value is where
/// its region starts in that stage's default uniform block.
fn link_blocks(stages: [Option<&Lowered>; STAGES], errors: &mut String) -> Vec<Block> {
    merge_blocks(stages, errors, "uniform block", |l| {
        l.interface
            .blocks
            .iter()
            .map(|b| (&*b.name, b.size, b.binding, &b.members[..], b.offset))
            .collect()
    })
}

/// The shader storage blocks of the stages merged by name, as
/// [`link_blocks`] merges uniform blocks (GLSL 4.30 §4.3.9); a block's
/// per-stage value is its index in that stage's interface.
fn link_storage_blocks(stages: [Option<&Lowered>; STAGES], errors: &mut String) -> Vec<Block> {
    merge_blocks(stages, errors, "shader storage block", |l| {
        l.interface
            .storage_blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (&*b.name, b.size, b.binding, &b.members[..], i as u32))
            .collect()
    })
}

/// The blocks `of` lists for each stage, merged by name (`what` names
/// their kind in the link errors).
fn merge_blocks<'a>(
    stages: [Option<&'a Lowered>; STAGES],
    errors: &mut String,
    what: &str,
    of: impl Fn(&'a Lowered) -> Vec<StageBlock<'a>>,
) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    // GLSL 1.50 §4.3.7: a block declared as an array (of arrays) in two
    // stages has the same dimensions in both: each stage's element
    // names by block name.
    let mut shapes: Vec<(&str, Vec<&str>)> = Vec::new();
    for l in stages.into_iter().flatten() {
        let mut mine: Vec<(&str, Vec<&str>)> = Vec::new();
        for (name, ..) in of(l) {
            let (base, suffix) = name.split_at(name.find('[').unwrap_or(name.len()));
            match mine.iter_mut().find(|(b, _)| *b == base) {
                Some((_, s)) => s.push(suffix),
                None => mine.push((base, vec![suffix])),
            }
        }
        for (base, suffixes) in mine {
            match shapes.iter().find(|(b, _)| *b == base) {
                Some((_, s)) if *s != suffixes => {
                    *errors += &format!(
                        "error: {what} `{base}' is declared as arrays of different sizes\n"
                    );
                }
                Some(_) => {}
                None => shapes.push((base, suffixes)),
            }
        }
    }
    for (stage, l) in stages.into_iter().enumerate() {
        let Some(l) = l else { continue };
        for (name, size, binding, members, value) in of(l) {
            let i = match blocks.iter().position(|x| x.name == name) {
                Some(i) => {
                    let x = &blocks[i];
                    if x.members != members || x.size != size {
                        *errors += &format!("error: definitions of {what} `{name}' do not match\n");
                    } else if x.binding.is_some() && binding.is_some() && x.binding != binding {
                        *errors += &format!("error: {what} `{name}' has mismatching bindings\n");
                    }
                    i
                }
                None => {
                    blocks.push(Block {
                        name: name.to_owned(),
                        size,
                        binding,
                        members: members.to_vec(),
                        vs: None,
                        tcs: None,
                        tes: None,
                        gs: None,
                        fs: None,
                    });
                    blocks.len() - 1
                }
            };
            let x = &mut blocks[i];
            *[&mut x.vs, &mut x.tcs, &mut x.tes, &mut x.gs, &mut x.fs][stage] = Some(value);
            x.binding = x.binding.or(binding);
        }
    }
    blocks
}

/// Makes a vertex shader's `gl_ClipVertex` capturable: lowering keeps it
/// in a private variable (it becomes clip distances at the end of
/// `main`); captured, it is also an output, at the last varying location
/// (taken before user varyings are placed).
fn capture_clip_vertex(v: &mut Shader, outs: &mut Vec<IoVar>, max_locations: u32) {
    let Some(to) = max_locations.checked_sub(1) else {
        return;
    };
    let Some((h, _)) = v
        .vars
        .iter()
        .find(|(_, var)| var.name == "gl_ClipVertex" && matches!(var.kind, VarKind::Private))
    else {
        return;
    };
    v.vars[h].kind = VarKind::Output {
        slot: Slot::Location {
            location: to,
            component: 0,
        },
        index: 0,
    };
    outs.push(IoVar {
        name: "gl_ClipVertex".to_owned(),
        ty: "vec4".to_owned(),
        location: Some(to),
        explicit: false,
        slots: 1,
        interp: None,
        index: 0,
        stream: 0,
        anonymous: false,
        sample: false,
    });
}

/// The transform feedback varyings of [`LinkOptions::feedback`]: each
/// found among the vertex stage's outputs (a user output no fragment
/// input matched gets a free location in `taken`, recorded in `placed`),
/// its components listed; Mesa's link errors for names undeclared or
/// given twice, subscripts out of range and too many components.
fn capture<'v>(
    vsh: &mut Option<Shader>,
    vs_outs: &'v [IoVar],
    opts: &LinkOptions<'_>,
    taken: &mut Taken,
    placed: &mut Vec<(&'v str, u32)>,
    errors: &mut String,
) -> Vec<Captured> {
    let fb = &opts.feedback;
    let mut out = Vec::new();
    for (i, name) in fb.names.iter().enumerate() {
        let special = name == NEXT_BUFFER || skip_components(name).is_some();
        if !special && fb.names[..i].contains(name) {
            *errors +=
                &format!("error: Transform feedback varying {name} specified more than once.\n");
            return out;
        }
    }
    let mut buffer = 0;
    for (i, name) in fb.names.iter().enumerate() {
        if fb.separate {
            buffer = i as u32;
        }
        // ARB_transform_feedback3 (the API refuses both in separate mode).
        if name == NEXT_BUFFER {
            out.push(Captured {
                name: name.clone(),
                ty: String::new(),
                size: 0,
                sources: Vec::new(),
                buffer,
                stream: 0,
            });
            buffer += 1;
            continue;
        }
        if let Some(n) = skip_components(name) {
            out.push(Captured {
                name: name.clone(),
                ty: String::new(),
                size: n,
                sources: vec![CaptureSource::Skip; n as usize],
                buffer,
                stream: 0,
            });
            continue;
        }
        let found = split_subscript(name).and_then(|(base, index)| {
            let io = vs_outs.iter().find(|o| o.name == base).or_else(|| {
                vs_outs
                    .iter()
                    .find(|o| o.anonymous && o.name.split_once('.').is_some_and(|(_, m)| m == base))
            })?;
            Some((io, index))
        });
        let (Some(v), Some((io, index))) = (vsh.as_mut(), found) else {
            *errors += &format!("error: Transform feedback varying {name} undeclared.\n");
            continue;
        };
        let (elem, len) = split_array(&io.ty);
        let Some((cols, rows)) = num_shape(elem) else {
            *errors += &format!("error: Transform feedback varying {name} undeclared.\n");
            continue;
        };
        let elements = match (index, len) {
            (None, n) => 0..n.unwrap_or(1),
            (Some(i), Some(n)) if i < n => i..i + 1,
            (Some(i), Some(n)) => {
                *errors += &format!(
                    "error: Transform feedback varying {name} has index {i}, but the array \
                     size is {n}.\n"
                );
                continue;
            }
            (Some(_), None) => {
                *errors += &format!("error: Transform feedback varying {name} undeclared.\n");
                continue;
            }
        };
        let location = match io.location {
            None => None,
            Some(l) if io.name.starts_with("gl_") => Some(l),
            Some(_) => match placed.iter().find(|(n, _)| *n == io.name) {
                Some(&(_, l)) => Some(l),
                None => {
                    let Some(to) = taken.find(0, io.slots, opts.max_varying_locations) else {
                        *errors += &format!(
                            "error: too many varyings: no room for `{}' ({} locations \
                             available)\n",
                            io.name, opts.max_varying_locations
                        );
                        continue;
                    };
                    taken.mark(to, io.slots);
                    relocate(v, io, false, to);
                    placed.push((io.name.as_str(), to));
                    Some(to)
                }
            },
        };
        // A double component is two words: a dvec3 or dvec4 column takes
        // two locations.
        let words = if elem.starts_with('d') { 2 } else { 1 };
        let col_locations = (rows * words).div_ceil(4);
        let mut sources = Vec::new();
        for e in elements.clone() {
            for c in 0..cols {
                for r in 0..rows * words {
                    sources.push(match (location, io.name.as_str()) {
                        (Some(l), _) => CaptureSource::Location {
                            location: l + (e * cols + c) * col_locations + r / 4,
                            component: r % 4,
                        },
                        (None, "gl_Position") => CaptureSource::Position(r),
                        (None, "gl_PointSize") => CaptureSource::PointSize,
                        (None, _) => CaptureSource::ClipDistance(e),
                    });
                }
            }
        }
        if io.location.is_none()
            && !matches!(
                io.name.as_str(),
                "gl_Position" | "gl_PointSize" | "gl_ClipDistance"
            )
        {
            *errors += &format!("error: Transform feedback varying {name} undeclared.\n");
            continue;
        }
        if fb.separate && sources.len() as u32 > fb.max_separate_components {
            *errors += &format!(
                "error: Transform feedback varying {name} exceeds \
                 MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS.\n"
            );
            continue;
        }
        out.push(Captured {
            name: name.clone(),
            ty: elem.to_owned(),
            size: elements.len() as u32,
            sources,
            buffer,
            stream: io.stream,
        });
        // ARB_transform_feedback3: one buffer, one vertex stream.
        let c = &out[out.len() - 1];
        if let Some(other) = out
            .iter()
            .find(|o| o.buffer == c.buffer && o.stream != c.stream && !o.ty.is_empty())
        {
            *errors += &format!(
                "error: Transform feedback can't capture varyings belonging to different \
                 vertex streams in a single buffer. Varying {} writes to buffer from stream \
                 {}, other varyings in the same buffer write from stream {}.\n",
                c.name, c.stream, other.stream
            );
        }
    }
    // Interleaved: the limit holds for each buffer, skipped components
    // included.
    let most = (0..=buffer)
        .map(|b| {
            out.iter()
                .filter(|c| c.buffer == b)
                .map(|c| c.sources.len())
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0);
    if !fb.separate && most as u32 > fb.max_interleaved_components {
        *errors += "error: The MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS limit has been \
                    exceeded.\n";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Stage, compile, lower::lower};

    fn lowered(stage: Stage, src: &str) -> Lowered {
        let c = compile(src, &Options::new(stage));
        assert!(c.success(), "{}", c.log);
        lower(&c).unwrap_or_else(|e| panic!("{e}"))
    }

    fn slot(i: u32) -> u32 {
        if i == 0 { 0 } else { 15 + i }
    }

    fn opts(bindings: &[(String, u32)]) -> LinkOptions<'_> {
        LinkOptions {
            bindings,
            max_vertex_attribs: 16,
            frag_bindings: &[],
            max_draw_buffers: 8,
            max_varying_locations: 16,
            attrib_slot: &slot,
            dual_slot_base: 64,
            vs_alone_sampler_base: 32,
            es: false,
            feedback: Feedback::default(),
            separable: false,
            user_varying_base: 13,
        }
    }

    /// Texture reads and arithmetic in a stage (`fs`, `vs`) after linking.
    fn texture_reads(s: Option<&Shader>) -> usize {
        let s = s.expect("stage");
        s.funcs
            .iter()
            .map(|(_, f)| {
                f.live_insts()
                    .into_iter()
                    .filter(|&v| matches!(f.insts[v].op, Op::Tex(..)))
                    .count()
            })
            .sum()
    }

    /// A texture read weighted by 0.0 (glmark2's convolution kernels) is
    /// dropped with its multiplication, as Mesa's `~fmul a 0.0` rule does,
    /// unless the stage uses `precise` or `invariant`; then ∞·0 must still
    /// give NaN and the read stays.
    #[test]
    fn zero_weighted_reads_go_unless_exact() {
        let frag = |head: &str, q: &str| {
            format!(
                "{head}uniform sampler2D t;\nvarying vec2 c;\n\
                 void main() {{ {q}vec4 r = texture2D(t, c) * 0.0 + texture2D(t, c + 0.5) * 1.0;\n\
                 gl_FragColor = r; }}\n"
            )
        };
        let fast = lowered(Stage::Fragment, &frag("#version 110\n", ""));
        assert!(!fast.interface.exact);
        let l = link(None, None, Some(&fast), &opts(&[])).expect("links");
        assert_eq!(texture_reads(l.fs.as_ref()), 1);

        let precise = lowered(
            Stage::Fragment,
            &frag("#version 400\n#define texture2D texture\n", "precise "),
        );
        assert!(precise.interface.exact);
        let l = link(None, None, Some(&precise), &opts(&[])).expect("links");
        assert_eq!(texture_reads(l.fs.as_ref()), 2);

        // `invariant` anywhere in a vertex stage, or the pragma, keeps its
        // arithmetic exact; the fragment stage linked with it is not.
        let vert = |head: &str| {
            format!(
                "#version 120\n{head}uniform sampler2D t;\nattribute vec4 p;\nvarying vec2 c;\n\
                 void main() {{ c = p.xy; gl_Position = p * 0.0 + texture2DLod(t, p.xy, 0.0); }}\n"
            )
        };
        for head in ["invariant gl_Position;\n", "#pragma STDGL invariant(all)\n"] {
            let vs = lowered(Stage::Vertex, &vert(head));
            assert!(vs.interface.exact, "{head}");
            let l = link(Some(&vs), None, Some(&fast), &opts(&[])).expect("links");
            let p = l.vs.as_ref().expect("vs");
            let muls: usize = p
                .funcs
                .iter()
                .map(|(_, f)| {
                    f.live_insts()
                        .into_iter()
                        .filter(|&v| matches!(f.insts[v].op, Op::Alu(oxgl_ir::AluOp::FMul, _)))
                        .count()
                })
                .sum();
            assert_eq!(muls, 1, "{head}: p * 0.0 kept\n{}", oxgl_ir::text::print(p));
            assert_eq!(texture_reads(l.fs.as_ref()), 1, "{head}");
        }
        let vs = lowered(Stage::Vertex, &vert(""));
        assert!(!vs.interface.exact);
    }

    /// GLSL ES: a uniform keeps one precision across stages (3.00 when
    /// declared, 1.00 when used by both); GLSL ES 3.00 attributes may not
    /// alias, used or not.
    #[test]
    fn es_precision_and_aliasing_rules() {
        let es = LinkOptions {
            es: true,
            ..opts(&[])
        };
        let vs = |v: &str, decl: &str, body: &str| {
            lowered_es(
                Stage::Vertex,
                &format!(
                    "{v}precision highp float;\n{decl}\nvoid main() {{ gl_Position = vec4({body}); }}\n"
                ),
            )
        };
        let fs = |v: &str, decl: &str, body: &str| {
            let out = if v.is_empty() { "gl_FragColor" } else { "o" };
            let decl_out = if v.is_empty() { "" } else { "out vec4 o;\n" };
            lowered_es(
                Stage::Fragment,
                &format!(
                    "{v}precision mediump float;\n{decl_out}{decl}\nvoid main() {{ {out} = vec4({body}); }}\n"
                ),
            )
        };
        let v3 = "#version 300 es\n";
        // 3.00: declared in both with other precisions, one stage using it.
        let err = link(
            Some(&vs(v3, "uniform float f;", "1.0")),
            None,
            Some(&fs(v3, "uniform float f;", "f")),
            &es,
        )
        .unwrap_err();
        assert!(
            err.contains("declarations for uniform `f` have mismatching precision qualifiers"),
            "{err}"
        );
        // The same precision written out: fine.
        assert!(
            link(
                Some(&vs(v3, "uniform float f;", "1.0")),
                None,
                Some(&fs(v3, "uniform highp float f;", "f")),
                &es,
            )
            .is_ok()
        );
        // 1.00: only when both stages use it.
        assert!(
            link(
                Some(&vs("", "uniform float f;", "1.0")),
                None,
                Some(&fs("", "uniform float f;", "f")),
                &es,
            )
            .is_ok()
        );
        assert!(
            link(
                Some(&vs("", "uniform float f;", "f")),
                None,
                Some(&fs("", "uniform float f;", "f")),
                &es,
            )
            .is_err()
        );
        // 3.00 attributes bound to one location, neither used.
        let b = [("a".to_owned(), 3), ("b".to_owned(), 3)];
        let aliased = LinkOptions {
            es: true,
            ..opts(&b)
        };
        let v = vs(v3, "in float a;\nin float b;", "0.0");
        let f = fs(v3, "", "1.0");
        let err = link(Some(&v), None, Some(&f), &aliased).unwrap_err();
        assert!(err.contains("alias"), "{err}");
        let v1 = vs("", "attribute float a;\nattribute float b;", "0.0");
        let f1 = fs("", "", "1.0");
        assert!(link(Some(&v1), None, Some(&f1), &aliased).is_ok());
    }

    fn location_of(s: &Shader, name: &str) -> Option<u32> {
        s.vars.iter().find_map(|(_, v)| match v.kind {
            VarKind::Input {
                slot: Slot::Location { location, .. },
                ..
            }
            | VarKind::Output {
                slot: Slot::Location { location, .. },
                ..
            } if v.name == name => Some(location),
            _ => None,
        })
    }

    const VS: &str = "attribute vec4 pos; attribute vec2 uv_in; attribute vec3 unused;\n\
        varying vec2 uv; varying vec4 extra;\n\
        void main() { gl_Position = pos; uv = uv_in; extra = pos;\n\
        gl_TexCoord[0] = gl_MultiTexCoord0; }\n";
    const FS: &str = "uniform sampler2D tex; uniform vec4 tint; uniform float dead;\n\
        varying vec2 uv;\n\
        void main() { gl_FragColor = texture2D(tex, uv) * tint + gl_TexCoord[0]; }\n";

    fn lowered_es(stage: Stage, src: &str) -> Lowered {
        let c = compile(src, &Options::es(stage));
        assert!(c.success(), "{}", c.log);
        lower(&c).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn es100_invariant_built_ins_link_across_stages() {
        let es = LinkOptions {
            es: true,
            ..opts(&[])
        };
        let vs = |inv: &str| {
            lowered_es(
                Stage::Vertex,
                &format!("{inv}\nvoid main() {{ gl_Position = vec4(0.0); gl_PointSize = 1.0; }}\n"),
            )
        };
        let fs = |inv: &str, body: &str| {
            lowered_es(
                Stage::Fragment,
                &format!(
                    "precision mediump float;\n{inv}\nvoid main() {{ gl_FragColor = {body}; }}\n"
                ),
            )
        };
        let coord = fs("invariant gl_FragCoord;", "vec4(gl_FragCoord.x)");
        let err = link(Some(&vs("")), None, Some(&coord), &es).unwrap_err();
        assert!(
            err.contains("gl_FragCoord can be invariant only if gl_Position is"),
            "{err}"
        );
        assert!(link(Some(&vs("invariant gl_Position;")), None, Some(&coord), &es).is_ok());
        let point = fs("invariant gl_PointCoord;", "vec4(gl_PointCoord.x)");
        assert!(link(Some(&vs("invariant gl_Position;")), None, Some(&point), &es).is_err());
        assert!(
            link(
                Some(&vs("invariant gl_PointSize;")),
                None,
                Some(&point),
                &es
            )
            .is_ok()
        );
        let facing = fs("invariant gl_FrontFacing;", "vec4(float(gl_FrontFacing))");
        let err = link(
            Some(&vs("invariant gl_Position;")),
            None,
            Some(&facing),
            &es,
        )
        .unwrap_err();
        assert!(
            err.contains("gl_FrontFacing cannot be declared invariant"),
            "{err}"
        );
        // Desktop GL contexts keep no such rule.
        assert!(link(Some(&vs("")), None, Some(&coord), &opts(&[])).is_ok());
    }

    #[test]
    fn varyings_match_by_name_in_free_locations() {
        let (v, f) = (lowered(Stage::Vertex, VS), lowered(Stage::Fragment, FS));
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        let (vs, fs) = (l.vs.unwrap(), l.fs.unwrap());
        // gl_TexCoord takes 4..=11: uv goes to the lowest free location.
        assert_eq!(location_of(&fs, "uv"), Some(0));
        assert_eq!(location_of(&vs, "uv"), Some(0));
        // Nobody reads `extra`: it is no longer an output.
        assert_eq!(location_of(&vs, "extra"), None);
    }

    /// More scalar varyings than locations: they share locations, four
    /// to one; as long as they fit one each, each has its own.
    #[test]
    fn scalar_varyings_pack_when_locations_run_out() {
        let decl = |n: usize| {
            (0..n)
                .map(|i| format!("varying float v{i};\n"))
                .collect::<String>()
        };
        let sum = |n: usize| (0..n).map(|i| format!(" + v{i}")).collect::<String>();
        let writes = |n: usize| (0..n).map(|i| format!(" v{i} = 1.0;")).collect::<String>();
        let pair = |n: usize| {
            let vs = format!(
                "{}void main() {{{} gl_Position = vec4(0.0); }}\n",
                decl(n),
                writes(n)
            );
            let fs = format!(
                "{}void main() {{ gl_FragColor = vec4(0.0{}); }}\n",
                decl(n),
                sum(n)
            );
            (lowered(Stage::Vertex, &vs), lowered(Stage::Fragment, &fs))
        };
        let (v, f) = pair(6);
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        let fs = l.fs.unwrap();
        let locs: HashSet<u32> = (0..6)
            .filter_map(|i| location_of(&fs, &format!("v{i}")))
            .collect();
        assert_eq!(locs.len(), 6, "one location each while they fit");
        // 40 scalars in the 16 - 8 (gl_TexCoord) - 2 (colours) free ones.
        let (v, f) = pair(40);
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        let fs = l.fs.unwrap();
        let locs: HashSet<u32> = (0..40)
            .filter_map(|i| location_of(&fs, &format!("v{i}")))
            .collect();
        assert!(locs.len() <= 10, "packed into {} locations", locs.len());
    }

    #[test]
    fn attributes_get_generic_indices() {
        let (v, f) = (lowered(Stage::Vertex, VS), lowered(Stage::Fragment, FS));
        let bound = [("uv_in".to_owned(), 3)];
        let l = link(Some(&v), None, Some(&f), &opts(&bound)).unwrap();
        let names: Vec<(&str, Option<u32>)> = l
            .attributes
            .iter()
            .map(|a| (a.name.as_str(), a.index))
            .collect();
        assert_eq!(
            names,
            [
                ("pos", Some(0)),
                ("uv_in", Some(3)),
                ("gl_MultiTexCoord0", None)
            ]
        );
        let vs = l.vs.unwrap();
        assert_eq!(location_of(&vs, "uv_in"), Some(18));
        assert_eq!(location_of(&vs, "pos"), Some(0));
    }

    #[test]
    fn only_used_uniforms_are_active() {
        let (v, f) = (lowered(Stage::Vertex, VS), lowered(Stage::Fragment, FS));
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        let names: Vec<&str> = l.uniforms.iter().map(|u| u.name.as_str()).collect();
        assert_eq!(names, ["tex", "tint"]);
    }

    #[test]
    fn unwritten_varying_is_an_error() {
        let v = lowered(Stage::Vertex, "void main() { gl_Position = vec4(0.0); }\n");
        let f = lowered(Stage::Fragment, FS);
        let e = link(Some(&v), None, Some(&f), &opts(&[])).unwrap_err();
        assert_eq!(
            e,
            "error: fragment shader varying uv not written by vertex shader\n"
        );
    }

    #[test]
    fn interpolation_qualifiers_must_agree() {
        let link_err = |vs: &str, fs: &str| {
            let v = lowered(Stage::Vertex, &format!("#version 130\n{vs}"));
            let f = lowered(Stage::Fragment, &format!("#version 130\n{fs}"));
            link(Some(&v), None, Some(&f), &opts(&[])).err()
        };
        // User varyings: none is not smooth outside GLSL ES.
        assert_eq!(
            link_err(
                "smooth out float x; void main() { gl_Position = vec4(0); x = 1.0; }\n",
                "in float x; void main() { gl_FragColor = vec4(x); }\n"
            )
            .as_deref(),
            Some(
                "error: vertex shader output `x' specifies smooth interpolation qualifier, \
                 but fragment shader input specifies no interpolation qualifier\n"
            )
        );
        assert_eq!(
            link_err(
                "flat out float x; void main() { gl_Position = vec4(0); x = 1.0; }\n",
                "flat in float x; void main() { gl_FragColor = vec4(x); }\n"
            ),
            None
        );
        // gl_Color against the colours written: gl_BackColor too.
        let vs = "noperspective out vec4 gl_FrontColor;\n\
            void main() { gl_Position = vec4(0); gl_FrontColor = vec4(1); gl_BackColor = vec4(0); }\n";
        assert_eq!(
            link_err(
                vs,
                "noperspective in vec4 gl_Color; void main() { gl_FragColor = gl_Color; }\n"
            )
            .as_deref(),
            Some(
                "error: vertex shader output `gl_BackColor' specifies no interpolation \
                 qualifier, but fragment shader input specifies noperspective interpolation \
                 qualifier\n"
            )
        );
        // ... only when the fragment stage reads it, and only the colours written.
        assert_eq!(
            link_err(
                vs,
                "noperspective in vec4 gl_Color; void main() { gl_FragColor = vec4(0); }\n"
            ),
            None
        );
        assert_eq!(
            link_err(
                "flat out vec4 gl_FrontSecondaryColor;\n\
                 void main() { gl_Position = vec4(0); gl_FrontSecondaryColor = vec4(1); }\n",
                "flat in vec4 gl_SecondaryColor; void main() { gl_FragColor = gl_SecondaryColor; }\n"
            ),
            None
        );
    }

    #[test]
    fn qualified_colors_keep_their_interpolation() {
        let v = lowered(
            Stage::Vertex,
            "#version 130\nnoperspective out vec4 gl_FrontColor;\n\
             void main() { gl_Position = vec4(0); gl_FrontColor = vec4(1); gl_FrontSecondaryColor = vec4(0); }\n",
        );
        let f = lowered(
            Stage::Fragment,
            "#version 130\nnoperspective in vec4 gl_Color;\n\
             void main() { gl_FragColor = gl_Color + gl_SecondaryColor; }\n",
        );
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        assert_eq!(l.fs_qualified_colors, ["gl_Color"]);
        let interp_of = |s: &Shader, name: &str| {
            s.vars.iter().find_map(|(_, v)| match v.kind {
                VarKind::Input { interp, .. } if v.name == name => Some(interp),
                _ => None,
            })
        };
        let mut fs = l.fs.unwrap();
        assert_eq!(interp_of(&fs, "gl_Color"), Some(InterpMode::NoPerspective));
        // Flat shading flattens only the colour declared without a qualifier.
        crate::two_side::flat_colors(&mut fs, &l.fs_qualified_colors);
        assert_eq!(interp_of(&fs, "gl_Color"), Some(InterpMode::NoPerspective));
        assert_eq!(interp_of(&fs, "gl_SecondaryColor"), Some(InterpMode::Flat));
    }

    #[test]
    fn uniform_types_must_agree() {
        let v = lowered(
            Stage::Vertex,
            "uniform vec3 c; void main() { gl_Position = vec4(c, 1.0); }\n",
        );
        let f = lowered(
            Stage::Fragment,
            "uniform vec4 c; void main() { gl_FragColor = c; }\n",
        );
        let e = link(Some(&v), None, Some(&f), &opts(&[])).unwrap_err();
        assert!(
            e.contains("uniform `c' declared as type `vec3' and type `vec4'"),
            "{e}"
        );
    }

    #[test]
    fn unused_uniforms_must_agree_too() {
        let v = lowered(
            Stage::Vertex,
            "uniform vec3 c; void main() { gl_Position = vec4(0.0); }\n",
        );
        let f = lowered(
            Stage::Fragment,
            "uniform vec4 c; void main() { gl_FragColor = vec4(1.0); }\n",
        );
        let e = link(Some(&v), None, Some(&f), &opts(&[])).unwrap_err();
        assert!(
            e.contains("uniform `c' declared as type `vec3' and type `vec4'"),
            "{e}"
        );
    }

    #[test]
    fn back_colors_get_a_fragment_variant() {
        let v = lowered(
            Stage::Vertex,
            "void main() { gl_Position = gl_Vertex; gl_FrontColor = vec4(1.0);\n\
             gl_BackColor = vec4(0.5); }\n",
        );
        let f = lowered(
            Stage::Fragment,
            "void main() { gl_FragColor = gl_Color + gl_SecondaryColor; }\n",
        );
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        let two = l.fs_two_side.expect("a two-sided variant");
        let inputs: Vec<u32> = two
            .vars
            .iter()
            .filter_map(|(_, v)| match v.kind {
                VarKind::Input {
                    slot: Slot::Location { location, .. },
                    ..
                } => Some(location),
                _ => None,
            })
            .collect();
        // The back secondary colour is not written: only gl_Color selects.
        assert!(inputs.contains(&1) && !inputs.contains(&3), "{inputs:?}");
        let v = lowered(Stage::Vertex, "void main() { gl_Position = gl_Vertex; }\n");
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        assert!(l.fs_two_side.is_none());
    }

    #[test]
    fn fragment_samplers_follow_vertex_ones() {
        let v = lowered(
            Stage::Vertex,
            "uniform sampler2D a; void main() { gl_Position = texture2DLod(a, vec2(0.0), 0.0); }\n",
        );
        let f = lowered(
            Stage::Fragment,
            "uniform sampler2D b; void main() { gl_FragColor = texture2D(b, vec2(0.0)); }\n",
        );
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        assert_eq!(l.fs.unwrap().textures[0].binding, 1);
        assert_eq!(l.uniforms[1].fs, Some(UniformKind::Sampler { binding: 1 }));
    }

    #[test]
    fn struct_samplers_are_uniforms_of_their_own() {
        // piglit's samplers/uniform-structs: the struct's sampler is an
        // active sampler uniform `tex.sampler` (set with glUniform1i), its
        // vec4 a data uniform `tex.mix`; an unused member is not active.
        let v = lowered(
            Stage::Vertex,
            "uniform mat4 identity; varying vec4 tc;\n\
             void main() { gl_Position = identity * gl_Vertex; tc = gl_Vertex; }\n",
        );
        let f = lowered(
            Stage::Fragment,
            "struct S { vec4 mix; sampler2D sampler; float unused; };\n\
             uniform S tex; varying vec4 tc;\n\
             void main() { gl_FragColor = texture2D(tex.sampler, tc.xy) * tex.mix; }\n",
        );
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        let names: Vec<&str> = l.uniforms.iter().map(|u| u.name.as_str()).collect();
        assert_eq!(names, ["identity", "tex.mix", "tex.sampler"]);
        assert_eq!(l.uniforms[2].fs, Some(UniformKind::Sampler { binding: 0 }));
        assert!(matches!(l.uniforms[1].fs, Some(UniformKind::Data { .. })));
    }

    fn link_captured(
        vs: &str,
        fs: Option<&str>,
        names: &[&str],
        separate: bool,
    ) -> Result<Linked, String> {
        let v = lowered(Stage::Vertex, vs);
        let f = fs.map(|f| lowered(Stage::Fragment, f));
        let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        let mut o = opts(&[]);
        o.feedback = Feedback {
            names: &names,
            separate,
            max_interleaved_components: 64,
            max_separate_components: 4,
        };
        link(Some(&v), None, f.as_ref(), &o)
    }

    const TFB_VS: &str = "varying vec3 a; varying float b[5]; varying mat2 m;\n\
        void main() { gl_Position = gl_Vertex; a = gl_Vertex.xyz; b[0] = 1.0; b[1] = 2.0; \
        b[2] = 3.0; m = mat2(1.0); gl_FrontColor = gl_Color; gl_PointSize = 2.0; }";

    #[test]
    fn captured_varyings_keep_unread_outputs_and_list_components() {
        let l = link_captured(
            TFB_VS,
            None,
            &["gl_Position", "a", "b[1]", "m", "gl_PointSize"],
            false,
        )
        .unwrap();
        let c = &l.captured;
        assert_eq!(c.len(), 5);
        assert_eq!(
            c[0].sources,
            (0..4).map(CaptureSource::Position).collect::<Vec<_>>()
        );
        assert_eq!(
            (c[1].ty.as_str(), c[1].size, c[1].sources.len()),
            ("vec3", 1, 3)
        );
        assert_eq!(
            (c[2].ty.as_str(), c[2].size, c[2].sources.len()),
            ("float", 1, 1)
        );
        assert_eq!(
            (c[3].ty.as_str(), c[3].size, c[3].sources.len()),
            ("mat2", 1, 4)
        );
        assert_eq!(c[4].sources, vec![CaptureSource::PointSize]);
        // `a` (no fragment shader reads it) got a location and stays an output.
        let CaptureSource::Location { location, .. } = c[1].sources[0] else {
            panic!("{:?}", c[1]);
        };
        let vs = l.vs.as_ref().unwrap();
        assert!(vs.vars.iter().any(|(_, v)| v.name == "a"
            && matches!(v.kind, VarKind::Output { slot: Slot::Location { location: l, .. }, .. } if l == location)));
        // The second column of `m` is the location after the first.
        let CaptureSource::Location { location: m0, .. } = c[3].sources[0] else {
            panic!()
        };
        assert_eq!(
            c[3].sources[2],
            CaptureSource::Location {
                location: m0 + 1,
                component: 0
            }
        );
    }

    #[test]
    fn clip_vertex_is_captured_from_the_last_location() {
        let vs = "void main() { gl_Position = gl_Vertex; gl_ClipVertex = gl_Vertex * 2.0; }";
        let l = link_captured(vs, None, &["gl_ClipVertex"], false).unwrap();
        let c = &l.captured[0];
        assert_eq!((c.ty.as_str(), c.size), ("vec4", 1));
        assert_eq!(
            c.sources[3],
            CaptureSource::Location {
                location: 15,
                component: 3
            }
        );
        let vs = l.vs.as_ref().unwrap();
        assert!(vs.vars.iter().any(|(_, v)| v.name == "gl_ClipVertex"
            && matches!(
                v.kind,
                VarKind::Output {
                    slot: Slot::Location { location: 15, .. },
                    ..
                }
            )));
    }

    #[test]
    fn captured_varying_errors_are_mesas() {
        let e = link_captured(TFB_VS, None, &["nope"], false).unwrap_err();
        assert_eq!(e, "error: Transform feedback varying nope undeclared.\n");
        let e = link_captured(TFB_VS, None, &["a", "a"], false).unwrap_err();
        assert_eq!(
            e,
            "error: Transform feedback varying a specified more than once.\n"
        );
        let e = link_captured(TFB_VS, None, &["b[5]"], false).unwrap_err();
        assert_eq!(
            e,
            "error: Transform feedback varying b[5] has index 5, but the array size is 5.\n"
        );
        let e = link_captured(TFB_VS, None, &["b"], true).unwrap_err();
        assert!(
            e.contains("exceeds MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS"),
            "{e}"
        );
        assert!(link_captured(TFB_VS, None, &["b", "gl_Position"], false).is_ok());
    }

    #[test]
    fn separators_and_skips_place_components_by_buffer() {
        // ARB_transform_feedback3: gl_NextBuffer may repeat, and the
        // interleaved limit holds per buffer, skips included.
        let names = [
            "a",
            "gl_SkipComponents2",
            "gl_NextBuffer",
            "gl_NextBuffer",
            "gl_SkipComponents1",
            "gl_PointSize",
        ];
        let l = link_captured(TFB_VS, None, &names, false).unwrap();
        let c = &l.captured;
        assert_eq!(
            c.iter().map(|c| c.buffer).collect::<Vec<_>>(),
            [0, 0, 0, 1, 2, 2]
        );
        assert_eq!((c[1].ty.as_str(), c[1].size), ("", 2));
        assert_eq!(c[1].sources, [CaptureSource::Skip; 2]);
        assert_eq!((c[2].size, c[2].sources.len()), (0, 0));
        assert_eq!(c[4].sources, [CaptureSource::Skip]);
        assert_eq!(c[5].sources, [CaptureSource::PointSize]);
        let mut many = vec!["a"];
        many.extend(["gl_SkipComponents4"; 16]);
        let e = link_captured(TFB_VS, None, &many, false).unwrap_err();
        assert!(
            e.contains("MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS"),
            "{e}"
        );
        many.insert(9, "gl_NextBuffer");
        assert!(link_captured(TFB_VS, None, &many, false).is_ok());
    }

    const GS_VS: &str = "#version 150\nin vec4 pos; out vec4 v_col; out float v_size; \
        out vec2 v_unread;\nuniform vec4 shift;\n\
        void main() { gl_Position = pos + shift; v_col = pos; v_size = 2.0; v_unread = pos.xy; }";
    const GS: &str = "#version 150\nlayout(triangles) in;\n\
        layout(triangle_strip, max_vertices = 3) out;\n\
        in vec4 v_col[]; in float v_size[]; out vec4 g_col;\nuniform vec4 shift; uniform float k;\n\
        void main() { for (int i = 0; i < 3; i++) { g_col = v_col[i] * v_size[i] * k;\n\
        gl_Position = gl_in[i].gl_Position + shift; EmitVertex(); } EndPrimitive(); }";
    const GS_FS: &str = "#version 150\nin vec4 g_col; out vec4 o; uniform float k;\n\
        void main() { o = g_col * k; }";

    /// Every input or output variable of `s` with a location: name, and
    /// whether it is an input.
    fn io_locations(s: &Shader) -> Vec<(String, bool, u32)> {
        s.vars
            .iter()
            .filter_map(|(_, v)| match v.kind {
                VarKind::Input {
                    slot: Slot::Location { location, .. },
                    ..
                } => Some((v.name.clone(), true, location)),
                VarKind::Output {
                    slot: Slot::Location { location, .. },
                    ..
                } => Some((v.name.clone(), false, location)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn geometry_stage_links_between_vertex_and_fragment() {
        let v = lowered(Stage::Vertex, GS_VS);
        let g = lowered(Stage::Geometry, GS);
        let f = lowered(Stage::Fragment, GS_FS);
        let l = link(Some(&v), Some(&g), Some(&f), &opts(&[])).unwrap();
        let (vs, gs, fs) = (l.vs.unwrap(), l.gs.unwrap(), l.fs.unwrap());
        assert_eq!(
            l.geometry,
            Some(GeometryInfo {
                input: Primitive::Triangles,
                output: Primitive::TriangleStrip,
                max_vertices: 3,
                invocations: 1,
            })
        );
        // Each geometry input reads the vertex output of its name; the
        // output nobody reads is gone.
        let v_io = io_locations(&vs);
        let g_io = io_locations(&gs);
        for name in ["v_col", "v_size"] {
            let out = v_io.iter().find(|(n, i, _)| n == name && !i).unwrap().2;
            let input = g_io.iter().find(|(n, i, _)| n == name && *i).unwrap().2;
            assert_eq!(out, input, "{name}");
        }
        assert_ne!(location_of(&vs, "v_col"), location_of(&vs, "v_size"));
        assert!(!v_io.iter().any(|(n, _, _)| n == "v_unread"));
        // The fragment stage reads the geometry stage's output.
        assert_eq!(location_of(&gs, "g_col"), location_of(&fs, "g_col"));
        // Uniforms: `shift` in the vertex and geometry stages, `k` in the
        // geometry and fragment stages.
        let u = |name: &str| l.uniforms.iter().find(|u| u.name == name).unwrap();
        assert!(u("shift").vs.is_some() && u("shift").gs.is_some() && u("shift").fs.is_none());
        assert!(u("k").vs.is_none() && u("k").gs.is_some() && u("k").fs.is_some());
        assert!(l.gs_uniform_size >= 20);
    }

    #[test]
    fn geometry_link_errors_are_mesas() {
        let v = lowered(Stage::Vertex, GS_VS);
        let g = lowered(Stage::Geometry, GS);
        let e = link(None, Some(&g), None, &opts(&[])).unwrap_err();
        assert_eq!(
            e,
            "error: Geometry shader must be linked with vertex shader\n"
        );
        let missing = |layout: &str| {
            let src = format!("#version 150\n{layout}\nvoid main() {{ EmitVertex(); }}\n");
            link(
                Some(&v),
                Some(&lowered(Stage::Geometry, &src)),
                None,
                &opts(&[]),
            )
            .unwrap_err()
        };
        assert_eq!(
            missing("layout(points, max_vertices = 1) out;"),
            "error: geometry shader didn't declare primitive input type\n"
        );
        assert_eq!(
            missing("layout(points) in; layout(max_vertices = 1) out;"),
            "error: geometry shader didn't declare primitive output type\n"
        );
        assert_eq!(
            missing("layout(points) in; layout(points) out;"),
            "error: geometry shader didn't declare max_vertices\n"
        );
        let reads = |decl: &str| {
            let src = format!(
                "#version 150\nlayout(points) in; layout(points, max_vertices = 1) out;\n\
                 {decl}\nvoid main() {{ gl_Position = vec4(x[0]); EmitVertex(); }}\n"
            );
            link(
                Some(&v),
                Some(&lowered(Stage::Geometry, &src)),
                None,
                &opts(&[]),
            )
        };
        assert_eq!(
            reads("in float x[];").unwrap_err(),
            "error: geometry shader input `x' has no matching output in the previous stage\n"
        );
        let vs = lowered(
            Stage::Vertex,
            "#version 150\nout vec2 x; void main() { gl_Position = vec4(0.0); x = vec2(1.0); }",
        );
        let src = "#version 150\nlayout(points) in; layout(points, max_vertices = 1) out;\n\
                   in float x[];\nvoid main() { gl_Position = vec4(x[0]); EmitVertex(); }\n";
        assert_eq!(
            link(
                Some(&vs),
                Some(&lowered(Stage::Geometry, src)),
                None,
                &opts(&[])
            )
            .unwrap_err(),
            "error: vertex shader output `x' declared as type `vec2', but geometry shader input \
             declared as type `float'\n"
        );
        // A fragment input only the vertex stage writes is not written by
        // the geometry stage, which feeds it.
        let fs = lowered(
            Stage::Fragment,
            "#version 150\nin vec4 v_col; out vec4 o; void main() { o = v_col; }",
        );
        assert_eq!(
            link(Some(&v), Some(&g), Some(&fs), &opts(&[])).unwrap_err(),
            "error: fragment shader varying v_col not written by geometry shader\n"
        );
    }

    #[test]
    fn interface_blocks_match_by_block_and_member_name() {
        // Instance names differ between stages; the block names match.
        let v = lowered(
            Stage::Vertex,
            "#version 150\nin vec4 pos;\nout VS { vec4 col; float w; } vs_out;\n\
             void main() { gl_Position = pos; vs_out.col = pos; vs_out.w = 2.0; }",
        );
        let g = lowered(
            Stage::Geometry,
            "#version 150\nlayout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n\
             in VS { vec4 col; float w; } gs_in[];\nout GS { vec4 col; } gs_out;\n\
             void main() { for (int i = 0; i < 3; i++) {\n\
             gs_out.col = gs_in[i].col * gs_in[i].w; gl_Position = gl_in[i].gl_Position;\n\
             EmitVertex(); } }",
        );
        let f = lowered(
            Stage::Fragment,
            "#version 150\nin GS { vec4 col; };\nout vec4 o;\nvoid main() { o = col; }",
        );
        let l = link(Some(&v), Some(&g), Some(&f), &opts(&[])).unwrap();
        let (vs, gs, fs) = (l.vs.unwrap(), l.gs.unwrap(), l.fs.unwrap());
        for name in ["VS.col", "VS.w"] {
            assert_eq!(location_of(&vs, name), location_of(&gs, name), "{name}");
            assert!(location_of(&vs, name).is_some(), "{name}");
        }
        assert_eq!(location_of(&gs, "GS.col"), location_of(&fs, "GS.col"));
        assert!(location_of(&fs, "GS.col").is_some());
        // A block the next stage does not declare is not linked.
        let f2 = lowered(
            Stage::Fragment,
            "#version 150\nin Other { vec4 col; };\nout vec4 o;\nvoid main() { o = col; }",
        );
        let v2 = lowered(
            Stage::Vertex,
            "#version 150\nout Blk { vec4 col; };\nvoid main() { gl_Position = vec4(0.0); \
             col = vec4(1.0); }",
        );
        let e = link(Some(&v2), None, Some(&f2), &opts(&[])).unwrap_err();
        assert!(e.contains("Other.col"), "{e}");
    }

    #[test]
    fn struct_varyings_and_arrays_of_blocks_take_consecutive_locations() {
        let v = lowered(
            Stage::Vertex,
            "#version 150\nstruct S { vec4 a; float b[2]; };\nin vec4 pos;\nout S s;\n\
             out Blk { vec2 c; } blk[2];\n\
             void main() { gl_Position = pos; s.a = pos; s.b[0] = 1.0; s.b[1] = 2.0;\n\
             blk[0].c = pos.xy; blk[1].c = pos.zw; }",
        );
        let f = lowered(
            Stage::Fragment,
            "#version 150\nstruct S { vec4 a; float b[2]; };\nin S s;\n\
             in Blk { vec2 c; } blk[2];\nout vec4 o;\n\
             void main() { o = s.a * s.b[1] + vec4(blk[1].c, blk[0].c); }",
        );
        let l = link(Some(&v), None, Some(&f), &opts(&[])).unwrap();
        let (vs, fs) = (l.vs.unwrap(), l.fs.unwrap());
        assert_eq!(location_of(&vs, "s"), location_of(&fs, "s"));
        assert_eq!(location_of(&vs, "Blk.c"), location_of(&fs, "Blk.c"));
        // The struct takes three locations (a, b[0], b[1]), the block
        // array two; they do not overlap.
        let (s_at, c_at) = (
            location_of(&fs, "s").unwrap(),
            location_of(&fs, "Blk.c").unwrap(),
        );
        assert!(
            s_at + 3 <= c_at || c_at + 2 <= s_at,
            "s at {s_at}, Blk.c at {c_at}"
        );
    }

    const TESS_VS: &str = "#version 400\nin vec4 pos; out vec4 v_col; out vec2 v_unread;\n\
        uniform mat4 mvp;\n\
        void main() { gl_Position = mvp * pos; v_col = pos; v_unread = pos.xy; }";
    const TCS: &str = "#version 400\nlayout(vertices = 3) out;\n\
        in vec4 v_col[]; out vec4 c_col[]; out vec4 c_spare[]; patch out vec4 p_extra;\n\
        patch out float p_area; uniform float level;\n\
        void main() { c_col[gl_InvocationID] = v_col[gl_InvocationID];\n\
        c_spare[gl_InvocationID] = vec4(1.0); barrier(); p_area = c_spare[1].x;\n\
        p_extra = vec4(2.0); gl_TessLevelOuter[0] = level; gl_TessLevelInner[0] = level; }";
    const TES: &str = "#version 400\nlayout(triangles, fractional_odd_spacing, cw) in;\n\
        in vec4 c_col[]; patch in float p_area; out vec4 e_col; uniform mat4 mvp;\n\
        void main() { gl_Position = mvp * gl_in[0].gl_Position * gl_TessCoord.x;\n\
        e_col = c_col[2] * p_area; }";
    const TESS_FS: &str = "#version 400\nin vec4 e_col; out vec4 o;\nvoid main() { o = e_col; }";

    /// Vertex, tessellation and fragment stages: each boundary matched by
    /// name (patch variables from PATCH_LOCATION0 on, an output the
    /// evaluation stage does not read kept for the control stage's own
    /// reads), the layout reported, uniforms per stage.
    #[test]
    fn tessellation_stages_meet_by_name() {
        let (v, c, e, f) = (
            lowered(Stage::Vertex, TESS_VS),
            lowered(Stage::TessControl, TCS),
            lowered(Stage::TessEval, TES),
            lowered(Stage::Fragment, TESS_FS),
        );
        let stages = Stages {
            vs: Some(&v),
            tcs: Some(&c),
            tes: Some(&e),
            gs: None,
            fs: Some(&f),
        };
        let l = link_stages(stages, &opts(&[])).unwrap();
        let (vs, tcs, tes, fs) = (
            l.vs.as_ref().unwrap(),
            l.tcs.as_ref().unwrap(),
            l.tes.as_ref().unwrap(),
            l.fs.as_ref().unwrap(),
        );
        let at = location_of;
        assert_eq!(at(vs, "v_col"), at(tcs, "v_col"));
        assert!(at(vs, "v_col").is_some());
        assert_eq!(at(vs, "v_unread"), None, "privatized");
        assert_eq!(at(tcs, "c_col"), at(tes, "c_col"));
        assert!(at(tcs, "c_col").is_some_and(|l| l < oxgl_ir::PATCH_LOCATION0));
        let spare = at(tcs, "c_spare").expect("kept: the control stage reads it");
        assert_ne!(Some(spare), at(tcs, "c_col"));
        assert_eq!(at(tcs, "p_area"), at(tes, "p_area"));
        assert!(at(tes, "p_area").is_some_and(|l| l >= oxgl_ir::PATCH_LOCATION0));
        assert_eq!(at(tes, "e_col"), at(fs, "e_col"));
        let t = l.tess.unwrap();
        assert_eq!(t.vertices, Some(3));
        assert_eq!(t.domain, Some(oxgl_ir::TessDomain::Triangles));
        assert_eq!(t.spacing, oxgl_ir::TessSpacing::FractionalOdd);
        assert!(!t.ccw && !t.point_mode);
        let mvp = l.uniforms.iter().find(|u| u.name == "mvp").unwrap();
        assert!(mvp.vs.is_some() && mvp.tes.is_some() && mvp.tcs.is_none());
        let level = l.uniforms.iter().find(|u| u.name == "level").unwrap();
        assert!(level.tcs.is_some() && level.vs.is_none());
        assert!(l.tcs_uniform_size >= 4 && l.tes_uniform_size >= 64);
    }

    /// Varyings of different names meet by location where both stages
    /// declare one, into and out of a geometry stage (GLSL 4.10 §4.4.1).
    #[test]
    fn stages_meet_by_location() {
        let v = lowered(
            Stage::Vertex,
            "#version 410\nlayout(location = 3) out vec4 from_vertex;\n\
             void main() { from_vertex = vec4(1.0); gl_Position = vec4(0.0); }\n",
        );
        let g = lowered(
            Stage::Geometry,
            "#version 410\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n\
             layout(location = 3) in vec4 into_geometry[];\n\
             layout(location = 5) out vec4 from_geometry;\n\
             void main() { from_geometry = into_geometry[0]; EmitVertex(); }\n",
        );
        let f = lowered(
            Stage::Fragment,
            "#version 410\nlayout(location = 5) in vec4 into_fragment;\nout vec4 c;\n\
             void main() { c = into_fragment; }\n",
        );
        let stages = Stages {
            vs: Some(&v),
            gs: Some(&g),
            fs: Some(&f),
            ..Stages::default()
        };
        // A core program: user varyings from location 0.
        let core = LinkOptions {
            user_varying_base: 0,
            ..opts(&[])
        };
        let l = link_stages(stages, &core).unwrap();
        let (vs, gs, fs) = (
            l.vs.as_ref().unwrap(),
            l.gs.as_ref().unwrap(),
            l.fs.as_ref().unwrap(),
        );
        let at = location_of;
        assert!(at(vs, "from_vertex").is_some());
        assert_eq!(at(vs, "from_vertex"), at(gs, "into_geometry"));
        assert_eq!(at(gs, "from_geometry"), at(fs, "into_fragment"));
        // Another location does not meet it.
        let g2 = lowered(
            Stage::Geometry,
            "#version 410\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n\
             layout(location = 4) in vec4 into_geometry[];\n\
             void main() { gl_Position = into_geometry[0]; EmitVertex(); }\n",
        );
        let stages = Stages {
            vs: Some(&v),
            gs: Some(&g2),
            ..Stages::default()
        };
        assert!(link_stages(stages, &core).is_err());
    }

    /// A separable program whose stages meet through a `gl_PerVertex`
    /// block used without redeclaration fails to link; alone, or
    /// redeclared, a stage links.
    #[test]
    fn separable_stages_redeclare_per_vertex() {
        let v = lowered(
            Stage::Vertex,
            "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n",
        );
        let v_redeclared = lowered(
            Stage::Vertex,
            "#version 150\nout gl_PerVertex { vec4 gl_Position; };\n\
             void main() { gl_Position = vec4(0.0); }\n",
        );
        let g = lowered(
            Stage::Geometry,
            "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n\
             in gl_PerVertex { vec4 gl_Position; } gl_in[];\n\
             out gl_PerVertex { vec4 gl_Position; };\n\
             void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n",
        );
        let separable = LinkOptions {
            separable: true,
            user_varying_base: 0,
            ..opts(&[])
        };
        fn with<'a>(vs: &'a Lowered, gs: &'a Lowered) -> Stages<'a> {
            Stages {
                vs: Some(vs),
                gs: Some(gs),
                ..Stages::default()
            }
        }
        let e = link_stages(with(&v, &g), &separable).unwrap_err();
        assert!(
            e.contains("vertex shader uses the built-in gl_PerVertex output"),
            "{e}"
        );
        assert!(link_stages(with(&v_redeclared, &g), &separable).is_ok());
        let alone = Stages {
            vs: Some(&v),
            ..Stages::default()
        };
        assert!(link_stages(alone, &separable).is_ok());
        assert!(
            link_stages(
                with(&v, &g),
                &LinkOptions {
                    user_varying_base: 0,
                    ..opts(&[])
                }
            )
            .is_ok()
        );
    }

    /// Mesa's link errors: a missing vertex stage, layout or output.
    #[test]
    fn tessellation_link_errors() {
        let (v, c, e) = (
            lowered(Stage::Vertex, TESS_VS),
            lowered(Stage::TessControl, TCS),
            lowered(Stage::TessEval, TES),
        );
        let link = |vs, tcs, tes| {
            let stages = Stages {
                vs,
                tcs,
                tes,
                ..Stages::default()
            };
            link_stages(stages, &opts(&[])).unwrap_err()
        };
        let err = link(None, Some(&c), Some(&e));
        assert_eq!(
            err,
            "error: Tessellation shader must be linked with vertex shader\n"
        );
        let no_domain = lowered(Stage::TessEval, "#version 400\nvoid main() {}");
        let err = link(Some(&v), None, Some(&no_domain));
        assert!(
            err.contains("didn't declare input primitive modes"),
            "{err}"
        );
        let no_vertices = lowered(Stage::TessControl, "#version 400\nvoid main() {}");
        let err = link(Some(&v), Some(&no_vertices), Some(&e));
        assert!(err.contains("didn't declare vertices out"), "{err}");
        let reads_more = lowered(
            Stage::TessEval,
            "#version 400\nlayout(quads) in; in vec4 missing[];\n\
             void main() { gl_Position = missing[0]; }",
        );
        let err = link(Some(&v), Some(&c), Some(&reads_more));
        assert_eq!(
            err,
            "error: tessellation evaluation shader input `missing' has no matching output in the \
             previous stage\n"
        );
    }
}
