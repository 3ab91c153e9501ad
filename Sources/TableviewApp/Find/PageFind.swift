import TableModel
import TableRendering

/// A search on one table's page: the query, the table's ``FindIndex`` and how many rows a page of results shows.
struct PageFind: Sendable {
    let query: FindQuery
    let index: FindIndex
    /// The most rows a page that finds shows (`--window-rows`): a page costs what it shows, however many match.
    let limit: Int

    /// The rows a page of `state` shows for the query.
    func filter(in state: TableState) -> RowFilter {
        state.filter(matching: index.rows(matching: query.folded), limit: limit)
    }

    /// What the page of `state` shows for the query: its rows and, for each of them, where its texts matched.
    func results(in state: TableState) -> FindResults {
        let filter = filter(in: state)
        var marks: [Int: RowMarks] = [:]
        for index in filter.shown {
            let row = state.definition.rows[index]
            marks[index] = RowMarks(
                title: TextFolding.marks(of: query.folded, in: row.title),
                detail: row.detail.map { TextFolding.marks(of: query.folded, in: $0) } ?? []
            )
        }
        return FindResults(query: query.text, filter: filter, marks: marks)
    }
}
