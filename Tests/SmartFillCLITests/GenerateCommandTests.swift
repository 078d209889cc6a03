import Testing

@testable import SmartFillCLI

@Suite("smartfill generate")
struct GenerateCommandTests {
  let usage = "Usage: smartfill generate --subscriptions <count> --seed <seed> [-o <catalog>]\n" + usageFooter

  @Test(
    "usage errors",
    arguments: [
      (["generate"], "Missing expected argument '--subscriptions <count>'"),
      (["generate", "--subscriptions", "5"], "Missing expected argument '--seed <seed>'"),
      (
        ["generate", "--subscriptions", "0", "--seed", "1"],
        "The value '0' is invalid for '--subscriptions <count>': expected a whole number from 1 to 100000"
      ),
      (
        ["generate", "--subscriptions", "5", "--seed", "-1"],
        "The value '-1' is invalid for '--seed <seed>': expected a whole number from 0 to 18446744073709551615"
      ),
      (["generate", "extra"], "Unexpected argument 'extra'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(SmartFillCommand.run(arguments) == .init(standardError: "Error: \(message)\n" + usage, exitStatus: 64))
  }
}
