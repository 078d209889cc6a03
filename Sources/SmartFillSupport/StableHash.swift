/// A 64-bit hash that is the same in every process and on every platform (FNV-1a), unlike `Hasher`, whose
/// seed changes per process: for indexes built once and for checksums that another process compares.
///
/// The functions are inlinable so that a caller in another module runs a specialized loop, not a generic
/// one (the engine hashes GUIDs on every request with exclusions).
package enum StableHash {
  /// The FNV-1a hash of `bytes`.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  @inlinable
  package static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// The FNV-1a hash of `text`'s UTF-8.
  @inlinable
  package static func fnv1a64(_ text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { fnv1a64($0) }
  }
}
