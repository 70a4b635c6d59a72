#!/usr/bin/env bash
# What each extra adds to an install: for every extra given, a fresh venv with the base
# install (pip install -e .), then the extra; prints MB (du -sm of site-packages) and
# packages (pip list) before and after. Needs network or a wheel cache.
#   bash bench/extra_size.sh langchain langgraph openai-agents pydantic-ai llamaindex
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for extra in "$@"; do
  v="$work/venv"
  rm -rf "$v"
  python3 -m venv "$v"
  "$v/bin/pip" install -q --upgrade pip >/dev/null
  "$v/bin/pip" install -q -e . >/dev/null
  site=$("$v/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
  before_mb=$(du -sm "$site" | cut -f1); before_n=$("$v/bin/pip" list 2>/dev/null | tail -n +3 | wc -l)
  "$v/bin/pip" install -q -e ".[$extra]" >/dev/null
  after_mb=$(du -sm "$site" | cut -f1); after_n=$("$v/bin/pip" list 2>/dev/null | tail -n +3 | wc -l)
  echo "$extra: ${before_mb} MB, ${before_n} packages -> ${after_mb} MB, ${after_n} packages" \
    "(+$((after_mb - before_mb)) MB, +$((after_n - before_n)) packages)"
done
