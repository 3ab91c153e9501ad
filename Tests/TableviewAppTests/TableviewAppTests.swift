// TableviewAppTests
