//! `fuzz-gl/src/generated/api.rs`: what the GL API fuzzer (`fuzz-gl/`) knows
//! about every GL 1.0–4.6 command (compatibility profile): its parameters with
//! gl.xml's `group`, `class` and `len` attributes, and a typed call thunk that
//! calls a `dlsym`ed entry point with arguments held as raw 64-bit words. Also
//! the enum groups those parameters name and every GL enum value.
//!
//! gl.xml is read here directly (not through `Registry`), because only this
//! emitter needs the `group`, `class` and `len` attributes. Thunks are shared
//! by every command of one C signature (a few hundred for ~1,000 commands).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::header;
use crate::Error;
use crate::ctype::CDecl;

/// A value's machine type, as the fuzzer's `Ty` spells it.
fn value_ty(base: &str) -> Option<&'static str> {
    Some(match base {
        "GLboolean" | "GLubyte" => "U8",
        "GLbyte" | "GLchar" | "GLcharARB" | "char" => "I8",
        "GLshort" => "I16",
        "GLushort" | "GLhalf" | "GLhalfARB" | "GLhalfNV" => "U16",
        "GLint" | "GLsizei" | "GLclampx" | "GLfixed" | "int" => "I32",
        "GLenum" | "GLuint" | "GLbitfield" | "GLhandleARB" | "unsigned int" => "U32",
        "GLint64" | "GLint64EXT" => "I64",
        "GLuint64" | "GLuint64EXT" => "U64",
        "GLintptr" | "GLintptrARB" | "GLsizeiptr" | "GLsizeiptrARB" | "GLvdpauSurfaceNV"
        | "long" => "Isize",
        "unsigned long" => "Usize",
        "GLfloat" | "GLclampf" => "F32",
        "GLdouble" | "GLclampd" => "F64",
        "GLsync"
        | "GLeglClientBufferEXT"
        | "GLeglImageOES"
        | "GLDEBUGPROC"
        | "GLDEBUGPROCARB"
        | "GLDEBUGPROCKHR"
        | "GLDEBUGPROCAMD"
        | "GLVULKANPROCNV" => "Ptr",
        "void" | "struct _cl_context" | "struct _cl_event" => "Void",
        _ => return None,
    })
}

/// The Rust type a thunk declares for a `Ty`.
fn rust_ty(ty: &str) -> &'static str {
    match ty {
        "U8" => "u8",
        "I8" => "i8",
        "I16" => "i16",
        "U16" => "u16",
        "I32" => "i32",
        "U32" => "u32",
        "I64" => "i64",
        "U64" => "u64",
        "Isize" => "isize",
        "Usize" => "usize",
        "F32" => "f32",
        "F64" => "f64",
        _ => "*mut c_void",
    }
}

/// `a[i]` converted to the Rust type of `ty`.
fn arg_expr(ty: &str, i: usize) -> String {
    match ty {
        "F32" => format!("f32::from_bits(a[{i}] as u32)"),
        "F64" => format!("f64::from_bits(a[{i}])"),
        "Ptr" => format!("a[{i}] as usize as *mut c_void"),
        t => format!("a[{i}] as {}", rust_ty(t)),
    }
}

/// The returned value `r` as a `u64` word.
fn ret_expr(ty: &str) -> &'static str {
    match ty {
        "Void" => "{ f(ARGS); 0 }",
        "F32" => "f(ARGS).to_bits() as u64",
        "F64" => "f(ARGS).to_bits()",
        "Ptr" => "f(ARGS) as usize as u64",
        _ => "f(ARGS) as u64",
    }
}

struct Param {
    name: String,
    base: String,
    /// `Ty` of the value itself (`Ptr` for any pointer).
    ty: &'static str,
    /// `Ty` of the pointee's base type (pointers only).
    elem: &'static str,
    depth: usize,
    /// Whether the outermost pointee is const (the GL only reads it).
    konst: bool,
    group: String,
    class: String,
    len: String,
}

struct Cmd {
    name: String,
    ret: &'static str,
    params: Vec<Param>,
}

fn decl(node: roxmltree::Node) -> Result<(String, CDecl), Error> {
    let mut name = None;
    let mut ty = String::new();
    for child in node.children() {
        if child.has_tag_name("name") {
            name = child.text().map(str::to_owned);
        } else if let Some(text) = child.text() {
            ty.push(' ');
            ty.push_str(text);
        }
    }
    let name = name.ok_or_else(|| Error::new("gl.xml: <param>/<proto> without <name>"))?;
    let d = CDecl::parse(&ty).map_err(|e| Error::new(format!("gl.xml: {name}: {e}")))?;
    Ok((name, d))
}

fn ty_of(d: &CDecl, what: &str) -> Result<(&'static str, &'static str), Error> {
    let base = value_ty(&d.base)
        .ok_or_else(|| Error::new(format!("{what}: no fuzzer type for `{}`", d.base)))?;
    if d.ptrs.is_empty() {
        Ok((base, base))
    } else {
        Ok(("Ptr", base))
    }
}

fn parse_value(v: &str) -> Option<u64> {
    if let Some(hex) = v.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok()
    } else if let Some(neg) = v.strip_prefix('-') {
        neg.parse::<i64>().ok().map(|n| (-n) as u64)
    } else {
        v.parse::<u64>().ok()
    }
}

pub fn emit(xml: &str) -> Result<String, Error> {
    let doc = roxmltree::Document::parse(xml).map_err(|e| Error::new(format!("gl.xml: {e}")))?;
    let root = doc.root_element();

    // Commands of GL 1.0-4.6, compatibility profile (nothing removed).
    let mut wanted = BTreeSet::new();
    for f in root.children().filter(|n| n.has_tag_name("feature")) {
        if f.attribute("api") != Some("gl") {
            continue;
        }
        for r in f.children().filter(|n| n.has_tag_name("require")) {
            for c in r.children().filter(|n| n.has_tag_name("command")) {
                if let Some(name) = c.attribute("name") {
                    wanted.insert(name.to_owned());
                }
            }
        }
    }

    let mut cmds = Vec::new();
    for block in root.children().filter(|n| n.has_tag_name("commands")) {
        for c in block.children().filter(|n| n.has_tag_name("command")) {
            let proto = c
                .children()
                .find(|n| n.has_tag_name("proto"))
                .ok_or_else(|| Error::new("gl.xml: <command> without <proto>"))?;
            let (name, ret) = decl(proto)?;
            if !wanted.contains(&name) {
                continue;
            }
            let (ret_ty, _) = ty_of(&ret, &name)?;
            let ret_ty = if ret_ty == "Void" { "Void" } else { ret_ty };
            let mut params = Vec::new();
            for p in c.children().filter(|n| n.has_tag_name("param")) {
                let (pname, d) = decl(p)?;
                let (ty, elem) = ty_of(&d, &format!("{name} {pname}"))?;
                let konst = match d.ptrs.len() {
                    0 => false,
                    1 => d.base_const,
                    n => d.ptrs[n - 2],
                };
                params.push(Param {
                    name: pname,
                    base: d.base.clone(),
                    ty,
                    elem,
                    depth: d.ptrs.len(),
                    konst,
                    group: p.attribute("group").unwrap_or("").to_owned(),
                    class: p.attribute("class").unwrap_or("").to_owned(),
                    len: p.attribute("len").unwrap_or("").to_owned(),
                });
            }
            cmds.push(Cmd {
                name,
                ret: ret_ty,
                params,
            });
        }
    }
    cmds.sort_by(|a, b| a.name.cmp(&b.name));
    if cmds.len() != wanted.len() {
        return Err(Error::new("gl.xml: a GL 1.0-4.6 command has no <command>"));
    }

    // Enums: every value (for "is this any GL enum"), groups, one name each.
    let mut groups: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    let mut names: BTreeMap<u32, String> = BTreeMap::new();
    for block in root.children().filter(|n| n.has_tag_name("enums")) {
        for e in block.children().filter(|n| n.has_tag_name("enum")) {
            if e.attribute("api").is_some_and(|a| a != "gl") {
                continue;
            }
            let (Some(name), Some(value)) = (e.attribute("name"), e.attribute("value")) else {
                continue;
            };
            let Some(v) = parse_value(value).and_then(|v| u32::try_from(v).ok()) else {
                continue;
            };
            for g in e.attribute("group").unwrap_or("").split(',') {
                if !g.is_empty() {
                    groups.entry(g.to_owned()).or_default().insert(v);
                }
            }
            let better = match names.get(&v) {
                None => true,
                Some(old) => name.len() < old.len(),
            };
            if better {
                names.insert(v, name.to_owned());
            }
        }
    }
    let used: BTreeSet<&str> = cmds
        .iter()
        .flat_map(|c| c.params.iter())
        .map(|p| p.group.as_str())
        .filter(|g| !g.is_empty())
        .collect();

    // One thunk per signature.
    let mut sigs: BTreeMap<String, usize> = BTreeMap::new();
    let sig_key = |c: &Cmd| {
        let mut k = c.ret.to_owned();
        for p in &c.params {
            k.push('_');
            k.push_str(p.ty);
        }
        k
    };
    for c in &cmds {
        let n = sigs.len();
        sigs.entry(sig_key(c)).or_insert(n);
    }

    let mut s = header(
        "glapi/xml/gl.xml",
        "The GL API fuzzer's view of GL 1.0-4.6 (compatibility profile): every\n\
         command with its parameters' gl.xml attributes and a typed call thunk,\n\
         the enum groups those parameters name, every GL enum value and a name\n\
         for each. Made by glapi/gen/src/emit/fuzz.rs.",
    );
    s.push_str(
        "#![allow(\n    \
             clippy::unnecessary_cast,\n    \
             clippy::missing_safety_doc,\n    \
             reason = \"generated: one cast per argument whatever its type\"\n\
         )]\n\n\
         use core::ffi::c_void;\n\n\
         use crate::api::{Cmd, Param, Ty};\n",
    );

    // Thunks, in signature-number order.
    let mut by_num: Vec<(&String, &usize)> = sigs.iter().collect();
    by_num.sort_by_key(|(_, n)| **n);
    for (key, n) in by_num {
        let mut parts = key.split('_');
        let ret = parts.next().unwrap_or("Void");
        let tys: Vec<&str> = parts.collect();
        let fn_params = tys
            .iter()
            .map(|t| rust_ty(t))
            .collect::<Vec<_>>()
            .join(", ");
        let fn_ret = if ret == "Void" {
            String::new()
        } else {
            format!(" -> {}", rust_ty(ret))
        };
        let args = tys
            .iter()
            .enumerate()
            .map(|(i, t)| arg_expr(t, i))
            .collect::<Vec<_>>()
            .join(", ");
        let call = ret_expr(ret).replace("ARGS", &args);
        let a = if tys.is_empty() { "_a" } else { "a" };
        write!(
            s,
            "\n/// `{key}`\n\
             unsafe fn sig{n}(f: *const c_void, {a}: &[u64]) -> u64 {{\n    \
                 // SAFETY: the caller passes an entry point of this signature.\n    \
                 let f: unsafe extern \"C\" fn({fn_params}){fn_ret} = unsafe {{ core::mem::transmute(f) }};\n    \
                 // SAFETY: the arguments are what the caller chose for this command.\n    \
                 unsafe {{ {call} }}\n\
             }}\n"
        )?;
    }

    s.push_str(
        "\n/// Every GL 1.0-4.6 command, sorted by name.\npub static COMMANDS: &[Cmd] = &[\n",
    );
    for c in &cmds {
        write!(
            s,
            "    Cmd {{\n        name: \"{}\",\n        ret: Ty::{},\n        thunk: sig{},\n        params: &[",
            c.name,
            c.ret,
            sigs[&sig_key(c)]
        )?;
        if c.params.is_empty() {
            s.push_str("],\n    },\n");
            continue;
        }
        s.push('\n');
        for p in &c.params {
            writeln!(
                s,
                "            Param {{ name: \"{}\", base: \"{}\", ty: Ty::{}, elem: Ty::{}, depth: {}, konst: {}, group: \"{}\", class: \"{}\", len: \"{}\" }},",
                p.name, p.base, p.ty, p.elem, p.depth, p.konst, p.group, p.class, p.len
            )?;
        }
        s.push_str("        ],\n    },\n");
    }
    s.push_str("];\n");

    s.push_str(
        "\n/// The enum groups the commands' parameters name, sorted by name, each\n\
         /// with its values in ascending order.\n\
         pub static GROUPS: &[(&str, &[u32])] = &[\n",
    );
    for g in &used {
        let values = groups.get(*g).map(|v| {
            v.iter()
                .map(|x| format!("{x:#x}"))
                .collect::<Vec<_>>()
                .join(", ")
        });
        writeln!(s, "    (\"{g}\", &[{}]),", values.unwrap_or_default())?;
    }
    s.push_str("];\n");

    s.push_str(
        "\n/// Every 32-bit value of gl.xml's GL enums in ascending order, with its\n\
         /// shortest name.\npub static ENUMS: &[(u32, &str)] = &[\n",
    );
    for (v, n) in &names {
        writeln!(s, "    ({v:#x}, \"{n}\"),")?;
    }
    s.push_str("];\n");
    Ok(s)
}
