//! libGL's exported entry points.
//!
//! `stubs.rs`: one `#[no_mangle]` function per GL command that forwards its
//! arguments to the current context's `Dispatch` entry and nothing else (it is
//! the hot path of every GL call), plus `stub_address`, which reads the stubs'
//! addresses out of a `Dispatch` built from them, so the compiler checks every
//! stub's signature against its slot.
//!
//! `egl_stubs.rs`: the EGL 1.0-1.5 commands not listed in
//! `glapi/gen/custom_egl.txt`, each reporting itself through
//! `crate::egl::unimplemented` and returning zero.

use std::fmt::Write;

use super::{GlApi, ffi_use, field_name, header, params, ret, ret_zero, winsys};
use crate::Error;
use crate::registry::{Command, Registry};

pub fn gl(gl: &GlApi) -> Result<String, Error> {
    let mut s = header(
        "glapi/xml/gl.xml",
        "The exported GL entry points of libGL: each forwards to the current\n\
         context's dispatch table.",
    );
    s.push_str(
        "#![allow(\n    \
             non_snake_case,\n    \
             clippy::missing_safety_doc,\n    \
             clippy::too_many_arguments,\n    \
             reason = \"generated: C entry points with the registry's names and contracts\"\n\
         )]\n\n",
    );
    s.push_str(&ffi_use(gl.commands.iter().copied(), &["c_void"]));
    s.push_str("use oxgl_glapi::types::*;\n");
    for c in &gl.commands {
        let params = params(c)?;
        let decl = params
            .iter()
            .map(|(n, t)| format!("{n}: {t}"))
            .collect::<Vec<_>>()
            .join(", ");
        let args = params
            .iter()
            .map(|(n, _)| n.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        write!(
            s,
            "\n#[unsafe(no_mangle)]\n\
             pub unsafe extern \"C\" fn {}({decl}){} {{\n    \
                 // SAFETY: forwards the caller's arguments unchanged to the current context's table entry, which has this command's signature.\n    \
                 unsafe {{ (crate::dispatch::current().{})({args}) }}\n\
             }}\n",
            c.name,
            ret(c)?,
            field_name(c)?
        )?;
    }

    s.push_str(
        "\n/// The stubs above as a dispatch table: the address of slot `i`'s stub is\n\
         /// `STUBS.slots()[i]`, the same address `dlsym` finds for its name.\n\
         static STUBS: oxgl_glapi::Dispatch = oxgl_glapi::Dispatch {\n",
    );
    for c in &gl.commands {
        writeln!(s, "    {}: {},", field_name(c)?, c.name)?;
    }
    s.push_str(
        "};\n\n\
         /// The address of the exported stub of command `slot` (for\n\
         /// `glXGetProcAddress`). Panics if `slot >= oxgl_glapi::NUM_COMMANDS`.\n\
         pub fn stub_address(slot: usize) -> *const c_void {\n    \
             STUBS.slots()[slot]\n\
         }\n",
    );
    Ok(s)
}

pub fn egl(egl: &Registry, custom: &[String]) -> Result<String, Error> {
    let all = winsys::egl_1_5(egl)?;
    for name in custom {
        if !all.contains(name.as_str()) {
            return Err(Error::new(format!(
                "glapi/gen/custom_egl.txt: {name} is not an EGL 1.5 command"
            )));
        }
    }
    let commands: Vec<&Command> = all
        .iter()
        .filter(|n| !custom.iter().any(|c| c == *n))
        .map(|n| {
            egl.commands
                .iter()
                .find(|c| c.name == *n)
                .ok_or_else(|| Error::new(format!("egl.xml: {n} is required but not defined")))
        })
        .collect::<Result<_, _>>()?;

    let mut s = header(
        "glapi/xml/egl.xml and glapi/gen/custom_egl.txt",
        "Exported EGL 1.5 entry points that are not written by hand (those are listed\n\
         in glapi/gen/custom_egl.txt): each checks its display, fails with the error\n\
         EGL gives for an unsupported object and returns zero.",
    );
    if commands.is_empty() {
        s.push_str(
            "\nuse core::ffi::c_void;\n\n\
             /// No generated EGL stubs: every EGL 1.5 command is written by hand.\n\
             pub fn egl_stub_address(_name: &[u8]) -> Option<*const c_void> {\n    \
                 None\n\
             }\n",
        );
        return Ok(s);
    }
    s.push_str(
        "#![allow(\n    \
             clippy::missing_safety_doc,\n    \
             reason = \"generated: C entry points with the registry's contracts\"\n\
         )]\n\n",
    );
    s.push_str(&ffi_use(commands.iter().copied(), &["c_void"]));
    s.push_str("use oxgl_glapi::types::*;\n");
    for c in &commands {
        let decl = params(c)?
            .iter()
            .map(|(n, t)| format!("_{n}: {t}"))
            .collect::<Vec<_>>()
            .join(", ");
        // The display, when the command takes one: its checks come first.
        let dpy = if params(c)?.iter().any(|(n, _)| n == "dpy") {
            "_dpy"
        } else {
            "core::ptr::null_mut()"
        };
        write!(
            s,
            "\n#[unsafe(no_mangle)]\n\
             pub unsafe extern \"C\" fn {}({decl}){} {{\n    \
                 crate::egl::unimplemented(c\"{}\", {dpy});\n",
            c.name,
            ret(c)?,
            c.name
        )?;
        if let Some(zero) = ret_zero(c)? {
            writeln!(s, "    {zero}")?;
        }
        s.push_str("}\n");
    }
    s.push_str(
        "\n/// The address of the generated stub named `name` (`b\"eglBindAPI\"`), if it\n\
         /// is one of this file's.\n\
         pub fn egl_stub_address(name: &[u8]) -> Option<*const c_void> {\n    \
             let f: *const c_void = match name {\n",
    );
    for c in &commands {
        writeln!(s, "        b\"{0}\" => {0} as *const c_void,", c.name)?;
    }
    s.push_str("        _ => return None,\n    };\n    Some(f)\n}\n");
    Ok(s)
}
