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
    api::install(&mut d, profile);
    d
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
mod extension_commands {
    /// Every command of every advertised extension has a handler.
    #[test]
    fn advertised_extensions_are_complete() {
        for profile in [oxgl_core::Profile::Compat, oxgl_core::Profile::Core] {
            let d = super::build(profile);
            for name in oxgl_core::extensions::names(profile) {
                let name = name.to_str().expect("ASCII name");
                let Some(x) = oxgl_glapi::EXTENSIONS.iter().find(|x| x.name == name) else {
                    // Extensions without commands that gl.xml does not list.
                    assert!(
                        ["GL_EXT_texture_edge_clamp"].contains(&name),
                        "{name} is not in gl.xml"
                    );
                    continue;
                };
                let missing: Vec<&str> = x
                    .commands
                    .iter()
                    .filter(|&&s| !oxgl_glapi::is_implemented(&d, s as usize))
                    .map(|&s| oxgl_glapi::COMMAND_NAMES[s as usize])
                    .collect();
                assert!(missing.is_empty(), "{profile:?} {name}: {missing:?}");
            }
        }
    }
}
