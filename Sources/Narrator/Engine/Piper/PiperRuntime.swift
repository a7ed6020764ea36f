import CSherpaOnnx
import Foundation

/// Where the sherpa-onnx runtime that speaks Piper voices lives, and loading
/// it. `scripts/setup` installs it from its PyPI wheel into the checkout's
/// `.local/piper` (a Python virtual environment that also prepares voices);
/// `NARRATE_PIPER_RUNTIME` names another such folder.
public struct PiperRuntime: Sendable {
    /// The folder holding `sherpa_onnx/lib` and `bin/python`.
    public var root: String

    /// The runtime `NARRATE_PIPER_RUNTIME` names, else the checkout's.
    public static var installed: PiperRuntime {
        let variable = ProcessInfo.processInfo.environment["NARRATE_PIPER_RUNTIME"].flatMap { $0.isEmpty ? nil : $0 }
        return PiperRuntime(root: variable ?? String(cString: narrate_sherpa_default_root()))
    }

    public init(root: String) {
        self.root = root
    }

    /// `libsherpa-onnx-c-api.so`, which finds ONNX Runtime beside it.
    public var libraryPath: String { root + "/sherpa_onnx/lib/libsherpa-onnx-c-api.so" }
    /// The Python that prepares voices (it has the `onnx` package).
    public var python: String { root + "/bin/python" }

    /// How to get the runtime, for messages.
    public static let installHint = "run scripts/setup in narrate's checkout (docs/neural-voice.md)"

    /// Whether the library is there to load.
    public var isPresent: Bool { FileManager.default.fileExists(atPath: libraryPath) }

    /// The library's version (`2.0.1`), loading it; nil when it is absent
    /// or cannot be loaded.
    public func version() -> String? {
        guard isPresent, (try? load()) != nil, let text = narrate_sherpa_version() else { return nil }
        return String(cString: text)
    }

    /// Loads the library once per process.
    /// - Throws: ``SpeechError/unavailable(_:)`` saying how to get it.
    public func load() throws(SpeechError) {
        guard narrate_sherpa_compiled() != 0 else {
            throw .unavailable("narrate was built without the sherpa-onnx runtime for Piper voices; \(Self.installHint), then swift build")
        }
        guard isPresent else {
            throw .unavailable("the sherpa-onnx runtime for Piper voices is not installed in \(root); \(Self.installHint)")
        }
        if let message = narrate_sherpa_load(libraryPath) {
            throw .unavailable("cannot load \(libraryPath): \(String(cString: message))")
        }
    }
}
