//! oxgl's shader JIT: compiles an [`oxgl_exec::Program`] (the flat,
//! register-allocated SoA program the interpreter runs) into native code
//! with Cranelift, for 16 lanes, with the interpreter's contract and bits.
//!
//! A [`Kernel`] is one compiled program. [`Kernel::run`] takes the same
//! [`Regs`] and [`Env`] as [`Program::run`] and produces the same outputs,
//! built-ins and mask, bit for bit (NaN payloads aside):
//!
//! * registers stay where the interpreter keeps them, in the [`Regs`]
//!   file (64 bytes per register, four 128-bit quarters), so any operation
//!   the code generator does not emit itself runs as one interpreter step
//!   ([`Program::step`]) on the same state;
//! * constant registers become immediates;
//! * control flow (`if`/`else`, loops, `break`/`continue`, inlined calls,
//!   `return`, `discard`, `demote`) becomes branches on the execution mask,
//!   held in machine registers with the mask slots; the loop limit holds;
//! * the common ALU operations, input, uniform, output and memory accesses
//!   are emitted as 128-bit vector code; transcendental functions, texture
//!   operations, system values, dynamic indexing and the rest are steps.
//!
//! All of the crate's `unsafe` is the call into generated code and the
//! callback it makes; `oxgl-exec` keeps `forbid(unsafe_code)`.
//!
//! `OXGL_JIT=0` (read by the backend) keeps every program on the
//! interpreter.
#![deny(missing_docs)]

mod codegen;

use std::panic::{AssertUnwindSafe, catch_unwind};

use oxgl_exec::code::Op;
use oxgl_exec::{Env, LoopLimit, Plain2d, Program, Regs, TextureHost};

/// Lanes per run: the rasterizer's 4×4 block, or 16 vertices.
pub const LANES: usize = 16;

/// Why a program was not compiled (it then runs on the interpreter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JitError(pub String);

impl std::fmt::Display for JitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for JitError {}

/// What the generated code reads besides the register file.
#[repr(C)]
struct Io {
    inputs: *const u8,
    outputs: *mut u8,
    uniforms: *const u8,
    exec0: u32,
    position: *mut u8,
    point_size: *mut u8,
    clip_distance: *mut u8,
    frag_depth: *mut u8,
    layer: *mut u8,
    viewport_index: *mut u8,
    primitive_id_out: *mut u8,
    frag_coord: *const u8,
    point_coord: *const u8,
}

/// A plain 2D texture call's sampler, resolved for a run (`None`: the
/// call is an interpreter step).
pub type PlainSlot<'a> = Option<&'a dyn Plain2d<LANES>>;

/// Texture calls a run resolves samplers for; a program with more
/// resolves none (its plain calls are steps).
pub const MAX_PLAIN: usize = 16;

/// The state an interpreter step needs, behind the kernel's third argument.
#[repr(C)]
struct StepCtx {
    program: *const Program,
    regs: *mut Regs<LANES>,
    /// Null for a [`Kernel::run_fragment`] without an environment (which
    /// then makes no steps).
    env: *mut Env<'static, LANES>,
    /// The run's samplers by texture call ([`PlainSlot`]), `plain_len` of them.
    plain: *const PlainSlot<'static>,
    plain_len: usize,
    exec0: u32,
    /// Set when a step panicked (never expected): the run reports every
    /// lane dead.
    failed: u32,
}

/// The generated function: `(registers, io, step context) -> status`, the
/// status holding the lanes discarded or demoted in bits 0..16, and
/// [`STATUS_LOOP_LIMIT`].
type KernelFn = unsafe extern "C" fn(*mut u8, *const Io, *mut StepCtx) -> u64;

/// Status bit: the run stopped at the loop limit.
const STATUS_LOOP_LIMIT: u64 = 1 << 32;

/// The callback generated code makes for an operation it does not emit:
/// one interpreter step.
///
/// # Safety
/// `ctx` points to the live [`StepCtx`] of the current [`Kernel::run`].
unsafe extern "C" fn step_callback(ctx: *mut StepCtx, pc: u32, exec: u32, demoted: u32) {
    // SAFETY: the kernel passes the context `Kernel::run` built; its
    // pointers are valid for the run, and the generated code touches no
    // memory while this callback runs.
    let ctx = unsafe { &mut *ctx };
    if ctx.env.is_null() {
        ctx.failed = 1;
        return;
    }
    let (program, regs, env) = unsafe { (&*ctx.program, &mut *ctx.regs, &mut *ctx.env) };
    let exec0 = ctx.exec0;
    let ok = catch_unwind(AssertUnwindSafe(|| {
        step(program, pc as usize, regs, env, exec, exec0, demoted)
    }));
    if ok.is_err() {
        ctx.failed = 1;
    }
}

/// The callback for a plain 2D texture call: the sampler the run resolved
/// for it, given the coordinate registers, writes the result registers —
/// what the interpreter's step does, without its decoding and the host's
/// per-call lookup. Without a resolved sampler, an interpreter step.
///
/// # Safety
/// As [`step_callback`]; `ctx.plain` points to `ctx.plain_len` slots.
unsafe extern "C" fn tex_callback(ctx: *mut StepCtx, pc: u32, exec: u32, demoted: u32) {
    // SAFETY: as in `step_callback`; the slots outlive the run.
    let (program, slots) = unsafe {
        let c = &*ctx;
        (
            &*c.program,
            std::slice::from_raw_parts(c.plain, c.plain_len),
        )
    };
    let call = match program.ops().get(pc as usize) {
        Some(&Op::Tex { call, d, n }) => slots
            .get(call as usize)
            .copied()
            .flatten()
            .zip(program.tex_calls().get(call as usize))
            .map(|(sampler, t)| (sampler, t, d, n)),
        _ => None,
    };
    let Some((sampler, t, d, n)) = call else {
        // SAFETY: the caller's guarantee.
        unsafe { step_callback(ctx, pc, exec, demoted) };
        return;
    };
    // SAFETY: as in `step_callback`.
    let ctx = unsafe { &mut *ctx };
    let regs = unsafe { &mut *ctx.regs };
    let ok = catch_unwind(AssertUnwindSafe(|| {
        let file = regs.file();
        let lanes = |r: u32| {
            file.get(r as usize)
                .map_or([0.0; LANES], |v| v.map(f32::from_bits))
        };
        let (s, tc) = (lanes(t.args[0][0]), lanes(t.args[0][1]));
        let mut out = [[0.0f32; LANES]; 4];
        sampler.sample(&s, &tc, exec, &mut out);
        for (k, r) in d.iter().enumerate().take((n as usize).min(4)) {
            if let Some(x) = file.get_mut(*r as usize) {
                *x = out[k].map(f32::to_bits);
            }
        }
    }));
    if ok.is_err() {
        ctx.failed = 1;
    }
}

/// A run's surviving lanes from [`Kernel::enter`]'s status: the
/// discarded and demoted lanes leave `mask`; at the loop limit (or after
/// a failed callback) every lane does.
fn settle(mask: &mut u32, status: Option<u32>) -> Result<(), LoopLimit> {
    match status {
        Some(dead) => {
            *mask &= !dead;
            Ok(())
        }
        None => {
            *mask = 0;
            Err(LoopLimit)
        }
    }
}

/// The samplers of `program`'s plain 2D texture calls from `textures`,
/// into `slots` (all `None` past [`MAX_PLAIN`] calls); how many there are.
fn resolve_plain<'a>(
    program: &Program,
    textures: &'a dyn TextureHost<LANES>,
    slots: &mut [PlainSlot<'a>; MAX_PLAIN],
) -> usize {
    let calls = program.tex_calls();
    if calls.len() > MAX_PLAIN {
        return 0;
    }
    for (slot, t) in slots.iter_mut().zip(calls) {
        *slot = if t.plain_2d() {
            textures.plain_2d(&t.decl)
        } else {
            None
        };
    }
    calls.len()
}

/// The plain 2D calls of `program` as bits (none past [`MAX_PLAIN`]
/// calls: [`resolve_plain`] resolves none for such a program).
fn plain_call_bits(program: &Program) -> u64 {
    let calls = program.tex_calls();
    if calls.len() > MAX_PLAIN {
        return 0;
    }
    calls
        .iter()
        .enumerate()
        .fold(0, |m, (i, t)| m | u64::from(t.plain_2d()) << i)
}

/// One fragment run's inputs and outputs, borrowed, for
/// [`Kernel::run_fragment`]: what an [`Env`] holds for the fragment stage,
/// without the 1.4 KB of vertex and geometry built-ins an `Env` is built
/// with (and zeroes) for each run.
pub struct FragmentIo<'a, 'b> {
    /// Inputs by flat component, as [`Env::inputs`].
    pub inputs: &'b [[f32; LANES]],
    /// Buffer words, as [`Env::buffers`].
    pub buffers: &'b [&'b [std::sync::atomic::AtomicU32]],
    /// Outputs by flat component, as [`Env::outputs`].
    pub outputs: &'b mut [[f32; LANES]],
    /// The default uniform block, as [`Env::uniforms`].
    pub uniforms: &'b [u8],
    /// Texture operations, as [`Env::textures`].
    pub textures: &'a dyn TextureHost<LANES>,
    /// The samplers of the program's texture calls by call
    /// ([`Program::tex_calls`]), resolved once for a draw: `Some` for the
    /// plain 2D calls that have one, `None` for the others. Empty: each
    /// run resolves them from `textures`.
    pub plain: &'b [PlainSlot<'a>],
    /// `gl_FragCoord`.
    pub frag_coord: &'b [[f32; LANES]; 4],
    /// `gl_PointCoord`.
    pub point_coord: &'b [[f32; LANES]; 2],
    /// `gl_FrontFacing` for every lane.
    pub front_facing: bool,
    /// `gl_PrimitiveID` for every lane.
    pub primitive_id: i32,
    /// As [`Env::y_sign`].
    pub y_sign: f32,
    /// In: live lanes. Out: live lanes not discarded or demoted, as
    /// [`Env::mask`].
    pub mask: u32,
    /// Helper lanes, as [`Env::helpers`].
    pub helpers: u32,
    /// `gl_FragDepth` out.
    pub frag_depth: &'b mut [f32; LANES],
    /// `gl_SampleID`, `gl_SamplePosition` and `gl_SampleMaskIn[0]` in, as
    /// [`Env::sample_id`], [`Env::sample_pos`] and [`Env::sample_mask_in`].
    pub sample: (i32, [f32; 2], i32),
    /// `gl_SampleMask[0]` out, as [`Env::sample_mask`].
    pub sample_mask: &'b mut [f32; LANES],
}

/// [`Program::step`] (inlined) with the best build for this CPU, as the
/// backend runs the interpreter: the same bits either way.
fn step(
    program: &Program,
    pc: usize,
    regs: &mut Regs<LANES>,
    env: &mut Env<'_, LANES>,
    exec: u32,
    exec0: u32,
    demoted: u32,
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: `step_avx2` only requires AVX2 and FMA, which the CPU
        // has (checked just above).
        unsafe { step_avx2(program, pc, regs, env, exec, exec0, demoted) };
        return;
    }
    program.step(pc, regs, env, exec, exec0, demoted)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn step_avx2(
    program: &Program,
    pc: usize,
    regs: &mut Regs<LANES>,
    env: &mut Env<'_, LANES>,
    exec: u32,
    exec0: u32,
    demoted: u32,
) {
    program.step(pc, regs, env, exec, exec0, demoted)
}

/// Lane-wise operations the generated code calls per 4-lane quarter
/// (transcendental functions, integer division, variable shifts, ...):
/// the engine's own lane functions, so the bits are the interpreter's,
/// without ending a run of native code as an interpreter step would.
#[cfg(target_arch = "x86_64")]
// `__m128i` travels in an xmm register under the System V and Windows x64
// C conventions, as Cranelift passes an `i32x4` argument.
#[allow(improper_ctypes_definitions)]
pub(crate) mod lanes {
    use oxgl_exec::code::{Bin, Un};
    use std::arch::x86_64::__m128i;

    /// Unary operations called through [`un4`], by index.
    pub(crate) const UN: &[Un] = &[
        Un::Round,
        Un::Asin,
        Un::Acos,
        Un::Atan,
        Un::Sinh,
        Un::Cosh,
        Un::Tanh,
        Un::Asinh,
        Un::Acosh,
        Un::Atanh,
        Un::FrexpMant,
        Un::FrexpExp,
        Un::ISign,
        Un::BitReverse,
        Un::BitCount,
        Un::FindLsb,
        Un::IFindMsb,
        Un::UFindMsb,
    ];

    /// Binary operations called through [`bin4`], by index.
    pub(crate) const BIN: &[Bin] = &[
        Bin::Atan2,
        Bin::IDiv,
        Bin::UDiv,
        Bin::IMod,
        Bin::UMod,
        Bin::Shl,
        Bin::UShr,
        Bin::IShr,
        Bin::LdexpI,
        Bin::LdexpU,
    ];

    fn lanes(x: __m128i) -> [u32; 4] {
        // SAFETY: both are 16 bytes of plain integers.
        unsafe { std::mem::transmute::<__m128i, [u32; 4]>(x) }
    }

    fn vector(x: [u32; 4]) -> __m128i {
        // SAFETY: both are 16 bytes of plain integers.
        unsafe { std::mem::transmute::<[u32; 4], __m128i>(x) }
    }

    /// `UN[op]` on four lanes (an unknown index returns `x`).
    pub(crate) extern "C" fn un4(op: u32, x: __m128i) -> __m128i {
        match UN.get(op as usize) {
            Some(f) => vector(oxgl_exec::un_lanes::<4>(*f, &lanes(x))),
            None => x,
        }
    }

    /// `BIN[op]` on four lanes (an unknown index returns `x`).
    pub(crate) extern "C" fn bin4(op: u32, x: __m128i, y: __m128i) -> __m128i {
        match BIN.get(op as usize) {
            Some(f) => vector(oxgl_exec::bin_lanes::<4>(*f, &lanes(x), &lanes(y))),
            None => x,
        }
    }
}

/// A program compiled to native code.
pub struct Kernel {
    /// Keeps the code alive; freed on drop.
    module: Option<cranelift_jit::JITModule>,
    entry: KernelFn,
    /// [`Program::id`] of the program it was compiled from.
    program: u64,
    /// Input components the generated code reads without bounds checks.
    inputs_needed: usize,
    /// Output components it writes without bounds checks.
    outputs_needed: usize,
    /// Uniform bytes it reads without bounds checks.
    uniform_bytes_needed: usize,
    /// Operations emitted natively and as steps (statistics).
    pub native_ops: usize,
    /// Operations left to interpreter steps (statistics).
    pub step_ops: usize,
    /// Those operations by kind (`Tex`, `Pow`, ...), with their counts.
    pub step_kinds: Vec<(String, usize)>,
    /// The code makes steps or touches the vertex and geometry built-ins:
    /// [`Kernel::run_fragment`] builds an [`Env`] for it.
    needs_env: bool,
    /// The program's plain 2D texture calls (bit per call; none past
    /// [`MAX_PLAIN`] calls, whose plain calls are steps).
    plain_calls: u64,
    /// The generated code as text (Cranelift's disassembly), when
    /// [`Kernel::compile_with`] was asked for it.
    pub disasm: Option<String>,
}

// SAFETY: after `finalize_definitions` the module's code and data are
// immutable; the kernel only calls the function.
unsafe impl Send for Kernel {}
// SAFETY: as above; `run` takes `&self` and shares nothing mutable.
unsafe impl Sync for Kernel {}

impl Drop for Kernel {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: no caller can hold the function pointer past the
            // kernel's life (`entry` is private).
            unsafe { m.free_memory() };
        }
    }
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel")
            .field("native_ops", &self.native_ops)
            .field("step_ops", &self.step_ops)
            .finish_non_exhaustive()
    }
}

impl Kernel {
    /// Compiles `program` for the host CPU. [`Kernel::run`] must be given
    /// the same program (checked: another one runs on the interpreter).
    pub fn compile(program: &Program) -> Result<Kernel, JitError> {
        Self::compile_with(program, false)
    }

    /// [`Kernel::compile`], keeping the machine code's disassembly in
    /// [`Kernel::disasm`] when `disasm` is set (`OXGL_JIT_DUMP`).
    pub fn compile_with(program: &Program, disasm: bool) -> Result<Kernel, JitError> {
        let out = codegen::compile(program, disasm)?;
        Ok(Kernel {
            module: Some(out.module),
            // SAFETY: the code was generated for this signature.
            entry: unsafe { std::mem::transmute::<*const u8, KernelFn>(out.code) },
            program: program.id(),
            inputs_needed: out.inputs_needed,
            outputs_needed: out.outputs_needed,
            uniform_bytes_needed: out.uniform_bytes_needed,
            native_ops: out.native_ops,
            step_ops: out.step_ops,
            step_kinds: out.step_kinds,
            needs_env: out.needs_env,
            plain_calls: plain_call_bits(program),
            disasm: out.disasm,
        })
    }

    /// Whether [`Kernel::run_fragment`] runs this code on its
    /// [`FragmentIo`] directly (no interpreter steps, no vertex built-ins),
    /// given a sampler for each plain texture call.
    pub fn runs_without_env(&self) -> bool {
        !self.needs_env
    }

    /// Runs `program` (the one compiled) for the lanes of
    /// `env.mask | env.helpers`, exactly as [`Program::run`] does. Falls
    /// back to the interpreter when `env` is shorter than the generated
    /// code reads or writes.
    pub fn run(
        &self,
        program: &Program,
        regs: &mut Regs<LANES>,
        env: &mut Env<'_, LANES>,
    ) -> Result<(), LoopLimit> {
        self.run_with(program, regs, env, None)
    }

    /// [`Kernel::run`] with the samplers of the plain 2D texture calls
    /// already resolved (`None`: resolved here from `env.textures`).
    fn run_with(
        &self,
        program: &Program,
        regs: &mut Regs<LANES>,
        env: &mut Env<'_, LANES>,
        plain: Option<&[PlainSlot<'_>]>,
    ) -> Result<(), LoopLimit> {
        if program.id() != self.program
            || env.inputs.len() < self.inputs_needed
            || env.outputs.len() < self.outputs_needed
            || env.uniforms.len() < self.uniform_bytes_needed
        {
            return program.run(regs, env);
        }
        let all = oxgl_exec::lane_mask::<LANES>();
        let exec0 = (env.mask | env.helpers) & all;
        env.mask &= all;
        if exec0 == 0 {
            return Ok(());
        }
        program.prepare_regs(regs);
        let mut slots: [PlainSlot; MAX_PLAIN] = [None; MAX_PLAIN];
        let plain = match plain {
            Some(p) => p,
            None => {
                let n = resolve_plain(program, env.textures, &mut slots);
                &slots[..n]
            }
        };
        // Every pointer into `env` derives from this one, which the step
        // callback uses too.
        let envp: *mut Env<'_, LANES> = env;
        // SAFETY: `envp` is a valid, exclusive pointer for this call.
        let io = unsafe {
            Io {
                inputs: (*envp).inputs.as_ptr().cast(),
                outputs: (*envp).outputs.as_mut_ptr().cast(),
                uniforms: (*envp).uniforms.as_ptr(),
                exec0,
                position: std::ptr::addr_of_mut!((*envp).position).cast(),
                point_size: std::ptr::addr_of_mut!((*envp).point_size).cast(),
                clip_distance: std::ptr::addr_of_mut!((*envp).clip_distance).cast(),
                frag_depth: std::ptr::addr_of_mut!((*envp).frag_depth).cast(),
                layer: std::ptr::addr_of_mut!((*envp).layer).cast(),
                viewport_index: std::ptr::addr_of_mut!((*envp).viewport_index).cast(),
                primitive_id_out: std::ptr::addr_of_mut!((*envp).primitive_id_out).cast(),
                frag_coord: std::ptr::addr_of!((*envp).frag_coord).cast(),
                point_coord: std::ptr::addr_of!((*envp).point_coord).cast(),
            }
        };
        // The lifetime is erased for the callback; the context does not
        // outlive the call.
        let status = self.enter(program, regs, &io, envp.cast(), plain);
        // SAFETY: the generated code has returned; `envp` is `env`.
        let env = unsafe { &mut *envp };
        settle(&mut env.mask, status)
    }

    /// Runs a fragment program (the one compiled) on `io`, as
    /// [`Kernel::run`] on an [`Env`] holding the same values would: the same
    /// outputs, `gl_FragDepth` and mask. Code that makes no interpreter
    /// steps and touches no vertex built-in runs on `io`'s own buffers;
    /// other code gets an `Env` built from `io`.
    pub fn run_fragment(
        &self,
        program: &Program,
        regs: &mut Regs<LANES>,
        io: &mut FragmentIo<'_, '_>,
    ) -> Result<(), LoopLimit> {
        let calls = program.tex_calls().len();
        let mut slots: [PlainSlot; MAX_PLAIN];
        let plain: &[PlainSlot] = if io.plain.len() == calls {
            io.plain
        } else {
            slots = [None; MAX_PLAIN];
            let n = resolve_plain(program, io.textures, &mut slots);
            &slots[..n]
        };
        let resolved = plain
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, s)| m | u64::from(s.is_some()) << i);
        let direct = !self.needs_env
            && program.id() == self.program
            && io.inputs.len() >= self.inputs_needed
            && io.outputs.len() >= self.outputs_needed
            && io.uniforms.len() >= self.uniform_bytes_needed
            && plain.len() == calls
            && resolved & self.plain_calls == self.plain_calls;
        if !direct {
            return self.run_fragment_env(program, regs, io, plain);
        }
        let all = oxgl_exec::lane_mask::<LANES>();
        let exec0 = (io.mask | io.helpers) & all;
        io.mask &= all;
        if exec0 == 0 {
            return Ok(());
        }
        program.prepare_regs(regs);
        // No code touches the vertex built-ins (`needs_env` is false).
        let none = std::ptr::null_mut();
        let ports = Io {
            inputs: io.inputs.as_ptr().cast(),
            outputs: io.outputs.as_mut_ptr().cast(),
            uniforms: io.uniforms.as_ptr(),
            exec0,
            position: none,
            point_size: none,
            clip_distance: none,
            frag_depth: io.frag_depth.as_mut_ptr().cast(),
            layer: none,
            viewport_index: none,
            primitive_id_out: none,
            frag_coord: io.frag_coord.as_ptr().cast(),
            point_coord: io.point_coord.as_ptr().cast(),
        };
        // No steps either: the callbacks never need an environment (every
        // plain call has its sampler, checked above).
        let status = self.enter(program, regs, &ports, std::ptr::null_mut(), plain);
        settle(&mut io.mask, status)
    }

    /// [`Kernel::run_fragment`] through an [`Env`] made from `io`.
    fn run_fragment_env(
        &self,
        program: &Program,
        regs: &mut Regs<LANES>,
        io: &mut FragmentIo<'_, '_>,
        plain: &[PlainSlot<'_>],
    ) -> Result<(), LoopLimit> {
        let mut env = Env::new(io.inputs, io.outputs, io.uniforms, io.textures);
        env.buffers = io.buffers;
        env.mask = io.mask;
        env.helpers = io.helpers;
        env.frag_coord = *io.frag_coord;
        env.point_coord = *io.point_coord;
        env.front_facing = if io.front_facing { u32::MAX } else { 0 };
        env.primitive_id = [io.primitive_id; LANES];
        env.y_sign = io.y_sign;
        env.frag_depth = *io.frag_depth;
        (env.sample_id, env.sample_pos, env.sample_mask_in) = io.sample;
        env.sample_mask = *io.sample_mask;
        let plain = (plain.len() == program.tex_calls().len()).then_some(plain);
        let r = self.run_with(program, regs, &mut env, plain);
        io.mask = env.mask;
        *io.frag_depth = env.frag_depth;
        *io.sample_mask = env.sample_mask;
        r
    }

    /// Calls the generated code on prepared registers: the lanes discarded
    /// or demoted, or `None` when the run stopped at the loop limit or a
    /// callback failed.
    fn enter(
        &self,
        program: &Program,
        regs: &mut Regs<LANES>,
        io: &Io,
        env: *mut Env<'static, LANES>,
        plain: &[PlainSlot<'_>],
    ) -> Option<u32> {
        let file = regs.file().as_mut_ptr().cast::<u8>();
        let mut ctx = StepCtx {
            program,
            regs,
            env,
            plain: plain.as_ptr().cast(),
            plain_len: plain.len(),
            exec0: io.exec0,
            failed: 0,
        };
        // SAFETY: `file` holds `program.num_regs()` registers (prepared by
        // the caller); `io`'s pointers cover what the code reads and writes
        // (checked by the caller); the callbacks get `ctx`, valid for the
        // call, whose `env` is null only for code that makes no steps.
        let status = unsafe { (self.entry)(file, io, &mut ctx) };
        if status & STATUS_LOOP_LIMIT != 0 || ctx.failed != 0 {
            return None;
        }
        Some(status as u32)
    }
}
