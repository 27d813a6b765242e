//! The builder: appends instructions and control flow at a cursor, infers
//! result types, and declares interface variables on demand. It is what the
//! fixed-function generator and the GLSL lowering write IR with.
//!
//! ```
//! use oxgl_ir::{Builder, Shader, Stage, ValType};
//! let mut shader = Shader::new(Stage::Vertex);
//! let mut b = Builder::new(&mut shader);
//! let pos = b.load_input(0, ValType::F32X4);
//! let scale = b.uniform(0, ValType::F32);
//! let s4 = b.splat(scale, 4);
//! let p = b.mul(pos, s4);
//! b.store_builtin(oxgl_ir::Builtin::Position, p);
//! assert!(oxgl_ir::valid::validate(&shader).is_ok());
//! ```
//!
//! Misuse (mismatched operand types, a value without a result used as an
//! operand) is a bug in the generator, not in user input: the builder panics
//! with the typing rule's message. Front ends that must report errors check
//! types themselves before building.

use crate::ops::check;
use crate::*;

/// Appends IR at the end of a block of a function.
pub struct Builder<'a> {
    /// The shader being built.
    pub shader: &'a mut Shader,
    func: FuncId,
    block: BlockId,
}

impl<'a> Builder<'a> {
    /// A builder at the end of the entry function's body.
    pub fn new(shader: &'a mut Shader) -> Self {
        let func = shader.entry;
        Self::at_end(shader, func)
    }

    /// A builder at the end of `func`'s body.
    pub fn at_end(shader: &'a mut Shader, func: FuncId) -> Self {
        let block = shader.funcs[func].body;
        Builder {
            shader,
            func,
            block,
        }
    }

    /// Adds a function and returns its handle (build it with [`Builder::at_end`]).
    pub fn add_function(
        shader: &mut Shader,
        name: &str,
        params: Vec<ValType>,
        ret: Option<ValType>,
    ) -> FuncId {
        shader.funcs.append(Function::new(name, params, ret))
    }

    /// The function being built.
    pub fn function(&self) -> &Function {
        &self.shader.funcs[self.func]
    }

    /// The handle of the function being built.
    pub fn func_id(&self) -> FuncId {
        self.func
    }

    /// The block the cursor is in.
    pub fn block(&self) -> BlockId {
        self.block
    }

    fn f(&mut self) -> &mut Function {
        &mut self.shader.funcs[self.func]
    }

    /// The result type of `v`.
    ///
    /// # Panics
    /// If `v` has no result.
    pub fn ty(&self, v: Value) -> ValType {
        self.function().insts[v]
            .ty
            .unwrap_or_else(|| panic!("{v:?} has no result"))
    }

    /// Appends an instruction with an explicit result type.
    pub fn push(&mut self, op: Op, ty: Option<ValType>) -> Value {
        let block = self.block;
        let f = self.f();
        let v = f.insts.append(Inst { op, ty });
        f.blocks[block].nodes.push(Node::Inst(v));
        v
    }

    /// Appends a control-flow node.
    pub fn push_node(&mut self, node: Node) {
        let block = self.block;
        self.f().blocks[block].nodes.push(node);
    }

    fn new_block(&mut self) -> BlockId {
        self.f().blocks.append(Block::default())
    }

    // ---- constants -------------------------------------------------------

    /// A constant from raw lane bits.
    pub fn constant(&mut self, ty: ValType, bits: Bits) -> Value {
        self.push(Op::Const(bits), Some(ty))
    }

    /// An `f32` constant.
    pub fn f32(&mut self, x: f32) -> Value {
        self.constant(ValType::F32, [x.to_bits() as u64, 0, 0, 0])
    }

    /// An `f32` vector constant (1–4 lanes).
    pub fn f32s(&mut self, xs: &[f32]) -> Value {
        let mut bits = [0; 4];
        for (b, x) in bits.iter_mut().zip(xs) {
            *b = x.to_bits() as u64;
        }
        self.constant(ValType::vec(Scalar::F32, xs.len() as u8), bits)
    }

    /// An `i32` constant.
    pub fn i32(&mut self, x: i32) -> Value {
        self.constant(ValType::I32, [x as u32 as u64, 0, 0, 0])
    }

    /// A `u32` constant.
    pub fn u32(&mut self, x: u32) -> Value {
        self.constant(ValType::U32, [x as u64, 0, 0, 0])
    }

    /// A `bool` constant.
    pub fn bool(&mut self, x: bool) -> Value {
        self.constant(ValType::BOOL, [x as u64, 0, 0, 0])
    }

    /// A constant of `ty` with every lane equal to `x` (see
    /// [`eval::splat_bits`]).
    pub fn splat_const(&mut self, ty: ValType, x: f64) -> Value {
        self.constant(ty, eval::splat_bits(ty, x))
    }

    /// An undefined value.
    pub fn undef(&mut self, ty: ValType) -> Value {
        self.push(Op::Undef, Some(ty))
    }

    // ---- ALU ---------------------------------------------------------------

    /// An ALU operation with the result type inferred.
    ///
    /// # Panics
    /// When the operands break the operation's typing rule.
    pub fn alu(&mut self, op: AluOp, args: &[Value]) -> Value {
        let tys: Vec<ValType> = args.iter().map(|v| self.ty(*v)).collect();
        let ty = check(op, &tys, None).unwrap_or_else(|e| panic!("builder: {e}"));
        self.push(Op::Alu(op, args.to_vec()), Some(ty))
    }

    /// `convert` to another scalar kind (same lanes).
    pub fn convert(&mut self, v: Value, to: Scalar) -> Value {
        let ty = self.ty(v).with_scalar(to);
        self.push(Op::Alu(AluOp::Convert, vec![v]), Some(ty))
    }

    /// `bitcast` to another scalar kind of the same width.
    pub fn bitcast(&mut self, v: Value, to: Scalar) -> Value {
        let ty = self.ty(v).with_scalar(to);
        check(AluOp::Bitcast, &[self.ty(v)], Some(ty)).unwrap_or_else(|e| panic!("builder: {e}"));
        self.push(Op::Alu(AluOp::Bitcast, vec![v]), Some(ty))
    }

    fn by_kind(&mut self, f: AluOp, i: AluOp, u: AluOp, args: &[Value]) -> Value {
        let s = self.ty(args[0]).scalar;
        let op = if s.is_float() {
            f
        } else if s.is_signed() || s == Scalar::Bool {
            i
        } else {
            u
        };
        self.alu(op, args)
    }

    /// a + b (float or int).
    pub fn add(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FAdd, AluOp::IAdd, AluOp::IAdd, &[a, b])
    }
    /// a − b (float or int).
    pub fn sub(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FSub, AluOp::ISub, AluOp::ISub, &[a, b])
    }
    /// a · b (float or int).
    pub fn mul(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FMul, AluOp::IMul, AluOp::IMul, &[a, b])
    }
    /// a / b (float, signed or unsigned).
    pub fn div(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FDiv, AluOp::IDiv, AluOp::UDiv, &[a, b])
    }
    /// −a (float or int).
    pub fn neg(&mut self, a: Value) -> Value {
        self.by_kind(AluOp::FNeg, AluOp::INeg, AluOp::INeg, &[a])
    }
    /// min(a, b) (float, signed or unsigned).
    pub fn min(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FMin, AluOp::IMin, AluOp::UMin, &[a, b])
    }
    /// max(a, b) (float, signed or unsigned).
    pub fn max(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FMax, AluOp::IMax, AluOp::UMax, &[a, b])
    }
    /// clamp(x, lo, hi) (float, signed or unsigned).
    pub fn clamp(&mut self, x: Value, lo: Value, hi: Value) -> Value {
        self.by_kind(AluOp::FClamp, AluOp::IClamp, AluOp::UClamp, &[x, lo, hi])
    }
    /// a < b (float, signed or unsigned).
    pub fn lt(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FLt, AluOp::ILt, AluOp::ULt, &[a, b])
    }
    /// a ≥ b (float, signed or unsigned).
    pub fn ge(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FGe, AluOp::IGe, AluOp::UGe, &[a, b])
    }
    /// a > b, as b < a.
    pub fn gt(&mut self, a: Value, b: Value) -> Value {
        self.lt(b, a)
    }
    /// a ≤ b, as b ≥ a.
    pub fn le(&mut self, a: Value, b: Value) -> Value {
        self.ge(b, a)
    }
    /// a == b (float ordered; ints and bools bitwise).
    pub fn eq(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FEq, AluOp::IEq, AluOp::IEq, &[a, b])
    }
    /// a != b (float unordered; ints and bools bitwise).
    pub fn ne(&mut self, a: Value, b: Value) -> Value {
        self.by_kind(AluOp::FNe, AluOp::INe, AluOp::INe, &[a, b])
    }
    /// select(c, a, b).
    pub fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        self.alu(AluOp::Select, &[c, a, b])
    }
    /// dot(a, b).
    pub fn dot(&mut self, a: Value, b: Value) -> Value {
        self.alu(AluOp::Dot, &[a, b])
    }
    /// fma(a, b, c).
    pub fn fma(&mut self, a: Value, b: Value, c: Value) -> Value {
        self.alu(AluOp::Fma, &[a, b, c])
    }
    /// mix(x, y, a).
    pub fn mix(&mut self, x: Value, y: Value, a: Value) -> Value {
        self.alu(AluOp::Mix, &[x, y, a])
    }
    /// One-operand ALU shorthand (`b.un(AluOp::Sqrt, x)`).
    pub fn un(&mut self, op: AluOp, a: Value) -> Value {
        self.alu(op, &[a])
    }
    /// Two-operand ALU shorthand.
    pub fn bin(&mut self, op: AluOp, a: Value, b: Value) -> Value {
        self.alu(op, &[a, b])
    }

    // ---- lanes -------------------------------------------------------------

    /// Lanes of `v` by name: `"xyz"`, `"w"`, also `rgba` and `stpq`.
    ///
    /// # Panics
    /// On other letters or more than 4.
    pub fn swizzle(&mut self, v: Value, lanes: &str) -> Value {
        let mut idx = [0u8; 4];
        assert!((1..=4).contains(&lanes.len()), "bad swizzle {lanes}");
        for (i, c) in lanes.chars().enumerate() {
            idx[i] = match c {
                'x' | 'r' | 's' => 0,
                'y' | 'g' | 't' => 1,
                'z' | 'b' | 'p' => 2,
                'w' | 'a' | 'q' => 3,
                _ => panic!("bad swizzle {lanes}"),
            };
        }
        self.swizzle_idx(v, &idx[..lanes.len()])
    }

    /// Lanes of `v` by index.
    pub fn swizzle_idx(&mut self, v: Value, lanes: &[u8]) -> Value {
        let t = self.ty(v);
        assert!(lanes.iter().all(|l| *l < t.lanes), "swizzle out of range");
        let mut idx = [0u8; 4];
        idx[..lanes.len()].copy_from_slice(lanes);
        self.push(
            Op::Swizzle(v, idx),
            Some(ValType::vec(t.scalar, lanes.len() as u8)),
        )
    }

    /// Lane `i` of `v` as a scalar.
    pub fn lane(&mut self, v: Value, i: u8) -> Value {
        self.swizzle_idx(v, &[i])
    }

    /// `v` with lane `i` replaced by scalar `s`.
    pub fn insert(&mut self, v: Value, s: Value, i: u8) -> Value {
        let t = self.ty(v);
        self.push(Op::Insert(v, s, i), Some(t))
    }

    /// Concatenates scalars and vectors into a vector.
    pub fn construct(&mut self, parts: &[Value]) -> Value {
        let s = self.ty(parts[0]).scalar;
        let lanes: u8 = parts.iter().map(|p| self.ty(*p).lanes).sum();
        self.push(Op::Construct(parts.to_vec()), Some(ValType::vec(s, lanes)))
    }

    /// A vector of `n` copies of scalar `s` (`s` itself when `n == 1`).
    pub fn splat(&mut self, s: Value, n: u8) -> Value {
        if n == 1 {
            return s;
        }
        self.construct(&vec![s; n as usize])
    }

    // ---- memory ------------------------------------------------------------

    /// Declares a variable of any type (arrays and structs included), e.g.
    /// `gl_ClipDistance` as an output array of `f32`.
    pub fn var(&mut self, name: &str, ty: Type, kind: VarKind) -> VarId {
        let t = self.shader.types.intern(ty);
        self.shader.add_var(name, t, kind)
    }

    /// A function-local variable of the function being built.
    pub fn local(&mut self, name: &str, ty: ValType) -> VarId {
        let t = self.shader.types.value(ty);
        let kind = VarKind::Local(self.func);
        self.shader.add_var(name, t, kind)
    }

    /// Loads a value through `deref`; the result type is the element's.
    ///
    /// # Panics
    /// When the path does not end at a value type.
    pub fn load(&mut self, deref: Deref) -> Value {
        let var_ty = self.shader.vars[deref.var].ty;
        let ty = self
            .shader
            .deref_type(var_ty, &deref.path)
            .and_then(|t| self.shader.types.val_type(t))
            .unwrap_or_else(|| panic!("builder: {deref:?} is not a value"));
        self.push(Op::Load(deref), Some(ty))
    }

    /// Stores `v` through `deref`.
    pub fn store(&mut self, deref: Deref, v: Value) {
        self.push(Op::Store(deref, v), None);
    }

    /// Loads a whole value-typed variable.
    pub fn load_var(&mut self, var: VarId) -> Value {
        self.load(Deref::var(var))
    }

    /// Stores to a whole value-typed variable.
    pub fn store_var(&mut self, var: VarId, v: Value) {
        self.store(Deref::var(var), v)
    }

    fn find_or_add(&mut self, kind: VarKind, ty: ValType, name: String) -> VarId {
        let t = self.shader.types.value(ty);
        if let Some((h, _)) = self
            .shader
            .vars
            .iter()
            .find(|(_, v)| v.kind == kind && v.ty == t)
        {
            return h;
        }
        self.shader.add_var(&name, t, kind)
    }

    /// The input at `location` (component 0, smooth), declared on first use.
    pub fn input(&mut self, location: u32, ty: ValType) -> VarId {
        let kind = VarKind::Input {
            slot: Slot::Location {
                location,
                component: 0,
            },
            interp: InterpMode::Smooth,
            sampling: Sampling::Center,
        };
        self.find_or_add(kind, ty, format!("in{location}"))
    }

    /// Loads the input at `location`.
    pub fn load_input(&mut self, location: u32, ty: ValType) -> Value {
        let var = self.input(location, ty);
        self.load_var(var)
    }

    /// The output at `location` (component 0, index 0), declared on first use.
    pub fn output(&mut self, location: u32, ty: ValType) -> VarId {
        let kind = VarKind::Output {
            slot: Slot::Location {
                location,
                component: 0,
            },
            index: 0,
        };
        self.find_or_add(kind, ty, format!("out{location}"))
    }

    /// Stores `v` to the output at `location`.
    pub fn store_output(&mut self, location: u32, v: Value) {
        let ty = self.ty(v);
        let var = self.output(location, ty);
        self.store_var(var, v)
    }

    /// Stores `v` to a built-in output (`gl_Position`, ...).
    pub fn store_builtin(&mut self, builtin: Builtin, v: Value) {
        let ty = self.ty(v);
        let kind = VarKind::Output {
            slot: Slot::Builtin(builtin),
            index: 0,
        };
        let var = self.find_or_add(kind, ty, builtin.name().to_owned());
        self.store_var(var, v)
    }

    /// Loads the default-block uniform at byte `offset`, declared on first use.
    pub fn uniform(&mut self, offset: u32, ty: ValType) -> Value {
        let kind = VarKind::Uniform {
            offset,
            location: None,
        };
        let var = self.find_or_add(kind, ty, format!("u{offset}"));
        self.load_var(var)
    }

    /// Reads a system value.
    pub fn system(&mut self, sv: SysVal) -> Value {
        self.push(Op::System(sv), Some(sv.ty()))
    }

    /// A derivative.
    pub fn deriv(&mut self, d: Deriv, v: Value) -> Value {
        let t = self.ty(v);
        self.push(Op::Deriv(d, v), Some(t))
    }

    /// Declares a texture; returns its index for [`TexOp::texture`].
    pub fn declare_texture(&mut self, decl: TextureDecl) -> u32 {
        self.shader.textures.push(decl);
        self.shader.textures.len() as u32 - 1
    }

    /// A texture operation; the result type comes from the declaration.
    ///
    /// # Panics
    /// When the texture index is not declared.
    pub fn tex(&mut self, op: TexOp) -> Value {
        let decl = &self.shader.textures[op.texture as usize];
        let ty = op.result_type(decl);
        self.push(Op::Tex(Box::new(op)), Some(ty))
    }

    /// `texture(t, coord)`: implicit-LOD sample of texture index `t`.
    pub fn sample(&mut self, t: u32, coord: Value) -> Value {
        let mut op = TexOp::new(TexKind::Sample, t);
        op.coord = Some(coord);
        self.tex(op)
    }

    /// A barrier.
    pub fn barrier(&mut self, barrier: Barrier) {
        self.push(Op::Barrier(barrier), None);
    }

    /// Calls `func`.
    pub fn call(&mut self, func: FuncId, args: &[Value]) -> Option<Value> {
        let ret = self.shader.funcs[func].ret;
        let v = self.push(Op::Call(func, args.to_vec()), ret);
        ret.map(|_| v)
    }

    /// Parameter `n` of the function being built.
    pub fn param(&mut self, n: u32) -> Value {
        let ty = self.function().params[n as usize];
        self.push(Op::Param(n), Some(ty))
    }

    // ---- control flow ------------------------------------------------------

    /// `if cond { then } else { else_ }`; the cursor continues after it.
    pub fn if_(
        &mut self,
        cond: Value,
        then: impl FnOnce(&mut Self),
        else_: impl FnOnce(&mut Self),
    ) {
        let (t, e) = (self.new_block(), self.new_block());
        self.push_node(Node::If {
            cond,
            then: t,
            else_: e,
        });
        let saved = self.block;
        self.block = t;
        then(self);
        self.block = e;
        else_(self);
        self.block = saved;
    }

    /// `if cond { then }`.
    pub fn if_then(&mut self, cond: Value, then: impl FnOnce(&mut Self)) {
        self.if_(cond, then, |_| {})
    }

    /// A value chosen by control flow: each arm computes one, stored in a
    /// fresh local and loaded after the `if`.
    pub fn if_value(
        &mut self,
        cond: Value,
        ty: ValType,
        then: impl FnOnce(&mut Self) -> Value,
        else_: impl FnOnce(&mut Self) -> Value,
    ) -> Value {
        let var = self.local("if_value", ty);
        self.if_(
            cond,
            |b| {
                let v = then(b);
                b.store_var(var, v)
            },
            |b| {
                let v = else_(b);
                b.store_var(var, v)
            },
        );
        self.load_var(var)
    }

    /// `loop { body } continue { cont }`.
    pub fn loop_(&mut self, body: impl FnOnce(&mut Self), cont: impl FnOnce(&mut Self)) {
        let (b, c) = (self.new_block(), self.new_block());
        self.push_node(Node::Loop { body: b, cont: c });
        let saved = self.block;
        self.block = b;
        body(self);
        self.block = c;
        cont(self);
        self.block = saved;
    }

    /// `break` (must end the block).
    pub fn break_(&mut self) {
        self.push_node(Node::Break)
    }

    /// `continue` (must end the block).
    pub fn continue_(&mut self) {
        self.push_node(Node::Continue)
    }

    /// `return` (must end the block).
    pub fn return_(&mut self, v: Option<Value>) {
        self.push_node(Node::Return(v))
    }

    /// `discard` (must end the block).
    pub fn discard(&mut self) {
        self.push_node(Node::Discard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::{Host, Invocation, Operands};

    /// Texels are (0.5, 0.5, 0.5, coord.x).
    struct Half;
    impl Host for Half {
        fn texture(&mut self, _: &TextureDecl, _: &TexOp, args: &Operands) -> Bits {
            let x = args.get(&TEX_OPERANDS, "coord").map_or(0, |c| c.1[0]);
            let h = 0.5f32.to_bits() as u64;
            [h, h, h, x]
        }
        fn image(&mut self, _: &ImageDecl, _: &ImageOp, _: &Operands) -> Bits {
            [0; 4]
        }
    }

    /// The shape of a fixed-function fragment shader: texture MODULATE,
    /// alpha test, a two-sided colour picked with `if_value`.
    fn fixed_function_fragment() -> Shader {
        let mut s = Shader::new(Stage::Fragment);
        let mut b = Builder::new(&mut s);
        let t = b.declare_texture(TextureDecl {
            name: "unit0".into(),
            dim: Dim::D2,
            arrayed: false,
            multisample: false,
            shadow: false,
            kind: Scalar::F32,
            binding: 0,
        });
        let color = b.load_input(0, ValType::F32X4);
        let uv = b.load_input(1, ValType::F32X2);
        let texel = b.sample(t, uv);
        let modulated = b.mul(color, texel);
        let alpha = b.lane(modulated, 3);
        let alpha_ref = b.uniform(0, ValType::F32);
        let pass = b.ge(alpha, alpha_ref);
        let fail = b.un(AluOp::Not, pass);
        b.if_then(fail, |b| b.discard());
        let front = b.system(SysVal::FrontFacing);
        let out = b.if_value(
            front,
            ValType::F32X4,
            |_| modulated,
            |b| {
                let half = b.splat_const(ValType::F32X4, 0.5);
                b.mul(modulated, half)
            },
        );
        b.store_output(0, out);
        s
    }

    fn run(s: &Shader, front: bool, u: f32) -> Invocation {
        let mut inv = Invocation::default();
        inv.set_input_f32(0, &[1.0, 0.5, 0.25, 1.0]);
        inv.set_input_f32(1, &[u, 0.0]);
        inv.uniforms = 0.25f32.to_le_bytes().to_vec();
        inv.system
            .insert(SysVal::FrontFacing, [front as u64, 0, 0, 0]);
        crate::interp::run(s, &mut inv, &mut Half).unwrap();
        inv
    }

    #[test]
    fn fixed_function_shape_validates_optimizes_and_runs() {
        let mut s = fixed_function_fragment();
        valid::validate(&s).unwrap();
        let before: Vec<Invocation> = [(true, 0.8), (false, 0.8), (true, 0.1)]
            .iter()
            .map(|(f, u)| run(&s, *f, *u))
            .collect();
        assert_eq!(before[0].output_f32(0), [0.5, 0.25, 0.125, 0.8]);
        assert_eq!(before[1].output_f32(0), [0.25, 0.125, 0.0625, 0.4]);
        assert!(before[2].discarded, "alpha 0.1 < 0.25");
        // Nothing to gain with exact rules; `!(a >= b) -> a < b` is inexact.
        assert!(!passes::optimize(&mut s));
        assert!(passes::opt_algebraic_inexact(&mut s));
        passes::opt_dce(&mut s);
        valid::validate(&s).unwrap();
        let after: Vec<Invocation> = [(true, 0.8), (false, 0.8), (true, 0.1)]
            .iter()
            .map(|(f, u)| run(&s, *f, *u))
            .collect();
        assert_eq!(before, after);
        let printed = text::print(&s);
        assert!(printed.contains("bool = flt %4, %5"), "{printed}");
        assert!(!printed.contains("not"), "{printed}");
    }
}
