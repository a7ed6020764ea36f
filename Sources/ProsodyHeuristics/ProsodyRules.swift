import TextPrimitives
import BookModel

/// A change to an utterance's prosody, added to the neutral values
/// (rate 0.5, pitch multiplier 1, volume 1, no delay) before clamping.
public struct ProsodyChange: Hashable, Sendable {
    /// Added to the rate (AVSpeech scale, 0.5 normal).
    public var rate = 0.0
    /// Added to the pitch multiplier (1 normal).
    public var pitch = 0.0
    /// Added to the post-utterance delay, in seconds.
    public var pause = 0.0

    public init(rate: Double = 0, pitch: Double = 0, pause: Double = 0) {
        self.rate = rate
        self.pitch = pitch
        self.pause = pause
    }
}

/// One heuristic: a text feature, the change it makes, and why. The rules
/// all live in ``ProsodyRules/all``; docs/prosody.md is the same table in prose.
public struct ProsodyRule: Sendable {
    /// Stable name, used by docs/prosody.md and the tests.
    public let name: String
    /// The feature, in words.
    public let feature: String
    /// The change at full strength (profile `natural`, weight 1).
    public let change: ProsodyChange
    /// Why a listener benefits.
    public let why: String
    /// When the rule applies: exactly one of the three is set. Non-capturing
    /// closures and a plain value, read one field at a time, so that
    /// applying every rule to an utterance retains nothing (a capturing
    /// closure's context, or a whole rule with its strings, would be
    /// retained and released at each call).
    private let weighs: (@Sendable (UtteranceFeatures) -> Double)?
    private let applies: (@Sendable (UtteranceFeatures) -> Bool)?
    private let pauseApplies: UtteranceFeatures.Pause?

    package init(
        _ name: String, _ feature: String, _ change: ProsodyChange, why: String,
        when weight: @escaping @Sendable (UtteranceFeatures) -> Double
    ) {
        self.init(name, feature, change, why: why, weighs: weight, applies: nil, pause: nil)
    }

    package init(
        _ name: String, _ feature: String, _ change: ProsodyChange, why: String,
        if applies: @escaping @Sendable (UtteranceFeatures) -> Bool
    ) {
        self.init(name, feature, change, why: why, weighs: nil, applies: applies, pause: nil)
    }

    /// A rule that applies to utterances followed by `pause`.
    package init(
        _ name: String, _ feature: String, _ change: ProsodyChange, why: String, after pause: UtteranceFeatures.Pause
    ) {
        self.init(name, feature, change, why: why, weighs: nil, applies: nil, pause: pause)
    }

    private init(
        _ name: String, _ feature: String, _ change: ProsodyChange, why: String,
        weighs: (@Sendable (UtteranceFeatures) -> Double)?, applies: (@Sendable (UtteranceFeatures) -> Bool)?,
        pause: UtteranceFeatures.Pause?
    ) {
        self.name = name
        self.feature = feature
        self.change = change
        self.why = why
        self.weighs = weighs
        self.applies = applies
        self.pauseApplies = pause
    }

    /// How strongly the rule applies to an utterance: 0 = not at all.
    public func weight(_ features: UtteranceFeatures) -> Double {
        Self.weight(of: [self], at: 0, for: features)
    }

    /// The weight of `rules[index]`, reading only the field that decides it.
    fileprivate static func weight(of rules: [ProsodyRule], at index: Int, for features: UtteranceFeatures) -> Double {
        if let pause = rules[index].pauseApplies { return features.pause == pause ? 1 : 0 }
        if let applies = rules[index].applies { return applies(features) ? 1 : 0 }
        return rules[index].weighs?(features) ?? 0
    }
}

/// The heuristic prosody of narrate: every rule in one table, and the
/// function that applies them for a profile.
public enum ProsodyRules {
    /// All rules, in the order of docs/prosody.md.
    public static let all: [ProsodyRule] = sentenceRules + pauseRules + styleRules + wordRules

    package static let sentenceRules: [ProsodyRule] = [
        .init("statement-fall", "statement: the utterance that ends it", .init(pitch: -0.04),
              why: "a declarative sentence falls at its end") {
                  $0.sentenceType == .statement && $0.carriesSentenceEnd
              },
        .init("yes-no-rise", "yes/no question: the utterance with the question mark", .init(pitch: 0.12),
              why: "a yes/no question rises at its end") {
                  $0.sentenceType == .yesNoQuestion && $0.carriesSentenceEnd
              },
        .init("wh-start", "wh-question: the utterance that opens it", .init(pitch: 0.06),
              why: "a question word is stressed and starts high") {
                  $0.sentenceType == .whQuestion && $0.isSentenceStart
              },
        .init("wh-fall", "wh-question: the utterance with the question mark", .init(pitch: -0.04),
              why: "a wh-question falls at its end, like a statement") {
                  $0.sentenceType == .whQuestion && $0.carriesSentenceEnd
              },
        .init("exclamation", "exclamation: every utterance of it", .init(rate: 0.03, pitch: 0.08),
              why: "excitement raises the voice and quickens it") { $0.sentenceType == .exclamation },
    ]

    package static let pauseRules: [ProsodyRule] = [
        pause("pause-comma", "ends at a comma", .comma, 0.12, why: "a comma is a short breath"),
        pause("pause-dash", "ends at a dash", .dash, 0.18, why: "a dash sets off an aside"),
        pause("pause-colon", "ends at a colon", .colon, 0.22, why: "a colon announces what follows"),
        pause("pause-semicolon", "ends at a semicolon", .semicolon, 0.25, why: "a semicolon joins two clauses"),
        pause("pause-line", "ends a line of verse or preformatted text", .lineBreak, 0.3,
              why: "verse is read line by line"),
        pause("pause-sentence", "ends a sentence", .sentence, 0.45, why: "sentences are separated by a breath"),
        pause("pause-paragraph", "ends a paragraph or other block", .paragraph, 0.75,
              why: "a new paragraph is a new thought"),
        pause("pause-chapter", "ends the page (chapter)", .chapter, 1.5,
              why: "listeners need a moment between chapters"),
    ]

    package static let styleRules: [ProsodyRule] = [
        .init("heading", "heading: every utterance of it", .init(rate: -0.06, pitch: -0.06),
              why: "titles are announced slowly and low") { $0.isHeading },
        .init("heading-pause", "heading: its last utterance", .init(pause: 0.5),
              why: "a pause after a title sets it apart from the text") {
                  $0.isHeading && $0.pause >= .paragraph
              },
        .init("dialogue", "inside quotation marks", .init(pitch: 0.05),
              why: "a character's voice stands out from the narration") { $0.isDialogue },
        .init("parenthetical", "inside parentheses or brackets", .init(rate: 0.03, pitch: -0.05),
              why: "an aside is said lower and quicker") { $0.isParenthetical },
        .init("emphasis", "emphasised: <em>, <strong>, *word*, _word_, ALL CAPS", .init(rate: -0.04, pitch: 0.08),
              why: "stress is heard as higher pitch and longer words") { $0.isEmphasized },
    ]

    package static let wordRules: [ProsodyRule] = [
        .init("declination", "word mode: position in the sentence (+½ first … −½ last)", .init(pitch: 0.08),
              why: "pitch drifts down across a sentence as breath runs out") { features in
                  features.granularity == .word ? 0.5 - features.positionInSentence : 0
              },
        .init("final-lengthening", "word mode: the word before any pause", .init(rate: -0.05),
              why: "speakers slow down on the last word of a phrase") {
                  $0.granularity == .word && $0.pause > .none
              },
    ]

    private static func pause(
        _ name: String, _ feature: String, _ pause: UtteranceFeatures.Pause, _ seconds: Double, why: String
    ) -> ProsodyRule {
        ProsodyRule(name, feature, ProsodyChange(pause: seconds), why: why, after: pause)
    }

    /// The prosody for an utterance with `features` under `profile`: the
    /// neutral values plus every rule's change times its weight and the
    /// profile's scale, clamped to AVSpeech's ranges and rounded to 0.001.
    /// Profile `none` gives an empty ``Prosody``. `rules` defaults to ``all``.
    /// A pause in `pauses` for the utterance's break replaces the rules'
    /// pause exactly (any profile, `none` included).
    public static func prosody(
        for features: UtteranceFeatures, profile: ProsodyProfile, pauses: PauseLengths = PauseLengths(),
        rules: [ProsodyRule] = all
    ) -> Prosody {
        let asked = pauses[features.pause]
        guard let scale = Scale(profile) else { return Prosody(postUtteranceDelay: asked.map(rounded)) }
        var rate = 0.5
        var pitch = 1.0
        var pause = 0.0
        for index in rules.indices {  // by index: copying each rule out would retain its strings
            let weight = ProsodyRule.weight(of: rules, at: index, for: features)
            guard weight != 0 else { continue }
            let change = rules[index].change
            rate += change.rate * weight * scale.tune
            pitch += change.pitch * weight * scale.tune
            pause += change.pause * weight * scale.pause
        }
        return Prosody(
            rate: rounded(min(max(rate, 0), 1)),
            pitchMultiplier: rounded(min(max(pitch, 0.5), 2)),
            postUtteranceDelay: asked.map(rounded) ?? (pause > 0 ? rounded(pause) : nil))
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }

    /// How strongly a profile applies the rules.
    package struct Scale {
        /// Multiplies rate and pitch changes.
        var tune: Double
        /// Multiplies pauses.
        var pause: Double

        init?(_ profile: ProsodyProfile) {
            switch profile {
            case .natural: (tune, pause) = (1, 1)
            case .expressive: (tune, pause) = (2.5, 1.3)
            case .none: return nil
            }
        }
    }
}
