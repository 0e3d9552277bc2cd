struct SearchView {}
