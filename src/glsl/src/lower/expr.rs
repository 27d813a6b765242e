//! Expressions: r-values, places, implicit conversions and operators.
//!
//! An r-value ([`Rv`]) is one SSA value for scalars and vectors, the column
//! values of a matrix, or the element r-values of an array or struct (the IR
//! has no aggregate values). A place is a variable, a constant/dynamic path
//! into it and a lane selection; reads load only what the path reaches, and
//! lane writes are load–insert–store. Left-deep chains of binary operators
//! (a 262,144-operand sum) are lowered iteratively; other nesting recurses
//! with a depth bound.

use super::{Binding, Lower, MAX_DEPTH, R, col_ty, internal, ir_scalar, num, unsupported};
use crate::ast::{BinOp, ExprId, ExprKind, UnOp};
use crate::diag::Loc;
use crate::sema::{Base, Callee, Cv, Dir, Num, Scalar, SemaType};
use oxgl_ir::{AluOp, Deref, Index, Type, TypeId, ValType, Value, VarId, VarKind};

/// An r-value.
#[derive(Clone, Debug)]
pub(crate) enum Rv {
    /// A scalar or vector.
    V(Value),
    /// Matrix columns.
    M(Vec<Value>),
    /// Array elements or struct members.
    A(Vec<Rv>),
    /// A sampler: its texture declaration index.
    Tex(u32),
    /// `void`.
    Void,
}

impl Rv {
    /// The scalar/vector value, if this is one.
    pub(crate) fn v(&self, loc: Loc) -> R<Value> {
        match self {
            Rv::V(v) => Ok(*v),
            _ => internal(loc, "expected a scalar or vector value"),
        }
    }
}

/// Which lanes of the vector at a place an access touches.
#[derive(Clone, Debug)]
pub(crate) enum Lanes {
    All,
    Swz(Vec<u8>),
    Dyn(Value),
}

/// A place in memory.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    pub var: VarId,
    pub path: Vec<Index>,
    /// The type at `path` (before lane selection).
    pub ty: SemaType,
    pub lanes: Lanes,
    /// A column of the row-major matrix at `path` (uniform blocks): the
    /// place is that lane of each row.
    pub rm_col: Option<Ix>,
}

/// A constant or dynamic index.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Ix {
    Const(u32),
    Dyn(Value),
}

/// The more general of two scalar kinds (implicit conversion target).
pub(crate) fn common(a: Scalar, b: Scalar) -> Scalar {
    let rank = |s| match s {
        Scalar::Bool => 0,
        Scalar::Int => 1,
        Scalar::Uint => 2,
        Scalar::Float => 3,
        Scalar::Int64 => 4,
        Scalar::Uint64 => 5,
        Scalar::Double => 6,
    };
    if rank(a) >= rank(b) { a } else { b }
}

/// Raw IR bits of a constant component converted to `s`.
pub(crate) fn cv_bits(c: Cv, s: Scalar) -> u64 {
    match c.convert(s) {
        Cv::B(b) => u64::from(b),
        Cv::I(i) => u64::from(i as u32),
        Cv::U(u) => u64::from(u),
        Cv::F(f) => u64::from(f.to_bits()),
        Cv::D(d) => d.to_bits(),
        Cv::I64(v) => v as u64,
        Cv::U64(v) => v,
    }
}

impl Lower<'_> {
    // ---- types ---------------------------------------------------------------

    /// The IR type of a GLSL type in natural layout.
    pub(crate) fn ir_type(&mut self, t: &SemaType, loc: Loc) -> R<TypeId> {
        if let Some(d) = t.dims.first() {
            let Some(n) = d else {
                return unsupported(loc, "unsized arrays");
            };
            let elem = self.ir_type(&t.element(), loc)?;
            return Ok(self.shader.types.intern(Type::Array {
                elem,
                len: Some(*n),
                stride: None,
            }));
        }
        match t.base {
            Base::Num(n) => {
                let c = self.shader.types.value(col_ty(n, loc)?);
                if n.is_matrix() {
                    Ok(self.shader.types.intern(Type::Array {
                        elem: c,
                        len: Some(u32::from(n.cols)),
                        stride: None,
                    }))
                } else {
                    Ok(c)
                }
            }
            Base::Struct(i) => {
                let Some(s) = self.sema.structs.get(i as usize) else {
                    return internal(loc, "bad struct");
                };
                let mut members = Vec::new();
                for (_, mt) in &s.members {
                    let ty = self.ir_type(mt, loc)?;
                    members.push(oxgl_ir::Member { ty, offset: None });
                }
                Ok(self.shader.types.intern(Type::Struct { members }))
            }
            Base::Opaque(_) => unsupported(loc, "opaque types in variables"),
            // ARB_shader_subroutine: the index of a subroutine.
            Base::Subroutine(_) => Ok(self
                .shader
                .types
                .value(oxgl_ir::ValType::scalar(oxgl_ir::Scalar::I32))),
            _ => unsupported(loc, format!("values of type {}", self.type_name(t))),
        }
    }

    /// A fresh function-local variable of GLSL type `t`.
    pub(crate) fn temp(&mut self, name: &str, t: &SemaType, loc: Loc) -> R<VarId> {
        let ty = self.ir_type(t, loc)?;
        let f = self.func;
        Ok(self.shader.add_var(name, ty, VarKind::Local(f)))
    }

    /// A fresh `bool` local set to `init`.
    pub(crate) fn flag(&mut self, name: &str, init: bool) -> VarId {
        let ty = self.shader.types.value(ValType::BOOL);
        let f = self.func;
        let v = self.shader.add_var(name, ty, VarKind::Local(f));
        let c = self.b().bool(init);
        self.b().store_var(v, c);
        v
    }

    // ---- memory --------------------------------------------------------------

    /// Loads the value of type `t` at `var[path]`.
    pub(crate) fn load_mem(&mut self, var: VarId, path: &[Index], t: &SemaType, loc: Loc) -> R<Rv> {
        let mut budget = 1 << 16;
        self.load_mem_n(var, path, t, loc, &mut budget)
    }

    fn load_mem_n(
        &mut self,
        var: VarId,
        path: &[Index],
        t: &SemaType,
        loc: Loc,
        budget: &mut u32,
    ) -> R<Rv> {
        if *budget == 0 {
            return unsupported(loc, "copies of aggregates this large");
        }
        *budget -= 1;
        let at = |i: u32| {
            let mut p = path.to_vec();
            p.push(Index::Const(i));
            p
        };
        if let Some(d) = t.dims.first() {
            let Some(n) = *d else {
                return unsupported(loc, "unsized arrays");
            };
            let et = t.element();
            let mut v = Vec::new();
            for i in 0..n {
                v.push(self.load_mem_n(var, &at(i), &et, loc, budget)?);
            }
            return Ok(Rv::A(v));
        }
        match t.base {
            Base::Num(n) if n.is_matrix() && self.row_major_at(var, path) => {
                // A row-major matrix of a uniform block: load the rows and
                // transpose.
                let mut rows = Vec::new();
                for r in 0..u32::from(n.rows) {
                    rows.push(self.b().load(Deref { var, path: at(r) }));
                }
                let mut cols = Vec::new();
                for c in 0..n.cols {
                    let lanes: Vec<Value> = rows.iter().map(|&r| self.b().lane(r, c)).collect();
                    cols.push(self.build(&lanes));
                }
                Ok(Rv::M(cols))
            }
            Base::Num(n) if n.is_matrix() => {
                let mut cols = Vec::new();
                for c in 0..u32::from(n.cols) {
                    cols.push(self.b().load(Deref { var, path: at(c) }));
                }
                Ok(Rv::M(cols))
            }
            // A subroutine uniform's subroutine index (an `int`).
            Base::Num(_) | Base::Subroutine(_) => Ok(Rv::V(self.b().load(Deref {
                var,
                path: path.to_vec(),
            }))),
            Base::Struct(i) => {
                let ms = self.struct_members(i, loc)?;
                let mut v = Vec::new();
                for (k, mt) in ms.iter().enumerate() {
                    v.push(self.load_mem_n(var, &at(k as u32), mt, loc, budget)?);
                }
                Ok(Rv::A(v))
            }
            _ => unsupported(loc, format!("loads of {}", self.type_name(t))),
        }
    }

    /// Whether `var[path]` is a row-major matrix: its IR type is a struct
    /// of rows ([`Lower::type_std140`]) where GLSL sees a matrix.
    pub(crate) fn row_major_at(&self, var: VarId, path: &[Index]) -> bool {
        let ty = self.shader.vars[var].ty;
        matches!(
            self.shader
                .deref_type(ty, path)
                .and_then(|t| self.shader.types.get(t)),
            Some(Type::Struct { .. })
        )
    }

    pub(crate) fn struct_members(&self, i: u32, loc: Loc) -> R<Vec<SemaType>> {
        match self.sema.structs.get(i as usize) {
            Some(s) => Ok(s.members.iter().map(|(_, t)| t.clone()).collect()),
            None => internal(loc, "bad struct"),
        }
    }

    /// Stores `v` (of type `t`) at `var[path]`.
    pub(crate) fn store_mem(
        &mut self,
        var: VarId,
        path: &[Index],
        t: &SemaType,
        v: &Rv,
        loc: Loc,
    ) -> R<()> {
        let at = |i: u32| {
            let mut p = path.to_vec();
            p.push(Index::Const(i));
            p
        };
        match v {
            Rv::V(x) => {
                self.b().store(
                    Deref {
                        var,
                        path: path.to_vec(),
                    },
                    *x,
                );
                Ok(())
            }
            Rv::M(cols) if self.row_major_at(var, path) => {
                // A row-major matrix of a buffer block: transpose, store
                // the rows.
                let rows = cols.first().map_or(0, |&c| self.vty(c).lanes);
                for r in 0..rows {
                    let lanes: Vec<Value> = cols.iter().map(|&c| self.b().lane(c, r)).collect();
                    let row = self.build(&lanes);
                    self.b().store(
                        Deref {
                            var,
                            path: at(u32::from(r)),
                        },
                        row,
                    );
                }
                Ok(())
            }
            Rv::M(cols) => {
                for (c, x) in cols.iter().enumerate() {
                    self.b().store(
                        Deref {
                            var,
                            path: at(c as u32),
                        },
                        *x,
                    );
                }
                Ok(())
            }
            Rv::A(elems) => {
                let tys: Vec<SemaType> = if t.is_array() {
                    vec![t.element(); elems.len()]
                } else if let Base::Struct(i) = t.base {
                    self.struct_members(i, loc)?
                } else {
                    return internal(loc, "aggregate stored to a non-aggregate");
                };
                if tys.len() != elems.len() {
                    return internal(loc, "aggregate shape mismatch");
                }
                for (k, (e, et)) in elems.iter().zip(&tys).enumerate() {
                    self.store_mem(var, &at(k as u32), et, e, loc)?;
                }
                Ok(())
            }
            Rv::Tex(_) | Rv::Void => unsupported(loc, "stores of opaque values"),
        }
    }

    /// Keeps an r-value in a fresh local (for dynamic indexing of values).
    fn spill(&mut self, v: &Rv, t: &SemaType, loc: Loc) -> R<VarId> {
        let var = self.temp("spill", t, loc)?;
        self.store_mem(var, &[], t, v, loc)?;
        Ok(var)
    }

    // ---- places --------------------------------------------------------------

    /// The binding of sema variable `var`, creating built-ins on first use.
    pub(crate) fn binding(&mut self, var: u32, loc: Loc) -> R<Binding> {
        if let Some(b) = self.bind.get(&var) {
            return Ok(b.clone());
        }
        let Some(v) = self.sema.vars.get(var as usize) else {
            return internal(loc, "bad variable");
        };
        if v.builtin {
            let b = self.builtin_binding(var, loc)?;
            self.bind.insert(var, b.clone());
            return Ok(b);
        }
        let name = self
            .sema
            .var_names
            .get(var as usize)
            .map_or("?", |s| self.name(*s));
        internal(loc, format!("variable `{name}' has no storage"))
    }

    /// Whether `e` designates memory (so it can be read or written in place).
    fn is_place(&mut self, mut e: ExprId) -> R<bool> {
        loop {
            if let Some(Binding::Mem(..)) = self.split_target(e)? {
                return Ok(true);
            }
            let Some(x) = self.tu.exprs.get(e.0 as usize) else {
                return Ok(false);
            };
            match &x.kind {
                ExprKind::Ident(_) => {
                    let Some(var) = self.info(e).var else {
                        return Ok(false);
                    };
                    let loc = x.loc;
                    return Ok(matches!(
                        self.binding(var, loc)?,
                        Binding::Mem(..) | Binding::PerVertex(_) | Binding::Block(_)
                    ));
                }
                ExprKind::Index(a, _) | ExprKind::Field(a, _) => e = *a,
                _ => return Ok(false),
            }
        }
    }

    fn index_of(&mut self, i: ExprId) -> R<Ix> {
        let loc = self.loc_of(i);
        if let Some(k) = &self.info(i).k
            && let Some(n) = k.first().and_then(|c| c.as_i64())
            && let Ok(n) = u32::try_from(n)
        {
            return Ok(Ix::Const(n));
        }
        let v = self.expr(i)?.v(loc)?;
        let t = self.vty(v);
        if !t.scalar.is_int() || t.lanes != 1 {
            return internal(loc, "index is not an integer scalar");
        }
        Ok(Ix::Dyn(v))
    }

    /// The place `e` designates (it must satisfy `is_place`).
    pub(crate) fn place(&mut self, e: ExprId) -> R<Place> {
        let loc = self.loc_of(e);
        if self.depth >= MAX_DEPTH {
            return unsupported(loc, "expressions nested this deeply");
        }
        self.depth += 1;
        let r = self.place_inner(e, loc);
        self.depth -= 1;
        r
    }

    fn place_inner(&mut self, e: ExprId, loc: Loc) -> R<Place> {
        if let Some(Binding::Mem(var, path)) = self.split_target(e)? {
            return Ok(Place {
                var,
                path,
                ty: self.ty_of(e).clone(),
                lanes: Lanes::All,
                rm_col: None,
            });
        }
        let tu = self.tu;
        let Some(x) = tu.exprs.get(e.0 as usize) else {
            return internal(loc, "bad expression");
        };
        match &x.kind {
            ExprKind::Ident(_) => {
                let Some(var) = self.info(e).var else {
                    return internal(loc, "unresolved name");
                };
                match self.binding(var, loc)? {
                    Binding::Mem(v, path) => Ok(Place {
                        var: v,
                        path,
                        ty: self.ty_of(e).clone(),
                        lanes: Lanes::All,
                        rm_col: None,
                    }),
                    _ => internal(loc, "not a place"),
                }
            }
            ExprKind::Index(a, i) => {
                let mut p = self.place(*a)?;
                let ix = self.index_of(*i)?;
                let ta = self.ty_of(*a).clone();
                if !matches!(p.lanes, Lanes::All) {
                    // Indexing a swizzle: map the index through it.
                    p.lanes = match (&p.lanes, ix) {
                        (Lanes::Swz(l), Ix::Const(k)) => match l.get(k as usize) {
                            Some(&c) => Lanes::Swz(vec![c]),
                            None => return internal(loc, "index out of the swizzle"),
                        },
                        (Lanes::Swz(l), Ix::Dyn(i)) => {
                            let i = self.index_i32(i);
                            let ls: Vec<f64> = l.iter().map(|&c| f64::from(c)).collect();
                            let table = self.int_vec(&ls);
                            Lanes::Dyn(self.b().bin(AluOp::VExtract, table, i))
                        }
                        _ => return unsupported(loc, "indexing a dynamically selected component"),
                    };
                    return Ok(p);
                }
                if p.rm_col.is_some() && !matches!(p.lanes, Lanes::All) {
                    return unsupported(loc, "indexing a swizzled row-major matrix column");
                }
                if p.rm_col.is_none()
                    && num(&ta).is_some_and(Num::is_matrix)
                    && self.row_major_at(p.var, &p.path)
                {
                    p.rm_col = Some(ix);
                    p.ty = self.ty_of(e).clone();
                    return Ok(p);
                }
                if ta.is_array() || num(&ta).is_some_and(Num::is_matrix) {
                    p.path.push(match ix {
                        Ix::Const(k) => Index::Const(k),
                        Ix::Dyn(v) => Index::Value(v),
                    });
                    p.ty = self.ty_of(e).clone();
                } else {
                    p.lanes = match ix {
                        Ix::Const(k) => Lanes::Swz(vec![k.min(3) as u8]),
                        Ix::Dyn(v) => Lanes::Dyn(v),
                    };
                }
                Ok(p)
            }
            ExprKind::Field(a, name) => {
                if let Some(p) = self.per_vertex_place(*a, *name, e, loc)? {
                    return Ok(p);
                }
                let mut p = self.place(*a)?;
                let ta = self.ty_of(*a).clone();
                let n = self.name(*name);
                if let (Base::Struct(i), false) = (ta.base, ta.is_array()) {
                    if !matches!(p.lanes, Lanes::All) {
                        return internal(loc, "field of a swizzle");
                    }
                    let Some(k) = self
                        .sema
                        .structs
                        .get(i as usize)
                        .and_then(|s| s.members.iter().position(|(m, _)| self.name(*m) == n))
                    else {
                        return internal(loc, "no such member");
                    };
                    p.path.push(Index::Const(k as u32));
                    p.ty = self.ty_of(e).clone();
                    return Ok(p);
                }
                let size = num(&ta).map_or(4, |n| n.rows);
                let Some(idx) = crate::sema::swizzle_lanes(n, size) else {
                    return internal(loc, "bad swizzle");
                };
                p.lanes = match &p.lanes {
                    Lanes::All => Lanes::Swz(idx),
                    Lanes::Swz(prev) => {
                        let mut out = Vec::new();
                        for i in idx {
                            match prev.get(i as usize) {
                                Some(&c) => out.push(c),
                                None => return internal(loc, "swizzle out of range"),
                            }
                        }
                        Lanes::Swz(out)
                    }
                    Lanes::Dyn(_) => {
                        return unsupported(loc, "swizzles of a dynamically selected component");
                    }
                };
                Ok(p)
            }
            _ => internal(loc, "not a place"),
        }
    }

    /// `gl_in[i].member` of a geometry shader: element `i` of the
    /// member's input array; `None` when `a` is not `gl_in[i]`.
    fn per_vertex_place(
        &mut self,
        a: ExprId,
        member: crate::names::Sym,
        e: ExprId,
        loc: Loc,
    ) -> R<Option<Place>> {
        let tu = self.tu;
        // `v[i]`, or `v[i][j]...` for an array of arrays of blocks.
        let mut subscripts = Vec::new();
        let mut cur = a;
        loop {
            match tu.exprs.get(cur.0 as usize).map(|x| &x.kind) {
                Some(ExprKind::Index(b, i)) => {
                    subscripts.push(*i);
                    cur = *b;
                }
                Some(ExprKind::Ident(_)) => break,
                _ => return Ok(None),
            }
        }
        subscripts.reverse();
        let Some(var) = self.info(cur).var else {
            return Ok(None);
        };
        let (members, out) = match self.binding(var, loc)? {
            Binding::PerVertex(out) if subscripts.len() == 1 => (None, out),
            Binding::Block(members) => (Some(members), false),
            _ => return Ok(None),
        };
        let mut path = Vec::new();
        for i in subscripts {
            path.push(match self.index_of(i)? {
                Ix::Const(k) => Index::Const(k),
                Ix::Dyn(v) => Index::Value(v),
            });
        }
        let ty = self.ty_of(e).clone();
        let name = self.name(member).to_owned();
        let v = match members {
            None => self.per_vertex_member(&name, &ty, out, loc)?,
            Some(members) => match members.iter().find(|(m, _)| *m == name) {
                Some(&(_, v)) => v,
                None => return internal(loc, "no such block member"),
            },
        };
        Ok(Some(Place {
            var: v,
            path,
            ty,
            lanes: Lanes::All,
            rm_col: None,
        }))
    }

    /// What `e` reaches when it is a path (fields, constant indices) into
    /// a split aggregate ([`Binding::Split`]) that ends where the split
    /// does: a data part (`Mem`), samplers, or a split part. `None` when
    /// `e` is no such path (a vector component of a data part, say, is a
    /// place below the part's).
    pub(crate) fn split_target(&mut self, e: ExprId) -> R<Option<Binding>> {
        let mut steps = Vec::new();
        let mut cur = e;
        loop {
            let Some(x) = self.tu.exprs.get(cur.0 as usize) else {
                return Ok(None);
            };
            match &x.kind {
                ExprKind::Ident(_) => break,
                ExprKind::Index(a, i) => {
                    steps.push((*a, Err(*i)));
                    cur = *a;
                }
                ExprKind::Field(a, n) => {
                    steps.push((*a, Ok(*n)));
                    cur = *a;
                }
                _ => return Ok(None),
            }
        }
        let Some(var) = self.info(cur).var else {
            return Ok(None);
        };
        let loc = self.loc_of(e);
        if !matches!(self.bind.get(&var), Some(Binding::Split(_))) {
            return Ok(None);
        }
        let mut b = self.binding(var, loc)?;
        for (base, step) in steps.into_iter().rev() {
            let Binding::Split(parts) = b else {
                return Ok(None);
            };
            let k = match step {
                Err(i) => match self.info(i).k.as_ref().and_then(|k| k.first()?.as_i64()) {
                    Some(k) => usize::try_from(k).unwrap_or(usize::MAX),
                    None => {
                        return unsupported(
                            loc,
                            "dynamically indexed arrays of structs with samplers",
                        );
                    }
                },
                Ok(n) => {
                    let n = self.name(n);
                    let Base::Struct(si) = self.ty_of(base).base else {
                        return internal(loc, "member of a non-struct");
                    };
                    let pos = self
                        .sema
                        .structs
                        .get(si as usize)
                        .and_then(|s| s.members.iter().position(|(m, _)| self.name(*m) == n));
                    match pos {
                        Some(k) => k,
                        None => return internal(loc, "no such member"),
                    }
                }
            };
            let Some(part) = parts.into_iter().nth(k) else {
                return internal(loc, "index out of a split aggregate");
            };
            b = part;
        }
        Ok(Some(b))
    }

    /// The r-value of a binding of GLSL type `t` (a split aggregate is read
    /// part by part).
    pub(crate) fn binding_rv(&mut self, b: Binding, t: &SemaType, loc: Loc) -> R<Rv> {
        match b {
            Binding::Mem(var, path) => self.load_mem(var, &path, t, loc),
            Binding::Tex(ts) => Ok(tex_rv(&ts, t)),
            Binding::Split(parts) => {
                let tys = if t.is_array() {
                    vec![t.element(); parts.len()]
                } else if let Base::Struct(i) = t.base {
                    self.struct_members(i, loc)?
                } else {
                    return internal(loc, "split non-aggregate");
                };
                if tys.len() != parts.len() {
                    return internal(loc, "split aggregate shape");
                }
                let mut out = Vec::new();
                for (p, pt) in parts.into_iter().zip(&tys) {
                    out.push(self.binding_rv(p, pt, loc)?);
                }
                Ok(Rv::A(out))
            }
            Binding::Sys(..) | Binding::Consts(..) | Binding::PerVertex(_) | Binding::Block(_) => {
                internal(loc, "split part")
            }
        }
    }

    /// Binds a copy of `v` (of type `t`, holding samplers): samplers bind
    /// to their textures, data parts go to fresh locals (an `in` parameter
    /// of a struct type with sampler members).
    pub(crate) fn split_value(&mut self, name: &str, t: &SemaType, v: Rv, loc: Loc) -> R<Binding> {
        if t.is_opaque() {
            return match v {
                Rv::Tex(x) => Ok(Binding::Tex(vec![x])),
                Rv::A(elems) => {
                    let mut ts = Vec::new();
                    for e in elems {
                        match e {
                            Rv::Tex(x) => ts.push(x),
                            _ => return internal(loc, "sampler array element"),
                        }
                    }
                    Ok(Binding::Tex(ts))
                }
                _ => internal(loc, "sampler value"),
            };
        }
        if !self.contains_opaque(t) {
            let var = self.temp(name, t, loc)?;
            self.store_mem(var, &[], t, &v, loc)?;
            return Ok(Binding::Mem(var, Vec::new()));
        }
        let Rv::A(elems) = v else {
            return internal(loc, "aggregate with samplers");
        };
        let tys = if t.is_array() {
            vec![t.element(); elems.len()]
        } else if let Base::Struct(i) = t.base {
            self.struct_members(i, loc)?
        } else {
            return internal(loc, "aggregate with samplers");
        };
        if tys.len() != elems.len() {
            return internal(loc, "aggregate shape mismatch");
        }
        let mut parts = Vec::new();
        for (e, et) in elems.into_iter().zip(&tys) {
            parts.push(self.split_value(name, et, e, loc)?);
        }
        Ok(Binding::Split(parts))
    }

    fn index_i32(&mut self, v: Value) -> Value {
        if self.vty(v).scalar == oxgl_ir::Scalar::I32 {
            v
        } else {
            self.b().convert(v, oxgl_ir::Scalar::I32)
        }
    }

    fn int_vec(&mut self, xs: &[f64]) -> Value {
        let ty = ValType::vec(oxgl_ir::Scalar::I32, xs.len().clamp(1, 4) as u8);
        let mut bits = [0u64; 4];
        for (b, x) in bits.iter_mut().zip(xs) {
            *b = u64::from(*x as i32 as u32);
        }
        self.b().constant(ty, bits)
    }

    /// Selects lanes of a loaded value.
    fn select_lanes(&mut self, v: Value, lanes: &Lanes) -> Value {
        match lanes {
            Lanes::All => v,
            Lanes::Swz(l) => {
                if self.vty(v).lanes == 1 {
                    let n = l.len() as u8;
                    self.b().splat(v, n)
                } else if l.len() == 1 {
                    self.b().lane(v, l[0])
                } else {
                    self.b().swizzle_idx(v, l)
                }
            }
            Lanes::Dyn(i) => {
                if self.vty(v).lanes == 1 {
                    v
                } else {
                    self.b().bin(AluOp::VExtract, v, *i)
                }
            }
        }
    }

    pub(crate) fn load_place(&mut self, p: &Place, loc: Loc) -> R<Rv> {
        let rv = match p.rm_col {
            Some(ix) => Rv::V(self.load_rm_col(p, ix, loc)?),
            None => self.load_mem(p.var, &p.path, &p.ty, loc)?,
        };
        match (&p.lanes, rv) {
            (Lanes::All, rv) => Ok(rv),
            (l, Rv::V(v)) => Ok(Rv::V(self.select_lanes(v, l))),
            _ => internal(loc, "lanes of a non-vector"),
        }
    }

    /// Column `ix` of the row-major matrix at `p`: lane `ix` of each row.
    fn load_rm_col(&mut self, p: &Place, ix: Ix, loc: Loc) -> R<Value> {
        let Some(rows) = num(&p.ty).map(|n| u32::from(n.rows)) else {
            return internal(loc, "column of a non-vector");
        };
        let mut lanes = Vec::new();
        for r in 0..rows {
            let mut path = p.path.clone();
            path.push(Index::Const(r));
            let row = self.b().load(Deref { var: p.var, path });
            lanes.push(match ix {
                Ix::Const(c) => self.b().lane(row, c.min(3) as u8),
                Ix::Dyn(i) => {
                    let i = self.index_i32(i);
                    self.b().bin(AluOp::VExtract, row, i)
                }
            });
        }
        Ok(self.build(&lanes))
    }

    pub(crate) fn store_place(&mut self, p: &Place, v: &Rv, loc: Loc) -> R<()> {
        if p.rm_col.is_some() {
            return internal(loc, "store to a uniform block");
        }
        match &p.lanes {
            Lanes::All => self.store_mem(p.var, &p.path, &p.ty, v, loc),
            lanes => {
                let x = v.v(loc)?;
                let d = Deref {
                    var: p.var,
                    path: p.path.clone(),
                };
                let old = self.b().load(d.clone());
                if self.vty(old).lanes == 1 {
                    // A scalar's `.x`.
                    let x = if self.vty(x).lanes > 1 {
                        self.b().lane(x, 0)
                    } else {
                        x
                    };
                    self.b().store(d, x);
                    return Ok(());
                }
                let new = match lanes {
                    Lanes::Swz(l) => {
                        let mut cur = old;
                        let xl = self.vty(x).lanes;
                        for (k, &dst) in l.iter().enumerate() {
                            let s = if xl == 1 {
                                x
                            } else {
                                self.b().lane(x, k as u8)
                            };
                            cur = self.b().insert(cur, s, dst);
                        }
                        cur
                    }
                    Lanes::Dyn(i) => self.b().alu(AluOp::VInsert, &[old, x, *i]),
                    Lanes::All => x,
                };
                self.b().store(d, new);
                Ok(())
            }
        }
    }

    // ---- constants -------------------------------------------------------------

    /// The r-value of a constant of type `t` from its flat components.
    fn const_rv(&mut self, t: &SemaType, k: &[Cv], loc: Loc) -> R<Option<Rv>> {
        let mut it = k.iter().copied();
        let rv = self.const_part(t, &mut it, loc)?;
        Ok(if it.next().is_some() { None } else { rv })
    }

    fn const_part(
        &mut self,
        t: &SemaType,
        it: &mut impl Iterator<Item = Cv>,
        loc: Loc,
    ) -> R<Option<Rv>> {
        if let Some(d) = t.dims.first() {
            let Some(n) = *d else { return Ok(None) };
            if n > 4096 {
                return Ok(None);
            }
            let et = t.element();
            let mut v = Vec::new();
            for _ in 0..n {
                let Some(x) = self.const_part(&et, it, loc)? else {
                    return Ok(None);
                };
                v.push(x);
            }
            return Ok(Some(Rv::A(v)));
        }
        let Base::Num(n) = t.base else {
            return Ok(None);
        };
        let ty = col_ty(n, loc)?;
        let mut cols = Vec::new();
        for _ in 0..n.cols {
            let mut bits = [0u64; 4];
            for b in bits.iter_mut().take(n.rows as usize) {
                let Some(c) = it.next() else { return Ok(None) };
                *b = cv_bits(c, n.s);
            }
            cols.push(self.b().constant(ty, bits));
        }
        Ok(Some(if n.is_matrix() {
            Rv::M(cols)
        } else {
            Rv::V(cols[0])
        }))
    }

    // ---- expressions -----------------------------------------------------------

    /// The r-value of expression `e`.
    pub(crate) fn expr(&mut self, e: ExprId) -> R<Rv> {
        let loc = self.loc_of(e);
        if self.depth >= MAX_DEPTH {
            return unsupported(loc, "expressions nested this deeply");
        }
        self.depth += 1;
        let r = self.expr_inner(e, loc);
        self.depth -= 1;
        r
    }

    /// Lowers `e` and converts it to type `to`.
    pub(crate) fn expr_as(&mut self, e: ExprId, to: &SemaType) -> R<Rv> {
        let v = self.expr(e)?;
        let from = self.ty_of(e).clone();
        self.convert(v, &from, to, self.loc_of(e))
    }

    fn expr_inner(&mut self, e: ExprId, loc: Loc) -> R<Rv> {
        let info = self.info(e);
        if info.ty.is_error() {
            return internal(loc, "an expression without a type");
        }
        if let Some(k) = &info.k
            && let Some(rv) = self.const_rv(&info.ty, k, loc)?
        {
            return Ok(rv);
        }
        if let Some(b) = self.split_target(e)?
            && !matches!(b, Binding::Mem(..))
        {
            return self.binding_rv(b, &info.ty, loc);
        }
        let tu = self.tu;
        let Some(x) = tu.exprs.get(e.0 as usize) else {
            return internal(loc, "bad expression");
        };
        match &x.kind {
            ExprKind::Ident(_) | ExprKind::Index(..) | ExprKind::Field(..)
                if self.is_place(e)? =>
            {
                let p = self.place(e)?;
                self.load_place(&p, loc)
            }
            ExprKind::Ident(_) => {
                let Some(var) = info.var else {
                    return internal(loc, "unresolved name");
                };
                match self.binding(var, loc)? {
                    Binding::Sys(sv, array) => {
                        let v = self.b().system(sv);
                        if array {
                            let n = self.vty(v).lanes;
                            let mut elems = Vec::new();
                            for i in 0..n {
                                elems.push(Rv::V(self.b().lane(v, i)));
                            }
                            Ok(Rv::A(elems))
                        } else {
                            Ok(Rv::V(v))
                        }
                    }
                    Binding::Tex(ts) => Ok(tex_rv(&ts, &info.ty)),
                    Binding::Consts(t, k) => match self.const_rv(&t, &k, loc)? {
                        Some(v) => Ok(v),
                        None => internal(loc, "bad built-in constant"),
                    },
                    Binding::Mem(..) | Binding::Split(_) => internal(loc, "memory binding"),
                    Binding::PerVertex(_) => unsupported(loc, "`gl_in' as a whole"),
                    Binding::Block(_) => {
                        unsupported(loc, "an array of interface blocks as a whole")
                    }
                }
            }
            ExprKind::Index(a, i) => {
                let base = self.expr(*a)?;
                let ix = self.index_of(*i)?;
                let ta = self.ty_of(*a).clone();
                self.index_rv(base, &ta, ix, loc)
            }
            ExprKind::Field(a, name) => {
                let base = self.expr(*a)?;
                let ta = self.ty_of(*a).clone();
                self.field_rv(base, &ta, *name, loc)
            }
            ExprKind::Int(_)
            | ExprKind::Uint(_)
            | ExprKind::Float(_)
            | ExprKind::Double(_)
            | ExprKind::Bool(_) => internal(loc, "literal without a value"),
            ExprKind::Int64(_) | ExprKind::Uint64(_) => unsupported(loc, "64-bit integers"),
            ExprKind::Unary(op, a) => self.unary(*op, *a, loc),
            ExprKind::Binary(..) => self.binary_chain(e),
            ExprKind::Assign(op, a, b) => self.assign(*op, *a, *b, loc),
            ExprKind::Ternary(c, a, b) => self.ternary(e, *c, *a, *b, loc),
            ExprKind::Comma(a, b) => {
                self.expr(*a)?;
                self.expr(*b)
            }
            ExprKind::Call(name, args) => self.call(e, *name, args, loc),
            ExprKind::Construct(_, args) => self.construct(e, args, loc),
            // `a.length()` of a runtime-sized array (the last member of a
            // shader storage block; sema folds every other length).
            ExprKind::Method(a, _, _) => {
                if !self.is_place(*a)? {
                    return unsupported(loc, "length() of this array");
                }
                let p = self.place(*a)?;
                // An implicitly sized array (sized at the end of
                // compilation): its size.
                let mut ty = Some(self.shader.vars[p.var].ty);
                for ix in &p.path {
                    ty = match (ty.and_then(|t| self.shader.types.get(t)), ix) {
                        (Some(oxgl_ir::Type::Array { elem, .. }), _) => Some(*elem),
                        (Some(oxgl_ir::Type::Struct { members }), Index::Const(i)) => {
                            members.get(*i as usize).map(|m| m.ty)
                        }
                        _ => None,
                    };
                }
                if let Some(oxgl_ir::Type::Array { len: Some(n), .. }) =
                    ty.and_then(|t| self.shader.types.get(t))
                {
                    let n = i32::try_from(*n).unwrap_or(i32::MAX);
                    return Ok(Rv::V(self.b().i32(n)));
                }
                let d = oxgl_ir::Deref {
                    var: p.var,
                    path: p.path,
                };
                let n = self
                    .b()
                    .push(oxgl_ir::Op::ArrayLength(d), Some(oxgl_ir::ValType::U32));
                Ok(Rv::V(self.b().convert(n, oxgl_ir::Scalar::I32)))
            }
            ExprKind::CallExpr(f, args) => match info.callee {
                Some(crate::sema::Callee::Subroutine { ty, .. }) => {
                    let sel = self.expr(*f)?.v(loc)?;
                    self.call_subroutine(sel, ty, args, loc)
                }
                _ => unsupported(loc, "this call"),
            },
            ExprKind::Error => internal(loc, "error expression"),
        }
    }

    /// `base[ix]` of an r-value.
    pub(crate) fn index_rv(&mut self, base: Rv, ta: &SemaType, ix: Ix, loc: Loc) -> R<Rv> {
        match (base, ix) {
            (Rv::A(elems), Ix::Const(k)) => match elems.into_iter().nth(k as usize) {
                Some(x) => Ok(x),
                None => internal(loc, "index out of range"),
            },
            (Rv::M(cols), Ix::Const(k)) => match cols.get(k as usize) {
                Some(x) => Ok(Rv::V(*x)),
                None => internal(loc, "index out of range"),
            },
            (Rv::V(v), Ix::Const(k)) => {
                let n = self.vty(v).lanes;
                if u32::from(n) <= k {
                    return internal(loc, "index out of range");
                }
                Ok(Rv::V(self.b().lane(v, k as u8)))
            }
            (Rv::V(v), Ix::Dyn(i)) => Ok(Rv::V(self.b().bin(AluOp::VExtract, v, i))),
            (Rv::A(elems), Ix::Dyn(_)) if elems.iter().any(|e| matches!(e, Rv::Tex(_))) => {
                unsupported(loc, "dynamically indexed sampler arrays")
            }
            (base @ (Rv::A(_) | Rv::M(_)), Ix::Dyn(i)) => {
                let var = self.spill(&base, ta, loc)?;
                let et = if ta.is_array() {
                    ta.element()
                } else {
                    match num(ta) {
                        Some(n) => SemaType::num(Num::vec(n.s, n.rows)),
                        None => return internal(loc, "bad indexed type"),
                    }
                };
                self.load_mem(var, &[Index::Value(i)], &et, loc)
            }
            _ => internal(loc, "indexing a non-indexable value"),
        }
    }

    fn field_rv(&mut self, base: Rv, ta: &SemaType, name: crate::names::Sym, loc: Loc) -> R<Rv> {
        let n = self.name(name);
        if let Base::Struct(i) = ta.base {
            let Some(k) = self
                .sema
                .structs
                .get(i as usize)
                .and_then(|s| s.members.iter().position(|(m, _)| self.name(*m) == n))
            else {
                return internal(loc, "no such member");
            };
            return match base {
                Rv::A(ms) => match ms.into_iter().nth(k) {
                    Some(m) => Ok(m),
                    None => internal(loc, "member out of range"),
                },
                _ => internal(loc, "member of a non-struct"),
            };
        }
        let v = base.v(loc)?;
        let size = self.vty(v).lanes;
        let Some(idx) = crate::sema::swizzle_lanes(n, size) else {
            return internal(loc, "bad swizzle");
        };
        Ok(Rv::V(self.select_lanes(v, &Lanes::Swz(idx))))
    }

    // ---- conversions -----------------------------------------------------------

    /// Converts `v` from type `from` to type `to` (implicit conversions and
    /// constructor conversions of one shape).
    pub(crate) fn convert(&mut self, v: Rv, from: &SemaType, to: &SemaType, loc: Loc) -> R<Rv> {
        let (Some(f), Some(t)) = (num(from), num(to)) else {
            return Ok(v);
        };
        if f.s == t.s {
            return Ok(v);
        }
        let s = ir_scalar(t.s, loc)?;
        Ok(match v {
            Rv::V(x) => Rv::V(self.b().convert(x, s)),
            Rv::M(cols) => Rv::M(cols.into_iter().map(|c| self.b().convert(c, s)).collect()),
            other => other,
        })
    }

    /// Converts every column of `v` to scalar kind `s`.
    pub(crate) fn convert_num(&mut self, v: Rv, s: Scalar, loc: Loc) -> R<Rv> {
        let s = ir_scalar(s, loc)?;
        let conv = |l: &mut Self, x: Value| {
            if l.vty(x).scalar == s {
                x
            } else {
                l.b().convert(x, s)
            }
        };
        Ok(match v {
            Rv::V(x) => Rv::V(conv(self, x)),
            Rv::M(cols) => Rv::M(cols.into_iter().map(|c| conv(self, c)).collect()),
            other => other,
        })
    }

    // ---- operators -------------------------------------------------------------

    fn unary(&mut self, op: UnOp, a: ExprId, loc: Loc) -> R<Rv> {
        match op {
            UnOp::Plus => self.expr(a),
            UnOp::Neg => {
                let v = self.expr(a)?;
                self.map_cols(v, loc, |l, x| l.b().neg(x))
            }
            UnOp::Not | UnOp::BitNot => {
                let v = self.expr(a)?;
                self.map_cols(v, loc, |l, x| l.b().un(AluOp::Not, x))
            }
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                if !self.is_place(a)? {
                    return internal(loc, "increment of a non-place");
                }
                let p = self.place(a)?;
                let old = self.load_place(&p, loc)?;
                let add = matches!(op, UnOp::PreInc | UnOp::PostInc);
                let new = self.map_cols(old.clone(), loc, |l, x| {
                    let t = l.vty(x);
                    let one = l.b().splat_const(t, 1.0);
                    if add {
                        l.b().add(x, one)
                    } else {
                        l.b().sub(x, one)
                    }
                })?;
                self.store_place(&p, &new, loc)?;
                Ok(if matches!(op, UnOp::PreInc | UnOp::PreDec) {
                    new
                } else {
                    old
                })
            }
        }
    }

    /// Applies `f` to a value or to every column of a matrix.
    pub(crate) fn map_cols(
        &mut self,
        v: Rv,
        loc: Loc,
        mut f: impl FnMut(&mut Self, Value) -> Value,
    ) -> R<Rv> {
        match v {
            Rv::V(x) => Ok(Rv::V(f(self, x))),
            Rv::M(cols) => Ok(Rv::M(cols.into_iter().map(|c| f(self, c)).collect())),
            _ => internal(loc, "operator on an aggregate"),
        }
    }

    /// A left-deep chain of binary operators, iteratively.
    fn binary_chain(&mut self, e: ExprId) -> R<Rv> {
        let mut spine = vec![e];
        let mut cur = e;
        while let Some(ExprKind::Binary(_, a, _)) =
            self.tu.exprs.get(cur.0 as usize).map(|x| &x.kind)
        {
            if self.info(*a).k.is_some()
                || !matches!(
                    self.tu.exprs.get(a.0 as usize).map(|x| &x.kind),
                    Some(ExprKind::Binary(..))
                )
            {
                break;
            }
            cur = *a;
            spine.push(cur);
        }
        let bottom = match self.tu.exprs.get(cur.0 as usize).map(|x| &x.kind) {
            Some(ExprKind::Binary(_, a, _)) => *a,
            _ => return internal(self.loc_of(e), "bad binary chain"),
        };
        let mut acc = self.expr(bottom)?;
        for &node in spine.iter().rev() {
            let Some(ExprKind::Binary(op, a, b)) =
                self.tu.exprs.get(node.0 as usize).map(|x| &x.kind)
            else {
                return internal(self.loc_of(e), "bad binary chain");
            };
            let loc = self.loc_of(node);
            acc = match op {
                BinOp::LogicalAnd | BinOp::LogicalOr => {
                    let and = *op == BinOp::LogicalAnd;
                    let x = acc.v(loc)?;
                    if self.pure(*b) {
                        let y = self.expr(*b)?.v(loc)?;
                        let op = if and { AluOp::And } else { AluOp::Or };
                        Rv::V(self.b().bin(op, x, y))
                    } else {
                        // Short-circuit: the right operand has effects.
                        let tmp = self.flag("sc", false);
                        self.b().store_var(tmp, x);
                        let rhs = |l: &mut Self| -> R<()> {
                            let y = l.expr(*b)?.v(loc)?;
                            l.b().store_var(tmp, y);
                            Ok(())
                        };
                        if and {
                            self.if_else(x, rhs, |_| Ok(()))?;
                        } else {
                            self.if_else(x, |_| Ok(()), rhs)?;
                        }
                        Rv::V(self.b().load_var(tmp))
                    }
                }
                _ => {
                    let y = self.expr(*b)?;
                    let ta = self.ty_of(*a).clone();
                    let tb = self.ty_of(*b).clone();
                    self.binop(*op, acc, &ta, y, &tb, loc)?.0
                }
            };
        }
        Ok(acc)
    }

    /// `a op b` for non-short-circuit operators; returns the result and its
    /// type.
    pub(crate) fn binop(
        &mut self,
        op: BinOp,
        a: Rv,
        ta: &SemaType,
        b: Rv,
        tb: &SemaType,
        loc: Loc,
    ) -> R<(Rv, SemaType)> {
        use BinOp::*;
        match op {
            Eq | Ne => {
                let eq = self.equal(a, ta, b, tb, loc)?;
                let r = if op == Ne {
                    self.b().un(AluOp::Not, eq)
                } else {
                    eq
                };
                return Ok((Rv::V(r), SemaType::BOOL));
            }
            LogicalXor => {
                let (x, y) = (a.v(loc)?, b.v(loc)?);
                return Ok((Rv::V(self.b().bin(AluOp::Xor, x, y)), SemaType::BOOL));
            }
            LogicalAnd | LogicalOr => {
                let (x, y) = (a.v(loc)?, b.v(loc)?);
                let o = if op == LogicalAnd {
                    AluOp::And
                } else {
                    AluOp::Or
                };
                return Ok((Rv::V(self.b().bin(o, x, y)), SemaType::BOOL));
            }
            _ => {}
        }
        let (Some(na), Some(nb)) = (num(ta), num(tb)) else {
            return internal(loc, "arithmetic on non-numeric values");
        };
        if matches!(op, Shl | Shr) {
            let (x, mut y) = (a.v(loc)?, b.v(loc)?);
            let n = self.vty(x).lanes;
            if self.vty(y).lanes != n {
                y = self.b().splat(y, n);
            }
            let o = match op {
                Shl => AluOp::Shl,
                _ if na.s == Scalar::Int => AluOp::IShr,
                _ => AluOp::UShr,
            };
            return Ok((Rv::V(self.b().bin(o, x, y)), ta.clone()));
        }
        if matches!(op, Lt | Gt | Le | Ge) {
            let s = common(na.s, nb.s);
            let x = self.convert_num(a, s, loc)?.v(loc)?;
            let y = self.convert_num(b, s, loc)?.v(loc)?;
            let r = match op {
                Lt => self.b().lt(x, y),
                Gt => self.b().gt(x, y),
                Le => self.b().le(x, y),
                _ => self.b().ge(x, y),
            };
            return Ok((Rv::V(r), SemaType::BOOL));
        }
        let s = common(na.s, nb.s);
        let a = self.convert_num(a, s, loc)?;
        let b = self.convert_num(b, s, loc)?;
        let (na, nb) = (na.with_scalar(s), nb.with_scalar(s));
        if op == Mul && !na.is_scalar() && !nb.is_scalar() && (na.is_matrix() || nb.is_matrix()) {
            return self.linear_mul(a, na, b, nb, loc);
        }
        // Componentwise, a scalar operand splatted.
        let rn = if na.is_scalar() { nb } else { na };
        let rows = rn.rows;
        let split = |l: &mut Self, v: Rv, n: Num| -> R<Vec<Value>> {
            match v {
                Rv::V(x) if n.is_scalar() && rn.cols > 1 => {
                    let s = l.b().splat(x, rows);
                    Ok(vec![s; rn.cols as usize])
                }
                Rv::V(x) if n.is_scalar() => Ok(vec![l.b().splat(x, rows)]),
                Rv::V(x) => Ok(vec![x]),
                Rv::M(c) => Ok(c),
                _ => internal(loc, "arithmetic on aggregates"),
            }
        };
        let xs = split(self, a, na)?;
        let ys = split(self, b, nb)?;
        if xs.len() != ys.len() {
            return internal(loc, "operand shapes differ");
        }
        let mut out = Vec::new();
        for (x, y) in xs.into_iter().zip(ys) {
            let b = &mut self.b();
            out.push(match op {
                Add => b.add(x, y),
                Sub => b.sub(x, y),
                Mul => b.mul(x, y),
                Div => b.div(x, y),
                Mod if s == Scalar::Int => b.bin(AluOp::IMod, x, y),
                Mod if s == Scalar::Uint => b.bin(AluOp::UMod, x, y),
                Mod => b.bin(AluOp::FMod, x, y),
                BitAnd => b.bin(AluOp::And, x, y),
                BitOr => b.bin(AluOp::Or, x, y),
                BitXor => b.bin(AluOp::Xor, x, y),
                _ => return internal(loc, "unexpected operator"),
            });
        }
        let rv = if rn.is_matrix() {
            Rv::M(out)
        } else {
            match out.first() {
                Some(v) => Rv::V(*v),
                None => return internal(loc, "empty operation"),
            }
        };
        Ok((rv, SemaType::num(rn)))
    }

    /// Matrix products: `m * v`, `v * m`, `m * m`.
    fn linear_mul(&mut self, a: Rv, na: Num, b: Rv, nb: Num, loc: Loc) -> R<(Rv, SemaType)> {
        let s = na.s;
        match (a, b) {
            (Rv::M(ac), Rv::V(v)) => {
                let r = self.mat_vec(&ac, v, loc)?;
                Ok((Rv::V(r), SemaType::num(Num::vec(s, na.rows))))
            }
            (Rv::V(v), Rv::M(bc)) => {
                let mut lanes = Vec::new();
                for c in &bc {
                    lanes.push(self.b().dot(v, *c));
                }
                let r = if lanes.len() == 1 {
                    lanes[0]
                } else {
                    self.b().construct(&lanes)
                };
                Ok((Rv::V(r), SemaType::num(Num::vec(s, nb.cols))))
            }
            (Rv::M(ac), Rv::M(bc)) => {
                let mut cols = Vec::new();
                for c in &bc {
                    cols.push(self.mat_vec(&ac, *c, loc)?);
                }
                Ok((Rv::M(cols), SemaType::num(Num::new(s, na.rows, nb.cols))))
            }
            _ => internal(loc, "bad matrix product"),
        }
    }

    /// Σ col_c · v[c].
    pub(crate) fn mat_vec(&mut self, cols: &[Value], v: Value, loc: Loc) -> R<Value> {
        let Some(&c0) = cols.first() else {
            return internal(loc, "empty matrix");
        };
        let rows = self.vty(c0).lanes;
        let mut acc = None;
        for (i, c) in cols.iter().enumerate() {
            let lane = self.b().lane(v, i as u8);
            let sp = self.b().splat(lane, rows);
            let t = self.b().mul(*c, sp);
            acc = Some(match acc {
                None => t,
                Some(x) => self.b().add(x, t),
            });
        }
        acc.map_or_else(|| internal(loc, "empty matrix"), Ok)
    }

    /// Scalar `bool`: every component of `a` equals `b`'s.
    fn equal(&mut self, a: Rv, ta: &SemaType, b: Rv, tb: &SemaType, loc: Loc) -> R<Value> {
        let (a, b) = match (num(ta), num(tb)) {
            (Some(x), Some(y)) => {
                let s = common(x.s, y.s);
                (self.convert_num(a, s, loc)?, self.convert_num(b, s, loc)?)
            }
            _ => (a, b),
        };
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        leaves(&a, &mut xs);
        leaves(&b, &mut ys);
        if xs.len() != ys.len() || xs.is_empty() {
            return internal(loc, "compared values differ in shape");
        }
        let mut acc: Option<Value> = None;
        for (x, y) in xs.into_iter().zip(ys) {
            let mut e = self.b().eq(x, y);
            if self.vty(e).lanes > 1 {
                e = self.b().un(AluOp::All, e);
            }
            acc = Some(match acc {
                None => e,
                Some(p) => self.b().bin(AluOp::And, p, e),
            });
        }
        acc.map_or_else(|| internal(loc, "empty comparison"), Ok)
    }

    fn assign(&mut self, op: Option<BinOp>, a: ExprId, b: ExprId, loc: Loc) -> R<Rv> {
        if !self.is_place(a)? {
            return internal(loc, "assignment to a non-place");
        }
        let p = self.place(a)?;
        let tl = self.ty_of(a).clone();
        let tb = self.ty_of(b).clone();
        let v = match op {
            None => self.expr_as(b, &tl)?,
            Some(op) => {
                let cur = self.load_place(&p, loc)?;
                let y = self.expr(b)?;
                let (r, rt) = self.binop(op, cur, &tl, y, &tb, loc)?;
                self.convert(r, &rt, &tl, loc)?
            }
        };
        self.store_place(&p, &v, loc)?;
        Ok(v)
    }

    fn ternary(&mut self, e: ExprId, c: ExprId, a: ExprId, b: ExprId, loc: Loc) -> R<Rv> {
        let t = self.ty_of(e).clone();
        let cond = self.expr(c)?.v(loc)?;
        // `b ? f() : g()` with void functions: only the chosen call runs.
        if t.base == Base::Void {
            self.if_else(cond, |l| l.expr(a).map(|_| ()), |l| l.expr(b).map(|_| ()))?;
            return Ok(Rv::Void);
        }
        let opaque = matches!(t.base, Base::Opaque(_));
        if (self.pure(a) && self.pure(b)) || opaque {
            let x = self.expr_as(a, &t)?;
            let y = self.expr_as(b, &t)?;
            if opaque {
                return unsupported(loc, "selecting samplers with ?:");
            }
            return self.select_rv(cond, x, y, loc);
        }
        let var = self.temp("ternary", &t, loc)?;
        self.if_else(
            cond,
            |l| {
                let x = l.expr_as(a, &t)?;
                l.store_mem(var, &[], &t, &x, loc)
            },
            |l| {
                let y = l.expr_as(b, &t)?;
                l.store_mem(var, &[], &t, &y, loc)
            },
        )?;
        self.load_mem(var, &[], &t, loc)
    }

    /// `cond ? x : y` on every leaf.
    pub(crate) fn select_rv(&mut self, cond: Value, x: Rv, y: Rv, loc: Loc) -> R<Rv> {
        match (x, y) {
            (Rv::V(a), Rv::V(b)) => Ok(Rv::V(self.b().select(cond, a, b))),
            (Rv::M(a), Rv::M(b)) => Ok(Rv::M(
                a.into_iter()
                    .zip(b)
                    .map(|(p, q)| self.b().select(cond, p, q))
                    .collect(),
            )),
            (Rv::A(a), Rv::A(b)) if a.len() == b.len() => {
                let mut out = Vec::new();
                for (p, q) in a.into_iter().zip(b) {
                    out.push(self.select_rv(cond, p, q, loc)?);
                }
                Ok(Rv::A(out))
            }
            _ => internal(loc, "selected values differ in shape"),
        }
    }

    /// Whether evaluating `e` has no effect besides its value.
    pub(crate) fn pure(&self, e: ExprId) -> bool {
        let mut stack = vec![e];
        let mut n = 0;
        while let Some(e) = stack.pop() {
            n += 1;
            if n > 10_000 {
                return false;
            }
            let Some(x) = self.tu.exprs.get(e.0 as usize) else {
                return false;
            };
            match &x.kind {
                ExprKind::Assign(..) | ExprKind::CallExpr(..) => return false,
                ExprKind::Unary(op, a) => {
                    if matches!(
                        op,
                        UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec
                    ) {
                        return false;
                    }
                    stack.push(*a);
                }
                ExprKind::Call(name, args) => {
                    match self.info(e).callee {
                        Some(Callee::Builtin(sig)) => {
                            let n = self.name(*name);
                            if sig.params.iter().any(|(_, d)| *d != Dir::In)
                                || sig.ret.is_void()
                                || n.starts_with("atomic")
                                || n.starts_with("image")
                            {
                                return false;
                            }
                        }
                        _ => return false,
                    }
                    stack.extend(args.iter().copied());
                }
                ExprKind::Binary(_, a, b) | ExprKind::Comma(a, b) | ExprKind::Index(a, b) => {
                    stack.push(*a);
                    stack.push(*b);
                }
                ExprKind::Ternary(c, a, b) => stack.extend([*c, *a, *b]),
                ExprKind::Field(a, _) => stack.push(*a),
                ExprKind::Construct(_, args) | ExprKind::Method(_, _, args) => {
                    stack.extend(args.iter().copied())
                }
                _ => {}
            }
        }
        true
    }

    // ---- constructors -----------------------------------------------------------

    fn construct(&mut self, e: ExprId, args: &[ExprId], loc: Loc) -> R<Rv> {
        let t = self.ty_of(e).clone();
        if t.is_array() {
            let et = t.element();
            let mut out = Vec::new();
            for a in args {
                out.push(self.expr_as(*a, &et)?);
            }
            return Ok(Rv::A(out));
        }
        match t.base {
            Base::Struct(i) => {
                let ms = self.struct_members(i, loc)?;
                if ms.len() != args.len() {
                    return internal(loc, "struct constructor arity");
                }
                let mut out = Vec::new();
                for (a, mt) in args.iter().zip(&ms) {
                    out.push(self.expr_as(*a, mt)?);
                }
                Ok(Rv::A(out))
            }
            Base::Num(n) => {
                let mut vals = Vec::new();
                for a in args {
                    if self.ty_of(*a).is_error() {
                        return unsupported(self.loc_of(*a), "subroutines");
                    }
                    let Some(an) = num(self.ty_of(*a)) else {
                        return internal(loc, "constructor argument is not numeric");
                    };
                    let v = self.expr(*a)?;
                    let v = self.convert_num(v, n.s, loc)?;
                    vals.push((v, an));
                }
                self.construct_num(n, vals, loc)
            }
            _ => internal(loc, "constructor of a non-constructible type"),
        }
    }

    fn construct_num(&mut self, n: Num, args: Vec<(Rv, Num)>, loc: Loc) -> R<Rv> {
        let ty = col_ty(n, loc)?;
        let single = args.len() == 1;
        if single && let (Rv::V(x), an) = &args[0] {
            if an.is_scalar() && n.is_matrix() {
                // Diagonal matrix.
                let zero = self.b().splat_const(ty.lane(), 0.0);
                let mut cols = Vec::new();
                for c in 0..n.cols {
                    let lanes: Vec<Value> = (0..n.rows)
                        .map(|r| if r == c { *x } else { zero })
                        .collect();
                    cols.push(self.build(&lanes));
                }
                return Ok(Rv::M(cols));
            }
            if an.is_scalar() {
                return Ok(Rv::V(self.b().splat(*x, n.rows)));
            }
        }
        if single
            && let (Rv::M(src), an) = &args[0]
            && n.is_matrix()
        {
            {
                // Resize: keep the overlap, identity elsewhere.
                let mut cols = Vec::new();
                for c in 0..n.cols {
                    let mut lanes = Vec::new();
                    for r in 0..n.rows {
                        let v = if c < an.cols && r < an.rows {
                            let col = src[c as usize];
                            self.b().lane(col, r)
                        } else {
                            self.b()
                                .splat_const(ty.lane(), if r == c { 1.0 } else { 0.0 })
                        };
                        lanes.push(v);
                    }
                    cols.push(self.build(&lanes));
                }
                return Ok(Rv::M(cols));
            }
        }
        // Consume components in order.
        let mut pieces: std::collections::VecDeque<(Value, u8, u8)> = Default::default();
        for (v, _) in &args {
            let mut ls = Vec::new();
            leaves(v, &mut ls);
            for x in ls {
                let k = self.vty(x).lanes;
                pieces.push_back((x, 0, k));
            }
        }
        let mut cols = Vec::new();
        for _ in 0..n.cols {
            let mut parts = Vec::new();
            let mut need = n.rows;
            while need > 0 {
                let Some((v, start, len)) = pieces.front().copied() else {
                    return internal(loc, "too few constructor components");
                };
                let k = need.min(len - start);
                let part = if start == 0 && k == len {
                    v
                } else if k == 1 {
                    self.b().lane(v, start)
                } else {
                    let idx: Vec<u8> = (start..start + k).collect();
                    self.b().swizzle_idx(v, &idx)
                };
                parts.push(part);
                need -= k;
                if start + k == len {
                    pieces.pop_front();
                } else if let Some(f) = pieces.front_mut() {
                    f.1 = start + k;
                }
            }
            cols.push(if parts.len() == 1 {
                parts[0]
            } else {
                self.b().construct(&parts)
            });
        }
        Ok(if n.is_matrix() {
            Rv::M(cols)
        } else {
            match cols.first() {
                Some(c) => Rv::V(*c),
                None => return internal(loc, "empty constructor"),
            }
        })
    }

    /// A vector from scalars (the scalar itself for one).
    pub(crate) fn build(&mut self, lanes: &[Value]) -> Value {
        if lanes.len() == 1 {
            lanes[0]
        } else {
            self.b().construct(lanes)
        }
    }
}

/// The scalar/vector values of an r-value, in order.
pub(crate) fn leaves(v: &Rv, out: &mut Vec<Value>) {
    match v {
        Rv::V(x) => out.push(*x),
        Rv::M(c) => out.extend(c.iter().copied()),
        Rv::A(elems) => elems.iter().for_each(|e| leaves(e, out)),
        Rv::Tex(_) | Rv::Void => {}
    }
}

/// The value of samplers (images) `ts` of GLSL type `t`: one, an array of
/// them, or for an array of arrays (ARB_arrays_of_arrays) an array of the
/// inner arrays, `ts` holding the elements row-major.
fn tex_rv(ts: &[u32], t: &SemaType) -> Rv {
    let Some(outer) = t.dims.first() else {
        return ts.first().map_or(Rv::Void, |&x| Rv::Tex(x));
    };
    if t.dims.len() == 1 {
        return Rv::A(ts.iter().map(|&x| Rv::Tex(x)).collect());
    }
    let n = outer.unwrap_or(1).max(1) as usize;
    let inner = (ts.len() / n).max(1);
    let et = t.element();
    Rv::A(ts.chunks(inner).map(|c| tex_rv(c, &et)).collect())
}
