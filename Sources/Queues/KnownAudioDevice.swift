/// A Bluetooth audio device the listener has said is, or is not, their car.
///
/// A Bluetooth car stereo looks like any Bluetooth speaker to an app (the same port types), so only the
/// listener can tell a car from a friend's car or a home speaker. The library keeps their answers, by the
/// identifier the system gives the route (`AVAudioSessionPortDescription.uid`), so that each device is asked
/// about once.
public struct KnownAudioDevice: Sendable, Hashable {
  /// The route's identifier.
  public let identifier: String
  /// The device's name when the listener answered ("Golf", "Kitchen speaker").
  public var name: String
  /// Whether the listener said it is their car.
  public var isCar: Bool
  /// The members of the store's device object that this version does not know, written back as read.
  var unknownFields: UnknownFields = [:]

  /// Creates a record.
  public init(identifier: String, name: String, isCar: Bool) {
    self.identifier = identifier
    self.name = name
    self.isCar = isCar
  }
}
