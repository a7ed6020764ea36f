// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "narrate",
    products: [
        .executable(name: "narrate", targets: ["narrate"]),
        .library(name: "BookModel", targets: ["BookModel"]),
        .library(name: "Importers", targets: ["Importers"]),
        .library(name: "Exporters", targets: ["Exporters"]),
        .library(name: "Narrator", targets: ["Narrator"]),
        .library(name: "Audiobooks", targets: ["Audiobooks"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "Alignment", targets: ["Alignment"]),
    ],
    targets: [
        // C libraries: libxml2, libzip and poppler are seen by BookFiles only, the
        // espeak-ng headers by the narrator's engine only.
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CLibZip", path: "Sources/CLibZip", pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]),
        // libdeflate: zip entries inflated and CRC-checked, seen by BookFiles' DeflateDecoder only.
        .systemLibrary(
            name: "CLibDeflate", path: "Sources/CLibDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        // libmobi: MOBI, AZW3 (KF8) and PRC books, seen by BookFiles' MobiContainer only.
        .systemLibrary(
            name: "CMobi", path: "Sources/CMobi", pkgConfig: "libmobi",
            providers: [.apt(["libmobi-dev"])]),
        // Keeps libmobi from tearing down libxml2's global state under other threads.
        .target(name: "CMobiGuard"),
        // GitHub Flavored Markdown, seen by BookFiles' CommonMark renderer only.
        .systemLibrary(
            name: "CCmarkGFM", path: "Sources/CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // poppler-glib for PDF, loaded with dlopen when the first PDF is opened:
        // linked, it loads ~45 libraries (cairo, X11, NSS) into every command.
        .target(name: "CPoppler", linkerSettings: [.linkedLibrary("dl")]),
        // Headers only: the narrator loads libespeak-ng with dlopen when it
        // first speaks, so commands that do not speak never load its audio stack.
        .systemLibrary(
            name: "CESpeakNG", path: "Sources/CESpeakNG",
            providers: [.apt(["libespeak-ng-dev"])]),

        // The optional neural voice: a small C bridge to sherpa-onnx, loaded
        // with dlopen; its header comes from .local/piper (scripts/setup-piper)
        // when installed, else the bridge reports that it is missing.
        .target(name: "CSherpaOnnx"),
        // Headers only: the aligner loads libaubio (phase vocoder, MFCCs) with
        // dlopen when it first analyses audio. Linked, it would load libavcodec
        // and ~130 other libraries into every command (120 ms of start-up).
        .systemLibrary(
            name: "CAubio", path: "Sources/CAubio",
            providers: [.apt(["libaubio-dev"])]),

        // glibc's malloc.h (mallopt), for the CLI's heap setting at start.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),

        .target(name: "BookModel"),
        // Reading the files books come in: byte sources, zip archives, XML, Kindle books, Markdown, PDF.
        .target(name: "BookFiles", dependencies: ["BookModel", "CLibXML2", "CLibZip", "CLibDeflate", "CMobi", "CMobiGuard", "CCmarkGFM", "CPoppler"]),
        // Property-list codecs: XML, binary and JSON, read and written.
        .target(name: "PropertyLists", dependencies: ["BookModel"]),
        // Text below the importers: scalar classes, abbreviations, blocks;
        // then sentence and word splitting and heuristic prosody, which do
        // not see each other; the utterance builder in Importers uses both.
        .target(name: "TextPrimitives", dependencies: ["BookModel"]),
        .target(name: "Segmentation", dependencies: ["BookModel", "TextPrimitives"]),
        .target(name: "ProsodyHeuristics", dependencies: ["BookModel", "TextPrimitives"]),
        .target(
            name: "Importers",
            dependencies: ["BookModel", "BookFiles", "PropertyLists", "TextPrimitives", "Segmentation", "ProsodyHeuristics"]),
        .target(name: "Exporters", dependencies: ["BookModel", "BookFiles", "PropertyLists"]),
        // espeak-ng's phoneme tables, and IPA and X-SAMPA read into them.
        .target(name: "Phonemes", dependencies: ["BookModel"]),
        // Audiobook files (M4B, Opus, MP3, FLAC) through ffmpeg, rendered by
        // worker processes on every core; needs no speech engine.
        .target(name: "Audiobooks", dependencies: ["BookModel"]),
        // Read-along EPUB 3 books: spoken fragments wrapped in the XHTML,
        // media overlays (SMIL), the package edited; the audio comes from
        // the audiobook renderer through the command line.
        .target(name: "ReadAlong", dependencies: ["BookModel", "BookFiles", "Exporters", "Importers"]),
        .target(
            name: "Narrator", dependencies: ["BookModel", "TextPrimitives", "CESpeakNG", "CSherpaOnnx", "Phonemes"]),
        // Aligning a recording with speech synthesised from the same text:
        // MFCC features (libaubio), multi-resolution DTW, and the mapping of
        // sentence and word times from one signal to the other.
        .target(name: "Alignment", dependencies: ["CAubio"]),
        // Rendering a book in worker processes for every output that is
        // written to a file through ffmpeg: the typed job, book opening
        // (import options and lexicons), the outline, render orders and
        // workers, resumable work folders, audiobooks and read-along books.
        .target(
            name: "Rendering",
            dependencies: ["BookModel", "BookFiles", "Importers", "Narrator", "Audiobooks", "Exporters", "ReadAlong", "Alignment"]),
        // The interactive reader's logic: where it is, what it says next,
        // how the highlight follows the voice. The terminal side is in cli.
        .target(name: "InteractiveReader", dependencies: ["BookModel", "Narrator", "Segmentation", "TextPrimitives"]),
        .executableTarget(
            name: "narrate",
            dependencies: [
                "BookModel", "BookFiles", "Importers", "Exporters", "Audiobooks", "Narrator", "InteractiveReader", "Phonemes",
                "ReadAlong", "Rendering", "ProsodyHeuristics", "TextPrimitives", "PropertyLists", "Segmentation",
                "CMalloc",
            ],
            path: "Sources/cli"),

        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "BookModelTests", dependencies: ["BookModel"]),
        .testTarget(name: "BookFilesTests", dependencies: ["BookFiles", "TestSupport"]),
        .testTarget(name: "PropertyListsTests", dependencies: ["BookModel", "PropertyLists"]),
        .testTarget(name: "TextPrimitivesTests", dependencies: ["TextPrimitives"]),
        .testTarget(name: "SegmentationTests", dependencies: ["Segmentation", "TextPrimitives"]),
        .testTarget(
            name: "ProsodyHeuristicsTests", dependencies: ["BookModel", "ProsodyHeuristics", "TextPrimitives", "TestSupport"]),
        // Importing whole books; also the tests of lower modules whose input
        // an importer makes (golden rules read as text, corrupted plists read as books).
        .testTarget(
            name: "ImportersTests",
            dependencies: [
                "BookModel", "BookFiles", "Importers", "Exporters", "PropertyLists", "TextPrimitives", "Segmentation",
                "ProsodyHeuristics", "TestSupport",
            ]),
        .testTarget(name: "ExportersTests", dependencies: ["BookModel", "BookFiles", "Exporters", "PropertyLists"]),
        .testTarget(
            name: "NarratorTests",
            dependencies: ["BookModel", "Narrator", "InteractiveReader", "Phonemes", "TextPrimitives", "TestSupport"]),
        .testTarget(name: "PhonemesTests", dependencies: ["BookModel", "Phonemes", "TestSupport"]),
        .testTarget(name: "InteractiveReaderTests", dependencies: ["BookModel", "Narrator", "InteractiveReader"]),
        .testTarget(name: "ReadAlongTests", dependencies: ["BookModel", "BookFiles", "ReadAlong", "TestSupport"]),
        .testTarget(name: "AudiobooksTests", dependencies: ["BookModel", "Audiobooks"]),
        .testTarget(name: "AlignmentTests", dependencies: ["Alignment"]),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "Audiobooks", "BookFiles", "BookModel", "Importers", "Narrator", "ProsodyHeuristics", "ReadAlong"]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "BookModel", "BookFiles", "Importers", "InteractiveReader", "Narrator", "Segmentation", "TextPrimitives", "narrate",
                "TestSupport",
            ]),
    ]
)
