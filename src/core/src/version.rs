//! Which GL versions this build really implements, computed from one table of
//! capabilities (as Mesa computes its version from its extension table), and
//! `MESA_GL_VERSION_OVERRIDE`.
//!
//! A version is supported when every capability it needs, and every capability
//! of the versions below it, is implemented. Nothing is advertised that does not
//! work. The API has no version below 1.0, so until the GL 1.0 capabilities are
//! all in, the compatibility version reported is 1.0 and [`Support::complete`]
//! says it is not whole yet (docs/status.md lists what is missing).

use std::sync::OnceLock;

/// A capability the implementation has or lacks.
#[derive(Clone, Copy, Debug)]
pub struct Capability {
    /// Short name, used in docs and the dispatch report.
    pub name: &'static str,
    /// Whether it is implemented and tested.
    pub implemented: bool,
}

const fn cap(name: &'static str, implemented: bool) -> Capability {
    Capability { name, implemented }
}

/// Capabilities each desktop GL version adds (compatibility profile), in order.
pub static GL_VERSIONS: &[((u8, u8), &[Capability])] = &[
    (
        (1, 0),
        &[
            cap("clear, scissor, viewport, masks", true),
            cap("glReadPixels", true),
            cap("state queries (glGet*, glIsEnabled, glGetString)", true),
            cap("immediate mode and current attributes", false),
            cap("point, line and polygon rasterization", false),
            cap("depth, stencil, alpha tests, blending, logic op", false),
            cap("fixed-function transform and lighting", false),
            cap("texturing and texture environments", false),
            cap("display lists", false),
            cap(
                "glDrawPixels, glCopyPixels, glBitmap, raster position",
                false,
            ),
            cap("accumulation buffer", false),
            cap("evaluators, selection, feedback", false),
            cap("fog", false),
        ],
    ),
    (
        (1, 1),
        &[
            cap("vertex arrays", false),
            cap("texture objects and glTexSubImage", false),
        ],
    ),
    (
        (1, 2),
        &[cap(
            "3D textures, BGRA, packed pixels, glDrawRangeElements",
            false,
        )],
    ),
    (
        (1, 3),
        &[cap("multitexture, cube maps, compressed textures", false)],
    ),
    (
        (1, 4),
        &[cap("blend functions, depth textures, glWindowPos", false)],
    ),
    ((1, 5), &[cap("buffer objects, occlusion queries", false)]),
    ((2, 0), &[cap("GLSL 1.10 programs", false)]),
];

/// What a build supports, per API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Support {
    /// Highest compatibility-profile (legacy) version.
    pub compat: (u8, u8),
    /// Highest core-profile version, if any.
    pub core: Option<(u8, u8)>,
    /// Highest OpenGL ES version of the ES 2+ family, if any.
    pub gles2: Option<(u8, u8)>,
    /// OpenGL ES 1.x, if supported.
    pub gles1: Option<(u8, u8)>,
    /// Whether `compat` is fully implemented (false while the floor 1.0 is
    /// reported without all of its capabilities).
    pub complete: bool,
    /// `MESA_GL_VERSION_OVERRIDE` asked for a forward-compatible context.
    pub forward_compatible: bool,
}

/// The API and version of one context, as reported to the application.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApiVersions {
    /// Major version.
    pub major: u8,
    /// Minor version.
    pub minor: u8,
}

/// Computes support from the capability table alone.
pub fn computed_support() -> Support {
    let mut compat = None;
    for (version, caps) in GL_VERSIONS {
        if caps.iter().all(|c| c.implemented) {
            compat = Some(*version);
        } else {
            break;
        }
    }
    Support {
        compat: compat.unwrap_or((1, 0)),
        core: None,
        gles2: None,
        gles1: None,
        complete: compat.is_some(),
        forward_compatible: false,
    }
}

/// A parsed `MESA_GL_VERSION_OVERRIDE` (`MAJOR.MINOR[FC|COMPAT]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionOverride {
    /// Requested version.
    pub version: (u8, u8),
    /// `FC` suffix: forward-compatible.
    pub forward_compatible: bool,
    /// `COMPAT` suffix: a compatibility profile even at 3.2 and above.
    pub compat: bool,
}

/// Parses Mesa's `MESA_GL_VERSION_OVERRIDE` syntax; `None` when malformed.
pub fn parse_override(text: &str) -> Option<VersionOverride> {
    let (major, rest) = text.split_once('.')?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (minor, suffix) = rest.split_at(digits);
    let (forward_compatible, compat) = match suffix {
        "" => (false, false),
        "FC" => (true, false),
        "COMPAT" => (false, true),
        _ => return None,
    };
    let version = (major.parse().ok()?, minor.parse().ok()?);
    Some(VersionOverride {
        version,
        forward_compatible,
        compat,
    })
}

/// Applies an override the way Mesa does: a version below 3.2, or one marked
/// `COMPAT`, replaces the compatibility version; 3.2 and above without `COMPAT`
/// replaces the core version (Mesa then gives core contexts for it).
pub fn apply_override(mut s: Support, o: VersionOverride) -> Support {
    if o.version < (3, 2) || o.compat {
        s.compat = o.version;
        s.complete = true;
    } else {
        s.core = Some(o.version);
    }
    s.forward_compatible = o.forward_compatible;
    s
}

/// Support of this process: the table, then `MESA_GL_VERSION_OVERRIDE`
/// (a malformed value is reported once and ignored, as in Mesa).
pub fn support() -> Support {
    static SUPPORT: OnceLock<Support> = OnceLock::new();
    *SUPPORT.get_or_init(|| {
        let base = computed_support();
        match oxgl_util::env::non_empty("MESA_GL_VERSION_OVERRIDE") {
            None => base,
            Some(text) => match parse_override(&text) {
                Some(o) => apply_override(base, o),
                None => {
                    oxgl_util::log!(
                        oxgl_util::log::Level::Warning,
                        "invalid MESA_GL_VERSION_OVERRIDE: {text}"
                    );
                    base
                }
            },
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_syntax() {
        assert_eq!(
            parse_override("3.3"),
            Some(VersionOverride {
                version: (3, 3),
                forward_compatible: false,
                compat: false
            })
        );
        assert_eq!(
            parse_override("3.1FC").map(|o| o.forward_compatible),
            Some(true)
        );
        assert_eq!(parse_override("4.5COMPAT").map(|o| o.compat), Some(true));
        assert_eq!(parse_override("4"), None);
        assert_eq!(parse_override("4.5XX"), None);
    }

    #[test]
    fn override_targets_profile() {
        let base = computed_support();
        let s = apply_override(base, parse_override("2.1").unwrap());
        assert_eq!((s.compat, s.core), ((2, 1), None));
        let s = apply_override(base, parse_override("4.5").unwrap());
        assert_eq!((s.compat, s.core), (base.compat, Some((4, 5))));
        let s = apply_override(base, parse_override("4.5COMPAT").unwrap());
        assert_eq!(s.compat, (4, 5));
    }

    #[test]
    fn table_is_honest() {
        // No rasterizer yet: nothing beyond the 1.0 floor, and it is marked incomplete.
        let s = computed_support();
        assert_eq!(s.compat, (1, 0));
        assert!(!s.complete);
        assert_eq!(s.core, None);
    }
}
