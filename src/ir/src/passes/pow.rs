//! `opt_pow`: `pow(x, n)` with a constant whole exponent `n` in
//! `2..=`[`MAX_POW`] becomes multiplications, square and multiply
//! (`x^100 = x^64 · x^32 · x^4`: six squarings, two products).
//!
//! Inexact, so only [`super::optimize_inexact`] runs it: each product
//! rounds, and an error in `x` doubles with each squaring (`x^100` is
//! within a few tens of ULP, where GLSL allows `pow` the error of
//! `exp2(y · log2(x))`: about `|y · log2(x)|` times that of `log2`,
//! hundreds of ULP here); `pow(x, n)` of a negative `x`, undefined in GLSL,
//! becomes `x^n`. Specular terms (`pow(max(dot(r, e), 0.0), 100.0)`) are the
//! common case: eight multiplications in place of a logarithm and an
//! exponential.

use super::each_func;
use crate::*;

/// The largest exponent turned into multiplications (at most 7 squarings
/// and 7 products).
pub const MAX_POW: u32 = 128;

/// `Some((x, n))` when `v` is `pow(x, n)` with every lane of `n` the same
/// whole number in `2..=MAX_POW`.
fn whole_pow(f: &Function, v: Value) -> Option<(Value, u32)> {
    let Op::Alu(AluOp::Pow, args) = &f.insts[v].op else {
        return None;
    };
    let (&x, &y) = (args.first()?, args.get(1)?);
    let (Op::Const(bits), Some(ty)) = (&f.insts[y].op, f.insts[y].ty) else {
        return None;
    };
    if ty.scalar != Scalar::F32 {
        return None;
    }
    (2..=MAX_POW)
        .find(|&n| *bits == eval::splat_bits(ty, n as f64))
        .map(|n| (x, n))
}

/// The multiplications of `x^n` (square and multiply, n ≥ 2): operand
/// pairs, where operand `Some(i)` is the result of product `i` and `None`
/// is `x`. The last product is `x^n`.
fn products(n: u32) -> Vec<(Option<usize>, Option<usize>)> {
    let mut out = Vec::new();
    let mut square: Option<usize> = None;
    let mut acc: Option<Option<usize>> = None;
    let mut e = n;
    loop {
        if e & 1 == 1 {
            acc = Some(match acc {
                None => square,
                Some(a) => {
                    out.push((a, square));
                    Some(out.len() - 1)
                }
            });
        }
        e >>= 1;
        if e == 0 {
            break;
        }
        out.push((square, square));
        square = Some(out.len() - 1);
    }
    out
}

/// Rewrites every `pow(x, n)` with a constant whole `n` in `2..=MAX_POW`.
/// True if anything changed.
pub fn opt_pow(shader: &mut Shader) -> bool {
    each_func(shader, |f| {
        let mut changed = false;
        for blk in f.live_blocks() {
            if !f.blocks[blk].nodes.iter().any(|n| match n {
                Node::Inst(v) => whole_pow(f, *v).is_some(),
                _ => false,
            }) {
                continue;
            }
            let nodes = std::mem::take(&mut f.blocks[blk].nodes);
            let mut out = Vec::with_capacity(nodes.len());
            for node in nodes {
                if let Node::Inst(v) = node
                    && let Some((x, n)) = whole_pow(f, v)
                {
                    let ty = f.insts[v].ty;
                    let steps = products(n);
                    let mut made: Vec<Value> = Vec::with_capacity(steps.len());
                    for (i, (a, b)) in steps.iter().enumerate() {
                        let arg = |o: &Option<usize>| o.map_or(x, |k| made[k]);
                        let op = Op::Alu(AluOp::FMul, vec![arg(a), arg(b)]);
                        if i + 1 == steps.len() {
                            // The last product is `v` itself: its uses stay.
                            f.insts[v].op = op;
                        } else {
                            let p = f.insts.append(Inst { op, ty });
                            out.push(Node::Inst(p));
                            made.push(p);
                        }
                    }
                    changed = true;
                }
                out.push(node);
            }
            f.blocks[blk].nodes = out;
        }
        changed
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `products(n)` computes x^n, with ⌊log2 n⌋ squarings and one product
    /// per further set bit.
    #[test]
    fn square_and_multiply() {
        for n in 2..=MAX_POW {
            let steps = products(n);
            let mut powers: Vec<u32> = Vec::new();
            for (a, b) in &steps {
                let p = |o: &Option<usize>| o.map_or(1, |k| powers[k]);
                powers.push(p(a) + p(b));
            }
            assert_eq!(powers.last(), Some(&n), "x^{n}");
            let want = (31 - n.leading_zeros()) + n.count_ones() - 1;
            assert_eq!(steps.len() as u32, want, "x^{n}: {} products", steps.len());
        }
        assert_eq!(products(100).len(), 8);
    }

    #[test]
    fn constant_whole_exponents_become_products() {
        let mut s = Shader::new(Stage::Fragment);
        let mut b = Builder::new(&mut s);
        let x = b.load_input(0, ValType::F32X4);
        let lanes = b.swizzle(x, "x");
        let n = b.f32(100.0);
        let r = b.alu(AluOp::Pow, &[lanes, n]);
        b.store_output(0, r);
        let half = b.f32(2.5);
        let r = b.alu(AluOp::Pow, &[lanes, half]);
        b.store_output(1, r);
        let big = b.f32(129.0);
        let r = b.alu(AluOp::Pow, &[lanes, big]);
        b.store_output(2, r);
        let four = b.f32s(&[4.0; 4]);
        let r = b.alu(AluOp::Pow, &[x, four]);
        b.store_output(3, r);
        let reference = s.clone();
        assert!(opt_pow(&mut s));
        valid::validate(&s).unwrap();
        let count = |s: &Shader, op: AluOp| {
            let f = &s.funcs[s.entry];
            f.live_insts()
                .iter()
                .filter(|v| matches!(&f.insts[**v].op, Op::Alu(o, _) if *o == op))
                .count()
        };
        // 2.5 and 129 stay pow; 100 takes 8 products, vec4 ^ 4 two.
        assert_eq!(count(&s, AluOp::Pow), 2);
        assert_eq!(count(&s, AluOp::FMul), 10);
        // The same values as pow within its precision, on positive inputs.
        let outputs = |s: &Shader, input: f32| -> Vec<[f32; 4]> {
            let mut inv = interp::Invocation::default();
            inv.set_input_f32(0, &[input; 4]);
            interp::run(s, &mut inv, &mut interp::NoResources).unwrap();
            (0..4).map(|l| inv.output_f32(l)).collect()
        };
        for input in [0.9f32, 0.5, 1.0, 0.999, 1.01, 0.0, 3.0] {
            let (got, want) = (outputs(&s, input), outputs(&reference, input));
            for (g, w) in got.iter().flatten().zip(want.iter().flatten()) {
                let tol = 64.0 * f32::EPSILON * w.abs() + f32::MIN_POSITIVE;
                assert!(
                    g == w || (g - w).abs() <= tol,
                    "pow({input}): {g} against {w}"
                );
            }
        }
        assert!(!opt_pow(&mut s), "nothing left to rewrite");
    }
}
