// Threads with a large stack for swift-syntax and the evaluator, and the pool that reads layouts on them.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a thread with a large stack: swift-syntax's tree and the evaluator recurse as deep as the code
/// nests (bounded), which the 512 KB of a dispatch worker thread does not always hold. (The language server runs
/// on one: a document reader then updates on the server's own thread, with no thread to wake per edit.)
public func onLargeStack<T>(_ body: @escaping () -> T) -> T {
    let box = StackBox(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        markLargeStack()
        box.value = box.body()
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
    return box.value!
}

private let largeStackKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

private func markLargeStack() { pthread_setspecific(largeStackKey, UnsafeRawPointer(bitPattern: 1)) }

/// Whether this thread has `onLargeStack`'s stack (`onLargeStack`'s or a `LargeStackWorker`'s).
var isLargeStackThread: Bool { pthread_getspecific(largeStackKey) != nil }

/// A thread with `onLargeStack`'s stack that runs one job at a time for its owner (a document reader: starting a
/// thread for each edit cost more than an edit that reads no layout again). It ends when its owner lets it go.
final class LargeStackWorker: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Void)?
    private var stopping = false
    private var started = false

    func run(_ body: @escaping () -> Void) {
        start(body)
        wait()
    }

    /// Starts `body` on the thread and returns at once; `wait` waits for it to end.
    func start(_ body: @escaping () -> Void) {
        if !started {
            started = true
            let thread = Thread { [self] in
                markLargeStack()
                while true {
                    ready.wait()
                    if stopping { return }
                    job?()
                    job = nil
                    done.signal()
                }
            }
            thread.stackSize = 64 << 20
            thread.start()
        }
        job = body
        ready.signal()
    }

    func wait() { done.wait() }

    /// Ends the thread (it holds no reference to its owner).
    func stop() {
        guard started else { return }
        stopping = true
        ready.signal()
    }
}

/// Threads with `onLargeStack`'s stack that read layouts beside a document reader's own thread when an edit reads
/// several again (a helper that several layouts call): one fewer than the processors (at most 7), started on first
/// use, shared by every reader and used by one at a time (another waits for it).
final class ReadingPool: @unchecked Sendable {
    static let shared = ReadingPool(helpers: max(0, min(ProcessInfo.processInfo.activeProcessorCount, 8) - 1))
    private let workers: [LargeStackWorker]
    private let busy = NSLock()

    init(helpers: Int) { workers = (0..<helpers).map { _ in LargeStackWorker() } }

    /// Calls `lane` on this thread and on up to `count - 1` helpers at once; each lane takes the indexes below `count`
    /// it works on from `next` (nil: none left), so a lane that finishes early takes more. Returns the lanes run: 0,
    /// having called nothing, when there is no helper (the caller reads on its own).
    func perform(_ count: Int, _ lane: @escaping @Sendable (_ next: () -> Int?) -> Void) -> Int {
        guard count > 1, !workers.isEmpty else { return 0 }
        busy.lock()
        defer { busy.unlock() }
        let indexes = Indexes(count)
        let helpers = workers.prefix(count - 1)
        for w in helpers { w.start { lane(indexes.next) } }
        lane(indexes.next)
        for w in helpers { w.wait() }
        return helpers.count + 1
    }

    private final class Indexes: @unchecked Sendable {
        private let lock = NSLock()
        private var given = 0
        private let count: Int
        init(_ count: Int) { self.count = count }
        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard given < count else { return nil }
            given += 1
            return given - 1
        }
    }
}

private final class StackBox<T>: @unchecked Sendable {
    let body: () -> T
    var value: T?
    init(_ body: @escaping () -> T) { self.body = body }
}
