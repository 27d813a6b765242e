//! Linear-scan register allocation of the compiler's virtual registers.
//!
//! The program is straight-line code plus structured loops, so a virtual
//! register's live range is the interval from its first to its last touch,
//! except that a register touched inside a loop but defined before it must
//! survive the whole loop (the back edge reads it again): its interval is
//! extended to the loop's end. Operations write every lane regardless of the
//! execution mask, which is only safe because two registers whose intervals
//! overlap never share a physical register — values of inactive lanes are
//! garbage, but garbage nobody reads.
//!
//! A register is released only *after* the operation of its last use, so an
//! operation's destination never aliases one of its sources.
//!
//! Physical layout of the register file: `[memory | constants | temporaries]`.

use crate::code::{CONST_TAG, ImageCall, NONE, Op, TexCall};

/// Visits the registers of `op`, including a texture or image call's
/// operands.
fn visit(
    op: &mut Op,
    tex: &mut [TexCall],
    images: &mut [ImageCall],
    f: &mut impl FnMut(&mut u32, bool),
) {
    let args = match op {
        Op::Tex { call, .. } => tex.get_mut(*call as usize).map(|t| &mut t.args[..]),
        Op::Image { call, .. } => images.get_mut(*call as usize).map(|i| &mut i.args[..]),
        _ => None,
    };
    for arg in args.into_iter().flatten().flatten() {
        if *arg != NONE {
            f(arg, false);
        }
    }
    op.visit_regs(f);
}

/// Rewrites the virtual registers of `ops` to physical ones; constants go
/// to `const_base + i`, temporaries from `temp_base` up. Returns the size of
/// the register file.
///
/// `funcs` are the pc ranges of out-of-line function bodies, which follow
/// the entry's code: they run from call sites anywhere, so a body's
/// registers are shared with no code outside it (the free list is emptied
/// where each body starts); within a body, intervals work as above. GLSL
/// has no recursion, so one activation of a body exists at a time.
pub(crate) fn allocate(
    ops: &mut [Op],
    (tex, images): (&mut [TexCall], &mut [ImageCall]),
    loops: &[(u32, u32)],
    funcs: &[(u32, u32)],
    vregs: u32,
    const_base: u32,
    temp_base: u32,
) -> u32 {
    let n = vregs as usize;
    let mut first = vec![u32::MAX; n];
    let mut last = vec![0u32; n];
    for (pc, op) in ops.iter_mut().enumerate() {
        let pc = pc as u32;
        visit(op, tex, images, &mut |r, _| {
            if *r & CONST_TAG == 0
                && let Some(i) = first.get_mut(*r as usize)
            {
                *i = (*i).min(pc);
                last[*r as usize] = last[*r as usize].max(pc);
            }
        });
    }
    let mut loops = loops.to_vec();
    loops.sort_unstable();
    for v in 0..n {
        if first[v] == u32::MAX {
            continue;
        }
        for &(s, e) in &loops {
            if first[v] < s && last[v] >= s && last[v] <= e {
                last[v] = e;
            }
        }
    }
    let mut by_start: Vec<u32> = (0..vregs)
        .filter(|v| first[*v as usize] != u32::MAX)
        .collect();
    by_start.sort_unstable_by_key(|v| first[*v as usize]);
    let mut by_end = by_start.clone();
    by_end.sort_unstable_by_key(|v| last[*v as usize]);
    let mut phys = vec![NONE; n];
    let mut free: Vec<u32> = Vec::new();
    let mut next = 0u32;
    let (mut si, mut ei) = (0, 0);
    for pc in 0..ops.len() as u32 {
        while let Some(&v) = by_end.get(ei) {
            if last[v as usize] >= pc {
                break;
            }
            free.push(phys[v as usize]);
            ei += 1;
        }
        if funcs.iter().any(|&(s, _)| s == pc) {
            // A body's registers are its own: none freed before it is reused.
            free.clear();
        }
        while let Some(&v) = by_start.get(si) {
            if first[v as usize] != pc {
                break;
            }
            phys[v as usize] = free.pop().unwrap_or_else(|| {
                next += 1;
                next - 1
            });
            si += 1;
        }
    }
    for op in ops.iter_mut() {
        visit(op, tex, images, &mut |r, _| {
            *r = if *r & CONST_TAG != 0 {
                const_base + (*r & !CONST_TAG)
            } else {
                temp_base + phys.get(*r as usize).copied().unwrap_or(0)
            };
        });
    }
    temp_base + next
}
