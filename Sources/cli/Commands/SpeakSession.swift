import Foundation
import Narrator

/// One run of `narrate speak` once everything is checked: the sink, the
/// observers, Ctrl-C, and committing the files (also after Ctrl-C, so the
/// WAV holds what was spoken).
struct SpeakSession {
    let narrator: Narrator
    let inputPath: String
    let audioFile: OutputFile?
    let timingsFile: OutputFile?
    let showProgress: Bool

    func run(_ context: CommandContext) throws {
        let sampleRate = narrator.engine.sampleRate
        let stop = StopFlag.interrupt
        // Both routes set the flag: the CLI's dispatch sources see signals
        // that arrive blocked, the handler sees those that arrive unblocked.
        Interrupts.install { _ in StopFlag.interrupt.set() }
        StopFlag.catchInterrupts()
        let sink = try makeSink(sampleRate: sampleRate)
        let timings = timingsFile.map { file in
            TimingsWriter(descriptor: file.descriptor, format: TimingsFormat(path: file.path) ?? .json, sampleRate: sampleRate)
        }
        let progress = showProgress ? ProgressLine(sampleRate: sampleRate) : nil
        let observer = ObserverGroup(([timings, progress] as [(any NarrationObserver)?]).compactMap { $0 })
        let strictFailure = reportWarnings(context, progress: progress)
        let result: NarrationResult
        do throws(NarrationError) {
            result = try narrator.narrate(to: sink, observer: observer, shouldStop: { stop.isSet || strictFailure.error != nil })
        } catch {
            progress?.finish()
            if stop.isSet, let player = sink as? SoundDevicePlayer {
                player.cancel()
                context.printError("narrate: interrupted")
                exit(130)
            }
            throw Failure(failureSubject(error), error.description)
        }
        progress?.finish()
        if let error = strictFailure.error { throw error }
        do { try timings?.finish() } catch { throw Failure(timingsFile?.path, error.description) }
        try audioFile?.commit()
        try timingsFile?.commit()
        if result.wasInterrupted, audioFile == nil {
            context.printError("narrate: interrupted")
            exit(130)
        }
        if result.wasInterrupted {
            let seconds = Double(result.samplesWritten) / Double(sampleRate)
            let place = audioFile.map { " to \($0.path == "-" ? "standard output" : $0.path)" } ?? ""
            context.printError("narrate: interrupted; kept \(String(format: "%.1f", seconds)) s of audio\(place)")
            exit(130)
        }
    }

    /// Prints the warnings a streamed narration meets as it goes (over the
    /// progress line); with `--strict`, keeps the first as the failure that
    /// stops the narration.
    private func reportWarnings(_ context: CommandContext, progress: ProgressLine?) -> FailureBox {
        let box = FailureBox()
        narrator.warningHandler = { [inputPath] warnings in
            guard !warnings.isEmpty, box.error == nil else { return }
            progress?.finish()
            do { try context.warn(warnings, file: inputPath) } catch { box.error = error }
        }
        return box
    }

    private func makeSink(sampleRate: Int) throws -> any AudioSink {
        do {
            if let audioFile { return try WAVWriter(descriptor: audioFile.descriptor, sampleRate: sampleRate) }
            return try SoundDevicePlayer(sampleRate: sampleRate, stopRequested: { StopFlag.interrupt.isSet })
        } catch {
            throw Failure(audioFile?.path, error.description)
        }
    }

    private func failureSubject(_ error: NarrationError) -> String? {
        switch error {
        case .output: return audioFile?.path
        case .invalidSelection, .input: return inputPath  // a streamed book finds these as it goes
        case .speech: return narrator.book.metadata.sourceFile
        }
    }
}

/// The error that ends a narration from inside a callback.
final class FailureBox {
    var error: (any Error)?
}
