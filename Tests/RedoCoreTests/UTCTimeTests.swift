import RedoCrypto
import XCTest

@testable import RedoCore

final class UTCTimeTests: XCTestCase {
    func testRoundTripAndOrdering() throws {
        for text in [
            "1970-01-01T00:00:00.000Z", "2025-10-26T09:30:00.001Z", "2024-02-29T23:59:59.999Z",
            "0000-01-01T00:00:00.000Z",
            "9999-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z", "2000-02-29T12:00:00.000Z",
        ] {
            let time = try UTCTime.parse(text).get()
            XCTAssertEqual(time.text, text)
        }
        XCTAssertEqual(try UTCTime.parse("1970-01-01T00:00:01.000Z").get().millisecondsSinceEpoch, 1000)
        XCTAssertLessThan(
            try UTCTime.parse("2025-01-01T00:00:00.000Z").get(), try UTCTime.parse("2025-01-01T00:00:00.001Z").get())
        XCTAssertEqual(UTCTime.latest.text, "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(UTCTime.earliest.text, "0000-01-01T00:00:00.000Z")
    }

    func testFormatAndInstantFailures() {
        for text in [
            "2025-10-26T09:30:00Z", "2025-10-26T09:30:00.000", "2025-10-26 09:30:00.000Z",
            "2025-10-26T09:30:00.000+00:00",
            "2025-10-26t09:30:00.000z", "25-10-26T09:30:00.000Z", "2025-10-26T09:30:00.0000Z",
            "２025-10-26T09:30:00.000Z",
        ] {
            XCTAssertEqual(UTCTime.parse(text), .failure(.format), text)
        }
        for text in [
            "2025-13-01T00:00:00.000Z", "2025-00-10T00:00:00.000Z", "2025-02-29T00:00:00.000Z",
            "2100-02-29T00:00:00.000Z",
            "2025-04-31T00:00:00.000Z", "2025-01-01T24:00:00.000Z", "2025-01-01T00:60:00.000Z",
            "2025-01-01T00:00:60.000Z", "2025-01-00T00:00:00.000Z",
        ] {
            XCTAssertEqual(UTCTime.parse(text), .failure(.instant), text)
        }
    }

    func testAddingDaysIsPlainUTCArithmeticAndStopsAtTheEnd() throws {
        let start = try UTCTime.parse("2025-03-29T12:00:00.000Z").get()
        // across a European DST change: still 48 h
        XCTAssertEqual(start.adding(days: 2).text, "2025-03-31T12:00:00.000Z")
        XCTAssertEqual(start.adding(days: 3_652_059).text, "9999-12-31T23:59:59.999Z")
    }
}

final class UUIDv4Tests: XCTestCase {
    func testOnlyTheLowercaseHyphenatedVersion4FormParses() {
        XCTAssertEqual(UUIDv4("550e8400-e29b-41d4-a716-446655440000")?.text, "550e8400-e29b-41d4-a716-446655440000")
        XCTAssertNil(UUIDv4("550E8400-E29B-41D4-A716-446655440000"))
        XCTAssertNil(UUIDv4("550e8400-e29b-11d4-a716-446655440000"))  // version 1
        XCTAssertNil(UUIDv4("550e8400-e29b-41d4-c716-446655440000"))  // variant c
        XCTAssertNil(UUIDv4("550e8400e29b41d4a716446655440000"))
        XCTAssertNil(UUIDv4("{550e8400-e29b-41d4-a716-446655440000}"))
        XCTAssertNotNil(UUIDv4("00000000-0000-4000-b000-000000000000"))
    }

    /// `text` spells back exactly the text parsed, every digit in its place.
    func testTextSpellsBackWhatWasParsed() {
        let hex = Array("0123456789abcdef")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<1000 {
            var digits: [Character] = (0..<32).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return hex[Int(state >> 60)]
            }
            digits[12] = "4"
            digits[16] = ["8", "9", "a", "b"][Int(state >> 62)]
            let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }
            let text = groups.joined(separator: "-")
            XCTAssertEqual(UUIDv4(text)?.text, text)
            var quoted: [UInt8] = []
            UUIDv4(text)?.appendQuoted(to: &quoted)
            XCTAssertEqual(String(decoding: quoted, as: UTF8.self), "\"\(text)\"")
        }
    }

    /// Every instant the format can write spells as the text `parse` reads back to it, with
    /// each field padded in place, and its JSON spelling is that text in quotes; an instant
    /// outside the format still gets readable padded fields.
    func testTimeTextParsesBackAcrossTheWholeRange() throws {
        var state: UInt64 = 0x0F1E_2D3C_4B5A_6978
        let span = UInt64(UTCTime.latest.millisecondsSinceEpoch - UTCTime.earliest.millisecondsSinceEpoch + 1)
        var samples = [
            UTCTime.earliest, .latest, UTCTime(millisecondsSinceEpoch: 0), UTCTime(millisecondsSinceEpoch: -1),
        ]
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            samples.append(
                UTCTime(millisecondsSinceEpoch: UTCTime.earliest.millisecondsSinceEpoch + Int64(state % span)))
        }
        for time in samples {
            let text = time.text
            XCTAssertEqual(text.utf8.count, 24, text)
            XCTAssertEqual(try UTCTime.parse(text).get(), time, text)
            var quoted: [UInt8] = [0x2C]
            time.appendQuoted(to: &quoted)
            XCTAssertEqual(String(decoding: quoted, as: UTF8.self), ",\"\(text)\"")
        }
        let after = UTCTime(millisecondsSinceEpoch: UTCTime.latest.millisecondsSinceEpoch + 1)
        XCTAssertEqual(after.text, "10000-01-01T00:00:00.000Z")
        var quoted: [UInt8] = []
        after.appendQuoted(to: &quoted)
        XCTAssertEqual(String(decoding: quoted, as: UTF8.self), "\"10000-01-01T00:00:00.000Z\"")
    }

    /// A node id's JSON spelling, written from its digest, is its text in quotes.
    func testNodeIdAppendsItsTextQuoted() {
        var state: UInt64 = 0x0123_4567_89AB_CDEF
        for _ in 0..<200 {
            let words = (0..<4).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return state
            }
            let id = NodeID(digest: RedoSHA256Digest(w0: words[0], w1: words[1], w2: words[2], w3: words[3]))
            var quoted: [UInt8] = [0x2C]
            id.appendQuoted(to: &quoted)
            XCTAssertEqual(String(decoding: quoted, as: UTF8.self), ",\"\(id.text)\"")
        }
    }
}
