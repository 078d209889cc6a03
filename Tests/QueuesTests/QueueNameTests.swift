import Queues
import Testing

@Suite("Queue names")
struct QueueNameTests {
  @Test("a name is trimmed of surrounding spaces and line breaks")
  func trimming() throws {
    #expect(try QueueName.validated("  🚗 Commute \n") == "🚗 Commute")
  }

  @Test("an empty or blank name is refused", arguments: ["", "   ", "\n\t"])
  func emptyNames(name: String) {
    #expect(throws: QueueError.invalidName(name, reason: "must not be empty")) {
      try QueueName.validated(name)
    }
  }

  @Test("the length limit counts characters, so an emoji with a variation selector counts once")
  func lengthInGraphemeClusters() throws {
    let longest = "🏋️" + String(repeating: "x", count: QueueName.maximumLength - 1)
    #expect(longest.unicodeScalars.count == QueueName.maximumLength + 1)
    #expect(try QueueName.validated(longest) == longest)
    let tooLong = longest + "y"
    #expect(throws: QueueError.invalidName(tooLong, reason: "must be at most 40 characters, has 41")) {
      try QueueName.validated(tooLong)
    }
  }

  @Test("a line break or control character inside a name is refused", arguments: ["Up\nNext", "Bell\u{07}"])
  func controlCharacters(name: String) {
    #expect(throws: QueueError.invalidName(name, reason: "must not contain line breaks or other control characters")) {
      try QueueName.validated(name)
    }
  }

  @Test(
    "names clash ignoring case, normalization, variation selectors and surrounding spaces",
    arguments: [
      ("🚗 Commute", " 🚗 commute", true),
      ("Café", "Cafe\u{301}", true),
      ("ÉCOLE", "école", true),
      ("🏋️ Workout", "🏋 Workout", true),
      ("🚗 Commute", "🚙 Commute", false),
      ("Commute", "Commute 2", false),
    ])
  func clashes(first: String, second: String, clash: Bool) {
    #expect(QueueName.clash(first, second) == clash)
  }

  @Test(
    "the leading emoji and the text are read apart",
    arguments: [
      ("🚗 Commute", "🚗", "Commute"),
      ("🏋️ Workout", "🏋️", "Workout"),
      ("👩‍💻 Code", "👩‍💻", "Code"),
      ("🇫🇷 French", "🇫🇷", "French"),
      ("📋", "📋", ""),
      ("Commute", nil, "Commute"),
      ("1 Thing", nil, "1 Thing"),
      ("# Tag", nil, "# Tag"),
    ] as [(String, String?, String)])
  func emojiAndText(name: String, emoji: String?, text: String) {
    #expect(QueueName.emoji(of: name) == emoji)
    #expect(QueueName.text(of: name) == text)
  }

  @Test("an emoji must be exactly one emoji", arguments: ["🚗", " 🚴 ", "1️⃣"])
  func validEmoji(emoji: String) throws {
    #expect(try QueueName.validatedEmoji(emoji) == emoji.trimmingCharacters(in: .whitespaces))
  }

  @Test("text, two emoji or nothing is not an emoji", arguments: ["A", "🚗🚙", "", "1"])
  func invalidEmoji(emoji: String) {
    #expect(throws: QueueError.invalidEmoji(emoji)) { try QueueName.validatedEmoji(emoji) }
  }

  @Test("composing an emoji and text puts one space between them")
  func composing() {
    #expect(QueueName.compose(emoji: "🚴", text: " Bike ") == "🚴 Bike")
    #expect(QueueName.compose(emoji: nil, text: "Bike") == "Bike")
    #expect(QueueName.compose(emoji: "🚴", text: "") == "🚴")
  }
}
