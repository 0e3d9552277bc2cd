import Catalog

struct ShopApp {
    let catalog = Catalog()
}
