// Listed in `exclude:`: not part of the target, never scanned.
import Storage
