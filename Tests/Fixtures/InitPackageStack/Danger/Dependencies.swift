// Danger needs one source file.
