import Analytics

// Excluded from the app target by the synchronized folder's exception set: never compiled there.
let previewEvent = "preview"
