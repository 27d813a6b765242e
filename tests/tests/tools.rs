//! Stock tools on oxgl: `glxinfo` (plain, `-l`, `-B`), `eglinfo`, `wflinfo`
//! (GLX, X11 EGL, surfaceless EGL; OpenGL and OpenGL ES 2.0), `es2_info`,
//! `glxgears` and `es2gears_x11`, run with `LD_LIBRARY_PATH` pointing at
//! the built library.
//!
//! Assertions marked "oxgl-specific" are true for oxgl only (against Mesa
//! they fail by design, e.g. the vendor string); the rest hold for any
//! working GLX implementation, which is how this harness was validated.
//! Each test prints the tool's full output first, so failure messages stay
//! short.

use std::time::Duration;

use oxgl_tests::{RunOutput, assert_gears_ran, gl_command, require_gl, run_client, run_for};

/// Error text that must never appear on a tool's stderr.
const ERROR_TEXT: &[&str] = &["Error", "error", "undefined symbol"];

fn assert_clean_stderr(out: &RunOutput) {
    oxgl_tests::assert_stderr_free_of(out, ERROR_TEXT);
}

/// The first stdout line starting with `prefix`, for failure messages.
fn line_with<'a>(out: &'a RunOutput, prefix: &str) -> &'a str {
    out.stdout
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or("(no such line)")
}

/// oxgl-specific: Mesa prints "OpenGL vendor string: Mesa/X.org".
fn assert_oxgl_vendor(out: &RunOutput) {
    assert!(
        out.has_line("OpenGL vendor string: oxgl"),
        "`{}`: GL_VENDOR is not oxgl: {:?}",
        out.command,
        line_with(out, "OpenGL vendor string:")
    );
}

fn glxinfo(args: &[&str]) -> RunOutput {
    let out = run_client("glxinfo", args, &[]);
    println!("{out}");
    assert!(
        out.success(),
        "`{}` failed: {:?}, stderr:\n{}",
        out.command,
        out.status,
        out.stderr
    );
    assert!(
        out.has_line("direct rendering: Yes"),
        "`{}`: {:?}",
        out.command,
        line_with(&out, "direct rendering:")
    );
    assert_oxgl_vendor(&out);
    assert_clean_stderr(&out);
    out
}

#[test]
fn glxinfo_plain() {
    let Some(_lib) = require_gl() else { return };
    let out = glxinfo(&[]);
    assert!(
        out.stdout
            .lines()
            .any(|l| l.starts_with("OpenGL extensions:")),
        "`glxinfo`: no `OpenGL extensions:` section"
    );
}

#[test]
fn glxinfo_limits() {
    let Some(_lib) = require_gl() else { return };
    let out = glxinfo(&["-l"]);
    assert!(
        out.has_line("OpenGL limits:"),
        "`glxinfo -l`: no `OpenGL limits:` section"
    );
    assert!(
        out.stdout.contains("GL_MAX_TEXTURE_SIZE = "),
        "`glxinfo -l`: no GL_MAX_TEXTURE_SIZE limit"
    );
}

#[test]
fn glxinfo_brief() {
    let Some(_lib) = require_gl() else { return };
    let out = glxinfo(&["-B"]);
    // glxinfo prints this section only when GLX_MESA_query_renderer works.
    assert!(
        out.has_line("Extended renderer info (GLX_MESA_query_renderer):"),
        "`glxinfo -B`: no GLX_MESA_query_renderer section"
    );
}

#[test]
fn wflinfo_glx() {
    let Some(_lib) = require_gl() else { return };
    // waffle dlopens libGL.so.1 (and libEGL.so.1, libGLESv2.so.2, ...).
    let out = run_client("wflinfo", &["-p", "glx", "-a", "gl"], &[]);
    println!("{out}");
    assert!(out.success(), "wflinfo -p glx -a gl failed:\n{out}");
    assert!(
        !out.stdout.contains("symbol") && !out.stderr.contains("symbol"),
        "wflinfo reports a symbol problem:\n{out}"
    );
    assert_oxgl_vendor(&out);
}

/// waffle's EGL platforms: `wflinfo -p x11_egl -a gl` and `-p surfaceless_egl
/// -a gl` create an OpenGL context through libEGL.so.1 and print its
/// strings; `-a gles2` an OpenGL ES 2.0 context (waffle binds the ES API
/// and asks for `EGL_OPENGL_ES2_BIT` configs).
fn wflinfo_egl(platform: &str, api: &str) -> RunOutput {
    let out = run_client("wflinfo", &["-p", platform, "-a", api], &[]);
    println!("{out}");
    assert!(
        out.success(),
        "wflinfo -p {platform} -a {api} failed:\n{out}"
    );
    assert!(
        out.has_line(&format!("Waffle platform: {platform}")),
        "wflinfo -p {platform}: no platform line:\n{out}"
    );
    assert_oxgl_vendor(&out);
    assert_clean_stderr(&out);
    out
}

/// oxgl-specific (Mesa's ES contexts are 3.2): an ES 2 or 3 request gets
/// ES 3.0.
fn assert_es2_version(out: &RunOutput) {
    let version = format!(
        "OpenGL version string: OpenGL ES 3.0 oxgl {}",
        env!("CARGO_PKG_VERSION")
    );
    assert!(out.has_line(&version), "expected `{version}`:\n{out}");
}

#[test]
fn wflinfo_x11_egl() {
    let Some(_lib) = require_gl() else { return };
    wflinfo_egl("x11_egl", "gl");
}

#[test]
fn wflinfo_surfaceless_egl() {
    let Some(_lib) = require_gl() else { return };
    wflinfo_egl("surfaceless_egl", "gl");
}

#[test]
fn wflinfo_x11_egl_gles2() {
    let Some(_lib) = require_gl() else { return };
    assert_es2_version(&wflinfo_egl("x11_egl", "gles2"));
}

#[test]
fn wflinfo_surfaceless_egl_gles2() {
    let Some(_lib) = require_gl() else { return };
    assert_es2_version(&wflinfo_egl("surfaceless_egl", "gles2"));
}

/// `-a gles3`: waffle asks for `EGL_OPENGL_ES3_BIT_KHR` configs and an
/// ES 3 context.
#[test]
fn wflinfo_surfaceless_egl_gles3() {
    let Some(_lib) = require_gl() else { return };
    assert_es2_version(&wflinfo_egl("surfaceless_egl", "gles3"));
}

/// GLX_EXT_create_context_es2_profile through waffle.
#[test]
fn wflinfo_glx_gles2() {
    let Some(_lib) = require_gl() else { return };
    let out = run_client("wflinfo", &["-p", "glx", "-a", "gles2"], &[]);
    println!("{out}");
    assert!(out.success(), "wflinfo -p glx -a gles2 failed:\n{out}");
    assert_es2_version(&out);
}

/// es2_info (mesa-utils-extra): an ES 2 context on an X11 EGL window; it
/// prints the EGL and GL strings.
#[test]
fn es2_info() {
    let Some(_lib) = require_gl() else { return };
    let out = run_client("es2_info", &[] as &[&str], &[]);
    println!("{out}");
    assert!(out.success(), "es2_info failed:\n{out}");
    assert_clean_stderr(&out);
    for line in [
        "EGL_CLIENT_APIS: OpenGL OpenGL_ES",
        "GL_SHADING_LANGUAGE_VERSION: OpenGL ES GLSL ES 3.00",
    ] {
        assert!(out.has_line(line), "es2_info: expected `{line}`:\n{out}");
    }
    // oxgl-specific: the version (Mesa: "OpenGL ES 3.2 Mesa 22.3.6").
    let version = format!(
        "GL_VERSION: OpenGL ES 3.0 oxgl {}",
        env!("CARGO_PKG_VERSION")
    );
    assert!(
        out.has_line(&version),
        "es2_info: expected `{version}`:\n{out}"
    );
}

/// eglinfo (mesa-utils) exits 0 and shows the X11, surfaceless and device
/// platforms, each with oxgl as vendor and a config table.
#[test]
fn eglinfo() {
    let Some(_lib) = require_gl() else { return };
    let out = run_client("eglinfo", &[] as &[&str], &[]);
    println!("{out}");
    // eglinfo's exit status counts the platforms that failed to
    // initialize: here only Wayland may, when no compositor runs (as in
    // Mesa; tests/tests/wayland.rs runs eglinfo under weston).
    let lines: Vec<&str> = out.stdout.lines().collect();
    let failed: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i] == "eglinfo: eglInitialize failed")
        .collect();
    assert!(
        failed
            .iter()
            .all(|&i| i > 0 && lines[i - 1] == "Wayland platform:"),
        "eglinfo: a platform other than Wayland failed:\n{out}"
    );
    assert!(
        !out.timed_out && out.status.and_then(|s| s.code()) == Some(failed.len() as i32),
        "eglinfo failed:\n{out}"
    );
    assert_clean_stderr(&out);
    for section in ["X11 platform:", "Surfaceless platform:", "Device platform:"] {
        assert!(
            out.has_line(section),
            "eglinfo: no {section:?} section:\n{out}"
        );
    }
    // oxgl-specific: the vendor of each of the three displays.
    let vendors = out
        .stdout
        .lines()
        .filter(|l| *l == "EGL vendor string: oxgl")
        .count();
    assert_eq!(
        vendors, 3,
        "eglinfo: oxgl is not the vendor of 3 displays:\n{out}"
    );
    assert!(
        out.has_line("EGL client APIs: OpenGL OpenGL_ES"),
        "eglinfo: client APIs:\n{out}"
    );
    let configs = out.stdout.lines().filter(|l| l.starts_with("0x0")).count();
    assert!(
        configs >= 12,
        "eglinfo: only {configs} config lines:\n{out}"
    );
}

/// glxgears for 10 s: it must still be running (no crash, no exit), have
/// drawn frames (it prints "N frames in 5.0 seconds = F FPS" every 5 s) and
/// have printed no error.
#[test]
fn glxgears_runs() {
    let Some(_lib) = require_gl() else { return };
    let out = run_for(
        gl_command("glxgears", &[] as &[&str], &[]),
        Duration::from_secs(10),
    );
    assert_gears_ran(&out, "glxgears", 10, ERROR_TEXT);
}

/// es2gears_x11 (mesa-utils-extra) for 10 s, as glxgears: still running,
/// frames reported (through `stdbuf -oL`: it does not flush its FPS lines),
/// no error.
#[test]
fn es2gears_runs() {
    let Some(_lib) = require_gl() else { return };
    let out = run_for(
        gl_command("stdbuf", &["-oL", "es2gears_x11"], &[]),
        Duration::from_secs(10),
    );
    assert_gears_ran(&out, "es2gears_x11", 10, ERROR_TEXT);
}

/// The versions glxinfo shows are exactly what the implementation supports:
/// GL 4.2 core and compatibility with GLSL 4.20, GLES 3.0 and GLES 1.1
/// (docs/status.md).
#[test]
fn glxinfo_versions_are_honest() {
    let Some(_lib) = require_gl() else { return };
    let out = glxinfo(&["-B"]);
    let pkg = env!("CARGO_PKG_VERSION");
    for version in [
        format!("OpenGL version string: 4.2 (Compatibility Profile) oxgl {pkg}"),
        format!("OpenGL core profile version string: 4.2 (Core Profile) oxgl {pkg}"),
    ] {
        assert!(out.has_line(&version), "expected `{version}`:\n{out}");
    }
    for line in [
        "    Max core profile version: 4.2",
        "    Max compat profile version: 4.2",
        "OpenGL shading language version string: 4.20",
        "OpenGL core profile shading language version string: 4.20",
        "OpenGL core profile profile mask: core profile",
        "OpenGL profile mask: compatibility profile",
        "    Max GLES1 profile version: 1.1",
        "    Max GLES[23] profile version: 3.0",
        "    Accelerated: no",
        "    Vendor: oxgl (0xffffffff)",
    ] {
        assert!(out.has_line(line), "expected `{line}`:\n{out}");
    }
    // glxinfo probes a core profile with glXCreateContextAttribsARB from
    // 4.6 down: nothing above 4.2 may answer.
    for v in ["4.3", "4.4", "4.5", "4.6"] {
        assert!(
            !out.stdout.contains(&format!("version string: {v}")),
            "a version above 4.2 is reported:\n{out}"
        );
    }
}

/// MESA_GL_VERSION_OVERRIDE works as in Mesa: below 3.2 it replaces the
/// compatibility version, from 3.2 on (without COMPAT) the core version.
#[test]
fn mesa_gl_version_override() {
    let Some(_lib) = require_gl() else { return };
    let out = run_client("glxinfo", &["-B"], &[("MESA_GL_VERSION_OVERRIDE", "2.1")]);
    let version = format!(
        "OpenGL version string: 2.1 oxgl {}",
        env!("CARGO_PKG_VERSION")
    );
    assert!(out.has_line(&version), "expected `{version}`:\n{out}");
    // glxinfo itself crashes on a core context without any extension (it
    // strstr()s the NULL list it builds); wflinfo checks the core override
    // without depending on which extensions exist.
    let out = run_client(
        "wflinfo",
        &["-p", "glx", "-a", "gl", "--profile", "core", "-V", "4.5"],
        &[("MESA_GL_VERSION_OVERRIDE", "4.5")],
    );
    let core = format!(
        "OpenGL version string: 4.5 (Core Profile) oxgl {}",
        env!("CARGO_PKG_VERSION")
    );
    assert!(
        out.success() && out.has_line(&core),
        "expected `{core}`:\n{out}"
    );
}

/// LIBGL_DEBUG=verbose shows the loader's decisions, Mesa-style; quiet
/// silences even errors.
#[test]
fn libgl_debug_levels() {
    let Some(_lib) = require_gl() else { return };
    let out = run_client("glxinfo", &["-B"], &[("LIBGL_DEBUG", "verbose")]);
    assert!(out.success(), "{out}");
    assert!(
        out.stderr.contains("libGL: OpenDriver: trying "),
        "no loader lines:\n{out}"
    );
    let out = run_client(
        "glxinfo",
        &["-B"],
        &[
            ("LIBGL_DEBUG", "quiet"),
            ("MESA_LOADER_DRIVER_OVERRIDE", "nonexistent"),
        ],
    );
    assert!(out.success(), "{out}");
    assert!(!out.stderr.contains("libGL"), "quiet still printed:\n{out}");
    let out = run_client(
        "glxinfo",
        &["-B"],
        &[("MESA_LOADER_DRIVER_OVERRIDE", "nonexistent")],
    );
    assert!(
        out.stderr
            .contains("libGL error: failed to load driver: nonexistent"),
        "{out}"
    );
}

/// piglit's `glinfo -auto` (Debian package `piglit`, optional here: it is
/// large, so CI does not install it) resolves its GL and EGL symbols from our
/// libraries and passes.
#[test]
fn piglit_glinfo() {
    let Some(_lib) = require_gl() else { return };
    let glinfo = std::path::Path::new("/usr/lib/x86_64-linux-gnu/piglit/bin/glinfo");
    if !glinfo.exists() {
        println!("skipped: piglit is not installed");
        return;
    }
    let out = run_client(glinfo, &["-auto"], &[]);
    assert!(out.success(), "glinfo -auto failed:\n{out}");
    assert!(out.stdout.contains("GL_VENDOR = oxgl"), "{out}");
    assert!(
        out.stdout.contains("PIGLIT: {\"result\": \"pass\" }"),
        "{out}"
    );
    assert!(!out.stderr.contains("symbol"), "symbol errors:\n{out}");
}
