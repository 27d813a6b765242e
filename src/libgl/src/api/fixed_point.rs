//! The fixed-point commands of OpenGL ES 1.x (GL_OES_fixed_point) and the
//! single-precision ones it has in place of the double ones
//! (GL_OES_single_precision: `glClipPlanef`, `glFrustumf`, `glOrthof`,
//! `glGetClipPlanef`). Each converts its arguments and runs the
//! compatibility profile's handler of the float (or double) command, so
//! the rules and errors are that command's.
//!
//! A `GLfixed` is a signed 16.16 number. Parameters that hold an enum or a
//! boolean (`GL_FOG_MODE`, `GL_TEXTURE_ENV_MODE`, the texture wrap and
//! filter modes, `GL_LIGHT_MODEL_TWO_SIDE`, `GL_GENERATE_MIPMAP`, ...)
//! are passed as integers, not scaled, as Mesa's wrappers do: the ES 1.1
//! specification gives them as enums in every variant of the command.
#![allow(non_snake_case, reason = "handlers are named after their GL commands")]

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_glapi::generated::enums::*;
use oxgl_glapi::types::*;

use crate::client;

/// 16.16 to float.
fn fx(x: GLfixed) -> GLfloat {
    x as GLfloat / 65536.0
}

/// Float to 16.16 (saturating).
pub(super) fn to_fx(v: f64) -> GLfixed {
    (v * 65536.0) as GLfixed
}

/// The compatibility table, whose handlers the wrappers run.
fn gl() -> &'static Dispatch {
    crate::tables::table(Profile::Compat, (1, 0))
}

/// Reads `n` fixed values (fewer when `p` is null: nothing).
///
/// # Safety
/// `p` is null or points to `n` values.
unsafe fn read_fx(p: *const GLfixed, n: usize) -> Vec<GLfixed> {
    // SAFETY: per the caller.
    unsafe { client::read(p, n) }.unwrap_or_default()
}

/// A scalar parameter as the float command takes it: scaled, unless it
/// holds an enum or a boolean.
fn param(x: GLfixed, scaled: bool) -> GLfloat {
    if scaled { fx(x) } else { x as GLfloat }
}

unsafe extern "C" fn AlphaFuncx(func: GLenum, r: GLclampx) {
    // SAFETY: the compatibility handler of the float command.
    unsafe { (gl().AlphaFunc)(func, fx(r)) }
}

unsafe extern "C" fn ClearColorx(r: GLclampx, g: GLclampx, b: GLclampx, a: GLclampx) {
    // SAFETY: as above.
    unsafe { (gl().ClearColor)(fx(r), fx(g), fx(b), fx(a)) }
}

unsafe extern "C" fn ClearDepthx(d: GLclampx) {
    // SAFETY: as above.
    unsafe { (gl().ClearDepthf)(fx(d)) }
}

unsafe extern "C" fn ClipPlanef(plane: GLenum, eq: *const GLfloat) {
    // SAFETY: the client passes four values (or null, which the handler
    // reports).
    let v = unsafe { client::read(eq, 4) }.unwrap_or_default();
    if v.len() < 4 {
        // SAFETY: the double command's handler with the client's null.
        return unsafe { (gl().ClipPlane)(plane, std::ptr::null()) };
    }
    let d: Vec<GLdouble> = v.iter().map(|&x| f64::from(x)).collect();
    // SAFETY: four doubles.
    unsafe { (gl().ClipPlane)(plane, d.as_ptr()) }
}

unsafe extern "C" fn ClipPlanex(plane: GLenum, eq: *const GLfixed) {
    // SAFETY: four values.
    let v = unsafe { read_fx(eq, 4) };
    if v.len() < 4 {
        // SAFETY: the handler reports the null pointer.
        return unsafe { (gl().ClipPlane)(plane, std::ptr::null()) };
    }
    let d: Vec<GLdouble> = v.iter().map(|&x| f64::from(fx(x))).collect();
    // SAFETY: four doubles.
    unsafe { (gl().ClipPlane)(plane, d.as_ptr()) }
}

unsafe extern "C" fn GetClipPlanef(plane: GLenum, eq: *mut GLfloat) {
    let mut d = [0.0f64; 4];
    // SAFETY: room for four doubles.
    unsafe { (gl().GetClipPlane)(plane, d.as_mut_ptr()) };
    // SAFETY: the client provides room for four values.
    unsafe { client::write_iter(eq, d.iter().map(|&x| x as GLfloat)) };
}

unsafe extern "C" fn GetClipPlanex(plane: GLenum, eq: *mut GLfixed) {
    let mut d = [0.0f64; 4];
    // SAFETY: room for four doubles.
    unsafe { (gl().GetClipPlane)(plane, d.as_mut_ptr()) };
    // SAFETY: the client provides room for four values.
    unsafe { client::write_iter(eq, d.iter().map(|&x| to_fx(x))) };
}

unsafe extern "C" fn Color4x(r: GLfixed, g: GLfixed, b: GLfixed, a: GLfixed) {
    // SAFETY: the float command's handler.
    unsafe { (gl().Color4f)(fx(r), fx(g), fx(b), fx(a)) }
}

unsafe extern "C" fn DepthRangex(n: GLclampx, f: GLclampx) {
    // SAFETY: as above.
    unsafe { (gl().DepthRangef)(fx(n), fx(f)) }
}

/// Values of `pname` in the vector commands of fog, lights, light model,
/// materials, point parameters and texture environments.
fn vector_len(pname: GLenum) -> usize {
    match pname {
        GL_FOG_COLOR
        | GL_AMBIENT
        | GL_DIFFUSE
        | GL_SPECULAR
        | GL_POSITION
        | GL_EMISSION
        | GL_AMBIENT_AND_DIFFUSE
        | GL_LIGHT_MODEL_AMBIENT
        | GL_TEXTURE_ENV_COLOR
        | GL_TEXTURE_BORDER_COLOR => 4,
        GL_SPOT_DIRECTION | GL_POINT_DISTANCE_ATTENUATION => 3,
        _ => 1,
    }
}

/// Whether a fog, texture-environment, texture or light-model parameter
/// is a number (scaled) rather than an enum or a boolean.
fn scaled(pname: GLenum) -> bool {
    !matches!(
        pname,
        GL_FOG_MODE
            | GL_TEXTURE_ENV_MODE
            | GL_COMBINE_RGB
            | GL_COMBINE_ALPHA
            | GL_SRC0_RGB
            | GL_SRC1_RGB
            | GL_SRC2_RGB
            | GL_SRC0_ALPHA
            | GL_SRC1_ALPHA
            | GL_SRC2_ALPHA
            | GL_OPERAND0_RGB
            | GL_OPERAND1_RGB
            | GL_OPERAND2_RGB
            | GL_OPERAND0_ALPHA
            | GL_OPERAND1_ALPHA
            | GL_OPERAND2_ALPHA
            | GL_COORD_REPLACE
            | GL_TEXTURE_MIN_FILTER
            | GL_TEXTURE_MAG_FILTER
            | GL_TEXTURE_WRAP_S
            | GL_TEXTURE_WRAP_T
            | GL_TEXTURE_WRAP_R
            | GL_GENERATE_MIPMAP
            | GL_LIGHT_MODEL_TWO_SIDE
    )
}

/// A vector parameter, converted value by value.
///
/// # Safety
/// `p` is null or points to the values of `pname`.
unsafe fn vector(pname: GLenum, p: *const GLfixed) -> Option<Vec<GLfloat>> {
    if p.is_null() {
        return None;
    }
    let s = scaled(pname);
    // SAFETY: per the caller.
    let v = unsafe { read_fx(p, vector_len(pname)) };
    Some(v.iter().map(|&x| param(x, s)).collect())
}

/// Runs a float vector command on the converted values of `p` (its null
/// pointer when `p` is null, for the handler to report).
macro_rules! with_vector {
    ($pname:expr, $p:expr, |$v:ident| $call:expr) => {{
        // SAFETY: the client passes the values of `pname`.
        let conv = unsafe { vector($pname, $p) };
        let $v: *const GLfloat = conv.as_ref().map_or(std::ptr::null(), |v| v.as_ptr());
        // SAFETY: the float command's handler, with as many values.
        unsafe { $call }
    }};
}

unsafe extern "C" fn Fogx(pname: GLenum, p: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().Fogf)(pname, param(p, scaled(pname))) }
}

unsafe extern "C" fn Fogxv(pname: GLenum, p: *const GLfixed) {
    with_vector!(pname, p, |v| (gl().Fogfv)(pname, v))
}

unsafe extern "C" fn Frustumf(
    l: GLfloat,
    r: GLfloat,
    b: GLfloat,
    t: GLfloat,
    n: GLfloat,
    f: GLfloat,
) {
    // SAFETY: the double command's handler.
    unsafe { (gl().Frustum)(l.into(), r.into(), b.into(), t.into(), n.into(), f.into()) }
}

unsafe extern "C" fn Frustumx(
    l: GLfixed,
    r: GLfixed,
    b: GLfixed,
    t: GLfixed,
    n: GLfixed,
    f: GLfixed,
) {
    // SAFETY: as above.
    unsafe { Frustumf(fx(l), fx(r), fx(b), fx(t), fx(n), fx(f)) }
}

unsafe extern "C" fn Orthof(
    l: GLfloat,
    r: GLfloat,
    b: GLfloat,
    t: GLfloat,
    n: GLfloat,
    f: GLfloat,
) {
    // SAFETY: the double command's handler.
    unsafe { (gl().Ortho)(l.into(), r.into(), b.into(), t.into(), n.into(), f.into()) }
}

unsafe extern "C" fn Orthox(
    l: GLfixed,
    r: GLfixed,
    b: GLfixed,
    t: GLfixed,
    n: GLfixed,
    f: GLfixed,
) {
    // SAFETY: as above.
    unsafe { Orthof(fx(l), fx(r), fx(b), fx(t), fx(n), fx(f)) }
}

/// Runs a float getter into a 16-value buffer and writes the values of
/// `pname` back converted (scaled, or as integers for an enum or boolean
/// `pname`); nothing when the getter failed (it then reports the error).
macro_rules! get_vector {
    ($pname:expr, $out:expr, |$buf:ident| $call:expr) => {{
        let mut store = [GLfloat::NAN; 16];
        let $buf = store.as_mut_ptr();
        // SAFETY: the float getter writes at most 16 values here.
        unsafe { $call };
        // A failed query writes nothing: the first value stays NaN.
        let n = if store[0].is_nan() {
            0
        } else {
            vector_len($pname)
        };
        let s = scaled($pname);
        let vals = store[..n]
            .iter()
            .map(move |&x| if s { to_fx(x.into()) } else { x as GLfixed });
        // SAFETY: the client provides room for the values of `pname`.
        unsafe { client::write_iter($out, vals) };
    }};
}

unsafe extern "C" fn GetLightxv(light: GLenum, pname: GLenum, out: *mut GLfixed) {
    get_vector!(pname, out, |b| (gl().GetLightfv)(light, pname, b))
}

unsafe extern "C" fn GetMaterialxv(face: GLenum, pname: GLenum, out: *mut GLfixed) {
    get_vector!(pname, out, |b| (gl().GetMaterialfv)(face, pname, b))
}

unsafe extern "C" fn GetTexEnvxv(target: GLenum, pname: GLenum, out: *mut GLfixed) {
    get_vector!(pname, out, |b| (gl().GetTexEnvfv)(target, pname, b))
}

unsafe extern "C" fn GetTexParameterxv(target: GLenum, pname: GLenum, out: *mut GLfixed) {
    get_vector!(pname, out, |b| (gl().GetTexParameterfv)(target, pname, b))
}

unsafe extern "C" fn LightModelx(pname: GLenum, p: GLfixed) {
    // SAFETY: the float command's handler.
    unsafe { (gl().LightModelf)(pname, param(p, scaled(pname))) }
}

unsafe extern "C" fn LightModelxv(pname: GLenum, p: *const GLfixed) {
    with_vector!(pname, p, |v| (gl().LightModelfv)(pname, v))
}

unsafe extern "C" fn Lightx(light: GLenum, pname: GLenum, p: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().Lightf)(light, pname, fx(p)) }
}

unsafe extern "C" fn Lightxv(light: GLenum, pname: GLenum, p: *const GLfixed) {
    with_vector!(pname, p, |v| (gl().Lightfv)(light, pname, v))
}

unsafe extern "C" fn LineWidthx(w: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().LineWidth)(fx(w)) }
}

/// Sixteen matrix values converted, or `None` for a null pointer.
///
/// # Safety
/// `m` is null or points to 16 values.
unsafe fn matrix(m: *const GLfixed) -> Option<[GLfloat; 16]> {
    // SAFETY: per the caller.
    let v = unsafe { read_fx(m, 16) };
    (v.len() == 16).then(|| std::array::from_fn(|i| fx(v[i])))
}

unsafe extern "C" fn LoadMatrixx(m: *const GLfixed) {
    // SAFETY: 16 values (the handler reports a null pointer).
    let conv = unsafe { matrix(m) };
    let p = conv.as_ref().map_or(std::ptr::null(), |v| v.as_ptr());
    // SAFETY: 16 floats or null.
    unsafe { (gl().LoadMatrixf)(p) }
}

unsafe extern "C" fn MultMatrixx(m: *const GLfixed) {
    // SAFETY: 16 values (the handler reports a null pointer).
    let conv = unsafe { matrix(m) };
    let p = conv.as_ref().map_or(std::ptr::null(), |v| v.as_ptr());
    // SAFETY: 16 floats or null.
    unsafe { (gl().MultMatrixf)(p) }
}

unsafe extern "C" fn Materialx(face: GLenum, pname: GLenum, p: GLfixed) {
    // SAFETY: the float command's handler.
    unsafe { (gl().Materialf)(face, pname, fx(p)) }
}

unsafe extern "C" fn Materialxv(face: GLenum, pname: GLenum, p: *const GLfixed) {
    with_vector!(pname, p, |v| (gl().Materialfv)(face, pname, v))
}

unsafe extern "C" fn MultiTexCoord4x(unit: GLenum, s: GLfixed, t: GLfixed, r: GLfixed, q: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().MultiTexCoord4f)(unit, fx(s), fx(t), fx(r), fx(q)) }
}

unsafe extern "C" fn Normal3x(x: GLfixed, y: GLfixed, z: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().Normal3f)(fx(x), fx(y), fx(z)) }
}

unsafe extern "C" fn PointParameterx(pname: GLenum, p: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().PointParameterf)(pname, fx(p)) }
}

unsafe extern "C" fn PointParameterxv(pname: GLenum, p: *const GLfixed) {
    with_vector!(pname, p, |v| (gl().PointParameterfv)(pname, v))
}

unsafe extern "C" fn PointSizex(s: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().PointSize)(fx(s)) }
}

unsafe extern "C" fn PolygonOffsetx(factor: GLfixed, units: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().PolygonOffset)(fx(factor), fx(units)) }
}

unsafe extern "C" fn Rotatex(a: GLfixed, x: GLfixed, y: GLfixed, z: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().Rotatef)(fx(a), fx(x), fx(y), fx(z)) }
}

unsafe extern "C" fn SampleCoveragex(value: GLclampx, invert: GLboolean) {
    // SAFETY: as above.
    unsafe { (gl().SampleCoverage)(fx(value), invert) }
}

unsafe extern "C" fn Scalex(x: GLfixed, y: GLfixed, z: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().Scalef)(fx(x), fx(y), fx(z)) }
}

unsafe extern "C" fn Translatex(x: GLfixed, y: GLfixed, z: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().Translatef)(fx(x), fx(y), fx(z)) }
}

unsafe extern "C" fn TexEnvx(target: GLenum, pname: GLenum, p: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().TexEnvf)(target, pname, param(p, scaled(pname))) }
}

unsafe extern "C" fn TexEnvxv(target: GLenum, pname: GLenum, p: *const GLfixed) {
    with_vector!(pname, p, |v| (gl().TexEnvfv)(target, pname, v))
}

unsafe extern "C" fn TexParameterx(target: GLenum, pname: GLenum, p: GLfixed) {
    // SAFETY: as above.
    unsafe { (gl().TexParameterf)(target, pname, param(p, scaled(pname))) }
}

unsafe extern "C" fn TexParameterxv(target: GLenum, pname: GLenum, p: *const GLfixed) {
    with_vector!(pname, p, |v| (gl().TexParameterfv)(target, pname, v))
}

/// `glQueryMatrixxOES` (GL_OES_query_matrix): the current matrix mode's
/// matrix, each element as a 16.16 mantissa in [0.5, 1) and a binary
/// exponent; the bits of the result flag NaN and infinite elements (Mesa's
/// `_mesa_QueryMatrixxOES`). All bits set when the mode has no matrix
/// this returns.
unsafe extern "C" fn QueryMatrixxOES(mantissa: *mut GLfixed, exponent: *mut GLint) -> GLbitfield {
    let mut mode: GLint = 0;
    // SAFETY: the compatibility handlers, with room for their values.
    unsafe { (gl().GetIntegerv)(GL_MATRIX_MODE, &mut mode) };
    let pname = match mode as GLenum {
        GL_MODELVIEW => GL_MODELVIEW_MATRIX,
        GL_PROJECTION => GL_PROJECTION_MATRIX,
        GL_TEXTURE => GL_TEXTURE_MATRIX,
        _ => return 0xffff,
    };
    let mut m = [0.0f32; 16];
    // SAFETY: as above.
    unsafe { (gl().GetFloatv)(pname, m.as_mut_ptr()) };
    let mut flags = 0;
    let mut mant = [0; 16];
    let mut exp = [0; 16];
    for (i, &v) in m.iter().enumerate() {
        (mant[i], exp[i]) = if v.is_nan() {
            flags |= 1 << i;
            (0, 0)
        } else if v.is_infinite() {
            flags |= 1 << i;
            (to_fx(v.signum().into()), i32::MAX)
        } else if v == 0.0 {
            (0, 0)
        } else {
            // frexp: v = f * 2^e with |f| in [0.5, 1), from the exponent
            // bits (of the f64, where every f32 is normal).
            let v = f64::from(v);
            let e = ((v.to_bits() >> 52) & 0x7ff) as i32 - 1022;
            (to_fx(v / 2f64.powi(e)), e)
        };
    }
    // SAFETY: the client passes room for 16 values in each.
    unsafe {
        client::write(mantissa, &mant);
        client::write(exponent, &exp);
    }
    flags
}

// GL_OES_byte_coordinates' immediate commands: byte coordinates, not
// normalized, through the float commands (after the texture unit, for the
// multitexture ones: the arguments in brackets).
macro_rules! byte_coords {
    ($([$($pre:ident: $pt:ty),*] $name:ident $vname:ident => $float:ident($($c:ident),+);)*) => {$(
        unsafe extern "C" fn $name($($pre: $pt,)* $($c: GLbyte),+) {
            // SAFETY: the compatibility handler of the float command.
            unsafe { (gl().$float)($($pre,)* $(GLfloat::from($c)),+) }
        }
        unsafe extern "C" fn $vname($($pre: $pt,)* v: *const GLbyte) {
            const N: usize = [$(stringify!($c)),+].len();
            // SAFETY: the client passes N coordinates (null: nothing).
            let v = unsafe { client::read(v, N) }.unwrap_or_default();
            if let [$($c),+] = v[..] {
                // SAFETY: as above.
                unsafe { (gl().$float)($($pre,)* $(GLfloat::from($c)),+) }
            }
        }
    )*};
}
byte_coords! {
    [] Vertex2bOES Vertex2bvOES => Vertex2f(x, y);
    [] Vertex3bOES Vertex3bvOES => Vertex3f(x, y, z);
    [] Vertex4bOES Vertex4bvOES => Vertex4f(x, y, z, w);
    [] TexCoord1bOES TexCoord1bvOES => TexCoord1f(s);
    [] TexCoord2bOES TexCoord2bvOES => TexCoord2f(s, t);
    [] TexCoord3bOES TexCoord3bvOES => TexCoord3f(s, t, r);
    [] TexCoord4bOES TexCoord4bvOES => TexCoord4f(s, t, r, q);
    [unit: GLenum] MultiTexCoord1bOES MultiTexCoord1bvOES => MultiTexCoord1f(s);
    [unit: GLenum] MultiTexCoord2bOES MultiTexCoord2bvOES => MultiTexCoord2f(s, t);
    [unit: GLenum] MultiTexCoord3bOES MultiTexCoord3bvOES => MultiTexCoord3f(s, t, r);
    [unit: GLenum] MultiTexCoord4bOES MultiTexCoord4bvOES => MultiTexCoord4f(s, t, r, q);
}

pub(super) fn install(d: &mut Dispatch, profile: Profile) {
    // The compatibility table (and the ES tables made from it) only: a
    // core context has none of the fixed-function commands they run.
    if profile != Profile::Compat {
        return;
    }
    macro_rules! set {
        ($($field:ident = $f:ident),* $(,)?) => { $( d.$field = $f; )* };
    }
    set! {
        AlphaFuncx = AlphaFuncx, ClearColorx = ClearColorx, ClearDepthx = ClearDepthx,
        ClipPlanef = ClipPlanef, ClipPlanex = ClipPlanex, Color4x = Color4x,
        DepthRangex = DepthRangex, Fogx = Fogx, Fogxv = Fogxv, Frustumf = Frustumf,
        Frustumx = Frustumx, GetClipPlanef = GetClipPlanef, GetClipPlanex = GetClipPlanex,
        GetLightxv = GetLightxv, GetMaterialxv = GetMaterialxv,
        GetTexEnvxv = GetTexEnvxv, GetTexParameterxv = GetTexParameterxv,
        LightModelx = LightModelx, LightModelxv = LightModelxv, Lightx = Lightx,
        Lightxv = Lightxv, LineWidthx = LineWidthx, LoadMatrixx = LoadMatrixx,
        Materialx = Materialx, Materialxv = Materialxv, MultMatrixx = MultMatrixx,
        MultiTexCoord4x = MultiTexCoord4x, Normal3x = Normal3x, Orthof = Orthof,
        Orthox = Orthox, PointParameterx = PointParameterx,
        PointParameterxv = PointParameterxv, PointSizex = PointSizex,
        PolygonOffsetx = PolygonOffsetx, Rotatex = Rotatex,
        SampleCoveragex = SampleCoveragex, Scalex = Scalex, TexEnvx = TexEnvx,
        TexEnvxv = TexEnvxv, TexParameterx = TexParameterx,
        TexParameterxv = TexParameterxv, Translatex = Translatex,
        QueryMatrixxOES = QueryMatrixxOES,
        Vertex2bOES = Vertex2bOES, Vertex2bvOES = Vertex2bvOES, Vertex3bOES = Vertex3bOES,
        Vertex3bvOES = Vertex3bvOES, Vertex4bOES = Vertex4bOES, Vertex4bvOES = Vertex4bvOES,
        TexCoord1bOES = TexCoord1bOES, TexCoord1bvOES = TexCoord1bvOES,
        TexCoord2bOES = TexCoord2bOES, TexCoord2bvOES = TexCoord2bvOES,
        TexCoord3bOES = TexCoord3bOES, TexCoord3bvOES = TexCoord3bvOES,
        TexCoord4bOES = TexCoord4bOES, TexCoord4bvOES = TexCoord4bvOES,
        MultiTexCoord1bOES = MultiTexCoord1bOES, MultiTexCoord1bvOES = MultiTexCoord1bvOES,
        MultiTexCoord2bOES = MultiTexCoord2bOES, MultiTexCoord2bvOES = MultiTexCoord2bvOES,
        MultiTexCoord3bOES = MultiTexCoord3bOES, MultiTexCoord3bvOES = MultiTexCoord3bvOES,
        MultiTexCoord4bOES = MultiTexCoord4bOES, MultiTexCoord4bvOES = MultiTexCoord4bvOES,
        // GL_OES_fixed_point's and GL_OES_single_precision's names.
        AlphaFuncxOES = AlphaFuncx, ClearColorxOES = ClearColorx,
        ClearDepthxOES = ClearDepthx, ClipPlanefOES = ClipPlanef,
        ClipPlanexOES = ClipPlanex, Color4xOES = Color4x, DepthRangexOES = DepthRangex,
        FogxOES = Fogx, FogxvOES = Fogxv, FrustumfOES = Frustumf, FrustumxOES = Frustumx,
        GetClipPlanefOES = GetClipPlanef, GetClipPlanexOES = GetClipPlanex,
        GetLightxvOES = GetLightxv,
        GetMaterialxvOES = GetMaterialxv, GetTexEnvxvOES = GetTexEnvxv,
        GetTexParameterxvOES = GetTexParameterxv, LightModelxOES = LightModelx,
        LightModelxvOES = LightModelxv, LightxOES = Lightx, LightxvOES = Lightxv,
        LineWidthxOES = LineWidthx, LoadMatrixxOES = LoadMatrixx,
        MaterialxOES = Materialx, MaterialxvOES = Materialxv,
        MultMatrixxOES = MultMatrixx, MultiTexCoord4xOES = MultiTexCoord4x,
        Normal3xOES = Normal3x, OrthofOES = Orthof, OrthoxOES = Orthox,
        PointParameterxOES = PointParameterx, PointParameterxvOES = PointParameterxv, PointSizexOES = PointSizex,
        PolygonOffsetxOES = PolygonOffsetx, RotatexOES = Rotatex,
        SampleCoveragexOES = SampleCoveragex, ScalexOES = Scalex, TexEnvxOES = TexEnvx,
        TexEnvxvOES = TexEnvxv, TexParameterxOES = TexParameterx,
        TexParameterxvOES = TexParameterxv, TranslatexOES = Translatex,
    }
}
