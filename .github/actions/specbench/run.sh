#!/usr/bin/env bash
# The Specbench action's work (action.yml passes its inputs as SPECBENCH_* variables): check the
# spec, check SPEC_GAPS.md, and say what the change does: the whole report in the job summary
# ($GITHUB_STEP_SUMMARY, at most 1 MiB a step), and a pull-request comment that always fits
# GitHub's 65,536 characters (past that, counts and a link to the run's summary), written to
# SPECBENCH_COMMENT_FILE for the Action's next step (post.sh) to post. This step never holds the
# token: Specbench, which on a pull request runs what the branch installed, could read it from
# any process of the step. Every check runs; the step fails at the end if one failed. Outside a
# pull request, or with comment: false, the comment is printed. SPECBENCH_COMMAND runs Specbench
# (default: the installed package's `specbench`).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
spec="${SPECBENCH_SPEC:-content}"
gaps="${SPECBENCH_GAPS_FILE:-SPEC_GAPS.md}"
read -r -a specbench <<< "${SPECBENCH_COMMAND:-npx --no-install specbench}"
# No token here, even one passed by mistake (the post step has its own).
unset SPECBENCH_TOKEN GH_TOKEN GITHUB_TOKEN
status=0

# GitHub's limits: a comment's body, 65,536 characters, less room for the line post.sh adds to its
# marker (the spec folder, at most 256 characters); a step's summary, 1 MiB (with room to spare).
comment_budget=65270
summary_budget=1000000

echo "::group::Check the spec"
"${specbench[@]}" check --spec "$spec" --format github || status=1
if [ -n "${SPECBENCH_TARGET_LEVEL:-}" ]; then
  # The diagnostics were annotated above; this says which gaps stand in the level's way.
  "${specbench[@]}" check --spec "$spec" --format json --target-level "$SPECBENCH_TARGET_LEVEL" > /dev/null || status=1
fi
echo "::endgroup::"

echo "::group::$gaps is current"
"${specbench[@]}" gaps --spec "$spec" --check "$gaps" || status=1
echo "::endgroup::"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
comment="${SPECBENCH_COMMENT_FILE:-$work/comment.md}"
base=()
if [ -n "${SPECBENCH_BASE:-}" ]; then base=(--base "$SPECBENCH_BASE"); fi

# Whether a diff went as it should: it exits 1 with a report when the head does not load (the
# report says so and counts nothing: it is still the comment, and the step fails); any other
# failure ends the step here.
reported() {
  local code="$1" file="$2"
  if [ "$code" -eq 1 ] && [ -s "$file" ]; then status=1; return 0; fi
  [ "$code" -eq 0 ]
}

# The whole report (summarised only past the summary's own limit), for the job summary.
"${specbench[@]}" diff --spec "$spec" ${base[@]+"${base[@]}"} --budget "$summary_budget" > "$work/report.md"
reported $? "$work/report.md" || exit 1
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$work/report.md" >> "$GITHUB_STEP_SUMMARY"; fi

# The comment: the report itself when it fits, else its summary linking the run, where the job
# summary has every line.
if [ "$(( $(wc -c < "$work/report.md") ))" -le "$comment_budget" ]; then
  cp "$work/report.md" "$comment"
else
  link=()
  if [ -n "${GITHUB_SERVER_URL:-}" ] && [ -n "${GITHUB_REPOSITORY:-}" ] && [ -n "${GITHUB_RUN_ID:-}" ]; then
    link=(--report-url "$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID")
  fi
  "${specbench[@]}" diff --spec "$spec" ${base[@]+"${base[@]}"} --budget "$comment_budget" ${link[@]+"${link[@]}"} > "$comment"
  reported $? "$comment" || exit 1
fi

if [ -z "${SPECBENCH_PR:-}" ] || [ "${SPECBENCH_COMMENT:-true}" != true ] || [ -z "${SPECBENCH_COMMENT_FILE:-}" ]; then
  cat "$comment"
fi
exit "$status"
