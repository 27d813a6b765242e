//! `glx.rs` and `egl.rs`: the command names of the window-system APIs, by
//! version and (for GLX) by extension.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::{header, lines_list};
use crate::Error;
use crate::registry::Registry;

/// The sorted names of every command the features of `api` up to `max`
/// require. `<remove>` blocks are not expected in GLX or EGL.
fn versions_up_to<'r>(
    reg: &'r Registry,
    file: &str,
    api: &str,
    max: (u8, u8),
) -> Result<BTreeSet<&'r str>, Error> {
    let mut names = BTreeSet::new();
    for f in reg.features.iter().filter(|f| f.api == api) {
        let v = f
            .number
            .split_once('.')
            .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)))
            .ok_or_else(|| Error::new(format!("{file}: {}: bad number", f.name)))?;
        if v > max {
            continue;
        }
        for b in &f.blocks {
            if b.remove {
                return Err(Error::new(format!(
                    "{file}: {}: unexpected <remove>",
                    f.name
                )));
            }
            names.extend(b.commands.iter().map(String::as_str));
        }
    }
    if reg
        .feature(&format!(
            "{}_VERSION_{}_{}",
            api.to_uppercase(),
            max.0,
            max.1
        ))
        .is_none()
    {
        return Err(Error::new(format!(
            "{file}: no {api} {}.{} feature",
            max.0, max.1
        )));
    }
    Ok(names)
}

fn quoted<'a>(names: impl IntoIterator<Item = &'a str>) -> impl Iterator<Item = String> {
    names.into_iter().map(|n| format!("\"{n}\""))
}

pub fn glx(reg: &Registry) -> Result<String, Error> {
    let mut s = header("glapi/xml/glx.xml", "GLX command names from glx.xml.");
    s.push_str(
        "\n/// Every command of GLX 1.0 to 1.4 (`GLX_VERSION_1_0`..`GLX_VERSION_1_4`), sorted.\n",
    );
    lines_list(
        &mut s,
        "pub static GLX_1_4_COMMANDS: &[&str] = &[",
        quoted(versions_up_to(reg, "glx.xml", "glx", (1, 4))?),
        "];\n",
        0,
    )?;
    s.push_str(
        "\n/// The commands of each GLX extension that has any, by extension name; both\n\
         /// levels sorted.\n\
         pub static GLX_EXTENSION_COMMANDS: &[(&str, &[&str])] = &[\n",
    );
    let mut exts: Vec<(&str, BTreeSet<&str>)> = reg
        .extensions
        .iter()
        .map(|x| {
            let cmds = x
                .blocks
                .iter()
                .flat_map(|b| b.commands.iter().map(String::as_str));
            (x.name.as_str(), cmds.collect())
        })
        .filter(|(_, cmds): &(&str, BTreeSet<&str>)| !cmds.is_empty())
        .collect();
    exts.sort();
    for (name, cmds) in exts {
        write!(s, "    (\"{name}\", ")?;
        lines_list(&mut s, "&[", quoted(cmds), "]),\n", 4)?;
    }
    s.push_str("];\n");
    Ok(s)
}

pub fn egl(reg: &Registry) -> Result<String, Error> {
    let mut s = header("glapi/xml/egl.xml", "EGL command names from egl.xml.");
    s.push_str(
        "\n/// Every command of EGL 1.0 to 1.5 (`EGL_VERSION_1_0`..`EGL_VERSION_1_5`), sorted.\n",
    );
    lines_list(
        &mut s,
        "pub static EGL_1_5_COMMANDS: &[&str] = &[",
        quoted(versions_up_to(reg, "egl.xml", "egl", (1, 5))?),
        "];\n",
        0,
    )?;
    Ok(s)
}

/// The EGL 1.5 commands, for the EGL stubs.
pub fn egl_1_5(reg: &Registry) -> Result<BTreeSet<&str>, Error> {
    versions_up_to(reg, "egl.xml", "egl", (1, 5))
}
