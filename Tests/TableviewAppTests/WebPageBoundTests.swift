import HTTPServer
import TableModel
import Testing
@testable import TableviewApp

/// SPEC §10 "Huge tables": a page shows at most `pageRows` rows across its sections and at most 4 MB; the other
/// sections show their header and a link to the page of their rows, and an action returns to the page of its row.
@Suite struct WebPageBoundTests {
    /// Five sections of 600 rows: the first three fit a page of 2,000 rows, the last two are on a second page.
    private static let tables: String = {
        let sections = (0..<5).map { index in
            let rows = (0..<600).map { #"{"id": "r\#(index)-\#($0)", "title": "Row \#(index).\#($0)"}"# }
                .joined(separator: ",")
            return #"{"id": "s\#(index)", "title": "S\#(index)", "selection": "multiple", "rows": [\#(rows)]}"#
        }.joined(separator: ",")
        return #"{"id": "many", "title": "Many", "editModes": ["all"], "sections": [\#(sections)]}"#
    }()

    private func sectionsWithRows(_ browser: Browser) throws -> [String] {
        try browser.nodes("//section[.//li]").compactMap { $0.attribute("id") }
    }

    @Test func aPageShowsTheSectionsThatFitAndLinksToTheOthers() throws {
        try withLiveSite(tables: Self.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/many")
            #expect(try browser.nodes("//li").count == 1_800)
            #expect(try sectionsWithRows(browser) == ["section_s0", "section_s1", "section_s2"])
            // Every section's header is on every page; the others link to their rows.
            #expect(try browser.nodes("//section/div/h2 | //section/form/h2").count == 5)
            let link = try #require(try browser.nodes("//p[@id = 'section_s4_elsewhere']/a").first)
            #expect(link.text == "Show its 600 rows")
            let href = try #require(link.attribute("href"))
            #expect(href == "/tables/many?section=s4&from=1#section_s4")
            try browser.get(String(href.prefix { $0 != "#" }))
            #expect(try sectionsWithRows(browser) == ["section_s3", "section_s4"])

            // An action on a row of the second page returns to it, at the row.
            #expect(try browser.press("Row 4.10").status == 303)
            #expect(browser.lastLocation == "\(browser.origin)/tables/many?section=s4&from=1#row_r4-10_select")
            #expect(try browser.nodes("//li[@id = 'row_r4-10']//button[@aria-checked = 'true']").count == 1)
            // A toolbar action keeps the page it came from (its Referer).
            try browser.press("All")
            #expect(try sectionsWithRows(browser) == ["section_s3", "section_s4"])
            // An action on the first page needs no query.
            try browser.get("/tables/many")
            try browser.press("Off")
            try browser.press("Row 0.1")
            #expect(browser.lastLocation == "\(browser.origin)/tables/many#row_r0-1_select")
        }
    }

    /// Rows of long texts: a page of 2,000 would be 17 MB in All as a text browser gets it (a form per control); it
    /// is shown in fewer rows, within 4 MB, in every edit mode and for every browser.
    @Test func aPageIsAtMostFourMegabytes() throws {
        let long = String(repeating: "T", count: 3_000)
        let rows = (0..<2_000).map { #"{"id": "r\#($0)", "title": "\#(long)\#($0)", "detail": "&<>\#($0)"}"# }
            .joined(separator: ",")
        let tables = #"{"id": "wide", "title": "Wide", "editModes": ["all"], "sections": [{"id": "s", "title": "S", "#
            + #""selection": "multiple", "rows": [\#(rows)]}]}"#
        try withLiveSite(tables: tables) { port, _ in
            for agent in ["Lynx/2.9.0dev.12 libwww-FM/2.14", "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0"] {
                let browser = Browser(port: port)
                browser.userAgent = agent
                let off = try browser.get("/tables/wide")
                #expect(off.status == 200 && off.body.count <= 4 << 20, "\(off.body.count) bytes in Off, \(agent)")
                try browser.press("All")
                let all = try browser.get("/tables/wide?section=s&from=1501")
                #expect(all.status == 200 && all.body.count <= 4 << 20, "\(all.body.count) bytes in All, \(agent)")
                #expect(try browser.nodes("//li[@id = 'row_r1500']").count == 1,
                        "the row asked for is on the page")
            }
        }
    }
}
