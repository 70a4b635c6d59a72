#!/usr/bin/env bash
# Create .venv and install chronomem with the given extras (idempotent, offline-friendly).
# Only the `torch` extra needs torch: it is pinned to the CPU build first, so nothing pulls a
# multi-GB CUDA build. The default `local` embedder runs on ONNX Runtime without torch.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-local}"
python3 -m venv .venv
stamp=".venv/.chronomem-installed-$extras"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  case ",$extras," in
    *,torch,*) .venv/bin/python -m pip install -q "torch==2.13.0" ;;
  esac
  .venv/bin/python -m pip install -q -e ".[$extras]"
  touch "$stamp"
fi
# The web page (/ui): built from ui/ into the package's static files when node and npm exist.
if command -v node >/dev/null && command -v npm >/dev/null; then
  if [ ! -f src/chronomem/service/static/ui/index.html ] || [ -n "$(find ui/src ui/package-lock.json -newer src/chronomem/service/static/ui/index.html 2>/dev/null)" ]; then
    (cd ui && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
  fi
else
  echo "WARNING: node/npm not found: the web page (/ui) is not built; the REST API works" \
    "without it. Install Node.js 20+ and npm, then run: cd ui && npm ci && npm run build" >&2
fi
