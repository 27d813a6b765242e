//! Statements: scoping, conditions, jumps, `return` against the function's
//! type, `discard`, and `switch` labels (GLSL 4.60 §6).

use super::Checker;
use super::consts::Cv;
use super::types::Scalar;
use crate::ast::{Condition, ExprId, Stmt, StmtKind};
use crate::diag::Loc;
use crate::version::Stage;

impl Checker<'_> {
    pub(super) fn stmts(&mut self, v: &[Stmt]) {
        for s in v {
            self.stmt(s);
        }
    }

    /// A statement in a new scope.
    fn scoped(&mut self, s: &Stmt) {
        self.push();
        self.stmt(s);
        self.pop();
    }

    /// A loop body: a compound body shares the loop's scope.
    fn body(&mut self, s: &Stmt) {
        self.breakable.push(true);
        match &s.kind {
            StmtKind::Compound(v) => self.stmts(v),
            _ => self.stmt(s),
        }
        self.breakable.pop();
    }

    /// A condition: a scalar boolean expression.
    fn bool_cond(&mut self, e: ExprId, what: &str) {
        let v = self.expr(e);
        if !v.ty.is_error() && !v.ty.is_bool_scalar() {
            let loc = self.tu.expr(e).loc;
            let msg = format!("{what} condition must be a scalar boolean expression");
            self.error(loc, msg);
        }
    }

    fn condition(&mut self, c: &Condition) {
        match c {
            Condition::Expr(e) => self.bool_cond(*e, "loop"),
            Condition::Decl {
                ty,
                name,
                loc,
                init,
            } => {
                let _ = self.quals(&ty.quals);
                let t = self.type_spec(&ty.spec);
                let v = self.expr(*init);
                if !self.conv.can_convert(&v.ty, &t) {
                    let l = self.tu.expr(*init).loc;
                    self.error(l, "initializer has the wrong type");
                }
                if !t.is_error() && !t.is_bool_scalar() {
                    self.error(*loc, "loop condition must be a scalar boolean expression");
                }
                self.declare_var(
                    *name,
                    super::scope::Var {
                        ty: t,
                        konst: None,
                        storage: super::scope::Storage::Plain,
                        read_only: None,
                        builtin: false,
                        max_size: None,
                        max_index: None,
                        memory: Vec::new(),
                        patch: false,
                    },
                    *loc,
                );
            }
        }
    }

    pub(super) fn stmt(&mut self, s: &Stmt) {
        let control = matches!(
            s.kind,
            StmtKind::If { .. }
                | StmtKind::Switch { .. }
                | StmtKind::While { .. }
                | StmtKind::DoWhile { .. }
                | StmtKind::For { .. }
        );
        if control && let Some(f) = &mut self.cur_fn {
            f.control_depth += 1;
        }
        self.stmt_kind(s);
        if control && let Some(f) = &mut self.cur_fn {
            f.control_depth -= 1;
        }
    }

    fn stmt_kind(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Compound(v) => {
                self.push();
                self.stmts(v);
                self.pop();
            }
            StmtKind::Decl(d) => self.decl(d, false),
            StmtKind::Expr(e) => {
                if let Some(e) = e {
                    self.expr(*e);
                }
            }
            StmtKind::If {
                branches,
                otherwise,
            } => {
                for (c, then) in branches {
                    self.bool_cond(*c, "if-statement");
                    self.scoped(then);
                }
                if let Some(o) = otherwise {
                    self.scoped(o);
                }
            }
            StmtKind::Switch { expr, body } => self.switch(*expr, body, s.loc),
            StmtKind::Case(e) => {
                self.expr(*e);
                self.error(s.loc, "case label outside of a switch statement");
            }
            StmtKind::Default => self.error(s.loc, "default label outside of a switch statement"),
            StmtKind::While { cond, body } => {
                self.push();
                self.condition(cond);
                self.body(body);
                self.pop();
            }
            StmtKind::DoWhile { body, cond } => {
                self.breakable.push(true);
                self.scoped(body);
                self.breakable.pop();
                self.bool_cond(*cond, "loop");
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.push();
                self.stmt(init);
                if let Some(c) = cond {
                    self.condition(c);
                }
                if let Some(e) = step {
                    self.expr(*e);
                }
                self.body(body);
                self.pop();
            }
            StmtKind::Return(e) => self.ret(*e, s.loc),
            StmtKind::Break => {
                if self.breakable.is_empty() {
                    self.error(s.loc, "break may only appear in a loop or a switch");
                }
            }
            StmtKind::Continue => {
                if !self.breakable.contains(&true) {
                    self.error(s.loc, "continue may only appear in a loop");
                }
            }
            StmtKind::Discard | StmtKind::Demote => {
                if self.env.stage != Stage::Fragment {
                    self.error(s.loc, "discard may only appear in a fragment shader");
                }
            }
        }
    }

    fn ret(&mut self, e: Option<ExprId>, loc: Loc) {
        if let Some(f) = &mut self.cur_fn {
            f.returned = true;
        }
        let want = self.cur_fn.as_ref().map(|f| (f.ret.clone(), f.is_main));
        let Some((want, _is_main)) = want else {
            return;
        };
        match e {
            Some(e) => {
                let v = self.expr(e);
                if want.is_void() {
                    if !v.ty.is_void() || !self.at_least(0, 0) {
                        self.error(loc, "`return' with a value, in function returning void");
                    }
                } else if !self.conv.can_convert(&v.ty, &want) {
                    let msg = format!(
                        "`return' with wrong type {}, in function returning {}",
                        self.type_name(&v.ty),
                        self.type_name(&want)
                    );
                    self.error(loc, msg);
                }
            }
            None => {
                if !want.is_void() && !want.is_error() {
                    self.error(
                        loc,
                        "`return' with no value, in function returning non-void",
                    );
                }
            }
        }
    }

    fn switch(&mut self, sel: ExprId, body: &[Stmt], loc: Loc) {
        let v = self.expr(sel);
        let sel_ty = v.ty.clone();
        if !v.ty.is_error()
            && !v
                .ty
                .is_scalar_of(|s| matches!(s, Scalar::Int | Scalar::Uint))
        {
            let l = self.tu.expr(sel).loc;
            self.error(l, "switch-statement expression must be scalar integer");
        }
        self.push();
        self.breakable.push(false);
        let mut labels: Vec<i64> = Vec::new();
        let mut seen_default = false;
        let mut seen_label = false;
        for s in body {
            match &s.kind {
                StmtKind::Case(e) => {
                    seen_label = true;
                    let c = self.expr(*e);
                    let l = self.tu.expr(*e).loc;
                    if c.ty.is_error() {
                        continue;
                    }
                    if !c
                        .ty
                        .is_scalar_of(|s| matches!(s, Scalar::Int | Scalar::Uint))
                    {
                        self.error(l, "case label must be a scalar integer");
                        continue;
                    }
                    if !sel_ty.is_error()
                        && c.ty != sel_ty
                        && !self.conv.can_convert(&c.ty, &sel_ty)
                        && !self.conv.can_convert(&sel_ty, &c.ty)
                    {
                        self.error(l, "type mismatch between case label and switch expression");
                    }
                    match c.k.as_ref().and_then(|k| k.known().map(<[Cv]>::to_vec)) {
                        Some(k) => {
                            if let Some(n) = k.first().map(|x| x.convert(Scalar::Uint)) {
                                let key = match n {
                                    Cv::U(u) => i64::from(u),
                                    _ => 0,
                                };
                                if labels.contains(&key) {
                                    self.error(l, "duplicate case value");
                                }
                                labels.push(key);
                            }
                        }
                        None if c.k.is_none() => {
                            self.error(l, "case label must be a constant expression");
                        }
                        None => {}
                    }
                }
                StmtKind::Default => {
                    seen_label = true;
                    if seen_default {
                        self.error(s.loc, "multiple default labels in one switch");
                    }
                    seen_default = true;
                }
                _ => {
                    if !seen_label {
                        self.error(s.loc, "statement before the first case label of a switch");
                        seen_label = true;
                    }
                    self.stmt(s);
                }
            }
        }
        // GLSL 1.30 §6.2: "it is an error to have no statement between a
        // label and the end of the switch statement" (Mesa's grammar wants
        // a statement after every label list).
        if let Some(last) = body.last()
            && matches!(last.kind, StmtKind::Case(_) | StmtKind::Default)
        {
            self.error(
                last.loc,
                "no statement between the last label and the end of the switch statement",
            );
        }
        let _ = loc;
        self.breakable.pop();
        self.pop();
    }
}
