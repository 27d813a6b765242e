//! Framebuffer and renderbuffer objects (EXT_framebuffer_object; GL 3.0
//! §4.4 for what EXT leaves open, following Mesa where ARB relaxed EXT).
//!
//! Images live where the application can see them: renderbuffers in their
//! own storage, texture attachments in the texture's images. While a
//! framebuffer object is bound, the backend draws into a drawable of the
//! framebuffer's size that the core created for it (colour RGBA8, the
//! depth and stencil bits of the attachments): before a framebuffer
//! operation the attachments whose contents changed since the last
//! synchronization are uploaded into it ([`Context::fbo_prepare`]); after
//! rendering, its contents go back into the attachments when anything
//! could look at them — another framebuffer is bound, an attachment
//! changes, a texture's images are read or written
//! ([`Context::fbo_resolve`]). Serial numbers (textures' and
//! renderbuffers') tell which attachments changed.
//!
//! Eight colour attachments (`GL_MAX_COLOR_ATTACHMENTS`): attachment 0 is
//! the drawable's colour buffer, attachments 1 to 7 its extra colour
//! buffers (`OxglBuffer::Color1` ...), each in its image's render format
//! (8 bits per channel, or float). Attachment points are indexed 0
//! (colour 0), 1 (depth), 2 (stencil), 3 to 9 (colour 1 to 7). No
//! multisampling.

pub mod blit;
pub mod clear_buffer;
pub mod draw_buffers2;

use std::collections::HashMap;
use std::sync::Arc;

use oxgl_dri_interface::client::Drawable;
use oxgl_dri_interface::{OxglBuffer, OxglColorFormat, OxglDrawableDesc};
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::namespace::Namespace;
use crate::texture::{
    LiveImage, Texels, base_channels8, internal_format, next_serial, to_base, to_stored,
};

/// `GL_MAX_RENDERBUFFER_SIZE`.
pub const MAX_RENDERBUFFER_SIZE: u32 = 4096;
/// `GL_MAX_COLOR_ATTACHMENTS`.
pub const MAX_COLOR_ATTACHMENTS: u32 = 8;

/// Attachment points: colour 0, depth, stencil, colour 1 to 7.
pub(crate) const POINTS: usize = 3 + MAX_COLOR_ATTACHMENTS as usize - 1;

/// The attachment point of colour attachment `i`.
pub(crate) fn color_point(i: usize) -> usize {
    if i == 0 { 0 } else { i + 2 }
}

/// The drawable buffer holding the image of point `p`.
fn point_buffer(p: usize) -> OxglBuffer {
    match p {
        0 => OxglBuffer::FrontColor,
        1 => OxglBuffer::Depth,
        2 => OxglBuffer::Stencil,
        _ => OxglBuffer::extra_color(p - 2).unwrap_or(OxglBuffer::FrontColor),
    }
}
/// `GL_MAX_SAMPLES`: multisample renderbuffers have this many samples
/// (the backend's sample images, ABI 14).
pub const MAX_SAMPLES: u32 = oxgl_dri_interface::OXGL_SAMPLES;

/// What a renderbuffer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RbKind {
    /// Colour.
    Color,
    /// Depth.
    Depth,
    /// Stencil.
    Stencil,
    /// Packed depth and stencil.
    DepthStencil,
}

/// A renderbuffer object with storage.
#[derive(Clone, Debug)]
pub struct Renderbuffer {
    /// The internal format as given.
    pub internal_format: GLenum,
    /// Width and height.
    pub size: [u32; 2],
    /// What it holds.
    pub kind: RbKind,
    /// Bits of red, green, blue, alpha, depth, stencil.
    pub bits: [u8; 6],
    /// Samples per pixel: 0, or [`MAX_SAMPLES`] (the contents then hold
    /// that many images side by side, as the backend's drawable does).
    pub samples: u32,
    /// Colour, rows bottom first.
    color: Vec<[f32; 4]>,
    /// Depth, rows bottom first.
    depth: Vec<f32>,
    /// Stencil, rows bottom first.
    stencil: Vec<u8>,
    /// Changes whenever the contents do.
    serial: u64,
    /// `glObjectLabel`.
    pub label: crate::debug::Label,
}

impl Renderbuffer {
    /// Texels from one row of its contents to the next: the width times
    /// the sample images.
    fn row_len(&self) -> usize {
        self.size[0] as usize * self.samples.max(1) as usize
    }
}

/// The format class and bits of a colour-, depth- or stencil-renderable
/// internal format (`None` for the others).
pub(crate) fn renderable_format(fmt: GLenum) -> Option<(RbKind, [u8; 6])> {
    rb_format(fmt)
}

/// The format class and bits of a renderbuffer internal format.
fn rb_format(fmt: GLenum) -> Option<(RbKind, [u8; 6])> {
    Some(match fmt {
        GL_STENCIL_INDEX1 => (RbKind::Stencil, [0, 0, 0, 0, 0, 8]),
        GL_STENCIL_INDEX4 => (RbKind::Stencil, [0, 0, 0, 0, 0, 8]),
        GL_STENCIL_INDEX | GL_STENCIL_INDEX8 => (RbKind::Stencil, [0, 0, 0, 0, 0, 8]),
        GL_STENCIL_INDEX16 => (RbKind::Stencil, [0, 0, 0, 0, 0, 8]),
        GL_DEPTH_STENCIL | GL_DEPTH24_STENCIL8 => (RbKind::DepthStencil, [0, 0, 0, 0, 24, 8]),
        GL_DEPTH32F_STENCIL8 => (RbKind::DepthStencil, [0, 0, 0, 0, 32, 8]),
        _ if crate::texture::is_generic_compressed(fmt) => return None,
        // Not colour-renderable (GL 4.6 §9.4: table 8.12's unchecked
        // "CR" column).
        _ if crate::texture::is_snorm(fmt)
            || fmt == GL_RGB9_E5
            || crate::texture::compressed_kind(fmt).is_some() =>
        {
            return None;
        }
        _ => {
            let (base, b) = internal_format(fmt)?;
            match base {
                GL_DEPTH_COMPONENT => (RbKind::Depth, [0, 0, 0, 0, b[0], 0]),
                GL_RGB | GL_RGBA | GL_ALPHA | GL_LUMINANCE | GL_LUMINANCE_ALPHA | GL_INTENSITY
                | GL_RED | GL_RG => {
                    // Renderbuffers keep luminance and intensity in red.
                    let (r, a) = (b[0], b[3]);
                    (RbKind::Color, [r, b[1], b[2], a, 0, 0])
                }
                _ => return None,
            }
        }
    })
}

/// The 2D image a texture attachment renders to: width, height, the
/// index of its first texel and the number of layers or slices
/// `zoffset` may pick (a 1D array's layers are its rows, EXT_texture_array;
/// a 3D texture's slices and a 2D array's layers its depth).
fn layer_view(target: GLenum, size: [usize; 3], zoffset: usize) -> (usize, usize, usize, usize) {
    let [w, h, d] = size;
    if target == GL_TEXTURE_1D_ARRAY {
        (w, 1, zoffset * w, h)
    } else {
        (w, h, zoffset * w * h, d.max(1))
    }
}

/// One attachment point's image.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Attachment {
    /// Nothing attached.
    #[default]
    None,
    /// A renderbuffer.
    Renderbuffer(u32),
    /// A texture image: cube face (or 0), level, 3D slice.
    Texture {
        /// Texture name.
        name: u32,
        /// Cube face or 0.
        face: usize,
        /// Mipmap level.
        level: usize,
        /// Slice of a 3D texture.
        zoffset: usize,
        /// Every layer of the level (`glFramebufferTexture` of a 3D,
        /// array or cube map texture; `face` and `zoffset` are 0).
        layered: bool,
    },
}

/// A framebuffer object.
#[derive(Default)]
pub struct Framebuffer {
    /// Colour 0, depth, stencil and colour 1 to 7 attachments ([`POINTS`]).
    pub att: [Attachment; POINTS],
    /// Its `GL_DRAW_BUFFER` (`GL_DRAW_BUFFER0`).
    pub draw_buffer: GLenum,
    /// Its `GL_DRAW_BUFFER1` to `GL_DRAW_BUFFER7`.
    pub draw_buffers_extra: [GLenum; 7],
    /// Its `GL_READ_BUFFER`.
    pub read_buffer: GLenum,
    /// The backend drawable holding the images while bound, and what it
    /// was made for (width, height, depth bits, stencil bits, colour
    /// format, extra colour buffers, their formats).
    drawable: Option<(Arc<Drawable>, [u32; 13])>,
    /// Serial of each attachment's contents at the last upload/download.
    synced: [u64; POINTS],
    /// Drawn into since the last download.
    dirty: bool,
    /// `glObjectLabel`.
    pub label: crate::debug::Label,
    /// ARB_framebuffer_no_attachments: `GL_FRAMEBUFFER_DEFAULT_WIDTH`,
    /// `_HEIGHT`, `_LAYERS`, `_SAMPLES` and `_FIXED_SAMPLE_LOCATIONS`, what
    /// the framebuffer is without attachments.
    pub defaults: [i32; 5],
}

/// `GL_MAX_FRAMEBUFFER_WIDTH` and `_HEIGHT` (llvmpipe's).
pub const MAX_FRAMEBUFFER_SIZE: i32 = 16384;
/// `GL_MAX_FRAMEBUFFER_LAYERS` (llvmpipe's).
pub const MAX_FRAMEBUFFER_LAYERS: i32 = 2048;

/// The index of a `glFramebufferParameteri` pname in
/// [`Framebuffer::defaults`].
fn default_index(pname: GLenum) -> Option<usize> {
    Some(match pname {
        GL_FRAMEBUFFER_DEFAULT_WIDTH => 0,
        GL_FRAMEBUFFER_DEFAULT_HEIGHT => 1,
        GL_FRAMEBUFFER_DEFAULT_LAYERS => 2,
        GL_FRAMEBUFFER_DEFAULT_SAMPLES => 3,
        GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS => 4,
        _ => return None,
    })
}

impl std::fmt::Debug for Framebuffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Framebuffer")
            .field("att", &self.att)
            .field("dirty", &self.dirty)
            .finish_non_exhaustive()
    }
}

impl Framebuffer {
    fn new() -> Framebuffer {
        Framebuffer {
            draw_buffer: GL_COLOR_ATTACHMENT0,
            draw_buffers_extra: [GL_NONE; 7],
            read_buffer: GL_COLOR_ATTACHMENT0,
            ..Default::default()
        }
    }
}

/// Framebuffer and renderbuffer state of a context.
#[derive(Debug, Default)]
pub struct FboState {
    /// Renderbuffers; `None`: a generated name not bound yet.
    renderbuffers: Namespace<Renderbuffer>,
    /// `GL_RENDERBUFFER_BINDING`.
    pub rb_binding: u32,
    /// Framebuffers; `None`: a generated name not bound yet.
    framebuffers: Namespace<Framebuffer>,
    /// `GL_DRAW_FRAMEBUFFER_BINDING` (= `GL_FRAMEBUFFER_BINDING`).
    pub draw_binding: u32,
    /// `GL_READ_FRAMEBUFFER_BINDING`.
    pub read_binding: u32,
    /// The window's draw and read buffers while an object is bound.
    window_buffers: [GLenum; 2],
    /// The window's `GL_DRAW_BUFFER1` ... while an object is bound.
    window_extra: [GLenum; 7],
    /// The backend currently draws into the bound object's drawable.
    pub(crate) drawable_current: bool,
    /// The colour channels the bound draw framebuffer's colour image keeps
    /// (set by [`Context::fbo_prepare`]); the others are never written.
    channels: [bool; 4],
    /// The same for colour attachments 1 to 7.
    extra_channels: [[bool; 4]; 7],
    /// The bound draw framebuffer's bits at the last prepare.
    draw_bits: [u8; 6],
    /// Bit `i`: its colour attachment `i` is a float image (at the last
    /// prepare; ARB_color_buffer_float's clamping depends on it).
    float_buffers: u8,
    /// Bit `i`: its colour attachment `i` is an sRGB image (at the last
    /// prepare).
    srgb_buffers: u8,
    /// Renderbuffers whose contents are only in a framebuffer object's
    /// drawable (it was unbound after drawing into them): the drawable and
    /// the attachment points (bits) holding them. Copied back when another
    /// drawable needs them ([`Context::resolve_live_renderbuffer`]).
    rb_live: HashMap<u32, (Arc<Drawable>, u16)>,
}

impl FboState {
    /// The label slot of renderbuffer `name`, if it is one (bound at
    /// least once).
    pub(crate) fn renderbuffer_label_mut(&mut self, name: u32) -> Option<&mut crate::debug::Label> {
        self.renderbuffers.get_mut(name).map(|rb| &mut rb.label)
    }

    /// The label slot of framebuffer `name`, if it is one (bound at
    /// least once).
    pub(crate) fn framebuffer_label_mut(&mut self, name: u32) -> Option<&mut crate::debug::Label> {
        self.framebuffers.get_mut(name).map(|fb| &mut fb.label)
    }
}

/// Whether a colour image of internal format `fmt` rendered in a
/// drawable of `format` reads back as the buffer's bytes over 255: an
/// 8-bit buffer and a plain unsigned normalized format of 8 bits (or no
/// bits) a channel, whose stored values are exactly those.
fn bgra8_exact(format: OxglColorFormat, fmt: GLenum) -> bool {
    format == OxglColorFormat::B8G8R8A8
        && internal_format(fmt)
            .is_some_and(|(base, bits)| crate::texture::plain_unorm8(fmt, base, bits))
}

/// Writes `src` (rows `src_w` texels apart, from the bottom) into an
/// 8-bit colour mapping: texels of [`bgra8_exact`] images are multiples of
/// 1/255, so adding one half and truncating rounds them exactly.
fn upload_bgra8(map: &mut oxgl_dri_interface::client::Mapped<'_>, src: &[[f32; 4]], src_w: usize) {
    let (mw, mh) = (map.width as usize, map.height as usize);
    let q = |c: f32| (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
    for y in 0..mh {
        let Some(texels) = src.get(y * src_w..) else {
            return;
        };
        let row = map.row_from_bottom_mut(y as u32);
        for (px, t) in row.chunks_exact_mut(4).take(mw).zip(texels) {
            px.copy_from_slice(&[q(t[2]), q(t[1]), q(t[0]), q(t[3])]);
        }
    }
}

/// [`upload_bgra8`] of byte texels: a byte shuffle.
fn upload_bgra8_bytes(
    map: &mut oxgl_dri_interface::client::Mapped<'_>,
    src: &[[u8; 4]],
    src_w: usize,
) {
    let (mw, mh) = (map.width as usize, map.height as usize);
    for y in 0..mh {
        let Some(texels) = src.get(y * src_w..) else {
            return;
        };
        let row = map.row_from_bottom_mut(y as u32);
        for (px, t) in row.chunks_exact_mut(4).take(mw).zip(texels) {
            px.copy_from_slice(&[t[2], t[1], t[0], t[3]]);
        }
    }
}

/// A B, G, R, A pixel as RGBA.
#[inline(always)]
fn unorm8_texel(px: &[u8]) -> [f32; 4] {
    let t = crate::pixel::transfer::unorm8_table();
    [
        t[px[2] as usize],
        t[px[1] as usize],
        t[px[0] as usize],
        t[px[3] as usize],
    ]
}

/// Whether image (`face`, `level`) of `tex`, attached at point `p` of a
/// framebuffer whose drawable is `size`, can be sampled straight from the
/// drawable's buffer (`OxglTexImage::drawable`): the buffer holds exactly
/// its texels — one whole 2D image of the drawable's size, a format the
/// buffer keeps at the image's precision (8 bits per channel or less
/// channels, a float format, or depth alone), no data store shared with
/// views, no compressed blocks to keep.
fn live_eligible(
    tex: &crate::texture::Texture,
    face: usize,
    level: usize,
    zoffset: usize,
    p: usize,
    size: [u32; 2],
) -> bool {
    use crate::texture::{integer_kind, is_snorm, is_srgb};
    let Some(img) = tex.images.get(&(face, level)) else {
        return false;
    };
    let plain = matches!(
        tex.target,
        GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE | GL_TEXTURE_CUBE_MAP
    ) && zoffset == 0
        && tex.view.is_none()
        && tex.buffer.is_none()
        && img.compressed.is_none()
        && img.size == [size[0] as usize, size[1] as usize, 1];
    if !plain {
        return false;
    }
    let fmt = img.internal_format;
    match p {
        1 => img.base == GL_DEPTH_COMPONENT && img.bits[1] == 0,
        2 => false,
        _ => {
            !matches!(img.base, GL_DEPTH_COMPONENT | GL_STENCIL_INDEX)
                && !is_srgb(fmt)
                && !is_snorm(fmt)
                && integer_kind(fmt).is_none()
                && (render_format(fmt).is_float() || img.bits.iter().all(|&b| b == 0 || b == 8))
        }
    }
}

/// Size, depth and stencil bits of an attached image.
#[derive(Clone, Copy, Debug)]
struct ImageInfo {
    size: [u32; 2],
    /// Red, green, blue, alpha, depth, stencil bits.
    bits: [u8; 6],
    serial: u64,
    /// Base internal format (colour images).
    base: GLenum,
    /// An sRGB-encoded colour image (`GL_FRAMEBUFFER_SRGB` encodes what
    /// is drawn into it).
    srgb: bool,
    /// Samples per pixel (0: single-sampled).
    samples: u32,
    /// The same sample locations for every pixel: renderbuffers, and
    /// multisample textures made with `fixedsamplelocations` (GL 4.6
    /// §9.4.2).
    fixed_locations: bool,
    /// The drawable format colour renders in: 8-bit for unsigned
    /// normalized images, a float format for float ones.
    color_format: OxglColorFormat,
    /// A layered attachment: its texture's target and layer count.
    layered: Option<(GLenum, u32)>,
}

/// The drawable colour format images of internal format `fmt` render in:
/// float images keep their precision (32-bit, 16-bit or the packed small
/// floats), integer ones their bits, everything else renders at 8 bits per
/// channel.
fn render_format(fmt: GLenum) -> OxglColorFormat {
    if crate::texture::integer_kind(fmt).is_some() {
        return OxglColorFormat::R32G32B32A32Int;
    }
    if !crate::texture::color_renders_float(fmt) {
        return OxglColorFormat::B8G8R8A8;
    }
    match fmt {
        GL_R11F_G11F_B10F => OxglColorFormat::R11G11B10Float,
        GL_RGBA16F
        | GL_RGB16F
        | GL_RG16F
        | GL_R16F
        | GL_ALPHA16F_ARB
        | GL_INTENSITY16F_ARB
        | GL_LUMINANCE16F_ARB
        | GL_LUMINANCE_ALPHA16F_ARB => OxglColorFormat::R16G16B16A16Float,
        _ => OxglColorFormat::R32G32B32A32Float,
    }
}

/// The colour channels an image of base format `base` keeps (luminance and
/// intensity in red).
fn channels(base: GLenum) -> [bool; 4] {
    match base {
        GL_RGB => [true, true, true, false],
        GL_RG => [true, true, false, false],
        GL_RED | GL_LUMINANCE | GL_INTENSITY => [true, false, false, false],
        GL_LUMINANCE_ALPHA => [true, false, false, true],
        GL_ALPHA => [false, false, false, true],
        _ => [true; 4],
    }
}

/// Red, green, blue, alpha, depth and stencil bits of a framebuffer with
/// these colour, depth and stencil images.
fn image_bits(infos: &[Option<ImageInfo>; POINTS]) -> [u8; 6] {
    let mut bits = [0u8; 6];
    if let Some(c) = infos[0] {
        bits[..4].copy_from_slice(&c.bits[..4]);
    }
    if let Some(d) = infos[1] {
        bits[4] = d.bits[4];
    }
    if let Some(s) = infos[2] {
        bits[5] = s.bits[5];
    }
    bits
}

/// Writes `v` as pixel `x` of a mapped colour row in `format`.
pub(crate) fn put_pixel(row: &mut [u8], x: usize, format: OxglColorFormat, v: [f32; 4]) {
    let n = format.bytes_per_pixel();
    if let Some(px) = row.get_mut(x * n..x * n + n) {
        format.write_rgba(px, v);
    }
}

/// Pixel `x` of a mapped colour row in `format`, as RGBA.
pub(crate) fn get_pixel(row: &[u8], x: usize, format: OxglColorFormat) -> [f32; 4] {
    let n = format.bytes_per_pixel();
    format.read_rgba(row.get(x * n..x * n + n).unwrap_or(&[]))
}

impl Context {
    /// Whether a framebuffer object is bound.
    pub fn fbo_bound(&self) -> bool {
        self.fbo.draw_binding != 0
    }

    /// The colour write mask with the channels the draw framebuffer lacks
    /// taken out.
    pub(crate) fn fb_color_mask(&self) -> [u8; 4] {
        let m = self.draw_buffer_color_mask(self.first_buffer_index());
        if self.fbo.draw_binding == 0 {
            return m.map(u8::from);
        }
        std::array::from_fn(|i| u8::from(m[i] && self.fbo.channels[i]))
    }

    /// The colour channels colour attachment `i + 1` of the bound draw
    /// framebuffer keeps.
    pub(crate) fn fbo_extra_channels(&self, i: usize) -> [bool; 4] {
        self.fbo.extra_channels.get(i).copied().unwrap_or([true; 4])
    }

    /// The drawable buffer the read buffer names: the back buffer, the
    /// front one or a framebuffer object's colour attachment.
    pub(crate) fn read_color_buffer(&self) -> OxglBuffer {
        let b = self.state.read_buffer;
        if self.read_fbo_bound() {
            return b
                .checked_sub(GL_COLOR_ATTACHMENT0)
                .and_then(|i| OxglBuffer::extra_color(i as usize))
                .unwrap_or(OxglBuffer::FrontColor);
        }
        match b {
            GL_BACK | GL_BACK_LEFT if self.read_fb_double_buffered() => OxglBuffer::BackColor,
            _ => OxglBuffer::FrontColor,
        }
    }

    /// Whether a framebuffer object is bound for reading.
    pub fn read_fbo_bound(&self) -> bool {
        self.fbo.read_binding != 0
    }

    /// The drawable of framebuffer object `name`, if it has one.
    fn fb_drawable(&self, name: u32) -> Option<&Arc<Drawable>> {
        if name == 0 {
            return None;
        }
        match self.fbo.framebuffers.get(name) {
            Some(fb) => fb.drawable.as_ref().map(|(d, _)| d),
            _ => None,
        }
    }

    /// The bound draw framebuffer object's drawable, if it has one.
    pub(crate) fn fbo_drawable(&self) -> Option<&Arc<Drawable>> {
        self.fb_drawable(self.fbo.draw_binding)
    }

    /// The bound read framebuffer object's drawable, if it has one.
    pub(crate) fn fbo_read_drawable(&self) -> Option<&Arc<Drawable>> {
        self.fb_drawable(self.fbo.read_binding)
    }

    /// `glGenRenderbuffers` / `glGenFramebuffers`.
    pub fn gen_fbo_names(&mut self, n: i32, framebuffers: bool) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        if framebuffers {
            self.fbo.framebuffers.generate(n)
        } else {
            self.fbo.renderbuffers.generate(n)
        }
    }

    /// `glIsRenderbuffer`.
    pub fn is_renderbuffer(&self, name: u32) -> bool {
        self.fbo.renderbuffers.exists(name)
    }

    /// `glIsFramebuffer`.
    pub fn is_framebuffer(&self, name: u32) -> bool {
        self.fbo.framebuffers.exists(name)
    }

    /// `glBindRenderbuffer`: under the EXT_framebuffer_object name
    /// (`generated_only` false) any name creates an object; under the
    /// ARB_framebuffer_object / GL 3.0 name in a core context one not from
    /// `glGenRenderbuffers` is INVALID_OPERATION (compatibility contexts
    /// accept it, as Mesa).
    pub fn bind_renderbuffer(
        &mut self,
        target: GLenum,
        name: u32,
        generated_only: bool,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if target != GL_RENDERBUFFER {
            return Err(ApiError::InvalidEnum);
        }
        let core = generated_only && self.params().profile == Profile::Core;
        if name != 0 {
            self.fbo.renderbuffers.bind(name, core, || Renderbuffer {
                internal_format: GL_RGBA,
                size: [0, 0],
                kind: RbKind::Color,
                bits: [0; 6],
                samples: 0,
                color: Vec::new(),
                depth: Vec::new(),
                stencil: Vec::new(),
                serial: next_serial(),
                label: None,
            })?;
        }
        self.fbo.rb_binding = name;
        Ok(())
    }

    /// Deleted textures leave the bound framebuffers (GL 4.6 §9.2.8: as if
    /// attached with texture 0).
    pub(crate) fn detach_textures(&mut self, names: &[u32]) {
        for bound in [self.fbo.draw_binding, self.fbo.read_binding] {
            if let Some(fb) = self.fbo.framebuffers.get_mut(bound) {
                for (a, synced) in fb.att.iter_mut().zip(fb.synced.iter_mut()) {
                    if let Attachment::Texture { name, .. } = *a
                        && names.contains(&name)
                    {
                        *a = Attachment::None;
                        *synced = 0;
                    }
                }
            }
        }
    }

    /// `glDeleteRenderbuffers`: detached from the bound framebuffer.
    pub fn delete_renderbuffers(&mut self, names: &[u32]) -> ApiResult {
        self.outside_begin_end()?;
        for &n in names {
            if n == 0 || self.fbo.renderbuffers.remove(n).is_none() {
                continue;
            }
            self.fbo.rb_live.remove(&n);
            if self.fbo.rb_binding == n {
                self.fbo.rb_binding = 0;
            }
            for bound in [self.fbo.draw_binding, self.fbo.read_binding] {
                if let Some(fb) = self.fbo.framebuffers.get_mut(bound) {
                    for a in &mut fb.att {
                        if *a == Attachment::Renderbuffer(n) {
                            *a = Attachment::None;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// `glRenderbufferStorage`.
    pub fn renderbuffer_storage(
        &mut self,
        target: GLenum,
        internal: GLenum,
        width: i32,
        height: i32,
    ) -> ApiResult {
        self.renderbuffer_storage_samples(target, 0, internal, width, height)
    }

    /// `glRenderbufferStorage` with `samples` per pixel (0 or
    /// [`MAX_SAMPLES`]).
    fn renderbuffer_storage_samples(
        &mut self,
        target: GLenum,
        samples: u32,
        internal: GLenum,
        width: i32,
        height: i32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if target != GL_RENDERBUFFER {
            return Err(ApiError::InvalidEnum);
        }
        let (kind, bits) = rb_format(internal).ok_or(ApiError::InvalidEnum)?;
        let max = MAX_RENDERBUFFER_SIZE as i32;
        if !(0..=max).contains(&width) || !(0..=max).contains(&height) {
            return Err(ApiError::InvalidValue);
        }
        let name = self.fbo.rb_binding;
        if name == 0 {
            return Err(ApiError::InvalidOperation);
        }
        self.fbo_resolve_bound();
        let Some(rb) = self.fbo.renderbuffers.get_mut(name) else {
            return Err(ApiError::InvalidOperation);
        };
        let n = width as usize * height as usize * samples.max(1) as usize;
        rb.internal_format = internal;
        rb.samples = samples;
        self.fbo.rb_live.remove(&name);
        rb.size = [width as u32, height as u32];
        rb.kind = kind;
        rb.bits = bits;
        rb.color = if kind == RbKind::Color {
            vec![[0.0; 4]; n]
        } else {
            Vec::new()
        };
        rb.depth = if matches!(kind, RbKind::Depth | RbKind::DepthStencil) {
            vec![0.0; n]
        } else {
            Vec::new()
        };
        rb.stencil = if matches!(kind, RbKind::Stencil | RbKind::DepthStencil) {
            vec![0; n]
        } else {
            Vec::new()
        };
        rb.serial = next_serial();
        Ok(())
    }

    /// `glRenderbufferStorageMultisample`: INVALID_VALUE for more samples
    /// than `GL_MAX_SAMPLES` (INVALID_OPERATION for an integer format, past
    /// `GL_MAX_INTEGER_SAMPLES`, which is as large); any other count above 0 gets `GL_MAX_SAMPLES`
    /// (the smallest count supported that is at least the one asked for,
    /// GL 4.6 §9.2.4).
    pub fn renderbuffer_storage_multisample(
        &mut self,
        target: GLenum,
        samples: i32,
        internal: GLenum,
        width: i32,
        height: i32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        if target != GL_RENDERBUFFER {
            return Err(ApiError::InvalidEnum);
        }
        rb_format(internal).ok_or(ApiError::InvalidEnum)?;
        if samples < 0 {
            return Err(ApiError::InvalidValue);
        }
        // GL 3.2 §4.4.2 (ARB_texture_multisample): integer formats are
        // held to GL_MAX_INTEGER_SAMPLES with INVALID_OPERATION, checked
        // first (as Mesa).
        if samples > MAX_SAMPLES as i32 && crate::texture::integer_kind(internal).is_some() {
            return Err(ApiError::InvalidOperation);
        }
        if samples > MAX_SAMPLES as i32 {
            return Err(ApiError::InvalidValue);
        }
        let samples = if samples > 0 { MAX_SAMPLES } else { 0 };
        self.renderbuffer_storage_samples(target, samples, internal, width, height)
    }

    /// `glGetRenderbufferParameteriv`.
    pub fn get_renderbuffer_parameter(&mut self, target: GLenum, pname: GLenum) -> ApiResult<i32> {
        self.outside_begin_end()?;
        if target != GL_RENDERBUFFER {
            return Err(ApiError::InvalidEnum);
        }
        let Some(rb) = self.fbo.renderbuffers.get(self.fbo.rb_binding) else {
            return Err(ApiError::InvalidOperation);
        };
        Ok(match pname {
            GL_RENDERBUFFER_WIDTH => rb.size[0] as i32,
            GL_RENDERBUFFER_HEIGHT => rb.size[1] as i32,
            GL_RENDERBUFFER_INTERNAL_FORMAT => rb.internal_format as i32,
            GL_RENDERBUFFER_RED_SIZE => rb.bits[0].into(),
            GL_RENDERBUFFER_GREEN_SIZE => rb.bits[1].into(),
            GL_RENDERBUFFER_BLUE_SIZE => rb.bits[2].into(),
            GL_RENDERBUFFER_ALPHA_SIZE => rb.bits[3].into(),
            GL_RENDERBUFFER_DEPTH_SIZE => rb.bits[4].into(),
            GL_RENDERBUFFER_STENCIL_SIZE => rb.bits[5].into(),
            GL_RENDERBUFFER_SAMPLES => rb.samples as i32,
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glBindFramebuffer`: `GL_FRAMEBUFFER` binds both the draw and the
    /// read framebuffer (EXT_framebuffer_blit splits them); 0 is the
    /// window's. Names need not come from `glGenFramebuffers` under the
    /// EXT name; under the ARB / GL 3.0 name (`generated_only`) in a core
    /// context others are INVALID_OPERATION (as in Mesa).
    pub fn bind_framebuffer(
        &mut self,
        target: GLenum,
        name: u32,
        generated_only: bool,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let (draw, read) = match target {
            GL_FRAMEBUFFER => (true, true),
            GL_DRAW_FRAMEBUFFER => (true, false),
            GL_READ_FRAMEBUFFER => (false, true),
            _ => return Err(ApiError::InvalidEnum),
        };
        let core = generated_only && self.params().profile == Profile::Core;
        if name != 0 {
            self.fbo.framebuffers.bind(name, core, Framebuffer::new)?;
        }
        self.flush_vertices();
        if draw && name != self.fbo.draw_binding {
            self.fbo_detach();
            let (db, extra) = (self.state.draw_buffer, self.state.draw_buffers_extra);
            match self.fbo.framebuffers.get_mut(self.fbo.draw_binding) {
                Some(fb) => (fb.draw_buffer, fb.draw_buffers_extra) = (db, extra),
                _ => (self.fbo.window_buffers[0], self.fbo.window_extra) = (db, extra),
            }
            (self.state.draw_buffer, self.state.draw_buffers_extra) =
                match self.fbo.framebuffers.get(name) {
                    Some(fb) if name != 0 => (fb.draw_buffer, fb.draw_buffers_extra),
                    _ => (self.fbo.window_buffers[0], self.fbo.window_extra),
                };
            self.fbo.draw_binding = name;
        }
        if read && name != self.fbo.read_binding {
            let rb = self.state.read_buffer;
            match self.fbo.framebuffers.get_mut(self.fbo.read_binding) {
                Some(fb) => fb.read_buffer = rb,
                _ => self.fbo.window_buffers[1] = rb,
            }
            self.state.read_buffer = match self.fbo.framebuffers.get(name) {
                Some(fb) if name != 0 => fb.read_buffer,
                _ => self.fbo.window_buffers[1],
            };
            self.fbo.read_binding = name;
        }
        self.fbo_make_current();
        Ok(())
    }

    /// Points the backend at the bound objects' drawables (the window's
    /// for 0 or an object without one yet).
    pub(crate) fn fbo_make_current(&mut self) {
        if self.fbo.draw_binding == 0 && self.fbo.read_binding == 0 {
            if self.fbo.drawable_current {
                self.rebind_window_drawables();
                self.fbo.drawable_current = false;
            }
            return;
        }
        let draw = self.fbo_drawable().cloned();
        let read = self.fbo_read_drawable().cloned();
        self.backend_make_current_mixed(draw.as_deref(), read.as_deref());
        self.fbo.drawable_current = true;
    }

    /// `glDeleteFramebuffers`: deleting the bound one binds 0.
    pub fn delete_framebuffers(&mut self, names: &[u32]) -> ApiResult {
        self.outside_begin_end()?;
        for &n in names {
            if n == 0 || !self.fbo.framebuffers.is_generated(n) {
                continue;
            }
            if self.fbo.draw_binding == n {
                self.bind_framebuffer(GL_DRAW_FRAMEBUFFER, 0, false)?;
            }
            if self.fbo.read_binding == n {
                self.bind_framebuffer(GL_READ_FRAMEBUFFER, 0, false)?;
            }
            self.fbo.framebuffers.remove(n);
        }
        Ok(())
    }

    /// `glFramebufferParameteri` (ARB_framebuffer_no_attachments, GL 4.3):
    /// INVALID_ENUM for a bad target or pname; INVALID_OPERATION with the
    /// default framebuffer bound; INVALID_VALUE for a width or height
    /// past `GL_MAX_FRAMEBUFFER_WIDTH`/`_HEIGHT`, layers past
    /// `GL_MAX_FRAMEBUFFER_LAYERS`, samples past `GL_MAX_SAMPLES`, or a
    /// negative value. A sample count above 0 is stored as asked (the
    /// query returns it) and rounds to [`MAX_SAMPLES`] where used.
    pub fn framebuffer_parameter(
        &mut self,
        target: GLenum,
        pname: GLenum,
        value: i32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.target_binding(target)?;
        let i = default_index(pname).ok_or(ApiError::InvalidEnum)?;
        let max = [
            MAX_FRAMEBUFFER_SIZE,
            MAX_FRAMEBUFFER_SIZE,
            MAX_FRAMEBUFFER_LAYERS,
            MAX_SAMPLES as i32,
            i32::MAX,
        ][i];
        let fb = self.bound_fb(target)?;
        if !(0..=max).contains(&value) {
            return Err(ApiError::InvalidValue);
        }
        fb.defaults[i] = if i == 4 { i32::from(value != 0) } else { value };
        Ok(())
    }

    /// `glGetFramebufferParameteriv` of a
    /// [`Context::framebuffer_parameter`] pname, or (GL 4.5 §9.2.3, desktop
    /// GL) of a framebuffer-dependent value of the framebuffer bound to
    /// `target`, the default one included: `GL_SAMPLES`,
    /// `GL_SAMPLE_BUFFERS`, `GL_DOUBLEBUFFER`, `GL_STEREO`,
    /// `GL_IMPLEMENTATION_COLOR_READ_FORMAT`/`_TYPE` (other pnames: `None`).
    pub fn get_framebuffer_default(
        &mut self,
        target: GLenum,
        pname: GLenum,
    ) -> ApiResult<Option<i32>> {
        let desktop = self.params().profile != crate::context::Profile::Es;
        let dependent = matches!(
            pname,
            GL_SAMPLES
                | GL_SAMPLE_BUFFERS
                | GL_DOUBLEBUFFER
                | GL_STEREO
                | GL_IMPLEMENTATION_COLOR_READ_FORMAT
                | GL_IMPLEMENTATION_COLOR_READ_TYPE
        );
        if dependent && desktop {
            self.outside_begin_end()?;
            let name = self.target_binding(target)?;
            let samples = self.fb_samples(name) as i32;
            return Ok(Some(match pname {
                GL_SAMPLES => samples,
                GL_SAMPLE_BUFFERS => i32::from(samples > 0),
                GL_DOUBLEBUFFER => i32::from(name == 0 && self.params().double_buffered),
                GL_STEREO => 0,
                GL_IMPLEMENTATION_COLOR_READ_FORMAT => GL_RGBA as i32,
                _ => GL_UNSIGNED_BYTE as i32,
            }));
        }
        let Some(i) = default_index(pname) else {
            return Ok(None);
        };
        self.outside_begin_end()?;
        self.target_binding(target)?;
        Ok(Some(self.bound_fb(target)?.defaults[i]))
    }

    /// The bound framebuffer object, INVALID_OPERATION for 0.
    fn bound_fb(&mut self, target: GLenum) -> ApiResult<&mut Framebuffer> {
        let name = self.target_binding(target)?;
        match self.fbo.framebuffers.get_mut(name) {
            Some(fb) if name != 0 => Ok(fb),
            _ => Err(ApiError::InvalidOperation),
        }
    }

    /// `glGetInternalformativ` (ARB_internalformat_query, GL 4.2; ES
    /// 3.0): the sample counts of a renderable format. INVALID_ENUM for a
    /// target other than `GL_RENDERBUFFER` (and the multisample texture
    /// targets where they exist), for a pname other than
    /// `GL_NUM_SAMPLE_COUNTS` and `GL_SAMPLES`, and for a format that is
    /// not colour-, depth- or stencil-renderable; INVALID_VALUE for a
    /// negative `buf_size`. Every renderable format has one count,
    /// [`MAX_SAMPLES`].
    pub fn get_internalformat(
        &mut self,
        target: GLenum,
        internal: GLenum,
        pname: GLenum,
        buf_size: i32,
    ) -> ApiResult<Vec<i32>> {
        self.outside_begin_end()?;
        let ms_texture = matches!(
            target,
            GL_TEXTURE_2D_MULTISAMPLE | GL_TEXTURE_2D_MULTISAMPLE_ARRAY
        ) && self.has_texture_multisample();
        if target != GL_RENDERBUFFER && !ms_texture {
            return Err(ApiError::InvalidEnum);
        }
        if pname != GL_NUM_SAMPLE_COUNTS && pname != GL_SAMPLES {
            return Err(ApiError::InvalidEnum);
        }
        if buf_size < 0 {
            return Err(ApiError::InvalidValue);
        }
        rb_format(internal).ok_or(ApiError::InvalidEnum)?;
        let values = if pname == GL_NUM_SAMPLE_COUNTS {
            vec![1]
        } else {
            vec![MAX_SAMPLES as i32]
        };
        Ok(values.into_iter().take(buf_size as usize).collect())
    }

    /// `glInvalidateFramebuffer` / `glInvalidateSubFramebuffer`
    /// (ARB_invalidate_subdata, GL 4.3; ES 3.0): the contents of the named
    /// attachments become undefined, which here leaves them as they are.
    /// INVALID_ENUM for a bad target or attachment name (framebuffer
    /// objects take `GL_COLOR_ATTACHMENTi`, `GL_DEPTH_ATTACHMENT`,
    /// `GL_STENCIL_ATTACHMENT` and `GL_DEPTH_STENCIL_ATTACHMENT`; the
    /// default framebuffer `GL_COLOR`, `GL_DEPTH` and `GL_STENCIL`, and
    /// in desktop GL its buffers' names);
    /// INVALID_OPERATION for a colour attachment past
    /// `GL_MAX_COLOR_ATTACHMENTS`; INVALID_VALUE for a negative count or
    /// size.
    pub fn invalidate_framebuffer(
        &mut self,
        target: GLenum,
        attachments: &[GLenum],
        size: [i32; 2],
    ) -> ApiResult {
        self.outside_begin_end()?;
        let fbo = self.target_binding(target)? != 0;
        if size[0] < 0 || size[1] < 0 {
            return Err(ApiError::InvalidValue);
        }
        let desktop = !self.params().is_es();
        for &a in attachments {
            match a {
                GL_DEPTH_ATTACHMENT | GL_STENCIL_ATTACHMENT | GL_DEPTH_STENCIL_ATTACHMENT
                    if fbo => {}
                GL_COLOR_ATTACHMENT0..=GL_COLOR_ATTACHMENT31 if fbo => {
                    if a - GL_COLOR_ATTACHMENT0 >= MAX_COLOR_ATTACHMENTS {
                        return Err(ApiError::InvalidOperation);
                    }
                }
                GL_COLOR | GL_DEPTH | GL_STENCIL if !fbo => {}
                // GL 4.6 §17.4.4: the desktop default framebuffer's
                // buffers by name too.
                GL_FRONT_LEFT | GL_FRONT_RIGHT | GL_BACK_LEFT | GL_BACK_RIGHT | GL_ACCUM
                    if !fbo && desktop => {}
                GL_AUX0..=GL_AUX3 if !fbo && desktop => {}
                _ => return Err(ApiError::InvalidEnum),
            }
        }
        Ok(())
    }

    /// The framebuffer bound to `target`.
    fn target_binding(&self, target: GLenum) -> ApiResult<u32> {
        match target {
            GL_FRAMEBUFFER | GL_DRAW_FRAMEBUFFER => Ok(self.fbo.draw_binding),
            GL_READ_FRAMEBUFFER => Ok(self.fbo.read_binding),
            _ => Err(ApiError::InvalidEnum),
        }
    }

    fn point_index(attachment: GLenum) -> ApiResult<Vec<usize>> {
        match attachment {
            GL_DEPTH_ATTACHMENT => Ok(vec![1]),
            GL_STENCIL_ATTACHMENT => Ok(vec![2]),
            GL_DEPTH_STENCIL_ATTACHMENT => Ok(vec![1, 2]),
            a if (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + MAX_COLOR_ATTACHMENTS)
                .contains(&a) =>
            {
                Ok(vec![color_point((a - GL_COLOR_ATTACHMENT0) as usize)])
            }
            a if (GL_COLOR_ATTACHMENT0..=GL_COLOR_ATTACHMENT15).contains(&a) => {
                Err(ApiError::InvalidOperation)
            }
            _ => Err(ApiError::InvalidEnum),
        }
    }

    /// `glFramebufferRenderbuffer`.
    pub fn framebuffer_renderbuffer(
        &mut self,
        target: GLenum,
        attachment: GLenum,
        rb_target: GLenum,
        rb: u32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.bound_fb(target)?;
        let points = Self::point_index(attachment)?;
        if rb_target != GL_RENDERBUFFER {
            return Err(ApiError::InvalidEnum);
        }
        if rb != 0 && !self.is_renderbuffer(rb) {
            return Err(ApiError::InvalidOperation);
        }
        let new = if rb == 0 {
            Attachment::None
        } else {
            Attachment::Renderbuffer(rb)
        };
        self.attach(target, &points, new)
    }

    /// Puts `new` at attachment `points` of the framebuffer bound to
    /// `target`, after copying back what was drawn into it.
    fn attach(&mut self, target: GLenum, points: &[usize], new: Attachment) -> ApiResult {
        self.fbo_resolve_bound();
        let fb = self.bound_fb(target)?;
        for &p in points {
            // Attaching what is attached keeps the drawable's copy.
            if fb.att[p] != new {
                fb.att[p] = new;
                fb.synced[p] = 0;
            }
        }
        Ok(())
    }

    /// `glFramebufferTexture{1D,2D,3D}`: `dims` is the command's.
    #[allow(clippy::too_many_arguments, reason = "the GL command's arguments")]
    pub fn framebuffer_texture(
        &mut self,
        dims: u8,
        target: GLenum,
        attachment: GLenum,
        textarget: GLenum,
        texture: u32,
        level: i32,
        zoffset: i32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.bound_fb(target)?;
        let points = Self::point_index(attachment)?;
        let ms = self.has_texture_multisample();
        let new = if texture == 0 {
            Attachment::None
        } else {
            let ok_target = match dims {
                1 => textarget == GL_TEXTURE_1D,
                3 => textarget == GL_TEXTURE_3D,
                // glFramebufferTextureLayer: also the array textures.
                4 => {
                    matches!(
                        textarget,
                        GL_TEXTURE_3D
                            | GL_TEXTURE_1D_ARRAY
                            | GL_TEXTURE_2D_ARRAY
                            | GL_TEXTURE_CUBE_MAP_ARRAY
                    ) || ms && textarget == GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                }
                _ => {
                    matches!(textarget, GL_TEXTURE_2D | GL_TEXTURE_RECTANGLE)
                        || (GL_TEXTURE_CUBE_MAP_POSITIVE_X..=GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)
                            .contains(&textarget)
                        || ms && textarget == GL_TEXTURE_2D_MULTISAMPLE
                }
            };
            if !ok_target {
                return Err(ApiError::InvalidOperation);
            }
            let shared = self.shared().clone();
            let textures = shared.textures();
            let Some(tex) = textures.get(texture) else {
                return Err(ApiError::InvalidOperation);
            };
            let face = textarget.wrapping_sub(GL_TEXTURE_CUBE_MAP_POSITIVE_X) as usize;
            let (want, face) = if face < 6 {
                (GL_TEXTURE_CUBE_MAP, face)
            } else {
                (textarget, 0)
            };
            if tex.target != want {
                return Err(ApiError::InvalidOperation);
            }
            let max_level = match want {
                GL_TEXTURE_3D => 11,
                GL_TEXTURE_RECTANGLE
                | GL_TEXTURE_2D_MULTISAMPLE
                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => 0,
                _ => 14,
            };
            if !(0..=max_level).contains(&level) {
                return Err(ApiError::InvalidValue);
            }
            if dims >= 3 && !(0..2048).contains(&zoffset) {
                return Err(ApiError::InvalidValue);
            }
            Attachment::Texture {
                name: texture,
                face,
                level: level as usize,
                zoffset: if dims >= 3 { zoffset as usize } else { 0 },
                layered: false,
            }
        };
        self.attach(target, &points, new)
    }

    /// `glFramebufferTextureLayer` (ARB_framebuffer_object): one layer of
    /// a 3D, array or multisample array texture (a layer-face of a cube
    /// map array).
    pub fn framebuffer_texture_layer(
        &mut self,
        target: GLenum,
        attachment: GLenum,
        texture: u32,
        level: i32,
        layer: i32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        self.bound_fb(target)?;
        Self::point_index(attachment)?;
        if texture == 0 {
            return self.framebuffer_texture(3, target, attachment, GL_TEXTURE_3D, 0, level, 0);
        }
        let tex_target = {
            let shared = self.shared().clone();
            let textures = shared.textures();
            textures.get(texture).map(|t| t.target)
        };
        let tex_target = match tex_target {
            // ARB_texture_cube_map_array: a layer-face, 6 * layer + face.
            Some(
                t @ (GL_TEXTURE_3D
                | GL_TEXTURE_1D_ARRAY
                | GL_TEXTURE_2D_ARRAY
                | GL_TEXTURE_CUBE_MAP_ARRAY),
            ) => t,
            Some(GL_TEXTURE_2D_MULTISAMPLE_ARRAY) if self.has_texture_multisample() => {
                GL_TEXTURE_2D_MULTISAMPLE_ARRAY
            }
            _ => return Err(ApiError::InvalidOperation),
        };
        if layer < 0 {
            return Err(ApiError::InvalidValue);
        }
        self.framebuffer_texture(4, target, attachment, tex_target, texture, level, layer)
    }

    /// `glFramebufferTexture` (GL 3.2): the whole level of a texture — every
    /// layer of a 3D, array or cube map texture (a layered attachment), the
    /// image of the others.
    pub fn framebuffer_texture_layered(
        &mut self,
        target: GLenum,
        attachment: GLenum,
        texture: u32,
        level: i32,
    ) -> ApiResult {
        self.outside_begin_end()?;
        // Mesa: "unsupported function (glFramebufferTexture) called".
        if !self.has_geometry_shaders() {
            return Err(ApiError::InvalidOperation);
        }
        self.bound_fb(target)?;
        let points = Self::point_index(attachment)?;
        let new = if texture == 0 {
            Attachment::None
        } else {
            let tex_target = {
                let shared = self.shared().clone();
                let textures = shared.textures();
                textures.get(texture).map(|t| t.target)
            };
            let Some(tex_target) = tex_target else {
                return Err(ApiError::InvalidOperation);
            };
            let layered = match tex_target {
                GL_TEXTURE_3D
                | GL_TEXTURE_1D_ARRAY
                | GL_TEXTURE_2D_ARRAY
                | GL_TEXTURE_CUBE_MAP
                | GL_TEXTURE_CUBE_MAP_ARRAY
                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => true,
                GL_TEXTURE_1D
                | GL_TEXTURE_2D
                | GL_TEXTURE_RECTANGLE
                | GL_TEXTURE_2D_MULTISAMPLE => false,
                // Buffer textures (and targets without images).
                _ => return Err(ApiError::InvalidOperation),
            };
            let max_level = match tex_target {
                GL_TEXTURE_3D => 11,
                GL_TEXTURE_RECTANGLE
                | GL_TEXTURE_2D_MULTISAMPLE
                | GL_TEXTURE_2D_MULTISAMPLE_ARRAY => 0,
                _ => 14,
            };
            if !(0..=max_level).contains(&level) {
                return Err(ApiError::InvalidValue);
            }
            Attachment::Texture {
                name: texture,
                face: 0,
                level: level as usize,
                zoffset: 0,
                layered,
            }
        };
        self.attach(target, &points, new)
    }

    /// The single-image attachments a drawable of `layers` layers holds
    /// for `att`, with their layers: `att` itself in layer 0 unless it is
    /// layered; the cube faces or the slices of a layered one.
    fn attachment_layers(&self, att: Attachment, layers: u32) -> Vec<(u32, Attachment)> {
        let Attachment::Texture {
            name,
            level,
            layered: true,
            ..
        } = att
        else {
            return vec![(0, att)];
        };
        let cube = self
            .shared()
            .textures()
            .get(name)
            .is_some_and(|t| t.target == GL_TEXTURE_CUBE_MAP);
        (0..layers)
            .map(|l| {
                let (face, zoffset) = if cube {
                    (l as usize, 0)
                } else {
                    (0, l as usize)
                };
                let one = Attachment::Texture {
                    name,
                    face,
                    level,
                    zoffset,
                    layered: false,
                };
                (l, one)
            })
            .collect()
    }

    /// `glGetFramebufferAttachmentParameteriv`.
    pub fn get_framebuffer_attachment_parameter(
        &mut self,
        target: GLenum,
        attachment: GLenum,
        pname: GLenum,
    ) -> ApiResult<i32> {
        self.outside_begin_end()?;
        if self.target_binding(target)? == 0 {
            return self.default_fb_attachment_parameter(attachment, pname);
        }
        let points = Self::point_index(attachment)?;
        let fb_att = self.bound_fb(target)?.att;
        let att = fb_att[points[0]];
        // GL 4.6 §9.2.3: DEPTH_STENCIL_ATTACHMENT names one image or none.
        if points.len() == 2 && fb_att[1] != fb_att[2] {
            return Err(ApiError::InvalidOperation);
        }
        // ARB_framebuffer_object: with nothing attached only the type and
        // the name (0) may be queried; other names are INVALID_OPERATION.
        if att == Attachment::None {
            return match pname {
                GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE => Ok(GL_NONE as i32),
                GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME => Ok(0),
                _ => Err(ApiError::InvalidOperation),
            };
        }
        let sized = matches!(
            pname,
            GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE
                | GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE
                | GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE
                | GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE
                | GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE
                | GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE
                | GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE
                | GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING
        );
        if sized && att != Attachment::None {
            return self.attachment_format_query(att, points[0], pname, points.len() == 2);
        }
        let ty = match att {
            Attachment::None => GL_NONE,
            Attachment::Renderbuffer(_) => GL_RENDERBUFFER,
            Attachment::Texture { .. } => GL_TEXTURE,
        };
        Ok(match (pname, att) {
            (GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, _) => ty as i32,
            (GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, Attachment::Renderbuffer(n)) => n as i32,
            (GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, Attachment::Texture { name, .. }) => {
                name as i32
            }
            (GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, Attachment::Texture { level, .. }) => {
                level as i32
            }
            (
                GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE,
                Attachment::Texture { name, face, .. },
            ) => {
                let shared = self.shared().clone();
                let cube = shared
                    .textures()
                    .get(name)
                    .is_some_and(|t| t.target == GL_TEXTURE_CUBE_MAP);
                if cube {
                    (GL_TEXTURE_CUBE_MAP_POSITIVE_X + face as u32) as i32
                } else {
                    0
                }
            }
            (GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, Attachment::Texture { zoffset, .. }) => {
                zoffset as i32
            }
            (GL_FRAMEBUFFER_ATTACHMENT_LAYERED, _) if self.has_geometry_shaders() => {
                i32::from(matches!(att, Attachment::Texture { layered: true, .. }))
            }
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glGetFramebufferAttachmentParameteriv` of the window's framebuffer
    /// (GL 3.0 §6.1.13, as Mesa answers it with ARB_framebuffer_object):
    /// its buffers by name, `GL_FRAMEBUFFER_DEFAULT` for those the visual
    /// has, `GL_NONE` for the others; sizes from the visual.
    fn default_fb_attachment_parameter(&self, attachment: GLenum, pname: GLenum) -> ApiResult<i32> {
        let p = self.params();
        let (exists, bits, component) = match attachment {
            GL_FRONT_LEFT => (true, 0, GL_UNSIGNED_NORMALIZED),
            GL_BACK_LEFT => (p.double_buffered, 0, GL_UNSIGNED_NORMALIZED),
            // ES 3.0 §6.1.13 names the window's colour buffer GL_BACK.
            GL_BACK if p.is_es() => (true, 0, GL_UNSIGNED_NORMALIZED),
            GL_FRONT_RIGHT | GL_BACK_RIGHT => (false, 0, GL_UNSIGNED_NORMALIZED),
            GL_DEPTH => (p.depth_bits > 0, 4, GL_UNSIGNED_NORMALIZED),
            GL_STENCIL => (p.stencil_bits > 0, 5, GL_UNSIGNED_INT),
            _ => return Err(ApiError::InvalidEnum),
        };
        if pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE {
            return Ok(if exists {
                GL_FRAMEBUFFER_DEFAULT
            } else {
                GL_NONE
            } as i32);
        }
        if !exists {
            return Err(ApiError::InvalidEnum);
        }
        let all = [
            p.rgba_bits[0],
            p.rgba_bits[1],
            p.rgba_bits[2],
            p.rgba_bits[3],
            p.depth_bits,
            p.stencil_bits,
        ];
        let size = |i: usize| -> i32 {
            let colour = bits == 0 && i < 4;
            if colour || bits == i {
                all[i].into()
            } else {
                0
            }
        };
        Ok(match pname {
            GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE => size(0),
            GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE => size(1),
            GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE => size(2),
            GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE => size(3),
            GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE => size(4),
            GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE => size(5),
            GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE => component as i32,
            // An sRGB EGL surface's colour buffers (EGL_KHR_gl_colorspace).
            GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING if bits == 0 && self.draw_drawable_srgb() => {
                GL_SRGB as i32
            }
            GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING => GL_LINEAR as i32,
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// Whether the read framebuffer's read buffer names an image: false for
    /// a framebuffer object whose `GL_COLOR_ATTACHMENTi` read buffer has
    /// nothing attached (reading it is INVALID_OPERATION).
    pub(crate) fn read_buffer_attached(&self) -> bool {
        let name = self.fbo.read_binding;
        let Some(fb) = self.fbo.framebuffers.get(name) else {
            return true;
        };
        match self.state.read_buffer {
            b if (GL_COLOR_ATTACHMENT0..GL_COLOR_ATTACHMENT0 + MAX_COLOR_ATTACHMENTS)
                .contains(&b) =>
            {
                fb.att[color_point((b - GL_COLOR_ATTACHMENT0) as usize)] != Attachment::None
            }
            b => !(GL_COLOR_ATTACHMENT1..=GL_COLOR_ATTACHMENT15).contains(&b),
        }
    }

    /// The internal format of the image `att` names, if it exists.
    fn attachment_internal_format(&self, att: Attachment) -> Option<GLenum> {
        match att {
            Attachment::None => None,
            Attachment::Renderbuffer(n) => {
                self.fbo.renderbuffers.get(n).map(|rb| rb.internal_format)
            }
            Attachment::Texture {
                name, face, level, ..
            } => {
                let shared = self.shared().clone();
                let textures = shared.textures();
                textures
                    .get(name)
                    .and_then(|t| t.images.get(&(face, level)))
                    .map(|img| img.internal_format)
            }
        }
    }

    /// The internal format of the colour image the read buffer of the
    /// bound read framebuffer object names; `None` for the window or
    /// nothing attached.
    pub(crate) fn read_color_internal_format(&self) -> Option<GLenum> {
        let fb = self.fbo.framebuffers.get(self.fbo.read_binding)?;
        let i = self.state.read_buffer.checked_sub(GL_COLOR_ATTACHMENT0)? as usize;
        self.attachment_internal_format(*fb.att.get(color_point(i))?)
    }

    /// The internal format of the colour image attached at
    /// `GL_COLOR_ATTACHMENT0 + i` of the bound draw framebuffer object;
    /// `None` for the window or nothing attached.
    pub(crate) fn draw_attachment_internal_format(&self, i: usize) -> Option<GLenum> {
        let fb = self.fbo.framebuffers.get(self.fbo.draw_binding)?;
        self.attachment_internal_format(*fb.att.get(color_point(i))?)
    }

    /// Whether a draw buffer of the bound draw framebuffer object selects a
    /// float colour image, as of its last prepare (the window's buffers are
    /// fixed-point).
    pub(crate) fn draw_has_float_buffer(&self) -> bool {
        self.fbo_bound()
            && self.draw_buffer_list().iter().any(|&b| {
                b.checked_sub(GL_COLOR_ATTACHMENT0)
                    .filter(|&j| j < MAX_COLOR_ATTACHMENTS)
                    .is_some_and(|j| self.fbo.float_buffers & (1 << j) != 0)
            })
    }

    /// Whether a draw buffer of the bound draw framebuffer object selects
    /// an integer colour image (`GL_RGBA_INTEGER_MODE_EXT`).
    pub(crate) fn draw_has_integer_buffer(&self) -> bool {
        self.fbo_bound()
            && self.draw_buffer_list().iter().any(|&b| {
                b.checked_sub(GL_COLOR_ATTACHMENT0)
                    .filter(|&j| j < MAX_COLOR_ATTACHMENTS)
                    .and_then(|j| self.draw_attachment_internal_format(j as usize))
                    .is_some_and(|f| crate::texture::integer_kind(f).is_some())
            })
    }

    /// `OxglBlendDesc::srgb_buffers` / `OxglClearDesc::srgb_buffers`: with
    /// `GL_FRAMEBUFFER_SRGB` on, the bound draw framebuffer object's sRGB
    /// colour attachments (attachment `i` is bit `i`, as the drawable's
    /// buffers are numbered). The window's buffers are linear.
    pub(crate) fn srgb_buffer_bits(&self) -> u32 {
        if self.fbo_bound() {
            if self.state.enabled(GL_FRAMEBUFFER_SRGB) {
                self.fbo.srgb_buffers.into()
            } else {
                0
            }
        } else {
            // An sRGB window-system surface (EGL_KHR_gl_colorspace):
            // always encoded in ES, under GL_FRAMEBUFFER_SRGB in GL.
            let on = self.params().is_es() || self.state.enabled(GL_FRAMEBUFFER_SRGB);
            u32::from(on && self.draw_drawable_srgb())
        }
    }

    /// The ARB_framebuffer_object format queries of the image attached at
    /// point `p`: component sizes, type and colour encoding.
    fn attachment_format_query(
        &self,
        att: Attachment,
        p: usize,
        pname: GLenum,
        depth_stencil: bool,
    ) -> ApiResult<i32> {
        if att == Attachment::None {
            return Err(ApiError::InvalidEnum);
        }
        let internal = self
            .attachment_internal_format(att)
            .ok_or(ApiError::InvalidOperation)?;
        let bits = rb_format(internal).map_or([0; 6], |(_, b)| b);
        Ok(match pname {
            GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE => bits[0].into(),
            GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE => bits[1].into(),
            GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE => bits[2].into(),
            GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE => bits[3].into(),
            GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE => bits[4].into(),
            GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE => bits[5].into(),
            // The two components of a depth/stencil image differ.
            GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE if depth_stencil => {
                return Err(ApiError::InvalidOperation);
            }
            GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE => {
                (match p {
                    2 => GL_UNSIGNED_INT,
                    _ if crate::texture::is_float_depth(internal) => GL_FLOAT,
                    _ => crate::texture::component_type(internal),
                }) as i32
            }
            _ => {
                (if crate::texture::is_srgb(internal) {
                    GL_SRGB
                } else {
                    GL_LINEAR
                }) as i32
            }
        })
    }

    /// Size, bits and serial of the image of `att` at point `p`, or the
    /// completeness error.
    fn attachment_info(&self, att: Attachment, p: usize) -> Result<Option<ImageInfo>, GLenum> {
        const BAD: GLenum = GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
        match att {
            Attachment::None => Ok(None),
            Attachment::Renderbuffer(n) => {
                let Some(rb) = self.fbo.renderbuffers.get(n) else {
                    return Err(BAD);
                };
                let fits = match p {
                    1 => matches!(rb.kind, RbKind::Depth | RbKind::DepthStencil),
                    2 => matches!(rb.kind, RbKind::Stencil | RbKind::DepthStencil),
                    _ => rb.kind == RbKind::Color,
                };
                if !fits || rb.size[0] == 0 || rb.size[1] == 0 {
                    return Err(BAD);
                }
                // A signed normalized buffer cannot keep what is drawn
                // (colour renders as 8-bit unsigned, float or integer).
                if !crate::texture::color_renders(rb.internal_format) {
                    return Err(GL_FRAMEBUFFER_UNSUPPORTED);
                }
                Ok(Some(ImageInfo {
                    size: rb.size,
                    bits: rb.bits,
                    serial: rb.serial,
                    base: internal_format(rb.internal_format).map_or(GL_RGBA, |f| f.0),
                    srgb: crate::texture::is_srgb(rb.internal_format),
                    samples: rb.samples,
                    fixed_locations: true,
                    color_format: render_format(rb.internal_format),
                    layered: None,
                }))
            }
            Attachment::Texture {
                name,
                face,
                level,
                zoffset,
                layered,
            } => {
                let shared = self.shared().clone();
                let textures = shared.textures();
                let tex = textures.get(name).ok_or(BAD)?;
                let img = tex.images.get(&(face, level)).ok_or(BAD)?;
                let (w, h, _, mut layers) = layer_view(tex.target, img.size, zoffset);
                // A multisample texture's samples lie side by side.
                let w = w / tex.samples.max(1) as usize;
                if w == 0 || h == 0 || zoffset >= layers {
                    return Err(BAD);
                }
                if layered && tex.target == GL_TEXTURE_CUBE_MAP {
                    // Every face, of one size and format.
                    layers = 6;
                    let same = (1..6).all(|f| {
                        tex.images.get(&(f, level)).is_some_and(|i| {
                            i.size == img.size && i.internal_format == img.internal_format
                        })
                    });
                    if !same {
                        return Err(BAD);
                    }
                }
                if !matches!(img.base, GL_DEPTH_COMPONENT | GL_STENCIL_INDEX)
                    && !crate::texture::color_renders(img.internal_format)
                {
                    return Err(GL_FRAMEBUFFER_UNSUPPORTED);
                }
                let b = img.bits;
                let bits = match (img.base, p.min(3)) {
                    (GL_DEPTH_COMPONENT, 1) => [0, 0, 0, 0, b[0], b[1]],
                    (GL_DEPTH_COMPONENT, 2) if b[1] > 0 => [0, 0, 0, 0, b[0], b[1]],
                    // ARB_texture_stencil8.
                    (GL_STENCIL_INDEX, 2) => [0, 0, 0, 0, 0, b[1]],
                    (
                        GL_RGB | GL_RGBA | GL_ALPHA | GL_LUMINANCE | GL_LUMINANCE_ALPHA
                        | GL_INTENSITY | GL_RED | GL_RG,
                        0 | 3,
                    ) => [b[0], b[1], b[2], b[3], 0, 0],
                    _ => return Err(BAD),
                };
                Ok(Some(ImageInfo {
                    size: [w as u32, h as u32],
                    bits,
                    serial: tex.serial,
                    base: img.base,
                    srgb: crate::texture::is_srgb(img.internal_format),
                    samples: tex.samples,
                    fixed_locations: tex.samples == 0 || tex.fixed_sample_locations,
                    color_format: render_format(img.internal_format),
                    layered: layered.then_some((tex.target, layers as u32)),
                }))
            }
        }
    }

    /// The attachments' images and the status of framebuffer `name`.
    fn fb_status(&self, name: u32) -> (GLenum, [Option<ImageInfo>; POINTS]) {
        let Some(fb) = self.fbo.framebuffers.get(name) else {
            return (GL_FRAMEBUFFER_COMPLETE, [None; POINTS]);
        };
        let mut infos = [None; POINTS];
        for p in 0..POINTS {
            match self.attachment_info(fb.att[p], p) {
                Ok(i) => infos[p] = i,
                Err(e) => return (e, infos),
            }
        }
        // ARB_framebuffer_no_attachments: without attachments, complete
        // when the default width and height are set.
        if infos.iter().all(Option::is_none) {
            if fb.defaults[0] > 0 && fb.defaults[1] > 0 {
                return (GL_FRAMEBUFFER_COMPLETE, infos);
            }
            return (GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT, infos);
        }
        // GL 4.6 §9.4.2: every image has the same number of samples.
        let mut samples = infos.iter().flatten().map(|i| i.samples);
        if let Some(first) = samples.next()
            && samples.any(|n| n != first)
        {
            return (GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE, infos);
        }
        let mut fixed = infos.iter().flatten().map(|i| i.fixed_locations);
        if let Some(first) = fixed.next()
            && fixed.any(|f| f != first)
        {
            return (GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE, infos);
        }
        // GL 4.6 §9.4.2: layered attachments only, or none; the layered
        // ones of one texture target.
        let mut layered = infos.iter().flatten().map(|i| i.layered);
        if let Some(first) = layered.next()
            && layered
                .any(|l| l.is_some() != first.is_some() || l.map(|l| l.0) != first.map(|l| l.0))
        {
            return (GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS, infos);
        }
        // EXT_framebuffer_object's draw and read buffer rules (a colour
        // buffer they name must be attached) are not applied: Mesa drops
        // them for contexts with ARB_ES2_compatibility, as GL 4.1 did, and
        // programs rely on depth-only framebuffers being complete. Reading
        // a missing colour buffer is INVALID_OPERATION instead
        // (`Context::read_buffer_attached`).
        // EXT_framebuffer_object wanted every image the same size;
        // ARB_framebuffer_object dropped the rule (drawing covers the
        // smallest), and, as in Mesa, the EXT commands follow it too.
        (GL_FRAMEBUFFER_COMPLETE, infos)
    }

    /// Samples per pixel of framebuffer object `name` (0: single-sampled,
    /// the window's, or incomplete).
    pub(crate) fn fb_samples(&self, name: u32) -> u32 {
        if name == 0 {
            return 0;
        }
        let (status, infos) = self.fb_status(name);
        if status != GL_FRAMEBUFFER_COMPLETE {
            return 0;
        }
        infos.iter().flatten().next().map_or(0, |i| i.samples)
    }

    /// `glCheckFramebufferStatus`.
    pub fn check_framebuffer_status(&mut self, target: GLenum) -> ApiResult<GLenum> {
        self.outside_begin_end()?;
        let name = self.target_binding(target)?;
        if name == 0 {
            // GL 4.6 §9.4.2: the default framebuffer is complete unless it
            // does not exist (a context current without drawables, GL 3.0
            // and later).
            let window = match target {
                GL_READ_FRAMEBUFFER => self.read_window(),
                _ => self.draw_window(),
            };
            return Ok(if window.is_some() {
                GL_FRAMEBUFFER_COMPLETE
            } else {
                GL_FRAMEBUFFER_UNDEFINED
            });
        }
        Ok(self.fb_status(name).0)
    }

    /// Red, green, blue, alpha, depth and stencil bits of the bound
    /// framebuffer object (`None`: the window's).
    pub(crate) fn fbo_bits(&self) -> Option<[u8; 6]> {
        self.fbo_bits_of(self.fbo.draw_binding)
    }

    /// As [`Context::fbo_bits`] for framebuffer object `name`.
    pub(crate) fn fbo_bits_of(&self, name: u32) -> Option<[u8; 6]> {
        if name == 0 {
            return None;
        }
        Some(image_bits(&self.fb_status(name).1))
    }

    /// [`Context::fb_bits`] as the last [`Context::fbo_prepare`] found them
    /// (draws: no second look at the attachments while textures are locked).
    pub(crate) fn prepared_fb_bits(&self) -> [u8; 6] {
        if self.fbo.draw_binding == 0 {
            return self.fb_bits();
        }
        self.fbo.draw_bits
    }

    /// INVALID_FRAMEBUFFER_OPERATION when a framebuffer object bound for
    /// drawing is incomplete (GL 4.6 §9.4.4). The commands that draw check
    /// it when they are issued — `glBegin` and the array draws, as Mesa's
    /// `_mesa_valid_to_render` — so that the error is theirs, not that of
    /// whatever later command flushes their vertices. While a list is only
    /// compiled nothing is drawn, and nothing is checked.
    pub(crate) fn check_draw_framebuffer(&self) -> ApiResult {
        let draw = self.fbo.draw_binding;
        if self.compiling_list() && !self.executing() {
            return Ok(());
        }
        if draw == 0 {
            // No default framebuffer: GL_FRAMEBUFFER_UNDEFINED.
            return match self.draw_window() {
                Some(_) => Ok(()),
                None => {
                    Err(ApiError::InvalidFramebufferOperation.because("incomplete framebuffer"))
                }
            };
        }
        if self.fb_status(draw).0 != GL_FRAMEBUFFER_COMPLETE {
            return Err(ApiError::InvalidFramebufferOperation.because("incomplete framebuffer"));
        }
        // ES (EXT_color_buffer_float without EXT_float_blend): blending
        // into a 32-bit float colour image is INVALID_OPERATION.
        if self.params().is_es() {
            for (i, &b) in self.draw_buffer_list().iter().enumerate() {
                let float32 = b
                    .checked_sub(GL_COLOR_ATTACHMENT0)
                    .filter(|&j| j < MAX_COLOR_ATTACHMENTS)
                    .and_then(|j| self.draw_attachment_internal_format(j as usize))
                    .is_some_and(|f| matches!(f, GL_R32F | GL_RG32F | GL_RGB32F | GL_RGBA32F));
                if float32 && self.draw_buffer_blend(i) {
                    return Err(ApiError::InvalidOperation);
                }
            }
        }
        Ok(())
    }

    /// Before a framebuffer operation: with an object bound, checks it is
    /// complete (INVALID_FRAMEBUFFER_OPERATION), gives it a drawable of its
    /// size and uploads the attachments that changed. The operation may
    /// write: the drawable is downloaded later ([`Context::fbo_resolve`]).
    pub(crate) fn fbo_prepare(&mut self) -> ApiResult {
        self.fbo_prepare_replacing(0)
    }

    /// [`Context::fbo_prepare`] for an operation that replaces the whole
    /// image of each draw framebuffer attachment point in bit set
    /// `replaced` (a clear without scissor or masks): those images are not
    /// copied into the drawable first.
    pub(crate) fn fbo_prepare_replacing(&mut self, replaced: u32) -> ApiResult {
        let (draw, read) = (self.fbo.draw_binding, self.fbo.read_binding);
        // No default framebuffer to draw into (GL_FRAMEBUFFER_UNDEFINED).
        if draw == 0 && self.draw_window().is_none() {
            return Err(ApiError::InvalidFramebufferOperation.because("incomplete framebuffer"));
        }
        if read != 0 && read != draw {
            self.fbo_prepare_one(read, 0)?;
        }
        if draw != 0 {
            let infos = self.fbo_prepare_one(draw, replaced)?;
            self.fbo.channels = infos[0].map_or([true; 4], |i| channels(i.base));
            self.fbo.extra_channels = std::array::from_fn(|i| {
                infos[color_point(i + 1)].map_or([true; 4], |i| channels(i.base))
            });
            self.fbo.draw_bits = image_bits(&infos);
            self.fbo.float_buffers = (0..MAX_COLOR_ATTACHMENTS as usize)
                .filter(|&i| infos[color_point(i)].is_some_and(|i| i.color_format.is_float()))
                .fold(0, |bits, i| bits | 1 << i);
            self.fbo.srgb_buffers = (0..MAX_COLOR_ATTACHMENTS as usize)
                .filter(|&i| infos[color_point(i)].is_some_and(|i| i.srgb))
                .fold(0, |bits, i| bits | 1 << i);
            if let Some(fb) = self.fbo.framebuffers.get_mut(draw) {
                fb.dirty = true;
            }
        }
        Ok(())
    }

    /// [`Context::fbo_prepare`] for one bound framebuffer object; its
    /// attachments' images.
    fn fbo_prepare_one(
        &mut self,
        name: u32,
        replaced: u32,
    ) -> ApiResult<[Option<ImageInfo>; POINTS]> {
        let (status, infos) = self.fb_status(name);
        if status != GL_FRAMEBUFFER_COMPLETE {
            return Err(ApiError::InvalidFramebufferOperation.because("incomplete framebuffer"));
        }
        // Without attachments, the size is the framebuffer's defaults.
        let defaults = match self.fbo.framebuffers.get(name) {
            Some(fb) => fb.defaults,
            _ => [0; 5],
        };
        let w = infos
            .iter()
            .flatten()
            .map(|i| i.size[0])
            .min()
            .unwrap_or(defaults[0].max(1) as u32);
        let h = infos
            .iter()
            .flatten()
            .map(|i| i.size[1])
            .min()
            .unwrap_or(defaults[1].max(1) as u32);
        let depth_bits = match infos[1].map_or(0, |i| i.bits[4]) {
            0 => 0,
            1..=16 => 16,
            17..=24 => 24,
            _ => 32,
        };
        let stencil_bits = if infos[2].is_some() { 8 } else { 0 };
        let color_format = infos[0].map_or(OxglColorFormat::B8G8R8A8, |i| i.color_format);
        // Extra colour buffers up to the last colour attachment 1 to 7.
        let extra = (1..MAX_COLOR_ATTACHMENTS as usize)
            .filter(|&i| infos[color_point(i)].is_some())
            .max()
            .unwrap_or(0);
        let extra_formats: [OxglColorFormat; 7] = std::array::from_fn(|i| {
            infos[color_point(i + 1)].map_or(OxglColorFormat::B8G8R8A8, |i| i.color_format)
        });
        // Complete: every image has the same sample count, and all are
        // layered or none; the layered framebuffer has the fewest layers
        // of any attachment (GL 4.6 §9.8).
        let samples = infos.iter().flatten().next().map_or(0, |i| i.samples);
        let layers = infos
            .iter()
            .flatten()
            .filter_map(|i| i.layered.map(|l| l.1))
            .min()
            .unwrap_or(0);
        let mut key = [0u32; 13];
        key[..6].copy_from_slice(&[
            w,
            h,
            depth_bits,
            stencil_bits,
            color_format as u32,
            extra as u32 | samples << 8 | layers << 16,
        ]);
        for (k, f) in key[6..].iter_mut().zip(&extra_formats[..extra]) {
            *k = *f as u32;
        }
        let needs_drawable = match self.fbo.framebuffers.get(name) {
            Some(fb) => fb.drawable.as_ref().is_none_or(|(_, k)| *k != key),
            _ => return Ok(infos),
        };
        if needs_drawable {
            let desc = OxglDrawableDesc {
                width: w,
                height: h,
                color_format,
                double_buffered: 0,
                depth_bits,
                stencil_bits,
                accum_bits: 0,
                samples,
                extra_color_buffers: extra as u32,
                extra_color_formats: extra_formats,
                layers,
            };
            let d = self
                .backend_create_drawable(&desc)
                .ok_or(ApiError::OutOfMemory)?;
            // The old drawable may be current: it goes once the new one is.
            let mut old = None;
            if let Some(fb) = self.fbo.framebuffers.get_mut(name) {
                old = fb.drawable.replace((Arc::new(d), key));
                fb.synced = [0; POINTS];
            }
            self.fbo.drawable_current = false;
            self.fbo_make_current();
            drop(old);
        } else if !self.fbo.drawable_current {
            self.fbo_make_current();
        }
        let Some(fb) = self.fbo.framebuffers.get(name) else {
            return Ok(infos);
        };
        let (att, synced) = (fb.att, fb.synced);
        let Some((drawable, _)) = fb.drawable.clone() else {
            return Ok(infos);
        };
        // A packed depth/stencil image is replaced only when both are.
        let replaced = if att[1] == att[2] && replaced & 6 != 6 {
            replaced & !6
        } else {
            replaced
        };
        for p in 0..POINTS {
            let Some(info) = infos[p] else { continue };
            if info.serial != synced[p] {
                // An image still in another drawable comes back first.
                match att[p] {
                    Attachment::Texture { layered: true, .. } => {
                        for (_, one) in self.attachment_layers(att[p], layers) {
                            if let Attachment::Texture {
                                name, face, level, ..
                            } = one
                            {
                                self.resolve_live_image((name, face, level), Some(&drawable));
                            }
                        }
                    }
                    Attachment::Texture {
                        name, face, level, ..
                    } => self.resolve_live_image((name, face, level), Some(&drawable)),
                    Attachment::Renderbuffer(n) => self.resolve_live_renderbuffer(n, &drawable),
                    Attachment::None => {}
                }
                if replaced & (1 << p) == 0 {
                    self.upload_attachment(&drawable, att[p], p);
                }
                if let Some(fb) = self.fbo.framebuffers.get_mut(name) {
                    fb.synced[p] = info.serial;
                }
            }
        }
        Ok(infos)
    }

    /// Copies attachment `att` (point `p`) into the drawable: each layer
    /// of a layered one into its layer.
    fn upload_attachment(&self, d: &Drawable, att: Attachment, p: usize) {
        for (l, one) in self.attachment_layers(att, d.layers()) {
            let Some(mut map) = d.map_layers(point_buffer(p)) else {
                return;
            };
            let h = map.height / d.layers();
            map.keep_rows_from_bottom(l * h, h);
            self.upload_image(&mut map, one, p);
        }
    }

    /// Copies the single image `att` (point `p`) into `map`.
    fn upload_image(
        &self,
        map: &mut oxgl_dri_interface::client::Mapped<'_>,
        att: Attachment,
        p: usize,
    ) {
        let (mw, mh) = (map.width as usize, map.height as usize);
        let format = map.format;
        // Texel (x, y) of the source as RGBA, its row width.
        let write = |map: &mut oxgl_dri_interface::client::Mapped<'_>,
                     src_w: usize,
                     get: &dyn Fn(usize) -> [f32; 4]| {
            for y in 0..mh {
                let row = map.row_from_bottom_mut(y as u32);
                for x in 0..mw {
                    let v = get(y * src_w + x);
                    match p {
                        1 => row[x * 4..x * 4 + 4].copy_from_slice(&v[0].to_le_bytes()),
                        2 => row[x] = (v[1] * 255.0).round().clamp(0.0, 255.0) as u8,
                        _ => put_pixel(row, x, format, v),
                    }
                }
            }
        };
        match att {
            Attachment::None => {}
            Attachment::Renderbuffer(n) => {
                let Some(rb) = self.fbo.renderbuffers.get(n) else {
                    return;
                };
                let w = rb.row_len();
                if p != 1 && p != 2 && bgra8_exact(format, rb.internal_format) {
                    upload_bgra8(map, &rb.color, w);
                    return;
                }
                write(map, w, &|i| match p {
                    1 => [rb.depth.get(i).copied().unwrap_or(0.0), 0.0, 0.0, 0.0],
                    2 => [
                        0.0,
                        f32::from(rb.stencil.get(i).copied().unwrap_or(0)) / 255.0,
                        0.0,
                        0.0,
                    ],
                    _ => rb.color.get(i).copied().unwrap_or_default(),
                });
            }
            Attachment::Texture {
                name,
                face,
                level,
                zoffset,
                ..
            } => {
                let shared = self.shared().clone();
                let textures = shared.textures();
                let Some(tex) = textures.get(name) else {
                    return;
                };
                let Some(img) = tex.images.get(&(face, level)) else {
                    return;
                };
                let (w, _, base, _) = layer_view(tex.target, img.size, zoffset);
                if p != 1 && p != 2 && bgra8_exact(format, img.internal_format) {
                    match &img.texels {
                        Texels::Unorm8(t) => {
                            upload_bgra8_bytes(map, t.get(base..).unwrap_or_default(), w)
                        }
                        Texels::F32(t) => upload_bgra8(map, t.get(base..).unwrap_or_default(), w),
                    }
                    return;
                }
                let stored = img.stored_texels();
                write(map, w, &|i| {
                    stored.get(base + i).copied().unwrap_or_default()
                });
            }
        }
    }

    /// Makes every texture and renderbuffer image current in the core:
    /// the bound framebuffer object's drawable copied back if it was drawn
    /// into, and every live image (of any context of the share group).
    /// Called before texture images are read or written.
    pub(crate) fn fbo_resolve(&mut self) {
        self.fbo_resolve_bound();
        self.resolve_live_all();
    }

    /// The bound draw framebuffer object if it was drawn into since its
    /// images were last made current (no longer marked so): its name,
    /// drawable, the drawable's key and the attachments. Queued
    /// immediate-mode vertices are drawn into it first.
    #[allow(clippy::type_complexity, reason = "a private tuple of the fields")]
    fn take_dirty_bound(
        &mut self,
    ) -> Option<(u32, Arc<Drawable>, [u32; 13], [Attachment; POINTS])> {
        let name = self.fbo.draw_binding;
        if name == 0 {
            return None;
        }
        self.flush_vertices();
        let fb = self.fbo.framebuffers.get_mut(name)?;
        if !std::mem::take(&mut fb.dirty) {
            return None;
        }
        let (d, key) = fb.drawable.clone()?;
        Some((name, d, key, fb.att))
    }

    /// Unbinding the draw framebuffer object: what was drawn stays in its
    /// drawable. Texture images it can sample from there become live
    /// (nothing is copied: a draw that samples them reads the drawable);
    /// the others (renderbuffers, formats and layouts the drawable does
    /// not hold as the image does) are copied back now.
    pub(crate) fn fbo_detach(&mut self) {
        let Some((name, d, key, att)) = self.take_dirty_bound() else {
            return;
        };
        let mut serials = [0u64; POINTS];
        {
            let shared = self.shared().clone();
            let mut textures = shared.textures();
            for p in (0..POINTS).filter(|&p| p != 2) {
                let Attachment::Texture {
                    name: t,
                    face,
                    level,
                    zoffset,
                    layered: false,
                } = att[p]
                else {
                    continue;
                };
                // A packed depth/stencil image keeps its stencil too.
                if p == 1 && att[2] == att[1] {
                    continue;
                }
                let Some(tex) = textures.get_mut(t) else {
                    continue;
                };
                if !live_eligible(tex, face, level, zoffset, p, [key[0], key[1]]) {
                    continue;
                }
                let serial = next_serial();
                tex.serial = serial;
                serials[p] = serial;
                let live = LiveImage {
                    drawable: d.clone(),
                    buffer: point_buffer(p),
                    point: p,
                };
                textures.live.insert((t, face, level), live);
            }
        }
        for p in 0..POINTS {
            if serials[p] != 0 {
                continue;
            }
            // Renderbuffers stay in the drawable: only framebuffers read
            // them, and another one that attaches them copies them back.
            // Its serial changes, so that another framebuffer attaching it
            // sees that its copy is out of date.
            if let Attachment::Renderbuffer(n) = att[p] {
                let Some(rb) = self.fbo.renderbuffers.get_mut(n) else {
                    continue;
                };
                if p == 2 && att[1] == att[2] {
                    serials[p] = rb.serial; // changed for point 1
                } else {
                    rb.serial = next_serial();
                    serials[p] = rb.serial;
                }
                let e = self.fbo.rb_live.entry(n).or_insert((d.clone(), 0));
                if !Arc::ptr_eq(&e.0, &d) {
                    *e = (d.clone(), 0);
                }
                e.1 |= 1 << p;
                continue;
            }
            serials[p] = self.download_attachment(&d, att[p], p);
        }
        self.note_synced(name, &att, &serials);
    }

    /// Renderbuffer `name`'s colour image for `glCopyImageSubData`, its
    /// contents current in the core: internal format, base format and
    /// bits, width and height, samples (1 for none) and texels (each row
    /// the sample images side by side). `None` for no renderbuffer or one
    /// that is not a colour one.
    #[allow(clippy::type_complexity, reason = "a private tuple of the fields")]
    pub(crate) fn renderbuffer_color(
        &mut self,
        name: u32,
    ) -> Option<(GLenum, [usize; 2], usize, Vec<[f32; 4]>)> {
        self.fbo_resolve();
        if let Some((d, points)) = self.fbo.rb_live.get(&name).cloned() {
            for p in (0..POINTS).filter(|p| points & (1 << p) != 0) {
                self.download_attachment(&d, Attachment::Renderbuffer(name), p);
            }
            self.fbo.rb_live.remove(&name);
        }
        let rb = self.fbo.renderbuffers.get(name)?;
        (rb.kind == RbKind::Color).then(|| {
            (
                rb.internal_format,
                [rb.size[0] as usize, rb.size[1] as usize],
                rb.samples.max(1) as usize,
                rb.color.clone(),
            )
        })
    }

    /// Replaces renderbuffer `name`'s colour texels (as
    /// [`Context::renderbuffer_color`] gave them).
    pub(crate) fn set_renderbuffer_color(&mut self, name: u32, texels: Vec<[f32; 4]>) {
        if let Some(rb) = self.fbo.renderbuffers.get_mut(name)
            && rb.color.len() == texels.len()
        {
            rb.color = texels;
            rb.serial = next_serial();
        }
    }

    /// Whether `name` is a renderbuffer object (bound at least once):
    /// its internal format and size (0 × 0 before storage).
    pub(crate) fn renderbuffer_format(&self, name: u32) -> Option<(GLenum, [u32; 2])> {
        self.fbo
            .renderbuffers
            .get(name)
            .map(|rb| (rb.internal_format, rb.size))
    }

    /// Whether `name` came from `glGenRenderbuffers` (bound since or not).
    pub(crate) fn renderbuffer_generated(&self, name: u32) -> bool {
        name != 0 && self.fbo.renderbuffers.is_generated(name)
    }

    /// Copies renderbuffer `n` back from the drawable holding it, unless
    /// that is `except`.
    fn resolve_live_renderbuffer(&mut self, n: u32, except: &Arc<Drawable>) {
        let Some((d, points)) = self.fbo.rb_live.get(&n).cloned() else {
            return;
        };
        if Arc::ptr_eq(&d, except) {
            return;
        }
        for p in (0..POINTS).filter(|p| points & (1 << p) != 0) {
            self.download_attachment(&d, Attachment::Renderbuffer(n), p);
        }
        self.fbo.rb_live.remove(&n);
    }

    /// Copies live image `key` back from its drawable, unless that is
    /// `except` (whose contents the caller keeps using).
    pub(crate) fn resolve_live_image(
        &mut self,
        key: (u32, usize, usize),
        except: Option<&Arc<Drawable>>,
    ) {
        let shared = self.shared().clone();
        let live = {
            let textures = shared.textures();
            match textures.live.get(&key) {
                Some(l) if except.is_none_or(|e| !Arc::ptr_eq(e, &l.drawable)) => l.clone(),
                _ => return,
            }
        };
        let (name, face, level) = key;
        let att = Attachment::Texture {
            name,
            face,
            level,
            zoffset: 0,
            layered: false,
        };
        self.download_attachment(&live.drawable, att, live.point);
    }

    /// Makes texture `name`'s images current in the core: the bound
    /// framebuffer object copied back if it was drawn into, and the
    /// texture's live images (the others stay live).
    pub(crate) fn fbo_resolve_texture(&mut self, name: u32) {
        self.fbo_resolve_bound();
        self.resolve_live_texture(name);
    }

    /// Whether the bound draw framebuffer object has texture `name`
    /// attached.
    pub(crate) fn bound_fbo_attaches(&self, name: u32) -> bool {
        self.fbo
            .framebuffers
            .get(self.fbo.draw_binding)
            .is_some_and(|fb| {
                fb.att
                    .iter()
                    .any(|a| matches!(a, Attachment::Texture { name: n, .. } if *n == name))
            })
    }

    /// Copies texture `name`'s live images back ([`LiveImage`]).
    pub(crate) fn resolve_live_texture(&mut self, name: u32) {
        if name == 0 {
            return;
        }
        let keys: Vec<_> = self
            .shared()
            .textures()
            .live
            .keys()
            .filter(|k| k.0 == name)
            .copied()
            .collect();
        for k in keys {
            self.resolve_live_image(k, None);
        }
    }

    /// Copies every live image back ([`LiveImage`]).
    pub(crate) fn resolve_live_all(&mut self) {
        let keys: Vec<_> = self.shared().textures().live.keys().copied().collect();
        for k in keys {
            self.resolve_live_image(k, None);
        }
    }

    /// Records the serials an upload or download left in `name`'s
    /// attachments (0: unchanged).
    fn note_synced(&mut self, name: u32, att: &[Attachment; POINTS], serials: &[u64; POINTS]) {
        if let Some(fb) = self.fbo.framebuffers.get_mut(name) {
            for (synced, &serial) in fb.synced.iter_mut().zip(serials) {
                if serial != 0 {
                    *synced = serial;
                }
            }
            // Depth and stencil of one packed image share a serial.
            if att[1] == att[2] && serials[2] != 0 {
                fb.synced[1] = serials[2];
            }
        }
    }

    /// `glTextureBarrier` (ARB_texture_barrier, GL 4.5 §9.3.1): what was
    /// drawn into the bound framebuffer object so far becomes what its
    /// attached textures sample — the drawable is copied back into them,
    /// and stays the target of the next draws.
    pub fn texture_barrier(&mut self) -> ApiResult {
        self.fbo_resolve_bound();
        Ok(())
    }

    /// Copies the drawable of the bound framebuffer object back into its
    /// attachments if it was drawn into (before its attachments or their
    /// storage change).
    pub(crate) fn fbo_resolve_bound(&mut self) {
        let Some((name, d, _, att)) = self.take_dirty_bound() else {
            return;
        };
        let serials: [u64; POINTS] =
            std::array::from_fn(|p| self.download_attachment(&d, att[p], p));
        self.note_synced(name, &att, &serials);
        // Its renderbuffers are current in the core again.
        for a in att {
            if let Attachment::Renderbuffer(n) = a
                && self
                    .fbo
                    .rb_live
                    .get(&n)
                    .is_some_and(|e| Arc::ptr_eq(&e.0, &d))
            {
                self.fbo.rb_live.remove(&n);
            }
        }
    }

    /// Copies the drawable's buffer of point `p` into `att` (each layer of
    /// a layered one from its layer); the new serial (0 if nothing was
    /// copied).
    fn download_attachment(&mut self, d: &Drawable, att: Attachment, p: usize) -> u64 {
        if att == Attachment::None {
            return 0;
        }
        let mut serial = 0;
        for (l, one) in self.attachment_layers(att, d.layers()) {
            let Some(mut map) = d.map_layers(point_buffer(p)) else {
                return serial;
            };
            let h = map.height / d.layers();
            map.keep_rows_from_bottom(l * h, h);
            serial = self.download_image(&map, one, p);
        }
        serial
    }

    /// Copies `map` into the single image `att` (point `p`); the new
    /// serial (0 if nothing was copied).
    fn download_image(
        &mut self,
        map: &oxgl_dri_interface::client::Mapped<'_>,
        att: Attachment,
        p: usize,
    ) -> u64 {
        let (mw, mh) = (map.width as usize, map.height as usize);
        let format = map.format;
        let read = |x: usize, y: usize| -> [f32; 4] {
            let row = map.row_from_bottom(y as u32);
            match p {
                1 => {
                    let b = &row[x * 4..x * 4 + 4];
                    [f32::from_le_bytes([b[0], b[1], b[2], b[3]]), 0.0, 0.0, 0.0]
                }
                2 => [0.0, f32::from(row[x]) / 255.0, 0.0, 0.0],
                _ => get_pixel(row, x, format),
            }
        };
        let serial = next_serial();
        match att {
            Attachment::None => return 0,
            Attachment::Renderbuffer(n) => {
                // (The caller drops a live entry: a packed depth/stencil
                // buffer comes back in two calls.)
                let Some(rb) = self.fbo.renderbuffers.get_mut(n) else {
                    return 0;
                };
                let w = rb.row_len();
                if p != 1 && p != 2 && bgra8_exact(format, rb.internal_format) {
                    let base = internal_format(rb.internal_format).map_or(GL_RGBA, |f| f.0);
                    for y in 0..mh {
                        let row = map.row_from_bottom(y as u32);
                        let Some(dst) = rb.color.get_mut(y * w..y * w + mw.min(w)) else {
                            continue;
                        };
                        for (t, px) in dst.iter_mut().zip(row.chunks_exact(4)) {
                            *t = crate::texture::base_channels(unorm8_texel(px), base, 1.0);
                        }
                    }
                    rb.serial = serial;
                    return serial;
                }
                for y in 0..mh {
                    for x in 0..mw {
                        let v = read(x, y);
                        let i = y * w + x;
                        match p {
                            1 => {
                                if let Some(t) = rb.depth.get_mut(i) {
                                    *t = v[0];
                                }
                            }
                            2 => {
                                if let Some(t) = rb.stencil.get_mut(i) {
                                    *t = (v[1] * 255.0).round() as u8;
                                }
                            }
                            _ => {
                                if let Some(t) = rb.color.get_mut(i) {
                                    *t = crate::texture::clamp_integer_texel(v, rb.internal_format);
                                }
                            }
                        }
                    }
                }
                rb.serial = serial;
            }
            Attachment::Texture {
                name,
                face,
                level,
                zoffset,
                ..
            } => {
                let shared = self.shared().clone();
                let mut textures = shared.textures();
                // The image is current in the core again.
                textures.live.remove(&(name, face, level));
                let Some(tex) = textures.get_mut(name) else {
                    return 0;
                };
                let target = tex.target;
                let Some(img) = tex.images.get_mut(&(face, level)) else {
                    return 0;
                };
                let (w, h, base, _) = layer_view(target, img.size, zoffset);
                let (ifmt, fmt, bits) = (img.internal_format, img.base, img.bits);
                if p != 1 && p != 2 && bgra8_exact(format, ifmt) {
                    let rows = |y: usize| base + y * w..base + y * w + mw.min(w);
                    match &mut img.texels {
                        Texels::Unorm8(t) => {
                            for y in 0..mh.min(h) {
                                let row = map.row_from_bottom(y as u32);
                                let Some(dst) = t.get_mut(rows(y)) else {
                                    continue;
                                };
                                for (t, px) in dst.iter_mut().zip(row.chunks_exact(4)) {
                                    *t = base_channels8([px[2], px[1], px[0], px[3]], fmt);
                                }
                            }
                        }
                        Texels::F32(t) => {
                            for y in 0..mh.min(h) {
                                let row = map.row_from_bottom(y as u32);
                                let Some(dst) = t.get_mut(rows(y)) else {
                                    continue;
                                };
                                for (t, px) in dst.iter_mut().zip(row.chunks_exact(4)) {
                                    *t = crate::texture::base_channels(unorm8_texel(px), fmt, 1.0);
                                }
                            }
                        }
                    }
                    tex.serial = serial;
                    textures.sync_views(name);
                    return serial;
                }
                let texels = img.texels.f32_mut();
                for y in 0..mh.min(h) {
                    for x in 0..mw.min(w) {
                        let v = read(x, y);
                        let Some(t) = texels.get_mut(base + y * w + x) else {
                            continue;
                        };
                        *t = match p {
                            1 => to_base([v[0], t[1], 0.0, 1.0], fmt, bits),
                            2 => to_base([t[0], v[1], 0.0, 1.0], fmt, bits),
                            _ => to_stored(
                                crate::texture::clamp_integer_texel(v, ifmt),
                                ifmt,
                                fmt,
                                bits,
                            ),
                        };
                    }
                }
                img.pack_unorm8();
                tex.serial = serial;
                textures.sync_views(name);
            }
        }
        serial
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renderbuffer_formats() {
        assert_eq!(rb_format(GL_RGBA8).unwrap().0, RbKind::Color);
        assert_eq!(rb_format(GL_DEPTH_COMPONENT16).unwrap().1[4], 16);
        assert_eq!(rb_format(GL_STENCIL_INDEX8).unwrap().0, RbKind::Stencil);
        assert_eq!(
            rb_format(GL_DEPTH24_STENCIL8).unwrap().0,
            RbKind::DepthStencil
        );
        assert!(rb_format(GL_TEXTURE_2D).is_none());
    }

    #[test]
    fn bgra_round_trip() {
        let mut px = [0u8; 4];
        put_pixel(&mut px, 0, OxglColorFormat::B8G8R8A8, [1.0, 0.5, 0.0, 0.25]);
        assert_eq!(px, [0, 128, 255, 64]);
        let v = get_pixel(&px, 0, OxglColorFormat::B8G8R8A8);
        assert_eq!(v[0], 1.0);
        assert!((v[1] - 128.0 / 255.0).abs() < 1e-6);
    }

    #[test]
    fn float_pixels_keep_their_values() {
        let f = OxglColorFormat::R32G32B32A32Float;
        let mut row = [0u8; 32];
        put_pixel(&mut row, 1, f, [2.5, -1.0, 0.125, 1e6]);
        assert_eq!(get_pixel(&row, 1, f), [2.5, -1.0, 0.125, 1e6]);
        assert_eq!(get_pixel(&row, 0, f), [0.0; 4]);
        // Past the row's end: nothing written, zeros read.
        put_pixel(&mut row, 2, f, [1.0; 4]);
        assert_eq!(get_pixel(&row, 2, f), [0.0; 4]);
    }
}
