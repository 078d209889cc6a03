import Testing

@testable import Feeds

@Suite("Feed namespaces")
struct FeedNamespaceTests {
  @Test(
    "namespace URIs are recognized as feeds write them",
    arguments: [
      ("http://www.itunes.com/dtds/podcast-1.0.dtd", FeedNamespace.iTunes),
      ("http://www.itunes.com/DTDs/Podcast-1.0.dtd", .iTunes), ("https://itunes.com/dtds/podcast-1.0.dtd/", .iTunes),
      ("https://podcastindex.org/namespace/1.0", .podcastIndex),
      ("http://podcastindex.org/namespace/1.0/", .podcastIndex),
      ("http://www.w3.org/2005/Atom", .atom),
    ] as [(String, FeedNamespace)])
  func recognized(uri: String, namespace: FeedNamespace) {
    #expect(FeedNamespace(uri: uri) == namespace)
  }

  @Test("other URIs are none of them")
  func others() {
    #expect(FeedNamespace(uri: "https://example.com/itunes.com/dtds/podcast-1.0.dtd") == nil)
    #expect(FeedNamespace(uri: "") == nil)
  }

  @Test("an element matches by its namespace, and an undeclared itunes: prefix as iTunes")
  func elements() {
    let declared = MarkupElement(
      name: "i:duration", namespace: "http://www.itunes.com/dtds/podcast-1.0.dtd", attributes: [:], line: 1)
    #expect(declared.isNamed("duration", in: .iTunes))
    #expect(!declared.isNamed("duration", in: .podcastIndex))
    #expect(MarkupElement(name: "itunes:duration", attributes: [:], line: 1).isNamed("duration", in: .iTunes))
    #expect(!MarkupElement(name: "duration", attributes: [:], line: 1).isNamed("duration", in: .iTunes))
  }
}
