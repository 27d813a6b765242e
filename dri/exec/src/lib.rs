//! SoA execution of oxgl IR shaders (work in progress).
#![forbid(unsafe_code)]
