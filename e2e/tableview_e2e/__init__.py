"""Support code for tableview's browser suite: the server under test, the browsers, the recorder of steps."""
