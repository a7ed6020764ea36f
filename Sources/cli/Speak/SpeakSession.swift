import Rendering
import BookModel
import Foundation
import Narrator

/// One run of `narrate speak` once everything is checked: the sink, the
/// observers, Ctrl-C, and committing the files (also after Ctrl-C, so the
/// WAV holds what was spoken).
struct SpeakSession {
    let narrator: Narrator
    let stream: any PageStream
    let inputPath: String
    let audioFile: OutputFile?
    let timingsFile: OutputFile?
    let showProgress: Bool

    func run(_ context: CommandContext) throws {
        let sampleRate = narrator.engine.sampleRate
        let stop = Interrupts.stop
        Interrupts.catchIntoFlag()
        let sink = try makeSink(sampleRate: sampleRate)
        let timings = timingsFile.map { file in
            TimingsWriter(descriptor: file.descriptor, format: TimingsFormat(path: file.path) ?? .json, sampleRate: sampleRate)
        }
        let progress = showProgress ? ProgressLine(sampleRate: sampleRate) : nil
        context.beforeWarning = { progress?.finish() }
        let observer = ObserverGroup(([timings, progress] as [(any NarrationObserver)?]).compactMap { $0 })
        let result: NarrationResult
        do throws(NarrationError) {
            result = try narrator.narrate(
                stream, to: sink, observer: observer, shouldStop: { stop.isSet || context.strictFailure != nil })
        } catch {
            progress?.finish()
            if stop.isSet, let player = sink as? SoundDevicePlayer {
                player.cancel()
                context.printError("narrate: interrupted")
                throw Interrupted(signal: SIGINT)
            }
            throw Failure(failureSubject(error), error.description)
        }
        progress?.finish()
        try context.checkStrict()
        do { try timings?.finish() } catch { throw Failure(timingsFile?.path, error.description) }
        try audioFile?.commit()
        try timingsFile?.commit()
        guard result.wasInterrupted else { return }
        if let audioFile {
            let seconds = Double(result.samplesWritten) / Double(sampleRate)
            let place = audioFile.path == "-" ? "standard output" : audioFile.path
            context.printError("narrate: interrupted; kept \(String(format: "%.1f", seconds)) s of audio to \(place)")
        } else {
            context.printError("narrate: interrupted")
        }
        throw Interrupted(signal: SIGINT)
    }

    private func makeSink(sampleRate: Int) throws -> any AudioSink {
        do {
            if let audioFile { return try WAVWriter(descriptor: audioFile.descriptor, sampleRate: sampleRate) }
            Interrupts.ignoreBrokenPipes()
            return try SoundDevicePlayer(sampleRate: sampleRate, stopRequested: { Interrupts.stop.isSet })
        } catch {
            throw Failure(audioFile?.subject, error.description)
        }
    }

    private func failureSubject(_ error: NarrationError) -> String? {
        switch error {
        case .output: return audioFile?.subject
        case .invalidSelection, .input, .speech: return inputPath
        }
    }
}
