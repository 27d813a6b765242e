//! Parser unit tests: limits and recovery (the snapshots cover the grammar).

use crate::{Options, Stage, compile};

fn errors(src: &str) -> Vec<String> {
    compile(src, &Options::new(Stage::Fragment))
        .log
        .diagnostics
        .iter()
        .filter(|d| d.severity == crate::Severity::Error)
        .map(ToString::to_string)
        .collect()
}

#[test]
fn huge_binary_expression_costs_no_stack() {
    // 262,144 operands: parsed by the precedence-climbing loop.
    let n = 262_144;
    let mut src = String::from("#version 330\nuniform float a;\nfloat f() { return a");
    for i in 1..n {
        src.push_str(if i % 3 == 0 { " * a" } else { " + a" });
    }
    src.push_str("; }\n");
    let out = compile(&src, &Options::new(Stage::Fragment));
    assert!(out.success(), "{}", out.log);
    assert!(out.ast.exprs.len() >= 2 * n - 1);
}

#[test]
fn long_prefix_chains_and_else_if_chains() {
    let mut src = String::from("#version 330\nuniform int a;\nint f() { int x = ");
    src.push_str(&"- ".repeat(100_000));
    src.push_str("a;\n");
    for i in 0..5_000 {
        src.push_str(&format!("if (a == {i}) x = {i}; else "));
    }
    src.push_str("x = 0;\nreturn x; }\n");
    let out = compile(&src, &Options::new(Stage::Fragment));
    assert!(out.success(), "{}", out.log);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let depth = 10_000;
    let src = format!(
        "#version 330\nfloat f() {{ return {}1.0{}; }}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let e = errors(&src);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("nesting too deep"), "{e:?}");
    let src = format!("void main() {}{}\n", "{".repeat(depth), "}".repeat(depth));
    let e = errors(&src);
    assert!(e.iter().any(|m| m.contains("nesting too deep")), "{e:?}");
    let src = format!(
        "#version 330\nfloat f() {{ float a; {}; }}\n",
        "a = ".repeat(depth) + "1.0"
    );
    assert!(!errors(&src).is_empty());
}

#[test]
fn several_errors_are_reported() {
    let e = errors(
        "#version 330\nvoid main() {\n  float a = ;\n  int b = 1 +;\n  c d;\n}\nvoid g() { return 1 }\n",
    );
    assert_eq!(e.len(), 4, "{e:?}");
    assert!(e[0].starts_with("0:3(13): error: syntax error"), "{e:?}");
}

#[test]
fn type_names_follow_scopes() {
    // `S` is a type in the outer scope and a variable inside `f`.
    let ok = "#version 330\nstruct S { int x; };\nint f() { int S = 1; return S; }\nS g() { return S(1); }\n";
    assert!(errors(ok).is_empty(), "{:?}", errors(ok));
    let bad = "#version 330\nint f() { { struct T { int x; }; } T t; return 0; }\n";
    assert!(!errors(bad).is_empty());
}

#[test]
fn array_constructors_and_declarations() {
    let src = "#version 430\nvoid main() { float[2](1.0, 2.0); float[2] a = float[2](1.0, 2.0); float b[2][3]; }\n";
    assert!(errors(src).is_empty(), "{:?}", errors(src));
    let src = "#version 330\nvoid main() { float b[2][3]; }\n";
    assert!(errors(src)[0].contains("arrays of arrays"));
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]]]]",
        "void",
        "void f(",
        "void f() {",
        "struct",
        "struct {",
        "struct S { };",
        "layout(",
        "layout(x=",
        "uniform B {",
        "#version 330\nuniform B { float x; } b[",
        "float x = {",
        "float x = {1,",
        "a ? b :",
        "#if",
        "#define F(",
        "#define F(x) x\nF(",
        "@",
        "\"",
        "int x = 0x;",
        "1.0e",
        "void main() { for (;;",
        "void main() { switch (x) { case",
    ];
    for s in samples {
        let out = compile(s, &Options::new(Stage::Vertex));
        assert!(!out.success(), "{s:?} compiled");
    }
}
