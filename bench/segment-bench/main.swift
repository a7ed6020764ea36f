// Segmentation throughput of narrate on a text file (run by bench/segment.sh).
//
//   segment-bench FILE [REPEATS]
//
// Prints, each as the best of REPEATS runs:
// - sentence splitting alone, paragraph (line) by paragraph, with the count;
// - the whole plain-text import (decode, chapters, segmentation, prosody)
//   at each granularity, with the number of utterances.
import BookModel
import Foundation
import Importers
import Segmentation
import TextPrimitives

func seconds(_ repeats: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

func report(_ name: String, bytes: Int, seconds: Double, count: Int, unit: String) {
    let rate = Double(bytes) / seconds / 1e6
    print("\(name): \(count) \(unit) in \(String(format: "%.4f", seconds)) s = \(String(format: "%.1f", rate)) MB/s")
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: segment-bench FILE [REPEATS]\n".utf8))
    exit(64)
}
let repeats = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let bytes = [UInt8](data)
let text = TextDecoder(bytes: bytes).text
let paragraphs = text.split(separator: "\n").map(String.init)
let splitter = SentenceSplitter(language: "en")

var sentences = 0
let splitTime = seconds(repeats) {
    sentences = paragraphs.reduce(0) { $0 + splitter.sentenceCount(in: $1) }
}
report("sentence splitting", bytes: bytes.count, seconds: splitTime, count: sentences, unit: "sentences")

for granularity in Granularity.allCases {
    var options = ImportOptions()
    options.granularity = granularity
    var utterances = 0
    let time = seconds(repeats) {
        utterances = ((try? BookImporter.importBook(bytes: bytes, fileName: "bench.txt", options: options))?.book.pages ?? [])
            .reduce(0) { $0 + $1.utterances.count }
    }
    report("import --split \(granularity.rawValue)", bytes: bytes.count, seconds: time, count: utterances, unit: "utterances")
}
