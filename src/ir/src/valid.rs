//! The validator: checks every invariant the rest of the crate and the
//! backends rely on, and reports the first violation with its location.
//!
//! Checked: handles in range; types refer only to earlier types; block
//! variables have explicit layouts; each block and instruction appears once in
//! the tree; operands are visible (defined earlier in an enclosing block, the
//! structured form of dominance) and have results; every instruction's
//! operand and result types (ALU typing rules in [`crate::ops::check`]); deref
//! paths fit their variable's type and memory kinds allow the access; `break`
//! and `continue` only inside a loop body; terminators last in their block;
//! returns match the function type; calls match their callee and never recurse;
//! stage-only intrinsics only in their stage. Passes run it in tests after
//! every change.

use crate::*;
use std::fmt;

/// Where a validation error was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// The shader as a whole (entry point, modes).
    Shader,
    /// A type.
    Type(TypeId),
    /// A variable.
    Var(VarId),
    /// A texture or image declaration (index).
    Decl(u32),
    /// An instruction of a function (function name and value).
    Inst(FuncId, String, Value),
    /// A control-flow node: function, block and position in the block.
    Node(FuncId, String, BlockId, usize),
    /// A function as a whole.
    Func(FuncId, String),
}

/// A broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    /// Where.
    pub location: Location,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Location::Shader => write!(f, "shader: ")?,
            Location::Type(t) => write!(f, "type t{}: ", t.index())?,
            Location::Var(v) => write!(f, "variable v{}: ", v.index())?,
            Location::Decl(i) => write!(f, "declaration {i}: ")?,
            Location::Inst(_, name, v) => {
                write!(f, "function {name:?}, instruction #{}: ", v.index())?
            }
            Location::Node(_, name, b, i) => {
                write!(f, "function {name:?}, block #{} node {i}: ", b.index())?
            }
            Location::Func(_, name) => write!(f, "function {name:?}: ")?,
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValidationError {}

fn err<T>(location: Location, message: impl Into<String>) -> Result<T, ValidationError> {
    Err(ValidationError {
        location,
        message: message.into(),
    })
}

/// Validates the whole shader.
pub fn validate(shader: &Shader) -> Result<(), ValidationError> {
    check_types(shader)?;
    check_vars(shader)?;
    check_decls(shader)?;
    let Some(entry) = shader.funcs.get(shader.entry) else {
        return err(Location::Shader, "entry point out of range");
    };
    if !entry.params.is_empty() || entry.ret.is_some() {
        return err(
            Location::Shader,
            "the entry point takes no parameters and returns nothing",
        );
    }
    for mode in &shader.modes {
        let ok = match mode {
            Mode::LocalSize(s) => shader.stage == Stage::Compute && s.iter().all(|x| *x >= 1),
            Mode::EarlyFragmentTests | Mode::OriginUpperLeft | Mode::PixelCenterInteger => {
                shader.stage == Stage::Fragment
            }
            Mode::InputPrimitive(_)
            | Mode::OutputPrimitive(_)
            | Mode::MaxVertices(_)
            | Mode::Invocations(_) => shader.stage == Stage::Geometry,
            Mode::OutputVertices(_) => shader.stage == Stage::TessControl,
            Mode::TessDomain(_)
            | Mode::TessSpacing(_)
            | Mode::TessClockwise
            | Mode::TessPointMode => shader.stage == Stage::TessEval,
        };
        if !ok {
            return err(
                Location::Shader,
                format!("mode {mode:?} in {} stage", shader.stage.name()),
            );
        }
    }
    for (h, _) in shader.funcs.iter() {
        FuncCheck::new(shader, h).run()?;
    }
    check_recursion(shader)
}

fn check_types(shader: &Shader) -> Result<(), ValidationError> {
    for (h, ty) in shader.types.iter() {
        let earlier = |t: TypeId| t.index() < h.index();
        let ok = match ty {
            Type::Value(v) => v.is_valid(),
            Type::Array { elem, len, .. } => {
                earlier(*elem) && *len != Some(0) && !has_runtime_array(shader, *elem)
            }
            Type::Struct { members } => {
                !members.is_empty()
                    && members.iter().enumerate().all(|(i, m)| {
                        earlier(m.ty)
                            && (i + 1 == members.len() || !has_runtime_array(shader, m.ty))
                    })
            }
        };
        if !ok {
            return err(
                Location::Type(h),
                "bad lanes, forward reference, empty struct, zero length or misplaced runtime array",
            );
        }
    }
    Ok(())
}

fn has_runtime_array(shader: &Shader, ty: TypeId) -> bool {
    match shader.types.get(ty) {
        Some(Type::Array { len: None, .. }) => true,
        Some(Type::Struct { members }) => members
            .last()
            .is_some_and(|m| has_runtime_array(shader, m.ty)),
        _ => false,
    }
}

fn explicit_layout(shader: &Shader, ty: TypeId) -> bool {
    match shader.types.get(ty) {
        Some(Type::Value(_)) => true,
        Some(Type::Array { elem, stride, .. }) => {
            stride.is_some() && explicit_layout(shader, *elem)
        }
        Some(Type::Struct { members }) => members
            .iter()
            .all(|m| m.offset.is_some() && explicit_layout(shader, m.ty)),
        None => false,
    }
}

fn check_vars(shader: &Shader) -> Result<(), ValidationError> {
    for (h, var) in shader.vars.iter() {
        let loc = || Location::Var(h);
        if shader.types.get(var.ty).is_none() {
            return err(loc(), "type out of range");
        }
        if has_runtime_array(shader, var.ty) && !matches!(var.kind, VarKind::StorageBlock { .. }) {
            return err(loc(), "runtime-sized arrays only in storage blocks");
        }
        match &var.kind {
            VarKind::Local(f) if !shader.funcs.contains(*f) => {
                return err(loc(), "owner function out of range");
            }
            VarKind::Input { slot, .. } | VarKind::Output { slot, .. } => {
                if let Slot::Location { component, .. } = slot
                    && *component > 3
                {
                    return err(loc(), "component above 3");
                }
                let output = matches!(var.kind, VarKind::Output { .. });
                if !output && shader.stage == Stage::Compute {
                    return err(loc(), "compute shaders have no inputs");
                }
                if let Slot::Builtin(b) = slot
                    && !b.allowed(shader.stage, output)
                {
                    let dir = if output { "output" } else { "input" };
                    return err(
                        loc(),
                        format!(
                            "built-in {} is not a {} {dir}",
                            b.name(),
                            shader.stage.name()
                        ),
                    );
                }
            }
            VarKind::Uniform { .. }
            | VarKind::UniformBlock { .. }
            | VarKind::StorageBlock { .. }
            | VarKind::AtomicCounter { .. }
                if !explicit_layout(shader, var.ty) =>
            {
                return err(
                    loc(),
                    "uniforms and blocks need explicit offsets and strides",
                );
            }
            VarKind::Shared if shader.stage != Stage::Compute => {
                return err(loc(), "shared variables only in compute shaders");
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_decls(shader: &Shader) -> Result<(), ValidationError> {
    let kinds = [Scalar::F32, Scalar::I32, Scalar::U32];
    for (i, t) in shader.textures.iter().enumerate() {
        let ms_ok = !t.multisample || matches!(t.dim, Dim::D2);
        let shadow_ok =
            !t.shadow || (t.kind == Scalar::F32 && !matches!(t.dim, Dim::D3 | Dim::Buffer));
        if !kinds.contains(&t.kind) || !ms_ok || !shadow_ok {
            return err(
                Location::Decl(i as u32),
                format!("bad texture declaration {t:?}"),
            );
        }
    }
    for (i, t) in shader.images.iter().enumerate() {
        if !kinds.contains(&t.kind) || (t.multisample && t.dim != Dim::D2) {
            return err(
                Location::Decl(i as u32),
                format!("bad image declaration {t:?}"),
            );
        }
    }
    Ok(())
}

fn check_recursion(shader: &Shader) -> Result<(), ValidationError> {
    // 0 = unvisited, 1 = on the stack, 2 = done.
    fn visit(shader: &Shader, f: FuncId, state: &mut [u8]) -> Result<(), ValidationError> {
        match state[f.index()] {
            1 => {
                let name = shader.funcs[f].name.clone();
                return err(Location::Func(f, name), "recursion");
            }
            2 => return Ok(()),
            _ => {}
        }
        state[f.index()] = 1;
        let func = &shader.funcs[f];
        for v in func.live_insts() {
            if let Op::Call(callee, _) = func.insts[v].op {
                visit(shader, callee, state)?;
            }
        }
        state[f.index()] = 2;
        Ok(())
    }
    let mut state = vec![0u8; shader.funcs.len()];
    for f in shader.funcs.handles() {
        visit(shader, f, &mut state)?;
    }
    Ok(())
}

struct FuncCheck<'a> {
    shader: &'a Shader,
    id: FuncId,
    f: &'a Function,
    visible: Vec<bool>,
    seen_inst: Vec<bool>,
    seen_block: Vec<bool>,
}

impl<'a> FuncCheck<'a> {
    fn new(shader: &'a Shader, id: FuncId) -> Self {
        let f = &shader.funcs[id];
        FuncCheck {
            shader,
            id,
            f,
            visible: vec![false; f.insts.len()],
            seen_inst: vec![false; f.insts.len()],
            seen_block: vec![false; f.blocks.len()],
        }
    }

    fn name(&self) -> String {
        self.f.name.clone()
    }

    fn run(mut self) -> Result<(), ValidationError> {
        if !self.f.blocks.contains(self.f.body) {
            return err(
                Location::Func(self.id, self.name()),
                "body block out of range",
            );
        }
        self.block(self.f.body, 0)
    }

    fn node_err<T>(
        &self,
        b: BlockId,
        i: usize,
        msg: impl Into<String>,
    ) -> Result<T, ValidationError> {
        err(Location::Node(self.id, self.name(), b, i), msg)
    }

    /// Checks operand `v` at node `(b, i)`: in range, visible, has a result.
    fn operand(&self, v: Value, b: BlockId, i: usize) -> Result<ValType, ValidationError> {
        if !self.f.insts.contains(v) {
            return self.node_err(b, i, format!("operand #{} out of range", v.index()));
        }
        if !self.visible[v.index()] {
            return self.node_err(
                b,
                i,
                format!("operand #{} does not dominate its use", v.index()),
            );
        }
        match self.f.insts[v].ty {
            Some(t) => Ok(t),
            None => self.node_err(b, i, format!("operand #{} has no result", v.index())),
        }
    }

    fn block(&mut self, b: BlockId, loop_depth: u32) -> Result<(), ValidationError> {
        if !self.f.blocks.contains(b) {
            return err(
                Location::Func(self.id, self.name()),
                format!("block #{} out of range", b.index()),
            );
        }
        if std::mem::replace(&mut self.seen_block[b.index()], true) {
            return err(
                Location::Func(self.id, self.name()),
                format!("block #{} used twice", b.index()),
            );
        }
        let nodes = &self.f.blocks[b].nodes;
        let mut defined = Vec::new();
        for (i, node) in nodes.iter().enumerate() {
            if node.is_terminator() && i + 1 != nodes.len() {
                return self.node_err(b, i, "terminator is not the last node of its block");
            }
            match node {
                Node::Inst(v) => {
                    if !self.f.insts.contains(*v) {
                        return self.node_err(b, i, "instruction out of range");
                    }
                    if std::mem::replace(&mut self.seen_inst[v.index()], true) {
                        return self.node_err(b, i, "instruction placed twice");
                    }
                    self.inst(*v, b, i).map_err(|mut e| {
                        let line = crate::text::inst_text(self.shader, self.id, *v);
                        e.message = format!("{} (`{line}`)", e.message);
                        e
                    })?;
                    self.visible[v.index()] = true;
                    defined.push(*v);
                }
                Node::If { cond, then, else_ } => {
                    let t = self.operand(*cond, b, i)?;
                    if t != ValType::BOOL {
                        return self.node_err(b, i, format!("if condition is {t}, not bool"));
                    }
                    self.block(*then, loop_depth)?;
                    self.block(*else_, loop_depth)?;
                }
                Node::Loop { body, cont } => {
                    self.block(*body, loop_depth + 1)?;
                    // The continue construct breaks or continues no loop
                    // (only loops nested inside it), so backends never
                    // leave a loop from between two iterations.
                    self.block(*cont, 0)?;
                }
                Node::Break | Node::Continue if loop_depth == 0 => {
                    return self.node_err(b, i, "break or continue outside a loop body");
                }
                Node::Break | Node::Continue => {}
                Node::Return(v) => {
                    let t = v.map(|v| self.operand(v, b, i)).transpose()?;
                    if t != self.f.ret {
                        return self.node_err(
                            b,
                            i,
                            format!("return of {t:?}, function returns {:?}", self.f.ret),
                        );
                    }
                }
                Node::Discard => {
                    if self.shader.stage != Stage::Fragment {
                        return self.node_err(b, i, "discard outside the fragment stage");
                    }
                }
            }
        }
        for v in defined {
            self.visible[v.index()] = false;
        }
        Ok(())
    }

    fn deref(
        &self,
        d: &Deref,
        b: BlockId,
        i: usize,
    ) -> Result<(TypeId, &'a VarKind), ValidationError> {
        let Some(var) = self.shader.vars.get(d.var) else {
            return self.node_err(b, i, "variable out of range");
        };
        if let VarKind::Local(owner) = var.kind
            && owner != self.id
        {
            return self.node_err(
                b,
                i,
                format!("local {:?} belongs to another function", var.name),
            );
        }
        for index in &d.path {
            if let Index::Value(v) = index {
                let t = self.operand(*v, b, i)?;
                if !(t.scalar.is_int() && t.lanes == 1) {
                    return self.node_err(b, i, format!("dynamic index of type {t}"));
                }
            }
        }
        match self.shader.deref_type(var.ty, &d.path) {
            Some(t) => Ok((t, &var.kind)),
            None => self.node_err(
                b,
                i,
                format!("path {:?} does not fit {:?}'s type", d.path, var.name),
            ),
        }
    }

    fn inst(&self, v: Value, b: BlockId, i: usize) -> Result<(), ValidationError> {
        let inst = &self.f.insts[v];
        let stage = self.shader.stage;
        let fail = |msg: String| err(Location::Inst(self.id, self.name(), v), msg);
        let mut tys = Vec::new();
        let mut bad = None;
        inst.op.for_each_value(|a| {
            if bad.is_none() {
                match self.operand(a, b, i) {
                    Ok(t) => tys.push(t),
                    Err(e) => bad = Some(e),
                }
            }
        });
        if let Some(e) = bad {
            return Err(ValidationError {
                location: Location::Inst(self.id, self.name(), v),
                message: e.message,
            });
        }
        let ty = inst.ty;
        if let Some(t) = ty
            && !t.is_valid()
        {
            return fail(format!("result type with {} lanes", t.lanes));
        }
        let want = |expected: Option<ValType>| -> Result<(), ValidationError> {
            if ty == expected {
                Ok(())
            } else {
                fail(format!("result type {ty:?}, expected {expected:?}"))
            }
        };
        let stage_only = |ok: bool, what: &str| -> Result<(), ValidationError> {
            if ok {
                Ok(())
            } else {
                fail(format!("{what} in the {} stage", stage.name()))
            }
        };
        let operand_ty = |a: Value| self.f.insts[a].ty.unwrap_or(ValType::BOOL);
        match &inst.op {
            Op::Const(bits) => {
                let Some(t) = ty else {
                    return fail("const without a type".into());
                };
                let m = if t.scalar == Scalar::Bool {
                    1
                } else {
                    u64::MAX >> (64 - t.scalar.bits())
                };
                if bits
                    .iter()
                    .enumerate()
                    .any(|(k, x)| if k < t.n() { x & !m != 0 } else { *x != 0 })
                {
                    return fail("constant bits outside the type's lanes or width".into());
                }
            }
            Op::Undef => {
                if ty.is_none() {
                    return fail("undef without a type".into());
                }
            }
            Op::Param(n) => match self.f.params.get(*n as usize) {
                Some(t) => want(Some(*t))?,
                None => return fail(format!("parameter {n} out of range")),
            },
            Op::Alu(op, _) => {
                if let Err(e) = ops::check(*op, &tys, ty) {
                    return fail(e);
                }
                if ty.is_none() {
                    return fail(format!("{} without a result type", op.name()));
                }
            }
            Op::Swizzle(a, idx) => {
                let at = operand_ty(*a);
                let Some(t) = ty else {
                    return fail("swizzle without a result".into());
                };
                if t.scalar != at.scalar
                    || idx[..t.n()].iter().any(|l| *l >= at.lanes)
                    || idx[t.n()..].iter().any(|l| *l != 0)
                {
                    return fail(format!("swizzle {idx:?} of {at} to {t}"));
                }
            }
            Op::Insert(a, s, lane) => {
                let at = operand_ty(*a);
                if operand_ty(*s) != at.lane() || *lane >= at.lanes {
                    return fail(format!(
                        "insert of {} into lane {lane} of {at}",
                        operand_ty(*s)
                    ));
                }
                want(Some(at))?;
            }
            Op::Construct(parts) => {
                let Some(t) = ty else {
                    return fail("construct without a result".into());
                };
                let lanes: usize = parts.iter().map(|p| operand_ty(*p).n()).sum();
                if parts.iter().any(|p| operand_ty(*p).scalar != t.scalar) || lanes != t.n() {
                    return fail(format!("construct of {tys:?} into {t}"));
                }
            }
            Op::Load(d) => {
                let (t, _) = self.deref(d, b, i)?;
                match self.shader.types.val_type(t) {
                    Some(vt) => want(Some(vt))?,
                    None => return fail("load of an aggregate".into()),
                }
            }
            Op::Store(d, val) => {
                let (t, kind) = self.deref(d, b, i)?;
                let writable = match kind {
                    VarKind::Input { .. }
                    | VarKind::Uniform { .. }
                    | VarKind::UniformBlock { .. }
                    | VarKind::AtomicCounter { .. } => false,
                    VarKind::StorageBlock { readonly, .. } => !readonly,
                    _ => true,
                };
                if !writable {
                    return fail("store to read-only memory".into());
                }
                if self.shader.types.val_type(t) != Some(operand_ty(*val)) {
                    return fail(format!(
                        "store of {} to an element of type {:?}",
                        operand_ty(*val),
                        self.shader.types.get(t)
                    ));
                }
                want(None)?;
            }
            Op::ArrayLength(d) => {
                let (t, kind) = self.deref(d, b, i)?;
                if !matches!(kind, VarKind::StorageBlock { .. })
                    || !matches!(
                        self.shader.types.get(t),
                        Some(Type::Array { len: None, .. })
                    )
                {
                    return fail(
                        "array_length of something other than a runtime-sized SSBO array".into(),
                    );
                }
                want(Some(ValType::U32))?;
            }
            Op::Atomic(op, d, args) => {
                let (t, kind) = self.deref(d, b, i)?;
                let et = self.shader.types.val_type(t);
                let ok_mem = matches!(
                    kind,
                    VarKind::StorageBlock {
                        readonly: false,
                        ..
                    } | VarKind::Shared
                        | VarKind::AtomicCounter { .. }
                );
                let Some(et) = et.filter(|e| ok_mem && (*e == ValType::I32 || *e == ValType::U32))
                else {
                    return fail(
                        "atomics need an i32/u32 in a writable SSBO or shared variable".into(),
                    );
                };
                let n = if *op == AtomicOp::CmpXchg { 2 } else { 1 };
                if args.len() != n || args.iter().any(|a| operand_ty(*a) != et) {
                    return fail(format!(
                        "atomic {} takes {n} operand(s) of type {et}",
                        op.name()
                    ));
                }
                want(Some(et))?;
            }
            Op::Tex(t) => self.tex(t, ty).or_else(fail)?,
            Op::Image(im) => self.image(im, ty).or_else(fail)?,
            Op::System(sv) => {
                stage_only(sv.in_stage(stage), sv.name())?;
                want(Some(sv.ty()))?;
            }
            Op::Interpolate(at, d, args) => {
                stage_only(stage == Stage::Fragment, "interpolate")?;
                let (t, kind) = self.deref(d, b, i)?;
                let et = self.shader.types.val_type(t);
                let Some(et) =
                    et.filter(|e| matches!(kind, VarKind::Input { .. }) && e.scalar.is_float())
                else {
                    return fail("interpolate needs a float input".into());
                };
                let want_args: &[ValType] = match at {
                    InterpAt::Centroid => &[],
                    InterpAt::Sample => &[ValType::I32],
                    InterpAt::Offset => &[ValType::F32X2],
                };
                if args.len() != want_args.len()
                    || args
                        .iter()
                        .zip(want_args)
                        .any(|(a, w)| operand_ty(*a) != *w)
                {
                    return fail(format!("interpolate {} operands", at.name()));
                }
                want(Some(et))?;
            }
            Op::Deriv(d, a) => {
                stage_only(stage == Stage::Fragment, d.name())?;
                if !operand_ty(*a).scalar.is_float() {
                    return fail("derivative of a non-float".into());
                }
                want(Some(operand_ty(*a)))?;
            }
            Op::Barrier(bar) => {
                if bar.control {
                    stage_only(
                        matches!(stage, Stage::Compute | Stage::TessControl),
                        "barrier",
                    )?;
                }
                if bar.memory >= 16 {
                    return fail("unknown barrier memory bits".into());
                }
                want(None)?;
            }
            Op::EmitVertex(s) | Op::EndPrimitive(s) => {
                stage_only(stage == Stage::Geometry, "emit/end_primitive")?;
                if *s > 3 {
                    return fail("stream above 3".into());
                }
                want(None)?;
            }
            Op::Demote => {
                stage_only(stage == Stage::Fragment, "demote")?;
                want(None)?;
            }
            Op::Call(callee, _) => {
                let Some(cf) = self.shader.funcs.get(*callee) else {
                    return fail("callee out of range".into());
                };
                if cf.params != tys {
                    return fail(format!(
                        "call of {:?} with {tys:?}, expects {:?}",
                        cf.name, cf.params
                    ));
                }
                if *callee == self.shader.entry {
                    return fail("call of the entry point".into());
                }
                want(cf.ret)?;
            }
        }
        Ok(())
    }

    fn tex(&self, t: &TexOp, ty: Option<ValType>) -> Result<(), String> {
        use TexKind::*;
        let decl = self
            .shader
            .textures
            .get(t.texture as usize)
            .ok_or_else(|| format!("texture {} not declared", t.texture))?;
        if t.sampler as usize >= self.shader.textures.len() {
            return Err(format!("sampler {} not declared", t.sampler));
        }
        let ty_of = |v: Option<Value>| v.map(|v| self.f.insts[v].ty.unwrap_or(ValType::BOOL));
        let lanes = decl.dim.coord_lanes();
        let sampling = matches!(t.kind, Sample | SampleLod | SampleGrad | Gather);
        let fetch = t.kind == Fetch;
        let mipmapped = !decl.multisample && !matches!(decl.dim, Dim::Buffer | Dim::Rect);
        let f = |n: u8| Some(ValType::vec(Scalar::F32, n));
        let i = |n: u8| Some(ValType::vec(Scalar::I32, n));
        let expect = |name: &str, got: Option<ValType>, want: Option<ValType>| {
            if got == want {
                Ok(())
            } else {
                Err(format!(
                    "{} operand {name}: {got:?}, expected {want:?}",
                    t.kind.name()
                ))
            }
        };
        let coord_want = match t.kind {
            _ if sampling || t.kind == QueryLod => f(lanes),
            Fetch => i(lanes),
            _ => None,
        };
        expect("coord", ty_of(t.coord), coord_want)?;
        let layer = (sampling || fetch) && decl.arrayed;
        expect(
            "layer",
            ty_of(t.layer),
            if !layer {
                None
            } else if fetch {
                i(1)
            } else {
                f(1)
            },
        )?;
        expect(
            "compare",
            ty_of(t.compare),
            if sampling && decl.shadow { f(1) } else { None },
        )?;
        let lod_want = match t.kind {
            SampleLod => f(1),
            Fetch | QuerySize if mipmapped => i(1),
            _ => None,
        };
        expect("lod", ty_of(t.lod), lod_want)?;
        if t.bias.is_some() {
            expect(
                "bias",
                ty_of(t.bias),
                if t.kind == Sample { f(1) } else { None },
            )?;
        }
        let grad = if t.kind == SampleGrad { f(lanes) } else { None };
        expect("ddx", ty_of(t.ddx), grad)?;
        expect("ddy", ty_of(t.ddy), grad)?;
        if t.offset.is_some() {
            let ok = (sampling || fetch) && !matches!(decl.dim, Dim::Cube | Dim::Buffer);
            expect("offset", ty_of(t.offset), if ok { i(lanes) } else { None })?;
        }
        expect(
            "sample",
            ty_of(t.sample),
            if fetch && decl.multisample {
                i(1)
            } else {
                None
            },
        )?;
        if (t.kind == Gather && t.component > 3) || (t.kind != Gather && t.component != 0) {
            return Err(format!("component {} for {}", t.component, t.kind.name()));
        }
        if t.shadow_vec4 && !(decl.shadow && matches!(t.kind, Sample | SampleLod | SampleGrad)) {
            return Err(format!("shadow_vec4 on {}", t.kind.name()));
        }
        if decl.multisample && !matches!(t.kind, Fetch | QuerySize | QuerySamples) {
            return Err(format!("{} on a multisample texture", t.kind.name()));
        }
        if decl.dim == Dim::Buffer && !matches!(t.kind, Fetch | QuerySize) {
            return Err(format!("{} on a buffer texture", t.kind.name()));
        }
        if matches!(t.kind, Sample | QueryLod) && self.shader.stage != Stage::Fragment {
            return Err("implicit-LOD texture operation outside the fragment stage".into());
        }
        let want = t.result_type(decl);
        if ty != Some(want) {
            return Err(format!("result type {ty:?}, expected {want}"));
        }
        Ok(())
    }

    fn image(&self, im: &ImageOp, ty: Option<ValType>) -> Result<(), String> {
        let decl = self
            .shader
            .images
            .get(im.image as usize)
            .ok_or_else(|| format!("image {} not declared", im.image))?;
        let ty_of = |v: Option<Value>| v.map(|v| self.f.insts[v].ty.unwrap_or(ValType::BOOL));
        let query = matches!(im.kind, ImageKind::Size | ImageKind::Samples);
        let lanes = decl.dim.size_lanes() + (decl.arrayed || decl.dim == Dim::Cube) as u8;
        let check = |name: &str, got: Option<ValType>, want: Option<ValType>| {
            if got == want {
                Ok(())
            } else {
                Err(format!(
                    "image {} operand {name}: {got:?}, expected {want:?}",
                    im.kind.name()
                ))
            }
        };
        check(
            "coord",
            ty_of(im.coord),
            (!query).then_some(ValType::vec(Scalar::I32, lanes)),
        )?;
        check(
            "sample",
            ty_of(im.sample),
            (!query && decl.multisample).then_some(ValType::I32),
        )?;
        let value = match im.kind {
            ImageKind::Store => Some(ValType::vec(decl.kind, 4)),
            _ if im.is_atomic() => Some(ValType::scalar(decl.kind)),
            _ => None,
        };
        check("value", ty_of(im.value), value)?;
        let compare = (im.kind == ImageKind::AtomicCmpXchg).then_some(ValType::scalar(decl.kind));
        check("compare", ty_of(im.compare), compare)?;
        if im.is_atomic() && decl.kind == Scalar::F32 && im.kind != ImageKind::AtomicXchg {
            return Err("integer image atomic on a float image".into());
        }
        if query && im.kind == ImageKind::Samples && !decl.multisample {
            return Err("samples query on a single-sample image".into());
        }
        let want = im.result_type(decl);
        if ty != want {
            return Err(format!("result type {ty:?}, expected {want:?}"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fs() -> Shader {
        Shader::new(Stage::Fragment)
    }

    #[test]
    fn accepts_builder_output() {
        let mut s = fs();
        let mut b = Builder::new(&mut s);
        let c = b.load_input(0, ValType::F32X4);
        let x = b.lane(c, 0);
        let half = b.f32(0.5);
        let cond = b.lt(x, half);
        b.if_then(cond, |b| b.discard());
        b.store_output(0, c);
        validate(&s).unwrap();
    }

    #[test]
    fn rejects_use_outside_dominance() {
        let mut s = fs();
        let mut b = Builder::new(&mut s);
        let t = b.bool(true);
        let mut inner = None;
        b.if_then(t, |b| inner = Some(b.f32(1.0)));
        let v = b.f32(2.0);
        // Hand-make `fadd inner, v` after the if: inner is out of scope.
        let bad = b.push(
            Op::Alu(AluOp::FAdd, vec![inner.unwrap(), v]),
            Some(ValType::F32),
        );
        let e = validate(&s).unwrap_err();
        assert_eq!(e.location, Location::Inst(s.entry, "main".into(), bad));
        assert!(e.message.contains("does not dominate"), "{e}");
    }

    #[test]
    fn rejects_bad_types_and_places() {
        // Type mismatch.
        let mut s = fs();
        let mut b = Builder::new(&mut s);
        let x = b.f32(1.0);
        let y = b.i32(1);
        b.push(Op::Alu(AluOp::FAdd, vec![x, y]), Some(ValType::F32));
        let e = validate(&s).unwrap_err();
        assert_eq!(
            e.to_string(),
            "function \"main\", instruction #2: fadd: operand types f32 and i32 differ \
             (`%2: f32 = fadd %0, %1`)"
        );

        // break outside a loop.
        let mut s = fs();
        Builder::new(&mut s).break_();
        assert!(validate(&s).unwrap_err().message.contains("outside a loop"));

        // break inside a continue construct.
        let mut s = fs();
        Builder::new(&mut s).loop_(|b| b.break_(), |b| b.break_());
        assert!(validate(&s).is_err());

        // Terminator not last.
        let mut s = fs();
        let mut b = Builder::new(&mut s);
        b.discard();
        b.f32(1.0);
        assert!(validate(&s).unwrap_err().message.contains("terminator"));

        // Stage-only intrinsics.
        let mut s = Shader::new(Stage::Vertex);
        Builder::new(&mut s).system(SysVal::FragCoord);
        assert!(validate(&s).unwrap_err().message.contains("frag_coord"));
        let mut s = Shader::new(Stage::Vertex);
        Builder::new(&mut s).discard();
        assert!(validate(&s).is_err());

        // Store to an input.
        let mut s = fs();
        let mut b = Builder::new(&mut s);
        let var = b.input(0, ValType::F32);
        let one = b.f32(1.0);
        b.store_var(var, one);
        assert!(validate(&s).unwrap_err().message.contains("read-only"));

        // Non-canonical constant.
        let mut s = fs();
        Builder::new(&mut s).constant(ValType::F32, [1 << 40, 0, 0, 0]);
        assert!(validate(&s).is_err());
    }

    #[test]
    fn rejects_bad_memory_access() {
        let src = |body: &str| {
            format!(
                "shader compute
var v0 \"buf\" ssbo binding 0 readonly : {{ u32 offset 0, [f32 stride 4] offset 4 }}
var v1 \"s\" shared : [4 x i32]
var v2 \"l\" local f0 : {{ f32, i32 }}
func f0 \"main\" () {{
  %0: i32 = const 1
  %1: f32 = const 1.0
{body}
}}
"
            )
        };
        let check = |body: &str, msg: &str| {
            let s = text::parse(&src(body)).unwrap_or_else(|e| panic!("{e}"));
            let e = validate(&s).unwrap_err();
            assert!(e.message.contains(msg), "{body}: {e}");
        };
        let ok = text::parse(&src("  %2: i32 = atomic add v1[%0], %0\n  store v2[0], %1")).unwrap();
        validate(&ok).unwrap();
        check("  store v0[0], %0", "read-only");
        check("  %2: u32 = atomic add v0[0], %0", "atomics");
        check("  store v1[7], %0", "does not fit");
        check("  store v2[%0], %1", "does not fit");
        check("  store v1[%1], %0", "dynamic index of type f32");
        check("  store v2[1], %1", "store of f32");
        check("  %2: u32 = array_length v1", "runtime-sized");
        check("  %2: f32x4 = load v1", "aggregate");
    }

    #[test]
    fn rejects_bad_calls_and_returns() {
        let mut s = fs();
        let f = Builder::add_function(&mut s, "f", vec![ValType::F32], Some(ValType::F32));
        let mut b = Builder::at_end(&mut s, f);
        let p = b.param(0);
        b.return_(Some(p));
        validate(&s).unwrap();
        let mut b = Builder::new(&mut s);
        let i = b.i32(1);
        b.call(f, &[i]);
        assert!(validate(&s).unwrap_err().message.contains("call of \"f\""));

        let mut s = fs();
        let f = Builder::add_function(&mut s, "f", vec![], Some(ValType::F32));
        Builder::at_end(&mut s, f).return_(None);
        assert!(validate(&s).unwrap_err().message.contains("return of None"));
    }

    #[test]
    fn builtin_slots_per_stage() {
        let mut s = Shader::new(Stage::Vertex);
        let one = Builder::new(&mut s).f32(1.0);
        Builder::new(&mut s).store_builtin(Builtin::PointSize, one);
        validate(&s).unwrap();
        let mut s = Shader::new(Stage::Vertex);
        let mut b = Builder::new(&mut s);
        let one = b.f32(1.0);
        b.store_builtin(Builtin::FragDepth, one);
        let e = validate(&s).unwrap_err();
        assert_eq!(e.message, "built-in frag_depth is not a vertex output");
    }

    #[test]
    fn rejects_recursion() {
        let mut s = fs();
        let f = Builder::add_function(&mut s, "f", vec![], None);
        Builder::at_end(&mut s, f).call(f, &[]);
        let e = validate(&s).unwrap_err();
        assert_eq!(e.message, "recursion");
    }

    #[test]
    fn texture_operands() {
        let mut s = fs();
        let mut b = Builder::new(&mut s);
        let t = b.declare_texture(TextureDecl {
            name: "tex".into(),
            dim: Dim::D2,
            arrayed: false,
            multisample: false,
            shadow: false,
            kind: Scalar::F32,
            binding: 0,
        });
        let uv = b.f32s(&[0.5, 0.5]);
        b.sample(t, uv);
        validate(&s).unwrap();
        let mut b = Builder::new(&mut s);
        let uv3 = b.f32s(&[0.5, 0.5, 0.5]);
        b.sample(t, uv3);
        assert!(validate(&s).unwrap_err().message.contains("coord"));
    }
}
