import SmartFillSupport
import Testing

@Suite("Command-line parser")
struct CommandLineParserTests {
  let parser = CommandLineParser(options: [
    .init("-o", "--output", value: "<file>"),
    .init("--minutes", value: "<minutes>"),
    .init("--json"),
  ])

  @Test("reads arguments, values in both spellings, repeated values, flags and --")
  func parses() throws {
    let parsed = try parser.parse(["a", "-o", "x", "--output=y", "--json", "--minutes", "-5", "--", "--json", "-"])
    #expect(parsed.arguments == ["a", "--json", "-"])
    #expect(parsed.allValues("--output") == ["x", "y"])
    #expect(parsed.value("--output") == "y")
    #expect(parsed.value("--minutes") == "-5")
    #expect(parsed.isSet("--json"))
    #expect(!parsed.isSet("--other"))
    #expect(!parsed.wantsHelp)
    #expect(try parser.parse(["--help"]).wantsHelp)
    #expect(try parser.parse(["-h"]).wantsHelp)
  }

  @Test("usage errors say what is wrong as swift-argument-parser does")
  func errors() {
    #expect(throws: CommandLineError("Missing value for '--output <file>'")) { try parser.parse(["-o", "--json"]) }
    #expect(throws: CommandLineError("Missing value for '--minutes <minutes>'")) { try parser.parse(["--minutes"]) }
    #expect(throws: CommandLineError("Unknown option '-x'")) { try parser.parse(["-x"]) }
    #expect(throws: CommandLineError("The option '--json' does not take a value")) {
      try parser.parse(["--json=yes"])
    }
  }

  @Test("one positional argument, or none")
  func positional() throws {
    #expect(try parser.parse(["a"]).onlyArgument("<catalog>") == "a")
    #expect(throws: CommandLineError("Missing expected argument '<catalog>'")) {
      try parser.parse([]).onlyArgument("<catalog>")
    }
    #expect(throws: CommandLineError("Unexpected argument 'b'")) { try parser.parse(["a", "b"]).onlyArgument("<c>") }
    #expect(throws: CommandLineError("Unexpected argument 'a'")) { try parser.parse(["a"]).noArguments() }
  }

  @Test("a usage error's text and the exit statuses")
  func usageText() {
    #expect(
      ExitStatus.usageErrorText("Unknown option '-x'", usage: "tool [--json]", program: "tool")
        == "Error: Unknown option '-x'\nUsage: tool [--json]\n  See 'tool --help' for more information.\n")
    #expect(
      CommandLineError.invalidValue("csv", for: "--format <format>", "use table or markdown").message
        == "The value 'csv' is invalid for '--format <format>'; use table or markdown")
    #expect([ExitStatus.success, ExitStatus.failure, ExitStatus.thresholdExceeded, ExitStatus.usage] == [0, 1, 2, 64])
  }
}
