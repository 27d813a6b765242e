//! `opt_copy_prop_vars`: store-to-load forwarding for function-local and
//! private variables (NIR's `nir_opt_copy_prop_vars`, restricted to whole
//! value-typed variables).
//!
//! `store v, %x; ...; %y = load v` makes `%y` a copy of `%x` when no other
//! write to `v` can happen in between. The fixed-function generator's
//! `if_value`, the GLSL lowering of locals and the inliner's return variables
//! all produce this shape; forwarding it, then `opt_dce` (which drops stores
//! to variables nobody loads any more), gives straight SSA.
//!
//! Algorithm: a walk of the tree carrying "variable → last stored value".
//! An `if` arm starts from its parent's map (the stored value dominates the
//! arm); after an `if` or a loop, every variable stored anywhere inside it is
//! forgotten. A loop body starts empty: on the second iteration the body's
//! own stores (or the continue construct's) have run, so the parent's value
//! is not the one a load sees. A call forgets private variables (the callee
//! may write them); locals are private to their function. Only whole-variable
//! derefs of locals and privates are tracked: a store through any path forgets
//! the variable, so arrays and structs are never forwarded wrongly.

use super::{each_func, resolve};
use crate::*;
use std::collections::HashMap;

/// Forwards stored values to later loads. True if any use changed.
pub fn opt_copy_prop_vars(shader: &mut Shader) -> bool {
    let tracked: Vec<bool> = shader
        .vars
        .iter()
        .map(|(_, v)| {
            matches!(v.kind, VarKind::Local(_) | VarKind::Private)
                && shader.types.val_type(v.ty).is_some()
        })
        .collect();
    let private: Vec<bool> = shader
        .vars
        .iter()
        .map(|(_, v)| v.kind == VarKind::Private)
        .collect();
    each_func(shader, |f| {
        let mut cx = Cx {
            tracked: &tracked,
            private: &private,
            map: HashMap::new(),
        };
        let body = f.body;
        cx.block(f, body, HashMap::new());
        // Forwarded loads stay until DCE; only rewritten uses are progress.
        let counts = f.use_counts();
        if !cx.map.keys().any(|v| counts[v.index()] > 0) {
            return false;
        }
        f.map_uses(|u| resolve(&cx.map, u));
        true
    })
}

struct Cx<'a> {
    tracked: &'a [bool],
    private: &'a [bool],
    /// Loads replaced by stored values.
    map: HashMap<Value, Value>,
}

/// Variables written anywhere in block `b` (stores, atomics) and whether it
/// contains a call.
fn writes(f: &Function, b: BlockId, out: &mut Vec<VarId>, call: &mut bool) {
    for node in &f.blocks[b].nodes {
        match node {
            Node::Inst(v) => match &f.insts[*v].op {
                Op::Store(d, _) | Op::Atomic(_, d, _) => out.push(d.var),
                Op::Call(..) => *call = true,
                _ => {}
            },
            Node::If { then, else_, .. } => {
                writes(f, *then, out, call);
                writes(f, *else_, out, call);
            }
            Node::Loop { body, cont } => {
                writes(f, *body, out, call);
                writes(f, *cont, out, call);
            }
            _ => {}
        }
    }
}

impl Cx<'_> {
    fn forget(&self, known: &mut HashMap<VarId, Value>, f: &Function, blocks: &[BlockId]) {
        let (mut vars, mut call) = (Vec::new(), false);
        for b in blocks {
            writes(f, *b, &mut vars, &mut call);
        }
        for v in vars {
            known.remove(&v);
        }
        if call {
            known.retain(|v, _| !self.private[v.index()]);
        }
    }

    fn block(&mut self, f: &mut Function, b: BlockId, mut known: HashMap<VarId, Value>) {
        let nodes = f.blocks[b].nodes.clone();
        for node in nodes {
            match node {
                Node::Inst(v) => match &f.insts[v].op {
                    Op::Store(d, x) if self.tracked[d.var.index()] && d.path.is_empty() => {
                        known.insert(d.var, resolve(&self.map, *x));
                    }
                    Op::Store(d, _) | Op::Atomic(_, d, _) => {
                        known.remove(&d.var);
                    }
                    Op::Load(d) if d.path.is_empty() => {
                        if let Some(x) = known.get(&d.var) {
                            self.map.insert(v, *x);
                        }
                    }
                    Op::Call(..) => known.retain(|v, _| !self.private[v.index()]),
                    _ => {}
                },
                Node::If { then, else_, .. } => {
                    self.block(f, then, known.clone());
                    self.block(f, else_, known.clone());
                    self.forget(&mut known, f, &[then, else_]);
                }
                Node::Loop { body, cont } => {
                    self.block(f, body, HashMap::new());
                    self.block(f, cont, HashMap::new());
                    self.forget(&mut known, f, &[body, cont]);
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{body, run};
    use super::*;

    #[test]
    fn forwards_dominating_stores_only() {
        let src = "shader fragment
var v0 \"x\" input location 0 component 0 smooth center : f32
var v1 \"t\" local f0 : f32
var v2 \"a\" local f0 : [2 x f32]
var v3 \"o\" output location 0 component 0 index 0 : f32
func f0 \"main\" () {
  %0: f32 = load v0
  store v1, %0
  %1: f32 = load v1
  %2: bool = flt %0, %1
  if %2 {
    %3: f32 = load v1
    %4: f32 = fneg %3
    store v1, %4
  }
  %5: f32 = load v1
  store v2[0], %5
  %6: f32 = load v2[0]
  loop {
    %7: f32 = load v1
    store v1, %0
    break
  }
  store v3, %6
}
";
        let (progress, out) = run(src, opt_copy_prop_vars);
        assert!(progress);
        let b = body(&out);
        assert_eq!(b[3], "%2: bool = flt %0, %0", "forwarded in the same block");
        assert_eq!(b[6], "%4: f32 = fneg %0", "forwarded into an if arm");
        assert_eq!(
            b[9], "%5: f32 = load v1",
            "stored in an arm: not forwarded after"
        );
        assert_eq!(b[11], "%6: f32 = load v2[0]", "paths are not forwarded");
        assert_eq!(b[13], "%7: f32 = load v1", "not into a loop");
        let (again, _) = run(&out, opt_copy_prop_vars);
        assert!(!again);
    }
}
