#!/usr/bin/env python3
"""Prints a table definition shaped like SPEC §8's reference page, with ROWS rows in all.

SECTIONS sections (3 by default: single, multiple, multiple; a fourth and further ones are multiple too), all
collapsible, every edit mode offered; the rows are split evenly between the sections.
Usage: Benchmarks/make-table.py ROWS [SECTIONS] > table.json   (the large table of SPEC §10: 2000 4)
"""
import json
import sys

rows = int(sys.argv[1]) if len(sys.argv) > 1 else 30
count_of_sections = int(sys.argv[2]) if len(sys.argv) > 2 else 3
per_section = [rows // count_of_sections + (1 if i < rows % count_of_sections else 0)
               for i in range(count_of_sections)]
kinds = ["single"] + ["multiple"] * (count_of_sections - 1)
sections = []
for index, (kind, count) in enumerate(zip(kinds, per_section), start=1):
    sections.append({
        "id": f"section-{index}",
        "title": f"Section {index}",
        "footer": f"Footer of section {index}",
        "selection": kind,
        "collapsible": True,
        "rows": [
            {"id": f"row-{index}-{n}", "title": f"Row {n} of section {index}", **({"detail": f"Detail {n}"} if n % 2 else {})}
            for n in range(1, count + 1)
        ],
    })
json.dump({"id": "reference", "title": "Reference table", "editModes": ["all", "delete", "sort"],
           "sections": sections}, sys.stdout, ensure_ascii=False, indent=1)
print()
