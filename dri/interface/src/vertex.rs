//! ABI 13: vertex inputs a backend reads from memory ([`OxglVertexInput`]),
//! and how one element of a vertex array becomes four floats — the one
//! conversion the core (client arrays it still fetches itself) and backends
//! share, so both read every format alike (GL 4.6 compatibility §10.3,
//! §10.2.1 for the fixed-point normalization rules the compatibility
//! profile keeps: signed values map `(2c + 1) / (2^b - 1)`).

/// Component types (GL enum values; crate-private so that the C header,
/// whose users have GL's own, does not define them again).
pub(crate) mod gl_type {
    /// `GL_BYTE`.
    pub(crate) const BYTE: u32 = 0x1400;
    /// `GL_UNSIGNED_BYTE`.
    pub(crate) const UNSIGNED_BYTE: u32 = 0x1401;
    /// `GL_SHORT`.
    pub(crate) const SHORT: u32 = 0x1402;
    /// `GL_UNSIGNED_SHORT`.
    pub(crate) const UNSIGNED_SHORT: u32 = 0x1403;
    /// `GL_INT`.
    pub(crate) const INT: u32 = 0x1404;
    /// `GL_UNSIGNED_INT`.
    pub(crate) const UNSIGNED_INT: u32 = 0x1405;
    /// `GL_FLOAT`.
    pub(crate) const FLOAT: u32 = 0x1406;
    /// `GL_DOUBLE`.
    pub(crate) const DOUBLE: u32 = 0x140A;
    /// `GL_HALF_FLOAT`.
    pub(crate) const HALF_FLOAT: u32 = 0x140B;
    /// `GL_FIXED`.
    pub(crate) const FIXED: u32 = 0x140C;
    /// `GL_INT_2_10_10_10_REV`.
    pub(crate) const INT_2_10_10_10_REV: u32 = 0x8D9F;
    /// `GL_UNSIGNED_INT_2_10_10_10_REV`.
    pub(crate) const UNSIGNED_INT_2_10_10_10_REV: u32 = 0x8368;
    /// `GL_UNSIGNED_INT_10F_11F_11F_REV`.
    pub(crate) const UNSIGNED_INT_10F_11F_11F_REV: u32 = 0x8C3B;
}

/// [`OxglVertexInput::flags`]: integer components map to [0, 1] / [-1, 1].
pub const OXGL_VERTEX_NORMALIZED: u32 = 1;
/// [`OxglVertexInput::flags`]: `glVertexAttribIPointer`: components are
/// the bits of their `i32` (signed types, sign-extended) or `u32` values.
pub const OXGL_VERTEX_INTEGER: u32 = 2;
/// [`OxglVertexInput::flags`]: size `GL_BGRA`: four components stored
/// B, G, R, A.
pub const OXGL_VERTEX_BGRA: u32 = 4;
/// [`OxglVertexInput::flags`]: `glVertexAttribLPointer` (ABI 22,
/// ARB_vertex_attrib_64bit): `GL_DOUBLE` components passed as their 64
/// bits, one or two of them (`size` 1–2) a location: component `c`'s low
/// word in the location's component `2c`, its high word in `2c + 1`;
/// components not stored read as 0. The core gives a three- or
/// four-component array as two inputs, the second at the next location
/// and 16 bytes further.
pub const OXGL_VERTEX_LONG: u32 = 8;

/// ABI 13: one vertex shader input read from memory (a vertex buffer
/// object's storage or a client array), in its own format.
///
/// Vertex `v` of the draw (`0 <= v < vertex_count`) reads its element at
/// `data + v * stride`: `data` points at the element of the draw's
/// `first_vertex`. Components past `len` readable bytes read as
/// (0, 0, 0, 1) — never outside `[data, data + len)`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OxglVertexInput {
    /// The vertex shader input location it feeds.
    pub location: u32,
    /// Component type (`GL_FLOAT`, `GL_UNSIGNED_BYTE`, ...).
    pub type_: u32,
    /// Components (1–4); the others read as (0, 0, 0, 1).
    pub size: u32,
    /// [`OXGL_VERTEX_NORMALIZED`], [`OXGL_VERTEX_INTEGER`], [`OXGL_VERTEX_BGRA`].
    pub flags: u32,
    /// Bytes from one vertex's element to the next.
    pub stride: u32,
    /// The element of the draw's first vertex.
    pub data: *const u8,
    /// Bytes readable from `data`.
    pub len: usize,
}

/// Whether `type_` packs its components into one 32-bit word
/// (`GL_INT_2_10_10_10_REV`, `GL_UNSIGNED_INT_2_10_10_10_REV`: GL 3.3,
/// ARB_vertex_type_2_10_10_10_rev; `GL_UNSIGNED_INT_10F_11F_11F_REV`: GL
/// 4.4, ARB_vertex_type_10f_11f_11f_rev, three components).
pub fn is_packed(type_: u32) -> bool {
    matches!(
        type_,
        gl_type::INT_2_10_10_10_REV
            | gl_type::UNSIGNED_INT_2_10_10_10_REV
            | gl_type::UNSIGNED_INT_10F_11F_11F_REV
    )
}

/// Whether `type_` is `GL_UNSIGNED_INT_10F_11F_11F_REV`.
pub fn is_10f_11f_11f(type_: u32) -> bool {
    type_ == gl_type::UNSIGNED_INT_10F_11F_11F_REV
}

/// The three unsigned floats of a 10F_11F_11F_REV word — red in bits
/// 0–10 and green in 11–21 (6-bit mantissa, 5-bit exponent), blue in
/// 22–31 (5-bit mantissa) — with alpha 1 (EXT_packed_float's encoding).
pub fn unpack_10f_11f_11f(word: u32) -> [f32; 4] {
    let small = |v: u32, mantissa_bits: u32| -> f32 {
        let m = v & ((1 << mantissa_bits) - 1);
        let e = (v >> mantissa_bits) & 0x1f;
        let scale = (1u32 << mantissa_bits) as f32;
        match e {
            0 => m as f32 / scale * 2f32.powi(-14),
            31 if m == 0 => f32::INFINITY,
            31 => f32::NAN,
            _ => (1.0 + m as f32 / scale) * 2f32.powi(e as i32 - 15),
        }
    };
    [
        small(word & 0x7ff, 6),
        small((word >> 11) & 0x7ff, 6),
        small(word >> 22, 5),
        1.0,
    ]
}

/// Bytes of one element of `size` components of `type_`: a packed type's
/// element is one 32-bit word whatever its size.
pub fn element_bytes(type_: u32, size: u32) -> Option<usize> {
    if is_packed(type_) {
        return Some(4);
    }
    Some(type_size(type_)? * size as usize)
}

/// The four components of a 2_10_10_10_REV word — x in bits 0–9, y in
/// 10–19, z in 20–29, w in 30–31 — as floats: signed fields
/// sign-extended, normalized ones mapped to [0, 1] (`c / (2^b - 1)`) or
/// [-1, 1] (`(2c + 1) / (2^b - 1)`, the rule of the other signed types
/// here).
pub fn unpack_2_10_10_10(word: u32, signed: bool, normalized: bool) -> [f32; 4] {
    let field = |shift: u32, bits: u32| -> f32 {
        let raw = (word >> shift) & ((1 << bits) - 1);
        let max = ((1u32 << bits) - 1) as f32;
        if signed {
            let v = ((raw << (32 - bits)) as i32) >> (32 - bits);
            if normalized {
                (2.0 * v as f32 + 1.0) / max
            } else {
                v as f32
            }
        } else if normalized {
            raw as f32 / max
        } else {
            raw as f32
        }
    };
    [field(0, 10), field(10, 10), field(20, 10), field(30, 2)]
}

/// Bytes of one component of `type_` (`None` for packed types, whose
/// components are bit fields: [`element_bytes`]).
pub fn type_size(type_: u32) -> Option<usize> {
    use gl_type::*;
    Some(match type_ {
        BYTE | UNSIGNED_BYTE => 1,
        SHORT | UNSIGNED_SHORT | HALF_FLOAT => 2,
        INT | UNSIGNED_INT | FLOAT | FIXED => 4,
        DOUBLE => 8,
        _ => return None,
    })
}

/// Integer components normalized to [0, 1] (unsigned) or [-1, 1] (signed,
/// `(2c + 1) / (2^b - 1)`).
pub mod normalize {
    /// `GLubyte` -> [0, 1].
    #[inline]
    pub fn ubyte(v: u8) -> f32 {
        f32::from(v) / 255.0
    }
    /// `GLbyte` -> [-1, 1].
    #[inline]
    pub fn byte(v: i8) -> f32 {
        (2.0 * f32::from(v) + 1.0) / 255.0
    }
    /// `GLushort` -> [0, 1].
    #[inline]
    pub fn ushort(v: u16) -> f32 {
        f32::from(v) / 65535.0
    }
    /// `GLshort` -> [-1, 1].
    #[inline]
    pub fn short(v: i16) -> f32 {
        (2.0 * f32::from(v) + 1.0) / 65535.0
    }
    /// `GLuint` -> [0, 1].
    #[inline]
    pub fn uint(v: u32) -> f32 {
        (f64::from(v) / 4294967295.0) as f32
    }
    /// `GLint` -> [-1, 1].
    #[inline]
    pub fn int(v: i32) -> f32 {
        ((2.0 * f64::from(v) + 1.0) / 4294967295.0) as f32
    }
}

/// IEEE half to f32.
pub fn half_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let mant = u32::from(h & 0x3ff);
    let bits = match (exp, mant) {
        (0, 0) => sign,
        (0, m) => {
            // Subnormal: renormalize.
            let mut e = 127 - 15 + 1;
            let mut m = m;
            while m & 0x400 == 0 {
                m <<= 1;
                e -= 1;
            }
            sign | (e << 23) | ((m & 0x3ff) << 13)
        }
        (0x1f, m) => sign | 0x7f80_0000 | (m << 13),
        (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
    };
    f32::from_bits(bits)
}

/// An integer component as the bits of its `i32` (signed types,
/// sign-extended) or `u32` value. `bytes` holds the component.
fn read_integer(bytes: &[u8], type_: u32) -> f32 {
    use gl_type::*;
    let b = |n: usize| -> [u8; 4] {
        let mut a = [0u8; 4];
        a[..n].copy_from_slice(&bytes[..n]);
        a
    };
    f32::from_bits(match type_ {
        BYTE => i32::from(bytes[0] as i8) as u32,
        UNSIGNED_BYTE => u32::from(bytes[0]),
        SHORT => i32::from(i16::from_ne_bytes([bytes[0], bytes[1]])) as u32,
        UNSIGNED_SHORT => u32::from(u16::from_ne_bytes([bytes[0], bytes[1]])),
        _ => u32::from_ne_bytes(b(4)),
    })
}

/// One component as a float. `bytes` holds the component.
fn read_component(bytes: &[u8], type_: u32, normalized: bool) -> f32 {
    use gl_type::*;
    let b4 = || [bytes[0], bytes[1], bytes[2], bytes[3]];
    match type_ {
        BYTE => {
            let v = bytes[0] as i8;
            if normalized {
                normalize::byte(v)
            } else {
                f32::from(v)
            }
        }
        UNSIGNED_BYTE => {
            if normalized {
                normalize::ubyte(bytes[0])
            } else {
                f32::from(bytes[0])
            }
        }
        SHORT => {
            let v = i16::from_ne_bytes([bytes[0], bytes[1]]);
            if normalized {
                normalize::short(v)
            } else {
                f32::from(v)
            }
        }
        UNSIGNED_SHORT => {
            let v = u16::from_ne_bytes([bytes[0], bytes[1]]);
            if normalized {
                normalize::ushort(v)
            } else {
                f32::from(v)
            }
        }
        INT => {
            let v = i32::from_ne_bytes(b4());
            if normalized {
                normalize::int(v)
            } else {
                v as f32
            }
        }
        UNSIGNED_INT => {
            let v = u32::from_ne_bytes(b4());
            if normalized {
                normalize::uint(v)
            } else {
                v as f32
            }
        }
        FIXED => i32::from_ne_bytes(b4()) as f32 / 65536.0,
        HALF_FLOAT => half_to_f32(u16::from_ne_bytes([bytes[0], bytes[1]])),
        DOUBLE => {
            let mut a = [0u8; 8];
            a.copy_from_slice(&bytes[..8]);
            f64::from_ne_bytes(a) as f32
        }
        _ => f32::from_ne_bytes(b4()),
    }
}

/// The layout of one array's elements: what [`read_element`] needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElementFormat {
    /// Component type (`GL_FLOAT`, `GL_UNSIGNED_BYTE`, ...).
    pub type_: u32,
    /// Components (1–4).
    pub size: u32,
    /// [`OXGL_VERTEX_NORMALIZED`] | [`OXGL_VERTEX_INTEGER`] | [`OXGL_VERTEX_BGRA`].
    pub flags: u32,
}

impl ElementFormat {
    /// The format of `input`'s elements.
    pub fn of(input: &OxglVertexInput) -> Self {
        ElementFormat {
            type_: input.type_,
            size: input.size,
            flags: input.flags,
        }
    }
}

/// The element of `format` at byte `at` of `bytes` as four floats:
/// components that are not stored, or not inside `bytes`, read as
/// (0, 0, 0, 1) — 1 as the bits of the integer 1 for integer inputs.
#[inline]
pub fn read_element(bytes: &[u8], at: usize, format: ElementFormat) -> [f32; 4] {
    if format.flags & OXGL_VERTEX_LONG != 0 {
        return read_long(bytes, at, format.size);
    }
    let integer = format.flags & OXGL_VERTEX_INTEGER != 0;
    let one = if integer { f32::from_bits(1) } else { 1.0 };
    let mut t = [0.0, 0.0, 0.0, one];
    let size = (format.size as usize).min(4);
    if is_packed(format.type_) {
        if let Some(w) = bytes.get(at..at.saturating_add(4)) {
            let word = u32::from_ne_bytes([w[0], w[1], w[2], w[3]]);
            let signed = format.type_ == gl_type::INT_2_10_10_10_REV;
            let normalized = format.flags & OXGL_VERTEX_NORMALIZED != 0;
            let v = if is_10f_11f_11f(format.type_) {
                unpack_10f_11f_11f(word)
            } else {
                unpack_2_10_10_10(word, signed, normalized)
            };
            t[..size].copy_from_slice(&v[..size]);
        }
        if format.flags & OXGL_VERTEX_BGRA != 0 {
            t.swap(0, 2);
        }
        return t;
    }
    let csize = type_size(format.type_).unwrap_or(4);
    match bytes.get(at..at.saturating_add(4 * size)) {
        // Plain floats, the common case: read straight from the bytes.
        // Component by component under `k < size`: a copy of `4 * size`
        // bytes compiled to a `memcpy` call per element (2.5% of glmark2
        // gouraud's application thread).
        Some(src) if format.type_ == gl_type::FLOAT && !integer => {
            for (k, out) in t.iter_mut().enumerate() {
                if k < size
                    && let Some(c) = src.get(4 * k..4 * k + 4)
                {
                    *out = f32::from_ne_bytes([c[0], c[1], c[2], c[3]]);
                }
            }
        }
        _ => {
            let normalized = format.flags & OXGL_VERTEX_NORMALIZED != 0;
            for (c, out) in t.iter_mut().enumerate().take(size) {
                let o = at.saturating_add(c * csize);
                if let Some(src) = bytes.get(o..o.saturating_add(csize)) {
                    *out = if integer {
                        read_integer(src, format.type_)
                    } else {
                        read_component(src, format.type_, normalized)
                    };
                }
            }
        }
    }
    if format.flags & OXGL_VERTEX_BGRA != 0 {
        t.swap(0, 2);
    }
    t
}

/// An [`OXGL_VERTEX_LONG`] element: up to two doubles as their words.
fn read_long(bytes: &[u8], at: usize, size: u32) -> [f32; 4] {
    let mut t = [0.0; 4];
    for c in 0..(size as usize).min(2) {
        let o = at.saturating_add(8 * c);
        if let Some(src) = bytes.get(o..o.saturating_add(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(src);
            let x = u64::from_ne_bytes(b);
            t[2 * c] = f32::from_bits(x as u32);
            t[2 * c + 1] = f32::from_bits((x >> 32) as u32);
        }
    }
    t
}

/// Elements `first..first + count` of an array (element `i` at byte
/// `i * stride` of `bytes`) into lanes `..count` of `out`, component by
/// component, as [`read_element`] reads each.
///
/// Plain floats whose elements all lie inside `bytes` (every array but
/// one cut short) are read with one range check for the whole batch: the
/// checks and format tests per element were most of the vertex fetch.
#[allow(
    clippy::needless_range_loop,
    reason = "lanes index several arrays at once"
)]
pub fn read_elements<const L: usize>(
    bytes: &[u8],
    stride: usize,
    (first, count): (usize, usize),
    format: ElementFormat,
    out: &mut [[f32; L]; 4],
) {
    let count = count.min(L);
    let size = format.size as usize;
    let plain = format.type_ == gl_type::FLOAT
        && format.flags & (OXGL_VERTEX_INTEGER | OXGL_VERTEX_BGRA) == 0
        && (1..=4).contains(&size);
    let span = count.checked_sub(1).and_then(|last| {
        let start = first.checked_mul(stride)?;
        let end = (first + last).checked_mul(stride)?.checked_add(4 * size)?;
        bytes.get(start..end)
    });
    match span {
        Some(span) if plain => match size {
            1 => read_floats::<1, L>(span, stride, count, out),
            2 => read_floats::<2, L>(span, stride, count, out),
            3 => read_floats::<3, L>(span, stride, count, out),
            _ => read_floats::<4, L>(span, stride, count, out),
        },
        _ => {
            for lane in 0..count {
                let at = (first + lane).saturating_mul(stride);
                let t = read_element(bytes, at, format);
                for (c, x) in t.into_iter().enumerate() {
                    out[c][lane] = x;
                }
            }
        }
    }
}

/// `count` elements of `N` floats, `stride` bytes apart from the start of
/// `span` (which holds them all), and (0, 0, 0, 1) past `N`.
#[allow(
    clippy::needless_range_loop,
    reason = "lanes index several arrays at once"
)]
#[inline(always)]
fn read_floats<const N: usize, const L: usize>(
    span: &[u8],
    stride: usize,
    count: usize,
    out: &mut [[f32; L]; 4],
) {
    for lane in 0..count {
        let at = lane * stride;
        let Some(e) = span.get(at..at + 4 * N) else {
            return;
        };
        for (c, chunk) in e.chunks_exact(4).enumerate() {
            out[c][lane] = f32::from_ne_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
    }
    for (c, comp) in out.iter_mut().enumerate().skip(N) {
        comp[..count].fill(if c == 3 { 1.0 } else { 0.0 });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(type_: u32, size: u32, flags: u32) -> ElementFormat {
        ElementFormat { type_, size, flags }
    }

    #[test]
    fn elements_convert_per_type() {
        use gl_type::*;
        let ub = [255u8, 0, 51, 7];
        assert_eq!(
            read_element(&ub, 0, fmt(UNSIGNED_BYTE, 4, OXGL_VERTEX_NORMALIZED)),
            [1.0, 0.0, 0.2, 7.0 / 255.0]
        );
        assert_eq!(
            read_element(
                &ub,
                0,
                fmt(UNSIGNED_BYTE, 3, OXGL_VERTEX_NORMALIZED | OXGL_VERTEX_BGRA)
            ),
            [0.2, 0.0, 1.0, 1.0]
        );
        assert_eq!(
            read_element(&ub, 1, fmt(UNSIGNED_BYTE, 2, 0)),
            [0.0, 51.0, 0.0, 1.0]
        );
        let s: Vec<u8> = [-32768i16, 32767]
            .iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect();
        assert_eq!(
            read_element(&s, 0, fmt(SHORT, 2, OXGL_VERTEX_NORMALIZED)),
            [-1.0, 1.0, 0.0, 1.0]
        );
        assert_eq!(
            read_element(&s, 0, fmt(SHORT, 1, 0)),
            [-32768.0, 0.0, 0.0, 1.0]
        );
        let i = (-5i32).to_ne_bytes();
        assert_eq!(
            read_element(&i, 0, fmt(INT, 1, OXGL_VERTEX_INTEGER))[0].to_bits(),
            (-5i32) as u32
        );
        assert_eq!(
            read_element(&i, 0, fmt(INT, 1, OXGL_VERTEX_INTEGER))[3].to_bits(),
            1
        );
        let h = 0x3c00u16.to_ne_bytes();
        assert_eq!(read_element(&h, 0, fmt(HALF_FLOAT, 1, 0))[0], 1.0);
        let d = 0.25f64.to_ne_bytes();
        assert_eq!(read_element(&d, 0, fmt(DOUBLE, 1, 0))[0], 0.25);
        let x = (3 * 65536 / 2i32).to_ne_bytes();
        assert_eq!(read_element(&x, 0, fmt(FIXED, 1, 0))[0], 1.5);
    }

    #[test]
    #[allow(clippy::needless_range_loop, reason = "lanes index both results")]
    fn batches_read_as_elements_do() {
        use gl_type::*;
        let bytes: Vec<u8> = (0..40u32)
            .flat_map(|i| (i as f32 * 0.5 - 3.0).to_ne_bytes())
            .collect();
        let formats = [
            fmt(FLOAT, 1, 0),
            fmt(FLOAT, 2, 0),
            fmt(FLOAT, 3, OXGL_VERTEX_NORMALIZED),
            fmt(FLOAT, 4, 0),
            fmt(FLOAT, 4, OXGL_VERTEX_BGRA),
            fmt(INT, 2, OXGL_VERTEX_INTEGER),
            fmt(SHORT, 3, OXGL_VERTEX_NORMALIZED),
        ];
        // Whole arrays, arrays cut short (the last elements past the
        // bytes), stride 0, and batches shorter than the lanes.
        for format in formats {
            for stride in [0, 12, 16, 20] {
                for (first, count) in [(0, 8), (1, 8), (3, 5), (0, 0)] {
                    for len in [bytes.len(), 100, 37] {
                        let b = &bytes[..len];
                        let mut got = [[9.0f32; 8]; 4];
                        read_elements(b, stride, (first, count), format, &mut got);
                        for lane in 0..8 {
                            let want = read_element(b, (first + lane) * stride, format);
                            for c in 0..4 {
                                let expect = if lane < count { want[c] } else { 9.0 };
                                assert_eq!(
                                    got[c][lane].to_bits(),
                                    expect.to_bits(),
                                    "{format:?} stride {stride} first {first} \
                                     count {count} len {len} lane {lane} c {c}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn components_past_the_bytes_read_as_defaults() {
        let f: Vec<u8> = [1.0f32, 2.0, 3.0]
            .iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect();
        // Four floats asked, three there: the fourth is 1, the others read.
        assert_eq!(
            read_element(&f, 0, fmt(gl_type::FLOAT, 4, 0)),
            [1.0, 2.0, 3.0, 1.0]
        );
        assert_eq!(
            read_element(&f, 8, fmt(gl_type::FLOAT, 2, 0)),
            [3.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(
            read_element(&f, usize::MAX, fmt(gl_type::FLOAT, 2, 0)),
            [0.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(
            read_element(&[], 0, fmt(gl_type::SHORT, 4, 0)),
            [0.0, 0.0, 0.0, 1.0]
        );
    }

    #[test]
    fn packed_words() {
        use gl_type::*;
        // x = -1 (0x3ff), y = 511, z = 0, w = 1 in the signed layout.
        let word = 0x3ffu32 | 511 << 10 | 1 << 30;
        let b = word.to_ne_bytes();
        assert_eq!(
            read_element(&b, 0, fmt(INT_2_10_10_10_REV, 4, 0)),
            [-1.0, 511.0, 0.0, 1.0]
        );
        assert_eq!(
            read_element(&b, 0, fmt(UNSIGNED_INT_2_10_10_10_REV, 4, 0)),
            [1023.0, 511.0, 0.0, 1.0]
        );
        let n = read_element(&b, 0, fmt(INT_2_10_10_10_REV, 4, OXGL_VERTEX_NORMALIZED));
        assert_eq!(n, [-1.0 / 1023.0, 1.0, 1.0 / 1023.0, 1.0]);
        // BGRA: the x field is blue.
        let red = (1023u32).to_ne_bytes();
        assert_eq!(
            read_element(
                &red,
                0,
                fmt(
                    UNSIGNED_INT_2_10_10_10_REV,
                    4,
                    OXGL_VERTEX_NORMALIZED | OXGL_VERTEX_BGRA
                )
            ),
            [0.0, 0.0, 1.0, 0.0]
        );
        // Three components (normals): w stays 1; a short buffer reads defaults.
        assert_eq!(
            read_element(&b, 0, fmt(UNSIGNED_INT_2_10_10_10_REV, 3, 0)),
            [1023.0, 511.0, 0.0, 1.0]
        );
        assert_eq!(
            read_element(&b[..3], 0, fmt(INT_2_10_10_10_REV, 4, 0)),
            [0.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(element_bytes(INT_2_10_10_10_REV, 4), Some(4));
        // 10F_11F_11F_REV: red 1.0 (exponent 15), green 0.5 (14), blue
        // 2.0 (16), alpha 1.
        let word: u32 = (15 << 6) | ((14 << 6) << 11) | ((16 << 5) << 22);
        let b = word.to_ne_bytes();
        assert_eq!(
            read_element(&b, 0, fmt(UNSIGNED_INT_10F_11F_11F_REV, 3, 0)),
            [1.0, 0.5, 2.0, 1.0]
        );
        assert_eq!(unpack_10f_11f_11f(0x7c0)[0], f32::INFINITY);
        assert_eq!(unpack_10f_11f_11f(1)[0], 2f32.powi(-20));
        assert_eq!(element_bytes(SHORT, 3), Some(6));
    }

    #[test]
    fn halves() {
        assert_eq!(half_to_f32(0x3c00), 1.0);
        assert_eq!(half_to_f32(0xc000), -2.0);
        assert_eq!(half_to_f32(0x7bff), 65504.0);
        assert_eq!(half_to_f32(0x0001), 2f32.powi(-24));
        assert!(half_to_f32(0x7e00).is_nan());
    }
}
