import Testing

@testable import SmartFillSupport

@Suite("How a program starts from its arguments")
struct ProgramStartTests {
  static func parse(_ arguments: [String]) throws(CommandLineError) -> Int? {
    if arguments == ["--help"] { return nil }
    guard let value = arguments.first.flatMap(Int.init) else {
      throw CommandLineError("Missing expected argument '<n>'")
    }
    return value
  }

  @Test("options run; help prints on standard output with 0; a usage error on standard error with 64")
  func outcomes() {
    guard
      case .run(let value) = ProgramStart(
        ["7"], program: "bench", usage: "bench <n>", help: "HELP\n", parse: Self.parse)
    else {
      Issue.record("expected options")
      return
    }
    #expect(value == 7)
    guard
      case .exit(let status, let out, let err) = ProgramStart(
        ["--help"], program: "bench", usage: "bench <n>", help: "HELP\n", parse: Self.parse)
    else {
      Issue.record("expected help")
      return
    }
    #expect(status == 0 && out == "HELP\n" && err == "")
    guard
      case .exit(let status, let out, let err) = ProgramStart(
        [], program: "bench", usage: "bench <n>", help: "HELP\n", parse: Self.parse)
    else {
      Issue.record("expected a usage error")
      return
    }
    #expect(status == 64 && out == "")
    #expect(
      err == "Error: Missing expected argument '<n>'\nUsage: bench <n>\n  See 'bench --help' for more information.\n")
  }
}
