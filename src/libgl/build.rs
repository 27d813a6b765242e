//! Gives the cdylib its soname and lays out `target/<profile>/lib/`: the names
//! programs load (`libGL.so.1`, `libEGL.so.1`, `libGLESv2.so.2`, ...) as
//! symlinks to the one `libGL.so`, and `swrast_dri.so`. The links are made
//! before the libraries exist and resolve once cargo has built them.
//!
//! One file behind every name means one core per process: the dynamic loader
//! recognizes an already-loaded object by its file identity (device + inode),
//! so `dlopen("libEGL.so.1")` after `libGL.so.1` returns the same object.

use std::path::{Path, PathBuf};

const GL_NAMES: &[&str] = &[
    "libGL.so.1",
    "libEGL.so.1",
    "libEGL.so",
    "libGLESv2.so.2",
    "libGLESv2.so",
    "libGLESv1_CM.so.1",
    "libGLESv1_CM.so",
    "libOpenGL.so.0",
    "libOpenGL.so",
];

fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libGL.so.1");
    println!("cargo:rerun-if-changed=build.rs");
    let Some(profile_dir) = profile_dir() else {
        println!(
            "cargo:warning=cannot locate the target directory; target/<profile>/lib not created"
        );
        return;
    };
    let lib = profile_dir.join("lib");
    if let Err(e) = std::fs::create_dir_all(&lib) {
        println!("cargo:warning=cannot create {}: {e}", lib.display());
        return;
    }
    let mut links: Vec<(&str, &str)> = GL_NAMES.iter().map(|n| (*n, "../libGL.so")).collect();
    links.push(("libGL.so", "../libGL.so"));
    links.push(("swrast_dri.so", "../libswrast_dri.so"));
    for (name, target) in links {
        link(&lib.join(name), Path::new(target));
    }
}

/// `target/<profile>` from `OUT_DIR` (`target/<profile>/build/<pkg>-<hash>/out`).
fn profile_dir() -> Option<PathBuf> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR")?);
    Some(out.ancestors().nth(3)?.to_path_buf())
}

fn link(path: &Path, target: &Path) {
    if std::fs::read_link(path).is_ok_and(|t| t == target) {
        return;
    }
    let _ = std::fs::remove_file(path);
    if let Err(e) = std::os::unix::fs::symlink(target, path) {
        println!(
            "cargo:warning=cannot link {} -> {}: {e}",
            path.display(),
            target.display()
        );
    }
}
