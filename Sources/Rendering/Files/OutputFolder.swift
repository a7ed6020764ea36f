import Glibc

/// Makes the folder an output goes into, and those above it, with errors
/// in the words every other file error uses.
enum OutputFolder {
    /// Makes `path` and the folders above it that are missing.
    /// - Throws: ``Failure`` naming the part of the path that is a file, or
    ///   the system's reason a folder could not be made there.
    static func create(_ path: String) throws(Failure) {
        var made = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + part
            if mkdir(made, 0o755) == 0 { continue }
            let code = errno
            var status = stat()
            guard code == EEXIST, stat(made, &status) == 0 else {
                throw Failure(made, "cannot create the folder: \(systemMessage(code))")
            }
            guard status.st_mode & S_IFMT == S_IFDIR else { throw Failure(made, "is a file, not a folder") }
        }
    }
}
