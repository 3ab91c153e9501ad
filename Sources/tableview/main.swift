import TableviewApp

TableviewMain.main()
