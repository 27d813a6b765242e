//! Compile-time constant values and the folding of operators over them
//! (GLSL 4.60 §4.3.3 "Constant Expressions").
//!
//! A constant is a flat list of components (an array or struct is its
//! elements' components in order). `Const::Unknown` marks an expression that
//! *is* constant but whose value the front end does not compute (most
//! built-in function calls, matrix products): it satisfies "must be a
//! constant expression" and never produces a range error.

use super::types::Scalar;
use crate::ast::{BinOp, UnOp};

/// One component.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Cv {
    B(bool),
    I(i32),
    U(u32),
    F(f32),
    D(f64),
    I64(i64),
    U64(u64),
}

impl Cv {
    pub(crate) fn as_f64(self) -> f64 {
        match self {
            Cv::B(b) => f64::from(u8::from(b)),
            Cv::I(v) => f64::from(v),
            Cv::U(v) => f64::from(v),
            Cv::F(v) => f64::from(v),
            Cv::D(v) => v,
            Cv::I64(v) => v as f64,
            Cv::U64(v) => v as f64,
        }
    }

    /// The value as an integer, for sizes and indices.
    pub(crate) fn as_i64(self) -> Option<i64> {
        match self {
            Cv::I(v) => Some(i64::from(v)),
            Cv::U(v) => Some(i64::from(v)),
            Cv::I64(v) => Some(v),
            Cv::U64(v) => i64::try_from(v).ok(),
            _ => None,
        }
    }

    fn as_bits(self) -> u64 {
        match self {
            Cv::B(b) => u64::from(b),
            Cv::I(v) => v as u32 as u64,
            Cv::U(v) => u64::from(v),
            Cv::F(v) => v as i64 as u64,
            Cv::D(v) => v as i64 as u64,
            Cv::I64(v) => v as u64,
            Cv::U64(v) => v,
        }
    }

    /// Converts to scalar kind `s` the way constructors do.
    pub(crate) fn convert(self, s: Scalar) -> Cv {
        match s {
            Scalar::Bool => Cv::B(match self {
                Cv::B(b) => b,
                Cv::F(v) => v != 0.0,
                Cv::D(v) => v != 0.0,
                o => o.as_bits() != 0,
            }),
            Scalar::Int => Cv::I(match self {
                Cv::F(v) => v as i32,
                Cv::D(v) => v as i32,
                o => o.as_bits() as u32 as i32,
            }),
            Scalar::Uint => Cv::U(match self {
                Cv::F(v) => v as i32 as u32,
                Cv::D(v) => v as i32 as u32,
                o => o.as_bits() as u32,
            }),
            Scalar::Float => Cv::F(match self {
                Cv::I(v) => v as f32,
                Cv::I64(v) => v as f32,
                o => o.as_f64() as f32,
            }),
            Scalar::Double => Cv::D(match self {
                Cv::I(v) => f64::from(v),
                Cv::I64(v) => v as f64,
                o => o.as_f64(),
            }),
            Scalar::Int64 => Cv::I64(match self {
                Cv::I(v) => i64::from(v),
                Cv::F(v) => v as i64,
                Cv::D(v) => v as i64,
                o => o.as_bits() as i64,
            }),
            Scalar::Uint64 => Cv::U64(match self {
                Cv::I(v) => i64::from(v) as u64,
                Cv::F(v) => v as i64 as u64,
                Cv::D(v) => v as i64 as u64,
                o => o.as_bits(),
            }),
        }
    }
}

/// A constant expression's value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Const {
    /// Components, flattened.
    Known(Vec<Cv>),
    /// Constant, value not computed.
    Unknown,
}

impl Const {
    /// The single integer value of a scalar constant.
    pub(crate) fn int(&self) -> Option<i64> {
        match self {
            Const::Known(v) if v.len() == 1 => v[0].as_i64(),
            _ => None,
        }
    }

    pub(crate) fn known(&self) -> Option<&[Cv]> {
        match self {
            Const::Known(v) => Some(v),
            Const::Unknown => None,
        }
    }
}

/// Folds a unary operator.
pub(crate) fn unary(op: UnOp, v: &[Cv]) -> Option<Vec<Cv>> {
    v.iter()
        .map(|&c| {
            Some(match (op, c) {
                (UnOp::Plus, c) => c,
                (UnOp::Neg, Cv::I(x)) => Cv::I(x.wrapping_neg()),
                (UnOp::Neg, Cv::U(x)) => Cv::U(x.wrapping_neg()),
                (UnOp::Neg, Cv::F(x)) => Cv::F(-x),
                (UnOp::Neg, Cv::D(x)) => Cv::D(-x),
                (UnOp::Neg, Cv::I64(x)) => Cv::I64(x.wrapping_neg()),
                (UnOp::Neg, Cv::U64(x)) => Cv::U64(x.wrapping_neg()),
                (UnOp::Not, Cv::B(b)) => Cv::B(!b),
                (UnOp::BitNot, Cv::I(x)) => Cv::I(!x),
                (UnOp::BitNot, Cv::U(x)) => Cv::U(!x),
                (UnOp::BitNot, Cv::I64(x)) => Cv::I64(!x),
                (UnOp::BitNot, Cv::U64(x)) => Cv::U64(!x),
                _ => return None,
            })
        })
        .collect()
}

/// Folds a component-wise binary operator; a one-component operand is
/// broadcast. `s` is the operands' common scalar kind.
pub(crate) fn binary(op: BinOp, a: &[Cv], b: &[Cv], s: Scalar) -> Option<Vec<Cv>> {
    let n = a.len().max(b.len());
    if (a.len() != n && a.len() != 1) || (b.len() != n && b.len() != 1) {
        return None;
    }
    let shift = matches!(op, BinOp::Shl | BinOp::Shr);
    (0..n)
        .map(|i| {
            let x = a[if a.len() == 1 { 0 } else { i }];
            let y = b[if b.len() == 1 { 0 } else { i }];
            if shift {
                let amount = y.as_i64()?;
                if !(0..64).contains(&amount) {
                    return None;
                }
                let k = amount as u32;
                return Some(match x {
                    Cv::I(v) if op == BinOp::Shl => Cv::I(v.checked_shl(k)?),
                    Cv::I(v) => Cv::I(v.checked_shr(k)?),
                    Cv::U(v) if op == BinOp::Shl => Cv::U(v.checked_shl(k)?),
                    Cv::U(v) => Cv::U(v.checked_shr(k)?),
                    Cv::I64(v) if op == BinOp::Shl => Cv::I64(v.checked_shl(k)?),
                    Cv::I64(v) => Cv::I64(v.checked_shr(k)?),
                    Cv::U64(v) if op == BinOp::Shl => Cv::U64(v.checked_shl(k)?),
                    Cv::U64(v) => Cv::U64(v.checked_shr(k)?),
                    _ => return None,
                });
            }
            scalar_op(op, x.convert(s), y.convert(s))
        })
        .collect()
}

fn scalar_op(op: BinOp, x: Cv, y: Cv) -> Option<Cv> {
    use BinOp::*;
    macro_rules! int_ops {
        ($v:ident, $a:expr, $b:expr) => {
            match op {
                Add => Cv::$v($a.wrapping_add($b)),
                Sub => Cv::$v($a.wrapping_sub($b)),
                Mul => Cv::$v($a.wrapping_mul($b)),
                Div => Cv::$v($a.checked_div($b)?),
                Mod => Cv::$v($a.checked_rem($b)?),
                BitAnd => Cv::$v($a & $b),
                BitOr => Cv::$v($a | $b),
                BitXor => Cv::$v($a ^ $b),
                Lt => Cv::B($a < $b),
                Gt => Cv::B($a > $b),
                Le => Cv::B($a <= $b),
                Ge => Cv::B($a >= $b),
                Eq => Cv::B($a == $b),
                Ne => Cv::B($a != $b),
                _ => return None,
            }
        };
    }
    macro_rules! float_ops {
        ($v:ident, $a:expr, $b:expr) => {
            match op {
                Add => Cv::$v($a + $b),
                Sub => Cv::$v($a - $b),
                Mul => Cv::$v($a * $b),
                Div => Cv::$v($a / $b),
                Lt => Cv::B($a < $b),
                Gt => Cv::B($a > $b),
                Le => Cv::B($a <= $b),
                Ge => Cv::B($a >= $b),
                Eq => Cv::B($a == $b),
                Ne => Cv::B($a != $b),
                _ => return None,
            }
        };
    }
    Some(match (x, y) {
        (Cv::I(a), Cv::I(b)) => int_ops!(I, a, b),
        (Cv::U(a), Cv::U(b)) => int_ops!(U, a, b),
        (Cv::I64(a), Cv::I64(b)) => int_ops!(I64, a, b),
        (Cv::U64(a), Cv::U64(b)) => int_ops!(U64, a, b),
        (Cv::F(a), Cv::F(b)) => float_ops!(F, a, b),
        (Cv::D(a), Cv::D(b)) => float_ops!(D, a, b),
        (Cv::B(a), Cv::B(b)) => match op {
            LogicalAnd => Cv::B(a && b),
            LogicalOr => Cv::B(a || b),
            LogicalXor => Cv::B(a != b),
            Eq => Cv::B(a == b),
            Ne => Cv::B(a != b),
            _ => return None,
        },
        _ => return None,
    })
}

/// `==` / `!=` over whole values.
pub(crate) fn equal(a: &[Cv], b: &[Cv], s: Option<Scalar>) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| match s {
            Some(s) => x.convert(s) == y.convert(s),
            None => x == y,
        })
}

/// Folds a call of the built-in function `name` whose arguments are all
/// known: `args` are their components, already converted to the
/// parameters' scalar kind, one component standing for all. Only the
/// component-wise functions of GLSL 4.60 §8.1–8.3 over scalars and vectors
/// of `ret`'s kind are folded (as Mesa's `ir_constant_expression.cpp` does
/// for these); anything else stays `Unknown`. Floats are computed in
/// double precision and rounded once.
pub(crate) fn builtin(name: &str, args: &[Vec<Cv>], s: Scalar, n: usize) -> Option<Vec<Cv>> {
    if args.iter().any(|a| a.len() != n && a.len() != 1) {
        return None;
    }
    let arg = |j: usize, i: usize| -> Cv { args[j][if args[j].len() == 1 { 0 } else { i }] };
    (0..n)
        .map(|i| {
            let xs: Vec<Cv> = (0..args.len()).map(|j| arg(j, i)).collect();
            match s {
                Scalar::Float | Scalar::Double => {
                    let fs: Vec<f64> = xs.iter().map(|x| x.as_f64()).collect();
                    let r = float_builtin(name, &fs)?;
                    Some(if s == Scalar::Float {
                        Cv::F(r as f32)
                    } else {
                        Cv::D(r)
                    })
                }
                Scalar::Int | Scalar::Uint => {
                    let is: Vec<i64> = xs.iter().map(|x| x.as_i64()).collect::<Option<_>>()?;
                    let r = int_builtin(name, &is, s == Scalar::Int)?;
                    Some(if s == Scalar::Int {
                        Cv::I(r as i32)
                    } else {
                        Cv::U(r as u32)
                    })
                }
                _ => None,
            }
        })
        .collect()
}

fn float_builtin(name: &str, x: &[f64]) -> Option<f64> {
    Some(match (name, x) {
        ("radians", [a]) => a.to_radians(),
        ("degrees", [a]) => a.to_degrees(),
        ("sin", [a]) => a.sin(),
        ("cos", [a]) => a.cos(),
        ("tan", [a]) => a.tan(),
        ("asin", [a]) => a.asin(),
        ("acos", [a]) => a.acos(),
        ("atan", [a]) => a.atan(),
        ("atan", [y, x]) => y.atan2(*x),
        ("sinh", [a]) => a.sinh(),
        ("cosh", [a]) => a.cosh(),
        ("tanh", [a]) => a.tanh(),
        ("asinh", [a]) => a.asinh(),
        ("acosh", [a]) => a.acosh(),
        ("atanh", [a]) => a.atanh(),
        ("exp", [a]) => a.exp(),
        ("log", [a]) => a.ln(),
        ("exp2", [a]) => a.exp2(),
        ("log2", [a]) => a.log2(),
        ("sqrt", [a]) => a.sqrt(),
        ("inversesqrt", [a]) => 1.0 / a.sqrt(),
        ("abs", [a]) => a.abs(),
        ("sign", [a]) => {
            if *a > 0.0 {
                1.0
            } else if *a < 0.0 {
                -1.0
            } else {
                0.0
            }
        }
        ("floor", [a]) => a.floor(),
        ("ceil", [a]) => a.ceil(),
        ("fract", [a]) => a - a.floor(),
        ("trunc", [a]) => a.trunc(),
        ("roundEven", [a]) => a.round_ties_even(),
        ("pow", [a, b]) => a.powf(*b),
        ("mod", [a, b]) => a - b * (a / b).floor(),
        ("min", [a, b]) => a.min(*b),
        ("max", [a, b]) => a.max(*b),
        ("step", [edge, a]) => {
            if a < edge {
                0.0
            } else {
                1.0
            }
        }
        ("clamp", [a, lo, hi]) => a.max(*lo).min(*hi),
        ("mix", [a, b, t]) => a * (1.0 - t) + b * t,
        _ => return None,
    })
}

fn int_builtin(name: &str, x: &[i64], signed: bool) -> Option<i64> {
    Some(match (name, x) {
        ("abs", [a]) if signed => (*a as i32).wrapping_abs().into(),
        ("sign", [a]) if signed => a.signum(),
        ("min", [a, b]) => *a.min(b),
        ("max", [a, b]) => *a.max(b),
        ("clamp", [a, lo, hi]) => *a.max(lo).min(hi),
        _ => return None,
    })
}
