//! Recognition of the one-texture fixed-function fragment program, so a
//! backend can run it as a native kernel instead of through [`crate::exec`].
//!
//! The program recognized is the texture stage of fixed function with
//! `GL_MODULATE` (or `GL_REPLACE`) on one 2D unit:
//!
//! ```text
//! t     = texture(unit, tc.xy / tc.w)     (or tc.xy: no projective divide)
//! out_k = fsat(in_k · t_k) | fsat(in_k) | fsat(t_k)   for k = 0..4
//! ```
//!
//! Algorithm: a symbolic evaluation of the flat program. Each register gets
//! a symbolic value ([`Sym`]) from the op that writes it; any op, operand or
//! store outside the shapes below makes the program unrecognized. Working on
//! the compiled ops (not the IR) makes the match independent of how the
//! front end spelled the swizzles and constructs, which cost nothing here.
//!
//! Exactness: the kernel a backend runs must compute the same bits as the
//! engine: `x / q` skipped when every lane's `q` is exactly 1 (as
//! [`crate::alu`] does), IEEE `f32` multiplication, and `fsat` as
//! [`fsat`] (NaN gives 0).

use crate::Program;
use crate::code::{Bin, NONE, Op, Un};
use oxgl_ir::{Dim, Stage, TexKind, TexOp, TextureDecl};

/// How one colour channel of a [`TexModulate`] program is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chan {
    /// `fsat(input · texel)`.
    Modulate,
    /// `fsat(input)`.
    Input,
    /// `fsat(texel)`.
    Texel,
}

/// A recognized one-texture fragment program (see the module docs). Input
/// indices are flat (`4 · location + component`, [`crate::Env::inputs`]).
#[derive(Clone, Debug)]
pub struct TexModulate {
    /// The texture's declaration (2D, not arrayed, not shadow).
    pub decl: TextureDecl,
    /// The texture operation (a plain `sample`: no bias, offset or LOD).
    pub op: TexOp,
    /// Inputs holding the coordinate's numerators s, t.
    pub coord: [u32; 2],
    /// The input divided into both (`q`), if any.
    pub q: Option<u32>,
    /// Per output channel, how it is computed.
    pub chans: [Chan; 4],
    /// Per output channel, the input it reads (for [`Chan::Texel`]: unused, 0).
    pub inputs: [u32; 4],
    /// The highest input index it reads.
    pub max_input: u32,
}

impl TexModulate {
    /// Whether every input it reads is below `n`.
    #[inline]
    pub fn reads_below(&self, n: usize) -> bool {
        (self.max_input as usize) < n
    }
}

/// `fsat` exactly as the engine computes it: NaN and -0 give +0.
#[inline(always)]
pub fn fsat(v: f32) -> f32 {
    let v = if v > 0.0 { v } else { 0.0 };
    if v < 1.0 { v } else { 1.0 }
}

/// Symbolic register contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sym {
    /// A flat input component.
    In(u32),
    /// `In(a) / In(b)`.
    Quot(u32, u32),
    /// Channel `k` of the (single) texture result.
    Texel(u8),
    /// `In(i) · Texel(k)`.
    Prod(u32, u8),
    /// `fsat` of one of the three above, as a channel.
    Sat(Chan, u32, u8),
}

impl Program {
    /// The program as a [`TexModulate`], when it is exactly that shape.
    pub fn tex_modulate(&self) -> Option<TexModulate> {
        let info = &self.info;
        if info.stage != Stage::Fragment
            || info.uses_discard
            || info.writes_depth
            || info.uses_derivatives
        {
            return None;
        }
        let mut regs: Vec<Option<Sym>> = vec![None; self.nregs as usize];
        // Constants and unwritten registers have no symbol: no match.
        let get = |regs: &[Option<Sym>], r: u32| -> Option<Sym> {
            regs.get(r as usize).copied().flatten()
        };
        let mut tex: Option<(u32, [u32; 2], Option<u32>)> = None;
        let mut stored: Option<[Sym; 4]> = None;
        for op in &self.ops {
            match op {
                Op::LoadIn { base, d, n } => {
                    for (k, r) in d.iter().enumerate().take(*n as usize) {
                        *regs.get_mut(*r as usize)? = Some(Sym::In(base.checked_add(k as u32)?));
                    }
                }
                Op::Bin { f, n, d, a, b } => {
                    for k in 0..(*n as usize).min(4) {
                        let (x, y) = (get(&regs, a[k])?, get(&regs, b[k])?);
                        let v = match (f, x, y) {
                            (Bin::FDiv, Sym::In(p), Sym::In(q)) => Sym::Quot(p, q),
                            (Bin::FMul, Sym::In(i), Sym::Texel(c))
                            | (Bin::FMul, Sym::Texel(c), Sym::In(i)) => Sym::Prod(i, c),
                            _ => return None,
                        };
                        *regs.get_mut(d[k] as usize)? = Some(v);
                    }
                }
                Op::Un {
                    f: Un::FSat,
                    n,
                    d,
                    a,
                } => {
                    for k in 0..(*n as usize).min(4) {
                        let v = match get(&regs, a[k])? {
                            Sym::In(i) => Sym::Sat(Chan::Input, i, 0),
                            Sym::Texel(c) => Sym::Sat(Chan::Texel, 0, c),
                            Sym::Prod(i, c) => Sym::Sat(Chan::Modulate, i, c),
                            _ => return None,
                        };
                        *regs.get_mut(d[k] as usize)? = Some(v);
                    }
                }
                Op::Tex { call, d, n } => {
                    if tex.is_some() {
                        return None;
                    }
                    let t = self.tex.get(*call as usize)?;
                    let plain = t.op.kind == TexKind::Sample
                        && t.decl.dim == Dim::D2
                        && !t.decl.arrayed
                        && !t.decl.multisample
                        && !t.decl.shadow
                        && t.args[1..].iter().flatten().all(|r| *r == NONE)
                        && t.args[0][2..].iter().all(|r| *r == NONE);
                    if !plain {
                        return None;
                    }
                    let (s, tt) = (get(&regs, t.args[0][0])?, get(&regs, t.args[0][1])?);
                    let (coord, q) = match (s, tt) {
                        (Sym::In(s), Sym::In(t)) => ([s, t], None),
                        (Sym::Quot(s, q), Sym::Quot(t, q2)) if q == q2 => ([s, t], Some(q)),
                        _ => return None,
                    };
                    tex = Some((*call, coord, q));
                    for (k, r) in d.iter().enumerate().take(*n as usize) {
                        *regs.get_mut(*r as usize)? = Some(Sym::Texel(k as u8));
                    }
                }
                Op::StoreOut { base: 0, a, n: 4 } if stored.is_none() => {
                    let mut out = [Sym::In(0); 4];
                    for k in 0..4 {
                        out[k] = get(&regs, a[k])?;
                    }
                    stored = Some(out);
                }
                // The entry's end (out-of-line functions follow it).
                Op::Ret => break,
                _ => return None,
            }
        }
        let (call, coord, q) = tex?;
        let stored = stored?;
        let t = &self.tex[call as usize];
        let mut chans = [Chan::Input; 4];
        let mut inputs = [0; 4];
        for k in 0..4 {
            let Sym::Sat(ch, i, c) = stored[k] else {
                return None;
            };
            // Each output channel must use the texel channel of its own index.
            if ch != Chan::Input && c as usize != k {
                return None;
            }
            chans[k] = ch;
            inputs[k] = i;
        }
        let reads = coord.iter().chain(&q).chain(&inputs);
        let max_input = reads.copied().max().unwrap_or(0);
        Some(TexModulate {
            max_input,
            decl: t.decl.clone(),
            op: t.op.clone(),
            coord,
            q,
            chans,
            inputs,
        })
    }
}
