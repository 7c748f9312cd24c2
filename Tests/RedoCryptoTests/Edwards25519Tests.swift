#if REDO_LIBSODIUM
    import XCTest

    @testable import RedoCrypto

    /// The curve facts the crafted signature cases are made of: the eight small-order points,
    /// their other encodings, the group order.
    final class Edwards25519Tests: XCTestCase {
        let identity = Edwards25519.smallOrderPoints[0].bytes

        /// [n]P by repeated addition.
        func times(_ n: Int, _ p: [UInt8]) throws -> [UInt8] {
            var result = identity
            for _ in 0..<n { result = try XCTUnwrap(Edwards25519.add(result, p)) }
            return result
        }

        func testTheEightSmallOrderPointsHaveTheirOrders() throws {
            let points = Edwards25519.smallOrderPoints
            XCTAssertEqual(Set(points.map(\.bytes)).count, 8)
            XCTAssertEqual(points.map(\.order).sorted(), [1, 2, 4, 4, 8, 8, 8, 8])
            for point in points {
                XCTAssertTrue(Edwards25519.isCanonical(point.bytes), point.name)
                XCTAssertTrue(Edwards25519.hasSmallOrder(point.bytes), point.name)
                XCTAssertEqual(try times(point.order, point.bytes), identity, point.name)
                if point.order > 1 { XCTAssertNotEqual(try times(point.order / 2, point.bytes), identity, point.name) }
            }
            // They are the torsion subgroup: the multiples of one point of order 8.
            let multiples = try (0..<8).map { try times($0, points[4].bytes) }
            XCTAssertEqual(Set(multiples), Set(points.map(\.bytes)))
        }

        func testNonCanonicalEncodingsDecodeToSmallOrderPoints() throws {
            let canonical = Dictionary(uniqueKeysWithValues: Edwards25519.smallOrderPoints.map { ($0.bytes, $0.order) })
            for encoding in Edwards25519.nonCanonicalSmallOrderEncodings {
                XCTAssertFalse(Edwards25519.isCanonical(encoding.bytes), encoding.name)
                XCTAssertTrue(Edwards25519.hasSmallOrder(encoding.bytes), encoding.name)
                let decoded = try XCTUnwrap(Edwards25519.add(encoding.bytes, identity), encoding.name)
                XCTAssertEqual(canonical[decoded], encoding.order, encoding.name)
            }
            let others = Edwards25519.nonCanonicalEncodings
            XCTAssertFalse(others.isEmpty)
            for encoding in others {
                XCTAssertFalse(Edwards25519.isCanonical(encoding))
                XCTAssertFalse(Edwards25519.hasSmallOrder(encoding))
            }
        }

        func testGroupOrder() throws {
            let zero = [UInt8](repeating: 0, count: 32)
            let order = Edwards25519.groupOrder
            XCTAssertEqual(Edwards25519.reduce(order + zero), zero)
            var belowOrder = order
            belowOrder[0] -= 1
            XCTAssertEqual(Edwards25519.reduce(belowOrder + zero), belowOrder)
            let s = Edwards25519.reduce([UInt8](repeating: 0xA5, count: 64))
            for n in 1...15 {
                let raised = try XCTUnwrap(Edwards25519.addingGroupOrder(to: s, times: n))
                XCTAssertEqual(Edwards25519.reduce(raised + zero), s, "\(n)")
            }
            XCTAssertNil(Edwards25519.addingGroupOrder(to: belowOrder, times: 16))
        }
    }
#endif
