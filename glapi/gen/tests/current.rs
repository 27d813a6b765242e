//! The checked-in generated files equal what the generator makes from the
//! pinned XML now, and the generated directories hold nothing else.

#[test]
fn generated_files_are_current() {
    let root = oxgl_glapi_gen::workspace_root();
    let outputs = match oxgl_glapi_gen::generate(&root) {
        Ok(outputs) => outputs,
        Err(e) => panic!("the generator failed: {e}"),
    };
    let mut problems = Vec::new();
    for out in &outputs {
        match std::fs::read_to_string(root.join(&out.path)) {
            Ok(on_disk) if on_disk == out.contents => {}
            Ok(_) => problems.push(format!("{} is out of date", out.path.display())),
            Err(e) => problems.push(format!("{} is missing ({e})", out.path.display())),
        }
    }
    for path in oxgl_glapi_gen::stray_files(&root, &outputs) {
        problems.push(format!(
            "{} is not generated (delete it, or teach glapi/gen to make it)",
            path.display()
        ));
    }
    assert!(
        problems.is_empty(),
        "generated files are stale:\n  {}\nrun `cargo run --release -p oxgl-glapi-gen` and commit the result",
        problems.join("\n  ")
    );
}
