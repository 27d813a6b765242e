//! Cranelift code generation for one program: a function
//! `(registers, io, step context) -> status` (see `lib.rs`).
//!
//! Registers are read and written in the register file (register `i` at
//! byte `64 i`, quarter `q` — lanes `4q..4q+4` — at `64 i + 16 q`);
//! Cranelift's alias analysis forwards stores to later loads within a
//! block. Each operation is emitted quarter by quarter on `i32x4` values
//! (bit-cast to `f32x4` for float arithmetic), in the interpreter's order
//! of registers, so aliasing behaves the same.

// Operand lists are indexed in parallel, as in the interpreter.
#![allow(clippy::needless_range_loop)]

use std::collections::BTreeMap;

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    AbiParam, Block, ConstantData, Endianness, InstBuilder, MemFlagsData, SigRef, Signature, Type,
    Value, types,
};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module, default_libcall_names};
use oxgl_exec::code::{Bin, NONE, Op, Space, Sys, Tern, Un};
use oxgl_exec::{LOOP_LIMIT, Program};
use oxgl_ir::approx;

use crate::{Io, JitError, STATUS_LOOP_LIMIT, StepCtx};

/// The compiled function and what its caller must check.
pub(crate) struct Out {
    pub module: JITModule,
    pub code: *const u8,
    pub inputs_needed: usize,
    pub outputs_needed: usize,
    pub uniform_bytes_needed: usize,
    pub native_ops: usize,
    pub step_ops: usize,
    pub step_kinds: Vec<(String, usize)>,
    /// Whether the code needs an [`oxgl_exec::Env`]: it makes interpreter
    /// steps, or touches the vertex and geometry built-in outputs.
    pub needs_env: bool,
    /// The machine code as text, when asked for.
    pub disasm: Option<String>,
}

/// Host features the vector code relies on (x86-64: SSE4.1 for
/// `roundps`/`pmulld`/`pminsd`..., FMA for `fma`).
#[derive(Clone, Copy)]
struct Features {
    sse41: bool,
    fma: bool,
}

impl Features {
    fn host() -> Features {
        #[cfg(target_arch = "x86_64")]
        {
            Features {
                sse41: std::arch::is_x86_feature_detected!("sse4.1"),
                fma: std::arch::is_x86_feature_detected!("fma"),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Features {
                sse41: true,
                fma: true,
            }
        }
    }
}

fn err(e: impl std::fmt::Display) -> JitError {
    JitError(e.to_string())
}

pub(crate) fn compile(p: &Program, disasm: bool) -> Result<Out, JitError> {
    if p.ops().iter().any(|o| matches!(o, Op::Call { .. })) {
        return Err(JitError("out-of-line calls are not compiled".into()));
    }
    let mut flags = settings::builder();
    flags.set("opt_level", "speed").map_err(err)?;
    flags.set("is_pic", "false").map_err(err)?;
    let isa = cranelift_native::builder()
        .map_err(err)?
        .finish(settings::Flags::new(flags))
        .map_err(err)?;
    let mut module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
    let ptr = module.target_config().pointer_type();
    let mut ctx = module.make_context();
    ctx.func.signature.params = vec![AbiParam::new(ptr); 3];
    ctx.func.signature.returns = vec![AbiParam::new(types::I64)];
    let id = module
        .declare_function("oxgl_kernel", Linkage::Local, &ctx.func.signature)
        .map_err(err)?;
    let mut fctx = FunctionBuilderContext::new();
    let frontend = module.target_config();
    let (native_ops, step_ops, step_kinds, needs, needs_env) = {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let mut g = Gen::new(b, p, ptr, Features::host());
        g.body();
        g.b.seal_all_blocks();
        let needs = (g.inputs_needed, g.outputs_needed, g.uniform_bytes_needed);
        let (n, s) = (g.native, g.steps);
        let kinds = std::mem::take(&mut g.step_kinds).into_iter().collect();
        let needs_env = g.needs_env;
        g.b.finalize(frontend);
        (n, s, kinds, needs, needs_env)
    };
    ctx.set_disasm(disasm);
    module.define_function(id, &mut ctx).map_err(err)?;
    let disasm = ctx.compiled_code().and_then(|c| c.vcode.clone());
    module.clear_context(&mut ctx);
    module.finalize_definitions().map_err(err)?;
    let code = module.get_finalized_function(id);
    Ok(Out {
        module,
        code,
        inputs_needed: needs.0,
        outputs_needed: needs.1,
        uniform_bytes_needed: needs.2,
        native_ops,
        step_ops,
        step_kinds,
        needs_env,
        disasm,
    })
}

/// Bytes per register (16 lanes of 32 bits).
const REG: i32 = 64;

struct Gen<'a, 'f> {
    b: FunctionBuilder<'f>,
    p: &'a Program,
    feat: Features,
    regs: Value,
    ctx: Value,
    inputs: Value,
    outputs: Value,
    uniforms: Value,
    position: Value,
    point_size: Value,
    clip_distance: Value,
    frag_depth: Value,
    layer: Value,
    viewport_index: Value,
    primitive_id_out: Value,
    /// `Env::frag_coord` and `Env::point_coord` (read only).
    frag_coord: Value,
    point_coord: Value,
    exec: Variable,
    discarded: Variable,
    demoted: Variable,
    iters: Variable,
    slots: Vec<Variable>,
    const_base: u32,
    consts: &'a [u32],
    /// Blocks starting at these pcs (jump targets and fall-through points
    /// after branches); `ops().len()` is the exit.
    blocks: BTreeMap<usize, Block>,
    limit: Block,
    step_sig: SigRef,
    step_fn: Value,
    /// [`crate::tex_callback`]'s address (the step's signature).
    tex_fn: Value,
    /// Lane-function calls: (signature, address) of `lanes::un4`/`bin4`.
    un4: Option<(SigRef, Value)>,
    bin4: Option<(SigRef, Value)>,
    /// `[1, 2, 4, 8]`: the bits of a quarter's lanes in a mask.
    lane_bits: Value,
    /// First temporary register (after memory and constants).
    temp_base: u32,
    /// Temporaries live after each pc (bit `r - temp_base`).
    live_out: Vec<Vec<u64>>,
    /// Per pc: outside every branch, loop and inlined call, with no
    /// `return` before it there — the running lanes are the run's lanes
    /// less discarded ones, so an output store need not keep the other
    /// lanes' old values ([`top_level`]).
    top_level: Vec<bool>,
    /// The pc of the operation being emitted in a run.
    cur_pc: usize,
    native: usize,
    steps: usize,
    step_kinds: BTreeMap<String, usize>,
    needs_env: bool,
    inputs_needed: usize,
    outputs_needed: usize,
    uniform_bytes_needed: usize,
}

fn mem() -> MemFlagsData {
    MemFlagsData::new().with_notrap()
}

fn little() -> MemFlagsData {
    MemFlagsData::new().with_endianness(Endianness::Little)
}

impl<'a, 'f> Gen<'a, 'f> {
    fn new(mut b: FunctionBuilder<'f>, p: &'a Program, ptr: Type, feat: Features) -> Self {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let params = b.block_params(entry).to_vec();
        let (regs, io, ctx) = (params[0], params[1], params[2]);
        let ld = |b: &mut FunctionBuilder, ty, off: usize| b.ins().load(ty, mem(), io, off as i32);
        let inputs = ld(&mut b, ptr, std::mem::offset_of!(Io, inputs));
        let outputs = ld(&mut b, ptr, std::mem::offset_of!(Io, outputs));
        let uniforms = ld(&mut b, ptr, std::mem::offset_of!(Io, uniforms));
        let exec0 = ld(&mut b, types::I32, std::mem::offset_of!(Io, exec0));
        let position = ld(&mut b, ptr, std::mem::offset_of!(Io, position));
        let point_size = ld(&mut b, ptr, std::mem::offset_of!(Io, point_size));
        let clip_distance = ld(&mut b, ptr, std::mem::offset_of!(Io, clip_distance));
        let frag_depth = ld(&mut b, ptr, std::mem::offset_of!(Io, frag_depth));
        let layer = ld(&mut b, ptr, std::mem::offset_of!(Io, layer));
        let viewport_index = ld(&mut b, ptr, std::mem::offset_of!(Io, viewport_index));
        let primitive_id_out = ld(&mut b, ptr, std::mem::offset_of!(Io, primitive_id_out));
        let frag_coord = ld(&mut b, ptr, std::mem::offset_of!(Io, frag_coord));
        let point_coord = ld(&mut b, ptr, std::mem::offset_of!(Io, point_coord));
        let var = |b: &mut FunctionBuilder, init: Value| {
            let v = b.declare_var(types::I32);
            b.def_var(v, init);
            v
        };
        let zero = b.ins().iconst(types::I32, 0);
        let exec = var(&mut b, exec0);
        let discarded = var(&mut b, zero);
        let demoted = var(&mut b, zero);
        let iters = var(&mut b, zero);
        let slots = (0..p.num_slots()).map(|_| var(&mut b, zero)).collect();
        let mut sig = Signature::new(b.func.signature.call_conv);
        sig.params = vec![
            AbiParam::new(ptr),
            AbiParam::new(types::I32),
            AbiParam::new(types::I32),
            AbiParam::new(types::I32),
        ];
        let step_sig = b.import_signature(sig);
        let step_fn = b.ins().iconst(
            ptr,
            crate::step_callback as unsafe extern "C" fn(*mut StepCtx, u32, u32, u32) as usize
                as i64,
        );
        let tex_fn = b.ins().iconst(
            ptr,
            crate::tex_callback as unsafe extern "C" fn(*mut StepCtx, u32, u32, u32) as usize
                as i64,
        );
        #[cfg(target_arch = "x86_64")]
        #[allow(improper_ctypes_definitions)]
        let (un4, bin4) = {
            let cc = b.func.signature.call_conv;
            let mut sig1 = Signature::new(cc);
            sig1.params = vec![AbiParam::new(types::I32), AbiParam::new(types::I32X4)];
            sig1.returns = vec![AbiParam::new(types::I32X4)];
            let mut sig2 = sig1.clone();
            sig2.params.push(AbiParam::new(types::I32X4));
            let (s1, s2) = (b.import_signature(sig1), b.import_signature(sig2));
            type Un4 = extern "C" fn(u32, std::arch::x86_64::__m128i) -> std::arch::x86_64::__m128i;
            type Bin4 = extern "C" fn(
                u32,
                std::arch::x86_64::__m128i,
                std::arch::x86_64::__m128i,
            ) -> std::arch::x86_64::__m128i;
            let f1 = b
                .ins()
                .iconst(ptr, crate::lanes::un4 as Un4 as usize as i64);
            let f2 = b
                .ins()
                .iconst(ptr, crate::lanes::bin4 as Bin4 as usize as i64);
            (Some((s1, f1)), Some((s2, f2)))
        };
        #[cfg(not(target_arch = "x86_64"))]
        let (un4, bin4) = (None, None);
        let bits: Vec<u8> = [1u32, 2, 4, 8]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let handle = b.func.dfg.constants.insert(ConstantData::from(bits));
        let lane_bits = b.ins().vconst(types::I32X4, handle);
        let (const_base, consts) = p.consts();
        let mut blocks = BTreeMap::new();
        let n = p.ops().len();
        blocks.insert(n, b.create_block());
        for (pc, op) in p.ops().iter().enumerate() {
            let targets: &[u32] = match op {
                Op::If { else_pc, .. } => &[*else_pc],
                Op::Else { end_pc, .. } | Op::ContBegin { end_pc, .. } => &[*end_pc],
                Op::EndIf { exit, .. } | Op::CallEnd { exit, .. } => &[*exit],
                Op::LoopEnd { body, exit, .. } => &[*body, *exit],
                Op::Ret => &[],
                _ => continue,
            };
            for t in targets.iter().map(|t| (*t as usize).min(n)).chain([pc + 1]) {
                blocks.entry(t).or_insert_with(|| b.create_block());
            }
        }
        let limit = b.create_block();
        Gen {
            b,
            p,
            feat,
            regs,
            ctx,
            inputs,
            outputs,
            uniforms,
            position,
            point_size,
            clip_distance,
            frag_depth,
            layer,
            viewport_index,
            primitive_id_out,
            frag_coord,
            point_coord,
            exec,
            discarded,
            demoted,
            iters,
            slots,
            const_base,
            consts,
            blocks,
            limit,
            step_sig,
            step_fn,
            tex_fn,
            un4,
            bin4,
            lane_bits,
            temp_base: const_base + consts.len() as u32,
            live_out: liveness(p, const_base + consts.len() as u32),
            top_level: top_level(p),
            cur_pc: 0,
            native: 0,
            steps: 0,
            step_kinds: BTreeMap::new(),
            needs_env: false,
            inputs_needed: 0,
            outputs_needed: 0,
            uniform_bytes_needed: 0,
        }
    }

    /// The block starting at `pc` (the exit past the end).
    fn block(&self, pc: u32) -> Block {
        let n = self.p.ops().len();
        self.blocks[&(pc as usize).min(n)]
    }

    fn body(&mut self) {
        let ops = self.p.ops();
        let n = ops.len();
        let mut pc = 0;
        while pc < n {
            if let Some(&blk) = self.blocks.get(&pc) {
                self.b.ins().jump(blk, &[]);
                self.b.switch_to_block(blk);
            }
            if self.lane_wise(&ops[pc]) {
                let mut end = pc + 1;
                while end < n && !self.blocks.contains_key(&end) && self.lane_wise(&ops[end]) {
                    end += 1;
                }
                self.run(pc, end);
                pc = end;
            } else {
                self.op(pc, &ops[pc]);
                pc += 1;
            }
        }
        let exit = self.blocks[&n];
        self.b.ins().jump(exit, &[]);
        self.b.switch_to_block(exit);
        let d = self.b.use_var(self.discarded);
        let m = self.b.use_var(self.demoted);
        let dead = self.b.ins().bor(d, m);
        let dead = self.b.ins().uextend(types::I64, dead);
        self.b.ins().return_(&[dead]);
        self.b.switch_to_block(self.limit);
        let s = self.b.ins().iconst(types::I64, STATUS_LOOP_LIMIT as i64);
        self.b.ins().return_(&[s]);
    }

    // ---- registers -------------------------------------------------------

    fn is_const(&self, r: u32) -> Option<u32> {
        r.checked_sub(self.const_base)
            .and_then(|i| self.consts.get(i as usize))
            .copied()
    }

    /// Quarter `q` of register `r` as `i32x4`.
    fn get(&mut self, r: u32, q: usize) -> Value {
        if let Some(c) = self.is_const(r) {
            return self.splat_i(c);
        }
        let off = r as i32 * REG + 16 * q as i32;
        self.b.ins().load(types::I32X4, mem(), self.regs, off)
    }

    fn put(&mut self, r: u32, q: usize, v: Value) {
        let off = r as i32 * REG + 16 * q as i32;
        self.b.ins().store(mem(), v, self.regs, off);
    }

    fn splat_i(&mut self, c: u32) -> Value {
        let x = self.b.ins().iconst(types::I32, c as i64);
        self.b.ins().splat(types::I32X4, x)
    }

    fn splat_f(&mut self, c: f32) -> Value {
        self.splat_i(c.to_bits())
    }

    fn f(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(types::F32X4, little(), v)
    }

    fn i(&mut self, v: Value) -> Value {
        if self.b.func.dfg.value_type(v) == types::I32X4 {
            v
        } else {
            self.b.ins().bitcast(types::I32X4, little(), v)
        }
    }

    /// `c ? x : y` per lane, `c` an all-ones/all-zeros mask.
    fn sel(&mut self, c: Value, x: Value, y: Value) -> Value {
        let (c, x, y) = (self.i(c), self.i(x), self.i(y));
        self.b.ins().bitselect(c, x, y)
    }

    /// A mask (all ones per true lane) as booleans 0/1.
    fn bool01(&mut self, m: Value) -> Value {
        let m = self.i(m);
        let one = self.splat_i(1);
        self.b.ins().band(m, one)
    }

    fn fcmp(&mut self, cc: FloatCC, x: Value, y: Value) -> Value {
        let (x, y) = (self.f(x), self.f(y));
        let m = self.b.ins().fcmp(cc, x, y);
        self.i(m)
    }

    /// `oxgl-exec`'s `fmax`: `y` when `x` is NaN or `y > x`, else `x`.
    fn fmax(&mut self, x: Value, y: Value) -> Value {
        let nan = self.fcmp(FloatCC::Unordered, x, x);
        let gt = self.fcmp(FloatCC::GreaterThan, y, x);
        let c = self.b.ins().bor(nan, gt);
        self.sel(c, y, x)
    }

    /// `oxgl-exec`'s `fmin`: `y` when `x` is NaN or `y < x`, else `x`.
    fn fmin(&mut self, x: Value, y: Value) -> Value {
        let nan = self.fcmp(FloatCC::Unordered, x, x);
        let lt = self.fcmp(FloatCC::LessThan, y, x);
        let c = self.b.ins().bor(nan, lt);
        self.sel(c, y, x)
    }

    /// An `f32x4` splat of `c`.
    fn fconst(&mut self, c: f32) -> Value {
        let v = self.splat_f(c);
        self.f(v)
    }

    /// `oxgl_ir::approx::horner`: `P(x)` by multiply and add, coefficients
    /// highest degree first.
    fn horner(&mut self, coefs: &[f32], x: Value) -> Value {
        let mut p = self.fconst(coefs[0]);
        for &c in &coefs[1..] {
            let m = self.b.ins().fmul(p, x);
            let k = self.fconst(c);
            p = self.b.ins().fadd(m, k);
        }
        p
    }

    /// `oxgl_ir::approx::exp2`: the same operations in the same order.
    fn exp2(&mut self, x: Value) -> Value {
        let lo = self.splat_f(approx::EXP2_MIN);
        let hi = self.splat_f(approx::EXP2_LIMIT);
        let gt = self.fcmp(FloatCC::GreaterThan, x, lo);
        let c = self.sel(gt, x, lo);
        let lt = self.fcmp(FloatCC::LessThan, c, hi);
        let c = self.sel(lt, c, hi);
        let c = self.f(c);
        let magic = self.fconst(approx::ROUND_MAGIC);
        let k = self.b.ins().fadd(c, magic);
        let ki = self.i(k);
        let magic_bits = self.splat_i(approx::ROUND_MAGIC_BITS as u32);
        let n = self.b.ins().isub(ki, magic_bits);
        let whole = self.b.ins().fsub(k, magic);
        let f = self.b.ins().fsub(c, whole);
        let p = self.horner(&approx::EXP2_P, f);
        let m = self.b.ins().fmul(p, f);
        let one = self.fconst(1.0);
        let r = self.b.ins().fadd(m, one);
        let n1 = self.b.ins().sshr_imm_u(n, 1);
        let n2 = self.b.ins().isub(n, n1);
        let bias = self.splat_i(127);
        let e1 = self.b.ins().iadd(n1, bias);
        let e1 = self.b.ins().ishl_imm_u(e1, 23);
        let s1 = self.f(e1);
        let e2 = self.b.ins().iadd(n2, bias);
        let e2 = self.b.ins().ishl_imm_u(e2, 23);
        let s2 = self.f(e2);
        let r = self.b.ins().fmul(r, s1);
        let r = self.b.ins().fmul(r, s2);
        let below = self.fcmp(FloatCC::LessThan, x, lo);
        let zero = self.splat_f(0.0);
        let r = self.sel(below, zero, r);
        let nan = self.fcmp(FloatCC::Unordered, x, x);
        self.sel(nan, x, r)
    }

    /// `(sin x, cos x)` as `oxgl_ir::approx::sin` and `cos` compute them:
    /// the same operations in the same order (unused ones are removed by
    /// Cranelift).
    fn sin_cos(&mut self, x: Value) -> (Value, Value) {
        let xf = self.f(x);
        let a = self.b.ins().fabs(xf);
        let k = self.fconst(approx::FOUR_OVER_PI);
        let aj = self.b.ins().fmul(a, k);
        let j = self.b.ins().fcvt_to_sint_sat(types::I32X4, aj);
        let one = self.splat_i(1);
        let j = self.b.ins().iadd(j, one);
        let even = self.splat_i(!1);
        let j = self.b.ins().band(j, even);
        let y = self.b.ins().fcvt_from_sint(types::F32X4, j);
        let mut r = a;
        for part in approx::PI4_PARTS {
            let k = self.fconst(part);
            let m = self.b.ins().fmul(y, k);
            r = self.b.ins().fadd(r, m);
        }
        let z = self.b.ins().fmul(r, r);
        let p = self.horner(&approx::SIN_P, z);
        let p = self.b.ins().fmul(p, z);
        let p = self.b.ins().fmul(p, r);
        let ps = self.b.ins().fadd(p, r);
        let q = self.horner(&approx::COS_P, z);
        let q = self.b.ins().fmul(q, z);
        let q = self.b.ins().fmul(q, z);
        let half = self.fconst(0.5);
        let hz = self.b.ins().fmul(half, z);
        let q = self.b.ins().fsub(q, hz);
        let onef = self.fconst(1.0);
        let pc = self.b.ins().fadd(q, onef);
        let two = self.splat_i(2);
        let bit1 = self.b.ins().band(j, two);
        let zero = self.splat_i(0);
        let odd = self.b.ins().icmp(IntCC::NotEqual, bit1, zero);
        let four = self.splat_i(4);
        let cos = {
            let p = self.sel(odd, ps, pc);
            let j2 = self.b.ins().iadd(j, two);
            let s = self.b.ins().band(j2, four);
            let s = self.b.ins().ishl_imm_u(s, 29);
            self.b.ins().bxor(p, s)
        };
        let sin = {
            let p = self.sel(odd, pc, ps);
            let s = self.b.ins().band(j, four);
            let s = self.b.ins().ishl_imm_u(s, 29);
            let xi = self.i(x);
            let top = self.splat_i(0x8000_0000);
            let xs = self.b.ins().band(xi, top);
            let s = self.b.ins().bxor(s, xs);
            self.b.ins().bxor(p, s)
        };
        (sin, cos)
    }

    /// `oxgl_ir::approx::log2`: the same operations in the same order.
    fn log2(&mut self, x: Value) -> Value {
        let xi = self.i(x);
        let half_bits = self.splat_i(approx::SQRT_HALF_BITS as u32);
        let t = self.b.ins().isub(xi, half_bits);
        let e = self.b.ins().sshr_imm_u(t, 23);
        let e = self.b.ins().fcvt_from_sint(types::F32X4, e);
        let mant = self.splat_i(0x007f_ffff);
        let m = self.b.ins().band(t, mant);
        let m = self.b.ins().iadd(m, half_bits);
        let m = self.f(m);
        let one = self.fconst(1.0);
        let a = self.b.ins().fsub(m, one);
        let z = self.b.ins().fmul(a, a);
        let p = self.horner(&approx::LOG_P, a);
        let zp = self.b.ins().fmul(z, p);
        let y = self.b.ins().fmul(a, zp);
        let half = self.fconst(0.5);
        let hz = self.b.ins().fmul(half, z);
        let y = self.b.ins().fsub(y, hz);
        let k = self.fconst(approx::LOG2EA);
        let r = self.b.ins().fmul(y, k);
        let ak = self.b.ins().fmul(a, k);
        let r = self.b.ins().fadd(r, ak);
        let r = self.b.ins().fadd(r, y);
        let r = self.b.ins().fadd(r, a);
        let r = self.b.ins().fadd(r, e);
        let min = self.splat_f(f32::MIN_POSITIVE);
        let zero = self.splat_f(0.0);
        let small = self.fcmp(FloatCC::LessThan, x, min);
        let neg = self.fcmp(FloatCC::LessThan, x, zero);
        let nan_v = self.splat_f(f32::NAN);
        let ninf = self.splat_f(f32::NEG_INFINITY);
        let special = self.sel(neg, nan_v, ninf);
        let r = self.sel(small, special, r);
        let inf = self.splat_f(f32::INFINITY);
        let is_inf = self.fcmp(FloatCC::Equal, x, inf);
        let r = self.sel(is_inf, x, r);
        let nan = self.fcmp(FloatCC::Unordered, x, x);
        self.sel(nan, x, r)
    }

    /// The lanes of quarter `q` of `mask` (an `i32`) as an `i32x4` mask.
    fn lanes(&mut self, mask: Value, q: usize) -> Value {
        let m = if q == 0 {
            mask
        } else {
            self.b.ins().ushr_imm_u(mask, 4 * q as i64)
        };
        let v = self.b.ins().splat(types::I32X4, m);
        let v = self.b.ins().band(v, self.lane_bits);
        let zero = self.splat_i(0);
        self.b.ins().icmp(IntCC::NotEqual, v, zero)
    }

    /// The lanes where register `r` is nonzero, as an `i32` mask.
    fn nonzero_mask(&mut self, r: u32) -> Value {
        let mut m = None;
        for q in 0..4 {
            let x = self.get(r, q);
            let zero = self.splat_i(0);
            let c = self.b.ins().icmp(IntCC::NotEqual, x, zero);
            let bits = self.b.ins().vhigh_bits(types::I32, c);
            let bits = if q == 0 {
                bits
            } else {
                self.b.ins().ishl_imm_u(bits, 4 * q as i64)
            };
            m = Some(match m {
                None => bits,
                Some(acc) => self.b.ins().bor(acc, bits),
            });
        }
        m.expect("four quarters")
    }

    // ---- operations ------------------------------------------------------

    fn step(&mut self, pc: usize) {
        self.steps += 1;
        self.needs_env = true;
        let name = match &self.p.ops()[pc] {
            Op::Un { f, .. } => format!("{f:?}"),
            Op::Bin { f, .. } => format!("{f:?}"),
            Op::Tern { f, .. } => format!("{f:?}"),
            op => {
                let d = format!("{op:?}");
                d.split([' ', '{', '('])
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            }
        };
        *self.step_kinds.entry(name).or_default() += 1;
        let pc = self.b.ins().iconst(types::I32, pc as i64);
        let exec = self.b.use_var(self.exec);
        let demoted = self.b.use_var(self.demoted);
        let args = [self.ctx, pc, exec, demoted];
        self.b
            .ins()
            .call_indirect(self.step_sig, self.step_fn, &args);
    }

    /// A plain 2D texture call ([`oxgl_exec::code::TexCall::plain_2d`]):
    /// straight into the sampler the run resolved for it
    /// ([`crate::tex_callback`]), which falls back to a step without one.
    fn tex_call(&mut self, pc: usize) {
        self.native += 1;
        let pc = self.b.ins().iconst(types::I32, pc as i64);
        let exec = self.b.use_var(self.exec);
        let demoted = self.b.use_var(self.demoted);
        let args = [self.ctx, pc, exec, demoted];
        self.b
            .ins()
            .call_indirect(self.step_sig, self.tex_fn, &args);
    }

    fn op(&mut self, pc: usize, op: &Op) {
        match op {
            Op::If {
                cond,
                slot,
                else_pc,
            } => {
                let m = self.nonzero_mask(*cond);
                let exec = self.b.use_var(self.exec);
                let t = self.b.ins().band(exec, m);
                let e = self.b.ins().band_not(exec, m);
                let then_blk = self.b.create_block();
                let else_blk = self.b.create_block();
                self.b.ins().brif(t, then_blk, &[], else_blk, &[]);
                self.b.switch_to_block(then_blk);
                self.b.def_var(self.exec, t);
                self.set_slot(*slot, e);
                let next = self.block(pc as u32 + 1);
                self.b.ins().jump(next, &[]);
                self.b.switch_to_block(else_blk);
                self.b.def_var(self.exec, e);
                let zero = self.b.ins().iconst(types::I32, 0);
                self.set_slot(*slot, zero);
                let target = self.block(*else_pc);
                self.b.ins().jump(target, &[]);
                self.open_dead_block();
            }
            Op::Else { slot, end_pc } => {
                let waiting = self.get_slot(*slot);
                let swap = self.b.create_block();
                let end = self.block(*end_pc);
                self.b.ins().brif(waiting, swap, &[], end, &[]);
                self.b.switch_to_block(swap);
                let exec = self.b.use_var(self.exec);
                self.set_slot(*slot, exec);
                self.b.def_var(self.exec, waiting);
                let next = self.block(pc as u32 + 1);
                self.b.ins().jump(next, &[]);
                self.open_dead_block();
            }
            Op::EndIf { slot, exit } => {
                let exec = self.b.use_var(self.exec);
                let s = self.get_slot(*slot);
                let exec = self.b.ins().bor(exec, s);
                self.b.def_var(self.exec, exec);
                let next = self.block(pc as u32 + 1);
                let exit = self.block(*exit);
                self.b.ins().brif(exec, next, &[], exit, &[]);
                self.open_dead_block();
            }
            Op::Loop { slot } => {
                let zero = self.b.ins().iconst(types::I32, 0);
                self.set_slot(*slot, zero);
                self.set_slot(*slot + 1, zero);
            }
            Op::ContBegin { slot, end_pc } => {
                let exec = self.b.use_var(self.exec);
                let s = self.get_slot(*slot + 1);
                let exec = self.b.ins().bor(exec, s);
                self.b.def_var(self.exec, exec);
                let zero = self.b.ins().iconst(types::I32, 0);
                self.set_slot(*slot + 1, zero);
                let next = self.block(pc as u32 + 1);
                let end = self.block(*end_pc);
                self.b.ins().brif(exec, next, &[], end, &[]);
                self.open_dead_block();
            }
            Op::LoopEnd { slot, body, exit } => {
                let exec = self.b.use_var(self.exec);
                let again = self.b.create_block();
                let leave = self.b.create_block();
                self.b.ins().brif(exec, again, &[], leave, &[]);
                self.b.switch_to_block(again);
                let it = self.b.use_var(self.iters);
                let it = self.b.ins().iadd_imm_u(it, 1);
                self.b.def_var(self.iters, it);
                let over =
                    self.b
                        .ins()
                        .icmp_imm_u(IntCC::UnsignedGreaterThan, it, LOOP_LIMIT as i64);
                let body = self.block(*body);
                self.b.ins().brif(over, self.limit, &[], body, &[]);
                self.b.switch_to_block(leave);
                let s = self.get_slot(*slot);
                self.b.def_var(self.exec, s);
                let next = self.block(pc as u32 + 1);
                let exit = self.block(*exit);
                self.b.ins().brif(s, next, &[], exit, &[]);
                self.open_dead_block();
            }
            Op::Break { slot } => {
                let exec = self.b.use_var(self.exec);
                let s = self.get_slot(*slot);
                let s = self.b.ins().bor(s, exec);
                self.set_slot(*slot, s);
                let zero = self.b.ins().iconst(types::I32, 0);
                self.b.def_var(self.exec, zero);
            }
            Op::Continue { slot } => {
                let exec = self.b.use_var(self.exec);
                let s = self.get_slot(*slot + 1);
                let s = self.b.ins().bor(s, exec);
                self.set_slot(*slot + 1, s);
                let zero = self.b.ins().iconst(types::I32, 0);
                self.b.def_var(self.exec, zero);
            }
            Op::Return { d, a, n } => {
                let exec = self.b.use_var(self.exec);
                for k in 0..*n as usize {
                    for q in 0..4 {
                        let v = self.get(a[k], q);
                        let old = self.get(d[k], q);
                        let m = self.lanes(exec, q);
                        let v = self.sel(m, v, old);
                        self.put(d[k], q, v);
                    }
                }
                let zero = self.b.ins().iconst(types::I32, 0);
                self.b.def_var(self.exec, zero);
            }
            Op::Discard => {
                let exec = self.b.use_var(self.exec);
                let d = self.b.use_var(self.discarded);
                let d = self.b.ins().bor(d, exec);
                self.b.def_var(self.discarded, d);
                let zero = self.b.ins().iconst(types::I32, 0);
                self.b.def_var(self.exec, zero);
            }
            Op::Demote => {
                let exec = self.b.use_var(self.exec);
                let d = self.b.use_var(self.demoted);
                let d = self.b.ins().bor(d, exec);
                self.b.def_var(self.demoted, d);
            }
            Op::CallBegin { slot, d, n } => {
                let exec = self.b.use_var(self.exec);
                self.set_slot(*slot, exec);
                let zero = self.splat_i(0);
                for x in d.iter().take(*n as usize) {
                    for q in 0..4 {
                        self.put(*x, q, zero);
                    }
                }
            }
            Op::CallEnd { slot, exit } => {
                let s = self.get_slot(*slot);
                let d = self.b.use_var(self.discarded);
                let exec = self.b.ins().band_not(s, d);
                self.b.def_var(self.exec, exec);
                let next = self.block(pc as u32 + 1);
                let exit = self.block(*exit);
                self.b.ins().brif(exec, next, &[], exit, &[]);
                self.open_dead_block();
            }
            Op::Ret => {
                // No out-of-line calls (refused above): the program ends.
                let exit = self.block(self.p.ops().len() as u32);
                self.b.ins().jump(exit, &[]);
                self.open_dead_block();
            }
            Op::Call { .. } => unreachable!("refused in compile"),
            Op::Tex { call, .. }
                if self
                    .p
                    .tex_calls()
                    .get(*call as usize)
                    .is_some_and(|t| t.plain_2d()) =>
            {
                self.tex_call(pc)
            }
            _ => self.step(pc),
        }
    }

    /// Operations whose lanes are independent and that the generator
    /// emits itself: a straight run of them is emitted quarter by quarter.
    fn lane_wise(&self, op: &Op) -> bool {
        match op {
            Op::Un { f, .. } => self.un_native(*f),
            Op::Bin { f, .. } => self.bin_native(*f),
            Op::Tern { f, .. } => self.tern_native(*f),
            Op::LoadIn { .. }
            | Op::LoadUni { .. }
            | Op::LoadMem { .. }
            | Op::StoreOut { .. }
            | Op::StoreMem { .. } => true,
            // gl_FragCoord and gl_PointCoord: per-lane values in the
            // environment.
            Op::Sys {
                sv: Sys::FragCoord | Sys::PointCoord,
                ..
            } => true,
            // Reads of outputs and built-ins (`gl_FragColor += ...`) at a
            // constant place; the dynamic and boolean-normalizing loads stay
            // steps.
            Op::Load {
                sp, off, norm_bool, ..
            } => *off == NONE && !*norm_bool && !env_only(*sp),
            Op::Store { sp, off, .. } => *off == NONE && !env_only(*sp),
            Op::Zero { sp, .. } => !env_only(*sp),
            _ => false,
        }
    }

    /// Emits the lane-wise operations `s..e` (one basic block) for the four
    /// quarters, operation by operation (so the quarters' dependency chains
    /// interleave), keeping each quarter's values in SSA values; a
    /// temporary written here is stored to the register file only when it
    /// is live after the run.
    fn run(&mut self, s: usize, e: usize) {
        let ops = self.p.ops();
        let mut quarters: Vec<Quarter> = (0..4)
            .map(|q| Quarter {
                q,
                vals: BTreeMap::new(),
                lanes: None,
            })
            .collect();
        for (pc, op) in ops.iter().enumerate().take(e).skip(s) {
            self.cur_pc = pc;
            for c in quarters.iter_mut() {
                self.quarter(op, c);
            }
        }
        for c in quarters.iter_mut() {
            let vals = std::mem::take(&mut c.vals);
            for (r, (v, written)) in vals {
                if written && self.live_after(e - 1, r) {
                    self.put(r, c.q, v);
                }
            }
        }
        self.native += e - s;
    }

    fn live_after(&self, pc: usize, r: u32) -> bool {
        let Some(i) = r.checked_sub(self.temp_base) else {
            return true;
        };
        let i = i as usize;
        self.live_out
            .get(pc)
            .and_then(|w| w.get(i / 64))
            .is_none_or(|w| w & (1 << (i % 64)) != 0)
    }

    /// Quarter `c.q` of register `r`: a constant, this run's value, or a
    /// load (memory registers are always loaded).
    fn qget(&mut self, r: u32, c: &mut Quarter) -> Value {
        if self.is_const(r).is_some() {
            return self.get(r, c.q);
        }
        if r >= self.temp_base {
            if let Some((v, _)) = c.vals.get(&r) {
                return *v;
            }
            let v = self.get(r, c.q);
            c.vals.insert(r, (v, false));
            return v;
        }
        self.get(r, c.q)
    }

    fn qput(&mut self, r: u32, v: Value, c: &mut Quarter) {
        if r >= self.temp_base {
            c.vals.insert(r, (v, true));
        } else {
            self.put(r, c.q, v);
        }
    }

    /// The running lanes of this quarter as an `i32x4` mask.
    fn qlanes(&mut self, c: &mut Quarter) -> Value {
        if let Some(m) = c.lanes {
            return m;
        }
        let exec = self.b.use_var(self.exec);
        let m = self.lanes(exec, c.q);
        c.lanes = Some(m);
        m
    }

    /// One lane-wise operation on quarter `c.q`.
    fn quarter(&mut self, op: &Op, c: &mut Quarter) {
        let q = c.q;
        match op {
            Op::Un { f, n, d, a } => {
                for k in 0..(*n as usize).min(4) {
                    let x = self.qget(a[k], c);
                    let y = self.un(*f, x);
                    self.qput(d[k], y, c);
                }
            }
            Op::Bin { f, n, d, a, b } => {
                for k in 0..(*n as usize).min(4) {
                    let x = self.qget(a[k], c);
                    let y = self.qget(b[k], c);
                    let z = self.bin(*f, x, y);
                    self.qput(d[k], z, c);
                }
            }
            Op::Tern {
                f,
                n,
                d,
                a,
                b,
                c: r,
            } => {
                for k in 0..(*n as usize).min(4) {
                    let x = self.qget(a[k], c);
                    let y = self.qget(b[k], c);
                    let z = self.qget(r[k], c);
                    let w = self.tern(*f, x, y, z);
                    self.qput(d[k], w, c);
                }
            }
            Op::LoadIn { base, d, n } => {
                for k in 0..(*n as usize).min(4) {
                    let comp = *base as usize + k;
                    self.inputs_needed = self.inputs_needed.max(comp + 1);
                    let off = (comp * 64 + 16 * q) as i32;
                    let v = self.b.ins().load(types::I32X4, mem(), self.inputs, off);
                    self.qput(d[k], v, c);
                }
            }
            Op::LoadUni { base, d, n } => {
                for k in 0..(*n as u32).min(4) {
                    let at = base.saturating_add(4 * k) as usize;
                    self.uniform_bytes_needed = self.uniform_bytes_needed.max(at + 4);
                    let w = self
                        .b
                        .ins()
                        .load(types::I32, mem(), self.uniforms, at as i32);
                    let v = self.b.ins().splat(types::I32X4, w);
                    self.qput(d[k as usize], v, c);
                }
            }
            Op::LoadMem { base, d, n } => {
                for k in 0..(*n as usize).min(4) {
                    let v = self.qget(base + k as u32, c);
                    self.qput(d[k], v, c);
                }
            }
            Op::StoreOut { base, a, n } => {
                // Lanes outside the run's may take any value, and discarded
                // ones are dead: at the top level every lane is stored.
                let whole = self.top_level.get(self.cur_pc).copied().unwrap_or(false);
                let m = if whole { None } else { Some(self.qlanes(c)) };
                for k in 0..(*n as usize).min(4) {
                    let comp = *base as usize + k;
                    self.outputs_needed = self.outputs_needed.max(comp + 1);
                    let off = (comp * 64 + 16 * q) as i32;
                    let mut v = self.qget(a[k], c);
                    if let Some(m) = m {
                        let old = self.b.ins().load(types::I32X4, mem(), self.outputs, off);
                        v = self.sel(m, v, old);
                    }
                    self.b.ins().store(mem(), v, self.outputs, off);
                }
            }
            Op::StoreMem { base, a, n } => {
                let m = self.qlanes(c);
                for k in 0..(*n as usize).min(4) {
                    let v = self.qget(a[k], c);
                    let old = self.qget(base + k as u32, c);
                    let v = self.sel(m, v, old);
                    self.qput(base + k as u32, v, c);
                }
            }
            Op::Sys { sv, d, n } => {
                let (ptr, comps) = if *sv == Sys::FragCoord {
                    (self.frag_coord, 4)
                } else {
                    (self.point_coord, 2)
                };
                for k in 0..(*n as usize).min(4) {
                    // Components past the array read 0, as the interpreter's.
                    let v = if k < comps {
                        let off = (k * 64 + 16 * q) as i32;
                        self.b.ins().load(types::I32X4, mem(), ptr, off)
                    } else {
                        self.splat_i(0)
                    };
                    self.qput(d[k], v, c);
                }
            }
            Op::Load { sp, base, d, n, .. } => {
                for k in 0..(*n as u32).min(4) {
                    let idx = base.wrapping_add(k * sp.unit());
                    let v = if *sp == Space::Mem {
                        if idx < self.p.num_regs() {
                            self.qget(idx, c)
                        } else {
                            self.splat_i(0)
                        }
                    } else if let Some((ptr, off)) = self.env_slot(*sp, idx, q) {
                        self.b.ins().load(types::I32X4, mem(), ptr, off)
                    } else {
                        self.splat_i(0)
                    };
                    self.qput(d[k as usize], v, c);
                }
            }
            Op::Store { sp, base, a, n, .. } => {
                let m = self.qlanes(c);
                for k in 0..*n as u32 {
                    let idx = base.wrapping_add(k);
                    let v = self.qget(a[k as usize], c);
                    if *sp == Space::Mem {
                        if idx >= self.p.num_regs() {
                            continue;
                        }
                        let old = self.qget(idx, c);
                        let v = self.sel(m, v, old);
                        self.qput(idx, v, c);
                    } else if let Some((ptr, off)) = self.env_slot(*sp, idx, q) {
                        let old = self.b.ins().load(types::I32X4, mem(), ptr, off);
                        let v = self.sel(m, v, old);
                        self.b.ins().store(mem(), v, ptr, off);
                    }
                }
            }
            Op::Zero { sp, base, n } => {
                let zero = self.splat_i(0);
                for k in 0..*n {
                    let idx = base.wrapping_add(k);
                    if *sp == Space::Mem {
                        if idx < self.p.num_regs() {
                            self.qput(idx, zero, c);
                        }
                    } else if let Some((ptr, off)) = self.env_slot(*sp, idx, q) {
                        self.b.ins().store(mem(), zero, ptr, off);
                    }
                }
            }
            _ => unreachable!("lane_wise"),
        }
    }

    /// Where quarter `q` of component `idx` of an environment space is:
    /// a base pointer and an offset; `None` when the interpreter drops the
    /// access (out of range).
    fn env_slot(&mut self, sp: Space, idx: u32, q: usize) -> Option<(Value, i32)> {
        let (ptr, len) = match sp {
            Space::Output => {
                self.outputs_needed = self.outputs_needed.max(idx as usize + 1);
                (self.outputs, u32::MAX)
            }
            Space::Position => (self.position, 4),
            Space::PointSize => (self.point_size, 1),
            Space::ClipDistance => (self.clip_distance, 8),
            Space::FragDepth => (self.frag_depth, 1),
            Space::Layer => (self.layer, 1),
            Space::ViewportIndex => (self.viewport_index, 1),
            Space::PrimitiveIdOut => (self.primitive_id_out, 1),
            // Lives in an `Env` only; its loads and stores are steps
            // (`lane_wise`).
            Space::SampleMask | Space::Vertices | Space::Patch | Space::Buffer(_) => {
                self.needs_env = true;
                return None;
            }
            Space::Mem | Space::Input | Space::Uniform => return None,
        };
        // The vertex and geometry built-ins live in an `Env` only.
        self.needs_env |= !matches!(sp, Space::Output | Space::FragDepth);
        (idx < len && idx < 1 << 20).then_some((ptr, idx as i32 * REG + 16 * q as i32))
    }

    /// After a terminator: the next pc starts a block of its own (every
    /// branching op has one), so nothing is emitted here; this only keeps
    /// the builder in a valid state if the next op is the end.
    fn open_dead_block(&mut self) {
        let blk = self.b.create_block();
        self.b.switch_to_block(blk);
    }

    fn get_slot(&mut self, s: u32) -> Value {
        match self.slots.get(s as usize) {
            Some(v) => self.b.use_var(*v),
            None => self.b.ins().iconst(types::I32, 0),
        }
    }

    fn set_slot(&mut self, s: u32, v: Value) {
        if let Some(var) = self.slots.get(s as usize) {
            self.b.def_var(*var, v);
        }
    }

    fn un_native(&self, f: Un) -> bool {
        use Un::*;
        match f {
            Floor | Ceil | Fract | Trunc | RoundEven => self.feat.sse41,
            FNeg | FAbs | FSign | Sqrt | Rsqrt | Rcp | Radians | Degrees | FSat | IsNan | IsInf
            | INeg | NotInt | NotBool | F2I | F2U | I2F | U2F | F2B | I2B | B2F | Exp | Exp2
            | Log | Log2 | Sin | Cos | Tan => true,
            IAbs => self.feat.sse41,
            _ => self.un4.is_some() && lane_fn_un(f).is_some(),
        }
    }

    fn bin_native(&self, f: Bin) -> bool {
        use Bin::*;
        match f {
            FMod | IMul | IMin | IMax | UMin | UMax => self.feat.sse41,
            FAdd | FSub | FMul | FDiv | FMin | FMax | Step | FEq | FNe | FLt | FGe | IAdd
            | ISub | And | Or | Xor | IEq | INe | ILt | IGe | ULt | UGe | Pow => true,
            _ => self.bin4.is_some() && lane_fn_bin(f).is_some(),
        }
    }

    fn tern_native(&self, f: Tern) -> bool {
        use Tern::*;
        match f {
            Fma => self.feat.fma,
            IClamp | UClamp => self.feat.sse41,
            MulAdd | FClamp | Mix | Smoothstep | Select => true,
        }
    }

    fn un(&mut self, f: Un, x: Value) -> Value {
        use Un::*;
        if let (Some(i), Some((sig, addr))) = (lane_fn_un(f), self.un4) {
            let op = self.b.ins().iconst(types::I32, i as i64);
            let call = self.b.ins().call_indirect(sig, addr, &[op, x]);
            return self.b.inst_results(call)[0];
        }
        let xf = self.f(x);
        let r = match f {
            FNeg => self.b.ins().fneg(xf),
            FAbs => self.b.ins().fabs(xf),
            FSign => {
                let zero = self.splat_f(0.0);
                let one = self.splat_f(1.0);
                let minus = self.splat_f(-1.0);
                let gt = self.fcmp(FloatCC::GreaterThan, x, zero);
                let lt = self.fcmp(FloatCC::LessThan, x, zero);
                let neg = self.sel(lt, minus, zero);
                self.sel(gt, one, neg)
            }
            Floor => self.b.ins().floor(xf),
            Ceil => self.b.ins().ceil(xf),
            Fract => {
                let fl = self.b.ins().floor(xf);
                self.b.ins().fsub(xf, fl)
            }
            Trunc => self.b.ins().trunc(xf),
            RoundEven => self.b.ins().nearest(xf),
            Sqrt => self.b.ins().sqrt(xf),
            Rsqrt => {
                let s = self.b.ins().sqrt(xf);
                let one = self.fconst(1.0);
                self.b.ins().fdiv(one, s)
            }
            Rcp => {
                let one = self.fconst(1.0);
                self.b.ins().fdiv(one, xf)
            }
            Radians | Degrees => {
                let k = if f == Radians {
                    (std::f64::consts::PI / 180.0) as f32
                } else {
                    (180.0 / std::f64::consts::PI) as f32
                };
                let k = self.fconst(k);
                self.b.ins().fmul(xf, k)
            }
            FSat => {
                let zero = self.splat_f(0.0);
                let one = self.splat_f(1.0);
                let gt = self.fcmp(FloatCC::GreaterThan, x, zero);
                let v = self.sel(gt, x, zero);
                let lt = self.fcmp(FloatCC::LessThan, v, one);
                self.sel(lt, v, one)
            }
            IsNan => {
                let m = self.fcmp(FloatCC::Unordered, x, x);
                self.bool01(m)
            }
            IsInf => {
                let a = self.b.ins().fabs(xf);
                let inf = self.splat_f(f32::INFINITY);
                let m = self.fcmp(FloatCC::Equal, a, inf);
                self.bool01(m)
            }
            Exp2 => return self.exp2(x),
            Sin => return self.sin_cos(x).0,
            Cos => return self.sin_cos(x).1,
            Tan => {
                let (s, c) = self.sin_cos(x);
                let (s, c) = (self.f(s), self.f(c));
                self.b.ins().fdiv(s, c)
            }
            Log2 => return self.log2(x),
            Exp => {
                let k = self.fconst(approx::LOG2_E);
                let y = self.b.ins().fmul(xf, k);
                return self.exp2(y);
            }
            Log => {
                let l = self.log2(x);
                let l = self.f(l);
                let k = self.fconst(approx::LN_2);
                self.b.ins().fmul(l, k)
            }
            INeg => self.b.ins().ineg(x),
            IAbs => self.b.ins().iabs(x),
            NotInt => self.b.ins().bnot(x),
            NotBool => {
                let one = self.splat_i(1);
                self.b.ins().bxor(x, one)
            }
            F2I => self.b.ins().fcvt_to_sint_sat(types::I32X4, xf),
            F2U => self.b.ins().fcvt_to_uint_sat(types::I32X4, xf),
            I2F => self.b.ins().fcvt_from_sint(types::F32X4, x),
            U2F | B2F => self.b.ins().fcvt_from_uint(types::F32X4, x),
            F2B => {
                let zero = self.splat_f(0.0);
                let m = self.fcmp(FloatCC::NotEqual, x, zero);
                self.bool01(m)
            }
            I2B => {
                let zero = self.splat_i(0);
                let m = self.b.ins().icmp(IntCC::NotEqual, x, zero);
                self.bool01(m)
            }
            _ => unreachable!("un_native"),
        };
        self.i(r)
    }

    fn bin(&mut self, f: Bin, x: Value, y: Value) -> Value {
        use Bin::*;
        if let (Some(i), Some((sig, addr))) = (lane_fn_bin(f), self.bin4) {
            let op = self.b.ins().iconst(types::I32, i as i64);
            let call = self.b.ins().call_indirect(sig, addr, &[op, x, y]);
            return self.b.inst_results(call)[0];
        }
        let (xf, yf) = (self.f(x), self.f(y));
        let r = match f {
            FAdd => self.b.ins().fadd(xf, yf),
            FSub => self.b.ins().fsub(xf, yf),
            FMul => self.b.ins().fmul(xf, yf),
            FDiv => self.b.ins().fdiv(xf, yf),
            FMod => {
                let q = self.b.ins().fdiv(xf, yf);
                let fl = self.b.ins().floor(q);
                let m = self.b.ins().fmul(yf, fl);
                self.b.ins().fsub(xf, m)
            }
            FMin => self.fmin(x, y),
            FMax => self.fmax(x, y),
            Pow => {
                let l = self.log2(x);
                let l = self.f(l);
                let t = self.b.ins().fmul(yf, l);
                return self.exp2(t);
            }
            Step => {
                let lt = self.fcmp(FloatCC::LessThan, y, x);
                let zero = self.splat_f(0.0);
                let one = self.splat_f(1.0);
                self.sel(lt, zero, one)
            }
            FEq | FNe | FLt | FGe => {
                let cc = match f {
                    FEq => FloatCC::Equal,
                    FNe => FloatCC::NotEqual,
                    FLt => FloatCC::LessThan,
                    _ => FloatCC::GreaterThanOrEqual,
                };
                let m = self.fcmp(cc, x, y);
                self.bool01(m)
            }
            IAdd => self.b.ins().iadd(x, y),
            ISub => self.b.ins().isub(x, y),
            IMul => self.b.ins().imul(x, y),
            IMin => self.b.ins().smin(x, y),
            IMax => self.b.ins().smax(x, y),
            UMin => self.b.ins().umin(x, y),
            UMax => self.b.ins().umax(x, y),
            And => self.b.ins().band(x, y),
            Or => self.b.ins().bor(x, y),
            Xor => self.b.ins().bxor(x, y),
            IEq | INe | ILt | IGe | ULt | UGe => {
                let cc = match f {
                    IEq => IntCC::Equal,
                    INe => IntCC::NotEqual,
                    ILt => IntCC::SignedLessThan,
                    IGe => IntCC::SignedGreaterThanOrEqual,
                    ULt => IntCC::UnsignedLessThan,
                    _ => IntCC::UnsignedGreaterThanOrEqual,
                };
                let m = self.b.ins().icmp(cc, x, y);
                self.bool01(m)
            }
            _ => unreachable!("bin_native"),
        };
        self.i(r)
    }

    fn tern(&mut self, f: Tern, x: Value, y: Value, z: Value) -> Value {
        use Tern::*;
        let (xf, yf, zf) = (self.f(x), self.f(y), self.f(z));
        let r = match f {
            Fma => self.b.ins().fma(xf, yf, zf),
            MulAdd => {
                let m = self.b.ins().fmul(xf, yf);
                self.b.ins().fadd(m, zf)
            }
            FClamp => {
                let lo = self.fmax(x, y);
                self.fmin(lo, z)
            }
            Mix => {
                let one = self.fconst(1.0);
                let inv = self.b.ins().fsub(one, zf);
                let a = self.b.ins().fmul(xf, inv);
                let b = self.b.ins().fmul(yf, zf);
                self.b.ins().fadd(a, b)
            }
            Smoothstep => {
                let num = self.b.ins().fsub(zf, xf);
                let den = self.b.ins().fsub(yf, xf);
                let t = self.b.ins().fdiv(num, den);
                let zero = self.splat_f(0.0);
                let one = self.splat_f(1.0);
                let t = self.fmax(t, zero);
                let t = self.fmin(t, one);
                let t = self.f(t);
                let tt = self.b.ins().fmul(t, t);
                let two = self.fconst(2.0);
                let three = self.fconst(3.0);
                let t2 = self.b.ins().fmul(two, t);
                let k = self.b.ins().fsub(three, t2);
                self.b.ins().fmul(tt, k)
            }
            IClamp => {
                let lo = self.b.ins().smax(x, y);
                self.b.ins().smin(lo, z)
            }
            UClamp => {
                let lo = self.b.ins().umax(x, y);
                self.b.ins().umin(lo, z)
            }
            Select => {
                let zero = self.splat_i(0);
                let c = self.b.ins().icmp(IntCC::NotEqual, x, zero);
                self.sel(c, y, z)
            }
        };
        self.i(r)
    }
}

/// One quarter's pass over a run: register values (and whether this run
/// wrote them), and the running lanes once computed.
struct Quarter {
    q: usize,
    vals: BTreeMap<u32, (Value, bool)>,
    lanes: Option<Value>,
}

/// Backward liveness of the temporaries (registers from `temp_base`) over
/// the program's control flow: bit `r - temp_base` of `result[pc]` is set
/// when register `r` may be read after operation `pc` before being
/// overwritten. Operations write every lane of their destinations (which is
/// what kills a value), except `Return`, which blends into its result.
/// Per pc: whether the operation runs outside every `if`, loop and
/// inlined call, with no `return` outside them before it. There the
/// running lanes are the run's own less the discarded ones (whose
/// outputs nobody reads), so a store may write every lane.
fn top_level(p: &Program) -> Vec<bool> {
    // Nesting in branches and loops, and in inlined calls (whose end
    // gives the lanes that returned inside back).
    let (mut depth, mut calls) = (0i32, 0i32);
    let mut poisoned = false;
    let mut out = Vec::with_capacity(p.ops().len());
    for op in p.ops() {
        out.push(depth == 0 && calls == 0 && !poisoned);
        match op {
            Op::If { .. } | Op::Loop { .. } => depth += 1,
            Op::EndIf { .. } | Op::LoopEnd { .. } => depth -= 1,
            Op::CallBegin { .. } => calls += 1,
            Op::CallEnd { .. } => calls -= 1,
            // `main` returning (at any depth) keeps its lanes out of every
            // later store.
            Op::Return { .. } if calls == 0 => poisoned = true,
            _ => {}
        }
        // Unbalanced structure (not expected): nothing is top level.
        poisoned |= depth < 0 || calls < 0;
    }
    out
}

fn liveness(p: &Program, temp_base: u32) -> Vec<Vec<u64>> {
    let ops = p.ops();
    let n = ops.len();
    let nt = p.num_regs().saturating_sub(temp_base) as usize;
    let words = nt.div_ceil(64).max(1);
    let idx = |r: u32| -> Option<usize> {
        (r >= temp_base && r < p.num_regs()).then(|| (r - temp_base) as usize)
    };
    let set = |v: &mut [u64], i: usize| v[i / 64] |= 1 << (i % 64);
    let mut uses = vec![vec![0u64; words]; n];
    let mut kills = vec![vec![0u64; words]; n];
    for (pc, op) in ops.iter().enumerate() {
        let mut o = op.clone();
        o.visit_regs(|r, write| {
            if let Some(i) = idx(*r) {
                if write {
                    set(&mut kills[pc], i);
                } else {
                    set(&mut uses[pc], i);
                }
            }
        });
        match op {
            Op::Return { d, n: k, .. } => {
                for r in d.iter().take(*k as usize) {
                    if let Some(i) = idx(*r) {
                        set(&mut uses[pc], i);
                        kills[pc][i / 64] &= !(1 << (i % 64));
                    }
                }
            }
            Op::Tex { call, .. } => {
                if let Some(t) = p.tex_calls().get(*call as usize) {
                    for r in t.args.iter().flatten() {
                        if let Some(i) = idx(*r) {
                            set(&mut uses[pc], i);
                        }
                    }
                }
            }
            Op::Image { call, .. } => {
                if let Some(c) = p.image_calls().get(*call as usize) {
                    for r in c.args.iter().flatten() {
                        if let Some(i) = idx(*r) {
                            set(&mut uses[pc], i);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let succs = |pc: usize| -> Vec<usize> {
        let t = |x: u32| (x as usize).min(n);
        match &ops[pc] {
            Op::If { else_pc, .. } => vec![pc + 1, t(*else_pc)],
            Op::Else { end_pc, .. } | Op::ContBegin { end_pc, .. } => vec![pc + 1, t(*end_pc)],
            Op::EndIf { exit, .. } | Op::CallEnd { exit, .. } => vec![pc + 1, t(*exit)],
            Op::LoopEnd { body, exit, .. } => vec![t(*body), pc + 1, t(*exit)],
            Op::Ret => vec![n],
            _ => vec![pc + 1],
        }
    };
    let succs: Vec<Vec<usize>> = (0..n).map(succs).collect();
    let mut live_in = vec![vec![0u64; words]; n + 1];
    let mut live_out = vec![vec![0u64; words]; n];
    let mut changed = true;
    while changed {
        changed = false;
        for pc in (0..n).rev() {
            let mut out = vec![0u64; words];
            for s in &succs[pc] {
                for (o, x) in out.iter_mut().zip(&live_in[*s]) {
                    *o |= x;
                }
            }
            let inn: Vec<u64> = (0..words)
                .map(|w| uses[pc][w] | (out[w] & !kills[pc][w]))
                .collect();
            if inn != live_in[pc] {
                live_in[pc] = inn;
                changed = true;
            }
            live_out[pc] = out;
        }
    }
    live_out
}

/// Index of `f` among the unary lane functions the code calls.
fn lane_fn_un(f: Un) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    return crate::lanes::UN.iter().position(|g| *g == f);
    #[cfg(not(target_arch = "x86_64"))]
    return None;
}

/// Index of `f` among the binary lane functions the code calls.
fn lane_fn_bin(f: Bin) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    return crate::lanes::BIN.iter().position(|g| *g == f);
    #[cfg(not(target_arch = "x86_64"))]
    return None;
}

/// Spaces the generated code does not reach itself: inputs and uniforms
/// (read only), and `gl_SampleMask`, the tessellation stages' vertices
/// and patch and the buffers, which live in an `Env` alone (their
/// accesses are interpreter steps).
fn env_only(sp: Space) -> bool {
    matches!(
        sp,
        Space::Input
            | Space::Uniform
            | Space::SampleMask
            | Space::Vertices
            | Space::Patch
            | Space::Buffer(_)
    )
}
