import Foundation
import Queues
import SmartFill
import SmartFillSupport

// `tie`, `untie`, `untied` and `refresh`: shows tied to queues, and a refresh that routes their new episodes.

extension QueuesCommandContext {
  /// `tie QUEUE SHOW [--catalog CATALOG] [--next|--last] [--only-new|--any-date]`: new episodes of the show
  /// (a feed URL, or a title of the catalog's) go to the queue; a show tied elsewhere moves.
  mutating func tie() throws(CommandError) {
    let given = try arguments("<queue>", "<show>")
    let target = try queue(given[0], in: try load())
    let (feedURL, title) = try tiedShow(given[1])
    let placement = try oneOf("--next", "--last").map { ShowTie.Placement(rawValue: String($0.dropFirst(2)))! }
    let onlyNew = try oneOf("--only-new", "--any-date").map { $0 == "--only-new" }
    var change: QueueLibrary.TieChange?
    let library = try update { (library) throws(QueueError) in
      change = try library.tieShow(
        feedURL, titled: title, to: target.id, placement: placement, onlyNewEpisodes: onlyNew, now: now)
    }
    guard let change else { return }
    let queue = try library.found(target.id).value
    say(change.description)
    json(
      QueuesCommand.node(
        command: "tie", queue, in: library,
        extra: [("message", .string(change.description)), ("changed", .bool(change.isChange))]))
  }

  /// `untie [QUEUE] SHOW`: the show's new episodes go where an untied show's go. The show is a feed URL or the
  /// title it was tied with; with a queue, it must be tied to that one.
  mutating func untie() throws(CommandError) {
    let given = parsed.arguments
    if given.isEmpty { throw QueuesCommand.usage("Missing expected argument '<show>'") }
    if given.count > 2 { throw QueuesCommand.usage("Unexpected argument '\(DisplayText.quoted(given[2]))'") }
    let library = try load()
    let within = try given.count == 2 ? [queue(given[0], in: library)] : library.queues
    let tie = try Self.tie(named: given[given.count - 1], among: within.flatMap(\.showTies))
    var change: QueueLibrary.TieChange?
    let saved = try update { (library) throws(QueueError) in change = try library.untieShow(tie.feedURL, now: now) }
    guard let change else { return }
    let queue = try saved.found(change.queue.id).value
    say(change.description)
    json(
      QueuesCommand.node(
        command: "untie", queue, in: saved,
        extra: [("message", .string(change.description))]))
  }

  /// `untied up-next|nowhere`: where the new episodes of shows tied to no queue go.
  mutating func untied() throws(CommandError) {
    let choice = try arguments("<up-next|nowhere>")[0]
    guard choice == "up-next" || choice == "nowhere" else {
      throw QueuesCommand.usage(
        "The value '\(DisplayText.quoted(choice))' is invalid for '<up-next|nowhere>'; use up-next or nowhere")
    }
    let library = try update { (library) throws(QueueError) in library.untiedShowsGoToUpNext = choice == "up-next" }
    say(
      library.untiedShowsGoToUpNext
        ? "New episodes of shows tied to no queue go to the end of \(library.upNext.name)."
        : "New episodes of shows tied to no queue go nowhere.")
    json(.object([("command", .string("untied")), ("untiedShowsGoToUpNext", .bool(library.untiedShowsGoToUpNext))]))
  }

  /// `refresh --catalog CATALOG`: the episodes new since the store last saw the catalog's shows go to their
  /// show's queue; prints what went where and what stayed out.
  mutating func refresh() throws(CommandError) {
    _ = try arguments()
    guard let file = parsed.value("--catalog") else {
      throw QueuesCommand.usage("Missing expected argument '--catalog <catalog>'")
    }
    let catalog = try SmartFillCommand.readCatalog(file)
    var routing: EpisodeRouting?
    let library = try update { (library) throws(QueueError) in
      routing = library.routeNewEpisodes(in: catalog, now: now)
    }
    guard let routing else { return }
    say(routing.description)
    if !routing.routed.isEmpty {
      let queues = Set(routing.routed.map(\.queue.id))
      for queue in library.queues where queues.contains(queue.id) { say("\(queue.name): now \(queue.summary).") }
    }
    json(
      .object([
        ("command", .string("refresh")),
        (
          "routed",
          .array(
            routing.routed.map {
              .object([
                ("queueID", .string($0.queue.id.rawValue)), ("feedURL", .string($0.episode.feedURL)),
                ("guid", .string($0.episode.episodeGUID)), ("position", .integer($0.index + 1)),
                ("placement", .string($0.placement.rawValue)), ("message", .string($0.description)),
              ])
            })
        ),
        (
          "skipped",
          .array(
            routing.skipped.map {
              .object([
                ("feedURL", .string($0.episode.feedURL)), ("guid", .string($0.episode.guid)),
                ("reason", .string($0.reason.description)), ("message", .string($0.description)),
              ])
            })
        ),
      ]))
  }

  /// The show `text` names for a tie: with `--catalog`, a show of the catalog by feed URL or unambiguous title
  /// (with the nearest titles suggested otherwise); without, a feed URL, or the title of a show tied already.
  func tiedShow(_ text: String) throws(CommandError) -> (feedURL: String, title: String) {
    if let file = parsed.value("--catalog") {
      let catalog = try SmartFillCommand.readCatalog(file)
      do throws(CommandError) {
        let show = try catalog.show(named: text)
        return (show.feedURL, show.title)
      } catch {
        throw .failure("\(DisplayText.escaped(file)): \(error.description)")
      }
    }
    let ties = try load().queues.flatMap(\.showTies)
    if let tie = try? Self.tie(named: text, among: ties) { return (tie.feedURL, "") }
    guard text.contains("://") else {
      throw QueuesCommand.usage(
        "\(DisplayText.inQuotes(text)) is not a feed URL, and no show tied has that title; give the feed URL, "
          + "or --catalog <catalog> to name the show by its title")
    }
    return (text, "")
  }

  /// The tie among `ties` of the show `text` names: its feed URL, else its title (ignoring case and runs of
  /// spaces), with the nearest titles suggested when none matches.
  static func tie(named text: String, among ties: [ShowTie]) throws(CommandError) -> ShowTie {
    if let exact = ties.first(where: { $0.feedURL == text }) { return exact }
    let key = Catalog.titleKey(text)
    let byTitle = ties.filter { !$0.showTitle.isEmpty && Catalog.titleKey($0.showTitle) == key }
    if byTitle.count == 1 { return byTitle[0] }
    if byTitle.count > 1 {
      let urls = byTitle.map { DisplayText.quoted($0.feedURL) }.joined(separator: ", ")
      throw .failure(
        "\(byTitle.count) shows tied are titled \(DisplayText.inQuotes(text)) (\(urls)); give the feed URL")
    }
    let near = Spelling.nearest(to: text, in: ties.map(\.displayTitle)).map {
      "; did you mean \(DisplayText.inQuotes($0))?"
    }
    throw .failure(
      "no show tied to a queue has the title or feed URL \(DisplayText.inQuotes(text))"
        + (near ?? (ties.isEmpty ? "; no show is tied" : "")))
  }

  /// The one of `options` given, or `nil`; a usage error when both are.
  func oneOf(_ first: String, _ second: String) throws(CommandError) -> String? {
    let given = [first, second].filter(parsed.isSet)
    if given.count > 1 { throw QueuesCommand.usage("Give one of '\(first)' and '\(second)', not both") }
    return given.first
  }
}
