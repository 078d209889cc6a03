import Foundation
import SmartFill
import SmartFillTestSupport
import SyntheticCatalogs
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
        "The value '0' is invalid for '--subscriptions <count>': expected a whole number from 1 to 20000"
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

@Suite("smartfill generate output")
struct GenerateOutputTests {
  @Test("writes the benchmark generator's catalog, the same for the same count and seed")
  func generates() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let first = SmartFillCommand.run(["generate", "--subscriptions", "3", "--seed", "42"])
    #expect(first.exitStatus == 0)
    #expect(first.standardError == "")
    #expect(first.standardOutput == CatalogGenerator(subscriptions: 3, seed: 42).catalog().jsonText())
    let catalog = try Catalog(json: Data(first.standardOutput.utf8))
    #expect(catalog.shows.count == 3)
    let file = folder.path + "/generated.json"
    let second = SmartFillCommand.run(["generate", "--seed=42", "--subscriptions=3", "-o", file])
    #expect(second == .init())
    #expect(try folder.read("generated.json") == first.standardOutput)
    let other = SmartFillCommand.run(["generate", "--subscriptions", "3", "--seed", "43"])
    #expect(other.standardOutput != first.standardOutput)
  }
}
