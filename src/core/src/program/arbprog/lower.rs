//! Assembly programs as IR: a parsed [`Program`] written with the builder,
//! on the fixed-function generator's interface (`ffgen`'s module comment):
//! vertex inputs at `vbo::Attrib` locations, colours, texture coordinates
//! and the fog coordinate at `ffgen::varying` locations, colour output `n`
//! at location `n`. Parameter slot `i` is the vec4 at byte `16 i` of the
//! stage's default uniform block ([`super::pack`] fills it).
//!
//! The programs have no control flow, so registers are SSA values:
//! temporaries start as zeros, a masked write builds the new vec4 from the
//! old and the new lanes, and outputs are stored once at the end (lanes
//! never written are 0, 0, 0, 1). Relative addressing reads a uniform
//! array over the parameter array's slots; an index outside it reads 0.

use oxgl_ir::{
    AluOp, Builder, Builtin, Deref, Dim, Index, InterpMode, Sampling, Scalar, Shader, Slot, Stage,
    SysVal, TexKind, TexOp, TextureDecl, Type, ValType, Value, VarKind,
};

use super::ast::*;
use crate::compat::ffgen::varying;

/// Fragment-stage state that changes code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FsVariant {
    /// Back-facing fragments read the back colours (two-sided lighting or
    /// `GL_VERTEX_PROGRAM_TWO_SIDE`).
    pub two_side: bool,
    /// Flat shading.
    pub flat: bool,
}

struct Lower<'p, 'b, 's> {
    p: &'p Program,
    b: &'b mut Builder<'s>,
    variant: FsVariant,
    temps: Vec<Value>,
    addr: Vec<Value>,
    inputs: Vec<(Input, Value)>,
    outputs: Vec<(Output, Value)>,
    textures: Vec<(u8, u32)>,
    arrays: Vec<((u32, u32), oxgl_ir::VarId)>,
}

/// The IR of `p` (fragment programs in `variant`).
pub fn lower(p: &Program, variant: FsVariant) -> Shader {
    let stage = match p.kind {
        Kind::Vertex => Stage::Vertex,
        Kind::Fragment => Stage::Fragment,
    };
    let mut shader = Shader::new(stage);
    {
        let mut b = Builder::new(&mut shader);
        let zero = b.f32s(&[0.0; 4]);
        let zero_i = b.i32(0);
        let mut l = Lower {
            p,
            b: &mut b,
            variant,
            temps: vec![zero; p.num_temps as usize],
            addr: vec![zero_i; p.num_addr as usize],
            inputs: Vec::new(),
            outputs: Vec::new(),
            textures: Vec::new(),
            arrays: Vec::new(),
        };
        for inst in &p.insts {
            l.inst(inst);
        }
        l.finish();
    }
    debug_assert_eq!(
        oxgl_ir::valid::validate(&shader).map_err(|e| e.to_string()),
        Ok(())
    );
    shader
}

impl Lower<'_, '_, '_> {
    fn param(&mut self, slot: u32) -> Value {
        self.b.uniform(slot * 16, ValType::F32X4)
    }

    fn input(&mut self, i: Input) -> Value {
        if let Some((_, v)) = self.inputs.iter().find(|(j, _)| *j == i) {
            return *v;
        }
        let v = match i {
            Input::Vertex(loc) => self.b.load_input(u32::from(loc), ValType::F32X4),
            Input::Color0 => self.color(varying::COLOR0, varying::BCOLOR0),
            Input::Color1 => self.color(varying::COLOR1, varying::BCOLOR1),
            Input::TexCoord(n) => self.varying(varying::TEX0 + u32::from(n), InterpMode::Smooth),
            Input::FogCoord => {
                let f = self.varying(varying::FOG, InterpMode::Smooth);
                let x = self.b.lane(f, 0);
                let zero = self.b.f32(0.0);
                let one = self.b.f32(1.0);
                self.b.construct(&[x, zero, zero, one])
            }
            Input::Position => self.b.system(SysVal::FragCoord),
        };
        self.inputs.push((i, v));
        v
    }

    fn varying(&mut self, location: u32, interp: InterpMode) -> Value {
        let kind = VarKind::Input {
            slot: Slot::Location {
                location,
                component: 0,
            },
            interp,
            sampling: Sampling::Center,
        };
        let var = self
            .b
            .var(&format!("in{location}"), Type::Value(ValType::F32X4), kind);
        self.b.load_var(var)
    }

    fn color(&mut self, front: u32, back: u32) -> Value {
        let interp = if self.variant.flat {
            InterpMode::Flat
        } else {
            InterpMode::Smooth
        };
        let f = self.varying(front, interp);
        if !self.variant.two_side {
            return f;
        }
        let bk = self.varying(back, interp);
        let ff = self.b.system(SysVal::FrontFacing);
        let ff4 = self.b.splat(ff, 4);
        self.b.select(ff4, f, bk)
    }

    fn reg(&mut self, r: Reg) -> Value {
        match r {
            Reg::Temp(n) => self.temps[n as usize],
            Reg::Input(i) => self.input(i),
            Reg::Param(n) => self.param(n),
            Reg::ParamRel {
                base,
                len,
                addr,
                offset,
            } => {
                let var = match self.arrays.iter().find(|(k, _)| *k == (base, len)) {
                    Some((_, v)) => *v,
                    None => {
                        let elem = self.b.shader.types.value(ValType::F32X4);
                        let ty = Type::Array {
                            elem,
                            len: Some(len),
                            stride: Some(16),
                        };
                        let kind = VarKind::Uniform {
                            offset: base * 16,
                            location: None,
                        };
                        let v = self.b.var(&format!("params{base}"), ty, kind);
                        self.arrays.push(((base, len), v));
                        v
                    }
                };
                let a = self.addr[addr as usize];
                let o = self.b.i32(offset);
                let idx = self.b.alu(AluOp::IAdd, &[a, o]);
                self.b.load(Deref {
                    var,
                    path: vec![Index::Value(idx)],
                })
            }
            Reg::Output(_) | Reg::Addr(_) => self.b.f32s(&[0.0; 4]),
        }
    }

    fn src(&mut self, s: &Src) -> Value {
        let v = self.reg(s.reg);
        let v = if s.swizzle.iter().all(|&c| c < 4) {
            if s.swizzle == [0, 1, 2, 3] {
                v
            } else {
                self.b.swizzle_idx(v, &s.swizzle)
            }
        } else {
            let lanes: Vec<Value> = s
                .swizzle
                .iter()
                .map(|&c| match c {
                    4 => self.b.f32(0.0),
                    5 => self.b.f32(1.0),
                    _ => self.b.lane(v, c),
                })
                .collect();
            self.b.construct(&lanes)
        };
        if s.negate.iter().all(|&n| n) {
            self.b.neg(v)
        } else if s.negate.iter().any(|&n| n) {
            let lanes: Vec<Value> = (0..4)
                .map(|i| {
                    let l = self.b.lane(v, i as u8);
                    if s.negate[i] { self.b.neg(l) } else { l }
                })
                .collect();
            self.b.construct(&lanes)
        } else {
            v
        }
    }

    fn splat4(&mut self, s: Value) -> Value {
        self.b.splat(s, 4)
    }

    fn inst(&mut self, inst: &Inst) {
        use Opcode::*;
        let srcs: Vec<Value> = inst.src.iter().map(|s| self.src(s)).collect();
        let b = &mut *self.b;
        let scalar = |b: &mut Builder, i: usize| b.lane(srcs[i], 0);
        let one = b.f32(1.0);
        let zero = b.f32(0.0);
        let r: Value = match inst.op {
            Abs => b.un(AluOp::FAbs, srcs[0]),
            Add => b.add(srcs[0], srcs[1]),
            Sub => b.sub(srcs[0], srcs[1]),
            Mul => b.mul(srcs[0], srcs[1]),
            Min => b.min(srcs[0], srcs[1]),
            Max => b.max(srcs[0], srcs[1]),
            Mov | Swz => srcs[0],
            Mad => {
                let m = b.mul(srcs[0], srcs[1]);
                b.add(m, srcs[2])
            }
            Lrp => {
                // a·b + (1 − a)·c = a·(b − c) + c
                let d = b.sub(srcs[1], srcs[2]);
                let m = b.mul(srcs[0], d);
                b.add(m, srcs[2])
            }
            Cmp => {
                let z4 = b.f32s(&[0.0; 4]);
                let lt = b.lt(srcs[0], z4);
                b.select(lt, srcs[1], srcs[2])
            }
            Sge | Slt => {
                let c = if inst.op == Sge {
                    b.ge(srcs[0], srcs[1])
                } else {
                    b.lt(srcs[0], srcs[1])
                };
                let o4 = b.f32s(&[1.0; 4]);
                let z4 = b.f32s(&[0.0; 4]);
                b.select(c, o4, z4)
            }
            Dp3 | Dp4 | Dph => {
                let d = if inst.op == Dp4 {
                    b.dot(srcs[0], srcs[1])
                } else {
                    let x = b.swizzle(srcs[0], "xyz");
                    let y = b.swizzle(srcs[1], "xyz");
                    b.dot(x, y)
                };
                let d = if inst.op == Dph {
                    let w = b.lane(srcs[1], 3);
                    b.add(d, w)
                } else {
                    d
                };
                b.splat(d, 4)
            }
            Dst => {
                let ay = b.lane(srcs[0], 1);
                let by = b.lane(srcs[1], 1);
                let y = b.mul(ay, by);
                let z = b.lane(srcs[0], 2);
                let w = b.lane(srcs[1], 3);
                b.construct(&[one, y, z, w])
            }
            Xpd => {
                let x = b.swizzle(srcs[0], "xyz");
                let y = b.swizzle(srcs[1], "xyz");
                let c = b.bin(AluOp::Cross, x, y);
                b.construct(&[c, one])
            }
            Flr => b.un(AluOp::Floor, srcs[0]),
            Frc => b.un(AluOp::Fract, srcs[0]),
            Ex2 | Lg2 | Rcp | Rsq | Cos | Sin => {
                let x = scalar(b, 0);
                let v = match inst.op {
                    Ex2 => b.un(AluOp::Exp2, x),
                    Lg2 => {
                        // ARB_vertex_program §2.14.5.13: of the absolute value.
                        let a = if self.p.kind == Kind::Vertex {
                            b.un(AluOp::FAbs, x)
                        } else {
                            x
                        };
                        b.un(AluOp::Log2, a)
                    }
                    Rcp => b.un(AluOp::Rcp, x),
                    Rsq => {
                        let a = b.un(AluOp::FAbs, x);
                        b.un(AluOp::Rsqrt, a)
                    }
                    Cos => b.un(AluOp::Cos, x),
                    _ => b.un(AluOp::Sin, x),
                };
                b.splat(v, 4)
            }
            Pow => {
                let x = scalar(b, 0);
                let y = scalar(b, 1);
                let v = b.bin(AluOp::Pow, x, y);
                b.splat(v, 4)
            }
            Scs => {
                let x = scalar(b, 0);
                let c = b.un(AluOp::Cos, x);
                let s = b.un(AluOp::Sin, x);
                b.construct(&[c, s, zero, one])
            }
            Exp => {
                let x = scalar(b, 0);
                let f = b.un(AluOp::Floor, x);
                let e = b.un(AluOp::Exp2, f);
                let fr = b.sub(x, f);
                let full = b.un(AluOp::Exp2, x);
                b.construct(&[e, fr, full, one])
            }
            Log => {
                let x = scalar(b, 0);
                let a = b.un(AluOp::FAbs, x);
                let l = b.un(AluOp::Log2, a);
                let e = b.un(AluOp::Floor, l);
                let p = b.un(AluOp::Exp2, e);
                let m = b.div(a, p);
                b.construct(&[e, m, l, one])
            }
            Lit => {
                // ARB_vertex_program §2.14.5.15: (1, max(x, 0),
                // x > 0 ? max(y, 0)^clamp(w, −128, 128) : 0, 1), with 0⁰ = 1.
                let x = b.lane(srcs[0], 0);
                let y = b.lane(srcs[0], 1);
                let w = b.lane(srcs[0], 3);
                let xp = b.max(x, zero);
                let yp = b.max(y, zero);
                let lo = b.f32(-128.0);
                let hi = b.f32(128.0);
                let wc = b.clamp(w, lo, hi);
                let p = b.bin(AluOp::Pow, yp, wc);
                let w0 = b.eq(wc, zero);
                let p = b.select(w0, one, p);
                let lit = b.lt(zero, x);
                let z = b.select(lit, p, zero);
                b.construct(&[one, xp, z, one])
            }
            Arl => {
                let x = scalar(b, 0);
                let f = b.un(AluOp::Floor, x);
                let a = b.convert(f, Scalar::I32);
                if let Some(super::ast::Dst {
                    reg: Reg::Addr(n), ..
                }) = inst.dst
                {
                    self.addr[n as usize] = a;
                }
                return;
            }
            Kil => {
                let v = srcs[0];
                let z4 = b.f32s(&[0.0; 4]);
                let lt = b.lt(v, z4);
                let any = b.alu(AluOp::Any, &[lt]);
                b.if_then(any, |b| b.discard());
                return;
            }
            Tex | Txb | Txp => {
                let Some((unit, target)) = inst.tex else {
                    return;
                };
                let t = self.texture(unit, target);
                let b = &mut *self.b;
                let lanes = match target {
                    TexTarget::D1 => 1,
                    TexTarget::D2 | TexTarget::Rect => 2,
                    TexTarget::D3 | TexTarget::Cube => 3,
                };
                let c = srcs[0];
                let mut coord = b.swizzle(c, &"xyz"[..lanes]);
                if inst.op == Txp && target != TexTarget::Cube {
                    let q = b.lane(c, 3);
                    let qs = b.splat(q, lanes as u8);
                    coord = b.div(coord, qs);
                }
                let mut op = TexOp::new(TexKind::Sample, t);
                op.coord = Some(coord);
                if inst.op == Txb {
                    op.bias = Some(b.lane(c, 3));
                }
                b.tex(op)
            }
        };
        let r = if inst.sat {
            self.b.un(AluOp::FSat, r)
        } else {
            r
        };
        if let Some(d) = inst.dst {
            self.write(d, r);
        }
    }

    fn texture(&mut self, unit: u8, target: TexTarget) -> u32 {
        if let Some((_, t)) = self.textures.iter().find(|(u, _)| *u == unit) {
            return *t;
        }
        let dim = match target {
            TexTarget::D1 => Dim::D1,
            TexTarget::D2 => Dim::D2,
            TexTarget::D3 => Dim::D3,
            TexTarget::Cube => Dim::Cube,
            TexTarget::Rect => Dim::Rect,
        };
        let t = self.b.declare_texture(TextureDecl {
            name: format!("texture{unit}"),
            dim,
            arrayed: false,
            multisample: false,
            shadow: false,
            kind: Scalar::F32,
            binding: u32::from(unit),
        });
        self.textures.push((unit, t));
        t
    }

    fn write(&mut self, d: Dst, v: Value) {
        let old = match d.reg {
            Reg::Temp(n) => self.temps[n as usize],
            Reg::Output(o) => match self.outputs.iter().find(|(p, _)| *p == o) {
                Some((_, v)) => *v,
                None => self.b.f32s(&[0.0, 0.0, 0.0, 1.0]),
            },
            _ => return,
        };
        let new = if d.mask == 0xf {
            v
        } else {
            let lanes: Vec<u8> = (0..4u8)
                .map(|i| if d.mask & (1 << i) != 0 { 4 + i } else { i })
                .collect();
            let parts: Vec<Value> = lanes
                .iter()
                .map(|&l| {
                    if l >= 4 {
                        self.b.lane(v, l - 4)
                    } else {
                        self.b.lane(old, l)
                    }
                })
                .collect();
            self.b.construct(&parts)
        };
        match d.reg {
            Reg::Temp(n) => self.temps[n as usize] = new,
            Reg::Output(o) => match self.outputs.iter_mut().find(|(p, _)| *p == o) {
                Some(e) => e.1 = new,
                None => self.outputs.push((o, new)),
            },
            _ => {}
        }
    }

    fn finish(&mut self) {
        if self.p.options.position_invariant
            && let Some(base) = self.p.mvp_cols
        {
            // As the fixed-function generator computes it (ffgen `mat_vec`),
            // so that both give the same positions.
            let pos = self.input(Input::Vertex(0));
            let cols = [0, 1, 2, 3].map(|i| self.param(base + i));
            let mut acc: Option<Value> = None;
            for (i, c) in cols.into_iter().enumerate() {
                let s = self.b.lane(pos, i as u8);
                let s4 = self.splat4(s);
                acc = Some(match acc {
                    None => self.b.mul(c, s4),
                    Some(a) => {
                        let m = self.b.mul(c, s4);
                        self.b.add(m, a)
                    }
                });
            }
            if let Some(p) = acc {
                self.b.store_builtin(Builtin::Position, p);
            }
            if let Some(base) = self.p.clip_params {
                self.clip_distances(pos, base);
            }
        }
        let outputs = std::mem::take(&mut self.outputs);
        for (o, v) in outputs {
            match o {
                Output::Position => self.b.store_builtin(Builtin::Position, v),
                Output::VertexColor { back, secondary } => {
                    // GL 2.0 §2.14.6: vertex colours are clamped to [0, 1].
                    let c = self.b.un(AluOp::FSat, v);
                    let loc = match (back, secondary) {
                        (false, false) => varying::COLOR0,
                        (true, false) => varying::BCOLOR0,
                        (false, true) => varying::COLOR1,
                        (true, true) => varying::BCOLOR1,
                    };
                    self.b.store_output(loc, c);
                }
                Output::FogCoord => {
                    let x = self.b.lane(v, 0);
                    let zero = self.b.f32(0.0);
                    let one = self.b.f32(1.0);
                    let f = self.b.construct(&[x, zero, zero, one]);
                    self.b.store_output(varying::FOG, f);
                }
                Output::PointSize => {
                    let x = self.b.lane(v, 0);
                    self.b.store_builtin(Builtin::PointSize, x);
                }
                Output::TexCoord(n) => self.b.store_output(varying::TEX0 + u32::from(n), v),
                Output::Color(n) => {
                    let c = match (n, self.p.options.fog, self.p.fog_params) {
                        (0, Some(mode), Some(slot)) => self.fog(mode, slot, v),
                        _ => v,
                    };
                    self.b.store_output(u32::from(n), c);
                }
                Output::Depth => {
                    let z = self.b.lane(v, 2);
                    self.b.store_builtin(Builtin::FragDepth, z);
                }
            }
        }
    }

    /// `gl_ClipDistance[i]` = plane `i` · eye position, for every plane (the
    /// backend clips on the enabled ones), as ffgen writes them.
    fn clip_distances(&mut self, pos: Value, base: u32) {
        let n = super::limits::MAX_CLIP_PLANES;
        let cols = [0, 1, 2, 3].map(|i| self.param(base + i));
        let mut eye: Option<Value> = None;
        for (i, c) in cols.into_iter().enumerate() {
            let s = self.b.lane(pos, i as u8);
            let s4 = self.splat4(s);
            let m = self.b.mul(c, s4);
            eye = Some(match eye {
                None => m,
                Some(a) => self.b.add(m, a),
            });
        }
        let Some(eye) = eye else { return };
        let elem = self.b.shader.types.value(ValType::F32);
        let arr = Type::Array {
            elem,
            len: Some(n),
            stride: None,
        };
        let kind = VarKind::Output {
            slot: Slot::Builtin(Builtin::ClipDistance),
            index: 0,
        };
        let var = self.b.var("gl_ClipDistance", arr, kind);
        for i in 0..n {
            let plane = self.param(base + 4 + i);
            let d = self.b.dot(plane, eye);
            self.b.store(
                Deref {
                    var,
                    path: vec![Index::Const(i)],
                },
                d,
            );
        }
    }

    /// The fog options (ARB_fragment_program §3.11.4.5): the colour's rgb
    /// blended towards the fog colour by the fog factor of `mode` at the
    /// interpolated fog coordinate, as fixed-function fog
    /// (`slot`: fog colour; `slot + 1`: density, start, end, 1 / (end − start)).
    fn fog(&mut self, mode: u32, slot: u32, color: Value) -> Value {
        let fc = self.input(Input::FogCoord);
        let fog = self.param(slot);
        let p = self.param(slot + 1);
        crate::compat::ffgen::fog_blend(self.b, mode, fc, p, fog, color)
    }
}
