//! Every ALU operation on every operand type it accepts, one small vertex
//! shader per operation, compared bit for bit with the interpreter.

use crate::harness::check_both;
use oxgl_ir::*;

/// Operand tuples for `op`, built from the shader's inputs.
fn variants(b: &mut Builder, op: AluOp) -> Vec<Vec<Value>> {
    use AluOp::*;
    let f: Vec<Value> = (0..3).map(|l| b.load_input(l, ValType::F32X4)).collect();
    let i: Vec<Value> = (3..6).map(|l| b.load_input(l, ValType::I32X4)).collect();
    let u: Vec<Value> = (6..9).map(|l| b.load_input(l, ValType::U32X4)).collect();
    let bl = vec![
        b.alu(FLt, &[f[0], f[1]]),
        b.alu(ILt, &[i[0], i[1]]),
        b.alu(FGe, &[f[2], f[0]]),
    ];
    let f3: Vec<Value> = f.iter().map(|v| b.swizzle(*v, "xyz")).collect();
    let f2: Vec<Value> = f.iter().map(|v| b.swizzle(*v, "zw")).collect();
    let fs = b.lane(f[2], 0);
    let is = b.lane(i[2], 1);
    let us = b.lane(u[2], 2);
    let is2 = b.lane(i[1], 3);
    let bs = b.lane(bl[2], 0);
    let take = |v: &[Value], n: usize| v[..n].to_vec();
    let n = op.arity();
    match op.sig() {
        ops::Sig::Same(ops::Class::Float) | ops::Sig::Cmp(ops::Class::Float) => {
            vec![take(&f, n), take(&f3, n), vec![fs; n]]
        }
        ops::Sig::Reduce(ops::Class::Float) | ops::Sig::ToI32(ops::Class::Float) => {
            vec![take(&f, n), take(&f3, n), take(&f2, n)]
        }
        ops::Sig::Same(ops::Class::Int) | ops::Sig::Cmp(ops::Class::Int) | ops::Sig::ToI32(_) => {
            vec![take(&i, n), take(&u, n), vec![is; n]]
        }
        ops::Sig::Same(ops::Class::IntBool) | ops::Sig::Cmp(ops::Class::IntBool) => {
            vec![take(&i, n), take(&u, n), take(&bl, n)]
        }
        ops::Sig::Reduce(ops::Class::Bool) => vec![vec![bl[0]], vec![bl[1]]],
        _ => match op {
            Select => vec![
                vec![bl[0], f[0], f[1]],
                vec![bs, i[0], i[1]],
                vec![bl[1], u[0], u[1]],
            ],
            Convert | Bitcast => vec![vec![f[0]], vec![i[0]], vec![u[0]], vec![bl[0]]],
            Cross => vec![vec![f3[0], f3[1]]],
            Refract => vec![vec![f[0], f[1], fs], vec![f3[1], f3[2], fs]],
            Ldexp => vec![vec![f[0], i[0]], vec![f[1], u[1]]],
            Shl | UShr | IShr => vec![vec![i[0], u[0]], vec![u[1], i[1]], vec![i[2], i[0]]],
            IBfe | UBfe => vec![vec![i[0], is, is2], vec![u[0], us, is]],
            Bfi => vec![vec![i[0], i[1], is, is2], vec![u[0], u[1], us, is]],
            VExtract => vec![vec![f[0], is], vec![i[1], us]],
            VInsert => vec![vec![f[0], fs, is], vec![u[1], us, is2]],
            PackUnorm4x8 | PackSnorm4x8 => vec![vec![f[0]], vec![f[1]]],
            PackUnorm2x16 | PackSnorm2x16 | PackHalf2x16 => vec![vec![f2[0]], vec![f2[1]]],
            UnpackUnorm4x8 | UnpackSnorm4x8 | UnpackUnorm2x16 | UnpackSnorm2x16
            | UnpackHalf2x16 => {
                vec![vec![us], vec![b.lane(u[0], 0)]]
            }
            _ => Vec::new(),
        },
    }
}

/// Stores `v` to output `loc`, as u32 if it is a bool.
fn store(b: &mut Builder, loc: u32, v: Value) {
    let t = b.ty(v);
    let v = if t.scalar == Scalar::Bool {
        b.convert(v, Scalar::U32)
    } else {
        v
    };
    b.store_output(loc, v);
}

#[test]
fn every_alu_op_matches_the_interpreter() {
    use AluOp::*;
    let mut shaders = 0;
    for &op in AluOp::ALL {
        // f64 packing: `every_double_op_matches_the_interpreter`.
        if matches!(op, PackDouble2x32 | UnpackDouble2x32) {
            continue;
        }
        let mut s = Shader::new(Stage::Vertex);
        let mut b = Builder::new(&mut s);
        let vars = variants(&mut b, op);
        assert!(!vars.is_empty(), "no operands for {}", op.name());
        let mut loc = 0;
        for args in vars {
            if op == Convert || op == Bitcast {
                let from = b.ty(args[0]).scalar;
                for to in [Scalar::F32, Scalar::I32, Scalar::U32, Scalar::Bool] {
                    if op == Bitcast && (from == Scalar::Bool || to == Scalar::Bool) {
                        continue;
                    }
                    let r = if op == Convert {
                        b.convert(args[0], to)
                    } else {
                        b.bitcast(args[0], to)
                    };
                    store(&mut b, loc, r);
                    loc += 1;
                }
                continue;
            }
            let r = b.alu(op, &args);
            store(&mut b, loc, r);
            loc += 1;
        }
        valid::validate(&s).unwrap_or_else(|e| panic!("{}: {e}", op.name()));
        check_both(&s, op.index() as u64, 6);
        shaders += 1;
    }
    assert!(shaders >= AluOp::ALL.len() - 2, "{shaders} shaders");
}

/// Operand tuples of 64-bit operations, built from `f64x4` inputs.
fn double_variants(b: &mut Builder, op: AluOp) -> Vec<Vec<Value>> {
    use AluOp::*;
    let d: Vec<Value> = [0, 2, 4]
        .iter()
        .map(|l| b.load_input(*l, ValType::F64X4))
        .collect();
    let i = b.load_input(6, ValType::I32X4);
    let d3: Vec<Value> = d.iter().map(|v| b.swizzle(*v, "xyz")).collect();
    let d2: Vec<Value> = d.iter().map(|v| b.swizzle(*v, "wx")).collect();
    let ds = b.lane(d[2], 1);
    let is = b.lane(i, 2);
    let bl = b.alu(FLt, &[d[0], d[1]]);
    let take = |v: &[Value], n: usize| v[..n].to_vec();
    let n = op.arity();
    match op.sig() {
        ops::Sig::Same(ops::Class::Float) | ops::Sig::Cmp(ops::Class::Float) => {
            vec![take(&d, n), take(&d3, n), vec![ds; n], take(&d2, n)]
        }
        ops::Sig::Reduce(ops::Class::Float) | ops::Sig::ToI32(ops::Class::Float) => {
            vec![take(&d, n), take(&d3, n), take(&d2, n)]
        }
        _ => match op {
            Select => vec![vec![bl, d[0], d[1]], vec![b.lane(bl, 3), d3[0], d3[2]]],
            Cross => vec![vec![d3[0], d3[1]]],
            Refract => vec![vec![d[0], d[1], ds], vec![d3[1], d3[2], ds]],
            Ldexp => vec![vec![d[0], i]],
            VExtract => vec![vec![d[0], is], vec![d3[1], is]],
            VInsert => vec![vec![d[0], ds, is], vec![d2[1], ds, is]],
            UnpackDouble2x32 => vec![vec![ds]],
            _ => Vec::new(),
        },
    }
}

#[test]
fn every_double_op_matches_the_interpreter() {
    use AluOp::*;
    let mut shaders = 0;
    for &op in AluOp::ALL {
        let mut s = Shader::new(Stage::Vertex);
        let mut b = Builder::new(&mut s);
        let vars = double_variants(&mut b, op);
        if vars.is_empty() {
            continue;
        }
        // Two locations per output: a dvec4 takes both.
        let mut loc = 0;
        for args in vars {
            let r = b.alu(op, &args);
            store(&mut b, loc, r);
            loc += 2;
        }
        if op == UnpackDouble2x32 {
            // And back.
            let d = b.load_input(2, ValType::F64X4);
            let w = b.lane(d, 3);
            let u = b.alu(UnpackDouble2x32, &[w]);
            let r = b.alu(PackDouble2x32, &[u]);
            store(&mut b, loc, r);
        }
        valid::validate(&s).unwrap_or_else(|e| panic!("{}: {e}", op.name()));
        check_both(&s, op.index() as u64 ^ 0xd0b1e, 6);
        shaders += 1;
    }
    assert!(shaders >= 50, "{shaders} shaders");

    // Conversions both ways with every 32-bit kind.
    let mut s = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut s);
    let d = b.load_input(0, ValType::F64X4);
    let mut loc = 0;
    for (l, from) in [(2, Scalar::F32), (3, Scalar::I32), (4, Scalar::U32)] {
        let x = b.load_input(l, ValType::vec(from, 4));
        let r = b.convert(x, Scalar::F64);
        store(&mut b, loc, r);
        let r = b.convert(d, from);
        store(&mut b, loc + 2, r);
        loc += 3;
    }
    let bl = b.alu(FLt, &[d, d]);
    let r = b.convert(bl, Scalar::F64);
    store(&mut b, loc, r);
    let r = b.convert(d, Scalar::Bool);
    store(&mut b, loc + 2, r);
    valid::validate(&s).unwrap();
    check_both(&s, 64, 8);
}
