import Testing
@testable import MealSyntax

/// The word-at-a-time helpers under the parser's hot paths must agree, byte for byte, with the
/// plain definitions they replace.
struct ByteLevelTests {
    @Test func lowercasingEightBytesAtOnceLowersExactlyAsciiCapitals() {
        // Every byte value in every position, next to neighbours that could carry into it.
        for value in 0...255 {
            for position in 0..<8 {
                for neighbour: UInt8 in [0x00, 0x40, 0x41, 0x5A, 0x5B, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = [UInt8](repeating: neighbour, count: 8)
                    bytes[position] = UInt8(value)
                    let packed = bytes.withUnsafeBufferPointer { PackedBytes.load($0, 0, 8) }
                    let lowered = PackedBytes.lowercased(packed)
                    for index in 0..<8 {
                        let byte = bytes[index]
                        let expected = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                        #expect(UInt8(truncatingIfNeeded: lowered >> UInt64(index * 8)) == expected)
                    }
                }
            }
        }
    }

    @Test func packedLoadsStopAtTheCountAndAtTheBufferEnd() {
        let bytes: [UInt8] = Array(1...20)
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0..<20 {
                for count in 0...min(8, 20 - start) {
                    var expected: UInt64 = 0
                    for index in 0..<count { expected |= UInt64(bytes[start + index]) << UInt64(index * 8) }
                    #expect(PackedBytes.load(buffer, start, count) == expected)
                }
            }
        }
    }

    @Test func wordTablesMatchWholeWordsInAnyCaseAndNothingElse() {
        let table = ByteWordTable([("cup", 1), ("tablespoon", 2), ("sautéed", 3), ("abcdefghijklmnopqrstuvwx", 4),
                                   ("cup", 9)])
        func lookup(_ word: String) -> Int? {
            let bytes = Array(word.utf8)
            return bytes.withUnsafeBufferPointer { table.lookup($0, SourceRange(0, $0.count)) }
        }
        #expect(lookup("cup") == 1)  // the first of two entries wins
        #expect(lookup("CUP") == 1)
        #expect(lookup("TableSpoon") == 2)
        #expect(lookup("sautéed") == 3)
        #expect(lookup("SAUTéED") == 3)
        #expect(lookup("ABCDEFGHIJKLMNOPQRSTUVWX") == 4)
        for miss in ["cu", "cups", "cup ", "tablespoo", "sauteed", "sautÉed", "abcdefghijklmnopqrstuvwxy", "", "c\0p"] {
            #expect(lookup(miss) == nil, "\(miss)")
        }
        // A word at the very end of a buffer (no bytes after it to over-read).
        let tail = Array("xx cup".utf8)
        #expect(tail.withUnsafeBufferPointer { table.lookup($0, SourceRange(3, 6)) } == 1)
    }

    @Test func theTextCacheAlwaysAnswersWhatDecodingWould() {
        // A small cache (16 slots) so texts collide and replace each other constantly.
        var generator = RobustnessTests.SeededGenerator(state: 7)
        let alphabet: [UInt8] = Array("aab ,1\u{0}".utf8) + [0xC3, 0xA9, 0xFF, 0x80]
        let bytes = (0..<4_000).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        let cache = TextCache(sourceSize: 0)
        bytes.withUnsafeBufferPointer { buffer in
            for _ in 0..<20_000 {
                let start = Int(generator.next() % UInt64(bytes.count))
                let length = Int(generator.next() % 40)
                let range = SourceRange(start, min(bytes.count, start + length))
                let expected = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
                #expect(cache.text(buffer, range) == expected)
            }
            // The last bytes of the buffer, where the cache cannot read eight bytes at a time.
            for start in (bytes.count - 33)..<bytes.count {
                let range = SourceRange(start, bytes.count)
                #expect(cache.text(buffer, range) == String(decoding: bytes[start...], as: UTF8.self))
            }
        }
    }

    @Test func itemsBuiltInPlaceEqualItemsBuiltWhole() {
        // ItemBuffer.append initializes each stored property of Item through its offset; a new
        // property would be left uninitialized there, so this count must be updated with it.
        #expect(Mirror(reflecting: Item(written: Written("", SourceRange(0, 0)), quantity: nil, unit: nil,
                                         name: FoodName(text: "", quoted: false, range: SourceRange(0, 0)),
                                         note: nil)).children.count == 6,
                "Item gained a stored property: initialize it in ItemBuffer.append")
        let range = SourceRange(0, 20)
        let quantity = Quantity(value: 150, written: Written("150", SourceRange(0, 3)))
        let unit = UnitWord(canonical: "g", kind: .mass, written: Written("g", SourceRange(4, 5)))
        let name = FoodName(text: "chicken breast, a long name past fifteen bytes", quoted: false, range: SourceRange(6, 20))
        let note = Written("grilled", SourceRange(22, 29))
        let whole = Item(written: Written("150 g chicken breast", range), quantity: quantity, unit: unit, name: name,
                         note: note)
        let buffer = ItemBuffer()
        for _ in 0..<20 {  // past the first capacity, so growing moves items too
            buffer.append(written: Written("150 g chicken breast", range), quantity: quantity, unit: unit, name: name,
                          note: note)
        }
        buffer.last.pointee.joinedByAnd = true
        let items = buffer.take()
        #expect(items.count == 20 && buffer.count == 0)
        #expect(items.dropLast().allSatisfy { $0 == whole })
        var joined = whole
        joined.joinedByAnd = true
        #expect(items.last == joined)
    }
}
