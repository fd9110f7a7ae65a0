import FoodLogCore
import Glibc

/// The user's text editor (`$VISUAL`, else `$EDITOR`, else `vi`) on a temporary file, as
/// `git commit` and `crontab -e` use it: the command is run by `/bin/sh`, so it may carry its
/// own arguments (`EDITOR="code --wait"`).
enum ExternalEditor {
    /// Why editing did not happen; `message` is for the user.
    struct Failure: Error {
        var message: String
    }

    /// The editor command the environment names.
    static func command(_ environment: Environment) -> String {
        environment["VISUAL"] ?? environment["EDITOR"] ?? "vi"
    }

    /// Writes `text` to a new temporary `.meal` file, opens it in the editor, and returns what
    /// was saved (the file is removed afterwards).
    static func edit(_ text: String, environment: Environment) throws(Failure) -> [UInt8] {
        let folder = environment["TMPDIR"] ?? "/tmp"
        var template = Array((folder + "/foodlog-edit-XXXXXX.meal").utf8CString)
        let descriptor = mkstemps(&template, 5)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot create a file to edit in \(folder): \(String(cString: strerror(errno)))")
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                throw Failure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            written += count
        }
        close(descriptor)
        let editor = command(environment)
        let status = system(editor + " " + shellQuoted(path))
        guard status != -1, status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw Failure(message: "the editor '\(editor)' failed (status \(status == -1 ? -1 : (status >> 8) & 0xFF))")
        }
        do throws(Files.ReadError) { return try Files.read(path) } catch {
            throw Failure(message: error.message)
        }
    }

    /// `'text'` for `/bin/sh`, with each `'` written as `'\''`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
