#!/usr/bin/env bash
# Creates .venv with genx-emit (editable) and its test dependencies.
#   scripts/setup.sh              Python only
#   scripts/setup.sh --toolchain  also Intel's toolchain (Debian packages, needs root) so the
#                                 toolchain tests run instead of being skipped
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--toolchain" ]; then
  scripts/install-toolchain.sh
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
echo "setup: .venv ready ($(.venv/bin/genx-emit --version))"
