import QueueScreens
import Queues
import Testing

@Suite("QueueScreensError")
struct QueueScreensErrorTests {
  @Test("messages name the field and the problem")
  func messages() {
    let error = QueueScreensError.invalidDraft([
      QueueEditor.FieldError(field: .name, message: "Enter a name"),
      QueueEditor.FieldError(field: .rule(0), message: "bad"),
    ])
    #expect(error.description == "the queue was not saved: name: Enter a name; rule 1: bad")
    #expect(
      QueueScreensError.queue(.unknownQueue(.commute)).description
        == "the queue was not saved: no queue has the id \"commute\"")
  }
}
