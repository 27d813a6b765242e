//! `commands.rs`: the GL command slots (names, `slot::` constants) and the
//! `<feature>`/`<extension>` metadata as slot lists.
//!
//! A feature's `<require>` blocks go to `require` unless they carry
//! `profile="compatibility"` (then `require_compat`); ES 1's `profile="common"`
//! is the only ES 1 profile anyone implements, so it counts as unconditional.
//! `<remove profile="core">` goes to `remove_core`. Anything else (a
//! `<require profile="core">` naming commands, say) is an error, so that a
//! registry update cannot silently change the meaning of the tables.

use std::fmt::Write;

use super::{GlApi, field_name, header, wrapped_list};
use crate::Error;
use crate::registry::Block;

/// The `Api` variant of a feature's `api`, `None` for APIs not carried.
fn api_variant(api: &str) -> Option<&'static str> {
    match api {
        "gl" => Some("Gl"),
        "gles1" => Some("Gles1"),
        "gles2" => Some("Gles2"),
        _ => None,
    }
}

fn version(name: &str, number: &str) -> Result<(u8, u8), Error> {
    number
        .split_once('.')
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .ok_or_else(|| Error::new(format!("gl.xml: {name}: bad number {number}")))
}

/// The sorted, deduplicated slots of the commands of `blocks`.
fn slots<'b>(gl: &GlApi, blocks: impl Iterator<Item = &'b Block>) -> Result<Vec<usize>, Error> {
    let mut slots = Vec::new();
    for b in blocks {
        for c in &b.commands {
            slots.push(gl.slot(c)?);
        }
    }
    slots.sort_unstable();
    slots.dedup();
    Ok(slots)
}

fn slot_list(s: &mut String, field: &str, slots: &[usize]) -> Result<(), Error> {
    write!(s, "        {field}: ")?;
    wrapped_list(s, "&[", slots.iter().map(usize::to_string), "]", 8)?;
    s.push_str(",\n");
    Ok(())
}

pub fn emit(gl: &GlApi) -> Result<String, Error> {
    let mut s = header(
        "glapi/xml/gl.xml",
        "GL command slots and the registry's features and extensions as slot lists.\n\
         \n\
         A command's slot is its index in `COMMAND_NAMES`, which holds every command\n\
         of gl.xml sorted bytewise.",
    );
    s.push_str(
        "#![allow(non_upper_case_globals, reason = \"generated: slot constants are named after the GL commands\")]\n\
         \n\
         use crate::registry::{Api, Extension, Feature};\n\n",
    );

    let n = gl.commands.len();
    if n > usize::from(u16::MAX) {
        return Err(Error::new("gl.xml: more commands than u16 slot lists hold"));
    }
    writeln!(s, "/// The number of GL commands (slots).")?;
    writeln!(s, "pub const NUM_COMMANDS: usize = {n};\n")?;
    writeln!(
        s,
        "/// Every command of gl.xml, sorted bytewise; the index is the slot."
    )?;
    writeln!(s, "pub static COMMAND_NAMES: [&str; NUM_COMMANDS] = [")?;
    for c in &gl.commands {
        writeln!(s, "    \"{}\",", c.name)?;
    }
    s.push_str("];\n\n");

    s.push_str("/// The slot of each command, named without its `gl` prefix.\npub mod slot {\n");
    for (i, c) in gl.commands.iter().enumerate() {
        writeln!(s, "    pub const {}: usize = {i};", field_name(c)?)?;
    }
    s.push_str("}\n\n");

    s.push_str(
        "/// Every `<feature>` of gl.xml for GL, GL ES 1 and GL ES 2+, in document order.\n",
    );
    s.push_str("pub static FEATURES: &[Feature] = &[\n");
    for f in &gl.reg.features {
        let Some(api) = api_variant(&f.api) else {
            continue;
        };
        let (major, minor) = version(&f.name, &f.number)?;
        for b in &f.blocks {
            let ok = match (b.remove, b.profile.as_deref()) {
                (false, None | Some("common" | "compatibility")) => true,
                (true, Some("core")) => true,
                _ => b.commands.is_empty(),
            };
            if !ok {
                return Err(Error::new(format!(
                    "gl.xml: {}: a <{}> block with profile {:?} names commands; \
                     teach glapi/gen/src/emit/commands.rs what it means",
                    f.name,
                    if b.remove { "remove" } else { "require" },
                    b.profile
                )));
            }
        }
        let compat = |b: &&Block| b.profile.as_deref() == Some("compatibility");
        let require = f.blocks.iter().filter(|b| !b.remove && !compat(b));
        let require_compat = f.blocks.iter().filter(|b| !b.remove && compat(b));
        let remove_core = f.blocks.iter().filter(|b| b.remove);
        writeln!(s, "    Feature {{")?;
        writeln!(s, "        api: Api::{api},")?;
        writeln!(s, "        name: \"{}\",", f.name)?;
        writeln!(s, "        version: ({major}, {minor}),")?;
        slot_list(&mut s, "require", &slots(gl, require)?)?;
        slot_list(&mut s, "require_compat", &slots(gl, require_compat)?)?;
        slot_list(&mut s, "remove_core", &slots(gl, remove_core)?)?;
        writeln!(s, "    }},")?;
    }
    s.push_str("];\n\n");

    s.push_str(
        "/// gl.xml's `<alias>` pairs as (slot, slot of the command it is another\n\
         /// name of), sorted: the same signature and meaning under two names.\n",
    );
    let mut aliases = Vec::new();
    for (i, c) in gl.commands.iter().enumerate() {
        if let Some(a) = &c.alias {
            let to = gl.slot(a)?;
            if gl.commands[to].alias.is_some() {
                return Err(Error::new(format!(
                    "gl.xml: {} aliases {a}, itself an alias; resolve chains here",
                    c.name
                )));
            }
            aliases.push(format!("({i}, {to})"));
        }
    }
    s.push_str("pub static ALIASES: &[(usize, usize)] = &");
    wrapped_list(&mut s, "[", aliases, "]", 4)?;
    s.push_str(";\n\n");

    s.push_str("/// Every `<extension>` of gl.xml, in document order.\n");
    s.push_str("pub static EXTENSIONS: &[Extension] = &[\n");
    for x in &gl.reg.extensions {
        writeln!(s, "    Extension {{")?;
        writeln!(s, "        name: \"{}\",", x.name)?;
        writeln!(s, "        supported: \"{}\",", x.supported)?;
        slot_list(&mut s, "commands", &slots(gl, x.blocks.iter())?)?;
        writeln!(s, "    }},")?;
    }
    s.push_str("];\n");
    Ok(s)
}
