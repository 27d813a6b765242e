//! One child run: loads libX11 and oxgl's libGL, makes one context per
//! thread (all sharing objects with the first) on a small window of a
//! private X connection, and calls commands with random arguments, each
//! thread from its own seed. Everything the supervisor needs after a crash
//! is in shared memory before the call is made.

use core::ffi::{c_int, c_void};
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::api::{self, COMMANDS, Ty};
use crate::args::{self, Call, Pools, State};
use crate::mem::GuardBuf;
use crate::rng::Rng;
use crate::rules;
use crate::shared::{Shared, now_ms};
use crate::x::{self, Config, Ctx, Display, Glx, GlxExt, Xid, Xlib};

/// What a child run does.
#[derive(Clone)]
pub struct Opts {
    pub lib_dir: String,
    pub seed: u64,
    pub threads: usize,
    /// Iterations per thread.
    pub iterations: u64,
    /// Print every command of iterations >= this to stderr.
    pub trace_from: Option<u64>,
    /// Probe mode: call every command once, from this index, to learn which
    /// are implemented.
    pub probe_from: Option<usize>,
    /// Commands not to call (besides `rules::NEVER`).
    pub skip: Vec<String>,
    /// Skip the commands of known crashes (`rules::KNOWN`).
    pub ci: bool,
    /// RLIMIT_AS in bytes (0: none).
    pub mem_limit: u64,
    /// A memfd that becomes the child's stderr (-1: keep stderr).
    pub stderr_fd: c_int,
}

/// The stderr of this process, a memfd the child reads back after each
/// command ("internal problem" lines); the original stderr for our output.
static STDERR_SEEN: AtomicU64 = AtomicU64::new(0);
static mut STDERR_FD: c_int = -1;
static mut ORIG_STDERR: c_int = 2;

fn say(text: &str) {
    let line = format!("{text}\n");
    // SAFETY: writing bytes to a file descriptor this process owns.
    unsafe {
        libc::write(ORIG_STDERR, line.as_ptr().cast(), line.len());
    }
}

/// New bytes on our stderr since the last look.
fn stderr_news() -> Option<String> {
    // SAFETY: fstat/pread on the memfd made in `run`.
    unsafe {
        let fd = STDERR_FD;
        if fd < 0 {
            return None;
        }
        let mut st: libc::stat = core::mem::zeroed();
        if libc::fstat(fd, &mut st) != 0 {
            return None;
        }
        let size = st.st_size as u64;
        let seen = STDERR_SEEN.load(Ordering::SeqCst);
        if size <= seen
            || STDERR_SEEN
                .compare_exchange(seen, size, Ordering::SeqCst, Ordering::SeqCst)
                .is_err()
        {
            return None;
        }
        let n = (size - seen).min(4096) as usize;
        let mut buf = vec![0u8; n];
        let got = libc::pread(fd, buf.as_mut_ptr().cast(), n, seen as i64);
        buf.truncate(got.max(0) as usize);
        Some(String::from_utf8_lossy(&buf).into_owned())
    }
}

thread_local! {
    /// This thread's worker index + 1 (0: not a worker).
    static THREAD_INDEX: core::cell::Cell<u32> = const { core::cell::Cell::new(0) };
}
static mut SHARED: Option<&'static Shared> = None;

/// Fatal-signal handler: notes which worker thread faulted and where, then
/// lets the signal kill the process as it would have.
extern "C" fn on_fatal(sig: c_int, info: *mut libc::siginfo_t, _ctx: *mut c_void) {
    // SAFETY: async-signal-safe work only: atomics, a const thread-local,
    // signal(); `info` comes from the kernel.
    unsafe {
        if let Some(shared) = SHARED {
            let t = THREAD_INDEX.with(|c| c.get());
            let _ = shared.fault_thread.compare_exchange(
                0,
                t.max(1000),
                Ordering::SeqCst,
                Ordering::SeqCst,
            );
            if t != 0 {
                shared.fault_thread.store(t, Ordering::SeqCst);
            }
            if !info.is_null() {
                shared
                    .fault_addr
                    .store((*info).si_addr() as u64, Ordering::SeqCst);
            }
        }
        libc::signal(sig, libc::SIG_DFL);
        if sig == libc::SIGABRT {
            libc::raise(sig);
        }
    }
}

fn install_fatal_handlers() {
    // SAFETY: installing a handler that is async-signal-safe.
    unsafe {
        let mut sa: libc::sigaction = core::mem::zeroed();
        sa.sa_sigaction = on_fatal as *const () as usize;
        sa.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut sa.sa_mask);
        for sig in [
            libc::SIGSEGV,
            libc::SIGBUS,
            libc::SIGABRT,
            libc::SIGFPE,
            libc::SIGILL,
        ] {
            libc::sigaction(sig, &sa, core::ptr::null_mut());
        }
    }
}

/// An alternate signal stack for this thread (a stack overflow must still
/// reach the handler); leaked on purpose.
fn alt_stack() {
    const SIZE: usize = 64 << 10;
    // SAFETY: a fresh mapping handed to sigaltstack for the thread's life.
    unsafe {
        let p = libc::mmap(
            core::ptr::null_mut(),
            SIZE,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        if p != libc::MAP_FAILED {
            let st = libc::stack_t {
                ss_sp: p,
                ss_flags: 0,
                ss_size: SIZE,
            };
            libc::sigaltstack(&st, core::ptr::null_mut());
        }
    }
}

unsafe extern "C" fn x_error(_dpy: *mut Display, _ev: *mut c_void) -> c_int {
    0
}

unsafe extern "C" fn x_io_error(_dpy: *mut Display) -> c_int {
    say("oxgl-fuzz-gl: X I/O error: the connection to the X server was lost");
    // SAFETY: leaving at once, as Xlib would.
    unsafe { libc::_exit(71) }
}

struct Env {
    xlib: Xlib,
    glx: Glx,
    ext: GlxExt,
    dpy: *mut Display,
    screen: c_int,
    root: Xid,
    configs: Vec<Config>,
    /// Entry points by index in `COMMANDS` (null: not exported).
    fns: Vec<*const c_void>,
    enabled: Vec<usize>,
    get_error: *const c_void,
    get_integerv: *const c_void,
    get_tex_level: *const c_void,
    /// Every context of the run (thread i uses `ctxs[i]`).
    ctxs: Vec<usize>,
}

// SAFETY: the raw pointers are a Display made thread-safe by XInitThreads,
// entry points, and GLX handles used as the GL and GLX allow across threads.
unsafe impl Sync for Env {}

/// Runs the child and exits the process (never returns).
pub fn run(opts: &Opts, shared: &'static Shared) -> ! {
    let code = match setup_and_run(opts, shared) {
        Ok(()) => 0,
        Err(e) => {
            say(&format!("oxgl-fuzz-gl child: {e}"));
            70
        }
    };
    // SAFETY: leaving without running destructors or atexit handlers of the
    // libraries (a child of a fork).
    unsafe { libc::_exit(code) }
}

fn setup_and_run(opts: &Opts, shared: &'static Shared) -> Result<(), String> {
    // SAFETY: plain libc calls on this process's own resources.
    unsafe {
        if opts.mem_limit > 0 {
            let lim = libc::rlimit {
                rlim_cur: opts.mem_limit,
                rlim_max: opts.mem_limit,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
        }
        // No core files: the supervisor reports crashes itself.
        let no = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        libc::setrlimit(libc::RLIMIT_CORE, &no);
        ORIG_STDERR = libc::dup(2);
        // The supervisor's memfd (made before the fork, read after a crash).
        let fd = opts.stderr_fd;
        if fd >= 0 {
            libc::ftruncate(fd, 0);
            libc::lseek(fd, 0, libc::SEEK_SET);
            libc::dup2(fd, 2);
            STDERR_FD = fd;
        }
        if opts.probe_from.is_some() {
            libc::setenv(c"LIBGL_DEBUG".as_ptr(), c"verbose".as_ptr(), 1);
        }
        SHARED = Some(shared);
    }
    install_fatal_handlers();
    alt_stack();
    let x11 = x::dlopen("libX11.so.6")?;
    let xlib = Xlib::load(x11)?;
    let libgl = x::dlopen(&format!("{}/libGL.so.1", opts.lib_dir))?;
    let glx = Glx::load(libgl)?;
    let ext = GlxExt::load(&glx);
    // SAFETY: Xlib calls in the documented order (XInitThreads first).
    let (dpy, screen, root) = unsafe {
        (xlib.XInitThreads)();
        let dpy = (xlib.XOpenDisplay)(core::ptr::null());
        if dpy.is_null() {
            return Err("cannot open the X display (DISPLAY)".into());
        }
        (xlib.XSetErrorHandler)(Some(x_error));
        (xlib.XSetIOErrorHandler)(Some(x_io_error));
        let screen = (xlib.XDefaultScreen)(dpy);
        (dpy, screen, (xlib.XRootWindow)(dpy, screen))
    };
    let fns: Vec<*const c_void> = COMMANDS.iter().map(|c| x::dlsym(libgl, c.name)).collect();
    let f = |n: &str| api::find(n).map_or(core::ptr::null(), |i| fns[i]);
    let (get_error, get_integerv, get_tex_level) = (
        f("glGetError"),
        f("glGetIntegerv"),
        f("glGetTexLevelParameteriv"),
    );
    if get_error.is_null() || get_integerv.is_null() || get_tex_level.is_null() {
        return Err("libGL.so.1 lacks glGetError/glGetIntegerv".into());
    }
    let skip: HashSet<&str> = opts.skip.iter().map(String::as_str).collect();
    let enabled: Vec<usize> = (0..COMMANDS.len())
        .filter(|&i| {
            let name = COMMANDS[i].name;
            let excluded = fns[i].is_null()
                || rules::NEVER.iter().any(|(n, _)| *n == name)
                || skip.contains(name)
                || (opts.ci && rules::known_fatal(name))
                || (opts.probe_from.is_none()
                    && shared.implemented[i].load(Ordering::Relaxed) == 1);
            !excluded
        })
        .collect();

    // A config whose visual is the root window's, so plain windows fit it.
    // SAFETY: GLX calls on the display opened above; arrays freed with XFree.
    let configs = unsafe {
        let attrs: [c_int; 7] = [0x8010, 1, 0x8011, 1, 5, 1, 0]; // DRAWABLE_TYPE=WINDOW, RENDER_TYPE=RGBA, DOUBLEBUFFER
        let mut n = 0;
        let list = (glx.glXChooseFBConfig)(dpy, screen, attrs.as_ptr(), &mut n);
        if list.is_null() || n <= 0 {
            return Err("glXChooseFBConfig found no RGBA window config".into());
        }
        let all: Vec<Config> = (0..n as usize).map(|i| *list.add(i)).collect();
        (xlib.XFree)(list.cast());
        let vid = (xlib.XVisualIDFromVisual)((xlib.XDefaultVisual)(dpy, screen));
        let mut fit: Vec<Config> = all
            .iter()
            .copied()
            .filter(|&c| {
                let mut v = 0;
                (glx.glXGetFBConfigAttrib)(dpy, c, 0x800B, &mut v) == 0 && v as u64 == vid
            })
            .collect();
        if fit.is_empty() {
            fit = all;
        }
        fit
    };

    let env = Env {
        xlib,
        glx,
        ext,
        dpy,
        screen,
        root,
        configs,
        fns,
        enabled,
        get_error,
        get_integerv,
        get_tex_level,
        ctxs: Vec::new(),
    };
    let mut env = env;
    let threads = if opts.probe_from.is_some() {
        1
    } else {
        opts.threads.clamp(1, crate::shared::MAX_THREADS)
    };
    // SAFETY: contexts created on this display with the first as the share
    // context of the others.
    unsafe {
        for i in 0..threads {
            let share = env
                .ctxs
                .first()
                .map_or(core::ptr::null_mut(), |&c| c as Ctx);
            let ctx = (env.glx.glXCreateNewContext)(env.dpy, env.configs[0], 0x8014, share, 1);
            if ctx.is_null() {
                return Err(format!("glXCreateNewContext failed for thread {i}"));
            }
            env.ctxs.push(ctx as usize);
        }
    }
    let env = &env;
    if let Some(from) = opts.probe_from {
        let mut w = Worker::new(env, shared, opts, 0);
        w.probe(from);
        return Ok(());
    }
    std::thread::scope(|s| {
        for t in 0..threads {
            let opts = opts.clone();
            s.spawn(move || {
                let mut w = Worker::new(env, shared, &opts, t);
                w.run();
            });
        }
    });
    shared.finished.store(1, Ordering::SeqCst);
    Ok(())
}

/// The GLX functions of each `glx_op` (the first one names the op).
const GLX_OPS: [&str; 16] = [
    "glXMakeContextCurrent",
    "glXMakeCurrent",
    "glXQueryContext",
    "glXQueryDrawable",
    "glXGetFBConfigAttrib",
    "glXChooseFBConfig",
    "glXCreatePbuffer",
    "glXCreateNewContext",
    "glXCreateContextAttribsARB",
    "glXQueryExtensionsString+glXQueryServerString+glXGetClientString",
    "glXGetProcAddressARB",
    "glXSwapBuffers",
    "glXWaitGL+glXWaitX+glXIsDirect+glXQueryVersion+glXQueryExtension+glXGetCurrent*",
    "glXCopyContext",
    "glXSwapIntervalEXT+glXSwapIntervalMESA+glXSelectEvent+glXGetSelectedEvent",
    "glXCreateWindow",
];

/// GLX attribute names for attribute lists (GLX 1.4, ARB_create_context).
const GLX_ATTRS: &[c_int] = &[
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0x20, 0x22, 0x23, 0x24, 0x25,
    0x8010, 0x8011, 0x8012, 0x8013, 0x8017, 0x8018, 0x8019, 0x801A, 0x801B, 0x801D, 0x801E, 0x801F,
    0x8041, 0x2091, 0x2092, 0x2093, 0x2094, 0x9126, 0x8256,
];

const GL_NO_ERROR: u32 = 0;
const GL_ERRORS: &[u32] = &[
    0x0500, 0x0501, 0x0502, 0x0503, 0x0504, 0x0505, 0x0506, 0x0507, 0x8031,
];

struct Worker<'e> {
    env: &'e Env,
    shared: &'static Shared,
    t: usize,
    rng: Rng,
    pools: Pools,
    ctx: Ctx,
    win: Xid,
    current: bool,
    in_begin: bool,
    in_list: bool,
    seed: u64,
    iteration: u64,
    iterations: u64,
    trace_from: Option<u64>,
    /// Client memory the GL may still write (glSelectBuffer, ...).
    retained: Vec<GuardBuf>,
    reported: HashSet<String>,
    skip: HashSet<String>,
}

impl<'e> Worker<'e> {
    fn new(env: &'e Env, shared: &'static Shared, opts: &Opts, t: usize) -> Worker<'e> {
        THREAD_INDEX.with(|c| c.set(t as u32 + 1));
        alt_stack();
        let ctx = env.ctxs[t] as Ctx;
        // SAFETY: a small unmapped window on the root (the config's visual is
        // the root's), then the thread's context made current on it.
        let (win, current) = unsafe {
            let win = (env.xlib.XCreateSimpleWindow)(env.dpy, env.root, 0, 0, 64, 48, 0, 0, 0);
            (env.xlib.XSync)(env.dpy, 0);
            let ok = (env.glx.glXMakeContextCurrent)(env.dpy, win, win, ctx) != 0;
            (win, ok)
        };
        if !current {
            say(&format!(
                "oxgl-fuzz-gl: thread {t}: glXMakeContextCurrent failed"
            ));
        }
        Worker {
            env,
            shared,
            t,
            rng: Rng::new(
                opts.seed
                    .wrapping_mul(0x100_0000_01B3)
                    .wrapping_add(t as u64),
            ),
            pools: Pools::default(),
            ctx,
            win,
            current,
            in_begin: false,
            in_list: false,
            seed: opts.seed,
            iteration: 0,
            iterations: opts.iterations,
            trace_from: opts.trace_from,
            retained: Vec::new(),
            reported: HashSet::new(),
            skip: opts.skip.iter().cloned().collect(),
        }
    }

    fn gl_error(&self) -> u32 {
        // SAFETY: glGetError's signature.
        unsafe {
            let f: unsafe extern "C" fn() -> u32 = core::mem::transmute(self.env.get_error);
            f()
        }
    }

    /// Drains the error flags (at most 8: a GL may keep one per kind).
    fn drain(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for _ in 0..8 {
            let e = self.gl_error();
            if e == GL_NO_ERROR {
                break;
            }
            out.push(e);
        }
        out
    }

    fn finding(&mut self, key: String, text: String) {
        if self.reported.insert(key) {
            self.shared.report(self.t, self.iteration, &text);
        }
    }

    fn line(&self, call: &Call) -> String {
        let cmd = &COMMANDS[call.cmd];
        let args: Vec<String> = cmd
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| args::show(p, call.args[i], call.notes[i].as_ref()))
            .collect();
        format!(
            "t{} it{} {}{}({})",
            self.t,
            self.iteration,
            if self.current { "" } else { "[no context] " },
            cmd.name,
            args.join(", ")
        )
    }

    fn log(&self, line: &str) {
        self.shared.log(self.t, line);
        if self.trace_from.is_some_and(|f| self.iteration >= f) {
            say(line);
        }
    }

    /// Makes the call with the watchdog armed, then checks what followed.
    fn exec(&mut self, mut call: Call) -> u64 {
        let cmd = &COMMANDS[call.cmd];
        let line = self.line(&call);
        self.log(&line);
        let slot = &self.shared.threads[self.t];
        slot.in_call_since.store(now_ms(), Ordering::SeqCst);
        // SAFETY: the entry point of this command called through the thunk of
        // its signature, with arguments whose pointers point into buffers
        // sized as the specification requires for the other arguments.
        let ret = unsafe { (cmd.thunk)(self.env.fns[call.cmd], &call.args[..cmd.params.len()]) };
        slot.in_call_since.store(0, Ordering::SeqCst);
        if self.current {
            self.shared.called[call.cmd].store(1, Ordering::Relaxed);
        }
        if let Some(news) = stderr_news()
            && let Some(l) = news.lines().find(|l| l.contains("internal problem"))
        {
            let text = format!("internal {}: {l}\n    call: {line}", cmd.name);
            self.finding(format!("internal {}", cmd.name), text);
        }
        // Without a current context the call went nowhere.
        let mut early = Vec::new();
        match cmd.name {
            "glBegin" if self.current => self.in_begin = true,
            "glEnd" if self.current => self.in_begin = false,
            "glCallList" | "glCallLists" if self.current && !self.in_begin => {
                // A list may hold a glBegin without its glEnd. Between them
                // glGetError returns 0 even after an invalid call, which is
                // how to tell (glGetIntegerv of a non-enum is invalid).
                early = self.drain();
                self.get_int(0xFFFF_FFFE);
                self.in_begin = self.gl_error() == GL_NO_ERROR;
                self.drain();
            }
            _ => {}
        }
        if self.current && !self.in_begin {
            let mut errors = early;
            errors.extend(self.drain());
            if call.must_fail.is_some() && errors.is_empty() {
                // Compiling a list? (Asked again: a glNewList may have been
                // compiled or executed where the fuzzer could not see it.)
                self.in_list = self.get_int(0x0B33) != 0; // GL_LIST_INDEX
            }
            if self.trace_from.is_some_and(|f| self.iteration >= f) {
                say(&format!(
                    "    -> errors {errors:x?}{}",
                    if self.in_list {
                        " (compiling a list)"
                    } else {
                        ""
                    }
                ));
            }
            if let Some(bad) = errors.iter().find(|e| !GL_ERRORS.contains(e)) {
                let text = format!(
                    "bad-error {}: glGetError returned {bad:#x}\n    call: {line}",
                    cmd.name
                );
                self.finding(format!("bad-error {}", cmd.name), text);
            }
            if let Some(why) = &call.must_fail
                && errors.is_empty()
                && !self.in_list
            {
                // SAFETY: glXGetCurrentContext takes nothing.
                let cur = unsafe { (self.env.glx.glXGetCurrentContext)() };
                let list = self.get_int(0x0B33);
                let text = format!(
                    "missing-error {}: {why}, but no GL error was recorded\n    call: {line}\n    (current context {}, GL_LIST_INDEX {list})",
                    cmd.name,
                    if cur == self.ctx {
                        "is the thread's"
                    } else {
                        "CHANGED"
                    },
                );
                self.finding(format!("missing-error {}", cmd.name), text);
            }
            self.after(&call, ret, errors.is_empty(), &line);
        }
        if call.retain {
            self.retained.append(&mut call.bufs);
        }
        ret
    }

    /// Learns from a successful call: new object names, list mode; checks
    /// returned strings and mappings.
    fn after(&mut self, call: &Call, ret: u64, ok: bool, line: &str) {
        let cmd = &COMMANDS[call.cmd];
        if let Some((class, b, n)) = call.harvest
            && ok
        {
            let bytes = call.bufs[b].len().min(n * 4);
            let names: Vec<u32> = (0..bytes / 4)
                .map(|k| {
                    // SAFETY: inside the buffer (`k * 4 + 4 <= len`).
                    unsafe { *(call.bufs[b].ptr() as *const u32).add(k) }
                })
                .collect();
            for v in names.into_iter().take(8) {
                self.pools.add(class, v as u64);
            }
        }
        if let Some(class) = args::returned_class(cmd.name)
            && ret != 0
        {
            self.pools.add(class, ret);
        }
        match cmd.name {
            // Whether a list is being compiled: asked, not inferred from
            // the errors (glGetIntegerv is never compiled into a list).
            "glNewList" | "glEndList" => {
                self.in_list = self.get_int(0x0B33) != 0; // GL_LIST_INDEX
                self.drain();
            }
            "glGetString" | "glGetStringi" if ret != 0 => {
                // SAFETY: the GL returns a NUL-terminated static string.
                let n = unsafe { libc::strlen(ret as *const libc::c_char) };
                if n > 1 << 20 {
                    self.finding(
                        format!("bad-return {}", cmd.name),
                        format!(
                            "bad-return {}: a string of {n} bytes\n    call: {line}",
                            cmd.name
                        ),
                    );
                }
            }
            "glMapBufferRange" | "glMapNamedBufferRange" if ret != 0 && ok => {
                let len = call.args[2] as i64;
                if len > 0 {
                    // SAFETY: a successful mapping of `length` bytes; reading
                    // its first and last byte is the check.
                    unsafe {
                        let p = ret as *const u8;
                        core::ptr::read_volatile(p);
                        core::ptr::read_volatile(p.add(len as usize - 1));
                    }
                }
            }
            _ => {}
        }
        if ret != 0 && !ok && cmd.ret == Ty::Ptr && cmd.name.starts_with("glMap") {
            self.finding(
                format!("bad-return {}", cmd.name),
                format!("bad-return {}: an error was recorded but the pointer is {ret:#x}\n    call: {line}", cmd.name),
            );
        }
    }

    fn run(&mut self) {
        let slot = &self.shared.threads[self.t];
        let mut no_ctx_until = 0;
        while self.iteration < self.iterations {
            slot.iteration.store(self.iteration, Ordering::SeqCst);
            // Each iteration's choices come from (seed, thread, iteration)
            // alone, so a run with one thread replays exactly, and with
            // several the commands chosen at an iteration stay the same.
            self.rng = Rng::new(
                self.seed
                    .wrapping_mul(0x100_0000_01B3)
                    .wrapping_add(self.t as u64)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ self.iteration,
            );
            let r = self.rng.below(1000);
            if !self.current && self.iteration >= no_ctx_until {
                self.rebind();
            }
            if self.in_begin && self.rng.chance(25) {
                self.call_named("glEnd", &[]);
            } else if self.in_list && self.rng.chance(5) {
                self.call_named("glEndList", &[]);
            } else if r < 20 {
                self.recipe();
            } else if r < 35 {
                self.glx_op();
            } else if r < 37 && self.current {
                // Release the context for a few iterations: GL calls
                // without one must be harmless no-ops.
                // SAFETY: releasing this thread's current context.
                unsafe {
                    (self.env.glx.glXMakeContextCurrent)(self.env.dpy, 0, 0, core::ptr::null_mut());
                }
                self.current = false;
                no_ctx_until = self.iteration + 1 + self.rng.below(20);
            } else {
                let i = *self.rng.pick(&self.env.enabled);
                self.random_call(i);
            }
            self.iteration += 1;
            self.shared.done.fetch_add(1, Ordering::Relaxed);
        }
        if self.in_begin {
            self.call_named("glEnd", &[]);
        }
    }

    fn rebind(&mut self) {
        // SAFETY: this thread's own context and window.
        self.current = unsafe {
            (self.env.glx.glXMakeContextCurrent)(self.env.dpy, self.win, self.win, self.ctx) != 0
        };
        // A context keeps its glBegin and glNewList state while not current.
        if self.current && !self.in_begin {
            self.drain();
        }
    }

    fn random_call(&mut self, i: usize) {
        let mut rng = Rng::new(self.rng.next());
        let pools = std::mem::take(&mut self.pools);
        let call = args::prepare(&mut rng, &pools, i, self, false);
        self.pools = pools;
        match call {
            Some(call) => {
                if self.current && !self.in_begin {
                    // The state queries above must not leave errors behind.
                    self.drain();
                }
                self.exec(call);
            }
            None => {
                self.shared.skipped.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Calls `name` with the given raw arguments (pointers to memory the
    /// caller keeps alive).
    fn call_named(&mut self, name: &str, a: &[u64]) -> u64 {
        let Some(i) = api::find(name) else { return 0 };
        if self.env.fns[i].is_null() {
            return 0;
        }
        let mut call = Call {
            cmd: i,
            args: [0; args::MAX_ARGS],
            bufs: Vec::new(),
            retain: false,
            notes: Default::default(),
            must_fail: None,
            truncated: false,
            harvest: None,
        };
        call.args[..a.len()].copy_from_slice(a);
        self.exec(call)
    }

    /// A short sequence that builds useful state: a linked program in use
    /// with its uniform locations, a texture with an image, a buffer with
    /// data, a framebuffer, a draw, a display list.
    fn recipe(&mut self) {
        match self.rng.below(6) {
            0 => {
                let vs_src = *self.rng.pick(crate::corpus::VERTEX);
                let fs_src = *self.rng.pick(crate::corpus::FRAGMENT);
                let p = self.call_named("glCreateProgram", &[]);
                for (ty, src) in [(0x8B31u64, vs_src), (0x8B30, fs_src)] {
                    let sh = self.call_named("glCreateShader", &[ty]);
                    let text = std::ffi::CString::new(src).unwrap_or_default();
                    let ptrs = [text.as_ptr()];
                    self.call_named("glShaderSource", &[sh, 1, ptrs.as_ptr() as u64, 0]);
                    self.call_named("glCompileShader", &[sh]);
                    self.call_named("glAttachShader", &[p, sh]);
                }
                self.call_named("glLinkProgram", &[p]);
                self.call_named("glUseProgram", &[p]);
                for name in [
                    c"u", c"u[0]", c"u[3]", c"m", c"f", c"s", c"w", c"n", c"c", c"b",
                ] {
                    self.call_named("glGetUniformLocation", &[p, name.as_ptr() as u64]);
                }
            }
            1 => {
                for (pname, v) in [
                    (0x0CF5u64, 4u64),
                    (0x0CF2, 0),
                    (0x0CF3, 0),
                    (0x0CF4, 0),
                    (0x806E, 0),
                    (0x806D, 0),
                ] {
                    self.call_named("glPixelStorei", &[pname, v]);
                }
                self.call_named("glBindBuffer", &[0x88EC, 0]);
                let mut t = 0u32;
                self.call_named("glGenTextures", &[1, &mut t as *mut u32 as u64]);
                self.pools.add("texture", t as u64);
                self.call_named("glBindTexture", &[0x0DE1, t as u64]);
                let data = [0x7fu8; 64];
                self.call_named(
                    "glTexImage2D",
                    &[
                        0x0DE1,
                        0,
                        0x1908,
                        4,
                        4,
                        0,
                        0x1908,
                        0x1401,
                        data.as_ptr() as u64,
                    ],
                );
            }
            2 => {
                let mut b = 0u32;
                self.call_named("glGenBuffers", &[1, &mut b as *mut u32 as u64]);
                self.pools.add("buffer", b as u64);
                let target = *self.rng.pick(&[
                    0x8892u64, 0x8893, 0x88EB, 0x88EC, 0x8A11, 0x8F3F, 0x8C8E, 0x8F36,
                ]);
                self.call_named("glBindBuffer", &[target, b as u64]);
                let data = [0u8; 256];
                self.call_named("glBufferData", &[target, 256, data.as_ptr() as u64, 0x88E4]);
            }
            3 => {
                let mut f = 0u32;
                self.call_named("glGenFramebuffers", &[1, &mut f as *mut u32 as u64]);
                self.pools.add("framebuffer", f as u64);
                self.call_named("glBindFramebuffer", &[0x8D40, f as u64]);
                let tex = self
                    .pools
                    .names
                    .get("texture")
                    .and_then(|v| v.last().copied())
                    .unwrap_or(0);
                self.call_named("glFramebufferTexture2D", &[0x8D40, 0x8CE0, 0x0DE1, tex, 0]);
                self.call_named("glCheckFramebufferStatus", &[0x8D40]);
                if self.rng.chance(50) {
                    self.call_named("glBindFramebuffer", &[0x8D40, 0]);
                }
            }
            4 => {
                let mode = self.rng.below(11);
                let count = *self.rng.pick(&[0u64, 1, 3, 4, 6, 100]);
                self.call_named("glDrawArrays", &[mode, 0, count]);
            }
            _ => {
                if !self.in_list && !self.in_begin {
                    let n = self.call_named("glGenLists", &[1]);
                    let mode = *self.rng.pick(&[0x1300u64, 0x1301]);
                    self.call_named("glNewList", &[n, mode]);
                }
            }
        }
    }

    /// One GLX call with odd arguments, then this thread's binding restored.
    fn glx_op(&mut self) {
        let env = self.env;
        let (dpy, glx) = (env.dpy, &env.glx);
        let bogus: Xid = *self
            .rng
            .pick(&[0, 1, 0x1234_5678, self.win + 1, u32::MAX as Xid]);
        let cfg = *self.rng.pick(&env.configs);
        let op = self.rng.below(16);
        let attr = *self.rng.pick(&[
            0,
            1,
            5,
            8,
            12,
            0x8011,
            0x8013,
            0x8015,
            0x801D,
            0x801E,
            -1,
            0x7fff_ffff,
        ]);
        // Attribute/value pairs, then None in an attribute position.
        let mut attrs: Vec<c_int> = (0..2 * self.rng.below(6))
            .map(|k| {
                if k % 2 == 1 {
                    self.rng.next() as c_int % 5
                } else if self.rng.chance(60) {
                    *self.rng.pick(GLX_ATTRS)
                } else {
                    attr ^ self.rng.below(4) as c_int
                }
            })
            .collect();
        attrs.push(0);
        let name = GLX_OPS[op as usize];
        if self.skip.contains(name) {
            return;
        }
        let line = format!(
            "t{} it{} {name}(bogus drawable {bogus:#x}, attribute {attr:#x}, list {attrs:x?})",
            self.t, self.iteration
        );
        self.log(&line);
        let slot = &self.shared.threads[self.t];
        slot.in_call_since.store(now_ms(), Ordering::SeqCst);
        let mut attr_buf = GuardBuf::new(attrs.len() * 4, 4);
        let attr_ptr = match &mut attr_buf {
            Some(b) => {
                for (k, a) in attrs.iter().enumerate() {
                    b.bytes()[k * 4..k * 4 + 4].copy_from_slice(&a.to_ne_bytes());
                }
                b.ptr() as *const c_int
            }
            None => core::ptr::null(),
        };
        let mut out = [0 as c_int; 4];
        // SAFETY: GLX calls on our display with live contexts and configs,
        // None-terminated attribute lists, and out pointers to locals; the
        // drawables may be bogus (the X server answers with errors, which
        // our handler ignores).
        unsafe {
            match op {
                0 => {
                    (glx.glXMakeContextCurrent)(dpy, bogus, self.win, self.ctx);
                }
                1 => {
                    (glx.glXMakeCurrent)(dpy, bogus, self.ctx);
                }
                2 => {
                    (glx.glXQueryContext)(dpy, self.ctx, attr, out.as_mut_ptr());
                }
                3 => {
                    (glx.glXQueryDrawable)(
                        dpy,
                        if self.rng.chance(50) { self.win } else { bogus },
                        attr,
                        out.as_mut_ptr().cast(),
                    );
                }
                4 => {
                    (glx.glXGetFBConfigAttrib)(dpy, cfg, attr, out.as_mut_ptr());
                }
                5 => {
                    let screen = *self.rng.pick(&[env.screen, 1, -1, 1000]);
                    let mut n = 0;
                    let list = (glx.glXChooseFBConfig)(dpy, screen, attr_ptr, &mut n);
                    if !list.is_null() {
                        (env.xlib.XFree)(list.cast());
                    }
                }
                6 => {
                    let pb = (glx.glXCreatePbuffer)(dpy, cfg, attr_ptr);
                    if pb != 0 {
                        (glx.glXDestroyPbuffer)(dpy, pb);
                    }
                }
                7 => {
                    let share = if self.rng.chance(50) {
                        self.ctx
                    } else {
                        core::ptr::null_mut()
                    };
                    let c = (glx.glXCreateNewContext)(
                        dpy,
                        cfg,
                        *self.rng.pick(&[0x8014, 0x8015, 0, attr]),
                        share,
                        1,
                    );
                    if !c.is_null() {
                        (glx.glXDestroyContext)(dpy, c);
                    }
                }
                8 => {
                    if let Some(f) = env.ext.create_context_attribs {
                        let c = f(dpy, cfg, core::ptr::null_mut(), 1, attr_ptr);
                        if !c.is_null() {
                            (glx.glXDestroyContext)(dpy, c);
                        }
                    }
                }
                9 => {
                    let screen = *self.rng.pick(&[env.screen, 7, -3]);
                    let s = (glx.glXQueryExtensionsString)(dpy, screen);
                    let t = (glx.glXQueryServerString)(dpy, screen, attr);
                    let u = (glx.glXGetClientString)(dpy, attr);
                    for p in [s, t, u] {
                        if !p.is_null() {
                            libc::strlen(p);
                        }
                    }
                }
                10 => {
                    let name = [
                        b'g',
                        b'l',
                        b'X',
                        b'Z',
                        b'z',
                        (self.rng.below(26) as u8) + b'a',
                        0,
                    ];
                    (glx.glXGetProcAddressARB)(name.as_ptr());
                    (glx.glXGetProcAddressARB)(c"".as_ptr().cast());
                }
                11 => {
                    (glx.glXSwapBuffers)(dpy, if self.rng.chance(70) { self.win } else { bogus });
                }
                12 => {
                    (glx.glXWaitGL)();
                    (glx.glXWaitX)();
                    (glx.glXIsDirect)(dpy, self.ctx);
                    (glx.glXQueryVersion)(dpy, out.as_mut_ptr(), out.as_mut_ptr().add(1));
                    (glx.glXQueryExtension)(dpy, out.as_mut_ptr(), out.as_mut_ptr().add(1));
                    (glx.glXGetCurrentDrawable)();
                    (glx.glXGetCurrentReadDrawable)();
                    (glx.glXGetCurrentDisplay)();
                }
                13 => {
                    // Copy state into a fresh, never-current context.
                    let c = (glx.glXCreateNewContext)(dpy, cfg, 0x8014, core::ptr::null_mut(), 1);
                    if !c.is_null() {
                        (glx.glXCopyContext)(dpy, self.ctx, c, self.rng.next() as libc::c_ulong);
                        (glx.glXDestroyContext)(dpy, c);
                    }
                }
                14 => {
                    let target = if self.rng.chance(50) { self.win } else { bogus };
                    if let Some(f) = env.ext.swap_interval_ext {
                        f(dpy, target, attr);
                    }
                    if let Some(f) = env.ext.swap_interval_mesa {
                        f(attr as u32);
                    }
                    // A positive interval paces swaps that many frames
                    // apart (up to GLX_MAX_SWAP_INTERVAL_EXT, 1,000 frames:
                    // ~17 s a swap): the requested behaviour, not a hang.
                    // Back to 0 once the calls are made.
                    if let Some(f) = env.ext.swap_interval_ext {
                        f(dpy, self.win, 0);
                        f(dpy, target, 0);
                    }
                    if let Some(f) = env.ext.swap_interval_mesa {
                        f(0);
                    }
                    let mut mask: libc::c_ulong = 0;
                    (glx.glXSelectEvent)(dpy, self.win, self.rng.next() as libc::c_ulong);
                    (glx.glXGetSelectedEvent)(
                        dpy,
                        if self.rng.chance(50) { self.win } else { bogus },
                        &mut mask,
                    );
                }
                _ => {
                    let w = (glx.glXCreateWindow)(
                        dpy,
                        cfg,
                        if self.rng.chance(50) { self.win } else { bogus },
                        attr_ptr,
                    );
                    if w != 0 {
                        (glx.glXDestroyWindow)(dpy, w);
                    }
                }
            }
        }
        slot.in_call_since.store(0, Ordering::SeqCst);
        // Back to a known binding.
        // SAFETY: glXGetCurrentContext takes nothing.
        let cur = unsafe { (glx.glXGetCurrentContext)() };
        if cur != self.ctx || op <= 1 {
            self.rebind();
        }
    }

    /// Probe mode: every enabled command once with zero scalars; the
    /// library's "not implemented yet" lines (LIBGL_DEBUG=verbose) say which
    /// are stubs.
    fn probe(&mut self, from: usize) {
        let enabled = self.env.enabled.clone();
        for &i in enabled.iter().filter(|&&i| i >= from) {
            self.iteration = i as u64;
            self.shared.threads[0]
                .iteration
                .store(i as u64, Ordering::SeqCst);
            if self.in_begin {
                self.call_named("glEnd", &[]);
            }
            if self.in_list {
                self.call_named("glEndList", &[]);
            }
            let _ = stderr_news();
            let mut rng = Rng::new(i as u64);
            let pools = std::mem::take(&mut self.pools);
            let call = args::prepare(&mut rng, &pools, i, self, true);
            self.pools = pools;
            let Some(call) = call else {
                self.shared.implemented[i].store(2, Ordering::SeqCst);
                continue;
            };
            self.drain();
            let slot = &self.shared.threads[0];
            let cmd = &COMMANDS[i];
            let line = self.line(&call);
            self.log(&line);
            slot.in_call_since.store(now_ms(), Ordering::SeqCst);
            // SAFETY: as in `exec`.
            let _ = unsafe { (cmd.thunk)(self.env.fns[i], &call.args[..cmd.params.len()]) };
            slot.in_call_since.store(0, Ordering::SeqCst);
            let stub = stderr_news()
                .is_some_and(|s| s.contains(&format!("{} is not implemented", cmd.name)));
            self.shared.implemented[i].store(if stub { 1 } else { 2 }, Ordering::SeqCst);
            match cmd.name {
                "glBegin" => self.in_begin = true,
                "glEnd" => self.in_begin = false,
                "glNewList" => self.in_list = true,
                "glEndList" => self.in_list = false,
                _ => {}
            }
        }
        self.shared.finished.store(1, Ordering::SeqCst);
    }
}

impl State for Worker<'_> {
    fn get_int(&mut self, pname: u32) -> i64 {
        if !self.current {
            return 0;
        }
        let mut v = [0i32; 16];
        // SAFETY: glGetIntegerv's signature; pnames asked here return one value.
        unsafe {
            let f: unsafe extern "C" fn(u32, *mut i32) =
                core::mem::transmute(self.env.get_integerv);
            f(pname, v.as_mut_ptr());
        }
        v[0] as i64
    }

    fn get_tex_level(&mut self, target: u32, level: i32, pname: u32) -> i64 {
        if !self.current {
            return 0;
        }
        let mut v = [0i32; 16];
        // SAFETY: glGetTexLevelParameteriv's signature; one value.
        unsafe {
            let f: unsafe extern "C" fn(u32, i32, u32, *mut i32) =
                core::mem::transmute(self.env.get_tex_level);
            f(target, level, pname, v.as_mut_ptr());
        }
        v[0] as i64
    }
}
