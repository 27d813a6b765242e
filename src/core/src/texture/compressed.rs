//! The compressed-texture API of GL 1.3 (GL 4.6 compatibility §8.7) and
//! the multisample state (§14.3.1), as this build supports them.
//!
//! Compression: the generic compressed internal formats (`GL_COMPRESSED_RGB`,
//! ...) are accepted by `glTexImage*` and stored uncompressed, which the
//! spec allows (`GL_TEXTURE_COMPRESSED` is then false). The specific
//! formats are ARB_texture_compression_bptc's and
//! ARB_texture_compression_rgtc's (2D images): their blocks are
//! kept (`glGetCompressedTexImage`) and decoded for sampling; `glTexImage*`
//! and `glGenerateMipmap` compress what they store (`crate::texture::bptc_enc`).
//! ETC1/ETC2/EAC images (`crate::texture::etc2`) are decoded the same way but never
//! compressed online: only these commands fill them.
//! Other specific formats are INVALID_ENUM, as the spec requires for
//! formats that are not supported.
//!
//! Multisample: the framebuffer configs have no sample buffers
//! (`GL_SAMPLE_BUFFERS` is 0), so the multisample enables and
//! `glSampleCoverage` are state without effect on rendering, exactly as
//! the spec says for a framebuffer without sample buffers.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::texture::api::image_target;
use crate::texture::{
    TexImage, compressed_kind, internal_format, set_compressed, set_compressed_region,
};

/// Whether `target` names a texture image target of a `dims`-dimensional
/// compressed image command.
fn compressed_target(dims: usize, target: GLenum) -> bool {
    match dims {
        1 => target == GL_TEXTURE_1D,
        2 => {
            target == GL_TEXTURE_2D
                || (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)
                    .contains(&target)
        }
        _ => matches!(
            target,
            GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY
        ),
    }
}

/// Where the blocks of a compressed image lie in client memory under the
/// pixel storage modes (ARB_compressed_texture_pixel_storage, GL 4.2;
/// GL 4.6 §8.4.4.1, §8.7): rows of `row` bytes of blocks `row_stride`
/// bytes apart, `rows` of them a slice, slices `slice_rows` rows apart,
/// from byte `skip`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockSpan {
    skip: usize,
    row: usize,
    row_stride: usize,
    rows: usize,
    slice_rows: usize,
    slices: usize,
}

impl BlockSpan {
    /// The layout `store` gives the blocks of an image of `size` texels
    /// (`dims` dimensions, 4×4 blocks of `block_bytes`), or `None` when
    /// its compressed block width or size is 0: the blocks are packed.
    /// The modes count in the application's block dimensions (skips round
    /// down to whole blocks, lengths up); a row holds the image's blocks.
    pub(crate) fn of(
        store: &crate::state::PixelStore,
        dims: usize,
        size: [usize; 3],
        block_bytes: usize,
    ) -> Option<BlockSpan> {
        let [bw, bh, bd, bsize] = store.compressed_block.map(|v| v.max(0) as usize);
        if bw == 0 || bsize == 0 {
            return None;
        }
        let mut span = BlockSpan {
            skip: store.skip_pixels.max(0) as usize / bw * bsize,
            row: size[0].div_ceil(4) * block_bytes,
            row_stride: size[0].div_ceil(4) * block_bytes,
            rows: size[1].div_ceil(4),
            slice_rows: size[1].div_ceil(4),
            slices: size[2],
        };
        if store.row_length > 0 {
            span.row_stride = (store.row_length as usize).div_ceil(bw) * bsize;
        }
        if dims > 1 && bh > 0 {
            span.rows = size[1].div_ceil(bh);
            span.slice_rows = span.rows;
            span.skip += store.skip_rows.max(0) as usize / bh * span.row_stride;
            if dims > 2 && store.image_height > 0 {
                span.slice_rows = (store.image_height as usize).div_ceil(bh);
            }
        }
        if dims > 2 && bd > 0 {
            span.skip += store.skip_images.max(0) as usize / bd * span.row_stride * span.slice_rows;
        }
        Some(span)
    }

    /// Bytes from the start of the client's image to its last block's end.
    pub fn len(&self) -> usize {
        if self.rows == 0 || self.slices == 0 {
            return self.skip;
        }
        self.skip
            + (self.slices - 1) * self.slice_rows * self.row_stride
            + (self.rows - 1) * self.row_stride
            + self.row
    }

    /// Whether the image has no blocks.
    pub fn is_empty(&self) -> bool {
        self.rows == 0 || self.slices == 0 || self.row == 0
    }

    /// The offset in client memory of row `r` of slice `s`.
    fn at(&self, s: usize, r: usize) -> usize {
        self.skip + (s * self.slice_rows + r) * self.row_stride
    }

    /// The blocks of client memory `src` ([`BlockSpan::len`] bytes), packed;
    /// rows past `src` read as zeros.
    pub fn gather(&self, src: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.row * self.rows * self.slices);
        for s in 0..self.slices {
            for r in 0..self.rows {
                let at = self.at(s, r);
                match src.get(at..at + self.row) {
                    Some(row) => out.extend_from_slice(row),
                    None => out.resize(out.len() + self.row, 0),
                }
            }
        }
        out
    }

    /// Writes the packed blocks `tight` into client memory `dst` at their
    /// places, leaving the bytes between them.
    pub fn scatter(&self, tight: &[u8], dst: &mut [u8]) {
        for s in 0..self.slices {
            for r in 0..self.rows {
                let from = (s * self.rows + r) * self.row;
                let at = self.at(s, r);
                if let (Some(d), Some(t)) = (
                    dst.get_mut(at..at + self.row),
                    tight.get(from..from + self.row),
                ) {
                    d.copy_from_slice(t);
                }
            }
        }
    }
}

/// A validated `glCompressedTex{Sub}Image*`: where its blocks go.
#[derive(Clone, Copy, Debug)]
pub struct CompressedPlan {
    target: GLenum,
    level: usize,
    internal_format: GLenum,
    size: [usize; 3],
    /// The sub-image's offset; `None` for a whole image.
    offset: Option<[usize; 3]>,
    /// The command's `imageSize`: bytes of the packed blocks.
    pub byte_len: usize,
    /// Where the blocks lie in the client's memory, when the unpack
    /// modes place them (`None`: packed, `byte_len` bytes).
    pub span: Option<BlockSpan>,
}

impl CompressedPlan {
    /// Bytes to read from the client.
    pub fn read_len(&self) -> usize {
        self.span.map_or(self.byte_len, |s| s.len())
    }
}

impl Context {
    /// The specific compressed format `fmt` is, if this context has it:
    /// the ETC2/EAC formats in ES 3.0 and with ARB_ES3_compatibility,
    /// ETC1 in ES with OES_compressed_ETC1_RGB8_texture (as Mesa's).
    fn compressed_kind_here(&self, fmt: GLenum) -> Option<crate::texture::Compressed> {
        let kind = compressed_kind(fmt)?;
        let p = self.params();
        let has = |name: &std::ffi::CStr| crate::extensions::for_context(p).contains(&name);
        match kind {
            crate::texture::Compressed::Etc(crate::texture::etc2::Etc::Etc1) => {
                (p.is_es() && has(c"GL_OES_compressed_ETC1_RGB8_texture")).then_some(kind)
            }
            crate::texture::Compressed::Etc(_) => {
                (p.is_es3() || has(c"GL_ARB_ES3_compatibility")).then_some(kind)
            }
            _ => Some(kind),
        }
    }

    /// `glCompressedTexImage{1,2,3}D` validation (GL 4.6 §8.7):
    /// INVALID_ENUM for a bad target or a format that is not a supported
    /// compressed one (the BPTC formats, 2D images only: INVALID_OPERATION
    /// for 3D, as for RGTC), INVALID_VALUE for a bad level, size or border
    /// and an `imageSize` that does not match the image.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn plan_compressed_tex_image(
        &mut self,
        dims: usize,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [i32; 3],
        border: i32,
        image_size: i32,
    ) -> ApiResult<CompressedPlan> {
        self.fbo_resolve();
        self.outside_begin_end()?;
        let Some(kind) = self.compressed_kind_here(internal_format) else {
            return Err(ApiError::InvalidEnum);
        };
        if !compressed_target(dims, target) || dims == 1 {
            return Err(ApiError::InvalidEnum);
        }
        // Compressed 3D textures are not supported (INVALID_OPERATION, as
        // for RGTC and S3TC in the spec); 2D arrays are.
        if target == GL_TEXTURE_3D {
            return Err(ApiError::InvalidOperation);
        }
        self.check_tex_image_target(dims, target, level, internal_format, size, border)?;
        if border != 0 || image_size < 0 {
            return Err(ApiError::InvalidValue);
        }
        if !Self::fits_limits(dims, target, level, size, 0) {
            return Err(ApiError::InvalidValue);
        }
        if !Self::fits_memory(size) {
            return Err(ApiError::OutOfMemory);
        }
        let size = [
            size[0] as usize,
            size[1] as usize,
            if dims == 3 { size[2] as usize } else { 1 },
        ];
        if image_size as usize != kind.image_size(size) {
            return Err(ApiError::InvalidValue);
        }
        Ok(CompressedPlan {
            target,
            level: level as usize,
            internal_format,
            size,
            offset: None,
            byte_len: image_size as usize,
            span: BlockSpan::of(&self.state.unpack, dims, size, kind.block_bytes()),
        })
    }

    /// `glCompressedTexSubImage{1,2,3}D` validation: as
    /// [`Context::plan_compressed_tex_image`]; INVALID_OPERATION when the
    /// level has no image, its format is not `format`, or the region does
    /// not start on a block or end on one (or at the image's edge);
    /// INVALID_VALUE for a region outside the image or a wrong `imageSize`.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn plan_compressed_tex_sub_image(
        &mut self,
        dims: usize,
        target: GLenum,
        level: i32,
        offset: [i32; 3],
        size: [i32; 3],
        format: GLenum,
        image_size: i32,
    ) -> ApiResult<CompressedPlan> {
        self.fbo_resolve();
        self.outside_begin_end()?;
        let Some(kind) = self.compressed_kind_here(format) else {
            return Err(ApiError::InvalidEnum);
        };
        if !compressed_target(dims, target) || dims == 1 {
            return Err(ApiError::InvalidEnum);
        }
        // Compressed 3D textures are not supported (INVALID_OPERATION, as
        // for RGTC and S3TC in the spec); 2D arrays are.
        if target == GL_TEXTURE_3D {
            return Err(ApiError::InvalidOperation);
        }
        let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum)?;
        if !(0..=14).contains(&level) || size.iter().any(|&s| s < 0) || image_size < 0 {
            return Err(ApiError::InvalidValue);
        }
        let image = self.with_bound_texture(bind, |t| {
            Ok(t.images
                .get(&(face, level as usize))
                .map(|i| (i.size, i.internal_format)))
        })?;
        let (isize, ifmt) = image.ok_or(ApiError::InvalidOperation)?;
        if ifmt != format {
            return Err(ApiError::InvalidOperation);
        }
        for k in 0..dims {
            let end = i64::from(offset[k]) + i64::from(size[k]);
            if offset[k] < 0 || end > isize[k] as i64 {
                return Err(ApiError::InvalidValue);
            }
            // Blocks span x and y; an array's layers are whole.
            if k < 2 && !crate::texture::block_aligned(offset[k], size[k], isize[k]) {
                return Err(ApiError::InvalidOperation);
            }
        }
        let size = [
            size[0] as usize,
            size[1] as usize,
            if dims == 3 { size[2] as usize } else { 1 },
        ];
        if image_size as usize != kind.image_size(size) {
            return Err(ApiError::InvalidValue);
        }
        Ok(CompressedPlan {
            span: BlockSpan::of(&self.state.unpack, dims, size, kind.block_bytes()),
            target,
            level: level as usize,
            internal_format: format,
            size,
            offset: Some([
                offset[0] as usize,
                offset[1] as usize,
                if dims == 3 { offset[2] as usize } else { 0 },
            ]),
            byte_len: image_size as usize,
        })
    }

    /// Stores a planned compressed image or sub-image from its blocks
    /// (`plan.byte_len` bytes; zeros when the client gave none).
    pub fn compressed_tex_image(&mut self, plan: CompressedPlan, bytes: &[u8]) -> ApiResult {
        self.outside_begin_end()?;
        let kind = compressed_kind(plan.internal_format).ok_or(ApiError::InvalidEnum)?;
        let (bind, face) = image_target(plan.target).ok_or(ApiError::InvalidEnum)?;
        // Blocks the unpack modes placed: packed first.
        let gathered;
        let bytes = match plan.span {
            Some(span) if !bytes.is_empty() => {
                gathered = span.gather(bytes);
                &gathered[..]
            }
            _ => bytes,
        };
        let mut blocks = vec![0u8; kind.image_size(plan.size)];
        let n = blocks.len().min(bytes.len());
        blocks[..n].copy_from_slice(&bytes[..n]);
        self.flush_vertices();
        self.with_bound_texture(bind, |t| {
            let key = (face, plan.level);
            match plan.offset {
                None => {
                    if t.immutable_levels.is_some() {
                        return Err(ApiError::InvalidOperation);
                    }
                    let (base, bits) =
                        internal_format(plan.internal_format).ok_or(ApiError::InvalidEnum)?;
                    let mut img = TexImage {
                        size: plan.size,
                        internal_format: plan.internal_format,
                        base,
                        bits,
                        texels: Default::default(),
                        compressed: None,
                    };
                    set_compressed(&mut img, kind, blocks);
                    t.images.insert(key, img);
                }
                Some(off) => {
                    let img = t.images.get_mut(&key).ok_or(ApiError::InvalidOperation)?;
                    let mut all = img
                        .compressed
                        .take()
                        .unwrap_or_else(|| vec![0; kind.image_size(img.size)]);
                    // Copy the region's blocks into the image's.
                    let (iw, sw) = (img.size[0].div_ceil(4), plan.size[0].div_ceil(4));
                    let (ih, sh) = (img.size[1].div_ceil(4), plan.size[1].div_ceil(4));
                    let n = kind.block_bytes();
                    for z in 0..plan.size[2] {
                        for by in 0..sh {
                            for bx in 0..sw {
                                let src = ((z * sh + by) * sw + bx) * n;
                                let dst =
                                    (((off[2] + z) * ih + off[1] / 4 + by) * iw + off[0] / 4 + bx)
                                        * n;
                                if let (Some(d), Some(s)) =
                                    (all.get_mut(dst..dst + n), blocks.get(src..src + n))
                                {
                                    d.copy_from_slice(s);
                                }
                            }
                        }
                    }
                    set_compressed_region(img, kind, all, off, plan.size);
                }
            }
            t.touch();
            Ok(())
        })
    }

    /// `glGetCompressedTexImage`: the blocks of an image, and where the
    /// pack modes place them in the client's memory (`None`: packed).
    /// INVALID_ENUM for a bad target, INVALID_VALUE for a bad level,
    /// INVALID_OPERATION for an image that is not stored compressed (or
    /// no image).
    pub fn get_compressed_tex_image(
        &mut self,
        target: GLenum,
        level: i32,
    ) -> ApiResult<(Vec<u8>, Option<BlockSpan>)> {
        self.fbo_resolve();
        // The glGetTexImage validation of target and level.
        self.plan_get_tex_image(target, level, GL_RGBA, GL_UNSIGNED_BYTE)?;
        let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum)?;
        let (blocks, size, fmt) = self.with_bound_texture(bind, |t| {
            t.images
                .get(&(face, level as usize))
                .and_then(|i| Some((i.compressed.clone()?, i.size, i.internal_format)))
                .ok_or(ApiError::InvalidOperation)
        })?;
        let dims = match target {
            GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_3D => 3,
            _ => 2,
        };
        let span = compressed_kind(fmt)
            .and_then(|k| BlockSpan::of(&self.state.pack, dims, size, k.block_bytes()));
        Ok((blocks, span))
    }

    /// `glSampleCoverage`: the value is clamped to [0, 1].
    pub fn sample_coverage(&mut self, value: f32, invert: bool) -> ApiResult {
        self.outside_begin_end()?;
        self.state.sample_coverage = (value.clamp(0.0, 1.0), invert);
        Ok(())
    }
}
