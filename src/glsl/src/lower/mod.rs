//! Lowering: a checked GLSL AST to the shared IR (`oxgl_ir::Shader`).
//!
//! Input is what semantic analysis recorded (`sema::Checked`: the type and
//! constant value of every expression, what every name and call resolved
//! to); output is one IR shader with every user function inlined into the
//! entry point, plus the interface tables the GL side needs (input and
//! output locations, the default uniform block's layout, sampler bindings).
//!
//! * `iface` — global variables: inputs and outputs at locations, uniforms
//!   at std140 offsets, samplers as texture declarations, built-ins as
//!   system values, built-in varyings and compatibility uniforms.
//! * `expr` — expressions: r-values (`Rv`: a value, matrix columns, or the
//!   elements of an aggregate), places (variable + path + lanes), implicit
//!   conversions, operators (matrices as column vectors), constructors.
//! * `stmt` — statements as structured control flow; `switch`, `do`-`while`,
//!   `return` from inlined functions through wrapper loops and flags.
//! * `call` — user calls (inlined here, so `out`/`inout`, sampler and
//!   aggregate parameters need nothing from the IR) and built-in functions.
//! * `outline` — the exception: a function too costly to inline everywhere
//!   (an exponential call tree) becomes an IR function of its own.
//!
//! What is not handled yet is reported as `<feature> is not supported yet`
//! at the construct's location; an internal inconsistency (a bug) is caught
//! at this boundary and reported as an error too, never a panic.

mod block;
mod call;
mod expr;
mod iface;
mod outline;
mod stmt;
mod tex;

use crate::ast::{ExprId, FunctionDef, TranslationUnit};
use crate::diag::Loc;
use crate::names::FxHashMap;
use crate::sema::{Base, Checked, Num, Scalar, SemaType};
use crate::{Compiled, Stage};
use oxgl_ir::{Block, BlockId, Builder, FuncId, Node, Shader, ValType, Value, VarId};

pub use block::MAX_BLOCK_SIZE;
pub use iface::{
    BlockMember, Interface, IoVar, StorageBlock, SubroutineFn, UniformBlock, UniformEntry,
    UniformInit, UniformKind,
};

/// Why a shader could not be lowered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    /// Where the construct is.
    pub loc: Loc,
    /// What is missing (`"geometry shaders"`), or an internal error.
    pub what: String,
    /// An internal error (a bug) rather than a missing feature.
    pub internal: bool,
    /// An error in the shader that the checker leaves to lowering (static
    /// recursion): `what` is the whole message.
    pub invalid: bool,
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let l = self.loc;
        if self.invalid {
            write!(
                f,
                "{}:{}({}): error: {}",
                l.source, l.line, l.col, self.what
            )
        } else if self.internal {
            write!(
                f,
                "{}:{}({}): error: internal error in lowering: {}",
                l.source, l.line, l.col, self.what
            )
        } else {
            write!(
                f,
                "{}:{}({}): error: {} is not supported yet",
                l.source, l.line, l.col, self.what
            )
        }
    }
}

/// A lowered shader and its interface.
#[derive(Clone, Debug)]
pub struct Lowered {
    /// The IR (validated).
    pub shader: Shader,
    /// Locations, uniform offsets, texture bindings.
    pub interface: Interface,
    /// Uniforms declared with initializers: a shader of the same stage whose
    /// entry point computes their values into storage blocks (one per
    /// uniform, see [`UniformInit`]); the linker runs it once.
    pub uniform_init: Option<(Shader, Vec<UniformInit>)>,
}

pub(crate) type R<T> = Result<T, LowerError>;

pub(crate) fn unsupported<T>(loc: Loc, what: impl Into<String>) -> R<T> {
    Err(LowerError {
        loc,
        what: what.into(),
        internal: false,
        invalid: false,
    })
}

pub(crate) fn internal<T>(loc: Loc, what: impl Into<String>) -> R<T> {
    Err(LowerError {
        loc,
        what: what.into(),
        internal: true,
        invalid: false,
    })
}

/// Lowers a compiled shader to IR and validates the result.
///
/// # Errors
/// When the shader did not compile, uses something not lowered yet, or (a
/// bug) the IR does not validate.
pub fn lower(c: &Compiled) -> Result<Lowered, LowerError> {
    if !c.success() {
        return unsupported(Loc::default(), "a shader with compile errors");
    }
    let Some(sema) = &c.sema else {
        return unsupported(Loc::default(), "a shader with compile errors");
    };
    let run = std::panic::AssertUnwindSafe(|| {
        let mut out = lower_checked(&c.ast, sema, c.stage, false)?;
        if out.uniform_init.is_some() {
            out.uniform_init = lower_checked(&c.ast, sema, c.stage, true)?.uniform_init;
        }
        Ok(out)
    });
    let mut out = match std::panic::catch_unwind(run) {
        Ok(r) => r?,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_else(|| "panic".to_owned());
            return internal(Loc::default(), msg);
        }
    };
    if c.version.is_es() {
        out.interface.es_version = c.version.number;
    }
    out.interface.exact = c.exact_math;
    if let Err(e) = oxgl_ir::valid::validate(&out.shader) {
        return internal(Loc::default(), format!("invalid IR: {e}"));
    }
    if let Some((init, _)) = &out.uniform_init
        && let Err(e) = oxgl_ir::valid::validate(init)
    {
        return internal(
            Loc::default(),
            format!("invalid uniform-initializer IR: {e}"),
        );
    }
    Ok(out)
}

fn ir_stage(s: Stage) -> oxgl_ir::Stage {
    match s {
        Stage::Vertex => oxgl_ir::Stage::Vertex,
        Stage::TessControl => oxgl_ir::Stage::TessControl,
        Stage::TessEval => oxgl_ir::Stage::TessEval,
        Stage::Geometry => oxgl_ir::Stage::Geometry,
        Stage::Fragment => oxgl_ir::Stage::Fragment,
        Stage::Compute => oxgl_ir::Stage::Compute,
    }
}

/// Lowers `main`, or with `uniform_init` the shader computing the uniform
/// initializers (its `uniform_init` then holds it; otherwise it is `Some`
/// with an empty shader when there are any, to ask for that second pass).
fn lower_checked(
    tu: &TranslationUnit,
    sema: &Checked,
    stage: Stage,
    uniform_init: bool,
) -> R<Lowered> {
    let shader = Shader::new(ir_stage(stage));
    let func = shader.entry;
    let root = shader.funcs[func].body;
    let mut fn_defs = FxHashMap::default();
    for item in &tu.items {
        if let crate::ast::ExternalDecl::Function(f) = item
            && let Some(&id) = sema.fn_defs.get(&(f.proto.loc, f.proto.name))
        {
            fn_defs.insert(id, f);
        }
    }
    let mut l = Lower {
        tu,
        sema,
        stage,
        shader,
        func,
        block: root,
        bind: FxHashMap::default(),
        fn_defs,
        jumps: Vec::new(),
        inlining: Vec::new(),
        depth: 0,
        iface: Interface::default(),
        uniform_end: 0,
        std430: false,
        textures: 0,
        images: 0,
        pending_inits: Vec::new(),
        uniform_init_seen: false,
        uniform_init_mode: uniform_init,
        uniform_inits: Vec::new(),
        clip_vertex: None,
        ret_ty: Vec::new(),
        named: FxHashMap::default(),
        costs: FxHashMap::default(),
        bodies: FxHashMap::default(),
        outlined: FxHashMap::default(),
        pending_outlined: Vec::new(),
        default_stream: 0,
        patch_used: Vec::new(),
        counter_offsets: FxHashMap::default(),
    };
    // GLSL 4.60 §6.1: recursion is an error even where nothing calls the
    // functions involved (Mesa's link error, reported here).
    let mut defined: Vec<u32> = l.fn_defs.keys().copied().collect();
    defined.sort_unstable();
    for fid in defined {
        if l.recursive(fid) {
            let f = l.fn_defs[&fid];
            return Err(LowerError {
                loc: f.proto.loc,
                what: format!(
                    "function `{}' has static recursion",
                    tu.names.str(f.proto.name)
                ),
                internal: false,
                invalid: true,
            });
        }
    }
    l.iface.per_vertex_unredeclared = sema.per_vertex_unredeclared;
    // A compute shader without `layout(local_size_*)` has no size: the
    // program fails to link (GL 4.6 §7.3, Mesa).
    if stage == Stage::Compute && sema.local_size.iter().any(Option::is_some) {
        let ls = sema
            .local_size
            .map(|v| v.unwrap_or(1).clamp(1, 1 << 16) as u32);
        l.shader.modes.push(oxgl_ir::Mode::LocalSize(ls));
    }
    if stage == Stage::Geometry {
        l.geometry_modes();
    }
    if matches!(stage, Stage::TessControl | Stage::TessEval) {
        l.tessellation_modes();
    }
    if stage == Stage::Fragment && l.early_fragment_tests() {
        l.shader.modes.push(oxgl_ir::Mode::EarlyFragmentTests);
    }
    l.globals()?;
    for item in &tu.items {
        if let crate::ast::ExternalDecl::Decl(crate::ast::Declaration::Redeclare { quals, names }) =
            item
            && quals
                .iter()
                .any(|q| matches!(q, crate::ast::Qualifier::Invariant(_)))
        {
            for &(n, _) in names {
                let n = tu.names.str(n);
                if n.starts_with("gl_") {
                    l.iface.invariant.push(n.to_string());
                }
            }
        }
    }
    let main = tu.items.iter().rev().find_map(|i| match i {
        crate::ast::ExternalDecl::Function(f) if tu.names.str(f.proto.name) == "main" => Some(f),
        _ => None,
    });
    let Some(main) = main else {
        return unsupported(Loc::default(), "a shader without main() (linking)");
    };
    l.global_inits()?;
    if uniform_init {
        l.shader.funcs[func].body = root;
        let inits = std::mem::take(&mut l.uniform_inits);
        return Ok(Lowered {
            shader: Shader::new(ir_stage(stage)),
            interface: l.iface,
            uniform_init: Some((l.shader, inits)),
        });
    }
    l.stmts(&main.body)?;
    if !l.terminated() {
        l.clip_vertex_epilogue()?;
    }
    l.shader.funcs[func].body = root;
    l.lower_outlined()?;
    let uniform_init = l
        .uniform_init_seen
        .then(|| (Shader::new(ir_stage(stage)), Vec::new()));
    let mut subroutines: Vec<SubroutineFn> = l
        .subroutine_fns()
        .into_iter()
        .map(|(f, types, index)| SubroutineFn {
            name: l
                .fn_defs
                .get(&f)
                .map_or_else(String::new, |d| l.name(d.proto.name).to_owned()),
            index,
            types: types
                .iter()
                .map(|&t| l.name(crate::names::Sym(t)).to_owned())
                .collect(),
        })
        .collect();
    subroutines.sort_by_key(|f| f.index);
    l.iface.subroutines = subroutines;
    Ok(Lowered {
        shader: l.shader,
        interface: l.iface,
        uniform_init,
    })
}

/// How a sema variable is reached in the IR.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    /// Memory: a variable and a path into it.
    Mem(VarId, Vec<oxgl_ir::Index>),
    /// A system value; `array` when GLSL sees a scalar array of its lanes.
    Sys(oxgl_ir::SysVal, bool),
    /// A sampler or image (or an array of them): texture (image)
    /// declaration indices; the GLSL type says which.
    Tex(Vec<u32>),
    /// A constant the front end did not fold (`gl_WorkGroupSize`).
    Consts(SemaType, Vec<crate::sema::Cv>),
    /// A struct (or array of structs) holding samplers, bound member by
    /// member (element by element): a sampler has no memory, so the
    /// aggregate is split into its samplers and its data parts (see
    /// `Lower::split_uniform`, `Lower::split_value`).
    Split(Vec<Binding>),
    /// `gl_in[]` of a geometry or tessellation shader (`false`), `gl_out[]`
    /// of a tessellation control shader (`true`): `gl_in[i].member` is
    /// element `i` of the member's own input (output) array
    /// ([`Lower::per_vertex_member`]).
    PerVertex(bool),
    /// An arrayed in/out block instance (`out B { ... } v[2];`, a geometry
    /// shader's `in B { ... } v[];`): `v[i].m` is element `i` of member
    /// `m`'s own array, listed here by member name.
    Block(Vec<(String, VarId)>),
}

/// A jump context: what `break`, `continue` and `return` mean here.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Jump {
    /// A GLSL loop (an IR loop).
    Loop,
    /// A `switch` (an IR wrapper loop): `continue` sets the flag and breaks.
    Switch { cont_flag: VarId },
    /// An inlined function: `return` stores the value, sets the flag and
    /// breaks out of the wrapper loop (when there is one).
    Func {
        ret_flag: Option<VarId>,
        ret_var: Option<VarId>,
    },
}

/// The lowering state.
pub(crate) struct Lower<'a> {
    pub tu: &'a TranslationUnit,
    pub sema: &'a Checked,
    pub stage: Stage,
    pub shader: Shader,
    pub func: FuncId,
    /// Where instructions go.
    pub block: BlockId,
    pub bind: FxHashMap<u32, Binding>,
    pub fn_defs: FxHashMap<u32, &'a FunctionDef>,
    pub jumps: Vec<Jump>,
    /// User functions being inlined (recursion check).
    pub inlining: Vec<u32>,
    /// Expression recursion depth.
    pub depth: u32,
    pub iface: Interface,
    /// End of the default uniform block so far.
    pub uniform_end: u32,
    /// Atomic counter bindings: where the next counter declared without
    /// an `offset` goes (GLSL 4.20 §4.4.4.6).
    pub counter_offsets: FxHashMap<u32, u32>,
    /// Laying out a `shared` or `packed` uniform block: std430's rules
    /// (no rounding of array, matrix-column and struct alignments to 16),
    /// as Mesa's gallium drivers lay them out.
    pub std430: bool,
    /// Sampler uniforms numbered so far (the next binding).
    pub textures: u32,
    /// Image uniforms numbered so far (the next image binding).
    pub images: u32,
    /// Built-in variables by name.
    pub named: FxHashMap<String, Binding>,
    /// Return types of the functions being inlined.
    pub ret_ty: Vec<SemaType>,
    /// Global initializers, run at the start of `main`.
    pub pending_inits: Vec<(VarId, SemaType, &'a crate::ast::Initializer)>,
    /// A uniform with an initializer was declared.
    pub uniform_init_seen: bool,
    /// Lowering the uniform-initializer shader instead of `main`.
    pub uniform_init_mode: bool,
    /// The storage blocks of that shader.
    pub uniform_inits: Vec<UniformInit>,
    /// `gl_ClipVertex` of a vertex shader, kept in a private variable: the
    /// end of `main` turns it into clip distances (see
    /// [`Lower::clip_vertex_epilogue`]).
    pub clip_vertex: Option<VarId>,
    /// Inlined cost of each user function (`outline.rs`).
    pub costs: FxHashMap<u32, u64>,
    /// Own cost and callees of each user function (`outline.rs`).
    pub bodies: FxHashMap<u32, (u64, std::rc::Rc<[u32]>)>,
    /// User functions lowered as IR functions of their own (`outline.rs`).
    pub outlined: FxHashMap<u32, FuncId>,
    /// Those whose bodies are not lowered yet, with a call's location.
    pub pending_outlined: Vec<(u32, FuncId, Loc)>,
    /// A geometry shader's default output stream so far (`layout(stream
    /// = N) out;`, ARB_gpu_shader5).
    pub default_stream: u32,
    /// Locations taken by the tessellation stages' `patch` variables (of
    /// their own space, from `oxgl_ir::PATCH_LOCATION0`).
    pub patch_used: Vec<bool>,
}

/// Deepest expression or statement nesting lowered (the lowering recurses;
/// the parser bounds nesting at 256 but not chains of unary operators).
const MAX_DEPTH: u32 = 160;

/// Most instructions lowered for one shader (inlining can explode).
const MAX_INSTS: usize = 400_000;

impl<'a> Lower<'a> {
    /// A builder at the cursor.
    ///
    /// `Builder` appends at the end of a function's body; the body is used
    /// as the cursor while lowering and restored at the end.
    pub(crate) fn b(&mut self) -> Builder<'_> {
        self.live();
        let f = self.func;
        self.shader.funcs[f].body = self.block;
        Builder::at_end(&mut self.shader, f)
    }

    /// Fails once the (inlined) program grows past a bound.
    pub(crate) fn check_size(&self, loc: Loc) -> R<()> {
        if self.shader.funcs[self.func].insts.len() > MAX_INSTS {
            return unsupported(loc, "programs this large after inlining");
        }
        Ok(())
    }

    pub(crate) fn new_block(&mut self) -> BlockId {
        self.shader.funcs[self.func].blocks.append(Block::default())
    }

    /// Code after a terminator (an inlined `discard`, say) is unreachable:
    /// it goes to a fresh block outside the tree.
    fn live(&mut self) {
        if self.terminated() {
            self.block = self.new_block();
        }
    }

    pub(crate) fn push_node(&mut self, n: Node) {
        self.live();
        let (f, b) = (self.func, self.block);
        self.shader.funcs[f].blocks[b].nodes.push(n);
    }

    /// Whether the current block already ended with a terminator.
    pub(crate) fn terminated(&self) -> bool {
        self.shader.funcs[self.func].blocks[self.block]
            .nodes
            .last()
            .is_some_and(Node::is_terminator)
    }

    /// The IR type of a value.
    pub(crate) fn vty(&self, v: Value) -> ValType {
        self.shader.funcs[self.func].insts[v]
            .ty
            .unwrap_or(ValType::BOOL)
    }

    /// `if cond { then } else { else_ }` with lowering closures.
    pub(crate) fn if_else(
        &mut self,
        cond: Value,
        then: impl FnOnce(&mut Self) -> R<()>,
        else_: impl FnOnce(&mut Self) -> R<()>,
    ) -> R<()> {
        let (t, e) = (self.new_block(), self.new_block());
        self.push_node(Node::If {
            cond,
            then: t,
            else_: e,
        });
        let saved = self.block;
        self.block = t;
        let r = then(self);
        self.block = e;
        let r2 = r.and_then(|()| else_(self));
        self.block = saved;
        r2
    }

    /// `loop { body } continue { cont }`.
    pub(crate) fn loop_(
        &mut self,
        body: impl FnOnce(&mut Self) -> R<()>,
        cont: impl FnOnce(&mut Self) -> R<()>,
    ) -> R<()> {
        let (b, c) = (self.new_block(), self.new_block());
        self.push_node(Node::Loop { body: b, cont: c });
        let saved = self.block;
        self.block = b;
        let r = body(self);
        self.block = c;
        let r2 = r.and_then(|()| cont(self));
        self.block = saved;
        r2
    }

    pub(crate) fn info(&self, e: ExprId) -> &'a crate::sema::ExprInfo {
        static ERROR: std::sync::LazyLock<crate::sema::ExprInfo> =
            std::sync::LazyLock::new(|| crate::sema::ExprInfo {
                ty: SemaType::ERROR,
                k: None,
                var: None,
                callee: None,
            });
        self.sema.exprs.get(e.0 as usize).unwrap_or(&ERROR)
    }

    pub(crate) fn ty_of(&self, e: ExprId) -> &'a SemaType {
        &self.info(e).ty
    }

    pub(crate) fn loc_of(&self, e: ExprId) -> Loc {
        self.tu
            .exprs
            .get(e.0 as usize)
            .map_or_else(Loc::default, |x| x.loc)
    }

    pub(crate) fn name(&self, s: crate::names::Sym) -> &'a str {
        self.tu.names.str(s)
    }

    /// A GLSL type's name as messages print it.
    pub(crate) fn type_name(&self, t: &SemaType) -> String {
        t.name(&self.sema.structs, &self.tu.names)
    }
}

/// The IR scalar kind of a GLSL scalar kind.
pub(crate) fn ir_scalar(s: Scalar, loc: Loc) -> R<oxgl_ir::Scalar> {
    Ok(match s {
        Scalar::Bool => oxgl_ir::Scalar::Bool,
        Scalar::Int => oxgl_ir::Scalar::I32,
        Scalar::Uint => oxgl_ir::Scalar::U32,
        Scalar::Float => oxgl_ir::Scalar::F32,
        Scalar::Double => oxgl_ir::Scalar::F64,
        Scalar::Int64 | Scalar::Uint64 => return unsupported(loc, "64-bit integers"),
    })
}

/// The IR value type of a scalar or vector (a matrix's column for matrices).
pub(crate) fn col_ty(n: Num, loc: Loc) -> R<ValType> {
    Ok(ValType::vec(ir_scalar(n.s, loc)?, n.rows))
}

/// The numeric type of a non-array GLSL type.
pub(crate) fn num(t: &SemaType) -> Option<Num> {
    match t.base {
        Base::Num(n) if t.dims.is_empty() => Some(n),
        _ => None,
    }
}
