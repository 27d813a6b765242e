//! The symbol table: nested scopes of variables, functions and types, the
//! redeclaration rules (GLSL 4.60 §4.2), and the built-in variables and
//! struct types looked up on first use.

use super::builtins::Dir;
use super::consts::{Const, Cv};
use super::types::{Base, Num, Scalar, StructInfo, Type};
use super::vars::{self, Mode};
use super::{Checker, builtins};
use crate::ast::Memory;
use crate::diag::Loc;
use crate::names::{FxHashMap, Sym};

/// How a variable is stored, for the l-value and qualifier rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Storage {
    /// Function locals and globals without storage qualifier.
    Plain,
    Const,
    Uniform,
    /// A shader input (`in`, `attribute`, `varying` in a fragment shader).
    In,
    /// A shader output.
    Out,
    Buffer,
    Shared,
    /// A function parameter.
    Param(Dir),
}

/// A variable.
#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub ty: Type,
    pub konst: Option<Const>,
    pub storage: Storage,
    /// Why it may not be written, if it may not.
    pub read_only: Option<&'static str>,
    pub builtin: bool,
    /// `readonly` / `writeonly` (images, buffer variables).
    pub memory: Vec<Memory>,
    /// The largest size an implicitly sized built-in array may take
    /// (`gl_ClipDistance`: gl_MaxClipDistances).
    pub max_size: Option<u32>,
    /// The largest constant index used on an unsized array so far (a later
    /// redeclaration must be larger, GLSL 1.20 §4.1.9).
    pub max_index: Option<i64>,
    /// A per-patch variable of a tessellation stage (`patch`, and the
    /// tessellation levels).
    pub patch: bool,
}

/// A user-declared function.
#[derive(Clone, Debug)]
pub(crate) struct Func {
    pub ret: Type,
    pub params: Vec<(Type, Dir)>,
    /// Parameter qualifiers as a comparable key (`const in`, ...).
    pub quals: Vec<String>,
    /// Memory qualifiers of each parameter (image parameters).
    pub memory: Vec<Vec<Memory>>,
    pub defined: bool,
    /// A prototype (without body) declared it.
    pub prototyped: bool,
    /// `subroutine(T, ...)`: the subroutine types (name symbols) it may be
    /// called through (ARB_shader_subroutine).
    pub subroutine_of: Vec<u32>,
    /// `layout(index = N)` on a subroutine function
    /// (ARB_explicit_uniform_location): its subroutine index.
    pub subroutine_index: Option<u32>,
}

/// What a name means in a scope.
#[derive(Clone, Debug)]
pub(crate) enum Symbol {
    Var(u32),
    /// Functions of this name are declared (see `funcs_by_name`); in GLSL
    /// 1.10 a variable of the same name may coexist (`Var` wins for
    /// expressions).
    Func(Option<u32>),
    Type(Type),
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

impl Checker<'_> {
    pub(super) fn push(&mut self) {
        self.scopes.push(FxHashMap::default());
        let p = self.float_precision.last().copied().unwrap_or(true);
        self.float_precision.push(p);
        let o = self.opaque_precision.last().cloned().unwrap_or_default();
        self.opaque_precision.push(o);
    }

    pub(super) fn pop(&mut self) {
        self.scopes.pop();
        self.float_precision.pop();
        self.opaque_precision.pop();
    }

    pub(super) fn at_global_scope(&self) -> bool {
        self.scopes.len() == 1
    }

    /// GLSL 1.40 §4.3.7: a uniform or buffer block's name is used at
    /// global scope for nothing else.
    fn check_block_name(&mut self, s: Sym, loc: Loc) {
        if self.at_global_scope() && self.block_names.contains_key(&s) {
            let msg = format!("`{}' is already used as a block name", self.name(s));
            self.error(loc, msg);
        }
    }

    pub(super) fn lookup(&self, s: Sym) -> Option<&Symbol> {
        self.scopes.iter().rev().find_map(|m| m.get(&s))
    }

    /// A variable by name: user-declared, else built-in.
    pub(super) fn lookup_var(&mut self, s: Sym) -> Option<Result<u32, Symbol>> {
        match self.lookup(s) {
            Some(Symbol::Var(v)) | Some(Symbol::Func(Some(v))) => return Some(Ok(*v)),
            Some(other) => return Some(Err(other.clone())),
            None => {}
        }
        // A redeclared output gl_PerVertex leaves out the members it does
        // not list (GLSL 1.50 §7.1).
        if self.per_vertex_redeclared.1
            && matches!(
                self.name(s),
                "gl_Position" | "gl_PointSize" | "gl_ClipDistance" | "gl_ClipVertex"
            )
        {
            return None;
        }
        self.builtin_var(s).map(Ok)
    }

    /// Checks the spelling of a user-declared name.
    pub(super) fn check_spelling(&mut self, s: Sym, loc: Loc, builtin_ok: bool) {
        let n = self.name(s);
        if n.starts_with("gl_") && !(builtin_ok && REDECLARABLE.contains(&n)) {
            let msg = format!("identifier `{n}' uses reserved `gl_' prefix");
            self.error(loc, msg);
        } else if n.contains("__") {
            let msg = format!("identifier `{n}' uses reserved `__' string");
            self.warning(loc, msg);
        }
    }

    /// Declares a variable in the current scope.
    pub(super) fn declare_var(&mut self, s: Sym, var: Var, loc: Loc) -> u32 {
        let builtin_name = self.name(s).starts_with("gl_");
        self.check_spelling(s, loc, true);
        self.check_block_name(s, loc);
        let prev = self.scopes.last().and_then(|m| m.get(&s)).cloned();
        if builtin_name
            && self.at_global_scope()
            && let Some(b) = self.builtin_var(s)
        {
            self.check_builtin_redeclaration(s, b, &var, loc);
        }
        // Shaders of one stage joined for linking: the same global declared
        // in two of them is one variable (GL 2.0 §2.15.2).
        if self.joined
            && !builtin_name
            && self.at_global_scope()
            && let Some(Symbol::Var(v)) = &prev
        {
            // Different auxiliary qualifiers (centroid, invariant,
            // interpolation) stay an error, as a link error in Mesa.
            let old = &self.vars[*v as usize];
            let same_aux = self.var_aux.get(v) == self.pending_aux.as_ref();
            // An implicitly sized array may be given its size by another
            // shader of the stage (GLSL 1.20 §4.1.9; the largest wins).
            let (od, nd) = (old.ty.dims.first().copied(), var.ty.dims.first().copied());
            let sizes_merge = old.ty.base == var.ty.base
                && old.ty.dims.len() == var.ty.dims.len()
                && (od == Some(None) || nd == Some(None));
            // Interface block instances: each declaration made its own
            // struct; blocks of the same members are one block.
            let same_block = old.ty.dims == var.ty.dims
                && match (old.ty.base, var.ty.base) {
                    (Base::Struct(a), Base::Struct(b)) => {
                        self.structs.get(a as usize).map(|s| &s.members)
                            == self.structs.get(b as usize).map(|s| &s.members)
                    }
                    _ => false,
                };
            if (old.ty == var.ty || sizes_merge || same_block)
                && old.storage == var.storage
                && same_aux
            {
                let v = *v;
                // Two initializers must be the same constant (Mesa's link
                // error otherwise, also for initializers that are not
                // constants).
                if let (Some(a), Some(b)) = (self.var_init.get(&v), &self.pending_init) {
                    if a.is_none() || b.is_none() || a != b {
                        let msg = format!(
                            "global variable `{}' has different initializers in shaders of one stage",
                            self.name(s)
                        );
                        self.error(loc, msg);
                    }
                } else if let Some(init) = self.pending_init.clone() {
                    self.var_init.insert(v, init);
                }
                // Explicit locations given twice must agree (Mesa's link
                // error); one given once holds.
                match (self.var_location.get(&v).copied(), self.pending_location) {
                    (Some(a), Some(b)) if a != b => {
                        let msg = format!(
                            "explicit locations for `{}' have differing values ({a} and {b}) in shaders of one stage",
                            self.name(s)
                        );
                        self.error(loc, msg);
                    }
                    (None, Some(b)) => {
                        self.var_location.insert(v, b);
                    }
                    _ => {}
                }
                if let Some(Some(n)) = nd
                    && od == Some(None)
                {
                    self.vars[v as usize].ty.dims[0] = Some(n);
                }
                self.rec.decls.entry((loc, s)).or_default().push(v);
                return v;
            }
        }
        let ok = match &prev {
            None => true,
            Some(Symbol::Var(v)) => {
                let old = self.vars[*v as usize].clone();
                // GLSL 1.20 §4.1.9: an unsized array may be redeclared with
                // a size larger than any index used before.
                let open = old.ty.dims.first() == Some(&None);
                let new_size = var.ty.dims.first().copied().flatten();
                if open
                    && let (Some(n), Some(mx)) = (new_size, old.max_index)
                    && i64::from(n) <= mx
                {
                    let msg = format!(
                        "array `{}' redeclared with size {n}, but index {mx} was used",
                        self.name(s)
                    );
                    self.error(loc, msg);
                }
                builtin_name || (open && old.ty.base == var.ty.base)
            }
            Some(Symbol::Func(None)) => !self.shared_namespace,
            _ => false,
        };
        if !ok {
            let msg = format!("`{}' redeclared", self.name(s));
            self.error(loc, msg);
        }
        let mut var = var;
        if self.env.stage == crate::Stage::Geometry
            && var.storage == Storage::In
            && self.at_global_scope()
        {
            if let Some(n) = self.gs_input_size() {
                self.size_geometry_input(s, &mut var.ty, n, None, loc);
            } else if let Some(Some(m)) = var.ty.dims.first().copied() {
                // Before the layout: every sized input the same size.
                match self.gs_input_size_seen {
                    Some(k) if k != m => {
                        self.error(loc, "geometry shader input sizes are inconsistent");
                    }
                    _ => self.gs_input_size_seen = Some(m),
                }
            }
        }
        let id = self.vars.len() as u32;
        if let Some(aux) = self.pending_aux.clone() {
            self.var_aux.insert(id, aux);
        }
        if let Some(l) = self.pending_location {
            self.var_location.insert(id, l);
        }
        if let Some(init) = self.pending_init.clone() {
            self.var_init.insert(id, init);
        }
        self.vars.push(var);
        self.rec.var_names.push(s);
        self.rec.decls.entry((loc, s)).or_default().push(id);
        let sym = match prev {
            Some(Symbol::Func(_)) if !self.shared_namespace => Symbol::Func(Some(id)),
            _ => Symbol::Var(id),
        };
        if let Some(m) = self.scopes.last_mut() {
            m.insert(s, sym);
        }
        id
    }

    /// A redeclared built-in keeps its storage and stays within its limits.
    fn check_builtin_redeclaration(&mut self, s: Sym, b: u32, var: &Var, loc: Loc) {
        let old = self.vars[b as usize].clone();
        let n = self.name(s);
        if matches!(old.storage, Storage::In | Storage::Out)
            && old.storage != var.storage
            && !var.ty.is_error()
            && var.storage != Storage::Plain
        {
            let msg = format!("built-in `{n}' redeclared with a different storage qualifier");
            self.error(loc, msg);
        } else if old.storage != var.storage
            && var.storage == Storage::Plain
            && old.max_size.is_some()
        {
            let msg = format!("built-in `{n}' must be redeclared with its storage qualifier");
            self.error(loc, msg);
        }
        if let (Some(max), Some(Some(n))) = (old.max_size, var.ty.dims.first())
            && *n > max
        {
            let msg = format!(
                "`{}' redeclared with size {n}, larger than the maximum {max}",
                self.name(s)
            );
            self.error(loc, msg);
        }
        if old.max_size.is_some()
            && (var.ty.base != old.ty.base || var.ty.dims.len() != old.ty.dims.len())
        {
            let msg = format!("built-in `{n}' redeclared with a different type");
            self.error(loc, msg);
        }
    }

    /// Declares a struct or subroutine type name.
    pub(super) fn declare_type(&mut self, s: Sym, t: Type, loc: Loc) {
        self.check_spelling(s, loc, false);
        self.check_block_name(s, loc);
        if self.scopes.last().is_some_and(|m| m.contains_key(&s)) {
            let msg = format!("`{}' redeclared", self.name(s));
            self.error(loc, msg);
        }
        if let Some(m) = self.scopes.last_mut() {
            m.insert(s, Symbol::Type(t));
        }
    }

    /// Records a function name in the current scope; false if the name is
    /// taken by something else.
    pub(super) fn declare_func_name(&mut self, s: Sym, loc: Loc) -> bool {
        self.check_spelling(s, loc, false);
        self.check_block_name(s, loc);
        let prev = self.scopes.last().and_then(|m| m.get(&s)).cloned();
        let ok = match prev {
            None | Some(Symbol::Func(_)) => true,
            Some(Symbol::Var(v)) if !self.shared_namespace => {
                if let Some(m) = self.scopes.last_mut() {
                    m.insert(s, Symbol::Func(Some(v)));
                }
                return true;
            }
            _ => false,
        };
        if !ok {
            let msg = format!("`{}' redeclared", self.name(s));
            self.error(loc, msg);
            return false;
        }
        if let Some(m) = self.scopes.last_mut() {
            m.entry(s).or_insert(Symbol::Func(None));
        }
        true
    }

    // ---- built-ins -----------------------------------------------------------

    pub(super) fn declare_builtin_structs(&mut self) {
        let all = builtins::all_exts();
        for (name, members) in vars::structs() {
            let always = matches!(*name, "gl_DepthRangeParameters" | "gl_PerVertex");
            if !always && !self.env.compat {
                continue;
            }
            let ms = members
                .iter()
                .map(|(ty, n, dims)| {
                    let t = builtins::concrete(ty, &all).unwrap_or(Type::ERROR);
                    let sym = self.tu.names.get(n).unwrap_or(Sym(u32::MAX));
                    (sym, t.array_of(dims))
                })
                .collect();
            let id = self.structs.len() as u32;
            self.structs.push(StructInfo {
                name: self.tu.names.get(name),
                members: ms,
            });
            self.builtin_struct_ids.insert(name, id);
            if let Some(s) = self.tu.names.get(name)
                && let Some(m) = self.scopes.first_mut()
            {
                m.insert(s, Symbol::Type(Type::new(Base::Struct(id))));
            }
        }
    }

    /// The built-in variable `s`, declared on first use.
    pub(super) fn builtin_var(&mut self, s: Sym) -> Option<u32> {
        if let Some(v) = self.builtin_vars.get(&s) {
            return *v;
        }
        let name = self.name(s);
        let def = if name.starts_with("gl_") {
            vars::lookup(name, &self.env)
        } else {
            None
        };
        let id = def.map(|d| {
            let all = builtins::all_exts();
            let base = match builtins::concrete(d.ty, &all) {
                Some(t) => t,
                None => match self.builtin_struct_ids.get(d.ty) {
                    Some(&i) => Type::new(Base::Struct(i)),
                    None => Type::ERROR,
                },
            };
            let mut ty = base.array_of(&d.dims);
            if name == "gl_in"
                && let Some(n) = self.gs_input_size()
            {
                ty.dims[0] = Some(n);
            }
            let max_size = match name {
                "gl_ClipDistance" | "gl_CullDistance" | "gl_TexCoord" => Some(8),
                _ => None,
            };
            let (storage, read_only, konst) = match d.mode {
                Mode::In => (Storage::In, Some("shader input"), None),
                Mode::Out => (Storage::Out, None, None),
                Mode::Uniform => (Storage::Uniform, Some("uniform"), None),
                Mode::Const(v) => {
                    let k = match (v, ty.as_num()) {
                        (Some(v), Some(n)) => Const::Known(
                            std::iter::repeat_n(Cv::I(v).convert(n.s), n.components() as usize)
                                .collect(),
                        ),
                        _ => Const::Unknown,
                    };
                    (Storage::Const, Some("constant"), Some(k))
                }
            };
            let id = self.vars.len() as u32;
            self.rec.var_names.push(s);
            self.vars.push(Var {
                ty,
                konst,
                storage,
                read_only,
                builtin: true,
                max_size,
                max_index: None,
                memory: Vec::new(),
                patch: matches!(self.name(s), "gl_TessLevelOuter" | "gl_TessLevelInner"),
            });
            id
        });
        self.builtin_vars.insert(s, id);
        id
    }

    /// Vertices of the declared geometry input primitive, if any.
    pub(super) fn gs_input_size(&self) -> Option<u32> {
        let p = self.layout.gs_in_prim.as_deref()?;
        super::layout::gs_input_vertices(p)
    }

    /// Sizes an unsized geometry shader input array `s` of type `ty` by
    /// the input primitive's `n` vertices, or checks a declared size
    /// (GLSL 1.50 §4.3.4).
    fn size_geometry_input(
        &mut self,
        s: Sym,
        ty: &mut Type,
        n: u32,
        max_index: Option<i64>,
        loc: Loc,
    ) {
        match ty.dims.first().copied() {
            Some(None) => {
                // Indexed before the layout sized it (Mesa's words).
                if let Some(mx) = max_index.filter(|&mx| mx >= i64::from(n)) {
                    let msg = format!(
                        "geometry shader accesses element {mx} of {}, but only {n} input \
                         vertices",
                        self.name(s)
                    );
                    self.error(loc, msg);
                }
                ty.dims[0] = Some(n);
            }
            Some(Some(m)) if m != n => {
                let msg = format!(
                    "size of array `{}' declared as {m}, but number of input vertices is {n}",
                    self.name(s)
                );
                self.error(loc, msg);
            }
            _ => {}
        }
    }

    /// GLSL 4.00 §4.3.8.2: a tessellation control shader's per-vertex
    /// output arrays have the `vertices` layout's size (Mesa's words).
    pub(super) fn check_control_output_size(&mut self, size: Option<u32>, loc: Loc) {
        let (Some(m), Some(n)) = (size, self.layout.vertices) else {
            return;
        };
        if i64::from(m) != n {
            let msg = format!(
                "tessellation control shader output size contradicts previously declared \
                 layout (size is {m}, but layout requires a size of {n})"
            );
            self.error(loc, msg);
        }
    }

    /// `vertices` was just declared: checks the per-vertex outputs
    /// declared before it.
    pub(super) fn check_control_output_sizes(&mut self, loc: Loc) {
        let sizes: Vec<u32> = self
            .vars
            .iter()
            .filter(|v| v.storage == Storage::Out && !v.patch && !v.builtin)
            .filter_map(|v| v.ty.dims.first().copied().flatten())
            .collect();
        for m in sizes {
            self.check_control_output_size(Some(m), loc);
        }
    }

    /// The input primitive was just declared: sizes the geometry inputs
    /// declared before it (and `gl_in` if used).
    pub(super) fn size_geometry_inputs(&mut self, loc: Loc) {
        let Some(n) = self.gs_input_size() else {
            return;
        };
        for i in 0..self.vars.len() {
            let v = &self.vars[i];
            if v.storage != Storage::In || !v.ty.is_array() {
                continue;
            }
            let s = self.rec.var_names[i];
            let mut ty = v.ty.clone();
            let max_index = v.max_index;
            self.size_geometry_input(s, &mut ty, n, max_index, loc);
            self.vars[i].ty = ty;
        }
    }

    /// A struct type from its members (blocks use this too).
    pub(super) fn new_struct(&mut self, name: Option<Sym>, members: Vec<(Sym, Type)>) -> Type {
        let id = self.structs.len() as u32;
        self.structs.push(StructInfo { name, members });
        Type::new(Base::Struct(id))
    }

    /// Number of scalar components in a value of type `t` (for constant
    /// folding and constructors).
    pub(super) fn comp_count(&self, t: &Type) -> usize {
        let elems: usize = t
            .dims
            .iter()
            .map(|d| d.unwrap_or(1) as usize)
            .fold(1usize, usize::saturating_mul);
        let base = match t.base {
            Base::Num(n) => n.components() as usize,
            Base::Struct(i) => self.structs.get(i as usize).map_or(1, |s| {
                s.members
                    .iter()
                    .map(|(_, m)| self.comp_count_shallow(m))
                    .sum()
            }),
            _ => 1,
        };
        elems.saturating_mul(base).min(1 << 20)
    }

    /// `comp_count` for struct members: nested structs are counted as one
    /// component each (bounded work on deeply nested types).
    fn comp_count_shallow(&self, t: &Type) -> usize {
        let elems: usize = t
            .dims
            .iter()
            .map(|d| d.unwrap_or(1) as usize)
            .fold(1usize, usize::saturating_mul);
        let base = match t.base {
            Base::Num(n) => n.components() as usize,
            _ => 1,
        };
        elems.saturating_mul(base)
    }

    /// Whether `t` is or contains a type satisfying `f`.
    pub(super) fn contains(&self, t: &Type, f: &dyn Fn(&Type) -> bool) -> bool {
        let mut stack = vec![Type::new(t.base)];
        let mut seen = 0usize;
        while let Some(t) = stack.pop() {
            seen += 1;
            if seen > 10_000 {
                return false;
            }
            if f(&t) {
                return true;
            }
            if let Base::Struct(i) = t.base
                && let Some(s) = self.structs.get(i as usize)
            {
                stack.extend(s.members.iter().map(|(_, m)| Type::new(m.base)));
            }
        }
        false
    }

    /// Whether `t` is an integer or double type (or contains one), which
    /// must be `flat` as a fragment input.
    pub(super) fn needs_flat(&self, t: &Type) -> bool {
        self.contains(t, &|t| {
            matches!(t.base, Base::Num(Num { s, .. }) if s != Scalar::Float && s != Scalar::Bool)
        })
    }
}
