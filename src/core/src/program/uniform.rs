//! Uniform values of GLSL programs: GLSL types as the API sees them, values
//! stored directly in each stage's default uniform block (std140 offsets
//! from the linker), `glUniform*` / `glGetUniform*` rules (GL 2.1 §2.15.3),
//! and the compatibility built-in uniforms (`gl_ModelViewMatrix`,
//! `gl_LightSource[i]`, ...) filled from the context's state at each draw.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_glsl::lower::UniformKind;

use crate::compat::matrix::Mat4;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};

/// What one component of a uniform is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// `float`, `vecN`, `matCxR`.
    Float,
    /// `int`, `ivecN`.
    Int,
    /// `uint`, `uvecN`.
    Uint,
    /// `bool`, `bvecN` (stored as 0 / 1).
    Bool,
    /// A sampler: its value is a texture unit.
    Sampler,
    /// An image (ARB_shader_image_load_store): its value is an image unit.
    Image,
    /// `double`, `dvecN`, `dmatCxR` (ARB_gpu_shader_fp64): 8 bytes a
    /// component.
    Double,
}

impl Base {
    /// Bytes a component takes in a uniform block.
    pub fn size(self) -> usize {
        if self == Base::Double { 8 } else { 4 }
    }
}

/// A GLSL type as the uniform and attribute APIs see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniformType {
    /// `GL_FLOAT_VEC3`, `GL_SAMPLER_2D`, ...
    pub gl: GLenum,
    /// Component kind.
    pub base: Base,
    /// Columns (1 unless a matrix).
    pub cols: u8,
    /// Rows: components per column.
    pub rows: u8,
}

impl UniformType {
    /// Components of one element.
    pub fn components(&self) -> usize {
        usize::from(self.cols) * usize::from(self.rows)
    }

    /// The type of the GLSL type name `ty`, `None` for one the API cannot
    /// name (structs are expanded by the compiler).
    pub fn parse(ty: &str) -> Option<UniformType> {
        let t = |gl, base, cols, rows| {
            Some(UniformType {
                gl,
                base,
                cols,
                rows,
            })
        };
        let vec = |base: Base, n: u8| {
            let gl = match (base, n) {
                (Base::Float, 1) => GL_FLOAT,
                (Base::Float, 2) => GL_FLOAT_VEC2,
                (Base::Float, 3) => GL_FLOAT_VEC3,
                (Base::Float, _) => GL_FLOAT_VEC4,
                (Base::Int, 1) => GL_INT,
                (Base::Int, 2) => GL_INT_VEC2,
                (Base::Int, 3) => GL_INT_VEC3,
                (Base::Int, _) => GL_INT_VEC4,
                (Base::Uint, 1) => GL_UNSIGNED_INT,
                (Base::Uint, 2) => GL_UNSIGNED_INT_VEC2,
                (Base::Uint, 3) => GL_UNSIGNED_INT_VEC3,
                (Base::Uint, _) => GL_UNSIGNED_INT_VEC4,
                (Base::Bool, 1) => GL_BOOL,
                (Base::Bool, 2) => GL_BOOL_VEC2,
                (Base::Bool, 3) => GL_BOOL_VEC3,
                (Base::Double, 1) => GL_DOUBLE,
                (Base::Double, 2) => GL_DOUBLE_VEC2,
                (Base::Double, 3) => GL_DOUBLE_VEC3,
                (Base::Double, _) => GL_DOUBLE_VEC4,
                (_, _) => GL_BOOL_VEC4,
            };
            t(gl, base, 1, n)
        };
        match ty {
            // No location: only its type and size are visible.
            "atomic_uint" => t(GL_UNSIGNED_INT_ATOMIC_COUNTER, Base::Uint, 1, 1),
            "float" => vec(Base::Float, 1),
            "int" => vec(Base::Int, 1),
            "uint" => vec(Base::Uint, 1),
            "bool" => vec(Base::Bool, 1),
            "double" => vec(Base::Double, 1),
            _ => {
                if let Some(n) = ty.strip_prefix("vec") {
                    return vec(Base::Float, n.parse().ok()?);
                }
                if let Some(n) = ty.strip_prefix("ivec") {
                    return vec(Base::Int, n.parse().ok()?);
                }
                if let Some(n) = ty.strip_prefix("uvec") {
                    return vec(Base::Uint, n.parse().ok()?);
                }
                if let Some(n) = ty.strip_prefix("bvec") {
                    return vec(Base::Bool, n.parse().ok()?);
                }
                if let Some(n) = ty.strip_prefix("dvec") {
                    return vec(Base::Double, n.parse().ok()?);
                }
                let (base, mat) = match ty.strip_prefix("dmat") {
                    Some(m) => (Base::Double, Some(m)),
                    None => (Base::Float, ty.strip_prefix("mat")),
                };
                if let Some(m) = mat {
                    let (c, r) = match m.split_once('x') {
                        Some((c, r)) => (c.parse().ok()?, r.parse().ok()?),
                        None => {
                            let n: u8 = m.parse().ok()?;
                            (n, n)
                        }
                    };
                    let gl = match (base, c, r) {
                        (Base::Float, 2, 2) => GL_FLOAT_MAT2,
                        (Base::Float, 3, 3) => GL_FLOAT_MAT3,
                        (Base::Float, 4, 4) => GL_FLOAT_MAT4,
                        (Base::Float, 2, 3) => GL_FLOAT_MAT2x3,
                        (Base::Float, 2, 4) => GL_FLOAT_MAT2x4,
                        (Base::Float, 3, 2) => GL_FLOAT_MAT3x2,
                        (Base::Float, 3, 4) => GL_FLOAT_MAT3x4,
                        (Base::Float, 4, 2) => GL_FLOAT_MAT4x2,
                        (Base::Float, 4, 3) => GL_FLOAT_MAT4x3,
                        (_, 2, 2) => GL_DOUBLE_MAT2,
                        (_, 3, 3) => GL_DOUBLE_MAT3,
                        (_, 4, 4) => GL_DOUBLE_MAT4,
                        (_, 2, 3) => GL_DOUBLE_MAT2x3,
                        (_, 2, 4) => GL_DOUBLE_MAT2x4,
                        (_, 3, 2) => GL_DOUBLE_MAT3x2,
                        (_, 3, 4) => GL_DOUBLE_MAT3x4,
                        (_, 4, 2) => GL_DOUBLE_MAT4x2,
                        (_, 4, 3) => GL_DOUBLE_MAT4x3,
                        _ => return None,
                    };
                    return t(gl, base, c, r);
                }
                if let Some(gl) = image_type(ty) {
                    return t(gl, Base::Image, 1, 1);
                }
                let gl = match ty {
                    "sampler1D" => GL_SAMPLER_1D,
                    "sampler2D" => GL_SAMPLER_2D,
                    "sampler3D" => GL_SAMPLER_3D,
                    "samplerCube" => GL_SAMPLER_CUBE,
                    "sampler1DShadow" => GL_SAMPLER_1D_SHADOW,
                    "sampler2DShadow" => GL_SAMPLER_2D_SHADOW,
                    "sampler2DRect" => GL_SAMPLER_2D_RECT,
                    "sampler2DRectShadow" => GL_SAMPLER_2D_RECT_SHADOW,
                    // EXT_gpu_shader4 (GL 3.0), EXT_texture_array.
                    "samplerCubeShadow" => GL_SAMPLER_CUBE_SHADOW,
                    "sampler1DArray" => GL_SAMPLER_1D_ARRAY,
                    "sampler2DArray" => GL_SAMPLER_2D_ARRAY,
                    "sampler1DArrayShadow" => GL_SAMPLER_1D_ARRAY_SHADOW,
                    "sampler2DArrayShadow" => GL_SAMPLER_2D_ARRAY_SHADOW,
                    "isampler1DArray" => GL_INT_SAMPLER_1D_ARRAY,
                    "isampler2DArray" => GL_INT_SAMPLER_2D_ARRAY,
                    "usampler1DArray" => GL_UNSIGNED_INT_SAMPLER_1D_ARRAY,
                    "usampler2DArray" => GL_UNSIGNED_INT_SAMPLER_2D_ARRAY,
                    "isampler1D" => GL_INT_SAMPLER_1D,
                    "isampler2D" => GL_INT_SAMPLER_2D,
                    "isampler3D" => GL_INT_SAMPLER_3D,
                    "isamplerCube" => GL_INT_SAMPLER_CUBE,
                    "isampler2DRect" => GL_INT_SAMPLER_2D_RECT,
                    "usampler1D" => GL_UNSIGNED_INT_SAMPLER_1D,
                    "usampler2D" => GL_UNSIGNED_INT_SAMPLER_2D,
                    "usampler3D" => GL_UNSIGNED_INT_SAMPLER_3D,
                    "usamplerCube" => GL_UNSIGNED_INT_SAMPLER_CUBE,
                    "usampler2DRect" => GL_UNSIGNED_INT_SAMPLER_2D_RECT,
                    // ARB_texture_cube_map_array.
                    "samplerCubeArray" => GL_SAMPLER_CUBE_MAP_ARRAY,
                    "samplerCubeArrayShadow" => GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW,
                    "isamplerCubeArray" => GL_INT_SAMPLER_CUBE_MAP_ARRAY,
                    "usamplerCubeArray" => GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY,
                    // Buffer textures (ARB_texture_buffer_object,
                    // EXT_gpu_shader4).
                    "samplerBuffer" => GL_SAMPLER_BUFFER,
                    "isamplerBuffer" => GL_INT_SAMPLER_BUFFER,
                    "usamplerBuffer" => GL_UNSIGNED_INT_SAMPLER_BUFFER,
                    // ARB_texture_multisample (GL 3.2).
                    "sampler2DMS" => GL_SAMPLER_2D_MULTISAMPLE,
                    "isampler2DMS" => GL_INT_SAMPLER_2D_MULTISAMPLE,
                    "usampler2DMS" => GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE,
                    "sampler2DMSArray" => GL_SAMPLER_2D_MULTISAMPLE_ARRAY,
                    "isampler2DMSArray" => GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY,
                    "usampler2DMSArray" => GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY,
                    _ => return None,
                };
                t(gl, Base::Sampler, 1, 1)
            }
        }
    }
}

/// The GL type of image type `ty` (`GL_IMAGE_2D` for `image2D`): the
/// float, int and unsigned types each run through the dimensions in one
/// order from `GL_IMAGE_1D`, `GL_INT_IMAGE_1D` and
/// `GL_UNSIGNED_INT_IMAGE_1D`.
fn image_type(ty: &str) -> Option<GLenum> {
    const DIMS: [&str; 11] = [
        "1D",
        "2D",
        "3D",
        "2DRect",
        "Cube",
        "Buffer",
        "1DArray",
        "2DArray",
        "CubeArray",
        "2DMS",
        "2DMSArray",
    ];
    let (prefix, dim) = ty.split_once("image")?;
    let first = match prefix {
        "" => 0x904C,  // GL_IMAGE_1D
        "i" => 0x9057, // GL_INT_IMAGE_1D
        "u" => 0x9062, // GL_UNSIGNED_INT_IMAGE_1D
        _ => return None,
    };
    let k = DIMS.iter().position(|d| *d == dim)?;
    Some(first + k as GLenum)
}

/// The values a `glUniform*` call carries.
#[derive(Clone, Copy, Debug)]
pub enum Values<'a> {
    /// `glUniform*f*`, `glUniformMatrix*`.
    Float(&'a [f32]),
    /// `glUniform*i*`.
    Int(&'a [i32]),
    /// `glUniform*ui*` (GL 3.0, EXT_gpu_shader4).
    Uint(&'a [u32]),
    /// `glUniform*d*`, `glUniformMatrix*dv` (ARB_gpu_shader_fp64).
    Double(&'a [f64]),
}

impl Values<'_> {
    /// The number of values (components) the call carries.
    pub fn len(&self) -> usize {
        match self {
            Values::Float(v) => v.len(),
            Values::Int(v) => v.len(),
            Values::Uint(v) => v.len(),
            Values::Double(v) => v.len(),
        }
    }

    /// No values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The byte offset of component `c` of element `e` of a `ty` uniform at
/// `kind` (4 bytes per component, 8 for doubles).
fn component_offset(kind: &UniformKind, ty: &UniformType, e: usize, c: usize) -> Option<usize> {
    let UniformKind::Data {
        offset,
        array_stride,
        matrix_stride,
    } = *kind
    else {
        return None;
    };
    let rows = usize::from(ty.rows);
    let (col, row) = (c / rows, c % rows);
    Some(
        offset as usize
            + e * array_stride as usize
            + col * matrix_stride as usize
            + row * ty.base.size(),
    )
}

/// Stores `bits` at component `c` of element `e` (the low 4 bytes of
/// `bits` unless the uniform is a double).
pub(crate) fn store(
    block: &mut [u8],
    kind: &UniformKind,
    ty: &UniformType,
    e: usize,
    c: usize,
    bits: u64,
) {
    let n = ty.base.size();
    if let Some(o) = component_offset(kind, ty, e, c)
        && let Some(dst) = block.get_mut(o..o + n)
    {
        dst.copy_from_slice(&bits.to_le_bytes()[..n]);
    }
}

/// Loads component `c` of element `e`.
pub(crate) fn load(block: &[u8], kind: &UniformKind, ty: &UniformType, e: usize, c: usize) -> u64 {
    let n = ty.base.size();
    component_offset(kind, ty, e, c)
        .and_then(|o| block.get(o..o + n))
        .map_or(0, |b| {
            let mut w = [0u8; 8];
            w[..n].copy_from_slice(b);
            u64::from_le_bytes(w)
        })
}

/// The bits stored for component value `i` of `values` in a `base` uniform
/// (calls whose kind does not fit the uniform's are refused before).
pub(crate) fn convert(values: Values<'_>, i: usize, base: Base) -> u64 {
    let w = |x: u32| u64::from(x);
    match (values, base) {
        (Values::Float(v), Base::Bool) => u64::from(v[i] != 0.0),
        (Values::Int(v), Base::Bool) => u64::from(v[i] != 0),
        (Values::Float(v), _) => w(v[i].to_bits()),
        (Values::Int(v), Base::Float) => w((v[i] as f32).to_bits()),
        (Values::Int(v), _) => w(v[i] as u32),
        (Values::Uint(v), Base::Bool) => u64::from(v[i] != 0),
        (Values::Uint(v), Base::Float) => w((v[i] as f32).to_bits()),
        (Values::Uint(v), _) => w(v[i]),
        (Values::Double(v), Base::Double) => v[i].to_bits(),
        (Values::Double(v), _) => w((v[i] as f32).to_bits()),
    }
}

/// A stored component as a double (`glGetUniformdv`).
pub fn as_f64(base: Base, bits: u64) -> f64 {
    match base {
        Base::Float => f64::from(f32::from_bits(bits as u32)),
        Base::Int | Base::Sampler | Base::Image => f64::from(bits as u32 as i32),
        Base::Uint | Base::Bool => f64::from(bits as u32),
        Base::Double => f64::from_bits(bits),
    }
}

/// Checks a `glUniform*` call against the uniform's type: `comps`
/// components per element, a matrix call or not (GL 2.1 §2.15.3).
pub(crate) fn check_call(
    ty: &UniformType,
    values: Values<'_>,
    comps: usize,
    matrix: bool,
) -> ApiResult {
    let size_ok = ty.components() == comps && (ty.cols > 1) == matrix;
    let kind_ok = match (ty.base, values) {
        (Base::Float, Values::Float(_)) | (Base::Double, Values::Double(_)) => true,
        // GL 3.0 §2.20.3: the integer calls match the uniform's
        // signedness; booleans take any but the double ones
        // (ARB_gpu_shader_fp64, issue 15).
        (Base::Int, Values::Int(_)) | (Base::Uint, Values::Uint(_)) => !matrix,
        (Base::Bool, Values::Double(_)) => false,
        (Base::Bool, _) => !matrix,
        (Base::Sampler | Base::Image, Values::Int(_)) => comps == 1,
        _ => false,
    };
    if size_ok && kind_ok {
        Ok(())
    } else {
        Err(ApiError::InvalidOperation.because("type mismatch"))
    }
}

/// One compatibility built-in uniform leaf: `gl_Name`, its element index
/// (`[i]` of the name or of the array element) and member.
fn split_builtin(name: &str) -> (&str, Option<usize>, Option<&str>) {
    let (head, member) = match name.split_once('.') {
        Some((h, m)) => (h, Some(m)),
        None => (name, None),
    };
    match head.split_once('[') {
        Some((root, rest)) => {
            let idx = rest.trim_end_matches(']').parse().ok();
            (root, idx, member)
        }
        None => (head, None, member),
    }
}

fn columns(m: &Mat4) -> [f32; 16] {
    m.0
}

impl Context {
    /// The value of compatibility built-in uniform `name` (an entry of the
    /// uniform table), element `e`, as up to 16 floats (matrices column by
    /// column); `None` for one not tracked here (reads as 0).
    pub(crate) fn builtin_uniform(&self, name: &str, e: usize) -> Option<Vec<f32>> {
        let (root, idx, member) = split_builtin(name);
        // An array of basic types lists element 0 with a count: the
        // element is `e`; an array of structs lists each element.
        let i = if member.is_some() {
            idx.unwrap_or(0)
        } else {
            idx.unwrap_or(0) + e
        };
        let mats = &self.ff.matrices;
        let mv = *mats.modelview.top();
        let proj = *mats.projection.top();
        let matrix = |base: &str| -> Option<Mat4> {
            Some(match base {
                "gl_ModelViewMatrix" => mv,
                "gl_ProjectionMatrix" => proj,
                "gl_ModelViewProjectionMatrix" => proj.mul(&mv),
                "gl_TextureMatrix" => mats.texture.get(i).map_or(Mat4::IDENTITY, |s| *s.top()),
                _ => return None,
            })
        };
        for (suffix, inverse, transpose) in [
            ("InverseTranspose", true, true),
            ("Inverse", true, false),
            ("Transpose", false, true),
            ("", false, false),
        ] {
            if let Some(base) = root.strip_suffix(suffix)
                && let Some(mut m) = matrix(base)
            {
                if inverse {
                    m = m.inverse().unwrap_or(Mat4::IDENTITY);
                }
                if transpose {
                    m = m.transpose();
                }
                return Some(columns(&m).to_vec());
            }
        }
        let l = &self.lighting;
        let v4 = |v: [f32; 4]| Some(v.to_vec());
        let f1 = |x: f32| Some(vec![x]);
        let mul = |a: [f32; 4], b: [f32; 4]| [a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]];
        match (root, member) {
            ("gl_NormalMatrix", None) => {
                let n = crate::compat::ffgen::normal_matrix(self, &mv);
                Some(n.iter().flat_map(|c| c[..3].to_vec()).collect())
            }
            // ARB_sample_shading: the draw framebuffer's samples (1 when
            // single-sampled; found as the draw began, `Submit::draw_samples`,
            // while the textures are not locked); an integer, as its bits.
            ("gl_NumSamples", None) => f1(f32::from_bits(self.submit.draw_samples.max(1))),
            ("gl_NormalScale", None) => {
                let inv = mv.inverse().unwrap_or(Mat4::IDENTITY);
                let r = [inv.at(2, 0), inv.at(2, 1), inv.at(2, 2)];
                let len = (r[0] * r[0] + r[1] * r[1] + r[2] * r[2]).sqrt();
                f1(if len > 0.0 { 1.0 / len } else { 1.0 })
            }
            ("gl_DepthRange", Some(m)) => {
                let [n, f] = self.state.depth_ranges[0];
                match m {
                    "near" => f1(n),
                    "far" => f1(f),
                    "diff" => f1(f - n),
                    _ => None,
                }
            }
            ("gl_ClipPlane", None) => self
                .clip_planes
                .get(i)
                .map(|p| p.map(|x| x as f32).to_vec()),
            ("gl_Point", Some(m)) => {
                let p = &self.raster.point;
                // The values as set (Mesa's STATE_POINT_SIZE), not clamped
                // to the implementation's range.
                match m {
                    "size" => f1(self.raster.point_size),
                    "sizeMin" => f1(p.min),
                    "sizeMax" => f1(p.max),
                    "fadeThresholdSize" => f1(p.fade_threshold),
                    "distanceConstantAttenuation" => f1(p.attenuation[0]),
                    "distanceLinearAttenuation" => f1(p.attenuation[1]),
                    "distanceQuadraticAttenuation" => f1(p.attenuation[2]),
                    _ => None,
                }
            }
            ("gl_FrontMaterial" | "gl_BackMaterial", Some(m)) => {
                let mat = &l.material[usize::from(root == "gl_BackMaterial")];
                match m {
                    "emission" => v4(mat.emission),
                    "ambient" => v4(mat.ambient),
                    "diffuse" => v4(mat.diffuse),
                    "specular" => v4(mat.specular),
                    "shininess" => f1(mat.shininess),
                    _ => None,
                }
            }
            ("gl_LightSource", Some(m)) => {
                let light = l.lights.get(i)?;
                match m {
                    "ambient" => v4(light.ambient),
                    "diffuse" => v4(light.diffuse),
                    "specular" => v4(light.specular),
                    "position" => v4(light.position),
                    "halfVector" => {
                        // Mesa: normalize(normalize(position) + (0, 0, 1))
                        // for the infinite viewer; w is the position's (1
                        // for a positional light, 0 for a directional one,
                        // as llvmpipe reports).
                        let p = light.position;
                        let n = crate::compat::ffgen::normalize3([p[0], p[1], p[2]]);
                        let h = crate::compat::ffgen::normalize3([n[0], n[1], n[2] + 1.0]);
                        v4([h[0], h[1], h[2], p[3]])
                    }
                    "spotDirection" => {
                        let d = light.spot_direction;
                        v4([d[0], d[1], d[2], 0.0])
                    }
                    "spotExponent" => f1(light.spot_exponent),
                    "spotCutoff" => f1(light.spot_cutoff),
                    "spotCosCutoff" => f1(f64::from(light.spot_cutoff).to_radians().cos() as f32),
                    "constantAttenuation" => f1(light.attenuation[0]),
                    "linearAttenuation" => f1(light.attenuation[1]),
                    "quadraticAttenuation" => f1(light.attenuation[2]),
                    _ => None,
                }
            }
            ("gl_LightModel", Some("ambient")) => v4(l.model_ambient),
            ("gl_FrontLightModelProduct" | "gl_BackLightModelProduct", Some("sceneColor")) => {
                let mat = &l.material[usize::from(root == "gl_BackLightModelProduct")];
                let a = mul(mat.ambient, l.model_ambient);
                let e = mat.emission;
                v4([a[0] + e[0], a[1] + e[1], a[2] + e[2], mat.diffuse[3]])
            }
            ("gl_FrontLightProduct" | "gl_BackLightProduct", Some(m)) => {
                let mat = &l.material[usize::from(root == "gl_BackLightProduct")];
                let light = l.lights.get(i)?;
                // The products' alpha is the material's (Mesa and NVIDIA).
                let product = |m: [f32; 4], l: [f32; 4]| {
                    let p = mul(m, l);
                    v4([p[0], p[1], p[2], m[3]])
                };
                match m {
                    "ambient" => product(mat.ambient, light.ambient),
                    "diffuse" => product(mat.diffuse, light.diffuse),
                    "specular" => product(mat.specular, light.specular),
                    _ => None,
                }
            }
            ("gl_TextureEnvColor", None) => self.texunits.env.get(i).map(|e| e.color.to_vec()),
            ("gl_EyePlaneS" | "gl_EyePlaneT" | "gl_EyePlaneR" | "gl_EyePlaneQ", None) => {
                let c = usize::from(root.as_bytes()[root.len() - 1] - b'Q') % 4;
                let c = [3, 2, 0, 1][c];
                self.texunits.texgen.get(i).map(|g| g.eye_plane[c].to_vec())
            }
            (
                "gl_ObjectPlaneS" | "gl_ObjectPlaneT" | "gl_ObjectPlaneR" | "gl_ObjectPlaneQ",
                None,
            ) => {
                let c = usize::from(root.as_bytes()[root.len() - 1] - b'Q') % 4;
                let c = [3, 2, 0, 1][c];
                self.texunits
                    .texgen
                    .get(i)
                    .map(|g| g.object_plane[c].to_vec())
            }
            ("gl_Fog", Some(m)) => {
                let f = &self.fog;
                match m {
                    "color" => v4(f.color),
                    "density" => f1(f.density),
                    "start" => f1(f.start),
                    "end" => f1(f.end),
                    // 1 / (end - start), +inf or -inf when they are equal
                    // (Mesa's STATE_FOG_PARAMS; piglit glsl-fs-fogscale).
                    "scale" => f1(1.0 / (f.end - f.start)),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_parse() {
        let m = UniformType::parse("mat2x3").unwrap();
        assert_eq!((m.gl, m.cols, m.rows), (GL_FLOAT_MAT2x3, 2, 3));
        assert_eq!(UniformType::parse("bvec3").unwrap().gl, GL_BOOL_VEC3);
        // ARB_texture_cube_map_array and buffer samplers are sampler
        // uniforms (EXT_gpu_shader4's samplerBuffer used to fail the link).
        for (name, gl) in [
            ("samplerCubeArrayShadow", GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW),
            ("usamplerCubeArray", GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY),
            ("samplerBuffer", GL_SAMPLER_BUFFER),
            ("isamplerBuffer", GL_INT_SAMPLER_BUFFER),
            (
                "usampler2DMSArray",
                GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY,
            ),
        ] {
            let t = UniformType::parse(name).unwrap();
            assert_eq!((t.gl, t.base), (gl, Base::Sampler), "{name}");
        }
        assert_eq!(
            UniformType::parse("sampler2DShadow").unwrap().base,
            Base::Sampler
        );
        assert_eq!(UniformType::parse("S"), None);
        for (name, gl) in [
            ("image2D", GL_IMAGE_2D),
            ("iimage2DArray", GL_INT_IMAGE_2D_ARRAY),
            (
                "uimage2DMSArray",
                GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE_ARRAY,
            ),
            ("imageBuffer", GL_IMAGE_BUFFER),
        ] {
            let t = UniformType::parse(name).unwrap();
            assert_eq!((t.gl, t.base), (gl, Base::Image), "{name}");
        }
    }

    #[test]
    fn plane_letters() {
        // S, T, R, Q -> coordinates 0, 1, 2, 3.
        for (l, want) in [(b'S', 0), (b'T', 1), (b'R', 2), (b'Q', 3)] {
            let c = usize::from(l - b'Q') % 4;
            assert_eq!([3, 2, 0, 1][c], want, "{}", l as char);
        }
    }

    #[test]
    fn calls_check_types() {
        let vec3 = UniformType::parse("vec3").unwrap();
        assert!(check_call(&vec3, Values::Float(&[0.0; 3]), 3, false).is_ok());
        assert!(check_call(&vec3, Values::Int(&[0; 3]), 3, false).is_err());
        let b = UniformType::parse("bool").unwrap();
        assert!(check_call(&b, Values::Int(&[1]), 1, false).is_ok());
        assert!(check_call(&b, Values::Float(&[1.0]), 1, false).is_ok());
        let s = UniformType::parse("sampler2D").unwrap();
        assert!(check_call(&s, Values::Float(&[1.0]), 1, false).is_err());
        let m = UniformType::parse("mat2").unwrap();
        assert!(check_call(&m, Values::Float(&[0.0; 4]), 4, true).is_ok());
        assert!(check_call(&m, Values::Float(&[0.0; 4]), 4, false).is_err());
    }
}
