import Foundation
import SmartFillSupport
import Testing

@testable import Queues

@Suite("Known audio devices")
struct KnownAudioDeviceTests {
  @Test("a device is written with its identifier, name and answer, and reads back")
  func pinned() throws {
    var json = JSONWriter(style: .compact)
    KnownAudioDevice(identifier: "00:11", name: "Golf \"GTI\"", isCar: true).write(to: &json)
    #expect(json.text == #"{"identifier":"00:11","name":"Golf \"GTI\"","isCar":true}"#)
    let read = try KnownAudioDevice(reading: JSONReader(parsing: json.bytes))
    #expect(read == KnownAudioDevice(identifier: "00:11", name: "Golf \"GTI\"", isCar: true))
  }

  @Test("marking a device again replaces the answer; the oldest is forgotten past the limit")
  func marking() {
    var library = QueueLibrary(now: testDate)
    library.markAudioDevice("a", name: "Golf", isCar: true)
    library.markAudioDevice("b", name: "Kitchen", isCar: false)
    library.markAudioDevice("a", name: "Golf", isCar: false)
    #expect(library.knownAudioDevices.map(\.identifier) == ["b", "a"])
    #expect(library.knownAudioDevice("a")?.isCar == false)
    for index in 0..<QueueLibrary.maximumKnownAudioDevices {
      library.markAudioDevice("d\(index)", name: "D", isCar: false)
    }
    #expect(library.knownAudioDevices.count == QueueLibrary.maximumKnownAudioDevices)
    #expect(library.knownAudioDevice("b") == nil && library.knownAudioDevice("a") == nil)
  }

  @Test("a bad or repeated device is left out of a store and reported; the rest loads")
  func lenient() throws {
    var library = QueueLibrary(now: testDate)
    library.markAudioDevice("a", name: "Golf", isCar: false)
    library.markAudioDevice("b", name: "Kitchen", isCar: false)
    library.markAudioDevice("c", name: "Polo", isCar: true)
    let text = library.jsonText()
      .replacingOccurrences(of: #""identifier": "b""#, with: #""identifier": "a""#)
      .replacingOccurrences(of: #""isCar": true"#, with: #""isCar": "yes""#)
    let (loaded, issues) = try QueueLibrary.salvaging(json: Array(text.utf8), now: testDate)
    #expect(loaded.knownAudioDevices.map(\.name) == ["Golf"])
    #expect(issues.map(\.location) == ["knownAudioDevices[1].identifier", "knownAudioDevices[2].isCar"])
    #expect(issues.map(\.outcome) == [.knownDeviceSkipped(identifier: "a"), .knownDeviceSkipped(identifier: "c")])
    #expect(issues[0].reason == #"is used by an earlier device, found "a""#)
  }

  @Test("a consent kept with a rule keeps the fields a newer version wrote in it")
  func consentKeepsUnknownFields() throws {
    let text = QueueLibrary(now: testDate).jsonText()
      .replacingOccurrences(of: #""kind": "car","#, with: #""kind": "car", "strength": 3,"#)
    var library = try QueueLibrary(json: Array(text.utf8), now: testDate)
    try library.recordConsent(.never, forRule: 0, of: .commute, now: testDate)
    #expect(library[.commute]?.autoSwitchRules == [AutoSwitchRule(.car, consent: .never)])
    #expect(library.jsonText().contains(#""strength": 3"#))
    #expect(throws: QueueError.indexOutOfRange(index: 1, validRange: 0...0, queueName: "🚗 Commute")) {
      try library.recordConsent(.never, forRule: 1, of: .commute, now: testDate)
    }
  }
}
