/// How an utterance is said: the writable properties of AVSpeechUtterance,
/// each optional, plus any other properties an author stored.
///
/// Values are kept as authored, even outside AVSpeech's ranges (the tutorial
/// itself uses rates of 1.2 and 1.3); ``outOfRangeProperties`` lists those so
/// importers can warn and the narrator can clamp.
public struct Prosody: Hashable, Sendable {
    /// Speaking rate on AVSpeech's scale: 0 (slowest) … 1 (fastest), 0.5 is
    /// normal speed. The scale is not linear: 0…0.5 spans slow to normal and
    /// 0.5…1 normal to about four times as fast. `nil` = engine default (0.5).
    public var rate: Double?
    /// Pitch multiplier: 0.5 (an octave down) … 2 (an octave up), 1 is the
    /// voice's normal pitch. `nil` = engine default (1).
    public var pitchMultiplier: Double?
    /// Loudness: 0 (silent) … 1 (full). `nil` = engine default (1).
    public var volume: Double?
    /// Silence before the utterance, in seconds (≥ 0). `nil` = none.
    public var preUtteranceDelay: Double?
    /// Silence after the utterance, in seconds (≥ 0). `nil` = none.
    public var postUtteranceDelay: Double?
    /// Which of the five properties above were authored as plist integers
    /// (`<integer>1</integer>`) rather than reals, so that export writes them
    /// back the same way. Empty for prosody made by narrate itself.
    public var integerProperties: Property.Set
    /// Any other `utteranceProperties` keys, kept verbatim with their plist
    /// types; empty when there are none.
    public var otherProperties: PropertyListDictionary

    public init(
        rate: Double? = nil, pitchMultiplier: Double? = nil, volume: Double? = nil,
        preUtteranceDelay: Double? = nil, postUtteranceDelay: Double? = nil,
        integerProperties: Property.Set = [], otherProperties: PropertyListDictionary = PropertyListDictionary()
    ) {
        self.rate = rate
        self.pitchMultiplier = pitchMultiplier
        self.volume = volume
        self.preUtteranceDelay = preUtteranceDelay
        self.postUtteranceDelay = postUtteranceDelay
        self.integerProperties = integerProperties
        self.otherProperties = otherProperties
    }

    /// True when nothing is set: the engine's defaults apply.
    public var isEmpty: Bool {
        Property.allCases.allSatisfy { self[$0] == nil } && otherProperties.isEmpty
    }

    /// The properties whose values lie outside AVSpeech's ranges, in the order
    /// of ``Property/allCases``.
    public var outOfRangeProperties: [(property: Property, value: Double)] {
        Property.allCases.compactMap { property in
            guard let value = self[property], !property.validRange.contains(value) else {
                return nil
            }
            return (property, value)
        }
    }

    /// Reads or writes one of the five AVSpeech properties by name.
    public subscript(property: Property) -> Double? {
        get {
            switch property {
            case .rate: rate
            case .pitchMultiplier: pitchMultiplier
            case .volume: volume
            case .preUtteranceDelay: preUtteranceDelay
            case .postUtteranceDelay: postUtteranceDelay
            }
        }
        set {
            switch property {
            case .rate: rate = newValue
            case .pitchMultiplier: pitchMultiplier = newValue
            case .volume: volume = newValue
            case .preUtteranceDelay: preUtteranceDelay = newValue
            case .postUtteranceDelay: postUtteranceDelay = newValue
            }
        }
    }
}

extension Prosody {
    /// The five AVSpeechUtterance properties narrate understands, named as in
    /// the plist's `utteranceProperties` dictionary.
    public enum Property: String, CaseIterable, Hashable, Sendable {
        case rate, pitchMultiplier, volume, preUtteranceDelay, postUtteranceDelay

        /// All properties in the order of their names, as plists list keys.
        public static let sortedByName = allCases.sorted { $0.rawValue < $1.rawValue }

        /// The values AVSpeechSynthesizer accepts.
        public var validRange: ClosedRange<Double> {
            switch self {
            case .rate, .volume: 0...1
            case .pitchMultiplier: 0.5...2
            case .preUtteranceDelay, .postUtteranceDelay: 0...Double.greatestFiniteMagnitude
            }
        }

        /// A compact set of properties.
        public struct Set: OptionSet, Hashable, Sendable {
            public let rawValue: UInt8
            public init(rawValue: UInt8) { self.rawValue = rawValue }
            public init(_ property: Property) {
                let index = Property.allCases.firstIndex(of: property) ?? 0
                self.init(rawValue: 1 << UInt8(index))
            }
        }
    }
}
