//! The one generator of oxgl's API tables: reads the pinned Khronos XML in
//! `glapi/xml/` and produces every `@generated` file of `oxgl-glapi`
//! (`glapi/src/generated/`) and the exported entry points of `libGL.so.1`
//! (`src/libgl/src/generated/`).
//!
//! [`generate`] is pure: it returns the files' contents. `main.rs` writes them;
//! `tests/current.rs` proves the checked-in copies equal them.

mod ctype;
mod emit;
mod registry;

use std::fmt;
use std::path::{Path, PathBuf};

use registry::Registry;

/// A generator failure: unreadable input, or XML the generator does not
/// understand (an unmapped C type, an unexpected `<require profile>`, ...).
#[derive(Debug)]
pub struct Error(String);

impl Error {
    fn new(msg: impl Into<String>) -> Error {
        Error(msg.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<fmt::Error> for Error {
    fn from(_: fmt::Error) -> Error {
        Error::new("formatting failed")
    }
}

/// One generated file.
pub struct Output {
    /// Relative to the workspace root.
    pub path: PathBuf,
    pub contents: String,
}

/// Directories whose every `.rs` file is generated: a file there that
/// [`generate`] does not produce is stale.
pub const GENERATED_DIRS: [&str; 3] = [
    "glapi/src/generated",
    "src/libgl/src/generated",
    "fuzz-gl/src/generated",
];

/// Hand-written EGL entry points: one name per line, `#` comments.
const CUSTOM_EGL: &str = "glapi/gen/custom_egl.txt";

/// The workspace root (two levels above this crate's manifest).
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .unwrap_or(manifest)
        .to_path_buf()
}

fn read(root: &Path, rel: &str) -> Result<String, Error> {
    std::fs::read_to_string(root.join(rel))
        .map_err(|e| Error::new(format!("{}: {e}", root.join(rel).display())))
}

fn parse(root: &Path, rel: &str) -> Result<Registry, Error> {
    Registry::parse(&read(root, rel)?, rel)
}

/// Files in [`GENERATED_DIRS`] under `root` that are not among `outputs`
/// (left over from an older generator).
pub fn stray_files(root: &Path, outputs: &[Output]) -> Vec<PathBuf> {
    let mut stray = Vec::new();
    for dir in GENERATED_DIRS {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = Path::new(dir).join(entry.file_name());
            if !outputs.iter().any(|o| o.path == path) {
                stray.push(path);
            }
        }
    }
    stray.sort();
    stray
}

/// Generates every output from the XML under `root`.
pub fn generate(root: &Path) -> Result<Vec<Output>, Error> {
    let gl_xml = read(root, "glapi/xml/gl.xml")?;
    let gl = Registry::parse(&gl_xml, "glapi/xml/gl.xml")?;
    let glx = parse(root, "glapi/xml/glx.xml")?;
    let egl = parse(root, "glapi/xml/egl.xml")?;
    let custom_egl: Vec<String> = read(root, CUSTOM_EGL)?
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect();

    let gl = emit::GlApi::new(&gl)?;
    let out = |path: &str, contents: String| Output {
        path: PathBuf::from(path),
        contents,
    };
    Ok(vec![
        out("glapi/src/generated/mod.rs", emit::glapi_mod()?),
        out("glapi/src/generated/enums.rs", emit::enums::gl(gl.reg)?),
        out("glapi/src/generated/glx_enums.rs", emit::enums::glx(&glx)?),
        out("glapi/src/generated/egl_enums.rs", emit::enums::egl(&egl)?),
        out(
            "glapi/src/generated/commands.rs",
            emit::commands::emit(&gl)?,
        ),
        out(
            "glapi/src/generated/dispatch.rs",
            emit::dispatch::emit(&gl)?,
        ),
        out("glapi/src/generated/glx.rs", emit::winsys::glx(&glx)?),
        out("glapi/src/generated/egl.rs", emit::winsys::egl(&egl)?),
        out("src/libgl/src/generated/mod.rs", emit::libgl_mod()?),
        out("src/libgl/src/generated/stubs.rs", emit::stubs::gl(&gl)?),
        out(
            "src/libgl/src/generated/egl_stubs.rs",
            emit::stubs::egl(&egl, &custom_egl)?,
        ),
        out("fuzz-gl/src/generated/api.rs", emit::fuzz::emit(&gl_xml)?),
    ])
}
