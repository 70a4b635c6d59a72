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
