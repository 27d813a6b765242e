//! The shader interface: global variables to IR variables, texture
//! declarations and system values, and the tables the GL side reads.
//!
//! Conventions (`docs/glsl.md`, "Lowering"):
//!
//! * user inputs and outputs: `layout(location)` when given, else the next
//!   free locations in declaration order (arrays and matrices take one per
//!   element / column, `dvec3`/`dvec4` two), skipping the locations of the
//!   compatibility built-ins the shader uses;
//! * compatibility vertex attributes at the fixed-function generator's
//!   locations: `gl_Vertex` 0, `gl_Normal` 1, `gl_Color` 2,
//!   `gl_SecondaryColor` 3, `gl_FogCoord` 4, `gl_MultiTexCoordN` 7+N;
//! * compatibility varyings at the generator's varying locations:
//!   front/back colour 0/1, front/back secondary colour 2/3, `gl_TexCoord[i]`
//!   4+i, `gl_FogFragCoord` 12 (a fragment shader reads `gl_Color` at 0 and
//!   `gl_SecondaryColor` at 2);
//! * `gl_FragColor` and `gl_FragData[]` at output location 0 (`gl_FragData[i]`
//!   at i);
//! * default-block uniforms at std140 offsets in declaration order, then the
//!   built-in uniforms the shader uses (`gl_ModelViewMatrix`, ...) under
//!   their GL names; [`Interface::uniforms`] lists every leaf;
//! * samplers: one texture declaration per sampler (array element), binding
//!   = `layout(binding)` or the sampler's index among the shader's samplers.

use super::{Binding, Lower, R, col_ty, internal, num, unsupported};
use crate::ast::{Declaration, ExternalDecl, Initializer, Interp, Qualifier, Storage as AS};
use crate::diag::Loc;
use crate::sema::{Base, Num, Scalar, SemaType, Storage};
use oxgl_ir::{
    Builtin, Dim, ImageDecl, InterpMode, Member, Sampling, Slot, SysVal, TextureDecl, Type, TypeId,
    VarId, VarKind,
};

/// A stage input or output as the GL side sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoVar {
    /// The GLSL name.
    pub name: String,
    /// The GLSL type.
    pub ty: String,
    /// First location, or `None` for a built-in slot / system value.
    pub location: Option<u32>,
    /// The location was given by `layout(location = N)` (it wins over the
    /// API's bindings).
    pub explicit: bool,
    /// Locations taken.
    pub slots: u32,
    /// The interpolation qualifier it is declared (or a built-in is
    /// redeclared) with; `None` without one. The linker matches these
    /// across stages (GLSL 1.30 §4.3.7).
    pub interp: Option<InterpMode>,
    /// A fragment output's `layout(index = N)` (ARB_blend_func_extended,
    /// GLSL 3.30): 1 for the second source of dual-source blending.
    pub index: u32,
    /// A geometry shader output's vertex stream (`layout(stream = N)`,
    /// ARB_gpu_shader5); 0 for everything else.
    pub stream: u32,
    /// A member of an interface block without an instance name: named
    /// `Block.member` here, plain `member` by the API (GL 4.6 §7.3.1.1).
    pub anonymous: bool,
    /// Declared with the `sample` qualifier (ARB_gpu_shader5).
    pub sample: bool,
}

/// What a uniform table entry is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UniformKind {
    /// Data in the default uniform block.
    Data {
        /// Byte offset of the first element.
        offset: u32,
        /// Bytes between array elements (0 if not an array).
        array_stride: u32,
        /// Bytes between matrix columns (0 if not a matrix).
        matrix_stride: u32,
    },
    /// A sampler: the binding of its first element (elements follow).
    Sampler {
        /// Texture binding.
        binding: u32,
    },
    /// An image (ARB_shader_image_load_store): the image binding
    /// ([`oxgl_ir::ImageDecl::binding`]) of its first element (elements
    /// follow); its value is an image unit.
    Image {
        /// Image binding.
        binding: u32,
    },
    /// An atomic counter (ARB_shader_atomic_counters): its buffer's
    /// binding point and the byte offset of its first element in it
    /// (elements 4 bytes apart).
    AtomicCounter {
        /// Binding point.
        binding: u32,
        /// Byte offset.
        offset: u32,
    },
    /// A subroutine uniform (ARB_shader_subroutine): an `int` in the
    /// default uniform block holding the index of the subroutine it
    /// calls; its type is the subroutine type's name.
    Subroutine {
        /// Byte offset of the first element.
        offset: u32,
        /// Bytes between array elements (0 if not an array).
        array_stride: u32,
    },
}

/// A function a subroutine uniform may call (`subroutine(T, ...)`,
/// ARB_shader_subroutine), as `glGetActiveSubroutineName` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubroutineFn {
    /// The function's name.
    pub name: String,
    /// Its subroutine index: the order of the stage's subroutine
    /// functions.
    pub index: u32,
    /// The subroutine types it has.
    pub types: Vec<String>,
}

/// One active uniform, as `glGetActiveUniform` would list it: arrays of
/// basic types as one entry `name[0]`, structs expanded to their members.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformEntry {
    /// `light.color`, `weights[0]`, `gl_ModelViewMatrix`.
    pub name: String,
    /// The GLSL type of one element.
    pub ty: String,
    /// Element count (1 if not an array).
    pub count: u32,
    /// Where it is.
    pub kind: UniformKind,
}

/// Where the uniform-initializer shader leaves one uniform's initial value:
/// storage block `binding` holds the bytes of default-block range
/// `offset..offset + size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniformInit {
    /// Storage block binding in [`crate::lower::Lowered::uniform_init`].
    pub binding: u32,
    /// Byte offset of the uniform in the default uniform block.
    pub offset: u32,
    /// Its size in bytes (std140).
    pub size: u32,
}

/// The interface of a lowered shader.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Interface {
    /// Stage inputs (built-ins included, `location: None`).
    pub inputs: Vec<IoVar>,
    /// Stage outputs.
    pub outputs: Vec<IoVar>,
    /// Active uniforms (user ones first, then built-in ones).
    pub uniforms: Vec<UniformEntry>,
    /// Size in bytes of the default uniform block (uniform block regions
    /// included).
    pub uniform_size: u32,
    /// Uniform blocks, an array of blocks as one entry per element
    /// (`B[0]`, `B[1]`), in declaration order.
    pub blocks: Vec<UniformBlock>,
    /// Shader storage blocks, an array of blocks as one entry per element,
    /// in declaration order: block `i` is `VarKind::StorageBlock`'s
    /// binding `i` in this stage.
    pub storage_blocks: Vec<StorageBlock>,
    /// Built-in variables redeclared `invariant` at global scope
    /// (`invariant gl_Position;`), which GLSL ES 1.00 links across stages.
    pub invariant: Vec<String>,
    /// The shader uses `precise` or `invariant`: the linker optimizes it
    /// by exact algebraic rules only (`passes::optimize`), others by all
    /// of them (`passes::optimize_inexact`).
    pub exact: bool,
    /// The GLSL ES version the shader is written in (100, 300, ...), 0
    /// for desktop GLSL: some link rules are the language version's.
    pub es_version: u16,
    /// GLSL ES: the precision of each float or integer uniform declared
    /// (0 lowp, 1 mediump, 2 highp), by name.
    pub uniform_precisions: Vec<(String, u8)>,
    /// Uniforms declared with `layout(location = N)` (GLSL 4.30,
    /// ARB_explicit_uniform_location), used or not: each of the
    /// declaration's entries in [`Self::uniforms`] (by name) and its first
    /// location; a struct's members and an array's elements take the
    /// next locations in order.
    pub uniform_locations: Vec<(String, u32)>,
    /// The subroutine functions defined (ARB_shader_subroutine), in the
    /// order of their indices, which explicit ones may leave gaps in
    /// (ARB_explicit_uniform_location).
    pub subroutines: Vec<SubroutineFn>,
    /// Samplers declared with `layout(binding = N)` (GLSL 4.20,
    /// ARB_shading_language_420pack): the uniform's name as listed and the
    /// texture unit of its first element (the next elements the next
    /// units), its initial value.
    pub sampler_units: Vec<(String, u32)>,
    /// Images declared with `layout(binding = N)`: the uniform's name as
    /// listed and the image unit of its first element, as
    /// `sampler_units`.
    pub image_units: Vec<(String, u32)>,
    /// What makes a program with this shader fail to link although it
    /// compiles (Mesa's link-time checks), without `error: `.
    pub link_errors: Vec<String>,
    /// Members of the built-in `gl_PerVertex` input (`.0`) and output
    /// (`.1`) blocks used without a redeclaration of the block (GLSL 1.50
    /// and later): a separable program fails to link when two of its
    /// stages meet through such a block (ARB_separate_shader_objects).
    pub per_vertex_unredeclared: (bool, bool),
}

/// A uniform block (ARB_uniform_buffer_object): a region of the default
/// uniform block that the GL side fills from the buffer bound to the
/// block's binding point (`lower/block.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformBlock {
    /// The block name as the GL names it (`B`, `B[2]`).
    pub name: String,
    /// Byte offset of its region in the default uniform block.
    pub offset: u32,
    /// `GL_UNIFORM_BLOCK_DATA_SIZE`: bytes of its region.
    pub size: u32,
    /// `layout(binding = N)`, if given.
    pub binding: Option<u32>,
    /// Its active uniforms.
    pub members: Vec<BlockMember>,
    /// The block layout qualifier (`std140`, `shared`, `packed`).
    pub layout: String,
}

/// A shader storage block (ARB_shader_storage_buffer_object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorageBlock {
    /// The block name as the GL names it (`B`, `B[2]`).
    pub name: String,
    /// `GL_BUFFER_DATA_SIZE`: bytes of the block, a runtime-sized last
    /// member counted with one element.
    pub size: u32,
    /// `layout(binding = N)`, if given.
    pub binding: Option<u32>,
    /// Its buffer variables (`GL_BUFFER_VARIABLE`).
    pub members: Vec<BlockMember>,
    /// The block layout qualifier (`std140`, `std430`, `shared`, `packed`).
    pub layout: String,
}

/// An active uniform of a uniform block, or a buffer variable of a
/// shader storage block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockMember {
    /// `B.m`, `m`, `B.a[0]`, `B.s.f` as `glGetActiveUniformName` gives it.
    pub name: String,
    /// The GLSL type of one element.
    pub ty: String,
    /// Element count (1 if not an array).
    pub count: u32,
    /// `GL_UNIFORM_OFFSET`: bytes from the start of the block.
    pub offset: u32,
    /// `GL_UNIFORM_ARRAY_STRIDE` (0 if not an array).
    pub array_stride: u32,
    /// `GL_UNIFORM_MATRIX_STRIDE` (0 if not a matrix).
    pub matrix_stride: u32,
    /// `GL_UNIFORM_IS_ROW_MAJOR`.
    pub row_major: bool,
    /// Buffer variables: `GL_TOP_LEVEL_ARRAY_SIZE` (1 for a top-level
    /// member that is no array, 0 for a runtime-sized one).
    pub top_level_size: u32,
    /// Buffer variables: `GL_TOP_LEVEL_ARRAY_STRIDE`.
    pub top_level_stride: u32,
}

/// `gl_MaxPatchVertices`: the length of a tessellation stage's unsized
/// per-vertex input arrays.
const MAX_PATCH_VERTICES: u32 = 32;

/// Compatibility vertex attributes: name and location.
const COMPAT_ATTRIBS: &[(&str, u32)] = &[
    ("gl_Vertex", 0),
    ("gl_Normal", 1),
    ("gl_Color", 2),
    ("gl_SecondaryColor", 3),
    ("gl_FogCoord", 4),
    ("gl_MultiTexCoord0", 7),
    ("gl_MultiTexCoord1", 8),
    ("gl_MultiTexCoord2", 9),
    ("gl_MultiTexCoord3", 10),
    ("gl_MultiTexCoord4", 11),
    ("gl_MultiTexCoord5", 12),
    ("gl_MultiTexCoord6", 13),
    ("gl_MultiTexCoord7", 14),
];

/// Compatibility varyings: name, location, locations taken (outputs of the
/// vertex stage; the fragment stage reads `gl_Color`/`gl_SecondaryColor`).
const COMPAT_VARYINGS: &[(&str, u32, u32)] = &[
    ("gl_FrontColor", 0, 1),
    ("gl_BackColor", 1, 1),
    ("gl_FrontSecondaryColor", 2, 1),
    ("gl_BackSecondaryColor", 3, 1),
    ("gl_TexCoord", 4, 8),
    ("gl_FogFragCoord", 12, 1),
];

/// The interpolation qualifier among `quals`, if any.
fn declared_interp(quals: &[Qualifier]) -> Option<InterpMode> {
    quals.iter().rev().find_map(|q| match q {
        Qualifier::Interp(Interp::Smooth, _) => Some(InterpMode::Smooth),
        Qualifier::Interp(Interp::Flat, _) => Some(InterpMode::Flat),
        Qualifier::Interp(Interp::Noperspective, _) => Some(InterpMode::NoPerspective),
        _ => None,
    })
}

fn align(x: u32, a: u32) -> u32 {
    x.next_multiple_of(a.max(1))
}

impl<'a> Lower<'a> {
    pub(crate) fn layout_int(&self, quals: &[Qualifier], key: &str) -> Option<i64> {
        let mut out = None;
        for q in quals {
            if let Qualifier::Layout(ids, _) = q {
                for id in ids {
                    if self.name(id.name).eq_ignore_ascii_case(key)
                        && let Some(v) = id.value
                    {
                        out = self
                            .info(v)
                            .k
                            .as_ref()
                            .and_then(|k| k.first())
                            .and_then(|c| c.as_i64());
                    }
                }
            }
        }
        out
    }

    /// Locations a value of type `t` takes.
    pub(crate) fn slots(&self, t: &SemaType) -> u32 {
        let elems: u32 = t
            .dims
            .iter()
            .map(|d| d.unwrap_or(1))
            .fold(1, u32::saturating_mul);
        let base = match t.base {
            Base::Num(n) => {
                let wide = n.s == Scalar::Double && n.rows > 2;
                u32::from(n.cols) * if wide { 2 } else { 1 }
            }
            // A struct's members follow one another, each from a
            // location of its own.
            Base::Struct(i) => self.sema.structs.get(i as usize).map_or(1, |s| {
                s.members
                    .iter()
                    .map(|(_, m)| self.slots(m))
                    .fold(0, u32::saturating_add)
            }),
            _ => 1,
        };
        elems.saturating_mul(base)
    }

    /// The first run of `n` free locations in `used`, marked used.
    fn alloc(used: &mut Vec<bool>, n: u32) -> u32 {
        let n = n.max(1) as usize;
        let mut start = 0;
        loop {
            if used.len() < start + n {
                used.resize(start + n, false);
            }
            if let Some(k) = used[start..start + n].iter().position(|u| *u) {
                start += k + 1;
                continue;
            }
            used[start..start + n].iter_mut().for_each(|u| *u = true);
            return start as u32;
        }
    }

    fn mark(used: &mut Vec<bool>, at: u32, n: u32) {
        let (a, n) = (at as usize, n.clamp(1, 4096) as usize);
        if a > 1 << 16 {
            return;
        }
        if used.len() < a + n {
            used.resize(a + n, false);
        }
        used[a..a + n].iter_mut().for_each(|u| *u = true);
    }

    /// Declares every global variable, in order.
    pub(crate) fn globals(&mut self) -> R<()> {
        let tu = self.tu;
        // Locations taken: explicit layouts and the compatibility built-ins.
        let mut used_in = Vec::new();
        let mut used_out = Vec::new();
        for (i, v) in self.sema.vars.iter().enumerate() {
            let Some(n) = self.sema.var_names.get(i).map(|s| self.name(*s)) else {
                continue;
            };
            if !n.starts_with("gl_") || v.storage == Storage::Uniform {
                continue;
            }
            if self.stage == crate::Stage::Vertex
                && v.storage == Storage::In
                && let Some((_, l)) = COMPAT_ATTRIBS.iter().find(|(a, _)| *a == n)
            {
                Self::mark(&mut used_in, *l, 1);
            }
            let n = match (self.stage, n) {
                (crate::Stage::Fragment, "gl_Color") => "gl_FrontColor",
                (crate::Stage::Fragment, "gl_SecondaryColor") => "gl_FrontSecondaryColor",
                (_, n) => n,
            };
            if let Some((_, l, k)) = COMPAT_VARYINGS.iter().find(|(a, ..)| *a == n) {
                if self.stage == crate::Stage::Fragment {
                    Self::mark(&mut used_in, *l, *k);
                } else {
                    Self::mark(&mut used_out, *l, *k);
                }
            }
        }
        for item in &tu.items {
            // A block's explicit locations (its members' slots as one
            // instance has them).
            if let ExternalDecl::Decl(Declaration::Block(b)) = item
                && self.layout_int(&b.quals, "location").is_some()
            {
                let (input, output) = super::block::io_directions(b);
                let si = self.block_instance(b)?.map(|i| i.1);
                let members = self.io_block_members(b, si)?;
                if let Ok(Some(locs)) = self.block_locations(b, &members, false) {
                    let per_vertex = self.per_vertex_io(input, &b.quals);
                    for ((.., t, _, _), at) in members.iter().zip(locs) {
                        let mut t = t.clone();
                        if per_vertex && !t.dims.is_empty() && b.instance.is_none() {
                            t.dims.remove(0);
                        }
                        let n = self.slots(&t);
                        if input {
                            Self::mark(&mut used_in, at, n);
                        } else if output {
                            Self::mark(&mut used_out, at, n);
                        }
                    }
                }
                continue;
            }
            let ExternalDecl::Decl(Declaration::Vars { ty, vars }) = item else {
                continue;
            };
            let Some(l) = self.layout_int(&ty.quals, "location") else {
                continue;
            };
            for d in vars {
                let Ok(id) = self.decl_var(d.loc, d.name) else {
                    continue;
                };
                let v = &self.sema.vars[id as usize];
                let n = self.slots(&v.ty);
                match v.storage {
                    Storage::In => Self::mark(&mut used_in, l as u32, n),
                    Storage::Out => Self::mark(&mut used_out, l as u32, n),
                    _ => {}
                }
            }
        }
        // `layout(row_major) uniform;` changes the default matrix layout of
        // the blocks after it.
        let mut row_major = false;
        for item in &tu.items {
            let ExternalDecl::Decl(d) = item else {
                continue;
            };
            match d {
                Declaration::Defaults { quals, .. } if super::block::is_uniform(quals) => {
                    if let Some(rm) = super::block::matrix_layout(self, quals) {
                        row_major = rm;
                    }
                }
                Declaration::Defaults { quals, .. }
                    if quals
                        .iter()
                        .any(|q| matches!(q, Qualifier::Storage(AS::Out, _))) =>
                {
                    // `layout(stream = N) out;`: the stream of the outputs
                    // declared after it (GLSL 4.00 §4.3.8.2).
                    if let Some(n) = self.layout_int(quals, "stream") {
                        self.default_stream = u32::try_from(n).unwrap_or(0);
                    }
                }
                Declaration::Vars { ty, vars } => {
                    for d in vars {
                        let id = self.decl_var(d.loc, d.name)?;
                        // A global of joined shaders declared again: one
                        // variable; a later initializer still applies.
                        if let Some(Binding::Mem(var, path)) = self.bind.get(&id).cloned() {
                            if let Some(init) = &d.init
                                && path.is_empty()
                                && matches!(self.shader.vars[var].kind, VarKind::Private)
                            {
                                let t = self.sema.vars[id as usize].ty.clone();
                                self.pending_inits.push((var, t, init));
                            }
                            continue;
                        }
                        self.global_var(id, &ty.quals, d, &mut used_in, &mut used_out)?;
                    }
                }
                Declaration::Block(b) if super::block::is_uniform(&b.quals) => {
                    self.uniform_block(b, row_major)?;
                }
                Declaration::Block(b) if super::block::is_buffer(&b.quals) => {
                    self.storage_block(b, row_major)?;
                }
                Declaration::Block(b) => self.io_block(b, &mut used_in, &mut used_out)?,
                _ => {}
            }
        }
        self.iface.uniform_size = self.uniform_end;
        Ok(())
    }

    /// The type variable `id` is stored with: an implicitly sized array
    /// (`float a[];`, GLSL 1.10 §4.1.9) takes the size its largest
    /// constant index needs.
    pub(crate) fn declared_type(&self, id: u32) -> SemaType {
        let v = &self.sema.vars[id as usize];
        let mut t = v.ty.clone();
        if t.dims.first() == Some(&None)
            && let Some(mx) = v.max_index
            && let Ok(n) = u32::try_from(mx + 1)
        {
            t.dims[0] = Some(n);
        }
        t
    }

    /// The sema variable a declarator declared.
    pub(crate) fn decl_var(&self, loc: Loc, name: crate::names::Sym) -> R<u32> {
        match self.sema.decls.get(&(loc, name)).map(Vec::as_slice) {
            Some([id]) => Ok(*id),
            Some([]) | None => internal(loc, "declaration not recorded"),
            Some(_) => unsupported(loc, "one name declared twice at one place (by a macro)"),
        }
    }

    fn global_var(
        &mut self,
        id: u32,
        quals: &[Qualifier],
        d: &'a crate::ast::InitDeclarator,
        used_in: &mut Vec<bool>,
        used_out: &mut Vec<bool>,
    ) -> R<()> {
        let t = self.declared_type(id);
        let v = &self.sema.vars[id as usize];
        let name = self.name(d.name);
        let loc = d.loc;
        if name.starts_with("gl_") {
            let b = self.builtin_binding(id, loc)?;
            if let Binding::Mem(var, _) = &b {
                self.redeclared_qualifiers(*var, name, quals, &t);
            }
            if name == "gl_FragCoord" {
                self.frag_coord_modes(quals);
            }
            self.bind.insert(id, b);
            return Ok(());
        }
        let binding = match v.storage {
            Storage::Plain | Storage::Const => {
                let ty = self.ir_type(&t, loc)?;
                let var = self.shader.add_var(name, ty, VarKind::Private);
                if let Some(init) = &d.init {
                    self.pending_inits.push((var, t.clone(), init));
                }
                Binding::Mem(var, Vec::new())
            }
            Storage::Shared => {
                let ty = self.ir_type(&t, loc)?;
                Binding::Mem(self.shader.add_var(name, ty, VarKind::Shared), Vec::new())
            }
            Storage::In | Storage::Out => {
                let input = v.storage == Storage::In;
                let used = if input { used_in } else { used_out };
                Binding::Mem(
                    self.stage_io_var(name, t, (quals, None), input, used, loc)?,
                    Vec::new(),
                )
            }
            Storage::Uniform => {
                if let Some(&p) = self.sema.uniform_precisions.get(&id) {
                    self.iface
                        .uniform_precisions
                        .push((name.to_owned(), p as u8));
                }
                let first_entry = self.iface.uniforms.len();
                let binding = self.uniform_var(name, &t, d, quals, loc)?;
                if let Some(l) = self.layout_int(quals, "location") {
                    let Ok(mut next) = u32::try_from(l) else {
                        return Err(super::LowerError {
                            loc,
                            what: format!("invalid location {l} specified for uniform `{name}'"),
                            internal: false,
                            invalid: true,
                        });
                    };
                    for e in &self.iface.uniforms[first_entry..] {
                        self.iface.uniform_locations.push((e.name.clone(), next));
                        next = next.saturating_add(e.count);
                    }
                }
                binding
            }
            Storage::Buffer => return unsupported(loc, "shader storage buffers"),
            Storage::Param(_) => return internal(loc, "parameter at global scope"),
        };
        self.bind.insert(id, binding);
        Ok(())
    }

    /// The storage of a uniform declaration: a counter, image, sampler,
    /// split struct or default-block variable.
    fn uniform_var(
        &mut self,
        name: &str,
        t: &SemaType,
        d: &'a crate::ast::InitDeclarator,
        quals: &[Qualifier],
        loc: Loc,
    ) -> R<Binding> {
        let t = t.clone();
        Ok({
            if t.base == Base::Opaque(crate::keywords::BuiltinType::AtomicUint) {
                self.counter_uniform(name, &t, quals, loc)?
            } else if let Base::Opaque(b) = t.base
                && b.name().contains("image")
            {
                self.image_uniform(name, &t, b.name(), quals, loc)?
            } else if let Base::Opaque(b) = t.base {
                let explicit = self.layout_int(quals, "binding");
                self.sampler_uniform(name, &t, b.name(), explicit, loc)?
            } else if self.contains_opaque(&t) {
                if d.init.is_some() {
                    return unsupported(loc, "initializers of structs holding samplers");
                }
                self.split_uniform(name, &t, loc)?
            } else {
                let var = self.data_uniform(name, &t, loc)?;
                if let Some(init) = &d.init {
                    self.uniform_init_seen = true;
                    if self.uniform_init_mode {
                        self.uniform_init_target(var, &t, init, loc)?;
                    }
                }
                Binding::Mem(var, Vec::new())
            }
        })
    }

    /// A stage input (`input`) or output `name` of type `t`: a global
    /// `in`/`out` variable or a member of an interface block. It takes its
    /// explicit location (`quals`' own, or `location`: a block member's
    /// from the block's) or the lowest free ones of `used`, and the
    /// interface lists it.
    pub(crate) fn stage_io_var(
        &mut self,
        name: &str,
        t: SemaType,
        (quals, location): (&[Qualifier], Option<u32>),
        input: bool,
        used: &mut Vec<bool>,
        loc: Loc,
    ) -> R<VarId> {
        // A geometry or tessellation input's outer array is the vertex
        // (a tessellation control output's too): each vertex reads the same
        // locations of its own record.
        let per_vertex = self.per_vertex_io(input, quals);
        let patch = self.is_patch(quals);
        let mut t = t;
        // A tessellation stage's per-vertex arrays have the patch's length,
        // whatever an implicit size from the indices used says.
        let tess = self.stage != crate::Stage::Geometry;
        if per_vertex && !t.dims.is_empty() && (tess || t.dims[0].is_none()) {
            t.dims[0] = Some(self.per_vertex_count(input, loc)?);
        }
        let mut vt = t.clone();
        if per_vertex && !vt.dims.is_empty() {
            vt.dims.remove(0);
        }
        let n = self.slots(&vt);
        let explicit = location
            .map(i64::from)
            .or_else(|| self.layout_int(quals, "location"));
        let location = match explicit {
            Some(l) => u32::try_from(l).unwrap_or(0),
            None if patch => Self::alloc(&mut self.patch_used, n),
            None => Self::alloc(used, n),
        };
        let location = if patch {
            oxgl_ir::PATCH_LOCATION0 + location
        } else {
            location
        };
        let ty = self.ir_type(&t, loc)?;
        let index = if input {
            0
        } else {
            self.layout_int(quals, "index").unwrap_or(0).clamp(0, 1) as u8
        };
        let stream = match self.layout_int(quals, "stream") {
            _ if input || self.stage != crate::Stage::Geometry => 0,
            Some(n) => u32::try_from(n).unwrap_or(0),
            None => self.default_stream,
        };
        let var = if input {
            let (interp, sampling) = self.interp(quals, &t);
            self.shader.add_var(
                name,
                ty,
                VarKind::Input {
                    slot: Slot::Location {
                        location,
                        component: 0,
                    },
                    interp,
                    sampling,
                },
            )
        } else {
            self.shader.add_var(
                name,
                ty,
                VarKind::Output {
                    slot: Slot::Location {
                        location,
                        component: 0,
                    },
                    index,
                },
            )
        };
        let io = IoVar {
            name: name.to_owned(),
            ty: self.type_name(&vt),
            location: Some(location),
            explicit: explicit.is_some(),
            slots: n,
            interp: declared_interp(quals),
            index: u32::from(index),
            stream,
            anonymous: false,
            sample: quals
                .iter()
                .any(|q| matches!(q, Qualifier::Storage(AS::Sample, _))),
        };
        if input {
            self.iface.inputs.push(io);
        } else {
            self.iface.outputs.push(io);
        }
        Ok(var)
    }

    /// `layout(early_fragment_tests) in;` (ARB_shader_image_load_store,
    /// GLSL 4.20 §4.4.1.3): the depth and stencil tests run before the
    /// shader even when it has side effects.
    pub(crate) fn early_fragment_tests(&self) -> bool {
        self.tu.items.iter().any(|item| {
            let ExternalDecl::Decl(Declaration::Defaults { quals, .. }) = item else {
                return false;
            };
            quals.iter().any(|q| match q {
                Qualifier::Layout(ids, _) => ids
                    .iter()
                    .any(|id| self.name(id.name) == "early_fragment_tests"),
                _ => false,
            })
        })
    }

    /// `gl_FragCoord` redeclared with `origin_upper_left` or
    /// `pixel_center_integer` (ARB_fragment_coord_conventions, GLSL 1.50
    /// §4.3.8.1): the shader's modes, for the backend's `gl_FragCoord`.
    fn frag_coord_modes(&mut self, quals: &[Qualifier]) {
        use oxgl_ir::Mode;
        for q in quals {
            let Qualifier::Layout(ids, _) = q else {
                continue;
            };
            for id in ids {
                let mode = match self.name(id.name) {
                    "origin_upper_left" => Mode::OriginUpperLeft,
                    "pixel_center_integer" => Mode::PixelCenterInteger,
                    _ => continue,
                };
                if !self.shader.modes.contains(&mode) {
                    self.shader.modes.push(mode);
                }
            }
        }
    }

    /// A built-in stage input or output redeclared with qualifiers
    /// (`flat in vec4 gl_Color;`, GLSL 1.30 §4.3.7): the IR input
    /// interpolates as declared, and the interface records the qualifier.
    fn redeclared_qualifiers(&mut self, var: VarId, name: &str, quals: &[Qualifier], t: &SemaType) {
        let declared = declared_interp(quals);
        let (i, s) = self.interp(quals, t);
        if let VarKind::Input {
            interp, sampling, ..
        } = &mut self.shader.vars[var].kind
        {
            (*interp, *sampling) = (i, s);
        }
        let input = matches!(self.shader.vars[var].kind, VarKind::Input { .. });
        let list = if input {
            &mut self.iface.inputs
        } else {
            &mut self.iface.outputs
        };
        if let Some(io) = list.iter_mut().rev().find(|io| io.name == name) {
            io.interp = declared;
        }
    }

    fn interp(&self, quals: &[Qualifier], t: &SemaType) -> (InterpMode, Sampling) {
        let mut interp = InterpMode::Smooth;
        let mut sampling = Sampling::Center;
        for q in quals {
            match q {
                Qualifier::Interp(Interp::Flat, _) => interp = InterpMode::Flat,
                Qualifier::Interp(Interp::Noperspective, _) => interp = InterpMode::NoPerspective,
                Qualifier::Storage(AS::Centroid, _) => sampling = Sampling::Centroid,
                Qualifier::Storage(AS::Sample, _) => sampling = Sampling::Sample,
                _ => {}
            }
        }
        if matches!(t.base, Base::Num(n) if n.s != Scalar::Float) {
            interp = InterpMode::Flat;
        }
        (interp, sampling)
    }

    /// In the uniform-initializer shader: a storage block at the next
    /// binding, laid out as uniform `var`, that receives its initializer
    /// (GLSL 1.20 §4.3.5: the link-time value of a uniform).
    fn uniform_init_target(
        &mut self,
        var: VarId,
        t: &SemaType,
        init: &'a Initializer,
        loc: Loc,
    ) -> R<()> {
        let VarKind::Uniform { offset, .. } = self.shader.vars[var].kind else {
            return internal(loc, "uniform without an offset");
        };
        let (size, _) = self.layout140(t, loc)?;
        let ty = self.type140(t, loc)?;
        let binding = self.uniform_inits.len() as u32;
        let name = format!("{}.init", self.shader.vars[var].name);
        let target = self.shader.add_var(
            &name,
            ty,
            VarKind::StorageBlock {
                binding,
                readonly: false,
            },
        );
        self.pending_inits.push((target, t.clone(), init));
        self.uniform_inits.push(UniformInit {
            binding,
            offset,
            size,
        });
        Ok(())
    }

    /// Initializers of global variables, at the start of `main`.
    pub(crate) fn global_inits(&mut self) -> R<()> {
        for (var, t, init) in std::mem::take(&mut self.pending_inits) {
            let v = self.initializer(init, &t)?;
            self.store_mem(var, &[], &t, &v, Loc::default())?;
        }
        Ok(())
    }

    /// The value of an initializer (`= e` or `= { ... }`) as type `t`.
    pub(crate) fn initializer(&mut self, init: &Initializer, t: &SemaType) -> R<super::expr::Rv> {
        use super::expr::Rv;
        match init {
            Initializer::Expr(e) => self.expr_as(*e, t),
            Initializer::List(items, loc) => {
                let elems: Vec<SemaType> = if t.is_array() {
                    vec![t.element(); items.len()]
                } else {
                    match t.base {
                        Base::Struct(i) => self.struct_members(i, *loc)?,
                        Base::Num(n) if n.is_matrix() => {
                            vec![SemaType::num(Num::vec(n.s, n.rows)); items.len()]
                        }
                        Base::Num(n) => vec![SemaType::num(Num::scalar(n.s)); items.len()],
                        _ => return unsupported(*loc, "this initializer list"),
                    }
                };
                if elems.len() != items.len() {
                    return internal(*loc, "initializer list shape");
                }
                let mut vals = Vec::new();
                for (it, et) in items.iter().zip(&elems) {
                    vals.push(self.initializer(it, et)?);
                }
                match num(t) {
                    Some(n) if n.is_matrix() => {
                        let mut cols = Vec::new();
                        for v in vals {
                            cols.push(v.v(*loc)?);
                        }
                        Ok(Rv::M(cols))
                    }
                    Some(_) => {
                        let mut lanes = Vec::new();
                        for v in vals {
                            lanes.push(v.v(*loc)?);
                        }
                        Ok(Rv::V(self.build(&lanes)))
                    }
                    None => Ok(Rv::A(vals)),
                }
            }
        }
    }

    // ---- uniforms ------------------------------------------------------------

    /// `(size, alignment)` of `t` in std140 layout.
    pub(crate) fn layout140(&self, t: &SemaType, loc: Loc) -> R<(u32, u32)> {
        self.layout_std140(t, false, loc)
    }

    /// `(size, alignment)` of `t` in std140 layout (GLSL 1.40 §4.3.5.1,
    /// ARB_uniform_buffer_object "Standard Uniform Block Layout");
    /// `row_major`: its matrices are stored as arrays of rows (rule 7).
    /// An array, matrix-column or struct alignment: rounded up to 16 by
    /// std140, kept by std430 ([`Lower::std430`]).
    pub(crate) fn round16(&self, a: u32) -> u32 {
        if self.std430 { a } else { align(a, 16) }
    }

    pub(crate) fn layout_std140(&self, t: &SemaType, row_major: bool, loc: Loc) -> R<(u32, u32)> {
        if let Some(d) = t.dims.first() {
            let Some(n) = *d else {
                return unsupported(loc, "unsized uniform arrays");
            };
            let (size, a) = self.layout_std140(&t.element(), row_major, loc)?;
            let a = self.round16(a);
            let stride = align(size, a);
            return Ok((stride.saturating_mul(n), a));
        }
        match t.base {
            Base::Num(n) => {
                let c = if n.s == Scalar::Double { 8 } else { 4 };
                // A row-major matrix is an array of its rows: vectors of
                // `cols` components.
                let (lanes, count) = if n.is_matrix() && row_major {
                    (n.cols, n.rows)
                } else {
                    (n.rows, n.cols)
                };
                let vec_align = match lanes {
                    1 => c,
                    2 => 2 * c,
                    _ => 4 * c,
                };
                if n.is_matrix() {
                    let a = self.round16(vec_align);
                    let stride = align(u32::from(lanes) * c, a);
                    Ok((stride * u32::from(count), a))
                } else {
                    Ok((u32::from(n.rows) * c, vec_align))
                }
            }
            Base::Struct(i) => {
                let mut end = 0u32;
                let mut a = 1;
                for mt in self.struct_members(i, loc)? {
                    let (s, ma) = self.layout_std140(&mt, row_major, loc)?;
                    end = align(end, ma).saturating_add(s);
                    a = a.max(ma);
                }
                let a = self.round16(a);
                Ok((align(end, a), a))
            }
            // A subroutine uniform holds the index of its subroutine.
            Base::Subroutine(_) => Ok((4, 4)),
            _ => unsupported(loc, format!("uniforms of type {}", self.type_name(t))),
        }
    }

    /// The IR type of `t` with explicit std140 offsets and strides.
    fn type140(&mut self, t: &SemaType, loc: Loc) -> R<TypeId> {
        self.type_std140(t, false, loc)
    }

    /// [`Lower::type140`] with row-major matrices: a row-major matrix is a
    /// struct of its rows (one member per row, `cols` lanes each), which no
    /// column-major matrix (an array of columns) or GLSL struct (whose
    /// GLSL type is not a matrix) can be confused with; loads transpose it
    /// (`Lower::load_mem`).
    pub(crate) fn type_std140(&mut self, t: &SemaType, row_major: bool, loc: Loc) -> R<TypeId> {
        if let Some(d) = t.dims.first() {
            let et = t.element();
            let elem = self.type_std140(&et, row_major, loc)?;
            let (size, a) = self.layout_std140(&et, row_major, loc)?;
            let stride = align(size, self.round16(a));
            return Ok(self.shader.types.intern(Type::Array {
                elem,
                len: *d,
                stride: Some(stride),
            }));
        }
        match t.base {
            Base::Num(n) if n.is_matrix() && row_major => {
                let row = self
                    .shader
                    .types
                    .value(oxgl_ir::ValType::vec(super::ir_scalar(n.s, loc)?, n.cols));
                let (size, _) = self.layout_std140(t, true, loc)?;
                let stride = size / u32::from(n.rows);
                let members = (0..u32::from(n.rows))
                    .map(|r| Member {
                        ty: row,
                        offset: Some(r * stride),
                    })
                    .collect();
                Ok(self.shader.types.intern(Type::Struct { members }))
            }
            Base::Num(n) if n.is_matrix() => {
                let col = self.shader.types.value(col_ty(n, loc)?);
                let (size, _) = self.layout_std140(t, false, loc)?;
                Ok(self.shader.types.intern(Type::Array {
                    elem: col,
                    len: Some(u32::from(n.cols)),
                    stride: Some(size / u32::from(n.cols)),
                }))
            }
            Base::Num(n) => Ok(self.shader.types.value(col_ty(n, loc)?)),
            Base::Struct(i) => {
                let mut members = Vec::new();
                let mut end = 0u32;
                for mt in self.struct_members(i, loc)? {
                    let (s, ma) = self.layout_std140(&mt, row_major, loc)?;
                    let off = align(end, ma);
                    end = off.saturating_add(s);
                    let ty = self.type_std140(&mt, row_major, loc)?;
                    members.push(Member {
                        ty,
                        offset: Some(off),
                    });
                }
                Ok(self.shader.types.intern(Type::Struct { members }))
            }
            Base::Subroutine(_) => Ok(self
                .shader
                .types
                .value(oxgl_ir::ValType::scalar(oxgl_ir::Scalar::I32))),
            _ => unsupported(loc, format!("uniforms of type {}", self.type_name(t))),
        }
    }

    /// An atomic counter uniform, or an array of them
    /// (ARB_shader_atomic_counters): a variable at its binding point and
    /// byte offset, `offset` defaulting to the end of the binding's
    /// previous counter (GLSL 4.20 §4.4.4.6), listed as one uniform.
    fn counter_uniform(
        &mut self,
        name: &str,
        t: &SemaType,
        quals: &[Qualifier],
        loc: Loc,
    ) -> R<Binding> {
        let binding = self.layout_int(quals, "binding").unwrap_or(0);
        let Ok(binding) = u32::try_from(binding) else {
            return unsupported(loc, "a negative atomic counter binding");
        };
        let next = self.counter_offsets.get(&binding).copied().unwrap_or(0);
        let offset = match self.layout_int(quals, "offset") {
            Some(o) => u32::try_from(o)
                .map_err(|_| ())
                .or_else(|()| unsupported(loc, "a negative atomic counter offset"))?,
            None => next,
        };
        let mut count = 1u32;
        for d in &t.dims {
            count = count.saturating_mul(d.unwrap_or(1));
        }
        if count > 1 << 16 {
            return unsupported(loc, "this many atomic counters");
        }
        self.counter_offsets
            .insert(binding, offset.saturating_add(4 * count));
        // Innermost dimension first: 4 bytes a counter.
        let mut ty = self.shader.types.value(oxgl_ir::ValType::U32);
        let mut stride = 4u32;
        for d in t.dims.iter().rev() {
            let n = d.unwrap_or(1);
            ty = self.shader.types.intern(oxgl_ir::Type::Array {
                elem: ty,
                len: Some(n),
                stride: Some(stride),
            });
            stride = stride.saturating_mul(n);
        }
        let var = self
            .shader
            .add_var(name, ty, VarKind::AtomicCounter { binding, offset });
        self.iface.uniforms.push(UniformEntry {
            name: if t.is_array() {
                format!("{name}[0]")
            } else {
                name.to_owned()
            },
            ty: "atomic_uint".to_owned(),
            count,
            kind: UniformKind::AtomicCounter { binding, offset },
        });
        Ok(Binding::Mem(var, Vec::new()))
    }

    /// A default-block uniform at the next std140 offset.
    fn data_uniform(&mut self, name: &str, t: &SemaType, loc: Loc) -> R<VarId> {
        if self.contains_opaque(t) {
            return unsupported(loc, "samplers in structs");
        }
        let (size, a) = self.layout140(t, loc)?;
        let offset = align(self.uniform_end, a);
        self.uniform_end = offset.saturating_add(size);
        let ty = self.type140(t, loc)?;
        let var = self.shader.add_var(
            name,
            ty,
            VarKind::Uniform {
                offset,
                location: Some(self.iface.uniforms.len() as u32),
            },
        );
        self.uniform_entries(name.to_owned(), t, offset, loc)?;
        Ok(var)
    }

    /// A uniform struct (or array of structs) holding samplers, split the
    /// way the GL names its active uniforms: every sampler member is a
    /// sampler uniform of its own (`s.tex`, `a[1].tex`, `s.texs[0]` with a
    /// count), every other member a default-block uniform (`s.f`) at the
    /// next std140 offset. The default block's layout is not visible to the
    /// application, so splitting the struct there changes nothing it sees.
    fn split_uniform(&mut self, name: &str, t: &SemaType, loc: Loc) -> R<Binding> {
        if self.iface.uniforms.len() > 1 << 16 {
            return unsupported(loc, "this many uniforms");
        }
        if let Base::Opaque(b) = t.base {
            return self.sampler_uniform(name, t, b.name(), None, loc);
        }
        if !self.contains_opaque(t) {
            let var = self.data_uniform(name, t, loc)?;
            return Ok(Binding::Mem(var, Vec::new()));
        }
        if let Some(d) = t.dims.first() {
            let et = t.element();
            let mut parts = Vec::new();
            for i in 0..d.unwrap_or(1).min(4096) {
                parts.push(self.split_uniform(&format!("{name}[{i}]"), &et, loc)?);
            }
            return Ok(Binding::Split(parts));
        }
        let Base::Struct(i) = t.base else {
            return internal(loc, "opaque member outside a struct");
        };
        let Some(s) = self.sema.structs.get(i as usize) else {
            return internal(loc, "bad struct");
        };
        let mut parts = Vec::new();
        for (m, mt) in s.members.clone() {
            let mname = format!("{name}.{}", self.name(m));
            parts.push(self.split_uniform(&mname, &mt, loc)?);
        }
        Ok(Binding::Split(parts))
    }

    pub(crate) fn contains_opaque(&self, t: &SemaType) -> bool {
        let mut stack = vec![t.base];
        let mut n = 0;
        while let Some(b) = stack.pop() {
            n += 1;
            if n > 10_000 {
                return true;
            }
            match b {
                Base::Opaque(_) => return true,
                Base::Struct(i) => {
                    if let Some(s) = self.sema.structs.get(i as usize) {
                        stack.extend(s.members.iter().map(|(_, m)| m.base));
                    }
                }
                _ => {}
            }
        }
        false
    }

    fn uniform_entries(&mut self, name: String, t: &SemaType, offset: u32, loc: Loc) -> R<()> {
        if self.iface.uniforms.len() > 1 << 16 {
            return unsupported(loc, "this many uniforms");
        }
        let elem = t.element();
        let (esize, ea) = self.layout140(&elem, loc)?;
        let stride = align(esize, align(ea, 16));
        let matrix_stride = |n: Option<Num>| match n {
            Some(n) if n.is_matrix() => {
                if n.s == Scalar::Double && n.rows > 2 {
                    32
                } else {
                    16
                }
            }
            _ => 0,
        };
        match (t.dims.first(), t.base) {
            // ARB_shader_subroutine: listed apart from the active uniforms.
            (d, Base::Subroutine(_)) if t.dims.len() <= 1 => {
                self.iface.uniforms.push(UniformEntry {
                    // An array as the others (`f[0]`; of arrays `f[1][0]`).
                    name: if d.is_some() {
                        format!("{name}[0]")
                    } else {
                        name
                    },
                    ty: self.type_name(&elem),
                    count: d.map_or(1, |d| d.unwrap_or(1)),
                    kind: UniformKind::Subroutine {
                        offset,
                        array_stride: if d.is_some() { stride } else { 0 },
                    },
                });
            }
            (Some(d), Base::Num(n)) if t.dims.len() == 1 => {
                self.iface.uniforms.push(UniformEntry {
                    name: format!("{name}[0]"),
                    ty: self.type_name(&elem),
                    count: d.unwrap_or(1),
                    kind: UniformKind::Data {
                        offset,
                        array_stride: stride,
                        matrix_stride: matrix_stride(Some(n)),
                    },
                });
            }
            (Some(d), _) => {
                for i in 0..d.unwrap_or(1).min(4096) {
                    self.uniform_entries(format!("{name}[{i}]"), &elem, offset + i * stride, loc)?;
                }
            }
            (None, Base::Struct(i)) => {
                let Some(s) = self.sema.structs.get(i as usize) else {
                    return internal(loc, "bad struct");
                };
                let members = s.members.clone();
                let mut end = 0u32;
                for (m, mt) in members {
                    let (s, ma) = self.layout140(&mt, loc)?;
                    let off = align(end, ma);
                    end = off + s;
                    let mname = format!("{name}.{}", self.name(m));
                    self.uniform_entries(mname, &mt, offset + off, loc)?;
                }
            }
            (None, b) => {
                self.iface.uniforms.push(UniformEntry {
                    name,
                    ty: self.type_name(t),
                    count: 1,
                    kind: UniformKind::Data {
                        offset,
                        array_stride: 0,
                        matrix_stride: matrix_stride(match b {
                            Base::Num(n) => Some(n),
                            _ => None,
                        }),
                    },
                });
            }
        }
        Ok(())
    }

    /// A sampler uniform (or array): texture declarations.
    fn sampler_uniform(
        &mut self,
        name: &str,
        t: &SemaType,
        ty: &str,
        explicit: Option<i64>,
        loc: Loc,
    ) -> R<Binding> {
        let Some((dim, arrayed, multisample, shadow, kind)) = sampler_shape(ty) else {
            return unsupported(loc, format!("uniforms of type {ty}"));
        };
        let Some((elements, entries)) = opaque_layout(name, t) else {
            return unsupported(loc, "this many samplers");
        };
        let count = elements.len() as u32;
        let first = self.textures;
        self.textures += count;
        // `binding` is the texture unit the sampler starts with, not its
        // slot (the elements of an array of arrays take the next ones in
        // order).
        if let Some(unit) = explicit.and_then(|b| u32::try_from(b).ok()) {
            for (listed, _, at) in &entries {
                self.iface
                    .sampler_units
                    .push((listed.clone(), unit.saturating_add(*at)));
            }
        }
        let mut ids = Vec::new();
        for (i, n) in elements.into_iter().enumerate() {
            let i = i as u32;
            ids.push(self.shader.textures.len() as u32);
            self.shader.textures.push(TextureDecl {
                name: n,
                dim,
                arrayed,
                multisample,
                shadow,
                kind,
                binding: first + i,
            });
        }
        for (listed, n, at) in entries {
            self.iface.uniforms.push(UniformEntry {
                name: listed,
                ty: ty.to_owned(),
                count: n,
                kind: UniformKind::Sampler {
                    binding: first + at,
                },
            });
        }
        Ok(Binding::Tex(ids))
    }

    /// An image uniform (or array): image declarations with the format
    /// of its `layout` qualifier (none for a `writeonly` image without
    /// one), numbered like samplers' textures.
    fn image_uniform(
        &mut self,
        name: &str,
        t: &SemaType,
        ty: &str,
        quals: &[Qualifier],
        loc: Loc,
    ) -> R<Binding> {
        let Some((dim, arrayed, multisample, _, kind)) = image_shape(ty) else {
            return unsupported(loc, format!("uniforms of type {ty}"));
        };
        let format = quals
            .iter()
            .filter_map(|q| match q {
                Qualifier::Layout(ids, _) => Some(ids),
                _ => None,
            })
            .flatten()
            .find_map(|id| image_format(self.name(id.name)))
            .unwrap_or(0);
        let Some((elements, entries)) = opaque_layout(name, t) else {
            return unsupported(loc, "this many images");
        };
        let count = elements.len() as u32;
        let first = self.images;
        self.images += count;
        let explicit = self.layout_int(quals, "binding");
        if let Some(unit) = explicit.and_then(|b| u32::try_from(b).ok()) {
            for (listed, _, at) in &entries {
                self.iface
                    .image_units
                    .push((listed.clone(), unit.saturating_add(*at)));
            }
        }
        let mut ids = Vec::new();
        for (i, n) in elements.into_iter().enumerate() {
            let i = i as u32;
            ids.push(self.shader.images.len() as u32);
            self.shader.images.push(ImageDecl {
                name: n,
                dim,
                arrayed,
                multisample,
                kind,
                format,
                binding: first + i,
            });
        }
        for (listed, n, at) in entries {
            self.iface.uniforms.push(UniformEntry {
                name: listed,
                ty: ty.to_owned(),
                count: n,
                kind: UniformKind::Image {
                    binding: first + at,
                },
            });
        }
        Ok(Binding::Tex(ids))
    }

    // ---- built-ins -----------------------------------------------------------

    fn io_var(&mut self, name: &str, t: &SemaType, kind: VarKind, loc: Loc) -> R<VarId> {
        let ty = self.ir_type(t, loc)?;
        let (input, location) = match &kind {
            VarKind::Input { slot, .. } => (true, *slot),
            VarKind::Output { slot, .. } => (false, *slot),
            _ => return internal(loc, "not an interface variable"),
        };
        let io = IoVar {
            name: name.to_owned(),
            ty: self.type_name(t),
            location: match location {
                Slot::Location { location, .. } => Some(location),
                Slot::Builtin(_) => None,
            },
            explicit: false,
            slots: self.slots(t),
            interp: None,
            index: 0,
            stream: 0,
            anonymous: false,
            sample: false,
        };
        if input {
            self.iface.inputs.push(io);
        } else {
            self.iface.outputs.push(io);
        }
        Ok(self.shader.add_var(name, ty, kind))
    }

    fn loc_input(&mut self, name: &str, t: &SemaType, location: u32, loc: Loc) -> R<Binding> {
        let kind = VarKind::Input {
            slot: Slot::Location {
                location,
                component: 0,
            },
            interp: InterpMode::Smooth,
            sampling: Sampling::Center,
        };
        Ok(Binding::Mem(self.io_var(name, t, kind, loc)?, Vec::new()))
    }

    fn loc_output(
        &mut self,
        name: &str,
        t: &SemaType,
        location: u32,
        index: u8,
        loc: Loc,
    ) -> R<Binding> {
        let kind = VarKind::Output {
            slot: Slot::Location {
                location,
                component: 0,
            },
            index,
        };
        Ok(Binding::Mem(self.io_var(name, t, kind, loc)?, Vec::new()))
    }

    fn builtin_output(&mut self, name: &str, t: &SemaType, b: Builtin, loc: Loc) -> R<Binding> {
        let st = super::ir_stage(self.stage);
        if !b.allowed(st, true) {
            return unsupported(loc, format!("`{name}' in this stage"));
        }
        let mut t = t.clone();
        if t.dims.first() == Some(&None) {
            t.dims[0] = Some(8);
        }
        let kind = VarKind::Output {
            slot: Slot::Builtin(b),
            index: 0,
        };
        Ok(Binding::Mem(self.io_var(name, &t, kind, loc)?, Vec::new()))
    }

    /// The vertices of a geometry shader's input primitive.
    pub(crate) fn gs_vertices(&self, loc: Loc) -> R<u32> {
        let prim = self.sema.geometry.input.as_deref().unwrap_or("");
        match crate::sema::gs_input_vertices(prim) {
            Some(n) => Ok(n),
            None => unsupported(
                loc,
                "geometry shader inputs without an input primitive layout",
            ),
        }
    }

    /// Whether this stage's inputs are arrays of one element per vertex of
    /// the input primitive or patch.
    pub(crate) fn per_vertex_stage(&self) -> bool {
        matches!(
            self.stage,
            crate::Stage::Geometry | crate::Stage::TessControl | crate::Stage::TessEval
        )
    }

    /// Declared `patch` (tessellation stages).
    pub(crate) fn is_patch(&self, quals: &[Qualifier]) -> bool {
        quals
            .iter()
            .any(|q| matches!(q, Qualifier::Storage(AS::Patch, _)))
    }

    /// Whether an input (`input`) or output with qualifiers `quals` is an
    /// array over the vertices: the inputs of the geometry and
    /// tessellation stages and the outputs of tessellation control, but
    /// `patch` ones (GLSL 4.00 §4.3.4, §4.3.6).
    pub(crate) fn per_vertex_io(&self, input: bool, quals: &[Qualifier]) -> bool {
        if self.is_patch(quals) {
            return false;
        }
        if input {
            self.per_vertex_stage()
        } else {
            self.stage == crate::Stage::TessControl
        }
    }

    /// The length of an unsized per-vertex array: the input primitive's
    /// vertices (geometry), `gl_MaxPatchVertices` (tessellation inputs),
    /// the output patch's `vertices` (tessellation control outputs).
    pub(crate) fn per_vertex_count(&self, input: bool, loc: Loc) -> R<u32> {
        match self.stage {
            crate::Stage::Geometry => self.gs_vertices(loc),
            crate::Stage::TessControl if !input => match self.sema.geometry.vertices {
                Some(n) => Ok(u32::try_from(n).unwrap_or(1).clamp(1, MAX_PATCH_VERTICES)),
                None => unsupported(
                    loc,
                    "tessellation control outputs without an output patch layout",
                ),
            },
            _ => Ok(MAX_PATCH_VERTICES),
        }
    }

    /// The execution modes of a tessellation shader's layout.
    pub(crate) fn tessellation_modes(&mut self) {
        use oxgl_ir::{Mode, TessDomain, TessSpacing};
        let g = &self.sema.geometry;
        let mut modes = Vec::new();
        if self.stage == crate::Stage::TessControl {
            if let Some(n) = g.vertices.and_then(|n| u32::try_from(n).ok()) {
                modes.push(Mode::OutputVertices(n));
            }
        } else {
            match g.tess_domain.as_deref() {
                Some("triangles") => modes.push(Mode::TessDomain(TessDomain::Triangles)),
                Some("quads") => modes.push(Mode::TessDomain(TessDomain::Quads)),
                Some("isolines") => modes.push(Mode::TessDomain(TessDomain::Isolines)),
                _ => {}
            }
            match g.tess_spacing.as_deref() {
                Some("fractional_even_spacing") => {
                    modes.push(Mode::TessSpacing(TessSpacing::FractionalEven))
                }
                Some("fractional_odd_spacing") => {
                    modes.push(Mode::TessSpacing(TessSpacing::FractionalOdd))
                }
                _ => modes.push(Mode::TessSpacing(TessSpacing::Equal)),
            }
            if g.tess_cw == Some(true) {
                modes.push(Mode::TessClockwise);
            }
            if g.point_mode {
                modes.push(Mode::TessPointMode);
            }
        }
        self.shader.modes.extend(modes);
    }

    /// The execution modes of a geometry shader's layout.
    pub(crate) fn geometry_modes(&mut self) {
        use oxgl_ir::{Mode, Primitive};
        let g = &self.sema.geometry;
        let prim = |p: &str| match p {
            "points" => Some(Primitive::Points),
            "lines" => Some(Primitive::Lines),
            "lines_adjacency" => Some(Primitive::LinesAdjacency),
            "triangles" => Some(Primitive::Triangles),
            "triangles_adjacency" => Some(Primitive::TrianglesAdjacency),
            "line_strip" => Some(Primitive::LineStrip),
            "triangle_strip" => Some(Primitive::TriangleStrip),
            _ => None,
        };
        let mut modes = Vec::new();
        if let Some(p) = g.input.as_deref().and_then(prim) {
            modes.push(Mode::InputPrimitive(p));
        }
        if let Some(p) = g.output.as_deref().and_then(prim) {
            modes.push(Mode::OutputPrimitive(p));
        }
        if let Some(n) = g.max_vertices.and_then(|n| u32::try_from(n).ok()) {
            modes.push(Mode::MaxVertices(n));
        }
        if let Some(n) = g.invocations.and_then(|n| u32::try_from(n).ok()) {
            modes.push(Mode::Invocations(n));
        }
        self.shader.modes.extend(modes);
    }

    /// The input array of member `name` of `gl_in[]` (type `t` per
    /// vertex), or with `out` the output array of `gl_out[]`'s: the
    /// built-in's slot, or a compatibility varying's location.
    pub(crate) fn per_vertex_member(
        &mut self,
        name: &str,
        t: &SemaType,
        out: bool,
        loc: Loc,
    ) -> R<VarId> {
        let key = format!("{}.{name}", if out { "gl_out" } else { "gl_in" });
        if let Some(Binding::Mem(v, _)) = self.named.get(&key) {
            return Ok(*v);
        }
        let mut t = t.clone();
        if t.dims.first() == Some(&None) {
            t.dims[0] = Some(8);
        }
        let mut arr = t.clone();
        arr.dims.insert(0, Some(self.per_vertex_count(!out, loc)?));
        let slot = match name {
            "gl_Position" => Slot::Builtin(Builtin::Position),
            "gl_PointSize" => Slot::Builtin(Builtin::PointSize),
            "gl_ClipDistance" => Slot::Builtin(Builtin::ClipDistance),
            n => match COMPAT_VARYINGS.iter().find(|(x, ..)| *x == n) {
                Some((_, l, _)) => Slot::Location {
                    location: *l,
                    component: 0,
                },
                None => return unsupported(loc, format!("`gl_in[].{n}'")),
            },
        };
        let kind = if out {
            VarKind::Output { slot, index: 0 }
        } else {
            VarKind::Input {
                slot,
                interp: InterpMode::Smooth,
                sampling: Sampling::Center,
            }
        };
        let ty = self.ir_type(&arr, loc)?;
        let io = IoVar {
            name: key.clone(),
            ty: self.type_name(&t),
            location: match slot {
                Slot::Location { location, .. } => Some(location),
                Slot::Builtin(_) => None,
            },
            explicit: false,
            slots: self.slots(&t),
            interp: None,
            index: 0,
            stream: 0,
            anonymous: false,
            sample: false,
        };
        if out {
            self.iface.outputs.push(io);
        } else {
            self.iface.inputs.push(io);
        }
        let v = self.shader.add_var(&key, ty, kind);
        self.named.insert(key, Binding::Mem(v, Vec::new()));
        Ok(v)
    }

    /// Before `main` returns: `gl_ClipDistance[i] = dot(gl_ClipPlane[i],
    /// gl_ClipVertex)` for the 8 user clip planes when the shader uses
    /// `gl_ClipVertex` (the planes are in eye coordinates, as the vertex
    /// is; disabled planes are not clipped on).
    pub(crate) fn clip_vertex_epilogue(&mut self) -> R<()> {
        let Some(cv) = self.clip_vertex else {
            return Ok(());
        };
        let loc = Loc::default();
        let vec4 = SemaType::num(Num::vec(Scalar::Float, 4));
        let planes_t = SemaType {
            base: vec4.base,
            dims: vec![Some(8)],
        };
        let Binding::Mem(planes, base) =
            self.builtin_named("gl_ClipPlane", &planes_t, true, loc)?
        else {
            return internal(loc, "gl_ClipPlane is not in memory");
        };
        let var = match self.named.get("gl_ClipDistance") {
            Some(Binding::Mem(v, _)) => *v,
            _ => {
                let elem = self.shader.types.value(oxgl_ir::ValType::F32);
                let arr = self.shader.types.intern(Type::Array {
                    elem,
                    len: Some(8),
                    stride: None,
                });
                let kind = VarKind::Output {
                    slot: Slot::Builtin(Builtin::ClipDistance),
                    index: 0,
                };
                let v = self.shader.add_var("gl_ClipDistance", arr, kind);
                self.named
                    .insert("gl_ClipDistance".to_owned(), Binding::Mem(v, Vec::new()));
                v
            }
        };
        let super::expr::Rv::V(vertex) = self.load_mem(cv, &[], &vec4, loc)? else {
            return internal(loc, "gl_ClipVertex is not a vector");
        };
        for i in 0..8u32 {
            let mut path = base.clone();
            path.push(oxgl_ir::Index::Const(i));
            let super::expr::Rv::V(plane) = self.load_mem(planes, &path, &vec4, loc)? else {
                return internal(loc, "gl_ClipPlane[i] is not a vector");
            };
            let d = self.b().dot(plane, vertex);
            self.b().store(
                oxgl_ir::Deref {
                    var,
                    path: vec![oxgl_ir::Index::Const(i)],
                },
                d,
            );
        }
        Ok(())
    }

    /// The binding of a built-in variable (declared or redeclared).
    pub(crate) fn builtin_binding(&mut self, id: u32, loc: Loc) -> R<Binding> {
        let Some(v) = self.sema.vars.get(id as usize) else {
            return internal(loc, "bad variable");
        };
        let name = self
            .sema
            .var_names
            .get(id as usize)
            .map_or("", |s| self.name(*s));
        let uniform = v.storage == Storage::Uniform;
        let t = v.ty.clone();
        self.builtin_named(name, &t, uniform, loc)
    }

    /// The binding of built-in `name` of type `t`, made once per name.
    pub(crate) fn builtin_named(
        &mut self,
        name: &str,
        t: &SemaType,
        uniform: bool,
        loc: Loc,
    ) -> R<Binding> {
        if let Some(b) = self.named.get(name) {
            return Ok(b.clone());
        }
        let b = self.builtin_new(name, t.clone(), uniform, loc)?;
        self.named.insert(name.to_owned(), b.clone());
        Ok(b)
    }

    fn builtin_new(&mut self, name: &str, t: SemaType, uniform: bool, loc: Loc) -> R<Binding> {
        use crate::Stage as S;
        let frag = self.stage == S::Fragment;
        let sys = |s: SysVal| Ok(Binding::Sys(s, false));
        if uniform {
            let var = self.data_uniform(name, &t, loc)?;
            self.iface.uniform_size = self.uniform_end;
            return Ok(Binding::Mem(var, Vec::new()));
        }
        if let Some((_, l)) = COMPAT_ATTRIBS.iter().find(|(n, _)| *n == name)
            && self.stage == S::Vertex
        {
            return self.loc_input(name, &t, *l, loc);
        }
        let varying = match (self.stage, name) {
            (S::Fragment, "gl_Color") => Some(0),
            (S::Fragment, "gl_SecondaryColor") => Some(2),
            (_, n) => COMPAT_VARYINGS
                .iter()
                .find(|(x, ..)| *x == n)
                .map(|(_, l, _)| *l),
        };
        if let Some(l) = varying {
            let mut t = t;
            if t.dims.first() == Some(&None) {
                t.dims[0] = Some(8);
            }
            return if frag {
                self.loc_input(name, &t, l, loc)
            } else {
                self.loc_output(name, &t, l, 0, loc)
            };
        }
        match name {
            "gl_in" if self.per_vertex_stage() => Ok(Binding::PerVertex(false)),
            "gl_out" if self.stage == S::TessControl => Ok(Binding::PerVertex(true)),
            "gl_TessLevelOuter" if self.stage == S::TessControl => {
                self.builtin_output(name, &t, Builtin::TessLevelOuter, loc)
            }
            "gl_TessLevelInner" if self.stage == S::TessControl => {
                self.builtin_output(name, &t, Builtin::TessLevelInner, loc)
            }
            "gl_TessLevelOuter" => Ok(Binding::Sys(SysVal::TessLevelOuterIn, true)),
            "gl_TessLevelInner" => Ok(Binding::Sys(SysVal::TessLevelInnerIn, true)),
            "gl_TessCoord" => sys(SysVal::TessCoord),
            "gl_PatchVerticesIn" => sys(SysVal::PatchVertices),
            "gl_InvocationID" if self.stage == S::TessControl => sys(SysVal::InvocationId),
            "gl_Position" => self.builtin_output(name, &t, Builtin::Position, loc),
            "gl_PointSize" => self.builtin_output(name, &t, Builtin::PointSize, loc),
            // GLSL 1.10 §7.1 / GL 4.6 compat §13.7: user clip planes clip
            // against gl_ClipVertex; it becomes clip distances at the end
            // of main, which the backend clips on.
            "gl_ClipVertex" if self.stage == S::Vertex => {
                let ty = self.ir_type(&t, loc)?;
                let var = self.shader.add_var(name, ty, VarKind::Private);
                self.clip_vertex = Some(var);
                Ok(Binding::Mem(var, Vec::new()))
            }
            "gl_ClipVertex" => self.builtin_output(name, &t, Builtin::ClipVertex, loc),
            "gl_ClipDistance" => self.builtin_output(name, &t, Builtin::ClipDistance, loc),
            "gl_CullDistance" => self.builtin_output(name, &t, Builtin::CullDistance, loc),
            "gl_FragDepth" | "gl_FragDepthEXT" => {
                self.builtin_output(name, &t, Builtin::FragDepth, loc)
            }
            "gl_SampleMask" => self.builtin_output(name, &t, Builtin::SampleMask, loc),
            "gl_Layer" if frag => sys(SysVal::LayerIn),
            "gl_ViewportIndex" if frag => sys(SysVal::ViewportIndexIn),
            "gl_Layer" => self.builtin_output(name, &t, Builtin::Layer, loc),
            "gl_ViewportIndex" => self.builtin_output(name, &t, Builtin::ViewportIndex, loc),
            "gl_PrimitiveID" if self.stage == S::Geometry => {
                self.builtin_output(name, &t, Builtin::PrimitiveId, loc)
            }
            "gl_PrimitiveID" | "gl_PrimitiveIDIn" => sys(SysVal::PrimitiveId),
            "gl_InvocationID" if self.stage == S::Geometry => sys(SysVal::InvocationId),
            "gl_FragColor" => self.loc_output(name, &t, 0, 0, loc),
            "gl_FragData" => self.loc_output(name, &t, 0, 0, loc),
            // EXT_blend_func_extended: the second source of dual-source
            // blending, where the linker puts index-1 outputs.
            "gl_SecondaryFragColorEXT" | "gl_SecondaryFragDataEXT" => {
                self.loc_output(name, &t, crate::link::DUAL_SOURCE_LOCATION, 0, loc)
            }
            "gl_FragCoord" => sys(SysVal::FragCoord),
            "gl_FrontFacing" => sys(SysVal::FrontFacing),
            "gl_PointCoord" => sys(SysVal::PointCoord),
            "gl_SampleID" => sys(SysVal::SampleId),
            "gl_SamplePosition" => sys(SysVal::SamplePos),
            "gl_SampleMaskIn" => Ok(Binding::Sys(SysVal::SampleMaskIn, true)),
            "gl_HelperInvocation" => sys(SysVal::HelperInvocation),
            "gl_VertexID" => sys(SysVal::VertexId),
            "gl_InstanceID" | "gl_InstanceIDARB" => sys(SysVal::InstanceId),
            "gl_BaseVertex" | "gl_BaseVertexARB" => sys(SysVal::BaseVertex),
            "gl_BaseInstance" | "gl_BaseInstanceARB" => sys(SysVal::BaseInstance),
            "gl_DrawID" | "gl_DrawIDARB" => sys(SysVal::DrawId),
            "gl_NumWorkGroups" => sys(SysVal::NumWorkgroups),
            "gl_WorkGroupID" => sys(SysVal::WorkgroupId),
            "gl_LocalInvocationID" => sys(SysVal::LocalInvocationId),
            "gl_GlobalInvocationID" => sys(SysVal::GlobalInvocationId),
            "gl_LocalInvocationIndex" => sys(SysVal::LocalInvocationIndex),
            "gl_WorkGroupSize" => {
                let ls = self.sema.local_size.map(|v| v.unwrap_or(1));
                let k = ls
                    .iter()
                    .map(|x| crate::sema::Cv::U(u32::try_from(*x).unwrap_or(1)))
                    .collect();
                Ok(Binding::Consts(t, k))
            }
            _ => unsupported(loc, format!("the built-in `{name}'")),
        }
    }
}

/// `(dim, arrayed, multisample, shadow, kind)` of a sampler type name.
/// An image type's shape, as [`sampler_shape`] gives a sampler's
/// (never `shadow`).
pub(crate) fn image_shape(ty: &str) -> Option<(Dim, bool, bool, bool, oxgl_ir::Scalar)> {
    let (prefix, rest) = ty.split_once("image")?;
    if !matches!(prefix, "" | "i" | "u") {
        return None;
    }
    sampler_shape(&format!("{prefix}sampler{rest}"))
}

/// The GL internal format of an image format layout qualifier
/// (`rgba8` is `GL_RGBA8`), the code [`ImageDecl::format`] holds.
pub(crate) fn image_format(qualifier: &str) -> Option<u32> {
    Some(match qualifier {
        "rgba32f" => 0x8814,
        "rgba16f" => 0x881A,
        "rg32f" => 0x8230,
        "rg16f" => 0x822F,
        "r11f_g11f_b10f" => 0x8C3A,
        "r32f" => 0x822E,
        "r16f" => 0x822D,
        "rgba16" => 0x805B,
        "rgb10_a2" => 0x8059,
        "rgba8" => 0x8058,
        "rg16" => 0x822C,
        "rg8" => 0x822B,
        "r16" => 0x822A,
        "r8" => 0x8229,
        "rgba16_snorm" => 0x8F9B,
        "rgba8_snorm" => 0x8F97,
        "rg16_snorm" => 0x8F99,
        "rg8_snorm" => 0x8F95,
        "r16_snorm" => 0x8F98,
        "r8_snorm" => 0x8F94,
        "rgba32i" => 0x8D82,
        "rgba16i" => 0x8D88,
        "rgba8i" => 0x8D8E,
        "rg32i" => 0x823B,
        "rg16i" => 0x8239,
        "rg8i" => 0x8237,
        "r32i" => 0x8235,
        "r16i" => 0x8233,
        "r8i" => 0x8231,
        "rgba32ui" => 0x8D70,
        "rgba16ui" => 0x8D76,
        "rgb10_a2ui" => 0x906F,
        "rgba8ui" => 0x8D7C,
        "rg32ui" => 0x823C,
        "rg16ui" => 0x823A,
        "rg8ui" => 0x8238,
        "r32ui" => 0x8236,
        "r16ui" => 0x8234,
        "r8ui" => 0x8232,
        _ => return None,
    })
}

pub(crate) fn sampler_shape(ty: &str) -> Option<(Dim, bool, bool, bool, oxgl_ir::Scalar)> {
    let (kind, rest) = if let Some(r) = ty.strip_prefix("isampler") {
        (oxgl_ir::Scalar::I32, r)
    } else if let Some(r) = ty.strip_prefix("usampler") {
        (oxgl_ir::Scalar::U32, r)
    } else {
        (oxgl_ir::Scalar::F32, ty.strip_prefix("sampler")?)
    };
    let (dim, rest) = [
        ("1D", Dim::D1),
        ("2DRect", Dim::Rect),
        ("2D", Dim::D2),
        ("3D", Dim::D3),
        ("CubeMap", Dim::Cube),
        ("Cube", Dim::Cube),
        ("Buffer", Dim::Buffer),
        ("ExternalOES", Dim::D2),
        ("External2DY2YEXT", Dim::D2),
    ]
    .into_iter()
    .find_map(|(p, d)| rest.strip_prefix(p).map(|r| (d, r)))?;
    let ms = rest.contains("MS");
    let arrayed = rest.contains("Array");
    let shadow = rest.contains("Shadow");
    let rest = rest
        .replace("MS", "")
        .replace("Array", "")
        .replace("Shadow", "");
    if !rest.is_empty() {
        return None;
    }
    Some((dim, arrayed, ms, shadow, kind))
}

/// The elements of an opaque uniform `name` of type `t` (a sampler or
/// image, an array or an array of arrays of them), row-major: each
/// element's name (`s`, `s[1]`, `s[1][2]`), and the active-uniform entries
/// they make — one per innermost array (`s[1][0]`, GL 4.6 §7.3.1.1): its
/// listed name, element count and first element's position. `None` past
/// 256 elements.
/// An opaque uniform's element names and active-uniform entries (listed
/// name, count, first element's position).
type OpaqueLayout = (Vec<String>, Vec<(String, u32, u32)>);

fn opaque_layout(name: &str, t: &SemaType) -> Option<OpaqueLayout> {
    let dims: Vec<u32> = t.dims.iter().map(|d| d.unwrap_or(1).max(1)).collect();
    let total = dims.iter().try_fold(1u32, |n, &d| n.checked_mul(d))?;
    if total > 256 {
        return None;
    }
    if dims.is_empty() {
        return Some((vec![name.to_owned()], vec![(name.to_owned(), 1, 0)]));
    }
    let inner = *dims.last()?;
    let mut elements = Vec::with_capacity(total as usize);
    let mut entries = Vec::new();
    for k in 0..total {
        let mut subs = Vec::with_capacity(dims.len());
        let mut rest = k;
        for &d in dims.iter().rev() {
            subs.push(rest % d);
            rest /= d;
        }
        subs.reverse();
        let path: String = subs.iter().map(|i| format!("[{i}]")).collect();
        elements.push(format!("{name}{path}"));
        if k % inner == 0 {
            let outer: String = subs[..subs.len() - 1]
                .iter()
                .map(|i| format!("[{i}]"))
                .collect();
            entries.push((format!("{name}{outer}[0]"), inner, k));
        }
    }
    Some((elements, entries))
}
