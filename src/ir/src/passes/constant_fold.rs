//! `opt_constant_fold`: evaluates pure operations whose operands are all
//! constants, and replaces `if` on a constant condition by the taken arm.
//!
//! Algorithm: one walk over the live instructions in execution order (so a
//! folded result is already a constant when its users are visited); each
//! foldable instruction is rewritten in place into `const`, keeping its
//! handle, so no use needs rewriting. Evaluation is [`crate::eval`], the same
//! code the interpreter runs, so folding can never disagree with execution —
//! including built-in functions (`sin`, `pack_half2x16`, ...) and the
//! division-by-zero and shift-amount rules. A derivative of a constant is 0.
//!
//! Branch folding splices the taken arm's nodes into the parent block. The
//! naive splice breaks the "terminator last" invariant when the arm ends in
//! `break`/`return`/`discard`: nodes after it become unreachable and are cut.
//! Loops are never removed here (a constant-true loop is how GLSL spells an
//! unbounded one).

use super::each_func;
use crate::*;

/// Folds constant operations and constant branches. True if anything changed.
pub fn opt_constant_fold(shader: &mut Shader) -> bool {
    each_func(shader, |f| {
        let mut changed = fold_values(f);
        let body = f.body;
        changed |= fold_branches(f, body);
        changed
    })
}

fn konst(f: &Function, v: Value) -> Option<(ValType, Bits)> {
    match (&f.insts[v].op, f.insts[v].ty) {
        (Op::Const(b), Some(t)) => Some((t, *b)),
        _ => None,
    }
}

fn fold_values(f: &mut Function) -> bool {
    let mut changed = false;
    for v in f.live_insts() {
        let Some(ty) = f.insts[v].ty else { continue };
        let folded = match &f.insts[v].op {
            Op::Alu(op, args) => {
                let consts: Option<Vec<_>> = args.iter().map(|a| konst(f, *a)).collect();
                consts.map(|c| eval::alu(*op, ty, &c))
            }
            Op::Swizzle(a, idx) => konst(f, *a).map(|(_, b)| eval::swizzle(b, *idx, ty.n())),
            Op::Insert(a, s, lane) => match (konst(f, *a), konst(f, *s)) {
                (Some((_, mut b)), Some((_, sb))) => {
                    b[*lane as usize] = sb[0];
                    Some(b)
                }
                _ => None,
            },
            Op::Construct(parts) => {
                let consts: Option<Vec<_>> = parts.iter().map(|a| konst(f, *a)).collect();
                consts.map(|c| eval::construct(&c))
            }
            Op::Deriv(_, a) => konst(f, *a).map(|_| eval::splat_bits(ty, 0.0)),
            _ => None,
        };
        if let Some(bits) = folded {
            f.insts[v].op = Op::Const(bits);
            changed = true;
        }
    }
    changed
}

fn fold_branches(f: &mut Function, b: BlockId) -> bool {
    let nodes = std::mem::take(&mut f.blocks[b].nodes);
    let mut out = Vec::with_capacity(nodes.len());
    let mut changed = false;
    for node in nodes {
        match node {
            Node::If { cond, then, else_ } => {
                if let Some((_, bits)) = konst(f, cond) {
                    let taken = if bits[0] != 0 { then } else { else_ };
                    fold_branches(f, taken);
                    out.append(&mut f.blocks[taken].nodes);
                    changed = true;
                } else {
                    changed |= fold_branches(f, then);
                    changed |= fold_branches(f, else_);
                    out.push(node);
                }
            }
            Node::Loop { body, cont } => {
                changed |= fold_branches(f, body);
                changed |= fold_branches(f, cont);
                out.push(node);
            }
            n => out.push(n),
        }
        if let Some(pos) = out.iter().position(Node::is_terminator)
            && pos + 1 < out.len()
        {
            out.truncate(pos + 1);
        }
        if out.last().is_some_and(Node::is_terminator) {
            break;
        }
    }
    f.blocks[b].nodes = out;
    changed
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{body, run};
    use super::*;

    #[test]
    fn folds_arithmetic_and_builtins() {
        let src = "shader fragment
var v0 \"o\" output location 0 component 0 index 0 : f32x4
func f0 \"main\" () {
  %0: f32 = const 2.0
  %1: f32 = const 3.0
  %2: f32 = fmul %0, %1
  %3: f32 = sqrt %2
  %4: f32x4 = construct %2, %3, %0, %1
  %5: f32x2 = swizzle %4, wx
  %6: u32 = pack_half2x16 %5
  %7: f32x4 = load v0
  %8: f32x4 = fadd %7, %4
  store v0, %8
}
";
        let (progress, out) = run(src, opt_constant_fold);
        assert!(progress);
        let b = body(&out);
        assert_eq!(b[2], "%2: f32 = const 6.0");
        assert_eq!(b[3], format!("%3: f32 = const {:?}", 6f32.sqrt()));
        assert_eq!(b[5], "%5: f32x2 = const 3.0, 6.0");
        assert_eq!(b[6], format!("%6: u32 = const {}", 0x4600_4200u32));
        assert_eq!(b[8], "%8: f32x4 = fadd %7, %4", "loads are not constants");
        // Nothing left to do: no progress the second time.
        let (again, _) = run(&out, opt_constant_fold);
        assert!(!again);
    }

    #[test]
    fn folds_branches_and_cuts_dead_code() {
        let src = "shader fragment
var v0 \"o\" output location 0 component 0 index 0 : f32
func f0 \"main\" () {
  %0: f32 = const 1.0
  %1: f32 = const 2.0
  %2: bool = flt %0, %1
  if %2 {
    store v0, %0
    discard
  } else {
    store v0, %1
  }
  store v0, %1
}
";
        let (progress, out) = run(src, opt_constant_fold);
        assert!(progress);
        assert_eq!(
            body(&out),
            vec![
                "%0: f32 = const 1.0",
                "%1: f32 = const 2.0",
                "%2: bool = const true",
                "store v0, %0",
                "discard"
            ]
        );
    }
}
