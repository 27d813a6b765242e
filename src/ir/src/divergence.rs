//! `gather_divergence`: which values may differ between the invocations that
//! an SoA backend runs together (*divergent*, "varying") and which are the
//! same for all of them (*uniform*), so the backend can keep uniform work
//! scalar and skip masks on uniform branches.
//!
//! "Uniform" means equal for every invocation of one draw (or one compute
//! workgroup). Sources of divergence: inputs, most system values, memory
//! other invocations write (outputs, SSBOs, shared memory, images), atomics,
//! calls (conservatively), and parameters. A pure operation is divergent iff
//! an operand is; a load iff its variable or a dynamic index is; a texture
//! read iff an operand is.
//!
//! Memory makes this a fixpoint, and control flow is why the naive
//! operand-only rule is wrong: a local stored under a divergent `if` holds
//! different values in different invocations even if every stored value is
//! uniform, and so does a local stored inside a loop that invocations leave
//! after different numbers of iterations (a loop is divergent when a
//! `break`, `continue`, `return` or `discard` in it sits under a divergent
//! condition). The analysis walks the tree, marking variables divergent on
//! such stores, and repeats until nothing changes (variables only ever become
//! divergent, so it terminates).

use crate::*;

/// The result of [`gather_divergence`] for one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// Per instruction handle: the value may differ between invocations.
    pub values: Vec<bool>,
    /// Per variable handle: its contents may differ between invocations.
    pub vars: Vec<bool>,
}

impl Divergence {
    /// Whether `v` may differ between invocations.
    pub fn is_divergent(&self, v: Value) -> bool {
        self.values[v.index()]
    }
}

/// Whether a system value may differ within a draw or workgroup.
pub fn sysval_divergent(sv: SysVal) -> bool {
    !matches!(
        sv,
        SysVal::BaseVertex
            | SysVal::BaseInstance
            | SysVal::DrawId
            | SysVal::WorkgroupId
            | SysVal::NumWorkgroups
            | SysVal::PatchVertices
    )
}

/// Computes the divergence of every value and variable of `func`.
pub fn gather_divergence(shader: &Shader, func: FuncId) -> Divergence {
    let f = &shader.funcs[func];
    let vars = shader
        .vars
        .iter()
        .map(|(_, v)| {
            !matches!(
                v.kind,
                VarKind::Local(_)
                    | VarKind::Private
                    | VarKind::Uniform { .. }
                    | VarKind::UniformBlock { .. }
            )
        })
        .collect();
    let mut d = Divergence {
        values: vec![false; f.insts.len()],
        vars,
    };
    loop {
        let before = d.vars.clone();
        walk(f, f.body, false, &mut d);
        if d.vars == before {
            return d;
        }
    }
}

/// Whether block `b` contains a node that leaves a loop iteration or the
/// invocation early under a condition divergent per `d`.
fn divergent_exit(f: &Function, b: BlockId, under_divergent: bool, d: &Divergence) -> bool {
    f.blocks[b].nodes.iter().any(|n| match n {
        Node::Break | Node::Continue | Node::Return(_) | Node::Discard => under_divergent,
        Node::If { cond, then, else_ } => {
            let dv = under_divergent || d.values[cond.index()];
            divergent_exit(f, *then, dv, d) || divergent_exit(f, *else_, dv, d)
        }
        Node::Loop { body, cont } => {
            divergent_exit(f, *body, under_divergent, d)
                || divergent_exit(f, *cont, under_divergent, d)
        }
        _ => false,
    })
}

fn walk(f: &Function, b: BlockId, divergent_cf: bool, d: &mut Divergence) {
    for node in &f.blocks[b].nodes {
        match node {
            Node::Inst(v) => inst(f, *v, divergent_cf, d),
            Node::If { cond, then, else_ } => {
                let dv = divergent_cf || d.values[cond.index()];
                walk(f, *then, dv, d);
                walk(f, *else_, dv, d);
            }
            Node::Loop { body, cont } => {
                // Walk once to learn the conditions, then again if the loop
                // turns out divergent (the outer fixpoint also repeats).
                walk(f, *body, divergent_cf, d);
                walk(f, *cont, divergent_cf, d);
                if !divergent_cf && divergent_exit(f, *body, false, d) {
                    walk(f, *body, true, d);
                    walk(f, *cont, true, d);
                }
            }
            _ => {}
        }
    }
}

fn inst(f: &Function, v: Value, divergent_cf: bool, d: &mut Divergence) {
    let op = &f.insts[v].op;
    let mut any = false;
    op.for_each_value(|u| any |= d.values[u.index()]);
    let index_divergent = |dr: &Deref, d: &Divergence| {
        dr.path
            .iter()
            .any(|i| matches!(i, Index::Value(u) if d.values[u.index()]))
    };
    let divergent = match op {
        Op::Const(_) | Op::Undef | Op::ArrayLength(_) | Op::Barrier(_) => false,
        Op::Param(_) | Op::Atomic(..) | Op::Call(..) | Op::Image(_) | Op::Demote => true,
        Op::EmitVertex(_) | Op::EndPrimitive(_) => false,
        Op::System(sv) => sysval_divergent(*sv),
        Op::Load(dr) => d.vars[dr.var.index()] || index_divergent(dr, d),
        Op::Interpolate(..) => true,
        Op::Store(dr, x) => {
            if divergent_cf || d.values[x.index()] || index_divergent(dr, d) {
                d.vars[dr.var.index()] = true;
            }
            false
        }
        Op::Alu(..)
        | Op::Swizzle(..)
        | Op::Insert(..)
        | Op::Construct(_)
        | Op::Tex(_)
        | Op::Deriv(..) => any,
    };
    d.values[v.index()] = divergent;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyse(src: &str) -> (Shader, Divergence, Vec<Value>) {
        let s = text::parse(src).unwrap_or_else(|e| panic!("{e}"));
        valid::validate(&s).unwrap();
        let d = gather_divergence(&s, s.entry);
        let order = s.funcs[s.entry].live_insts();
        (s, d, order)
    }

    #[test]
    fn uniform_and_divergent_values() {
        let (_, d, v) = analyse(
            "shader fragment
var v0 \"x\" input location 0 component 0 smooth center : f32
var v1 \"k\" uniform offset 0 : f32
var v2 \"t\" local f0 : f32
var v3 \"u\" local f0 : f32
var v4 \"o\" output location 0 component 0 index 0 : f32
func f0 \"main\" () {
  %0: f32 = load v0
  %1: f32 = load v1
  %2: f32 = fmul %1, %1
  %3: f32 = fmul %0, %1
  store v2, %2
  %4: bool = flt %0, %1
  if %4 {
    store v3, %2
  }
  %5: f32 = load v2
  %6: f32 = load v3
  store v4, %6
}
",
        );
        let div: Vec<bool> = v.iter().map(|x| d.is_divergent(*x)).collect();
        // load x, load k, k*k, x*k, store, cmp, store, load t, load u, store
        assert_eq!(
            div,
            [
                true, false, false, true, false, true, false, false, true, false
            ],
            "a uniform value stored under a divergent if makes the local divergent"
        );
    }

    #[test]
    fn loops_with_divergent_exits() {
        let (_, d, v) = analyse(
            "shader vertex
var v0 \"n\" input location 0 component 0 flat center : i32
var v1 \"i\" local f0 : i32
var v2 \"j\" local f0 : i32
var v3 \"o\" output location 0 component 0 index 0 : i32
func f0 \"main\" () {
  %0: i32 = const 0
  store v1, %0
  store v2, %0
  %1: i32 = load v0
  loop {
    %2: i32 = load v1
    %3: bool = ige %2, %1
    if %3 {
      break
    }
    %4: i32 = const 1
    %5: i32 = iadd %2, %4
    store v1, %5
  }
  loop {
    %6: i32 = load v2
    %7: i32 = const 4
    %8: bool = ige %6, %7
    if %8 {
      break
    }
    %9: i32 = const 1
    %10: i32 = iadd %6, %9
    store v2, %10
  }
  %11: i32 = load v1
  %12: i32 = load v2
  %13: i32 = iadd %11, %12
  store v3, %13
}
",
        );
        let last = v.len();
        assert!(d.is_divergent(v[last - 4]), "i counts to a per-vertex n");
        assert!(!d.is_divergent(v[last - 3]), "j counts to 4 everywhere");
        assert!(d.is_divergent(v[last - 2]));
    }
}
