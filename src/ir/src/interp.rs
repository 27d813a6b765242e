//! The reference interpreter: runs a validated shader for one invocation.
//!
//! It is the oracle: the backend's SoA interpreter and JIT are tested against
//! it, and filetests run every shader before and after their passes to prove
//! the passes keep its meaning. It favours clarity over speed: values are
//! [`Bits`], pure operations are [`crate::eval`] (shared with constant
//! folding), and memory is bytes in each variable's layout.
//!
//! The host supplies the world through [`Invocation`] (inputs by location,
//! the default uniform block, UBO/SSBO contents by binding, system values)
//! and the [`Host`] trait (texture and image operations). Outputs, SSBO
//! writes, emitted vertices and discard come back in the [`Invocation`].
//!
//! One invocation has no neighbours: derivatives are 0 and implicit-LOD
//! sampling passes no LOD (the host decides); barriers do nothing. Shader
//! inputs and outputs are value types or arrays of them: element `i` of an
//! array at location `L` lives at location `L + i·⌈size/16⌉`, starting at the
//! declared component.

use crate::*;
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// Operands of a texture or image operation, as typed lane bits.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Operands {
    /// Operands by name, in [`TEX_OPERANDS`] / [`IMAGE_OPERANDS`] order;
    /// `None` where absent.
    pub values: Vec<Option<(ValType, Bits)>>,
}

impl Operands {
    /// The operand called `name` ("coord", "lod", ...).
    pub fn get(&self, names: &[&str], name: &str) -> Option<(ValType, Bits)> {
        let i = names.iter().position(|n| *n == name)?;
        self.values.get(i).copied().flatten()
    }
}

/// What a shader asks of the outside world.
pub trait Host {
    /// Performs a texture operation on declared texture `op.texture`;
    /// returns lanes of `op.result_type(decl)`.
    fn texture(&mut self, decl: &TextureDecl, op: &TexOp, args: &Operands) -> Bits;
    /// Performs an image operation; returns lanes of its result type (ignored
    /// for stores).
    fn image(&mut self, decl: &ImageDecl, op: &ImageOp, args: &Operands) -> Bits;
}

/// A host without textures or images: every operation returns zeros.
pub struct NoResources;

impl Host for NoResources {
    fn texture(&mut self, _: &TextureDecl, _: &TexOp, _: &Operands) -> Bits {
        [0; 4]
    }
    fn image(&mut self, _: &ImageDecl, _: &ImageOp, _: &Operands) -> Bits {
        [0; 4]
    }
}

/// User outputs: location → four 32-bit components.
pub type Outputs = BTreeMap<u32, [u32; 4]>;

/// Built-in outputs: raw bytes in each variable's layout.
pub type BuiltinOutputs = BTreeMap<Builtin, Vec<u8>>;

/// What a geometry shader emitted.
#[derive(Clone, Debug, PartialEq)]
pub enum GsEvent {
    /// `emit_vertex`: the outputs at that point.
    Vertex {
        /// Stream.
        stream: u8,
        /// User outputs.
        outputs: Outputs,
        /// Built-in outputs (`gl_Position`, ...).
        builtins: BuiltinOutputs,
    },
    /// `end_primitive`.
    EndPrimitive {
        /// Stream.
        stream: u8,
    },
}

/// The state of one invocation: what goes in and what comes out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Invocation {
    /// User inputs: location → four 32-bit components.
    pub inputs: BTreeMap<u32, [u32; 4]>,
    /// Built-in inputs (e.g. `gl_in[].gl_Position`): raw bytes in the
    /// variable's layout.
    pub builtin_inputs: BTreeMap<Builtin, Vec<u8>>,
    /// The default uniform block's bytes.
    pub uniforms: Vec<u8>,
    /// Uniform buffers by binding.
    pub ubos: BTreeMap<u32, Vec<u8>>,
    /// Storage buffers by binding; written back after the run.
    pub ssbos: BTreeMap<u32, Vec<u8>>,
    /// Atomic counter buffers by binding, read and written in place.
    pub counters: BTreeMap<u32, Vec<u8>>,
    /// System values (absent ones read as 0).
    pub system: HashMap<SysVal, Bits>,
    /// User outputs after the run: location → components.
    pub outputs: BTreeMap<u32, [u32; 4]>,
    /// Built-in outputs after the run: raw bytes.
    pub builtin_outputs: BuiltinOutputs,
    /// The invocation executed `discard`.
    pub discarded: bool,
    /// The invocation executed `demote`.
    pub demoted: bool,
    /// Geometry stage: every `emit_vertex` and `end_primitive`, in order.
    pub emitted: Vec<GsEvent>,
}

impl Invocation {
    /// Sets input `location` from up to four f32 components.
    pub fn set_input_f32(&mut self, location: u32, xs: &[f32]) {
        let slot = self.inputs.entry(location).or_default();
        for (s, x) in slot.iter_mut().zip(xs) {
            *s = x.to_bits();
        }
    }

    /// Output `location` as f32 components.
    pub fn output_f32(&self, location: u32) -> [f32; 4] {
        self.outputs
            .get(&location)
            .copied()
            .unwrap_or_default()
            .map(f32::from_bits)
    }

    /// A built-in output as f32 values.
    pub fn builtin_f32(&self, b: Builtin) -> Vec<f32> {
        self.builtin_outputs
            .get(&b)
            .map(|bytes| {
                bytes
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Why a run stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterpError {
    /// The shader does not validate.
    Invalid(valid::ValidationError),
    /// More than [`STEP_LIMIT`] nodes executed (an infinite loop?).
    StepLimit,
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpError::Invalid(e) => write!(f, "invalid shader: {e}"),
            InterpError::StepLimit => write!(f, "step limit of {STEP_LIMIT} exceeded"),
        }
    }
}

impl std::error::Error for InterpError {}

/// Nodes one run may execute.
pub const STEP_LIMIT: u64 = 10_000_000;

/// Runs the entry point of `shader` for one invocation.
pub fn run(shader: &Shader, inv: &mut Invocation, host: &mut dyn Host) -> Result<(), InterpError> {
    valid::validate(shader).map_err(InterpError::Invalid)?;
    let mut m = Machine {
        s: shader,
        inv,
        host,
        mem: HashMap::new(),
        steps: 0,
    };
    m.init_memory();
    let flow = m.call(shader.entry, Vec::new())?;
    m.inv.discarded = matches!(flow, Flow::Discard);
    m.finish();
    Ok(())
}

enum Flow {
    Normal,
    Break,
    Continue,
    Return(Option<Bits>),
    Discard,
}

struct Machine<'a> {
    s: &'a Shader,
    inv: &'a mut Invocation,
    host: &'a mut dyn Host,
    /// Memory of every variable except locals (which live in frames).
    mem: HashMap<VarId, Vec<u8>>,
    steps: u64,
}

struct Frame<'f> {
    f: &'f Function,
    vals: Vec<Bits>,
    params: Vec<Bits>,
    locals: HashMap<VarId, Vec<u8>>,
}

fn read_lanes(bytes: &[u8], off: usize, t: ValType) -> Bits {
    let mut out = [0u64; 4];
    let size = t.scalar.size() as usize;
    for (i, lane) in out.iter_mut().enumerate().take(t.n()) {
        let start = off + i * size;
        let mut b = [0u8; 8];
        if let Some(src) = bytes.get(start..start + size) {
            b[..size].copy_from_slice(src);
        }
        let x = u64::from_le_bytes(b);
        *lane = if t.scalar == Scalar::Bool {
            (x != 0) as u64
        } else {
            x
        };
    }
    out
}

fn write_lanes(bytes: &mut [u8], off: usize, t: ValType, v: Bits) {
    let size = t.scalar.size() as usize;
    for (i, lane) in v.iter().enumerate().take(t.n()) {
        let start = off + i * size;
        if let Some(dst) = bytes.get_mut(start..start + size) {
            dst.copy_from_slice(&lane.to_le_bytes()[..size]);
        }
    }
}

impl<'a> Machine<'a> {
    fn size_of(&self, ty: TypeId) -> usize {
        self.s.types.layout(ty).map_or(0, |(s, _)| s as usize)
    }

    /// Calls `visit(byte offset in the variable, location byte offset,
    /// value type)` for each value element of an I/O variable.
    fn io_elements(
        &self,
        ty: TypeId,
        location: u32,
        component: u8,
    ) -> Vec<(usize, usize, ValType)> {
        let loc_byte = |l: u32| l as usize * 16 + component as usize * 4;
        match self.s.types.get(ty) {
            Some(Type::Value(vt)) => vec![(0, loc_byte(location), *vt)],
            Some(Type::Array { elem, len, .. }) => {
                let Some(vt) = self.s.types.val_type(*elem) else {
                    return Vec::new();
                };
                let stride = self.s.types.stride(ty).unwrap_or(0) as usize;
                let slots = vt.size().div_ceil(16).max(1);
                (0..len.unwrap_or(0))
                    .map(|i| (i as usize * stride, loc_byte(location + i * slots), vt))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn init_memory(&mut self) {
        let mut flat_in = Vec::new();
        for (loc, comps) in &self.inv.inputs {
            let start = *loc as usize * 16;
            if flat_in.len() < start + 16 {
                flat_in.resize(start + 16, 0);
            }
            for (i, c) in comps.iter().enumerate() {
                flat_in[start + i * 4..start + i * 4 + 4].copy_from_slice(&c.to_le_bytes());
            }
        }
        for (h, var) in self.s.vars.iter() {
            let size = self.size_of(var.ty);
            let mut bytes = vec![0u8; size];
            match &var.kind {
                VarKind::Local(_) => continue,
                VarKind::Input { slot, .. } => match slot {
                    Slot::Location {
                        location,
                        component,
                    } => {
                        for (off, lb, vt) in self.io_elements(var.ty, *location, *component) {
                            let n = vt.size() as usize;
                            for k in 0..n {
                                bytes[off + k] = flat_in.get(lb + k).copied().unwrap_or(0);
                            }
                        }
                    }
                    Slot::Builtin(b) => {
                        if let Some(src) = self.inv.builtin_inputs.get(b) {
                            let n = src.len().min(size);
                            bytes[..n].copy_from_slice(&src[..n]);
                        }
                    }
                },
                VarKind::Uniform { offset, .. } => {
                    let o = *offset as usize;
                    if let Some(src) = self.inv.uniforms.get(o..o + size) {
                        bytes.copy_from_slice(src);
                    }
                }
                VarKind::UniformBlock { binding } => {
                    bytes = self.inv.ubos.get(binding).cloned().unwrap_or_default();
                }
                VarKind::StorageBlock { binding, .. } => {
                    bytes = self.inv.ssbos.get(binding).cloned().unwrap_or_default();
                }
                VarKind::AtomicCounter { binding, offset } => {
                    let o = *offset as usize;
                    if let Some(src) = self.inv.counters.get(binding).and_then(|b| b.get(o..)) {
                        let n = src.len().min(size);
                        bytes[..n].copy_from_slice(&src[..n]);
                    }
                }
                _ => {}
            }
            self.mem.insert(h, bytes);
        }
    }

    fn snapshot_outputs(&self) -> (Outputs, BuiltinOutputs) {
        let mut outs = BTreeMap::new();
        let mut builtins = BTreeMap::new();
        for (h, var) in self.s.vars.iter() {
            let VarKind::Output { slot, .. } = &var.kind else {
                continue;
            };
            let bytes = &self.mem[&h];
            match slot {
                Slot::Location {
                    location,
                    component,
                } => {
                    for (off, lb, vt) in self.io_elements(var.ty, *location, *component) {
                        for k in (0..vt.size() as usize).step_by(4) {
                            let at = lb + k;
                            let slot: &mut [u32; 4] = outs.entry((at / 16) as u32).or_default();
                            let mut w = [0u8; 4];
                            w.copy_from_slice(&bytes[off + k..off + k + 4]);
                            slot[(at % 16) / 4] = u32::from_le_bytes(w);
                        }
                    }
                }
                Slot::Builtin(b) => {
                    builtins.insert(*b, bytes.clone());
                }
            }
        }
        (outs, builtins)
    }

    fn finish(&mut self) {
        let (outs, builtins) = self.snapshot_outputs();
        self.inv.outputs = outs;
        self.inv.builtin_outputs = builtins;
        for (h, var) in self.s.vars.iter() {
            match var.kind {
                VarKind::StorageBlock { binding, .. } => {
                    self.inv.ssbos.insert(binding, self.mem[&h].clone());
                }
                VarKind::AtomicCounter { binding, offset } => {
                    let o = offset as usize;
                    if let Some(dst) = self
                        .inv
                        .counters
                        .get_mut(&binding)
                        .and_then(|b| b.get_mut(o..))
                    {
                        let src = &self.mem[&h];
                        let n = src.len().min(dst.len());
                        dst[..n].copy_from_slice(&src[..n]);
                    }
                }
                _ => {}
            }
        }
    }

    fn call(&mut self, func: FuncId, params: Vec<Bits>) -> Result<Flow, InterpError> {
        let f = &self.s.funcs[func];
        let mut locals = HashMap::new();
        for (h, var) in self.s.vars.iter() {
            if var.kind == VarKind::Local(func) {
                locals.insert(h, vec![0u8; self.size_of(var.ty)]);
            }
        }
        let mut frame = Frame {
            f,
            vals: vec![[0; 4]; f.insts.len()],
            params,
            locals,
        };
        self.block(&mut frame, f.body)
    }

    fn block(&mut self, fr: &mut Frame, b: BlockId) -> Result<Flow, InterpError> {
        for node in &fr.f.blocks[b].nodes {
            self.steps += 1;
            if self.steps > STEP_LIMIT {
                return Err(InterpError::StepLimit);
            }
            match node {
                Node::Inst(v) => {
                    if let Some(flow) = self.inst(fr, *v)? {
                        return Ok(flow);
                    }
                }
                Node::If { cond, then, else_ } => {
                    let taken = if fr.vals[cond.index()][0] != 0 {
                        then
                    } else {
                        else_
                    };
                    match self.block(fr, *taken)? {
                        Flow::Normal => {}
                        other => return Ok(other),
                    }
                }
                Node::Loop { body, cont } => loop {
                    self.steps += 1;
                    if self.steps > STEP_LIMIT {
                        return Err(InterpError::StepLimit);
                    }
                    match self.block(fr, *body)? {
                        Flow::Break => break,
                        Flow::Normal | Flow::Continue => {}
                        other => return Ok(other),
                    }
                    match self.block(fr, *cont)? {
                        Flow::Normal => {}
                        other => return Ok(other),
                    }
                },
                Node::Break => return Ok(Flow::Break),
                Node::Continue => return Ok(Flow::Continue),
                Node::Return(v) => return Ok(Flow::Return(v.map(|v| fr.vals[v.index()]))),
                Node::Discard => return Ok(Flow::Discard),
            }
        }
        Ok(Flow::Normal)
    }

    /// Byte offset of `d` in its variable and the element type, or `None`
    /// when a dynamic index is out of range.
    fn locate(&self, fr: &Frame, d: &Deref, mem_len: usize) -> Option<(usize, TypeId)> {
        let mut ty = self.s.vars[d.var].ty;
        let mut off = 0usize;
        for index in &d.path {
            let i = match index {
                Index::Const(c) => *c as u64,
                Index::Value(v) => {
                    let vt = fr.f.insts[*v].ty.unwrap_or(ValType::I32);
                    let x = eval::get_i(vt.scalar, fr.vals[v.index()][0]);
                    if x < 0 {
                        return None;
                    }
                    x as u64
                }
            };
            match self.s.types.get(ty)? {
                Type::Array { elem, len, .. } => {
                    let stride = self.s.types.stride(ty)? as usize;
                    let n = match len {
                        Some(n) => *n as u64,
                        None => (mem_len.saturating_sub(off) / stride.max(1)) as u64,
                    };
                    if i >= n {
                        return None;
                    }
                    off += i as usize * stride;
                    ty = *elem;
                }
                Type::Struct { .. } => {
                    off += self.s.types.member_offset(ty, i as usize)? as usize;
                    ty = self.s.shader_member(ty, i as usize)?;
                }
                Type::Value(_) => return None,
            }
        }
        Some((off, ty))
    }

    fn memory<'m>(&'m mut self, fr: &'m mut Frame, var: VarId) -> &'m mut Vec<u8> {
        match fr.locals.get_mut(&var) {
            Some(m) => m,
            None => self.mem.entry(var).or_default(),
        }
    }

    fn operands(&self, fr: &Frame, ops: &[Option<Value>]) -> Operands {
        Operands {
            values: ops
                .iter()
                .map(|o| o.map(|v| (fr.f.insts[v].ty.unwrap_or(ValType::I32), fr.vals[v.index()])))
                .collect(),
        }
    }

    fn inst(&mut self, fr: &mut Frame, v: Value) -> Result<Option<Flow>, InterpError> {
        let inst = &fr.f.insts[v];
        let ty = inst.ty.unwrap_or(ValType::BOOL);
        let val = |u: Value| fr.vals[u.index()];
        let typed = |u: Value| {
            (
                fr.f.insts[u].ty.unwrap_or(ValType::BOOL),
                fr.vals[u.index()],
            )
        };
        let result: Bits = match &inst.op {
            Op::Const(b) => *b,
            Op::Undef => [0; 4],
            Op::Param(n) => fr.params[*n as usize],
            Op::Alu(op, args) => {
                let a: Vec<(ValType, Bits)> = args.iter().map(|u| typed(*u)).collect();
                eval::alu(*op, ty, &a)
            }
            Op::Swizzle(a, idx) => eval::swizzle(val(*a), *idx, ty.n()),
            Op::Insert(a, s, lane) => {
                let mut b = val(*a);
                b[*lane as usize] = val(*s)[0];
                b
            }
            Op::Construct(parts) => {
                let p: Vec<(ValType, Bits)> = parts.iter().map(|u| typed(*u)).collect();
                eval::construct(&p)
            }
            // The reference interpreter has no pixel: an input reads the
            // same wherever it is interpolated.
            Op::Load(d) | Op::Interpolate(_, d, _) => {
                let d = d.clone();
                let len = self.memory(fr, d.var).len();
                let loc = self.locate(fr, &d, len);
                match loc {
                    Some((off, _)) => read_lanes(self.memory(fr, d.var), off, ty),
                    None => [0; 4],
                }
            }
            Op::Store(d, x) => {
                let (d, x, xt) = (
                    d.clone(),
                    val(*x),
                    fr.f.insts[*x].ty.unwrap_or(ValType::BOOL),
                );
                let len = self.memory(fr, d.var).len();
                if let Some((off, _)) = self.locate(fr, &d, len) {
                    write_lanes(self.memory(fr, d.var), off, xt, x);
                }
                [0; 4]
            }
            Op::ArrayLength(d) => {
                let d = d.clone();
                let len = self.memory(fr, d.var).len();
                match self.locate(fr, &d, len) {
                    Some((off, ty)) => {
                        let stride = self.s.types.stride(ty).unwrap_or(1).max(1) as usize;
                        [(len.saturating_sub(off) / stride) as u64, 0, 0, 0]
                    }
                    None => [0; 4],
                }
            }
            Op::Atomic(op, d, args) => {
                let d = d.clone();
                let a: Vec<u64> = args.iter().map(|u| val(*u)[0]).collect();
                let len = self.memory(fr, d.var).len();
                match self.locate(fr, &d, len) {
                    Some((off, _)) => {
                        let mem = self.memory(fr, d.var);
                        let old = read_lanes(mem, off, ty)[0];
                        let (x, s) = (a[a.len() - 1], ty.scalar);
                        let (so, sx) = (eval::get_i(s, old), eval::get_i(s, x));
                        let new = match op {
                            AtomicOp::Add => old.wrapping_add(x),
                            AtomicOp::IMin => so.min(sx) as u64,
                            AtomicOp::IMax => so.max(sx) as u64,
                            AtomicOp::UMin => old.min(x),
                            AtomicOp::UMax => old.max(x),
                            AtomicOp::And => old & x,
                            AtomicOp::Or => old | x,
                            AtomicOp::Xor => old ^ x,
                            AtomicOp::Xchg => x,
                            AtomicOp::CmpXchg => {
                                if old == a[0] {
                                    x
                                } else {
                                    old
                                }
                            }
                        };
                        write_lanes(mem, off, ty, [eval::put_i(s, new as i64), 0, 0, 0]);
                        [old, 0, 0, 0]
                    }
                    None => [0; 4],
                }
            }
            Op::Tex(t) => {
                let args = self.operands(fr, &t.operands());
                let decl = &self.s.textures[t.texture as usize];
                self.host.texture(decl, t, &args)
            }
            Op::Image(im) => {
                let args = self.operands(fr, &im.operands());
                let decl = &self.s.images[im.image as usize];
                self.host.image(decl, im, &args)
            }
            Op::System(sv) => {
                if *sv == SysVal::HelperInvocation {
                    [self.inv.demoted as u64, 0, 0, 0]
                } else {
                    self.inv.system.get(sv).copied().unwrap_or([0; 4])
                }
            }
            Op::Deriv(..) => eval::splat_bits(ty, 0.0),
            Op::Barrier(_) => [0; 4],
            Op::EmitVertex(stream) => {
                let (outputs, builtins) = self.snapshot_outputs();
                self.inv.emitted.push(GsEvent::Vertex {
                    stream: *stream,
                    outputs,
                    builtins,
                });
                [0; 4]
            }
            Op::EndPrimitive(stream) => {
                self.inv
                    .emitted
                    .push(GsEvent::EndPrimitive { stream: *stream });
                [0; 4]
            }
            Op::Demote => {
                self.inv.demoted = true;
                [0; 4]
            }
            Op::Call(func, args) => {
                let params: Vec<Bits> = args.iter().map(|u| val(*u)).collect();
                match self.call(*func, params)? {
                    Flow::Return(r) => r.unwrap_or([0; 4]),
                    Flow::Discard => return Ok(Some(Flow::Discard)),
                    _ => [0; 4],
                }
            }
        };
        fr.vals[v.index()] = result;
        Ok(None)
    }
}

impl Shader {
    /// The type of member `i` of struct type `ty`.
    fn shader_member(&self, ty: TypeId, i: usize) -> Option<TypeId> {
        match self.types.get(ty)? {
            Type::Struct { members } => members.get(i).map(|m| m.ty),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_arithmetic_control_flow_and_memory() {
        let mut s = Shader::new(Stage::Fragment);
        let mut b = Builder::new(&mut s);
        let c = b.load_input(0, ValType::F32X4);
        let k = b.uniform(16, ValType::F32);
        let k4 = b.splat(k, 4);
        let m = b.mul(c, k4);
        // sum = 0; for i in 0..4 { sum += m[i] }
        let sum = b.local("sum", ValType::F32);
        let i = b.local("i", ValType::I32);
        let z = b.f32(0.0);
        b.store_var(sum, z);
        let zi = b.i32(0);
        b.store_var(i, zi);
        b.loop_(
            |b| {
                let iv = b.load_var(i);
                let four = b.i32(4);
                let done = b.ge(iv, four);
                b.if_then(done, |b| b.break_());
                let lane = b.alu(AluOp::VExtract, &[m, iv]);
                let s0 = b.load_var(sum);
                let s1 = b.add(s0, lane);
                b.store_var(sum, s1);
            },
            |b| {
                let iv = b.load_var(i);
                let one = b.i32(1);
                let n = b.add(iv, one);
                b.store_var(i, n);
            },
        );
        let total = b.load_var(sum);
        let zero = b.f32(0.0);
        let neg = b.lt(total, zero);
        b.if_then(neg, |b| b.discard());
        let out = b.construct(&[total, total, total, total]);
        b.store_output(0, out);

        let mut inv = Invocation::default();
        inv.set_input_f32(0, &[1.0, 2.0, 3.0, 4.0]);
        inv.uniforms = vec![0; 20];
        inv.uniforms[16..20].copy_from_slice(&2f32.to_le_bytes());
        run(&s, &mut inv, &mut NoResources).unwrap();
        assert!(!inv.discarded);
        assert_eq!(inv.output_f32(0), [20.0; 4]);

        let mut inv = Invocation::default();
        inv.set_input_f32(0, &[-1.0, 0.0, 0.0, 0.0]);
        inv.uniforms = vec![0; 20];
        inv.uniforms[16..20].copy_from_slice(&1f32.to_le_bytes());
        run(&s, &mut inv, &mut NoResources).unwrap();
        assert!(inv.discarded);
    }

    #[test]
    fn ssbo_atomics_and_runtime_arrays() {
        let src = "shader compute
mode local_size 1 1 1
var v0 \"buf\" ssbo binding 2 : { u32 offset 0, [u32 stride 4] offset 4 }
func f0 \"main\" () {
  %0: u32 = const 5
  %1: u32 = atomic add v0[0], %0
  %2: u32 = array_length v0[1]
  %3: i32 = const 1
  store v0[1][%3], %2
  %4: i32 = const 99
  store v0[1][%4], %2
  store v0[1][0], %1
}
";
        let s = text::parse(src).unwrap();
        let mut inv = Invocation::default();
        inv.ssbos.insert(
            2,
            [7u32, 0, 0, 0]
                .iter()
                .flat_map(|x| x.to_le_bytes())
                .collect(),
        );
        run(&s, &mut inv, &mut NoResources).unwrap();
        let words: Vec<u32> = inv.ssbos[&2]
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        assert_eq!(
            words,
            vec![12, 7, 3, 0],
            "old value, length 3, index 99 dropped"
        );
    }

    #[test]
    fn infinite_loops_stop() {
        let mut s = Shader::new(Stage::Vertex);
        Builder::new(&mut s).loop_(|_| {}, |_| {});
        assert_eq!(
            run(&s, &mut Invocation::default(), &mut NoResources),
            Err(InterpError::StepLimit)
        );
    }
}
