import Glibc
import MealSyntax

/// Reads whole files (or standard input) as bytes, with errors a user can act on.
enum FileReader {
    struct ReadError: Error {
        var message: String
    }

    /// A script read from `path` (or standard input for `-`), named by its path.
    static func source(_ path: String) -> Result<SourceFile, ReadError> {
        do {
            return .success(SourceFile(name: path, bytes: try read(path)))
        } catch {
            return .failure(error)
        }
    }

    /// The bytes of `path`, or of standard input when `path` is `-`.
    static func read(_ path: String) throws(ReadError) -> [UInt8] {
        let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 { throw ReadError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))") }
        defer { if descriptor != 0 { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw ReadError(message: "cannot read '\(path)': it is a directory")
        }
        var bytes: [UInt8] = []
        let chunk = 1 << 20
        var length = 0
        // A regular file is read into a buffer of its size (plus room to notice growth).
        let expected = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        if expected > 0 { bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { _, count in count = expected + 1 } }
        while true {
            if bytes.count - length == 0 { bytes.append(contentsOf: repeatElement(0, count: chunk)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + length, buffer.count - length)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            length += count
        }
        bytes.removeLast(bytes.count - length)
        return bytes
    }
}
