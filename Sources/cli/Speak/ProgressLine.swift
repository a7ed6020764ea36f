import Rendering
import Narrator
import Glibc

/// One self-rewriting line on a terminal: page, percent, elapsed time, time
/// left and speed as a multiple of real time. Redrawn at most four times a
/// second; ``finish()`` ends the line.
public final class ProgressLine: NarrationObserver {
    private let descriptor: Int32
    private let sampleRate: Int
    private let started = ProgressLine.now()
    private var lastDrawn = -1.0
    private var drewAnything = false

    /// Draws on `descriptor` (standard error); create it only when that is a
    /// terminal and `--quiet` is off.
    public init(descriptor: Int32 = STDERR_FILENO, sampleRate: Int) {
        self.descriptor = descriptor
        self.sampleRate = sampleRate
    }

    public func progressed(_ progress: NarrationProgress) {
        let now = Self.now()
        guard now - lastDrawn >= 0.25 else { return }
        lastDrawn = now
        draw(Self.line(progress, elapsed: now - started, sampleRate: sampleRate))
    }

    /// Clears the line.
    public func finish() {
        if drewAnything { draw("") }
    }

    /// `page 3/61  42%  0:12 elapsed  0:17 left  712× real time`; `page 3  42%  …`
    /// when the number of pages is not known (a streamed book).
    static func line(_ progress: NarrationProgress, elapsed: Double, sampleRate: Int) -> String {
        let fraction = progress.estimatedFraction
            ?? (progress.charactersTotal > 0 ? Double(progress.charactersDone) / Double(progress.charactersTotal) : 1)
        let audioSeconds = Double(progress.samplesWritten) / Double(max(sampleRate, 1))
        let speed = elapsed > 0 ? audioSeconds / elapsed : 0
        let left = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        let pages = progress.pageCount > 0 ? "/\(progress.pageCount)" : ""
        return "page \(progress.page + 1)\(pages)  \(Int(fraction * 100))%  "
            + "\(duration(elapsed)) elapsed  \(duration(left)) left  \(Int(speed.rounded()))× real time"
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, rest) = total.quotientAndRemainder(dividingBy: 3600)
        let (minutes, secs) = rest.quotientAndRemainder(dividingBy: 60)
        let tail = (secs < 10 ? "0" : "") + String(secs)
        if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail }
        return "\(minutes):" + tail
    }

    private func draw(_ text: String) {
        drewAnything = !text.isEmpty
        let bytes = Array(("\r\u{1B}[K" + text).utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
