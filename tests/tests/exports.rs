//! What `libGL.so.1` exports, compared with the pinned Khronos registry read
//! here directly (not through the generator under test): every GL 1.0–4.6
//! command (compatibility profile, so every core one too), every GLX 1.4
//! command, every command of gl.xml at all, and every EGL 1.5 command.
//! Also: the other library names resolve to the same file.

use std::collections::BTreeSet;
use std::process::Command;

use oxgl_tests::{lib_dir, require_lib, workspace_root};

fn exported() -> BTreeSet<String> {
    let lib = lib_dir().join("libGL.so.1");
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&lib)
        .output()
        .expect("nm runs");
    assert!(out.status.success(), "nm failed on {}", lib.display());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .map(|s| s.split('@').next().unwrap_or(s).to_string())
        .collect()
}

fn registry(file: &str) -> String {
    std::fs::read_to_string(workspace_root().join("glapi/xml").join(file)).expect("registry file")
}

/// Commands required by the `<feature>`s of `api` whose name passes `pick`.
fn feature_commands(xml: &str, api: &str, pick: impl Fn(&str) -> bool) -> BTreeSet<String> {
    let doc = roxmltree::Document::parse(xml).expect("registry parses");
    let mut out = BTreeSet::new();
    for f in doc.descendants().filter(|n| n.has_tag_name("feature")) {
        if f.attribute("api") != Some(api) || !pick(f.attribute("name").unwrap_or("")) {
            continue;
        }
        for r in f.children().filter(|n| n.has_tag_name("require")) {
            for c in r.children().filter(|n| n.has_tag_name("command")) {
                out.insert(c.attribute("name").unwrap_or("").to_string());
            }
        }
    }
    out
}

fn all_commands(xml: &str) -> BTreeSet<String> {
    let doc = roxmltree::Document::parse(xml).expect("registry parses");
    doc.descendants()
        .filter(|n| {
            n.has_tag_name("command") && n.parent().is_some_and(|p| p.has_tag_name("commands"))
        })
        .filter_map(|c| c.children().find(|n| n.has_tag_name("proto")))
        .filter_map(|p| p.children().find(|n| n.has_tag_name("name")))
        .filter_map(|n| n.text())
        .map(str::to_string)
        .collect()
}

fn missing(want: &BTreeSet<String>, have: &BTreeSet<String>) -> Vec<String> {
    want.difference(have).cloned().collect()
}

#[test]
fn exports_every_gl_and_glx_command() {
    let Some(_lib) = require_lib() else { return };
    let have = exported();
    let gl = registry("gl.xml");
    let gl46 = feature_commands(&gl, "gl", |n| n.starts_with("GL_VERSION_"));
    let every_gl = all_commands(&gl);
    let glx = registry("glx.xml");
    let glx14 = feature_commands(&glx, "glx", |n| n.starts_with("GLX_VERSION_1_"));
    let egl = registry("egl.xml");
    let egl15 = feature_commands(&egl, "egl", |n| n.starts_with("EGL_VERSION_1_"));
    println!(
        "exported: {} symbols; GL 1.0-4.6: {} commands; all of gl.xml: {}; GLX 1.4: {}; EGL 1.5: {}",
        have.len(),
        gl46.len(),
        every_gl.len(),
        glx14.len(),
        egl15.len()
    );
    assert_eq!(
        gl46.len(),
        1048,
        "GL 4.6 compatibility has 1048 commands in the pinned gl.xml"
    );
    assert_eq!(glx14.len(), 39);
    assert!(
        missing(&gl46, &have).is_empty(),
        "GL commands not exported: {:?}",
        missing(&gl46, &have)
    );
    assert!(
        missing(&every_gl, &have).is_empty(),
        "gl.xml commands not exported: {:?}",
        missing(&every_gl, &have)
    );
    assert!(
        missing(&glx14, &have).is_empty(),
        "GLX 1.4 commands not exported: {:?}",
        missing(&glx14, &have)
    );
    assert!(
        missing(&egl15, &have).is_empty(),
        "EGL 1.5 commands not exported: {:?}",
        missing(&egl15, &have)
    );
    // GLX extension functions we advertise.
    for f in [
        "glXCreateContextAttribsARB",
        "glXGetProcAddressARB",
        "glXSwapIntervalEXT",
        "glXSwapIntervalMESA",
        "glXGetSwapIntervalMESA",
        "glXSwapIntervalSGI",
        "glXQueryRendererIntegerMESA",
        "glXQueryRendererStringMESA",
        "glXQueryCurrentRendererIntegerMESA",
        "glXQueryCurrentRendererStringMESA",
        "glXMakeCurrentReadSGI",
        "glXGetCurrentReadDrawableSGI",
        "glXChooseFBConfigSGIX",
    ] {
        assert!(have.contains(f), "{f} not exported");
    }
    // EGL extension functions we advertise (also found by eglGetProcAddress).
    for f in [
        "eglGetPlatformDisplayEXT",
        "eglCreatePlatformWindowSurfaceEXT",
        "eglCreatePlatformPixmapSurfaceEXT",
        "eglQueryDevicesEXT",
        "eglQueryDeviceStringEXT",
        "eglQueryDeviceAttribEXT",
        "eglQueryDisplayAttribEXT",
    ] {
        assert!(have.contains(f), "{f} not exported");
    }
    // Nothing but API entry points leaks out of the library.
    let stray: Vec<&String> = have
        .iter()
        .filter(|s| !(s.starts_with("gl") || s.starts_with("egl") || s.starts_with("GL")))
        .collect();
    assert!(stray.is_empty(), "non-API symbols exported: {stray:?}");
}

#[test]
fn every_library_name_is_the_same_file() {
    let Some(_lib) = require_lib() else { return };
    let gl = std::fs::canonicalize(lib_dir().join("libGL.so.1")).unwrap();
    for name in [
        "libGL.so",
        "libEGL.so.1",
        "libEGL.so",
        "libGLESv2.so.2",
        "libGLESv2.so",
        "libGLESv1_CM.so.1",
        "libOpenGL.so.0",
    ] {
        let p =
            std::fs::canonicalize(lib_dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p, gl, "{name} is not libGL.so.1");
    }
    let out = Command::new("readelf")
        .args(["-d"])
        .arg(lib_dir().join("libGL.so.1"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Library soname: [libGL.so.1]"),
        "soname:\n{text}"
    );
    assert!(
        lib_dir().join("swrast_dri.so").exists(),
        "swrast_dri.so missing"
    );
}
