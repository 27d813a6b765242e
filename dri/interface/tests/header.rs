//! `include/oxgl_dri.h` is the C view of this crate, generated with cbindgen.
//! This test regenerates it and fails if the committed file differs;
//! `BLESS=1` rewrites it.

use std::path::PathBuf;

#[test]
fn c_header_is_current() {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let header = crate_dir.join("../../include/oxgl_dri.h");
    let config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen generates the header");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("utf-8 header");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&header, &generated).expect("write header");
        return;
    }
    let committed = std::fs::read_to_string(&header).unwrap_or_default();
    assert!(
        committed == generated,
        "include/oxgl_dri.h is stale: run `BLESS=1 cargo test --release -p oxgl-dri-interface --test header`"
    );
}

#[test]
fn c_header_compiles() {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let include = crate_dir.join("../../include");
    let src = std::env::temp_dir().join(format!("oxgl-dri-header-{}.c", std::process::id()));
    std::fs::write(
        &src,
        format!(
            "#include \"oxgl_dri.h\"\n\
             _Static_assert(OXGL_DRI_ABI_VERSION == {}, \"abi\");\n\
             int main(void) {{ OxglDriGetBackendFn f = 0; (void)f; return (int)sizeof(OxglDriBackend) == 0; }}\n",
            oxgl_dri_interface::OXGL_DRI_ABI_VERSION
        ),
    )
    .unwrap();
    let status = std::process::Command::new("cc")
        .args(["-std=c11", "-Wall", "-Werror", "-fsyntax-only", "-I"])
        .arg(&include)
        .arg(&src)
        .status();
    let _ = std::fs::remove_file(&src);
    match status {
        Ok(s) => assert!(s.success(), "include/oxgl_dri.h does not compile as C11"),
        Err(e) => println!("skipped: no C compiler ({e})"),
    }
}
