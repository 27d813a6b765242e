//! Statements as structured control flow.
//!
//! * `if`/else-if chains nest `if` nodes; loops are IR loops whose body
//!   starts with `if (!cond) break` (`for` puts its step in the continue
//!   block; `do`-`while` tests the condition at the top from the second
//!   iteration on, through a `first` flag, so `continue` still reaches it).
//! * `switch` is a wrapper loop run once: each case group runs when a
//!   `fallthrough` flag is set or its labels match (`default` when no label
//!   matches) and sets the flag; `break` leaves the wrapper; `continue`
//!   sets a flag, leaves the wrapper and is repeated after it.
//! * `return` in `main` is an IR `return`. In an inlined function whose only
//!   `return` is its last statement the value is simply stored; otherwise
//!   the body is a wrapper loop run once, `return` stores the value, sets a
//!   `returned` flag and breaks, and every loop inside the function that
//!   contains a `return` is followed by `if (returned) break`.

use super::expr::cv_bits;
use super::{Binding, Jump, Lower, MAX_DEPTH, R, internal, num, unsupported};
use crate::ast::{Condition, Declaration, ExprId, Stmt, StmtKind};
use crate::diag::Loc;
use oxgl_ir::{Node, Op};

/// Whether a statement contains `kind` (not counting nested functions,
/// which GLSL does not have). `loops` says whether to look into loops.
fn contains(s: &Stmt, pred: &dyn Fn(&StmtKind) -> bool, loops: bool) -> bool {
    let mut stack = vec![s];
    let mut n = 0;
    while let Some(s) = stack.pop() {
        n += 1;
        if n > 100_000 {
            return true;
        }
        if pred(&s.kind) {
            return true;
        }
        match &s.kind {
            StmtKind::Compound(v) => stack.extend(v),
            StmtKind::If {
                branches,
                otherwise,
            } => {
                stack.extend(branches.iter().map(|(_, s)| s));
                if let Some(o) = otherwise {
                    stack.push(o);
                }
            }
            StmtKind::Switch { body, .. } if loops => stack.extend(body),
            StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. }
                if loops =>
            {
                stack.push(body)
            }
            _ => {}
        }
    }
    false
}

fn has_return(s: &Stmt) -> bool {
    contains(s, &|k| matches!(k, StmtKind::Return(_)), true)
}

/// `continue` that leaves a `switch` body (not one inside a nested loop).
fn has_continue(body: &[Stmt]) -> bool {
    body.iter()
        .any(|s| contains(s, &|k| matches!(k, StmtKind::Continue), false))
}

/// Whether a function body needs the wrapper loop: a `return` other than
/// its last statement.
pub(crate) fn needs_wrapper(body: &[Stmt]) -> bool {
    let n = body.len();
    body.iter().enumerate().any(|(i, s)| {
        if i + 1 == n && matches!(s.kind, StmtKind::Return(_)) {
            return false;
        }
        has_return(s)
    })
}

impl Lower<'_> {
    pub(crate) fn stmts(&mut self, v: &[Stmt]) -> R<()> {
        for s in v {
            if self.terminated() {
                break;
            }
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> R<()> {
        if self.depth >= MAX_DEPTH {
            return unsupported(s.loc, "statements nested this deeply");
        }
        self.check_size(s.loc)?;
        self.depth += 1;
        let r = self.stmt_inner(s);
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self, s: &Stmt) -> R<()> {
        let loc = s.loc;
        match &s.kind {
            StmtKind::Compound(v) => self.stmts(v),
            StmtKind::Decl(d) => self.local_decl(d),
            StmtKind::Expr(e) => {
                if let Some(e) = e {
                    self.expr(*e)?;
                }
                Ok(())
            }
            StmtKind::If {
                branches,
                otherwise,
            } => self.if_chain(branches, otherwise.as_deref(), 0),
            StmtKind::Switch { expr, body } => self.switch(*expr, body, loc),
            StmtKind::Case(_) | StmtKind::Default => internal(loc, "case label outside a switch"),
            StmtKind::While { cond, body } => {
                self.jumps.push(Jump::Loop);
                let r = self.loop_(
                    |l| {
                        l.loop_cond(cond)?;
                        l.stmt(body)
                    },
                    |_| Ok(()),
                );
                self.jumps.pop();
                r?;
                self.after_loop(has_return(body))
            }
            StmtKind::DoWhile { body, cond } => {
                let first = self.flag("first", true);
                self.jumps.push(Jump::Loop);
                let r = self.loop_(
                    |l| {
                        let f = l.b().load_var(first);
                        l.if_else(
                            f,
                            |_| Ok(()),
                            |l| {
                                let c = l.expr(*cond)?.v(loc)?;
                                l.if_else(
                                    c,
                                    |_| Ok(()),
                                    |l| {
                                        l.push_node(Node::Break);
                                        Ok(())
                                    },
                                )
                            },
                        )?;
                        let no = l.b().bool(false);
                        l.b().store_var(first, no);
                        l.stmt(body)
                    },
                    |_| Ok(()),
                );
                self.jumps.pop();
                r?;
                self.after_loop(has_return(body))
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.stmt(init)?;
                if self.terminated() {
                    return Ok(());
                }
                self.jumps.push(Jump::Loop);
                let r = self.loop_(
                    |l| {
                        if let Some(c) = cond {
                            l.loop_cond(c)?;
                        }
                        l.stmt(body)
                    },
                    |l| {
                        if let Some(e) = step {
                            l.expr(*e)?;
                        }
                        Ok(())
                    },
                );
                self.jumps.pop();
                r?;
                self.after_loop(has_return(body))
            }
            StmtKind::Break => match self.jumps.last() {
                Some(Jump::Loop | Jump::Switch { .. }) => {
                    self.push_node(Node::Break);
                    Ok(())
                }
                _ => internal(loc, "break outside a loop"),
            },
            StmtKind::Continue => self.continue_(loc),
            StmtKind::Return(e) => self.return_(*e, loc),
            StmtKind::Discard => {
                self.push_node(Node::Discard);
                Ok(())
            }
            StmtKind::Demote => {
                self.b().push(Op::Demote, None);
                Ok(())
            }
        }
    }

    /// `if (!cond) break;` at the top of a loop body.
    fn loop_cond(&mut self, c: &Condition) -> R<()> {
        let v = match c {
            Condition::Expr(e) => {
                let loc = self.loc_of(*e);
                self.expr(*e)?.v(loc)?
            }
            Condition::Decl {
                name, loc, init, ..
            } => {
                let id = self.decl_var(*loc, *name)?;
                let t = self.sema.vars[id as usize].ty.clone();
                let var = self.temp(self.name(*name), &t, *loc)?;
                self.bind.insert(id, Binding::Mem(var, Vec::new()));
                let x = self.expr_as(*init, &t)?;
                self.store_mem(var, &[], &t, &x, *loc)?;
                x.v(*loc)?
            }
        };
        self.if_else(
            v,
            |_| Ok(()),
            |l| {
                l.push_node(Node::Break);
                Ok(())
            },
        )
    }

    fn if_chain(
        &mut self,
        branches: &[(ExprId, Stmt)],
        otherwise: Option<&Stmt>,
        mut i: usize,
    ) -> R<()> {
        // A constant condition picks its branch here, as Mesa's compile-time
        // optimization does: the other is never lowered, so a call in it to
        // a function no shader defines is no error (glsl-const-folding-01).
        // A condition with a value has no side effects.
        let (c, then) = loop {
            let Some((c, then)) = branches.get(i) else {
                return match otherwise {
                    Some(s) => self.stmt(s),
                    None => Ok(()),
                };
            };
            match self.info(*c).k.as_deref() {
                Some(&[crate::sema::Cv::B(true)]) => return self.stmt(then),
                Some(&[crate::sema::Cv::B(false)]) => i += 1,
                _ => break (c, then),
            }
        };
        let loc = self.loc_of(*c);
        if self.depth >= MAX_DEPTH {
            return unsupported(loc, "else-if chains this long");
        }
        let cond = self.expr(*c)?.v(loc)?;
        self.depth += 1;
        let r = self.if_else(
            cond,
            |l| l.stmt(then),
            |l| l.if_chain(branches, otherwise, i + 1),
        );
        self.depth -= 1;
        r
    }

    /// After a loop (or switch wrapper) inside an inlined function with a
    /// wrapper: leave the enclosing loop too if it returned.
    fn after_loop(&mut self, has_return: bool) -> R<()> {
        if !has_return {
            return Ok(());
        }
        let flag = self.jumps.iter().rev().find_map(|j| match j {
            Jump::Func { ret_flag, .. } => Some(*ret_flag),
            _ => None,
        });
        if let Some(Some(flag)) = flag {
            let r = self.b().load_var(flag);
            self.if_else(
                r,
                |l| {
                    l.push_node(Node::Break);
                    Ok(())
                },
                |_| Ok(()),
            )?;
        }
        Ok(())
    }

    fn continue_(&mut self, loc: Loc) -> R<()> {
        match self.jumps.last().copied() {
            Some(Jump::Loop) => {
                self.push_node(Node::Continue);
                Ok(())
            }
            Some(Jump::Switch { cont_flag }) => {
                let t = self.b().bool(true);
                self.b().store_var(cont_flag, t);
                self.push_node(Node::Break);
                Ok(())
            }
            _ => internal(loc, "continue outside a loop"),
        }
    }

    fn return_(&mut self, e: Option<ExprId>, loc: Loc) -> R<()> {
        let func = self.jumps.iter().rev().find_map(|j| match j {
            Jump::Func { ret_flag, ret_var } => Some((*ret_flag, *ret_var)),
            _ => None,
        });
        let Some((flag, ret_var)) = func else {
            // In main.
            if let Some(e) = e {
                self.expr(e)?;
            }
            self.clip_vertex_epilogue()?;
            self.push_node(Node::Return(None));
            return Ok(());
        };
        if let Some(e) = e {
            let v = self.expr(e)?;
            if let Some((var, t)) = ret_var.zip(self.ret_ty.last().cloned()) {
                let from = self.ty_of(e).clone();
                let v = self.convert(v, &from, &t, loc)?;
                self.store_mem(var, &[], &t, &v, loc)?;
            }
        }
        if let Some(flag) = flag {
            let t = self.b().bool(true);
            self.b().store_var(flag, t);
            self.push_node(Node::Break);
        }
        Ok(())
    }

    fn local_decl(&mut self, d: &Declaration) -> R<()> {
        match d {
            Declaration::Vars { vars, .. } => {
                for d in vars {
                    let id = self.decl_var(d.loc, d.name)?;
                    let t = self.declared_type(id);
                    // An unsized array never indexed nor sized (`float a[];`
                    // redeclared with a size later: a new variable) has no
                    // storage.
                    if t.dims.first() == Some(&None) && d.init.is_none() {
                        continue;
                    }
                    let var = self.temp(self.name(d.name), &t, d.loc)?;
                    self.bind.insert(id, Binding::Mem(var, Vec::new()));
                    if let Some(init) = &d.init {
                        let v = self.initializer(init, &t)?;
                        self.store_mem(var, &[], &t, &v, d.loc)?;
                    }
                }
                Ok(())
            }
            Declaration::Block(b) => unsupported(b.loc, "interface blocks"),
            _ => Ok(()),
        }
    }

    fn switch(&mut self, sel: ExprId, body: &[Stmt], loc: Loc) -> R<()> {
        let s = self.expr(sel)?.v(loc)?;
        let sty = self.vty(s);
        let Some(sn) = num(self.ty_of(sel)) else {
            return internal(loc, "switch on a non-integer");
        };
        // Label values.
        let mut labels: Vec<u64> = Vec::new();
        for st in body {
            if let StmtKind::Case(e) = &st.kind {
                match self.info(*e).k.as_ref().and_then(|k| k.first()) {
                    Some(c) => labels.push(cv_bits(*c, sn.s)),
                    None => return unsupported(st.loc, "case labels without a known value"),
                }
            }
        }
        let matches = |l: &mut Self, bits: u64| {
            let c = l.b().constant(sty, [bits, 0, 0, 0]);
            l.b().eq(s, c)
        };
        let mut any = None;
        for &b in &labels {
            let m = matches(self, b);
            any = Some(match any {
                None => m,
                Some(a) => self.b().bin(oxgl_ir::AluOp::Or, a, m),
            });
        }
        let is_default = match any {
            Some(a) => self.b().un(oxgl_ir::AluOp::Not, a),
            None => self.b().bool(true),
        };
        let fall = self.flag("fallthrough", false);
        let cont_flag = self.flag("switch_continue", false);
        // Groups: labels, then statements.
        let mut groups: Vec<(Vec<Option<u64>>, Vec<&Stmt>)> = Vec::new();
        let mut k = 0;
        for st in body {
            match &st.kind {
                StmtKind::Case(_) | StmtKind::Default => {
                    let label = if matches!(st.kind, StmtKind::Case(_)) {
                        let b = labels.get(k).copied();
                        k += 1;
                        b
                    } else {
                        None
                    };
                    match groups.last_mut() {
                        Some((ls, ss)) if ss.is_empty() => ls.push(label),
                        _ => groups.push((vec![label], Vec::new())),
                    }
                }
                _ => match groups.last_mut() {
                    Some((_, ss)) => ss.push(st),
                    None => return internal(st.loc, "statement before a case label"),
                },
            }
        }
        self.jumps.push(Jump::Switch { cont_flag });
        let r = self.loop_(
            |l| {
                for (ls, ss) in &groups {
                    if l.terminated() {
                        break;
                    }
                    let mut c = l.b().load_var(fall);
                    for lab in ls {
                        let m = match lab {
                            Some(b) => matches(l, *b),
                            None => is_default,
                        };
                        c = l.b().bin(oxgl_ir::AluOp::Or, c, m);
                    }
                    l.if_else(
                        c,
                        |l| {
                            let t = l.b().bool(true);
                            l.b().store_var(fall, t);
                            for st in ss {
                                if l.terminated() {
                                    break;
                                }
                                l.stmt(st)?;
                            }
                            Ok(())
                        },
                        |_| Ok(()),
                    )?;
                }
                if !l.terminated() {
                    l.push_node(Node::Break);
                }
                Ok(())
            },
            |_| Ok(()),
        );
        self.jumps.pop();
        r?;
        self.after_loop(body.iter().any(has_return))?;
        if has_continue(body) {
            let c = self.b().load_var(cont_flag);
            self.if_else(c, |l| l.continue_(loc), |_| Ok(()))?;
        }
        Ok(())
    }

    /// Inlines a user function's body; `ret` gets the return value.
    pub(crate) fn inline_body(
        &mut self,
        body: &[Stmt],
        ret: Option<(oxgl_ir::VarId, crate::sema::SemaType)>,
    ) -> R<()> {
        let wrapper = needs_wrapper(body);
        let ret_var = ret.as_ref().map(|(v, _)| *v);
        self.ret_ty
            .push(ret.map_or(crate::sema::SemaType::VOID, |(_, t)| t));
        let r = if wrapper {
            let flag = self.flag("returned", false);
            self.jumps.push(Jump::Func {
                ret_flag: Some(flag),
                ret_var,
            });
            let r = self.loop_(
                |l| {
                    l.stmts(body)?;
                    if !l.terminated() {
                        l.push_node(Node::Break);
                    }
                    Ok(())
                },
                |_| Ok(()),
            );
            self.jumps.pop();
            r
        } else {
            self.jumps.push(Jump::Func {
                ret_flag: None,
                ret_var,
            });
            let r = self.stmts(body);
            self.jumps.pop();
            r
        };
        self.ret_ty.pop();
        r
    }
}
