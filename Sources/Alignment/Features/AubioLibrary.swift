import CAubio
import Glibc

/// libaubio, loaded when the aligner first analyses audio rather than
/// linked: Debian's libaubio pulls in libavcodec, libavformat and about 130
/// further libraries, which would cost every narrate command (an import, a
/// `--version`) 100 ms or more of dynamic linking.
struct AubioLibrary: @unchecked Sendable {  // immutable C function pointers
    typealias NewVocoder = @convention(c) (UInt32, UInt32) -> OpaquePointer?
    typealias DeleteVocoder = @convention(c) (OpaquePointer?) -> Void
    typealias RunVocoder = @convention(c) (OpaquePointer?, UnsafePointer<fvec_t>?, UnsafeMutablePointer<cvec_t>?) -> Void
    typealias NewMFCC = @convention(c) (UInt32, UInt32, UInt32, UInt32) -> OpaquePointer?
    typealias DeleteMFCC = @convention(c) (OpaquePointer?) -> Void
    typealias RunMFCC = @convention(c) (OpaquePointer?, UnsafePointer<cvec_t>?, UnsafeMutablePointer<fvec_t>?) -> Void
    typealias NewFloats = @convention(c) (UInt32) -> UnsafeMutablePointer<fvec_t>?
    typealias DeleteFloats = @convention(c) (UnsafeMutablePointer<fvec_t>?) -> Void
    typealias NewSpectrum = @convention(c) (UInt32) -> UnsafeMutablePointer<cvec_t>?
    typealias DeleteSpectrum = @convention(c) (UnsafeMutablePointer<cvec_t>?) -> Void

    let newVocoder: NewVocoder
    let deleteVocoder: DeleteVocoder
    let runVocoder: RunVocoder
    let newMFCC: NewMFCC
    let deleteMFCC: DeleteMFCC
    let runMFCC: RunMFCC
    let newFloats: NewFloats
    let deleteFloats: DeleteFloats
    let newSpectrum: NewSpectrum
    let deleteSpectrum: DeleteSpectrum

    /// The library, loaded once per process; the failure says what to install.
    static let shared: Result<AubioLibrary, AlignmentError> = Result { () throws(AlignmentError) in try load() }

    private static let fileName = "libaubio.so.5"

    private static func load() throws(AlignmentError) -> AubioLibrary {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw .features("cannot load libaubio (\(reason)); install the libaubio5 package")
        }
        func symbol<Function>(_ name: String, as type: Function.Type) throws(AlignmentError) -> Function {
            guard let address = dlsym(handle, name) else { throw .features("\(fileName) has no \(name); libaubio 0.4.6 or later is needed") }
            return unsafeBitCast(address, to: type)
        }
        return AubioLibrary(
            newVocoder: try symbol("new_aubio_pvoc", as: NewVocoder.self),
            deleteVocoder: try symbol("del_aubio_pvoc", as: DeleteVocoder.self),
            runVocoder: try symbol("aubio_pvoc_do", as: RunVocoder.self),
            newMFCC: try symbol("new_aubio_mfcc", as: NewMFCC.self),
            deleteMFCC: try symbol("del_aubio_mfcc", as: DeleteMFCC.self),
            runMFCC: try symbol("aubio_mfcc_do", as: RunMFCC.self),
            newFloats: try symbol("new_fvec", as: NewFloats.self),
            deleteFloats: try symbol("del_fvec", as: DeleteFloats.self),
            newSpectrum: try symbol("new_cvec", as: NewSpectrum.self),
            deleteSpectrum: try symbol("del_cvec", as: DeleteSpectrum.self))
    }
}
