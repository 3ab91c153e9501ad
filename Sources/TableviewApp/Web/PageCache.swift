import HTTPServer
import TableModel
import TableRendering

/// The last page each recently active visitor was shown, kept so an unchanged page is sent again without
/// rendering — the server-side analogue of `reloadSections`: only a changed state costs a render.
///
/// It is bounded apart from the sessions — at most `capacity` pages, none over `maximumPageSize`, and all of them
/// together at most `byteLimit` bytes — so it speeds up the active visitors without adding to what each stored
/// session costs: a table of 20,000 rows makes pages of megabytes, and a count alone would let a few hundred of
/// them take a gigabyte.
///
/// The pages are a ``SessionStore`` of their own, keyed by the visitor's session id, so its segmented LRU keeps
/// the pages of returning visitors through a flood of new ones, as it keeps their sessions.
struct PageCache: Sendable {
    /// One rendered page of one visitor.
    struct Page: Sendable {
        let tableID: String
        let version: UInt64
        /// The page's UI language: a visitor whose browser asks for another gets another page.
        let language: UILanguage
        /// Whether the page carries the tap inputs (``TapReporting``): a text browser gets a page without them.
        let reportsTaps: Bool
        /// The window of a long section the page's URL asked for (``TableSite/windowFocus(of:table:)``).
        let focus: WindowFocus?
        /// The whole answer, `ETag` included, made reusable (``Response/reusable()``): from its second send on it
        /// costs no copy and no header fields.
        let response: Response
        /// The page's `ETag`.
        let tag: String
        /// The 304 that answers a request naming ``tag``: it says the length of ``response``.
        let notModified: Response

        init(tableID: String, version: UInt64, language: UILanguage, reportsTaps: Bool, focus: WindowFocus? = nil,
             response: Response,
             tag: String)
        {
            self.tableID = tableID
            self.version = version
            self.language = language
            self.reportsTaps = reportsTaps
            self.focus = focus
            self.response = response.prepared == nil ? response.reusable() : response
            self.tag = tag
            notModified = TableSite.notModified(tag: tag, of: self.response)
        }

        /// The page's bytes.
        var body: [UInt8] { response.body }
    }

    /// Pages larger than this are rendered every time.
    let maximumPageSize: Int
    private let pages: SessionStore<Page>

    /// A cache of `capacity` pages and `byteLimit` bytes in all.
    init(capacity: Int = 512, maximumPageSize: Int = 256 * 1024, byteLimit: Int = 16 * 1024 * 1024,
         timeToLive: Double = 600)
    {
        self.maximumPageSize = maximumPageSize
        // Twice the body: once as the value's bytes, once as libmicrohttpd's copy in the prepared response; the tag
        // once for itself and once in each answer's header fields.
        pages = SessionStore(capacity: capacity, timeToLive: timeToLive, byteLimit: byteLimit) { page in
            2 * page.body.count + 3 * page.tag.utf8.count + page.tableID.utf8.count
        }
    }

    /// The bytes the cached pages take together (never above the byte limit).
    var byteCount: Int { pages.weight }

    /// The answer to `request` from the page kept of `table` for the visitor at `version` in `language`, with or
    /// without tap inputs, showing the window `focus` asks for: the page, or its 304 when the request's
    /// `If-None-Match` names the page's tag; nil when no such page is kept.
    func answer(
        to request: Request, session: SessionID, table: String, version: UInt64, language: UILanguage,
        reportsTaps: Bool, focus: WindowFocus? = nil
    ) -> Response? {
        let found = pages.read(session) { page -> Response? in
            guard page.tableID == table, page.version == version, page.language == language,
                page.reportsTaps == reportsTaps, page.focus == focus
            else { return nil }
            return request.ifNoneMatch(names: page.tag) ? page.notModified : page.response
        }
        return found ?? nil
    }

    /// Keeps `page` as the visitor's page of its table.
    func store(_ page: Page, for session: SessionID) {
        guard page.body.count <= maximumPageSize else { return }
        // A store without a journal throws only what its body throws, and this one throws nothing.
        try? pages.update(session) { $0 = page }
    }
}
