// TableModelTests
