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
        var sawHeader = false
        var lineStart = position
        while index < buffer.count {
            if buffer[index] == 0x0A {
                var line = buffer[lineStart..<index]
                if line.last == 0x0D { line = line.dropLast() }
                lineStart = index + 1
                if line.isEmpty {
                    // As `next()` reads it: a blank line ends a header section only after a header.
                    if sawHeader { return buffer.count - lineStart >= length }
                } else if let header = MessageReader.header(String(decoding: line, as: UTF8.self)) {
                    if !sawHeader || header.resumed { length = 0 }
                    sawHeader = true
                    if header.name == "content-length" { length = Int(header.value) ?? 0 }
                } else {
                    sawHeader = false
                }
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

    /// A header line's name (lowercased) and value. For a line that is not a header (left-over
    /// body text), the `Content-Length` header it ends with, marked `resumed`; else nil.
    static func header(_ line: String) -> (name: String, value: String, resumed: Bool)? {
        var text = line
        var resumed = false
        if let colon = line.firstIndex(of: ":"), isHeaderName(line[..<colon]) {
        } else if let found = headerAtEnd(of: line) {
            text = found
            resumed = true
        } else {
            return nil
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let value = text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        return (text[..<colon].lowercased(), value.trimmingTrailingSpaces(), resumed)
    }

    /// The `Content-Length:` header a line of left-over body text ends with, if any (the
    /// last place the name is written, in any case).
    static func headerAtEnd(of line: String) -> String? {
        let bytes = Array(line.utf8)
        let name = Array("content-length:".utf8)
        guard bytes.count >= name.count else { return nil }
        for start in stride(from: bytes.count - name.count, through: 0, by: -1)
        where name.indices.allSatisfy({ bytes[start + $0] | 0x20 == name[$0] | 0x20 }) {
            return String(decoding: bytes[start...], as: UTF8.self)
        }
        return nil
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
    /// longer than the header limit is consumed and only its last bytes are returned (where
    /// left-over body text runs into the next header).
    private func readLine() -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            while position < buffer.count {
                let byte = buffer[position]
                position += 1
                if byte == 0x0A {
                    if line.last == 0x0D { line.removeLast() }
                    if line.count > MessageReader.headerLimit {
                        line.removeFirst(line.count - MessageReader.headerLimit)
                    }
                    return line
                }
                line.append(byte)
                if line.count >= 2 * MessageReader.headerLimit { line.removeFirst(MessageReader.headerLimit) }
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
    /// a message whose Content-Length was too short) are skipped, up to a `Content-Length`
    /// header written on at their end.
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
            guard let header = MessageReader.header(String(decoding: line, as: UTF8.self)) else {
                // Not a header: what is left of a message whose Content-Length was too short.
                // Skipped up to the next header section.
                length = nil
                problem = nil
                sawHeader = false
                continue
            }
            if header.resumed {
                // The left-over text ran into the next message's header (no line break between).
                length = nil
                problem = nil
            }
            sawHeader = true
            if header.name == "content-length" {
                if let number = Int(header.value), number >= 0 {
                    length = number
                } else {
                    problem = "Content-Length '\(header.value)' is not a number of bytes"
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
