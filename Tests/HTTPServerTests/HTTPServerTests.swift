// HTTPServerTests
