import Foundation
import Narrator

/// What a render worker tells the process that encodes its audio, besides
/// the samples: where each page starts and when each utterance is heard, in
/// samples from the start of the worker's own audio. One JSON object per
/// line, written as the narration goes.
public enum RenderMark: Codable, Equatable {
    case page(index: Int, sample: Int)
    case utterance(UtteranceTiming)
}

/// Writes ``RenderMark``s to a file as a worker narrates.
final class RenderMarksWriter: NarrationObserver {
    private let handle: FileHandle
    private let encoder = JSONEncoder()
    private var lines: [String] = []

    init(path: String) throws(Failure) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
        else { throw Failure(path, "cannot create the marks file") }
        self.handle = handle
    }

    func pageStarted(_ page: Int, atSample sample: Int) { add(.page(index: page, sample: sample)) }
    func utteranceSpoken(_ timing: UtteranceTiming) { add(.utterance(timing)) }

    /// Writes what is buffered and closes the file.
    func finish() throws(Failure) {
        flush()
        do { try handle.close() } catch { throw Failure(nil, "cannot write the marks file: \(error)") }
    }

    private func add(_ mark: RenderMark) {
        guard let data = try? encoder.encode(mark) else { return }
        lines.append(String(decoding: data, as: UTF8.self))
        if lines.count >= 256 { flush() }
    }

    private func flush() {
        guard !lines.isEmpty else { return }
        handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        lines.removeAll(keepingCapacity: true)
    }
}

/// Reads a worker's marks file.
public enum RenderMarksReader {
    /// Every mark in the file, in order.
    /// - Throws: ``Failure`` when the file is missing or a line is not a mark.
    public static func read(_ path: String) throws(Failure) -> [RenderMark] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(path, "a render worker left no marks") }
        let decoder = JSONDecoder()
        var marks: [RenderMark] = []
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            guard let mark = try? decoder.decode(RenderMark.self, from: Data(line)) else {
                throw Failure(path, "a render worker wrote a mark narrate cannot read")
            }
            marks.append(mark)
        }
        return marks
    }
}
