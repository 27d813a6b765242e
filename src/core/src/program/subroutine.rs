//! Shader subroutines (ARB_shader_subroutine, GL 4.0 §7.10): each stage's
//! subroutine functions and subroutine uniforms, their queries, and
//! `glUniformSubroutinesuiv`.
//!
//! The compiler lowers a subroutine uniform to an `int` in the stage's
//! default uniform block holding the index of the function it calls, and
//! a call through it to a branch over the functions of its type
//! (`oxgl_glsl::lower`); the linker lists each stage's functions by index
//! ([`oxgl_glsl::link::Linked::subroutines`]). Setting a subroutine
//! uniform writes that `int`. The values live in the executable, as the
//! other uniforms do; as GL 4.6 §7.10 asks, `glUseProgram` sets each one
//! back to the first function of its type (Mesa's choice of the
//! "implementation-defined" value), and they are not part of the
//! program's state otherwise.

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;
use oxgl_glsl::link::Linked;
use oxgl_glsl::lower::{SubroutineFn, UniformKind};

use super::{Executable, PROGRAM_STAGES, ProgramStage, UniformStore};
use crate::context::Context;
use crate::error::{ApiError, ApiResult};

pub use oxgl_glsl::link::{MAX_SUBROUTINE_UNIFORM_LOCATIONS, MAX_SUBROUTINES};

/// One subroutine uniform of a stage.
#[derive(Clone, Debug)]
pub(crate) struct SubroutineUniform {
    /// Its name (an array's without a subscript).
    pub name: String,
    /// The subroutine type's name.
    pub ty: String,
    /// Elements (1 if not an array).
    pub count: u32,
    /// Declared as an array.
    pub is_array: bool,
    /// Byte offset of the first element's `int` in the stage's block.
    pub offset: u32,
    /// Bytes between elements.
    pub stride: u32,
    /// Location of the first element; the others follow.
    pub location: u32,
}

/// A stage's subroutine interface.
#[derive(Clone, Debug, Default)]
pub(crate) struct StageSubroutines {
    /// The functions, by index.
    pub functions: Vec<SubroutineFn>,
    /// The uniforms, in the order of their locations.
    pub uniforms: Vec<SubroutineUniform>,
}

impl StageSubroutines {
    /// `GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS`.
    pub fn locations(&self) -> u32 {
        self.uniforms
            .iter()
            .map(|u| u.location + u.count)
            .max()
            .unwrap_or(0)
    }

    /// `GL_ACTIVE_SUBROUTINES`: one more than the largest index (explicit
    /// indices may leave gaps, ARB_explicit_uniform_location issue 7).
    pub fn active_functions(&self) -> u32 {
        self.functions
            .iter()
            .map(|f| f.index + 1)
            .max()
            .unwrap_or(0)
    }

    /// The function of subroutine index `index`.
    fn function(&self, index: u32) -> Option<&SubroutineFn> {
        self.functions.iter().find(|f| f.index == index)
    }

    /// The indices of the functions uniform `u` may call.
    pub(crate) fn compatible(&self, u: &SubroutineUniform) -> Vec<u32> {
        self.functions
            .iter()
            .filter(|f| f.types.contains(&u.ty))
            .map(|f| f.index)
            .collect()
    }

    /// The uniform and element at `location`.
    fn at(&self, location: u32) -> Option<(&SubroutineUniform, u32)> {
        self.uniforms
            .iter()
            .find(|u| (u.location..u.location + u.count).contains(&location))
            .map(|u| (u, location - u.location))
    }

    /// Sets every uniform of the stage to the first function of its type.
    pub fn reset(&self, block: &mut [u8]) {
        for u in &self.uniforms {
            let first = self.compatible(u).first().copied().unwrap_or(0);
            for e in 0..u.count {
                write_index(block, u.offset + e * u.stride, first);
            }
        }
    }
}

/// Writes subroutine index `index` as the `int` at byte `at` of `block`.
fn write_index(block: &mut [u8], at: u32, index: u32) {
    if let Some(dst) = block.get_mut(at as usize..at as usize + 4) {
        dst.copy_from_slice(&index.to_ne_bytes());
    }
}

/// Each stage's subroutine interface of a link: its functions, and its
/// uniforms of kind `Subroutine` (which are no active uniforms), each at
/// its explicit location (ARB_explicit_uniform_location) or else at the
/// lowest free ones, in order.
pub(crate) fn stage_subroutines(linked: &Linked) -> [StageSubroutines; PROGRAM_STAGES] {
    std::array::from_fn(|stage| {
        let mut s = StageSubroutines {
            functions: linked.subroutines[stage].clone(),
            uniforms: Vec::new(),
        };
        let explicit = &linked.subroutine_locations[stage];
        let mut taken: Vec<bool> = Vec::new();
        for &(_, at, n) in explicit {
            let (at, n) = (at as usize, n as usize);
            if taken.len() < at + n {
                taken.resize(at + n, false);
            }
            taken[at..at + n].fill(true);
        }
        let mut next = 0;
        for u in &linked.uniforms {
            let kind = &u.stage_kinds()[stage];
            if let Some(UniformKind::Subroutine {
                offset,
                array_stride,
            }) = kind
            {
                let is_array = *array_stride != 0 || u.count > 1;
                let location = match explicit.iter().find(|(n, ..)| *n == u.name) {
                    Some(&(_, at, _)) => at,
                    None => {
                        let n = u.count as usize;
                        let at = super::free_run(&taken, &mut next, n);
                        if taken.len() < at + n {
                            taken.resize(at + n, false);
                        }
                        taken[at..at + n].fill(true);
                        at as u32
                    }
                };
                s.uniforms.push(SubroutineUniform {
                    name: u.name.strip_suffix("[0]").unwrap_or(&u.name).to_owned(),
                    ty: u.ty.clone(),
                    count: u.count,
                    is_array,
                    offset: *offset,
                    stride: *array_stride,
                    location,
                });
            }
        }
        s
    })
}

/// Whether a linked uniform is a subroutine uniform in some stage.
pub(crate) fn is_subroutine_uniform(u: &oxgl_glsl::link::Uniform) -> bool {
    u.stage_kinds()
        .iter()
        .any(|k| matches!(k, Some(UniformKind::Subroutine { .. })))
}

/// The stage of a `shadertype` argument. INVALID_ENUM for one that is no
/// stage this implementation has.
fn stage_of(shadertype: GLenum) -> ApiResult<ProgramStage> {
    ProgramStage::of_shader_type(shadertype).ok_or(ApiError::InvalidEnum)
}

/// `name` or `name[i]`: the base name and element.
fn split_element(name: &str) -> Option<(&str, u32)> {
    match name.strip_suffix(']').and_then(|n| n.rsplit_once('[')) {
        Some((base, i)) if !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()) => {
            Some((base, i.parse().ok()?))
        }
        Some(_) => None,
        None => Some((name, 0)),
    }
}

impl Executable {
    /// The subroutine interface of `stage`.
    pub(crate) fn stage_subroutines(&self, stage: ProgramStage) -> &StageSubroutines {
        &self.subroutines[stage as usize]
    }
}

/// Resets the subroutine uniforms of every stage of `exec`.
pub(crate) fn reset_subroutines(exec: &Executable, values: &mut UniformStore) {
    for (s, block) in exec.subroutines.iter().zip(values.blocks.iter_mut()) {
        s.reset(block);
    }
}

impl Context {
    /// ARB_shader_subroutine (GL 4.0): desktop contexts.
    pub(crate) fn has_subroutines(&self) -> bool {
        self.params().profile != crate::context::Profile::Es
    }

    /// The linked executable of `program` and the stage of `shadertype`,
    /// errors as the subroutine queries give them (INVALID_ENUM, then
    /// INVALID_VALUE for no program, INVALID_OPERATION for a shader or
    /// an unlinked program).
    fn subroutine_program(
        &mut self,
        program: u32,
        shadertype: GLenum,
    ) -> ApiResult<(std::sync::Arc<Executable>, ProgramStage)> {
        self.outside_begin_end()?;
        let stage = stage_of(shadertype)?;
        Ok((self.linked_exec(program)?, stage))
    }

    /// `f` of the subroutine interface of `program`'s stage `shadertype`
    /// (errors of [`Context::subroutine_program`] first).
    fn with_subroutines<T>(
        &mut self,
        program: u32,
        shadertype: GLenum,
        f: impl FnOnce(&StageSubroutines) -> ApiResult<T>,
    ) -> ApiResult<T> {
        let (exec, stage) = self.subroutine_program(program, shadertype)?;
        f(exec.stage_subroutines(stage))
    }

    /// `glGetSubroutineUniformLocation`: -1 when the stage has no such
    /// subroutine uniform (or element).
    pub fn get_subroutine_uniform_location(
        &mut self,
        program: u32,
        shadertype: GLenum,
        name: &str,
    ) -> ApiResult<i32> {
        let (exec, stage) = self.subroutine_program(program, shadertype)?;
        let Some((base, e)) = split_element(name) else {
            return Ok(-1);
        };
        let s = exec.stage_subroutines(stage);
        Ok(s.uniforms
            .iter()
            .find(|u| u.name == base && e < u.count && (u.is_array || !name.ends_with(']')))
            .map_or(-1, |u| (u.location + e) as i32))
    }

    /// `glGetSubroutineIndex`: `GL_INVALID_INDEX` when the stage has no
    /// such subroutine function.
    pub fn get_subroutine_index(
        &mut self,
        program: u32,
        shadertype: GLenum,
        name: &str,
    ) -> ApiResult<u32> {
        let (exec, stage) = self.subroutine_program(program, shadertype)?;
        let s = exec.stage_subroutines(stage);
        Ok(s.functions
            .iter()
            .find(|f| f.name == name)
            .map_or(GL_INVALID_INDEX, |f| f.index))
    }

    /// `glGetActiveSubroutineUniformiv`: `GL_NUM_COMPATIBLE_SUBROUTINES`,
    /// `GL_COMPATIBLE_SUBROUTINES` (the list), `GL_UNIFORM_SIZE`,
    /// `GL_UNIFORM_NAME_LENGTH`. INVALID_VALUE for an index past the
    /// stage's subroutine uniforms, INVALID_ENUM for another pname.
    pub fn get_active_subroutine_uniform_iv(
        &mut self,
        program: u32,
        shadertype: GLenum,
        index: u32,
        pname: GLenum,
    ) -> ApiResult<Vec<i32>> {
        let (exec, stage) = self.subroutine_program(program, shadertype)?;
        let s = exec.stage_subroutines(stage);
        let u = s
            .uniforms
            .get(index as usize)
            .ok_or(ApiError::InvalidValue)?;
        Ok(match pname {
            GL_NUM_COMPATIBLE_SUBROUTINES => vec![s.compatible(u).len() as i32],
            GL_COMPATIBLE_SUBROUTINES => s.compatible(u).iter().map(|&i| i as i32).collect(),
            GL_UNIFORM_SIZE => vec![u.count as i32],
            GL_UNIFORM_NAME_LENGTH => vec![u.name.len() as i32 + 1],
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// `glGetActiveSubroutineUniformName`: INVALID_VALUE for an index past
    /// the stage's subroutine uniforms.
    pub fn get_active_subroutine_uniform_name(
        &mut self,
        program: u32,
        shadertype: GLenum,
        index: u32,
    ) -> ApiResult<String> {
        self.with_subroutines(program, shadertype, |s| {
            let u = s
                .uniforms
                .get(index as usize)
                .ok_or(ApiError::InvalidValue)?;
            Ok(u.name.clone())
        })
    }

    /// `glGetActiveSubroutineName`: INVALID_VALUE for an index past the
    /// stage's subroutine functions.
    pub fn get_active_subroutine_name(
        &mut self,
        program: u32,
        shadertype: GLenum,
        index: u32,
    ) -> ApiResult<String> {
        self.with_subroutines(program, shadertype, |s| {
            if index >= s.active_functions() {
                return Err(ApiError::InvalidValue);
            }
            // An index between explicit ones no function has: no name.
            Ok(s.function(index)
                .map_or_else(String::new, |f| f.name.clone()))
        })
    }

    /// `glGetProgramStageiv`. INVALID_ENUM for another pname; a program
    /// that has not linked answers 0.
    pub fn get_program_stage_iv(
        &mut self,
        program: u32,
        shadertype: GLenum,
        pname: GLenum,
    ) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let compute = shadertype == GL_COMPUTE_SHADER && self.has_compute();
        let stage = if compute {
            ProgramStage::Vertex
        } else {
            stage_of(shadertype)?
        };
        // A program that has not linked has no subroutines (0, as Mesa,
        // and as glGetProgramInterfaceiv says); a compute program's stage
        // sits in the vertex stage's tables (`program/compute.rs`), and
        // other programs have no compute stage.
        let exec = self.objects().program(program)?.exec.clone();
        let Some(exec) = exec.filter(|e| e.compute.is_some() == compute) else {
            return match pname {
                GL_ACTIVE_SUBROUTINE_UNIFORMS
                | GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS
                | GL_ACTIVE_SUBROUTINES
                | GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH
                | GL_ACTIVE_SUBROUTINE_MAX_LENGTH => Ok(0),
                _ => Err(ApiError::InvalidEnum),
            };
        };
        let s = exec.stage_subroutines(stage);
        let max_len = |names: &mut dyn Iterator<Item = usize>| names.max().map_or(0, |n| n + 1);
        Ok(match pname {
            GL_ACTIVE_SUBROUTINE_UNIFORMS => s.uniforms.len() as i32,
            GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS => s.locations() as i32,
            GL_ACTIVE_SUBROUTINES => s.active_functions() as i32,
            GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH => {
                max_len(&mut s.uniforms.iter().map(|u| u.name.len())) as i32
            }
            GL_ACTIVE_SUBROUTINE_MAX_LENGTH => {
                max_len(&mut s.functions.iter().map(|f| f.name.len())) as i32
            }
            _ => return Err(ApiError::InvalidEnum),
        })
    }

    /// The executable of the stage in use for `shadertype`, for
    /// `glUniformSubroutinesuiv` and `glGetUniformSubroutineuiv`:
    /// INVALID_ENUM for a bad stage, INVALID_OPERATION without one.
    fn subroutine_stage_in_use(
        &self,
        shadertype: GLenum,
    ) -> ApiResult<(std::sync::Arc<Executable>, ProgramStage)> {
        self.outside_begin_end()?;
        let stage = stage_of(shadertype)?;
        let exec = self.stage_exec(stage).ok_or(ApiError::InvalidOperation)?;
        Ok((exec, stage))
    }

    /// `glUniformSubroutinesuiv` (GL 4.6 §7.10): the function of every
    /// subroutine uniform location of the stage in use. INVALID_VALUE
    /// unless `indices` has one per location, or for an index past the
    /// stage's functions; INVALID_OPERATION for a function of another
    /// type than the uniform's. Nothing is set on an error.
    pub fn uniform_subroutines(&mut self, shadertype: GLenum, indices: &[u32]) -> ApiResult {
        let (exec, stage) = self.subroutine_stage_in_use(shadertype)?;
        let s = exec.stage_subroutines(stage);
        if indices.len() != s.locations() as usize {
            return Err(ApiError::InvalidValue);
        }
        // Locations no uniform has (between explicit ones) take anything.
        for (loc, &i) in indices.iter().enumerate() {
            let Some((u, _)) = s.at(loc as u32) else {
                continue;
            };
            if s.function(i).is_none() {
                return Err(ApiError::InvalidValue);
            }
            if !s.compatible(u).contains(&i) {
                return Err(ApiError::InvalidOperation);
            }
        }
        let mut values = exec.values();
        let block = &mut values.blocks[stage as usize];
        for (loc, &i) in indices.iter().enumerate() {
            if let Some((u, e)) = s.at(loc as u32) {
                write_index(block, u.offset + e * u.stride, i);
            }
        }
        Ok(())
    }

    /// `glGetUniformSubroutineuiv`: the function subroutine uniform
    /// location `location` of the stage in use calls. INVALID_VALUE for a
    /// location past the stage's.
    pub fn get_uniform_subroutine(&mut self, shadertype: GLenum, location: i32) -> ApiResult<u32> {
        let (exec, stage) = self.subroutine_stage_in_use(shadertype)?;
        let s = exec.stage_subroutines(stage);
        let l = u32::try_from(location).map_err(|_| ApiError::InvalidValue)?;
        if l >= s.locations() {
            return Err(ApiError::InvalidValue);
        }
        // A location between explicit ones that no uniform has.
        let Some((u, e)) = s.at(l) else {
            return Ok(GL_INVALID_INDEX);
        };
        let values = exec.values();
        let at = (u.offset + e * u.stride) as usize;
        let bytes = values.blocks[stage as usize]
            .get(at..at + 4)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .unwrap_or_default();
        Ok(u32::from_ne_bytes(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_names_split() {
        assert_eq!(split_element("u"), Some(("u", 0)));
        assert_eq!(split_element("u[3]"), Some(("u", 3)));
        assert_eq!(split_element("u[]"), None);
        assert_eq!(split_element("u[x]"), None);
    }
}
