// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tableview",
    products: [
        .executable(name: "tableview", targets: ["tableview"]),
    ],
    targets: [
        // C libraries from Debian, wrapped as system-library targets. GnuTLS comes with libmicrohttpd's HTTPS.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"])]
        ),
        .systemLibrary(
            name: "CQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Non-variadic wrappers for libmicrohttpd's variadic calls.
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"]),

        // HTTP: requests, responses, router, static files, gzip, TLS, the libmicrohttpd server. Knows nothing of
        // tables.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CMicroHTTPDShim", "CZlib", "CGnuTLS"]),
        // SQLite connections and statements, for the visitors' states that outlive the process (`--database`).
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // The table model: definitions, per-visitor state, actions, rules. Standard library only.
        .target(name: "TableModel"),
        // A Mustache engine rendering into byte buffers. No dependencies.
        .target(name: "Mustache"),
        // View models and pages: joins the table model and the templates.
        .target(name: "TableRendering", dependencies: ["TableModel", "Mustache"]),
        // templates/ and Public/ built into the executable: a build-tool plugin runs the package's own tool.
        .executableTarget(name: "embed-resources"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["embed-resources"]),
        .target(name: "EmbeddedResources", plugins: ["EmbedResources"]),
        // The web app: routes, sessions, CSRF, the demo, the command line.
        .target(
            name: "TableviewApp",
            dependencies: [
                "HTTPServer", "TableModel", "TableRendering", "EmbeddedResources", "SQLite", "CGnuTLS", "CQREncode",
            ]
        ),
        .executableTarget(name: "tableview", dependencies: ["TableviewApp"]),
        // Serves one page from memory through the HTTP layer, for Benchmarks/http-static.sh.
        .executableTarget(name: "http-bench", dependencies: ["HTTPServer"], path: "Benchmarks/http-bench"),

        // Test support: a raw HTTP client for live tests, and libxml2 inspection of pages.
        .target(name: "TestSupport", dependencies: ["CZlib", "CGnuTLS"], path: "Tests/TestSupport"),
        .target(name: "XMLInspection", dependencies: ["CLibXML2"], path: "Tests/XMLInspection"),
        .target(name: "CThreadAffinity", path: "Tests/CThreadAffinity"),

        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "CMicroHTTPD", "TestSupport", "CThreadAffinity"]),
        .testTarget(name: "TableModelTests", dependencies: ["TableModel"], exclude: ["Fixtures"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        // Release-mode timing of the Mustache engine: `swift run -c release mustache-bench`.
        .executableTarget(name: "mustache-bench", dependencies: ["Mustache"], path: "Benchmarks/MustacheBench"),
        .testTarget(
            name: "TableRenderingTests",
            dependencies: ["TableRendering", "TableModel", "Mustache", "XMLInspection"],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        // Release-mode timing of SPEC §8's reference page: `swift run -c release render-bench`.
        .executableTarget(
            name: "render-bench",
            dependencies: ["TableRendering", "TableModel"],
            path: "Benchmarks/RenderBench"
        ),
        .testTarget(
            name: "TableviewAppTests",
            dependencies: [
                "TableviewApp", "HTTPServer", "TableModel", "TableRendering", "EmbeddedResources", "SQLite",
                "TestSupport", "XMLInspection",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
