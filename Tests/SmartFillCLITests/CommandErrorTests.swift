import Testing

@testable import SmartFillCLI

@Suite("Command errors")
struct CommandErrorTests {
  @Test("usage errors exit with 64, failures with 1")
  func exitStatus() {
    #expect(CommandError.usage("x", command: nil).exitStatus == 64)
    #expect(CommandError.failure("y").exitStatus == 1)
    #expect(CommandError.failure("y").description == "y")
  }

  @Test("the subcommands are spelled as on the command line")
  func subcommands() {
    #expect(
      Subcommand.allCases.map(\.rawValue) == [
        "import", "fill", "generate", "validate", "shows", "episodes", "simulate", "sync", "queues", "audit",
      ])
  }
}
