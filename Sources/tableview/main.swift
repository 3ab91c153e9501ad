print("tableview")
