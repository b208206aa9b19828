#!/usr/bin/env bash
# The Specbench action's second step: posts the comment run.sh wrote (SPECBENCH_COMMENT_FILE) on
# the pull request with post-comment.mjs, the only process that is given the token. It runs no
# Specbench and nothing of the branch. On a fork's pull request (whose code ran in the step before,
# and whose token cannot comment), with comment: false, or with no token, it posts nothing and
# says why; the comment is in the job summary and the step before's log.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
comment="${SPECBENCH_COMMENT_FILE:-}"

if [ -z "${SPECBENCH_PR:-}" ] || [ "${SPECBENCH_COMMENT:-true}" != true ]; then
  exit 0
elif [ -z "$comment" ] || [ ! -f "$comment" ]; then
  echo "No comment was written (the step before stopped early): nothing to post." >&2
  exit 1
elif [ "${SPECBENCH_SAME_REPOSITORY:-false}" != true ]; then
  echo "Pull request #$SPECBENCH_PR comes from a fork: the Action does not comment on it (the job summary has the report)."
  cat "$comment"
elif [ -z "${SPECBENCH_TOKEN:-}" ]; then
  echo "No token to post with: the comment follows."
  cat "$comment"
else
  node "$here/post-comment.mjs" "$comment"
fi
