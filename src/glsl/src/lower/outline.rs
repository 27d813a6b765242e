//! User functions kept as IR functions. Lowering inlines every call
//! (`call.rs`), which is what lets `out` parameters, samplers and
//! aggregates need nothing from the IR; but a call tree can be exponential:
//! piglit's `glsl-fs-inline-explosion` has `f0` call `f1` twice, `f1` call
//! `f2` twice, ... down to `f64`, 2^64 leaves, behind a branch that is never
//! taken. Inlining it cannot finish.
//!
//! So a function whose inlined cost ([`Lower::inline_cost`]: its statements
//! and expressions, each call counting its callee's cost) exceeds
//! [`OUTLINE_COST`] is lowered once, as an IR function, and called, when
//! its signature fits the IR's (`in` parameters and a result of scalars and
//! vectors). Its callees are decided the same way, so the cheap leaves of
//! such a tree are inlined into it. `oxgl_ir::passes::inline` keeps these
//! calls (its own bound, `INLINE_LIMIT`, is of the same order), and the
//! backends run them out of line. Ordinary shaders stay one function.

use super::expr::Rv;
use super::{Binding, Lower, R, col_ty, num, unsupported};
use crate::ast::{Condition, ExprId, ExprKind, Initializer, Stmt, StmtKind};
use crate::diag::Loc;
use crate::sema::{Callee, Dir, SemaType};
use oxgl_ir::{Function, Node, ValType};

/// Inlined cost (AST nodes) above which a call is kept as a call.
pub(crate) const OUTLINE_COST: u64 = 1 << 13;

/// Deepest chain of calls the cost walk follows; deeper counts as costly.
const MAX_COST_DEPTH: u32 = 256;

impl Lower<'_> {
    /// The own cost of user function `fid` (its statements and
    /// expressions) and the user functions it calls, one entry per call
    /// (memoized).
    fn body_info(&mut self, fid: u32) -> (u64, std::rc::Rc<[u32]>) {
        if let Some(b) = self.bodies.get(&fid) {
            return b.clone();
        }
        let Some(def) = self.fn_defs.get(&fid).copied() else {
            return (1, std::rc::Rc::from([]));
        };
        let mut exprs = Vec::new();
        let mut cost = 0u64;
        for s in &def.body {
            cost += stmt_exprs(s, &mut exprs);
        }
        let mut calls = Vec::new();
        let mut stack = exprs;
        while let Some(e) = stack.pop() {
            cost = cost.saturating_add(1);
            if let Some(Callee::User(g)) = self.info(e).callee {
                calls.push(g);
            }
            let Some(x) = self.tu.exprs.get(e.0 as usize) else {
                continue;
            };
            match &x.kind {
                ExprKind::Unary(_, a) | ExprKind::Field(a, _) => stack.push(*a),
                ExprKind::Binary(_, a, b)
                | ExprKind::Assign(_, a, b)
                | ExprKind::Comma(a, b)
                | ExprKind::Index(a, b) => stack.extend([*a, *b]),
                ExprKind::Ternary(a, b, c) => stack.extend([*a, *b, *c]),
                ExprKind::Call(_, args) | ExprKind::Construct(_, args) => {
                    stack.extend(args.iter().copied());
                }
                ExprKind::CallExpr(a, args) | ExprKind::Method(a, _, args) => {
                    stack.push(*a);
                    stack.extend(args.iter().copied());
                }
                _ => {}
            }
        }
        let b = (cost, std::rc::Rc::from(calls));
        self.bodies.insert(fid, b.clone());
        b
    }

    /// The cost of inlining a call to user function `fid`: its own cost
    /// plus its callees' per call (memoized; a cycle counts 1).
    pub(crate) fn inline_cost(&mut self, fid: u32, depth: u32) -> u64 {
        if let Some(&c) = self.costs.get(&fid) {
            return c;
        }
        if depth > MAX_COST_DEPTH {
            return OUTLINE_COST + 1;
        }
        self.costs.insert(fid, 1);
        let (mut cost, calls) = self.body_info(fid);
        for &g in calls.iter() {
            cost = cost.saturating_add(self.inline_cost(g, depth + 1));
        }
        self.costs.insert(fid, cost);
        cost
    }

    /// Whether `fid` can call itself (recursion, an error: GLSL 4.60 §6.1).
    pub(crate) fn recursive(&mut self, fid: u32) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![fid];
        while let Some(f) = stack.pop() {
            for &g in self.body_info(f).1.iter() {
                if g == fid {
                    return true;
                }
                if seen.insert(g) {
                    stack.push(g);
                }
            }
        }
        false
    }

    /// A call to `fid` kept as an IR call, when it costs too much to inline
    /// and its signature allows; `None` to inline it.
    pub(crate) fn outlined_call(&mut self, fid: u32, args: &[ExprId], loc: Loc) -> R<Option<Rv>> {
        let Some(f) = self.sema.funcs.get(fid as usize) else {
            return Ok(None);
        };
        let value = |t: &SemaType| num(t).filter(|n| !n.is_matrix());
        let fits = f
            .params
            .iter()
            .all(|(t, d)| *d == Dir::In && value(t).is_some())
            && (f.ret.is_void() || value(&f.ret).is_some());
        if !fits || self.inline_cost(fid, 0) <= OUTLINE_COST {
            return Ok(None);
        }
        let func = match self.outlined.get(&fid) {
            Some(&h) => h,
            None => {
                if self.recursive(fid) {
                    return unsupported(loc, "recursion");
                }
                self.outline(fid, loc)?
            }
        };
        let params = f.params.clone();
        let mut vals = Vec::new();
        for (a, (pt, _)) in args.iter().zip(&params) {
            vals.push(self.expr_as(*a, pt)?.v(loc)?);
        }
        Ok(Some(match self.b().call(func, &vals) {
            Some(v) => Rv::V(v),
            None => Rv::Void,
        }))
    }

    /// Declares user function `fid` as an IR function; its body is lowered
    /// after `main` ([`Lower::lower_outlined`]), so that a chain of them
    /// costs no recursion here.
    fn outline(&mut self, fid: u32, loc: Loc) -> R<oxgl_ir::FuncId> {
        let (Some(f), Some(def)) = (
            self.sema.funcs.get(fid as usize),
            self.fn_defs.get(&fid).copied(),
        ) else {
            return super::internal(loc, "bad function");
        };
        let ty = |t: &SemaType| -> R<ValType> {
            match num(t) {
                Some(n) => col_ty(n, loc),
                None => super::internal(loc, "outlined signature"),
            }
        };
        let params: Vec<ValType> = f.params.iter().map(|(t, _)| ty(t)).collect::<R<_>>()?;
        let ret = if f.ret.is_void() {
            None
        } else {
            Some(ty(&f.ret)?)
        };
        let name = self.name(def.proto.name).to_owned();
        let id = self.shader.funcs.append(Function::new(&name, params, ret));
        self.outlined.insert(fid, id);
        self.pending_outlined.push((fid, id, loc));
        Ok(id)
    }

    /// Lowers the bodies of the functions [`Lower::outline`] declared (and
    /// of those they declare in turn). Runs after `main`, with no jump
    /// context or nesting around it.
    pub(crate) fn lower_outlined(&mut self) -> R<()> {
        while let Some((fid, id, loc)) = self.pending_outlined.pop() {
            let saved = (self.func, self.block, self.depth);
            self.func = id;
            let root = self.shader.funcs[id].body;
            self.block = root;
            self.depth = 0;
            let r = self.outlined_body(fid, loc);
            self.shader.funcs[id].body = root;
            (self.func, self.block, self.depth) = saved;
            r?;
        }
        Ok(())
    }

    fn outlined_body(&mut self, fid: u32, loc: Loc) -> R<()> {
        let (Some(f), Some(def)) = (
            self.sema.funcs.get(fid as usize),
            self.fn_defs.get(&fid).copied(),
        ) else {
            return super::internal(loc, "bad function");
        };
        for (i, (p, (pt, _))) in def.proto.params.iter().zip(&f.params).enumerate() {
            let Some(name) = p.name else { continue };
            let id = self.decl_var(p.loc, name)?;
            let var = self.temp(self.name(name), pt, p.loc)?;
            let v = self.b().param(i as u32);
            self.store_mem(var, &[], pt, &Rv::V(v), p.loc)?;
            self.bind.insert(id, Binding::Mem(var, Vec::new()));
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
        if !self.terminated() {
            let v = match ret {
                Some((var, t)) => Some(self.load_mem(var, &[], &t, loc)?.v(loc)?),
                None => None,
            };
            self.push_node(Node::Return(v));
        }
        Ok(())
    }
}

/// Pushes the expressions of `s` (not nested in other expressions) and
/// returns its statement count.
fn stmt_exprs(s: &Stmt, out: &mut Vec<ExprId>) -> u64 {
    let init = |i: &Initializer, out: &mut Vec<ExprId>| {
        let mut stack = vec![i];
        while let Some(i) = stack.pop() {
            match i {
                Initializer::Expr(e) => out.push(*e),
                Initializer::List(v, _) => stack.extend(v.iter()),
            }
        }
    };
    let cond = |c: &Condition, out: &mut Vec<ExprId>| match c {
        Condition::Expr(e) => out.push(*e),
        Condition::Decl { init, .. } => out.push(*init),
    };
    1 + match &s.kind {
        StmtKind::Compound(v) => v.iter().map(|s| stmt_exprs(s, out)).sum(),
        StmtKind::Decl(crate::ast::Declaration::Vars { vars, .. }) => {
            for d in vars {
                if let Some(i) = &d.init {
                    init(i, out);
                }
            }
            0
        }
        StmtKind::Expr(Some(e)) | StmtKind::Case(e) | StmtKind::Return(Some(e)) => {
            out.push(*e);
            0
        }
        StmtKind::If {
            branches,
            otherwise,
        } => {
            let mut n = 0;
            for (c, b) in branches {
                out.push(*c);
                n += stmt_exprs(b, out);
            }
            n + otherwise.as_ref().map_or(0, |b| stmt_exprs(b, out))
        }
        StmtKind::Switch { expr, body } => {
            out.push(*expr);
            body.iter().map(|s| stmt_exprs(s, out)).sum()
        }
        StmtKind::While { cond: c, body } => {
            cond(c, out);
            stmt_exprs(body, out)
        }
        StmtKind::DoWhile { body, cond } => {
            out.push(*cond);
            stmt_exprs(body, out)
        }
        StmtKind::For {
            init,
            cond: c,
            step,
            body,
        } => {
            if let Some(c) = c {
                cond(c, out);
            }
            out.extend(step.iter().copied());
            stmt_exprs(init, out) + stmt_exprs(body, out)
        }
        _ => 0,
    }
}
