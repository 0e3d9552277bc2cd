import Networking
import Profile
import Search

print(SearchModel().find("3").id)
