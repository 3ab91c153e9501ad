"""Large tables (SPEC §10) in a real browser: every row of a long page stays within reach of assistive technology.

A technique that skips the layout of rows out of view (`content-visibility: auto`) took those rows out of
Chromium's accessibility tree (docs/DESIGN.md "Large tables: layout"); this keeps any such technique out. The
speed of a tap on 2,000 rows is a benchmark (Benchmarks/large-table-tap.py), not a test."""


def test_every_row_of_a_long_table_has_its_role_and_name(browsers, large_table):
    page = browsers(large_table).open("/tables/large", "open the 300-row table")
    boxes = page.controls("checkbox")
    assert len(boxes) == 300, f"{len(boxes)} checkboxes named: {[box.name for box in boxes][-3:]}…"
    assert [box.name for box in boxes[:2]] == ["Row 1 of part 1", "Row 2 of part 1"]
    assert [box.name for box in boxes[-2:]] == ["Row 149 of part 2", "Row 150 of part 2"]
