//! `Context` methods for textures: bindings per unit, image specification
//! and read-back, parameters, and the texture queries.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::pixel::draw::{ScalarImage, scalar_image};
use crate::pixel::transfer::{ClientImage, client_image, type_info};
use crate::texture::{
    MAX_3D_TEXTURE_SIZE, MAX_TEXTURE_SIZE, MAX_UNITS, TARGETS, TexParams, Texture, make_image,
    read_image, target_index,
};

/// Per-context texture bindings, and the default objects (name 0) of each target.
#[derive(Debug)]
pub struct TextureBindings {
    /// Bound names per unit and target.
    pub bound: Vec<[u32; TARGETS.len()]>,
    /// The default texture of each target.
    pub defaults: Vec<Texture>,
    /// The proxy texture of each target (images without texels).
    pub proxies: Vec<Texture>,
    /// The sampler object bound to each unit (0: none).
    pub samplers: Vec<u32>,
}

impl Default for TextureBindings {
    fn default() -> Self {
        TextureBindings {
            bound: vec![[0; TARGETS.len()]; MAX_UNITS],
            defaults: TARGETS.iter().map(|&t| Texture::new(t)).collect(),
            proxies: TARGETS.iter().map(|&t| Texture::new(t)).collect(),
            samplers: vec![0; MAX_UNITS],
        }
    }
}

/// Whether client pixels of `format` carry depth (`GL_DEPTH_COMPONENT`,
/// or EXT_packed_depth_stencil's `GL_DEPTH_STENCIL`).
fn is_depth_format(format: GLenum) -> bool {
    matches!(format, GL_DEPTH_COMPONENT | GL_DEPTH_STENCIL)
}

/// The texture target a proxy target stands for, and the image target its
/// `glTexImage*` call is validated as.
fn proxy_target(target: GLenum) -> Option<(GLenum, GLenum)> {
    Some(match target {
        GL_PROXY_TEXTURE_1D => (GL_TEXTURE_1D, GL_TEXTURE_1D),
        GL_PROXY_TEXTURE_2D => (GL_TEXTURE_2D, GL_TEXTURE_2D),
        GL_PROXY_TEXTURE_3D => (GL_TEXTURE_3D, GL_TEXTURE_3D),
        GL_PROXY_TEXTURE_CUBE_MAP => (GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_POSITIVE_X),
        GL_PROXY_TEXTURE_RECTANGLE => (GL_TEXTURE_RECTANGLE, GL_TEXTURE_RECTANGLE),
        GL_PROXY_TEXTURE_1D_ARRAY => (GL_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY),
        GL_PROXY_TEXTURE_2D_ARRAY => (GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY),
        GL_PROXY_TEXTURE_CUBE_MAP_ARRAY => (GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY),
        _ => return None,
    })
}

/// Whether `target` is a proxy texture target (`glTexImage*` with it is
/// executed at once, even while a display list is compiled).
pub fn is_proxy_target(target: GLenum) -> bool {
    proxy_target(target).is_some()
}

/// The axes of a `glTexImage{dims}D` image of `target` that carry a
/// border: all but an array texture's layers (EXT_texture_array, as Mesa:
/// a bordered 2D array's layers are each bordered).
pub fn border_dims(dims: usize, target: GLenum) -> usize {
    let bind = image_target(target).map_or(target, |(b, _)| b);
    if crate::texture::layer_axis(bind).is_some() {
        dims - 1
    } else {
        dims
    }
}

/// Drops the border of an image given with `border` texels on each side
/// (as Mesa does for drivers without border support): returns the inner
/// texels and size. `dims` is the image's dimensionality.
pub fn strip_border(
    texels: Vec<[f32; 4]>,
    size: [usize; 3],
    dims: usize,
    border: usize,
) -> (Vec<[f32; 4]>, [usize; 3]) {
    if border == 0 {
        return (texels, size);
    }
    let b = |d: usize| if dims > d { border } else { 0 };
    let inner = [0, 1, 2].map(|d| size[d].saturating_sub(2 * b(d)));
    let mut out = Vec::with_capacity(inner.iter().product());
    for z in 0..inner[2] {
        for y in 0..inner[1] {
            let row = ((z + b(2)) * size[1] + y + b(1)) * size[0] + b(0);
            out.extend_from_slice(&texels[row..row + inner[0]]);
        }
    }
    (out, inner)
}

/// The binding target an image target belongs to, and its cube face.
pub(crate) fn image_target(target: GLenum) -> Option<(GLenum, usize)> {
    Some(match target {
        GL_TEXTURE_1D
        | GL_TEXTURE_2D
        | GL_TEXTURE_3D
        | GL_TEXTURE_RECTANGLE
        | GL_TEXTURE_1D_ARRAY
        | GL_TEXTURE_2D_ARRAY
        | GL_TEXTURE_CUBE_MAP_ARRAY => (target, 0),
        GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z => (
            GL_TEXTURE_CUBE_MAP,
            (target - GL_TEXTURE_CUBE_MAP_POSITIVE_X) as usize,
        ),
        _ => return None,
    })
}

/// [`image_target`] for a `glTex{Sub}Image{dims}D` call: INVALID_ENUM when
/// the target is unknown or has another dimensionality (cube faces are 2D).
fn image_target_for(dims: usize, target: GLenum) -> ApiResult<(GLenum, usize)> {
    let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum.bad_enum(target))?;
    let ok = match dims {
        1 => bind == GL_TEXTURE_1D,
        2 => {
            matches!(
                bind,
                GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_1D_ARRAY
            ) || bind == GL_TEXTURE_CUBE_MAP && target != bind
        }
        _ => is_3d_target(bind),
    };
    if ok {
        Ok((bind, face))
    } else {
        Err(ApiError::InvalidEnum.bad_enum(target))
    }
}

/// Whether `glTex*Image3D` takes `bind`: 3D textures and the arrays of
/// 2D images (EXT_texture_array, ARB_texture_cube_map_array).
pub(crate) fn is_3d_target(bind: GLenum) -> bool {
    matches!(
        bind,
        GL_TEXTURE_3D | GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY
    )
}

/// ARB_texture_cube_map_array: whether a cube map array image has square
/// faces and whole cubes ("TexImage3D generates the error INVALID_VALUE if
/// target is TEXTURE_CUBE_MAP_ARRAY_ARB and depth is not a multiple of
/// 6"); a limit as the others, so a proxy of another size is cleared
/// without an error, as in Mesa.
fn cube_array_size_ok(bind: GLenum, size: [i32; 3]) -> bool {
    bind != GL_TEXTURE_CUBE_MAP_ARRAY || (size[0] == size[1] && size[2] % 6 == 0)
}

/// Texels one image may hold: 512 MiB of storage at 16 bytes a texel (the
/// texel store is four floats, whatever the format: half of llvmpipe's
/// 2 GiB, so that allocating and filling the largest image stays within
/// seconds). Larger images are GL_OUT_OF_MEMORY, and proxies say they do
/// not fit.
const MAX_IMAGE_TEXELS: u64 = (1 << 29) / 16;

fn max_size(target: GLenum) -> usize {
    if target == GL_TEXTURE_3D {
        MAX_3D_TEXTURE_SIZE
    } else {
        MAX_TEXTURE_SIZE
    }
}

/// `GL_GENERATE_MIPMAP` (GL 4.6 compat §8.14.4): a change to the base
/// level's image regenerates the levels after it.
fn regenerate(t: &mut Texture, level: i32) {
    if t.params.generate_mipmap && level == t.params.levels[0] {
        t.generate_mipmaps();
    }
}

/// log2 of the largest size: the last valid mipmap level.
pub(crate) fn max_level(target: GLenum) -> i32 {
    (max_size(target) as f64).log2() as i32
}

impl Context {
    pub(crate) fn unit(&self) -> usize {
        self.ff.active_texture.min(MAX_UNITS - 1)
    }

    /// Runs `f` on the texture bound to `target` on the active unit.
    pub(crate) fn with_bound_texture<R>(
        &mut self,
        target: GLenum,
        f: impl FnOnce(&mut Texture) -> ApiResult<R>,
    ) -> ApiResult<R> {
        let ti = target_index(target)?;
        let name = self.textures.bound[self.unit()][ti];
        if name == 0 {
            return f(&mut self.textures.defaults[ti]);
        }
        let shared = self.shared().clone();
        let mut texs = shared.textures();
        let tex = texs.get_mut(name).ok_or(ApiError::InvalidOperation)?;
        let serial = tex.serial;
        let r = f(tex);
        // ARB_texture_view: the textures sharing its data store see a change.
        if tex.serial != serial && tex.view.is_some() {
            texs.sync_views(name);
        }
        r
    }

    /// `glGenTextures`.
    pub fn gen_textures(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        self.shared().textures().gen_names(n)
    }

    /// `glDeleteTextures`: bound names revert to the default texture.
    pub fn delete_textures(&mut self, names: &[u32]) -> ApiResult {
        self.outside_begin_end()?;
        self.flush_vertices();
        self.fbo_resolve();
        self.detach_textures(names);
        let stores = self.shared().textures().delete(names);
        self.release_buffer_stores(&stores);
        self.forget_buffer_texels(names);
        self.unbind_image_textures(names);
        for unit in &mut self.textures.bound {
            for b in unit.iter_mut() {
                if names.contains(b) {
                    *b = 0;
                }
            }
        }
        Ok(())
    }

    /// `glIsTexture`.
    pub fn is_texture(&mut self, name: u32) -> ApiResult<bool> {
        self.outside_begin_end()?;
        Ok(self.shared().textures().is_texture(name))
    }

    /// `glBindTexture`. INVALID_ENUM for an unknown target, INVALID_OPERATION
    /// for an object of another target.
    pub fn bind_texture(&mut self, target: GLenum, name: u32) -> ApiResult {
        self.outside_begin_end()?;
        let ti = target_index(target)?;
        if crate::texture::ms::is_multisample_target(target) && !self.has_texture_multisample() {
            return Err(ApiError::InvalidEnum);
        }
        if name != 0 {
            let core = self.params().profile == Profile::Core;
            self.shared().textures().bind(target, name, core)?;
        }
        self.flush_vertices();
        let unit = self.unit();
        self.textures.bound[unit][ti] = name;
        Ok(())
    }

    /// Validates a `glTexImage*` call and returns the client image layout.
    /// GL 4.6 compat §8.5: INVALID_ENUM for a bad target, format or type;
    /// INVALID_VALUE for a bad level, internal format, size or border;
    /// INVALID_OPERATION for a format/type mismatch.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn plan_tex_image(
        &self,
        dims: usize,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [i32; 3],
        border: i32,
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult<ClientImage> {
        let plan = self.check_tex_image(
            dims,
            target,
            level,
            internal_format,
            size,
            border,
            format,
            type_,
        )?;
        if !Self::fits_limits(dims, target, level, size, border) {
            return Err(ApiError::InvalidValue);
        }
        if !Self::fits_memory(size) {
            return Err(ApiError::OutOfMemory);
        }
        Ok(plan)
    }

    /// Whether an image's texels fit the storage limit of one image
    /// ([`MAX_IMAGE_TEXELS`]).
    pub(crate) fn fits_memory(size: [i32; 3]) -> bool {
        size.iter().map(|&s| s.max(1) as u64).product::<u64>() <= MAX_IMAGE_TEXELS
    }

    /// Whether an image of `size` (with its border) fits the
    /// implementation's limits at `level`: the limits a proxy query tests.
    pub(crate) fn fits_limits(
        dims: usize,
        target: GLenum,
        level: i32,
        size: [i32; 3],
        border: i32,
    ) -> bool {
        let bind = image_target(target).map_or(target, |(b, _)| b);
        let max = (max_size(bind) >> level.clamp(0, 31)) as i64;
        let layers = crate::texture::layer_axis(bind);
        cube_array_size_ok(bind, size)
            && (0..dims).all(|d| {
                if Some(d) == layers {
                    i64::from(size[d]) <= crate::texture::MAX_ARRAY_TEXTURE_LAYERS as i64
                } else {
                    i64::from(size[d]) <= max + 2 * i64::from(border)
                }
            })
    }

    /// Validates a 1D or 2D `glTexImage*` of colour indices (`GL_COLOR_INDEX`,
    /// compatibility contexts; GL 4.6 compat §8.4.4): as
    /// [`Context::plan_tex_image`], with the layout of a one-component
    /// image (`GL_BITMAP` included). The indices become RGBA through the
    /// index-to-RGBA maps ([`Context::tex_image_index`]).
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn plan_tex_image_index(
        &self,
        dims: usize,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [i32; 3],
        border: i32,
        type_: GLenum,
    ) -> ApiResult<ScalarImage> {
        if self.params().profile != Profile::Compat || dims > 2 {
            return Err(ApiError::InvalidEnum);
        }
        let (_, base) =
            self.check_tex_image_target(dims, target, level, internal_format, size, border)?;
        // Indices give colours: a depth internal format does not match; nor
        // does a format only glCompressedTexImage* fills.
        if base == GL_DEPTH_COMPONENT || crate::texture::no_online_compression(internal_format) {
            return Err(ApiError::InvalidOperation);
        }
        if !Self::fits_limits(dims, target, level, size, border) {
            return Err(ApiError::InvalidValue);
        }
        if !Self::fits_memory(size) {
            return Err(ApiError::OutOfMemory);
        }
        let [w, h, _] = size.map(|s| s as usize);
        scalar_image(GL_COLOR_INDEX, type_, w, h, &self.state.unpack)
    }

    /// The validation of `glTexImage*` other than the size limits.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    fn check_tex_image(
        &self,
        dims: usize,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [i32; 3],
        border: i32,
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult<ClientImage> {
        let (bind, base) =
            self.check_tex_image_target(dims, target, level, internal_format, size, border)?;
        let [w, h, d] = size.map(|s| s as usize);
        // ARB_texture_stencil8: stencil indices for a stencil image only,
        // and a stencil image from stencil indices only (INVALID_OPERATION,
        // as Mesa), of a target that holds depth images.
        // (Colour pixels for a stencil image are no error, as in Mesa: the
        // extension lists only the other way round.)
        let stencil = base == GL_STENCIL_INDEX;
        if format == GL_STENCIL_INDEX && !stencil && type_info(type_).is_some() {
            return Err(ApiError::InvalidOperation);
        }
        if stencil && !self.depth_target(bind) {
            return Err(ApiError::InvalidOperation);
        }
        let plan = client_image(format, type_, w, h, d, &self.state.unpack.for_dims(dims))?
            .for_integer(internal_format)?;
        // ARB_depth_texture (and Mesa): INVALID_OPERATION when one of format
        // and internal format is GL_DEPTH_COMPONENT (or GL_DEPTH_STENCIL) and
        // the other is not, or for a depth texture of a target that cannot
        // hold one.
        let depth = base == GL_DEPTH_COMPONENT;
        if depth != is_depth_format(format) {
            return Err(ApiError::InvalidOperation);
        }
        if depth && !self.depth_target(bind) {
            return Err(ApiError::InvalidOperation);
        }
        // A format only glCompressedTexImage* fills (ETC1/ETC2/EAC; Mesa's
        // "no compression for format"), proxies included.
        if crate::texture::no_online_compression(internal_format) {
            return Err(ApiError::InvalidOperation);
        }
        Ok(plan)
    }

    /// OpenGL ES's narrower `glTexImage*` rules ([`crate::texture::es_formats`]),
    /// on the command's own arguments (before OES_texture_float's unsized
    /// float images are given sized formats): the target, level, size and
    /// border checks first, then the internal format and its combination
    /// with the format and type, then the client image. Nothing in desktop
    /// contexts.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn check_es_tex_image(
        &self,
        dims: usize,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [i32; 3],
        border: i32,
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult {
        let p = self.params();
        if !p.is_es() {
            return Ok(());
        }
        let storage = es_storage_format(internal_format);
        self.check_tex_image_target(dims, target, level, storage, size, border)?;
        let caps = crate::texture::es_formats::EsFormats {
            es3: p.is_es3(),
            es2: p.is_es2(),
        };
        // Mesa checks the internal format before the pixel format: ETC1
        // given as both is INVALID_VALUE (piglit's
        // oes_compressed_etc1_rgb8_texture-basic).
        crate::texture::es_formats::check(caps, format, type_, internal_format)?;
        let [w, h, d] = size.map(|s| s as usize);
        client_image(
            format,
            es_type(type_),
            w,
            h,
            d,
            &self.state.unpack.for_dims(dims),
        )?;
        Ok(())
    }

    /// The checks of `glTexImage*` before the client image's format and
    /// type; returns the binding target and the internal format's base.
    pub(crate) fn check_tex_image_target(
        &self,
        dims: usize,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [i32; 3],
        border: i32,
    ) -> ApiResult<(GLenum, GLenum)> {
        self.outside_begin_end()?;
        let (bind, _) = image_target_for(dims, target)?;
        if level < 0 || level > max_level(bind) || (bind == GL_TEXTURE_RECTANGLE && level != 0) {
            return Err(ApiError::InvalidValue);
        }
        let (base, _) =
            crate::texture::internal_format(internal_format).ok_or(ApiError::InvalidValue)?;
        let legal_border = border == 0
            || (border == 1
                && self.params().profile == Profile::Compat
                && bind != GL_TEXTURE_RECTANGLE);
        let bordered = border_dims(dims, bind);
        if size.iter().any(|&s| s < 0)
            || !legal_border
            || (0..bordered).any(|d| size[d] < 2 * border)
        {
            return Err(ApiError::InvalidValue);
        }
        if bind == GL_TEXTURE_CUBE_MAP && size[0] != size[1] {
            return Err(ApiError::InvalidValue);
        }
        Ok((bind, base))
    }

    /// Whether `target` may hold depth images: 1D, 2D and rectangle (GL 4.6
    /// compat §8.5: "Textures with a base internal format of
    /// DEPTH_COMPONENT ... are supported by texture image specification
    /// commands only if target is TEXTURE_1D, TEXTURE_2D, ... TEXTURE_CUBE_MAP,
    /// ..."), cube maps from GL 3.0 on.
    fn depth_target(&self, target: GLenum) -> bool {
        match target {
            GL_TEXTURE_1D | GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE => true,
            // GL 3.0, and EXT_gpu_shader4's samplerCubeShadow (advertised
            // from GL 2.0 on).
            GL_TEXTURE_CUBE_MAP => self.params().version >= (2, 0),
            // EXT_texture_array: depth arrays (shadow array samplers).
            GL_TEXTURE_1D_ARRAY | GL_TEXTURE_2D_ARRAY => true,
            // ARB_texture_cube_map_array: samplerCubeArrayShadow.
            GL_TEXTURE_CUBE_MAP_ARRAY => true,
            _ => false,
        }
    }

    /// Pixel transfer of texels bound for an image of `base`: depth scale
    /// and bias (clamped to [0, 1]) on the depth in R for depth images, the
    /// colour operations otherwise (GL 4.6 compat §8.4.4).
    fn transfer_texels(&self, base: GLenum, internal: GLenum, texels: &mut [[f32; 4]]) {
        // Integer images take their values as they are (EXT_texture_integer),
        // stencil images their indices (index shift, offset and map are
        // not applied).
        if crate::texture::integer_kind(internal).is_some() || base == GL_STENCIL_INDEX {
            return;
        }
        if base != GL_DEPTH_COMPONENT {
            self.state.transfer.rgba(texels);
            return;
        }
        for t in texels {
            let mut d = [t[0]];
            self.state.transfer.depth(&mut d);
            t[0] = d[0];
        }
    }

    /// `glTexImage*` with a proxy target: the usual errors, except that an
    /// image beyond the limits clears the proxy level (GL 4.6 compat
    /// §8.22) instead; nothing is stored but the image's description.
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn proxy_tex_image(
        &mut self,
        dims: usize,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [i32; 3],
        border: i32,
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult {
        let (bind, as_target) = proxy_target(target).ok_or(ApiError::InvalidEnum)?;
        self.check_tex_image(
            dims,
            as_target,
            level,
            internal_format,
            size,
            border,
            format,
            type_,
        )?;
        let ti = target_index(bind)?;
        let key = (0, level as usize);
        if Self::fits_limits(dims, as_target, level, size, border) && Self::fits_memory(size) {
            let b = border as usize;
            let bordered = border_dims(dims, as_target);
            let inner = [0, 1, 2].map(|d| {
                let s = if d < dims { size[d] as usize } else { 1 };
                if d < bordered { s - 2 * b } else { s }
            });
            let image = make_image(inner, internal_format, Vec::new())?;
            self.textures.proxies[ti].images.insert(key, image);
        } else {
            self.textures.proxies[ti].images.remove(&key);
        }
        Ok(())
    }

    /// The texels of a `glTexImage*` call: unpacked from `src` (`plan.byte_len`
    /// client bytes), or zeroed when there is no data (contents undefined).
    pub fn tex_image_texels(plan: &ClientImage, src: Option<&[u8]>) -> ApiResult<Vec<[f32; 4]>> {
        let [w, h, d] = plan.size;
        let n = w
            .checked_mul(h)
            .and_then(|v| v.checked_mul(d))
            .ok_or(ApiError::OutOfMemory)?;
        Ok(match src {
            Some(bytes) => plan.unpack(bytes),
            // No data: zeros, as the memory Mesa allocates (the contents
            // are undefined; programs render into such images).
            None => {
                let mut v = Vec::new();
                v.try_reserve_exact(n).map_err(|_| ApiError::OutOfMemory)?;
                v.resize(n, [0.0; 4]);
                v
            }
        })
    }

    /// Stores a `glTexImage*` image of `size` from unpacked texels.
    pub fn tex_image(
        &mut self,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [usize; 3],
        texels: Vec<[f32; 4]>,
    ) -> ApiResult {
        self.tex_image_from(target, level, internal_format, size, texels, None)
    }

    /// [`Context::tex_image`] of texels unpacked from `plan`: 8-bit colour
    /// pixels an 8-bit format stores as they are skip quantization.
    pub fn tex_image_from(
        &mut self,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [usize; 3],
        texels: Vec<[f32; 4]>,
        plan: Option<&ClientImage>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let (base, _) =
            crate::texture::internal_format(internal_format).ok_or(ApiError::InvalidValue)?;
        let exact = plan.is_some_and(|p| {
            p.is_unorm8_colour()
                && crate::texture::stores_unorm8_exactly(internal_format, p.format)
                && !self.state.transfer.rgba_ops()
        });
        if exact {
            let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum)?;
            let image = crate::texture::make_image_exact(size, internal_format, texels)?;
            return self.store_image(bind, face, level, image);
        }
        let mut texels = texels;
        self.transfer_texels(base, internal_format, &mut texels);
        self.store_tex_image(target, level, internal_format, size, texels)
    }

    /// ES (GL_OES_texture_float, GL_OES_texture_half_float): an unsized
    /// internal format with a float type stores floats — `GL_RGBA` with
    /// `GL_FLOAT` is `GL_RGBA32F`, with `GL_HALF_FLOAT(_OES)` `GL_RGBA16F`
    /// (and so for RGB, ALPHA, LUMINANCE and LUMINANCE_ALPHA, as Mesa) —
    /// and `GL_HALF_FLOAT_OES` is `GL_HALF_FLOAT`. Other contexts and
    /// formats pass through.
    pub fn es_float_image(&self, internal: GLenum, type_: GLenum) -> (GLenum, GLenum) {
        if !self.params().is_es() {
            return (internal, type_);
        }
        let type_ = es_type(type_);
        let sized = match (internal, type_) {
            (GL_RGBA, GL_FLOAT) => GL_RGBA32F,
            (GL_RGB, GL_FLOAT) => GL_RGB32F,
            (GL_ALPHA, GL_FLOAT) => GL_ALPHA32F_ARB,
            (GL_LUMINANCE, GL_FLOAT) => GL_LUMINANCE32F_ARB,
            (GL_LUMINANCE_ALPHA, GL_FLOAT) => GL_LUMINANCE_ALPHA32F_ARB,
            (GL_RGBA, GL_HALF_FLOAT) => GL_RGBA16F,
            (GL_RGB, GL_HALF_FLOAT) => GL_RGB16F,
            (GL_ALPHA, GL_HALF_FLOAT) => GL_ALPHA16F_ARB,
            (GL_LUMINANCE, GL_HALF_FLOAT) => GL_LUMINANCE16F_ARB,
            (GL_LUMINANCE_ALPHA, GL_HALF_FLOAT) => GL_LUMINANCE_ALPHA16F_ARB,
            _ => internal,
        };
        (sized, type_)
    }

    /// Whether a `glTexImage*` of `plan` into `internal_format` stores the
    /// client's bytes as they are ([`Context::tex_image_unorm8`]): 8-bit
    /// colour pixels of the format's own channels, an 8-bit format, no
    /// pixel transfer operation.
    pub fn tex_image_keeps_bytes(&self, plan: &ClientImage, internal_format: GLenum) -> bool {
        plan.is_unorm8_colour()
            && crate::texture::stores_unorm8_exactly(internal_format, plan.format)
            && !self.state.transfer.rgba_ops()
    }

    /// Stores a `glTexImage*` image of `size` from the client's bytes
    /// ([`ClientImage::unpack_unorm8`]) when
    /// [`Context::tex_image_keeps_bytes`]: no conversion to `f32` and back.
    pub fn tex_image_unorm8(
        &mut self,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [usize; 3],
        bytes: Vec<[u8; 4]>,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let (base, bits) =
            crate::texture::internal_format(internal_format).ok_or(ApiError::InvalidValue)?;
        if !crate::texture::plain_unorm8(internal_format, base, bits) {
            return Err(ApiError::InvalidOperation);
        }
        let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum)?;
        let texels = bytes
            .into_iter()
            .map(|b| crate::texture::base_channels8(b, base))
            .collect();
        let image = crate::texture::TexImage {
            size,
            internal_format,
            base,
            bits,
            texels: crate::texture::Texels::Unorm8(texels),
            compressed: None,
        };
        self.store_image(bind, face, level, image)
    }

    /// Stores a `glTexImage*` image of colour indices: index shift and
    /// offset, then the index-to-RGBA maps, which apply whether or not
    /// `GL_MAP_COLOR` is on (GL 4.6 compat §8.4.4.3).
    pub fn tex_image_index(
        &mut self,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [usize; 3],
        indices: &[f32],
    ) -> ApiResult {
        self.fbo_resolve();
        self.outside_begin_end()?;
        let texels = self.state.transfer.index_to_rgba(indices);
        self.store_tex_image(target, level, internal_format, size, texels)
    }

    fn store_tex_image(
        &mut self,
        target: GLenum,
        level: i32,
        internal_format: GLenum,
        size: [usize; 3],
        texels: Vec<[f32; 4]>,
    ) -> ApiResult {
        let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum)?;
        let image = make_image(size, internal_format, texels)?;
        self.store_image(bind, face, level, image)
    }

    /// Puts `image` at `level` (and cube `face`) of the texture bound to
    /// `bind`.
    fn store_image(
        &mut self,
        bind: GLenum,
        face: usize,
        level: i32,
        image: crate::texture::TexImage,
    ) -> ApiResult {
        self.flush_vertices();
        self.with_bound_texture(bind, |t| {
            // ARB_texture_storage: an immutable texture's images stay.
            if t.immutable_levels.is_some() {
                return Err(ApiError::InvalidOperation);
            }
            t.images.insert((face, level as usize), image);
            t.touch();
            regenerate(t, level);
            Ok(())
        })
    }

    /// `glTexSubImage*`: replaces a region of an existing image. GL 4.6
    /// §8.6: INVALID_ENUM for a bad target/format/type, INVALID_VALUE for a
    /// bad level, negative size or a region outside the image,
    /// INVALID_OPERATION when the level has no image. Returns the client
    /// layout; the texels are then given to [`Context::tex_sub_image`].
    #[allow(clippy::too_many_arguments, reason = "the GL command's parameters")]
    pub fn plan_tex_sub_image(
        &mut self,
        dims: usize,
        target: GLenum,
        level: i32,
        offset: [i32; 3],
        size: [i32; 3],
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult<ClientImage> {
        self.outside_begin_end()?;
        let (bind, face) = image_target_for(dims, target)?;
        if level < 0 || level > max_level(bind) {
            return Err(ApiError::InvalidValue);
        }
        let plan = client_image(
            format,
            type_,
            size[0].max(0) as usize,
            size[1].max(0) as usize,
            size[2].max(0) as usize,
            &self.state.unpack.for_dims(dims),
        )?;
        if size.iter().any(|&s| s < 0) {
            return Err(ApiError::InvalidValue);
        }
        let image = self.with_bound_texture(bind, |t| {
            Ok(t.images
                .get(&(face, level as usize))
                .map(|i| (i.size, i.base, i.internal_format)))
        })?;
        let (image_size, base, internal) = image.ok_or(ApiError::InvalidOperation)?;
        // As glTexImage: a depth image takes depth components, a stencil
        // image stencil indices, others neither.
        if (base == GL_DEPTH_COMPONENT) != is_depth_format(format)
            || (format == GL_STENCIL_INDEX && base != GL_STENCIL_INDEX)
        {
            return Err(ApiError::InvalidOperation);
        }
        let plan = plan.for_integer(internal)?;
        for k in 0..3 {
            let end = i64::from(offset[k]) + i64::from(size[k]);
            if offset[k] < 0 || end > image_size[k] as i64 {
                return Err(ApiError::InvalidValue);
            }
            // A compressed image is replaced in whole blocks (GL 4.6 §8.7,
            // as glCompressedTexSubImage*): INVALID_OPERATION otherwise.
            let blocky = k < 2 && crate::texture::compressed_kind(internal).is_some();
            if blocky && !crate::texture::block_aligned(offset[k], size[k], image_size[k]) {
                return Err(ApiError::InvalidOperation);
            }
        }
        // An image only glCompressedTexSubImage* may change (ETC1/ETC2/EAC,
        // Mesa's "no compression for format"; glCopyTexSubImage* too).
        if crate::texture::no_online_compression(internal) {
            return Err(ApiError::InvalidOperation);
        }
        Ok(plan)
    }

    /// Stores a sub-image's texels at `offset` (validated by the plan).
    pub fn tex_sub_image(
        &mut self,
        target: GLenum,
        level: i32,
        offset: [usize; 3],
        size: [usize; 3],
        texels: Vec<[f32; 4]>,
    ) -> ApiResult {
        self.fbo_resolve();
        self.outside_begin_end()?;
        let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum)?;
        self.flush_vertices();
        let image = self.with_bound_texture(bind, |t| {
            Ok(t.images
                .get(&(face, level as usize))
                .map(|i| (i.base, i.internal_format)))
        })?;
        let (base, internal) = image.ok_or(ApiError::InvalidOperation)?;
        let mut texels = texels;
        self.transfer_texels(base, internal, &mut texels);
        self.with_bound_texture(bind, |t| {
            t.touch();
            let img = t
                .images
                .get_mut(&(face, level as usize))
                .ok_or(ApiError::InvalidOperation)?;
            let [w, h, _] = img.size;
            for z in 0..size[2] {
                for y in 0..size[1] {
                    for x in 0..size[0] {
                        let src = texels[(z * size[1] + y) * size[0] + x];
                        let at = ((offset[2] + z) * h + offset[1] + y) * w + offset[0] + x;
                        let t =
                            crate::texture::to_stored(src, img.internal_format, img.base, img.bits);
                        img.texels.set(at, t);
                    }
                }
            }
            crate::texture::compress_region(img, offset, size);
            regenerate(t, level);
            Ok(())
        })
    }

    /// `glGetTexImage` layout: INVALID_ENUM for a bad target/format/type,
    /// INVALID_VALUE for a bad level. Returns `None` when the level has no image.
    pub fn plan_get_tex_image(
        &mut self,
        target: GLenum,
        level: i32,
        format: GLenum,
        type_: GLenum,
    ) -> ApiResult<Option<ClientImage>> {
        self.outside_begin_end()?;
        let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum)?;
        if level < 0 || level > max_level(bind) {
            return Err(ApiError::InvalidValue);
        }
        let image = self.with_bound_texture(bind, |t| {
            Ok(t.images
                .get(&(face, level as usize))
                .map(|i| (i.size, i.base, i.internal_format, i.bits)))
        })?;
        let Some(([w, h, d], base, internal, bits)) = image else {
            client_image(format, type_, 0, 0, 0, &self.state.pack)?;
            return Ok(None);
        };
        let dims = if is_3d_target(bind) { 3 } else { 2 };
        let plan = client_image(format, type_, w, h, d, &self.state.pack.for_dims(dims))?;
        // GL 4.6 compat §8.11.4: INVALID_OPERATION for a depth format and an
        // image that is not a depth image, and (Mesa) a colour format and a
        // depth image; ARB_texture_stencil8: stencil indices of a stencil or
        // depth/stencil image only, and a stencil image as them only.
        if format == GL_STENCIL_INDEX || base == GL_STENCIL_INDEX {
            let has_stencil =
                base == GL_STENCIL_INDEX || (base == GL_DEPTH_COMPONENT && bits[1] > 0);
            if format != GL_STENCIL_INDEX || !has_stencil {
                return Err(ApiError::InvalidOperation);
            }
        } else if (base == GL_DEPTH_COMPONENT) != is_depth_format(format) {
            return Err(ApiError::InvalidOperation);
        }
        Ok(Some(plan.for_integer(internal)?))
    }

    /// The base format of image `level` of `target` (an image target) in
    /// the bound texture, if it has one; `None` for a bad target or level.
    pub(crate) fn bound_image_base(&mut self, target: GLenum, level: i32) -> Option<GLenum> {
        let (bind, face) = image_target(target)?;
        let level = usize::try_from(level).ok()?;
        self.with_bound_texture(bind, |t| Ok(t.images.get(&(face, level)).map(|i| i.base)))
            .ok()
            .flatten()
    }

    /// Writes the image into `dst` (`plan.byte_len` bytes).
    pub fn get_tex_image(
        &mut self,
        target: GLenum,
        level: i32,
        plan: &ClientImage,
        dst: &mut [u8],
    ) -> ApiResult {
        self.fbo_resolve();
        let (bind, face) = image_target(target).ok_or(ApiError::InvalidEnum)?;
        // Depth images go out through depth scale and bias, as Mesa's
        // glGetTexImage does (colour images without transfer).
        let [scale, bias] = self.state.transfer.depth;
        self.with_bound_texture(bind, |t| {
            let Some(img) = t.images.get(&(face, level as usize)) else {
                return Ok(());
            };
            if img.base == GL_DEPTH_COMPONENT && [scale, bias] != [1.0, 0.0] {
                let mut img = img.clone();
                for t in img.texels.f32_mut() {
                    t[0] = (t[0] * scale + bias).clamp(0.0, 1.0);
                }
                read_image(&img, plan, dst);
            } else {
                read_image(img, plan, dst);
            }
            Ok(())
        })
    }

    /// Whether `GL_DEPTH_STENCIL_TEXTURE_MODE` exists: desktop GL, where
    /// ARB_stencil_texturing is advertised, and OpenGL ES 3.1.
    pub(crate) fn has_stencil_texturing(&self) -> bool {
        let p = self.params();
        !p.is_es() || p.version >= (3, 1)
    }

    /// `glTexParameter{i,f}{,v}`: GL 4.6 compat §8.10: INVALID_ENUM for an
    /// unknown parameter or a bad enum value, INVALID_VALUE for negative
    /// levels, anisotropy below 1 or a bad priority.
    pub fn tex_parameter(&mut self, target: GLenum, pname: GLenum, v: &[f32]) -> ApiResult {
        self.outside_begin_end()?;
        crate::texture::buffer::parameter_target_index(target)?;
        // GL 4.6 §8.10: a multisample texture has no sampler state.
        if crate::texture::ms::is_multisample_target(target) && is_sampler_param(pname) {
            return Err(ApiError::InvalidEnum);
        }
        // A rectangle or multisample texture has one level: a non-zero
        // base level is INVALID_OPERATION (GL 4.6 §8.10; Mesa for both).
        let rect =
            target == GL_TEXTURE_RECTANGLE || crate::texture::ms::is_multisample_target(target);
        let compat = self.params().has_fixed_function();
        let desktop = !self.params().is_es();
        self.flush_vertices();
        // ARB_stencil_texturing: texture state, no sampler's.
        if pname == GL_DEPTH_STENCIL_TEXTURE_MODE && self.has_stencil_texturing() {
            let e = v.first().copied().unwrap_or(0.0);
            let stencil = match e as GLenum {
                _ if e < 0.0 => return Err(ApiError::InvalidEnum),
                GL_DEPTH_COMPONENT => false,
                GL_STENCIL_INDEX => true,
                _ => return Err(ApiError::InvalidEnum),
            };
            return self.with_bound_texture(target, |t| {
                t.params.stencil_mode = stencil;
                Ok(())
            });
        }
        self.with_bound_texture(target, |t| {
            set_param(&mut t.params, pname, v, rect, compat, desktop)?;
            // ARB_texture_storage: an immutable texture's base level is
            // clamped to [0, levels - 1] and its max level to [base,
            // levels - 1] (stored so, as Mesa).
            if let Some(n) = t.immutable_levels
                && matches!(pname, GL_TEXTURE_BASE_LEVEL | GL_TEXTURE_MAX_LEVEL)
            {
                let last = n as i32 - 1;
                let p = &mut t.params;
                p.levels[0] = p.levels[0].clamp(0, last);
                p.levels[1] = p.levels[1].clamp(p.levels[0], last);
            }
            Ok(())
        })
    }

    /// `glGetTexParameter{i,f}v`.
    pub fn get_tex_parameter(&mut self, target: GLenum, pname: GLenum) -> ApiResult<Vec<f32>> {
        self.outside_begin_end()?;
        crate::texture::buffer::parameter_target_index(target)?;
        let compat = self.params().has_fixed_function();
        let images = self.has_image_load_store();
        let stencil_texturing = self.has_stencil_texturing();
        self.with_bound_texture(target, |t| {
            if pname == GL_DEPTH_STENCIL_TEXTURE_MODE && stencil_texturing {
                let mode = if t.params.stencil_mode {
                    GL_STENCIL_INDEX
                } else {
                    GL_DEPTH_COMPONENT
                };
                return Ok(vec![mode as f32]);
            }
            if pname == GL_TEXTURE_IMMUTABLE_FORMAT {
                return Ok(vec![f32::from(u8::from(t.immutable_levels.is_some()))]);
            }
            // ARB_shader_image_load_store: image formats of one size are
            // compatible (as Mesa).
            if pname == GL_IMAGE_FORMAT_COMPATIBILITY_TYPE && images {
                return Ok(vec![GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE as f32]);
            }
            if let Some(v) = crate::texture::view::view_param(t, pname) {
                return Ok(vec![v]);
            }
            get_param(&t.params, pname, compat).ok_or(ApiError::InvalidEnum)
        })
    }

    /// `glGetTexLevelParameter{i,f}v`: size, internal format and component
    /// sizes of one image (zeros for a level without one).
    pub fn get_tex_level_parameter(
        &mut self,
        target: GLenum,
        level: i32,
        pname: GLenum,
    ) -> ApiResult<f32> {
        self.outside_begin_end()?;
        if target == GL_TEXTURE_BUFFER {
            return self.tex_buffer_level_parameter(level, pname);
        }
        // ARB_texture_multisample: one level.
        let ms_proxy = match target {
            GL_PROXY_TEXTURE_2D_MULTISAMPLE => Some((GL_TEXTURE_2D_MULTISAMPLE, target)),
            GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY => {
                Some((GL_TEXTURE_2D_MULTISAMPLE_ARRAY, target))
            }
            _ => None,
        };
        let has_ms = self.has_texture_multisample();
        let ms =
            has_ms && (ms_proxy.is_some() || crate::texture::ms::is_multisample_target(target));
        let proxy = if ms { ms_proxy } else { proxy_target(target) };
        let (bind, face) = match proxy {
            Some((bind, _)) => (bind, 0),
            None if ms => (target, 0),
            None => image_target(target).ok_or(ApiError::InvalidEnum)?,
        };
        if level < 0 || level > if ms { 0 } else { max_level(bind) } {
            return Err(ApiError::InvalidValue);
        }
        let core = self.params().profile == Profile::Core;
        let proxies = std::mem::take(&mut self.textures.proxies);
        let r = self.with_bound_texture(bind, |bound| {
            let t = match proxy {
                Some(_) => &proxies[target_index(bind)?],
                None => &*bound,
            };
            let img = t.images.get(&(face, level as usize));
            let size = img.map_or([0; 3], |i| i.size);
            let bits = img.map_or([0; 4], crate::texture::reported_bits);
            let lum = img.is_some_and(|i| matches!(i.base, GL_LUMINANCE | GL_LUMINANCE_ALPHA));
            let int = img.is_some_and(|i| i.base == GL_INTENSITY);
            let depth = img.is_some_and(|i| i.base == GL_DEPTH_COMPONENT);
            let stencil = img.is_some_and(|i| i.base == GL_STENCIL_INDEX);
            let samples = t.samples.max(1) as usize;
            // Every image has the multisample state (ARB_texture_multisample):
            // 0 samples and fixed locations but the multisample ones'.
            Ok(match pname {
                GL_TEXTURE_WIDTH => (size[0] / samples) as f32,
                GL_TEXTURE_SAMPLES if has_ms => t.samples as f32,
                GL_TEXTURE_FIXED_SAMPLE_LOCATIONS if has_ms => {
                    f32::from(u8::from(t.fixed_sample_locations))
                }
                GL_TEXTURE_HEIGHT => size[1] as f32,
                GL_TEXTURE_DEPTH => size[2] as f32,
                // A generic compressed format is stored uncompressed: the
                // image reports its base format (ARB_texture_compression).
                GL_TEXTURE_INTERNAL_FORMAT => img.map_or(1, |i| {
                    if crate::texture::is_generic_compressed(i.internal_format) {
                        i.base
                    } else {
                        i.internal_format
                    }
                }) as f32,
                // The core profile removed borders (GL 3.2 core §6.1.3).
                GL_TEXTURE_BORDER if core => return Err(ApiError::InvalidEnum),
                GL_TEXTURE_BORDER => 0.0,
                GL_TEXTURE_RED_SIZE => {
                    if lum || int || depth {
                        0.0
                    } else {
                        f32::from(bits[0])
                    }
                }
                GL_TEXTURE_GREEN_SIZE if depth || stencil => 0.0,
                GL_TEXTURE_GREEN_SIZE => f32::from(bits[1]),
                GL_TEXTURE_BLUE_SIZE => f32::from(bits[2]),
                GL_TEXTURE_ALPHA_SIZE => f32::from(bits[3]),
                GL_TEXTURE_LUMINANCE_SIZE => {
                    if lum {
                        f32::from(bits[0])
                    } else {
                        0.0
                    }
                }
                GL_TEXTURE_INTENSITY_SIZE => {
                    if int {
                        f32::from(bits[0])
                    } else {
                        0.0
                    }
                }
                // EXT_texture_shared_exponent: the exponent's bits.
                GL_TEXTURE_SHARED_SIZE => {
                    let shared = img.is_some_and(|i| i.internal_format == GL_RGB9_E5);
                    if shared { 5.0 } else { 0.0 }
                }
                GL_TEXTURE_DEPTH_SIZE => {
                    if depth {
                        f32::from(bits[0])
                    } else {
                        0.0
                    }
                }
                // ARB_texture_float: each component's type; NONE for one
                // the base format lacks.
                GL_TEXTURE_RED_TYPE
                | GL_TEXTURE_GREEN_TYPE
                | GL_TEXTURE_BLUE_TYPE
                | GL_TEXTURE_ALPHA_TYPE
                | GL_TEXTURE_LUMINANCE_TYPE
                | GL_TEXTURE_INTENSITY_TYPE
                | GL_TEXTURE_DEPTH_TYPE => {
                    let has = match pname {
                        GL_TEXTURE_RED_TYPE => bits[0] > 0 && !lum && !int && !depth,
                        GL_TEXTURE_GREEN_TYPE => bits[1] > 0 && !depth && !stencil,
                        GL_TEXTURE_BLUE_TYPE => bits[2] > 0,
                        GL_TEXTURE_ALPHA_TYPE => bits[3] > 0,
                        GL_TEXTURE_LUMINANCE_TYPE => lum,
                        GL_TEXTURE_INTENSITY_TYPE => int,
                        _ => depth,
                    };
                    let ty = img.map_or(GL_UNSIGNED_NORMALIZED, |i| {
                        if pname != GL_TEXTURE_DEPTH_TYPE {
                            crate::texture::component_type(i.internal_format)
                        } else if crate::texture::is_float_depth(i.internal_format) {
                            GL_FLOAT
                        } else {
                            GL_UNSIGNED_NORMALIZED
                        }
                    });
                    (if has { ty } else { GL_NONE }) as f32
                }
                GL_TEXTURE_COMPRESSED => {
                    let c = img.is_some_and(|i| {
                        crate::texture::compressed_kind(i.internal_format).is_some()
                    });
                    f32::from(u8::from(c))
                }
                // A depth/stencil format keeps its stencil bits in G.
                GL_TEXTURE_STENCIL_SIZE if depth || stencil => f32::from(bits[1]),
                GL_TEXTURE_STENCIL_SIZE => 0.0,
                // INVALID_OPERATION for an image not stored compressed (GL
                // 4.6 compat §8.11.3).
                GL_TEXTURE_COMPRESSED_IMAGE_SIZE => match img {
                    Some(i) => match crate::texture::compressed_kind(i.internal_format) {
                        Some(k) => k.image_size(i.size) as f32,
                        None => return Err(ApiError::InvalidOperation),
                    },
                    _ => return Err(ApiError::InvalidOperation),
                },
                _ => return Err(ApiError::InvalidEnum),
            })
        });
        self.textures.proxies = proxies;
        r
    }

    /// The name bound to `target` on the active unit (`GL_TEXTURE_BINDING_*`).
    pub fn texture_binding(&self, target: GLenum) -> u32 {
        target_index(target).map_or(0, |ti| self.textures.bound[self.unit()][ti])
    }
}

/// Unsized internal formats, which `glTexStorage*` refuses.
pub(crate) fn is_unsized(fmt: GLenum) -> bool {
    matches!(
        fmt,
        1 | 2
            | 3
            | 4
            | GL_ALPHA
            | GL_LUMINANCE
            | GL_LUMINANCE_ALPHA
            | GL_INTENSITY
            | GL_RED
            | GL_RG
            | GL_RGB
            | GL_RGBA
            | GL_DEPTH_COMPONENT
            | GL_DEPTH_STENCIL
            | GL_SRGB
            | GL_SRGB_ALPHA
            | GL_SLUMINANCE
            | GL_SLUMINANCE_ALPHA
    ) || crate::texture::is_generic_compressed(fmt)
}

impl Context {
    /// `glTexStorage{1,2,3}D` (ARB_texture_storage, GL 4.2 §8.19): all
    /// `levels` of the texture at once, immutable from then on.
    /// INVALID_ENUM for a target of another dimensionality or an unsized
    /// format; INVALID_VALUE for a size or level count below 1 or a size
    /// beyond the limits (a cube map's faces square); INVALID_OPERATION for
    /// more levels than the size has, a rectangle with more than one, the
    /// default texture or one already immutable. A proxy target only
    /// records the images (or none when they do not fit).
    pub fn tex_storage(
        &mut self,
        dims: usize,
        target: GLenum,
        levels: i32,
        internal_format: GLenum,
        size: [i32; 3],
    ) -> ApiResult {
        self.outside_begin_end()?;
        let proxy = proxy_target(target);
        let bind = proxy.map_or(target, |(b, _)| b);
        let ok_target = match dims {
            1 => bind == GL_TEXTURE_1D,
            2 => matches!(
                bind,
                GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_CUBE_MAP | GL_TEXTURE_1D_ARRAY
            ),
            _ => is_3d_target(bind),
        };
        if !ok_target {
            return Err(ApiError::InvalidEnum);
        }
        let Some((base, _)) = crate::texture::internal_format(internal_format) else {
            return Err(ApiError::InvalidEnum);
        };
        if is_unsized(internal_format) {
            return Err(ApiError::InvalidEnum);
        }
        // As glTexImage: depth (and stencil) formats only for targets that
        // hold them.
        if matches!(base, GL_DEPTH_COMPONENT | GL_STENCIL_INDEX) && !self.depth_target(bind) {
            return Err(ApiError::InvalidOperation);
        }
        let size = [0, 1, 2].map(|d| if d < dims { size[d] } else { 1 });
        if levels < 1 || size.iter().any(|&s| s < 1) {
            return Err(ApiError::InvalidValue);
        }
        if bind == GL_TEXTURE_CUBE_MAP && size[0] != size[1] {
            return Err(ApiError::InvalidValue);
        }
        let layers = crate::texture::layer_axis(bind);
        let largest = (0..dims)
            .filter(|&d| Some(d) != layers)
            .map(|d| size[d])
            .max()
            .unwrap_or(1) as u32;
        let max_levels = 32 - largest.leading_zeros();
        if levels as u32 > max_levels || (bind == GL_TEXTURE_RECTANGLE && levels != 1) {
            return Err(ApiError::InvalidOperation);
        }
        let fits = Self::fits_limits(dims, bind, 0, size, 0) && Self::fits_memory(size);
        let faces = if bind == GL_TEXTURE_CUBE_MAP { 6 } else { 1 };
        let level_size = |l: usize| -> [usize; 3] {
            let full = size.map(|s| s as usize);
            let halved = crate::texture::level_size(bind, full, l);
            [0, 1, 2].map(|d| if d < dims { halved[d] } else { full[d] })
        };
        if proxy.is_some() {
            let ti = target_index(bind)?;
            let proxy_tex = &mut self.textures.proxies[ti];
            proxy_tex.images.clear();
            if fits {
                for l in 0..levels as usize {
                    let image = make_image(level_size(l), internal_format, Vec::new())?;
                    proxy_tex.images.insert((0, l), image);
                }
            }
            return Ok(());
        }
        if !Self::fits_limits(dims, bind, 0, size, 0) {
            return Err(ApiError::InvalidValue);
        }
        if !fits {
            return Err(ApiError::OutOfMemory);
        }
        let ti = target_index(bind)?;
        if self.textures.bound[self.unit()][ti] == 0 {
            return Err(ApiError::InvalidOperation);
        }
        self.fbo_resolve();
        self.flush_vertices();
        let mut images = Vec::new();
        for l in 0..levels as usize {
            let sz = level_size(l);
            let n: usize = sz.iter().product();
            let mut texels = Vec::new();
            texels
                .try_reserve_exact(n)
                .map_err(|_| ApiError::OutOfMemory)?;
            texels.resize(n, [0.0; 4]);
            images.push(make_image(sz, internal_format, texels)?);
        }
        self.with_bound_texture(bind, |t| {
            if t.immutable_levels.is_some() {
                return Err(ApiError::InvalidOperation);
            }
            t.images.clear();
            for (l, image) in images.into_iter().enumerate() {
                for f in 1..faces {
                    t.images.insert((f, l), image.clone());
                }
                t.images.insert((0, l), image);
            }
            t.immutable_levels = Some(levels as usize);
            t.touch();
            Ok(())
        })
    }
}

/// Sets texture (or sampler) parameter `pname` of `p` from `v` (GL 4.6
/// compat §8.10 errors); `rect` for a rectangle texture's restrictions,
/// `compat` for the compatibility-profile parameters, `desktop` for the
/// desktop-only wrap mode `GL_MIRROR_CLAMP_TO_EDGE`
/// (ARB_texture_mirror_clamp_to_edge, GL 4.4).
pub(crate) fn set_param(
    p: &mut TexParams,
    pname: GLenum,
    v: &[f32],
    rect: bool,
    compat: bool,
    desktop: bool,
) -> ApiResult {
    let e = v.first().copied().unwrap_or(0.0) as GLenum;
    // A negative value names no enum (`as` would make it GL_NONE).
    let negative = v.first().is_some_and(|&x| x < 0.0);
    match pname {
        GL_TEXTURE_MIN_FILTER => {
            let mip = matches!(
                e,
                GL_NEAREST_MIPMAP_NEAREST
                    | GL_LINEAR_MIPMAP_NEAREST
                    | GL_NEAREST_MIPMAP_LINEAR
                    | GL_LINEAR_MIPMAP_LINEAR
            );
            if !(matches!(e, GL_NEAREST | GL_LINEAR) || mip && !rect) {
                return Err(ApiError::InvalidEnum);
            }
            p.min_filter = e;
        }
        GL_TEXTURE_MAG_FILTER => {
            if !matches!(e, GL_NEAREST | GL_LINEAR) {
                return Err(ApiError::InvalidEnum);
            }
            p.mag_filter = e;
        }
        GL_TEXTURE_WRAP_S | GL_TEXTURE_WRAP_T | GL_TEXTURE_WRAP_R => {
            let ok = matches!(e, GL_CLAMP | GL_CLAMP_TO_EDGE | GL_CLAMP_TO_BORDER)
                || (!rect && matches!(e, GL_REPEAT | GL_MIRRORED_REPEAT))
                || (!rect && desktop && e == GL_MIRROR_CLAMP_TO_EDGE);
            if !ok {
                return Err(ApiError::InvalidEnum);
            }
            let i = (pname - GL_TEXTURE_WRAP_S) as usize;
            p.wrap[if pname == GL_TEXTURE_WRAP_R { 2 } else { i }] = e;
        }
        GL_TEXTURE_BORDER_COLOR => {
            if v.len() < 4 {
                return Err(ApiError::InvalidEnum);
            }
            p.border_color = [v[0], v[1], v[2], v[3]];
        }
        GL_TEXTURE_MIN_LOD => p.lod[0] = v[0],
        GL_TEXTURE_MAX_LOD => p.lod[1] = v[0],
        GL_TEXTURE_BASE_LEVEL | GL_TEXTURE_MAX_LEVEL => {
            if v[0] < 0.0 {
                return Err(ApiError::InvalidValue);
            }
            // GL 4.5 §8.10 (GL 3.3 said INVALID_VALUE; Mesa follows
            // 4.5).
            if rect && pname == GL_TEXTURE_BASE_LEVEL && v[0] != 0.0 {
                return Err(ApiError::InvalidOperation);
            }
            p.levels[usize::from(pname == GL_TEXTURE_MAX_LEVEL)] = v[0] as i32;
        }
        GL_TEXTURE_LOD_BIAS => p.lod_bias = v[0],
        GL_TEXTURE_PRIORITY => p.priority = v[0].clamp(0.0, 1.0),
        GL_GENERATE_MIPMAP => p.generate_mipmap = v[0] != 0.0,
        GL_TEXTURE_MAX_ANISOTROPY => {
            if v[0] < 1.0 {
                return Err(ApiError::InvalidValue);
            }
            p.max_anisotropy = v[0].min(16.0);
        }
        // ARB_depth_texture; removed from the core profile. GL_RED
        // as Mesa with ARB_texture_rg (always on there).
        GL_DEPTH_TEXTURE_MODE if compat => {
            if !matches!(e, GL_LUMINANCE | GL_INTENSITY | GL_ALPHA | GL_RED) {
                return Err(ApiError::InvalidEnum);
            }
            p.depth_mode = e;
        }
        // ARB_texture_swizzle: one component, or all four.
        GL_TEXTURE_SWIZZLE_R..=GL_TEXTURE_SWIZZLE_A | GL_TEXTURE_SWIZZLE_RGBA => {
            let all = pname == GL_TEXTURE_SWIZZLE_RGBA;
            let n = if all { 4 } else { 1 };
            let vals: Vec<GLenum> = v.iter().take(n).map(|&x| x as GLenum).collect();
            let ok = |x: &GLenum| {
                matches!(
                    *x,
                    GL_RED | GL_GREEN | GL_BLUE | GL_ALPHA | GL_ZERO | GL_ONE
                )
            };
            if vals.len() != n || negative || !vals.iter().all(ok) {
                return Err(ApiError::InvalidEnum);
            }
            if all {
                p.swizzle.copy_from_slice(&vals);
            } else {
                p.swizzle[(pname - GL_TEXTURE_SWIZZLE_R) as usize] = vals[0];
            }
        }
        // ARB_shadow (COMPARE_R_TO_TEXTURE is COMPARE_REF_TO_TEXTURE).
        GL_TEXTURE_COMPARE_MODE => {
            if negative || !matches!(e, GL_NONE | GL_COMPARE_REF_TO_TEXTURE) {
                return Err(ApiError::InvalidEnum);
            }
            p.compare_mode = e;
        }
        // ARB_shadow's LEQUAL and GEQUAL, EXT_shadow_funcs' others.
        GL_TEXTURE_COMPARE_FUNC => {
            if !(GL_NEVER..=GL_ALWAYS).contains(&e) {
                return Err(ApiError::InvalidEnum);
            }
            p.compare_func = e;
        }
        _ => return Err(ApiError::InvalidEnum),
    }
    Ok(())
}

/// Sampler-object parameters (GL 4.6 table 23.18): a texture's sampler
/// state; `glSamplerParameter*` refuses the others with INVALID_ENUM, and
/// a multisample texture, which has none, all of them.
pub(crate) fn is_sampler_param(pname: GLenum) -> bool {
    matches!(
        pname,
        GL_TEXTURE_MIN_FILTER
            | GL_TEXTURE_MAG_FILTER
            | GL_TEXTURE_WRAP_S
            | GL_TEXTURE_WRAP_T
            | GL_TEXTURE_WRAP_R
            | GL_TEXTURE_BORDER_COLOR
            | GL_TEXTURE_MIN_LOD
            | GL_TEXTURE_MAX_LOD
            | GL_TEXTURE_LOD_BIAS
            | GL_TEXTURE_MAX_ANISOTROPY
            | GL_TEXTURE_COMPARE_MODE
            | GL_TEXTURE_COMPARE_FUNC
    )
}

/// ARB_sampler_objects (GL 3.3).
impl Context {
    /// `glGenSamplers`.
    pub fn gen_samplers(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.shared().textures().gen_samplers(n)
    }

    /// `glDeleteSamplers`: INVALID_VALUE for a negative count; deleted
    /// objects bound in this context are unbound.
    pub fn delete_samplers(&mut self, names: &[u32]) -> ApiResult {
        self.flush_vertices();
        self.shared().textures().delete_samplers(names);
        for b in &mut self.textures.samplers {
            if *b != 0 && names.contains(b) {
                *b = 0;
            }
        }
        Ok(())
    }

    /// `glIsSampler`.
    pub fn is_sampler(&self, name: u32) -> bool {
        self.shared().textures().sampler(name).is_some()
    }

    /// `glBindSampler`: INVALID_VALUE for a unit past
    /// `GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS`, INVALID_OPERATION for a name
    /// not from `glGenSamplers`.
    pub fn bind_sampler(&mut self, unit: u32, name: u32) -> ApiResult {
        if unit as usize >= MAX_UNITS {
            return Err(ApiError::InvalidValue);
        }
        if name != 0 && !self.is_sampler(name) {
            return Err(ApiError::InvalidOperation);
        }
        self.flush_vertices();
        self.textures.samplers[unit as usize] = name;
        Ok(())
    }

    /// The sampler object bound to the active unit (`GL_SAMPLER_BINDING`).
    pub fn sampler_binding(&self) -> u32 {
        self.textures.samplers[self.unit()]
    }

    /// `glSamplerParameter*`: INVALID_OPERATION for a name that is no
    /// sampler, INVALID_ENUM for a parameter samplers do not have; the
    /// values are checked as for textures.
    pub fn sampler_parameter(&mut self, name: u32, pname: GLenum, v: &[f32]) -> ApiResult {
        self.flush_vertices();
        let desktop = !self.params().is_es();
        let shared = self.shared().clone();
        let mut textures = shared.textures();
        let s = textures
            .sampler_mut(name)
            .ok_or(ApiError::InvalidOperation)?;
        if !is_sampler_param(pname) {
            return Err(ApiError::InvalidEnum);
        }
        let mut p = s.clone();
        set_param(&mut p, pname, v, false, false, desktop)?;
        *s = p;
        Ok(())
    }

    /// `glGetSamplerParameter*`.
    pub fn get_sampler_parameter(&mut self, name: u32, pname: GLenum) -> ApiResult<Vec<f32>> {
        let shared = self.shared().clone();
        let textures = shared.textures();
        let p = textures.sampler(name).ok_or(ApiError::InvalidOperation)?;
        if !is_sampler_param(pname) {
            return Err(ApiError::InvalidEnum);
        }
        get_param(p, pname, false).ok_or(ApiError::InvalidEnum)
    }
}

/// Texture (or sampler) parameter `pname` of `p`, as `glGetTexParameter`
/// returns it; `None` for a name `p` does not have (`compat`: the
/// compatibility-profile parameters).
pub(crate) fn get_param(p: &TexParams, pname: GLenum, compat: bool) -> Option<Vec<f32>> {
    Some(match pname {
        GL_TEXTURE_MIN_FILTER => vec![p.min_filter as f32],
        GL_TEXTURE_MAG_FILTER => vec![p.mag_filter as f32],
        GL_TEXTURE_WRAP_S => vec![p.wrap[0] as f32],
        GL_TEXTURE_WRAP_T => vec![p.wrap[1] as f32],
        GL_TEXTURE_WRAP_R => vec![p.wrap[2] as f32],
        GL_TEXTURE_BORDER_COLOR => p.border_color.to_vec(),
        GL_TEXTURE_MIN_LOD => vec![p.lod[0]],
        GL_TEXTURE_MAX_LOD => vec![p.lod[1]],
        GL_TEXTURE_BASE_LEVEL => vec![p.levels[0] as f32],
        GL_TEXTURE_MAX_LEVEL => vec![p.levels[1] as f32],
        GL_TEXTURE_LOD_BIAS => vec![p.lod_bias],
        GL_TEXTURE_PRIORITY => vec![p.priority],
        GL_GENERATE_MIPMAP => vec![f32::from(u8::from(p.generate_mipmap))],
        GL_TEXTURE_MAX_ANISOTROPY => vec![p.max_anisotropy],
        GL_TEXTURE_RESIDENT => vec![1.0],
        GL_DEPTH_TEXTURE_MODE if compat => vec![p.depth_mode as f32],
        GL_TEXTURE_COMPARE_MODE => vec![p.compare_mode as f32],
        GL_TEXTURE_COMPARE_FUNC => vec![p.compare_func as f32],
        GL_TEXTURE_SWIZZLE_R..=GL_TEXTURE_SWIZZLE_A => {
            vec![p.swizzle[(pname - GL_TEXTURE_SWIZZLE_R) as usize] as f32]
        }
        GL_TEXTURE_SWIZZLE_RGBA => p.swizzle.map(|s| s as f32).to_vec(),
        _ => return None,
    })
}

/// The internal format an ES `glTexImage*` stores `internal` as: the
/// unsized `GL_BGRA_EXT` of EXT_texture_format_BGRA8888 is kept as RGBA8
/// (its texels are the same once unpacked); others as given.
pub fn es_storage_format(internal: GLenum) -> GLenum {
    if internal == GL_BGRA {
        GL_RGBA8
    } else {
        internal
    }
}

/// ES: `GL_HALF_FLOAT_OES` (GL_OES_texture_half_float,
/// GL_OES_vertex_half_float) is `GL_HALF_FLOAT`.
pub fn es_type(type_: GLenum) -> GLenum {
    if type_ == GL_HALF_FLOAT_OES {
        GL_HALF_FLOAT
    } else {
        type_
    }
}
