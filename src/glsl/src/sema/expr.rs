//! Expressions: the type, constant value and l-value-ness of each one, with
//! GLSL's operator rules (GLSL 4.60 §5).
//!
//! An expression tree is walked in post-order with an explicit work stack
//! (a 262,144-operand sum is a left-deep tree as deep as it is long); each
//! node's value is computed from its operands' values, which sit on a value
//! stack. Array sizes inside constructor type specifiers recurse, bounded by
//! the parser's nesting limit.

use super::Checker;
use super::consts::{self, Const, Cv};
use super::types::{Base, Num, Scalar, Type};
use crate::ast::{BinOp, ExprId, ExprKind, UnOp};
use crate::diag::Loc;
use crate::extensions::Ext;
use crate::names::Sym;

/// Whether and how an expression may be assigned to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lv {
    /// Not an l-value.
    No,
    /// Designates (part of) this variable.
    Var(u32),
    /// A swizzle that repeats a component.
    Dup,
}

/// An expression's value: type, constant value (`None`: not constant),
/// l-value-ness.
#[derive(Clone, Debug)]
pub(super) struct Val {
    pub ty: Type,
    pub k: Option<Const>,
    pub lv: Lv,
}

impl Val {
    pub(super) fn error() -> Val {
        Val::rv(Type::ERROR, Some(Const::Unknown))
    }

    pub(super) fn rv(ty: Type, k: Option<Const>) -> Val {
        Val { ty, k, lv: Lv::No }
    }
}

/// Combines the constness of operands: all must be constant; any unknown
/// makes the result unknown.
pub(super) fn both(a: &Option<Const>, b: &Option<Const>) -> Option<Option<(Vec<Cv>, Vec<Cv>)>> {
    match (a, b) {
        (Some(Const::Known(x)), Some(Const::Known(y))) => Some(Some((x.clone(), y.clone()))),
        (Some(_), Some(_)) => Some(None),
        _ => None,
    }
}

fn known(v: Option<Vec<Cv>>) -> Const {
    v.map_or(Const::Unknown, Const::Known)
}

enum Work {
    Visit(ExprId),
    Done(ExprId),
}

impl Checker<'_> {
    /// The value of expression `root`, reporting errors in it.
    pub(super) fn expr(&mut self, root: ExprId) -> Val {
        let tu = self.tu;
        let mut work = vec![Work::Visit(root)];
        let mut vals: Vec<Val> = Vec::new();
        while let Some(w) = work.pop() {
            match w {
                Work::Visit(id) => {
                    let e = tu.expr(id);
                    let kids: Vec<ExprId> = match &e.kind {
                        ExprKind::Unary(_, a) | ExprKind::Field(a, _) => vec![*a],
                        ExprKind::Binary(_, a, b)
                        | ExprKind::Assign(_, a, b)
                        | ExprKind::Comma(a, b)
                        | ExprKind::Index(a, b) => vec![*a, *b],
                        ExprKind::Ternary(c, a, b) => vec![*c, *a, *b],
                        ExprKind::Call(_, args) | ExprKind::Construct(_, args) => args.clone(),
                        ExprKind::CallExpr(f, args) | ExprKind::Method(f, _, args) => {
                            let mut v = vec![*f];
                            v.extend(args.iter().copied());
                            v
                        }
                        _ => {
                            let v = self.leaf(id);
                            let var = match (&e.kind, v.lv) {
                                (ExprKind::Ident(_), Lv::Var(x)) => Some(x),
                                _ => None,
                            };
                            self.rec.last_callee = None;
                            self.record(id, &v, var);
                            vals.push(v);
                            continue;
                        }
                    };
                    work.push(Work::Done(id));
                    work.extend(kids.into_iter().rev().map(Work::Visit));
                }
                Work::Done(id) => {
                    let e = tu.expr(id);
                    let n = match &e.kind {
                        ExprKind::Unary(..) | ExprKind::Field(..) => 1,
                        ExprKind::Ternary(..) => 3,
                        ExprKind::Call(_, a) | ExprKind::Construct(_, a) => a.len(),
                        ExprKind::CallExpr(_, a) | ExprKind::Method(_, _, a) => a.len() + 1,
                        _ => 2,
                    };
                    let at = vals.len().saturating_sub(n);
                    let args = vals.split_off(at);
                    self.rec.last_callee = None;
                    let v = self.finish(id, args);
                    self.record(id, &v, None);
                    vals.push(v);
                }
            }
        }
        let v = vals.pop().unwrap_or_else(Val::error);
        // The expression's own value is read where it is used (an
        // initializer, a condition, a return value, an argument).
        if !matches!(tu.expr(root).kind, ExprKind::Assign(..)) {
            let loc = tu.expr(root).loc;
            self.check_not_writeonly(v.lv, loc);
        }
        v
    }

    fn leaf(&mut self, id: ExprId) -> Val {
        let e = self.tu.expr(id);
        let lit = |ty: Type, c: Cv| Val::rv(ty, Some(Const::Known(vec![c])));
        match &e.kind {
            ExprKind::Int(v) => lit(Type::INT, Cv::I(*v as i32)),
            ExprKind::Uint(v) => lit(Type::UINT, Cv::U(*v)),
            ExprKind::Int64(v) => lit(Type::num(Num::scalar(Scalar::Int64)), Cv::I64(*v as i64)),
            ExprKind::Uint64(v) => lit(Type::num(Num::scalar(Scalar::Uint64)), Cv::U64(*v)),
            ExprKind::Float(v) => lit(Type::FLOAT, Cv::F(*v)),
            ExprKind::Double(v) => lit(Type::num(Num::scalar(Scalar::Double)), Cv::D(*v)),
            ExprKind::Bool(b) => lit(Type::BOOL, Cv::B(*b)),
            ExprKind::Ident(s) => self.ident(*s, e.loc),
            _ => Val::error(),
        }
    }

    fn ident(&mut self, s: Sym, loc: Loc) -> Val {
        match self.lookup_var(s) {
            Some(Ok(id)) => {
                // A member of gl_PerVertex used: a later redeclaration of
                // the block is an error.
                if self.vars[id as usize].builtin {
                    match self.name(s) {
                        "gl_in" => self.per_vertex_used.0 = true,
                        "gl_out" => self.per_vertex_used.1 = true,
                        "gl_Position" | "gl_PointSize" | "gl_ClipDistance" | "gl_ClipVertex" => {
                            self.per_vertex_used.1 = true;
                        }
                        "gl_FragCoord" => self.frag_coord.0 = true,
                        "gl_FragDepth" => self.frag_depth.0 = true,
                        // ARB_compute_shader: a constant of the local size
                        // declared before it (Mesa's words otherwise).
                        "gl_WorkGroupSize" => {
                            let size = self.layout.local_size;
                            if size.iter().all(Option::is_none) {
                                self.error(
                                    loc,
                                    "gl_WorkGroupSize cannot be used before a fixed local \
                                     group size has been declared",
                                );
                            } else {
                                let k = Const::Known(
                                    size.iter()
                                        .map(|x| Cv::U(x.unwrap_or(1).clamp(0, 1 << 16) as u32))
                                        .collect(),
                                );
                                self.vars[id as usize].konst = Some(k);
                            }
                        }
                        _ => {}
                    }
                }
                let v = &self.vars[id as usize];
                Val {
                    ty: v.ty.clone(),
                    k: v.konst.clone(),
                    lv: Lv::Var(id),
                }
            }
            Some(Err(super::scope::Symbol::Type(_))) => {
                let msg = format!("type `{}' used as a variable", self.name(s));
                self.error(loc, msg);
                Val::error()
            }
            Some(Err(_)) => {
                let msg = format!("function `{}' used as a variable", self.name(s));
                self.error(loc, msg);
                Val::error()
            }
            None => {
                let msg = format!("`{}' undeclared", self.name(s));
                self.error(loc, msg);
                Val::error()
            }
        }
    }

    fn finish(&mut self, id: ExprId, mut args: Vec<Val>) -> Val {
        let e = self.tu.expr(id);
        let loc = e.loc;
        // Which operands this expression reads: a `writeonly` buffer
        // variable must not be (GLSL 4.30 §4.10). An index or field
        // selection passes its base on; `=` writes its left side; a
        // memory atomic and `length()` read no value.
        let reads: Vec<bool> = match &e.kind {
            ExprKind::Field(..) | ExprKind::Comma(..) | ExprKind::Method(..) => Vec::new(),
            ExprKind::Index(..) => vec![false, true],
            ExprKind::Assign(op, _, _) => vec![op.is_some(), true],
            ExprKind::Call(n, _) if self.name(*n).starts_with("atomic") => {
                let mut r = vec![true; args.len()];
                if let Some(first) = r.first_mut() {
                    *first = false;
                }
                r
            }
            _ => vec![true; args.len()],
        };
        for (a, read) in args.iter().zip(reads) {
            if read {
                self.check_not_writeonly(a.lv, loc);
            }
        }
        if args.is_empty() && !matches!(e.kind, ExprKind::Call(..) | ExprKind::Construct(..)) {
            return Val::error();
        }
        match &e.kind {
            ExprKind::Unary(op, _) => self.unary(*op, args.swap_remove(0), loc),
            ExprKind::Binary(op, _, _) => {
                let b = args.pop().unwrap_or_else(Val::error);
                let a = args.pop().unwrap_or_else(Val::error);
                self.binary(*op, &a, &b, loc)
            }
            ExprKind::Assign(op, lhs, _) => {
                let b = args.pop().unwrap_or_else(Val::error);
                let a = args.pop().unwrap_or_else(Val::error);
                if self.env.stage == crate::Stage::TessControl && !a.ty.is_error() {
                    self.check_control_output_index(*lhs, a.lv);
                }
                self.assign(*op, a, b, loc)
            }
            ExprKind::Ternary(..) => {
                let b = args.pop().unwrap_or_else(Val::error);
                let a = args.pop().unwrap_or_else(Val::error);
                let c = args.pop().unwrap_or_else(Val::error);
                self.ternary(c, a, b, loc)
            }
            ExprKind::Comma(..) => {
                let b = args.pop().unwrap_or_else(Val::error);
                let a = args.pop().unwrap_or_else(Val::error);
                // Mesa folds a sequence of constants to a constant, but
                // GLSL ES 3.00 §4.3.3 leaves the sequence operator out of
                // constant expressions.
                let k = if self.is_es() && self.at_least(0, 300) {
                    None
                } else {
                    both(&a.k, &b.k).and(b.k)
                };
                Val::rv(b.ty, k)
            }
            ExprKind::Index(_, idx) => {
                let i = args.pop().unwrap_or_else(Val::error);
                let a = args.pop().unwrap_or_else(Val::error);
                let iloc = self.tu.expr(*idx).loc;
                self.index(a, i, loc, iloc)
            }
            ExprKind::Field(_, name) => self.field(args.swap_remove(0), *name, loc),
            ExprKind::Call(name, ids) => {
                // (A user function named `barrier` hides the built-in.)
                if self.env.stage == crate::Stage::TessControl
                    && self.name(*name) == "barrier"
                    && !self.funcs_by_name.contains_key(name)
                {
                    self.check_control_barrier(loc);
                }
                self.call(*name, args, ids, loc)
            }
            ExprKind::Construct(spec, _) => self.construct(spec, args, loc),
            ExprKind::Method(_, name, _) => {
                let obj = args.remove(0);
                self.method(obj, *name, &args, loc)
            }
            ExprKind::CallExpr(_, ids) => {
                // `u[i](...)`: through an element of a subroutine uniform array.
                let f = if args.is_empty() {
                    Val::error()
                } else {
                    args.remove(0)
                };
                if f.ty.is_error() {
                    return Val::error();
                }
                let t = f.ty.clone();
                self.subroutine_call(&t, None, &args, ids, loc)
            }
            _ => Val::error(),
        }
    }

    // ---- operators -----------------------------------------------------------

    /// The common scalar kind of two operands after implicit conversion.
    fn common(&self, a: Num, b: Num) -> Option<Scalar> {
        if a.s == b.s {
            Some(a.s)
        } else if self.conv.scalar(a.s, b.s, a.is_matrix()) {
            Some(b.s)
        } else if self.conv.scalar(b.s, a.s, b.is_matrix()) {
            Some(a.s)
        } else {
            None
        }
    }

    fn unary(&mut self, op: UnOp, a: Val, loc: Loc) -> Val {
        if a.ty.is_error() {
            return Val::error();
        }
        let n = a.ty.as_num();
        let fold = |k: &Option<Const>| {
            k.as_ref().map(|k| match k {
                Const::Known(v) => known(consts::unary(op, v)),
                Const::Unknown => Const::Unknown,
            })
        };
        match op {
            UnOp::Plus | UnOp::Neg => match n {
                Some(n) if n.s != Scalar::Bool => Val::rv(a.ty.clone(), fold(&a.k)),
                _ => {
                    self.error(loc, "operand of unary arithmetic operator must be numeric");
                    Val::error()
                }
            },
            UnOp::Not => {
                if a.ty.is_bool_scalar() {
                    Val::rv(Type::BOOL, fold(&a.k))
                } else {
                    self.error(loc, "operand of `!' must be a scalar boolean");
                    Val::error()
                }
            }
            UnOp::BitNot => {
                if !self.has_integer_ops() {
                    self.error(loc, "operator `~' is reserved in this version");
                    return Val::error();
                }
                match n {
                    Some(n) if n.s.is_integer() && !n.is_matrix() => {
                        Val::rv(a.ty.clone(), fold(&a.k))
                    }
                    _ => {
                        self.error(loc, "operand of `~' must be an integer");
                        Val::error()
                    }
                }
            }
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                match n {
                    Some(n) if n.s != Scalar::Bool => {}
                    _ => {
                        self.error(loc, "operand of `++'/`--' must be numeric");
                        return Val::error();
                    }
                }
                self.check_lvalue(a.lv, loc, "increment/decrement");
                Val::rv(a.ty, None)
            }
        }
    }

    /// The result type of `a op b` for arithmetic operators, or why not.
    fn arith(&self, op: BinOp, a: Num, b: Num) -> Result<Num, &'static str> {
        if a.s == Scalar::Bool || b.s == Scalar::Bool {
            return Err("operands to arithmetic operators must be numeric");
        }
        let Some(s) = self.common(a, b) else {
            return Err("operands to arithmetic operators must have matching types");
        };
        let (a, b) = (a.with_scalar(s), b.with_scalar(s));
        if a.is_scalar() {
            return Ok(b);
        }
        if b.is_scalar() {
            return Ok(a);
        }
        if op == BinOp::Mul && (a.is_matrix() || b.is_matrix()) {
            // Linear-algebraic multiply.
            if a.is_matrix() && b.is_matrix() {
                return if a.cols == b.rows {
                    Ok(Num::new(s, a.rows, b.cols))
                } else {
                    Err("matrix dimensions do not match for multiplication")
                };
            }
            if a.is_matrix() {
                return if a.cols == b.rows {
                    Ok(Num::vec(s, a.rows))
                } else {
                    Err("matrix and vector sizes do not match for multiplication")
                };
            }
            return if a.rows == b.rows {
                Ok(Num::vec(s, b.cols))
            } else {
                Err("vector and matrix sizes do not match for multiplication")
            };
        }
        if a.rows == b.rows && a.cols == b.cols {
            Ok(a)
        } else {
            Err("operands of arithmetic operator have mismatched sizes")
        }
    }

    pub(super) fn binary(&mut self, op: BinOp, a: &Val, b: &Val, loc: Loc) -> Val {
        use BinOp::*;
        if a.ty.is_error() || b.ty.is_error() {
            return Val::error();
        }
        let fold = |s: Scalar| -> Option<Const> {
            both(&a.k, &b.k).map(|kv| match kv {
                Some((x, y)) => known(consts::binary(op, &x, &y, s)),
                None => Const::Unknown,
            })
        };
        let integer_op = matches!(op, Mod | Shl | Shr | BitAnd | BitOr | BitXor);
        if integer_op && !self.has_integer_ops() {
            let msg = format!("operator `{}' is reserved in this version", op_str(op));
            self.error(loc, msg);
            return Val::error();
        }
        let (an, bn) = (a.ty.as_num(), b.ty.as_num());
        match op {
            Add | Sub | Mul | Div => {
                let (Some(x), Some(y)) = (an, bn) else {
                    self.error(loc, "operands to arithmetic operators must be numeric");
                    return Val::error();
                };
                match self.arith(op, x, y) {
                    Ok(r) => {
                        let k = if op == Mul && x.is_matrix() && !y.is_scalar()
                            || op == Mul && y.is_matrix() && !x.is_scalar()
                        {
                            both(&a.k, &b.k).map(|_| Const::Unknown)
                        } else {
                            fold(r.s)
                        };
                        Val::rv(Type::num(r), k)
                    }
                    Err(m) => {
                        self.error(loc, m);
                        Val::error()
                    }
                }
            }
            Mod | BitAnd | BitOr | BitXor => {
                let (Some(x), Some(y)) = (an, bn) else {
                    let msg = format!("operands of `{}' must be integers", op_str(op));
                    self.error(loc, msg);
                    return Val::error();
                };
                if !x.s.is_integer() || !y.s.is_integer() {
                    let msg = format!("operands of `{}' must be integers", op_str(op));
                    self.error(loc, msg);
                    return Val::error();
                }
                match self.arith(op, x, y) {
                    Ok(r) => Val::rv(Type::num(r), fold(r.s)),
                    Err(_) => {
                        let msg = format!("operands of `{}' have mismatched types", op_str(op));
                        self.error(loc, msg);
                        Val::error()
                    }
                }
            }
            Shl | Shr => {
                let (Some(x), Some(y)) = (an, bn) else {
                    self.error(loc, "operands of shift operators must be integers");
                    return Val::error();
                };
                if !x.s.is_integer() || !y.s.is_integer() || x.is_matrix() || y.is_matrix() {
                    self.error(loc, "operands of shift operators must be integers");
                    return Val::error();
                }
                if x.is_scalar() && !y.is_scalar() {
                    self.error(
                        loc,
                        "if the first operand of a shift is scalar, the second must be too",
                    );
                    return Val::error();
                }
                if !y.is_scalar() && y.rows != x.rows {
                    self.error(loc, "vector operands of a shift must have the same size");
                    return Val::error();
                }
                Val::rv(a.ty.clone(), fold(x.s))
            }
            Lt | Gt | Le | Ge => {
                let ok = match (an, bn) {
                    (Some(x), Some(y)) => {
                        x.is_scalar() && y.is_scalar() && x.s != Scalar::Bool && y.s != Scalar::Bool
                    }
                    _ => false,
                };
                let s = match (an, bn) {
                    (Some(x), Some(y)) if ok => self.common(x, y),
                    _ => None,
                };
                match s {
                    Some(s) => Val::rv(Type::BOOL, fold(s)),
                    None => {
                        self.error(
                            loc,
                            "operands of relational operators must be scalar and numeric",
                        );
                        Val::error()
                    }
                }
            }
            Eq | Ne => {
                if a.ty.is_void() || b.ty.is_void() {
                    self.error(loc, "operands of equality operators cannot be void");
                    return Val::error();
                }
                let same = if let (Some(x), Some(y)) = (an, bn) {
                    self.common(x, y)
                        .filter(|_| x.rows == y.rows && x.cols == y.cols)
                        .map(Some)
                } else if a.ty == b.ty {
                    Some(None)
                } else {
                    None
                };
                let Some(s) = same else {
                    self.error(
                        loc,
                        "operands of equality operators must have the same type",
                    );
                    return Val::error();
                };
                if self.contains(&a.ty, &|t| t.is_opaque()) {
                    self.error(loc, "opaque types cannot be compared");
                    return Val::error();
                }
                if a.ty.is_array() && !self.at_least(120, 300) {
                    self.error(loc, "arrays cannot be compared in this version");
                    return Val::error();
                }
                let k = both(&a.k, &b.k).map(|kv| match kv {
                    Some((x, y)) => {
                        let eq = consts::equal(&x, &y, s);
                        Const::Known(vec![Cv::B(if op == Eq { eq } else { !eq })])
                    }
                    None => Const::Unknown,
                });
                Val::rv(Type::BOOL, k)
            }
            LogicalAnd | LogicalOr | LogicalXor => {
                if !a.ty.is_bool_scalar() || !b.ty.is_bool_scalar() {
                    let msg = format!("operands of `{}' must be scalar booleans", op_str(op));
                    self.error(loc, msg);
                    return Val::error();
                }
                Val::rv(Type::BOOL, fold(Scalar::Bool))
            }
        }
    }

    /// A read of `lv`: an error if it is a `writeonly` variable other
    /// than an image (whose writeonly rules are its functions').
    pub(super) fn check_not_writeonly(&mut self, lv: Lv, loc: Loc) {
        if let Lv::Var(id) = lv {
            let v = &self.vars[id as usize];
            if v.memory.contains(&crate::ast::Memory::Writeonly) && !v.ty.is_opaque() {
                self.error(loc, "cannot read from a writeonly variable");
            }
        }
    }

    pub(super) fn check_lvalue(&mut self, lv: Lv, loc: Loc, what: &str) -> bool {
        match lv {
            Lv::No => {
                let msg = format!("{what}: operand is not an l-value");
                self.error(loc, msg);
                false
            }
            Lv::Dup => {
                let msg = format!("{what}: swizzle with repeated components is not an l-value");
                self.error(loc, msg);
                false
            }
            Lv::Var(id) => {
                let v = &self.vars[id as usize];
                let why = v.read_only.or_else(|| {
                    (v.memory.contains(&crate::ast::Memory::Readonly) && !v.ty.is_opaque())
                        .then_some("readonly variable")
                });
                if let Some(why) = why {
                    let msg = format!("{what}: cannot write to a {why}");
                    self.error(loc, msg);
                    false
                } else {
                    self.assigned.entry(id).or_insert(loc);
                    true
                }
            }
        }
    }

    /// GLSL 4.00 §4.3.6: a tessellation control shader writes its
    /// per-vertex outputs only at `gl_InvocationID`. As Mesa, the index
    /// nearest the variable must be that built-in itself (Mesa's words
    /// for the error).
    fn check_control_output_index(&mut self, lhs: ExprId, lv: Lv) {
        let Lv::Var(id) = lv else { return };
        let v = &self.vars[id as usize];
        if v.storage != super::scope::Storage::Out || v.patch {
            return;
        }
        let mut innermost = None;
        let mut e = lhs;
        loop {
            match &self.tu.expr(e).kind {
                ExprKind::Index(a, i) => {
                    innermost = Some(*i);
                    e = *a;
                }
                ExprKind::Field(a, _) => e = *a,
                _ => break,
            }
        }
        let by_invocation = innermost.is_some_and(|i| {
            matches!(self.tu.expr(i).kind, ExprKind::Ident(s) if self.name(s) == "gl_InvocationID")
        });
        if !by_invocation {
            let loc = self.tu.expr(lhs).loc;
            self.error(
                loc,
                "Tessellation control shader outputs can only be indexed by gl_InvocationID",
            );
        }
    }

    /// GLSL 4.00 §8.15: a tessellation control shader's `barrier()` is
    /// in `main`, outside control flow and before any `return` (Mesa's
    /// words).
    fn check_control_barrier(&mut self, loc: Loc) {
        let (main, depth, returned) = self.cur_fn.as_ref().map_or((false, 0, false), |f| {
            (f.is_main, f.control_depth, f.returned)
        });
        if !main {
            self.error(loc, "barrier() may only be used in main");
        }
        if returned {
            self.error(loc, "barrier() may not be used after return");
        }
        if depth > 0 {
            self.error(loc, "barrier() may not be used in control flow");
        }
    }

    fn assign(&mut self, op: Option<BinOp>, l: Val, r: Val, loc: Loc) -> Val {
        if l.ty.is_error() || r.ty.is_error() {
            if !l.ty.is_error() {
                self.check_lvalue(l.lv, loc, "assignment");
            }
            return Val::rv(l.ty, None);
        }
        if !self.check_lvalue(l.lv, loc, "assignment") {
            return Val::rv(l.ty, None);
        }
        if l.ty.is_array() && !self.at_least(120, 300) {
            self.error(loc, "arrays cannot be assigned in this version");
            return Val::rv(l.ty, None);
        }
        if l.ty.dims.first() == Some(&None) {
            self.error(loc, "implicitly sized arrays cannot be assigned");
            return Val::rv(l.ty, None);
        }
        if self.contains(&l.ty, &|t| t.is_opaque()) {
            self.error(loc, "opaque variables cannot be assigned");
            return Val::rv(l.ty, None);
        }
        let rt = match op {
            None => r.ty.clone(),
            Some(op) => {
                let lv = Val::rv(l.ty.clone(), None);
                let v = self.binary(op, &lv, &r, loc);
                if v.ty.is_error() {
                    return Val::rv(l.ty, None);
                }
                v.ty
            }
        };
        if !self.conv.can_convert(&rt, &l.ty) {
            let msg = format!(
                "cannot assign a value of type {} to a variable of type {}",
                self.type_name(&rt),
                self.type_name(&l.ty)
            );
            self.error(loc, msg);
        }
        Val::rv(l.ty, None)
    }

    fn ternary(&mut self, c: Val, a: Val, b: Val, loc: Loc) -> Val {
        if !c.ty.is_error() && !c.ty.is_bool_scalar() {
            self.error(loc, "the condition of `?:' must be a scalar boolean");
        }
        if a.ty.is_error() || b.ty.is_error() {
            return Val::error();
        }
        let ty = if a.ty == b.ty {
            a.ty.clone()
        } else if self.conv.can_convert(&a.ty, &b.ty) {
            b.ty.clone()
        } else if self.conv.can_convert(&b.ty, &a.ty) {
            a.ty.clone()
        } else {
            self.error(
                loc,
                "the second and third operands of `?:' must have the same type",
            );
            return Val::error();
        };
        if ty.is_array() && !self.at_least(120, 300) {
            self.error(loc, "`?:' cannot select arrays in this version");
        }
        if self.contains(&ty, &|t| t.is_opaque()) {
            self.error(loc, "`?:' cannot select opaque values");
        }
        let k = match (&c.k, &a.k, &b.k) {
            (Some(Const::Known(cv)), Some(x), Some(y)) => {
                let pick = if cv.first() == Some(&Cv::B(true)) {
                    x
                } else {
                    y
                };
                Some(match (pick, ty.as_num()) {
                    (Const::Known(v), Some(n)) => {
                        Const::Known(v.iter().map(|c| c.convert(n.s)).collect())
                    }
                    (k, _) => k.clone(),
                })
            }
            (Some(_), Some(_), Some(_)) => Some(Const::Unknown),
            _ => None,
        };
        Val::rv(ty, k)
    }

    fn index(&mut self, a: Val, i: Val, loc: Loc, iloc: Loc) -> Val {
        if a.ty.is_error() {
            return Val::error();
        }
        if !i.ty.is_error() && !i.ty.is_scalar_of(|s| s.is_integer()) {
            self.error(iloc, "array index must be an integer scalar");
        }
        let idx = i.k.as_ref().and_then(Const::int);
        let (elem, size) = if a.ty.is_array() {
            (a.ty.element(), a.ty.dims[0])
        } else if let Some(n) = a.ty.as_num() {
            if n.is_matrix() {
                (Type::num(Num::vec(n.s, n.rows)), Some(u32::from(n.cols)))
            } else if n.is_vector() {
                (Type::num(Num::scalar(n.s)), Some(u32::from(n.rows)))
            } else {
                self.error(loc, "cannot index a scalar");
                return Val::error();
            }
        } else {
            let msg = format!("cannot index a value of type {}", self.type_name(&a.ty));
            self.error(loc, msg);
            return Val::error();
        };
        // The variable itself is indexed (not an element of it).
        let whole_var = match a.lv {
            Lv::Var(v) if a.ty.is_array() && size.is_none() => {
                let var = &self.vars[v as usize];
                (a.ty.dims.len() == var.ty.dims.len()).then_some(v)
            }
            _ => None,
        };
        let max_size = whole_var.and_then(|v| self.vars[v as usize].max_size);
        if let Some(ix) = idx {
            if ix < 0 {
                self.error(iloc, "array index out of bounds (negative)");
            } else if let Some(n) = size.or(max_size)
                && ix >= i64::from(n)
            {
                let msg = format!("array index {ix} out of bounds (size {n})");
                self.error(iloc, msg);
            } else if let Some(v) = whole_var {
                let var = &mut self.vars[v as usize];
                var.max_index = Some(var.max_index.map_or(ix, |m| m.max(ix)));
            }
        } else if !i.ty.is_error() && i.k.is_none() {
            if max_size.is_some() {
                self.error(
                    loc,
                    "implicitly sized built-in array index must be a constant expression",
                );
            }
            if a.ty.is_array()
                && size.is_none()
                && let Lv::Var(v) = a.lv
            {
                {
                    let var = &self.vars[v as usize];
                    // An unsized buffer block member other than the last
                    // is implicitly sized too.
                    let implicit = !var.builtin
                        && matches!(
                            var.storage,
                            super::scope::Storage::Plain
                                | super::scope::Storage::Uniform
                                | super::scope::Storage::Const
                        )
                        && a.ty.dims.len() == var.ty.dims.len();
                    if implicit || self.implicit_buffer_members.contains(&v) {
                        self.error(loc, "unsized array index must be a constant expression");
                    }
                }
            }
            // GLSL 1.30 §4.1.7: sampler arrays take only constant indices
            // (dynamically uniform ones from GLSL 4.00).
            if a.ty.is_array()
                && super::builtins::is_sampler(&elem)
                && self.at_least(130, 300)
                && !(self.at_least(400, 320)
                    || self.has_any(&[
                        Ext::ARB_gpu_shader5,
                        Ext::EXT_gpu_shader5,
                        Ext::OES_gpu_shader5,
                    ]))
            {
                self.error(
                    loc,
                    "sampler arrays indexed with non-constant expressions are forbidden in this version",
                );
            }
        }
        let k = match (&a.k, &i.k) {
            (Some(Const::Known(v)), Some(Const::Known(_))) => {
                let w = self.comp_count(&elem);
                Some(match idx {
                    Some(ix) if ix >= 0 => {
                        let s = (ix as usize).saturating_mul(w);
                        v.get(s..s.saturating_add(w))
                            .map_or(Const::Unknown, |c| Const::Known(c.to_vec()))
                    }
                    _ => Const::Unknown,
                })
            }
            (Some(_), Some(_)) => Some(Const::Unknown),
            _ => None,
        };
        Val {
            ty: elem,
            k,
            lv: a.lv,
        }
    }

    fn field(&mut self, a: Val, name: Sym, loc: Loc) -> Val {
        if a.ty.is_error() {
            return Val::error();
        }
        let n = self.name(name);
        if a.ty.is_array() {
            let msg = format!("cannot select field `{n}' of an array");
            self.error(loc, msg);
            return Val::error();
        }
        match a.ty.base {
            Base::Struct(i) => {
                let Some(s) = self.structs.get(i as usize) else {
                    return Val::error();
                };
                let mut off = 0usize;
                let mut found = None;
                for (m, t) in &s.members {
                    if *m == name {
                        found = Some(t.clone());
                        break;
                    }
                    off += self.comp_count(t);
                }
                let Some(t) = found else {
                    let msg = format!("no field `{n}' in struct");
                    self.error(loc, msg);
                    return Val::error();
                };
                let w = self.comp_count(&t);
                let k = a.k.map(|k| match k {
                    Const::Known(v) => v
                        .get(off..off.saturating_add(w))
                        .map_or(Const::Unknown, |c| Const::Known(c.to_vec())),
                    Const::Unknown => Const::Unknown,
                });
                Val { ty: t, k, lv: a.lv }
            }
            Base::Num(num) if !num.is_matrix() => {
                if num.is_scalar() && !self.has_420pack() {
                    self.error(loc, "cannot swizzle a scalar in this version");
                    return Val::error();
                }
                let Some(idx) = swizzle(n, num.rows) else {
                    let msg = format!("invalid swizzle `{n}'");
                    self.error(loc, msg);
                    return Val::error();
                };
                let dup = idx.iter().enumerate().any(|(i, x)| idx[..i].contains(x));
                let ty = if idx.len() == 1 {
                    Type::num(Num::scalar(num.s))
                } else {
                    Type::num(Num::vec(num.s, idx.len() as u8))
                };
                let k = a.k.map(|k| match k {
                    Const::Known(v) => idx
                        .iter()
                        .map(|&i| v.get(i as usize).copied())
                        .collect::<Option<Vec<_>>>()
                        .map_or(Const::Unknown, Const::Known),
                    Const::Unknown => Const::Unknown,
                });
                let lv = match (a.lv, dup) {
                    (Lv::No, _) => Lv::No,
                    (_, true) => Lv::Dup,
                    (l, false) => l,
                };
                Val { ty, k, lv }
            }
            _ => {
                let msg = format!(
                    "cannot select field `{n}' of a value of type {}",
                    self.type_name(&a.ty)
                );
                self.error(loc, msg);
                Val::error()
            }
        }
    }

    fn method(&mut self, obj: Val, name: Sym, args: &[Val], loc: Loc) -> Val {
        if self.name(name) != "length" {
            let msg = format!("unknown method `{}'", self.name(name));
            self.error(loc, msg);
            return Val::error();
        }
        if !args.is_empty() {
            self.error(loc, "length() takes no arguments");
        }
        if obj.ty.is_error() {
            return Val::error();
        }
        if obj.ty.is_array() {
            if !self.at_least(120, 300) {
                self.error(loc, "length() requires GLSL 1.20");
            }
            return match obj.ty.dims[0] {
                Some(n) => Val::rv(Type::INT, Some(Const::Known(vec![Cv::I(n as i32)]))),
                None => {
                    // Runtime-sized buffer arrays, and stage inputs and
                    // outputs sized by layout, have a length.
                    let storage = match obj.lv {
                        Lv::Var(v) => Some(self.vars[v as usize].storage),
                        _ => None,
                    };
                    let implicit_builtin = matches!(obj.lv, Lv::Var(v)
                        if self.vars[v as usize].max_size.is_some());
                    // Tessellation patch arrays have no implicit size, and
                    // control outputs none before `layout(vertices)`.
                    let unsized_tess = match obj.lv {
                        Lv::Var(v) => {
                            let var = &self.vars[v as usize];
                            let control_out = self.env.stage == crate::Stage::TessControl
                                && var.storage == super::scope::Storage::Out;
                            var.patch || (control_out && self.layout.vertices.is_none())
                        }
                        _ => false,
                    };
                    let has_ssbo =
                        self.at_least(430, 310) || self.has(Ext::ARB_shader_storage_buffer_object);
                    match storage {
                        Some(super::scope::Storage::Buffer) => Val::rv(Type::INT, None),
                        _ if unsized_tess => {
                            self.error(loc, "length() called on an unsized array");
                            Val::rv(Type::INT, Some(Const::Unknown))
                        }
                        Some(super::scope::Storage::In | super::scope::Storage::Out)
                            if !implicit_builtin =>
                        {
                            Val::rv(Type::INT, Some(Const::Unknown))
                        }
                        // With SSBOs Mesa takes other unsized arrays as
                        // runtime-sized.
                        _ if has_ssbo && !implicit_builtin => Val::rv(Type::INT, None),
                        _ => {
                            self.error(loc, "length() called on an implicitly sized array");
                            Val::rv(Type::INT, None)
                        }
                    }
                }
            };
        }
        match obj.ty.as_num() {
            Some(n) if !n.is_scalar() && self.has_420pack() => {
                let len = if n.is_matrix() { n.cols } else { n.rows };
                Val::rv(Type::INT, Some(Const::Known(vec![Cv::I(i32::from(len))])))
            }
            _ => {
                self.error(loc, "length() called on a value that is not an array");
                Val::error()
            }
        }
    }
}

/// The component indices of swizzle `s` on a vector of `size` components.
pub(crate) fn swizzle(s: &str, size: u8) -> Option<Vec<u8>> {
    const SETS: [&str; 3] = ["xyzw", "rgba", "stpq"];
    if s.is_empty() || s.len() > 4 {
        return None;
    }
    let first = s.chars().next()?;
    let set = SETS.iter().find(|set| set.contains(first))?;
    s.chars()
        .map(|c| {
            let i = set.find(c)? as u8;
            (i < size.max(1)).then_some(i)
        })
        .collect()
}

pub(super) fn op_str(op: BinOp) -> &'static str {
    use BinOp::*;
    match op {
        Mul => "*",
        Div => "/",
        Mod => "%",
        Add => "+",
        Sub => "-",
        Shl => "<<",
        Shr => ">>",
        Lt => "<",
        Gt => ">",
        Le => "<=",
        Ge => ">=",
        Eq => "==",
        Ne => "!=",
        BitAnd => "&",
        BitXor => "^",
        BitOr => "|",
        LogicalAnd => "&&",
        LogicalOr => "||",
        LogicalXor => "^^",
    }
}
