import Glibc

extension Parser {
    /// Parses a script only for its diagnostics (`foodlog parse`). A large script is cut into
    /// parts at lines where no statement continues, and two threads take the parts in turn
    /// (whichever is free takes the next, so a late or slow thread does less); the diagnostics
    /// are merged by position, so the result is exactly the one-thread result.
    public static func diagnose(_ source: SourceFile) -> Script {
        let bytes = source.bytes
        guard bytes.count >= Parser.parallelThreshold, Threads.twoCores else {
            return parse(source) { _ in }
        }
        var cuts = [0]
        for part in 1..<Parser.parallelParts {
            guard let cut = statementBoundary(near: max(cuts.last! + 1, bytes.count * part / Parser.parallelParts), in: bytes),
                  cut < bytes.count else { break }
            cuts.append(cut)
        }
        guard cuts.count > 1 else { return parse(source) { _ in } }
        cuts.append(bytes.count)
        let parts = cuts.count - 1
        let results = UnsafeMutableBufferPointer<Script>.allocate(capacity: parts)
        defer { results.deallocate() }
        let next = PartCounter()
        return bytes.withUnsafeBufferPointer { buffer in
            // Each worker claims part numbers until none are left; each part is written once.
            // A worker keeps one text cache for all its parts.
            let work = {
                let texts = TextCache(sourceSize: bytes.count)
                while let part = next.claim(below: parts) {
                    let upTo = UnsafeBufferPointer(rebasing: buffer[0..<cuts[part + 1]])
                    (results.baseAddress! + part).initialize(to: diagnostics(upTo, start: cuts[part], texts: texts))
                }
            }
            let helper = Threads.start(work)
            work()
            if let helper { Threads.join(helper) }
            defer { _ = results.deinitialize() }
            return script(diagnostics: results.flatMap(\.diagnostics), dropped: results.reduce(0) { $0 + $1.droppedDiagnostics })
        }
    }

    /// Scripts smaller than this are parsed on one thread (a thread costs more than it saves).
    static let parallelThreshold = 256 << 10
    /// How many parts a large script is cut into. Small parts balance two threads better: a
    /// thread the system starts late or pauses holds up at most one part.
    static let parallelParts = 16

    private static func diagnostics(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, texts: TextCache) -> Script {
        var parser = Parser(bytes: bytes, start: start, texts: texts)
        parser.parseScript { _ in }
        return parser.finish()
    }

    /// The start of a line at or after `offset` where one-thread parsing would also be between
    /// statements: the line is a bare date (`2026-11-29`) and the line before it can neither
    /// continue (`,` `+` `=` `and` at its end) nor hide anything (no quote, comment or
    /// non-ASCII byte). Nil when there is no such line.
    static func statementBoundary(near offset: Int, in bytes: [UInt8]) -> Int? {
        var index = offset
        while let newline = bytes[index...].firstIndex(of: 0x0A) {
            let lineStart = newline + 1
            index = lineStart
            guard lineStart + 10 <= bytes.count, isDateLine(bytes, at: lineStart) else { continue }
            var previousStart = newline
            while previousStart > 0, bytes[previousStart - 1] != 0x0A { previousStart -= 1 }
            if lineCannotContinue(bytes[previousStart..<newline]) { return lineStart }
        }
        return nil
    }

    private static func isDateLine(_ bytes: [UInt8], at start: Int) -> Bool {
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digits.allSatisfy({ bytes[start + $0] >= 0x30 && bytes[start + $0] <= 0x39 }),
              bytes[start + 4] == 0x2D, bytes[start + 7] == 0x2D else { return false }
        return start + 10 == bytes.count || bytes[start + 10] == 0x0A
    }

    private static func lineCannotContinue(_ line: ArraySlice<UInt8>) -> Bool {
        guard !line.contains(where: { $0 == 0x22 || $0 == 0x23 || $0 >= 0x80 || $0 == 0x00 }) else { return false }
        let trimmed = line.reversed().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let last = trimmed.first else { return true }
        if last == 0x2C || last == 0x2B || last == 0x3D { return false }
        let word = trimmed.prefix { Lexer.isWordContinue($0) }.reversed().map { $0 | 0x20 }
        return word != Array("and".utf8)
    }
}

extension Parser {
    /// Like ``parse(_:eachStatement:)``, but a script of 64 KiB or more is parsed on a second
    /// thread a few hundred statements ahead of `body`, which runs on the calling thread in
    /// statement order. Same statements, same diagnostics; the parse overlaps the caller's work.
    public static func parseAhead(_ source: SourceFile, eachStatement body: (Statement) -> Void) -> Script {
        guard source.bytes.count >= 64 << 10, Threads.twoCores else {
            return parse(source, eachStatement: body)
        }
        let queue = HandOff<[Statement]>(limit: 64)
        let result = ResultSlot<Script>()
        guard let thread = Threads.start({
            var batch: [Statement] = []
            batch.reserveCapacity(256)
            let script = parse(source) { statement in
                batch.append(statement)
                if batch.count == 256 {
                    queue.put(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { queue.put(batch) }
            result.value = script
            queue.close()
        }) else {
            return parse(source, eachStatement: body)
        }
        while let batches = queue.takeAll() {
            for batch in batches {
                for statement in batch { body(statement) }
            }
        }
        Threads.join(thread)
        return result.value ?? parse(source) { _ in }
    }
}
