//! `dispatch.rs`: the `Dispatch` table (one typed field per slot, in slot
//! order) and `UNIMPLEMENTED`, whose functions report their slot and return
//! zero.

use std::fmt::Write;

use super::{GlApi, ffi_use, field_name, header, params, ret, ret_zero};
use crate::Error;

pub fn emit(gl: &GlApi) -> Result<String, Error> {
    let mut s = header(
        "glapi/xml/gl.xml",
        "The GL dispatch table: one `unsafe extern \"C\" fn` per command slot, with the\n\
         command's exact C signature, and the table of \"not implemented\" functions.",
    );
    s.push_str(
        "#![allow(\n    \
             non_snake_case,\n    \
             clippy::too_many_arguments,\n    \
             clippy::type_complexity,\n    \
             reason = \"generated: names and arities are the GL commands'\"\n\
         )]\n\n",
    );
    s.push_str(&ffi_use(gl.commands.iter().copied(), &[]));
    s.push_str("use super::commands::slot;\nuse crate::types::*;\n\n");

    s.push_str(
        "/// One entry point per GL command, in slot order. `repr(C)`: field `i` is slot\n\
         /// `i`, at offset `i * size_of::<usize>()`.\n\
         #[repr(C)]\n\
         #[derive(Clone, Copy)]\n\
         pub struct Dispatch {\n",
    );
    for c in &gl.commands {
        let params = params(c)?
            .iter()
            .map(|(n, t)| format!("{n}: {t}"))
            .collect::<Vec<_>>()
            .join(", ");
        writeln!(
            s,
            "    pub {}: unsafe extern \"C\" fn({params}){},",
            field_name(c)?,
            ret(c)?
        )?;
    }
    s.push_str("}\n\n");

    s.push_str(
        "/// Every slot filled with a function that calls\n\
         /// `crate::unimplemented_call(slot)` and returns zero (`0`, null, `None`).\n\
         pub static UNIMPLEMENTED: Dispatch = Dispatch {\n",
    );
    for c in &gl.commands {
        let f = field_name(c)?;
        writeln!(s, "    {f}: unimpl::{f},")?;
    }
    s.push_str("};\n\n");

    s.push_str("mod unimpl {\n    use super::*;\n");
    for c in &gl.commands {
        let f = field_name(c)?;
        let args = params(c)?
            .iter()
            .map(|(_, t)| format!("_: {t}"))
            .collect::<Vec<_>>()
            .join(", ");
        write!(
            s,
            "    #[cold]\n    pub extern \"C\" fn {f}({args}){} {{ crate::unimplemented_call(slot::{f})",
            ret(c)?
        )?;
        match ret_zero(c)? {
            Some(zero) => writeln!(s, "; {zero} }}")?,
            None => writeln!(s, " }}")?,
        }
    }
    s.push_str("}\n");
    Ok(s)
}
