/// A section's own values of the layout-wide properties a section may
/// override: the roles of `UICollectionViewDelegateFlowLayout`'s per-section
/// methods (`insetForSectionAt`, `minimumLineSpacingForSectionAt`,
/// `minimumInteritemSpacingForSectionAt`, `referenceSizeForHeaderInSection`,
/// `referenceSizeForFooterInSection`; `flow-layout.md` 1).
///
/// One value for every place a section's overrides travel: a ``FlowSection``
/// (where `nil` means the layout's property), a ``FlowSnapshot/Section``
/// (where `nil` keeps what the section has), a layout description's section,
/// and the engine's table of distinct section metrics, which sections with
/// equal overrides share.
public struct SectionOverrides: Hashable, Sendable {
    /// The section's margins, or `nil`.
    public var sectionInset: EdgeInsets?
    /// The section's line spacing, or `nil`.
    public var minimumLineSpacing: Double?
    /// The section's item spacing, or `nil`.
    public var minimumInteritemSpacing: Double?
    /// The section's header size, or `nil`.
    public var headerReferenceSize: Size?
    /// The section's footer size, or `nil`.
    public var footerReferenceSize: Size?
    /// What arranges the section's items (lines, or waterfall columns), or
    /// `nil` for the layout's (``FlowLayoutConfiguration/waterfall``;
    /// `flow-layout.md` 12.1).
    public var kind: SectionKind?

    /// Creates overrides of the properties given (none by default).
    ///
    /// - Complexity: O(1).
    public init(
        sectionInset: EdgeInsets? = nil,
        minimumLineSpacing: Double? = nil,
        minimumInteritemSpacing: Double? = nil,
        headerReferenceSize: Size? = nil,
        footerReferenceSize: Size? = nil,
        kind: SectionKind? = nil
    ) {
        self.sectionInset = sectionInset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
        self.kind = kind
    }

    /// Whether no property is overridden.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool {
        sectionInset == nil && minimumLineSpacing == nil && minimumInteritemSpacing == nil && headerReferenceSize == nil
            && footerReferenceSize == nil && kind == nil
    }

    /// These overrides over `base`: each property given here, else `base`'s
    /// (how a snapshot's section changes a surviving section's overrides).
    ///
    /// - Complexity: O(1).
    public func applied(over base: SectionOverrides) -> SectionOverrides {
        SectionOverrides(
            sectionInset: sectionInset ?? base.sectionInset,
            minimumLineSpacing: minimumLineSpacing ?? base.minimumLineSpacing,
            minimumInteritemSpacing: minimumInteritemSpacing ?? base.minimumInteritemSpacing,
            headerReferenceSize: headerReferenceSize ?? base.headerReferenceSize,
            footerReferenceSize: footerReferenceSize ?? base.footerReferenceSize,
            kind: kind ?? base.kind)
    }

    /// The overrides with every size and inset transposed (scrolling the
    /// other way).
    ///
    /// - Complexity: O(1).
    public var transposed: SectionOverrides {
        var copy = self
        copy.sectionInset = sectionInset?.transposed
        copy.headerReferenceSize = headerReferenceSize?.transposed
        copy.footerReferenceSize = footerReferenceSize?.transposed
        return copy
    }
}

/// A value that carries a section's ``SectionOverrides``: the five properties
/// are read and written through ``overrides``, with UIKit's names.
public protocol SectionOverriding {
    /// The section's overrides.
    var overrides: SectionOverrides { get set }
}

extension SectionOverriding {
    /// ``SectionOverrides/sectionInset`` of ``overrides``.
    ///
    /// - Complexity: O(1).
    public var sectionInset: EdgeInsets? {
        get { overrides.sectionInset }
        set { overrides.sectionInset = newValue }
    }

    /// ``SectionOverrides/minimumLineSpacing`` of ``overrides``.
    ///
    /// - Complexity: O(1).
    public var minimumLineSpacing: Double? {
        get { overrides.minimumLineSpacing }
        set { overrides.minimumLineSpacing = newValue }
    }

    /// ``SectionOverrides/minimumInteritemSpacing`` of ``overrides``.
    ///
    /// - Complexity: O(1).
    public var minimumInteritemSpacing: Double? {
        get { overrides.minimumInteritemSpacing }
        set { overrides.minimumInteritemSpacing = newValue }
    }

    /// ``SectionOverrides/headerReferenceSize`` of ``overrides``.
    ///
    /// - Complexity: O(1).
    public var headerReferenceSize: Size? {
        get { overrides.headerReferenceSize }
        set { overrides.headerReferenceSize = newValue }
    }

    /// ``SectionOverrides/kind`` of ``overrides``.
    public var kind: SectionKind? {
        get { overrides.kind }
        set { overrides.kind = newValue }
    }

    /// ``SectionOverrides/footerReferenceSize`` of ``overrides``.
    ///
    /// - Complexity: O(1).
    public var footerReferenceSize: Size? {
        get { overrides.footerReferenceSize }
        set { overrides.footerReferenceSize = newValue }
    }
}
