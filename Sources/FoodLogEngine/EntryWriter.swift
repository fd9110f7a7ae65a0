import Diary
import Glibc
import MealSyntax

/// One resolved `log` statement, ready to store.
struct PendingLog: Sendable {
    var origin: Int64
    /// The statement's text, kept with its group (for undo).
    var statementText: String
    var day: CalendarDate
    var meal: String?
    var time: String?
    var items: [ResolvedItem]

    /// Stores the statement's group and entries. `snapshots` remembers each food choice's
    /// snapshot id, so a food is fingerprinted once per run.
    func store(in diary: Diary, snapshots: inout [Int: Int64]) throws(DiaryError) {
        let group = try diary.newGroup(origin: origin, text: statementText)
        for item in items {
            let snapshot: Int64
            if let known = snapshots[item.choice.serial] {
                snapshot = known
            } else {
                snapshot = try diary.snapshotID(item.choice.snapshot)
                snapshots[item.choice.serial] = snapshot
            }
            try diary.insertEntry(group: group, origin: origin, day: day, time: time, meal: meal, text: item.text,
                                  quantity: item.quantity, unit: item.unit, grams: item.grams, snapshot: snapshot, note: item.note)
        }
    }
}

/// Stores `log` statements on a second thread while the interpreter goes on parsing and
/// resolving, so a long `run` keeps two cores busy (SQLite's share of a run is about half).
///
/// Ordering: statements are stored in the order they were submitted, all inside the caller's
/// transaction. Before the interpreter touches the diary for anything else it calls
/// ``drain()``, which waits until every submitted statement is stored; ``finish()`` drains,
/// stops the thread and reports the first error. The diary's own lock keeps the two threads'
/// calls apart (the resolver may read the library while entries are being written).
final class EntryWriter: @unchecked Sendable {
    private let diary: Diary
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `lock`:
    private var queue: [PendingLog] = []
    private var storing = false
    private var stopping = false
    private var failure: DiaryError?
    // Only the writer thread touches these:
    private var snapshots: [Int: Int64] = [:]
    private var thread: pthread_t?

    /// Statements waiting at most; a faster parser waits for the writer beyond this.
    static let queueLimit = 2048

    /// Starts the writer thread; nil if the system will not start one (then store directly).
    init?(diary: Diary) {
        self.diary = diary
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        guard let started = Threads.start({ self.storeUntilStopped() }) else { return nil }  // deinit cleans up
        thread = started
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        changed.deallocate()
    }

    /// Queues a statement (waits while the queue is full).
    func submit(_ log: PendingLog) {
        pthread_mutex_lock(lock)
        while queue.count >= EntryWriter.queueLimit, failure == nil { pthread_cond_wait(changed, lock) }
        if failure == nil { queue.append(log) }  // after a failure nothing more is stored
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// Waits until every submitted statement is stored; throws the writer's first error.
    func drain() throws(DiaryError) {
        pthread_mutex_lock(lock)
        while (storing || !queue.isEmpty), failure == nil { pthread_cond_wait(changed, lock) }
        let failure = self.failure
        pthread_mutex_unlock(lock)
        if let failure { throw failure }
    }

    /// Drains, stops and joins the thread; throws the writer's first error.
    func finish() throws(DiaryError) {
        pthread_mutex_lock(lock)
        stopping = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        if let thread {
            Threads.join(thread)
            self.thread = nil
        }
        if let failure { throw failure }
    }

    /// The writer thread: takes the whole queue at a time and stores it.
    private func storeUntilStopped() {
        pthread_mutex_lock(lock)
        while true {
            while queue.isEmpty, !stopping { pthread_cond_wait(changed, lock) }
            if queue.isEmpty || failure != nil { break }
            let batch = queue
            queue.removeAll(keepingCapacity: true)
            storing = true
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
            var firstError: DiaryError?
            for log in batch {
                do throws(DiaryError) { try log.store(in: diary, snapshots: &snapshots) } catch {
                    firstError = error
                    break
                }
            }
            pthread_mutex_lock(lock)
            storing = false
            if let firstError { failure = firstError }
            pthread_cond_broadcast(changed)
        }
        queue.removeAll()
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }
}
