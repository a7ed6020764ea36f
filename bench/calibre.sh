# Sourced by the benchmarks that run calibre's ebook-convert beside narrate:
# sets `calibre` to its path (empty when it is not installed) and the
# environment it needs here: its Qt needs no display, and as root its web
# engine needs no sandbox.
calibre=$(command -v ebook-convert || true)
export QT_QPA_PLATFORM=offscreen QTWEBENGINE_DISABLE_SANDBOX=1 QTWEBENGINE_CHROMIUM_FLAGS=--no-sandbox
