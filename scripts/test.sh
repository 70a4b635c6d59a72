#!/usr/bin/env bash
# Set up (first run only) and run the test suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh all,torch,dev  # torch: the tests compare the ONNX default with it
exec .venv/bin/python -m pytest -q "$@"
