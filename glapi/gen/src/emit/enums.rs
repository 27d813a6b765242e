//! `enums.rs`, `glx_enums.rs`, `egl_enums.rs`: every integer enumerant of a
//! registry as a typed `pub const`, each name once, in document order.
//!
//! The type is the one C gives the token where it matters: `GLenum`, except
//! `GLbitfield` for bitmask groups, `GLuint`/`GLuint64` where the registry tags
//! the value `u`/`ull`, and `GLint` for negative values; GLX attributes are
//! `int`; EGL tokens are `EGLint`.

use std::collections::HashMap;
use std::fmt::Write;

use super::header;
use crate::Error;
use crate::registry::{Enum, Registry};

fn parse_int(v: &str) -> Option<i128> {
    let (neg, digits) = match v.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, v),
    };
    let n = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None => digits.parse::<i128>().ok()?,
    };
    Some(if neg { -n } else { n })
}

fn fits(v: i128, min: i128, max: i128) -> bool {
    (min..=max).contains(&v)
}

/// For each name, the index (into `reg.enums`) of the definition to emit:
/// among the definitions whose api `keep` accepts, one with `api="gl"` wins,
/// else the first.
fn chosen(reg: &Registry, keep: impl Fn(&Enum) -> bool) -> HashMap<&str, usize> {
    let mut chosen: HashMap<&str, usize> = HashMap::new();
    for (i, e) in reg.enums.iter().enumerate() {
        if !keep(e) {
            continue;
        }
        chosen
            .entry(&e.name)
            .and_modify(|c| {
                if e.api.as_deref() == Some("gl") && reg.enums[*c].api.as_deref() != Some("gl") {
                    *c = i;
                }
            })
            .or_insert(i);
    }
    chosen
}

/// Emits the chosen enums; `ty` returns the Rust type and literal of one, or
/// `None` to leave it out (listed at the end of the file).
fn emit(
    reg: &Registry,
    source: &str,
    doc: &str,
    uses: &str,
    keep: impl Fn(&Enum) -> bool,
    ty: impl Fn(&Enum) -> Result<Option<(&'static str, String)>, Error>,
) -> Result<String, Error> {
    let chosen = chosen(reg, keep);
    let mut s = header(source, doc);
    s.push_str(
        "#![allow(non_upper_case_globals, reason = \"generated: names as the registry spells them (GL_FLOAT_MAT2x3)\")]\n\n",
    );
    if !uses.is_empty() {
        s.push_str(uses);
        s.push('\n');
    }
    let mut skipped = Vec::new();
    for (i, e) in reg.enums.iter().enumerate() {
        if chosen.get(e.name.as_str()) != Some(&i) {
            continue;
        }
        match ty(e)? {
            Some((t, lit)) => writeln!(s, "pub const {}: {t} = {lit};", e.name)?,
            None => skipped.push(format!("{} = {}", e.name, e.value)),
        }
    }
    if !skipped.is_empty() {
        s.push_str("\n// Not integer constants, not emitted:\n");
        for k in skipped {
            writeln!(s, "//   {k}")?;
        }
    }
    Ok(s)
}

fn bad(e: &Enum, file: &str) -> Error {
    Error::new(format!(
        "{file}: {} = {}: no Rust type fits",
        e.name, e.value
    ))
}

pub fn gl(reg: &Registry) -> Result<String, Error> {
    emit(
        reg,
        "glapi/xml/gl.xml",
        "Every GL enumerant of gl.xml (GL, GL ES 1 and 2+ and all extensions).",
        "use crate::types::*;\n",
        |e| matches!(e.api.as_deref(), None | Some("gl" | "gles1" | "gles2")),
        |e| {
            let v = parse_int(&e.value).ok_or_else(|| bad(e, "gl.xml"))?;
            let t = match e.ty.as_deref() {
                Some("ull") if fits(v, 0, u64::MAX.into()) => "GLuint64",
                Some("u") if fits(v, 0, u32::MAX.into()) => "GLuint",
                None if fits(v, i32::MIN.into(), -1) => "GLint",
                None if e.bitmask && fits(v, 0, u32::MAX.into()) => "GLbitfield",
                None if fits(v, 0, u32::MAX.into()) => "GLenum",
                _ => return Err(bad(e, "gl.xml")),
            };
            Ok(Some((t, e.value.clone())))
        },
    )
}

pub fn glx(reg: &Registry) -> Result<String, Error> {
    emit(
        reg,
        "glapi/xml/glx.xml",
        "Every GLX token of glx.xml. Attributes are C `int` (`i32`); the few values\n\
         beyond `i32::MAX` (`GLX_DONT_CARE`) are `u32`, as C types the literal.",
        "",
        |_| true,
        |e| {
            let Some(v) = parse_int(&e.value) else {
                return Ok(None);
            };
            let t = match e.ty.as_deref() {
                Some("ull") if fits(v, 0, u64::MAX.into()) => "u64",
                None if fits(v, i32::MIN.into(), i32::MAX.into()) => "i32",
                None | Some("u") if fits(v, 0, u32::MAX.into()) => "u32",
                _ => return Err(bad(e, "glx.xml")),
            };
            Ok(Some((t, e.value.clone())))
        },
    )
}

pub fn egl(reg: &Registry) -> Result<String, Error> {
    emit(
        reg,
        "glapi/xml/egl.xml",
        "Every integer EGL token of egl.xml, as `EGLint` (`u64` for the 64-bit\n\
         timeouts). `EGL_CAST(T, v)` values are emitted when `T` is an integer\n\
         type; handle casts (`EGL_NO_CONTEXT`, ...) are null pointers and left out.",
        "use crate::types::*;\n",
        |_| true,
        |e| {
            if let Some(cast) = e.value.strip_prefix("EGL_CAST(") {
                let (cty, v) = cast
                    .strip_suffix(')')
                    .and_then(|c| c.split_once(','))
                    .ok_or_else(|| bad(e, "egl.xml"))?;
                let t = match cty.trim() {
                    "EGLint" => "EGLint",
                    "EGLNativeFileDescriptorKHR" => "i32",
                    "EGLnsecsANDROID" => "i64",
                    _ => return Ok(None),
                };
                let v = v.trim();
                parse_int(v).ok_or_else(|| bad(e, "egl.xml"))?;
                return Ok(Some((t, v.to_owned())));
            }
            let v = parse_int(&e.value).ok_or_else(|| bad(e, "egl.xml"))?;
            let t = match e.ty.as_deref() {
                Some("ull") if fits(v, 0, u64::MAX.into()) => "u64",
                None if fits(v, i32::MIN.into(), i32::MAX.into()) => "EGLint",
                _ => return Err(bad(e, "egl.xml")),
            };
            Ok(Some((t, e.value.clone())))
        },
    )
}
