//! The binary form: what crosses the backend ABI and what the shader cache
//! stores. Versioned and deterministic.
//!
//! Layout: the magic `b"OXIR"`, a little-endian `u32` [`VERSION`], then the
//! shader. Integers are little-endian `u32` unless said otherwise, strings are
//! a `u32` byte length and UTF-8 bytes, `Option`s a `u8` 0/1 then the value,
//! enums a `u8` index (their position in `ALL`). Each function is written in
//! canonical form: only reachable blocks (pre-order) and instructions
//! (execution order), renumbered from 0, so equal printed IR gives equal
//! bytes whatever garbage its arenas held. The full layout is in
//! `docs/ir.md`. Bump [`VERSION`] on any change; readers reject other
//! versions (the shader cache then recompiles).
//!
//! [`deserialize`] validates what it decodes: a corrupt or hostile blob is an
//! error, never a panic or an invalid shader.

use crate::types::ALL_SCALARS;
use crate::*;
use std::collections::HashMap;
use std::fmt;

/// The four bytes every blob starts with.
pub const MAGIC: [u8; 4] = *b"OXIR";
/// The format version this crate reads and writes.
pub const VERSION: u32 = 4;

/// Why a blob could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Not an IR blob.
    BadMagic,
    /// Written by another format version.
    Version(u32),
    /// Truncated or malformed at this byte offset.
    Malformed(usize, &'static str),
    /// Well-formed but invalid IR.
    Invalid(valid::ValidationError),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::BadMagic => write!(f, "not an oxgl IR blob"),
            DecodeError::Version(v) => write!(f, "IR blob version {v}, expected {VERSION}"),
            DecodeError::Malformed(at, what) => write!(f, "malformed IR blob at byte {at}: {what}"),
            DecodeError::Invalid(e) => write!(f, "invalid IR in blob: {e}"),
        }
    }
}

impl std::error::Error for DecodeError {}

// ---- writer ----------------------------------------------------------------

struct W {
    buf: Vec<u8>,
}

impl W {
    fn u8(&mut self, x: u8) {
        self.buf.push(x);
    }
    fn u32(&mut self, x: u32) {
        self.buf.extend_from_slice(&x.to_le_bytes());
    }
    fn u64(&mut self, x: u64) {
        self.buf.extend_from_slice(&x.to_le_bytes());
    }
    fn len(&mut self, n: usize) {
        self.u32(n as u32);
    }
    fn str(&mut self, s: &str) {
        self.len(s.len());
        self.buf.extend_from_slice(s.as_bytes());
    }
    fn opt_u32(&mut self, x: Option<u32>) {
        match x {
            None => self.u8(0),
            Some(x) => {
                self.u8(1);
                self.u32(x);
            }
        }
    }
    fn bool(&mut self, b: bool) {
        self.u8(b as u8);
    }
    fn scalar(&mut self, s: Scalar) {
        self.u8(ALL_SCALARS.iter().position(|x| *x == s).unwrap_or(0) as u8);
    }
    fn vt(&mut self, t: ValType) {
        self.scalar(t.scalar);
        self.u8(t.lanes);
    }
    fn opt_vt(&mut self, t: Option<ValType>) {
        match t {
            None => self.u8(0),
            Some(t) => {
                self.u8(1);
                self.vt(t);
            }
        }
    }
}

/// Serializes a shader (assumed valid) to its canonical bytes.
pub fn serialize(shader: &Shader) -> Vec<u8> {
    let mut w = W { buf: Vec::new() };
    w.buf.extend_from_slice(&MAGIC);
    w.u32(VERSION);
    w.u8(shader.stage as u8);
    w.len(shader.modes.len());
    for m in &shader.modes {
        match m {
            Mode::LocalSize(s) => {
                w.u8(0);
                s.iter().for_each(|x| w.u32(*x));
            }
            Mode::EarlyFragmentTests => w.u8(1),
            Mode::InputPrimitive(p) => {
                w.u8(2);
                w.u8(p.index() as u8);
            }
            Mode::OutputPrimitive(p) => {
                w.u8(3);
                w.u8(p.index() as u8);
            }
            Mode::MaxVertices(n) => {
                w.u8(4);
                w.u32(*n);
            }
            Mode::Invocations(n) => {
                w.u8(5);
                w.u32(*n);
            }
            Mode::OutputVertices(n) => {
                w.u8(6);
                w.u32(*n);
            }
            Mode::OriginUpperLeft => w.u8(7),
            Mode::PixelCenterInteger => w.u8(8),
            Mode::TessDomain(d) => {
                w.u8(9);
                w.u8(d.index() as u8);
            }
            Mode::TessSpacing(sp) => {
                w.u8(10);
                w.u8(sp.index() as u8);
            }
            Mode::TessClockwise => w.u8(11),
            Mode::TessPointMode => w.u8(12),
        }
    }
    w.len(shader.types.len());
    for (_, t) in shader.types.iter() {
        match t {
            Type::Value(v) => {
                w.u8(0);
                w.vt(*v);
            }
            Type::Array { elem, len, stride } => {
                w.u8(1);
                w.u32(elem.raw());
                w.opt_u32(*len);
                w.opt_u32(*stride);
            }
            Type::Struct { members } => {
                w.u8(2);
                w.len(members.len());
                for m in members {
                    w.u32(m.ty.raw());
                    w.opt_u32(m.offset);
                }
            }
        }
    }
    w.len(shader.textures.len());
    for t in &shader.textures {
        w.str(&t.name);
        w.u8(t.dim.index() as u8);
        w.bool(t.arrayed);
        w.bool(t.multisample);
        w.bool(t.shadow);
        w.scalar(t.kind);
        w.u32(t.binding);
    }
    w.len(shader.images.len());
    for i in &shader.images {
        w.str(&i.name);
        w.u8(i.dim.index() as u8);
        w.bool(i.arrayed);
        w.bool(i.multisample);
        w.scalar(i.kind);
        w.u32(i.format);
        w.u32(i.binding);
    }
    w.len(shader.vars.len());
    for (_, v) in shader.vars.iter() {
        w.str(&v.name);
        w.u32(v.ty.raw());
        write_var_kind(&mut w, &v.kind);
    }
    w.len(shader.funcs.len());
    for (_, f) in shader.funcs.iter() {
        write_func(&mut w, f);
    }
    w.u32(shader.entry.raw());
    w.buf
}

fn write_slot(w: &mut W, slot: &Slot) {
    match slot {
        Slot::Location {
            location,
            component,
        } => {
            w.u8(0);
            w.u32(*location);
            w.u8(*component);
        }
        Slot::Builtin(b) => {
            w.u8(1);
            w.u8(b.index() as u8);
        }
    }
}

fn write_var_kind(w: &mut W, kind: &VarKind) {
    match kind {
        VarKind::Local(f) => {
            w.u8(0);
            w.u32(f.raw());
        }
        VarKind::Private => w.u8(1),
        VarKind::Input {
            slot,
            interp,
            sampling,
        } => {
            w.u8(2);
            write_slot(w, slot);
            w.u8(*interp as u8);
            w.u8(*sampling as u8);
        }
        VarKind::Output { slot, index } => {
            w.u8(3);
            write_slot(w, slot);
            w.u8(*index);
        }
        VarKind::Uniform { offset, location } => {
            w.u8(4);
            w.u32(*offset);
            w.opt_u32(*location);
        }
        VarKind::UniformBlock { binding } => {
            w.u8(5);
            w.u32(*binding);
        }
        VarKind::StorageBlock { binding, readonly } => {
            w.u8(6);
            w.u32(*binding);
            w.bool(*readonly);
        }
        VarKind::Shared => w.u8(7),
        VarKind::AtomicCounter { binding, offset } => {
            w.u8(8);
            w.u32(*binding);
            w.u32(*offset);
        }
    }
}

fn write_func(w: &mut W, f: &Function) {
    w.str(&f.name);
    w.len(f.params.len());
    f.params.iter().for_each(|p| w.vt(*p));
    w.opt_vt(f.ret);
    let insts = f.live_insts();
    let blocks = f.live_blocks();
    let vmap: HashMap<Value, u32> = insts
        .iter()
        .enumerate()
        .map(|(i, v)| (*v, i as u32))
        .collect();
    let bmap: HashMap<BlockId, u32> = blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (*b, i as u32))
        .collect();
    let val = |v: Value| vmap.get(&v).copied().unwrap_or(u32::MAX);
    let blk = |b: BlockId| bmap.get(&b).copied().unwrap_or(u32::MAX);
    w.len(insts.len());
    for v in &insts {
        let inst = &f.insts[*v];
        w.opt_vt(inst.ty);
        write_op(w, &inst.op, &val);
    }
    w.len(blocks.len());
    for b in &blocks {
        let nodes = &f.blocks[*b].nodes;
        w.len(nodes.len());
        for n in nodes {
            match n {
                Node::Inst(v) => {
                    w.u8(0);
                    w.u32(val(*v));
                }
                Node::If { cond, then, else_ } => {
                    w.u8(1);
                    w.u32(val(*cond));
                    w.u32(blk(*then));
                    w.u32(blk(*else_));
                }
                Node::Loop { body, cont } => {
                    w.u8(2);
                    w.u32(blk(*body));
                    w.u32(blk(*cont));
                }
                Node::Break => w.u8(3),
                Node::Continue => w.u8(4),
                Node::Return(v) => {
                    w.u8(5);
                    w.opt_u32(v.map(val));
                }
                Node::Discard => w.u8(6),
            }
        }
    }
}

fn write_deref(w: &mut W, d: &Deref, val: &dyn Fn(Value) -> u32) {
    w.u32(d.var.raw());
    w.len(d.path.len());
    for i in &d.path {
        match i {
            Index::Const(c) => {
                w.u8(0);
                w.u32(*c);
            }
            Index::Value(v) => {
                w.u8(1);
                w.u32(val(*v));
            }
        }
    }
}

fn write_values(w: &mut W, vs: &[Value], val: &dyn Fn(Value) -> u32) {
    w.len(vs.len());
    vs.iter().for_each(|v| w.u32(val(*v)));
}

fn write_operands(w: &mut W, ops: &[Option<Value>], val: &dyn Fn(Value) -> u32) {
    let mask = ops
        .iter()
        .enumerate()
        .fold(0u32, |m, (i, o)| m | ((o.is_some() as u32) << i));
    w.u32(mask);
    ops.iter().flatten().for_each(|v| w.u32(val(*v)));
}

fn write_op(w: &mut W, op: &Op, val: &dyn Fn(Value) -> u32) {
    match op {
        Op::Const(bits) => {
            w.u8(0);
            bits.iter().for_each(|b| w.u64(*b));
        }
        Op::Undef => w.u8(1),
        Op::Param(n) => {
            w.u8(2);
            w.u32(*n);
        }
        Op::Alu(op, args) => {
            w.u8(3);
            w.u32(op.index());
            write_values(w, args, val);
        }
        Op::Swizzle(v, idx) => {
            w.u8(4);
            w.u32(val(*v));
            idx.iter().for_each(|i| w.u8(*i));
        }
        Op::Insert(a, s, lane) => {
            w.u8(5);
            w.u32(val(*a));
            w.u32(val(*s));
            w.u8(*lane);
        }
        Op::Construct(parts) => {
            w.u8(6);
            write_values(w, parts, val);
        }
        Op::Load(d) => {
            w.u8(7);
            write_deref(w, d, val);
        }
        Op::Store(d, v) => {
            w.u8(8);
            write_deref(w, d, val);
            w.u32(val(*v));
        }
        Op::ArrayLength(d) => {
            w.u8(9);
            write_deref(w, d, val);
        }
        Op::Atomic(op, d, args) => {
            w.u8(10);
            w.u8(op.index() as u8);
            write_deref(w, d, val);
            write_values(w, args, val);
        }
        Op::Tex(t) => {
            w.u8(11);
            w.u8(t.kind.index() as u8);
            w.u32(t.texture);
            w.u32(t.sampler);
            write_operands(w, &t.operands(), val);
            w.u8(t.component);
            w.bool(t.shadow_vec4);
        }
        Op::Image(im) => {
            w.u8(12);
            w.u8(im.kind.index() as u8);
            w.u32(im.image);
            write_operands(w, &im.operands(), val);
        }
        Op::System(sv) => {
            w.u8(13);
            w.u8(sv.index() as u8);
        }
        Op::Deriv(d, v) => {
            w.u8(14);
            w.u8(d.index() as u8);
            w.u32(val(*v));
        }
        Op::Barrier(b) => {
            w.u8(15);
            w.bool(b.control);
            w.u8(b.memory);
        }
        Op::EmitVertex(n) => {
            w.u8(16);
            w.u8(*n);
        }
        Op::EndPrimitive(n) => {
            w.u8(17);
            w.u8(*n);
        }
        Op::Demote => w.u8(18),
        Op::Call(f, args) => {
            w.u8(19);
            w.u32(f.raw());
            write_values(w, args, val);
        }
        Op::Interpolate(at, d, args) => {
            w.u8(20);
            w.u8(at.index() as u8);
            write_deref(w, d, val);
            write_values(w, args, val);
        }
    }
}

// ---- reader ----------------------------------------------------------------

struct R<'a> {
    data: &'a [u8],
    pos: usize,
}

type DResult<T> = Result<T, DecodeError>;

impl R<'_> {
    fn bad<T>(&self, what: &'static str) -> DResult<T> {
        Err(DecodeError::Malformed(self.pos, what))
    }
    fn bytes(&mut self, n: usize) -> DResult<&[u8]> {
        if self.data.len() - self.pos < n {
            return self.bad("truncated");
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }
    fn u8(&mut self) -> DResult<u8> {
        Ok(self.bytes(1)?[0])
    }
    fn u32(&mut self) -> DResult<u32> {
        Ok(u32::from_le_bytes(
            self.bytes(4)?.try_into().unwrap_or_default(),
        ))
    }
    fn u64(&mut self) -> DResult<u64> {
        Ok(u64::from_le_bytes(
            self.bytes(8)?.try_into().unwrap_or_default(),
        ))
    }
    /// A count, bounded by the bytes left (each element takes at least one).
    fn len(&mut self) -> DResult<usize> {
        let n = self.u32()? as usize;
        if n > self.data.len() - self.pos {
            return self.bad("count larger than the blob");
        }
        Ok(n)
    }
    fn str(&mut self) -> DResult<String> {
        let n = self.len()?;
        let b = self.bytes(n)?.to_vec();
        String::from_utf8(b).or_else(|_| self.bad("string is not UTF-8"))
    }
    fn bool(&mut self) -> DResult<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => self.bad("bad bool"),
        }
    }
    fn opt_u32(&mut self) -> DResult<Option<u32>> {
        Ok(if self.bool()? {
            Some(self.u32()?)
        } else {
            None
        })
    }
    fn pick<T: Copy>(&mut self, all: &[T], what: &'static str) -> DResult<T> {
        let i = self.u8()? as usize;
        match all.get(i) {
            Some(x) => Ok(*x),
            None => self.bad(what),
        }
    }
    fn scalar(&mut self) -> DResult<Scalar> {
        self.pick(&ALL_SCALARS, "bad scalar")
    }
    fn vt(&mut self) -> DResult<ValType> {
        let scalar = self.scalar()?;
        let lanes = self.u8()?;
        let t = ValType::vec(scalar, lanes);
        if t.is_valid() {
            Ok(t)
        } else {
            self.bad("bad lane count")
        }
    }
    fn opt_vt(&mut self) -> DResult<Option<ValType>> {
        Ok(if self.bool()? { Some(self.vt()?) } else { None })
    }
    fn handle<T>(&mut self) -> DResult<Handle<T>> {
        Ok(Handle::new(self.u32()?))
    }
}

/// Reads and validates a blob written by [`serialize()`].
pub fn deserialize(data: &[u8]) -> Result<Shader, DecodeError> {
    if data.len() < 8 || data[..4] != MAGIC {
        return Err(DecodeError::BadMagic);
    }
    let version = u32::from_le_bytes([data[4], data[5], data[6], data[7]]);
    if version != VERSION {
        return Err(DecodeError::Version(version));
    }
    let mut r = R { data, pos: 8 };
    let shader = read_shader(&mut r)?;
    if r.pos != data.len() {
        return r.bad("trailing bytes");
    }
    valid::validate(&shader).map_err(DecodeError::Invalid)?;
    Ok(shader)
}

fn read_shader(r: &mut R) -> DResult<Shader> {
    let stage = r.pick(&Stage::ALL, "bad stage")?;
    let mut s = Shader::new(stage);
    s.funcs = Arena::new();
    for _ in 0..r.len()? {
        let m = match r.u8()? {
            0 => Mode::LocalSize([r.u32()?, r.u32()?, r.u32()?]),
            1 => Mode::EarlyFragmentTests,
            2 => Mode::InputPrimitive(r.pick(Primitive::ALL, "bad primitive")?),
            3 => Mode::OutputPrimitive(r.pick(Primitive::ALL, "bad primitive")?),
            4 => Mode::MaxVertices(r.u32()?),
            5 => Mode::Invocations(r.u32()?),
            6 => Mode::OutputVertices(r.u32()?),
            7 => Mode::OriginUpperLeft,
            8 => Mode::PixelCenterInteger,
            9 => Mode::TessDomain(r.pick(TessDomain::ALL, "bad tessellation domain")?),
            10 => Mode::TessSpacing(r.pick(TessSpacing::ALL, "bad tessellation spacing")?),
            11 => Mode::TessClockwise,
            12 => Mode::TessPointMode,
            _ => return r.bad("bad mode"),
        };
        s.modes.push(m);
    }
    for i in 0..r.len()? {
        let t = match r.u8()? {
            0 => Type::Value(r.vt()?),
            1 => Type::Array {
                elem: r.handle()?,
                len: r.opt_u32()?,
                stride: r.opt_u32()?,
            },
            2 => {
                let mut members = Vec::new();
                for _ in 0..r.len()? {
                    members.push(Member {
                        ty: r.handle()?,
                        offset: r.opt_u32()?,
                    });
                }
                Type::Struct { members }
            }
            _ => return r.bad("bad type"),
        };
        // Interning must not merge: the writer's arena had no duplicates.
        if s.types.intern(t).index() != i {
            return r.bad("duplicate type");
        }
    }
    for _ in 0..r.len()? {
        s.textures.push(TextureDecl {
            name: r.str()?,
            dim: r.pick(Dim::ALL, "bad dim")?,
            arrayed: r.bool()?,
            multisample: r.bool()?,
            shadow: r.bool()?,
            kind: r.scalar()?,
            binding: r.u32()?,
        });
    }
    for _ in 0..r.len()? {
        s.images.push(ImageDecl {
            name: r.str()?,
            dim: r.pick(Dim::ALL, "bad dim")?,
            arrayed: r.bool()?,
            multisample: r.bool()?,
            kind: r.scalar()?,
            format: r.u32()?,
            binding: r.u32()?,
        });
    }
    for _ in 0..r.len()? {
        let name = r.str()?;
        let ty = r.handle()?;
        let kind = read_var_kind(r)?;
        s.add_var(&name, ty, kind);
    }
    for _ in 0..r.len()? {
        let f = read_func(r)?;
        s.funcs.append(f);
    }
    s.entry = r.handle()?;
    Ok(s)
}

fn read_slot(r: &mut R) -> DResult<Slot> {
    Ok(match r.u8()? {
        0 => Slot::Location {
            location: r.u32()?,
            component: r.u8()?,
        },
        1 => Slot::Builtin(r.pick(Builtin::ALL, "bad builtin")?),
        _ => return r.bad("bad slot"),
    })
}

fn read_var_kind(r: &mut R) -> DResult<VarKind> {
    Ok(match r.u8()? {
        0 => VarKind::Local(r.handle()?),
        1 => VarKind::Private,
        2 => VarKind::Input {
            slot: read_slot(r)?,
            interp: r.pick(
                &[
                    InterpMode::Smooth,
                    InterpMode::Flat,
                    InterpMode::NoPerspective,
                ],
                "bad interpolation",
            )?,
            sampling: r.pick(
                &[Sampling::Center, Sampling::Centroid, Sampling::Sample],
                "bad sampling",
            )?,
        },
        3 => VarKind::Output {
            slot: read_slot(r)?,
            index: r.u8()?,
        },
        4 => VarKind::Uniform {
            offset: r.u32()?,
            location: r.opt_u32()?,
        },
        5 => VarKind::UniformBlock { binding: r.u32()? },
        6 => VarKind::StorageBlock {
            binding: r.u32()?,
            readonly: r.bool()?,
        },
        7 => VarKind::Shared,
        8 => VarKind::AtomicCounter {
            binding: r.u32()?,
            offset: r.u32()?,
        },
        _ => return r.bad("bad variable kind"),
    })
}

fn read_func(r: &mut R) -> DResult<Function> {
    let name = r.str()?;
    let mut params = Vec::new();
    for _ in 0..r.len()? {
        params.push(r.vt()?);
    }
    let ret = r.opt_vt()?;
    let mut f = Function::new(&name, params, ret);
    f.blocks = Arena::new();
    for _ in 0..r.len()? {
        let ty = r.opt_vt()?;
        let op = read_op(r)?;
        f.insts.append(Inst { op, ty });
    }
    let nblocks = r.len()?;
    if nblocks == 0 {
        return r.bad("function without a body");
    }
    for _ in 0..nblocks {
        let mut nodes = Vec::new();
        for _ in 0..r.len()? {
            nodes.push(match r.u8()? {
                0 => Node::Inst(r.handle()?),
                1 => Node::If {
                    cond: r.handle()?,
                    then: r.handle()?,
                    else_: r.handle()?,
                },
                2 => Node::Loop {
                    body: r.handle()?,
                    cont: r.handle()?,
                },
                3 => Node::Break,
                4 => Node::Continue,
                5 => Node::Return(r.opt_u32()?.map(Handle::new)),
                6 => Node::Discard,
                _ => return r.bad("bad node"),
            });
        }
        f.blocks.append(Block { nodes });
    }
    f.body = Handle::new(0);
    // Structural soundness before anything walks the tree: handles in range
    // and every block reached once (the validator relies on a finite tree).
    let mut seen = vec![false; f.blocks.len()];
    let mut stack = vec![f.body];
    while let Some(b) = stack.pop() {
        if std::mem::replace(&mut seen[b.index()], true) {
            return r.bad("block reached twice");
        }
        for n in &f.blocks[b].nodes {
            let children = match n {
                Node::If { then, else_, .. } => [*then, *else_],
                Node::Loop { body, cont } => [*body, *cont],
                _ => continue,
            };
            for c in children {
                if !f.blocks.contains(c) {
                    return r.bad("block out of range");
                }
                stack.push(c);
            }
        }
    }
    Ok(f)
}

fn read_deref(r: &mut R) -> DResult<Deref> {
    let var = r.handle()?;
    let mut path = Vec::new();
    for _ in 0..r.len()? {
        path.push(match r.u8()? {
            0 => Index::Const(r.u32()?),
            1 => Index::Value(r.handle()?),
            _ => return r.bad("bad index"),
        });
    }
    Ok(Deref { var, path })
}

fn read_values(r: &mut R) -> DResult<Vec<Value>> {
    (0..r.len()?).map(|_| r.handle()).collect()
}

fn read_operands<const N: usize>(r: &mut R, slots: [&mut Option<Value>; N]) -> DResult<()> {
    let mask = r.u32()?;
    if mask >> N != 0 {
        return r.bad("bad operand mask");
    }
    for (i, slot) in slots.into_iter().enumerate() {
        if mask & (1 << i) != 0 {
            *slot = Some(r.handle()?);
        }
    }
    Ok(())
}

fn read_op(r: &mut R) -> DResult<Op> {
    Ok(match r.u8()? {
        0 => Op::Const([r.u64()?, r.u64()?, r.u64()?, r.u64()?]),
        1 => Op::Undef,
        2 => Op::Param(r.u32()?),
        3 => {
            let i = r.u32()? as usize;
            let Some(op) = AluOp::ALL.get(i) else {
                return r.bad("bad ALU op");
            };
            Op::Alu(*op, read_values(r)?)
        }
        4 => Op::Swizzle(r.handle()?, [r.u8()?, r.u8()?, r.u8()?, r.u8()?]),
        5 => Op::Insert(r.handle()?, r.handle()?, r.u8()?),
        6 => Op::Construct(read_values(r)?),
        7 => Op::Load(read_deref(r)?),
        8 => Op::Store(read_deref(r)?, r.handle()?),
        9 => Op::ArrayLength(read_deref(r)?),
        10 => {
            let op = r.pick(AtomicOp::ALL, "bad atomic op")?;
            Op::Atomic(op, read_deref(r)?, read_values(r)?)
        }
        11 => {
            let kind = r.pick(TexKind::ALL, "bad texture op")?;
            let mut t = TexOp::new(kind, r.u32()?);
            t.sampler = r.u32()?;
            read_operands(r, t.operands_mut())?;
            t.component = r.u8()?;
            t.shadow_vec4 = r.bool()?;
            Op::Tex(Box::new(t))
        }
        12 => {
            let kind = r.pick(ImageKind::ALL, "bad image op")?;
            let mut im = ImageOp {
                kind,
                image: r.u32()?,
                coord: None,
                sample: None,
                value: None,
                compare: None,
            };
            read_operands(r, im.operands_mut())?;
            Op::Image(Box::new(im))
        }
        13 => Op::System(r.pick(SysVal::ALL, "bad system value")?),
        14 => Op::Deriv(r.pick(Deriv::ALL, "bad derivative")?, r.handle()?),
        15 => Op::Barrier(Barrier {
            control: r.bool()?,
            memory: r.u8()?,
        }),
        16 => Op::EmitVertex(r.u8()?),
        17 => Op::EndPrimitive(r.u8()?),
        18 => Op::Demote,
        19 => Op::Call(r.handle()?, read_values(r)?),
        20 => {
            let at = r.pick(InterpAt::ALL, "bad interpolation")?;
            Op::Interpolate(at, read_deref(r)?, read_values(r)?)
        }
        _ => return r.bad("bad instruction"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Shader {
        let mut s = Shader::new(Stage::Fragment);
        s.modes.push(Mode::EarlyFragmentTests);
        s.modes.push(Mode::OriginUpperLeft);
        s.modes.push(Mode::PixelCenterInteger);
        let mut b = Builder::new(&mut s);
        let t = b.declare_texture(TextureDecl {
            name: "tex".into(),
            dim: Dim::D2,
            arrayed: false,
            multisample: false,
            shadow: false,
            kind: Scalar::F32,
            binding: 3,
        });
        let c = b.load_input(1, ValType::F32X4);
        let uv = b.swizzle(c, "xy");
        let texel = b.sample(t, uv);
        let m = b.mul(texel, c);
        let x = b.lane(m, 3);
        let zero = b.f32(0.0);
        let dead = b.f32(42.0);
        let _ = dead;
        let cond = b.lt(x, zero);
        b.if_(cond, |b| b.discard(), |b| b.store_output(0, m));
        s
    }

    #[test]
    fn round_trip_is_canonical() {
        let s = sample();
        let bytes = serialize(&s);
        assert_eq!(&bytes[..4], b"OXIR");
        let back = deserialize(&bytes).unwrap();
        assert_eq!(text::print(&back), text::print(&s));
        assert_eq!(serialize(&back), bytes, "deterministic bytes");
        // Parsing the printed form gives the same bytes too.
        let parsed = text::parse(&text::print(&s)).unwrap();
        assert_eq!(serialize(&parsed), bytes);
    }

    #[test]
    fn tessellation_modes_round_trip() {
        let mut s = Shader::new(Stage::TessEval);
        s.modes.extend([
            Mode::TessDomain(TessDomain::Isolines),
            Mode::TessSpacing(TessSpacing::FractionalEven),
            Mode::TessClockwise,
            Mode::TessPointMode,
        ]);
        let back = deserialize(&serialize(&s)).unwrap();
        assert_eq!(back.modes, s.modes);
        let parsed = text::parse(&text::print(&s)).unwrap();
        assert_eq!(parsed.modes, s.modes);
        assert!(crate::valid::validate(&s).is_ok());
        // The evaluation stage's modes only.
        let mut c = Shader::new(Stage::TessControl);
        c.modes.push(Mode::TessPointMode);
        assert!(crate::valid::validate(&c).is_err());
    }

    #[test]
    fn rejects_corruption_without_panicking() {
        let bytes = serialize(&sample());
        assert_eq!(deserialize(b"nope"), Err(DecodeError::BadMagic));
        let mut other = bytes.clone();
        other[4] = VERSION as u8 + 1;
        assert_eq!(
            deserialize(&other).unwrap_err(),
            DecodeError::Version(VERSION + 1)
        );
        for cut in 8..bytes.len() {
            assert!(deserialize(&bytes[..cut]).is_err(), "truncated at {cut}");
        }
        // Flip every byte in turn: must never panic.
        for i in 8..bytes.len() {
            for x in [0u8, 1, 0x7f, 0xff] {
                let mut b = bytes.clone();
                b[i] = x;
                let _ = deserialize(&b);
            }
        }
    }
}
