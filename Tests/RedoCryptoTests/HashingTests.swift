import RedoCrypto
import RedoJSON
import RedoTestSupport
import XCTest

#if REDO_LIBSODIUM
    import CSodium
#endif

final class HashingTests: XCTestCase {
    func testSHA256KnownAnswers() {
        XCTAssertEqual(RedoSHA256.hash([]).hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            RedoSHA256.hash(Array("abc".utf8)).hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // FIPS 180-2's two-block message (448 bits: the padding needs a second block), the
        // 896-bit message of NIST's examples, and the million 'a's.
        XCTAssertEqual(
            RedoSHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hex,
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            RedoSHA256.hash(
                Array(
                    ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                        + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8)
            ).hex,
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        XCTAssertEqual(
            RedoSHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)).hex,
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // An empty buffer with no address at all (an empty slice can be one).
        XCTAssertEqual(
            RedoSHA256.hash(UnsafeRawBufferPointer(start: nil, count: 0)).hex,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    #if REDO_LIBSODIUM
        /// Against an independent implementation, libsodium's portable SHA-256, on every
        /// length around the block and padding edges (55/56 and 63/64 bytes, several blocks)
        /// and from every alignment: ids are hashed straight out of a larger buffer.
        func testSHA256EqualsLibsodiumOnEveryLengthAndOffset() {
            XCTAssertGreaterThanOrEqual(sodium_init(), 0)
            var generator = SeededRandom(for: self, seed: 0x5A256)
            let message = (0..<4300).map { _ in UInt8.random(in: 0...255, using: &generator) }
            message.withUnsafeBytes { all in
                for length in 0...4200 {
                    let offset = length % 16
                    let slice = UnsafeRawBufferPointer(rebasing: all[offset..<offset + length])
                    var expected = [UInt8](repeating: 0, count: 32)
                    _ = crypto_hash_sha256(
                        &expected, slice.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(length))
                    XCTAssertEqual(RedoSHA256.hash(slice).bytes, expected, "length \(length) at offset \(offset)")
                }
            }
        }
    #endif

    func testHexIsStrictLowercase() {
        XCTAssertEqual(Hex.encode([0x00, 0xAB, 0xFF]), "00abff")
        XCTAssertEqual(Hex.decodeLowercase("00abff"), [0x00, 0xAB, 0xFF])
        XCTAssertNil(Hex.decodeLowercase("00ABFF"))
        XCTAssertNil(Hex.decodeLowercase("abc"))
        XCTAssertNil(Hex.decodeLowercase("zz"))
        XCTAssertTrue(Hex.isLowercase("0a", count: 2))
        XCTAssertFalse(Hex.isLowercase("0A", count: 2))
    }

    /// The branch-free digit reader must refuse exactly the bytes around the digit ranges
    /// ('/' ':' '`' 'g' and uppercase), wherever in the text they stand.
    func testEveryNonDigitByteIsRefusedAtEveryPosition() {
        let valid = Array("0123456789abcdef".utf8)
        for byte in 0...255 where !valid.contains(UInt8(byte)) {
            for position in 0..<16 {
                var text = [UInt8](repeating: 0x61, count: 16)
                text[position] = UInt8(byte)
                XCTAssertNil(
                    text.withUnsafeBufferPointer { Hex.word($0, at: 0, digits: 16) }, "byte \(byte) at \(position)")
                XCTAssertNil(
                    text.withUnsafeBufferPointer { Hex.decodeLowercase(utf8: $0) }, "byte \(byte) at \(position)")
            }
        }
        XCTAssertEqual(
            Array("0123456789abcdef".utf8).withUnsafeBufferPointer { Hex.word($0, at: 0, digits: 16) },
            0x0123_4567_89ab_cdef)
        XCTAssertEqual(Array("xx0fz".utf8).withUnsafeBufferPointer { Hex.word($0, at: 2, digits: 2) }, 0x0f)
    }

    func testHexRoundTripsEveryByteAtEveryLength() {
        var generator = SeededRandom(for: self, seed: 0x4E5)
        for length in 0...40 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                XCTAssertEqual(Hex.decodeLowercase(Hex.encode(bytes)), bytes)
            }
        }
        let all = (0...255).map(UInt8.init)
        XCTAssertEqual(Hex.decodeLowercase(Hex.encode(all)), all)
    }

    func testUserIdIsTheKeysFirstSixteenBytes() throws {
        let key = try Ed25519PublicKey(hex: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        XCTAssertEqual(key.redoUserId, "d75a980182b10ab7d54bfed3c964073a")
        XCTAssertTrue(key.userIdWords == (0xd75a_9801_82b1_0ab7, 0xd54b_fed3_c964_073a))
    }

    func testBytewiseEqualityIgnoresUnicodeEquivalence() {
        XCTAssertTrue("publicKey".bytewiseEqual("publicKey"))
        XCTAssertFalse("public\u{212A}ey".bytewiseEqual("publicKey"))
        XCTAssertFalse("caf\u{E9}".bytewiseEqual("cafe\u{301}"))
        XCTAssertTrue("".bytewiseEqual(""))
        let long = String(repeating: "é", count: 40)
        XCTAssertTrue(long.bytewiseEqual(String(repeating: "é", count: 40)))
        XCTAssertFalse(long.bytewiseEqual(String(repeating: "é", count: 39) + "e"))
    }
}
