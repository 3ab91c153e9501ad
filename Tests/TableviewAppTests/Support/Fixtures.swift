/// Table definitions of the app's own tests, separate from the demo, covering each technique.
enum Fixtures {
    static let tables = #"""
    {
      "tables": [
        {
          "id": "picks",
          "title": "Picks",
          "sections": [
            { "id": "one", "title": "One", "selection": "single",
              "rows": [ { "id": "a", "title": "Apple", "selected": true }, { "id": "b", "title": "Banana" },
                        { "id": "c", "title": "Cherry" } ] },
            { "id": "maybe", "title": "Maybe", "selection": "single", "allowsEmptySelection": true,
              "rows": [ { "id": "m1", "title": "Mango" }, { "id": "m2", "title": "Melon" } ] },
            { "id": "two", "title": "Two at most", "selection": "multiple", "maxSelected": 2,
              "rows": [ { "id": "x", "title": "Xigua" }, { "id": "y", "title": "Yuzu" }, { "id": "z", "title": "Zucchini" } ] },
            { "id": "plain", "title": "Plain", "rows": [ { "id": "p", "title": "Pear" } ] }
          ]
        },
        {
          "id": "list",
          "title": "List",
          "editModes": ["all", "delete", "sort"],
          "sections": [
            { "id": "things", "title": "Things", "selection": "multiple",
              "rows": [
                { "id": "lock1", "title": "Locked one", "deletable": false, "movable": false },
                { "id": "lock2", "title": "Locked two", "deletable": false, "movable": false },
                { "id": "book", "title": "Book", "selected": true },
                { "id": "camera", "title": "Camera" },
                { "id": "phone", "title": "Phone" }
              ] },
            { "id": "solo", "title": "Solo", "rows": [ { "id": "only", "title": "only" } ] }
          ]
        },
        {
          "id": "fold",
          "title": "Fold",
          "sections": [
            { "id": "open", "title": "Open", "collapsible": true, "selection": "multiple",
              "rows": [ { "id": "o1", "title": "First" }, { "id": "o2", "title": "Second" } ] },
            { "id": "shut", "title": "Shut", "collapsible": true, "expanded": false,
              "rows": [ { "id": "s1", "title": "Hidden" } ] },
            { "id": "fixed", "title": "Fixed", "rows": [ { "id": "f1", "title": "Always" } ] }
          ]
        }
      ]
    }
    """#
}
