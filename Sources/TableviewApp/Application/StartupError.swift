import HTTPServer
import TableModel
import TableRendering

/// A reason `serve` cannot start that the options caused; the process exits with status 1.
public enum StartupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `--public` folder cannot be served.
    case publicFolder(FileServerError)
    /// The templates folder (`--templates`, or the one found) lacks a template or one does not parse.
    case templates(PageRendererError, directory: String)
    /// The `--tables` file cannot be read.
    case tablesFile(path: String, reason: String)
    /// The `--tables` file breaks the definition rules: every problem, each with its JSON path.
    case tables(path: String, DecodingProblems)
    /// The `--tls-cert` or `--tls-key` file cannot be read.
    case tlsFile(path: String, reason: String)
    /// The certificate and key cannot serve HTTPS (not PEM, an encrypted key, a key of another certificate).
    case tls(TLSCredentialsError, certificate: String, key: String)

    public var description: String {
        switch self {
        case .publicFolder(let error): "cannot serve static files: \(error) (see --public)"
        case .templates(.templatesNotLoaded(let error), let directory):
            "cannot load the templates from \(directory): \(error) (see --templates)"
        case .templates(let error, let directory):
            // Drop the folder the error starts with, if it does: it is named once, here.
            "cannot load the templates from \(directory): "
                + "\(String(describing: error).trimmingPrefix("\(directory): ")) (see --templates)"
        case .tablesFile(let path, let reason): "cannot read \(path): \(reason)"
        case .tables(let path, let problems):
            "\(path) is not a valid table definition:\n\(problems.located(in: path))"
        case .tlsFile(let path, let reason): "cannot read \(path): \(reason) (see --tls-cert and --tls-key)"
        case .tls(.certificate(let reason), let certificate, _):
            "cannot serve HTTPS: the certificate \(certificate) cannot be used: \(reason)"
        case .tls(.key(let reason), _, let key): "cannot serve HTTPS: the private key \(key) cannot be used: \(reason)"
        case .tls(.mismatch, let certificate, let key):
            "cannot serve HTTPS: the private key \(key) does not belong to the certificate \(certificate)"
        case .tls(let error, _, _): "cannot serve HTTPS: \(error)"
        }
    }
}
