import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Queue store files")
final class QueueStoreFilesTests {
  let directory: TemporaryDirectory
  let store: QueueStore

  init() throws {
    directory = try TemporaryDirectory(prefix: "queues-files-tests")
    store = QueueStore(path: directory.file("queues.json"))
  }

  deinit { directory.cleanUp() }

  func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map(Array.init)
  }

  func status(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
  }

  func isSymbolicLink(_ path: String) -> Bool {
    status(path).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
  }

  /// Runs `body` on its own thread and waits for it at most `seconds`. When it has not returned by then, the
  /// test fails, and a reader blocked on the FIFO `unblocking` is given ends of file until it returns, so
  /// that a test of a hang never hangs.
  func withWatchdog<Value: Sendable>(
    seconds: Double, unblocking fifo: String? = nil, _ body: @escaping @Sendable () -> Value
  ) -> Value? {
    let result = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      let value = body()
      result.withLock { $0 = value }
      done.signal()
    }.start()
    if done.wait(timeout: .now() + seconds) == .success { return result.withLock { $0 } }
    Issue.record("did not return within \(seconds) s")
    guard let fifo else { return nil }
    for _ in 0..<200 {
      let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
      if descriptor >= 0 { close(descriptor) }
      if done.wait(timeout: .now() + 0.05) == .success { break }
    }
    return nil
  }

  // MARK: Symbolic links, modes and owners

  @Test("a store that is a symbolic link is written through to its target, and stays a link")
  func symbolicLink() throws {
    let target = directory.file("real/queues.json")
    try FileManager.default.createDirectory(atPath: directory.file("real"), withIntermediateDirectories: true)
    try QueueLibrary(now: testDate).jsonData().write(to: URL(fileURLWithPath: target))
    #expect(symlink("real/queues.json", store.path) == 0)
    let saved = try store.update(now: testDate) { (library) throws(QueueError) in
      try library.createQueue(named: "Through", id: QueueID("through"), now: testDate)
    }
    #expect(isSymbolicLink(store.path), "the link is still a link")
    #expect(bytes(target) == Array(saved.jsonData()), "the target got the change")
    #expect(try store.load() == saved)
  }

  @Test("a write keeps the store's mode and owner")
  func modeAndOwner() throws {
    try store.save(QueueLibrary(now: testDate))
    #expect(chmod(store.path, 0o600) == 0)
    let changedOwner = geteuid() == 0 && chown(store.path, 4321, 8765) == 0
    try store.update { (library) throws(QueueError) in try library.createQueue(named: "Private") }
    let info = try #require(status(store.path))
    #expect(info.st_mode & 0o7777 == 0o600)
    if changedOwner {
      #expect(info.st_uid == 4321 && info.st_gid == 8765)
    }
  }

  @Test("only this store's own temporary files, left by writers that are gone, are cleaned up")
  func foreignTemporaryFiles() throws {
    try store.save(QueueLibrary(now: testDate))
    let foreign = store.path + ".tmp-99999-1"
    try Data("another program's file".utf8).write(to: URL(fileURLWithPath: foreign))
    let live = store.path + ".tmp-queuestore-1-0123456789abcdef"
    try Data("a writer that is alive (pid 1)".utf8).write(to: URL(fileURLWithPath: live))
    try store.update { (library) throws(QueueError) in try library.createQueue(named: "Next") }
    #expect(FileManager.default.fileExists(atPath: foreign), "another program's file is kept")
    #expect(FileManager.default.fileExists(atPath: live), "a live process's file is kept")
  }

  @Test("a lock file that is a symbolic link is refused, and its target is not created")
  func lockSymbolicLink() throws {
    let elsewhere = directory.file("elsewhere")
    #expect(symlink(elsewhere, store.path + ".lock") == 0)
    #expect(throws: QueueError.self) { try store.save(QueueLibrary(now: testDate)) }
    #expect(!FileManager.default.fileExists(atPath: elsewhere))
    #expect(!FileManager.default.fileExists(atPath: store.path))
  }

  // MARK: Files that are not regular files

  @Test("a FIFO as the store is refused at once, by a load and by an update, and left where it is")
  func fifo() throws {
    #expect(mkfifo(store.path, 0o644) == 0)
    let store = store
    let loaded = withWatchdog(seconds: 10, unblocking: store.path) { () -> Result<QueueLibrary, QueueError> in
      Result { () throws(QueueError) in try store.load() }
    }
    guard case .failure? = loaded else {
      Issue.record("expected an error, got \(String(describing: loaded))")
      return
    }
    let updated = withWatchdog(seconds: 10, unblocking: store.path) { () -> Result<QueueLibrary, QueueError> in
      Result { () throws(QueueError) in try store.update { _ in } }
    }
    guard case .failure? = updated else {
      Issue.record("expected an error, got \(String(describing: updated))")
      return
    }
    #expect(status(store.path).map { $0.st_mode & S_IFMT == S_IFIFO } == true, "the FIFO is where it was")
  }

  @Test("a store that is a link to /dev/zero is refused without reading it")
  func deviceLink() throws {
    #expect(symlink("/dev/zero", store.path) == 0)
    let store = store
    let loaded = withWatchdog(seconds: 10) { () -> Result<QueueLibrary, QueueError> in
      Result { () throws(QueueError) in try store.load() }
    }
    guard case .failure? = loaded else {
      Issue.record("expected an error, got \(String(describing: loaded))")
      return
    }
    #expect(isSymbolicLink(store.path))
  }

  @Test("a store larger than the limit is refused without reading it, and left where it is")
  func tooLarge() throws {
    let descriptor = open(store.path, O_WRONLY | O_CREAT, 0o644)
    #expect(descriptor >= 0)
    // A sparse file: its size is past the limit, yet it takes no room on the disk.
    #expect(ftruncate(descriptor, off_t(256 << 20) + 1) == 0)
    close(descriptor)
    #expect(throws: QueueError.self) { try store.load() }
    #expect(status(store.path)?.st_size == off_t(256 << 20) + 1, "the file is where it was")
  }

  // MARK: What each refusal says

  @Test("a FIFO is refused as a FIFO, naming the path, by load and update alike")
  func fifoError() throws {
    #expect(mkfifo(store.path, 0o644) == 0)
    let store = store
    let refusal = QueueError.storeNotRegularFile(path: store.path, target: store.path, kind: .fifo)
    let results = withWatchdog(seconds: 10, unblocking: store.path) { () -> [Result<QueueLibrary, QueueError>] in
      [
        Result { () throws(QueueError) in try store.load() },
        Result { () throws(QueueError) in try store.loadReporting().library },
        Result { () throws(QueueError) in try store.update { _ in } },
        Result { () throws(QueueError) in try store.save(QueueLibrary(now: testDate)) },
      ]
    }
    for result in results ?? [] {
      #expect(throws: refusal) { try result.get() }
    }
    // Nothing holds the lock afterwards: another writer is not blocked.
    let lock = open(store.path + ".lock", O_RDWR)
    #expect(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
    close(lock)
  }

  @Test("a link to a device is refused as a device, naming the link and its target")
  func deviceError() throws {
    #expect(symlink("/dev/zero", store.path) == 0)
    let refusal = QueueError.storeNotRegularFile(path: store.path, target: "/dev/zero", kind: .characterDevice)
    #expect(throws: refusal) { try store.load() }
    #expect(
      refusal.description
        == "the queue store's file \(store.path) (a symbolic link to /dev/zero) is a character device, not a regular "
        + "file; nothing was read or written")
  }

  @Test("a socket at the store's path is refused as a socket")
  func socketError() throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let path = Array(store.path.utf8)
    try #require(path.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: path)
      buffer[path.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    #expect(throws: QueueError.storeNotRegularFile(path: store.path, target: store.path, kind: .socket)) {
      try store.load()
    }
  }

  @Test("a file over the limit is refused with its size and the limit")
  func tooLargeError() throws {
    let descriptor = open(store.path, O_WRONLY | O_CREAT, 0o644)
    #expect(ftruncate(descriptor, off_t(QueueStore.maximumFileSize) + 1) == 0)
    close(descriptor)
    let refusal = QueueError.storeTooLarge(
      path: store.path, size: QueueStore.maximumFileSize + 1, limit: QueueStore.maximumFileSize)
    #expect(throws: refusal) { try store.load() }
    #expect(throws: refusal) { try store.update { _ in } }
    #expect(QueueStore.maximumFileSize == 268_435_456)
  }

  @Test("a read stops at the limit even when the file's size says less (as files under /proc do)")
  func readIsBounded() throws {
    #expect(symlink("/proc/self/status", store.path) == 0)
    let small = QueueStore(path: store.path, maximumFileSize: 100)
    #expect(throws: QueueError.storeTooLarge(path: store.path, size: 101, limit: 100)) { try small.load() }
    // At the limit exactly, a file is read (and found not to be JSON).
    let exact = QueueStore(path: directory.file("exact.json"), maximumFileSize: 100)
    try Data(repeating: UInt8(ascii: " "), count: 100).write(to: URL(fileURLWithPath: exact.path))
    #expect {
      try exact.load()
    } throws: { error in
      if case .storeCorrupt = error as? QueueError { return true }
      return false
    }
  }

  @Test("a lock file that is a link, or not a regular file, is refused naming it")
  func lockErrors() throws {
    let lock = store.path + ".lock"
    #expect(symlink(directory.file("elsewhere"), lock) == 0)
    #expect(throws: QueueError.storeNotRegularFile(path: lock, target: lock, kind: .symbolicLink)) {
      try store.update { _ in }
    }
    #expect(unlink(lock) == 0)
    #expect(mkfifo(lock, 0o644) == 0)
    #expect(throws: QueueError.storeNotRegularFile(path: lock, target: lock, kind: .fifo)) {
      try store.save(QueueLibrary(now: testDate))
    }
  }

  // MARK: Links

  @Test("a link to a file that does not exist yet creates it, and stays a link")
  func danglingLink() throws {
    #expect(symlink("later.json", store.path) == 0)
    let saved = try store.save(QueueLibrary(now: testDate))
    #expect(isSymbolicLink(store.path))
    #expect(bytes(directory.file("later.json")) == Array(saved.jsonData()))
    #expect(FileManager.default.fileExists(atPath: directory.file("later.json.lock")))
  }

  @Test("a chain of links is followed to its end, relative links from their own folder")
  func chainOfLinks() throws {
    try FileManager.default.createDirectory(atPath: directory.file("a/b"), withIntermediateDirectories: true)
    #expect(symlink("b/second", directory.file("a/first")) == 0)
    #expect(symlink(directory.file("real.json"), directory.file("a/b/second")) == 0)
    #expect(symlink("a/first", store.path) == 0)
    let saved = try store.update(now: testDate) { (library) throws(QueueError) in try library.createQueue(named: "C") }
    #expect(bytes(directory.file("real.json")) == Array(saved.jsonData()))
    #expect(isSymbolicLink(store.path) && isSymbolicLink(directory.file("a/first")))
    #expect(try store.load() == saved)
  }

  @Test("a loop of links is refused")
  func loopOfLinks() throws {
    #expect(symlink("other", store.path) == 0)
    #expect(symlink("queues.json", directory.file("other")) == 0)
    #expect {
      try store.load()
    } throws: { error in
      guard case .storeUnreadable(let path, let reason) = error as? QueueError else { return false }
      return path == store.path && reason.contains("more than 40 symbolic links")
    }
  }

  @Test("a file that cannot be read at all behind a link is moved aside beside the target; the link stays")
  func corruptBehindLink() throws {
    try Data("not json".utf8).write(to: URL(fileURLWithPath: directory.file("real.json")))
    #expect(symlink("real.json", store.path) == 0)
    #expect {
      try store.load(now: testDate)
    } throws: { error in
      guard case .storeCorrupt(_, _, let keptAt) = error as? QueueError else { return false }
      return keptAt.hasPrefix(directory.file("real.json.corrupt-"))
    }
    #expect(isSymbolicLink(store.path))
    #expect(try store.load(now: testDate) == QueueLibrary(now: testDate))
  }

  // MARK: Modes of the copies

  @Test("the copies a store keeps (of an older version, of an incomplete file) have the store's mode")
  func backupModes() throws {
    let version1 = #"{"version": 1, "episodes": []}"#
    try Data(version1.utf8).write(to: URL(fileURLWithPath: store.path))
    #expect(chmod(store.path, 0o600) == 0)
    try store.update { (library) throws(QueueError) in try library.createQueue(named: "New") }
    #expect(status(store.path + ".v1-backup").map { $0.st_mode & 0o7777 } == 0o600)
    #expect(status(store.path).map { $0.st_mode & 0o7777 } == 0o600)

    let text = QueueLibrary(now: testDate).jsonText().replacingOccurrences(of: #""kind": "car""#, with: #""kind": 1"#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    #expect(chmod(store.path, 0o640) == 0)
    let backup = try #require(try store.loadReporting().report.backupPath)
    #expect(status(backup).map { $0.st_mode & 0o7777 } == 0o640)
  }

  @Test("a temporary file of this store whose writer is gone is removed; one of a live writer is kept")
  func ownTemporaryFiles() throws {
    try store.save(QueueLibrary(now: testDate))
    let gone = store.path + ".tmp-queuestore-\(goneProcess())-0123456789abcdef"
    let live = store.path + ".tmp-queuestore-1-0123456789abcdef"
    let odd = store.path + ".tmp-queuestore-\(goneProcess())-not-hex"
    for file in [gone, live, odd] { try Data("x".utf8).write(to: URL(fileURLWithPath: file)) }
    let linked = store.path + ".tmp-queuestore-\(goneProcess())-fedcba9876543210"
    #expect(symlink(directory.file("kept"), linked) == 0)
    try Data("kept".utf8).write(to: URL(fileURLWithPath: directory.file("kept")))
    try store.update { (library) throws(QueueError) in try library.createQueue(named: "Next") }
    #expect(!FileManager.default.fileExists(atPath: gone))
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(FileManager.default.fileExists(atPath: odd), "a name not of the pattern is not this store's")
    #expect(isSymbolicLink(linked), "only regular files are removed")
  }
}
