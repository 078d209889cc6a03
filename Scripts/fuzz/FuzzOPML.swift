// libFuzzer target: the OPML reader. Built and run by Scripts/fuzz.sh, not by CI.
import Feeds
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOPML(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start, count: count)
  let list: SubscriptionList
  do {
    list = try SubscriptionList(opml: bytes, file: "fuzz.opml")
  } catch {
    precondition(!error.isParserSafetyRefusal, "\(error)")
    return 0
  }
  let urls = list.subscriptions.map(\.feedURL)
  precondition(Set(urls).count == urls.count, "repeated feed URL")
  precondition(!urls.contains(""), "empty feed URL")
  return 0
}
