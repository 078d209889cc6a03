import Testing

@testable import SmartFillCLI

@Suite("Argument parser")
struct ArgumentParserTests {
  let parser = ArgumentParser(
    command: .fill,
    options: [
      .init(names: ["-o", "--output"], valueName: "<file>"),
      .init(names: ["--minutes"], valueName: "<minutes>"),
      .init(names: ["--json"], valueName: nil),
    ])

  @Test("reads arguments, values in both spellings, repeated values, flags and --")
  func parses() throws {
    let parsed = try parser.parse(["a", "-o", "x", "--output=y", "--json", "--minutes", "-5", "--", "--json", "-"])
    #expect(parsed.arguments == ["a", "--json", "-"])
    #expect(parsed.values["--output"] == ["x", "y"])
    #expect(parsed.value("--output") == "y")
    #expect(parsed.value("--minutes") == "-5")
    #expect(parsed.flags == ["--json"])
    #expect(!parsed.wantsHelp)
    #expect(try parser.parse(["--help"]).wantsHelp)
  }

  @Test("an option's value may not be another option")
  func missingValue() {
    #expect(throws: CommandError.usage("Missing value for '--output <file>'", command: .fill)) {
      try parser.parse(["-o", "--json"])
    }
    #expect(throws: CommandError.usage("Unknown option '-x'", command: .fill)) { try parser.parse(["-x"]) }
  }
}
