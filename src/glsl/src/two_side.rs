//! Two-sided colour for a linked fragment stage (GL 2.0 §2.15.3 "Color
//! selection"): with `GL_VERTEX_PROGRAM_TWO_SIDE` enabled, back-facing
//! primitives take `gl_Color` from `gl_BackColor` and `gl_SecondaryColor`
//! from `gl_BackSecondaryColor`.
//!
//! The fragment stage reads the front colours at varying locations 0 and 2
//! (`gl_FrontColor`, `gl_FrontSecondaryColor`); the back colours are at 1
//! and 3. [`back_color_variant`] makes a copy of the fragment shader in
//! which each such input is replaced by a private variable that the entry
//! function fills first with `FrontFacing ? front : back`; the GL side draws
//! with that copy while the enable is on, and with the original otherwise,
//! so a program without two-sided colour pays nothing.
//!
//! [`flat_colors`] makes the colour inputs flat, for `glShadeModel(GL_FLAT)`;
//! [`clamp_vertex_colors`] clamps a vertex shader's colour outputs, as every
//! program's are.
//!
//! Rewriting every load into a select instead would repeat the select per
//! load and would have to follow loads through indexing paths; one store at
//! entry handles any path, and the optimizer forwards it.

use oxgl_ir::{Builder, InterpMode, Shader, Slot, SysVal, Type, Var, VarKind};

/// Front colour location -> back colour location.
const PAIRS: [(u32, u32); 2] = [(0, 1), (2, 3)];

/// The fragment shader `fs` with its front-colour inputs selected by facing,
/// or `None` when it reads none of them (or `back_written` says the other
/// stage writes none of their back colours). `back_written(l)` tells whether
/// the vertex stage writes location `l`.
pub fn back_color_variant(fs: &Shader, back_written: &dyn Fn(u32) -> bool) -> Option<Shader> {
    let mut out = fs.clone();
    let mut replaced = Vec::new();
    for (h, v) in fs.vars.iter() {
        let VarKind::Input {
            slot:
                Slot::Location {
                    location,
                    component: 0,
                },
            interp,
            sampling,
        } = v.kind
        else {
            continue;
        };
        let Some(&(_, back)) = PAIRS.iter().find(|(f, _)| *f == location) else {
            continue;
        };
        // User varyings may be packed into free colour locations.
        if !v.name.starts_with("gl_")
            || !back_written(back)
            || !matches!(fs.types.get(v.ty), Some(Type::Value(_)))
        {
            continue;
        }
        let back_var = out.add_var(
            &format!("{}_back", v.name),
            v.ty,
            VarKind::Input {
                slot: Slot::Location {
                    location: back,
                    component: 0,
                },
                interp,
                sampling,
            },
        );
        let front_var = out.add_var(&v.name, v.ty, v.kind.clone());
        out.vars[h] = Var {
            name: format!("{}_selected", v.name),
            ty: v.ty,
            kind: VarKind::Private,
        };
        replaced.push((h, front_var, back_var));
    }
    if replaced.is_empty() {
        return None;
    }
    let entry = out.entry;
    let body = out.funcs[entry].body;
    let before = out.funcs[entry].blocks[body].nodes.len();
    {
        let mut b = Builder::new(&mut out);
        let front = b.system(SysVal::FrontFacing);
        for &(selected, front_var, back_var) in &replaced {
            let f = b.load_var(front_var);
            let bk = b.load_var(back_var);
            let cond = match b.ty(f).lanes {
                1 => front,
                n => b.splat(front, n),
            };
            let v = b.select(cond, f, bk);
            b.store_var(selected, v);
        }
    }
    // Move the selection to the start of the entry function.
    let nodes = &mut out.funcs[entry].blocks[body].nodes;
    let added = nodes.len() - before;
    nodes.rotate_right(added);
    Some(out)
}

/// Whether `name` (a colour input of a fragment stage, or its back copy
/// `gl_Color_back`) is one of `qualified`.
fn is_qualified(name: &str, qualified: &[String]) -> bool {
    let base = name.strip_suffix("_back").unwrap_or(name);
    qualified.iter().any(|q| q == base)
}

/// Whether the fragment shader `fs` reads a colour varying (a built-in at
/// locations 0-3; user varyings may be packed there too) that flat shading
/// changes: one not in `qualified`, those redeclared with an interpolation
/// qualifier.
pub fn reads_colors(fs: &Shader, qualified: &[String]) -> bool {
    fs.vars.iter().any(|(_, v)| {
        v.name.starts_with("gl_")
            && !is_qualified(&v.name, qualified)
            && matches!(
                v.kind,
                VarKind::Input {
                    slot: Slot::Location {
                        location: 0..=3,
                        ..
                    },
                    ..
                }
            )
    })
}

/// Makes the colour inputs (built-ins at locations 0-3) of `fs` flat: with flat shading
/// the colours are the provoking vertex's (GL 2.0 §2.14.7). Those in
/// `qualified`, redeclared with an interpolation qualifier, keep it (GL 3.0
/// §2.19.7 and GLSL 1.30 §4.3.7; Mesa uses the shade model only for colours
/// declared without one).
pub fn flat_colors(fs: &mut Shader, qualified: &[String]) {
    for h in fs.vars.handles() {
        let name = &fs.vars[h].name;
        if !name.starts_with("gl_") || is_qualified(name, qualified) {
            continue;
        }
        if let VarKind::Input {
            slot: Slot::Location {
                location: 0..=3, ..
            },
            interp,
            ..
        } = &mut fs.vars[h].kind
        {
            *interp = InterpMode::Flat;
        }
    }
}

/// Clamps the colour outputs (built-ins at locations 0-3: `gl_FrontColor`,
/// `gl_BackColor` and the secondary ones) of the vertex shader `vs` to
/// [0, 1] when `main` ends, as GL 2.0 §2.14.6 clamps vertex colours (unless
/// `GL_CLAMP_VERTEX_COLOR` is off, ARB_color_buffer_float). Returns whether
/// the shader writes such an output (and so changed).
pub fn clamp_vertex_colors(vs: &mut Shader) -> bool {
    let outputs: Vec<_> = vs
        .vars
        .iter()
        .filter(|(_, v)| {
            v.name.starts_with("gl_")
                && matches!(vs.types.get(v.ty), Some(Type::Value(_)))
                && matches!(
                    v.kind,
                    VarKind::Output {
                        slot: Slot::Location {
                            location: 0..=3,
                            ..
                        },
                        ..
                    }
                )
        })
        .map(|(h, _)| h)
        .collect();
    if outputs.is_empty() {
        return false;
    }
    let entry = vs.entry;
    let body = vs.funcs[entry].body;
    let before = vs.funcs[entry].blocks[body].nodes.len();
    {
        let mut b = Builder::new(vs);
        for &h in &outputs {
            let v = b.load_var(h);
            let ty = b.ty(v);
            let zero = b.splat_const(ty, 0.0);
            let one = b.splat_const(ty, 1.0);
            let c = b.clamp(v, zero, one);
            b.store_var(h, c);
        }
    }
    // Before a final `return`, if `main` ends with one.
    let nodes = &mut vs.funcs[entry].blocks[body].nodes;
    if before > 0 && matches!(nodes[before - 1], oxgl_ir::Node::Return(_)) {
        let added = nodes.len() - before;
        nodes[before - 1..].rotate_right(added);
    }
    true
}
