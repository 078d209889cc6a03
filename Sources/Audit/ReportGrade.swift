/// A grade the report gives (a status, an issue's priority): its cases ordered as they are declared, and
/// written in capitals.
package protocol ReportGrade: CaseIterable, Comparable, RawRepresentable where RawValue == String {
  /// The grade in capitals, as the report writes it ("WORKING", "HIGH").
  var word: String { get }
}

extension ReportGrade {
  /// The grade in capitals, as the report writes it ("WORKING", "HIGH").
  package var word: String { rawValue.uppercased() }

  /// Whether `lhs` is declared before `rhs`.
  package static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
