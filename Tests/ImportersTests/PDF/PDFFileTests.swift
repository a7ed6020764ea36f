import BookFiles
import BookModel
import TestSupport
import Testing

@testable import Importers

/// Whole PDFs (fixtures/pdf, made by fixtures/make-pdf-fixtures.py) read
/// through the one entry point, and broken or hostile ones refused in one line.
struct PDFFileTests {
    @Test func aBookWithoutAnOutlineIsCutAtItsHeadingsWithoutHeadersOrPageNumbers() throws {
        let book = try FixtureBooks.book("pdf/book.pdf")
        #expect(book.pages.map(\.title) == ["Chapter One", "Chapter Two"])
        #expect(FixtureBooks.texts(book) == [
            "Chapter One\n"
                + "The squirrel gathered acorns all morning in the shade of the old oak, as every squirrel in the neighbourhood "
                + "knew she would, and she counted them twice before she was satisfied with the size of her winter store.\n"
                + "Her brother was a well-known collector of hazelnuts, and a most disorganised one; he was well-known for "
                + "losing them under the snow before the first frost.\n"
                + "The winter came early that year, and the wind blew through the branches of the forest for many long nights "
                + "while the animals of the wood waited for the spring to return and for the river to thaw once more.\n"
                + "When the snow melted, the squirrel found that her store was still full.",
            "Chapter Two\n"
                + "In the spring the squirrel planted one acorn by the river and watched it grow, a little every day, until it "
                + "was taller than she was herself.\n"
                + "Years later a young oak stood by the water, and its acorns fed the squirrel's grandchildren through many winters.",
        ])
    }

    @Test func anOutlineTitlesThePagesAndCutsWhereItsEntriesLead() throws {
        let plain = try FixtureBooks.book("pdf/book.pdf")
        let book = try FixtureBooks.book("pdf/outline.pdf")
        #expect(book.pages.map(\.title) == ["The Gathering", "The Planting"])
        #expect(FixtureBooks.texts(book) == FixtureBooks.texts(plain))
    }

    /// The cover is the first page drawn, on white, 1600 pixels on its
    /// longer side, as a PNG: different for different first pages.
    @Test func theCoverIsTheFirstPageDrawn() throws {
        let book = try FixtureBooks.book("pdf/book.pdf")
        #expect(book.metadata.coverImage == "cover.png")
        let cover = try #require(try FixtureBooks.resource("pdf/book.pdf", named: "cover.png"))
        #expect(cover.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        let size = (width: Self.bigEndian(cover[16..<20]), height: Self.bigEndian(cover[20..<24]))
        // US Letter, 612 by 792 points: 1236 by 1600 pixels.
        #expect(size.height == 1600 && size.width == 1236, "\(size)")
        let other = try #require(try FixtureBooks.resource("pdf/report.pdf", named: "cover.png"))
        #expect(other != cover)
        // A blank page of that size deflates to a few kilobytes; this one has a page of text.
        #expect(cover.count > 20_000)
        #expect(try FixtureBooks.resource("pdf/book.pdf", named: "other.png") == nil)
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

    @Test func metadataComesFromTheXMPPacket() throws {
        let metadata = try FixtureBooks.book("pdf/book.pdf").metadata
        #expect(metadata.title == "The Squirrel Book")
        #expect(metadata.authors == ["Ada Acorn", "Basil Burrow"])
        #expect(metadata.language == "en-GB")
        #expect(metadata.date == "2023-10-01")
        #expect(metadata.identifier == "urn:isbn:9780000000002")
        #expect(metadata.summary == "A year in the life of a squirrel.")
        #expect(metadata.subjects == ["squirrels", "oaks"])
    }

    @Test func aPDFWithOnlyAnOwnerPasswordReadsLikeItsPlainSelf() throws {
        #expect(try FixtureBooks.texts(FixtureBooks.book("pdf/owner-only.pdf")) == FixtureBooks.texts(FixtureBooks.book("pdf/book.pdf")))
    }

    @Test func aOnePageReportIsOneUntitledPage() throws {
        let book = try FixtureBooks.book("pdf/report.pdf")
        #expect(FixtureBooks.texts(book) == ["The squirrel counted her acorns."])
        #expect(book.pages.map(\.title) == [nil])
    }

    @Test func thePDFIsRecognisedByItsContentWhateverItsName() throws {
        let bytes = try PackageFixtures.bytes("pdf/report.pdf")
        #expect(InputFormat.sniff(bytes) == .pdf)
        #expect(try BookImporter.recognise(MemoryByteSource(bytes), fileName: "report") == .pdf)
        #expect(throws: ImportError.mismatchedName(extension: "pdf", expected: "a PDF document", found: "plain text",
            advice: "rename it .txt to read it as text"))
        {
            try BookImporter.importBook(bytes: Array("Just some prose.".utf8), fileName: "story.pdf")
        }
    }

    static func cut(_ fixture: String, to fraction: Double) -> [UInt8] {
        let bytes = (try? PackageFixtures.bytes(fixture)) ?? []
        return Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
    }

    @Test(arguments: [
        ("a scan with no text layer", "pdf/scanned.pdf",
            "the PDF has no text on any of its 2 pages (a scan without a text layer?): narrate reads text, not images of it; make it searchable first, for example with ocrmypdf"),
        ("a PDF that needs a password", "pdf/encrypted.pdf", "the PDF is encrypted: it needs a password to be read"),
        ("a PDF cut in half", "pdf/truncated.pdf", "malformed PDF: "),
    ])
    func unreadablePDFsEndInOneClearLine(label: String, fixture: String, message: String) throws {
        let bytes = try PackageFixtures.bytes(fixture)
        #expect {
            try BookImporter.importBook(bytes: bytes, fileName: "book.pdf")
        } throws: { error in
            "\(error)".hasPrefix(message) && !"\(error)".contains("\n")
        }
    }

    /// Hostile PDFs: each gives a book or one line, never a crash or a hang.
    @Test(arguments: HostilePDF.cases.keys.sorted())
    func hostilePDFsGiveABookOrOneLine(label: String) throws {
        let bytes = try #require(HostilePDF.cases[label])
        do {
            let book = try BookImporter.importBook(bytes: bytes, fileName: "hostile.pdf").book
            #expect(book.pages.count < 100, "\(label)")
        } catch {
            #expect(!"\(error)".contains("\n"), "\(label)")
            #expect(!"\(error)".isEmpty, "\(label)")
        }
    }
}

/// Hand-written hostile PDFs (cross-reference tables left out: poppler
/// rebuilds them by scanning, as it does for damaged files).
enum HostilePDF {
    /// Each hostile input by what it is.
    static let cases: [String: [UInt8]] = [
        "only the signature": Array("%PDF-1.7".utf8),
        "garbage after the signature": Array("%PDF-1.4\n".utf8) + (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 131) },
        "the first fifth of a book": PDFFileTests.cut("pdf/book.pdf", to: 0.2),
        "a book without its cross-reference table": PDFFileTests.cut("pdf/outline.pdf", to: 0.85),
        "a page tree that contains itself": Array(selfContainingPages.utf8),
        "an outline whose entries lead to one another forever": Array(outlineLoop.utf8),
        "content nested ten thousand deep": Array(deepContent.utf8),
    ]

    static let font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"

    static let selfContainingPages = """
        %PDF-1.4
        1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] /Count 1000000 >> endobj
        3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
        4 0 obj << /Length 44 >> stream
        BT /F1 12 Tf 72 720 Td (Round again.) Tj ET
        endstream endobj
        5 0 obj \(font) endobj
        trailer << /Root 1 0 R >>
        %%EOF
        """

    static let outlineLoop = """
        %PDF-1.4
        1 0 obj << /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
        3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
        4 0 obj << /Length 44 >> stream
        BT /F1 12 Tf 72 720 Td (Round again.) Tj ET
        endstream endobj
        5 0 obj \(font) endobj
        6 0 obj << /Type /Outlines /First 7 0 R /Last 8 0 R /Count 2 >> endobj
        7 0 obj << /Title (A) /Parent 6 0 R /Next 8 0 R /First 8 0 R /Dest [3 0 R /Fit] >> endobj
        8 0 obj << /Title (B) /Parent 6 0 R /Next 7 0 R /First 7 0 R /Prev 7 0 R /Dest [3 0 R /Fit] >> endobj
        trailer << /Root 1 0 R >>
        %%EOF
        """

    static var deepContent: String {
        let content = String(repeating: "[", count: 10_000) + " BT /F1 12 Tf 72 720 Td (Deep.) Tj ET"
        return """
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
            3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
            4 0 obj << /Length \(content.utf8.count) >> stream
            \(content)
            endstream endobj
            5 0 obj \(font) endobj
            trailer << /Root 1 0 R >>
            %%EOF
            """
    }
}
