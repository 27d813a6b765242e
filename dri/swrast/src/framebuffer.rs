//! Drawable storage and the operations on whole buffers (clear, resize,
//! swap). Safe code only: the hook layer hands in plain descriptors.
//!
//! Storage layout: colour is one `u32` per pixel holding `0xAARRGGBB`, which in
//! little-endian memory is B, G, R, A — the layout of X11 TrueColor depth 24 and
//! 32 visuals, so presenting is a copy. Rows are stored top row first (X11
//! order); GL window coordinates have their origin at the bottom left, so GL row
//! `y` lives at storage row `height - 1 - y`. Depth is `f32` in [0, 1], stencil
//! one `u8` per pixel. Float colour buffers
//! ([`OxglColorFormat::R32G32B32A32Float`], framebuffer objects) hold four
//! `u32` words per pixel, the bits of red, green, blue and alpha `f32`s.

use oxgl_dri_interface::{
    OXGL_MAX_EXTRA_COLOR_BUFFERS as EXTRA_BUFFERS, OxglBuffer, OxglColorFormat, OxglDrawableDesc,
    OxglRect, clear_bits, draw_buffer_bits,
};

use std::sync::Arc;

use crate::texture::{Packed, Texels, UNORM8};

/// Everything a clear needs, decoded from `OxglClearDesc`.
#[derive(Clone, Copy, Debug)]
pub struct ClearParams {
    /// `clear_bits` of the buffers to clear.
    pub buffers: u32,
    /// `draw_buffer_bits`: which colour buffers.
    pub draw_buffers: u32,
    /// RGBA of fixed-point and float buffers.
    pub color: [f32; 4],
    /// RGBA of integer buffers, as bits.
    pub color_int: [u32; 4],
    /// sRGB-encoded buffers (`OxglClearDesc::srgb_buffers`): bit 0 the
    /// window's or first buffer, bit `i` extra buffer `i`.
    pub srgb: u32,
    /// Per-channel write enables.
    pub color_mask: [bool; 4],
    /// Depth in [0, 1].
    pub depth: f64,
    /// Stencil value and write mask.
    pub stencil: u32,
    /// Stencil write mask.
    pub stencil_mask: u32,
    /// Region to clear, already intersected with the scissor when enabled.
    pub rect: Option<OxglRect>,
    /// With `CLEAR_COLOR`: bit `i - 1` clears extra colour buffer `i`.
    pub extra: u32,
    /// The extra colour buffers' write masks.
    pub extra_masks: [[bool; 4]; EXTRA_BUFFERS],
}

impl ClearParams {
    /// The clear colour of buffer `bit` (of [`ClearParams::srgb`]) in
    /// `format`: integer buffers take the integer bits (as `f32`s, the way
    /// their words are written), sRGB-encoded ones the encoded colour.
    pub fn color_for(&self, format: OxglColorFormat, bit: u32) -> [f32; 4] {
        if format.is_integer() {
            self.color_int.map(f32::from_bits)
        } else if self.srgb & bit != 0 && color_words(format) == 1 {
            let [r, g, b, a] = self.color;
            let e = oxgl_dri_interface::linear_to_srgb;
            [e(r), e(g), e(b), a]
        } else {
            self.color
        }
    }
}

/// An extra colour buffer of a drawable (a framebuffer object's colour
/// attachment 1 onwards).
#[derive(Debug)]
pub struct ColorPlane {
    /// Its format.
    pub format: OxglColorFormat,
    /// Its pixels, rows top first as the main buffers.
    pub data: Vec<u32>,
}

/// The buffers of one drawable.
#[derive(Debug)]
pub struct Buffers {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Creation parameters.
    pub desc: OxglDrawableDesc,
    /// Front colour buffer.
    pub front: Vec<u32>,
    /// Back colour buffer (empty when single-buffered).
    pub back: Vec<u32>,
    /// Depth buffer (empty when there is none).
    pub depth: Vec<f32>,
    /// Stencil buffer (empty when there is none).
    pub stencil: Vec<u8>,
    /// Extra colour buffers (`OxglDrawableDesc::extra_color_buffers`).
    pub extra: Vec<ColorPlane>,
}

/// Allocation failed.
#[derive(Debug)]
pub struct OutOfMemory;

fn alloc<T: Clone>(n: usize, value: T) -> Result<Vec<T>, OutOfMemory> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| OutOfMemory)?;
    v.resize(n, value);
    Ok(v)
}

fn pixel_count(width: u32, height: u32) -> Result<usize, OutOfMemory> {
    (width as usize)
        .checked_mul(height as usize)
        .ok_or(OutOfMemory)
}

/// Converts `v` to an 8-bit unorm: clamped to [0, 1] (NaN to 0), scaled by
/// 255, rounded to nearest even. Written with the float "magic number"
/// (adding 1.5 × 2^23 leaves the rounded integer in the low mantissa bits)
/// so that loops of it vectorize: Rust's saturating `as` does not.
#[inline(always)]
#[expect(
    clippy::manual_clamp,
    reason = "max/min turn NaN into 0; clamp keeps NaN"
)]
pub fn unorm8(v: f32) -> u32 {
    (v.max(0.0).min(1.0) * 255.0 + 12_582_912.0).to_bits() & 0xff
}

/// Packs a clamped RGBA colour into the storage word (8-bit formats).
pub fn pack_color(c: [f32; 4], format: OxglColorFormat) -> u32 {
    let q = unorm8;
    let a = match format {
        OxglColorFormat::B8G8R8X8 => 0xff,
        _ => q(c[3]),
    };
    (a << 24) | (q(c[0]) << 16) | (q(c[1]) << 8) | q(c[2])
}

/// Storage words per pixel of a colour buffer in `format`.
pub fn color_words(format: OxglColorFormat) -> usize {
    format.bytes_per_pixel() / 4
}

/// The storage words of one pixel of colour `c` in `format` (the first
/// [`color_words`] of them are used).
fn pixel_words(c: [f32; 4], format: OxglColorFormat) -> [u32; 4] {
    if color_words(format) == 4 {
        format.quantize(c).map(f32::to_bits)
    } else {
        [pack_color(c, format), 0, 0, 0]
    }
}

/// `width * height` pixels of colour `c`.
fn alloc_color(n: usize, c: [f32; 4], format: OxglColorFormat) -> Result<Vec<u32>, OutOfMemory> {
    let words = color_words(format);
    let px = pixel_words(c, format);
    let mut v = alloc(n.checked_mul(words).ok_or(OutOfMemory)?, 0u32)?;
    for chunk in v.chunks_exact_mut(words) {
        chunk.copy_from_slice(&px[..words]);
    }
    Ok(v)
}

impl Buffers {
    /// Allocates storage for `desc`, colour cleared to black, depth to 1.0.
    pub fn new(desc: &OxglDrawableDesc) -> Result<Self, OutOfMemory> {
        let mut b = Buffers {
            width: 0,
            height: 0,
            desc: *desc,
            front: Vec::new(),
            back: Vec::new(),
            depth: Vec::new(),
            stencil: Vec::new(),
            extra: Vec::new(),
        };
        b.resize(desc.width.max(1), desc.height.max(1))?;
        Ok(b)
    }

    /// Reallocates to `width` x `height`, keeping the overlapping pixels
    /// anchored at the bottom left (GL's origin).
    pub fn resize(&mut self, width: u32, height: u32) -> Result<(), OutOfMemory> {
        let width = width.max(1);
        let height = height.max(1);
        if width == self.width && height == self.height {
            return Ok(());
        }
        let n = pixel_count(width, height)?;
        let format = self.desc.color_format;
        let opaque = [0.0, 0.0, 0.0, 1.0];
        let mut front = alloc_color(n, opaque, format)?;
        let mut back = if self.desc.double_buffered != 0 {
            alloc_color(n, opaque, format)?
        } else {
            Vec::new()
        };
        let mut depth = if self.desc.depth_bits != 0 {
            alloc(n, 1.0f32)?
        } else {
            Vec::new()
        };
        let mut stencil = if self.desc.stencil_bits != 0 {
            alloc(n, 0u8)?
        } else {
            Vec::new()
        };
        let n_extra = (self.desc.extra_color_buffers as usize).min(EXTRA_BUFFERS);
        let mut extra = Vec::with_capacity(n_extra);
        for &f in &self.desc.extra_color_formats[..n_extra] {
            let mut data = alloc_color(n, opaque, f)?;
            let words = color_words(f) as u32;
            if let Some(old) = self.extra.get(extra.len()) {
                copy_overlap(
                    &old.data,
                    self.width * words,
                    self.height,
                    &mut data,
                    width * words,
                    height,
                );
            }
            extra.push(ColorPlane { format: f, data });
        }
        self.extra = extra;
        let (ow, oh) = (self.width, self.height);
        let words = color_words(format) as u32;
        copy_overlap(
            &self.front,
            ow * words,
            oh,
            &mut front,
            width * words,
            height,
        );
        copy_overlap(&self.back, ow * words, oh, &mut back, width * words, height);
        copy_overlap(&self.depth, ow, oh, &mut depth, width, height);
        copy_overlap(&self.stencil, ow, oh, &mut stencil, width, height);
        self.front = front;
        self.back = back;
        self.depth = depth;
        self.stencil = stencil;
        self.width = width;
        self.height = height;
        Ok(())
    }

    /// The `width` × `height` pixels of `buffer` from the bottom-left
    /// corner as RGBA `f32` texels, rows bottom first: the image a texture
    /// sampled straight from this drawable sees (`OxglTexImage::drawable`,
    /// ABI 10). 8-bit colour reads as unsigned normalized values (X as 1),
    /// float colour as stored, depth as `(d, 0, 0, 1)`. `None` when the
    /// buffer is missing or smaller than asked, or allocation fails.
    pub fn texels(&self, buffer: OxglBuffer, width: u32, height: u32) -> Option<Vec<[f32; 4]>> {
        if width > self.width || height > self.height {
            return None;
        }
        let (w, h) = (width as usize, height as usize);
        let mut out: Vec<[f32; 4]> = Vec::new();
        out.try_reserve_exact(w.checked_mul(h)?).ok()?;
        // Storage row of GL row `y`.
        let row = |y: usize| self.height as usize - 1 - y;
        let stride = self.width as usize;
        if buffer == OxglBuffer::Depth {
            if self.depth.is_empty() {
                return None;
            }
            for y in 0..h {
                let r = &self.depth[row(y) * stride..][..w];
                out.extend(r.iter().map(|&d| [d, 0.0, 0.0, 1.0]));
            }
            return Some(out);
        }
        // The stencil index normalized in G, as a depth/stencil texture's
        // texels keep it (sampled through swizzle 7).
        if buffer == OxglBuffer::Stencil {
            if self.stencil.is_empty() {
                return None;
            }
            for y in 0..h {
                let r = &self.stencil[row(y) * stride..][..w];
                out.extend(r.iter().map(|&s| [0.0, f32::from(s) / 255.0, 0.0, 1.0]));
            }
            return Some(out);
        }
        let (data, format) = match buffer {
            OxglBuffer::FrontColor => (&self.front, self.desc.color_format),
            OxglBuffer::BackColor if !self.back.is_empty() => (&self.back, self.desc.color_format),
            OxglBuffer::BackColor => (&self.front, self.desc.color_format),
            other => {
                let plane = self.extra.get(other.extra_index()? - 1)?;
                (&plane.data, plane.format)
            }
        };
        let words = color_words(format);
        for y in 0..h {
            let r = data.get(row(y) * stride * words..)?.get(..w * words)?;
            match format {
                OxglColorFormat::B8G8R8A8 => out.extend(r.iter().map(|&p| {
                    let c = |s: u32| UNORM8[(p >> s) as usize & 0xff];
                    [c(16), c(8), c(0), c(24)]
                })),
                OxglColorFormat::B8G8R8X8 => out.extend(r.iter().map(|&p| {
                    let c = |s: u32| UNORM8[(p >> s) as usize & 0xff];
                    [c(16), c(8), c(0), 1.0]
                })),
                _ => out.extend(
                    r.chunks_exact(4)
                        .map(|px| std::array::from_fn(|c| f32::from_bits(px[c]))),
                ),
            }
        }
        Some(out)
    }

    /// [`Buffers::texels`] swizzled by `swizzle` in the form the sampler
    /// reads: 8-bit colour stays 8-bit (packed RGBA, a byte shuffle per
    /// pixel, no conversion to `f32`), anything else `f32`.
    pub fn sampled(
        &self,
        buffer: OxglBuffer,
        width: u32,
        height: u32,
        swizzle: [u8; 4],
    ) -> Option<Texels> {
        let as_f32 = || {
            let mut t = self.texels(buffer, width, height)?;
            if swizzle != [0, 1, 2, 3] {
                for t in &mut t {
                    *t = crate::texture::swizzle(*t, swizzle);
                }
            }
            Some(Texels::F32(Arc::new(t)))
        };
        let (data, format) = match buffer {
            OxglBuffer::Stencil => return as_f32(),
            OxglBuffer::Depth => {
                if self.depth.is_empty() || width > self.width || height > self.height {
                    return None;
                }
                let (w, h) = (width as usize, height as usize);
                let stride = self.width as usize;
                let mut out = Packed::vec_for(w.checked_mul(h)?)?;
                for y in 0..h {
                    let row = &self.depth[(self.height as usize - 1 - y) * stride..][..w];
                    out.extend(row.iter().map(|d| d.to_bits()));
                }
                return Some(Texels::Depth(Arc::new(out.into()), swizzle));
            }
            OxglBuffer::FrontColor => (&self.front, self.desc.color_format),
            OxglBuffer::BackColor if !self.back.is_empty() => (&self.back, self.desc.color_format),
            OxglBuffer::BackColor => (&self.front, self.desc.color_format),
            other => {
                let plane = self.extra.get(other.extra_index()? - 1)?;
                (&plane.data, plane.format)
            }
        };
        let opaque = match format {
            OxglColorFormat::B8G8R8A8 => false,
            OxglColorFormat::B8G8R8X8 => true,
            _ => return as_f32(),
        };
        if swizzle.iter().any(|&c| c > 5) {
            return as_f32();
        }
        if width > self.width || height > self.height {
            return None;
        }
        let (w, h) = (width as usize, height as usize);
        let stride = self.width as usize;
        let mut out = Packed::vec_for(w.checked_mul(h)?)?;
        // The byte of a B, G, R, A/X pixel each output channel takes
        // (4: zero, 5: one).
        let shift = swizzle.map(|c| match c {
            0 => 16,
            1 => 8,
            2 => 0,
            3 if !opaque => 24,
            4 => 32,
            _ => 33,
        });
        for y in 0..h {
            let row = data
                .get((self.height as usize - 1 - y) * stride..)?
                .get(..w)?;
            if shift == [16, 8, 0, 24] {
                // The identity swizzle: R and B exchanged.
                out.extend(
                    row.iter()
                        .map(|&p| (p & 0xff00_ff00) | ((p >> 16) & 0xff) | ((p & 0xff) << 16)),
                );
            } else {
                out.extend(row.iter().map(|&p| {
                    let mut q = 0;
                    for (c, &s) in shift.iter().enumerate() {
                        let b = match s {
                            32 => 0,
                            33 => 0xff,
                            s => (p >> s) & 0xff,
                        };
                        q |= b << (8 * c);
                    }
                    q
                }));
            }
        }
        Some(Texels::Unorm8(Arc::new(out.into())))
    }

    /// Exchanges front and back (no-op when single-buffered).
    pub fn swap(&mut self) {
        if !self.back.is_empty() {
            std::mem::swap(&mut self.front, &mut self.back);
        }
    }

    /// The colour buffer that `draw_buffer_bits::DRAW_BACK` names: the back buffer,
    /// or the front one in a single-buffered drawable.
    pub fn back_or_front(&mut self) -> &mut Vec<u32> {
        if self.back.is_empty() {
            &mut self.front
        } else {
            &mut self.back
        }
    }

    /// The colour buffers `draw_buffers` ([`draw_buffer_bits`]) names.
    fn color_targets(&mut self, draw_buffers: u32) -> Vec<&mut Vec<u32>> {
        let mut targets: Vec<&mut Vec<u32>> = Vec::with_capacity(2);
        let single = self.back.is_empty();
        if draw_buffers & draw_buffer_bits::DRAW_FRONT != 0
            || (single && draw_buffers & draw_buffer_bits::DRAW_BACK != 0)
        {
            targets.push(&mut self.front);
        }
        if !single && draw_buffers & draw_buffer_bits::DRAW_BACK != 0 {
            targets.push(&mut self.back);
        }
        targets
    }

    /// Clamps `rect` (GL window coordinates) to the drawable; `None` = everything.
    fn region(&self, rect: Option<OxglRect>) -> (u32, u32, u32, u32) {
        match rect {
            None => (0, 0, self.width, self.height),
            Some(r) => {
                let x0 = r.x.clamp(0, self.width as i32) as u32;
                let y0 = r.y.clamp(0, self.height as i32) as u32;
                let x1 = (r.x.saturating_add(r.width)).clamp(0, self.width as i32) as u32;
                let y1 = (r.y.saturating_add(r.height)).clamp(0, self.height as i32) as u32;
                (x0, y0, x1.max(x0), y1.max(y0))
            }
        }
    }

    /// Clears the buffers `p` names.
    pub fn clear(&mut self, p: &ClearParams) {
        let (x0, y0, x1, y1) = self.region(p.rect);
        if x0 == x1 || y0 == y1 {
            return;
        }
        let (w, h) = (self.width as usize, self.height as usize);
        let rows = move || (y0 as usize..y1 as usize).map(move |y| (h - 1 - y) * w);
        let span = x0 as usize..x1 as usize;
        if p.buffers & clear_bits::CLEAR_COLOR != 0 {
            let format = self.desc.color_format;
            for buf in self.color_targets(p.draw_buffers) {
                clear_plane(
                    buf,
                    format,
                    rows(),
                    &span,
                    p.color_for(format, 1),
                    p.color_mask,
                );
            }
            for (i, plane) in self.extra.iter_mut().enumerate() {
                if p.extra & (1 << i) != 0 {
                    let mask = p.extra_masks[i];
                    let color = p.color_for(plane.format, 2 << i);
                    clear_plane(&mut plane.data, plane.format, rows(), &span, color, mask);
                }
            }
        }
        if p.buffers & clear_bits::CLEAR_DEPTH != 0 && !self.depth.is_empty() {
            let d = p.depth.clamp(0.0, 1.0) as f32;
            for row in rows() {
                self.depth[row + span.start..row + span.end].fill(d);
            }
        }
        if p.buffers & clear_bits::CLEAR_STENCIL != 0 && !self.stencil.is_empty() {
            let mask = (p.stencil_mask & 0xff) as u8;
            let value = (p.stencil & 0xff) as u8;
            for row in rows() {
                for s in &mut self.stencil[row + span.start..row + span.end] {
                    *s = (*s & !mask) | (value & mask);
                }
            }
        }
    }
}

/// Clears columns `span` of the storage rows starting at the pixel
/// offsets `rows` yields to `color`, the channels of `mask` only.
fn clear_plane(
    buf: &mut [u32],
    format: OxglColorFormat,
    rows: impl Iterator<Item = usize>,
    span: &std::ops::Range<usize>,
    color: [f32; 4],
    mask: [bool; 4],
) {
    let words = color_words(format);
    let clear = ClearSpan::new(format, color, mask);
    for row in rows {
        if let Some(line) = buf.get_mut(words * (row + span.start)..words * (row + span.end)) {
            clear.apply(line);
        }
    }
}

/// A colour clear's storage words, worked out once for the many rows of
/// a clear and applied to each ([`ClearSpan::apply`]): the clear of a
/// 64×64 tile used to convert and pack the colour again for every row.
#[derive(Clone, Copy, Debug)]
pub enum ClearSpan {
    /// Four words a pixel (float formats), the channels of the mask.
    Words4([u32; 4], [bool; 4]),
    /// One packed word a pixel: the bits of `keep` stay as they are.
    Packed { value: u32, keep: u32 },
}

impl ClearSpan {
    /// The clear of `color` into `format`, the channels of `mask` only.
    pub fn new(format: OxglColorFormat, color: [f32; 4], mask: [bool; 4]) -> Self {
        // Float formats round the value as they keep it; integer ones take
        // the bits as they are.
        if color_words(format) == 4 {
            return ClearSpan::Words4(format.quantize(color).map(f32::to_bits), mask);
        }
        let value = pack_color(color, format);
        let mut keep = 0u32;
        // Storage word bytes: B (bits 0-7), G, R, A (24-31).
        for (channel, shift) in [(0usize, 16u32), (1, 8), (2, 0), (3, 24)] {
            if !mask[channel] {
                keep |= 0xff << shift;
            }
        }
        if format == OxglColorFormat::B8G8R8X8 {
            keep &= 0x00ff_ffff;
        }
        ClearSpan::Packed { value, keep }
    }

    /// Sets every pixel of `line` (storage words of a colour buffer in
    /// the format) to the colour, the channels of the mask only.
    #[inline]
    pub fn apply(&self, line: &mut [u32]) {
        match *self {
            ClearSpan::Words4(value, mask) => {
                for px in line.chunks_exact_mut(4) {
                    for c in 0..4 {
                        if mask[c] {
                            px[c] = value[c];
                        }
                    }
                }
            }
            ClearSpan::Packed { value, keep: 0 } => line.fill(value),
            ClearSpan::Packed { value, keep } => {
                for px in line {
                    *px = (*px & keep) | (value & !keep);
                }
            }
        }
    }
}

/// Copies the overlap of two images of different sizes, bottom rows aligned.
fn copy_overlap<T: Copy>(src: &[T], sw: u32, sh: u32, dst: &mut [T], dw: u32, dh: u32) {
    if src.is_empty() || dst.is_empty() {
        return;
    }
    let w = sw.min(dw) as usize;
    let h = sh.min(dh) as usize;
    for y in 0..h {
        let s = (sh as usize - 1 - y) * sw as usize;
        let d = (dh as usize - 1 - y) * dw as usize;
        dst[d..d + w].copy_from_slice(&src[s..s + w]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(w: u32, h: u32) -> OxglDrawableDesc {
        OxglDrawableDesc {
            width: w,
            height: h,
            color_format: OxglColorFormat::B8G8R8A8,
            double_buffered: 1,
            depth_bits: 24,
            stencil_bits: 8,
            accum_bits: 0,
            samples: 0,
            extra_color_buffers: 0,
            extra_color_formats: [OxglColorFormat::B8G8R8A8; EXTRA_BUFFERS],
            layers: 0,
        }
    }

    fn params() -> ClearParams {
        ClearParams {
            buffers: clear_bits::CLEAR_COLOR | clear_bits::CLEAR_DEPTH | clear_bits::CLEAR_STENCIL,
            draw_buffers: draw_buffer_bits::DRAW_BACK,
            color: [1.0, 0.5, 0.0, 1.0],
            color_int: [0; 4],
            srgb: 0,
            color_mask: [true; 4],
            depth: 0.25,
            stencil: 0x5a,
            stencil_mask: 0xff,
            rect: None,
            extra: 0,
            extra_masks: [[true; 4]; EXTRA_BUFFERS],
        }
    }

    #[test]
    fn clear_fills_back_only() {
        let mut b = Buffers::new(&desc(4, 3)).unwrap();
        b.clear(&params());
        assert!(b.back.iter().all(|&p| p == 0xffff8000));
        assert!(b.front.iter().all(|&p| p == 0xff000000));
        assert!(b.depth.iter().all(|&d| d == 0.25));
        assert!(b.stencil.iter().all(|&s| s == 0x5a));
        b.swap();
        assert_eq!(b.front[0], 0xffff8000);
    }

    #[test]
    fn scissored_masked_clear() {
        let mut b = Buffers::new(&desc(4, 4)).unwrap();
        let mut p = params();
        p.rect = Some(OxglRect {
            x: 1,
            y: 0,
            width: 2,
            height: 1,
        });
        p.color_mask = [true, false, true, true];
        b.clear(&p);
        // GL row 0 is the last storage row.
        assert_eq!(b.back[12], 0xff000000);
        assert_eq!(b.back[13], 0xffff0000);
        assert_eq!(b.back[14], 0xffff0000);
        assert_eq!(b.back[0], 0xff000000);
    }

    #[test]
    fn texels_read_from_the_bottom_left() {
        let mut b = Buffers::new(&desc(3, 2)).unwrap();
        // GL (0, 0) is storage row 1; (1, 1) storage row 0.
        b.front[3] = 0x80ff_0033;
        b.front[1] = 0xff00_ff00;
        b.depth[3] = 0.5;
        let t = b.texels(OxglBuffer::FrontColor, 2, 2).unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t[0], [1.0, 0.0, 0.2, 128.0 / 255.0]);
        assert_eq!(t[3], [0.0, 1.0, 0.0, 1.0]);
        let d = b.texels(OxglBuffer::Depth, 1, 1).unwrap();
        assert_eq!(d, vec![[0.5, 0.0, 0.0, 1.0]]);
        assert!(b.texels(OxglBuffer::FrontColor, 4, 1).is_none());
        assert!(b.texels(OxglBuffer::Color1, 1, 1).is_none());
    }

    #[test]
    fn resize_keeps_bottom_left() {
        let mut b = Buffers::new(&desc(2, 2)).unwrap();
        b.front[2] = 7; // GL (0, 0)
        b.resize(3, 3).unwrap();
        assert_eq!(b.front[6], 7);
        assert!(Buffers::new(&desc(u32::MAX, u32::MAX)).is_err());
    }

    #[test]
    fn sampled_8_bit_colour_stays_8_bit() {
        let mut b = Buffers::new(&desc(3, 2)).unwrap();
        // GL (0, 0) is storage row 1: B, G, R, A = 0x33, 0x00, 0xff, 0x80.
        b.front[3] = 0x80ff_0033;
        let Some(Texels::Unorm8(t)) = b.sampled(OxglBuffer::FrontColor, 2, 2, [0, 1, 2, 3]) else {
            panic!("not packed");
        };
        assert_eq!(t.len(), 4);
        assert_eq!(t[0], 0x8033_00ff);
        // Swizzled: A, zero, one, B.
        let Some(Texels::Unorm8(t)) = b.sampled(OxglBuffer::FrontColor, 1, 1, [3, 4, 5, 2]) else {
            panic!("not packed");
        };
        assert_eq!(t[0], 0x33ff_0080);
        // Depth keeps one value per texel; the integer one needs f32.
        b.depth[3] = 0.5;
        let Some(Texels::Depth(d, sw)) = b.sampled(OxglBuffer::Depth, 1, 1, [0, 0, 0, 5]) else {
            panic!("not depth");
        };
        assert_eq!((d[0], sw), (0.5f32.to_bits(), [0, 0, 0, 5]));
        assert!(matches!(
            b.sampled(OxglBuffer::FrontColor, 1, 1, [0, 1, 2, 6]),
            Some(Texels::F32(_))
        ));
        assert!(
            b.sampled(OxglBuffer::FrontColor, 4, 1, [0, 1, 2, 3])
                .is_none()
        );
    }
}
