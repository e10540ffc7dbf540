#!/usr/bin/env bash
# Type-checks the Swift corpus against the stubs: builds Stub/UIKit.swift (then the IBP and AppKit stubs,
# which import it) into a temporary module directory, then runs `swiftc -typecheck` on every
# Cases/*.swift file and on every folder Cases/*/ as one module. Prints one line per case and exits
# non-zero if a stub or any case fails. With LAYOUTLINT=<binary>, the rules' Swift examples are checked too. SWIFTC overrides the compiler; KEEP_STUBS=DIR keeps the modules.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
swiftc="${SWIFTC:-swiftc}"
if [ -n "${KEEP_STUBS:-}" ]; then out="$KEEP_STUBS"; mkdir -p "$out"; else out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT; fi
flags=(-swift-version 5)
failures=0
passed=0

build_stub() { # name
    local log
    if ! log="$("$swiftc" "${flags[@]}" -parse-as-library -emit-module -module-name "$1" -I "$out" \
            "$here/Stub/$1.swift" -emit-module-path "$out/$1.swiftmodule" 2>&1)"; then
        echo "FAIL stub $1"; echo "$log"; exit 1
    fi
    echo "ok   stub $1"
}
build_stub UIKit
build_stub IBPCollectionViewCompositionalLayout
build_stub AppKit

check() { # label files...
    local label="$1"; shift
    local log
    if log="$("$swiftc" "${flags[@]}" -typecheck -I "$out" "$@" 2>&1)"; then
        echo "ok   $label"; passed=$((passed + 1))
    else
        echo "FAIL $label"; echo "$log"; failures=$((failures + 1))
    fi
}

shopt -s nullglob
for f in "$here"/Cases/*.swift; do
    check "Cases/$(basename "$f")" "$f"
done
for d in "$here"/Cases/*/; do
    files=("$d"*.swift)
    [ ${#files[@]} -eq 0 ] && continue
    check "Cases/$(basename "$d")/ (${#files[@]} files)" "${files[@]}"
done

# The rules' Swift examples (docs/rules.md), as the files they run as: they must be Swift that compiles.
if [ -n "${LAYOUTLINT:-}" ]; then
    "$LAYOUTLINT" rules --write-examples "$out/examples" || { echo "FAIL rules --write-examples"; exit 1; }
    for f in "$out"/examples/*.swift; do
        check "rule example $(basename "$f")" "$f"
    done
fi

echo "$passed passed, $failures failed"
[ "$passed" -gt 0 ] && [ "$failures" -eq 0 ]
