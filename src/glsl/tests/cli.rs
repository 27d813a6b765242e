//! `oxgl-glslc`: exit status, info log on stderr, options.

use std::process::Command;

fn run(args: &[&str], files: &[(&str, &str)]) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("oxgl-glslc-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_oxgl-glslc"));
    cmd.args(args);
    for (name, src) in files {
        let p = dir.join(name);
        std::fs::write(&p, src).expect("write shader");
        cmd.arg(p);
    }
    let out = cmd.output().expect("run oxgl-glslc");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn success_and_failure() {
    let (rc, _, err) = run(
        &[],
        &[(
            "ok.frag",
            "#version 330\nout vec4 c;\nvoid main() { c = vec4(1); }\n",
        )],
    );
    assert_eq!((rc, err.as_str()), (0, ""));
    let (rc, _, err) = run(&[], &[("bad.vert", "void main() { x = ; }\n")]);
    assert_eq!(rc, 1);
    assert!(err.contains("0:1(19): error: syntax error"), "{err}");
}

#[test]
fn options() {
    let src = "#if FOO == 3 && __VERSION__ == 300 && defined GL_ES\nprecision mediump float;\n#else\n#error wrong\n#endif\nvoid main() {}\n";
    let (rc, _, err) = run(
        &[
            "--stage",
            "frag",
            "--glsl-version",
            "300",
            "--profile",
            "es",
            "-DFOO=3",
        ],
        &[("x.glsl", src)],
    );
    assert_eq!(rc, 0, "{err}");
    let (rc, out, _) = run(
        &["--dump-ast"],
        &[("a.vert", "void main() { gl_Position = vec4(0.0); }\n")],
    );
    assert_eq!(rc, 0);
    assert!(out.contains("function void main()"), "{out}");
    let (rc, _, err) = run(&[], &[("noext.txt", "void main() {}\n")]);
    assert_eq!(rc, 2, "{err}");
}
