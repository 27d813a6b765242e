//! The backend ABI: the one table of hooks through which the oxgl core drives a
//! rendering backend (`swrast_dri.so`, a hardware backend, or a test backend).
//!
//! A backend is a shared object named `<driver>_dri.so` that exports
//! [`OXGL_DRI_ENTRY_POINT`] (`oxgl_dri_get_backend`). The loader calls it with the
//! ABI version it speaks; the backend returns a pointer to a static
//! [`OxglDriBackend`] whose `abi_version` the loader checks before binding a single
//! hook. The software backend is also linked into `libGL.so.1` and registers
//! through exactly the same table.
//!
//! Shape (after Gallium's `pipe_screen` / `pipe_context`): a *screen* per display
//! connection, *drawables* (window/pixmap/pbuffer back storage owned by the
//! backend), and *contexts*. Handles are opaque pointers created and destroyed by
//! the backend. Every hook returns an [`OxglStatus`]; the core validates API use
//! before calling, so a backend reports only what the core cannot foresee
//! (out of memory, lost device, unsupported request).
//!
//! Versioning: [`OXGL_DRI_ABI_VERSION`] changes whenever a struct below changes
//! layout or a hook changes meaning. Appending a hook at the end of
//! [`OxglDriBackend`] is still a version bump: we do not negotiate partial tables.
//!
//! The C view of this module is `include/oxgl_dri.h`, generated with cbindgen
//! (`tests/header.rs` in this crate proves it is current).
#![deny(missing_docs)]
#![deny(unsafe_code)]

use core::ffi::{c_char, c_void};

pub mod client;
pub mod vertex;

pub use vertex::OxglVertexInput;

/// The ABI version this build of the core speaks and of the backends it builds.
pub const OXGL_DRI_ABI_VERSION: u32 = 28;

/// Name of the symbol every backend exports, of type [`OxglDriGetBackendFn`].
pub const OXGL_DRI_ENTRY_POINT: &str = "oxgl_dri_get_backend";

/// `oxgl_dri_get_backend(abi_version)`: returns the backend's hook table, or
/// null when the backend cannot serve that ABI version at all. The table is
/// static and lives as long as the backend's shared object is loaded.
pub type OxglDriGetBackendFn = unsafe extern "C" fn(abi_version: u32) -> *const OxglDriBackend;

/// Result of a hook.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OxglStatus {
    /// The hook did what was asked.
    Ok = 0,
    /// Memory (host or device) ran out; the core reports `GL_OUT_OF_MEMORY`.
    OutOfMemory = 1,
    /// The device is gone; the core reports a context loss.
    DeviceLost = 2,
    /// The request is valid GL but this backend cannot do it.
    Unsupported = 3,
    /// A handle or descriptor the core passed is invalid (a core bug).
    BadArgument = 4,
}

/// Opaque backend screen (one per display connection and backend).
#[repr(C)]
pub struct OxglScreen {
    _private: [u8; 0],
}

/// Opaque backend drawable: the colour/depth/stencil storage behind a GLX
/// window, pixmap or pbuffer.
#[repr(C)]
pub struct OxglDrawable {
    _private: [u8; 0],
}

/// Opaque backend rendering context.
#[repr(C)]
pub struct OxglContext {
    _private: [u8; 0],
}

/// What the core tells a backend about the screen it opens.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglScreenDesc {
    /// DRM render-node file descriptor the loader probed, or -1 (software).
    pub fd: i32,
    /// PCI vendor id of the device, 0 when there is none.
    pub pci_vendor: u32,
    /// PCI device id of the device, 0 when there is none.
    pub pci_device: u32,
    /// Worker threads the backend may start (`OXGL_NUM_THREADS`); -1 = its default.
    pub num_threads: i32,
}

/// Pixel layouts a backend stores colour buffers in. Each names the order of
/// bytes in memory, lowest address first.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OxglColorFormat {
    /// 8-bit blue, green, red, alpha (X11 depth-32 ARGB visuals on little endian).
    B8G8R8A8 = 0,
    /// 8-bit blue, green, red, unused (X11 depth-24 visuals on little endian).
    B8G8R8X8 = 1,
    /// 32-bit float red, green, blue, alpha, native endian, unclamped
    /// (framebuffer objects with float colour attachments; ABI 7).
    R32G32B32A32Float = 2,
    /// Stored as [`OxglColorFormat::R32G32B32A32Float`], every value
    /// written rounded to a half float (16-bit float attachments).
    R16G16B16A16Float = 3,
    /// Stored as [`OxglColorFormat::R32G32B32A32Float`], red and green
    /// rounded to unsigned 11-bit floats, blue to a 10-bit one, negative
    /// values to 0, alpha 1 (`GL_R11F_G11F_B10F` attachments).
    R11G11B10Float = 4,
    /// Four 32-bit words a pixel holding each channel's integer bits as the
    /// fragment shader wrote them, signed and unsigned alike (integer colour
    /// attachments, EXT_texture_integer; ABI 14). Nothing is clamped,
    /// converted, blended or dithered; logic ops apply (GL 4.6 §17.3.9).
    /// The core clamps to the attachment's range when it reads them back.
    R32G32B32A32Int = 5,
}

/// `v` rounded to the nearest value of a float with a 5-bit exponent and
/// `mant` mantissa bits (ties to even): half floats (`mant` 10, signed,
/// overflowing to infinity) and the unsigned 11- and 10-bit floats of
/// `GL_R11F_G11F_B10F` (`mant` 6 and 5, negative values to 0, saturating at
/// their largest value). NaN stays NaN.
pub fn round_to_small_float(v: f32, mant: u32, signed: bool) -> f32 {
    if v.is_nan() {
        return v;
    }
    if !signed && v <= 0.0 {
        return 0.0;
    }
    let a = v.abs();
    // Smallest normal value 2^-14; below it the spacing is 2^(-14 - mant).
    let r = if a < 1.0 / 16384.0 {
        let q = (-14.0 - mant as f32).exp2();
        (a / q).round_ties_even() * q
    } else if a.is_infinite() {
        a
    } else {
        let shift = 23 - mant;
        let bits = a.to_bits();
        let half = (1u32 << (shift - 1)) - 1 + ((bits >> shift) & 1);
        f32::from_bits((bits + half) & !((1u32 << shift) - 1))
    };
    let max = (2.0 - (-(mant as f32)).exp2()) * 32768.0;
    let r = if r > max {
        if signed { f32::INFINITY } else { max }
    } else {
        r
    };
    if v < 0.0 { -r } else { r }
}

/// The sample count of multisample drawables (`GL_MAX_SAMPLES`).
pub const OXGL_SAMPLES: u32 = 4;

/// Where each sample of a multisample pixel lies, in pixel units from its
/// lower left corner (GL window coordinates): the rotated grid of D3D's
/// and most GPUs' 4× pattern (`glGetMultisamplefv(GL_SAMPLE_POSITION)`).
pub const OXGL_SAMPLE_POSITIONS: [[f32; 2]; OXGL_SAMPLES as usize] = [
    [0.375, 0.125],
    [0.875, 0.375],
    [0.125, 0.625],
    [0.625, 0.875],
];

/// The sRGB EOTF (GL 4.6 eq. 8.17): encoded `cs` to linear.
pub fn srgb_to_linear(cs: f32) -> f32 {
    if cs <= 0.04045 {
        cs / 12.92
    } else {
        ((cs + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear `cl` to sRGB-encoded (GL 4.6 eq. 17.1), clamped to [0, 1].
pub fn linear_to_srgb(cl: f32) -> f32 {
    if cl.is_nan() || cl <= 0.0 {
        0.0
    } else if cl < 0.003_130_8 {
        12.92 * cl
    } else if cl < 1.0 {
        1.055 * cl.powf(0.416_67) - 0.055
    } else {
        1.0
    }
}

impl OxglColorFormat {
    /// Bytes one pixel takes.
    pub const fn bytes_per_pixel(self) -> usize {
        match self {
            OxglColorFormat::B8G8R8A8 | OxglColorFormat::B8G8R8X8 => 4,
            _ => 16,
        }
    }

    /// Whether the format keeps values outside [0, 1] (no clamping of
    /// fragment colours, blend inputs or clear colours): one of the float
    /// formats, stored as four `f32`s a pixel.
    pub const fn is_float(self) -> bool {
        matches!(
            self,
            OxglColorFormat::R32G32B32A32Float
                | OxglColorFormat::R16G16B16A16Float
                | OxglColorFormat::R11G11B10Float
        )
    }

    /// Whether the format holds integer bits
    /// ([`OxglColorFormat::R32G32B32A32Int`]).
    pub const fn is_integer(self) -> bool {
        matches!(self, OxglColorFormat::R32G32B32A32Int)
    }

    /// `v` as a float format keeps it ([`round_to_small_float`]); other
    /// formats return it unchanged.
    pub fn quantize(self, v: [f32; 4]) -> [f32; 4] {
        match self {
            OxglColorFormat::R16G16B16A16Float => v.map(|c| round_to_small_float(c, 10, true)),
            OxglColorFormat::R11G11B10Float => [
                round_to_small_float(v[0], 6, false),
                round_to_small_float(v[1], 6, false),
                round_to_small_float(v[2], 5, false),
                1.0,
            ],
            _ => v,
        }
    }

    /// The RGBA value of the pixel starting at `px[0]` (at least
    /// [`OxglColorFormat::bytes_per_pixel`] bytes; missing bytes read as 0).
    pub fn read_rgba(self, px: &[u8]) -> [f32; 4] {
        let byte = |i: usize| px.get(i).copied().unwrap_or(0);
        let unorm = |i: usize| f32::from(byte(i)) / 255.0;
        match self {
            OxglColorFormat::B8G8R8A8 => [unorm(2), unorm(1), unorm(0), unorm(3)],
            OxglColorFormat::B8G8R8X8 => [unorm(2), unorm(1), unorm(0), 1.0],
            _ => core::array::from_fn(|c| {
                f32::from_ne_bytes([
                    byte(4 * c),
                    byte(4 * c + 1),
                    byte(4 * c + 2),
                    byte(4 * c + 3),
                ])
            }),
        }
    }

    /// Writes RGBA `v` as the pixel starting at `px[0]` (8-bit formats clamp
    /// to [0, 1] and round to nearest; bytes past `px`'s end are dropped).
    pub fn write_rgba(self, px: &mut [u8], v: [f32; 4]) {
        let q = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        let bytes: [u8; 16];
        let n = match self {
            OxglColorFormat::B8G8R8A8 | OxglColorFormat::B8G8R8X8 => {
                let a = if self == OxglColorFormat::B8G8R8A8 {
                    q(v[3])
                } else {
                    0xff
                };
                let mut b = [0u8; 16];
                b[..4].copy_from_slice(&[q(v[2]), q(v[1]), q(v[0]), a]);
                bytes = b;
                4
            }
            _ => {
                let v = self.quantize(v);
                let mut b = [0u8; 16];
                for (c, chunk) in b.chunks_exact_mut(4).enumerate() {
                    chunk.copy_from_slice(&v[c].to_ne_bytes());
                }
                bytes = b;
                16
            }
        };
        for (d, s) in px.iter_mut().zip(&bytes[..n]) {
            *d = *s;
        }
    }
}

/// The buffers a drawable has, from its GLX framebuffer configuration.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglDrawableDesc {
    /// Width in pixels (at least 1).
    pub width: u32,
    /// Height in pixels (at least 1).
    pub height: u32,
    /// Colour buffer layout.
    pub color_format: OxglColorFormat,
    /// Non-zero: there is a back buffer as well as the front buffer.
    pub double_buffered: u32,
    /// Depth buffer bits: 0, 16, 24 or 32.
    pub depth_bits: u32,
    /// Stencil buffer bits: 0 or 8.
    pub stencil_bits: u32,
    /// Accumulation buffer bits per channel: 0 or 16.
    pub accum_bits: u32,
    /// Samples per pixel: 0 (or 1) single-sampled, or
    /// [`OXGL_SAMPLES`] (ABI 14: framebuffer objects with multisample
    /// renderbuffers). A multisample drawable keeps each buffer as
    /// `samples` images of `width` x `height` side by side — sample `k` of
    /// pixel (x, y) is pixel (`k * width + x`, y) — and `map_buffer` maps
    /// all of them (`OxglImage::width` is `samples * width`). Draws and
    /// clears cover every sample: each primitive is rasterized once per
    /// sample image with that sample's position
    /// ([`OXGL_SAMPLE_POSITIONS`]) as the pixel's centre (the fragment
    /// shader runs per sample), or with the pixel centre for every sample
    /// while `OxglRasterDesc::multisample` is 0.
    pub samples: u32,
    /// Colour buffers beyond the first (0 to [`OXGL_MAX_EXTRA_COLOR_BUFFERS`]):
    /// the colour attachments 1, 2, ... of a framebuffer object, mapped as
    /// [`OxglBuffer::Color1`] onwards, single-buffered. Window drawables
    /// have none.
    pub extra_color_buffers: u32,
    /// The format of each extra colour buffer (entries past
    /// `extra_color_buffers` are ignored).
    pub extra_color_formats: [OxglColorFormat; OXGL_MAX_EXTRA_COLOR_BUFFERS],
    /// Layers: 0 (or 1), or the layer count of a layered framebuffer
    /// object (ABI 17, `glFramebufferTexture`). A layered drawable keeps
    /// each buffer as `layers` images of `width` x `height` one above the
    /// other — layer `l` of pixel (x, y) is pixel (x, `l * height + y`),
    /// rows counted from the bottom — and `map_buffer` maps all of them
    /// (`OxglImage::height` is `layers * height`; sample images, if any,
    /// lie side by side within each layer). A primitive a geometry shader
    /// emits goes to the layer its `gl_Layer` names (the value of the
    /// strip's first vertex); a layer out of range drops it, and without a
    /// geometry shader that writes `gl_Layer` primitives go to layer 0.
    /// Clears cover every layer.
    pub layers: u32,
}

/// Colour buffers a drawable may have beyond its first: 7, for eight
/// colour attachments (`GL_MAX_COLOR_ATTACHMENTS`, `GL_MAX_DRAW_BUFFERS`).
pub const OXGL_MAX_EXTRA_COLOR_BUFFERS: usize = 7;

/// Viewports a draw carries besides the first (ARB_viewport_array): the
/// `extra_*` fields of [`OxglRasterDesc`].
pub const OXGL_MAX_EXTRA_VIEWPORTS: usize = 15;

/// Viewports a draw carries (`GL_MAX_VIEWPORTS`): the first in
/// [`OxglRasterDesc::viewport`], then [`OXGL_MAX_EXTRA_VIEWPORTS`] more.
pub const OXGL_MAX_VIEWPORTS: usize = 16;

/// Colour buffers a drawable may have in all: [`OXGL_MAX_EXTRA_COLOR_BUFFERS`] + 1.
pub const OXGL_MAX_COLOR_BUFFERS: usize = 8;

/// Which context API a context is created for.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OxglApi {
    /// Desktop GL, compatibility profile (or a legacy context).
    GlCompat = 0,
    /// Desktop GL, core profile.
    GlCore = 1,
    /// OpenGL ES 1.x.
    Gles1 = 2,
    /// OpenGL ES 2.0 and later.
    Gles2 = 3,
}

/// Context creation parameters (already validated by the core).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglContextDesc {
    /// API and profile.
    pub api: OxglApi,
    /// Requested major version.
    pub major: u32,
    /// Requested minor version.
    pub minor: u32,
    /// `GLX_CONTEXT_DEBUG_BIT_ARB` etc. as the GLX attribute carried them.
    pub flags: u32,
    /// Context the new one shares objects with, or null.
    pub share: *mut OxglContext,
}

/// Which buffer of a drawable a hook addresses.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OxglBuffer {
    /// Front colour buffer (the one shown).
    FrontColor = 0,
    /// Back colour buffer (single-buffered drawables alias it to the front).
    BackColor = 1,
    /// Depth buffer, one `f32` in [0, 1] per pixel.
    Depth = 2,
    /// Stencil buffer, one `u8` per pixel.
    Stencil = 3,
    /// Extra colour buffer 1 (see [`OxglDrawableDesc::extra_color_buffers`]).
    Color1 = 4,
    /// Extra colour buffer 2.
    Color2 = 5,
    /// Extra colour buffer 3.
    Color3 = 6,
    /// Extra colour buffer 4.
    Color4 = 7,
    /// Extra colour buffer 5.
    Color5 = 8,
    /// Extra colour buffer 6.
    Color6 = 9,
    /// Extra colour buffer 7.
    Color7 = 10,
}

impl OxglBuffer {
    /// Extra colour buffer `i` (1 to 7), `None` past them.
    pub fn extra_color(i: usize) -> Option<OxglBuffer> {
        Some(match i {
            1 => OxglBuffer::Color1,
            2 => OxglBuffer::Color2,
            3 => OxglBuffer::Color3,
            4 => OxglBuffer::Color4,
            5 => OxglBuffer::Color5,
            6 => OxglBuffer::Color6,
            7 => OxglBuffer::Color7,
            _ => return None,
        })
    }

    /// Which extra colour buffer this names (1 to 7), if one.
    pub fn extra_index(self) -> Option<usize> {
        let i = self as usize;
        (4..=10).contains(&i).then(|| i - 3)
    }
}

/// Bits of [`OxglClearDesc::buffers`].
pub mod clear_bits {
    /// Clear the colour buffers named by `draw_buffers`.
    pub const CLEAR_COLOR: u32 = 1;
    /// Clear depth.
    pub const CLEAR_DEPTH: u32 = 2;
    /// Clear stencil.
    pub const CLEAR_STENCIL: u32 = 4;
}

/// Bits of [`OxglClearDesc::draw_buffers`].
pub mod draw_buffer_bits {
    /// Front colour buffer.
    pub const DRAW_FRONT: u32 = 1;
    /// Back colour buffer.
    pub const DRAW_BACK: u32 = 2;
}

/// An axis-aligned rectangle in window coordinates (origin lower left).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OxglRect {
    /// Left edge.
    pub x: i32,
    /// Bottom edge.
    pub y: i32,
    /// Width (non-negative).
    pub width: i32,
    /// Height (non-negative).
    pub height: i32,
}

/// A clear of the current draw drawable, with every piece of state it depends on.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglClearDesc {
    /// [`clear_bits`] of the buffers to clear.
    pub buffers: u32,
    /// [`draw_buffer_bits`]: which colour buffers.
    pub draw_buffers: u32,
    /// Clear colour, RGBA, for fixed-point and float buffers (clamped to
    /// [0, 1] by the core when colour clamping applies; fixed-point buffers
    /// clamp as they store).
    pub color: [f32; 4],
    /// Clear colour of integer buffers
    /// ([`OxglColorFormat::R32G32B32A32Int`]), as bits (ABI 14).
    pub color_int: [u32; 4],
    /// ABI 14: the sRGB-encoded buffers, as [`OxglBlendDesc::srgb_buffers`]
    /// (bit 0 the window's or the first colour buffer): `color` is encoded
    /// for them.
    pub srgb_buffers: u32,
    /// Colour write mask per channel (non-zero = written).
    pub color_mask: [u8; 4],
    /// Clear depth, clamped to [0, 1].
    pub depth: f64,
    /// Clear stencil value.
    pub stencil: u32,
    /// Stencil write mask.
    pub stencil_mask: u32,
    /// Non-zero: restrict the clear to `scissor`.
    pub scissor_enabled: u32,
    /// Scissor rectangle.
    pub scissor: OxglRect,
    /// With [`clear_bits::CLEAR_COLOR`]: bit `i - 1` clears extra colour
    /// buffer `i` too.
    pub extra_color_buffers: u32,
    /// The colour write mask of each extra colour buffer.
    pub extra_color_masks: [[u8; 4]; OXGL_MAX_EXTRA_COLOR_BUFFERS],
}

/// Opaque backend shader: a compiled IR shader of one stage.
#[repr(C)]
pub struct OxglShader {
    _private: [u8; 0],
}

/// One vertex attribute of [`OxglDrawDesc::vertices`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OxglVertexAttrib {
    /// The vertex shader input location it feeds.
    pub location: u32,
    /// Offset in floats from the start of a vertex.
    pub offset: u32,
    /// Components stored (1–4); the others read as (0, 0, 0, 1).
    pub size: u32,
}

/// One primitive: `count` vertices from `start` drawn as `mode`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OxglPrim {
    /// GL primitive mode (`GL_TRIANGLES`, `GL_QUADS`, `GL_POLYGON`, ...);
    /// the backend decomposes quads and polygons itself.
    pub mode: u32,
    /// First vertex.
    pub start: u32,
    /// Vertex count.
    pub count: u32,
}

/// Stencil state of one face. Functions and operations are GL enum values.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OxglStencilFace {
    /// `GL_NEVER` ... `GL_ALWAYS`.
    pub func: u32,
    /// Reference value, clamped to the stencil range.
    pub reference: u32,
    /// Value mask.
    pub value_mask: u32,
    /// Write mask.
    pub write_mask: u32,
    /// Operation when the stencil test fails (`GL_KEEP`, `GL_INCR_WRAP`, ...).
    pub fail: u32,
    /// Operation when the stencil test passes and the depth test fails.
    pub zfail: u32,
    /// Operation when both pass.
    pub zpass: u32,
}

/// Rasterization state of a draw. Enumerated fields hold GL enum values;
/// flags are 0 (off) or 1 (on).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OxglRasterDesc {
    /// Viewport x, y, width, height (window coordinates, origin lower left).
    pub viewport: [f32; 4],
    /// Depth range near, far (clamped to [0, 1]).
    pub depth_range: [f32; 2],
    /// Scissor test on.
    pub scissor_enabled: u32,
    /// Scissor rectangle.
    pub scissor: OxglRect,
    /// 0 = no culling, else `GL_FRONT`, `GL_BACK` or `GL_FRONT_AND_BACK`.
    pub cull_face: u32,
    /// `GL_CCW` or `GL_CW`.
    pub front_face: u32,
    /// Front and back polygon modes (`GL_FILL`, `GL_LINE`, `GL_POINT`).
    pub polygon_mode: [u32; 2],
    /// Polygon offset factor, units, clamp.
    pub polygon_offset: [f32; 3],
    /// Polygon offset enables: bit 0 fill, bit 1 line, bit 2 point.
    pub polygon_offset_enables: u32,
    /// Point size when the vertex shader does not write it.
    pub point_size: f32,
    /// `GL_POINT_SMOOTH`.
    pub point_smooth: u32,
    /// `GL_POINT_SPRITE`: points are squares carrying a sprite coordinate
    /// (s, t) in [0, 1] across them, read as `gl_PointCoord` and by the
    /// inputs of [`Self::sprite_coord_enable`] (`point_smooth` is then ignored).
    pub point_sprite: u32,
    /// `GL_POINT_SPRITE_COORD_ORIGIN`: `GL_UPPER_LEFT` (t = 0 at the top
    /// of the point on screen) or `GL_LOWER_LEFT` (t = 0 at the bottom).
    pub point_sprite_origin: u32,
    /// Bit `L`: on point sprites, the fragment shader's input at location
    /// `L` reads (s, t, 0, 1) instead of the interpolated varying
    /// (`GL_COORD_REPLACE`; Gallium's `sprite_coord_enable`). Other
    /// primitives interpolate the varying as usual.
    pub sprite_coord_enable: u32,
    /// `GL_LINE_WIDTH`.
    pub line_width: f32,
    /// `GL_LINE_SMOOTH`.
    pub line_smooth: u32,
    /// `GL_LINE_STIPPLE` on.
    pub line_stipple_enabled: u32,
    /// Stipple repeat factor (1–256).
    pub line_stipple_factor: u32,
    /// Stipple pattern (low 16 bits).
    pub line_stipple_pattern: u32,
    /// `GL_POLYGON_STIPPLE` on.
    pub polygon_stipple_enabled: u32,
    /// The 32×32 stipple, row 0 at the bottom, bit 31 of a row = leftmost pixel.
    pub polygon_stipple: [u32; 32],
    /// `GL_FIRST_VERTEX_CONVENTION` or `GL_LAST_VERTEX_CONVENTION`.
    pub provoking_vertex: u32,
    /// Bit `i`: clip distance `i` written by the vertex shader is enabled.
    pub clip_distance_enables: u32,
    /// `GL_DEPTH_CLAMP`.
    pub depth_clamp: u32,
    /// `GL_PROGRAM_POINT_SIZE`: the vertex shader's point size is used.
    pub program_point_size: u32,
    /// ABI 14: `GL_MULTISAMPLE` (multisample rasterization into a
    /// multisample drawable; off: every sample takes the pixel centre).
    pub multisample: u32,
    /// ABI 14: the multisample fragment operations (GL 4.6 §17.3.3), for
    /// multisample drawables with `multisample` on: bit 0
    /// `GL_SAMPLE_ALPHA_TO_COVERAGE` (sample `k` of a fragment is kept when
    /// `k < round(4 alpha)`, alpha of colour output 0), bit 1
    /// `GL_SAMPLE_ALPHA_TO_ONE`, bit 2 `GL_SAMPLE_COVERAGE` (sample `k`
    /// kept when `k < round(4 value)`), bit 3 its invert flag.
    pub sample_coverage: u32,
    /// `glSampleCoverage`'s value, in [0, 1].
    pub sample_coverage_value: f32,
    /// ABI 15: the user clip planes (`glClipPlane`, in eye coordinates),
    /// for a vertex stage that writes no `gl_ClipDistance`: enabled plane
    /// `i` then keeps what has `dot(clip_planes[i], gl_Position) >= 0`
    /// (GLSL 1.30 §7.1: a shader writing neither `gl_ClipVertex` nor
    /// `gl_ClipDistance` is clipped on the position it writes).
    pub clip_planes: [[f32; 4]; 8],
    /// ABI 17: `GL_SAMPLE_MASK_VALUE` while `GL_SAMPLE_MASK` is enabled,
    /// else all ones: bit `k` clear leaves sample `k` of a multisample
    /// target unwritten (with `multisample` on).
    pub sample_mask: u32,
    /// ABI 18 (ARB_sample_shading): `GL_MIN_SAMPLE_SHADING_VALUE` while
    /// `GL_SAMPLE_SHADING` is enabled, else 0. Where it asks for more than
    /// one sample a pixel (`ceil(value * samples) > 1`), or the fragment
    /// shader reads `gl_SampleID` or `gl_SamplePosition`, inputs are
    /// interpolated at each sample's position; otherwise at the pixel
    /// centre, whatever sample the shader runs for.
    pub min_sample_shading: f32,
    /// ABI 19 (ARB_viewport_array): viewports 1 to 15 (x, y, width,
    /// height), for the primitives whose geometry shader writes
    /// `gl_ViewportIndex` (viewport 0 is [`Self::viewport`]). A primitive
    /// takes the viewport, depth range, scissor rectangle and scissor
    /// enable of its index; an index past the last takes viewport 0's.
    pub extra_viewports: [[f32; 4]; OXGL_MAX_EXTRA_VIEWPORTS],
    /// ABI 19: the depth ranges of viewports 1 to 15 (near, far, in [0, 1]).
    pub extra_depth_ranges: [[f32; 2]; OXGL_MAX_EXTRA_VIEWPORTS],
    /// ABI 19: the scissor rectangles of viewports 1 to 15.
    pub extra_scissors: [OxglRect; OXGL_MAX_EXTRA_VIEWPORTS],
    /// ABI 19: bit `i - 1` is the scissor test of viewport `i` (viewport
    /// 0's is [`Self::scissor_enabled`]).
    pub extra_scissor_enables: u32,
}

/// Depth and stencil state of a draw.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OxglDepthStencilDesc {
    /// Depth test on (off also means no depth writes).
    pub depth_test: u32,
    /// Depth function (`GL_LESS`, ...).
    pub depth_func: u32,
    /// Depth writes on (`glDepthMask`).
    pub depth_write: u32,
    /// Stencil test on.
    pub stencil_test: u32,
    /// Front and back faces.
    pub stencil: [OxglStencilFace; 2],
}

/// Blend, logic-op and colour-mask state of a draw.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OxglBlendDesc {
    /// Blending on.
    pub enabled: u32,
    /// RGB and alpha equations (`GL_FUNC_ADD`, `GL_MIN`, ...).
    pub equation: [u32; 2],
    /// Source RGB, destination RGB, source alpha, destination alpha factors.
    pub factors: [u32; 4],
    /// `glBlendColor`.
    pub constant: [f32; 4],
    /// `GL_COLOR_LOGIC_OP` on (blending is then ignored).
    pub logic_op_enabled: u32,
    /// `glLogicOp` (`GL_COPY`, `GL_XOR`, ...).
    pub logic_op: u32,
    /// Colour write mask per channel (non-zero = written).
    pub color_mask: [u8; 4],
    /// ABI 13 (EXT_draw_buffers2, `glEnablei(GL_BLEND, i)`): bit `i - 1`
    /// set turns blending on for extra colour buffer `i`
    /// (`OxglDrawDesc::color_outputs[i]`); `enabled` is the first colour
    /// buffer's. The constant and logic op are shared; the equations and
    /// factors are each buffer's since ABI 18.
    pub extra_enabled: u32,
    /// ABI 14 (`glClampColor(GL_CLAMP_FRAGMENT_COLOR)`, ARB_color_buffer_float):
    /// non-zero clamps fragment colours to [0, 1] before blending in float
    /// buffers too (fixed-point buffers always clamp; integer ones never).
    pub clamp_color: u32,
    /// ABI 14 (`GL_FRAMEBUFFER_SRGB` with sRGB attachments, GL 3.0): bit 0
    /// for the first colour buffer, bit `i` for extra colour buffer `i`,
    /// of 8-bit buffers holding sRGB-encoded colour: fragment colours are
    /// encoded ([`linear_to_srgb`], alpha linear) as they are written, and
    /// blending decodes the stored colour, blends and encodes the result.
    pub srgb_buffers: u32,
    /// ABI 18 (ARB_draw_buffers_blend, GL 4.0 `glBlendEquationi`): the RGB
    /// and alpha equations of extra colour buffer `i + 1`, as `equation`
    /// is the first colour buffer's.
    pub extra_equation: [[u32; 2]; OXGL_MAX_EXTRA_COLOR_BUFFERS],
    /// ABI 18 (`glBlendFunci`): the factors of extra colour buffer `i + 1`,
    /// in the order of `factors`.
    pub extra_factors: [[u32; 4]; OXGL_MAX_EXTRA_COLOR_BUFFERS],
}

/// One image of a texture: RGBA `f32` texels, rows bottom first, slices
/// (3D) one after another — or, since ABI 10, an image the backend holds
/// itself: the contents of a buffer of one of its drawables.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglTexImage {
    /// `width * height * depth` texels; null when `drawable` or `rgba8`
    /// holds the image.
    pub texels: *const [f32; 4],
    /// Width.
    pub width: u32,
    /// Height (1 for 1D).
    pub height: u32,
    /// Depth (1 except 3D).
    pub depth: u32,
    /// ABI 10: null, or the drawable whose `buffer` holds this image — a
    /// texture image a framebuffer object rendered into, which the core
    /// did not copy back. The image is the buffer's `width` × `height`
    /// pixels from the bottom-left corner (`depth` 1), as its draws and
    /// clears left them (the backend finishes queued rendering into it
    /// first): 8-bit colour as unsigned normalized R, G, B, A (X reads
    /// as 1), float colour as its values, depth in R with G = B = 0 and
    /// A = 1. The drawable is live for the call; it may be the one drawn
    /// into (a rendering feedback loop, undefined in GL).
    pub drawable: *mut OxglDrawable,
    /// Which buffer of `drawable` (`FrontColor`, `Depth`, `Color1` ...).
    pub buffer: OxglBuffer,
    /// ABI 12: null, or the image's `width * height * depth` texels as
    /// R, G, B, A bytes (`texels` null): an 8-bit unsigned normalized
    /// image, byte `k` standing for `k / 255` (the `f32` nearest to it),
    /// the base format's missing channels 0 and alpha 255, as `texels`
    /// would hold them.
    pub rgba8: *const [u8; 4],
}

/// A complete texture bound to a unit a draw samples, with its sampler
/// state. Enumerated fields hold GL enum values.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglTextureDesc {
    /// The unit (the IR texture declaration's binding).
    pub unit: u32,
    /// `GL_TEXTURE_1D`, `_2D`, `_3D`, `_CUBE_MAP`, `_RECTANGLE`, `_1D_ARRAY`,
    /// `_2D_ARRAY` (layers on the next axis), `_CUBE_MAP_ARRAY` (one face
    /// per level: the depth holds face `f` of layer `l` at `6 * l + f`) or
    /// `_BUFFER` (one level, one row of texels, `NEAREST`, read by
    /// `fetch` and `query_size` only).
    pub target: u32,
    /// Changes whenever any image changes: backends may keep a converted
    /// copy keyed by it.
    pub serial: u64,
    /// `images[level * num_faces + face]`, level 0 being the base level.
    pub images: *const OxglTexImage,
    /// Mipmap levels passed (1 when the filter uses none).
    pub num_levels: u32,
    /// 6 for cube maps (+X, −X, +Y, −Y, +Z, −Z), else 1.
    pub num_faces: u32,
    /// Source of each returned component: 0–3 = R, G, B, A of the texels,
    /// 4 = zero, 5 = one (base formats: luminance is `R R R 1`, ...),
    /// 6 = integer one (integer textures: texels hold the bits of `i32` or
    /// `u32` values, which the backend copies without filtering — the core
    /// passes them with `NEAREST` filters only), 7 = the stencil index of
    /// a depth/stencil texel as an integer: G holds it normalized
    /// (`s / 255`), the result is the bits of `u32` `s` (ABI 28,
    /// ARB_stencil_texturing).
    pub swizzle: [u8; 4],
    /// `GL_TEXTURE_MIN_FILTER`.
    pub min_filter: u32,
    /// `GL_TEXTURE_MAG_FILTER`.
    pub mag_filter: u32,
    /// `GL_TEXTURE_WRAP_S`, `_T`, `_R`.
    pub wrap: [u32; 3],
    /// `GL_TEXTURE_BORDER_COLOR`.
    pub border_color: [f32; 4],
    /// LOD clamp, relative to the base level.
    pub min_lod: f32,
    /// LOD clamp, relative to the base level.
    pub max_lod: f32,
    /// Texture object bias plus texture unit bias.
    pub lod_bias: f32,
    /// `GL_TEXTURE_MAX_ANISOTROPY`.
    pub max_anisotropy: f32,
    /// Depth comparison (ARB_shadow): 0 for none, else the
    /// `GL_TEXTURE_COMPARE_FUNC` (`GL_NEVER` ... `GL_ALWAYS`). The shader
    /// samples such a texture through a `shadow` declaration with a
    /// reference; each texel's R (the depth, before `swizzle`) is compared
    /// with it, giving 0 or 1, before filtering (linear filters average
    /// the comparisons). `swizzle` then applies to `(c, 0, 0, 1)` for the
    /// IR's `shadow_vec4` operations (the depth texture mode of the
    /// deprecated `shadow2D` family); other comparisons return `c`.
    pub compare_func: u32,
    /// ABI 17: 0, or the samples per texel of a multisample texture
    /// (`GL_TEXTURE_2D_MULTISAMPLE`, `_ARRAY`; one level, `NEAREST`, read
    /// by `fetch` with a sample index and `query_size` only). Each image
    /// then keeps its sample images side by side, as multisample drawables
    /// do: sample `k` of texel (x, y) is texel (`k * width / samples + x`,
    /// y), and `OxglTexImage::width` is `samples` times the texture's.
    pub samples: u32,
    /// ABI 17: non-zero while `GL_TEXTURE_CUBE_MAP_SEAMLESS` is enabled:
    /// linear filtering of a cube map (or cube map array) takes the texels
    /// of its footprint that lie past a face's edge from the adjacent face
    /// (GL 4.6 §8.13.1).
    pub seamless: u32,
}

/// One draw call, normalized by the core: interleaved float vertices, the
/// primitives drawn from them, the two shaders with their uniforms, and
/// every piece of fixed state the backend needs. Everything pointed to is
/// valid for the duration of the call only.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglDrawDesc {
    /// `vertex_count * stride` floats; null with `stride` 0 when every
    /// per-vertex input is in `inputs` (ABI 13).
    pub vertices: *const f32,
    /// Vertices.
    pub vertex_count: u32,
    /// Floats per vertex.
    pub stride: u32,
    /// Per-vertex attributes.
    pub attribs: *const OxglVertexAttrib,
    /// Entries of `attribs`.
    pub num_attribs: u32,
    /// Values of vertex shader inputs that are not per-vertex, by location.
    pub constants: *const [f32; 4],
    /// Entries of `constants`.
    pub num_constants: u32,
    /// Per-vertex edge flags (non-zero = boundary edge), or null: all boundary.
    pub edge_flags: *const u8,
    /// Per-vertex `gl_VertexID` (`vertex_count` entries), or null:
    /// `first_vertex`, `first_vertex + 1`, ... in vertex order.
    pub vertex_ids: *const i32,
    /// The primitives, in order: ranges of vertices, or with `elements`,
    /// ranges of `elements`.
    pub prims: *const OxglPrim,
    /// Entries of `prims`.
    pub num_prims: u32,
    /// ABI 11: null, or the vertex each primitive element names (an
    /// indexed draw whose indices the core rebased onto the vertices it
    /// fetched once each: every entry below `vertex_count`). A backend runs
    /// the vertex stage once per vertex and assembles primitives through
    /// these.
    pub elements: *const u32,
    /// Entries of `elements`.
    pub num_elements: u32,
    /// Instances (1 for non-instanced draws). The core draws the
    /// instances of an instanced draw one call each, so it passes 1.
    pub instance_count: u32,
    /// `gl_InstanceID` of this call's vertices (the core's instance loop).
    pub instance_id: i32,
    /// Vertex shader from `create_shader`.
    pub vs: *mut OxglShader,
    /// Fragment shader from `create_shader`.
    pub fs: *mut OxglShader,
    /// The vertex shader's default uniform block (layout decided by its IR).
    pub vs_uniforms: *const u8,
    /// Bytes of `vs_uniforms`.
    pub vs_uniforms_size: usize,
    /// The fragment shader's default uniform block.
    pub fs_uniforms: *const u8,
    /// Bytes of `fs_uniforms`.
    pub fs_uniforms_size: usize,
    /// Textures the fragment shader samples.
    pub textures: *const OxglTextureDesc,
    /// Entries of `textures`.
    pub num_textures: u32,
    /// [`draw_buffer_bits`]: which colour buffers are drawn to.
    pub draw_buffers: u32,
    /// The fragment colour output each colour buffer receives: entry 0
    /// for the buffers `draw_buffers` names, entry `i` for extra colour
    /// buffer `i`; -1 = not drawn. A window's draws use `[0, -1, ...]`.
    pub color_outputs: [i32; OXGL_MAX_COLOR_BUFFERS],
    /// The colour write mask of each extra colour buffer (the first
    /// buffer's is `blend.color_mask`).
    pub extra_color_masks: [[u8; 4]; OXGL_MAX_EXTRA_COLOR_BUFFERS],
    /// Rasterization state.
    pub raster: OxglRasterDesc,
    /// Depth and stencil state.
    pub depth_stencil: OxglDepthStencilDesc,
    /// Blend state.
    pub blend: OxglBlendDesc,
    /// ABI 12: null, or transform feedback (EXT_transform_feedback): the
    /// vertices to capture and where, and the primitive counts to report.
    pub capture: *const OxglCaptureDesc,
    /// ABI 12: non-zero for `GL_RASTERIZER_DISCARD`: the vertex stage runs
    /// and `capture` is honoured, but nothing is rasterized.
    pub rasterizer_discard: u32,
    /// ABI 13: inputs the backend reads from memory in their own formats
    /// (vertex buffer objects and client arrays), besides those of
    /// `vertices`; null when `num_inputs` is 0. Vertex `v` reads each at
    /// `data + v * stride`.
    pub inputs: *const OxglVertexInput,
    /// Entries of `inputs`.
    pub num_inputs: u32,
    /// ABI 13: the array index of vertex 0 (`inputs`' `data` points at its
    /// elements): `gl_VertexID` of vertex `v` is `first_vertex + v` when
    /// `vertex_ids` is null.
    pub first_vertex: u32,
    /// ABI 16: null, or a geometry shader from `create_shader`. It runs
    /// once per primitive of `prims` (assembled as its input primitive
    /// declares: each prim's mode then matches it, the adjacency modes
    /// included), reading the vertex stage's outputs by location; the
    /// vertices it emits, in strips of its output primitive, are what is
    /// captured, clipped and rasterized. `gl_PrimitiveIDIn` counts the
    /// draw's primitives from 0.
    pub gs: *mut OxglShader,
    /// ABI 16: the geometry shader's default uniform block.
    pub gs_uniforms: *const u8,
    /// Bytes of `gs_uniforms`.
    pub gs_uniforms_size: usize,
    /// ABI 23: null, or a tessellation control shader from
    /// `create_shader` (only with `tes`). It runs once per patch, one
    /// invocation per output vertex, reading the patch's vertex-stage
    /// outputs by location; `gl_PrimitiveID` counts the draw's patches.
    pub tcs: *mut OxglShader,
    /// ABI 23: the tessellation control shader's default uniform block.
    pub tcs_uniforms: *const u8,
    /// Bytes of `tcs_uniforms`.
    pub tcs_uniforms_size: usize,
    /// ABI 23: null, or a tessellation evaluation shader from
    /// `create_shader`. With it every prim's mode is `GL_PATCHES`: each
    /// `patch_vertices` vertices (a remainder is dropped) make a patch,
    /// which the control shader (or, without one, the patch itself with
    /// `patch_default_levels`) gives the levels the primitive generator
    /// subdivides the shader's domain by; the shader runs once per
    /// generated vertex, and the generated points, lines or triangles
    /// go on to the geometry shader or are captured, clipped and
    /// rasterized (`gl_PrimitiveID` in the fragment shader: the patch's).
    pub tes: *mut OxglShader,
    /// ABI 23: the tessellation evaluation shader's default uniform block.
    pub tes_uniforms: *const u8,
    /// Bytes of `tes_uniforms`.
    pub tes_uniforms_size: usize,
    /// ABI 23: vertices per patch (`GL_PATCH_VERTICES`, 1 to 32).
    pub patch_vertices: u32,
    /// ABI 23: `GL_PATCH_DEFAULT_OUTER_LEVEL` (4 values), then
    /// `GL_PATCH_DEFAULT_INNER_LEVEL` (2): the levels of a draw without a
    /// tessellation control shader.
    pub patch_default_levels: [f32; 6],
    /// ABI 24: memory the draw's shaders read and write in place, by
    /// buffer slot (`oxgl_exec`'s `Env::buffers`: slot `b` is the atomic
    /// counter buffer binding point `b`; ABI 26: slot
    /// [`OXGL_STORAGE_SLOT0`] `+ i` is the range bound for the program's
    /// shader storage block `i`); null with `num_buffers` 0.
    pub buffers: *const OxglBufferRange,
    /// Entries of `buffers`.
    pub num_buffers: u32,
    /// ABI 25: the texture images bound to the image units the draw's
    /// shaders use (ARB_shader_image_load_store), one per image binding;
    /// null with `num_images` 0. The backend finishes every access to
    /// them before `draw_prims` returns.
    pub images: *const OxglImageDesc,
    /// Entries of `images`.
    pub num_images: u32,
    /// ABI 27: non-zero for a compute dispatch (ARB_compute_shader):
    /// `vs` is the compute shader with `vs_uniforms`, run for
    /// `compute_groups` workgroups with `textures`, `images` and
    /// `buffers`; nothing is drawn and no drawable is needed. The backend
    /// finishes every invocation before `draw_prims` returns.
    pub compute: u32,
    /// ABI 27: workgroups in x, y and z of a dispatch (each at least 1).
    pub compute_groups: [u32; 3],
}

/// ABI 25: how an [`OxglImageDesc`]'s planes hold texels.
pub mod image_storage {
    /// Four 32-bit words a texel: R, G, B, A as the core keeps its
    /// texture images (floats for float and normalized formats, quantized
    /// to the texture format; the bits of integers for integer formats),
    /// in the channels of the texture format's base format.
    pub const CHANNELS: u32 = 0;
    /// The texture format's own bytes, `oxgl_util::format::ImageFormat::size`
    /// a texel (buffer textures).
    pub const PACKED: u32 = 1;
}

/// ABI 25: a texture image bound to an image unit (`glBindImageTexture`)
/// for a draw. Texel (x, y, z) of a binding with one plane is texel
/// `(z * size[1] + y) * size[0] + x` of it; with six planes (a cube map
/// bound layered) z picks the plane (the face) and the texel is
/// `y * size[0] + x` of it. Accesses outside `size` read 0 and write
/// nothing.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglImageDesc {
    /// The image binding (`oxgl_ir::ImageDecl::binding`) it serves.
    pub binding: u32,
    /// The image unit's format, which the shader reads and writes
    /// (`GL_RGBA8`, `GL_R32UI`, ...: `oxgl_util::format::ImageFormat`).
    pub format: u32,
    /// The texture image's internal format, which the planes encode; of
    /// the size of `format` (texels are reinterpreted by their bytes).
    pub texture_format: u32,
    /// `GL_READ_ONLY`, `GL_WRITE_ONLY` or `GL_READ_WRITE`: stores and
    /// atomics through a read-only binding change nothing.
    pub access: u32,
    /// [`image_storage`] of the planes.
    pub storage: u32,
    /// Width, height and depth in texels: the layers of an array (6 per
    /// layer of a cube map array, as faces), 6 faces of a cube map bound
    /// layered, the slices of a 3D texture, else 1.
    pub size: [u32; 3],
    /// `num_planes` pointers to 4-byte-aligned texels, valid for reads and
    /// writes for the call; shaders of other threads may access them
    /// concurrently (atomically, word by word).
    pub planes: *const *mut u32,
    /// 1, or 6 for a cube map bound layered.
    pub num_planes: u32,
}

/// ABI 24: buffer slots of atomic counter buffers, from slot 0
/// (`GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS`).
pub const OXGL_MAX_COUNTER_BUFFERS: usize = 16;

/// ABI 26: the first buffer slot of the shader storage blocks: a
/// program's block `i` is slot `OXGL_STORAGE_SLOT0 + i`.
pub const OXGL_STORAGE_SLOT0: usize = OXGL_MAX_COUNTER_BUFFERS;
/// ABI 26: storage block slots a draw may use, after the counters'.
pub const OXGL_MAX_STORAGE_BLOCKS: usize = 32;

/// ABI 24: a range of a buffer object's storage that shaders access
/// while a draw runs (atomic counter buffers). The core holds the
/// buffers' lock for the call; the backend finishes every access to it
/// before the call returns. Ranges of one draw may overlap (the same
/// buffer at two binding points), so a backend accesses them as atomic
/// 32-bit words, never through exclusive references.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglBufferRange {
    /// The range's first byte (4-byte aligned), or null for an empty slot.
    pub data: *mut u8,
    /// Bytes at `data` (a multiple of 4 are used; the rest is ignored).
    pub size: usize,
}

/// ABI 12: a captured component from the vertex stage's outputs, in
/// [`OxglCaptureBuffer::sources`]: values below this are `4 * location +
/// component` of a user/compatibility output location; this value plus
/// `c` is component `c` of `gl_Position`.
pub const OXGL_CAPTURE_POSITION: u32 = 0x100;
/// ABI 12: `gl_PointSize` as a capture source.
pub const OXGL_CAPTURE_POINT_SIZE: u32 = 0x104;
/// ABI 12: `gl_ClipDistance[i]` as a capture source is this value plus `i`
/// (`i` < 8).
pub const OXGL_CAPTURE_CLIP_DISTANCE: u32 = 0x108;
/// ABI 20 (ARB_transform_feedback3's `gl_SkipComponentsN`): a component
/// the backend leaves as it is in the buffer (the stride still counts it).
pub const OXGL_CAPTURE_SKIP: u32 = 0x110;

/// ABI 12: one transform feedback buffer binding of a draw: the vertices
/// are written one after the other from `data`, `stride` bytes apart, each
/// as the `f32`s (or the `i32`/`u32` bits of integer outputs) of its
/// `sources` in order.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglCaptureBuffer {
    /// Where the next captured vertex goes (the binding's start plus what
    /// earlier draws wrote). Bindings of one draw may share a buffer's
    /// storage; the core never hands two of them overlapping bytes unless
    /// the application bound overlapping ranges (undefined in GL: the
    /// backend must still write only inside each `[data, data + size)`).
    pub data: *mut u8,
    /// Bytes writable at `data`.
    pub size: usize,
    /// Bytes from one vertex to the next (4 × `num_sources`).
    pub stride: u32,
    /// The component sources (`OXGL_CAPTURE_*`, or `4 * location + c`).
    pub sources: *const u32,
    /// Entries of `sources`.
    pub num_sources: u32,
    /// ABI 21: the vertex stream whose vertices this binding receives
    /// (below [`OXGL_MAX_VERTEX_STREAMS`]; ARB_gpu_shader5's geometry
    /// shader streams, 0 for every other draw).
    pub stream: u32,
}

/// ABI 21: vertex streams a geometry shader may emit to
/// (`GL_MAX_VERTEX_STREAMS`). Only stream 0 is rasterized.
pub const OXGL_MAX_VERTEX_STREAMS: usize = 4;

/// ABI 12: what a draw captures (EXT_transform_feedback, GL 4.6 §13.3)
/// and counts.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglCaptureDesc {
    /// `GL_POINTS`, `GL_LINES` or `GL_TRIANGLES`: every primitive of the
    /// draw is recorded as independent primitives of this type, in
    /// primitive order (strips, loops, fans, quads, quad strips and
    /// polygons decomposed in llvmpipe's order, keeping GL's provoking
    /// vertex; an indexed draw's primitives through its elements),
    /// unclipped.
    /// Incomplete primitives are dropped. Ignored when `num_buffers` is 0.
    pub primitive: u32,
    /// The bindings written (none: the draw only counts).
    pub buffers: *const OxglCaptureBuffer,
    /// Entries of `buffers` (at most 4).
    pub num_buffers: u32,
    /// Where the backend stores the counts of this draw.
    pub result: *mut OxglCaptureResult,
}

/// ABI 12: the primitive counts of one draw, per vertex stream (ABI 21;
/// every stream but 0 counts only a geometry shader's emits there).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OxglCaptureResult {
    /// Primitives the last vertex processing stage produced
    /// (`GL_PRIMITIVES_GENERATED`), after decomposition into points, lines
    /// and triangles.
    pub primitives_generated: [u64; OXGL_MAX_VERTEX_STREAMS],
    /// Primitives written whole into every buffer of their stream
    /// (`GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN`): a stream's writing
    /// stops at its first primitive that does not fit in one of them.
    pub primitives_written: [u64; OXGL_MAX_VERTEX_STREAMS],
}

/// A mapped buffer of a drawable: `height` rows of `stride` bytes, the first row
/// being the *top* of the window (X11 order).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglImage {
    /// First byte of the top row.
    pub data: *mut c_void,
    /// Bytes from one row to the next.
    pub stride: usize,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Layout of colour buffers; ignored for depth (`f32`) and stencil (`u8`).
    pub format: OxglColorFormat,
}

/// What `query_renderer` reports (`GLX_MESA_query_renderer`, `GL_RENDERER`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OxglRendererInfo {
    /// NUL-terminated renderer name, e.g. `oxgl swrast (2 threads)`.
    pub renderer: [c_char; 128],
    /// PCI vendor id (0xffffffff for software).
    pub vendor_id: u32,
    /// PCI device id (0xffffffff for software).
    pub device_id: u32,
    /// Memory available to the renderer, in MiB.
    pub video_memory_mb: u32,
    /// Non-zero when rendering is hardware accelerated.
    pub accelerated: u32,
    /// Non-zero when the renderer shares memory with the CPU.
    pub unified_memory: u32,
}

/// Opaque backend query object: a counter that a context starts and stops.
#[repr(C)]
pub struct OxglQuery {
    _private: [u8; 0],
}

/// What a query counts.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OxglQueryType {
    /// Samples (pixels of single-sampled buffers) of the draws between
    /// `begin_query` and `end_query` that pass every per-fragment test —
    /// scissor, stipple, alpha test, discard, stencil, depth — whatever the
    /// colour, depth and stencil write masks (`GL_SAMPLES_PASSED`; the core
    /// derives `GL_ANY_SAMPLES_PASSED` from it). Clears are not counted.
    SamplesPassed = 0,
}

/// What `get_query_result` reports.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OxglQueryResult {
    /// Non-zero when every draw the query counts is done and `value` is final.
    pub available: u32,
    /// The count (meaningful only when `available`).
    pub value: u64,
}

/// The hook table. Every hook is mandatory.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct OxglDriBackend {
    /// Must equal the loader's [`OXGL_DRI_ABI_VERSION`].
    pub abi_version: u32,
    /// NUL-terminated backend name (`swrast`, `i965`, ...).
    pub name: *const c_char,
    /// Opens a screen; null on failure.
    pub create_screen: unsafe extern "C" fn(desc: *const OxglScreenDesc) -> *mut OxglScreen,
    /// Closes a screen whose drawables and contexts are all destroyed.
    pub destroy_screen: unsafe extern "C" fn(screen: *mut OxglScreen),
    /// Fills `info` with the renderer's identity.
    pub query_renderer:
        unsafe extern "C" fn(screen: *mut OxglScreen, info: *mut OxglRendererInfo) -> OxglStatus,
    /// Allocates drawable storage; null on failure.
    pub create_drawable: unsafe extern "C" fn(
        screen: *mut OxglScreen,
        desc: *const OxglDrawableDesc,
    ) -> *mut OxglDrawable,
    /// Reallocates to a new size, keeping the overlapping contents.
    pub resize_drawable:
        unsafe extern "C" fn(drawable: *mut OxglDrawable, width: u32, height: u32) -> OxglStatus,
    /// Frees a drawable that is no longer bound to any context.
    pub destroy_drawable: unsafe extern "C" fn(drawable: *mut OxglDrawable),
    /// Creates a context; null on failure.
    pub create_context: unsafe extern "C" fn(
        screen: *mut OxglScreen,
        desc: *const OxglContextDesc,
    ) -> *mut OxglContext,
    /// Destroys a context that is not current anywhere.
    pub destroy_context: unsafe extern "C" fn(context: *mut OxglContext),
    /// Binds draw and read drawables (either may be null: surfaceless) to a
    /// context on the calling thread; a null context unbinds.
    pub make_current: unsafe extern "C" fn(
        context: *mut OxglContext,
        draw: *mut OxglDrawable,
        read: *mut OxglDrawable,
    ) -> OxglStatus,
    /// Clears buffers of the current draw drawable.
    pub clear:
        unsafe extern "C" fn(context: *mut OxglContext, desc: *const OxglClearDesc) -> OxglStatus,
    /// Compiles a serialized IR shader (`oxgl_ir::serialize` format); null
    /// on failure, with a NUL-terminated reason written to `log` (at most
    /// `log_size` bytes, `log` may be null).
    pub create_shader: unsafe extern "C" fn(
        screen: *mut OxglScreen,
        ir: *const u8,
        ir_size: usize,
        log: *mut c_char,
        log_size: usize,
    ) -> *mut OxglShader,
    /// Frees a shader no draw in flight uses any more (the backend keeps
    /// what queued work needs).
    pub destroy_shader: unsafe extern "C" fn(shader: *mut OxglShader),
    /// Draws primitives into the current draw drawable.
    pub draw_prims:
        unsafe extern "C" fn(context: *mut OxglContext, desc: *const OxglDrawDesc) -> OxglStatus,
    /// Submits queued work (`glFlush`).
    pub flush: unsafe extern "C" fn(context: *mut OxglContext) -> OxglStatus,
    /// Waits until queued work is done (`glFinish`).
    pub finish: unsafe extern "C" fn(context: *mut OxglContext) -> OxglStatus,
    /// Maps a buffer of a drawable for CPU access (presentation, `glReadPixels`,
    /// and writes: stencil `glDrawPixels`, `glAccum`). Rendering into the
    /// drawable is complete when this returns; the mapping is the buffer's
    /// storage itself, so what the core writes is what later draws see.
    pub map_buffer: unsafe extern "C" fn(
        drawable: *mut OxglDrawable,
        buffer: OxglBuffer,
        image: *mut OxglImage,
    ) -> OxglStatus,
    /// Ends a `map_buffer`.
    pub unmap_buffer: unsafe extern "C" fn(drawable: *mut OxglDrawable, buffer: OxglBuffer),
    /// Exchanges front and back colour buffers (no-op when single-buffered).
    pub swap_buffers: unsafe extern "C" fn(drawable: *mut OxglDrawable) -> OxglStatus,
    /// Creates a query object of `kind` for `context`; null when the backend
    /// cannot count that or is out of memory. A query belongs to the context
    /// it was created for and is destroyed before it.
    pub create_query:
        unsafe extern "C" fn(context: *mut OxglContext, kind: OxglQueryType) -> *mut OxglQuery,
    /// Frees a query (the backend keeps what queued work needs). The core
    /// ends an active query first, except when its context is being destroyed.
    pub destroy_query: unsafe extern "C" fn(query: *mut OxglQuery),
    /// Starts counting from zero: the query counts every later draw of the
    /// context until `end_query`. At most one query of each type is active in
    /// a context, and an active query is not begun again.
    pub begin_query:
        unsafe extern "C" fn(context: *mut OxglContext, query: *mut OxglQuery) -> OxglStatus,
    /// Stops counting; the result covers the draws between begin and end.
    /// The backend submits queued work so that the result becomes available
    /// without a `flush`.
    pub end_query:
        unsafe extern "C" fn(context: *mut OxglContext, query: *mut OxglQuery) -> OxglStatus,
    /// Reports the result of an ended query; with `wait` non-zero, waits
    /// until it is available.
    pub get_query_result: unsafe extern "C" fn(
        context: *mut OxglContext,
        query: *mut OxglQuery,
        wait: u32,
        result: *mut OxglQueryResult,
    ) -> OxglStatus,
}

// SAFETY: the table holds only function pointers and `name`, which points to a
// NUL-terminated string in the backend's static data that is never written;
// sharing it between threads reads immutable data only.
#[expect(unsafe_code, reason = "backends publish their table as a `static`")]
unsafe impl Sync for OxglDriBackend {}
// SAFETY: as above; nothing in the table is tied to a thread.
#[expect(unsafe_code, reason = "backends publish their table as a `static`")]
unsafe impl Send for OxglDriBackend {}

/// Copies `s` into a fixed NUL-terminated C string buffer, truncating.
pub fn write_c_string<const N: usize>(dst: &mut [c_char; N], s: &str) {
    let n = s.len().min(N - 1);
    for (d, b) in dst.iter_mut().zip(s.as_bytes()[..n].iter()) {
        *d = *b as c_char;
    }
    dst[n] = 0;
}

/// Reads a fixed NUL-terminated C string buffer.
pub fn read_c_string(src: &[c_char]) -> String {
    let bytes: Vec<u8> = src
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// An empty renderer description to be filled by `query_renderer`.
pub fn empty_renderer_info() -> OxglRendererInfo {
    OxglRendererInfo {
        renderer: [0; 128],
        vendor_id: 0,
        device_id: 0,
        video_memory_mb: 0,
        accelerated: 0,
        unified_memory: 0,
    }
}

/// An unused `c_void` pointer placeholder for `OxglImage` before mapping.
pub fn empty_image() -> OxglImage {
    OxglImage {
        data: core::ptr::null_mut::<c_void>(),
        stride: 0,
        width: 0,
        height: 0,
        format: OxglColorFormat::B8G8R8X8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_rounding() {
        let h = |v| round_to_small_float(v, 10, true);
        assert_eq!(h(1.0), 1.0);
        assert_eq!(h(-2.5), -2.5);
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even.
        assert_eq!(h(1.0 + 1.0 / 2048.0), 1.0);
        assert_eq!(h(1.0 + 3.0 / 2048.0), 1.0 + 2.0 / 1024.0);
        assert_eq!(h(0.1), 0.099975586);
        assert_eq!(h(65504.0), 65504.0);
        assert_eq!(h(70000.0), f32::INFINITY);
        assert_eq!(h(-70000.0), f32::NEG_INFINITY);
        // Denormals: multiples of 2^-24.
        assert_eq!(h(3.0e-8), 2.0f32.powi(-24) * 1.0);
        assert!(h(f32::NAN).is_nan());
    }

    #[test]
    fn unsigned_small_float_rounding() {
        let f11 = |v| round_to_small_float(v, 6, false);
        let f10 = |v| round_to_small_float(v, 5, false);
        assert_eq!(f11(-1.0), 0.0);
        assert_eq!(f11(0.25), 0.25);
        assert_eq!(f11(1.0 + 1.0 / 64.0), 1.0 + 1.0 / 64.0);
        assert_eq!(f10(1.0 + 1.0 / 64.0), 1.0);
        assert_eq!(f11(1e9), 65024.0);
        assert_eq!(f10(1e9), 64512.0);
        let q = OxglColorFormat::R11G11B10Float.quantize([2.0, -1.0, 0.25, 8.0]);
        assert_eq!(q, [2.0, 0.0, 0.25, 1.0]);
    }
}
