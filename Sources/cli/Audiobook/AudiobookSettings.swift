import Audiobooks
import Foundation
import Rendering

/// The options of `narrate speak` that choose an audiobook rather than WAV:
/// format, bitrate, cover, one file per chapter, timings, processes.
enum AudiobookSettings {
    /// The audiobook output, or nil when the output is WAV or the sound device.
    /// - Throws: ``UsageError`` for an unknown extension, a bitrate a format
    ///   cannot take, and options that need an audiobook output.
    static func parse(_ arguments: ParsedArguments, output: String?) throws(UsageError) -> AudiobookOutput? {
        let chosen = try arguments.choice("format", as: AudiobookFormat.self)
        let perChapter = arguments.flag("per-chapter")
        let library = arguments.flag("library")
        guard let output, let format = try format(chosen: chosen, output: output, perChapter: perChapter, library: library)
        else {
            if output == nil, chosen != nil || perChapter || library {
                throw UsageError("--format, --per-chapter and --library need -o FILE (or -o DIR with --per-chapter or --library)")
            }
            for name in ["bitrate", "cover", "jobs", "narrator"] where arguments.value(name) != nil {
                throw UsageError("--\(name) applies to audiobook formats (.m4b .m4a .opus .ogg .mp3 .flac), not WAV or the sound device")
            }
            return nil
        }
        if perChapter, arguments.value("timings") != nil {
            throw UsageError("--timings needs one output file; with --per-chapter each file would need its own")
        }
        let bitrate = try arguments.value("bitrate").map { (text) throws(UsageError) in try Self.bitrate(text, format: format) }
        return AudiobookOutput(
            path: output, format: format, bitrate: bitrate, cover: arguments.value("cover"), perChapter: perChapter,
            timings: arguments.value("timings"), library: library, narrator: try narrator(arguments))
    }

    /// `--narrator NAME`: not empty.
    private static func narrator(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let name = arguments.value("narrator") else { return nil }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError("--narrator: expected a name, found '\(name)'") }
        return trimmed
    }

    /// `--jobs`, else one per core.
    static func jobs(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        try arguments.number("jobs", in: 1...256).map { Int($0) } ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// `--format`, else the output's extension (which standard output lacks,
    /// so `-o -` needs `--format`); nil for WAV written by narrate itself.
    private static func format(chosen: AudiobookFormat?, output: String, perChapter: Bool, library: Bool)
        throws(UsageError) -> AudiobookFormat?
    {
        if library || perChapter { try requireFolder(output, option: library ? "--library" : "--per-chapter") }
        if library {
            if output == "-" { throw UsageError("--library writes a book's folder under -o DIR; -o - is not a folder") }
            if chosen == .wav { throw UsageError("--library writes audiobooks: --format m4b (the default), m4a, opus, ogg, mp3 or flac") }
            return chosen ?? .m4b
        }
        if perChapter {
            guard let chosen, chosen != .wav else {
                throw UsageError("--per-chapter needs --format m4b, m4a, opus, ogg, mp3 or flac (the folder has no extension)")
            }
            if output == "-" { throw UsageError("--per-chapter writes files into a folder; -o - is not one") }
            return chosen
        }
        if let chosen { return chosen == .wav ? nil : chosen }
        if output == "-" {
            throw UsageError("-o - needs --format (m4b, m4a, opus, ogg, mp3, flac or wav): standard output has no extension")
        }
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard name.contains("."), !name.hasPrefix(".") || name.dropFirst().contains(".") else { return nil }
        guard let format = AudiobookFormat(path: name) else {
            throw UsageError("-o: '\(output)' has an extension narrate does not write; use \(AudiobookFormat.extensionList) (or .epub for a read-along book), or --format")
        }
        return format == .wav ? nil : format
    }

    /// `--library` and `--per-chapter` write into a folder: an `-o` named
    /// like an audiobook file (`book.m4b`) that is not already a folder is a
    /// mistake, not a folder to make.
    private static func requireFolder(_ output: String, option: String) throws(UsageError) {
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let format = AudiobookFormat(path: name) else { return }
        var isFolder: ObjCBool = false
        guard !(FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder.boolValue) else { return }
        throw UsageError("\(option) writes into a folder: -o names a folder, not '\(output)' (a .\(format.rawValue) file); use --format \(format.rawValue) for the format")
    }

    /// `48k`, `48K` or `48000` bits per second, between 6k and 512k.
    static func bitrate(_ text: String, format: AudiobookFormat) throws(UsageError) -> Int {
        guard format.takesBitrate else { throw UsageError("--bitrate: \(format.rawValue) is lossless and takes no bitrate") }
        let lowered = text.lowercased()
        let number = lowered.hasSuffix("k") ? Int(lowered.dropLast()).map { $0 * 1000 } : Int(lowered)
        guard let number, (6_000...512_000).contains(number) else {
            throw UsageError("--bitrate: expected bits per second from 6k to 512k, such as 48k or 48000, found '\(text)'")
        }
        return number
    }
}
