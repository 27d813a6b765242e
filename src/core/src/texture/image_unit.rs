//! Image units (ARB_shader_image_load_store, GL 4.6 §8.26):
//! `glBindImageTexture` and its indexed queries, `glMemoryBarrier`, the
//! limits, the link checks of a program's images, and the texture images
//! a draw hands the backend (ABI 25 [`OxglImageDesc`]).
//!
//! Draws run to completion before `draw_prims` returns, so every barrier is
//! already met: `glMemoryBarrier` validates its bits and does nothing
//! else. A draw's images are the core's texel storage itself, as four
//! channel words a texel ([`image_storage::CHANNELS`]; 8-bit images are
//! widened to floats first) or, for buffer textures, the buffer's bytes
//! ([`image_storage::PACKED`]); textures the draw may write are marked
//! changed after it.

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::texture::{Texels, Texture};
use oxgl_dri_interface::{OxglImageDesc, image_storage};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_ir::{Dim, ImageDecl};
use oxgl_util::format::ImageFormat;

/// `GL_MAX_IMAGE_UNITS`.
pub const MAX_IMAGE_UNITS: usize = 32;
/// `GL_MAX_*_IMAGE_UNIFORMS` of each stage, and combined.
pub const MAX_IMAGE_UNIFORMS: usize = 32;
/// `GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS`.
const MAX_IMAGE_UNITS_AND_OUTPUTS: usize = 40;

/// The barrier bits `glMemoryBarrier` accepts (GL 4.6 §7.13.2).
const BARRIER_BITS: u32 = GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT
    | GL_ELEMENT_ARRAY_BARRIER_BIT
    | GL_UNIFORM_BARRIER_BIT
    | GL_TEXTURE_FETCH_BARRIER_BIT
    | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT
    | GL_COMMAND_BARRIER_BIT
    | GL_PIXEL_BUFFER_BARRIER_BIT
    | GL_TEXTURE_UPDATE_BARRIER_BIT
    | GL_BUFFER_UPDATE_BARRIER_BIT
    | GL_FRAMEBUFFER_BARRIER_BIT
    | GL_TRANSFORM_FEEDBACK_BARRIER_BIT
    | GL_ATOMIC_COUNTER_BARRIER_BIT
    | GL_SHADER_STORAGE_BARRIER_BIT
    | GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT
    | GL_QUERY_BUFFER_BARRIER_BIT;

/// One image unit's binding (`glBindImageTexture`'s arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageUnit {
    /// The texture (0: none).
    pub texture: u32,
    /// Its level.
    pub level: i32,
    /// Every layer of the level, or only `layer`.
    pub layered: bool,
    /// The layer (or cube map face) bound when not `layered`.
    pub layer: i32,
    /// `GL_READ_ONLY`, `GL_WRITE_ONLY` or `GL_READ_WRITE`.
    pub access: GLenum,
    /// The format shaders read and write.
    pub format: GLenum,
}

impl Default for ImageUnit {
    fn default() -> Self {
        ImageUnit {
            texture: 0,
            level: 0,
            layered: false,
            layer: 0,
            access: GL_READ_ONLY,
            format: GL_R8,
        }
    }
}

/// The image units of a context.
#[derive(Clone, Debug)]
pub struct ImageUnits {
    /// By unit.
    pub units: Vec<ImageUnit>,
}

impl Default for ImageUnits {
    fn default() -> Self {
        ImageUnits {
            units: vec![ImageUnit::default(); MAX_IMAGE_UNITS],
        }
    }
}

/// The images a stage's code uses, or Mesa's link error when they are more
/// than a stage may have.
pub(crate) fn stage_images(s: &oxgl_ir::Shader) -> Result<Vec<ImageDecl>, String> {
    let mut used = vec![false; s.images.len()];
    for (_, f) in s.funcs.iter() {
        for v in f.live_insts() {
            if let oxgl_ir::Op::Image(i) = &f.insts[v].op
                && let Some(u) = used.get_mut(i.image as usize)
            {
                *u = true;
            }
        }
    }
    let images: Vec<ImageDecl> = s
        .images
        .iter()
        .zip(&used)
        .filter(|(_, u)| **u)
        .map(|(i, _)| i.clone())
        .collect();
    if images.len() > MAX_IMAGE_UNIFORMS {
        return Err(format!(
            "error: Too many {} shader image uniforms ({} > {MAX_IMAGE_UNIFORMS})\n",
            s.stage.name(),
            images.len()
        ));
    }
    Ok(images)
}

/// Mesa's link error for more images than all stages may have.
pub(crate) fn check_combined(images: &[ImageDecl]) -> Result<(), String> {
    if images.len() > MAX_IMAGE_UNIFORMS {
        return Err("error: Too many combined image uniforms\n".to_owned());
    }
    Ok(())
}

/// An image unit's texture image, ready for a draw: the descriptor and
/// the plane pointers it points to.
pub(crate) struct DrawImage {
    desc: OxglImageDesc,
    /// The planes `desc.planes` points to (moved with the value: the heap
    /// buffer stays put).
    planes: Vec<*mut u32>,
    /// What stores and atomics may change, marked changed after the draw.
    written: Written,
}

/// The object a draw's image may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    /// Nothing: a read-only binding.
    Nothing,
    /// The texture of this name.
    Texture(u32),
    /// The buffer of this name and id (a buffer texture's store).
    Buffer(u32, u64),
}

/// Marks what the draw's `images` may have changed as changed, so copies
/// made of the old contents are not used again.
pub(crate) fn touch_written(
    images: &[DrawImage],
    textures: &mut crate::texture::Textures,
    buffers: &mut crate::buffer::Buffers,
) {
    for i in images {
        match i.written {
            Written::Nothing => {}
            Written::Texture(name) => {
                if let Some(t) = textures.get_mut(name) {
                    t.touch();
                }
            }
            Written::Buffer(name, id) => {
                if let Some(b) = buffers.get_by_id_mut(name, id) {
                    b.touch();
                }
            }
        }
    }
}

impl DrawImage {
    /// The image of `planes` (`storage` form, `size` texels) a unit with
    /// `access` binds for `decl`, read as `format`.
    fn new(
        decl: &ImageDecl,
        (format, texture_format): (ImageFormat, ImageFormat),
        access: GLenum,
        (storage, size): (u32, [u32; 3]),
        planes: Vec<*mut u32>,
        written: Written,
    ) -> DrawImage {
        DrawImage {
            desc: OxglImageDesc {
                binding: decl.binding,
                format: format.gl,
                texture_format: texture_format.gl,
                access,
                storage,
                size,
                planes: std::ptr::null(),
                num_planes: planes.len() as u32,
            },
            planes,
            written,
        }
    }

    /// The descriptor, pointing into this value's planes.
    pub fn desc(&self) -> OxglImageDesc {
        OxglImageDesc {
            planes: self.planes.as_ptr(),
            ..self.desc
        }
    }
}

/// The sized image format a texture image of `internal` is read as, if it
/// is one (unsized colour formats as Mesa stores them).
fn texture_image_format(internal: GLenum) -> Option<ImageFormat> {
    let sized = match internal {
        GL_RGBA | 4 => GL_RGBA8,
        GL_RG => GL_RG8,
        GL_RED => GL_R8,
        f => f,
    };
    ImageFormat::from_gl(sized)
}

impl Context {
    /// Whether image load and store is available (GL 4.2 and
    /// ARB_shader_image_load_store: GL 3.0 contexts and later).
    pub(crate) fn has_image_load_store(&self) -> bool {
        !self.params().is_es() && self.params().version >= (3, 0)
    }

    /// `glBindImageTexture` (GL 4.6 §8.26): INVALID_VALUE for a unit past
    /// `GL_MAX_IMAGE_UNITS`, a name that is no texture, a negative level or
    /// layer, an access or a format that is not one (as Mesa).
    #[allow(clippy::too_many_arguments)]
    pub fn bind_image_texture(
        &mut self,
        unit: u32,
        texture: u32,
        level: i32,
        layered: bool,
        layer: i32,
        access: GLenum,
        format: GLenum,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if !self.has_image_load_store() {
            return Err(ApiError::InvalidOperation);
        }
        if unit as usize >= MAX_IMAGE_UNITS {
            return Err(ApiError::InvalidValue.because("unit past GL_MAX_IMAGE_UNITS"));
        }
        if texture != 0 && self.shared().textures().get(texture).is_none() {
            return Err(ApiError::InvalidValue.because("not a texture"));
        }
        if level < 0 || layer < 0 {
            return Err(ApiError::InvalidValue.because("negative level or layer"));
        }
        if !matches!(access, GL_READ_ONLY | GL_WRITE_ONLY | GL_READ_WRITE) {
            return Err(ApiError::InvalidValue.because("bad access"));
        }
        if ImageFormat::from_gl(format).is_none() {
            return Err(ApiError::InvalidValue.because("not an image format"));
        }
        self.flush_vertices();
        self.image_units.units[unit as usize] = ImageUnit {
            texture,
            level,
            layered,
            layer,
            access,
            format,
        };
        Ok(())
    }

    /// `glGetIntegeri_v` and friends for the image unit bindings: `None`
    /// for another pname, INVALID_VALUE for an index past the units.
    pub fn get_image_indexed(&self, pname: GLenum, index: u32) -> ApiResult<Option<i64>> {
        if !self.has_image_load_store() {
            return Ok(None);
        }
        let field = |u: &ImageUnit| -> Option<i64> {
            Some(match pname {
                GL_IMAGE_BINDING_NAME => i64::from(u.texture),
                GL_IMAGE_BINDING_LEVEL => i64::from(u.level),
                GL_IMAGE_BINDING_LAYERED => i64::from(u.layered),
                GL_IMAGE_BINDING_LAYER => i64::from(u.layer),
                GL_IMAGE_BINDING_ACCESS => i64::from(u.access),
                GL_IMAGE_BINDING_FORMAT => i64::from(u.format),
                _ => return None,
            })
        };
        if field(&ImageUnit::default()).is_none() {
            return Ok(None);
        }
        let u = self
            .image_units
            .units
            .get(index as usize)
            .ok_or(ApiError::InvalidValue)?;
        Ok(field(u))
    }

    /// The image limits of `glGetIntegerv`, `None` for other pnames.
    pub(crate) fn get_image_limit(&self, pname: GLenum) -> Option<i64> {
        if !self.has_image_load_store() {
            return None;
        }
        Some(match pname {
            GL_MAX_IMAGE_UNITS => MAX_IMAGE_UNITS as i64,
            GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS => MAX_IMAGE_UNITS_AND_OUTPUTS as i64,
            // No multisample images.
            GL_MAX_IMAGE_SAMPLES => 0,
            GL_MAX_VERTEX_IMAGE_UNIFORMS
            | GL_MAX_FRAGMENT_IMAGE_UNIFORMS
            | GL_MAX_COMBINED_IMAGE_UNIFORMS => MAX_IMAGE_UNIFORMS as i64,
            GL_MAX_GEOMETRY_IMAGE_UNIFORMS if self.has_geometry_shaders() => {
                MAX_IMAGE_UNIFORMS as i64
            }
            GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS | GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS
                if self.has_tessellation() =>
            {
                MAX_IMAGE_UNIFORMS as i64
            }
            _ => return None,
        })
    }

    /// `glMemoryBarrier` (GL 4.6 §7.13.2): INVALID_VALUE for bits that are
    /// no barrier (`GL_ALL_BARRIER_BITS` aside). Draws have finished their
    /// memory accesses when they return, so nothing waits.
    pub fn memory_barrier(&mut self, barriers: u32) -> ApiResult {
        self.outside_begin_end()?;
        if barriers != GL_ALL_BARRIER_BITS && barriers & !BARRIER_BITS != 0 {
            return Err(ApiError::InvalidValue.because("unknown barrier bits"));
        }
        self.flush_vertices();
        Ok(())
    }

    /// Unbinds the deleted textures `names` from the image units.
    pub(crate) fn unbind_image_textures(&mut self, names: &[u32]) {
        for u in &mut self.image_units.units {
            if u.texture != 0 && names.contains(&u.texture) {
                u.texture = 0;
            }
        }
    }

    /// The images the programs of a draw declare, with the image unit
    /// each one's uniform selects.
    pub(crate) fn draw_image_decls(&self) -> Vec<(ImageDecl, u32)> {
        // Most draws: fixed function, or a current program without images.
        match &self.programs.exec {
            Some(e) if e.images.is_empty() => return Vec::new(),
            None if self.programs.pipeline == 0 => return Vec::new(),
            _ => {}
        }
        let execs = self.stage_execs();
        let mut seen: Vec<&std::sync::Arc<crate::program::Executable>> = Vec::new();
        let mut out = Vec::new();
        for e in execs.iter().flatten() {
            if e.images.is_empty() || seen.iter().any(|s| std::sync::Arc::ptr_eq(s, e)) {
                continue;
            }
            seen.push(e);
            let vals = e.values();
            for d in &e.images {
                let unit = vals.image_units.get(&d.binding).copied().unwrap_or(0);
                out.push((d.clone(), unit));
            }
        }
        out
    }

    /// The bindings of the units the images `decls` (each with its unit)
    /// of a draw's programs select, where a texture is bound: what
    /// [`draw_image`] needs. Texture images rendered into by a
    /// framebuffer object are copied back first.
    pub(crate) fn image_bindings(
        &mut self,
        decls: &[(ImageDecl, u32)],
    ) -> Vec<(ImageDecl, ImageUnit)> {
        let mut out = Vec::new();
        for (decl, unit) in decls {
            let Some(&u) = self.image_units.units.get(*unit as usize) else {
                continue;
            };
            if u.texture == 0 {
                continue;
            }
            // Only a bound framebuffer object that renders into the
            // texture holds a copy of it to bring back.
            if self.bound_fbo_attaches(u.texture) {
                self.fbo_resolve_bound();
            }
            self.resolve_live_texture(u.texture);
            out.push((decl.clone(), u));
        }
        out
    }
}

/// The images of `units` for a draw or dispatch ([`draw_image`] of
/// each unit's texture among `named`, under `buffers`' lock), with
/// their descriptors.
pub(crate) fn draw_images(
    units: &[(ImageDecl, ImageUnit)],
    named: &mut crate::texture::Textures,
    buffers: &mut crate::buffer::Buffers,
) -> (Vec<DrawImage>, Vec<OxglImageDesc>) {
    let images: Vec<DrawImage> = units
        .iter()
        .filter_map(|(decl, unit)| draw_image(decl, unit, named.get_mut(unit.texture)?, buffers))
        .collect();
    let descs = images.iter().map(DrawImage::desc).collect();
    (images, descs)
}

/// The texture image `unit` binds of `tex`, for a draw whose shader
/// declares it as `decl`: `None` (every access reads 0 and writes
/// nothing) when the texture is incomplete, the level is outside its
/// base and maximum levels or does not exist, the layer is past it, the
/// formats are no image formats of one size, or the texture is a
/// multisample or compressed one. 8-bit images are widened to float
/// channels, the form images are accessed in.
pub(crate) fn draw_image(
    decl: &ImageDecl,
    unit: &ImageUnit,
    tex: &mut Texture,
    buffers: &mut crate::buffer::Buffers,
) -> Option<DrawImage> {
    let format = ImageFormat::from_gl(unit.format)?;
    let written = if unit.access == GL_READ_ONLY {
        Written::Nothing
    } else {
        Written::Texture(unit.texture)
    };
    let level = usize::try_from(unit.level).ok()?;
    let layer = usize::try_from(unit.layer).ok()?;
    if tex.samples != 0 {
        return None;
    }
    if tex.target == GL_TEXTURE_BUFFER {
        return buffer_image(decl, unit, tex, buffers, format);
    }
    // GL 4.6 §8.26: an incomplete texture, or a level outside its base
    // and maximum levels, makes every access invalid. Filters play no
    // part (as Mesa): the base level needs base completeness, the others
    // a complete mipmap chain.
    let mut p = tex.params.clone();
    (p.min_filter, p.mag_filter) = (GL_NEAREST, GL_NEAREST);
    let (base, _) = tex.complete_with(&p)?;
    if level != base {
        p.min_filter = GL_NEAREST_MIPMAP_NEAREST;
        let (_, levels) = tex.complete_with(&p)?;
        if level < base || level >= base + levels {
            return None;
        }
    }
    let cube = tex.target == GL_TEXTURE_CUBE_MAP;
    let faces = if cube { 6 } else { 1 };
    // Every face's image of the level, widened to float channels.
    let mut planes = Vec::new();
    let mut size = [0u32; 3];
    let mut internal = 0;
    for face in 0..faces {
        let img = tex.images.get_mut(&(face, level))?;
        if img.compressed.is_some() || img.texels.is_empty() {
            return None;
        }
        if let Texels::Unorm8(t) = &img.texels {
            let wide = t.iter().map(|p| p.map(|b| f32::from(b) / 255.0)).collect();
            img.texels = Texels::F32(wide);
        }
        let Texels::F32(t) = &mut img.texels else {
            return None;
        };
        size = img.size.map(|x| x as u32);
        internal = img.internal_format;
        planes.push(t.as_mut_ptr().cast::<u32>());
    }
    let texture_format = texture_image_format(internal)?;
    if texture_format.size() != format.size() {
        return None;
    }
    let [w, h, d] = size;
    // A 1D array keeps its layers as rows.
    let one_d_array = tex.target == GL_TEXTURE_1D_ARRAY;
    let layers = match tex.target {
        GL_TEXTURE_1D_ARRAY => h,
        GL_TEXTURE_CUBE_MAP => 6,
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY | GL_TEXTURE_3D => d,
        _ => 1,
    };
    let (planes, size) = if unit.layered || layers == 1 {
        if cube {
            (planes, [w, h, 6])
        } else {
            (planes, size)
        }
    } else {
        // One layer: a plane of its own.
        if layer as u32 >= layers {
            return None;
        }
        if cube {
            (vec![planes[layer]], [w, h, 1])
        } else if one_d_array {
            let at = layer * w as usize * 4;
            (vec![planes[0].wrapping_add(at)], [w, 1, 1])
        } else {
            let at = layer * (w * h) as usize * 4;
            (vec![planes[0].wrapping_add(at)], [w, h, 1])
        }
    };
    Some(DrawImage::new(
        decl,
        (format, texture_format),
        unit.access,
        (image_storage::CHANNELS, size),
        planes,
        written,
    ))
}

/// A buffer texture's image: the buffer's bytes in the texture's format.
fn buffer_image(
    decl: &ImageDecl,
    unit: &ImageUnit,
    tex: &Texture,
    buffers: &mut crate::buffer::Buffers,
    format: ImageFormat,
) -> Option<DrawImage> {
    if decl.dim != Dim::Buffer {
        return None;
    }
    let tb = tex.buffer.as_ref()?;
    let texture_format = ImageFormat::from_gl(tb.format)?;
    if texture_format.size() != format.size() {
        return None;
    }
    let buf = buffers.get_by_id_mut(tb.buffer, tb.id)?;
    let len = buf.data.len();
    let start = tb.offset.min(len);
    let end = match tb.size {
        Some(s) => tb.offset.saturating_add(s).min(len),
        None => len,
    };
    let texels = (end - start) / texture_format.size();
    let data = buf.data.as_mut_ptr().wrapping_add(start);
    if !(data as usize).is_multiple_of(4) {
        return None;
    }
    let written = if unit.access == GL_READ_ONLY {
        Written::Nothing
    } else {
        Written::Buffer(tb.buffer, tb.id)
    };
    Some(DrawImage::new(
        decl,
        (format, texture_format),
        unit.access,
        (image_storage::PACKED, [texels as u32, 1, 1]),
        vec![data.cast::<u32>()],
        written,
    ))
}
