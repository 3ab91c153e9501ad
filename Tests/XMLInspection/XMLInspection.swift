// XMLInspection
