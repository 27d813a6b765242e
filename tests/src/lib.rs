//! Helpers shared by oxgl's integration tests (`tests/tests/*.rs`).
//!
//! The tests treat oxgl as a user would: they compile small C clients from
//! `tests/clients/` against the built `libGL.so.1`, or run stock tools
//! (`glxinfo`, `wflinfo`, `glxgears`), with `LD_LIBRARY_PATH` pointing at the
//! library directory, against the X server named by `DISPLAY`
//! (`scripts/test.sh` runs the whole suite under `scripts/xvfb-run`).
//!
//! Environment:
//! * `OXGL_LIB_DIR` — the directory holding `libGL.so.1` and its forwarders
//!   (default `<workspace>/target/release/lib`, made by `cargo build --release`).
//! * `OXGL_REQUIRE_X=1` — a missing `DISPLAY` or library fails the test
//!   instead of skipping it (set by `scripts/test.sh`).
//! * `OXGL_TEST_KEEP=1` — keep the temporary directory of compiled clients.

#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::ffi::OsStr;
use std::fmt;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// How long a client or tool may run before it is killed.
pub const CLIENT_TIMEOUT: Duration = Duration::from_secs(60);

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Where the C clients' sources live: `tests/clients/`.
pub fn clients_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("clients")
}

/// The library directory under test: `OXGL_LIB_DIR`, else
/// `<workspace>/target/release/lib`.
pub fn lib_dir() -> PathBuf {
    match std::env::var_os("OXGL_LIB_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => workspace_root().join("target/release/lib"),
    }
}

fn x_required() -> bool {
    std::env::var("OXGL_REQUIRE_X").is_ok_and(|v| v == "1")
}

/// Skips (returns `None` after printing why) or, under `OXGL_REQUIRE_X=1`,
/// fails the calling test.
fn skip_or_panic(why: &str) -> Option<()> {
    if x_required() {
        panic!("{why} (OXGL_REQUIRE_X=1 makes this a failure)");
    }
    eprintln!("skipped: {why}");
    None
}

/// The X display to test against. Without one the test is skipped
/// ("skipped: no DISPLAY"), or fails when `OXGL_REQUIRE_X=1`.
pub fn require_display() -> Option<String> {
    match std::env::var("DISPLAY") {
        Ok(display) if !display.is_empty() => Some(display),
        _ => {
            skip_or_panic("no DISPLAY; run the tests under scripts/xvfb-run (scripts/test.sh does)")
                .map(|()| String::new())
        }
    }
}

/// The library directory, if it holds `libGL.so.1`; skips or fails like
/// [`require_display`] otherwise.
pub fn require_lib() -> Option<PathBuf> {
    let dir = lib_dir();
    if dir.join("libGL.so.1").exists() {
        Some(dir)
    } else {
        skip_or_panic(&format!(
            "{} has no libGL.so.1; build it with `cargo build --release` or set OXGL_LIB_DIR",
            dir.display()
        ))
        .map(|()| dir)
    }
}

/// Both a display and the library: what every test here needs first.
/// `let Some(lib) = oxgl_tests::require_gl() else { return };`
pub fn require_gl() -> Option<PathBuf> {
    require_display()?;
    require_lib()
}

/// A private Wayland compositor: weston's headless backend on its own socket
/// in its own `XDG_RUNTIME_DIR`, stopped (by its PID) and removed on drop.
pub struct Weston {
    child: std::process::Child,
    runtime_dir: PathBuf,
    socket: String,
}

impl Weston {
    /// Starts weston and waits (up to 20 s) for its socket. Without weston
    /// the test is skipped, or fails under `OXGL_REQUIRE_X=1`
    /// (`scripts/setup.sh` installs it); weston failing to start fails the
    /// test.
    pub fn start() -> Option<Weston> {
        Weston::start_with(&[])
    }

    /// [`Weston::start`] with more arguments (`--debug` for
    /// `weston-screenshooter`, `--use-pixman`, `--width=`...).
    pub fn start_with(args: &[&str]) -> Option<Weston> {
        let found = Command::new("weston")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !found {
            skip_or_panic("weston is not installed; scripts/setup.sh installs it")?;
        }
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let runtime_dir =
            std::env::temp_dir().join(format!("oxgl-weston-{}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&runtime_dir);
        if let Err(e) = fs::create_dir_all(&runtime_dir) {
            panic!("cannot create {}: {e}", runtime_dir.display());
        }
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(&runtime_dir, fs::Permissions::from_mode(0o700));
        let socket = format!("oxgl-{}-{n}", std::process::id());
        let log = runtime_dir.join("weston.log");
        let child = Command::new("weston")
            .args([
                "--backend=headless-backend.so",
                "--idle-time=0",
                "--no-config",
            ])
            .args(args)
            .arg(format!("--socket={socket}"))
            .arg(format!("--log={}", log.display()))
            .env("XDG_RUNTIME_DIR", &runtime_dir)
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("DISPLAY")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let child = match child {
            Ok(c) => c,
            Err(e) => panic!("cannot start weston: {e}"),
        };
        let mut weston = Weston {
            child,
            runtime_dir,
            socket,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while !weston.runtime_dir.join(&weston.socket).exists() {
            if let Ok(Some(status)) = weston.child.try_wait() {
                let log = fs::read_to_string(&log).unwrap_or_default();
                panic!("weston exited ({status}) before making its socket:\n{log}");
            }
            assert!(
                Instant::now() < deadline,
                "weston made no socket in 20 s:\n{}",
                fs::read_to_string(&log).unwrap_or_default()
            );
            thread::sleep(Duration::from_millis(50));
        }
        // The socket exists before the compositor answers; desktop-shell
        // (xdg_wm_base) comes up a moment later.
        thread::sleep(Duration::from_millis(500));
        Some(weston)
    }

    /// Its `XDG_RUNTIME_DIR` (a private directory, removed on drop).
    pub fn runtime_dir(&self) -> &Path {
        &self.runtime_dir
    }

    /// The environment a client needs to reach this compositor.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                "XDG_RUNTIME_DIR",
                self.runtime_dir.to_string_lossy().into_owned(),
            ),
            ("WAYLAND_DISPLAY", self.socket.clone()),
        ]
    }
}

impl Drop for Weston {
    fn drop(&mut self) {
        terminate(&mut self.child);
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = fs::remove_dir_all(&self.runtime_dir);
    }
}

/// Temporary directory for this test binary's compiled clients, removed by
/// the next run once this process is gone (unless `OXGL_TEST_KEEP=1`).
fn build_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let tmp = std::env::temp_dir();
        let keep = std::env::var("OXGL_TEST_KEEP").is_ok_and(|v| v == "1");
        if !keep {
            remove_stale_build_dirs(&tmp);
        }
        let dir = tmp.join(format!("oxgl-tests-{}", std::process::id()));
        if let Err(e) = fs::create_dir_all(&dir) {
            panic!("cannot create {}: {e}", dir.display());
        }
        dir
    })
}

/// Removes `oxgl-tests-<pid>` directories whose process no longer exists.
fn remove_stale_build_dirs(tmp: &Path) {
    let Ok(entries) = fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("oxgl-tests-"))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Compiles `tests/clients/<name>.c` (once per test binary) with
/// `gcc -O2 -Wall ... -lX11 -L<lib_dir> -l:libGL.so.1` and returns the
/// executable. Panics with the compiler's output when it fails.
pub fn compile_client(name: &str) -> PathBuf {
    compile_client_with(name, &[])
}

/// [`compile_client`] with more linker arguments (`-lwayland-client`, ...).
pub fn compile_client_with(name: &str, libs: &[&str]) -> PathBuf {
    static BUILT: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let built = BUILT.get_or_init(|| Mutex::new(HashMap::new()));
    // A test that panicked while holding the lock leaves nothing half-done
    // in the map, so a poisoned lock is still usable.
    let mut built = built.lock().unwrap_or_else(|poison| poison.into_inner());
    if let Some(path) = built.get(name) {
        return path.clone();
    }

    let source = clients_dir().join(format!("{name}.c"));
    assert!(source.exists(), "no client source {}", source.display());
    let out = build_dir().join(name);
    let lib = lib_dir();
    let mut cmd = Command::new("gcc");
    cmd.args(["-O2", "-Wall", "-o"])
        .arg(&out)
        .arg(&source)
        .arg("-lX11")
        .args(libs)
        .arg(format!("-L{}", lib.display()))
        .args(["-l:libGL.so.1", "-lpthread", "-ldl", "-lm"]);
    let result = match cmd.output() {
        Ok(result) => result,
        Err(e) => panic!("cannot run gcc ({e}); scripts/setup.sh installs it"),
    };
    let diagnostics = String::from_utf8_lossy(&result.stderr);
    assert!(
        result.status.success(),
        "compiling {} failed ({}):\n{diagnostics}\ncommand: {cmd:?}",
        source.display(),
        result.status
    );
    if !diagnostics.trim().is_empty() {
        eprintln!("gcc warnings for {}:\n{diagnostics}", source.display());
    }
    built.insert(name.to_string(), out.clone());
    out
}

/// What a finished (or killed) process left behind.
#[derive(Debug)]
pub struct RunOutput {
    /// The command line, for messages.
    pub command: String,
    /// Exit status; `None` if it could not be collected.
    pub status: Option<ExitStatus>,
    /// Captured standard output (lossy UTF-8).
    pub stdout: String,
    /// Captured standard error (lossy UTF-8).
    pub stderr: String,
    /// True when the process was killed for running past its time limit.
    pub timed_out: bool,
}

impl RunOutput {
    /// Exited by itself with status 0.
    pub fn success(&self) -> bool {
        !self.timed_out && self.status.is_some_and(|s| s.success())
    }

    /// True if some line of stdout equals `line` (trailing blanks ignored).
    pub fn has_line(&self, line: &str) -> bool {
        self.stdout.lines().any(|l| l.trim_end() == line)
    }
}

impl fmt::Display for RunOutput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let status = match (self.timed_out, self.status) {
            (true, _) => "killed after its time limit".to_string(),
            (false, Some(s)) => s.to_string(),
            (false, None) => "unknown status".to_string(),
        };
        write!(
            f,
            "`{}`: {status}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.command,
            self.stdout.trim_end(),
            self.stderr.trim_end()
        )
    }
}

fn read_to_string_lossy(mut pipe: impl Read) -> String {
    let mut bytes = Vec::new();
    let _ = pipe.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Fails when `out`'s stderr contains any of `texts`.
pub fn assert_stderr_free_of(out: &RunOutput, texts: &[&str]) {
    for text in texts {
        assert!(
            !out.stderr.contains(text),
            "`{}`: stderr contains {text:?}:\n{}",
            out.command,
            out.stderr
        );
    }
}

/// The frames of every "N frames in 5.0 seconds = F FPS" line of a gears
/// program's output, summed.
pub fn reported_frames(stdout: &str) -> u64 {
    stdout
        .lines()
        .filter_map(|l| l.split_once(" frames in ").map(|(n, _)| n.trim()))
        .filter_map(|n| n.parse::<u64>().ok())
        .sum()
}

/// A gears program `name` run for `secs` seconds ([`run_for`]): it must
/// still have been running (no crash, no exit), have reported frames and
/// have printed none of `error_text` on stderr.
pub fn assert_gears_ran(out: &RunOutput, name: &str, secs: u64, error_text: &[&str]) {
    println!("{out}");
    assert!(out.timed_out, "{name} exited within {secs} s:\n{out}");
    assert_stderr_free_of(out, error_text);
    let frames = reported_frames(&out.stdout);
    assert!(frames > 0, "{name} reported no frames in {secs} s:\n{out}");
}

/// Runs `cmd` with stdout/stderr captured; kills it (SIGKILL) after
/// `timeout`.
pub fn run_with_timeout(cmd: Command, timeout: Duration) -> RunOutput {
    run_until(cmd, timeout, Ending::Kill)
}

/// Runs `cmd` for `duration` and then stops it with SIGTERM (SIGKILL if it
/// is still there 5 s later). `timed_out` is true when it was still running
/// at `duration`, i.e. it did not exit or crash on its own.
pub fn run_for(cmd: Command, duration: Duration) -> RunOutput {
    run_until(cmd, duration, Ending::Terminate)
}

enum Ending {
    Kill,
    Terminate,
}

fn run_until(mut cmd: Command, limit: Duration, ending: Ending) -> RunOutput {
    let command = describe(&cmd);
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => panic!("cannot start {command}: {e}"),
    };
    let stdout = child
        .stdout
        .take()
        .map(|p| thread::spawn(move || read_to_string_lossy(p)));
    let stderr = child
        .stderr
        .take()
        .map(|p| thread::spawn(move || read_to_string_lossy(p)));

    let deadline = Instant::now() + limit;
    let mut timed_out = false;
    let mut status = None;
    while status.is_none() {
        match child.try_wait() {
            Ok(Some(s)) => status = Some(s),
            Ok(None) if Instant::now() >= deadline => {
                timed_out = true;
                if matches!(ending, Ending::Terminate) {
                    terminate(&mut child);
                }
                let _ = child.kill();
                status = child.wait().ok();
                break;
            }
            Ok(None) => thread::sleep(Duration::from_millis(20)),
            Err(_) => break,
        }
    }
    let join = |h: Option<thread::JoinHandle<String>>| {
        h.map(|h| h.join().unwrap_or_default()).unwrap_or_default()
    };
    RunOutput {
        command,
        status,
        stdout: join(stdout),
        stderr: join(stderr),
        timed_out,
    }
}

/// SIGTERM through kill(1) (std has no signal API and this crate has no
/// unsafe code), then up to 5 s for the process to go.
fn terminate(child: &mut std::process::Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        thread::sleep(Duration::from_millis(20));
    }
}

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for arg in cmd.get_args() {
        s.push(' ');
        s.push_str(&arg.to_string_lossy());
    }
    s
}

/// A command for `program` that loads the library under test: `lib_dir()`
/// first on `LD_LIBRARY_PATH`, plus the extra `env`.
pub fn gl_command<S: AsRef<OsStr>>(
    program: impl AsRef<OsStr>,
    args: &[S],
    env: &[(&str, &str)],
) -> Command {
    let mut cmd = Command::new(program);
    cmd.args(args);
    let mut ld_path = lib_dir().into_os_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH").filter(|v| !v.is_empty()) {
        ld_path.push(":");
        ld_path.push(old);
    }
    cmd.env("LD_LIBRARY_PATH", ld_path);
    for (key, value) in env {
        cmd.env(key, value);
    }
    cmd
}

/// Runs a compiled client (or any GL program) on the library under test,
/// killed after [`CLIENT_TIMEOUT`].
pub fn run_client<S: AsRef<OsStr>>(
    path: impl AsRef<OsStr>,
    args: &[S],
    env: &[(&str, &str)],
) -> RunOutput {
    run_with_timeout(gl_command(path, args, env), CLIENT_TIMEOUT)
}

/// Compiles `tests/clients/NAME.c`, runs it on the library under test with
/// `env`, and asserts it exits 0 printing `PASS` (its output is printed
/// either way). Skips when no GL is available ([`require_gl`]).
pub fn assert_client_passes(name: &str, env: &[(&str, &str)]) {
    let Some(_lib) = require_gl() else { return };
    let client = compile_client(name);
    let out = run_client(&client, &[] as &[&str], env);
    println!("{out}");
    assert!(
        out.success() && out.has_line("PASS"),
        "{name} failed:\n{out}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeout_kills() {
        let start = Instant::now();
        let mut cmd = Command::new("sleep");
        cmd.arg("30");
        let out = run_with_timeout(cmd, Duration::from_millis(300));
        assert!(out.timed_out && !out.success(), "{out}");
        assert!(start.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn run_for_sends_term_and_captures_output() {
        let mut cmd = Command::new("sh");
        cmd.args([
            "-c",
            "trap 'echo got TERM; exit 3' TERM; echo started; echo to-stderr >&2; \
             while :; do sleep 0.05; done",
        ]);
        let out = run_for(cmd, Duration::from_millis(500));
        assert!(out.timed_out, "{out}");
        assert!(out.has_line("started") && out.has_line("got TERM"), "{out}");
        assert_eq!(out.stderr.trim(), "to-stderr");
        assert_eq!(out.status.and_then(|s| s.code()), Some(3), "{out}");
    }

    #[test]
    fn exit_status_is_reported() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo PASS; exit 0"]);
        let out = run_with_timeout(cmd, CLIENT_TIMEOUT);
        assert!(
            out.success() && !out.timed_out && out.has_line("PASS"),
            "{out}"
        );
    }
}
