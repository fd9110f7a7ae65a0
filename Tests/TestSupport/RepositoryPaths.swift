import Glibc

/// Locates the repository from this file's path, so tests need no working directory.
/// Shared by the test targets (file reading without Foundation).
public enum RepositoryPaths {
    public static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/TestSupport/RepositoryPaths.swift
        return parts.joined(separator: "/")
    }()

    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    public static func read(_ path: String) throws -> String {
        let path = path.hasPrefix("/") ? path : root + "/" + path
        guard let file = fopen(path, "rb") else { throw FileError(path: path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func write(_ path: String, _ text: String) throws {
        guard let file = fopen(path, "wb") else { throw FileError(path: path) }
        defer { fclose(file) }
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    }

    /// Files below `directory` (relative to the root) whose names end in `suffix`, sorted.
    public static func files(under directory: String, suffix: String) -> [String] {
        var result: [String] = []
        func walk(_ path: String) {
            guard let handle = opendir(path) else { return }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name == "." || name == ".." { continue }
                let full = path + "/" + name
                if entry.pointee.d_type == UInt8(DT_DIR) {
                    walk(full)
                } else if name.hasSuffix(suffix) {
                    result.append(full)
                }
            }
        }
        walk(root + "/" + directory)
        return result.sorted()
    }

    public struct FileError: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "cannot open \(path)" }
    }
}
