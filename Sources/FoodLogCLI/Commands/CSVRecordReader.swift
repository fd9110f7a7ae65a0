import FoodLogCore
import Glibc

/// Reads a CSV file (or standard input) one record at a time, so an import holds one row,
/// not the file.
///
/// RFC 4180 records: fields separated by `,`, a field in `"…"` may hold commas, line breaks
/// and `""` for a quote. Records end at LF, CR LF or a lone CR. A UTF-8 byte order mark at the
/// start is skipped. Limits: a record may hold at most ``rowLimit`` bytes (1 MiB) and the whole
/// input at most ``Files/inputLimit`` (256 MiB); past either, or on text that is not UTF-8,
/// reading stops with an error naming the line.
struct CSVRecordReader {
    /// A record's fields and the line it starts on (1-based).
    struct Record {
        var line: Int
        var fields: [String]
    }

    /// Why reading stopped: `isInput` for a problem of the file's contents (exit 65), else
    /// the file could not be read (exit 74).
    struct ReadError: Error {
        var line: Int?
        var message: String
        var isInput: Bool
    }

    /// The most one record may hold (1 MiB).
    static let rowLimit = 1 << 20

    let path: String
    private let descriptor: Int32
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var chunkCount = 0
    private var position = 0
    private var total = 0
    private var atEnd = false
    private var line = 1
    private var started = false

    /// Opens `path` (`-` for standard input).
    init(path: String) throws(ReadError) {
        self.path = path
        descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            throw ReadError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))", isInput: false)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close()
            throw ReadError(message: "cannot read '\(path)': it is a directory", isInput: false)
        }
    }

    /// Closes the file (standard input stays open).
    func close() {
        if descriptor > 0 { _ = Glibc.close(descriptor) }
    }

    /// The next byte, or nil at the end of the input.
    private mutating func nextByte() throws(ReadError) -> UInt8? {
        if position == chunkCount {
            guard !atEnd else { return nil }
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ReadError(
                        message: "cannot read '\(path)': \(String(cString: strerror(errno)))", isInput: false)
                }
                if count == 0 {
                    atEnd = true
                    return nil
                }
                total += count
                if total > Files.inputLimit {
                    throw ReadError(
                        message:
                            "cannot read '\(path)': it is larger than \(Files.inputLimit >> 20) MiB, the most FoodLog reads",
                        isInput: false)
                }
                chunkCount = count
                position = 0
                break
            }
        }
        defer { position += 1 }
        return chunk[position]
    }

    /// The byte after the current one, without taking it (nil at the end).
    private mutating func peekByte() throws(ReadError) -> UInt8? {
        guard let byte = try nextByte() else { return nil }
        position -= 1
        return byte
    }

    /// The next record, or nil after the last one. Blank lines are records of one empty field.
    mutating func next() throws(ReadError) -> Record? {
        if !started {
            started = true
            if try peekByte() == 0xEF {
                let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                var matched = 0
                while matched < 3, try peekByte() == mark[matched] {
                    _ = try nextByte()
                    matched += 1
                }
                if matched != 3 { throw notUTF8(line: 1) }
            }
        }
        let recordLine = line
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var size = 0
        var inQuotes = false
        var sawAnything = false
        while let byte = try nextByte() {
            sawAnything = true
            size += 1
            if size > CSVRecordReader.rowLimit {
                throw ReadError(
                    line: recordLine,
                    message:
                        "a row longer than \(CSVRecordReader.rowLimit >> 20) MiB, the most an import reads in one row",
                    isInput: true)
            }
            if inQuotes {
                if byte == 0x22 {
                    if try peekByte() == 0x22 {
                        _ = try nextByte()
                        field.append(0x22)
                    } else {
                        inQuotes = false
                    }
                    continue
                }
                if byte == 0x0A {
                    line += 1
                } else if byte == 0x0D, try peekByte() != 0x0A {
                    line += 1
                }
                field.append(byte)
                continue
            }
            switch byte {
            case 0x22: inQuotes = true
            case 0x2C:
                fields.append(field)
                field = []
            case 0x0A, 0x0D:
                if byte == 0x0D, try peekByte() == 0x0A { _ = try nextByte() }
                line += 1
                fields.append(field)
                return try record(recordLine, fields)
            default: field.append(byte)
            }
        }
        if inQuotes { throw ReadError(line: recordLine, message: "a quoted field is never closed", isInput: true) }
        guard sawAnything else { return nil }
        fields.append(field)
        return try record(recordLine, fields)
    }

    private func record(_ line: Int, _ fields: [[UInt8]]) throws(ReadError) -> Record {
        var texts: [String] = []
        texts.reserveCapacity(fields.count)
        for field in fields {
            guard let text = String(validating: field, as: UTF8.self) else { throw notUTF8(line: line) }
            texts.append(text)
        }
        return Record(line: line, fields: texts)
    }

    private func notUTF8(line: Int) -> ReadError {
        ReadError(
            line: line,
            message: "the file is not UTF-8 text (it looks like Latin-1 or Windows-1252); nothing was imported. "
                + "Save it as UTF-8 (e.g. iconv -f latin1 -t utf-8 FILE > FILE.utf8) and import that", isInput: true)
    }
}
