import Foundation
import QueueScreens
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("QueueEditor")
struct QueueEditorTests {
  let episodes = [
    reference("1", seconds: 1200, played: 100), reference("2", seconds: 600), reference("3", seconds: 300),
    reference("4", seconds: 900),
  ]

  @Test("Save applies the name, rules, settings and order at once; the positions stay")
  func save() throws {
    var library = try library(episodes)
    var editor = try QueueEditor(editing: .commute, in: library)
    editor.draft.title = "Drive"
    editor.draft.emoji = "🚙"
    try editor.toggleRule(at: 0)
    editor.draft.rules.append(.audioOutput(.car))
    editor.draft.smartFillSettings = SmartFillSettings(mode: .continueSeries, targetSeconds: 2700)
    try editor.moveEpisodeDown(at: 0)
    try editor.removeEpisodes(atOffsets: [3])
    try editor.moveEpisodes(fromOffsets: [2], toOffset: 0)
    #expect(editor.hasChanges)
    #expect(editor.draft.episodes.map(\.episodeGUID) == ["3", "2", "1"])
    let unchanged = library
    #expect(try editor.save(to: &library, now: start) == .commute)
    let queue = try library.queue(.commute)
    #expect(queue.name == "🚙 Drive")
    #expect(queue.autoSwitchRules == [AutoSwitchRule(.car, isEnabled: false), .audioOutput(.car)])
    #expect(queue.smartFillSettings == SmartFillSettings(mode: .continueSeries, targetSeconds: 2700))
    #expect(queue.episodes.map(\.episodeGUID) == ["3", "2", "1"])
    #expect(queue.current?.episodeGUID == "1")
    #expect(queue.current?.playbackPositionSeconds == 100)
    #expect(library != unchanged)
  }

  @Test("Cancel is dropping the draft: the library never changed")
  func cancel() throws {
    let library = try library(episodes)
    var editor = try QueueEditor(editing: .commute, in: library)
    #expect(!editor.hasChanges)
    editor.draft.title = "Drive"
    try editor.removeEpisodes(atOffsets: [0, 1])
    #expect(editor.hasChanges)
    #expect(try library.queue(.commute).count == 4)
  }

  @Test("Save applies nothing when a part is refused")
  func allOrNothing() throws {
    var library = try library(episodes)
    var editor = try QueueEditor(editing: .commute, in: library)
    editor.draft.smartFillSettings = SmartFillSettings(mode: .variety, targetSeconds: 1200)
    editor.draft.title = "Workout"
    editor.draft.emoji = "🏋️"
    let before = library
    #expect(throws: QueueScreensError.self) { try editor.save(to: &library, now: start) }
    #expect(library == before)
    // The queue deleted meanwhile: the library refuses, and nothing changes.
    editor.draft.title = "Drive"
    var deleted = library
    try deleted.delete(try deleted.deletion(of: .commute), now: start)
    let snapshot = deleted
    #expect(throws: QueueScreensError.queue(.unknownQueue(.commute))) { try editor.save(to: &deleted, now: start) }
    #expect(deleted == snapshot)
  }

  @Test("an episode added meanwhile stays; one finished meanwhile does not come back")
  func concurrentChanges() throws {
    var library = try library(episodes)
    var editor = try QueueEditor(editing: .commute, in: library)
    try editor.moveEpisodes(fromOffsets: [3], toOffset: 0)
    try library.modify(.commute, now: start) { (queue) throws(QueueError) in
      try queue.playLast([reference("5", seconds: 60)])
    }
    library.markFinished(episodes[1].id, now: start)
    try editor.save(to: &library, now: start)
    #expect(try library.queue(.commute).episodes.map(\.episodeGUID) == ["4", "1", "3", "5"])
  }

  @Test("a queue played to its end stays at its end")
  func atEnd() throws {
    var library = try library(episodes)
    try library.modify(.commute, now: start) { (queue) throws(QueueError) in try queue.makeCurrent(at: 4) }
    var editor = try QueueEditor(editing: .commute, in: library)
    try editor.moveEpisodeUp(at: 3)
    try editor.save(to: &library, now: start)
    let queue = try library.queue(.commute)
    #expect(queue.episodes.map(\.episodeGUID) == ["1", "2", "4", "3"])
    #expect(queue.current == nil)
  }

  @Test("a new queue is created with everything in the draft")
  func create() throws {
    var library = QueueLibrary(now: start)
    var editor = QueueEditor(creatingIn: library)
    editor.draft.emoji = "🚴"
    editor.draft.title = "Bike"
    editor.draft.rules = [.motion(.cycling)]
    editor.draft.isAutoSwitchEnabled = false
    let id = try editor.save(to: &library, now: start)
    let queue = try library.queue(id)
    #expect(queue.name == "🚴 Bike")
    #expect(queue.autoSwitchRules == [.motion(.cycling)])
    #expect(!queue.isAutoSwitchEnabled)
    #expect(library.queues.last?.id == id)
  }

  @Test("Up Next keeps its name but may change its emoji")
  func upNext() throws {
    var library = QueueLibrary(now: start)
    var editor = try QueueEditor(editing: .upNext, in: library)
    editor.draft.emoji = "⏭️"
    try editor.save(to: &library, now: start)
    #expect(library.upNext.name == "⏭️ Up Next")
  }

  @Test("moves out of range are refused and change nothing")
  func outOfRange() throws {
    var editor = try QueueEditor(editing: .commute, in: try library(episodes))
    let draft = editor.draft
    #expect(throws: QueueError.self) { try editor.moveEpisodes(fromOffsets: [4], toOffset: 0) }
    #expect(throws: QueueError.self) { try editor.moveEpisodes(fromOffsets: [0], toOffset: 5) }
    #expect(throws: QueueError.self) { try editor.removeEpisodes(atOffsets: [0, 7]) }
    #expect(throws: QueueError.self) { try editor.moveEpisodeUp(at: 9) }
    #expect(throws: QueueError.self) { try editor.toggleRule(at: 1) }
    try editor.moveEpisodeUp(at: 0)
    try editor.moveEpisodeDown(at: 3)
    #expect(editor.draft == draft)
  }

  @Test("Save gives the queue exactly the draft's order, against a plain list on 3,000 seeded edit sessions")
  func seededSessions() throws {
    for var trial in SeededCases(seed: 0xED_1702, count: 3_000) {
      let count = trial.random.integer(in: 0...8)
      let episodes = (0..<count).map { reference("\($0)", seconds: 60 * ($0 + 1), played: $0 % 3 == 0 ? 30 : 0) }
      var library = try library(episodes)
      let playhead = trial.random.integer(in: 0...count)
      try library.modify(.commute, now: start) { (queue) throws(QueueError) in try queue.makeCurrent(at: playhead) }
      var editor = try QueueEditor(editing: .commute, in: library)
      // The model: a plain list of GUIDs, changed the way each operation is described.
      var model = episodes.map(\.episodeGUID)
      for _ in 0..<trial.random.integer(in: 0...6) where !model.isEmpty {
        let index = trial.random.integer(in: 0...model.count - 1)
        switch trial.random.integer(in: 0...3) {
        case 0:
          try editor.removeEpisodes(atOffsets: [index])
          model.remove(at: index)
        case 1:
          try editor.moveEpisodeUp(at: index)
          if index > 0 { model.swapAt(index, index - 1) }
        case 2:
          try editor.moveEpisodeDown(at: index)
          if index < model.count - 1 { model.swapAt(index, index + 1) }
        default:
          let destination = trial.random.integer(in: 0...model.count)
          try editor.moveEpisodes(fromOffsets: [index], toOffset: destination)
          let moved = model.remove(at: index)
          model.insert(moved, at: destination > index ? destination - 1 : destination)
        }
      }
      #expect(editor.draft.episodes.map(\.episodeGUID) == model, "\(trial)")
      let before = try library.queue(.commute)
      try editor.save(to: &library, now: start)
      let after = try library.queue(.commute)
      #expect(after.episodes.map(\.episodeGUID) == model, "\(trial)")
      for episode in after.episodes {
        #expect(
          episode.playbackPositionSeconds == before.episodes.first { $0.id == episode.id }?.playbackPositionSeconds,
          "\(trial)")
      }
      if let current = before.current, model.contains(current.episodeGUID) {
        #expect(after.current?.id == current.id, "\(trial): the current episode stays current")
      } else if before.current == nil {
        #expect(after.current == nil, "\(trial): a queue at its end stays at its end")
      }
    }
  }

  @Test("the README's embedding example runs as written")
  func readmeExample() throws {
    let path = NSTemporaryDirectory() + "queue-screens-\(UUID().uuidString).json"
    // The store's file and its lock file.
    defer { for file in [path, path + ".lock"] { try? FileManager.default.removeItem(atPath: file) } }
    let catalog = Catalog(shows: [])
    try QueueStore(path: path).update(now: start) { (library) throws(QueueError) in
      try library.modify(.commute, now: start) { (queue) throws(QueueError) in
        try queue.playLast([reference("1", seconds: 60), reference("2", seconds: 60), reference("3", seconds: 60)])
      }
    }

    let store = QueueStore(path: path)
    var library = try store.load()

    let switcher = QueueSwitcher(library)  // or QueueSwitcher(library, text: ScreenText(locale: .current))
    print(switcher.fromText, switcher.nowPlaying?.positionText ?? "")  // "From: 🚗 Commute ▼ 12:34 / 42:16"
    for row in QueueManagementScreen(library).rows { print(row.name, row.totalText, row.autoSwitchText ?? "") }

    var editor = try QueueEditor(editing: .commute, in: library, catalog: catalog)
    editor.draft.title = "Drive"
    try editor.moveEpisodeUp(at: 2)
    if let problem = editor.error(for: .name) { print(problem.message) }  // shown beside the name field
    try editor.save(to: &library)  // QueueScreensError: a field's error, or a change the library refused
    try store.save(library)  // QueueError.storeChanged when another writer saved since: load and edit again

    let saved = try QueueStore(path: path).load().queue(.commute)
    #expect(saved.name == "🚗 Drive")
    #expect(saved.episodes.map(\.episodeGUID) == ["1", "3", "2"])
  }
}
