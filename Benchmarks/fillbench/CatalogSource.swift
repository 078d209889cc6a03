import SmartFill

/// A catalog the suite runs on.
struct CatalogSource {
  var name: String
  var subscriptions: Int
  var isScaleSweep: Bool
  var load: () throws -> Catalog
}
