#!/usr/bin/env bash
# Builds a pull request's preview with trusted code, in the privileged workflow's read-only build
# job (`specbench/preview/build`): run in a checkout of the default branch whose spec folder now
# holds the pull request's spec files (preview-spec.mjs took them as data), it runs the default
# branch's build (`npm run build` by default: its package.json, its lockfile's packages, its site)
# with SPEC_DIR set to the spec folder, SPEC_COMPARE to the commit the pull request starts from
# (the site's comparison mode: a Changes page at changes/ and every change marked on its page), and
# SITE_URL/BASE_PATH to the preview's address (`pr-<number>/` on the Pages site, pages-url.mjs).
# It holds no token. It leaves in SPECBENCH_PREVIEW_DIR, for the upload step (the
# `specbench-preview-site` artifact, which the publishing job takes):
#   pr.json     {"number": N}, the number preview-pr.mjs checked, written first, so the publishing
#               job comments even when no preview was built;
#   site/       the built site (SPECBENCH_SITE_DIR, `dist` by default), when the build succeeded.
# No preview is built when SPECBENCH_COMPARE is empty (the spec folder was refused).
# Environment: SPECBENCH_PR, SPECBENCH_SPEC, SPECBENCH_COMPARE, SPECBENCH_REPOSITORY,
# SPECBENCH_PAGES_URL, SPECBENCH_BUILD_COMMAND, SPECBENCH_SITE_DIR, SPECBENCH_PREVIEW_DIR.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
unset SPECBENCH_TOKEN GH_TOKEN GITHUB_TOKEN
spec="${SPECBENCH_SPEC:-content}"
out="${SPECBENCH_PREVIEW_DIR:-}"
compare="${SPECBENCH_COMPARE:-}"
site_dir="${SPECBENCH_SITE_DIR:-dist}"
read -r -a build <<< "${SPECBENCH_BUILD_COMMAND:-npm run build}"

fail() { echo "preview-site: $*" >&2; exit 2; }
[[ "${SPECBENCH_PR:-}" =~ ^[1-9][0-9]{0,9}$ ]] || fail "SPECBENCH_PR is a pull request's number"
[ -n "$out" ] || fail "SPECBENCH_PREVIEW_DIR is not set: nowhere to leave the preview"
[ -z "$compare" ] || [[ "$compare" =~ ^[0-9a-f]{40}$ ]] || fail "SPECBENCH_COMPARE is a commit"

# The preview's address: its origin and base path are the build's SITE_URL and BASE_PATH.
if ! address="$(node "$here/pages-url.mjs")"; then exit 2; fi
value() { printf '%s\n' "$address" | sed -n "s/^$1=//p"; }
site_url="$(value site-url)"
base_path="$(value base-path)"
pr_number="${SPECBENCH_PR}"

rm -rf "$out"
mkdir -p "$out"
printf '{"number":%s}\n' "$pr_number" > "$out/pr.json"

if [ -z "$compare" ]; then
  echo "No preview of pull request #$pr_number: its spec folder was not taken (the step before says why); the comment still says what the change does."
  exit 0
fi

rm -rf -- "$site_dir"
echo "::group::Build the preview with the default branch's code (SPEC_DIR=$spec, SPEC_COMPARE=$compare, at $site_url$base_path)"
if SPEC_DIR="$spec" SPEC_COMPARE="$compare" SITE_URL="$site_url" BASE_PATH="$base_path" "${build[@]}"; then
  status=0
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
