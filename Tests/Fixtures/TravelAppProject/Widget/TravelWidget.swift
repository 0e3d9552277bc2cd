import SearchInterface
import WidgetKit

// The widget extension: a composition root of its own process, with only what it needs.
struct TravelWidget {}
