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

fn build(profile: Profile) -> Dispatch {
    let mut d = oxgl_glapi::UNIMPLEMENTED;
    if profile == Profile::Es {
        // ES 2.0 is GL 2.0 less what ES left out: the compatibility
        // handlers, with every command ES lacks put back to the
        // unimplemented entry, which then raises GL_INVALID_OPERATION.
        api::install(&mut d, Profile::Compat);
        for (slot, &es) in es2_commands().iter().enumerate() {
            if !es {
                d.reset(slot);
            }
        }
    } else {
        api::install(&mut d, profile);
        if profile == Profile::Core {
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

/// Per slot, whether the command exists in OpenGL ES contexts: the ES
/// version's own commands (2.0, or 3.0 once [`oxgl_core::version`] has it) and those of the ES extensions the core advertises
/// (gl.xml lists an extension's commands for every API; the desktop names
/// of GL_KHR_debug come along, as in Mesa's ES 3.2 contexts).
pub fn es2_commands() -> &'static [bool] {
    static SET: OnceLock<Vec<bool>> = OnceLock::new();
    SET.get_or_init(|| {
        let mut set = vec![false; oxgl_glapi::NUM_COMMANDS];
        // ES contexts are of the highest ES version built (as Mesa's: an
        // ES 2.0 request gets it too, ES 3.0 being a superset).
        let version = oxgl_core::version::computed_support()
            .gles2
            .unwrap_or((2, 0));
        let es = oxgl_glapi::required_commands(
            oxgl_glapi::Api::Gles2,
            version,
            oxgl_glapi::Profile::Compatibility,
        );
        for slot in es {
            set[slot] = true;
        }
        for name in oxgl_core::extensions::names(Profile::Es) {
            let name = name.to_str().unwrap_or("");
            if let Some(x) = oxgl_glapi::EXTENSIONS.iter().find(|x| x.name == name) {
                for &slot in x.commands {
                    set[usize::from(slot)] = true;
                }
            }
        }
        set
    })
}

/// The table for contexts of `profile`.
pub fn table(profile: Profile) -> &'static Dispatch {
    static COMPAT: OnceLock<Dispatch> = OnceLock::new();
    static CORE: OnceLock<Dispatch> = OnceLock::new();
    static ES: OnceLock<Dispatch> = OnceLock::new();
    let cell = match profile {
        Profile::Compat => &COMPAT,
        Profile::Core => &CORE,
        Profile::Es => &ES,
    };
    cell.get_or_init(|| {
        oxgl_glapi::set_unimplemented_hook(report_unimplemented);
        build(profile)
    })
}

/// Called by every unimplemented entry point: logs once per command, and only
/// when a context is current (without one, every GL call is a silent no-op).
fn report_unimplemented(slot: usize) {
    static SEEN: OnceLock<Vec<std::sync::atomic::AtomicBool>> = OnceLock::new();
    if oxgl_glapi::current::context().is_null() {
        return;
    }
    let not_es = !es2_commands().get(slot).copied().unwrap_or(true);
    let not_core = core_removed().get(slot).copied().unwrap_or(false);
    if not_es || not_core {
        // A command ES (or the core profile) lacks, called in such a
        // context (through a pointer from eglGetProcAddress, or libGL's
        // export): Mesa's generic_nop raises GL_INVALID_OPERATION
        // ("unsupported function called").
        let name = oxgl_glapi::COMMAND_NAMES.get(slot).copied().unwrap_or("?");
        let lacking = api::with_ctx(name, false, |c| {
            let lacking = match c.params().profile {
                Profile::Es => not_es,
                Profile::Core => not_core,
                Profile::Compat => false,
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
    let d = build(Profile::Compat);
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
        let d = table(Profile::Compat);
        let clear = oxgl_glapi::lookup("glClear").unwrap();
        // Compute shaders are not implemented yet.
        let compile = oxgl_glapi::lookup("glDispatchCompute").unwrap();
        assert!(oxgl_glapi::is_implemented(d, clear));
        assert!(!oxgl_glapi::is_implemented(d, compile));
    }
}

#[cfg(test)]
mod es2 {
    use super::*;

    /// Every OpenGL ES 3.0 command (2.0's among them) has a handler in
    /// the ES table, and the fixed-function ones ES left out have none.
    #[test]
    fn es_table_is_complete_and_lean() {
        let d = build(Profile::Es);
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
mod core {
    use super::*;

    /// The core table lacks exactly what GL 3.2 removed, and keeps the
    /// rest of what the compatibility table has.
    #[test]
    fn core_table_drops_the_removed_commands() {
        let compat = build(Profile::Compat);
        let core = build(Profile::Core);
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
        for profile in [
            oxgl_core::Profile::Compat,
            oxgl_core::Profile::Core,
            oxgl_core::Profile::Es,
        ] {
            let d = super::build(profile);
            for name in oxgl_core::extensions::names(profile) {
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
                let core_lacks =
                    |s: usize| profile == oxgl_core::Profile::Core && super::core_removed()[s];
                let missing: Vec<&str> = x
                    .commands
                    .iter()
                    .filter(|&&s| !core_lacks(s as usize))
                    .filter(|&&s| !oxgl_glapi::is_implemented(&d, s as usize))
                    .map(|&s| oxgl_glapi::COMMAND_NAMES[s as usize])
                    .collect();
                assert!(missing.is_empty(), "{profile:?} {name}: {missing:?}");
            }
        }
    }
}
