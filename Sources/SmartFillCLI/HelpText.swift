/// The help texts and usage lines, written out in full so that tests can compare them byte for byte.
enum HelpText {
  static let version = "0.1.0"

  static let root = """
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

  static func usage(_ command: Subcommand?) -> String {
    switch command {
    case nil:
      return "smartfill <subcommand>"
    case .import?:
      return "smartfill import --opml <opml> --feeds <directory> [-o <catalog>]\n"
        + "       smartfill import <feed> ... [-o <catalog>]"
    case .fill?:
      return "smartfill fill <catalog> --mode <mode> [--minutes <minutes>] [--tolerance <minutes>] "
        + "[--aim <minutes>] [--priority <show> ...] [--exclude <guid> ...] [--json]"
    case .generate?:
      return "smartfill generate --subscriptions <count> --seed <seed> [-o <catalog>]"
    case .validate?:
      return "smartfill validate <catalog>"
    case .shows?:
      return "smartfill shows <catalog> [--json]"
    case .episodes?:
      return "smartfill episodes <catalog> <show> [--json]"
    case .simulate?:
      return "smartfill simulate <timeline> [--store <queues>] [--json]"
    case .sync?:
      return "smartfill sync simulate --devices <count> --seed <seed> --steps <count> [--rule <rule>] [--json]"
    case .queues?:
      return "smartfill queues <command> [<argument> ...] [--store <path>] [--json]"
    case .audit?:
      return "smartfill audit [--catalog <catalog>] [--store <queues>] [--only <area> | --queue <name>] [--json]"
    }
  }

  static func help(_ command: Subcommand?) -> String {
    switch command {
    case nil: return root
    case .import?: return importHelp
    case .fill?: return fillHelp
    case .generate?: return generateHelp
    case .validate?: return validateHelp
    case .shows?: return showsHelp
    case .episodes?: return episodesHelp
    case .simulate?: return simulateHelp
    case .sync?: return syncHelp
    case .queues?: return queuesHelp
    case .audit?: return auditHelp
    }
  }

  static let importHelp = """
    OVERVIEW: Import feed files into a catalog.

    Reads podcast feeds (RSS 2.0 or Atom, with iTunes and Podcasting 2.0 tags) from disk, never from the
    network, and writes a catalog (JSON, version 1). With --opml, the shows are the subscriptions of an OPML
    list, each read from the .xml, .rss and .atom files under --feeds that carry its feed URL (or, failing
    that, its title). A summary goes to standard error: each file imported, moved or rejected, and each show's
    episodes and those without a known duration. A feed that cannot be read is reported and the others are
    imported; the exit status is then 1. The catalog is never written over one of the files read.

    USAGE: \(usage(.import))

    ARGUMENTS:
      <feed>                  A feed file to import; several files of one feed are merged as snapshots.

    OPTIONS:
      --opml <opml>           An OPML subscription list.
      --feeds <directory>     The folder of feed files for --opml.
      -o, --output <catalog>  Where to write the catalog (default: standard output).
      -h, --help              Show help information.

    """

  static let fillHelp = """
    OVERVIEW: Fill a queue from a catalog.

    Prints the queue as a table (show, season and episode, title, time, why it was chosen) and the total
    against the target. Episodes with an unknown duration are never chosen by fill-time or variety.

    USAGE: \(usage(.fill))

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

  static let generateHelp = """
    OVERVIEW: Generate a synthetic catalog for benchmarks.

    The same count and seed always give the same catalog.

    USAGE: \(usage(.generate))

    ARGUMENTS:
      (none)

    OPTIONS:
      --subscriptions <count> The number of shows, 1 to 20000.
      --seed <seed>           The random seed, a whole number from 0 to 18446744073709551615.
      -o, --output <catalog>  Where to write the catalog (default: standard output).
      -h, --help              Show help information.

    """

  static let validateHelp = """
    OVERVIEW: Check a catalog and list every problem.

    Prints every problem with its show, episode and field; the exit status is 1 if there is any.

    USAGE: \(usage(.validate))

    ARGUMENTS:
      <catalog>               A catalog file (JSON, version 1).

    OPTIONS:
      -h, --help              Show help information.

    """

  static let showsHelp = """
    OVERVIEW: List a catalog's shows: titles, feed URLs and counts.

    A line per show: its title and feed URL (what --priority and 'smartfill episodes' take), its
    episodes, how many have no known duration and how many are played.

    USAGE: \(usage(.shows))

    ARGUMENTS:
      <catalog>               A catalog file (JSON, version 1).

    OPTIONS:
      --json                  Print the shows as one JSON document.
      -h, --help              Show help information.

    """

  static let episodesHelp = """
    OVERVIEW: List a show's episodes: GUIDs, numbers and durations.

    A line per episode: its GUID (what 'queues add' and --exclude take), season and episode, duration
    (? when unknown) and title, marked when played.

    USAGE: \(usage(.episodes))

    ARGUMENTS:
      <catalog>               A catalog file (JSON, version 1).
      <show>                  The show's title (when one show has it) or feed URL.

    OPTIONS:
      --json                  Print the show and its episodes as one JSON document.
      -h, --help              Show help information.

    """

  static let auditHelp = """
    OVERVIEW: Run the design's validation checklist and print its report.

    Runs the checks now and prints the design's report: queue operations on a scratch copy (creation up to
    the limit, naming, ordering, deletion and restore, duplication), the auto-switching scenarios (and the
    store's own rules), smart fill's accuracy beside the design's greedy, continuity, variety and speed
    against the 500 ms budget, and a seeded multi-device sync run beside the design's 10-second rule. With a
    store (and a catalog), its problems are listed by priority with recommendations, among them shows tied to
    a deleted queue or to two queues, and what a store read only in part left out. The store is only read.
    A catalog with no episode a fill can take leaves smart fill "– Not Checked", which is no pass. Exits
    with 0 when everything is ✓, 1 when anything is ⚠, ✗ or not checked.

    USAGE: \(usage(.audit))

    ARGUMENTS:
      (none)

    OPTIONS:
      --catalog <catalog>     The catalog to fill from and check the store against (default: generated
                              100-subscription catalogs).
      --store <queues>        The queue store file to look at (only read; one read only in part is looked
                              at as read, what was left out listed).
      --only <area>           One line only: queues, auto-switch, smart-fill or sync.
      --queue <name>          One queue of the store, by name (needs --store).
      --json                  Print the report as one JSON document.
      -h, --help              Show help information.

    """

  static let simulateHelp = """
    OVERVIEW: Replay a timeline of context events through auto-switching.

    Feeds each event of the timeline (CarPlay, audio routes, motion, Focus filters, the player, the
    listener's answers) to the auto-switch engine, in order, and prints each event with the decision it led
    to and why: none, a question, a switch now, a switch when the episode ends, a notice, or a held play
    command. The queue store is only read; nothing is written.

    USAGE: \(usage(.simulate))

    ARGUMENTS:
      <timeline>              A timeline file (JSON, version 1).

    OPTIONS:
      --store <queues>        A queue store file to start from (default: the built-in queues, empty).
      --json                  Print the log as one JSON document instead of text.
      -h, --help              Show help information.

    """

  static let syncHelp = """
    OVERVIEW: Simulate devices syncing their queues.

    Runs one randomized simulation: the devices edit their queues (add, remove, move, rename, clear, create,
    delete and duplicate queues, play, finish, automatic adds), go offline for up to 30 simulated days with
    wrong clocks, and sync in random order through an in-memory server that loses 10 % of save answers and
    delivers fetched records duplicated, reordered and stale. Prints whether the devices ended identical and
    how many episodes were lost, came back after a remove or a finish, were duplicated or landed inside a
    batch. The same options always give the same run.

    USAGE: \(usage(.sync))

    ARGUMENTS:
      simulate                The action: run one simulation.

    OPTIONS:
      --devices <count>       The number of devices, 2 to 8.
      --seed <seed>           The random seed, a whole number from 0 to 18446744073709551615.
      --steps <count>         The number of steps, 1 to 100000.
      --rule <rule>           crdt (this package's sync, the default), design (merge within 10 seconds,
                              else the later write wins) or replace (whole-list replace on reorder).
      --json                  Print the outcome as one JSON document.
      -h, --help              Show help information.

    """

  static let queuesHelp = """
    OVERVIEW: Show and change the queues in a store file.

    The design's screens in a terminal (list: the management screen; switcher: the mini player; show: the
    editor's view), and the commands that change the queues. A queue is named by its name, ignoring case
    and emoji ("commute" for "🚗 Commute"), or by its id. Positions count from 1; times are seconds, M:SS
    or H:MM:SS. Every change is written atomically under the store's lock. Tables fit the terminal's
    width (COLUMNS), falling back to a few lines per queue.

    USAGE: \(usage(.queues))

    ARGUMENTS:
      <command>               One of the commands below, with its arguments.

    COMMANDS:
      list                    The queues, their size, auto-switching and actions.
      switcher                What plays, from which queue, and every queue to switch to.
      show <queue>            A queue's rules, smart fill and episodes [--catalog <catalog>].
      create <name>           A new empty queue [--emoji <emoji>].
      rename <queue> <name>   A new name [--emoji <emoji>]; Up Next changes only its emoji.
      delete <queue>          Says what will go and asks [-y, --yes]; restorable for 30 days.
      restore <queue>         A deleted queue back, with everything it had.
      duplicate <queue>       A copy with its episodes, rules and settings; the shows tied move to it.
      clear <queue>           Every episode out (see undo).
      undo                    Puts back the episodes of the last clear or fill --replace.
      add <queue> <episode> ...
                              Episodes (GUID or feedURL#GUID) from --catalog <catalog>, of the show
                              --show <show> (title or feed URL) when given, placed
                              [--next | --last | --at <n>] (default: last); an episode the queue
                              holds already stays where it is.
      remove <queue> <position> ...
                              Episodes by position or GUID; a refresh does not add them back.
      move <queue> <from> <to>
                              An episode to another position.
      settings <queue>        Smart fill: --mode <mode> [--minutes <minutes>] [--tolerance <minutes>]
                              [--priority <feed-url> ...], or --off.
      fill <queue>            Runs the queue's smart fill on --catalog <catalog> [--replace],
                              with the engine's reasons.
      rules <queue> add <kind>
                              A rule: car; motion --activity walking|running|cycling|automotive
                              [--stable-seconds <seconds>] [--confidence medium|high]; time --start
                              <HH:MM> --end <HH:MM> [--days every-day|weekdays|weekends|mon,wed]
                              [--time-zone <identifier>]; audio --output airPods|headphones|airPlay|
                              bluetoothSpeaker|car|builtInSpeaker (or --device-id <id> --device-name
                              <name>); focus [--focus-name <name>]. Each with [--consent
                              ask|always|never] [--returns].
      rules <queue> remove|enable|disable <n>
                              Rule n (from 1) removed, turned on or off.
      rules <queue> on|off    Auto-switching to the queue on or off, keeping its rules.
      tie <queue> <show>      New episodes of the show (feed URL, or title with --catalog <catalog>)
                              go to the queue [--next | --last] [--only-new | --any-date]; a show
                              tied elsewhere moves.
      untie [<queue>] <show>  The show's new episodes go where an untied show's go.
      untied up-next|nowhere  Where new episodes of shows tied to no queue go (default: nowhere).
      refresh                 Routes the episodes of --catalog <catalog> new since the last refresh
                              to their show's queue, and says what went where.
      switch <queue>          Makes the queue active, saving the position [--position <time>].
      play                    The active queue's episode [--episode <n>] at [--position <time>].
      finish                  The active queue's episode played to its end; the next plays.

    OPTIONS:
      --store <path>          The store file (default: $SMARTFILL_STORE, else
                              $XDG_DATA_HOME/smartfill/queues.json, else
                              ~/.local/share/smartfill/queues.json).
      --json                  Print one JSON document instead of text.
      --discard-unreadable    Use a store that could be read only in part, and write over it with what
                              could be read (a copy of the file is kept first).
      -h, --help              Show help information.

    """
}
