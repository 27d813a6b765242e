//! Texture views (ARB_texture_view, GL 4.6 §8.18): `glTextureView`, the
//! view classes (table 8.22), the view queries and the data store a view
//! shares with its origin.
//!
//! Every texture keeps its own images (RGBA `f32` texels in its format's
//! terms, texture.rs), so a data store here is a group of textures: the
//! immutable texture `glTexStorage*` made and the views made from it or
//! from each other. They carry the same [`ViewOf::store`] and say which
//! levels and layers of the store they hold. Whatever changes an image of
//! one member (`glTexSubImage*`, copies, mipmap generation, rendering into
//! it once the framebuffer is copied back) changes its serial, and
//! [`Textures::sync_views`] then writes the levels and layers it shares
//! into every other member: through the bytes of the writer's format, read
//! back in the reader's (the spec's reinterpretation, as for image loads
//! and stores), or as they are when both formats are the same. Each member
//! owns its copy, so deleting the origin keeps its views' contents; the
//! store lives as long as one member does.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::pixel::transfer::client_image;
use crate::state::PixelStore;
use crate::texture::{
    Compressed, TexImage, Texels, Texture, Textures, compressed_kind, decode_compressed,
    encode_srgb, is_srgb, layer_axis, make_image, target_index, to_stored,
};

/// Where a texture lies in its data store (ARB_texture_view's
/// `TEXTURE_VIEW_*` state and `TEXTURE_IMMUTABLE_LEVELS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewOf {
    /// The data store: the same value for an origin and all its views.
    pub store: u64,
    /// `TEXTURE_VIEW_MIN_LEVEL`: the store level of the texture's level 0.
    pub min_level: usize,
    /// `TEXTURE_VIEW_NUM_LEVELS`.
    pub num_levels: usize,
    /// `TEXTURE_VIEW_MIN_LAYER`: the store layer (cube faces count as
    /// layers) of the texture's layer 0.
    pub min_layer: usize,
    /// `TEXTURE_VIEW_NUM_LAYERS`.
    pub num_layers: usize,
    /// `TEXTURE_IMMUTABLE_LEVELS`: the origin's level count, which a view
    /// inherits (its own levels are `num_levels`).
    pub immutable_levels: usize,
}

/// The view class of an internal format (table 8.22, and the S3TC rows
/// EXT_texture_compression_s3tc with EXT_texture_sRGB adds); `None` for a
/// format outside the table, which a view may only keep as it is.
pub fn view_class(fmt: GLenum) -> Option<GLenum> {
    Some(match fmt {
        GL_RGBA32F | GL_RGBA32UI | GL_RGBA32I => GL_VIEW_CLASS_128_BITS,
        GL_RGB32F | GL_RGB32UI | GL_RGB32I => GL_VIEW_CLASS_96_BITS,
        GL_RGBA16F | GL_RG32F | GL_RGBA16UI | GL_RG32UI | GL_RGBA16I | GL_RG32I | GL_RGBA16
        | GL_RGBA16_SNORM => GL_VIEW_CLASS_64_BITS,
        GL_RGB16 | GL_RGB16_SNORM | GL_RGB16F | GL_RGB16UI | GL_RGB16I => GL_VIEW_CLASS_48_BITS,
        GL_RG16F | GL_R11F_G11F_B10F | GL_R32F | GL_RGB10_A2UI | GL_RGBA8UI | GL_RG16UI
        | GL_R32UI | GL_RGBA8I | GL_RG16I | GL_R32I | GL_RGB10_A2 | GL_RGBA8 | GL_RG16
        | GL_RGBA8_SNORM | GL_RG16_SNORM | GL_SRGB8_ALPHA8 | GL_RGB9_E5 => GL_VIEW_CLASS_32_BITS,
        GL_RGB8 | GL_RGB8_SNORM | GL_SRGB8 | GL_RGB8UI | GL_RGB8I => GL_VIEW_CLASS_24_BITS,
        GL_R16F | GL_RG8UI | GL_R16UI | GL_RG8I | GL_R16I | GL_RG8 | GL_R16 | GL_RG8_SNORM
        | GL_R16_SNORM => GL_VIEW_CLASS_16_BITS,
        GL_R8UI | GL_R8I | GL_R8 | GL_R8_SNORM => GL_VIEW_CLASS_8_BITS,
        GL_COMPRESSED_RED_RGTC1 | GL_COMPRESSED_SIGNED_RED_RGTC1 => GL_VIEW_CLASS_RGTC1_RED,
        GL_COMPRESSED_RG_RGTC2 | GL_COMPRESSED_SIGNED_RG_RGTC2 => GL_VIEW_CLASS_RGTC2_RG,
        GL_COMPRESSED_RGBA_BPTC_UNORM | GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM => {
            GL_VIEW_CLASS_BPTC_UNORM
        }
        GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT | GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT => {
            GL_VIEW_CLASS_BPTC_FLOAT
        }
        GL_COMPRESSED_RGB_S3TC_DXT1_EXT | GL_COMPRESSED_SRGB_S3TC_DXT1_EXT => {
            GL_VIEW_CLASS_S3TC_DXT1_RGB
        }
        GL_COMPRESSED_RGBA_S3TC_DXT1_EXT | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT => {
            GL_VIEW_CLASS_S3TC_DXT1_RGBA
        }
        GL_COMPRESSED_RGBA_S3TC_DXT3_EXT | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT => {
            GL_VIEW_CLASS_S3TC_DXT3_RGBA
        }
        GL_COMPRESSED_RGBA_S3TC_DXT5_EXT | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT => {
            GL_VIEW_CLASS_S3TC_DXT5_RGBA
        }
        _ => return None,
    })
}

/// Whether a texture of internal format `orig` may be viewed as `new`
/// (GL 4.6 §8.18: the same class of table 8.22, or the same format).
/// A format this core does not hold is no view's.
pub fn compatible_formats(orig: GLenum, new: GLenum) -> bool {
    crate::texture::internal_format(new).is_some()
        && (orig == new || view_class(orig).is_some_and(|c| view_class(new) == Some(c)))
}

/// The client format and type whose pixels are exactly the bits of an
/// uncompressed format of table 8.22 (how a texel is reinterpreted).
pub(crate) fn texel_pixels(fmt: GLenum) -> Option<(GLenum, GLenum)> {
    Some(match fmt {
        GL_RGBA32F => (GL_RGBA, GL_FLOAT),
        GL_RGBA32UI => (GL_RGBA_INTEGER, GL_UNSIGNED_INT),
        GL_RGBA32I => (GL_RGBA_INTEGER, GL_INT),
        GL_RGB32F => (GL_RGB, GL_FLOAT),
        GL_RGB32UI => (GL_RGB_INTEGER, GL_UNSIGNED_INT),
        GL_RGB32I => (GL_RGB_INTEGER, GL_INT),
        GL_RGBA16F => (GL_RGBA, GL_HALF_FLOAT),
        GL_RG32F => (GL_RG, GL_FLOAT),
        GL_RGBA16UI => (GL_RGBA_INTEGER, GL_UNSIGNED_SHORT),
        GL_RG32UI => (GL_RG_INTEGER, GL_UNSIGNED_INT),
        GL_RGBA16I => (GL_RGBA_INTEGER, GL_SHORT),
        GL_RG32I => (GL_RG_INTEGER, GL_INT),
        GL_RGBA16 => (GL_RGBA, GL_UNSIGNED_SHORT),
        GL_RGBA16_SNORM => (GL_RGBA, GL_SHORT),
        GL_RGB16 => (GL_RGB, GL_UNSIGNED_SHORT),
        GL_RGB16_SNORM => (GL_RGB, GL_SHORT),
        GL_RGB16F => (GL_RGB, GL_HALF_FLOAT),
        GL_RGB16UI => (GL_RGB_INTEGER, GL_UNSIGNED_SHORT),
        GL_RGB16I => (GL_RGB_INTEGER, GL_SHORT),
        GL_RG16F => (GL_RG, GL_HALF_FLOAT),
        GL_R11F_G11F_B10F => (GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV),
        GL_R32F => (GL_RED, GL_FLOAT),
        GL_RGB10_A2UI => (GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV),
        GL_RGBA8UI => (GL_RGBA_INTEGER, GL_UNSIGNED_BYTE),
        GL_RG16UI => (GL_RG_INTEGER, GL_UNSIGNED_SHORT),
        GL_R32UI => (GL_RED_INTEGER, GL_UNSIGNED_INT),
        GL_RGBA8I => (GL_RGBA_INTEGER, GL_BYTE),
        GL_RG16I => (GL_RG_INTEGER, GL_SHORT),
        GL_R32I => (GL_RED_INTEGER, GL_INT),
        GL_RGB10_A2 => (GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV),
        GL_RGBA8 | GL_SRGB8_ALPHA8 => (GL_RGBA, GL_UNSIGNED_BYTE),
        GL_RG16 => (GL_RG, GL_UNSIGNED_SHORT),
        GL_RGBA8_SNORM => (GL_RGBA, GL_BYTE),
        GL_RG16_SNORM => (GL_RG, GL_SHORT),
        GL_RGB9_E5 => (GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV),
        GL_RGB8 | GL_SRGB8 => (GL_RGB, GL_UNSIGNED_BYTE),
        GL_RGB8_SNORM => (GL_RGB, GL_BYTE),
        GL_RGB8UI => (GL_RGB_INTEGER, GL_UNSIGNED_BYTE),
        GL_RGB8I => (GL_RGB_INTEGER, GL_BYTE),
        GL_R16F => (GL_RED, GL_HALF_FLOAT),
        GL_RG8UI => (GL_RG_INTEGER, GL_UNSIGNED_BYTE),
        GL_R16UI => (GL_RED_INTEGER, GL_UNSIGNED_SHORT),
        GL_RG8I => (GL_RG_INTEGER, GL_BYTE),
        GL_R16I => (GL_RED_INTEGER, GL_SHORT),
        GL_RG8 => (GL_RG, GL_UNSIGNED_BYTE),
        GL_R16 => (GL_RED, GL_UNSIGNED_SHORT),
        GL_RG8_SNORM => (GL_RG, GL_BYTE),
        GL_R16_SNORM => (GL_RED, GL_SHORT),
        GL_R8UI => (GL_RED_INTEGER, GL_UNSIGNED_BYTE),
        GL_R8I => (GL_RED_INTEGER, GL_BYTE),
        GL_R8 => (GL_RED, GL_UNSIGNED_BYTE),
        GL_R8_SNORM => (GL_RED, GL_BYTE),
        _ => return None,
    })
}

/// Whether `target` may view a texture of `orig` (table 8.21).
fn targets_compatible(orig: GLenum, target: GLenum) -> bool {
    let ok: &[GLenum] = match orig {
        GL_TEXTURE_1D | GL_TEXTURE_1D_ARRAY => &[GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY],
        GL_TEXTURE_2D => &[GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY],
        GL_TEXTURE_3D => &[GL_TEXTURE_3D],
        GL_TEXTURE_RECTANGLE => &[GL_TEXTURE_RECTANGLE],
        // Multisample textures (ARB_texture_storage_multisample makes them
        // immutable).
        GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => {
            &[GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY]
        }
        GL_TEXTURE_CUBE_MAP | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY => &[
            GL_TEXTURE_2D,
            GL_TEXTURE_2D_ARRAY,
            GL_TEXTURE_CUBE_MAP,
            GL_TEXTURE_CUBE_MAP_ARRAY,
        ],
        _ => &[],
    };
    // A target this context does not have is no view target either.
    ok.contains(&target) && target_index(target).is_ok()
}

/// How many layers an immutable texture of `t.target` has: a cube map's 6
/// faces, an array's layers, 1 otherwise.
fn own_layers(t: &Texture) -> usize {
    if t.target == GL_TEXTURE_CUBE_MAP {
        return 6;
    }
    match (layer_axis(t.target), t.images.get(&(0, 0))) {
        (Some(axis), Some(img)) => img.size[axis],
        _ => 1,
    }
}

/// The view state of `t`: its own when it is a view or has had one made
/// of it, that of a whole store for another immutable texture (store 0:
/// not shared yet), `None` for a mutable one.
pub fn view_of(t: &Texture) -> Option<ViewOf> {
    if let Some(v) = t.view {
        return Some(v);
    }
    let levels = t.immutable_levels?;
    Some(ViewOf {
        store: 0,
        min_level: 0,
        num_levels: levels,
        min_layer: 0,
        num_layers: own_layers(t),
        immutable_levels: levels,
    })
}

/// `glGetTexParameter` of the ARB_texture_view state (0 for a mutable
/// texture, GL 4.6 table 23.15); `None` for another `pname`.
pub fn view_param(t: &Texture, pname: GLenum) -> Option<f32> {
    let v = view_of(t);
    let get = |f: fn(&ViewOf) -> usize| v.as_ref().map_or(0, f) as f32;
    Some(match pname {
        GL_TEXTURE_IMMUTABLE_LEVELS => get(|v| v.immutable_levels),
        GL_TEXTURE_VIEW_MIN_LEVEL => get(|v| v.min_level),
        GL_TEXTURE_VIEW_NUM_LEVELS => get(|v| v.num_levels),
        GL_TEXTURE_VIEW_MIN_LAYER => get(|v| v.min_layer),
        GL_TEXTURE_VIEW_NUM_LAYERS => get(|v| v.num_layers),
        _ => return None,
    })
}

/// One layer of one level of a texture's images.
struct Layer {
    /// The image holding it (cube face or 0, level).
    key: (usize, usize),
    /// Its texels in that image.
    range: std::ops::Range<usize>,
    /// Its size (depth 1 but for a 3D image).
    size: [usize; 3],
}

/// Layer `k` of level `level` of a texture of `target` whose images are
/// `images`: a cube map's face, an array's row (1D) or slice (2D), or the
/// whole image.
fn layer_of(
    target: GLenum,
    images: &std::collections::HashMap<(usize, usize), TexImage>,
    level: usize,
    k: usize,
) -> Option<Layer> {
    let key = if target == GL_TEXTURE_CUBE_MAP {
        (k, level)
    } else {
        (0, level)
    };
    let img = images.get(&key)?;
    let [w, h, d] = img.size;
    let (range, size) = match layer_axis(target) {
        _ if target == GL_TEXTURE_CUBE_MAP => (0..w * h * d, img.size),
        Some(1) => (k * w..(k + 1) * w, [w, 1, 1]),
        Some(_) => (k * w * h..(k + 1) * w * h, [w, h, 1]),
        None if k == 0 => (0..w * h * d, img.size),
        None => return None,
    };
    Some(Layer { key, range, size })
}

/// Writes the texels of `range` of `src` (one layer of `size`) into
/// `dst_range` of `dst`, reinterpreted from `src`'s format to `dst`'s.
fn copy_layer(
    src: &TexImage,
    range: std::ops::Range<usize>,
    dst: &mut TexImage,
    dst_range: std::ops::Range<usize>,
    size: [usize; 3],
) {
    if range.len() != dst_range.len() {
        return;
    }
    if range.end > src.texels.len() || dst_range.end > dst.texels.len() {
        return;
    }
    let (sf, df) = (src.internal_format, dst.internal_format);
    // Compressed images: the blocks, decoded in the reader's format.
    if let (Some(sk), Some(dk)) = (compressed_kind(sf), compressed_kind(df)) {
        copy_blocks(src, sk, dst, dk, &range, &dst_range, size);
        return;
    }
    // The same format in the same storage: the texels as they are.
    match (&src.texels, &mut dst.texels) {
        (Texels::Unorm8(from), Texels::Unorm8(to)) if sf == df => {
            to[dst_range].copy_from_slice(&from[range]);
            return;
        }
        (Texels::F32(from), Texels::F32(to)) if sf == df => {
            to[dst_range].copy_from_slice(&from[range]);
            return;
        }
        _ => {}
    }
    let all = src.texels.to_f32();
    let from = &all[range];
    let converted;
    let texels: &[[f32; 4]] = if sf == df {
        from
    } else {
        match reinterpret(from, sf, df) {
            Some(t) => {
                converted = t;
                &converted
            }
            None => return,
        }
    };
    for (i, t) in dst_range.zip(texels) {
        dst.texels.set(i, *t);
    }
}

/// `texels` of format `sf` as format `df` reads their bits: packed as
/// `sf`'s exact client pixels, unpacked as `df`'s and stored as `df`
/// stores texels.
fn reinterpret(texels: &[[f32; 4]], sf: GLenum, df: GLenum) -> Option<Vec<[f32; 4]>> {
    let store = PixelStore::unpadded();
    let n = texels.len();
    let (f, t) = texel_pixels(sf)?;
    let pack = client_image(f, t, n, 1, 1, &store)
        .ok()?
        .for_integer(sf)
        .ok()?;
    let (f, t) = texel_pixels(df)?;
    let unpack = client_image(f, t, n, 1, 1, &store)
        .ok()?
        .for_integer(df)
        .ok()?;
    if pack.byte_len != unpack.byte_len {
        return None;
    }
    let mut bytes = vec![0u8; pack.byte_len];
    if is_srgb(sf) {
        let encoded: Vec<[f32; 4]> = texels.iter().map(|&t| encode_srgb(t)).collect();
        pack.pack(&encoded, &mut bytes);
    } else {
        pack.pack(texels, &mut bytes);
    }
    let (base, bits) = crate::texture::internal_format(df)?;
    Some(
        unpack
            .unpack(&bytes)
            .into_iter()
            .map(|t| to_stored(t, df, base, bits))
            .collect(),
    )
}

/// [`copy_layer`] of compressed images: the layer's blocks copied and
/// decoded as `dk`.
fn copy_blocks(
    src: &TexImage,
    sk: Compressed,
    dst: &mut TexImage,
    dk: Compressed,
    range: &std::ops::Range<usize>,
    dst_range: &std::ops::Range<usize>,
    size: [usize; 3],
) {
    let per = sk.image_size(size);
    if per != dk.image_size(size) {
        return;
    }
    let layer_texels = size.iter().product::<usize>().max(1);
    let (si, di) = (range.start / layer_texels, dst_range.start / layer_texels);
    let Some(blocks) = src
        .compressed
        .as_ref()
        .and_then(|b| b.get(si * per..(si + 1) * per))
    else {
        return;
    };
    let blocks = blocks.to_vec();
    let Some(out) = dst
        .compressed
        .as_mut()
        .and_then(|b| b.get_mut(di * per..(di + 1) * per))
    else {
        return;
    };
    out.copy_from_slice(&blocks);
    let texels = decode_compressed(dk, &blocks, size);
    let (base, bits) = (dst.base, dst.bits);
    let fmt = dst.internal_format;
    if dst_range.end <= dst.texels.len() && dst_range.len() == texels.len() {
        for (i, t) in dst_range.clone().zip(texels) {
            dst.texels.set(i, to_stored(t, fmt, base, bits));
        }
    }
}

/// Writes every level and layer `src` shares with `dst` into `dst`.
fn copy_shared(src: &Texture, sv: &ViewOf, dst: &mut Texture, dv: &ViewOf) {
    for sl in 0..sv.num_levels {
        let level = sv.min_level + sl;
        if level < dv.min_level || level >= dv.min_level + dv.num_levels {
            continue;
        }
        let dl = level - dv.min_level;
        for sk in 0..sv.num_layers {
            let layer = sv.min_layer + sk;
            if layer < dv.min_layer || layer >= dv.min_layer + dv.num_layers {
                continue;
            }
            let dk = layer - dv.min_layer;
            let (Some(from), Some(to)) = (
                layer_of(src.target, &src.images, sl, sk),
                layer_of(dst.target, &dst.images, dl, dk),
            ) else {
                continue;
            };
            let (Some(simg), Some(dimg)) = (src.images.get(&from.key), dst.images.get_mut(&to.key))
            else {
                continue;
            };
            copy_layer(simg, from.range, dimg, to.range, from.size);
        }
    }
}

impl Textures {
    /// After the images of texture `name` changed: writes what it shares
    /// of its data store into the other textures of the store (each gets
    /// a new serial).
    pub fn sync_views(&mut self, name: u32) {
        let Some(sv) = self.get(name).and_then(|t| t.view) else {
            return;
        };
        let members = self.store_members(sv.store, name);
        if members.is_empty() {
            return;
        }
        let Some(src) = self.take(name) else {
            return;
        };
        for m in members {
            if let Some(dst) = self.get_mut(m)
                && let Some(dv) = dst.view
            {
                copy_shared(&src, &sv, dst, &dv);
                dst.touch();
            }
        }
        self.put(name, src);
    }
}

impl Context {
    /// `glTextureView` (GL 4.6 §8.18), with Mesa's order of checks:
    /// INVALID_VALUE for an `origtexture` that is no texture, a `texture`
    /// of 0, a first level or layer past the original's, a cube map of
    /// other than 6 layers (a cube map array of other than a multiple of
    /// 6), another target of more than 1 layer, or (here) a view of no
    /// level or layer; INVALID_OPERATION for a mutable original, a
    /// `texture` not generated or already bound, a target or format not
    /// compatible with the original's (tables 8.21, 8.22), or a cube map
    /// of non-square images.
    #[expect(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn texture_view(
        &mut self,
        texture: u32,
        target: GLenum,
        orig: u32,
        internal_format: GLenum,
        min_level: u32,
        num_levels: u32,
        min_layer: u32,
        num_layers: u32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.fbo_resolve();
        self.flush_vertices();
        let shared = self.shared().clone();
        let mut texs = shared.textures();
        if orig == 0 || !texs.is_generated(orig) {
            return Err(ApiError::InvalidValue);
        }
        let origin = texs.get(orig).ok_or(ApiError::InvalidOperation)?;
        let ov = view_of(origin).ok_or(ApiError::InvalidOperation)?;
        if texture == 0 {
            return Err(ApiError::InvalidValue);
        }
        if !texs.is_generated(texture) || texs.get(texture).is_some() {
            return Err(ApiError::InvalidOperation);
        }
        let origin = texs.get(orig).ok_or(ApiError::InvalidOperation)?;
        if !targets_compatible(origin.target, target) {
            return Err(ApiError::InvalidOperation);
        }
        let (min_level, min_layer) = (min_level as usize, min_layer as usize);
        if min_level >= ov.num_levels || min_layer >= ov.num_layers {
            return Err(ApiError::InvalidValue);
        }
        let base = origin
            .images
            .get(&(0, 0))
            .ok_or(ApiError::InvalidOperation)?;
        if !compatible_formats(base.internal_format, internal_format) {
            return Err(ApiError::InvalidOperation);
        }
        let levels = (num_levels as usize).min(ov.num_levels - min_level);
        let layers = (num_layers as usize).min(ov.num_layers - min_layer);
        match target {
            GL_TEXTURE_CUBE_MAP if layers != 6 => return Err(ApiError::InvalidValue),
            GL_TEXTURE_CUBE_MAP_ARRAY if layers % 6 != 0 => return Err(ApiError::InvalidValue),
            GL_TEXTURE_1D
            | GL_TEXTURE_2D
            | GL_TEXTURE_3D
            | GL_TEXTURE_RECTANGLE
            | GL_TEXTURE_2D_MULTISAMPLE
                if num_layers != 1 =>
            {
                return Err(ApiError::InvalidValue);
            }
            _ => {}
        }
        let first = layer_of(origin.target, &origin.images, min_level, min_layer)
            .ok_or(ApiError::InvalidOperation)?;
        let [w, h, d] = first.size;
        if matches!(target, GL_TEXTURE_CUBE_MAP | GL_TEXTURE_CUBE_MAP_ARRAY) && w != h {
            return Err(ApiError::InvalidOperation);
        }
        // Mesa makes an empty view here; an immutable texture without
        // levels or layers has no meaning in this core.
        if levels == 0 || layers == 0 {
            return Err(ApiError::InvalidValue);
        }
        // The view's images, each level's size as the store's.
        let size0 = match target {
            GL_TEXTURE_1D_ARRAY => [w, layers, 1],
            GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => {
                [w, h, layers]
            }
            GL_TEXTURE_3D => [w, h, d],
            _ => [w, h, 1],
        };
        let faces = if target == GL_TEXTURE_CUBE_MAP { 6 } else { 1 };
        let mut view = Texture::new(target);
        for l in 0..levels {
            let size = crate::texture::level_size(target, size0, l);
            let n: usize = size.iter().product();
            let mut texels = Vec::new();
            texels
                .try_reserve_exact(n)
                .map_err(|_| ApiError::OutOfMemory)?;
            texels.resize(n, [0.0, 0.0, 0.0, 1.0]);
            let image = make_image(size, internal_format, texels)?;
            for f in 0..faces {
                view.images.insert((f, l), image.clone());
            }
        }
        view.immutable_levels = Some(levels);
        // A multisample view has the original's samples (stored side by
        // side in `w`).
        view.samples = origin.samples;
        view.fixed_sample_locations = origin.fixed_sample_locations;
        // The original joins a store of its own when this is its first view.
        let store = if ov.store == 0 {
            crate::texture::next_serial()
        } else {
            ov.store
        };
        let vv = ViewOf {
            store,
            min_level: ov.min_level + min_level,
            num_levels: levels,
            min_layer: ov.min_layer + min_layer,
            num_layers: layers,
            immutable_levels: ov.immutable_levels,
        };
        view.view = Some(vv);
        let ov = ViewOf { store, ..ov };
        let origin = texs.get_mut(orig).ok_or(ApiError::InvalidOperation)?;
        origin.view = Some(ov);
        copy_shared(origin, &ov, &mut view, &vv);
        texs.define(texture, view);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_pair_formats_of_one_size() {
        assert!(compatible_formats(GL_R32F, GL_RGBA8));
        assert!(compatible_formats(GL_RGBA8, GL_SRGB8_ALPHA8));
        assert!(compatible_formats(GL_LUMINANCE8, GL_LUMINANCE8));
        assert!(!compatible_formats(GL_RGBA8, GL_RGB8));
        assert!(!compatible_formats(GL_LUMINANCE8, GL_R8));
        // Every uncompressed class member has exact pixels of its size.
        for f in [
            GL_RGBA8,
            GL_R32F,
            GL_RGB10_A2,
            GL_RGB9_E5,
            GL_R11F_G11F_B10F,
        ] {
            assert!(texel_pixels(f).is_some());
        }
    }

    #[test]
    fn reinterpretation_keeps_bits() {
        // 0xFF and 0x01 of R8 read as R8_SNORM: -1/127 and 1/127.
        let t = reinterpret(
            &[[1.0, 0.0, 0.0, 1.0], [1.0 / 255.0, 0.0, 0.0, 1.0]],
            GL_R8,
            GL_R8_SNORM,
        )
        .unwrap();
        assert_eq!(t[0][0], -1.0 / 127.0);
        assert_eq!(t[1][0], 1.0 / 127.0);
        // 1.0f of R32F is 0x3f800000: bytes 00 00 80 3f as RGBA8.
        let t = reinterpret(&[[1.0, 0.0, 0.0, 1.0]], GL_R32F, GL_RGBA8).unwrap();
        assert_eq!(t[0], [0.0, 0.0, 128.0 / 255.0, 63.0 / 255.0]);
        // And back.
        let b = reinterpret(&t, GL_RGBA8, GL_R32F).unwrap();
        assert_eq!(b[0][0], 1.0);
        // RGBA8 read as sRGB: the same bytes, decoded.
        let t = reinterpret(&[[1.0, 0.0, 0.0, 1.0]], GL_RGBA8, GL_SRGB8_ALPHA8).unwrap();
        let back = reinterpret(&t, GL_SRGB8_ALPHA8, GL_RGBA8).unwrap();
        assert_eq!(back[0], [1.0, 0.0, 0.0, 1.0]);
        // 0x7f7f of RGBA16 is a half NaN: its payload comes back.
        let v = f32::from(0x7f7fu16) / 65535.0;
        let t = reinterpret(&[[v; 4]], GL_RGBA16, GL_RGBA16F).unwrap();
        let b = reinterpret(&t, GL_RGBA16F, GL_RGBA16UI).unwrap();
        assert_eq!(b[0][0].to_bits(), 0x7f7f);
    }
}
