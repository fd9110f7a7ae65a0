import FoodLogCore
import Glibc

/// What the client sent next, as the base protocol frames it (`Content-Length: N`, a blank
/// line, then N bytes of JSON).
enum Incoming: Equatable {
    /// The body of one message.
    case message([UInt8])
    /// A message longer than ``MessageReader/bodyLimit``: its bytes were read and dropped.
    case tooLarge(Int)
    /// Headers that cannot be used (no or a bad Content-Length): reading went on after them.
    case badHeader(String)
    /// The client closed its end.
    case end
}

/// Reads framed messages from a file descriptor with bounded memory: at most
/// ``bodyLimit`` bytes of one body and ``headerLimit`` bytes of headers are ever held, so a
/// huge or endless message cannot exhaust memory.
final class MessageReader {
    /// The largest message body kept (64 MiB, far more than the largest diary file, but bounded).
    static let bodyLimit = 64 << 20
    /// The longest header section accepted.
    static let headerLimit = 8 << 10
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var closed = false

    init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    /// True when bytes are waiting (buffered or on the descriptor) or the client has closed:
    /// a next message can be read without waiting.
    var hasPendingInput: Bool {
        if position < buffer.count || closed { return true }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// True when a whole message (headers and body) is already buffered, reading what the
    /// descriptor has without waiting: the next ``next()`` returns without blocking.
    var hasCompleteMessage: Bool {
        if closed { return true }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, 0) > 0 { _ = fill() }
        var index = position
        var length = 0
        var lineStart = position
        while index < buffer.count {
            if buffer[index] == 0x0A {
                var line = buffer[lineStart..<index]
                if line.last == 0x0D { line = line.dropLast() }
                if line.isEmpty {
                    return buffer.count - (index + 1) >= length
                }
                let text = String(decoding: line, as: UTF8.self).lowercased()
                if text.hasPrefix("content-length:") {
                    length = Int(text.dropFirst("content-length:".count).trimmingCharacters(in: " \t")) ?? 0
                }
                lineStart = index + 1
            }
            index += 1
        }
        return false
    }

    /// True for a header name: letters, digits and `-` (what `Content-Length` and
    /// `Content-Type` are made of).
    static func isHeaderName(_ name: Substring) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy {
                $0 == 0x2D || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            }
    }

    /// Reads more bytes into the buffer; false at the end of input.
    private func fill() -> Bool {
        if closed { return false }
        if position > 0, position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        } else if position > 1 << 16 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                closed = true
                return false
            }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }

    /// The next line of the header section (without CR LF), or nil at the end of input. A line
    /// longer than the header limit is consumed and returned cut short.
    private func readLine() -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            while position < buffer.count {
                let byte = buffer[position]
                position += 1
                if byte == 0x0A {
                    if line.last == 0x0D { line.removeLast() }
                    return line
                }
                if line.count < MessageReader.headerLimit { line.append(byte) }
            }
            guard fill() else { return line.isEmpty ? nil : line }
        }
    }

    /// Reads `count` bytes, keeping them only when `keep` (a dropped body is read in chunks).
    private func readBody(_ count: Int, keep: Bool) -> [UInt8]? {
        var body: [UInt8] = []
        if keep { body.reserveCapacity(count) }
        var remaining = count
        while remaining > 0 {
            if position == buffer.count, !fill() { return nil }
            let take = min(remaining, buffer.count - position)
            if keep { body.append(contentsOf: buffer[position..<position + take]) }
            position += take
            remaining -= take
        }
        return body
    }

    /// The next message. Lines before a header section that are not headers (what is left of
    /// a message whose Content-Length was too short) are skipped.
    func next() -> Incoming {
        var length: Int?
        var problem: String?
        var sawHeader = false
        while true {
            guard let line = readLine() else { return .end }
            if line.isEmpty {
                guard sawHeader else { continue }
                break
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":"), MessageReader.isHeaderName(text[..<colon]) else {
                // Not a header: what is left of a message whose Content-Length was too short.
                // Skipped up to the next header section.
                length = nil
                problem = nil
                sawHeader = false
                continue
            }
            sawHeader = true
            let name = text[..<colon].lowercased()
            let value = text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            if name == "content-length" {
                if let number = Int(value.trimmingTrailingSpaces()), number >= 0 {
                    length = number
                } else {
                    problem = "Content-Length '\(value)' is not a number of bytes"
                }
            }
        }
        if let problem, length == nil { return .badHeader(problem) }
        guard let length else { return .badHeader("no Content-Length header") }
        if length > MessageReader.bodyLimit {
            return readBody(length, keep: false) == nil ? .end : .tooLarge(length)
        }
        guard let body = readBody(length, keep: true) else { return .end }
        return .message(body)
    }
}

/// Writes framed messages to a file descriptor.
final class MessageWriter {
    let descriptor: Int32
    /// False once a write failed (the client went away): nothing more is sent.
    private(set) var isOpen = true

    init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
    }

    /// Sends one message; false when the client is gone.
    @discardableResult
    func send(_ message: JSON) -> Bool {
        guard isOpen else { return false }
        let body = Array(message.render(indent: nil).utf8)
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        var written = 0
        while written < frame.count {
            let rest = Array(frame[written...])
            let count = write(descriptor, rest, rest.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                isOpen = false
                return false
            }
            written += count
        }
        return true
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
