//! Per-fragment operations on one 4×4 block, fused: depth/stencil test and
//! update, then blend or logic op, colour write mask, and the store.
//!
//! A block's pixels are loaded in lane order (row-major: four contiguous
//! pixels per row), operated on as `[_; 16]` arrays (loops the compiler
//! vectorizes), and stored back under the lane mask. State is matched outside the lane
//! loops so each loop is straight-line code.

use super::scene::{SceneState, TargetInfo};
use super::shader::LANES;
use super::state::{BlendEquation, BlendFactor, BlendFunc, CompareFunc, StencilFace};
use oxgl_dri_interface::OxglColorFormat;

/// A tile's slice of the target: one row slice per storage row.
pub struct TileView<'a> {
    /// Tile origin x, storage pixels.
    pub x0: i32,
    /// Tile origin y, storage pixels.
    pub y0: i32,
    /// Width in pixels (64 but at the right edge).
    pub w: i32,
    /// Height in pixels (64 but at the bottom edge).
    pub h: i32,
    /// Colour rows.
    pub color: Vec<&'a mut [u32]>,
    /// Depth rows (empty without a depth buffer).
    pub depth: Vec<&'a mut [f32]>,
    /// Stencil rows (empty without a stencil buffer).
    pub stencil: Vec<&'a mut [u8]>,
    /// The extra colour buffers' rows, per buffer.
    pub extra: Vec<Vec<&'a mut [u32]>>,
}

/// Loads the block at tile-local `(lx, ly)` (pixels past the tile's edge
/// read as `T::default()`).
#[inline(always)]
pub fn load<T: Copy + Default>(rows: &[&mut [T]], lx: usize, ly: usize) -> [T; LANES] {
    let mut out = [T::default(); LANES];
    for (r, dst) in out.chunks_exact_mut(4).enumerate() {
        let Some(row) = rows.get(ly + r) else { break };
        if let Some(s) = row.get(lx..lx + 4) {
            dst.copy_from_slice(s);
        } else {
            for (k, d) in dst.iter_mut().enumerate() {
                if let Some(&v) = row.get(lx + k) {
                    *d = v;
                }
            }
        }
    }
    out
}

/// A pixel value stored under a lane mask: four at a time, as a whole row
/// (load, select, store; a branch per lane mispredicted on every other
/// block of a small triangle). 32-bit values select by bit masks, which
/// vectorize: an and, an and-not and an or per row.
pub trait Select: Copy {
    /// `dst[k] = src[k]` for the set bits `k` of `m` (0..16).
    fn select4(dst: &mut [Self; 4], src: &[Self; 4], m: usize);
}

/// Per 4-bit lane mask, each lane's bits.
const ROW_MASKS: [[u32; 4]; 16] = {
    let mut t = [[0; 4]; 16];
    let mut m = 0;
    while m < 16 {
        let mut k = 0;
        while k < 4 {
            if m & (1 << k) != 0 {
                t[m][k] = u32::MAX;
            }
            k += 1;
        }
        m += 1;
    }
    t
};

impl Select for u32 {
    #[inline(always)]
    fn select4(dst: &mut [u32; 4], src: &[u32; 4], m: usize) {
        let k = &ROW_MASKS[m & 0xf];
        let mut out = [0; 4];
        for l in 0..4 {
            out[l] = (src[l] & k[l]) | (dst[l] & !k[l]);
        }
        *dst = out;
    }
}

impl Select for f32 {
    #[inline(always)]
    fn select4(dst: &mut [f32; 4], src: &[f32; 4], m: usize) {
        // The bits, selected as `u32`s.
        let mut bits = dst.map(f32::to_bits);
        u32::select4(&mut bits, &src.map(f32::to_bits), m);
        *dst = bits.map(f32::from_bits);
    }
}

impl Select for u8 {
    #[inline(always)]
    fn select4(dst: &mut [u8; 4], src: &[u8; 4], m: usize) {
        for l in 0..4 {
            if m & (1 << l) != 0 {
                dst[l] = src[l];
            }
        }
    }
}

/// Stores the lanes of `mask` (all inside the tile) of the block at `(lx, ly)`.
#[inline(always)]
pub fn store<T: Select>(rows: &mut [&mut [T]], lx: usize, ly: usize, v: &[T; LANES], mask: u16) {
    for (r, src) in v.chunks_exact(4).enumerate() {
        let m = (mask >> (4 * r)) & 0xf;
        if m == 0 {
            continue;
        }
        let row = &mut rows[ly + r];
        if let Some(dst) = row.get_mut(lx..lx + 4) {
            let dst: &mut [T; 4] = dst.try_into().expect("four lanes");
            let src: &[T; 4] = src.try_into().expect("four lanes");
            if m == 0xf {
                // A whole row: stored without reading the old pixels,
                // which are often not in cache (a read-modify-write of
                // cold framebuffer lines waits for each load).
                *dst = *src;
            } else {
                T::select4(dst, src, m as usize);
            }
        } else {
            for (k, &s) in src.iter().enumerate() {
                if m & (1 << k) != 0 {
                    row[lx + k] = s;
                }
            }
        }
    }
}

/// The four pixels of row `y` from `x` (past the tile's edge:
/// `T::default()`).
#[inline(always)]
fn row4<T: Copy + Default>(rows: &[&mut [T]], x: usize, y: usize) -> [T; 4] {
    let mut out = [T::default(); 4];
    if let Some(row) = rows.get(y) {
        if let Some(s) = row.get(x..x + 4) {
            out.copy_from_slice(s);
        } else {
            for (k, d) in out.iter_mut().enumerate() {
                if let Some(&v) = row.get(x + k) {
                    *d = v;
                }
            }
        }
    }
    out
}

/// Lanes where `f(a[l], b[l])`, as a mask. Each lane's bit first, then
/// their union: this form vectorizes to a compare and a move-mask, where
/// shifting each comparison into the mask compiled to a scalar compare
/// per lane.
#[inline(always)]
fn lanes_where<T: Copy, const K: usize>(a: &[T; K], b: &[T; K], f: impl Fn(T, T) -> bool) -> u16 {
    let mut bits = [0u32; K];
    for l in 0..K {
        bits[l] = if f(a[l], b[l]) { 1 << l } else { 0 };
    }
    bits.iter().fold(0, |m, b| m | b) as u16
}

/// The depth test of the block at `(lx, ly)`: the lanes where `func`
/// passes for `z` against the stored depths, the function matched once
/// for the four rows.
#[inline(always)]
fn depth_rows(
    func: CompareFunc,
    rows: &[&mut [f32]],
    lx: usize,
    ly: usize,
    z: &[f32; LANES],
) -> u16 {
    #[inline(always)]
    fn each(
        rows: &[&mut [f32]],
        lx: usize,
        ly: usize,
        z: &[f32; LANES],
        f: impl Fn(f32, f32) -> bool,
    ) -> u16 {
        let mut m = 0u16;
        for r in 0..4 {
            let zr: &[f32; 4] = z[4 * r..4 * r + 4].try_into().expect("four lanes");
            // Straight from the row: a 16-lane copy assembled from four
            // row loads and read back as 8-lane vectors stalls on store
            // forwarding (a tenth of the tile time of a full-screen
            // depth-tested quad).
            let stored = match rows.get(ly + r).and_then(|row| row.get(lx..lx + 4)) {
                Some(s) => s.try_into().expect("four lanes"),
                None => row4(rows, lx, ly + r),
            };
            m |= lanes_where(zr, &stored, &f) << (4 * r);
        }
        m
    }
    match func {
        CompareFunc::Never => 0,
        CompareFunc::Less => each(rows, lx, ly, z, |a, b| a < b),
        CompareFunc::Equal => each(rows, lx, ly, z, |a, b| a == b),
        CompareFunc::LessEqual => each(rows, lx, ly, z, |a, b| a <= b),
        CompareFunc::Greater => each(rows, lx, ly, z, |a, b| a > b),
        CompareFunc::NotEqual => each(rows, lx, ly, z, |a, b| a != b),
        CompareFunc::GreaterEqual => each(rows, lx, ly, z, |a, b| a >= b),
        CompareFunc::Always => 0xffff,
    }
}

/// The comparison of every lane, with the function matched once.
#[inline(always)]
fn compare<T: Copy + PartialOrd, const K: usize>(func: CompareFunc, a: &[T; K], b: &[T; K]) -> u16 {
    match func {
        CompareFunc::Never => 0,
        CompareFunc::Less => lanes_where(a, b, |a, b| a < b),
        CompareFunc::Equal => lanes_where(a, b, |a, b| a == b),
        CompareFunc::LessEqual => lanes_where(a, b, |a, b| a <= b),
        CompareFunc::Greater => lanes_where(a, b, |a, b| a > b),
        CompareFunc::NotEqual => lanes_where(a, b, |a, b| a != b),
        CompareFunc::GreaterEqual => lanes_where(a, b, |a, b| a >= b),
        CompareFunc::Always => ((1u32 << K) - 1) as u16,
    }
}

/// Depth and stencil test of the lanes in `mask` with fragment depths `z`
/// (`flat`: every lane's depth already quantized, for a primitive of
/// constant depth); updates the buffers and returns the lanes that pass.
#[inline(always)]
#[expect(clippy::too_many_arguments, reason = "the fused test's inputs")]
pub fn depth_stencil(
    view: &mut TileView,
    target: &TargetInfo,
    st: &SceneState,
    lx: usize,
    ly: usize,
    mask: u16,
    (z, flat): (&[f32; LANES], Option<f32>),
    front: bool,
) -> u16 {
    let ds = &st.draw.depth_stencil;
    let mut zq = [0.0f32; LANES];
    let mut dpass = mask;
    if st.depth_on {
        let fmt = target.depth.unwrap_or(super::DepthFormat::D32F);
        zq = match flat {
            Some(q) => [q; LANES],
            None => fmt.quantize_lanes(z),
        };
        dpass &= depth_rows(ds.depth_func, &view.depth, lx, ly, &zq);
    }
    let pass = if st.stencil_on {
        let face: &StencilFace = if front { &ds.front } else { &ds.back };
        let s = load(&view.stencil, lx, ly);
        let vm = face.value_mask;
        let r = [face.reference & vm; LANES];
        let mut sm = [0u8; LANES];
        for l in 0..LANES {
            sm[l] = s[l] & vm;
        }
        let spass = compare(face.func, &r, &sm) & mask;
        let pass = spass & dpass;
        let zfail = spass & !dpass;
        let sfail = mask & !spass;
        let wm = face.write_mask;
        if wm != 0 {
            let mut out = s;
            for (m, op) in [(sfail, face.fail), (zfail, face.zfail), (pass, face.zpass)] {
                if m == 0 || op == super::StencilOp::Keep {
                    continue;
                }
                for l in 0..LANES {
                    if m & (1 << l) != 0 {
                        out[l] = (s[l] & !wm) | (op.apply(s[l], face.reference) & wm);
                    }
                }
            }
            store(&mut view.stencil, lx, ly, &out, mask);
        }
        pass
    } else {
        dpass
    };
    if st.depth_on && ds.depth_write && pass != 0 {
        store(&mut view.depth, lx, ly, &zq, pass);
    }
    pass
}

/// Colour channel bit masks of the `0xAARRGGBB` word, in RGBA order.
const CHANNEL_BITS: [u32; 4] = [0x00ff_0000, 0x0000_ff00, 0x0000_00ff, 0xff00_0000];

use crate::framebuffer::unorm8;

#[inline(always)]
fn pack(c: &[[f32; LANES]; 4]) -> [u32; LANES] {
    let mut out = [0u32; LANES];
    for l in 0..LANES {
        out[l] = (unorm8(c[3][l]) << 24)
            | (unorm8(c[0][l]) << 16)
            | (unorm8(c[1][l]) << 8)
            | unorm8(c[2][l]);
    }
    out
}

#[inline(always)]
fn unpack(d: &[u32; LANES], has_alpha: bool) -> [[f32; LANES]; 4] {
    let mut out = [[0.0; LANES]; 4];
    let k = 1.0 / 255.0;
    for l in 0..LANES {
        out[0][l] = ((d[l] >> 16) & 0xff) as f32 * k;
        out[1][l] = ((d[l] >> 8) & 0xff) as f32 * k;
        out[2][l] = (d[l] & 0xff) as f32 * k;
        out[3][l] = if has_alpha {
            (d[l] >> 24) as f32 * k
        } else {
            1.0
        };
    }
    out
}

/// A blend factor computable in 8-bit fixed point.
#[derive(Clone, Copy)]
enum Fixed {
    Zero,
    One,
    SrcAlpha,
    OneMinusSrcAlpha,
    DstAlpha,
    OneMinusDstAlpha,
}

/// The factors (src RGB, dst RGB, src A, dst A) when the blend is a sum of
/// alpha-type factors — alpha blending, additive, premultiplied — which
/// run on 8-bit integers like llvmpipe's unorm8 path; else `None`.
#[inline(always)]
fn fixed_factors(b: &BlendFunc) -> Option<[Fixed; 4]> {
    if b.eq_rgb != BlendEquation::Add || b.eq_alpha != BlendEquation::Add {
        return None;
    }
    let f = |x: BlendFactor| {
        Some(match x {
            BlendFactor::Zero => Fixed::Zero,
            BlendFactor::One => Fixed::One,
            BlendFactor::SrcAlpha => Fixed::SrcAlpha,
            BlendFactor::OneMinusSrcAlpha => Fixed::OneMinusSrcAlpha,
            BlendFactor::DstAlpha => Fixed::DstAlpha,
            BlendFactor::OneMinusDstAlpha => Fixed::OneMinusDstAlpha,
            _ => return None,
        })
    };
    Some([
        f(b.src_rgb)?,
        f(b.dst_rgb)?,
        f(b.src_alpha)?,
        f(b.dst_alpha)?,
    ])
}

/// `s·fs + d·fd` per channel of packed `0xAARRGGBB` words, rounded to
/// nearest (x / 255 as `(x + 128 + ((x + 128) >> 8)) >> 8`) and saturated.
#[inline(always)]
fn blend_unorm8(
    s: &[u32; LANES],
    d: &[u32; LANES],
    f: [Fixed; 4],
    has_alpha: bool,
) -> [u32; LANES] {
    // Factors as lane arrays first (the state is matched once, not per
    // lane), then one straight-line pass per channel.
    let sa: [u32; LANES] = s.map(|x| x >> 24);
    let da: [u32; LANES] = if has_alpha {
        d.map(|x| x >> 24)
    } else {
        [255; LANES]
    };
    let val = |x: Fixed| -> [u32; LANES] {
        match x {
            Fixed::Zero => [0; LANES],
            Fixed::One => [255; LANES],
            Fixed::SrcAlpha => sa,
            Fixed::OneMinusSrcAlpha => sa.map(|a| 255 - a),
            Fixed::DstAlpha => da,
            Fixed::OneMinusDstAlpha => da.map(|a| 255 - a),
        }
    };
    let (fs, fd, fsa, fda) = (val(f[0]), val(f[1]), val(f[2]), val(f[3]));
    let mut out = [0u32; LANES];
    for shift in [0u32, 8, 16, 24] {
        let (a, b) = if shift == 24 {
            (&fsa, &fda)
        } else {
            (&fs, &fd)
        };
        for l in 0..LANES {
            let x = ((s[l] >> shift) & 0xff) * a[l] + ((d[l] >> shift) & 0xff) * b[l] + 128;
            let v = ((x + (x >> 8)) >> 8).min(255);
            out[l] |= v << shift;
        }
    }
    out
}

/// Blend factor `f` for channel `ch` (3 = alpha); `s1`: the second source
/// colour (dual-source blending).
#[inline(always)]
fn factor(
    f: BlendFactor,
    ch: usize,
    s: &[[f32; LANES]; 4],
    s1: &[[f32; LANES]; 4],
    d: &[[f32; LANES]; 4],
    k: &[f32; 4],
) -> [f32; LANES] {
    let mut out = [0.0; LANES];
    let one_minus = |a: &[f32; LANES]| {
        let mut o = [0.0; LANES];
        for l in 0..LANES {
            o[l] = 1.0 - a[l];
        }
        o
    };
    match f {
        BlendFactor::Zero => {}
        BlendFactor::One => out = [1.0; LANES],
        BlendFactor::SrcColor => out = s[ch],
        BlendFactor::OneMinusSrcColor => out = one_minus(&s[ch]),
        BlendFactor::DstColor => out = d[ch],
        BlendFactor::OneMinusDstColor => out = one_minus(&d[ch]),
        BlendFactor::SrcAlpha => out = s[3],
        BlendFactor::OneMinusSrcAlpha => out = one_minus(&s[3]),
        BlendFactor::DstAlpha => out = d[3],
        BlendFactor::OneMinusDstAlpha => out = one_minus(&d[3]),
        BlendFactor::ConstantColor => out = [k[ch]; LANES],
        BlendFactor::OneMinusConstantColor => out = [1.0 - k[ch]; LANES],
        BlendFactor::ConstantAlpha => out = [k[3]; LANES],
        BlendFactor::OneMinusConstantAlpha => out = [1.0 - k[3]; LANES],
        BlendFactor::Src1Color => out = s1[ch],
        BlendFactor::OneMinusSrc1Color => out = one_minus(&s1[ch]),
        BlendFactor::Src1Alpha => out = s1[3],
        BlendFactor::OneMinusSrc1Alpha => out = one_minus(&s1[3]),
        BlendFactor::SrcAlphaSaturate => {
            if ch == 3 {
                out = [1.0; LANES];
            } else {
                for l in 0..LANES {
                    out[l] = s[3][l].min(1.0 - d[3][l]);
                }
            }
        }
    }
    out
}

/// Blends `s` over `d` per `BlendState`, in place into `s`; `s1` is the
/// second source colour of dual-source factors. Fixed-point buffers clamp
/// the inputs (the caller clamps `s`; `d` is in [0, 1]; `s1` is clamped
/// here) and the constant colour; float buffers (`clamp` false) clamp
/// nothing.
#[inline(always)]
fn blend(
    st: &SceneState,
    func: &BlendFunc,
    s: &mut [[f32; LANES]; 4],
    s1: &[[f32; LANES]; 4],
    d: &[[f32; LANES]; 4],
    clamp: bool,
) {
    let constant = st.draw.blend.constant;
    let k = if clamp {
        constant.map(|v| v.clamp(0.0, 1.0))
    } else {
        constant
    };
    let src = *s;
    let mut src1 = *s1;
    let b = func;
    let dual = [b.src_rgb, b.dst_rgb, b.src_alpha, b.dst_alpha]
        .iter()
        .any(|f| f.is_dual_source());
    if clamp && dual {
        for v in src1.iter_mut().flatten() {
            *v = v.clamp(0.0, 1.0);
        }
    }
    for ch in 0..4 {
        let (eq, sf, df) = if ch < 3 {
            (b.eq_rgb, b.src_rgb, b.dst_rgb)
        } else {
            (b.eq_alpha, b.src_alpha, b.dst_alpha)
        };
        let out = &mut s[ch];
        match eq {
            BlendEquation::Min => {
                for l in 0..LANES {
                    out[l] = src[ch][l].min(d[ch][l]);
                }
            }
            BlendEquation::Max => {
                for l in 0..LANES {
                    out[l] = src[ch][l].max(d[ch][l]);
                }
            }
            _ => {
                let fs = factor(sf, ch, &src, &src1, d, &k);
                let fd = factor(df, ch, &src, &src1, d, &k);
                for l in 0..LANES {
                    let (a, c) = (src[ch][l] * fs[l], d[ch][l] * fd[l]);
                    out[l] = match eq {
                        BlendEquation::Subtract => a - c,
                        BlendEquation::ReverseSubtract => c - a,
                        _ => a + c,
                    };
                }
            }
        }
    }
}

/// [`write_color`] for float buffers: four `f32` words a pixel, nothing
/// clamped, no logic op (GL 4.6 §17.3.9 applies it to fixed-point and
/// integer buffers only).
#[inline(never)]
#[expect(
    clippy::needless_range_loop,
    reason = "a lane indexes the channel arrays and gives the pixel address"
)]
#[expect(clippy::too_many_arguments, reason = "write_color's inputs")]
fn write_color_float(
    rows: &mut [&mut [u32]],
    format: OxglColorFormat,
    st: &SceneState,
    cm: [bool; 4],
    blending: Option<&BlendFunc>,
    lx: usize,
    ly: usize,
    mask: u16,
    c: &mut [[f32; LANES]; 4],
    c1: &[[f32; LANES]; 4],
) {
    if mask == 0 || !cm.iter().any(|&on| on) {
        return;
    }
    let at = |l: usize| (ly + l / 4, 4 * (lx + l % 4));
    if st.draw.blend.clamp_color {
        for v in c.iter_mut().flatten() {
            *v = v.clamp(0.0, 1.0);
        }
    }
    if let Some(func) = blending {
        let mut d = [[0.0f32; LANES]; 4];
        for l in 0..LANES {
            let (y, x) = at(l);
            if let Some(px) = rows.get(y).and_then(|row| row.get(x..x + 4)) {
                for ch in 0..4 {
                    d[ch][l] = f32::from_bits(px[ch]);
                }
            }
        }
        blend(st, func, c, c1, &d, false);
    }
    for l in 0..LANES {
        if mask & (1 << l) == 0 {
            continue;
        }
        let (y, x) = at(l);
        if let Some(px) = rows.get_mut(y).and_then(|row| row.get_mut(x..x + 4)) {
            let v = format.quantize([c[0][l], c[1][l], c[2][l], c[3][l]]);
            for ch in 0..4 {
                if cm[ch] {
                    px[ch] = v[ch].to_bits();
                }
            }
        }
    }
}

/// [`write_color`] for integer buffers: the bits of each channel as the
/// shader wrote them, under the logic op (GL 4.6 §17.3.9); blending and
/// dithering do not apply to integer buffers (§17.3.6, §17.3.8).
#[inline(never)]
#[expect(
    clippy::needless_range_loop,
    reason = "a lane indexes the channel arrays and gives the pixel address"
)]
fn write_color_int(
    rows: &mut [&mut [u32]],
    st: &SceneState,
    cm: [bool; 4],
    lx: usize,
    ly: usize,
    mask: u16,
    c: &[[f32; LANES]; 4],
) {
    if mask == 0 || !cm.iter().any(|&on| on) {
        return;
    }
    let op = st.draw.blend.logic_op;
    for l in 0..LANES {
        if mask & (1 << l) == 0 {
            continue;
        }
        let (y, x) = (ly + l / 4, 4 * (lx + l % 4));
        if let Some(px) = rows.get_mut(y).and_then(|row| row.get_mut(x..x + 4)) {
            for ch in 0..4 {
                if cm[ch] {
                    let src = c[ch][l].to_bits();
                    px[ch] = op.map_or(src, |op| op.apply(src, px[ch]));
                }
            }
        }
    }
}

/// sRGB-encodes the colour channels of `c` (alpha stays linear).
fn encode_srgb(c: &mut [[f32; LANES]; 4]) {
    for ch in &mut c[..3] {
        for v in ch.iter_mut() {
            *v = oxgl_dri_interface::linear_to_srgb(*v);
        }
    }
}

/// The linear value of each 8-bit sRGB-encoded value.
fn srgb_decode_table() -> &'static [f32; 256] {
    static TABLE: std::sync::OnceLock<[f32; 256]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| oxgl_dri_interface::srgb_to_linear(i as f32 / 255.0))
    })
}

/// Blends/logic-ops and writes the lanes of `mask` of colour `c` into the
/// colour buffer `rows` (the tile's rows of a buffer in `format`), the
/// channels of `cm`; `blending`: that buffer's blend function while its
/// blending is on (per buffer since ABI 13, EXT_draw_buffers2, and
/// ABI 18, ARB_draw_buffers_blend); `srgb`: the 8-bit buffer holds
/// sRGB-encoded colour (`GL_FRAMEBUFFER_SRGB`), blended in linear terms;
/// `c1`: the second source colour, which dual-source blend factors read.
#[inline(always)]
#[expect(
    clippy::too_many_arguments,
    reason = "the fused per-fragment write's inputs"
)]
pub fn write_color(
    rows: &mut [&mut [u32]],
    format: OxglColorFormat,
    st: &SceneState,
    cm: [bool; 4],
    blending: Option<&BlendFunc>,
    srgb: bool,
    lx: usize,
    ly: usize,
    mask: u16,
    c: &mut [[f32; LANES]; 4],
    c1: &[[f32; LANES]; 4],
) {
    if format.is_float() {
        write_color_float(rows, format, st, cm, blending, lx, ly, mask, c, c1);
        return;
    }
    if format.is_integer() {
        write_color_int(rows, st, cm, lx, ly, mask, c);
        return;
    }
    let has_alpha = format != OxglColorFormat::B8G8R8X8;
    let b = &st.draw.blend;
    let mut write = 0u32;
    for (bits, on) in CHANNEL_BITS.iter().zip(cm) {
        if on {
            write |= bits;
        }
    }
    if !has_alpha {
        // X8 formats: alpha always reads and writes as 0xff.
        write &= 0x00ff_ffff;
    }
    if write == 0 || mask == 0 {
        return;
    }
    let forced = if has_alpha { 0 } else { 0xff00_0000 };
    let full_write = write | forced == 0xffff_ffff;
    let mut out;
    if srgb && !(blending.is_some() && b.logic_op.is_none()) {
        encode_srgb(c);
    }
    if let Some(op) = b.logic_op {
        let src = pack(c);
        let dst = load(rows, lx, ly);
        out = [0u32; LANES];
        for l in 0..LANES {
            let v = op.apply(src[l], dst[l]);
            out[l] = (v & write) | (dst[l] & !write) | forced;
        }
    } else if let Some(func) = blending
        && !srgb
        && let Some(f) = fixed_factors(func)
    {
        let src = pack(c);
        let dst = load(rows, lx, ly);
        let v = blend_unorm8(&src, &dst, f, has_alpha);
        out = [0u32; LANES];
        for l in 0..LANES {
            out[l] = (v[l] & write) | (dst[l] & !write) | forced;
        }
    } else if let Some(func) = blending {
        let dst = load(rows, lx, ly);
        let mut d = unpack(&dst, has_alpha);
        if srgb {
            let table = srgb_decode_table();
            for l in 0..LANES {
                for ch in 0..3 {
                    d[ch][l] = table[(dst[l] >> (16 - 8 * ch)) as usize & 0xff];
                }
            }
        }
        for ch in c.iter_mut() {
            for v in ch.iter_mut() {
                *v = v.clamp(0.0, 1.0);
            }
        }
        blend(st, func, c, c1, &d, true);
        if srgb {
            encode_srgb(c);
        }
        let v = pack(c);
        out = [0u32; LANES];
        for l in 0..LANES {
            out[l] = (v[l] & write) | (dst[l] & !write) | forced;
        }
    } else {
        out = pack(c);
        if !full_write {
            let dst = load(rows, lx, ly);
            for l in 0..LANES {
                out[l] = (out[l] & write) | (dst[l] & !write) | forced;
            }
        } else if forced != 0 {
            for v in out.iter_mut() {
                *v |= forced;
            }
        }
    }
    store(rows, lx, ly, &out, mask);
}
