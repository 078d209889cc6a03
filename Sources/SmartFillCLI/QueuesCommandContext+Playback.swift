import Foundation
import QueueScreens
import Queues
import SmartFillSupport

// `switch`, `play` and `finish`: what a player reports, so that each queue keeps where it was.

extension QueuesCommandContext {
  /// `switch QUEUE [--position TIME]`: saves where the active queue's episode stopped and makes QUEUE active.
  mutating func switchQueue() throws(CommandError) {
    let loaded = try load()
    let target = try queue(try arguments("<queue>")[0], in: loaded)
    if parsed.value("--episode") != nil { throw QueuesCommand.usage("Unknown option '--episode' for switch") }
    let position = try parsed.value("--position").map { (text) throws(CommandError) in
      try seconds(text, for: "--position <time>")
    }
    let previous = loaded.activeQueue
    let library = try update { (library) throws(QueueError) in
      try library.switchTo(target.id, savingPosition: position, now: now)
    }
    let saved = position.map { " (saved at \(ScreenText.english.clock($0)))" } ?? ""
    say("Switched from \(previous.name)\(saved) to \(library.activeQueue.name): \(Self.playing(library.activeQueue)).")
    json(QueuesCommand.node(command: "switch", library.activeQueue, in: library))
  }

  /// `play [--episode N] [--position TIME]`: the listener tapped episode N of the active queue, or playback
  /// reached TIME.
  mutating func play() throws(CommandError) {
    _ = try arguments()
    let loaded = try load()
    let episode = try parsed.value("--episode").map { (text) throws(CommandError) in
      try integer(text, for: "--episode <n>", in: 1...max(1, loaded.activeQueue.count)) - 1
    }
    let position = try parsed.value("--position").map { (text) throws(CommandError) in
      try seconds(text, for: "--position <time>")
    }
    let library = try update { (library) throws(QueueError) in
      if let episode {
        try library.modify(library.activeQueueID, now: now) { (queue) throws(QueueError) in
          try queue.makeCurrent(at: episode)
        }
      }
      if let position { try library.recordPosition(position, now: now) }
    }
    say("\(library.activeQueue.name): \(Self.playing(library.activeQueue)).")
    json(QueuesCommand.node(command: "play", library.activeQueue, in: library))
  }

  /// `finish`: the active queue's episode played to its end; it leaves every queue, and the next plays.
  mutating func finish() throws(CommandError) {
    _ = try arguments()
    var finished: EpisodeReference?
    let library = try update { (library) throws(QueueError) in
      finished = library.activeQueue.current
      library.finishCurrentEpisode(now: now)
    }
    let queue = library.activeQueue
    if let finished {
      say(
        "Finished \u{201C}\(DisplayText.escaped(finished.displayTitle))\u{201D}. \(queue.name): \(Self.playing(queue))."
      )
    } else {
      say("\(queue.name) has nothing to finish: \(Self.playing(queue)).")
    }
    json(QueuesCommand.node(command: "finish", queue, in: library))
  }

  /// "playing “Title” at 12:34 / 42:16", or "at its end".
  static func playing(_ queue: Queue) -> String {
    guard let current = queue.current else { return "at its end" }
    let text = ScreenText.english
    let length = current.durationSeconds.map(text.clock) ?? "--:--"
    return
      "playing \u{201C}\(DisplayText.escaped(current.displayTitle))\u{201D} at \(text.clock(current.playbackPositionSeconds)) / \(length)"
  }
}
