import Models
import Search
import Storage

print(Storage.name, Models.name, Search.name)
