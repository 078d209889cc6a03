import Foundation
import QueueSyncSimulation
import SmartFillSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill sync simulate")
struct SyncCommandTests {
  let usage =
    "Usage: smartfill sync simulate --devices <count> --seed <seed> --steps <count> [--rule <rule>] [--json]\n"
    + usageFooter

  @Test(
    "usage errors",
    arguments: [
      (["sync"], "Missing expected argument '<action>'"),
      (["sync", "run"], "Unknown action 'run'; the only action is simulate"),
      (["sync", "simulate", "--seed", "1", "--steps", "10"], "Missing expected argument '--devices <count>'"),
      (
        ["sync", "simulate", "--devices", "1", "--seed", "1", "--steps", "10"],
        "The value '1' is invalid for '--devices <count>': expected a whole number from 2 to 8"
      ),
      (["sync", "simulate", "--devices", "3", "--seed", "1"], "Missing expected argument '--steps <count>'"),
      (["sync", "simulate", "--devices", "3", "--steps", "10"], "Missing expected argument '--seed <seed>'"),
      (
        ["sync", "simulate", "--devices", "3", "--seed", "x", "--steps", "10"],
        "The value 'x' is invalid for '--seed <seed>': expected a whole number from 0 to 18446744073709551615"
      ),
      (
        ["sync", "simulate", "--devices", "3", "--seed", "1", "--steps", "10", "--rule", "lww"],
        "The value 'lww' is invalid for '--rule <rule>'; use crdt, design or replace"
      ),
      (["sync", "simulate", "extra"], "Unexpected argument 'extra'"),
      (["sync", "simulate", "--devices", "3", "--bogus"], "Unknown option '--bogus'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(SmartFillCommand.run(arguments) == .init(standardError: "Error: \(message)\n" + usage, exitStatus: 64))
  }

  @Test("--help prints the four sections")
  func help() {
    let output = SmartFillCommand.run(["sync", "--help"])
    #expect(output.exitStatus == 0 && output.standardError.isEmpty)
    #expect(output.standardOutput.hasPrefix("OVERVIEW: Simulate devices syncing their queues.\n"))
    #expect(output.standardOutput.contains("USAGE: smartfill sync simulate --devices <count>"))
    #expect(SmartFillCommand.run(["help", "sync"]).standardOutput == output.standardOutput)
  }

  @Test("--json prints the simulation's outcome, the same for the same options")
  func json() throws {
    let arguments = ["sync", "simulate", "--devices", "3", "--seed", "5", "--steps", "120", "--json"]
    let output = SmartFillCommand.run(arguments)
    #expect(output.exitStatus == 0 && output.standardError.isEmpty)
    guard case .object(let members) = try JSONValue.parse(Array(output.standardOutput.utf8)) else {
      Issue.record("not an object: \(output.standardOutput)")
      return
    }
    let outcome = SyncSimulation.run(.init(devices: 3, steps: 120, seed: 5, rule: .crdt))
    #expect(members["rule"] == .string("crdt"))
    #expect(members["seed"] == .string("5"))
    #expect(members["converged"] == .bool(outcome.converged))
    #expect(members["lost"] == .integer(outcome.lost))
    #expect(members["resurrected"] == .integer(outcome.resurrected))
    #expect(members["edits"] == .integer(outcome.edits))
    #expect(members["allChecksPassed"] == .bool(true))
    #expect(SmartFillCommand.run(arguments) == output)
  }

  @Test("the text shows the difference: crdt passes every check, the design's rule loses episodes")
  func text() {
    let base = ["sync", "simulate", "--devices", "4", "--seed", "3", "--steps", "300"]
    let crdt = SmartFillCommand.run(base)
    #expect(crdt.exitStatus == 0)
    #expect(crdt.standardOutput.contains("\nconverged:           yes\n"), "\(crdt.standardOutput)")
    #expect(crdt.standardOutput.contains("\nlost:                0\n"), "\(crdt.standardOutput)")
    #expect(crdt.standardOutput.contains("\nall checks passed:   yes\n"), "\(crdt.standardOutput)")
    let design = SmartFillCommand.run(base + ["--rule", "design"])
    #expect(design.standardOutput.hasPrefix("rule:                design"))
    #expect(!design.standardOutput.contains("\nlost:                0\n"), "\(design.standardOutput)")
    #expect(design.standardOutput.contains("\nall checks passed:   no\n"), "\(design.standardOutput)")
  }
}
