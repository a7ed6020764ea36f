// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "narrate",
    products: [
        .executable(name: "narrate", targets: ["narrate"]),
        .library(name: "BookModel", targets: ["BookModel"]),
        .library(name: "Importers", targets: ["Importers"]),
        .library(name: "Narrator", targets: ["Narrator"]),
    ],
    targets: [
        // C libraries, each wrapped by exactly one Swift file.
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CLibZip", path: "Sources/CLibZip", pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]),
        // Headers only: the narrator loads libespeak-ng with dlopen when it
        // first speaks, so commands that do not speak never load its audio stack.
        .systemLibrary(
            name: "CESpeakNG", path: "Sources/CESpeakNG",
            providers: [.apt(["libespeak-ng-dev"])]),

        .target(name: "BookModel"),
        .target(name: "Importers", dependencies: ["BookModel", "CLibXML2", "CLibZip"]),
        .target(name: "Narrator", dependencies: ["BookModel", "CESpeakNG"]),
        .executableTarget(
            name: "narrate", dependencies: ["BookModel", "Importers", "Narrator"], path: "Sources/cli"),

        .testTarget(name: "BookModelTests", dependencies: ["BookModel"]),
        .testTarget(name: "ImportersTests", dependencies: ["BookModel", "Importers"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NarratorTests", dependencies: ["BookModel", "Narrator", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["BookModel", "Importers", "narrate", "TestSupport"]),
    ]
)
