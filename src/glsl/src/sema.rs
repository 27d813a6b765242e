//! The semantic checks that need no types, run over the AST in source order
//! with GLSL's scoping rules (GLSL 4.60 §4.2):
//!
//! * every name used in an expression is declared before the use, in an
//!   enclosing scope (names starting with `gl_` are built-ins and are left to
//!   semantic analysis; function names are not checked: they may be
//!   built-in functions);
//! * a name is declared once per scope: variables, functions and types share
//!   one name space (functions and variables do not in GLSL 1.10); functions may be overloaded and prototyped again; an
//!   unsized array may be redeclared with a size (GLSL 1.20 §4.1.9);
//! * a function body is defined once per parameter list;
//! * user declarations may not use the reserved `gl_` prefix (§3.7), except
//!   the built-ins the specs allow to redeclare; names with `__` warn.
//!
//! Function parameters share their scope with the body's outermost block,
//! and a loop's body shares the scope of its init statement and condition
//! (§6.1, §6.3: `for (int i = 0;;) { int i; }` is a redeclaration).
//! Expressions are walked with an explicit stack.

use crate::Options;
use crate::ast::*;
use crate::diag::{InfoLog, Loc, Phase};
use crate::names::{FxHashMap, Sym};
use crate::preprocess::PpOutput;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A variable; `open_size` if declared as `T x[]`.
    Var { open_size: bool },
    /// A function.
    Func,
    /// A struct or subroutine type.
    Type,
}

/// Built-in variables and blocks a shader may redeclare (GLSL 4.60 §7.1 and
/// the compatibility profile; ES 3.20 §7.1).
const REDECLARABLE: &[&str] = &[
    "gl_Position",
    "gl_PointSize",
    "gl_ClipDistance",
    "gl_CullDistance",
    "gl_ClipVertex",
    "gl_FragCoord",
    "gl_FragDepth",
    "gl_FragColor",
    "gl_FragData",
    "gl_SampleMask",
    "gl_Layer",
    "gl_ViewportIndex",
    "gl_ViewportMask",
    "gl_PrimitiveID",
    "gl_TexCoord",
    "gl_Color",
    "gl_SecondaryColor",
    "gl_FrontColor",
    "gl_BackColor",
    "gl_FrontSecondaryColor",
    "gl_BackSecondaryColor",
    "gl_FogFragCoord",
    "gl_LastFragData",
    "gl_TessLevelOuter",
    "gl_TessLevelInner",
    "gl_BoundingBox",
    "gl_BoundingBoxEXT",
    "gl_BoundingBoxOES",
    "gl_PerVertex",
    "gl_in",
    "gl_out",
];

struct Checker<'a> {
    tu: &'a TranslationUnit,
    log: &'a mut InfoLog,
    scopes: Vec<FxHashMap<Sym, Kind>>,
    /// Defined function bodies: name and a key of the parameter types.
    bodies: Vec<(Sym, Vec<String>)>,
    stack: Vec<ExprId>,
    /// GLSL 1.10 keeps functions and variables in separate name spaces
    /// (1.20 §4.2.7 merged them; so did ES 1.00).
    shared_namespace: bool,
}

/// Runs the checks, reporting to `log`.
pub(crate) fn check(tu: &mut TranslationUnit, _opts: &Options, pp: &PpOutput, log: &mut InfoLog) {
    let mut c = Checker {
        tu,
        log,
        scopes: vec![FxHashMap::default()],
        bodies: Vec::new(),
        stack: Vec::new(),
        shared_namespace: pp.version.at_least(120, 100),
    };
    let tu = c.tu;
    for item in &tu.items {
        match item {
            ExternalDecl::Function(f) => c.function(f),
            ExternalDecl::Decl(d) => c.decl(d),
        }
    }
}

impl<'a> Checker<'a> {
    fn error(&mut self, loc: Loc, msg: String) {
        self.log.error(Phase::Compiler, loc, msg);
    }

    fn name(&self, s: Sym) -> &'a str {
        self.tu.names.str(s)
    }

    fn lookup(&self, s: Sym) -> Option<Kind> {
        self.scopes.iter().rev().find_map(|m| m.get(&s).copied())
    }

    /// Checks the spelling of a user-declared name.
    fn check_spelling(&mut self, s: Sym, loc: Loc, builtin_ok: bool) {
        let n = self.name(s);
        if n.starts_with("gl_") && !(builtin_ok && REDECLARABLE.contains(&n)) {
            let msg = format!("identifier `{n}' uses reserved `gl_' prefix");
            self.error(loc, msg);
        } else if n.contains("__") {
            let msg = format!("identifier `{n}' uses reserved `__' string");
            self.log.warning(Phase::Compiler, loc, msg);
        }
    }

    fn declare(&mut self, s: Sym, kind: Kind, loc: Loc) {
        let builtin = self.name(s).starts_with("gl_");
        self.check_spelling(s, loc, kind != Kind::Func && kind != Kind::Type);
        let prev = self.scopes.last().and_then(|m| m.get(&s).copied());
        let ok = match (prev, kind) {
            (None, _) => true,
            (Some(Kind::Func), Kind::Func) => true,
            (Some(Kind::Var { open_size: true }), Kind::Var { .. }) => true,
            (Some(Kind::Var { .. }), Kind::Var { .. }) => builtin,
            (Some(Kind::Var { .. }), Kind::Func) | (Some(Kind::Func), Kind::Var { .. }) => {
                !self.shared_namespace
            }
            _ => false,
        };
        if !ok {
            let msg = format!("`{}' redeclared", self.name(s));
            self.error(loc, msg);
        }
        if let Some(m) = self.scopes.last_mut() {
            m.insert(s, kind);
        }
    }

    fn push(&mut self) {
        self.scopes.push(FxHashMap::default());
    }

    fn pop(&mut self) {
        self.scopes.pop();
    }

    // ---- declarations -----------------------------------------------------

    fn type_key(&self, t: &FullType, array: &Option<ArraySpec>) -> String {
        let mut k = match &t.spec.kind {
            TypeKind::Void => "void".to_owned(),
            TypeKind::Builtin(b) => b.name().to_owned(),
            TypeKind::Named(n) => self.name(*n).to_owned(),
            TypeKind::Struct(_) => "struct".to_owned(),
        };
        for a in [&t.spec.array, array].into_iter().flatten() {
            for d in &a.dims {
                match d.map(|e| &self.tu.expr(e).kind) {
                    Some(ExprKind::Int(v) | ExprKind::Uint(v)) => k.push_str(&format!("[{v}]")),
                    Some(_) => k.push_str("[?]"),
                    None => k.push_str("[]"),
                }
            }
        }
        k
    }

    fn function(&mut self, f: &FunctionDef) {
        self.prototype(&f.proto);
        let key: Vec<String> = f
            .proto
            .params
            .iter()
            .map(|p| self.type_key(&p.ty, &p.array))
            .collect();
        let name = f.proto.name;
        if self.bodies.iter().any(|(n, k)| *n == name && *k == key) {
            let msg = format!("function `{}' redefined", self.name(name));
            self.error(f.proto.loc, msg);
        } else {
            self.bodies.push((name, key));
        }
        self.push();
        for p in &f.proto.params {
            if let Some(n) = p.name {
                self.declare(n, Kind::Var { open_size: false }, p.loc);
            }
        }
        self.stmts(&f.body);
        self.pop();
    }

    fn prototype(&mut self, p: &FunctionProto) {
        self.full_type(&p.ret);
        for pa in &p.params {
            self.full_type(&pa.ty);
            self.array(&pa.array);
        }
        let is_type = p
            .ret
            .quals
            .iter()
            .any(|q| matches!(q, Qualifier::Subroutine(v, _) if v.is_empty()));
        // A subroutine type is a type and a function prototype at once.
        let kind = if is_type { Kind::Type } else { Kind::Func };
        if kind == Kind::Type
            && self.scopes.last().and_then(|m| m.get(&p.name)) == Some(&Kind::Type)
        {
            return;
        }
        self.declare(p.name, kind, p.loc);
    }

    fn quals(&mut self, quals: &[Qualifier]) {
        for q in quals {
            if let Qualifier::Layout(ids, _) = q {
                for id in ids {
                    if let Some(v) = id.value {
                        self.expr(v);
                    }
                }
            }
        }
    }

    fn full_type(&mut self, t: &FullType) {
        self.quals(&t.quals);
        self.type_spec(&t.spec);
    }

    fn type_spec(&mut self, t: &TypeSpec) {
        self.array(&t.array);
        if let TypeKind::Struct(s) = &t.kind {
            self.members(&s.members);
            if let Some(n) = s.name {
                self.declare(n, Kind::Type, s.loc);
            }
        }
    }

    fn members(&mut self, members: &[Member]) {
        for m in members {
            self.full_type(&m.ty);
            for (_, a, _) in &m.names {
                self.array(a);
            }
        }
    }

    fn array(&mut self, a: &Option<ArraySpec>) {
        if let Some(a) = a {
            for d in a.dims.iter().flatten() {
                self.expr(*d);
            }
        }
    }

    fn initializer(&mut self, i: &Initializer) {
        match i {
            Initializer::Expr(e) => self.expr(*e),
            Initializer::List(items, _) => {
                for i in items {
                    self.initializer(i);
                }
            }
        }
    }

    fn decl(&mut self, d: &Declaration) {
        match d {
            Declaration::Prototype(p) => self.prototype(p),
            Declaration::Vars { ty, vars } => {
                self.full_type(ty);
                for v in vars {
                    self.array(&v.array);
                    if let Some(i) = &v.init {
                        self.initializer(i);
                    }
                    let open_size = [&ty.spec.array, &v.array]
                        .into_iter()
                        .flatten()
                        .any(|a| a.dims.iter().any(Option::is_none));
                    self.declare(v.name, Kind::Var { open_size }, v.loc);
                }
            }
            Declaration::Precision { .. } => {}
            Declaration::Block(b) => {
                self.quals(&b.quals);
                self.members(&b.members);
                self.check_spelling(b.name, b.loc, true);
                match &b.instance {
                    Some((n, a, loc)) => {
                        self.array(a);
                        self.declare(*n, Kind::Var { open_size: false }, *loc);
                    }
                    None => {
                        for m in &b.members {
                            for (n, _, loc) in &m.names {
                                self.declare(*n, Kind::Var { open_size: false }, *loc);
                            }
                        }
                    }
                }
            }
            Declaration::Redeclare { quals, names } => {
                self.quals(quals);
                for &(n, loc) in names {
                    if self.lookup(n).is_none() && !self.name(n).starts_with("gl_") {
                        let msg = format!("`{}' undeclared", self.name(n));
                        self.error(loc, msg);
                    }
                }
            }
            Declaration::Defaults { quals, .. } => self.quals(quals),
        }
    }

    // ---- statements -------------------------------------------------------

    fn stmts(&mut self, v: &[Stmt]) {
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
        match &s.kind {
            StmtKind::Compound(v) => self.stmts(v),
            _ => self.stmt(s),
        }
    }

    fn condition(&mut self, c: &Condition) {
        match c {
            Condition::Expr(e) => self.expr(*e),
            Condition::Decl {
                ty,
                name,
                loc,
                init,
            } => {
                self.full_type(ty);
                self.expr(*init);
                self.declare(*name, Kind::Var { open_size: false }, *loc);
            }
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Compound(v) => {
                self.push();
                self.stmts(v);
                self.pop();
            }
            StmtKind::Decl(d) => self.decl(d),
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
                    self.expr(*c);
                    self.scoped(then);
                }
                if let Some(o) = otherwise {
                    self.scoped(o);
                }
            }
            StmtKind::Switch { expr, body } => {
                self.expr(*expr);
                self.push();
                self.stmts(body);
                self.pop();
            }
            StmtKind::Case(e) => self.expr(*e),
            StmtKind::While { cond, body } => {
                self.push();
                self.condition(cond);
                self.body(body);
                self.pop();
            }
            StmtKind::DoWhile { body, cond } => {
                self.scoped(body);
                self.expr(*cond);
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
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    self.expr(*e);
                }
            }
            StmtKind::Default
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Discard
            | StmtKind::Demote => {}
        }
    }

    // ---- expressions ------------------------------------------------------

    /// Walks an expression tree with an explicit stack.
    fn expr(&mut self, root: ExprId) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(root);
        let tu = self.tu;
        while let Some(id) = stack.pop() {
            let e = tu.expr(id);
            match &e.kind {
                ExprKind::Ident(s) => {
                    let n = self.name(*s);
                    if self.lookup(*s).is_none() && !n.starts_with("gl_") {
                        let msg = format!("`{n}' undeclared");
                        self.error(e.loc, msg);
                    }
                }
                ExprKind::Unary(_, a) | ExprKind::Field(a, _) => stack.push(*a),
                ExprKind::Binary(_, a, b)
                | ExprKind::Assign(_, a, b)
                | ExprKind::Comma(a, b)
                | ExprKind::Index(a, b) => {
                    stack.push(*b);
                    stack.push(*a);
                }
                ExprKind::Ternary(c, a, b) => {
                    stack.push(*b);
                    stack.push(*a);
                    stack.push(*c);
                }
                ExprKind::Call(_, args) => stack.extend(args.iter().rev()),
                ExprKind::CallExpr(f, args) => {
                    stack.extend(args.iter().rev());
                    stack.push(*f);
                }
                ExprKind::Method(obj, _, args) => {
                    stack.extend(args.iter().rev());
                    stack.push(*obj);
                }
                ExprKind::Construct(t, args) => {
                    stack.extend(args.iter().rev());
                    if let Some(a) = &t.array {
                        stack.extend(a.dims.iter().flatten());
                    }
                }
                ExprKind::Int(_)
                | ExprKind::Uint(_)
                | ExprKind::Int64(_)
                | ExprKind::Uint64(_)
                | ExprKind::Float(_)
                | ExprKind::Double(_)
                | ExprKind::Bool(_)
                | ExprKind::Error => {}
            }
        }
        self.stack = stack;
    }
}
