//! What OpenGL ES accepts as a `glTexImage*` combination of internal
//! format, format and type — the ES 3.0 specification's table 3.2 and
//! 3.12, ES 1.1 and 2.0's rule that an unsized internal format equal the
//! format, and the extensions that widen them (OES_required_internalformat,
//! OES_texture_float/half_float, OES_depth_texture, OES_packed_depth_stencil,
//! the compressed formats). Desktop GL converts between any of them; ES
//! refuses the others, with the errors Mesa gives
//! (`_mesa_gles_error_check_format_and_type`): INVALID_VALUE for an internal
//! format ES does not have, INVALID_OPERATION for a combination it does not
//! list.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::error::{ApiError, ApiResult};

/// What the context has that decides a combination.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EsFormats {
    /// ES 3.0 or later (its sized, integer, float, packed-float and
    /// `RG` formats).
    pub es3: bool,
    /// ES 2.0 or later: the extensions oxgl advertises there and not in
    /// ES 1.1 — OES_texture_float and OES_texture_half_float, depth
    /// textures (OES_depth_texture, OES_packed_depth_stencil's), BPTC and
    /// RGTC.
    pub es2: bool,
}

/// The effective internal format ES 3.0's table 3.12 derives from an
/// unsized internal format's `format` and `type_` (the format itself where
/// no single sized format is defined), and its base; `None` when the table
/// has no such row.
fn effective(format: GLenum, type_: GLenum) -> Option<(GLenum, GLenum)> {
    let sized = |f: GLenum| Some((f, format));
    match (type_, format) {
        (GL_UNSIGNED_BYTE, GL_RGBA) => sized(GL_RGBA8),
        (GL_UNSIGNED_BYTE, GL_RGB) => sized(GL_RGB8),
        (GL_UNSIGNED_BYTE, GL_RG) => sized(GL_RG8),
        (GL_UNSIGNED_BYTE, GL_RED) => sized(GL_R8),
        (GL_UNSIGNED_BYTE, GL_BGRA | GL_LUMINANCE_ALPHA | GL_LUMINANCE | GL_ALPHA) => sized(format),
        (GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA) => sized(GL_RGBA4),
        (GL_UNSIGNED_SHORT_5_5_5_1, GL_RGBA) => sized(GL_RGB5_A1),
        (GL_UNSIGNED_SHORT_5_6_5, GL_RGB) => sized(GL_RGB565),
        (GL_UNSIGNED_INT_24_8, GL_DEPTH_STENCIL) => sized(GL_DEPTH24_STENCIL8),
        (GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_DEPTH_STENCIL) => sized(GL_DEPTH32F_STENCIL8),
        (GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT) => sized(GL_DEPTH_COMPONENT16),
        (GL_UNSIGNED_INT, GL_DEPTH_COMPONENT) => sized(format),
        (GL_FLOAT, GL_DEPTH_COMPONENT) => sized(GL_DEPTH_COMPONENT32F),
        (
            GL_FLOAT | GL_HALF_FLOAT_OES,
            GL_RGBA | GL_RGB | GL_LUMINANCE_ALPHA | GL_LUMINANCE | GL_ALPHA | GL_RED | GL_RG,
        ) => sized(format),
        (GL_HALF_FLOAT, GL_RG | GL_RED) => sized(format),
        (GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGBA | GL_RGB) => sized(format),
        _ => None,
    }
}

/// The unsized (base) internal formats.
fn is_unsized(internal: GLenum) -> bool {
    matches!(
        internal,
        GL_RGBA
            | GL_BGRA
            | GL_RGB
            | GL_RG
            | GL_RED
            | GL_ALPHA
            | GL_LUMINANCE
            | GL_LUMINANCE_ALPHA
            | GL_DEPTH_COMPONENT
            | GL_DEPTH_STENCIL
            | GL_STENCIL_INDEX
    )
}

/// INVALID_VALUE unless ES (with what `c` has) knows `internal` as a
/// `glTexImage*` internal format.
fn known_internal(c: EsFormats, internal: GLenum) -> ApiResult {
    let known = match internal {
        // ES 2.0, BGRA8888, OES_required_internalformat's sized formats.
        GL_ALPHA | GL_LUMINANCE | GL_LUMINANCE_ALPHA | GL_RGB | GL_RGBA | GL_BGRA | GL_RGB565
        | GL_RGB8 | GL_RGBA4 | GL_RGB5_A1 | GL_RGBA8 | GL_RGB10 | GL_RGB10_A2 | GL_ALPHA8
        | GL_LUMINANCE8 | GL_LUMINANCE8_ALPHA8 | GL_LUMINANCE4_ALPHA4 => true,
        GL_DEPTH_COMPONENT | GL_DEPTH_STENCIL | GL_DEPTH_COMPONENT16 | GL_DEPTH_COMPONENT24
        | GL_DEPTH_COMPONENT32 | GL_DEPTH24_STENCIL8 => c.es2,
        GL_R8 | GL_RG8 | GL_RED | GL_RG => c.es3,
        // The compressed formats glTexImage may name (compressing online).
        GL_COMPRESSED_RGBA_BPTC_UNORM
        | GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM
        | GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT
        | GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT
        | GL_COMPRESSED_RED_RGTC1
        | GL_COMPRESSED_SIGNED_RED_RGTC1
        | GL_COMPRESSED_RG_RGTC2
        | GL_COMPRESSED_SIGNED_RG_RGTC2 => c.es2,
        GL_COMPRESSED_RGB_S3TC_DXT1_EXT
        | GL_COMPRESSED_RGBA_S3TC_DXT1_EXT
        | GL_COMPRESSED_RGBA_S3TC_DXT3_EXT
        | GL_COMPRESSED_RGBA_S3TC_DXT5_EXT => true,
        // ES 3.0's sized formats.
        GL_SRGB8_ALPHA8
        | GL_RGBA8_SNORM
        | GL_RGBA16F
        | GL_RGBA32F
        | GL_RGBA8UI
        | GL_RGBA8I
        | GL_RGBA16UI
        | GL_RGBA16I
        | GL_RGBA32UI
        | GL_RGBA32I
        | GL_RGB10_A2UI
        | GL_SRGB8
        | GL_RGB8_SNORM
        | GL_R11F_G11F_B10F
        | GL_RGB9_E5
        | GL_RGB16F
        | GL_RGB32F
        | GL_RGB8UI
        | GL_RGB8I
        | GL_RGB16UI
        | GL_RGB16I
        | GL_RGB32UI
        | GL_RGB32I
        | GL_RG8_SNORM
        | GL_RG16F
        | GL_RG32F
        | GL_RG8UI
        | GL_RG8I
        | GL_RG16UI
        | GL_RG16I
        | GL_RG32UI
        | GL_RG32I
        | GL_R8_SNORM
        | GL_R16F
        | GL_R32F
        | GL_R8UI
        | GL_R8I
        | GL_R16UI
        | GL_R16I
        | GL_R32UI
        | GL_R32I
        | GL_DEPTH_COMPONENT32F
        | GL_DEPTH32F_STENCIL8 => c.es3,
        _ => false,
    };
    if known {
        Ok(())
    } else {
        Err(ApiError::InvalidValue)
    }
}

/// Checks a `glTexImage*` of `internal` from `format` and `type_` in an
/// ES context with `c`.
pub(crate) fn check(c: EsFormats, format: GLenum, type_: GLenum, internal: GLenum) -> ApiResult {
    let op = Err(ApiError::InvalidOperation);
    let mut internal = internal;
    if is_unsized(internal) {
        // ES 3.0 §3.8.3: the effective format, whose base must be the
        // internal format given (ES 2.0: internal format equals format).
        match effective(format, type_) {
            Some((eff, base)) if base == internal => internal = eff,
            _ => return op,
        }
    }
    // EXT_texture_compression_s3tc for ES lists no types.
    if matches!(
        internal,
        GL_COMPRESSED_RGB_S3TC_DXT1_EXT
            | GL_COMPRESSED_RGBA_S3TC_DXT1_EXT
            | GL_COMPRESSED_RGBA_S3TC_DXT3_EXT
            | GL_COMPRESSED_RGBA_S3TC_DXT5_EXT
    ) {
        return if matches!(format, GL_RGB | GL_RGBA) {
            Ok(())
        } else {
            op
        };
    }
    known_internal(c, internal)?;
    let es3 = c.es3;
    let half = matches!(type_, GL_HALF_FLOAT_OES);
    // The unsized float images of OES_texture_(half_)float (internal
    // format equal to the format).
    let oes_float = |f: GLenum| c.es2 && internal == f;
    let ok = match format {
        GL_BGRA => {
            type_ == GL_UNSIGNED_BYTE && matches!(internal, GL_BGRA | GL_RGBA8 | GL_SRGB8_ALPHA8)
        }
        GL_RGBA => match type_ {
            GL_UNSIGNED_BYTE => match internal {
                GL_RGBA | GL_RGBA8 | GL_RGB5_A1 | GL_RGBA4 => true,
                GL_SRGB8_ALPHA8 => es3,
                GL_COMPRESSED_RGBA_BPTC_UNORM | GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM => true,
                _ => false,
            },
            GL_BYTE => es3 && internal == GL_RGBA8_SNORM,
            GL_UNSIGNED_SHORT_4_4_4_4 => matches!(internal, GL_RGBA | GL_RGBA4),
            GL_UNSIGNED_SHORT_5_5_5_1 => matches!(internal, GL_RGBA | GL_RGB5_A1),
            GL_UNSIGNED_INT_2_10_10_10_REV => {
                es3 && matches!(internal, GL_RGBA | GL_RGB10_A2 | GL_RGB5_A1)
            }
            GL_HALF_FLOAT => es3 && internal == GL_RGBA16F,
            GL_FLOAT => match internal {
                GL_RGBA16F | GL_RGBA32F => es3,
                _ => oes_float(GL_RGBA),
            },
            _ if half => oes_float(GL_RGBA),
            _ => false,
        },
        GL_RGB => match type_ {
            GL_UNSIGNED_BYTE => match internal {
                GL_RGB | GL_RGB8 | GL_RGB565 => true,
                GL_SRGB8 => es3,
                _ => false,
            },
            GL_BYTE => es3 && internal == GL_RGB8_SNORM,
            GL_UNSIGNED_SHORT_5_6_5 => matches!(internal, GL_RGB | GL_RGB565),
            GL_UNSIGNED_INT_10F_11F_11F_REV => es3 && internal == GL_R11F_G11F_B10F,
            GL_UNSIGNED_INT_5_9_9_9_REV => es3 && internal == GL_RGB9_E5,
            GL_HALF_FLOAT => es3 && matches!(internal, GL_RGB16F | GL_R11F_G11F_B10F | GL_RGB9_E5),
            GL_FLOAT => match internal {
                GL_RGB16F | GL_RGB32F | GL_R11F_G11F_B10F | GL_RGB9_E5 => es3,
                GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT | GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT => true,
                _ => oes_float(GL_RGB),
            },
            GL_UNSIGNED_INT_2_10_10_10_REV => {
                es3 && matches!(internal, GL_RGB | GL_RGB10 | GL_RGB8 | GL_RGB565)
            }
            _ if half => oes_float(GL_RGB),
            _ => false,
        },
        GL_RG | GL_RED if !es3 => false,
        GL_RG => match type_ {
            GL_UNSIGNED_BYTE => matches!(internal, GL_RG8 | GL_COMPRESSED_RG_RGTC2),
            GL_BYTE => matches!(internal, GL_RG8_SNORM | GL_COMPRESSED_SIGNED_RG_RGTC2),
            GL_HALF_FLOAT | GL_HALF_FLOAT_OES => {
                internal == GL_RG16F || (internal == GL_RG && c.es2)
            }
            GL_FLOAT => matches!(internal, GL_RG16F | GL_RG32F) || (internal == GL_RG && c.es2),
            _ => false,
        },
        GL_RED => match type_ {
            GL_UNSIGNED_BYTE => matches!(internal, GL_R8 | GL_COMPRESSED_RED_RGTC1),
            GL_BYTE => matches!(internal, GL_R8_SNORM | GL_COMPRESSED_SIGNED_RED_RGTC1),
            GL_HALF_FLOAT | GL_HALF_FLOAT_OES => {
                internal == GL_R16F || (matches!(internal, GL_RG | GL_RED) && c.es2)
            }
            GL_FLOAT => matches!(internal, GL_R16F | GL_R32F) || (internal == GL_RED && c.es2),
            _ => false,
        },
        GL_RGBA_INTEGER | GL_RGB_INTEGER | GL_RG_INTEGER | GL_RED_INTEGER if !es3 => false,
        GL_RGBA_INTEGER => matches!(
            (type_, internal),
            (GL_UNSIGNED_BYTE, GL_RGBA8UI)
                | (GL_BYTE, GL_RGBA8I)
                | (GL_UNSIGNED_SHORT, GL_RGBA16UI)
                | (GL_SHORT, GL_RGBA16I)
                | (GL_UNSIGNED_INT, GL_RGBA32UI)
                | (GL_INT, GL_RGBA32I)
                | (GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB10_A2UI)
        ),
        GL_RGB_INTEGER => matches!(
            (type_, internal),
            (GL_UNSIGNED_BYTE, GL_RGB8UI)
                | (GL_BYTE, GL_RGB8I)
                | (GL_UNSIGNED_SHORT, GL_RGB16UI)
                | (GL_SHORT, GL_RGB16I)
                | (GL_UNSIGNED_INT, GL_RGB32UI)
                | (GL_INT, GL_RGB32I)
        ),
        GL_RG_INTEGER => matches!(
            (type_, internal),
            (GL_UNSIGNED_BYTE, GL_RG8UI)
                | (GL_BYTE, GL_RG8I)
                | (GL_UNSIGNED_SHORT, GL_RG16UI)
                | (GL_SHORT, GL_RG16I)
                | (GL_UNSIGNED_INT, GL_RG32UI)
                | (GL_INT, GL_RG32I)
        ),
        GL_RED_INTEGER => matches!(
            (type_, internal),
            (GL_UNSIGNED_BYTE, GL_R8UI)
                | (GL_BYTE, GL_R8I)
                | (GL_UNSIGNED_SHORT, GL_R16UI)
                | (GL_SHORT, GL_R16I)
                | (GL_UNSIGNED_INT, GL_R32UI)
                | (GL_INT, GL_R32I)
        ),
        GL_DEPTH_COMPONENT => match type_ {
            GL_UNSIGNED_SHORT => matches!(internal, GL_DEPTH_COMPONENT | GL_DEPTH_COMPONENT16),
            GL_UNSIGNED_INT => matches!(
                internal,
                GL_DEPTH_COMPONENT | GL_DEPTH_COMPONENT16 | GL_DEPTH_COMPONENT24
            ),
            GL_FLOAT => es3 && internal == GL_DEPTH_COMPONENT32F,
            _ => false,
        },
        GL_DEPTH_STENCIL => match type_ {
            GL_UNSIGNED_INT_24_8 => matches!(internal, GL_DEPTH_STENCIL | GL_DEPTH24_STENCIL8),
            GL_FLOAT_32_UNSIGNED_INT_24_8_REV => es3 && internal == GL_DEPTH32F_STENCIL8,
            _ => false,
        },
        GL_STENCIL_INDEX => false,
        GL_ALPHA | GL_LUMINANCE | GL_LUMINANCE_ALPHA => match type_ {
            GL_FLOAT => oes_float(format),
            _ if half => oes_float(format),
            GL_UNSIGNED_BYTE => {
                internal == format
                    || matches!(
                        (format, internal),
                        (GL_ALPHA, GL_ALPHA8)
                            | (GL_LUMINANCE, GL_LUMINANCE8)
                            | (
                                GL_LUMINANCE_ALPHA,
                                GL_LUMINANCE8_ALPHA8 | GL_LUMINANCE4_ALPHA4
                            )
                    )
            }
            _ => false,
        },
        _ => false,
    };
    if ok { Ok(()) } else { op }
}

/// `glCopyTexImage2D`'s internal formats in ES 1.x and 2.0: the unsized
/// colour ones and OES_required_internalformat's sized ones (INVALID_ENUM
/// otherwise, as Mesa: piglit's `oes_compressed_etc1_rgb8_texture-basic`
/// checks it for ETC1).
pub(crate) fn check_copy_es2(internal: GLenum) -> ApiResult {
    if matches!(
        internal,
        GL_ALPHA
            | GL_LUMINANCE
            | GL_LUMINANCE_ALPHA
            | GL_RGB
            | GL_RGBA
            | GL_ALPHA8
            | GL_LUMINANCE8
            | GL_LUMINANCE8_ALPHA8
            | GL_LUMINANCE4_ALPHA4
            | GL_RGB565
            | GL_RGB8
            | GL_RGBA4
            | GL_RGB5_A1
            | GL_RGBA8
            | GL_RGB10
            | GL_RGB10_A2
    ) {
        Ok(())
    } else {
        Err(ApiError::InvalidEnum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ES2: EsFormats = EsFormats {
        es3: false,
        es2: true,
    };
    const ES3: EsFormats = EsFormats {
        es3: true,
        es2: true,
    };

    #[test]
    fn es2_internal_format_must_be_the_format() {
        assert_eq!(check(ES2, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA), Ok(()));
        assert_eq!(check(ES2, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB), Ok(()));
        assert_eq!(
            check(ES2, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGB),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            check(ES2, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGB),
            Err(ApiError::InvalidOperation)
        );
        // ETC1 is for glCompressedTexImage2D only.
        assert_eq!(
            check(ES2, GL_RGB, GL_UNSIGNED_BYTE, GL_ETC1_RGB8_OES),
            Err(ApiError::InvalidValue)
        );
        // OES_required_internalformat.
        assert_eq!(check(ES2, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA8), Ok(()));
        // ES 3.0's formats are not ES 2.0's.
        assert_eq!(
            check(ES2, GL_RGBA, GL_FLOAT, GL_RGBA32F),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(
            check(ES2, GL_RED, GL_UNSIGNED_BYTE, GL_R8),
            Err(ApiError::InvalidValue)
        );
        assert_eq!(check(ES2, GL_RGBA, GL_FLOAT, GL_RGBA), Ok(()));
    }

    #[test]
    fn es3_table_3_2() {
        assert_eq!(check(ES3, GL_RGBA, GL_FLOAT, GL_RGBA32F), Ok(()));
        assert_eq!(check(ES3, GL_RED_INTEGER, GL_INT, GL_R32I), Ok(()));
        assert_eq!(
            check(ES3, GL_RED_INTEGER, GL_INT, GL_R32UI),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(
            check(
                ES3,
                GL_DEPTH_STENCIL,
                GL_UNSIGNED_INT_24_8,
                GL_DEPTH24_STENCIL8
            ),
            Ok(())
        );
        assert_eq!(
            check(
                ES3,
                GL_DEPTH_COMPONENT,
                GL_UNSIGNED_BYTE,
                GL_DEPTH_COMPONENT
            ),
            Err(ApiError::InvalidOperation)
        );
        assert_eq!(check(ES3, GL_RG, GL_UNSIGNED_BYTE, GL_RG), Ok(()));
        // EXT_texture_format_BGRA8888: the format is the internal format
        // (Mesa lets RGBA pixels through here; the extension does not).
        assert_eq!(check(ES3, GL_BGRA, GL_UNSIGNED_BYTE, GL_BGRA), Ok(()));
        assert_eq!(
            check(ES3, GL_RGBA, GL_UNSIGNED_BYTE, GL_BGRA),
            Err(ApiError::InvalidOperation)
        );
    }
}
