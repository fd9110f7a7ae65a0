import Foundation
import Glibc

/// How a child process ended: its exit status, or the signal that killed it.
struct Termination: Equatable, CustomStringConvertible {
    /// The exit status, or the signal's number when `bySignal`.
    var status: Int32
    var bySignal: Bool

    var description: String { bySignal ? "killed by signal \(status)" : "exit \(status)" }
}

/// A child that did not end before its deadline. It has been killed; the message says what it
/// was doing (gdb's backtraces, when gdb is installed) so the hang can be mended.
struct ChildTimedOut: Error, CustomStringConvertible {
    var command: String
    var seconds: Double
    var state: String

    var description: String { "\(command) was still running after \(Int(seconds)) s and was killed\n\(state)" }
}

/// A program the tests start with `posix_spawn` and wait for with `waitpid` and a deadline.
///
/// Foundation's `Process` waited forever in CI (three children at once, the whole suite stalled
/// until the 90-minute limit), and its pipes invite the read-stdout-then-stderr deadlock. Here a
/// child that hangs fails its own test with a backtrace instead, and `run` collects output in
/// files, so no amount of output can block the child.
final class ChildProcess {
    /// The time any child gets unless a test says otherwise: far above the slowest honest run.
    static let defaultTimeout = 180.0

    let pid: pid_t
    let command: String
    private var ended: Termination?

    /// Starts `executable` (an absolute path) with `arguments`; the three descriptors become its
    /// standard input, output and error. Every other descriptor of the test process is closed in
    /// the child, and signals are back to their defaults, as a shell would start it.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        standardInput: Int32, standardOutput: Int32, standardError: Int32
    ) throws {
        command = ([executable] + arguments).map { $0.count > 60 ? $0.prefix(60) + "…" : $0 }.joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        try Self.glibcExtensions.closeFrom(&actions, 3)
        if let directory { try Self.glibcExtensions.changeDirectory(&actions, directory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number: Int32 in 1..<32 where number != SIGKILL && number != SIGSTOP { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var child: pid_t = 0
        let error =
            envp.map { posix_spawn(&child, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard error == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EINVAL, userInfo: ["command": command])
        }
        pid = child
    }

    deinit {
        if ended == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    /// How it ended, or nil while it runs.
    func poll() -> Termination? {
        if let ended { return ended }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7f
        ended =
            signal == 0
            ? Termination(status: (status >> 8) & 0xff, bySignal: false)
            : Termination(status: signal, bySignal: true)
        return ended
    }

    var isRunning: Bool { poll() == nil }

    /// Waits for the child to end; past `timeout` seconds it is killed and `ChildTimedOut` thrown.
    @discardableResult
    func wait(timeout: Double = ChildProcess.defaultTimeout) throws -> Termination {
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 500
        while true {
            if let ended = poll() { return ended }
            if Date() >= deadline { break }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        let state = describeHang()
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        ended = Termination(status: SIGKILL, bySignal: true)
        throw ChildTimedOut(command: command, seconds: timeout, state: state)
    }

    /// Sends `signal` (if the child still runs).
    func send(_ signal: Int32) {
        if ended == nil { kill(pid, signal) }
    }

    /// What the hung child is doing: its kernel state and, with gdb, every thread's backtrace.
    private func describeHang() -> String {
        var lines: [String] = []
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
            lines += status.split(separator: "\n").filter { $0.hasPrefix("State:") || $0.hasPrefix("Threads:") }
                .map(String.init)
        }
        if let channel = try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8) {
            lines.append("waiting in: \(channel)")
        }
        let gdb = "/usr/bin/gdb"
        if FileManager.default.isExecutableFile(atPath: gdb),
            let traces = try? ChildProcess.run(
                gdb, ["-p", "\(pid)", "-batch", "-nx", "-ex", "thread apply all bt"], timeout: 60)
        {
            lines.append(
                traces.stdout.split(separator: "\n").filter { $0.hasPrefix("#") || $0.hasPrefix("Thread") }
                    .joined(separator: "\n"))
        }
        return lines.joined(separator: "\n")
    }

    /// Runs `executable` to its end with `stdin` as input; its output goes to unlinked files
    /// and is read back afterwards. With `errorsIntoOutput`, stderr is written into stdout's
    /// file (interleaved as the child wrote them) and `stderr` is empty.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        stdin: String = "", errorsIntoOutput: Bool = false, timeout: Double = ChildProcess.defaultTimeout
    ) throws -> (stdout: String, stderr: String, status: Int32, termination: Termination) {
        let input = try ScratchFile(holding: stdin)
        let output = try ScratchFile(holding: "")
        let errors = errorsIntoOutput ? output : try ScratchFile(holding: "")
        let child = try ChildProcess(
            executable, arguments, environment: environment, directory: directory, standardInput: input.descriptor,
            standardOutput: output.descriptor, standardError: errors.descriptor)
        do {
            let termination = try child.wait(timeout: timeout)
            return (output.contents(), errorsIntoOutput ? "" : errors.contents(), termination.status, termination)
        } catch var timedOut as ChildTimedOut {
            timedOut.state += "\nits stderr ended with: " + String(errors.contents().suffix(2_000))
            throw timedOut
        }
    }

    /// `posix_spawn_file_actions_addclosefrom_np` and `…_addchdir_np` are glibc extensions that
    /// the Glibc module does not import; they are looked up by name once.
    private static let glibcExtensions = GlibcSpawnExtensions()
}

/// The two glibc spawn actions Swift's Glibc module leaves out.
private struct GlibcSpawnExtensions: @unchecked Sendable {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
        -> Int32
    let closeFromFunction: CloseFrom?
    let changeDirectoryFunction: ChangeDirectory?

    init() {
        let program = dlopen(nil, RTLD_NOW)
        closeFromFunction = dlsym(program, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: CloseFrom.self)
        }
        changeDirectoryFunction = dlsym(program, "posix_spawn_file_actions_addchdir_np").map {
            unsafeBitCast($0, to: ChangeDirectory.self)
        }
    }

    func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) throws {
        guard let closeFromFunction else { throw POSIXError(.ENOSYS) }
        let error = closeFromFunction(&actions, lowest)
        guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EINVAL) }
    }

    func changeDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) throws {
        guard let changeDirectoryFunction else { throw POSIXError(.ENOSYS) }
        let error = changeDirectoryFunction(&actions, path)
        guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EINVAL) }
    }
}

/// A temporary file that is unlinked at once and lives as an open descriptor: a child's input
/// or output that can never fill up like a pipe, and that leaves nothing behind.
final class ScratchFile {
    let descriptor: Int32

    init(holding text: String) throws {
        let path = NSTemporaryDirectory() + "foodlog-child-" + UUID().uuidString
        descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        unlink(path)
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            written += count
        }
        lseek(descriptor, 0, SEEK_SET)
    }

    deinit { close(descriptor) }

    /// Everything in the file, as UTF-8 (bad bytes replaced).
    func contents() -> String {
        lseek(descriptor, 0, SEEK_SET)
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { break }
            data += chunk[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }
}
