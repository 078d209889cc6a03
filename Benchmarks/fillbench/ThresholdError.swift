/// The committed thresholds cannot be read: the message names the file and what is wrong in it.
struct ThresholdError: Error {
  var message: String
}
