import Foundation

/// A self-signed certificate for `localhost` and `127.0.0.1` with its key, made by `openssl` in a fresh folder
/// at test time (nothing secret is checked in); the folder is removed when the value is released.
public final class TestCertificate {
    /// The folder holding `cert.pem` and `key.pem`.
    public let folder: String
    /// The certificate, PEM.
    public var certificateFile: String { folder + "/cert.pem" }
    /// Its private key, PEM, unencrypted.
    public var keyFile: String { folder + "/key.pem" }

    /// The kind of key a certificate is made with.
    public enum Key: Sendable {
        /// ECDSA on the named curve (`prime256v1` is P-256).
        case ec(curve: String)
        /// RSA of this many bits.
        case rsa(bits: Int)
    }

    /// Makes a certificate (ECDSA P-256 unless `key` says otherwise, valid for two days). Throws when `openssl` is
    /// missing or fails.
    public init(key: Key = .ec(curve: "prime256v1")) throws {
        folder = NSTemporaryDirectory() + "tableview-tls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let newKey = switch key {
        case .ec(let curve): ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:\(curve)"]
        case .rsa(let bits): ["-newkey", "rsa:\(bits)"]
        }
        try Self.openssl(["req", "-x509"] + newKey + [
            "-nodes", "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem", "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A second, unrelated key in the folder (for "the key does not belong to the certificate").
    public func makeOtherKey() throws -> String {
        let path = folder + "/other-key.pem"
        try Self.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", path])
        return path
    }

    /// The bytes of one of the files.
    public func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestCertificateError.opensslFailed(String(decoding: message, as: UTF8.self))
        }
    }
}

/// `openssl` could not make the certificate (scripts/install-deps --test installs it).
public enum TestCertificateError: Error, CustomStringConvertible {
    case opensslFailed(String)

    public var description: String {
        switch self {
        case .opensslFailed(let message): "openssl failed: \(message)"
        }
    }
}
