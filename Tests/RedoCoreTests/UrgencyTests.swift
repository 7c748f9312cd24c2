import XCTest

@testable import RedoCore

final class UrgencyTests: XCTestCase {
    /// The spec's four published vectors.
    func testPublishedVectors() {
        XCTAssertEqual(Urgency.value(daysUntilDue: 14), 1.037, accuracy: 0.001)
        XCTAssertEqual(Urgency.value(daysUntilDue: 0), 6.0, accuracy: 0.001)
        XCTAssertEqual(Urgency.value(daysUntilDue: -7), 10.42, accuracy: 0.01)
        XCTAssertEqual(Urgency.value(daysUntilDue: -30), 10.999, accuracy: 0.001)
    }

    func testUrgencyNeverRisesAsTheDueDateRecedesAndStaysWithinOneToEleven() {
        XCTAssertEqual(Urgency.value(daysUntilDue: 0), 6.0)
        var previous = Double.infinity
        for t in stride(from: -60.0, through: 60.0, by: 0.5) {
            let u = Urgency.value(daysUntilDue: t)
            XCTAssertLessThanOrEqual(u, previous)
            XCTAssertTrue((1.0...11.0).contains(u))
            previous = u
        }
    }

    func testDaysUntilDueFromExactMilliseconds() throws {
        let now = try UTCTime.parse("2025-10-26T12:00:00.000Z").get()
        let due = try UTCTime.parse("2025-10-27T18:00:00.000Z").get()
        XCTAssertEqual(Urgency.daysUntilDue(due, now: now), 1.25)
        XCTAssertEqual(Urgency.daysUntilDue(now, now: due), -1.25)
    }
}
