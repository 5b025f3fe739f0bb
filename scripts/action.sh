#!/usr/bin/env bash
# The GitHub Action's one step (action.yml): builds a `nestprobe probe` command line from the
# action's inputs, which arrive as environment variables, runs it and exits with its status.
#
#   NESTPROBE_AUDIT             lockfiles or folders to `nestprobe audit` instead of probing a
#                               program (with the action's own results.json as the atlas)
#   NESTPROBE_COMMAND           the parser program and its arguments (with NESTPROBE_SERVE: the
#                               server, or nothing for a service already running)
#   NESTPROBE_SERVE             --serve (the URL a service is probed at)
#   NESTPROBE_ARGS              more `probe` options
#   NESTPROBE_FAIL_ON           --fail-on (comma-separated outcome words: crash, exhausts-time, …)
#   NESTPROBE_EXPECT_MIN_DEPTH  --expect-min-depth
#   NESTPROBE_EXPECT_MAX_DEPTH  --expect-max-depth
#   NESTPROBE_PAYLOAD           --payload (the format)
#   NESTPROBE_BADGE             --badge (a path for the SVG)
#   NESTPROBE_JUNIT             --junit (a path for the JUnit XML)
#   NESTPROBE_SARIF             --sarif (a path for the SARIF log)
#   NESTPROBE_SARIF_LOCATION    --sarif-location (default: the workflow file, GITHUB_WORKFLOW_REF)
#   NESTPROBE                   the nestprobe binary (default: nestprobe on PATH)
#   GITHUB_STEP_SUMMARY         the markdown summary is appended here (set by GitHub Actions)
set -euo pipefail

nestprobe=${NESTPROBE:-nestprobe}

# `audit`: the repository's dependencies against the atlas; the gate, JUnit and SARIF as a probe's.
if [ -n "${NESTPROBE_AUDIT:-}" ]; then
  eval "paths=(${NESTPROBE_AUDIT})"
  base=(audit "${paths[@]}")
  atlas="${GITHUB_ACTION_PATH:-$(dirname "$0")/..}/results.json"
  [ -f "$atlas" ] && base+=(--results "$atlas")
  gate=()
  [ -n "${NESTPROBE_FAIL_ON:-}" ] && gate+=(--fail-on "$NESTPROBE_FAIL_ON")
  [ -n "${NESTPROBE_EXPECT_MIN_DEPTH:-}" ] && gate+=(--min-depth "$NESTPROBE_EXPECT_MIN_DEPTH")
  [ -n "${NESTPROBE_JUNIT:-}" ] && gate+=(--junit "$NESTPROBE_JUNIT")
  printf '+ nestprobe' >&2
  printf ' %q' "${base[@]}" "${gate[@]}" >&2
  printf '\n' >&2
  set +e
  "$nestprobe" "${base[@]}" "${gate[@]}"
  status=$?
  if [ -n "${NESTPROBE_SARIF:-}" ]; then
    # (The same audit again, as SARIF, without the gate: the first run said it.)
    "$nestprobe" --quiet "${base[@]}" --format sarif > "$NESTPROBE_SARIF"
  fi
  set -e
  if [ "$status" -ne 0 ] && [ "${GITHUB_ACTIONS:-}" = true ]; then
    echo "::error title=nestprobe audit (exit status $status)::a locked dependency fails the gate, or a lockfile could not be read"
  fi
  exit "$status"
fi

if [ -z "${NESTPROBE_COMMAND:-}" ] && [ -z "${NESTPROBE_SERVE:-}" ]; then
  echo "nestprobe action: the \`command\` input is required: the parser program and its arguments (or \`serve\`)" >&2
  exit 2
fi

# `command` and `args` are split into words as a shell would (quotes group words, variables
# expand). Both come from the workflow file, which is trusted like any `run:` step.
eval "command=(${NESTPROBE_COMMAND:-})"
eval "extra=(${NESTPROBE_ARGS:-})"
if [ ${#command[@]} -eq 0 ] && [ -z "${NESTPROBE_SERVE:-}" ]; then
  echo "nestprobe action: the \`command\` input has no words" >&2
  exit 2
fi

options=(probe)
[ -n "${NESTPROBE_SERVE:-}" ] && options+=(--serve "$NESTPROBE_SERVE")
[ -n "${NESTPROBE_PAYLOAD:-}" ] && options+=(--payload "$NESTPROBE_PAYLOAD")
[ -n "${NESTPROBE_FAIL_ON:-}" ] && options+=(--fail-on "$NESTPROBE_FAIL_ON")
[ -n "${NESTPROBE_EXPECT_MIN_DEPTH:-}" ] && options+=(--expect-min-depth "$NESTPROBE_EXPECT_MIN_DEPTH")
[ -n "${NESTPROBE_EXPECT_MAX_DEPTH:-}" ] && options+=(--expect-max-depth "$NESTPROBE_EXPECT_MAX_DEPTH")
[ -n "${NESTPROBE_BADGE:-}" ] && options+=(--badge "$NESTPROBE_BADGE")
[ -n "${NESTPROBE_JUNIT:-}" ] && options+=(--junit "$NESTPROBE_JUNIT")
[ -n "${NESTPROBE_SARIF:-}" ] && options+=(--sarif "$NESTPROBE_SARIF")
[ -n "${NESTPROBE_SARIF_LOCATION:-}" ] && options+=(--sarif-location "$NESTPROBE_SARIF_LOCATION")
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && options+=(--summary "$GITHUB_STEP_SUMMARY")
options+=("${extra[@]}")
[ ${#command[@]} -gt 0 ] && options+=(-- "${command[@]}")

printf '+ nestprobe' >&2
printf ' %q' "${options[@]}" >&2
printf '\n' >&2
# stderr is also kept, so that each failed expectation becomes an annotation of its own.
stderr_copy=$(mktemp)
trap 'rm -f "$stderr_copy"' EXIT
# (stdout goes to fd 3, the step's stdout; stderr through tee; the pipeline ends when both do.)
set +e
{ "$nestprobe" "${options[@]}" 2>&1 1>&3 3>&- | tee "$stderr_copy" >&2 3>&-; status=${PIPESTATUS[0]}; } 3>&1
set -e

# The exit statuses of `nestprobe probe` (README, "Exit statuses"), as an annotation.
case $status in
  0) ;;
  1) why="no measurement: the program could not be started, or fails even at depth 1" ;;
  2) why="the action's inputs make a wrong command line" ;;
  3) why="no trustworthy number: the program is unstable or does not read its input" ;;
  4) why="an expectation failed (fail-on, expect-min-depth, expect-max-depth)" ;;
  *) why="nestprobe exited $status" ;;
esac
if [ "$status" -ne 0 ] && [ "${GITHUB_ACTIONS:-}" = true ]; then
  echo "::error title=nestprobe (exit status $status)::$why"
  # Which expectation: one annotation per `nestprobe: expectation failed: …` line.
  sed -n 's/^nestprobe: expectation failed: //p' "$stderr_copy" | while IFS= read -r failed; do
    echo "::error title=nestprobe expectation failed::$failed"
  done
fi
exit "$status"
