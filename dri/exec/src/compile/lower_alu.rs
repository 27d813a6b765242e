//! ALU lowering: IR ALU operations to wide lane-wise [`Op`]s, with the
//! vector-wide built-ins (`dot`, `normalize`, `reflect`, `refract`,
//! `faceforward`, `cross`, ...) expanded in `oxgl_ir::eval`'s exact order of
//! operations so that results stay bit-identical.

use super::{Compiler, Lanes, err, supported, words};
use crate::CompileError;
use crate::code::*;
use oxgl_ir::{AluOp, Scalar, ValType};

impl Compiler<'_> {
    fn dot(&mut self, x: &Lanes, y: &Lanes) -> Result<u32, CompileError> {
        let mut acc = self.bin(Bin::FMul, x.r[0], y.r[0])?;
        for i in 1..x.n as usize {
            acc = self.tern(Tern::MulAdd, x.r[i], y.r[i], acc)?;
        }
        Ok(acc)
    }

    pub(super) fn alu(
        &mut self,
        op: AluOp,
        a: &[(ValType, Lanes)],
        ty: ValType,
    ) -> Result<Lanes, CompileError> {
        use AluOp::*;
        if a.is_empty() || a.len() != op.arity() {
            return err(format!("{} with {} operands", op.name(), a.len()));
        }
        for (t, _) in a {
            supported(*t)?;
        }
        if ty.scalar.bits() == 64 || a.iter().any(|(t, _)| t.scalar.bits() == 64) {
            return self.alu_wide(op, a, ty);
        }
        let s = a[0].0.scalar;
        let n = ty.n();
        let x = a[0].1;
        let mut out = Vec::with_capacity(n);
        if let Some(f) = un_op(op, s, ty.scalar) {
            return self.un_n(f, &x, n);
        }
        if let Some(f) = bin_op(op, a.get(1).map(|t| t.0.scalar)) {
            return self.bin_n(f, &x, &a[1].1, n);
        }
        if let Some(f) = tern_op(op) {
            return self.tern_n(f, &x, &a[1].1, &a[2].1, n);
        }
        let signed = |k: usize| a[k].0.scalar.is_signed() as u8;
        match op {
            Convert | Bitcast => return Ok(x),
            Not => {
                let f = if s == Scalar::Bool {
                    Un::NotBool
                } else {
                    Un::NotInt
                };
                return self.un_n(f, &x, n);
            }
            IBfe | UBfe => {
                let flags = (op == IBfe) as u8 | signed(1) << 1 | signed(2) << 2;
                for i in 0..n {
                    let d = self.vreg();
                    self.push(Op::Bfe {
                        d,
                        base: x.get(i),
                        off: a[1].1.r[0],
                        bits: a[2].1.r[0],
                        flags,
                    })?;
                    out.push(d);
                }
            }
            Bfi => {
                let flags = signed(2) << 1 | signed(3) << 2;
                for i in 0..n {
                    let d = self.vreg();
                    self.push(Op::Bfi {
                        d,
                        base: x.get(i),
                        ins: a[1].1.get(i),
                        off: a[2].1.r[0],
                        bits: a[3].1.r[0],
                        flags,
                    })?;
                    out.push(d);
                }
            }
            Dot => out.push(self.dot(&x, &a[1].1)?),
            Length => {
                let d = self.dot(&x, &x)?;
                out.push(self.un(Un::Sqrt, d)?);
            }
            Distance => {
                let mut diff = Vec::new();
                for i in 0..x.n as usize {
                    diff.push(self.bin(Bin::FSub, x.r[i], a[1].1.r[i])?);
                }
                let diff = Lanes::from(&diff);
                let d = self.dot(&diff, &diff)?;
                out.push(self.un(Un::Sqrt, d)?);
            }
            Normalize => {
                let d = self.dot(&x, &x)?;
                let len = self.un(Un::Sqrt, d)?;
                return self.bin_n(Bin::FDiv, &x, &Lanes::from(&[len]), n);
            }
            Reflect => {
                let nn = a[1].1;
                let d = self.dot(&nn, &x)?;
                let two = self.fconst(2.0);
                let t = self.bin(Bin::FMul, two, d)?;
                for i in 0..n {
                    let u = self.bin(Bin::FMul, t, nn.r[i])?;
                    out.push(self.bin(Bin::FSub, x.r[i], u)?);
                }
            }
            FaceForward => {
                let d = self.dot(&a[2].1, &a[1].1)?;
                let zero = self.fconst(0.0);
                let c = self.bin(Bin::FLt, d, zero)?;
                for i in 0..n {
                    let neg = self.un(Un::FNeg, x.r[i])?;
                    out.push(self.tern(Tern::Select, c, x.r[i], neg)?);
                }
            }
            Refract => {
                let (nn, eta) = (a[1].1, a[2].1.r[0]);
                let d = self.dot(&nn, &x)?;
                let one = self.fconst(1.0);
                let zero = self.fconst(0.0);
                let dd = self.bin(Bin::FMul, d, d)?;
                let omd = self.bin(Bin::FSub, one, dd)?;
                let ee = self.bin(Bin::FMul, eta, eta)?;
                let e2 = self.bin(Bin::FMul, ee, omd)?;
                let k = self.bin(Bin::FSub, one, e2)?;
                let neg = self.bin(Bin::FLt, k, zero)?;
                let sk = self.un(Un::Sqrt, k)?;
                let fct = self.tern(Tern::MulAdd, eta, d, sk)?;
                for j in 0..n {
                    let e = self.bin(Bin::FMul, eta, x.r[j])?;
                    let g = self.bin(Bin::FMul, fct, nn.r[j])?;
                    let r = self.bin(Bin::FSub, e, g)?;
                    out.push(self.tern(Tern::Select, neg, zero, r)?);
                }
            }
            Cross => {
                let y = a[1].1;
                for (i, j) in [(1, 2), (2, 0), (0, 1)] {
                    let p = self.bin(Bin::FMul, x.r[i], y.r[j])?;
                    let q = self.bin(Bin::FMul, y.r[i], x.r[j])?;
                    out.push(self.bin(Bin::FSub, p, q)?);
                }
            }
            Any | All => {
                let f = if op == Any { Bin::Or } else { Bin::And };
                let mut acc = x.r[0];
                for i in 1..x.n as usize {
                    acc = self.bin(f, acc, x.r[i])?;
                }
                out.push(acc);
            }
            VExtract => {
                let d = self.vreg();
                self.push(Op::VExtract {
                    d,
                    v: x.r4(),
                    n: x.n,
                    idx: a[1].1.r[0],
                })?;
                out.push(d);
            }
            VInsert => {
                for k in 0..n {
                    let d = self.vreg();
                    self.push(Op::SelIdx {
                        d,
                        idx: a[2].1.r[0],
                        k: k as u32,
                        s: a[1].1.r[0],
                        v: x.r[k],
                    })?;
                    out.push(d);
                }
            }
            PackUnorm4x8 | PackSnorm4x8 | PackUnorm2x16 | PackSnorm2x16 | PackHalf2x16 => {
                let d = self.vreg();
                self.push(Op::Pack {
                    f: pack_kind(op),
                    d,
                    a: x.r4(),
                })?;
                out.push(d);
            }
            UnpackUnorm4x8 | UnpackSnorm4x8 | UnpackUnorm2x16 | UnpackSnorm2x16
            | UnpackHalf2x16 => {
                for k in 0..n {
                    let d = self.vreg();
                    self.push(Op::Unpack {
                        f: pack_kind(op),
                        k: k as u8,
                        d,
                        a: x.r[0],
                    })?;
                    out.push(d);
                }
            }
            _ => return err(format!("ALU operation {} is not supported", op.name())),
        }
        Ok(Lanes::from(&out))
    }
}

/// Registers of one 64-bit component (low word, high word), or of one
/// 32-bit one (and [`NONE`]).
type Pair = [u32; 2];

impl Compiler<'_> {
    /// Component `i` of operand `(t, x)` (a scalar operand broadcasts).
    fn pair(t: ValType, x: &Lanes, i: usize) -> Pair {
        let c = if t.lanes == 1 { 0 } else { i };
        if t.scalar.bits() == 64 {
            [x.r[2 * c], x.r[2 * c + 1]]
        } else {
            [x.r[c], NONE]
        }
    }

    /// One [`Op::Wide`] of operands `args` (kind, registers) to a result of
    /// kind `to`.
    fn wide(
        &mut self,
        op: AluOp,
        to: Scalar,
        args: &[(Scalar, Pair)],
    ) -> Result<Pair, CompileError> {
        let d = if to.bits() == 64 {
            [self.vreg(), self.vreg()]
        } else {
            [self.vreg(), NONE]
        };
        let mut from = [Scalar::F64; 3];
        let mut a = [[NONE; 2]; 3];
        for (k, (s, p)) in args.iter().enumerate().take(3) {
            from[k] = *s;
            a[k] = *p;
        }
        self.push(Op::Wide { op, to, from, d, a })?;
        Ok(d)
    }

    /// A double-precision binary operation.
    fn d2(&mut self, op: AluOp, x: Pair, y: Pair) -> Result<Pair, CompileError> {
        self.wide(op, Scalar::F64, &[(Scalar::F64, x), (Scalar::F64, y)])
    }

    fn dconst(&mut self, x: f64) -> Pair {
        let b = x.to_bits();
        [self.konst(b as u32), self.konst((b >> 32) as u32)]
    }

    /// `dot` in `oxgl_ir::eval`'s order: x₀y₀ + x₁y₁ + ..., each product
    /// and sum rounded.
    fn ddot(&mut self, x: &[Pair], y: &[Pair]) -> Result<Pair, CompileError> {
        let mut acc = self.d2(AluOp::FMul, x[0], y[0])?;
        for i in 1..x.len() {
            let p = self.d2(AluOp::FMul, x[i], y[i])?;
            acc = self.d2(AluOp::FAdd, acc, p)?;
        }
        Ok(acc)
    }

    /// `c ? x : y` for a 64-bit component: each word selected.
    fn dsel(&mut self, c: u32, x: Pair, y: Pair) -> Result<Pair, CompileError> {
        Ok([
            self.tern(Tern::Select, c, x[0], y[0])?,
            self.tern(Tern::Select, c, x[1], y[1])?,
        ])
    }

    /// ALU operations with a 64-bit operand or result: lane-wise ones as
    /// one [`Op::Wide`] per component, the vector-wide ones expanded as
    /// `oxgl_ir::eval` computes them, moves of words as they are.
    fn alu_wide(
        &mut self,
        op: AluOp,
        a: &[(ValType, Lanes)],
        ty: ValType,
    ) -> Result<Lanes, CompileError> {
        use AluOp::*;
        let (t0, x) = a[0];
        let comps = |t: ValType, v: &Lanes| -> Vec<Pair> {
            (0..t.n()).map(|i| Self::pair(t, v, i)).collect()
        };
        let flat = |ps: &[Pair]| -> Lanes {
            let rs: Vec<u32> = ps
                .iter()
                .flat_map(|p| p.iter().copied().filter(|r| *r != NONE))
                .collect();
            Lanes::from(&rs)
        };
        let out: Vec<Pair> = match op {
            // The words are the same: a double is its low word, then its
            // high word.
            PackDouble2x32 | UnpackDouble2x32 | Bitcast => return Ok(x),
            Convert if t0.scalar == ty.scalar => return Ok(x),
            Select => {
                let c = a[0].1;
                let (y, z) = (a[1], a[2]);
                let mut out = Vec::new();
                for i in 0..ty.n() {
                    let ci = c.get(i);
                    out.push(self.dsel(ci, Self::pair(y.0, &y.1, i), Self::pair(z.0, &z.1, i))?);
                }
                out
            }
            VExtract => {
                let idx = a[1].1.r[0];
                let mut half = [0u32; 2];
                for (w, h) in half.iter_mut().enumerate() {
                    let v: Vec<u32> = (0..t0.n()).map(|i| x.r[2 * i + w]).collect();
                    let v = Lanes::from(&v);
                    *h = self.vreg();
                    self.push(Op::VExtract {
                        d: *h,
                        v: v.r4(),
                        n: v.n,
                        idx,
                    })?;
                }
                vec![half]
            }
            VInsert => {
                let (s, idx) = (a[1].1, a[2].1.r[0]);
                let mut out = Vec::new();
                for k in 0..ty.n() {
                    let mut p = [0u32; 2];
                    for (w, d) in p.iter_mut().enumerate() {
                        *d = self.vreg();
                        self.push(Op::SelIdx {
                            d: *d,
                            idx,
                            k: k as u32,
                            s: s.r[w],
                            v: x.r[2 * k + w],
                        })?;
                    }
                    out.push(p);
                }
                out
            }
            Dot => {
                let (xs, ys) = (comps(t0, &x), comps(a[1].0, &a[1].1));
                vec![self.ddot(&xs, &ys)?]
            }
            Length => {
                let xs = comps(t0, &x);
                let d = self.ddot(&xs, &xs)?;
                vec![self.wide(Sqrt, Scalar::F64, &[(Scalar::F64, d)])?]
            }
            Distance => {
                let (xs, ys) = (comps(t0, &x), comps(a[1].0, &a[1].1));
                let mut diff = Vec::new();
                for i in 0..xs.len() {
                    diff.push(self.d2(FSub, xs[i], ys[i])?);
                }
                let d = self.ddot(&diff, &diff)?;
                vec![self.wide(Sqrt, Scalar::F64, &[(Scalar::F64, d)])?]
            }
            Normalize => {
                let xs = comps(t0, &x);
                let d = self.ddot(&xs, &xs)?;
                let len = self.wide(Sqrt, Scalar::F64, &[(Scalar::F64, d)])?;
                let mut out = Vec::new();
                for c in xs {
                    out.push(self.d2(FDiv, c, len)?);
                }
                out
            }
            Reflect => {
                let (xs, ns) = (comps(t0, &x), comps(a[1].0, &a[1].1));
                let d = self.ddot(&ns, &xs)?;
                let two = self.dconst(2.0);
                let t = self.d2(FMul, two, d)?;
                let mut out = Vec::new();
                for i in 0..xs.len() {
                    let u = self.d2(FMul, t, ns[i])?;
                    out.push(self.d2(FSub, xs[i], u)?);
                }
                out
            }
            FaceForward => {
                let xs = comps(t0, &x);
                let (is, rs) = (comps(a[1].0, &a[1].1), comps(a[2].0, &a[2].1));
                let d = self.ddot(&rs, &is)?;
                let zero = self.dconst(0.0);
                let c = self.wide(FLt, Scalar::Bool, &[(Scalar::F64, d), (Scalar::F64, zero)])?[0];
                let mut out = Vec::new();
                for xi in xs {
                    let neg = self.wide(FNeg, Scalar::F64, &[(Scalar::F64, xi)])?;
                    out.push(self.dsel(c, xi, neg)?);
                }
                out
            }
            Refract => {
                let (is, ns) = (comps(t0, &x), comps(a[1].0, &a[1].1));
                let eta = Self::pair(a[2].0, &a[2].1, 0);
                let d = self.ddot(&ns, &is)?;
                let one = self.dconst(1.0);
                let zero = self.dconst(0.0);
                let dd = self.d2(FMul, d, d)?;
                let omd = self.d2(FSub, one, dd)?;
                let ee = self.d2(FMul, eta, eta)?;
                let e2 = self.d2(FMul, ee, omd)?;
                let k = self.d2(FSub, one, e2)?;
                let neg =
                    self.wide(FLt, Scalar::Bool, &[(Scalar::F64, k), (Scalar::F64, zero)])?[0];
                let sk = self.wide(Sqrt, Scalar::F64, &[(Scalar::F64, k)])?;
                let ed = self.d2(FMul, eta, d)?;
                let fct = self.d2(FAdd, ed, sk)?;
                let mut out = Vec::new();
                for j in 0..is.len() {
                    let e = self.d2(FMul, eta, is[j])?;
                    let g = self.d2(FMul, fct, ns[j])?;
                    let r = self.d2(FSub, e, g)?;
                    out.push(self.dsel(neg, zero, r)?);
                }
                out
            }
            Cross => {
                let (xs, ys) = (comps(t0, &x), comps(a[1].0, &a[1].1));
                let mut out = Vec::new();
                for (i, j) in [(1, 2), (2, 0), (0, 1)] {
                    let p = self.d2(FMul, xs[i], ys[j])?;
                    let q = self.d2(FMul, ys[i], xs[j])?;
                    out.push(self.d2(FSub, p, q)?);
                }
                out
            }
            _ if matches!(
                op.sig(),
                oxgl_ir::ops::Sig::Same(_)
                    | oxgl_ir::ops::Sig::Cmp(_)
                    | oxgl_ir::ops::Sig::ToI32(_)
            ) || matches!(op, Convert | Ldexp) =>
            {
                let mut out = Vec::new();
                for i in 0..ty.n() {
                    let args: Vec<(Scalar, Pair)> = a
                        .iter()
                        .map(|(t, v)| (t.scalar, Self::pair(*t, v, i)))
                        .collect();
                    out.push(self.wide(op, ty.scalar, &args)?);
                }
                out
            }
            _ => {
                return err(format!(
                    "ALU operation {} on 64-bit values is not supported",
                    op.name()
                ));
            }
        };
        let r = flat(&out);
        debug_assert_eq!(r.n as usize, words(ty));
        Ok(r)
    }
}

fn pack_kind(op: AluOp) -> Pack {
    use AluOp::*;
    match op {
        PackUnorm4x8 | UnpackUnorm4x8 => Pack::Unorm4x8,
        PackSnorm4x8 | UnpackSnorm4x8 => Pack::Snorm4x8,
        PackUnorm2x16 | UnpackUnorm2x16 => Pack::Unorm2x16,
        PackSnorm2x16 | UnpackSnorm2x16 => Pack::Snorm2x16,
        _ => Pack::Half2x16,
    }
}

/// The lane-wise unary operation for `op` from kind `from` to `to`, if it is one.
fn un_op(op: AluOp, from: Scalar, to: Scalar) -> Option<Un> {
    use AluOp::*;
    Some(match op {
        FNeg => Un::FNeg,
        FAbs => Un::FAbs,
        FSign => Un::FSign,
        Floor => Un::Floor,
        Ceil => Un::Ceil,
        Fract => Un::Fract,
        Trunc => Un::Trunc,
        Round => Un::Round,
        RoundEven => Un::RoundEven,
        Sqrt => Un::Sqrt,
        Rsqrt => Un::Rsqrt,
        Rcp => Un::Rcp,
        Exp => Un::Exp,
        Exp2 => Un::Exp2,
        Log => Un::Log,
        Log2 => Un::Log2,
        Sin => Un::Sin,
        Cos => Un::Cos,
        Tan => Un::Tan,
        Asin => Un::Asin,
        Acos => Un::Acos,
        Atan => Un::Atan,
        Sinh => Un::Sinh,
        Cosh => Un::Cosh,
        Tanh => Un::Tanh,
        Asinh => Un::Asinh,
        Acosh => Un::Acosh,
        Atanh => Un::Atanh,
        Radians => Un::Radians,
        Degrees => Un::Degrees,
        FSat => Un::FSat,
        FrexpMant => Un::FrexpMant,
        FrexpExp => Un::FrexpExp,
        IsNan => Un::IsNan,
        IsInf => Un::IsInf,
        INeg => Un::INeg,
        IAbs => Un::IAbs,
        ISign => Un::ISign,
        BitReverse => Un::BitReverse,
        BitCount => Un::BitCount,
        FindLsb => Un::FindLsb,
        IFindMsb => Un::IFindMsb,
        UFindMsb => Un::UFindMsb,
        Convert => match (from, to) {
            (a, b) if a == b => return None,
            (Scalar::F32, Scalar::I32) => Un::F2I,
            (Scalar::F32, Scalar::U32) => Un::F2U,
            (Scalar::I32, Scalar::F32) => Un::I2F,
            (Scalar::U32, Scalar::F32) => Un::U2F,
            (Scalar::F32, Scalar::Bool) => Un::F2B,
            (Scalar::I32 | Scalar::U32, Scalar::Bool) => Un::I2B,
            (Scalar::Bool, Scalar::F32) => Un::B2F,
            // bool → int is 0/1 already; i32 ↔ u32 keeps the bits.
            _ => return None,
        },
        _ => return None,
    })
}

fn bin_op(op: AluOp, second: Option<Scalar>) -> Option<Bin> {
    use AluOp::*;
    Some(match op {
        FAdd => Bin::FAdd,
        FSub => Bin::FSub,
        FMul => Bin::FMul,
        FDiv => Bin::FDiv,
        FMod => Bin::FMod,
        FMin => Bin::FMin,
        FMax => Bin::FMax,
        Pow => Bin::Pow,
        Atan2 => Bin::Atan2,
        Step => Bin::Step,
        FEq => Bin::FEq,
        FNe => Bin::FNe,
        FLt => Bin::FLt,
        FGe => Bin::FGe,
        IAdd => Bin::IAdd,
        ISub => Bin::ISub,
        IMul => Bin::IMul,
        IDiv => Bin::IDiv,
        UDiv => Bin::UDiv,
        IMod => Bin::IMod,
        UMod => Bin::UMod,
        IMin => Bin::IMin,
        IMax => Bin::IMax,
        UMin => Bin::UMin,
        UMax => Bin::UMax,
        And => Bin::And,
        Or => Bin::Or,
        Xor => Bin::Xor,
        Shl => Bin::Shl,
        UShr => Bin::UShr,
        IShr => Bin::IShr,
        IEq => Bin::IEq,
        INe => Bin::INe,
        ILt => Bin::ILt,
        IGe => Bin::IGe,
        ULt => Bin::ULt,
        UGe => Bin::UGe,
        Ldexp if second.is_some_and(|s| s.is_signed()) => Bin::LdexpI,
        Ldexp => Bin::LdexpU,
        _ => return None,
    })
}

fn tern_op(op: AluOp) -> Option<Tern> {
    use AluOp::*;
    Some(match op {
        Fma => Tern::Fma,
        FClamp => Tern::FClamp,
        Mix => Tern::Mix,
        Smoothstep => Tern::Smoothstep,
        IClamp => Tern::IClamp,
        UClamp => Tern::UClamp,
        Select => Tern::Select,
        _ => return None,
    })
}
