#!/usr/bin/env bash
# Fuzzes the plist readers (XML, binary, JSON) and the binary writer with
# libFuzzer + AddressSanitizer for SECONDS (default 120).
#   fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-120}
work=.build/fuzz
mkdir -p "$work/corpus"
cp fixtures/plist/*.plist "$work/corpus/" 2>/dev/null || true
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name BookModel \
    -emit-module -emit-module-path "$work/BookModel.swiftmodule" -emit-library -static \
    -o "$work/libBookModel.a" Sources/BookModel/*.swift
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name Fuzz -I "$work" -L "$work" -lBookModel \
    Sources/Importers/PropertyList/*.swift Sources/Importers/NarratedPlist/*.swift \
    Sources/Importers/ImportError.swift Sources/Importers/InputFormat.swift Sources/Importers/ImportOptions.swift \
    Sources/Importers/ImportResult.swift Sources/Importers/Support/*.swift fuzz/PlistFuzzTarget.swift -o "$work/plist-fuzzer"
SWIFT_BACKTRACE=enable=no "$work/plist-fuzzer" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 "$work/corpus"
