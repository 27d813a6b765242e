//! Image load, store and atomics (ARB_shader_image_load_store, GL 4.6
//! §8.26): the texture images a draw's image units bind
//! ([`OxglImageDesc`]), seen as 32-bit words every shader thread may touch,
//! and the operations of [`oxgl_exec::TextureHost::image`] on them.
//!
//! * A texel is read as the bytes of its texture's format and decoded as
//!   the unit's format (formats of one size reinterpret each other's
//!   bytes); a store encodes the shader's value in the unit's format and
//!   writes those bytes as the texture's format. Images the core keeps
//!   as four channel words a texel ([`image_storage::CHANNELS`]) are
//!   encoded from and decoded into those words; packed ones (buffer
//!   textures) hold the bytes themselves.
//! * Every word is read and written atomically, so concurrent stores
//!   leave each word whole. Atomics on a texel whose 32 bits are one
//!   word (`GL_R32UI`, `GL_R32I`, `GL_R32F` textures, packed 4-byte
//!   texels) are hardware atomics on it; the others (an `GL_RGBA8` texture
//!   bound as `GL_R32UI`) run under one lock.
//! * Coordinates outside the binding load zero bytes (so a format's
//!   missing channels still read 0, 0, 1), atomics return 0, and
//!   neither they nor stores change anything; stores and atomics
//!   through a `GL_READ_ONLY` unit change nothing either.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use oxgl_dri_interface::{OxglImageDesc, image_storage};
use oxgl_exec::ImageArgs;
use oxgl_ir::{Dim, ImageDecl, ImageKind, ImageOp};
use oxgl_util::format::ImageFormat;

/// `GL_READ_ONLY`.
const READ_ONLY: u32 = 0x88B8;

/// The lock of atomics that span several words.
static WIDE_ATOMICS: Mutex<()> = Mutex::new(());

/// A texture image bound to an image unit for one draw.
#[derive(Debug)]
pub struct ImageView {
    /// The image binding it serves.
    pub binding: u32,
    /// The unit's format (what shaders read and write).
    format: ImageFormat,
    /// The texture's format (what the planes encode).
    texture_format: ImageFormat,
    /// Stores and atomics change texels.
    writable: bool,
    /// The planes hold the texture format's bytes (else four channel
    /// words a texel).
    packed: bool,
    /// Width, height, depth.
    size: [u32; 3],
    /// One plane, or six faces.
    planes: Vec<&'static [AtomicU32]>,
}

impl ImageView {
    /// The view of `d`, or `None` when its formats are not image formats
    /// of one size or its storage is unknown.
    ///
    /// # Safety
    /// `d.planes` points to `d.num_planes` pointers, each valid for
    /// reads and writes, 4-byte aligned, of the texels `d` describes, for
    /// the draw call (ABI contract). The `'static` is the call's: every
    /// use ends before `draw_prims` returns (the draw finishes first), and
    /// only atomic accesses are made.
    #[allow(unsafe_code)]
    pub unsafe fn new(d: &OxglImageDesc) -> Option<ImageView> {
        let format = ImageFormat::from_gl(d.format)?;
        let texture_format = ImageFormat::from_gl(d.texture_format)?;
        if format.size() != texture_format.size() || !matches!(d.num_planes, 1 | 6) {
            return None;
        }
        let packed = match d.storage {
            image_storage::CHANNELS => false,
            image_storage::PACKED => true,
            _ => return None,
        };
        let [w, h, depth] = d.size.map(|x| x as usize);
        let texels = if d.num_planes == 6 {
            w * h
        } else {
            w * h * depth
        };
        let words = if packed {
            (texels * texture_format.size()).div_ceil(4)
        } else {
            4 * texels
        };
        if d.planes.is_null() {
            return None;
        }
        // SAFETY: per the contract, `num_planes` pointers.
        let ptrs = unsafe { std::slice::from_raw_parts(d.planes, d.num_planes as usize) };
        let mut planes = Vec::with_capacity(ptrs.len());
        for &p in ptrs {
            if p.is_null() || !(p as usize).is_multiple_of(std::mem::align_of::<AtomicU32>()) {
                return None;
            }
            // SAFETY: per the contract; `AtomicU32` has the layout of `u32`.
            planes.push(unsafe { std::slice::from_raw_parts(p.cast::<AtomicU32>(), words) });
        }
        Some(ImageView {
            binding: d.binding,
            format,
            texture_format,
            writable: d.access != READ_ONLY,
            packed,
            size: d.size,
            planes,
        })
    }

    /// The plane and texel index of coordinate `c` of an image declared
    /// as `decl`, if inside the binding.
    fn texel(&self, decl: &ImageDecl, c: [i32; 3]) -> Option<(usize, usize)> {
        // Which coordinates the declaration gives: a 1D array's layer is
        // its second, the others' third.
        let used = match (decl.dim, decl.arrayed) {
            (Dim::D1 | Dim::Buffer, false) => 1,
            (Dim::D1, true) | (Dim::D2 | Dim::Rect, false) => 2,
            _ => 3,
        };
        let mut p = [0usize; 3];
        for k in 0..used {
            let x = usize::try_from(c[k]).ok()?;
            if x >= self.size[k] as usize {
                return None;
            }
            p[k] = x;
        }
        let [w, h, _] = self.size.map(|x| x as usize);
        Some(if self.planes.len() == 6 {
            (p[2], p[1] * w + p[0])
        } else {
            (0, (p[2] * h + p[1]) * w + p[0])
        })
    }

    /// The bytes of texel `i` of `plane` in the texture's format.
    fn read(&self, plane: usize, i: usize) -> [u8; 16] {
        let words = self.planes[plane];
        let mut out = [0u8; 16];
        if self.packed {
            let size = self.texture_format.size();
            for (k, b) in out.iter_mut().enumerate().take(size) {
                let at = i * size + k;
                if let Some(w) = words.get(at / 4) {
                    *b = w.load(Ordering::Relaxed).to_le_bytes()[at % 4];
                }
            }
        } else {
            let mut channels = [0u32; 4];
            for (k, c) in channels.iter_mut().enumerate() {
                *c = words
                    .get(4 * i + k)
                    .map_or(0, |w| w.load(Ordering::Relaxed));
            }
            self.texture_format.encode(channels, &mut out);
        }
        out
    }

    /// Writes `bytes`, a texel in the texture's format, to texel `i` of
    /// `plane`.
    fn write(&self, plane: usize, i: usize, bytes: &[u8; 16]) {
        let words = self.planes[plane];
        if self.packed {
            let size = self.texture_format.size();
            if size >= 4 {
                for k in 0..size / 4 {
                    let mut word = [0u8; 4];
                    word.copy_from_slice(&bytes[4 * k..4 * k + 4]);
                    if let Some(w) = words.get(i * size / 4 + k) {
                        w.store(u32::from_le_bytes(word), Ordering::Relaxed);
                    }
                }
                return;
            }
            // One or two bytes of a word: merged into it atomically.
            let at = i * size;
            let Some(w) = words.get(at / 4) else { return };
            let shift = 8 * (at % 4) as u32;
            let mask = ((1u32 << (8 * size)) - 1) << shift;
            let value = (u32::from(bytes[0]) | u32::from(bytes[1]) << 8) << shift & mask;
            let _ = w.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
                Some(old & !mask | value)
            });
        } else {
            let channels = self.texture_format.decode(bytes);
            let n = usize::from(self.texture_format.channels);
            for (k, &c) in channels.iter().enumerate().take(n) {
                if let Some(w) = words.get(4 * i + k) {
                    w.store(c, Ordering::Relaxed);
                }
            }
        }
    }

    /// The word holding texel `i` of `plane` whole, for hardware atomics.
    fn word(&self, plane: usize, i: usize) -> Option<&AtomicU32> {
        let words = self.planes[plane];
        let whole = if self.packed {
            self.texture_format.size() == 4
        } else {
            self.texture_format.channels == 1 && self.texture_format.bits[0] == 32
        };
        whole.then(|| words.get(if self.packed { i } else { 4 * i }))?
    }

    /// `imageSize`: the binding's size as `decl` sees it.
    fn size_of(&self, decl: &ImageDecl) -> [u32; 3] {
        let [w, h, d] = self.size;
        match (decl.dim, decl.arrayed) {
            (Dim::Cube, true) => [w, h, d / 6],
            _ => [w, h, d],
        }
    }

    /// Runs `op` for lane `l`; returns the result's components.
    fn lane<const N: usize>(
        &self,
        decl: &ImageDecl,
        op: &ImageOp,
        args: &ImageArgs<N>,
        l: usize,
    ) -> [u32; 4] {
        match op.kind {
            ImageKind::Size => {
                let s = self.size_of(decl);
                // A 1D array's layers follow its width.
                return match (decl.dim, decl.arrayed) {
                    (Dim::D1, true) => [s[0], s[1], 0, 0],
                    _ => [s[0], s[1], s[2], 0],
                };
            }
            ImageKind::Samples => return [0; 4],
            _ => {}
        }
        let c = [args.coord[0][l], args.coord[1][l], args.coord[2][l]];
        let Some((plane, i)) = self.texel(decl, c) else {
            // A texel that does not exist loads as zero bytes would: the
            // channels the format lacks still read 0, 0, 1 (as Mesa).
            return if op.kind == ImageKind::Load {
                self.format.decode(&[0; 16])
            } else {
                [0; 4]
            };
        };
        match op.kind {
            ImageKind::Load => self.format.decode(&self.read(plane, i)),
            ImageKind::Store => {
                if self.writable {
                    let mut bytes = [0u8; 16];
                    let value = std::array::from_fn(|k| args.value[k][l]);
                    self.format.encode(value, &mut bytes);
                    self.write(plane, i, &bytes);
                }
                [0; 4]
            }
            kind => {
                let Some(aop) = kind.atomic_op() else {
                    return [0; 4];
                };
                let (x, y) = if kind == ImageKind::AtomicCmpXchg {
                    (args.compare[l], args.value[0][l])
                } else {
                    (args.value[0][l], 0)
                };
                if !self.writable {
                    return [self.format.decode(&self.read(plane, i))[0], 0, 0, 0];
                }
                if let Some(w) = self.word(plane, i) {
                    return [oxgl_exec::atomic_rmw(w, aop, x, y), 0, 0, 0];
                }
                // The texel's bits are spread over channel words: the
                // operation on its 32 bits under the lock.
                let _guard = WIDE_ATOMICS.lock().unwrap_or_else(|p| p.into_inner());
                let bytes = self.read(plane, i);
                let old = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                let cell = AtomicU32::new(old);
                oxgl_exec::atomic_rmw(&cell, aop, x, y);
                let mut new = [0u8; 16];
                new[..4].copy_from_slice(&cell.into_inner().to_le_bytes());
                self.write(plane, i, &new);
                [old, 0, 0, 0]
            }
        }
    }
}

/// [`oxgl_exec::TextureHost::image`] on the views of a draw (by binding):
/// lanes of `mask` in order; an image binding without a view reads 0 and
/// changes nothing.
pub fn image_op<const N: usize>(
    views: &[ImageView],
    decl: &ImageDecl,
    op: &ImageOp,
    args: &ImageArgs<N>,
    mask: u32,
    out: &mut [[u32; N]; 4],
) {
    *out = [[0; N]; 4];
    let Some(view) = views.iter().find(|v| v.binding == decl.binding) else {
        return;
    };
    for l in (0..N).filter(|&l| mask & (1 << l) != 0) {
        let r = view.lane(decl, op, args, l);
        for (o, v) in out.iter_mut().zip(r) {
            o[l] = v;
        }
    }
}
