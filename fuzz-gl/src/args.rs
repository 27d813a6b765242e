//! Arguments for one call: boundary and random scalars, enums of the
//! parameter's group (and of none), object names the fuzzer made, and client
//! memory in guard-paged buffers sized as the specification allows (gl.xml's
//! `len`, or the pixel store state for images). Also the one rule for
//! "certainly invalid": what must make the GL record an error.

use std::collections::HashMap;
use std::fmt::Write;

use crate::api::{self, COMMANDS, Cmd, Param, Ty};
use crate::mem::GuardBuf;
use crate::rng::Rng;
use crate::rules;

/// The largest client buffer the fuzzer makes for one pointer.
pub const MAX_BUF: usize = 16 << 20;
pub const MAX_ARGS: usize = 16;

/// Object names and other values learned from earlier calls, by gl.xml
/// `class` (plus `location`).
#[derive(Default)]
pub struct Pools {
    pub names: HashMap<&'static str, Vec<u64>>,
}

impl Pools {
    pub fn add(&mut self, class: &'static str, v: u64) {
        let list = self.names.entry(class).or_default();
        if list.len() >= 64 {
            list.remove(0);
        }
        list.push(v);
    }

    fn pick(&self, rng: &mut Rng, class: &str) -> Option<u64> {
        let list = self.names.get(class)?;
        (!list.is_empty()).then(|| *rng.pick(list))
    }

    /// Any name of any class.
    fn any(&self, rng: &mut Rng) -> u64 {
        let all: Vec<&Vec<u64>> = self.names.values().filter(|v| !v.is_empty()).collect();
        if all.is_empty() {
            return rng.below(8);
        }
        let list = *rng.pick(&all);
        *rng.pick(list.as_slice())
    }
}

/// How the current context reads client memory for this call (queried from
/// the GL by the caller).
pub trait State {
    fn get_int(&mut self, pname: u32) -> i64;
    fn get_tex_level(&mut self, target: u32, level: i32, pname: u32) -> i64;
}

/// One prepared call.
pub struct Call {
    pub cmd: usize,
    pub args: [u64; MAX_ARGS],
    /// Client memory for the pointers; unmapped after the call.
    pub bufs: Vec<GuardBuf>,
    /// Buffers the GL keeps using after the call (glSelectBuffer).
    pub retain: bool,
    /// Per parameter, how its pointer was made (for the log).
    pub notes: [Option<String>; MAX_ARGS],
    /// Why the call must record a GL error, if it certainly must.
    pub must_fail: Option<String>,
    /// A pointer is shorter than `len` (a huge count): a fault past it may
    /// be the fuzzer's and is reported as such.
    pub truncated: bool,
    /// Output buffers whose contents name new objects: (class, buffer, count).
    pub harvest: Option<(&'static str, usize, usize)>,
}

const I32_EDGES: &[i32] = &[
    0,
    1,
    -1,
    2,
    3,
    4,
    16,
    255,
    256,
    1 << 30,
    i32::MAX,
    i32::MIN,
    -2,
];
/// Vertices times instances an instanced draw may ask for (each vertex
/// may become a point of every triangle it is in, `glPolygonMode`).
const MAX_INSTANCED_VERTICES: i64 = 1 << 18;

const SIZES: &[i32] = &[0, 1, 2, 3, 4, 7, 8, 16, 31, 64, 255, 1000];
const HUGE: &[i32] = &[-1, i32::MIN, i32::MAX, 1 << 30, 65537, -65536, 0x7fff_fff8];

fn f32_value(rng: &mut Rng) -> f32 {
    match rng.below(12) {
        0 => 0.0,
        1 => 1.0,
        2 => -1.0,
        3 => f32::NAN,
        4 => f32::INFINITY,
        5 => f32::NEG_INFINITY,
        6 => f32::MAX,
        7 => 1e-40,
        8 => (rng.below(2001) as f32 - 1000.0) / 100.0,
        9 => rng.below(64) as f32,
        10 => 0.5,
        _ => (rng.below(20001) as f32 - 10000.0) * 0.37,
    }
}

fn small_or_edge(rng: &mut Rng) -> i32 {
    match rng.below(10) {
        0..=5 => rng.below(17) as i32,
        6 | 7 => *rng.pick(I32_EDGES),
        8 => *rng.pick(SIZES),
        _ => rng.next() as i32,
    }
}

fn size_value(rng: &mut Rng) -> i32 {
    match rng.below(20) {
        0..=13 => *rng.pick(SIZES),
        14..=17 => rng.below(33) as i32,
        _ => *rng.pick(HUGE),
    }
}

fn bogus_enum(rng: &mut Rng) -> u32 {
    for _ in 0..16 {
        let v = match rng.below(3) {
            0 => rng.next() as u32,
            1 => 0x1000 + rng.below(0x9000) as u32,
            _ => 0xFFFF_0000 | rng.below(0x10000) as u32,
        };
        if !api::is_enum(v) {
            return v;
        }
    }
    0xDEAD_BEE1
}

fn enum_value(rng: &mut Rng, cmd: &Cmd, group: &str) -> u32 {
    let values = api::group(group);
    let pick = rng.below(10);
    let v = if !values.is_empty() && pick < 7 {
        *rng.pick(values)
    } else if pick < 8 {
        rng.pick(api::ENUMS).0
    } else if pick < 9 {
        bogus_enum(rng)
    } else {
        rng.below(9) as u32
    };
    if cmd.name.starts_with("glEnable") && rules::ARRAY_CAPS.contains(&v) {
        return 0x0B71; // GL_DEPTH_TEST
    }
    v
}

fn bitfield(rng: &mut Rng, group: &str) -> u32 {
    let values = api::group(group);
    match rng.below(8) {
        0 => 0,
        1 => u32::MAX,
        2 => rng.next() as u32,
        _ if values.is_empty() => 1 << rng.below(32),
        _ => {
            let mut m = 0;
            for _ in 0..=rng.below(3) {
                m |= *rng.pick(values);
            }
            m
        }
    }
}

/// A scalar argument's raw bits.
fn scalar(rng: &mut Rng, pools: &Pools, cmd: &Cmd, p: &Param) -> u64 {
    let class = p.class;
    if !class.is_empty() && p.ty != Ty::Ptr {
        return match rng.below(10) {
            0..=6 => pools.pick(rng, class).unwrap_or_else(|| rng.below(4)),
            7 => 0,
            8 => pools.any(rng),
            _ => *rng.pick(&[u32::MAX as u64, 0x7fff_ffff, 12345, 1, 2]),
        };
    }
    match p.base {
        "GLenum" => enum_value(rng, cmd, p.group) as u64,
        "GLbitfield" => bitfield(rng, p.group) as u64,
        "GLboolean" => *rng.pick(&[0u64, 1, 1, 0, 0, 1, 2, 255]),
        "GLsizei" => size_value(rng) as i64 as u64,
        "GLsizeiptr" | "GLintptr" => match rng.below(10) {
            0..=5 => *rng.pick(&[0i64, 1, 4, 16, 64, 256, 1024, 3, 12]) as u64,
            6 => rng.below(4096),
            7 => (-1i64) as u64,
            8 => *rng.pick(&[i64::MAX, i64::MIN, 1 << 31, 1 << 40, (1 << 32) - 1]) as u64,
            _ => rng.next(),
        },
        "GLfloat" | "GLclampf" => f32_value(rng).to_bits() as u64,
        "GLdouble" | "GLclampd" => (f32_value(rng) as f64).to_bits(),
        "GLuint64" | "GLuint64EXT" | "GLint64" | "GLint64EXT" => {
            if cmd.name == "glClientWaitSync" {
                // A fence may legitimately never signal: keep a bounded wait.
                return *rng.pick(&[0u64, 1, 1000, 1_000_000]);
            }
            *rng.pick(&[0u64, 1, u64::MAX, 0xFFFF_FFFF, 1 << 40, 42])
        }
        "GLsync" => match rng.below(4) {
            0..=1 => pools.pick(rng, "sync").unwrap_or(0),
            2 => 0,
            _ => *rng.pick(&[1u64, 0xdead_beef, 0x1000, u64::MAX]),
        },
        "GLDEBUGPROC" | "GLDEBUGPROCARB" | "GLDEBUGPROCKHR" => {
            if rng.chance(50) {
                0
            } else {
                debug_callback as *const () as usize as u64
            }
        }
        "GLint" | "GLuint" => {
            let name = p.name;
            if name.contains("location") && rng.chance(60) {
                return pools
                    .pick(rng, "location")
                    .unwrap_or(0)
                    .wrapping_add(rng.below(3).wrapping_sub(1));
            }
            let v = small_or_edge(rng);
            v as i64 as u64
                & if p.ty == Ty::U32 {
                    0xFFFF_FFFF
                } else {
                    u64::MAX
                }
        }
        _ => match p.ty {
            Ty::U8 | Ty::I8 => rng.below(256),
            Ty::I16 | Ty::U16 => rng.below(65536),
            Ty::F32 => f32_value(rng).to_bits() as u64,
            Ty::F64 => (f32_value(rng) as f64).to_bits(),
            _ => small_or_edge(rng) as i64 as u64,
        },
    }
}

/// The value of scalar parameter `name` as a signed number.
fn value_of(cmd: &Cmd, args: &[u64], name: &str) -> Option<i64> {
    let i = cmd.params.iter().position(|p| p.name == name)?;
    let p = &cmd.params[i];
    Some(match p.ty {
        Ty::I8 => args[i] as i8 as i64,
        Ty::I16 => args[i] as i16 as i64,
        Ty::I32 => args[i] as i32 as i64,
        Ty::U8 | Ty::U16 | Ty::U32 => args[i] as u32 as i64,
        _ => args[i] as i64,
    })
}

/// Evaluates a simple `len`: a number, a parameter, `a*k`, `a / k`.
fn eval_len(cmd: &Cmd, args: &[u64], len: &str) -> Option<i64> {
    let len = len.trim();
    if let Ok(n) = len.parse::<i64>() {
        return Some(n);
    }
    if let Some((a, b)) = len.split_once('*') {
        return Some(eval_len(cmd, args, a)?.saturating_mul(eval_len(cmd, args, b)?));
    }
    if let Some((a, b)) = len.split_once('/') {
        let d = eval_len(cmd, args, b)?;
        return Some(eval_len(cmd, args, a)? / d.max(1));
    }
    value_of(cmd, args, len)
}

/// Bytes per pixel group of `format`/`type`, `None` where unknown (the
/// caller then assumes the largest, 32).
fn pixel_bytes(format: u32, ty: u32) -> Option<u64> {
    let n = match format {
        // COLOR_INDEX, STENCIL_INDEX, DEPTH_COMPONENT, RED, GREEN, BLUE,
        // ALPHA, LUMINANCE, and the *_INTEGER ones
        0x1900..=0x1906 | 0x1909 | 0x8D94..=0x8D97 => 1,
        0x190A | 0x8227 | 0x8228 | 0x84F9 => 2, // LA, RG, RG_INTEGER, DEPTH_STENCIL
        0x1907 | 0x80E0 | 0x8D98 | 0x8D9A => 3, // RGB, BGR, RGB/BGR_INTEGER
        0x1908 | 0x80E1 | 0x8D99 | 0x8D9B => 4, // RGBA, BGRA, RGBA/BGRA_INTEGER
        _ => return None,
    };
    let (size, packed) = match ty {
        0x1400 | 0x1401 => (1, false),          // BYTE, UNSIGNED_BYTE
        0x1402 | 0x1403 | 0x140B => (2, false), // SHORT, USHORT, HALF_FLOAT
        0x1404..=0x1406 => (4, false),          // INT, UINT, FLOAT
        0x8032 | 0x8362 => (1, true),           // 3_3_2, 2_3_3_REV
        0x8363 | 0x8364 | 0x8033 | 0x8365 | 0x8034 | 0x8366 => (2, true),
        0x8035 | 0x8367 | 0x8036 | 0x8368 | 0x84FA | 0x8C3B | 0x8C3E => (4, true),
        0x8DAD => (8, true), // FLOAT_32_UNSIGNED_INT_24_8_REV
        _ => return None,
    };
    Some(if packed { size } else { size * n })
}

/// Bytes an image of `w`×`h`×`d` pixels occupies in client memory under
/// the pixel store state `[row_length, skip_rows, skip_pixels, alignment,
/// image_height, skip_images]` (GL 4.6 §8.4.4.1), rounded up so that every
/// format/type the GL may accept fits. `None`: a dimension is negative.
pub fn image_bytes(format: u32, ty: u32, w: i64, h: i64, d: i64, st: [i64; 6]) -> Option<u64> {
    if w < 0 || h < 0 || d < 0 {
        return None;
    }
    if w == 0 || h == 0 || d == 0 {
        return Some(0);
    }
    let [rl, sr, sp, al, ih, si] = st.map(|v| v.max(0) as u128);
    let (w, h, d) = (w as u128, h as u128, d as u128);
    let al = al.max(1);
    let l = if rl > 0 { rl } else { w };
    let total = if ty == 0x1A00 {
        // GL_BITMAP: one bit per pixel, rows padded to the alignment.
        let row = l.div_ceil(8 * al) * al;
        (sr + h - 1) * row + (sp + w).div_ceil(8)
    } else {
        let px = pixel_bytes(format, ty).unwrap_or(32) as u128;
        let row = (l * px).div_ceil(al) * al;
        let img_rows = if ih > 0 { ih } else { h };
        let image = img_rows * row;
        (si + d - 1) * image + (sr + h - 1) * row + (sp + w) * px
    };
    Some(total.min(u64::MAX as u128) as u64)
}

fn pixel_store(st: &mut dyn State, pack: bool) -> [i64; 6] {
    let base = if pack { 0x0D02 } else { 0x0CF2 };
    let (ih, si) = if pack {
        (0x806C, 0x806B)
    } else {
        (0x806E, 0x806D)
    };
    [
        st.get_int(base),
        st.get_int(base + 1),
        st.get_int(base + 2),
        st.get_int(base + 3),
        st.get_int(ih),
        st.get_int(si),
    ]
}

/// Elements a `COMPSIZE(...)` pointer needs (an upper bound where the exact
/// size depends on more than the arguments); `None` when a dimension is
/// negative (the call must fail before reading).
fn compsize(cmd: &Cmd, p: &Param, args: &[u64], len: &str, st: &mut dyn State) -> Option<u64> {
    let inner = len
        .strip_prefix("COMPSIZE(")
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or("");
    let val = |n: &str| value_of(cmd, args, n).unwrap_or(0);
    let elem = p.elem.size() as u64;
    let bytes_to_elems = |b: u64| b.div_ceil(elem.max(1));
    match inner {
        "format,type,width" | "format,type,width,height" | "format,type,width,height,depth" => {
            let pack = !p.konst;
            let h = if inner.contains("height") {
                val("height")
            } else {
                1
            };
            let d = if inner.contains("depth") {
                val("depth")
            } else {
                1
            };
            let store = pixel_store(st, pack);
            let b = image_bytes(
                val("format") as u32,
                val("type") as u32,
                val("width"),
                h,
                d,
                store,
            )?;
            Some(bytes_to_elems(b))
        }
        "width,height" => {
            let store = pixel_store(st, false);
            image_bytes(0x1900, 0x1A00, val("width"), val("height"), 1, store)
        }
        "" if p.base == "GLubyte" => {
            // glPolygonStipple / glGetPolygonStipple: a 32x32 bitmap.
            let store = pixel_store(st, !p.konst);
            image_bytes(0x1900, 0x1A00, 32, 32, 1, store)
        }
        "target,level,format,type" => {
            let (t, l) = (val("target") as u32, val("level") as i32);
            let w = st.get_tex_level(t, l, 0x1000);
            let h = st.get_tex_level(t, l, 0x1001);
            let d = st.get_tex_level(t, l, 0x8071);
            let store = pixel_store(st, true);
            let b = image_bytes(
                val("format") as u32,
                val("type") as u32,
                w,
                h.max(1),
                d.max(1),
                store,
            )?;
            Some(bytes_to_elems(b).max(16))
        }
        "target,level" => {
            let size = st.get_tex_level(val("target") as u32, val("level") as i32, 0x86A0);
            Some(size.max(64) as u64)
        }
        "n,type" | "count,type" => {
            let n = val(inner.split(',').next().unwrap_or("count"));
            let per = match val("type") as u32 {
                0x1400 | 0x1401 => 1,
                0x1402 | 0x1403 | 0x1407 => 2, // SHORT, USHORT, GL_2_BYTES
                0x1408 => 3,                   // GL_3_BYTES
                _ => 4,
            };
            if n < 0 {
                return Some(4);
            }
            Some(bytes_to_elems((n as u64).saturating_mul(per)))
        }
        "format,type" => Some(bytes_to_elems(32)),
        "buffer" => Some(4),
        "count" => Some(4 * val("count").max(1) as u64),
        "size" => Some(bytes_to_elems(val("size").max(0) as u64)),
        "bufSize" => Some(bytes_to_elems(val("bufSize").max(0) as u64)),
        "uniformCount" | "uniformCount,pname" => Some(val("uniformCount").max(1) as u64),
        "target,stride,order" => {
            let k = map_components(val("target") as u32);
            let (s, o) = (val("stride"), val("order"));
            if s < 0 || o < 1 {
                return Some(16);
            }
            Some(
                (s as u64)
                    .saturating_mul(o as u64 - 1)
                    .saturating_add(k)
                    .max(16),
            )
        }
        "target,ustride,uorder,vstride,vorder" => {
            let k = map_components(val("target") as u32);
            let (us, uo, vs, vo) = (val("ustride"), val("uorder"), val("vstride"), val("vorder"));
            if us < 0 || vs < 0 || uo < 1 || vo < 1 {
                return Some(16);
            }
            let n = (us as u64)
                .saturating_mul(uo as u64 - 1)
                .saturating_add((vs as u64).saturating_mul(vo as u64 - 1))
                .saturating_add(k);
            Some(n.max(16))
        }
        "drawcount,stride" => {
            let n = val("drawcount").max(1) as u64;
            Some(bytes_to_elems(
                n.saturating_mul(val("stride").max(20) as u64),
            ))
        }
        // Sized by a pname/target/query and such: generous.
        _ if p.konst => Some(64),
        _ => Some(bytes_to_elems(64 << 10)),
    }
}

/// Components per control point of an evaluator map: at most 4 for any
/// target (an upper bound is enough here).
fn map_components(_target: u32) -> u64 {
    4
}

const NAMES: &[&str] = &[
    "u",
    "u[0]",
    "u[1]",
    "u[3]",
    "u[4]",
    "u[-1]",
    "m",
    "f",
    "s",
    "a",
    "v",
    "b.x",
    "blk",
    "gl_Position",
    "gl_ModelViewMatrix",
    "gl_Vertex",
    "",
    "main",
    "u[2147483647]",
    "u[",
    "gl_FragColor",
    "out0",
    "c",
];

/// A name-like C string (without its NUL).
fn string(rng: &mut Rng) -> Vec<u8> {
    match rng.below(10) {
        0..=6 => rng.pick(NAMES).as_bytes().to_vec(),
        7 => (0..rng.below(40))
            .map(|_| 1 + rng.below(255) as u8)
            .collect(),
        8 => vec![b'x'; 300 + rng.below(5000) as usize],
        _ => crate::corpus::pick(rng).as_bytes().to_vec(),
    }
}

/// Source text for glShaderSource and friends.
fn source(rng: &mut Rng) -> Vec<u8> {
    if rng.chance(70) {
        crate::corpus::pick(rng).as_bytes().to_vec()
    } else {
        string(rng)
    }
}

fn fill(rng: &mut Rng, pools: &Pools, p: &Param, buf: &mut GuardBuf, cmd: &Cmd) {
    let bytes = buf.bytes();
    let class = if p.class.is_empty() && p.name.contains("texture") {
        "texture"
    } else {
        p.class
    };
    match p.elem {
        Ty::F32 => {
            for c in bytes.chunks_exact_mut(4) {
                c.copy_from_slice(&f32_value(rng).to_ne_bytes());
            }
        }
        Ty::F64 => {
            for c in bytes.chunks_exact_mut(8) {
                c.copy_from_slice(&(f32_value(rng) as f64).to_ne_bytes());
            }
        }
        Ty::U32 | Ty::I32 => {
            let small = cmd.name.starts_with("glMultiDraw") && p.name == "count";
            for c in bytes.chunks_exact_mut(4) {
                let v: u32 = if small {
                    (rng.below(66) as i32 - 1) as u32
                } else if !class.is_empty() {
                    pools.pick(rng, class).unwrap_or(0) as u32
                } else if p.base == "GLenum" {
                    enum_value(rng, cmd, p.group)
                } else {
                    small_or_edge(rng) as u32
                };
                c.copy_from_slice(&v.to_ne_bytes());
            }
        }
        _ => {
            // Bytes of images, indices and the like: cheap random bytes.
            let mut x = rng.next();
            for b in bytes.iter_mut().take(1 << 16) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *b = x as u8;
            }
        }
    }
}

/// Prepares a call of `COMMANDS[cmd]`; `None` if it cannot be made safely
/// (a pointer the fuzzer cannot size).
pub fn prepare(
    rng: &mut Rng,
    pools: &Pools,
    cmd_index: usize,
    st: &mut dyn State,
    zero: bool,
) -> Option<Call> {
    let cmd = &COMMANDS[cmd_index];
    let mut call = Call {
        cmd: cmd_index,
        args: [0; MAX_ARGS],
        bufs: Vec::new(),
        retain: matches!(cmd.name, "glSelectBuffer" | "glFeedbackBuffer"),
        notes: Default::default(),
        must_fail: None,
        truncated: false,
        harvest: None,
    };
    if cmd.params.len() > MAX_ARGS {
        return None;
    }
    // Scalars first: pointer sizes depend on them.
    for (i, p) in cmd.params.iter().enumerate() {
        if p.depth == 0 && !zero {
            call.args[i] = scalar(rng, pools, cmd, p);
        }
    }
    // An instanced draw runs every vertex once per instance: bound the
    // work (vertices times instances) as the grid below, keeping negative
    // values for their errors. A huge product is a slow application.
    let position = |name: &str| cmd.params.iter().position(|q| q.name == name);
    if let Some(ii) = position("instancecount").or_else(|| position("primcount"))
        && let Some(ci) = position("count")
    {
        let count = i64::from(call.args[ci] as i32);
        let instances = i64::from(call.args[ii] as i32);
        if count > 0 && instances > 0 && count * instances > MAX_INSTANCED_VERTICES {
            call.args[ii] = (MAX_INSTANCED_VERTICES / count).max(1) as u64;
        }
    }
    if cmd.name.starts_with("glEvalMesh") {
        // The GL evaluates every grid point asked for: keep the grid small
        // enough to finish (a huge one is a slow application, not a bug).
        for (i, p) in cmd.params.iter().enumerate() {
            if p.base == "GLint" {
                call.args[i] = (call.args[i] as i32).clamp(-300, 300) as u32 as u64;
            }
        }
    }
    if call.retain {
        // The GL writes into this buffer during later calls: keep it small
        // enough to be made whole.
        call.args[0] = (call.args[0] as i32).clamp(-1, 4096) as u32 as u64;
    }
    let mut strings: Vec<usize> = Vec::new();
    let mut string_array = false;
    for (i, p) in cmd.params.iter().enumerate() {
        if p.depth == 0 {
            continue;
        }
        let len = rules::len_of(cmd.name, p.name, p.len);
        if p.ty == Ty::Ptr && p.depth == 1 && len == "OPAQUE" {
            call.args[i] = match rng.below(3) {
                0 => 0,
                1 => pools.pick(rng, "sync").unwrap_or(1),
                _ => rng.next() & 0xFFFF_FFF0,
            };
            continue;
        }
        // Array pointers are only stored (client arrays are never enabled).
        if len.contains("stride")
            && !len.starts_with("COMPSIZE(drawcount")
            && !len.contains("order")
            || cmd.name.ends_with("Pointer")
        {
            call.args[i] = *rng.pick(&[0u64, 4, 64, 0x1000, 0xdead_0000]);
            continue;
        }
        // Strings.
        if p.base == "GLchar" && p.konst && p.depth == 1 {
            let mut s = string(rng);
            if len.contains("length")
                && let Some(l) = value_of(cmd, &call.args, "length")
                && l >= 0
            {
                let l = l.min(MAX_BUF as i64) as usize;
                let li = cmd.params.iter().position(|q| q.name == "length")?;
                call.args[li] = l as u64;
                s.resize(l, b'y');
            } else {
                s.push(0);
            }
            let mut buf = GuardBuf::new(s.len(), 1)?;
            buf.bytes().copy_from_slice(&s);
            buf.protect_read_only();
            call.notes[i] = Some(format!("\"{}\"", printable(&s)));
            call.args[i] = buf.ptr() as u64;
            call.bufs.push(buf);
            continue;
        }
        if p.base == "GLchar" && p.depth == 2 && p.konst {
            // An array of strings: `count` of them.
            let n = eval_len(
                cmd,
                &call.args,
                len.trim_start_matches("COMPSIZE(").trim_end_matches(')'),
            )
            .unwrap_or(1);
            if n > 256 {
                return None;
            }
            let n = n.max(0) as usize;
            let mut ptrs = GuardBuf::new(n.max(1) * 8, 8)?;
            let mut texts = Vec::new();
            for k in 0..n {
                let mut s = if cmd.name.contains("Shader") {
                    source(rng)
                } else {
                    string(rng)
                };
                strings.push(s.len());
                s.push(0);
                let mut b = GuardBuf::new(s.len(), 1)?;
                b.bytes().copy_from_slice(&s);
                b.protect_read_only();
                ptrs.bytes()[k * 8..k * 8 + 8].copy_from_slice(&(b.ptr() as u64).to_ne_bytes());
                texts.push(b);
            }
            call.notes[i] = Some(format!("strings[{n}]"));
            call.args[i] = ptrs.ptr() as u64;
            ptrs.protect_read_only();
            call.bufs.push(ptrs);
            call.bufs.extend(texts);
            string_array = true;
            continue;
        }
        if string_array && p.name == "length" && p.konst {
            // Lengths of the strings above: NULL, or each -1 or at most its
            // string's length.
            if rng.chance(30) {
                call.args[i] = 0;
                continue;
            }
            let mut b = GuardBuf::new(strings.len().max(1) * 4, 4)?;
            for (k, &n) in strings.iter().enumerate() {
                let l: i32 = match rng.below(3) {
                    0 => -1,
                    1 => n as i32,
                    _ => rng.below(n as u64 + 1) as i32,
                };
                b.bytes()[k * 4..k * 4 + 4].copy_from_slice(&l.to_ne_bytes());
            }
            b.protect_read_only();
            call.args[i] = b.ptr() as u64;
            call.bufs.push(b);
            continue;
        }
        if p.depth == 2 && p.konst && p.elem == Ty::Void {
            // glMultiDrawElements* indices: one index array per draw.
            let n = value_of(cmd, &call.args, "drawcount").unwrap_or(0);
            if n > 256 {
                return None;
            }
            if n < 0 {
                let b = GuardBuf::new(16, 8)?;
                call.args[i] = b.ptr() as u64;
                call.bufs.push(b);
                continue;
            }
            let counts: Vec<i32> = match cmd.params.iter().position(|q| q.name == "count") {
                Some(ci) if call.args[ci] != 0 => {
                    let ptr = call.args[ci] as *const i32;
                    // SAFETY: the count array was made above with `drawcount`
                    // elements.
                    (0..n as usize).map(|k| unsafe { *ptr.add(k) }).collect()
                }
                _ => vec![0; n as usize],
            };
            let per = match value_of(cmd, &call.args, "type").unwrap_or(0) as u32 {
                0x1401 => 1,
                0x1403 => 2,
                _ => 4,
            };
            let mut ptrs = GuardBuf::new((n as usize).max(1) * 8, 8)?;
            let mut idx = Vec::new();
            for (k, &c) in counts.iter().enumerate() {
                let mut b = GuardBuf::new(c.max(0) as usize * per, per)?;
                let mut tmp = Rng::new(rng.next());
                for x in b.bytes().iter_mut() {
                    *x = tmp.below(8) as u8;
                }
                ptrs.bytes()[k * 8..k * 8 + 8].copy_from_slice(&(b.ptr() as u64).to_ne_bytes());
                idx.push(b);
            }
            call.args[i] = ptrs.ptr() as u64;
            call.notes[i] = Some(format!("indices[{n}]"));
            call.bufs.push(ptrs);
            call.bufs.extend(idx);
            continue;
        }
        // Index data: with an element array buffer bound, `indices` is an
        // offset into it (of the draw commands only: glUniformSubroutinesuiv's
        // `indices` are client memory).
        if p.name == "indices"
            && p.depth == 1
            && cmd.name.contains("Elements")
            && st.get_int(0x8895) != 0
        {
            call.args[i] = *rng.pick(&[0u64, 2, 4, 64]);
            call.notes[i] = Some(format!("offset {}", call.args[i]));
            continue;
        }
        // Everything else: an array of `len` elements.
        let elem = if p.depth >= 2 { 8 } else { p.elem.size() };
        let count: i64 = if let Some(b) = len.strip_prefix("INDIRECT(") {
            let per: i64 = b.trim_end_matches(')').parse().unwrap_or(20);
            let n = value_of(cmd, &call.args, "drawcount")
                .or_else(|| value_of(cmd, &call.args, "maxdrawcount"))
                .unwrap_or(1)
                .max(1);
            let stride = value_of(cmd, &call.args, "stride").unwrap_or(0).max(per);
            n.saturating_mul(stride)
        } else if len.starts_with("COMPSIZE") || len.is_empty() {
            match compsize(cmd, p, &call.args, len, st) {
                Some(n) => n.min(i64::MAX as u64) as i64,
                None => 4,
            }
        } else {
            eval_len(cmd, &call.args, len).unwrap_or(64)
        };
        let count = if count < 0 { 4 } else { count };
        let mut bytes = (count as u128) * (elem as u128);
        if bytes > MAX_BUF as u128 {
            if cmd.name.starts_with("glUniform") || cmd.name.starts_with("glProgramUniform") {
                call.truncated = true;
                bytes = MAX_BUF as u128;
            } else {
                return None;
            }
        }
        if zero && p.konst && bytes == 0 {
            bytes = 16;
        }
        // Null where the specification allows it: no data for a texture
        // image or a buffer's store.
        let nullable = p.konst
            && (cmd.name.contains("TexImage")
                || cmd.name.contains("BufferData")
                || cmd.name.contains("BufferStorage"))
            && matches!(p.name, "data" | "pixels");
        if nullable && rng.chance(40) {
            call.args[i] = 0;
            continue;
        }
        let mut buf = GuardBuf::new(bytes as usize, elem.min(8))?;
        if p.konst {
            fill(rng, pools, p, &mut buf, cmd);
            if !call.retain {
                buf.protect_read_only();
            }
        } else {
            let n = buf.len().min(4096);
            buf.bytes()[..n].fill(0xCD);
            if call.harvest.is_none() {
                call.harvest = harvest_class(cmd).map(|c| (c, call.bufs.len(), count as usize));
            }
        }
        call.notes[i] = Some(format!(
            "{}[{}B]",
            if p.konst { "in" } else { "out" },
            bytes
        ));
        call.args[i] = buf.ptr() as u64;
        call.bufs.push(buf);
    }
    call.must_fail = certain_error(cmd, &call.args);
    Some(call)
}

/// The class of the names a glGen*/glCreate* command writes.
fn harvest_class(cmd: &Cmd) -> Option<&'static str> {
    let name = cmd.name;
    let rest = name
        .strip_prefix("glGen")
        .or_else(|| name.strip_prefix("glCreate"))?;
    Some(match rest {
        "Buffers" => "buffer",
        "Textures" => "texture",
        "Queries" => "query",
        "Framebuffers" => "framebuffer",
        "Renderbuffers" => "renderbuffer",
        "Samplers" => "sampler",
        "TransformFeedbacks" => "transform feedback",
        "VertexArrays" => "vertex array",
        "ProgramPipelines" => "program pipeline",
        _ => return None,
    })
}

/// The class of the object a command returns (glCreateProgram, ...).
pub fn returned_class(name: &str) -> Option<&'static str> {
    Some(match name {
        "glCreateProgram" | "glCreateShaderProgramv" => "program",
        "glCreateShader" => "shader",
        "glFenceSync" => "sync",
        "glGenLists" => "display list",
        "glGetUniformLocation" | "glGetAttribLocation" | "glGetFragDataLocation" => "location",
        _ => return None,
    })
}

/// Why these arguments certainly make the GL record an error: a value that
/// is no GL enum at all where an enum is required, a negative count or size
/// where the specification says INVALID_VALUE.
fn certain_error(cmd: &Cmd, args: &[u64]) -> Option<String> {
    for (i, p) in cmd.params.iter().enumerate() {
        // glFramebufferTexture*D ignore textarget when detaching (texture 0),
        // as Mesa does.
        if p.name == "textarget" && value_of(cmd, args, "texture") == Some(0) {
            continue;
        }
        // The *Range commands ignore offset and size when unbinding
        // (buffer 0), e.g. glTexBufferRange (GL 4.6 §8.9).
        if cmd.name.contains("Range")
            && matches!(p.name, "offset" | "size")
            && value_of(cmd, args, "buffer") == Some(0)
        {
            continue;
        }
        match p.base {
            "GLenum" if p.depth == 0 && !api::is_enum(args[i] as u32) => {
                return Some(format!("{} = {:#x} is no GL enum", p.name, args[i] as u32));
            }
            "GLsizei" if p.depth == 0 && p.name != "length" && (args[i] as i32) < 0 => {
                return Some(format!("{} = {} < 0", p.name, args[i] as i32));
            }
            "GLsizeiptr" | "GLintptr" if p.depth == 0 && (args[i] as i64) < 0 => {
                return Some(format!("{} = {} < 0", p.name, args[i] as i64));
            }
            _ => {}
        }
    }
    None
}

fn printable(s: &[u8]) -> String {
    let mut out = String::new();
    for &b in s.iter().take(24) {
        if b.is_ascii_graphic() || b == b' ' {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    if s.len() > 24 {
        let _ = write!(out, "...({}B)", s.len());
    }
    out
}

/// One argument for the log.
pub fn show(p: &Param, raw: u64, note: Option<&String>) -> String {
    if let Some(n) = note {
        return n.clone();
    }
    match p.ty {
        Ty::F32 => format!("{:?}", f32::from_bits(raw as u32)),
        Ty::F64 => format!("{:?}", f64::from_bits(raw)),
        Ty::Ptr => {
            if raw == 0 {
                "NULL".into()
            } else {
                format!("{raw:#x}")
            }
        }
        _ if p.base == "GLenum" => match api::enum_name(raw as u32) {
            Some(n) => n.to_string(),
            None => format!("{:#x}", raw as u32),
        },
        _ if p.base == "GLbitfield" => format!("{:#x}", raw as u32),
        Ty::I8 => format!("{}", raw as i8),
        Ty::I16 => format!("{}", raw as i16),
        Ty::I32 => format!("{}", raw as i32),
        Ty::I64 | Ty::Isize => format!("{}", raw as i64),
        Ty::U8 | Ty::U16 | Ty::U32 => format!("{}", raw as u32),
        _ => format!("{raw}"),
    }
}

/// The debug callback the fuzzer installs: reads the message as the
/// specification describes it (`length` bytes, NUL-terminated).
pub extern "C" fn debug_callback(
    _source: u32,
    _ty: u32,
    _id: u32,
    _severity: u32,
    length: i32,
    message: *const i8,
    _user: *const core::ffi::c_void,
) {
    if message.is_null() {
        return;
    }
    // SAFETY: the GL passes a NUL-terminated message of `length` characters;
    // reading it is the check.
    unsafe {
        let n = libc::strlen(message);
        if length >= 0 && n != length as usize {
            eprintln!("oxgl-fuzz-gl: debug message length {length} but strlen {n}");
        }
    }
}
