//! Language versions, profiles, APIs and shader stages: the facts every
//! version-gated rule of the front end is keyed on.

use std::fmt;

/// Which API's compiler this is: a desktop GL context accepts desktop GLSL and
/// (through ARB_ES*_compatibility) GLSL ES; an ES context accepts only GLSL ES.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Api {
    /// OpenGL (core or compatibility context).
    Gl,
    /// OpenGL ES 2.0 / 3.x.
    Gles,
}

/// The profile a shader is written against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Desktop core profile (`#version 150` and later without a profile
    /// word, or with `core`). Versions before 1.50 have no profiles; they are
    /// reported as `Compatibility` because their whole language is available.
    Core,
    /// Desktop compatibility profile.
    Compatibility,
    /// GLSL ES.
    Es,
}

/// A shading language version: `number` is the `#version` number
/// (110 … 460, or 100 / 300 / 310 / 320 for ES).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Version {
    /// The number as written after `#version`.
    pub number: u16,
    /// Core, compatibility or ES.
    pub profile: Profile,
}

/// Desktop versions that exist.
pub const DESKTOP_VERSIONS: &[u16] = &[
    110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460,
];

/// GLSL ES versions that exist.
pub const ES_VERSIONS: &[u16] = &[100, 300, 310, 320];

impl Version {
    /// GLSL 1.10, the desktop default.
    pub const GLSL_110: Version = Version {
        number: 110,
        profile: Profile::Compatibility,
    };
    /// GLSL ES 1.00, the ES default.
    pub const ES_100: Version = Version {
        number: 100,
        profile: Profile::Es,
    };

    /// Desktop version `number` with the profile the spec gives it when no
    /// profile word is written (core from 1.50 on).
    pub fn desktop(number: u16) -> Version {
        Version {
            number,
            profile: if number >= 150 {
                Profile::Core
            } else {
                Profile::Compatibility
            },
        }
    }

    /// GLSL ES version `number`.
    pub fn es(number: u16) -> Version {
        Version {
            number,
            profile: Profile::Es,
        }
    }

    /// Whether this is GLSL ES.
    pub fn is_es(self) -> bool {
        self.profile == Profile::Es
    }

    /// Mesa's `is_version(desktop, es)`: true when the version is at least
    /// `desktop` (desktop GLSL) or at least `es` (GLSL ES); 0 means never.
    pub fn at_least(self, desktop: u16, es: u16) -> bool {
        let min = if self.is_es() { es } else { desktop };
        min != 0 && self.number >= min
    }

    /// Whether the compatibility-profile language is available: desktop
    /// versions before 1.40 always, later ones with `compatibility`.
    pub fn is_compat(self) -> bool {
        self.profile == Profile::Compatibility
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (major, minor) = (self.number / 100, self.number % 100);
        match self.profile {
            Profile::Es => write!(f, "GLSL ES {major}.{minor:02}"),
            _ => write!(f, "GLSL {major}.{minor:02}"),
        }
    }
}

/// A programmable pipeline stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Vertex shader (`.vert`).
    Vertex,
    /// Tessellation control shader (`.tesc`).
    TessControl,
    /// Tessellation evaluation shader (`.tese`).
    TessEval,
    /// Geometry shader (`.geom`).
    Geometry,
    /// Fragment shader (`.frag`).
    Fragment,
    /// Compute shader (`.comp`).
    Compute,
}

impl Stage {
    /// The stage a file extension names (`vert`, `tesc`, `tese`, `geom`,
    /// `frag`, `comp`).
    pub fn from_extension(ext: &str) -> Option<Stage> {
        Some(match ext {
            "vert" => Stage::Vertex,
            "tesc" => Stage::TessControl,
            "tese" => Stage::TessEval,
            "geom" => Stage::Geometry,
            "frag" => Stage::Fragment,
            "comp" => Stage::Compute,
            _ => return None,
        })
    }

    /// Mesa's name of the stage in messages ("vertex shader", ...).
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex shader",
            Stage::TessControl => "tessellation control shader",
            Stage::TessEval => "tessellation evaluation shader",
            Stage::Geometry => "geometry shader",
            Stage::Fragment => "fragment shader",
            Stage::Compute => "compute shader",
        }
    }
}

/// The desktop GLSL version (100 x major + minor) of a GL context of
/// `version` (each GL version's table of its shading language; 0 before
/// GL 2.0).
pub fn for_gl(version: (u8, u8)) -> u16 {
    match version {
        (2, 0) => 110,
        (2, 1) => 120,
        (3, 0) => 130,
        (3, 1) => 140,
        (3, 2) => 150,
        (major, minor) if major >= 3 => u16::from(major) * 100 + u16::from(minor) * 10,
        _ => 0,
    }
}
