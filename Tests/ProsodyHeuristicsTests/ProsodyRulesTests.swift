import BookModel
import Foundation
import Testing
import TestSupport

@testable import ProsodyHeuristics
@testable import TextPrimitives

/// For every rule, features that trigger it and nearly the same features
/// that do not.
private let triggers: [String: (on: UtteranceFeatures, off: UtteranceFeatures)] = {
    func features(_ edit: (inout UtteranceFeatures) -> Void) -> UtteranceFeatures {
        var features = UtteranceFeatures()
        features.carriesSentenceEnd = false
        features.isSentenceStart = false
        features.sentenceType = .exclamation
        edit(&features)
        return features
    }
    func pause(_ pause: UtteranceFeatures.Pause) -> (UtteranceFeatures, UtteranceFeatures) {
        (features { $0.pause = pause }, features { $0.pause = .none })
    }
    return [
        "statement-fall": (features { $0.sentenceType = .statement; $0.carriesSentenceEnd = true },
                           features { $0.sentenceType = .statement }),
        "yes-no-rise": (features { $0.sentenceType = .yesNoQuestion; $0.carriesSentenceEnd = true },
                        features { $0.sentenceType = .yesNoQuestion }),
        "wh-start": (features { $0.sentenceType = .whQuestion; $0.isSentenceStart = true },
                     features { $0.sentenceType = .whQuestion }),
        "wh-fall": (features { $0.sentenceType = .whQuestion; $0.carriesSentenceEnd = true },
                    features { $0.sentenceType = .whQuestion }),
        "exclamation": (features { $0.sentenceType = .exclamation }, features { $0.sentenceType = .yesNoQuestion }),
        "pause-comma": pause(.comma),
        "pause-dash": pause(.dash),
        "pause-colon": pause(.colon),
        "pause-semicolon": pause(.semicolon),
        "pause-line": pause(.lineBreak),
        "pause-sentence": pause(.sentence),
        "pause-paragraph": pause(.paragraph),
        "pause-chapter": pause(.chapter),
        "heading": (features { $0.blockKind = .heading(level: 1) }, features { $0.blockKind = .paragraph }),
        "heading-pause": (features { $0.blockKind = .heading(level: 2); $0.pause = .paragraph },
                          features { $0.blockKind = .heading(level: 2); $0.pause = .sentence }),
        "dialogue": (features { $0.isDialogue = true }, features { $0.isDialogue = false }),
        "parenthetical": (features { $0.isParenthetical = true }, features { $0.isParenthetical = false }),
        "emphasis": (features { $0.isEmphasized = true }, features { $0.isEmphasized = false }),
        "declination": (features { $0.granularity = .word; $0.positionInSentence = 0 },
                        features { $0.granularity = .word; $0.positionInSentence = 0.5 }),
        "final-lengthening": (features { $0.granularity = .word; $0.pause = .comma },
                              features { $0.granularity = .sentence; $0.pause = .comma }),
    ]
}()

@Test(arguments: ProsodyRules.all.map(\.name))
func eachRuleChangesProsodyByItsTableValue(_ name: String) throws {
    let rule = try #require(ProsodyRules.all.first { $0.name == name })
    let (on, off) = try #require(triggers[name], "no test case for rule \(name)")
    #expect(rule.weight(off) == 0)
    let weight = rule.weight(on)
    #expect(weight != 0)
    let withRule = ProsodyRules.prosody(for: on, profile: .natural)
    let without = ProsodyRules.prosody(for: on, profile: .natural, rules: ProsodyRules.all.filter { $0.name != name })
    #expect(abs((withRule.rate ?? 0) - (without.rate ?? 0) - rule.change.rate * weight) < 0.0015)
    #expect(abs((withRule.pitchMultiplier ?? 0) - (without.pitchMultiplier ?? 0) - rule.change.pitch * weight) < 0.0015)
    let pauseDifference = (withRule.postUtteranceDelay ?? 0) - (without.postUtteranceDelay ?? 0)
    #expect(abs(pauseDifference - rule.change.pause * weight) < 0.0015)
}

@Test func expressiveProfileSwingsFurtherThanNatural() {
    var features = UtteranceFeatures()
    features.sentenceType = .yesNoQuestion
    features.pause = .sentence
    let natural = ProsodyRules.prosody(for: features, profile: .natural)
    let expressive = ProsodyRules.prosody(for: features, profile: .expressive)
    #expect((expressive.pitchMultiplier ?? 1) > (natural.pitchMultiplier ?? 1))
    #expect((expressive.postUtteranceDelay ?? 0) > (natural.postUtteranceDelay ?? 0))
    #expect(ProsodyRules.prosody(for: features, profile: .none).isEmpty)
}

@Test func ruleNamesAreUnique() {
    let names = ProsodyRules.all.map(\.name)
    #expect(Set(names).count == names.count)
}

@Test func docsTableListsEveryRule() throws {
    let docs = PackageFixtures.root.appendingPathComponent("docs/prosody.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for rule in ProsodyRules.all {
        #expect(text.contains("`\(rule.name)`"), "docs/prosody.md lacks \(rule.name)")
    }
}

/// `--pause`: the pause asked for a break replaces the rules' (a heading's
/// extra pause too) under every profile, `none` included; other breaks and
/// the tune keep the rules'.
@Test(arguments: ProsodyProfile.allCases)
func askedPausesReplaceTheRulesPauses(_ profile: ProsodyProfile) {
    let pauses = PauseLengths(sentence: 0.3, paragraph: 0, chapter: 2.5)
    var features = UtteranceFeatures()
    for (pause, asked) in [(UtteranceFeatures.Pause.sentence, 0.3), (.paragraph, 0), (.chapter, 2.5)] {
        features.pause = pause
        features.blockKind = pause == .paragraph ? .heading(level: 1) : .paragraph
        let prosody = ProsodyRules.prosody(for: features, profile: profile, pauses: pauses)
        #expect(prosody.postUtteranceDelay == asked, "\(pause)")
        let rules = ProsodyRules.prosody(for: features, profile: profile)
        #expect(prosody.pitchMultiplier == rules.pitchMultiplier && prosody.rate == rules.rate)
    }
    features.pause = .comma
    #expect(
        ProsodyRules.prosody(for: features, profile: profile, pauses: pauses)
            == ProsodyRules.prosody(for: features, profile: profile))
}
