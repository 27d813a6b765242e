//! ARB_separate_shader_objects (GL 4.1): program pipeline objects,
//! `glCreateShaderProgramv` and `glProgramUniform*`
//! (src/core/src/program/pipeline.rs).
//!
//! Display lists (GL 4.6 compatibility §21.4, the extension's issues 9
//! and 11): `glUseProgramStages`, `glActiveShaderProgram` and
//! `glProgramUniform*` are compiled, as `glUseProgram` and `glUniform*`
//! are; `glGenProgramPipelines`, `glDeleteProgramPipelines`,
//! `glBindProgramPipeline` and `glCreateShaderProgramv` run at once.

#![allow(non_snake_case)]

use oxgl_core::program::uniform::Values;
use oxgl_core::{ApiError, Context};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::program::{get_string, read_sources, untranspose};
use super::{compiled, with_ctx};
use crate::client;

unsafe extern "C" fn GenProgramPipelines(n: GLsizei, pipelines: *mut GLuint) {
    with_ctx("glGenProgramPipelines", (), |c| {
        let r = c.gen_program_pipelines(n);
        if let Some(names) = c.record(r) {
            // SAFETY: the client provides room for `n` names.
            unsafe { client::write(pipelines, &names) };
        }
    })
}

unsafe extern "C" fn CreateProgramPipelines(n: GLsizei, pipelines: *mut GLuint) {
    with_ctx("glCreateProgramPipelines", (), |c| {
        let r = c.create_program_pipelines(n);
        if let Some(names) = c.record(r) {
            // SAFETY: the client provides room for `n` names.
            unsafe { client::write(pipelines, &names) };
        }
    })
}

unsafe extern "C" fn DeleteProgramPipelines(n: GLsizei, pipelines: *const GLuint) {
    with_ctx("glDeleteProgramPipelines", (), |c| {
        // SAFETY: the client passes `n` names (INVALID_VALUE if negative).
        let r = unsafe { client::names(n, pipelines) };
        let Some(names) = c.record(r) else {
            return;
        };
        let r = c.delete_program_pipelines(&names);
        c.record(r);
    })
}

unsafe extern "C" fn IsProgramPipeline(pipeline: GLuint) -> GLboolean {
    with_ctx("glIsProgramPipeline", 0, |c| {
        if c.record(c.outside_begin_end()).is_none() {
            return 0;
        }
        GLboolean::from(c.is_program_pipeline(pipeline))
    })
}

unsafe extern "C" fn BindProgramPipeline(pipeline: GLuint) {
    with_ctx("glBindProgramPipeline", (), |c| {
        let r = c.bind_program_pipeline(pipeline);
        c.record(r);
    })
}

unsafe extern "C" fn UseProgramStages(pipeline: GLuint, stages: GLbitfield, program: GLuint) {
    with_ctx("glUseProgramStages", (), |c| {
        compiled(c, move |c| c.use_program_stages(pipeline, stages, program))
    })
}

unsafe extern "C" fn ActiveShaderProgram(pipeline: GLuint, program: GLuint) {
    with_ctx("glActiveShaderProgram", (), |c| {
        compiled(c, move |c| c.active_shader_program(pipeline, program))
    })
}

unsafe extern "C" fn GetProgramPipelineiv(pipeline: GLuint, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetProgramPipelineiv", (), |c| {
        let r = c.get_program_pipeline(pipeline, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: `params` is null or room for one value.
            unsafe { client::put(params, v) };
        }
    })
}

unsafe extern "C" fn ValidateProgramPipeline(pipeline: GLuint) {
    with_ctx("glValidateProgramPipeline", (), |c| {
        let r = c.validate_program_pipeline(pipeline);
        c.record(r);
    })
}

unsafe extern "C" fn GetProgramPipelineInfoLog(
    pipeline: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    log: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetProgramPipelineInfoLog", buf_size, length, log, |c| {
            c.program_pipeline_info_log(pipeline)
        })
    }
}

unsafe extern "C" fn CreateShaderProgramv(
    kind: GLenum,
    count: GLsizei,
    strings: *const *const GLchar,
) -> GLuint {
    with_ctx("glCreateShaderProgramv", 0, |c| {
        if c.record(c.outside_begin_end()).is_none() {
            return 0;
        }
        if count < 0 {
            c.record::<()>(Err(ApiError::InvalidValue));
            return 0;
        }
        // SAFETY: the client passes `count` NUL-terminated strings.
        let Some(sources) = (unsafe { read_sources(c, count, strings, std::ptr::null()) }) else {
            return 0;
        };
        let r = c.create_shader_program(kind, sources);
        c.record(r).unwrap_or(0)
    })
}

/// Records a `glProgramUniform*` call with owned values (display lists
/// keep them).
fn program_uniform<T: Send + Sync + 'static>(
    c: &mut Context,
    (program, location, count): (GLuint, GLint, GLsizei),
    comps: usize,
    v: Vec<T>,
    values: fn(&[T]) -> Values<'_>,
) {
    compiled(c, move |c| {
        c.program_uniform(program, location, count, comps, false, values(&v))
    })
}

/// Floats as uniform values (a `fn` pointer for the entry point macros).
pub(super) fn float(v: &[f32]) -> Values<'_> {
    Values::Float(v)
}

fn int(v: &[i32]) -> Values<'_> {
    Values::Int(v)
}

fn uint(v: &[u32]) -> Values<'_> {
    Values::Uint(v)
}

/// The client values of a `glProgramUniform*v` call: those of the elements
/// the call can use (as `glUniform*v`'s). `None` after recording an error.
///
/// # Safety
/// `p` is null or points to the values of the elements the call uses.
unsafe fn client_values<T: Copy>(
    c: &mut Context,
    (program, location, count): (GLuint, GLint, GLsizei),
    comps: usize,
    p: *const T,
) -> Option<Vec<T>> {
    if count < 0 {
        c.record::<()>(Err(ApiError::InvalidValue));
        return None;
    }
    let n = c.program_uniform_elements(program, location, count, comps);
    // SAFETY: per the caller, for `n <= count` elements.
    let r = unsafe { client::read(p, n * comps) };
    c.record(r)
}

macro_rules! program_uniform_scalars {
    ($($name:ident $gl:literal $f:ident $t:ty: $($a:ident)+;)*) => {$(
        unsafe extern "C" fn $name(program: GLuint, location: GLint, $($a: $t),+) {
            with_ctx($gl, (), |c| {
                let v = vec![$($a),+];
                let n = v.len();
                program_uniform(c, (program, location, 1), n, v, $f)
            })
        }
    )*};
}

program_uniform_scalars! {
    ProgramUniform1f "glProgramUniform1f" float GLfloat: v0;
    ProgramUniform2f "glProgramUniform2f" float GLfloat: v0 v1;
    ProgramUniform3f "glProgramUniform3f" float GLfloat: v0 v1 v2;
    ProgramUniform4f "glProgramUniform4f" float GLfloat: v0 v1 v2 v3;
    ProgramUniform1i "glProgramUniform1i" int GLint: v0;
    ProgramUniform2i "glProgramUniform2i" int GLint: v0 v1;
    ProgramUniform3i "glProgramUniform3i" int GLint: v0 v1 v2;
    ProgramUniform4i "glProgramUniform4i" int GLint: v0 v1 v2 v3;
    ProgramUniform1ui "glProgramUniform1ui" uint GLuint: v0;
    ProgramUniform2ui "glProgramUniform2ui" uint GLuint: v0 v1;
    ProgramUniform3ui "glProgramUniform3ui" uint GLuint: v0 v1 v2;
    ProgramUniform4ui "glProgramUniform4ui" uint GLuint: v0 v1 v2 v3;
}

macro_rules! program_uniform_vectors {
    ($($name:ident $gl:literal $f:ident $t:ty, $n:literal;)*) => {$(
        unsafe extern "C" fn $name(
            program: GLuint,
            location: GLint,
            count: GLsizei,
            value: *const $t,
        ) {
            with_ctx($gl, (), |c| {
                let call = (program, location, count);
                // SAFETY: the client passes `count` elements.
                if let Some(v) = unsafe { client_values(c, call, $n, value) } {
                    program_uniform(c, call, $n, v, $f)
                }
            })
        }
    )*};
}

program_uniform_vectors! {
    ProgramUniform1fv "glProgramUniform1fv" float GLfloat, 1;
    ProgramUniform2fv "glProgramUniform2fv" float GLfloat, 2;
    ProgramUniform3fv "glProgramUniform3fv" float GLfloat, 3;
    ProgramUniform4fv "glProgramUniform4fv" float GLfloat, 4;
    ProgramUniform1iv "glProgramUniform1iv" int GLint, 1;
    ProgramUniform2iv "glProgramUniform2iv" int GLint, 2;
    ProgramUniform3iv "glProgramUniform3iv" int GLint, 3;
    ProgramUniform4iv "glProgramUniform4iv" int GLint, 4;
    ProgramUniform1uiv "glProgramUniform1uiv" uint GLuint, 1;
    ProgramUniform2uiv "glProgramUniform2uiv" uint GLuint, 2;
    ProgramUniform3uiv "glProgramUniform3uiv" uint GLuint, 3;
    ProgramUniform4uiv "glProgramUniform4uiv" uint GLuint, 4;
}

/// `transpose`: the client gave each matrix row by row; `values` wraps
/// the elements (floats or doubles).
fn program_uniform_matrix<T: Copy + Send + Sync + 'static>(
    c: &mut Context,
    call: (GLuint, GLint, GLsizei),
    (cols, rows): (usize, usize),
    (transpose, mut v): (GLboolean, Vec<T>),
    values: fn(&[T]) -> Values<'_>,
) {
    untranspose(&mut v, cols, rows, transpose);
    let (program, location, count) = call;
    compiled(c, move |c| {
        c.program_uniform(program, location, count, cols * rows, true, values(&v))
    })
}

macro_rules! program_uniform_matrices {
    ($elem:ty, $values:expr; $($name:ident $gl:literal $cols:literal $rows:literal;)*) => {$(
        unsafe extern "C" fn $name(
            program: GLuint,
            location: GLint,
            count: GLsizei,
            transpose: GLboolean,
            value: *const $elem,
        ) {
            with_ctx($gl, (), |c| {
                let call = (program, location, count);
                // SAFETY: the client passes `count` matrices.
                if let Some(v) = unsafe { client_values(c, call, $cols * $rows, value) } {
                    program_uniform_matrix(c, call, ($cols, $rows), (transpose, v), $values)
                }
            })
        }
    )*};
}

program_uniform_matrices! {
    GLfloat, float;
    ProgramUniformMatrix2fv "glProgramUniformMatrix2fv" 2 2;
    ProgramUniformMatrix3fv "glProgramUniformMatrix3fv" 3 3;
    ProgramUniformMatrix4fv "glProgramUniformMatrix4fv" 4 4;
    ProgramUniformMatrix2x3fv "glProgramUniformMatrix2x3fv" 2 3;
    ProgramUniformMatrix3x2fv "glProgramUniformMatrix3x2fv" 3 2;
    ProgramUniformMatrix2x4fv "glProgramUniformMatrix2x4fv" 2 4;
    ProgramUniformMatrix4x2fv "glProgramUniformMatrix4x2fv" 4 2;
    ProgramUniformMatrix3x4fv "glProgramUniformMatrix3x4fv" 3 4;
    ProgramUniformMatrix4x3fv "glProgramUniformMatrix4x3fv" 4 3;
}

/// Doubles as uniform values.
pub(super) fn double(v: &[f64]) -> Values<'_> {
    Values::Double(v)
}

program_uniform_scalars! {
    ProgramUniform1d "glProgramUniform1d" double GLdouble: v0;
    ProgramUniform2d "glProgramUniform2d" double GLdouble: v0 v1;
    ProgramUniform3d "glProgramUniform3d" double GLdouble: v0 v1 v2;
    ProgramUniform4d "glProgramUniform4d" double GLdouble: v0 v1 v2 v3;
}

program_uniform_vectors! {
    ProgramUniform1dv "glProgramUniform1dv" double GLdouble, 1;
    ProgramUniform2dv "glProgramUniform2dv" double GLdouble, 2;
    ProgramUniform3dv "glProgramUniform3dv" double GLdouble, 3;
    ProgramUniform4dv "glProgramUniform4dv" double GLdouble, 4;
}

program_uniform_matrices! {
    GLdouble, double;
    ProgramUniformMatrix2dv "glProgramUniformMatrix2dv" 2 2;
    ProgramUniformMatrix3dv "glProgramUniformMatrix3dv" 3 3;
    ProgramUniformMatrix4dv "glProgramUniformMatrix4dv" 4 4;
    ProgramUniformMatrix2x3dv "glProgramUniformMatrix2x3dv" 2 3;
    ProgramUniformMatrix3x2dv "glProgramUniformMatrix3x2dv" 3 2;
    ProgramUniformMatrix2x4dv "glProgramUniformMatrix2x4dv" 2 4;
    ProgramUniformMatrix4x2dv "glProgramUniformMatrix4x2dv" 4 2;
    ProgramUniformMatrix3x4dv "glProgramUniformMatrix3x4dv" 3 4;
    ProgramUniformMatrix4x3dv "glProgramUniformMatrix4x3dv" 4 3;
}

/// Desktop contexts (ES 3.1 has the same commands; not yet).
pub(super) fn install(d: &mut Dispatch) {
    d.GenProgramPipelines = GenProgramPipelines;
    d.CreateProgramPipelines = CreateProgramPipelines;
    d.DeleteProgramPipelines = DeleteProgramPipelines;
    d.IsProgramPipeline = IsProgramPipeline;
    d.BindProgramPipeline = BindProgramPipeline;
    d.UseProgramStages = UseProgramStages;
    d.ActiveShaderProgram = ActiveShaderProgram;
    d.GetProgramPipelineiv = GetProgramPipelineiv;
    d.ValidateProgramPipeline = ValidateProgramPipeline;
    d.GetProgramPipelineInfoLog = GetProgramPipelineInfoLog;
    d.CreateShaderProgramv = CreateShaderProgramv;
    d.ProgramUniform1f = ProgramUniform1f;
    d.ProgramUniform2f = ProgramUniform2f;
    d.ProgramUniform3f = ProgramUniform3f;
    d.ProgramUniform4f = ProgramUniform4f;
    d.ProgramUniform1i = ProgramUniform1i;
    d.ProgramUniform2i = ProgramUniform2i;
    d.ProgramUniform3i = ProgramUniform3i;
    d.ProgramUniform4i = ProgramUniform4i;
    d.ProgramUniform1ui = ProgramUniform1ui;
    d.ProgramUniform2ui = ProgramUniform2ui;
    d.ProgramUniform3ui = ProgramUniform3ui;
    d.ProgramUniform4ui = ProgramUniform4ui;
    d.ProgramUniform1fv = ProgramUniform1fv;
    d.ProgramUniform2fv = ProgramUniform2fv;
    d.ProgramUniform3fv = ProgramUniform3fv;
    d.ProgramUniform4fv = ProgramUniform4fv;
    d.ProgramUniform1iv = ProgramUniform1iv;
    d.ProgramUniform2iv = ProgramUniform2iv;
    d.ProgramUniform3iv = ProgramUniform3iv;
    d.ProgramUniform4iv = ProgramUniform4iv;
    d.ProgramUniform1uiv = ProgramUniform1uiv;
    d.ProgramUniform2uiv = ProgramUniform2uiv;
    d.ProgramUniform3uiv = ProgramUniform3uiv;
    d.ProgramUniform4uiv = ProgramUniform4uiv;
    d.ProgramUniformMatrix2fv = ProgramUniformMatrix2fv;
    d.ProgramUniformMatrix3fv = ProgramUniformMatrix3fv;
    d.ProgramUniformMatrix4fv = ProgramUniformMatrix4fv;
    d.ProgramUniformMatrix2x3fv = ProgramUniformMatrix2x3fv;
    d.ProgramUniformMatrix3x2fv = ProgramUniformMatrix3x2fv;
    d.ProgramUniformMatrix2x4fv = ProgramUniformMatrix2x4fv;
    d.ProgramUniformMatrix4x2fv = ProgramUniformMatrix4x2fv;
    d.ProgramUniformMatrix3x4fv = ProgramUniformMatrix3x4fv;
    d.ProgramUniformMatrix4x3fv = ProgramUniformMatrix4x3fv;
    d.ProgramUniform1d = ProgramUniform1d;
    d.ProgramUniform2d = ProgramUniform2d;
    d.ProgramUniform3d = ProgramUniform3d;
    d.ProgramUniform4d = ProgramUniform4d;
    d.ProgramUniform1dv = ProgramUniform1dv;
    d.ProgramUniform2dv = ProgramUniform2dv;
    d.ProgramUniform3dv = ProgramUniform3dv;
    d.ProgramUniform4dv = ProgramUniform4dv;
    d.ProgramUniformMatrix2dv = ProgramUniformMatrix2dv;
    d.ProgramUniformMatrix3dv = ProgramUniformMatrix3dv;
    d.ProgramUniformMatrix4dv = ProgramUniformMatrix4dv;
    d.ProgramUniformMatrix2x3dv = ProgramUniformMatrix2x3dv;
    d.ProgramUniformMatrix3x2dv = ProgramUniformMatrix3x2dv;
    d.ProgramUniformMatrix2x4dv = ProgramUniformMatrix2x4dv;
    d.ProgramUniformMatrix4x2dv = ProgramUniformMatrix4x2dv;
    d.ProgramUniformMatrix3x4dv = ProgramUniformMatrix3x4dv;
    d.ProgramUniformMatrix4x3dv = ProgramUniformMatrix4x3dv;
}
