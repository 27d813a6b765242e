//! Fixed function as generated shaders: the compatibility profile's vertex
//! transform, lighting and fragment colouring written as IR, so the backend
//! has one pipeline, the programmable one (DESIGN.md "vbo").
//!
//! [`FfKey`] holds only the state that changes *code* (which lights are on,
//! whether a light is positional or a spot, two-sided lighting, colour
//! material, flat shading, the alpha function, ...); every *value* (matrices,
//! colours, the alpha reference) lives in the default uniform block. A
//! generated [`FfProgram`] lists, per stage, which value sits at which byte
//! offset ([`Source`]), and [`pack`] fills a block from the context's state
//! at draw time. Programs are cached by key in the context.
//!
//! Interface (shared by the two stages):
//!
//! | VS input location | attribute (`vbo::Attrib` index) |
//! |---|---|
//! | 0, 1, 2, 3, ... | position, normal, colour, secondary colour, ... |
//!
//! | varying location | value |
//! |---|---|
//! | 0 / 1 | front / back primary colour |
//! | 2 / 3 | front / back secondary colour |
//!
//! The fragment shader writes colour output location 0.
//!
//! Lighting follows GL 4.6 compatibility §12.2.1 (equations 12.1–12.4):
//! `c = e + a·a_s + Σ att·spot·(a·a_l + max(n·VP, 0)·d·d_l + f·max(n·h, 0)^s·s·s_l)`,
//! with `f = 1` iff `n·VP > 0`, `h = VP + (0,0,1)` (or `VP + VP_e`, local
//! viewer), all directions normalized; colours are clamped to [0, 1].

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_ir::{
    AluOp, Builder, Builtin, Dim, InterpMode, Sampling, Scalar, Shader, Slot, Stage, SysVal,
    TexKind, TexOp, TextureDecl, Type, ValType, Value, VarKind,
};

use crate::compat::lighting::MAX_LIGHTS;
use crate::compat::matrix::Mat4;
use crate::compat::texenv::{MAX_FF_UNITS, TexEnv};
use crate::context::Context;

/// Varying locations.
pub mod varying {
    /// Front primary colour.
    pub const COLOR0: u32 = 0;
    /// Back primary colour.
    pub const BCOLOR0: u32 = 1;
    /// Front secondary colour.
    pub const COLOR1: u32 = 2;
    /// Back secondary colour.
    pub const BCOLOR1: u32 = 3;
    /// Texture coordinate set 0; set `u` is `TEX0 + u`.
    pub const TEX0: u32 = 4;
    /// The fog coordinate (x).
    pub const FOG: u32 = 12;
}

/// Texture-unit state that changes code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct UnitKey {
    /// 0: off; else the texture's dimensionality (`Dim` index + 1).
    pub dim: u8,
    /// Bit 0: the base format has colour; bit 1: alpha; bit 2: intensity.
    pub format: u8,
    /// `GL_TEXTURE_ENV_MODE`.
    pub mode: GLenum,
    /// With `GL_COMBINE`: functions, sources, operands (else zero).
    pub combine: [GLenum; 14],
    /// With `GL_COMBINE`: log2 of the RGB and alpha scales.
    pub scale: [u8; 2],
    /// `GL_TEXTURE_GEN_MODE` of S, T, R, Q when generation is enabled, else 0.
    pub texgen: [GLenum; 4],
    /// Depth comparison (ARB_shadow): 0 when off, else the texture's
    /// `GL_DEPTH_TEXTURE_MODE`, which spreads the result over the texel.
    pub shadow: GLenum,
}

impl UnitKey {
    /// The key of an enabled unit sampling a `dim` texture of `format`
    /// with environment `env`.
    pub fn new(dim: Dim, format: u8, env: &TexEnv) -> UnitKey {
        let mut k = UnitKey {
            dim: dim.index() as u8 + 1,
            format,
            mode: env.mode,
            ..UnitKey::default()
        };
        if env.mode == GL_COMBINE {
            let c = &mut k.combine;
            c[0] = env.combine[0];
            c[1] = env.combine[1];
            c[2..5].copy_from_slice(&env.src_rgb);
            c[5..8].copy_from_slice(&env.src_alpha);
            c[8..11].copy_from_slice(&env.op_rgb);
            c[11..14].copy_from_slice(&env.op_alpha);
            k.scale = env.scale.map(|s| s.log2() as u8);
        }
        k
    }

    fn dim(&self) -> Option<Dim> {
        if self.dim == 0 {
            return None;
        }
        [Dim::D1, Dim::D2, Dim::D3, Dim::Cube, Dim::Rect]
            .into_iter()
            .find(|d| d.index() as u8 + 1 == self.dim)
    }
}

/// Which material colours follow the current colour (`GL_COLOR_MATERIAL`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ColorMaterial {
    /// Bit 0: front, bit 1: back.
    pub faces: u8,
    /// Bits of [`MatParam`] indices replaced.
    pub params: u8,
}

/// Fragments that come from a pixel rectangle rather than a primitive
/// (`glDrawPixels`, `glCopyPixels`, `glBitmap`; GL 4.6 compatibility
/// §14.7, §18.1): the vertex stage passes the raster position's colour,
/// texture coordinates and fog distance through (constant attributes), and
/// the fragment stage reads the image, a rectangle texture at
/// [`PIXEL_IMAGE_UNIT`], at the fragment's window position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PixelOp {
    /// An ordinary primitive.
    #[default]
    None,
    /// RGBA pixels: the image gives the fragment's primary colour.
    Color,
    /// Depth pixels: the image gives the fragment's depth (red channel).
    Depth,
    /// A bitmap: fragments whose bit (red channel) is 0 are discarded.
    Bitmap,
}

/// The texture unit (binding) of the image of a [`PixelOp`] draw.
pub const PIXEL_IMAGE_UNIT: u32 = MAX_FF_UNITS as u32;

/// The state that changes generated code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FfKey {
    /// `GL_LIGHTING`.
    pub lighting: bool,
    /// Enabled lights (bit `i` = `GL_LIGHTi`), when lighting.
    pub lights: u8,
    /// Lights with a positional (w ≠ 0) position.
    pub positional: u8,
    /// Lights with a spot cutoff other than 180.
    pub spot: u8,
    /// `GL_LIGHT_MODEL_LOCAL_VIEWER`.
    pub local_viewer: bool,
    /// `GL_LIGHT_MODEL_TWO_SIDE`.
    pub two_side: bool,
    /// `GL_SEPARATE_SPECULAR_COLOR`.
    pub separate_specular: bool,
    /// `GL_COLOR_MATERIAL` (when lighting).
    pub color_material: ColorMaterial,
    /// Material parameters read per vertex from the material attributes
    /// (bit `5 face + MatParam`; `glMaterial` between Begin and End), when
    /// lighting. `GL_COLOR_MATERIAL` takes precedence.
    pub vertex_material: u16,
    /// `GL_NORMALIZE`.
    pub normalize: bool,
    /// `GL_COLOR_SUM`, or separate specular while lighting: the secondary
    /// colour is added after texturing.
    pub color_sum: bool,
    /// `glShadeModel(GL_FLAT)`.
    pub flat: bool,
    /// `GL_ALPHA_TEST` function, when enabled and not `GL_ALWAYS`.
    pub alpha_func: Option<GLenum>,
    /// Texture units, in order.
    pub units: [UnitKey; MAX_FF_UNITS],
    /// `GL_FOG`: mode and whether the coordinate is the fog coordinate
    /// attribute (else the eye-space depth).
    pub fog: Option<(GLenum, bool)>,
    /// Enabled user clip planes (bit `i` = `GL_CLIP_PLANEi`).
    pub clip_planes: u8,
    /// A pixel rectangle instead of a primitive.
    pub pixel_op: PixelOp,
    /// `GL_POINT_DISTANCE_ATTENUATION` is not (1, 0, 0): the vertex stage
    /// writes `gl_PointSize` ([`crate::points`]).
    pub point_attenuated: bool,
    /// ES 1.1's point size array (OES_point_size_array) is enabled: the
    /// vertex stage writes `gl_PointSize` from it.
    pub point_size_array: bool,
    /// `GL_CLAMP_VERTEX_COLOR` is off (ARB_color_buffer_float): the vertex
    /// stage's colours stay unclamped.
    pub unclamped_colors: bool,
}

/// Material parameters, in uniform order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatParam {
    /// Ambient reflectance.
    Ambient = 0,
    /// Diffuse reflectance.
    Diffuse = 1,
    /// Specular reflectance.
    Specular = 2,
    /// Emission.
    Emission = 3,
    /// Shininess in x.
    Shininess = 4,
}

/// Light parameters, in uniform order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LightParam {
    /// Ambient intensity.
    Ambient,
    /// Diffuse intensity.
    Diffuse,
    /// Specular intensity.
    Specular,
    /// Eye-space position; xyz normalized for directional lights.
    Position,
    /// Normalized spot direction (xyz), spot exponent (w).
    Spot,
    /// cos(spot cutoff), constant, linear, quadratic attenuation.
    Attenuation,
}

/// Where a uniform's value comes from. Each is one 16-byte slot (matrices:
/// four, one per column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// Column `n` of projection × modelview.
    Mvp(u8),
    /// Column `n` of the modelview matrix.
    Modelview(u8),
    /// Column `n` (xyz) of the normal matrix (inverse transpose of the
    /// modelview's upper 3×3, scaled for `GL_RESCALE_NORMAL`).
    Normal(u8),
    /// A material parameter of face 0 (front) or 1 (back).
    Material(u8, MatParam),
    /// `GL_LIGHT_MODEL_AMBIENT`.
    ModelAmbient,
    /// A parameter of light `i`.
    Light(u8, LightParam),
    /// The alpha test reference in x.
    AlphaRef,
    /// Column `n` of texture unit `u`'s texture matrix.
    TexMatrix(u8, u8),
    /// Texture unit `u`'s environment colour.
    EnvColor(u8),
    /// Fog colour.
    FogColor,
    /// Fog: density, start, end, 1 / (end - start).
    FogParams,
    /// User clip plane `i`, eye coordinates.
    ClipPlane(u8),
    /// Unit `u`'s object plane for coordinate `c`.
    ObjectPlane(u8, u8),
    /// Unit `u`'s eye plane for coordinate `c`.
    EyePlane(u8, u8),
    /// Pixel rectangles: window x, y of the image's origin and 1 / zoom x, y.
    PixelXform,
    /// Points: size, clamped minimum, clamped maximum, fade threshold.
    PointSize,
    /// Points: constant, linear, quadratic distance attenuation.
    PointAttenuation,
}

/// The uniforms of one stage: sources at byte offsets.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UniformLayout {
    /// (byte offset, source), offsets increasing.
    pub slots: Vec<(u32, Source)>,
    /// Bytes of the block.
    pub size: u32,
}

impl UniformLayout {
    /// The value of `src` loaded as a vec4, allocated on first use.
    fn load(&mut self, b: &mut Builder, src: Source) -> Value {
        let offset = match self.slots.iter().find(|(_, s)| *s == src) {
            Some((o, _)) => *o,
            None => {
                let o = self.size;
                self.slots.push((o, src));
                self.size += 16;
                o
            }
        };
        b.uniform(offset, ValType::F32X4)
    }
}

/// A generated program: both stages and their uniform layouts.
#[derive(Clone, Debug)]
pub struct FfProgram {
    /// The vertex stage.
    pub vs: Shader,
    /// The fragment stage.
    pub fs: Shader,
    /// Vertex stage uniforms.
    pub vs_uniforms: UniformLayout,
    /// Fragment stage uniforms.
    pub fs_uniforms: UniformLayout,
}

impl FfKey {
    /// The key of the context's current fixed-function state.
    pub fn from_context(ctx: &Context) -> FfKey {
        let on = |cap| ctx.state.enabled(cap);
        let l = &ctx.lighting;
        let lighting = on(GL_LIGHTING);
        let mut key = FfKey {
            lighting,
            normalize: on(GL_NORMALIZE),
            flat: ctx.ff.shade_model == GL_FLAT,
            unclamped_colors: !ctx.vertex_clamping(),
            ..FfKey::default()
        };
        if lighting {
            for (i, light) in l.lights.iter().enumerate() {
                if !on(GL_LIGHT0 + i as GLenum) {
                    continue;
                }
                key.lights |= 1 << i;
                if light.position[3] != 0.0 {
                    key.positional |= 1 << i;
                }
                if light.spot_cutoff != 180.0 {
                    key.spot |= 1 << i;
                }
            }
            key.local_viewer = l.local_viewer;
            key.two_side = l.two_side;
            key.separate_specular = l.color_control == GL_SEPARATE_SPECULAR_COLOR;
            if on(GL_COLOR_MATERIAL) {
                let faces = match l.color_material_face {
                    GL_FRONT => 1,
                    GL_BACK => 2,
                    _ => 3,
                };
                let params = match l.color_material_mode {
                    GL_AMBIENT => 1 << MatParam::Ambient as u8,
                    GL_DIFFUSE => 1 << MatParam::Diffuse as u8,
                    GL_SPECULAR => 1 << MatParam::Specular as u8,
                    GL_EMISSION => 1 << MatParam::Emission as u8,
                    _ => (1 << MatParam::Ambient as u8) | (1 << MatParam::Diffuse as u8),
                };
                key.color_material = ColorMaterial { faces, params };
            }
        }
        key.color_sum = on(GL_COLOR_SUM) || (lighting && key.separate_specular);
        if on(GL_FOG) {
            key.fog = Some((ctx.fog.mode, ctx.fog.coord_src == GL_FOG_COORD));
        }
        for i in 0..crate::compat::fog::MAX_CLIP_PLANES {
            if on(GL_CLIP_PLANE0 + i as GLenum) {
                key.clip_planes |= 1 << i;
            }
        }
        if on(GL_ALPHA_TEST) && ctx.raster.alpha_func.0 != GL_ALWAYS {
            key.alpha_func = Some(ctx.raster.alpha_func.0);
        }
        key.point_attenuated = ctx.raster.point.attenuated();
        key.point_size_array = ctx.point_size_array_on();
        key
    }
}

/// Generates the program for `key`.
pub fn generate(key: &FfKey) -> FfProgram {
    let mut vs_uniforms = UniformLayout::default();
    let mut fs_uniforms = UniformLayout::default();
    let vs = vertex_shader(key, &mut vs_uniforms);
    let fs = fragment_shader(key, &mut fs_uniforms);
    debug_assert_eq!(
        oxgl_ir::valid::validate(&vs).map_err(|e| e.to_string()),
        Ok(())
    );
    debug_assert_eq!(
        oxgl_ir::valid::validate(&fs).map_err(|e| e.to_string()),
        Ok(())
    );
    FfProgram {
        vs,
        fs,
        vs_uniforms,
        fs_uniforms,
    }
}

/// `a * b + c` unfused: an exactly rounded `fma` costs a dozen instructions
/// per lane on CPUs without the FMA instructions, and fixed function does
/// not need the single rounding.
fn mad(b: &mut Builder, x: Value, y: Value, z: Value) -> Value {
    let m = b.mul(x, y);
    b.add(m, z)
}

/// `m * v` with `m`'s columns from `col(i)`.
fn mat_vec(b: &mut Builder, cols: [Value; 4], v: Value) -> Value {
    let mut acc = None;
    for (i, c) in cols.into_iter().enumerate() {
        let s = b.lane(v, i as u8);
        let s4 = b.splat(s, 4);
        acc = Some(match acc {
            None => b.mul(c, s4),
            Some(a) => mad(b, c, s4, a),
        });
    }
    acc.unwrap_or_else(|| b.f32s(&[0.0; 4]))
}

fn clamp01(b: &mut Builder, v: Value) -> Value {
    b.un(AluOp::FSat, v)
}

/// A vertex colour as the vertex stage writes it: clamped to [0, 1]
/// unless `GL_CLAMP_VERTEX_COLOR` is off.
fn vertex_color(b: &mut Builder, key: &FfKey, v: Value) -> Value {
    if key.unclamped_colors {
        v
    } else {
        clamp01(b, v)
    }
}

/// The vertex stage of a pixel rectangle: the position is already in clip
/// coordinates; colours, texture coordinates and the fog distance are the
/// raster position's, passed through unchanged.
fn pixel_vertex_shader(key: &FfKey) -> Shader {
    let mut shader = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut shader);
    let pos = b.load_input(0, ValType::F32X4);
    b.store_builtin(Builtin::Position, pos);
    let c0 = b.load_input(crate::vbo::Attrib::COLOR0.0.into(), ValType::F32X4);
    b.store_output(varying::COLOR0, c0);
    let c1 = b.load_input(crate::vbo::Attrib::COLOR1.0.into(), ValType::F32X4);
    b.store_output(varying::COLOR1, c1);
    for (i, unit) in key.units.iter().enumerate() {
        if unit.dim != 0 {
            let tc = b.load_input(crate::vbo::Attrib::tex(i).0.into(), ValType::F32X4);
            b.store_output(varying::TEX0 + i as u32, tc);
        }
    }
    if key.fog.is_some() {
        let f = b.load_input(crate::vbo::Attrib::FOG.0.into(), ValType::F32X4);
        b.store_output(varying::FOG, f);
    }
    shader
}

fn vertex_shader(key: &FfKey, u: &mut UniformLayout) -> Shader {
    if key.pixel_op != PixelOp::None {
        return pixel_vertex_shader(key);
    }
    let mut shader = Shader::new(Stage::Vertex);
    let mut b = Builder::new(&mut shader);
    let pos = b.load_input(0, ValType::F32X4);
    let mvp = [0, 1, 2, 3].map(|i| u.load(&mut b, Source::Mvp(i)));
    let clip = mat_vec(&mut b, mvp, pos);
    b.store_builtin(Builtin::Position, clip);

    for (i, unit) in key.units.iter().enumerate() {
        if unit.dim == 0 {
            continue;
        }
        let mut tc = b.load_input(crate::vbo::Attrib::tex(i).0.into(), ValType::F32X4);
        if unit.texgen.iter().any(|m| *m != 0) {
            tc = tex_gen(&mut b, key, u, i, unit, tc, pos);
        }
        let m = [0, 1, 2, 3].map(|c| u.load(&mut b, Source::TexMatrix(i as u8, c)));
        let t = mat_vec(&mut b, m, tc);
        b.store_output(varying::TEX0 + i as u32, t);
    }

    if key.clip_planes != 0 {
        // gl_ClipDistance[i] = plane_i · eye position, for every enabled plane
        // (the backend clips on the enabled ones).
        let mv = [0, 1, 2, 3].map(|i| u.load(&mut b, Source::Modelview(i)));
        let eye = mat_vec(&mut b, mv, pos);
        let elem = b.shader.types.value(ValType::F32);
        let arr = Type::Array {
            elem,
            len: Some(crate::compat::fog::MAX_CLIP_PLANES as u32),
            stride: None,
        };
        let kind = VarKind::Output {
            slot: Slot::Builtin(Builtin::ClipDistance),
            index: 0,
        };
        let var = b.var("gl_ClipDistance", arr, kind);
        for i in 0..crate::compat::fog::MAX_CLIP_PLANES as u8 {
            if key.clip_planes & (1 << i) == 0 {
                continue;
            }
            let plane = u.load(&mut b, Source::ClipPlane(i));
            let d = b.dot(plane, eye);
            let deref = oxgl_ir::Deref {
                var,
                path: vec![oxgl_ir::Index::Const(u32::from(i))],
            };
            b.store(deref, d);
        }
    }
    if let Some((_, from_attrib)) = key.fog {
        let c = if from_attrib {
            let f = b.load_input(crate::vbo::Attrib::FOG.0.into(), ValType::F32X4);
            b.lane(f, 0)
        } else {
            // Eye-space distance approximated by |z_eye|, as Mesa does.
            let mv = [0, 1, 2, 3].map(|i| u.load(&mut b, Source::Modelview(i)));
            let eye = mat_vec(&mut b, mv, pos);
            let z = b.lane(eye, 2);
            b.un(AluOp::FAbs, z)
        };
        let zero = b.f32(0.0);
        let one = b.f32(1.0);
        let v = b.construct(&[c, zero, zero, one]);
        b.store_output(varying::FOG, v);
    }
    if key.point_attenuated || key.point_size_array {
        point_size(&mut b, u, pos, key.point_size_array);
    }

    let color = b.load_input(2, ValType::F32X4);
    if !key.lighting {
        let c = vertex_color(&mut b, key, color);
        b.store_output(varying::COLOR0, c);
        if key.two_side {
            b.store_output(varying::BCOLOR0, c);
        }
        if key.color_sum {
            let c1 = b.load_input(3, ValType::F32X4);
            let c1 = vertex_color(&mut b, key, c1);
            b.store_output(varying::COLOR1, c1);
        }
        return shader;
    }

    // Eye-space position and normal.
    let mv = [0, 1, 2, 3].map(|i| u.load(&mut b, Source::Modelview(i)));
    let eye = mat_vec(&mut b, mv, pos);
    let eye3 = b.swizzle(eye, "xyz");
    let normal = b.load_input(1, ValType::F32X4);
    let nm = [0, 1, 2].map(|i| u.load(&mut b, Source::Normal(i)));
    let mut n = {
        let n3 = b.swizzle(normal, "xyz");
        let zero = b.f32(0.0);
        let n4 = b.construct(&[n3, zero]);
        let n4 = mat_vec(&mut b, [nm[0], nm[1], nm[2], nm[2]], n4);
        b.swizzle(n4, "xyz")
    };
    if key.normalize {
        n = b.un(AluOp::Normalize, n);
    }
    let view = if key.local_viewer {
        let neg = b.neg(eye3);
        b.un(AluOp::Normalize, neg)
    } else {
        b.f32s(&[0.0, 0.0, 1.0])
    };

    let faces: &[u8] = if key.two_side { &[0, 1] } else { &[0] };
    for &face in faces {
        let material = |b: &mut Builder, u: &mut UniformLayout, p: MatParam| {
            let cm = key.color_material;
            let slot = usize::from(face) * crate::vbo::attrib::MATERIAL_PARAMS + p as usize;
            if cm.faces & (1 << face) != 0 && cm.params & (1 << p as u8) != 0 {
                color
            } else if key.vertex_material & (1 << slot) != 0 {
                let a = crate::vbo::Attrib::material(usize::from(face), p as usize);
                b.load_input(a.0.into(), ValType::F32X4)
            } else {
                u.load(b, Source::Material(face, p))
            }
        };
        let nf = if face == 0 { n } else { b.neg(n) };
        let emission = material(&mut b, u, MatParam::Emission);
        let ambient = material(&mut b, u, MatParam::Ambient);
        let diffuse = material(&mut b, u, MatParam::Diffuse);
        let specular = material(&mut b, u, MatParam::Specular);
        let shininess = {
            let s = material(&mut b, u, MatParam::Shininess);
            b.lane(s, 0)
        };
        let model_ambient = u.load(&mut b, Source::ModelAmbient);
        let base = mad(&mut b, ambient, model_ambient, emission);
        let mut primary = b.swizzle(base, "xyz");
        let mut secondary = b.f32s(&[0.0; 3]);
        for i in 0..MAX_LIGHTS as u8 {
            if key.lights & (1 << i) == 0 {
                continue;
            }
            let light = |b: &mut Builder, u: &mut UniformLayout, p| u.load(b, Source::Light(i, p));
            let lpos = light(&mut b, u, LightParam::Position);
            let lpos3 = b.swizzle(lpos, "xyz");
            let atten = light(&mut b, u, LightParam::Attenuation);
            let (vp, mut att) = if key.positional & (1 << i) != 0 {
                let d = b.sub(lpos3, eye3);
                let dist = b.un(AluOp::Length, d);
                let vp = b.un(AluOp::Normalize, d);
                // 1 / (k0 + k1 d + k2 d²)
                let k0 = b.lane(atten, 1);
                let k1 = b.lane(atten, 2);
                let k2 = b.lane(atten, 3);
                let t = mad(&mut b, k2, dist, k1);
                let t = mad(&mut b, t, dist, k0);
                let att = b.un(AluOp::Rcp, t);
                (vp, Some(att))
            } else {
                (lpos3, None)
            };
            if key.spot & (1 << i) != 0 {
                let spot = light(&mut b, u, LightParam::Spot);
                let dir = b.swizzle(spot, "xyz");
                let exponent = b.lane(spot, 3);
                let cos_cutoff = b.lane(atten, 0);
                let neg = b.neg(vp);
                let sd = b.dot(neg, dir);
                let zero = b.f32(0.0);
                let sdp = b.max(sd, zero);
                let p = b.bin(AluOp::Pow, sdp, exponent);
                let inside = b.ge(sd, cos_cutoff);
                let s = b.select(inside, p, zero);
                att = Some(match att {
                    Some(a) => b.mul(a, s),
                    None => s,
                });
            }
            let l_amb = light(&mut b, u, LightParam::Ambient);
            let l_dif = light(&mut b, u, LightParam::Diffuse);
            let l_spe = light(&mut b, u, LightParam::Specular);
            let zero = b.f32(0.0);
            let ndotl = b.dot(nf, vp);
            let ndotl_p = b.max(ndotl, zero);
            let h = b.add(vp, view);
            let h = b.un(AluOp::Normalize, h);
            let ndoth = b.dot(nf, h);
            let ndoth = b.max(ndoth, zero);
            let spec_pow = b.bin(AluOp::Pow, ndoth, shininess);
            let lit = b.lt(zero, ndotl);
            let spec_f = b.select(lit, spec_pow, zero);
            let a = b.mul(ambient, l_amb);
            let d = b.mul(diffuse, l_dif);
            let d3 = b.swizzle(d, "xyz");
            let dl = b.splat(ndotl_p, 3);
            let a3 = b.swizzle(a, "xyz");
            let mut term = mad(&mut b, d3, dl, a3);
            let s = b.mul(specular, l_spe);
            let s3 = b.swizzle(s, "xyz");
            let sf = b.splat(spec_f, 3);
            let mut spec = b.mul(s3, sf);
            if let Some(att) = att {
                let att3 = b.splat(att, 3);
                term = b.mul(term, att3);
                spec = b.mul(spec, att3);
            }
            primary = b.add(primary, term);
            if key.separate_specular {
                secondary = b.add(secondary, spec);
            } else {
                primary = b.add(primary, spec);
            }
        }
        let alpha = b.lane(diffuse, 3);
        let c0 = b.construct(&[primary, alpha]);
        let c0 = vertex_color(&mut b, key, c0);
        b.store_output(
            if face == 0 {
                varying::COLOR0
            } else {
                varying::BCOLOR0
            },
            c0,
        );
        if key.color_sum {
            let c1 = if key.separate_specular {
                let zero = b.f32(0.0);
                b.construct(&[secondary, zero])
            } else {
                b.f32s(&[0.0; 4])
            };
            let c1 = vertex_color(&mut b, key, c1);
            b.store_output(
                if face == 0 {
                    varying::COLOR1
                } else {
                    varying::BCOLOR1
                },
                c1,
            );
        }
    }
    shader
}

/// Attenuated point size (Mesa `ffvertex_prog.c` `build_atten_pointsize`):
/// `min(max(size / sqrt(a + b·d + c·d²), lower), upper)` with `d = |z_eye|`;
/// `size` is the point size array's (ES 1.1) when `from_array`, else
/// `glPointSize`'s.
fn point_size(b: &mut Builder, u: &mut UniformLayout, pos: Value, from_array: bool) {
    let mv = [0, 1, 2, 3].map(|i| u.load(b, Source::Modelview(i)));
    let eye = mat_vec(b, mv, pos);
    let z = b.lane(eye, 2);
    let d = b.un(AluOp::FAbs, z);
    let att = u.load(b, Source::PointAttenuation);
    let [k0, k1, k2] = [0, 1, 2].map(|i| b.lane(att, i));
    let t = mad(b, k2, d, k1);
    let t = mad(b, t, d, k0);
    let r = b.un(AluOp::Rsqrt, t);
    let sizes = u.load(b, Source::PointSize);
    let [mut size, lower, upper] = [0, 1, 2].map(|i| b.lane(sizes, i));
    if from_array {
        let a = b.load_input(crate::vbo::Attrib::POINT_SIZE_ES1.0.into(), ValType::F32X4);
        size = b.lane(a, 0);
    }
    let s = b.mul(size, r);
    let s = b.max(s, lower);
    let s = b.min(s, upper);
    b.store_builtin(Builtin::PointSize, s);
}

/// Texture coordinate generation for unit `i` (GL 4.6 compat §12.1.3):
/// each enabled coordinate of `tc` replaced by its generated value.
fn tex_gen(
    b: &mut Builder,
    key: &FfKey,
    u: &mut UniformLayout,
    i: usize,
    unit: &UnitKey,
    tc: Value,
    pos: Value,
) -> Value {
    let mv = [0, 1, 2, 3].map(|c| u.load(b, Source::Modelview(c)));
    let eye = mat_vec(b, mv, pos);
    let needs_normal = unit
        .texgen
        .iter()
        .any(|m| matches!(*m, GL_SPHERE_MAP | GL_NORMAL_MAP | GL_REFLECTION_MAP));
    let (mut n, mut r, mut sphere) = (None, None, None);
    if needs_normal {
        let normal = b.load_input(1, ValType::F32X4);
        let nm = [0, 1, 2].map(|c| u.load(b, Source::Normal(c)));
        let n3 = b.swizzle(normal, "xyz");
        let zero = b.f32(0.0);
        let n4 = b.construct(&[n3, zero]);
        let n4 = mat_vec(b, [nm[0], nm[1], nm[2], nm[2]], n4);
        let mut nn = b.swizzle(n4, "xyz");
        if key.normalize {
            nn = b.un(AluOp::Normalize, nn);
        }
        // r = u - 2 n (n · u), u the unit vector from the eye to the vertex.
        let e3 = b.swizzle(eye, "xyz");
        let uu = b.un(AluOp::Normalize, e3);
        let d = b.dot(nn, uu);
        let two = b.f32(2.0);
        let d2 = b.mul(d, two);
        let d23 = b.splat(d2, 3);
        let k = b.mul(nn, d23);
        let rr = b.sub(uu, k);
        // Sphere map: m = 2 sqrt(rx² + ry² + (rz + 1)²); s, t = r.xy / m + 1/2.
        let one = b.f32(1.0);
        let rz = b.lane(rr, 2);
        let rz1 = b.add(rz, one);
        let rxy = b.swizzle(rr, "xy");
        let q = b.dot(rxy, rxy);
        let rz1sq = b.mul(rz1, rz1);
        let q = b.add(q, rz1sq);
        let m = b.un(AluOp::Sqrt, q);
        let m = b.mul(m, two);
        let m2 = b.splat(m, 2);
        let st = b.div(rxy, m2);
        let half = b.f32s(&[0.5, 0.5]);
        sphere = Some(b.add(st, half));
        n = Some(nn);
        r = Some(rr);
    }
    let mut comps = [0, 1, 2, 3].map(|c| b.lane(tc, c));
    for (c, &mode) in unit.texgen.iter().enumerate() {
        let cu = c as u8;
        comps[c] = match mode {
            GL_OBJECT_LINEAR => {
                let p = u.load(b, Source::ObjectPlane(i as u8, cu));
                b.dot(p, pos)
            }
            GL_EYE_LINEAR => {
                let p = u.load(b, Source::EyePlane(i as u8, cu));
                b.dot(p, eye)
            }
            GL_SPHERE_MAP => match sphere {
                Some(st) => b.lane(st, cu),
                None => comps[c],
            },
            GL_NORMAL_MAP => match n {
                Some(v) => b.lane(v, cu),
                None => comps[c],
            },
            GL_REFLECTION_MAP => match r {
                Some(v) => b.lane(v, cu),
                None => comps[c],
            },
            _ => comps[c],
        };
    }
    b.construct(&comps)
}

/// Loads fragment input `location` with the key's interpolation.
fn fs_input(b: &mut Builder, key: &FfKey, location: u32) -> Value {
    let interp = if key.flat {
        InterpMode::Flat
    } else {
        InterpMode::Smooth
    };
    let kind = VarKind::Input {
        slot: Slot::Location {
            location,
            component: 0,
        },
        interp,
        sampling: Sampling::Center,
    };
    let var = b.var(&format!("in{location}"), Type::Value(ValType::F32X4), kind);
    b.load_var(var)
}

fn fragment_shader(key: &FfKey, u: &mut UniformLayout) -> Shader {
    let mut shader = Shader::new(Stage::Fragment);
    let mut b = Builder::new(&mut shader);
    let front = if key.two_side {
        Some(b.system(SysVal::FrontFacing))
    } else {
        None
    };
    let pick = |b: &mut Builder, f: u32, bk: u32| {
        let fv = fs_input(b, key, f);
        match front {
            Some(ff) => {
                let bv = fs_input(b, key, bk);
                let ff4 = b.splat(ff, 4);
                b.select(ff4, fv, bv)
            }
            None => fv,
        }
    };
    let mut color = pick(&mut b, varying::COLOR0, varying::BCOLOR0);
    if key.pixel_op != PixelOp::None {
        let texel = pixel_image_texel(&mut b, u);
        match key.pixel_op {
            PixelOp::Color => color = texel,
            PixelOp::Depth => {
                let z = b.lane(texel, 0);
                b.store_builtin(Builtin::FragDepth, z);
            }
            _ => {
                let bit = b.lane(texel, 0);
                let half = b.f32(0.5);
                let off = b.lt(bit, half);
                b.if_then(off, |b| b.discard());
            }
        }
    }
    color = texture_stages(&mut b, key, u, color);
    if key.color_sum {
        let c1 = pick(&mut b, varying::COLOR1, varying::BCOLOR1);
        let rgb = b.swizzle(color, "xyz");
        let rgb1 = b.swizzle(c1, "xyz");
        let sum = b.add(rgb, rgb1);
        let a = b.lane(color, 3);
        color = b.construct(&[sum, a]);
    }
    if let Some((mode, _)) = key.fog {
        color = apply_fog(&mut b, key, u, mode, color);
    }
    // No final clamp: the backend clamps colours for fixed-point buffers
    // before blending (GL 4.6 compat §17.3.6); texture stages clamp their
    // own results and interpolated colours are already in [0, 1].
    if let Some(func) = key.alpha_func {
        let r = u.load(&mut b, Source::AlphaRef);
        let reference = b.lane(r, 0);
        let a = b.lane(color, 3);
        let pass = match func {
            GL_NEVER => b.bool(false),
            GL_LESS => b.lt(a, reference),
            GL_EQUAL => b.eq(a, reference),
            GL_LEQUAL => b.le(a, reference),
            GL_GREATER => b.gt(a, reference),
            GL_NOTEQUAL => b.ne(a, reference),
            GL_GEQUAL => b.ge(a, reference),
            _ => b.bool(true),
        };
        let fail = b.un(AluOp::Not, pass);
        b.if_then(fail, |b| b.discard());
    }
    b.store_output(0, color);
    shader
}

/// The texel of a pixel rectangle's image under the fragment: image pixel
/// `floor((window - origin) / zoom)` (GL 4.6 compatibility §18.1.5), read
/// from the rectangle texture at its centre.
fn pixel_image_texel(b: &mut Builder, u: &mut UniformLayout) -> Value {
    let t = b.declare_texture(TextureDecl {
        name: "pixels".into(),
        dim: Dim::Rect,
        arrayed: false,
        multisample: false,
        shadow: false,
        kind: Scalar::F32,
        binding: PIXEL_IMAGE_UNIT,
    });
    let xform = u.load(b, Source::PixelXform);
    let fc = b.system(SysVal::FragCoord);
    let window = b.swizzle(fc, "xy");
    let origin = b.swizzle(xform, "xy");
    let inv_zoom = b.swizzle(xform, "zw");
    let d = b.sub(window, origin);
    let p = b.mul(d, inv_zoom);
    let p = b.un(AluOp::Floor, p);
    let half = b.f32s(&[0.5, 0.5]);
    let coord = b.add(p, half);
    b.sample(t, coord)
}

/// Blends `color` towards the fog colour (GL 4.6 compat §16.4): `f` is
/// `(end - c) / (end - start)`, `exp(-d c)` or `exp(-(d c)²)`, clamped.
fn apply_fog(
    b: &mut Builder,
    key: &FfKey,
    u: &mut UniformLayout,
    mode: GLenum,
    color: Value,
) -> Value {
    let kind = VarKind::Input {
        slot: Slot::Location {
            location: varying::FOG,
            component: 0,
        },
        interp: InterpMode::Smooth,
        sampling: Sampling::Center,
    };
    let _ = key;
    let var = b.var("fogcoord", Type::Value(ValType::F32X4), kind);
    let fc = b.load_var(var);
    let p = u.load(b, Source::FogParams);
    let fog = u.load(b, Source::FogColor);
    fog_blend(b, mode, fc, p, fog, color)
}

/// The fog blend of `color` at fog coordinate `fc` (its x): `params` holds
/// density, start, end and 1 / (end − start), `fog` the fog colour.
/// Fixed-function fog and the ARB_fragment_program fog options share it.
pub(crate) fn fog_blend(
    b: &mut Builder,
    mode: GLenum,
    fc: Value,
    params: Value,
    fog: Value,
    color: Value,
) -> Value {
    let (c, p) = (b.lane(fc, 0), params);
    let f = match mode {
        GL_LINEAR => {
            let end = b.lane(p, 2);
            let scale = b.lane(p, 3);
            let d = b.sub(end, c);
            b.mul(d, scale)
        }
        GL_EXP2 => {
            let density = b.lane(p, 0);
            let dc = b.mul(density, c);
            let sq = b.mul(dc, dc);
            let n = b.neg(sq);
            b.un(AluOp::Exp, n)
        }
        _ => {
            let density = b.lane(p, 0);
            let dc = b.mul(density, c);
            let n = b.neg(dc);
            b.un(AluOp::Exp, n)
        }
    };
    let f = b.un(AluOp::FSat, f);
    let rgb = b.swizzle(color, "xyz");
    let fog_rgb = b.swizzle(fog, "xyz");
    let f3 = b.splat(f, 3);
    // f · C + (1 − f) · C_fog
    let mixed = b.mix(fog_rgb, rgb, f3);
    let a = b.lane(color, 3);
    b.construct(&[mixed, a])
}

/// Samples every enabled unit and applies the texture environments in
/// unit order (GL 4.6 compatibility §16.1, tables 16.1–16.4); `primary` is
/// the fragment's colour.
fn texture_stages(b: &mut Builder, key: &FfKey, u: &mut UniformLayout, primary: Value) -> Value {
    // Every enabled unit's texel first: GL_COMBINE may read any unit.
    let mut texels: [Option<Value>; MAX_FF_UNITS] = [None; MAX_FF_UNITS];
    for (i, unit) in key.units.iter().enumerate() {
        let Some(dim) = unit.dim() else { continue };
        let shadow = unit.shadow != 0;
        let t = b.declare_texture(TextureDecl {
            name: format!("texture{i}"),
            dim,
            arrayed: false,
            multisample: false,
            shadow,
            kind: Scalar::F32,
            binding: i as u32,
        });
        let kind = VarKind::Input {
            slot: Slot::Location {
                location: varying::TEX0 + i as u32,
                component: 0,
            },
            interp: InterpMode::Smooth,
            sampling: Sampling::Center,
        };
        let var = b.var(&format!("tc{i}"), Type::Value(ValType::F32X4), kind);
        let tc = b.load_var(var);
        // Projective coordinates: divided by q (cube maps need no divide).
        let coord = match dim {
            Dim::Cube => b.swizzle(tc, "xyz"),
            _ => {
                let q = b.lane(tc, 3);
                let lanes = dim.coord_lanes();
                let c = b.swizzle(tc, &"xyz"[..lanes as usize]);
                let qs = b.splat(q, lanes);
                b.div(c, qs)
            }
        };
        texels[i] = Some(if shadow {
            shadow_sample(b, t, dim, tc, coord)
        } else {
            b.sample(t, coord)
        });
    }
    let mut prev = primary;
    for (i, unit) in key.units.iter().enumerate() {
        let Some(tex) = texels[i] else { continue };
        let env_color = Source::EnvColor(i as u8);
        prev = if unit.mode == GL_COMBINE {
            let cc = u.load(b, env_color);
            combine(b, unit, tex, &texels, cc, primary, prev)
        } else {
            let cc = (unit.mode == GL_BLEND).then(|| u.load(b, env_color));
            tex_env(b, unit, tex, cc, prev)
        };
    }
    prev
}

/// A depth comparison (ARB_shadow, GL 4.6 compat §8.23.1): the reference
/// is r / q (cube maps, which have no r to spare: q), clamped to [0, 1] as
/// for a fixed-point depth texture; the comparison result `c` becomes the
/// texel the depth mode says (luminance `c c c 1`, intensity `c c c c`,
/// alpha `0 0 0 c`, red `c 0 0 1`), which the texture's swizzle carries to
/// the sampler (`shadow_vec4`). Mesa takes the reference of a 1D texture
/// from t; ARB_shadow says r, which is what this does.
fn shadow_sample(b: &mut Builder, t: u32, dim: Dim, tc: Value, coord: Value) -> Value {
    let reference = if dim == Dim::Cube {
        b.lane(tc, 3)
    } else {
        let r = b.lane(tc, 2);
        let q = b.lane(tc, 3);
        b.div(r, q)
    };
    let reference = clamp01(b, reference);
    let mut op = TexOp::new(TexKind::Sample, t);
    op.coord = Some(coord);
    op.compare = Some(reference);
    op.shadow_vec4 = true;
    b.tex(op)
}

/// The classic environments (GL 4.6 compat tables 16.1–16.2), for a texel
/// `tex` already swizzled to its base format: `format` says which of colour
/// and alpha the format really has.
fn tex_env(b: &mut Builder, unit: &UnitKey, tex: Value, cc: Option<Value>, prev: Value) -> Value {
    let has_color = unit.format & 1 != 0;
    let has_alpha = unit.format & 2 != 0;
    let intensity = unit.format & 4 != 0;
    let cf = b.swizzle(prev, "xyz");
    let af = b.lane(prev, 3);
    let ct = b.swizzle(tex, "xyz");
    let at = b.lane(tex, 3);
    let modulate_alpha = |b: &mut Builder| if has_alpha { b.mul(af, at) } else { af };
    let (c, a) = match unit.mode {
        GL_REPLACE => (
            if has_color { ct } else { cf },
            if has_alpha { at } else { af },
        ),
        GL_DECAL => {
            let c = if has_alpha {
                let at3 = b.splat(at, 3);
                b.mix(cf, ct, at3)
            } else {
                ct
            };
            (c, af)
        }
        GL_BLEND => {
            let cc = cc.unwrap_or(prev);
            let c = if has_color {
                let cc3 = b.swizzle(cc, "xyz");
                b.mix(cf, cc3, ct)
            } else {
                cf
            };
            let a = if intensity {
                let ac = b.lane(cc, 3);
                b.mix(af, ac, at)
            } else {
                modulate_alpha(b)
            };
            (c, a)
        }
        GL_ADD => {
            let c = if has_color { b.add(cf, ct) } else { cf };
            let a = if intensity {
                b.add(af, at)
            } else {
                modulate_alpha(b)
            };
            (c, a)
        }
        // GL_MODULATE
        _ => (
            if has_color { b.mul(cf, ct) } else { cf },
            modulate_alpha(b),
        ),
    };
    let v = b.construct(&[c, a]);
    clamp01(b, v)
}

/// `GL_COMBINE` (GL 4.6 compat table 16.3–16.4).
fn combine(
    b: &mut Builder,
    unit: &UnitKey,
    tex: Value,
    texels: &[Option<Value>; MAX_FF_UNITS],
    constant: Value,
    primary: Value,
    prev: Value,
) -> Value {
    let k = &unit.combine;
    let src = |b: &mut Builder, s: GLenum| -> Value {
        match s {
            GL_TEXTURE => tex,
            GL_CONSTANT => constant,
            GL_PRIMARY_COLOR => primary,
            GL_TEXTURE0..=GL_TEXTURE7 => {
                texels[(s - GL_TEXTURE0) as usize].unwrap_or_else(|| b.f32s(&[0.0; 4]))
            }
            _ => prev,
        }
    };
    let one3 = b.f32s(&[1.0; 3]);
    let one = b.f32(1.0);
    let mut rgb_args = [one3; 3];
    let mut alpha_args = [one; 3];
    for n in 0..3 {
        let v = src(b, k[2 + n]);
        rgb_args[n] = match k[8 + n] {
            GL_SRC_COLOR => b.swizzle(v, "xyz"),
            GL_ONE_MINUS_SRC_COLOR => {
                let c = b.swizzle(v, "xyz");
                b.sub(one3, c)
            }
            GL_SRC_ALPHA => {
                let a = b.lane(v, 3);
                b.splat(a, 3)
            }
            _ => {
                let a = b.lane(v, 3);
                let a = b.sub(one, a);
                b.splat(a, 3)
            }
        };
        let va = src(b, k[5 + n]);
        let a = b.lane(va, 3);
        alpha_args[n] = if k[11 + n] == GL_ONE_MINUS_SRC_ALPHA {
            b.sub(one, a)
        } else {
            a
        };
    }
    let apply = |b: &mut Builder, f: GLenum, a: [Value; 3], lanes: u8| -> Value {
        match f {
            GL_REPLACE => a[0],
            GL_ADD => b.add(a[0], a[1]),
            GL_ADD_SIGNED => {
                let s = b.add(a[0], a[1]);
                let half = b.splat_const(ValType::vec(Scalar::F32, lanes), 0.5);
                b.sub(s, half)
            }
            GL_INTERPOLATE => b.mix(a[1], a[0], a[2]),
            GL_SUBTRACT => b.sub(a[0], a[1]),
            GL_DOT3_RGB | GL_DOT3_RGBA => {
                let half = b.splat_const(ValType::vec(Scalar::F32, lanes), 0.5);
                let x = b.sub(a[0], half);
                let y = b.sub(a[1], half);
                let d = b.dot(x, y);
                let four = b.f32(4.0);
                let d = b.mul(d, four);
                b.splat(d, lanes)
            }
            // GL_MODULATE
            _ => b.mul(a[0], a[1]),
        }
    };
    let mut rgb = apply(b, k[0], rgb_args, 3);
    let dot3_rgba = k[0] == GL_DOT3_RGBA;
    let mut alpha = if dot3_rgba {
        b.lane(rgb, 0)
    } else {
        apply(b, k[1], alpha_args, 1)
    };
    if unit.scale[0] != 0 {
        let s = b.splat_const(ValType::F32X3, f64::from(1u32 << unit.scale[0]));
        rgb = b.mul(rgb, s);
    }
    if unit.scale[1] != 0 && !dot3_rgba {
        let s = b.f32((1u32 << unit.scale[1]) as f32);
        alpha = b.mul(alpha, s);
    }
    let v = b.construct(&[rgb, alpha]);
    clamp01(b, v)
}

/// Fills a uniform block of `layout` from the context's state.
pub fn pack(ctx: &Context, layout: &UniformLayout, out: &mut Vec<u8>) {
    out.clear();
    out.resize(layout.size as usize, 0);
    let mats = &ctx.ff.matrices;
    let mv = *mats.modelview.top();
    let mut mvp: Option<Mat4> = None;
    let mut normal: Option<[[f32; 4]; 3]> = None;
    for &(offset, src) in &layout.slots {
        let v: [f32; 4] = match src {
            Source::Mvp(c) => {
                let m = *mvp.get_or_insert_with(|| mats.projection.top().mul(&mv));
                column(&m, c)
            }
            Source::Modelview(c) => column(&mv, c),
            Source::Normal(c) => normal.get_or_insert_with(|| normal_matrix(ctx, &mv))[c as usize],
            Source::Material(face, p) => {
                let m = &ctx.lighting.material[face as usize];
                match p {
                    MatParam::Ambient => m.ambient,
                    MatParam::Diffuse => m.diffuse,
                    MatParam::Specular => m.specular,
                    MatParam::Emission => m.emission,
                    MatParam::Shininess => [m.shininess, 0.0, 0.0, 0.0],
                }
            }
            Source::ModelAmbient => ctx.lighting.model_ambient,
            Source::Light(i, p) => {
                let l = &ctx.lighting.lights[i as usize];
                match p {
                    LightParam::Ambient => l.ambient,
                    LightParam::Diffuse => l.diffuse,
                    LightParam::Specular => l.specular,
                    LightParam::Position => {
                        let p = l.position;
                        if p[3] == 0.0 {
                            let n = normalize3([p[0], p[1], p[2]]);
                            [n[0], n[1], n[2], 0.0]
                        } else {
                            p
                        }
                    }
                    LightParam::Spot => {
                        let d = normalize3(l.spot_direction);
                        [d[0], d[1], d[2], l.spot_exponent]
                    }
                    LightParam::Attenuation => {
                        let [k0, k1, k2] = l.attenuation;
                        let cos = (f64::from(l.spot_cutoff).to_radians().cos()) as f32;
                        [cos, k0, k1, k2]
                    }
                }
            }
            Source::AlphaRef => [ctx.raster.alpha_func.1, 0.0, 0.0, 0.0],
            Source::TexMatrix(u, c) => {
                let m = mats
                    .texture
                    .get(u as usize)
                    .map_or(Mat4::IDENTITY, |s| *s.top());
                column(&m, c)
            }
            Source::EnvColor(u) => ctx.texunits.env[u as usize].color,
            Source::FogColor => ctx.fog.color,
            Source::ClipPlane(i) => ctx.clip_planes[i as usize].map(|x| x as f32),
            Source::ObjectPlane(u, c) => ctx.texunits.texgen[u as usize].object_plane[c as usize],
            Source::EyePlane(u, c) => ctx.texunits.texgen[u as usize].eye_plane[c as usize],
            Source::PixelXform => ctx.submit.pixel_xform(),
            Source::PointSize => ctx.point_size_clamped(),
            Source::PointAttenuation => {
                let [a, b, c] = ctx.raster.point.attenuation;
                [a, b, c, 0.0]
            }
            Source::FogParams => {
                let f = &ctx.fog;
                let range = f.end - f.start;
                let scale = if range != 0.0 { 1.0 / range } else { 0.0 };
                [f.density, f.start, f.end, scale]
            }
        };
        let o = offset as usize;
        if let Some(dst) = out.get_mut(o..o + 16) {
            for (d, x) in dst.chunks_exact_mut(4).zip(v) {
                d.copy_from_slice(&x.to_le_bytes());
            }
        }
    }
}

fn column(m: &Mat4, c: u8) -> [f32; 4] {
    let c = usize::from(c) * 4;
    [m.0[c], m.0[c + 1], m.0[c + 2], m.0[c + 3]]
}

pub(crate) fn normalize3(v: [f32; 3]) -> [f32; 3] {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if len > 0.0 { v.map(|x| x / len) } else { v }
}

/// Columns of the inverse transpose of the modelview's upper 3×3, scaled
/// by `GL_RESCALE_NORMAL`'s factor (GL 4.6 compatibility §12.1.1).
pub(crate) fn normal_matrix(ctx: &Context, mv: &Mat4) -> [[f32; 4]; 3] {
    let inv = mv.inverse().unwrap_or(Mat4::IDENTITY);
    // (M⁻¹)ᵀ: column c of the result is row c of the inverse.
    let mut cols = [[0.0f32; 4]; 3];
    for (c, col) in cols.iter_mut().enumerate() {
        for (r, x) in col.iter_mut().take(3).enumerate() {
            *x = inv.at(c, r);
        }
    }
    if ctx.state.enabled(GL_RESCALE_NORMAL) && !ctx.state.enabled(GL_NORMALIZE) {
        // 1 / length of the third row of the inverse's upper 3×3.
        let m = [inv.at(2, 0), inv.at(2, 1), inv.at(2, 2)];
        let len = (m[0] * m[0] + m[1] * m[1] + m[2] * m[2]).sqrt();
        if len > 0.0 {
            for col in &mut cols {
                for x in col.iter_mut().take(3) {
                    *x /= len;
                }
            }
        }
    }
    cols
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_shape_validates() {
        let mut keys = vec![FfKey::default()];
        let lit = FfKey {
            lighting: true,
            lights: 0b1011,
            positional: 0b0010,
            spot: 0b1000,
            local_viewer: true,
            two_side: true,
            separate_specular: true,
            color_sum: true,
            normalize: true,
            color_material: ColorMaterial {
                faces: 3,
                params: 0b11,
            },
            vertex_material: 0b10_0001_0111,
            flat: true,
            alpha_func: Some(GL_GREATER),
            units: [UnitKey::default(); MAX_FF_UNITS],
            fog: Some((GL_EXP2, false)),
            clip_planes: 0b1001_0001,
            pixel_op: PixelOp::None,
            point_attenuated: true,
            point_size_array: false,
            unclamped_colors: false,
        };
        keys.push(lit);
        keys.push(FfKey {
            point_size_array: true,
            ..lit
        });
        keys.push(FfKey {
            two_side: false,
            ..lit
        });
        keys.push(FfKey {
            unclamped_colors: true,
            ..lit
        });
        keys.push(FfKey {
            point_attenuated: true,
            ..FfKey::default()
        });
        keys.push(FfKey {
            color_sum: true,
            alpha_func: Some(GL_NEVER),
            fog: Some((GL_LINEAR, true)),
            ..FfKey::default()
        });
        // Texturing: every environment, every dimensionality, every format class.
        let mut env = TexEnv::default();
        let mut tex = FfKey::default();
        for (i, mode) in [
            GL_MODULATE,
            GL_REPLACE,
            GL_DECAL,
            GL_BLEND,
            GL_ADD,
            GL_COMBINE,
        ]
        .into_iter()
        .enumerate()
        {
            env.mode = mode;
            env.combine = [GL_DOT3_RGBA, GL_ADD_SIGNED];
            env.src_rgb = [GL_TEXTURE1, GL_PRIMARY_COLOR, GL_CONSTANT];
            env.scale = [2.0, 4.0];
            let dim = [Dim::D1, Dim::D2, Dim::D3, Dim::Cube, Dim::Rect, Dim::D2][i];
            tex.units[i] = UnitKey::new(dim, [1, 2, 3, 7, 1, 3][i], &env);
        }
        keys.push(tex);
        // Depth comparison on 1D, 2D, cube and rectangle units, every depth mode.
        let mut shadow = FfKey::default();
        env.mode = GL_MODULATE;
        for (i, (dim, mode)) in [
            (Dim::D1, GL_LUMINANCE),
            (Dim::D2, GL_INTENSITY),
            (Dim::Cube, GL_ALPHA),
            (Dim::Rect, GL_RED),
        ]
        .into_iter()
        .enumerate()
        {
            shadow.units[i] = UnitKey::new(dim, crate::texture::depth_swizzle(mode).1, &env);
            shadow.units[i].shadow = mode;
        }
        keys.push(shadow);
        // Pixel rectangles, textured and fogged.
        for op in [PixelOp::Color, PixelOp::Depth, PixelOp::Bitmap] {
            keys.push(FfKey {
                pixel_op: op,
                fog: Some((GL_LINEAR, false)),
                alpha_func: Some(GL_LESS),
                ..tex
            });
        }
        for k in keys {
            let p = generate(&k);
            oxgl_ir::valid::validate(&p.vs).unwrap();
            oxgl_ir::valid::validate(&p.fs).unwrap();
            assert_eq!(p.vs_uniforms.size as usize, p.vs_uniforms.slots.len() * 16);
        }
    }
}
