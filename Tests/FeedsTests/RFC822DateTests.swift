import Foundation
import SmartFill
import SmartFillSupport
import Testing

@testable import Feeds

@Suite("RFC 822 dates")
struct RFC822DateTests {
  @Test(
    "reads the variants real feeds use",
    arguments: [
      ("Tue, 02 Jan 2024 08:00:00 +0000", "2024-01-02T08:00:00Z"),
      ("Tue, 02 Jan 2024 08:00:00 GMT", "2024-01-02T08:00:00Z"),
      ("Tue, 02 Jan 2024 08:00:00 -0000", "2024-01-02T08:00:00Z"),
      ("Tue, 2 Jan 2024 08:00:00 GMT", "2024-01-02T08:00:00Z"),
      ("Tue 2 Jan 2024 08:00:00 GMT", "2024-01-02T08:00:00Z"),
      ("02 Jan 2024 08:00:00 EST", "2024-01-02T13:00:00Z"),
      ("Mon, 01 Jul 2024 10:30:00 PDT", "2024-07-01T17:30:00Z"),
      ("Mon, 01 Jul 2024 10:30:00 EDT", "2024-07-01T14:30:00Z"),
      ("Mon, 01 Jan 2024 23:30:00 PST", "2024-01-02T07:30:00Z"),
      ("Wed, 28 June 2017 10:00:00 +0200", "2017-06-28T08:00:00Z"),
      ("Wed, 28 september 2017 10:00 -0530", "2017-09-28T15:30:00Z"),
      // The weekday is wrong (2 January 2024 was a Tuesday): ignored.
      ("Fri, 02 Jan 2024 08:00:00 +0100", "2024-01-02T07:00:00Z"),
      ("Thu, 29 Feb 2024 9:05:01 UT", "2024-02-29T09:05:01Z"),
      ("Sat, 01 Jan 99 00:00:00 GMT", "1999-01-01T00:00:00Z"),
      ("Sat, 01 Jan 2000 00:00:00", "2000-01-01T00:00:00Z"),
      ("2017-06-28T10:00:00Z", "2017-06-28T10:00:00Z"),
      ("  Tue, 02 Jan 2024 08:00:00 +00:00 \n", "2024-01-02T08:00:00Z"),
    ])
  func readsDates(text: String, expected: String) throws {
    let date = try #require(RFC822Date.parse(text), "\(text)")
    #expect(Timestamp.format(date) == expected, "\(text)")
  }

  @Test(
    "rejects what is not a date",
    arguments: [
      "", "yesterday", "Tue, 32 Jan 2024 08:00:00 GMT", "Tue, 29 Feb 2023 08:00:00 GMT",
      "Tue, 02 Foo 2024 08:00:00 GMT", "Tue, 02 Jan 2024 25:00:00 GMT", "Tue, 02 Jan 2024 08:00:00 XYZ",
      "Tue, 02 Jan 2024", "Tue, 02 Jan 2024 08:00:00 +2500", "Tue, 02 Jan 202 08:00:00 GMT",
      "Tue, +2 Jan 2024 08:00:00 GMT", "Tue, 02 Jan 2024 08:00:00 GMT trailing words",
    ])
  func rejects(text: String) {
    #expect(RFC822Date.parse(text) == nil, "\(text)")
  }
}

@Suite("RFC 822 dates out of range")
struct RFC822DateRangeTests {
  @Test(
    "a date whose instant in UTC falls outside the years 0001 to 9999 is not a date",
    arguments: [
      "Fri, 31 Dec 9999 23:59:59 -1200", "Sat, 01 Jan 0000 00:00:00 +0100", "0000-06-01T00:00:00Z",
      "0001-01-01T00:00:00+01:00", "Mon, 01 Jan 0001 00:00:00 +0001",
    ])
  func outOfRange(text: String) {
    #expect(RFC822Date.parse(text) == nil)
  }

  @Test("the first and last instants of the years 0001 to 9999 are dates")
  func bounds() throws {
    let first = try #require(RFC822Date.parse("Mon, 01 Jan 0001 00:00:00 GMT"))
    #expect(Timestamp.format(first) == "0001-01-01T00:00:00Z")
    let last = try #require(RFC822Date.parse("Fri, 31 Dec 9999 23:59:59 +0000"))
    #expect(Timestamp.format(last) == "9999-12-31T23:59:59Z")
  }
}
