//! GLSL types as semantic analysis sees them: numeric scalars, vectors and
//! matrices, opaque types (samplers, images, atomic counters), structs (by
//! index into the checker's struct table) and arrays of any of these.
//!
//! `Base::Error` is the type of an expression that already produced an
//! error: every rule accepts it silently, so one mistake gives one message.

use crate::keywords::BuiltinType;

/// A scalar kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Scalar {
    Bool,
    Int,
    Uint,
    Float,
    Double,
    Int64,
    Uint64,
}

impl Scalar {
    pub(crate) fn is_integer(self) -> bool {
        matches!(
            self,
            Scalar::Int | Scalar::Uint | Scalar::Int64 | Scalar::Uint64
        )
    }

    fn prefix(self) -> &'static str {
        match self {
            Scalar::Bool => "b",
            Scalar::Int => "i",
            Scalar::Uint => "u",
            Scalar::Float => "",
            Scalar::Double => "d",
            Scalar::Int64 => "i64",
            Scalar::Uint64 => "u64",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::Int => "int",
            Scalar::Uint => "uint",
            Scalar::Float => "float",
            Scalar::Double => "double",
            Scalar::Int64 => "int64_t",
            Scalar::Uint64 => "uint64_t",
        }
    }
}

/// A numeric type: a scalar (`cols == rows == 1`), a vector (`cols == 1`)
/// or a matrix with `cols` columns of `rows` components.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Num {
    pub s: Scalar,
    pub rows: u8,
    pub cols: u8,
}

impl Num {
    pub(crate) const fn new(s: Scalar, rows: u8, cols: u8) -> Num {
        Num { s, rows, cols }
    }

    pub(crate) const fn scalar(s: Scalar) -> Num {
        Num::new(s, 1, 1)
    }

    pub(crate) const fn vec(s: Scalar, n: u8) -> Num {
        Num::new(s, n, 1)
    }

    pub(crate) fn is_scalar(self) -> bool {
        self.rows == 1 && self.cols == 1
    }

    pub(crate) fn is_vector(self) -> bool {
        self.rows > 1 && self.cols == 1
    }

    pub(crate) fn is_matrix(self) -> bool {
        self.cols > 1
    }

    pub(crate) fn components(self) -> u32 {
        u32::from(self.rows) * u32::from(self.cols)
    }

    pub(crate) fn with_scalar(self, s: Scalar) -> Num {
        Num { s, ..self }
    }
}

/// The element type of a (possibly array) type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Base {
    Void,
    /// Something already reported; compatible with everything.
    Error,
    Num(Num),
    /// Samplers, images, `atomic_uint`.
    Opaque(BuiltinType),
    /// Index into the checker's struct table.
    Struct(u32),
    /// A subroutine type (ARB_shader_subroutine), by name.
    Subroutine(u32),
}

/// A type: an element type and array dimensions, outermost first
/// (`None` for an unsized dimension).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Type {
    pub base: Base,
    pub dims: Vec<Option<u32>>,
}

impl Type {
    pub(crate) const VOID: Type = Type::new(Base::Void);
    pub(crate) const ERROR: Type = Type::new(Base::Error);
    pub(crate) const BOOL: Type = Type::num(Num::scalar(Scalar::Bool));
    pub(crate) const INT: Type = Type::num(Num::scalar(Scalar::Int));
    pub(crate) const UINT: Type = Type::num(Num::scalar(Scalar::Uint));
    pub(crate) const FLOAT: Type = Type::num(Num::scalar(Scalar::Float));

    pub(crate) const fn new(base: Base) -> Type {
        Type {
            base,
            dims: Vec::new(),
        }
    }

    pub(crate) const fn num(n: Num) -> Type {
        Type::new(Base::Num(n))
    }

    pub(crate) fn is_error(&self) -> bool {
        self.base == Base::Error
    }

    pub(crate) fn is_array(&self) -> bool {
        !self.dims.is_empty()
    }

    pub(crate) fn is_void(&self) -> bool {
        self.base == Base::Void && self.dims.is_empty()
    }

    /// The numeric type, if this is a non-array numeric type.
    pub(crate) fn as_num(&self) -> Option<Num> {
        match self.base {
            Base::Num(n) if self.dims.is_empty() => Some(n),
            _ => None,
        }
    }

    pub(crate) fn is_scalar_of(&self, f: impl Fn(Scalar) -> bool) -> bool {
        self.as_num().is_some_and(|n| n.is_scalar() && f(n.s))
    }

    pub(crate) fn is_bool_scalar(&self) -> bool {
        self.is_scalar_of(|s| s == Scalar::Bool)
    }

    /// The element type of an array.
    pub(crate) fn element(&self) -> Type {
        Type {
            base: self.base,
            dims: self.dims.get(1..).map(<[_]>::to_vec).unwrap_or_default(),
        }
    }

    pub(crate) fn array_of(&self, outer: &[Option<u32>]) -> Type {
        let mut dims = outer.to_vec();
        dims.extend_from_slice(&self.dims);
        Type {
            base: self.base,
            dims,
        }
    }

    pub(crate) fn is_opaque(&self) -> bool {
        matches!(self.base, Base::Opaque(_))
    }

    /// The type's name as messages print it.
    pub(crate) fn name(&self, structs: &[StructInfo], names: &crate::names::Names) -> String {
        let mut s = match self.base {
            Base::Void => "void".to_owned(),
            Base::Error => "error".to_owned(),
            Base::Num(n) => num_name(n),
            Base::Opaque(b) => b.name().to_owned(),
            Base::Struct(i) => structs.get(i as usize).and_then(|s| s.name).map_or_else(
                || "anonymous struct".to_owned(),
                |n| names.str(n).to_owned(),
            ),
            Base::Subroutine(n) => names.str(crate::names::Sym(n)).to_owned(),
        };
        for d in &self.dims {
            match d {
                Some(n) => s.push_str(&format!("[{n}]")),
                None => s.push_str("[]"),
            }
        }
        s
    }
}

/// `vec3`, `mat2x3`, `uint`, ...
pub(crate) fn num_name(n: Num) -> String {
    if n.is_scalar() {
        n.s.name().to_owned()
    } else if n.is_vector() {
        format!("{}vec{}", n.s.prefix(), n.rows)
    } else if n.rows == n.cols {
        format!("{}mat{}", n.s.prefix(), n.cols)
    } else {
        format!("{}mat{}x{}", n.s.prefix(), n.cols, n.rows)
    }
}

/// A struct type: its name (absent for anonymous ones) and members.
#[derive(Clone, Debug)]
pub(crate) struct StructInfo {
    pub name: Option<crate::names::Sym>,
    pub members: Vec<(crate::names::Sym, Type)>,
}

/// Maps a built-in type keyword to a type.
pub(crate) fn builtin(b: BuiltinType) -> Type {
    use BuiltinType as B;
    use Scalar::*;
    let n = |s, rows, cols| Type::num(Num::new(s, rows, cols));
    match b {
        B::Bool => n(Bool, 1, 1),
        B::Int => n(Int, 1, 1),
        B::Uint => n(Uint, 1, 1),
        B::Float => n(Float, 1, 1),
        B::Double => n(Double, 1, 1),
        B::Int64 => n(Int64, 1, 1),
        B::Uint64 => n(Uint64, 1, 1),
        B::Bvec2 => n(Bool, 2, 1),
        B::Bvec3 => n(Bool, 3, 1),
        B::Bvec4 => n(Bool, 4, 1),
        B::Ivec2 => n(Int, 2, 1),
        B::Ivec3 => n(Int, 3, 1),
        B::Ivec4 => n(Int, 4, 1),
        B::Uvec2 => n(Uint, 2, 1),
        B::Uvec3 => n(Uint, 3, 1),
        B::Uvec4 => n(Uint, 4, 1),
        B::Vec2 => n(Float, 2, 1),
        B::Vec3 => n(Float, 3, 1),
        B::Vec4 => n(Float, 4, 1),
        B::Dvec2 => n(Double, 2, 1),
        B::Dvec3 => n(Double, 3, 1),
        B::Dvec4 => n(Double, 4, 1),
        B::I64vec2 => n(Int64, 2, 1),
        B::I64vec3 => n(Int64, 3, 1),
        B::I64vec4 => n(Int64, 4, 1),
        B::U64vec2 => n(Uint64, 2, 1),
        B::U64vec3 => n(Uint64, 3, 1),
        B::U64vec4 => n(Uint64, 4, 1),
        B::Mat2 | B::Mat2x2 => n(Float, 2, 2),
        B::Mat3 | B::Mat3x3 => n(Float, 3, 3),
        B::Mat4 | B::Mat4x4 => n(Float, 4, 4),
        B::Mat2x3 => n(Float, 3, 2),
        B::Mat2x4 => n(Float, 4, 2),
        B::Mat3x2 => n(Float, 2, 3),
        B::Mat3x4 => n(Float, 4, 3),
        B::Mat4x2 => n(Float, 2, 4),
        B::Mat4x3 => n(Float, 3, 4),
        B::Dmat2 | B::Dmat2x2 => n(Double, 2, 2),
        B::Dmat3 | B::Dmat3x3 => n(Double, 3, 3),
        B::Dmat4 | B::Dmat4x4 => n(Double, 4, 4),
        B::Dmat2x3 => n(Double, 3, 2),
        B::Dmat2x4 => n(Double, 4, 2),
        B::Dmat3x2 => n(Double, 2, 3),
        B::Dmat3x4 => n(Double, 4, 3),
        B::Dmat4x2 => n(Double, 2, 4),
        B::Dmat4x3 => n(Double, 3, 4),
        other => Type::new(Base::Opaque(other)),
    }
}

/// What an opaque type is, for the built-in function table and the
/// qualifier rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpaqueKind {
    Sampler,
    Image,
    AtomicCounter,
}

pub(crate) fn opaque_kind(b: BuiltinType) -> OpaqueKind {
    let n = b.name();
    if n == "atomic_uint" {
        OpaqueKind::AtomicCounter
    } else if n.contains("image") {
        OpaqueKind::Image
    } else {
        OpaqueKind::Sampler
    }
}

/// The implicit conversions a shader may use (GLSL 4.60 §4.1.10).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Conversions {
    /// int/uint -> float (GLSL 1.20).
    pub to_float: bool,
    /// int -> uint (GLSL 4.00, ARB_gpu_shader5, MESA_shader_integer_functions).
    pub int_to_uint: bool,
    /// int/uint/float -> double (GLSL 4.00, ARB_gpu_shader_fp64).
    pub to_double: bool,
    /// 32-bit integers -> 64-bit ones (ARB_gpu_shader_int64).
    pub to_int64: bool,
}

impl Conversions {
    /// Whether a value of type `from` converts implicitly to `to`.
    pub(crate) fn can_convert(self, from: &Type, to: &Type) -> bool {
        if from == to || from.is_error() || to.is_error() {
            return true;
        }
        // Arrays convert only to the identical type (an implicitly sized
        // dimension matches any size).
        if from.is_array() || to.is_array() {
            return from.base == to.base
                && from.dims.len() == to.dims.len()
                && from
                    .dims
                    .iter()
                    .zip(&to.dims)
                    .all(|(a, b)| a.is_none() || b.is_none() || a == b);
        }
        let (Base::Num(f), Base::Num(t)) = (from.base, to.base) else {
            return false;
        };
        if f.rows != t.rows || f.cols != t.cols {
            return false;
        }
        self.scalar(f.s, t.s, f.is_matrix())
    }

    pub(crate) fn scalar(self, f: Scalar, t: Scalar, matrix: bool) -> bool {
        use Scalar::*;
        if f == t {
            return true;
        }
        if matrix {
            return f == Float && t == Double && self.to_double;
        }
        match (f, t) {
            (Int | Uint, Float) => self.to_float,
            (Int, Uint) => self.int_to_uint,
            (Int | Uint | Float, Double) => self.to_double,
            (Int, Int64 | Uint64) | (Uint, Uint64) | (Int64, Uint64) => self.to_int64,
            (Int64 | Uint64, Double) => self.to_int64,
            _ => false,
        }
    }

    /// Conversion rank for overload resolution: 0 exact, 1 to float /
    /// integer, 2 to double.
    pub(crate) fn rank(f: Scalar, t: Scalar) -> u32 {
        if f == t {
            0
        } else if t == Scalar::Double {
            if f == Scalar::Float { 2 } else { 3 }
        } else {
            1
        }
    }
}
