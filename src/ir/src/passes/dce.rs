//! `opt_dce`: dead-code elimination.
//!
//! Removes, until nothing changes:
//! * instructions whose result is unused and that have no effect
//!   ([`Op::is_removable`]: pure ops, loads, texture reads);
//! * stores to function-local and private variables that nothing ever loads
//!   (the merge variables of `Builder::if_value` once their load died);
//! * nodes after a terminator, `if`s with two empty arms, and loops whose
//!   body starts with `break`.
//!
//! Algorithm (Mesa's `nir_opt_dce`, adapted to the tree): count uses once,
//! then visit live instructions in *reverse* execution order; a removable
//! instruction with no uses dies and decrements its operands' counts, so a
//! whole dead chain goes in one sweep. The naive forward "delete if unused"
//! needs one pass per link of the chain. Deleting is unlinking nodes from
//! their blocks; the arena entries stay as garbage.

use super::each_func;
use crate::*;
use std::collections::HashSet;

/// Removes dead code. True if anything was removed.
pub fn opt_dce(shader: &mut Shader) -> bool {
    let loaded = loaded_vars(shader);
    let memory: Vec<bool> = shader
        .vars
        .iter()
        .map(|(_, v)| matches!(v.kind, VarKind::Local(_) | VarKind::Private))
        .collect();
    let mut changed = false;
    loop {
        let progress = each_func(shader, |f| {
            let mut dead = dead_stores(f, &loaded, &memory);
            dead.extend(dead_values(f));
            let body = f.body;
            prune(f, body, &dead)
        });
        changed |= progress;
        if !progress {
            return changed;
        }
    }
}

/// Variables that some instruction reads.
fn loaded_vars(shader: &Shader) -> HashSet<VarId> {
    let mut out = HashSet::new();
    for (_, f) in shader.funcs.iter() {
        for v in f.live_insts() {
            match &f.insts[v].op {
                Op::Load(d)
                | Op::ArrayLength(d)
                | Op::Atomic(_, d, _)
                | Op::Interpolate(_, d, _) => {
                    out.insert(d.var);
                }
                _ => {}
            }
        }
    }
    out
}

fn dead_stores(f: &Function, loaded: &HashSet<VarId>, memory: &[bool]) -> HashSet<Value> {
    f.live_insts()
        .into_iter()
        .filter(|v| match &f.insts[*v].op {
            Op::Store(d, _) => memory[d.var.index()] && !loaded.contains(&d.var),
            _ => false,
        })
        .collect()
}

fn dead_values(f: &Function) -> HashSet<Value> {
    let mut counts = f.use_counts();
    let mut dead = HashSet::new();
    for v in f.live_insts().into_iter().rev() {
        let inst = &f.insts[v];
        if counts[v.index()] == 0 && inst.op.is_removable() {
            dead.insert(v);
            inst.op.for_each_value(|u| counts[u.index()] -= 1);
        }
    }
    dead
}

fn prune(f: &mut Function, b: BlockId, dead: &HashSet<Value>) -> bool {
    let nodes = std::mem::take(&mut f.blocks[b].nodes);
    let before = nodes.len();
    let mut changed = false;
    let mut out = Vec::with_capacity(nodes.len());
    for node in nodes {
        let keep = match &node {
            Node::Inst(v) => !dead.contains(v),
            Node::If { then, else_, .. } => {
                changed |= prune(f, *then, dead);
                changed |= prune(f, *else_, dead);
                !(f.blocks[*then].nodes.is_empty() && f.blocks[*else_].nodes.is_empty())
            }
            Node::Loop { body, cont } => {
                changed |= prune(f, *body, dead);
                changed |= prune(f, *cont, dead);
                f.blocks[*body].nodes.first() != Some(&Node::Break)
            }
            _ => true,
        };
        let terminator = node.is_terminator();
        if keep {
            out.push(node);
        }
        if terminator {
            break;
        }
    }
    changed |= out.len() != before;
    f.blocks[b].nodes = out;
    changed
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{body, run};
    use super::*;

    #[test]
    fn removes_dead_chains_stores_and_empty_control_flow() {
        let src = "shader fragment
var v0 \"o\" output location 0 component 0 index 0 : f32
var v1 \"tmp\" local f0 : f32
var v2 \"t\" private : f32
func f0 \"main\" () {
  %0: f32 = const 1.0
  %1: f32 = fadd %0, %0
  %2: f32 = sqrt %1
  %3: f32 = fmul %2, %2
  store v1, %3
  %4: bool = flt %0, %3
  if %4 {
    %5: f32 = fneg %0
  }
  loop {
    break
  } continue {
    barrier buffer
  }
  store v0, %0
  return
}
";
        let (progress, out) = run(src, opt_dce);
        assert!(progress);
        assert_eq!(
            body(&out),
            vec!["%0: f32 = const 1.0", "store v0, %0", "return"]
        );
        let (again, _) = run(&out, opt_dce);
        assert!(!again);
    }

    #[test]
    fn keeps_effects_and_read_memory() {
        let src = "shader fragment
var v0 \"tmp\" local f0 : f32
var v1 \"o\" output location 0 component 0 index 0 : f32
func f0 \"main\" () {
  %0: f32 = const 1.0
  store v0, %0
  %1: f32 = load v0
  store v1, %1
  demote
  loop {
    %2: bool = const true
    if %2 {
      break
    }
  }
}
";
        let (progress, out) = run(src, opt_dce);
        assert!(!progress, "{out}");
    }
}
