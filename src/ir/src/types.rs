//! Types: the scalar and vector types of SSA values ([`ValType`]) and the
//! aggregate types of variables ([`Type`]), with their memory layout.
//!
//! Values are never aggregates: a matrix is an array of column vectors in
//! memory and a set of column vectors in SSA; a struct only exists in memory.

use crate::{Arena, Handle};

/// Scalar kinds. `F16`, `I64` and `U64` are reserved for their extensions:
/// they have a layout and an encoding, the interpreter runs `I64`/`U64`, and
/// nothing produces them yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    /// Boolean. One bit of meaning; stored in memory as a 32-bit 0 or 1.
    Bool,
    /// IEEE 754 binary16 (reserved).
    F16,
    /// IEEE 754 binary32.
    F32,
    /// IEEE 754 binary64.
    F64,
    /// 32-bit two's complement integer.
    I32,
    /// 32-bit unsigned integer.
    U32,
    /// 64-bit two's complement integer (reserved).
    I64,
    /// 64-bit unsigned integer (reserved).
    U64,
}

/// Every scalar kind, in serialization order.
pub const ALL_SCALARS: [Scalar; 8] = [
    Scalar::Bool,
    Scalar::F16,
    Scalar::F32,
    Scalar::F64,
    Scalar::I32,
    Scalar::U32,
    Scalar::I64,
    Scalar::U64,
];

impl Scalar {
    /// Width in bits of the value (bool: 1).
    pub const fn bits(self) -> u32 {
        match self {
            Scalar::Bool => 1,
            Scalar::F16 => 16,
            Scalar::F32 | Scalar::I32 | Scalar::U32 => 32,
            Scalar::F64 | Scalar::I64 | Scalar::U64 => 64,
        }
    }

    /// Size in bytes in memory (bool: 4, as GL stores it).
    pub const fn size(self) -> u32 {
        match self {
            Scalar::Bool => 4,
            s => s.bits() / 8,
        }
    }

    /// Floating point kinds.
    pub const fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    /// Integer kinds (signed or not).
    pub const fn is_int(self) -> bool {
        matches!(self, Scalar::I32 | Scalar::U32 | Scalar::I64 | Scalar::U64)
    }

    /// Signed integer kinds.
    pub const fn is_signed(self) -> bool {
        matches!(self, Scalar::I32 | Scalar::I64)
    }

    /// The text name: `bool`, `f16`, `f32`, `f64`, `i32`, `u32`, `i64`, `u64`.
    pub const fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::F16 => "f16",
            Scalar::F32 => "f32",
            Scalar::F64 => "f64",
            Scalar::I32 => "i32",
            Scalar::U32 => "u32",
            Scalar::I64 => "i64",
            Scalar::U64 => "u64",
        }
    }

    /// Inverse of [`Scalar::name`].
    pub fn from_name(name: &str) -> Option<Scalar> {
        ALL_SCALARS.into_iter().find(|s| s.name() == name)
    }
}

/// The type of an SSA value: a scalar kind and a lane count of 1 to 4.
///
/// Text form: the scalar name, then `x` and the lane count for vectors:
/// `f32`, `f32x4`, `boolx2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValType {
    /// Kind of every lane.
    pub scalar: Scalar,
    /// Number of lanes, 1..=4 (validated).
    pub lanes: u8,
}

/// Maximum lanes of a value.
pub const MAX_LANES: usize = 4;

macro_rules! val_types {
    ($($name:ident = $s:ident x $n:literal;)*) => {
        $(#[doc = concat!("`", stringify!($s), "` with ", stringify!($n), " lane(s).")]
        pub const $name: ValType = ValType { scalar: Scalar::$s, lanes: $n };)*
    };
}

impl ValType {
    val_types! {
        BOOL = Bool x 1; BOOLX2 = Bool x 2; BOOLX3 = Bool x 3; BOOLX4 = Bool x 4;
        F32 = F32 x 1; F32X2 = F32 x 2; F32X3 = F32 x 3; F32X4 = F32 x 4;
        F64 = F64 x 1; F64X2 = F64 x 2; F64X3 = F64 x 3; F64X4 = F64 x 4;
        I32 = I32 x 1; I32X2 = I32 x 2; I32X3 = I32 x 3; I32X4 = I32 x 4;
        U32 = U32 x 1; U32X2 = U32 x 2; U32X3 = U32 x 3; U32X4 = U32 x 4;
    }

    /// A scalar type.
    pub const fn scalar(scalar: Scalar) -> Self {
        ValType { scalar, lanes: 1 }
    }

    /// A vector (or, with `lanes == 1`, scalar) type.
    pub const fn vec(scalar: Scalar, lanes: u8) -> Self {
        ValType { scalar, lanes }
    }

    /// The same lane count with another scalar kind.
    pub const fn with_scalar(self, scalar: Scalar) -> Self {
        ValType {
            scalar,
            lanes: self.lanes,
        }
    }

    /// One lane of this type.
    pub const fn lane(self) -> Self {
        ValType {
            scalar: self.scalar,
            lanes: 1,
        }
    }

    /// Lane count as `usize`.
    pub const fn n(self) -> usize {
        self.lanes as usize
    }

    /// Size in bytes in memory: lanes × scalar size, tightly packed.
    pub const fn size(self) -> u32 {
        self.lanes as u32 * self.scalar.size()
    }

    /// Whether the lane count is legal.
    pub const fn is_valid(self) -> bool {
        self.lanes >= 1 && self.lanes as usize <= MAX_LANES
    }
}

impl std::fmt::Display for ValType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.lanes == 1 {
            f.write_str(self.scalar.name())
        } else {
            write!(f, "{}x{}", self.scalar.name(), self.lanes)
        }
    }
}

impl std::str::FromStr for ValType {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let (name, lanes) = match s.rsplit_once('x') {
            Some((name, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                (name, n.parse::<u8>().map_err(|_| ())?)
            }
            _ => (s, 1),
        };
        let t = ValType::vec(Scalar::from_name(name).ok_or(())?, lanes);
        if t.is_valid() { Ok(t) } else { Err(()) }
    }
}

/// Handle of a [`Type`] in [`crate::Shader::types`].
pub type TypeId = Handle<Type>;

/// A member of a [`Type::Struct`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Member {
    /// The member's type.
    pub ty: TypeId,
    /// Byte offset from the start of the struct. `None`: natural layout
    /// (see [`Types::layout`]); blocks (`ubo`, `ssbo`, `uniform`) need it.
    pub offset: Option<u32>,
}

/// The type of a variable: a value type or an aggregate of them.
///
/// Text form: value types by name, arrays `[N x T]` (`[T]` runtime-sized),
/// optionally with `stride S` before the `]`; structs `{ T offset O, ... }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A scalar or vector.
    Value(ValType),
    /// An array (a matrix is an array of its column vectors).
    Array {
        /// Element type.
        elem: TypeId,
        /// Element count; `None` for a runtime-sized array, which may only be
        /// the last member of an SSBO's struct.
        len: Option<u32>,
        /// Bytes between elements. `None`: natural layout.
        stride: Option<u32>,
    },
    /// A structure (members addressed by index).
    Struct {
        /// Members, in order.
        members: Vec<Member>,
    },
}

/// The shader's type arena, interning so that equal types share a handle.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Types {
    arena: Arena<Type>,
}

impl Types {
    /// The handle of `ty`, appending it if it is new.
    pub fn intern(&mut self, ty: Type) -> TypeId {
        if let Some((h, _)) = self.arena.iter().find(|(_, t)| **t == ty) {
            return h;
        }
        self.arena.append(ty)
    }

    /// The handle of a value type.
    pub fn value(&mut self, ty: ValType) -> TypeId {
        self.intern(Type::Value(ty))
    }

    /// The type of `h`.
    pub fn get(&self, h: TypeId) -> Option<&Type> {
        self.arena.get(h)
    }

    /// All types.
    pub fn iter(&self) -> impl Iterator<Item = (TypeId, &Type)> {
        self.arena.iter()
    }

    /// Number of types.
    pub fn len(&self) -> usize {
        self.arena.len()
    }

    /// Whether there are no types.
    pub fn is_empty(&self) -> bool {
        self.arena.is_empty()
    }

    /// The value type of `h`, if it is one.
    pub fn val_type(&self, h: TypeId) -> Option<ValType> {
        match self.get(h)? {
            Type::Value(v) => Some(*v),
            _ => None,
        }
    }

    /// `(size, alignment)` in bytes. Explicit strides and offsets win; the
    /// natural layout packs scalars and vectors at their scalar alignment
    /// ("scalar block layout"). A runtime-sized array has size 0.
    /// Returns `None` for bad handles or cyclic types.
    pub fn layout(&self, h: TypeId) -> Option<(u32, u32)> {
        self.layout_depth(h, 0)
    }

    fn layout_depth(&self, h: TypeId, depth: u32) -> Option<(u32, u32)> {
        if depth > 64 {
            return None;
        }
        Some(match self.get(h)? {
            Type::Value(v) => (v.size(), v.scalar.size()),
            Type::Array { elem, len, stride } => {
                let (esize, ealign) = self.layout_depth(*elem, depth + 1)?;
                let stride = stride.unwrap_or(esize.next_multiple_of(ealign.max(1)));
                (stride.checked_mul(len.unwrap_or(0))?, ealign)
            }
            Type::Struct { members } => {
                let mut end = 0u32;
                let mut align = 1;
                for m in members {
                    let (size, a) = self.layout_depth(m.ty, depth + 1)?;
                    let off = m.offset.unwrap_or(end.next_multiple_of(a.max(1)));
                    end = end.max(off.checked_add(size)?);
                    align = align.max(a);
                }
                (end.next_multiple_of(align), align)
            }
        })
    }

    /// Stride of array type `h` (explicit or natural).
    pub fn stride(&self, h: TypeId) -> Option<u32> {
        match self.get(h)? {
            Type::Array { elem, stride, .. } => match stride {
                Some(s) => Some(*s),
                None => {
                    let (size, align) = self.layout(*elem)?;
                    Some(size.next_multiple_of(align.max(1)))
                }
            },
            _ => None,
        }
    }

    /// Byte offset of member `index` of struct type `h` (explicit or natural).
    pub fn member_offset(&self, h: TypeId, index: usize) -> Option<u32> {
        let Type::Struct { members } = self.get(h)? else {
            return None;
        };
        let mut end = 0u32;
        for (i, m) in members.iter().enumerate() {
            let (size, a) = self.layout(m.ty)?;
            let off = m.offset.unwrap_or(end.next_multiple_of(a.max(1)));
            if i == index {
                return Some(off);
            }
            end = end.max(off + size);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn val_type_names() {
        for t in [
            ValType::F32,
            ValType::F32X4,
            ValType::BOOLX2,
            ValType::U32X3,
        ] {
            assert_eq!(t.to_string().parse::<ValType>(), Ok(t));
        }
        assert_eq!("f32x4".parse::<ValType>(), Ok(ValType::F32X4));
        assert!("f32x5".parse::<ValType>().is_err());
        assert!("vec4".parse::<ValType>().is_err());
    }

    #[test]
    fn natural_and_explicit_layout() {
        let mut t = Types::default();
        let f = t.value(ValType::F32);
        let v3 = t.value(ValType::F32X3);
        assert_eq!(t.value(ValType::F32), f, "interned");
        let s = t.intern(Type::Struct {
            members: vec![
                Member {
                    ty: v3,
                    offset: None,
                },
                Member {
                    ty: f,
                    offset: None,
                },
            ],
        });
        assert_eq!(t.layout(s), Some((16, 4)));
        assert_eq!(t.member_offset(s, 1), Some(12));
        let a = t.intern(Type::Array {
            elem: v3,
            len: Some(4),
            stride: Some(16),
        });
        assert_eq!(t.layout(a), Some((64, 4)));
        assert_eq!(t.stride(a), Some(16));
    }
}
