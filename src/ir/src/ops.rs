//! ALU operations: the table of pure operations with their text names,
//! arities and typing rules. The builder infers result types with
//! [`check`], the validator checks them with it, and [`crate::eval`] defines
//! their semantics.
//!
//! Naming follows NIR: an `f` prefix works on floats of any width, an `i`
//! prefix on integers of any width and signedness where the bits do not care
//! (`iadd`) and signed where they do (`idiv`, `ilt`), a `u` prefix unsigned.
//! GLSL's mixed scalar/vector forms (`mix(v, w, 0.5)`, `v * 2.0`) are lowered
//! by splatting the scalar: every operand of a `same` operation has one type.

use crate::intrinsics::named_enum;
use crate::{Scalar, ValType};

/// Which scalar kinds an operand class admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// `f16`, `f32`, `f64`.
    Float,
    /// Any integer kind.
    Int,
    /// `bool`.
    Bool,
    /// Any integer kind or `bool` (bitwise ops, equality).
    IntBool,
}

impl Class {
    /// Whether `s` belongs to the class.
    pub fn admits(self, s: Scalar) -> bool {
        match self {
            Class::Float => s.is_float(),
            Class::Int => s.is_int(),
            Class::Bool => s == Scalar::Bool,
            Class::IntBool => s.is_int() || s == Scalar::Bool,
        }
    }
}

/// The typing rule of an ALU operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sig {
    /// Every operand has one type `T` of the class; the result is `T`.
    Same(Class),
    /// Every operand has one type `T` of the class; the result is `bool`
    /// with `T`'s lanes.
    Cmp(Class),
    /// Every operand has one type `T` of the class; the result is one lane
    /// of `T` (`dot`, `any`).
    Reduce(Class),
    /// One operand `T` of the class; the result is `i32` with `T`'s lanes.
    ToI32(Class),
    /// A rule of its own, documented on the operation.
    Special,
}

named_enum! {
    /// A pure ALU operation (`Op::Alu`). Semantics in [`crate::eval`]; typing
    /// in [`AluOp::sig`] and [`check`].
    pub enum AluOp {
        /// −x.
        FNeg = "fneg",
        /// |x|.
        FAbs = "fabs",
        /// −1, 0 or 1 (NaN gives 0).
        FSign = "fsign",
        /// Round toward −∞.
        Floor = "floor",
        /// Round toward +∞.
        Ceil = "ceil",
        /// x − floor(x).
        Fract = "fract",
        /// Round toward 0.
        Trunc = "trunc",
        /// Round to nearest, halves away from 0.
        Round = "round",
        /// Round to nearest, halves to even.
        RoundEven = "round_even",
        /// √x.
        Sqrt = "sqrt",
        /// 1/√x.
        Rsqrt = "rsqrt",
        /// 1/x.
        Rcp = "rcp",
        /// eˣ.
        Exp = "exp",
        /// 2ˣ.
        Exp2 = "exp2",
        /// ln x.
        Log = "log",
        /// log₂ x.
        Log2 = "log2",
        /// sin.
        Sin = "sin",
        /// cos.
        Cos = "cos",
        /// tan.
        Tan = "tan",
        /// asin.
        Asin = "asin",
        /// acos.
        Acos = "acos",
        /// atan.
        Atan = "atan",
        /// sinh.
        Sinh = "sinh",
        /// cosh.
        Cosh = "cosh",
        /// tanh.
        Tanh = "tanh",
        /// asinh.
        Asinh = "asinh",
        /// acosh.
        Acosh = "acosh",
        /// atanh.
        Atanh = "atanh",
        /// x · π/180.
        Radians = "radians",
        /// x · 180/π.
        Degrees = "degrees",
        /// clamp(x, 0, 1) (NaN gives 0).
        FSat = "fsat",
        /// x / length(x).
        Normalize = "normalize",
        /// Mantissa of frexp, in [0.5, 1) with x's sign (0, inf, NaN: x).
        FrexpMant = "frexp_mant",
        /// Exponent of frexp (`i32` lanes; 0 for 0, inf, NaN).
        FrexpExp = "frexp_exp",
        /// a + b.
        FAdd = "fadd",
        /// a − b.
        FSub = "fsub",
        /// a · b.
        FMul = "fmul",
        /// a / b.
        FDiv = "fdiv",
        /// GLSL `mod`: a − b · floor(a / b).
        FMod = "fmod",
        /// Minimum; if one operand is NaN, the other.
        FMin = "fmin",
        /// Maximum; if one operand is NaN, the other.
        FMax = "fmax",
        /// aᵇ.
        Pow = "pow",
        /// atan(a / b) in the quadrant of (b, a) (GLSL `atan(y, x)`).
        Atan2 = "atan2",
        /// GLSL `step(edge, x)`: 0 if x < edge, else 1.
        Step = "step",
        /// GLSL `reflect(I, N)`: I − 2·dot(N, I)·N.
        Reflect = "reflect",
        /// a · b + c, rounded once.
        Fma = "fma",
        /// min(max(x, lo), hi).
        FClamp = "fclamp",
        /// GLSL `mix(x, y, a)`: x · (1 − a) + y · a.
        Mix = "mix",
        /// GLSL `smoothstep(e0, e1, x)`.
        Smoothstep = "smoothstep",
        /// GLSL `faceforward(N, I, Nref)`: N if dot(Nref, I) < 0, else −N.
        FaceForward = "faceforward",
        /// Cross product of two `f32x3`/`f64x3`.
        Cross = "cross",
        /// GLSL `refract(I, N, eta)`; `eta` is one lane of I's type.
        Refract = "refract",
        /// x · 2ᵉ; e is `i32`/`u32` with x's lanes.
        Ldexp = "ldexp",
        /// Two's complement negation.
        INeg = "ineg",
        /// Signed absolute value (INT_MIN stays INT_MIN).
        IAbs = "iabs",
        /// Signed sign: −1, 0, 1.
        ISign = "isign",
        /// Reverse the bits.
        BitReverse = "bit_reverse",
        /// Bitwise not (logical not for bool).
        Not = "not",
        /// Wrapping add.
        IAdd = "iadd",
        /// Wrapping subtract.
        ISub = "isub",
        /// Wrapping multiply (low bits).
        IMul = "imul",
        /// Signed divide, rounding toward 0; x/0 = 0, MIN/−1 = MIN.
        IDiv = "idiv",
        /// Unsigned divide; x/0 = 0.
        UDiv = "udiv",
        /// Signed remainder with the dividend's sign (C `%`); x%0 = 0.
        IMod = "imod",
        /// Unsigned remainder; x%0 = 0.
        UMod = "umod",
        /// Signed minimum.
        IMin = "imin",
        /// Signed maximum.
        IMax = "imax",
        /// Unsigned minimum.
        UMin = "umin",
        /// Unsigned maximum.
        UMax = "umax",
        /// Bitwise (logical for bool) and.
        And = "and",
        /// Bitwise (logical for bool) or.
        Or = "or",
        /// Bitwise (logical for bool) xor.
        Xor = "xor",
        /// Shift left; amount (any int kind, same lanes) taken mod the width.
        Shl = "shl",
        /// Logical shift right; amount mod the width.
        UShr = "ushr",
        /// Arithmetic shift right; amount mod the width.
        IShr = "ishr",
        /// Signed clamp.
        IClamp = "iclamp",
        /// Unsigned clamp.
        UClamp = "uclamp",
        /// Signed bitfield extract (base, offset, bits); offset and bits are
        /// int scalars; out-of-range fields give 0.
        IBfe = "ibfe",
        /// Unsigned bitfield extract (base, offset, bits).
        UBfe = "ubfe",
        /// Bitfield insert (base, insert, offset, bits).
        Bfi = "bfi",
        /// Number of set bits (`i32` lanes).
        BitCount = "bit_count",
        /// Index of the lowest set bit, −1 for 0 (`i32` lanes).
        FindLsb = "find_lsb",
        /// Index of the highest bit differing from the sign bit, −1 for 0
        /// and −1 (`i32` lanes).
        IFindMsb = "ifind_msb",
        /// Index of the highest set bit, −1 for 0 (`i32` lanes).
        UFindMsb = "ufind_msb",
        /// Ordered equal (false if either is NaN).
        FEq = "feq",
        /// Unordered not-equal (true if either is NaN).
        FNe = "fne",
        /// Ordered less-than.
        FLt = "flt",
        /// Ordered greater-or-equal.
        FGe = "fge",
        /// Is NaN.
        IsNan = "isnan",
        /// Is ±infinity.
        IsInf = "isinf",
        /// Bitwise equal (ints and bools).
        IEq = "ieq",
        /// Bitwise not-equal (ints and bools).
        INe = "ine",
        /// Signed less-than.
        ILt = "ilt",
        /// Signed greater-or-equal.
        IGe = "ige",
        /// Unsigned less-than.
        ULt = "ult",
        /// Unsigned greater-or-equal.
        UGe = "uge",
        /// Dot product.
        Dot = "dot",
        /// Euclidean length.
        Length = "length",
        /// length(a − b).
        Distance = "distance",
        /// Any lane true.
        Any = "any",
        /// All lanes true.
        All = "all",
        /// `select(c, a, b)`: a where c, else b. `c` is `bool` with a's lanes
        /// or a scalar `bool` for all lanes.
        Select = "select",
        /// Numeric conversion to the result kind, same lanes: float→int
        /// truncates and saturates (NaN → 0), int→float rounds to nearest
        /// even, to bool is `!= 0`, from bool gives 0 or 1.
        Convert = "convert",
        /// Reinterpret the bits as the result kind (same lanes and width, no
        /// bool).
        Bitcast = "bitcast",
        /// Dynamic lane extract `v[i]`; i is an int scalar, out of range → 0.
        VExtract = "vextract",
        /// Dynamic lane insert (v, s, i): `v` with lane `i` set to the scalar
        /// `s`; i is an int scalar, out of range → `v` unchanged.
        VInsert = "vinsert",
        /// `packUnorm4x8`: f32x4 → u32.
        PackUnorm4x8 = "pack_unorm4x8",
        /// `packSnorm4x8`: f32x4 → u32.
        PackSnorm4x8 = "pack_snorm4x8",
        /// `packUnorm2x16`: f32x2 → u32.
        PackUnorm2x16 = "pack_unorm2x16",
        /// `packSnorm2x16`: f32x2 → u32.
        PackSnorm2x16 = "pack_snorm2x16",
        /// `packHalf2x16`: f32x2 → u32 (round to nearest even).
        PackHalf2x16 = "pack_half2x16",
        /// `unpackUnorm4x8`: u32 → f32x4.
        UnpackUnorm4x8 = "unpack_unorm4x8",
        /// `unpackSnorm4x8`: u32 → f32x4.
        UnpackSnorm4x8 = "unpack_snorm4x8",
        /// `unpackUnorm2x16`: u32 → f32x2.
        UnpackUnorm2x16 = "unpack_unorm2x16",
        /// `unpackSnorm2x16`: u32 → f32x2.
        UnpackSnorm2x16 = "unpack_snorm2x16",
        /// `unpackHalf2x16`: u32 → f32x2.
        UnpackHalf2x16 = "unpack_half2x16",
        /// `packDouble2x32`: u32x2 → f64.
        PackDouble2x32 = "pack_double2x32",
        /// `unpackDouble2x32`: f64 → u32x2.
        UnpackDouble2x32 = "unpack_double2x32",
    }
}

impl AluOp {
    /// Number of operands.
    pub fn arity(self) -> usize {
        use AluOp::*;
        match self {
            FAdd | FSub | FMul | FDiv | FMod | FMin | FMax | Pow | Atan2 | Step | Reflect
            | Cross | Ldexp | IAdd | ISub | IMul | IDiv | UDiv | IMod | UMod | IMin | IMax
            | UMin | UMax | And | Or | Xor | Shl | UShr | IShr | FEq | FNe | FLt | FGe | IEq
            | INe | ILt | IGe | ULt | UGe | Dot | Distance | VExtract => 2,
            Fma | FClamp | Mix | Smoothstep | FaceForward | Refract | IClamp | UClamp | IBfe
            | UBfe | Select | VInsert => 3,
            Bfi => 4,
            _ => 1,
        }
    }

    /// The typing rule.
    pub fn sig(self) -> Sig {
        use AluOp::*;
        use Class::*;
        match self {
            FNeg | FAbs | FSign | Floor | Ceil | Fract | Trunc | Round | RoundEven | Sqrt
            | Rsqrt | Rcp | Exp | Exp2 | Log | Log2 | Sin | Cos | Tan | Asin | Acos | Atan
            | Sinh | Cosh | Tanh | Asinh | Acosh | Atanh | Radians | Degrees | FSat | Normalize
            | FrexpMant | FAdd | FSub | FMul | FDiv | FMod | FMin | FMax | Pow | Atan2 | Step
            | Reflect | Fma | FClamp | Mix | Smoothstep | FaceForward => Sig::Same(Float),
            INeg | IAbs | ISign | BitReverse | IAdd | ISub | IMul | IDiv | UDiv | IMod | UMod
            | IMin | IMax | UMin | UMax | IClamp | UClamp => Sig::Same(Int),
            Not | And | Or | Xor => Sig::Same(IntBool),
            FrexpExp => Sig::ToI32(Float),
            BitCount | FindLsb | IFindMsb | UFindMsb => Sig::ToI32(Int),
            FEq | FNe | FLt | FGe | IsNan | IsInf => Sig::Cmp(Float),
            IEq | INe => Sig::Cmp(IntBool),
            ILt | IGe | ULt | UGe => Sig::Cmp(Int),
            Dot | Length | Distance => Sig::Reduce(Float),
            Any | All => Sig::Reduce(Bool),
            _ => Sig::Special,
        }
    }

    /// Whether `op(a, b) == op(b, a)` (used by CSE and the algebraic rules).
    pub fn is_commutative(self) -> bool {
        use AluOp::*;
        matches!(
            self,
            FAdd | FMul
                | FMin
                | FMax
                | IAdd
                | IMul
                | IMin
                | IMax
                | UMin
                | UMax
                | And
                | Or
                | Xor
                | FEq
                | FNe
                | IEq
                | INe
                | Dot
                | Distance
        )
    }
}

fn need(ok: bool, msg: impl FnOnce() -> String) -> Result<(), String> {
    if ok { Ok(()) } else { Err(msg()) }
}

/// Computes the result type of `op` applied to operands of types `args`.
///
/// `declared` is the instruction's result type: required for `convert` and
/// `bitcast` (it picks the target kind), and when given for other
/// operations it must equal the computed type. Errors say what is wrong.
pub fn check(op: AluOp, args: &[ValType], declared: Option<ValType>) -> Result<ValType, String> {
    use AluOp::*;
    let name = op.name();
    need(args.len() == op.arity(), || {
        format!("{name} takes {} operands, got {}", op.arity(), args.len())
    })?;
    let same = |class: Class| -> Result<ValType, String> {
        let t = args[0];
        need(class.admits(t.scalar), || {
            format!("{name}: operand type {t} is not {class:?}")
        })?;
        for a in &args[1..] {
            need(*a == t, || {
                format!("{name}: operand types {t} and {a} differ")
            })?;
        }
        Ok(t)
    };
    let int_scalar = |t: ValType, what: &str| {
        need(t.scalar.is_int() && t.lanes == 1, || {
            format!("{name}: {what} must be an integer scalar, got {t}")
        })
    };
    let fixed = |from: ValType, to: ValType| -> Result<ValType, String> {
        need(args[0] == from, || {
            format!("{name} takes {from}, got {}", args[0])
        })?;
        Ok(to)
    };
    let result = match op.sig() {
        Sig::Same(c) => same(c)?,
        Sig::Cmp(c) => same(c)?.with_scalar(Scalar::Bool),
        Sig::Reduce(c) => same(c)?.lane(),
        Sig::ToI32(c) => same(c)?.with_scalar(Scalar::I32),
        Sig::Special => match op {
            Select => {
                let (c, a, b) = (args[0], args[1], args[2]);
                need(a == b, || {
                    format!("select: operand types {a} and {b} differ")
                })?;
                need(
                    c.scalar == Scalar::Bool && (c.lanes == 1 || c.lanes == a.lanes),
                    || {
                        format!(
                            "select: condition {c} is not bool with 1 or {} lanes",
                            a.lanes
                        )
                    },
                )?;
                a
            }
            Convert | Bitcast => {
                let to = declared.ok_or_else(|| format!("{name} needs a result type"))?;
                let from = args[0];
                need(to.lanes == from.lanes, || {
                    format!("{name}: {from} and {to} have different lanes")
                })?;
                if op == Bitcast {
                    need(
                        from.scalar != Scalar::Bool
                            && to.scalar != Scalar::Bool
                            && from.scalar.bits() == to.scalar.bits(),
                        || format!("bitcast: {from} and {to} differ in width or are bool"),
                    )?;
                }
                to
            }
            Cross => {
                let t = same(Class::Float)?;
                need(t.lanes == 3, || format!("cross takes 3 lanes, got {t}"))?;
                t
            }
            Refract => {
                let t = args[0];
                need(
                    t.scalar.is_float() && args[1] == t && args[2] == t.lane(),
                    || format!("refract: operands {}, {}, {}", args[0], args[1], args[2]),
                )?;
                t
            }
            Ldexp | Shl | UShr | IShr => {
                let (a, b) = (args[0], args[1]);
                let ok = if op == Ldexp {
                    a.scalar.is_float()
                } else {
                    a.scalar.is_int()
                };
                need(ok && b.scalar.is_int() && b.lanes == a.lanes, || {
                    format!("{name}: operand types {a} and {b}")
                })?;
                a
            }
            IBfe | UBfe | Bfi => {
                let t = args[0];
                need(t.scalar.is_int(), || {
                    format!("{name}: base {t} is not an integer")
                })?;
                let rest = if op == Bfi {
                    need(args[1] == t, || {
                        format!("bfi: insert {} is not {t}", args[1])
                    })?;
                    &args[2..]
                } else {
                    &args[1..]
                };
                for a in rest {
                    int_scalar(*a, "offset and bits")?;
                }
                t
            }
            VExtract => {
                int_scalar(args[1], "the index")?;
                args[0].lane()
            }
            VInsert => {
                need(args[1] == args[0].lane(), || {
                    format!("vinsert: {} is not a lane of {}", args[1], args[0])
                })?;
                int_scalar(args[2], "the index")?;
                args[0]
            }
            PackUnorm4x8 | PackSnorm4x8 => fixed(ValType::F32X4, ValType::U32)?,
            PackUnorm2x16 | PackSnorm2x16 | PackHalf2x16 => fixed(ValType::F32X2, ValType::U32)?,
            UnpackUnorm4x8 | UnpackSnorm4x8 => fixed(ValType::U32, ValType::F32X4)?,
            UnpackUnorm2x16 | UnpackSnorm2x16 | UnpackHalf2x16 => {
                fixed(ValType::U32, ValType::F32X2)?
            }
            PackDouble2x32 => fixed(ValType::U32X2, ValType::F64)?,
            UnpackDouble2x32 => fixed(ValType::F64, ValType::U32X2)?,
            _ => unreachable!("{name} has a generic signature"),
        },
    };
    if let Some(d) = declared {
        need(d == result, || {
            format!("{name}: result type {d}, expected {result}")
        })?;
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_arities() {
        for op in AluOp::ALL {
            assert_eq!(AluOp::from_name(op.name()), Some(*op));
            assert!((1..=4).contains(&op.arity()));
        }
    }

    #[test]
    fn typing_rules() {
        use ValType as T;
        assert_eq!(
            check(AluOp::FAdd, &[T::F32X4, T::F32X4], None),
            Ok(T::F32X4)
        );
        assert!(check(AluOp::FAdd, &[T::F32X4, T::F32], None).is_err());
        assert!(check(AluOp::FAdd, &[T::I32, T::I32], None).is_err());
        assert_eq!(
            check(AluOp::FLt, &[T::F32X3, T::F32X3], None),
            Ok(T::BOOLX3)
        );
        assert_eq!(check(AluOp::Dot, &[T::F32X3, T::F32X3], None), Ok(T::F32));
        assert_eq!(check(AluOp::And, &[T::BOOL, T::BOOL], None), Ok(T::BOOL));
        assert_eq!(
            check(AluOp::Select, &[T::BOOL, T::F32X2, T::F32X2], None),
            Ok(T::F32X2)
        );
        assert!(check(AluOp::Convert, &[T::F32], None).is_err());
        assert_eq!(
            check(AluOp::Convert, &[T::F32X2], Some(T::I32X2)),
            Ok(T::I32X2)
        );
        assert!(check(AluOp::Bitcast, &[T::F32], Some(T::F64)).is_err());
        assert_eq!(check(AluOp::BitCount, &[T::U32X2], None), Ok(T::I32X2));
        assert!(check(AluOp::FMul, &[T::F32, T::F32], Some(T::F64)).is_err());
        assert_eq!(check(AluOp::Shl, &[T::I32X2, T::U32X2], None), Ok(T::I32X2));
    }
}
