//! GLSL shader and program objects (GL 2.0/2.1): glCreateShader,
//! glShaderSource, glCompileShader, glCreateProgram, glAttachShader,
//! glLinkProgram, glUseProgram, the object queries, attribute bindings and
//! queries, glUniform* / glUniformMatrix* and glGetUniform*, and
//! glGetVertexAttrib*. glUseProgram and glUniform* are compiled into
//! display lists (as Mesa's `save_UseProgram`, `save_Uniform*`); the others
//! run at once. The ARB_shader_objects commands that are not aliases of
//! these: glDeleteObjectARB, glGetObjectParameter*ARB, glGetInfoLogARB,
//! glGetHandleARB.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use std::ffi::c_void;

use oxgl_core::error::try_vec;
use oxgl_core::program::uniform::{Base, Values, as_f64};
use oxgl_core::program::{ActiveVariable, VertexAttribValue};
use oxgl_core::{ApiError, Context, Profile};
use oxgl_glapi::Dispatch;
use oxgl_glapi::types::*;

use super::{compiled, with_ctx};
use crate::client;

/// A NUL-terminated client name as text; `None` for a null pointer, and
/// `None` (OUT_OF_MEMORY, recorded) where its copy cannot be held.
///
/// # Safety
/// `p` is null or points to a NUL-terminated string.
pub(super) unsafe fn c_str(c: &mut Context, p: *const GLchar) -> Option<Option<String>> {
    // SAFETY: per the caller.
    let Some(s) = (unsafe { client::c_str(p) }) else {
        return Some(None);
    };
    let r = client::lossy(s.to_bytes());
    c.record(r).map(Some)
}

/// Writes `s` to a `glGet*InfoLog`-style buffer (GL 4.6 §7.13: at most
/// `bufSize - 1` characters and a NUL) and its length (the characters
/// written; 0 without a buffer).
///
/// # Safety
/// `buf` is null or has room for `buf_size` bytes; `length` is null or
/// writable.
unsafe fn write_string(s: &str, buf_size: GLsizei, length: *mut GLsizei, buf: *mut GLchar) {
    let buf_size = usize::try_from(buf_size).unwrap_or(0);
    // SAFETY: per the caller.
    unsafe {
        let n = client::write_c_str(buf, buf_size, s.as_bytes());
        client::put(length, n as GLsizei);
    }
}

unsafe extern "C" fn CreateShader(kind: GLenum) -> GLuint {
    with_ctx("glCreateShader", 0, |c| {
        let r = c.create_shader(kind);
        c.record(r).unwrap_or(0)
    })
}

unsafe extern "C" fn CreateProgram() -> GLuint {
    with_ctx("glCreateProgram", 0, |c| {
        let r = c.create_program();
        c.record(r).unwrap_or(0)
    })
}

/// `glShaderSource`, with Mesa's checks in Mesa's order: the shader, then
/// INVALID_VALUE for a negative `count` or a NULL `string` array (GL 4.6
/// §7.1), then nothing at all for `count` 0 (the source is kept), then
/// INVALID_OPERATION for a NULL string among them (the specification is
/// silent; Mesa's "glShaderSourceARB(null string)").
unsafe extern "C" fn ShaderSource(
    shader: GLuint,
    count: GLsizei,
    strings: *const *const GLchar,
    lengths: *const GLint,
) {
    with_ctx("glShaderSource", (), |c| {
        let r = c.shader_source_target(shader);
        if c.record(r).is_none() {
            return;
        }
        // SAFETY: the client's arrays, as the command describes.
        let Some(parts) = (unsafe { read_sources(c, count, strings, lengths) }) else {
            return;
        };
        if parts.is_empty() {
            return;
        }
        let r = c.shader_source(shader, parts);
        c.record(r);
    })
}

/// The strings of `glShaderSource` (and `glCreateShaderProgramv`, with
/// null `lengths`): INVALID_VALUE for a negative count or a null array;
/// `None` after recording an error.
///
/// # Safety
/// `strings` points to `count` string pointers and `lengths` is null or
/// points to `count` lengths; each string is NUL-terminated where its
/// length is negative (or not given), else `length` bytes long.
pub(super) unsafe fn read_sources(
    c: &mut Context,
    count: GLsizei,
    strings: *const *const GLchar,
    lengths: *const GLint,
) -> Option<Vec<String>> {
    if count < 0 || strings.is_null() {
        c.record::<()>(Err(ApiError::InvalidValue));
        return None;
    }
    {
        if count == 0 {
            return Some(Vec::new());
        }
        let n = count as usize;
        // SAFETY: the client passes `count` string pointers and, where
        // `lengths` is not null, `count` lengths.
        let (ptrs, lens) = match unsafe { (client::read(strings, n), client::read(lengths, n)) } {
            (Ok(p), Ok(l)) => (p, l),
            (Err(e), _) | (_, Err(e)) => {
                c.record::<()>(Err(e));
                return None;
            }
        };
        let mut parts = c.record(try_vec(n))?;
        for (i, &p) in ptrs.iter().enumerate() {
            let len = lens.get(i).copied().unwrap_or(-1);
            let text = if len < 0 {
                // SAFETY: a negative length (or none) means NUL-terminated.
                unsafe { client::c_str(p) }.map(|s| s.to_bytes())
            } else {
                // SAFETY: the client gives the string's length.
                unsafe { client::bytes(p.cast::<u8>(), len as usize) }
            };
            let Some(text) = text else {
                c.record::<()>(Err(ApiError::InvalidOperation));
                return None;
            };
            let s = c.record(client::lossy(text))?;
            parts.push(s);
        }
        Some(parts)
    }
}

unsafe extern "C" fn ReleaseShaderCompiler() {
    // ARB_ES2_compatibility: a hint; the compiler keeps no resources.
    with_ctx("glReleaseShaderCompiler", (), |_| ())
}

unsafe extern "C" fn ShaderBinary(
    count: GLsizei,
    _shaders: *const GLuint,
    _format: GLenum,
    _binary: *const std::ffi::c_void,
    _length: GLsizei,
) {
    with_ctx("glShaderBinary", (), |c| {
        let r = c.shader_binary(count);
        c.record(r);
    })
}

unsafe extern "C" fn GetShaderPrecisionFormat(
    shader: GLenum,
    precision: GLenum,
    range: *mut GLint,
    out: *mut GLint,
) {
    with_ctx("glGetShaderPrecisionFormat", (), |c| {
        let r = c.shader_precision_format(shader, precision);
        if let Some((rg, p)) = c.record(r) {
            // SAFETY: GL 4.6 §7.2: the client provides two range values and
            // one precision.
            unsafe {
                client::write(range, &rg);
                client::put(out, p);
            }
        }
    })
}

unsafe extern "C" fn CompileShader(shader: GLuint) {
    with_ctx("glCompileShader", (), |c| {
        let r = c.compile_shader(shader);
        c.record(r);
    })
}

unsafe extern "C" fn DeleteShader(shader: GLuint) {
    with_ctx("glDeleteShader", (), |c| {
        let r = c.delete_shader(shader);
        c.record(r);
    })
}

unsafe extern "C" fn DeleteProgram(program: GLuint) {
    with_ctx("glDeleteProgram", (), |c| {
        let r = c.delete_program(program);
        c.record(r);
    })
}

unsafe extern "C" fn IsShader(name: GLuint) -> GLboolean {
    with_ctx("glIsShader", 0, |c| GLboolean::from(c.is_shader(name)))
}

unsafe extern "C" fn IsProgram(name: GLuint) -> GLboolean {
    with_ctx("glIsProgram", 0, |c| GLboolean::from(c.is_program(name)))
}

unsafe extern "C" fn AttachShader(program: GLuint, shader: GLuint) {
    with_ctx("glAttachShader", (), |c| {
        let r = c.attach_shader(program, shader);
        c.record(r);
    })
}

unsafe extern "C" fn DetachShader(program: GLuint, shader: GLuint) {
    with_ctx("glDetachShader", (), |c| {
        let r = c.detach_shader(program, shader);
        c.record(r);
    })
}

unsafe extern "C" fn LinkProgram(program: GLuint) {
    with_ctx("glLinkProgram", (), |c| {
        let r = c.link_program(program);
        c.record(r);
    })
}

unsafe extern "C" fn UseProgram(program: GLuint) {
    with_ctx("glUseProgram", (), |c| {
        compiled(c, move |c| c.use_program(program))
    })
}

unsafe extern "C" fn ValidateProgram(program: GLuint) {
    with_ctx("glValidateProgram", (), |c| {
        let r = c.validate_program(program);
        c.record(r);
    })
}

unsafe extern "C" fn GetShaderiv(shader: GLuint, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetShaderiv", (), |c| {
        let r = c.get_shader(shader, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value.
            unsafe { client::put(params, v) };
        }
    })
}

unsafe extern "C" fn GetProgramiv(program: GLuint, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetProgramiv", (), |c| {
        // ARB_compute_shader: the one query of three values.
        if pname == oxgl_glapi::generated::enums::GL_COMPUTE_WORK_GROUP_SIZE {
            let r = c.get_program_work_group_size(program);
            if let Some(v) = c.record(r) {
                // SAFETY: the command writes three values.
                unsafe { client::write(params, &v) };
            }
            return;
        }
        let r = c.get_program(program, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value.
            unsafe { client::put(params, v) };
        }
    })
}

pub(super) fn negative_size(c: &mut Context, size: GLsizei) -> bool {
    if size < 0 {
        c.record::<()>(Err(ApiError::InvalidValue));
        return true;
    }
    false
}

/// A `glGet*InfoLog` / `glGetShaderSource`-style command: INVALID_VALUE for
/// a negative `buf_size`, else the string `query` returns written to `out`.
///
/// # Safety
/// GL 4.6 §7.13: `out` is null or has room for `buf_size` bytes, `length`
/// is null or has room for one value.
pub(super) unsafe fn get_string(
    name: &'static str,
    buf_size: GLsizei,
    length: *mut GLsizei,
    out: *mut GLchar,
    query: impl FnOnce(&mut Context) -> oxgl_core::error::ApiResult<String>,
) {
    with_ctx(name, (), |c| {
        if negative_size(c, buf_size) {
            return;
        }
        let r = query(c);
        if let Some(s) = c.record(r) {
            // SAFETY: per the caller.
            unsafe { write_string(&s, buf_size, length, out) };
        }
    })
}

unsafe extern "C" fn GetShaderInfoLog(
    shader: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    log: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetShaderInfoLog", buf_size, length, log, |c| {
            c.shader_info_log(shader)
        })
    }
}

unsafe extern "C" fn GetProgramInfoLog(
    program: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    log: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetProgramInfoLog", buf_size, length, log, |c| {
            c.program_info_log(program)
        })
    }
}

unsafe extern "C" fn GetShaderSource(
    shader: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    source: *mut GLchar,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetShaderSource", buf_size, length, source, |c| {
            c.shader_source_text(shader)
        })
    }
}

unsafe extern "C" fn GetAttachedShaders(
    program: GLuint,
    max_count: GLsizei,
    count: *mut GLsizei,
    shaders: *mut GLuint,
) {
    with_ctx("glGetAttachedShaders", (), |c| {
        if negative_size(c, max_count) {
            return;
        }
        let r = c.attached_shaders(program);
        if let Some(list) = c.record(r) {
            let n = list.len().min(max_count as usize);
            // SAFETY: GL 4.6 §7.13: the client provides room for `maxCount`
            // names and one count.
            unsafe {
                client::write(shaders, &list[..n]);
                client::put(count, n as GLsizei);
            }
        }
    })
}

unsafe extern "C" fn BindAttribLocation(program: GLuint, index: GLuint, name: *const GLchar) {
    with_ctx("glBindAttribLocation", (), |c| {
        // SAFETY: a NUL-terminated name.
        let Some(name) = (unsafe { c_str(c, name) }) else {
            return;
        };
        let Some(name) = name else {
            c.record::<()>(Err(ApiError::InvalidValue));
            return;
        };
        let r = c.bind_attrib_location(program, index, &name);
        c.record(r);
    })
}

unsafe extern "C" fn GetAttribLocation(program: GLuint, name: *const GLchar) -> GLint {
    with_ctx("glGetAttribLocation", -1, |c| {
        // SAFETY: a NUL-terminated name.
        let Some(Some(name)) = (unsafe { c_str(c, name) }) else {
            return -1;
        };
        let r = c.get_attrib_location(program, &name);
        c.record(r).unwrap_or(-1)
    })
}

fn bind_frag_data(
    command: &'static str,
    program: GLuint,
    color: GLuint,
    index: GLuint,
    name: *const GLchar,
) {
    with_ctx(command, (), |c| {
        // SAFETY: a NUL-terminated name.
        let Some(name) = (unsafe { c_str(c, name) }) else {
            return;
        };
        let Some(name) = name else {
            c.record::<()>(Err(ApiError::InvalidValue));
            return;
        };
        let r = c.bind_frag_data_location(program, color, index, &name);
        c.record(r);
    })
}

unsafe extern "C" fn BindFragDataLocation(program: GLuint, color: GLuint, name: *const GLchar) {
    bind_frag_data("glBindFragDataLocation", program, color, 0, name);
}

unsafe extern "C" fn BindFragDataLocationIndexed(
    program: GLuint,
    color: GLuint,
    index: GLuint,
    name: *const GLchar,
) {
    bind_frag_data("glBindFragDataLocationIndexed", program, color, index, name);
}

fn frag_data(command: &'static str, program: GLuint, name: *const GLchar, index: bool) -> GLint {
    with_ctx(command, -1, |c| {
        // SAFETY: a NUL-terminated name.
        let Some(Some(name)) = (unsafe { c_str(c, name) }) else {
            return -1;
        };
        let r = c.get_frag_data_location(program, &name, index);
        c.record(r).unwrap_or(-1)
    })
}

unsafe extern "C" fn GetFragDataLocation(program: GLuint, name: *const GLchar) -> GLint {
    frag_data("glGetFragDataLocation", program, name, false)
}

unsafe extern "C" fn GetFragDataIndex(program: GLuint, name: *const GLchar) -> GLint {
    frag_data("glGetFragDataIndex", program, name, true)
}

/// `glGetProgramResourceLocationIndexEXT` (EXT_blend_func_extended; GL
/// 4.3's command of that name for its one interface): the fragment output
/// index of `name`, as `glGetFragDataIndex`; INVALID_ENUM for an interface
/// other than `GL_PROGRAM_OUTPUT`.
unsafe extern "C" fn GetProgramResourceLocationIndexEXT(
    program: GLuint,
    interface: GLenum,
    name: *const GLchar,
) -> GLint {
    use oxgl_glapi::generated::enums::GL_PROGRAM_OUTPUT;
    if interface != GL_PROGRAM_OUTPUT {
        return with_ctx("glGetProgramResourceLocationIndexEXT", -1, |c| {
            c.record::<()>(Err(oxgl_core::error::ApiError::InvalidEnum));
            -1
        });
    }
    frag_data("glGetProgramResourceLocationIndexEXT", program, name, true)
}

unsafe extern "C" fn GetUniformLocation(program: GLuint, name: *const GLchar) -> GLint {
    with_ctx("glGetUniformLocation", -1, |c| {
        // SAFETY: a NUL-terminated name.
        let Some(Some(name)) = (unsafe { c_str(c, name) }) else {
            return -1;
        };
        let r = c.get_uniform_location(program, &name);
        c.record(r).unwrap_or(-1)
    })
}

/// Writes a `glGetActive*` result.
///
/// # Safety
/// The pointers are null or writable as the command describes.
pub(super) unsafe fn write_active(
    v: &ActiveVariable,
    buf_size: GLsizei,
    length: *mut GLsizei,
    size: *mut GLint,
    ty: *mut GLenum,
    name: *mut GLchar,
) {
    // SAFETY: per the caller.
    unsafe {
        write_string(&v.name, buf_size, length, name);
        client::put(size, v.size);
        client::put(ty, v.ty);
    }
}

unsafe extern "C" fn GetActiveAttrib(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    size: *mut GLint,
    ty: *mut GLenum,
    name: *mut GLchar,
) {
    with_ctx("glGetActiveAttrib", (), |c| {
        if negative_size(c, buf_size) {
            return;
        }
        let r = c.get_active_attrib(program, index);
        if let Some(v) = c.record(r) {
            // SAFETY: the client's pointers, as the command describes.
            unsafe { write_active(&v, buf_size, length, size, ty, name) };
        }
    })
}

unsafe extern "C" fn GetActiveUniform(
    program: GLuint,
    index: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    size: *mut GLint,
    ty: *mut GLenum,
    name: *mut GLchar,
) {
    with_ctx("glGetActiveUniform", (), |c| {
        if negative_size(c, buf_size) {
            return;
        }
        let r = c.get_active_uniform(program, index);
        if let Some(v) = c.record(r) {
            // SAFETY: the client's pointers, as the command describes.
            unsafe { write_active(&v, buf_size, length, size, ty, name) };
        }
    })
}

/// Records a `glUniform*` call with owned values (display lists keep them).
fn uniform_f(c: &mut Context, location: GLint, count: GLsizei, comps: usize, v: Vec<f32>) {
    compiled(c, move |c| {
        c.uniform(location, count, comps, false, Values::Float(&v))
    })
}

fn uniform_i(c: &mut Context, location: GLint, count: GLsizei, comps: usize, v: Vec<i32>) {
    compiled(c, move |c| {
        c.uniform(location, count, comps, false, Values::Int(&v))
    })
}

fn uniform_ui(c: &mut Context, location: GLint, count: GLsizei, comps: usize, v: Vec<u32>) {
    compiled(c, move |c| {
        c.uniform(location, count, comps, false, Values::Uint(&v))
    })
}

/// The client values of a `glUniform*v` call: the `comps` components of
/// each element the call can use ([`Context::uniform_elements`]), never
/// more, so a `count` larger than the uniform reads nothing past what the
/// uniform holds. `None` (and INVALID_VALUE) for a negative count;
/// `GL_OUT_OF_MEMORY` where even that cannot be held.
///
/// # Safety
/// `p` is null or points to the values of the elements the call uses.
unsafe fn client_values<T: Copy>(
    c: &mut Context,
    location: GLint,
    count: GLsizei,
    comps: usize,
    p: *const T,
) -> Option<Vec<T>> {
    if count < 0 {
        c.record::<()>(Err(ApiError::InvalidValue));
        return None;
    }
    let n = c.uniform_elements(location, count, comps);
    // SAFETY: per the caller, for `n <= count` elements.
    let r = unsafe { client::read(p, n * comps) };
    c.record(r)
}

macro_rules! uniform_scalars {
    ($($name:ident $gl:literal $f:ident $t:ty: $($a:ident)+;)*) => {$(
        unsafe extern "C" fn $name(location: GLint, $($a: $t),+) {
            with_ctx($gl, (), |c| {
                let v = vec![$($a),+];
                let n = v.len();
                $f(c, location, 1, n, v)
            })
        }
    )*};
}

uniform_scalars! {
    Uniform1f "glUniform1f" uniform_f GLfloat: v0;
    Uniform2f "glUniform2f" uniform_f GLfloat: v0 v1;
    Uniform3f "glUniform3f" uniform_f GLfloat: v0 v1 v2;
    Uniform4f "glUniform4f" uniform_f GLfloat: v0 v1 v2 v3;
    Uniform1i "glUniform1i" uniform_i GLint: v0;
    Uniform2i "glUniform2i" uniform_i GLint: v0 v1;
    Uniform3i "glUniform3i" uniform_i GLint: v0 v1 v2;
    Uniform4i "glUniform4i" uniform_i GLint: v0 v1 v2 v3;
    Uniform1ui "glUniform1ui" uniform_ui GLuint: v0;
    Uniform2ui "glUniform2ui" uniform_ui GLuint: v0 v1;
    Uniform3ui "glUniform3ui" uniform_ui GLuint: v0 v1 v2;
    Uniform4ui "glUniform4ui" uniform_ui GLuint: v0 v1 v2 v3;
}

macro_rules! uniform_vectors {
    ($($name:ident $gl:literal $f:ident $t:ty, $n:literal;)*) => {$(
        unsafe extern "C" fn $name(location: GLint, count: GLsizei, value: *const $t) {
            with_ctx($gl, (), |c| {
                // SAFETY: the client passes `count` elements.
                if let Some(v) = unsafe { client_values(c, location, count, $n, value) } {
                    $f(c, location, count, $n, v)
                }
            })
        }
    )*};
}

uniform_vectors! {
    Uniform1fv "glUniform1fv" uniform_f GLfloat, 1;
    Uniform2fv "glUniform2fv" uniform_f GLfloat, 2;
    Uniform3fv "glUniform3fv" uniform_f GLfloat, 3;
    Uniform4fv "glUniform4fv" uniform_f GLfloat, 4;
    Uniform1iv "glUniform1iv" uniform_i GLint, 1;
    Uniform2iv "glUniform2iv" uniform_i GLint, 2;
    Uniform3iv "glUniform3iv" uniform_i GLint, 3;
    Uniform4iv "glUniform4iv" uniform_i GLint, 4;
    Uniform1uiv "glUniform1uiv" uniform_ui GLuint, 1;
    Uniform2uiv "glUniform2uiv" uniform_ui GLuint, 2;
    Uniform3uiv "glUniform3uiv" uniform_ui GLuint, 3;
    Uniform4uiv "glUniform4uiv" uniform_ui GLuint, 4;
}

/// Reorders matrices the client gave row by row (`transpose` set) into
/// column order.
pub(super) fn untranspose<T: Copy>(v: &mut [T], cols: usize, rows: usize, transpose: GLboolean) {
    if transpose == 0 {
        return;
    }
    for m in v.chunks_exact_mut(cols * rows) {
        let t: Vec<T> = m.to_vec();
        for col in 0..cols {
            for row in 0..rows {
                m[col * rows + row] = t[row * cols + col];
            }
        }
    }
}

/// `transpose`: the client gave each matrix row by row; `values` wraps
/// the elements (floats or doubles).
#[allow(clippy::too_many_arguments, reason = "one call per entry point")]
fn uniform_matrix<T: Copy + Send + Sync + 'static>(
    c: &mut Context,
    location: GLint,
    count: GLsizei,
    cols: usize,
    rows: usize,
    transpose: GLboolean,
    mut v: Vec<T>,
    values: fn(&[T]) -> Values<'_>,
) {
    untranspose(&mut v, cols, rows, transpose);
    compiled(c, move |c| {
        c.uniform(location, count, cols * rows, true, values(&v))
    })
}

macro_rules! uniform_matrices {
    ($elem:ty, $values:expr; $($name:ident $gl:literal $cols:literal $rows:literal;)*) => {$(
        unsafe extern "C" fn $name(
            location: GLint,
            count: GLsizei,
            transpose: GLboolean,
            value: *const $elem,
        ) {
            with_ctx($gl, (), |c| {
                // SAFETY: the client passes `count` matrices.
                if let Some(v) = unsafe { client_values(c, location, count, $cols * $rows, value) } {
                    uniform_matrix(c, location, count, $cols, $rows, transpose, v, $values)
                }
            })
        }
    )*};
}

uniform_matrices! {
    GLfloat, super::sso::float;
    UniformMatrix2fv "glUniformMatrix2fv" 2 2;
    UniformMatrix3fv "glUniformMatrix3fv" 3 3;
    UniformMatrix4fv "glUniformMatrix4fv" 4 4;
    UniformMatrix2x3fv "glUniformMatrix2x3fv" 2 3;
    UniformMatrix3x2fv "glUniformMatrix3x2fv" 3 2;
    UniformMatrix2x4fv "glUniformMatrix2x4fv" 2 4;
    UniformMatrix4x2fv "glUniformMatrix4x2fv" 4 2;
    UniformMatrix3x4fv "glUniformMatrix3x4fv" 3 4;
    UniformMatrix4x3fv "glUniformMatrix4x3fv" 4 3;
}

fn uniform_d(c: &mut Context, location: GLint, count: GLsizei, comps: usize, v: Vec<f64>) {
    compiled(c, move |c| {
        c.uniform(location, count, comps, false, Values::Double(&v))
    })
}

uniform_scalars! {
    Uniform1d "glUniform1d" uniform_d GLdouble: v0;
    Uniform2d "glUniform2d" uniform_d GLdouble: v0 v1;
    Uniform3d "glUniform3d" uniform_d GLdouble: v0 v1 v2;
    Uniform4d "glUniform4d" uniform_d GLdouble: v0 v1 v2 v3;
}

uniform_vectors! {
    Uniform1dv "glUniform1dv" uniform_d GLdouble, 1;
    Uniform2dv "glUniform2dv" uniform_d GLdouble, 2;
    Uniform3dv "glUniform3dv" uniform_d GLdouble, 3;
    Uniform4dv "glUniform4dv" uniform_d GLdouble, 4;
}

uniform_matrices! {
    GLdouble, super::sso::double;
    UniformMatrix2dv "glUniformMatrix2dv" 2 2;
    UniformMatrix3dv "glUniformMatrix3dv" 3 3;
    UniformMatrix4dv "glUniformMatrix4dv" 4 4;
    UniformMatrix2x3dv "glUniformMatrix2x3dv" 2 3;
    UniformMatrix3x2dv "glUniformMatrix3x2dv" 3 2;
    UniformMatrix2x4dv "glUniformMatrix2x4dv" 2 4;
    UniformMatrix4x2dv "glUniformMatrix4x2dv" 4 2;
    UniformMatrix3x4dv "glUniformMatrix3x4dv" 3 4;
    UniformMatrix4x3dv "glUniformMatrix4x3dv" 4 3;
}

unsafe extern "C" fn GetUniformdv(program: GLuint, location: GLint, params: *mut GLdouble) {
    with_ctx("glGetUniformdv", (), |c| {
        let r = c.get_uniform(program, location);
        if let Some((ty, bits)) = c.record(r) {
            let values = bits.iter().map(|b| as_f64(ty.base, *b));
            // SAFETY: GL 4.6 §7.10: the client provides room for the
            // uniform's components.
            unsafe { client::write_iter(params, values) };
        }
    })
}

unsafe extern "C" fn GetUniformfv(program: GLuint, location: GLint, params: *mut GLfloat) {
    with_ctx("glGetUniformfv", (), |c| {
        let r = c.get_uniform(program, location);
        if let Some((ty, bits)) = c.record(r) {
            let values = bits.iter().map(|b| match ty.base {
                Base::Float => f32::from_bits(*b as u32),
                _ => as_f64(ty.base, *b) as f32,
            });
            // SAFETY: GL 4.6 §7.10: the client provides room for the
            // uniform's components.
            unsafe { client::write_iter(params, values) };
        }
    })
}

unsafe extern "C" fn GetUniformiv(program: GLuint, location: GLint, params: *mut GLint) {
    with_ctx("glGetUniformiv", (), |c| {
        let r = c.get_uniform(program, location);
        if let Some((ty, bits)) = c.record(r) {
            let values = bits.iter().map(|b| match ty.base {
                Base::Float | Base::Double => as_f64(ty.base, *b) as i32,
                _ => *b as u32 as i32,
            });
            // SAFETY: GL 4.6 §7.10: the client provides room for the
            // uniform's components.
            unsafe { client::write_iter(params, values) };
        }
    })
}

unsafe extern "C" fn GetUniformuiv(program: GLuint, location: GLint, params: *mut GLuint) {
    with_ctx("glGetUniformuiv", (), |c| {
        let r = c.get_uniform(program, location);
        if let Some((ty, bits)) = c.record(r) {
            let values = bits.iter().map(|b| match ty.base {
                Base::Float | Base::Double => as_f64(ty.base, *b) as u32,
                _ => *b as u32,
            });
            // SAFETY: GL 4.6 §7.10: the client provides room for the
            // uniform's components.
            unsafe { client::write_iter(params, values) };
        }
    })
}

/// `glGetVertexAttrib*v` as four doubles (one for a state value).
fn vertex_attrib(c: &mut Context, index: GLuint, pname: GLenum) -> Option<Vec<f64>> {
    let r = c.get_vertex_attrib(index, pname);
    c.record(r).map(|v| match v {
        VertexAttribValue::Int(i) => vec![f64::from(i)],
        VertexAttribValue::Current(v) => v.iter().map(|&x| f64::from(x)).collect(),
    })
}

macro_rules! get_vertex_attrib {
    ($($name:ident $gl:literal $t:ty;)*) => {$(
        unsafe extern "C" fn $name(index: GLuint, pname: GLenum, params: *mut $t) {
            with_ctx($gl, (), |c| {
                if let Some(v) = vertex_attrib(c, index, pname) {
                    // SAFETY: GL 4.6 §10.5: the client provides room for the
                    // value (four for the current value).
                    unsafe { client::write_iter(params, v.iter().map(|&x| x as $t)) };
                }
            })
        }
    )*};
}

get_vertex_attrib! {
    GetVertexAttribfv "glGetVertexAttribfv" GLfloat;
    GetVertexAttribiv "glGetVertexAttribiv" GLint;
    GetVertexAttribdv "glGetVertexAttribdv" GLdouble;
}

/// `glGetVertexAttribI{i,ui}v` (EXT_gpu_shader4, GL 3.0): the current value
/// as the integers `glVertexAttribI*` gave (their bits), states as values.
///
/// # Safety
/// `params` is null or has room for the value (four for the current value).
unsafe fn get_vertex_attrib_int(
    name: &'static str,
    index: GLuint,
    pname: GLenum,
    params: *mut u32,
) {
    with_ctx(name, (), |c| {
        let r = c.get_vertex_attrib(index, pname);
        let Some(v) = c.record(r) else { return };
        let out: Vec<u32> = match v {
            VertexAttribValue::Int(i) => vec![i as u32],
            VertexAttribValue::Current(v) => v.iter().map(|x| x.to_bits()).collect(),
        };
        // SAFETY: per the caller.
        unsafe { client::write(params, &out) };
    })
}

unsafe extern "C" fn GetVertexAttribLdv(index: GLuint, pname: GLenum, params: *mut GLdouble) {
    with_ctx("glGetVertexAttribLdv", (), |c| {
        let r = c.get_vertex_attrib_long(index, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: GL 4.6 §10.5: room for the value (four for the
            // current value).
            unsafe { client::write(params, &v) };
        }
    })
}

unsafe extern "C" fn GetVertexAttribIiv(index: GLuint, pname: GLenum, params: *mut GLint) {
    // SAFETY: GL 4.6 §10.5: room for the value.
    unsafe { get_vertex_attrib_int("glGetVertexAttribIiv", index, pname, params.cast()) };
}

unsafe extern "C" fn GetVertexAttribIuiv(index: GLuint, pname: GLenum, params: *mut GLuint) {
    // SAFETY: GL 4.6 §10.5: room for the value.
    unsafe { get_vertex_attrib_int("glGetVertexAttribIuiv", index, pname, params) };
}

unsafe extern "C" fn GetVertexAttribPointerv(
    index: GLuint,
    pname: GLenum,
    pointer: *mut *mut c_void,
) {
    with_ctx("glGetVertexAttribPointerv", (), |c| {
        let r = c.get_vertex_attrib_pointer(index, pname);
        if let Some(p) = c.record(r) {
            // SAFETY: GL 4.6 §10.5: one pointer.
            unsafe { client::put(pointer, p as *mut c_void) };
        }
    })
}

// ARB_shader_objects: the commands that are not aliases of core ones
// (GLhandleARB is a GLuint on this platform, so shader and program handles
// are the core names).

unsafe extern "C" fn DeleteObjectARB(obj: GLhandleARB) {
    with_ctx("glDeleteObjectARB", (), |c| {
        let r = c.delete_object(obj);
        c.record(r);
    })
}

unsafe extern "C" fn GetHandleARB(pname: GLenum) -> GLhandleARB {
    with_ctx("glGetHandleARB", 0, |c| {
        let r = c.get_handle(pname);
        c.record(r).unwrap_or(0)
    })
}

unsafe extern "C" fn GetObjectParameterivARB(obj: GLhandleARB, pname: GLenum, params: *mut GLint) {
    with_ctx("glGetObjectParameterivARB", (), |c| {
        let r = c.get_object_parameter(obj, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value.
            unsafe { client::put(params, v) };
        }
    })
}

unsafe extern "C" fn GetObjectParameterfvARB(
    obj: GLhandleARB,
    pname: GLenum,
    params: *mut GLfloat,
) {
    with_ctx("glGetObjectParameterfvARB", (), |c| {
        let r = c.get_object_parameter(obj, pname);
        if let Some(v) = c.record(r) {
            // SAFETY: the command writes one value.
            unsafe { client::put(params, v as GLfloat) };
        }
    })
}

unsafe extern "C" fn GetInfoLogARB(
    obj: GLhandleARB,
    max_length: GLsizei,
    length: *mut GLsizei,
    log: *mut GLcharARB,
) {
    // SAFETY: the command's buffer and length pointers.
    unsafe {
        get_string("glGetInfoLogARB", max_length, length, log, |c| {
            c.object_info_log(obj)
        })
    }
}

unsafe extern "C" fn ProgramParameteri(program: GLuint, pname: GLenum, value: GLint) {
    with_ctx("glProgramParameteri", (), |c| {
        let r = c.program_parameter(program, pname, value);
        c.record(r);
    })
}

unsafe extern "C" fn GetProgramBinary(
    program: GLuint,
    buf_size: GLsizei,
    length: *mut GLsizei,
    format: *mut GLenum,
    binary: *mut c_void,
) {
    with_ctx("glGetProgramBinary", (), |c| {
        let r = c.get_program_binary(program, buf_size);
        let Some((f, bytes)) = c.record(r) else {
            // No binary given: its length is 0 (as Mesa's).
            // SAFETY: `length` is null or room for one value.
            unsafe { client::put(length, 0) };
            return;
        };
        // SAFETY: the client provides `buf_size` bytes at `binary` (the
        // core checked the binary fits), and room for one value at
        // `length` and `format` (either may be null).
        unsafe {
            client::write(binary.cast::<u8>(), &bytes);
            client::put(length, bytes.len() as GLsizei);
            client::put(format, f);
        }
    })
}

unsafe extern "C" fn ProgramBinary(
    program: GLuint,
    format: GLenum,
    binary: *const c_void,
    length: GLsizei,
) {
    with_ctx("glProgramBinary", (), |c| {
        if length < 0 {
            c.record::<()>(Err(ApiError::InvalidValue));
            return;
        }
        // SAFETY: the client passes `length` bytes at `binary`.
        let r = unsafe { client::read(binary.cast::<u8>(), length as usize) };
        let Some(bytes) = c.record(r) else {
            return;
        };
        let r = c.program_binary(program, format, &bytes);
        c.record(r);
    })
}

unsafe extern "C" fn MaxShaderCompilerThreadsKHR(count: GLuint) {
    with_ctx("glMaxShaderCompilerThreadsKHR", (), |c| {
        let r = c.max_shader_compiler_threads(count);
        c.record(r);
    })
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    d.MaxShaderCompilerThreadsKHR = MaxShaderCompilerThreadsKHR;
    d.MaxShaderCompilerThreadsARB = MaxShaderCompilerThreadsKHR;
    if profile == Profile::Es {
        return;
    }
    d.ProgramParameteri = ProgramParameteri;
    d.GetProgramBinary = GetProgramBinary;
    d.ProgramBinary = ProgramBinary;
    d.CreateShader = CreateShader;
    d.CreateProgram = CreateProgram;
    d.ShaderSource = ShaderSource;
    d.CompileShader = CompileShader;
    d.ReleaseShaderCompiler = ReleaseShaderCompiler;
    d.ShaderBinary = ShaderBinary;
    d.GetShaderPrecisionFormat = GetShaderPrecisionFormat;
    d.DeleteShader = DeleteShader;
    d.DeleteProgram = DeleteProgram;
    d.IsShader = IsShader;
    d.IsProgram = IsProgram;
    d.AttachShader = AttachShader;
    d.DetachShader = DetachShader;
    d.LinkProgram = LinkProgram;
    d.UseProgram = UseProgram;
    d.ValidateProgram = ValidateProgram;
    d.GetShaderiv = GetShaderiv;
    d.GetProgramiv = GetProgramiv;
    d.GetShaderInfoLog = GetShaderInfoLog;
    d.GetProgramInfoLog = GetProgramInfoLog;
    d.GetShaderSource = GetShaderSource;
    d.GetAttachedShaders = GetAttachedShaders;
    d.BindAttribLocation = BindAttribLocation;
    d.GetAttribLocation = GetAttribLocation;
    d.GetUniformLocation = GetUniformLocation;
    d.GetActiveAttrib = GetActiveAttrib;
    d.GetActiveUniform = GetActiveUniform;
    d.Uniform1f = Uniform1f;
    d.Uniform2f = Uniform2f;
    d.Uniform3f = Uniform3f;
    d.Uniform4f = Uniform4f;
    d.Uniform1i = Uniform1i;
    d.Uniform2i = Uniform2i;
    d.Uniform3i = Uniform3i;
    d.Uniform4i = Uniform4i;
    d.Uniform1fv = Uniform1fv;
    d.Uniform2fv = Uniform2fv;
    d.Uniform3fv = Uniform3fv;
    d.Uniform4fv = Uniform4fv;
    d.Uniform1iv = Uniform1iv;
    d.Uniform2iv = Uniform2iv;
    d.Uniform3iv = Uniform3iv;
    d.Uniform4iv = Uniform4iv;
    d.UniformMatrix2fv = UniformMatrix2fv;
    d.UniformMatrix3fv = UniformMatrix3fv;
    d.UniformMatrix4fv = UniformMatrix4fv;
    d.UniformMatrix2x3fv = UniformMatrix2x3fv;
    d.UniformMatrix3x2fv = UniformMatrix3x2fv;
    d.UniformMatrix2x4fv = UniformMatrix2x4fv;
    d.UniformMatrix4x2fv = UniformMatrix4x2fv;
    d.UniformMatrix3x4fv = UniformMatrix3x4fv;
    d.UniformMatrix4x3fv = UniformMatrix4x3fv;
    d.GetUniformfv = GetUniformfv;
    d.GetUniformiv = GetUniformiv;
    d.GetUniformdv = GetUniformdv;
    d.Uniform1d = Uniform1d;
    d.Uniform2d = Uniform2d;
    d.Uniform3d = Uniform3d;
    d.Uniform4d = Uniform4d;
    d.Uniform1dv = Uniform1dv;
    d.Uniform2dv = Uniform2dv;
    d.Uniform3dv = Uniform3dv;
    d.Uniform4dv = Uniform4dv;
    d.UniformMatrix2dv = UniformMatrix2dv;
    d.UniformMatrix3dv = UniformMatrix3dv;
    d.UniformMatrix4dv = UniformMatrix4dv;
    d.UniformMatrix2x3dv = UniformMatrix2x3dv;
    d.UniformMatrix3x2dv = UniformMatrix3x2dv;
    d.UniformMatrix2x4dv = UniformMatrix2x4dv;
    d.UniformMatrix4x2dv = UniformMatrix4x2dv;
    d.UniformMatrix3x4dv = UniformMatrix3x4dv;
    d.UniformMatrix4x3dv = UniformMatrix4x3dv;
    // GL 3.0 / EXT_gpu_shader4 unsigned uniforms (for GLSL 1.30 programs
    // once contexts report 3.0; harmless before).
    d.GetUniformuiv = GetUniformuiv;
    d.BindFragDataLocation = BindFragDataLocation;
    d.GetFragDataLocation = GetFragDataLocation;
    d.BindFragDataLocationIndexed = BindFragDataLocationIndexed;
    d.GetFragDataIndex = GetFragDataIndex;
    d.GetProgramResourceLocationIndexEXT = GetProgramResourceLocationIndexEXT;
    d.GetProgramResourceLocationIndex = GetProgramResourceLocationIndexEXT;
    d.GetVertexAttribIiv = GetVertexAttribIiv;
    d.GetVertexAttribIuiv = GetVertexAttribIuiv;
    d.Uniform1ui = Uniform1ui;
    d.Uniform2ui = Uniform2ui;
    d.Uniform3ui = Uniform3ui;
    d.Uniform4ui = Uniform4ui;
    d.Uniform1uiv = Uniform1uiv;
    d.Uniform2uiv = Uniform2uiv;
    d.Uniform3uiv = Uniform3uiv;
    d.Uniform4uiv = Uniform4uiv;
    d.GetVertexAttribfv = GetVertexAttribfv;
    d.GetVertexAttribiv = GetVertexAttribiv;
    d.GetVertexAttribdv = GetVertexAttribdv;
    d.GetVertexAttribLdv = GetVertexAttribLdv;
    d.GetVertexAttribPointerv = GetVertexAttribPointerv;
    d.DeleteObjectARB = DeleteObjectARB;
    d.GetHandleARB = GetHandleARB;
    d.GetObjectParameterivARB = GetObjectParameterivARB;
    d.GetObjectParameterfvARB = GetObjectParameterfvARB;
    d.GetInfoLogARB = GetInfoLogARB;
}
