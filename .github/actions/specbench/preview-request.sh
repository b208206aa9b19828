#!/usr/bin/env bash
# The Specbench action's half of a preview (input `preview: true`), in the pull request's own,
# untrusted workflow: it asks for a preview and builds none. It runs the branch's code (the
# Specbench it installed), so it holds no token and publishes nothing. It leaves in
# SPECBENCH_PREVIEW_DIR, for the Action's upload step (the `specbench-preview` artifact):
#   pr.json     {"number": N}: which pull request the privileged workflow (spec-preview.yml) is to
#               preview and comment on; it trusts nothing else of the artifact and checks N against
#               GitHub (preview-pr.mjs), then builds the preview itself with the default branch's
#               code from the pull request's spec files read as data (preview/build);
#   diff.json   `specbench diff --format json` against the commit the pull request starts from: the
#               change as data, for whoever reads the run (nothing publishes it).
# It writes the address the preview will have to the job summary.
# Environment: SPECBENCH_SPEC, SPECBENCH_BASE (the base branch, `origin/main`), SPECBENCH_PR,
# SPECBENCH_REPOSITORY, SPECBENCH_PAGES_URL, SPECBENCH_COMMAND, SPECBENCH_PREVIEW_DIR.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
unset SPECBENCH_TOKEN GH_TOKEN GITHUB_TOKEN
spec="${SPECBENCH_SPEC:-content}"
out="${SPECBENCH_PREVIEW_DIR:-}"
read -r -a specbench <<< "${SPECBENCH_COMMAND:-npx --no-install specbench}"

if [ -z "${SPECBENCH_PR:-}" ]; then
  echo "Not a pull request: no preview."
  exit 0
fi
if [ -z "$out" ]; then
  echo "SPECBENCH_PREVIEW_DIR is not set: nowhere to leave the preview's request." >&2
  exit 2
fi

# The preview's address (which also checks the number and pages-url).
if ! address="$(node "$here/pages-url.mjs")"; then exit 2; fi
preview_url="$(printf '%s\n' "$address" | sed -n 's/^preview-url=//p')"
pr_number="${SPECBENCH_PR}"

rm -rf "$out"
mkdir -p "$out"
printf '{"number":%s}\n' "$pr_number" > "$out/pr.json"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  printf '\nThe preview of this pull request is built from its spec by the default branch and published at %s by the Spec preview workflow.\n' "$preview_url" >> "$GITHUB_STEP_SUMMARY"
fi

# The commit the pull request starts from: where the base branch and this checkout meet.
if ! base="$(git rev-parse --verify --quiet "${SPECBENCH_BASE:-origin/main}^{commit}")"; then
  echo "The base \`${SPECBENCH_BASE:-origin/main}\` is no commit of this clone (fetch-depth: 0?): no change report." >&2
  exit 1
fi
compare="$(git merge-base "$base" HEAD)" || compare="$base"

if ! "${specbench[@]}" diff --spec "$spec" --base "$compare" --format json > "$out/diff.json"; then
  rm -f "$out/diff.json"
  exit 1
fi
echo "Asked for the preview of pull request #$pr_number ($preview_url)."
