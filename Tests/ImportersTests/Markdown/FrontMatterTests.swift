import Testing

@testable import Importers

/// The YAML subset narrate reads at the top of a Markdown file.
struct FrontMatterTests {
    @Test(arguments: [
        ("plain", "title: Pride and Prejudice", "Pride and Prejudice"),
        ("double-quoted with escapes", #"title: "A \"B\" \\ C""#, #"A "B" \ C"#),
        ("single-quoted", "title: 'It''s here'", "It's here"),
        ("a comment after a plain value", "title: Acorns # draft", "Acorns"),
        ("pandoc's Markdown escapes", #"title: "Classes \\-- Fiction""#, "Classes -- Fiction"),
        ("a folded block", "title: >\n  One\n  two", "One two"),
        ("a plain value running on", "title: One\n  two", "One two"),
    ])
    func readsScalars(label: String, yaml: String, title: String) {
        let (frontMatter, body) = FrontMatter.split(Substring("---\n\(yaml)\n---\nBody"))
        #expect(frontMatter?.first("title") == title)
        #expect(body == "Body")
    }

    @Test(arguments: [
        ("a block list", "author:\n- A\n- B"),
        ("a flow list", "author: [A, B]"),
        ("pandoc's named items", "author:\n  - name: A\n    role: writer\n  - name: B"),
    ])
    func readsLists(label: String, yaml: String) {
        #expect(FrontMatter.split(Substring("---\n\(yaml)\n...\n")).frontMatter?.all("author") == ["A", "B"])
    }

    @Test(arguments: [
        ("no closing fence", "---\ntitle: A\n\nText"),
        ("prose between the fences", "---\nA paragraph.\n---\n"),
        ("no opening fence", "title: A\n---\n"),
        ("a fence that is not first", "\n---\ntitle: A\n---\n"),
    ])
    func isAbsentUnlessItIsAYAMLBlockFirst(label: String, text: String) {
        let (frontMatter, body) = FrontMatter.split(Substring(text))
        #expect(frontMatter == nil)
        #expect(body == Substring(text))
    }
}
