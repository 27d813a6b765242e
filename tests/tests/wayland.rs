//! The EGL Wayland platform under a private weston (headless backend, its
//! own socket and `XDG_RUNTIME_DIR`, stopped by PID; skipped without weston
//! unless `OXGL_REQUIRE_X=1`): the `egl_wayland` C client (displays,
//! configs, window surfaces on `wl_egl_window`s with colours read back,
//! resizes, errors, pbuffers, surfaceless contexts; it also passes on Mesa
//! llvmpipe without its "oxgl" checks), `eglinfo`'s Wayland platform,
//! `wflinfo -p wayland`, `es2gears_wayland` (frames, and a screenshot of
//! what the compositor shows) and `glmark2-es2-wayland`.
//!
//! No X server is needed; the clients get `XDG_RUNTIME_DIR` and
//! `WAYLAND_DISPLAY` from [`Weston::env`].

use std::time::Duration;

use oxgl_tests::{
    RunOutput, Weston, assert_gears_ran, compile_client_with, gl_command, require_lib, run_for,
};

/// Runs `program` with the library and the compositor's environment.
fn run(weston: &Weston, program: &str, args: &[&str], limit: Duration) -> RunOutput {
    let env = weston.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    oxgl_tests::run_with_timeout(gl_command(program, args, &env), limit)
}

/// Text that must never appear on a tool's stderr.
const ERROR_TEXT: &[&str] = &["Error", "error", "panicked", "libEGL warning"];

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
    wflinfo("gles2", "OpenGL ES 3.0 oxgl");
}

#[test]
fn wflinfo_wayland_gl() {
    wflinfo("gl", "4.2 (Compatibility Profile) oxgl");
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
    assert_gears_ran(&out, "es2gears_wayland", 11, ERROR_TEXT);
}

/// What the compositor shows: es2gears_wayland under a weston that renders
/// with pixman (`--debug` lets `weston-screenshooter` read its output back),
/// screenshot after 3 s. The gears must be where es2gears puts them, in
/// their colours: the blue gear above the red one, the green one right of
/// it — a swap of red and blue, or a picture upside down, fails.
#[test]
fn es2gears_wayland_screenshot() {
    let Some(_lib) = require_lib() else { return };
    let Some(weston) =
        Weston::start_with(&["--debug", "--use-pixman", "--width=640", "--height=480"])
    else {
        return;
    };
    let env = weston.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut gears = gl_command("es2gears_wayland", &[] as &[&str], &env)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("cannot start es2gears_wayland");
    std::thread::sleep(Duration::from_secs(3));
    let shots = weston.runtime_dir().join("shots");
    std::fs::create_dir_all(&shots).expect("cannot make the screenshot directory");
    let mut cmd = std::process::Command::new("weston-screenshooter");
    for (k, v) in &env {
        cmd.env(k, v);
    }
    cmd.current_dir(&shots);
    let shot = oxgl_tests::run_with_timeout(cmd, Duration::from_secs(30));
    let _ = gears.kill();
    let _ = gears.wait();
    assert!(shot.success(), "weston-screenshooter failed:\n{shot}");
    let png = std::fs::read_dir(&shots)
        .expect("no screenshot directory")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "png"))
        .expect("weston-screenshooter wrote no PNG");
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&png).expect("cannot open the screenshot"),
    ));
    let mut reader = decoder.read_info().expect("not a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("PNG size")];
    let info = reader
        .next_frame(&mut pixels)
        .expect("cannot decode the PNG");
    let channels = info.color_type.samples();
    // Mean position of the pixels where one channel dominates.
    let mut sums = [(0u64, 0u64, 0u64); 3];
    for y in 0..info.height as usize {
        for x in 0..info.width as usize {
            let i = (y * info.width as usize + x) * channels;
            let (r, g, b) = (pixels[i], pixels[i + 1], pixels[i + 2]);
            for (c, v) in [r, g, b].into_iter().enumerate() {
                let others = [r, g, b]
                    .into_iter()
                    .enumerate()
                    .filter(|&(o, _)| o != c)
                    .all(|(_, w)| w < 90);
                if v > 150 && others {
                    sums[c].0 += x as u64;
                    sums[c].1 += y as u64;
                    sums[c].2 += 1;
                }
            }
        }
    }
    let mean = |c: usize| {
        let (x, y, n) = sums[c];
        assert!(
            n > 500,
            "only {n} pixels of colour {c} in {}",
            png.display()
        );
        (x / n, y / n)
    };
    let (red, green, blue) = (mean(0), mean(1), mean(2));
    println!("gears: red at {red:?}, green at {green:?}, blue at {blue:?}");
    assert!(blue.1 < red.1, "the blue gear is not above the red one");
    assert!(
        green.0 > red.0,
        "the green gear is not right of the red one"
    );
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
