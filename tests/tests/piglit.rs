//! piglit on oxgl: runs the CI list `tests/piglit/ci.txt` through
//! `scripts/piglit-run` on the library under test and compares every test's
//! status with `tests/piglit/ci.expected`.
//!
//! The comparison is exact, in both directions: a test that passed and no
//! longer does is a regression, and a test that now passes (or changes from
//! one non-pass status to another, e.g. skip -> fail once a GL version is
//! raised) fails too, with the lines to put into `ci.expected`, so that the
//! file always says what oxgl does today. After a deliberate change:
//!
//! ```sh
//! scripts/piglit-run tests/piglit/ci.txt target/release/lib out/piglit/ci
//! tests/piglit/make-lists expected out/piglit/ci/status.tsv   # then fill in the TODO reasons
//! ```
//!
//! Without piglit (`scripts/setup.sh --with-piglit` installs it) the run is
//! skipped with a message; the list/expectation consistency check always
//! runs. See docs/testing.md, section "piglit".

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use oxgl_tests::{require_gl, run_with_timeout, workspace_root};

/// Seconds one piglit test may run on oxgl (the tests of ci.txt take well
/// under 3 s each on llvmpipe).
const TEST_TIMEOUT_S: u32 = 30;
/// Seconds for the whole piglit run; tests not reached become `notrun`.
const BUDGET_S: u32 = 150;
/// Hard limit for scripts/piglit-run (Xvfb start, wflinfo, the budget).
const RUN_LIMIT: Duration = Duration::from_secs(200);

const STATUSES: &[&str] = &["pass", "fail", "skip", "crash", "timeout", "warn", "notrun"];

fn piglit_dir() -> PathBuf {
    workspace_root().join("tests/piglit")
}

/// The test names of a list file (`#` comments, blank lines ignored).
fn read_list(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

struct Expectation {
    status: String,
    reason: String,
    line: usize,
}

/// `ci.expected`: `STATUS  TEST NAME  # reason` a line.
fn read_expected(path: &Path) -> BTreeMap<String, Expectation> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let (body, reason) = line.split_once('#').unwrap_or((line, ""));
        let body = body.trim();
        if body.is_empty() {
            continue;
        }
        let (status, name) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        let name = name.trim().to_string();
        let previous = out.insert(
            name.clone(),
            Expectation {
                status: status.to_string(),
                reason: reason.trim().to_string(),
                line: i + 1,
            },
        );
        assert!(
            previous.is_none(),
            "{}:{}: {name:?} listed twice",
            path.display(),
            i + 1
        );
    }
    out
}

/// `status.tsv` of a piglit-run: name -> status.
fn read_status(path: &Path) -> BTreeMap<String, String> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some((cols.next()?.to_string(), cols.next()?.to_string()))
        })
        .collect()
}

/// The block of `details.txt` about `name` (why it skipped/failed).
fn details_of(details: &str, name: &str) -> String {
    let head = format!("== {name}: ");
    let mut lines = details.lines().skip_while(|l| !l.starts_with(&head));
    let mut out: Vec<&str> = lines.next().into_iter().collect();
    out.extend(lines.take_while(|l| !l.starts_with("== ")).take(8));
    out.join("\n")
}

#[test]
fn ci_list_and_expectations_agree() {
    let dir = piglit_dir();
    let list = read_list(&dir.join("ci.txt"));
    let expected = read_expected(&dir.join("ci.expected"));
    let full: BTreeSet<String> = read_list(&dir.join("gl-1x-2.1.txt")).into_iter().collect();
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for name in &list {
        if !seen.insert(name) {
            problems.push(format!("ci.txt: {name:?} listed twice"));
        }
        if !full.contains(name) {
            problems.push(format!(
                "ci.txt: {name:?} is not in gl-1x-2.1.txt (tests/piglit/make-lists)"
            ));
        }
        match expected.get(name) {
            None => problems.push(format!("ci.expected: no line for {name:?}")),
            Some(e) if !STATUSES.contains(&e.status.as_str()) => problems.push(format!(
                "ci.expected:{}: unknown status {:?} (one of {STATUSES:?})",
                e.line, e.status
            )),
            Some(e)
                if e.status != "pass" && (e.reason.is_empty() || e.reason.starts_with("TODO")) =>
            {
                problems.push(format!(
                    "ci.expected:{}: {name:?} is expected to {} without a reason comment",
                    e.line, e.status
                ))
            }
            Some(_) => {}
        }
    }
    for (name, e) in &expected {
        if !seen.contains(name) {
            problems.push(format!("ci.expected:{}: {name:?} is not in ci.txt", e.line));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn piglit_installed() -> bool {
    Command::new("sh")
        .args(["-c", "command -v piglit"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn ci_list_matches_expectations() {
    let Some(lib) = require_gl() else { return };
    if !piglit_installed() {
        eprintln!("skipped: piglit is not installed (scripts/setup.sh --with-piglit installs it)");
        return;
    }
    let root = workspace_root();
    let dir = piglit_dir();
    let out = root.join("out/piglit/ci");
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut cmd = Command::new(root.join("scripts/piglit-run"));
    cmd.arg(dir.join("ci.txt"))
        .arg(&lib)
        .arg(&out)
        .args(["--jobs", &jobs.to_string()])
        .args(["--timeout", &TEST_TIMEOUT_S.to_string()])
        .args(["--budget", &BUDGET_S.to_string()]);
    let start = Instant::now();
    let run = run_with_timeout(cmd, RUN_LIMIT);
    println!("{}", run.stdout.trim_end());
    println!("piglit-run took {:.0} s", start.elapsed().as_secs_f64());
    assert!(run.success(), "{run}");

    let expected = read_expected(&dir.join("ci.expected"));
    let got = read_status(&out.join("status.tsv"));
    let details = fs::read_to_string(out.join("details.txt")).unwrap_or_default();
    let mut regressions = Vec::new();
    let mut improvements = Vec::new();
    let mut changes = Vec::new();
    for name in read_list(&dir.join("ci.txt")) {
        let want = expected.get(&name).map_or("(none)", |e| e.status.as_str());
        let have = got.get(&name).map_or("(missing)", String::as_str);
        if want == have {
            continue;
        }
        let line = format!("{have:<8} {name}    (expected {want})");
        if want == "pass" {
            regressions.push(format!("{line}\n{}", details_of(&details, &name)));
        } else if have == "pass" {
            improvements.push(line);
        } else {
            changes.push(format!("{line}\n{}", details_of(&details, &name)));
        }
    }
    let mut report = String::new();
    for (title, items) in [
        ("REGRESSIONS (expected pass)", &regressions),
        ("changed non-pass status", &changes),
        ("improvements (now pass)", &improvements),
    ] {
        if !items.is_empty() {
            report += &format!("\n{title}: {}\n{}\n", items.len(), items.join("\n"));
        }
    }
    assert!(
        report.is_empty(),
        "piglit results differ from tests/piglit/ci.expected (details: {}):\n{report}\n\
         A regression must be fixed. An improvement or an intended change: update the \
         expectations with\n  tests/piglit/make-lists expected {}\nand give every \
         non-pass line a reason comment.",
        out.join("details.txt").display(),
        out.join("status.tsv").display()
    );
}
