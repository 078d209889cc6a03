import Foundation

/// Durations, counts and positions as the screens show them, through Foundation's format styles in the
/// listener's locale: "45 min", "2 hr 15 min", "45 minutes", "12:34", "1:05:09", "1,234".
///
/// English is what the tests pin. The sentences around the figures ("5 episodes", "Target Duration:") are
/// English; an app translates them with its own strings and keeps the figures.
public struct ScreenText: Sendable, Hashable {
  /// The locale the figures are formatted in.
  public var locale: Locale

  /// Figures formatted in `locale`.
  public init(locale: Locale = .current) {
    self.locale = locale
  }

  /// English (United States), as the tests and the command-line tool use.
  public static let english = ScreenText(locale: Locale(identifier: "en_US"))

  /// "45 min", "2 hr 15 min", "1 hr": hours and minutes, abbreviated, rounded to the nearest minute; "0 min"
  /// for less than half a minute.
  ///
  /// - Complexity: O(1).
  public func shortDuration(_ seconds: Int) -> String {
    let minutes = (max(0, seconds) + 30) / 60
    guard minutes > 0 else { return Duration.seconds(0).formatted(minutesOnly(width: .condensedAbbreviated)) }
    return Duration.seconds(minutes * 60).formatted(
      .units(allowed: [.hours, .minutes], width: .condensedAbbreviated).locale(locale))
  }

  /// "45 minutes", "1 minute", "90 minutes": whole minutes, spelled out (targets and tolerances are set in
  /// minutes).
  public func minutes(_ seconds: Int) -> String {
    Duration.seconds(max(0, seconds + 30) / 60 * 60).formatted(minutesOnly(width: .wide))
  }

  /// "12:34", "1:05:09": a playback position or a length, as a player's clock shows it.
  public func clock(_ seconds: Int) -> String {
    let pattern: Duration.TimeFormatStyle.Pattern = seconds >= 3600 ? .hourMinuteSecond : .minuteSecond
    return Duration.seconds(max(0, seconds)).formatted(.time(pattern: pattern).locale(locale))
  }

  /// "1,234".
  public func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }

  /// "1 episode", "5 episodes".
  public func episodes(_ count: Int) -> String { count == 1 ? "1 episode" : "\(number(count)) episodes" }

  private func minutesOnly(width: Duration.UnitsFormatStyle.UnitWidth) -> Duration.UnitsFormatStyle {
    .units(allowed: [.minutes], width: width, zeroValueUnits: .show(length: 1)).locale(locale)
  }
}
