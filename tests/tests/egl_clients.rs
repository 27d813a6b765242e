//! The EGL C clients of `tests/clients/`, compiled against the built library
//! and run on it: `egl_basic` (X11, surfaceless and device platforms,
//! configs, pbuffer and window surfaces, contexts, rendering read back, the
//! EGL error of each bad display, config, surface, context and attribute)
//! and `egl_threads` (contexts current in several threads at once, the
//! cross-thread EGL_BAD_ACCESS rules, and 5,000 pbuffer + context cycles
//! that must not grow resident memory by more than 4 MiB), and `gles2`
//! (OpenGL ES 2.0 contexts through EGL and GLX). All also pass on Mesa
//! llvmpipe (see their headers).

use oxgl_tests::{compile_client, require_gl, run_client};

const NO_ARGS: &[&str] = &[];

#[test]
fn egl_basic() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("egl_basic");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "egl_basic failed:\n{out}"
    );
    // oxgl-specific: the vendor. (The client itself checks that a 3.3
    // core context is created and reports the core profile.)
    assert!(
        out.has_line("x11: EGL 1.5 vendor oxgl, client APIs OpenGL OpenGL_ES"),
        "egl_basic: not oxgl's EGL:\n{out}"
    );
}

/// OpenGL ES 2.0 through EGL (surfaceless) and GLX: strings, ES-only
/// queries and commands, desktop commands refused, GLSL ES 1.00 with
/// precision rules and located errors, triangles read back.
#[test]
fn gles2() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gles2");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "gles2 failed:\n{out}"
    );
    // An ES 2 request gets the highest ES version, as Mesa's (3.2 there).
    let version = format!("version: OpenGL ES 3.0 oxgl {}", env!("CARGO_PKG_VERSION"));
    for line in [
        version.as_str(),
        "glsl: OpenGL ES GLSL ES 3.00",
        "no-precision log: 0:2(11): error: No precision specified in this scope for type `float'",
        "sampler1D log: 0:2(19): error: No precision specified in this scope for type `sampler1D'",
    ] {
        assert!(out.has_line(line), "gles2: expected `{line}`:\n{out}");
    }
}

/// OpenGL ES 3.0 through surfaceless EGL: strings, GLSL ES 3.00 with a
/// uniform block, transform feedback objects paused and resumed, internal
/// format and program binary queries, framebuffer invalidation, the fixed
/// restart index and an ETC2 block, read back.
#[test]
fn gles3() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gles3");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "gles3 failed:\n{out}"
    );
    let version = format!("version: OpenGL ES 3.0 oxgl {}", env!("CARGO_PKG_VERSION"));
    for line in [
        version.as_str(),
        "glsl: OpenGL ES GLSL ES 3.00",
        "desktop-version log: 0:1(10): error: GLSL 3.30 is not supported. \
         Supported versions are: 1.00 ES, 3.00 ES",
        "srgb surface: encoded",
    ] {
        assert!(out.has_line(line), "gles3: expected `{line}`:\n{out}");
    }
}

/// OpenGL ES 1.1 through surfaceless EGL: a config of the default
/// renderable type, a context of the default client version, the ES-CM
/// strings and required extensions, fixed-point and byte arrays, lighting,
/// a paletted texture, point size arrays and sprites, read back.
#[test]
fn gles1() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("gles1");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "gles1 failed:\n{out}"
    );
    let version = format!(
        "version: OpenGL ES-CM 1.1 oxgl {}",
        env!("CARGO_PKG_VERSION")
    );
    // The cube map faces the normals name (faces coloured +X red, -X
    // green, +Y blue, -Y yellow, +Z cyan, -Z magenta).
    for line in [
        version.as_str(),
        "cube +Y: 0 0 255",
        "cube -Y: 255 255 0",
        "cube +Z: 0 255 255",
        "cube -Z: 255 0 255",
    ] {
        assert!(out.has_line(line), "gles1: expected `{line}`:\n{out}");
    }
}

#[test]
fn egl_threads() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("egl_threads");
    let out = run_client(&client, NO_ARGS, &[]);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS (4 threads x 200 iterations)"),
        "egl_threads failed:\n{out}"
    );
}

/// `EGL_LOG_LEVEL=debug` prints Mesa-style `libEGL debug:` lines, among
/// them the user error of a failing call; the default level prints none.
#[test]
fn egl_log_level() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("egl_threads");
    let out = run_client(&client, NO_ARGS, &[("EGL_LOG_LEVEL", "debug")]);
    println!("{out}");
    assert!(out.success(), "egl_threads failed:\n{out}");
    assert!(
        out.stderr.lines().any(|l| l
            .starts_with("libEGL debug: EGL user error 0x300c (EGL_BAD_PARAMETER) in eglBindAPI")),
        "no debug line for the failed eglBindAPI:\n{out}"
    );
    // LIBGL_DEBUG=verbose turns EGL's debug lines on too (docs/egl.md).
    let verbose = run_client(&client, NO_ARGS, &[("LIBGL_DEBUG", "verbose")]);
    assert!(
        verbose.stderr.contains("libEGL debug: EGL user error"),
        "LIBGL_DEBUG=verbose: no libEGL debug lines:\n{verbose}"
    );
    let quiet = run_client(&client, NO_ARGS, &[]);
    assert!(
        !quiet.stderr.contains("libEGL"),
        "libEGL lines at the default level:\n{quiet}"
    );
}

/// `EGL_PLATFORM` picks the platform of `eglGetDisplay(EGL_DEFAULT_DISPLAY)`
/// (Mesa's names): X11 by default (on `$DISPLAY`, with window configs),
/// surfaceless (pbuffers only); device refuses the default display, as in
/// Mesa; a platform oxgl lacks (xcb) gives a display that eglInitialize
/// refuses (EGL_NOT_INITIALIZED), as a Mesa built without it does; Wayland
/// without a compositor fails there too; an unknown name is
/// warned about and ignored.
#[test]
fn egl_platform_env() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("egl_platform_env");
    let run = |platform: Option<&str>| {
        let env: Vec<(&str, &str)> = platform.map(|p| ("EGL_PLATFORM", p)).into_iter().collect();
        let out = run_client(&client, NO_ARGS, &env);
        println!("EGL_PLATFORM={platform:?}: {out}");
        assert!(out.success(), "egl_platform_env failed:\n{out}");
        out
    };
    let windowed = |out: &oxgl_tests::RunOutput| {
        out.stdout.starts_with("display: ")
            && !out.stdout.contains(" 0 with windows")
            && out.stdout.contains("vendor oxgl")
    };
    assert!(windowed(&run(None)), "default platform is not X11");
    assert!(windowed(&run(Some("x11"))), "EGL_PLATFORM=x11");
    let out = run(Some("surfaceless"));
    assert!(
        out.stdout.starts_with("display: ") && out.stdout.contains(" 0 with windows"),
        "EGL_PLATFORM=surfaceless: {out}"
    );
    // The device platform needs a device as native display (as in Mesa).
    let out = run(Some("device"));
    assert!(
        out.has_line("no display: 0x300c"),
        "EGL_PLATFORM=device: {out}"
    );
    // A platform oxgl lacks: a display that does not initialize (as a Mesa
    // built without it).
    let out = run(Some("xcb"));
    assert!(
        out.has_line("initialize failed: 0x3001"),
        "EGL_PLATFORM=xcb: {out}"
    );
    assert!(
        out.stderr
            .contains("libEGL warning: the xcb platform is not supported by oxgl"),
        "EGL_PLATFORM=xcb: no warning: {out}"
    );
    // Wayland without a compositor: the connection fails at eglInitialize
    // (silently at the default log level, as in Mesa).
    let out = run_client(
        &client,
        NO_ARGS,
        &[
            ("EGL_PLATFORM", "wayland"),
            ("WAYLAND_DISPLAY", "oxgl-no-such-compositor"),
        ],
    );
    println!("EGL_PLATFORM=wayland, no compositor: {out}");
    assert!(
        out.success() && out.has_line("initialize failed: 0x3001"),
        "EGL_PLATFORM=wayland: {out}"
    );
    assert!(
        !out.stderr.contains("libEGL warning"),
        "EGL_PLATFORM=wayland: a warning at the default level (Mesa has none): {out}"
    );
    // The application closes its Display without eglTerminate: the EGL
    // display is no longer initialized (its connection is gone).
    let out = run_client(&client, &["close"], &[]);
    println!("close: {out}");
    assert!(
        out.success() && out.has_line("after XCloseDisplay: 0x3001"),
        "after XCloseDisplay: {out}"
    );
    let out = run(Some("bogus"));
    assert!(windowed(&out), "EGL_PLATFORM=bogus: {out}");
    assert!(
        out.stderr
            .contains("libEGL warning: invalid EGL_PLATFORM given"),
        "EGL_PLATFORM=bogus: no warning: {out}"
    );
}
