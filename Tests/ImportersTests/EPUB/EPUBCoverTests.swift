import BookModel
import Testing

@testable import Importers

/// The package facts an audiobook needs: publisher, date, description and
/// the cover image.
struct EPUBCoverTests {
    private func package(metadata: String, manifest: String) throws -> PackageDocument {
        let text = """
            <?xml version="1.0"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T</dc:title>\(metadata)</metadata>
            <manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>\(manifest)</manifest>
            <spine><itemref idref="c1"/></spine>
            </package>
            """
        return try PackageDocument(bytes: Array(text.utf8), path: "OEBPS/content.opf")
    }

    @Test func epub3CoverImagePropertyNamesTheCover() throws {
        let document = try package(
            metadata: "", manifest: #"<item id="img" href="images/c.jpg" media-type="image/jpeg" properties="cover-image"/>"#)
        #expect(document.metadata.coverImage == "OEBPS/images/c.jpg")
    }

    @Test func epub2MetaCoverNamesTheManifestItem() throws {
        let document = try package(
            metadata: #"<meta name="cover" content="cov"/>"#, manifest: #"<item id="cov" href="c.png" media-type="image/png"/>"#)
        #expect(document.metadata.coverImage == "OEBPS/c.png")
    }

    @Test func aMetaCoverThatIsNotAnImageIsIgnored() throws {
        let document = try package(metadata: #"<meta name="cover" content="c1"/>"#, manifest: "")
        #expect(document.metadata.coverImage == nil)
    }

    @Test func publisherDateAndDescriptionAreRead() throws {
        let document = try package(
            metadata: "<dc:publisher>Acorn Press</dc:publisher><dc:date>1813-01-28</dc:date>"
                + "<dc:description>  A   blurb.\n</dc:description>", manifest: "")
        #expect(document.metadata.publisher == "Acorn Press" && document.metadata.date == "1813-01-28")
        #expect(document.metadata.summary == "A blurb.")
    }
}
