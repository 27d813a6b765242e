//! IR → flat program: scalarization, inlining and structured control flow
//! to mask operations.
//!
//! Every IR value becomes one virtual register per lane of its vector type
//! (a `f32x4` is four W-wide registers). Swizzles, constructs, inserts,
//! bitcasts and same-width conversions cost nothing: they only rearrange
//! the register lists. Constants become pre-initialized constant registers.
//! Vector-wide operations (`dot`, `normalize`, `cross`, `reflect`, ...) are
//! expanded into lane-wise operations in `eval.rs`'s exact order of
//! rounding. Calls are inlined, with fresh locals per call site, except
//! calls to a function larger than `oxgl_ir::passes::INLINE_LIMIT` with
//! everything it calls inlined (the IR's `inline` pass kept those): such a
//! function is compiled once, after the entry's code, and called
//! ([`Op::Call`] / [`Op::Ret`]), its arguments and result passing through
//! memory.
//!
//! ALU lowering lives in `lower_alu.rs`.
//!
//! Memory: locals and privates become registers at the bottom of the file
//! (one per scalar component, arrays contiguous so that dynamic indices
//! work); inputs, outputs, built-ins and the default uniform block are
//! addressed in the [`Env`](crate::Env) directly. Dynamic indices become
//! per-lane offsets ([`Op::Addr`]) with [`OOB`] for out-of-range lanes.
//!
//! Memory the interpreter would read as 0 before any store (outputs never
//! written, locals read before written) is zeroed where its scope starts,
//! unless a store at the top level of that scope, before any `return`,
//! writes it first (see [`Compiler::zero_plan`]).

use crate::code::*;
use crate::{CompileError, ProgramInfo};
use oxgl_ir::{
    BlockId, Builtin, Deref, FuncId, ImageKind, ImageOp, Index, Node, Op as IrOp, Scalar, Shader,
    Slot, Stage, SysVal, TexOp, Type, TypeId, ValType, Value, VarId, VarKind,
};
use std::collections::HashMap;

mod lower_alu;

/// Most operations a program may have (after inlining).
const MAX_OPS: usize = 1 << 20;
/// Most scalar registers of local and private memory.
const MAX_MEM: u32 = 1 << 16;
/// Deepest nesting of blocks and calls.
const MAX_DEPTH: u32 = 200;

/// Registers of one IR value: one per 32-bit word, up to 8 (a 64-bit
/// component takes two: its low word, then its high word).
#[derive(Clone, Copy, Debug)]
struct Lanes {
    r: [u32; 8],
    n: u8,
}

impl Lanes {
    const NONE: Lanes = Lanes { r: [NONE; 8], n: 0 };

    fn from(rs: &[u32]) -> Lanes {
        let mut r = [NONE; 8];
        let n = rs.len().min(8);
        r[..n].copy_from_slice(&rs[..n]);
        Lanes { r, n: n as u8 }
    }

    /// The first four registers, for operations on 32-bit values.
    fn r4(&self) -> [u32; 4] {
        [self.r[0], self.r[1], self.r[2], self.r[3]]
    }

    /// Registers `4c..4c + 4` and how many of them are in use.
    fn chunk(&self, c: usize) -> ([u32; 4], u8) {
        let at = 4 * c;
        let r = [self.r[at], self.r[at + 1], self.r[at + 2], self.r[at + 3]];
        (r, (self.n as usize).saturating_sub(at).min(4) as u8)
    }

    fn get(&self, i: usize) -> u32 {
        // A scalar operand is broadcast (`select`'s condition).
        if self.n == 1 { self.r[0] } else { self.r[i] }
    }

    fn lanes(&self) -> &[u32] {
        &self.r[..self.n as usize]
    }
}

/// Where a variable lives.
#[derive(Clone, Copy, Debug)]
struct Place {
    sp: Space,
    base: u32,
}

/// One inlined function instance.
struct Frame {
    func: FuncId,
    vals: Vec<Lanes>,
    params: Vec<Lanes>,
    locals: HashMap<VarId, Place>,
    ret: Lanes,
    /// An out-of-line body's result in memory (base, components).
    ret_mem: Option<(u32, u8)>,
    loops: Vec<u32>,
    entry: bool,
}

/// A function compiled once and called ([`Op::Call`]): its calls would
/// inline past `oxgl_ir::passes::INLINE_LIMIT`. Arguments and result pass
/// through memory: (base, components) each.
#[derive(Clone)]
struct Outlined {
    params: Vec<(u32, u8)>,
    ret: Option<(u32, u8)>,
    entry: Option<u32>,
}

/// The compiler's output before register allocation.
pub(crate) struct Out {
    pub ops: Vec<Op>,
    pub consts: Vec<u32>,
    pub mem_size: u32,
    pub vregs: u32,
    pub slots: u32,
    pub loops: Vec<(u32, u32)>,
    /// Pc ranges of out-of-line function bodies.
    pub funcs: Vec<(u32, u32)>,
    pub tex: Vec<TexCall>,
    pub images: Vec<ImageCall>,
    pub info: ProgramInfo,
}

pub(crate) struct Compiler<'s> {
    s: &'s Shader,
    ops: Vec<Op>,
    consts: Vec<u32>,
    const_map: HashMap<u32, u32>,
    vregs: u32,
    mem_size: u32,
    slots: u32,
    loops: Vec<(u32, u32)>,
    tex: Vec<TexCall>,
    images: Vec<ImageCall>,
    info: ProgramInfo,
    globals: Vec<Option<Place>>,
    zero_plans: HashMap<FuncId, Vec<(VarId, u32, u32)>>,
    depth: u32,
    /// Inlined size of each function (`oxgl_ir::passes::inlined_sizes`).
    sizes: Vec<u64>,
    outlined: HashMap<FuncId, Outlined>,
    /// Out-of-line functions called but not compiled yet.
    pending: Vec<FuncId>,
    /// `Op::Call`s to patch with their function's entry.
    call_sites: Vec<(u32, FuncId)>,
    funcs: Vec<(u32, u32)>,
}

fn err<T>(msg: impl Into<String>) -> Result<T, CompileError> {
    Err(CompileError {
        message: msg.into(),
    })
}

/// The value type's scalar kind is one the executor runs.
fn supported(t: ValType) -> Result<(), CompileError> {
    match t.scalar {
        Scalar::Bool | Scalar::F32 | Scalar::I32 | Scalar::U32 | Scalar::F64 => Ok(()),
        s => err(format!("{} values are not supported", s.name())),
    }
}

/// 32-bit words (registers, memory units, interface components) of a
/// value of type `t`.
/// A per-vertex access path split ([`Compiler::split_vertex`]): the type
/// the rest walks from, the vertex index with its array's length (`None`
/// outside per-vertex spaces), and the rest of the path.
type VertexSplit<'p> = (TypeId, Option<(&'p Index, Option<u32>)>, &'p [Index]);

/// The location of a built-in in a vertex record (geometry and
/// tessellation inputs, tessellation control outputs).
fn record_location(b: Builtin) -> Result<u32, CompileError> {
    Ok(match b {
        Builtin::Position => crate::GS_POSITION_LOCATION,
        Builtin::PointSize => crate::GS_POINT_SIZE_LOCATION,
        Builtin::ClipDistance => crate::GS_CLIP_DISTANCE_LOCATION,
        b => return err(format!("per-vertex built-in {}", b.name())),
    })
}

/// Where a tessellation stage's user variable at `location` lives: a
/// patch variable (`oxgl_ir::PATCH_LOCATION0` on) in [`Space::Patch`],
/// else in the per-vertex space `per_vertex`.
fn tess_place(location: u32, component: u8, per_vertex: Space) -> Result<Place, CompileError> {
    let (sp, location) = match location.checked_sub(oxgl_ir::PATCH_LOCATION0) {
        Some(k) if k < crate::PATCH_USER_LOCATIONS => (Space::Patch, k),
        Some(_) => return err("patch variable location too large"),
        None if location < crate::GS_USER_LOCATIONS => (per_vertex, location),
        None => return err("per-vertex variable location too large"),
    };
    Ok(Place {
        sp,
        base: 4 * location + component as u32,
    })
}

fn words(t: ValType) -> usize {
    t.n() * if t.scalar.bits() == 64 { 2 } else { 1 }
}

impl<'s> Compiler<'s> {
    pub fn new(s: &'s Shader) -> Self {
        Compiler {
            s,
            ops: Vec::new(),
            consts: Vec::new(),
            const_map: HashMap::new(),
            vregs: 0,
            mem_size: 0,
            slots: 0,
            loops: Vec::new(),
            tex: Vec::new(),
            images: Vec::new(),
            info: ProgramInfo::new(s.stage, s.textures.len() as u32, s.images.len() as u32),
            globals: Vec::new(),
            zero_plans: HashMap::new(),
            depth: 0,
            sizes: oxgl_ir::passes::inlined_sizes(s),
            outlined: HashMap::new(),
            pending: Vec::new(),
            call_sites: Vec::new(),
            funcs: Vec::new(),
        }
    }

    pub fn run(mut self) -> Result<Out, CompileError> {
        let s = self.s;
        for (h, var) in s.vars.iter() {
            let place = self.place_global(h, &var.kind, var.ty)?;
            self.globals.push(place);
        }
        let mut fr = self.frame(s.entry, Vec::new(), Lanes::NONE, true)?;
        self.emit_zeroes(&fr)?;
        let mut exits = Vec::new();
        self.block(&mut fr, s.funcs[s.entry].body, &mut exits)?;
        let end = self.pc();
        self.patch_exits(&exits, end);
        self.push(Op::Ret)?;
        while let Some(f) = self.pending.pop() {
            self.out_of_line_body(f)?;
        }
        for (pc, f) in std::mem::take(&mut self.call_sites) {
            let target = self.outlined.get(&f).and_then(|o| o.entry);
            match (target, self.ops.get_mut(pc as usize)) {
                (Some(t), Some(Op::Call { target })) => *target = t,
                _ => return err("call to a function not compiled"),
            }
        }
        Ok(Out {
            ops: self.ops,
            consts: self.consts,
            mem_size: self.mem_size,
            vregs: self.vregs,
            slots: self.slots,
            loops: self.loops,
            funcs: self.funcs,
            tex: self.tex,
            images: self.images,
            info: self.info,
        })
    }

    // ---- small helpers -----------------------------------------------------

    fn pc(&self) -> u32 {
        self.ops.len() as u32
    }

    fn push(&mut self, op: Op) -> Result<u32, CompileError> {
        if self.ops.len() >= MAX_OPS {
            return err("program too large (after inlining)");
        }
        self.ops.push(op);
        Ok(self.pc() - 1)
    }

    fn vreg(&mut self) -> u32 {
        self.vregs += 1;
        self.vregs - 1
    }

    fn vregs_n(&mut self, n: usize) -> Lanes {
        let rs: Vec<u32> = (0..n).map(|_| self.vreg()).collect();
        Lanes::from(&rs)
    }

    fn slot(&mut self) -> u32 {
        self.slots += 1;
        self.slots - 1
    }

    fn konst(&mut self, bits: u32) -> u32 {
        if let Some(&i) = self.const_map.get(&bits) {
            return i | CONST_TAG;
        }
        let i = self.consts.len() as u32;
        self.consts.push(bits);
        self.const_map.insert(bits, i);
        i | CONST_TAG
    }

    fn fconst(&mut self, x: f32) -> u32 {
        self.konst(x.to_bits())
    }

    fn one(r: u32) -> [u32; 4] {
        [r, NONE, NONE, NONE]
    }

    fn un(&mut self, f: Un, a: u32) -> Result<u32, CompileError> {
        Ok(self.un_n(f, &Lanes::from(&[a]), 1)?.r[0])
    }

    fn bin(&mut self, f: Bin, a: u32, b: u32) -> Result<u32, CompileError> {
        Ok(self.bin_n(f, &Lanes::from(&[a]), &Lanes::from(&[b]), 1)?.r[0])
    }

    fn tern(&mut self, f: Tern, a: u32, b: u32, c: u32) -> Result<u32, CompileError> {
        let d = self.vreg();
        self.push(Op::Tern {
            f,
            n: 1,
            d: Self::one(d),
            a: Self::one(a),
            b: Self::one(b),
            c: Self::one(c),
        })?;
        Ok(d)
    }

    /// The registers of `x` for an `n`-lane operation (scalars broadcast).
    fn spread(x: &Lanes, n: usize) -> [u32; 4] {
        let mut r = [NONE; 4];
        for (i, slot) in r.iter_mut().enumerate().take(n) {
            *slot = x.get(i);
        }
        r
    }

    fn un_n(&mut self, f: Un, a: &Lanes, n: usize) -> Result<Lanes, CompileError> {
        let d = self.vregs_n(n);
        self.push(Op::Un {
            f,
            n: n as u8,
            d: d.r4(),
            a: Self::spread(a, n),
        })?;
        Ok(d)
    }

    fn bin_n(&mut self, f: Bin, a: &Lanes, b: &Lanes, n: usize) -> Result<Lanes, CompileError> {
        let d = self.vregs_n(n);
        self.push(Op::Bin {
            f,
            n: n as u8,
            d: d.r4(),
            a: Self::spread(a, n),
            b: Self::spread(b, n),
        })?;
        Ok(d)
    }

    fn tern_n(
        &mut self,
        f: Tern,
        a: &Lanes,
        b: &Lanes,
        c: &Lanes,
        n: usize,
    ) -> Result<Lanes, CompileError> {
        let d = self.vregs_n(n);
        self.push(Op::Tern {
            f,
            n: n as u8,
            d: d.r4(),
            a: Self::spread(a, n),
            b: Self::spread(b, n),
            c: Self::spread(c, n),
        })?;
        Ok(d)
    }

    fn patch_exits(&mut self, exits: &[u32], to: u32) {
        for &e in exits {
            if let Some(
                Op::EndIf { exit, .. } | Op::LoopEnd { exit, .. } | Op::CallEnd { exit, .. },
            ) = self.ops.get_mut(e as usize)
            {
                *exit = to;
            }
        }
    }

    fn alloc_mem(&mut self, ty: TypeId) -> Result<Place, CompileError> {
        let n = self.mem_units(ty, 0)?;
        let base = self.mem_size;
        self.mem_size = match base.checked_add(n) {
            Some(m) if m <= MAX_MEM => m,
            _ => return err("too much local/private memory"),
        };
        Ok(Place {
            sp: Space::Mem,
            base,
        })
    }

    // ---- variables and layouts ----------------------------------------------

    /// Scalar registers of a variable of type `ty` in [`Space::Mem`].
    fn mem_units(&self, ty: TypeId, depth: u32) -> Result<u32, CompileError> {
        if depth > 64 {
            return err("type nesting too deep");
        }
        let n = match self.s.types.get(ty) {
            Some(Type::Value(v)) => {
                supported(*v)?;
                words(*v) as u32
            }
            Some(Type::Array {
                elem, len: Some(n), ..
            }) => self
                .mem_units(*elem, depth + 1)?
                .checked_mul(*n)
                .ok_or(CompileError::new("array too large"))?,
            Some(Type::Array { len: None, .. }) => return err("runtime-sized array"),
            Some(Type::Struct { members }) => {
                let mut sum = 0u32;
                for m in members {
                    sum = sum
                        .checked_add(self.mem_units(m.ty, depth + 1)?)
                        .ok_or(CompileError::new("struct too large"))?;
                }
                sum
            }
            None => return err("type out of range"),
        };
        if n > MAX_MEM {
            return err("variable too large");
        }
        Ok(n)
    }

    fn place_global(
        &mut self,
        h: VarId,
        kind: &VarKind,
        ty: TypeId,
    ) -> Result<Option<Place>, CompileError> {
        let io_check = |c: &Compiler| -> Result<(), CompileError> {
            match c.s.types.get(ty) {
                Some(Type::Value(v)) => supported(*v),
                Some(Type::Array { .. } | Type::Struct { .. }) => c.io_locations(ty).map(|_| ()),
                _ => err("interface variables of this type are not supported"),
            }
        };
        Ok(Some(match kind {
            VarKind::Local(_) => return Ok(None),
            VarKind::Private => self.alloc_mem(ty)?,
            VarKind::Input { slot, .. } => match slot {
                Slot::Location {
                    location,
                    component,
                } if self.tess() => {
                    io_check(self)?;
                    tess_place(*location, *component, Space::Vertices)?
                }
                Slot::Location {
                    location,
                    component,
                } => {
                    io_check(self)?;
                    let base = location
                        .checked_mul(4)
                        .and_then(|x| x.checked_add(*component as u32))
                        .ok_or(CompileError::new("input location too large"))?;
                    Place {
                        sp: Space::Input,
                        base,
                    }
                }
                Slot::Builtin(b) if self.tess() => {
                    io_check(self)?;
                    Place {
                        sp: Space::Vertices,
                        base: 4 * record_location(*b)?,
                    }
                }
                Slot::Builtin(b) if self.s.stage == Stage::Geometry => {
                    io_check(self)?;
                    Place {
                        sp: Space::Input,
                        base: 4 * record_location(*b)?,
                    }
                }
                Slot::Builtin(b) => return err(format!("built-in input {}", b.name())),
            },
            VarKind::Output { slot, index } => {
                if *index != 0 {
                    return err("dual-source blend outputs (index 1) are not supported");
                }
                io_check(self)?;
                let place = match slot {
                    Slot::Location {
                        location,
                        component,
                    } if self.s.stage == Stage::TessControl => {
                        tess_place(*location, *component, Space::Output)?
                    }
                    Slot::Builtin(b @ (Builtin::TessLevelOuter | Builtin::TessLevelInner)) => {
                        Place {
                            sp: Space::Patch,
                            base: if *b == Builtin::TessLevelOuter {
                                crate::PATCH_TESS_LEVEL_OUTER
                            } else {
                                crate::PATCH_TESS_LEVEL_INNER
                            },
                        }
                    }
                    Slot::Builtin(b) if self.s.stage == Stage::TessControl => Place {
                        sp: Space::Output,
                        base: 4 * record_location(*b)?,
                    },
                    Slot::Location {
                        location,
                        component,
                    } => {
                        let base = location
                            .checked_mul(4)
                            .and_then(|x| x.checked_add(*component as u32))
                            .ok_or(CompileError::new("output location too large"))?;
                        Place {
                            sp: Space::Output,
                            base,
                        }
                    }
                    Slot::Builtin(b) => {
                        let sp = match b {
                            Builtin::Position => Space::Position,
                            Builtin::PointSize => Space::PointSize,
                            Builtin::ClipDistance => Space::ClipDistance,
                            Builtin::FragDepth => Space::FragDepth,
                            Builtin::SampleMask if self.s.stage == Stage::Fragment => {
                                Space::SampleMask
                            }
                            Builtin::Layer if self.s.stage == Stage::Geometry => Space::Layer,
                            Builtin::ViewportIndex if self.s.stage == Stage::Geometry => {
                                Space::ViewportIndex
                            }
                            Builtin::PrimitiveId if self.s.stage == Stage::Geometry => {
                                Space::PrimitiveIdOut
                            }
                            b => return err(format!("built-in output {}", b.name())),
                        };
                        Place { sp, base: 0 }
                    }
                };
                self.note_output(h, place)?;
                place
            }
            VarKind::Uniform { offset, .. } => Place {
                sp: Space::Uniform,
                base: *offset,
            },
            VarKind::AtomicCounter { binding, offset } => {
                let slot = crate::COUNTER_SLOT0 + *binding as usize;
                if *binding as usize >= crate::MAX_COUNTER_BUFFERS {
                    return err("atomic counter binding out of range");
                }
                Place {
                    sp: Space::Buffer(slot as u8),
                    base: offset / 4,
                }
            }
            VarKind::StorageBlock { binding, .. } => {
                if *binding as usize >= crate::MAX_STORAGE_BLOCKS {
                    return err("shader storage block index out of range");
                }
                Place {
                    sp: Space::Buffer((crate::STORAGE_SLOT0 + *binding as usize) as u8),
                    base: 0,
                }
            }
            // Workgroup-shared memory: the shared slot's words, each
            // variable at the next 16 bytes.
            VarKind::Shared if self.s.stage == Stage::Compute => {
                let (size, _) = self
                    .s
                    .types
                    .layout(ty)
                    .ok_or(CompileError::new("bad shared variable layout"))?;
                let base = self.info.shared_bytes;
                self.info.shared_bytes = base
                    .checked_add(size.next_multiple_of(16))
                    .filter(|&b| b <= crate::MAX_SHARED_BYTES)
                    .ok_or(CompileError::new("too much shared memory"))?;
                Place {
                    sp: Space::Buffer(crate::SHARED_SLOT as u8),
                    base: base / 4,
                }
            }
            // Reported when accessed: a declaration alone is harmless.
            VarKind::UniformBlock { .. } | VarKind::Shared => {
                return Ok(None);
            }
        }))
    }

    /// Records an output variable in [`ProgramInfo`] (every declared output
    /// is written: with the shader's value or with 0).
    fn note_output(&mut self, h: VarId, p: Place) -> Result<(), CompileError> {
        let ty = self.io_type(p.sp, self.s.vars[h].ty)?;
        for (off, n) in self.components(p.sp, ty)? {
            let flat = p.base + off;
            match p.sp {
                Space::Output => {
                    for c in flat..flat + n {
                        let loc = (c / 4) as usize;
                        if self.info.outputs_written.len() <= loc {
                            self.info.outputs_written.resize(loc + 1, 0);
                        }
                        self.info.outputs_written[loc] |= 1 << (c % 4);
                    }
                }
                Space::Position => self.info.writes_position = true,
                Space::PointSize => self.info.writes_point_size = true,
                Space::ClipDistance => {
                    self.info.clip_distances = self.info.clip_distances.max((flat + n).min(8) as u8)
                }
                Space::FragDepth => self.info.writes_depth = true,
                Space::SampleMask => self.info.writes_sample_mask = true,
                Space::Layer => self.info.writes_layer = true,
                Space::ViewportIndex => self.info.writes_viewport_index = true,
                Space::PrimitiveIdOut => self.info.writes_primitive_id = true,
                _ => {}
            }
        }
        Ok(())
    }

    /// Locations an interface variable of type `ty` takes: a value one
    /// per 16 bytes, an array (of arrays, e.g. of matrix columns) its
    /// elements' one after the other.
    fn io_locations(&self, ty: TypeId) -> Result<u32, CompileError> {
        match self.s.types.get(ty) {
            Some(Type::Value(v)) => {
                supported(*v)?;
                Ok(v.size().div_ceil(16).max(1))
            }
            Some(Type::Array {
                elem, len: Some(n), ..
            }) if *n <= 4096 => self
                .io_locations(*elem)?
                .checked_mul(*n)
                .ok_or(CompileError::new("interface array too large")),
            // A struct's members follow one another, each from a location
            // of its own.
            Some(Type::Struct { members }) => members.iter().try_fold(0u32, |sum, m| {
                sum.checked_add(self.io_locations(m.ty)?)
                    .ok_or(CompileError::new("interface struct too large"))
            }),
            _ => err("interface variables of this type are not supported"),
        }
    }

    /// The runs `(offset, count)` of components of an interface variable
    /// of type `ty` at component `base`.
    fn io_runs(
        &self,
        ty: TypeId,
        base: u32,
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), CompileError> {
        match self.s.types.get(ty) {
            Some(Type::Value(v)) => out.push((base, words(*v) as u32)),
            Some(Type::Array {
                elem, len: Some(n), ..
            }) => {
                let stride = self.io_locations(*elem)? * 4;
                for i in 0..*n {
                    self.io_runs(*elem, base + i * stride, out)?;
                }
            }
            Some(Type::Struct { members }) => {
                let mut at = base;
                for m in members {
                    self.io_runs(m.ty, at, out)?;
                    at += self.io_locations(m.ty)? * 4;
                }
            }
            _ => return err("interface variables of this type are not supported"),
        }
        Ok(())
    }

    /// The runs `(offset, count)` of components a variable of type `ty`
    /// occupies in its space (in the space's component units).
    fn components(&self, sp: Space, ty: TypeId) -> Result<Vec<(u32, u32)>, CompileError> {
        match self.s.types.get(ty) {
            Some(Type::Value(v)) => Ok(vec![(0, words(*v) as u32)]),
            Some(Type::Array { .. } | Type::Struct { .. }) if sp.is_io() => {
                let mut out = Vec::new();
                self.io_runs(ty, 0, &mut out)?;
                Ok(out)
            }
            Some(Type::Array {
                elem, len: Some(n), ..
            }) if sp != Space::Mem => {
                let Some(v) = self.s.types.val_type(*elem) else {
                    return err("interface arrays of aggregates are not supported");
                };
                let stride = self.elem_stride(sp, ty, *elem)?;
                if *n > 4096 {
                    return err("interface array too large");
                }
                Ok((0..*n).map(|i| (i * stride, words(v) as u32)).collect())
            }
            _ => Ok(vec![(0, self.mem_units(ty, 0)?)]),
        }
    }

    /// Units between array elements in space `sp`.
    fn elem_stride(&self, sp: Space, arr: TypeId, elem: TypeId) -> Result<u32, CompileError> {
        match sp {
            Space::Mem => self.mem_units(elem, 0),
            Space::Uniform => self
                .s
                .types
                .stride(arr)
                .ok_or(CompileError::new("bad uniform array layout")),
            Space::Buffer(_) => self
                .s
                .types
                .stride(arr)
                .map(|s| s / 4)
                .ok_or(CompileError::new("bad buffer array layout")),
            sp if sp.is_io() => Ok(self.io_locations(elem)? * 4),
            _ => match self.s.types.val_type(elem) {
                Some(v) => Ok(words(v) as u32),
                None => err("built-in arrays of aggregates are not supported"),
            },
        }
    }

    fn member_offset(&self, sp: Space, st: TypeId, i: u32) -> Result<u32, CompileError> {
        let Some(Type::Struct { members }) = self.s.types.get(st) else {
            return err("member of a non-struct");
        };
        match sp {
            Space::Mem => {
                let mut off = 0u32;
                for m in members.iter().take(i as usize) {
                    off += self.mem_units(m.ty, 0)?;
                }
                Ok(off)
            }
            Space::Uniform => self
                .s
                .types
                .member_offset(st, i as usize)
                .ok_or(CompileError::new("bad uniform struct layout")),
            Space::Buffer(_) => self
                .s
                .types
                .member_offset(st, i as usize)
                .map(|o| o / 4)
                .ok_or(CompileError::new("bad buffer struct layout")),
            sp if sp.is_io() => {
                let mut off = 0u32;
                for m in members.iter().take(i as usize) {
                    off += self.io_locations(m.ty)? * 4;
                }
                Ok(off)
            }
            _ => err("struct interface variables are not supported"),
        }
    }

    /// Walks `path` from type `ty` in space `sp`: the constant offset, the
    /// per-lane dynamic offset register (or [`NONE`]) and the value type.
    fn resolve(
        &mut self,
        fr: Option<&Frame>,
        sp: Space,
        ty: TypeId,
        path: &[Index],
    ) -> Result<(u32, u32, ValType), CompileError> {
        let mut ty = ty;
        let mut off = 0u32;
        let mut dynreg = NONE;
        for (depth, index) in path.iter().enumerate() {
            match (self.s.types.get(ty).cloned(), index) {
                (Some(Type::Array { elem, len, .. }), _) => {
                    // A geometry input's outer index is the vertex: one
                    // record of the input primitive each.
                    let stride = if depth == 0 && self.gs_input(sp) {
                        4 * crate::GS_VERTEX_LOCATIONS
                    } else {
                        self.elem_stride(sp, ty, elem)?
                    };
                    match index {
                        Index::Const(c) => {
                            off = c
                                .checked_mul(stride)
                                .and_then(|x| x.checked_add(off))
                                .ok_or(CompileError::new("offset overflow"))?;
                        }
                        Index::Value(v) => {
                            let Some(fr) = fr else {
                                return err("dynamic index without a frame");
                            };
                            // A runtime-sized array ends where its buffer
                            // does, which the executor checks.
                            let len = match (len, sp) {
                                (Some(len), _) => len,
                                (None, Space::Buffer(_)) => i32::MAX as u32,
                                (None, _) => return err("runtime-sized array"),
                            };
                            let f = &self.s.funcs[fr.func];
                            let signed = f.insts[*v].ty.is_some_and(|t| t.scalar.is_signed());
                            let idx = fr.vals[v.index()].r[0];
                            let d = self.vreg();
                            self.push(Op::Addr {
                                d,
                                prev: dynreg,
                                idx,
                                len,
                                stride,
                                signed,
                            })?;
                            dynreg = d;
                        }
                    }
                    ty = elem;
                }
                (Some(Type::Struct { members }), Index::Const(i)) => {
                    off = off
                        .checked_add(self.member_offset(sp, ty, *i)?)
                        .ok_or(CompileError::new("offset overflow"))?;
                    ty = members
                        .get(*i as usize)
                        .ok_or(CompileError::new("member out of range"))?
                        .ty;
                }
                _ => return err("bad deref path"),
            }
        }
        let Some(vt) = self.s.types.val_type(ty) else {
            return err("access of an aggregate");
        };
        supported(vt)?;
        Ok((off, dynreg, vt))
    }

    /// Whether `sp` holds a geometry shader's per-vertex inputs.
    fn gs_input(&self, sp: Space) -> bool {
        sp == Space::Input && self.s.stage == Stage::Geometry
    }

    /// A tessellation stage.
    fn tess(&self) -> bool {
        matches!(self.s.stage, Stage::TessControl | Stage::TessEval)
    }

    /// Whether variables of `sp` are arrays of the patch's vertices (the
    /// outer index is the vertex): the tessellation stages' per-vertex
    /// inputs and the control stage's per-vertex outputs.
    fn per_vertex(&self, sp: Space) -> bool {
        sp == Space::Vertices || (sp == Space::Output && self.s.stage == Stage::TessControl)
    }

    /// The type one vertex's part of a variable of type `ty` in `sp`
    /// has: its element type where the space is per vertex.
    fn io_type(&self, sp: Space, ty: TypeId) -> Result<TypeId, CompileError> {
        if !self.per_vertex(sp) {
            return Ok(ty);
        }
        match self.s.types.get(ty) {
            Some(Type::Array { elem, .. }) => Ok(*elem),
            _ => err("a per-vertex variable that is not an array"),
        }
    }

    /// Splits a per-vertex access path into its vertex index (with the
    /// array's length) and the rest, which [`Compiler::resolve`] walks
    /// from the element type.
    fn split_vertex<'p>(
        &self,
        sp: Space,
        ty: TypeId,
        path: &'p [Index],
    ) -> Result<VertexSplit<'p>, CompileError> {
        if !self.per_vertex(sp) {
            return Ok((ty, None, path));
        }
        let elem = self.io_type(sp, ty)?;
        let len = match self.s.types.get(ty) {
            Some(Type::Array { len, .. }) => *len,
            _ => None,
        };
        match path.split_first() {
            Some((first, rest)) => Ok((elem, Some((first, len)), rest)),
            None => err("a whole per-vertex array accessed at once"),
        }
    }

    /// The register holding each lane's vertex index `i` (out of range:
    /// [`OOB`]).
    fn vertex_reg(&mut self, fr: &Frame, i: &Index, len: Option<u32>) -> Result<u32, CompileError> {
        let len = len.unwrap_or(crate::MAX_PATCH_VERTICES as u32);
        match i {
            Index::Const(c) if *c < len => Ok(self.konst(*c)),
            Index::Const(_) => Ok(self.konst(OOB)),
            Index::Value(v) => {
                let f = &self.s.funcs[fr.func];
                let signed = f.insts[*v].ty.is_some_and(|t| t.scalar.is_signed());
                let idx = fr.vals[v.index()].r[0];
                let d = self.vreg();
                self.push(Op::Addr {
                    d,
                    prev: NONE,
                    idx,
                    len,
                    stride: 1,
                    signed,
                })?;
                Ok(d)
            }
        }
    }

    fn var_place(&self, fr: &Frame, var: VarId) -> Result<Place, CompileError> {
        if let Some(p) = fr.locals.get(&var) {
            return Ok(*p);
        }
        match self.globals.get(var.index()).copied().flatten() {
            Some(p) => Ok(p),
            None => {
                let kind = match self.s.vars.get(var).map(|v| &v.kind) {
                    Some(VarKind::UniformBlock { .. }) => "uniform blocks",
                    Some(VarKind::StorageBlock { .. }) => "storage blocks",
                    Some(VarKind::Shared) => "shared memory",
                    _ => "this variable",
                };
                err(format!("{kind} are not supported"))
            }
        }
    }

    // ---- functions and zero-initialization -----------------------------------

    fn frame(
        &mut self,
        func: FuncId,
        params: Vec<Lanes>,
        ret: Lanes,
        entry: bool,
    ) -> Result<Frame, CompileError> {
        let s = self.s;
        let f = &s.funcs[func];
        let mut locals = HashMap::new();
        for (h, var) in s.vars.iter() {
            if var.kind == VarKind::Local(func) {
                locals.insert(h, self.alloc_mem(var.ty)?);
            }
        }
        Ok(Frame {
            func,
            vals: vec![Lanes::NONE; f.insts.len()],
            params,
            locals,
            ret,
            ret_mem: None,
            loops: Vec::new(),
            entry,
        })
    }

    /// Which components of which variables a function's scope must zero
    /// when it starts: `(var, offset, count)`.
    ///
    /// Walks the body in execution order. A component's first access
    /// decides: a store at the top level of the body with a constant path,
    /// before any `return`, initializes it (every lane that will ever read
    /// it passes there); a load, a dynamic or nested store, or (for the
    /// entry's globals) a call that may touch it means it must be zeroed.
    /// Outputs never accessed are zeroed too: the interpreter reports them
    /// as 0. The naive "zero everything" costs a store per component per run
    /// in shaders that always write their outputs first.
    fn zero_plan(
        &mut self,
        func: FuncId,
        entry: bool,
    ) -> Result<Vec<(VarId, u32, u32)>, CompileError> {
        if let Some(p) = self.zero_plans.get(&func) {
            return Ok(p.clone());
        }
        let s = self.s;
        // state per var: (space, per-component state 0 unknown / 1 written / 2 zero).
        let mut state: HashMap<VarId, (Space, Vec<u8>)> = HashMap::new();
        for (h, var) in s.vars.iter() {
            let sp = match (&var.kind, entry) {
                (VarKind::Local(f), _) if *f == func => Space::Mem,
                (VarKind::Private, true) => Space::Mem,
                (VarKind::Output { .. }, true) => {
                    match self.globals.get(h.index()).copied().flatten() {
                        Some(p) => p.sp,
                        None => continue,
                    }
                }
                _ => continue,
            };
            let comps = self.components(sp, self.io_type(sp, var.ty)?)?;
            let size = comps.iter().map(|(o, n)| o + n).max().unwrap_or(0);
            state.insert(h, (sp, vec![0; size as usize]));
        }
        struct Walk<'a, 'c> {
            c: &'c mut Compiler<'a>,
            state: HashMap<VarId, (Space, Vec<u8>)>,
            returned: bool,
            entry: bool,
        }
        impl Walk<'_, '_> {
            fn mark(&mut self, d: &Deref, write: bool) -> Result<(), CompileError> {
                let Some((sp, st)) = self.state.get(&d.var) else {
                    return Ok(());
                };
                let sp = *sp;
                // A whole per-vertex array (a call's argument) has no
                // vertex to split off: all of it counts.
                let whole = d.path.is_empty() && self.c.per_vertex(sp);
                let (ty, _, path) = if whole {
                    (self.c.s.vars[d.var].ty, None, &d.path[..])
                } else {
                    self.c.split_vertex(sp, self.c.s.vars[d.var].ty, &d.path)?
                };
                let range = if !whole && path.iter().all(|i| matches!(i, Index::Const(_))) {
                    let (off, _, vt) = self.c.resolve(None, sp, ty, path)?;
                    Some((off as usize, words(vt)))
                } else {
                    None
                };
                let len = st.len();
                let (lo, hi, new) = match range {
                    Some((o, n)) => (o.min(len), (o + n).min(len), if write { 1 } else { 2 }),
                    None => (0, len, 2),
                };
                if let Some((_, st)) = self.state.get_mut(&d.var) {
                    for x in &mut st[lo..hi] {
                        if *x == 0 {
                            *x = new;
                        }
                    }
                }
                Ok(())
            }
            fn block(
                &mut self,
                f: &oxgl_ir::Function,
                b: BlockId,
                nested: bool,
            ) -> Result<(), CompileError> {
                let Some(block) = f.blocks.get(b) else {
                    return err("block out of range");
                };
                for node in &block.nodes {
                    match node {
                        Node::Inst(v) => match &f.insts[*v].op {
                            IrOp::Load(d) => self.mark(d, false)?,
                            IrOp::Store(d, _) => {
                                let top = !nested && !self.returned;
                                self.mark(d, top)?;
                            }
                            IrOp::Call(..) if self.entry => {
                                let globals: Vec<VarId> = self
                                    .state
                                    .keys()
                                    .copied()
                                    .filter(|h| {
                                        !matches!(self.c.s.vars[*h].kind, VarKind::Local(_))
                                    })
                                    .collect();
                                for h in globals {
                                    self.mark(&Deref::var(h), false)?;
                                }
                            }
                            _ => {}
                        },
                        Node::If { then, else_, .. } => {
                            self.block(f, *then, true)?;
                            self.block(f, *else_, true)?;
                        }
                        Node::Loop { body, cont } => {
                            self.block(f, *body, true)?;
                            self.block(f, *cont, true)?;
                        }
                        Node::Return(_) => self.returned = true,
                        _ => {}
                    }
                }
                Ok(())
            }
        }
        let f = &s.funcs[func];
        let mut w = Walk {
            c: self,
            state,
            returned: false,
            entry,
        };
        w.block(f, f.body, false)?;
        let state = w.state;
        let mut plan = Vec::new();
        let mut vars: Vec<&VarId> = state.keys().collect();
        vars.sort();
        for h in vars {
            let (sp, st) = &state[h];
            let is_out = *sp != Space::Mem;
            for (off, n) in self.components(*sp, self.io_type(*sp, s.vars[*h].ty)?)? {
                let mut i = off;
                while i < off + n {
                    let need = |x: u8| x == 2 || (x == 0 && is_out);
                    if need(st[i as usize]) {
                        let start = i;
                        while i < off + n && need(st[i as usize]) {
                            i += 1;
                        }
                        plan.push((*h, start, i - start));
                    } else {
                        i += 1;
                    }
                }
            }
        }
        self.zero_plans.insert(func, plan.clone());
        Ok(plan)
    }

    fn emit_zeroes(&mut self, fr: &Frame) -> Result<(), CompileError> {
        for (h, off, n) in self.zero_plan(fr.func, fr.entry)? {
            let p = self.var_place(fr, h)?;
            self.push(Op::Zero {
                sp: p.sp,
                base: p.base + off,
                n,
            })?;
        }
        Ok(())
    }

    // ---- control flow ----------------------------------------------------------

    fn block(
        &mut self,
        fr: &mut Frame,
        b: BlockId,
        exits: &mut Vec<u32>,
    ) -> Result<(), CompileError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err("control flow nested too deeply");
        }
        let s = self.s;
        let f = &s.funcs[fr.func];
        let Some(block) = f.blocks.get(b) else {
            return err("block out of range");
        };
        let mut mine = Vec::new();
        for node in &block.nodes {
            match node {
                Node::Inst(v) => self.inst(fr, *v, &mut mine)?,
                Node::If { cond, then, else_ } => {
                    let cond = fr.vals[cond.index()].r[0];
                    let slot = self.slot();
                    let if_pc = self.push(Op::If {
                        cond,
                        slot,
                        else_pc: 0,
                    })?;
                    let mut inner = Vec::new();
                    self.block(fr, *then, &mut inner)?;
                    let has_else = f.blocks.get(*else_).is_some_and(|b| !b.nodes.is_empty());
                    let else_op = if has_else {
                        Some(self.push(Op::Else { slot, end_pc: 0 })?)
                    } else {
                        None
                    };
                    let then_end = self.pc();
                    self.patch_exits(&inner, if has_else { then_end - 1 } else { then_end });
                    if let Some(Op::If { else_pc, .. }) = self.ops.get_mut(if_pc as usize) {
                        *else_pc = then_end;
                    }
                    if has_else {
                        let mut inner = Vec::new();
                        self.block(fr, *else_, &mut inner)?;
                        let end = self.pc();
                        self.patch_exits(&inner, end);
                        if let Some(Some(Op::Else { end_pc, .. })) =
                            else_op.map(|e| self.ops.get_mut(e as usize))
                        {
                            *end_pc = end;
                        }
                    }
                    mine.push(self.push(Op::EndIf { slot, exit: 0 })?);
                }
                Node::Loop { body, cont } => {
                    let slot = self.slot();
                    self.slot();
                    let start = self.push(Op::Loop { slot })?;
                    let body_pc = self.pc();
                    fr.loops.push(slot);
                    let mut inner = Vec::new();
                    self.block(fr, *body, &mut inner)?;
                    fr.loops.pop();
                    let cb = self.push(Op::ContBegin { slot, end_pc: 0 })?;
                    self.patch_exits(&inner, cb);
                    // `cont` breaks and continues no loop of ours.
                    let saved = std::mem::take(&mut fr.loops);
                    let mut inner = Vec::new();
                    self.block(fr, *cont, &mut inner)?;
                    fr.loops = saved;
                    let le = self.pc();
                    self.patch_exits(&inner, le);
                    self.push(Op::LoopEnd {
                        slot,
                        body: body_pc,
                        exit: 0,
                    })?;
                    if let Some(Op::ContBegin { end_pc, .. }) = self.ops.get_mut(cb as usize) {
                        *end_pc = le;
                    }
                    self.loops.push((start, le));
                    mine.push(le);
                }
                Node::Break | Node::Continue => {
                    let Some(&slot) = fr.loops.last() else {
                        return err("break or continue outside a loop");
                    };
                    self.push(if *node == Node::Break {
                        Op::Break { slot }
                    } else {
                        Op::Continue { slot }
                    })?;
                }
                Node::Return(v) => {
                    if let (Some(v), Some((base, n))) = (v, fr.ret_mem) {
                        let a = fr.vals[v.index()];
                        self.store_mem(base, &a, n)?;
                    }
                    let (d, a, n) = match (v, fr.entry || fr.ret_mem.is_some()) {
                        (Some(v), false) => {
                            let a = fr.vals[v.index()];
                            (fr.ret.r, a.r, a.n.min(fr.ret.n))
                        }
                        _ => ([NONE; 8], [NONE; 8], 0),
                    };
                    self.push(Op::Return { d, a, n })?;
                }
                Node::Discard => {
                    self.info.uses_discard = true;
                    self.push(Op::Discard)?;
                }
            }
        }
        exits.extend(mine);
        self.depth -= 1;
        Ok(())
    }

    // ---- instructions ------------------------------------------------------------

    fn inst(&mut self, fr: &mut Frame, v: Value, exits: &mut Vec<u32>) -> Result<(), CompileError> {
        let s = self.s;
        let f = &s.funcs[fr.func];
        let Some(inst) = f.insts.get(v) else {
            return err("instruction out of range");
        };
        if let Some(t) = inst.ty {
            supported(t)?;
        }
        let ty = inst.ty.unwrap_or(ValType::BOOL);
        // 64-bit components take two registers each.
        let wide = ty.scalar.bits() == 64;
        let val = |fr: &Frame, x: Value| fr.vals[x.index()];
        let lanes = match &inst.op {
            IrOp::Const(bits) => {
                let mut rs = Vec::new();
                for b in &bits[..ty.n()] {
                    rs.push(self.konst(*b as u32));
                    if wide {
                        rs.push(self.konst((*b >> 32) as u32));
                    }
                }
                Lanes::from(&rs)
            }
            IrOp::Undef => {
                let z = self.konst(0);
                Lanes::from(&vec![z; words(ty)])
            }
            IrOp::Param(n) => match fr.params.get(*n as usize) {
                Some(l) => *l,
                None => return err("parameter out of range"),
            },
            IrOp::Alu(op, args) => {
                let a: Vec<(ValType, Lanes)> = args
                    .iter()
                    .map(|x| (f.insts[*x].ty.unwrap_or(ValType::BOOL), val(fr, *x)))
                    .collect();
                self.alu(*op, &a, ty)?
            }
            IrOp::Swizzle(a, idx) => {
                let a = val(fr, *a);
                let rs: Vec<u32> = if wide {
                    idx[..ty.n()]
                        .iter()
                        .flat_map(|i| {
                            let w = 2 * (*i as usize & 3);
                            [a.r[w], a.r[w + 1]]
                        })
                        .collect()
                } else {
                    idx[..ty.n()].iter().map(|i| a.r[*i as usize & 3]).collect()
                };
                Lanes::from(&rs)
            }
            IrOp::Insert(a, x, lane) => {
                let mut a = val(fr, *a);
                let x = val(fr, *x);
                if wide {
                    let w = 2 * (*lane as usize & 3);
                    a.r[w] = x.r[0];
                    a.r[w + 1] = x.r[1];
                } else {
                    a.r[*lane as usize & 3] = x.r[0];
                }
                a
            }
            IrOp::Construct(parts) => {
                let rs: Vec<u32> = parts
                    .iter()
                    .flat_map(|p| val(fr, *p).lanes().to_vec())
                    .take(8)
                    .collect();
                Lanes::from(&rs)
            }
            IrOp::Load(d) => self.load(fr, d)?,
            IrOp::Interpolate(at, d, args) => {
                let args: Vec<Lanes> = args.iter().map(|x| val(fr, *x)).collect();
                self.interpolate(fr, *at, d, &args)?
            }
            IrOp::Store(d, x) => {
                let x = val(fr, *x);
                self.store(fr, d, x)?;
                Lanes::NONE
            }
            IrOp::Tex(t) => self.tex(fr, t, ty)?,
            IrOp::System(sv) => {
                let sys = match sv {
                    SysVal::FragCoord => {
                        self.info.reads_frag_coord = true;
                        Sys::FragCoord
                    }
                    SysVal::FrontFacing => {
                        self.info.reads_front_facing = true;
                        Sys::FrontFacing
                    }
                    SysVal::PointCoord => {
                        self.info.reads_point_coord = true;
                        Sys::PointCoord
                    }
                    SysVal::HelperInvocation => Sys::HelperInvocation,
                    SysVal::VertexId => Sys::VertexId,
                    SysVal::InstanceId => Sys::InstanceId,
                    SysVal::BaseVertex => Sys::BaseVertex,
                    SysVal::BaseInstance => Sys::BaseInstance,
                    SysVal::DrawId => Sys::DrawId,
                    SysVal::PrimitiveId => Sys::PrimitiveId,
                    SysVal::InvocationId => Sys::InvocationId,
                    SysVal::SampleId => Sys::SampleId,
                    SysVal::SamplePos => Sys::SamplePos,
                    SysVal::SampleMaskIn => Sys::SampleMaskIn,
                    SysVal::TessCoord => Sys::TessCoord,
                    SysVal::TessLevelOuterIn => Sys::TessLevelOuter,
                    SysVal::TessLevelInnerIn => Sys::TessLevelInner,
                    SysVal::PatchVertices => Sys::PatchVertices,
                    SysVal::LocalInvocationId => Sys::LocalInvocationId,
                    SysVal::WorkgroupId => Sys::WorkgroupId,
                    SysVal::NumWorkgroups => Sys::NumWorkgroups,
                    SysVal::GlobalInvocationId => Sys::GlobalInvocationId,
                    SysVal::LocalInvocationIndex => Sys::LocalInvocationIndex,
                    other => return err(format!("system value {}", other.name())),
                };
                if !self.info.system_values.contains(sv) {
                    self.info.system_values.push(*sv);
                }
                let d = self.vregs_n(ty.n());
                self.push(Op::Sys {
                    sv: sys,
                    d: d.r4(),
                    n: d.n,
                })?;
                d
            }
            IrOp::Deriv(kind, a) => {
                self.info.uses_derivatives = true;
                let a = val(fr, *a);
                let d = self.vregs_n(a.n as usize);
                self.push(Op::Deriv {
                    kind: *kind,
                    n: a.n,
                    d: d.r4(),
                    a: a.r4(),
                })?;
                d
            }
            IrOp::Demote => {
                self.info.uses_discard = true;
                self.push(Op::Demote)?;
                Lanes::NONE
            }
            // A compute shader's workgroup waits at `barrier()`; other
            // stages' barriers order nothing here (a tessellation control
            // patch runs in one group of lanes, in lockstep).
            IrOp::Barrier(b) => {
                if b.control && self.s.stage == Stage::Compute {
                    self.info.barriers = true;
                    self.push(Op::Barrier)?;
                }
                Lanes::NONE
            }
            IrOp::Call(callee, args) => {
                let params: Vec<Lanes> = args.iter().map(|x| val(fr, *x)).collect();
                self.call(*callee, params, exits)?
            }
            IrOp::ArrayLength(d) => self.buffer_len(fr, d)?,
            IrOp::Atomic(op, d, args) => {
                let args: Vec<Lanes> = args.iter().map(|x| val(fr, *x)).collect();
                self.atomic(fr, *op, d, &args)?
            }
            IrOp::Image(im) => self.image(fr, im, inst.ty)?,
            IrOp::EmitVertex(stream) => {
                self.push(Op::EmitVertex { stream: *stream })?;
                Lanes::NONE
            }
            IrOp::EndPrimitive(stream) => {
                self.push(Op::EndPrimitive { stream: *stream })?;
                Lanes::NONE
            }
        };
        fr.vals[v.index()] = lanes;
        Ok(())
    }

    fn call(
        &mut self,
        callee: FuncId,
        params: Vec<Lanes>,
        exits: &mut Vec<u32>,
    ) -> Result<Lanes, CompileError> {
        let s = self.s;
        let Some(f) = s.funcs.get(callee) else {
            return err("callee out of range");
        };
        if self
            .sizes
            .get(callee.index())
            .is_some_and(|&n| n > oxgl_ir::passes::INLINE_LIMIT)
        {
            return self.call_out_of_line(callee, &params, exits);
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err("calls nested too deeply");
        }
        let ret = match f.ret {
            Some(t) => {
                supported(t)?;
                self.vregs_n(words(t))
            }
            None => Lanes::NONE,
        };
        let slot = self.slot();
        self.push(Op::CallBegin {
            slot,
            d: ret.r,
            n: ret.n,
        })?;
        let mut fr = self.frame(callee, params, ret, false)?;
        self.emit_zeroes(&fr)?;
        let mut inner = Vec::new();
        self.block(&mut fr, f.body, &mut inner)?;
        let end = self.pc();
        self.patch_exits(&inner, end);
        exits.push(self.push(Op::CallEnd { slot, exit: 0 })?);
        self.depth -= 1;
        Ok(ret)
    }

    /// A call to a function too large to inline (`oxgl_ir::passes::inline`
    /// kept it): arguments stored to the callee's parameter memory, lanes
    /// saved as for an inlined call, `Op::Call`, then the result loaded.
    fn call_out_of_line(
        &mut self,
        callee: FuncId,
        params: &[Lanes],
        exits: &mut Vec<u32>,
    ) -> Result<Lanes, CompileError> {
        let o = match self.outlined.get(&callee) {
            Some(o) => o.clone(),
            None => {
                let f = &self.s.funcs[callee];
                let mut mem = |t: ValType| -> Result<(u32, u8), CompileError> {
                    supported(t)?;
                    let base = self.mem_size;
                    let n = words(t) as u8;
                    self.mem_size = match base.checked_add(u32::from(n)) {
                        Some(m) if m <= MAX_MEM => m,
                        _ => return err("too much local/private memory"),
                    };
                    Ok((base, n))
                };
                let ps = f.params.iter().map(|t| mem(*t)).collect::<Result<_, _>>()?;
                let ret = f.ret.map(&mut mem).transpose()?;
                let o = Outlined {
                    params: ps,
                    ret,
                    entry: None,
                };
                self.outlined.insert(callee, o.clone());
                self.pending.push(callee);
                o
            }
        };
        for (a, &(base, n)) in params.iter().zip(&o.params) {
            self.store_mem(base, a, n)?;
        }
        let slot = self.slot();
        self.push(Op::CallBegin {
            slot,
            d: [NONE; 8],
            n: 0,
        })?;
        let pc = self.push(Op::Call { target: 0 })?;
        self.call_sites.push((pc, callee));
        exits.push(self.push(Op::CallEnd { slot, exit: 0 })?);
        Ok(match o.ret {
            Some((base, n)) => self.load_mem(base, n)?,
            None => Lanes::NONE,
        })
    }

    /// Compiles out-of-line function `f` at the end of the program: its
    /// parameters loaded from memory, its body, `Op::Ret`.
    fn out_of_line_body(&mut self, f: FuncId) -> Result<(), CompileError> {
        let Some(o) = self.outlined.get(&f).cloned() else {
            return err("out-of-line function not recorded");
        };
        let start = self.pc();
        if let Some(x) = self.outlined.get_mut(&f) {
            x.entry = Some(start);
        }
        let mut params = Vec::new();
        for &(base, n) in &o.params {
            let d = self.load_mem(base, n)?;
            params.push(d);
        }
        let mut fr = self.frame(f, params, Lanes::NONE, false)?;
        fr.ret_mem = o.ret;
        self.emit_zeroes(&fr)?;
        let mut exits = Vec::new();
        self.block(&mut fr, self.s.funcs[f].body, &mut exits)?;
        let end = self.push(Op::Ret)?;
        self.patch_exits(&exits, end);
        self.funcs.push((start, end));
        Ok(())
    }

    fn load(&mut self, fr: &Frame, d: &Deref) -> Result<Lanes, CompileError> {
        let p = self.var_place(fr, d.var)?;
        let (ty, vertex, path) = self.split_vertex(p.sp, self.s.vars[d.var].ty, &d.path)?;
        let vertex = match vertex {
            Some((i, len)) => self.vertex_reg(fr, i, len)?,
            None => NONE,
        };
        let (off, dynreg, vt) = self.resolve(Some(fr), p.sp, ty, path)?;
        let base = p
            .base
            .checked_add(off)
            .ok_or(CompileError::new("offset overflow"))?;
        match p.sp {
            Space::Vertices => {
                // Components read of a vertex record, whichever vertex.
                let read: Vec<u32> = if dynreg == NONE {
                    (base..base + words(vt) as u32).collect()
                } else {
                    self.components(p.sp, ty)?
                        .iter()
                        .flat_map(|&(o, n)| p.base + o..p.base + o + n)
                        .collect()
                };
                for c in read {
                    let loc = (c / 4) as usize;
                    if loc < 4096 {
                        if self.info.inputs_read.len() <= loc {
                            self.info.inputs_read.resize(loc + 1, 0);
                        }
                        self.info.inputs_read[loc] |= 1 << (c % 4);
                    }
                }
            }
            Space::Input if self.gs_input(p.sp) => {
                // Components read of a vertex record, whichever vertex.
                let record = 4 * crate::GS_VERTEX_LOCATIONS;
                let elem = match self.s.types.get(ty) {
                    Some(Type::Array { elem, .. }) => *elem,
                    _ => ty,
                };
                let read: Vec<u32> = if dynreg == NONE {
                    (base..base + words(vt) as u32)
                        .map(|c| c % record)
                        .collect()
                } else {
                    self.components(p.sp, elem)?
                        .iter()
                        .flat_map(|&(o, n)| p.base + o..p.base + o + n)
                        .collect()
                };
                for c in read {
                    let loc = (c / 4) as usize;
                    if self.info.inputs_read.len() <= loc {
                        self.info.inputs_read.resize(loc + 1, 0);
                    }
                    self.info.inputs_read[loc] |= 1 << (c % 4);
                }
            }
            Space::Input => {
                let (lo, hi) = if dynreg == NONE {
                    (base, base + words(vt) as u32)
                } else {
                    let comps = self.components(p.sp, ty)?;
                    let span = comps.iter().map(|(o, n)| o + n).max().unwrap_or(0);
                    (p.base, p.base + span)
                };
                for c in lo..hi {
                    let loc = (c / 4) as usize;
                    if loc < 4096 {
                        if self.info.inputs_read.len() <= loc {
                            self.info.inputs_read.resize(loc + 1, 0);
                        }
                        self.info.inputs_read[loc] |= 1 << (c % 4);
                    }
                }
            }
            Space::Uniform => {
                let size = self.s.types.layout(ty).map_or(0, |(s, _)| s);
                self.info.uniform_bytes = self.info.uniform_bytes.max(p.base.saturating_add(size));
            }
            Space::Buffer(slot) => self.info.buffers_used |= 1 << slot,
            _ => {}
        }
        let d = self.vregs_n(words(vt));
        let norm_bool = vt.scalar == Scalar::Bool
            && matches!(p.sp, Space::Input | Space::Uniform | Space::Buffer(_));
        // Four registers an operation: a dvec3 or dvec4 takes two.
        for c in 0..(d.n as usize).div_ceil(4) {
            let (r, n) = d.chunk(c);
            let base = base.wrapping_add(4 * c as u32 * p.sp.unit());
            if vertex != NONE {
                self.push(Op::LoadVertex {
                    sp: p.sp,
                    base,
                    off: dynreg,
                    vertex,
                    d: r,
                    n,
                })?;
                continue;
            }
            self.push(match (p.sp, dynreg == NONE && !norm_bool) {
                (Space::Input, true) => Op::LoadIn { base, d: r, n },
                (Space::Uniform, true) => Op::LoadUni { base, d: r, n },
                (Space::Mem, true) => Op::LoadMem { base, d: r, n },
                _ => Op::Load {
                    sp: p.sp,
                    base,
                    off: dynreg,
                    d: r,
                    n,
                    norm_bool,
                },
            })?;
        }
        Ok(d)
    }

    /// `n` words of memory at `base` into fresh registers.
    fn load_mem(&mut self, base: u32, n: u8) -> Result<Lanes, CompileError> {
        let d = self.vregs_n(n as usize);
        for c in 0..(d.n as usize).div_ceil(4) {
            let (r, k) = d.chunk(c);
            self.push(Op::LoadMem {
                base: base + 4 * c as u32,
                d: r,
                n: k,
            })?;
        }
        Ok(d)
    }

    /// The first `n` registers of `a` to memory at `base`.
    fn store_mem(&mut self, base: u32, a: &Lanes, n: u8) -> Result<(), CompileError> {
        let a = Lanes::from(&a.lanes()[..a.n.min(n) as usize]);
        for c in 0..(a.n as usize).div_ceil(4) {
            let (r, k) = a.chunk(c);
            self.push(Op::StoreMem {
                base: base + 4 * c as u32,
                a: r,
                n: k,
            })?;
        }
        Ok(())
    }

    /// `interpolateAt*` of the input `d` (ARB_gpu_shader5): the components
    /// a load of it would read, through the environment's interpolator.
    fn interpolate(
        &mut self,
        fr: &Frame,
        at: oxgl_ir::InterpAt,
        d: &Deref,
        args: &[Lanes],
    ) -> Result<Lanes, CompileError> {
        let p = self.var_place(fr, d.var)?;
        if p.sp != Space::Input || self.s.stage != Stage::Fragment {
            return err("interpolate of something other than a fragment input");
        }
        let loaded = self.load(fr, d)?;
        // The load just pushed names the components: it becomes the
        // interpolation of the same ones.
        let (base, off, d, n) = match self.ops.pop() {
            Some(Op::Load {
                base, off, d, n, ..
            }) => (base, off, d, n),
            Some(Op::LoadIn { base, d, n }) => (base, NONE, d, n),
            _ => return err("interpolate of an input that loads no components"),
        };
        let a = match (at, args.first()) {
            (oxgl_ir::InterpAt::Sample, Some(x)) => [x.r[0], NONE],
            (oxgl_ir::InterpAt::Offset, Some(x)) => [x.r[0], x.r[1]],
            _ => [NONE, NONE],
        };
        self.info.interpolates_at = true;
        self.push(Op::InterpAt {
            at: at.index() as u8,
            base,
            off,
            d,
            n,
            a,
        })?;
        Ok(loaded)
    }

    fn store(&mut self, fr: &Frame, d: &Deref, x: Lanes) -> Result<(), CompileError> {
        let p = self.var_place(fr, d.var)?;
        if matches!(p.sp, Space::Input | Space::Uniform | Space::Vertices) {
            return err("store to read-only memory");
        }
        let (ty, vertex, path) = self.split_vertex(p.sp, self.s.vars[d.var].ty, &d.path)?;
        // A lane writes its own vertex's outputs only (GLSL 4.00 §4.3.6:
        // indexed with gl_InvocationID), which live in that lane.
        if let Some((i, _)) = vertex {
            let own = match i {
                Index::Value(v) => matches!(
                    self.s.funcs[fr.func].insts.get(*v).map(|i| &i.op),
                    Some(IrOp::System(SysVal::InvocationId))
                ),
                Index::Const(_) => false,
            };
            if !own {
                return err("tessellation control outputs can only be indexed by gl_InvocationID");
            }
        }
        let (off, dynreg, vt) = self.resolve(Some(fr), p.sp, ty, path)?;
        let base = p
            .base
            .checked_add(off)
            .ok_or(CompileError::new("offset overflow"))?;
        let x = Lanes::from(&x.lanes()[..(x.n as usize).min(words(vt))]);
        for c in 0..(x.n as usize).div_ceil(4) {
            let (a, n) = x.chunk(c);
            let base = base.wrapping_add(4 * c as u32 * p.sp.unit());
            self.push(match (p.sp, dynreg == NONE) {
                (Space::Output, true) => Op::StoreOut { base, a, n },
                (Space::Mem, true) => Op::StoreMem { base, a, n },
                _ => Op::Store {
                    sp: p.sp,
                    base,
                    off: dynreg,
                    a,
                    n,
                },
            })?;
        }
        Ok(())
    }

    /// An atomic operation on a word of a buffer (atomic counters).
    fn atomic(
        &mut self,
        fr: &Frame,
        op: oxgl_ir::AtomicOp,
        d: &Deref,
        args: &[Lanes],
    ) -> Result<Lanes, CompileError> {
        let p = self.var_place(fr, d.var)?;
        let Space::Buffer(slot) = p.sp else {
            return err("atomics outside buffers are not supported");
        };
        let (off, dynreg, _) = self.resolve(Some(fr), p.sp, self.s.vars[d.var].ty, &d.path)?;
        let base = p
            .base
            .checked_add(off)
            .ok_or(CompileError::new("offset overflow"))?;
        let a = match args {
            [x] => [x.r[0], NONE],
            [c, x] => [c.r[0], x.r[0]],
            _ => return err("atomic operands"),
        };
        self.info.buffers_used |= 1 << slot;
        self.info.writes_memory = true;
        let dst = self.vreg();
        self.push(Op::Atomic {
            op,
            slot,
            base,
            off: dynreg,
            d: dst,
            a,
        })?;
        Ok(Lanes::from(&[dst][..]))
    }

    /// `.length()` of the runtime-sized array `d` ends in (the last
    /// member of a shader storage block).
    fn buffer_len(&mut self, fr: &Frame, d: &Deref) -> Result<Lanes, CompileError> {
        let p = self.var_place(fr, d.var)?;
        let Space::Buffer(slot) = p.sp else {
            return err("length of an array outside buffers");
        };
        let mut ty = self.s.vars[d.var].ty;
        let mut base = p.base;
        for index in &d.path {
            match (self.s.types.get(ty), index) {
                (Some(Type::Struct { members }), Index::Const(i)) => {
                    let next = members
                        .get(*i as usize)
                        .ok_or(CompileError::new("member out of range"))?
                        .ty;
                    base = base
                        .checked_add(self.member_offset(p.sp, ty, *i)?)
                        .ok_or(CompileError::new("offset overflow"))?;
                    ty = next;
                }
                _ => return err("length of an array inside an array"),
            }
        }
        let Some(Type::Array { len: None, .. }) = self.s.types.get(ty) else {
            return err("length of a sized array");
        };
        let stride = self
            .s
            .types
            .stride(ty)
            .ok_or(CompileError::new("bad buffer array layout"))?;
        self.info.buffers_used |= 1 << slot;
        let dst = self.vreg();
        self.push(Op::BufferLen {
            slot,
            base,
            stride,
            d: dst,
        })?;
        Ok(Lanes::from(&[dst][..]))
    }

    fn image(
        &mut self,
        fr: &Frame,
        im: &ImageOp,
        ty: Option<ValType>,
    ) -> Result<Lanes, CompileError> {
        let Some(decl) = self.s.images.get(im.image as usize) else {
            return err("image out of range");
        };
        let mut args = [[NONE; 4]; 4];
        for (slot, v) in args.iter_mut().zip(im.operands()) {
            if let Some(v) = v {
                *slot = fr.vals[v.index()].r4();
            }
        }
        if im.image < 32 {
            self.info.images_used |= 1 << im.image;
        }
        if !matches!(
            im.kind,
            ImageKind::Load | ImageKind::Size | ImageKind::Samples
        ) {
            self.info.writes_memory = true;
        }
        let call = self.images.len() as u32;
        self.images.push(ImageCall {
            decl: decl.clone(),
            op: im.clone(),
            args,
        });
        let d = match ty {
            Some(ty) => self.vregs_n(ty.n()),
            None => Lanes::NONE,
        };
        self.push(Op::Image {
            call,
            d: d.r4(),
            n: d.n,
        })?;
        Ok(d)
    }

    fn tex(&mut self, fr: &Frame, t: &TexOp, ty: ValType) -> Result<Lanes, CompileError> {
        let Some(decl) = self.s.textures.get(t.texture as usize) else {
            return err("texture out of range");
        };
        let mut args = [[NONE; 4]; 9];
        for (slot, v) in args.iter_mut().zip(t.operands()) {
            if let Some(v) = v {
                *slot = fr.vals[v.index()].r4();
            }
        }
        if t.texture < 32 {
            self.info.textures_used |= 1 << t.texture;
        }
        let call = self.tex.len() as u32;
        self.tex.push(TexCall::new(decl.clone(), t.clone(), args));
        let d = self.vregs_n(ty.n());
        self.push(Op::Tex {
            call,
            d: d.r4(),
            n: d.n,
        })?;
        Ok(d)
    }
}
