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
            // Away from the buffer's end: four plain loads, then the bytes past the text cleared.
            let base = UnsafeRawPointer(bytes.baseAddress! + range.start)
            words = (TextCache.word(base, 0, length), TextCache.word(base, 1, length),
                     TextCache.word(base, 2, length), TextCache.word(base, 3, length))
        } else {
            let start = range.start
            words = (PackedBytes.load(bytes, start, min(length, 8)),
                     length > 8 ? PackedBytes.load(bytes, start + 8, min(length - 8, 8)) : 0,
                     length > 16 ? PackedBytes.load(bytes, start + 16, min(length - 16, 8)) : 0,
                     length > 24 ? PackedBytes.load(bytes, start + 24, length - 24) : 0)
        }
        var mixed = words.0 &* 0x9E37_79B9_7F4A_7C15
        mixed ^= words.1 &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= words.2 &* 0x1656_67B1_9E37_79F9
        mixed ^= words.3 &* 0x27D4_EB2F_1656_67C5
        mixed = (mixed ^ UInt64(truncatingIfNeeded: length)) &* 0xFF51_AFD7_ED55_8CCD
        let entry = entries + (Int(truncatingIfNeeded: mixed &>> 48) & mask)
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

    /// Word `index` (eight bytes) of a text of `length` bytes at `base`, zero past the text;
    /// `base` must have 32 readable bytes.
    @inline(__always)
    private static func word(_ base: UnsafeRawPointer, _ index: Int, _ length: Int) -> UInt64 {
        let available = length &- index &* 8
        if available <= 0 { return 0 }
        let value = base.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self)
        return available >= 8 ? value : value & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- available &* 8))
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range.start..<range.end]), as: UTF8.self)
    }
}
