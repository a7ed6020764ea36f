/// The YAML block some Markdown files open with (Jekyll, Hugo, pandoc's
/// `--standalone` output): `---`, then `key: value` lines, then `---` or
/// `...`. Read as far as a book's metadata needs: plain, quoted and block
/// scalars, lists (`- item`, `[a, b]`, and pandoc's `- name: …` items);
/// other structure is skipped, never refused.
struct FrontMatter: Hashable, Sendable {
    /// Values by lower-cased key, in the order written; a scalar is one value.
    var fields: [String: [String]] = [:]

    /// The first value of the first of `keys` that has one.
    func first(_ keys: String...) -> String? {
        keys.lazy.compactMap { self.fields[$0]?.first }.first
    }

    /// All values of the first of `keys` that has any.
    func all(_ keys: String...) -> [String] {
        keys.lazy.compactMap { self.fields[$0] }.first ?? []
    }

    /// The front matter at the top of `text` and the Markdown after it; no
    /// front matter when the first line is not `---`, no line closes the
    /// block, or a line between is not YAML's (`key: value`, an indented
    /// or `- ` line, a comment): a lone `---` is a thematic break.
    static func split(_ text: Substring) -> (frontMatter: FrontMatter?, body: Substring) {
        guard let firstEnd = text.firstIndex(of: "\n"), isFence(text[..<firstEnd], closing: false) else { return (nil, text) }
        var block: [Substring] = []
        var start = text.index(after: firstEnd)
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[start..<end]
            if isFence(line, closing: true) {
                return (FrontMatter(lines: block), end < text.endIndex ? text[text.index(after: end)...] : "")
            }
            guard isYAML(line) else { return (nil, text) }
            block.append(line)
            start = end < text.endIndex ? text.index(after: end) : end
        }
        return (nil, text)
    }

    /// A line that can stand in a YAML mapping: blank, indented, a list
    /// item, a comment, or `key:` at the margin.
    private static func isYAML(_ line: Substring) -> Bool {
        guard let first = line.first else { return true }
        return first == " " || first == "\t" || first == "-" || first == "#" || first == "\r" || keyValue(line) != nil
    }

    /// `---` opens a block; `---` or `...` closes it (trailing spaces allowed).
    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        let trimmed = line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        let fence = String(trimmed.reversed())
        return fence == "---" || (closing && fence == "...")
    }

    /// No fields.
    init() {}

    /// The fields of the lines between the fences.
    init(lines: [Substring]) {
        var key: String?
        var folding = false
        for line in lines {
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let content = line.dropFirst(indent).trimmingSuffixWhitespace()
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 0, !content.hasPrefix("-"), let (name, value) = Self.keyValue(content) {
                key = name
                folding = value == "|" || value == ">" || value.hasPrefix("|-") || value.hasPrefix(">-")
                if !value.isEmpty, !folding { fields[name, default: []] += Self.values(value) }
                continue
            }
            guard let key else { continue }
            add(content, under: key, folding: folding)
        }
    }

    /// A line under `key`: a list item, or a continuation of its scalar.
    private mutating func add(_ content: Substring, under key: String, folding: Bool) {
        if !folding, content.hasPrefix("- ") || content == "-" {
            var item = content.dropFirst().drop { $0 == " " }
            // pandoc's `- name: Jane Austen` (an author with a role and a file-as).
            if let (name, value) = Self.keyValue(item) {
                guard name == "name" || name == "text" else { return }
                item = value
            }
            if !item.isEmpty { fields[key, default: []] += Self.values(item) }
        } else if let (_, value) = Self.keyValue(content), !folding {
            // A nested mapping (`author:` then `  name: …`): its name stands for it.
            if fields[key] == nil, content.lowercased().hasPrefix("name:") { fields[key] = Self.values(value) }
        } else if var values = fields[key], let last = values.popLast() {
            fields[key] = values + [last + " " + Self.scalar(content)]
        } else {
            fields[key] = [Self.scalar(content)]
        }
    }

    /// `key: value` with a plain key (letters, digits, `_`, `-`), lower-cased.
    private static func keyValue(_ line: Substring) -> (String, Substring)? {
        guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else { return nil }
        let name = line[..<colon]
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        let after = line[line.index(after: colon)...]
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        return (name.lowercased(), after.drop { $0 == " " || $0 == "\t" })
    }

    /// A value: a flow list `[a, b]` is its items, anything else one scalar.
    private static func values(_ value: Substring) -> [String] {
        guard value.hasPrefix("["), value.hasSuffix("]") else { return [scalar(value)].filter { !$0.isEmpty } }
        return value.dropFirst().dropLast().split(separator: ",").map { scalar($0.drop { $0 == " " }) }.filter { !$0.isEmpty }
    }

    /// A scalar's text: quotes and their escapes undone, a trailing comment
    /// dropped from a plain one, and Markdown's backslash escapes undone
    /// (pandoc writes metadata values as Markdown: `Social classes \-- Fiction`).
    static func scalar(_ value: Substring) -> String {
        let value = value.trimmingSuffixWhitespace()
        if value.count >= 2, value.first == "\"", value.last == "\"" {
            return unescapingMarkdown(unescapingDoubleQuoted(value.dropFirst().dropLast()))
        }
        if value.count >= 2, value.first == "'", value.last == "'" {
            return unescapingMarkdown(String(value.dropFirst().dropLast().replacing("''", with: "'")))
        }
        let plain = value.ranges(of: " #").first.map { value[..<$0.lowerBound] } ?? value
        return unescapingMarkdown(String(plain))
    }

    /// YAML's double-quoted escapes: `\"`, `\\`, `\n`, `\t`, `\/`; others kept as written.
    private static func unescapingDoubleQuoted(_ text: Substring) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": result.append(" ")
                case "t": result.append("\t")
                case "\"", "\\", "/": result.append(character)
                default: result += "\\" + String(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return escaped ? result + "\\" : result
    }

    /// A backslash before ASCII punctuation dropped, as CommonMark reads it.
    private static func unescapingMarkdown(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var pending = false
        for character in text {
            if pending, character.isASCII, character.isPunctuation || character.isSymbol {
                result.append(character)
            } else {
                if pending { result.append("\\") }
                if character == "\\" { pending = true; continue }
                result.append(character)
            }
            pending = false
        }
        return pending ? result + "\\" : result
    }
}

extension Substring {
    /// The text without trailing spaces, tabs and carriage returns.
    fileprivate func trimmingSuffixWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, [" ", "\t", "\r"].contains(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
