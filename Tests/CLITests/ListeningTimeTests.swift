import Foundation
import TestSupport
import Testing

private let corpus = PackageFixtures.root.appendingPathComponent("../shared/corpus").standardized
private let corpusIsPresent = FileManager.default.fileExists(atPath: corpus.path)
private let corpusBooks = [
    "epub/se_jane-austen_pride-and-prejudice.epub", "epub/idpf_childrens-literature.epub", "epub/idpf_wasteland.epub",
    "epub/debian_live-manual.en.epub", "epub/debian_ubuntu-packaging-guide.de.epub",
    "epub/idpf_kusamakura-japanese-vertical-writing.epub", "epub/w3c-epub-tests_mol-navigation.epub",
    "text/en_alice.utf8.txt", "text/fr_ubuntu-packaging-guide.latin1.txt",
]

/// `narrate info --chapters`: each page's number and estimated seconds.
private func chapterTimes(_ book: String) throws -> [(page: Int, seconds: Double)] {
    let info = try NarrateProcess.run(["info", "-q", "--chapters", book])
    #expect(info.status == 0, "\(info.stderr)")
    let table = info.stdoutText.components(separatedBy: "\nChapters:\n").last ?? ""
    return table.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ")
        guard let page = fields.first.flatMap({ Int($0) }) else { return nil }
        return (page, seconds(of: fields.dropFirst()))
    }
}

/// Seconds of `2 h 05 min`, `4 min 10 s` or `12 s` at the start of `fields`.
private func seconds(of fields: ArraySlice<Substring>) -> Double {
    var total = 0.0
    var fields = fields[...]
    while fields.count >= 2, let number = Double(fields[fields.startIndex]) {
        let unit = fields[fields.startIndex + 1]
        total += number * (unit == "h" ? 3600 : unit == "min" ? 60 : unit == "s" ? 1 : 0)
        guard ["h", "min", "s"].contains(unit) else { break }
        fields = fields.dropFirst(2)
    }
    return total
}

/// Every corpus book: the pages from the middle on that make four minutes or
/// more (or the whole book when it is shorter), spoken, last within 10% of
/// what `info --chapters` estimates for them.
@Test(.enabled(if: corpusIsPresent, "../shared/corpus is absent"), arguments: corpusBooks)
func listeningTimeIsWithinTenPercentOfTheSpeech(book: String) throws {
    let path = corpus.appendingPathComponent(book).path
    let pages = try chapterTimes(path)
    let first = pages.count / 2
    var last = first, estimate = 0.0
    for page in pages[first...] where estimate < 240 {
        last = page.page - 1
        estimate += page.seconds
    }
    if estimate < 240 { (last, estimate) = (pages.count - 1, pages.reduce(0) { $0 + $1.seconds }) }
    let range = estimate < 240 ? "1-\(pages.count)" : "\(first + 1)-\(last + 1)"
    let directory = try NarrateProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let wav = directory.appendingPathComponent("sample.wav")
    let speech = try NarrateProcess.run(["speak", "-q", path, "--pages", range, "-o", wav.path])
    #expect(speech.status == 0, "\(speech.stderr)")
    let bytes = try FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int ?? 0
    let spoken = Double(bytes - 44) / 2 / 22050
    #expect(abs(estimate - spoken) <= spoken / 10, "pages \(range): estimated \(estimate) s, spoken \(spoken) s")
}

@Test func infoListsChaptersWithTheirPageNumbersAndTimes() throws {
    let result = try NarrateProcess.run(["info", "-q", "--chapters", NarrateProcess.fixture("epub/nav-links-miss-their-folder.epub")])
    #expect(result.status == 0)
    let table = result.stdoutText.components(separatedBy: "\nChapters:\n").last ?? ""
    let lines = table.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines.first?.hasPrefix("  1  ") == true && lines.first?.hasSuffix("Introduction") == true)
    #expect(lines.last?.hasPrefix("  4  ") == true && lines.last?.hasSuffix("Fixing a bug") == true)
}
