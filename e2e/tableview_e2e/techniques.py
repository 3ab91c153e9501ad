"""The three techniques walked through a page as a visitor would, each check stated as SPEC §2 and §3 state it.

The walks take section and row titles, not ids: what a visitor sees. Ids appear only where the contract is
about them — the fragment a redirect lands on (docs/DESIGN.md), read from the element the visitor tapped.
"""

from .browser import Control, Page
from .engines import By

MODES = ("Off", "All", "Delete only", "Reorder only")


def element_id(control: Control) -> str:
    return control.element.get_attribute("id")


def section_id(page: Page, section: str) -> str:
    return element_id(page.region(section))


def row_id(page: Page, section: str, row: str) -> str:
    return element_id(page.row_item(section, row))


def checked(page: Page, section: str) -> list[str]:
    """Titles of the rows with a checkmark (aria-checked="true") in a section, in order."""
    titles = page.row_titles(section)
    names = page.checked_rows(section)
    return [title for title in titles
            if any(name.casefold() == title.casefold() or name.casefold().startswith(title.casefold() + " ")
                   for name in names)]


def expect_message(page: Page, role: str, *fragments: str) -> str:
    message = page.message()
    assert message is not None, f"no {role} message on {page.path}"
    assert message[0] == role, f"a {message[0]} message where a {role} was expected: {message[1]!r}"
    for fragment in fragments:
        assert fragment.casefold() in message[1].casefold(), f"{role} {message[1]!r} does not say {fragment!r}"
    return message[1]


def expect_no_message(page: Page) -> None:
    assert page.message() is None, f"unexpected message: {page.message()}"


# Selection

def tap_row(page: Page, section: str, row: str, step: str) -> None:
    """Taps a row's radio or checkbox; the page comes back landed on it, focused."""
    control = page.selection_control(section, row)
    target = element_id(control)
    page.tap(control, step)
    page.landed_at(target)


def single_required(page: Page, section: str, pick: str) -> None:
    """A single section without an empty selection: the rows are radios in a radiogroup named by the section;
    tapping an unselected row selects it alone; tapping it again keeps it."""
    group = page.find("radiogroup", section)
    rows = page.row_titles(section)
    assert [control.role for control in page.controls("radio", group)] == ["radio"] * len(rows)
    assert len(checked(page, section)) == 1, f"{section}: one row is selected at first"
    assert pick not in checked(page, section)
    tap_row(page, section, pick, f"select {pick} in {section}")
    assert checked(page, section) == [pick]
    tap_row(page, section, pick, f"tap the selected {pick} again")
    assert checked(page, section) == [pick], f"{section} requires a selection: {pick} stays selected"
    expect_no_message(page)


def single_optional(page: Page, section: str, first: str, second: str) -> None:
    """A single section that allows an empty selection: a tap selects alone, a second tap clears."""
    page.find("radiogroup", section)
    if checked(page, section) != [first]:
        tap_row(page, section, first, f"select {first} in {section}")
    assert checked(page, section) == [first]
    tap_row(page, section, second, f"select {second} instead")
    assert checked(page, section) == [second]
    tap_row(page, section, second, f"tap the selected {second} again to clear it")
    assert checked(page, section) == [], f"{section} allows an empty selection"


def multiple(page: Page, section: str, add: str, remove: str) -> None:
    """A multiple section: checkboxes, each tap flips its row and leaves the others."""
    rows = page.row_titles(section)
    assert {control.role for control in page.controls("checkbox", page.region(section))} == {"checkbox"}
    assert len(page.controls("checkbox", page.region(section))) == len(rows)
    before = checked(page, section)
    assert add not in before and remove in before, f"{section}: {add} starts unselected, {remove} selected"
    tap_row(page, section, add, f"select {add} in {section}")
    assert checked(page, section) == [row for row in rows if row in before or row == add]
    tap_row(page, section, remove, f"deselect {remove}")
    assert checked(page, section) == [row for row in rows if (row in before or row == add) and row != remove]


def limited(page: Page, section: str, limit: int) -> None:
    """A multiple section with maxSelected: selecting past the limit is refused with an alert; nothing
    changes; once a row is deselected the refused one can be selected."""
    rows = page.row_titles(section)
    for row in rows:
        if len(checked(page, section)) == limit:
            break
        if row not in checked(page, section):
            tap_row(page, section, row, f"select {row} in {section} (limit {limit})")
    full = checked(page, section)
    assert len(full) == limit
    refused = next(row for row in rows if row not in full)
    tap_row(page, section, refused, f"select {refused}: one more than {limit}")
    expect_message(page, "alert", f"at most {limit}")
    assert checked(page, section) == full, "a refused selection changes nothing"
    assert page.selection_control(section, refused).checked == "false"
    tap_row(page, section, full[0], f"deselect {full[0]}")
    expect_no_message(page)
    tap_row(page, section, refused, f"now select {refused}")
    assert refused in checked(page, section) and len(checked(page, section)) == limit


def plain_rows(page: Page, section: str) -> None:
    """A section without selection: its rows are list items with no control."""
    rows = page.row_titles(section)
    assert rows, f"{section} shows rows"
    for row in rows:
        item = page.row_item(section, row)
        for role in ("radio", "checkbox", "button"):
            assert page.controls(role, item) == [], f"{section}: {row} is no {role}"


# Collapsing

def header_expanded(page: Page, section: str) -> bool:
    value = page.section_header(section).expanded
    assert value in ("true", "false"), f"{section}'s header button has aria-expanded={value!r}"
    return value == "true"


def set_expanded(page: Page, section: str, expanded: bool) -> None:
    """Taps a collapsible section's header to reach `expanded`; after the round trip the page lands on the
    header, focused and in view, showing its rows or none."""
    header = page.section_header(section)
    assert header.name.casefold().startswith(section.casefold() + " "), "the header's name starts with the title"
    assert " row" in header.name, f"the header {header.name!r} counts the rows"
    assert header_expanded(page, section) != expanded
    target = element_id(header)
    rows = None if expanded else page.row_titles(section)
    page.tap(header, f"{'expand' if expanded else 'collapse'} {section}")
    page.landed_at(target)
    assert header_expanded(page, section) == expanded
    if expanded:
        assert page.row_titles(section), f"{section} shows its rows once expanded"
    else:
        assert page.row_titles(section) == [], f"{section} shows no rows once collapsed"
        count = f"{len(rows)} row" if len(rows) == 1 else f"{len(rows)} rows"
        assert count in page.section_header(section).name, f"the collapsed header still counts {count}"


def collapsible_headers(page: Page) -> dict[str, bool]:
    """Every collapsible section's header: title → expanded."""
    result = {}
    for region in page.controls("region"):
        for button in page.controls("button", region):
            if button.expanded is not None:
                result[region.name] = button.expanded == "true"
    return result


def all_expanded(page: Page, expanded: bool) -> None:
    """ "Expand all" / "Collapse all": every collapsible header follows; the page lands on the button."""
    label = "Expand all" if expanded else "Collapse all"
    button = page.find("button", label)
    target = element_id(button)
    page.tap(button, label.lower())
    page.landed_at(target)
    headers = collapsible_headers(page)
    assert headers and all(value == expanded for value in headers.values()), f"after {label}: {headers}"


# Editing

def set_mode(page: Page, mode: str) -> None:
    """Taps a button of the "Edit mode" group; it becomes the only one pressed, and has the focus."""
    button = page.edit_mode(mode)
    target = element_id(button)
    page.tap(button, f"edit mode {mode}")
    page.landed_at(target)
    pressed = {control.name: control.pressed for control in page.edit_mode_buttons()}
    assert all(value in ("true", "false") for value in pressed.values()), pressed
    assert [name for name, value in pressed.items() if value == "true"] == [mode], pressed


def edit_controls(page: Page, mode: str, undeletable: set[str], immovable: set[str]) -> None:
    """The controls a mode shows on each row: Delete on deletable rows in All and Delete only; Move up/down on
    movable rows in All and Reorder only, disabled where a move would pass a locked row or the end, and the
    "Move X…" link to the position picker (which offers to top and to bottom) where the row has another place to
    go; selection only in Off (checkmarks stay); every row's cell at the same left and right edges (locked rows
    not shifted or cut)."""
    deleting = mode in ("All", "Delete only")
    moving = mode in ("All", "Reorder only")
    for region in page.controls("region"):
        rows = page.row_titles(region.name)
        edges = set()
        for index, row in enumerate(rows):
            item = page.row_item(region.name, row)
            buttons = {control.name.casefold(): control for control in page.controls("button", item)}
            delete = buttons.pop(f"delete {row}".casefold(), None)
            up = buttons.pop(f"move {row} up".casefold(), None)
            down = buttons.pop(f"move {row} down".casefold(), None)
            assert not buttons, f"{row}: unexpected buttons {list(buttons)}"
            assert (delete is not None) == (deleting and row not in undeletable), f"{mode}: Delete {row}"
            assert (up is not None) == (down is not None) == (moving and row not in immovable), f"{mode}: Move {row}"
            if up is not None:
                assert up.enabled == (index > 0 and rows[index - 1] not in immovable), f"Move {row} up enabled"
                assert down.enabled == (index < len(rows) - 1 and rows[index + 1] not in immovable), \
                    f"Move {row} down enabled"
            # The position picker's link, beside every row that has another place to go (SPEC §3, §10).
            links = [control.name.casefold() for control in page.controls("link", item)]
            has_places = up is not None and (up.enabled or down.enabled)
            assert links == ([f"move {row}\u2026".casefold()] if has_places else []), f"{mode}: Move {row}… {links}"
            selection = [control for role in ("radio", "checkbox") for control in page.controls(role, item)]
            for control in selection:
                assert control.enabled == (mode == "Off"), f"{mode}: selecting {row} is {control.enabled}"
            cell = item.element.find_element(By.CSS_SELECTOR, ".cell").rect
            edges.add((round(cell["x"]), round(cell["x"] + cell["width"])))
        assert len(edges) <= 1, f"{mode}: the rows of {region.name} are not aligned: cell edges {sorted(edges)}"


def move(page: Page, section: str, row: str, direction: str) -> None:
    """Moves a free row one place; the page lands on the control tapped (or, where it is disabled now, another
    move control of the row), shown at its new index."""
    rows = page.row_titles(section)
    index = rows.index(row)
    page.tap(page.find("button", f"Move {row} {direction}", page.region(section)), f"move {row} {direction}")
    landed_on_row(page, section, row)
    expected = list(rows)
    expected.insert(index + (-1 if direction == "up" else 1), expected.pop(index))
    assert page.row_titles(section) == expected


def delete(page: Page, section: str, row: str) -> None:
    """Deletes a row: it is gone, the rest keep their order, and in its place a status message offers Undo,
    which the page lands on."""
    rows = page.row_titles(section)
    page.tap(page.find("button", f"Delete {row}", page.region(section)), f"delete {row}")
    undo_button = page.find("button", "Undo", page.controls("status")[0])
    page.landed_at(element_id(undo_button))
    expect_message(page, "status", row)
    assert page.row_titles(section) == [title for title in rows if title != row]


def undo(page: Page, section: str, row: str, index: int) -> None:
    """Undo restores the row at its old index, says so, and lands on the restored row. Right after the deletion
    Undo stands where the row was; on a later page the toolbar offers "Undo delete “X”"."""
    here = page.find_all("button", "Undo")
    control = here[0] if here else page.find("button", f"Undo delete “{row}”")
    page.tap(control, f"undo: restore {row}")
    assert page.row_titles(section).index(row) == index, f"{row} back at index {index}"
    landed_on_row(page, section, row)
    expect_message(page, "status", row)


def landed_on_row(page: Page, section: str, row: str) -> None:
    """The page landed on one of the row's controls (or its list item, when none can be used)."""
    item = row_id(page, section, row)
    assert page.fragment == item or page.fragment.startswith(item + "_"), f"landed at #{page.fragment}, not {row}"
    page.landed_at(page.fragment)


def reset(page: Page, initial: dict) -> None:
    """Reset brings back the definition's state and lands on Reset, saying so (and offering Undo reset) when
    something changed, and that nothing needed resetting otherwise."""
    changed = page.state() != initial
    button = page.find("button", "Reset")
    target = element_id(button)
    page.tap(button, "reset")
    page.landed_at(target)
    if changed:
        expect_message(page, "status", "initial state")
        page.find("button", "Undo reset", page.controls("status")[0])
    else:
        expect_message(page, "status", "nothing to reset")
    assert page.state() == initial
