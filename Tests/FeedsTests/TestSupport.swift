// The shared real feeds (`SharedFeeds`) and temporary folders (`TemporaryDirectory`) come from
// SmartFillTestSupport; the feed documents below are this target's own.

/// A feed document with the iTunes namespace around `items` (and `channelExtra` before them).
func feedXML(title: String = "Show", channelExtra: String = "", items: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
  xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
  <title>\(title)</title>
  \(channelExtra)
  \(items)
  </channel>
  </rss>
  """
}

/// An item with an enclosure; `extra` goes inside it.
func itemXML(
  guid: String? = nil, title: String = "Episode", date: String = "Tue, 02 Jan 2024 08:00:00 GMT",
  duration: String? = "1800", extra: String = ""
) -> String {
  var text = "<item><title>\(title)</title><pubDate>\(date)</pubDate>"
  if let guid { text += "<guid>\(guid)</guid>" }
  if let duration { text += "<itunes:duration>\(duration)</itunes:duration>" }
  text += "<enclosure url=\"https://example.com/\(title.filter(\.isLetter)).mp3\" type=\"audio/mpeg\"/>"
  return text + extra + "</item>\n"
}
