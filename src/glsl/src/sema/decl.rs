//! Declarations: the types of type specifiers (structs and array sizes
//! included), variable declarations with their qualifiers and initializers,
//! interface blocks, precision statements, and functions (prototypes,
//! definitions, `main`).

use super::builtins::{self, Dir};
use super::consts::Const;
use super::scope::{Func, Storage, Symbol, Var};
use super::types::{Base, Scalar, Type, builtin};
use super::{Checker, FnCtx};
use crate::ast::{
    self, ArraySpec, Block, Declaration, ExprId, FullType, FunctionDef, FunctionProto, Initializer,
    Interp, Member, Memory, Precision, Qualifier, TypeKind, TypeSpec,
};
use crate::diag::Loc;
use crate::extensions::Ext;
use crate::keywords::BuiltinType;
use crate::names::Sym;
use crate::version::Stage;

/// GLSL 4.50 §4.10: memory qualifiers only on images, buffer variables
/// and shader storage blocks.
const MEMORY_IN_UNIFORM_BLOCK: &str = "memory qualifiers may only be used in the declarations of \
     image variables, buffer variables and shader storage blocks";

/// The qualifiers of a declaration, sorted out.
#[derive(Default)]
pub(super) struct Quals {
    pub storage: Vec<(ast::Storage, Loc)>,
    pub interp: Option<(Interp, Loc)>,
    pub precision: Option<(Precision, Loc)>,
    pub invariant: Option<Loc>,
    pub memory: Vec<Memory>,
    pub layout: Vec<ast::LayoutId>,
}

impl Quals {
    pub(super) fn has(&self, s: ast::Storage) -> bool {
        self.storage.iter().any(|(x, _)| *x == s)
    }

    fn first_loc(&self) -> Option<Loc> {
        self.storage.first().map(|(_, l)| *l)
    }
}

impl Checker<'_> {
    pub(super) fn quals(&mut self, qs: &[Qualifier]) -> Quals {
        let mut q = Quals::default();
        for x in qs {
            match x {
                Qualifier::Storage(s, l) => q.storage.push((*s, *l)),
                Qualifier::Interp(i, l) => q.interp = Some((*i, *l)),
                Qualifier::Precision(p, l) => q.precision = Some((*p, *l)),
                Qualifier::Invariant(l) => q.invariant = Some(*l),
                Qualifier::Memory(m, _) => q.memory.push(*m),
                Qualifier::Layout(ids, _) => q.layout.extend(ids.iter().cloned()),
                Qualifier::Precise(_) | Qualifier::Subroutine(..) => {}
            }
        }
        q
    }

    /// The order of qualifiers before GLSL 4.20 (GLSL 1.30 §4.7: invariant,
    /// interpolation, storage, precision; GLSL 4.00 puts `centroid` /
    /// `sample` / `patch` just before the storage qualifier they go with;
    /// `precise` comes first). Each qualifier is checked against those that
    /// follow it, with Mesa's messages (its grammar is right-recursive);
    /// ARB_shading_language_420pack and GLSL ES 3.10 lift the rule. A
    /// parameter (`param`) orders `const`, direction, precision.
    fn check_qualifier_order(&mut self, qs: &[Qualifier], param: bool) {
        use ast::Storage as S;
        if self.has_420pack() || self.at_least(0, 310) {
            self.check_qualifier_repeats(qs, param);
            return;
        }
        let aux =
            |q: &Qualifier| matches!(q, Qualifier::Storage(S::Centroid | S::Sample | S::Patch, _));
        let storage = |q: &Qualifier| matches!(q, Qualifier::Storage(..)) && !aux(q);
        for (i, q) in qs.iter().enumerate() {
            let rest = &qs[i + 1..];
            let any = |f: &dyn Fn(&Qualifier) -> bool| rest.iter().any(f);
            let precise = |q: &Qualifier| matches!(q, Qualifier::Precise(_));
            let invariant = |q: &Qualifier| matches!(q, Qualifier::Invariant(_));
            let interp = |q: &Qualifier| matches!(q, Qualifier::Interp(..));
            let layout = |q: &Qualifier| matches!(q, Qualifier::Layout(..));
            let (bad, msg) = match q {
                Qualifier::Precision(_, _) => (
                    any(&|q| !matches!(q, Qualifier::Precision(..))),
                    "precision qualifiers must come last",
                ),
                Qualifier::Storage(S::In | S::Out | S::Inout, _) if param => (
                    any(&|q| matches!(q, Qualifier::Storage(S::Const, _))),
                    "in/out/inout must come after const or precise",
                ),
                _ if param => continue,
                Qualifier::Invariant(_) => {
                    (any(&precise), "\"invariant\" must come after \"precise\"")
                }
                Qualifier::Interp(..) => (
                    any(&|q| precise(q) || invariant(q)),
                    "interpolation qualifiers must come after \"precise\" or \"invariant\"",
                ),
                q if aux(q) => (
                    !self.has(Ext::EXT_gpu_shader4)
                        && any(&|q| precise(q) || invariant(q) || interp(q) || layout(q)),
                    "auxiliary storage qualifiers must come just before storage qualifiers",
                ),
                q if storage(q) => (
                    any(&|q| precise(q) || invariant(q) || interp(q) || layout(q) || aux(q)),
                    "storage qualifiers must come after precise, invariant, interpolation, \
                     layout and auxiliary storage qualifiers",
                ),
                _ => continue,
            };
            if bad {
                self.error(q.loc(), msg);
            }
        }
    }

    /// Where the order of qualifiers is free (GLSL 4.20,
    /// ARB_shading_language_420pack, GLSL ES 3.10), each kind still comes
    /// at most once: one storage qualifier (a parameter: one `const`, one
    /// direction), one auxiliary storage, interpolation and precision
    /// qualifier, `invariant` and `precise` once.
    fn check_qualifier_repeats(&mut self, qs: &[Qualifier], param: bool) {
        use ast::Storage as S;
        let mut seen = [false; 7];
        for q in qs {
            let (kind, what) = match q {
                Qualifier::Storage(S::Centroid | S::Sample | S::Patch, _) => {
                    (0, "auxiliary storage")
                }
                Qualifier::Storage(S::Const, _) if param => (1, "const"),
                Qualifier::Storage(..) => (2, "storage"),
                Qualifier::Interp(..) => (3, "interpolation"),
                Qualifier::Precision(..) => (4, "precision"),
                Qualifier::Invariant(_) => (5, "invariant"),
                Qualifier::Precise(_) => (6, "precise"),
                _ => continue,
            };
            if std::mem::replace(&mut seen[kind], true) {
                self.error(q.loc(), format!("duplicate {what} qualifier"));
            }
        }
    }

    // ---- types ---------------------------------------------------------------

    /// The type a specifier names, its own array dimensions included.
    pub(super) fn type_spec(&mut self, t: &TypeSpec) -> Type {
        let base = match &t.kind {
            TypeKind::Void => Type::VOID,
            TypeKind::Builtin(b) => builtin(*b),
            TypeKind::Named(n) => match self.lookup(*n) {
                Some(Symbol::Type(t)) => t.clone(),
                _ => {
                    let msg = format!("`{}' is not a type", self.name(*n));
                    self.error(t.loc, msg);
                    Type::ERROR
                }
            },
            TypeKind::Struct(s) => self.struct_def(s),
        };
        let dims = self.array_dims(&t.array);
        self.check_array_of_arrays(&base, dims.len(), t.loc);
        base.array_of(&dims)
    }

    fn struct_def(&mut self, s: &ast::StructDef) -> Type {
        let mut members: Vec<(Sym, Type)> = Vec::new();
        for m in &s.members {
            let q = self.quals(&m.ty.quals);
            if let Some(l) = q.first_loc() {
                self.error(l, "storage qualifiers are not allowed on struct members");
            } else if let Some(other) = m.ty.quals.iter().find(|x| {
                matches!(
                    x,
                    Qualifier::Interp(..) | Qualifier::Invariant(_) | Qualifier::Precise(_)
                )
            }) {
                // Mesa's wording (its grammar takes any qualifier here).
                self.error(
                    other.loc(),
                    "only precision qualifiers may be applied to structure members",
                );
            }
            if matches!(m.ty.spec.kind, TypeKind::Struct(_)) && self.env.version.number != 110 {
                self.error(
                    m.ty.spec.loc,
                    "embedded structure definitions are not allowed",
                );
            }
            let base = self.type_spec(&m.ty.spec);
            if base.is_void() {
                self.error(m.ty.spec.loc, "void type in struct member");
            }
            for (n, a, loc) in &m.names {
                let dims = self.array_dims(a);
                self.check_array_of_arrays(&base, dims.len(), *loc);
                let t = base.array_of(&dims);
                if t.dims.contains(&None) {
                    self.error(*loc, "unsized array in struct member");
                }
                if members.iter().any(|(x, _)| x == n) {
                    let msg = format!("duplicate struct member `{}'", self.name(*n));
                    self.error(*loc, msg);
                }
                members.push((*n, t));
            }
        }
        if s.members.is_empty() {
            self.error(s.loc, "empty struct");
        }
        // Joined shaders of one stage may each define the same struct.
        if self.joined
            && self.at_global_scope()
            && let Some(n) = s.name
            && let Some(super::scope::Symbol::Type(old)) =
                self.scopes.last().and_then(|m| m.get(&n)).cloned()
            && let Base::Struct(id) = old.base
            && self
                .structs
                .get(id as usize)
                .is_some_and(|st| st.members == members)
        {
            return old;
        }
        let t = self.new_struct(s.name, members);
        if let Some(n) = s.name {
            self.declare_type(n, t.clone(), s.loc);
        }
        t
    }

    fn check_array_of_arrays(&mut self, base: &Type, extra: usize, loc: Loc) {
        if base.dims.len() + extra > 1
            && !(self.at_least(430, 310) || self.has(Ext::ARB_arrays_of_arrays))
        {
            self.error(loc, "arrays of arrays are not allowed in this version");
        }
    }

    pub(super) fn array_dims(&mut self, a: &Option<ArraySpec>) -> Vec<Option<u32>> {
        let Some(a) = a else { return Vec::new() };
        a.dims
            .iter()
            .map(|d| d.and_then(|e| self.array_size(e)))
            .collect()
    }

    /// An array size: a constant integral expression greater than zero.
    pub(super) fn array_size(&mut self, e: ExprId) -> Option<u32> {
        let v = self.expr(e);
        let loc = self.tu.expr(e).loc;
        if !self.is_es() && matches!(self.tu.expr(e).kind, ast::ExprKind::Comma(..)) {
            self.error(loc, "array size must be a constant valued expression");
            return Some(1);
        }
        if v.ty.is_error() {
            return Some(1);
        }
        if !v
            .ty
            .is_scalar_of(|s| matches!(s, Scalar::Int | Scalar::Uint))
        {
            self.error(
                loc,
                "array size must be a constant valued expression of integer type",
            );
            return Some(1);
        }
        match v.k {
            None => {
                self.error(loc, "array size must be a constant valued expression");
                Some(1)
            }
            Some(Const::Unknown) => Some(1),
            Some(k) => match k.int() {
                Some(n) if n > 0 => Some(u32::try_from(n).unwrap_or(u32::MAX)),
                _ => {
                    self.error(loc, "array size must be greater than zero");
                    Some(1)
                }
            },
        }
    }

    // ---- declarations --------------------------------------------------------

    pub(super) fn decl(&mut self, d: &Declaration, global: bool) {
        match d {
            Declaration::Prototype(p) => {
                let _ = global;
                self.prototype(p, false);
            }
            Declaration::Vars { ty, vars } => self.vars_decl(ty, vars, global),
            Declaration::Precision { precision, ty, loc } => {
                let t = self.type_spec(ty);
                if global && t == Type::FLOAT {
                    self.global_precision[0] = Some(*precision);
                } else if global && t == Type::INT {
                    self.global_precision[1] = Some(*precision);
                }
                let ok = match t.base {
                    Base::Num(n) => n.is_scalar() && matches!(n.s, Scalar::Float | Scalar::Int),
                    Base::Opaque(_) => true,
                    Base::Error => true,
                    _ => false,
                } && !t.is_array();
                if !ok {
                    self.error(
                        *loc,
                        "default precision statements apply only to float, int, and opaque types",
                    );
                } else if t == Type::FLOAT
                    && let Some(p) = self.float_precision.last_mut()
                {
                    *p = true;
                } else if let Base::Opaque(b) = t.base
                    && let Some(o) = self.opaque_precision.last_mut()
                {
                    o.push(b);
                }
            }
            Declaration::Block(b) => self.block(b, global),
            Declaration::Redeclare { quals, names } => {
                let _ = self.quals(quals);
                for &(n, loc) in names {
                    if self.lookup_var(n).is_none() {
                        let msg = format!("`{}' undeclared", self.name(n));
                        self.error(loc, msg);
                    }
                }
            }
            Declaration::Defaults { quals, .. } => {
                let q = self.quals(quals);
                // (`layout(...) out;` declares no variable: the GLSL 1.10
                // rule on global `in`/`out` variables does not apply, as
                // in Mesa, whose tessellation and geometry stages take
                // such defaults at any version.)
                let storage = self.storage_of_in(&q, global, false);
                self.check_layout(quals, &q, super::layout::Site::Default(storage), None);
            }
        }
    }

    fn storage_of(&mut self, q: &Quals, global: bool) -> Storage {
        self.storage_of_in(q, global, true)
    }

    /// The storage of qualifiers `q` on a declaration at global scope or
    /// not; `variables`: the declaration declares variables (not only
    /// layout defaults).
    fn storage_of_in(&mut self, q: &Quals, global: bool, variables: bool) -> Storage {
        use ast::Storage as S;
        let stage = self.env.stage;
        let mut st = Storage::Plain;
        for &(s, loc) in &q.storage {
            let v = match s {
                S::Const => Storage::Const,
                S::Uniform => Storage::Uniform,
                S::Buffer => Storage::Buffer,
                S::Shared => {
                    if stage != Stage::Compute {
                        self.error(loc, "`shared' is only allowed in compute shaders");
                    }
                    Storage::Shared
                }
                S::In | S::Out => {
                    // GLSL 1.10/1.20 and ES 1.00 have `in` and `out` on
                    // parameters only (`varying out`, EXT_gpu_shader4, is
                    // handled below; some extensions bring them earlier).
                    let early = !self.env.version.at_least(130, 300)
                        && !q.has(S::Varying)
                        && !self.env.exts.any(&[
                            Ext::ARB_explicit_attrib_location,
                            Ext::ARB_separate_shader_objects,
                            Ext::ARB_fragment_coord_conventions,
                            Ext::EXT_gpu_shader4,
                        ]);
                    if global && variables && early {
                        let word = if s == S::In { "in" } else { "out" };
                        let msg = format!(
                            "`{word}' qualifier in a global declaration is only valid for \
                             function parameters in {}",
                            self.env.version
                        );
                        self.error(loc, msg);
                    }
                    if s == S::In {
                        Storage::In
                    } else {
                        Storage::Out
                    }
                }
                S::Attribute => {
                    if stage != Stage::Vertex {
                        self.error(loc, "`attribute' is only allowed in vertex shaders");
                    }
                    Storage::In
                }
                // `varying out` (EXT_gpu_shader4) is an output.
                S::Varying if q.has(S::Out) || q.has(S::In) => continue,
                S::Varying => match stage {
                    Stage::Fragment => Storage::In,
                    Stage::Compute => {
                        self.error(loc, "`varying' is not allowed in compute shaders");
                        Storage::Out
                    }
                    _ => Storage::Out,
                },
                S::Inout => {
                    self.error(loc, "`inout' is only allowed on function parameters");
                    Storage::Plain
                }
                S::Centroid | S::Patch | S::Sample => continue,
            };
            if st != Storage::Plain && st != v {
                self.error(loc, "too many storage qualifiers");
            }
            st = v;
            if !global && !matches!(v, Storage::Const) {
                self.error(loc, "storage qualifier not allowed on local variables");
            }
        }
        st
    }

    fn vars_decl(&mut self, ty: &FullType, decls: &[ast::InitDeclarator], global: bool) {
        self.check_qualifier_order(&ty.quals, false);
        let q = self.quals(&ty.quals);
        let storage = self.storage_of(&q, global);
        // ARB_compute_shader: "Compute shaders do not permit user-defined
        // input variables" (nor outputs).
        if self.env.stage == crate::Stage::Compute
            && matches!(storage, Storage::In | Storage::Out)
            && !decls.is_empty()
        {
            let what = if storage == Storage::In {
                "input"
            } else {
                "output"
            };
            self.error(
                ty.spec.loc,
                format!("compute shaders cannot have user-defined {what} variables"),
            );
        }
        // GLSL 4.30 §4.3.7: buffer variables live in blocks only.
        if storage == Storage::Buffer && !decls.is_empty() {
            self.error(
                ty.spec.loc,
                "buffer variables must be declared inside shader storage blocks",
            );
        }
        let base = self.type_spec(&ty.spec);
        let loc0 = ty.spec.loc;
        // ARB_shader_subroutine: `subroutine` on a variable declares a
        // subroutine uniform, and only that.
        for x in &ty.quals {
            if let Qualifier::Subroutine(types, l) = x {
                let ok = types.is_empty()
                    && storage == Storage::Uniform
                    && (matches!(base.base, Base::Subroutine(_)) || base.is_error());
                if !ok {
                    self.error(
                        *l,
                        "`subroutine' qualifies only subroutine uniforms of a subroutine type",
                    );
                }
            }
        }
        if matches!(base.base, Base::Subroutine(_)) && storage != Storage::Uniform {
            self.error(
                loc0,
                "variables of a subroutine type must be subroutine uniforms",
            );
        }
        let site = if global {
            super::layout::Site::Var(storage)
        } else {
            super::layout::Site::Local
        };
        self.check_layout(&ty.quals, &q, site, Some(&base));
        if decls.is_empty() {
            // `lowp struct s { ... };`: GLSL ES 1.00 §4.5.2, precision
            // qualifiers apply to no struct, declared variables or not.
            if let (Some((_, ploc)), Base::Struct(_)) = (q.precision, &base.base) {
                self.error(
                    ploc,
                    "precision qualifiers apply only to floating point, integer and opaque types",
                );
            }
            return;
        }
        self.check_type_quals(&q, &base, storage, loc0);
        self.check_memory_quals(&q, &base, storage, loc0);
        for d in decls {
            if global && self.env.stage == Stage::Fragment && self.name(d.name) == "gl_FragCoord" {
                self.frag_coord_redeclared(&q, d.loc);
            }
            if global && self.env.stage == Stage::Fragment && self.name(d.name) == "gl_FragDepth" {
                self.frag_depth_redeclared(&q, d.loc);
            }
            let dims = self.array_dims(&d.array);
            self.check_array_of_arrays(&base, dims.len(), d.loc);
            let mut t = base.array_of(&dims);
            if t.dims.iter().skip(1).any(Option::is_none) {
                self.error(d.loc, "only the outermost array dimension can be unsized");
            }
            if t.base == Base::Void {
                let msg = format!("`{}' declared as type void", self.name(d.name));
                self.error(d.loc, msg);
                t = Type::ERROR;
            }
            let mut konst = None;
            if let Some(init) = &d.init {
                konst = self.initializer(&mut t, init, storage, global, d.loc);
            } else if storage == Storage::Const {
                let msg = format!(
                    "const declaration of `{}' must be initialized",
                    self.name(d.name)
                );
                self.error(d.loc, msg);
            }
            self.check_var(&q, &t, storage, d.loc);
            let read_only = match storage {
                Storage::Const => Some("constant"),
                Storage::Uniform => Some("uniform"),
                Storage::In => Some("shader input"),
                _ => None,
            };
            let init_value = konst.clone();
            let konst = if storage == Storage::Const {
                konst.or(Some(Const::Unknown))
            } else {
                None
            };
            if self.joined && self.at_global_scope() {
                // `attribute` and `varying` are the `in` and `out` of
                // their stage (Mesa's shader inputs and outputs).
                let vertex = self.env.stage == crate::Stage::Vertex;
                let mut storages: Vec<String> = q
                    .storage
                    .iter()
                    .map(|(x, _)| match x {
                        ast::Storage::Attribute => ast::Storage::In,
                        ast::Storage::Varying if vertex => ast::Storage::Out,
                        ast::Storage::Varying => ast::Storage::In,
                        other => *other,
                    })
                    .map(|x| format!("{x:?}"))
                    .collect();
                storages.sort();
                self.pending_aux = Some(format!(
                    "{storages:?} {:?} {}",
                    q.interp.map(|(i, _)| i),
                    q.invariant.is_some()
                ));
                self.pending_location = self.literal_layout(&q.layout, "location").map(|l| l.0);
                self.pending_init = d
                    .init
                    .as_ref()
                    .map(|_| init_value.clone().filter(|k| matches!(k, Const::Known(_))));
            }
            let scalar = match t.base {
                Base::Num(n) => Some(n.s),
                _ => None,
            };
            let id = self.declare_var(
                d.name,
                Var {
                    ty: t,
                    konst,
                    storage,
                    read_only,
                    builtin: false,
                    max_size: None,
                    max_index: None,
                    memory: q.memory.clone(),
                    patch: q.has(ast::Storage::Patch),
                },
                d.loc,
            );
            if let Some(f) = q
                .layout
                .iter()
                .find_map(|l| super::layout::format_name(self.name(l.name)))
            {
                self.image_formats.insert(id, f);
            }
            if global && self.is_es() && storage == Storage::Uniform {
                let default = match scalar {
                    Some(Scalar::Float) => self.global_precision[0],
                    Some(Scalar::Int | Scalar::Uint) => self.global_precision[1],
                    _ => None,
                };
                if let Some(p) = q.precision.map(|(p, _)| p).or(default) {
                    self.uniform_precisions.insert(id, p);
                }
            }
            self.pending_aux = None;
            self.pending_init = None;
            self.pending_location = None;
        }
    }

    /// Rules on the qualifiers that hold for every declarator.
    fn check_type_quals(&mut self, q: &Quals, t: &Type, storage: Storage, loc: Loc) {
        if let Some((p, ploc)) = q.precision {
            let _ = p;
            let ok = match t.base {
                Base::Num(n) => n.s != Scalar::Bool,
                Base::Opaque(_) | Base::Error => true,
                _ => false,
            };
            if !ok {
                self.error(
                    ploc,
                    "precision qualifiers apply only to floating point, integer and opaque types",
                );
            }
        }
        if let Some((i, iloc)) = q.interp {
            // GLSL 1.30 §4.3: interpolation qualifiers "do not apply to the
            // deprecated storage qualifiers varying or centroid varying".
            if self.at_least(130, 0) && q.has(ast::Storage::Varying) {
                let name = match i {
                    Interp::Smooth => "smooth",
                    Interp::Flat => "flat",
                    Interp::Noperspective => "noperspective",
                };
                let varying = if q.has(ast::Storage::Centroid) {
                    "centroid varying"
                } else {
                    "varying"
                };
                let msg = format!(
                    "qualifier '{name}' cannot be applied to the deprecated storage \
                     qualifier '{varying}'"
                );
                self.error(iloc, msg);
            }
            let ok = match storage {
                Storage::In => self.env.stage != Stage::Vertex,
                Storage::Out => self.env.stage != Stage::Fragment,
                _ => false,
            };
            if !ok {
                self.error(
                    iloc,
                    "interpolation qualifiers apply only to shader inputs and outputs",
                );
            }
        }
        // GLSL 1.30 §4.3.4: "It is an error to use centroid in in a vertex
        // shader" (later versions and GLSL ES 3.00 keep the rule).
        if self.env.stage == Stage::Vertex
            && storage == Storage::In
            && self.at_least(130, 300)
            && let Some(&(_, cloc)) = q.storage.iter().find(|(s, _)| *s == ast::Storage::Centroid)
        {
            self.error(cloc, "'centroid in' cannot be used in a vertex shader");
        }
        // GLSL 4.00 §4.3: `sample` and `centroid` exclude each other, and a
        // fragment shader's outputs are not interpolated (Mesa's errors).
        if let Some(&(_, sloc)) = q.storage.iter().find(|(s, _)| *s == ast::Storage::Sample) {
            if q.has(ast::Storage::Centroid) {
                self.error(sloc, "'sample' and 'centroid' cannot be used together");
            }
            if self.env.stage == Stage::Fragment && storage == Storage::Out {
                self.error(sloc, "'sample out' cannot be used in a fragment shader");
            }
        }
        if let Some(iloc) = q.invariant {
            let ok = match storage {
                Storage::Out => true,
                Storage::In => {
                    self.env.stage != Stage::Vertex
                        && !(self.env.stage == Stage::Fragment && self.at_least(0, 300))
                }
                _ => false,
            };
            if !ok {
                self.error(iloc, "`invariant' applies only to shader outputs");
            }
        }
        let _ = loc;
    }

    /// Memory qualifiers go on images and buffer variables; an image needs
    /// a format unless it is `writeonly` (ARB_shader_image_load_store).
    fn check_memory_quals(&mut self, q: &Quals, t: &Type, storage: Storage, loc: Loc) {
        let image = matches!(t.base, Base::Opaque(b) if builtins::is_image(b));
        if !q.memory.is_empty() && !image && storage != Storage::Buffer && !t.is_error() {
            self.error(
                loc,
                "memory qualifiers apply only to images and buffer variables",
            );
        }
        if image && storage == Storage::Uniform {
            let has_format = q.layout.iter().any(|id| {
                super::layout::format_of(&self.name(id.name).to_ascii_lowercase()).is_some()
            });
            if !has_format && !q.memory.contains(&Memory::Writeonly) {
                self.error(
                    loc,
                    "an image without a format qualifier must be `writeonly'",
                );
            }
        }
    }

    /// Rules on one declared variable.
    fn check_var(&mut self, q: &Quals, t: &Type, storage: Storage, loc: Loc) {
        if t.is_error() {
            return;
        }
        let stage = self.env.stage;
        // Opaque types: uniforms (and parameters) only.
        if self.contains(t, &|t| t.is_opaque()) && storage != Storage::Uniform {
            let msg = format!(
                "variables of type `{}' must be uniforms",
                self.type_name(&Type::new(t.base))
            );
            self.error(loc, msg);
        }
        if matches!(storage, Storage::In | Storage::Out) {
            let io = if storage == Storage::In {
                "input"
            } else {
                "output"
            };
            let is_bool = self.contains(
                t,
                &|t| matches!(t.base, Base::Num(n) if n.s == Scalar::Bool),
            );
            if is_bool {
                let msg = format!("{} {io} cannot have type bool", stage.name());
                self.error(loc, msg);
            }
            let is_struct = matches!(t.base, Base::Struct(_));
            let old_varying = !self.at_least(130, 300);
            let is_double = self.contains(
                t,
                &|t| matches!(t.base, Base::Num(n) if n.s == Scalar::Double),
            );
            if stage == Stage::Vertex
                && storage == Storage::In
                && is_double
                && !(self.at_least(410, 0) || self.has(Ext::ARB_vertex_attrib_64bit))
            {
                self.error(
                    loc,
                    "vertex shader inputs cannot be double before GLSL 4.10",
                );
            }
            if stage == Stage::Fragment && storage == Storage::Out && is_double {
                self.error(loc, "fragment shader outputs cannot be double");
            }
            if stage == Stage::Fragment
                && storage == Storage::Out
                && (q.has(ast::Storage::Centroid) || q.has(ast::Storage::Sample))
            {
                self.error(
                    loc,
                    "auxiliary storage qualifiers cannot be used on fragment shader outputs",
                );
            }
            // Per-vertex inputs and outputs of geometry and tessellation
            // shaders are arrays (GLSL 4.60 §4.3.4, §4.3.6).
            let patch = q.has(ast::Storage::Patch);
            let per_vertex = match (stage, storage) {
                (Stage::Geometry, Storage::In) => true,
                (Stage::TessControl, Storage::In | Storage::Out) => !patch,
                (Stage::TessEval, Storage::In) => !patch,
                _ => false,
            };
            if per_vertex && !t.is_array() {
                let msg = format!("per-vertex {io}s of a {} must be arrays", stage.name());
                self.error(loc, msg);
            }
            if per_vertex && stage == Stage::TessControl && storage == Storage::Out {
                self.check_control_output_size(t.dims.first().copied().flatten(), loc);
            }
            if stage == Stage::Vertex && storage == Storage::In {
                if is_struct {
                    self.error(loc, "vertex shader input cannot have struct type");
                } else if t.is_array() && !self.at_least(150, 0) {
                    self.error(loc, "vertex shader input cannot have array type");
                }
                if let Some(n) = t.as_num()
                    && n.s.is_integer()
                    && old_varying
                    && !self.has(Ext::EXT_gpu_shader4)
                {
                    self.error(loc, "vertex shader input cannot have integer type");
                }
            } else if stage == Stage::Fragment && storage == Storage::Out {
                if is_struct {
                    self.error(loc, "fragment shader output cannot have struct type");
                } else if matches!(t.base, Base::Num(n) if n.is_matrix()) {
                    self.error(loc, "fragment shader output cannot have matrix type");
                }
            } else if old_varying && !self.has(Ext::EXT_gpu_shader4) {
                let bad = match t.base {
                    Base::Num(n) => n.s != Scalar::Float,
                    _ => true,
                };
                if bad {
                    self.error(loc, "varying variables must be of floating point type");
                }
            } else if is_struct && !self.at_least(150, 300) {
                self.error(loc, "shader inputs and outputs cannot be structs");
            }
            // GLSL 4.00 §4.3.4: integer and double fragment inputs must be
            // flat; ES 3.00 says so of vertex outputs too.
            let flat = matches!(q.interp, Some((Interp::Flat, _)));
            let must_flat = (stage == Stage::Fragment && storage == Storage::In)
                || (self.is_es() && stage == Stage::Vertex && storage == Storage::Out);
            if must_flat && !flat && self.at_least(130, 300) && self.needs_flat(t) {
                let msg = format!(
                    "if a {io} is (or contains) an integer or double, it must be qualified with `flat'"
                );
                self.error(loc, msg);
            }
        }
        // Default precision (GLSL ES §4.5.3).
        if self.is_es()
            && q.precision.is_none()
            && self.float_precision.last() == Some(&false)
            && matches!(t.base, Base::Num(n) if n.s == Scalar::Float)
        {
            self.error(loc, "No precision specified in this scope for type `float'");
        }
        // GLSL ES §4.5.3: only sampler2D, samplerCube (and the external
        // sampler, and atomic_uint) have a predeclared precision.
        if self.is_es()
            && q.precision.is_none()
            && let Base::Opaque(b) = t.base
            && !matches!(
                b,
                BuiltinType::Sampler2D
                    | BuiltinType::SamplerCube
                    | BuiltinType::SamplerExternalOES
                    | BuiltinType::AtomicUint
            )
            && !self.opaque_precision.last().is_some_and(|o| o.contains(&b))
        {
            let msg = format!(
                "No precision specified in this scope for type `{}'",
                b.name()
            );
            self.error(loc, msg);
        }
    }

    /// Checks an initializer against the declared type (sizing an unsized
    /// array from it); returns the constant value if it has one.
    fn initializer(
        &mut self,
        t: &mut Type,
        init: &Initializer,
        storage: Storage,
        global: bool,
        loc: Loc,
    ) -> Option<Const> {
        match storage {
            Storage::In | Storage::Out => {
                self.error(loc, "shader inputs and outputs cannot be initialized");
            }
            Storage::Uniform if self.is_es() || !self.at_least(120, 0) => {
                self.error(loc, "uniforms cannot be initialized in this version");
            }
            Storage::Buffer | Storage::Shared => {
                self.error(loc, "this variable cannot be initialized");
            }
            _ => {}
        }
        let e = match init {
            Initializer::Expr(e) => *e,
            Initializer::List(items, l) => {
                if !self.has_420pack() {
                    self.error(*l, "initializer lists require GLSL 4.20");
                }
                self.init_list(t, items, *l);
                return if storage == Storage::Const {
                    Some(Const::Unknown)
                } else {
                    None
                };
            }
        };
        let v = self.expr(e);
        let eloc = self.tu.expr(e).loc;
        if v.ty.is_error() || t.is_error() {
            return Some(Const::Unknown);
        }
        // An unsized array takes its size from the initializer.
        if t.dims.first() == Some(&None) && v.ty.is_array() && v.ty.base == t.base {
            let mut sized = t.clone();
            for (i, d) in sized.dims.iter_mut().enumerate() {
                if d.is_none() {
                    *d = v.ty.dims.get(i).copied().flatten();
                }
            }
            *t = sized;
        }
        if !self.conv.can_convert(&v.ty, t) {
            let msg = format!(
                "initializer of type {} cannot be assigned to variable of type {}",
                self.type_name(&v.ty),
                self.type_name(t)
            );
            self.error(eloc, msg);
        }
        if storage == Storage::Const && v.k.is_none() {
            let local_ok = !global && self.has_420pack();
            if !local_ok {
                self.error(
                    eloc,
                    "initializer of const variable must be a constant expression",
                );
            }
        }
        if global && self.is_es() && storage == Storage::Plain && v.k.is_none() {
            // ES 1.00 and 3.00 §4.3: global initializers must be constant.
            self.error(
                eloc,
                "global variable initializers must be constant expressions",
            );
        }
        v.k.map(|k| match (k, t.as_num()) {
            (Const::Known(c), Some(n)) => {
                Const::Known(c.into_iter().map(|x| x.convert(n.s)).collect())
            }
            (k, _) => k,
        })
    }

    /// `{ ... }` initializers (GLSL 4.20 §4.1.11): checked against the
    /// type's shape.
    fn init_list(&mut self, t: &mut Type, items: &[Initializer], loc: Loc) {
        if t.is_error() {
            for i in items {
                if let Initializer::Expr(e) = i {
                    self.expr(*e);
                }
            }
            return;
        }
        let elems: Vec<Type> = if let Some(d) = t.dims.first().copied() {
            let n = match d {
                Some(n) => n as usize,
                None => {
                    t.dims[0] = Some(items.len() as u32);
                    items.len()
                }
            };
            if n != items.len() {
                self.error(loc, "initializer list has the wrong number of elements");
            }
            vec![t.element(); items.len()]
        } else {
            match t.base {
                Base::Struct(i) => {
                    let ms: Vec<Type> = self
                        .structs
                        .get(i as usize)
                        .map(|s| s.members.iter().map(|(_, m)| m.clone()).collect())
                        .unwrap_or_default();
                    if ms.len() != items.len() {
                        self.error(loc, "initializer list has the wrong number of members");
                    }
                    ms
                }
                Base::Num(n) if n.is_matrix() => {
                    if n.cols as usize != items.len() {
                        self.error(loc, "initializer list has the wrong number of columns");
                    }
                    vec![Type::num(super::types::Num::vec(n.s, n.rows)); items.len()]
                }
                Base::Num(n) if n.is_vector() => {
                    if n.rows as usize != items.len() {
                        self.error(loc, "initializer list has the wrong number of components");
                    }
                    vec![Type::num(super::types::Num::scalar(n.s)); items.len()]
                }
                _ => {
                    self.error(loc, "initializer list for a scalar type");
                    Vec::new()
                }
            }
        };
        for (i, item) in items.iter().enumerate() {
            let mut et = elems.get(i).cloned().unwrap_or(Type::ERROR);
            match item {
                Initializer::List(sub, l) => self.init_list(&mut et, sub, *l),
                Initializer::Expr(e) => {
                    let v = self.expr(*e);
                    if !self.conv.can_convert(&v.ty, &et) {
                        let loc = self.tu.expr(*e).loc;
                        self.error(loc, "initializer list element has the wrong type");
                    }
                }
            }
        }
    }

    fn block(&mut self, b: &Block, global: bool) {
        let q = self.quals(&b.quals);
        let storage = self.storage_of(&q, global);
        self.check_layout(&b.quals, &q, super::layout::Site::Block(storage), None);
        self.check_spelling(b.name, b.loc, true);
        if storage == Storage::Uniform
            && !self.at_least(140, 300)
            && !self.has(crate::extensions::Ext::ARB_uniform_buffer_object)
        {
            self.error(
                b.loc,
                "#version 140 / GL_ARB_uniform_buffer_object required for defining uniform blocks",
            );
        }
        if storage == Storage::Uniform && !q.memory.is_empty() {
            self.error(b.loc, MEMORY_IN_UNIFORM_BLOCK);
        }
        // GLSL 1.40 §4.3.7: "it is an error to use a block name at global
        // scope for anything other than as a block name" (every kind of
        // block since GLSL 1.50).
        let per_vertex = self.name(b.name) == "gl_PerVertex";
        if global && !per_vertex && self.scopes.first().is_some_and(|m| m.contains_key(&b.name)) {
            let msg = format!("block name `{}' is already declared", self.name(b.name));
            self.error(b.loc, msg);
        }
        if per_vertex {
            let used = match storage {
                Storage::In => self.per_vertex_used.0,
                _ => self.per_vertex_used.1,
            };
            if used {
                self.error(
                    b.loc,
                    "redeclaration of a built-in interface block must appear before any use \
                     of any member of the interface block",
                );
            }
            self.per_vertex_rules(b, storage);
        }
        // GLSL 1.50 §4.3.4: a geometry shader's input block is an array,
        // one element per input vertex (Mesa's words).
        if global
            && !per_vertex
            && storage == Storage::In
            && self.env.stage == Stage::Geometry
            && b.instance.as_ref().is_none_or(|(_, a, _)| a.is_none())
        {
            self.error(b.loc, "geometry shader inputs must be arrays");
        }
        // GLSL 4.00 §4.3.4, §4.3.6: so are the per-vertex blocks of the
        // tessellation stages.
        let tess_per_vertex = match (self.env.stage, storage) {
            (Stage::TessControl, Storage::In | Storage::Out) | (Stage::TessEval, Storage::In) => {
                !q.has(ast::Storage::Patch)
            }
            _ => false,
        };
        if global
            && !per_vertex
            && tess_per_vertex
            && b.instance.as_ref().is_none_or(|(_, a, _)| a.is_none())
        {
            let io = if storage == Storage::In {
                "input"
            } else {
                "output"
            };
            let msg = format!(
                "per-vertex {io}s of a {} must be arrays",
                self.env.stage.name()
            );
            self.error(b.loc, msg);
        }
        let mut members: Vec<(Sym, Type, Quals, Loc)> = Vec::new();
        for m in &b.members {
            self.block_member(m, storage, &q, &mut members);
        }
        let read_only = match storage {
            Storage::Uniform => Some("uniform"),
            Storage::In => Some("shader input"),
            _ => None,
        };
        match &b.instance {
            Some((n, a, loc)) => {
                // GLSL 1.50 §4.3.7 introduced instance names (Mesa's words).
                if !self.at_least(150, 300) {
                    let msg = format!(
                        "interface blocks with an instance name are not allowed in {} \
                         (GLSL 1.50 or GLSL ES 3.00 required)",
                        self.env.version
                    );
                    self.error(*loc, msg);
                }
                let dims = self.array_dims(a);
                // GLSL ES 3.00 §4.3.7: "uniform block array declarations
                // must specify an array size".
                if self.is_es()
                    && matches!(storage, Storage::Uniform | Storage::Buffer)
                    && dims.contains(&None)
                {
                    self.error(*loc, "uniform block arrays must specify an array size");
                }
                let st = self.new_struct(
                    Some(b.name),
                    members.iter().map(|(n, t, _, _)| (*n, t.clone())).collect(),
                );
                let t = st.array_of(&dims);
                self.declare_var(
                    *n,
                    Var {
                        ty: t,
                        konst: None,
                        storage,
                        read_only,
                        builtin: false,
                        max_size: None,
                        max_index: None,
                        memory: q.memory.clone(),
                        patch: q.has(ast::Storage::Patch),
                    },
                    *loc,
                );
            }
            None => {
                let last = members.len().saturating_sub(1);
                for (k, (n, t, mq, loc)) in members.into_iter().enumerate() {
                    let mut memory = q.memory.clone();
                    memory.extend(mq.memory.iter().copied());
                    let implicit =
                        storage == Storage::Buffer && k != last && t.dims.first() == Some(&None);
                    let id = self.declare_var(
                        n,
                        Var {
                            ty: t,
                            konst: None,
                            storage,
                            read_only,
                            builtin: false,
                            max_size: None,
                            max_index: None,
                            memory,
                            patch: q.has(ast::Storage::Patch),
                        },
                        loc,
                    );
                    if implicit {
                        self.implicit_buffer_members.push(id);
                    }
                }
            }
        }
        if global && matches!(storage, Storage::Uniform | Storage::Buffer) {
            self.block_names.insert(b.name, b.loc);
        }
    }

    /// GLSL 1.50 §7.1 (Mesa's checks): `gl_PerVertex` is redeclared at
    /// most once per direction, as an output block (no instance name, not
    /// arrayed; `gl_out[]` in a tessellation control shader) or as the
    /// input `gl_in[]` of the stages after the vertex stage, and lists
    /// only its own members.
    fn per_vertex_rules(&mut self, b: &Block, storage: Storage) {
        let input = storage == Storage::In;
        let stage = self.env.stage;
        let allowed = match stage {
            Stage::TessControl | Stage::TessEval | Stage::Geometry => true,
            Stage::Vertex => !input,
            Stage::Fragment | Stage::Compute => false,
        };
        if !allowed {
            let msg = format!(
                "redeclaration of gl_PerVertex {} not allowed in the {}",
                if input { "input" } else { "output" },
                stage.name()
            );
            self.error(b.loc, msg);
            return;
        }
        let instance = b.instance.as_ref().map(|(n, a, _)| {
            // `gl_in[]`: one dimension (not an array of arrays).
            let one = a.as_ref().is_some_and(|a| a.dims.len() == 1);
            (self.name(*n), one)
        });
        let tcs_out = !input && stage == Stage::TessControl;
        let shape_ok = match instance {
            Some(("gl_in", true)) => input,
            Some(("gl_out", true)) => tcs_out,
            None => !input && !tcs_out,
            _ => false,
        };
        if !shape_ok {
            let msg = match (input, tcs_out) {
                (true, _) => "gl_PerVertex input must be redeclared as gl_in[]",
                (false, true) => "gl_PerVertex output must be redeclared as gl_out[]",
                (false, false) => "gl_PerVertex output must be redeclared without an instance name",
            };
            self.error(b.loc, msg);
        }
        let seen = if input {
            &mut self.per_vertex_redeclared.0
        } else {
            &mut self.per_vertex_redeclared.1
        };
        if std::mem::replace(seen, true) {
            self.error(b.loc, "gl_PerVertex redeclared more than once");
        }
        const MEMBERS: &[&str] = &[
            "gl_Position",
            "gl_PointSize",
            "gl_ClipDistance",
            "gl_ClipVertex",
            "gl_CullDistance",
            "gl_Layer",
            "gl_ViewportIndex",
            "gl_FrontColor",
            "gl_BackColor",
            "gl_FrontSecondaryColor",
            "gl_BackSecondaryColor",
            "gl_TexCoord",
            "gl_FogFragCoord",
        ];
        for m in &b.members {
            for (n, _, loc) in &m.names {
                let name = self.name(*n);
                if !MEMBERS.contains(&name) {
                    let msg = format!("`{name}' is not a member of gl_PerVertex");
                    self.error(*loc, msg);
                }
            }
        }
    }

    /// GLSL 1.50 §4.3.8.1 (Mesa's messages): `gl_FragCoord` is redeclared
    /// before any use of it, and every redeclaration has the same layout
    /// qualifiers (a program's fragment shaders are checked joined).
    fn frag_coord_redeclared(&mut self, q: &Quals, loc: Loc) {
        let has = |n: &str| q.layout.iter().any(|id| self.name(id.name) == n);
        let layout = (has("origin_upper_left"), has("pixel_center_integer"));
        match self.frag_coord {
            (true, None) => self.error(
                loc,
                "gl_FragCoord used before its first redeclaration in fragment shader",
            ),
            (_, Some(first)) if first != layout => self.error(
                loc,
                "gl_FragCoord redeclared with different layout qualifiers",
            ),
            _ => {}
        }
        self.frag_coord.1.get_or_insert(layout);
    }

    /// ARB_conservative_depth (Mesa's messages): the first redeclaration
    /// of `gl_FragDepth` comes before any use of it, and later ones keep
    /// its depth layout.
    fn frag_depth_redeclared(&mut self, q: &Quals, loc: Loc) {
        const LAYOUTS: [&str; 4] = [
            "depth_any",
            "depth_greater",
            "depth_less",
            "depth_unchanged",
        ];
        let layout = q
            .layout
            .iter()
            .rev()
            .find_map(|id| LAYOUTS.iter().find(|&&l| self.name(id.name) == l))
            .copied()
            .unwrap_or("depth_none");
        match self.frag_depth {
            (true, None) => self.error(
                loc,
                "the first redeclaration of gl_FragDepth must appear before any use of \
                 gl_FragDepth",
            ),
            (_, Some(first)) if first != layout => {
                let msg = format!(
                    "gl_FragDepth: depth layout is declared here as '{layout}', but it was \
                     previously declared as '{first}'"
                );
                self.error(loc, msg);
            }
            _ => {}
        }
        self.frag_depth.1.get_or_insert(layout);
    }

    /// The last `key = literal` among `ids` (integer literals only), with
    /// where it is.
    fn literal_layout(&self, ids: &[ast::LayoutId], key: &str) -> Option<(i64, Loc)> {
        ids.iter()
            .filter(|id| self.name(id.name).eq_ignore_ascii_case(key))
            .filter_map(|id| match self.tu.expr(id.value?).kind {
                ast::ExprKind::Int(v) => Some((i64::from(v), id.loc)),
                ast::ExprKind::Uint(v) => Some((i64::from(v), id.loc)),
                _ => None,
            })
            .next_back()
    }

    fn block_member(
        &mut self,
        m: &Member,
        storage: Storage,
        block_q: &Quals,
        out: &mut Vec<(Sym, Type, Quals, Loc)>,
    ) {
        let q = self.quals(&m.ty.quals);
        let base = self.type_spec(&m.ty.spec);
        self.check_layout(&m.ty.quals, &q, super::layout::Site::Member, Some(&base));
        // GLSL 4.00 §4.3.8.2: a member's stream is its block's.
        if let (Some((mine, loc)), Some((block, _))) = (
            self.literal_layout(&q.layout, "stream"),
            self.literal_layout(&block_q.layout, "stream"),
        ) && mine != block
        {
            let msg = format!(
                "stream layout qualifier on interface block member does not match the interface block ({mine} vs {block})"
            );
            self.error(loc, msg);
        }
        if storage == Storage::Uniform && !q.memory.is_empty() {
            let loc = m.names.first().map_or(m.ty.spec.loc, |n| n.2);
            self.error(loc, MEMORY_IN_UNIFORM_BLOCK);
        }
        // Members take the block's storage qualifier at most (GLSL 1.50
        // §4.3.7), and auxiliary ones.
        let block_storage: Vec<ast::Storage> = block_q.storage.iter().map(|(s, _)| *s).collect();
        for &(s, l) in &q.storage {
            use ast::Storage as S;
            let allowed = matches!(s, S::Centroid | S::Sample | S::Patch)
                || (matches!(s, S::In | S::Out | S::Uniform | S::Buffer)
                    && block_storage.contains(&s));
            if !allowed {
                let msg = format!(
                    "storage qualifier `{}' is not allowed on an interface block member",
                    storage_keyword(s)
                );
                self.error(l, msg);
            }
        }
        for (n, a, loc) in &m.names {
            let dims = self.array_dims(a);
            let t = base.array_of(&dims);
            if self.contains(&t, &|t| t.is_opaque()) {
                self.error(*loc, "opaque types are not allowed in interface blocks");
            }
            if t.base == Base::Void {
                self.error(*loc, "void type in interface block member");
            }
            if storage == Storage::In && self.env.stage == Stage::Fragment {
                let flat = matches!(q.interp, Some((Interp::Flat, _)))
                    || matches!(block_q.interp, Some((Interp::Flat, _)));
                if !flat && self.needs_flat(&t) {
                    self.error(
                        *loc,
                        "if a fragment input is (or contains) an integer or double, it must be qualified with `flat'",
                    );
                }
            }
            out.push((
                *n,
                t,
                Quals {
                    memory: q.memory.clone(),
                    ..Quals::default()
                },
                *loc,
            ));
        }
    }

    // ---- functions -----------------------------------------------------------

    /// Declares a prototype (or the head of a definition); returns the
    /// function's index and its parameter types.
    fn prototype(&mut self, p: &FunctionProto, defining: bool) -> Option<u32> {
        self.prototype_ret(p, defining).0
    }

    /// `prototype`, also giving the return type as written.
    fn prototype_ret(&mut self, p: &FunctionProto, defining: bool) -> (Option<u32>, Type) {
        let rq = self.quals(&p.ret.quals);
        let ret = self.type_spec(&p.ret.spec);
        let is_subroutine_type = p
            .ret
            .quals
            .iter()
            .any(|q| matches!(q, Qualifier::Subroutine(v, _) if v.is_empty()));
        if let Some(l) = rq.first_loc() {
            self.error(l, "qualifiers are not allowed on function return types");
        }
        if ret.dims.contains(&None) {
            self.error(
                p.ret.spec.loc,
                "function return type cannot be an unsized array",
            );
        }
        // GLSL 1.10 §4.1.7: samplers are uniforms and parameters only
        // (ARB_bindless_texture, which lifts it, is not supported).
        if self.contains_opaque(&ret) {
            let msg = format!(
                "function `{}' return type can't contain an opaque type",
                self.name(p.name)
            );
            self.error(p.ret.spec.loc, msg);
        }
        let mut params = Vec::new();
        let mut quals = Vec::new();
        let mut memory = Vec::new();
        for pa in &p.params {
            let (t, dir, key) = self.param(pa);
            params.push((t, dir));
            quals.push(key);
            memory.push(self.quals_memory(&pa.ty.quals));
        }
        let name = p.name;
        let n = self.name(name);
        if n == "main" {
            if !params.is_empty() {
                self.error(p.loc, "main() must not take any parameters");
            }
            if !ret.is_void() {
                self.error(p.loc, "main() must return void");
            }
        }
        if is_subroutine_type {
            // A subroutine type is a type and a function prototype at once.
            if !matches!(
                self.scopes.last().and_then(|m| m.get(&name)),
                Some(Symbol::Type(_))
            ) {
                self.declare_type(name, Type::new(Base::Subroutine(name.0)), p.loc);
                let params = params.iter().map(|(t, d)| (t.clone(), *d)).collect();
                self.subroutine_types.insert(name.0, (ret.clone(), params));
            }
            return (None, ret);
        }
        if self.is_es() && self.at_least(0, 300) && !builtins::lookup(n, &self.env).is_empty() {
            let msg = format!("a shader cannot redefine or overload built-in function `{n}'");
            self.error(p.loc, msg);
        }
        if !defining
            && let Some(l) = p.ret.quals.iter().find_map(|q| match q {
                Qualifier::Subroutine(v, l) if !v.is_empty() => Some(*l),
                _ => None,
            })
        {
            self.error(l, "a function prototype cannot have subroutine types");
        }
        if !self.declare_func_name(name, p.loc) {
            return (None, ret);
        }
        let existing = self.funcs_by_name.get(&name).and_then(|v| {
            v.iter().copied().find(|&f| {
                let f = &self.funcs[f as usize];
                f.params.len() == params.len()
                    && f.params.iter().zip(&params).all(|(a, b)| a.0 == b.0)
            })
        });
        if let Some(id) = existing {
            let f = self.funcs[id as usize].clone();
            if f.ret != ret && !ret.is_error() && !f.ret.is_error() {
                let msg = format!("function `{n}' redeclared with a different return type");
                self.error(p.loc, msg);
            }
            if f.quals != quals {
                let msg = format!("function `{n}' redeclared with different parameter qualifiers");
                self.error(p.loc, msg);
            }
            if defining {
                if f.defined {
                    let msg = format!("function `{n}' redefined");
                    self.error(p.loc, msg);
                }
                self.funcs[id as usize].defined = true;
            } else {
                // GLSL ES 1.00 §4.2.7: a declaration occurs at most once in
                // a scope, "with the exception that a single function
                // prototype plus the corresponding function definition are
                // allowed".
                if f.prototyped && self.is_es() && !self.at_least(0, 300) {
                    let msg = format!("function `{n}' prototype redeclared");
                    self.error(p.loc, msg);
                }
                self.funcs[id as usize].prototyped = true;
            }
            return (Some(id), ret);
        }
        let id = self.funcs.len() as u32;
        let subroutine_of = self.subroutine_of(p, &ret, &params);
        let subroutine_index = self.subroutine_index(p, !subroutine_of.is_empty());
        self.funcs.push(Func {
            ret,
            params,
            quals,
            memory,
            defined: defining,
            prototyped: !defining,
            subroutine_of,
            subroutine_index,
        });
        self.funcs_by_name.entry(name).or_default().push(id);
        (Some(id), self.funcs[id as usize].ret.clone())
    }

    /// `layout(index = N)` on a function (ARB_explicit_uniform_location):
    /// only on subroutine functions, below `GL_MAX_SUBROUTINES`, each
    /// index once in the shader (Mesa's errors).
    fn subroutine_index(&mut self, p: &FunctionProto, subroutine: bool) -> Option<u32> {
        let ids: Vec<ast::LayoutId> = p
            .ret
            .quals
            .iter()
            .filter_map(|q| match q {
                Qualifier::Layout(ids, _) => Some(ids.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        let mut out = None;
        for id in &ids {
            let key = self.name(id.name).to_ascii_lowercase();
            let loc = id.value.map_or(p.loc, |e| self.tu.expr(e).loc);
            if key != "index" {
                let msg = format!("layout qualifier `{key}' cannot be applied to a function");
                self.error(loc, msg);
                continue;
            }
            if !subroutine {
                self.error(
                    loc,
                    "`index' applies only to fragment shader outputs and subroutine functions",
                );
                return None;
            }
            if !(self.at_least(430, 310) || self.has(Ext::ARB_explicit_uniform_location)) {
                self.error(
                    loc,
                    "`index' on subroutines requires ARB_explicit_uniform_location",
                );
                return None;
            }
            let v = self.layout_value(id)?;
            let max = i64::from(crate::link::MAX_SUBROUTINES);
            if !(0..max).contains(&v) {
                let msg = format!("invalid subroutine index ({v}) index must be less than {max}");
                self.error(loc, msg);
                return None;
            }
            let v = v as u32;
            if self.subroutine_indices.contains(&v) {
                self.error(
                    loc,
                    "each subroutine index qualifier in the shader must be unique",
                );
                return None;
            }
            self.subroutine_indices.push(v);
            out = Some(v);
        }
        out
    }

    /// The subroutine types of `subroutine(T, ...)` on a function, each
    /// checked to be a subroutine type whose return and parameter types
    /// are the function's (GLSL 4.00 §6.1.2).
    fn subroutine_of(&mut self, p: &FunctionProto, ret: &Type, params: &[(Type, Dir)]) -> Vec<u32> {
        let mut out = Vec::new();
        for q in &p.ret.quals {
            let Qualifier::Subroutine(types, loc) = q else {
                continue;
            };
            for t in types {
                let tn = self.name(*t).to_owned();
                let Some((tret, tparams)) = self.subroutine_types.get(&t.0).cloned() else {
                    let msg = format!("subroutine type `{tn}' undeclared");
                    self.error(*loc, msg);
                    continue;
                };
                if tret != *ret {
                    let msg = format!(
                        "subroutine `{}' does not match the return type of subroutine type `{tn}'",
                        self.name(p.name)
                    );
                    self.error(*loc, msg);
                    continue;
                }
                if tparams.len() != params.len()
                    || tparams
                        .iter()
                        .zip(params)
                        .any(|(a, b)| a.0 != b.0 || a.1 != b.1)
                {
                    let msg = format!(
                        "subroutine `{}' does not match the parameters of subroutine type `{tn}'",
                        self.name(p.name)
                    );
                    self.error(*loc, msg);
                    continue;
                }
                if !out.contains(&t.0) {
                    out.push(t.0);
                }
            }
        }
        out
    }

    /// A parameter's type, direction and qualifier key.
    fn param(&mut self, pa: &ast::Param) -> (Type, Dir, String) {
        use ast::Storage as S;
        self.check_qualifier_order(&pa.ty.quals, true);
        let q = self.quals(&pa.ty.quals);
        if pa
            .ty
            .quals
            .iter()
            .any(|x| matches!(x, Qualifier::Layout(..)))
        {
            let formats_only = q
                .layout
                .iter()
                .all(|id| super::layout::format_of(self.name(id.name)).is_some());
            if !formats_only {
                self.check_layout(&pa.ty.quals, &q, super::layout::Site::Local, None);
            }
        }
        let mut dir = Dir::In;
        let mut key = String::new();
        let mut is_const = false;
        for &(s, loc) in &q.storage {
            match s {
                S::In => dir = Dir::In,
                S::Out => dir = Dir::Out,
                S::Inout => dir = Dir::Inout,
                S::Const => is_const = true,
                _ => {
                    self.error(loc, "invalid qualifier on function parameter");
                }
            }
        }
        if is_const && dir != Dir::In {
            self.error(pa.loc, "`const' cannot be used with `out' or `inout'");
        }
        let _ = write_key(&mut key, is_const, dir);
        let base = self.type_spec(&pa.ty.spec);
        let dims = self.array_dims(&pa.array);
        self.check_array_of_arrays(&base, dims.len(), pa.loc);
        let t = base.array_of(&dims);
        // GLSL 1.20 §6.1.1: "Arrays declared as formal parameters in a
        // function declaration must specify a size."
        if t.dims.contains(&None) {
            self.error(pa.loc, "function parameter arrays must be sized");
        }
        if t.base == Base::Void && (pa.name.is_some() || t.is_array()) {
            self.error(pa.loc, "parameter cannot have type void");
        }
        // GLSL 1.10 §5.8: a non-dereferenced array is no l-value, so no
        // `out' or `inout' parameter either (allowed from 1.20 and in ES).
        if t.is_array() && dir != Dir::In && !self.at_least(120, 100) {
            self.error(
                pa.loc,
                "arrays cannot be `out' or `inout' parameters in GLSL 1.10",
            );
        }
        if t.is_opaque() && dir != Dir::In {
            self.error(pa.loc, "opaque parameters cannot be `out' or `inout'");
        } else if dir != Dir::In && self.contains_opaque(&t) {
            self.error(
                pa.loc,
                "out and inout parameters cannot contain opaque variables",
            );
        }
        if self.is_es()
            && q.precision.is_none()
            && self.float_precision.last() == Some(&false)
            && matches!(t.base, Base::Num(n) if n.s == Scalar::Float)
        {
            self.error(
                pa.loc,
                "No precision specified in this scope for type `float'",
            );
        }
        (t, dir, key)
    }

    pub(super) fn function(&mut self, f: &FunctionDef) {
        let (id, ret) = self.prototype_ret(&f.proto, true);
        if let Some(id) = id {
            self.rec.fn_defs.insert((f.proto.loc, f.proto.name), id);
        }
        self.push();
        for (i, p) in f.proto.params.iter().enumerate() {
            let Some(n) = p.name else { continue };
            let (ty, dir) = match id {
                Some(id) => self.funcs[id as usize]
                    .params
                    .get(i)
                    .cloned()
                    .unwrap_or((Type::ERROR, Dir::In)),
                None => (Type::ERROR, Dir::In),
            };
            let is_const =
                p.ty.quals
                    .iter()
                    .any(|q| matches!(q, Qualifier::Storage(ast::Storage::Const, _)));
            let memory = self.quals_memory(&p.ty.quals);
            self.declare_var(
                n,
                Var {
                    ty,
                    konst: None,
                    storage: Storage::Param(dir),
                    read_only: is_const.then_some("const parameter"),
                    builtin: false,
                    max_size: None,
                    max_index: None,
                    memory,
                    patch: false,
                },
                p.loc,
            );
        }
        let is_main = self.name(f.proto.name) == "main";
        self.cur_fn = Some(FnCtx {
            ret,
            is_main,
            control_depth: 0,
            returned: false,
        });
        self.stmts(&f.body);
        self.cur_fn = None;
        self.pop();
    }

    fn quals_memory(&self, qs: &[Qualifier]) -> Vec<Memory> {
        qs.iter()
            .filter_map(|q| match q {
                Qualifier::Memory(m, _) => Some(*m),
                _ => None,
            })
            .collect()
    }
}

fn write_key(key: &mut String, is_const: bool, dir: Dir) -> std::fmt::Result {
    use std::fmt::Write;
    write!(
        key,
        "{}{}",
        if is_const { "const " } else { "" },
        match dir {
            Dir::In => "in",
            Dir::Out => "out",
            Dir::Inout => "inout",
        }
    )
}

/// The keyword of a storage qualifier, for messages.
fn storage_keyword(s: ast::Storage) -> &'static str {
    use ast::Storage as S;
    match s {
        S::Const => "const",
        S::In => "in",
        S::Out => "out",
        S::Inout => "inout",
        S::Uniform => "uniform",
        S::Buffer => "buffer",
        S::Shared => "shared",
        S::Attribute => "attribute",
        S::Varying => "varying",
        S::Centroid => "centroid",
        S::Patch => "patch",
        S::Sample => "sample",
    }
}
