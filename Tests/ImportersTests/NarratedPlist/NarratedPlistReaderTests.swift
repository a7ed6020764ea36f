import BookModel
import Importers
import TestSupport
import Testing

@testable import BookFiles
@testable import PropertyLists

private func plist(_ body: String) -> [UInt8] {
    Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """.utf8)
}

private func read(_ body: String) throws -> ImportResult {
    try Importing.plist(bytes: plist(body), format: .xmlPropertyList)
}

private func utterance(_ properties: String, string: String = "<string>Hi</string>") -> String {
    """
    <dict><key>bookPages</key><array><dict><key>utterances</key><array>
    <dict><key>utteranceProperties</key><dict>\(properties)</dict><key>utteranceString</key>\(string)</dict>
    </array></dict></array></dict>
    """
}

@Test func readsTheTutorialFixtureWithItsQuirks() throws {
    let result = try Importing.plist(
        bytes: try PackageFixtures.bytes("plist/WhirlySquirrelly.plist"), format: .xmlPropertyList)
    let book = result.book
    #expect(book.pages.count == 3)
    #expect(book.pages[0].displayText == "Whisky, frisky, hippidity hop. ")
    #expect(book.pages[0].backgroundImage == "PageBackgroundImage.jpg")
    #expect(book.pages[0].utterances[0].prosody.rate == 1.2)
    #expect(book.pages[0].utterances[1].prosody.integerProperties.contains(.init(.pitchMultiplier)))
    #expect(book.pages[0].utterances[2].prosody.postUtteranceDelay == 0.3)
    #expect(book.pages[2].utterances == [Utterance("The squirrel sleeps. The end.")])
    #expect(result.warnings.count == 1)
    #expect(result.warnings[0].location == "bookPages[0].utterances[0].utteranceProperties.rate")
}

@Test func keepsUnknownKeysAtEveryLevelVerbatim() throws {
    let book = try read(
        """
        <dict><key>bookPages</key><array><dict>
          <key>utterances</key><array><dict>
            <key>utteranceString</key><string>x</string>
            <key>utteranceProperties</key><dict><key>voiceHint</key><string>Samantha</string><key>rate</key><integer>0</integer></dict>
            <key>color</key><data>AAEC</data>
          </dict></array>
          <key>pageNumber</key><integer>7</integer>
        </dict></array>
        <key>author</key><string>Tammy</string>
        <key>created</key><date>2014-07-11T16:00:00Z</date>
        </dict>
        """
    ).book
    #expect(book.extraKeys["author"] == .string("Tammy"))
    guard case .date(let date)? = book.extraKeys["created"] else {
        Issue.record("date lost")
        return
    }
    #expect(date.timeIntervalSince1970 == 1_405_094_400)
    #expect(book.pages[0].extraKeys["pageNumber"] == .integer(7))
    let utterance = book.pages[0].utterances[0]
    #expect(utterance.extraKeys["color"] == .data([0, 1, 2]))
    #expect(utterance.prosody.otherProperties["voiceHint"] == .string("Samantha"))
    #expect(utterance.prosody.rate == 0)
}

@Test func decodesEntitiesCDATAAndKeepsSurroundingWhitespace() throws {
    let book = try read(utterance("", string: "<string>  &lt;Tom &amp; Jerry&gt; &#x263A;&#65;<![CDATA[ <raw> ]]>\n</string>")).book
    #expect(book.pages[0].utterances[0].text == "  <Tom & Jerry> ☺A <raw> \n")
}

@Test func pageWithoutUtterancesKeyWarnsAndIsEmpty() throws {
    let result = try read("<dict><key>bookPages</key><array><dict><key>backgroundImage</key><string>a.jpg</string></dict></array></dict>")
    #expect(result.book.pages[0].utterances.isEmpty)
    #expect(result.warnings.map(\.description) == ["bookPages[0]: page has no utterances key"])
}

@Test(arguments: [
    (utterance("<key>rate</key><string>fast</string>"),
     "bookPages[0].utterances[0].utteranceProperties.rate: expected a number, found string \"fast\""),
    (utterance("<key>volume</key><true/>"),
     "bookPages[0].utterances[0].utteranceProperties.volume: expected a number, found boolean true"),
    (utterance("", string: "<integer>3</integer>"),
     "bookPages[0].utterances[0].utteranceString: expected a string, found integer 3"),
    ("<dict><key>bookPages</key><array><dict><key>utterances</key><array><dict/></array></dict></array></dict>",
     "bookPages[0].utterances[0].utteranceString: missing"),
    ("<dict><key>bookPages</key><array><string>page</string></array></dict>",
     "bookPages[0]: expected a dictionary, found string \"page\""),
    ("<dict><key>bookPages</key><array><dict><key>utterances</key><integer>1</integer></dict></array></dict>",
     "bookPages[0].utterances: expected an array or a string, found integer 1"),
    ("<dict><key>bookPages</key><dict/></dict>", "bookPages: expected an array, found dictionary"),
    ("<dict><key>pages</key><array/></dict>", "bookPages: missing: a narrated-book plist has a top-level bookPages array"),
    ("<array/>", "expected a dictionary at the top level, found array"),
    ("<dict><key>bookPages</key><array><dict><key>backgroundImage</key><real>1.5</real></dict></array></dict>",
     "bookPages[0].backgroundImage: expected a string, found real 1.5"),
    (utterance("", string: "<string>x</string><key>narrateSource</key><dict><key>line</key><string>3</string></dict>"),
     "bookPages[0].utterances[0].narrateSource.line: expected an integer, found string \"3\""),
])
func wrongStructureOrTypesNameTheKeyPath(body: String, message: String) {
    #expect(throws: ImportError.self) { try read(body) }
    do {
        _ = try read(body)
    } catch {
        #expect("\(error)" == message)
    }
}

@Test(arguments: [
    ("<dict><key>a</key>", "line 5: malformed XML plist: expected a value for key \"a\""),
    ("<dict><key>a</key><string>x</dict>", "line 4: malformed XML plist: expected </string>, found </dict>"),
    ("<dict><string>x</string></dict>", "line 4: malformed XML plist: expected <key> or </dict>"),
    ("<integer>12a</integer>", "line 4: malformed XML plist: expected an integer, found \"12a\""),
    ("<integer>99999999999999999999</integer>", "line 4: malformed XML plist: integer 99999999999999999999 is out of range"),
    ("<string>&nbsp;</string>", "line 4: malformed XML plist: unknown entity &nbsp;"),
    ("<date>yesterday</date>", "line 4: malformed XML plist: expected an ISO 8601 date like 2014-07-11T16:00:00Z, found \"yesterday\""),
    ("<blob/>", "line 4: malformed XML plist: unknown element <blob>"),
])
func malformedXMLGivesTheLineAndWhatWasExpected(body: String, message: String) {
    do {
        _ = try XMLPropertyListParser.parse(plist(body))
        Issue.record("no error for \(body)")
    } catch {
        #expect("\(error)" == message)
    }
}

@Test func unknownKeysInsideUtterancePropertiesAreWarnedOfOncePerKeyAndKept() throws {
    let result = try BookImporter.importBook(
        bytes: PackageFixtures.bytes("plist/unknown-utterance-properties.plist"), fileName: "story.plist")
    #expect(result.warnings.map(\.description) == [
        "bookPages[0].utterances[0].utteranceProperties.voice: 'voice' is not an AVSpeechUtterance property: "
            + "the tutorial's app crashes on it (setValuesForKeysWithDictionary:); kept as authored (3 utterances have it)",
        "bookPages[0].utterances[1].utteranceProperties.speed: 'speed' is not an AVSpeechUtterance property: "
            + "the tutorial's app crashes on it (setValuesForKeysWithDictionary:); kept as authored",
    ])
    #expect(result.book.pages[1].utterances[0].prosody.otherProperties["voice"] == .string("Samantha"))
}
