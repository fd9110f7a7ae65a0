import Glibc

/// Reading whole files (or standard input) and listing folders, with errors a user can act on.
public enum Files {
    /// Why a file could not be read; `message` names the path.
    public struct ReadError: Error, Sendable {
        public var message: String
    }

    /// The most a script, a Lua file or standard input may hold (256 MiB): more is refused
    /// with an error instead of filling memory (`/dev/zero`, an endless pipe).
    public static let inputLimit = 256 << 20

    /// The bytes of `path`, or of standard input when `path` is `-`; at most `limit` bytes.
    public static func read(_ path: String, limit: Int = inputLimit) throws(ReadError) -> [UInt8] {
        let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 { throw ReadError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))") }
        defer { if descriptor != 0 { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw ReadError(message: "cannot read '\(path)': it is a directory")
        }
        var bytes: [UInt8] = []
        // A file says its size: room for all of it at once, not a copy each time the array grows.
        if status.st_size > 0 { bytes.reserveCapacity(min(Int(status.st_size), limit)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw ReadError(
                    message: "cannot read '\(path)': it is larger than \(limit >> 20) MiB, the most FoodLog reads")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// A folder's entry names, sorted, without `.` and `..`; empty when it cannot be read.
    public static func names(inFolder path: String) -> [String] {
        guard let handle = opendir(path) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// What changes when a file is written: its inode, size and modification time; empty
    /// when there is no such file. Equal stamps mean the file was (almost surely) not changed.
    public static func stamp(_ path: String) -> [Int] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [] }
        return [
            Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec),
        ]
    }
}
