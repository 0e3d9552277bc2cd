/// What one changed manifest or lockfile means: the targets it changes, or a reason it cannot be
/// placed, which runs every test.
package enum ChangeImpact: Sendable, Hashable {
    /// `notes` say once what many seeds share (the pins that moved), so no seed repeats it.
    case seeds([ChangeSeed], notes: [String] = [])
    case everything(reason: String)
}
