import Glibc

/// Where an export goes, 64 KiB at a time, so exporting a large diary holds one buffer rather
/// than the whole text: standard output, or a file written under a temporary name and renamed
/// into place only when complete (a failed export leaves no half-written file).
final class ExportSink {
    private let console: Console
    private let path: String?
    private let temporary: String?
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    /// The first write error (the rest of the export is dropped after it).
    private(set) var failure: String?
    static let chunkSize = 1 << 16

    /// Writes to `path`, or standard output when it is nil or `-`.
    init(path: String?, console: Console) {
        self.console = console
        self.path = path == "-" ? nil : path
        buffer.reserveCapacity(ExportSink.chunkSize + 4096)
        guard let path = self.path else {
            temporary = nil
            return
        }
        let temporary = path + ".tmp-\(getpid())"
        self.temporary = temporary
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 { failure = "cannot write \(path): \(String(cString: strerror(errno)))" }
    }

    /// Adds text, sending it on when a chunk is full.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= ExportSink.chunkSize { flush() }
    }

    private func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        guard path != nil else {
            console.out(String(decoding: buffer, as: UTF8.self))
            return
        }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                failure = "cannot write \(path!): \(String(cString: strerror(errno)))"
                return
            }
            offset += written
        }
    }

    /// Sends what is left and, for a file, puts it in place; returns the error, if any.
    func finish() -> String? {
        flush()
        guard let path, let temporary else { return failure }
        if descriptor >= 0, close(descriptor) != 0, failure == nil {
            failure = "cannot write \(path): \(String(cString: strerror(errno)))"
        }
        descriptor = -1
        if failure == nil, rename(temporary, path) != 0 {
            failure = "cannot write \(path): \(String(cString: strerror(errno)))"
        }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// Drops a file export that did not finish (nothing is left behind).
    func abandon() {
        buffer.removeAll()
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { unlink(temporary) }
    }
}
