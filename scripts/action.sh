#!/usr/bin/env bash
# The GitHub Action's one step (action.yml): builds a `nestprobe probe` command line from the
# action's inputs, which arrive as environment variables, runs it and exits with its status.
#
#   NESTPROBE_COMMAND           the parser program and its arguments (required)
#   NESTPROBE_ARGS              more `probe` options
#   NESTPROBE_FAIL_ON           --fail-on (comma-separated outcomes)
#   NESTPROBE_EXPECT_MIN_DEPTH  --expect-min-depth
#   NESTPROBE_EXPECT_MAX_DEPTH  --expect-max-depth
#   NESTPROBE_PAYLOAD           --payload (the format)
#   NESTPROBE_BADGE             --badge (a path for the SVG)
#   NESTPROBE                   the nestprobe binary (default: nestprobe on PATH)
#   GITHUB_STEP_SUMMARY         the markdown summary is appended here (set by GitHub Actions)
set -euo pipefail

nestprobe=${NESTPROBE:-nestprobe}
if [ -z "${NESTPROBE_COMMAND:-}" ]; then
  echo "nestprobe action: the \`command\` input is required: the parser program and its arguments" >&2
  exit 2
fi

# `command` and `args` are split into words as a shell would (quotes group words, variables
# expand). Both come from the workflow file, which is trusted like any `run:` step.
eval "command=($NESTPROBE_COMMAND)"
eval "extra=(${NESTPROBE_ARGS:-})"
if [ ${#command[@]} -eq 0 ]; then
  echo "nestprobe action: the \`command\` input has no words" >&2
  exit 2
fi

options=(probe)
[ -n "${NESTPROBE_PAYLOAD:-}" ] && options+=(--payload "$NESTPROBE_PAYLOAD")
[ -n "${NESTPROBE_FAIL_ON:-}" ] && options+=(--fail-on "$NESTPROBE_FAIL_ON")
[ -n "${NESTPROBE_EXPECT_MIN_DEPTH:-}" ] && options+=(--expect-min-depth "$NESTPROBE_EXPECT_MIN_DEPTH")
[ -n "${NESTPROBE_EXPECT_MAX_DEPTH:-}" ] && options+=(--expect-max-depth "$NESTPROBE_EXPECT_MAX_DEPTH")
[ -n "${NESTPROBE_BADGE:-}" ] && options+=(--badge "$NESTPROBE_BADGE")
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && options+=(--summary "$GITHUB_STEP_SUMMARY")
options+=("${extra[@]}" -- "${command[@]}")

printf '+ nestprobe' >&2
printf ' %q' "${options[@]}" >&2
printf '\n' >&2
status=0
"$nestprobe" "${options[@]}" || status=$?

# The exit statuses of `nestprobe probe` (README, "Numbers you can trust"), as an annotation.
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
fi
exit "$status"
