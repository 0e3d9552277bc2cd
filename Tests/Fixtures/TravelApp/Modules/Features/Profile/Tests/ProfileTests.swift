import Profile
import ProfileTesting
import Testing

@Test func screenExists() {
    _ = ProfileScreen()
}
