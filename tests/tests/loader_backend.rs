//! The loader, end to end through libGL: a fake PCI device (8086:0126, which
//! maps to the `i965` backend) under `OXGL_SYSFS_ROOT`, and the recording test
//! backend installed as `i965_dri.so` on `LIBGL_DRIVERS_PATH`. The backend must
//! receive the context and draw hooks; a missing or ABI-mismatched backend
//! must fall back to swrast and say why, and the program must still work.

use std::fs;
use std::path::{Path, PathBuf};

use oxgl_tests::{compile_client, require_gl, run_client, workspace_root};

const NO_ARGS: &[&str] = &[];

struct Fixture {
    dir: PathBuf,
}

impl Fixture {
    fn new(name: &str) -> Fixture {
        let dir = std::env::temp_dir().join(format!("oxgl-loader-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let dev = dir.join("sys/bus/pci/devices/0000:00:02.0");
        fs::create_dir_all(&dev).unwrap();
        fs::write(dev.join("class"), "0x030000\n").unwrap();
        fs::write(dev.join("vendor"), "0x8086\n").unwrap();
        fs::write(dev.join("device"), "0x0126\n").unwrap();
        fs::create_dir_all(dir.join("dri")).unwrap();
        Fixture { dir }
    }

    fn sysfs(&self) -> String {
        self.dir.join("sys").display().to_string()
    }

    fn drivers(&self) -> String {
        self.dir.join("dri").display().to_string()
    }

    fn install_recorder(&self) {
        let built = workspace_root().join("target/release/librecorder_dri.so");
        assert!(
            built.exists(),
            "{} is missing: run `cargo build --release` first",
            built.display()
        );
        fs::copy(&built, self.dir.join("dri/i965_dri.so")).unwrap();
    }

    fn log(&self) -> PathBuf {
        self.dir.join("hooks.log")
    }

    /// Runs `client` with the recorder installed for the fake device,
    /// logging its hooks to [`Fixture::log`], `extra` added to the
    /// environment.
    fn run_recorded(&self, client: &Path, extra: &[(&str, &str)]) -> oxgl_tests::RunOutput {
        self.install_recorder();
        let log = self.log().display().to_string();
        let (sysfs, drivers) = (self.sysfs(), self.drivers());
        let mut env = vec![
            ("OXGL_SYSFS_ROOT", sysfs.as_str()),
            ("LIBGL_DRIVERS_PATH", drivers.as_str()),
            ("OXGL_RECORDER_LOG", log.as_str()),
        ];
        env.extend_from_slice(extra);
        run_client(client, NO_ARGS, &env)
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

fn read(p: &Path) -> String {
    fs::read_to_string(p).unwrap_or_default()
}

#[test]
fn fake_device_binds_its_backend_and_receives_hooks() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("draw_hooks");
    let fx = Fixture::new("bind");
    let drivers = fx.drivers();
    let out = fx.run_recorded(&client, &[("LIBGL_DEBUG", "verbose")]);
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "{out}");
    assert!(
        out.has_line("renderer: oxgl recorder test backend"),
        "{out}"
    );
    assert!(
        out.stderr
            .contains("libGL: pci id for device 0000:00:02.0: 8086:0126, driver i965"),
        "no pci id line:\n{out}"
    );
    let tried = format!("libGL: OpenDriver: trying {drivers}/i965_dri.so");
    assert!(out.stderr.contains(&tried), "no `{tried}`:\n{out}");
    let hooks = read(&fx.log());
    println!("hooks:\n{hooks}");
    for hook in [
        "create_screen",
        "create_drawable",
        "create_context",
        "make_current",
        "clear",
        "create_shader",
        "draw_prims",
        "swap_buffers",
        "map_buffer",
    ] {
        assert!(
            hooks.lines().any(|l| l == hook),
            "hook {hook} not called; log:\n{hooks}"
        );
    }
}

#[test]
fn missing_backend_falls_back_to_swrast() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("draw_hooks");
    let fx = Fixture::new("missing");
    let (sysfs, drivers) = (fx.sysfs(), fx.drivers());
    let env = [
        ("OXGL_SYSFS_ROOT", sysfs.as_str()),
        ("LIBGL_DRIVERS_PATH", drivers.as_str()),
        ("LIBGL_DEBUG", "verbose"),
    ];
    let out = run_client(&client, NO_ARGS, &env);
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "{out}");
    assert!(out.has_line("renderer: oxgl swrast"), "{out}");
    assert!(
        out.stderr
            .contains("libGL error: failed to load driver: i965"),
        "{out}"
    );
}

#[test]
fn abi_mismatch_falls_back_to_swrast() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("draw_hooks");
    let fx = Fixture::new("abi");
    fx.install_recorder();
    let (sysfs, drivers) = (fx.sysfs(), fx.drivers());
    let env = [
        ("OXGL_SYSFS_ROOT", sysfs.as_str()),
        ("LIBGL_DRIVERS_PATH", drivers.as_str()),
        ("OXGL_RECORDER_ABI", "999"),
    ];
    let out = run_client(&client, NO_ARGS, &env);
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "{out}");
    assert!(out.has_line("renderer: oxgl swrast"), "{out}");
    assert!(
        out.stderr.contains("ABI version"),
        "no ABI mismatch message:\n{out}"
    );
}

#[test]
fn always_software_skips_the_device() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("draw_hooks");
    let fx = Fixture::new("sw");
    fx.install_recorder();
    let (sysfs, drivers) = (fx.sysfs(), fx.drivers());
    let env = [
        ("OXGL_SYSFS_ROOT", sysfs.as_str()),
        ("LIBGL_DRIVERS_PATH", drivers.as_str()),
        ("LIBGL_ALWAYS_SOFTWARE", "1"),
    ];
    let out = run_client(&client, NO_ARGS, &env);
    println!("{out}");
    assert!(
        out.success() && out.has_line("renderer: oxgl swrast"),
        "{out}"
    );
}

/// Rendering into textures through framebuffer objects and sampling them
/// moves no image between the core and the backend: between the client's
/// marks (three frames of render-to-texture, depth texture included, and
/// sampling in the window) the backend is never asked to map a buffer,
/// which is how the core copies images in and out of drawables.
#[test]
fn render_to_texture_copies_no_image() {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client("render_to_texture");
    let fx = Fixture::new("rtt");
    let out = fx.run_recorded(&client, &[]);
    println!("{out}");
    assert!(out.success() && out.has_line("PASS"), "{out}");
    let hooks = read(&fx.log());
    let steady: Vec<&str> = hooks
        .lines()
        .skip_while(|l| *l != "MARK steady")
        .take_while(|l| *l != "MARK end")
        .collect();
    println!("hooks between the marks:\n{}", steady.join("\n"));
    let count = |hook: &str| steady.iter().filter(|l| **l == hook).count();
    assert!(count("draw_prims") >= 9, "the frames did not draw");
    assert_eq!(count("map_buffer"), 0, "images were copied");
    assert_eq!(count("create_drawable"), 0, "drawables were remade");
    // Generating mipmaps of a rendered image copies it back once a frame;
    // the clears that replace it whole copy nothing in.
    let mipmaps: Vec<&str> = hooks
        .lines()
        .skip_while(|l| *l != "MARK mipmaps")
        .take_while(|l| *l != "MARK mipmaps end")
        .collect();
    let maps = mipmaps.iter().filter(|l| **l == "map_buffer").count();
    assert!(
        mipmaps.iter().filter(|l| **l == "draw_prims").count() >= 3,
        "the mipmap frames did not draw: {mipmaps:?}"
    );
    assert_eq!(maps, 3, "one copy per glGenerateMipmap: {mipmaps:?}");
    // After the marks, glGetTexImage and glReadPixels do copy.
    assert!(
        hooks
            .lines()
            .skip_while(|l| *l != "MARK end")
            .any(|l| l == "map_buffer")
    );
}
