//! `cargo run --release -p oxgl-glapi-gen`: regenerates every generated file
//! of the workspace in place (files whose contents are unchanged are left
//! untouched, so their mtimes do not trigger rebuilds).

use std::process::ExitCode;

fn main() -> ExitCode {
    let root = oxgl_glapi_gen::workspace_root();
    let outputs = match oxgl_glapi_gen::generate(&root) {
        Ok(outputs) => outputs,
        Err(e) => {
            eprintln!("oxgl-glapi-gen: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut changed = 0;
    for out in &outputs {
        let path = root.join(&out.path);
        if std::fs::read_to_string(&path).is_ok_and(|old| old == out.contents) {
            continue;
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &out.contents));
        if let Err(e) = written {
            eprintln!("oxgl-glapi-gen: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {}", out.path.display());
        changed += 1;
    }
    println!("{} files generated, {changed} changed", outputs.len());
    for path in oxgl_glapi_gen::stray_files(&root, &outputs) {
        println!(
            "warning: {} is not generated any more; delete it",
            path.display()
        );
    }
    ExitCode::SUCCESS
}
