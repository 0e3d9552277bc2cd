/// What one changed manifest or lockfile means: the targets it changes, or a reason it cannot be
/// placed, which runs every test.
package enum ChangeImpact: Sendable, Hashable {
    case seeds([ChangeSeed])
    case everything(reason: String)
}
