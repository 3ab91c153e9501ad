import Testing

/// The diff a snapshot mismatch prints.
@Suite struct LineDiffTests {
    @Test func aDiffShowsChangedLinesWithTheirContextAndLineNumbers() {
        let old = (1...12).map { "line \($0)" }
        var new = old
        new[2] = "line three"
        new.remove(at: 9)
        let diff = LineDiff(expected: old.joined(separator: "\n"), actual: new.joined(separator: "\n"), context: 1)
        #expect(diff.description == """
            --- snapshot
            +++ actual
            @@ -2 +2 @@
             line 2
            -line 3
            +line three
             line 4
            @@ -9 +9 @@
             line 9
            -line 10
             line 11
            """)
    }

    @Test func aLongDiffIsShortened() {
        let old = (1...100).map { "old \($0)" }.joined(separator: "\n")
        let new = (1...100).map { "new \($0)" }.joined(separator: "\n")
        let diff = LineDiff(expected: old, actual: new, limit: 10).description
        #expect(diff.split(separator: "\n").count == 2 + 1 + 10 + 1)
        #expect(diff.hasSuffix("… 190 more changed lines"))
    }
}
