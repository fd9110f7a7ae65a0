import SQLite

/// A diary that cannot be opened, read or written, with a message a user can act on.
public struct DiaryError: Error, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
        /// Another process holds the write lock past the busy timeout.
        case busy
        /// The file is not a FoodLog diary, or it is damaged.
        case corrupt
        /// The disk is full.
        case full
        /// The file or its directory cannot be created, read or written.
        case access
        /// The diary was written by a newer FoodLog.
        case tooNew
        /// Another program's SQLite file (its application id or tables are not FoodLog's).
        case notADiary
        /// A schema version no FoodLog writes (below 1, or 0 on a file with tables).
        case badVersion
        case other
    }

    public var kind: Kind
    public var path: String
    public var message: String

    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// Classifies an SQLite error for `path`.
    public init(_ error: SQLiteError, path: String) {
        self.path = path
        if error.isBusy {
            kind = .busy
            message = "the diary \(path) is locked by another foodlog; try again when it has finished"
        } else if error.isCorrupt {
            kind = .corrupt
            message =
                "\(path) is not a FoodLog diary or is damaged (\(error.message)); move it aside or restore a backup"
        } else if error.isFull {
            kind = .full
            message = "the disk holding \(path) is full; nothing was written"
        } else if error.isAccess {
            kind = .access
            message = "cannot write the diary \(path): \(error.message)"
        } else {
            kind = .other
            message = "diary \(path): \(error.message)"
        }
    }

    public var description: String { message }
}
