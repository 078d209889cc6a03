/// The subcommands of `smartfill`.
package enum Subcommand: String, Sendable, Hashable, CaseIterable {
  /// Imports feed files into a catalog.
  case `import`
  /// Fills a queue from a catalog.
  case fill
  /// Generates a synthetic catalog.
  case generate
  /// Checks a catalog.
  case validate
  /// Lists a catalog's shows.
  case shows
  /// Lists a show's episodes.
  case episodes
  /// Runs an auto-switching timeline.
  case simulate
  /// Simulates multi-device queue sync.
  case sync
  /// Shows and changes the queues in a store file.
  case queues
  /// Runs the design's validation checklist and prints its report.
  case audit
}
