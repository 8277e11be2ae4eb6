#!/usr/bin/env bash
# `pnpm release`: what a maintainer runs, on an up-to-date main, to publish the packages to npm.
#   1. apply the pending changesets (.changeset/*.md): new versions and CHANGELOG.md files, committed
#   2. build, lint, typecheck and test everything (`pnpm check`)
#   3. pack every public package and check each tarball (scripts/check-pack.mjs)
#   4. `changeset publish`: publish each public package whose version is not on npm yet, and tag it
# It never pushes: it ends by printing the push command.
#
#   pnpm release                 # the whole release (needs `npm login` with rights to @puzzlekit)
#   pnpm release --dry-run       # steps 2-3 and what would be versioned; changes and publishes nothing
#   pnpm release --otp 123456    # any other argument goes to `changeset publish`
# RELEASING.md explains the workflow.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=false
publish_args=()
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=true ;;
    *) publish_args+=("$arg") ;;
  esac
done

step() { printf '\n== release: %s\n' "$*" >&2; }
fail() {
  printf 'release: %s\n' "$*" >&2
  exit 1
}

step 'checking the working tree'
if [ "$dry_run" = false ]; then
  [ -z "$(git status --porcelain)" ] || fail 'the working tree has uncommitted changes: commit or remove them first'
  branch="$(git rev-parse --abbrev-ref HEAD)"
  [ "$branch" = main ] || fail "releases are made from main (this is $branch); try --dry-run here"
  npm whoami >/dev/null 2>&1 || fail 'not logged in to npm: run `npm login` (an account allowed to publish @puzzlekit/*)'
fi
pnpm install --frozen-lockfile

pending="$(find .changeset -maxdepth 1 -name '*.md' ! -name README.md | sort)"
if [ -n "$pending" ]; then
  step 'versions from the pending changesets'
  pnpm changeset status --verbose
  if [ "$dry_run" = false ]; then
    pnpm changeset version # new versions, CHANGELOG.md files, the changesets removed
    pnpm install --frozen-lockfile # the new versions must not need a lockfile change
    git add -A # the tree was clean: every change is the versioning's
    git commit -m 'Release: version packages' -m "$(printf '%s\n' "$pending")"
  fi
else
  step 'no pending changesets: publishing the versions as they are'
fi

step 'build, lint, typecheck and test (pnpm check)'
pnpm check

step 'packing every public package'
node scripts/check-pack.mjs

if [ "$dry_run" = true ]; then
  step 'dry run: nothing versioned, committed or published'
  exit 0
fi

step 'publishing to npm (changeset publish)'
pnpm changeset publish "${publish_args[@]}"

step 'done'
echo 'Push the release commit and its tags: git push --follow-tags origin main' >&2
