#!/usr/bin/env bash
# Publishes a pull request's preview on the Pages branch, in the privileged workflow: the folder
# `pr-<number>/` of the branch becomes the site the build job made with the default branch's code
# (preview-site.sh; SPECBENCH_SITE), as one commit pushed with plain git (fetched again and redone
# when another push came first).
# Nothing of the site runs here: its files are copied as they are. The folder's name is made from
# the pull request's number alone, checked to be a whole number; a site holding anything but
# regular files and folders (a symbolic link, a pipe, a `.git`), or more than
# SPECBENCH_PREVIEW_MAX_KB (300 MB by default), is refused. A `.nojekyll` at the branch's root
# keeps Pages from dropping `_astro/`.
# Environment: SPECBENCH_PAGES_DIR (a clone of the repository on the Pages branch, with a remote
# `origin` it can push to: actions/checkout with `ref: gh-pages`), SPECBENCH_PAGES_BRANCH (default
# gh-pages), SPECBENCH_PR, SPECBENCH_SITE.
set -uo pipefail

pages="${SPECBENCH_PAGES_DIR:-}"
branch="${SPECBENCH_PAGES_BRANCH:-gh-pages}"
pr="${SPECBENCH_PR:-}"
site="${SPECBENCH_SITE:-}"
max_kb="${SPECBENCH_PREVIEW_MAX_KB:-307200}"

fail() { echo "preview-publish: $*" >&2; exit 2; }
[[ "$pr" =~ ^[1-9][0-9]{0,9}$ ]] || fail "SPECBENCH_PR is a pull request's number; got \`${pr:0:40}\`"
[[ "$max_kb" =~ ^[0-9]+$ ]] || fail "SPECBENCH_PREVIEW_MAX_KB is a number"
[ -n "$pages" ] && [ -d "$pages/.git" ] || fail "SPECBENCH_PAGES_DIR is no clone of the Pages branch"
[ -n "$site" ] && [ -d "$site" ] && [ ! -L "$site" ] || fail "SPECBENCH_SITE is no folder"
[ -f "$site/index.html" ] && [ ! -L "$site/index.html" ] || fail "the site has no index.html"
git check-ref-format --branch "$branch" > /dev/null 2>&1 || fail "SPECBENCH_PAGES_BRANCH is no branch name"

odd="$(find "$site" -mindepth 1 \( ! -type f ! -type d \) -print -quit)"
[ -z "$odd" ] || fail "the site holds something other than files and folders (${odd#"$site"/}): not published"
dotgit="$(find "$site" -mindepth 1 -name .git -print -quit)"
[ -z "$dotgit" ] || fail "the site holds a .git: not published"
size="$(du -sk "$site" | cut -f1)"
[ "$size" -le "$max_kb" ] || fail "the site takes ${size} KB, over ${max_kb} KB: not published"

folder="pr-$pr"
site="$(cd "$site" && pwd -P)" || exit 2
cd "$pages" || exit 2
git config user.name > /dev/null || git config user.name 'github-actions[bot]'
git config user.email > /dev/null || git config user.email '41898282+github-actions[bot]@users.noreply.github.com'

for attempt in 1 2 3 4 5; do
  if ! git fetch --quiet --no-tags --depth=1 origin "+refs/heads/$branch:refs/remotes/origin/$branch"; then
    echo "preview-publish: the branch \`$branch\` could not be fetched (the site's workflow makes it on its first run)." >&2
    exit 1
  fi
  git reset --quiet --hard "refs/remotes/origin/$branch"
  git clean --quiet -ffdx
  rm -rf -- "$folder"
  mkdir -- "$folder"
  cp -R -- "$site/." "$folder/"
  [ -e .nojekyll ] || : > .nojekyll
  git add --all -- "$folder" .nojekyll
  if git diff --cached --quiet; then
    echo "The preview of pull request #$pr is already published as it is (\`$folder/\` on $branch)."
    exit 0
  fi
  git commit --quiet --no-verify -m "Preview of pull request #$pr"
  if git push --quiet --no-verify origin "HEAD:refs/heads/$branch"; then
    echo "Published the preview of pull request #$pr: \`$folder/\` on $branch."
    exit 0
  fi
  echo "preview-publish: the push was refused (attempt $attempt of 5); fetching the branch again." >&2
done
echo "preview-publish: the preview was NOT published: every push was refused." >&2
exit 1
