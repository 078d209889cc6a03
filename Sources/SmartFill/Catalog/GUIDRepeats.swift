import Foundation
import SmartFillSupport

/// Whether two episodes of a show have one GUID, found without hashing strings where bytes suffice.
///
/// Swift compares strings by canonical equivalence, so two GUIDs with different bytes can be equal ("K" and the
/// Kelvin sign), but only when one of them is not ASCII. For a show whose GUIDs are all ASCII and written without
/// escapes, equal strings are equal bytes: each GUID's bytes are hashed as they are read (the text they came from
/// may be gone by the end of the show), and an open-addressing table of the hashes finds the pairs to compare as
/// strings; for any other show a `Set<String>` does, as the generic reader's.
struct GUIDRepeats {
  /// FNV-1a of each of the show's GUIDs' bytes, in the order read.
  private var hashes: [UInt64] = []
  private var isPlainASCII = true
  private var slots: [Int] = []

  /// Starts a show.
  mutating func removeAll() {
    hashes.removeAll(keepingCapacity: true)
    isPlainASCII = true
  }

  /// Notes an episode's GUID: its bytes, or `nil` when it is written with an escape.
  mutating func append(_ guid: UnsafeBufferPointer<UInt8>?) {
    guard isPlainASCII, let guid else {
      isPlainASCII = false
      return
    }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var bits: UInt8 = 0
    for byte in guid {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
      bits |= byte
    }
    guard bits < 0x80 else {
      isPlainASCII = false
      return
    }
    hashes.append(hash)
  }

  /// Whether two of the show's GUIDs are equal strings; `episodes` are the show's, in the order their GUIDs were
  /// noted.
  ///
  /// - Complexity: O(*n*) expected for *n* episodes.
  mutating func repeats(episodes: [Episode]) -> Bool {
    guard isPlainASCII else {
      var seen = Set<String>(minimumCapacity: episodes.count)
      return episodes.contains { !seen.insert($0.guid).inserted }
    }
    var capacity = 16
    while capacity < 2 * hashes.count { capacity *= 2 }
    if slots.count < capacity { slots = Array(repeating: -1, count: capacity) }
    for slot in 0..<capacity { slots[slot] = -1 }
    let mask = capacity - 1
    for (position, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 {
        // Equal hashes of ASCII strings: the strings decide (equal strings are then equal bytes).
        let other = slots[slot]
        if hashes[other] == hash, episodes[other].guid == episodes[position].guid { return true }
        slot = (slot + 1) & mask
      }
      slots[slot] = position
    }
    return false
  }
}
