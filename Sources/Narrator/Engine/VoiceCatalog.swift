import BookModel

/// Finds voices by the names users type and by language.
public struct VoiceCatalog: Sendable {
    /// The voices to choose from, in the engine's order.
    public let voices: [Voice]

    public init(_ voices: [Voice]) {
        self.voices = voices
    }

    /// The voice a user means by `name`: an identifier (`gmw/en-US`), its
    /// last part (`en-US`), a language tag (`en-us`, with a region no voice
    /// has falling back to the language: `ja-JP` → `ja`) or a voice name
    /// (`English_(America)`), compared without regard to case, `_` or spaces.
    /// - Throws: ``SpeechError/unknownVoice(_:suggestions:)`` naming close
    ///   matches when nothing fits.
    public func voice(named name: String) throws(SpeechError) -> Voice {
        let wanted = Self.normalized(name)
        if let exact = voices.first(where: { names(of: $0).contains(wanted) }) { return exact }
        if let byLanguage = voice(forLanguage: name), Self.normalized(byLanguage.languages.first?.tag ?? "") == wanted {
            return byLanguage
        }
        if Self.isLanguageTag(wanted), let byLanguage = voice(forLanguage: name),
            byLanguage.languages.contains(where: { Self.primary($0.tag) == Self.primary(wanted) })
        {
            return byLanguage  // `ja-jp`, `pt-pt`: the language's voice for a region no voice names
        }
        if let named = voices.first(where: { Self.languageName(of: $0) == wanted }),
            let tag = named.languages.first?.tag, let byLanguage = voice(forLanguage: String(tag.prefix { $0 != "-" }))
        {
            return byLanguage  // "english", "French": the language's usual voice
        }
        throw .unknownVoice(name, suggestions: closeMatches(to: name))
    }

    /// The best voice for a BCP 47 tag such as `fr-CA`: the lowest-priority
    /// voice for the exact tag, else for its primary language (`fr`); nil when
    /// no voice speaks it.
    public func voice(forLanguage tag: String) -> Voice? {
        let wanted = Self.normalized(tag)
        let primary = String(wanted.prefix { $0 != "-" })
        return best(for: wanted) ?? best(for: primary) ?? bestStartingWith(primary + "-")
    }

    /// The voices that speak `language` (a tag or its primary part; a
    /// region no voice has falls back to the language: `ja-JP`, `en_NZ`),
    /// or all of them when `language` is nil; for `narrate voices`.
    public func voices(speaking language: String?) -> [Voice] {
        guard let language else { return voices }
        let wanted = Self.normalized(language)
        let exact = voices.filter { voice in
            voice.languages.contains { $0.tag == wanted || $0.tag.hasPrefix(wanted + "-") }
        }
        guard exact.isEmpty, Self.isLanguageTag(wanted), Self.primary(wanted) != wanted else { return exact }
        return voices(speaking: Self.primary(wanted))
    }

    /// `ja-jp`, `en`, `zh-hant-tw`, `es-419`: a primary subtag of two or
    /// three letters, then scripts (four letters) and regions (two letters
    /// or three digits); not a misspelt name such as `en-uss`.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            let letters = part.allSatisfy { $0.isASCII && $0.isLetter }
            return (letters && (part.count == 2 || part.count == 4)) || (part.count == 3 && part.allSatisfy(\.isNumber))
        }
    }

    /// The primary subtag of a normalised tag (`ja` of `ja-jp`).
    static func primary(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" })
    }

    /// Up to five names close to `name`: sharing its start, or within two
    /// edits of it.
    public func closeMatches(to name: String) -> [String] {
        let wanted = Self.normalized(name)
        var seen = Set<String>()
        var scored: [(distance: Int, name: String)] = []
        for voice in voices {
            for candidate in [voice.languages.first?.tag, Self.fileName(of: voice), Self.languageName(of: voice)]
                .compactMap({ $0 })
            {
                let key = Self.normalized(candidate)
                guard seen.insert(key).inserted else { continue }
                let distance = wanted.editDistance(to: key)
                if distance <= 2 || (wanted.count >= 2 && key.hasPrefix(wanted)) {
                    scored.append((distance, candidate))
                }
            }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(5).map(\.name)
    }

    private func best(for tag: String) -> Voice? {
        var best: (priority: Int, voice: Voice)?
        for voice in voices {
            for language in voice.languages where language.tag == tag {
                if let current = best, current.priority <= language.priority { continue }
                best = (language.priority, voice)
            }
        }
        return best?.voice
    }

    /// The language word a voice's name starts with: `english` for
    /// "English (Great Britain)"; nil for a name without letters.
    private static func languageName(of voice: Voice) -> String? {
        let word = voice.name.prefix { $0.isLetter }.lowercased()
        return word.isEmpty ? nil : word
    }

    private func bestStartingWith(_ prefix: String) -> Voice? {
        voices.first { $0.languages.contains { $0.tag.hasPrefix(prefix) } }
    }

    private func names(of voice: Voice) -> Set<String> {
        Set([voice.identifier, Self.fileName(of: voice), voice.name].map(Self.normalized))
            .union(voice.languages.prefix(1).map { Self.normalized($0.tag) })
    }

    static func fileName(of voice: Voice) -> String {
        String(voice.identifier.split(separator: "/").last ?? Substring(voice.identifier))
    }

    static func normalized(_ name: String) -> String {
        String(name.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
    }
}
