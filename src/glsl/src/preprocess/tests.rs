//! Preprocessor unit tests (the snapshots hold the larger cases).

use crate::{Options, Stage, preprocess_to_string};

fn pp(src: &str) -> (String, String) {
    let (text, log) = preprocess_to_string(src, &Options::new(Stage::Vertex));
    (text, log.to_string())
}

#[test]
fn object_and_function_macros() {
    assert_eq!(pp("#define A 1\nA A\n").0, "1 1\n");
    assert_eq!(pp("#define F(a, b) b a\nF(1, 2)\n").0, "2 1\n");
    assert_eq!(pp("#define F(a) [a]\nF((1, 2))\n").0, "[(1, 2)]\n");
    assert_eq!(pp("#define F() x\nF() F\n").0, "x F\n");
}

#[test]
fn recursion_stops() {
    assert_eq!(pp("#define A A B\n#define B A\nA\n").0, "A A\n");
    assert_eq!(pp("#define x 2*x\nx\n").0, "2*x\n");
}

#[test]
fn arguments_are_pre_expanded_except_around_paste() {
    let src = "#define X 1\n#define P(a) a ## 2 a\nP(X)\n";
    assert_eq!(pp(src).0, "X2 1\n");
}

#[test]
fn exponential_expansion_is_bounded() {
    let mut src = String::from("#define A0 x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("A39\n");
    let (_, log) = pp(&src);
    assert!(log.contains("too many tokens"), "{log}");
}

#[test]
fn deeply_nested_invocations_are_bounded() {
    let depth = 5_000;
    let src = format!(
        "#define F(x) x\n{}1{}\n",
        "F(".repeat(depth),
        ")".repeat(depth)
    );
    let (_, log) = pp(&src);
    assert!(log.contains("nested too deeply"), "{log}");
}

#[test]
fn skipped_groups_ignore_everything_but_conditionals() {
    let src = "#if 0\n#bogus\n#define X(\n#error no\n#if 1 / 0\n#endif\n#else\nok\n#endif\n";
    let (text, log) = pp(src);
    assert_eq!((text.as_str(), log.as_str()), ("ok\n", ""));
}

#[test]
fn version_and_profile_macros() {
    let (t, _) = pp("#version 150\n__VERSION__ GL_core_profile\n");
    assert_eq!(t, "150 1\n");
    let (t, _) = pp("#version 150 compatibility\nGL_compatibility_profile GL_core_profile\n");
    assert_eq!(t, "1 GL_core_profile\n");
    let (t, log) = pp("#version 300\n");
    assert!(log.contains("not supported"), "{log} {t}");
    let (_, log) = pp("#version 100 es\n");
    assert!(log.contains("`#version 100'"), "{log}");
    let (_, log) = pp("#version 330\n#version 330\n");
    assert!(log.contains("first line"), "{log}");
}

#[test]
fn es_context_rejects_desktop_versions() {
    let (_, log) = preprocess_to_string("#version 330\n", &Options::es(Stage::Fragment));
    assert!(log.has_errors());
    let (_, log) = preprocess_to_string("#version 310 es\n", &Options::es(Stage::Fragment));
    assert!(!log.has_errors(), "{log}");
}

#[test]
fn user_defines() {
    let mut o = Options::new(Stage::Vertex);
    o.defines = vec![("FOO".into(), Some("3".into())), ("BAR".into(), None)];
    assert_eq!(preprocess_to_string("FOO BAR\n", &o).0, "3 1\n");
}

#[test]
fn pragma_invariant_all_in_fragment_shader() {
    let o = Options::new(Stage::Fragment);
    let (_, log) = preprocess_to_string("#version 120\n#pragma STDGL invariant(all)\n", &o);
    assert!(log.has_errors());
    let (_, log) = preprocess_to_string(
        "#version 110\n#pragma STDGL invariant(all)\n#pragma optimize(off)\n",
        &o,
    );
    assert!(!log.has_errors(), "{log}");
}
