#!/usr/bin/env bash
# The Specbench action's work (action.yml passes its inputs as SPECBENCH_* variables): check the
# spec, check SPEC_GAPS.md, and write what the change does as a pull-request comment. Every step
# runs; the action fails at the end if one failed. Outside a pull request (or with comment: false,
# or no token), the comment is printed instead of posted. SPECBENCH_COMMAND runs Specbench
# (default: the installed package's `specbench`).
set -uo pipefail

spec="${SPECBENCH_SPEC:-content}"
gaps="${SPECBENCH_GAPS_FILE:-SPEC_GAPS.md}"
read -r -a specbench <<< "${SPECBENCH_COMMAND:-npx --no-install specbench}"
status=0

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

comment="$(mktemp)"
trap 'rm -f "$comment"' EXIT
if ! "${specbench[@]}" diff --spec "$spec" ${SPECBENCH_BASE:+--base "$SPECBENCH_BASE"} > "$comment"; then
  exit 1
fi

if [ -n "${SPECBENCH_PR:-}" ] && [ "${SPECBENCH_COMMENT:-true}" = true ] && [ "${SPECBENCH_SAME_REPOSITORY:-true}" = true ] && [ -n "${GH_TOKEN:-}" ]; then
  # One comment, found again by the marker its first line carries, updated by later pushes.
  marker="$(head -n 1 "$comment")"
  id="$(gh api "repos/$SPECBENCH_REPOSITORY/issues/$SPECBENCH_PR/comments" --paginate \
    --jq ".[] | select(.body | startswith(\"$marker\")) | .id" | head -n 1)"
  if [ -n "$id" ]; then
    gh api -X PATCH "repos/$SPECBENCH_REPOSITORY/issues/comments/$id" -F "body=@$comment" > /dev/null || status=1
  else
    gh api -X POST "repos/$SPECBENCH_REPOSITORY/issues/$SPECBENCH_PR/comments" -F "body=@$comment" > /dev/null || status=1
  fi
  echo "Posted the change's comment on pull request #$SPECBENCH_PR."
else
  cat "$comment"
fi
exit "$status"
