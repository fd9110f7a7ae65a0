/// The text of a Lua script file. Lua itself takes any bytes, but a script must be UTF-8:
/// turning bad bytes into replacement characters would silently change what it says.
public enum LuaSourceText {
    /// The bytes as a String, or a syntax error naming the line of the first byte that is not UTF-8.
    public static func decode(_ bytes: some Collection<UInt8>, name: String) -> Result<String, LuaScriptError> {
        let bytes = Array(bytes)
        guard let bad = firstInvalidOffset(bytes) else { return .success(String(decoding: bytes, as: UTF8.self)) }
        let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return .failure(
            LuaScriptError(
                kind: .syntax, script: name, line: line,
                message: "\(name):\(line): not valid UTF-8 (byte \(bad + 1) of the file)"))
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence (no
    /// overlong forms, no surrogates, nothing above U+10FFFF), or nil.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF  // the range of the second byte
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return index }
            for next in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[next]) { return index }
            index += length
        }
        return nil
    }
}
