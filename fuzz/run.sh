#!/usr/bin/env bash
# Fuzzes with libFuzzer + AddressSanitizer for SECONDS each (default 120):
#   plist  the plist readers (XML, binary, JSON) and the binary writer;
#   input  format recognition and the whole import of any bytes (zip
#          archives, text, plists), as every command reads its input;
#   fb2, html, markdown, text, docx, odt, epub, mobi, pdf  each importer on its own
#          (DOCX, ODT and EPUB inputs are a package's parts joined by "\0\0";
#          MOBI inputs go through libmobi, which is not instrumented: its
#          crashes are caught, its reads outside a buffer only when they fault);
#   epubout  any import written as an EPUB 3, its XML files well-formed.
#   fuzz/run.sh [SECONDS] [plist|input|fb2|html|markdown|text|docx|odt|epub|mobi|pdf|documents|epubout|all]
# A new importer: a `#elseif NAME` in DocumentFuzzTarget.swift,
# its name in the loop at the end with its seeds, its C library below.
# Leaks are checked at exit, over the whole run; LEAKS=each checks after
# every input too (pinpoints the input, at a third of the speed).
# RUNS=N fuzz/run.sh 0 TARGET runs N executions instead of SECONDS (the
# issue's bar is 1 M clean; RUNS=10000000 for 10 M; the rates per target
# are in docs/performance.md, "Other input formats").
# The package's modules are compiled with swiftc into static libraries under
# .build/fuzz (SwiftPM builds no fuzz targets); the seeds are the fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-120}
which=${2:-all}
work=.build/fuzz
mkdir -p "$work"
flags=(-sanitize=fuzzer,address -parse-as-library -O -package-name narrate -I "$work" -L "$work")
cflags=(-I Sources/CLibXML2 -I Sources/CLibZip -I Sources/CLibDeflate -I Sources/CMobi -I "$work/CMobiGuard" -I Sources/CCmarkGFM -I "$work/CPoppler"
  $(pkg-config --cflags-only-I libxml-2.0 libzip libcmark-gfm | sed 's/-I/-Xcc -I/g'))

# The C target that keeps libmobi from cleaning libxml2 up (Sources/CMobiGuard), as SwiftPM would build it.
mkdir -p "$work/CMobiGuard"
printf 'module CMobiGuard {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CMobiGuard/include/CMobiGuard.h" > "$work/CMobiGuard/module.modulemap"
cc -c -O2 -I Sources/CMobiGuard/include Sources/CMobiGuard/MobiGuard.c -o "$work/MobiGuard.o"
ar rcs "$work/libCMobiGuard.a" "$work/MobiGuard.o"
# The loader of poppler-glib (Sources/CPoppler), likewise.
mkdir -p "$work/CPoppler"
printf 'module CPoppler {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CPoppler/include/CPoppler.h" > "$work/CPoppler/module.modulemap"
cc -c -O2 -I Sources/CPoppler/include Sources/CPoppler/PopplerLoader.c -o "$work/PopplerLoader.o"
ar rcs "$work/libCPoppler.a" "$work/PopplerLoader.o"

# Modules in dependency order: NAME and its dependencies' libraries.
module() {
  local name=$1; shift
  swiftc "${flags[@]}" "${cflags[@]}" -module-name "$name" -emit-module -emit-module-path "$work/$name.swiftmodule" \
    -emit-library -static -o "$work/lib$name.a" "$@" $(find "Sources/$name" -name '*.swift' | sort)
}
module BookModel
module TextPrimitives -lBookModel
module BookFiles -lBookModel -lCMobiGuard -lCPoppler
module PropertyLists -lBookModel
module Segmentation -lBookModel -lTextPrimitives
module ProsodyHeuristics -lBookModel -lTextPrimitives
module Importers -lBookModel -lBookFiles -lPropertyLists -lTextPrimitives -lSegmentation -lProsodyHeuristics
module Exporters -lBookModel -lBookFiles -lPropertyLists
libraries=(-lImporters -lExporters -lProsodyHeuristics -lSegmentation -lPropertyLists -lBookFiles -lTextPrimitives
  -lBookModel -lCMobiGuard -lCPoppler -lxml2 -lzip -ldeflate -lmobi -lcmark-gfm -lcmark-gfm-extensions -ldl)

run() {
  local target=$1 source=$2; shift 2
  # ld.gold lists every AddressSanitizer helper it cannot export: noise.
  swiftc "${flags[@]}" "${cflags[@]}" ${define:+-D "$define"} -module-name "Fuzz$target" "$source" "${libraries[@]}" -o "$work/$target-fuzzer" \
    2> >(grep -v "Cannot export local symbol" >&2)
  mkdir -p "$work/corpus-$target"
  cp "$@" "$work/corpus-$target/" 2>/dev/null || true
  if [[ -n ${RUNS:-} ]]; then echo "== $target: $RUNS runs"; else echo "== $target: $seconds s"; fi
  local limit=(-max_total_time="$seconds")
  # libmobi 0.11 leaks a few kilobytes (strdup'd names) on some damaged books, in the mobi target and in
  # input (which reads any format): fuzz/lsan.supp leaves out leaks allocated inside libmobi, and only those.
  local asan=${ASAN_OPTIONS:-}
  local lsan=suppressions=$PWD/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}
  # Leaks are looked for once, at exit, over the whole run (LEAKS=each: after every input as well).
  # After each input, the Swift runtime's caches and poppler's global state look like leaks, and every
  # check scans the whole heap: the text and pdf targets ran a third as fast (56 and 26 a second).
  [[ ${LEAKS:-} == each ]] || limit+=(-detect_leaks=0)
  [[ -z ${RUNS:-} ]] || limit=(-runs="$RUNS" "${limit[@]:1}")
  if ! ASAN_OPTIONS=$asan LSAN_OPTIONS=$lsan SWIFT_BACKTRACE=enable=no "$work/$target-fuzzer" "${limit[@]}" -max_len=65536 -rss_limit_mb=2048 \
    -timeout=10 -print_final_stats=1 -artifact_prefix="$work/$target-" "$work/corpus-$target" > "$work/$target.log" 2>&1; then
    tail -40 "$work/$target.log"
    echo "== $target: FAILED (input saved as $work/$target-*)"
    exit 1
  fi
  grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb)" "$work/$target.log"
}
if [[ $which == plist || $which == all ]]; then run plist fuzz/PlistFuzzTarget.swift fixtures/plist/*.plist; fi
if [[ $which == input || $which == all ]]; then
  run input fuzz/InputFuzzTarget.swift fixtures/plist/*.plist fixtures/not-books/* fixtures/misnamed/* fixtures/text/*.txt \
    fixtures/fb2/* fixtures/html/* fixtures/office/* fixtures/mobi/* fixtures/pdf/* \
    fixtures/epub/nav-links-miss-their-folder.epub fixtures/epub/truncated.epub
fi
if [[ $which == epubout || $which == all ]]; then
  run epubout fuzz/EPUBExportFuzzTarget.swift fixtures/plist/*.plist fixtures/text/*.txt fixtures/fb2/*.fb2 fixtures/html/*.html
fi

# Seeds for DOCX and ODT: each fixture's parts joined by "\0\0", in the order the target expects.
parts() {
  local file=$1; shift
  local first=1
  for part in "$@"; do
    ((first)) || printf '\0\0'
    first=0
    unzip -p "$file" "$part" 2>/dev/null || true
  done
}
seeds=$work/seeds
mkdir -p "$seeds"
for file in fixtures/office/*.docx; do
  parts "$file" word/document.xml word/styles.xml word/footnotes.xml word/_rels/document.xml.rels > "$seeds/$(basename "$file").parts"
done
for file in fixtures/office/*.odt; do parts "$file" content.xml styles.xml meta.xml > "$seeds/$(basename "$file").parts"; done
everything=fixtures/epub/everything
(
  first=1
  for part in META-INF/container.xml OEBPS/package.opf OEBPS/toc.ncx OEBPS/nav.xhtml OEBPS/text/stories.xhtml OEBPS/text/notes.xhtml; do
    ((first)) || printf '\0\0'
    first=0
    cat "$everything/$part"
  done
) > "$seeds/everything.epub.parts"
for format in fb2 html markdown text docx odt epub mobi pdf; do
  [[ $which == "$format" || $which == documents || $which == all ]] || continue
  case $format in
    fb2) seed=(fixtures/fb2/*.fb2) ;;
    html) seed=(fixtures/html/*.html fixtures/html/*.xhtml) ;;
    markdown) seed=(fixtures/markdown/*.md) ;;
    text) seed=(fixtures/text/*.txt) ;;
    epub) seed=("$seeds"/everything.epub.parts) ;;
    docx) seed=("$seeds"/*.docx.parts) ;;
    odt) seed=("$seeds"/*.odt.parts) ;;
    mobi) seed=(fixtures/mobi/*) ;;
    pdf) seed=(fixtures/pdf/*.pdf) ;;
  esac
  define=${format^^} run "$format" fuzz/DocumentFuzzTarget.swift "${seed[@]}"
done
