#!/bin/bash
# scripts/test.sh — oxgl's test command (what CI runs through .ci/run).
#
#   1. scripts/setup.sh                 (missing packages / toolchain: stop here)
#   2. cargo build --release            (the whole workspace: target/release/lib)
#   3. cargo fmt --all -- --check
#   4. cargo clippy --release --workspace --all-targets -- -D warnings
#   5. cargo test --profile ci-test --workspace --no-fail-fast, under a private Xvfb
#      (scripts/xvfb-run) with OXGL_LIB_DIR=target/release/lib and
#      OXGL_REQUIRE_X=1, so integration tests fail instead of skipping.
#
# Counting: every `test result: ... N passed; M failed` line of cargo test is
# summed; fmt and clippy count one pass or one fail each; a failed build
# counts one fail (and the tests are not run); a test binary that fails
# without a failing result line (crash, abort, timeout) counts one fail.
# Logs go to out/test/. The last line printed is exactly
#
#   N passed, M failed
#
# and the exit status is non-zero when M > 0.
#
# Environment: OXGL_TEST_TIMEOUT  seconds allowed for step 5 (default 2400).
#
# Test binaries use the `ci-test` profile (Cargo.toml: release without LTO,
# opt-level 1): dozens of test binaries each linked with LTO cost more build
# time than the tests themselves. The libraries under test are the release
# build of step 2 (target/release/lib), exactly what users run.

set -u

repo=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
cd "$repo" || exit 1
logs=$repo/out/test
mkdir -p "$logs" || exit 1

if ! command -v cargo > /dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    PATH=$HOME/.cargo/bin:$PATH
fi

passed=0
failed=0
summary=()

# run_step NAME LOG CMD...: runs CMD with its output shown and kept in LOG.
run_step() {
    local name=$1 log=$2 start=$SECONDS rc
    shift 2
    echo "== $name: $*"
    "$@" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    step_time=$((SECONDS - start))
    return "$rc"
}

# count_step NAME: one pass or one fail for the previous step's status.
count_step() {
    local rc=$1 name=$2
    if [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
        summary+=("$name: ok (${step_time}s)")
    else
        failed=$((failed + 1))
        summary+=("$name: FAILED, exit $rc (${step_time}s, log out/test/${name}.log)")
    fi
}

finish() {
    echo
    echo "== summary"
    printf '%s\n' "${summary[@]}"
    echo "$passed passed, $failed failed"
    if [ "$failed" -eq 0 ]; then
        exit 0
    fi
    exit 1
}

# 1. setup
if ! "$repo/scripts/setup.sh"; then
    echo "test.sh: scripts/setup.sh failed; fix the above and rerun" >&2
    failed=$((failed + 1))
    summary+=("setup: FAILED")
    finish
fi

# 2. build
run_step build "$logs/build.log" cargo build --release
build_rc=$?
if [ "$build_rc" -ne 0 ]; then
    failed=$((failed + 1))
    summary+=("build: FAILED, exit $build_rc (log out/test/build.log); tests not run")
else
    summary+=("build: ok (${step_time}s)")
fi

# 3. fmt
run_step fmt "$logs/fmt.log" cargo fmt --all -- --check
count_step $? fmt

# 4. clippy
run_step clippy "$logs/clippy.log" cargo clippy --release --workspace --all-targets -- -D warnings
count_step $? clippy

# 5. tests under a private X server
if [ "$build_rc" -eq 0 ]; then
    test_log=$logs/cargo-test.log
    run_step tests "$test_log" "$repo/scripts/xvfb-run" \
        env OXGL_LIB_DIR="$repo/target/release/lib" OXGL_REQUIRE_X=1 \
        timeout -k 30 "${OXGL_TEST_TIMEOUT:-2400}" \
        cargo test --profile ci-test --workspace --no-fail-fast
    test_rc=$?
    # Strip colour codes, then sum the result lines of every test binary.
    read -r t_passed t_failed t_failed_bins < <(
        sed 's/\x1b\[[0-9;]*m//g' "$test_log" | awk '
            /^test result: / {
                for (i = 1; i <= NF; i++) {
                    if ($(i) ~ /^passed;?$/) p += $(i - 1)
                    if ($(i) ~ /^failed;?$/) { f += $(i - 1); if ($(i - 1) > 0) fb++ }
                }
            }
            END { print p + 0, f + 0, fb + 0 }')
    # "error: N targets failed:" (cargo --no-fail-fast) counts binaries that
    # failed, including those that crashed before printing a result line.
    targets_failed=$(sed 's/\x1b\[[0-9;]*m//g' "$test_log" |
        sed -n -E 's/^error: ([0-9]+) targets? failed:?.*/\1/p' | tail -n 1)
    unexplained=$(( ${targets_failed:-0} - t_failed_bins ))
    [ "$unexplained" -lt 0 ] && unexplained=0
    if [ "$test_rc" -ne 0 ] && [ "$t_failed" -eq 0 ] && [ "$unexplained" -eq 0 ]; then
        unexplained=1
    fi
    passed=$((passed + t_passed))
    failed=$((failed + t_failed + unexplained))
    line="tests: $t_passed passed, $t_failed failed (${step_time}s, log out/test/cargo-test.log)"
    if [ "$unexplained" -gt 0 ]; then
        line="$line; $unexplained test binary/binaries failed without a result line (exit $test_rc: build error, crash or timeout)"
    fi
    summary+=("$line")
fi

finish
