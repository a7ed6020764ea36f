/// Streams word timings to a file descriptor as JSON, SRT or WebVTT while a
/// narration runs: each utterance is written as soon as it has been spoken,
/// so memory does not grow with the book. JSON ends with `pages`: where each
/// page (an audiobook's chapter) starts.
///
/// Write errors are kept and thrown by ``finish()``.
public final class TimingsWriter: NarrationObserver {
    public let format: TimingsFormat
    public let sampleRate: Int
    private var output: FileDescriptorWriter
    private var error: OutputError?
    private var cueNumber = 0
    private var isFinished = false
    /// Where each page (chapter) starts: JSON lists them after the utterances.
    private var pageStarts: [(page: Int, sample: Int)] = []

    /// Starts the file (JSON's opening, VTT's `WEBVTT` line).
    public init(descriptor: Int32, format: TimingsFormat, sampleRate: Int) {
        self.format = format
        self.sampleRate = sampleRate
        output = FileDescriptorWriter(descriptor: descriptor)
        switch format {
        case .json: emit("{\n  \"sampleRate\": \(sampleRate),\n  \"utterances\": [")
        case .srt: break
        case .vtt: emit("WEBVTT\n")
        }
    }

    public func pageStarted(_ page: Int, atSample sample: Int) {
        pageStarts.append((page, sample))
    }

    public func utteranceSpoken(_ timing: UtteranceTiming) { utteranceSpoken(timing, confidence: nil) }

    /// An utterance with how sure an alignment is of its times (0 to 1;
    /// JSON's `confidence`), or nil for exact times.
    public func utteranceSpoken(_ timing: UtteranceTiming, confidence: Double?) {
        switch format {
        case .json: emit((cueNumber == 0 ? "\n" : ",\n") + jsonObject(timing, confidence: confidence))
        case .srt:
            let text = Self.collapsed(timing.text)
            guard !text.isEmpty else { return }
            emit("\(cueNumber + 1)\n\(cueTimes(timing, separator: ","))\n\(text)\n\n")
        case .vtt:
            let text = vttText(timing)
            guard !text.isEmpty else { return }
            emit("\n\(cueTimes(timing, separator: "."))\n\(text)\n")
        }
        cueNumber += 1
    }

    /// Ends the file and flushes it.
    /// - Throws: the first write error met.
    public func finish() throws(OutputError) {
        guard !isFinished else { return }
        isFinished = true
        if format == .json {
            let pages = pageStarts.map { "{\"page\": \($0.page + 1), \"start\": \(seconds($0.sample))}" }
            emit("\n  ],\n  \"pages\": [" + pages.joined(separator: ", ") + "]\n}\n")
        }
        if let error { throw error }
        try output.flush()
    }

    private func emit(_ text: String) {
        guard error == nil else { return }
        do throws(OutputError) { try output.append(contentsOf: Array(text.utf8)) } catch { self.error = error }
    }

    private func cueTimes(_ timing: UtteranceTiming, separator: Character) -> String {
        TimingsFormat.clock(timing.startSample, sampleRate: sampleRate, separator: separator) + " --> "
            + TimingsFormat.clock(max(timing.endSample, timing.startSample + 1), sampleRate: sampleRate, separator: separator)
    }

    private func jsonObject(_ timing: UtteranceTiming, confidence: Double?) -> String {
        let words = timing.words.map { word in
            "{\"text\": \(Self.jsonString(word.text)), \"start\": \(seconds(word.startSample)), \"end\": \(seconds(word.endSample))"
                + (word.voice.map { ", \"voice\": \(Self.jsonString($0))" } ?? "") + "}"
        }
        var fields = [
            "\"page\": \(timing.position.page + 1)", "\"utterance\": \(timing.position.utterance + 1)",
            "\"text\": \(Self.jsonString(timing.text))",
            "\"start\": \(seconds(timing.startSample))", "\"end\": \(seconds(timing.endSample))",
        ]
        if let source = timing.source { fields.append("\"source\": \(Self.jsonString(source.description))") }
        if let confidence { fields.append("\"confidence\": " + String(format: "%.2f", confidence)) }
        fields.append("\"words\": [" + words.joined(separator: ", ") + "]")
        return "    {" + fields.joined(separator: ", ") + "}"
    }

    private func seconds(_ sample: Int) -> String { TimingsFormat.seconds(sample, sampleRate: sampleRate) }

    /// The cue text with white space collapsed and `<HH:MM:SS.mmm>` before
    /// every word but the first.
    private func vttText(_ timing: UtteranceTiming) -> String {
        var starts: [Int: Int] = [:]
        for word in timing.words.dropFirst() { starts[word.range.lowerBound] = word.startSample }
        var text = ""
        var pendingSpace = false
        for (offset, scalar) in timing.text.unicodeScalars.enumerated() {
            if scalar.properties.isWhitespace {
                pendingSpace = !text.isEmpty
                continue
            }
            if pendingSpace { text += " " }
            pendingSpace = false
            if let sample = starts[offset] { text += "<" + TimingsFormat.clock(sample, sampleRate: sampleRate, separator: ".") + ">" }
            switch scalar {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
