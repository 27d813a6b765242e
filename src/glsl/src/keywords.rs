//! Keywords, built-in type names and reserved words, gated by version and
//! extension: one row per word.
//!
//! A row says from which desktop / ES version the word is *reserved* (using
//! it is an error), from which it is *allowed* (a keyword), and which enabled
//! extensions also make it a keyword (0 = never, as in Mesa's lexer, whose
//! rows these follow; the specs' keyword and reserved-word lists in §3.6 are
//! the source). A word that is neither is an ordinary identifier: `sample` is
//! a name before GLSL 4.00 and ES 3.00, while `switch` is already reserved in
//! GLSL 1.10 and a keyword from 1.30. Two special rules: `attribute`/`varying` are
//! reserved in GLSL 4.20+ core and ES 3.00+ (compatibility keeps them), and
//! `sampler1D`/`sampler1DShadow` are reserved in ES 3.00+.

use crate::extensions::{Ext, ExtSet};
use crate::names::FxHashMap;
use crate::version::Version;
use std::sync::LazyLock;

macro_rules! builtin_types {
    ($($v:ident = $name:literal,)*) => {
        /// A built-in type name (a type keyword). Semantic analysis maps
        /// these to real types; the parser only needs to know they are types.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[expect(missing_docs, reason = "each variant is the GLSL type its name() returns")]
        pub enum BuiltinType {
            $($v,)*
        }

        impl BuiltinType {
            /// The GLSL spelling.
            pub fn name(self) -> &'static str {
                match self {
                    $(BuiltinType::$v => $name,)*
                }
            }
        }
    };
}

builtin_types! {
    Bool = "bool", Int = "int", Uint = "uint", Float = "float", Double = "double",
    Bvec2 = "bvec2", Bvec3 = "bvec3", Bvec4 = "bvec4",
    Ivec2 = "ivec2", Ivec3 = "ivec3", Ivec4 = "ivec4",
    Uvec2 = "uvec2", Uvec3 = "uvec3", Uvec4 = "uvec4",
    Vec2 = "vec2", Vec3 = "vec3", Vec4 = "vec4",
    Dvec2 = "dvec2", Dvec3 = "dvec3", Dvec4 = "dvec4",
    Mat2 = "mat2", Mat3 = "mat3", Mat4 = "mat4",
    Mat2x2 = "mat2x2", Mat2x3 = "mat2x3", Mat2x4 = "mat2x4",
    Mat3x2 = "mat3x2", Mat3x3 = "mat3x3", Mat3x4 = "mat3x4",
    Mat4x2 = "mat4x2", Mat4x3 = "mat4x3", Mat4x4 = "mat4x4",
    Dmat2 = "dmat2", Dmat3 = "dmat3", Dmat4 = "dmat4",
    Dmat2x2 = "dmat2x2", Dmat2x3 = "dmat2x3", Dmat2x4 = "dmat2x4",
    Dmat3x2 = "dmat3x2", Dmat3x3 = "dmat3x3", Dmat3x4 = "dmat3x4",
    Dmat4x2 = "dmat4x2", Dmat4x3 = "dmat4x3", Dmat4x4 = "dmat4x4",
    Int64 = "int64_t", I64vec2 = "i64vec2", I64vec3 = "i64vec3", I64vec4 = "i64vec4",
    Uint64 = "uint64_t", U64vec2 = "u64vec2", U64vec3 = "u64vec3", U64vec4 = "u64vec4",
    AtomicUint = "atomic_uint",
    Sampler1D = "sampler1D", Sampler2D = "sampler2D", Sampler3D = "sampler3D",
    SamplerCube = "samplerCube", Sampler2DRect = "sampler2DRect",
    Sampler1DShadow = "sampler1DShadow", Sampler2DShadow = "sampler2DShadow",
    SamplerCubeShadow = "samplerCubeShadow", Sampler2DRectShadow = "sampler2DRectShadow",
    Sampler1DArray = "sampler1DArray", Sampler2DArray = "sampler2DArray",
    Sampler1DArrayShadow = "sampler1DArrayShadow", Sampler2DArrayShadow = "sampler2DArrayShadow",
    SamplerBuffer = "samplerBuffer", Sampler2DMS = "sampler2DMS",
    Sampler2DMSArray = "sampler2DMSArray", SamplerCubeArray = "samplerCubeArray",
    SamplerCubeArrayShadow = "samplerCubeArrayShadow", SamplerExternalOES = "samplerExternalOES",
    Isampler1D = "isampler1D", Isampler2D = "isampler2D", Isampler3D = "isampler3D",
    IsamplerCube = "isamplerCube", Isampler2DRect = "isampler2DRect",
    Isampler1DArray = "isampler1DArray", Isampler2DArray = "isampler2DArray",
    IsamplerBuffer = "isamplerBuffer", Isampler2DMS = "isampler2DMS",
    Isampler2DMSArray = "isampler2DMSArray", IsamplerCubeArray = "isamplerCubeArray",
    Usampler1D = "usampler1D", Usampler2D = "usampler2D", Usampler3D = "usampler3D",
    UsamplerCube = "usamplerCube", Usampler2DRect = "usampler2DRect",
    Usampler1DArray = "usampler1DArray", Usampler2DArray = "usampler2DArray",
    UsamplerBuffer = "usamplerBuffer", Usampler2DMS = "usampler2DMS",
    Usampler2DMSArray = "usampler2DMSArray", UsamplerCubeArray = "usamplerCubeArray",
    Image1D = "image1D", Image2D = "image2D", Image3D = "image3D", Image2DRect = "image2DRect",
    ImageCube = "imageCube", ImageBuffer = "imageBuffer", Image1DArray = "image1DArray",
    Image2DArray = "image2DArray", ImageCubeArray = "imageCubeArray", Image2DMS = "image2DMS",
    Image2DMSArray = "image2DMSArray",
    Iimage1D = "iimage1D", Iimage2D = "iimage2D", Iimage3D = "iimage3D",
    Iimage2DRect = "iimage2DRect", IimageCube = "iimageCube", IimageBuffer = "iimageBuffer",
    Iimage1DArray = "iimage1DArray", Iimage2DArray = "iimage2DArray",
    IimageCubeArray = "iimageCubeArray", Iimage2DMS = "iimage2DMS",
    Iimage2DMSArray = "iimage2DMSArray",
    Uimage1D = "uimage1D", Uimage2D = "uimage2D", Uimage3D = "uimage3D",
    Uimage2DRect = "uimage2DRect", UimageCube = "uimageCube", UimageBuffer = "uimageBuffer",
    Uimage1DArray = "uimage1DArray", Uimage2DArray = "uimage2DArray",
    UimageCubeArray = "uimageCubeArray", Uimage2DMS = "uimage2DMS",
    Uimage2DMSArray = "uimage2DMSArray",
}

/// Keywords that are not type names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[expect(missing_docs, reason = "each variant is the keyword of the same name")]
pub enum Kw {
    Const,
    In,
    Out,
    Inout,
    Uniform,
    Buffer,
    Shared,
    Attribute,
    Varying,
    Centroid,
    Patch,
    Sample,
    Flat,
    Smooth,
    Noperspective,
    Invariant,
    Precise,
    Coherent,
    Volatile,
    Restrict,
    Readonly,
    Writeonly,
    Subroutine,
    Layout,
    Struct,
    Void,
    Break,
    Continue,
    Do,
    While,
    Else,
    For,
    If,
    Discard,
    Demote,
    Return,
    Switch,
    Case,
    Default,
    Lowp,
    Mediump,
    Highp,
    Precision,
    True,
    False,
    Unsigned,
    Packed,
    RowMajor,
}

/// What a word is when it is a keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// A keyword.
    Kw(Kw),
    /// A built-in type name.
    Type(BuiltinType),
}

/// How a word is classified in a given shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// It is this keyword.
    Word(Word),
    /// It is a reserved word: using it is an error.
    Reserved,
    /// It is an ordinary identifier.
    Ident,
}

#[derive(Clone, Copy)]
enum Special {
    None,
    /// `attribute`, `varying`: reserved from (desktop, es) unless the shader
    /// is compatibility profile.
    Deprecated,
    /// `sampler1D`, `sampler1DShadow`: reserved from ES 3.00.
    DeprecatedEsType,
}

#[derive(Clone, Copy)]
struct Row {
    word: Word,
    reserved: (u16, u16),
    allowed: (u16, u16),
    alt: &'static [Ext],
    special: Special,
}

/// Any version.
const ALWAYS: (u16, u16) = (1, 1);
const NEVER: (u16, u16) = (0, 0);

use BuiltinType as T;
use Ext as E;

const GPU4: &[Ext] = &[E::EXT_gpu_shader4];
const ARRAY: &[Ext] = &[E::EXT_gpu_shader4, E::EXT_texture_array];
const IMAGE: &[Ext] = &[E::ARB_shader_image_load_store];
const IMAGE_BUF: &[Ext] = &[
    E::ARB_shader_image_load_store,
    E::EXT_texture_buffer,
    E::OES_texture_buffer,
];
const IMAGE_CUBE_ARRAY: &[Ext] = &[
    E::ARB_shader_image_load_store,
    E::OES_texture_cube_map_array,
    E::EXT_texture_cube_map_array,
];
const CUBE_ARRAY: &[Ext] = &[
    E::ARB_texture_cube_map_array,
    E::OES_texture_cube_map_array,
    E::EXT_texture_cube_map_array,
];
const MS: &[Ext] = &[E::ARB_texture_multisample];
const MS_ARRAY: &[Ext] = &[
    E::ARB_texture_multisample,
    E::OES_texture_storage_multisample_2d_array,
];
const TEX_BUF: &[Ext] = &[
    E::EXT_texture_buffer,
    E::OES_texture_buffer,
    E::EXT_gpu_shader4,
];
const FP64: &[Ext] = &[E::ARB_gpu_shader_fp64];
const INT64: &[Ext] = &[E::ARB_gpu_shader_int64];
const MEMORY: &[Ext] = &[
    E::ARB_shader_image_load_store,
    E::ARB_shader_storage_buffer_object,
];
const TESS: &[Ext] = &[
    E::ARB_tessellation_shader,
    E::OES_tessellation_shader,
    E::EXT_tessellation_shader,
];
const GPU5: &[Ext] = &[E::ARB_gpu_shader5, E::EXT_gpu_shader5, E::OES_gpu_shader5];
const LAYOUT: &[Ext] = &[
    E::KHR_blend_equation_advanced,
    E::AMD_conservative_depth,
    E::ARB_conservative_depth,
    E::ARB_explicit_attrib_location,
    E::ARB_explicit_uniform_location,
    E::ARB_post_depth_coverage,
    E::ARB_separate_shader_objects,
    E::EXT_separate_shader_objects,
    E::ARB_uniform_buffer_object,
    E::ARB_fragment_coord_conventions,
    E::ARB_shading_language_420pack,
    E::ARB_compute_shader,
    E::ARB_tessellation_shader,
    E::ARB_gpu_shader5,
];

const fn row(word: Word, reserved: (u16, u16), allowed: (u16, u16), alt: &'static [Ext]) -> Row {
    Row {
        word,
        reserved,
        allowed,
        alt,
        special: Special::None,
    }
}

const fn ty(t: BuiltinType, reserved: (u16, u16), allowed: (u16, u16), alt: &'static [Ext]) -> Row {
    row(Word::Type(t), reserved, allowed, alt)
}

const fn kw(k: Kw, reserved: (u16, u16), allowed: (u16, u16), alt: &'static [Ext]) -> Row {
    row(Word::Kw(k), reserved, allowed, alt)
}

const fn always_ty(t: BuiltinType) -> Row {
    ty(t, NEVER, ALWAYS, &[])
}

const fn always_kw(k: Kw) -> Row {
    kw(k, NEVER, ALWAYS, &[])
}

/// Reserved for future use in every version (from 1.10 and ES 1.00).
const fn reserved() -> Row {
    kw(Kw::Void, (110, 100), NEVER, &[])
}

static TABLE: LazyLock<FxHashMap<&'static str, Row>> = LazyLock::new(|| {
    let mut m: FxHashMap<&'static str, Row> = FxHashMap::default();
    let always_types = [
        T::Bool,
        T::Int,
        T::Float,
        T::Bvec2,
        T::Bvec3,
        T::Bvec4,
        T::Ivec2,
        T::Ivec3,
        T::Ivec4,
        T::Vec2,
        T::Vec3,
        T::Vec4,
        T::Mat2,
        T::Mat3,
        T::Mat4,
        T::Sampler2D,
        T::Sampler3D,
        T::SamplerCube,
        T::Sampler2DShadow,
    ];
    for t in always_types {
        m.insert(t.name(), always_ty(t));
    }
    let always_kws = [
        (Kw::Const, "const"),
        (Kw::In, "in"),
        (Kw::Out, "out"),
        (Kw::Inout, "inout"),
        (Kw::Uniform, "uniform"),
        (Kw::Struct, "struct"),
        (Kw::Void, "void"),
        (Kw::Break, "break"),
        (Kw::Continue, "continue"),
        (Kw::Do, "do"),
        (Kw::While, "while"),
        (Kw::Else, "else"),
        (Kw::For, "for"),
        (Kw::If, "if"),
        (Kw::Discard, "discard"),
        (Kw::Return, "return"),
        (Kw::True, "true"),
        (Kw::False, "false"),
    ];
    for (k, name) in always_kws {
        m.insert(name, always_kw(k));
    }
    let rows: &[(&str, Row)] = &[
        (
            "attribute",
            Row {
                special: Special::Deprecated,
                ..kw(Kw::Attribute, (420, 300), ALWAYS, &[])
            },
        ),
        (
            "varying",
            Row {
                special: Special::Deprecated,
                ..kw(Kw::Varying, (420, 300), ALWAYS, &[])
            },
        ),
        ("uint", ty(T::Uint, (130, 300), (130, 300), &[])),
        ("uvec2", ty(T::Uvec2, (130, 300), (130, 300), GPU4)),
        ("uvec3", ty(T::Uvec3, (130, 300), (130, 300), GPU4)),
        ("uvec4", ty(T::Uvec4, (130, 300), (130, 300), GPU4)),
        ("mat2x2", ty(T::Mat2x2, (120, 300), (120, 300), &[])),
        ("mat2x3", ty(T::Mat2x3, (120, 300), (120, 300), &[])),
        ("mat2x4", ty(T::Mat2x4, (120, 300), (120, 300), &[])),
        ("mat3x2", ty(T::Mat3x2, (120, 300), (120, 300), &[])),
        ("mat3x3", ty(T::Mat3x3, (120, 300), (120, 300), &[])),
        ("mat3x4", ty(T::Mat3x4, (120, 300), (120, 300), &[])),
        ("mat4x2", ty(T::Mat4x2, (120, 300), (120, 300), &[])),
        ("mat4x3", ty(T::Mat4x3, (120, 300), (120, 300), &[])),
        ("mat4x4", ty(T::Mat4x4, (120, 300), (120, 300), &[])),
        (
            "buffer",
            kw(
                Kw::Buffer,
                NEVER,
                (430, 310),
                &[E::ARB_shader_storage_buffer_object],
            ),
        ),
        ("centroid", kw(Kw::Centroid, (120, 300), (120, 300), GPU4)),
        ("invariant", kw(Kw::Invariant, (120, 100), (120, 100), &[])),
        ("flat", kw(Kw::Flat, (130, 100), (130, 300), GPU4)),
        ("smooth", kw(Kw::Smooth, (130, 300), (130, 300), &[])),
        (
            "noperspective",
            kw(Kw::Noperspective, (130, 300), (130, 0), GPU4),
        ),
        ("patch", kw(Kw::Patch, (0, 300), (400, 320), TESS)),
        (
            "sampler1D",
            Row {
                special: Special::DeprecatedEsType,
                ..always_ty(T::Sampler1D)
            },
        ),
        (
            "sampler1DShadow",
            Row {
                special: Special::DeprecatedEsType,
                ..always_ty(T::Sampler1DShadow)
            },
        ),
        (
            "sampler1DArray",
            ty(T::Sampler1DArray, (130, 300), (130, 0), ARRAY),
        ),
        (
            "sampler2DArray",
            ty(T::Sampler2DArray, (130, 300), (130, 300), ARRAY),
        ),
        (
            "samplerCubeShadow",
            ty(T::SamplerCubeShadow, (130, 300), (130, 300), GPU4),
        ),
        (
            "sampler1DArrayShadow",
            ty(T::Sampler1DArrayShadow, (130, 300), (130, 0), ARRAY),
        ),
        (
            "sampler2DArrayShadow",
            ty(T::Sampler2DArrayShadow, (130, 300), (130, 300), ARRAY),
        ),
        ("isampler1D", ty(T::Isampler1D, (130, 300), (130, 0), GPU4)),
        (
            "isampler2D",
            ty(T::Isampler2D, (130, 300), (130, 300), GPU4),
        ),
        (
            "isampler3D",
            ty(T::Isampler3D, (130, 300), (130, 300), GPU4),
        ),
        (
            "isamplerCube",
            ty(T::IsamplerCube, (130, 300), (130, 300), GPU4),
        ),
        (
            "isampler1DArray",
            ty(T::Isampler1DArray, (130, 300), (130, 0), GPU4),
        ),
        (
            "isampler2DArray",
            ty(T::Isampler2DArray, (130, 300), (130, 300), GPU4),
        ),
        ("usampler1D", ty(T::Usampler1D, (130, 300), (130, 0), GPU4)),
        (
            "usampler2D",
            ty(T::Usampler2D, (130, 300), (130, 300), GPU4),
        ),
        (
            "usampler3D",
            ty(T::Usampler3D, (130, 300), (130, 300), GPU4),
        ),
        (
            "usamplerCube",
            ty(T::UsamplerCube, (130, 300), (130, 300), GPU4),
        ),
        (
            "usampler1DArray",
            ty(T::Usampler1DArray, (130, 300), (130, 0), GPU4),
        ),
        (
            "usampler2DArray",
            ty(T::Usampler2DArray, (130, 300), (130, 300), GPU4),
        ),
        (
            "sampler2DMS",
            ty(T::Sampler2DMS, (150, 300), (150, 310), MS),
        ),
        (
            "isampler2DMS",
            ty(T::Isampler2DMS, (150, 300), (150, 310), MS),
        ),
        (
            "usampler2DMS",
            ty(T::Usampler2DMS, (150, 300), (150, 310), MS),
        ),
        (
            "sampler2DMSArray",
            ty(T::Sampler2DMSArray, (150, 300), (150, 320), MS_ARRAY),
        ),
        (
            "isampler2DMSArray",
            ty(T::Isampler2DMSArray, (150, 300), (150, 320), MS_ARRAY),
        ),
        (
            "usampler2DMSArray",
            ty(T::Usampler2DMSArray, (150, 300), (150, 320), MS_ARRAY),
        ),
        (
            "samplerCubeArray",
            ty(T::SamplerCubeArray, (400, 310), (400, 320), CUBE_ARRAY),
        ),
        (
            "isamplerCubeArray",
            ty(T::IsamplerCubeArray, (400, 310), (400, 320), CUBE_ARRAY),
        ),
        (
            "usamplerCubeArray",
            ty(T::UsamplerCubeArray, (400, 310), (400, 320), CUBE_ARRAY),
        ),
        (
            "samplerCubeArrayShadow",
            ty(
                T::SamplerCubeArrayShadow,
                (400, 310),
                (400, 320),
                CUBE_ARRAY,
            ),
        ),
        (
            "samplerExternalOES",
            ty(
                T::SamplerExternalOES,
                NEVER,
                NEVER,
                &[E::OES_EGL_image_external, E::OES_EGL_image_external_essl3],
            ),
        ),
        ("precise", kw(Kw::Precise, (400, 310), (400, 320), GPU5)),
        ("image1D", ty(T::Image1D, (130, 300), (420, 0), IMAGE)),
        ("image2D", ty(T::Image2D, (130, 300), (420, 310), IMAGE)),
        ("image3D", ty(T::Image3D, (130, 300), (420, 310), IMAGE)),
        (
            "image2DRect",
            ty(T::Image2DRect, (130, 300), (420, 0), IMAGE),
        ),
        ("imageCube", ty(T::ImageCube, (130, 300), (420, 310), IMAGE)),
        (
            "imageBuffer",
            ty(T::ImageBuffer, (130, 300), (420, 320), IMAGE_BUF),
        ),
        (
            "image1DArray",
            ty(T::Image1DArray, (130, 300), (420, 0), IMAGE),
        ),
        (
            "image2DArray",
            ty(T::Image2DArray, (130, 300), (420, 310), IMAGE),
        ),
        (
            "imageCubeArray",
            ty(T::ImageCubeArray, (130, 300), (420, 320), IMAGE_CUBE_ARRAY),
        ),
        ("image2DMS", ty(T::Image2DMS, (130, 300), (420, 0), IMAGE)),
        (
            "image2DMSArray",
            ty(T::Image2DMSArray, (130, 300), (420, 0), IMAGE),
        ),
        ("iimage1D", ty(T::Iimage1D, (130, 300), (420, 0), IMAGE)),
        ("iimage2D", ty(T::Iimage2D, (130, 300), (420, 310), IMAGE)),
        ("iimage3D", ty(T::Iimage3D, (130, 300), (420, 310), IMAGE)),
        (
            "iimage2DRect",
            ty(T::Iimage2DRect, (130, 300), (420, 0), IMAGE),
        ),
        (
            "iimageCube",
            ty(T::IimageCube, (130, 300), (420, 310), IMAGE),
        ),
        (
            "iimageBuffer",
            ty(T::IimageBuffer, (130, 300), (420, 320), IMAGE_BUF),
        ),
        (
            "iimage1DArray",
            ty(T::Iimage1DArray, (130, 300), (420, 0), IMAGE),
        ),
        (
            "iimage2DArray",
            ty(T::Iimage2DArray, (130, 300), (420, 310), IMAGE),
        ),
        (
            "iimageCubeArray",
            ty(T::IimageCubeArray, (130, 300), (420, 320), IMAGE_CUBE_ARRAY),
        ),
        ("iimage2DMS", ty(T::Iimage2DMS, (130, 300), (420, 0), IMAGE)),
        (
            "iimage2DMSArray",
            ty(T::Iimage2DMSArray, (130, 300), (420, 0), IMAGE),
        ),
        ("uimage1D", ty(T::Uimage1D, (130, 300), (420, 0), IMAGE)),
        ("uimage2D", ty(T::Uimage2D, (130, 300), (420, 310), IMAGE)),
        ("uimage3D", ty(T::Uimage3D, (130, 300), (420, 310), IMAGE)),
        (
            "uimage2DRect",
            ty(T::Uimage2DRect, (130, 300), (420, 0), IMAGE),
        ),
        (
            "uimageCube",
            ty(T::UimageCube, (130, 300), (420, 310), IMAGE),
        ),
        (
            "uimageBuffer",
            ty(T::UimageBuffer, (130, 300), (420, 320), IMAGE_BUF),
        ),
        (
            "uimage1DArray",
            ty(T::Uimage1DArray, (130, 300), (420, 0), IMAGE),
        ),
        (
            "uimage2DArray",
            ty(T::Uimage2DArray, (130, 300), (420, 310), IMAGE),
        ),
        (
            "uimageCubeArray",
            ty(T::UimageCubeArray, (130, 300), (420, 320), IMAGE_CUBE_ARRAY),
        ),
        ("uimage2DMS", ty(T::Uimage2DMS, (130, 300), (420, 0), IMAGE)),
        (
            "uimage2DMSArray",
            ty(T::Uimage2DMSArray, (130, 300), (420, 0), IMAGE),
        ),
        ("image1DShadow", kw(Kw::Void, (130, 0), NEVER, &[])),
        ("image2DShadow", kw(Kw::Void, (130, 0), NEVER, &[])),
        ("image1DArrayShadow", kw(Kw::Void, (130, 0), NEVER, &[])),
        ("image2DArrayShadow", kw(Kw::Void, (130, 0), NEVER, &[])),
        ("coherent", kw(Kw::Coherent, (420, 300), (420, 310), MEMORY)),
        ("volatile", kw(Kw::Volatile, (110, 100), (420, 310), MEMORY)),
        ("restrict", kw(Kw::Restrict, (420, 300), (420, 310), MEMORY)),
        ("readonly", kw(Kw::Readonly, (420, 300), (420, 310), MEMORY)),
        (
            "writeonly",
            kw(Kw::Writeonly, (420, 300), (420, 310), MEMORY),
        ),
        (
            "atomic_uint",
            ty(
                T::AtomicUint,
                (420, 300),
                (420, 310),
                &[E::ARB_shader_atomic_counters],
            ),
        ),
        (
            "shared",
            kw(Kw::Shared, (430, 310), (430, 310), &[E::ARB_compute_shader]),
        ),
        ("layout", kw(Kw::Layout, NEVER, (140, 300), LAYOUT)),
        // Reserved in GLSL 1.10 / ES 1.00.
        ("asm", reserved()),
        ("class", reserved()),
        ("union", reserved()),
        ("enum", reserved()),
        ("typedef", reserved()),
        ("template", reserved()),
        ("this", reserved()),
        (
            "packed",
            kw(
                Kw::Packed,
                (110, 100),
                (140, 300),
                &[E::ARB_uniform_buffer_object],
            ),
        ),
        ("goto", reserved()),
        ("switch", kw(Kw::Switch, (110, 100), (130, 300), &[])),
        ("default", kw(Kw::Default, (110, 100), (130, 300), &[])),
        ("inline", reserved()),
        ("noinline", reserved()),
        ("public", reserved()),
        ("static", reserved()),
        ("extern", reserved()),
        ("external", reserved()),
        ("interface", reserved()),
        ("long", reserved()),
        ("short", reserved()),
        ("double", ty(T::Double, (110, 100), (400, 0), FP64)),
        ("half", reserved()),
        ("fixed", reserved()),
        ("unsigned", kw(Kw::Unsigned, (110, 100), NEVER, GPU4)),
        ("input", reserved()),
        ("output", reserved()),
        ("hvec2", reserved()),
        ("hvec3", reserved()),
        ("hvec4", reserved()),
        ("dvec2", ty(T::Dvec2, (110, 100), (400, 0), FP64)),
        ("dvec3", ty(T::Dvec3, (110, 100), (400, 0), FP64)),
        ("dvec4", ty(T::Dvec4, (110, 100), (400, 0), FP64)),
        ("dmat2", ty(T::Dmat2, (110, 100), (400, 0), FP64)),
        ("dmat3", ty(T::Dmat3, (110, 100), (400, 0), FP64)),
        ("dmat4", ty(T::Dmat4, (110, 100), (400, 0), FP64)),
        ("dmat2x2", ty(T::Dmat2x2, (110, 100), (400, 0), FP64)),
        ("dmat2x3", ty(T::Dmat2x3, (110, 100), (400, 0), FP64)),
        ("dmat2x4", ty(T::Dmat2x4, (110, 100), (400, 0), FP64)),
        ("dmat3x2", ty(T::Dmat3x2, (110, 100), (400, 0), FP64)),
        ("dmat3x3", ty(T::Dmat3x3, (110, 100), (400, 0), FP64)),
        ("dmat3x4", ty(T::Dmat3x4, (110, 100), (400, 0), FP64)),
        ("dmat4x2", ty(T::Dmat4x2, (110, 100), (400, 0), FP64)),
        ("dmat4x3", ty(T::Dmat4x3, (110, 100), (400, 0), FP64)),
        ("dmat4x4", ty(T::Dmat4x4, (110, 100), (400, 0), FP64)),
        ("fvec2", reserved()),
        ("fvec3", reserved()),
        ("fvec4", reserved()),
        (
            "sampler2DRect",
            ty(
                T::Sampler2DRect,
                (110, 100),
                (140, 0),
                &[E::ARB_texture_rectangle],
            ),
        ),
        ("sampler3DRect", reserved()),
        (
            "sampler2DRectShadow",
            ty(
                T::Sampler2DRectShadow,
                (110, 100),
                (140, 0),
                &[E::ARB_texture_rectangle],
            ),
        ),
        ("sizeof", reserved()),
        ("cast", reserved()),
        ("namespace", reserved()),
        ("using", reserved()),
        // Reserved in GLSL 1.20.
        ("lowp", kw(Kw::Lowp, (120, 100), (130, 100), &[])),
        ("mediump", kw(Kw::Mediump, (120, 100), (130, 100), &[])),
        ("highp", kw(Kw::Highp, (120, 100), (130, 100), &[])),
        ("precision", kw(Kw::Precision, (120, 100), (130, 100), &[])),
        // Reserved in GLSL 1.30.
        ("case", kw(Kw::Case, (130, 300), (130, 300), &[])),
        ("common", kw(Kw::Void, (130, 300), NEVER, &[])),
        ("partition", kw(Kw::Void, (130, 300), NEVER, &[])),
        ("active", kw(Kw::Void, (130, 300), NEVER, &[])),
        ("superp", kw(Kw::Void, (130, 100), NEVER, &[])),
        (
            "samplerBuffer",
            ty(T::SamplerBuffer, (130, 300), (140, 320), TEX_BUF),
        ),
        ("filter", kw(Kw::Void, (130, 300), NEVER, &[])),
        (
            "row_major",
            kw(
                Kw::RowMajor,
                (130, 0),
                (140, 0),
                &[E::ARB_uniform_buffer_object],
            ),
        ),
        // Reserved in GLSL 1.40.
        (
            "isampler2DRect",
            ty(T::Isampler2DRect, (140, 300), (140, 0), GPU4),
        ),
        (
            "usampler2DRect",
            ty(T::Usampler2DRect, (140, 300), (140, 0), GPU4),
        ),
        (
            "isamplerBuffer",
            ty(T::IsamplerBuffer, (140, 300), (140, 320), TEX_BUF),
        ),
        (
            "usamplerBuffer",
            ty(T::UsamplerBuffer, (140, 300), (140, 320), TEX_BUF),
        ),
        // Reserved in GLSL ES 3.00.
        ("resource", kw(Kw::Void, (420, 300), NEVER, &[])),
        (
            "sample",
            kw(
                Kw::Sample,
                (400, 300),
                (400, 320),
                &[
                    E::ARB_gpu_shader5,
                    E::OES_shader_multisample_interpolation,
                    E::OES_multisample_interpolation,
                ],
            ),
        ),
        (
            "subroutine",
            kw(
                Kw::Subroutine,
                (400, 300),
                (400, 0),
                &[E::ARB_shader_subroutine],
            ),
        ),
        (
            "demote",
            kw(
                Kw::Demote,
                NEVER,
                NEVER,
                &[E::EXT_demote_to_helper_invocation],
            ),
        ),
        // ARB_gpu_shader_int64.
        ("int64_t", ty(T::Int64, NEVER, NEVER, INT64)),
        ("i64vec2", ty(T::I64vec2, NEVER, NEVER, INT64)),
        ("i64vec3", ty(T::I64vec3, NEVER, NEVER, INT64)),
        ("i64vec4", ty(T::I64vec4, NEVER, NEVER, INT64)),
        ("uint64_t", ty(T::Uint64, NEVER, NEVER, INT64)),
        ("u64vec2", ty(T::U64vec2, NEVER, NEVER, INT64)),
        ("u64vec3", ty(T::U64vec3, NEVER, NEVER, INT64)),
        ("u64vec4", ty(T::U64vec4, NEVER, NEVER, INT64)),
    ];
    for (name, r) in rows {
        m.insert(name, *r);
    }
    m
});

/// Classifies `word` for a shader of `version` with `enabled` extensions.
pub fn classify(word: &str, version: Version, enabled: &ExtSet) -> Class {
    let Some(r) = TABLE.get(word) else {
        return Class::Ident;
    };
    match r.special {
        Special::Deprecated => {
            return if version.at_least(r.reserved.0, r.reserved.1) && !version.is_compat() {
                Class::Reserved
            } else {
                Class::Word(r.word)
            };
        }
        Special::DeprecatedEsType => {
            return if version.at_least(0, 300) {
                Class::Reserved
            } else {
                Class::Word(r.word)
            };
        }
        Special::None => {}
    }
    if version.at_least(r.allowed.0, r.allowed.1) || enabled.any(r.alt) {
        Class::Word(r.word)
    } else if version.at_least(r.reserved.0, r.reserved.1) {
        Class::Reserved
    } else {
        Class::Ident
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(word: &str, v: Version) -> Class {
        classify(word, v, &ExtSet::default())
    }

    #[test]
    fn version_gating() {
        let v110 = Version::desktop(110);
        let v130 = Version::desktop(130);
        let v400 = Version::desktop(400);
        let es300 = Version::es(300);
        assert_eq!(c("switch", v110), Class::Reserved);
        assert_eq!(c("switch", v130), Class::Word(Word::Kw(Kw::Switch)));
        assert_eq!(c("sample", v130), Class::Ident);
        assert_eq!(c("sample", v400), Class::Word(Word::Kw(Kw::Sample)));
        assert_eq!(c("sample", es300), Class::Reserved);
        assert_eq!(c("double", v130), Class::Reserved);
        assert_eq!(c("double", v400), Class::Word(Word::Type(T::Double)));
        assert_eq!(c("goto", es300), Class::Reserved);
        assert_eq!(c("hvec2", v400), Class::Reserved);
        assert_eq!(c("layout", v130), Class::Ident);
        assert_eq!(c("attribute", Version::desktop(420)), Class::Reserved);
        assert_eq!(c("attribute", v130), Class::Word(Word::Kw(Kw::Attribute)));
        assert_eq!(c("sampler1D", es300), Class::Reserved);
        assert_eq!(c("foo", v110), Class::Ident);
    }

    #[test]
    fn extensions_enable_words() {
        let mut e = ExtSet::default();
        e.insert(Ext::ARB_gpu_shader_fp64);
        let v = Version::desktop(150);
        assert_eq!(classify("dvec2", v, &e), Class::Word(Word::Type(T::Dvec2)));
        assert_eq!(classify("int64_t", v, &e), Class::Ident);
    }
}
