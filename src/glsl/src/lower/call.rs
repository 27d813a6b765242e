//! Calls: user functions are inlined here (arguments evaluated in order
//! into fresh locals, `out`/`inout` copied back after the body, samplers
//! bound by name), built-in functions become ALU operations, derivatives,
//! barriers and texture operations (`tex.rs`).

use super::expr::{Place, Rv};
use super::{Binding, Lower, R, internal, num, unsupported};
use crate::ast::ExprId;
use crate::diag::Loc;
use crate::names::Sym;
use crate::sema::{Base, Callee, Dir, Num, Scalar, SemaType, Sig};
use oxgl_ir::{AluOp, Barrier, Deriv, SysVal, Value};

/// ALU operations that are exactly one GLSL built-in over floats.
const FLOAT_UNARY: &[(&str, AluOp)] = &[
    ("radians", AluOp::Radians),
    ("degrees", AluOp::Degrees),
    ("sin", AluOp::Sin),
    ("cos", AluOp::Cos),
    ("tan", AluOp::Tan),
    ("asin", AluOp::Asin),
    ("acos", AluOp::Acos),
    ("exp", AluOp::Exp),
    ("log", AluOp::Log),
    ("exp2", AluOp::Exp2),
    ("log2", AluOp::Log2),
    ("sqrt", AluOp::Sqrt),
    ("inversesqrt", AluOp::Rsqrt),
    ("floor", AluOp::Floor),
    ("ceil", AluOp::Ceil),
    ("fract", AluOp::Fract),
    ("trunc", AluOp::Trunc),
    ("round", AluOp::Round),
    ("roundEven", AluOp::RoundEven),
    ("sinh", AluOp::Sinh),
    ("cosh", AluOp::Cosh),
    ("tanh", AluOp::Tanh),
    ("asinh", AluOp::Asinh),
    ("acosh", AluOp::Acosh),
    ("atanh", AluOp::Atanh),
    ("normalize", AluOp::Normalize),
    ("isnan", AluOp::IsNan),
    ("isinf", AluOp::IsInf),
    ("any", AluOp::Any),
    ("all", AluOp::All),
    ("not", AluOp::Not),
    ("bitfieldReverse", AluOp::BitReverse),
    ("bitCount", AluOp::BitCount),
    ("findLSB", AluOp::FindLsb),
    ("packUnorm4x8", AluOp::PackUnorm4x8),
    ("packSnorm4x8", AluOp::PackSnorm4x8),
    ("packUnorm2x16", AluOp::PackUnorm2x16),
    ("packSnorm2x16", AluOp::PackSnorm2x16),
    ("packHalf2x16", AluOp::PackHalf2x16),
    ("unpackUnorm4x8", AluOp::UnpackUnorm4x8),
    ("unpackSnorm4x8", AluOp::UnpackSnorm4x8),
    ("unpackUnorm2x16", AluOp::UnpackUnorm2x16),
    ("unpackSnorm2x16", AluOp::UnpackSnorm2x16),
    ("unpackHalf2x16", AluOp::UnpackHalf2x16),
    ("packDouble2x32", AluOp::PackDouble2x32),
    ("unpackDouble2x32", AluOp::UnpackDouble2x32),
    ("length", AluOp::Length),
];

/// Operations whose operands all take the result's (or first operand's)
/// type, a scalar operand splatted.
const SAME: &[(&str, AluOp)] = &[
    ("pow", AluOp::Pow),
    ("atan", AluOp::Atan2),
    ("mod", AluOp::FMod),
    ("step", AluOp::Step),
    ("smoothstep", AluOp::Smoothstep),
    ("distance", AluOp::Distance),
    ("dot", AluOp::Dot),
    ("cross", AluOp::Cross),
    ("faceforward", AluOp::FaceForward),
    ("reflect", AluOp::Reflect),
    ("fma", AluOp::Fma),
    ("ldexp", AluOp::Ldexp),
];

impl Lower<'_> {
    pub(crate) fn call(&mut self, e: ExprId, name: Sym, args: &[ExprId], loc: Loc) -> R<Rv> {
        match self.info(e).callee {
            Some(Callee::User(f)) => self.call_user(f, args, loc),
            Some(Callee::Builtin(sig)) => {
                let n = self.name(name);
                self.call_builtin(n, sig, args, loc)
            }
            Some(Callee::Subroutine { ty, var: Some(var) }) => {
                let t = self.sema.vars.get(var as usize).map(|v| v.ty.clone());
                let Some(t) = t else {
                    return internal(loc, "bad subroutine uniform");
                };
                let sel = match self.binding(var, loc)? {
                    Binding::Mem(v, path) => self.load_mem(v, &path, &t, loc)?.v(loc)?,
                    _ => return internal(loc, "subroutine uniform binding"),
                };
                self.call_subroutine(sel, ty, args, loc)
            }
            Some(Callee::Subroutine { var: None, .. }) | None => {
                unsupported(loc, format!("calls to `{}'", self.name(name)))
            }
        }
    }

    /// The subroutine functions of this shader, in definition order: each
    /// one's function, subroutine types (ARB_shader_subroutine) and
    /// subroutine index — its `layout(index = N)`
    /// (ARB_explicit_uniform_location), else the lowest index no function
    /// has yet.
    pub(crate) fn subroutine_fns(&self) -> Vec<(u32, Vec<u32>, u32)> {
        let mut fids: Vec<u32> = self.fn_defs.keys().copied().collect();
        fids.sort_unstable();
        let fns: Vec<(u32, Vec<u32>, Option<u32>)> = fids
            .into_iter()
            .filter_map(|f| {
                let func = self.sema.funcs.get(f as usize)?;
                let types = &func.subroutine_of;
                (!types.is_empty()).then(|| (f, types.clone(), func.subroutine_index))
            })
            .collect();
        let explicit: Vec<u32> = fns.iter().filter_map(|f| f.2).collect();
        let mut next = 0;
        fns.into_iter()
            .map(|(f, types, index)| {
                let index = index.unwrap_or_else(|| {
                    while explicit.contains(&next) {
                        next += 1;
                    }
                    next += 1;
                    next - 1
                });
                (f, types, index)
            })
            .collect()
    }

    /// A call through a subroutine uniform whose value (a subroutine
    /// index) is `sel`: the function of that index among those of
    /// subroutine type `ty` runs, the arguments evaluated once in its
    /// branch. An index no function of the type has runs the last one
    /// (GL leaves it undefined).
    pub(crate) fn call_subroutine(
        &mut self,
        sel: Value,
        ty: u32,
        args: &[ExprId],
        loc: Loc,
    ) -> R<Rv> {
        let fns: Vec<(u32, i32)> = self
            .subroutine_fns()
            .into_iter()
            .filter(|(_, types, _)| types.contains(&ty))
            .map(|(f, _, i)| (f, i as i32))
            .collect();
        let Some(&(last, _)) = fns.last() else {
            return unsupported(loc, "a subroutine type no function of the shader has");
        };
        let ret_ty = match self.sema.funcs.get(last as usize) {
            Some(f) => f.ret.clone(),
            None => return internal(loc, "bad function"),
        };
        let ret = if ret_ty.is_void() {
            None
        } else {
            Some(self.temp("subroutine", &ret_ty, loc)?)
        };
        self.dispatch(sel, &fns, args, ret, &ret_ty, loc)?;
        match ret {
            Some(var) => self.load_mem(var, &[], &ret_ty, loc),
            None => Ok(Rv::Void),
        }
    }

    /// `if (sel == index) ret = f(args) else ...` over `fns`.
    fn dispatch(
        &mut self,
        sel: Value,
        fns: &[(u32, i32)],
        args: &[ExprId],
        ret: Option<oxgl_ir::VarId>,
        ret_ty: &SemaType,
        loc: Loc,
    ) -> R<()> {
        let call = |l: &mut Self, f: u32| -> R<()> {
            let v = l.call_user(f, args, loc)?;
            if let Some(var) = ret {
                l.store_mem(var, &[], ret_ty, &v, loc)?;
            }
            Ok(())
        };
        match fns {
            [] => Ok(()),
            [(f, _)] => call(self, *f),
            [(f, i), rest @ ..] => {
                let k = self.b().i32(*i);
                let cond = self.b().eq(sel, k);
                self.if_else(
                    cond,
                    |l| call(l, *f),
                    |l| l.dispatch(sel, rest, args, ret, ret_ty, loc),
                )
            }
        }
    }

    fn call_user(&mut self, fid: u32, args: &[ExprId], loc: Loc) -> R<Rv> {
        let Some(def) = self.fn_defs.get(&fid).copied() else {
            return unsupported(loc, "calls to functions defined in another shader");
        };
        if self.inlining.contains(&fid) {
            return unsupported(loc, "recursion");
        }
        if let Some(rv) = self.outlined_call(fid, args, loc)? {
            return Ok(rv);
        }
        if self.inlining.len() > 64 {
            return unsupported(loc, "calls nested this deeply");
        }
        self.check_size(loc)?;
        let Some(f) = self.sema.funcs.get(fid as usize) else {
            return internal(loc, "bad function");
        };
        if f.params.len() != args.len() || def.proto.params.len() != args.len() {
            return internal(loc, "argument count");
        }
        // Arguments, in order.
        let mut ins: Vec<Option<Rv>> = Vec::new();
        let mut outs: Vec<Option<(Place, SemaType)>> = Vec::new();
        let mut counters: Vec<Option<Place>> = Vec::new();
        for (a, (pt, dir)) in args.iter().zip(&f.params) {
            // An atomic counter argument is its place: the parameter
            // names the same counter.
            let counter = pt.base == Base::Opaque(crate::keywords::BuiltinType::AtomicUint);
            counters.push(if counter { Some(self.place(*a)?) } else { None });
            match dir {
                Dir::In if counter => {
                    ins.push(None);
                    outs.push(None);
                }
                Dir::In => {
                    ins.push(Some(self.expr_as(*a, pt)?));
                    outs.push(None);
                }
                Dir::Out | Dir::Inout => {
                    let p = self.place(*a)?;
                    let at = self.ty_of(*a).clone();
                    if *dir == Dir::Inout {
                        let v = self.load_place(&p, loc)?;
                        ins.push(Some(self.convert(v, &at, pt, loc)?));
                    } else {
                        ins.push(None);
                    }
                    outs.push(Some((p, at)));
                }
            }
        }
        // Parameters.
        let mut locals = Vec::new();
        for (((p, (pt, _)), v), counter) in def
            .proto
            .params
            .iter()
            .zip(&f.params)
            .zip(&ins)
            .zip(counters)
        {
            let Some(name) = p.name else {
                locals.push(None);
                continue;
            };
            let id = self.decl_var(p.loc, name)?;
            if let Some(place) = counter {
                self.bind.insert(id, Binding::Mem(place.var, place.path));
                locals.push(None);
                continue;
            }
            if !pt.is_opaque() && self.contains_opaque(pt) {
                let (Some(v), Dir::In) = (v, f.params.get(locals.len()).map_or(Dir::In, |p| p.1))
                else {
                    return unsupported(p.loc, "out parameters holding samplers");
                };
                let b = self.split_value(self.name(name), pt, v.clone(), p.loc)?;
                self.bind.insert(id, b);
                locals.push(None);
                continue;
            }
            if matches!(pt.base, Base::Opaque(_)) {
                let mut ts = Vec::new();
                match v {
                    Some(Rv::Tex(t)) => ts.push(*t),
                    Some(Rv::A(elems)) => {
                        for e in elems {
                            match e {
                                Rv::Tex(t) => ts.push(*t),
                                _ => return internal(p.loc, "sampler argument"),
                            }
                        }
                    }
                    _ => return unsupported(p.loc, "this sampler argument"),
                }
                self.bind.insert(id, Binding::Tex(ts));
                locals.push(None);
                continue;
            }
            let var = self.temp(self.name(name), pt, p.loc)?;
            if let Some(v) = v {
                self.store_mem(var, &[], pt, v, p.loc)?;
            }
            self.bind.insert(id, Binding::Mem(var, Vec::new()));
            locals.push(Some(var));
        }
        let ret = if f.ret.is_void() {
            None
        } else {
            Some((self.temp("ret", &f.ret, loc)?, f.ret.clone()))
        };
        self.inlining.push(fid);
        let r = self.inline_body(&def.body, ret.clone());
        self.inlining.pop();
        r?;
        // Copy out.
        for ((out, local), (pt, _)) in outs.iter().zip(&locals).zip(&f.params) {
            if let (Some((p, at)), Some(var)) = (out, local) {
                let v = self.load_mem(*var, &[], pt, loc)?;
                let v = self.convert(v, pt, at, loc)?;
                self.store_place(p, &v, loc)?;
            }
        }
        match ret {
            Some((var, t)) => self.load_mem(var, &[], &t, loc),
            None => Ok(Rv::Void),
        }
    }

    /// An atomic counter function (ARB_shader_atomic_counters, and
    /// ARB_shader_atomic_counter_ops' others): an atomic operation on the
    /// counter's word, or a load for `atomicCounter`.
    fn counter_call(&mut self, name: &str, args: &[ExprId], loc: Loc) -> R<Rv> {
        use oxgl_ir::{AtomicOp, Deref, Op, ValType};
        let Some(&c) = args.first() else {
            return internal(loc, "atomic counter argument");
        };
        let p = self.place(c)?;
        let d = Deref {
            var: p.var,
            path: p.path,
        };
        let mut vals = Vec::new();
        for a in &args[1..] {
            vals.push(
                self.expr_as(*a, &SemaType::num(Num::scalar(Scalar::Uint)))?
                    .v(loc)?,
            );
        }
        let name = name.strip_suffix("ARB").unwrap_or(name);
        let atomic = |l: &mut Self, op: AtomicOp, operands: Vec<Value>| {
            l.b()
                .push(Op::Atomic(op, d.clone(), operands), Some(ValType::U32))
        };
        let v = match (name, vals.as_slice()) {
            ("atomicCounter", []) => self.b().load(d.clone()),
            ("atomicCounterIncrement", []) => {
                let one = self.b().u32(1);
                atomic(self, AtomicOp::Add, vec![one])
            }
            // The value after the decrement.
            ("atomicCounterDecrement", []) => {
                let minus_one = self.b().u32(u32::MAX);
                let old = atomic(self, AtomicOp::Add, vec![minus_one]);
                self.b().bin(AluOp::IAdd, old, minus_one)
            }
            ("atomicCounterAdd", [x]) => atomic(self, AtomicOp::Add, vec![*x]),
            ("atomicCounterSubtract", [x]) => {
                let neg = self.b().un(AluOp::INeg, *x);
                atomic(self, AtomicOp::Add, vec![neg])
            }
            ("atomicCounterMin", [x]) => atomic(self, AtomicOp::UMin, vec![*x]),
            ("atomicCounterMax", [x]) => atomic(self, AtomicOp::UMax, vec![*x]),
            ("atomicCounterAnd", [x]) => atomic(self, AtomicOp::And, vec![*x]),
            ("atomicCounterOr", [x]) => atomic(self, AtomicOp::Or, vec![*x]),
            ("atomicCounterXor", [x]) => atomic(self, AtomicOp::Xor, vec![*x]),
            ("atomicCounterExchange", [x]) => atomic(self, AtomicOp::Xchg, vec![*x]),
            ("atomicCounterCompSwap", [cmp, x]) => atomic(self, AtomicOp::CmpXchg, vec![*cmp, *x]),
            _ => return unsupported(loc, format!("`{name}'")),
        };
        Ok(Rv::V(v))
    }

    /// An atomic function on a buffer or shared variable (GLSL 4.30
    /// §8.11): an atomic operation on its word, returning the old value.
    /// Minimum and maximum compare as the variable's type does.
    fn memory_atomic(&mut self, name: &str, sig: &Sig, args: &[ExprId], loc: Loc) -> R<Rv> {
        use oxgl_ir::{AtomicOp, Deref, Op};
        let (Some(&m), Some((t, _))) = (args.first(), sig.params.first()) else {
            return internal(loc, "atomic argument");
        };
        if sig.params.len() != args.len() {
            return internal(loc, "argument count");
        }
        let p = self.place(m)?;
        if !matches!(p.lanes, super::expr::Lanes::All) || p.rm_col.is_some() {
            return unsupported(loc, "atomic operations on vector components");
        }
        let d = Deref {
            var: p.var,
            path: p.path,
        };
        let mut vals = Vec::new();
        for a in &args[1..] {
            vals.push(self.expr_as(*a, t)?.v(loc)?);
        }
        let Some(n) = num(t) else {
            return internal(loc, "atomic on a non-number");
        };
        let signed = n.s == Scalar::Int;
        let op = match name {
            "atomicAdd" => AtomicOp::Add,
            "atomicMin" if signed => AtomicOp::IMin,
            "atomicMin" => AtomicOp::UMin,
            "atomicMax" if signed => AtomicOp::IMax,
            "atomicMax" => AtomicOp::UMax,
            "atomicAnd" => AtomicOp::And,
            "atomicOr" => AtomicOp::Or,
            "atomicXor" => AtomicOp::Xor,
            "atomicExchange" => AtomicOp::Xchg,
            "atomicCompSwap" => AtomicOp::CmpXchg,
            _ => return unsupported(loc, format!("`{name}'")),
        };
        let ty = super::col_ty(n, loc)?;
        Ok(Rv::V(self.b().push(Op::Atomic(op, d, vals), Some(ty))))
    }

    /// Splats a scalar to `n` lanes.
    pub(crate) fn fit(&mut self, v: Value, n: u8) -> Value {
        if self.vty(v).lanes == 1 && n > 1 {
            self.b().splat(v, n)
        } else {
            v
        }
    }

    fn call_builtin(&mut self, name: &str, sig: &Sig, args: &[ExprId], loc: Loc) -> R<Rv> {
        if super::tex::is_texture_fn(name) {
            return self.texture_call(name, sig, args, loc);
        }
        if name.starts_with("atomicCounter") {
            return self.counter_call(name, args, loc);
        }
        if name.starts_with("image") {
            return self.image_call(name, sig, args, loc);
        }
        if name.starts_with("atomic") {
            return self.memory_atomic(name, sig, args, loc);
        }
        if sig.params.len() != args.len() {
            return internal(loc, "argument count");
        }
        let mut vals: Vec<Rv> = Vec::new();
        let mut outs: Vec<(Place, SemaType, SemaType)> = Vec::new();
        for (a, (pt, dir)) in args.iter().zip(&sig.params) {
            if *dir == Dir::In {
                vals.push(self.expr_as(*a, pt)?);
            } else {
                let p = self.place(*a)?;
                outs.push((p, self.ty_of(*a).clone(), pt.clone()));
            }
        }
        let ret = sig.ret.clone();
        let rn = num(&ret);
        let first_n = sig.params.first().and_then(|(t, _)| num(t));
        let v = |i: usize| -> R<Value> {
            match vals.get(i) {
                Some(Rv::V(x)) => Ok(*x),
                _ => internal(loc, "expected a value argument"),
            }
        };
        let lanes = rn.map_or(1, |n| n.rows).max(first_n.map_or(1, |n| n.rows));
        let kind = first_n.map_or(Scalar::Float, |n| n.s);
        if let Some((_, op)) = FLOAT_UNARY.iter().find(|(n, _)| *n == name) {
            let x = v(0)?;
            let op = match (*op, kind) {
                (AluOp::FindLsb, _) => AluOp::FindLsb,
                (o, _) => o,
            };
            return Ok(Rv::V(self.b().un(op, x)));
        }
        if let Some((_, op)) = SAME.iter().find(|(n, _)| *n == name) {
            // atan(y) has one argument.
            if name == "atan" && vals.len() == 1 {
                let x = v(0)?;
                return Ok(Rv::V(self.b().un(AluOp::Atan, x)));
            }
            let mut xs = Vec::new();
            for i in 0..vals.len() {
                let x = v(i)?;
                // Splat scalars to the widest operand (not `ldexp`'s
                // exponent, nor the first operands of `dot`-like ops).
                xs.push(if *op == AluOp::Ldexp {
                    x
                } else {
                    self.fit(x, lanes)
                });
            }
            return Ok(Rv::V(self.b().alu(*op, &xs)));
        }
        let r = match name {
            "abs" => {
                let x = v(0)?;
                match kind {
                    Scalar::Float | Scalar::Double => self.b().un(AluOp::FAbs, x),
                    Scalar::Int => self.b().un(AluOp::IAbs, x),
                    _ => x,
                }
            }
            "sign" => {
                let x = v(0)?;
                let op = if kind == Scalar::Int {
                    AluOp::ISign
                } else {
                    AluOp::FSign
                };
                self.b().un(op, x)
            }
            "min" | "max" | "min3" | "max3" => {
                let mut acc = v(0)?;
                for i in 1..vals.len() {
                    let y = v(i)?;
                    let y = self.fit(y, lanes);
                    acc = if name.starts_with("min") {
                        self.b().min(acc, y)
                    } else {
                        self.b().max(acc, y)
                    };
                }
                acc
            }
            "mid3" => {
                let (x, y, z) = (v(0)?, v(1)?, v(2)?);
                let lo = self.b().min(x, y);
                let hi = self.b().max(x, y);
                let m = self.b().min(hi, z);
                self.b().max(lo, m)
            }
            "clamp" => {
                let x = v(0)?;
                let lo = v(1)?;
                let hi = v(2)?;
                let lo = self.fit(lo, lanes);
                let hi = self.fit(hi, lanes);
                self.b().clamp(x, lo, hi)
            }
            "mix" => {
                let (x, y, a) = (v(0)?, v(1)?, v(2)?);
                if self.vty(a).scalar == oxgl_ir::Scalar::Bool {
                    self.b().select(a, y, x)
                } else {
                    let a = self.fit(a, lanes);
                    self.b().mix(x, y, a)
                }
            }
            "refract" => {
                let (i, n, eta) = (v(0)?, v(1)?, v(2)?);
                self.b().alu(AluOp::Refract, &[i, n, eta])
            }
            "lessThan" | "greaterThan" | "lessThanEqual" | "greaterThanEqual" | "equal"
            | "notEqual" => {
                let (x, y) = (v(0)?, v(1)?);
                let bb = &mut self.b();
                match name {
                    "lessThan" => bb.lt(x, y),
                    "greaterThan" => bb.gt(x, y),
                    "lessThanEqual" => bb.le(x, y),
                    "greaterThanEqual" => bb.ge(x, y),
                    "equal" => bb.eq(x, y),
                    _ => bb.ne(x, y),
                }
            }
            "floatBitsToInt" => self.b().bitcast(v(0)?, oxgl_ir::Scalar::I32),
            "floatBitsToUint" => self.b().bitcast(v(0)?, oxgl_ir::Scalar::U32),
            "intBitsToFloat" | "uintBitsToFloat" => self.b().bitcast(v(0)?, oxgl_ir::Scalar::F32),
            "findMSB" => {
                let op = if kind == Scalar::Int {
                    AluOp::IFindMsb
                } else {
                    AluOp::UFindMsb
                };
                self.b().un(op, v(0)?)
            }
            "bitfieldExtract" => {
                let op = if kind == Scalar::Int {
                    AluOp::IBfe
                } else {
                    AluOp::UBfe
                };
                let (x, o, c) = (v(0)?, v(1)?, v(2)?);
                self.b().alu(op, &[x, o, c])
            }
            "bitfieldInsert" => {
                let (x, y, o, c) = (v(0)?, v(1)?, v(2)?, v(3)?);
                self.b().alu(AluOp::Bfi, &[x, y, o, c])
            }
            "frexp" => {
                let x = v(0)?;
                let m = self.b().un(AluOp::FrexpMant, x);
                let e = self.b().un(AluOp::FrexpExp, x);
                self.store_outs(&outs, &[Rv::V(e)], loc)?;
                m
            }
            "modf" => {
                let x = v(0)?;
                let i = self.b().un(AluOp::Trunc, x);
                let f = self.b().sub(x, i);
                self.store_outs(&outs, &[Rv::V(i)], loc)?;
                f
            }
            "uaddCarry" | "usubBorrow" => {
                let (x, y) = (v(0)?, v(1)?);
                let (r, c) = if name == "uaddCarry" {
                    let s = self.b().add(x, y);
                    (s, self.b().lt(s, x))
                } else {
                    (self.b().sub(x, y), self.b().lt(x, y))
                };
                let t = self.vty(x);
                let one = self.b().splat_const(t, 1.0);
                let zero = self.b().splat_const(t, 0.0);
                let carry = self.b().select(c, one, zero);
                self.store_outs(&outs, &[Rv::V(carry)], loc)?;
                r
            }
            "umulExtended" | "imulExtended" => {
                let (x, y) = (v(0)?, v(1)?);
                let (msb, lsb) = self.mul_extended(x, y, name == "imulExtended");
                self.store_outs(&outs, &[Rv::V(msb), Rv::V(lsb)], loc)?;
                return Ok(Rv::Void);
            }
            "matrixCompMult" => {
                let (Rv::M(a), Rv::M(c)) = (&vals[0], &vals[1]) else {
                    return internal(loc, "matrixCompMult of non-matrices");
                };
                let cols: Vec<Value> = a
                    .clone()
                    .into_iter()
                    .zip(c.clone())
                    .map(|(x, y)| self.b().mul(x, y))
                    .collect();
                return Ok(Rv::M(cols));
            }
            "outerProduct" => {
                let (c, r) = (v(0)?, v(1)?);
                let rows = self.vty(c).lanes;
                let ncols = self.vty(r).lanes;
                let mut cols = Vec::new();
                for j in 0..ncols {
                    let s = self.b().lane(r, j);
                    let s = self.b().splat(s, rows);
                    cols.push(self.b().mul(c, s));
                }
                return Ok(Rv::M(cols));
            }
            "transpose" => {
                let Rv::M(m) = &vals[0] else {
                    return internal(loc, "transpose of a non-matrix");
                };
                let m = m.clone();
                let rows = m.first().map_or(0, |c| self.vty(*c).lanes);
                let mut cols = Vec::new();
                for r in 0..rows {
                    let lanes: Vec<Value> = m.iter().map(|c| self.b().lane(*c, r)).collect();
                    cols.push(self.build(&lanes));
                }
                return Ok(Rv::M(cols));
            }
            "determinant" | "inverse" => return self.det_inverse(name, &vals[0], loc),
            "dFdx" | "dFdy" | "dFdxFine" | "dFdyFine" | "dFdxCoarse" | "dFdyCoarse" => {
                let d = match name {
                    "dFdx" => Deriv::Ddx,
                    "dFdy" => Deriv::Ddy,
                    "dFdxFine" => Deriv::DdxFine,
                    "dFdyFine" => Deriv::DdyFine,
                    "dFdxCoarse" => Deriv::DdxCoarse,
                    _ => Deriv::DdyCoarse,
                };
                self.b().deriv(d, v(0)?)
            }
            "fwidth" | "fwidthFine" | "fwidthCoarse" => {
                let (dx, dy) = match name {
                    "fwidth" => (Deriv::Ddx, Deriv::Ddy),
                    "fwidthFine" => (Deriv::DdxFine, Deriv::DdyFine),
                    _ => (Deriv::DdxCoarse, Deriv::DdyCoarse),
                };
                let x = v(0)?;
                let a = self.b().deriv(dx, x);
                let c = self.b().deriv(dy, x);
                let a = self.b().un(AluOp::FAbs, a);
                let c = self.b().un(AluOp::FAbs, c);
                self.b().add(a, c)
            }
            "ftransform" => {
                let m = self.named_builtin("gl_ModelViewProjectionMatrix", loc)?;
                let p = self.named_builtin("gl_Vertex", loc)?;
                let (Rv::M(cols), Rv::V(p)) = (m, p) else {
                    return internal(loc, "ftransform operands");
                };
                self.mat_vec(&cols, p, loc)?
            }
            "noise1" | "noise2" | "noise3" | "noise4" => {
                let Some(n) = rn else {
                    return internal(loc, "noise type");
                };
                let t = super::col_ty(n, loc)?;
                self.b().splat_const(t, 0.0)
            }
            "interpolateAtCentroid" | "interpolateAtSample" | "interpolateAtOffset" => {
                let p = self.place(args[0])?;
                // A swizzle (GLSL 4.40): the whole vector, then its lanes.
                let swizzle = match p.lanes {
                    _ if p.rm_col.is_some() => {
                        return unsupported(loc, "component selection in an interpolant");
                    }
                    super::expr::Lanes::All => None,
                    super::expr::Lanes::Swz(ref l) => Some(l.clone()),
                    super::expr::Lanes::Dyn(_) => {
                        return unsupported(loc, "a dynamic component of an interpolant");
                    }
                };
                let ty = match (&swizzle, num(&p.ty)) {
                    (None, _) => self.vty(v(0)?),
                    (Some(_), Some(n)) => super::col_ty(n, loc)?,
                    (Some(_), None) => return internal(loc, "swizzle of a non-vector"),
                };
                let (at, extra) = match name {
                    "interpolateAtCentroid" => (oxgl_ir::InterpAt::Centroid, Vec::new()),
                    "interpolateAtSample" => (oxgl_ir::InterpAt::Sample, vec![v(1)?]),
                    _ => (oxgl_ir::InterpAt::Offset, vec![v(1)?]),
                };
                let d = oxgl_ir::Deref {
                    var: p.var,
                    path: p.path,
                };
                let r = self
                    .b()
                    .push(oxgl_ir::Op::Interpolate(at, d, extra), Some(ty));
                let r = match swizzle {
                    Some(l) => self.b().swizzle_idx(r, &l),
                    None => r,
                };
                return Ok(Rv::V(r));
            }
            "EmitVertex" | "EndPrimitive" | "EmitStreamVertex" | "EndStreamPrimitive" => {
                let stream = match args.first() {
                    None => 0,
                    Some(&a) => match self.info(a).k.as_ref().and_then(|k| k.first()?.as_i64()) {
                        Some(n) => n,
                        None => return internal(loc, "stream is not a constant"),
                    },
                };
                let Some(stream) = u8::try_from(stream)
                    .ok()
                    .filter(|&s| i64::from(s) < crate::MAX_VERTEX_STREAMS)
                else {
                    // A link error (Mesa's); the call does nothing.
                    let max = crate::MAX_VERTEX_STREAMS - 1;
                    self.iface.link_errors.push(format!(
                        "Invalid call {name}({stream}). Accepted values for the stream \
                         parameter are in the range [0, {max}]."
                    ));
                    return Ok(Rv::Void);
                };
                let op = if name.starts_with("Emit") {
                    oxgl_ir::Op::EmitVertex(stream)
                } else {
                    oxgl_ir::Op::EndPrimitive(stream)
                };
                self.b().push(op, None);
                return Ok(Rv::Void);
            }
            "barrier" => {
                let memory = if self.stage == crate::Stage::Compute {
                    Barrier::SHARED
                } else {
                    0
                };
                self.b().barrier(Barrier {
                    control: true,
                    memory,
                });
                return Ok(Rv::Void);
            }
            "memoryBarrier"
            | "memoryBarrierBuffer"
            | "memoryBarrierShared"
            | "memoryBarrierImage"
            | "memoryBarrierAtomicCounter"
            | "groupMemoryBarrier" => {
                let memory = match name {
                    "memoryBarrierBuffer" | "memoryBarrierAtomicCounter" => Barrier::BUFFER,
                    "memoryBarrierShared" => Barrier::SHARED,
                    "memoryBarrierImage" => Barrier::IMAGE,
                    "groupMemoryBarrier" => {
                        Barrier::BUFFER | Barrier::SHARED | Barrier::IMAGE | Barrier::GROUP
                    }
                    _ => Barrier::BUFFER | Barrier::SHARED | Barrier::IMAGE,
                };
                self.b().barrier(Barrier {
                    control: false,
                    memory,
                });
                return Ok(Rv::Void);
            }
            "helperInvocationEXT" => self.b().system(SysVal::HelperInvocation),
            _ => return unsupported(loc, format!("the built-in function `{name}'")),
        };
        Ok(Rv::V(r))
    }

    /// `umulExtended` / `imulExtended` (GLSL 4.00 §8.8): the high and low
    /// 32 bits of the 64-bit product of `x` and `y` (signed when `signed`),
    /// from the products of their 16-bit halves in 32-bit arithmetic.
    fn mul_extended(&mut self, x: Value, y: Value, signed: bool) -> (Value, Value) {
        let t = self.vty(x);
        let (ux, uy) = if signed {
            (
                self.b().bitcast(x, oxgl_ir::Scalar::U32),
                self.b().bitcast(y, oxgl_ir::Scalar::U32),
            )
        } else {
            (x, y)
        };
        let ut = self.vty(ux);
        let k16 = self.b().splat_const(ut, 16.0);
        let mask = self.b().splat_const(ut, 65535.0);
        let half = |l: &mut Self, v: Value| {
            let lo = l.b().bin(AluOp::And, v, mask);
            let hi = l.b().bin(AluOp::UShr, v, k16);
            (lo, hi)
        };
        let (xl, xh) = half(self, ux);
        let (yl, yh) = half(self, uy);
        let ll = self.b().mul(xl, yl);
        let lh = self.b().mul(xl, yh);
        let hl = self.b().mul(xh, yl);
        let hh = self.b().mul(xh, yh);
        // The middle column: at most 3 · (2^16 - 1), no overflow.
        let (ll_lo, ll_hi) = half(self, ll);
        let (lh_lo, lh_hi) = half(self, lh);
        let (hl_lo, hl_hi) = half(self, hl);
        let mid = self.b().add(ll_hi, lh_lo);
        let mid = self.b().add(mid, hl_lo);
        let mid_hi = self.b().bin(AluOp::UShr, mid, k16);
        let msb = self.b().add(hh, lh_hi);
        let msb = self.b().add(msb, hl_hi);
        let mut msb = self.b().add(msb, mid_hi);
        let mid_lo = self.b().bin(AluOp::Shl, mid, k16);
        let lsb = self.b().bin(AluOp::Or, mid_lo, ll_lo);
        if !signed {
            return (msb, lsb);
        }
        // Signed: the unsigned product less 2^32 · y where x < 0 and
        // 2^32 · x where y < 0.
        let zero = self.b().splat_const(t, 0.0);
        let uzero = self.b().splat_const(ut, 0.0);
        for (a, b) in [(x, uy), (y, ux)] {
            let neg = self.b().lt(a, zero);
            let sub = self.b().select(neg, b, uzero);
            msb = self.b().sub(msb, sub);
        }
        let msb = self.b().bitcast(msb, oxgl_ir::Scalar::I32);
        let lsb = self.b().bitcast(lsb, oxgl_ir::Scalar::I32);
        (msb, lsb)
    }

    fn store_outs(&mut self, outs: &[(Place, SemaType, SemaType)], vals: &[Rv], loc: Loc) -> R<()> {
        for ((p, at, pt), v) in outs.iter().zip(vals) {
            let v = self.convert(v.clone(), pt, at, loc)?;
            self.store_place(p, &v, loc)?;
        }
        Ok(())
    }

    /// A built-in variable by name (for `ftransform`).
    fn named_builtin(&mut self, name: &str, loc: Loc) -> R<Rv> {
        let id = self
            .sema
            .var_names
            .iter()
            .enumerate()
            .find(|(i, s)| {
                self.name(**s) == name && self.sema.vars.get(*i).is_some_and(|v| v.builtin)
            })
            .map(|(i, _)| i as u32);
        let b = match id {
            Some(id) => self.binding(id, loc)?,
            None => {
                let uniform = name != "gl_Vertex";
                let t = if uniform {
                    SemaType::num(Num::new(Scalar::Float, 4, 4))
                } else {
                    SemaType::num(Num::vec(Scalar::Float, 4))
                };
                self.builtin_named(name, &t, uniform, loc)?
            }
        };
        match b {
            Binding::Mem(var, path) => {
                let t = if name == "gl_Vertex" {
                    SemaType::num(Num::vec(Scalar::Float, 4))
                } else {
                    SemaType::num(Num::new(Scalar::Float, 4, 4))
                };
                self.load_mem(var, &path, &t, loc)
            }
            _ => internal(loc, "built-in binding"),
        }
    }

    /// `determinant(m)` / `inverse(m)` by cofactor expansion over scalars.
    fn det_inverse(&mut self, name: &str, m: &Rv, loc: Loc) -> R<Rv> {
        let Rv::M(cols) = m else {
            return internal(loc, "determinant of a non-matrix");
        };
        let n = cols.len();
        if !(2..=4).contains(&n) {
            return internal(loc, "matrix size");
        }
        // e[c][r]
        let mut e = vec![Vec::new(); n];
        for (c, col) in cols.iter().enumerate() {
            for r in 0..n {
                let x = self.b().lane(*col, r as u8);
                e[c].push(x);
            }
        }
        let rows: Vec<usize> = (0..n).collect();
        let all: Vec<usize> = (0..n).collect();
        let det = self.det(&e, &rows, &all);
        if name == "determinant" {
            return Ok(Rv::V(det));
        }
        let t = self.vty(det);
        let one = self.b().splat_const(t, 1.0);
        let inv_det = self.b().div(one, det);
        let mut out = Vec::new();
        for c in 0..n {
            let mut lanes = Vec::new();
            for r in 0..n {
                // inverse[c][r] = cofactor(row c, col r) / det
                let rs: Vec<usize> = (0..n).filter(|&x| x != c).collect();
                let cs: Vec<usize> = (0..n).filter(|&x| x != r).collect();
                let mut m = self.det(&e, &rs, &cs);
                if (r + c) % 2 == 1 {
                    m = self.b().neg(m);
                }
                lanes.push(self.b().mul(m, inv_det));
            }
            out.push(self.build(&lanes));
        }
        Ok(Rv::M(out))
    }

    /// Determinant of the submatrix of `e` (indexed `[col][row]`) with the
    /// given rows and columns.
    fn det(&mut self, e: &[Vec<Value>], rows: &[usize], cols: &[usize]) -> Value {
        if rows.len() == 1 {
            return e[cols[0]][rows[0]];
        }
        if rows.len() == 2 {
            let a = self.b().mul(e[cols[0]][rows[0]], e[cols[1]][rows[1]]);
            let c = self.b().mul(e[cols[1]][rows[0]], e[cols[0]][rows[1]]);
            return self.b().sub(a, c);
        }
        let mut acc: Option<Value> = None;
        for (k, &c) in cols.iter().enumerate() {
            let sub_cols: Vec<usize> = cols.iter().copied().filter(|&x| x != c).collect();
            let m = self.det(e, &rows[1..], &sub_cols);
            let t = self.b().mul(e[c][rows[0]], m);
            acc = Some(match acc {
                None => t,
                Some(a) if k % 2 == 1 => self.b().sub(a, t),
                Some(a) => self.b().add(a, t),
            });
        }
        acc.unwrap_or(e[cols[0]][rows[0]])
    }
}
