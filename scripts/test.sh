#!/usr/bin/env bash
# Set up (first run only) and run the test suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh all,dev
exec .venv/bin/python -m pytest -q "$@"
