// MustacheTests
