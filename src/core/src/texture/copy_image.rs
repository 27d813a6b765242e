//! Image copies between textures and renderbuffers (ARB_copy_image,
//! GL 4.3; GL 4.6 §18.3.3): `glCopyImageSubData`.
//!
//! Each side is taken out as a [`Surface`] — one level of a texture or a
//! renderbuffer as slices (cube faces, array layers, 3D slices) of
//! texels, and the blocks of a compressed format — the region is copied
//! between the two, and the destination is put back. A copy between two
//! formats moves bits: texels of one size class are read in the
//! source's format and written in the destination's (as a texture view
//! reinterprets them), and a compressed block is the one texel of an
//! uncompressed format of its size, or a block of a compressed format of
//! its class.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::pixel::transfer::client_image;
use crate::state::PixelStore;
use crate::texture::view::{texel_pixels, view_class};
use crate::texture::{
    Compressed, Texture, compressed_kind, decode_compressed, encode_srgb, internal_format, is_srgb,
    to_stored,
};

/// One level of a texture or a renderbuffer, as the copy sees it.
struct Surface {
    /// Internal format (unsized ones as their sized equivalent).
    fmt: GLenum,
    /// Width of one sample image, height, slices.
    size: [usize; 3],
    /// Samples (1 without multisampling): a row holds the sample images
    /// side by side.
    samples: usize,
    /// Texels, slice after slice, rows bottom first.
    texels: Vec<[f32; 4]>,
    /// A compressed format's blocks, slice after slice (4×4 texels a
    /// block, rows of blocks bottom first).
    blocks: Option<(Compressed, Vec<u8>)>,
}

/// Where one side of a copy is.
#[derive(Clone, Copy)]
enum Object {
    /// A texture's level.
    Texture(u32, usize),
    /// A renderbuffer.
    Renderbuffer(u32),
}

/// One side of a copy as the command names it.
type Side = (u32, GLenum, i32, [i32; 3]);

/// The sized format an unsized one stands for (what the copy compares
/// and reinterprets).
fn sized(fmt: GLenum) -> GLenum {
    match fmt {
        GL_RGBA => GL_RGBA8,
        GL_RGB => GL_RGB8,
        GL_RG => GL_RG8,
        GL_RED => GL_R8,
        f => f,
    }
}

/// Bytes of one texel of an uncompressed format whose bits a copy can
/// move (table 8.22's), `None` for another.
fn texel_bytes(fmt: GLenum) -> Option<usize> {
    let (f, t) = texel_pixels(fmt)?;
    Some(
        client_image(f, t, 1, 1, 1, &PixelStore::unpadded())
            .ok()?
            .byte_len,
    )
}

/// Whether a copy from `src` to `dst` may be made (GL 4.6 §18.3.3): the
/// same format, one view class, or a compressed format and an
/// uncompressed one whose texel is as large as its block.
fn compatible(src: GLenum, dst: GLenum) -> bool {
    if src == dst {
        return true;
    }
    match (compressed_kind(src), compressed_kind(dst)) {
        (Some(_), Some(_)) | (None, None) => {
            view_class(src).is_some_and(|c| view_class(dst) == Some(c))
        }
        (Some(k), None) => texel_bytes(dst) == Some(k.block_bytes()),
        (None, Some(k)) => texel_bytes(src) == Some(k.block_bytes()),
    }
}

impl Context {
    /// `glCopyImageSubData`. Errors, in Mesa's order, each side's first:
    /// INVALID_ENUM for a target that is no texture target (buffer
    /// textures and cube map faces included) or `GL_RENDERBUFFER`, or not
    /// the object's; INVALID_VALUE for a name that is no object, a level
    /// that has no image (a renderbuffer's other than 0), a negative size
    /// or a region outside either image, or a compressed region not made
    /// of whole blocks; INVALID_OPERATION for an incomplete texture,
    /// formats that cannot be copied between, or different sample counts.
    pub fn copy_image_sub_data(&mut self, src: Side, dst: Side, size: [i32; 3]) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        let src_obj = self.copy_object(src)?;
        let dst_obj = self.copy_object(dst)?;
        if size.iter().any(|&n| n < 0) {
            return Err(ApiError::InvalidValue);
        }
        let s = self
            .take_surface(src_obj)
            .ok_or(ApiError::InvalidOperation)?;
        let mut d = self
            .take_surface(dst_obj)
            .ok_or(ApiError::InvalidOperation)?;
        copy_region(&s, src.3, &mut d, dst.3, size)?;
        self.put_surface(dst_obj, d);
        Ok(())
    }

    /// Checks one side's target, name and level.
    fn copy_object(&self, (name, target, level, _): Side) -> ApiResult<Object> {
        if target == GL_RENDERBUFFER {
            // A name generated but never bound has no storage yet: as an
            // incomplete texture (Mesa's error; piglit expects it).
            let (_, size) = match self.renderbuffer_format(name) {
                Some(f) => f,
                None if self.renderbuffer_generated(name) => {
                    return Err(ApiError::InvalidOperation);
                }
                None => return Err(ApiError::InvalidValue),
            };
            if size.contains(&0) {
                return Err(ApiError::InvalidOperation);
            }
            if level != 0 {
                return Err(ApiError::InvalidValue);
            }
            return Ok(Object::Renderbuffer(name));
        }
        if !matches!(
            target,
            GL_TEXTURE_1D
                | GL_TEXTURE_2D
                | GL_TEXTURE_3D
                | GL_TEXTURE_1D_ARRAY
                | GL_TEXTURE_2D_ARRAY
                | GL_TEXTURE_CUBE_MAP
                | GL_TEXTURE_CUBE_MAP_ARRAY
                | GL_TEXTURE_RECTANGLE
                | GL_TEXTURE_2D_MULTISAMPLE
                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        ) || crate::texture::target_index(target).is_err()
        {
            return Err(ApiError::InvalidEnum);
        }
        let shared = self.shared().clone();
        let texs = shared.textures();
        let Some(t) = texs.get(name).filter(|_| name != 0) else {
            // Generated but never bound: no images, so incomplete (Mesa).
            return Err(if name != 0 && texs.is_generated(name) {
                ApiError::InvalidOperation
            } else {
                ApiError::InvalidValue
            });
        };
        if t.target != target {
            return Err(ApiError::InvalidEnum);
        }
        // Mesa's order: an incomplete texture (one without images too)
        // before a level it does not have.
        if t.complete_with(&t.params).is_none() {
            return Err(ApiError::InvalidOperation);
        }
        let level = usize::try_from(level).map_err(|_| ApiError::InvalidValue)?;
        if !t.images.contains_key(&(0, level)) {
            return Err(ApiError::InvalidValue);
        }
        Ok(Object::Texture(name, level))
    }

    /// Takes one side out as a [`Surface`] (live images copied back
    /// first); `None` for what cannot be copied (a depth or stencil
    /// renderbuffer).
    fn take_surface(&mut self, obj: Object) -> Option<Surface> {
        match obj {
            Object::Renderbuffer(name) => {
                let (fmt, [w, h], samples, texels) = self.renderbuffer_color(name)?;
                Some(Surface {
                    fmt: sized(fmt),
                    size: [w, h, 1],
                    samples,
                    texels,
                    blocks: None,
                })
            }
            Object::Texture(name, level) => {
                self.fbo_resolve();
                let shared = self.shared().clone();
                let texs = shared.textures();
                texture_surface(texs.get(name)?, level)
            }
        }
    }

    /// Puts the destination back (a texture's views are brought up to
    /// date).
    fn put_surface(&mut self, obj: Object, s: Surface) {
        match obj {
            Object::Renderbuffer(name) => self.set_renderbuffer_color(name, s.texels),
            Object::Texture(name, level) => {
                let shared = self.shared().clone();
                let mut texs = shared.textures();
                if let Some(t) = texs.get_mut(name) {
                    store_surface(t, level, s);
                    t.touch();
                }
                texs.sync_views(name);
            }
        }
    }
}

/// Level `level` of `t` as a surface: a cube map's faces, an array's
/// layers (a 1D array's rows) or a 3D texture's slices.
fn texture_surface(t: &Texture, level: usize) -> Option<Surface> {
    let cube = t.target == GL_TEXTURE_CUBE_MAP;
    let faces = if cube { 6 } else { 1 };
    let first = t.images.get(&(0, level))?;
    let [mut w, mut h, mut d] = first.size;
    let samples = (t.samples as usize).max(1);
    w /= samples;
    if t.target == GL_TEXTURE_1D_ARRAY {
        (h, d) = (1, h);
    }
    let fmt = sized(first.internal_format);
    let kind = compressed_kind(first.internal_format);
    let mut texels = Vec::new();
    let mut blocks = Vec::new();
    for f in 0..faces {
        let img = t.images.get(&(f, level))?;
        texels.extend_from_slice(&img.texels.to_f32());
        if kind.is_some() {
            blocks.extend_from_slice(img.compressed.as_deref()?);
        }
    }
    if cube {
        d = 6;
    }
    Some(Surface {
        fmt,
        size: [w, h, d],
        samples,
        texels,
        blocks: kind.map(|k| (k, blocks)),
    })
}

/// Writes `s` back into level `level` of `t` (the images `texture_surface`
/// made it from).
fn store_surface(t: &mut Texture, level: usize, s: Surface) {
    let faces = if t.target == GL_TEXTURE_CUBE_MAP {
        6
    } else {
        1
    };
    let per_face = s.texels.len() / faces;
    let blocks_per_face = s.blocks.as_ref().map_or(0, |(_, b)| b.len() / faces);
    for f in 0..faces {
        let Some(img) = t.images.get_mut(&(f, level)) else {
            continue;
        };
        for (i, &v) in s.texels[f * per_face..(f + 1) * per_face]
            .iter()
            .enumerate()
        {
            img.texels.set(i, v);
        }
        if let (Some((_, b)), Some(c)) = (&s.blocks, img.compressed.as_mut()) {
            let part = &b[f * blocks_per_face..(f + 1) * blocks_per_face];
            if c.len() == part.len() {
                c.copy_from_slice(part);
            }
        }
    }
}

/// A compressed region's extent in one dimension: whole blocks, or
/// reaching the image's edge.
fn block_aligned(offset: usize, len: usize, extent: usize) -> bool {
    offset.is_multiple_of(4) && (len.is_multiple_of(4) || offset + len == extent)
}

/// Copies the region of `size` texels of `s` at `so` to `d` at `dso`:
/// the INVALID_VALUE checks of the regions first, then the formats' and
/// sample counts' INVALID_OPERATION (Mesa's order).
fn copy_region(
    s: &Surface,
    so: [i32; 3],
    d: &mut Surface,
    dso: [i32; 3],
    size: [i32; 3],
) -> ApiResult {
    let so = so.map(|v| usize::try_from(v).map_err(|_| ApiError::InvalidValue));
    let dso = dso.map(|v| usize::try_from(v).map_err(|_| ApiError::InvalidValue));
    let [sx, sy, sz] = [so[0]?, so[1]?, so[2]?];
    let [dx, dy, dz] = [dso[0]?, dso[1]?, dso[2]?];
    let [w, h, depth] = size.map(|v| v as usize);
    // The source region, and the units (texels, or blocks) it holds.
    let inside = |o: usize, n: usize, extent: usize| o.checked_add(n).is_some_and(|e| e <= extent);
    if !inside(sx, w, s.size[0]) || !inside(sy, h, s.size[1]) || !inside(sz, depth, s.size[2]) {
        return Err(ApiError::InvalidValue);
    }
    let s_block = s.blocks.is_some();
    let d_block = d.blocks.is_some();
    if s_block && (!block_aligned(sx, w, s.size[0]) || !block_aligned(sy, h, s.size[1])) {
        return Err(ApiError::InvalidValue);
    }
    let (nx, ny) = if s_block {
        (w.div_ceil(4), h.div_ceil(4))
    } else {
        (w, h)
    };
    // The destination region: as many units.
    let (dw, dh) = if d_block { (nx * 4, ny * 4) } else { (nx, ny) };
    let (dext_w, dext_h) = if d_block {
        (d.size[0].next_multiple_of(4), d.size[1].next_multiple_of(4))
    } else {
        (d.size[0], d.size[1])
    };
    if !inside(dx, dw, dext_w) || !inside(dy, dh, dext_h) || !inside(dz, depth, d.size[2]) {
        return Err(ApiError::InvalidValue);
    }
    if d_block && (dx % 4 != 0 || dy % 4 != 0) {
        return Err(ApiError::InvalidValue);
    }
    if !compatible(s.fmt, d.fmt) || s.samples != d.samples {
        return Err(ApiError::InvalidOperation);
    }
    if w == 0 || h == 0 || depth == 0 {
        return Ok(());
    }
    // The same uncompressed format: texels as they are (depth formats
    // too, whose bits have no client format).
    if s.fmt == d.fmt && !s_block {
        for z in 0..depth {
            for k in 0..s.samples {
                for y in 0..h {
                    for x in 0..w {
                        let v = s.texels[s.at(sx + x, sy + y, sz + z, k)];
                        let i = d.at(dx + x, dy + y, dz + z, k);
                        d.texels[i] = v;
                    }
                }
            }
        }
        return Ok(());
    }
    // Otherwise bits, unit by unit, row by row.
    for z in 0..depth {
        for k in 0..s.samples {
            for uy in 0..ny {
                let row = s.read_units(sx, sy, sz + z, k, (uy, nx))?;
                d.write_units(dx, dy, dz + z, k, (uy, nx), &row)?;
            }
        }
        if let Some((kind, blocks)) = &d.blocks {
            d.decode_slice(*kind, blocks.clone(), dz + z);
        }
    }
    Ok(())
}

impl Surface {
    /// The index of sample `k` of texel (x, y) of slice z.
    fn at(&self, x: usize, y: usize, z: usize, k: usize) -> usize {
        let [w, h, _] = self.size;
        let row = w * self.samples;
        z * h * row + y * row + k * w + x
    }

    /// Blocks of one row and of one slice.
    fn block_counts(&self) -> (usize, usize) {
        let (bw, bh) = (self.size[0].div_ceil(4), self.size[1].div_ceil(4));
        (bw, bw * bh)
    }

    /// The bytes of units `0..n` of unit row `uy` of the region at
    /// (x, y) (texels: their format's bits; blocks: as stored).
    fn read_units(
        &self,
        x: usize,
        y: usize,
        z: usize,
        k: usize,
        (uy, n): (usize, usize),
    ) -> ApiResult<Vec<u8>> {
        if let Some((kind, blocks)) = &self.blocks {
            let bb = kind.block_bytes();
            let (per_row, per_slice) = self.block_counts();
            let first = z * per_slice + (y / 4 + uy) * per_row + x / 4;
            return blocks
                .get(first * bb..(first + n) * bb)
                .map(<[u8]>::to_vec)
                .ok_or(ApiError::InvalidOperation);
        }
        let texels: Vec<[f32; 4]> = (0..n)
            .map(|i| self.texels[self.at(x + i, y + uy, z, k)])
            .map(|t| if is_srgb(self.fmt) { encode_srgb(t) } else { t })
            .collect();
        let (f, t) = texel_pixels(self.fmt).ok_or(ApiError::InvalidOperation)?;
        let image = client_image(f, t, n, 1, 1, &PixelStore::unpadded())?.for_integer(self.fmt)?;
        let mut bytes = vec![0; image.byte_len];
        image.pack(&texels, &mut bytes);
        Ok(bytes)
    }

    /// Writes the units `read_units` gave into unit row `uy` of the
    /// region at (x, y).
    fn write_units(
        &mut self,
        x: usize,
        y: usize,
        z: usize,
        k: usize,
        (uy, n): (usize, usize),
        bytes: &[u8],
    ) -> ApiResult {
        if let Some((kind, blocks)) = &mut self.blocks {
            let bb = kind.block_bytes();
            let (bw, bh) = (self.size[0].div_ceil(4), self.size[1].div_ceil(4));
            let first = z * bw * bh + (y / 4 + uy) * bw + x / 4;
            let dst = blocks
                .get_mut(first * bb..(first + n) * bb)
                .ok_or(ApiError::InvalidOperation)?;
            if dst.len() != bytes.len() {
                return Err(ApiError::InvalidOperation);
            }
            dst.copy_from_slice(bytes);
            return Ok(());
        }
        let (f, t) = texel_pixels(self.fmt).ok_or(ApiError::InvalidOperation)?;
        let image = client_image(f, t, n, 1, 1, &PixelStore::unpadded())?.for_integer(self.fmt)?;
        if image.byte_len != bytes.len() {
            return Err(ApiError::InvalidOperation);
        }
        let (base, bits) = internal_format(self.fmt).ok_or(ApiError::InvalidOperation)?;
        for (i, t) in image.unpack(bytes).into_iter().enumerate() {
            let at = self.at(x + i, y + uy, z, k);
            self.texels[at] = to_stored(t, self.fmt, base, bits);
        }
        Ok(())
    }

    /// Decodes slice `z` of `blocks` into the texels.
    fn decode_slice(&mut self, kind: Compressed, blocks: Vec<u8>, z: usize) {
        let [w, h, _] = self.size;
        let (_, per_slice) = self.block_counts();
        let bb = kind.block_bytes();
        let Some(slice) = blocks.get(z * per_slice * bb..(z + 1) * per_slice * bb) else {
            return;
        };
        let Some((base, bits)) = internal_format(self.fmt) else {
            return;
        };
        let decoded = decode_compressed(kind, slice, [w, h, 1]);
        let fmt = self.fmt;
        let start = z * w * h;
        for (i, t) in decoded.into_iter().enumerate() {
            if let Some(dst) = self.texels.get_mut(start + i) {
                *dst = to_stored(t, fmt, base, bits);
            }
        }
    }
}
