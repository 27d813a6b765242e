//! `opt_algebraic`: algebraic simplification driven by a rule table.
//!
//! The rules are data ([`RULES`]), in a small s-expression language in the
//! spirit of NIR's `nir_opt_algebraic.py`:
//!
//! * `(op p q ...)` matches an ALU instruction `op` whose operands match the
//!   sub-patterns; commutative operations also match with their two operands
//!   swapped;
//! * a lower-case letter (`a`, `b`) matches any value; a letter used twice
//!   must match the *same* value;
//! * `#k` matches a constant whose every lane is `k` in the value's type
//!   (bit-exact: `#-0` is only −0.0; `#-1` is all ones for integers and `true`
//!   for bools).
//!
//! A replacement is a letter (uses of the instruction become that value), a
//! constant `#k` of the instruction's type, or `(op letters...)`, which
//! rewrites the instruction in place. A rule applies only if the replacement
//! type-checks to the instruction's type, so one rule serves every width and
//! lane count.
//!
//! Exactness: a rule is *exact* when it holds for every input bit pattern
//! (NaN payloads aside — any NaN equals any NaN), including −0.0, ±∞ and NaN.
//! `x * 1 → x`, `x + (−0.0) → x`, `x − 0.0 → x`, `−(−x) → x` are exact;
//! `x + 0.0 → x` is not (−0.0 + 0.0 = +0.0), `x * 0 → 0` is not (∞·0 = NaN,
//! −1·0 = −0), `x − x → 0` is not (∞ − ∞ = NaN), and `!(a < b) → a ≥ b` is
//! not for floats (NaN). [`opt_algebraic`] applies exact rules only, as
//! `precise` and `invariant` require; [`opt_algebraic_inexact`] applies all,
//! for code with no such qualifier (GLSL allows it there). The tests check
//! every rule's law by evaluating both sides on special and random inputs.

use super::{each_func, resolve};
use crate::*;
use std::collections::HashMap;

/// One rewrite rule.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// The pattern.
    pub from: &'static str,
    /// The replacement.
    pub to: &'static str,
    /// Holds for every input including −0.0, ∞ and NaN.
    pub exact: bool,
}

const fn r(from: &'static str, to: &'static str, exact: bool) -> Rule {
    Rule { from, to, exact }
}
const EXACT: bool = true;
const INEXACT: bool = false;

/// The rule table, tried in order; the first match wins.
pub const RULES: &[Rule] = &[
    // Float identities.
    r("(fmul a #1)", "a", EXACT),
    r("(fdiv a #1)", "a", EXACT),
    r("(fadd a #-0)", "a", EXACT),
    r("(fsub a #0)", "a", EXACT),
    r("(fmul a #-1)", "(fneg a)", EXACT),
    r("(fneg (fneg a))", "a", EXACT),
    r("(fabs (fneg a))", "(fabs a)", EXACT),
    r("(fabs (fabs a))", "(fabs a)", EXACT),
    r("(fmin a a)", "a", EXACT),
    r("(fmax a a)", "a", EXACT),
    r("(fsat (fsat a))", "(fsat a)", EXACT),
    r("(fma a #1 b)", "(fadd a b)", EXACT),
    r("(fma #1 a b)", "(fadd a b)", EXACT),
    r("(floor (floor a))", "(floor a)", EXACT),
    r("(not (feq a b))", "(fne a b)", EXACT),
    r("(not (fne a b))", "(feq a b)", EXACT),
    // Float rules that ignore −0.0, ∞ and NaN.
    r("(fadd a #0)", "a", INEXACT),
    r("(fsub a a)", "#0", INEXACT),
    r("(fmul a #0)", "#0", INEXACT),
    r("(fma a b #0)", "(fmul a b)", INEXACT),
    r("(mix a b #0)", "a", INEXACT),
    r("(mix a b #1)", "b", INEXACT),
    r("(not (flt a b))", "(fge a b)", INEXACT),
    r("(not (fge a b))", "(flt a b)", INEXACT),
    r("(fdiv #1 a)", "(rcp a)", INEXACT),
    r("(rcp (sqrt a))", "(rsqrt a)", INEXACT),
    // Integer and boolean identities (all exact: wrapping arithmetic).
    r("(iadd a #0)", "a", EXACT),
    r("(isub a #0)", "a", EXACT),
    r("(isub a a)", "#0", EXACT),
    r("(imul a #1)", "a", EXACT),
    r("(imul a #0)", "#0", EXACT),
    r("(imul a #-1)", "(ineg a)", EXACT),
    r("(ineg (ineg a))", "a", EXACT),
    r("(idiv a #1)", "a", EXACT),
    r("(udiv a #1)", "a", EXACT),
    r("(and a a)", "a", EXACT),
    r("(and a #0)", "#0", EXACT),
    r("(and a #-1)", "a", EXACT),
    r("(or a a)", "a", EXACT),
    r("(or a #0)", "a", EXACT),
    r("(or a #-1)", "#-1", EXACT),
    r("(xor a a)", "#0", EXACT),
    r("(xor a #0)", "a", EXACT),
    r("(not (not a))", "a", EXACT),
    r("(shl a #0)", "a", EXACT),
    r("(ushr a #0)", "a", EXACT),
    r("(ishr a #0)", "a", EXACT),
    r("(imin a a)", "a", EXACT),
    r("(imax a a)", "a", EXACT),
    r("(umin a a)", "a", EXACT),
    r("(umax a a)", "a", EXACT),
    r("(ieq a a)", "#1", EXACT),
    r("(ine a a)", "#0", EXACT),
    r("(not (ieq a b))", "(ine a b)", EXACT),
    r("(not (ine a b))", "(ieq a b)", EXACT),
    r("(not (ilt a b))", "(ige a b)", EXACT),
    r("(not (ige a b))", "(ilt a b)", EXACT),
    r("(not (ult a b))", "(uge a b)", EXACT),
    r("(not (uge a b))", "(ult a b)", EXACT),
    // Select.
    r("(select #1 a b)", "a", EXACT),
    r("(select #0 a b)", "b", EXACT),
    r("(select c a a)", "a", EXACT),
    r("(select (not c) a b)", "(select c b a)", EXACT),
];

/// A compiled pattern.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Pat {
    Var(char),
    Const(f64),
    Op(AluOp, Vec<Pat>),
}

/// Parses a pattern of the rule language.
pub(crate) fn parse_pat(src: &str) -> Result<Pat, String> {
    let toks: Vec<String> = src
        .replace('(', " ( ")
        .replace(')', " ) ")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let mut pos = 0;
    let p = parse_tokens(&toks, &mut pos)?;
    if pos != toks.len() {
        return Err(format!("trailing tokens in {src}"));
    }
    Ok(p)
}

fn parse_tokens(toks: &[String], pos: &mut usize) -> Result<Pat, String> {
    let t = toks.get(*pos).ok_or("unexpected end")?;
    *pos += 1;
    if t == "(" {
        let name = toks.get(*pos).ok_or("missing op")?;
        *pos += 1;
        let op = AluOp::from_name(name).ok_or_else(|| format!("unknown op {name}"))?;
        let mut args = Vec::new();
        while toks.get(*pos).map(String::as_str) != Some(")") {
            args.push(parse_tokens(toks, pos)?);
        }
        *pos += 1;
        if args.len() != op.arity() {
            return Err(format!("{name} takes {} operands", op.arity()));
        }
        Ok(Pat::Op(op, args))
    } else if let Some(k) = t.strip_prefix('#') {
        // `#-0` must stay distinct from `#0`: parse as f64 keeps the sign.
        k.parse()
            .map(Pat::Const)
            .map_err(|_| format!("bad constant {t}"))
    } else if t.len() == 1 && t.chars().all(|c| c.is_ascii_lowercase()) {
        Ok(Pat::Var(t.chars().next().unwrap_or('a')))
    } else {
        Err(format!("bad token {t}"))
    }
}

struct Matcher<'a> {
    f: &'a Function,
    map: &'a HashMap<Value, Value>,
    binds: HashMap<char, Value>,
}

impl Matcher<'_> {
    fn matches(&mut self, p: &Pat, v: Value) -> bool {
        let v = resolve(self.map, v);
        let inst = &self.f.insts[v];
        match p {
            Pat::Var(c) => match self.binds.get(c) {
                Some(b) => *b == v,
                None => {
                    self.binds.insert(*c, v);
                    true
                }
            },
            Pat::Const(k) => match (&inst.op, inst.ty) {
                (Op::Const(bits), Some(t)) => *bits == eval::splat_bits(t, *k),
                _ => false,
            },
            Pat::Op(op, pats) => {
                let Op::Alu(iop, args) = &inst.op else {
                    return false;
                };
                if iop != op {
                    return false;
                }
                let saved = self.binds.clone();
                if pats.iter().zip(args).all(|(p, a)| self.matches(p, *a)) {
                    return true;
                }
                self.binds = saved.clone();
                if op.is_commutative()
                    && pats.len() == 2
                    && self.matches(&pats[0], args[1])
                    && self.matches(&pats[1], args[0])
                {
                    return true;
                }
                self.binds = saved;
                false
            }
        }
    }
}

/// What to do with a matched instruction.
enum Rewrite {
    Use(Value),
    Op(Op),
}

fn replacement(f: &Function, v: Value, to: &Pat, binds: &HashMap<char, Value>) -> Option<Rewrite> {
    let ty = f.insts[v].ty?;
    match to {
        Pat::Var(c) => {
            let b = *binds.get(c)?;
            (f.insts[b].ty == Some(ty)).then_some(Rewrite::Use(b))
        }
        Pat::Const(k) => Some(Rewrite::Op(Op::Const(eval::splat_bits(ty, *k)))),
        Pat::Op(op, args) => {
            let vals: Option<Vec<Value>> = args
                .iter()
                .map(|a| match a {
                    Pat::Var(c) => binds.get(c).copied(),
                    _ => None,
                })
                .collect();
            let vals = vals?;
            let tys: Option<Vec<ValType>> = vals.iter().map(|a| f.insts[*a].ty).collect();
            ops::check(*op, &tys?, Some(ty)).ok()?;
            Some(Rewrite::Op(Op::Alu(*op, vals)))
        }
    }
}

fn compiled(exact_only: bool) -> Vec<(Pat, Pat)> {
    RULES
        .iter()
        .filter(|r| r.exact || !exact_only)
        .map(|r| {
            let from = parse_pat(r.from).unwrap_or_else(|e| panic!("rule {}: {e}", r.from));
            let to = parse_pat(r.to).unwrap_or_else(|e| panic!("rule {}: {e}", r.to));
            (from, to)
        })
        .collect()
}

fn run(shader: &mut Shader, exact_only: bool) -> bool {
    let rules = compiled(exact_only);
    each_func(shader, |f| {
        let mut map = HashMap::new();
        let mut changed = false;
        for v in f.live_insts() {
            if !matches!(f.insts[v].op, Op::Alu(..)) {
                continue;
            }
            for (from, to) in &rules {
                let mut m = Matcher {
                    f,
                    map: &map,
                    binds: HashMap::new(),
                };
                if !m.matches(from, v) {
                    continue;
                }
                let binds = m.binds;
                let Some(rw) = replacement(f, v, to, &binds) else {
                    continue;
                };
                match rw {
                    Rewrite::Use(b) => {
                        map.insert(v, b);
                    }
                    Rewrite::Op(op) => f.insts[v].op = op,
                }
                changed = true;
                break;
            }
        }
        if !map.is_empty() {
            f.map_uses(|u| resolve(&map, u));
        }
        changed
    })
}

/// Applies the exact rules. True if anything changed.
pub fn opt_algebraic(shader: &mut Shader) -> bool {
    run(shader, true)
}

/// Applies every rule, exact or not. True if anything changed.
pub fn opt_algebraic_inexact(shader: &mut Shader) -> bool {
    run(shader, false)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{body, run as run_pass};
    use super::*;

    /// Evaluates a pattern with variables bound to typed constants.
    fn eval_pat(
        p: &Pat,
        env: &HashMap<char, (ValType, Bits)>,
        ty: ValType,
    ) -> Option<(ValType, Bits)> {
        match p {
            Pat::Var(c) => env.get(c).copied(),
            Pat::Const(k) => Some((ty, eval::splat_bits(ty, *k))),
            Pat::Op(op, args) => {
                // Constants take the type of a sibling variable (or `ty`).
                let sib = args
                    .iter()
                    .find_map(|a| match a {
                        Pat::Const(_) => None,
                        a => eval_pat(a, env, ty),
                    })
                    .map_or(ty, |(t, _)| t);
                let vals: Option<Vec<(ValType, Bits)>> = args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        // A select's condition constant is a bool.
                        let t = if *op == AluOp::Select && i == 0 {
                            ValType::BOOL
                        } else {
                            sib
                        };
                        eval_pat(a, env, t)
                    })
                    .collect();
                let vals = vals?;
                let tys: Vec<ValType> = vals.iter().map(|(t, _)| *t).collect();
                let rt = ops::check(*op, &tys, None).ok()?;
                Some((rt, eval::alu(*op, rt, &vals)))
            }
        }
    }

    fn vars(p: &Pat, out: &mut Vec<char>) {
        match p {
            Pat::Var(c) if !out.contains(c) => out.push(*c),
            Pat::Op(_, args) => args.iter().for_each(|a| vars(a, out)),
            _ => {}
        }
    }

    fn samples(t: ValType, rng: &mut u64) -> Vec<u64> {
        let mut next = || {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            *rng
        };
        match t.scalar {
            Scalar::F32 => {
                let mut v: Vec<u64> = [
                    0.0f32,
                    -0.0,
                    1.0,
                    -1.0,
                    0.5,
                    3.0,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::NAN,
                    1e-40,
                ]
                .iter()
                .map(|x| x.to_bits() as u64)
                .collect();
                v.extend((0..20).map(|_| ((next() as u32 as f32 / 1e6) - 2000.0).to_bits() as u64));
                v
            }
            Scalar::Bool => vec![0, 1],
            _ => {
                let mut v = vec![0, 1, 0xffff_ffff, 0x8000_0000, 7];
                v.extend((0..20).map(|_| next() & 0xffff_ffff));
                v
            }
        }
    }

    fn is_special(t: ValType, x: u64) -> bool {
        t.scalar == Scalar::F32 && {
            let f = f32::from_bits(x as u32);
            !f.is_finite() || (f == 0.0 && f.is_sign_negative())
        }
    }

    /// Every rule's law, checked by evaluation on special and random inputs.
    #[test]
    fn every_rule_holds() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for rule in RULES {
            let from = parse_pat(rule.from).unwrap();
            let to = parse_pat(rule.to).unwrap();
            let mut vs = Vec::new();
            vars(&from, &mut vs);
            let mut checked = 0;
            // Try each assignment of types to the variables.
            let cands = [ValType::F32, ValType::I32, ValType::U32, ValType::BOOL];
            for combo in 0..cands.len().pow(vs.len() as u32) {
                let tys: Vec<ValType> = (0..vs.len())
                    .map(|i| cands[combo / cands.len().pow(i as u32) % cands.len()])
                    .collect();
                let pools: Vec<Vec<u64>> = tys.iter().map(|t| samples(*t, &mut rng)).collect();
                for k in 0..pools.iter().map(Vec::len).max().unwrap_or(1) * 3 {
                    let env: HashMap<char, (ValType, Bits)> = vs
                        .iter()
                        .enumerate()
                        .map(|(i, c)| {
                            let pool = &pools[i];
                            let x = pool[(k * (i + 1) + k / pool.len()) % pool.len()];
                            (*c, (tys[i], [x, 0, 0, 0]))
                        })
                        .collect();
                    let Some((t, lhs)) =
                        eval_pat(&from, &env, tys.first().copied().unwrap_or(ValType::F32))
                    else {
                        break;
                    };
                    let Some((t2, rhs)) = eval_pat(&to, &env, t) else {
                        break;
                    };
                    if t != t2 {
                        break;
                    }
                    if !rule.exact && env.values().any(|(vt, b)| is_special(*vt, b[0])) {
                        continue;
                    }
                    let nan = |b: u64| t.scalar == Scalar::F32 && f32::from_bits(b as u32).is_nan();
                    let same = lhs == rhs || (nan(lhs[0]) && nan(rhs[0]));
                    if !rule.exact && t.scalar == Scalar::F32 && !same {
                        // Inexact float rules may differ in the sign of zero.
                        let (a, b) = (f32::from_bits(lhs[0] as u32), f32::from_bits(rhs[0] as u32));
                        assert!(a == b, "{} -> {}: {env:?}: {a} vs {b}", rule.from, rule.to);
                    } else {
                        assert!(
                            same,
                            "{} -> {}: {env:?}: {lhs:x?} vs {rhs:x?}",
                            rule.from, rule.to
                        );
                    }
                    checked += 1;
                }
            }
            assert!(checked > 0, "rule {} never type-checked", rule.from);
        }
    }

    #[test]
    fn rewrites_with_the_table() {
        let src = "shader vertex
var v0 \"i\" input location 0 component 0 smooth center : f32x4
var v1 \"n\" input location 1 component 0 flat center : i32
var v2 \"o\" output location 0 component 0 index 0 : f32x4
var v3 \"q\" output location 1 component 0 index 0 : i32
func f0 \"main\" () {
  %0: f32x4 = load v0
  %1: f32x4 = const 1.0, 1.0, 1.0, 1.0
  %2: f32x4 = fmul %1, %0
  %3: f32x4 = const 0.0, 0.0, 0.0, 0.0
  %4: f32x4 = fadd %2, %3
  %5: f32x4 = fneg %4
  %6: f32x4 = fneg %5
  store v2, %6
  %7: i32 = load v1
  %8: i32 = isub %7, %7
  %9: i32 = const -1
  %10: i32 = imul %7, %9
  %11: i32 = iadd %10, %8
  store v3, %11
}
";
        let (progress, out) = run_pass(src, opt_algebraic);
        assert!(progress);
        let b = body(&out);
        // x * 1 -> x; x + 0.0 kept (inexact); -(-x) -> x.
        assert_eq!(b[7], "store v2, %4", "{out}");
        assert_eq!(b[4], "%4: f32x4 = fadd %0, %3");
        // x - x -> 0 for ints; x * -1 -> -x in place; x + 0 -> x.
        assert_eq!(b[9], "%8: i32 = const 0");
        assert_eq!(b[11], "%10: i32 = ineg %7");
        assert_eq!(b[13], "store v3, %10");
        let (progress, out) = run_pass(&out, opt_algebraic_inexact);
        assert!(progress);
        assert_eq!(body(&out)[7], "store v2, %0", "{out}");
    }
}
