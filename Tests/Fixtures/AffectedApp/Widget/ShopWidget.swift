struct ShopWidget {
    let title = "Deals"
}
