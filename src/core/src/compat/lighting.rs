//! Fixed-function lighting state (GL 4.6 compatibility §12.2.1): lights,
//! the light model, materials and colour material, with the initial values
//! and errors of the spec. The lighting computation itself belongs to the
//! generated vertex shader; this is the state it is generated from.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::compat::matrix::Mat4;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use crate::vbo::Attrib;
use crate::vbo::attrib::MATERIAL_PARAMS;

/// Number of lights (`GL_MAX_LIGHTS`).
pub const MAX_LIGHTS: usize = 8;

/// One light source.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    /// `GL_AMBIENT`.
    pub ambient: [f32; 4],
    /// `GL_DIFFUSE`.
    pub diffuse: [f32; 4],
    /// `GL_SPECULAR`.
    pub specular: [f32; 4],
    /// `GL_POSITION`, in eye coordinates (transformed when specified).
    pub position: [f32; 4],
    /// `GL_SPOT_DIRECTION`, in eye coordinates.
    pub spot_direction: [f32; 3],
    /// `GL_SPOT_EXPONENT`.
    pub spot_exponent: f32,
    /// `GL_SPOT_CUTOFF`.
    pub spot_cutoff: f32,
    /// Constant, linear and quadratic attenuation.
    pub attenuation: [f32; 3],
}

impl Light {
    fn initial(index: usize) -> Light {
        let bright = if index == 0 {
            [1.0; 4]
        } else {
            [0.0, 0.0, 0.0, 1.0]
        };
        Light {
            ambient: [0.0, 0.0, 0.0, 1.0],
            diffuse: bright,
            specular: bright,
            position: [0.0, 0.0, 1.0, 0.0],
            spot_direction: [0.0, 0.0, -1.0],
            spot_exponent: 0.0,
            spot_cutoff: 180.0,
            attenuation: [1.0, 0.0, 0.0],
        }
    }
}

/// One face's material.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    /// `GL_AMBIENT`.
    pub ambient: [f32; 4],
    /// `GL_DIFFUSE`.
    pub diffuse: [f32; 4],
    /// `GL_SPECULAR`.
    pub specular: [f32; 4],
    /// `GL_EMISSION`.
    pub emission: [f32; 4],
    /// `GL_SHININESS`.
    pub shininess: f32,
    /// `GL_COLOR_INDEXES` (ambient, diffuse, specular indices).
    pub color_indexes: [f32; 3],
}

impl Default for Material {
    fn default() -> Self {
        Material {
            ambient: [0.2, 0.2, 0.2, 1.0],
            diffuse: [0.8, 0.8, 0.8, 1.0],
            specular: [0.0, 0.0, 0.0, 1.0],
            emission: [0.0, 0.0, 0.0, 1.0],
            shininess: 0.0,
            color_indexes: [0.0, 1.0, 1.0],
        }
    }
}

/// All lighting state.
#[derive(Clone, Debug)]
pub struct Lighting {
    /// The lights.
    pub lights: [Light; MAX_LIGHTS],
    /// `GL_LIGHT_MODEL_AMBIENT`.
    pub model_ambient: [f32; 4],
    /// `GL_LIGHT_MODEL_LOCAL_VIEWER`.
    pub local_viewer: bool,
    /// `GL_LIGHT_MODEL_TWO_SIDE`.
    pub two_side: bool,
    /// `GL_LIGHT_MODEL_COLOR_CONTROL`.
    pub color_control: GLenum,
    /// Front and back materials.
    pub material: [Material; 2],
    /// `glColorMaterial` face.
    pub color_material_face: GLenum,
    /// `glColorMaterial` mode.
    pub color_material_mode: GLenum,
}

impl Default for Lighting {
    fn default() -> Self {
        Lighting {
            lights: std::array::from_fn(Light::initial),
            model_ambient: [0.2, 0.2, 0.2, 1.0],
            local_viewer: false,
            two_side: false,
            color_control: GL_SINGLE_COLOR,
            material: [Material::default(); 2],
            color_material_face: GL_FRONT_AND_BACK,
            color_material_mode: GL_AMBIENT_AND_DIFFUSE,
        }
    }
}

/// Components a light, light-model or material parameter takes (0 = unknown).
pub fn param_count(pname: GLenum) -> usize {
    match pname {
        GL_AMBIENT
        | GL_DIFFUSE
        | GL_SPECULAR
        | GL_POSITION
        | GL_EMISSION
        | GL_AMBIENT_AND_DIFFUSE
        | GL_LIGHT_MODEL_AMBIENT => 4,
        GL_SPOT_DIRECTION | GL_COLOR_INDEXES => 3,
        GL_SPOT_EXPONENT
        | GL_SPOT_CUTOFF
        | GL_CONSTANT_ATTENUATION
        | GL_LINEAR_ATTENUATION
        | GL_QUADRATIC_ATTENUATION
        | GL_SHININESS
        | GL_LIGHT_MODEL_LOCAL_VIEWER
        | GL_LIGHT_MODEL_TWO_SIDE
        | GL_LIGHT_MODEL_COLOR_CONTROL => 1,
        _ => 0,
    }
}

fn light_index(light: GLenum) -> ApiResult<usize> {
    let i = light.wrapping_sub(GL_LIGHT0) as usize;
    if i < MAX_LIGHTS {
        Ok(i)
    } else {
        Err(ApiError::InvalidEnum)
    }
}

/// The face indices (0 = front, 1 = back) a face enum names; INVALID_ENUM
/// for anything but FRONT, BACK, FRONT_AND_BACK.
pub(crate) fn faces(face: GLenum) -> ApiResult<&'static [usize]> {
    match face {
        GL_FRONT => Ok(&[0]),
        GL_BACK => Ok(&[1]),
        GL_FRONT_AND_BACK => Ok(&[0, 1]),
        _ => Err(ApiError::InvalidEnum),
    }
}

/// The four values a parameter is read from: scalar forms pad with zeros.
fn pad(params: &[f32], scalar: bool) -> [f32; 4] {
    let mut out = [0.0; 4];
    let n = if scalar { 1 } else { params.len().min(4) };
    out[..n].copy_from_slice(&params[..n]);
    out
}

fn v4(p: &[f32]) -> [f32; 4] {
    [p[0], p[1], p[2], p[3]]
}

impl Context {
    /// `glLight{f,i}{,v}`: `params` holds the parameter's components. The
    /// scalar forms (`scalar`) pass one value padded with zeros, as Mesa does
    /// (a vector parameter set through them gets (v, 0, 0, 0)).
    /// GL 4.6 compat §12.2.1: INVALID_ENUM for an unknown light or parameter,
    /// INVALID_VALUE for a spot exponent outside [0, 128], a cutoff outside
    /// [0, 90] other than 180, or a negative attenuation.
    pub fn light(
        &mut self,
        light: GLenum,
        pname: GLenum,
        params: &[f32],
        scalar: bool,
    ) -> ApiResult {
        self.outside_begin_end()?;
        let i = light_index(light)?;
        let n = param_count(pname);
        if n == 0
            || pname == GL_EMISSION
            || pname == GL_SHININESS
            || pname == GL_AMBIENT_AND_DIFFUSE
            || pname == GL_COLOR_INDEXES
            || pname == GL_LIGHT_MODEL_AMBIENT
            || matches!(
                pname,
                GL_LIGHT_MODEL_LOCAL_VIEWER
                    | GL_LIGHT_MODEL_TWO_SIDE
                    | GL_LIGHT_MODEL_COLOR_CONTROL
            )
            || params.is_empty()
        {
            return Err(ApiError::InvalidEnum);
        }
        let padded = pad(params, scalar);
        let params = &padded[..];
        self.flush_vertices();
        let mv = *self.ff.matrices.modelview.top();
        let l = &mut self.lighting.lights[i];
        match pname {
            GL_AMBIENT => l.ambient = v4(params),
            GL_DIFFUSE => l.diffuse = v4(params),
            GL_SPECULAR => l.specular = v4(params),
            // Positions and directions are stored in eye coordinates.
            GL_POSITION => l.position = mv.transform(v4(params)),
            GL_SPOT_DIRECTION => {
                let d = transform_direction(&mv, [params[0], params[1], params[2]]);
                l.spot_direction = d;
            }
            GL_SPOT_EXPONENT => {
                if !(0.0..=128.0).contains(&params[0]) {
                    return Err(ApiError::InvalidValue);
                }
                l.spot_exponent = params[0];
            }
            GL_SPOT_CUTOFF => {
                if !((0.0..=90.0).contains(&params[0]) || params[0] == 180.0) {
                    return Err(ApiError::InvalidValue);
                }
                l.spot_cutoff = params[0];
            }
            _ => {
                if params[0] < 0.0 {
                    return Err(ApiError::InvalidValue);
                }
                let k = match pname {
                    GL_CONSTANT_ATTENUATION => 0,
                    GL_LINEAR_ATTENUATION => 1,
                    _ => 2,
                };
                l.attenuation[k] = params[0];
            }
        }
        Ok(())
    }

    /// `glGetLight{f,i}v`: the parameter's components.
    pub fn get_light(&self, light: GLenum, pname: GLenum) -> ApiResult<Vec<f32>> {
        self.outside_begin_end()?;
        let l = &self.lighting.lights[light_index(light)?];
        Ok(match pname {
            GL_AMBIENT => l.ambient.to_vec(),
            GL_DIFFUSE => l.diffuse.to_vec(),
            GL_SPECULAR => l.specular.to_vec(),
            GL_POSITION => l.position.to_vec(),
            GL_SPOT_DIRECTION => l.spot_direction.to_vec(),
            GL_SPOT_EXPONENT => vec![l.spot_exponent],
            GL_SPOT_CUTOFF => vec![l.spot_cutoff],
            GL_CONSTANT_ATTENUATION => vec![l.attenuation[0]],
            GL_LINEAR_ATTENUATION => vec![l.attenuation[1]],
            GL_QUADRATIC_ATTENUATION => vec![l.attenuation[2]],
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glLightModel{f,i}{,v}`: INVALID_ENUM for an unknown parameter or a
    /// bad colour control.
    pub fn light_model(&mut self, pname: GLenum, params: &[f32], scalar: bool) -> ApiResult {
        self.outside_begin_end()?;
        let n = match pname {
            GL_LIGHT_MODEL_AMBIENT => 4,
            GL_LIGHT_MODEL_LOCAL_VIEWER
            | GL_LIGHT_MODEL_TWO_SIDE
            | GL_LIGHT_MODEL_COLOR_CONTROL => 1,
            _ => return Err(ApiError::InvalidEnum),
        };
        if params.len() < n.min(if scalar { 1 } else { n }) {
            return Err(ApiError::InvalidEnum);
        }
        let padded = pad(params, scalar);
        let params = &padded[..];
        self.flush_vertices();
        let m = &mut self.lighting;
        match pname {
            GL_LIGHT_MODEL_AMBIENT => m.model_ambient = v4(params),
            GL_LIGHT_MODEL_LOCAL_VIEWER => m.local_viewer = params[0] != 0.0,
            GL_LIGHT_MODEL_TWO_SIDE => m.two_side = params[0] != 0.0,
            _ => {
                let v = params[0] as GLenum;
                if !matches!(v, GL_SINGLE_COLOR | GL_SEPARATE_SPECULAR_COLOR) {
                    return Err(ApiError::InvalidEnum);
                }
                m.color_control = v;
            }
        }
        Ok(())
    }

    /// `glMaterial{f,i}{,v}` (allowed between Begin and End). INVALID_ENUM
    /// for a bad face or parameter, INVALID_VALUE for a shininess outside
    /// [0, 128].
    pub fn material(
        &mut self,
        face: GLenum,
        pname: GLenum,
        params: &[f32],
        scalar: bool,
    ) -> ApiResult {
        let fs = faces(face)?;
        let n = match pname {
            GL_AMBIENT | GL_DIFFUSE | GL_SPECULAR | GL_EMISSION | GL_AMBIENT_AND_DIFFUSE => 4,
            GL_COLOR_INDEXES => 3,
            GL_SHININESS => 1,
            _ => return Err(ApiError::InvalidEnum),
        };
        if params.len() < n.min(if scalar { 1 } else { n }) {
            return Err(ApiError::InvalidEnum);
        }
        let padded = pad(params, scalar);
        let params = &padded[..];
        if pname == GL_SHININESS && !(0.0..=128.0).contains(&params[0]) {
            return Err(ApiError::InvalidValue);
        }
        // Vertices already given are drawn with the material they had;
        // between Begin and End the material becomes a per-vertex attribute
        // of the batch instead (GL 4.6 compat §10.7.5 allows glMaterial there).
        let inside = self.in_begin_end();
        if !inside {
            self.flush_vertices();
        }
        for &f in fs {
            let m = &mut self.lighting.material[f];
            match pname {
                GL_AMBIENT => m.ambient = v4(params),
                GL_DIFFUSE => m.diffuse = v4(params),
                GL_SPECULAR => m.specular = v4(params),
                GL_EMISSION => m.emission = v4(params),
                GL_AMBIENT_AND_DIFFUSE => {
                    m.ambient = v4(params);
                    m.diffuse = v4(params);
                }
                GL_COLOR_INDEXES => m.color_indexes = [params[0], params[1], params[2]],
                _ => m.shininess = params[0],
            }
            let changed: &[usize] = match pname {
                GL_AMBIENT => &[0],
                GL_DIFFUSE => &[1],
                GL_SPECULAR => &[2],
                GL_EMISSION => &[3],
                GL_AMBIENT_AND_DIFFUSE => &[0, 1],
                GL_SHININESS => &[4],
                _ => &[],
            };
            for &p in changed {
                let a = Attrib::material(f, p);
                let value = material_value(&self.lighting.material[f], p);
                if inside {
                    self.set_attrib_now(a, value, 4);
                } else {
                    self.ff.current.values[a.index()] = value;
                }
            }
        }
        Ok(())
    }

    /// `glGetMaterial{f,i}v`: FRONT or BACK only (INVALID_ENUM otherwise).
    pub fn get_material(&self, face: GLenum, pname: GLenum) -> ApiResult<Vec<f32>> {
        self.outside_begin_end()?;
        let m = match face {
            GL_FRONT => &self.lighting.material[0],
            GL_BACK => &self.lighting.material[1],
            _ => return Err(ApiError::InvalidEnum),
        };
        Ok(match pname {
            GL_AMBIENT => m.ambient.to_vec(),
            GL_DIFFUSE => m.diffuse.to_vec(),
            GL_SPECULAR => m.specular.to_vec(),
            GL_EMISSION => m.emission.to_vec(),
            GL_SHININESS => vec![m.shininess],
            GL_COLOR_INDEXES => m.color_indexes.to_vec(),
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glColorMaterial`: INVALID_ENUM for a bad face or mode.
    pub fn color_material(&mut self, face: GLenum, mode: GLenum) -> ApiResult {
        self.outside_begin_end()?;
        faces(face)?;
        if !matches!(
            mode,
            GL_EMISSION | GL_AMBIENT | GL_DIFFUSE | GL_SPECULAR | GL_AMBIENT_AND_DIFFUSE
        ) {
            return Err(ApiError::InvalidEnum);
        }
        self.flush_vertices();
        self.lighting.color_material_face = face;
        self.lighting.color_material_mode = mode;
        self.track_color_material();
        Ok(())
    }

    /// With `GL_COLOR_MATERIAL` on, copies the current colour into the
    /// tracked material parameters (GL 4.6 compat §12.2.3: they "track the
    /// current color"; Mesa updates them when vertices are flushed).
    pub fn track_color_material(&mut self) {
        if !self.state.enabled(GL_COLOR_MATERIAL) {
            return;
        }
        let c = self.ff.current.values[crate::vbo::Attrib::COLOR0.index()];
        let l = &mut self.lighting;
        let faces: &[usize] = match l.color_material_face {
            GL_FRONT => &[0],
            GL_BACK => &[1],
            _ => &[0, 1],
        };
        for &f in faces {
            let m = &mut l.material[f];
            match l.color_material_mode {
                GL_EMISSION => m.emission = c,
                GL_AMBIENT => m.ambient = c,
                GL_DIFFUSE => m.diffuse = c,
                GL_SPECULAR => m.specular = c,
                _ => {
                    m.ambient = c;
                    m.diffuse = c;
                }
            }
        }
        self.sync_material_attribs();
    }

    /// Makes the current values of the material attributes those of the
    /// material (they mirror it; see [`Attrib::material`]).
    pub(crate) fn sync_material_attribs(&mut self) {
        for (f, m) in self.lighting.material.iter().enumerate() {
            for p in 0..MATERIAL_PARAMS {
                self.ff.current.values[Attrib::material(f, p).index()] = material_value(m, p);
            }
        }
    }
}

/// The value of material attribute `param` (see [`Attrib::material`]).
fn material_value(m: &Material, param: usize) -> [f32; 4] {
    match param {
        0 => m.ambient,
        1 => m.diffuse,
        2 => m.specular,
        3 => m.emission,
        _ => [m.shininess, 0.0, 0.0, 1.0],
    }
}

/// Transforms a direction by the upper-left 3×3 of `m`.
fn transform_direction(m: &Mat4, d: [f32; 3]) -> [f32; 3] {
    let mut out = [0.0f32; 3];
    for (row, o) in out.iter_mut().enumerate() {
        *o = (0..3).map(|k| m.at(row, k) * d[k]).sum();
    }
    out
}
