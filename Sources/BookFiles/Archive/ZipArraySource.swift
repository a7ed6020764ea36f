import CLibZip

/// A zip held in a Swift array, read by libzip through a source of
/// callbacks that copy out what it asks for: the array is kept, not copied
/// whole into memory libzip owns (a book read into memory is held once).
///
/// One source serves one `zip_t`, on the thread that uses that handle.
final class ZipArraySource {
    private let bytes: [UInt8]
    private var offset = 0
    private var error = zip_error_t()

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        zip_error_init(&error)
    }

    deinit { zip_error_fini(&error) }

    /// A libzip source over `bytes`; libzip frees it (and so releases the
    /// array) when the archive opened from it is discarded, or
    /// `zip_source_free` does when opening fails.
    static func make(_ bytes: [UInt8], error: inout zip_error_t) -> OpaquePointer? {
        let context = Unmanaged.passRetained(ZipArraySource(bytes))
        guard let source = zip_source_function_create(callback, context.toOpaque(), &error) else {
            context.release()
            return nil
        }
        return source
    }

    private static let callback: zip_source_callback = { userdata, data, length, command in
        guard let userdata else { return -1 }
        let context = Unmanaged<ZipArraySource>.fromOpaque(userdata)
        if command == ZIP_SOURCE_FREE {
            context.release()
            return 0
        }
        return context.takeUnretainedValue().answer(command, data: data, length: length)
    }

    /// What a seekable, read-only source answers.
    private static let supported = [
        ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE,
        ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL, ZIP_SOURCE_SUPPORTS,
    ].reduce(Int64(0)) { $0 | Int64(1) << Int64($1.rawValue) }

    private func answer(_ command: zip_source_cmd_t, data: UnsafeMutableRawPointer?, length: UInt64) -> Int64 {
        switch command {
        case ZIP_SOURCE_OPEN:
            offset = 0
            return 0
        case ZIP_SOURCE_READ:
            guard let data else { return refuse(ZIP_ER_INVAL) }
            let count = Int(min(length, UInt64(max(0, bytes.count - offset))))  // seeks stay within the bytes
            bytes.withUnsafeBytes { buffer in
                if count > 0, let base = buffer.baseAddress { data.copyMemory(from: base + offset, byteCount: count) }
            }
            offset += count
            return Int64(count)
        case ZIP_SOURCE_CLOSE:
            return 0
        case ZIP_SOURCE_STAT:
            guard let data, length >= UInt64(MemoryLayout<zip_stat_t>.size) else { return refuse(ZIP_ER_INVAL) }
            let stat = data.assumingMemoryBound(to: zip_stat_t.self)
            zip_stat_init(stat)
            stat.pointee.size = UInt64(bytes.count)
            stat.pointee.valid |= UInt64(ZIP_STAT_SIZE)
            return Int64(MemoryLayout<zip_stat_t>.size)
        case ZIP_SOURCE_ERROR:
            guard let data else { return refuse(ZIP_ER_INVAL) }
            return zip_error_to_data(&error, data, length)
        case ZIP_SOURCE_SEEK:
            guard let data else { return refuse(ZIP_ER_INVAL) }
            let target = zip_source_seek_compute_offset(UInt64(offset), UInt64(bytes.count), data, length, &error)
            guard target >= 0 else { return -1 }
            offset = Int(target)
            return 0
        case ZIP_SOURCE_TELL:
            return Int64(offset)
        case ZIP_SOURCE_SUPPORTS:
            return Self.supported
        default:
            return refuse(ZIP_ER_OPNOTSUPP)
        }
    }

    private func refuse(_ code: Int32) -> Int64 {
        zip_error_set(&error, code, 0)
        return -1
    }
}
