@testable import Audiobooks
import Testing

/// ffprobe's `flat` output of an audio file's headers, read.
struct AudioProbeTests {
    @Test func anM4BsLengthChaptersCodecAndContainerAreRead() {
        let probe = AudioProbe(flat: [
            #"streams.stream.0.codec_name="aac""#, #"chapters.chapter.1.start_time="636.485000""#,
            #"chapters.chapter.0.start_time="0.000000""#, #"format.format_name="mov,mp4,m4a,3gp,3g2,mj2""#,
            #"format.duration="1045.172000""#,
        ])
        #expect(probe == AudioProbe(duration: 1_045.172, chapterStarts: [0, 636.485], codec: "aac", container: "mov,mp4,m4a,3gp,3g2,mj2"))
    }

    @Test func whatTheHeadersDoNotSayStaysUnknown() {
        let probe = AudioProbe(flat: [#"format.format_name="wav""#, #"format.duration="N/A""#, "garbage"])
        #expect(probe == AudioProbe(container: "wav"))
    }
}
