//! Semantic analysis: scopes, types and the language's static rules, run
//! over the AST in source order (GLSL 4.60 §4–§8, GLSL ES 3.20 likewise).
//!
//! * `scope` — the symbol table: variables, functions and types share one
//!   name space per scope (functions and variables do not in GLSL 1.10);
//!   function parameters share the scope of the body's outermost block and a
//!   loop's body the scope of its init statement (§6.1, §6.3).
//! * `decl` — declarations: types of specifiers, qualifiers by stage and
//!   version, initializers, functions and their prototypes.
//! * `stmt` — statements: conditions, `return`, `break`/`continue`,
//!   `discard`, `switch`.
//! * `expr` — the type (and constant value) of every expression, walked with
//!   an explicit stack; `call` — constructors and overload resolution.
//! * `layout` — layout qualifiers and the shader-wide values they set.
//! * `builtins` / `vars` — the built-in functions and variables, as data
//!   (`builtins.txt`, `vars.txt`).
//! * `consts` — constant folding.
//!
//! Every rule accepts the error type silently, so one mistake gives one
//! message; the walk goes on after an error so one shader can report several.

mod builtins;
mod call;
mod consts;
mod decl;
mod expr;
mod layout;
pub use layout::{MAX_GEOMETRY_SHADER_INVOCATIONS, MAX_VERTEX_STREAMS, gs_input_vertices};
mod scope;
mod stmt;
#[cfg(test)]
mod tests;
mod types;
mod vars;

use crate::Options;
use crate::ast::TranslationUnit;
use crate::diag::{InfoLog, Loc, Phase};
use crate::extensions::Ext;
use crate::keywords::BuiltinType;
use crate::names::{FxHashMap, Sym};
use crate::preprocess::PpOutput;
use builtins::Env;
use scope::{Func, Symbol, Var};
use types::{Conversions, StructInfo, Type};

pub(crate) use builtins::{Dir, Sig};
pub(crate) use consts::Cv;
pub(crate) use expr::swizzle as swizzle_lanes;
pub(crate) use scope::Storage;
pub(crate) use types::{Base, Num, Scalar};
pub(crate) type SemaType = Type;

/// What a call expression resolved to.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Callee {
    /// A user function (index into `Checked::funcs`).
    User(u32),
    /// A built-in signature.
    Builtin(&'static Sig),
    /// A call through a subroutine uniform (ARB_shader_subroutine) of
    /// subroutine type `ty` (its name symbol): `u(...)`, where `var` is
    /// the uniform, or `u[i](...)` (`var` `None`: the first operand of the
    /// `CallExpr` selects).
    Subroutine {
        /// The subroutine type.
        ty: u32,
        /// The uniform a plain call names.
        var: Option<u32>,
    },
}

/// What analysis found out about one expression (for lowering).
#[derive(Clone, Debug)]
pub(crate) struct ExprInfo {
    pub ty: Type,
    /// The value, when the front end computed it.
    pub k: Option<Vec<Cv>>,
    /// The variable an identifier names.
    pub var: Option<u32>,
    /// The function a call resolved to.
    pub callee: Option<Callee>,
}

/// The results of semantic analysis that lowering needs: the type and
/// constant value of every expression, what names and calls resolved to,
/// and the variables, structs and functions by index.
#[derive(Debug)]
pub(crate) struct Checked {
    pub exprs: Vec<ExprInfo>,
    pub vars: Vec<Var>,
    /// The name of each variable (parallel to `vars`).
    pub var_names: Vec<Sym>,
    pub structs: Vec<StructInfo>,
    pub funcs: Vec<Func>,
    /// Variables by declaration site (name and its location); a list when a
    /// macro declares one name twice at one place.
    pub decls: FxHashMap<(Loc, Sym), Vec<u32>>,
    /// Function definitions by prototype site.
    pub fn_defs: FxHashMap<(Loc, Sym), u32>,
    /// `layout(local_size_*)` of a compute shader.
    pub local_size: [Option<i64>; 3],
    /// A geometry shader's primitive types and vertex counts.
    pub geometry: layout::GeometryLayout,
    /// GLSL ES: the precision of each global uniform of a float or
    /// integer type, as written or by the default in force (the linker
    /// matches them across stages).
    pub uniform_precisions: FxHashMap<u32, crate::ast::Precision>,
    /// Members of the built-in `gl_PerVertex` input (`.0`) and output
    /// (`.1`) blocks used without a redeclaration of the block, in GLSL
    /// 1.50 or later: a separable program fails to link then
    /// (ARB_separate_shader_objects).
    pub per_vertex_unredeclared: (bool, bool),
}

/// What the enclosing function expects of `return`.
struct FnCtx {
    ret: Type,
    is_main: bool,
    /// Statements of control flow (selections, loops) around the current
    /// one.
    control_depth: u32,
    /// A `return` came before the current statement.
    returned: bool,
}

pub(crate) struct Checker<'a> {
    tu: &'a TranslationUnit,
    log: &'a mut InfoLog,
    env: Env,
    conv: Conversions,
    scopes: Vec<FxHashMap<Sym, Symbol>>,
    vars: Vec<Var>,
    structs: Vec<StructInfo>,
    funcs: Vec<Func>,
    funcs_by_name: FxHashMap<Sym, Vec<u32>>,
    subroutine_types: FxHashMap<u32, (Type, Vec<(Type, Dir)>)>,
    /// The explicit subroutine indices given so far (each once).
    subroutine_indices: Vec<u32>,
    /// Built-in variables already looked up (`None`: there is none).
    builtin_vars: FxHashMap<Sym, Option<u32>>,
    /// The format qualifier of each image variable declared with one.
    image_formats: FxHashMap<u32, &'static str>,
    /// Unsized members of buffer blocks other than the last (implicitly
    /// sized: only constant indices may select their elements).
    implicit_buffer_members: Vec<u32>,
    builtin_struct_ids: FxHashMap<&'static str, u32>,
    cur_fn: Option<FnCtx>,
    /// Enclosing loops and switches, innermost last (`true` = loop).
    breakable: Vec<bool>,
    /// Default precision for `float` per scope (GLSL ES).
    float_precision: Vec<bool>,
    /// The global scope's default precisions of `float` and `int` (GLSL
    /// ES §4.5.3: highp in vertex shaders; int mediump and float none in
    /// fragment shaders), for [`Checked::uniform_precisions`].
    global_precision: [Option<crate::ast::Precision>; 2],
    uniform_precisions: FxHashMap<u32, crate::ast::Precision>,
    /// Per scope: opaque types given a default precision by a statement
    /// (GLSL ES §4.5.3; `sampler2D` and `samplerCube` have one already).
    opaque_precision: Vec<Vec<BuiltinType>>,
    /// GLSL 1.10 keeps functions and variables in separate name spaces.
    shared_namespace: bool,
    /// Several shaders of one stage joined (`Options::joined_stage`).
    joined: bool,
    /// Names of the uniform and buffer blocks declared so far: nothing
    /// else at global scope may take them (GLSL 1.40 §4.3.7).
    block_names: FxHashMap<Sym, Loc>,
    /// Whether `gl_in` (.0) and the output members of `gl_PerVertex`
    /// (.1) have been used: `gl_PerVertex` may be redeclared only before
    /// (GLSL 1.50 §7.1).
    per_vertex_used: (bool, bool),
    /// Whether the input (.0) and output (.1) `gl_PerVertex` have been
    /// redeclared; an output one's members are the ones it lists.
    per_vertex_redeclared: (bool, bool),
    /// Whether the built-in `gl_FragCoord` has been used (.0), and the
    /// layout of its first redeclaration (.1: `origin_upper_left`,
    /// `pixel_center_integer`).
    frag_coord: (bool, Option<(bool, bool)>),
    /// Whether the built-in `gl_FragDepth` has been used (.0), and the
    /// depth layout of its first redeclaration (.1; ARB_conservative_depth).
    frag_depth: (bool, Option<&'static str>),
    /// The auxiliary qualifiers (centroid, invariant, interpolation) of the
    /// global being declared, and of each global declared so far, for
    /// joined stages.
    pending_aux: Option<String>,
    var_aux: FxHashMap<u32, String>,
    /// The explicit `layout(location)` of the global being declared, and
    /// of each global declared with one, for joined stages.
    pending_location: Option<i64>,
    /// A geometry shader's first input array size declared before any
    /// input primitive layout: the later ones must agree (GLSL 1.50
    /// §4.3.8.1).
    gs_input_size_seen: Option<u32>,
    var_location: FxHashMap<u32, i64>,
    /// The initializer value of the global being declared (`Some(None)`:
    /// an initializer that is not a known constant), and of each global
    /// declared with one, for joined stages.
    pending_init: Option<Option<consts::Const>>,
    var_init: FxHashMap<u32, Option<consts::Const>>,
    layout: layout::LayoutState,
    /// Where each variable written so far (as an l-value) was first
    /// written: statically assigned, in the specs' words.
    assigned: FxHashMap<u32, Loc>,
    rec: Rec,
}

/// What the checker records for lowering as it goes.
#[derive(Default)]
struct Rec {
    exprs: Vec<Option<ExprInfo>>,
    var_names: Vec<Sym>,
    decls: FxHashMap<(Loc, Sym), Vec<u32>>,
    fn_defs: FxHashMap<(Loc, Sym), u32>,
    last_callee: Option<Callee>,
}

/// Runs semantic analysis, reporting to `log`.
pub(crate) fn check(
    tu: &mut TranslationUnit,
    opts: &Options,
    pp: &PpOutput,
    log: &mut InfoLog,
) -> Checked {
    let version = pp.version;
    let mut exts = pp.enabled;
    if !version.is_es() {
        // As the lexer (Mesa's default): ARB_texture_rectangle's types and
        // functions without `#extension`.
        exts.insert(Ext::ARB_texture_rectangle);
    }
    // GLSL 1.40 removed the compatibility built-ins (ARB_compatibility
    // restores them); 1.50 and later have them in the compatibility profile.
    let compat = !version.is_es()
        && (version.number < 140
            || (version.number >= 150 && version.is_compat())
            || (version.number == 140 && opts.compat_context)
            || exts.contains(Ext::ARB_compatibility));
    let has = |e: &[Ext]| exts.any(e);
    let conv = Conversions {
        to_float: version.at_least(120, 0),
        int_to_uint: version.at_least(400, 0)
            || has(&[Ext::ARB_gpu_shader5, Ext::MESA_shader_integer_functions]),
        to_double: version.at_least(400, 0) || has(&[Ext::ARB_gpu_shader_fp64]),
        to_int64: has(&[Ext::ARB_gpu_shader_int64]),
    };
    // Built-in struct types and their members get names the lowering can
    // print (uniform tables list `gl_LightSource[0].ambient` even when the
    // source never spells `ambient`).
    for (name, members) in vars::structs() {
        tu.names.intern(name);
        for (_, m, _) in members {
            tu.names.intern(m);
        }
    }
    let mut c = Checker {
        tu,
        log,
        env: Env {
            version,
            exts,
            stage: opts.stage,
            compat,
        },
        conv,
        scopes: vec![FxHashMap::default()],
        vars: Vec::new(),
        structs: Vec::new(),
        funcs: Vec::new(),
        funcs_by_name: FxHashMap::default(),
        subroutine_types: FxHashMap::default(),
        subroutine_indices: Vec::new(),
        builtin_vars: FxHashMap::default(),
        image_formats: FxHashMap::default(),
        implicit_buffer_members: Vec::new(),
        builtin_struct_ids: FxHashMap::default(),
        cur_fn: None,
        breakable: Vec::new(),
        float_precision: vec![!(version.is_es() && opts.stage == crate::Stage::Fragment)],
        global_precision: if opts.stage == crate::Stage::Fragment {
            [None, Some(crate::ast::Precision::Mediump)]
        } else {
            [Some(crate::ast::Precision::Highp); 2]
        },
        uniform_precisions: FxHashMap::default(),
        opaque_precision: vec![Vec::new()],
        shared_namespace: version.at_least(120, 100),
        joined: opts.joined_stage,
        block_names: FxHashMap::default(),
        per_vertex_used: (false, false),
        per_vertex_redeclared: (false, false),
        frag_coord: (false, None),
        frag_depth: (false, None),
        pending_aux: None,
        var_aux: FxHashMap::default(),
        pending_location: None,
        gs_input_size_seen: None,
        var_location: FxHashMap::default(),
        pending_init: None,
        var_init: FxHashMap::default(),
        layout: layout::LayoutState::default(),
        assigned: FxHashMap::default(),
        rec: Rec::default(),
    };
    c.declare_builtin_structs();
    let tu = c.tu;
    for item in &tu.items {
        match item {
            crate::ast::ExternalDecl::Function(f) => c.function(f),
            crate::ast::ExternalDecl::Decl(d) => c.decl(d, true),
        }
    }
    c.check_fragment_outputs();
    let exprs = c
        .rec
        .exprs
        .into_iter()
        .map(|e| {
            e.unwrap_or(ExprInfo {
                ty: Type::ERROR,
                k: None,
                var: None,
                callee: None,
            })
        })
        .collect();
    // ARB_separate_shader_objects issue 28: not before GLSL 1.50, which
    // has no interface blocks; not in GLSL ES.
    let applies = c.env.version.number >= 150 && !c.env.version.is_es();
    let (used, redeclared) = (c.per_vertex_used, c.per_vertex_redeclared);
    let per_vertex_unredeclared = (
        applies && used.0 && !redeclared.0,
        applies && used.1 && !redeclared.1,
    );
    Checked {
        exprs,
        vars: c.vars,
        var_names: c.rec.var_names,
        structs: c.structs,
        funcs: c.funcs,
        decls: c.rec.decls,
        fn_defs: c.rec.fn_defs,
        local_size: c.layout.local_size,
        uniform_precisions: std::mem::take(&mut c.uniform_precisions),
        per_vertex_unredeclared,
        geometry: layout::GeometryLayout {
            input: c.layout.gs_in_prim.clone(),
            output: c.layout.gs_out_prim.clone(),
            max_vertices: c.layout.max_vertices,
            invocations: c.layout.invocations,
            vertices: c.layout.vertices,
            tess_domain: c.layout.tess_domain.clone(),
            tess_spacing: c.layout.tess_spacing.clone(),
            tess_cw: c.layout.tess_cw,
            point_mode: c.layout.point_mode,
        },
    }
}

impl<'a> Checker<'a> {
    /// Records the value of expression `id` for lowering.
    fn record(&mut self, id: crate::ast::ExprId, v: &expr::Val, var: Option<u32>) {
        let i = id.0 as usize;
        if self.rec.exprs.len() <= i {
            self.rec.exprs.resize(i + 1, None);
        }
        let k = match &v.k {
            Some(consts::Const::Known(c)) => Some(c.clone()),
            _ => None,
        };
        self.rec.exprs[i] = Some(ExprInfo {
            ty: v.ty.clone(),
            k,
            var,
            callee: self.rec.last_callee.take(),
        });
    }

    /// Whether `t` is or holds (in a struct member, at any depth) an
    /// opaque type: sampler, image, atomic counter.
    fn contains_opaque(&self, t: &Type) -> bool {
        match t.base {
            types::Base::Opaque(_) => true,
            types::Base::Struct(i) => self
                .structs
                .get(i as usize)
                .is_some_and(|s| s.members.iter().any(|(_, m)| self.contains_opaque(m))),
            _ => false,
        }
    }

    /// GLSL 1.10 §7.2, GLSL 1.30 §7.2: a fragment shader that statically
    /// assigns `gl_FragColor` may not assign `gl_FragData`, and neither
    /// may be assigned together with a user-defined output (as Mesa, the
    /// error is at the later of the two first writes).
    fn check_fragment_outputs(&mut self) {
        if self.env.stage != crate::Stage::Fragment || self.assigned.is_empty() {
            return;
        }
        let mut color = None;
        let mut data = None;
        let mut sec_color = None;
        let mut sec_data = None;
        let mut user: Option<(Loc, u32)> = None;
        for (&id, &loc) in &self.assigned {
            let Some(var) = self.vars.get(id as usize) else {
                continue;
            };
            let Some(&sym) = self.rec.var_names.get(id as usize) else {
                continue;
            };
            let earlier = |slot: Option<Loc>| slot.is_none_or(|l: Loc| loc < l);
            // Redeclared built-ins (`gl_FragDepth` with a layout) are no
            // user outputs.
            let name = self.name(sym);
            match name {
                "gl_FragColor" if earlier(color) => color = Some(loc),
                "gl_FragData" if earlier(data) => data = Some(loc),
                "gl_SecondaryFragColorEXT" if earlier(sec_color) => sec_color = Some(loc),
                "gl_SecondaryFragDataEXT" if earlier(sec_data) => sec_data = Some(loc),
                _ if var.storage == Storage::Out
                    && !var.builtin
                    && !name.starts_with("gl_")
                    && earlier(user.map(|u| u.0)) =>
                {
                    user = Some((loc, id));
                }
                _ => {}
            }
        }
        // EXT_blend_func_extended: the second colour goes with the first
        // one's form (gl_FragColor with gl_SecondaryFragColorEXT,
        // gl_FragData with gl_SecondaryFragDataEXT).
        let mixed = match (color, data, sec_color, sec_data) {
            (Some(c), _, _, Some(s)) => {
                Some((c, s, "`gl_FragColor' and `gl_SecondaryFragDataEXT'"))
            }
            (_, Some(d), Some(s), _) => {
                Some((d, s, "`gl_FragData' and `gl_SecondaryFragColorEXT'"))
            }
            _ => None,
        };
        if let Some((a, b, what)) = mixed {
            let loc = if a < b { b } else { a };
            self.error(loc, format!("fragment shader writes to both {what}"));
            return;
        }
        let user_name = |c: &Self, id: u32| c.name(c.rec.var_names[id as usize]).to_string();
        let (a, b, what) = match (color, data, user) {
            (Some(c), Some(d), _) => (c, d, "`gl_FragColor' and `gl_FragData'".to_string()),
            (Some(c), None, Some((u, id))) => (
                c,
                u,
                format!("`gl_FragColor' and `{}'", user_name(self, id)),
            ),
            (None, Some(d), Some((u, id))) => {
                (d, u, format!("`gl_FragData' and `{}'", user_name(self, id)))
            }
            _ => return,
        };
        let loc = if a < b { b } else { a };
        self.error(loc, format!("fragment shader writes to both {what}"));
    }

    fn error(&mut self, loc: Loc, msg: impl Into<String>) {
        self.log.error(Phase::Compiler, loc, msg);
    }

    fn warning(&mut self, loc: Loc, msg: impl Into<String>) {
        self.log.warning(Phase::Compiler, loc, msg);
    }

    fn name(&self, s: Sym) -> &'a str {
        self.tu.names.str(s)
    }

    fn type_name(&self, t: &Type) -> String {
        t.name(&self.structs, &self.tu.names)
    }

    fn has(&self, e: Ext) -> bool {
        self.env.exts.contains(e)
    }

    fn has_any(&self, e: &[Ext]) -> bool {
        self.env.exts.any(e)
    }

    fn at_least(&self, desktop: u16, es: u16) -> bool {
        self.env.version.at_least(desktop, es)
    }

    fn is_es(&self) -> bool {
        self.env.version.is_es()
    }

    /// GLSL 4.20 / ARB_shading_language_420pack.
    fn has_420pack(&self) -> bool {
        self.at_least(420, 0) || self.has(Ext::ARB_shading_language_420pack)
    }

    /// Atomic counters (GLSL 4.20, ES 3.10, ARB_shader_atomic_counters).
    fn atomic_counters(&self) -> bool {
        self.at_least(420, 310) || self.has(Ext::ARB_shader_atomic_counters)
    }

    /// Bit operations, `%`, unsigned types (GLSL 1.30, ES 3.00).
    fn has_integer_ops(&self) -> bool {
        self.at_least(130, 300) || self.has(Ext::EXT_gpu_shader4)
    }
}
