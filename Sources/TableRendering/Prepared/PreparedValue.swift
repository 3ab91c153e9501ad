import Mustache

/// A template value boxed once when the renderer starts and rendered by many requests at once, so that a page
/// render copies a reference instead of allocating a box. The view models are constant contexts: what a section
/// renders for one is recorded once and replayed with the page's values (`csrf`, `tableID`) spliced in.
struct PreparedValue: @unchecked Sendable {
    // Unchecked because `MustacheValue` is not `Sendable`; the initialiser admits only `Sendable` view models,
    // which are immutable once boxed, and reference counting is atomic.
    let value: MustacheValue

    init(_ context: some MustacheContext & Sendable) {
        value = .constant(context)
    }

    /// The value by address (``MustacheValue/borrowed``), for a page's view model to hold while it renders: the texts
    /// that own this value (``SectionTexts``, ``TableTexts``) are held by that view model too, so they outlive it.
    var borrowed: MustacheValue { value.borrowed }
}
