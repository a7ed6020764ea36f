/// Where rendered audio goes: a WAV file, standard output, a sound device.
public protocol AudioSink: AnyObject {
    /// Appends samples (16-bit mono at the narration's sample rate).
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(OutputError)
    /// Appends `count` samples of silence.
    func writeSilence(count: Int) throws(OutputError)
    /// Completes the output (a WAV header's sizes, a player draining). Safe to
    /// call more than once; later writes are errors.
    func finish() throws(OutputError)
}

/// Why audio or timings could not be written.
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A system call failed; `operation` says what it did (`write`),
    /// `message` is strerror's.
    case system(operation: String, message: String)
    /// The reader of a pipe went away (`| head`, a player that quit).
    case closedPipe
    /// No program to play sound with, or it failed to open a device.
    case noSoundDevice(String)
    /// Written after ``AudioSink/finish()``.
    case finished

    public var description: String {
        switch self {
        case .system(let operation, let message): "cannot \(operation): \(message.prefix(1).lowercased() + message.dropFirst())"
        case .closedPipe: "cannot write: broken pipe (the reader closed it)"
        case .noSoundDevice(let detail):
            "no sound device to play on (\(detail)); write a file instead with -o book.wav, or -o - to pipe"
        case .finished: "output already finished"
        }
    }
}
