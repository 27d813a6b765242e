//! The dispatch table the generated stubs call through.

pub use oxgl_glapi::current::dispatch as current;
