import CThreadPlacement
import Glibc
import Synchronization

/// Plain threads for the few places that use two cores (signals stay with the main thread).
/// The caller answers for what the work touches: nothing it shares may be used by both
/// threads at once.
public enum Threads {
    /// True when the machine has at least two cores (asked once: it reads /sys).
    public static let twoCores = sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2

    private final class Work {
        let body: () -> Void
        /// The CPUs the process may use, when the thread was started away from its parent's.
        var allowed = cplace_cpus()
        var placed = false
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new thread; nil if the system refuses one.
    ///
    /// The thread starts on another CPU than the caller's. Left to itself, Linux often starts
    /// a new thread on its parent's CPU and moves it only milliseconds later; meanwhile the two
    /// share one CPU (measured on a 2-core VM: the helper of a 10 ms parse started up to 4 ms
    /// late and stalled the caller). Once running, the thread may go to any allowed CPU again.
    public static func start(_ body: @escaping () -> Void) -> pthread_t? {
        var thread = pthread_t()
        let work = Work(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        work.placed = cplace_start_elsewhere(&attributes, &work.allowed) == 0
        let context = Unmanaged.passRetained(work).toOpaque()
        let status = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            var signals = sigset_t()
            sigfillset(&signals)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            let work = Unmanaged<Work>.fromOpaque(raw).takeRetainedValue()
            if work.placed { cplace_release(&work.allowed) }
            work.body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// Waits for a thread started by ``start(_:)`` to end.
    public static func join(_ thread: pthread_t) { pthread_join(thread, nil) }
}

/// Hands out part numbers 0, 1, 2, … to whichever thread asks next.
final class PartCounter: Sendable {
    private let next = Atomic<Int>(0)

    /// The next part number, or nil once `count` have been handed out.
    func claim(below count: Int) -> Int? {
        let part = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return part < count ? part : nil
    }
}

/// A value one thread leaves for another to read after joining it.
final class ResultSlot<Value>: @unchecked Sendable {
    var value: Value?
}

/// A bounded first-in, first-out hand-off from one thread to another.
final class HandOff<Element>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var items: [Element] = []
    private var closed = false
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        changed.deallocate()
    }

    /// Adds an element, waiting while `limit` are waiting already.
    func put(_ element: Element) {
        pthread_mutex_lock(lock)
        while items.count >= limit { pthread_cond_wait(changed, lock) }
        items.append(element)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// No more elements will come.
    func close() {
        pthread_mutex_lock(lock)
        closed = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// Every waiting element, oldest first, once there is one; nil when closed and empty.
    func takeAll() -> [Element]? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while items.isEmpty, !closed { pthread_cond_wait(changed, lock) }
        if items.isEmpty { return nil }
        let taken = items
        items.removeAll(keepingCapacity: true)
        pthread_cond_broadcast(changed)
        return taken
    }
}
