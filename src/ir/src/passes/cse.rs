//! `opt_cse`: common-subexpression elimination of pure instructions.
//!
//! Two pure instructions ([`Op::is_pure`]) with the same operation, operands
//! and type compute the same value; when one is visible at the other (it
//! dominates it), uses of the later one are replaced by the earlier and the
//! later is unlinked.
//!
//! Algorithm: a scoped hash table keyed by `(op, type)`, filled during a
//! pre-order walk of the block tree; entries made inside a block are dropped
//! when the walk leaves it, so the table holds exactly the values visible at
//! the current node (the structured form of dominance — a global table would
//! reuse a value defined in a sibling `if` arm that does not dominate the use).
//! A loop's continue block is walked after its body's entries are dropped, as
//! the validator requires. Commutative operations sort their two operands
//! first so `fadd a, b` meets `fadd b, a`. Operands are rewritten as the walk
//! goes, so chains collapse in one pass.

use super::{each_func, resolve};
use crate::*;
use std::collections::HashMap;

/// Eliminates common subexpressions. True if anything was removed.
pub fn opt_cse(shader: &mut Shader) -> bool {
    each_func(shader, |f| {
        let mut cx = Cse {
            table: HashMap::new(),
            map: HashMap::new(),
        };
        let body = f.body;
        cx.block(f, body);
        if cx.map.is_empty() {
            return false;
        }
        f.map_uses(|u| resolve(&cx.map, u));
        true
    })
}

struct Cse {
    table: HashMap<(Op, Option<ValType>), Value>,
    map: HashMap<Value, Value>,
}

fn key(inst: &Inst) -> (Op, Option<ValType>) {
    let mut op = inst.op.clone();
    if let Op::Alu(alu, args) = &mut op
        && alu.is_commutative()
        && args[1] < args[0]
    {
        args.swap(0, 1);
    }
    (op, inst.ty)
}

impl Cse {
    fn block(&mut self, f: &mut Function, b: BlockId) {
        let nodes = std::mem::take(&mut f.blocks[b].nodes);
        let mut added = Vec::new();
        let mut out = Vec::with_capacity(nodes.len());
        for mut node in nodes {
            match &mut node {
                Node::Inst(v) => {
                    let map = &self.map;
                    f.insts[*v].op.map_values(|u| resolve(map, u));
                    if f.insts[*v].op.is_pure() {
                        let k = key(&f.insts[*v]);
                        if let Some(prev) = self.table.get(&k) {
                            self.map.insert(*v, *prev);
                            continue;
                        }
                        self.table.insert(k.clone(), *v);
                        added.push(k);
                    }
                }
                Node::If { cond, then, else_ } => {
                    *cond = resolve(&self.map, *cond);
                    self.block(f, *then);
                    self.block(f, *else_);
                }
                Node::Loop { body, cont } => {
                    self.block(f, *body);
                    self.block(f, *cont);
                }
                Node::Return(Some(v)) => *v = resolve(&self.map, *v),
                _ => {}
            }
            out.push(node);
        }
        for k in added {
            self.table.remove(&k);
        }
        f.blocks[b].nodes = out;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{body, run};
    use super::*;

    #[test]
    fn shares_dominating_values_only() {
        let src = "shader fragment
var v0 \"i\" input location 0 component 0 smooth center : f32x2
var v1 \"o\" output location 0 component 0 index 0 : f32
func f0 \"main\" () {
  %0: f32x2 = load v0
  %1: f32 = swizzle %0, x
  %2: f32 = swizzle %0, y
  %3: f32 = fadd %1, %2
  %4: f32 = fadd %2, %1
  %5: bool = flt %3, %4
  if %5 {
    %6: f32 = fmul %3, %4
    store v1, %6
  } else {
    %7: f32 = fmul %4, %3
    store v1, %7
  }
  %8: f32 = fmul %3, %3
  %9: f32x2 = load v0
  store v1, %8
  store v1, %9
}
"
        .replace("store v1, %9", "%10: f32 = swizzle %9, x\n  store v1, %10");
        let (progress, out) = run(&src, opt_cse);
        assert!(progress);
        assert_eq!(
            body(&out),
            vec![
                "%0: f32x2 = load v0",
                "%1: f32 = swizzle %0, x",
                "%2: f32 = swizzle %0, y",
                "%3: f32 = fadd %1, %2",
                "%4: bool = flt %3, %3",
                "if %4 {",
                "%5: f32 = fmul %3, %3",
                "store v1, %5",
                "} else {",
                "%6: f32 = fmul %3, %3",
                "store v1, %6",
                "}",
                "%7: f32 = fmul %3, %3",
                "%8: f32x2 = load v0",
                "store v1, %7",
                "%9: f32 = swizzle %8, x",
                "store v1, %9",
            ],
            "sibling arms keep their own copy; loads are not merged"
        );
    }
}
