//! The flat, register-allocated program the executor runs: [`Op`]s over
//! W-wide 32-bit registers, structured control flow turned into mask
//! operations with absolute jump targets.
//!
//! Register operands are `u32` indices into the register file. While the
//! compiler emits code they are *virtual*: constants carry [`CONST_TAG`],
//! everything else is a temporary numbered from 0; [`crate::regalloc`]
//! rewrites them to physical indices. Memory bases ([`Op::Load`],
//! [`Op::Store`], [`Op::Zero`] in [`Space::Mem`]) are physical from the
//! start: variables live at the bottom of the register file.

use oxgl_ir::{AluOp, AtomicOp, Deriv, ImageDecl, ImageOp, Scalar, TexOp, TextureDecl};

/// Marks a virtual register operand as constant number `x & !CONST_TAG`.
pub const CONST_TAG: u32 = 1 << 31;
/// "No register" (an absent dynamic offset).
pub const NONE: u32 = u32::MAX;
/// Per-lane offset value meaning "index out of range": read 0, drop write.
pub const OOB: u32 = u32::MAX;

/// Where a load or store goes. Units of `base` and dynamic offsets: one
/// 32-bit component, except [`Space::Uniform`] (bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// Local and private variables: registers at the bottom of the file.
    Mem,
    /// `Env::inputs`, flat component index `4 * location + component`.
    Input,
    /// `Env::outputs`, flat component index.
    Output,
    /// `Env::uniforms`, byte offset.
    Uniform,
    /// `Env::position` component.
    Position,
    /// `Env::point_size`.
    PointSize,
    /// `Env::clip_distance` element.
    ClipDistance,
    /// `Env::layer`.
    Layer,
    /// `Env::viewport_index`.
    ViewportIndex,
    /// `Env::primitive_id_out`.
    PrimitiveIdOut,
    /// `Env::frag_depth`.
    FragDepth,
    /// `Env::sample_mask` (`gl_SampleMask[0]`).
    SampleMask,
    /// `Env::vertices`, flat component of a vertex record; read only, by
    /// [`Op::LoadVertex`].
    Vertices,
    /// `Env::patch` component (the same in every lane).
    Patch,
    /// Word of `Env::buffers[slot]` (the same memory for every lane;
    /// [`crate::COUNTER_SLOT0`] and on: atomic counter buffers).
    Buffer(u8),
}

impl Space {
    /// Whether variables are laid out by location (four components each).
    pub fn is_io(self) -> bool {
        matches!(
            self,
            Space::Input | Space::Output | Space::Vertices | Space::Patch
        )
    }

    /// Units per 32-bit component.
    pub fn unit(self) -> u32 {
        if self == Space::Uniform { 4 } else { 1 }
    }
}

/// Lane-wise unary operations (`u32` lanes in and out, floats as bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Un {
    FNeg,
    FAbs,
    FSign,
    Floor,
    Ceil,
    Fract,
    Trunc,
    Round,
    RoundEven,
    Sqrt,
    Rsqrt,
    Rcp,
    Exp,
    Exp2,
    Log,
    Log2,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Radians,
    Degrees,
    FSat,
    FrexpMant,
    FrexpExp,
    IsNan,
    IsInf,
    INeg,
    IAbs,
    ISign,
    BitReverse,
    NotInt,
    NotBool,
    BitCount,
    FindLsb,
    IFindMsb,
    UFindMsb,
    /// f32 → i32, truncating and saturating (NaN → 0).
    F2I,
    /// f32 → u32, truncating and saturating.
    F2U,
    /// i32 → f32.
    I2F,
    /// u32 → f32.
    U2F,
    /// f32 → bool (`x != 0.0`).
    F2B,
    /// int → bool (`x != 0`).
    I2B,
    /// bool → f32.
    B2F,
}

/// Lane-wise binary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bin {
    FAdd,
    FSub,
    FMul,
    FDiv,
    FMod,
    FMin,
    FMax,
    Pow,
    Atan2,
    Step,
    FEq,
    FNe,
    FLt,
    FGe,
    IAdd,
    ISub,
    IMul,
    IDiv,
    UDiv,
    IMod,
    UMod,
    IMin,
    IMax,
    UMin,
    UMax,
    And,
    Or,
    Xor,
    Shl,
    UShr,
    IShr,
    IEq,
    INe,
    ILt,
    IGe,
    ULt,
    UGe,
    /// `ldexp` with an `i32` exponent.
    LdexpI,
    /// `ldexp` with a `u32` exponent.
    LdexpU,
}

/// Lane-wise ternary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tern {
    /// `a · b + c`, rounded once.
    Fma,
    /// `a · b + c`, rounded twice (the expansions of `dot` and friends).
    MulAdd,
    FClamp,
    Mix,
    Smoothstep,
    IClamp,
    UClamp,
    /// `a != 0 ? b : c`.
    Select,
}

/// `pack_*` operations (several lanes into one `u32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pack {
    Unorm4x8,
    Snorm4x8,
    Unorm2x16,
    Snorm2x16,
    Half2x16,
}

/// System values the executor provides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sys {
    FragCoord,
    FrontFacing,
    PointCoord,
    HelperInvocation,
    VertexId,
    InstanceId,
    BaseVertex,
    BaseInstance,
    DrawId,
    /// `gl_PrimitiveIDIn` (geometry) or `gl_PrimitiveID` (fragment).
    PrimitiveId,
    /// `gl_InvocationID` (geometry).
    InvocationId,
    /// `gl_SampleID`.
    SampleId,
    /// `gl_SamplePosition`.
    SamplePos,
    /// `gl_SampleMaskIn[0]`.
    SampleMaskIn,
    /// `gl_TessCoord`.
    TessCoord,
    /// `gl_TessLevelOuter` as the evaluation stage reads it.
    TessLevelOuter,
    /// `gl_TessLevelInner` as the evaluation stage reads it.
    TessLevelInner,
    /// `gl_PatchVerticesIn`.
    PatchVertices,
    /// `gl_LocalInvocationID` (compute).
    LocalInvocationId,
    /// `gl_WorkGroupID` (compute).
    WorkgroupId,
    /// `gl_NumWorkGroups` (compute).
    NumWorkgroups,
    /// `gl_GlobalInvocationID` (compute).
    GlobalInvocationId,
    /// `gl_LocalInvocationIndex` (compute).
    LocalInvocationIndex,
}

/// A texture operation's static part and operand registers.
#[derive(Clone, Debug)]
pub struct TexCall {
    /// The declaration (cloned from the shader).
    pub decl: TextureDecl,
    /// The IR operation (its operand values are meaningless here; use it
    /// for the kind, the texture/sampler index and which operands exist).
    pub op: TexOp,
    /// Operand registers in `oxgl_ir::TEX_OPERANDS` order, up to 4 lanes each
    /// (`NONE` where absent).
    pub args: [[u32; 4]; 9],
    /// [`TexCall::plain_2d`], decided when the call is compiled.
    plain: bool,
}

impl TexCall {
    /// The call of `op` on `decl` with operand registers `args`.
    pub(crate) fn new(decl: TextureDecl, op: TexOp, args: [[u32; 4]; 9]) -> Self {
        let [s, t, p, q] = args[0];
        let plain = op.kind == oxgl_ir::TexKind::Sample
            && decl.dim == oxgl_ir::Dim::D2
            && !decl.arrayed
            && !decl.shadow
            && s != NONE
            && t != NONE
            && p == NONE
            && q == NONE
            && args[1..].iter().all(|a| a.iter().all(|&x| x == NONE));
        TexCall {
            decl,
            op,
            args,
            plain,
        }
    }

    /// Plain 2D sampling: `texture(sampler2D, vec2)` with implicit LOD and
    /// no other operand, on a non-array, non-shadow 2D declaration — what
    /// [`crate::TextureHost::plain_2d`] samplers serve.
    #[inline]
    pub fn plain_2d(&self) -> bool {
        self.plain
    }
}

/// An image operation's static part and operand registers.
#[derive(Clone, Debug)]
pub struct ImageCall {
    /// The declaration (cloned from the shader).
    pub decl: ImageDecl,
    /// The IR operation (its operand values are meaningless here; use it
    /// for the kind and which operands exist).
    pub op: ImageOp,
    /// Operand registers in `oxgl_ir::IMAGE_OPERANDS` order (coordinate,
    /// sample, value, comparand), up to 4 lanes each (`NONE` where
    /// absent).
    pub args: [[u32; 4]; 4],
}

/// One operation of the flat program.
#[derive(Clone, Debug)]
pub enum Op {
    /// `d[k] = f(a[k])` for `k < n`.
    Un {
        f: Un,
        n: u8,
        d: [u32; 4],
        a: [u32; 4],
    },
    /// `d[k] = f(a[k], b[k])` for `k < n`.
    Bin {
        f: Bin,
        n: u8,
        d: [u32; 4],
        a: [u32; 4],
        b: [u32; 4],
    },
    /// `d[k] = f(a[k], b[k], c[k])` for `k < n`.
    Tern {
        f: Tern,
        n: u8,
        d: [u32; 4],
        a: [u32; 4],
        b: [u32; 4],
        c: [u32; 4],
    },
    /// One component of a lane-wise operation on 64-bit values (double
    /// precision, and conversions to and from it), evaluated lane by lane by
    /// `oxgl_ir::eval::alu`, the definition of its result. Operand `k`
    /// (`k < op.arity()`) has kind `from[k]` and registers `a[k]`: a 64-bit
    /// value's low and high words, a 32-bit value's one word and [`NONE`].
    /// The result, of kind `to`, goes to `d` the same way.
    Wide {
        op: AluOp,
        to: Scalar,
        from: [Scalar; 3],
        d: [u32; 2],
        a: [[u32; 2]; 3],
    },
    /// Bitfield extract; `flags`: 1 = signed result, 2 = signed offset,
    /// 4 = signed bit count.
    Bfe {
        d: u32,
        base: u32,
        off: u32,
        bits: u32,
        flags: u8,
    },
    /// Bitfield insert; `flags`: 2 = signed offset, 4 = signed bit count.
    Bfi {
        d: u32,
        base: u32,
        ins: u32,
        off: u32,
        bits: u32,
        flags: u8,
    },
    /// `d = pack(a[..])`.
    Pack { f: Pack, d: u32, a: [u32; 4] },
    /// `d` = lane `k` of `unpack_f(a)` (`f` as in [`Pack`]).
    Unpack { f: Pack, k: u8, d: u32, a: u32 },
    /// `d = v[idx]` over `n` lanes, 0 out of range.
    VExtract {
        d: u32,
        v: [u32; 4],
        n: u8,
        idx: u32,
    },
    /// `d = idx == k ? s : v`.
    SelIdx {
        d: u32,
        idx: u32,
        k: u32,
        s: u32,
        v: u32,
    },
    /// `d[k] = Env::inputs[base + k]` (the common case of [`Op::Load`]).
    LoadIn { base: u32, d: [u32; 4], n: u8 },
    /// `d[k] = ` the uniform word at byte `base + 4k`, splat.
    LoadUni { base: u32, d: [u32; 4], n: u8 },
    /// `d[k] = r[base + k]` (memory).
    LoadMem { base: u32, d: [u32; 4], n: u8 },
    /// `Env::outputs[base + k] = a[k]` in active lanes.
    StoreOut { base: u32, a: [u32; 4], n: u8 },
    /// `r[base + k] = a[k]` in active lanes (memory).
    StoreMem { base: u32, a: [u32; 4], n: u8 },
    /// Loads `n` components at `base + k·unit (+ off[lane])` into `d[k]`.
    /// `norm_bool` maps nonzero to 1.
    Load {
        sp: Space,
        base: u32,
        off: u32,
        d: [u32; 4],
        n: u8,
        norm_bool: bool,
    },
    /// Loads `n` components at `base + k (+ off[lane])` of vertex
    /// `vertex[lane]` into `d[k]`: column `vertex[lane]` of
    /// [`Space::Vertices`], or lane `vertex[lane]` of [`Space::Output`]
    /// (a tessellation control output of another invocation). A vertex
    /// or offset out of range ([`OOB`] included) reads 0.
    LoadVertex {
        sp: Space,
        base: u32,
        off: u32,
        vertex: u32,
        d: [u32; 4],
        n: u8,
    },
    /// Input components `base + k (+ off[lane])` interpolated elsewhere in
    /// the pixel ([`crate::Interpolator`]): at the centroid, at sample
    /// `a[0]`, or at offset `(a[0], a[1])` from the centre (`at`: an
    /// [`oxgl_ir::InterpAt`] index).
    InterpAt {
        at: u8,
        base: u32,
        off: u32,
        d: [u32; 4],
        n: u8,
        a: [u32; 2],
    },
    /// Stores `a[k]` to `base + k·unit (+ off[lane])` in active lanes.
    Store {
        sp: Space,
        base: u32,
        off: u32,
        a: [u32; 4],
        n: u8,
    },
    /// Atomic read-modify-write of the word at `base (+ off[lane])` of
    /// buffer slot `slot` ([`Space::Buffer`]) by each active, live lane in
    /// turn (lane order):
    /// `d` gets the old word; operands `a[0]` (and `a[1]`, the value, for
    /// [`AtomicOp::CmpXchg`], whose `a[0]` is the comparand). Lanes past
    /// the buffer read 0 and change nothing.
    Atomic {
        op: AtomicOp,
        slot: u8,
        base: u32,
        off: u32,
        d: u32,
        a: [u32; 2],
    },
    /// `d` (all lanes) = elements of a runtime-sized array of stride
    /// `stride` bytes at word `base` of buffer slot `slot` that the slot's
    /// words hold (`.length()` of a shader storage block's last member).
    BufferLen {
        slot: u8,
        base: u32,
        stride: u32,
        d: u32,
    },
    /// A compute shader's `barrier()`: the run stops here, to be resumed
    /// ([`crate::Program::run_fiber`]) once every invocation of the
    /// workgroup has reached it.
    Barrier,
    /// Per-lane address step: `d = prev + idx·stride` if `prev` is not
    /// [`OOB`] and `0 <= idx < len` (signed compare if `signed`), else [`OOB`].
    Addr {
        d: u32,
        prev: u32,
        idx: u32,
        len: u32,
        stride: u32,
        signed: bool,
    },
    /// Zeroes `n` components at `base` (all lanes).
    Zero { sp: Space, base: u32, n: u32 },
    /// Reads a system value into `d[..n]`.
    Sys { sv: Sys, d: [u32; 4], n: u8 },
    /// Screen-space derivative of `a[k]` into `d[k]`, `k < n`.
    Deriv {
        kind: Deriv,
        n: u8,
        d: [u32; 4],
        a: [u32; 4],
    },
    /// Texture operation `Program::tex[call]`, result in `d[..n]`.
    Tex { call: u32, d: [u32; 4], n: u8 },
    /// Image operation `Program::images[call]`, result (if any) in
    /// `d[..n]`.
    Image { call: u32, d: [u32; 4], n: u8 },
    /// `t = exec & cond`: if `t != 0` run the then-part with it (the rest
    /// wait in `slot`), else jump to `else_pc` with the else lanes.
    If { cond: u32, slot: u32, else_pc: u32 },
    /// End of the then-part: swap to the else lanes (or skip to `end_pc`).
    Else { slot: u32, end_pc: u32 },
    /// Merge the lanes of both arms; jump to `exit` when none is left.
    EndIf { slot: u32, exit: u32 },
    /// Loop entry: clear the break (`slot`) and continue (`slot + 1`) masks.
    Loop { slot: u32 },
    /// Continue construct: lanes that continued rejoin.
    ContBegin { slot: u32, end_pc: u32 },
    /// Back edge while lanes remain, else restore the lanes that broke.
    LoopEnd { slot: u32, body: u32, exit: u32 },
    /// Active lanes leave the innermost loop.
    Break { slot: u32 },
    /// Active lanes skip to the continue construct.
    Continue { slot: u32 },
    /// Active lanes return, storing `a[..n]` into the call's result `d`.
    Return { d: [u32; 8], a: [u32; 8], n: u8 },
    /// Active lanes are discarded.
    Discard,
    /// Active lanes are demoted to helpers.
    Demote,
    /// Geometry stage: active lanes emit a vertex of their current outputs
    /// to vertex stream `stream` ([`crate::GeometrySink::emit_vertex`]).
    EmitVertex { stream: u8 },
    /// Geometry stage: active lanes end their output primitive of vertex
    /// stream `stream` ([`crate::GeometrySink::end_primitive`]).
    EndPrimitive { stream: u8 },
    /// Remember the lanes entering an inlined call; zero its result `d`.
    CallBegin { slot: u32, d: [u32; 8], n: u8 },
    /// Restore them (minus discarded lanes); jump to `exit` if none.
    CallEnd { slot: u32, exit: u32 },
    /// Call the out-of-line function at `target` (when any lane runs):
    /// push the next pc and jump. Arguments and result go through memory.
    Call { target: u32 },
    /// Return to the pc the last `Call` pushed; with none, end the program.
    Ret,
}

impl Op {
    /// Calls `f(reg, is_write)` on every register operand (not memory bases,
    /// slots or jump targets). Reads are visited before writes.
    pub fn visit_regs(&mut self, mut f: impl FnMut(&mut u32, bool)) {
        let mut r = |x: &mut u32| {
            if *x != NONE {
                f(x, false)
            }
        };
        // Reads first.
        match self {
            Op::Un { a, .. } | Op::Deriv { a, .. } => a.iter_mut().for_each(r),
            Op::Bin { a, b, .. } => {
                a.iter_mut().for_each(&mut r);
                b.iter_mut().for_each(r)
            }
            Op::Tern { a, b, c, .. } => {
                a.iter_mut().for_each(&mut r);
                b.iter_mut().for_each(&mut r);
                c.iter_mut().for_each(r)
            }
            Op::Bfe {
                base, off, bits, ..
            } => {
                r(base);
                r(off);
                r(bits)
            }
            Op::Bfi {
                base,
                ins,
                off,
                bits,
                ..
            } => {
                r(base);
                r(ins);
                r(off);
                r(bits)
            }
            Op::Wide { a, .. } => a.iter_mut().flatten().for_each(r),
            Op::Pack { a, .. } => a.iter_mut().for_each(r),
            Op::Unpack { a, .. } => r(a),
            Op::VExtract { v, idx, .. } => {
                v.iter_mut().for_each(&mut r);
                r(idx)
            }
            Op::SelIdx { idx, s, v, .. } => {
                r(idx);
                r(s);
                r(v)
            }
            Op::Load { off, .. } => r(off),
            Op::LoadVertex { off, vertex, .. } => {
                r(off);
                r(vertex)
            }
            Op::InterpAt { off, a, .. } => {
                r(off);
                a.iter_mut().for_each(r)
            }
            Op::Store { off, a, .. } => {
                r(off);
                a.iter_mut().for_each(r)
            }
            Op::StoreOut { a, .. } | Op::StoreMem { a, .. } => a.iter_mut().for_each(r),
            Op::Atomic { off, a, .. } => {
                r(off);
                a.iter_mut().for_each(r)
            }
            Op::Addr { prev, idx, .. } => {
                r(prev);
                r(idx)
            }
            Op::If { cond, .. } => r(cond),
            Op::Return { a, .. } => a.iter_mut().for_each(r),
            _ => {}
        }
        let mut w = |x: &mut u32| {
            if *x != NONE {
                f(x, true)
            }
        };
        match self {
            Op::Bfe { d, .. }
            | Op::Bfi { d, .. }
            | Op::Pack { d, .. }
            | Op::Unpack { d, .. }
            | Op::VExtract { d, .. }
            | Op::SelIdx { d, .. }
            | Op::Atomic { d, .. }
            | Op::BufferLen { d, .. }
            | Op::Addr { d, .. } => w(d),
            Op::Un { d, .. }
            | Op::Bin { d, .. }
            | Op::Tern { d, .. }
            | Op::Deriv { d, .. }
            | Op::Load { d, .. }
            | Op::LoadVertex { d, .. }
            | Op::InterpAt { d, .. }
            | Op::LoadIn { d, .. }
            | Op::LoadUni { d, .. }
            | Op::LoadMem { d, .. }
            | Op::Sys { d, .. }
            | Op::Tex { d, .. }
            | Op::Image { d, .. } => d.iter_mut().for_each(w),
            Op::Return { d, .. } | Op::CallBegin { d, .. } => d.iter_mut().for_each(w),
            Op::Wide { d, .. } => d.iter_mut().for_each(w),
            _ => {}
        }
    }
}
