//! The EGL Wayland platform under a private weston (headless backend, its
//! own socket and `XDG_RUNTIME_DIR`, stopped by PID; skipped without weston
//! unless `OXGL_REQUIRE_X=1`): the `egl_wayland` C client (displays,
//! configs, window surfaces on `wl_egl_window`s with colours read back,
//! resizes, errors, pbuffers, surfaceless contexts; it also passes on Mesa
//! llvmpipe without its "oxgl" checks), `eglinfo`'s Wayland platform,
//! `wflinfo -p wayland`, `es2gears_wayland` and `glmark2-es2-wayland`.
//!
//! No X server is needed; the clients get `XDG_RUNTIME_DIR` and
//! `WAYLAND_DISPLAY` from [`Weston::env`].

use std::time::Duration;

use oxgl_tests::{RunOutput, Weston, compile_client_with, gl_command, require_lib, run_for};

/// Runs `program` with the library and the compositor's environment.
fn run(weston: &Weston, program: &str, args: &[&str], limit: Duration) -> RunOutput {
    let env = weston.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    oxgl_tests::run_with_timeout(gl_command(program, args, &env), limit)
}

/// Text that must never appear on a tool's stderr.
const ERROR_TEXT: &[&str] = &["Error", "error", "panicked", "libEGL warning"];

fn assert_clean_stderr(out: &RunOutput) {
    for text in ERROR_TEXT {
        assert!(
            !out.stderr.contains(text),
            "`{}`: stderr contains {text:?}:\n{}",
            out.command,
            out.stderr
        );
    }
}

#[test]
fn egl_wayland_client() {
    let Some(_lib) = require_lib() else { return };
    let Some(weston) = Weston::start() else {
        return;
    };
    let client = compile_client_with("egl_wayland", &["-lwayland-client", "-lwayland-egl"]);
    let out = run(
        &weston,
        client.to_str().unwrap_or_default(),
        &["oxgl"],
        Duration::from_secs(60),
    );
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "egl_wayland failed:\n{out}"
    );
    assert!(out.has_line("vendor oxgl"), "not oxgl's EGL:\n{out}");
}

/// eglinfo lists the Wayland platform with vendor oxgl and window configs.
#[test]
fn eglinfo_wayland() {
    let Some(_lib) = require_lib() else { return };
    let Some(weston) = Weston::start() else {
        return;
    };
    let out = run(&weston, "eglinfo", &[], Duration::from_secs(60));
    println!("{out}");
    // eglinfo exits 1 when a platform fails: X11 does without an X server.
    let x = std::env::var("DISPLAY").is_ok_and(|d| !d.is_empty());
    assert!(
        out.success() || (!x && !out.timed_out),
        "eglinfo failed:\n{out}"
    );
    let section: Vec<&str> = out
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Wayland platform:"))
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(!section.is_empty(), "no Wayland platform:\n{out}");
    assert!(
        section.contains(&"EGL vendor string: oxgl"),
        "Wayland platform not oxgl's:\n{}",
        section.join("\n")
    );
    let windows = section
        .iter()
        .filter(|l| l.starts_with("0x") && l.contains("win"))
        .count();
    assert!(
        windows >= 6,
        "{windows} window configs:\n{}",
        section.join("\n")
    );
    assert!(
        out.stdout.contains("EGL_KHR_platform_wayland"),
        "no EGL_KHR_platform_wayland:\n{out}"
    );
}

fn wflinfo(api: &str, version: &str) {
    let Some(_lib) = require_lib() else { return };
    let Some(weston) = Weston::start() else {
        return;
    };
    let out = run(
        &weston,
        "wflinfo",
        &["-p", "wayland", "-a", api],
        Duration::from_secs(60),
    );
    println!("{out}");
    assert!(out.success(), "wflinfo -p wayland -a {api} failed:\n{out}");
    assert!(
        out.has_line("OpenGL vendor string: oxgl"),
        "not oxgl:\n{out}"
    );
    assert!(
        out.stdout
            .lines()
            .any(|l| l.starts_with(&format!("OpenGL version string: {version}"))),
        "version is not {version}:\n{out}"
    );
}

#[test]
fn wflinfo_wayland_gles2() {
    wflinfo("gles2", "OpenGL ES 2.0 oxgl");
}

#[test]
fn wflinfo_wayland_gl() {
    wflinfo("gl", "2.1 oxgl");
}

/// The frames es2gears prints ("N frames in 5.0 seconds = F FPS").
fn reported_frames(stdout: &str) -> u64 {
    stdout
        .lines()
        .filter_map(|l| l.split_once(" frames in ").map(|(n, _)| n.trim()))
        .filter_map(|n| n.parse::<u64>().ok())
        .sum()
}

/// es2gears_wayland for 11 s (an xdg-shell window, swap interval 1 paced by
/// frame callbacks): still running, frames reported, no error.
#[test]
fn es2gears_wayland_runs() {
    let Some(_lib) = require_lib() else { return };
    let Some(weston) = Weston::start() else {
        return;
    };
    let env = weston.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let out = run_for(
        gl_command("stdbuf", &["-oL", "es2gears_wayland"], &env),
        Duration::from_secs(11),
    );
    println!("{out}");
    assert!(out.timed_out, "es2gears_wayland exited within 11 s:\n{out}");
    assert_clean_stderr(&out);
    let frames = reported_frames(&out.stdout);
    assert!(frames > 0, "es2gears_wayland reported no frames:\n{out}");
}

/// glmark2-es2-wayland, two short scenes: a score and no error. Skipped
/// when it is not installed (it is not in scripts/setup.sh's list).
#[test]
fn glmark2_es2_wayland_runs() {
    let Some(_lib) = require_lib() else { return };
    if !std::path::Path::new("/usr/bin/glmark2-es2-wayland").exists() {
        eprintln!("skipped: glmark2-es2-wayland is not installed");
        return;
    }
    let Some(weston) = Weston::start() else {
        return;
    };
    let out = run(
        &weston,
        "glmark2-es2-wayland",
        &[
            "-b",
            "build:use-vbo=true:duration=1.0",
            "-b",
            "shading:shading=phong:duration=1.0",
        ],
        Duration::from_secs(120),
    );
    println!("{out}");
    assert!(out.success(), "glmark2-es2-wayland failed:\n{out}");
    assert!(
        out.stdout.contains("GL_VENDOR:") && out.stdout.contains("oxgl"),
        "not oxgl:\n{out}"
    );
    assert!(out.stdout.contains("glmark2 Score:"), "no score:\n{out}");
    assert!(
        !out.stdout.contains("Error") && !out.stderr.contains("Error"),
        "an error:\n{out}"
    );
}
