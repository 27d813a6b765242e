//! `oxgl-fuzz-gl`: a GL API fuzzer for oxgl's `libGL.so.1`.
//!
//! The supervisor (this process) never loads GL. It forks children; each
//! child dlopens libX11 and libGL like an application, makes one context per
//! thread and calls the implemented GL 1.0-4.6 commands (and GLX ones) with
//! boundary and random arguments and guard-paged client memory, under an
//! address-space limit. The supervisor watches each command's duration
//! (shared memory), and reports a crash, abort, hang or unexpected exit with
//! the child's seed, the iteration and the last commands of every thread; a
//! child reports missing GL errors and "internal problem" messages itself.
//! A first child probes which commands are implemented. See docs/fuzzing.md.

mod api;
mod args;
mod child;
mod corpus;
mod mem;
mod rng;
mod rules;
mod shared;
mod x;

use std::collections::{BTreeMap, HashSet};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use child::Opts;
use shared::{MAX_THREADS, Shared, now_ms};

const USAGE: &str = "\
usage: oxgl-fuzz-gl [options]
  --minutes M        run for M minutes (default: until --iterations are done)
  --iterations N     total iterations over all children (default 20000)
  --seed S           first child's seed (default 1); child k uses S+k
  --threads T        threads (contexts) per child (default 2, at most 8)
  --per-child N      iterations per thread of one child (default 2000)
  --timeout-ms MS    watchdog: the longest one command may take (default 10000)
  --mem-gib G        RLIMIT_AS of a child in GiB (default 4; 0: none)
  --lib-dir DIR      where libGL.so.1 is (default $OXGL_LIB_DIR, else target/release/lib)
  --skip A,B         never call these commands
  --ci               skip the known crashes of rules::KNOWN, tolerate its known
                     non-fatal findings; exit 1 on any other finding
  --replay SEED      run one child with this seed (with --threads, --per-child,
                     --skip as reported) and print its commands from --trace-from
  --trace-from N     print every command of iterations >= N
  --uncovered        list the implemented commands never called
Needs DISPLAY (scripts/fuzz-gl starts a private Xvfb).";

struct Cli {
    minutes: Option<f64>,
    iterations: u64,
    seed: u64,
    threads: usize,
    per_child: u64,
    timeout_ms: u64,
    mem_gib: u64,
    lib_dir: String,
    skip: Vec<String>,
    ci: bool,
    replay: Option<u64>,
    trace_from: Option<u64>,
    uncovered: bool,
}

fn default_lib_dir() -> String {
    if let Ok(d) = std::env::var("OXGL_LIB_DIR")
        && !d.is_empty()
    {
        return d;
    }
    // target/release/oxgl-fuzz-gl -> target/release/lib
    std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.join("lib")))
        .map_or_else(|| "target/release/lib".into(), |p| p.display().to_string())
}

fn parse() -> Result<Cli, String> {
    let mut cli = Cli {
        minutes: None,
        iterations: 20_000,
        seed: 1,
        threads: 2,
        per_child: 2000,
        timeout_ms: 10_000,
        mem_gib: 4,
        lib_dir: default_lib_dir(),
        skip: Vec::new(),
        ci: false,
        replay: None,
        trace_from: None,
        uncovered: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut val = || it.next().ok_or_else(|| format!("{a} needs a value"));
        let num = |s: String| s.parse::<u64>().map_err(|e| format!("{s}: {e}"));
        match a.as_str() {
            "--minutes" => {
                cli.minutes = Some(val()?.parse().map_err(|e| format!("--minutes: {e}"))?)
            }
            "--iterations" => cli.iterations = num(val()?)?,
            "--seed" => cli.seed = num(val()?)?,
            "--threads" => cli.threads = (num(val()?)? as usize).clamp(1, MAX_THREADS),
            "--per-child" => cli.per_child = num(val()?)?.max(1),
            "--timeout-ms" => cli.timeout_ms = num(val()?)?,
            "--mem-gib" => cli.mem_gib = num(val()?)?,
            "--lib-dir" => cli.lib_dir = val()?,
            "--skip" => cli.skip.extend(
                val()?
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(String::from),
            ),
            "--ci" => cli.ci = true,
            "--replay" => cli.replay = Some(num(val()?)?),
            "--trace-from" => cli.trace_from = Some(num(val()?)?),
            "--uncovered" => cli.uncovered = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => return Err(format!("unknown argument {a}\n{USAGE}")),
        }
    }
    Ok(cli)
}

/// How a child ended.
enum End {
    Done,
    Signal(i32),
    Exit(i32),
    Hang(usize),
}

/// Forks a child running `opts` and watches it.
fn supervise(opts: &Opts, shared: &'static Shared, timeout_ms: u64) -> End {
    shared.reset();
    // SAFETY: the supervisor is single-threaded and has loaded no GL; the
    // child runs `child::run`, which never returns.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        eprintln!("oxgl-fuzz-gl: fork failed");
        std::process::exit(2);
    }
    if pid == 0 {
        child::run(opts, shared);
    }
    loop {
        let mut status = 0;
        // SAFETY: waiting for our own child.
        let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if r == pid {
            if libc::WIFSIGNALED(status) {
                return End::Signal(libc::WTERMSIG(status));
            }
            let code = libc::WEXITSTATUS(status);
            return if code == 0 {
                End::Done
            } else {
                End::Exit(code)
            };
        }
        let now = now_ms();
        for (t, slot) in shared.threads.iter().enumerate() {
            let since = slot.in_call_since.load(Ordering::SeqCst);
            if since != 0 && now.saturating_sub(since) > timeout_ms {
                // SAFETY: killing and reaping our own child.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                    libc::waitpid(pid, &mut status, 0);
                }
                return End::Hang(t);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGABRT => "SIGABRT",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTRAP => "SIGTRAP",
        _ => "signal",
    }
}

/// The command in the newest log line of thread `t` (`t0 it5 glFoo(...)`).
fn last_command(shared: &Shared, t: usize) -> Option<String> {
    let lines = shared.lines(t);
    let last = lines.last()?;
    let rest = last.split_whitespace().nth(2)?;
    let rest = rest
        .strip_prefix("[no")
        .map_or(rest, |_| last.split_whitespace().nth(4).unwrap_or(""));
    Some(rest.split('(').next().unwrap_or(rest).to_string())
}

struct Finding {
    key: String,
    kind: String,
    command: String,
    text: String,
    known: bool,
}

/// Describes a fatal end of a child: the culprit thread(s) and their last
/// commands.
fn fatal(
    end: &End,
    shared: &Shared,
    threads: usize,
    opts: &Opts,
    timeout_ms: u64,
) -> Option<Finding> {
    let (kind, what) = match end {
        End::Done => return None,
        End::Signal(s) if *s == libc::SIGABRT => {
            ("abort".to_string(), "SIGABRT (abort)".to_string())
        }
        End::Signal(s) => ("crash".to_string(), format!("{} ({s})", signal_name(*s))),
        End::Exit(c) => ("exit".to_string(), format!("exit status {c}")),
        End::Hang(_) => (
            "hang".to_string(),
            format!("a command ran longer than {timeout_ms} ms"),
        ),
    };
    let faulted = shared.fault_thread.load(Ordering::SeqCst) as usize;
    let busy: Vec<usize> = match end {
        End::Hang(t) => vec![*t],
        // The signal handler saw which worker thread faulted.
        End::Signal(_) if (1..=threads).contains(&faulted) => vec![faulted - 1],
        _ => (0..threads)
            .filter(|&t| shared.threads[t].in_call_since.load(Ordering::SeqCst) != 0)
            .collect(),
    };
    let culprit = busy.first().copied();
    let command = culprit
        .and_then(|t| last_command(shared, t))
        .unwrap_or_else(|| "(between commands)".into());
    let addr = shared.fault_addr.load(Ordering::SeqCst);
    let mut text = format!("{kind} {command}: {what}");
    if matches!(end, End::Signal(_)) {
        text.push_str(&format!(
            " at address {addr:#x}{}",
            if faulted >= 1000 {
                " in a thread of the library"
            } else {
                ""
            }
        ));
    }
    text.push('\n');
    let iteration = culprit.map_or(0, |t| shared.threads[t].iteration.load(Ordering::SeqCst));
    text.push_str(&format!(
        "    seed {} thread {} iteration {iteration}; replay: oxgl-fuzz-gl --replay {} --threads {} --per-child {}{} --trace-from {}\n",
        opts.seed,
        culprit.map_or("?".into(), |t| t.to_string()),
        opts.seed,
        threads,
        opts.iterations,
        if opts.skip.is_empty() { String::new() } else { format!(" --skip {}", opts.skip.join(",")) },
        iteration.saturating_sub(20),
    ));
    let tail = stderr_tail(opts.stderr_fd);
    if !tail.trim().is_empty() {
        text.push_str("    the child's stderr ended with:\n");
        for l in tail
            .lines()
            .rev()
            .take(6)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            text.push_str(&format!("      {l}\n"));
        }
    }
    let show: Vec<usize> = if busy.is_empty() {
        (0..threads).collect()
    } else {
        busy
    };
    for t in show {
        text.push_str(&format!("    last commands of thread {t}:\n"));
        for l in shared.lines(t).iter().rev().take(12).rev() {
            text.push_str(&format!("      {l}\n"));
        }
    }
    let known = opts.ci && rules::known(&command, &kind);
    Some(Finding {
        key: format!("{kind} {command}"),
        kind,
        command,
        text,
        known,
    })
}

/// The last 2 KiB a child wrote on its stderr.
fn stderr_tail(fd: libc::c_int) -> String {
    if fd < 0 {
        return String::new();
    }
    // SAFETY: fstat/pread on our own memfd into a local buffer.
    unsafe {
        let mut st: libc::stat = core::mem::zeroed();
        if libc::fstat(fd, &mut st) != 0 {
            return String::new();
        }
        let size = st.st_size.max(0) as usize;
        let n = size.min(2048);
        let mut buf = vec![0u8; n];
        let got = libc::pread(fd, buf.as_mut_ptr().cast(), n, (size - n) as i64);
        buf.truncate(got.max(0) as usize);
        String::from_utf8_lossy(&buf).into_owned()
    }
}

/// Runs the probe children until every command was called once; returns
/// the fatal findings on the way.
fn probe(base: &Opts, shared: &'static Shared, timeout_ms: u64) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut from = 0;
    let mut opts = base.clone();
    opts.trace_from = None;
    loop {
        opts.probe_from = Some(from);
        let end = supervise(&opts, shared, timeout_ms);
        let at = shared.threads[0].iteration.load(Ordering::SeqCst) as usize;
        if let End::Done = end {
            break;
        }
        if let Some(mut f) = fatal(&end, shared, 1, &opts, timeout_ms) {
            f.text = format!("(probe, all-zero scalars) {}", f.text);
            findings.push(f);
        }
        if matches!(end, End::Exit(_)) && shared.threads[0].head.load(Ordering::SeqCst) == 0 {
            break; // the child could not even start
        }
        // The command that stopped the probe is implemented (it ran).
        if at < shared::MAX_CMDS {
            shared.implemented[at].store(2, Ordering::SeqCst);
        }
        from = at + 1;
        if from >= api::COMMANDS.len() {
            break;
        }
    }
    findings
}

fn main() -> ExitCode {
    let cli = match parse() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("oxgl-fuzz-gl: {e}");
            return ExitCode::from(2);
        }
    };
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        eprintln!("oxgl-fuzz-gl: no DISPLAY; run it through scripts/fuzz-gl or scripts/xvfb-run");
        return ExitCode::from(2);
    }
    if !std::path::Path::new(&cli.lib_dir)
        .join("libGL.so.1")
        .exists()
    {
        eprintln!(
            "oxgl-fuzz-gl: {}/libGL.so.1 not found (cargo build --release, or --lib-dir)",
            cli.lib_dir
        );
        return ExitCode::from(2);
    }
    let shared = Shared::new();
    let mut opts = Opts {
        lib_dir: cli.lib_dir.clone(),
        seed: cli.seed,
        threads: cli.threads,
        iterations: cli.per_child,
        trace_from: cli.trace_from,
        probe_from: None,
        skip: cli.skip.clone(),
        ci: cli.ci,
        mem_limit: cli.mem_gib << 30,
        // SAFETY: a fresh memfd; the children write their stderr into it.
        stderr_fd: unsafe { libc::memfd_create(c"oxgl-fuzz-gl-stderr".as_ptr(), 0) },
    };
    if cli.ci {
        // Known crashes, aborts and hangs are not called at all (GLX ones
        // included), so that they cannot hide other findings.
        for k in rules::KNOWN
            .iter()
            .filter(|k| rules::known_fatal(k.command))
        {
            opts.skip.push(k.command.to_string());
        }
    }
    let start = Instant::now();
    let mut findings: Vec<Finding> = probe(&opts, shared, cli.timeout_ms);
    let implemented: Vec<usize> = (0..api::COMMANDS.len())
        .filter(|&i| shared.implemented[i].load(Ordering::SeqCst) == 2)
        .collect();
    println!(
        "oxgl-fuzz-gl: {} of {} GL 1.0-4.6 commands implemented (probe, {:.1} s); lib {}",
        implemented.len(),
        api::COMMANDS.len(),
        start.elapsed().as_secs_f64(),
        cli.lib_dir
    );
    // A command that crashed the probe is not called again (it would only
    // crash every child).
    for f in &findings {
        opts.skip.push(f.command.clone());
    }

    let deadline = cli
        .minutes
        .map(|m| start + Duration::from_secs_f64(m * 60.0));
    let mut called: HashSet<usize> = HashSet::new();
    let mut total = 0u64;
    let mut children = 0u64;
    let mut skipped = 0u64;
    let mut child = 0u64;
    loop {
        if let Some(d) = deadline {
            if Instant::now() >= d {
                break;
            }
        } else if total >= cli.iterations {
            break;
        }
        if cli.replay.is_some() && children > 0 {
            break;
        }
        opts.seed = cli.replay.unwrap_or(cli.seed + child);
        child += 1;
        let end = supervise(&opts, shared, cli.timeout_ms);
        children += 1;
        total += shared.done.load(Ordering::SeqCst);
        skipped += shared.skipped.load(Ordering::SeqCst);
        for (i, c) in shared.called.iter().enumerate().take(api::COMMANDS.len()) {
            if c.load(Ordering::Relaxed) != 0 {
                called.insert(i);
            }
        }
        for (t, it, text) in shared.reported() {
            let mut words = text.split_whitespace();
            let kind = words.next().unwrap_or("").to_string();
            let command = words.next().unwrap_or("").trim_end_matches(':').to_string();
            findings.push(Finding {
                key: format!("{kind} {command}"),
                known: opts.ci && rules::known(&command, &kind),
                text: format!(
                    "{text}\n    seed {} thread {t} iteration {it}; replay: oxgl-fuzz-gl --replay {} --threads {} --per-child {}{} --trace-from {}\n",
                    opts.seed,
                    opts.seed,
                    opts.threads,
                    opts.iterations,
                    if opts.skip.is_empty() { String::new() } else { format!(" --skip {}", opts.skip.join(",")) },
                    it.saturating_sub(20)
                ),
                kind,
                command,
            });
        }
        if let Some(f) = fatal(&end, shared, opts.threads, &opts, cli.timeout_ms) {
            if !f.command.starts_with('(') {
                opts.skip.push(f.command.clone());
            }
            eprintln!(
                "oxgl-fuzz-gl: child seed {} ended: {}",
                opts.seed,
                f.text.lines().next().unwrap_or("")
            );
            findings.push(f);
        }
        let elapsed = start.elapsed().as_secs_f64();
        eprintln!(
            "oxgl-fuzz-gl: {children} children, {total} iterations, {} of {} implemented commands called, {} findings ({elapsed:.0} s)",
            called.iter().filter(|i| implemented.contains(i)).count(),
            implemented.len(),
            findings.len(),
        );
    }

    // Unique findings, first occurrence first.
    let mut unique: BTreeMap<String, Finding> = BTreeMap::new();
    for f in findings {
        unique.entry(f.key.clone()).or_insert(f);
    }
    let covered = called.iter().filter(|i| implemented.contains(i)).count();
    println!(
        "oxgl-fuzz-gl: {children} children, {total} iterations in {:.0} s; {} of {} implemented commands called ({} GL 1.0-4.6 commands); {skipped} calls skipped (a pointer out of reach)",
        start.elapsed().as_secs_f64(),
        covered,
        implemented.len(),
        api::COMMANDS.len()
    );
    if cli.uncovered {
        let names: Vec<&str> = implemented
            .iter()
            .filter(|i| !called.contains(i))
            .map(|&i| api::COMMANDS[i].name)
            .collect();
        println!("never called: {}", names.join(" "));
    }
    let mut failing = 0;
    println!("oxgl-fuzz-gl: {} distinct findings", unique.len());
    for f in unique.values() {
        let reason = rules::KNOWN
            .iter()
            .find(|k| k.command == f.command && k.kind == f.kind)
            .map(|k| k.reason);
        let tag = match (f.known, reason) {
            (true, Some(r)) => format!(" [known: {r}]"),
            _ => String::new(),
        };
        println!("\n== {} {}{tag}\n{}", f.kind, f.command, f.text.trim_end());
        if !f.known {
            failing += 1;
        }
    }
    if cli.ci && failing > 0 {
        println!("\noxgl-fuzz-gl: {failing} findings not in rules::KNOWN");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
