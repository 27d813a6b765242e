//! Builder-made shaders: the shapes the fixed-function generator and the
//! GLSL front end produce, each compared lane by lane with the interpreter.

use crate::harness::check_both;
use oxgl_ir::*;

fn arr(b: &mut Builder, elem: ValType, len: u32, stride: Option<u32>) -> Type {
    let e = b.shader.types.value(elem);
    Type::Array {
        elem: e,
        len: Some(len),
        stride,
    }
}

fn uniform_var(b: &mut Builder, name: &str, ty: Type, offset: u32) -> VarId {
    b.var(
        name,
        ty,
        VarKind::Uniform {
            offset,
            location: None,
        },
    )
}

fn at(var: VarId, path: &[Index]) -> Deref {
    Deref {
        var,
        path: path.to_vec(),
    }
}

/// `out0 = in0`.
pub fn passthrough() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let c = b.load_input(0, ValType::F32X4);
    b.store_output(0, c);
    s
}

/// `gl_Position = mvp * in0`, as the fixed-function generator writes it.
pub fn transform() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let t = arr(&mut b, ValType::F32X4, 4, Some(16));
    let mvp = uniform_var(&mut b, "mvp", t, 0);
    let pos = b.load_input(0, ValType::F32X4);
    let mut acc = None;
    for i in 0..4u8 {
        let col = b.load(at(mvp, &[Index::Const(i as u32)]));
        let x = b.lane(pos, i);
        let xs = b.splat(x, 4);
        acc = Some(match acc {
            None => b.mul(col, xs),
            Some(a) => b.fma(col, xs, a),
        });
    }
    b.store_builtin(Builtin::Position, acc.unwrap());
    s
}

/// A fixed-function vertex shader: transform, normal matrix, diffuse and
/// specular lighting with `pow`, point size.
pub fn fixed_function_vertex() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let t = arr(&mut b, ValType::F32X4, 4, Some(16));
    let mvp = uniform_var(&mut b, "mvp", t, 0);
    let t = arr(&mut b, ValType::F32X3, 3, Some(16));
    let nm = uniform_var(&mut b, "normal_matrix", t, 64);
    let pos = b.load_input(0, ValType::F32X4);
    let normal = b.load_input(1, ValType::F32X3);
    let mut p = None;
    for i in 0..4u8 {
        let col = b.load(at(mvp, &[Index::Const(i as u32)]));
        let x = b.lane(pos, i);
        let xs = b.splat(x, 4);
        p = Some(match p {
            None => b.mul(col, xs),
            Some(a) => b.fma(col, xs, a),
        });
    }
    b.store_builtin(Builtin::Position, p.unwrap());
    let mut n = None;
    for i in 0..3u8 {
        let col = b.load(at(nm, &[Index::Const(i as u32)]));
        let x = b.lane(normal, i);
        let xs = b.splat(x, 3);
        let m = b.mul(col, xs);
        n = Some(match n {
            None => m,
            Some(a) => b.add(a, m),
        });
    }
    let n = b.un(AluOp::Normalize, n.unwrap());
    let l = b.uniform(112, ValType::F32X3);
    let shininess = b.uniform(128, ValType::F32);
    let light = b.uniform(144, ValType::F32X4);
    let ndotl = b.dot(n, l);
    let zero = b.f32(0.0);
    let diffuse = b.max(ndotl, zero);
    let nl = b.neg(l);
    let r = b.alu(AluOp::Reflect, &[nl, n]);
    let eye = b.f32s(&[0.0, 0.0, 1.0]);
    let rdote = b.dot(r, eye);
    let rdote = b.max(rdote, zero);
    let spec = b.bin(AluOp::Pow, rdote, shininess);
    let d4 = b.splat(diffuse, 4);
    let s4 = b.splat(spec, 4);
    let lit = b.fma(light, d4, s4);
    let lit = b.un(AluOp::FSat, lit);
    b.store_output(0, lit);
    let ps = b.uniform(160, ValType::F32);
    b.store_builtin(Builtin::PointSize, ps);
    let fog = b.alu(AluOp::Length, &[p.unwrap()]);
    let fog = b.un(AluOp::FNeg, fog);
    let fog = b.un(AluOp::Exp, fog);
    b.store_output(1, fog);
    s
}

/// `if`/`else` on a per-lane condition, nested, with `if_value`.
pub fn if_else() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let c = b.load_input(0, ValType::F32X4);
    let x = b.lane(c, 0);
    let y = b.lane(c, 1);
    let cond = b.lt(x, y);
    b.if_(
        cond,
        |b| {
            let two = b.splat_const(ValType::F32X4, 2.0);
            let v = b.mul(c, two);
            b.store_output(0, v);
            let z = b.lane(c, 2);
            let zero = b.f32(0.0);
            let inner = b.gt(z, zero);
            b.if_then(inner, |b| {
                let w = b.swizzle(c, "wzyx");
                b.store_output(0, w);
            });
        },
        |b| {
            let one = b.splat_const(ValType::F32X4, 1.0);
            let sw = b.swizzle(c, "yxwz");
            let v = b.sub(sw, one);
            b.store_output(0, v);
        },
    );
    let w = b.lane(c, 3);
    let half = b.f32(0.5);
    let c2 = b.ge(w, half);
    let v = b.if_value(
        c2,
        ValType::F32,
        |b| b.un(AluOp::Sqrt, w),
        |b| b.un(AluOp::Floor, w),
    );
    b.store_output(1, v);
    s
}

/// A loop with a per-lane trip count, `break`, `continue` and a nested loop.
pub fn loops() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let inp = b.input(1, ValType::I32);
    if let VarKind::Input { interp, .. } = &mut b.shader.vars[inp].kind {
        *interp = InterpMode::Flat;
    }
    let n = b.load_var(inp);
    let c = b.load_input(0, ValType::F32X4);
    let x = b.lane(c, 0);
    let i = b.local("i", ValType::I32);
    let sum = b.local("sum", ValType::F32);
    let zi = b.i32(0);
    b.store_var(i, zi);
    let zf = b.f32(0.0);
    b.store_var(sum, zf);
    b.loop_(
        |b| {
            let iv = b.load_var(i);
            let done = b.ge(iv, n);
            b.if_then(done, |b| b.break_());
            let one = b.i32(1);
            let odd = b.bin(AluOp::And, iv, one);
            let is_odd = b.eq(odd, one);
            b.if_then(is_odd, |b| b.continue_());
            // Inner loop: j from 0 while j*j < i, break at 3.
            let j = b.local("j", ValType::I32);
            let z = b.i32(0);
            b.store_var(j, z);
            b.loop_(
                |b| {
                    let jv = b.load_var(j);
                    let sq = b.mul(jv, jv);
                    let stop = b.ge(sq, iv);
                    b.if_then(stop, |b| b.break_());
                    let three = b.i32(3);
                    let big = b.ge(jv, three);
                    b.if_then(big, |b| b.break_());
                    let f = b.convert(jv, Scalar::F32);
                    let s0 = b.load_var(sum);
                    let s1 = b.add(s0, f);
                    b.store_var(sum, s1);
                },
                |b| {
                    let jv = b.load_var(j);
                    let one = b.i32(1);
                    let n = b.add(jv, one);
                    b.store_var(j, n);
                },
            );
            let f = b.convert(iv, Scalar::F32);
            let fx = b.mul(f, x);
            let s0 = b.load_var(sum);
            let s1 = b.add(s0, fx);
            b.store_var(sum, s1);
        },
        |b| {
            let iv = b.load_var(i);
            let one = b.i32(1);
            let n = b.add(iv, one);
            b.store_var(i, n);
        },
    );
    let total = b.load_var(sum);
    let iv = b.load_var(i);
    b.store_output(0, total);
    let out = b.output(1, ValType::I32);
    b.store_var(out, iv);
    s
}

/// `discard` at the top level, under a condition, and inside a loop.
pub fn discard() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let c = b.load_input(0, ValType::F32X4);
    let x = b.lane(c, 0);
    let y = b.lane(c, 1);
    let zero = b.f32(0.0);
    let neg = b.lt(x, zero);
    b.if_then(neg, |b| b.discard());
    b.store_output(0, c);
    let k = b.local("k", ValType::F32);
    b.store_var(k, y);
    b.loop_(
        |b| {
            let kv = b.load_var(k);
            let big = b.gt(kv, x);
            b.if_then(big, |b| b.break_());
            let three = b.f32(3.0);
            let huge = b.gt(kv, three);
            b.if_then(huge, |b| b.discard());
            let one = b.f32(1.0);
            let n = b.add(kv, one);
            b.store_var(k, n);
        },
        |_| {},
    );
    let kv = b.load_var(k);
    b.store_output(1, kv);
    s
}

/// A local array written in a loop, read and written at dynamic (possibly
/// out-of-range or negative) indices, and a 2D array.
pub fn dynamic_array() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let t = arr(&mut b, ValType::F32X2, 6, None);
    let f = b.func_id();
    let a = b.var("a", t, VarKind::Local(f));
    let idx = b.load_input(1, ValType::I32);
    let idx2 = b.load_input(2, ValType::U32);
    let c = b.load_input(0, ValType::F32X4);
    let i = b.local("i", ValType::I32);
    let z = b.i32(0);
    b.store_var(i, z);
    b.loop_(
        |b| {
            let iv = b.load_var(i);
            let six = b.i32(6);
            let done = b.ge(iv, six);
            b.if_then(done, |b| b.break_());
            let fi = b.convert(iv, Scalar::F32);
            let xy = b.swizzle(c, "xy");
            let fs = b.splat(fi, 2);
            let v = b.add(xy, fs);
            b.store(at(a, &[Index::Value(iv)]), v);
        },
        |b| {
            let iv = b.load_var(i);
            let one = b.i32(1);
            let n = b.add(iv, one);
            b.store_var(i, n);
        },
    );
    let r = b.load(at(a, &[Index::Value(idx)]));
    b.store_output(0, r);
    let w = b.swizzle(c, "zw");
    b.store(at(a, &[Index::Value(idx2)]), w);
    let a0 = b.load(at(a, &[Index::Const(0)]));
    let a5 = b.load(at(a, &[Index::Const(5)]));
    let sum = b.add(a0, a5);
    b.store_output(1, sum);
    let e = b.load(at(a, &[Index::Value(idx2)]));
    let e = b.lane(e, 1);
    b.store_output(2, e);
    // 2D: [3 x [2 x i32]] private, written at [idx][idx2 % 2].
    let inner = arr(&mut b, ValType::I32, 2, None);
    let inner = b.shader.types.intern(inner);
    let outer = b.shader.types.intern(Type::Array {
        elem: inner,
        len: Some(3),
        stride: None,
    });
    let g = b.shader.add_var("g", outer, VarKind::Private);
    let two = b.u32(2);
    let j = b.bin(AluOp::UMod, idx2, two);
    let seven = b.i32(7);
    b.store(at(g, &[Index::Value(idx), Index::Value(j)]), seven);
    let v = b.load(at(g, &[Index::Const(1), Index::Const(1)]));
    let v2 = b.load(at(g, &[Index::Value(idx), Index::Const(0)]));
    let vv = b.add(v, v2);
    b.store_output(3, vv);
    s
}

/// Integer arithmetic, bit operations and conversions.
pub fn integer_ops() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let a = b.load_input(0, ValType::I32X4);
    let u = b.load_input(1, ValType::U32X4);
    let ab = b.bitcast(a, Scalar::U32);
    let t0 = b.add(ab, u);
    let t1 = b.bin(AluOp::UDiv, t0, u);
    let t2 = b.bin(AluOp::Shl, t1, a);
    let t3 = b.bin(AluOp::IDiv, a, a);
    let sw = b.swizzle(a, "wzyx");
    let t4 = b.bin(AluOp::IMod, sw, a);
    let t5 = b.bin(AluOp::IShr, t4, sw);
    let t6 = b.un(AluOp::BitCount, t2);
    let t7 = b.un(AluOp::IFindMsb, t5);
    let x = b.bin(AluOp::Xor, t3, t7);
    let y = b.add(x, t6);
    b.store_output(0, y);
    let m = b.min(ab, u);
    let n = b.bin(AluOp::UMax, m, t1);
    b.store_output(1, n);
    let f = b.convert(a, Scalar::F32);
    let g = b.convert(u, Scalar::F32);
    let h = b.div(f, g);
    let back = b.convert(h, Scalar::I32);
    b.store_output(2, back);
    let lt = b.lt(a, sw);
    let sel = b.select(lt, a, sw);
    let anyv = b.alu(AluOp::Any, &[lt]);
    let anyi = b.convert(anyv, Scalar::I32);
    let sel = b.insert(sel, anyi, 3);
    b.store_output(3, sel);
    s
}

/// A function with an early return inside a loop, called twice, a void
/// function writing a private, and a discard inside a callee.
pub fn calls() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let f = Builder::add_function(
        &mut s,
        "find",
        vec![ValType::F32, ValType::F32],
        Some(ValType::F32),
    );
    {
        let mut b = Builder::at_end(&mut s, f);
        // Clamped (NaN and infinities included) so that the loop ends.
        let lo = b.f32(-5.0);
        let hi = b.f32(10.0);
        let x = b.param(0);
        let x = b.clamp(x, lo, hi);
        let limit = b.param(1);
        let limit = b.clamp(limit, lo, hi);
        let acc = b.local("acc", ValType::F32);
        b.store_var(acc, x);
        b.loop_(
            |b| {
                let a = b.load_var(acc);
                let big = b.gt(a, limit);
                b.if_then(big, |b| {
                    let h = b.f32(100.0);
                    let r = b.add(a, h);
                    b.return_(Some(r))
                });
                let neg = b.f32(-3.0);
                let tiny = b.lt(a, neg);
                b.if_then(tiny, |b| b.break_());
                let one = b.f32(1.25);
                let n = b.add(a, one);
                b.store_var(acc, n);
            },
            |_| {},
        );
        let a = b.load_var(acc);
        b.return_(Some(a));
    }
    let priv_ty = s.types.value(ValType::F32);
    let pv = s.add_var("counter", priv_ty, VarKind::Private);
    let g = Builder::add_function(&mut s, "bump", vec![ValType::F32], None);
    {
        let mut b = Builder::at_end(&mut s, g);
        let x = b.param(0);
        let c = b.load_var(pv);
        let n = b.add(c, x);
        b.store_var(pv, n);
        let lim = b.f32(3.5);
        let over = b.gt(n, lim);
        b.if_then(over, |b| b.discard());
    }
    let mut b = Builder::new(&mut s);
    let c = b.load_input(0, ValType::F32X4);
    let x = b.lane(c, 0);
    let y = b.lane(c, 1);
    let r1 = b.call(f, &[x, y]).unwrap();
    let r2 = b.call(f, &[y, x]).unwrap();
    b.call(g, &[x]);
    b.call(g, &[y]);
    let cv = b.load_var(pv);
    let out = b.construct(&[r1, r2, cv, x]);
    b.store_output(0, out);
    s
}

/// Functions too large to inline (past `passes::INLINE_LIMIT`) run out of
/// line (`Op::Call`): one called from two sites of another out-of-line
/// function and from `main`, under divergent control flow, returning early
/// in some lanes.
pub fn out_of_line_calls() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let big = Builder::add_function(
        &mut s,
        "big",
        vec![ValType::F32, ValType::F32],
        Some(ValType::F32),
    );
    {
        let mut b = Builder::at_end(&mut s, big);
        let x = b.param(0);
        let y = b.param(1);
        let zero = b.f32(0.0);
        let neg = b.lt(y, zero);
        b.if_then(neg, |b| {
            let r = b.sub(x, y);
            b.return_(Some(r))
        });
        let k = b.f32(0.5);
        let mut acc = x;
        for _ in 0..passes::INLINE_LIMIT {
            let t = b.mul(acc, k);
            acc = b.add(t, y);
        }
        b.return_(Some(acc));
    }
    let outer = Builder::add_function(&mut s, "outer", vec![ValType::F32], Some(ValType::F32));
    {
        let mut b = Builder::at_end(&mut s, outer);
        let x = b.param(0);
        let one = b.f32(1.0);
        let r1 = b.call(big, &[x, one]).unwrap();
        let r2 = b.call(big, &[r1, x]).unwrap();
        let r = b.add(r1, r2);
        b.return_(Some(r));
    }
    let mut b = Builder::new(&mut s);
    let c = b.load_input(0, ValType::F32X4);
    let x = b.lane(c, 0);
    let y = b.lane(c, 1);
    let res = b.local("res", ValType::F32);
    b.store_var(res, y);
    let zero = b.f32(0.0);
    let pos = b.gt(x, zero);
    b.if_then(pos, |b| {
        let r = b.call(outer, &[y]).unwrap();
        b.store_var(res, r);
    });
    let d = b.call(big, &[x, y]).unwrap();
    let r = b.load_var(res);
    let out = b.construct(&[r, d, x, y]);
    b.store_output(0, out);
    s
}

pub fn tex_decl(shadow: bool) -> TextureDecl {
    TextureDecl {
        name: "t".into(),
        dim: Dim::D2,
        arrayed: false,
        multisample: false,
        shadow,
        kind: Scalar::F32,
        binding: 0,
    }
}

/// Texture sampling: implicit LOD with bias under divergent control flow,
/// explicit LOD, shadow, fetch, size query.
pub fn texture() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let t0 = b.declare_texture(tex_decl(false));
    let t1 = b.declare_texture(tex_decl(true));
    let c = b.load_input(0, ValType::F32X4);
    let uv = b.swizzle(c, "xy");
    let col = b.sample(t0, uv);
    b.store_output(0, col);
    let w = b.lane(c, 3);
    let zero = b.f32(0.0);
    let cond = b.gt(w, zero);
    b.if_then(cond, |b| {
        let mut op = TexOp::new(TexKind::Sample, t0);
        op.coord = Some(uv);
        op.bias = Some(w);
        let v = b.tex(op);
        b.store_output(0, v);
    });
    let mut op = TexOp::new(TexKind::SampleLod, t0);
    op.coord = Some(uv);
    op.lod = Some(w);
    let v = b.tex(op);
    b.store_output(1, v);
    let mut op = TexOp::new(TexKind::Sample, t1);
    op.coord = Some(uv);
    op.compare = Some(w);
    let sh = b.tex(op);
    b.store_output(2, sh);
    let ic = b.convert(uv, Scalar::I32);
    let mut op = TexOp::new(TexKind::Fetch, t0);
    op.coord = Some(ic);
    let lvl = b.i32(1);
    op.lod = Some(lvl);
    let fv = b.tex(op);
    let fi = b.bitcast(fv, Scalar::I32);
    b.store_output(3, fi);
    s
}

/// A uniform array and an output array indexed dynamically; clip distances.
pub fn uniform_and_output_arrays() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let t = arr(&mut b, ValType::F32X4, 4, Some(16));
    let ua = uniform_var(&mut b, "lights", t, 16);
    let idx = b.load_input(1, ValType::I32);
    let v = b.load(at(ua, &[Index::Value(idx)]));
    let ot = arr(&mut b, ValType::F32X2, 3, None);
    let oa = b.var(
        "varyings",
        ot,
        VarKind::Output {
            slot: Slot::Location {
                location: 2,
                component: 0,
            },
            index: 0,
        },
    );
    let xy = b.swizzle(v, "xy");
    b.store(at(oa, &[Index::Value(idx)]), xy);
    let zw = b.swizzle(v, "zw");
    b.store(at(oa, &[Index::Const(0)]), zw);
    b.store_output(0, v);
    let ct = arr(&mut b, ValType::F32, 2, None);
    let clip = b.var(
        "gl_ClipDistance",
        ct,
        VarKind::Output {
            slot: Slot::Builtin(Builtin::ClipDistance),
            index: 0,
        },
    );
    let x = b.lane(v, 0);
    b.store(at(clip, &[Index::Const(0)]), x);
    let y = b.lane(v, 1);
    b.store(at(clip, &[Index::Value(idx)]), y);
    let pos = b.load_input(0, ValType::F32X4);
    b.store_builtin(Builtin::Position, pos);
    s
}

/// Vertex-stage system values.
pub fn vertex_sysvals() -> Shader {
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let vals: Vec<Value> = [
        SysVal::VertexId,
        SysVal::InstanceId,
        SysVal::BaseVertex,
        SysVal::BaseInstance,
    ]
    .iter()
    .map(|sv| b.system(*sv))
    .collect();
    let v = b.construct(&vals);
    b.store_output(0, v);
    let d = b.system(SysVal::DrawId);
    let o = b.output(1, ValType::I32);
    b.store_var(o, d);
    s
}

/// Fragment-stage system values, `demote` and `helper_invocation`.
pub fn fragment_sysvals() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let fc = b.system(SysVal::FragCoord);
    let pc = b.system(SysVal::PointCoord);
    let ff = b.system(SysVal::FrontFacing);
    let one = b.f32(1.0);
    let zero = b.f32(0.0);
    let f = b.select(ff, one, zero);
    let px = b.lane(pc, 0);
    let py = b.lane(pc, 1);
    let fx = b.lane(fc, 0);
    let v = b.construct(&[px, py, f, fx]);
    b.store_output(0, v);
    b.store_output(1, fc);
    let neg = b.lt(fx, zero);
    b.if_then(neg, |b| {
        b.push(Op::Demote, None);
    });
    let h = b.system(SysVal::HelperInvocation);
    let hu = b.convert(h, Scalar::U32);
    let o = b.output(2, ValType::U32);
    b.store_var(o, hu);
    let depth = b.lane(fc, 2);
    b.store_builtin(Builtin::FragDepth, depth);
    s
}

#[test]
fn passthrough_matches() {
    assert!(check_both(&passthrough(), 1, 8) > 0);
}

#[test]
fn transform_matches() {
    assert!(check_both(&transform(), 2, 8) > 0);
}

#[test]
fn fixed_function_vertex_matches() {
    assert!(check_both(&fixed_function_vertex(), 3, 16) > 0);
}

#[test]
fn if_else_matches() {
    assert!(check_both(&if_else(), 4, 16) > 0);
}

#[test]
fn loops_match() {
    assert!(check_both(&loops(), 5, 16) > 0);
}

#[test]
fn discard_matches() {
    assert!(check_both(&discard(), 6, 16) > 0);
}

#[test]
fn dynamic_arrays_match() {
    assert!(check_both(&dynamic_array(), 7, 16) > 0);
}

#[test]
fn integer_ops_match() {
    assert!(check_both(&integer_ops(), 8, 16) > 0);
}

#[test]
fn calls_match() {
    assert!(check_both(&calls(), 9, 16) > 0);
}

#[test]
fn out_of_line_calls_match() {
    let s = out_of_line_calls();
    // Compiled once each: inlining would emit `big` three times.
    let p = oxgl_exec::Program::compile(&s).unwrap();
    let big = passes::INLINE_LIMIT as usize * 2;
    assert!(p.info().num_ops < big * 3 / 2, "{} ops", p.info().num_ops);
    assert!(check_both(&s, 21, 4) > 0);
}

#[test]
fn texture_matches() {
    assert!(check_both(&texture(), 10, 16) > 0);
}

#[test]
fn uniform_and_output_arrays_match() {
    assert!(check_both(&uniform_and_output_arrays(), 11, 16) > 0);
}

#[test]
fn system_values_match() {
    assert!(check_both(&vertex_sysvals(), 12, 8) > 0);
    assert!(check_both(&fragment_sysvals(), 13, 8) > 0);
}

/// Every shader above, after the standard optimization pipeline.
#[test]
fn optimized_shaders_match() {
    for (i, mut s) in [
        fixed_function_vertex(),
        if_else(),
        loops(),
        discard(),
        dynamic_array(),
        integer_ops(),
        calls(),
        texture(),
        uniform_and_output_arrays(),
    ]
    .into_iter()
    .enumerate()
    {
        passes::optimize(&mut s);
        valid::validate(&s).unwrap();
        assert!(check_both(&s, 100 + i as u64, 8) > 0);
    }
}

/// A fragment shader whose loop never ends in lanes where input 0 is
/// negative, and otherwise breaks at once; output 0 = input 0.
pub fn runaway_loop() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut s);
    let c = b.load_input(0, ValType::F32);
    let zero = b.f32(0.0);
    let forever = b.lt(c, zero);
    b.loop_(
        |b| {
            let not = b.un(AluOp::Not, forever);
            b.if_then(not, |b| b.break_());
        },
        |_| {},
    );
    b.store_output(0, c);
    s
}
