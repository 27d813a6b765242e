//! Program pipeline objects (ARB_separate_shader_objects, GL 4.1; GL 4.6
//! §7.4): the stages of separable programs drawn together.
//!
//! A pipeline names, for each stage, the program whose executable runs it
//! (`glUseProgramStages`), and the program that `glUniform*` reaches
//! (`glActiveShaderProgram`). Pipelines belong to their context (they are
//! containers, not shared). A draw runs the current program's stages when
//! `glUseProgram` made one current, else the bound pipeline's
//! ([`Context::stage_execs`]): each stage's executable, its uniform block
//! and its textures come from its own program. Separable programs place
//! their boundary varyings and texture bindings so that any two of them
//! meet (`oxgl_glsl::link::canonical_locations`,
//! `SEPARABLE_SAMPLER_BASES`).
//!
//! The errors are Mesa's (`src/mesa/main/pipelineobj.c`): INVALID_OPERATION
//! for a pipeline name never generated, INVALID_VALUE / INVALID_OPERATION
//! for program names as `glUseProgram` has them.

use std::sync::Arc;

use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::GLenum;

use crate::context::{Context, Profile};
use crate::error::{ApiError, ApiResult};
use crate::program::{Executable, PROGRAM_STAGES, ProgramStage};

/// A program pipeline object.
#[derive(Clone, Debug, Default)]
pub struct Pipeline {
    /// The program of each stage ([`ProgramStage`] order); 0 for none.
    pub stages: [u32; PROGRAM_STAGES],
    /// `GL_ACTIVE_PROGRAM`.
    pub active: u32,
    /// `GL_VALIDATE_STATUS` of the last `glValidateProgramPipeline`.
    pub validated: bool,
    /// Its info log.
    pub log: String,
    /// Bound (or used) once: `glIsProgramPipeline` is true from then on
    /// (a generated name alone is not a pipeline yet, as in Mesa).
    pub ever_bound: bool,
    /// `glObjectLabel`.
    pub label: crate::debug::Label,
}

/// `GL_VERTEX_SHADER_BIT`, ... in [`ProgramStage`] order.
const STAGE_BITS: [u32; PROGRAM_STAGES] = [
    GL_VERTEX_SHADER_BIT,
    GL_TESS_CONTROL_SHADER_BIT,
    GL_TESS_EVALUATION_SHADER_BIT,
    GL_GEOMETRY_SHADER_BIT,
    GL_FRAGMENT_SHADER_BIT,
];

impl Context {
    /// ARB_separate_shader_objects: desktop GL 3.3 contexts and later
    /// (where the GLSL side knows `layout(location)` on varyings).
    pub(crate) fn has_separate_shader_objects(&self) -> bool {
        let p = self.params();
        p.profile != Profile::Es && p.version >= (2, 0)
    }

    /// The executable that runs each stage of a draw: all the current
    /// program's (`glUseProgram`), else each from the program the bound
    /// pipeline names for it (its last successful link); `None` where the
    /// stage has no program.
    pub(crate) fn stage_execs(&self) -> [Option<Arc<Executable>>; PROGRAM_STAGES] {
        if let Some(e) = &self.programs.exec {
            return std::array::from_fn(|_| Some(e.clone()));
        }
        let Some(p) = self.bound_pipeline() else {
            return Default::default();
        };
        let stages = p.stages;
        let mut o = self.objects();
        stages.map(|name| {
            let exec = o.program(name).ok()?.exec.clone()?;
            Some(exec)
        })
    }

    /// Whether this context has stages of kind `stage` at all.
    pub(crate) fn has_stage_kind(&self, stage: ProgramStage) -> bool {
        match stage {
            ProgramStage::Vertex | ProgramStage::Fragment => true,
            ProgramStage::TessControl | ProgramStage::TessEvaluation => self.has_tessellation(),
            ProgramStage::Geometry => self.has_geometry_shaders(),
        }
    }

    /// The executable of `stage` for a draw ([`Context::stage_execs`]),
    /// if that executable has the stage.
    pub(crate) fn stage_exec(&self, stage: ProgramStage) -> Option<Arc<Executable>> {
        // The common case (a current program) without the pipeline's array.
        let e = match &self.programs.exec {
            Some(e) => e.clone(),
            None => self.stage_execs()[stage as usize].take()?,
        };
        e.has_stage(stage).then_some(e)
    }

    /// Whether a draw runs a GLSL stage: a current program or a bound
    /// pipeline with at least one.
    pub(crate) fn glsl_in_use(&self) -> bool {
        self.programs.exec.is_some() || self.stage_execs().iter().any(Option::is_some)
    }

    /// The bound pipeline, when no program is current.
    fn bound_pipeline(&self) -> Option<&Pipeline> {
        if self.programs.pipeline == 0 {
            return None;
        }
        self.programs.pipelines.get(self.programs.pipeline)
    }

    /// The executable `glUniform*` sets: the current program's, else that
    /// of the bound pipeline's active program.
    pub(crate) fn uniform_target(&self) -> Option<Arc<Executable>> {
        if self.programs.current != 0 {
            return self.programs.exec.clone();
        }
        let active = self.bound_pipeline()?.active;
        self.objects().program(active).ok()?.exec.clone()
    }

    /// A generated pipeline, or INVALID_OPERATION (Mesa's error for an
    /// unknown pipeline in every command but the info-log query).
    fn pipeline_mut(&mut self, name: u32) -> ApiResult<&mut Pipeline> {
        self.programs
            .pipelines
            .get_mut(name)
            .ok_or(ApiError::InvalidOperation)
    }

    /// `glGenProgramPipelines`.
    pub fn gen_program_pipelines(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        self.outside_begin_end()?;
        self.programs.pipelines.generate_with(n, Pipeline::default)
    }

    /// `glCreateProgramPipelines` (GL 4.5): pipelines that exist at once.
    pub fn create_program_pipelines(&mut self, n: i32) -> ApiResult<Vec<u32>> {
        let names = self.gen_program_pipelines(n)?;
        for &name in &names {
            if let Some(p) = self.programs.pipelines.get_mut(name) {
                p.ever_bound = true;
            }
        }
        Ok(names)
    }

    /// `glDeleteProgramPipelines`: the bound one is unbound first; 0 and
    /// unknown names are ignored.
    pub fn delete_program_pipelines(&mut self, names: &[u32]) -> ApiResult {
        self.outside_begin_end()?;
        for &name in names {
            if name == 0 {
                continue;
            }
            if self.programs.pipeline == name {
                self.flush_vertices();
                self.programs.pipeline = 0;
            }
            self.programs.pipelines.remove(name);
        }
        Ok(())
    }

    /// `glIsProgramPipeline`.
    pub fn is_program_pipeline(&self, name: u32) -> bool {
        self.programs
            .pipelines
            .get(name)
            .is_some_and(|p| p.ever_bound)
    }

    /// `glBindProgramPipeline`: INVALID_OPERATION for a name never
    /// generated, and while transform feedback is active and not paused
    /// (GL 4.6 §13.3.2).
    pub fn bind_program_pipeline(&mut self, name: u32) -> ApiResult {
        self.outside_begin_end()?;
        if self.xfb.capturing() {
            return Err(ApiError::InvalidOperation.because("transform feedback active"));
        }
        if name != 0 {
            self.pipeline_mut(name)?.ever_bound = true;
        }
        self.flush_vertices();
        self.programs.pipeline = name;
        Ok(())
    }

    /// `glUseProgramStages`: `program`'s stages named by `stages` (those
    /// it has; the others of `stages` get none). INVALID_OPERATION for an
    /// unknown pipeline, while transform feedback is active, for a program
    /// not linked or not separable; INVALID_VALUE for bits other than the
    /// stages' (and not `GL_ALL_SHADER_BITS`); program names as
    /// `glUseProgram`.
    pub fn use_program_stages(&mut self, pipeline: u32, stages: u32, program: u32) -> ApiResult {
        self.outside_begin_end()?;
        if self.xfb.capturing() {
            return Err(ApiError::InvalidOperation.because("transform feedback active"));
        }
        self.pipeline_mut(pipeline)?.ever_bound = true;
        let known = ProgramStage::ALL
            .into_iter()
            .filter(|&s| self.has_stage_kind(s))
            .fold(0, |m, s| m | STAGE_BITS[s as usize]);
        if stages != GL_ALL_SHADER_BITS && stages & !known != 0 {
            return Err(ApiError::InvalidValue);
        }
        let has = if program == 0 {
            [false; PROGRAM_STAGES]
        } else {
            let mut o = self.objects();
            let p = o.program(program)?;
            if !p.linked {
                return Err(ApiError::InvalidOperation.because("program not linked"));
            }
            if !p.separable {
                return Err(ApiError::InvalidOperation.because("program not separable"));
            }
            let e = p.exec.as_deref();
            ProgramStage::ALL.map(|s| e.is_some_and(|e| e.has_stage(s)))
        };
        self.flush_vertices();
        let p = self.pipeline_mut(pipeline)?;
        for (i, bit) in STAGE_BITS.iter().enumerate() {
            if stages & bit != 0 {
                p.stages[i] = if has[i] { program } else { 0 };
            }
        }
        Ok(())
    }

    /// `glActiveShaderProgram`: INVALID_OPERATION for an unknown pipeline
    /// or a program not linked; program names as `glUseProgram`.
    pub fn active_shader_program(&mut self, pipeline: u32, program: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.pipeline_mut(pipeline)?;
        if program != 0 {
            let mut o = self.objects();
            let p = o.program(program)?;
            if !p.linked {
                return Err(ApiError::InvalidOperation.because("program not linked"));
            }
        }
        let p = self.pipeline_mut(pipeline)?;
        p.ever_bound = true;
        p.active = program;
        Ok(())
    }

    /// `glGetProgramPipelineiv`: INVALID_OPERATION for an unknown
    /// pipeline, INVALID_ENUM for another pname (a stage this context
    /// lacks among them).
    pub fn get_program_pipeline(&mut self, pipeline: u32, pname: GLenum) -> ApiResult<i32> {
        self.outside_begin_end()?;
        let stage = ProgramStage::of_shader_type(pname).filter(|&s| self.has_stage_kind(s));
        let p = self.pipeline_mut(pipeline)?;
        p.ever_bound = true;
        Ok(match pname {
            GL_ACTIVE_PROGRAM => p.active as i32,
            GL_VALIDATE_STATUS => i32::from(p.validated),
            GL_INFO_LOG_LENGTH => {
                if p.log.is_empty() {
                    0
                } else {
                    p.log.len() as i32 + 1
                }
            }
            _ => match stage {
                Some(s) => p.stages[s as usize] as i32,
                None => return Err(ApiError::InvalidEnum),
            },
        })
    }

    /// `glGetProgramPipelineInfoLog`: INVALID_VALUE for an unknown
    /// pipeline (Mesa's error here).
    pub fn program_pipeline_info_log(&mut self, pipeline: u32) -> ApiResult<String> {
        self.outside_begin_end()?;
        match self.programs.pipelines.get(pipeline) {
            Some(p) => Ok(p.log.clone()),
            None => Err(ApiError::InvalidValue),
        }
    }

    /// `glValidateProgramPipeline` (GL 4.6 §11.1.3.11): INVALID_OPERATION
    /// for an unknown pipeline; the status and log of
    /// [`Context::pipeline_problem`].
    pub fn validate_program_pipeline(&mut self, pipeline: u32) -> ApiResult {
        self.outside_begin_end()?;
        self.pipeline_mut(pipeline)?.ever_bound = true;
        let problem = self.pipeline_problem(pipeline);
        let p = self.pipeline_mut(pipeline)?;
        p.validated = problem.is_none();
        p.log = problem.map(|m| format!("error: {m}\n")).unwrap_or_default();
        Ok(())
    }

    /// What makes `pipeline` invalid for drawing (GL 4.6 §11.1.3.11), if
    /// anything: a stage's program no longer linked, or not separable; a
    /// program active for some but not all of the stages it has, or for
    /// two stages with another program's stage between them; no stage at
    /// all; two samplers of different types on one texture unit.
    pub(crate) fn pipeline_problem(&self, pipeline: u32) -> Option<String> {
        let p = self.programs.pipelines.get(pipeline)?;
        let stages = p.stages;
        let mut o = self.objects();
        if stages.iter().all(|&s| s == 0) {
            return Some("program pipeline has no programs".into());
        }
        // GL 4.6 §11.1.3.11: a geometry or tessellation stage needs a
        // vertex stage.
        let vertex = stages[ProgramStage::Vertex as usize] != 0;
        for s in [
            ProgramStage::TessControl,
            ProgramStage::TessEvaluation,
            ProgramStage::Geometry,
        ] {
            if stages[s as usize] != 0 && !vertex {
                return Some(format!(
                    "program pipeline has a {} stage but no vertex stage",
                    s.name()
                ));
            }
        }
        let mut execs: Vec<Arc<Executable>> = Vec::new();
        for (i, &name) in stages.iter().enumerate() {
            if name == 0 {
                continue;
            }
            let Ok(prog) = o.program(name) else {
                return Some(format!("program {name} does not exist"));
            };
            let Some(e) = prog.exec.clone().filter(|_| prog.linked) else {
                return Some(format!("program {name} is not linked"));
            };
            if !e.separable {
                return Some(format!("program {name} is not separable"));
            }
            let has = ProgramStage::ALL.map(|s| e.has_stage(s));
            for (j, &h) in has.iter().enumerate() {
                if h && stages[j] != name {
                    return Some(format!(
                        "program {name} is active for some but not all of its stages"
                    ));
                }
                // A stage between two of this program's stages taken by
                // another program.
                if j > i && !h && stages[j] != 0 && has[j + 1..].iter().any(|&x| x) {
                    return Some(format!(
                        "program {name} is active for two stages with another program between \
                         them"
                    ));
                }
            }
            if !execs.iter().any(|x| Arc::ptr_eq(x, &e)) {
                execs.push(e);
            }
        }
        drop(o);
        sampler_conflict(&execs)
            .map(|u| format!("texture unit {u} is read by samplers of different types"))
    }
}

/// A texture unit that samplers of two different targets read across the
/// executables of a pipeline (as [`Executable::sampler_conflict`] within
/// one).
pub(crate) fn sampler_conflict(execs: &[Arc<Executable>]) -> Option<u32> {
    let mut seen: Vec<(u32, (oxgl_ir::Dim, bool))> = Vec::new();
    for e in execs {
        if let Some(u) = e.sampler_conflict() {
            return Some(u);
        }
        let values = e.values();
        for t in &e.textures {
            let Some(&u) = values.units.get(&t.binding) else {
                continue;
            };
            let target = (t.dim, t.arrayed);
            if seen.iter().any(|&(su, st)| su == u && st != target) {
                return Some(u);
            }
            seen.push((u, target));
        }
    }
    None
}

impl Context {
    /// `glCreateShaderProgramv`: a separable program of one stage made
    /// from `sources`, as Mesa makes it (compile; if that succeeds attach,
    /// link, detach; the shader's log appended to the program's; the
    /// shader deleted). INVALID_ENUM for a stage that is not one;
    /// INVALID_VALUE for a negative count (the handler's).
    pub fn create_shader_program(&mut self, kind: GLenum, sources: Vec<String>) -> ApiResult<u32> {
        let shader = self.create_shader(kind)?;
        self.shader_source(shader, sources)?;
        self.compile_shader(shader)?;
        let program = self.create_program()?;
        let (compiled, shader_log) = {
            let mut o = self.objects();
            o.program(program)?.separable = true;
            let s = o.shader(shader)?;
            (s.compiled, s.log.clone())
        };
        if compiled {
            self.attach_shader(program, shader)?;
            self.link_program(program)?;
            self.detach_shader(program, shader)?;
        }
        self.objects().program(program)?.log += &shader_log;
        self.delete_shader(shader)?;
        Ok(program)
    }
}
