import Foundation

/// The espeak-ng program, to check what narrate hands to libespeak-ng
/// against what espeak-ng itself makes of it (`-x`, `--ipa`).
public enum ESpeakCLI {
    public static let path = "/usr/bin/espeak-ng"

    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// espeak-ng's phonemes for `text`: its mnemonics (`-x`), or IPA;
    /// stress marks and pauses left out.
    public static func phonemes(of text: String, voice: String, ipa: Bool = false) throws -> String {
        let run = try NarrateBinary.run(
            ["-q", ipa ? "--ipa" : "-x", "-v", voice, text], program: URL(fileURLWithPath: path))
        let stress: Set<Character> = ipa ? ["ˈ", "ˌ"] : ["'", ","]
        return run.stdoutText.filter { !stress.contains($0) && $0 != "_" }
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// espeak-ng's IPA for `text`, without stress marks.
    public static func ipa(of text: String, voice: String) throws -> String {
        try phonemes(of: text, voice: voice, ipa: true)
    }
}
