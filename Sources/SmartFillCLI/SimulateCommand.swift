import AutoSwitch
import Foundation
import Queues
import SmartFillSupport

/// `smartfill simulate`: a timeline of context events through the auto-switch engine, and the log of its
/// decisions.
enum SimulateCommand {
  static let parser = CommandLineParser(options: [.init("--store", value: "<queues>"), .init("--json")])

  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    let parsed = try parser.parse(arguments, for: .simulate)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.simulateHelp
      return
    }
    let file = try parsed.onlyArgument("<timeline>", of: .simulate)
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(file, maximumBytes: Timeline.maximumFileBytes)
    } catch {
      throw SmartFillCommand.cannotRead(file, error)
    }
    let timeline: Timeline
    do throws(AutoSwitchError) {
      timeline = try Timeline(json: bytes)
    } catch {
      throw .failure("\(DisplayText.escaped(file)): invalid \(error)")
    }
    var library = QueueLibrary(now: timeline.events.first?.at ?? Date(timeIntervalSince1970: 0))
    if let store = parsed.value("--store") { library = try SmartFillCommand.readStore(store) }
    let (log, final) = timeline.run(on: library)
    output.standardOutput +=
      parsed.isSet("--json")
      ? timeline.logJSON(log, library: final) : DisplayText.escapedKeepingLines(timeline.logText(log, library: final))
  }
}
