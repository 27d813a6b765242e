//! The shapes of the registry metadata in [`crate::FEATURES`] and
//! [`crate::EXTENSIONS`] (the data itself is generated), and the queries the
//! rest of oxgl asks of it: which commands does a version and profile require.

use crate::generated::commands::{FEATURES, NUM_COMMANDS};

/// The API a `<feature>` of `gl.xml` belongs to (`glsc2` is not carried).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Api {
    /// Desktop OpenGL (`api="gl"`).
    Gl,
    /// OpenGL ES 1.x common profile (`api="gles1"`).
    Gles1,
    /// OpenGL ES 2.0 and later (`api="gles2"`).
    Gles2,
}

/// A desktop GL profile. Ignored for the ES APIs, which have one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Without the commands GL 3.2 removed (`<remove profile="core">`).
    Core,
    /// Everything, including `<require profile="compatibility">` blocks.
    Compatibility,
}

/// One `<feature>` (API version) of `gl.xml`. Command lists are slots (indices
/// into [`crate::COMMAND_NAMES`]), sorted and without duplicates.
#[derive(Debug)]
pub struct Feature {
    pub api: Api,
    /// `GL_VERSION_4_6`, `GL_ES_VERSION_3_2`, `GL_VERSION_ES_CM_1_0`, ...
    pub name: &'static str,
    /// `(major, minor)` from the feature's `number`.
    pub version: (u8, u8),
    /// Commands this version adds in every profile.
    pub require: &'static [u16],
    /// Commands this version adds only in the compatibility profile
    /// (`<require profile="compatibility">`, e.g. GL 3.3's `glVertexP2ui`).
    pub require_compat: &'static [u16],
    /// Commands this version removes from the core profile
    /// (`<remove profile="core">`, all in GL 3.2).
    pub remove_core: &'static [u16],
}

/// One `<extension>` of `gl.xml`.
#[derive(Debug)]
pub struct Extension {
    /// `GL_ARB_direct_state_access`, ...
    pub name: &'static str,
    /// The `supported` attribute verbatim, e.g. `"gl|glcore|gles2"`.
    pub supported: &'static str,
    /// Every command any of its `<require>` blocks names, whatever the API or
    /// profile of the block; sorted slots.
    pub commands: &'static [u16],
}

/// The slots of every command that `api` version `version` requires in
/// `profile`, ascending: the `<require>` blocks of every feature of `api` up to
/// `version`, in order, less the core profile's `<remove>` blocks.
pub fn required_commands(api: Api, version: (u8, u8), profile: Profile) -> Vec<usize> {
    let core = api == Api::Gl && profile == Profile::Core;
    let mut set = vec![false; NUM_COMMANDS];
    for f in FEATURES
        .iter()
        .filter(|f| f.api == api && f.version <= version)
    {
        let compat_only: &[u16] = if core { &[] } else { f.require_compat };
        for &slot in f.require.iter().chain(compat_only) {
            set[usize::from(slot)] = true;
        }
        if core {
            for &slot in f.remove_core {
                set[usize::from(slot)] = false;
            }
        }
    }
    set.iter()
        .enumerate()
        .filter_map(|(slot, &on)| on.then_some(slot))
        .collect()
}
