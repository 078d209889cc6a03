/// Where a value is in a JSON document (`queues[1].episodes[3].feedURL`), kept as a chain and spelled out
/// only for an error message, so that reading a large document builds no strings.
package indirect enum JSONPath: Sendable, Hashable, CustomStringConvertible {
  case root
  case key(JSONPath, String)
  case index(JSONPath, Int)

  /// The path of the member `key` of the value here.
  package func appending(_ key: String) -> JSONPath { .key(self, key) }

  /// The path of element `index` of the array here.
  package func appending(_ index: Int) -> JSONPath { .index(self, index) }

  /// `queues[1].name`, or `top level` for the root.
  package var description: String {
    switch self {
    case .root: return "top level"
    case .key(.root, let key): return key
    case .key(let parent, let key): return parent.description + "." + key
    case .index(.root, let index): return "[\(index)]"
    case .index(let parent, let index): return parent.description + "[\(index)]"
    }
  }
}
