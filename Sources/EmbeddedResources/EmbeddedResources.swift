/// The project's `templates/` and `Public/` folders, built into the executable by the EmbedResources plugin, so a
/// copied binary serves the demo from any directory (SPEC §11). `--templates` and `--public` override them.
public enum EmbeddedResources {
    /// The files of `templates/`, by path relative to it (`layout.mustache`).
    public static var templates: [String: [UInt8]] { folders["templates"] ?? [:] }

    /// The files of `Public/`, by path relative to it (`style.css`).
    public static var publicFiles: [String: [UInt8]] { folders["Public"] ?? [:] }
}
