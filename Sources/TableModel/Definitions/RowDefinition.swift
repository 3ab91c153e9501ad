/// One row of a table definition, as the file describes it. Immutable and shared by every visitor's state.
///
/// Its fields live in one shared object, so copying a row (every shown row's presentation holds one) counts one
/// reference instead of one per text.
public struct RowDefinition: Sendable, Hashable {
    /// The fields, as a value: equality and hashing are derived from it.
    @usableFromInline
    struct Fields: Sendable, Hashable {
        @usableFromInline let id: String
        let title: String
        let detail: String?
        let isInitiallySelected: Bool
        let isDeletable: Bool
        let isMovable: Bool
        let sectionIndex: Int
        let indexInSection: Int
        @usableFromInline let tableIndex: Int
    }

    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    @usableFromInline let storage: Storage

    init(id: String, title: String, detail: String?, isInitiallySelected: Bool, isDeletable: Bool, isMovable: Bool,
         sectionIndex: Int, indexInSection: Int, tableIndex: Int)
    {
        storage = Storage(Fields(id: id, title: title, detail: detail, isInitiallySelected: isInitiallySelected,
                                 isDeletable: isDeletable, isMovable: isMovable, sectionIndex: sectionIndex,
                                 indexInSection: indexInSection, tableIndex: tableIndex))
    }

    /// Unique in its table; matches `[a-z0-9][a-z0-9-]{0,63}`.
    @inlinable public var id: String { storage.fields.id }
    /// The cell text.
    public var title: String { storage.fields.title }
    /// Secondary text, if any.
    public var detail: String? { storage.fields.detail }
    /// Selected in the initial state.
    public var isInitiallySelected: Bool { storage.fields.isInitiallySelected }
    /// May be deleted in an edit mode that deletes (UIKit `canEditRow`).
    public var isDeletable: Bool { storage.fields.isDeletable }
    /// May be moved in an edit mode that reorders (UIKit `canMoveRow`); a row that is not movable is *locked*.
    public var isMovable: Bool { storage.fields.isMovable }
    /// The index of the row's section in the table.
    public var sectionIndex: Int { storage.fields.sectionIndex }
    /// The row's index in its section as defined (its initial index).
    public var indexInSection: Int { storage.fields.indexInSection }
    /// The row's index among all rows of the table, in definition order; state stores rows by this number.
    @inlinable public var tableIndex: Int { storage.fields.tableIndex }

    /// Rows are equal when every field is, as values (two definitions read from the same file are equal).
    public static func == (lhs: RowDefinition, rhs: RowDefinition) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }
}
