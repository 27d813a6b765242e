//! ARB_vertex_program and ARB_fragment_program: the assembly program
//! objects, their environment and local parameters, the load
//! (`glProgramStringARB`: [`parse`], then [`lower`] to IR) and the values
//! of a program's parameter slots at a draw ([`Context::arb_block`]).
//! docs/arb_programs.md describes the design.
//!
//! Program objects live in the context (not the share group). A program is
//! *valid* once a load succeeded; drawing with an enabled target whose
//! bound program is not valid is INVALID_OPERATION (ARB_vertex_program
//! §2.14.1, as Mesa's `_mesa_valid_to_render`). GLSL programs take
//! precedence over assembly programs, which take precedence over fixed
//! function, per stage.

pub mod ast;
pub mod lex;

pub mod lower;
pub mod parse;

use std::collections::HashMap;
use std::sync::Arc;

use oxgl_dri_interface::client::Shader;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::compat::matrix::Mat4;
use crate::context::Context;
use crate::error::{ApiError, ApiResult};
use ast::{Kind, LightState, MatrixKind, ParamSource, Program, StateVar};
pub use lower::FsVariant;

/// Implementation limits (Mesa llvmpipe's values, `glxinfo -l`).
pub mod limits {
    /// `GL_MAX_PROGRAM_INSTRUCTIONS_ARB` (and ALU/TEX/indirections, native).
    pub const MAX_INSTRUCTIONS: u32 = 1_048_576;
    /// `GL_MAX_PROGRAM_TEMPORARIES_ARB`.
    pub const MAX_TEMPORARIES: u32 = 4096;
    /// `GL_MAX_PROGRAM_PARAMETERS_ARB`.
    pub const MAX_PARAMETERS: u32 = 2048;
    /// `GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB`.
    pub const MAX_LOCAL_PARAMETERS: u32 = 2048;
    /// `GL_MAX_PROGRAM_ENV_PARAMETERS_ARB`.
    pub const MAX_ENV_PARAMETERS: u32 = 256;
    /// `GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB` (vertex programs).
    pub const MAX_ADDRESS_REGISTERS: u32 = 1;
    /// `GL_MAX_PROGRAM_ATTRIBS_ARB` of vertex programs.
    pub const MAX_VERTEX_ATTRIBS: u32 = 16;
    /// `GL_MAX_PROGRAM_ATTRIBS_ARB` of fragment programs.
    pub const MAX_FRAGMENT_ATTRIBS: u32 = 32;
    /// `GL_MAX_PROGRAM_MATRICES_ARB`.
    pub const MAX_PROGRAM_MATRICES: u32 = 8;
    /// `GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB`.
    pub const MAX_PROGRAM_MATRIX_STACK_DEPTH: u32 = 16;
    /// Lights.
    pub const MAX_LIGHTS: u32 = crate::compat::lighting::MAX_LIGHTS as u32;
    /// Texture coordinate sets.
    pub const MAX_TEXTURE_COORDS: u32 = crate::vbo::attrib::MAX_TEXTURE_COORDS as u32;
    /// Fixed-function texture units (`state.texenv[n]`).
    pub const MAX_TEXTURE_UNITS: u32 = crate::compat::texenv::MAX_FF_UNITS as u32;
    /// Texture image units a fragment program samples.
    pub const MAX_TEXTURE_IMAGE_UNITS: u32 = crate::compat::texenv::MAX_FF_UNITS as u32;
    /// User clip planes.
    pub const MAX_CLIP_PLANES: u32 = crate::compat::fog::MAX_CLIP_PLANES as u32;
    /// Draw buffers (`result.color[n]`).
    pub const MAX_DRAW_BUFFERS: u32 = 8;
}

/// A program object.
#[derive(Default)]
pub struct ProgramObject {
    /// `GL_VERTEX_PROGRAM_ARB` / `GL_FRAGMENT_PROGRAM_ARB`; 0 until first bound.
    pub target: GLenum,
    /// The string of the last successful load.
    pub source: Vec<u8>,
    /// The parsed program of the last successful load.
    pub program: Option<Arc<Program>>,
    /// The program's IR per fragment variant (vertex programs: the default).
    ir: HashMap<FsVariant, Arc<oxgl_ir::Shader>>,
    /// Backend shaders per variant.
    compiled: HashMap<FsVariant, Arc<Shader>>,
    /// `program.local[n]`.
    pub locals: Vec<[f32; 4]>,
}

impl std::fmt::Debug for ProgramObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProgramObject")
            .field("target", &self.target)
            .field("valid", &self.program.is_some())
            .finish_non_exhaustive()
    }
}

/// The context's assembly-program state.
#[derive(Debug)]
pub struct ArbPrograms {
    /// Program objects by name; 0 holds nothing (the default objects are
    /// `defaults`). A name from `glGenProgramsARB` has an object with
    /// target 0 until bound.
    objects: HashMap<u32, ProgramObject>,
    /// The default programs (name 0) of the vertex and fragment targets.
    defaults: [ProgramObject; 2],
    /// Bound program per target (vertex, fragment).
    pub bound: [u32; 2],
    /// `program.env[n]` per target.
    pub env: [Vec<[f32; 4]>; 2],
    /// `GL_PROGRAM_ERROR_POSITION_ARB`.
    pub error_position: i32,
    /// `GL_PROGRAM_ERROR_STRING_ARB`.
    pub error_string: std::ffi::CString,
}

impl Default for ArbPrograms {
    fn default() -> Self {
        ArbPrograms {
            objects: HashMap::new(),
            defaults: Default::default(),
            bound: [0; 2],
            env: [
                vec![[0.0; 4]; limits::MAX_ENV_PARAMETERS as usize],
                vec![[0.0; 4]; limits::MAX_ENV_PARAMETERS as usize],
            ],
            error_position: -1,
            error_string: std::ffi::CString::default(),
        }
    }
}

/// Index of a target: 0 vertex, 1 fragment.
pub fn target_index(target: GLenum) -> ApiResult<usize> {
    match target {
        GL_VERTEX_PROGRAM_ARB => Ok(0),
        GL_FRAGMENT_PROGRAM_ARB => Ok(1),
        _ => Err(ApiError::InvalidEnum),
    }
}

/// A stage's assembly program at a draw.
#[derive(Clone)]
pub struct ArbStage {
    /// The backend shader.
    pub shader: Arc<Shader>,
    /// The parsed program.
    pub program: Arc<Program>,
    /// The bound name (for the local parameters).
    pub name: u32,
}

impl ArbPrograms {
    fn object(&self, t: usize, name: u32) -> Option<&ProgramObject> {
        if name == 0 {
            Some(&self.defaults[t])
        } else {
            self.objects.get(&name)
        }
    }

    fn object_mut(&mut self, t: usize, name: u32) -> Option<&mut ProgramObject> {
        if name == 0 {
            Some(&mut self.defaults[t])
        } else {
            self.objects.get_mut(&name)
        }
    }

    /// The object bound to target index `t`.
    pub fn bound_object(&self, t: usize) -> Option<&ProgramObject> {
        self.object(t, self.bound[t])
    }
}

impl Context {
    /// Whether target index `t` is enabled and no GLSL stage replaces it.
    pub(crate) fn arb_enabled(&self, t: usize) -> bool {
        if self.params().profile != crate::context::Profile::Compat {
            return false;
        }
        let cap = [GL_VERTEX_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_ARB][t];
        if !self.state.enabled(cap) {
            return false;
        }
        let stage = [
            crate::program::ProgramStage::Vertex,
            crate::program::ProgramStage::Fragment,
        ][t];
        self.stage_exec(stage).is_none()
    }

    /// Draw validation: an enabled assembly target must have a valid
    /// program bound (INVALID_OPERATION otherwise).
    pub fn arb_validate_draw(&self) -> ApiResult {
        for t in 0..2 {
            if self.arb_enabled(t) && self.arb.bound_object(t).is_none_or(|o| o.program.is_none()) {
                return Err(ApiError::InvalidOperation);
            }
        }
        Ok(())
    }

    /// `glGenProgramsARB`.
    pub fn gen_programs_arb(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        let n = crate::error::name_count(n)?;
        let mut out = crate::error::try_vec(n)?;
        let mut next = 1u32;
        while out.len() < n {
            if let std::collections::hash_map::Entry::Vacant(e) = self.arb.objects.entry(next) {
                e.insert(ProgramObject::default());
                out.push(next);
            }
            next += 1;
        }
        Ok(out)
    }

    /// `glDeleteProgramsARB`: bound programs revert to 0.
    pub fn delete_programs_arb(&mut self, names: &[u32]) -> ApiResult {
        for &n in names {
            if n == 0 {
                continue;
            }
            if self.arb.objects.remove(&n).is_some() {
                for t in 0..2 {
                    if self.arb.bound[t] == n {
                        self.arb.bound[t] = 0;
                    }
                }
            }
        }
        Ok(())
    }

    /// `glIsProgramARB`.
    pub fn is_program_arb(&self, name: u32) -> bool {
        name != 0 && self.arb.objects.get(&name).is_some_and(|o| o.target != 0)
    }

    /// `glBindProgramARB`. ARB_vertex_program: INVALID_OPERATION when the
    /// name is an object of the other target.
    pub fn bind_program_arb(&mut self, target: GLenum, name: u32) -> ApiResult {
        let t = target_index(target)?;
        if name != 0 {
            let o = self.arb.objects.entry(name).or_default();
            if o.target != 0 && o.target != target {
                return Err(ApiError::InvalidOperation);
            }
            o.target = target;
        }
        self.flush_vertices();
        self.arb.bound[t] = name;
        Ok(())
    }

    /// `glProgramStringARB`: a failed load is INVALID_OPERATION with the
    /// error position and string set, and leaves the object as it was.
    pub fn program_string_arb(&mut self, target: GLenum, format: GLenum, text: &[u8]) -> ApiResult {
        let t = target_index(target)?;
        if format != GL_PROGRAM_FORMAT_ASCII_ARB {
            return Err(ApiError::InvalidEnum);
        }
        let kind = if t == 0 { Kind::Vertex } else { Kind::Fragment };
        self.flush_vertices();
        match parse::parse(text, kind) {
            Ok(p) => {
                self.arb.error_position = -1;
                self.arb.error_string = std::ffi::CString::default();
                let name = self.arb.bound[t];
                let o = self
                    .arb
                    .object_mut(t, name)
                    .ok_or(ApiError::InvalidOperation)?;
                o.source = text.to_vec();
                o.program = Some(Arc::new(p));
                o.ir.clear();
                o.compiled.clear();
                Ok(())
            }
            Err(e) => {
                self.arb.error_position = e.pos as i32;
                let line = text[..e.pos.min(text.len())]
                    .iter()
                    .filter(|&&c| c == b'\n')
                    .count()
                    + 1;
                let msg = format!("line {line}, char {}: error: {}", e.pos, e.msg);
                self.arb.error_string =
                    std::ffi::CString::new(msg.replace('\0', " ")).unwrap_or_default();
                oxgl_util::log!(
                    oxgl_util::log::Level::Info,
                    "glProgramStringARB: {}",
                    self.arb.error_string.to_string_lossy()
                );
                Err(ApiError::InvalidOperation)
            }
        }
    }

    /// `glProgramEnvParameter4fARB` and friends.
    pub fn program_env_parameter_arb(
        &mut self,
        target: GLenum,
        index: u32,
        v: [f32; 4],
    ) -> ApiResult {
        let t = target_index(target)?;
        let slot = self.arb.env[t]
            .get_mut(index as usize)
            .ok_or(ApiError::InvalidValue)?;
        *slot = v;
        Ok(())
    }

    /// `glGetProgramEnvParameter*ARB`.
    pub fn get_program_env_parameter_arb(&self, target: GLenum, index: u32) -> ApiResult<[f32; 4]> {
        let t = target_index(target)?;
        self.arb.env[t]
            .get(index as usize)
            .copied()
            .ok_or(ApiError::InvalidValue)
    }

    /// `glProgramLocalParameter4fARB` and friends: of the bound program.
    pub fn program_local_parameter_arb(
        &mut self,
        target: GLenum,
        index: u32,
        v: [f32; 4],
    ) -> ApiResult {
        let t = target_index(target)?;
        if index >= limits::MAX_LOCAL_PARAMETERS {
            return Err(ApiError::InvalidValue);
        }
        let name = self.arb.bound[t];
        let o = self
            .arb
            .object_mut(t, name)
            .ok_or(ApiError::InvalidOperation)?;
        if o.locals.len() <= index as usize {
            o.locals.resize(index as usize + 1, [0.0; 4]);
        }
        o.locals[index as usize] = v;
        Ok(())
    }

    /// `glGetProgramLocalParameter*ARB`.
    pub fn get_program_local_parameter_arb(
        &self,
        target: GLenum,
        index: u32,
    ) -> ApiResult<[f32; 4]> {
        let t = target_index(target)?;
        if index >= limits::MAX_LOCAL_PARAMETERS {
            return Err(ApiError::InvalidValue);
        }
        let o = self.arb.bound_object(t).ok_or(ApiError::InvalidOperation)?;
        Ok(o.locals.get(index as usize).copied().unwrap_or([0.0; 4]))
    }

    /// `glGetProgramivARB`.
    pub fn get_program_iv_arb(&self, target: GLenum, pname: GLenum) -> ApiResult<i32> {
        let t = target_index(target)?;
        let fragment = t == 1;
        let o = self.arb.bound_object(t);
        let counts = o
            .and_then(|o| o.program.as_ref())
            .map(|p| p.counts)
            .unwrap_or_default();
        let big = limits::MAX_INSTRUCTIONS as i32;
        Ok(match pname {
            GL_PROGRAM_LENGTH_ARB => o.map_or(0, |o| o.source.len() as i32),
            GL_PROGRAM_FORMAT_ARB => GL_PROGRAM_FORMAT_ASCII_ARB as i32,
            GL_PROGRAM_BINDING_ARB => self.arb.bound[t] as i32,
            GL_PROGRAM_INSTRUCTIONS_ARB | GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB => {
                counts.instructions as i32
            }
            GL_MAX_PROGRAM_INSTRUCTIONS_ARB | GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB => big,
            GL_PROGRAM_TEMPORARIES_ARB | GL_PROGRAM_NATIVE_TEMPORARIES_ARB => counts.temps as i32,
            GL_MAX_PROGRAM_TEMPORARIES_ARB | GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB => {
                limits::MAX_TEMPORARIES as i32
            }
            GL_PROGRAM_PARAMETERS_ARB | GL_PROGRAM_NATIVE_PARAMETERS_ARB => counts.params as i32,
            GL_MAX_PROGRAM_PARAMETERS_ARB | GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB => {
                limits::MAX_PARAMETERS as i32
            }
            GL_PROGRAM_ATTRIBS_ARB | GL_PROGRAM_NATIVE_ATTRIBS_ARB => counts.attribs as i32,
            GL_MAX_PROGRAM_ATTRIBS_ARB => {
                if fragment {
                    limits::MAX_FRAGMENT_ATTRIBS as i32
                } else {
                    limits::MAX_VERTEX_ATTRIBS as i32
                }
            }
            GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB => limits::MAX_FRAGMENT_ATTRIBS as i32,
            GL_PROGRAM_ADDRESS_REGISTERS_ARB | GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB => {
                counts.address as i32
            }
            GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB | GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB => {
                if fragment {
                    0
                } else {
                    limits::MAX_ADDRESS_REGISTERS as i32
                }
            }
            GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB => limits::MAX_LOCAL_PARAMETERS as i32,
            GL_MAX_PROGRAM_ENV_PARAMETERS_ARB => limits::MAX_ENV_PARAMETERS as i32,
            GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB => 1,
            GL_PROGRAM_ALU_INSTRUCTIONS_ARB | GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB
                if fragment =>
            {
                counts.alu as i32
            }
            GL_PROGRAM_TEX_INSTRUCTIONS_ARB | GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB
                if fragment =>
            {
                counts.tex as i32
            }
            GL_PROGRAM_TEX_INDIRECTIONS_ARB | GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB
                if fragment =>
            {
                counts.indirections as i32
            }
            GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB
            | GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB
            | GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB
            | GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB
            | GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB
            | GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB
                if fragment =>
            {
                big
            }
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glGetProgramStringARB`: the bound program's string.
    pub fn get_program_string_arb(&self, target: GLenum, pname: GLenum) -> ApiResult<&[u8]> {
        let t = target_index(target)?;
        if pname != GL_PROGRAM_STRING_ARB {
            return Err(ApiError::InvalidEnum);
        }
        Ok(self.arb.bound_object(t).map_or(&[][..], |o| &o.source[..]))
    }

    /// The assembly program of target index `t` for a draw (compiled for
    /// `variant`), or `None` when the target is off, replaced by GLSL, or
    /// its program is invalid or failed to compile.
    pub(crate) fn arb_stage(&mut self, t: usize, variant: FsVariant) -> Option<ArbStage> {
        if !self.arb_enabled(t) {
            return None;
        }
        let variant = if t == 0 {
            FsVariant::default()
        } else {
            variant
        };
        let name = self.arb.bound[t];
        let o = self.arb.bound_object(t)?;
        let program = o.program.clone()?;
        if let Some(s) = o.compiled.get(&variant) {
            return Some(ArbStage {
                shader: s.clone(),
                program,
                name,
            });
        }
        let ir = self.arb_ir(t, variant)?;
        let shader = match self.backend_shader(&oxgl_ir::serialize::serialize(&ir)) {
            Ok(s) => Arc::new(s),
            Err(e) => {
                oxgl_util::log!(
                    oxgl_util::log::Level::Warning,
                    "the backend could not compile an assembly program: {e}"
                );
                return None;
            }
        };
        let o = self.arb.object_mut(t, name)?;
        o.compiled.insert(variant, shader.clone());
        Some(ArbStage {
            shader,
            program,
            name,
        })
    }

    /// The IR of the bound program of target index `t` in `variant`.
    pub(crate) fn arb_ir(&mut self, t: usize, variant: FsVariant) -> Option<Arc<oxgl_ir::Shader>> {
        let name = self.arb.bound[t];
        let o = self.arb.object_mut(t, name)?;
        let p = o.program.clone()?;
        Some(
            o.ir.entry(variant)
                .or_insert_with(|| Arc::new(lower::lower(&p, variant)))
                .clone(),
        )
    }

    /// Fills `out` with the parameter slots of `stage` (target index `t`).
    pub(crate) fn arb_block(&self, t: usize, stage: &ArbStage, out: &mut Vec<u8>) {
        out.clear();
        out.resize(stage.program.params.len() * 16, 0);
        let locals = self
            .arb
            .object(t, stage.name)
            .map_or(&[][..], |o| &o.locals[..]);
        for (i, src) in stage.program.params.iter().enumerate() {
            let v = match *src {
                ParamSource::Const(c) => c,
                ParamSource::Env(n) => self.arb.env[t][n as usize],
                ParamSource::Local(n) => locals.get(n as usize).copied().unwrap_or([0.0; 4]),
                ParamSource::State(s) => self.state_var(s),
            };
            for (d, x) in out[i * 16..i * 16 + 16].chunks_exact_mut(4).zip(v) {
                d.copy_from_slice(&x.to_le_bytes());
            }
        }
    }

    /// The value of one `state.*` binding (ARB_vertex_program tables
    /// X.2.x, ARB_fragment_program tables X.2.x).
    fn state_var(&self, s: StateVar) -> [f32; 4] {
        let l = &self.lighting;
        let mul = |a: [f32; 4], b: [f32; 4]| [a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]];
        match s {
            StateVar::MatrixRow { m, modifier, row } => {
                let mats = &self.ff.matrices;
                let mut mat = match m {
                    MatrixKind::Modelview => *mats.modelview.top(),
                    MatrixKind::Projection => *mats.projection.top(),
                    MatrixKind::Mvp => mats.projection.top().mul(mats.modelview.top()),
                    MatrixKind::Texture(u) => mats
                        .texture
                        .get(usize::from(u))
                        .map_or(Mat4::IDENTITY, |s| *s.top()),
                    MatrixKind::Program(n) => mats
                        .program
                        .get(usize::from(n))
                        .map_or(Mat4::IDENTITY, |s| *s.top()),
                };
                if modifier & 1 != 0 {
                    mat = mat.inverse().unwrap_or(Mat4::IDENTITY);
                }
                if modifier & 2 != 0 {
                    mat = mat.transpose();
                }
                let r = usize::from(row);
                [mat.at(r, 0), mat.at(r, 1), mat.at(r, 2), mat.at(r, 3)]
            }
            StateVar::Material { back, param } => {
                let m = &l.material[usize::from(back)];
                match param {
                    0 => m.ambient,
                    1 => m.diffuse,
                    2 => m.specular,
                    3 => m.emission,
                    _ => [m.shininess, 0.0, 0.0, 1.0],
                }
            }
            StateVar::Light { light, param } => {
                let li = &l.lights[usize::from(light)];
                match param {
                    LightState::Ambient => li.ambient,
                    LightState::Diffuse => li.diffuse,
                    LightState::Specular => li.specular,
                    LightState::Position => li.position,
                    LightState::Attenuation => [
                        li.attenuation[0],
                        li.attenuation[1],
                        li.attenuation[2],
                        li.spot_exponent,
                    ],
                    LightState::SpotDirection => {
                        let d = li.spot_direction;
                        let c = f64::from(li.spot_cutoff).to_radians().cos() as f32;
                        [d[0], d[1], d[2], c]
                    }
                    LightState::Half => {
                        // normalize(normalize(position.xyz) + (0, 0, 1)).
                        let p = li.position;
                        let dir = crate::compat::ffgen::normalize3([p[0], p[1], p[2]]);
                        let h = crate::compat::ffgen::normalize3([dir[0], dir[1], dir[2] + 1.0]);
                        [h[0], h[1], h[2], 1.0]
                    }
                }
            }
            StateVar::LightModelAmbient => l.model_ambient,
            StateVar::SceneColor { back } => {
                let m = &l.material[usize::from(back)];
                let a = mul(m.ambient, l.model_ambient);
                [
                    m.emission[0] + a[0],
                    m.emission[1] + a[1],
                    m.emission[2] + a[2],
                    m.diffuse[3],
                ]
            }
            StateVar::LightProd { light, back, param } => {
                let m = &l.material[usize::from(back)];
                let li = &l.lights[usize::from(light)];
                let (mc, lc) = match param {
                    0 => (m.ambient, li.ambient),
                    1 => (m.diffuse, li.diffuse),
                    _ => (m.specular, li.specular),
                };
                let mut v = mul(mc, lc);
                v[3] = mc[3];
                v
            }
            StateVar::TexGen { unit, eye, coord } => {
                let g = &self.texunits.texgen[usize::from(unit)];
                if eye {
                    g.eye_plane[usize::from(coord)]
                } else {
                    g.object_plane[usize::from(coord)]
                }
            }
            StateVar::FogColor => self.fog.color,
            StateVar::FogParams => {
                let f = &self.fog;
                let range = f.end - f.start;
                let scale = if range != 0.0 { 1.0 / range } else { 0.0 };
                [f.density, f.start, f.end, scale]
            }
            StateVar::ClipPlane(i) => self.clip_planes[usize::from(i)].map(|x| x as f32),
            StateVar::PointSize => {
                let p = &self.raster.point;
                [self.raster.point_size, p.min, p.max, p.fade_threshold]
            }
            StateVar::PointAttenuation => {
                let [a, b, c] = self.raster.point.attenuation;
                [a, b, c, 1.0]
            }
            StateVar::TexEnvColor(u) => self.texunits.env[usize::from(u)].color,
            StateVar::DepthRange => {
                let [n, f] = self.state.depth_ranges[0];
                [n, f, f - n, 1.0]
            }
        }
    }
}

#[cfg(test)]
mod tests;
