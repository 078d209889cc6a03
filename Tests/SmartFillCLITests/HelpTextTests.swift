import Testing

@testable import SmartFillCLI

@Suite("Help text")
struct HelpTextTests {
  @Test("smartfill --help prints the overview, usage, arguments, options and subcommands")
  func rootHelp() {
    let expected = """
      OVERVIEW: Fill a listening queue from podcast feeds.

      Imports podcast feeds (RSS and Atom) and OPML subscription lists from disk into a catalog, fills
      a queue from a catalog to a target duration, generates synthetic catalogs and validates catalogs.

      USAGE: smartfill <subcommand>

      ARGUMENTS:
        <subcommand>            One of the subcommands below.

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        import                  Import feed files into a catalog.
        fill                    Fill a queue from a catalog.
        generate                Generate a synthetic catalog for benchmarks.
        validate                Check a catalog and list every problem.
        shows                   List a catalog's shows: titles, feed URLs and counts.
        episodes                List a show's episodes: GUIDs, numbers and durations.
        simulate                Replay a timeline of context events through auto-switching.
        sync                    Simulate devices syncing their queues.
        queues                  Show and change the queues in a store file.
        audit                   Run the design's validation checklist and print its report.

        See 'smartfill help <subcommand>' for detailed help.

      """
    for arguments in [["--help"], ["-h"], ["help"]] {
      #expect(SmartFillCommand.run(arguments) == .init(standardOutput: expected), "\(arguments)")
    }
  }

  @Test("smartfill fill --help lists every option of fill")
  func fillHelp() {
    let expected = """
      OVERVIEW: Fill a queue from a catalog.

      Prints the queue as a table (show, season and episode, title, time, why it was chosen) and the total
      against the target. Episodes with an unknown duration are never chosen by fill-time or variety.

      USAGE: smartfill fill <catalog> --mode <mode> [--minutes <minutes>] [--tolerance <minutes>] \
      [--aim <minutes>] [--priority <show> ...] [--exclude <guid> ...] [--json]

      ARGUMENTS:
        <catalog>               A catalog file (JSON, version 1).

      OPTIONS:
        --mode <mode>           fill-time, continue-series or variety.
        --minutes <minutes>     The target duration in minutes; required except for continue-series.
        --tolerance <minutes>   How far the total may be from the target, in minutes (default: 3, or half
                                of a target shorter than that).
        --aim <minutes>         How close to the target to aim: within this of it, or as close as any
                                choice gets when that is farther (default: 1; the tolerance: anywhere in
                                the window).
        --priority <show>       A show to prefer, by title or feed URL; repeat for more, the first most.
        --exclude <guid>        An episode never to choose, by GUID (or feed URL#GUID); repeatable.
        --json                  Print the queue as one JSON document instead of a table.
        -h, --help              Show help information.

      """
    #expect(SmartFillCommand.run(["fill", "--help"]) == .init(standardOutput: expected))
    #expect(SmartFillCommand.run(["help", "fill"]) == .init(standardOutput: expected))
    // Help wins over missing arguments, as in swift-argument-parser.
    #expect(SmartFillCommand.run(["fill", "-h", "--mode", "nonsense"]) == .init(standardOutput: expected))
  }

  @Test("smartfill import --help shows both forms of the command")
  func importHelp() {
    let expected = """
      OVERVIEW: Import feed files into a catalog.

      Reads podcast feeds (RSS 2.0 or Atom, with iTunes and Podcasting 2.0 tags) from disk, never from the
      network, and writes a catalog (JSON, version 1). With --opml, the shows are the subscriptions of an OPML
      list, each read from the .xml, .rss and .atom files under --feeds that carry its feed URL (or, failing
      that, its title). A summary goes to standard error: each file imported, moved or rejected, and each show's
      episodes and those without a known duration. A feed that cannot be read is reported and the others are
      imported; the exit status is then 1. The catalog is never written over one of the files read.

      USAGE: smartfill import --opml <opml> --feeds <directory> [-o <catalog>]
             smartfill import <feed> ... [-o <catalog>]

      ARGUMENTS:
        <feed>                  A feed file to import; several files of one feed are merged as snapshots.

      OPTIONS:
        --opml <opml>           An OPML subscription list.
        --feeds <directory>     The folder of feed files for --opml.
        -o, --output <catalog>  Where to write the catalog (default: standard output).
        -h, --help              Show help information.

      """
    #expect(SmartFillCommand.run(["import", "--help"]) == .init(standardOutput: expected))
  }

  @Test("smartfill generate --help and validate --help")
  func generateAndValidateHelp() {
    let generate = """
      OVERVIEW: Generate a synthetic catalog for benchmarks.

      The same count and seed always give the same catalog.

      USAGE: smartfill generate --subscriptions <count> --seed <seed> [-o <catalog>]

      ARGUMENTS:
        (none)

      OPTIONS:
        --subscriptions <count> The number of shows, 1 to 20000.
        --seed <seed>           The random seed, a whole number from 0 to 18446744073709551615.
        -o, --output <catalog>  Where to write the catalog (default: standard output).
        -h, --help              Show help information.

      """
    #expect(SmartFillCommand.run(["generate", "--help"]) == .init(standardOutput: generate))
    let validate = """
      OVERVIEW: Check a catalog and list every problem.

      Prints every problem with its show, episode and field; the exit status is 1 if there is any.

      USAGE: smartfill validate <catalog>

      ARGUMENTS:
        <catalog>               A catalog file (JSON, version 1).

      OPTIONS:
        -h, --help              Show help information.

      """
    #expect(SmartFillCommand.run(["validate", "--help"]) == .init(standardOutput: validate))
    #expect(SmartFillCommand.run(["help", "validate"]) == .init(standardOutput: validate))
  }

  @Test("every help text has the four sections, in order")
  func sections() {
    for command in [nil] + Subcommand.allCases.map(Optional.some) {
      let text = HelpText.help(command)
      let positions = ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"].map { text.range(of: $0)?.lowerBound }
      #expect(positions.allSatisfy { $0 != nil }, "\(String(describing: command))")
      #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }
  }
}
