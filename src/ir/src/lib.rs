//! oxgl's shader IR: the one program representation shared by the
//! fixed-function generator, the GLSL and SPIR-V front ends, the passes and
//! every backend. It knows no GL.
//!
//! # Shape
//!
//! A [`Shader`] is one stage: its interface (variables with locations,
//! bindings and offsets; declared textures and images; execution modes), its
//! type arena and its functions, one of which is the entry point.
//!
//! A [`Function`] owns two arenas: instructions ([`Inst`], whose handles are
//! the SSA values, [`Value`]) and blocks ([`Block`]). Its body is a *tree* of
//! blocks: a block is a list of [`Node`]s, and a node is an instruction or
//! structured control flow (`if`, `loop`, `break`, `continue`, `return`,
//! `discard`) whose children are blocks. There are no gotos, no phis and no
//! basic-block graph: the SoA backend runs many invocations in lockstep and
//! needs structure for its execution masks.
//!
//! # Values
//!
//! Every instruction has an optional result type ([`ValType`]: a scalar or a
//! vector of 1–4 lanes). An instruction with a result *is* an SSA value; its
//! handle is used as the operand of later instructions. A value is visible
//! after its node in its own block and in every block nested below that point
//! (structured dominance). Nothing flows out of a block: values that merge
//! after an `if` or are carried around a loop go through a [`VarKind::Local`]
//! variable (the Cranelift backend's SSA construction turns scalar locals
//! back into registers; a future `opt_mem2reg` may do it here).
//!
//! # Memory
//!
//! Memory exists only as [`Var`]iables, reached by [`Deref`] paths (variable,
//! then constant or dynamic indices) in `load`, `store`, `atomic` and
//! `array_length`. Every variable has a byte layout ([`Types::layout`]):
//! explicit offsets and strides for blocks (decided by the GLSL linker:
//! std140, std430, packed), the natural packed layout otherwise.
//!
//! # Invariants
//!
//! [`valid::validate`] checks them all: handles in range, operand types
//! (including [`ops::AluOp`]'s typing rules), dominance, deref paths, `break`
//! and `continue` only in loops, terminators last in their block, and
//! stage-only intrinsics only in their stage. Passes keep them; tests validate
//! after every pass.
//!
//! The full specification, text form and binary format are in `docs/ir.md`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod approx;
pub mod arena;
pub mod builder;
pub mod divergence;
pub mod eval;
pub mod interp;
pub mod intrinsics;
pub mod ops;
pub mod passes;
pub mod serialize;
pub mod text;
pub mod types;
pub mod valid;

pub use arena::{Arena, Handle};
pub use builder::Builder;
pub use intrinsics::*;
pub use ops::AluOp;
pub use types::{Member, Scalar, Type, TypeId, Types, ValType};

/// Raw lane bits of a constant or interpreted value: lane `i` in `bits[i]`.
///
/// Encoding per scalar kind: floats as their IEEE bit pattern (f32 in the low
/// 32 bits), integers as two's complement zero-extended from their width (an
/// `i32` -1 is `0xffff_ffff`), bools as 0 or 1. Lanes past the type's lane
/// count are 0. Comparing bits (not floats) makes constants hashable and keeps
/// `-0.0` and NaN payloads distinct.
pub type Bits = [u64; 4];

/// An SSA value: the handle of the instruction that defines it.
pub type Value = Handle<Inst>;
/// Handle of a [`Block`] in its function.
pub type BlockId = Handle<Block>;
/// Handle of a [`Var`] in [`Shader::vars`].
pub type VarId = Handle<Var>;
/// Handle of a [`Function`] in [`Shader::funcs`].
pub type FuncId = Handle<Function>;

/// Pipeline stage of a shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// Vertex shader.
    Vertex,
    /// Tessellation control shader.
    TessControl,
    /// Tessellation evaluation shader.
    TessEval,
    /// Geometry shader.
    Geometry,
    /// Fragment shader.
    Fragment,
    /// Compute shader.
    Compute,
}

impl Stage {
    /// Every stage, in serialization order.
    pub const ALL: [Stage; 6] = [
        Stage::Vertex,
        Stage::TessControl,
        Stage::TessEval,
        Stage::Geometry,
        Stage::Fragment,
        Stage::Compute,
    ];

    /// Text name: `vertex`, `tess_control`, `tess_eval`, `geometry`,
    /// `fragment`, `compute`.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::TessControl => "tess_control",
            Stage::TessEval => "tess_eval",
            Stage::Geometry => "geometry",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
        }
    }
}

/// One instruction. With a result type it defines an SSA value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    /// What it computes or does.
    pub op: Op,
    /// The result type; `None` for instructions that only have effects.
    pub ty: Option<ValType>,
}

/// One step of a [`Deref`] path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Index {
    /// A constant index: array element or struct member.
    Const(u32),
    /// A dynamic array index: a scalar `i32` or `u32` value. Out-of-range
    /// indices read 0 and drop writes (robust access; backends must not fault).
    Value(Value),
}

/// A place in memory: a variable and a path of indices into its type.
/// A path through a struct must use [`Index::Const`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deref {
    /// The variable.
    pub var: VarId,
    /// Indices from the variable's type to the addressed element.
    pub path: Vec<Index>,
}

impl Deref {
    /// The whole variable.
    pub fn var(var: VarId) -> Self {
        Deref {
            var,
            path: Vec::new(),
        }
    }
}

/// What an instruction does. Operands are [`Value`]s defined earlier in a
/// dominating position. The result type is in [`Inst::ty`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// A constant of the result type (`const 1.0, 2.0`).
    Const(Bits),
    /// An undefined value of the result type (any bits; reads of
    /// uninitialized memory may produce it). The interpreter gives 0.
    Undef,
    /// The function's parameter `n` (only in its body; type = the declared one).
    Param(u32),
    /// A pure ALU operation; typing rules in [`ops::AluOp`].
    Alu(AluOp, Vec<Value>),
    /// Lanes of a vector picked by index (0–3), as many as the result has; a
    /// single lane extracts a scalar. `swizzle %v, xyz`.
    Swizzle(Value, [u8; 4]),
    /// The vector with lane `n` replaced by a scalar. `insert %v, %s, 2`.
    Insert(Value, Value, u8),
    /// Concatenation of scalars and vectors of the result's scalar kind into
    /// the result vector; total lanes must match. `construct %a, %b`.
    Construct(Vec<Value>),
    /// Load a value-typed element of memory. `load v0[%1][2]`.
    Load(Deref),
    /// Store a value to a value-typed element of memory. `store v0, %3`.
    Store(Deref, Value),
    /// Length (u32) of the runtime-sized array at the deref (SSBO only).
    ArrayLength(Deref),
    /// Atomic read-modify-write on an `i32`/`u32` in an SSBO or shared
    /// variable; returns the old value. Operands: `[value]`, or
    /// `[compare, value]` for [`AtomicOp::CmpXchg`].
    Atomic(AtomicOp, Deref, Vec<Value>),
    /// A texture operation on a declared texture.
    Tex(Box<TexOp>),
    /// An image operation on a declared image.
    Image(Box<ImageOp>),
    /// A system value of the invocation.
    System(SysVal),
    /// A screen-space derivative (fragment stage only) of a float value.
    Deriv(Deriv, Value),
    /// A fragment input (a float input variable, or an element or member
    /// of one) interpolated elsewhere in the pixel (fragment stage only).
    /// Operands: none for [`InterpAt::Centroid`], the sample (`i32`) or
    /// the offset (`f32x2`).
    Interpolate(InterpAt, Deref, Vec<Value>),
    /// A control and/or memory barrier.
    Barrier(Barrier),
    /// Emit a vertex to stream `n` (geometry stage only).
    EmitVertex(u8),
    /// End the primitive of stream `n` (geometry stage only).
    EndPrimitive(u8),
    /// Demote this invocation to a helper: it goes on (derivatives stay
    /// valid) but its outputs and side effects are dropped (fragment only).
    Demote,
    /// Call a function with arguments; result = its return type.
    Call(FuncId, Vec<Value>),
}

impl Op {
    /// Calls `f` on every value operand, in order.
    pub fn for_each_value(&self, mut f: impl FnMut(Value)) {
        let deref = |d: &Deref, f: &mut dyn FnMut(Value)| {
            for i in &d.path {
                if let Index::Value(v) = i {
                    f(*v);
                }
            }
        };
        match self {
            Op::Const(_)
            | Op::Undef
            | Op::Param(_)
            | Op::System(_)
            | Op::Barrier(_)
            | Op::EmitVertex(_)
            | Op::EndPrimitive(_)
            | Op::Demote => {}
            Op::Alu(_, args) | Op::Construct(args) | Op::Call(_, args) => {
                args.iter().for_each(|v| f(*v))
            }
            Op::Swizzle(v, _) | Op::Deriv(_, v) => f(*v),
            Op::Insert(a, b, _) => {
                f(*a);
                f(*b);
            }
            Op::Load(d) | Op::ArrayLength(d) => deref(d, &mut f),
            Op::Store(d, v) => {
                deref(d, &mut f);
                f(*v);
            }
            Op::Atomic(_, d, args) | Op::Interpolate(_, d, args) => {
                deref(d, &mut f);
                args.iter().for_each(|v| f(*v));
            }
            Op::Tex(t) => t.operands().into_iter().flatten().for_each(f),
            Op::Image(i) => i.operands().into_iter().flatten().for_each(f),
        }
    }

    /// Replaces every value operand `v` by `f(v)`.
    pub fn map_values(&mut self, mut f: impl FnMut(Value) -> Value) {
        let deref = |d: &mut Deref, f: &mut dyn FnMut(Value) -> Value| {
            for i in &mut d.path {
                if let Index::Value(v) = i {
                    *v = f(*v);
                }
            }
        };
        match self {
            Op::Const(_)
            | Op::Undef
            | Op::Param(_)
            | Op::System(_)
            | Op::Barrier(_)
            | Op::EmitVertex(_)
            | Op::EndPrimitive(_)
            | Op::Demote => {}
            Op::Alu(_, args) | Op::Construct(args) | Op::Call(_, args) => {
                args.iter_mut().for_each(|v| *v = f(*v))
            }
            Op::Swizzle(v, _) | Op::Deriv(_, v) => *v = f(*v),
            Op::Insert(a, b, _) => {
                *a = f(*a);
                *b = f(*b);
            }
            Op::Load(d) | Op::ArrayLength(d) => deref(d, &mut f),
            Op::Store(d, v) => {
                deref(d, &mut f);
                *v = f(*v);
            }
            Op::Atomic(_, d, args) | Op::Interpolate(_, d, args) => {
                deref(d, &mut f);
                args.iter_mut().for_each(|v| *v = f(*v));
            }
            Op::Tex(t) => t
                .operands_mut()
                .into_iter()
                .flatten()
                .for_each(|v| *v = f(*v)),
            Op::Image(i) => i
                .operands_mut()
                .into_iter()
                .flatten()
                .for_each(|v| *v = f(*v)),
        }
    }

    /// The memory operand of `load`, `store`, `array_length` and `atomic`.
    pub fn deref(&self) -> Option<&Deref> {
        match self {
            Op::Load(d)
            | Op::Store(d, _)
            | Op::ArrayLength(d)
            | Op::Atomic(_, d, _)
            | Op::Interpolate(_, d, _) => Some(d),
            _ => None,
        }
    }

    /// The memory operand, mutable.
    pub fn deref_mut(&mut self) -> Option<&mut Deref> {
        match self {
            Op::Load(d)
            | Op::Store(d, _)
            | Op::ArrayLength(d)
            | Op::Atomic(_, d, _)
            | Op::Interpolate(_, d, _) => Some(d),
            _ => None,
        }
    }

    /// Whether the instruction may be deleted when its result is unused:
    /// it has no effect besides its result (loads and texture reads qualify;
    /// stores, atomics, barriers, emits, demote and calls do not).
    pub fn is_removable(&self) -> bool {
        match self {
            Op::Store(..)
            | Op::Atomic(..)
            | Op::Barrier(_)
            | Op::EmitVertex(_)
            | Op::EndPrimitive(_)
            | Op::Demote
            | Op::Call(..) => false,
            Op::Image(i) => matches!(
                i.kind,
                ImageKind::Load | ImageKind::Size | ImageKind::Samples
            ),
            _ => true,
        }
    }

    /// Whether the result is a function of the operands alone, so two
    /// identical instructions where one dominates the other are one value
    /// (CSE). Memory reads and texture reads are not: memory may change
    /// between them; nor is `helper_invocation`, which `demote` changes.
    pub fn is_pure(&self) -> bool {
        matches!(
            self,
            Op::Const(_)
                | Op::Undef
                | Op::Param(_)
                | Op::Alu(..)
                | Op::Swizzle(..)
                | Op::Insert(..)
                | Op::Construct(_)
                | Op::Deriv(..)
        ) || matches!(self, Op::System(s) if *s != SysVal::HelperInvocation)
    }
}

/// A block: a list of nodes executed in order.
///
/// `break`, `continue`, `return` and `discard` may only be the last node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    /// The nodes, in execution order.
    pub nodes: Vec<Node>,
}

/// A node of a block: an instruction or structured control flow.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// Execute the instruction (defining its value, if any).
    Inst(Value),
    /// Run `then` if the scalar bool `cond` is true, else `else_`; both then
    /// fall through to the next node.
    If {
        /// Scalar `bool` condition.
        cond: Value,
        /// Taken when `cond` is true.
        then: BlockId,
        /// Taken when `cond` is false (may be empty).
        else_: BlockId,
    },
    /// Run `body` repeatedly. Falling off the end of `body`, or `continue`
    /// inside it, runs `cont` and starts the next iteration; `break` in
    /// `body` leaves the loop. `cont` sees only values that dominate the loop
    /// and contains no `break`/`continue` except inside loops nested in it.
    Loop {
        /// The loop body.
        body: BlockId,
        /// The continue construct (GLSL `for` increment), run between
        /// iterations (may be empty).
        cont: BlockId,
    },
    /// Leave the innermost loop.
    Break,
    /// Jump to the innermost loop's continue construct.
    Continue,
    /// Return from the function, with a value iff it has a return type.
    Return(Option<Value>),
    /// Terminate the invocation: outputs are not written (fragment only).
    Discard,
}

impl Node {
    /// `break`, `continue`, `return` or `discard`.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            Node::Break | Node::Continue | Node::Return(_) | Node::Discard
        )
    }
}

/// A function: parameters, return type, instruction and block arenas, and
/// its body block.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// Name (for humans and the text form; need not be unique).
    pub name: String,
    /// Parameter types; read with [`Op::Param`].
    pub params: Vec<ValType>,
    /// Return type, if any.
    pub ret: Option<ValType>,
    /// Every instruction ever created; only those reachable from `body` exist.
    pub insts: Arena<Inst>,
    /// Every block ever created; only those reachable from `body` exist.
    pub blocks: Arena<Block>,
    /// The root block.
    pub body: BlockId,
}

impl Function {
    /// An empty function.
    pub fn new(name: &str, params: Vec<ValType>, ret: Option<ValType>) -> Self {
        let mut blocks = Arena::new();
        let body = blocks.append(Block::default());
        Function {
            name: name.to_owned(),
            params,
            ret,
            insts: Arena::new(),
            blocks,
            body,
        }
    }

    /// Result type of `v` (`None` for effect-only instructions).
    pub fn ty(&self, v: Value) -> Option<ValType> {
        self.insts[v].ty
    }

    /// Visits the block tree in execution (pre-)order: `f(block, node_index,
    /// node)` for every node of every reachable block.
    pub fn walk(&self, f: &mut impl FnMut(BlockId, usize, &Node)) {
        self.walk_block(self.body, f);
    }

    fn walk_block(&self, b: BlockId, f: &mut impl FnMut(BlockId, usize, &Node)) {
        for (i, node) in self.blocks[b].nodes.iter().enumerate() {
            f(b, i, node);
            match node {
                Node::If { then, else_, .. } => {
                    self.walk_block(*then, f);
                    self.walk_block(*else_, f);
                }
                Node::Loop { body, cont } => {
                    self.walk_block(*body, f);
                    self.walk_block(*cont, f);
                }
                _ => {}
            }
        }
    }

    /// Every reachable instruction, in execution order.
    pub fn live_insts(&self) -> Vec<Value> {
        let mut out = Vec::new();
        self.walk(&mut |_, _, n| {
            if let Node::Inst(v) = n {
                out.push(*v);
            }
        });
        out
    }

    /// Every reachable block, in pre-order.
    pub fn live_blocks(&self) -> Vec<BlockId> {
        let mut out = vec![self.body];
        self.walk(&mut |_, _, n| match n {
            Node::If { then, else_, .. } => out.extend([*then, *else_]),
            Node::Loop { body, cont } => out.extend([*body, *cont]),
            _ => {}
        });
        out
    }

    /// Replaces every use of a value (in instructions and control nodes) by
    /// `f(value)`.
    pub fn map_uses(&mut self, mut f: impl FnMut(Value) -> Value) {
        for v in self.live_insts() {
            self.insts[v].op.map_values(&mut f);
        }
        for b in self.live_blocks() {
            for node in &mut self.blocks[b].nodes {
                match node {
                    Node::If { cond, .. } => *cond = f(*cond),
                    Node::Return(Some(v)) => *v = f(*v),
                    _ => {}
                }
            }
        }
    }

    /// Number of uses of each instruction by live code (indexed by handle).
    pub fn use_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.insts.len()];
        for v in self.live_insts() {
            self.insts[v].op.for_each_value(|u| counts[u.index()] += 1);
        }
        self.walk(&mut |_, _, n| match n {
            Node::If { cond, .. } => counts[cond.index()] += 1,
            Node::Return(Some(v)) => counts[v.index()] += 1,
            _ => {}
        });
        counts
    }
}

/// Interpolation of a fragment input (other stages ignore it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InterpMode {
    /// Perspective-correct (`smooth`).
    Smooth,
    /// The provoking vertex's value (`flat`; required for integers).
    Flat,
    /// Linear in screen space (`noperspective`).
    NoPerspective,
}

/// Where in the pixel a fragment input is interpolated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sampling {
    /// Pixel centre.
    Center,
    /// Inside the covered part of the pixel (`centroid`).
    Centroid,
    /// At the sample position (`sample`).
    Sample,
}

/// Where a shader input or output lives in the stage interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A user slot: location (16-byte slot) and first 32-bit component
    /// (0–3). An array or a 64-bit vector over 2 lanes spans consecutive
    /// locations.
    Location {
        /// Location number.
        location: u32,
        /// First component.
        component: u8,
    },
    /// A built-in varying.
    Builtin(Builtin),
}

/// The kind of memory a variable lives in, with its interface position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// Function-local memory, private to one invocation, owned by one
    /// function (only its body may reference it).
    Local(FuncId),
    /// Module-scope memory private to one invocation (GLSL globals).
    Private,
    /// A stage input (read-only).
    Input {
        /// Interface slot.
        slot: Slot,
        /// Interpolation mode.
        interp: InterpMode,
        /// Interpolation position.
        sampling: Sampling,
    },
    /// A stage output (readable after writing).
    Output {
        /// Interface slot.
        slot: Slot,
        /// Dual-source blend index (0 or 1; fragment only).
        index: u8,
    },
    /// A member of the default uniform block: a byte `offset` in the
    /// backend's uniform buffer 0, and the API `location` if it has one.
    Uniform {
        /// Byte offset in the default uniform block.
        offset: u32,
        /// GL uniform location (informative; backends use the offset).
        location: Option<u32>,
    },
    /// A uniform buffer block at a binding point (read-only). The type
    /// carries explicit offsets and strides.
    UniformBlock {
        /// Binding point.
        binding: u32,
    },
    /// A shader storage block at a binding point. Explicit layout.
    StorageBlock {
        /// Binding point.
        binding: u32,
        /// Declared `readonly`.
        readonly: bool,
    },
    /// Workgroup-shared memory (compute only).
    Shared,
    /// An atomic counter, or an array of them (ARB_shader_atomic_counters):
    /// `u32`s with explicit strides at byte `offset` of the atomic counter
    /// buffer bound at `binding`. Only loads and atomics reach it; words
    /// past the bound range read 0 and drop their changes.
    AtomicCounter {
        /// Binding point.
        binding: u32,
        /// Byte offset of the first counter in the buffer (a multiple of 4).
        offset: u32,
    },
}

/// A variable: named memory of a type.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    /// Name for humans, the text form and program resource queries.
    pub name: String,
    /// Its type.
    pub ty: TypeId,
    /// Where it lives.
    pub kind: VarKind,
}

/// An execution mode of the shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Compute workgroup size.
    LocalSize([u32; 3]),
    /// Fragment: depth/stencil tests run before the shader.
    EarlyFragmentTests,
    /// Fragment: `gl_FragCoord` counts y from the top of the framebuffer
    /// (`layout(origin_upper_left)`, ARB_fragment_coord_conventions).
    OriginUpperLeft,
    /// Fragment: `gl_FragCoord`'s pixel centres are at integers
    /// (`layout(pixel_center_integer)`) rather than half-integers.
    PixelCenterInteger,
    /// Geometry: input primitive.
    InputPrimitive(Primitive),
    /// Geometry: output primitive.
    OutputPrimitive(Primitive),
    /// Geometry: maximum emitted vertices.
    MaxVertices(u32),
    /// Geometry: instanced invocations.
    Invocations(u32),
    /// Tessellation control: vertices per output patch.
    OutputVertices(u32),
    /// Tessellation evaluation: the primitive generator's domain.
    TessDomain(TessDomain),
    /// Tessellation evaluation: the spacing of the segments.
    TessSpacing(TessSpacing),
    /// Tessellation evaluation: triangles are emitted clockwise (`cw`;
    /// counter-clockwise without this mode).
    TessClockwise,
    /// Tessellation evaluation: the generator emits points (`point_mode`).
    TessPointMode,
}

/// The first location of per-patch variables (`patch in`/`patch out`) of
/// the tessellation stages: a patch variable at location `l` of its own
/// space has slot location `PATCH_LOCATION0 + l` (as NIR's
/// `VARYING_SLOT_PATCH0`), past every per-vertex location.
pub const PATCH_LOCATION0: u32 = 64;

/// The shader: one stage's program.
#[derive(Clone, Debug, PartialEq)]
pub struct Shader {
    /// Its stage.
    pub stage: Stage,
    /// Types of variables.
    pub types: Types,
    /// Variables: interface, private and function-local memory.
    pub vars: Arena<Var>,
    /// Functions.
    pub funcs: Arena<Function>,
    /// The entry point (no parameters, no return type).
    pub entry: FuncId,
    /// Declared textures; [`TexOp::texture`] indexes this list.
    pub textures: Vec<TextureDecl>,
    /// Declared images; [`ImageOp::image`] indexes this list.
    pub images: Vec<ImageDecl>,
    /// Execution modes.
    pub modes: Vec<Mode>,
}

impl Shader {
    /// An empty shader with an empty entry function `main`.
    pub fn new(stage: Stage) -> Self {
        let mut funcs = Arena::new();
        let entry = funcs.append(Function::new("main", Vec::new(), None));
        Shader {
            stage,
            types: Types::default(),
            vars: Arena::new(),
            funcs,
            entry,
            textures: Vec::new(),
            images: Vec::new(),
            modes: Vec::new(),
        }
    }

    /// Adds a variable of value or aggregate type.
    pub fn add_var(&mut self, name: &str, ty: TypeId, kind: VarKind) -> VarId {
        self.vars.append(Var {
            name: name.to_owned(),
            ty,
            kind,
        })
    }

    /// The type reached by `path` from `ty`, or `None` if the path does not
    /// fit the type.
    pub fn deref_type(&self, ty: TypeId, path: &[Index]) -> Option<TypeId> {
        let mut ty = ty;
        for index in path {
            ty = match (self.types.get(ty)?, index) {
                (Type::Array { elem, len, .. }, Index::Const(i)) => {
                    if len.is_some_and(|n| *i >= n) {
                        return None;
                    }
                    *elem
                }
                (Type::Array { elem, .. }, Index::Value(_)) => *elem,
                (Type::Struct { members }, Index::Const(i)) => members.get(*i as usize)?.ty,
                _ => return None,
            };
        }
        Some(ty)
    }
}
