# Shared by the history builders: make main the checkout, drop the branches
# left over, pack, and tag last10k.
# usage: finish_history REPO BRANCH_PREFIX
finish_history() {
  local out=$1 prefix=$2
  git -C "$out" checkout -q -f main
  git -C "$out" for-each-ref --format='delete %(refname)' "refs/heads/$prefix" | git -C "$out" update-ref --stdin
  git -C "$out" repack -adq --depth=50 --window=10
  # last10k: the newest first-parent commit with 10,000 or more commits after it
  if [ "$(git -C "$out" rev-list --count main)" -gt 10000 ]; then
    mapfile -t fp < <(git -C "$out" rev-list --first-parent main)
    local lo=0 hi=$((${#fp[@]} - 1)) mid
    while [ "$lo" -lt "$hi" ]; do
      mid=$(((lo + hi) / 2))
      if [ "$(git -C "$out" rev-list --count "${fp[$mid]}..main")" -ge 10000 ]; then hi=$mid; else lo=$((mid + 1)); fi
    done
    git -C "$out" tag last10k "${fp[$lo]}"
  fi
  echo "$out: $(git -C "$out" rev-list --count main) commits, $(git -C "$out" rev-list --merges --count main) merges"
}
