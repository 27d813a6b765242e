//! Texture objects and images (GL 4.6 §8.1–8.10, compatibility profile):
//! names, targets, image specification from client memory, read-back,
//! parameters, and their queries. Sampling belongs to the backend; this is
//! the state it samples.
//!
//! Texels are stored as RGBA `f32`, already converted to the texture's base
//! internal format (GL 4.6 §8.5, table 8.21: luminance in R, alpha in A, ...)
//! and quantized to the precision of its sized internal format, so that what
//! `glGetTexImage` returns is what a real texture of that format holds.

pub mod api;
pub(crate) mod bptc;
pub(crate) mod bptc_enc;
pub mod buffer;
pub(crate) mod compressed;
pub(crate) mod copy;
pub(crate) mod copy_image;
pub(crate) mod es_formats;
pub(crate) mod etc2;
pub mod image_unit;
pub(crate) mod invalidate;
pub mod mipmap;
pub mod ms;
pub mod paletted;
pub(crate) mod rgtc;
pub(crate) mod s3tc;
pub mod view;

use std::collections::HashMap;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::error::{ApiError, ApiResult};
use crate::namespace::Namespace;
use crate::pixel::transfer::ClientImage;

/// Largest 1D/2D texture (`GL_MAX_TEXTURE_SIZE`).
pub const MAX_TEXTURE_SIZE: usize = 16384;
/// Largest 3D texture (`GL_MAX_3D_TEXTURE_SIZE`).
pub const MAX_3D_TEXTURE_SIZE: usize = 2048;
/// Texture image units tracked for bindings: every one
/// `glActiveTexture` accepts.
pub const MAX_UNITS: usize = crate::get::MAX_COMBINED_TEXTURE_IMAGE_UNITS;

/// Largest number of layers of an array texture
/// (`GL_MAX_ARRAY_TEXTURE_LAYERS`, llvmpipe's value).
pub const MAX_ARRAY_TEXTURE_LAYERS: usize = 2048;

/// Binding targets, indexed by [`target_index`]; the first
/// [`FIXED_FUNCTION_TARGETS`] can be enabled for fixed-function texturing.
pub const TARGETS: [GLenum; 11] = [
    GL_TEXTURE_1D,
    GL_TEXTURE_2D,
    GL_TEXTURE_3D,
    GL_TEXTURE_CUBE_MAP,
    GL_TEXTURE_RECTANGLE,
    GL_TEXTURE_1D_ARRAY,
    GL_TEXTURE_2D_ARRAY,
    GL_TEXTURE_CUBE_MAP_ARRAY,
    GL_TEXTURE_BUFFER,
    GL_TEXTURE_2D_MULTISAMPLE,
    GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
];

/// How many of [`TARGETS`] fixed-function texturing can enable (not the
/// array targets, EXT_texture_array).
pub const FIXED_FUNCTION_TARGETS: usize = 5;

/// The image axis that holds an array texture's layers (EXT_texture_array:
/// the height of a 1D array, the depth of a 2D array), which mipmaps do
/// not reduce. A cube map array (ARB_texture_cube_map_array) keeps its
/// layer-faces on the depth axis, face `f` of layer `l` at `6 * l + f`.
pub fn layer_axis(target: GLenum) -> Option<usize> {
    match target {
        GL_TEXTURE_1D_ARRAY => Some(1),
        GL_TEXTURE_2D_ARRAY | GL_TEXTURE_CUBE_MAP_ARRAY => Some(2),
        _ => None,
    }
}

/// The size of mipmap level `l` below an image of `size` of `target`: each
/// axis halved (at least 1), an array's layers kept.
pub fn level_size(target: GLenum, size: [usize; 3], l: usize) -> [usize; 3] {
    let layers = layer_axis(target);
    std::array::from_fn(|k| {
        if Some(k) == layers {
            size[k]
        } else {
            (size[k] >> l.min(63)).max(1)
        }
    })
}

/// Index of a binding target.
pub fn target_index(target: GLenum) -> ApiResult<usize> {
    TARGETS
        .iter()
        .position(|&t| t == target)
        .ok_or(ApiError::InvalidEnum.bad_enum(target))
}

/// The base internal format and bits per channel (R, G, B, A) of an internal
/// format (GL 4.6 compat tables 8.11–8.13); `None` for unknown ones.
pub fn internal_format(fmt: GLenum) -> Option<(GLenum, [u8; 4])> {
    Some(match fmt {
        1 | GL_LUMINANCE | GL_LUMINANCE8 | GL_COMPRESSED_LUMINANCE => (GL_LUMINANCE, [8, 0, 0, 0]),
        // The 2- and 4-bit formats are stored at the sizes Mesa chooses
        // (L8, A8, I8, RGBA4); GL allows more bits than asked for.
        GL_LUMINANCE4 => (GL_LUMINANCE, [8, 0, 0, 0]),
        GL_LUMINANCE12 | GL_LUMINANCE16 => (GL_LUMINANCE, [16, 0, 0, 0]),
        2 | GL_LUMINANCE_ALPHA | GL_LUMINANCE8_ALPHA8 | GL_COMPRESSED_LUMINANCE_ALPHA => {
            (GL_LUMINANCE_ALPHA, [8, 0, 0, 8])
        }
        GL_LUMINANCE4_ALPHA4 => (GL_LUMINANCE_ALPHA, [4, 0, 0, 4]),
        // GL 1.1 table 3.15; stored at the next size up, as Mesa does.
        GL_LUMINANCE6_ALPHA2 => (GL_LUMINANCE_ALPHA, [8, 0, 0, 8]),
        GL_LUMINANCE12_ALPHA4 | GL_LUMINANCE12_ALPHA12 | GL_LUMINANCE16_ALPHA16 => {
            (GL_LUMINANCE_ALPHA, [16, 0, 0, 16])
        }
        GL_ALPHA | GL_ALPHA8 | GL_COMPRESSED_ALPHA => (GL_ALPHA, [0, 0, 0, 8]),
        GL_ALPHA4 => (GL_ALPHA, [0, 0, 0, 8]),
        GL_ALPHA12 | GL_ALPHA16 => (GL_ALPHA, [0, 0, 0, 16]),
        GL_INTENSITY | GL_INTENSITY8 | GL_COMPRESSED_INTENSITY => (GL_INTENSITY, [8, 0, 0, 0]),
        GL_INTENSITY4 => (GL_INTENSITY, [8, 0, 0, 0]),
        GL_INTENSITY12 | GL_INTENSITY16 => (GL_INTENSITY, [16, 0, 0, 0]),
        GL_RED | GL_R8 | GL_COMPRESSED_RED => (GL_RED, [8, 0, 0, 0]),
        GL_R16 => (GL_RED, [16, 0, 0, 0]),
        GL_RG | GL_RG8 | GL_COMPRESSED_RG => (GL_RG, [8, 8, 0, 0]),
        GL_RG16 => (GL_RG, [16, 16, 0, 0]),
        3 | GL_RGB | GL_RGB8 | GL_COMPRESSED_RGB => (GL_RGB, [8, 8, 8, 0]),
        GL_R3_G3_B2 => (GL_RGB, [3, 3, 2, 0]),
        GL_RGB4 => (GL_RGB, [4, 4, 4, 0]),
        GL_RGB5 => (GL_RGB, [5, 5, 5, 0]),
        // ARB_ES2_compatibility.
        GL_RGB565 => (GL_RGB, [5, 6, 5, 0]),
        GL_RGB10 | GL_RGB12 | GL_RGB16 => (GL_RGB, [16, 16, 16, 0]),
        4 | GL_RGBA | GL_RGBA8 | GL_COMPRESSED_RGBA => (GL_RGBA, [8, 8, 8, 8]),
        GL_RGBA2 => (GL_RGBA, [4, 4, 4, 4]),
        GL_RGBA4 => (GL_RGBA, [4, 4, 4, 4]),
        GL_RGB5_A1 => (GL_RGBA, [5, 5, 5, 1]),
        GL_RGB10_A2 => (GL_RGBA, [10, 10, 10, 2]),
        GL_RGBA12 | GL_RGBA16 => (GL_RGBA, [16, 16, 16, 16]),
        // ARB_texture_float and ARB_texture_rg's float formats: stored as
        // they come (16-bit ones rounded to half precision), unclamped.
        GL_RGBA32F => (GL_RGBA, [32, 32, 32, 32]),
        GL_RGB32F => (GL_RGB, [32, 32, 32, 0]),
        GL_RG32F => (GL_RG, [32, 32, 0, 0]),
        GL_R32F => (GL_RED, [32, 0, 0, 0]),
        GL_ALPHA32F_ARB => (GL_ALPHA, [0, 0, 0, 32]),
        GL_INTENSITY32F_ARB => (GL_INTENSITY, [32, 0, 0, 0]),
        GL_LUMINANCE32F_ARB => (GL_LUMINANCE, [32, 0, 0, 0]),
        GL_LUMINANCE_ALPHA32F_ARB => (GL_LUMINANCE_ALPHA, [32, 0, 0, 32]),
        GL_RGBA16F => (GL_RGBA, [16, 16, 16, 16]),
        GL_RGB16F => (GL_RGB, [16, 16, 16, 0]),
        GL_RG16F => (GL_RG, [16, 16, 0, 0]),
        GL_R16F => (GL_RED, [16, 0, 0, 0]),
        GL_ALPHA16F_ARB => (GL_ALPHA, [0, 0, 0, 16]),
        GL_INTENSITY16F_ARB => (GL_INTENSITY, [16, 0, 0, 0]),
        GL_LUMINANCE16F_ARB => (GL_LUMINANCE, [16, 0, 0, 0]),
        GL_LUMINANCE_ALPHA16F_ARB => (GL_LUMINANCE_ALPHA, [16, 0, 0, 16]),
        // EXT_texture_sRGB (GL 2.1): 8-bit sRGB-encoded colour.
        GL_SRGB | GL_SRGB8 | GL_COMPRESSED_SRGB => (GL_RGB, [8, 8, 8, 0]),
        GL_SRGB_ALPHA | GL_SRGB8_ALPHA8 | GL_COMPRESSED_SRGB_ALPHA => (GL_RGBA, [8, 8, 8, 8]),
        GL_SLUMINANCE | GL_SLUMINANCE8 | GL_COMPRESSED_SLUMINANCE => (GL_LUMINANCE, [8, 0, 0, 0]),
        GL_SLUMINANCE_ALPHA | GL_SLUMINANCE8_ALPHA8 | GL_COMPRESSED_SLUMINANCE_ALPHA => {
            (GL_LUMINANCE_ALPHA, [8, 0, 0, 8])
        }
        // ARB_depth_texture: the depth bits are kept in R. Unsized depth is
        // 24 bits, as Mesa chooses (Z24X8).
        GL_DEPTH_COMPONENT | GL_DEPTH_COMPONENT24 => (GL_DEPTH_COMPONENT, [24, 0, 0, 0]),
        GL_DEPTH_COMPONENT16 => (GL_DEPTH_COMPONENT, [16, 0, 0, 0]),
        GL_DEPTH_COMPONENT32 => (GL_DEPTH_COMPONENT, [32, 0, 0, 0]),
        // EXT_packed_depth_stencil: a depth texture whose texels also keep
        // their 8 stencil bits, in G (sampling reads the depth only).
        GL_DEPTH_STENCIL | GL_DEPTH24_STENCIL8 => (GL_DEPTH_COMPONENT, [24, 8, 0, 0]),
        // ARB_depth_buffer_float: float depth (see `is_float_depth`).
        GL_DEPTH_COMPONENT32F => (GL_DEPTH_COMPONENT, [32, 0, 0, 0]),
        GL_DEPTH32F_STENCIL8 => (GL_DEPTH_COMPONENT, [32, 8, 0, 0]),
        // ARB_texture_stencil8: see `to_base` for how its texels hold the
        // stencil index.
        GL_STENCIL_INDEX8 => (GL_STENCIL_INDEX, [0, 8, 0, 0]),
        // EXT_texture_snorm (GL 3.1): signed normalized (see `is_snorm`).
        GL_RED_SNORM | GL_R8_SNORM => (GL_RED, [8, 0, 0, 0]),
        GL_R16_SNORM => (GL_RED, [16, 0, 0, 0]),
        GL_RG_SNORM | GL_RG8_SNORM => (GL_RG, [8, 8, 0, 0]),
        GL_RG16_SNORM => (GL_RG, [16, 16, 0, 0]),
        GL_RGB_SNORM | GL_RGB8_SNORM => (GL_RGB, [8, 8, 8, 0]),
        GL_RGB16_SNORM => (GL_RGB, [16, 16, 16, 0]),
        GL_RGBA_SNORM | GL_RGBA8_SNORM => (GL_RGBA, [8, 8, 8, 8]),
        GL_RGBA16_SNORM => (GL_RGBA, [16, 16, 16, 16]),
        GL_ALPHA_SNORM | GL_ALPHA8_SNORM => (GL_ALPHA, [0, 0, 0, 8]),
        GL_ALPHA16_SNORM => (GL_ALPHA, [0, 0, 0, 16]),
        GL_LUMINANCE_SNORM | GL_LUMINANCE8_SNORM => (GL_LUMINANCE, [8, 0, 0, 0]),
        GL_LUMINANCE16_SNORM => (GL_LUMINANCE, [16, 0, 0, 0]),
        GL_LUMINANCE_ALPHA_SNORM | GL_LUMINANCE8_ALPHA8_SNORM => (GL_LUMINANCE_ALPHA, [8, 0, 0, 8]),
        GL_LUMINANCE16_ALPHA16_SNORM => (GL_LUMINANCE_ALPHA, [16, 0, 0, 16]),
        GL_INTENSITY_SNORM | GL_INTENSITY8_SNORM => (GL_INTENSITY, [8, 0, 0, 0]),
        GL_INTENSITY16_SNORM => (GL_INTENSITY, [16, 0, 0, 0]),
        // EXT_packed_float and EXT_texture_shared_exponent (GL 3.0): bits
        // of each channel's unsigned float, and of the shared-exponent
        // mantissas (see `to_stored`).
        GL_R11F_G11F_B10F => (GL_RGB, [11, 11, 10, 0]),
        GL_RGB9_E5 => (GL_RGB, [9, 9, 9, 0]),
        // ARB_texture_compression_bptc (see `Bptc`).
        GL_COMPRESSED_RGBA_BPTC_UNORM | GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM => {
            (GL_RGBA, [8, 8, 8, 8])
        }
        GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT | GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT => {
            (GL_RGB, [16, 16, 16, 0])
        }
        // EXT_texture_compression_s3tc (and its sRGB formats,
        // EXT_texture_sRGB).
        GL_COMPRESSED_RGB_S3TC_DXT1_EXT | GL_COMPRESSED_SRGB_S3TC_DXT1_EXT => {
            (GL_RGB, [8, 8, 8, 0])
        }
        GL_COMPRESSED_RGBA_S3TC_DXT1_EXT
        | GL_COMPRESSED_RGBA_S3TC_DXT3_EXT
        | GL_COMPRESSED_RGBA_S3TC_DXT5_EXT
        | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT
        | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT
        | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT => (GL_RGBA, [8, 8, 8, 8]),
        // ARB_texture_compression_rgtc (the signed ones are `is_snorm`).
        GL_COMPRESSED_RED_RGTC1 | GL_COMPRESSED_SIGNED_RED_RGTC1 => (GL_RED, [8, 0, 0, 0]),
        GL_COMPRESSED_RG_RGTC2 | GL_COMPRESSED_SIGNED_RG_RGTC2 => (GL_RG, [8, 8, 0, 0]),
        // ETC1 (OES_compressed_ETC1_RGB8_texture) and ETC2/EAC (GL 4.3,
        // ARB_ES3_compatibility; see `crate::texture::etc2`), with the channel sizes
        // Mesa reports: 1-bit punch-through alpha, 11-bit EAC channels (the
        // signed ones are `is_snorm`).
        GL_ETC1_RGB8_OES | GL_COMPRESSED_RGB8_ETC2 | GL_COMPRESSED_SRGB8_ETC2 => {
            (GL_RGB, [8, 8, 8, 0])
        }
        GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2
        | GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2 => (GL_RGBA, [8, 8, 8, 1]),
        GL_COMPRESSED_RGBA8_ETC2_EAC | GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC => {
            (GL_RGBA, [8, 8, 8, 8])
        }
        GL_COMPRESSED_R11_EAC | GL_COMPRESSED_SIGNED_R11_EAC => (GL_RED, [11, 0, 0, 0]),
        GL_COMPRESSED_RG11_EAC | GL_COMPRESSED_SIGNED_RG11_EAC => (GL_RG, [11, 11, 0, 0]),
        _ => return integer_internal_format(fmt),
    })
}

/// The integer internal formats (EXT_texture_integer, GL 3.0): base format
/// and bits; [`integer_kind`] tells signed from unsigned.
fn integer_internal_format(fmt: GLenum) -> Option<(GLenum, [u8; 4])> {
    let (_, b) = integer_kind(fmt)?;
    Some(match fmt {
        GL_R8UI | GL_R8I | GL_R16UI | GL_R16I | GL_R32UI | GL_R32I => (GL_RED, [b, 0, 0, 0]),
        GL_RG8UI | GL_RG8I | GL_RG16UI | GL_RG16I | GL_RG32UI | GL_RG32I => (GL_RG, [b, b, 0, 0]),
        GL_RGB8UI | GL_RGB8I | GL_RGB16UI | GL_RGB16I | GL_RGB32UI | GL_RGB32I => {
            (GL_RGB, [b, b, b, 0])
        }
        GL_RGBA8UI | GL_RGBA8I | GL_RGBA16UI | GL_RGBA16I | GL_RGBA32UI | GL_RGBA32I => {
            (GL_RGBA, [b; 4])
        }
        // ARB_texture_rgb10_a2ui (GL 3.3).
        GL_RGB10_A2UI => (GL_RGBA, [10, 10, 10, 2]),
        GL_ALPHA8UI_EXT | GL_ALPHA8I_EXT | GL_ALPHA16UI_EXT | GL_ALPHA16I_EXT
        | GL_ALPHA32UI_EXT | GL_ALPHA32I_EXT => (GL_ALPHA, [0, 0, 0, b]),
        GL_INTENSITY8UI_EXT | GL_INTENSITY8I_EXT | GL_INTENSITY16UI_EXT | GL_INTENSITY16I_EXT
        | GL_INTENSITY32UI_EXT | GL_INTENSITY32I_EXT => (GL_INTENSITY, [b, 0, 0, 0]),
        GL_LUMINANCE8UI_EXT | GL_LUMINANCE8I_EXT | GL_LUMINANCE16UI_EXT | GL_LUMINANCE16I_EXT
        | GL_LUMINANCE32UI_EXT | GL_LUMINANCE32I_EXT => (GL_LUMINANCE, [b, 0, 0, 0]),
        _ => (GL_LUMINANCE_ALPHA, [b, 0, 0, b]),
    })
}

/// Whether `fmt` is an integer internal format (EXT_texture_integer, GL
/// 3.0), and if so whether it is signed and its bits per channel.
///
/// An integer image keeps each channel's *value* in its texel as the bits
/// of an `i32` (signed formats) or `u32` (`f32::from_bits`): `f32` cannot
/// hold every 32-bit integer. Only copies touch those texels — integer
/// textures are sampled without filtering (a filter other than `NEAREST`
/// makes them incomplete, [`Texture::complete_with`]) and integer samplers
/// return the bits as they are.
pub fn integer_kind(fmt: GLenum) -> Option<(bool, u8)> {
    Some(match fmt {
        GL_R8UI
        | GL_RG8UI
        | GL_RGB8UI
        | GL_RGBA8UI
        | GL_ALPHA8UI_EXT
        | GL_INTENSITY8UI_EXT
        | GL_LUMINANCE8UI_EXT
        | GL_LUMINANCE_ALPHA8UI_EXT => (false, 8),
        GL_R16UI
        | GL_RG16UI
        | GL_RGB16UI
        | GL_RGBA16UI
        | GL_ALPHA16UI_EXT
        | GL_INTENSITY16UI_EXT
        | GL_LUMINANCE16UI_EXT
        | GL_LUMINANCE_ALPHA16UI_EXT => (false, 16),
        GL_R32UI
        | GL_RG32UI
        | GL_RGB32UI
        | GL_RGBA32UI
        | GL_ALPHA32UI_EXT
        | GL_INTENSITY32UI_EXT
        | GL_LUMINANCE32UI_EXT
        | GL_LUMINANCE_ALPHA32UI_EXT => (false, 32),
        GL_R8I
        | GL_RG8I
        | GL_RGB8I
        | GL_RGBA8I
        | GL_ALPHA8I_EXT
        | GL_INTENSITY8I_EXT
        | GL_LUMINANCE8I_EXT
        | GL_LUMINANCE_ALPHA8I_EXT => (true, 8),
        GL_R16I
        | GL_RG16I
        | GL_RGB16I
        | GL_RGBA16I
        | GL_ALPHA16I_EXT
        | GL_INTENSITY16I_EXT
        | GL_LUMINANCE16I_EXT
        | GL_LUMINANCE_ALPHA16I_EXT => (true, 16),
        GL_R32I
        | GL_RG32I
        | GL_RGB32I
        | GL_RGBA32I
        | GL_ALPHA32I_EXT
        | GL_INTENSITY32I_EXT
        | GL_LUMINANCE32I_EXT
        | GL_LUMINANCE_ALPHA32I_EXT => (true, 32),
        // Red, green and blue; alpha has 2 bits ([`integer_alpha_kind`]).
        GL_RGB10_A2UI => (false, 10),
        _ => return None,
    })
}

/// [`integer_kind`] of an integer format's alpha channel: its other
/// channels' but for `GL_RGB10_A2UI`, whose alpha has 2 bits.
pub fn integer_alpha_kind(fmt: GLenum) -> Option<(bool, u8)> {
    if fmt == GL_RGB10_A2UI {
        return Some((false, 2));
    }
    integer_kind(fmt)
}

/// The integer value `v` clamped to the range of a channel of `bits` bits,
/// signed or not, as texel bits (see [`integer_kind`]).
pub fn int_to_texel(v: i64, (signed, bits): (bool, u8)) -> f32 {
    let (lo, hi) = if signed {
        (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
    } else {
        (0, (1i64 << bits) - 1)
    };
    f32::from_bits(v.clamp(lo, hi) as u32)
}

/// The integer value of a texel channel of an integer format (see
/// [`integer_kind`]).
pub fn texel_to_int(t: f32, signed: bool) -> i64 {
    if signed {
        i64::from(t.to_bits() as i32)
    } else {
        i64::from(t.to_bits())
    }
}

/// Integer texel `t` of format `fmt` (bits as a shader writes them) with
/// each channel clamped to the format's range, as a colour attachment of
/// that format keeps it (Mesa packs integer colour the same way).
pub fn clamp_integer_texel(t: [f32; 4], fmt: GLenum) -> [f32; 4] {
    let (Some(kind), Some(alpha)) = (integer_kind(fmt), integer_alpha_kind(fmt)) else {
        return t;
    };
    std::array::from_fn(|c| {
        let k = if c == 3 { alpha } else { kind };
        int_to_texel(texel_to_int(t[c], k.0), k)
    })
}

/// The component type of `fmt`'s colour channels (`GL_TEXTURE_RED_TYPE`
/// and the framebuffer's `COMPONENT_TYPE`): `GL_FLOAT`, `GL_INT`,
/// `GL_UNSIGNED_INT`, `GL_SIGNED_NORMALIZED` or `GL_UNSIGNED_NORMALIZED`.
pub fn component_type(fmt: GLenum) -> GLenum {
    match integer_kind(fmt) {
        Some((true, _)) => GL_INT,
        Some((false, _)) => GL_UNSIGNED_INT,
        None if is_float(fmt) => GL_FLOAT,
        None if is_snorm(fmt) => GL_SIGNED_NORMALIZED,
        None => GL_UNSIGNED_NORMALIZED,
    }
}

/// Whether colour drawn into an image of `fmt` is kept: colour renders at
/// 8 bits per unsigned normalized channel, as 32-bit floats (float
/// formats, `GL_R11F_G11F_B10F` included) or as integer bits (integer
/// formats), so signed normalized attachments are
/// `GL_FRAMEBUFFER_UNSUPPORTED` for now, and `GL_RGB9_E5` is not
/// colour-renderable at all.
pub fn color_renders(fmt: GLenum) -> bool {
    matches!(
        component_type(fmt),
        GL_UNSIGNED_NORMALIZED | GL_FLOAT | GL_INT | GL_UNSIGNED_INT
    ) && compressed_kind(fmt).is_none()
        && fmt != GL_RGB9_E5
}

/// Whether colour drawn into an image of `fmt` renders as floats: kept
/// unclamped, blended in `f32`.
pub fn color_renders_float(fmt: GLenum) -> bool {
    color_renders(fmt) && component_type(fmt) == GL_FLOAT
}

/// Whether `fmt` is a signed normalized format (EXT_texture_snorm): its
/// channels are quantized over [-1, 1].
pub fn is_snorm(fmt: GLenum) -> bool {
    matches!(
        fmt,
        GL_RED_SNORM
            | GL_R8_SNORM
            | GL_R16_SNORM
            | GL_RG_SNORM
            | GL_RG8_SNORM
            | GL_RG16_SNORM
            | GL_RGB_SNORM
            | GL_RGB8_SNORM
            | GL_RGB16_SNORM
            | GL_RGBA_SNORM
            | GL_RGBA8_SNORM
            | GL_RGBA16_SNORM
            | GL_ALPHA_SNORM
            | GL_ALPHA8_SNORM
            | GL_ALPHA16_SNORM
            | GL_LUMINANCE_SNORM
            | GL_LUMINANCE8_SNORM
            | GL_LUMINANCE16_SNORM
            | GL_LUMINANCE_ALPHA_SNORM
            | GL_LUMINANCE8_ALPHA8_SNORM
            | GL_LUMINANCE16_ALPHA16_SNORM
            | GL_INTENSITY_SNORM
            | GL_INTENSITY8_SNORM
            | GL_INTENSITY16_SNORM
            | GL_COMPRESSED_SIGNED_RED_RGTC1
            | GL_COMPRESSED_SIGNED_RG_RGTC2
            | GL_COMPRESSED_SIGNED_R11_EAC
            | GL_COMPRESSED_SIGNED_RG11_EAC
    )
}

pub use oxgl_util::format::{to_unsigned_float, unsigned_float_bits, unsigned_float_from_bits};

/// An RGB colour in GL_RGB9_E5 (EXT_texture_shared_exponent; GL 4.6
/// §8.5.2): the packed word.
pub fn rgb9e5_bits(rgb: [f32; 3]) -> u32 {
    const MAX: f32 = 65408.0; // (2^9 - 1) / 2^9 * 2^(31 - 15)
    let c = rgb.map(|v| if v.is_nan() { 0.0 } else { v.clamp(0.0, MAX) });
    let max = c[0].max(c[1]).max(c[2]);
    // exp_p = max(-B - 1, floor(log2(max))) + 1 + B, B = 15.
    let floor_log2 = if max > 0.0 {
        ((max.to_bits() >> 23) & 0xff) as i32 - 127
    } else {
        -16
    };
    let mut exp = floor_log2.max(-16) + 1 + 15;
    let scale = |e: i32| 2f64.powi(e - 15 - 9);
    let max_s = (f64::from(max) / scale(exp) + 0.5).floor();
    if max_s >= 512.0 {
        exp += 1;
    }
    let m = c.map(|v| ((f64::from(v) / scale(exp) + 0.5).floor() as u32).min(511));
    m[0] | (m[1] << 9) | (m[2] << 18) | ((exp as u32) << 27)
}

/// The colour of a GL_RGB9_E5 word.
pub fn rgb9e5_from_bits(w: u32) -> [f32; 3] {
    let exp = (w >> 27) as i32;
    let scale = 2f64.powi(exp - 15 - 9);
    [w & 511, (w >> 9) & 511, (w >> 18) & 511].map(|m| (f64::from(m) * scale) as f32)
}

/// Whether `fmt` is one of the generic compressed internal formats, which
/// this build stores uncompressed.
pub fn is_generic_compressed(fmt: GLenum) -> bool {
    matches!(
        fmt,
        GL_COMPRESSED_ALPHA
            | GL_COMPRESSED_LUMINANCE
            | GL_COMPRESSED_LUMINANCE_ALPHA
            | GL_COMPRESSED_INTENSITY
            | GL_COMPRESSED_RED
            | GL_COMPRESSED_RG
            | GL_COMPRESSED_RGB
            | GL_COMPRESSED_RGBA
            | GL_COMPRESSED_SRGB
            | GL_COMPRESSED_SRGB_ALPHA
            | GL_COMPRESSED_SLUMINANCE
            | GL_COMPRESSED_SLUMINANCE_ALPHA
    )
}

/// Whether `fmt` is an sRGB internal format (EXT_texture_sRGB, GL 2.1).
///
/// An sRGB image keeps its quantized colour *decoded* to linear values in
/// [`TexImage::texels`], so that sampling (in the backend, which knows
/// nothing of sRGB) filters linear colour, as GL 4.6 §8.24 prefers; what
/// the application reads back or renders onto is encoded again
/// ([`TexImage::stored`]). The 8-bit round trip is exact.
pub fn is_srgb(fmt: GLenum) -> bool {
    matches!(
        fmt,
        GL_SRGB
            | GL_SRGB8
            | GL_SRGB_ALPHA
            | GL_SRGB8_ALPHA8
            | GL_SLUMINANCE
            | GL_SLUMINANCE8
            | GL_SLUMINANCE_ALPHA
            | GL_SLUMINANCE8_ALPHA8
            | GL_COMPRESSED_SRGB
            | GL_COMPRESSED_SRGB_ALPHA
            | GL_COMPRESSED_SLUMINANCE
            | GL_COMPRESSED_SLUMINANCE_ALPHA
            | GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM
            | GL_COMPRESSED_SRGB_S3TC_DXT1_EXT
            | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT
            | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT
            | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT
            | GL_COMPRESSED_SRGB8_ETC2
            | GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2
            | GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC
    )
}

pub use oxgl_dri_interface::{linear_to_srgb, srgb_to_linear};

/// [`srgb_to_linear`] of a texel's colour (alpha stays linear).
pub fn decode_srgb(t: [f32; 4]) -> [f32; 4] {
    [
        srgb_to_linear(t[0]),
        srgb_to_linear(t[1]),
        srgb_to_linear(t[2]),
        t[3],
    ]
}

/// [`linear_to_srgb`] of a texel's colour, rounded back to the 8-bit
/// value it was decoded from.
pub fn encode_srgb(t: [f32; 4]) -> [f32; 4] {
    let e = |v: f32| (linear_to_srgb(v) * 255.0).round() / 255.0;
    [e(t[0]), e(t[1]), e(t[2]), t[3]]
}

/// Whether `fmt` is a floating-point internal format (ARB_texture_float,
/// ARB_texture_rg): its texels are neither clamped nor normalized.
pub fn is_float(fmt: GLenum) -> bool {
    matches!(
        fmt,
        GL_R11F_G11F_B10F
            | GL_RGB9_E5
            | GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT
            | GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT
            | GL_RGBA32F
            | GL_RGB32F
            | GL_RG32F
            | GL_R32F
            | GL_ALPHA32F_ARB
            | GL_INTENSITY32F_ARB
            | GL_LUMINANCE32F_ARB
            | GL_LUMINANCE_ALPHA32F_ARB
            | GL_RGBA16F
            | GL_RGB16F
            | GL_RG16F
            | GL_R16F
            | GL_ALPHA16F_ARB
            | GL_INTENSITY16F_ARB
            | GL_LUMINANCE16F_ARB
            | GL_LUMINANCE_ALPHA16F_ARB
    )
}

/// Whether `fmt` keeps its depth as a float (ARB_depth_buffer_float): not
/// clamped or quantized when specified (GL 4.6 §8.5), `GL_FLOAT` depth
/// type. Float depth renders (the backend's depth is a float), unlike the
/// colour float formats of [`is_float`].
pub fn is_float_depth(fmt: GLenum) -> bool {
    matches!(fmt, GL_DEPTH_COMPONENT32F | GL_DEPTH32F_STENCIL8)
}

/// [`to_base`] for an image of internal format `fmt`: the value stored from
/// a colour in the format's own (for sRGB, encoded) terms.
pub fn to_stored(t: [f32; 4], fmt: GLenum, base: GLenum, bits: [u8; 4]) -> [f32; 4] {
    if integer_kind(fmt).is_some() {
        // Already clamped integer bits (the unpacking of `*_INTEGER`
        // images): only the base format's channels stay.
        return base_channels(t, base, f32::from_bits(1));
    }
    if is_snorm(fmt) {
        let q = |v: f32, b: u8| {
            if b == 0 {
                return v;
            }
            let max = ((1u32 << (b - 1)) - 1) as f32;
            (v.clamp(-1.0, 1.0) * max).round() / max
        };
        let q4 = [
            q(t[0], bits[0]),
            q(t[1], bits[1]),
            q(t[2], bits[2]),
            q(t[3], bits[3]),
        ];
        return to_base(q4, base, [0; 4]);
    }
    if fmt == GL_R11F_G11F_B10F {
        return [
            to_unsigned_float(t[0], 6),
            to_unsigned_float(t[1], 6),
            to_unsigned_float(t[2], 5),
            1.0,
        ];
    }
    if fmt == GL_RGB9_E5 {
        let c = rgb9e5_from_bits(rgb9e5_bits([t[0], t[1], t[2]]));
        return [c[0], c[1], c[2], 1.0];
    }
    if is_float(fmt) {
        // The base format's channels, unclamped; 16-bit ones at half
        // precision (the round trip through f16 is exact for them).
        let q = to_base(t, base, [0; 4]);
        return if bits.contains(&16) {
            q.map(|v| oxgl_ir::eval::f16_to_f32(oxgl_ir::eval::f32_to_f16(v)))
        } else {
            q
        };
    }
    if is_float_depth(fmt) {
        let q = to_base(t, base, [0, bits[1], 0, 0]);
        return [t[0], q[1], 0.0, 1.0];
    }
    let q = to_base(t, base, bits);
    if is_srgb(fmt) { decode_srgb(q) } else { q }
}

/// One image of a texture.
#[derive(Clone, Debug)]
pub struct TexImage {
    /// Width, height, depth.
    pub size: [usize; 3],
    /// The internal format as given.
    pub internal_format: GLenum,
    /// Its base format.
    pub base: GLenum,
    /// Bits per R, G, B, A of the stored texels.
    pub bits: [u8; 4],
    /// Texels, rows bottom first (linear colour for sRGB formats, see
    /// [`is_srgb`]).
    pub texels: Texels,
    /// The compressed image of a specific compressed format (the blocks
    /// `glGetCompressedTexImage` returns; `texels` are their decoding).
    pub compressed: Option<Vec<u8>>,
}

/// How an image keeps its texels: in the base format's channels (see
/// [`base_channels`]), the missing ones zero and alpha one.
#[derive(Clone, Debug, PartialEq)]
pub enum Texels {
    /// RGBA `f32`, quantized to the format's precision.
    F32(Vec<[f32; 4]>),
    /// RGBA bytes, byte `k` standing for `k / 255`
    /// ([`crate::pixel::transfer::unorm8_table`]): the images of 8-bit
    /// unsigned normalized formats ([`plain_unorm8`]), a quarter of the
    /// memory, and what the backend and 8-bit render targets hold too.
    Unorm8(Vec<[u8; 4]>),
}

impl Default for Texels {
    fn default() -> Texels {
        Texels::F32(Vec::new())
    }
}

impl Texels {
    /// Number of texels.
    pub fn len(&self) -> usize {
        match self {
            Texels::F32(t) => t.len(),
            Texels::Unorm8(t) => t.len(),
        }
    }

    /// Whether there are none (a proxy's or an empty image).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Texel `i` as `f32` channels.
    pub fn get(&self, i: usize) -> Option<[f32; 4]> {
        match self {
            Texels::F32(t) => t.get(i).copied(),
            Texels::Unorm8(t) => t.get(i).map(|b| unorm8_to_f32(*b)),
        }
    }

    /// All texels as `f32` channels (borrowed when they are kept so).
    pub fn to_f32(&self) -> std::borrow::Cow<'_, [[f32; 4]]> {
        match self {
            Texels::F32(t) => std::borrow::Cow::Borrowed(t),
            Texels::Unorm8(t) => {
                std::borrow::Cow::Owned(t.iter().map(|b| unorm8_to_f32(*b)).collect())
            }
        }
    }

    /// The texels as `f32` channels to modify: bytes are converted (once;
    /// [`TexImage::pack_unorm8`] makes them bytes again).
    pub fn f32_mut(&mut self) -> &mut Vec<[f32; 4]> {
        if let Texels::Unorm8(t) = self {
            *self = Texels::F32(t.iter().map(|b| unorm8_to_f32(*b)).collect());
        }
        match self {
            Texels::F32(t) => t,
            Texels::Unorm8(_) => unreachable!("converted above"),
        }
    }

    /// Stores `t` (already quantized to the image's format) at `i`; false
    /// past the end.
    pub fn set(&mut self, i: usize, t: [f32; 4]) -> bool {
        match self {
            Texels::F32(v) => v.get_mut(i).map(|d| *d = t).is_some(),
            Texels::Unorm8(v) => v.get_mut(i).map(|d| *d = t.map(f32_to_unorm8)).is_some(),
        }
    }
}

/// The value of an 8-bit texel.
#[inline]
pub fn unorm8_to_f32(b: [u8; 4]) -> [f32; 4] {
    let lut = crate::pixel::transfer::unorm8_table();
    b.map(|k| lut[usize::from(k)])
}

/// The byte of an 8-bit normalized value (nearest, half up; NaN gives 0).
#[inline]
pub fn f32_to_unorm8(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

impl TexImage {
    /// The texels in the format's own terms (sRGB encoded), as read back:
    /// the texels themselves except for sRGB formats.
    pub fn stored_texels(&self) -> std::borrow::Cow<'_, [[f32; 4]]> {
        if is_srgb(self.internal_format) {
            std::borrow::Cow::Owned(
                self.texels
                    .to_f32()
                    .iter()
                    .map(|&t| encode_srgb(t))
                    .collect(),
            )
        } else {
            self.texels.to_f32()
        }
    }

    /// Keeps the texels as bytes when the format is 8-bit unsigned
    /// normalized ([`plain_unorm8`]) and every value is one, bit for bit
    /// (it is, for texels quantized to the format; anything else stays
    /// `f32`).
    pub fn pack_unorm8(&mut self) {
        let Texels::F32(t) = &self.texels else {
            return;
        };
        if !plain_unorm8(self.internal_format, self.base, self.bits) {
            return;
        }
        let lut = crate::pixel::transfer::unorm8_table();
        let mut exact = true;
        let bytes: Vec<[u8; 4]> = t
            .iter()
            .map(|t| {
                let b = t.map(f32_to_unorm8);
                for c in 0..4 {
                    exact &= lut[usize::from(b[c])].to_bits() == t[c].to_bits();
                }
                b
            })
            .collect();
        if exact {
            self.texels = Texels::Unorm8(bytes);
        }
    }
}

/// Sampler-like parameters of a texture object (GL 4.6 compat table 23.x).
#[derive(Clone, Debug, PartialEq)]
pub struct TexParams {
    /// `GL_TEXTURE_MIN_FILTER`.
    pub min_filter: GLenum,
    /// `GL_TEXTURE_MAG_FILTER`.
    pub mag_filter: GLenum,
    /// `GL_TEXTURE_WRAP_S/T/R`.
    pub wrap: [GLenum; 3],
    /// `GL_TEXTURE_BORDER_COLOR`.
    pub border_color: [f32; 4],
    /// `GL_TEXTURE_MIN_LOD`, `GL_TEXTURE_MAX_LOD`.
    pub lod: [f32; 2],
    /// `GL_TEXTURE_BASE_LEVEL`, `GL_TEXTURE_MAX_LEVEL`.
    pub levels: [i32; 2],
    /// `GL_TEXTURE_LOD_BIAS`.
    pub lod_bias: f32,
    /// `GL_TEXTURE_PRIORITY`.
    pub priority: f32,
    /// `GL_GENERATE_MIPMAP`.
    pub generate_mipmap: bool,
    /// `GL_TEXTURE_MAX_ANISOTROPY`.
    pub max_anisotropy: f32,
    /// `GL_DEPTH_TEXTURE_MODE`: how a depth texel is returned (`GL_LUMINANCE`,
    /// `GL_INTENSITY`, `GL_ALPHA` or `GL_RED`).
    pub depth_mode: GLenum,
    /// `GL_TEXTURE_COMPARE_MODE`: `GL_NONE` or `GL_COMPARE_REF_TO_TEXTURE`.
    pub compare_mode: GLenum,
    /// `GL_TEXTURE_COMPARE_FUNC`.
    pub compare_func: GLenum,
    /// `GL_TEXTURE_SWIZZLE_R/G/B/A` (ARB_texture_swizzle).
    pub swizzle: [GLenum; 4],
    /// `GL_DEPTH_STENCIL_TEXTURE_MODE` is `GL_STENCIL_INDEX`
    /// (ARB_stencil_texturing): a depth/stencil texture is sampled for its
    /// stencil indices, as an unsigned integer texture.
    pub stencil_mode: bool,
}

impl TexParams {
    fn new(target: GLenum) -> Self {
        let rect = target == GL_TEXTURE_RECTANGLE;
        // A multisample texture's (fixed) sampler state: NEAREST and
        // CLAMP_TO_EDGE (ARB_texture_storage_multisample; Mesa's values).
        let ms = crate::texture::ms::is_multisample_target(target);
        TexParams {
            min_filter: if ms {
                GL_NEAREST
            } else if rect {
                GL_LINEAR
            } else {
                GL_NEAREST_MIPMAP_LINEAR
            },
            mag_filter: if ms { GL_NEAREST } else { GL_LINEAR },
            wrap: if rect || ms {
                [GL_CLAMP_TO_EDGE; 3]
            } else {
                [GL_REPEAT; 3]
            },
            border_color: [0.0; 4],
            lod: [-1000.0, 1000.0],
            levels: [0, 1000],
            lod_bias: 0.0,
            priority: 1.0,
            generate_mipmap: false,
            max_anisotropy: 1.0,
            depth_mode: GL_LUMINANCE,
            compare_mode: GL_NONE,
            compare_func: GL_LEQUAL,
            swizzle: [GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA],
            stencil_mode: false,
        }
    }

    /// `swz`, a base format's swizzle ([`base_swizzle`]), followed by the
    /// texture swizzle (ARB_texture_swizzle: applied to the looked-up
    /// R, G, B, A).
    pub fn apply_swizzle(&self, swz: [u8; 4]) -> [u8; 4] {
        self.swizzle.map(|s| match s {
            GL_GREEN => swz[1],
            GL_BLUE => swz[2],
            GL_ALPHA => swz[3],
            GL_ZERO => 4,
            GL_ONE => 5,
            _ => swz[0],
        })
    }

    /// Default sampler-object state (ARB_sampler_objects: as a new 2D
    /// texture's).
    pub fn sampler_default() -> Self {
        Self::new(GL_TEXTURE_2D)
    }

    /// These texture parameters with the sampler state of sampler object
    /// `s` in its place (GL 4.6 §8.2: filters, wrap modes, border colour,
    /// LOD range and bias, anisotropy, comparison).
    pub fn with_sampler(&self, s: &TexParams) -> TexParams {
        TexParams {
            min_filter: s.min_filter,
            mag_filter: s.mag_filter,
            wrap: s.wrap,
            border_color: s.border_color,
            lod: s.lod,
            lod_bias: s.lod_bias,
            max_anisotropy: s.max_anisotropy,
            compare_mode: s.compare_mode,
            compare_func: s.compare_func,
            ..self.clone()
        }
    }

    /// Whether sampling an image of `base` compares (ARB_shadow: the
    /// compare mode is on and the texture is a depth texture; not one
    /// sampled for its stencil indices, ARB_stencil_texturing).
    pub fn compares(&self, base: GLenum) -> bool {
        base == GL_DEPTH_COMPONENT && self.compare_mode == GL_COMPARE_REF_TO_TEXTURE
    }

    /// Whether an image of `base` with channel `bits` is sampled for its
    /// stencil indices: a depth/stencil format in stencil mode
    /// (ARB_stencil_texturing; a depth-only format ignores the mode).
    pub fn samples_stencil(&self, base: GLenum, bits: [u8; 4]) -> bool {
        self.stencil_mode && base == GL_DEPTH_COMPONENT && bits[1] > 0
    }
}

/// One texture object.
#[derive(Clone, Debug)]
pub struct Texture {
    /// The target it was first bound to.
    pub target: GLenum,
    /// Images by (cube face or 0, level).
    pub images: HashMap<(usize, usize), TexImage>,
    /// Parameters.
    pub params: TexParams,
    /// Identifies the images' contents: a new value (unique in the process)
    /// whenever an image changes, so backends may cache converted copies.
    pub serial: u64,
    /// `glTexStorage*` made its levels immutable: how many
    /// (`GL_TEXTURE_IMMUTABLE_FORMAT` true; ARB_texture_storage).
    pub immutable_levels: Option<usize>,
    /// ARB_texture_view: the data store it shares and where it lies in it
    /// (set for a view and for an original once viewed; texview.rs).
    pub view: Option<crate::texture::view::ViewOf>,
    /// A buffer texture's data store (`glTexBuffer*`; see
    /// [`crate::texture::buffer`]).
    pub buffer: Option<crate::texture::buffer::TexBuffer>,
    /// A multisample texture's samples per texel (0 for the others; see
    /// [`crate::texture::ms`]).
    pub samples: u32,
    /// `GL_TEXTURE_FIXED_SAMPLE_LOCATIONS` of a multisample texture.
    pub fixed_sample_locations: bool,
    /// `glObjectLabel`.
    pub label: crate::debug::Label,
}

/// Source of [`Texture::serial`] values.
static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Texture {
    /// A new object of `target`.
    pub fn new(target: GLenum) -> Self {
        Texture {
            target,
            images: HashMap::new(),
            params: TexParams::new(target),
            serial: next_serial(),
            immutable_levels: None,
            view: None,
            buffer: None,
            samples: 0,
            fixed_sample_locations: true,
            label: None,
        }
    }

    /// Whether the texture is complete for sampling (GL 4.6 §8.17):
    /// `Some((base, levels))` — the base level and how many levels from it
    /// the minification filter uses — or `None`.
    pub fn complete(&self) -> Option<(usize, usize)> {
        self.complete_with(&self.params)
    }

    /// [`Texture::complete`] sampled with `p` (the texture's parameters
    /// with a sampler object's, ARB_sampler_objects).
    pub fn complete_with(&self, p: &TexParams) -> Option<(usize, usize)> {
        // A multisample texture has its one image or none, no sampler
        // state applying.
        if crate::texture::ms::is_multisample_target(self.target) {
            let img = self.images.get(&(0, 0))?;
            return (img.size.iter().all(|&s| s > 0) && self.samples > 0).then_some((0, 1));
        }
        let mut base = usize::try_from(p.levels[0]).ok()?;
        let mut max = usize::try_from(p.levels[1]).ok()?;
        // GL 4.6 §8.17: an immutable texture clamps its base level to its
        // levels and its max level to [base, last level].
        if let Some(n) = self.immutable_levels {
            base = base.min(n - 1);
            max = max.clamp(base, n - 1);
        }
        if base > max {
            return None;
        }
        let faces = if self.target == GL_TEXTURE_CUBE_MAP {
            6
        } else {
            1
        };
        let b0 = self.images.get(&(0, base))?;
        if b0.size.contains(&0) {
            return None;
        }
        for f in 1..faces {
            let img = self.images.get(&(f, base))?;
            if img.size != b0.size || img.internal_format != b0.internal_format {
                return None;
            }
        }
        if faces == 6 && b0.size[0] != b0.size[1] {
            return None;
        }
        // ARB_texture_cube_map_array: square faces, whole cubes.
        if self.target == GL_TEXTURE_CUBE_MAP_ARRAY
            && (b0.size[0] != b0.size[1] || b0.size[2] % 6 != 0)
        {
            return None;
        }
        // Integer textures are not filtered: a filter that would is
        // incomplete (GL 4.6 §8.17, as Mesa for every API; stencil
        // textures too, ARB_texture_stencil8).
        if (integer_kind(b0.internal_format).is_some()
            || b0.base == GL_STENCIL_INDEX
            || p.samples_stencil(b0.base, b0.bits))
            && (p.mag_filter != GL_NEAREST
                || !matches!(p.min_filter, GL_NEAREST | GL_NEAREST_MIPMAP_NEAREST))
        {
            return None;
        }
        let mipmapped =
            !matches!(p.min_filter, GL_NEAREST | GL_LINEAR) && self.target != GL_TEXTURE_RECTANGLE;
        if !mipmapped {
            return Some((base, 1));
        }
        let layers = layer_axis(self.target);
        let largest = (0..3)
            .filter(|&k| Some(k) != layers)
            .map(|k| b0.size[k])
            .max()
            .unwrap_or(1);
        let p = usize::BITS as usize - 1 - largest.leading_zeros() as usize;
        let last = (base + p).min(max);
        for l in base + 1..=last {
            let want = level_size(self.target, b0.size, l - base);
            for f in 0..faces {
                let img = self.images.get(&(f, l))?;
                if img.size != want || img.internal_format != b0.internal_format {
                    return None;
                }
            }
        }
        Some((base, last - base + 1))
    }

    /// Marks the images as changed.
    pub fn touch(&mut self) {
        self.serial = next_serial();
    }
}

pub(crate) fn next_serial() -> u64 {
    SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The texture namespace of a share group, and its sampler objects
/// (ARB_sampler_objects; one lock covers both, as draws read both).
#[derive(Debug, Default)]
pub struct Textures {
    names: Namespace<Texture>,
    /// Sampler objects (made by `glGenSamplers` at once).
    samplers: Namespace<TexParams>,
    /// Sampler objects' `glObjectLabel` labels (removed with the object;
    /// kept apart from [`TexParams`], which textures share).
    sampler_labels: HashMap<u32, crate::debug::Label>,
    /// Images a framebuffer object rendered into whose contents are still
    /// only in its drawable, by (name, face, level) ([`LiveImage`]).
    pub(crate) live: HashMap<(u32, usize, usize), LiveImage>,
}

/// A texture image whose contents are in a backend drawable and not in
/// its texels: a framebuffer object rendered into it and was unbound
/// (`Context::fbo_detach`). Draws sample it from the drawable
/// (`OxglTexImage::drawable`); whatever else reads or writes the image
/// copies it back first (`Context::resolve_live`).
#[derive(Clone, Debug)]
pub(crate) struct LiveImage {
    /// The drawable holding it.
    pub drawable: std::sync::Arc<oxgl_dri_interface::client::Drawable>,
    /// The buffer of the drawable.
    pub buffer: oxgl_dri_interface::OxglBuffer,
    /// Its attachment point (`fbo::POINTS` numbering).
    pub point: usize,
}

impl Textures {
    /// `glGenTextures`: INVALID_VALUE for a negative count, OUT_OF_MEMORY
    /// above [`MAX_NAMES_PER_CALL`](crate::error::MAX_NAMES_PER_CALL).
    pub fn gen_names(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.names.generate(n)
    }

    /// `glIsTexture`: a name bound at least once.
    pub fn is_texture(&self, name: u32) -> bool {
        self.names.exists(name)
    }

    /// Binds `name` to `target`, creating the object on first bind.
    /// INVALID_OPERATION when it was first bound to another target (or, in a
    /// core context, when the name was never generated).
    pub fn bind(&mut self, target: GLenum, name: u32, core: bool) -> ApiResult {
        let t = self
            .names
            .bind(name, core, || Texture::new(target))
            .map_err(|e| e.because("non-gen name"))?;
        if t.target != target {
            return Err(ApiError::InvalidOperation.because("target mismatch"));
        }
        Ok(())
    }

    /// `glDeleteTextures` (the caller unbinds them). Returns the data
    /// stores the deleted buffer textures held, for the caller to let go
    /// ([`crate::buffer::Buffers::detach_texture`]).
    pub fn delete(&mut self, names: &[u32]) -> Vec<crate::texture::buffer::TexBuffer> {
        let mut stores = Vec::new();
        self.live.retain(|k, _| !names.contains(&k.0));
        for n in names {
            if *n != 0
                && let Some(Some(t)) = self.names.remove(*n)
                && let Some(tb) = t.buffer
            {
                stores.push(tb);
            }
        }
        stores
    }

    /// The object `name`.
    pub fn get(&self, name: u32) -> Option<&Texture> {
        self.names.get(name)
    }

    /// The object `name`, mutable.
    pub fn get_mut(&mut self, name: u32) -> Option<&mut Texture> {
        self.names.get_mut(name)
    }

    /// Whether `name` was generated (bound since or not).
    pub(crate) fn is_generated(&self, name: u32) -> bool {
        self.names.is_generated(name)
    }

    /// Gives the generated, unbound name `name` its object (glTextureView).
    pub(crate) fn define(&mut self, name: u32, tex: Texture) {
        self.names.insert(name, tex);
    }

    /// The textures other than `except` that share data store `store`
    /// (ARB_texture_view).
    pub(crate) fn store_members(&self, store: u64, except: u32) -> Vec<u32> {
        self.names
            .iter()
            .filter(|&(n, t)| n != except && t.view.is_some_and(|v| v.store == store))
            .map(|(n, _)| n)
            .collect()
    }

    /// Takes the object `name` out of its slot for a while (its name stays
    /// generated); [`Textures::put`] returns it.
    pub(crate) fn take(&mut self, name: u32) -> Option<Texture> {
        self.names.take(name)
    }

    /// Returns an object [`Textures::take`] took.
    pub(crate) fn put(&mut self, name: u32, tex: Texture) {
        self.names.insert(name, tex);
    }

    /// `glGenSamplers`: INVALID_VALUE for a negative count. The objects
    /// exist at once (GL 4.6 §8.2).
    pub fn gen_samplers(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.samplers.generate_with(n, TexParams::sampler_default)
    }

    /// `glDeleteSamplers` (the caller unbinds them); unused names are
    /// ignored.
    pub fn delete_samplers(&mut self, names: &[u32]) {
        for n in names {
            self.samplers.remove(*n);
            self.sampler_labels.remove(n);
        }
    }

    /// The label slot of texture `name`, if it is a texture object (bound
    /// at least once).
    pub(crate) fn label_mut(&mut self, name: u32) -> Option<&mut crate::debug::Label> {
        self.names.get_mut(name).map(|t| &mut t.label)
    }

    /// The label slot of sampler object `name`, if it is one.
    pub(crate) fn sampler_label_mut(&mut self, name: u32) -> Option<&mut crate::debug::Label> {
        self.samplers
            .exists(name)
            .then(|| self.sampler_labels.entry(name).or_default())
    }

    /// Sampler object `name`.
    pub fn sampler(&self, name: u32) -> Option<&TexParams> {
        self.samplers.get(name)
    }

    /// Sampler object `name`, mutable.
    pub fn sampler_mut(&mut self, name: u32) -> Option<&mut TexParams> {
        self.samplers.get_mut(name)
    }
}

/// Quantizes a texel to `bits` per channel and to the base format's channels.
pub fn to_base(t: [f32; 4], base: GLenum, bits: [u8; 4]) -> [f32; 4] {
    let q = |v: f32, b: u8| {
        if b == 0 {
            return v;
        }
        // In f64: 24- and 32-bit depth steps are finer than f32's.
        let max = ((1u64 << b) - 1) as f64;
        ((f64::from(v.clamp(0.0, 1.0)) * max).round() / max) as f32
    };
    match base {
        // Depth in R; a depth/stencil format's stencil (normalized) in G.
        GL_DEPTH_COMPONENT => {
            let stencil = if bits[1] > 0 { q(t[1], bits[1]) } else { 0.0 };
            [q(t[0], bits[0]), stencil, 0.0, 1.0]
        }
        // A stencil index (ARB_texture_stencil8), normalized in G as a
        // depth/stencil format keeps it (what pixel packing and
        // framebuffer attachments read and write), and as integer bits in
        // R with an integer one in A: what an unsigned integer sampler
        // returns (the texture is sampled as an integer texture).
        GL_STENCIL_INDEX => {
            let s = (t[1].clamp(0.0, 1.0) * 255.0).round();
            [f32::from_bits(s as u32), s / 255.0, 0.0, f32::from_bits(1)]
        }
        _ => base_channels(std::array::from_fn(|k| q(t[k], bits[k])), base, 1.0),
    }
}

/// The channels a colour base format keeps (GL 4.6 compat table 8.21):
/// luminance and intensity in R, the missing colour channels 0 and a
/// missing alpha `one` (1.0, or the bits of 1 for integer texels).
pub fn base_channels(t: [f32; 4], base: GLenum, one: f32) -> [f32; 4] {
    match base {
        GL_LUMINANCE | GL_INTENSITY | GL_RED => [t[0], 0.0, 0.0, one],
        GL_LUMINANCE_ALPHA => [t[0], 0.0, 0.0, t[3]],
        GL_ALPHA => [0.0, 0.0, 0.0, t[3]],
        GL_RG => [t[0], t[1], 0.0, one],
        GL_RGB => [t[0], t[1], t[2], one],
        _ => t,
    }
}

/// What a base format gives each sampled component (0–3: stored R, G, B,
/// A; 4: zero; 5: one), and whether it has colour, alpha and is intensity
/// (bits 0, 1, 2) — GL 4.6 compat table 16.1's texture source values.
/// Texel `t` through a [`base_swizzle`]-style selection: 0–3 a channel,
/// 4 zero, 5 `one` (1.0, or the bits of 1 for integer textures).
pub fn swizzle_texel(t: [f32; 4], s: [u8; 4], one: f32) -> [f32; 4] {
    s.map(|c| match c {
        0..=3 => t[usize::from(c)],
        4 => 0.0,
        _ => one,
    })
}

pub fn base_swizzle(base: GLenum) -> ([u8; 4], u8) {
    match base {
        GL_LUMINANCE => ([0, 0, 0, 5], 1),
        GL_LUMINANCE_ALPHA => ([0, 0, 0, 3], 3),
        GL_ALPHA => ([4, 4, 4, 3], 2),
        GL_INTENSITY => ([0, 0, 0, 0], 7),
        GL_RED => ([0, 4, 4, 5], 1),
        GL_RG => ([0, 1, 4, 5], 1),
        GL_RGB => ([0, 1, 2, 5], 1),
        _ => ([0, 1, 2, 3], 3),
    }
}

/// [`base_swizzle`] of a depth texture sampled without comparison: the
/// depth (stored R) returned as `GL_DEPTH_TEXTURE_MODE` says (ARB_depth_texture
/// table 3.21: luminance `D D D 1`, intensity `D D D D`, alpha `0 0 0 D`;
/// GL 3.0's red `D 0 0 1`).
pub fn depth_swizzle(mode: GLenum) -> ([u8; 4], u8) {
    match mode {
        GL_INTENSITY => ([0, 0, 0, 0], 7),
        GL_ALPHA => ([4, 4, 4, 0], 2),
        GL_RED => ([0, 4, 4, 5], 1),
        _ => ([0, 0, 0, 5], 1),
    }
}

/// Builds an image from unpacked client texels.
pub fn make_image(
    size: [usize; 3],
    internal_format: GLenum,
    texels: Vec<[f32; 4]>,
) -> ApiResult<TexImage> {
    let (base, bits) = internal_format_checked(internal_format)?;
    if plain_unorm8(internal_format, base, bits) {
        let bytes = texels.iter().map(|&t| stored8(t, base)).collect();
        return Ok(TexImage {
            size,
            internal_format,
            base,
            bits,
            texels: Texels::Unorm8(bytes),
            compressed: None,
        });
    }
    let mut texels = texels;
    for t in &mut texels {
        *t = to_stored(*t, internal_format, base, bits);
    }
    let mut img = TexImage {
        size,
        internal_format,
        base,
        bits,
        texels: Texels::F32(texels),
        compressed: None,
    };
    compress_in_place(&mut img);
    Ok(img)
}

/// Whether texels unpacked from 8-bit colour pixels of client `format`
/// ([`ClientImage::is_unorm8_colour`]) are already what an image of `fmt`
/// stores: an 8-bit unsigned normalized format whose base format keeps
/// exactly the channels the client gives (so quantizing changes nothing).
pub fn stores_unorm8_exactly(fmt: GLenum, format: GLenum) -> bool {
    let Some((base, bits)) = internal_format(fmt) else {
        return false;
    };
    plain_unorm8(fmt, base, bits)
        && match base {
            GL_RGBA => bits == [8; 4],
            GL_RGB => bits == [8, 8, 8, 0] && matches!(format, GL_RGB | GL_BGR),
            GL_RG => bits == [8, 8, 0, 0] && format == GL_RG,
            GL_RED => bits == [8, 0, 0, 0] && format == GL_RED,
            _ => false,
        }
}

/// An image of `fmt` from texels already as it stores them (see
/// [`stores_unorm8_exactly`]): no quantization pass.
pub fn make_image_exact(
    size: [usize; 3],
    internal_format: GLenum,
    texels: Vec<[f32; 4]>,
) -> ApiResult<TexImage> {
    let (base, bits) = internal_format_checked(internal_format)?;
    let mut img = TexImage {
        size,
        internal_format,
        base,
        bits,
        texels: Texels::F32(texels),
        compressed: None,
    };
    img.pack_unorm8();
    Ok(img)
}

/// Whether `fmt` is a plain unsigned normalized colour format of at most
/// 8 bits a channel (no sRGB, compression, float or integer): its texels
/// quantize through [`crate::pixel::transfer::unorm8_table`].
pub(crate) fn plain_unorm8(fmt: GLenum, base: GLenum, bits: [u8; 4]) -> bool {
    !matches!(base, GL_DEPTH_COMPONENT | GL_STENCIL_INDEX)
        && bits.iter().all(|&b| b == 0 || b == 8)
        && component_type(fmt) == GL_UNSIGNED_NORMALIZED
        && !is_srgb(fmt)
        && compressed_kind(fmt).is_none()
}

/// [`to_stored`] of a [`plain_unorm8`] format as bytes: the nearest 8-bit
/// value per channel (half up), the base format's channels.
#[inline]
pub(crate) fn stored8(t: [f32; 4], base: GLenum) -> [u8; 4] {
    base_channels8(t.map(f32_to_unorm8), base)
}

/// [`base_channels`] of bytes.
#[inline]
pub(crate) fn base_channels8(b: [u8; 4], base: GLenum) -> [u8; 4] {
    match base {
        GL_LUMINANCE | GL_INTENSITY | GL_RED => [b[0], 0, 0, 255],
        GL_LUMINANCE_ALPHA => [b[0], 0, 0, b[3]],
        GL_ALPHA => [0, 0, 0, b[3]],
        GL_RG => [b[0], b[1], 0, 255],
        GL_RGB => [b[0], b[1], b[2], 255],
        _ => b,
    }
}

/// A specific compressed internal format: 4×4 blocks of
/// [`Compressed::block_bytes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compressed {
    /// BC7 (ARB_texture_compression_bptc): RGBA8, sRGB-encoded colour for
    /// the sRGB format.
    Bc7,
    /// BC6H (ARB_texture_compression_bptc): RGB half floats.
    Bc6h {
        /// `GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT`.
        signed: bool,
    },
    /// S3TC (EXT_texture_compression_s3tc, [`crate::texture::s3tc`]).
    S3tc(crate::texture::s3tc::Dxt),
    /// RGTC (ARB_texture_compression_rgtc, GL 3.0): one or two channels of
    /// 8-byte blocks ([`crate::texture::rgtc`]).
    Rgtc {
        /// RG (RGTC2) rather than red (RGTC1).
        two: bool,
        /// Signed normalized.
        signed: bool,
    },
    /// ETC1, ETC2 and EAC ([`crate::texture::etc2`]): decoded only, never
    /// compressed online ([`Compressed::compresses_online`]).
    Etc(crate::texture::etc2::Etc),
}

impl Compressed {
    /// Bytes of one 4×4 block.
    pub fn block_bytes(self) -> usize {
        match self {
            Compressed::Rgtc { two: false, .. } => 8,
            Compressed::S3tc(d) => d.block_bytes(),
            Compressed::Etc(e) => e.block_bytes(),
            _ => 16,
        }
    }

    /// Whether this build compresses texels into the format (`glTexImage*`,
    /// `glTexSubImage*`, copies, mipmap generation). ETC1/ETC2/EAC images
    /// come from `glCompressedTex{Sub}Image*` only: the other commands are
    /// INVALID_OPERATION for them, as Mesa's
    /// `_mesa_format_no_online_compression` makes them.
    pub fn compresses_online(self) -> bool {
        !matches!(self, Compressed::Etc(_))
    }

    /// Bytes of an image of `size` (blocks of every slice).
    pub fn image_size(self, size: [usize; 3]) -> usize {
        size[0].div_ceil(4) * size[1].div_ceil(4) * size[2] * self.block_bytes()
    }

    /// Decodes one block into 16 texels (`4 y + x`) in the format's terms.
    fn decode_block(self, block: &[u8]) -> [[f32; 4]; 16] {
        let b16 = |b: &[u8]| -> [u8; 16] { b.try_into().unwrap_or([0; 16]) };
        let b8 = |b: &[u8]| -> [u8; 8] { b.try_into().unwrap_or([0; 8]) };
        match self {
            Compressed::Bc7 => crate::texture::bptc::decode_bc7(&b16(block))
                .map(|t| t.map(|c| f32::from(c) / 255.0)),
            Compressed::Bc6h { signed } => crate::texture::bptc::decode_bc6h(&b16(block), signed)
                .map(|[r, g, b]| [r, g, b, 1.0]),
            Compressed::S3tc(d) => {
                crate::texture::s3tc::decode(d, block).map(|t| t.map(|c| f32::from(c) / 255.0))
            }
            Compressed::Rgtc { two, signed } => {
                let r = crate::texture::rgtc::decode_channel(&b8(&block[..8]), signed);
                let g = if two {
                    crate::texture::rgtc::decode_channel(&b8(&block[8..16]), signed)
                } else {
                    [0.0; 16]
                };
                std::array::from_fn(|i| [r[i], g[i], 0.0, 1.0])
            }
            Compressed::Etc(e) => crate::texture::etc2::decode(e, block),
        }
    }

    /// Encodes 16 texels (`4 y + x`) in the format's terms as one block.
    fn encode_block(self, t: &[[f32; 4]; 16]) -> Vec<u8> {
        match self {
            Compressed::Bc7 => crate::texture::bptc_enc::encode_bc7(
                &t.map(|t| t.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8)),
            )
            .to_vec(),
            Compressed::Bc6h { signed } => {
                crate::texture::bptc_enc::encode_bc6h(&t.map(|[r, g, b, _]| [r, g, b]), signed)
                    .to_vec()
            }
            Compressed::S3tc(d) => crate::texture::s3tc::encode(
                d,
                &t.map(|t| t.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8)),
            ),
            Compressed::Rgtc { two, signed } => {
                let mut out =
                    crate::texture::rgtc::encode_channel(&t.map(|t| t[0]), signed).to_vec();
                if two {
                    out.extend(crate::texture::rgtc::encode_channel(
                        &t.map(|t| t[1]),
                        signed,
                    ));
                }
                out
            }
            // Never reached (see `compresses_online`): a zero block.
            Compressed::Etc(e) => vec![0; e.block_bytes()],
        }
    }
}

/// Whether `fmt` is a specific compressed format that only
/// `glCompressedTex{Sub}Image*` may fill ([`Compressed::compresses_online`]):
/// `glTexImage*`, `glTexSubImage*`, `glCopyTexImage*` and
/// `glCopyTexSubImage*` are INVALID_OPERATION for it.
pub fn no_online_compression(fmt: GLenum) -> bool {
    compressed_kind(fmt).is_some_and(|k| !k.compresses_online())
}

/// The channel sizes `glGetTexLevelParameter` reports for an image: its
/// stored bits, except that S3TC images report their blocks' precision
/// (RGB565 endpoints; DXT1's 1-bit, DXT3's 4-bit alpha) — they are stored
/// decoded at 8 bits.
pub fn reported_bits(img: &TexImage) -> [u8; 4] {
    match compressed_kind(img.internal_format) {
        Some(Compressed::S3tc(d)) => {
            let a = match d {
                crate::texture::s3tc::Dxt::Rgb1 => 0,
                crate::texture::s3tc::Dxt::Rgba1 => 1,
                crate::texture::s3tc::Dxt::Rgba3 => 4,
                crate::texture::s3tc::Dxt::Rgba5 => 8,
            };
            [5, 6, 5, a]
        }
        _ => img.bits,
    }
}

/// The specific compressed format `fmt` is, if it is one.
pub fn compressed_kind(fmt: GLenum) -> Option<Compressed> {
    use crate::texture::etc2::Etc;
    Some(match fmt {
        GL_COMPRESSED_RGBA_BPTC_UNORM | GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM => Compressed::Bc7,
        GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT => Compressed::Bc6h { signed: false },
        GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT => Compressed::Bc6h { signed: true },
        GL_COMPRESSED_RGB_S3TC_DXT1_EXT | GL_COMPRESSED_SRGB_S3TC_DXT1_EXT => {
            Compressed::S3tc(crate::texture::s3tc::Dxt::Rgb1)
        }
        GL_COMPRESSED_RGBA_S3TC_DXT1_EXT | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT => {
            Compressed::S3tc(crate::texture::s3tc::Dxt::Rgba1)
        }
        GL_COMPRESSED_RGBA_S3TC_DXT3_EXT | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT => {
            Compressed::S3tc(crate::texture::s3tc::Dxt::Rgba3)
        }
        GL_COMPRESSED_RGBA_S3TC_DXT5_EXT | GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT => {
            Compressed::S3tc(crate::texture::s3tc::Dxt::Rgba5)
        }
        GL_COMPRESSED_RED_RGTC1 => Compressed::Rgtc {
            two: false,
            signed: false,
        },
        GL_COMPRESSED_SIGNED_RED_RGTC1 => Compressed::Rgtc {
            two: false,
            signed: true,
        },
        GL_COMPRESSED_RG_RGTC2 => Compressed::Rgtc {
            two: true,
            signed: false,
        },
        GL_COMPRESSED_SIGNED_RG_RGTC2 => Compressed::Rgtc {
            two: true,
            signed: true,
        },
        GL_ETC1_RGB8_OES => Compressed::Etc(Etc::Etc1),
        GL_COMPRESSED_RGB8_ETC2 | GL_COMPRESSED_SRGB8_ETC2 => Compressed::Etc(Etc::Rgb8),
        GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2
        | GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2 => Compressed::Etc(Etc::Rgb8A1),
        GL_COMPRESSED_RGBA8_ETC2_EAC | GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC => {
            Compressed::Etc(Etc::Rgba8)
        }
        GL_COMPRESSED_R11_EAC => Compressed::Etc(Etc::Eac {
            two: false,
            signed: false,
        }),
        GL_COMPRESSED_SIGNED_R11_EAC => Compressed::Etc(Etc::Eac {
            two: false,
            signed: true,
        }),
        GL_COMPRESSED_RG11_EAC => Compressed::Etc(Etc::Eac {
            two: true,
            signed: false,
        }),
        GL_COMPRESSED_SIGNED_RG11_EAC => Compressed::Etc(Etc::Eac {
            two: true,
            signed: true,
        }),
        _ => return None,
    })
}

/// Decodes compressed blocks (`kind.image_size(size)` bytes) into texels in
/// the format's own terms (sRGB encoded, rows bottom first as the blocks
/// are).
pub fn decode_compressed(kind: Compressed, bytes: &[u8], size: [usize; 3]) -> Vec<[f32; 4]> {
    let [w, h, d] = size;
    let n = kind.block_bytes();
    let mut out = vec![[0.0, 0.0, 0.0, 1.0]; w * h * d];
    let (bw, bh) = (w.div_ceil(4), h.div_ceil(4));
    for z in 0..d {
        for by in 0..bh {
            for bx in 0..bw {
                let at = ((z * bh + by) * bw + bx) * n;
                let Some(block) = bytes.get(at..at + n) else {
                    continue;
                };
                for (i, t) in kind.decode_block(block).into_iter().enumerate() {
                    let (x, y) = (bx * 4 + i % 4, by * 4 + i / 4);
                    if x < w && y < h {
                        out[(z * h + y) * w + x] = t;
                    }
                }
            }
        }
    }
    out
}

/// Encodes texels in the format's own terms as compressed blocks; edge
/// blocks repeat the image's last texels.
pub fn encode_compressed(kind: Compressed, texels: &[[f32; 4]], size: [usize; 3]) -> Vec<u8> {
    let [w, h, d] = size;
    let mut out = Vec::with_capacity(kind.image_size(size));
    for z in 0..d {
        for by in 0..h.div_ceil(4) {
            for bx in 0..w.div_ceil(4) {
                let block: [[f32; 4]; 16] = std::array::from_fn(|i| {
                    let x = (bx * 4 + i % 4).min(w - 1);
                    let y = (by * 4 + i / 4).min(h - 1);
                    texels[(z * h + y) * w + x]
                });
                out.extend(kind.encode_block(&block));
            }
        }
    }
    out
}

/// Makes an image of a specific compressed format hold what the format
/// can: its texels compressed (kept in [`TexImage::compressed`]) and
/// decoded again.
pub fn compress_in_place(img: &mut TexImage) {
    let Some(kind) = compressed_kind(img.internal_format) else {
        return;
    };
    if img.size.contains(&0) {
        img.compressed = Some(Vec::new());
        return;
    }
    // A proxy's description has no texels to compress.
    if img.texels.len() < img.size.iter().product() {
        return;
    }
    if !kind.compresses_online() {
        // Texels this build cannot compress (a storage level, a generated
        // mipmap level) stay as they are, over zero blocks (what Mesa
        // keeps for such a level of a format it decodes).
        img.compressed = Some(vec![0; kind.image_size(img.size)]);
        return;
    }
    let bytes = encode_compressed(kind, &img.stored_texels(), img.size);
    set_compressed(img, kind, bytes);
}

/// Whether a sub-image region on one axis (`offset`, `size`) of an image
/// `image` texels long replaces whole 4×4 blocks: it starts on a block and
/// ends on one or at the image's edge (GL 4.6 §8.7).
pub fn block_aligned(offset: i32, size: i32, image: usize) -> bool {
    offset % 4 == 0 && (size % 4 == 0 || i64::from(offset) + i64::from(size) == image as i64)
}

/// After texels of a compressed image changed in the region at `offset`
/// of `size` (`glTexSubImage*`: whole blocks but at the image's edge),
/// compresses the blocks it covers again from the texels, and only those
/// (the others keep their bytes, as a real compressed texture would).
pub fn compress_region(img: &mut TexImage, offset: [usize; 3], size: [usize; 3]) {
    let Some(kind) = compressed_kind(img.internal_format) else {
        return;
    };
    // glTexSubImage* refuses these formats; their blocks stay.
    if !kind.compresses_online() {
        return;
    }
    let Some(mut bytes) = img.compressed.take() else {
        compress_in_place(img);
        return;
    };
    let [w, h, d] = img.size;
    if bytes.len() < kind.image_size(img.size) || img.texels.len() < w * h * d {
        compress_in_place(img);
        return;
    }
    let stored = img.stored_texels().into_owned();
    let n = kind.block_bytes();
    let (bw, bh) = (w.div_ceil(4), h.div_ceil(4));
    let (x0, y0) = (offset[0] / 4, offset[1] / 4);
    let (x1, y1) = (
        (offset[0] + size[0]).div_ceil(4).min(bw),
        (offset[1] + size[1]).div_ceil(4).min(bh),
    );
    for z in offset[2]..(offset[2] + size[2]).min(d) {
        for by in y0..y1 {
            for bx in x0..x1 {
                let at = |i: usize| {
                    let x = (bx * 4 + i % 4).min(w - 1);
                    let y = (by * 4 + i / 4).min(h - 1);
                    (z * h + y) * w + x
                };
                let block: [[f32; 4]; 16] = std::array::from_fn(|i| stored[at(i)]);
                let encoded = kind.encode_block(&block);
                let start = ((z * bh + by) * bw + bx) * n;
                bytes[start..start + n].copy_from_slice(&encoded);
                for (i, t) in kind.decode_block(&encoded).into_iter().enumerate() {
                    if bx * 4 + i % 4 < w && by * 4 + i / 4 < h {
                        let t = to_stored(t, img.internal_format, img.base, img.bits);
                        img.texels.set(at(i), t);
                    }
                }
            }
        }
    }
    img.compressed = Some(bytes);
}

/// Replaces a compressed image's blocks (`kind.image_size` bytes) and
/// texels.
pub fn set_compressed(img: &mut TexImage, kind: Compressed, bytes: Vec<u8>) {
    let decoded = decode_compressed(kind, &bytes, img.size);
    img.texels = Texels::F32(
        decoded
            .into_iter()
            .map(|t| to_stored(t, img.internal_format, img.base, img.bits))
            .collect(),
    );
    img.compressed = Some(bytes);
}

/// Replaces a compressed image's blocks (`kind.image_size(img.size)`
/// bytes) after `glCompressedTexSubImage*` wrote the region at `offset` of
/// `size`, decoding only the blocks the region covers (the other texels
/// stay: they are their blocks' decoding already, or, for a level this
/// build could not compress, what it holds).
pub fn set_compressed_region(
    img: &mut TexImage,
    kind: Compressed,
    bytes: Vec<u8>,
    offset: [usize; 3],
    size: [usize; 3],
) {
    let [w, h, d] = img.size;
    if img.texels.len() < w * h * d || bytes.len() < kind.image_size(img.size) {
        set_compressed(img, kind, bytes);
        return;
    }
    let n = kind.block_bytes();
    let (bw, bh) = (w.div_ceil(4), h.div_ceil(4));
    let (x0, y0) = (offset[0] / 4, offset[1] / 4);
    let (x1, y1) = (
        (offset[0] + size[0]).div_ceil(4).min(bw),
        (offset[1] + size[1]).div_ceil(4).min(bh),
    );
    for z in offset[2]..(offset[2] + size[2]).min(d) {
        for by in y0..y1 {
            for bx in x0..x1 {
                let start = ((z * bh + by) * bw + bx) * n;
                let Some(block) = bytes.get(start..start + n) else {
                    continue;
                };
                for (i, t) in kind.decode_block(block).into_iter().enumerate() {
                    let (x, y) = (bx * 4 + i % 4, by * 4 + i / 4);
                    if x < w && y < h {
                        let t = to_stored(t, img.internal_format, img.base, img.bits);
                        img.texels.set((z * h + y) * w + x, t);
                    }
                }
            }
        }
    }
    img.compressed = Some(bytes);
}

fn internal_format_checked(fmt: GLenum) -> ApiResult<(GLenum, [u8; 4])> {
    internal_format(fmt).ok_or(ApiError::InvalidValue)
}

/// Reads an image back in a client format (the base format's components;
/// luminance reads back as R, GL 4.6 compat §8.11.4).
pub fn read_image(img: &TexImage, client: &ClientImage, dst: &mut [u8]) {
    client.pack(&img.stored_texels(), dst);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_exponent_round_trips_and_clamps() {
        // (1, 0.5, 0.25) is exact; the largest value is 65408.
        let w = rgb9e5_bits([1.0, 0.5, 0.25]);
        assert_eq!(rgb9e5_from_bits(w), [1.0, 0.5, 0.25]);
        assert_eq!(
            rgb9e5_from_bits(rgb9e5_bits([1e9, -1.0, f32::NAN])),
            [65408.0, 0.0, 0.0]
        );
        // A word that encodes its own value decodes and encodes back.
        let w = (20 << 27) | (300 << 18) | (5 << 9) | 511;
        assert_eq!(rgb9e5_bits(rgb9e5_from_bits(w)), w);
    }

    #[test]
    fn unsigned_floats_truncate_and_saturate() {
        assert_eq!(to_unsigned_float(1.0, 6), 1.0);
        assert_eq!(to_unsigned_float(-3.0, 6), 0.0);
        // 0.33 keeps 6 mantissa bits: 0.328125.
        assert_eq!(to_unsigned_float(0.33, 6), 0.328125);
        assert_eq!(to_unsigned_float(1e9, 6), 65024.0);
        assert_eq!(to_unsigned_float(1e9, 5), 64512.0);
        assert!(to_unsigned_float(f32::NAN, 5).is_nan());
        assert_eq!(to_unsigned_float(f32::INFINITY, 6), f32::INFINITY);
        // Denormals (exponent 0) survive the round trip.
        for bits in [1u32, 17, 63] {
            assert_eq!(
                unsigned_float_bits(unsigned_float_from_bits(bits, 6), 6),
                bits
            );
        }
    }

    #[test]
    fn unorm8_formats_keep_bytes() {
        let client = [[0.2, 0.5, 1.0, 0.3], [f32::NAN, -1.0, 2.0, 0.0]];
        let img = make_image([2, 1, 1], GL_RGBA8, client.to_vec()).unwrap();
        assert_eq!(
            img.texels,
            Texels::Unorm8(vec![[51, 128, 255, 77], [0, 0, 255, 0]])
        );
        // The bytes read back as the f32 values the format stored before.
        let lut = crate::pixel::transfer::unorm8_table();
        assert_eq!(
            img.texels.get(0),
            Some([lut[51], lut[128], lut[255], lut[77]])
        );
        // Base formats keep their channels: luminance L 0 0 1, alpha 0 0 0 A.
        let img = make_image([1, 1, 1], GL_LUMINANCE8, vec![[0.2, 0.5, 1.0, 0.3]]).unwrap();
        assert_eq!(img.texels, Texels::Unorm8(vec![[51, 0, 0, 255]]));
        let img = make_image([1, 1, 1], GL_ALPHA, vec![[0.2, 0.5, 1.0, 0.3]]).unwrap();
        assert_eq!(img.texels, Texels::Unorm8(vec![[0, 0, 0, 77]]));
        // Wider, float, sRGB and compressed formats stay f32.
        for fmt in [
            GL_RGBA16,
            GL_RGBA32F,
            GL_SRGB8_ALPHA8,
            GL_RGB5,
            GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
        ] {
            let img = make_image([4, 4, 1], fmt, vec![[0.5; 4]; 16]).unwrap();
            assert!(matches!(img.texels, Texels::F32(_)), "{fmt:#x}");
        }
    }

    #[test]
    fn unorm8_storage_round_trips_through_f32() {
        let mut img = make_image([3, 1, 1], GL_RGB8, vec![[0.1, 0.2, 0.3, 0.4]; 3]).unwrap();
        let before = img.texels.to_f32().into_owned();
        // Modifying as f32 converts; packing again gives the same bytes.
        img.texels.f32_mut()[1] = to_stored([0.6, 0.7, 0.8, 0.1], GL_RGB8, GL_RGB, [8, 8, 8, 0]);
        assert!(matches!(img.texels, Texels::F32(_)));
        img.pack_unorm8();
        assert_eq!(img.texels.get(0), Some(before[0]));
        assert_eq!(
            img.texels
                .get(1)
                .map(|t| t.map(|v| (v * 255.0).round() as u8)),
            Some([153, 178, 204, 255])
        );
        assert!(matches!(img.texels, Texels::Unorm8(_)));
        // A value off the 8-bit grid (or -0.0) keeps f32.
        img.texels.f32_mut()[2][0] = 0.1234;
        img.pack_unorm8();
        assert!(matches!(img.texels, Texels::F32(_)));
        img.texels.f32_mut()[2][0] = -0.0;
        img.pack_unorm8();
        assert!(matches!(img.texels, Texels::F32(_)));
        // set() stores bytes in place.
        let mut img = make_image([2, 1, 1], GL_RGBA8, vec![[0.0; 4]; 2]).unwrap();
        assert!(img.texels.set(1, [1.0, 0.0, 1.0, 1.0]));
        assert!(!img.texels.set(2, [1.0; 4]));
        assert_eq!(img.texels, Texels::Unorm8(vec![[0; 4], [255, 0, 255, 255]]));
    }

    #[test]
    fn integer_texels_keep_every_value() {
        for (v, kind) in [
            (u32::MAX as i64, (false, 32)),
            (i32::MIN as i64, (true, 32)),
            (300, (false, 8)),
            (-300, (true, 8)),
        ] {
            let t = int_to_texel(v, kind);
            let want = match kind {
                (false, 8) => 255,
                (true, 8) => -128,
                _ => v,
            };
            assert_eq!(texel_to_int(t, kind.0), want);
        }
        assert_eq!(integer_kind(GL_RGBA32UI), Some((false, 32)));
        assert_eq!(component_type(GL_ALPHA16I_EXT), GL_INT);
        assert_eq!(component_type(GL_RG8_SNORM), GL_SIGNED_NORMALIZED);
        assert!(color_renders(GL_R11F_G11F_B10F) && color_renders_float(GL_R11F_G11F_B10F));
        assert!(color_renders(GL_RGBA8) && !color_renders_float(GL_RGBA8));
        assert!(!color_renders(GL_RGB9_E5) && !color_renders(GL_RGBA8_SNORM));
        assert!(color_renders(GL_RGBA16UI) && !color_renders_float(GL_RGBA16UI));
    }

    #[test]
    fn snorm_quantizes_over_minus_one_to_one() {
        let t = to_stored([-1.5, 0.5, 2.0, -0.1], GL_RGBA8_SNORM, GL_RGBA, [8; 4]);
        assert_eq!(t, [-1.0, 64.0 / 127.0, 1.0, -13.0 / 127.0]);
    }

    #[test]
    fn depth_formats_quantize_to_their_bits() {
        assert_eq!(
            internal_format(GL_DEPTH_COMPONENT),
            Some((GL_DEPTH_COMPONENT, [24, 0, 0, 0]))
        );
        let (base, bits) = internal_format(GL_DEPTH_COMPONENT16).unwrap();
        let t = to_base([1000.0 / 65535.0, 0.3, 0.3, 0.3], base, bits);
        assert_eq!(t, [1000.0 / 65535.0, 0.0, 0.0, 1.0]);
        // 32 bits: no overflow, values clamped to [0, 1].
        let (base, bits) = internal_format(GL_DEPTH_COMPONENT32).unwrap();
        assert_eq!(to_base([1.5, 0.0, 0.0, 0.0], base, bits)[0], 1.0);
        assert_eq!(to_base([-0.5, 0.0, 0.0, 0.0], base, bits)[0], 0.0);
        assert_eq!(to_base([0.25, 0.0, 0.0, 0.0], base, bits)[0], 0.25);
    }

    #[test]
    fn every_gl11_luminance_alpha_format_is_accepted() {
        for f in [
            GL_LUMINANCE4_ALPHA4,
            GL_LUMINANCE6_ALPHA2,
            GL_LUMINANCE8_ALPHA8,
            GL_LUMINANCE12_ALPHA4,
            GL_LUMINANCE12_ALPHA12,
            GL_LUMINANCE16_ALPHA16,
        ] {
            assert_eq!(internal_format(f).map(|f| f.0), Some(GL_LUMINANCE_ALPHA));
        }
    }

    #[test]
    fn etc_formats_decode_and_are_never_compressed_online() {
        use crate::texture::etc2::Etc;
        let formats = [
            (GL_ETC1_RGB8_OES, Etc::Etc1, GL_RGB, [8, 8, 8, 0], 8),
            (GL_COMPRESSED_RGB8_ETC2, Etc::Rgb8, GL_RGB, [8, 8, 8, 0], 8),
            (GL_COMPRESSED_SRGB8_ETC2, Etc::Rgb8, GL_RGB, [8, 8, 8, 0], 8),
            (
                GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
                Etc::Rgb8A1,
                GL_RGBA,
                [8, 8, 8, 1],
                8,
            ),
            (
                GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
                Etc::Rgb8A1,
                GL_RGBA,
                [8, 8, 8, 1],
                8,
            ),
            (
                GL_COMPRESSED_RGBA8_ETC2_EAC,
                Etc::Rgba8,
                GL_RGBA,
                [8; 4],
                16,
            ),
            (
                GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
                Etc::Rgba8,
                GL_RGBA,
                [8; 4],
                16,
            ),
            (
                GL_COMPRESSED_R11_EAC,
                Etc::Eac {
                    two: false,
                    signed: false,
                },
                GL_RED,
                [11, 0, 0, 0],
                8,
            ),
            (
                GL_COMPRESSED_SIGNED_R11_EAC,
                Etc::Eac {
                    two: false,
                    signed: true,
                },
                GL_RED,
                [11, 0, 0, 0],
                8,
            ),
            (
                GL_COMPRESSED_RG11_EAC,
                Etc::Eac {
                    two: true,
                    signed: false,
                },
                GL_RG,
                [11, 11, 0, 0],
                16,
            ),
            (
                GL_COMPRESSED_SIGNED_RG11_EAC,
                Etc::Eac {
                    two: true,
                    signed: true,
                },
                GL_RG,
                [11, 11, 0, 0],
                16,
            ),
        ];
        for (fmt, etc, base, bits, n) in formats {
            let kind = compressed_kind(fmt).unwrap();
            assert_eq!(kind, Compressed::Etc(etc), "{fmt:#x}");
            assert_eq!(kind.block_bytes(), n);
            assert_eq!(internal_format(fmt), Some((base, bits)), "{fmt:#x}");
            assert!(no_online_compression(fmt) && !kind.compresses_online());
            assert!(!color_renders(fmt) && !plain_unorm8(fmt, base, bits));
            assert_eq!(
                is_srgb(fmt),
                matches!(
                    fmt,
                    GL_COMPRESSED_SRGB8_ETC2
                        | GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2
                        | GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC
                )
            );
            assert_eq!(
                component_type(fmt),
                if matches!(
                    fmt,
                    GL_COMPRESSED_SIGNED_R11_EAC | GL_COMPRESSED_SIGNED_RG11_EAC
                ) {
                    GL_SIGNED_NORMALIZED
                } else {
                    GL_UNSIGNED_NORMALIZED
                }
            );
            // A 5×3 image: two blocks (the second's last three columns and
            // every block's last row past the edge).
            let size = [5, 3, 1];
            assert_eq!(kind.image_size(size), 2 * n);
            let mut bytes = vec![0u8; 2 * n];
            bytes[n - 1] = 0xff;
            bytes[2 * n - 1] = 0x01;
            let texels = decode_compressed(kind, &bytes, size);
            assert_eq!(texels.len(), 15);
            // Short data decodes what there is.
            assert_eq!(decode_compressed(kind, &bytes[..n], size).len(), 15);
            // An image of the format keeps the blocks and their decoding.
            let mut img = TexImage {
                size,
                internal_format: fmt,
                base,
                bits,
                texels: Texels::default(),
                compressed: None,
            };
            set_compressed(&mut img, kind, bytes.clone());
            assert_eq!(img.compressed.as_deref(), Some(&bytes[..]));
            assert_eq!(img.texels.len(), 15);
            assert_eq!(reported_bits(&img), bits);
        }
        assert!(!no_online_compression(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT));
        assert!(!no_online_compression(GL_RGBA8));
    }

    #[test]
    fn etc_images_keep_texels_they_cannot_compress() {
        // A storage level (or a generated mipmap level): texels as they
        // are, zero blocks; nothing is encoded.
        let img = make_image([6, 4, 1], GL_COMPRESSED_RGBA8_ETC2_EAC, vec![[0.2; 4]; 24]).unwrap();
        assert_eq!(img.compressed, Some(vec![0; 32]));
        assert_eq!(
            img.texels.get(23),
            Some([0.2, 0.2, 0.2, 0.2].map(|v| (v * 255.0f32).round() / 255.0))
        );
        // glCompressedTexSubImage of the first block decodes that block
        // only.
        let mut img = img;
        let kind = compressed_kind(GL_COMPRESSED_RGBA8_ETC2_EAC).unwrap();
        let mut bytes = vec![0u8; 32];
        bytes[0] = 255; // alpha base 255, multiplier 0
        set_compressed_region(&mut img, kind, bytes.clone(), [0, 0, 0], [4, 4, 1]);
        assert_eq!(img.compressed, Some(bytes));
        let two = 2.0 / 255.0;
        assert_eq!(img.texels.get(0), Some([two, two, two, 1.0]));
        // (0, 1) is in the block; (4, 0) and (5, 3) in the next.
        assert_eq!(img.texels.get(6), Some([two, two, two, 1.0]));
        assert_eq!(img.texels.get(4), img.texels.get(23));
        assert_ne!(img.texels.get(4), img.texels.get(0));
        // glTexSubImage never reaches the encoder either.
        compress_region(&mut img, [0, 0, 0], [6, 4, 1]);
        assert_eq!(img.compressed.as_ref().map(|b| b[0]), Some(255));
    }

    #[test]
    fn depth_modes_swizzle_the_depth() {
        assert_eq!(depth_swizzle(GL_LUMINANCE).0, [0, 0, 0, 5]);
        assert_eq!(depth_swizzle(GL_INTENSITY).0, [0, 0, 0, 0]);
        assert_eq!(depth_swizzle(GL_ALPHA), ([4, 4, 4, 0], 2));
        assert_eq!(depth_swizzle(GL_RED).0, [0, 4, 4, 5]);
        let p = TexParams::new(GL_TEXTURE_2D);
        assert!(!p.compares(GL_DEPTH_COMPONENT));
        let p = TexParams {
            compare_mode: GL_COMPARE_REF_TO_TEXTURE,
            ..p
        };
        assert!(p.compares(GL_DEPTH_COMPONENT));
        assert!(!p.compares(GL_RGBA));
    }
}
