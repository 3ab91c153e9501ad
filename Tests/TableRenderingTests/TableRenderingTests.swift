// TableRenderingTests
