//! Sanity of the generated tables against numbers cross-checked by hand from
//! `glapi/xml/gl.xml` (a Python walk of the same `<feature>` blocks).

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use oxgl_glapi::generated::{egl_enums, enums, glx_enums};
use oxgl_glapi::{
    Api, COMMAND_NAMES, Dispatch, EGL_1_5_COMMANDS, EXTENSIONS, FEATURES, GLX_1_4_COMMANDS,
    GLX_EXTENSION_COMMANDS, NUM_COMMANDS, Profile, UNIMPLEMENTED, is_implemented, lookup,
    required_commands, slot,
};

#[test]
fn slots_are_sorted_names() {
    // gl.xml has 3287 <command>s (`grep -c '<command>'` says 3284 because
    // three carry a `comment` attribute).
    assert_eq!(NUM_COMMANDS, 3287);
    assert!(
        COMMAND_NAMES
            .windows(2)
            .all(|w| w[0].as_bytes() < w[1].as_bytes())
    );
    let clear = lookup("glClear").expect("glClear has a slot");
    assert_eq!(COMMAND_NAMES[clear], "glClear");
    assert_eq!(clear, slot::Clear);
    assert_eq!(lookup("glAccum"), Some(0));
    assert_eq!(lookup("glNotACommand"), None);
    assert_eq!(lookup("Clear"), None);
    assert_eq!(lookup(""), None);
}

fn feature(name: &str) -> &'static oxgl_glapi::Feature {
    FEATURES.iter().find(|f| f.name == name).expect(name)
}

#[test]
fn features() {
    let gl46 = feature("GL_VERSION_4_6");
    assert_eq!((gl46.api, gl46.version), (Api::Gl, (4, 6)));
    assert_eq!(feature("GL_ES_VERSION_3_2").version, (3, 2));
    assert_eq!(feature("GL_VERSION_ES_CM_1_0").api, Api::Gles1);
    assert!(FEATURES.iter().all(|f| f.name != "GL_SC_VERSION_2_0"));
    assert_eq!(FEATURES.len(), 19 + 1 + 4);
    // All removals are GL 3.2's.
    let removing: Vec<&str> = FEATURES
        .iter()
        .filter(|f| !f.remove_core.is_empty())
        .map(|f| f.name)
        .collect();
    assert_eq!(removing, ["GL_VERSION_3_2"]);
    assert!(
        feature("GL_VERSION_3_3")
            .require_compat
            .contains(&(slot::VertexP2ui as u16))
    );
    assert!(
        !feature("GL_VERSION_3_3")
            .require
            .contains(&(slot::VertexP2ui as u16))
    );
    for f in FEATURES {
        for list in [f.require, f.require_compat, f.remove_core] {
            assert!(
                list.windows(2).all(|w| w[0] < w[1]),
                "{} not sorted",
                f.name
            );
        }
    }
}

#[test]
fn command_counts_per_version() {
    // (version, compatibility, core); core == compatibility before GL 3.2.
    let gl = [
        ((1, 0), 306, 306),
        ((1, 1), 336, 336),
        ((1, 2), 340, 340),
        ((1, 3), 386, 386),
        ((1, 4), 433, 433),
        ((1, 5), 452, 452),
        ((2, 0), 545, 545),
        ((2, 1), 551, 551),
        ((3, 0), 635, 635),
        ((3, 1), 647, 647),
        ((3, 2), 666, 316),
        ((3, 3), 724, 344),
        ((4, 0), 770, 390),
        ((4, 1), 858, 478),
        ((4, 2), 870, 490),
        ((4, 3), 913, 534),
        ((4, 4), 922, 543),
        ((4, 5), 1044, 653),
        ((4, 6), 1048, 657),
    ];
    for (v, compat, core) in gl {
        assert_eq!(
            required_commands(Api::Gl, v, Profile::Compatibility).len(),
            compat,
            "GL {v:?} compat"
        );
        assert_eq!(
            required_commands(Api::Gl, v, Profile::Core).len(),
            core,
            "GL {v:?} core"
        );
    }
    assert_eq!(
        required_commands(Api::Gles1, (1, 0), Profile::Core).len(),
        144
    );
    let es = [((2, 0), 142), ((3, 0), 246), ((3, 1), 314), ((3, 2), 358)];
    for (v, n) in es {
        assert_eq!(
            required_commands(Api::Gles2, v, Profile::Core).len(),
            n,
            "ES {v:?}"
        );
    }
    let core46 = required_commands(Api::Gl, (4, 6), Profile::Core);
    assert!(core46.contains(&slot::DrawArrays));
    assert!(core46.contains(&slot::SpecializeShader));
    assert!(!core46.contains(&slot::Begin));
    assert!(!core46.contains(&slot::GetnMapdv));
    assert!(required_commands(Api::Gl, (4, 6), Profile::Compatibility).contains(&slot::Begin));
}

#[test]
fn extensions() {
    assert_eq!(EXTENSIONS.len(), 844);
    let dsa = EXTENSIONS
        .iter()
        .find(|x| x.name == "GL_ARB_direct_state_access")
        .expect("DSA");
    assert!(dsa.commands.contains(&(slot::CreateBuffers as u16)));
    assert!(dsa.supported.split('|').any(|api| api == "glcore"));
}

static HOOKED: AtomicUsize = AtomicUsize::new(usize::MAX);

fn hook(slot: usize) {
    HOOKED.store(slot, Ordering::Relaxed);
}

#[test]
fn unimplemented_table() {
    oxgl_glapi::set_unimplemented_hook(hook);
    // SAFETY: UNIMPLEMENTED's functions ignore their arguments.
    unsafe {
        (UNIMPLEMENTED.Clear)(enums::GL_COLOR_BUFFER_BIT);
        assert_eq!(HOOKED.load(Ordering::Relaxed), slot::Clear);
        assert_eq!((UNIMPLEMENTED.IsEnabled)(enums::GL_BLEND), 0);
        assert_eq!(HOOKED.load(Ordering::Relaxed), slot::IsEnabled);
        assert!((UNIMPLEMENTED.GetString)(enums::GL_VENDOR).is_null());
        assert!((UNIMPLEMENTED.FenceSync)(enums::GL_SYNC_GPU_COMMANDS_COMPLETE, 0).is_null());
        assert_eq!((UNIMPLEMENTED.GetPathLengthNV)(1, 0, 1), 0.0);
        assert!((UNIMPLEMENTED.GetVkProcAddrNV)(c"vkFoo".as_ptr()).is_none());
    }

    let slots = UNIMPLEMENTED.slots();
    let distinct: HashSet<_> = slots.iter().collect();
    assert_eq!(
        distinct.len(),
        NUM_COMMANDS,
        "unimplemented functions were merged"
    );
    assert!((0..NUM_COMMANDS).all(|s| !is_implemented(&UNIMPLEMENTED, s)));

    extern "C" fn clear(_: u32) {}
    let d = Dispatch {
        Clear: clear,
        ..UNIMPLEMENTED
    };
    assert!(is_implemented(&d, slot::Clear));
    assert_eq!(d.slots()[slot::Clear], clear as *const core::ffi::c_void);
    assert!(!is_implemented(&d, slot::ClearColor));
}

#[test]
fn enum_values() {
    assert_eq!(enums::GL_TIMEOUT_IGNORED, u64::MAX);
    assert_eq!(enums::GL_INVALID_INDEX, u32::MAX);
    assert_eq!(enums::GL_NEXT_BUFFER_NV, -2);
    assert_eq!(enums::GL_TEXTURE_2D, 0x0DE1);
    // The desktop value, not GL ES's 0x8259.
    assert_eq!(enums::GL_ACTIVE_PROGRAM_EXT, 0x8B8D);
    assert_eq!(glx_enums::GLX_RGBA, 4);
    assert_eq!(glx_enums::GLX_DONT_CARE, 0xFFFF_FFFF);
    assert_eq!(egl_enums::EGL_DONT_CARE, -1);
    assert_eq!(egl_enums::EGL_FOREVER, u64::MAX);
    assert_eq!(egl_enums::EGL_SUCCESS, 0x3000);
}

#[test]
fn window_system_lists() {
    assert!(GLX_1_4_COMMANDS.windows(2).all(|w| w[0] < w[1]));
    assert!(GLX_1_4_COMMANDS.contains(&"glXGetProcAddress"));
    assert!(GLX_1_4_COMMANDS.contains(&"glXCreateNewContext"));
    assert_eq!(GLX_1_4_COMMANDS.len(), 39);
    let arb = GLX_EXTENSION_COMMANDS
        .iter()
        .find(|(x, _)| *x == "GLX_ARB_create_context")
        .expect("GLX_ARB_create_context");
    assert_eq!(arb.1, ["glXCreateContextAttribsARB"]);
    assert!(EGL_1_5_COMMANDS.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(EGL_1_5_COMMANDS.len(), 44);
}
