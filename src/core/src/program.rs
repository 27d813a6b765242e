//! GLSL shader and program objects (GL 2.1 §2.15, OpenGL Shading Language
//! 1.20): one namespace per share group for both kinds, compilation by
//! `oxgl-glsl` (preprocess, parse, check, lower to IR), linking
//! ([`oxgl_glsl::link`]) into an [`Executable`] whose stages the backend
//! compiled, and the queries.
//!
//! A stage without a shader is fixed function: the linker keeps the
//! compatibility varyings at the fixed-function generator's locations, so a
//! vertex-only program draws with the fixed-function fragment stage and the
//! other way round ([`crate::vbo::submit`]).
//!
//! Compile status is the front end's verdict alone; a shader that compiles
//! but uses something the lowering does not handle yet fails at link time
//! with the lowering's located message.

pub mod arbprog;
pub mod atomic;
pub mod binary;
pub mod compute;
pub mod pipeline;
pub mod resource;
pub mod storage;
pub mod subroutine;
pub mod tess;
pub mod ubo;
pub mod uniform;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use oxgl_dri_interface::client::Shader as BackendShader;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_glsl::link::{Attribute, LinkOptions};
use oxgl_glsl::lower::{Lowered, UniformKind};
use oxgl_ir::{Dim, TextureDecl};

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::program::uniform::{Base, UniformType, Values};

/// `GL_MAX_VERTEX_ATTRIBS`.
pub const MAX_VERTEX_ATTRIBS: u32 = crate::vbo::attrib::MAX_VERTEX_ATTRIBS as u32;
/// `GL_MAX_TEXTURE_IMAGE_UNITS` (fragment) and `GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS`.
pub const MAX_STAGE_SAMPLERS: u32 = 16;
/// Varying locations the backend carries (`GL_MAX_VARYING_FLOATS` / 4):
/// 32, GL 3.2's 128 components (llvmpipe's).
pub const MAX_VARYING_LOCATIONS: u32 = 32;
/// Uniform components per stage (`GL_MAX_*_UNIFORM_COMPONENTS`).
pub const MAX_UNIFORM_COMPONENTS: u32 = 4096;
/// First texture binding of a vertex shader's samplers when fixed function
/// samples units `0..8` (and the pixel image) in the fragment stage.
const VS_ALONE_SAMPLER_BASE: u32 = 32;
/// `GL_MAX_GEOMETRY_OUTPUT_VERTICES`.
pub const MAX_GEOMETRY_OUTPUT_VERTICES: u32 = 256;

/// A stage of a GLSL program: the index of its entry in the per-stage
/// tables ([`ProgramUniform::kinds`], [`UniformStore::blocks`]), in
/// pipeline order (`oxgl_glsl::link::Stages`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ProgramStage {
    Vertex = 0,
    TessControl = 1,
    TessEvaluation = 2,
    Geometry = 3,
    Fragment = 4,
}

/// The stages a program may have.
pub(crate) const PROGRAM_STAGES: usize = oxgl_glsl::link::STAGES;

impl ProgramStage {
    /// Every stage, in pipeline order.
    pub(crate) const ALL: [ProgramStage; PROGRAM_STAGES] = [
        ProgramStage::Vertex,
        ProgramStage::TessControl,
        ProgramStage::TessEvaluation,
        ProgramStage::Geometry,
        ProgramStage::Fragment,
    ];

    /// The stage of shader type `kind` (`GL_VERTEX_SHADER`, ...).
    pub(crate) fn of_shader_type(kind: GLenum) -> Option<ProgramStage> {
        ProgramStage::ALL
            .into_iter()
            .find(|s| s.shader_type() == kind)
    }

    /// Its shader type.
    pub(crate) fn shader_type(self) -> GLenum {
        match self {
            ProgramStage::Vertex => GL_VERTEX_SHADER,
            ProgramStage::TessControl => GL_TESS_CONTROL_SHADER,
            ProgramStage::TessEvaluation => GL_TESS_EVALUATION_SHADER,
            ProgramStage::Geometry => GL_GEOMETRY_SHADER,
            ProgramStage::Fragment => GL_FRAGMENT_SHADER,
        }
    }

    /// `vertex`, `tessellation control`, ..., for messages (Mesa's words).
    pub(crate) fn name(self) -> &'static str {
        match self {
            ProgramStage::Vertex => "vertex",
            ProgramStage::TessControl => "tessellation control",
            ProgramStage::TessEvaluation => "tessellation evaluation",
            ProgramStage::Geometry => "geometry",
            ProgramStage::Fragment => "fragment",
        }
    }

    /// The GLSL stage.
    fn glsl(self) -> oxgl_glsl::Stage {
        match self {
            ProgramStage::Vertex => oxgl_glsl::Stage::Vertex,
            ProgramStage::TessControl => oxgl_glsl::Stage::TessControl,
            ProgramStage::TessEvaluation => oxgl_glsl::Stage::TessEval,
            ProgramStage::Geometry => oxgl_glsl::Stage::Geometry,
            ProgramStage::Fragment => oxgl_glsl::Stage::Fragment,
        }
    }
}

/// The GLSL stage of shader type `kind` (`GL_VERTEX_SHADER`, ...).
fn glsl_stage(kind: GLenum) -> oxgl_glsl::Stage {
    if kind == GL_COMPUTE_SHADER {
        return oxgl_glsl::Stage::Compute;
    }
    ProgramStage::of_shader_type(kind).map_or(oxgl_glsl::Stage::Fragment, ProgramStage::glsl)
}

/// A shader object.
#[derive(Debug)]
pub struct ShaderObject {
    /// `GL_VERTEX_SHADER`, `GL_GEOMETRY_SHADER` or `GL_FRAGMENT_SHADER`.
    pub kind: GLenum,
    /// The source strings, concatenated; `None` before `glShaderSource`.
    source: Option<String>,
    compiled: bool,
    log: String,
    /// The lowered shader of the last successful compile, or the lowering's
    /// message.
    lowered: Option<Result<Arc<Lowered>, String>>,
    /// The source of the last compile: a program that links several
    /// shaders of one stage compiles their sources together.
    compiled_source: Arc<str>,
    delete_pending: bool,
    /// Programs it is attached to.
    attachments: u32,
    /// `glObjectLabel`.
    label: crate::debug::Label,
}

/// A linked program: its stages as the backend compiled them, and the
/// tables the API reads.
pub struct Executable {
    /// Vertex stage, `None` for fixed function.
    pub(crate) vs: Option<BackendShader>,
    /// The vertex stage's IR, for the CPU (`glRasterPos`, selection and
    /// feedback).
    pub(crate) vs_ir: Option<oxgl_ir::Shader>,
    /// Tessellation control stage, if the program has one.
    pub(crate) tcs: Option<BackendShader>,
    /// Tessellation evaluation stage, if the program has one.
    pub(crate) tes: Option<BackendShader>,
    /// The tessellation stages' layout (`GL_TESS_GEN_MODE`, ...), with
    /// either stage.
    pub(crate) tess: Option<oxgl_glsl::link::TessInfo>,
    /// Geometry stage, if the program has one.
    pub(crate) gs: Option<BackendShader>,
    /// Its layout (`GL_GEOMETRY_INPUT_TYPE`, ...).
    pub(crate) geometry: Option<oxgl_glsl::link::GeometryInfo>,
    /// The IR of the last stage before rasterization (geometry, else
    /// vertex) with unclamped colour outputs (`GL_CLAMP_VERTEX_COLOR`
    /// off), when it writes colours.
    unclamped_ir: Option<oxgl_ir::Shader>,
    /// That stage compiled, once a draw needed it.
    unclamped: Mutex<Option<Arc<BackendShader>>>,
    /// Fragment stage, `None` for fixed function.
    pub(crate) fs: Option<BackendShader>,
    /// The fragment stage's IR, for its variants.
    fs_ir: Option<oxgl_ir::Shader>,
    /// The fragment stage's IR for two-sided colour: back faces read
    /// `gl_BackColor` / `gl_BackSecondaryColor` ([`oxgl_glsl::two_side`]);
    /// `None` when it would be `fs_ir`.
    fs_two_side_ir: Option<oxgl_ir::Shader>,
    /// Whether the fragment stage reads a colour varying (flat shading
    /// changes it).
    fs_reads_colors: bool,
    /// Its colour inputs declared with an interpolation qualifier, which
    /// flat shading leaves alone.
    fs_qualified_colors: Vec<String>,
    /// Fragment-stage variants compiled so far ([`FsVariant`]).
    fs_variants: Mutex<HashMap<FsVariant, Arc<BackendShader>>>,
    /// Texture declarations of every stage (bindings are unique).
    pub(crate) textures: Vec<TextureDecl>,
    /// Image declarations every stage uses (bindings are unique).
    pub(crate) images: Vec<oxgl_ir::ImageDecl>,
    /// Atomic counter buffers, by binding point.
    pub(crate) counter_buffers: Vec<atomic::CounterBuffer>,
    /// A compute program's workgroup size: its compute stage is `vs`
    /// (`program/compute.rs`).
    pub(crate) compute: Option<[u32; 3]>,
    /// Shader storage blocks: block `i` is the IR's storage binding `i`.
    pub(crate) storage_blocks: Vec<storage::StorageBlock>,
    /// The first stage's inputs and the last stage's outputs, as the
    /// compiler listed them (`GL_PROGRAM_INPUT`, `GL_PROGRAM_OUTPUT`).
    pub(crate) program_io: (Vec<oxgl_glsl::lower::IoVar>, Vec<oxgl_glsl::lower::IoVar>),
    /// Active attributes.
    attributes: Vec<Attribute>,
    /// The dual-slot inputs' generic attributes (`dvec3`, `dvec4` and
    /// matrices of them, ARB_vertex_attrib_64bit): each one's vertex slot,
    /// generic index and the IR location of its low words (the high words
    /// at the next), where the draw puts its array or current value.
    pub(crate) dual_inputs: Vec<DualInput>,
    /// User fragment outputs and their locations (`glGetFragDataLocation`).
    frag_outputs: Vec<(String, u32, u32)>,
    /// The fragment stage writes one colour that every draw buffer
    /// receives (`gl_FragColor`, or no fragment shader: fixed function),
    /// rather than one per buffer (`gl_FragData[i]`, user outputs).
    pub(crate) fs_broadcast: bool,
    /// Active uniforms with their API types; `location` is the first
    /// element's, -1 for built-ins.
    pub(crate) uniforms: Vec<ProgramUniform>,
    /// Location -> (uniform, element); `None` for a location no active
    /// uniform has.
    locations: Vec<Option<(usize, usize)>>,
    /// Locations explicitly given to uniforms that are not active
    /// (ARB_explicit_uniform_location): setting them does nothing.
    inactive_locations: Vec<std::ops::Range<usize>>,
    /// The values: uniform blocks and sampler units.
    pub(crate) values: Mutex<UniformStore>,
    /// The transform feedback varyings recorded at link time.
    pub(crate) captured: Vec<oxgl_glsl::link::Captured>,
    /// Uniform blocks (ARB_uniform_buffer_object); their binding points
    /// are in [`UniformStore::block_bindings`].
    pub(crate) blocks: Vec<crate::program::ubo::ProgramBlock>,
    /// Linked separable (`GL_PROGRAM_SEPARABLE`): its stages may be used
    /// in program pipelines ([`pipeline`]).
    pub(crate) separable: bool,
    /// Reads `gl_NumSamples` (the draw framebuffer's samples, looked up
    /// per draw only then).
    pub(crate) reads_num_samples: bool,
    /// Each stage's subroutine functions and uniforms (vertex, geometry,
    /// fragment; ARB_shader_subroutine).
    pub(crate) subroutines: [subroutine::StageSubroutines; PROGRAM_STAGES],
}

/// What a fragment-stage variant of an executable changes: the state that
/// compatibility colour varyings depend on. The plain stage is `fs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FsVariant {
    /// Back faces read the back colours (GL 2.0 §2.15.3).
    pub two_side: bool,
    /// `glShadeModel(GL_FLAT)`: the colour varyings are flat (GL 2.0
    /// §2.14.7; GLSL 1.10 has no interpolation qualifiers).
    pub flat: bool,
}

/// Uniform storage of an executable.
#[derive(Clone, Debug, Default)]
pub(crate) struct UniformStore {
    /// The default uniform block of each stage (std140), by
    /// [`ProgramStage`]; empty for a stage the program lacks.
    pub blocks: [Vec<u8>; PROGRAM_STAGES],
    /// Texture unit of each texture binding.
    pub units: HashMap<u32, u32>,
    /// Image unit of each image binding.
    pub image_units: HashMap<u32, u32>,
    /// The binding point of each uniform block (`glUniformBlockBinding`).
    pub block_bindings: Vec<u32>,
    /// The binding point of each shader storage block
    /// (`glShaderStorageBlockBinding`).
    pub storage_bindings: Vec<u32>,
}

impl std::fmt::Debug for Executable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Executable")
            .field("attributes", &self.attributes)
            .field("uniforms", &self.uniforms)
            .finish_non_exhaustive()
    }
}

impl Executable {
    /// Whether the program has `stage`.
    pub(crate) fn has_stage(&self, stage: ProgramStage) -> bool {
        match stage {
            ProgramStage::Vertex => self.vs.is_some(),
            ProgramStage::TessControl => self.tcs.is_some(),
            ProgramStage::TessEvaluation => self.tes.is_some(),
            ProgramStage::Geometry => self.gs.is_some(),
            ProgramStage::Fragment => self.fs.is_some(),
        }
    }

    /// The uniform storage, locked.
    pub(crate) fn values(&self) -> MutexGuard<'_, UniformStore> {
        self.values.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A texture unit that samplers of two different targets read, if any
    /// (GL 4.6 §11.1.3.11: such a program fails validation, and drawing
    /// with it is INVALID_OPERATION). The target is the dimensionality and
    /// arrayness; shadow and integer forms of one target may share a unit.
    pub(crate) fn sampler_conflict(&self) -> Option<u32> {
        if self.textures.len() < 2 {
            return None;
        }
        // A handful of samplers: pairwise, without allocating per draw.
        let values = self.values();
        let unit = |t: &TextureDecl| values.units.get(&t.binding).copied();
        for (i, a) in self.textures.iter().enumerate() {
            let Some(u) = unit(a) else {
                continue;
            };
            let clash =
                |b: &TextureDecl| unit(b) == Some(u) && (b.dim, b.arrayed) != (a.dim, a.arrayed);
            if self.textures[..i].iter().any(clash) {
                return Some(u);
            }
        }
        None
    }
}

/// One generic attribute of a dual-slot vertex shader input
/// ([`Executable::dual_inputs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DualInput {
    /// Its vertex slot (`crate::vbo::Attrib` index).
    pub slot: u8,
    /// Its generic attribute index.
    pub index: u32,
    /// The IR location of its low words; the high words' is the next.
    pub location: u32,
}

impl Executable {
    /// The IR locations of vertex slot `slot`'s data: its low words (all of
    /// them, for anything but a dual-slot input) and its high words.
    pub(crate) fn input_locations(&self, slot: u8) -> (u32, u32) {
        match self.dual_inputs.iter().find(|d| d.slot == slot) {
            Some(d) => (d.location, d.location + 1),
            None => (u32::from(slot), u32::from(slot) + 1),
        }
    }
}

/// A uniform as the API sees it.
#[derive(Clone, Debug)]
pub(crate) struct ProgramUniform {
    /// `glGetActiveUniform` name (`a[0]` for arrays).
    pub name: String,
    pub ty: UniformType,
    pub count: u32,
    pub is_array: bool,
    pub location: i32,
    /// Where it is in each stage that uses it, by [`ProgramStage`].
    pub kinds: [Option<UniformKind>; PROGRAM_STAGES],
    /// For a member of a uniform block: the block and where it lies.
    pub block: Option<crate::program::ubo::BlockPlace>,
}

/// A program object.
#[derive(Debug, Default)]
pub struct ProgramObject {
    attached: Vec<u32>,
    bindings: Vec<(String, u32)>,
    /// `glBindFragDataLocation` (EXT_gpu_shader4, GL 3.0).
    frag_bindings: Vec<(String, u32, u32)>,
    /// `glTransformFeedbackVaryings`: names, and whether separate
    /// (applied at the next link).
    xfb_varyings: Vec<String>,
    xfb_separate: bool,
    /// `GL_PROGRAM_BINARY_RETRIEVABLE_HINT` (ARB_get_program_binary): as
    /// set, and as the last link took it (what queries return).
    binary_hint_pending: bool,
    binary_hint: bool,
    /// `GL_PROGRAM_SEPARABLE` (ARB_separate_shader_objects): as set (what
    /// queries return); the next link takes it.
    separable: bool,
    linked: bool,
    validated: bool,
    log: String,
    /// The executable of the last successful link.
    pub(crate) exec: Option<Arc<Executable>>,
    /// Its program binary (ARB_get_program_binary, [`binary`]).
    binary: Option<Arc<[u8]>>,
    delete_pending: bool,
    /// `glObjectLabel`.
    label: crate::debug::Label,
}

#[derive(Debug)]
enum Object {
    Shader(ShaderObject),
    Program(ProgramObject),
}

/// The shader and program namespace of a share group.
#[derive(Debug, Default)]
pub struct ShaderObjects {
    next: u32,
    objects: HashMap<u32, Object>,
}

impl ShaderObjects {
    fn insert(&mut self, o: Object) -> u32 {
        self.next += 1;
        while self.objects.contains_key(&self.next) || self.next == 0 {
            self.next = self.next.wrapping_add(1);
        }
        self.objects.insert(self.next, o);
        self.next
    }

    /// INVALID_VALUE for an unknown name, INVALID_OPERATION for a program.
    fn shader(&mut self, name: u32) -> ApiResult<&mut ShaderObject> {
        match self.objects.get_mut(&name) {
            Some(Object::Shader(s)) => Ok(s),
            Some(Object::Program(_)) => Err(ApiError::InvalidOperation),
            None => Err(ApiError::InvalidValue),
        }
    }

    /// INVALID_VALUE for an unknown name, INVALID_OPERATION for a shader.
    pub(crate) fn program(&mut self, name: u32) -> ApiResult<&mut ProgramObject> {
        match self.objects.get_mut(&name) {
            Some(Object::Program(p)) => Ok(p),
            Some(Object::Shader(_)) => Err(ApiError::InvalidOperation),
            None => Err(ApiError::InvalidValue),
        }
    }

    /// The label slot of shader (`program` false) or program object
    /// `name`, if it is one of that kind.
    pub(crate) fn label_mut(
        &mut self,
        name: u32,
        program: bool,
    ) -> Option<&mut crate::debug::Label> {
        match self.objects.get_mut(&name) {
            Some(Object::Shader(s)) if !program => Some(&mut s.label),
            Some(Object::Program(p)) if program => Some(&mut p.label),
            _ => None,
        }
    }

    /// Detaches `shader` from a program, deleting it if it was flagged.
    fn release_shader(&mut self, shader: u32) {
        if let Some(Object::Shader(s)) = self.objects.get_mut(&shader) {
            s.attachments = s.attachments.saturating_sub(1);
            if s.delete_pending && s.attachments == 0 {
                self.objects.remove(&shader);
            }
        }
    }

    /// Deletes program `name` now (not current anywhere we know of).
    fn destroy_program(&mut self, name: u32) {
        if let Some(Object::Program(p)) = self.objects.remove(&name) {
            for s in p.attached {
                self.release_shader(s);
            }
        }
    }
}

/// Current-program state of a context.
#[derive(Debug, Default)]
pub struct ProgramState {
    /// `GL_CURRENT_PROGRAM`.
    pub current: u32,
    /// Its executable (kept when the program is relinked unsuccessfully or
    /// deleted while current).
    pub(crate) exec: Option<Arc<Executable>>,
    /// `glMaxShaderCompilerThreadsKHR` (KHR_parallel_shader_compile): a
    /// hint (compiles run on the calling thread); `None` until set, when
    /// `GL_MAX_SHADER_COMPILER_THREADS_KHR` reads 0xFFFFFFFF ("as many as
    /// the implementation likes", Mesa's initial value).
    pub compiler_threads: Option<u32>,
    /// Program pipeline objects (ARB_separate_shader_objects; per
    /// context).
    pub(crate) pipelines: crate::namespace::Namespace<pipeline::Pipeline>,
    /// `GL_PROGRAM_PIPELINE_BINDING`.
    pub pipeline: u32,
    /// `glPatchParameter*` (ARB_tessellation_shader).
    pub patch: tess::PatchParams,
}

/// What linking needs of an attached shader.
struct LinkInput {
    kind: GLenum,
    compiled: bool,
    lowered: Option<Result<Arc<Lowered>, String>>,
    /// The source it was compiled from.
    source: Arc<str>,
}

/// `vertex`, `geometry`, ..., for link messages.
fn stage_name(kind: GLenum) -> &'static str {
    if kind == GL_COMPUTE_SHADER {
        return "compute";
    }
    ProgramStage::of_shader_type(kind).map_or("fragment", ProgramStage::name)
}

/// The texture target a sampler of `dim` (`arrayed`: an array sampler,
/// EXT_texture_array, ARB_texture_cube_map_array; `multisample`:
/// ARB_texture_multisample) reads.
pub(crate) fn dim_target(dim: Dim, arrayed: bool, multisample: bool) -> GLenum {
    match (dim, arrayed) {
        (Dim::D2, false) if multisample => GL_TEXTURE_2D_MULTISAMPLE,
        (Dim::D2, true) if multisample => GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
        (Dim::D1, false) => GL_TEXTURE_1D,
        (Dim::D1, true) => GL_TEXTURE_1D_ARRAY,
        (Dim::D2, true) => GL_TEXTURE_2D_ARRAY,
        (Dim::D3, _) => GL_TEXTURE_3D,
        (Dim::Cube, false) => GL_TEXTURE_CUBE_MAP,
        (Dim::Cube, true) => GL_TEXTURE_CUBE_MAP_ARRAY,
        (Dim::Rect, _) => GL_TEXTURE_RECTANGLE,
        (Dim::Buffer, _) => GL_TEXTURE_BUFFER,
        _ => GL_TEXTURE_2D,
    }
}

/// The IR input location of generic attribute `i`: generic 0 is the
/// position slot (it aliases `gl_Vertex`), except in core contexts, where
/// it is generic like the others (as `glVertexAttribPointer(0, ...)` sets
/// it).
fn attrib_slot(i: u32, core: bool) -> u32 {
    if i == 0 && !core {
        u32::from(crate::vbo::Attrib::POS.0)
    } else {
        u32::from(crate::vbo::Attrib::GENERIC0.0) + i
    }
}

/// Copies `s` into `buf` as `glGet*InfoLog` does: at most `buf_size - 1`
/// bytes and a NUL. Returns the length written (without the NUL).
pub fn copy_string(s: &str, buf: &mut [u8]) -> usize {
    if buf.is_empty() {
        return 0;
    }
    let n = s.len().min(buf.len() - 1);
    buf[..n].copy_from_slice(&s.as_bytes()[..n]);
    buf[n] = 0;
    n
}

/// What `glGetActiveAttrib` / `glGetActiveUniform` return.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActiveVariable {
    /// Name.
    pub name: String,
    /// Array size (1 if not an array).
    pub size: i32,
    /// `GL_FLOAT_VEC4`, ...
    pub ty: GLenum,
}

impl Context {
    pub(crate) fn objects(&self) -> MutexGuard<'_, ShaderObjects> {
        self.shared().programs()
    }

    /// `glCreateShader`: 0 and INVALID_ENUM for an unknown type or a stage
    /// this context lacks (geometry before GL 3.2, tessellation).
    pub fn create_shader(&mut self, kind: GLenum) -> ApiResult<u32> {
        self.outside_begin_end()?;
        let compute = kind == GL_COMPUTE_SHADER && self.has_compute();
        if !compute && !ProgramStage::of_shader_type(kind).is_some_and(|s| self.has_stage_kind(s)) {
            return Err(ApiError::InvalidEnum);
        }
        Ok(self.objects().insert(Object::Shader(ShaderObject {
            kind,
            source: None,
            compiled: false,
            log: String::new(),
            lowered: None,
            compiled_source: Arc::from(""),
            delete_pending: false,
            attachments: 0,
            label: None,
        })))
    }

    /// `glCreateProgram`.
    pub fn create_program(&mut self) -> ApiResult<u32> {
        self.outside_begin_end()?;
        Ok(self
            .objects()
            .insert(Object::Program(ProgramObject::default())))
    }

    /// `glShaderSource`: the strings, concatenated.
    /// The checks `glShaderSource` makes of its shader before it reads the
    /// strings (Mesa's order): INVALID_VALUE for a name that is no object,
    /// INVALID_OPERATION for a program.
    pub fn shader_source_target(&mut self, shader: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.objects().shader(shader).map(|_| ())
    }

    pub fn shader_source(&mut self, shader: u32, strings: Vec<String>) -> ApiResult {
        self.outside_begin_end()?;
        let mut o = self.objects();
        o.shader(shader)?.source = Some(strings.concat());
        Ok(())
    }

    /// `glCompileShader`.
    pub fn compile_shader(&mut self, shader: u32) -> ApiResult {
        self.outside_begin_end()?;
        let (kind, src) = {
            let mut o = self.objects();
            let s = o.shader(shader)?;
            (s.kind, s.source.clone().unwrap_or_default())
        };
        let opts = self.glsl_options(glsl_stage(kind));
        let c = oxgl_glsl::compile(&src, &opts);
        let compiled = c.success();
        let log = c.log.to_string();
        let lowered = compiled.then(|| {
            oxgl_glsl::lower::lower(&c)
                .map(Arc::new)
                .map_err(|e| e.to_string())
        });
        let mut o = self.objects();
        // The shader may have been deleted meanwhile by another context.
        if let Ok(s) = o.shader(shader) {
            s.compiled = compiled;
            s.log = log;
            s.lowered = lowered;
            s.compiled_source = Arc::from(src);
        }
        Ok(())
    }

    /// Compiler options for this context: its profile, and `#version`
    /// limited to the GLSL version it reports (Mesa's "GLSL 1.30 is not
    /// supported" error above it) or GLSL ES 1.00 (ARB_ES2_compatibility).
    fn glsl_options(&self, stage: oxgl_glsl::Stage) -> oxgl_glsl::Options {
        if self.params().profile == Profile::Es {
            // An ES context: GLSL ES only (1.00, and 3.00 in ES 3.0), 1.00
            // the default without `#version` ("GLSL 1.10 is not supported.
            // Supported versions are: 1.00 ES" otherwise, as Mesa).
            let mut opts = oxgl_glsl::Options::es(stage);
            opts.max_es_in_gl = if self.params().is_es3() { 300 } else { 100 };
            opts.context_exts = Some(self.glsl_extensions());
            return opts;
        }
        let mut opts = oxgl_glsl::Options::new(stage);
        opts.compat_context = self.params().profile == Profile::Compat;
        opts.max_desktop_version = oxgl_glsl::version::for_gl(self.params().version);
        // ARB_ES2_compatibility: GLSL ES 1.00 shaders in GL contexts;
        // ARB_ES3_compatibility: GLSL ES 3.00 too.
        let es3 =
            crate::extensions::for_context(self.params()).contains(&c"GL_ARB_ES3_compatibility");
        opts.max_es_in_gl = if es3 { 300 } else { 100 };
        opts.context_exts = Some(self.glsl_extensions());
        opts
    }

    /// The shading-language extensions of this context's extension string.
    fn glsl_extensions(&self) -> oxgl_glsl::extensions::ExtSet {
        let mut exts = oxgl_glsl::extensions::ExtSet::default();
        for name in crate::extensions::for_context(self.params()) {
            if let Some(e) = name.to_str().ok().and_then(oxgl_glsl::extensions::lookup) {
                exts.insert(e);
            }
        }
        exts
    }

    /// `glDeleteShader`: flagged while attached. 0 is silently ignored.
    pub fn delete_shader(&mut self, shader: u32) -> ApiResult {
        self.outside_begin_end()?;
        if shader == 0 {
            return Ok(());
        }
        let mut o = self.objects();
        let s = o.shader(shader)?;
        if s.attachments > 0 {
            s.delete_pending = true;
        } else {
            o.objects.remove(&shader);
        }
        Ok(())
    }

    /// `glDeleteProgram`: flagged while current.
    pub fn delete_program(&mut self, program: u32) -> ApiResult {
        self.outside_begin_end()?;
        if program == 0 {
            return Ok(());
        }
        let current = self.programs.current;
        let mut o = self.objects();
        let p = o.program(program)?;
        if program == current {
            p.delete_pending = true;
        } else {
            o.destroy_program(program);
        }
        Ok(())
    }

    /// `glIsShader`.
    pub fn is_shader(&self, name: u32) -> bool {
        matches!(self.objects().objects.get(&name), Some(Object::Shader(_)))
    }

    /// `glIsProgram`.
    pub fn is_program(&self, name: u32) -> bool {
        matches!(self.objects().objects.get(&name), Some(Object::Program(_)))
    }

    /// `glAttachShader`: INVALID_OPERATION if already attached.
    pub fn attach_shader(&mut self, program: u32, shader: u32) -> ApiResult {
        self.outside_begin_end()?;
        let es = self.params().profile == Profile::Es;
        let mut o = self.objects();
        o.program(program)?;
        let kind = o.shader(shader)?.kind;
        let p = o.program(program)?;
        if p.attached.contains(&shader) {
            return Err(ApiError::InvalidOperation);
        }
        // ES 2.0 §2.10.3: "INVALID_OPERATION ... if a shader of the same
        // type as shader is already attached to program".
        let attached = p.attached.clone();
        if es
            && attached
                .iter()
                .any(|&s| o.shader(s).is_ok_and(|s| s.kind == kind))
        {
            return Err(ApiError::InvalidOperation);
        }
        let p = o.program(program)?;
        p.attached.push(shader);
        o.shader(shader)?.attachments += 1;
        Ok(())
    }

    /// `glDetachShader`: INVALID_OPERATION if not attached.
    pub fn detach_shader(&mut self, program: u32, shader: u32) -> ApiResult {
        self.outside_begin_end()?;
        let mut o = self.objects();
        o.program(program)?;
        o.shader(shader)?;
        let p = o.program(program)?;
        let Some(i) = p.attached.iter().position(|&s| s == shader) else {
            return Err(ApiError::InvalidOperation);
        };
        p.attached.remove(i);
        o.release_shader(shader);
        Ok(())
    }

    /// `glGetAttachedShaders`.
    pub fn attached_shaders(&mut self, program: u32) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        Ok(self.objects().program(program)?.attached.clone())
    }

    /// `glBindAttribLocation`: takes effect at the next link.
    pub fn bind_attrib_location(&mut self, program: u32, index: u32, name: &str) -> ApiResult {
        self.outside_begin_end()?;
        if index >= MAX_VERTEX_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        let mut o = self.objects();
        let p = o.program(program)?;
        if name.starts_with("gl_") {
            return Err(ApiError::InvalidOperation);
        }
        p.bindings.retain(|(n, _)| n != name);
        p.bindings.push((name.to_owned(), index));
        Ok(())
    }

    /// `glBindFragDataLocation` (EXT_gpu_shader4, GL 3.0) and
    /// `glBindFragDataLocationIndexed` (GL 3.3): take effect at the next
    /// link. INVALID_VALUE for a colour number past `GL_MAX_DRAW_BUFFERS`
    /// (past `GL_MAX_DUAL_SOURCE_DRAW_BUFFERS` for index 1) or an index
    /// above 1, INVALID_OPERATION for a `gl_` name.
    pub fn bind_frag_data_location(
        &mut self,
        program: u32,
        color: u32,
        index: u32,
        name: &str,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let mut o = self.objects();
        let p = o.program(program)?;
        let limit = if index == 0 {
            crate::context::MAX_DRAW_BUFFERS as u32
        } else {
            oxgl_glsl::link::MAX_DUAL_SOURCE_DRAW_BUFFERS
        };
        if index > 1 || color >= limit {
            return Err(ApiError::InvalidValue);
        }
        if name.starts_with("gl_") {
            return Err(ApiError::InvalidOperation);
        }
        p.frag_bindings.retain(|(n, _, _)| n != name);
        p.frag_bindings.push((name.to_owned(), color, index));
        Ok(())
    }

    /// `glGetFragDataLocation` and `glGetFragDataIndex` (`index`): the
    /// colour number or index of a user fragment output of the last link,
    /// -1 for other names; INVALID_OPERATION when the program has not
    /// linked.
    pub fn get_frag_data_location(
        &mut self,
        program: u32,
        name: &str,
        index: bool,
    ) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let e = self.linked_exec(program)?;
        Ok(e.frag_outputs
            .iter()
            .find(|(n, _, _)| n == name)
            .map_or(-1, |&(_, l, i)| if index { i as i32 } else { l as i32 }))
    }

    /// `glLinkProgram`.
    pub fn link_program(&mut self, program: u32) -> ApiResult {
        self.outside_begin_end()?;
        let (attached, bindings, frag_bindings, xfb) = {
            let mut o = self.objects();
            let p = o.program(program)?;
            // GL 4.6 §13.3.2: the program transform feedback uses cannot
            // be relinked while it is active.
            if self.xfb_program() == Some(program) {
                return Err(ApiError::InvalidOperation);
            }
            let xfb = (p.xfb_varyings.clone(), p.xfb_separate);
            let separable = p.separable;
            let attached = p.attached.clone();
            let bindings = p.bindings.clone();
            let frag_bindings = p.frag_bindings.clone();
            let mut shaders = Vec::new();
            for s in attached {
                if let Ok(s) = o.shader(s) {
                    shaders.push(LinkInput {
                        kind: s.kind,
                        compiled: s.compiled,
                        lowered: s.lowered.clone(),
                        source: s.compiled_source.clone(),
                    });
                }
            }
            (shaders, bindings, frag_bindings, (xfb, separable))
        };
        let (xfb, separable) = xfb;
        let inputs = binary::LinkInputs {
            shaders: attached
                .iter()
                .map(|s| (s.kind, s.source.to_string()))
                .collect(),
            bindings,
            frag_bindings,
            xfb_varyings: xfb.0,
            xfb_separate: xfb.1,
            separable,
        };
        let result = self
            .link(
                &attached,
                &inputs.bindings,
                &inputs.frag_bindings,
                &(inputs.xfb_varyings.clone(), inputs.xfb_separate),
                separable,
            )
            .map(|e| (e, inputs.encode()));
        self.install_link(program, result)
    }

    /// Makes `result` (an executable and its program binary, or a log) the
    /// outcome of `program`'s link (`glLinkProgram`, `glProgramBinary`).
    fn install_link(
        &mut self,
        program: u32,
        result: Result<(Executable, Vec<u8>), String>,
    ) -> ApiResult {
        let mut new_exec = None;
        {
            let mut o = self.objects();
            let p = o.program(program)?;
            match result {
                Ok((exec, binary)) => {
                    let exec = Arc::new(exec);
                    p.linked = true;
                    p.log.clear();
                    p.exec = Some(exec.clone());
                    p.binary = Some(binary.into());
                    new_exec = Some(exec);
                }
                Err(log) => {
                    p.linked = false;
                    p.log = log;
                    p.exec = None;
                    p.binary = None;
                }
            }
            p.validated = false;
            // GL 4.6 §7.5: the hint takes effect at the next link.
            p.binary_hint = p.binary_hint_pending;
        }
        if self.programs.current == program && new_exec.is_some() {
            self.programs.exec = new_exec;
        }
        Ok(())
    }

    /// Links shaders into an executable or an info log.
    fn link(
        &mut self,
        shaders: &[LinkInput],
        bindings: &[(String, u32)],
        frag_bindings: &[(String, u32, u32)],
        (xfb_varyings, xfb_separate): &(Vec<String>, bool),
        separable: bool,
    ) -> Result<Executable, String> {
        // A program without shaders links: fixed function draws (GL 2.1
        // §2.15.3 leaves it undefined; Mesa links it).
        let mut stages: [Option<Arc<Lowered>>; PROGRAM_STAGES] = Default::default();
        // A compute program (GL 4.6 §7.3): its one stage only, kept in
        // the first stage's tables (`program/compute.rs`).
        let computes: Vec<&LinkInput> = shaders
            .iter()
            .filter(|s| s.kind == GL_COMPUTE_SHADER)
            .collect();
        let mut compute = None;
        if !computes.is_empty() {
            if computes.len() != shaders.len() {
                return Err(
                    "error: Compute shaders may not be linked with any other type of shader\n"
                        .into(),
                );
            }
            if computes.iter().any(|s| !s.compiled) {
                return Err("error: linking with uncompiled/unspecialized compute shader\n".into());
            }
            let l = match computes[..] {
                [s] => match &s.lowered {
                    Some(Ok(l)) => l.clone(),
                    Some(Err(e)) => return Err(format!("{e}\n")),
                    None => return Err("error: linking with uncompiled compute shader\n".into()),
                },
                _ => {
                    // ARB_compute_shader: the shaders that declare a
                    // local size declare the same one.
                    let opts = self.glsl_options(oxgl_glsl::Stage::Compute);
                    let sizes: Vec<[u32; 3]> = computes
                        .iter()
                        .filter_map(|s| oxgl_glsl::compile(&s.source, &opts).local_size())
                        .collect();
                    if sizes.windows(2).any(|w| w[0] != w[1]) {
                        return Err(
                            "error: compute shader defined with different local group sizes\n"
                                .into(),
                        );
                    }
                    let sources: Vec<&str> = computes.iter().map(|s| &*s.source).collect();
                    self.compile_together(GL_COMPUTE_SHADER, &sources)?
                }
            };
            let size = l.shader.modes.iter().find_map(|m| match m {
                oxgl_ir::Mode::LocalSize(s) => Some(*s),
                _ => None,
            });
            let Some(size) = size else {
                return Err("error: compute shader must contain a fixed local group size\n".into());
            };
            let invocations = size.iter().map(|&x| u64::from(x)).product::<u64>();
            if size.contains(&0)
                || size
                    .iter()
                    .zip(compute::MAX_GROUP_SIZE)
                    .any(|(&s, m)| s > m)
                || invocations > u64::from(compute::MAX_INVOCATIONS)
            {
                return Err(format!(
                    "error: local group size {size:?} exceeds the maximum of {:?} and {} invocations\n",
                    compute::MAX_GROUP_SIZE,
                    compute::MAX_INVOCATIONS
                ));
            }
            compute = Some(size);
            stages[0] = Some(l);
        }
        for (i, stage) in ProgramStage::ALL.into_iter().enumerate() {
            if compute.is_some() {
                break;
            }
            let (kind, name) = (stage.shader_type(), stage.name());
            let of_stage: Vec<&LinkInput> = shaders.iter().filter(|s| s.kind == kind).collect();
            if of_stage.iter().any(|s| !s.compiled) {
                return Err(format!(
                    "error: linking with uncompiled/unspecialized {name} shader\n"
                ));
            }
            stages[i] = match of_stage[..] {
                [] => None,
                [s] => match &s.lowered {
                    Some(Ok(l)) => Some(l.clone()),
                    Some(Err(e)) => return Err(format!("{e}\n")),
                    None => return Err(format!("error: linking with uncompiled {name} shader\n")),
                },
                // GL 2.0 §2.15.2: several shaders of one stage form one
                // program stage; they are compiled here as one translation
                // unit.
                _ => {
                    let sources: Vec<&str> = of_stage.iter().map(|s| &*s.source).collect();
                    Some(self.compile_together(kind, &sources)?)
                }
            };
        }
        // GL 4.6 core §7.3: "No shader objects are attached to program"
        // fails the link where there is no fixed function (Mesa's words).
        if shaders.is_empty() && self.params().profile != Profile::Compat {
            return Err("error: no shaders attached to the program\n".into());
        }
        // ES 2.0 §2.10.3: a program needs both stages (Mesa's words).
        if self.params().profile == Profile::Es {
            if stages[0].is_none() {
                return Err("error: program lacks a vertex shader\n".into());
            }
            if stages[ProgramStage::Fragment as usize].is_none() {
                return Err("error: program lacks a fragment shader\n".into());
            }
        }
        let fs_broadcast = stages[ProgramStage::Fragment as usize]
            .as_ref()
            .is_none_or(|l| {
                !l.interface
                    .outputs
                    .iter()
                    .any(|o| o.name == "gl_FragData" || !o.name.starts_with("gl_"))
            });
        let core = self.params().profile == Profile::Core;
        let opts = LinkOptions {
            bindings,
            max_vertex_attribs: MAX_VERTEX_ATTRIBS,
            frag_bindings,
            max_draw_buffers: crate::context::MAX_DRAW_BUFFERS as u32,
            max_varying_locations: MAX_VARYING_LOCATIONS,
            attrib_slot: &|i| attrib_slot(i, core),
            dual_slot_base: crate::vbo::attrib::NUM_ATTRIBS as u32,
            vs_alone_sampler_base: VS_ALONE_SAMPLER_BASE,
            es: self.params().profile == Profile::Es,
            feedback: oxgl_glsl::link::Feedback {
                names: xfb_varyings,
                separate: *xfb_separate,
                max_interleaved_components: crate::xfb::MAX_INTERLEAVED_COMPONENTS,
                max_separate_components: crate::xfb::MAX_SEPARATE_COMPONENTS,
            },
            separable,
            // The compatibility varyings keep locations 0 to 12.
            user_varying_base: if self.params().profile == Profile::Compat {
                13
            } else {
                0
            },
        };
        let [vs, tcs, tes, gs, fs] = stages.each_ref().map(Option::as_deref);
        let linked = oxgl_glsl::link::link_stages(
            oxgl_glsl::link::Stages {
                vs,
                tcs,
                tes,
                gs,
                fs,
            },
            &opts,
        )?;
        if let Some(g) = &linked.geometry {
            geometry_limits(g)?;
        }
        let mut textures = Vec::new();
        let mut images = Vec::new();
        let mut compile = |s: &Option<oxgl_ir::Shader>| -> Result<Option<BackendShader>, String> {
            let Some(s) = s else { return Ok(None) };
            images.extend(crate::texture::image_unit::stage_images(s)?);
            // Only the textures an instruction samples are the program's
            // (GL 4.6 §11.1.3.11 validates the samplers the code uses,
            // as Mesa's `SamplersUsed`: an unused array element on a
            // unit of another target is no conflict).
            let mut used = vec![false; s.textures.len()];
            for (_, f) in s.funcs.iter() {
                for v in f.live_insts() {
                    if let oxgl_ir::Op::Tex(t) = &f.insts[v].op
                        && let Some(u) = used.get_mut(t.texture as usize)
                    {
                        *u = true;
                    }
                }
            }
            textures.extend(
                s.textures
                    .iter()
                    .zip(&used)
                    .filter(|(_, u)| **u)
                    .map(|(t, _)| t.clone()),
            );
            self.backend_shader(&oxgl_ir::serialize::serialize(s))
                .map(Some)
                .map_err(|e| format!("error: the backend cannot run this program: {e}\n"))
        };
        let vs = compile(&linked.vs)?;
        let tcs = compile(&linked.tcs)?;
        let tes = compile(&linked.tes)?;
        let gs = compile(&linked.gs)?;
        let fs = compile(&linked.fs)?;
        let mut uniforms = Vec::new();
        // Explicit locations first (ARB_explicit_uniform_location; the
        // linker checked them), then each other uniform at the lowest
        // run of free locations.
        let mut locations: Vec<Option<(usize, usize)>> = Vec::new();
        let mut taken: Vec<bool> = Vec::new();
        for (_, at, n) in &linked.explicit_locations {
            let (at, n) = (*at as usize, *n as usize);
            if taken.len() < at + n {
                taken.resize(at + n, false);
            }
            taken[at..at + n].fill(true);
        }
        let mut implicit: Vec<usize> = Vec::new();
        // GL 4.6 §7.6: a stage's default-block uniforms fit its
        // GL_MAX_*_UNIFORM_COMPONENTS (a link error in Mesa's words), which
        // also bounds the locations made below.
        let mut components = [0u64; PROGRAM_STAGES];
        for u in linked
            .uniforms
            .iter()
            .filter(|u| !subroutine::is_subroutine_uniform(u))
        {
            let Some(ty) = UniformType::parse(&u.ty) else {
                return Err(format!(
                    "error: uniform `{}' of type `{}' is not supported yet\n",
                    u.name, u.ty
                ));
            };
            let n = u64::from(u.count) * ty.components() as u64;
            let kinds = u.stage_kinds();
            for (stage, kind) in kinds.iter().enumerate() {
                if matches!(kind, Some(UniformKind::Data { .. })) && !u.name.starts_with("gl_") {
                    components[stage] = components[stage].saturating_add(n);
                    if components[stage] > u64::from(MAX_UNIFORM_COMPONENTS) {
                        let name = ProgramStage::ALL[stage].name();
                        return Err(format!(
                            "error: Too many {name} shader default uniform block components\n"
                        ));
                    }
                }
            }
            // Built-ins and atomic counters have no location.
            let counter = kinds
                .iter()
                .flatten()
                .any(|k| matches!(k, UniformKind::AtomicCounter { .. }));
            let builtin = u.name.starts_with("gl_") || counter;
            let explicit = linked
                .explicit_locations
                .iter()
                .find(|(n, ..)| *n == u.name)
                .map(|&(_, at, _)| at as usize);
            let location = match explicit {
                _ if builtin => -1,
                Some(at) => {
                    place(&mut locations, uniforms.len(), at, u.count as usize);
                    at as i32
                }
                None => {
                    implicit.push(uniforms.len());
                    -1
                }
            };
            uniforms.push(ProgramUniform {
                name: u.name.clone(),
                ty,
                count: u.count,
                is_array: u.name.ends_with("[0]"),
                location,
                kinds,
                block: None,
            });
        }
        let mut cursor = 0;
        for ui in implicit {
            let n = uniforms[ui].count as usize;
            let at = free_run(&taken, &mut cursor, n);
            if taken.len() < at + n {
                taken.resize(at + n, false);
            }
            taken[at..at + n].fill(true);
            place(&mut locations, ui, at, n);
            uniforms[ui].location = at as i32;
        }
        let inactive_locations = linked
            .explicit_locations
            .iter()
            .filter(|(name, ..)| !uniforms.iter().any(|u| u.name == *name))
            .map(|&(_, at, n)| at as usize..(at + n) as usize)
            .collect();
        let blocks = program_blocks(&linked.blocks, &mut uniforms)?;
        let counter_buffers = atomic::program_buffers(&uniforms)?;
        let storage_blocks = storage::program_blocks(&linked.storage_blocks)?;
        let program_io = if compute.is_some() {
            (Vec::new(), Vec::new())
        } else {
            (
                stages
                    .iter()
                    .flatten()
                    .next()
                    .map_or_else(Vec::new, |l| l.interface.inputs.clone()),
                stages
                    .iter()
                    .flatten()
                    .last()
                    .map_or_else(Vec::new, |l| l.interface.outputs.clone()),
            )
        };
        let mut values = UniformStore {
            storage_bindings: storage_blocks.iter().map(|b| b.initial_binding).collect(),
            blocks: linked.uniform_sizes().map(|n| vec![0; n as usize]),
            units: HashMap::new(),
            image_units: HashMap::new(),
            block_bindings: blocks.iter().map(|b| b.initial_binding).collect(),
        };
        for t in &textures {
            values.units.insert(t.binding, 0);
        }
        crate::texture::image_unit::check_combined(&images)?;
        for i in &images {
            values.image_units.insert(i.binding, 0);
        }
        // `layout(binding = N)` on images: their initial units.
        for l in stages.iter().flatten() {
            for (name, unit) in &l.interface.image_units {
                let Some(u) = uniforms.iter().find(|u: &&ProgramUniform| u.name == *name) else {
                    continue;
                };
                for kind in u.kinds.iter().flatten() {
                    if let UniformKind::Image { binding } = kind {
                        for i in 0..u.count {
                            values.image_units.insert(binding + i, unit + i);
                        }
                    }
                }
            }
        }
        // `layout(binding = N)` on samplers (GLSL 4.20): their initial
        // units; the stages must agree.
        let mut explicit_units: Vec<(&str, u32)> = Vec::new();
        for l in stages.iter().flatten() {
            for (name, unit) in &l.interface.sampler_units {
                match explicit_units.iter().find(|(n, _)| n == name) {
                    Some(&(_, other)) if other != *unit => {
                        return Err(format!(
                            "error: sampler `{name}' has different bindings in two stages \
                             ({other} and {unit})\n"
                        ));
                    }
                    Some(_) => {}
                    None => explicit_units.push((name, *unit)),
                }
            }
        }
        for (name, unit) in explicit_units {
            let Some(u) = uniforms.iter().find(|u: &&ProgramUniform| u.name == name) else {
                continue;
            };
            for kind in u.kinds.iter().flatten() {
                if let UniformKind::Sampler { binding } = kind {
                    for i in 0..u.count {
                        values.units.insert(binding + i, unit + i);
                    }
                }
            }
        }
        for stage in &stages {
            if let Some(l) = stage
                && let Some((shader, inits)) = &l.uniform_init
            {
                apply_uniform_inits(&mut values, &uniforms, &l.interface, shader, inits)?;
            }
        }
        let reads_num_samples = uniforms.iter().any(|u| u.name == "gl_NumSamples");
        let subroutines = subroutine::stage_subroutines(&linked);
        for (s, block) in subroutines.iter().zip(values.blocks.iter_mut()) {
            s.reset(block);
        }
        let core = self.params().profile == Profile::Core;
        let dual_inputs = linked
            .attributes
            .iter()
            .filter_map(|a| Some((a.index?, a.dual?, a.slots)))
            .flat_map(|(index, dual, n)| {
                (0..n).map(move |j| DualInput {
                    slot: attrib_slot(index + j, core) as u8,
                    index: index + j,
                    location: dual + 2 * j,
                })
            })
            .collect();
        Ok(Executable {
            dual_inputs,
            vs,
            // The CPU runs no compute stage as a vertex stage.
            vs_ir: linked.vs.clone().filter(|_| compute.is_none()),
            tcs,
            tes,
            tess: linked.tess,
            gs,
            geometry: linked.geometry,
            unclamped_ir: linked.unclamped,
            unclamped: Mutex::new(None),
            fs,
            fs_reads_colors: linked
                .fs
                .as_ref()
                .is_some_and(|f| oxgl_glsl::two_side::reads_colors(f, &linked.fs_qualified_colors)),
            fs_qualified_colors: linked.fs_qualified_colors,
            fs_ir: linked.fs,
            fs_two_side_ir: linked.fs_two_side,
            fs_variants: Mutex::new(HashMap::new()),
            textures,
            images,
            // A compute program has no vertex attributes.
            attributes: if compute.is_some() {
                Vec::new()
            } else {
                linked.attributes
            },
            frag_outputs: linked.frag_outputs,
            fs_broadcast,
            uniforms,
            locations,
            inactive_locations,
            values: Mutex::new(values),
            captured: linked.captured,
            blocks,
            separable,
            reads_num_samples,
            subroutines,
            counter_buffers,
            storage_blocks,
            program_io,
            compute,
        })
    }

    /// Compiles and lowers the sources of several shaders of stage `kind`
    /// as one: their `#version` lines are blanked (line numbers stay) and
    /// the highest one goes first.
    fn compile_together(&self, kind: GLenum, sources: &[&str]) -> Result<Arc<Lowered>, String> {
        let text = oxgl_glsl::join_stage_sources(sources);
        let mut opts = self.glsl_options(glsl_stage(kind));
        opts.joined_stage = true;
        let c = oxgl_glsl::compile(&text, &opts);
        let name = stage_name(kind);
        if !c.success() {
            return Err(format!(
                "error: the {name} shaders do not compile as one:\n{}",
                c.log
            ));
        }
        oxgl_glsl::lower::lower(&c)
            .map(Arc::new)
            .map_err(|e| format!("{e}\n"))
    }

    /// The fragment stage of `exec` for the colour state `want`; `None`
    /// for the plain stage (also when the variant is the plain stage, or
    /// the backend cannot compile it).
    pub(crate) fn fs_variant(
        &self,
        exec: &Executable,
        want: FsVariant,
    ) -> Option<Arc<BackendShader>> {
        let key = FsVariant {
            two_side: want.two_side && exec.fs_two_side_ir.is_some(),
            flat: want.flat && exec.fs_reads_colors,
        };
        if key
            == (FsVariant {
                two_side: false,
                flat: false,
            })
        {
            return None;
        }
        let mut cache = exec.fs_variants.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = cache.get(&key) {
            return Some(s.clone());
        }
        let base = if key.two_side {
            exec.fs_two_side_ir.as_ref()
        } else {
            exec.fs_ir.as_ref()
        };
        let mut ir = base?.clone();
        if key.flat {
            oxgl_glsl::two_side::flat_colors(&mut ir, &exec.fs_qualified_colors);
        }
        let s = Arc::new(
            self.backend_shader(&oxgl_ir::serialize::serialize(&ir))
                .ok()?,
        );
        cache.insert(key, s.clone());
        Some(s)
    }

    /// The last stage of `exec` before rasterization (geometry, else
    /// vertex) with unclamped colour outputs (`GL_CLAMP_VERTEX_COLOR`
    /// off); `None` for the plain stage (it writes no colour, or the
    /// backend cannot compile the variant).
    pub(crate) fn unclamped(&self, exec: &Executable) -> Option<Arc<BackendShader>> {
        let ir = exec.unclamped_ir.as_ref()?;
        let mut cached = exec.unclamped.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = &*cached {
            return Some(s.clone());
        }
        let s = Arc::new(
            self.backend_shader(&oxgl_ir::serialize::serialize(ir))
                .ok()?,
        );
        *cached = Some(s.clone());
        Some(s)
    }

    /// `glUseProgram`: INVALID_OPERATION for a program that is not linked.
    pub fn use_program(&mut self, program: u32) -> ApiResult {
        self.outside_begin_end()?;
        // GL 4.6 §13.3.2: the program cannot change while transform
        // feedback is active and not paused.
        if self.xfb.capturing() {
            return Err(ApiError::InvalidOperation.because("transform feedback active"));
        }
        let exec = if program == 0 {
            None
        } else {
            let mut o = self.objects();
            let p = o.program(program)?;
            if !p.linked {
                return Err(ApiError::InvalidOperation.because("program not linked"));
            }
            p.exec.clone()
        };
        // Vertices buffered so far draw with the program they were given
        // under.
        self.flush_vertices();
        // GL 4.6 §7.10: making a program current sets its subroutine
        // uniforms anew.
        if let Some(e) = &exec {
            subroutine::reset_subroutines(e, &mut e.values());
        }
        let old = std::mem::replace(&mut self.programs.current, program);
        self.programs.exec = exec;
        if old != program && old != 0 {
            let mut o = self.objects();
            if let Ok(p) = o.program(old)
                && p.delete_pending
            {
                o.destroy_program(old);
            }
        }
        Ok(())
    }

    /// `glValidateProgram`: a linked program validates.
    pub fn validate_program(&mut self, program: u32) -> ApiResult {
        self.outside_begin_end()?;
        let mut o = self.objects();
        let p = o.program(program)?;
        let conflict = p.exec.as_ref().and_then(|e| e.sampler_conflict());
        p.validated = p.linked && conflict.is_none();
        if let Some(unit) = conflict {
            let msg =
                format!("error: texture unit {unit} is read by samplers of different types\n");
            if !p.log.contains(&msg) {
                p.log += &msg;
            }
        }
        Ok(())
    }

    /// Drawing with a program whose samplers of different targets share a
    /// texture unit: INVALID_OPERATION (GL 4.6 §11.1.3.11).
    ///
    /// Without a current program, the bound program pipeline must be valid
    /// (GL 4.6 §11.1.3.11, [`Context::pipeline_problem`]).
    pub(crate) fn check_sampler_units(&self) -> ApiResult {
        match &self.programs.exec {
            Some(e) if e.sampler_conflict().is_some() => Err(ApiError::InvalidOperation),
            None if self.programs.pipeline != 0 => {
                match self.pipeline_problem(self.programs.pipeline) {
                    Some(_) => Err(ApiError::InvalidOperation.because("invalid program pipeline")),
                    None => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// `glGetShaderiv`.
    pub fn get_shader(&mut self, shader: u32, pname: GLenum) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let mut o = self.objects();
        let s = o.shader(shader)?;
        Ok(match pname {
            GL_SHADER_TYPE => s.kind as i32,
            // KHR_parallel_shader_compile: compiled on return.
            GL_COMPLETION_STATUS_KHR => 1,
            GL_DELETE_STATUS => i32::from(s.delete_pending),
            GL_COMPILE_STATUS => i32::from(s.compiled),
            GL_INFO_LOG_LENGTH => {
                if s.log.is_empty() {
                    0
                } else {
                    s.log.len() as i32 + 1
                }
            }
            GL_SHADER_SOURCE_LENGTH => s.source.as_ref().map_or(0, |x| x.len() as i32 + 1),
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glGetShaderInfoLog`.
    pub fn shader_info_log(&mut self, shader: u32) -> ApiResult<String> {
        self.outside_begin_end()?;
        Ok(self.objects().shader(shader)?.log.clone())
    }

    /// `glGetShaderSource`.
    pub fn shader_source_text(&mut self, shader: u32) -> ApiResult<String> {
        self.outside_begin_end()?;
        Ok(self
            .objects()
            .shader(shader)?
            .source
            .clone()
            .unwrap_or_default())
    }

    /// `glGetProgramiv`.
    pub fn get_program(&mut self, program: u32, pname: GLenum) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let xfb = self.params().desktop_or_es3();
        let geometry_pnames = self.has_geometry_shaders();
        let tess_pnames = self.has_tessellation();
        let sso = self.has_separate_shader_objects();
        let mut o = self.objects();
        let p = o.program(program)?;
        let exec = p.exec.as_deref();
        let max_len = |names: &mut dyn Iterator<Item = usize>| -> i32 {
            names.map(|n| n as i32 + 1).max().unwrap_or(0)
        };
        Ok(match pname {
            GL_DELETE_STATUS => i32::from(p.delete_pending),
            GL_LINK_STATUS => i32::from(p.linked),
            GL_VALIDATE_STATUS => i32::from(p.validated),
            GL_INFO_LOG_LENGTH => {
                if p.log.is_empty() {
                    0
                } else {
                    p.log.len() as i32 + 1
                }
            }
            GL_ATTACHED_SHADERS => p.attached.len() as i32,
            // KHR_parallel_shader_compile: linked on return.
            GL_COMPLETION_STATUS_KHR => 1,
            // ARB_get_program_binary: the last successful link's binary.
            GL_PROGRAM_BINARY_LENGTH => p
                .binary
                .as_ref()
                .filter(|_| p.linked)
                .map_or(0, |b| b.len() as i32),
            GL_PROGRAM_BINARY_RETRIEVABLE_HINT => i32::from(p.binary_hint),
            GL_PROGRAM_SEPARABLE if sso => i32::from(p.separable),
            GL_ACTIVE_ATTRIBUTES => exec.map_or(0, |e| e.attributes.len() as i32),
            GL_ACTIVE_ATTRIBUTE_MAX_LENGTH => exec.map_or(0, |e| {
                max_len(&mut e.attributes.iter().map(|a| a.name.len()))
            }),
            GL_ACTIVE_UNIFORMS => exec.map_or(0, |e| e.uniforms.len() as i32),
            GL_ACTIVE_UNIFORM_MAX_LENGTH => {
                exec.map_or(0, |e| max_len(&mut e.uniforms.iter().map(|u| u.name.len())))
            }
            // ARB_uniform_buffer_object (desktop and ES 3.0 contexts, as
            // the transform feedback pnames).
            GL_ACTIVE_UNIFORM_BLOCKS if xfb => exec.map_or(0, |e| e.blocks.len() as i32),
            // ARB_shader_atomic_counters.
            GL_ACTIVE_ATOMIC_COUNTER_BUFFERS if self.has_atomic_counters() => {
                exec.map_or(0, |e| e.counter_buffers.len() as i32)
            }
            GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH if xfb => {
                exec.map_or(0, |e| max_len(&mut e.blocks.iter().map(|b| b.name.len())))
            }
            // EXT_transform_feedback: the linked varyings; the buffer mode
            // last asked for (as Mesa).
            GL_TRANSFORM_FEEDBACK_VARYINGS if xfb => exec.map_or(0, |e| e.captured.len() as i32),
            GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH if xfb => {
                exec.map_or(0, |e| max_len(&mut e.captured.iter().map(|c| c.name.len())))
            }
            GL_TRANSFORM_FEEDBACK_BUFFER_MODE if xfb => {
                if p.xfb_separate {
                    GL_SEPARATE_ATTRIBS as i32
                } else {
                    GL_INTERLEAVED_ATTRIBS as i32
                }
            }
            // GL 3.2 §6.1.16: INVALID_OPERATION unless the last link
            // succeeded with a geometry shader.
            GL_GEOMETRY_VERTICES_OUT
            | GL_GEOMETRY_INPUT_TYPE
            | GL_GEOMETRY_OUTPUT_TYPE
            | GL_GEOMETRY_SHADER_INVOCATIONS
                if geometry_pnames =>
            {
                let g = exec
                    .filter(|_| p.linked)
                    .and_then(|e| e.geometry.as_ref())
                    .ok_or(ApiError::InvalidOperation)?;
                match pname {
                    GL_GEOMETRY_VERTICES_OUT => g.max_vertices as i32,
                    GL_GEOMETRY_INPUT_TYPE => primitive_enum(g.input) as i32,
                    // ARB_gpu_shader5.
                    GL_GEOMETRY_SHADER_INVOCATIONS => g.invocations as i32,
                    _ => primitive_enum(g.output) as i32,
                }
            }
            // GL 4.6 §7.13: INVALID_OPERATION unless the last link
            // succeeded with the stage declaring the value.
            _ if tess_pnames && tess::is_program_pname(pname) => exec
                .filter(|_| p.linked)
                .and_then(|e| e.tess.as_ref())
                .and_then(|t| tess::program_value(t, pname))
                .ok_or(ApiError::InvalidOperation)?,
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glProgramParameteri` (ARB_get_program_binary; ES 3.0), for the
    /// next link: `GL_PROGRAM_BINARY_RETRIEVABLE_HINT` and
    /// `GL_PROGRAM_SEPARABLE` (ARB_separate_shader_objects), INVALID_ENUM
    /// otherwise; INVALID_VALUE for a value other than `GL_FALSE` and
    /// `GL_TRUE`.
    pub fn program_parameter(&mut self, program: u32, pname: GLenum, value: i32) -> ApiResult {
        self.outside_begin_end()?;
        let sso = self.has_separate_shader_objects();
        let mut o = self.objects();
        let p = o.program(program)?;
        if pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT && !(sso && pname == GL_PROGRAM_SEPARABLE) {
            return Err(ApiError::InvalidEnum);
        }
        if value != 0 && value != 1 {
            return Err(ApiError::InvalidValue);
        }
        if pname == GL_PROGRAM_SEPARABLE {
            p.separable = value == 1;
        } else {
            p.binary_hint_pending = value == 1;
        }
        Ok(())
    }

    /// `glMaxShaderCompilerThreadsKHR`: stored for the query.
    pub fn max_shader_compiler_threads(&mut self, count: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.programs.compiler_threads = Some(count);
        Ok(())
    }

    /// Whether this context has geometry shaders: GL 3.2 and later
    /// (desktop), as Mesa's `_mesa_has_geometry_shaders`.
    pub(crate) fn has_geometry_shaders(&self) -> bool {
        let p = self.params();
        p.profile != Profile::Es && p.version >= (3, 2)
    }

    /// Whether this context has tessellation shaders
    /// (ARB_tessellation_shader, GL 4.0): desktop GL 3.2 and later, as
    /// geometry shaders (the stages meet through `gl_in`/`gl_out` blocks).
    pub(crate) fn has_tessellation(&self) -> bool {
        self.has_geometry_shaders()
    }

    /// Whether `name` is a shader (`Some(true)`), a program (`Some(false)`)
    /// or neither.
    fn object_is_shader(&self, name: u32) -> Option<bool> {
        match self.objects().objects.get(&name) {
            Some(Object::Shader(_)) => Some(true),
            Some(Object::Program(_)) => Some(false),
            None => None,
        }
    }

    /// `glDeleteObjectARB` (ARB_shader_objects): a shader or a program; 0 is
    /// silently ignored, an unknown name is INVALID_VALUE.
    pub fn delete_object(&mut self, obj: u32) -> ApiResult {
        self.outside_begin_end()?;
        match self.object_is_shader(obj) {
            _ if obj == 0 => Ok(()),
            Some(true) => self.delete_shader(obj),
            Some(false) => self.delete_program(obj),
            None => Err(ApiError::InvalidValue),
        }
    }

    /// `glGetObjectParameterivARB`: the shader or program query, plus
    /// `GL_OBJECT_TYPE_ARB` and (shaders only) `GL_OBJECT_SUBTYPE_ARB`. The
    /// ARB names of the other parameters have the core values.
    pub fn get_object_parameter(&mut self, obj: u32, pname: GLenum) -> ApiResult<i32> {
        self.outside_begin_end()?;
        match (self.object_is_shader(obj), pname) {
            (None, _) => Err(ApiError::InvalidValue),
            (Some(true), GL_OBJECT_TYPE_ARB) => Ok(GL_SHADER_OBJECT_ARB as i32),
            (Some(false), GL_OBJECT_TYPE_ARB) => Ok(GL_PROGRAM_OBJECT_ARB as i32),
            (Some(true), GL_OBJECT_SUBTYPE_ARB) => self.get_shader(obj, GL_SHADER_TYPE),
            (Some(true), _) => self.get_shader(obj, pname),
            (Some(false), _) => self.get_program(obj, pname),
        }
    }

    /// `glGetInfoLogARB`: the log of a shader or a program.
    pub fn object_info_log(&mut self, obj: u32) -> ApiResult<String> {
        self.outside_begin_end()?;
        match self.object_is_shader(obj) {
            Some(true) => self.shader_info_log(obj),
            Some(false) => self.program_info_log(obj),
            None => Err(ApiError::InvalidValue),
        }
    }

    /// `glGetHandleARB`: the current program for `GL_PROGRAM_OBJECT_ARB`.
    pub fn get_handle(&mut self, pname: GLenum) -> ApiResult<u32> {
        self.outside_begin_end()?;
        if pname != GL_PROGRAM_OBJECT_ARB {
            return Err(ApiError::InvalidEnum);
        }
        Ok(self.programs.current)
    }

    /// `glGetProgramInfoLog`.
    pub fn program_info_log(&mut self, program: u32) -> ApiResult<String> {
        self.outside_begin_end()?;
        Ok(self.objects().program(program)?.log.clone())
    }

    /// The executable of a linked `program`: INVALID_OPERATION if not linked.
    fn linked_exec(&self, program: u32) -> ApiResult<Arc<Executable>> {
        let mut o = self.objects();
        let p = o.program(program)?;
        match (&p.exec, p.linked) {
            (Some(e), true) => Ok(e.clone()),
            _ => Err(ApiError::InvalidOperation),
        }
    }

    /// `glGetAttribLocation`: -1 for an inactive or built-in attribute.
    pub fn get_attrib_location(&mut self, program: u32, name: &str) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let e = self.linked_exec(program)?;
        if let Some(i) = e
            .attributes
            .iter()
            .find(|a| a.name == name && type_dims(&a.ty).len() < 2)
            .and_then(|a| a.index)
        {
            return Ok(i as i32);
        }
        // An array of arrays: `a[i][j]` (or `a[i]`, its first element's
        // row), row-major over the dimensions; its name alone is none.
        if let Some((root, _)) = name.split_once('[')
            && let Some(a) = e.attributes.iter().find(|a| a.name == root)
            && type_dims(&a.ty).len() > 1
        {
            let dims = type_dims(&a.ty);
            let subs: Option<Vec<u32>> = name[root.len()..]
                .split_inclusive(']')
                .map(|s| s.strip_prefix('[')?.strip_suffix(']')?.parse().ok())
                .collect();
            let Some(subs) = subs.filter(|s| s.len() <= dims.len()) else {
                return Ok(-1);
            };
            if subs.iter().zip(&dims).any(|(i, d)| i >= d) {
                return Ok(-1);
            }
            let mut flat = 0;
            for (k, d) in dims.iter().enumerate() {
                flat = flat * d + subs.get(k).copied().unwrap_or(0);
            }
            let per = a.slots / type_elements(&a.ty).max(1);
            return Ok(a.index.map_or(-1, |first| (first + flat * per) as i32));
        }
        // An element of an array attribute, `a[i]` (as Mesa resolves
        // program resource names): its first generic attribute, one a
        // column.
        let element = name
            .strip_suffix(']')
            .and_then(|n| n.split_once('['))
            .and_then(|(base, i)| Some((base, i.parse::<u32>().ok()?)));
        let Some((base, i)) = element else {
            return Ok(-1);
        };
        let found = e.attributes.iter().find(|a| a.name == base).and_then(|a| {
            let len =
                a.ty.rsplit_once('[')?
                    .1
                    .strip_suffix(']')?
                    .parse::<u32>()
                    .ok()?;
            (i < len).then(|| a.index.map(|first| first + i * (a.slots / len.max(1))))
        });
        Ok(found.flatten().map_or(-1, |l| l as i32))
    }

    /// `glTransformFeedbackVaryings` (EXT_transform_feedback, GL 4.6
    /// §11.1.2.1): recorded for the next link. INVALID_VALUE for a
    /// negative count, or more names than binding points in separate
    /// mode; INVALID_ENUM for another buffer mode; INVALID_OPERATION while
    /// transform feedback is active (Mesa's rule).
    pub fn transform_feedback_varyings(
        &mut self,
        program: u32,
        names: Vec<String>,
        mode: GLenum,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if self.xfb.active() {
            return Err(ApiError::InvalidOperation);
        }
        let separate = match mode {
            GL_INTERLEAVED_ATTRIBS => false,
            GL_SEPARATE_ATTRIBS => true,
            _ => return Err(ApiError::InvalidEnum),
        };
        if separate && names.len() > crate::xfb::MAX_SEPARATE_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        let has_xfb3 = self.has_xfb3();
        let mut o = self.objects();
        let p = o.program(program)?;
        // ARB_transform_feedback3: the buffer separators fit the buffers,
        // and separate mode has neither separators nor skips.
        if has_xfb3 {
            let special = |n: &String| {
                n == oxgl_glsl::link::NEXT_BUFFER || oxgl_glsl::link::skip_components(n).is_some()
            };
            let separators = names
                .iter()
                .filter(|n| *n == oxgl_glsl::link::NEXT_BUFFER)
                .count();
            if (separate && names.iter().any(special))
                || (!separate && separators >= crate::xfb::MAX_BUFFERS)
            {
                return Err(ApiError::InvalidOperation);
            }
        }
        p.xfb_varyings = names;
        p.xfb_separate = separate;
        Ok(())
    }

    /// `glGetTransformFeedbackVarying`: the name, array size and type of
    /// captured varying `index` of the last link. INVALID_VALUE for an
    /// index past them.
    pub fn get_transform_feedback_varying(
        &mut self,
        program: u32,
        index: u32,
    ) -> ApiResult<ActiveVariable> {
        self.outside_begin_end()?;
        let e = {
            let mut o = self.objects();
            o.program(program)?.exec.clone()
        };
        let c = e
            .as_ref()
            .and_then(|e| e.captured.get(index as usize))
            .ok_or(ApiError::InvalidValue)?;
        Ok(ActiveVariable {
            name: c.name.clone(),
            size: c.size as i32,
            // gl_NextBuffer and gl_SkipComponentsN (ARB_transform_feedback3).
            ty: if c.ty.is_empty() {
                GL_NONE
            } else {
                UniformType::parse(&c.ty).map_or(GL_FLOAT, |t| t.gl)
            },
        })
    }

    /// `glGetActiveAttrib`.
    pub fn get_active_attrib(&mut self, program: u32, index: u32) -> ApiResult<ActiveVariable> {
        self.outside_begin_end()?;
        let e = {
            let mut o = self.objects();
            o.program(program)?.exec.clone()
        };
        let a = e
            .as_ref()
            .and_then(|e| e.attributes.get(index as usize))
            .ok_or(ApiError::InvalidValue)?;
        // An array attribute (`in int b[2]`): its element type, and the
        // length as the size.
        let (elem, size) = match a.ty.strip_suffix(']').and_then(|t| t.rsplit_once('[')) {
            Some((elem, n)) => (elem, n.parse().unwrap_or(1)),
            None => (a.ty.as_str(), 1),
        };
        let ty = UniformType::parse(elem).map_or(GL_FLOAT_VEC4, |t| t.gl);
        Ok(ActiveVariable {
            name: a.name.clone(),
            size,
            ty,
        })
    }

    /// `glGetActiveUniform`.
    pub fn get_active_uniform(&mut self, program: u32, index: u32) -> ApiResult<ActiveVariable> {
        self.outside_begin_end()?;
        let e = {
            let mut o = self.objects();
            o.program(program)?.exec.clone()
        };
        let u = e
            .as_ref()
            .and_then(|e| e.uniforms.get(index as usize))
            .ok_or(ApiError::InvalidValue)?;
        Ok(ActiveVariable {
            name: u.name.clone(),
            size: u.count as i32,
            ty: u.ty.gl,
        })
    }

    /// `glGetUniformLocation`: `name`, `name[0]` or `name[i]` of an active
    /// uniform; -1 otherwise.
    pub fn get_uniform_location(&mut self, program: u32, name: &str) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let e = self.linked_exec(program)?;
        Ok(uniform_location(&e, name))
    }

    /// How many elements of its `count` a `glUniform*v` call at `location`
    /// can use, before the handler reads them from the client: at most the
    /// uniform's remaining array elements from `location` (GL 4.6 §7.6.1:
    /// "If ... count is greater than the number of remaining elements, ...
    /// the uniform values [beyond] are ignored"), and none for a call that
    /// fails or does nothing (a negative count, no program, location -1, a
    /// location that names nothing, a count above one for a non-array).
    ///
    /// While a display list is compiled the program that runs the call is
    /// not known yet: the current one bounds it, and without one (or where
    /// it does not name `location`) the largest uniform any program can
    /// have ([`MAX_UNIFORM_COMPONENTS`] components).
    pub fn uniform_elements(&self, location: i32, count: i32, comps: usize) -> usize {
        let exec = self.uniform_target();
        self.uniform_elements_of(exec.as_deref(), location, count, comps)
    }

    /// [`Context::uniform_elements`] of `glProgramUniform*` on `program`.
    pub fn program_uniform_elements(
        &self,
        program: u32,
        location: i32,
        count: i32,
        comps: usize,
    ) -> usize {
        let exec = self
            .objects()
            .program(program)
            .ok()
            .and_then(|p| p.exec.clone());
        self.uniform_elements_of(exec.as_deref(), location, count, comps)
    }

    fn uniform_elements_of(
        &self,
        exec: Option<&Executable>,
        location: i32,
        count: i32,
        comps: usize,
    ) -> usize {
        let Ok(count) = usize::try_from(count) else {
            return 0;
        };
        if location == -1 || count == 0 {
            return 0;
        }
        let found = exec.and_then(|exec| {
            let (ui, e) = match exec.uniform_at(location).ok()? {
                Some(found) => found,
                None => return Some(0),
            };
            let u = &exec.uniforms[ui];
            Some(if count > 1 && !u.is_array {
                0
            } else {
                count.min((u.count as usize).saturating_sub(e))
            })
        });
        match found {
            Some(n) => n,
            None if self.compiling_list() => {
                count.min(MAX_UNIFORM_COMPONENTS as usize / comps.max(1))
            }
            None => 0,
        }
    }

    /// `glUniform*` and `glUniformMatrix*` on the current program: `comps`
    /// components per element, `count` elements, of which `values` holds
    /// the ones the call uses (see [`Context::uniform_elements`]); elements
    /// past its end are ignored.
    pub fn uniform(
        &mut self,
        location: i32,
        count: i32,
        comps: usize,
        matrix: bool,
        values: Values<'_>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if count < 0 {
            return Err(ApiError::InvalidValue);
        }
        let Some(exec) = self.uniform_target() else {
            return Err(ApiError::InvalidOperation);
        };
        self.uniform_on(&exec, location, count, comps, matrix, values)
    }

    /// `glProgramUniform*` and `glProgramUniformMatrix*`
    /// (ARB_separate_shader_objects): [`Context::uniform`] on `program`,
    /// current or not. INVALID_VALUE for an unknown name, INVALID_OPERATION
    /// for a shader or a program not linked.
    pub fn program_uniform(
        &mut self,
        program: u32,
        location: i32,
        count: i32,
        comps: usize,
        matrix: bool,
        values: Values<'_>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let exec = self.linked_exec(program)?;
        if count < 0 {
            return Err(ApiError::InvalidValue);
        }
        self.uniform_on(&exec, location, count, comps, matrix, values)
    }

    fn uniform_on(
        &mut self,
        exec: &Executable,
        location: i32,
        count: i32,
        comps: usize,
        matrix: bool,
        values: Values<'_>,
    ) -> ApiResult {
        if location == -1 {
            return Ok(());
        }
        let Some((ui, e)) = exec
            .uniform_at(location)
            .map_err(|()| ApiError::InvalidOperation)?
        else {
            return Ok(());
        };
        let u = &exec.uniforms[ui];
        crate::program::uniform::check_call(&u.ty, values, comps, matrix)?;
        if count > 1 && !u.is_array {
            return Err(ApiError::InvalidOperation);
        }
        // Buffered vertices draw with the values they were given under.
        self.flush_vertices();
        let n = (count as usize)
            .min((u.count as usize).saturating_sub(e))
            .min(values.len() / comps.max(1));
        if matches!(u.ty.base, Base::Sampler | Base::Image) {
            let Values::Int(v) = values else {
                return Err(ApiError::InvalidOperation);
            };
            let image = u.ty.base == Base::Image;
            let limit = if image {
                crate::texture::image_unit::MAX_IMAGE_UNITS
            } else {
                crate::get::MAX_COMBINED_TEXTURE_IMAGE_UNITS
            };
            if v[..n].iter().any(|&x| x < 0 || x as usize >= limit) {
                return Err(ApiError::InvalidValue);
            }
            let mut vals = exec.values();
            for (k, &unit) in v[..n].iter().enumerate() {
                for kind in u.kinds.iter().flatten() {
                    let at = (e + k) as u32;
                    match kind {
                        UniformKind::Sampler { binding } => {
                            vals.units.insert(binding + at, unit as u32);
                        }
                        UniformKind::Image { binding } => {
                            vals.image_units.insert(binding + at, unit as u32);
                        }
                        _ => {}
                    }
                }
            }
            return Ok(());
        }
        let mut vals = exec.values();
        let vals = &mut *vals;
        for k in 0..n {
            for c in 0..comps {
                let bits = crate::program::uniform::convert(values, k * comps + c, u.ty.base);
                for (block, kind) in vals.blocks.iter_mut().zip(&u.kinds) {
                    if let Some(kind) = kind {
                        crate::program::uniform::store(block, kind, &u.ty, e + k, c, bits);
                    }
                }
            }
        }
        Ok(())
    }

    /// `glGetUniform{f,i}v`: the element at `location` of a linked
    /// program, as floats or integers.
    pub fn get_uniform(
        &mut self,
        program: u32,
        location: i32,
    ) -> ApiResult<(UniformType, Vec<u64>)> {
        self.outside_begin_end()?;
        let exec = self.linked_exec(program)?;
        let (ui, e) = exec
            .uniform_at(location)
            .ok()
            .flatten()
            .ok_or(ApiError::InvalidOperation)?;
        let u = &exec.uniforms[ui];
        let vals = exec.values();
        if matches!(u.ty.base, Base::Sampler | Base::Image) {
            let unit = u
                .kinds
                .iter()
                .flatten()
                .find_map(|k| match k {
                    UniformKind::Sampler { binding } => vals.units.get(&(binding + e as u32)),
                    UniformKind::Image { binding } => vals.image_units.get(&(binding + e as u32)),
                    UniformKind::Data { .. }
                    | UniformKind::Subroutine { .. }
                    | UniformKind::AtomicCounter { .. } => None,
                })
                .copied()
                .unwrap_or(0);
            return Ok((u.ty, vec![u64::from(unit)]));
        }
        let Some((block, kind)) = vals
            .blocks
            .iter()
            .zip(&u.kinds)
            .find_map(|(b, k)| Some((b, k.as_ref()?)))
        else {
            return Err(ApiError::InvalidOperation);
        };
        let out = (0..u.ty.components())
            .map(|c| crate::program::uniform::load(block, kind, &u.ty, e, c))
            .collect();
        Ok((u.ty, out))
    }
}

/// The GL enum of a geometry shader layout's primitive (GL 3.2 §6.1.16:
/// `GL_GEOMETRY_INPUT_TYPE` and `GL_GEOMETRY_OUTPUT_TYPE`).
pub(crate) fn primitive_enum(p: oxgl_ir::Primitive) -> GLenum {
    use oxgl_ir::Primitive as P;
    match p {
        P::Points => GL_POINTS,
        P::Lines => GL_LINES,
        P::LinesAdjacency => GL_LINES_ADJACENCY,
        P::Triangles => GL_TRIANGLES,
        P::TrianglesAdjacency => GL_TRIANGLES_ADJACENCY,
        P::LineStrip => GL_LINE_STRIP,
        P::TriangleStrip => GL_TRIANGLE_STRIP,
    }
}

/// The limits a linked geometry stage must keep: `max_vertices` up to
/// `GL_MAX_GEOMETRY_OUTPUT_VERTICES` (GLSL 1.50 §4.3.8.2; Mesa's message).
fn geometry_limits(g: &oxgl_glsl::link::GeometryInfo) -> Result<(), String> {
    if g.max_vertices > MAX_GEOMETRY_OUTPUT_VERTICES {
        return Err(format!(
            "error: maximum output vertices ({}) exceeds GL_MAX_GEOMETRY_OUTPUT_VERTICES\n",
            g.max_vertices
        ));
    }
    Ok(())
}

/// The location of `name` in `exec`, -1 if none.
fn uniform_location(exec: &Executable, name: &str) -> i32 {
    if name.starts_with("gl_") {
        return -1;
    }
    let (base, index) = match name.strip_suffix(']').and_then(|n| n.rsplit_once('[')) {
        Some((b, i)) => match i.parse::<u32>() {
            Ok(i) => (b, Some(i)),
            Err(_) => return -1,
        },
        None => (name, None),
    };
    for u in &exec.uniforms {
        if u.location < 0 {
            continue;
        }
        if u.name == name && index.is_none() {
            return u.location;
        }
        // An inner array of an array of arrays by its own name (`u[1]`
        // for `u[1][0]`).
        if u.is_array && u.name.strip_suffix("[0]") == Some(name) {
            return u.location;
        }
        if u.is_array && u.name.strip_suffix("[0]") == Some(base) {
            match index {
                None => return u.location,
                Some(i) if i < u.count => return u.location + i as i32,
                Some(_) => return -1,
            }
        }
    }
    -1
}

/// The program's uniform blocks from the linked ones, their members
/// appended to `uniforms` (each name once: the elements of an array of
/// blocks share their members, as in Mesa); a link error when a stage
/// declares more blocks than it may (GL 4.6 §7.6.2).
fn program_blocks(
    linked: &[oxgl_glsl::link::Block],
    uniforms: &mut Vec<ProgramUniform>,
) -> Result<Vec<crate::program::ubo::ProgramBlock>, String> {
    use crate::program::ubo::{BlockPlace, MAX_COMBINED_BLOCKS, MAX_STAGE_BLOCKS, ProgramBlock};
    let mut total = 0;
    for stage in ProgramStage::ALL {
        let n = linked
            .iter()
            .filter(|b| b.stage_regions()[stage as usize].is_some())
            .count() as u32;
        if n > MAX_STAGE_BLOCKS {
            return Err(format!(
                "error: Too many {} shader uniform blocks ({n}/{MAX_STAGE_BLOCKS})\n",
                stage.name()
            ));
        }
        total += n;
    }
    if total > MAX_COMBINED_BLOCKS {
        return Err(format!(
            "error: Too many combined uniform blocks ({total}/{MAX_COMBINED_BLOCKS})\n"
        ));
    }
    let mut out = Vec::new();
    for (bi, b) in linked.iter().enumerate() {
        let mut indices = Vec::new();
        for m in &b.members {
            let Some(ty) = UniformType::parse(&m.ty) else {
                return Err(format!(
                    "error: uniform `{}' of type `{}' is not supported yet\n",
                    m.name, m.ty
                ));
            };
            let at = uniforms
                .iter()
                .position(|u| u.block.is_some() && u.name == m.name);
            let i = match at {
                Some(i) => i,
                None => {
                    uniforms.push(ProgramUniform {
                        name: m.name.clone(),
                        ty,
                        count: m.count,
                        is_array: m.name.ends_with("[0]"),
                        location: -1,
                        kinds: Default::default(),
                        block: Some(BlockPlace {
                            block: bi as u32,
                            offset: m.offset,
                            array_stride: m.array_stride,
                            matrix_stride: m.matrix_stride,
                            row_major: m.row_major,
                        }),
                    });
                    uniforms.len() - 1
                }
            };
            indices.push(i as u32);
        }
        out.push(ProgramBlock {
            name: b.name.clone(),
            size: b.size,
            initial_binding: b.binding.unwrap_or(0),
            regions: b.stage_regions(),
            uniforms: indices,
        });
    }
    Ok(out)
}

/// Gives uniform `ui`'s `n` elements locations `at..at + n`.
fn place(locations: &mut Vec<Option<(usize, usize)>>, ui: usize, at: usize, n: usize) {
    if locations.len() < at + n {
        locations.resize(at + n, None);
    }
    for e in 0..n {
        locations[at + e] = Some((ui, e));
    }
}

/// The first location of the lowest run of `n` free locations at or
/// after `*cursor` (locations past `taken` are free); `*cursor` moves to
/// the first free location, before which none is.
pub(crate) fn free_run(taken: &[bool], cursor: &mut usize, n: usize) -> usize {
    while taken.get(*cursor).copied().unwrap_or(false) {
        *cursor += 1;
    }
    let mut at = *cursor;
    loop {
        match (at..at + n).find(|&l| taken.get(l).copied().unwrap_or(false)) {
            Some(busy) => at = busy + 1,
            None => return at,
        }
    }
}

impl Executable {
    /// What location `location` names: `Ok(Some((uniform, element)))`,
    /// `Ok(None)` for the explicit location of an inactive uniform
    /// (setting it does nothing), `Err` for none.
    fn uniform_at(&self, location: i32) -> Result<Option<(usize, usize)>, ()> {
        let l = usize::try_from(location).map_err(|_| ())?;
        if let Some(&Some(found)) = self.locations.get(l) {
            return Ok(Some(found));
        }
        if self.inactive_locations.iter().any(|r| r.contains(&l)) {
            return Ok(None);
        }
        Err(())
    }
}

/// The array dimensions of GLSL type `ty` (`vec4[2][3]`: 2, 3).
pub(crate) fn type_dims(ty: &str) -> Vec<u32> {
    let mut dims = Vec::new();
    let mut t = ty;
    while let Some((e, n)) = t.strip_suffix(']').and_then(|t| t.rsplit_once('[')) {
        dims.insert(0, n.parse().unwrap_or(0));
        t = e;
    }
    dims
}

/// The elements of GLSL type `ty` (1 if not an array).
pub(crate) fn type_elements(ty: &str) -> u32 {
    type_dims(ty).iter().product::<u32>().max(1)
}

/// What `glGetVertexAttrib*v` returns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum VertexAttribValue {
    /// An integer or boolean state.
    Int(i32),
    /// `GL_CURRENT_VERTEX_ATTRIB`.
    Current([f32; 4]),
}

impl Context {
    /// `glGetVertexAttrib{f,i,d}v` (GL 2.1 §6.1.14): INVALID_VALUE for an
    /// index past the limit; current attribute 0 is INVALID_OPERATION.
    pub fn get_vertex_attrib(&mut self, index: u32, pname: GLenum) -> ApiResult<VertexAttribValue> {
        self.outside_begin_end()?;
        if index >= MAX_VERTEX_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        let slot = if index == 0 && self.params().profile != Profile::Core {
            crate::vbo::Attrib::POS
        } else {
            crate::vbo::Attrib::generic(index as usize)
        };
        if pname == GL_CURRENT_VERTEX_ATTRIB {
            // Compatibility: attribute 0 is the vertex, with no current
            // value; ES: attribute 0 is generic (kept in the position slot).
            let es = self.params().profile == Profile::Es;
            if index == 0 && !es {
                return Err(ApiError::InvalidOperation);
            }
            self.flush_vertices();
            let a = if es {
                slot
            } else {
                crate::vbo::Attrib::generic(index as usize)
            };
            let v = self.ff.current.values[a.index()];
            return Ok(VertexAttribValue::Current(v));
        }
        let a = self.array(slot);
        let int = |x: i64| Ok(VertexAttribValue::Int(x as i32));
        if let Some(v) = self.get_attrib_binding(index, pname) {
            return int(v);
        }
        match pname {
            GL_VERTEX_ATTRIB_ARRAY_ENABLED => int(a.enabled.into()),
            GL_VERTEX_ATTRIB_ARRAY_SIZE => int(if a.bgra {
                i64::from(GL_BGRA)
            } else {
                a.size.into()
            }),
            GL_VERTEX_ATTRIB_ARRAY_STRIDE => int(a.stride.into()),
            GL_VERTEX_ATTRIB_ARRAY_TYPE => int(a.type_.into()),
            GL_VERTEX_ATTRIB_ARRAY_NORMALIZED => int(a.normalized.into()),
            GL_VERTEX_ATTRIB_ARRAY_INTEGER => int(a.integer.into()),
            GL_VERTEX_ATTRIB_ARRAY_LONG => int(a.long.into()),
            GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING => int(a.buffer.into()),
            GL_VERTEX_ATTRIB_ARRAY_DIVISOR => int(a.divisor.into()),
            _ => Err(ApiError::InvalidEnum),
        }
    }

    /// `glGetVertexAttribLdv` (ARB_vertex_attrib_64bit): the current value
    /// as the four doubles `glVertexAttribL*d` stored (see
    /// [`Context::vertex_attrib_long`]); other queries as
    /// [`Context::get_vertex_attrib`].
    pub fn get_vertex_attrib_long(&mut self, index: u32, pname: GLenum) -> ApiResult<Vec<f64>> {
        if pname != GL_CURRENT_VERTEX_ATTRIB {
            return Ok(match self.get_vertex_attrib(index, pname)? {
                VertexAttribValue::Int(i) => vec![f64::from(i)],
                VertexAttribValue::Current(v) => v.iter().map(|&x| f64::from(x)).collect(),
            });
        }
        self.get_vertex_attrib(index, pname)?;
        let es_or_compat0 = index == 0 && self.params().profile != Profile::Core;
        let slot = if es_or_compat0 {
            crate::vbo::Attrib::POS
        } else {
            crate::vbo::Attrib::generic(index as usize)
        };
        let current = &self.ff.current;
        let words = |v: Option<&[f32; 4]>| v.map_or([0; 4], |v| v.map(f32::to_bits));
        let lo = words(current.values.get(slot.index()));
        let hi = words(current.long_high.get(index as usize));
        let w = [lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]];
        Ok((0..4)
            .map(|k| f64::from_bits(u64::from(w[2 * k]) | u64::from(w[2 * k + 1]) << 32))
            .collect())
    }

    /// `glGetVertexAttribPointerv`.
    pub fn get_vertex_attrib_pointer(&mut self, index: u32, pname: GLenum) -> ApiResult<usize> {
        self.outside_begin_end()?;
        if index >= MAX_VERTEX_ATTRIBS {
            return Err(ApiError::InvalidValue);
        }
        if pname != GL_VERTEX_ATTRIB_ARRAY_POINTER {
            return Err(ApiError::InvalidEnum);
        }
        let slot = if index == 0 && self.params().profile == Profile::Compat {
            crate::vbo::Attrib::POS
        } else {
            crate::vbo::Attrib::generic(index as usize)
        };
        Ok(self.array(slot).pointer)
    }
}

/// Gives the uniforms declared with initializers of one stage their
/// link-time values (GLSL 1.20 §4.3.5), in both stages' blocks: runs the
/// stage's uniform-initializer shader on the CPU and copies each
/// initialized uniform's components, found by its offset in that stage
/// (`stage` is its interface).
fn apply_uniform_inits(
    values: &mut UniformStore,
    uniforms: &[ProgramUniform],
    stage: &oxgl_glsl::lower::Interface,
    shader: &oxgl_ir::Shader,
    inits: &[oxgl_glsl::lower::UniformInit],
) -> Result<(), String> {
    let mut inv = oxgl_ir::interp::Invocation::default();
    for r in inits {
        inv.ssbos.insert(r.binding, vec![0; r.size as usize]);
    }
    oxgl_ir::interp::run(shader, &mut inv, &mut oxgl_ir::interp::NoResources)
        .map_err(|e| format!("error: cannot evaluate the uniform initializers: {e}\n"))?;
    let end = inits
        .iter()
        .map(|r| (r.offset + r.size) as usize)
        .max()
        .unwrap_or(0);
    let mut block = vec![0u8; end];
    for r in inits {
        let (o, n) = (r.offset as usize, r.size as usize);
        if let Some(bytes) = inv.ssbos.get(&r.binding) {
            block[o..o + n.min(bytes.len())].copy_from_slice(&bytes[..n.min(bytes.len())]);
        }
    }
    for u in uniforms {
        // The stage's own entry: a uniform initialized in one stage may be
        // used only in the other.
        let Some(kind @ UniformKind::Data { offset, .. }) = stage
            .uniforms
            .iter()
            .find(|e| e.name == u.name)
            .map(|e| &e.kind)
        else {
            continue;
        };
        if !inits
            .iter()
            .any(|r| (r.offset..r.offset + r.size).contains(offset))
        {
            continue;
        }
        for e in 0..u.count as usize {
            for c in 0..u.ty.components() {
                let mut bits = crate::program::uniform::load(&block, kind, &u.ty, e, c);
                if u.ty.base == crate::program::uniform::Base::Bool {
                    bits = u64::from(bits != 0);
                }
                for (block, k) in values.blocks.iter_mut().zip(&u.kinds) {
                    if let Some(k) = k {
                        crate::program::uniform::store(block, k, &u.ty, e, c, bits);
                    }
                }
            }
        }
    }
    Ok(())
}

/// ARB_ES2_compatibility's shader commands.
impl Context {
    /// `glGetShaderPrecisionFormat`: the range (log2 of the magnitudes) and
    /// precision (bits) of each precision qualifier; every one is the
    /// 32-bit float or integer the shaders compute with (as Mesa answers
    /// for its software drivers). INVALID_ENUM for an unknown stage or
    /// precision.
    pub fn shader_precision_format(
        &self,
        shader: GLenum,
        precision: GLenum,
    ) -> ApiResult<([i32; 2], i32)> {
        if !matches!(shader, GL_VERTEX_SHADER | GL_FRAGMENT_SHADER) {
            return Err(ApiError::InvalidEnum);
        }
        match precision {
            GL_LOW_FLOAT | GL_MEDIUM_FLOAT | GL_HIGH_FLOAT => Ok(([127, 127], 23)),
            GL_LOW_INT | GL_MEDIUM_INT | GL_HIGH_INT => Ok(([31, 30], 0)),
            _ => Err(ApiError::InvalidEnum),
        }
    }

    /// `glShaderBinary`: no binary format exists (`GL_NUM_SHADER_BINARY_FORMATS`
    /// is 0): INVALID_VALUE for a negative count, INVALID_ENUM otherwise.
    pub fn shader_binary(&self, count: i32) -> ApiResult {
        if count < 0 {
            return Err(ApiError::InvalidValue);
        }
        Err(ApiError::InvalidEnum)
    }
}
