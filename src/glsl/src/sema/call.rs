//! Function calls and constructors: overload resolution over user and
//! built-in signatures (GLSL 4.60 §6.1: exact match first, then implicit
//! conversions), `out` arguments as l-values, the extra rules some built-ins
//! have, and the argument rules of constructors (§5.4).

use super::Checker;
use super::builtins::{self, Dir};
use super::consts::{Const, Cv};
use super::expr::{Lv, Val};
use super::scope::{Storage, Symbol};
use super::types::{Base, Conversions, Num, Type};
use crate::ast::{ExprId, Memory, TypeSpec};
use crate::diag::Loc;
use crate::extensions::Ext;
use crate::names::Sym;

/// A candidate signature: return type and parameters.
struct Cand {
    callee: Option<super::Callee>,
    ret: Type,
    params: Vec<(Type, Dir)>,
    builtin: bool,
    memory: Vec<Vec<Memory>>,
}

impl Checker<'_> {
    pub(super) fn call(&mut self, name: Sym, args: Vec<Val>, ids: &[ExprId], loc: Loc) -> Val {
        // GLSL 4.30 §4.1.9: a runtime-sized array is no value to pass.
        if args.iter().any(|a| a.ty.dims.first() == Some(&None)) {
            self.error(loc, "an unsized array cannot be passed to a function");
            return Val::error();
        }
        let n = self.name(name);
        match self.lookup(name).cloned() {
            Some(Symbol::Var(v))
                if matches!(self.vars[v as usize].ty.base, Base::Subroutine(_)) =>
            {
                // A call through a subroutine uniform.
                let t = self.vars[v as usize].ty.clone();
                return self.subroutine_call(&t, Some(v), &args, ids, loc);
            }
            Some(Symbol::Var(_)) if self.shared_namespace => {
                let msg = format!("`{n}' is not a function");
                self.error(loc, msg);
                return Val::error();
            }
            Some(Symbol::Type(t)) => return Val::rv(t, None),
            _ => {}
        }
        let user: Vec<Cand> = self
            .funcs_by_name
            .get(&name)
            .map(|v| {
                v.iter()
                    .map(|&fi| {
                        let f = &self.funcs[fi as usize];
                        Cand {
                            callee: Some(super::Callee::User(fi)),
                            ret: f.ret.clone(),
                            params: f.params.clone(),
                            builtin: false,
                            memory: f.memory.clone(),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        let allow_builtins = self.is_es() || user.is_empty();
        let mut cands = user;
        if allow_builtins {
            cands.extend(builtins::lookup(n, &self.env).into_iter().map(|s| Cand {
                callee: Some(super::Callee::Builtin(s)),
                ret: s.ret.clone(),
                params: s.params.clone(),
                builtin: true,
                memory: Vec::new(),
            }));
        }
        if cands.is_empty() {
            let msg = if builtins::exists(n) {
                format!("built-in function `{n}' is not available in this shader")
            } else {
                format!("no function with name `{n}'")
            };
            self.error(loc, msg);
            return Val::error();
        }
        if args.iter().any(|a| a.ty.is_error()) {
            // Resolution would only cascade; a unique return type survives.
            let ret = &cands[0].ret;
            return if cands.iter().all(|c| c.ret == *ret) {
                Val::rv(ret.clone(), None)
            } else {
                Val::error()
            };
        }
        let Some(ci) = self.resolve(&cands, &args) else {
            let tys: Vec<String> = args.iter().map(|a| self.type_name(&a.ty)).collect();
            let msg = format!("no matching function for call to `{n}({})'", tys.join(", "));
            self.error(loc, msg);
            return Val::error();
        };
        let cand = &cands[ci];
        let callee = cand.callee;
        for (i, ((_, dir), a)) in cand.params.iter().zip(&args).enumerate() {
            if *dir != Dir::In {
                let l = ids.get(i).map_or(loc, |e| self.tu.expr(*e).loc);
                self.check_lvalue(a.lv, l, "function argument for `out' parameter");
            }
        }
        if cand.builtin {
            self.builtin_rules(n, &args, loc);
            // ARB_gpu_shader5: no component selection on the interpolant
            // (GLSL 4.40 allows it).
            if n.starts_with("interpolateAt")
                && !self.at_least(440, u16::MAX)
                && let Some(&e) = ids.first()
                && let crate::ast::ExprKind::Field(base, _) = self.tu.expr(e).kind
                && let Some(Some(b)) = self.rec.exprs.get(base.0 as usize)
                && b.ty.as_num().is_some()
            {
                self.error(
                    loc,
                    format!("component selection on the interpolant of {n}() is not allowed"),
                );
            }
        } else {
            let mem = cand.memory.clone();
            self.image_arg_rules(&mem, &args, loc);
        }
        let ret = cand.ret.clone();
        let constant = cand.builtin
            && args.iter().all(|a| a.k.is_some())
            && !n.starts_with("texture")
            && !n.starts_with("image")
            && !n.starts_with("atomic")
            && !n.starts_with("interpolate")
            && cand
                .params
                .iter()
                .all(|(t, d)| *d == Dir::In && !t.is_opaque());
        let k = constant.then(|| {
            fold_builtin(n, &cand.params, &args, &ret).map_or(Const::Unknown, Const::Known)
        });
        let v = Val::rv(ret, k);
        self.rec.last_callee = callee;
        v
    }

    /// A call through a value of subroutine type `t` (a subroutine
    /// uniform `var`, or an element of an array of them): the arguments
    /// against the subroutine type's parameters, its return type.
    pub(super) fn subroutine_call(
        &mut self,
        t: &Type,
        var: Option<u32>,
        args: &[Val],
        ids: &[ExprId],
        loc: Loc,
    ) -> Val {
        let Base::Subroutine(ty) = t.base else {
            self.error(loc, "called object is not a function");
            return Val::error();
        };
        if t.is_array() {
            self.error(
                loc,
                "an array of subroutine uniforms must be indexed to be called",
            );
            return Val::error();
        }
        let Some((ret, params)) = self.subroutine_types.get(&ty).cloned() else {
            return Val::error();
        };
        let cand = Cand {
            callee: None,
            ret: ret.clone(),
            params,
            builtin: false,
            memory: Vec::new(),
        };
        if args.iter().any(|a| a.ty.is_error()) {
            return Val::rv(ret, None);
        }
        if self.resolve(std::slice::from_ref(&cand), args).is_none() {
            let tys: Vec<String> = args.iter().map(|a| self.type_name(&a.ty)).collect();
            let msg = format!(
                "no matching function for call to subroutine `{}({})'",
                self.name(crate::names::Sym(ty)),
                tys.join(", ")
            );
            self.error(loc, msg);
            return Val::error();
        }
        for (i, ((_, dir), a)) in cand.params.iter().zip(args).enumerate() {
            if *dir != Dir::In {
                let l = ids.get(i).map_or(loc, |e| self.tu.expr(*e).loc);
                self.check_lvalue(a.lv, l, "function argument for `out' parameter");
            }
        }
        self.rec.last_callee = Some(super::Callee::Subroutine { ty, var });
        Val::rv(ret, None)
    }

    /// The index of the best candidate for `args`, if one matches.
    fn resolve(&self, cands: &[Cand], args: &[Val]) -> Option<usize> {
        let fits = |c: &Cand| c.params.len() == args.len();
        if let Some(i) = cands
            .iter()
            .position(|c| fits(c) && c.params.iter().zip(args).all(|((t, _), a)| *t == a.ty))
        {
            return Some(i);
        }
        let conv: Conversions = self.conv;
        let mut best: Option<(u32, usize)> = None;
        for (i, c) in cands.iter().enumerate() {
            if !fits(c) {
                continue;
            }
            let mut score = 0u32;
            let mut ok = true;
            for ((t, d), a) in c.params.iter().zip(args) {
                let fits = match d {
                    Dir::In => conv.can_convert(&a.ty, t),
                    Dir::Out => conv.can_convert(t, &a.ty),
                    Dir::Inout => conv.can_convert(&a.ty, t) && conv.can_convert(t, &a.ty),
                };
                if !fits {
                    ok = false;
                    break;
                }
                if let (Some(x), Some(y)) = (a.ty.as_num(), t.as_num()) {
                    score += Conversions::rank(x.s, y.s);
                }
            }
            if ok && best.is_none_or(|(s, _)| score < s) {
                best = Some((score, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// Rules of particular built-ins beyond their signatures.
    fn builtin_rules(&mut self, n: &str, args: &[Val], loc: Loc) {
        let first_var = args.first().and_then(|a| match a.lv {
            Lv::Var(v) => Some(v),
            _ => None,
        });
        if n == "textureGatherOffsets" {
            // ARB_gpu_shader5: the four offsets are a constant expression.
            if args.iter().any(|a| a.ty.is_array() && a.k.is_none()) {
                self.error(
                    loc,
                    "parameter `offsets' of textureGatherOffsets() must be a constant expression",
                );
            }
        } else if n == "EmitStreamVertex" || n == "EndStreamPrimitive" {
            // GLSL 4.00 §8.12: the stream is a constant integral expression.
            // Its range is a link-time check (Mesa's).
            if args.first().is_some_and(|a| a.k.is_none()) {
                self.error(
                    loc,
                    format!("stream argument to {n}() must be a constant integral expression"),
                );
            }
        } else if n.starts_with("interpolateAt") {
            let ok = first_var.is_some_and(|v| self.vars[v as usize].storage == Storage::In);
            if !ok {
                self.error(
                    loc,
                    format!("first argument to {n}() must be a shader input"),
                );
            }
        } else if n.starts_with("atomic") && !n.starts_with("atomicCounter") {
            let ok = first_var.is_some_and(|v| {
                matches!(
                    self.vars[v as usize].storage,
                    Storage::Buffer | Storage::Shared
                )
            });
            if !ok {
                self.error(
                    loc,
                    format!("first argument to {n}() must be a buffer or shared variable"),
                );
            }
        } else if n.starts_with("image") && n != "imageSize" && n != "imageSamples" {
            let mem = first_var.map_or(Vec::new(), |v| self.vars[v as usize].memory.clone());
            let ro = mem.contains(&Memory::Readonly);
            let wo = mem.contains(&Memory::Writeonly);
            let bad = match n {
                "imageLoad" => wo,
                "imageStore" => ro,
                _ => ro || wo,
            };
            if bad {
                self.error(
                    loc,
                    format!("image argument of {n}() has incompatible memory qualifiers"),
                );
            }
            // GLSL 4.20 §8.12: atomics on 32-bit integer images only, and
            // exchange on r32f ones too.
            let format = first_var.and_then(|v| self.image_formats.get(&v).copied());
            let atomic = n.starts_with("imageAtomic");
            let fits = match format {
                Some("r32i" | "r32ui") | None => true,
                Some("r32f") => n == "imageAtomicExchange",
                Some(_) => false,
            };
            if atomic && !fits {
                self.error(
                    loc,
                    format!(
                        "{n}() is only supported on images of format r32i or r32ui \
                         (imageAtomicExchange also r32f)"
                    ),
                );
            }
        }
    }

    /// An image argument must not lose memory qualifiers when passed to a
    /// user function (ARB_shader_image_load_store).
    fn image_arg_rules(&mut self, memory: &[Vec<Memory>], args: &[Val], loc: Loc) {
        for (m, a) in memory.iter().zip(args) {
            let Lv::Var(v) = a.lv else { continue };
            let var = &self.vars[v as usize];
            if !var.ty.is_opaque() {
                continue;
            }
            if var.memory.iter().any(|x| !m.contains(x)) {
                self.error(
                    loc,
                    "image argument has memory qualifiers its parameter lacks",
                );
                return;
            }
        }
    }

    // ---- constructors --------------------------------------------------------

    pub(super) fn construct(&mut self, spec: &TypeSpec, args: Vec<Val>, loc: Loc) -> Val {
        let mut t = self.type_spec(spec);
        if t.is_error() {
            return Val::error();
        }
        if args.iter().any(|a| a.ty.is_error()) {
            if t.dims.first() == Some(&None) {
                t.dims[0] = Some(args.len() as u32);
            }
            return Val::rv(t, None);
        }
        let all_const = args.iter().all(|a| a.k.is_some());
        let all_known: Option<Vec<&[Cv]>> = args
            .iter()
            .map(|a| a.k.as_ref().and_then(Const::known))
            .collect();
        if t.is_array() {
            if !self.at_least(120, 300) {
                self.error(loc, "array constructors require GLSL 1.20");
                return Val::error();
            }
            let elem = t.element();
            for a in &args {
                let ok = if elem.dims.contains(&None) {
                    a.ty.base == elem.base && a.ty.dims.len() == elem.dims.len()
                } else {
                    self.conv.can_convert(&a.ty, &elem)
                };
                if !ok {
                    let msg = format!(
                        "array constructor argument of type {} does not match element type {}",
                        self.type_name(&a.ty),
                        self.type_name(&elem)
                    );
                    self.error(loc, msg);
                    return Val::error();
                }
            }
            match t.dims[0] {
                Some(n) if n as usize != args.len() => {
                    let msg = format!(
                        "array constructor for {n} elements given {} arguments",
                        args.len()
                    );
                    self.error(loc, msg);
                    return Val::error();
                }
                Some(_) => {}
                None => t.dims[0] = Some(args.len() as u32),
            }
            if args.is_empty() {
                self.error(loc, "array constructor needs arguments");
                return Val::error();
            }
            if elem.dims.contains(&None)
                && let Some(a) = args.first()
            {
                t = a.ty.array_of(&[t.dims[0]]);
            }
            let k = all_const.then(|| match &all_known {
                Some(v) => Const::Known(v.iter().flat_map(|c| c.iter().copied()).collect()),
                None => Const::Unknown,
            });
            return Val::rv(t, k);
        }
        match t.base {
            Base::Void | Base::Opaque(_) | Base::Subroutine(_) | Base::Error => {
                let msg = format!("cannot construct a value of type {}", self.type_name(&t));
                self.error(loc, msg);
                Val::error()
            }
            Base::Struct(i) => {
                let ms: Vec<Type> = self
                    .structs
                    .get(i as usize)
                    .map(|s| s.members.iter().map(|(_, m)| m.clone()).collect())
                    .unwrap_or_default();
                if ms.len() != args.len() {
                    let msg = format!(
                        "struct constructor for {} members given {} arguments",
                        ms.len(),
                        args.len()
                    );
                    self.error(loc, msg);
                    return Val::error();
                }
                for (m, a) in ms.iter().zip(&args) {
                    if !self.conv.can_convert(&a.ty, m) {
                        let msg = format!(
                            "struct constructor argument of type {} does not match member type {}",
                            self.type_name(&a.ty),
                            self.type_name(m)
                        );
                        self.error(loc, msg);
                        return Val::error();
                    }
                }
                let k = all_const.then(|| match &all_known {
                    Some(v) => Const::Known(v.iter().flat_map(|c| c.iter().copied()).collect()),
                    None => Const::Unknown,
                });
                Val::rv(t, k)
            }
            Base::Num(n) => self.construct_num(n, &args, all_const, all_known, loc),
        }
    }

    fn construct_num(
        &mut self,
        n: Num,
        args: &[Val],
        all_const: bool,
        all_known: Option<Vec<&[Cv]>>,
        loc: Loc,
    ) -> Val {
        let t = Type::num(n);
        if args.is_empty() {
            self.error(loc, "constructor needs arguments");
            return Val::error();
        }
        let mut nums = Vec::new();
        for a in args {
            match a.ty.as_num() {
                Some(x) => nums.push(x),
                None => {
                    let msg = format!(
                        "cannot construct {} from a value of type {}",
                        self.type_name(&t),
                        self.type_name(&a.ty)
                    );
                    self.error(loc, msg);
                    return Val::error();
                }
            }
        }
        let need = n.components() as usize;
        let single = nums.len() == 1;
        let comps: Vec<usize> = nums.iter().map(|x| x.components() as usize).collect();
        let total: usize = comps.iter().sum();
        let before_last: usize = total - comps.last().copied().unwrap_or(0);
        if n.is_scalar() {
            if !single {
                self.error(loc, "too many arguments to a scalar constructor");
                return Val::error();
            }
        } else if n.is_matrix() {
            if single && (nums[0].is_scalar() || nums[0].is_matrix()) {
                // Diagonal or resized matrix.
            } else if nums.iter().any(|x| x.is_matrix()) {
                self.error(
                    loc,
                    "a matrix argument must be the only argument of a matrix constructor",
                );
                return Val::error();
            } else if total < need {
                self.error(loc, "too few components in matrix constructor");
                return Val::error();
            } else if before_last >= need || total > need {
                self.error(loc, "too many arguments in matrix constructor");
                return Val::error();
            }
        } else if !(single && nums[0].is_scalar()) {
            if total < need {
                self.error(loc, "too few components in vector constructor");
                return Val::error();
            }
            if before_last >= need {
                self.error(loc, "too many arguments in vector constructor");
                return Val::error();
            }
        }
        let k = if !all_const {
            None
        } else {
            Some(match all_known {
                Some(v) => {
                    let flat: Vec<Cv> = v
                        .iter()
                        .flat_map(|c| c.iter().map(|x| x.convert(n.s)))
                        .collect();
                    if single && nums[0].is_scalar() && !n.is_scalar() {
                        let x = flat.first().copied().unwrap_or(Cv::I(0));
                        if n.is_matrix() {
                            let zero = Cv::I(0).convert(n.s);
                            Const::Known(
                                (0..need)
                                    .map(|i| {
                                        if i / n.rows as usize == i % n.rows as usize {
                                            x
                                        } else {
                                            zero
                                        }
                                    })
                                    .collect(),
                            )
                        } else {
                            Const::Known(vec![x; need])
                        }
                    } else if n.is_matrix() && single {
                        Const::Unknown
                    } else if flat.len() >= need {
                        Const::Known(flat[..need].to_vec())
                    } else {
                        Const::Unknown
                    }
                }
                None => Const::Unknown,
            })
        };
        let _ = Ext::ARB_gpu_shader_fp64;
        Val::rv(t, k)
    }
}

/// The value of a built-in call whose arguments are all known, when
/// `consts::builtin` folds it: scalars and vectors only, every argument
/// converted to its parameter's kind.
fn fold_builtin(n: &str, params: &[(Type, Dir)], args: &[Val], ret: &Type) -> Option<Vec<Cv>> {
    let Base::Num(rn) = ret.base else { return None };
    if !ret.dims.is_empty() || rn.cols != 1 {
        return None;
    }
    let mut vals = Vec::new();
    for ((pt, _), a) in params.iter().zip(args) {
        let Base::Num(pn) = pt.base else { return None };
        if !pt.dims.is_empty() || pn.cols != 1 || pn.s != rn.s {
            return None;
        }
        let k = a.k.as_ref()?.known()?;
        vals.push(k.iter().map(|c| c.convert(pn.s)).collect::<Vec<_>>());
    }
    super::consts::builtin(n, &vals, rn.s, usize::from(rn.rows))
}
