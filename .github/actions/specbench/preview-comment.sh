#!/usr/bin/env bash
# Writes the pull request's comment in the privileged workflow, with the Specbench of the
# repository's own default branch (installed from its lockfile, never the pull request's): the
# pull request's commits are fetched as git objects and only read, as data (`diff` reads the spec's
# files through `git cat-file`), so nothing the pull request wrote runs, and nothing the untrusted
# build left (its diff.json, its Markdown) becomes the comment. The comment links the preview's
# Changes page and each changed page when the preview was published (SPECBENCH_PREVIEW_URL), and
# always fits GitHub's 65,536 characters (past that: counts, and the Changes page as the full
# report). This step holds no token; the next (post-comment.mjs) posts what it wrote.
# Environment: SPECBENCH_SPEC, SPECBENCH_PR, SPECBENCH_HEAD_SHA, SPECBENCH_BASE_SHA,
# SPECBENCH_PREVIEW_URL (empty: no preview to link), SPECBENCH_COMMAND, SPECBENCH_COMMENT_FILE.
set -uo pipefail

unset SPECBENCH_TOKEN GH_TOKEN GITHUB_TOKEN
spec="${SPECBENCH_SPEC:-content}"
pr="${SPECBENCH_PR:-}"
head="${SPECBENCH_HEAD_SHA:-}"
base="${SPECBENCH_BASE_SHA:-}"
comment="${SPECBENCH_COMMENT_FILE:-}"
read -r -a specbench <<< "${SPECBENCH_COMMAND:-npx --no-install specbench}"

fail() { echo "preview-comment: $*" >&2; exit 2; }
[[ "$pr" =~ ^[1-9][0-9]{0,9}$ ]] || fail "SPECBENCH_PR is a pull request's number"
[[ "$head" =~ ^[0-9a-f]{40}$ ]] || fail "SPECBENCH_HEAD_SHA is a commit"
[[ "$base" =~ ^[0-9a-f]{40}$ ]] || fail "SPECBENCH_BASE_SHA is a commit"
[ -n "$comment" ] || fail "SPECBENCH_COMMENT_FILE is not set"

# The pull request's head (a fork's too: GitHub keeps it under refs/pull/), and its base, as objects only.
git fetch --quiet --no-tags origin "+refs/pull/$pr/head:refs/specbench/pull/$pr" || echo "preview-comment: refs/pull/$pr/head could not be fetched" >&2
git cat-file -e "$head^{commit}" 2> /dev/null || fail "the pull request's head $head is not in this clone"
git cat-file -e "$base^{commit}" 2> /dev/null || git fetch --quiet --no-tags origin "$base" || true
git cat-file -e "$base^{commit}" 2> /dev/null || fail "the pull request's base $base is not in this clone"
from="$(git merge-base "$base" "$head")" || from="$base"

preview=()
if [ -n "${SPECBENCH_PREVIEW_URL:-}" ]; then preview=(--preview-url "$SPECBENCH_PREVIEW_URL"); fi
# 65,536 characters less the room post-comment.mjs takes for the spec folder's line.
"${specbench[@]}" diff --spec "$spec" --base "$from" --head "$head" --budget 65270 ${preview[@]+"${preview[@]}"} > "$comment"
code=$?
# 1 with a comment: the head does not load, and the comment says so, counting nothing (the pull
# request's own check fails on it); anything else that is not 0 is this step's failure.
if [ "$code" -ne 0 ] && ! { [ "$code" -eq 1 ] && [ -s "$comment" ]; }; then exit 1; fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$comment" >> "$GITHUB_STEP_SUMMARY"; fi
echo "Wrote the comment of pull request #$pr ($(wc -c < "$comment") bytes)."
