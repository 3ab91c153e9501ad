/// One row of a table definition, as the file describes it. Immutable and shared by every visitor's state.
///
/// Its fields live in one shared object, so copying a row (every shown row's presentation holds one) counts one
/// reference instead of one per text.
public struct RowDefinition: Sendable, Hashable {
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let id: String
        let title: String
        let detail: String?
        let isInitiallySelected: Bool
        let isDeletable: Bool
        let isMovable: Bool
        let sectionIndex: Int
        let indexInSection: Int
        let tableIndex: Int

        init(id: String, title: String, detail: String?, isInitiallySelected: Bool, isDeletable: Bool,
             isMovable: Bool, sectionIndex: Int, indexInSection: Int, tableIndex: Int)
        {
            self.id = id
            self.title = title
            self.detail = detail
            self.isInitiallySelected = isInitiallySelected
            self.isDeletable = isDeletable
            self.isMovable = isMovable
            self.sectionIndex = sectionIndex
            self.indexInSection = indexInSection
            self.tableIndex = tableIndex
        }
    }

    @usableFromInline let storage: Storage

    init(id: String, title: String, detail: String?, isInitiallySelected: Bool, isDeletable: Bool, isMovable: Bool,
         sectionIndex: Int, indexInSection: Int, tableIndex: Int)
    {
        storage = Storage(id: id, title: title, detail: detail, isInitiallySelected: isInitiallySelected,
                          isDeletable: isDeletable, isMovable: isMovable, sectionIndex: sectionIndex,
                          indexInSection: indexInSection, tableIndex: tableIndex)
    }

    /// Unique in its table; matches `[a-z0-9][a-z0-9-]{0,63}`.
    @inlinable public var id: String { storage.id }
    /// The cell text.
    public var title: String { storage.title }
    /// Secondary text, if any.
    public var detail: String? { storage.detail }
    /// Selected in the initial state.
    public var isInitiallySelected: Bool { storage.isInitiallySelected }
    /// May be deleted in an edit mode that deletes (UIKit `canEditRow`).
    public var isDeletable: Bool { storage.isDeletable }
    /// May be moved in an edit mode that reorders (UIKit `canMoveRow`); a row that is not movable is *locked*.
    public var isMovable: Bool { storage.isMovable }
    /// The index of the row's section in the table.
    public var sectionIndex: Int { storage.sectionIndex }
    /// The row's index in its section as defined (its initial index).
    public var indexInSection: Int { storage.indexInSection }
    /// The row's index among all rows of the table, in definition order; state stores rows by this number.
    @usableFromInline var tableIndex: Int { storage.tableIndex }

    /// Rows are equal when every field is, as values (two definitions read from the same file are equal).
    public static func == (lhs: RowDefinition, rhs: RowDefinition) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.id == rhs.id && lhs.title == rhs.title && lhs.detail == rhs.detail
                && lhs.isInitiallySelected == rhs.isInitiallySelected && lhs.isDeletable == rhs.isDeletable
                && lhs.isMovable == rhs.isMovable && lhs.sectionIndex == rhs.sectionIndex
                && lhs.indexInSection == rhs.indexInSection && lhs.tableIndex == rhs.tableIndex)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(detail)
        hasher.combine(isInitiallySelected)
        hasher.combine(isDeletable)
        hasher.combine(isMovable)
        hasher.combine(sectionIndex)
        hasher.combine(indexInSection)
        hasher.combine(tableIndex)
    }
}
