// How the results' sentences write durations and windows (``FillResult/Explanation``).

/// "42–48 min" for a window, in whole minutes when it is.
func describe(_ window: ClosedRange<Int>) -> String {
  "\(describe(seconds: window.lowerBound))–\(describe(seconds: window.upperBound))"
}

/// "45 min", "1 h 30 min", "44 min 10 s".
func describe(seconds: Int) -> String {
  let hours = seconds / 3600
  let minutes = seconds / 60 % 60
  let rest = seconds % 60
  var parts: [String] = []
  if hours > 0 { parts.append("\(hours) h") }
  if minutes > 0 || (hours == 0 && rest == 0) { parts.append("\(minutes) min") }
  if rest > 0 { parts.append("\(rest) s") }
  return parts.joined(separator: " ")
}
