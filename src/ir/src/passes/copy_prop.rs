//! `opt_copy_prop`: replaces uses of copies by their source.
//!
//! A copy is an instruction whose result equals one operand bit for bit:
//! an identity swizzle (`swizzle %v, xyzw` of a 4-lane `%v`), a one-part
//! `construct`, a `construct` that reassembles every lane of one value in
//! order (`construct (swizzle %v, x), (swizzle %v, yz)`), and a `convert` or
//! `bitcast` to the same type. Swizzles of swizzles are composed first
//! (`swizzle (swizzle %v, wzyx), xx` becomes `swizzle %v, ww`), which exposes
//! more copies. Front ends and the fixed-function generator make many of these
//! when they lower GLSL's vector constructors and swizzles one lane at a time.
//!
//! The copies are left in place, unused; `opt_dce` deletes them. Rewriting
//! uses in one `map_uses` after the scan (resolving chains `a -> b -> c`)
//! keeps the pass linear. Unused copies alone are not progress, so the pass
//! reaches a fixpoint.

use super::{each_func, resolve};
use crate::*;
use std::collections::HashMap;

/// Propagates copies. True if any use changed.
pub fn opt_copy_prop(shader: &mut Shader) -> bool {
    each_func(shader, |f| {
        let mut changed = false;
        let mut map = HashMap::new();
        for v in f.live_insts() {
            changed |= compose_swizzle(f, v);
            if let Some(src) = copy_source(f, v) {
                map.insert(v, resolve(&map, src));
            }
        }
        let counts = f.use_counts();
        if map.keys().any(|v| counts[v.index()] > 0) {
            f.map_uses(|u| resolve(&map, u));
            changed = true;
        }
        changed
    })
}

fn compose_swizzle(f: &mut Function, v: Value) -> bool {
    let Op::Swizzle(a, idx) = f.insts[v].op else {
        return false;
    };
    let Op::Swizzle(inner, idx2) = f.insts[a].op else {
        return false;
    };
    let n = f.insts[v].ty.map_or(1, |t| t.n());
    let mut composed = [0u8; 4];
    for i in 0..n {
        composed[i] = idx2[idx[i] as usize];
    }
    f.insts[v].op = Op::Swizzle(inner, composed);
    true
}

/// `(source, lane)` for each lane of `v`'s value, looking through swizzles.
fn lanes_of(f: &Function, v: Value) -> Vec<(Value, u8)> {
    let n = f.insts[v].ty.map_or(0, |t| t.n());
    match f.insts[v].op {
        Op::Swizzle(a, idx) => (0..n).map(|i| (a, idx[i])).collect(),
        _ => (0..n as u8).map(|i| (v, i)).collect(),
    }
}

fn copy_source(f: &Function, v: Value) -> Option<Value> {
    let ty = f.insts[v].ty?;
    let same_ty = |a: Value| f.insts[a].ty == Some(ty);
    match &f.insts[v].op {
        Op::Swizzle(a, idx) if same_ty(*a) && (0..ty.n()).all(|i| idx[i] as usize == i) => Some(*a),
        Op::Construct(parts) if parts.len() == 1 && same_ty(parts[0]) => Some(parts[0]),
        Op::Construct(parts) => {
            let lanes: Vec<(Value, u8)> = parts.iter().flat_map(|p| lanes_of(f, *p)).collect();
            let src = lanes.first()?.0;
            let whole = same_ty(src)
                && lanes
                    .iter()
                    .enumerate()
                    .all(|(i, (s, l))| *s == src && *l as usize == i);
            whole.then_some(src)
        }
        Op::Alu(AluOp::Convert | AluOp::Bitcast, args) if same_ty(args[0]) => Some(args[0]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{body, run};
    use super::*;

    #[test]
    fn propagates_copies_and_composes_swizzles() {
        let src = "shader vertex
var v0 \"i\" input location 0 component 0 smooth center : f32x4
var v1 \"o\" output location 0 component 0 index 0 : f32x4
func f0 \"main\" () {
  %0: f32x4 = load v0
  %1: f32x4 = swizzle %0, xyzw
  %2: f32 = swizzle %1, x
  %3: f32x3 = swizzle %1, yzw
  %4: f32x4 = construct %2, %3
  %5: f32x4 = swizzle %4, wzyx
  %6: f32x2 = swizzle %5, xx
  %7: f32x4 = construct %6, %6
  store v1, %4
  store v1, %7
}
";
        let (progress, out) = run(src, opt_copy_prop);
        assert!(progress);
        let b = body(&out);
        assert_eq!(
            b[8], "store v1, %0",
            "construct of all lanes in order is a copy"
        );
        assert_eq!(b[5], "%5: f32x4 = swizzle %0, wzyx");
        assert_eq!(
            b[6], "%6: f32x2 = swizzle %0, ww",
            "composed, then propagated"
        );
        let (again, _) = run(&out, opt_copy_prop);
        assert!(!again, "unused copies are not progress");
    }
}
