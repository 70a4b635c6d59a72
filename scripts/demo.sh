#!/usr/bin/env bash
# Set up (first run only) and run the demo on the embedded default store, offline.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh local
exec .venv/bin/chronomem demo "$@"
