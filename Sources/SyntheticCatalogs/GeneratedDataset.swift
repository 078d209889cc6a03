/// The generated catalogs checked in under `Datasets/`, as catalog JSON version 1.
///
/// `swift run fillbench --write-datasets Datasets` writes them again, byte for byte; a test checks that.
public struct GeneratedDataset: Sendable, Hashable {
  /// The file's name under `Datasets/`.
  public var fileName: String
  /// The number of subscriptions.
  public var subscriptions: Int
  /// The generator's seed.
  public var seed: UInt64

  /// Every checked-in dataset.
  public static let all = [
    GeneratedDataset(fileName: "gen-10-s7.json", subscriptions: 10, seed: 7),
    GeneratedDataset(fileName: "gen-30-s11.json", subscriptions: 30, seed: 11),
    GeneratedDataset(fileName: "gen-100-s42.json", subscriptions: 100, seed: 42),
  ]

  /// The dataset's catalog JSON text.
  public func jsonText() -> String {
    CatalogGenerator(subscriptions: subscriptions, seed: seed).catalog().jsonText()
  }
}
