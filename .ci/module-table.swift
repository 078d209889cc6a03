// Checks that the README's module table is the graph of Package.swift: every target but the tests has a row,
// each row's "on" column lists exactly its targets' dependencies, and its "product" column the products.
// Usage: swift package dump-package | swift .ci/module-table.swift README.md
import Foundation

struct Target {
  var name: String
  var dependencies: Set<String>
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: README.md's module table: \(message)\n".utf8))
  exit(1)
}

let manifest = FileHandle.standardInput.readDataToEndOfFile()
guard let package = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any],
  let targetList = package["targets"] as? [[String: Any]], let productList = package["products"] as? [[String: Any]]
else { fail("`swift package dump-package` gave no targets") }

var targets: [String: Target] = [:]
for target in targetList where (target["type"] as? String) != "test" {
  guard let name = target["name"] as? String else { continue }
  var dependencies: Set<String> = []
  for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
    // {"target": ["Name", null]}, {"byName": ["Name", null]} or {"product": ["Name", "package", …]}.
    if let value = dependency.values.first as? [Any], let dependencyName = value.first as? String {
      dependencies.insert(dependencyName)
    }
  }
  targets[name] = Target(name: name, dependencies: dependencies)
}
var products: [String: String] = [:]  // target name → "library" or "executable `name`"
for product in productList {
  guard let name = product["name"] as? String, let members = product["targets"] as? [String],
    let type = product["type"] as? [String: Any]
  else { continue }
  for member in members { products[member] = type["executable"] != nil ? "executable `\(name)`" : "library" }
}

let readme = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
let lines = readme.components(separatedBy: "\n")
guard let header = lines.firstIndex(of: "| module | on | product | what |") else { fail("no table found") }
var rows: [[String]] = []
for line in lines[(header + 2)...] {
  guard line.hasPrefix("|") else { break }
  rows.append(
    line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
      $0.trimmingCharacters(in: .whitespaces)
    })
}

func names(_ cell: String) -> [String] {
  cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
    String($0.element)
  }
}

var seen: Set<String> = []
for row in rows {
  let members = names(row[0])
  let listed = Set(
    row[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      $0 != "—" && !$0.contains("(system library)")
    })
  var dependencies: Set<String> = []
  for member in members {
    guard let target = targets[member] else { fail("`\(member)` is not a target of Package.swift") }
    seen.insert(member)
    dependencies.formUnion(target.dependencies)
  }
  let product = Set(members.compactMap { products[$0] }).sorted().joined(separator: ", ")
  if row[2] != (product.isEmpty ? "none" : product) {
    fail(
      "\(members.joined(separator: ", ")): the product is \(product.isEmpty ? "none" : product), the table says \(row[2])"
    )
  }
  dependencies.subtract(members)
  if dependencies != listed {
    fail(
      "\(members.joined(separator: ", ")) is on \(dependencies.sorted().joined(separator: ", ")); "
        + "the table says \(listed.sorted().joined(separator: ", "))")
  }
}
let missing = Set(targets.keys).subtracting(seen)
if !missing.isEmpty { fail("no row for \(missing.sorted().joined(separator: ", "))") }
print("module table: \(seen.count) targets, the same graph as Package.swift")
