import Testing
@testable import TableviewApp

@Suite struct SecurityTests {
    @Test func sha256MatchesFIPSVectors() {
        #expect(Hex.encode(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Hex.encode(SHA256.hash(Array("abc".utf8)))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Hex.encode(SHA256.hash(twoBlocks))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func hmacMatchesRFC4231() {
        // Test case 2: a short key.
        let mac = SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(Hex.encode(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // Test case 6: a key longer than the block size is hashed first.
        let longKey = [UInt8](repeating: 0xaa, count: 131)
        let longMac = SHA256.hmac(
            key: longKey, message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(Hex.encode(longMac) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func csrfTokenIsBoundToTheSession() throws {
        let tokens = CSRFTokens(secret: Array(repeating: 7, count: 32))
        let first = try #require(SessionID(cookieValue: String(repeating: "a", count: 32)))
        let second = try #require(SessionID(cookieValue: String(repeating: "b", count: 32)))
        let token = tokens.token(for: first)
        #expect(tokens.token(for: first) == token)
        #expect(tokens.token(for: second) != token)
        // 128 bits of the MAC in base64url: 22 characters that a form carries unescaped.
        #expect(token.text.utf8.count == 22)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        #expect(token.text.utf8.allSatisfy(alphabet.contains))
        let mac = SHA256.hmac(key: Array(repeating: 7, count: 32), message: Array(first.rawValue.utf8))
        #expect(token.bytes == Array(mac.prefix(16)))
        #expect(token.text == Base64URL.encode(mac.prefix(16)))
    }

    @Test func aTokenIsReadBackFromItsTextAndFromNoOtherSpelling() throws {
        let tokens = CSRFTokens(secret: Array(repeating: 9, count: 32))
        for digits in ["a", "b", "c", "d", "e", "f", "0", "9"] {
            let id = try #require(SessionID(cookieValue: String(repeating: digits, count: 32)))
            let token = tokens.token(for: id)
            #expect(CSRFToken(text: token.text) == token)
            #expect(CSRFToken(text: token.text)?.matches(token) == true)
        }
        // Every bit of the 128 round-trips, in both halves and across the digit that straddles them.
        for bit in 0..<128 {
            var bytes = [UInt8](repeating: 0, count: 16)
            bytes[bit / 8] = 0x80 >> UInt8(bit % 8)
            let token = CSRFToken(bytes)
            #expect(token.bytes == bytes)
            #expect(token.text == Base64URL.encode(bytes))
            #expect(CSRFToken(text: token.text) == token)
            #expect(!token.matches(CSRFToken([UInt8](repeating: 0, count: 16))))
        }
        let text = tokens.token(for: try #require(SessionID(cookieValue: String(repeating: "a", count: 32)))).text
        // The last digit carries two bits; one with any of the four bits past the 128th set is another spelling.
        let last = try #require(text.last)
        let other = String(text.dropLast()) + (last == "B" ? "C" : "B")
        #expect(CSRFToken(text: other) == nil)
        #expect(CSRFToken(text: String(text.dropLast())) == nil)
        #expect(CSRFToken(text: (text + "A")) == nil)
        #expect(CSRFToken(text: (String(text.dropLast()) + "=")) == nil)
        #expect(CSRFToken(text: (String(text.dropFirst()) + "+")) == nil)
        #expect(CSRFToken(text: String(repeating: "0", count: 64)) == nil)
    }

    @Test func constantTimeEqualityComparesWholeStrings() {
        #expect(ConstantTime.equals(Array("abc".utf8), Array("abc".utf8)))
        #expect(!ConstantTime.equals(Array("abc".utf8), Array("abd".utf8)))
        #expect(!ConstantTime.equals(Array("abc".utf8), Array("ab".utf8)))
        #expect(!ConstantTime.equals(Array("".utf8), Array("a".utf8)))
        #expect(ConstantTime.equals([UInt8](), [UInt8]()))
    }

    @Test func base64URLFollowsRFC4648WithoutPadding() {
        let vectors = [
            "": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors { #expect(Base64URL.encode(Array(plain.utf8)) == encoded) }
        // The two letters that differ from base64's alphabet: 62 and 63 are "-" and "_", not "+" and "/".
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
    }

    @Test func csrfTokensDifferBetweenServerSecrets() throws {
        let id = try #require(SessionID(cookieValue: String(repeating: "c", count: 32)))
        #expect(CSRFTokens().token(for: id) != CSRFTokens().token(for: id))
    }

    @Test func sessionIDsAre128RandomBitsAndAMACInHex() {
        let issuer = SessionIssuer(secret: Array(repeating: 1, count: 32))
        let ids = (0..<1000).map { _ in issuer.issue() }
        #expect(Set(ids.map { $0.rawValue.prefix(32) }).count == ids.count)
        #expect(ids.allSatisfy { SessionID(cookieValue: $0.rawValue) != nil && $0.rawValue.utf8.count == 64 })
        #expect(ids.allSatisfy(issuer.issued))
    }

    /// SPEC §4: ids are issued by the server only; one made up, or issued under another secret, is not its own.
    @Test func onlyIdsTheIssuerMadeAreRecognised() throws {
        let issuer = SessionIssuer(secret: Array(repeating: 1, count: 32))
        let other = SessionIssuer(secret: Array(repeating: 2, count: 32))
        let id = issuer.issue()
        var forged = Array(id.rawValue.utf8)
        forged[63] = forged[63] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        #expect(!issuer.issued(try #require(SessionID(cookieValue: String(decoding: forged, as: UTF8.self)))))
        #expect(!issuer.issued(other.issue()))
        #expect(!issuer.issued(try #require(SessionID(cookieValue: String(repeating: "a", count: 64)))))
        #expect(!issuer.issued(try #require(SessionID(cookieValue: String(repeating: "a", count: 32)))))
    }

    /// An id is kept as numbers; its text is the cookie's again, leading zeros and both lengths included.
    @Test(arguments: [String(repeating: "0", count: 32), String(repeating: "0", count: 31) + "1",
                      "0123456789abcdef" + "fedcba9876543210", String(repeating: "f", count: 64),
                      String(repeating: "0", count: 40) + "00ff00ff00ff00ff00ff00ff"])
    func sessionIDsSpellTheirCookieValueBack(_ value: String) throws {
        let id = try #require(SessionID(cookieValue: value))
        #expect(id.rawValue == value)
        #expect(SessionID(cookieValue: id.rawValue) == id)
    }

    @Test(arguments: ["", "abc", String(repeating: "A", count: 32), String(repeating: "g", count: 32),
                      String(repeating: "a", count: 33), String(repeating: "a", count: 31) + "é",
                      String(repeating: "a", count: 63), String(repeating: "a", count: 65)])
    func malformedSessionCookiesAreRejected(_ value: String) {
        #expect(SessionID(cookieValue: value) == nil)
    }

    /// Digits are read eight at a time: every byte value, at every position of an id, is a digit of its value exactly
    /// when it is one of the 16 lower-case hex digits.
    @Test func everyByteAtEveryPositionOfAnIDIsReadAsItsDigitOrRefused() {
        let digits = Array("0123456789abcdef".utf8)
        var wrong: [String] = []
        for position in 0..<64 {
            for byte in UInt8.min...UInt8.max {
                var bytes = (0..<64).map { digits[($0 * 7 + 3) % 16] }
                bytes[position] = byte
                let id = bytes.withUnsafeBufferPointer { SessionID(digits: $0) }
                let expected = digits.contains(byte) ? String(decoding: bytes, as: UTF8.self) : nil
                if id?.rawValue != expected { wrong.append("byte \(byte) at \(position)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
