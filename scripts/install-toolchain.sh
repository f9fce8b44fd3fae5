#!/usr/bin/env bash
# Installs Intel's vector-compute toolchain from Debian packages (needs root):
#   ocloc + IGC (intel-opencl-icd libigc1 libigdfcl1), iga64 (libigc-tools),
#   llvm-as-14 / llvm-spirv-14, and what the vc-intrinsics signature checker builds against
#   (intel-vc-intrinsics-dev llvm-14-dev g++).
# Idempotent: installs only what is missing.
set -euo pipefail
pkgs=(intel-opencl-icd libigc1 libigdfcl1 libigc-tools llvm-14 llvm-spirv-14 intel-vc-intrinsics-dev
      llvm-14-dev g++)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "toolchain: all packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "toolchain: installing ${missing[*]}"
$SUDO apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
echo "toolchain: installed"
