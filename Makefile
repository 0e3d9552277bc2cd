# Install Bulkhead from a clone:  make install PREFIX=~/.local   (default PREFIX=/usr/local)
# A release build of the one product, copied to $(PREFIX)/bin. On Linux the binary is linked
# statically, the Swift runtime and the C libraries with it: it keeps working when the toolchain
# is upgraded or moved, and starts in 2 ms where loading the shared libraries took 5 ms. Bulkhead
# still needs a `swift` on PATH at run time, to ask SwiftPM about packages.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift

ifeq ($(shell uname -s),Linux)
STATIC_STDLIB := --static-swift-stdlib -Xswiftc -static-executable
endif
BUILD_FLAGS := -c release --product bulkhead $(STATIC_STDLIB)

.PHONY: build install uninstall artifactbundle

build:
	$(SWIFT) build $(BUILD_FLAGS)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/bulkhead" "$(DESTDIR)$(BINDIR)/bulkhead"
	@echo "installed $(DESTDIR)$(BINDIR)/bulkhead ($$("$(DESTDIR)$(BINDIR)/bulkhead" --version))"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/bulkhead"

# bulkhead.artifactbundle (and its zip and checksum) in .build/artifactbundle; see Scripts/release.
artifactbundle:
	Scripts/release
