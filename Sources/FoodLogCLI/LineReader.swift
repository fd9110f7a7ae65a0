import CEditLine
import Glibc

/// Where the REPL's lines come from: libedit on a terminal (editing, history, completion), or
/// plain standard input in pipes.
final class LineReader {
    private(set) var interactive: Bool
    let historyPath: String?
    private var pending: [UInt8] = []
    private var endOfInput = false

    init(interactive: Bool, historyPath: String?) {
        self.interactive = interactive
        self.historyPath = historyPath
        if interactive {
            if cedit_open("foodlog") == 0 {
                self.interactive = false  // no line editor: read plain lines
            } else if let historyPath {
                cedit_history_load(historyPath)
            }
        }
    }

    deinit {
        if interactive { cedit_close() }
    }

    /// The most a line of piped input may hold (1 MiB); a longer one is skipped whole and
    /// reported, so an endless stream without line ends cannot fill memory.
    static let lineLimit = 1 << 20

    /// True once, after a piped line longer than ``lineLimit`` was skipped.
    private(set) var skippedLongLine = false

    /// The next line (without its newline), or nil at end of input (Ctrl-D).
    /// `interrupted` is true when Ctrl-C abandoned the line being typed.
    func readLine(prompt: String, initial: String? = nil) -> (line: String?, interrupted: Bool) {
        skippedLongLine = false
        guard interactive else { return (readPlainLine(), false) }
        var interrupted: Int32 = 0
        guard let raw = cedit_gets(prompt, initial, &interrupted) else { return (nil, interrupted != 0) }
        var line = String(cString: raw)
        while line.last == "\n" || line.last == "\r" { line.removeLast() }
        return (line, false)
    }

    /// Remembers a line in the history (and the history file).
    func remember(_ line: String) {
        guard interactive, !line.allSatisfy({ $0 == " " }) else { return }
        cedit_history_add(line)
        if let historyPath { cedit_history_save(historyPath) }
    }

    /// What Tab completes: given the line up to the cursor, the candidates and how many bytes
    /// before the cursor they replace. libedit calls it through ``answerTab``.
    func setCompleter(_ completer: @escaping (String) -> (replace: Int, candidates: [String])) {
        guard interactive else { return }
        LineReader.completer = completer
        cedit_set_completer(LineReader.answerTab)
    }

    /// The REPL's completer (one line editor per process, as libedit's state is).
    nonisolated(unsafe) static var completer: ((String) -> (replace: Int, candidates: [String]))?

    /// Tab's answer as libedit takes it: candidates one a line in malloc'ed memory.
    static let answerTab: cedit_completer_fn = { prefix, replace in
        guard let prefix, let completer = LineReader.completer else { return nil }
        let answer = completer(String(cString: prefix))
        guard !answer.candidates.isEmpty else { return nil }
        replace?.pointee = Int32(answer.replace)
        return strdup(answer.candidates.joined(separator: "\n"))
    }

    /// Reads one line from standard input without libedit.
    private func readPlainLine() -> String? {
        var skipping = false
        while true {
            if skipping {
                // Drop the overlong line up to its end, then hand back an empty line.
                if let newline = pending.firstIndex(of: 0x0A) {
                    pending.removeSubrange(...newline)
                    skippedLongLine = true
                    return ""
                }
                pending.removeAll(keepingCapacity: true)
                if endOfInput {
                    skippedLongLine = true
                    return ""
                }
            } else if pending.count > LineReader.lineLimit, !pending.contains(0x0A) {
                skipping = true
                continue
            }
            if !skipping, let newline = pending.firstIndex(of: 0x0A) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if endOfInput, !skipping {
                guard !pending.isEmpty else { return nil }
                defer { pending.removeAll() }
                return String(decoding: pending, as: UTF8.self)
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(0, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { endOfInput = true } else { pending.append(contentsOf: buffer[0..<count]) }
        }
    }
}
