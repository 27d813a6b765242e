//! `inline`: function inlining. Every call is replaced by a copy of the
//! callee's body; functions no longer called are then deleted. GLSL forbids
//! recursion (the validator rejects it), so repeatedly inlining calls to
//! *leaf* functions (functions that call nothing) terminates with one
//! function left, which is what the backends want.
//!
//! Except where that would explode: a callee whose body, with everything it
//! calls inlined, exceeds [`INLINE_LIMIT`] instructions ([`inlined_sizes`])
//! stays a function and its calls stay calls. Without the bound, piglit's
//! `glsl-fs-inline-explosion` (a call tree of 2^64 leaves behind a branch
//! never taken) cannot be compiled at all; backends run such calls out of
//! line (`oxgl-exec`'s `Op::Call`).
//!
//! The copy: the callee's parameters become the call's arguments, its
//! locals become fresh locals of the caller (one set per call site), and the
//! call instruction itself becomes `load` of a fresh return variable — the
//! call's handle survives, so its uses need no rewriting.
//!
//! Returns are the hard part, because the IR has no goto: a `return` nested
//! in an `if` or a loop must skip the rest of the callee. The naive splice
//! (turn `return v` into a store) keeps running the code after it. Instead,
//! when some `return` is not the callee's last node, a `returned` flag is
//! kept: `return v` becomes `store ret, v; store returned, true` plus `break`
//! inside a loop; after a loop that returned, `if returned { break }` leaves
//! enclosing loops; and outside loops, the nodes after an `if` or loop that
//! returned run under `if !returned { ... }` (inside a loop they need no guard:
//! a return has already broken out). A callee whose continue construct holds a
//! `return` (no front end makes one) is not inlined.

use crate::*;

/// Most instructions a callee may have, with everything it calls inlined,
/// for its calls to be inlined.
pub const INLINE_LIMIT: u64 = 1 << 14;

/// The size of each function (by handle index) with every call in it
/// inlined: its live instructions plus the inlined size of each callee per
/// call, saturating. Calls that close a cycle (invalid IR) count nothing.
pub fn inlined_sizes(shader: &Shader) -> Vec<u64> {
    const UNKNOWN: u64 = u64::MAX;
    let n = shader.funcs.len();
    let mut size = vec![UNKNOWN; n];
    let mut on_stack = vec![false; n];
    for (root, _) in shader.funcs.iter() {
        if size[root.index()] != UNKNOWN {
            continue;
        }
        // Post-order over the call graph with an explicit stack.
        let mut stack = vec![(root, false)];
        while let Some((f, done)) = stack.pop() {
            let func = &shader.funcs[f];
            let callees = || {
                func.live_insts()
                    .into_iter()
                    .filter_map(|v| match func.insts[v].op {
                        Op::Call(c, _) if c.index() < n => Some(c),
                        _ => None,
                    })
            };
            if done {
                on_stack[f.index()] = false;
                let mut total = func.live_insts().len() as u64;
                for c in callees() {
                    let cs = size[c.index()];
                    total = total.saturating_add(if cs == UNKNOWN { 0 } else { cs });
                }
                size[f.index()] = total.min(UNKNOWN - 1);
                continue;
            }
            if size[f.index()] != UNKNOWN || on_stack[f.index()] {
                continue;
            }
            on_stack[f.index()] = true;
            stack.push((f, true));
            for c in callees() {
                if size[c.index()] == UNKNOWN && !on_stack[c.index()] {
                    stack.push((c, false));
                }
            }
        }
    }
    size
}

/// Inlines every call to a callee within [`INLINE_LIMIT`]. True if any
/// call was inlined.
pub fn inline(shader: &mut Shader) -> bool {
    let mut changed = false;
    let sizes = inlined_sizes(shader);
    let small: Vec<bool> = sizes.iter().map(|s| *s <= INLINE_LIMIT).collect();
    while let Some((caller, block, index, call)) = find_leaf_call(shader, &small) {
        inline_call(shader, caller, block, index, call);
        changed = true;
    }
    if changed {
        remove_unused_functions(shader);
    }
    changed
}

fn calls(f: &Function) -> bool {
    f.live_insts()
        .iter()
        .any(|v| matches!(f.insts[*v].op, Op::Call(..)))
}

fn returns_in_continue(f: &Function) -> bool {
    fn has_return(f: &Function, b: BlockId) -> bool {
        f.blocks[b].nodes.iter().any(|n| match n {
            Node::Return(_) => true,
            Node::If { then, else_, .. } => has_return(f, *then) || has_return(f, *else_),
            Node::Loop { body, cont } => has_return(f, *body) || has_return(f, *cont),
            _ => false,
        })
    }
    let mut found = false;
    f.walk(&mut |_, _, n| {
        if let Node::Loop { cont, .. } = n {
            found |= has_return(f, *cont);
        }
    });
    found
}

fn find_leaf_call(shader: &Shader, small: &[bool]) -> Option<(FuncId, BlockId, usize, Value)> {
    for (fid, f) in shader.funcs.iter() {
        let mut hit = None;
        f.walk(&mut |b, i, n| {
            if hit.is_none()
                && let Node::Inst(v) = n
                && let Op::Call(callee, _) = f.insts[*v].op
                && let Some(cf) = shader.funcs.get(callee)
                && small.get(callee.index()).copied().unwrap_or(false)
                && !calls(cf)
                && !returns_in_continue(cf)
            {
                hit = Some((fid, b, i, *v));
            }
        });
        if hit.is_some() {
            return hit;
        }
    }
    None
}

struct Returns {
    ret: Option<VarId>,
    flag: VarId,
}

fn push(g: &mut Function, out: &mut Vec<Node>, op: Op, ty: Option<ValType>) -> Value {
    let v = g.insts.append(Inst { op, ty });
    out.push(Node::Inst(v));
    v
}

fn bool_const(g: &mut Function, out: &mut Vec<Node>, x: bool) -> Value {
    push(g, out, Op::Const([x as u64, 0, 0, 0]), Some(ValType::BOOL))
}

/// Lowers the returns of block `b` of `g`; true if it contained one.
fn lower(g: &mut Function, b: BlockId, in_loop: bool, cx: &Returns) -> bool {
    let nodes = std::mem::take(&mut g.blocks[b].nodes);
    let mut out = Vec::new();
    let mut found = false;
    let mut rest = nodes.into_iter();
    while let Some(node) = rest.next() {
        let returned = match node {
            Node::Return(v) => {
                if let (Some(v), Some(ret)) = (v, cx.ret) {
                    push(g, &mut out, Op::Store(Deref::var(ret), v), None);
                }
                let t = bool_const(g, &mut out, true);
                push(g, &mut out, Op::Store(Deref::var(cx.flag), t), None);
                if in_loop {
                    out.push(Node::Break);
                }
                found = true;
                break;
            }
            Node::If { then, else_, .. } => {
                let r = lower(g, then, in_loop, cx) | lower(g, else_, in_loop, cx);
                out.push(node);
                r
            }
            Node::Loop { body, .. } => {
                let r = lower(g, body, true, cx);
                out.push(node);
                if r && in_loop {
                    let l = push(
                        g,
                        &mut out,
                        Op::Load(Deref::var(cx.flag)),
                        Some(ValType::BOOL),
                    );
                    let brk = g.blocks.append(Block {
                        nodes: vec![Node::Break],
                    });
                    let empty = g.blocks.append(Block::default());
                    out.push(Node::If {
                        cond: l,
                        then: brk,
                        else_: empty,
                    });
                }
                r
            }
            n => {
                out.push(n);
                false
            }
        };
        if returned {
            found = true;
            if in_loop {
                // Inside a loop every lowered return breaks out at once (and
                // an inner loop that returned is followed by `if returned
                // { break }`), so reaching the next node means no return
                // happened: no guard needed.
                continue;
            }
            let tail: Vec<Node> = rest.collect();
            if !tail.is_empty() {
                let guarded = g.blocks.append(Block { nodes: tail });
                lower(g, guarded, in_loop, cx);
                let l = push(
                    g,
                    &mut out,
                    Op::Load(Deref::var(cx.flag)),
                    Some(ValType::BOOL),
                );
                let not = push(
                    g,
                    &mut out,
                    Op::Alu(AluOp::Not, vec![l]),
                    Some(ValType::BOOL),
                );
                let empty = g.blocks.append(Block::default());
                out.push(Node::If {
                    cond: not,
                    then: guarded,
                    else_: empty,
                });
            }
            break;
        }
    }
    g.blocks[b].nodes = out;
    found
}

fn inline_call(shader: &mut Shader, caller: FuncId, block: BlockId, index: usize, call: Value) {
    let Op::Call(callee, args) = shader.funcs[caller].insts[call].op.clone() else {
        unreachable!("find_leaf_call returns calls")
    };
    let mut g = shader.funcs[callee].clone();

    // Fresh caller-owned copies of the callee's locals.
    let mut var_map = std::collections::HashMap::new();
    for (h, v) in shader.vars.iter() {
        if v.kind == VarKind::Local(callee) {
            var_map.insert(h, (v.name.clone(), v.ty));
        }
    }
    let var_map: std::collections::HashMap<VarId, VarId> = var_map
        .into_iter()
        .map(|(h, (name, ty))| (h, shader.add_var(&name, ty, VarKind::Local(caller))))
        .collect();
    let ret = g.ret.map(|t| {
        let ty = shader.types.value(t);
        shader.add_var(&format!("{}_ret", g.name), ty, VarKind::Local(caller))
    });

    // Lower returns in the copy.
    let root = g.body;
    let root_nodes = &g.blocks[root].nodes;
    let tail_only = {
        let mut count = 0;
        g.walk(&mut |_, _, n| count += matches!(n, Node::Return(_)) as usize);
        count == 0 || (count == 1 && matches!(root_nodes.last(), Some(Node::Return(_))))
    };
    if tail_only {
        if let Some(Node::Return(v)) = g.blocks[root].nodes.last().cloned() {
            g.blocks[root].nodes.pop();
            if let (Some(v), Some(ret)) = (v, ret) {
                let st = g.insts.append(Inst {
                    op: Op::Store(Deref::var(ret), v),
                    ty: None,
                });
                g.blocks[root].nodes.push(Node::Inst(st));
            }
        }
    } else {
        let bool_ty = shader.types.value(ValType::BOOL);
        let flag = shader.add_var(
            &format!("{}_returned", g.name),
            bool_ty,
            VarKind::Local(caller),
        );
        let cx = Returns { ret, flag };
        lower(&mut g, root, false, &cx);
        let mut init = Vec::new();
        let f = bool_const(&mut g, &mut init, false);
        push(&mut g, &mut init, Op::Store(Deref::var(flag), f), None);
        init.append(&mut g.blocks[root].nodes);
        g.blocks[root].nodes = init;
    }

    // Copy into the caller.
    let f = &mut shader.funcs[caller];
    let mut vmap = std::collections::HashMap::new();
    for v in g.live_insts() {
        let mut inst = g.insts[v].clone();
        if let Op::Param(n) = inst.op {
            vmap.insert(v, args[n as usize]);
            continue;
        }
        inst.op.map_values(|u| vmap.get(&u).copied().unwrap_or(u));
        if let Some(d) = inst.op.deref_mut()
            && let Some(nv) = var_map.get(&d.var)
        {
            d.var = *nv;
        }
        vmap.insert(v, f.insts.append(inst));
    }
    let nodes = copy_block(&g, root, f, &vmap);
    let mut spliced = f.blocks[block].nodes[..index].to_vec();
    spliced.extend(nodes);
    if let Some(ret) = ret {
        f.insts[call].op = Op::Load(Deref::var(ret));
        spliced.push(Node::Inst(call));
    }
    spliced.extend(f.blocks[block].nodes[index + 1..].iter().cloned());
    if let Some(t) = spliced.iter().position(Node::is_terminator) {
        spliced.truncate(t + 1);
    }
    f.blocks[block].nodes = spliced;
}

/// Copies the nodes of `g`'s block `b` into `f`, returning them.
fn copy_block(
    g: &Function,
    b: BlockId,
    f: &mut Function,
    vmap: &std::collections::HashMap<Value, Value>,
) -> Vec<Node> {
    let m = |v: Value| vmap.get(&v).copied().unwrap_or(v);
    let mut out = Vec::new();
    for node in &g.blocks[b].nodes {
        out.push(match node {
            Node::Inst(v) => {
                if matches!(g.insts[*v].op, Op::Param(_)) {
                    continue;
                }
                Node::Inst(m(*v))
            }
            Node::If { cond, then, else_ } => {
                let t = copy_block(g, *then, f, vmap);
                let e = copy_block(g, *else_, f, vmap);
                Node::If {
                    cond: m(*cond),
                    then: f.blocks.append(Block { nodes: t }),
                    else_: f.blocks.append(Block { nodes: e }),
                }
            }
            Node::Loop { body, cont } => {
                let bd = copy_block(g, *body, f, vmap);
                let c = copy_block(g, *cont, f, vmap);
                Node::Loop {
                    body: f.blocks.append(Block { nodes: bd }),
                    cont: f.blocks.append(Block { nodes: c }),
                }
            }
            Node::Return(v) => Node::Return(v.map(m)),
            n => n.clone(),
        });
    }
    out
}

/// Deletes functions that the entry point no longer reaches, and their
/// locals, renumbering functions and variables.
fn remove_unused_functions(shader: &mut Shader) {
    let mut keep = vec![false; shader.funcs.len()];
    let mut stack = vec![shader.entry];
    while let Some(f) = stack.pop() {
        if std::mem::replace(&mut keep[f.index()], true) {
            continue;
        }
        let func = &shader.funcs[f];
        for v in func.live_insts() {
            if let Op::Call(c, _) = func.insts[v].op {
                stack.push(c);
            }
        }
    }
    if keep.iter().all(|k| *k) {
        return;
    }
    let mut fmap = vec![None; keep.len()];
    let mut funcs = Arena::new();
    for (h, f) in shader.funcs.iter() {
        if keep[h.index()] {
            fmap[h.index()] = Some(funcs.append(f.clone()));
        }
    }
    let mut vmap = vec![None; shader.vars.len()];
    let mut vars = Arena::new();
    for (h, v) in shader.vars.iter() {
        let mut v = v.clone();
        if let VarKind::Local(owner) = &mut v.kind {
            match fmap[owner.index()] {
                Some(n) => *owner = n,
                None => continue,
            }
        }
        vmap[h.index()] = Some(vars.append(v));
    }
    for h in funcs.handles() {
        let f: &mut Function = &mut funcs[h];
        for v in f.live_insts() {
            let op = &mut f.insts[v].op;
            if let Op::Call(c, _) = op {
                *c = fmap[c.index()].unwrap_or(*c);
            }
            if let Some(d) = op.deref_mut() {
                d.var = vmap[d.var.index()].unwrap_or(d.var);
            }
        }
    }
    shader.entry = fmap[shader.entry.index()].unwrap_or(shader.entry);
    shader.funcs = funcs;
    shader.vars = vars;
}

#[cfg(test)]
mod tests {
    use super::super::test_util::run;
    use super::*;

    #[test]
    fn inlines_tail_return() {
        let src = "shader vertex
var v0 \"o\" output location 0 component 0 index 0 : f32
var v1 \"t\" local f1 : f32
func f0 \"main\" () {
  %0: f32 = const 2.0
  %1: f32 = call f1 %0
  %2: f32 = call f1 %1
  store v0, %2
}
func f1 \"sq\" (f32) -> f32 {
  %0: f32 = param 0
  %1: f32 = fmul %0, %0
  store v1, %1
  %2: f32 = load v1
  return %2
}
entry f0
";
        let (progress, out) = run(src, inline);
        assert!(progress);
        assert!(!out.contains("call"), "{out}");
        assert!(!out.contains("func f1"), "{out}");
        assert!(out.contains("var v1 \"t\" local f0 : f32"), "{out}");
        assert!(
            out.contains("var v3 \"t\" local f0 : f32"),
            "one local per call site: {out}"
        );
    }

    #[test]
    fn inlines_early_returns_with_a_flag() {
        let src = "shader fragment
var v0 \"o\" output location 0 component 0 index 0 : f32
func f0 \"main\" () {
  %0: f32 = const 2.0
  %1: f32 = call f1 %0
  store v0, %1
}
func f1 \"f\" (f32) -> f32 {
  %0: f32 = param 0
  %1: f32 = const 1.0
  loop {
    %2: bool = flt %0, %1
    if %2 {
      return %1
    }
    %3: f32 = fsub %0, %1
    return %3
  }
  %4: f32 = fneg %1
  return %4
}
entry f0
";
        let (progress, out) = run(src, inline);
        assert!(progress);
        assert!(out.contains("f_returned"), "{out}");
        assert!(
            !out.lines().any(|l| l.trim().starts_with("return")),
            "{out}"
        );
    }
}
