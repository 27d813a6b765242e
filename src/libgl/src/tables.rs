//! The dispatch tables: one per profile, built once from
//! [`oxgl_glapi::UNIMPLEMENTED`] by filling in the commands that have handlers.
//! `report` counts implemented against required commands per GL version.

use std::sync::OnceLock;

use oxgl_core::Profile;
use oxgl_glapi::Dispatch;
use oxgl_util::log::Level;

use crate::api;

/// Commands whose handler validates and forwards but whose effect is not
/// complete yet; they are not counted as implemented.
pub const PARTIAL: &[&str] = &[
    // Instances are drawn one after the other, but instanced attributes
    // (divisors) and gl_InstanceID need the programmable pipeline.
    "glDrawArraysInstanced",
    "glDrawElementsInstanced",
];

/// Whether `name` is accepted but not complete yet.
pub fn is_partial(name: &str) -> bool {
    PARTIAL.contains(&name)
}

/// Which table: one per desktop profile, and one per ES family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Table {
    Compat,
    Core,
    /// OpenGL ES 1.x (the common profile).
    Es1,
    /// OpenGL ES 2.0 and later.
    Es2,
}

impl Table {
    fn of(profile: Profile, version: (u8, u8)) -> Table {
        match profile {
            Profile::Compat => Table::Compat,
            Profile::Core => Table::Core,
            Profile::Es if version < (2, 0) => Table::Es1,
            Profile::Es => Table::Es2,
        }
    }

    /// Per slot, whether the command exists in contexts of this table
    /// (`None`: every command installed does).
    fn commands(self) -> Option<&'static [bool]> {
        match self {
            Table::Compat => None,
            Table::Core => None,
            Table::Es1 => Some(es1_commands()),
            Table::Es2 => Some(es2_commands()),
        }
    }
}

fn build(table: Table) -> Dispatch {
    let mut d = oxgl_glapi::UNIMPLEMENTED;
    match table {
        Table::Es1 | Table::Es2 => {
            // ES is GL less what ES left out: the compatibility handlers
            // (ES 1.1: GL 1.5's fixed function; ES 2.0 and 3.0: GL 2.0 and
            // 3.3), with every command the ES version lacks put back to the
            // unimplemented entry, which then raises GL_INVALID_OPERATION.
            api::install(&mut d, Profile::Compat);
            for (slot, &es) in table.commands().unwrap_or(&[]).iter().enumerate() {
                if !es {
                    d.reset(slot);
                }
            }
        }
        Table::Compat => api::install(&mut d, Profile::Compat),
        Table::Core => {
            api::install(&mut d, Profile::Core);
            // The core profile lacks what GL 3.2 removed (glBegin, the
            // matrix stack, display lists, ...): back to the
            // unimplemented entry, which raises GL_INVALID_OPERATION in
            // core contexts, as Mesa's.
            for (slot, &removed) in core_removed().iter().enumerate() {
                if removed {
                    d.reset(slot);
                }
            }
        }
    }
    d
}

/// Per slot, whether the command is one of the compatibility profile's
/// that the core profile removed (`<remove profile="core">` in gl.xml, up
/// to GL 4.6).
pub fn core_removed() -> &'static [bool] {
    static SET: OnceLock<Vec<bool>> = OnceLock::new();
    SET.get_or_init(|| {
        let mut set = vec![false; oxgl_glapi::NUM_COMMANDS];
        let compat = oxgl_glapi::required_commands(
            oxgl_glapi::Api::Gl,
            (4, 6),
            oxgl_glapi::Profile::Compatibility,
        );
        for slot in compat {
            set[slot] = true;
        }
        let core =
            oxgl_glapi::required_commands(oxgl_glapi::Api::Gl, (4, 6), oxgl_glapi::Profile::Core);
        for slot in core {
            set[slot] = false;
        }
        set
    })
}

/// Per slot, whether the command exists in OpenGL ES 2.0 and later
/// contexts: the ES version's own commands (2.0, or 3.0 once
/// [`oxgl_core::version`] has it) and those of the ES extensions the core
/// advertises (gl.xml lists an extension's commands for every API; the
/// desktop names of GL_KHR_debug come along, as in Mesa's ES 3.2 contexts).
pub fn es2_commands() -> &'static [bool] {
    static SET: OnceLock<Vec<bool>> = OnceLock::new();
    SET.get_or_init(|| {
        // ES contexts are of the highest ES version built (as Mesa's: an
        // ES 2.0 request gets it too, ES 3.0 being a superset).
        let version = oxgl_core::version::computed_support()
            .gles2
            .unwrap_or((2, 0));
        es_commands(
            oxgl_glapi::Api::Gles2,
            version,
            oxgl_core::extensions::names(Profile::Es),
        )
    })
}

/// Per slot, whether the command exists in OpenGL ES 1.1 contexts: ES
/// 1.0's and 1.1's commands and those of the ES 1 extensions advertised.
pub fn es1_commands() -> &'static [bool] {
    static SET: OnceLock<Vec<bool>> = OnceLock::new();
    SET.get_or_init(|| {
        es_commands(
            oxgl_glapi::Api::Gles1,
            (1, 1),
            oxgl_core::extensions::names_es1(),
        )
    })
}

fn es_commands(
    api: oxgl_glapi::Api,
    version: (u8, u8),
    extensions: &[&std::ffi::CStr],
) -> Vec<bool> {
    let mut set = vec![false; oxgl_glapi::NUM_COMMANDS];
    let es = oxgl_glapi::required_commands(api, version, oxgl_glapi::Profile::Compatibility);
    for slot in es {
        set[slot] = true;
    }
    let own = set.clone();
    for name in extensions {
        let name = name.to_str().unwrap_or("");
        let Some(x) = oxgl_glapi::EXTENSIONS.iter().find(|x| x.name == name) else {
            continue;
        };
        // gl.xml lists the desktop commands of the fixed-point and byte
        // coordinate extensions for ES 1 too (glAccumxOES, glVertex2bOES);
        // ES 1.1 has only the suffixed names of its own commands.
        let shared_with_gl = matches!(name, "GL_OES_fixed_point" | "GL_OES_byte_coordinates");
        for &slot in x.commands {
            let slot = usize::from(slot);
            let keep = !shared_with_gl || {
                let command = oxgl_glapi::COMMAND_NAMES[slot];
                command
                    .strip_suffix("OES")
                    .and_then(oxgl_glapi::lookup)
                    .is_some_and(|s| own[s])
            };
            if keep {
                set[slot] = true;
            }
        }
    }
    set
}

/// The table for contexts of `profile` and `version`.
pub fn table(profile: Profile, version: (u8, u8)) -> &'static Dispatch {
    static TABLES: [OnceLock<Dispatch>; 4] = [const { OnceLock::new() }; 4];
    let table = Table::of(profile, version);
    TABLES[table as usize].get_or_init(|| {
        oxgl_glapi::set_unimplemented_hook(report_unimplemented);
        build(table)
    })
}

/// Called by every unimplemented entry point: logs once per command, and only
/// when a context is current (without one, every GL call is a silent no-op).
fn report_unimplemented(slot: usize) {
    static SEEN: OnceLock<Vec<std::sync::atomic::AtomicBool>> = OnceLock::new();
    if oxgl_glapi::current::context().is_null() {
        return;
    }
    let not_es2 = !es2_commands().get(slot).copied().unwrap_or(true);
    let not_es1 = !es1_commands().get(slot).copied().unwrap_or(true);
    let not_core = core_removed().get(slot).copied().unwrap_or(false);
    if not_es2 || not_es1 || not_core {
        // A command ES (or the core profile) lacks, called in such a
        // context (through a pointer from eglGetProcAddress, or libGL's
        // export): Mesa's generic_nop raises GL_INVALID_OPERATION
        // ("unsupported function called").
        let name = oxgl_glapi::COMMAND_NAMES.get(slot).copied().unwrap_or("?");
        let lacking = api::with_ctx(name, false, |c| {
            let p = c.params();
            let lacking = match Table::of(p.profile, p.version) {
                Table::Es1 => not_es1,
                Table::Es2 => not_es2,
                Table::Core => not_core,
                Table::Compat => false,
            };
            if lacking {
                c.record::<()>(Err(oxgl_core::error::ApiError::InvalidOperation));
            }
            lacking
        });
        if lacking {
            return;
        }
    }
    let seen = SEEN.get_or_init(|| {
        (0..oxgl_glapi::NUM_COMMANDS)
            .map(|_| Default::default())
            .collect()
    });
    if let Some(flag) = seen.get(slot)
        && !flag.load(std::sync::atomic::Ordering::Relaxed)
        && !flag.swap(true, std::sync::atomic::Ordering::Relaxed)
    {
        let name = oxgl_glapi::COMMAND_NAMES.get(slot).copied().unwrap_or("?");
        oxgl_util::log!(Level::Debug, "oxgl: {name} is not implemented yet");
    }
}

/// Implemented/total commands for one API version.
#[derive(Debug, Clone)]
pub struct VersionCount {
    /// Feature name (`GL_VERSION_1_0`).
    pub feature: &'static str,
    /// Commands of this version (added by it) that have a complete handler.
    pub implemented: usize,
    /// Commands this version adds.
    pub total: usize,
}

/// Counts implemented commands per desktop GL version (compatibility profile).
pub fn report() -> Vec<VersionCount> {
    let d = build(Table::Compat);
    oxgl_glapi::FEATURES
        .iter()
        .filter(|f| f.api == oxgl_glapi::Api::Gl)
        .map(|f| {
            let slots: Vec<u16> = f
                .require
                .iter()
                .chain(f.require_compat.iter())
                .copied()
                .collect();
            let implemented = slots
                .iter()
                .filter(|&&s| {
                    let name = oxgl_glapi::COMMAND_NAMES[s as usize];
                    oxgl_glapi::is_implemented(&d, s as usize) && !is_partial(name)
                })
                .count();
            VersionCount {
                feature: f.name,
                implemented,
                total: slots.len(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implemented_per_version() {
        let rows = report();
        let mut all = (0, 0);
        for r in &rows {
            println!(
                "{:<16} {:>4} / {:<4} implemented",
                r.feature, r.implemented, r.total
            );
            all.0 += r.implemented;
            all.1 += r.total;
        }
        println!(
            "{:<16} {:>4} / {:<4} implemented",
            "GL 1.0-4.6", all.0, all.1
        );
        let v10 = rows
            .iter()
            .find(|r| r.feature == "GL_VERSION_1_0")
            .expect("GL 1.0 feature");
        // The commands with handlers today (see src/libgl/src/api/).
        assert!(v10.implemented >= 26, "GL 1.0: {v10:?}");
        assert!(v10.total > 300);
        assert!(all.0 < all.1);
    }

    #[test]
    fn tables_differ_from_unimplemented_only_where_handled() {
        let d = table(Profile::Compat, (3, 3));
        let clear = oxgl_glapi::lookup("glClear").unwrap();
        // Internal format queries 2 (ARB_internalformat_query2) are not
        // implemented yet.
        let missing = oxgl_glapi::lookup("glGetInternalformati64v").unwrap();
        assert!(oxgl_glapi::is_implemented(d, clear));
        assert!(!oxgl_glapi::is_implemented(d, missing));
    }
}

#[cfg(test)]
mod es2 {
    use super::*;

    /// Every OpenGL ES 3.0 command (2.0's among them) has a handler in
    /// the ES table, and the fixed-function ones ES left out have none.
    #[test]
    fn es_table_is_complete_and_lean() {
        let d = build(Table::Es2);
        let required = oxgl_glapi::required_commands(
            oxgl_glapi::Api::Gles2,
            (3, 0),
            oxgl_glapi::Profile::Compatibility,
        );
        let missing: Vec<&str> = required
            .iter()
            .filter(|&&s| !oxgl_glapi::is_implemented(&d, s))
            .map(|&s| oxgl_glapi::COMMAND_NAMES[s])
            .collect();
        assert!(
            missing.is_empty(),
            "ES 3.0 commands without handler: {missing:?}"
        );
        for name in ["glBegin", "glClearDepth", "glMatrixMode", "glDrawBuffer"] {
            let slot = oxgl_glapi::lookup(name).unwrap();
            assert!(!oxgl_glapi::is_implemented(&d, slot), "{name} in ES 3.0");
        }
        for name in [
            "glClearDepthf",
            "glBindVertexArrayOES",
            "glMapBufferOES",
            "glDrawBuffers",
            "glBindTransformFeedback",
            "glGetInternalformativ",
        ] {
            let slot = oxgl_glapi::lookup(name).unwrap();
            assert!(oxgl_glapi::is_implemented(&d, slot), "{name} missing");
        }
    }
}

#[cfg(test)]
mod es1 {
    use super::*;

    /// Every OpenGL ES 1.1 command has a handler in the ES 1 table, and
    /// the desktop and ES 2 ones have none.
    #[test]
    fn es1_table_is_complete_and_lean() {
        let d = build(Table::Es1);
        let required = oxgl_glapi::required_commands(
            oxgl_glapi::Api::Gles1,
            (1, 1),
            oxgl_glapi::Profile::Compatibility,
        );
        let missing: Vec<&str> = required
            .iter()
            .filter(|&&s| !oxgl_glapi::is_implemented(&d, s))
            .map(|&s| oxgl_glapi::COMMAND_NAMES[s])
            .collect();
        assert!(
            missing.is_empty(),
            "ES 1.1 commands without handler: {missing:?}"
        );
        for name in [
            "glBegin",
            "glCreateShader",
            "glVertexAttribPointer",
            "glDrawBuffers",
        ] {
            let slot = oxgl_glapi::lookup(name).unwrap();
            assert!(!oxgl_glapi::is_implemented(&d, slot), "{name} in ES 1.1");
        }
        for name in [
            "glOrthof",
            "glOrthox",
            "glPointSizePointerOES",
            "glGenFramebuffersOES",
            "glBlendEquationOES",
            "glQueryMatrixxOES",
        ] {
            let slot = oxgl_glapi::lookup(name).unwrap();
            assert!(oxgl_glapi::is_implemented(&d, slot), "{name} missing");
        }
    }
}

#[cfg(test)]
mod core {
    use super::*;

    /// The core table lacks exactly what GL 3.2 removed, and keeps the
    /// rest of what the compatibility table has.
    #[test]
    fn core_table_drops_the_removed_commands() {
        let compat = build(Table::Compat);
        let core = build(Table::Core);
        for name in [
            "glBegin",
            "glMatrixMode",
            "glNewList",
            "glVertexPointer",
            "glRasterPos2f",
        ] {
            let slot = oxgl_glapi::lookup(name).unwrap();
            assert!(
                oxgl_glapi::is_implemented(&compat, slot),
                "{name} in compat"
            );
            assert!(!oxgl_glapi::is_implemented(&core, slot), "{name} in core");
        }
        for name in [
            "glClear",
            "glDrawArrays",
            "glBindVertexArray",
            "glGetStringi",
            "glLineWidth",
        ] {
            let slot = oxgl_glapi::lookup(name).unwrap();
            assert!(
                oxgl_glapi::is_implemented(&core, slot),
                "{name} missing in core"
            );
        }
    }
}

#[cfg(test)]
mod extension_commands {
    /// Every command of every advertised extension has a handler.
    #[test]
    fn advertised_extensions_are_complete() {
        use super::Table;
        for table in [Table::Compat, Table::Core, Table::Es2, Table::Es1] {
            let d = super::build(table);
            let names = match table {
                Table::Compat => oxgl_core::extensions::names(oxgl_core::Profile::Compat),
                Table::Core => oxgl_core::extensions::names(oxgl_core::Profile::Core),
                Table::Es2 => oxgl_core::extensions::names(oxgl_core::Profile::Es),
                Table::Es1 => oxgl_core::extensions::names_es1(),
            };
            for name in names {
                let name = name.to_str().expect("ASCII name");
                let Some(x) = oxgl_glapi::EXTENSIONS.iter().find(|x| x.name == name) else {
                    // Extensions without commands that gl.xml does not list.
                    assert!(
                        [
                            "GL_EXT_texture_edge_clamp",
                            "GL_OES_EGL_sync",
                            "GL_EXT_frag_depth"
                        ]
                        .contains(&name),
                        "{name} is not in gl.xml"
                    );
                    continue;
                };
                // The extension's compatibility-profile commands (gl.xml
                // lists them with the extension) are not core commands.
                let core_lacks = |s: usize| table == Table::Core && super::core_removed()[s];
                // An ES table's commands (see es_commands).
                let not_in_api = |s: usize| table.commands().is_some_and(|c| !c[s]);
                let missing: Vec<&str> = x
                    .commands
                    .iter()
                    .filter(|&&s| !core_lacks(s as usize) && !not_in_api(s as usize))
                    .filter(|&&s| !oxgl_glapi::is_implemented(&d, s as usize))
                    .map(|&s| oxgl_glapi::COMMAND_NAMES[s as usize])
                    .collect();
                assert!(missing.is_empty(), "{table:?} {name}: {missing:?}");
            }
        }
    }
}
