# Sourced by .ci/run: runs each step of CI as a named suite, timed, in the foreground or beside others,
# and prints one table of every suite's start, seconds, CPU seconds and result when the run ends, however it ends,
# followed by what each failed suite said of its failures.
#
#   suite NAME CMD...        runs CMD now, its output as it comes
#   suite_start NAME CMD...  runs CMD in the background, its output kept in a log until suite_wait
#   suite_wait NAME...       waits for those, prints each one's log, records its result
#   suites_failed            true when any suite failed
#
# A failed suite does not stop the others; .ci/run exits non-zero at the end (`suites_failed && exit 1`).

SUITE_LOGS="$(mktemp -d "${TMPDIR:-/tmp}/ci-suites.XXXXXX")"
SUITE_NAMES=()
SUITE_FROM=()
SUITE_SECONDS=()
SUITE_CPU=()
SUITE_RESULTS=()
declare -A SUITE_PID=() SUITE_STARTED=()
# CPU seconds (user and system) of a suite and every process it waited for: unlike its wall seconds, they do not
# grow when other work shares the cores. `time` writes them to a file of their own, not into the suite's output.
export TIMEFORMAT='%U %S'

_suite_cpu() { # name: the CPU seconds `time` wrote for it, or - when it wrote none
  awk '{ printf "%.0f", $1 + $2; found = 1 } END { if (!found) printf "-" }' "$SUITE_LOGS/$1.cpu" 2>/dev/null || printf '-'
}

_suite_record() { # name seconds status (it ends now)
  SUITE_NAMES+=("$1")
  SUITE_FROM+=($((SECONDS - $2)))
  SUITE_SECONDS+=("$2")
  SUITE_CPU+=("$(_suite_cpu "$1")")
  if [ "$3" -eq 0 ]; then SUITE_RESULTS+=(pass); else SUITE_RESULTS+=("FAIL (exit $3)"); fi
}

suite() {
  local name=$1 started=$SECONDS status=0
  shift
  echo "::: $name: $*"
  # Its output as it comes and into its log, for the excerpt the table ends with when it fails. `local -` keeps
  # pipefail to this function, so the status is the command's, not tee's.
  local -
  set -o pipefail
  { time "$@" 2>&1 | tee "$SUITE_LOGS/$name.log"; } 2>"$SUITE_LOGS/$name.cpu" || status=$?
  _suite_record "$name" $((SECONDS - started)) "$status"
  echo "::: $name: $([ "$status" -eq 0 ] && echo pass || echo "FAIL (exit $status)") in $((SECONDS - started)) s"
  return 0
}

suite_start() {
  local name=$1
  shift
  echo "::: $name (in the background): $*"
  SUITE_STARTED[$name]=$SECONDS
  # Its own process group (setsid), so that a run cut short can stop it and all it started.
  # shellcheck disable=SC2016 # expanded by the inner bash
  setsid bash -c '{ time "${@:2}" 2>&3; } 3>&1 2>"$1"' _ "$SUITE_LOGS/$name.cpu" "$@" >"$SUITE_LOGS/$name.log" 2>&1 &
  SUITE_PID[$name]=$!
}

suite_wait() {
  local name status
  for name in "$@"; do
    status=0
    wait "${SUITE_PID[$name]}" || status=$?
    local seconds=$((SECONDS - SUITE_STARTED[$name]))
    echo "::: $name: its output"
    cat "$SUITE_LOGS/$name.log"
    _suite_record "$name" "$seconds" "$status"
    echo "::: $name: $([ "$status" -eq 0 ] && echo pass || echo "FAIL (exit $status)") in $seconds s"
    unset "SUITE_PID[$name]"
  done
}

suites_failed() {
  local result
  for result in "${SUITE_RESULTS[@]}"; do [ "$result" = pass ] || return 0; done
  return 1
}

# The table, at exit: every suite that ran, and any still running in the background (the run was cut short).
suites_table() {
  local i name
  for name in "${!SUITE_PID[@]}"; do
    kill -- "-${SUITE_PID[$name]}" 2>/dev/null || true
    _suite_record "$name" $((SECONDS - SUITE_STARTED[$name])) 130
    SUITE_RESULTS[-1]="not finished"
  done
  echo
  echo "CI suites, $SECONDS s in all (from: seconds into the run it started, so overlapping spans ran side by side;"
  echo "seconds: wall time; CPU s: what it and its processes used, which other work on the machine does not stretch):"
  printf '| %-20s | %5s | %7s | %5s | %-14s |\n' suite from seconds 'CPU s' result
  printf '|%s|%s|%s|%s|%s|\n' "----------------------" "------:" "--------:" "------:" "----------------"
  for i in "${!SUITE_NAMES[@]}"; do
    printf '| %-20s | %5s | %7s | %5s | %-14s |\n' "${SUITE_NAMES[$i]}" "${SUITE_FROM[$i]}" "${SUITE_SECONDS[$i]}" \
      "${SUITE_CPU[$i]}" "${SUITE_RESULTS[$i]}"
  done
  _suites_failures
  rm -rf "$SUITE_LOGS"
}

# After the table, what each failed suite said about its failures: vitest's "Failed Tests" section, or the log's
# last lines, so that the tail of a CI log names the failing test even when the run printed thousands of lines.
_suites_failures() {
  local i log
  for i in "${!SUITE_NAMES[@]}"; do
    [ "${SUITE_RESULTS[$i]}" = pass ] && continue
    log="$SUITE_LOGS/${SUITE_NAMES[$i]}.log"
    [ -s "$log" ] || continue
    echo
    echo "::: ${SUITE_NAMES[$i]}: ${SUITE_RESULTS[$i]}; what it said of it:"
    if grep -q 'Failed Tests' "$log"; then
      sed -n '/Failed Tests/,$p' "$log" | grep -v '^ *$' | head -n 40
    else
      tail -n 25 "$log"
    fi
  done
}
