//! `--dump-ast`: the syntax tree as indented text, one node per line.
//!
//! Expressions are printed in prefix form (`(+ a b)`); nesting deeper than
//! `MAX_EXPR_DEPTH` is elided as `...` so a pathological expression cannot
//! exhaust the stack while printing.

use crate::ast::*;
use std::fmt::Write;

const MAX_EXPR_DEPTH: u32 = 200;

struct Printer<'a> {
    tu: &'a TranslationUnit,
    out: String,
}

/// Prints `tu`.
pub fn dump(tu: &TranslationUnit) -> String {
    let mut p = Printer {
        tu,
        out: String::new(),
    };
    for item in &tu.items {
        match item {
            ExternalDecl::Function(f) => {
                p.line(0, &format!("function {}", p.proto(&f.proto)));
                for s in &f.body {
                    p.stmt(1, s);
                }
            }
            ExternalDecl::Decl(d) => p.decl(0, d),
        }
    }
    p.out
}

impl Printer<'_> {
    fn line(&mut self, indent: usize, text: &str) {
        for _ in 0..indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn name(&self, s: crate::names::Sym) -> &str {
        self.tu.names.str(s)
    }

    fn quals(&self, quals: &[Qualifier]) -> String {
        let mut s = String::new();
        for q in quals {
            let text = match q {
                Qualifier::Storage(st, _) => format!("{st:?}").to_lowercase(),
                Qualifier::Precision(p, _) => format!("{p:?}").to_lowercase(),
                Qualifier::Interp(i, _) => format!("{i:?}").to_lowercase(),
                Qualifier::Memory(m, _) => format!("{m:?}").to_lowercase(),
                Qualifier::Invariant(_) => "invariant".into(),
                Qualifier::Precise(_) => "precise".into(),
                Qualifier::Subroutine(v, _) => {
                    let names: Vec<&str> = v.iter().map(|n| self.name(*n)).collect();
                    if names.is_empty() {
                        "subroutine".into()
                    } else {
                        format!("subroutine({})", names.join(", "))
                    }
                }
                Qualifier::Layout(ids, _) => {
                    let items: Vec<String> = ids
                        .iter()
                        .map(|id| match id.value {
                            Some(v) => format!("{}={}", self.name(id.name), self.expr(v, 0)),
                            None => self.name(id.name).to_owned(),
                        })
                        .collect();
                    format!("layout({})", items.join(", "))
                }
            };
            s.push_str(&text);
            s.push(' ');
        }
        s
    }

    fn array(&self, a: &Option<ArraySpec>) -> String {
        let Some(a) = a else { return String::new() };
        let mut s = String::new();
        for d in &a.dims {
            match d {
                Some(e) => {
                    let _ = write!(s, "[{}]", self.expr(*e, 0));
                }
                None => s.push_str("[]"),
            }
        }
        s
    }

    fn spec(&self, t: &TypeSpec) -> String {
        let base = match &t.kind {
            TypeKind::Void => "void".to_owned(),
            TypeKind::Builtin(b) => b.name().to_owned(),
            TypeKind::Named(n) => self.name(*n).to_owned(),
            TypeKind::Struct(s) => {
                let name = s.name.map_or("<anonymous>", |n| self.name(n));
                let members: Vec<String> = s.members.iter().map(|m| self.member(m)).collect();
                format!("struct {name} {{ {} }}", members.join(" "))
            }
        };
        format!("{base}{}", self.array(&t.array))
    }

    fn member(&self, m: &Member) -> String {
        let names: Vec<String> = m
            .names
            .iter()
            .map(|(n, a, _)| format!("{}{}", self.name(*n), self.array(a)))
            .collect();
        format!(
            "{}{} {};",
            self.quals(&m.ty.quals),
            self.spec(&m.ty.spec),
            names.join(", ")
        )
    }

    fn full(&self, t: &FullType) -> String {
        format!("{}{}", self.quals(&t.quals), self.spec(&t.spec))
    }

    fn proto(&self, p: &FunctionProto) -> String {
        let params: Vec<String> = p
            .params
            .iter()
            .map(|pa| {
                let name = pa.name.map_or("", |n| self.name(n));
                format!("{} {name}{}", self.full(&pa.ty), self.array(&pa.array))
            })
            .collect();
        format!(
            "{} {}({})",
            self.full(&p.ret),
            self.name(p.name),
            params.join(", ")
        )
    }

    fn init(&self, i: &Initializer) -> String {
        match i {
            Initializer::Expr(e) => self.expr(*e, 0),
            Initializer::List(items, _) => {
                let v: Vec<String> = items.iter().map(|i| self.init(i)).collect();
                format!("{{{}}}", v.join(", "))
            }
        }
    }

    fn decl(&mut self, ind: usize, d: &Declaration) {
        let text = match d {
            Declaration::Prototype(p) => format!("prototype {}", self.proto(p)),
            Declaration::Vars { ty, vars } => {
                let v: Vec<String> = vars
                    .iter()
                    .map(|v| {
                        let mut s = format!("{}{}", self.name(v.name), self.array(&v.array));
                        if let Some(i) = &v.init {
                            let _ = write!(s, " = {}", self.init(i));
                        }
                        s
                    })
                    .collect();
                format!("declare {} {}", self.full(ty), v.join(", "))
            }
            Declaration::Precision { precision, ty, .. } => {
                format!(
                    "precision {} {}",
                    format!("{precision:?}").to_lowercase(),
                    self.spec(ty)
                )
            }
            Declaration::Block(b) => {
                let members: Vec<String> = b.members.iter().map(|m| self.member(m)).collect();
                let inst = match &b.instance {
                    Some((n, a, _)) => format!(" {}{}", self.name(*n), self.array(a)),
                    None => String::new(),
                };
                format!(
                    "block {}{} {{ {} }}{inst}",
                    self.quals(&b.quals),
                    self.name(b.name),
                    members.join(" ")
                )
            }
            Declaration::Redeclare { quals, names } => {
                let n: Vec<&str> = names.iter().map(|(n, _)| self.name(*n)).collect();
                format!("redeclare {}{}", self.quals(quals), n.join(", "))
            }
            Declaration::Defaults { quals, .. } => format!("defaults {}", self.quals(quals)),
        };
        self.line(ind, &text);
    }

    fn stmt(&mut self, ind: usize, s: &Stmt) {
        match &s.kind {
            StmtKind::Compound(v) => {
                self.line(ind, "{");
                for s in v {
                    self.stmt(ind + 1, s);
                }
                self.line(ind, "}");
            }
            StmtKind::Decl(d) => self.decl(ind, d),
            StmtKind::Expr(None) => self.line(ind, ";"),
            StmtKind::Expr(Some(e)) => {
                let t = self.expr(*e, 0);
                self.line(ind, &t);
            }
            StmtKind::If {
                branches,
                otherwise,
            } => {
                for (i, (cond, then)) in branches.iter().enumerate() {
                    let kw = if i == 0 { "if" } else { "else if" };
                    let t = format!("{kw} {}", self.expr(*cond, 0));
                    self.line(ind, &t);
                    self.stmt(ind + 1, then);
                }
                if let Some(o) = otherwise {
                    self.line(ind, "else");
                    self.stmt(ind + 1, o);
                }
            }
            StmtKind::Switch { expr, body } => {
                let t = format!("switch {}", self.expr(*expr, 0));
                self.line(ind, &t);
                for s in body {
                    self.stmt(ind + 1, s);
                }
            }
            StmtKind::Case(e) => {
                let t = format!("case {}", self.expr(*e, 0));
                self.line(ind, &t);
            }
            StmtKind::Default => self.line(ind, "default"),
            StmtKind::While { cond, body } => {
                let t = format!("while {}", self.cond(cond));
                self.line(ind, &t);
                self.stmt(ind + 1, body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.line(ind, "do");
                self.stmt(ind + 1, body);
                let t = format!("while {}", self.expr(*cond, 0));
                self.line(ind, &t);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.line(ind, "for");
                self.stmt(ind + 1, init);
                let c = cond.as_ref().map_or(String::new(), |c| self.cond(c));
                let st = step.map_or(String::new(), |e| self.expr(e, 0));
                self.line(ind + 1, &format!("cond {c}"));
                self.line(ind + 1, &format!("step {st}"));
                self.stmt(ind + 1, body);
            }
            StmtKind::Break => self.line(ind, "break"),
            StmtKind::Continue => self.line(ind, "continue"),
            StmtKind::Discard => self.line(ind, "discard"),
            StmtKind::Demote => self.line(ind, "demote"),
            StmtKind::Return(e) => {
                let t = match e {
                    Some(e) => format!("return {}", self.expr(*e, 0)),
                    None => "return".into(),
                };
                self.line(ind, &t);
            }
        }
    }

    fn cond(&self, c: &Condition) -> String {
        match c {
            Condition::Expr(e) => self.expr(*e, 0),
            Condition::Decl { ty, name, init, .. } => {
                format!(
                    "{} {} = {}",
                    self.full(ty),
                    self.name(*name),
                    self.expr(*init, 0)
                )
            }
        }
    }

    fn exprs(&self, v: &[ExprId], depth: u32) -> String {
        let v: Vec<String> = v.iter().map(|e| self.expr(*e, depth + 1)).collect();
        v.join(" ")
    }

    fn expr(&self, id: ExprId, depth: u32) -> String {
        if depth > MAX_EXPR_DEPTH {
            return "...".into();
        }
        let d = depth + 1;
        match &self.tu.expr(id).kind {
            ExprKind::Ident(s) => self.name(*s).to_owned(),
            ExprKind::Int(v) => format!("{}", *v as i32),
            ExprKind::Uint(v) => format!("{v}u"),
            ExprKind::Int64(v) => format!("{}l", *v as i64),
            ExprKind::Uint64(v) => format!("{v}ul"),
            ExprKind::Float(v) => format!("{v:?}"),
            ExprKind::Double(v) => format!("{v:?}lf"),
            ExprKind::Bool(b) => format!("{b}"),
            ExprKind::Unary(op, e) => format!("({op:?} {})", self.expr(*e, d)),
            ExprKind::Binary(op, a, b) => {
                format!("({op:?} {} {})", self.expr(*a, d), self.expr(*b, d))
            }
            ExprKind::Assign(op, a, b) => {
                let o = op.map_or("=".to_owned(), |o| format!("{o:?}="));
                format!("({o} {} {})", self.expr(*a, d), self.expr(*b, d))
            }
            ExprKind::Ternary(c, a, b) => format!(
                "(? {} {} {})",
                self.expr(*c, d),
                self.expr(*a, d),
                self.expr(*b, d)
            ),
            ExprKind::Comma(a, b) => format!("(, {} {})", self.expr(*a, d), self.expr(*b, d)),
            ExprKind::Index(a, i) => format!("([] {} {})", self.expr(*a, d), self.expr(*i, d)),
            ExprKind::Field(a, f) => format!("(. {} {})", self.expr(*a, d), self.name(*f)),
            ExprKind::Call(f, args) => format!("(call {} {})", self.name(*f), self.exprs(args, d)),
            ExprKind::CallExpr(f, args) => {
                format!("(call {} {})", self.expr(*f, d), self.exprs(args, d))
            }
            ExprKind::Construct(t, args) => {
                format!("(construct {} {})", self.spec(t), self.exprs(args, d))
            }
            ExprKind::Method(e, m, args) => format!(
                "(method {} {} {})",
                self.expr(*e, d),
                self.name(*m),
                self.exprs(args, d)
            ),
            ExprKind::Error => "<error>".into(),
        }
    }
}
