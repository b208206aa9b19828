#!/usr/bin/env bash
# The Specbench action's preview build (input `preview: true`), in the pull request's own,
# untrusted workflow: it runs the branch's code (its build, the Specbench it installed), so it
# holds no token and publishes nothing. It builds the site with SPEC_COMPARE set to the commit the
# pull request starts from (the site's comparison mode: a Changes page at changes/ and every
# change marked on its page), for the address the preview will have (`pr-<number>/` on the Pages
# site, pages-url.mjs), and leaves in SPECBENCH_PREVIEW_DIR, for the Action's upload step:
#   pr.json     {"number": N}, written first, so the privileged workflow can find the pull
#               request (and comment) even when the build fails; it trusts nothing else of it
#               and checks N against GitHub (preview-pr.mjs);
#   diff.json   `specbench diff --format json` against that commit: the change as data;
#   site/       the built site (SPECBENCH_SITE_DIR, `dist` by default), when the build succeeded.
# Environment: SPECBENCH_SPEC, SPECBENCH_BASE (the base branch, `origin/main`), SPECBENCH_PR,
# SPECBENCH_REPOSITORY, SPECBENCH_PAGES_URL, SPECBENCH_COMMAND, SPECBENCH_BUILD_COMMAND (default
# `npm run build`), SPECBENCH_SITE_DIR, SPECBENCH_PREVIEW_DIR.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
unset SPECBENCH_TOKEN GH_TOKEN GITHUB_TOKEN
spec="${SPECBENCH_SPEC:-content}"
out="${SPECBENCH_PREVIEW_DIR:-}"
site_dir="${SPECBENCH_SITE_DIR:-dist}"
read -r -a specbench <<< "${SPECBENCH_COMMAND:-npx --no-install specbench}"
read -r -a build <<< "${SPECBENCH_BUILD_COMMAND:-npm run build}"

if [ -z "${SPECBENCH_PR:-}" ]; then
  echo "Not a pull request: no preview."
  exit 0
fi
if [ -z "$out" ]; then
  echo "SPECBENCH_PREVIEW_DIR is not set: nowhere to leave the preview." >&2
  exit 2
fi

# The preview's address: its origin and base path are the build's SITE_URL and BASE_PATH.
if ! address="$(node "$here/pages-url.mjs")"; then exit 2; fi
value() { printf '%s\n' "$address" | sed -n "s/^$1=//p"; }
site_url="$(value site-url)"
base_path="$(value base-path)"
pr_number="${SPECBENCH_PR}"

rm -rf "$out"
mkdir -p "$out"
printf '{"number":%s}\n' "$pr_number" > "$out/pr.json"

# The commit the pull request starts from: where the base branch and this checkout meet.
if ! base="$(git rev-parse --verify --quiet "${SPECBENCH_BASE:-origin/main}^{commit}")"; then
  echo "The base \`${SPECBENCH_BASE:-origin/main}\` is no commit of this clone (fetch-depth: 0?): no preview." >&2
  exit 1
fi
compare="$(git merge-base "$base" HEAD)" || compare="$base"

status=0
if ! "${specbench[@]}" diff --spec "$spec" --base "$compare" --format json > "$out/diff.json"; then
  rm -f "$out/diff.json"
  status=1
fi

echo "::group::Build the preview (SPEC_COMPARE=$compare, at $site_url$base_path)"
if SPEC_COMPARE="$compare" SITE_URL="$site_url" BASE_PATH="$base_path" "${build[@]}"; then
  if [ -d "$site_dir" ] && [ ! -L "$site_dir" ]; then
    cp -R "$site_dir" "$out/site"
  else
    echo "The build made no folder \`$site_dir\`: nothing to preview." >&2
    status=1
  fi
else
  echo "The site did not build: no preview (the comment still says what the change does)." >&2
  status=1
fi
echo "::endgroup::"
exit "$status"
