/// Texts a parser has made, found again by their bytes. A script repeats its words all the
/// time ("rice", "1 cup", "breakfast"); handing back the String made the last time skips
/// validating and copying the bytes again (and, past 15 bytes, an allocation and a free).
///
/// Direct-mapped: each text of up to 32 bytes has one slot, chosen by a hash of its bytes; a
/// new text takes the slot over. The answer is always exactly `String(decoding:as:)` of the
/// bytes, so the cache changes only how fast a text is made. One parser, one thread, one cache.
final class TextCache {
    /// 64 bytes: one cache line, so a probe touches one line.
    private struct Entry {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var length = -1
        var text = ""
        var padding = 0
    }

    /// Longer texts are made directly (they rarely repeat).
    static let maximumLength = 32

    private let entries: UnsafeMutablePointer<Entry>
    private let mask: Int

    /// A cache sized for a source of `sourceSize` bytes: from 16 slots for a REPL line to 512
    /// (32 KiB, so the whole cache stays in a core's first-level cache).
    init(sourceSize: Int) {
        var capacity = 16
        while capacity < 512, capacity * 64 < sourceSize { capacity *= 2 }
        entries = UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<Entry>.stride, alignment: 64)
            .bindMemory(to: Entry.self, capacity: capacity)
        entries.initialize(repeating: Entry(), count: capacity)
        mask = capacity - 1
    }

    deinit {
        entries.deinitialize(count: mask + 1)
        entries.deallocate()
    }

    /// The text of `bytes[range]`, decoded as UTF-8 (invalid bytes repaired, as everywhere).
    func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> String {
        let length = range.length
        guard length <= TextCache.maximumLength else { return TextCache.decode(bytes, range) }
        let words: (UInt64, UInt64, UInt64, UInt64)
        if range.start &+ 32 <= bytes.count {
            // Away from the buffer's end: four plain loads, one bounds test for all of them.
            let base = UnsafeRawPointer(bytes.baseAddress! + range.start)
            words = (PackedBytes.load(base, keeping: length), PackedBytes.load(base + 8, keeping: length &- 8),
                     PackedBytes.load(base + 16, keeping: length &- 16), PackedBytes.load(base + 24, keeping: length &- 24))
        } else {
            words = (PackedBytes.word(bytes, range, 0), PackedBytes.word(bytes, range, 1),
                     PackedBytes.word(bytes, range, 2), PackedBytes.word(bytes, range, 3))
        }
        let entry = entries + PackedBytes.slot(words.0, words.1, words.2, words.3, length: length, mask: mask)
        if entry.pointee.length == length, entry.pointee.words.0 == words.0, entry.pointee.words.1 == words.1,
           entry.pointee.words.2 == words.2, entry.pointee.words.3 == words.3 {
            return entry.pointee.text
        }
        let text = TextCache.decode(bytes, range)
        entry.pointee.words = words
        entry.pointee.length = length
        entry.pointee.text = text
        return text
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range.start..<range.end]), as: UTF8.self)
    }
}
