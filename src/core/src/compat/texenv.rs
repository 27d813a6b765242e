//! Fixed-function texturing state per texture unit (GL 4.6 compatibility
//! §16.1–16.2, GL 2.1 §3.8.13): which target is enabled, the texture
//! environment (`glTexEnv`: mode, colour, the `GL_COMBINE` functions,
//! sources, operands and scales), the unit's LOD bias and point-sprite
//! coordinate replacement — with the spec's validation and queries.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::texture::TARGETS;

/// Fixed-function texture units (`GL_MAX_TEXTURE_UNITS`).
pub const MAX_FF_UNITS: usize = 8;

/// The environment of one unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TexEnv {
    /// `GL_TEXTURE_ENV_MODE`.
    pub mode: GLenum,
    /// `GL_TEXTURE_ENV_COLOR`.
    pub color: [f32; 4],
    /// `GL_COMBINE_RGB`, `GL_COMBINE_ALPHA`.
    pub combine: [GLenum; 2],
    /// `GL_SRCn_RGB`.
    pub src_rgb: [GLenum; 3],
    /// `GL_SRCn_ALPHA`.
    pub src_alpha: [GLenum; 3],
    /// `GL_OPERANDn_RGB`.
    pub op_rgb: [GLenum; 3],
    /// `GL_OPERANDn_ALPHA`.
    pub op_alpha: [GLenum; 3],
    /// `GL_RGB_SCALE`, `GL_ALPHA_SCALE`.
    pub scale: [f32; 2],
    /// `GL_TEXTURE_LOD_BIAS` of `GL_TEXTURE_FILTER_CONTROL`.
    pub lod_bias: f32,
    /// `GL_COORD_REPLACE` of `GL_POINT_SPRITE`.
    pub coord_replace: bool,
}

impl Default for TexEnv {
    fn default() -> Self {
        TexEnv {
            mode: GL_MODULATE,
            color: [0.0; 4],
            combine: [GL_MODULATE; 2],
            src_rgb: [GL_TEXTURE, GL_PREVIOUS, GL_CONSTANT],
            src_alpha: [GL_TEXTURE, GL_PREVIOUS, GL_CONSTANT],
            op_rgb: [GL_SRC_COLOR, GL_SRC_COLOR, GL_SRC_ALPHA],
            op_alpha: [GL_SRC_ALPHA; 3],
            scale: [1.0; 2],
            lod_bias: 0.0,
            coord_replace: false,
        }
    }
}

/// Texture coordinate generation of one unit (`glTexGen`, GL 4.6 compat
/// §12.1.3), per coordinate S, T, R, Q.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TexGen {
    /// Bit `c` = `GL_TEXTURE_GEN_{S,T,R,Q}` enabled.
    pub enabled: u8,
    /// `GL_TEXTURE_GEN_MODE`.
    pub mode: [GLenum; 4],
    /// `GL_OBJECT_PLANE`.
    pub object_plane: [[f32; 4]; 4],
    /// `GL_EYE_PLANE`, in eye coordinates.
    pub eye_plane: [[f32; 4]; 4],
}

impl Default for TexGen {
    fn default() -> Self {
        let planes = [
            [1.0, 0.0, 0.0, 0.0],
            [0.0, 1.0, 0.0, 0.0],
            [0.0, 0.0, 0.0, 0.0],
            [0.0, 0.0, 0.0, 0.0],
        ];
        TexGen {
            enabled: 0,
            mode: [GL_EYE_LINEAR; 4],
            object_plane: planes,
            eye_plane: planes,
        }
    }
}

/// Texturing state of every fixed-function unit.
#[derive(Clone, Debug)]
pub struct TexUnits {
    /// Per unit: bit `i` = `TARGETS[i]` enabled (`glEnable(GL_TEXTURE_2D)`).
    pub enabled: [u8; MAX_FF_UNITS],
    /// Per unit environment.
    pub env: [TexEnv; MAX_FF_UNITS],
    /// Per unit coordinate generation.
    pub texgen: [TexGen; MAX_FF_UNITS],
}

impl Default for TexUnits {
    fn default() -> Self {
        TexUnits {
            enabled: [0; MAX_FF_UNITS],
            env: [TexEnv::default(); MAX_FF_UNITS],
            texgen: [TexGen::default(); MAX_FF_UNITS],
        }
    }
}

/// The coordinate index of `GL_S` ... `GL_Q` or `GL_TEXTURE_GEN_S` ... `_Q`.
fn coord_index(c: GLenum) -> Option<usize> {
    match c {
        GL_S | GL_TEXTURE_GEN_S => Some(0),
        GL_T | GL_TEXTURE_GEN_T => Some(1),
        GL_R | GL_TEXTURE_GEN_R => Some(2),
        GL_Q | GL_TEXTURE_GEN_Q => Some(3),
        _ => None,
    }
}

impl TexUnits {
    /// The target unit `u` textures with: the highest-priority enabled one
    /// (cube map, 3D, rectangle, 2D, 1D; GL 4.6 compat §16.2).
    pub fn effective_target(&self, u: usize) -> Option<GLenum> {
        let bits = self.enabled[u];
        [
            GL_TEXTURE_CUBE_MAP,
            GL_TEXTURE_3D,
            GL_TEXTURE_RECTANGLE,
            GL_TEXTURE_2D,
            GL_TEXTURE_1D,
        ]
        .into_iter()
        .find(|t| {
            TARGETS
                .iter()
                .position(|x| x == t)
                .is_some_and(|i| bits & (1 << i) != 0)
        })
    }
}

fn combine_func(v: GLenum, rgb: bool) -> ApiResult<GLenum> {
    match v {
        GL_REPLACE | GL_MODULATE | GL_ADD | GL_ADD_SIGNED | GL_INTERPOLATE | GL_SUBTRACT => Ok(v),
        GL_DOT3_RGB | GL_DOT3_RGBA if rgb => Ok(v),
        _ => Err(ApiError::InvalidEnum),
    }
}

fn source(v: GLenum) -> ApiResult<GLenum> {
    match v {
        GL_TEXTURE | GL_CONSTANT | GL_PRIMARY_COLOR | GL_PREVIOUS => Ok(v),
        GL_TEXTURE0..=GL_TEXTURE7 => Ok(v),
        _ => Err(ApiError::InvalidEnum),
    }
}

fn operand(v: GLenum, rgb: bool) -> ApiResult<GLenum> {
    match v {
        GL_SRC_ALPHA | GL_ONE_MINUS_SRC_ALPHA => Ok(v),
        GL_SRC_COLOR | GL_ONE_MINUS_SRC_COLOR if rgb => Ok(v),
        _ => Err(ApiError::InvalidEnum),
    }
}

impl Context {
    fn ff_unit(&self) -> ApiResult<usize> {
        let u = self.ff.active_texture;
        if u < MAX_FF_UNITS {
            Ok(u)
        } else {
            Err(ApiError::InvalidOperation)
        }
    }

    /// `glEnable`/`glDisable` of a texture target on the active unit.
    pub(crate) fn set_texture_enabled(&mut self, target: GLenum, on: bool) -> ApiResult {
        let i = fixed_target_index(target)?;
        let u = self.ff_unit()?;
        let bits = &mut self.texunits.enabled[u];
        let new = if on {
            *bits | 1 << i
        } else {
            *bits & !(1 << i)
        };
        if new != *bits {
            self.flush_vertices();
            self.texunits.enabled[u] = new;
        }
        Ok(())
    }

    /// `glIsEnabled` of a texture target on the active unit.
    pub(crate) fn texture_enabled(&self, target: GLenum) -> ApiResult<bool> {
        let i = fixed_target_index(target)?;
        let u = self.ff_unit()?;
        Ok(self.texunits.enabled[u] & (1 << i) != 0)
    }

    /// `glEnable`/`glDisable(GL_TEXTURE_GEN_*)` on the active unit.
    pub(crate) fn set_texgen_enabled(&mut self, cap: GLenum, on: bool) -> ApiResult {
        let mask = self.texgen_cap_bits(cap)?;
        let u = self.ff_unit()?;
        let bits = self.texunits.texgen[u].enabled;
        let new = if on { bits | mask } else { bits & !mask };
        if new != bits {
            self.flush_vertices();
            self.texunits.texgen[u].enabled = new;
        }
        Ok(())
    }

    /// `glIsEnabled(GL_TEXTURE_GEN_*)` on the active unit.
    pub(crate) fn texgen_enabled(&self, cap: GLenum) -> ApiResult<bool> {
        let mask = self.texgen_cap_bits(cap)?;
        Ok(self.texunits.texgen[self.ff_unit()?].enabled & mask == mask)
    }

    /// The coordinates a texgen capability names: one of S, T, R, Q, or in
    /// ES 1 OES_texture_cube_map's `GL_TEXTURE_GEN_STR_OES`, S, T and R
    /// together (its only one there).
    fn texgen_cap_bits(&self, cap: GLenum) -> ApiResult<u8> {
        if self.params().is_es1() {
            return if cap == GL_TEXTURE_GEN_STR_OES {
                Ok(0b111)
            } else {
                Err(ApiError::InvalidEnum)
            };
        }
        let c = coord_index(cap).ok_or(ApiError::InvalidEnum)?;
        Ok(1 << c)
    }

    /// The coordinates a `glTexGen*` coordinate names: S, T, R or Q; in ES
    /// 1 only OES_texture_cube_map's `GL_TEXTURE_GEN_STR_OES` (S, T, R).
    fn texgen_coords(&self, coord: GLenum) -> ApiResult<&'static [usize]> {
        if self.params().is_es1() {
            return if coord == GL_TEXTURE_GEN_STR_OES {
                Ok(&[0, 1, 2])
            } else {
                Err(ApiError::InvalidEnum)
            };
        }
        Ok(match coord {
            GL_S => &[0],
            GL_T => &[1],
            GL_R => &[2],
            GL_Q => &[3],
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glTexGen*`. GL 4.6 compat §12.1.3: INVALID_ENUM for a bad
    /// coordinate, pname or mode (`GL_SPHERE_MAP` is not allowed for R and
    /// Q, `GL_NORMAL_MAP`/`GL_REFLECTION_MAP` not for Q).
    pub fn tex_gen(&mut self, coord: GLenum, pname: GLenum, params: &[f64]) -> ApiResult {
        self.outside_begin_end()?;
        let coords = self.texgen_coords(coord)?;
        let c = coords[0];
        let es1 = self.params().is_es1();
        let u = self.ff_unit()?;
        let mut g = self.texunits.texgen[u];
        match pname {
            GL_TEXTURE_GEN_MODE => {
                let m = params.first().copied().unwrap_or(-1.0) as GLenum;
                let ok = match m {
                    // ES 1 (OES_texture_cube_map) has the cube map modes only.
                    GL_NORMAL_MAP | GL_REFLECTION_MAP => c < 3,
                    _ if es1 => false,
                    GL_OBJECT_LINEAR | GL_EYE_LINEAR => true,
                    GL_SPHERE_MAP => c < 2,
                    _ => false,
                };
                if !ok {
                    return Err(ApiError::InvalidEnum);
                }
                for &c in coords {
                    g.mode[c] = m;
                }
            }
            _ if es1 => return Err(ApiError::InvalidEnum),
            GL_OBJECT_PLANE | GL_EYE_PLANE => {
                if params.len() < 4 {
                    return Err(ApiError::InvalidEnum);
                }
                let p = [params[0], params[1], params[2], params[3]];
                if pname == GL_OBJECT_PLANE {
                    g.object_plane[c] = p.map(|x| x as f32);
                } else {
                    // Stored in eye coordinates: p · M⁻¹.
                    let inv = self
                        .ff
                        .matrices
                        .modelview
                        .top()
                        .inverse()
                        .unwrap_or(crate::compat::matrix::Mat4::IDENTITY);
                    let mut e = [0f32; 4];
                    for (col, out) in e.iter_mut().enumerate() {
                        *out = (0..4)
                            .map(|r| p[r] * f64::from(inv.at(r, col)))
                            .sum::<f64>() as f32;
                    }
                    g.eye_plane[c] = e;
                }
            }
            _ => return Err(ApiError::InvalidEnum),
        }
        if g != self.texunits.texgen[u] {
            self.flush_vertices();
            self.texunits.texgen[u] = g;
        }
        Ok(())
    }

    /// `glGetTexGen*`: the parameter's values.
    pub fn get_tex_gen(&self, coord: GLenum, pname: GLenum) -> ApiResult<Vec<f64>> {
        self.outside_begin_end()?;
        let c = self.texgen_coords(coord)?[0];
        if self.params().is_es1() && pname != GL_TEXTURE_GEN_MODE {
            return Err(ApiError::InvalidEnum);
        }
        let g = &self.texunits.texgen[self.ff_unit()?];
        Ok(match pname {
            GL_TEXTURE_GEN_MODE => vec![f64::from(g.mode[c])],
            GL_OBJECT_PLANE => g.object_plane[c].map(f64::from).to_vec(),
            GL_EYE_PLANE => g.eye_plane[c].map(f64::from).to_vec(),
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glTexEnv*`. GL 2.1 §3.8.13: INVALID_ENUM for an unknown target,
    /// pname or enumerated value; INVALID_VALUE for a scale other than 1, 2
    /// or 4. `params` holds the parameter's values (enums as floats).
    pub fn tex_env(&mut self, target: GLenum, pname: GLenum, params: &[f32]) -> ApiResult {
        self.outside_begin_end()?;
        let Some(&p0) = params.first() else {
            return Err(ApiError::InvalidValue);
        };
        let e = p0 as GLenum;
        let u = self.ff_unit()?;
        let mut env = self.texunits.env[u];
        match (target, pname) {
            (GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE) => {
                if !matches!(
                    e,
                    GL_MODULATE | GL_BLEND | GL_DECAL | GL_REPLACE | GL_ADD | GL_COMBINE
                ) {
                    return Err(ApiError::InvalidEnum);
                }
                env.mode = e;
            }
            (GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR) => {
                if params.len() < 4 {
                    return Err(ApiError::InvalidValue);
                }
                for (c, v) in env.color.iter_mut().zip(params) {
                    *c = v.clamp(0.0, 1.0);
                }
            }
            (GL_TEXTURE_ENV, GL_COMBINE_RGB) => env.combine[0] = combine_func(e, true)?,
            (GL_TEXTURE_ENV, GL_COMBINE_ALPHA) => env.combine[1] = combine_func(e, false)?,
            (GL_TEXTURE_ENV, GL_SRC0_RGB..=GL_SRC2_RGB) => {
                env.src_rgb[(pname - GL_SRC0_RGB) as usize] = source(e)?
            }
            (GL_TEXTURE_ENV, GL_SRC0_ALPHA..=GL_SRC2_ALPHA) => {
                env.src_alpha[(pname - GL_SRC0_ALPHA) as usize] = source(e)?
            }
            (GL_TEXTURE_ENV, GL_OPERAND0_RGB..=GL_OPERAND2_RGB) => {
                env.op_rgb[(pname - GL_OPERAND0_RGB) as usize] = operand(e, true)?
            }
            (GL_TEXTURE_ENV, GL_OPERAND0_ALPHA..=GL_OPERAND2_ALPHA) => {
                env.op_alpha[(pname - GL_OPERAND0_ALPHA) as usize] = operand(e, false)?
            }
            (GL_TEXTURE_ENV, GL_RGB_SCALE | GL_ALPHA_SCALE) => {
                if ![1.0, 2.0, 4.0].contains(&p0) {
                    return Err(ApiError::InvalidValue);
                }
                env.scale[usize::from(pname == GL_ALPHA_SCALE)] = p0;
            }
            (GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS) => env.lod_bias = p0,
            (GL_POINT_SPRITE, GL_COORD_REPLACE) => env.coord_replace = p0 != 0.0,
            _ => return Err(ApiError::InvalidEnum),
        }
        if env != self.texunits.env[u] {
            self.flush_vertices();
            self.texunits.env[u] = env;
        }
        Ok(())
    }

    /// `glGetTexEnv*`: the parameter's values. INVALID_ENUM as for `glTexEnv`.
    pub fn get_tex_env(&self, target: GLenum, pname: GLenum) -> ApiResult<Vec<f32>> {
        self.outside_begin_end()?;
        let env = &self.texunits.env[self.ff_unit()?];
        let e = |v: GLenum| vec![v as f32];
        Ok(match (target, pname) {
            (GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE) => e(env.mode),
            (GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR) => env.color.to_vec(),
            (GL_TEXTURE_ENV, GL_COMBINE_RGB) => e(env.combine[0]),
            (GL_TEXTURE_ENV, GL_COMBINE_ALPHA) => e(env.combine[1]),
            (GL_TEXTURE_ENV, GL_SRC0_RGB..=GL_SRC2_RGB) => {
                e(env.src_rgb[(pname - GL_SRC0_RGB) as usize])
            }
            (GL_TEXTURE_ENV, GL_SRC0_ALPHA..=GL_SRC2_ALPHA) => {
                e(env.src_alpha[(pname - GL_SRC0_ALPHA) as usize])
            }
            (GL_TEXTURE_ENV, GL_OPERAND0_RGB..=GL_OPERAND2_RGB) => {
                e(env.op_rgb[(pname - GL_OPERAND0_RGB) as usize])
            }
            (GL_TEXTURE_ENV, GL_OPERAND0_ALPHA..=GL_OPERAND2_ALPHA) => {
                e(env.op_alpha[(pname - GL_OPERAND0_ALPHA) as usize])
            }
            (GL_TEXTURE_ENV, GL_RGB_SCALE) => vec![env.scale[0]],
            (GL_TEXTURE_ENV, GL_ALPHA_SCALE) => vec![env.scale[1]],
            (GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS) => vec![env.lod_bias],
            (GL_POINT_SPRITE, GL_COORD_REPLACE) => vec![f32::from(u8::from(env.coord_replace))],
            _ => return Err(ApiError::InvalidEnum),
        })
    }
}

/// The index of a target fixed-function texturing can enable
/// (INVALID_ENUM for the array targets, EXT_texture_array).
fn fixed_target_index(target: GLenum) -> crate::error::ApiResult<usize> {
    let i = crate::texture::target_index(target)?;
    if i >= crate::texture::FIXED_FUNCTION_TARGETS {
        return Err(crate::error::ApiError::InvalidEnum);
    }
    Ok(i)
}
