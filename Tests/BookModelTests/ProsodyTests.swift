import BookModel
import Testing

@Test func emptyProsodyMeansEngineDefaults() {
    #expect(Prosody().isEmpty)
    #expect(!Prosody(rate: 0.5).isEmpty)
    #expect(!Prosody(otherProperties: ["voice": .string("x")]).isEmpty)
}

@Test func outOfRangePropertiesAreListedInDeclarationOrder() {
    let prosody = Prosody(rate: 1.3, pitchMultiplier: 0.2, volume: 0.5, postUtteranceDelay: -1)
    let found = prosody.outOfRangeProperties.map(\.property)
    #expect(found == [.rate, .pitchMultiplier, .postUtteranceDelay])
    #expect(Prosody(rate: 1, pitchMultiplier: 2, volume: 0, preUtteranceDelay: 10).outOfRangeProperties.isEmpty)
}

@Test func subscriptReadsAndWritesEachProperty() {
    var prosody = Prosody()
    for (index, property) in Prosody.Property.allCases.enumerated() {
        prosody[property] = Double(index) / 10
    }
    #expect(prosody.rate == 0 && prosody.pitchMultiplier == 0.1 && prosody.volume == 0.2)
    #expect(prosody.preUtteranceDelay == 0.3 && prosody.postUtteranceDelay == 0.4)
}

@Test func integerPropertySetKeepsEachPropertyApart() {
    var set: Prosody.Property.Set = [.init(.rate), .init(.volume)]
    #expect(set.contains(.init(.rate)) && set.contains(.init(.volume)))
    #expect(!set.contains(.init(.pitchMultiplier)))
    set.remove(.init(.rate))
    #expect(!set.contains(.init(.rate)))
}
